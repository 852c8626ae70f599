"""``zhengfen league``: its arguments turned into a :class:`~zhengfen.league.League`, everything
checked before the first game (the rules, the agents, at least two of them, a database that can
be written and holds no other rules under the league's name), the missing games played and
stored as they finish, then the standings printed: a table (``rich``), Markdown or JSON. What it
refuses raises ``ValueError`` for :func:`zhengfen.cli.main` to report on one line, exit 2."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections import Counter
from pathlib import Path

from zhengfen.cli.arguments import (
    add_matches,
    add_rules,
    bounded_int,
    rules_of,
    search_current_folder,
    split_agents,
)

__all__ = ["HELP", "add_arguments", "run"]

HELP = "rate agents on one scale: round-robin duplicate deals, kept in SQLite"

WIDTH = 200
"""The tables' width where the output is not a terminal (a file, a pipe): long agent specs are
not wrapped."""

MAX_DEALS = 100_000
"""The most deals a pair plays."""


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen league``."""
    add_rules(command)
    command.add_argument(
        "--agents",
        required=True,
        help="the agents, comma-separated, at least 2: any agent of zhengfen arena --agents "
        "(built-in specs, learned(model=PATH), module:Class, process(cmd=...))",
    )
    command.add_argument(
        "--deals",
        type=bounded_int(2, MAX_DEALS),
        default=20,
        help="deals each pair plays, 2 to 100,000 (default 20); more later plays only the new ones",
    )
    add_matches(command, "matches a game (default: whole games)")
    command.add_argument(
        "--db",
        type=Path,
        default=None,
        help="the league's SQLite file (default: league.sqlite in zhengfen serve's data folder)",
    )
    command.add_argument(
        "--name", default=None, help="the league's name in the file (default: GAME-Np)"
    )
    command.add_argument(
        "--workers", type=bounded_int(1, 1024), default=1, help="processes, 1 to 1024 (default 1)"
    )
    command.add_argument("--ray", metavar="ADDRESS", default=None, help="as zhengfen arena --ray")
    command.add_argument(
        "--format", choices=["table", "markdown", "json"], default="table", help="the output"
    )
    command.add_argument("--no-progress", action="store_true", help="no progress bar")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Plays the league's missing games and prints its standings."""
    from zhengfen.arena import ProgressBar
    from zhengfen.arena.command import bots_closed
    from zhengfen.arena.ray_connect import check_ray
    from zhengfen.bots import close_all
    from zhengfen.league.play import League
    from zhengfen.league.store import Store, default_path

    rules = rules_of(args)
    names = split_agents(args.agents)
    search_current_folder(names)
    if args.ray is not None:
        check_ray(args.ray)
    store = Store.open(default_path() if args.db is None else args.db)
    try:
        with bots_closed():
            league = League(rules, names, store, args.deals, args.seed, args.matches, args.name)
            if args.workers > 1 or args.ray is not None:  # each worker starts its own bots
                close_all()
            total = sum(pending.games() for pending in league.pending())
            progress = None if args.no_progress or not total else ProgressBar(total)
            with progress or contextlib.nullcontext():
                played = league.play(args.workers, args.ray, progress)
        table = league.standings(played)
    finally:
        store.close()
    print(_render(table, args.format))
    return 0


def _render(table: object, form: str) -> str:
    """The standings in the format asked for."""
    from zhengfen.league.standings import Standings

    assert isinstance(table, Standings)
    if form == "json":
        return table.json()
    if form == "markdown":
        return table.markdown()
    return _rich(table)


def _rich(table: object) -> str:
    """The standings as ``rich`` tables (plain text where the output is not a terminal)."""
    from rich.console import Console
    from rich.table import Table

    from zhengfen.arena.report import fault_text
    from zhengfen.league.standings import MODEL, Standings

    assert isinstance(table, Standings)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else WIDTH)
    ratings = Table(title="ratings: points a match against the field")
    faults = ("faults",) if table.has_faults else ()
    for column in ("agent", "rating", "95 % CI", "games", *faults):
        ratings.add_column(column, justify="left" if column in ("agent", "faults") else "right")
    for r in table.ratings:
        cells = [r.agent, f"{r.rating:+.1f}", f"[{r.low:+.1f}, {r.high:+.1f}]", str(r.games)]
        ratings.add_row(*cells, *([fault_text(Counter(r.faults))] if faults else []))
    pairs = Table(title="pairs: paired difference, points a match")
    for column in ("pair", "difference", "95 % CI", "deals"):
        pairs.add_column(column, justify="left" if column == "pair" else "right")
    for p in table.pairs:
        bounds = (
            f"[{p.low:+.1f}, {p.high:+.1f}]" if p.low is not None and p.high is not None else "-"
        )
        pairs.add_row(f"{p.first} - {p.second}", f"{p.difference:+.1f}", bounds, str(p.deals))
    with console.capture() as captured:
        console.print(table.heading())
        console.print(ratings)
        console.print(pairs)
        console.print(f"Model: {MODEL}.")
    return captured.get().rstrip("\n")
