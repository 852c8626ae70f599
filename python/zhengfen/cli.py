"""The ``zhengfen`` command (also ``python -m zhengfen``).

- ``zhengfen arena``: a tournament between agents (the default; see :mod:`zhengfen.arena`);
- ``zhengfen play``: play against agents in the terminal (:mod:`zhengfen.play`);
- ``zhengfen replay LOG``: a saved game, trick by trick (:mod:`zhengfen.replay`);
- ``zhengfen serve``: the table in the browser: play, replay, tournaments (:mod:`zhengfen.web`,
  the ``web`` extra);
- ``zhengfen train``: train a learned agent (:mod:`zhengfen.train`, the ``train`` extra);
- ``zhengfen demo``: deals a seeded hand, classifies plays, lists legal moves;
- ``zhengfen conformance serve --impl rust|reference``: speak the conformance protocol;
- ``zhengfen conformance check --impl "COMMAND"``: run the vectors against an implementation;
- ``zhengfen conformance generate``: rewrite the vectors from the Rust engine;
- ``zhengfen docs [NAME] [--path]``: list the shipped documents (RULES, AI, CONFORMANCE, API) or
  print one;
- ``zhengfen --version``: the package's version.

This module owns the parser (every number is checked against its range here, before any work)
and the exit statuses: 0 done, 1 a conformance check failed or an unexpected error, 2 the input
was refused (one line on standard error, never a traceback), 130 interrupted (Ctrl-C), 143
terminated (SIGTERM, as from ``kill`` or ``timeout``: stopped like Ctrl-C, workers ended, the
game or log kept), 141 the reader of standard output went away (``zhengfen arena | head -1``:
output stops quietly, as for a program killed by SIGPIPE). A standard stream the caller closed
stands in as the null device (:mod:`zhengfen.streams`).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from zhengfen.streams import silence_stdout, stand_in_closed

SEED_MAX = 2**64 - 1
"""Seeds are unsigned 64-bit integers (AI.md §3)."""

MAX_DEALS = 1_000_000
"""The most deals an arena plays: their results are held in memory together."""

MAX_MATCHES = 2**32 - 1
"""``--matches`` is a 32-bit count in the core (a game ends at its target anyway)."""

MAX_WORKERS = 1024
"""The most processes ``arena --workers`` starts."""

INTERRUPTED = 130
BROKEN_PIPE = 141
TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``), raised in the main thread like Ctrl-C, so that it stops
    the work the same way: ``play`` saves, ``arena`` ends its workers and keeps its log."""


def raise_terminated(signum: int, frame: object) -> None:
    """The SIGTERM handler the command installs."""
    raise Terminated


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` for the block, where it would kill the process at once
    (its default) and this is the main thread; the previous handler is put back after."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return
    signal.signal(signal.SIGTERM, raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: an integer from ``low`` to ``high``, or argparse's error naming
    the argument and the range."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            shown = text if len(text) <= 30 else text[:27] + "..."
            raise argparse.ArgumentTypeError(
                f"must be an integer from {low} to {high}, not {shown!r}"
            )
        return value

    parse.__name__ = "integer"
    return parse


SEED = bounded_int(0, SEED_MAX)


def version() -> str:
    """The package's version (``zhengfen.__version__``)."""
    from zhengfen import __version__

    return __version__


def add_docs_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen docs`` (:mod:`zhengfen.docs.command`)."""
    from zhengfen.docs.command import add_arguments

    add_arguments(command)


def add_serve_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen serve`` (:mod:`zhengfen.web.command`)."""
    from zhengfen.web.command import add_arguments

    add_arguments(command, bounded_int)


def add_train_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen train`` (:mod:`zhengfen.train.config`; no JAX imported)."""
    from zhengfen.train.config import add_arguments

    add_arguments(command, bounded_int)


def add_rules(command: argparse.ArgumentParser) -> None:
    """The rule-set arguments of ``arena`` and ``play``."""
    command.add_argument("--game", choices=["zheng_fen", "zen_cheng_you"], default="zheng_fen")
    command.add_argument(
        "--players", type=bounded_int(3, 6), default=None, help="Zheng Fen: 3 to 6 (4)"
    )
    command.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option (RULES.md §3), e.g. target=300 or jokers_wild=false (repeatable)",
    )
    command.add_argument(
        "--seed", type=SEED, default=0, help="seed of the deals, 0 to 2**64 - 1 (default 0)"
    )


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="zhengfen", description=__doc__.split("\n\n")[0])
    top.add_argument("--version", action="version", version=f"zhengfen {version()}")
    commands = top.add_subparsers(dest="command")
    arena = commands.add_parser("arena", help="a tournament between agents (the default)")
    add_rules(arena)
    arena.add_argument(
        "--agents",
        default=None,
        help="agents by seat, comma-separated, repeated to fill the table: random, greedy, "
        "search, search(determinizations=D,candidates=C), ismcts, "
        "ismcts(iterations=N,playout=P,exploration=E,candidates=K), learned (the model shipped "
        "for the rules), learned(model=PATH) or module:Class "
        "(default: search,greedy,random,random; Zen Cheng You: search,greedy)",
    )
    arena.add_argument(
        "--deals",
        type=bounded_int(1, MAX_DEALS),
        default=12,
        help=f"deals to play, 1 to {MAX_DEALS:,} (default 12)",
    )
    arena.add_argument(
        "--matches",
        type=bounded_int(1, MAX_MATCHES),
        default=None,
        help="matches a game (default: whole games)",
    )
    arena.add_argument(
        "--single", action="store_true", help="no duplicate: each deal once, seats unrotated"
    )
    arena.add_argument(
        "--workers",
        type=bounded_int(1, MAX_WORKERS),
        default=1,
        help=f"processes on this machine, 1 to {MAX_WORKERS} (default 1)",
    )
    arena.add_argument(
        "--ray",
        metavar="ADDRESS",
        default=None,
        help="run on a Ray cluster: HOST:PORT of a running one (its token, if it asks for one, "
        "from RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH or ~/.ray/auth_token), or 'local' to start one",
    )
    arena.add_argument(
        "--log",
        type=Path,
        default=None,
        help="write every game here (JSON lines; the folder must exist)",
    )
    arena.add_argument("--no-progress", action="store_true", help="no progress bar")
    play = commands.add_parser("play", help="play against agents in the terminal")
    add_rules(play)
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--opponents",
        default="greedy",
        help="agents for the other seats, comma-separated (as arena's --agents: greedy, "
        "learned, learned(model=PATH), ...; default greedy)",
    )
    play.add_argument(
        "--hint",
        default="greedy",
        metavar="AGENT",
        help="the agent that answers 'hint' (default greedy); a learned agent also shows its "
        "Q-values of the best moves",
    )
    play.add_argument(
        "--matches",
        type=bounded_int(1, MAX_MATCHES),
        default=None,
        help="stop after this many matches",
    )
    play.add_argument(
        "--save",
        type=Path,
        default=None,
        help="save the game here when it ends, is quit or interrupted (the folder must exist)",
    )
    play.add_argument(
        "--load",
        type=Path,
        default=None,
        help="resume a game saved with --save (its rules replace the rule options)",
    )
    replay = commands.add_parser("replay", help="print a saved game trick by trick")
    replay.add_argument("log", type=Path, help="a Game.to_json() file or an arena --log file")
    replay.add_argument(
        "--game", type=bounded_int(0, SEED_MAX), default=0, help="which game of an arena log (0)"
    )
    replay.add_argument("--list", action="store_true", help="list the games of the log")
    replay.add_argument("--step", action="store_true", help="wait for Enter after each trick")
    docs = commands.add_parser(
        "docs", help="list the shipped documents (RULES, AI, CONFORMANCE, API) or print one"
    )
    add_docs_arguments(docs)
    serve = commands.add_parser(
        "serve", help="the table in the browser: play, replay, tournaments (the web extra)"
    )
    add_serve_arguments(serve)
    train = commands.add_parser(
        "train",
        help="train a learned agent by self-play (DMC; the train extra)",
        description="Deep Monte Carlo training of a learned agent (AI.md §8): actors play "
        "epsilon-greedy episodes in Rust, a JAX learner fits Q(state, move) to the returns. "
        "Writes the model, checkpoints and the learning curve to --out.",
    )
    add_train_arguments(train)
    demo = commands.add_parser("demo", help="a short demonstration on a seeded deal")
    demo.add_argument("--seed", type=SEED, default=42, help="deal seed (default 42)")
    demo.add_argument("--players", type=bounded_int(3, 6), default=4, help="3 to 6 (default 4)")
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
    generate.add_argument(
        "--out", type=Path, action="append", help="write the vectors here (required, repeatable)"
    )
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``zhengfen`` command: runs a subcommand and turns what escapes it into
    an exit status and at most one line on standard error (see the module's docstring)."""
    stand_in_closed()
    try:
        with sigterm_raises():
            status = dispatch(argv)
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
    except (ValueError, OSError) as error:  # the subcommands name these; a safety net
        if os.environ.get("ZHENGFEN_TRACEBACK"):
            raise
        print(f"zhengfen: error: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
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
    package = str(Path(__file__).resolve().parent)
    inside = bool(frames) and str(Path(frames[-1].filename).resolve()).startswith(package)
    kind = "internal error (please report it)" if inside else "error"
    message = " ".join(str(error).split())
    return (
        f"{kind}: {type(error).__name__}: {message}{where}; "
        "ZHENGFEN_TRACEBACK=1 shows the traceback"
    )


def dispatch(argv: Sequence[str] | None) -> int:
    """Parses ``argv`` and runs the subcommand; returns its exit status."""
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
    if args.command == "serve":
        from zhengfen.web.command import run as serve

        return serve(args)
    if args.command == "train":
        from zhengfen.train.command import run as train

        return train(args)
    if args.command == "docs":
        from zhengfen.docs.command import run

        return run(args, "zhengfen docs")
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
    """``zhengfen conformance ACTION``: see :mod:`zhengfen.conformance.command`."""
    from zhengfen.conformance.command import run

    return run(args)
