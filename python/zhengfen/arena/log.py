"""The arena log, the one home of its format: one JSON object a line, one game each (blank lines
skipped). ``zhengfen arena --log`` writes one (each line a :class:`zhengfen.arena.GameResult`),
``zhengfen serve --replays`` and ``zhengfen export --log`` write the games people played in the
same format (:func:`zhengfen.web.archive.record`), the league keeps its results as such lines
without the game, and ``zhengfen replay`` and the web's Replay page read them.

A line holds ``agents`` (one name per seat) and, where the game was kept, ``game``, the saved
game as ``Game.to_json()`` writes it; the rest is the writer's: the arena's result (``deal``,
``rotation``, ``seed``, ``points`` ...), or the web's ``title`` and what the server knew of the
game. :func:`line` is the one writer; :func:`read_line` reads a line's fields and :class:`Log`
the saved games of a log (or one saved game, ``Game.to_json()`` on its own), for replays.

>>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), 7)
>>> saved = Log(line(["greedy"] * 4, game.to_json(), {"title": "one game"}))[0]
>>> saved.title, saved.agents == ["greedy"] * 4, saved.game.to_json() == game.to_json()
('one game', True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

import zhengfen
from zhengfen.errors import InvalidStateError

__all__ = ["Log", "Saved", "line", "load", "one_game", "read_line"]


def line(agents: Sequence[str], game: str | None, fields: Mapping[str, Any]) -> str:
    """One line of an arena log (without its newline): ``fields`` (the writer's own), then
    ``agents`` (one name per seat) and, when given, the saved game ``game`` (the text of
    ``Game.to_json()``, kept as a JSON object)."""
    record = {**fields, "agents": list(agents)}
    if game is not None:
        record["game"] = json.loads(game)
    return json.dumps(record)


def read_line(text: str, where: str) -> dict[str, Any]:
    """The fields of one line of an arena log; ``InvalidStateError`` naming ``where`` (``line
    3``) if it is not JSON, is nested too deeply, or is not a JSON object."""
    record = _json(text, where)
    if not isinstance(record, dict):
        raise InvalidStateError(f"{where} is not a JSON object: {_short(record)}")
    return record


@dataclass
class Saved:
    """One game of a log: the game and, from an arena log, who sat where."""

    game: zhengfen.Game
    title: str
    agents: list[str] | None = None


class Log(Sequence[Saved]):
    """The games of a log, each read only when asked for (``--game K`` reads one line of a long
    arena log, ``--list`` one game at a time): a saved game, or arena JSON lines (those that
    kept the game; blank lines are skipped). Anything malformed raises ``ValueError`` when its
    game is read, naming the line and what is wrong: not JSON, nested too deeply, no saved game,
    an invalid game, or an ``agents`` field that is not one agent name per seat."""

    def __init__(self, text: str) -> None:
        stripped = text.strip()
        if not stripped:
            raise InvalidStateError("the log is empty")
        self._whole: str | None = None
        self._lines: list[tuple[int, str]] = []
        if _is_saved_game(stripped):
            self._whole = stripped
        else:
            lines = enumerate(text.splitlines(), 1)  # numbered as in the file
            self._lines = [(number, row) for number, row in lines if row.strip()]

    def __len__(self) -> int:
        return 1 if self._whole is not None else len(self._lines)

    @overload
    def __getitem__(self, index: int) -> Saved: ...

    @overload
    def __getitem__(self, index: slice) -> list[Saved]: ...

    def __getitem__(self, index: int | slice) -> Saved | list[Saved]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        if self._whole is not None:
            return [Saved(zhengfen.Game.from_json(self._whole), "saved game")][index]
        number, text = self._lines[index]
        return _record(_json(text, f"line {number}"), number)


def load(text: str) -> list[Saved]:
    """Every game of a log, read and checked (see :class:`Log`)."""
    return list(Log(text))


def one_game(text: str, opener: str = "Replay") -> zhengfen.Game:
    """The one saved game ``text`` holds (resuming a game), read as :class:`Log` reads it, so
    that a malformed file gets the same reason in both; a well-formed arena log is refused with
    where it opens (``opener``).

    >>> one_game('{"game": "x"}')
    Traceback (most recent call last):
    ...
    zhengfen.errors.InvalidStateError: line 1: invalid saved game: not an object
    """
    log = Log(text)
    if log._whole is not None:
        return log[0].game
    log[0]  # a malformed first line: the reason Replay gives
    games = f"{len(log)} game{'' if len(log) == 1 else 's'}"
    raise InvalidStateError(
        f"this is an arena log ({games}), not one saved game: open it in {opener}"
    )


def _is_saved_game(text: str) -> bool:
    """Whether ``text`` is one saved game (``Game.to_json()``, however it is laid out), rather
    than the lines of an arena log."""
    if not text.startswith("{"):
        return False
    try:
        whole = _json(text, "the log")
    except ValueError:
        return False
    return isinstance(whole, dict) and whole.get("format") == "zhengfen-game"


def _json(text: str, where: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidStateError(f"{where} is not JSON: {error}") from error
    except RecursionError as error:
        raise InvalidStateError(f"{where} is nested too deeply to be a saved game") from error


def _record(record: object, number: int) -> Saved:
    """One line of an arena log as a saved game."""
    if not isinstance(record, dict) or "game" not in record:
        raise InvalidStateError(
            f"line {number} holds no saved game (run the arena with --log to keep them)"
        )
    title = record.get("title")
    if not isinstance(title, str):  # an arena's game; one zhengfen serve kept names itself
        title = (
            f"deal {record.get('deal')}, rotation {record.get('rotation')}, "
            f"seed {record.get('seed')}"
        )
    try:
        game = zhengfen.Game.from_json(json.dumps(record["game"]))
    except ValueError as error:
        raise type(error)(f"line {number}: {error}") from error
    agents = record.get("agents")
    players = game.rules.players
    if agents is not None and not (
        isinstance(agents, list)
        and len(agents) == players
        and all(isinstance(agent, str) for agent in agents)
    ):
        raise InvalidStateError(
            f"line {number}: 'agents' must be a list of {players} agent names, "
            f"one per seat, not {_short(agents)}"
        )
    return Saved(game, title, agents)


def _short(value: object, limit: int = 60) -> str:
    shown = json.dumps(value)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."
