"""One checked conversation with a bot program (BOTS.md §8, §9): :class:`Exchange` sends the
engine's lines to a running :class:`~zhengfen.bots.process.BotProcess` and holds the bot to
the protocol, strictly: every ``decision`` answered by its ``id`` with a legal index or move
within the time limit, and ``bye`` followed by exit status 0 within 2 s. The first breach
raises :class:`Breach` saying why, with the offending line shortened; nothing is played in the
bot's place (that is the arena's fallback, not a check's).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

import zhengfen
from zhengfen._core import Combo, Rules
from zhengfen.bots import messages
from zhengfen.bots.process import BYE_SECONDS, EOF, OVERSIZED, BotProcess
from zhengfen.bots.sessions import Ids
from zhengfen.types import Move

__all__ = ["Breach", "Exchange", "legal_moves", "shortened"]


class Breach(Exception):
    """The bot broke the protocol; the message says how."""


def shortened(line: bytes | str, limit: int = 80) -> str:
    """``line`` as a report quotes it, cut to ``limit`` characters.

    >>> shortened(b'{"type":"move","id":3,"index":9}')
    '\\'{"type":"move","id":3,"index":9}\\''
    >>> len(shortened("x" * 500))
    82
    """
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    text = text if len(text) <= limit else text[: limit - 3] + "..."
    return repr(text)


_WORDS: dict[str, Move] = {"pass": "pass", "blind": "blind", "declare": "declare"}


def legal_moves(legal: Sequence[str], rules: Rules) -> list[Move]:
    """A decision's ``legal`` list (canonical notation) read back into moves under ``rules``.

    >>> legal_moves(["pass", "single 7 1: 7d"], zhengfen.Rules.zheng_fen(players=4))[1]
    Combo.parse('single 7 1: 7d', ...)
    """
    return [_WORDS[text] if text in _WORDS else Combo.parse(text, rules) for text in legal]


class Exchange:
    """The lines between the check and one running ``process``, each decision held to
    ``time_ms``. Counts the decisions answered and the slowest answer; ``ids`` numbers the
    process's decisions."""

    def __init__(self, process: BotProcess, time_ms: int) -> None:
        self.process = process
        self.time_ms = time_ms
        self.answered = 0
        self.slowest = 0.0
        self.rules: Rules | None = None
        self.last_sent = "hello"
        self.ids = Ids()

    def __call__(self, message: Mapping[str, Any]) -> int | None:
        """Sends ``message``; for a ``decision``, returns the index of the bot's answer (a move
        written in notation is read as BOTS.md §4 reads it); :class:`Breach` if it has none."""
        if message.get("type") == "game" and isinstance(message.get("rules"), dict):
            self.rules = zhengfen.Rules.from_dict(message["rules"])
        begun = time.monotonic()
        deadline = begun + self.time_ms / 1000
        if not self.process.send(message, deadline=deadline):
            raise Breach(self._gone(f"it does not take the line {shortened(_json(message))}"))
        if message.get("type") != "decision":
            self.last_sent = _json(message)
            return None
        index = self._answer(message, deadline)
        self.answered += 1
        self.slowest = max(self.slowest, time.monotonic() - begun)
        return index

    def summary(self, since: int = 0) -> str:
        """The decisions answered after the first ``since``, and the slowest answer."""
        count = self.answered - since
        noun = "decision" if count == 1 else "decisions"
        return f"{count} {noun}, slowest {self.slowest * 1000:.0f} ms"

    def _answer(self, decision: Mapping[str, Any], deadline: float) -> int:
        ident = decision["id"]
        if self.rules is None:
            raise Breach("a decision before any game")  # a malformed vector, not the bot
        legal = legal_moves(decision["legal"], self.rules)
        stray: bytes | None = None
        while True:
            line = self.process.read_line(deadline)
            if line is None:
                why = f"no answer to decision {ident} within {self.time_ms} ms"
                raise Breach(why + (f" (it wrote {shortened(stray)})" if stray else ""))
            if line is EOF:
                raise Breach(self._gone(f"no answer to decision {ident}"))
            if line is OVERSIZED:
                raise Breach(f"a line over 1 MiB answering decision {ident}")
            assert isinstance(line, bytes)
            answer = messages.read_answer(line, ident, legal, self.rules)
            if answer is None:
                stray = line if line.strip() and b'"log"' not in line else stray
                continue
            if answer.index is None:
                why = f"{answer.fault} answer to decision {ident}: {answer.message}"
                raise Breach(f"{why}: {shortened(line)}")
            return answer.index

    def _gone(self, what: str) -> str:
        """``what`` went wrong, with how the process ended if it did (given 0.2 s to end)."""
        ended = self.process.exit_text()
        if ended == "still running":
            return what
        ending = time.monotonic() + 0.3  # its last words may still be on their way
        while not self.process.stderr_tail().strip() and time.monotonic() < ending:
            time.sleep(0.01)
        tail = self.process.stderr_tail().strip().splitlines()
        said = f"; its standard error ends {shortened(tail[-1])}" if tail else ""
        return f"{what}: it exited ({ended}) after the line {shortened(self.last_sent)}{said}"

    def bye(self, seconds: float = BYE_SECONDS) -> None:
        """Sends ``bye``; :class:`Breach` unless the bot exits with status 0 within
        ``seconds``. The process is gone afterwards."""
        self.process.send(messages.bye(), deadline=time.monotonic() + seconds)
        deadline = time.monotonic() + seconds
        while self.process.running and time.monotonic() < deadline:
            time.sleep(0.01)
        running, ended = self.process.running, self.process.exit_text()
        self.process.kill()
        if running:
            raise Breach(f"still running {seconds:g} s after bye (killed)")
        if ended != "status 0":
            raise Breach(f"it exited with {ended} after bye, not status 0")


def _json(message: Mapping[str, Any]) -> str:
    with contextlib.suppress(TypeError, ValueError):
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    return repr(message)
