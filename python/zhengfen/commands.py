"""The ``arena``, ``play`` and ``replay`` subcommands: command-line arguments turned into calls
of :mod:`zhengfen.arena`, :mod:`zhengfen.play` and :mod:`zhengfen.replay`, and errors turned
into messages and exit status 2 (never a traceback). Everything that can be checked is checked
before the work starts: the rules, the agents, the sizes, and that the output files
(``arena --log``, ``play --save``) can be written."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from zhengfen.errors import ArgumentError, InvalidStateError, RayConnectionError, ZhengfenError
from zhengfen.streams import require_open

if TYPE_CHECKING:
    from zhengfen import Game
    from zhengfen.arena import GameResult, Tournament

__all__ = [
    "arena",
    "check_output",
    "parse_value",
    "play",
    "replay",
    "rule_options",
    "search_current_folder",
    "split_agents",
]

DEFAULT_AGENTS = {"zheng_fen": "search,greedy,random,random", "zen_cheng_you": "search,greedy"}

MAX_GAMES = 1_000_000
"""The most games an arena plays (deals times rotations): their results are held in memory."""


def parse_value(text: str) -> Any:
    """An option value from the command line: a bool, an integer, or the text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(lowered)
    except ValueError:
        return text.strip()


def rule_options(args: argparse.Namespace) -> dict[str, Any]:
    """``Rules(**options)`` keywords from ``--game``, ``--players`` and ``--option``."""
    options: dict[str, Any] = {"game": args.game}
    if args.players is not None:
        options["players"] = args.players
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ArgumentError(f"--option {item!r}: expected NAME=VALUE")
        options[name.strip()] = parse_value(value)
    return options


def split_agents(text: str) -> list[str]:
    """Agent names split at commas outside parentheses: ``search(determinizations=2,
    candidates=3),greedy`` is two agents."""
    names, depth, current = [], 0, ""
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            names.append(current.strip())
            current = ""
        else:
            current += char
    names.append(current.strip())
    if any(not name for name in names):
        raise ArgumentError(f"--agents {text!r}: an empty agent name")
    return names


def fill(names: list[str], seats: int) -> list[str]:
    """``names`` repeated to fill ``seats`` seats."""
    if len(names) > seats:
        raise ArgumentError(f"{len(names)} agents given for {seats} seats")
    return [names[s % len(names)] for s in range(seats)]


def canonical(name: str) -> str:
    """A built-in agent's canonical spec (``search`` and ``search(determinizations=8,
    candidates=8)`` are one agent); a user's ``module:Class`` as given."""
    from zhengfen import agent_spec
    from zhengfen.agents import is_user_class

    return name if is_user_class(name) else agent_spec(name)


def search_current_folder(names: list[str]) -> None:
    """When a user's agent (``module:Class``) is named, puts the current folder first on
    ``sys.path``, as ``python -m`` does, so that ``myagent.py`` in it is found. Processes that
    ``--workers`` starts inherit it."""
    from zhengfen.agents import is_user_class

    if any(is_user_class(name) for name in names):
        here = os.getcwd()
        if here not in sys.path:
            sys.path.insert(0, here)


def check_output(path: Path, option: str) -> None:
    """Refuses an output file that cannot be written, before any work: its folder must exist
    and take files, and it must not be a folder or a device (``/dev/full`` takes nothing, and a
    save or a log is for reading back). The check opens the file to append (it never truncates)
    and removes it again if it did not exist."""
    if path.is_dir():
        raise ArgumentError(f"{option} {path}: is a folder, not a file")
    if path.exists() and not (path.is_file() or path.is_fifo()):
        raise ArgumentError(f"{option} {path}: is a device, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise ArgumentError(f"{option} {path}: the folder {folder} does not exist")
    existed = path.exists()
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise ArgumentError(f"{option} {path}: cannot write it ({error.strerror})") from error
    if not existed:
        path.unlink()


def fail(command: str, error: BaseException) -> int:
    """One line on standard error, exit status 2."""
    message = " ".join(str(error).split()) or type(error).__name__
    print(f"zhengfen {command}: {message}", file=sys.stderr)
    return 2


REFUSED = (ValueError, TypeError, RuntimeError, OSError)
"""What the subcommands report as refused input (``ZhengfenError`` is a ``ValueError``)."""


def arena(args: argparse.Namespace) -> int:
    """Runs a tournament and prints its tables. With ``--log``, the games are written as they
    finish, in order, so an interrupted or failed tournament keeps every game played before."""
    from zhengfen.arena import ProgressBar, Report, run

    try:
        tournament = make_tournament(args)
        progress = None if args.no_progress else ProgressBar(tournament_games(tournament))
        with LogWriter(args.log) as log, progress or contextlib.nullcontext():
            start = time.perf_counter()
            games = run(tournament, args.workers, args.ray, progress, sink=log.write)
            seconds = time.perf_counter() - start
    except BrokenPipeError:
        raise
    except REFUSED as error:
        return fail("arena", error)
    print(Report(tournament, games, seconds).text())
    if args.log is not None:
        print(f"\n{len(games)} games written to {args.log} (zhengfen replay {args.log})")
    return 0


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
    from zhengfen import Rules
    from zhengfen.arena import Tournament
    from zhengfen.arena.tournament import with_models

    options = rule_options(args)
    rules = Rules(**options)
    names = split_agents(DEFAULT_AGENTS[rules.game] if args.agents is None else args.agents)
    search_current_folder(names)
    tournament = Tournament(
        rules=options,
        agents=tuple(canonical(name) for name in fill(names, rules.players)),
        deals=args.deals,
        seed=args.seed,
        duplicate=not args.single,
        matches=args.matches,
        logs=args.log is not None,
    )
    check_tournament(tournament, args)
    return with_models(tournament)


def tournament_games(tournament: Tournament) -> int:
    """Games the tournament plays."""
    return tournament.deals * tournament.rotations()


def check_tournament(tournament: Tournament, args: argparse.Namespace) -> None:
    """Refuses settings that cannot run, before any work starts."""
    from zhengfen.agents import check_agent

    if tournament.deals < 1:
        raise ArgumentError("--deals must be at least 1")
    if tournament.matches is not None and tournament.matches < 1:
        raise ArgumentError("--matches must be at least 1")
    if args.workers < 1:
        raise ArgumentError("--workers must be at least 1")
    games = tournament_games(tournament)
    if games > MAX_GAMES:
        raise ArgumentError(
            f"--deals {tournament.deals} makes {games:,} games ({tournament.rotations()} "
            f"rotations a deal); at most {MAX_GAMES:,} are held in memory: use fewer deals"
        )
    if args.ray is not None:
        check_ray(args.ray)
    for name in dict.fromkeys(tournament.agents):
        # unknown names, unloadable classes, unreadable models, models for other rules
        check_agent(name, tournament.rule_set())
    if args.log is not None:
        check_output(args.log, "--log")


def check_ray(address: str) -> None:
    """Refuses ``--ray`` where Ray is not installed or the address is malformed (reaching the
    cluster is :func:`zhengfen.ray_connect.connect_ray`'s, when the work starts)."""
    import importlib.util

    from zhengfen.ray_connect import parse_address

    if importlib.util.find_spec("ray") is None:
        raise RayConnectionError('--ray: Ray is not installed (pip install "zhengfen[ray]")')
    if address != "local":
        parse_address(address)


def play(args: argparse.Namespace) -> int:
    """A game in the terminal."""
    from zhengfen import Rules
    from zhengfen.agents import check_agent
    from zhengfen.play import run

    try:
        require_open("stdin", "zhengfen play reads your moves from it")
        game = None if args.load is None else load_game(args.load)
        rules = game.rules if game else Rules(**rule_options(args))
        if not 0 <= args.seat < rules.players:
            raise ArgumentError(f"--seat must be 0 to {rules.players - 1}")
        if args.matches is not None and args.matches < 1:
            raise ArgumentError("--matches must be at least 1")
        opponents = split_agents(args.opponents)
        search_current_folder([*opponents, args.hint])
        for name in dict.fromkeys([*opponents, args.hint]):
            # unknown names, unloadable classes, unreadable models, models for other rules
            check_agent(name, rules)
        if args.save is not None:
            check_output(Path(args.save), "--save")
        loaded = None if args.load is None else str(args.load)
        return run(
            rules,
            args.seat,
            opponents,
            args.seed,
            args.matches,
            args.save,
            out=sys.stdout,
            inp=sys.stdin,
            game=game,
            loaded=loaded,
            hint=args.hint,
        )
    except BrokenPipeError:
        raise
    except REFUSED as error:
        return fail("play", error)


def replay(args: argparse.Namespace) -> int:
    """Prints a saved game, or lists the games of a log (each read only when printed)."""
    from zhengfen.play import tolerant
    from zhengfen.replay import Log
    from zhengfen.replay import replay as show

    try:
        games = Log(read_log(args.log))
        if args.list:
            for number, saved in enumerate(games):
                agents = f", agents {', '.join(saved.agents)}" if saved.agents else ""
                print(f"{number}: {saved.title}{agents}, scores {saved.game.scores}")
            return 0
        if not 0 <= args.game < len(games):
            raise ArgumentError(f"--game must be 0 to {len(games) - 1}")
        chosen = games[args.game]
    except BrokenPipeError:
        raise
    except REFUSED as error:
        return fail("replay", error)
    show(chosen, sys.stdout, tolerant(sys.stdin) if args.step else None)
    return 0


def load_game(path: Path) -> Game:
    """A game saved with ``Game.to_json`` (``play --save``), refused with the reason when the
    file cannot be read or is not a saved game."""
    from zhengfen.replay import one_game

    try:
        text = read_log(path, "a saved game")
    except OSError as error:
        raise ArgumentError(f"--load {path}: cannot read it ({error.strerror})") from error
    except ZhengfenError as error:  # the path or the text refused: the same kind, named
        raise type(error)(f"--load: {error}") from error
    try:
        return one_game(text, "zhengfen replay")
    except ValueError as error:
        raise InvalidStateError(f"--load {path}: not a saved game ({error})") from error


def read_log(path: Path, what: str = "a log file") -> str:
    """The text of a log file (or a pipe: ``/dev/stdin``), refused with the reason when it cannot
    be read as UTF-8 text; a device (``/dev/zero``, which never ends) is refused unread."""
    if path.is_dir():
        raise ArgumentError(f"{path} is a folder, not {what}")
    if path.exists() and not (path.is_file() or path.is_fifo()):
        raise ArgumentError(f"{path} is not a file (a device?): nothing to read")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InvalidStateError(f"{path} is not a UTF-8 text file ({error.reason})") from error
