"""Protocol lines: reading them with bounded memory, and turning one into a request
(CONFORMANCE.md §4).

A line is at most :data:`MAX_LINE_BYTES` bytes of UTF-8 holding one JSON object nested at most
:data:`MAX_DEPTH` deep, in strict JSON (no ``NaN`` or ``Infinity``, no number too large for a
double, no integer of more than 4,300 digits). A longer line is read to its end in pieces and
refused as a whole, so a hostile client cannot make the server hold more than one limit's worth.
A line that parses but breaks a limit of strict JSON is still parsed, so that the refusal can
echo the request's ``id`` (:func:`answer_id`: the id where it can be read, else ``null``).
A name given twice in an object takes its last value, as most JSON readers do, but a token
that strict JSON refuses is found in the value it replaced too.

>>> parse(b'{"id": 1, "op": "hello"}').value
{'id': 1, 'op': 'hello'}
>>> problem(parse(b'{"id": 1, "count": Infinity}'))
'not JSON: Infinity (in count)'
>>> answer_id(b'{"id": NaN, "id": 3, "op": "hello"}'), answer_id(b'{"id": [1, NaN]}')
(3, None)
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from zhengfen.conformance.fields import BadRequest
from zhengfen.conformance.nesting import cut_deep

MAX_LINE_BYTES = 1 << 20
"""The longest request line, newline excluded (1 MiB)."""
MAX_DEPTH = 16
"""The deepest nesting of arrays and objects in a request (the request object is depth 1)."""
JSON_WHITE_SPACE = b" \t\r\n"
"""The white space JSON allows around a value (RFC 8259): all a blank line may hold."""


class LineTooLong:
    """Stands for a line that was longer than :data:`MAX_LINE_BYTES` (its bytes are dropped)."""

    def __init__(self, length: int) -> None:
        self.length = length


def is_blank(line: bytes) -> bool:
    r"""Whether a line holds nothing but JSON's white space (CONFORMANCE.md §4): such a line is
    skipped; any other (a vertical tab, U+3000) is a line that is not JSON.

    >>> is_blank(b" \t\r"), is_blank(b"\x0b"), is_blank("\u3000".encode())
    (True, False, False)
    """
    return not line.strip(JSON_WHITE_SPACE)


def lines(stream: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | LineTooLong]:
    """The lines of ``stream`` without their line ends; over-long ones as :class:`LineTooLong`."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line.rstrip(b"\r\n")
            continue
        length = len(line)
        while line and not line.endswith(b"\n"):  # skip to the end of the line, piece by piece
            line = stream.readline(limit)
            length += len(line)
        yield LineTooLong(length)


class NotJson:
    """Stands for a token strict JSON does not allow (``NaN``, ``Infinity``, a number too large
    for a double, an integer of more than 4,300 digits), so that the request around it can
    still be answered with its id."""

    def __init__(self, token: str) -> None:
        self.token = token if len(token) <= 40 else f"{token[:20]}… ({len(token)} characters)"


@dataclass(frozen=True)
class Parsed:
    """A line read as JSON: its value (the last value of a name given twice) and every token
    strict JSON refuses that the line holds, those of the values replaced included."""

    value: Any
    refused: tuple[NotJson, ...]


def parse(line: bytes) -> Parsed:
    """The JSON value of one line; :class:`BadRequest` saying why if it is not one.

    Tokens that strict JSON refuses are kept as :class:`NotJson` for :func:`problem` to find."""
    refused: list[NotJson] = []

    def keep(token: NotJson) -> NotJson:
        refused.append(token)
        return token

    def real(token: str) -> float | NotJson:
        number = float(token)
        return number if math.isfinite(number) else keep(NotJson(token))

    def integer(token: str) -> int | NotJson:
        try:
            return int(token)
        except ValueError:  # more digits than int() converts
            return keep(NotJson(token))

    def load(text: str) -> Any:
        constant = lambda token: keep(NotJson(token))  # noqa: E731
        return json.loads(text, parse_constant=constant, parse_float=real, parse_int=integer)

    try:
        text = line.decode("utf-8")
        try:
            value = load(text)
        except RecursionError:  # deeper than Python reads: cut below the limit, read the rest
            refused.clear()
            value = load(cut_deep(text, MAX_DEPTH))
    except UnicodeDecodeError as error:
        raise BadRequest(f"not UTF-8: {error.reason} at byte {error.start}") from None
    except ValueError as error:
        raise BadRequest(f"not JSON: {error}") from None
    return Parsed(value, tuple(refused))


def problem(parsed: Parsed) -> str | None:
    """Why a parsed line is not a request the protocol allows on the wire: nested more than
    :data:`MAX_DEPTH` deep, or holding a :class:`NotJson` token (``None`` if neither)."""
    why = _problem(parsed.value)
    if why is None and parsed.refused:  # only in the value of a name given again
        why = f"not JSON: {parsed.refused[0].token} (in a name given twice)"
    return why


def _problem(value: Any, level: int = 1) -> str | None:
    """Why a value standing at depth ``level`` (the request object is depth 1) is nested too
    deep or holds a :class:`NotJson` token (walks without recursion)."""
    stack: list[tuple[Any, int, str]] = [(value, level, "")]
    while stack:
        item, level, path = stack.pop()
        if isinstance(item, NotJson):
            return f"not JSON: {item.token} (in {path or 'the request'})"
        if not isinstance(item, (dict, list)):
            continue
        if level > MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} deep"
        children = item.items() if isinstance(item, dict) else enumerate(item)
        for key, child in children:
            where = f"{path}.{key}" if isinstance(key, str) else f"{path}[{key}]"
            stack.append((child, level + 1, where.lstrip(".")))
    return None


def readable_id(value: Any) -> Any:
    """The ``id`` of a parsed request, where it can be read (CONFORMANCE.md §4): that of an
    object (the last one, if named twice) that is itself strict JSON within the limits, its
    depth counted where it stands (depth 2, in the request object); else ``None``, the
    ``null`` of an answer to a line whose id cannot be read.

    >>> deep = []
    >>> for _ in range(15):
    ...     deep = [deep]
    >>> readable_id({"id": deep[0]}) == deep[0], readable_id({"id": deep})  # depths 16, 17
    (True, None)
    """
    if not isinstance(value, dict):
        return None
    ident = value.get("id")
    return ident if _problem(ident, 2) is None else None


def answer_id(line: bytes) -> Any:
    """The id the answer to ``line`` carries (CONFORMANCE.md §4): :func:`readable_id` of the
    line's value; ``None`` for a line that is not UTF-8 or not JSON."""
    try:
        return readable_id(parse(line).value)
    except BadRequest:
        return None


def raw_line(text: str, ident: int) -> tuple[bytes, Any]:
    """The bytes of a ``line`` step and the id its answer must carry: each character of
    ``text`` is one byte (Latin-1, so a byte that is not UTF-8 can be written), ``$id`` stands
    for ``ident``, and the answer carries the id that :func:`answer_id` reads in the line (the
    last line, where ``text`` holds blank lines before it)."""
    data = text.replace("$id", str(ident)).encode("latin-1")
    return data, answer_id(data.rsplit(b"\n", 1)[-1])
