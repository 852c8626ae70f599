"""``zhengfen bot check`` and the protocol's vectors (BOTS.md §8, §9): a correct bot passes
every row, and so does each example bot of ``examples/bots/`` (built as
``tests/test_example_bots.py`` builds them; skipped without its toolchain unless
``ZHENGFEN_BOT_TESTS=1``); copies of the correct bot with one defect each
(``tests/bots/checked.py DEFECT``) fail the row of their defect, saying why, with exit status
1; options the check cannot run exit 2. The shipped vectors are what the generator writes,
reproducible by their seed."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

import test_example_bots
from zhengfen.bots import messages
from zhengfen.bots.check import Report, check_program
from zhengfen.bots.vectors import FORMAT, PACKAGE_DIR, generate, replay, vector
from zhengfen.cli import main

BOT = Path(__file__).parent / "bots" / "checked.py"
TABLES = ["zheng_fen 3", "zheng_fen 4", "zheng_fen 5", "zheng_fen 6", "zen_cheng_you 4"]
SLACK_MS = 3000
"""The time limit where slowness is not under test: ample on a loaded machine."""
SHORT_MS = 300
"""The time limit where it is (the slow bot takes 500 ms; a wrong id is waited on in full)."""
ROWS = ["hello", *TABLES, "match", "unknown messages", "bye"]


def command(defect: str = "") -> str:
    """The command line of the test bot with ``defect`` (none: the correct bot)."""
    return f"{sys.executable} {BOT} {defect}".strip()


def checked(defect: str = "", **settings: int) -> Report:
    settings = {"decisions": 25, "time_ms": SLACK_MS, **settings}
    return check_program(command(defect), **settings)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["bot", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def failed_rows(report: Report) -> list[str]:
    return [row.name for row in report.rows if row.passed is False]


def decisions_of(report: Report, names: list[str]) -> int:
    return sum(int(report.row(name).detail.split()[0]) for name in names)


@pytest.mark.parametrize("defect", ["", "notation"])
def test_a_correct_bot_passes_every_row(defect: str) -> None:
    report = checked(defect, decisions=40)
    assert [row.name for row in report.rows] == ROWS
    assert report.ok and all(row.passed for row in report.rows), report.text()
    assert decisions_of(report, TABLES) == 40  # --decisions spread over every table
    assert report.text().endswith("all passed")


def test_the_cli_passes_a_correct_bot_with_status_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(
        capsys, "check", command(), "--decisions", "10", "--seed", "4", "--time", str(SLACK_MS)
    )
    assert status == 0
    assert re.search(r"^zen_cheng_you 4 +pass +2 decisions", out, re.M), out


def test_only_the_tables_its_hello_claims_are_checked() -> None:
    report = checked("zheng_fen_4", decisions=7)
    assert [row.name for row in report.rows] == ["hello", "zheng_fen 4", *ROWS[-3:]]
    assert report.ok, report.text()
    assert "not checked: zheng_fen 9, hearts 4" in report.row("hello").detail
    assert report.row("match").detail.startswith("zheng_fen 4:")


@pytest.mark.parametrize(
    ("defect", "row", "why"),
    [
        ("protocol", "hello", "its hello gives protocol 2, not 1"),
        ("no_tables", "hello", "its hello claims no table the engine has ('checked no_tables':"),
        ("illegal", "zheng_fen 3", "illegal answer to decision 3: index "),
        ("slow", "zheng_fen 3", "no answer to decision 1 within 300 ms"),
        ("wrong_id", "zheng_fen 3", 'within 300 ms (it wrote \'{"type": "move", "id": 2,'),
        (
            "unknown_crash",
            "unknown messages",
            'it exited (status 1) after the line \'{"type":"zhengfen_check_unknown"',
        ),
        ("ignores_bye", "bye", "still running 2 s after bye (killed)"),
    ],
)
def test_a_broken_bot_fails_the_row_of_its_defect(
    capsys: pytest.CaptureFixture[str], defect: str, row: str, why: str
) -> None:
    limit = SHORT_MS if defect in ("slow", "wrong_id") else SLACK_MS
    argv = ["check", command(defect), "--decisions", "20", "--time", str(limit)]
    status, out, _ = run_cli(capsys, *argv)
    assert status == 1
    line = next(text for text in out.splitlines() if text.startswith(f"{row} "))
    assert re.match(rf"{row} +FAIL +", line), out
    assert why in line, line
    assert len(line) < 400  # the offending line shortened
    if row != "hello":
        assert re.search(r"^hello +pass", out, re.M)


def test_a_bot_that_crashes_on_an_unknown_message_passes_the_other_rows() -> None:
    report = checked("unknown_crash")
    assert failed_rows(report) == ["unknown messages"]
    detail = report.row("unknown messages").detail
    assert 'it exited (status 1) after the line \'{"type":"zhengfen_check_unknown"' in detail


def test_one_process_plays_the_rows_while_they_pass_and_a_fresh_one_follows_a_failure() -> None:
    # one decision a table: ids count on over the rows, so decision 3 is the third table's;
    # the fresh process after it counts from 1 again, and fails at the match's third
    report = checked("illegal", decisions=5)
    assert failed_rows(report) == ["zheng_fen 5", "match", "unknown messages"], report.text()


def test_no_hello_fails_the_hello_row_and_runs_nothing_else() -> None:
    report = check_program(command("no_hello"), decisions=5, start_seconds=0.5)
    assert report.row("hello").passed is False
    assert report.row("hello").detail == "fails to start: no hello within 0.5 s"
    assert [row.passed for row in report.rows[1:]] == [None] * 4 and not report.ok


def test_a_command_that_cannot_run_is_a_failed_hello(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "check", "/no/such/bot --fast")
    assert status == 1
    assert re.search(r"^hello +FAIL +fails to start: its command cannot be run", out, re.M)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["check", "x", "--decisions", "0"], "--decisions: must be an integer from 1"),
        (["check", "x", "--time", "-5"], "--time: must be an integer from 1 to 600000"),
        (["check", "x", "--seed", "s"], "--seed: must be an integer"),
        (["check", "  "], "the command is empty"),
        (["check", "bot 'half"], "cannot be split"),
        (["check", "x", "--vectors", "/no/such/folder"], "no vectors in /no/such/folder"),
        (["generate", "--out", "/no/such/folder"], "no such folder"),
        (["check"], "the following arguments are required: cmd"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    try:
        status, out, err = run_cli(capsys, *argv)
    except SystemExit as exit_:  # argparse's refusals
        status, (out, err) = int(exit_.code or 0), capsys.readouterr()
    assert status == 2
    assert said in err and out == ""


def test_the_shipped_vectors_are_what_the_generator_writes(tmp_path: Path) -> None:
    written = generate(tmp_path)
    assert sorted(path.name for path in written) == sorted(
        path.name for path in PACKAGE_DIR.glob("*.json")
    )
    for path in written:
        assert path.read_text() == (PACKAGE_DIR / path.name).read_text(), path.name


def test_the_vectors_are_transcripts_of_the_protocol() -> None:
    for path in sorted(PACKAGE_DIR.glob("*.json")):
        value = json.loads(path.read_text())
        assert value["format"] == FORMAT and value["name"] == path.stem
        lines = value["lines"]
        kinds = [line["type"] for line in lines]
        assert kinds[0] == "hello" and kinds[-1] == "bye" and kinds.count("hello") == 1
        assert kinds.count("game") == 3 and kinds.count("match_end") == 2
        assert {"zhengfen_check_unknown", "fault"} <= set(kinds)
        restarted = [line for line in lines if line["type"] == "game" and line["restarted"]]
        assert len(restarted) == 1
        decisions = [line for line in lines if line["type"] == "decision"]
        assert [d["id"] for d in decisions] == list(range(1, len(decisions) + 1))
        assert all(len(d["legal"]) >= 2 for d in decisions)
        games = [line for line in lines if line["type"] == "game"]
        assert {g["rules"].get("players", 4) for g in games} == {value["players"]}


def test_a_vector_is_reproducible_by_its_seed_and_differs_by_it() -> None:
    assert vector("zheng_fen", 4, seed=5) == vector("zheng_fen", 4, seed=5)
    assert vector("zheng_fen", 4, seed=5)["lines"] != vector("zheng_fen", 4, seed=6)["lines"]
    assert vector("zheng_fen", 4)["lines"][0] == {**messages.hello(), "engine": "zhengfen"}


def test_the_vectors_pass_a_correct_bot_and_fail_a_broken_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_cli(
        capsys, "check", command("notation"), "--vectors", "--time", str(SLACK_MS)
    )
    assert status == 0, out
    assert len(re.findall(r"^vector \S+ +pass", out, re.M)) == 5
    report = replay(command("unknown_crash"), time_ms=SLACK_MS)
    assert failed_rows(report) == [
        f"vector {path.stem}" for path in sorted(PACKAGE_DIR.glob("*.json"))
    ]
    assert "zhengfen_check_unknown" in report.rows[1].detail


def test_vectors_of_tables_a_bot_does_not_claim_are_not_run(tmp_path: Path) -> None:
    report = replay(command("zheng_fen_4"), time_ms=SLACK_MS)
    ran = [row.name for row in report.rows if row.passed]
    assert ran == ["hello", "vector zheng_fen-4"] and report.ok, report.text()
    (tmp_path / "bad.json").write_text('{"format": "other"}')
    with pytest.raises(ValueError, match="not a bot vector"):
        replay(command(), tmp_path)


@pytest.fixture(scope="module")
def example_bots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each example bot's command line, built as ``tests/test_example_bots.py`` builds them."""
    built: dict[str, list[str]] = {}
    for language in test_example_bots.LANGUAGES:
        missing = [t for t in test_example_bots.TOOLS[language] if shutil.which(t) is None]
        if missing and test_example_bots.REQUIRED:
            pytest.fail(f"ZHENGFEN_BOT_TESTS=1 but {missing} not found", pytrace=False)
        if not missing:
            folder = tmp_path_factory.mktemp(language)
            built[language] = test_example_bots._build(language, folder)
    return built


@pytest.mark.parametrize("language", test_example_bots.LANGUAGES)
def test_each_example_bot_passes_the_check_and_the_vectors(
    capsys: pytest.CaptureFixture[str], example_bots: dict[str, list[str]], language: str
) -> None:
    if language not in example_bots:
        pytest.skip(f"no toolchain for the {language} bot")
    cmd = shlex.join(example_bots[language])
    status, out, _ = run_cli(capsys, "check", cmd, "--decisions", "50", "--time", "5000")
    assert status == 0, out
    assert [line.split()[0] for line in out.splitlines()[1:-1]][-3:] == ["match", "unknown", "bye"]
    status, out, _ = run_cli(capsys, "check", cmd, "--vectors", "--time", "5000")
    assert status == 0, out
    assert len(re.findall(r"^vector \S+ +pass", out, re.M)) == 5
