"""What the subcommands share on the command line: argparse ``type`` functions that check a
number against its range as it is parsed (so a bad one is argparse's one-line error and exit
status 2), the rule-set arguments, ``--option NAME=VALUE``, agent lists, and the checks of the
files a command reads and writes, made before any work starts.

>>> bounded_int(1, 10)("7"), SEAT("5")
(7, 5)
>>> parse_value("false"), parse_value("300"), parse_value(" left ")
(False, 300, 'left')
>>> split_agents("search(determinizations=2,candidates=3),greedy")
['search(determinizations=2,candidates=3)', 'greedy']
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zhengfen import _core
from zhengfen.errors import ArgumentError, InvalidStateError

if TYPE_CHECKING:
    import zhengfen

__all__ = [
    "DEFAULT_GAME",
    "MAX_GAMES",
    "MAX_MATCHES",
    "SEAT",
    "SEED",
    "SEED_MAX",
    "Option",
    "add_matches",
    "add_options",
    "add_rule_set",
    "add_rules",
    "bounded_int",
    "bounded_number",
    "check_games",
    "check_output",
    "check_seat",
    "options_of",
    "parse_value",
    "positive_int",
    "read_log",
    "rule_options",
    "rules_given",
    "rules_of",
    "search_current_folder",
    "shown",
    "split_agents",
]

SEED_MAX = 2**64 - 1
"""Seeds are unsigned 64-bit integers (AI.md §3)."""

DEFAULT_GAME = "zheng_fen"
"""The game a command plays when ``--game`` is not given."""

MAX_MATCHES = 2**32 - 1
"""``--matches`` is a 32-bit count in the core (a game ends at its target anyway)."""

MAX_GAMES: int = _core.MAX_GAMES
"""The most games one command plays (an arena's deals times their rotations): their results are
held in memory together, as in one call of the core's batch functions, whose cap this is."""


def bounded_int(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: an integer from ``low`` to ``high`` (no bound above when ``None``),
    or argparse's error naming the argument and the range."""
    span = f"from {low} up" if high is None else f"from {low} to {high}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be an integer {span}, not {shown(text)}")
        return value

    parse.__name__ = "integer"
    return parse


def bounded_number(low: float, high: float, what: str = "a number") -> Callable[[str], float]:
    """An argparse ``type``: a finite number from ``low`` to ``high`` (``low`` excluded when
    ``what`` says positive), or argparse's error saying ``what`` and the range.

    >>> bounded_number(0, 60, "a number of seconds")("2.5")
    2.5
    """
    positive = what.startswith("a positive")

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (low < value if positive else low <= value) or not value <= high:
            raise argparse.ArgumentTypeError(
                f"must be {what} from {low:g} to {high:g}, not {shown(text)}"
            )
        return value

    parse.__name__ = "number"
    return parse


def shown(text: str) -> str:
    """An argument as an error message quotes it, cut to 30 characters."""
    return repr(text if len(text) <= 30 else text[:27] + "...")


def positive_int(text: str) -> int:
    """An argparse ``type``: an integer from 1 up (a count whose cap depends on other arguments,
    checked once they are known)."""
    return bounded_int(1)(text)


SEED = bounded_int(0, SEED_MAX)
"""An argparse ``type``: a seed."""

SEAT = bounded_int(0, _core.MAX_PLAYERS - 1)
"""An argparse ``type``: a seat of some table; :func:`check_seat` checks it against the rules."""


Option = tuple[str, str, Callable[[str], Any], Any, str]
"""A valued option as a row of a table: its flag, metavar, argparse ``type``, default and help."""


def add_options(
    group: argparse.ArgumentParser | argparse._ArgumentGroup, rows: list[Option]
) -> None:
    """Adds each row of a table of valued options (:data:`Option`) to a parser or a group.

    >>> parser = argparse.ArgumentParser()
    >>> add_options(parser, [("--deals", "N", bounded_int(1, 9), 3, "deals, 1 to 9 (3)")])
    >>> parser.parse_args(["--deals", "5"]).deals, parser.parse_args([]).deals
    (5, 3)
    """
    for flag, metavar, kind, default, text in rows:
        group.add_argument(flag, metavar=metavar, type=kind, default=default, help=text)


def check_seat(seat: int, players: int, option: str = "--seat") -> None:
    """Refuses a seat the table does not have (``ArgumentError``, one line)."""
    if not 0 <= seat < players:
        raise ArgumentError(f"{option} must be 0 to {players - 1} ({players} players), not {seat}")


def check_games(deals: int, rotations: int) -> None:
    """Refuses more than :data:`MAX_GAMES` games (``deals`` times ``rotations``)."""
    games = deals * rotations
    if games > MAX_GAMES:
        raise ArgumentError(
            f"--deals {deals} makes {games:,} games ({rotations} rotations a deal); at most "
            f"{MAX_GAMES:,} are held in memory: use fewer deals"
        )


def add_rule_set(
    group: argparse.ArgumentParser | argparse._ArgumentGroup, unset: bool = False
) -> None:
    """The rule-set arguments every command takes, ``--game``, ``--players`` and ``--option``,
    read by :func:`rules_of`. The games, the player counts and their bounds are the core's
    (:func:`zhengfen.game_offers`). With ``unset`` each defaults to ``None``, so that the caller
    sees which were given (``zhengfen train --resume`` keeps a stored rule set).

    >>> parser = argparse.ArgumentParser()
    >>> add_rule_set(parser)
    >>> rules_of(parser.parse_args(["--players", "5", "--option", "target=300"]))
    Rules.zheng_fen(players=5, jokers_wild=True, next_leader='first_out', target=300, tie='play_on')
    """
    offers = _core.game_offers()
    group.add_argument(
        "--game",
        choices=[offer["game"] for offer in offers],
        default=None if unset else DEFAULT_GAME,
        help=f"the game ({DEFAULT_GAME})",
    )
    counts = "; ".join(
        f"{offer['game']}: {_span(offer['players'])} ({offer['default_players']})"
        for offer in offers
    )
    group.add_argument(
        "--players",
        type=bounded_int(_core.MIN_PLAYERS, _core.MAX_PLAYERS),
        default=None,
        help=f"the number of players, {counts}",
    )
    group.add_argument(
        "--option",
        action="append",
        default=None if unset else [],
        metavar="NAME=VALUE",
        help="a rule option (RULES.md §3), e.g. target=300 or jokers_wild=false (repeatable)",
    )


def _span(counts: Sequence[int]) -> str:
    """Player counts as help text: ``3 to 6``, or ``4``."""
    low, high = min(counts), max(counts)
    return str(low) if low == high else f"{low} to {high}"


def add_rules(command: argparse.ArgumentParser) -> None:
    """The rule set (:func:`add_rule_set`) and ``--seed``, the seed of the deals: the
    arguments of ``arena``, ``play`` and ``league``."""
    add_rule_set(command)
    command.add_argument(
        "--seed", type=SEED, default=0, help="seed of the deals, 0 to 2**64 - 1 (default 0)"
    )


def add_matches(command: argparse.ArgumentParser, text: str) -> None:
    """``--matches N``: how many matches a game lasts (``None`` when not given: a whole game)."""
    command.add_argument(
        "--matches", metavar="N", type=bounded_int(1, MAX_MATCHES), default=None, help=text
    )


def parse_value(text: str) -> Any:
    """An option value from the command line: a bool, an integer, or the text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(lowered)
    except ValueError:
        return text.strip()


def options_of(game: str, players: int | None, items: Sequence[str]) -> dict[str, Any]:
    """The rule set's dict (:meth:`zhengfen.Rules.from_dict`) from a game, a player count
    (``None``: the game's default) and ``NAME=VALUE`` items."""
    options: dict[str, Any] = {"game": game}
    if players is not None:
        options["players"] = players
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ArgumentError(f"--option {item!r}: expected NAME=VALUE")
        if name.strip() in ("game", "players"):
            raise ArgumentError(f"--option {item!r}: give --{name.strip()} instead")
        options[name.strip()] = parse_value(value)
    return options


def rule_options(args: argparse.Namespace) -> dict[str, Any]:
    """The rule set's dict from ``--game``, ``--players`` and ``--option`` (those of
    :func:`add_rule_set`; the default game where ``--game`` is unset)."""
    return options_of(args.game or DEFAULT_GAME, args.players, args.option or [])


def rules_given(args: argparse.Namespace) -> bool:
    """Whether any of ``--game``, ``--players`` and ``--option`` was given (they are read with
    ``unset``: see :func:`add_rule_set`)."""
    return args.game is not None or args.players is not None or args.option is not None


def rules_of(args: argparse.Namespace) -> zhengfen.Rules:
    """The rules ``--game``, ``--players`` and ``--option`` ask for: made once, where the
    command line is read (a bad option raises the core's ``RulesError``)."""
    import zhengfen

    return zhengfen.Rules.from_dict(rule_options(args))


def split_agents(text: str) -> list[str]:
    """Agent names split at commas outside parentheses and quoted values
    (:func:`zhengfen.agents.specs.split_names`): ``search(determinizations=2,
    candidates=3),greedy`` is two agents, and so is ``learned(model="a,b.safetensors"),greedy``."""
    from zhengfen.agents.specs import split_names

    names = split_names(text)
    if any(not name for name in names):
        raise ArgumentError(f"--agents {text!r}: an empty agent name")
    return names


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
