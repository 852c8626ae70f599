"""Learned agents as opponents and batch seats (issue 21 §1): the Gymnasium environment's
``opponents=["learned(model=PATH)", ...]`` (built once, refused for other rules when the
environment is made), and ``VecGame(agents=[None, "learned(model=PATH)", ...])``: every move a
learned seat makes is the learned agent's choice, found by replaying the game with
:class:`zhengfen.agents.LearnedAgent`.

The tests of ``learned(model=PATH)`` use the committed test models (tests/data/learned/); the
tests of the shipped model run once for each entry of ``zhengfen.shipped_models()``."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

import zhengfen
from zhengfen.agents import LearnedAgent, observe

pytest.importorskip("gymnasium")

from zhengfen.envs import gymnasium_env

DATA = Path(__file__).parent / "data" / "learned"
ZF4 = DATA / "zheng_fen_4.safetensors"
ZCY = DATA / "zen_cheng_you_4.safetensors"
SHIPPED = zhengfen.shipped_models()


def learned_moves(game: zhengfen.Game, seed: int, seats: set[int], agent: LearnedAgent) -> int:
    """Replays ``game``'s decisions from its deal (``seed``), checking that every move of
    ``seats`` is ``agent``'s choice; returns how many it checked."""
    replay = zhengfen.Game(game.rules, seed)
    checked = 0
    for decision in game.decisions:
        seat = replay.current_player
        if decision == "next_match":
            replay.next_match()
            continue
        assert seat is not None
        if seat in seats:
            replay.play(agent.act(observe(replay, seat), replay.legal_moves()))
            assert replay.decisions[-1] == decision, (seat, len(replay.decisions))
            checked += 1
        else:
            replay.play(decision)
    return checked


def play_episode(env: zhengfen.envs.ZhengfenEnv, seed: int) -> zhengfen.Game:
    """One episode with the learner's first legal move each time."""
    env.reset(seed=seed)
    done = False
    while not done:
        _, _, terminated, truncated, _ = env.step(0)
        done = terminated or truncated
    return env.game


@pytest.mark.parametrize(("path", "game"), [(ZF4, "zheng_fen"), (ZCY, "zen_cheng_you")])
def test_gymnasium_opponents_play_the_model(path: Path, game: str) -> None:
    spec = f"learned(model={path})"
    env = gymnasium_env(game=game, seat=2, opponents=[spec, spec, "greedy"])
    agent = LearnedAgent(path)
    checked = sum(learned_moves(play_episode(env, seed), seed, {0, 1}, agent) for seed in range(3))
    assert checked > 10


def test_a_learned_opponent_is_read_once(tmp_path: Path) -> None:
    copy = tmp_path / "model.safetensors"
    shutil.copy(ZF4, copy)
    env = gymnasium_env(opponents=[f"learned(model={copy})", "greedy", "random"])
    first = play_episode(env, 4).decisions
    copy.unlink()
    assert play_episode(env, 4).decisions == first  # the same episode, the file gone


def test_a_learned_opponent_for_other_rules_is_refused_naming_its_seat() -> None:
    with pytest.raises(zhengfen.ModelError, match=r"seat 2: .*not zheng_fen with 4 players"):
        gymnasium_env(seat=0, opponents=["greedy", f"learned(model={ZCY})", "greedy"])
    with pytest.raises(zhengfen.ModelError, match=r"seat 1: .*not zheng_fen with 5 players"):
        gymnasium_env(players=5, opponents=[f"learned(model={ZF4})"] + ["greedy"] * 3)
    with pytest.raises(zhengfen.ModelError, match=r"seat 3: .*not zen_cheng_you"):
        gymnasium_env(game="zen_cheng_you", opponents=["greedy", "greedy", LearnedAgent(ZF4)])
    with pytest.raises(zhengfen.ModelError, match="cannot be read"):
        gymnasium_env(opponents=["learned(model=no/such.safetensors)", "greedy", "greedy"])


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_gymnasium_opponents_play_the_shipped_model(game: str, players: int) -> None:
    env = gymnasium_env(game=game, players=players, opponents=["learned"] * (players - 1))
    agent = LearnedAgent()
    assert learned_moves(play_episode(env, 1), 1, set(range(1, players)), agent) > 0


def test_vec_game_learned_seats_play_the_model() -> None:
    """The learner in seat 0 plays random legal moves, seats 1 to 3 the model: each finished
    game's learned moves are the learned agent's."""
    rules = zhengfen.Rules.zheng_fen(players=4)
    spec = f"learned(model={ZF4})"
    batch = zhengfen.VecGame(rules, 4, seed=6, agents=[None, spec, spec, spec], auto_reset=False)
    obs = batch.reset()
    rng = np.random.default_rng(0)
    for _ in range(400):
        if batch.finished.all():
            break
        actions = (rng.random(4) * np.maximum(obs["num_legal"], 1)).astype(np.int64)
        obs, _, _ = batch.step(actions)
    assert batch.finished.all()
    agent = LearnedAgent(ZF4)
    seeds = [int(seed) for seed in batch.episode_seeds]
    checked = [learned_moves(batch.game(j), seeds[j], {1, 2, 3}, agent) for j in range(4)]
    assert sum(checked) > 20
