"""``python -m zhengfen.docs [NAME] [--path]``: list the shipped documents, print one, or
print where its file is (:mod:`zhengfen.docs`).

The text is written as UTF-8 whatever the locale. Exit statuses as for the ``zhengfen``
command: 0 done, 2 the input was refused (one line on standard error), 141 the reader of
standard output went away (``... RULES | head``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from zhengfen import docs
from zhengfen.cli.signals import BROKEN_PIPE
from zhengfen.cli.streams import silence_stdout
from zhengfen.errors import ZhengfenError

__all__ = ["HELP", "add_arguments", "main", "run"]

HELP = "list the shipped documents (RULES, AI, CONFORMANCE, BOTS) or print one"

REFUSED = 2


DESCRIPTION = (
    "The documents shipped with zhengfen: "
    + ", ".join(docs.names())
    + ". Without NAME, lists them."
)


def parser() -> argparse.ArgumentParser:
    """The command's arguments."""
    result = argparse.ArgumentParser(prog="python -m zhengfen.docs", description=DESCRIPTION)
    add_arguments(result)
    return result


def add_arguments(result: argparse.ArgumentParser) -> None:
    """The command's arguments, added to ``result`` (also ``zhengfen docs``)."""
    result.add_argument("name", nargs="?", help="the document to print (any case, .md optional)")
    result.add_argument(
        "--path", action="store_true", help="print the document's file path instead of its text"
    )
    result.set_defaults(run=run)


def listing() -> str:
    """One line per document: its name, what it holds and its file."""
    width = max(len(name) for name in docs.names())
    return "".join(
        f"{name:<{width}}  {docs.SUMMARIES[name]}\n{'':<{width}}  {docs.path(name)}\n"
        for name in docs.names()
    )


def output(args: argparse.Namespace) -> str:
    """What the command prints for ``args``; ``ZhengfenError`` for an unknown name."""
    if args.name is None:
        return listing()
    if args.path:
        return f"{docs.path(args.name)}\n"
    return docs.text(args.name)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command; returns the exit status."""
    return run(parser().parse_args(argv), "python -m zhengfen.docs")


def run(args: argparse.Namespace, prog: str = "zhengfen docs") -> int:
    """Runs the command on parsed ``args`` (``prog`` names it in a message); returns the exit
    status."""
    try:
        shown = output(args)
    except ZhengfenError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return REFUSED
    try:
        # UTF-8 bytes as stored, whatever the locale (a Windows pipe would otherwise encode
        # the documents' card symbols in a code page that lacks them).
        sys.stdout.flush()
        sys.stdout.buffer.write(shown.encode("utf-8"))
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        silence_stdout()  # Python flushes stdout again at exit: that flush is then quiet
        return BROKEN_PIPE
    return 0
