"""Runs the conformance vectors against any command that speaks the protocol
(CONFORMANCE.md §4), and reports what passed and what did not.

The implementation runs as a subprocess. Each process is greeted with ``hello`` (its answer
must give ``"protocol": 1``), every request carries an ``id`` unique in the run that the answer
must echo, and the last process is sent ``quit`` and must exit. Every request has a time limit;
an implementation that crashes, falls silent or writes something that is not a JSON object is
reported as such (and restarted for the next case), never hung on; after
:data:`GIVE_UP_AFTER` cases in a row in which it broke down so, the check gives up with a
one-line verdict instead of waiting out every case. Legal-move lists are compared as sets (in
any order, but each move once: RULES.md §6.3).
"""

from __future__ import annotations

import json
import math
import queue
import shlex
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from zhengfen.conformance.cases import summarize
from zhengfen.conformance.diff import differences, shown
from zhengfen.conformance.server import PROTOCOL_VERSION
from zhengfen.conformance.vectors import PACKAGE_DIR, SECTIONS
from zhengfen.conformance.wire import LineTooLong, lines, raw_line
from zhengfen.errors import ConformanceError

MAX_ANSWER_BYTES = 64 << 20
"""The longest answer line the checker reads (64 MiB); a longer one is a failure."""
PROTOCOL = "protocol"
"""The report's section for the checks of ``hello``, ``quit`` and ids."""
HELLO: dict[str, Any] = {"op": "hello"}
HELLO_EXPECTED: dict[str, Any] = {"result": {"name": "(a string)", "protocol": PROTOCOL_VERSION}}
GIVE_UP_AFTER = 3
"""Cases in a row whose answer was no answer (a crash, silence past the time limit, a line that
is not an answer to the request) after which the check stops: an implementation that never
answers is judged in seconds, not after every case's time limit."""


@dataclass
class Failure:
    """One case that did not pass: where, what was asked, expected and answered."""

    section: str
    case: str
    rules_sections: str
    request: Any
    expected: Any
    actual: Any

    def text(self) -> str:
        """The failure for people: the request, both answers cut short, and the differences
        field by field."""
        where = f"RULES.md {self.rules_sections}" if self.rules_sections.startswith("§") else None
        lines = [
            f"FAIL {self.section}: {self.case} ({where or self.rules_sections})",
            f"  request:  {shown(self.request, 400)}",
            f"  expected: {shown(self.expected, 400)}",
            f"  actual:   {shown(self.actual, 400)}",
        ]
        both = isinstance(self.expected, dict) and isinstance(self.actual, dict)
        if both and self.expected.keys() == self.actual.keys():  # two results, or two errors
            found = differences(self.expected, self.actual)
            if len(found) > 1 or (found and found[0].split(":")[0] not in self.expected):
                lines += ["  differences:"] + [f"    {line}" for line in found]
        return "\n".join(lines)

    @property
    def broken(self) -> bool:
        """Whether the implementation gave no answer at all (not a wrong one)."""
        return isinstance(self.actual, dict) and set(self.actual) == {"failure"}


@dataclass
class Report:
    """Passed and failed cases per section, and every failure."""

    passed: dict[str, int] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    gave_up: str | None = None
    """Why the check stopped before the last case (:data:`GIVE_UP_AFTER`), if it did."""

    @property
    def ok(self) -> bool:
        return not self.failures and self.gave_up is None

    def count(self, section: str, failure: Failure | None) -> None:
        """Counts one case of ``section``, passed if ``failure`` is ``None``."""
        self.passed.setdefault(section, 0)
        self.failed.setdefault(section, 0)
        if failure is None:
            self.passed[section] += 1
        else:
            self.failed[section] += 1
            self.failures.append(failure)

    def text(self, most: int = 20) -> str:
        """The report for people."""
        lines = ["section        passed  failed"]
        for section in self.passed:
            lines.append(f"{section:<14} {self.passed[section]:>6}  {self.failed[section]:>6}")
        for failure in self.failures[:most]:
            lines += ["", failure.text()]
        if len(self.failures) > most:
            lines.append(f"\n... and {len(self.failures) - most} more failures")
        total_passed, total_failed = sum(self.passed.values()), sum(self.failed.values())
        lines.append(f"\n{total_passed} passed, {total_failed} failed")
        if self.gave_up is not None:
            lines.append(f"gave up: {self.gave_up}")
        return "\n".join(lines)


def split_command(command: str) -> list[str]:
    """The command line as arguments; :class:`ConformanceError` if it has none or bad quotes."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise ConformanceError(f"--impl {command!r}: {error}") from None
    if not argv:
        raise ConformanceError("--impl is empty: give the command that speaks the protocol")
    return argv


class Implementation:
    """A running implementation: greet it, send a request with a fresh id, wait (with a limit)
    for its answer, and send it ``quit``."""

    def __init__(self, command: str, timeout: float) -> None:
        self.command = command
        self.argv = split_command(command)
        self.timeout = timeout
        self.process: subprocess.Popen[bytes] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.last_id = 0
        self.greeting: dict[str, Any] = {}

    def start(self) -> None:
        """Starts a process and greets it; :attr:`greeting` holds the answer to ``hello``."""
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError as error:
            why = error.strerror or str(error)
            raise ConformanceError(f"cannot start {self.command!r}: {why}") from None
        self.lines = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(
            target=self._read, args=(self.process.stdout, self.lines), daemon=True
        ).start()
        self.greeting = self.exchange(HELLO)

    @staticmethod
    def _read(stream: IO[bytes], found: queue.Queue[str | None]) -> None:
        for line in lines(stream, MAX_ANSWER_BYTES):
            if isinstance(line, LineTooLong):
                found.put(f"(an answer of {line.length} bytes, more than {MAX_ANSWER_BYTES})")
            else:
                found.put(line.decode("utf-8", errors="replace"))
        found.put(None)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer, or ``{"failure": why}`` if the implementation crashed, fell silent, did
        not answer ``hello`` right or did not echo the request's id."""
        return self._ready() or self.exchange(request)

    def ask_line(self, text: str) -> dict[str, Any]:
        """The answer to a raw line (a ``line`` step, CONFORMANCE.md §5), as :meth:`ask`."""
        return self._ready() or self.exchange({}, text)

    def _ready(self) -> dict[str, Any] | None:
        """Starts the implementation if it is not running; ``{"failure": why}`` if it did not
        answer ``hello`` right, else ``None``."""
        if not self.running:
            self.stop()
            self.start()
        problem = hello_problem(self.greeting)
        return None if problem is None else {"failure": f"hello: {problem}"}

    def exchange(self, request: dict[str, Any], text: str | None = None) -> dict[str, Any]:
        """Sends one request with a fresh id; the answer or ``{"failure": why}``. With ``text``,
        sends that raw line instead (:func:`raw_line`), and the answer must carry its id."""
        assert self.process is not None and self.process.stdin is not None
        self.last_id += 1
        ident: Any = self.last_id
        if text is None:
            data = json.dumps({**request, "id": ident}).encode()
        else:
            data, ident = raw_line(text, self.last_id)
        try:
            self.process.stdin.write(data + b"\n")
            self.process.stdin.flush()
            line = self.lines.get(timeout=self.timeout)
        except (BrokenPipeError, OSError):
            line = None
        except queue.Empty:
            self.stop()
            return {"failure": f"no answer within {self.timeout} s"}
        if line is None:
            self.stop()
            return {"failure": "the implementation exited"}
        return checked_answer(line, ident)

    def quit(self) -> str | None:
        """Sends ``quit`` to a running process: ``None`` if it then exits with status 0 without
        answering, else what went wrong. The process is gone afterwards either way."""
        if self.process is None or self.process.stdin is None:
            return (
                f"not checked: the implementation is not running ({hello_problem(self.greeting)})"
            )
        self.last_id += 1
        try:
            self.process.stdin.write(
                json.dumps({"id": self.last_id, "op": "quit"}).encode() + b"\n"
            )
            self.process.stdin.flush()
            status = self.process.wait(timeout=self.timeout)
        except (BrokenPipeError, OSError):
            status = self.process.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            return f"still running {self.timeout} s after quit"
        self.process = None
        extra = [line for line in drain(self.lines) if line is not None]
        if extra:
            return f"answered quit: {extra[0][:200]}"
        return None if status == 0 else f"exited with status {status} after quit"

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


def drain(found: queue.Queue[str | None]) -> list[str | None]:
    """Every line the reader has put so far (waiting briefly for it to reach the end)."""
    items: list[str | None] = []
    while True:
        try:
            item = found.get(timeout=1.0)
        except queue.Empty:
            return items
        items.append(item)
        if item is None:
            return items


def checked_answer(line: str, ident: Any) -> dict[str, Any]:
    """One answer line as an object echoing ``ident`` exactly (``None``: ``"id": null``), or
    ``{"failure": why}``: it is then no answer to the request (CONFORMANCE.md §4)."""
    try:
        answer = json.loads(line)
    except (ValueError, RecursionError):
        return {"failure": f"not JSON: {line.strip()[:200]}"}
    if not isinstance(answer, dict):
        return {"failure": f"not a JSON object: {line.strip()[:200]}"}
    if "id" in answer and same_json(answer["id"], ident):
        return answer
    got = shown(answer.get("id"), 60)
    if ident is None:
        return {"failure": f"answered with id {got}, not null"}
    return {"failure": f"answered with id {got} the request id {shown(ident, 60)}"}


def same_json(a: Any, b: Any) -> bool:
    """Whether two JSON values are the same value: ``1``, ``1.0`` and ``true`` all differ."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def hello_problem(answer: dict[str, Any]) -> str | None:
    """What is wrong with the answer to ``hello`` (``None`` if nothing)."""
    if "failure" in answer:
        return str(answer["failure"])
    result = answer.get("result")
    if not isinstance(result, dict) or not isinstance(result.get("name"), str):
        return f"expected {shown(HELLO_EXPECTED['result'])}, got {shown(answer)}"
    if result.get("protocol") != PROTOCOL_VERSION:
        return f"protocol {shown(result.get('protocol'))}, this checker speaks {PROTOCOL_VERSION}"
    return None


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
    if request["op"] == "legal_moves" and isinstance(result, list) and is_text_list(result):
        return {"result": sorted(result)}  # a set: any order, each move once
    if request["op"] == "state" and isinstance(result, dict) and "result" in expect:
        try:
            full = "history" in expect["result"]
            return {"result": summarize(result, full)}
        except (KeyError, TypeError, ValueError):
            return {"result": result}
    return {"result": result}


def is_text_list(value: list[Any]) -> bool:
    return all(isinstance(item, str) for item in value)


def run_case(impl: Implementation, case: dict[str, Any], section: str) -> Failure | None:
    game = None
    for step in case["steps"]:
        if "line" in step:  # a raw line (CONFORMANCE.md §5)
            answer = impl.ask_line(step["line"])
            actual = actual_of({"op": None}, answer, step["expect"])
            if actual != step["expect"]:
                line = {"line": step["line"]}
                names = (section, case["name"], case["rules_sections"])
                return Failure(*names, line, step["expect"], actual)
            continue
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


def load_section(vectors: Path, section: str) -> list[dict[str, Any]]:
    """The cases of one section's file; :class:`ConformanceError` if it cannot be read."""
    path = vectors / f"{section}.json"
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        cases = document["cases"]
        if document.get("format") != "zhengfen-vectors" or not isinstance(cases, list):
            raise ConformanceError("not a zhengfen-vectors document")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise ConformanceError(f"cannot read the vectors {path}: {error}") from None
    return cases


def check_arguments(sections: list[str] | None, timeout: float) -> list[str]:
    """The sections to run; :class:`ConformanceError` for an unknown one or a bad timeout."""
    unknown = [s for s in sections or [] if s not in SECTIONS]
    if unknown:
        raise ConformanceError(
            f"unknown section {unknown[0]!r}; the sections are {', '.join(SECTIONS)}"
        )
    if not (math.isfinite(timeout) and timeout > 0):
        raise ConformanceError(f"the timeout must be a positive number of seconds, not {timeout}")
    return list(dict.fromkeys(sections or SECTIONS))


def check(
    command: str,
    vectors: Path = PACKAGE_DIR,
    timeout: float = 10.0,
    sections: list[str] | None = None,
) -> Report:
    """Runs every vector of ``vectors`` (or of ``sections``) against ``command``.

    Raises :class:`~zhengfen.errors.ConformanceError`, before running anything, for a command
    that cannot be started, an unknown section, a bad timeout or unreadable vectors."""
    chosen = check_arguments(sections, timeout)
    documents = {section: load_section(vectors, section) for section in chosen}
    report = Report()
    impl = Implementation(command, timeout)
    try:
        impl.start()
        report.count(PROTOCOL, protocol_failure("hello", HELLO, hello_problem(impl.greeting)))
        run_cases(impl, documents, report)
        if report.gave_up is None:
            if not impl.running:
                impl.stop()
                impl.start()
            problem = impl.quit()
            report.count(PROTOCOL, protocol_failure("quit", {"op": "quit"}, problem))
    finally:
        impl.stop()
    return report


def run_cases(
    impl: Implementation, documents: dict[str, list[dict[str, Any]]], report: Report
) -> None:
    """Runs the cases of ``documents`` into ``report``, restarting the implementation after each
    failure, and giving up (:attr:`Report.gave_up`) after :data:`GIVE_UP_AFTER` cases in a row
    with no answer."""
    total = sum(len(cases) for cases in documents.values())
    done = streak = 0
    for section, cases in documents.items():
        report.passed.setdefault(section, 0)
        report.failed.setdefault(section, 0)
        for case in cases:
            failure = run_case(impl, case, section)
            report.count(section, failure)
            done += 1
            if failure is None:
                streak = 0
                continue
            impl.stop()  # a fresh start for the next case
            streak = streak + 1 if failure.broken else 0
            if streak >= GIVE_UP_AFTER:
                last = failure.actual["failure"]
                report.gave_up = (
                    f"{streak} cases in a row without an answer (the last: {last}); "
                    f"{total - done} cases not run"
                )
                return


def protocol_failure(name: str, request: dict[str, Any], problem: str | None) -> Failure | None:
    """A failed check of ``hello`` or ``quit`` (``None`` if ``problem`` is ``None``)."""
    if problem is None:
        return None
    expected = HELLO_EXPECTED if name == "hello" else "(no answer; the process exits, status 0)"
    actual = {"failure": f"{name}: {problem}"}
    return Failure(PROTOCOL, name, "CONFORMANCE.md §4", request, expected, actual)
