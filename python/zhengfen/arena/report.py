"""The tournament's report: statistics per agent and seat, the tables printed at the end, and
the JSON-lines log.

Points per match are measured per deal, since that is what duplicate play measures: a deal's
value for an agent is its mean points per match over every seat it held on that deal, across the
rotations (in the single format, a deal is one game). The table gives the mean of those values
over the deals with its 95 % interval (:mod:`zhengfen.arena.intervals`); for two agents, the
paired difference of their values, deal by deal. Where a bot program plays (or an agent made
faults), a ``faults`` column counts each agent's faults by name (BOTS.md §6)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO

from zhengfen.arena.intervals import Interval, mean_interval
from zhengfen.arena.tournament import GameResult, Tournament

__all__ = [
    "AgentStats",
    "Report",
    "deal_points",
    "difference",
    "fault_text",
    "wilson",
    "write_log",
]


@dataclass
class AgentStats:
    """Everything counted for one agent."""

    name: str
    games: int = 0
    matches: int = 0
    points: int = 0
    wins: int = 0
    decided: int = 0
    by_seat: dict[int, list[int]] = field(default_factory=dict)  # seat -> [points, matches]
    per_match: Interval | None = None  # points per match over the deals (None: no match)
    faults: Counter[str] = field(default_factory=Counter)  # a bot's faults by name (BOTS.md §6)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def deal_points(games: Sequence[GameResult], name: str) -> dict[int, float]:
    """Deal -> the mean points per match of agent ``name`` on that deal: its points summed over
    every seat it held in the deal's games (every rotation), divided by the matches those seats
    played. Deals where it held no seat are left out; the deals come in increasing order."""
    totals: dict[int, list[int]] = {}
    for game in games:
        for seat, held in enumerate(game.seating):
            if held == name:
                total = totals.setdefault(game.deal, [0, 0])
                total[0] += game.points[seat]
                total[1] += game.matches
    return {deal: points / matches for deal, (points, matches) in sorted(totals.items()) if matches}


def difference(games: Sequence[GameResult], first: str, second: str) -> Interval | None:
    """``first``'s points per match minus ``second``'s, paired over the deals both played: the
    mean of the per-deal differences with its 95 % interval (``None`` when no deal has both)."""
    ours, theirs = deal_points(games, first), deal_points(games, second)
    shared = [ours[deal] - theirs[deal] for deal in ours if deal in theirs]
    return mean_interval(shared) if shared else None


@dataclass
class Report:
    """The tournament's results per agent."""

    tournament: Tournament
    games: list[GameResult]
    seconds: float

    def stats(self) -> list[AgentStats]:
        """Per distinct agent name, in the order they first appear."""
        table = {name: AgentStats(name) for name in dict.fromkeys(self.tournament.labels())}
        for game in self.games:
            for seat, name in enumerate(game.seating):
                stats = table[name]
                stats.games += 1
                stats.matches += game.matches
                stats.points += game.points[seat]
                decided = any(game.won)
                stats.decided += decided
                stats.wins += decided and game.won[seat]
                seat_stats = stats.by_seat.setdefault(seat, [0, 0])
                seat_stats[0] += game.points[seat]
                seat_stats[1] += game.matches
                if game.faults is not None:
                    stats.faults.update(game.faults[seat])
        for stats in table.values():
            values = list(deal_points(self.games, stats.name).values())
            stats.per_match = mean_interval(values) if values else None
        return list(table.values())

    def difference(self) -> tuple[str, str, Interval] | None:
        """For a tournament of two distinct agents, ``(first, second, first - second)``: the
        paired difference of their points per match over the deals; else ``None``."""
        names = list(dict.fromkeys(self.tournament.labels()))
        if len(names) != 2:
            return None
        paired = difference(self.games, names[0], names[1])
        return None if paired is None else (names[0], names[1], paired)

    def text(self) -> str:
        """The tables printed at the end of a tournament."""
        t = self.tournament
        rules = t.rules
        n_games = len(self.games)
        rate = n_games / self.seconds if self.seconds > 0 else float("inf")
        format_ = "duplicate" if t.duplicate else "single"
        length = "whole games" if t.matches is None else f"{t.matches} match(es) a game"
        lines = [
            f"{rules!r}",
            f"{t.deals} deals, {format_}, {n_games} games ({length}), seed {t.seed}, "
            f"{self.seconds:.1f} s ({rate:.1f} games/s)",
            "",
        ]
        stats = self.stats()
        faults = bool(self.tournament.bots()) or any(s.faults for s in stats)
        lines += [
            "| agent | seat-games | pts/match [95 % CI] | win rate [95 % CI] |"
            + (" faults |" if faults else ""),
            "|---|---|---|---|" + ("---|" if faults else ""),
        ]
        for s in stats:
            per_match = s.per_match.text() if s.per_match is not None else "n/a (no match)"
            if s.decided:
                low, high = wilson(s.wins, s.decided)
                win = f"{s.wins / s.decided:.1%} [{low:.1%}, {high:.1%}]"
            else:
                win = "n/a (no game finished)"
            row = f"| {s.name} | {s.games} | {per_match} | {win} |"
            lines.append(row + (f" {fault_text(s.faults)} |" if faults else ""))
        lines.append("")
        paired = self.difference()
        if paired is not None:
            first, second, value = paired
            deals = "1 deal" if value.n == 1 else f"{value.n} deals"
            lines.append(
                f"{first} - {second}: {value.text(signed=True)} points per match over {deals}"
            )
        lines += [self.intervals_note(), "", "Points per match by seat:", ""]
        seats = range(rules.players)
        lines.append("| agent | " + " | ".join(f"seat {s}" for s in seats) + " |")
        lines.append("|---|" + "---|" * rules.players)
        for s in stats:
            cells = []
            for seat in seats:
                points, matches = s.by_seat.get(seat, [0, 0])
                cells.append(f"{points / matches:.1f}" if matches else "-")
            lines.append(f"| {s.name} | " + " | ".join(cells) + " |")
        return "\n".join(lines)

    def intervals_note(self) -> str:
        """How the points' intervals are made (one line)."""
        unit = "rotations and seats pooled" if self.tournament.duplicate else "seats pooled"
        return f"95 % intervals: mean +/- t*s/sqrt(deals) of each deal's points per match ({unit})."


def fault_text(faults: Counter[str]) -> str:
    """A bot's faults in a cell: ``late 3, illegal 1`` (most first), or ``0``.

    >>> fault_text(Counter({"illegal": 1, "late": 3})), fault_text(Counter())
    ('late 3, illegal 1', '0')
    """
    return ", ".join(f"{name} {count}" for name, count in faults.most_common()) or "0"


def write_log(games: Sequence[GameResult], out: IO[str]) -> None:
    """Every game as one JSON line (``zhengfen replay`` reads them), in one write: Ctrl-C comes
    before or after it, so a log holds whole batches."""
    out.write("".join(game.to_json() + "\n" for game in games))
