"""The ``zhengfen`` command (also ``python -m zhengfen``).

- ``zhengfen arena``: a tournament between agents (the default; see :mod:`zhengfen.arena`);
- ``zhengfen league``: agents rated on one scale by round-robin duplicate deals, kept in SQLite
  (:mod:`zhengfen.league`);
- ``zhengfen play``: play against agents in the terminal (:mod:`zhengfen.terminal.play`);
- ``zhengfen replay LOG``: a saved game, trick by trick (:mod:`zhengfen.terminal.replay`);
- ``zhengfen serve``: the game in the browser: play, replay, tournaments (:mod:`zhengfen.web`,
  the ``web`` extra);
- ``zhengfen export``: the games ``zhengfen serve`` kept, as an arena log and per-decision
  arrays (:mod:`zhengfen.web.export`);
- ``zhengfen train``: train a learned agent (:mod:`zhengfen.train`, the ``train`` extra);
- ``zhengfen exploit``: approximate exploitability, a best response trained against a frozen
  agent (:mod:`zhengfen.train.exploit`, the ``train`` extra);
- ``zhengfen demo``: deals a seeded hand, classifies plays, lists legal moves
  (:mod:`zhengfen.terminal.demo`);
- ``zhengfen conformance serve --impl rust|reference``: speak the conformance protocol;
- ``zhengfen conformance check --impl "COMMAND"``: run the vectors against an implementation;
- ``zhengfen conformance generate``: rewrite the vectors from the Rust engine;
- ``zhengfen bot check 'COMMAND'``: check a bot program against the protocol (BOTS.md §8), or
  replay the protocol's vectors to it (``--vectors``); ``zhengfen bot generate``: rewrite them;
- ``zhengfen docs [NAME] [--path]``: list the shipped documents (RULES, AI, CONFORMANCE, BOTS)
  or print one;
- ``zhengfen --version``: the package's version.

Each subcommand has a module that owns its arguments and runs them (``add_arguments``, ``run``
and ``HELP``, its line in ``zhengfen --help``; :data:`COMMANDS` names them), and what they share
on the command line is :mod:`zhengfen.cli.arguments`: every number is checked against its range
as it is parsed, before any work. This module assembles the parser, runs the subcommand and
owns the exit statuses: 0 done, 1 a conformance check failed or an unexpected error, 2 the input
was refused (one line on standard error, never a traceback: a subcommand refuses by raising
``ValueError``), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM, as from ``kill`` or
``timeout``: stopped like Ctrl-C, workers ended, the game or log kept;
:mod:`zhengfen.cli.signals`), 141 the reader of standard output went away (``zhengfen arena |
head -1``: output stops quietly, as for a program killed by SIGPIPE). A standard stream the
caller closed stands in as the null device (:mod:`zhengfen.cli.streams`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from zhengfen.cli.signals import BROKEN_PIPE, INTERRUPTED, TERMINATED, Terminated, sigterm_raises
from zhengfen.cli.streams import silence_stdout, stand_in_closed

__all__ = ["COMMANDS", "REFUSED", "describe", "main", "parser"]

COMMANDS = {
    "arena": "zhengfen.arena.command",
    "league": "zhengfen.league.command",
    "play": "zhengfen.terminal.play_command",
    "replay": "zhengfen.terminal.replay_command",
    "docs": "zhengfen.docs.command",
    "serve": "zhengfen.web.command",
    "export": "zhengfen.web.export",
    "train": "zhengfen.train.command",
    "exploit": "zhengfen.train.exploit",
    "demo": "zhengfen.terminal.demo",
    "conformance": "zhengfen.conformance.command",
    "bot": "zhengfen.bots.command",
}
"""Each subcommand's module, in the order ``zhengfen --help`` lists them."""

REFUSED = 2
"""Exit status when the input was refused."""


def version() -> str:
    """The package's version (``zhengfen.__version__``)."""
    from zhengfen import __version__

    return __version__


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command's parser: each subcommand's arguments added by its module. With ``only``,
    the other subcommands are named but their modules not imported (``zhengfen docs`` need not
    load the arena's)."""
    top = argparse.ArgumentParser(prog="zhengfen", description=__doc__.split("\n\n")[0])
    top.add_argument("--version", action="version", version=f"zhengfen {version()}")
    commands = top.add_subparsers(dest="command")
    for name, module_name in COMMANDS.items():
        if only is not None and name != only:
            commands.add_parser(name)
            continue
        module = importlib.import_module(module_name)
        description = getattr(module, "DESCRIPTION", None)
        module.add_arguments(commands.add_parser(name, help=module.HELP, description=description))
    return top


def chosen(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names: its first word (the top level's options take no value);
    ``None`` where there is none, or the top level's help is asked for first (it lists them all).

    >>> chosen(["docs", "RULES"]), chosen(["--help", "docs"]), chosen(["--version"])
    ('docs', None, None)
    """
    for word in argv:
        if word in ("-h", "--help"):
            return None
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; no subcommand is ``arena`` with its defaults."""
    words = sys.argv[1:] if argv is None else list(argv)
    args = parser(chosen(words)).parse_args(words)
    return args if args.command else parser("arena").parse_args(["arena"])


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``zhengfen`` command: runs a subcommand and turns what escapes it into
    an exit status and at most one line on standard error (see the module's docstring): a
    ``ValueError`` or ``OSError`` is refused input, named by the subcommand."""
    stand_in_closed()
    prog = "zhengfen: error"
    try:
        with sigterm_raises():
            args = parse(argv)
            prog = f"zhengfen {args.command}"
            status: int = args.run(args)
            sys.stdout.flush()  # a closed pipe shows here, while it can still be caught
        return status
    except Terminated:
        print("zhengfen: terminated", file=sys.stderr)
        return TERMINATED
    except KeyboardInterrupt:
        start = "\n" if sys.stderr.isatty() else ""  # after a progress line or the ^C echo
        print(f"{start}zhengfen: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        silence_stdout()
        return BROKEN_PIPE
    except (ValueError, OSError) as error:  # refused input: never a traceback
        message = " ".join(str(error).split()) or type(error).__name__
        print(f"{prog}: {message}", file=sys.stderr)
        return REFUSED
    except Exception as error:
        if os.environ.get("ZHENGFEN_TRACEBACK"):
            raise
        print(f"zhengfen: {describe(error)}", file=sys.stderr)
        return 1


def describe(error: BaseException) -> str:
    """An unexpected error on one line: its type, message and where it was raised, called an
    internal error when that is inside this package (``ZHENGFEN_TRACEBACK=1`` shows the whole
    traceback instead). An exception from a user's agent is reported this way too."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (at {frames[-1].filename}:{frames[-1].lineno})" if frames else ""
    package = str(Path(__file__).resolve().parents[1])  # zhengfen/, of which this is cli/
    inside = bool(frames) and str(Path(frames[-1].filename).resolve()).startswith(package)
    kind = "internal error (please report it)" if inside else "error"
    message = " ".join(str(error).split())
    return (
        f"{kind}: {type(error).__name__}: {message}{where}; "
        "ZHENGFEN_TRACEBACK=1 shows the traceback"
    )
