"""``benches/ladder.py`` (issue 13 §4) on tiny settings: its rows are the arena's own numbers for
the same tournament, the pairs it plays (neighbours, or every pair with ``--all-pairs``, the later
agent as A), the same table on any number of threads, and refused settings (the output path
among them) stopped before anything is played."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import zhengfen
from zhengfen.arena import Report, Tournament, run

sys.path.append(str(Path(__file__).parents[1] / "benches"))
import ladder


def ladder_run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = ladder.main(["--no-progress", "--timing-deals", "1", *args])
    out, err = capsys.readouterr()
    return status, out, err


def rows(text: str) -> list[list[str]]:
    """The table's rows (header and rule left out), as cells."""
    lines = [line for line in text.splitlines() if line.startswith("| ")][1:]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]


def test_tiny_ladder_writes_the_arenas_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "ladder.md"
    args = ("--agents", "random,greedy", "--deals", "2", "--seed", "7", "--out", str(out_file))
    status, out, err = ladder_run(capsys, *args)
    assert (status, err) == (0, "")
    assert out_file.read_text() == out  # the file holds what was printed
    assert out.startswith("`python benches/ladder.py --no-progress --timing-deals 1 --agents")
    [row] = rows(out)
    # The same duplicate match through the arena: greedy and random alternating round the table.
    match = Tournament(
        zhengfen.Rules.zheng_fen(),
        (zhengfen.AgentSpec.greedy(), zhengfen.AgentSpec.random()) * 2,
        deals=2,
        seed=7,
        matches=1,
    )
    report = Report(match, run(match), 1.0)
    greedy, random = (s.per_match for s in report.stats())
    paired = report.difference()
    assert greedy is not None and random is not None and paired is not None
    assert row[:5] == [
        "greedy vs random",
        "2",
        greedy.text(),
        random.text(),
        paired[2].text(signed=True),
    ]
    assert row[5] in ("A", "B", "not separated")
    assert re.fullmatch(r"\d+\.\d", row[6])  # seconds
    time = r"\d+(\.\d+)? (us|ms|s)"
    assert re.fullmatch(f"{time} / {time}", row[7])  # time per decision of A and of B


@pytest.mark.parametrize(
    ("all_pairs", "expected"),
    [
        ((), ["greedy vs random", "search(determinizations=1,candidates=2) vs greedy"]),
        (
            ("--all-pairs",),
            [
                "greedy vs random",
                "search(determinizations=1,candidates=2) vs random",
                "search(determinizations=1,candidates=2) vs greedy",
            ],
        ),
    ],
)
def test_pairs_are_neighbours_or_all_later_agent_first(
    capsys: pytest.CaptureFixture[str], all_pairs: tuple[str, ...], expected: list[str]
) -> None:
    agents = "random,greedy,search(determinizations=1,candidates=2)"
    status, out, _ = ladder_run(capsys, "--agents", agents, "--deals", "2", *all_pairs)
    assert status == 0
    assert [row[0] for row in rows(out)] == expected


def test_zen_cheng_you_team_against_team_on_any_threads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tables = []
    for threads in ("1", "2"):
        args = ("--game", "zen_cheng_you", "--agents", "random,greedy", "--deals", "3")
        status, out, _ = ladder_run(capsys, *args, "--threads", threads)
        assert status == 0 and "seats A's team against B's" in out
        tables.append([row[:6] for row in rows(out)])  # all but the times
    assert tables[0] == tables[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "random"], "--agents: a ladder needs at least 2 agents"),
        (["--agents", "greedy,random,greedy"], "--agents: greedy given twice"),
        (["--agents", "random,nope"], "unknown agent 'nope'"),
        (["--agents", "random,greedy", "--threads", "0"], "--threads must be 1 to 256"),
        (["--agents", "random,greedy", "--out", "/no/such/folder/x.md"], "does not exist"),
        (["--game", "zen_cheng_you", "--players", "5"], "option players must be"),
    ],
)
def test_refused_settings_play_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    out_file = tmp_path / "ladder.md"
    out_args = [] if "--out" in args else ["--out", str(out_file)]
    status, out, err = ladder_run(capsys, *args, *out_args)
    assert (status, out) == (2, "")
    assert err.startswith("ladder: ") and message in err and err.count("\n") == 1
    assert not out_file.exists()


def test_each_learned_model_is_listed_with_the_training_behind_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A model file played as ``learned(model=PATH)`` and as an ``ismcts`` policy is listed
    once, with its layers, core-hours, decisions and command; a model started from another
    (``training.init``) counts that one's budget too."""
    import json

    import zhengfen
    from learned_models import build

    model = build("zheng_fen", 4, seed=1)
    training = {"decisions": 1000, "seconds": 1.0, "core_hours": 0.25, "command": "zhengfen x"}
    training["init"] = {**training, "decisions": 500, "core_hours": 0.5}
    metadata = {**model.metadata, "training": json.dumps(training)}
    path = tmp_path / "m.safetensors"
    zhengfen.LearnedModel.from_arrays(metadata, model.tensors()).save(path)
    agents = f"greedy,learned(model={path}),ismcts(iterations=2,policy=learned(model={path}))"
    status, out, err = ladder_run(capsys, "--agents", agents, "--deals", "1")
    assert (status, err) == (0, ""), err
    listed = [line for line in out.splitlines() if line.startswith("- model")]
    layers = "-".join(map(str, model.layers))
    assert listed == [
        f"- model `{path}` ({layers}, {model.history_rows} history rows): 0.75 core-hours, "
        "1,500 learner decisions of training; `zhengfen x`"
    ]
