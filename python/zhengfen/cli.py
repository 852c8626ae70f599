"""The ``zhengfen`` command (also ``python -m zhengfen``).

- ``zhengfen arena``: a tournament between agents (the default; see :mod:`zhengfen.arena`);
- ``zhengfen play``: play against agents in the terminal (:mod:`zhengfen.play`);
- ``zhengfen replay LOG``: a saved game, trick by trick (:mod:`zhengfen.replay`);
- ``zhengfen demo``: deals a seeded hand, classifies plays, lists legal moves;
- ``zhengfen conformance serve --impl rust|reference``: speak the conformance protocol;
- ``zhengfen conformance check --impl "COMMAND"``: run the vectors against an implementation;
- ``zhengfen conformance generate``: rewrite the vectors from the Rust engine.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


def add_rules(command: argparse.ArgumentParser) -> None:
    """The rule-set arguments of ``arena`` and ``play``."""
    command.add_argument("--game", choices=["zheng_fen", "zen_cheng_you"], default="zheng_fen")
    command.add_argument("--players", type=int, default=None, help="Zheng Fen: 3 to 6 (4)")
    command.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option (RULES.md §3), e.g. target=300 or jokers_wild=false (repeatable)",
    )
    command.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="zhengfen", description=__doc__.split("\n\n")[0])
    commands = top.add_subparsers(dest="command")
    arena = commands.add_parser("arena", help="a tournament between agents (the default)")
    add_rules(arena)
    arena.add_argument(
        "--agents",
        default=None,
        help="agents by seat, comma-separated, repeated to fill the table: random, greedy, "
        "search, search(determinizations=D,candidates=C) or module:Class "
        "(default: search,greedy,random,random; Zen Cheng You: search,greedy)",
    )
    arena.add_argument("--deals", type=int, default=12, help="deals to play (default 12)")
    arena.add_argument(
        "--matches", type=int, default=None, help="matches a game (default: whole games)"
    )
    arena.add_argument(
        "--single", action="store_true", help="no duplicate: each deal once, seats unrotated"
    )
    arena.add_argument("--workers", type=int, default=1, help="processes on this machine")
    arena.add_argument(
        "--ray", metavar="ADDRESS", default=None, help="run on a Ray cluster ('local' starts one)"
    )
    arena.add_argument("--log", type=Path, default=None, help="write every game here (JSON lines)")
    arena.add_argument("--no-progress", action="store_true", help="no progress bar")
    play = commands.add_parser("play", help="play against agents in the terminal")
    add_rules(play)
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--opponents", default="greedy", help="agents for the other seats, comma-separated"
    )
    play.add_argument("--matches", type=int, default=None, help="stop after this many matches")
    play.add_argument("--save", default=None, help="save the game here at the end")
    replay = commands.add_parser("replay", help="print a saved game trick by trick")
    replay.add_argument("log", type=Path, help="a Game.to_json() file or an arena --log file")
    replay.add_argument("--game", type=int, default=0, help="which game of an arena log (0)")
    replay.add_argument("--list", action="store_true", help="list the games of the log")
    replay.add_argument("--step", action="store_true", help="wait for Enter after each trick")
    demo = commands.add_parser("demo", help="a short demonstration on a seeded deal")
    demo.add_argument("--seed", type=int, default=42, help="deal seed (default 42)")
    demo.add_argument("--players", type=int, default=4, help="3 to 6 (default 4)")
    conformance = commands.add_parser("conformance", help="the conformance protocol and vectors")
    actions = conformance.add_subparsers(dest="action", required=True)
    serve = actions.add_parser("serve", help="speak the protocol on standard input and output")
    serve.add_argument("--impl", choices=["rust", "reference"], default="rust")
    check = actions.add_parser("check", help="run the vectors against an implementation")
    check.add_argument(
        "--impl",
        required=True,
        help='the command that speaks the protocol, e.g. "zhengfen conformance serve"',
    )
    check.add_argument(
        "--vectors", type=Path, default=None, help="a vectors folder (default: the package's)"
    )
    check.add_argument(
        "--timeout", type=float, default=10.0, help="seconds per request (default 10)"
    )
    check.add_argument("--section", action="append", help="only these sections (repeatable)")
    generate = actions.add_parser("generate", help="rewrite the vectors from the Rust engine")
    generate.add_argument("--out", type=Path, action="append", help="also write here (repeatable)")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``zhengfen`` command."""
    args = parser().parse_args(argv)
    if args.command in (None, "arena"):
        from zhengfen.commands import arena

        return arena(args if args.command else parser().parse_args(["arena"]))
    if args.command == "play":
        from zhengfen.commands import play

        return play(args)
    if args.command == "replay":
        from zhengfen.commands import replay

        return replay(args)
    if args.command == "demo":
        from zhengfen.demo import demo

        try:
            print(demo(getattr(args, "seed", 42), getattr(args, "players", 4)))
        except ValueError as error:
            print(f"zhengfen demo: {error}", file=sys.stderr)
            return 2
        return 0
    return conformance(args)


def conformance(args: argparse.Namespace) -> int:
    if args.action == "serve":
        import zhengfen
        from zhengfen import reference
        from zhengfen.conformance.server import serve

        module = zhengfen if args.impl == "rust" else reference
        serve(module, f"zhengfen-{args.impl}")
        return 0
    if args.action == "check":
        from zhengfen.conformance.checker import check
        from zhengfen.conformance.vectors import PACKAGE_DIR

        report = check(args.impl, args.vectors or PACKAGE_DIR, args.timeout, args.section)
        print(report.text())
        return 0 if report.ok else 1
    from zhengfen.conformance.vectors import PACKAGE_DIR, generate

    counts = generate([PACKAGE_DIR, *(args.out or [])])
    print(", ".join(f"{section} {n}" for section, n in counts.items()), "cases written")
    return 0
