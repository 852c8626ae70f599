"""Rule sets: the game, its players and its seven options, validated.

Implements RULES.md §3: the presets ``Rules.zheng_fen`` and ``Rules.zen_cheng_you``, the
options of §3.1 (Zheng Fen) and §3.2 (Zen Cheng You), the fixed options of §3.3 and the
errors of §3.4, the bound on ``target`` of §3.5 (``MAX_TARGET``). Zheng Fen uses one deck (§1.4,
54 cards), Zen Cheng You two (§8.1).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, cast

from zhengfen.errors import RulesError

__all__ = ["MAX_TARGET", "ZEN_CHENG_YOU", "ZHENG_FEN", "Rules"]

ZHENG_FEN = "zheng_fen"
ZEN_CHENG_YOU = "zen_cheng_you"
#: The highest ``target`` (§3.5): it bounds a game's length.
MAX_TARGET = 10_000


@dataclass(frozen=True)
class _Option:
    """One option of one game: its type, its allowed values (None: 1 to MAX_TARGET), default."""

    kind: type
    allowed: tuple[bool | int | str, ...] | None
    default: bool | int | str


_OPTIONS: dict[str, dict[str, _Option]] = {
    ZHENG_FEN: {  # §3.1, with the fixed options of §3.3
        "players": _Option(int, (3, 4, 5, 6), 4),
        "jokers_wild": _Option(bool, (True, False), True),
        "next_leader": _Option(str, ("first_out", "best_score"), "first_out"),
        "target": _Option(int, None, 500),
        "tie": _Option(str, ("play_on", "share"), "play_on"),
        "lead_after_out": _Option(str, ("next",), "next"),
        "last_chance": _Option(bool, (True,), True),
    },
    ZEN_CHENG_YOU: {  # §3.2, with the fixed options of §3.3
        "players": _Option(int, (4,), 4),
        "jokers_wild": _Option(bool, (False,), False),
        "next_leader": _Option(str, ("first_out",), "first_out"),
        "target": _Option(int, None, 1000),
        "tie": _Option(str, ("play_on",), "play_on"),
        "lead_after_out": _Option(str, ("next", "partner"), "next"),
        "last_chance": _Option(bool, (False, True), False),
    },
}
_DECKS = {ZHENG_FEN: 1, ZEN_CHENG_YOU: 2}
_TYPE_NAMES = {bool: "True or False", int: "an integer", str: "a string"}
#: The options shown by repr, per game (the ones the game offers, §3.1, §3.2).
_SHOWN = {
    ZHENG_FEN: ("players", "jokers_wild", "next_leader", "target", "tie"),
    ZEN_CHENG_YOU: ("target", "lead_after_out", "last_chance"),
}


def _has_type(value: object, kind: type) -> bool:
    """Strict type test: a bool is not an integer here (§3.4)."""
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _check_option(game: str, name: str, value: object) -> None:
    """Raise RulesError naming the option if ``value`` is not allowed for it in ``game``."""
    option = _OPTIONS[game][name]
    if not _has_type(value, option.kind):
        raise RulesError(f"option {name!r} takes {_TYPE_NAMES[option.kind]}, got {value!r}")
    if option.allowed is None:
        if not 1 <= cast(int, value) <= MAX_TARGET:
            raise RulesError(
                f"option {name!r} must be an integer from 1 to {MAX_TARGET}, got {value!r}"
            )
    elif value not in option.allowed:
        if len(option.allowed) == 1:
            raise RulesError(
                f"option {name!r} is fixed to {option.allowed[0]!r} in {game}, got {value!r}"
            )
        choices = ", ".join(repr(choice) for choice in option.allowed)
        raise RulesError(f"option {name!r} must be one of {choices}, got {value!r}")


@dataclass(frozen=True, repr=False)
class Rules:
    """A rule set: the game, its number of players and its options (§3).

    Build one with :meth:`zheng_fen` or :meth:`zen_cheng_you`; every field is validated.

    >>> Rules.zheng_fen()
    Rules.zheng_fen(players=4, jokers_wild=True, next_leader='first_out', target=500, tie='play_on')
    >>> Rules.zen_cheng_you().decks, Rules.zen_cheng_you().last_chance
    (2, False)
    >>> Rules.zheng_fen(players=7)
    Traceback (most recent call last):
    ...
    zhengfen.errors.RulesError: option 'players' must be one of 3, 4, 5, 6, got 7
    """

    game: str
    players: int
    decks: int
    jokers_wild: bool
    next_leader: str
    target: int
    tie: str
    lead_after_out: str
    last_chance: bool

    def __post_init__(self) -> None:
        if self.game not in _OPTIONS:
            raise RulesError(f"unknown game {self.game!r}")
        if self.decks != _DECKS[self.game] or isinstance(self.decks, bool):
            raise RulesError(f"{self.game} is played with {_DECKS[self.game]} deck(s)")
        for field in fields(self):
            if field.name in _OPTIONS[self.game]:
                _check_option(self.game, field.name, getattr(self, field.name))

    @classmethod
    def _build(cls, game: str, options: dict[str, object]) -> Rules:
        for name in options:
            if name not in _OPTIONS[game]:
                raise RulesError(f"unknown option {name!r} for {game}")
        defaults = _OPTIONS[game].items()
        values = {name: options.get(name, option.default) for name, option in defaults}
        return cls(game=game, decks=_DECKS[game], **cast("dict[str, Any]", values))

    @classmethod
    def zheng_fen(cls, players: int = 4, **options: object) -> Rules:
        """A Zheng Fen rule set (§3.1): 3 to 6 players, one deck.

        >>> Rules.zheng_fen(3, jokers_wild=False).jokers_wild
        False
        >>> Rules.zheng_fen(last_chance=True) == Rules.zheng_fen()
        True
        """
        return cls._build(ZHENG_FEN, {"players": players, **options})

    @classmethod
    def zen_cheng_you(cls, **options: object) -> Rules:
        """A Zen Cheng You rule set (§3.2): 4 players in two teams, two decks.

        >>> Rules.zen_cheng_you(lead_after_out="partner")
        Rules.zen_cheng_you(target=1000, lead_after_out='partner', last_chance=False)
        >>> Rules.zen_cheng_you(players=3)
        Traceback (most recent call last):
        ...
        zhengfen.errors.RulesError: option 'players' is fixed to 4 in zen_cheng_you, got 3
        """
        return cls._build(ZEN_CHENG_YOU, options)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _SHOWN[self.game])
        return f"Rules.{self.game}({shown})"
