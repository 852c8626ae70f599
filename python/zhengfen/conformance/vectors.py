"""Writes the conformance vectors (CONFORMANCE.md §2) from the Rust engine.

Every case is a list of steps, each a protocol request and the answer expected. Expectations are
computed through :class:`~zhengfen.conformance.server.Server` on ``zhengfen`` and computed again
on ``zhengfen.reference``; :func:`generate` refuses to write anything the two do not agree on.
Game cases refer to their game as ``"$game"``; the checker substitutes the id the implementation
gave. Game states are expected as the summary of :func:`~zhengfen.conformance.cases.summarize`
(legal moves by count and digest). The cases of each section (:data:`SECTIONS`) are written in
:mod:`~zhengfen.conformance.rule_cases`, :mod:`~zhengfen.conformance.error_cases` and
:mod:`~zhengfen.conformance.game_cases`.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen import reference
from zhengfen.conformance.cases import summarize
from zhengfen.conformance.error_cases import error_cases
from zhengfen.conformance.game_cases import game_cases
from zhengfen.conformance.rule_cases import (
    beats_cases,
    classify_cases,
    deal_cases,
    legal_cases,
    rng_cases,
)
from zhengfen.conformance.server import Server, reply_to
from zhengfen.conformance.wire import LineTooLong, is_blank, lines, raw_line

VERSION = 1
PACKAGE_DIR = Path(__file__).parent / "vectors"


SECTIONS = {
    "rng": rng_cases,
    "deal": deal_cases,
    "classify": classify_cases,
    "beats": beats_cases,
    "legal_moves": legal_cases,
    "errors": error_cases,
    "games": game_cases,
}


def expected(server: Server, c: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps of a case with the answers of ``server`` as expectations."""
    steps, game = [], None
    for s in c["steps"]:
        if "line" in s:  # a raw line: its bytes as the checker sends them (checker.raw_line)
            reply = line_reply(server, s["line"])
            steps.append({"line": s["line"], "expect": expectation({"op": None}, reply, False)})
            continue
        request = dict(s["request"])
        if request.get("game") == "$game":
            request["game"] = game
        answer = server.answer(request)
        if request["op"] == "new_game" and "result" in answer:
            game = answer["result"]["game"]
        steps.append(
            {
                "request": s["request"],
                "expect": expectation(request, answer, last=s is c["steps"][-1]),
            }
        )
    return steps


def line_reply(server: Server, text: str) -> dict[str, Any]:
    """The answer to a ``line`` step's text, read as the server reads its input: lines before
    the last must be blank, and are skipped."""
    data = raw_line(text, 0)[0] + b"\n"
    found = [line for line in lines(io.BytesIO(data)) if not is_blank_line(line)]
    reply = reply_to(server, found[-1]) if len(found) == 1 else None
    assert reply is not None, text
    return reply


def is_blank_line(line: bytes | LineTooLong) -> bool:
    return not isinstance(line, LineTooLong) and is_blank(line)


def expectation(request: dict[str, Any], answer: dict[str, Any], last: bool) -> Any:
    if "error" in answer:
        return {"error": answer["error"]["kind"]}
    result = answer["result"]
    if request["op"] == "state":
        return {"result": summarize(result, full=last)}
    if request["op"] == "new_game":
        return {"result": "ok"}
    return {"result": result}


def generate(out_dirs: list[Path]) -> dict[str, int]:
    """Writes every section to each directory; writes nothing if the reference disagrees."""
    documents = {section: build(section, make) for section, make in SECTIONS.items()}
    for section, cases in documents.items():
        # One case a line: readable, diffable, and compact enough to ship in the package.
        lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cases]
        head = {"format": "zhengfen-vectors", "version": VERSION, "section": section}
        text = json.dumps(head)[:-1] + ', "cases": [\n' + ",\n".join(lines) + "\n]}\n"
        for out in out_dirs:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{section}.json").write_text(text, encoding="utf-8")
    return {section: len(cases) for section, cases in documents.items()}


def build(section: str, make: Callable[[], Iterator[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The cases of a section with their expectations, agreed by both implementations."""
    cases = []
    for c in make():
        ours = expected(Server(zhengfen), c)
        theirs = expected(Server(reference, "reference"), c)
        if ours != theirs:
            raise SystemExit(f"the reference disagrees on {section} case '{c['name']}'")
        cases.append({**c, "steps": ours})
    return cases
