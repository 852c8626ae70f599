"""Agents: the protocol a user's agent implements, the built-in agents, and the loop that plays
a game with them.

An agent is any object with ``act(observation, legal_moves) -> move``: ``observation`` is the
dictionary :func:`observe` builds for the seat to move (``Game.observation`` plus an
``"info_set"`` entry, the seat's :class:`zhengfen.InfoSet`), ``legal_moves`` is
``Game.legal_moves()``, and the move returned must be one of them. The built-in agents
(:class:`RandomAgent`, :class:`GreedyAgent`, :class:`SearchAgent`, :class:`ISMCTSAgent`,
:class:`LearnedAgent`) follow the same protocol; the greedy, search and learned agents think in
Rust through the info set, which reveals nothing the seat may not know. Their ``spec`` names them
to the batch functions (``zhengfen.rollouts``, ``zhengfen.VecGame``). A built-in agent draws
from the SplitMix64 stream of its seed, as the same agent does in ``rollouts``: seeded by
:func:`zhengfen.seats.agent_seed`, a Python game plays the moves ``rollouts`` plays. Agent
names are read by the core's parser (:func:`zhengfen.agent_spec`).

:func:`play_seats` is the one Python loop that plays a game on with agents in some seats (Python
agents, or built-in agents thinking in Rust): it stops where a seat has no agent (a person, a
learner) and tells its caller when a move is made and when a match ends. :func:`play_game`, the
arena's Python games, ``zhengfen play``, the web tables and the Gymnasium env are built on it
(or on :func:`take_turn`, its one move).

A user's agent class is named ``module:Class`` (:func:`make_agent`); a class whose constructor
takes a ``seed`` keyword gets one, like the built-in agents. A move an agent returns that the game
refuses raises :class:`zhengfen.IllegalMoveError` naming the agent, its seat and the move.

>>> import zhengfen
>>> from zhengfen.agents import GreedyAgent, RandomAgent, play_game
>>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
>>> agents = [GreedyAgent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
>>> game = play_game(game, agents, matches=1)
>>> game.match_over, sum(game.match_points)
(True, 100)
"""

from __future__ import annotations

import importlib
import inspect
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from zhengfen._core import (
    Game,
    InfoSet,
    LearnedModel,
    Rules,
    SplitMix64,
    agent_parts,
    agent_spec,
)
from zhengfen.errors import ArgumentError, IllegalMoveError
from zhengfen.types import Move

__all__ = [
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "LearnedAgent",
    "RandomAgent",
    "SearchAgent",
    "agent_name",
    "check_agent",
    "is_user_class",
    "learned_model",
    "load_agent_class",
    "make_agent",
    "model_file",
    "observe",
    "play_game",
    "play_seats",
    "playing",
    "take_turn",
    "takes_seed",
]


@runtime_checkable
class Agent(Protocol):
    """What every agent implements."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The move to make: one of ``legal_moves``."""
        ...


def _info_set(observation: Mapping[str, Any], agent: str) -> InfoSet:
    info = observation.get("info_set")
    if not isinstance(info, InfoSet):
        raise ArgumentError(
            f"{agent} needs the seat's InfoSet: pass observations built by "
            "zhengfen.agents.observe(game, seat)"
        )
    return info


class RandomAgent:
    """Uniformly random among the legal moves, from the SplitMix64 stream of its seed: a
    single legal move is taken without a draw, else ``uniform(len(legal_moves))`` picks one,
    as the core's random agent does."""

    spec = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = SplitMix64(seed)

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """A legal move drawn uniformly."""
        if not legal_moves:
            raise IllegalMoveError("no legal moves: the seat is not to move")
        if len(legal_moves) == 1:
            return legal_moves[0]
        return legal_moves[self._rng.uniform(len(legal_moves))]

    def reseed(self, seed: int) -> None:
        """Draws from the stream of ``seed`` from now on, as if just made with it."""
        self.seed = seed
        self._rng = SplitMix64(seed)

    def __repr__(self) -> str:
        """``RandomAgent(seed=3)``: the agent as it was made.

        >>> RandomAgent(seed=3)
        RandomAgent(seed=3)
        """
        return f"RandomAgent(seed={self.seed})"


class _RustAgent:
    """A built-in agent that thinks in Rust from the seat's info set, drawing from the
    SplitMix64 stream of its seed. ``model`` is the learned model it searches with, if its spec
    names one (``ismcts(policy=learned(model=PATH))``), read once: the core takes the agent
    object (spec and model) and never reads the file again."""

    spec = ""
    model: LearnedModel | None = None

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = SplitMix64(seed)

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The move the Rust agent picks (from the info set's own legal list)."""
        info = _info_set(observation, type(self).__name__)
        choice = info.choose(self.spec if self.model is None else self, seed=self._rng)
        return info.legal_moves()[choice]

    def reseed(self, seed: int) -> None:
        """Draws from the stream of ``seed`` from now on, as if just made with it."""
        self.seed = seed
        self._rng = SplitMix64(seed)

    def __repr__(self) -> str:
        """The call that makes this agent: its spec's settings as keywords, and its seed.

        >>> SearchAgent(4, 5, seed=1)
        SearchAgent(determinizations=4, candidates=5, seed=1)
        >>> make_agent("ismcts(iterations=30)", seed=2)
        ISMCTSAgent(iterations=30, playout='greedy', exploration=0.7, candidates=8, seed=2)
        """
        settings = agent_parts(self.spec)[1]  # as the core reads the spec, in its order
        words = [f"{key}={_literal(value)}" for key, value in settings]
        return f"{type(self).__name__}({', '.join([*words, f'seed={self.seed}'])})"


def _literal(text: str) -> str:
    """A setting's value as a Python literal: a number as it is, other text quoted."""
    try:
        float(text)
    except ValueError:
        return repr(text)
    return text


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


class ISMCTSAgent(_RustAgent):
    """Information-set Monte Carlo tree search (single observer): ``iterations`` worlds
    resampled from its view, one tree over its information sets, UCB1 with availability counts
    (constant ``exploration``) over the ``candidates`` best moves at each node by the
    ``policy`` (``"greedy"``: the greedy score; ``"learned"`` or ``"learned(model=PATH)"``: a
    learned model's Q-values), each leaf estimated by the ``playout`` (``"greedy"``,
    ``"random"``; with a learned policy also ``"learned"``, its model playing, or ``"value"``,
    its values at each seat's next decision). Settings left ``None`` take the policy's
    defaults (AI.md §4.1).

    >>> ISMCTSAgent(iterations=50).spec
    'ismcts(iterations=50,playout=greedy,exploration=0.7,candidates=8)'
    """

    def __init__(
        self,
        iterations: int | None = None,
        playout: str | None = None,
        exploration: float | None = None,
        candidates: int | None = None,
        seed: int = 0,
        policy: str | None = None,
    ) -> None:
        super().__init__(seed)
        given = {
            "iterations": iterations,
            "playout": playout,
            "exploration": None if exploration is None else repr(exploration),
            "candidates": candidates,
            "policy": policy,
        }
        settings = ",".join(f"{key}={value}" for key, value in given.items() if value is not None)
        self.spec = agent_spec(f"ismcts({settings})")
        path = model_file(self.spec)
        self.model = None if path is None else LearnedModel.load(path)


class LearnedAgent:
    """The learned agent (AI.md §7): the legal move of largest Q-value under ``model`` (a
    :class:`zhengfen.LearnedModel`, or the path of a model file), the first in legal-move order
    on ties, the only legal move without the network. ``model=None`` plays the model shipped
    for the game's rules. It draws nothing, so ``seed`` (accepted like the other agents') changes
    nothing. It thinks in Rust through the info set: its choices are those of the spec
    ``learned(model=PATH)`` in ``rollouts``. A model for other rules raises
    :class:`zhengfen.ModelError` at its first move.

    >>> import zhengfen
    >>> LearnedAgent().spec
    'learned'
    """

    def __init__(
        self, model: LearnedModel | str | os.PathLike[str] | None = None, seed: int | None = None
    ) -> None:
        del seed  # it draws nothing
        self.model: LearnedModel | None
        if model is None or isinstance(model, LearnedModel):
            self.model = model
            self.spec = "learned" if model is None else agent_spec(model)
        else:
            self.model = LearnedModel.load(model)
            self.spec = f"learned(model={os.fspath(model)})"

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The legal move of largest Q-value (from the info set's own legal list)."""
        info = _info_set(observation, type(self).__name__)
        choice = info.choose(self.spec if self.model is None else self.model)
        return info.legal_moves()[choice]

    def __repr__(self) -> str:
        """``LearnedAgent()`` for the shipped model, ``LearnedAgent('PATH')`` for a file; a
        model from memory shows as its own repr."""
        path = model_file(self.spec)
        if self.model is None:
            return "LearnedAgent()"
        return f"LearnedAgent({path!r})" if path is not None else f"LearnedAgent({self.model!r})"


def make_agent(name: str | Agent, seed: int = 0) -> Agent:
    """An agent from a name: a built-in agent's spec (``random``, ``greedy``, ``search``,
    ``ismcts``, with ``search(...)`` or ``ismcts(...)`` settings (``ismcts(policy=learned)``
    searches with a learned model), ``learned`` or ``learned(model=PATH)``, read by the core's
    parser,
    :func:`zhengfen.agent_spec`), or
    ``module:Class`` for a user's agent class (:func:`is_user_class`). Agents pass through
    unchanged. A spec the core refuses raises the core's :class:`zhengfen.ArgumentError`.

    A user's class is imported with ``importlib`` from ``sys.path`` (the ``zhengfen`` command
    puts the current folder first, as ``python -m`` does). It must be a class with an ``act``
    method, checked before anything is called; it is built as ``Class(seed=seed)`` when its
    constructor takes a ``seed`` parameter, else as ``Class()``. Anything wrong raises
    :class:`zhengfen.ArgumentError` naming the agent.

    >>> make_agent("search(determinizations=2)").spec
    'search(determinizations=2,candidates=8)'
    >>> make_agent("greedy(x)")
    Traceback (most recent call last):
    ...
    zhengfen.errors.ArgumentError: agent spec 'greedy(x)': this agent has no settings
    >>> make_agent("os:getcwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zhengfen.errors.ArgumentError: agent 'os:getcwd' is not a class (it is a builtin_...)
    """
    if not isinstance(name, str):
        return name
    if is_user_class(name):
        return _build(name, load_agent_class(name), seed)
    spec = agent_spec(name)
    kind, _, path = agent_parts(spec)
    if kind == "learned":
        return LearnedAgent(path)
    agent = _BUILT_IN_CLASSES[kind](seed=seed)
    agent.spec = spec
    if isinstance(agent, _RustAgent) and path is not None:
        agent.model = LearnedModel.load(path)
    return agent


def playing(name: str, model: LearnedModel, seed: int = 0) -> Agent:
    """The agent ``name`` playing ``model`` (read once, perhaps in another process) instead of a
    file: for a canonical ``ismcts(...,policy=learned(model=PATH))`` spec the searcher with that
    policy model, for any other name (``learned(model=PATH)``, a learned agent the web offers)
    the :class:`LearnedAgent`. Such an agent pickles with its model, so threads, worker
    processes and Ray workers never read the file.

    >>> import zhengfen
    >>> model = zhengfen.LearnedModel.shipped(zhengfen.Rules.zheng_fen(players=4))
    >>> agent = playing("ismcts(iterations=20,playout=value,exploration=0.7,candidates=8,"
    ...                 "policy=learned(model=gone.safetensors))", model)
    >>> agent.model is model, type(playing("learned-mine", model)).__name__
    (True, 'LearnedAgent')
    """
    if not name.startswith("ismcts("):
        return LearnedAgent(model)
    agent = ISMCTSAgent(seed=seed)
    agent.spec = name
    agent.model = model
    return agent


def model_file(spec: str) -> str | None:
    """The model file a built-in agent's spec names, as the core reads it (no file is read): a
    learned agent's ``learned(model=PATH)``, or a searcher's learned policy
    ``ismcts(...,policy=learned(model=PATH))``; else ``None``, and for a user's class.

    >>> model_file("learned(model=runs/a.safetensors)"), model_file("learned")
    ('runs/a.safetensors', None)
    >>> model_file("ismcts(iterations=9,playout=value,exploration=0.7,candidates=8,"
    ...            "policy=learned(model=b.safetensors))")
    'b.safetensors'
    """
    return None if is_user_class(spec) else agent_parts(spec)[2]


def check_agent(agent: str | Agent, rules: Rules) -> None:
    """Refuses, before any game, an agent that cannot play ``rules``: an unknown spec or a
    user's class that cannot be loaded or built (:class:`zhengfen.ArgumentError`), a model file
    that cannot be read, ``learned`` where no model ships for the rules, or a model for other
    rules (:class:`zhengfen.ModelError`, naming the file and the reason), as every entry point
    binds an agent to its rules (:func:`zhengfen.agent_spec` with ``rules``).

    >>> import zhengfen
    >>> check_agent("greedy", zhengfen.Rules.zen_cheng_you())
    >>> check_agent("learned(model=no/such.safetensors)", zhengfen.Rules.zen_cheng_you())
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zhengfen.errors.ModelError: model no/such.safetensors: cannot be read (No such file ...)
    """
    if isinstance(agent, str) and is_user_class(agent):
        make_agent(agent)  # its class loaded and built once, as the games will
    elif isinstance(agent, LearnedAgent):
        agent_spec(agent.spec if agent.model is None else agent.model, rules)
    elif isinstance(agent, str):
        agent_spec(agent, rules)


def learned_model(agent: Agent, rules: Rules) -> LearnedModel | None:
    """The model a learned agent plays under ``rules`` (its own, or the one shipped for the
    rules), checked against them; ``None`` for any other agent."""
    if not isinstance(agent, LearnedAgent):
        return None
    if agent.model is None:
        return LearnedModel.shipped(rules)
    agent_spec(agent.model, rules)
    return agent.model


_BUILT_IN_CLASSES: dict[str, type[_RustAgent] | type[RandomAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "search": SearchAgent,
    "ismcts": ISMCTSAgent,
}
"""The Python class of each built-in agent the core names (the core's canonical spec starts
with the name)."""


def is_user_class(name: str) -> bool:
    """Whether an agent name names a user's class (``module:Class``) rather than a built-in
    agent's spec (whose grammar has no ``:``)."""
    return ":" in name


def load_agent_class(path: str) -> type:
    """The class ``module:Class`` names, checked to be a class with an ``act`` method; nothing
    of it is called."""
    module_name, _, class_name = (part.strip() for part in path.partition(":"))
    if not module_name or not class_name:
        raise ArgumentError(f"agent {path!r}: expected module:Class")
    try:
        found = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        raise ArgumentError(f"cannot load agent {path!r}: {error}") from error
    except Exception as error:  # the user's module failed while it was imported
        raise ArgumentError(
            f"cannot load agent {path!r}: importing {module_name} raised "
            f"{type(error).__name__}: {error}"
        ) from error
    if not inspect.isclass(found):
        raise ArgumentError(f"agent {path!r} is not a class (it is a {type(found).__name__})")
    if not callable(getattr(found, "act", None)):
        raise ArgumentError(f"agent {path!r} has no act(observation, legal_moves) method")
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
        raise ArgumentError(
            f"agent {path!r} could not be built: {type(error).__name__}: {error}"
        ) from error
    if not isinstance(agent, Agent):
        raise ArgumentError(f"agent {path!r} has no act(observation, legal_moves) method")
    return agent


def play_game(
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
        raise ArgumentError(f"{len(agents)} agents given for {game.rules.players} seats")
    if names is not None and len(names) != len(agents):
        raise ArgumentError(f"{len(names)} names given for {len(agents)} agents")
    play_seats(game, agents, names=names, matches=matches)
    return game


def observe(game: Game, seat: int) -> dict[str, Any]:
    """The observation handed to the agent in ``seat``: ``game.observation(seat)`` plus
    ``"info_set"``, the seat's :class:`zhengfen.InfoSet`."""
    observation: dict[str, Any] = dict(game.observation(seat))
    observation["info_set"] = game.info_set(seat)
    return observation


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


def play_seats(
    game: Game,
    agents: Sequence[Agent] | Mapping[int, Agent],
    *,
    names: Sequence[str] | Mapping[int, str] | None = None,
    matches: int | None = None,
    on_move: Callable[[int, Move], None] | None = None,
    on_match: Callable[[Game], bool] | None = None,
) -> int | None:
    """Plays ``game`` on, each seat that has an agent (``agents``: one per seat, or a mapping
    from seats to agents) moving in turn (:func:`take_turn`, naming it by ``names``), and
    ``on_move(seat, move)`` told of each move.

    Returns the seat to move as soon as it has no agent (a person's, a learner's). Otherwise
    plays on until ``matches`` matches have ended (the one in progress counts) or the game is
    over, and returns ``None``. At each match's end (a match already over when called ends
    now), ``on_match(game)`` is called; returning ``False`` stops there, before the next match
    is started.

    >>> import zhengfen
    >>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
    >>> play_seats(game, {1: GreedyAgent(), 2: GreedyAgent(), 3: GreedyAgent()}, matches=1)
    0
    """
    seats = agents if isinstance(agents, Mapping) else dict(enumerate(agents))
    named = names if isinstance(names, Mapping) or names is None else dict(enumerate(names))
    if matches == 0:
        return None
    played = 0
    while True:
        while (seat := game.current_player) is not None:
            agent = seats.get(seat)
            if agent is None:
                return seat
            move = take_turn(game, agent, seat, named.get(seat) if named else None)
            if on_move is not None:
                on_move(seat, move)
        played += 1
        go_on = on_match(game) if on_match is not None else True
        if not go_on or game.game_over or (matches is not None and played >= matches):
            return None
        game.next_match()
