"""``benches/paired_logs.py``: two agents' leads over one opponent, paired deal by deal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from zhengfen.arena.report import difference
from zhengfen.cli import main as zhengfen_main
from zhengfen.errors import InvalidStateError

sys.path.append(str(Path(__file__).parents[1] / "benches"))

import paired_logs


def arena_log(
    tmp_path: Path, name: str, agents: str, seed: int, deals: int = 6, game: str = "zheng_fen"
) -> Path:
    """A small arena match's log, written by the command itself."""
    log = tmp_path / f"{name}.jsonl"
    argv = ["arena", "--game", game, "--seed", str(seed), "--deals", str(deals), "--matches", "1"]
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


def test_the_deals_split_by_declaration_add_up_to_the_paired_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Zen Cheng You: the groups partition the shared deals, their shares add up to the paired
    mean, and the deals found declared are those whose games hold a declaration (read from the
    games' decisions, not their events)."""
    paths = (
        arena_log(tmp_path, "g", "greedy,learned", 11, deals=8, game="zen_cheng_you"),
        arena_log(tmp_path, "r", "random,learned", 11, deals=8, game="zen_cheng_you"),
    )
    games = [paired_logs.read(path) for path in paths]
    a, b = paired_logs.matches(games[0], games[1], None)
    groups = paired_logs.declaration_groups(a, b, paths)
    assert list(groups) == ["both", "one", "neither"]
    assert sum(len(values) for values in groups.values()) == 8
    total = sum(sum(values) for values in groups.values()) / 8
    assert total == pytest.approx(paired_logs.compare(a, b).mean)
    capsys.readouterr()
    assert paired_logs.main([*map(str, paths), "--by-declaration"]) == 0
    lines = capsys.readouterr().out.splitlines()[3:]
    assert [line.split(" declared in ")[1].split(" ")[0] for line in lines] == list(groups)
    for path in paths:
        with_declaration = set()
        for text in path.read_text().splitlines():
            data = json.loads(text)
            if {"declare", "blind"} & set(data["game"]["decisions"]):
                with_declaration.add(data["deal"])
        found = set().union(
            *(paired_logs.declared(path, name) for name in ("learned", "greedy", "random"))
        )
        assert found == with_declaration
    assert any(paired_logs.declared(path, "learned") for path in paths), "no declaration: vacuous"


def test_a_log_without_game_records_cannot_say_who_declared(tmp_path: Path) -> None:
    log = tmp_path / "bare.jsonl"
    log.write_text('{"deal": 0, "agents": ["a", "b", "a", "b"]}\n')
    with pytest.raises(InvalidStateError, match="holds no game records"):
        paired_logs.declared(log, "a")
