"""The bot protocol's vectors (BOTS.md §9): transcripts of engine lines a bot's author can
replay without the engine, one file a table in ``zhengfen/bots/vectors/`` (shipped in the
package). :func:`generate` writes them from seeded games (``zhengfen bot generate``),
:func:`load` reads them, and :func:`replay` plays them to a bot program
(``zhengfen bot check --vectors``), one process a vector, holding it to the protocol as the
check does: after each ``decision`` any legal index (or a legal move in notation) is correct.

A vector is a JSON object: ``format`` (:data:`FORMAT`), ``name``, ``game`` and ``players``
(the table), ``about`` (a sentence), and ``lines``, the engine's messages in order: ``hello``,
two seeded games (the first with unknown fields, a message of an unknown type, a ``fault``
notice and a ``game`` told again with ``"restarted": true``; each with its decisions,
``match_end`` and ``game_end``), then ``bye``. The bot answers ``hello`` with its own and each
``decision`` with a ``move``; after ``bye`` it exits with status 0.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from zhengfen.bots.check import Report, Row, claimed_tables
from zhengfen.bots.exchange import Breach, Exchange
from zhengfen.bots.process import BotProcess
from zhengfen.bots.sessions import (
    TABLES,
    Ids,
    drive,
    game_seed,
    seeded_game,
    table_rules,
    unknown_session,
)
from zhengfen.errors import BotError

__all__ = ["FORMAT", "HELLO", "PACKAGE_DIR", "generate", "load", "replay", "vector"]

PACKAGE_DIR = Path(__file__).parent / "vectors"
"""The shipped vectors."""

FORMAT = "zhengfen-bot-vectors-1"
"""The vectors' format, written in each file."""

HELLO: dict[str, Any] = {"type": "hello", "protocol": 1, "engine": "zhengfen"}
"""The engine's greeting as the vectors write it (the engine's own names its version)."""

SEED = 2026
"""The seed the shipped vectors are dealt from."""


def vector(game: str, players: int, seed: int = SEED) -> dict[str, Any]:
    """The vector of one table: its lines from two games dealt from ``seed``.

    >>> lines = vector("zheng_fen", 3)["lines"]
    >>> [line["type"] for line in lines[:5]], lines[-1]
    (['hello', 'game', 'zhengfen_check_unknown', 'decision', 'fault'], {'type': 'bye'})
    """
    rules = table_rules(game, players)
    ids, lines = Ids(), [dict(HELLO)]

    def keep(message: dict[str, Any]) -> None:
        lines.append(message)

    drive(unknown_session(seeded_game(rules, game_seed(seed, rules, 0), 0, ids)), keep)
    drive(seeded_game(rules, game_seed(seed, rules, 1), players - 1, ids), keep)
    lines.append({"type": "bye"})
    return {
        "format": FORMAT,
        "name": f"{game}-{players}",
        "game": game,
        "players": players,
        "about": (
            f"{game} at {players} players: two seeded matches (seats 0 and {players - 1}), "
            "the first with unknown fields and messages, a fault notice and a restarted game"
        ),
        "lines": lines,
    }


def generate(folder: Path, seed: int = SEED) -> list[Path]:
    """Writes every table's vector into ``folder`` (which must exist); returns the files."""
    written = []
    for game, players in TABLES:
        path = folder / f"{game}-{players}.json"
        text = json.dumps(vector(game, players, seed), ensure_ascii=False, separators=(",", ":"))
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    return written


def load(folder: Path) -> list[dict[str, Any]]:
    """The vectors in ``folder``, by name; :class:`zhengfen.BotError` for a folder without any
    or a file that is not a vector."""
    paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if not paths:
        raise BotError(f"no vectors in {folder}")
    vectors = []
    for path in paths:
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise BotError(f"vector {path}: {error}") from None
        if not isinstance(value, dict) or value.get("format") != FORMAT:
            raise BotError(f"vector {path}: not a bot vector (format {FORMAT!r})")
        vectors.append(value)
    return vectors


def replay(
    cmd: str,
    folder: Path = PACKAGE_DIR,
    time_ms: int = 1000,
    start_seconds: float | None = None,
) -> Report:
    """Plays each vector in ``folder`` to the bot program ``cmd`` (a fresh process each): a
    ``hello`` row, then a row a vector (not run where its ``hello`` does not claim the
    table)."""
    vectors = load(folder)
    report = Report()
    try:
        process = BotProcess(cmd, label=cmd)
        hello = process.start(start_seconds)
        process.close()
    except BotError as error:
        report.rows.append(Row("hello", False, str(error)))
        return report
    tables, _ = claimed_tables(hello)
    report.rows.append(Row("hello", True, f"{hello.name!r}"))
    for value in vectors:
        rules = table_rules(value["game"], value["players"])
        name = f"vector {value['name']}"
        if rules not in tables:
            report.rows.append(Row(name, None, "not run: its hello does not claim this table"))
            continue
        report.rows.append(_replayed(cmd, value, name, time_ms, start_seconds))
    return report


def _replayed(
    cmd: str, value: dict[str, Any], name: str, time_ms: int, start_seconds: float | None
) -> Row:
    """The row of one vector played to a fresh process of ``cmd``."""
    process = BotProcess(cmd, label=cmd)
    try:
        process.start(start_seconds)  # the vector's hello line: the engine sends its own
        exchange = Exchange(process, time_ms)
        for message in value["lines"][1:]:
            if message.get("type") == "bye":
                exchange.bye()
            else:
                exchange(message)
    except (Breach, BotError) as error:
        return Row(name, False, str(error))
    finally:
        process.kill()
    return Row(name, True, exchange.summary())
