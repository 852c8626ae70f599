"""The ``zhengfen`` command (also ``python -m zhengfen``).

- ``zhengfen demo``: deals a seeded hand, classifies plays, lists legal moves (the default);
- ``zhengfen conformance serve --impl rust|reference``: speak the conformance protocol;
- ``zhengfen conformance check --impl "COMMAND"``: run the vectors against an implementation;
- ``zhengfen conformance generate``: rewrite the vectors from the Rust engine.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="zhengfen", description=__doc__.split("\n\n")[0])
    commands = top.add_subparsers(dest="command")
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
    if args.command in (None, "demo"):
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
