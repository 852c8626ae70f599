"""The conformance door (CONFORMANCE.md): both implementations and the example adapter pass the
vectors through the protocol; the checker catches mutants, crashes and silence, and names the
rule; the vectors cover every kind, option and end of a match; generation refuses disagreement."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from conformance_mutants import MUTANTS
from zhengfen import reference
from zhengfen.conformance import seeds, vectors
from zhengfen.conformance.checker import GIVE_UP_AFTER, check, checked_answer
from zhengfen.conformance.server import Server
from zhengfen.conformance.wire import raw_line
from zhengfen.errors import ConformanceError

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
    [
        ("two_below_ace", "§4.1"),
        ("no_last_chance", "§7.5"),
        ("jokers_in_specials", "§4.8"),
        ("best_score_by_seat", "§7.1"),
        ("no_four_joker_bomb_move", "§10"),
        ("no_rejection", "§2.2"),
    ],
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
    """Reported, and given up on after three cases in a row (it used to wait out every case:
    about 395 times the timeout for one that never answers)."""
    started = time.monotonic()
    report = check(command, timeout=1.0)
    assert report.failed == {"protocol": 1, "rng": 3} and report.passed["rng"] == 0
    assert why in json.dumps(report.failures[0].actual)
    total = sum(len(load(section)) for section in vectors.SECTIONS)
    assert report.gave_up is not None and f"{total - 3} cases not run" in report.gave_up
    assert not report.ok and report.text().endswith(report.gave_up)
    assert time.monotonic() - started < 30


def test_an_implementation_that_floods_its_output_is_given_up_quickly() -> None:
    """``--impl yes`` burned 15 s of CPU before failing; one line and exit 1 now."""
    started = time.monotonic()
    run = subprocess.run(
        [PYTHON, "-m", "zhengfen", "conformance", "check", "--impl", "yes"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1 and run.stderr == ""
    assert run.stdout.splitlines()[-1].startswith("gave up: 3 cases in a row without an answer")
    assert time.monotonic() - started < 15


def test_wrong_answers_are_not_given_up_on(tmp_path: Path) -> None:
    """Only a run of cases with no answer at all stops the check: wrong answers, however many in
    a row, are each checked (here every rng case expects a changed result)."""
    cases = load("rng")
    for case in cases:
        case["steps"][-1]["expect"] = {"result": "not what anyone answers"}
    report = check(SERVE, vectors_of(tmp_path, "rng", cases), sections=["rng"])
    assert len(cases) > GIVE_UP_AFTER
    assert report.gave_up is None and report.failed["rng"] == len(cases)


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
    steps = [step for c in load("errors") for step in c["steps"]]
    errors = {step["expect"]["error"] for step in steps if "error" in step["expect"]}
    assert errors == {"invalid_cards", "rules", "invalid_combo", "invalid_state", "bad_request"}
    refused = {step["request"].get("op") for c in load("games") for step in c["steps"]}
    assert {"play", "next_match"} <= refused
    game_errors = {step["expect"].get("error") for c in load("games") for step in c["steps"]}
    assert "illegal_move" in game_errors


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


MISBEHAVING = f"{PYTHON} {Path(__file__).parent / 'conformance_misbehaving.py'}"


@pytest.mark.parametrize(
    ("fault", "why"),
    [
        ("wrong_id", 'hello: answered with id "wrong" the request id'),
        ("no_id", "hello: answered with id null the request id"),
        ("no_hello", "hello: expected"),
        ("old_protocol", "hello: protocol 0, this checker speaks 1"),
    ],
)
def test_an_adapter_that_breaks_the_protocol_fails_every_case(fault: str, why: str) -> None:
    report = check(f"{MISBEHAVING} {fault}", sections=["rng"])
    assert report.failed == {"protocol": 1, "rng": GIVE_UP_AFTER} and report.passed["rng"] == 0
    assert (
        report.gave_up is not None
        and f"{len(load('rng')) - GIVE_UP_AFTER} cases not run" in report.gave_up
    )
    assert all(why in f.actual["failure"] for f in report.failures), report.text()
    assert "FAIL protocol: hello (CONFORMANCE.md §4)" in report.text()


@pytest.mark.parametrize(
    ("fault", "why"),
    [("ignore_quit", "still running 2.0 s after quit"), ("quit_status", "status 3 after quit")],
)
def test_an_adapter_that_does_not_quit_fails(fault: str, why: str) -> None:
    report = check(f"{MISBEHAVING} {fault}", sections=["rng"], timeout=2.0)
    assert report.passed == {"protocol": 1, "rng": 8} and report.failed["protocol"] == 1
    assert why in report.failures[0].actual["failure"]


def test_an_answer_with_another_id_counts_as_no_answer() -> None:
    """Issue 33 §5 point 3 (CONFORMANCE.md §4): a line with another id than the request's is
    not an answer to it, so three such cases in a row end the check, as silence does."""
    report = check(f"{MISBEHAVING} wrong_id_after_hello", sections=["rng"])
    assert report.passed == {"protocol": 1, "rng": 0} and report.failed["rng"] == GIVE_UP_AFTER
    first = report.failures[0]
    assert first.broken and "answered with id 3 the request id 2" in first.text(), report.text()
    assert report.gave_up is not None and "answered with id" in report.gave_up


def test_the_protocol_is_checked_for_a_good_adapter() -> None:
    report = check(f"{MISBEHAVING} none", sections=["rng"])
    assert report.ok and report.passed == {"protocol": 2, "rng": 8}


def vectors_of(folder: Path, section: str, cases: list[dict[str, Any]]) -> Path:
    """A vectors folder holding only ``cases`` of ``section`` (quicker checks)."""
    document = {"format": "zhengfen-vectors", "version": vectors.VERSION, "section": section}
    (folder / f"{section}.json").write_text(json.dumps({**document, "cases": cases}))
    return folder


def test_legal_moves_are_compared_as_sets(tmp_path: Path) -> None:
    cases = load("legal_moves")[:12]
    folder = vectors_of(tmp_path, "legal_moves", cases)
    assert check(f"{MISBEHAVING} shuffled_moves", folder, sections=["legal_moves"]).ok
    repeated = check(f"{MISBEHAVING} repeated_move", folder, sections=["legal_moves"])
    nonempty = [c for c in cases if c["steps"][0]["expect"]["result"]]
    assert repeated.failed["legal_moves"] == len(nonempty) > 0
    assert "items expected, got" in repeated.text()


def test_a_state_that_differs_late_shows_the_field_that_differs(tmp_path: Path) -> None:
    long_games = [c for c in load("games") if len(c["steps"]) > 130][:1]
    folder = vectors_of(tmp_path, "games", long_games)
    report = check(f"{MISBEHAVING} wrong_hands", folder, sections=["games"])
    assert report.failed["games"] == 1, "a long game's last state keeps its hands"
    text = report.text()
    assert "  differences:\n    result.hands[0]: expected " in text, text
    assert text.count("\n    result.") == 1 and "RJ" in text.split("differences:")[1]


def test_the_checker_refuses_what_cannot_run(tmp_path: Path) -> None:
    with pytest.raises(ConformanceError, match="cannot start"):
        check("nonexistent-cmd-zhengfen", sections=["rng"])
    with pytest.raises(ConformanceError, match="unknown section 'nosuch'"):
        check(f"{MISBEHAVING} none", sections=["nosuch"])
    (tmp_path / "rng.json").write_text("[1]")
    with pytest.raises(ConformanceError, match="cannot read the vectors"):
        check(f"{MISBEHAVING} none", tmp_path, sections=["rng"])


def test_vectors_cover_the_gaps_mutation_testing_found() -> None:
    """Each gap of issue 10 §6 has vectors: the four-joker bomb among the legal moves, equal
    bombs tying, every suit symbol, seeds of 2^63 and up, the smallest target, the best-score
    tie-break, bare-card plays, malformed notations and option types."""
    legal = json.dumps(load("legal_moves"), ensure_ascii=False)
    assert '"bomb joker 6: BJ BJ RJ RJ"' in legal
    beats = [c["steps"][0] for c in load("beats")]
    bombs = [s for s in beats if s["request"]["challenger"].startswith(("bomb", "straight_flush"))]
    ties = [
        s
        for s in bombs
        if s["request"]["challenger"].split(":")[0] == s["request"]["table"].split(":")[0]
    ]
    assert ties and all(s["expect"] == {"result": False} for s in ties)
    assert any("invalid_combo" in json.dumps(s["expect"]) for s in beats)
    classify = json.dumps(load("classify"), ensure_ascii=False)
    assert all(symbol in classify for symbol in "♣♦♥♠♧♢♡♤")
    for option in ('"target": true', '"players": "4"', '"jokers_wild": 1'):
        assert option.replace(" ", "") in classify.replace(" ", "")
    games = [c["steps"][0]["request"] for c in load("games")]
    seeds = [r["seed"] for r in games if "seed" in r]
    assert 2**64 - 1 in seeds and any(2**63 <= s < 2**64 - 1 for s in seeds)
    assert any(r["rules"].get("target") == 1 for r in games)
    names = {c["name"] for c in load("games")}
    assert sum("best score tied" in name for name in names) == 2


def test_the_documented_case_counts_are_the_vectors() -> None:
    text = (ROOT / "CONFORMANCE.md").read_text(encoding="utf-8")
    documented = {m[1]: int(m[2]) for m in re.finditer(r"^\| `(\w+)` \| (\d+) \|", text, re.M)}
    assert documented == {section: len(load(section)) for section in vectors.SECTIONS}


def test_an_id_is_echoed_as_the_same_json_value_not_the_same_text() -> None:
    """Issue 48 §7 (CONFORMANCE.md §4): white space, the order of names, escapes and the spelling
    of a number with a fraction or an exponent are free; an integer is never another number."""
    ident = {"b": [1.5, "A/"], "a": 100.0}
    indented = json.dumps(ident, indent=2).replace("\n", "")
    for text in ('{"a":100.0,"b":[1.5,"A/"]}', '{"b": [1.50, "\\u0041\\/"], "a": 1E2}', indented):
        assert checked_answer(f'{{"id": {text}, "result": 1}}', ident)["result"] == 1, text
    for text in ('{"a": 100, "b": [1.5, "A/"]}', '{"a": 100.0, "b": ["A/", 1.5]}', "[1.5]"):
        assert "failure" in checked_answer(f'{{"id": {text}, "result": 1}}', ident), text
    echoed = [c for c in load("errors") if "the same value" in c["name"]]
    assert echoed and raw_line(echoed[0]["steps"][0]["line"], 1)[1] == ident


def test_the_redrawing_seeds_are_found_by_inverting_the_output_mix() -> None:
    """Issue 23 §3: unmix inverts SplitMix64's output mix, so a seed whose k-th draw is a given
    output is computed; the vectors' redrawing seeds meet outputs that uniform must redraw, and
    both implementations' streams give them at that draw."""
    rng = random.Random(23)
    for x in [0, 1, 2**63, 2**64 - 1, *(rng.getrandbits(64) for _ in range(2000))]:
        assert seeds.unmix(seeds.mix(x)) == x and seeds.mix(seeds.unmix(x)) == x
    assert seeds.mix(0x9E3779B97F4A7C15) == 0xE220A8397B1DCDAF  # seed 0's first output
    sizes = {"zheng_fen": 54, "zen_cheng_you": 108}
    servers = [Server(zhengfen), Server(reference, "reference")]
    for rules, draw, output in seeds.REJECTED:
        n = sizes[rules["game"]] - draw + 1
        assert seeds.lowest_rejected(n) <= output < 2**64 and 2**64 % n
        seed = seeds.seed_for(draw, output)
        for server in servers:
            outputs = server.answer({"op": "rng", "seed": seed, "count": draw})["result"]
            assert int(outputs[-1], 16) == output
            assert all(int(r, 16) < seeds.lowest_rejected(54) for r in outputs[:-1])
    redrawing = {seeds.seed_for(draw, output) for _, draw, output in seeds.REJECTED}
    dealt = {c["steps"][0]["request"].get("seed") for s in ("deal", "games") for c in load(s)}
    assert redrawing <= dealt


def test_the_vectors_stay_within_any_implementations_limits() -> None:
    """CONFORMANCE.md §4: the limits bind our server only, so no vector may need more than the
    document promises: lines of at most 1 KiB, nested at most 2 deep, counts up to 10,000."""

    def depth(value: Any) -> int:
        if isinstance(value, dict):
            return 1 + max((depth(v) for v in value.values()), default=0)
        if isinstance(value, list):
            return 1 + max((depth(v) for v in value), default=0)
        return 0

    for section in vectors.SECTIONS:
        for c in load(section):
            for s in c["steps"]:
                if "line" in s:
                    assert len(s["line"].encode("latin-1")) <= 1024
                    continue
                line = json.dumps({**s["request"], "id": 10**6}).encode()
                assert len(line) <= 1024 and depth(s["request"]) <= 2, c["name"]
                assert s["request"].get("count", 0) <= 10_000


def test_a_raw_line_is_sent_as_its_bytes_and_answered_with_the_id_read_in_it() -> None:
    """A ``line`` step (CONFORMANCE.md §5): each character one byte, ``$id`` the request id; the
    answer carries the id read in the line (§4), ``null`` where none can be read. Issue 33 §5:
    the checker expected ``$id`` in a line that is not UTF-8, and ``null`` for an id written in
    without ``$id``."""
    assert raw_line('{"id": $id, "x": 1}', 7) == (b'{"id": 7, "x": 1}', 7)
    assert raw_line('{"id": $id, "x": NaN}', 7) == (b'{"id": 7, "x": NaN}', 7)
    assert raw_line('{"id": $id, "x": "\u00ff"}', 7) == (b'{"id": 7, "x": "\xff"}', None)
    assert raw_line('{"op": "hello"}', 7) == (b'{"op": "hello"}', None)
    assert raw_line('{"id": "w", "x": NaN}', 7)[1] == "w"
    assert raw_line('{"id": [$id, NaN]}', 7)[1] is None
    assert raw_line('{"id": NaN, "id": $id}', 7)[1] == 7
    assert raw_line('{"id": $id, "id": NaN}', 7)[1] is None
    assert raw_line("[$id, NaN]", 7)[1] is None
    assert checked_answer('{"id": "w", "result": null}', "w") == {"id": "w", "result": None}
    for other in ("1.0", "true", '"1"', "[1]"):
        assert "failure" in checked_answer(f'{{"id": {other}, "result": null}}', 1), other
    null = '{"id": null, "error": {"kind": "bad_request", "message": "not UTF-8"}}'
    assert checked_answer(null, None)["error"]["kind"] == "bad_request"
    assert "failure" in checked_answer(null.replace("null", "7", 1), None)
    assert "failure" in checked_answer('{"error": {"kind": "bad_request"}}', None)
    assert "failure" in checked_answer(null, 7)
    # Issue 48 §7: blank lines before the last are skipped, and the answer is the last line's.
    assert raw_line(' \t\r\n{"id": $id}', 7) == (b' \t\r\n{"id": 7}', 7)
    assert raw_line("\u000b", 7) == (b"\x0b", None)
    lines = [s for c in load("errors") for s in c["steps"] if "line" in s]
    assert any("$id" in s["line"] for s in lines) and any("$id" not in s["line"] for s in lines)
    assert any("\u00ff" in s["line"] for s in lines)
