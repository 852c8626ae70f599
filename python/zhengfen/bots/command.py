"""The ``zhengfen bot`` subcommands (BOTS.md §8, §9): ``check``, a bot program checked against
the protocol (:mod:`~zhengfen.bots.check`) or its vectors replayed to it (``--vectors``,
:mod:`~zhengfen.bots.vectors`), and ``generate``, the vectors written from seeded games (a
maintainer's command: ``zhengfen bot generate --out python/zhengfen/bots/vectors`` updates the
shipped ones).

Exit statuses: 0 every row passed (or the vectors were written), 1 a row failed (a command
that cannot be run is a failed ``hello``: the check ran, and the bot failed it), 2 the check
cannot run (one line on standard error): a bad option, a command that splits into nothing or
has unbalanced quotes, a vectors folder without vectors, an ``--out`` folder that does not
exist.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zhengfen.cli.arguments import bounded_int
from zhengfen.errors import ArgumentError

__all__ = ["HELP", "add_arguments", "run"]

HELP = "check a bot program against the protocol (BOTS.md)"


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The actions of ``zhengfen bot`` and their arguments."""
    actions = command.add_subparsers(dest="action", required=True)
    checking = actions.add_parser("check", help="check a bot program against the protocol")
    checking.add_argument("cmd", help="the bot's command line, e.g. 'python3 bot.py'")
    checking.add_argument(
        "--decisions",
        type=bounded_int(1, 100_000),
        default=300,
        help="decisions from seeded positions, spread over its tables (default 300)",
    )
    checking.add_argument(
        "--time",
        type=bounded_int(1, 600_000),
        default=1000,
        help="the time limit of each answer in milliseconds (default 1000)",
    )
    checking.add_argument(
        "--seed", type=bounded_int(0, 2**63 - 1), default=0, help="the positions' seed"
    )
    checking.add_argument(
        "--vectors",
        type=Path,
        nargs="?",
        const=True,
        default=None,
        help="replay the vectors instead (default: the package's; or this folder)",
    )
    generating = actions.add_parser("generate", help="write the vectors from seeded games")
    generating.add_argument("--out", type=Path, required=True, help="the folder to write into")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Runs ``zhengfen bot ACTION``; returns the exit status."""
    if args.action == "generate":
        return generate(args.out)
    return check(args)


def check(args: argparse.Namespace) -> int:
    """``zhengfen bot check``: prints the report; 0 if every row passed, else 1."""
    from zhengfen.bots.check import check_program
    from zhengfen.bots.process import split_command
    from zhengfen.bots.vectors import PACKAGE_DIR, replay

    split_command(args.cmd)  # a command that cannot be split is refused before any check
    if args.vectors is not None:
        folder = PACKAGE_DIR if args.vectors is True else args.vectors
        report = replay(args.cmd, folder, args.time)
    else:
        report = check_program(args.cmd, args.decisions, args.time, args.seed)
    print(report.text())
    return 0 if report.ok else 1


def generate(out: Path) -> int:
    """``zhengfen bot generate --out FOLDER``: writes the vectors."""
    from zhengfen.bots.vectors import generate as write_vectors

    if not out.is_dir():
        raise ArgumentError(f"--out {out}: no such folder")
    written = write_vectors(out)
    print(f"{len(written)} vectors written to {out}", file=sys.stderr)
    return 0
