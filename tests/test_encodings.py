"""The engine's tensors (AI.md §1) against an independent encoder written from the documentation
(``tests/encoding_reference.py``), over seeded random play in every rule family, every phase,
every seat and later matches; plus the field table, AI.md's copy of it, and the information
invariant of ``resample`` (AI.md §5)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import encoding_reference as ref
import zhengfen
from zhengfen import Game, Rules

AI_MD = Path(__file__).resolve().parent.parent / "AI.md"

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


def show(values: npt.NDArray[np.float32]) -> str:
    """A short text for a field's values: all of them if few, else the nonzero entries."""
    if values.size <= 24:
        return np.array2string(values, precision=4, separator=", ", max_line_width=10_000)
    return "{" + ", ".join(f"{i}: {v:g}" for i, v in enumerate(values) if v != 0) + "}"


def differences(
    expected: npt.NDArray[np.float32],
    got: npt.NDArray[np.float32],
    parts: Sequence[tuple[str, int]],
    ignore: frozenset[str] = frozenset(),
) -> list[tuple[int, str]]:
    """``(row, text)`` for each (row, field) where ``got`` differs from ``expected``, naming the
    field (the part of ``parts`` whose offset range holds the difference); a vector is row 0.
    Parts named in ``ignore`` are skipped."""
    if expected.shape != got.shape or got.dtype != np.float32:
        return [(0, f"shape/dtype: expected {expected.shape} float32, got {got.shape} {got.dtype}")]
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
            found.append(
                (
                    row,
                    f"{where}field {name} (offset {offset}, size {size}): "
                    f"expected {show(rows_e[row][span])} got {show(rows_g[row][span])}",
                )
            )
    return found


def assert_same(
    context: str,
    expected: npt.NDArray[np.float32],
    got: npt.NDArray[np.float32],
    parts: Sequence[tuple[str, int]],
    ignore: frozenset[str] = frozenset(),
) -> None:
    """Fail with ``context`` and each differing field when the tensors are not identical."""
    lines = differences(expected, got, parts, ignore)
    assert not lines, "\n".join(f"{context}, {text}" for _, text in lines[:12])


# --- checks -----------------------------------------------------------------------------------


def check_observations(game: Game, where: str) -> None:
    """Every seat's observation, with and without perfect information (AI.md §1.1)."""
    ignore = frozenset(name for name, phases in KNOWN_DISAGREEMENTS.items() if game.phase in phases)
    for seat in range(game.rules.players):
        for perfect in (False, True):
            assert_same(
                f"{where}: seat {seat}{' (perfect)' if perfect else ''}",
                ref.observation(game, seat, perfect),
                game.observation_tensor(seat, perfect_information=perfect),
                ref.observation_parts(perfect),
                ignore,
            )


def check_history(game: Game, where: str) -> None:
    """Every seat's history tensor for a few row counts and the default 16 (AI.md §1.2). The
    reference's ``rows`` rows are the first ``rows`` of its longest history."""
    longest = max(HISTORY_ROWS)
    for seat in range(game.rules.players):
        expected = ref.history(game, seat, longest)
        for rows in (*HISTORY_ROWS, None):
            got = game.history_tensor(seat) if rows is None else game.history_tensor(seat, rows)
            assert_same(
                f"{where}: seat {seat}, history rows={rows or 'default (16)'}",
                expected[: rows or 16],
                got,
                ref.HISTORY_PARTS,
            )


def check_moves(game: Game, where: str) -> None:
    """The legal move features and the action mask on both sides of the count (AI.md §1.3)."""
    moves = game.legal_moves()
    expected = ref.move_features(moves, game.rules)
    got = game.legal_move_features()
    lines = differences(expected, got, ref.MOVE_PARTS)
    assert not lines, "\n".join(
        f"{where}: move {moves[row] if row < len(moves) else '?'}, {text}"
        for row, text in lines[:12]
    )
    n = len(moves)
    for m in sorted({1, max(n - 1, 1), n + 1, n + 37}):
        mask = game.action_mask(m)
        assert mask.dtype == np.bool_, f"{where}: action_mask({m}) dtype {mask.dtype}"
        assert np.array_equal(mask, ref.action_mask(n, m)), (
            f"{where}: action_mask({m}) with {n} legal moves: expected "
            f"{int(ref.action_mask(n, m).sum())} true, got {int(mask.sum())} true of {mask.size}"
        )


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_tensors_match_the_documented_encoding(name: str) -> None:
    rules = RULE_SETS[name]
    phases: set[str] = set()
    matches = 0
    for seed in SEEDS:
        for label, game in positions(rules, seed):
            where = f"{name}, {label}"
            phases.add(game.phase)
            matches = max(matches, game.match_number + 1)
            check_observations(game, where)
            check_history(game, where)
            check_moves(game, where)
    # The sample covers every phase of the game and later matches.
    expected_phases = {"play", "match_over", "game_over"}
    if rules.game == "zen_cheng_you":
        expected_phases |= {"blind_declare", "declare"}
    assert phases == expected_phases, phases
    assert matches >= 2


# --- the field table --------------------------------------------------------------------------


def test_sizes_and_version() -> None:
    assert zhengfen.ENCODING_VERSION == ref.ENCODING_VERSION
    assert zhengfen.CARD_VECTOR == ref.CARD_VECTOR
    assert zhengfen.COMBO_ROW == ref.COMBO_ROW == 87
    assert zhengfen.HISTORY_ROW == ref.HISTORY_ROW == 94
    assert zhengfen.MOVE_ROW == ref.MOVE_ROW == 90
    assert zhengfen.OBSERVATION_SIZE == ref.OBSERVATION_SIZE == 598
    assert zhengfen.PERFECT_OBSERVATION_SIZE == ref.PERFECT_OBSERVATION_SIZE == 922


@pytest.mark.parametrize("perfect", [False, True])
def test_observation_fields_match_the_reference_table(perfect: bool) -> None:
    engine = [
        (name, offset, size) for name, offset, size, _ in zhengfen.observation_fields(perfect)
    ]
    assert engine == ref.field_table(perfect)


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


# --- the documented disagreement --------------------------------------------------------------


def ended_positions() -> Iterator[tuple[str, Game]]:
    """``match_over`` / ``game_over`` positions of a few rule sets."""
    for name in ("zf4", "zf6_share", "zcy", "zcy_partner_last_chance"):
        for label, game in positions(RULE_SETS[name], 0, rate=0.0):
            if game.phase in ("match_over", "game_over"):
                yield f"{name}, {label}", game


def test_points_won_in_play_is_the_observation_dictionarys() -> None:
    """The reference reads the piles from the ``trick`` events; while a match is in play (no
    transfer yet) that agrees with ``observation()["points_won"]``."""
    for name in ("zf3", "zf5_best_share", "zcy_partner"):
        for label, game in positions(RULE_SETS[name], 1, rate=0.3):
            if game.phase == "play":
                got = game.observation(0)["points_won"]
                assert ref.pile_points_before_transfer(game) == got, f"{name}, {label}"


# --- information: resample (AI.md §5) ---------------------------------------------------------

RESAMPLE_SETS = ("zf3", "zf4_tame", "zf6_share", "zcy", "zcy_partner_last_chance")


@pytest.mark.parametrize("name", RESAMPLE_SETS)
def test_a_resampled_game_looks_the_same_to_the_seat(name: str) -> None:
    """A seat's non-perfect observation and history do not change when the cards it has not
    seen are re-dealt (first match only: resample does not carry earlier scores)."""
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
    got[offset + 1] = 1.0
    with pytest.raises(AssertionError, match=r"seat 2, field passed \(offset 549, size 6\)"):
        assert_same("seat 2", expected, got, ref.observation_parts(False))
    history = ref.history(game, 2, 3)
    wrong = history.copy()
    wrong[1, 93] = 1.0
    with pytest.raises(AssertionError, match=r"row 1, field pass"):
        assert_same("seat 2", history, wrong, ref.HISTORY_PARTS)
