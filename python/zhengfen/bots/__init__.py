"""Bots: any program plays a seat over JSON lines (BOTS.md), the engine as referee.

- :mod:`zhengfen.bots.messages`: the protocol's lines, built and read (pure functions);
- :mod:`zhengfen.bots.spec`: the agent spec ``process(cmd="...", ...)`` (:class:`BotSpec`).

The public API (for ``zhengfen bot check``, the league, the examples' tests):
:class:`BotSpec`, :func:`read_bot_spec`, :func:`is_bot_spec`, :class:`BotHello`,
:class:`Answer`, the message builders of :mod:`~zhengfen.bots.messages`, :func:`encode`,
:func:`read_hello` and :func:`read_answer`.
"""

from __future__ import annotations

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
from zhengfen.bots.spec import BotSpec, is_bot_spec, read_bot_spec

__all__ = [
    "FAULTS",
    "MAX_LINE_BYTES",
    "PROTOCOL",
    "Answer",
    "BotHello",
    "BotSpec",
    "encode",
    "is_bot_spec",
    "read_answer",
    "read_bot_spec",
    "read_hello",
]
