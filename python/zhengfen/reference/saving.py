"""Saved games: the JSON format of RULES.md §12.7, written and read with strict validation.

A saved game holds the rule set (the game and its own options, §3.1 or §3.2; a reader also
accepts the fixed options of §3.3 at their fixed values, and takes defaults for missing ones),
the setup (a seed, or given hands, a leader and a seed, §12.2), the decisions (§12.1, and
``"next_match"`` for each next match) and, as checks, the rng state, the current hands and the
history (§12.6) they lead to. This module only reads and writes the
text; replaying the decisions and comparing what they reach is done by
:meth:`zhengfen.reference.game.Game.from_json`. Every malformed field is an
:class:`~zhengfen.errors.InvalidStateError`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from zhengfen.errors import InvalidStateError, RulesError
from zhengfen.reference.rules import ZEN_CHENG_YOU, ZHENG_FEN, Rules

__all__ = [
    "FORMAT",
    "GAME_OPTIONS",
    "NEXT_MATCH",
    "OPTION_NAMES",
    "VERSION",
    "SavedGame",
    "decode",
    "encode",
]

FORMAT = "zhengfen-game"
VERSION = 1
#: The seven options every rule set carries (§3.3), in the order of §3.1 and §3.2.
OPTION_NAMES = (
    "players",
    "jokers_wild",
    "next_leader",
    "target",
    "tie",
    "lead_after_out",
    "last_chance",
)
#: The options each game offers (§3.1, §3.2): the ones a writer puts in ``"rules"``.
GAME_OPTIONS = {
    ZHENG_FEN: ("players", "jokers_wild", "next_leader", "target", "tie"),
    ZEN_CHENG_YOU: ("target", "lead_after_out", "last_chance"),
}
#: The decision recorded for each call of ``next_match()`` (§12.7).
NEXT_MATCH = "next_match"
_KEYS = ("format", "version", "rules", "setup", "decisions", "rng_state", "hands", "history")
_MAX_SEED = (1 << 64) - 1


@dataclass(frozen=True)
class SavedGame:
    """The content of a saved game (§12.7); ``setup_hands`` is None for a dealt game."""

    rules: Rules
    seed: int
    setup_hands: tuple[str, ...] | None
    setup_leader: int | None
    decisions: tuple[str, ...]
    rng_state: int
    hands: tuple[str, ...]
    history: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of §12.7.

        >>> saved = SavedGame(Rules.zen_cheng_you(), 7, None, None, (), 7, (), ())
        >>> saved.to_dict()["rules"]
        {'game': 'zen_cheng_you', 'target': 1000, 'lead_after_out': 'next', 'last_chance': False}
        >>> saved.to_dict()["setup"]
        {'seed': 7}
        """
        rules: dict[str, Any] = {"game": self.rules.game}
        rules.update((name, getattr(self.rules, name)) for name in GAME_OPTIONS[self.rules.game])
        setup: dict[str, Any] = {"seed": self.seed}
        if self.setup_hands is not None:
            setup = {"hands": list(self.setup_hands), "leader": self.setup_leader, **setup}
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": rules,
            "setup": setup,
            "decisions": list(self.decisions),
            "rng_state": self.rng_state,
            "hands": list(self.hands),
            "history": [dict(event) for event in self.history],
        }

    def canonical(self) -> str:
        """A text equal for two saved games exactly when every field is (keys sorted)."""
        return json.dumps(self.to_dict(), sort_keys=True)


def encode(saved: SavedGame) -> str:
    """The JSON text of a saved game (§12.7).

    >>> encode(SavedGame(Rules.zheng_fen(), 0, None, None, (), 0, (), ()))[:49]
    '{"format": "zhengfen-game", "version": 1, "rules"'
    """
    return json.dumps(saved.to_dict())


def _fail(where: str, why: str) -> InvalidStateError:
    return InvalidStateError(f"saved game: {where}: {why}")


def _object(value: object, keys: tuple[str, ...], where: str) -> dict[str, Any]:
    """A JSON object with exactly ``keys``."""
    if not isinstance(value, dict):
        raise _fail(where, "expected an object")
    if set(value) != set(keys):
        raise _fail(where, f"expected the keys {sorted(keys)}, got {sorted(value)}")
    return value


def _integer(value: object, where: str, low: int = 0, high: int = _MAX_SEED) -> int:
    """A JSON integer (not a boolean) in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, f"expected an integer in {low}..{high}, got {value!r}")
    return value


def _strings(value: object, where: str) -> tuple[str, ...]:
    """A JSON list of strings."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _fail(where, "expected a list of strings")
    return tuple(value)


def _rules(value: object) -> Rules:
    """The rule set: ``game`` and any of the seven options (§3.3), validated as by §3.4; a
    missing option takes its default, a fixed one only its fixed value, an unknown name is
    refused.

    >>> _rules({"game": "zheng_fen", "players": 3, "last_chance": True}).players
    3
    >>> _rules({"game": "zen_cheng_you", "players": 4, "jokers": True})
    Traceback (most recent call last):
    ...
    zhengfen.errors.InvalidStateError: saved game: rules: unknown option(s) ['jokers']
    """
    if not isinstance(value, dict):
        raise _fail("rules", "expected an object")
    if "game" not in value:
        raise _fail("rules", "the game is missing")
    unknown = sorted(set(value) - {"game", *OPTION_NAMES})
    if unknown:
        raise _fail("rules", f"unknown option(s) {unknown}")
    options = {name: option for name, option in value.items() if name != "game"}
    try:
        if value["game"] == ZHENG_FEN:
            return Rules.zheng_fen(**options)
        if value["game"] == ZEN_CHENG_YOU:
            return Rules.zen_cheng_you(**options)
    except RulesError as error:
        raise _fail("rules", str(error)) from error
    raise _fail("rules", f"unknown game {value['game']!r}")


def decode(text: str) -> SavedGame:
    """Read and validate the text of a saved game (§12.7); the replay is the caller's.

    >>> decode('{"format": "zhengfen-game", "version": 2}')
    Traceback (most recent call last):
    ...
    zhengfen.errors.InvalidStateError: saved game: top level: expected the keys ...
    """
    if not isinstance(text, str):
        raise _fail("text", f"expected a str, got {type(text).__name__}")
    try:
        value = json.loads(text)
    except ValueError as error:  # json.JSONDecodeError, and out-of-range numbers
        raise _fail("text", f"not JSON ({error})") from error
    top = _object(value, _KEYS, "top level")
    if top["format"] != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {top['format']!r}")
    _integer(top["version"], "version", VERSION, VERSION)
    rules = _rules(top["rules"])
    setup = top["setup"]
    setup_hands: tuple[str, ...] | None = None
    setup_leader: int | None = None
    if isinstance(setup, dict) and set(setup) != {"seed"}:
        setup = _object(setup, ("hands", "leader", "seed"), "setup")
        setup_hands = _strings(setup["hands"], "setup.hands")
        setup_leader = _integer(setup["leader"], "setup.leader", 0, rules.players - 1)
    else:
        setup = _object(setup, ("seed",), "setup")
    history = top["history"]
    if not isinstance(history, list) or not all(isinstance(e, dict) for e in history):
        raise _fail("history", "expected a list of objects")
    return SavedGame(
        rules=rules,
        seed=_integer(setup["seed"], "setup.seed"),
        setup_hands=setup_hands,
        setup_leader=setup_leader,
        decisions=_strings(top["decisions"], "decisions"),
        rng_state=_integer(top["rng_state"], "rng_state"),
        hands=_strings(top["hands"], "hands"),
        history=tuple(history),
    )
