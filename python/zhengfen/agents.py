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

A user's agent class is named ``module:Class`` (:func:`make_agent`); a class whose constructor
takes a ``seed`` keyword gets one, like the built-in agents. A move an agent returns that the game
refuses raises :class:`zhengfen.IllegalMoveError` naming the agent, its seat and the move.

>>> import zhengfen
>>> from zhengfen.agents import GreedyAgent, RandomAgent, play
>>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
>>> game = play(game, [GreedyAgent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)], matches=1)
>>> game.match_over, sum(game.match_points)
(True, 100)
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Union, runtime_checkable

from zhengfen._core import Combo, Game, InfoSet, agent_spec
from zhengfen.errors import IllegalMoveError

#: A move as ``Game.legal_moves()`` lists it: a combination, or ``"pass"``, ``"blind"``,
#: ``"declare"``.
Move = Union[Combo, str]

__all__ = [
    "Agent",
    "GreedyAgent",
    "Move",
    "RandomAgent",
    "SearchAgent",
    "agent_name",
    "load_agent_class",
    "make_agent",
    "observe",
    "play",
    "take_turn",
    "takes_seed",
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
    observation: dict[str, Any] = dict(game.observation(seat))
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
    or ``module:Class`` for a user's agent class. Agents pass through unchanged.

    A user's class is imported with ``importlib`` from ``sys.path`` (the ``zhengfen`` command
    puts the current folder first, as ``python -m`` does). It must be a class with an ``act``
    method, checked before anything is called; it is built as ``Class(seed=seed)`` when its
    constructor takes a ``seed`` parameter, else as ``Class()``. Anything wrong raises
    ``ValueError`` naming the agent.

    >>> make_agent("search(determinizations=2)").spec
    'search(determinizations=2,candidates=8)'
    >>> make_agent("os:getcwd")
    Traceback (most recent call last):
    ...
    ValueError: agent 'os:getcwd' is not a class (it is a builtin_function_or_method)
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
        return _build(name, load_agent_class(name), seed)
    raise ValueError(
        f"unknown agent {name!r}: use random, greedy, search, search(determinizations=D,"
        "candidates=C) or module:Class"
    )


def load_agent_class(path: str) -> type:
    """The class ``module:Class`` names, checked to be a class with an ``act`` method; nothing
    of it is called."""
    module_name, _, class_name = (part.strip() for part in path.partition(":"))
    if not module_name or not class_name:
        raise ValueError(f"agent {path!r}: expected module:Class")
    try:
        found = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot load agent {path!r}: {error}") from error
    except Exception as error:  # the user's module failed while it was imported
        raise ValueError(
            f"cannot load agent {path!r}: importing {module_name} raised "
            f"{type(error).__name__}: {error}"
        ) from error
    if not inspect.isclass(found):
        raise ValueError(f"agent {path!r} is not a class (it is a {type(found).__name__})")
    if not callable(getattr(found, "act", None)):
        raise ValueError(f"agent {path!r} has no act(observation, legal_moves) method")
    return found


def takes_seed(cls: type) -> bool:
    """Whether ``cls(seed=...)`` is accepted: its constructor has a ``seed`` parameter that can
    be passed by keyword."""
    try:
        parameter = inspect.signature(cls).parameters.get("seed")
    except (TypeError, ValueError):  # no signature to read (some extension classes)
        return False
    return parameter is not None and parameter.kind in (
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.KEYWORD_ONLY,
    )


def _build(path: str, cls: type, seed: int) -> Agent:
    try:
        agent = cls(seed=seed) if takes_seed(cls) else cls()
    except Exception as error:  # the user's constructor failed
        raise ValueError(
            f"agent {path!r} could not be built: {type(error).__name__}: {error}"
        ) from error
    if not isinstance(agent, Agent):
        raise ValueError(f"agent {path!r} has no act(observation, legal_moves) method")
    return agent


def agent_name(agent: Agent) -> str:
    """How messages name an agent: its ``spec`` where it has one, else its class."""
    spec = getattr(agent, "spec", None)
    return spec if isinstance(spec, str) and spec else type(agent).__qualname__


def take_turn(game: Game, agent: Agent, seat: int, name: str | None = None) -> Move:
    """Asks ``agent`` (in ``seat``, the seat to move) for a move and plays it. A move the game
    refuses raises :class:`zhengfen.IllegalMoveError` naming the agent (``name``, or
    :func:`agent_name`), the seat and the move; the game is unchanged."""
    move = agent.act(observe(game, seat), game.legal_moves())
    try:
        game.play(move)
    except (ValueError, TypeError) as error:
        who = name or agent_name(agent)
        raise IllegalMoveError(
            f"agent {who} in seat {seat} played {move!r}, which the game refuses: {error}"
        ) from error
    return move


def play(
    game: Game,
    agents: Sequence[Agent],
    matches: int | None = None,
    names: Sequence[str] | None = None,
) -> Game:
    """Plays ``game`` on with ``agents[seat]`` in each seat: ``matches`` more matches (the one in
    progress counts), or to the end of the game. Returns the game. ``names`` (one per seat,
    e.g. the specs the agents were made from) name the agents in errors: an illegal move raises
    :class:`zhengfen.IllegalMoveError` naming the agent, the seat and the move."""
    if len(agents) != game.rules.players:
        raise ValueError(f"{len(agents)} agents given for {game.rules.players} seats")
    if names is not None and len(names) != len(agents):
        raise ValueError(f"{len(names)} names given for {len(agents)} agents")
    played = 0
    while not game.game_over and (matches is None or played < matches):
        while (seat := game.current_player) is not None:
            take_turn(game, agents[seat], seat, names[seat] if names else None)
        played += 1
        if not game.game_over and (matches is None or played < matches):
            game.next_match()
    return game
