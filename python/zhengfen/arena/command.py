"""``zhengfen arena`` (the default subcommand): its arguments turned into a
:class:`~zhengfen.arena.Tournament`, every setting checked before the first game (the rules,
the agents, the games held in memory, Ray, that ``--log`` can be written), then the tournament
run and its tables printed. What it refuses raises ``ValueError`` (a worker process killed from
outside, ``ChildProcessError``) for :func:`zhengfen.cli.main` to report on one line with exit
status 2."""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from zhengfen.agents.seats import fill
from zhengfen.cli.arguments import (
    MAX_GAMES,
    add_matches,
    add_rules,
    bounded_int,
    check_games,
    check_output,
    positive_int,
    rules_of,
    search_current_folder,
    split_agents,
)

if TYPE_CHECKING:
    from zhengfen.arena import GameResult, Tournament

__all__ = ["DEFAULT_AGENTS", "HELP", "add_arguments", "check_tournament", "make_tournament", "run"]

HELP = "a tournament between agents (the default)"

DEFAULT_AGENTS = {"zheng_fen": "search,greedy,random,random", "zen_cheng_you": "search,greedy"}

MAX_WORKERS = 1024
"""The most processes ``arena --workers`` starts."""


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen arena``."""
    add_rules(command)
    command.add_argument(
        "--agents",
        default=None,
        help="agents by seat, comma-separated, repeated to fill the table: random, greedy, "
        "search, search(determinizations=D,candidates=C), ismcts, "
        "ismcts(iterations=N,playout=P,exploration=E,candidates=K,declare=D,policy=Q), sparta, "
        "sparta(candidates=C,budget=B,threshold=T,z=Z,tree=N,belief=K,policy=Q), learned (the "
        "model shipped for the rules), learned(model=PATH), module:Class or a bot program "
        'process(cmd="COMMAND",time=MS,budget=MS,fallback=greedy|random,restarts=N) (BOTS.md) '
        "(default: search,greedy,random,random; Zen Cheng You: search,greedy)",
    )
    command.add_argument(
        "--deals",
        type=positive_int,
        default=12,
        help=f"deals to play (default 12); with their rotations, at most {MAX_GAMES:,} games",
    )
    add_matches(command, "matches a game (default: whole games)")
    command.add_argument(
        "--single", action="store_true", help="no duplicate: each deal once, seats unrotated"
    )
    command.add_argument(
        "--workers",
        type=bounded_int(1, MAX_WORKERS),
        default=1,
        help=f"processes on this machine, 1 to {MAX_WORKERS} (default 1)",
    )
    command.add_argument(
        "--ray",
        metavar="ADDRESS",
        default=None,
        help="run on a Ray cluster: HOST:PORT of a running one (its token, if it asks for one, "
        "from RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH or ~/.ray/auth_token), or 'local' to start one",
    )
    command.add_argument(
        "--log",
        type=Path,
        default=None,
        help="write every game here (JSON lines; the folder must exist)",
    )
    command.add_argument("--no-progress", action="store_true", help="no progress bar")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Runs a tournament and prints its tables. With ``--log``, the games are written as they
    finish, in order, so an interrupted or failed tournament keeps every game played before."""
    from concurrent.futures.process import BrokenProcessPool

    from zhengfen.arena import ProgressBar, Report
    from zhengfen.arena import run as play_tournament
    from zhengfen.bots import close_all

    tournament = make_tournament(args)
    if args.workers > 1 or args.ray is not None:  # each worker starts its own bot processes
        close_all()
    progress = None if args.no_progress else ProgressBar(tournament_games(tournament))
    with LogWriter(args.log) as log, progress or contextlib.nullcontext(), bots_closed():
        start = time.perf_counter()
        try:
            games = play_tournament(tournament, args.workers, args.ray, progress, sink=log.write)
        except BrokenProcessPool as error:  # a worker killed from outside (out of memory)
            raise ChildProcessError(str(error)) from error
        seconds = time.perf_counter() - start
    print(Report(tournament, games, seconds).text())
    if args.log is not None:
        print(f"\n{len(games)} games written to {args.log} (zhengfen replay {args.log})")
    return 0


@contextlib.contextmanager
def bots_closed() -> Iterator[None]:
    """The bot processes of this process ended when the block ends, however it ends."""
    from zhengfen.bots import close_all

    try:
        yield
    finally:
        close_all()


class LogWriter:
    """``arena --log``: the file opened (emptied) when the tournament starts, the games written
    to it a line each as they come, each batch flushed, and the saved games let go once written
    (the report needs only the results). With no path, it writes nothing."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.file: TextIO | None = None

    def __enter__(self) -> LogWriter:
        if self.path is not None:
            self.file = open(self.path, "w", encoding="utf-8")
        return self

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()

    def write(self, games: list[GameResult]) -> None:
        """The games' lines, in the order given."""
        from zhengfen.arena import write_log

        if self.file is None:
            return
        try:
            write_log(games, self.file)
            self.file.flush()
        except OSError as error:
            raise OSError(f"--log {self.path}: cannot write it ({error})") from error
        for game in games:
            game.log = None


def make_tournament(args: argparse.Namespace) -> Tournament:
    """The tournament the arguments describe, every setting checked (nothing played yet)."""
    from zhengfen.agents import read_agent
    from zhengfen.arena import Tournament

    rules = rules_of(args)
    names = split_agents(DEFAULT_AGENTS[rules.game] if args.agents is None else args.agents)
    search_current_folder(names)
    seated = fill(names, rules.players)
    read = {name: read_agent(name) for name in dict.fromkeys(seated)}  # each spec read once
    tournament = Tournament(
        rules=rules,
        agents=tuple(read[name] for name in seated),
        deals=args.deals,
        seed=args.seed,
        duplicate=not args.single,
        matches=args.matches,
        logs=args.log is not None,
    )
    check_tournament(tournament, args.ray, args.log)
    return tournament


def tournament_games(tournament: Tournament) -> int:
    """Games the tournament plays."""
    return tournament.deals * tournament.rotations()


def check_tournament(
    tournament: Tournament, ray: str | None = None, log: Path | None = None
) -> None:
    """Refuses settings that cannot run, before any work starts (the numbers' ranges are the
    parser's): too many games, Ray missing, agents that cannot play, a log that cannot be
    written."""
    from zhengfen.agents import check_agent
    from zhengfen.arena.ray_connect import check_ray
    from zhengfen.bots import BotSpec

    check_games(tournament.deals, tournament.rotations())
    if ray is not None:
        check_ray(ray)
    bots = tournament.bots()
    for name in dict.fromkeys(tournament.agents):
        # unknown names, unloadable classes, unreadable models, models for other rules, bots
        # that fail to start or do not play the rules (their processes started for every seat)
        seats = bots.get(name, 1) if isinstance(name, BotSpec) else 1
        check_agent(name, tournament.rules, seats)
    if log is not None:
        check_output(log, "--log")
