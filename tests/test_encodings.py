"""The engine's tensors (AI.md §1, encoding version 2) against an independent encoder written
from the documentation (``tests/encoding_reference.py``): ``Game``'s and ``InfoSet``'s tensors
over seeded random play in every rule family, every phase, every seat and later matches, and
``VecGame``'s arrays against the reference applied to ``batch.game(j)``; plus the sizes and
bytes of AI.md §1.4, the field table and AI.md's copy of it, the documented bound of every
byte, the packed mask, ``VecGame``'s double buffer (AI.md §2), refused ``dtype`` and ``mask``
values, and the information invariant of ``resample`` (AI.md §5)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import encoding_reference as ref
import zhengfen
from zhengfen import ArgumentError, Game, Rules, VecGame

AI_MD = Path(__file__).resolve().parent.parent / "AI.md"

Array = npt.NDArray[Any]

RULE_SETS: dict[str, Rules] = {
    "zf3": Rules.zheng_fen(players=3, target=150),
    "zf3_tame_best_share": Rules.zheng_fen(
        players=3, jokers_wild=False, next_leader="best_score", tie="share", target=150
    ),
    "zf4": Rules.zheng_fen(players=4, target=150),
    "zf4_tame": Rules.zheng_fen(players=4, jokers_wild=False, target=150),
    "zf5_best_share": Rules.zheng_fen(players=5, next_leader="best_score", tie="share", target=150),
    "zf6_tame_best": Rules.zheng_fen(
        players=6, jokers_wild=False, next_leader="best_score", target=150
    ),
    "zf6_share": Rules.zheng_fen(players=6, tie="share", target=150),
    "zcy": Rules.zen_cheng_you(target=150),
    "zcy_last_chance": Rules.zen_cheng_you(last_chance=True, target=150),
    "zcy_partner": Rules.zen_cheng_you(lead_after_out="partner", target=150),
    "zcy_partner_last_chance": Rules.zen_cheng_you(
        lead_after_out="partner", last_chance=True, target=150
    ),
}

SEEDS = (0, 1)
SAMPLE_RATE = 0.03  # share of play decisions checked; the first decisions and ends always are
MAX_MATCHES = 8
HISTORY_ROWS = (1, 7, 200)

# Where the engine is known to disagree with AI.md: (field, phases), excluded from the exact
# comparison. Empty: AI.md and the engine agree everywhere.
KNOWN_DISAGREEMENTS: dict[str, frozenset[str]] = {}


# --- positions --------------------------------------------------------------------------------


def positions(rules: Rules, seed: int, rate: float = SAMPLE_RATE) -> Iterator[tuple[str, Game]]:
    """Seeded random play through a whole game (at most ``MAX_MATCHES`` matches), yielding
    ``(label, game)`` at a sample of decisions: every declaration, the first play of each
    match, a share ``rate`` of the other plays, and every ``match_over`` / ``game_over``. The
    game must not be changed by the consumer."""
    game = Game(rules, seed)
    rng = random.Random(seed)
    decision = 0
    first_play = True
    while True:
        phase = game.phase
        label = f"seed {seed}, match {game.match_number}, decision {decision}, phase {phase}"
        if phase != "play" or first_play or rng.random() < rate:
            yield label, game
        if phase == "play":
            first_play = False
        if game.game_over or (game.match_over and game.match_number + 1 >= MAX_MATCHES):
            return
        if game.match_over:
            game.next_match()
            first_play = True
        else:
            game.play(rng.choice(game.legal_moves()))
        decision += 1


# --- describing differences -------------------------------------------------------------------


def show(values: Array) -> str:
    """A short text for a field's values: all of them if few, else the nonzero entries."""
    if values.size <= 24:
        return np.array2string(values, precision=4, separator=", ", max_line_width=10_000)
    return "{" + ", ".join(f"{i}: {v:g}" for i, v in enumerate(values) if v != 0) + "}"


def differences(
    expected: Array,
    got: Array,
    parts: Sequence[tuple[str, int]],
    ignore: frozenset[str] = frozenset(),
) -> list[tuple[int, str]]:
    """``(row, text)`` for each (row, field) where ``got`` differs from ``expected``, naming the
    field (the part of ``parts`` whose offset range holds the difference) and its positions; a
    vector is row 0. Parts named in ``ignore`` are skipped. The dtype must be the expected one."""
    if expected.shape != got.shape or got.dtype != expected.dtype:
        return [
            (
                0,
                f"shape/dtype: expected {expected.shape} {expected.dtype}, "
                f"got {got.shape} {got.dtype}",
            )
        ]
    if np.array_equal(expected, got):
        return []
    width = sum(size for _, size in parts)
    rows_e = expected.reshape(-1, width)
    rows_g = got.reshape(-1, width)
    found = []
    for row in range(rows_e.shape[0]):
        seen: set[str] = set()
        for index in np.nonzero(rows_e[row] != rows_g[row])[0]:
            name, offset, size = ref.locate(parts, int(index))
            if name in seen or name in ignore:
                continue
            seen.add(name)
            where = f"row {row}, " if expected.ndim > 1 else ""
            span = slice(offset, offset + size)
            wrong = np.nonzero(rows_e[row][span] != rows_g[row][span])[0] + offset
            found.append(
                (
                    row,
                    f"{where}field {name} (offset {offset}, size {size}), positions "
                    f"{wrong.tolist()[:8]}: expected {show(rows_e[row][span])} "
                    f"got {show(rows_g[row][span])}",
                )
            )
    return found


def assert_same(
    context: str,
    expected: Array,
    got: Array,
    parts: Sequence[tuple[str, int]],
    ignore: frozenset[str] = frozenset(),
) -> None:
    """Fail with ``context`` and each differing field when the tensors are not identical."""
    lines = differences(expected, got, parts, ignore)
    assert not lines, "\n".join(f"{context}, {text}" for _, text in lines[:12])


def assert_within_bounds(
    context: str, got: Array, bounds: npt.NDArray[np.int64], parts: Sequence[tuple[str, int]]
) -> None:
    """Every value of ``got`` (a vector or rows of ``parts``) lies in 0 … its documented bound;
    a failure names the field and position."""
    rows = got.reshape(-1, bounds.size).astype(np.int64)
    bad = np.argwhere((rows < 0) | (rows > bounds))
    if bad.size:
        row, index = (int(i) for i in bad[0])
        name, offset, _ = ref.locate(parts, index)
        raise AssertionError(
            f"{context}: row {row}, field {name} position {index} (entry {index - offset}) "
            f"holds {rows[row, index]}, documented bound {bounds[index]}"
        )


# --- checks of Game and InfoSet ---------------------------------------------------------------


def check_observations(game: Game, where: str) -> None:
    """Every seat's observation, with and without perfect information, in both storages, its
    bounds, its scores (AI.md §1.1), and its ``InfoSet``'s observation (AI.md §5)."""
    ignore = frozenset(name for name, phases in KNOWN_DISAGREEMENTS.items() if game.phase in phases)
    for seat in range(game.rules.players):
        for perfect in (False, True):
            context = f"{where}: seat {seat}{' (perfect)' if perfect else ''}"
            parts = ref.observation_parts(perfect)
            expected = ref.observation(game, seat, perfect)
            got = game.observation_tensor(seat, perfect_information=perfect)
            assert_same(context, expected, got, parts, ignore)
            assert_within_bounds(context, got, ref.observation_bounds(game.rules, perfect), parts)
            if game.phase == "blind_declare":  # AI.md §1.1: the hand is not seen yet
                assert not got[: ref.CARD_VECTOR].any(), f"{context}: hand shown before it is seen"
            if not perfect:
                info = game.info_set(seat)
                assert_same(f"{context}, InfoSet", expected, info.observation_tensor(), parts)
                assert_same(
                    f"{context}, InfoSet float32",
                    expected.astype(np.float32),
                    info.observation_tensor(dtype="float32"),
                    parts,
                )
            assert_same(
                f"{context}, float32",
                expected.astype(np.float32),
                game.observation_tensor(seat, perfect_information=perfect, dtype="float32"),
                parts,
                ignore,
            )
        expected_scores = ref.scores(game, seat)
        for source, got_scores in (
            ("", game.score_tensor(seat)),
            (" (InfoSet)", game.info_set(seat).score_tensor()),
        ):
            assert_same(
                f"{where}: seat {seat}, scores{source}",
                expected_scores,
                got_scores,
                ref.SCORE_PARTS,
            )


def check_history(game: Game, where: str) -> None:
    """Every seat's history tensor for a few row counts and the default 16 (AI.md §1.2), its
    float32 view and its ``InfoSet``'s history (AI.md §5). The reference's ``rows`` rows are the
    first ``rows`` of its longest history."""
    longest = max(HISTORY_ROWS)
    bounds = ref.history_bounds(game.rules)
    for seat in range(game.rules.players):
        expected = ref.history(game, seat, longest)
        for rows in (*HISTORY_ROWS, None):
            got = game.history_tensor(seat) if rows is None else game.history_tensor(seat, rows)
            context = f"{where}: seat {seat}, history rows={rows or 'default (16)'}"
            assert_same(context, expected[: rows or 16], got, ref.HISTORY_PARTS)
            assert_within_bounds(context, got, bounds, ref.HISTORY_PARTS)
        assert_same(
            f"{where}: seat {seat}, history rows=7, float32",
            expected[:7].astype(np.float32),
            game.history_tensor(seat, 7, dtype="float32"),
            ref.HISTORY_PARTS,
        )
        info = game.info_set(seat)
        assert_same(
            f"{where}: seat {seat}, InfoSet history rows=7",
            expected[:7],
            info.history_tensor(7),
            ref.HISTORY_PARTS,
        )
        assert_same(
            f"{where}: seat {seat}, InfoSet history rows=2, float32",
            expected[:2].astype(np.float32),
            info.history_tensor(2, dtype="float32"),
            ref.HISTORY_PARTS,
        )


def check_move_rows(where: str, moves: Sequence[ref.Move], expected: Array, got: Array) -> None:
    """Move feature rows against the reference, naming the move of a differing row."""
    lines = differences(expected, got, ref.MOVE_PARTS)
    assert not lines, "\n".join(
        f"{where}: move {moves[row] if row < len(moves) else '?'}, {text}"
        for row, text in lines[:12]
    )


def check_masks(where: str, num_legal: int, dense: Array, packed: Array, max_actions: int) -> None:
    """A dense and a packed mask against the reference, and the packed one unpacking to the
    dense one as AI.md §1.3 says."""
    assert dense.dtype == np.bool_, f"{where}: dense mask dtype {dense.dtype}"
    assert packed.dtype == np.uint8, f"{where}: packed mask dtype {packed.dtype}"
    expected = ref.action_mask(num_legal, max_actions)
    assert np.array_equal(dense, expected), (
        f"{where}: dense mask({max_actions}) with {num_legal} legal moves: expected "
        f"{int(expected.sum())} true, got {int(dense.sum())} true of {dense.size}"
    )
    assert np.array_equal(packed, ref.packed_action_mask(num_legal, max_actions)), (
        f"{where}: packed mask({max_actions}) with {num_legal} legal moves: expected "
        f"{ref.packed_action_mask(num_legal, max_actions).tolist()[:16]}, "
        f"got {packed.tolist()[:16]}"
    )
    unpacked = np.unpackbits(packed, count=max_actions, bitorder="little").astype(bool)
    assert np.array_equal(unpacked, dense), f"{where}: packed mask does not unpack to the dense"


def check_moves(game: Game, where: str) -> None:
    """The legal move features in both storages and the masks on both sides of the count
    (AI.md §1.3)."""
    moves = game.legal_moves()
    expected = ref.move_features(moves)
    got = game.legal_move_features()
    check_move_rows(where, moves, expected, got)
    assert_within_bounds(where, got, ref.move_bounds(game.rules), ref.MOVE_PARTS)
    check_move_rows(
        f"{where}, float32",
        moves,
        expected.astype(np.float32),
        game.legal_move_features(dtype="float32"),
    )
    n = len(moves)
    for m in sorted({1, 8, max(n - 1, 1), n + 1, n + 37}):
        check_masks(
            f"{where}: action_mask({m})",
            n,
            game.action_mask(m),
            game.action_mask(m, packed=True),
            m,
        )


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_tensors_match_the_documented_encoding(name: str) -> None:
    rules = RULE_SETS[name]
    phases: set[str] = set()
    matches = 0
    negative_score = False
    for seed in SEEDS:
        for label, game in positions(rules, seed):
            where = f"{name}, {label}"
            phases.add(game.phase)
            matches = max(matches, game.match_number + 1)
            negative_score |= min(game.scores) < 0
            check_observations(game, where)
            check_history(game, where)
            check_moves(game, where)
    # The sample covers every phase of the game and later matches.
    expected_phases = {"play", "match_over", "game_over"}
    if rules.game == "zen_cheng_you":
        expected_phases |= {"blind_declare", "declare"}
    assert phases == expected_phases, phases
    assert matches >= 2
    if name == "zcy":
        assert negative_score, "no negative Zen Cheng You score sampled: int32 sign untested"


# --- VecGame (AI.md §2) -----------------------------------------------------------------------

VEC_CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "zf4_default": ("zf4", {}),
    "zf3_float_dense_perfect": (
        "zf3_tame_best_share",
        {
            "dtype": "float32",
            "mask": "dense",
            "history": 3,
            "perfect_information": True,
            "agents": [None, "random", "greedy"],
        },
    ),
    "zf6_packed_truncated": (
        "zf6_share",
        {
            "mask": "packed",
            "max_actions": 13,
            "history": 0,
            "agents": [None, "random", None, "greedy", "random", "random"],
            "steps": 50,
        },
    ),
    "zf5_agents_game": (
        "zf5_best_share",
        {"mask": "packed", "agents": [None, "random", "greedy", None, "random"], "episode": "game"},
    ),
    "zf4_threads": ("zf4_tame", {"num_games": 256, "threads": 2, "mask": "dense"}),
    "zcy_agents_packed": (
        "zcy",
        {"agents": [None, "random", "random", "greedy"], "mask": "packed", "steps": 40},
    ),
    "zcy_float_dense_perfect_game": (
        "zcy_partner_last_chance",
        {
            "dtype": "float32",
            "mask": "dense",
            "perfect_information": True,
            "episode": "game",
            "max_actions": 64,
            "history": 5,
            "agents": [None, "random", None, "greedy"],
        },
    ),
}
"""Batches to check: (rule set, options); ``num_games`` and ``steps`` are the test's, the rest
``VecGame``'s. A batch with agents and one-match episodes must see episodes end."""

VEC_GAMES = 5
VEC_STEPS = 30
CHECKED_GAMES = 6  # at most this many games of a large batch are checked per step, edges kept


def checked_games(num_games: int, step: int) -> list[int]:
    """The games checked at ``step``: all of a small batch; else the edges of the batch and of
    its halves (where two threads' ranges meet) and a few that move with the step."""
    if num_games <= CHECKED_GAMES:
        return list(range(num_games))
    half = num_games // 2
    return sorted({0, half - 1, half, num_games - 1, (7 * step + 3) % num_games})


def check_vec_output(
    batch: VecGame, obs: dict[str, Array], options: dict[str, Any], where: str, step: int
) -> None:
    """``VecGame``'s observation dictionary against the reference applied to ``batch.game(j)``
    (AI.md §2): shapes, dtypes and every checked game's rows."""
    n, rules = len(batch), batch.rules
    dtype = options.get("dtype", "uint8")
    rows = options.get("history", 8)
    perfect = options.get("perfect_information", False)
    mask = options.get("mask")
    size = ref.PERFECT_OBSERVATION_SIZE if perfect else ref.OBSERVATION_SIZE
    m = batch.max_actions
    expected_keys = {"observation", "scores", "history", "current_player", "num_legal"}
    if mask is not None:
        expected_keys.add("action_mask")
    assert set(obs) == expected_keys, f"{where}: keys {sorted(obs)}"
    shapes = {
        "observation": ((n, size), np.dtype(dtype)),
        "scores": ((n, ref.SCORES_SIZE), np.dtype(np.int32)),
        "history": ((n, rows, ref.HISTORY_ROW), np.dtype(dtype)),
        "current_player": ((n,), np.dtype(np.int64)),
        "num_legal": ((n,), np.dtype(np.int64)),
    }
    if mask == "dense":
        shapes["action_mask"] = ((n, m), np.dtype(np.bool_))
    elif mask == "packed":
        shapes["action_mask"] = ((n, ref.packed_size(m)), np.dtype(np.uint8))
    for key, (shape, kind) in shapes.items():
        assert (obs[key].shape, obs[key].dtype) == (shape, kind), (
            f"{where}: {key} is {obs[key].shape} {obs[key].dtype}, expected {shape} {kind}"
        )
    features, offsets = batch.legal_move_features(dtype=dtype)
    assert offsets.shape == (n + 1,) and offsets[0] == 0, f"{where}: offsets {offsets[:4]}"
    assert np.array_equal(np.diff(offsets), obs["num_legal"]), f"{where}: offsets vs num_legal"
    assert features.shape == (int(offsets[-1]), ref.MOVE_ROW), f"{where}: {features.shape}"
    assert features.dtype == np.dtype(dtype), f"{where}: features dtype {features.dtype}"
    parts = ref.observation_parts(perfect)
    bounds = ref.observation_bounds(rules, perfect)
    assert_within_bounds(f"{where}, every game", obs["observation"], bounds, parts)
    history_bounds = ref.history_bounds(rules)
    assert_within_bounds(f"{where}, every game", obs["history"], history_bounds, ref.HISTORY_PARTS)
    assert_within_bounds(f"{where}, features", features, ref.move_bounds(rules), ref.MOVE_PARTS)
    for j in checked_games(n, step):
        game = batch.game(j)
        seat = game.current_player
        at = f"{where}, game {j} (seat {seat})"
        assert seat is not None and obs["current_player"][j] == seat, f"{at}: current_player"
        moves = game.legal_moves()
        assert obs["num_legal"][j] == len(moves), f"{at}: num_legal {obs['num_legal'][j]}"
        assert batch.legal_moves(j) == moves, f"{at}: legal_moves(j)"
        assert_same(at, ref.observation(game, seat, perfect, dtype), obs["observation"][j], parts)
        assert_same(f"{at}, scores", ref.scores(game, seat), obs["scores"][j], ref.SCORE_PARTS)
        assert_same(
            f"{at}, history",
            ref.history(game, seat, rows, dtype),
            obs["history"][j],
            ref.HISTORY_PARTS,
        )
        check_move_rows(
            f"{at}, legal_move_features",
            moves,
            ref.move_features(moves, dtype),
            features[offsets[j] : offsets[j + 1]],
        )
        if mask == "dense":
            assert np.array_equal(obs["action_mask"][j], ref.action_mask(len(moves), m)), (
                f"{at}: dense action_mask, {int(obs['action_mask'][j].sum())} true, "
                f"expected {min(len(moves), m)}"
            )
        elif mask == "packed":
            check_masks(
                f"{at}: packed action_mask",
                len(moves),
                ref.action_mask(len(moves), m),
                obs["action_mask"][j],
                m,
            )


def random_actions(rng: np.random.Generator, obs: dict[str, Array], max_actions: int) -> Array:
    """A uniformly random offered action for every game."""
    offered = np.minimum(obs["num_legal"], max_actions)
    return (rng.random(offered.size) * offered).astype(np.int64)


@pytest.mark.parametrize("config", sorted(VEC_CONFIGS))
def test_vecgame_outputs_match_the_reference(config: str) -> None:
    name, options = VEC_CONFIGS[config]
    num_games = options.get("num_games", VEC_GAMES)
    steps = options.get("steps", VEC_STEPS)
    kwargs = {key: value for key, value in options.items() if key not in ("num_games", "steps")}
    batch = VecGame(RULE_SETS[name], num_games, seed=11, **kwargs)
    rng = np.random.default_rng(5)
    obs = batch.reset()
    dones = 0
    for step in range(steps):
        check_vec_output(batch, obs, options, f"{config}, step {step}", step)
        obs, _rewards, done = batch.step(random_actions(rng, obs, batch.max_actions))
        dones += int(done.sum())
    check_vec_output(batch, obs, options, f"{config}, step {steps}", steps)
    if "agents" in options and options.get("episode", "match") == "match":
        assert dones > 0, "no episode ended: the first decisions of an episode are unchecked"


def test_vecgame_dtype_float32_is_the_bytes_converted() -> None:
    """The same batch in both storages gives the same values (AI.md §1 "Storage")."""
    rules = RULE_SETS["zcy"]
    small = VecGame(rules, 4, seed=3, mask="packed")
    wide = VecGame(rules, 4, seed=3, mask="packed", dtype="float32")
    rng = np.random.default_rng(1)
    a, b = small.reset(), wide.reset()
    for _ in range(12):
        for key in a:
            expected = a[key].astype(np.float32) if key in ("observation", "history") else a[key]
            assert np.array_equal(expected, b[key]) and expected.dtype == b[key].dtype, key
        rows_a, offsets_a = small.legal_move_features()
        rows_b, offsets_b = wide.legal_move_features(dtype="float32")
        assert np.array_equal(offsets_a, offsets_b)
        assert np.array_equal(rows_a.astype(np.float32), rows_b)
        actions = random_actions(rng, a, small.max_actions)
        a, b = small.step(actions)[0], wide.step(actions)[0]


# --- VecGame's double buffer (AI.md §2 "Copies") ----------------------------------------------


def snapshot(obs: dict[str, Array]) -> dict[str, Array]:
    """Copies of every array of an observation dictionary."""
    return {key: value.copy() for key, value in obs.items()}


def same_values(a: dict[str, Array], b: dict[str, Array]) -> list[str]:
    """The keys whose arrays differ between ``a`` and ``b``."""
    return [key for key in a if not np.array_equal(a[key], b[key])]


@pytest.mark.parametrize("mask", ref.MASKS)
def test_copy_false_keeps_a_step_through_the_next(mask: ref.MaskName | None) -> None:
    """With ``copy=False`` (the default) the arrays of a step are read-only views that stay
    unchanged through the next step and are overwritten by the one after."""
    batch = VecGame(RULE_SETS["zf4"], 6, seed=2, mask=mask)
    rng = np.random.default_rng(0)
    steps = [batch.reset()]
    copies = [snapshot(steps[0])]
    for k in range(1, 7):
        steps.append(batch.step(random_actions(rng, steps[-1], batch.max_actions))[0])
        copies.append(snapshot(steps[k]))
        changed = same_values(steps[k - 1], copies[k - 1])
        assert changed == [], f"step {k} changed the arrays of step {k - 1}: {changed}"
        assert not any(value.flags.writeable for value in steps[k].values()), "writable views"
        if k >= 2:
            stale = same_values(steps[k - 2], steps[k])
            assert stale == [], f"step {k} did not overwrite the arrays of step {k - 2}: {stale}"
            assert all(np.shares_memory(steps[k - 2][key], steps[k][key]) for key in steps[k])
    assert any(same_values(copies[0], copies[2])), "positions did not change: test is void"


@pytest.mark.parametrize("mask", ["dense", "packed"])
def test_scribbled_views_are_entirely_rewritten(mask: str) -> None:
    """A ``copy=False`` view made writable again and scribbled on is entirely rewritten by the
    step that reuses its arrays (AI.md §2: a step writes every value, the whole mask row)."""
    options: dict[str, Any] = {"mask": mask, "agents": [None, "random", "greedy"], "history": 4}
    batch = VecGame(RULE_SETS["zf3"], 4, seed=9, **options)
    rng = np.random.default_rng(3)
    first = batch.reset()
    actions = random_actions(rng, first, batch.max_actions)
    for value in first.values():
        value.setflags(write=True)
        value[...] = 1 if value.dtype == np.bool_ else 117
    second = batch.step(actions)[0]
    third = batch.step(random_actions(rng, second, batch.max_actions))[0]
    assert all(np.shares_memory(first[key], third[key]) for key in third)
    check_vec_output(batch, third, options, f"mask {mask}, after scribbling", 0)


def test_copy_true_hands_over_new_arrays() -> None:
    """With ``copy=True`` every step's arrays are the caller's and never change."""
    batch = VecGame(RULE_SETS["zcy"], 4, seed=2, mask="dense", copy=True)
    rng = np.random.default_rng(0)
    steps = [batch.reset()]
    copies = [snapshot(steps[0])]
    for _ in range(4):
        steps.append(batch.step(random_actions(rng, steps[-1], batch.max_actions))[0])
        copies.append(snapshot(steps[-1]))
    for obs, kept in zip(steps, copies):
        assert same_values(obs, kept) == []
    assert not any(np.shares_memory(steps[0][key], steps[2][key]) for key in steps[0])


# --- arguments: dtype and mask ----------------------------------------------------------------

GOOD_DTYPES: tuple[tuple[Any, str], ...] = (
    ("uint8", "uint8"),
    ("float32", "float32"),
    (np.uint8, "uint8"),
    (np.float32, "float32"),
    (np.dtype("uint8"), "uint8"),
    (np.dtype("float32"), "float32"),
)
BAD_DTYPES: tuple[Any, ...] = (
    "float64",
    "int32",
    "UINT8",
    "",
    np.float64,
    np.dtype("int8"),
    1,
    None,
)
BAD_MASKS: tuple[Any, ...] = ("sparse", "Dense", "", True, 1, np.uint8)


@pytest.mark.parametrize(("dtype", "name"), GOOD_DTYPES)
def test_every_form_of_a_dtype_is_accepted(dtype: Any, name: str) -> None:
    game = Game(RULE_SETS["zf4"], 0)
    assert game.observation_tensor(0, dtype=dtype).dtype == np.dtype(name)
    assert game.history_tensor(0, 3, dtype=dtype).dtype == np.dtype(name)
    assert game.legal_move_features(dtype=dtype).dtype == np.dtype(name)
    batch = VecGame(RULE_SETS["zf4"], 2, dtype=dtype)
    obs = batch.reset()
    assert obs["observation"].dtype == obs["history"].dtype == np.dtype(name)
    assert batch.legal_move_features(dtype=dtype)[0].dtype == np.dtype(name)


@pytest.mark.parametrize("dtype", BAD_DTYPES, ids=repr)
def test_a_bad_dtype_is_refused(dtype: Any) -> None:
    game = Game(RULE_SETS["zf4"], 0)
    before = game.to_json()
    with pytest.raises(ArgumentError):
        game.observation_tensor(0, dtype=dtype)
    with pytest.raises(ArgumentError):
        game.history_tensor(0, 3, dtype=dtype)
    with pytest.raises(ArgumentError):
        game.legal_move_features(dtype=dtype)
    assert game.to_json() == before
    with pytest.raises(ArgumentError):
        VecGame(RULE_SETS["zf4"], 2, dtype=dtype)
    batch = VecGame(RULE_SETS["zf4"], 2)
    batch.reset()
    with pytest.raises(ArgumentError):
        batch.legal_move_features(dtype=dtype)


@pytest.mark.parametrize("mask", BAD_MASKS, ids=repr)
def test_a_bad_mask_is_refused(mask: Any) -> None:
    with pytest.raises(ArgumentError):
        VecGame(RULE_SETS["zf4"], 2, mask=mask)


# --- sizes, bytes and the field table (AI.md §1.1, §1.4) --------------------------------------


def test_sizes_and_version() -> None:
    assert zhengfen.ENCODING_VERSION == ref.ENCODING_VERSION == 2
    assert zhengfen.CARD_VECTOR == ref.CARD_VECTOR
    assert zhengfen.COMBO_ROW == ref.COMBO_ROW == 87
    assert zhengfen.HISTORY_ROW == ref.HISTORY_ROW == 94
    assert zhengfen.MOVE_ROW == ref.MOVE_ROW == 90
    assert zhengfen.OBSERVATION_SIZE == ref.OBSERVATION_SIZE == 591
    assert zhengfen.PERFECT_OBSERVATION_SIZE == ref.PERFECT_OBSERVATION_SIZE == 915
    assert zhengfen.SCORES_SIZE == ref.SCORES_SIZE == 7


@pytest.mark.parametrize(("name", "max_actions"), [("zf4", 4096), ("zcy", 16384)])
def test_bytes_of_each_tensor(name: str, max_actions: int) -> None:
    """AI.md §1.4: the values and bytes of every tensor in both storages."""
    rules = RULE_SETS[name]
    game = Game(rules, 4)
    assert zhengfen.default_max_actions(rules) == max_actions
    table: dict[str, tuple[Array, int]] = {
        "observation": (game.observation_tensor(0), 591),
        "perfect observation": (game.observation_tensor(0, perfect_information=True), 915),
        "history, 8 rows": (game.history_tensor(0, 8), 752),
        "move features": (game.legal_move_features()[:1], 90),
    }
    for what, (tensor, values) in table.items():
        assert (tensor.size, tensor.dtype, tensor.nbytes) == (values, np.dtype(np.uint8), values), (
            what
        )
    wide: dict[str, Array] = {
        "observation": game.observation_tensor(0, dtype="float32"),
        "history, 8 rows": game.history_tensor(0, 8, dtype="float32"),
        "move features": game.legal_move_features(dtype="float32")[:1],
    }
    for what, tensor in wide.items():
        assert tensor.dtype == np.float32 and tensor.nbytes == 4 * table[what][1], what
    scores: Array = game.score_tensor(0)
    assert (scores.size, scores.dtype, scores.nbytes) == (7, np.dtype(np.int32), 28)
    dense: Array = game.action_mask(max_actions)
    packed: Array = game.action_mask(max_actions, packed=True)
    assert (dense.dtype, dense.nbytes) == (np.dtype(np.bool_), max_actions)
    assert (packed.dtype, packed.nbytes) == (np.dtype(np.uint8), max_actions // 8)


@pytest.mark.parametrize("perfect", [False, True])
def test_observation_fields_match_the_reference_table(perfect: bool) -> None:
    engine = zhengfen.observation_fields(perfect)
    assert [(name, offset, size) for name, offset, size, _ in engine] == ref.field_table(perfect)
    # Contiguous from 0 to the documented size, each with a meaning.
    end = 0
    for name, offset, size, meaning in engine:
        assert offset == end and size > 0 and meaning, name
        end = offset + size
    assert end == (zhengfen.PERFECT_OBSERVATION_SIZE if perfect else zhengfen.OBSERVATION_SIZE)


def ai_md_field_table() -> list[tuple[str, int, int, str]]:
    """The rows of AI.md's table between ``<!-- fields:`` and ``<!-- end fields -->``."""
    text = AI_MD.read_text(encoding="utf-8")
    match = re.search(r"<!-- fields:.*?-->\n(.*?)<!-- end fields -->", text, re.DOTALL)
    assert match, "AI.md has no <!-- fields: ... --> ... <!-- end fields --> table"
    rows = []
    for line in match.group(1).splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] == "field" or set(cells[0]) <= {"-", ":"}:
            continue
        rows.append((cells[0].strip("`"), int(cells[1]), int(cells[2]), cells[3]))
    return rows


def test_ai_md_field_table_is_the_engines() -> None:
    assert ai_md_field_table() == zhengfen.observation_fields(True)


def test_ai_md_field_table_is_the_references() -> None:
    """AI.md's table states the reference's layout (not only the engine's)."""
    assert [row[:3] for row in ai_md_field_table()] == ref.field_table(True)


def test_the_migration_recipe_rebuilds_version_1() -> None:
    """AI.md §1.5: the recipe puts the scores back at offset 537 and ``target / 1000`` after
    ``rules``: version 1's 598 / 922 values, its fields after ``scores`` 6 places up."""
    game = Game(RULE_SETS["zf5_best_share"], 7)
    for perfect, size in ((False, 598), (True, 922)):
        o = game.observation_tensor(2, perfect_information=perfect, dtype="float32")
        s = game.score_tensor(2)
        old = np.concatenate([o[:537], s[:6], o[537:591], [s[6] / 1000], o[591:]])
        assert old.size == size
        offsets = {name: offset for name, offset, _ in ref.field_table(perfect)}
        assert offsets["points_won"] + 6 == 537 == offsets["out_place"]
        assert np.array_equal(old[543:549], o[537:543])  # out_place, version 1's offset 543
        assert old[597] == RULE_SETS["zf5_best_share"].target / 1000


# --- information: resample (AI.md §5) ---------------------------------------------------------

RESAMPLE_SETS = ("zf3", "zf4_tame", "zf6_share", "zcy", "zcy_partner_last_chance")


def test_points_won_in_play_is_the_observation_dictionarys() -> None:
    """The reference reads the piles from the ``trick`` events; while a match is in play (no
    transfer yet) that agrees with ``observation()["points_won"]``."""
    for name in ("zf3", "zf5_best_share", "zcy_partner"):
        for label, game in positions(RULE_SETS[name], 1, rate=0.3):
            if game.phase == "play":
                got = game.observation(0)["points_won"]
                assert ref.pile_points_before_transfer(game) == got, f"{name}, {label}"


@pytest.mark.parametrize("name", RESAMPLE_SETS)
def test_a_resampled_game_looks_the_same_to_the_seat(name: str) -> None:
    """A seat's non-perfect observation, scores and history do not change when the cards it has
    not seen are re-dealt (first match only: resample does not carry earlier scores)."""
    rules = RULE_SETS[name]
    redealt = 0
    checked = 0
    for seed in SEEDS:
        for label, game in positions(rules, seed, rate=0.12):
            if game.match_number > 0:
                break
            if game.match_over:
                with pytest.raises(zhengfen.InvalidStateError):
                    game.resample(0, seed)
                continue
            for seat in range(rules.players):
                where = f"{name}, {label}: seat {seat}"
                other = game.resample(seat, 1000 * seed + seat)
                checked += 1
                redealt += any(
                    other.hand(s) != game.hand(s) for s in range(rules.players) if s != seat
                )
                parts = ref.observation_parts(False)
                assert_same(
                    f"{where}, resampled vs real",
                    game.observation_tensor(seat),
                    other.observation_tensor(seat),
                    parts,
                )
                assert_same(
                    f"{where}, scores, resampled vs real",
                    game.score_tensor(seat),
                    other.score_tensor(seat),
                    ref.SCORE_PARTS,
                )
                assert_same(
                    f"{where}, reference on the resampled game",
                    ref.observation(game, seat),
                    ref.observation(other, seat),
                    parts,
                )
                for rows in (16, 200):
                    assert_same(
                        f"{where}, history rows={rows}, resampled vs real",
                        game.history_tensor(seat, rows),
                        other.history_tensor(seat, rows),
                        ref.HISTORY_PARTS,
                    )
    assert checked > 0
    assert redealt > checked // 2, f"only {redealt} of {checked} resamples moved a hidden card"


# --- the messages -----------------------------------------------------------------------------


def test_a_difference_names_its_field() -> None:
    game = Game(RULE_SETS["zf5_best_share"], 3)
    expected = ref.observation(game, 2)
    got = expected.copy()
    offset = {name: off for name, off, _ in ref.field_table()}["passed"]
    got[offset + 1] = 1
    with pytest.raises(
        AssertionError, match=r"seat 2, field passed \(offset 543, size 6\), positions \[544\]"
    ):
        assert_same("seat 2", expected, got, ref.observation_parts(False))
    with pytest.raises(AssertionError, match=r"expected \(591,\) uint8, got \(591,\) float32"):
        assert_same("seat 2", expected, expected.astype(np.float32), ref.observation_parts(False))
    history = ref.history(game, 2, 3)
    wrong = history.copy()
    wrong[1, 93] = 1
    with pytest.raises(AssertionError, match=r"row 1, field pass"):
        assert_same("seat 2", history, wrong, ref.HISTORY_PARTS)


def test_a_value_past_its_bound_names_its_field() -> None:
    game = Game(RULE_SETS["zf4"], 3)
    got = ref.observation(game, 0).copy()
    offset = {name: off for name, off, _ in ref.field_table()}["cards_left"]
    got[offset + 2] = 28
    with pytest.raises(AssertionError, match=r"field cards_left position 527 .* bound 27"):
        assert_within_bounds(
            "seat 0", got, ref.observation_bounds(game.rules), ref.observation_parts(False)
        )
