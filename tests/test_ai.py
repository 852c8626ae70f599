"""The AI layer from Python (AI.md §2 to §5): VecGame, rollouts, agents, InfoSet and resample.

The tensors themselves are checked field by field in ``test_encodings.py``; the Rust-side
properties (determinism over threads, no leak through resampling) in ``ai_props.rs``.
"""

from __future__ import annotations

import json
import pickle
import random
import shutil
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import zhengfen
from zhengfen.agents import (
    Agent,
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    make_agent,
    observe,
    play_game,
)
from zhengfen.agents.seats import deal_seed
from zhengfen.types import MaskForm, Move

ZF4 = zhengfen.Rules.zheng_fen(players=4)
ZCY = zhengfen.Rules.zen_cheng_you()


def derive(base: int, index: int) -> int:
    """Output number ``index`` of SplitMix64 seeded with ``base`` (AI.md §2)."""
    rng = zhengfen.SplitMix64(base)
    for _ in range(index):
        rng.next()
    return rng.next()


def test_derive_seed_is_the_stream_output() -> None:
    assert [zhengfen.derive_seed(9, i) for i in range(5)] == [derive(9, i) for i in range(5)]
    assert zhengfen.default_max_actions(ZF4) == 4096
    assert zhengfen.default_max_actions(ZCY) == 16384


def test_match_result_is_the_reward() -> None:
    for rules in (ZF4, ZCY):
        game = play_game(zhengfen.Game(rules, 3), [GreedyAgent()] * 4, matches=1)
        points = game.match_points
        for seat in range(4):
            side = game.side(seat)
            assert side == (seat % 2 if rules is ZCY else seat)
            lead = points[side] - points[1 - side] if rules is ZCY else points[side]
            assert game.match_result(seat) == lead


def random_actions(obs: dict[str, Any], max_actions: int, rng: np.random.Generator) -> Any:
    legal = np.minimum(obs["num_legal"], max_actions)
    return (rng.random(len(legal)) * legal).astype(np.int64)


# --- VecGame --------------------------------------------------------------------------------


def test_vec_game_shapes_and_types() -> None:
    """The default batch writes bytes, int32 scores and no mask (AI.md §2)."""
    batch = zhengfen.VecGame(ZF4, 5, seed=1, history=3, max_actions=100)
    obs = batch.reset()
    assert sorted(obs) == ["current_player", "history", "num_legal", "observation", "scores"]
    assert obs["observation"].shape == (5, zhengfen.OBSERVATION_SIZE)
    assert obs["observation"].dtype == np.uint8
    assert obs["scores"].shape == (5, zhengfen.SCORES_SIZE) and obs["scores"].dtype == np.int32
    assert obs["history"].shape == (5, 3, zhengfen.HISTORY_ROW)
    assert obs["history"].dtype == np.uint8
    assert obs["current_player"].dtype == np.int64 and obs["num_legal"].dtype == np.int64
    obs, rewards, dones = batch.step(np.zeros(5, dtype=np.int64))
    assert rewards.shape == (5, 4) and rewards.dtype == np.float32
    assert dones.shape == (5,) and dones.dtype == np.bool_
    assert len(batch) == batch.num_games == 5 and batch.max_actions == 100


@pytest.mark.parametrize(
    ("mask", "shape", "dtype"), [("dense", (4, 100), np.bool_), ("packed", (4, 13), np.uint8)]
)
def test_vec_game_masks_and_float32_view(
    mask: MaskForm, shape: tuple[int, int], dtype: Any
) -> None:
    """``mask`` adds the dense or packed mask; ``dtype="float32"`` gives the same values as
    the bytes, converted; the masks unpack to the legal prefix."""
    view = zhengfen.VecGame(ZF4, 4, seed=2, max_actions=100, mask=mask, dtype="float32")
    plain = zhengfen.VecGame(ZF4, 4, seed=2, max_actions=100)
    obs, theirs = view.reset(), plain.reset()
    rng = np.random.default_rng(3)
    for _ in range(40):
        assert obs["observation"].dtype == obs["history"].dtype == np.float32
        for key in ("observation", "history"):
            np.testing.assert_array_equal(obs[key], theirs[key].astype(np.float32))
        np.testing.assert_array_equal(obs["scores"], theirs["scores"])
        assert obs["action_mask"].shape == shape and obs["action_mask"].dtype == dtype
        dense = obs["action_mask"]
        if mask == "packed":
            dense = np.unpackbits(dense, axis=1, count=100, bitorder="little").astype(bool)
        offered = np.minimum(obs["num_legal"], 100)
        np.testing.assert_array_equal(dense, np.arange(100) < offered[:, None])
        actions = random_actions(obs, 100, rng)
        obs, _, _ = view.step(actions)
        theirs, _, _ = plain.step(actions)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"dtype": "float64"}, "dtype must be"),
        ({"dtype": np.int8}, "dtype must be"),
        ({"dtype": 3}, "dtype must be"),
        ({"mask": "sparse"}, "mask must be None"),
        ({"mask": True}, "mask must be None"),
    ],
)
def test_vec_game_refuses_bad_dtype_and_mask(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(zhengfen.ArgumentError, match=message):
        zhengfen.VecGame(ZF4, 2, **kwargs)


def test_vec_game_bytes_per_game_counts_both_sets_of_arrays() -> None:
    kept = zhengfen.VecGame(ZF4, 2, seed=1)
    copied = zhengfen.VecGame(ZF4, 2, seed=1, copy=True)
    obs = kept.reset()
    one_set = sum(a[0].nbytes for a in obs.values()) + 4 * 4 + 1  # and the rewards and done
    assert kept.bytes_per_game - copied.bytes_per_game == one_set
    dense = zhengfen.VecGame(ZF4, 2, seed=1, mask="dense", dtype="float32", copy=True)
    assert dense.bytes_per_game - copied.bytes_per_game == 4096 + 3 * (591 + 8 * 94)


def test_vec_game_without_history() -> None:
    batch = zhengfen.VecGame(ZF4, 3, seed=1, history=0)
    obs, _, _ = batch.step(np.zeros(3, dtype=np.int64))
    assert obs["history"].shape == (3, 0, zhengfen.HISTORY_ROW)


def test_vec_game_observations_are_the_games() -> None:
    """Every row is the observation of the game it names, as the Game API gives it."""
    batch = zhengfen.VecGame(ZCY, 3, seed=4, history=5, max_actions=20000, mask="dense")
    obs = batch.reset()
    rng = np.random.default_rng(0)
    for _ in range(60):
        for j in range(3):
            game = batch.game(j)
            seat = int(obs["current_player"][j])
            assert game.current_player == seat
            np.testing.assert_array_equal(obs["observation"][j], game.observation_tensor(seat))
            np.testing.assert_array_equal(obs["scores"][j], game.score_tensor(seat))
            np.testing.assert_array_equal(obs["history"][j], game.history_tensor(seat, 5))
            legal = game.legal_moves()
            assert obs["num_legal"][j] == len(legal)
            assert [str(m) for m in batch.legal_moves(j)] == [str(m) for m in legal]
            np.testing.assert_array_equal(obs["action_mask"][j], game.action_mask(20000))
        obs, _, _ = batch.step(random_actions(obs, 20000, rng))


def test_vec_game_episodes_rewards_and_seeds() -> None:
    batch = zhengfen.VecGame(ZF4, 4, seed=9, max_actions=4096)
    # Episode k of game j of a batch of 4 is deal 4 k + j (AI.md §3.1), as in rollouts.
    assert list(batch.episode_seeds) == [deal_seed(9, j) for j in range(4)]
    obs = batch.reset()
    rng = np.random.default_rng(1)
    episodes = [0] * 4
    for _ in range(2000):
        obs, rewards, dones = batch.step(random_actions(obs, 4096, rng))
        for j in np.flatnonzero(dones):
            episodes[j] += 1
            assert rewards[j].sum() == 100  # a Zheng Fen match's points
            assert batch.episode_seeds[j] == derive(9, 4 * episodes[j] + int(j))
            fresh = zhengfen.Game(ZF4, int(batch.episode_seeds[j]))
            assert batch.game(int(j)).history[0] == fresh.history[0]
        assert not rewards[~dones].any()
    assert min(episodes) >= 2


def test_vec_game_whole_games() -> None:
    rules = zhengfen.Rules.zheng_fen(players=4, target=150)
    batch = zhengfen.VecGame(rules, 2, seed=3, episode="game", agents=[None, "random"] * 2)
    obs = batch.reset()
    rng = np.random.default_rng(2)
    matches_ended = 0
    for _ in range(3000):
        obs, rewards, dones = batch.step(random_actions(obs, batch.max_actions, rng))
        matches_ended += int((rewards.sum(axis=1) == 100).sum())
        if dones.any():
            break
    assert dones.any() and matches_ended >= 2
    assert set(obs["current_player"].tolist()) <= {0, 2}


def test_vec_game_agents_play_their_seats() -> None:
    batch = zhengfen.VecGame(
        ZCY, 3, seed=5, agents=[None, "greedy", None, GreedyAgent().agent_spec]
    )
    obs = batch.reset()
    rng = np.random.default_rng(3)
    for _ in range(200):
        assert set(obs["current_player"].tolist()) <= {0, 2}
        obs, rewards, dones = batch.step(random_actions(obs, batch.max_actions, rng))
        for j in np.flatnonzero(dones):
            # A team's lead: seats 0 and 2 share it, seats 1 and 3 have its opposite.
            assert rewards[j][0] == rewards[j][2] == -rewards[j][1] == -rewards[j][3]


def test_vec_game_threads_and_seeds_are_deterministic() -> None:
    def trajectory(threads: int, seed: int) -> list[Any]:
        # 130 games: steps of 128 games or more use the threads.
        batch = zhengfen.VecGame(ZF4, 130, seed=seed, threads=threads, max_actions=512)
        obs = batch.reset()
        rng = np.random.default_rng(4)
        out = []
        for _ in range(100):
            obs, rewards, dones = batch.step(random_actions(obs, 512, rng))
            out.append((obs["observation"].copy(), rewards.copy(), dones.copy()))
        return out

    one, two, other = trajectory(1, 8), trajectory(2, 8), trajectory(1, 9)
    for a, b in zip(one, two):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
    assert any(not np.array_equal(a[0], b[0]) for a, b in zip(one, other))


def test_vec_game_slots_are_independent() -> None:
    """An episode depends on its deal number (episode k of game j of n games is deal k n + j)
    and its own actions only: not on the other games' actions (agents included). So a game's
    episodes are the same deals in a batch of another size where their numbers match: episode
    1 of game 0 of 2 games and episode 0 of game 2 of 5 games are both deal 2."""

    def episodes(num_games: int, j: int, rng: np.random.Generator) -> list[list[Any]]:
        batch = zhengfen.VecGame(ZF4, num_games, seed=12, agents=[None, "random", None, "random"])
        obs = batch.reset()
        seen: list[list[Any]] = [[]]
        while len(seen) < 3:
            seen[-1].append(obs["observation"][j].copy())
            actions = random_actions(obs, batch.max_actions, rng)
            actions[j] = 0
            obs, rewards, dones = batch.step(actions)
            if dones[j]:
                seen[-1].append(rewards[j].copy())
                seen.append([])
        return seen[:2]

    two = episodes(2, 0, np.random.default_rng(5))  # deals 0 and 2
    five = episodes(5, 2, np.random.default_rng(6))  # deals 2 and 7
    deal_0 = episodes(5, 0, np.random.default_rng(7))[0]
    for a, b in ((two[1], five[0]), (two[0], deal_0)):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_vec_game_reset_with_a_seed_replays() -> None:
    batch = zhengfen.VecGame(ZF4, 3, seed=1)
    first = batch.reset(11)["observation"].copy()
    batch.step([0, 0, 0])
    np.testing.assert_array_equal(batch.reset(11)["observation"], first)
    np.testing.assert_array_equal(batch.reset()["observation"], first)  # the last seed


def test_vec_game_refuses_bad_actions_and_changes_nothing() -> None:
    batch = zhengfen.VecGame(ZF4, 3, seed=2, max_actions=8)
    obs = batch.reset()
    before = [batch.game(j).to_json() for j in range(3)]
    too_big = obs["num_legal"].clip(max=8).copy()
    for bad in ([0, 0], [0, -1, 0], too_big, "0 0 0", [0.5, 0, 0]):
        with pytest.raises((zhengfen.IllegalMoveError, ValueError)):
            batch.step(bad)
    assert [batch.game(j).to_json() for j in range(3)] == before
    with pytest.raises(zhengfen.IllegalMoveError, match="game 1"):
        batch.step([0, int(too_big[1]), 0])


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"num_games": 0}, ValueError),
        ({"max_actions": 0}, ValueError),
        ({"history": 2**21}, ValueError),
        ({"threads": 0}, ValueError),
        ({"episode": "trick"}, ValueError),
        ({"agents": ["greedy"] * 4}, zhengfen.ArgumentError),
        ({"agents": [None, "greedy"]}, zhengfen.ArgumentError),
        ({"agents": [None, "clever", None, None]}, zhengfen.ArgumentError),
        ({"agents": [None, 5, None, None]}, TypeError),
        ({"num_games": 200_000, "max_actions": 100_000}, ValueError),
    ],
)
def test_vec_game_refuses_bad_settings(kwargs: dict[str, Any], error: type[Exception]) -> None:
    settings: dict[str, Any] = {"num_games": 2, **kwargs}
    num_games = settings.pop("num_games")
    with pytest.raises(error):
        zhengfen.VecGame(ZF4, num_games, **settings)


def test_vec_game_views_are_read_only_and_alternate() -> None:
    """copy=False (the default): read-only views of two sets of arrays used in turn, so a
    step's arrays stay unchanged through the next step and are overwritten by the one after
    (AI.md §2); copy=True: new arrays, the caller's."""
    batch = zhengfen.VecGame(ZF4, 2, seed=3)
    obs = batch.reset()
    with pytest.raises(ValueError):
        obs["observation"][0, 0] = 1
    kept = {key: value.copy() for key, value in obs.items()}
    second, _, _ = batch.step([0, 0])
    for key, value in obs.items():  # unchanged through the next step
        np.testing.assert_array_equal(value, kept[key])
        assert value.base is not second[key].base
    third, _, _ = batch.step([0, 0])
    assert all(third[key].base is obs[key].base for key in obs)  # the first set again
    assert not np.array_equal(obs["observation"], kept["observation"])  # overwritten
    owned = zhengfen.VecGame(ZF4, 2, seed=3, copy=True)
    first = owned.reset()
    kept_first = {key: value.copy() for key, value in first.items()}
    for _ in range(2):
        second, _, _ = owned.step([0, 0])
    for key, value in first.items():  # arrays handed over are never written again
        np.testing.assert_array_equal(value, kept_first[key])
        assert value is not second[key]
    first["observation"][0, 0] = 5  # and are the caller's to change


def batch_state(batch: zhengfen.VecGame) -> Any:
    """Everything a step or reset could change: each game's seed and saved game."""
    return batch.episode_seeds.tolist(), [batch.game(j).to_json() for j in range(len(batch))]


def outputs_equal(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> bool:
    return all(np.array_equal(mine[key], theirs[key]) for key in theirs)


@pytest.mark.parametrize("array", ["observation", "scores", "action_mask", "num_legal"])
def test_vec_game_refuses_arrays_made_read_only_and_changes_nothing(array: str) -> None:
    batch = zhengfen.VecGame(ZF4, 3, seed=3, mask="dense")
    twin = zhengfen.VecGame(ZF4, 3, seed=3, mask="dense", copy=True)  # the same games
    first = batch.reset()
    obs, _, _ = batch.step([0, 0, 0])  # into the second set: the next step writes the first
    twin.reset()
    twin.step([0, 0, 0])
    base = first[array].base
    assert isinstance(base, np.ndarray)
    base.setflags(write=False)  # issue 10: step() and reset() panicked (NotWriteable)
    before, shown = batch_state(batch), {key: value.copy() for key, value in obs.items()}
    for call in (lambda: batch.step([0, 0, 0]), lambda: batch.reset(9), lambda: batch.reset()):
        with pytest.raises(zhengfen.InvalidStateError, match="read-only"):
            call()
        assert batch_state(batch) == before  # reset() no longer resets every game first
        assert outputs_equal(obs, shown)
    base.setflags(write=True)
    mine, rewards, dones = batch.step([0, 0, 0])
    theirs, their_rewards, their_dones = twin.step([0, 0, 0])
    assert outputs_equal(mine, theirs)
    assert np.array_equal(rewards, their_rewards) and np.array_equal(dones, their_dones)


@pytest.mark.parametrize("mask", ["dense", "packed"])
def test_vec_game_views_made_writable_never_leave_stale_data(mask: MaskForm) -> None:
    batch = zhengfen.VecGame(ZF4, 4, seed=8, mask=mask)
    twin = zhengfen.VecGame(ZF4, 4, seed=8, mask=mask, copy=True)
    obs = batch.reset()
    twin.reset()
    for step in range(30):
        for view in obs.values():  # what issue 10 did: the views made writable and scribbled on
            view.setflags(write=True)
            view[...] = 1 if view.dtype != np.bool_ else True
        actions = np.zeros(4, np.int64)
        obs, rewards, dones = batch.step(actions)
        theirs, their_rewards, their_dones = twin.step(actions)
        assert outputs_equal(obs, theirs), f"stale output after step {step}"
        assert np.array_equal(rewards, their_rewards) and np.array_equal(dones, their_dones)


@pytest.mark.parametrize("rules", [ZF4, ZCY], ids=["zheng_fen", "zen_cheng_you"])
def test_vec_game_copy_false_gives_the_same_steps_as_copies(rules: zhengfen.Rules) -> None:
    shared = zhengfen.VecGame(rules, 300, seed=5, copy=False, threads=4, episode="game")
    copies = zhengfen.VecGame(rules, 300, seed=5, copy=True, threads=1, episode="game")
    assert outputs_equal(shared.reset(), copies.reset())
    for _ in range(12):
        actions = shared.agent_actions("random", 3)
        mine, rewards, dones = shared.step(actions)
        theirs, their_rewards, their_dones = copies.step(actions)
        assert outputs_equal(mine, theirs)
        assert np.array_equal(rewards, their_rewards) and np.array_equal(dones, their_dones)
    assert batch_state(shared) == batch_state(copies)


def test_vec_game_views_can_be_actions_of_a_batch_in_another_thread() -> None:
    """Issue 10: one batch's view as another batch's actions while the first steps in another
    thread panicked (AlreadyBorrowed). Now the reader gets the whole array, or, while the
    writer writes that very set with the GIL released, a clear ``ArgumentError``: never a
    panic, and the threads overlap for sure (the reader runs for as long as the writer
    steps)."""
    writer = zhengfen.VecGame(ZCY, 2048, seed=1)
    view = writer.reset()["current_player"]
    reader = zhengfen.VecGame(ZF4, 2048, seed=2)
    stepped = threading.Event()
    failures: list[BaseException] = []

    def write() -> None:
        try:
            for _ in range(8):
                writer.step(np.zeros(2048, np.int64))
        except BaseException as error:
            failures.append(error)
        stepped.set()

    thread = threading.Thread(target=write)
    thread.start()
    calls = 0
    while not stepped.is_set() or calls == 0:
        try:
            reader.step(view)
        except zhengfen.IllegalMoveError:
            pass  # a seat number is not always an offered action
        except zhengfen.ArgumentError as error:
            assert "already borrowed" in str(error)
        calls += 1
    thread.join()
    assert not failures and calls > 0
    assert np.isin(view, range(4)).all()


def test_rollouts_play_every_deal_up_to_the_last_number_or_refuse() -> None:
    agents = ["random"] * 4
    for first, deals in ((2**64 - 3, 3), (2**64 - 1, 1), (2**64 - 6, 2)):
        out = zhengfen.rollouts(ZF4, agents, deals, 9, first_deal=first, matches=1)
        assert out["deal"].dtype == np.uint64
        assert out["deal"].tolist() == [first + i for i in range(deals)]
        assert out["seed"].tolist() == [zhengfen.derive_seed(9, first + i) for i in range(deals)]
    for first, deals in ((2**64 - 3, 10), (2**64 - 1, 2)):  # issue 10: 2 games, then none
        with pytest.raises(zhengfen.ArgumentError, match="first_deal \\+ num_deals") as caught:
            zhengfen.rollouts(ZF4, agents, deals, first_deal=first, matches=1)
        assert f"{first} + {deals}" in str(caught.value)
    assert zhengfen.rollouts(ZF4, agents, 0, first_deal=2**64 - 1)["deal"].tolist() == []


def test_vec_game_move_features_and_agent_actions() -> None:
    batch = zhengfen.VecGame(ZF4, 4, seed=6)
    obs = batch.reset()
    rows, offsets = batch.legal_move_features()
    assert offsets.tolist()[0] == 0 and list(np.diff(offsets)) == obs["num_legal"].tolist()
    for j in range(4):
        np.testing.assert_array_equal(
            rows[offsets[j] : offsets[j + 1]], batch.game(j).legal_move_features()
        )
    picks = batch.agent_actions("greedy")
    assert ((picks >= 0) & (picks < obs["num_legal"])).all()
    for j in range(4):
        info = batch.game(j).info_set(int(obs["current_player"][j]))
        assert picks[j] == info.choose("greedy")
    batch.step(picks)


def test_perfect_information_is_opt_in() -> None:
    batch = zhengfen.VecGame(ZF4, 2, seed=7, perfect_information=True)
    obs = batch.reset()
    assert obs["observation"].shape == (2, zhengfen.PERFECT_OBSERVATION_SIZE)
    assert batch.observation_size == zhengfen.PERFECT_OBSERVATION_SIZE
    game = batch.game(0)
    tail = obs["observation"][0][zhengfen.OBSERVATION_SIZE :].reshape(6, 54)
    seat = int(obs["current_player"][0])
    for k in range(4):
        held = game.hand((seat + k) % 4)
        assert tail[k].sum() == len(held)
        assert all(tail[k][card.index] == 1 for card in held)
    assert not tail[4:].any()


# --- rollouts -------------------------------------------------------------------------------


def test_rollouts_duplicate_rotations_and_results() -> None:
    out = zhengfen.rollouts(
        ZF4, ["greedy", "random", "random", "random"], 5, seed=3, duplicate=True, matches=1
    )
    assert len(out["deal"]) == 20  # four distinct rotations per deal
    assert out["deal"].tolist() == [d for d in range(5) for _ in range(4)]
    assert out["rotation"].tolist() == [0, 1, 2, 3] * 5
    assert out["seed"].tolist() == [derive(3, d) for d in range(5) for _ in range(4)]
    for row, rotation in zip(out["seating"], out["rotation"]):
        assert row.tolist() == [(s + rotation) % 4 for s in range(4)]
    assert (out["points"].sum(axis=1) == 100).all()
    assert (out["matches"] == 1).all() and not out["won"].any()
    assert out["agents"] == ["greedy", "random", "random", "random"]


def test_rollouts_logs_are_loadable_games() -> None:
    rules = zhengfen.Rules.zheng_fen(players=3, target=200)
    out = zhengfen.rollouts(rules, ["greedy", "random", "random"], 2, seed=1, logs=True)
    for game, won, points in zip(out["games"], out["won"], out["points"]):
        assert game.game_over
        loaded = zhengfen.Game.from_json(game.to_json())
        assert loaded.scores == game.scores == points.tolist()
        assert [s for s in range(3) if won[s]] == game.winners


def test_rollouts_do_not_depend_on_threads() -> None:
    def run(threads: int) -> zhengfen.types.RolloutResult:
        return zhengfen.rollouts(
            ZCY,
            ["search(determinizations=2,candidates=2)", "greedy"] * 2,
            3,
            seed=4,
            duplicate=True,
            matches=1,
            threads=threads,
        )

    one, two = run(1), run(2)
    for key in ("points", "decisions", "seating"):
        np.testing.assert_array_equal(one[key], two[key])
    assert len(one["deal"]) == 6  # two distinct rotations of a team table


def test_rollouts_refuse_bad_arguments() -> None:
    with pytest.raises(zhengfen.ArgumentError, match="first_deal"):
        zhengfen.rollouts(ZF4, ["greedy", "random", "random", "random"], 300_000, duplicate=True)
    with pytest.raises(zhengfen.ArgumentError):
        zhengfen.rollouts(ZF4, ["greedy"] * 3, 1)
    with pytest.raises(zhengfen.ArgumentError, match="unknown"):
        zhengfen.rollouts(ZF4, ["greedy", "greedy", "greedy", "wise"], 1)
    with pytest.raises(zhengfen.ArgumentError, match="determinizations"):
        zhengfen.rollouts(ZF4, ["search(determinizations=0)"] * 4, 1)
    with pytest.raises(ValueError):
        zhengfen.rollouts(ZF4, ["greedy"] * 4, 1, matches=0)


# --- agents ---------------------------------------------------------------------------------


class FirstMove:
    """A user's agent: always the first legal move."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        return legal_moves[0]


@pytest.mark.parametrize("rules", [ZF4, ZCY], ids=["zf4", "zcy"])
def test_agents_play_whole_matches(rules: zhengfen.Rules) -> None:
    def table() -> list[Agent]:
        return [
            GreedyAgent(),
            RandomAgent(1),
            SearchAgent(determinizations=2, candidates=2, seed=2),
            FirstMove(),
        ]

    assert all(isinstance(a, Agent) for a in table())
    game = play_game(zhengfen.Game(rules, 8), table(), matches=1)
    assert game.match_over
    again = play_game(zhengfen.Game(rules, 8), table(), matches=1)
    assert again.decisions == game.decisions  # every agent is seeded


def test_make_agent_names() -> None:
    assert isinstance(make_agent("random"), RandomAgent)
    assert make_agent("greedy").spec == "greedy"  # type: ignore[attr-defined]
    assert make_agent("search").spec == "search(determinizations=8,candidates=8)"  # type: ignore[attr-defined]
    assert type(make_agent("test_ai:FirstMove")).__name__ == "FirstMove"
    for bad in ("clever", "test_ai:Nothing", "no_such_module:X", "json:JSONDecoder"):
        with pytest.raises(ValueError):
            make_agent(bad)


TEST_MODEL = Path(__file__).parent / "data" / "learned" / "zheng_fen_4.safetensors"


@pytest.mark.parametrize(
    ("template", "name"),
    [
        ("learned(model={})", "a.safetensors"),
        ("ismcts(policy=learned(model={}),iterations=5)", "b.safetensors"),
        (" learned( model = {} ) ", "c(1).safetensors"),
        ('learned(model="{}")', "runs a,b (1).safetensors"),
        ('ismcts(iterations=5,policy=learned(model="{}"))', "d,(e).safetensors"),
    ],
)
def test_the_model_file_is_the_one_the_core_reads(template: str, name: str, tmp_path: Path) -> None:
    """``AgentSpec.model_file`` is what the core's parser read (issue 23 §4.4), in any order of
    settings and spacing; a path with the grammar's characters is quoted, and the canonical
    spec quotes it again, so it reads back as the same agent (issue 33 §2)."""
    path = tmp_path / name
    shutil.copy(TEST_MODEL, path)
    spec = zhengfen.AgentSpec(template.format(path))
    assert spec.model_file == str(path)
    assert spec.model is not None
    assert zhengfen.AgentSpec(spec.spec) == spec
    for plain in ("learned", "greedy"):
        assert zhengfen.AgentSpec(plain).model_file is None


def test_a_searchers_repr_has_the_settings_the_core_reads() -> None:
    """Every setting, in the canonical order, whatever the spec's order."""
    spec = zhengfen.AgentSpec(f"ismcts(policy=learned(model={TEST_MODEL}),candidates=3)")
    agent = make_agent(spec, seed=1)
    assert repr(agent) == (
        "ISMCTSAgent(iterations=200, playout='value', exploration=0.7, candidates=3, "
        f"policy='learned(model={TEST_MODEL})', seed=1)"
    )
    assert agent.agent_spec is spec  # type: ignore[attr-defined]  # nothing read again


def test_rust_agents_need_the_info_set() -> None:
    game = zhengfen.Game(ZF4, 1)
    seat = game.current_player
    assert seat is not None
    with pytest.raises(ValueError, match="InfoSet"):
        GreedyAgent().act(game.observation(seat), game.legal_moves())
    move = GreedyAgent().act(observe(game, seat), game.legal_moves())
    assert move in game.legal_moves()


# --- InfoSet and resample -------------------------------------------------------------------


def advanced(rules: zhengfen.Rules, seed: int, steps: int) -> zhengfen.Game:
    game = zhengfen.Game(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.match_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_info_set_shows_only_the_seat() -> None:
    game = advanced(ZF4, 3, 9)
    mover = game.current_player
    assert mover is not None
    other = (mover + 1) % 4
    info = game.info_set(other)
    assert info.seat == other and info.legal_moves() == []
    assert info.observation() == game.observation(other)
    np.testing.assert_array_equal(info.observation_tensor(), game.observation_tensor(other))
    with pytest.raises(ValueError, match="not to move"):
        info.choose("greedy")
    with pytest.raises(TypeError):
        pickle.dumps(info)
    assert not [n for n in dir(info) if "hand" in n]
    mine = game.info_set(mover)
    assert [str(m) for m in mine.legal_moves()] == [str(m) for m in game.legal_moves()]


@pytest.mark.parametrize("rules", [ZF4, ZCY], ids=["zf4", "zcy"])
def test_evaluate_is_the_mean_of_greedy_playouts_of_the_same_worlds(rules: zhengfen.Rules) -> None:
    """``InfoSet.evaluate`` (the search agent's evaluation): for each move, the mean match
    result over the same resampled worlds, each played out by the greedy agent (which draws
    nothing from the stream: the worlds are the stream's first draws, in order)."""
    game = advanced(rules, 4, 12)
    mover = game.current_player
    assert mover is not None
    info = game.info_set(mover)
    moves = game.legal_moves()
    tried = sorted({0, len(moves) // 2, len(moves) - 1})
    rng = zhengfen.SplitMix64(5)
    worlds = [info.resample(rng) for _ in range(3)]
    expected = []
    for index in tried:
        results = []
        for world in worlds:
            line = world.copy()
            line.play(moves[index])
            play_game(line, [GreedyAgent()] * rules.players, matches=1)
            results.append(line.match_result(mover))
        expected.append(sum(results) / len(results))
    assert info.evaluate(tried, 3, 5) == pytest.approx(expected)
    assert info.evaluate(tried, 3, 5) == info.evaluate(iter(tried), 3, 5)  # any iterable


def test_evaluate_refuses_what_is_not_a_move_of_the_seat() -> None:
    game = advanced(ZF4, 3, 9)
    mover = game.current_player
    assert mover is not None
    info, count = game.info_set(mover), len(game.legal_moves())
    for bad in ([count], [-1], ["0"], [True], [0.0], "0", 5, None):
        with pytest.raises(ValueError, match="move ind"):
            info.evaluate(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="determinizations"):
        info.evaluate([0], 0)
    with pytest.raises(ValueError, match="not to move"):
        game.info_set((mover + 1) % 4).evaluate([0])
    assert info.evaluate([]) == []


def test_resample_is_uniform_over_hidden_cards() -> None:
    """Each hidden card lands in each hiding seat in proportion to its cards left."""
    game = advanced(ZF4, 5, 14)
    seat = 0
    hidden_seats = [s for s in range(1, 4)]
    counts: Counter[tuple[str, int]] = Counter()
    draws = 600
    rng = zhengfen.SplitMix64(1)
    for _ in range(draws):
        other = game.resample(seat, rng)
        assert other.hand(seat) == game.hand(seat)
        for s in hidden_seats:
            for held in other.hand(s):
                counts[(str(held), s)] += 1
    hidden = [str(c) for s in hidden_seats for c in game.hand(s)]
    total = len(hidden)
    deal = game.history[0]
    assert deal["type"] == "deal"
    leader_holds_3h = deal["leader"]
    for card in hidden:
        for s in hidden_seats:
            if card == "3h":
                # §7.1: the leader held 3h; while unplayed it is his.
                expected = draws if s == leader_holds_3h else 0
                assert counts[(card, s)] == expected
                continue
            share = len(game.hand(s)) / total
            assert abs(counts[(card, s)] / draws - share) < 0.12, (card, s)


def test_resample_is_a_saveable_game_seen_the_same() -> None:
    game = advanced(ZCY, 2, 30)
    seat = 1
    other = game.resample(seat, 7)
    assert zhengfen.Game.from_json(other.to_json()).to_json() == other.to_json()
    assert other.observation(seat) == game.observation(seat)
    assert game.resample(seat, 7).to_json() == other.to_json()  # seeded
    with pytest.raises(ValueError):
        game.resample(4, 0)
    finished = advanced(ZF4, 1, 10_000)
    with pytest.raises(zhengfen.InvalidStateError, match="no match"):
        finished.resample(0, 0)


def test_saved_games_from_vec_and_rollouts_are_json() -> None:
    batch = zhengfen.VecGame(ZF4, 1, seed=2)
    text = batch.game(0).to_json()
    assert json.loads(text)["format"] == "zhengfen-game"
