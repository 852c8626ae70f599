"""Bots: any program plays a seat over JSON lines (BOTS.md), the engine as referee.

- :mod:`zhengfen.bots.messages`: the protocol's lines, built and read (pure functions);
- :mod:`zhengfen.bots.spec`: the agent spec ``process(cmd="...", ...)`` (:class:`BotSpec`);
- :mod:`zhengfen.bots.process`: one bot program running (:class:`BotProcess`): started,
  greeted, its lines read with deadlines, its standard error drained, killed with its group;
- :mod:`zhengfen.bots.pool`: the processes that live across a tournament's games
  (:class:`BotSeat`, :func:`bot_seat`, :func:`check_bot`, :func:`close_all`);
- :mod:`zhengfen.bots.agent`: a bot as an agent (:class:`ProcessAgent`), its faults contained
  by the fallback agent;
- :mod:`zhengfen.bots.sessions`: the engine's lines of seeded games, as a check sends them;
- :mod:`zhengfen.bots.exchange`: one checked conversation with a bot (every answer legal, by
  its id, in time; ``bye`` honoured);
- :mod:`zhengfen.bots.check`: ``zhengfen bot check``'s rows and report;
- :mod:`zhengfen.bots.vectors`: the protocol's vectors, written, read and replayed;
- :mod:`zhengfen.bots.command`: the ``zhengfen bot`` subcommand.

The public API (for ``zhengfen bot check``, the league, the examples' tests) is what this
package exports: :class:`BotSpec`, :func:`read_bot_spec`, :func:`is_bot_spec`,
:class:`BotHello`, :class:`Answer`, :func:`encode`, :func:`read_hello`, :func:`read_answer`
(the message builders are :mod:`~zhengfen.bots.messages`' functions), :class:`BotProcess`,
:class:`ProcessAgent`, :func:`check_bot` and :func:`close_all`. Through
:mod:`zhengfen.agents`, a spec ``process(cmd=...)`` works wherever an agent name does.

>>> from zhengfen.agents import read_agent
>>> read_agent('process(cmd="python3 bot.py")').spec
'process(cmd="python3 bot.py",time=1000,budget=60000,fallback=greedy,restarts=3)'
"""

from __future__ import annotations

from zhengfen.bots.agent import ProcessAgent
from zhengfen.bots.messages import (
    FAULTS,
    MAX_LINE_BYTES,
    PROTOCOL,
    Answer,
    BotHello,
    encode,
    read_answer,
    read_hello,
)
from zhengfen.bots.pool import check_bot, close_all
from zhengfen.bots.process import BotProcess
from zhengfen.bots.spec import BotSpec, is_bot_spec, read_bot_spec

__all__ = [
    "FAULTS",
    "MAX_LINE_BYTES",
    "PROTOCOL",
    "Answer",
    "BotHello",
    "BotProcess",
    "BotSpec",
    "ProcessAgent",
    "check_bot",
    "close_all",
    "encode",
    "is_bot_spec",
    "read_answer",
    "read_bot_spec",
    "read_hello",
]
