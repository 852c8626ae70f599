"""The built-in agents as Python objects: :class:`RandomAgent`, :class:`GreedyAgent`,
:class:`SearchAgent`, :class:`ISMCTSAgent`, :class:`SpartaAgent` and :class:`LearnedAgent`.

Each follows the :class:`~zhengfen.agents.protocol.Agent` protocol. The greedy, search and
learned agents think in Rust through the seat's info set, which reveals nothing the seat may
not know: each holds its :class:`zhengfen.AgentSpec` (``agent_spec``, read once, its model
with it) and hands that object to the core at every move; ``spec`` is its text. A built-in
agent's settings are typed values: :class:`SearchAgent`, :class:`ISMCTSAgent` and
:class:`SpartaAgent` make their ``AgentSpec`` with the core's constructors
(:meth:`zhengfen.AgentSpec.search`, :meth:`zhengfen.AgentSpec.ismcts`,
:meth:`zhengfen.AgentSpec.sparta`), never by writing spec text for the core to read again.
A built-in agent draws from the SplitMix64 stream of its seed, as the same agent does in
``rollouts``: seeded by :func:`zhengfen.agents.seats.agent_seed`, a Python game plays the moves
``rollouts`` plays.

>>> import zhengfen
>>> from zhengfen.agents import play_game
>>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
>>> agents = [GreedyAgent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
>>> game = play_game(game, agents, matches=1)
>>> game.match_over, sum(game.match_points)
(True, 100)
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from zhengfen._core import AgentSpec, InfoSet, LearnedModel, SplitMix64
from zhengfen.errors import ArgumentError, IllegalMoveError
from zhengfen.types import Move

__all__ = [
    "GreedyAgent",
    "ISMCTSAgent",
    "LearnedAgent",
    "RandomAgent",
    "SearchAgent",
    "SpartaAgent",
]

_Rust = TypeVar("_Rust", bound="_RustAgent")


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
    SplitMix64 stream of its seed. Its :class:`zhengfen.AgentSpec` (``agent_spec``) holds its
    settings and, for a searcher guided by a learned model
    (``ismcts(policy=learned(model=PATH))``), that model, read once: the core takes the object
    at every move and never reads a spec or a file again."""

    agent_spec: AgentSpec

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = SplitMix64(seed)

    @classmethod
    def from_spec(cls: type[_Rust], agent_spec: AgentSpec, seed: int = 0) -> _Rust:
        """The agent of an :class:`zhengfen.AgentSpec` already read (nothing is read again)."""
        agent = cls.__new__(cls)
        _RustAgent.__init__(agent, seed)
        agent.agent_spec = agent_spec
        return agent

    @property
    def spec(self) -> str:
        """The agent's canonical spec."""
        return self.agent_spec.spec

    @property
    def model(self) -> LearnedModel | None:
        """The learned model it searches with, if any."""
        return self.agent_spec.model

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The move the Rust agent picks (from the info set's own legal list)."""
        info = _info_set(observation, type(self).__name__)
        return info.legal_moves()[info.choose(self.agent_spec, seed=self._rng)]

    def reseed(self, seed: int) -> None:
        """Draws from the stream of ``seed`` from now on, as if just made with it."""
        self.seed = seed
        self._rng = SplitMix64(seed)

    def __repr__(self) -> str:
        """The call that makes this agent: its spec's settings as keywords, and its seed.

        >>> SearchAgent(4, 5, seed=1)
        SearchAgent(determinizations=4, candidates=5, seed=1)
        >>> from zhengfen.agents import make_agent
        >>> make_agent("ismcts(iterations=30)", seed=2)
        ISMCTSAgent(iterations=30, playout='greedy', exploration=0.7, candidates=8, seed=2)
        """
        words = [f"{key}={_literal(value)}" for key, value in self.agent_spec.settings]
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

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.agent_spec = _GREEDY


_GREEDY = AgentSpec.greedy()


class SearchAgent(_RustAgent):
    """Determinized Monte Carlo: tries its ``candidates`` best moves (by the greedy score) on
    ``determinizations`` games resampled from its view, each played out greedily. Its
    :class:`zhengfen.AgentSpec` is made from the numbers (:meth:`zhengfen.AgentSpec.search`):
    no spec text is written or read, and a number out of range raises
    :class:`zhengfen.ArgumentError` as the spec would.

    >>> SearchAgent(determinizations=2).spec
    'search(determinizations=2,candidates=8)'
    """

    def __init__(self, determinizations: int = 8, candidates: int = 8, seed: int = 0) -> None:
        super().__init__(seed)
        self.agent_spec = AgentSpec.search(determinizations, candidates)


class ISMCTSAgent(_RustAgent):
    """Information-set Monte Carlo tree search (single observer): ``iterations`` worlds
    resampled from its view, one tree over its information sets, UCB1 with availability counts
    (constant ``exploration``) over the ``candidates`` best moves at each node by the
    ``policy`` (``"greedy"``: the greedy score; ``"learned"`` or ``"learned(model=PATH)"``: a
    learned model's Q-values, the model read once, here), each leaf estimated by the
    ``playout`` (``"greedy"``, ``"random"``; with a learned policy also ``"learned"``, its model
    playing, or ``"value"``, its values at each seat's next decision). The policy may also be
    given as a learned agent's :class:`zhengfen.AgentSpec` or a :class:`zhengfen.LearnedModel`.
    With ``declare`` N > 0, a declaration decision of Zen Cheng You runs N iterations instead of
    ``iterations`` (the time moved from the declarations to the play). Settings left ``None``
    take the policy's defaults (AI.md §4.1). Its
    :class:`zhengfen.AgentSpec` is made from these values (:meth:`zhengfen.AgentSpec.ismcts`),
    no spec text written or read.

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
        policy: str | AgentSpec | LearnedModel | None = None,
        declare: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.agent_spec = AgentSpec.ismcts(
            iterations, playout, exploration, candidates, policy, declare
        )


class SpartaAgent(_RustAgent):
    """Single-agent search over a blueprint (SPARTA; AI.md §4.2): the ``policy`` (``"learned"``,
    the model shipped for the rules, the default; ``"learned(model=PATH)"``, a learned agent's
    :class:`zhengfen.AgentSpec` or a :class:`zhengfen.LearnedModel`; or ``"greedy"``) ranks the
    moves and keeps its ``candidates`` best; each is played, and the match played out by the
    blueprint in every seat, in worlds resampled from its view until ``budget`` units of work
    are spent (one a rollout and one a blueprint decision with more than one move); it plays the
    candidate whose mean gain over the blueprint's own move, less ``z`` standard errors, exceeds
    ``threshold`` points a match, else the blueprint's move. With ``tree`` N > 0 the move kept
    by default is instead that of ``ismcts(policy=<the policy>,iterations=N)``, run first, and
    the blueprint's candidates are measured against it. With ``belief`` K > 0 (a learned policy
    only) each world weighs ``exp(-R / K)``, R the points the others' plays seen in it gave up
    by the model's values, and the gains are weighted means (each of those plays scored is a
    forward pass, a unit of the budget). Settings left ``None`` keep their defaults. Its
    :class:`zhengfen.AgentSpec` is made from these values (:meth:`zhengfen.AgentSpec.sparta`),
    no spec text written or read.

    >>> SpartaAgent(budget=500, policy="greedy").spec
    'sparta(candidates=4,budget=500,threshold=0,z=2,tree=0,belief=0,policy=greedy)'
    """

    def __init__(
        self,
        candidates: int | None = None,
        budget: int | None = None,
        threshold: float | None = None,
        z: float | None = None,
        seed: int = 0,
        policy: str | AgentSpec | LearnedModel | None = None,
        tree: int | None = None,
        belief: float | None = None,
    ) -> None:
        super().__init__(seed)
        self.agent_spec = AgentSpec.sparta(candidates, budget, threshold, z, policy, tree, belief)


class LearnedAgent:
    """The learned agent (AI.md §7): the legal move of largest Q-value under ``model`` (a
    :class:`zhengfen.LearnedModel`, the path of a model file, or an :class:`zhengfen.AgentSpec`
    of a learned agent), the first in legal-move order on ties, the only legal move without the
    network. ``model=None`` plays the model shipped for the game's rules. It draws nothing, so
    ``seed`` (accepted like the other agents') changes nothing. It thinks in Rust through the
    info set: its choices are those of its spec (``learned(model=PATH)``) in ``rollouts``. A
    model for other rules raises :class:`zhengfen.ModelError` at its first move.

    >>> import zhengfen
    >>> LearnedAgent().spec
    'learned'
    """

    def __init__(
        self,
        model: LearnedModel | AgentSpec | str | os.PathLike[str] | None = None,
        seed: int | None = None,
    ) -> None:
        del seed  # it draws nothing
        if isinstance(model, AgentSpec):
            if model.name != "learned":
                raise ArgumentError(f"LearnedAgent plays a learned agent, not {model.spec}")
            self.agent_spec = model
        else:
            self.agent_spec = AgentSpec.learned(model)

    @property
    def spec(self) -> str:
        """The agent's canonical spec."""
        return self.agent_spec.spec

    @property
    def model(self) -> LearnedModel | None:
        """The model it plays (``None``: the one shipped for the rules it meets)."""
        return self.agent_spec.model

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The legal move of largest Q-value (from the info set's own legal list)."""
        info = _info_set(observation, type(self).__name__)
        return info.legal_moves()[info.choose(self.agent_spec)]

    def __repr__(self) -> str:
        """``LearnedAgent()`` for the shipped model, ``LearnedAgent('PATH')`` for a file; a
        model from memory shows as its own repr."""
        path = self.agent_spec.model_file
        if self.model is None:
            return "LearnedAgent()"
        return f"LearnedAgent({path!r})" if path is not None else f"LearnedAgent({self.model!r})"


BUILT_IN_CLASSES: dict[str, type[_RustAgent]] = {
    "greedy": GreedyAgent,
    "search": SearchAgent,
    "ismcts": ISMCTSAgent,
    "sparta": SpartaAgent,
}
"""The Python class of each built-in agent the core names that thinks in Rust from its spec
(random draws in Python; learned is :class:`LearnedAgent`)."""
