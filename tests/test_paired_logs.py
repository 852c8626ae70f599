"""``benches/paired_logs.py``: two agents' leads over one opponent, paired deal by deal."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from zhengfen.arena.report import difference
from zhengfen.cli import main as zhengfen_main

sys.path.append(str(Path(__file__).parents[1] / "benches"))

import paired_logs


def arena_log(tmp_path: Path, name: str, agents: str, seed: int, deals: int = 6) -> Path:
    """A small arena match's log, written by the command itself."""
    log = tmp_path / f"{name}.jsonl"
    argv = ["arena", "--seed", str(seed), "--deals", str(deals), "--matches", "1"]
    assert zhengfen_main([*argv, "--agents", agents, "--no-progress", "--log", str(log)]) == 0
    return log


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("paired")
    return arena_log(folder, "greedy", "greedy,learned", 11), arena_log(
        folder, "random", "random,learned", 11
    )


def test_the_paired_mean_is_the_difference_of_the_two_leads(logs: tuple[Path, Path]) -> None:
    first, second = (paired_logs.read(path) for path in logs)
    a, b = paired_logs.matches(first, second, None)
    assert (a.agent, b.agent, a.opponent, b.opponent) == ("greedy", "random", "learned", "learned")
    paired = paired_logs.compare(a, b)
    lead_a, lead_b = difference(first, "greedy", "learned"), difference(second, "random", "learned")
    assert lead_a is not None and lead_b is not None
    assert paired.n == 6
    assert paired.mean == pytest.approx(lead_a.mean - lead_b.mean)
    assert paired.low is not None and paired.high is not None
    assert paired.low < paired.mean < paired.high


def test_a_log_compared_with_itself_differs_by_exactly_nothing(logs: tuple[Path, Path]) -> None:
    first = paired_logs.read(logs[0])
    a, b = paired_logs.matches(first, first, "learned")
    paired = paired_logs.compare(a, b)
    assert (paired.mean, paired.low, paired.high) == (0.0, 0.0, 0.0)


def test_different_deals_are_refused(
    tmp_path: Path, logs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    other = arena_log(tmp_path, "other", "random,learned", 12)
    assert paired_logs.main([str(logs[0]), str(other)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paired_logs: deal 0 differs between the logs") and err.count("\n") == 1


def test_logs_without_a_shared_opponent_are_refused(
    tmp_path: Path, logs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    other = arena_log(tmp_path, "nothing-shared", "random,greedy", 11)
    assert paired_logs.main([str(logs[0]), str(other), "--opponent", "learned"]) == 2
    assert "must share one opponent" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    assert paired_logs.main([str(empty), str(logs[1])]) == 2
    assert "holds no games" in capsys.readouterr().err


def test_the_report_names_both_leads_and_their_paired_difference(
    logs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert paired_logs.main([str(path) for path in logs]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("greedy - learned: ") and lines[1].startswith("random - learned: ")
    assert lines[2].startswith("(greedy - learned) - (random - learned): ") and lines[2].endswith(
        "paired over 6 deals"
    )
