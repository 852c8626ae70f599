"""``zhengfen replay LOG``: a saved game printed for people, trick by trick, or stepped through.

LOG is a game saved by ``Game.to_json()`` (or ``zhengfen play --save``), or a log of
``zhengfen arena --log`` (one game a line; ``--game K`` picks one, ``--list`` lists them). The
saved game is loaded with ``Game.from_json``, so a corrupt file is refused with the reason.
Games are read one at a time, when asked for (:class:`Log`): ``--game K`` reads only game K.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO, overload

import zhengfen
from zhengfen import text
from zhengfen.errors import InvalidStateError

__all__ = ["Log", "Saved", "load", "one_game", "trick_blocks"]


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
            lines = enumerate(stripped.splitlines(), 1)
            self._lines = [(number, line) for number, line in lines if line.strip()]

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
        number, line = self._lines[index]
        return _record(_json(line, f"line {number}"), number)


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


def trick_blocks(saved: Saved) -> Iterator[list[str]]:
    """The game as blocks of lines: a match's deal, then each trick, then the match's end."""
    return text.trick_blocks(saved.game, text.namer(saved.agents))


def replay(saved: Saved, out: IO[str], step: IO[str] | None = None) -> None:
    """Prints ``saved`` block by block; with ``step``, waits for a line of it after each."""
    game = saved.game
    print(f"{saved.title}: {game.rules!r}", file=out)
    if saved.agents:
        print(text.agents_line(saved.agents), file=out)
    for block in trick_blocks(saved):
        print("\n".join(block), file=out, flush=True)
        if step is not None:
            print("[Enter: next, q: stop] ", end="", file=out, flush=True)
            answer = step.readline()
            if not answer or answer.strip().lower() == "q":
                print(file=out)
                return
    print(text.final_line(game), file=out)
