"""Runs the conformance vectors against any command that speaks the protocol
(CONFORMANCE.md §4), and reports what passed and what did not.

The implementation runs as a subprocess; every request has a time limit, and an implementation
that crashes or falls silent is reported as such (and restarted for the next case), never hung on.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zhengfen.conformance.vectors import PACKAGE_DIR, SECTIONS, summarize


@dataclass
class Failure:
    """One case that did not pass: where, what was asked, expected and answered."""

    section: str
    case: str
    rules_sections: str
    request: Any
    expected: Any
    actual: Any


@dataclass
class Report:
    """Passed and failed cases per section, and every failure."""

    passed: dict[str, int] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def text(self, most: int = 20) -> str:
        """The report for people."""
        lines = ["section        passed  failed"]
        for section in self.passed:
            lines.append(f"{section:<14} {self.passed[section]:>6}  {self.failed[section]:>6}")
        for f in self.failures[:most]:
            lines += [
                "",
                f"FAIL {f.section}: {f.case} (RULES.md {f.rules_sections})",
                f"  request:  {json.dumps(f.request)}",
                f"  expected: {short(f.expected)}",
                f"  actual:   {short(f.actual)}",
            ]
        if len(self.failures) > most:
            lines.append(f"\n... and {len(self.failures) - most} more failures")
        total_passed, total_failed = sum(self.passed.values()), sum(self.failed.values())
        lines.append(f"\n{total_passed} passed, {total_failed} failed")
        return "\n".join(lines)


def short(value: Any, limit: int = 400) -> str:
    text = json.dumps(value)
    return text if len(text) <= limit else text[:limit] + " …"


class Implementation:
    """A running implementation: send a request, wait (with a limit) for its answer."""

    def __init__(self, command: str, timeout: float) -> None:
        self.command = command
        self.timeout = timeout
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()

    def start(self) -> None:
        self.process = subprocess.Popen(
            shlex.split(self.command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process, self.lines), daemon=True).start()

    @staticmethod
    def _read(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer, or ``{"failure": why}`` if the implementation crashed or fell silent."""
        if self.process is None or self.process.poll() is not None:
            self.start()
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.lines.get(timeout=self.timeout)
        except BrokenPipeError:
            line = None
        except queue.Empty:
            self.stop()
            return {"failure": f"no answer within {self.timeout} s"}
        if line is None:
            self.stop()
            return {"failure": "the implementation exited"}
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            return {"failure": f"not JSON: {line.strip()[:200]}"}
        return answer if isinstance(answer, dict) else {"failure": "not a JSON object"}

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


def actual_of(request: dict[str, Any], answer: dict[str, Any], expect: dict[str, Any]) -> Any:
    """The answer in the shape of the expectation."""
    if "failure" in answer:
        return {"failure": answer["failure"]}
    if "error" in answer:
        error = answer["error"]
        return {"error": error.get("kind") if isinstance(error, dict) else error}
    result = answer.get("result")
    if request["op"] == "new_game":
        return {"result": "ok"}
    if request["op"] == "state" and isinstance(result, dict) and "result" in expect:
        try:
            full = "history" in expect["result"]
            return {"result": summarize(result, full)}
        except (KeyError, TypeError):
            return {"result": result}
    return {"result": result}


def run_case(impl: Implementation, case: dict[str, Any], section: str) -> Failure | None:
    game = None
    for step in case["steps"]:
        request = dict(step["request"])
        if request.get("game") == "$game":
            request["game"] = game
        answer = impl.ask(request)
        if request["op"] == "new_game" and isinstance(answer.get("result"), dict):
            game = answer["result"].get("game")
        actual = actual_of(request, answer, step["expect"])
        if actual != step["expect"]:
            return Failure(
                section,
                case["name"],
                case["rules_sections"],
                step["request"],
                step["expect"],
                actual,
            )
    return None


def check(
    command: str,
    vectors: Path = PACKAGE_DIR,
    timeout: float = 10.0,
    sections: list[str] | None = None,
) -> Report:
    """Runs every vector of ``vectors`` against ``command``."""
    report = Report()
    impl = Implementation(command, timeout)
    try:
        for section in sections or list(SECTIONS):
            document = json.loads((vectors / f"{section}.json").read_text(encoding="utf-8"))
            report.passed[section] = report.failed[section] = 0
            for case in document["cases"]:
                failure = run_case(impl, case, section)
                if failure is None:
                    report.passed[section] += 1
                else:
                    report.failed[section] += 1
                    report.failures.append(failure)
                    impl.stop()  # a fresh start for the next case
    finally:
        impl.stop()
    return report
