"""The conformance door (CONFORMANCE.md): both implementations and the example adapter pass the
vectors through the protocol; the checker catches mutants, crashes and silence, and names the
rule; the vectors cover every kind, option and end of a match; generation refuses disagreement."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from conformance_mutants import MUTANTS
from zhengfen.conformance import vectors
from zhengfen.conformance.checker import check
from zhengfen.conformance.server import Server

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
SERVE = f"{PYTHON} -m zhengfen conformance serve"


@pytest.mark.parametrize(
    "command",
    [
        f"{SERVE} --impl rust",
        f"{SERVE} --impl reference",
        f"{PYTHON} {ROOT / 'examples' / 'conformance_adapter.py'}",
    ],
)
def test_implementations_pass_through_the_command_line(command: str) -> None:
    run = subprocess.run(
        [PYTHON, "-m", "zhengfen", "conformance", "check", "--impl", command],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:]
    assert run.stdout.rstrip().endswith(" passed, 0 failed")


@pytest.mark.parametrize(
    ("mutant", "rule"),
    [("two_below_ace", "§4.1"), ("no_last_chance", "§7.5"), ("jokers_in_specials", "§4.8")],
)
def test_mutants_fail_naming_the_rule(mutant: str, rule: str) -> None:
    report = check(f"{PYTHON} {Path(__file__).parent / 'conformance_mutants.py'} {mutant}")
    assert not report.ok
    assert any(rule in f.rules_sections for f in report.failures), report.text()
    assert rule in report.text()


def test_the_cli_exits_non_zero_on_failure() -> None:
    mutant = f"{PYTHON} {Path(__file__).parent / 'conformance_mutants.py'} jokers_in_specials"
    run = subprocess.run(
        [
            PYTHON,
            "-m",
            "zhengfen",
            "conformance",
            "check",
            "--impl",
            mutant,
            "--section",
            "classify",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 1 and "FAIL classify" in run.stdout and "§4.8" in run.stdout


@pytest.mark.parametrize(
    ("command", "why"),
    [
        (f"{PYTHON} -c 'import sys; sys.exit(3)'", "the implementation exited"),
        (f"{PYTHON} -c 'import time; time.sleep(30)'", "no answer within"),
        (f"{PYTHON} -c 'print(\"hello\", flush=True); import time; time.sleep(30)'", "not JSON"),
    ],
)
def test_crashed_or_silent_implementations_are_reported(command: str, why: str) -> None:
    report = check(command, timeout=1.0, sections=["rng"])
    assert report.failed["rng"] == 5 and report.passed["rng"] == 0
    assert why in json.dumps(report.failures[0].actual)


def test_packaged_vectors_match_the_test_copies() -> None:
    for path in sorted(vectors.PACKAGE_DIR.glob("*.json")):
        assert path.read_text() == (ROOT / "tests" / "data" / "conformance" / path.name).read_text()


def load(section: str) -> list[dict[str, Any]]:
    document = json.loads((vectors.PACKAGE_DIR / f"{section}.json").read_text())
    assert document["format"] == "zhengfen-vectors" and document["version"] == vectors.VERSION
    cases: list[dict[str, Any]] = document["cases"]
    return cases


def test_vectors_cover_every_kind_option_and_ending() -> None:
    text = " ".join(json.dumps(load(s)) for s in vectors.SECTIONS)
    kinds = [
        "single",
        "pair",
        "triple",
        "four",
        "pair_seq",
        "triple_seq",
        "four_seq",
        "full_house",
        "straight_flush",
        "special",
        "straight",
        "full_house_seq",
        "bomb",
    ]
    for kind in kinds:
        assert f'"{kind} ' in text, kind
    for option in [
        "players",
        "jokers_wild",
        "next_leader",
        "target",
        "tie",
        "lead_after_out",
        "last_chance",
    ]:
        assert f'"{option}"' in text, option
    names = {c["name"] for c in load("games")}
    for ending in [
        "a 1-2 finish",
        "three out without a last chance",
        "last chance passed",
        "last chance that beats, and the transfer",
        "tie at the target, shared",
    ]:
        assert ending in names
    errors = {c["steps"][0]["expect"]["error"] for c in load("errors")}
    assert errors == {"invalid_cards", "rules", "invalid_combo"}


def test_generate_refuses_when_the_reference_disagrees(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for target, name, value in MUTANTS["jokers_in_specials"]():
        monkeypatch.setattr(target, name, value)
    monkeypatch.setitem(vectors.SECTIONS, "games", lambda: iter(()))
    with pytest.raises(SystemExit, match="disagrees"):
        vectors.generate([tmp_path])
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    "request_",
    [
        {"id": 1, "op": "fly"},
        {"id": 2, "op": "classify"},
        {"id": 3, "op": "play", "game": "nope", "move": "pass"},
        {"id": 4, "op": "classify", "rules": {"game": "chess"}, "cards": "3c"},
    ],
)
def test_bad_requests_get_error_answers(request_: dict[str, Any]) -> None:
    reply = Server(zhengfen).answer(request_)
    assert reply["id"] == request_["id"] and reply["error"]["kind"] == "bad_request"


GARBAGE = [
    "not json",
    "[1, 2]",
    '{"id": 7, "op": "hello"}',
    '{"op": "quit"}',
    '{"id": 8, "op": "hello"}',
]


def test_the_server_survives_garbage_lines() -> None:
    run = subprocess.run(
        [PYTHON, "-m", "zhengfen", "conformance", "serve"],
        input="\n".join(GARBAGE) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert [a.get("error", {}).get("kind") for a in answers[:2]] == ["bad_request", "bad_request"]
    assert answers[2] == {"id": 7, "result": {"name": "zhengfen-rust", "protocol": 1}}
    assert len(answers) == 3
