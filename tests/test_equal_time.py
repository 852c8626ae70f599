"""``benches/equal_time.py`` (issue 31 §6) on tiny settings: the iteration count read off the
calibration line, each row's numbers the arena's own for the same match, and refused settings
stopped before anything is played, in one line with exit status 2."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import zhengfen
from zhengfen.arena import Report, Tournament, run

sys.path.append(str(Path(__file__).parents[1] / "benches"))
import equal_time
from equal_time import Line


def test_the_line_through_two_timings_gives_the_count_for_a_time() -> None:
    line = Line.through((10, 0.002), (110, 0.012))  # 1 ms fixed, 0.1 ms an iteration
    assert line.fixed == pytest.approx(0.001) and line.each == pytest.approx(0.0001)
    assert line.iterations(0.006) == 50
    assert line.iterations(0.012) == 110
    assert Line.through((110, 0.012), (10, 0.002)) == line  # either order
    # Below the fixed cost: one iteration; above the core's bound: the bound.
    assert line.iterations(0.0005) == 1
    assert line.iterations(1e9) == equal_time.MOST_ITERATIONS
    # More time never buys fewer iterations.
    counts = [line.iterations(t / 1000) for t in range(1, 50)]
    assert counts == sorted(counts)


def test_a_line_that_noise_made_fall_goes_through_the_origin() -> None:
    line = Line.through((10, 0.004), (110, 0.003))  # the larger count timed faster
    assert line == Line(0.0, 0.003 / 110)
    assert line.iterations(0.003) == 110


def rows(text: str) -> list[list[str]]:
    """The table's rows (header and rule left out), as cells."""
    lines = [line for line in text.splitlines() if line.startswith("| ")][1:]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]


def test_each_row_is_the_arenas_match_of_its_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "equal.md"
    baseline = "ismcts(iterations=30)"
    status = equal_time.main(
        [
            *("--baseline", baseline, "--probes", "4,16", "--fractions", "0.5,1"),
            *("--deals", "2", "--seed", "5", "--timing-deals", "1", "--no-progress"),
            *("--out", str(out_file)),
        ]
    )
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert out_file.read_text() == out
    table = rows(out)
    assert [row[0] for row in table] == ["0.5 x", "1 x"]
    canonical = "ismcts(iterations=30,playout=greedy,exploration=0.7,candidates=8)"
    assert f"against `{canonical}`" in out
    for row in table:
        count = int(row[1])
        guided = zhengfen.AgentSpec.ismcts(iterations=count, policy="learned")
        match = Tournament(
            zhengfen.Rules.zheng_fen(),
            (guided, zhengfen.AgentSpec(canonical)) * 2,
            deals=2,
            seed=5,
            matches=1,
        )
        report = Report(match, run(match), 1.0)
        first, second = (stats.per_match for stats in report.stats())
        paired = report.difference()
        assert first is not None and second is not None and paired is not None
        assert row[4:7] == [first.text(), second.text(), paired[2].text(signed=True)]
        assert row[7] in ("guided", "baseline", "not separated")


def test_playout_greedy_plays_the_leaves_out_greedily(capsys: pytest.CaptureFixture[str]) -> None:
    """``--playout greedy``: the guided search's spec (timed and played) plays its leaves out
    with greedy instead of the model's values; the default names no playout."""
    common = ["--baseline", "ismcts(iterations=20)", "--probes", "4,16", "--fractions", "1"]
    common += ["--deals", "1", "--timing-deals", "1", "--no-progress"]
    assert equal_time.main([*common, "--playout", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "guided `ismcts(iterations=N,playout=greedy,policy=learned)`" in out
    assert equal_time.guided(7, "learned") == "ismcts(iterations=7,policy=learned)"


def test_settings_reach_the_guided_search(capsys: pytest.CaptureFixture[str]) -> None:
    """``--settings``: the guided search's exploration and candidates, in the spec it is timed
    and played with; a setting the search does not take is refused before play."""
    common = ["--baseline", "ismcts(iterations=20)", "--probes", "4,16", "--fractions", "1"]
    common += ["--deals", "1", "--timing-deals", "1", "--no-progress"]
    assert equal_time.main([*common, "--settings", "exploration=0.4,candidates=5"]) == 0
    out = capsys.readouterr().out
    assert "guided `ismcts(iterations=N,exploration=0.4,candidates=5,policy=learned)`" in out
    assert equal_time.main([*common, "--settings", "width=3"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("equal_time: ") and "width" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "learned(model=/no/such.safetensors)"], "cannot be read"),
        (["--baseline", "nonsense"], "nonsense"),
        (["--out", "/no/such/folder/equal.md"], "does not exist"),
    ],
)
def test_refused_settings_stop_before_play(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status = equal_time.main(["--deals", "1", "--no-progress", *args])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith("equal_time: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "args",
    [["--fractions", "0,1"], ["--fractions", "a"], ["--probes", "5,5"], ["--probes", "7"]],
)
def test_malformed_numbers_are_refused_by_the_parser(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        equal_time.main(args)
    assert stop.value.code == 2
    assert capsys.readouterr().out == ""
