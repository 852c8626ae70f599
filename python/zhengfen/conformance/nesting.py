"""A line nested deeper than Python's JSON reader goes, read to find its id (CONFORMANCE.md §4).

The id of a line refused for its nesting is read as in any other line, however deep the rest of
the line is nested. Python's reader recurses, and gives up near a thousand levels, so such a
line is first checked against JSON's grammar without recursion and every array or object that
opens past the limit is written ``[]``: what stands above the limit reads as before, and the
``[]`` left at the first level past it still shows the line nested too deep, inside the id or
outside it.

>>> cut_deep('{"id": 1, "x": [[["a", {"b": []}]]]}', 3)
'{"id": 1, "x": [[[]]]}'
>>> cut_deep('[[1, 2]', 9)
Traceback (most recent call last):
...
zhengfen.errors.ConformanceError: unexpected text at character 7
"""

from __future__ import annotations

import re

from zhengfen.errors import ConformanceError

__all__ = ["cut_deep"]

_TOKEN = re.compile(
    r"[ \t\n\r]*(?:"
    r"(?P<open>[\[{])|(?P<close>[\]}])|(?P<comma>,)|(?P<colon>:)"
    r'|(?P<string>"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")'
    r"|(?P<scalar>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
    r"|true|false|null|NaN|-?Infinity))"
)
#: The tokens that may come next in each state of the grammar (:func:`_next_state`).
_ALLOWED = {
    "value": {"open", "string", "scalar"},
    "first_value": {"open", "string", "scalar", "close"},
    "key": {"string"},
    "first_key": {"string", "close"},
    "colon": {"colon"},
    "after": {"comma", "close"},
    "end": set(),
    "mismatched": set(),
}


def cut_deep(text: str, limit: int) -> str:
    """``text`` with every array or object opening deeper than ``limit`` (the outermost value
    is depth 1) written ``[]``; :class:`zhengfen.ConformanceError` if ``text`` is not JSON
    (``NaN`` and ``Infinity`` are taken, as Python's reader takes them)."""
    out: list[str] = []
    stack: list[str] = []
    cut: int | None = None  # the depth of the container being left out
    state, position = "value", 0
    while (found := _TOKEN.match(text, position)) is not None:
        kind = found.lastgroup or ""
        if kind not in _ALLOWED[state]:
            break
        position = found.end()
        depth = len(stack)
        state = _next_state(kind, found.group(kind), stack, state)
        if cut is None and kind == "open" and len(stack) > limit:
            cut = len(stack)
            out.append("[]")
        elif cut is None:
            out.append(found.group())
        elif kind == "close" and depth == cut:
            cut = None
    if state != "end" or text[position:].strip(" \t\n\r"):
        raise ConformanceError(f"unexpected text at character {position}")
    return "".join(out)


def _next_state(kind: str, token: str, stack: list[str], state: str) -> str:
    """The grammar's state after ``token`` (of ``kind``), pushing and popping ``stack``."""
    if kind == "open":
        stack.append(token)
        return "first_value" if token == "[" else "first_key"
    if kind == "close":
        if not stack or {"[": "]", "{": "}"}[stack.pop()] != token:
            return "mismatched"
    elif kind == "comma":
        return "value" if stack[-1] == "[" else "key"
    elif kind == "colon":
        return "value"
    elif kind == "string" and state in ("key", "first_key"):
        return "colon"
    return "after" if stack else "end"
