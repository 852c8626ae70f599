"""Tournament evidence for the built-in agents: greedy against random and search against greedy,
in both games, on duplicate deals with the seats rotated (``zhengfen.rollouts``).

For each deal every distinct rotation of the table is played, so each agent sits in every seat
on the same cards and the luck of the deal cancels. The measure is the mean points per match of
the first agent's seats minus the other agent's seats (in Zen Cheng You: team against team); the
95 % confidence interval comes from the spread of the per-deal means (deals are independent).

Run: ``python benches/bench_agents.py --deals 500 --threads 2``
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

import zhengfen

#: (label, rule set, first agent, second agent)
DUELS: list[tuple[str, dict[str, Any], str, str]] = [
    ("Zheng Fen 4p", {"game": "zheng_fen", "players": 4}, "greedy", "random"),
    ("Zheng Fen 4p", {"game": "zheng_fen", "players": 4}, "search", "greedy"),
    ("Zheng Fen 3p", {"game": "zheng_fen", "players": 3}, "search", "greedy"),
    ("Zheng Fen 6p", {"game": "zheng_fen", "players": 6}, "search", "greedy"),
    ("Zen Cheng You", {"game": "zen_cheng_you"}, "greedy", "random"),
    ("Zen Cheng You", {"game": "zen_cheng_you"}, "search", "greedy"),
]


@dataclass
class Duel:
    """The result of one duel."""

    label: str
    first: str
    second: str
    deals: int
    games: int
    first_points: float
    second_points: float
    lead: float
    half_width: float
    seconds: float

    def row(self) -> str:
        """A markdown table row."""
        low, high = self.lead - self.half_width, self.lead + self.half_width
        verdict = "yes" if low > 0 else "no"
        return (
            f"| {self.label} | {self.first} vs {self.second} | {self.deals} | {self.games} "
            f"| {self.first_points:.1f} | {self.second_points:.1f} "
            f"| {self.lead:+.1f} [{low:+.1f}, {high:+.1f}] | {verdict} | {self.seconds:.0f} |"
        )


def seating(players: int, team_game: bool, first: str, second: str) -> list[str]:
    """The table at rotation 0: one seat (Zheng Fen) or one team (Zen Cheng You) for ``first``."""
    if team_game:
        return [first, second, first, second]
    return [first] + [second] * (players - 1)


def duel(label: str, options: dict[str, Any], first: str, second: str, args: Any) -> Duel:
    """Plays ``args.deals`` duplicate deals of one match each and measures ``first``'s lead."""
    rules = zhengfen.Rules(**options)
    team_game = rules.game == "zen_cheng_you"
    agents = seating(rules.players, team_game, first, second)
    start = time.perf_counter()
    result = zhengfen.rollouts(
        rules, agents, args.deals, args.seed, duplicate=True, matches=1, threads=args.threads
    )
    seconds = time.perf_counter() - start
    names = np.array(result["agents"])[result["seating"]]
    is_first = np.char.startswith(names.astype(str), first)
    points = result["points"].astype(float)
    first_mean = np.where(is_first, points, 0).sum(1) / is_first.sum(1)
    second_mean = np.where(~is_first, points, 0).sum(1) / (~is_first).sum(1)
    per_deal = (first_mean - second_mean).reshape(args.deals, -1).mean(1)
    lead = float(per_deal.mean())
    half = 1.96 * statistics.stdev(per_deal.tolist()) / math.sqrt(args.deals)
    return Duel(
        label,
        first,
        second,
        args.deals,
        len(points),
        float(first_mean.mean()),
        float(second_mean.mean()),
        lead,
        half,
        seconds,
    )


def main() -> None:
    """Runs every duel and prints the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    print(
        "| game | duel | deals | games | first pts/match | second pts/match "
        "| lead [95 % CI] | first better | s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for label, options, first, second in DUELS:
        print(duel(label, options, first, second, args).row(), flush=True)


if __name__ == "__main__":
    main()
