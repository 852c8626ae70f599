"""``zhengfen replay LOG``: a saved game or an arena log read
(:class:`zhengfen.arena.log.Log`), then one game printed trick by trick or the games
listed. What it refuses raises ``ValueError`` for :func:`zhengfen.cli.main` to report on one
line with exit status 2."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zhengfen.cli.arguments import bounded_int, read_log
from zhengfen.errors import ArgumentError

__all__ = ["HELP", "add_arguments", "run"]

HELP = "print a saved game trick by trick"


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen replay``."""
    command.add_argument("log", type=Path, help="a Game.to_json() file or an arena --log file")
    command.add_argument(
        "--game", type=bounded_int(0), default=0, help="which game of an arena log (0)"
    )
    command.add_argument("--list", action="store_true", help="list the games of the log")
    command.add_argument("--step", action="store_true", help="wait for Enter after each trick")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Prints a saved game, or lists the games of a log (each read only when printed)."""
    from zhengfen.arena.log import Log
    from zhengfen.terminal.play import tolerant
    from zhengfen.terminal.replay import replay

    games = Log(read_log(args.log))
    if args.list:
        for number, saved in enumerate(games):
            agents = f", agents {', '.join(saved.agents)}" if saved.agents else ""
            print(f"{number}: {saved.title}{agents}, scores {saved.game.scores}")
        return 0
    if args.game >= len(games):
        raise ArgumentError(f"--game must be 0 to {len(games) - 1}")
    replay(games[args.game], sys.stdout, tolerant(sys.stdin) if args.step else None)
    return 0
