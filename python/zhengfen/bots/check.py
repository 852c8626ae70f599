"""``zhengfen bot check`` (BOTS.md §8): a bot program checked against the protocol before it
plays anyone, by the engine's own process and message modules. :func:`check_program` runs the
rows of the report, in order:

- ``hello``: the program starts and greets (protocol 1, a name, the games it plays); a command
  that cannot be run fails here;
- one row per game and table size the hello claims: decisions from seeded positions (the
  ``--decisions`` spread over the tables), every answer legal and within the time limit;
- ``match``: a match at the first table it claims, its answers played, to its end
  (``match_end``, ``game_end``);
- ``unknown messages``: unknown fields and a message of an unknown type, a ``fault`` notice,
  a ``game`` with ``"restarted": true``, the bot answering on;
- ``bye``: exit status 0 within 2 s.

One process plays every row while the rows pass; after a failed row the next starts a fresh
one. :class:`Report` prints the table (the failing row says why).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from zhengfen._core import Rules
from zhengfen.bots.exchange import Breach, Exchange
from zhengfen.bots.messages import BotHello
from zhengfen.bots.process import BotProcess
from zhengfen.bots.sessions import (
    TABLES,
    drive,
    game_seed,
    seeded_game,
    table_name,
    table_rules,
    unknown_session,
)
from zhengfen.errors import BotError

__all__ = ["Report", "Row", "check_program", "claimed_tables", "spread"]


@dataclass(frozen=True)
class Row:
    """One row of the report: its ``name``, whether it ``passed`` (``None``: not run), and
    what it found (``detail``: why, for a failed row)."""

    name: str
    passed: bool | None
    detail: str


@dataclass
class Report:
    """The rows of a check, in order."""

    rows: list[Row] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether no row failed (rows not run because they do not apply are no failure)."""
        return bool(self.rows) and not any(row.passed is False for row in self.rows)

    def row(self, name: str) -> Row:
        """The row called ``name``; ``KeyError`` if there is none."""
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(name)

    def text(self) -> str:
        """The table for people, and a last line counting the failures."""
        width = max([len(row.name) for row in self.rows] + [4])
        lines = [f"{'row':<{width}}  result  detail"]
        for row in self.rows:
            result = {True: "pass", False: "FAIL", None: "-"}[row.passed]
            lines.append(f"{row.name:<{width}}  {result:<6}  {row.detail}")
        failed = sum(row.passed is False for row in self.rows)
        lines.append("all passed" if self.ok else f"{failed} failed")
        return "\n".join(lines)


def spread(total: int, parts: int) -> list[int]:
    """``total`` decisions shared among ``parts`` tables, at least one each.

    >>> spread(300, 7), spread(2, 3)
    ([43, 43, 43, 43, 43, 43, 42], [1, 1, 1])
    """
    share, extra = divmod(total, parts)
    return [max(1, share + (k < extra)) for k in range(parts)]


def claimed_tables(hello: BotHello) -> tuple[list[Rules], list[str]]:
    """The tables the engine has among those ``hello`` claims, in the engine's order, and the
    claims it has no table for (``"zheng_fen 9"``)."""
    tables = [table_rules(g, n) for g, n in TABLES if n in hello.games.get(g, ())]
    unknown = [
        f"{g} {n}" for g, sizes in hello.games.items() for n in sizes if (g, n) not in TABLES
    ]
    return tables, unknown


class _Bot:
    """The program under check: its running process, started again after a failed row."""

    def __init__(self, cmd: str, time_ms: int, start_seconds: float | None = None) -> None:
        self.cmd, self.time_ms, self.start_seconds = cmd, time_ms, start_seconds
        self.exchange: Exchange | None = None

    def start(self) -> BotHello:
        """A fresh process (any old one killed); :class:`BotError` if it fails to start."""
        self.stop()
        process = BotProcess(self.cmd, label=self.cmd)
        hello = process.start(self.start_seconds)
        self.exchange = Exchange(process, self.time_ms)
        return hello

    def running(self) -> Exchange:
        """The exchange with the running process, started again if it is not running."""
        if self.exchange is None or not self.exchange.process.running:
            self.start()
        assert self.exchange is not None
        return self.exchange

    def stop(self) -> None:
        if self.exchange is not None:
            self.exchange.process.kill()
            self.exchange = None


def check_program(
    cmd: str,
    decisions: int = 300,
    time_ms: int = 1000,
    seed: int = 0,
    start_seconds: float | None = None,
) -> Report:
    """The report of checking the bot program ``cmd`` (``decisions`` from seeded positions
    spread over its tables, each answer within ``time_ms``, positions from ``seed``; its
    ``hello`` within ``start_seconds``, by default the protocol's 10 s)."""
    report = Report()
    bot = _Bot(cmd, time_ms, start_seconds)
    try:
        hello = _hello(bot, report)
        if hello is None:
            return report
        tables, _ = claimed_tables(hello)
        for rules, count in zip(tables, spread(decisions, len(tables)), strict=True):
            work = functools.partial(_seeded, rules=rules, count=count, seed=seed)
            _row(report, bot, table_name(rules), work)
        for name, rows in _last_rows(tables[0], seed, bot):
            _row(report, bot, name, rows)
        return report
    finally:
        bot.stop()


def _hello(bot: _Bot, report: Report) -> BotHello | None:
    """The ``hello`` row; the hello, or ``None`` (the other rows then marked not run)."""
    hello: BotHello | None
    try:
        hello = bot.start()
    except BotError as error:
        why = str(error).partition("fails to start: ")[2] or str(error)
        hello, detail = None, f"fails to start: {why}"
    else:
        detail = _claims(hello)
        if not claimed_tables(hello)[0]:
            hello, detail = None, f"its hello claims no table the engine has ({detail})"
    report.rows.append(Row("hello", hello is not None, detail))
    if hello is None:
        for name in ("decisions", "match", "unknown messages", "bye"):
            report.rows.append(Row(name, None, "not run: no hello"))
    return hello


def _claims(hello: BotHello) -> str:
    """The hello row's detail: the bot's name and the tables it claims."""
    claims = ", ".join(f"{g} {list(sizes)}" for g, sizes in hello.games.items())
    detail = f"{hello.name!r}: {claims or 'no games'}"
    unknown = claimed_tables(hello)[1]
    if unknown:
        detail += f" (no such table here, not checked: {', '.join(unknown)})"
    return detail


_Check = Callable[[Exchange], str]
"""A row's work on the running exchange: returns the passing row's detail; raises
:class:`Breach` (or :class:`BotError`) to fail it."""


def _row(report: Report, bot: _Bot, name: str, check: _Check) -> None:
    try:
        exchange = bot.running()
        exchange.slowest = 0.0
        detail = check(exchange)
    except (Breach, BotError) as error:
        report.rows.append(Row(name, False, str(error)))
        bot.stop()
        return
    report.rows.append(Row(name, True, detail))


def _seeded(exchange: Exchange, rules: Rules, count: int, seed: int = 0) -> str:
    """``count`` decisions from seeded games at ``rules``' table, the bot's seat turning."""
    begun = exchange.answered
    for number in range(count + 20):
        left = count - (exchange.answered - begun)
        if left <= 0:
            break
        seat = number % rules.players
        session = seeded_game(
            rules,
            game_seed(seed, rules, number),
            seat,
            exchange.ids,
            decisions=left,
            time_ms=exchange.time_ms,
        )
        drive(session, exchange)
    return exchange.summary(begun)


def _last_rows(rules: Rules, seed: int, bot: _Bot) -> Iterator[tuple[str, _Check]]:
    """The rows after the tables' (their names and work)."""

    def match(exchange: Exchange) -> str:
        begun = exchange.answered
        session = seeded_game(
            rules, game_seed(seed, rules, 99), 0, exchange.ids, play=True, time_ms=bot.time_ms
        )
        drive(session, exchange)
        return f"{table_name(rules)}: {exchange.summary(begun)}, its moves played"

    def unknown(exchange: Exchange) -> str:
        game = seeded_game(rules, game_seed(seed, rules, 98), 0, exchange.ids, time_ms=bot.time_ms)
        drive(unknown_session(game), exchange)
        return "unknown type and fields, fault, restarted game: answered on"

    def bye(exchange: Exchange) -> str:
        exchange.bye()
        return "exit status 0"

    yield "match", match
    yield "unknown messages", unknown
    yield "bye", bye
