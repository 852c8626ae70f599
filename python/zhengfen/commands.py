"""The ``arena``, ``play`` and ``replay`` subcommands: command-line arguments turned into calls
of :mod:`zhengfen.arena`, :mod:`zhengfen.play` and :mod:`zhengfen.replay`, and errors turned
into messages and exit status 2 (never a traceback)."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from zhengfen.errors import ZhengfenError

__all__ = ["arena", "parse_value", "play", "replay", "rule_options", "split_agents"]

DEFAULT_AGENTS = {"zheng_fen": "search,greedy,random,random", "zen_cheng_you": "search,greedy"}


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
            raise ValueError(f"--option {item!r}: expected NAME=VALUE")
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
        raise ValueError(f"--agents {text!r}: an empty agent name")
    return names


def fill(names: list[str], seats: int) -> list[str]:
    """``names`` repeated to fill ``seats`` seats."""
    if len(names) > seats:
        raise ValueError(f"{len(names)} agents given for {seats} seats")
    return [names[s % len(names)] for s in range(seats)]


def canonical(name: str) -> str:
    """A built-in agent's canonical spec (``search`` and ``search(determinizations=8,
    candidates=8)`` are one agent); a user's ``module:Class`` as given."""
    from zhengfen import agent_spec

    return name if ":" in name else agent_spec(name)


def fail(command: str, error: Exception) -> int:
    print(f"zhengfen {command}: {error}", file=sys.stderr)
    return 2


def arena(args: argparse.Namespace) -> int:
    """Runs a tournament and prints its tables."""
    from zhengfen import Rules
    from zhengfen.arena import ProgressBar, Report, Tournament, run, write_log

    try:
        options = rule_options(args)
        rules = Rules(**options)
        names = split_agents(args.agents or DEFAULT_AGENTS[rules.game])
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
        total = tournament.deals * tournament.rotations()
        progress = None if args.no_progress else ProgressBar(total)
        start = time.perf_counter()
        games = run(tournament, workers=args.workers, ray_address=args.ray, progress=progress)
        seconds = time.perf_counter() - start
    except (ZhengfenError, ValueError, TypeError, RuntimeError, OSError) as error:
        return fail("arena", error)
    print(Report(tournament, games, seconds).text())
    if args.log is not None:
        with open(args.log, "w", encoding="utf-8") as out:
            write_log(games, out)
        print(f"\n{len(games)} games written to {args.log} (zhengfen replay {args.log})")
    return 0


def check_tournament(tournament: Any, args: argparse.Namespace) -> None:
    """Refuses settings that cannot run, before any work starts."""
    from zhengfen.agents import make_agent

    if tournament.deals < 1:
        raise ValueError("--deals must be at least 1")
    if tournament.matches is not None and tournament.matches < 1:
        raise ValueError("--matches must be at least 1")
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    for name in tournament.agents:
        make_agent(name)  # unknown names and unloadable classes fail here


def play(args: argparse.Namespace) -> int:
    """A game in the terminal."""
    from zhengfen import Rules
    from zhengfen.play import run

    try:
        rules = Rules(**rule_options(args))
        if not 0 <= args.seat < rules.players:
            raise ValueError(f"--seat must be 0 to {rules.players - 1}")
        if args.matches is not None and args.matches < 1:
            raise ValueError("--matches must be at least 1")
        opponents = split_agents(args.opponents)
        return run(rules, args.seat, opponents, args.seed, args.matches, args.save)
    except (ZhengfenError, ValueError, TypeError, OSError) as error:
        return fail("play", error)


def replay(args: argparse.Namespace) -> int:
    """Prints a saved game."""
    from zhengfen.replay import load
    from zhengfen.replay import replay as show

    try:
        games = load(args.log.read_text(encoding="utf-8"))
    except (ZhengfenError, ValueError, OSError) as error:
        return fail("replay", error)
    if args.list:
        for number, saved in enumerate(games):
            agents = f", agents {', '.join(saved.agents)}" if saved.agents else ""
            print(f"{number}: {saved.title}{agents}, scores {saved.game.scores}")
        return 0
    if not 0 <= args.game < len(games):
        return fail("replay", ValueError(f"--game must be 0 to {len(games) - 1}"))
    show(games[args.game], sys.stdout, sys.stdin if args.step else None)
    return 0
