"""Playing a league: every pair of agents plays the same duplicate deals (the arena's format,
the two agents alternating round the table, as ``zhengfen arena --agents A,B``), each pair a
:class:`zhengfen.arena.Tournament` run by :func:`zhengfen.arena.run` (``workers``, Ray), its
chunks stored as they finish (:mod:`zhengfen.league.store`). Only the deals a pair has not
stored are played: a new agent plays its new pairs, more deals play only the new deals, and an
interrupted league resumes where it stopped, with the games it would have played."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import zhengfen
from zhengfen.agents import AgentName, agent_label, check_agent, read_agent
from zhengfen.agents.seats import fill
from zhengfen.arena.backends import run
from zhengfen.arena.tournament import GameResult, Tournament
from zhengfen.bots.spec import BotSpec
from zhengfen.errors import ArgumentError
from zhengfen.league.standings import Standings, standings
from zhengfen.league.store import Store, default_path

__all__ = ["League", "Pending", "default_name", "ratings", "run_league"]


def default_name(rules: zhengfen.Rules) -> str:
    """A league's name when none is given: the game and the table size.

    >>> default_name(zhengfen.Rules.zen_cheng_you())
    'zen_cheng_you-4p'
    """
    return f"{rules.game}-{rules.players}p"


@dataclass(frozen=True)
class Pending:
    """A pair's deals still to play: its tournament and the first deal not stored."""

    first: str
    second: str
    tournament: Tournament
    start: int

    def games(self) -> int:
        """Games it plays."""
        return (self.tournament.deals - self.start) * self.tournament.rotations()


class League:
    """A league's setting, its agents read and checked, and its open store."""

    def __init__(
        self,
        rules: zhengfen.Rules,
        agents: Sequence[str | AgentName],
        store: Store,
        deals: int = 20,
        seed: int = 0,
        matches: int | None = None,
        name: str | None = None,
    ) -> None:
        read = [read_agent(agent) for agent in agents]
        self.agents = {agent_label(agent): agent for agent in read}
        if len(self.agents) != len(read) or len(read) < 2:
            labels = [agent_label(agent) for agent in read]
            raise ArgumentError(f"a league needs at least 2 distinct agents, not {labels}")
        if deals < 2:
            raise ArgumentError(
                f"a league plays at least 2 deals a pair (an interval), not {deals}"
            )
        self.rules, self.deals, self.seed, self.matches = rules, deals, seed, matches
        self.name = name or default_name(rules)
        self.store = store
        seats = math.ceil(rules.players / 2)  # the most seats an agent holds in a pair
        for agent in read:
            check_agent(agent, rules, seats if isinstance(agent, BotSpec) else 1)
        store.register(self.name, rules, seed, matches)

    def pending(self) -> list[Pending]:
        """The pairs with deals to play (pairs in sorted order of their labels)."""
        out = []
        played = self.store.played_deals(self.name)
        for first, second in itertools.combinations(sorted(self.agents), 2):
            stored = played.get((first, second), set())
            start = next((d for d in range(self.deals) if d not in stored), self.deals)
            if start < self.deals:
                seated = fill([first, second], self.rules.players)
                tournament = Tournament(
                    rules=self.rules,
                    agents=tuple(self.agents[label] for label in seated),
                    deals=self.deals,
                    seed=self.seed,
                    matches=self.matches,
                )
                out.append(Pending(first, second, tournament, start))
        return out

    def play(
        self,
        workers: int = 1,
        ray: str | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> int:
        """Plays every pending deal, storing each chunk as it finishes; the games played."""
        played = 0
        for pending in self.pending():

            def sink(games: list[GameResult], pending: Pending = pending) -> None:
                self.store.add(self.name, pending.first, pending.second, games)

            run(pending.tournament, workers, ray, progress, sink=sink, start=pending.start)
            played += pending.games()
        return played

    def standings(self, played: int = 0) -> Standings:
        """The standings of this league's agents over its first ``deals`` deals."""
        games = {
            pair: [game for game in found if game.deal < self.deals]
            for pair, found in self.store.games(self.name).items()
        }
        setting = (self.name, repr(self.rules), self.seed, self.matches)
        return standings(setting, sorted(self.agents), games, played)


def run_league(
    rules: zhengfen.Rules,
    agents: Sequence[str | AgentName],
    deals: int = 20,
    seed: int = 0,
    matches: int | None = None,
    db: Path | str | None = None,
    name: str | None = None,
    workers: int = 1,
    ray: str | None = None,
) -> Standings:
    """Plays the league's missing games (stored in ``db``, by default
    :func:`~zhengfen.league.store.default_path`) and returns its standings.

    >>> import tempfile, zhengfen
    >>> db = tempfile.mkdtemp() + "/league.sqlite"
    >>> table = run_league(zhengfen.Rules.zen_cheng_you(), ["greedy", "random"], deals=4,
    ...                    matches=1, db=db)
    >>> [r.agent for r in table.ratings], table.played, table.games
    (['greedy', 'random'], 8, 8)
    >>> round(sum(r.rating for r in table.ratings), 9), run_league(
    ...     zhengfen.Rules.zen_cheng_you(), ["greedy", "random"], deals=4, matches=1, db=db).played
    (0.0, 0)
    """
    store = Store.open(default_path() if db is None else db)
    try:
        league = League(rules, agents, store, deals, seed, matches, name)
        return league.standings(league.play(workers, ray))
    finally:
        store.close()


def ratings(
    db: Path | str | None = None, name: str | None = None, rules: zhengfen.Rules | None = None
) -> Standings:
    """The standings of league ``name`` (by default :func:`default_name` of ``rules``) as
    stored in ``db``, over every agent and deal it holds, without playing (the web table's
    ratings beside agent names). ``ArgumentError`` when there is no such database or league."""
    if name is None:
        if rules is None:
            raise ArgumentError("ratings: give the league's name or its rules")
        name = default_name(rules)
    store = Store.open(default_path() if db is None else db, write=False)
    try:
        rules_text, seed, matches = store.setting(name)
        games = store.games(name)
        agents = sorted({agent for pair in games for agent in pair})
        return standings((name, rules_text, seed, matches), agents, games)
    finally:
        store.close()
