"""Agents: the protocol a user's agent implements, the built-in agents, and the loop that plays
a game with them.

An agent is any object with ``act(observation, legal_moves) -> move``: ``observation`` is the
dictionary :func:`observe` builds for the seat to move (``Game.observation`` plus an
``"info_set"`` entry, the seat's :class:`zhengfen.InfoSet`), ``legal_moves`` is
``Game.legal_moves()``, and the move returned must be one of them. The built-in agents
(:class:`RandomAgent`, :class:`GreedyAgent`, :class:`SearchAgent`) follow the same protocol; the
greedy and search agents think in Rust through the info set, which reveals nothing the seat may
not know. Their ``spec`` names them to the batch functions (``zhengfen.rollouts``,
``zhengfen.VecGame``).

>>> import zhengfen
>>> from zhengfen.agents import GreedyAgent, RandomAgent, play
>>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
>>> game = play(game, [GreedyAgent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)], matches=1)
>>> game.match_over, sum(game.match_points)
(True, 100)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Union, runtime_checkable

from zhengfen._core import Combo, Game, InfoSet, agent_spec

#: A move as ``Game.legal_moves()`` lists it: a combination, or ``"pass"``, ``"blind"``,
#: ``"declare"``.
Move = Union[Combo, str]

__all__ = [
    "Agent",
    "GreedyAgent",
    "Move",
    "RandomAgent",
    "SearchAgent",
    "make_agent",
    "observe",
    "play",
]


@runtime_checkable
class Agent(Protocol):
    """What every agent implements."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The move to make: one of ``legal_moves``."""
        ...


def observe(game: Game, seat: int) -> dict[str, Any]:
    """The observation handed to the agent in ``seat``: ``game.observation(seat)`` plus
    ``"info_set"``, the seat's :class:`zhengfen.InfoSet`."""
    observation = game.observation(seat)
    observation["info_set"] = game.info_set(seat)
    return observation


def _info_set(observation: Mapping[str, Any], agent: str) -> InfoSet:
    info = observation.get("info_set")
    if not isinstance(info, InfoSet):
        raise ValueError(
            f"{agent} needs the seat's InfoSet: pass observations built by "
            "zhengfen.agents.observe(game, seat)"
        )
    return info


class RandomAgent:
    """Uniformly random among the legal moves, from its own seeded stream."""

    spec = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """A legal move drawn uniformly."""
        if not legal_moves:
            raise ValueError("no legal moves: the seat is not to move")
        return self._rng.choice(list(legal_moves))

    def __repr__(self) -> str:
        return "RandomAgent()"


class _RustAgent:
    """A built-in agent that thinks in Rust from the seat's info set."""

    spec = ""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The move the Rust agent picks (from the info set's own legal list)."""
        info = _info_set(observation, type(self).__name__)
        choice = info.choose(self.spec, seed=self._rng.getrandbits(64))
        return info.legal_moves()[choice]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec!r})"


class GreedyAgent(_RustAgent):
    """The greedy heuristic: sheds low cards, saves specials, bombs and wild jokers, takes tricks
    with points, never overtakes its partner, keeps control near the end."""

    spec = "greedy"


class SearchAgent(_RustAgent):
    """Determinized Monte Carlo: tries its ``candidates`` best moves (by the greedy score) on
    ``determinizations`` games resampled from its view, each played out greedily."""

    def __init__(self, determinizations: int = 8, candidates: int = 8, seed: int = 0) -> None:
        super().__init__(seed)
        self.spec = agent_spec(
            f"search(determinizations={determinizations},candidates={candidates})"
        )


def make_agent(name: str | Agent, seed: int = 0) -> Agent:
    """An agent from a name: ``random``, ``greedy``, ``search`` or ``search(...)`` settings,
    or ``module:Class`` for a user's agent class (built with no arguments). Agents pass
    through unchanged.

    >>> make_agent("search(determinizations=2)").spec
    'search(determinizations=2,candidates=8)'
    """
    if not isinstance(name, str):
        return name
    base = name.split("(", 1)[0].strip()
    if base == "random":
        return RandomAgent(seed)
    if base == "greedy":
        return GreedyAgent(seed)
    if base == "search":
        agent = SearchAgent(seed=seed)
        agent.spec = agent_spec(name)
        return agent
    if ":" in name:
        return _load_user_agent(name)
    raise ValueError(
        f"unknown agent {name!r}: use random, greedy, search, search(determinizations=D,"
        "candidates=C) or module:Class"
    )


def _load_user_agent(path: str) -> Agent:
    module_name, _, class_name = path.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot load agent {path!r}: {error}") from error
    agent = cls()
    if not isinstance(agent, Agent):
        raise ValueError(f"agent {path!r} has no act(observation, legal_moves) method")
    return agent


def play(game: Game, agents: Sequence[Agent], matches: int | None = None) -> Game:
    """Plays ``game`` on with ``agents[seat]`` in each seat: ``matches`` more matches (the one in
    progress counts), or to the end of the game. Returns the game."""
    if len(agents) != game.rules.players:
        raise ValueError(f"{len(agents)} agents given for {game.rules.players} seats")
    played = 0
    while not game.game_over and (matches is None or played < matches):
        while (seat := game.current_player) is not None:
            move = agents[seat].act(observe(game, seat), game.legal_moves())
            game.play(move)
        played += 1
        if not game.game_over and (matches is None or played < matches):
            game.next_match()
    return game
