"""Where an answer differs from the expectation, field by field, for the checker's report.

Two long game states that differ only in ``hands`` print alike when both are cut short; the
differences name the field and the item instead:

>>> differences({"hands": ["3c", "4c"], "scores": [0, 5]},
...             {"hands": ["3c", "4d"], "scores": [0, 5]})
['hands[1]: expected "4c", got "4d"']
"""

from __future__ import annotations

import json
from typing import Any

MOST = 8
"""The most differences listed for one failure."""
DEEPEST = 8
"""Below this depth two differing values are shown whole (cut short), not compared further."""


def shown(value: Any, limit: int = 120) -> str:
    """A JSON value on one line, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + " …"


def differences(expected: Any, actual: Any, most: int = MOST) -> list[str]:
    """One line per differing field or item, ``path: expected X, got Y`` (at most ``most``,
    then a line saying how many more)."""
    found: list[str] = []
    _walk(expected, actual, "", 0, found)
    if len(found) > most:
        return [*found[:most], f"… and {len(found) - most} more differences"]
    return found


def _walk(expected: Any, actual: Any, path: str, level: int, found: list[str]) -> None:
    if expected == actual or type(expected) is not type(actual) or level >= DEEPEST:
        if expected != actual:
            found.append(f"{path or 'the answer'}: expected {shown(expected)}, got {shown(actual)}")
        return
    if isinstance(expected, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                found.append(f"{where}: missing (expected {shown(expected[key])})")
            elif key not in expected:
                found.append(f"{where}: not expected (got {shown(actual[key])})")
            else:
                _walk(expected[key], actual[key], where, level + 1, found)
    elif isinstance(expected, list):
        if len(expected) != len(actual):
            found.append(
                f"{path or 'the answer'}: {len(expected)} items expected, got {len(actual)}"
            )
        for index, (left, right) in enumerate(zip(expected, actual)):
            _walk(left, right, f"{path}[{index}]", level + 1, found)
    else:
        found.append(f"{path or 'the answer'}: expected {shown(expected)}, got {shown(actual)}")
