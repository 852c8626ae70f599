"""``VecGame``'s ``play_forced`` and ``auto_reset`` options and its deal numbering (AI.md §2,
§3.1): forced learner moves played in Rust change no game, only who plays them; a batch that
does not restart its games plays deals ``0 .. num_games - 1``, exactly those ``rollouts``
plays; a finished game's rows are zero and its actions ignored."""

from __future__ import annotations

import threading
import time
from typing import Any

import numpy as np
import pytest

import zhengfen
from zhengfen.types import Episode

ZF4 = zhengfen.Rules.zheng_fen(players=4)
ZF3 = zhengfen.Rules.zheng_fen(players=3, target=150)
ZCY = zhengfen.Rules.zen_cheng_you()
GREEDY_TABLE = [None, "greedy", "greedy", "greedy"]


def play_out(batch: zhengfen.VecGame, take_forced: bool) -> dict[str, Any]:
    """Steps ``batch`` (``auto_reset=False``) with the greedy agent's actions until every game
    is finished; with ``take_forced``, plays action 0 itself wherever a single move is legal.
    Returns per game the summed rewards, dones, forced moves (counted by the batch, or by this
    loop) and decisions handed over with a single legal move."""
    n = len(batch)
    out: dict[str, Any] = {
        "rewards": np.zeros((n, batch.rules.players)),
        "dones": np.zeros(n, dtype=int),
        "forced": np.zeros(n, dtype=int),
        "single": np.zeros(n, dtype=int),
    }
    obs = batch.reset()
    while not batch.finished.all():
        playing = ~batch.finished
        single = playing & (obs["num_legal"] == 1)
        out["single"] += single
        out["forced"] += obs.get("forced", single if take_forced else 0)
        actions = np.where(single, 0, batch.agent_actions("greedy"))
        obs, rewards, dones = batch.step(actions)
        out["rewards"] += rewards
        out["dones"] += dones
    out["forced"] += obs.get("forced", 0)
    out["games"] = [batch.game(j).to_json() for j in range(n)]
    return out


@pytest.mark.parametrize(
    ("rules", "episode", "agents"),
    [
        (ZF4, "match", [None, "random", None, "random"]),
        (ZCY, "match", [None, "greedy", None, "random"]),
        (ZF3, "game", [None, "random", "greedy"]),
    ],
)
def test_forced_moves_played_in_rust_change_no_game(
    rules: zhengfen.Rules, episode: Episode, agents: list[str | None]
) -> None:
    def batch(play_forced: bool) -> zhengfen.VecGame:
        return zhengfen.VecGame(
            rules, 6, seed=4, episode=episode, agents=agents, auto_reset=False,
            play_forced=play_forced,
        )  # fmt: skip

    forced = play_out(batch(True), take_forced=False)
    by_hand = play_out(batch(False), take_forced=True)
    assert forced["games"] == by_hand["games"]
    np.testing.assert_array_equal(forced["rewards"], by_hand["rewards"])
    np.testing.assert_array_equal(forced["dones"], np.ones(6))
    np.testing.assert_array_equal(by_hand["dones"], np.ones(6))
    # Every forced move the Python loop played, the batch played and counted.
    np.testing.assert_array_equal(forced["forced"], by_hand["forced"])
    assert by_hand["forced"].sum() > 0
    assert forced["single"].sum() == 0


def test_forced_moves_never_reach_the_learner_and_are_counted() -> None:
    batch = zhengfen.VecGame(ZCY, 8, seed=2, play_forced=True, mask="dense", copy=True)
    assert "forced" not in zhengfen.VecGame(ZCY, 1).reset()
    obs = batch.reset()
    rng = np.random.default_rng(0)
    counted = 0
    for _ in range(300):
        assert obs["forced"].dtype == np.int64 and obs["forced"].shape == (8,)
        assert (obs["num_legal"] != 1).all()
        assert (obs["forced"] >= 0).all()
        counted += int(obs["forced"].sum())
        legal = np.minimum(obs["num_legal"], batch.max_actions)
        obs, _, _ = batch.step((rng.random(8) * legal).astype(np.int64))
    assert counted > 0


def test_a_batch_without_auto_reset_plays_the_deals_of_rollouts() -> None:
    """The proof of one deal numbering: game j is deal j, its agents draw from the streams
    rollouts gives them, so a learner playing greedy's moves plays rollouts' games."""
    for rules in (ZF4, ZCY):
        n, seed = 12, 31
        batch = zhengfen.VecGame(rules, n, seed=seed, agents=GREEDY_TABLE, auto_reset=False)
        played = play_out(batch, take_forced=False)
        expected = zhengfen.rollouts(rules, ["greedy"] * 4, n, seed, matches=1, logs=True)
        points = expected["points"]
        if rules.game == "zen_cheng_you":  # the reward is the team's lead over the other team
            points = points - np.roll(points, -1, axis=1)
        np.testing.assert_array_equal(played["rewards"], points)
        assert played["games"] == [game.to_json() for game in expected["games"]]
        np.testing.assert_array_equal(batch.episode_seeds, expected["seed"])
        np.testing.assert_array_equal(played["dones"], np.ones(n))


def test_finished_games_are_zero_and_ignore_their_actions() -> None:
    batch = zhengfen.VecGame(
        ZF4, 5, seed=8, agents=GREEDY_TABLE, auto_reset=False, play_forced=True,
        mask="packed", history=2,
    )  # fmt: skip
    obs = batch.reset()
    assert not batch.finished.any() and batch.finished.dtype == np.bool_
    ended_before = np.zeros(5, dtype=bool)
    while not batch.finished.all():
        actions = batch.agent_actions("greedy")
        # Anything goes for a finished game: out of range, negative.
        actions[ended_before] = np.where(np.arange(5) % 2, 10**9, -7)[ended_before]
        obs, rewards, dones = batch.step(actions)
        np.testing.assert_array_equal(batch.finished, ended_before | dones)
        assert not (dones & ended_before).any()  # a game is done once
        assert not rewards[ended_before].any()
        # Forced moves played before a game ended in this step count; none after.
        assert not obs["forced"][ended_before].any()
        check_finished_rows(obs, batch.finished)
        ended_before = batch.finished.copy()
    assert (batch.agent_actions("random") == 0).all()
    assert all(batch.legal_moves(j) == [] for j in range(5))
    assert batch.legal_move_features()[1].tolist() == [0] * 6
    # Every game finished: a step does nothing but write zeros; an action is still an integer.
    before = [batch.game(j).to_json() for j in range(5)]
    obs, rewards, dones = batch.step([3, -1, 2**40, 0, 5])
    check_finished_rows(obs, np.ones(5, dtype=bool))
    assert not rewards.any() and not dones.any() and not obs["forced"].any()
    assert [batch.game(j).to_json() for j in range(5)] == before
    with pytest.raises(zhengfen.ArgumentTypeError):
        batch.step([0.5, 0, 0, 0, 0])
    # reset() starts everything again, as a new batch.
    fresh = zhengfen.VecGame(ZF4, 5, seed=8, agents=GREEDY_TABLE, play_forced=True)
    np.testing.assert_array_equal(batch.reset()["observation"], fresh.reset()["observation"])
    assert not batch.finished.any()


def check_finished_rows(obs: dict[str, Any], finished: Any) -> None:
    """A finished game's rows: zero, no legal move, no seat to move."""
    for key in ("observation", "scores", "history", "action_mask"):
        assert not obs[key][finished].any(), key
    assert (obs["num_legal"][finished] == 0).all()
    assert (obs["current_player"][finished] == -1).all()
    assert (obs["num_legal"][~finished] > 0).all()


def test_with_auto_reset_episode_k_of_game_j_is_deal_k_n_plus_j() -> None:
    n, seed = 3, 6
    batch = zhengfen.VecGame(ZF4, n, seed=seed, agents=GREEDY_TABLE, play_forced=True)
    episodes = [0] * n
    while min(episodes) < 3:
        _, _, dones = batch.step(batch.agent_actions("greedy"))
        for j in np.flatnonzero(dones):
            episodes[j] += 1
        deals = [episodes[j] * n + j for j in range(n)]
        assert batch.episode_seeds.tolist() == [zhengfen.derive_seed(seed, d) for d in deals]
        assert not batch.finished.any()


def test_a_batch_used_from_two_threads_at_once_refuses_the_second() -> None:
    """While one thread's call runs in Rust with the GIL released, another thread's call is
    refused with a documented ``InvalidStateError`` (it was PyO3's bare ``RuntimeError('Already
    mutably borrowed')``), the batch unchanged; its settings are read meanwhile, and once the
    first call returns the batch works again."""
    rules = zhengfen.Rules.zheng_fen(players=4)
    vec = zhengfen.VecGame(rules, 16, seed=4)
    before = vec.episode_seeds.copy()
    started, done = threading.Event(), threading.Event()
    picks: list[Any] = []

    def think() -> None:
        started.set()
        try:
            picks.append(vec.agent_actions("ismcts(iterations=1500)", seed=1))
        finally:
            done.set()

    thread = threading.Thread(target=think)
    thread.start()
    started.wait()
    refused = []
    while not done.is_set():
        for call in (
            lambda: vec.step(np.zeros(16, dtype=np.int64)),
            lambda: vec.reset(),
            lambda: vec.finished,
        ):
            try:
                call()
            except zhengfen.InvalidStateError as error:
                refused.append(str(error))
        assert (vec.num_games, len(vec), vec.rules) == (16, 16, rules)
        time.sleep(0.01)
    thread.join()
    assert refused, "the other thread's call was never under way while this one called"
    assert all("in use by another thread" in message for message in refused)
    assert (vec.episode_seeds == before).all()  # no step or reset got through
    observations, _, _ = vec.step(picks[0])
    assert len(observations["observation"]) == 16
