"""Two agents' leads over one opponent, compared deal by deal: is ``A - C`` larger than ``B - C``?

Two arena matches on the same seed and the same number of deals (``zhengfen arena --seed S
--deals N --matches 1 --agents "A,C" --log a.jsonl``, and the same with ``"B,C"``) play the same
deals; each gives its lead over ``C`` with an interval. Read side by side, the two intervals
overstate the noise of their difference, since the deals' luck is shared. This script pairs them
deal by deal: for every deal both logs played, ``(A - C) - (B - C)`` (each lead is the arena's,
:func:`zhengfen.arena.report.difference`'s per-deal value), and reports the mean with its 95 %
interval. The deals must be the same: a deal whose games differ in seed between the logs is an
error, as is a log that does not hold exactly two agents, or logs whose second agent differs.

Run: ``python benches/paired_logs.py a.jsonl b.jsonl`` (the opponent is the agent the two logs
share; ``--opponent NAME`` names it where both agents of a log appear in the other).

``--by-declaration`` (Zen Cheng You, RULES.md §11) also splits the deals by whether the shared
opponent declared, blind or open, in some game of the deal: in both logs, in one, in neither;
each group gets its paired difference and its share of the whole one (the group's sum over all
the deals), so the shares add up to the paired mean. Where the two agents' leads part, this
says whether it is in the deals the opponent declares.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from zhengfen.arena import Interval, mean_interval
from zhengfen.arena.report import deal_points
from zhengfen.arena.tournament import GameResult
from zhengfen.errors import ArgumentError, InvalidStateError


@dataclass(frozen=True)
class Match:
    """One log: its games, the agent measured and the opponent."""

    games: list[GameResult]
    agent: str
    opponent: str

    def leads(self) -> dict[int, float]:
        """Deal -> the agent's points per match minus the opponent's on that deal."""
        ours, theirs = deal_points(self.games, self.agent), deal_points(self.games, self.opponent)
        return {deal: ours[deal] - theirs[deal] for deal in ours if deal in theirs}

    def seeds(self) -> dict[int, int]:
        """Deal -> the seed of its games (every rotation of a deal plays the same cards)."""
        return {game.deal: game.seed for game in self.games}


def read(path: Path) -> list[GameResult]:
    """The results of an arena log (blank lines skipped)."""
    lines = [text for text in path.read_text().splitlines() if text.strip()]
    if not lines:
        raise InvalidStateError(f"{path} holds no games")
    return [GameResult.from_json(text) for text in lines]


def agents_of(games: Sequence[GameResult]) -> list[str]:
    """The agents seated in ``games``, in order of first appearance."""
    return list(dict.fromkeys(name for game in games for name in game.seating))


def matches(
    first: list[GameResult], second: list[GameResult], opponent: str | None
) -> tuple[Match, Match]:
    """The two logs as matches against their shared opponent (``opponent``, or the one agent
    both logs seat)."""
    ours, theirs = agents_of(first), agents_of(second)
    for names in (ours, theirs):
        if len(names) != 2:
            raise InvalidStateError(f"a log must seat exactly two agents, not {names}")
    shared = [name for name in ours if name in theirs] if opponent is None else [opponent]
    if len(shared) != 1 or shared[0] not in ours or shared[0] not in theirs:
        raise ArgumentError(f"the two logs must share one opponent: {ours} and {theirs}")
    common = shared[0]
    mine = next(name for name in ours if name != common)
    yours = next(name for name in theirs if name != common)
    return Match(first, mine, common), Match(second, yours, common)


def compare(a: Match, b: Match) -> Interval:
    """``(a.agent - C) - (b.agent - C)`` over the deals both played, paired deal by deal;
    ``InvalidStateError`` if a shared deal's seed differs or no deal is shared."""
    seeds_a, seeds_b = a.seeds(), b.seeds()
    leads_a, leads_b = a.leads(), b.leads()
    shared = [deal for deal in leads_a if deal in leads_b]
    for deal in shared:
        if seeds_a[deal] != seeds_b[deal]:
            raise InvalidStateError(f"deal {deal} differs between the logs: not the same seed")
    if not shared:
        raise InvalidStateError("the logs share no deal")
    return mean_interval([leads_a[deal] - leads_b[deal] for deal in shared])


def declared(path: Path, opponent: str) -> set[int]:
    """The deals in whose games (any rotation) of the log at ``path`` ``opponent`` declared,
    blind or open (the game record's ``declaration`` events other than a pass)."""
    deals = set()
    for text in path.read_text().splitlines():
        if not text.strip():
            continue
        data = json.loads(text)
        if "game" not in data:
            raise InvalidStateError(f"{path} holds no game records: it cannot say who declared")
        seats = data["agents"]
        events = data["game"]["history"]
        if any(
            event["type"] == "declaration"
            and event["move"] != "pass"
            and seats[event["seat"]] == opponent
            for event in events
        ):
            deals.add(data["deal"])
    return deals


def declaration_groups(a: Match, b: Match, paths: tuple[Path, Path]) -> dict[str, list[float]]:
    """The paired differences of the shared deals (``a``'s lead less ``b``'s), grouped by
    whether the shared opponent declared in the deal in both logs, in one, or in neither."""
    leads_a, leads_b = a.leads(), b.leads()
    in_a, in_b = declared(paths[0], a.opponent), declared(paths[1], b.opponent)
    groups: dict[str, list[float]] = {"both": [], "one": [], "neither": []}
    for deal in (deal for deal in leads_a if deal in leads_b):
        count = (deal in in_a) + (deal in in_b)
        groups[("neither", "one", "both")[count]].append(leads_a[deal] - leads_b[deal])
    return groups


def by_declaration(a: Match, b: Match, paths: tuple[Path, Path]) -> str:
    """A line a group of :func:`declaration_groups`: its paired difference and its share of
    the paired mean over all the shared deals."""
    groups = declaration_groups(a, b, paths)
    shared = sum(len(values) for values in groups.values())
    lines = []
    for name, values in groups.items():
        if not values:
            lines.append(f"{a.opponent} declared in {name} of the logs: no deal")
            continue
        paired = mean_interval(values)
        over = f" paired over {paired.n} deals" if paired.n > 1 else ""
        lines.append(
            f"{a.opponent} declared in {name} of the logs: {paired.text(signed=True)}{over}, "
            f"{sum(values) / shared:+.1f} of the paired mean"
        )
    return "\n".join(lines)


def report(a: Match, b: Match) -> str:
    """The two leads and their paired difference, a line each."""
    lines = []
    for match in (a, b):
        lead = mean_interval(list(match.leads().values()))
        lines.append(f"{match.agent} - {match.opponent}: {lead.text(signed=True)} ({lead.n} deals)")
    paired = compare(a, b)
    lines.append(
        f"({a.agent} - {a.opponent}) - ({b.agent} - {b.opponent}): "
        f"{paired.text(signed=True)} paired over {paired.n} deals"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, help="arena log of A against C")
    parser.add_argument("second", type=Path, help="arena log of B against C, the same deals")
    parser.add_argument(
        "--opponent", help="the shared opponent C (default: the one both logs seat)"
    )
    parser.add_argument(
        "--by-declaration",
        action="store_true",
        help="also split the deals by whether C declared (Zen Cheng You)",
    )
    args = parser.parse_args(argv)
    try:
        first, second = read(args.first), read(args.second)
        pair = matches(first, second, args.opponent)
        print(report(*pair))
        if args.by_declaration:
            print(by_declaration(*pair, (args.first, args.second)))
    except (OSError, ValueError) as error:
        print(f"paired_logs: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
