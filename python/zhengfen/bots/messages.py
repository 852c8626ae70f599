"""The lines of the bot protocol (BOTS.md §1-§4): each engine message built as a ``dict``
(:func:`hello`, :func:`game`, :func:`decision`, :func:`fault`, :func:`match_end`,
:func:`game_end`, :func:`bye`), :func:`encode` writing one as a compact JSON line, and the bot's
lines read: :func:`read_hello` (its greeting, refused per §4) and :func:`read_answer` (the
answer to a decision: the chosen move's index, or the fault of §6). Pure functions: no process,
no clock.

>>> import zhengfen
>>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
>>> message = decision(game, 3, 1, time_ms=1000, budget_left_ms=60000)
>>> message["legal"][:2], message["observation"]["hand"][:8]
(['single 3 1: 3d', 'single 3 1: 3h'], '3d 3h 4c')
>>> read_answer(b'{"type":"move","id":1,"move":"3h"}', 1, game.legal_moves(), game.rules)
Answer(index=1, fault=None, message='')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from zhengfen._core import Combo, Game, Rules, classify
from zhengfen._version import __version__
from zhengfen.errors import BotError
from zhengfen.types import Move

__all__ = [
    "FAULTS",
    "MAX_LINE_BYTES",
    "PROTOCOL",
    "Answer",
    "BotHello",
    "bye",
    "decision",
    "encode",
    "fault",
    "game",
    "game_end",
    "hello",
    "match_end",
    "read_answer",
    "read_hello",
    "rules_object",
]

PROTOCOL = 1
"""The protocol's version (BOTS.md)."""

MAX_LINE_BYTES = 1 << 20
"""The longest line a bot may write, its line end excluded (BOTS.md §1)."""

FAULTS = ("late", "budget", "illegal", "unreadable", "oversized", "encoding", "crashed", "start")
"""The faults of BOTS.md §6, by name (``gave_up`` is counted where the fallback plays on)."""


def hello() -> dict[str, Any]:
    """The engine's greeting, its first line."""
    return {"type": "hello", "protocol": PROTOCOL, "engine": f"zhengfen {__version__}"}


def rules_object(rules: Rules) -> dict[str, Any]:
    """``rules`` as the protocol writes them: the game and every option with its value (the
    core's ``Rules.to_dict()``)."""
    return dict(rules.to_dict())


def game(
    rules: Rules,
    seat: int,
    *,
    game_id: str,
    seed: int,
    restarted: bool = False,
    time_ms: int = 1000,
    budget_ms: int = 60_000,
) -> dict[str, Any]:
    """``game``: a game begins (or, ``restarted``, goes on in a new process) for ``seat``."""
    return {
        "type": "game",
        "game_id": game_id,
        "rules": rules_object(rules),
        "seat": seat,
        "seed": seed,
        "restarted": restarted,
        "time_ms": time_ms,
        "budget_ms": budget_ms,
    }


def decision(
    game: Game,
    seat: int,
    ident: int,
    time_ms: int,
    budget_left_ms: int,
    legal: Sequence[Move] | None = None,
) -> dict[str, Any]:
    """``decision`` number ``ident``: ``seat`` (the seat to move in ``game``) is asked for a
    move, shown exactly its observation and its legal moves in the engine's order (``legal``:
    ``game.legal_moves()`` where the caller holds it already)."""
    return {
        "type": "decision",
        "id": ident,
        "match": game.match_number,
        "time_ms": time_ms,
        "budget_left_ms": budget_left_ms,
        "observation": game.observation(seat),
        "legal": [str(move) for move in (game.legal_moves() if legal is None else legal)],
    }


def fault(ident: int, name: str, message: str, played: Move) -> dict[str, Any]:
    """``fault``: the answer to decision ``ident`` was not taken (fault ``name``, explained by
    ``message``); the fallback ``played`` for the seat."""
    return {"type": "fault", "id": ident, "fault": name, "message": message, "played": str(played)}


def match_end(game: Game, seat: int) -> dict[str, Any]:
    """``match_end``: the match just over, as ``seat`` sees it."""
    return {
        "type": "match_end",
        "match": game.match_number,
        "match_points": list(game.match_points),
        "scores": list(game.scores),
        "out_order": list(game.out_order),
        "observation": game.observation(seat),
    }


def game_end(game: Game) -> dict[str, Any]:
    """``game_end``: the game's scores and winners (none for a game cut short)."""
    winners = list(game.winners) if game.game_over else []
    return {"type": "game_end", "scores": list(game.scores), "winners": winners}


def bye() -> dict[str, Any]:
    """``bye``: the bot is to exit."""
    return {"type": "bye"}


def encode(message: Mapping[str, Any]) -> bytes:
    """``message`` as one compact JSON line, ended by ``\\n``.

    >>> encode(bye())
    b'{"type":"bye"}\\n'
    """
    return _ENCODER.encode(message).encode("utf-8") + b"\n"


_ENCODER = json.JSONEncoder(
    separators=(",", ":"), ensure_ascii=False, allow_nan=False, check_circular=False
)
"""Made once: ``json.dumps`` with settings makes one a call. The engine's messages are built
here and hold no cycle: no check for one."""


@dataclass(frozen=True)
class BotHello:
    """A bot's greeting (BOTS.md §4): its ``name``, ``protocol``, the ``games`` it plays (each
    game's table sizes), and optional ``author`` and ``version``."""

    name: str
    protocol: int
    games: dict[str, tuple[int, ...]]
    author: str | None = None
    version: str | None = None

    def plays(self, rules: Rules) -> bool:
        """Whether the bot plays ``rules``' game at its table size."""
        return rules.players in self.games.get(rules.game, ())

    def refusal(self, rules: Rules) -> str | None:
        """Why the bot cannot be seated under ``rules``, or ``None``."""
        if self.plays(rules):
            return None
        claimed = ", ".join(f"{g} {list(sizes)}" for g, sizes in self.games.items()) or "none"
        return (
            f"it does not play {rules.game} with {rules.players} players "
            f"(its hello lists {claimed})"
        )


def read_hello(line: bytes | str) -> BotHello:
    """The bot's ``hello`` read from its first ``line``; :class:`zhengfen.BotError` saying why
    a greeting is refused (not JSON, not a ``hello``, protocol other than 1, a missing or bad
    ``name`` or ``games``).

    >>> read_hello(b'{"type":"hello","protocol":1,"name":"x","games":{"zheng_fen":[4]}}').games
    {'zheng_fen': (4,)}
    >>> read_hello('{"type":"hello","protocol":2,"name":"x","games":{}}')
    Traceback (most recent call last):
    ...
    zhengfen.errors.BotError: its hello gives protocol 2, not 1
    """
    try:
        value = _json_object(line)
    except ValueError as error:
        raise BotError(f"its first line is no hello: {error}") from None
    if value.get("type") != "hello":
        raise BotError(f"its first line is no hello (type {value.get('type')!r})")
    protocol = value.get("protocol")
    if protocol != PROTOCOL or isinstance(protocol, bool):
        raise BotError(f"its hello gives protocol {protocol!r}, not {PROTOCOL}")
    name = value.get("name")
    if not isinstance(name, str) or not 0 < len(name) <= 64:
        raise BotError("its hello needs a name: a string of 1 to 64 characters")
    author, version = value.get("author"), value.get("version")
    return BotHello(
        name,
        PROTOCOL,
        _games(value.get("games")),
        author if isinstance(author, str) else None,
        version if isinstance(version, str) else None,
    )


def _games(games: object) -> dict[str, tuple[int, ...]]:
    """The ``games`` of a hello: each game's name and its table sizes."""
    if not isinstance(games, dict):
        raise BotError("its hello needs games: an object of game names and table sizes")
    read: dict[str, tuple[int, ...]] = {}
    for name, sizes in games.items():
        if not isinstance(sizes, list) or not all(
            isinstance(size, int) and not isinstance(size, bool) for size in sizes
        ):
            raise BotError(f"its hello's games[{name!r}] is no list of table sizes")
        read[name] = tuple(sizes)
    return read


@dataclass(frozen=True)
class Answer:
    """A bot's answer to a decision: the ``index`` of the legal move it chose, or the
    ``fault`` of BOTS.md §6 (``illegal``, ``unreadable``, ``encoding``) with its ``message``."""

    index: int | None
    fault: str | None = None
    message: str = ""


def read_answer(
    line: bytes, decision_id: int, legal: Sequence[Move], rules: Rules
) -> Answer | None:
    """The answer ``line`` gives to decision ``decision_id`` whose legal moves are ``legal``
    under ``rules``; ``None`` where the line is no answer to it (a blank line, a ``type`` other
    than ``move``, another ``id``): the wait goes on.

    >>> import zhengfen
    >>> rules = zhengfen.Rules.zheng_fen(players=4)
    >>> legal = ["pass", zhengfen.Combo.parse("single 7 1: 7d", rules)]
    >>> read_answer(b'{"type":"move","id":7,"index":1}', 7, legal, rules)
    Answer(index=1, fault=None, message='')
    >>> read_answer(b'{"type":"move","id":6,"index":1}', 7, legal, rules) is None
    True
    >>> read_answer(b'{"type":"move","id":7,"index":2}', 7, legal, rules).fault
    'illegal'
    >>> read_answer(b'{"type":"move","id":7,"move":"8d"}', 7, legal, rules).fault
    'illegal'
    >>> read_answer(b'\\xff', 7, legal, rules).fault
    'encoding'
    """
    quick = _CANONICAL.fullmatch(line)
    if quick is not None and int(quick[1]) == decision_id:
        return _by_index(int(quick[2]), legal)
    return _read_json_answer(line, decision_id, legal, rules)


def _read_json_answer(
    line: bytes, decision_id: int, legal: Sequence[Move], rules: Rules
) -> Answer | None:
    """:func:`read_answer` for any line, by the JSON parser."""
    if not line.strip():
        return None
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        return Answer(None, "encoding", f"a line that is not UTF-8 ({error.reason})")
    try:
        value = _json_object(text)
    except ValueError as error:
        return Answer(None, "unreadable", str(error))
    ident = value.get("id")
    if value.get("type") != "move" or ident != decision_id or isinstance(ident, bool | float):
        return None
    if "index" in value:
        return _by_index(value["index"], legal)
    if isinstance(value.get("move"), str):
        return _by_text(value["move"], legal, rules)
    return Answer(None, "unreadable", "a move without a usable index or move")


_CANONICAL = re.compile(
    rb'\{"type":"move","id":(0|[1-9][0-9]{0,17}),"index":(0|[1-9][0-9]{0,8})\}\r?'
)
"""The answer as most bots write it, compact: read without a JSON parser (the same value)."""


def _by_index(index: object, legal: Sequence[Move]) -> Answer:
    if isinstance(index, bool) or not isinstance(index, int):
        return Answer(None, "unreadable", f"index {_shown(index)} is not an integer")
    if not 0 <= index < len(legal):
        return Answer(None, "illegal", f"index {index} of {len(legal)} legal moves")
    return _ANSWERS[index] if index < len(_ANSWERS) else Answer(index)


_ANSWERS = tuple(Answer(index) for index in range(64))
"""The answers of the first indexes, made once (they are frozen)."""


_WORDS: dict[str, Move] = {"pass": "pass", "blind": "blind", "declare": "declare"}
"""The moves written as a word."""


def _by_text(text: str, legal: Sequence[Move], rules: Rules) -> Answer:
    """The move written ``text`` read as the conformance protocol reads a ``move``
    (CONFORMANCE.md §4), by the core's parsers: ``pass``/``blind``/``declare``, a combination
    notation (a reading of its cards), or card notation as its strongest legal reading."""
    words = text.strip()
    try:
        readings: list[Move]
        if words in _WORDS:
            readings = [_WORDS[words]]
        elif ":" in words:
            readings = [Combo.parse(words, rules)]
        else:
            readings = list(classify(words, rules))
    except ValueError as error:
        return Answer(None, "illegal", f"move {_shown(text)} cannot be read: {error}")
    for reading in readings:
        if reading in legal:
            return Answer(list(legal).index(reading))
    return Answer(None, "illegal", f"move {_shown(text)} is not legal here")


def _json_object(line: bytes | str) -> dict[str, Any]:
    """``line`` read as strict JSON (no ``NaN`` or ``Infinity``): an object, else
    :class:`zhengfen.BotError` saying what it is."""
    try:
        value = _DECODER.decode(line if isinstance(line, str) else line.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise BotError(f"not JSON ({error})") from None
    if not isinstance(value, dict):
        raise BotError(f"not a JSON object but {type(value).__name__}")
    return value


def _no_constant(token: str) -> Any:
    raise BotError(f"not JSON ({token} is not a JSON number)")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)
"""Strict JSON, made once."""


def _shown(value: object, limit: int = 60) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
