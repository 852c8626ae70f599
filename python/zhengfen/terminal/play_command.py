"""``zhengfen play``: its arguments checked before the game starts (standard input open, the
game to resume read, the seat against the table, the agents, that ``--save`` can be written),
then the game in the terminal (:func:`zhengfen.terminal.play.play_session`). What it refuses raises
``ValueError`` for :func:`zhengfen.cli.main` to report on one line with exit status 2."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from zhengfen.cli.arguments import (
    SEAT,
    add_matches,
    add_rules,
    check_output,
    check_seat,
    read_log,
    rules_of,
    search_current_folder,
    split_agents,
)
from zhengfen.cli.streams import require_open
from zhengfen.errors import ArgumentError, InvalidStateError, ZhengfenError

if TYPE_CHECKING:
    from zhengfen import Game

__all__ = ["HELP", "add_arguments", "load_game", "run"]

HELP = "play against agents in the terminal"


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen play``."""
    add_rules(command)
    command.add_argument(
        "--seat", type=SEAT, default=0, help="your seat, 0 to the players less one (default 0)"
    )
    command.add_argument(
        "--opponents",
        default="greedy",
        help="agents for the other seats, comma-separated (as arena's --agents: greedy, "
        "learned, learned(model=PATH), ...; default greedy)",
    )
    command.add_argument(
        "--hint",
        default="greedy",
        metavar="AGENT",
        help="the agent that answers 'hint' (default greedy); a learned agent also shows its "
        "Q-values of the best moves",
    )
    add_matches(command, "stop after this many matches")
    command.add_argument(
        "--save",
        type=Path,
        default=None,
        help="save the game here when it ends, is quit or interrupted (the folder must exist)",
    )
    command.add_argument(
        "--load",
        type=Path,
        default=None,
        help="resume a game saved with --save (its rules replace the rule options)",
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """A game in the terminal; returns the exit status."""
    from zhengfen.agents import check_agent, read_agent
    from zhengfen.bots import is_bot_spec
    from zhengfen.terminal.play import play_session

    require_open("stdin", "zhengfen play reads your moves from it")
    game = None if args.load is None else load_game(args.load)
    rules = game.rules if game else rules_of(args)
    check_seat(args.seat, rules.players)
    opponents = split_agents(args.opponents)
    search_current_folder([*opponents, args.hint])
    read = {name: read_agent(name) for name in dict.fromkeys([*opponents, args.hint])}
    if is_bot_spec(args.hint):
        raise ArgumentError(f"--hint {args.hint}: a bot program gives no hints")
    seated = opponents * (rules.players - 1) if len(opponents) == 1 else opponents
    for agent in read.values():
        # unknown names, unloadable classes, unreadable models, models for other rules, bots
        # that fail to start or do not play the rules (a process for each seat a bot holds)
        check_agent(agent, rules, max(1, sum(1 for name in seated if read[name] == agent)))
    if args.save is not None:
        check_output(Path(args.save), "--save")
    return play_session(
        rules,
        args.seat,
        [read[name] for name in opponents],
        args.seed,
        args.matches,
        args.save,
        out=sys.stdout,
        inp=sys.stdin,
        game=game,
        loaded=None if args.load is None else str(args.load),
        hint=read[args.hint],
    )


def load_game(path: Path) -> Game:
    """A game saved with ``Game.to_json`` (``play --save``), refused with the reason when the
    file cannot be read or is not a saved game."""
    from zhengfen.arena.log import one_game

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
