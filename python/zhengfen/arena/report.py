"""The tournament's report: statistics per agent and seat, the tables printed at the end, and
the JSON-lines log."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO

from zhengfen.arena.tournament import GameResult, Tournament

__all__ = ["AgentStats", "Report", "wilson", "write_log"]


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


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Report:
    """The tournament's results per agent."""

    tournament: Tournament
    games: list[GameResult]
    seconds: float

    def stats(self) -> list[AgentStats]:
        """Per distinct agent name, in the order they first appear."""
        table = {name: AgentStats(name) for name in dict.fromkeys(self.tournament.agents)}
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
        return list(table.values())

    def text(self) -> str:
        """The tables printed at the end of a tournament."""
        t = self.tournament
        rules = t.rule_set()
        n_games = len(self.games)
        rate = n_games / self.seconds if self.seconds > 0 else float("inf")
        format_ = "duplicate" if t.duplicate else "single"
        length = "whole games" if t.matches is None else f"{t.matches} match(es) a game"
        lines = [
            f"{rules!r}",
            f"{t.deals} deals, {format_}, {n_games} games ({length}), seed {t.seed}, "
            f"{self.seconds:.1f} s ({rate:.1f} games/s)",
            "",
            "| agent | seat-games | pts/match | win rate [95 % CI] |",
            "|---|---|---|---|",
        ]
        stats = self.stats()
        for s in stats:
            per_match = s.points / max(s.matches, 1)
            if s.decided:
                low, high = wilson(s.wins, s.decided)
                win = f"{s.wins / s.decided:.1%} [{low:.1%}, {high:.1%}]"
            else:
                win = "n/a (no game finished)"
            lines.append(f"| {s.name} | {s.games} | {per_match:.1f} | {win} |")
        lines += ["", "Points per match by seat:", ""]
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


def write_log(games: Sequence[GameResult], out: IO[str]) -> None:
    """Every game as one JSON line (``zhengfen replay`` reads them), in one write: Ctrl-C comes
    before or after it, so a log holds whole batches."""
    out.write("".join(game.to_json() + "\n" for game in games))
