"""A league's standings: each agent's rating with its interval and each pair's paired
difference, made from stored games (:mod:`zhengfen.league.store`) by the rating model
(:mod:`zhengfen.league.model`), and written as a terminal table, Markdown or JSON."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from zhengfen.arena.intervals import mean_interval
from zhengfen.arena.report import deal_points, fault_text
from zhengfen.arena.tournament import GameResult
from zhengfen.league.model import Pairing, fit

__all__ = ["MODEL", "PairRow", "Rating", "Standings", "standings"]

MODEL = (
    "rating = points a match over the field's average member: additive ratings fitted by "
    "weighted least squares to each pair's mean paired difference per deal (weights 1/variance), "
    "centred on 0; 95 % intervals from the fit's covariance (AI.md §3.3)"
)
"""The model, as the tables state it."""


@dataclass(frozen=True)
class Rating:
    """One agent's rating: points a match against the field, with its 95 % interval."""

    agent: str
    rating: float
    low: float
    high: float
    games: int
    """Games the agent played in the league (each pair's games count for both)."""
    faults: dict[str, int] = field(default_factory=dict)
    """A bot's faults in those games, by name (BOTS.md §6); empty for none."""


@dataclass(frozen=True)
class PairRow:
    """One pair's paired difference (``first`` minus ``second``, points a match)."""

    first: str
    second: str
    deals: int
    games: int
    difference: float
    low: float | None
    high: float | None


@dataclass(frozen=True)
class Standings:
    """A league's table: its setting, the ratings (best first) and the pairs."""

    name: str
    rules: str
    seed: int
    matches: int | None
    deals: int
    ratings: tuple[Rating, ...]
    pairs: tuple[PairRow, ...]
    played: int = 0
    """Games played by the run that made these standings (0: read from the database)."""

    @property
    def games(self) -> int:
        """Games in the league."""
        return sum(pair.games for pair in self.pairs)

    def rating_of(self, agent: str) -> Rating | None:
        """The rating of the agent with canonical label ``agent`` (``None``: not rated)."""
        return next((r for r in self.ratings if r.agent == agent), None)

    def to_dict(self) -> dict[str, Any]:
        """The standings as JSON-ready values (``--format json``)."""
        return {
            "league": self.name,
            "rules": self.rules,
            "seed": self.seed,
            "matches": self.matches,
            "deals": self.deals,
            "games": self.games,
            "played": self.played,
            "model": MODEL,
            "agents": [asdict(rating) for rating in self.ratings],
            "pairs": [asdict(pair) for pair in self.pairs],
        }

    def json(self) -> str:
        """``--format json``."""
        return json.dumps(self.to_dict(), indent=2)

    @property
    def has_faults(self) -> bool:
        """Whether the tables show a faults column: a bot program is rated, or an agent made
        faults."""
        return any(r.faults or r.agent.startswith("process(") for r in self.ratings)

    def markdown(self) -> str:
        """``--format markdown``: the ratings table (a faults column where
        :attr:`has_faults`), then the pairs'."""
        faults = self.has_faults
        lines = [
            self.heading(),
            "",
            "| agent | rating [95 % CI] | games |" + (" faults |" if faults else ""),
            "|---|---|---|" + ("---|" if faults else ""),
        ]
        lines += [
            f"| {r.agent} | {_interval(r.rating, r.low, r.high)} | {r.games} |"
            + (f" {fault_text(Counter(r.faults))} |" if faults else "")
            for r in self.ratings
        ]
        lines += ["", "| pair | difference [95 % CI] | deals |", "|---|---|---|"]
        lines += [
            f"| {p.first} - {p.second} | {_interval(p.difference, p.low, p.high)} | {p.deals} |"
            for p in self.pairs
        ]
        return "\n".join([*lines, "", f"Model: {MODEL}."])

    def heading(self) -> str:
        """The league's setting on one line."""
        length = "whole games" if self.matches is None else f"{self.matches} match(es) a game"
        return (
            f"League {self.name!r}: {self.rules}, {self.deals} deals a pair, duplicate, "
            f"{length}, seed {self.seed}; {self.games} games ({self.played} played now)"
        )


def _interval(mean: float, low: float | None, high: float | None) -> str:
    if low is None or high is None:
        return f"{mean:+.1f}"
    return f"{mean:+.1f} [{low:+.1f}, {high:+.1f}]"


def _faults(agents: Sequence[str], games: Sequence[GameResult]) -> dict[str, dict[str, int]]:
    """Each agent's faults over ``games``, by name, most first."""
    counted: dict[str, Counter[str]] = {agent: Counter() for agent in agents}
    for game in games:
        for label, made in zip(game.seating, game.faults or (), strict=False):
            if label in counted:
                counted[label].update(made)
    return {agent: dict(found.most_common()) for agent, found in counted.items()}


def pairing(first: str, second: str, games: Sequence[GameResult]) -> Pairing:
    """The pair's per-deal paired differences (:func:`zhengfen.arena.report.deal_points`)."""
    ours, theirs = deal_points(games, first), deal_points(games, second)
    deals = tuple(deal for deal in ours if deal in theirs)
    return Pairing(first, second, deals, tuple(ours[d] - theirs[d] for d in deals))


def standings(
    setting: tuple[str, str, int, int | None],
    agents: Sequence[str],
    games: Mapping[tuple[str, str], Sequence[GameResult]],
    played: int = 0,
) -> Standings:
    """The standings of ``agents`` from each pair's games (keys: the pair's labels in sorted
    order); ``setting`` is the league's name, rules, seed and match count."""
    pairs = [(key, list(found)) for key, found in games.items() if set(key) <= set(agents)]
    pairings = [pairing(first, second, found) for (first, second), found in pairs]
    result = fit(list(agents), pairings)
    counted = {agent: 0 for agent in agents}
    for (first, second), found in pairs:
        counted[first] += len(found)
        counted[second] += len(found)
    faults = _faults(agents, [game for _, found in pairs for game in found])
    ratings = sorted(
        (
            Rating(a, result.ratings[i], *result.interval(i), counted[a], faults[a])
            for i, a in enumerate(agents)
        ),
        key=lambda r: -r.rating,
    )
    rows = []
    for ((first, second), found), paired in zip(pairs, pairings, strict=True):
        interval = mean_interval(paired.differences)
        rows.append(
            PairRow(
                first,
                second,
                len(paired.deals),
                len(found),
                interval.mean,
                interval.low,
                interval.high,
            )
        )
    deals = max((row.deals for row in rows), default=0)
    return Standings(*setting, deals, tuple(ratings), tuple(rows), played)
