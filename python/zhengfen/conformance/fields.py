"""The fields of a protocol request, checked before any engine sees them (CONFORMANCE.md §4).

Every field has one JSON type and, for integers, one range; anything else is refused with
:class:`BadRequest` naming the field, so both our implementations answer bad input the same way
and an engine never receives a float, a list or an out-of-range integer where it expects an
integer or a notation.

>>> integer({"seed": 7}, "seed", 0, 10)
7
>>> integer({"seed": -1}, "seed", 0, 10)
Traceback (most recent call last):
...
zhengfen.conformance.fields.BadRequest: field 'seed' must be an integer from 0 to 10, not -1
"""

from __future__ import annotations

import json
from typing import Any

from zhengfen.errors import InvalidComboError, RulesError
from zhengfen.reference.cards import trimmed

U64_MAX = 2**64 - 1
MAX_COUNT = 10_000
"""The most ``rng`` outputs one request may ask for."""
MAX_GAMES = 10_000
"""The most games one server session holds (``new_game`` is refused past it)."""
GAMES = ("zheng_fen", "zen_cheng_you")
_MISSING = object()


class BadRequest(Exception):
    """A request the protocol does not define: a missing field, a wrong type, a bad range."""


def field(request: dict[str, Any], name: str, default: Any = _MISSING) -> Any:
    """The field ``name``; refused if missing and there is no default."""
    if name in request:
        return request[name]
    if default is _MISSING:
        raise BadRequest(f"missing field {name!r}")
    return default


def describe(value: Any, limit: int = 60) -> str:
    """A value for a message, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def integer(
    request: dict[str, Any], name: str, low: int, high: int, default: Any = _MISSING
) -> int:
    """An integer field from ``low`` to ``high`` (a JSON number without fraction or exponent;
    ``true``/``false`` are not integers)."""
    value = field(request, name, default)
    if type(value) is not int or not low <= value <= high:
        raise BadRequest(
            f"field {name!r} must be an integer from {low} to {high}, not {describe(value)}"
        )
    return value


def whole(request: dict[str, Any], name: str) -> int:
    """An integer field of any size (its range is the engine's to check)."""
    value = field(request, name)
    if type(value) is not int:
        raise BadRequest(f"field {name!r} must be an integer, not {describe(value)}")
    return value


def text(request: dict[str, Any], name: str) -> str:
    """A string field (a notation, a move, a game id)."""
    value = field(request, name)
    if not isinstance(value, str):
        raise BadRequest(f"field {name!r} must be a string, not {describe(value)}")
    return value


def optional_text(request: dict[str, Any], name: str) -> str | None:
    """A string field that may be ``null`` or missing (``null``)."""
    value = field(request, name, None)
    if value is not None and not isinstance(value, str):
        raise BadRequest(f"field {name!r} must be a string or null, not {describe(value)}")
    return value


def combination(request: dict[str, Any], name: str, optional: bool = False) -> str | None:
    """A combination field (``challenger``, ``table``): a string, or ``null`` if ``optional``.

    ``pass`` is no combination (an ``invalid_combo``, RULES.md §6.1), whichever engine reads it,
    in any case and with white space around it (CONFORMANCE.md §1).
    """
    value = optional_text(request, name) if optional else text(request, name)
    if value is not None and trimmed(value).lower() == "pass":
        raise InvalidComboError(f"field {name!r}: the pass is not a combination")
    return value


def text_list(request: dict[str, Any], name: str) -> list[str]:
    """A list of strings (the ``hands`` of ``new_game``)."""
    value = field(request, name)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise BadRequest(f"field {name!r} must be a list of strings, not {describe(value)}")
    return value


def rules_spec(request: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The game name and the options of the ``rules`` field ``{"game": …, option: value, …}``.

    An option's value must be a JSON boolean, integer or string (``null``, a number with a
    fraction, a list or an object is a :class:`~zhengfen.errors.RulesError`); which values an
    option takes is left to the engine, which refuses the others as ``rules`` errors too."""
    spec = field(request, "rules")
    if not isinstance(spec, dict):
        raise BadRequest(f"field 'rules' must be an object, not {describe(spec)}")
    game = spec.get("game")
    if game not in GAMES:
        raise BadRequest(f"unknown game {describe(game)}; the games are {', '.join(GAMES)}")
    options = {k: v for k, v in spec.items() if k != "game"}
    for name, value in options.items():
        if not isinstance(value, (bool, int, str)):
            raise RulesError(f"option {name!r} cannot take the value {json.dumps(value)[:60]}")
    return game, options
