"""The bot programs a server offers (``zhengfen serve --bots FILE``, BOTS.md §7): the server's
owner lists them in a file, each a name and an agent spec ``process(cmd=...)``; the page names a
bot by its name alone, and the server maps the name to the spec (a command line never comes
from a request, and is never shown).

The file is TOML (read with :mod:`tomllib`, Python 3.11 or later) or, named ``*.json``, JSON
(any Python), of one shape: a list
``bots`` of tables, each with ``name`` (1 to 40 letters, digits, ``_``, ``.`` or ``-``; not a
built-in agent's name, nor ``learned`` or ``learned-...``), ``spec`` (a bot spec) and, optional,
``time`` and ``budget`` (milliseconds: they replace the spec's)::

    [[bots]]
    name = "mybot"
    spec = 'process(cmd="python3 bots/my_bot.py")'
    time = 500

:func:`read_bots` reads and checks the file (:class:`zhengfen.ArgumentError` naming the file
and the reason); :func:`greet` starts each bot once, keeps its ``hello`` (the games and table
sizes it plays are those the page offers it for) and ends it (:class:`zhengfen.BotError` for a
bot that fails to start). At a table each seat a bot holds gets a process of its own
(:func:`seat_agent`), closed when its game ends, is unloaded from memory or the server stops; in
a kept game whose bot the file no longer lists, :func:`stand_in` plays its seat.

>>> listed = '{"bots": [{"name": "b", "spec": "process(cmd=\\\\"./b\\\\")", "time": 50}]}'
>>> read_bots_text(listed, json_format=True)["b"].spec
'process(cmd="./b",time=50,budget=60000,fallback=greedy,restarts=3)'
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from zhengfen._core import AgentSpec
from zhengfen.agents import Agent, make_agent
from zhengfen.bots import BotHello, BotProcess, BotSpec, ProcessAgent, read_bot_spec
from zhengfen.bots.pool import BotSeat
from zhengfen.errors import ArgumentError

__all__ = [
    "NAME",
    "RESERVED",
    "close",
    "greet",
    "read_bots",
    "read_bots_text",
    "seat_agent",
    "stand_in",
]

NAME: Final = re.compile(r"[A-Za-z0-9_.\-]{1,40}")
"""What a bot's name may be."""

RESERVED: Final = ("random", "greedy", "search", "ismcts", "sparta", "learned", "person")
"""Names a bot may not take (the built-in agents', ``learned``, a person's seat)."""

KEYS: Final = {"name", "spec", "time", "budget"}


def read_bots(path: Path) -> dict[str, BotSpec]:
    """The bots listed in the file ``path`` (TOML, or JSON when it ends in ``.json``), by
    name, in the file's order; ``ArgumentError`` naming the file and the reason otherwise."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise ArgumentError(f"--bots {path}: cannot read it ({reason})") from error
    try:
        return read_bots_text(text, json_format=path.suffix.lower() == ".json")
    except ArgumentError as error:
        raise ArgumentError(f"--bots {path}: {error}") from error


def read_bots_text(text: str, json_format: bool = False) -> dict[str, BotSpec]:
    """The bots of a file's ``text`` (TOML, or JSON), by name; ``ArgumentError`` with the
    reason."""
    try:
        data = json.loads(text) if json_format else _toml(text)
    except (ValueError, RecursionError) as error:
        kind = "JSON" if json_format else "TOML"
        raise ArgumentError(f"not {kind}: {' '.join(str(error).split())}") from error
    entries = data.get("bots") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise ArgumentError("it must hold a non-empty list 'bots' of {name, spec} tables")
    if set(data) != {"bots"}:
        raise ArgumentError(f"unknown key(s) {sorted(set(data) - {'bots'})}: only 'bots'")
    found: dict[str, BotSpec] = {}
    for k, entry in enumerate(entries):
        name, spec = _entry(k, entry)
        if name in found:
            raise ArgumentError(f"bot {k + 1}: a second bot named {name!r}")
        found[name] = spec
    return found


def _toml(text: str) -> Any:
    """``text`` read as TOML (:mod:`tomllib`); ``ArgumentError`` before Python 3.11."""
    if sys.version_info >= (3, 11):
        import tomllib

        return tomllib.loads(text)
    raise ArgumentError("TOML needs Python 3.11 or later (tomllib): give the bots as JSON")


def _entry(k: int, entry: Any) -> tuple[str, BotSpec]:
    """The name and spec of the ``k``-th entry."""
    where = f"bot {k + 1}"
    if not isinstance(entry, dict):
        raise ArgumentError(f"{where}: a table with 'name' and 'spec', not {type(entry).__name__}")
    unknown = sorted(set(entry) - KEYS)
    if unknown:
        raise ArgumentError(f"{where}: unknown key(s) {unknown} (keys: {', '.join(sorted(KEYS))})")
    name, text = entry.get("name"), entry.get("spec")
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ArgumentError(
            f"{where}: 'name' must be 1 to 40 letters, digits, '_', '.' or '-', not {name!r}"
        )
    where = f"bot {name!r}"
    if name in RESERVED or name.startswith("learned-"):
        raise ArgumentError(f"{where}: the name is taken (built-in agents, learned, person)")
    if not isinstance(text, str) or not text.strip().startswith("process("):
        raise ArgumentError(f"{where}: 'spec' must be a bot spec process(cmd=...)")
    spec = read_bot_spec(text)
    time_ms, budget_ms = entry.get("time", spec.time_ms), entry.get("budget", spec.budget_ms)
    return name, dataclasses.replace(spec, time_ms=time_ms, budget_ms=budget_ms)


def greet(bots: Mapping[str, BotSpec]) -> dict[str, BotHello]:
    """Each bot started once and its ``hello`` read, then ended (``bye``); ``BotError`` naming
    the first bot that fails to start."""
    hellos: dict[str, BotHello] = {}
    for name, spec in bots.items():
        process = BotProcess(spec.cmd, spec.argv, label=name)
        try:
            hellos[name] = process.start()
        finally:
            process.close()
    return hellos


def seat_agent(spec: BotSpec, seed: int, restarted: bool = False) -> ProcessAgent:
    """The agent of one seat a bot holds at a table: a process of its own (started when first
    asked), told ``restarted`` in its first ``game`` when the game was brought back from the
    database after the server stopped."""
    return ProcessAgent(spec, seed, seat=BotSeat(spec), restarted=restarted)


def stand_in(seed: int) -> Agent:
    """The agent for the seat of a bot that a game kept in the database names but this server
    no longer lists (or of any agent it no longer offers): ``greedy``, a bot's fallback by
    default (BOTS.md §6), seeded with the seat's ``seed``. The game opens, plays on and
    replays; no command is run that the server's file does not list."""
    return make_agent(AgentSpec("greedy"), seed=seed)


def close(agent: object) -> None:
    """Ends the process of a bot's agent (any other agent is left as it is)."""
    if isinstance(agent, ProcessAgent):
        agent.seat.close()
