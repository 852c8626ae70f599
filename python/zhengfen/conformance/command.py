"""The ``zhengfen conformance`` subcommands (CONFORMANCE.md): ``serve``, ``check`` and
``generate``, their arguments turned into calls of :mod:`~zhengfen.conformance.server`,
:mod:`~zhengfen.conformance.checker` and :mod:`~zhengfen.conformance.vectors`.

Exit statuses: 0 done (every vector passed), 1 a check found failures, 2 the arguments were
refused (one line on standard error: a command that cannot start, an unknown section, a bad
timeout, unreadable vectors, a missing or unwritable ``--out``), checked before any work starts.
A reader of ``serve`` that goes away and Ctrl-C are left to :func:`zhengfen.cli.main`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from zhengfen.errors import ConformanceError

__all__ = ["HELP", "add_arguments", "run"]

HELP = "the conformance protocol and vectors"

SOURCE_VECTORS = ("python/zhengfen/conformance/vectors",)
"""Where a source checkout keeps the vectors (CONFORMANCE.md §7)."""


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The actions of ``zhengfen conformance`` and their arguments."""
    actions = command.add_subparsers(dest="action", required=True)
    serving = actions.add_parser("serve", help="speak the protocol on standard input and output")
    serving.add_argument("--impl", choices=["rust", "reference"], default="rust")
    checking = actions.add_parser("check", help="run the vectors against an implementation")
    checking.add_argument(
        "--impl",
        required=True,
        help='the command that speaks the protocol, e.g. "zhengfen conformance serve"',
    )
    checking.add_argument(
        "--vectors", type=Path, default=None, help="a vectors folder (default: the package's)"
    )
    checking.add_argument(
        "--timeout", type=float, default=10.0, help="seconds per request (default 10)"
    )
    checking.add_argument("--section", action="append", help="only these sections (repeatable)")
    generating = actions.add_parser("generate", help="rewrite the vectors from the Rust engine")
    generating.add_argument(
        "--out", type=Path, action="append", help="write the vectors here (required, repeatable)"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Runs ``zhengfen conformance ACTION``; returns the exit status."""
    try:
        if args.action == "serve":
            return serve(args)
        if args.action == "check":
            return check(args)
        return generate(args)
    except ConformanceError as error:
        print(f"zhengfen conformance {args.action}: {error}", file=sys.stderr)
        return 2


def serve(args: argparse.Namespace) -> int:
    import zhengfen
    from zhengfen import reference
    from zhengfen.conformance.server import serve as answer_lines

    answer_lines(zhengfen if args.impl == "rust" else reference, f"zhengfen-{args.impl}")
    return 0


def check(args: argparse.Namespace) -> int:
    from zhengfen.conformance.checker import check as run_vectors
    from zhengfen.conformance.vectors import PACKAGE_DIR

    report = run_vectors(args.impl, args.vectors or PACKAGE_DIR, args.timeout, args.section)
    print(report.text())
    return 0 if report.ok else 1


def generate(args: argparse.Namespace) -> int:
    from zhengfen.conformance.vectors import generate as write_vectors

    if not args.out:
        raise ConformanceError(
            "--out is required (repeatable); in a source checkout, "
            + " ".join(f"--out {path}" for path in SOURCE_VECTORS)
            + " updates the shipped vectors"
        )
    for folder in args.out:
        writable(folder)
    counts = write_vectors(list(args.out))
    print(", ".join(f"{section} {n}" for section, n in counts.items()), "cases written")
    return 0


def writable(folder: Path) -> None:
    """Creates ``folder`` if needed (its parent must exist, as ``arena --log`` and
    ``play --save`` want theirs: a mistyped path is refused, not made) and checks that a file
    can be written in it."""
    if not folder.is_dir() and not folder.parent.is_dir():
        raise ConformanceError(f"--out {folder}: the folder {folder.parent} does not exist")
    try:
        folder.mkdir(exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise ConformanceError(f"--out {folder}: {error.strerror or error}") from None
