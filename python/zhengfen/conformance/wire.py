"""Protocol lines: reading them with bounded memory, and turning one into a request
(CONFORMANCE.md §4).

A line is at most :data:`MAX_LINE_BYTES` bytes of UTF-8 holding one JSON object nested at most
:data:`MAX_DEPTH` deep, in strict JSON (no ``NaN`` or ``Infinity``, no number too large for a
double, no integer of more than 4,300 digits). A longer line is read to its end in pieces and
refused as a whole, so a hostile client cannot make the server hold more than one limit's worth.
A line that parses but breaks a limit of strict JSON is still parsed, so that the refusal can
echo the request's ``id``.

>>> parse(b'{"id": 1, "op": "hello"}')
{'id': 1, 'op': 'hello'}
>>> problem(parse(b'{"id": 1, "count": Infinity}'))
'not JSON: Infinity (in count)'
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import IO, Any

from zhengfen.conformance.fields import BadRequest

MAX_LINE_BYTES = 1 << 20
"""The longest request line, newline excluded (1 MiB)."""
MAX_DEPTH = 16
"""The deepest nesting of arrays and objects in a request (the request object is depth 1)."""


class LineTooLong:
    """Stands for a line that was longer than :data:`MAX_LINE_BYTES` (its bytes are dropped)."""

    def __init__(self, length: int) -> None:
        self.length = length


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


def _constant(token: str) -> NotJson:
    return NotJson(token)


def _float(token: str) -> float | NotJson:
    number = float(token)
    return number if math.isfinite(number) else NotJson(token)


def _int(token: str) -> int | NotJson:
    try:
        return int(token)
    except ValueError:  # more digits than int() converts
        return NotJson(token)


def parse(line: bytes) -> Any:
    """The JSON value of one line; :class:`BadRequest` saying why if it is not one.

    Tokens that strict JSON refuses are kept as :class:`NotJson` for :func:`problem` to find."""
    try:
        value = json.loads(
            line.decode("utf-8"), parse_constant=_constant, parse_float=_float, parse_int=_int
        )
    except UnicodeDecodeError as error:
        raise BadRequest(f"not UTF-8: {error.reason} at byte {error.start}") from None
    except RecursionError:
        raise BadRequest(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError as error:
        raise BadRequest(f"not JSON: {error}") from None
    return value


def problem(value: Any) -> str | None:
    """Why a parsed value is not a request the protocol allows on the wire: nested more than
    :data:`MAX_DEPTH` deep, or holding a :class:`NotJson` token (``None`` if neither). Walks
    without recursion."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
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


def raw_line(text: str, ident: int) -> tuple[bytes, int | None]:
    """The bytes of a ``line`` step and the id its answer must carry: each character of
    ``text`` is one byte (Latin-1, so a byte that is not UTF-8 can be written), ``$id`` stands
    for ``ident``, and a line without ``$id`` must be answered with ``"id": null``."""
    data = text.replace("$id", str(ident)).encode("latin-1")
    return data, ident if "$id" in text else None
