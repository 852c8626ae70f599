"""The arena's points per match with 95 % intervals (issue 13 §4): the interval math against
hand-computed values, per-deal values pooled over seats and rotations, the paired difference of
two agents, and what ``zhengfen arena`` prints (intervals with ``--matches 1``, none from one
deal)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import zhengfen
from zhengfen.arena import (
    GameResult,
    Interval,
    Report,
    Tournament,
    deal_points,
    difference,
    mean_interval,
    run,
    t95,
)
from zhengfen.cli import main

GREEDY, RANDOM = zhengfen.AgentSpec.greedy(), zhengfen.AgentSpec.random()

# --- the interval math ------------------------------------------------------------------------


def test_t_quantiles_are_students_below_30_samples_then_normal() -> None:
    assert t95(2) == 12.706  # 1 degree of freedom
    assert t95(5) == 2.776
    assert t95(29) == 2.048
    assert t95(30) == 1.96
    assert t95(10_000) == 1.96
    with pytest.raises(ValueError, match="at least 2 samples"):
        t95(1)


def test_interval_of_four_values_by_hand() -> None:
    # mean 2.5; s = sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3) = sqrt(5/3); t(3) = 3.182.
    got = mean_interval([1, 2, 3, 4])
    half = 3.182 * math.sqrt(5 / 3) / 2
    assert (got.mean, got.n) == (2.5, 4)
    assert got.low == pytest.approx(2.5 - half) and got.high == pytest.approx(2.5 + half)
    assert got.text() == "2.5 [0.4, 4.6]"
    assert got.text(signed=True) == "+2.5 [+0.4, +4.6]"


def test_interval_of_thirty_values_uses_1_96() -> None:
    # Fifteen 0s and fifteen 1s: s = sqrt(30 * 0.25 / 29).
    got = mean_interval([0.0, 1.0] * 15)
    half = 1.96 * math.sqrt(30 * 0.25 / 29) / math.sqrt(30)
    assert got.low == pytest.approx(0.5 - half) and got.high == pytest.approx(0.5 + half)


def test_one_value_has_no_interval_and_none_is_refused() -> None:
    one = mean_interval([7.25])
    assert one == Interval(7.25, 1)
    assert one.text() == "7.2 (1 deal: no interval)"
    with pytest.raises(ValueError, match="no samples"):
        mean_interval([])


@given(st.lists(st.integers(-200, 200), min_size=2, max_size=60))
def test_interval_is_centred_and_matches_numpy(values: list[int]) -> None:
    got = mean_interval(values)
    assert got.low is not None and got.high is not None
    half = t95(len(values)) * float(np.std(values, ddof=1)) / math.sqrt(len(values))
    assert got.mean == pytest.approx(np.mean(values))
    assert got.high - got.mean == pytest.approx(half, abs=1e-9)
    assert got.mean - got.low == pytest.approx(half, abs=1e-9)


# --- per-deal values and the paired difference ------------------------------------------------


def game(deal: int, rotation: int, seating: list[str], points: list[int], matches: int) -> Any:
    return GameResult(deal, rotation, 0, seating, points, [False] * 4, matches, 0)


def test_deal_value_pools_every_seat_and_rotation_by_hand() -> None:
    games = [
        game(0, 0, ["a", "b", "a", "b"], [10, 0, 20, 30], matches=1),
        game(0, 1, ["b", "a", "b", "a"], [5, 15, 0, 20], matches=2),
        game(1, 0, ["a", "b", "a", "b"], [40, 10, 0, 0], matches=1),
        game(1, 1, ["b", "a", "b", "a"], [0, 0, 30, 20], matches=1),
    ]
    # Deal 0: a holds seats 0 and 2 (1 match each), then 1 and 3 (2 matches each).
    assert deal_points(games, "a") == {0: (10 + 20 + 15 + 20) / 6, 1: (40 + 0 + 0 + 20) / 4}
    assert deal_points(games, "b") == {0: (0 + 30 + 5 + 0) / 6, 1: (10 + 0 + 0 + 30) / 4}
    paired = difference(games, "a", "b")
    assert paired is not None and paired.n == 2
    assert paired.mean == pytest.approx(((65 - 35) / 6 + (60 - 40) / 4) / 2)
    assert difference(games, "a", "nobody") is None


tables = st.lists(
    st.tuples(st.lists(st.integers(0, 100), min_size=4, max_size=4), st.integers(1, 3)),
    min_size=2,
    max_size=2,
)


@given(st.lists(tables, min_size=1, max_size=20))
def test_paired_difference_is_the_difference_of_means(deals: list[Any]) -> None:
    games = [
        game(d, r, ["a", "b", "a", "b"] if r == 0 else ["b", "a", "b", "a"], points, matches)
        for d, rotations in enumerate(deals)
        for r, (points, matches) in enumerate(rotations)
    ]
    report = Report(
        Tournament(
            zhengfen.Rules.zheng_fen(), (GREEDY, RANDOM) * 2, len(deals), names=("a", "b") * 2
        ),
        games,
        1,
    )
    a, b = (s.per_match for s in report.stats())
    paired = report.difference()
    assert a is not None and b is not None and paired is not None
    assert paired[:2] == ("a", "b") and paired[2].n == len(deals)
    assert paired[2].mean == pytest.approx(a.mean - b.mean, abs=1e-9)
    if len(deals) >= 2:  # the paired interval is the interval of the per-deal differences
        diffs = [deal_points(games, "a")[d] - deal_points(games, "b")[d] for d in range(len(deals))]
        assert paired[2] == mean_interval(diffs)


# --- the command ------------------------------------------------------------------------------


def arena(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["arena", "--no-progress", *args]) == 0
    return capsys.readouterr().out


def test_arena_one_match_prints_intervals_the_log_confirms(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "games.jsonl"
    args = ("--agents", "greedy,random", "--deals", "5", "--matches", "1", "--seed", "3")
    out = arena(capsys, *args, "--log", str(log))
    # Recomputed from the log with numpy: each deal's mean over greedy's seats and rotations.
    records = [json.loads(line) for line in log.read_text().splitlines()]
    per_deal: dict[str, np.ndarray] = {}
    for name in ("greedy", "random"):
        sums = np.zeros(5)
        for r in records:
            sums[r["deal"]] += sum(p for p, a in zip(r["points"], r["agents"]) if a == name)
        per_deal[name] = sums / 4  # 2 seats x 2 rotations, 1 match each

    def shown(values: np.ndarray, signed: bool = False) -> str:
        half = 2.776 * float(np.std(values, ddof=1)) / math.sqrt(5)
        form = "+.1f" if signed else ".1f"
        m = float(values.mean())
        return f"{m:{form}} [{m - half:{form}}, {m + half:{form}}]"

    assert "| pts/match [95 % CI] |" in out and "n/a (no game finished)" in out
    assert f"| greedy | 20 | {shown(per_deal['greedy'])} |" in out
    assert f"| random | 20 | {shown(per_deal['random'])} |" in out
    lead = shown(per_deal["greedy"] - per_deal["random"], signed=True)
    assert f"\ngreedy - random: {lead} points per match over 5 deals\n" in out


def test_arena_one_deal_says_there_is_no_interval(capsys: pytest.CaptureFixture[str]) -> None:
    out = arena(capsys, "--agents", "greedy,random", "--deals", "1", "--matches", "1", "--single")
    assert re.search(r"\| greedy \| 2 \| \d+\.\d \(1 deal: no interval\) \|", out)
    assert re.search(r"greedy - random: [+-]\d+\.\d \(1 deal: no interval\) .* over 1 deal\n", out)


def test_arena_three_agents_print_no_difference(capsys: pytest.CaptureFixture[str]) -> None:
    agents = "search(determinizations=1,candidates=2),greedy,random"
    out = arena(capsys, "--agents", agents, "--players", "3", "--deals", "2", "--matches", "1")
    assert " points per match over " not in out
    assert len(re.findall(r"\| \d+\.\d \[-?\d+\.\d, \d+\.\d\] \|", out)) == 3  # one per agent


def test_fixed_matches_make_the_deal_mean_the_overall_mean() -> None:
    """With every game one match long, the mean of the per-deal values is total points over
    total matches (each deal weighs the same either way); threads change nothing."""
    t = Tournament(zhengfen.Rules.zen_cheng_you(), (GREEDY, RANDOM) * 2, deals=6, matches=1)
    games = run(t)
    assert run(Tournament(**{**t.__dict__, "threads": 2})) == games
    for stats in Report(t, games, 1.0).stats():
        assert stats.per_match is not None
        assert stats.per_match.mean == pytest.approx(stats.points / stats.matches)
