"""The actors: epsilon-greedy episodes played in Rust by ``zhengfen.selfplay`` with a given
model, in a thread beside the learner (Rust releases the GIL, so the games and the training
step overlap), or as Ray actors (``--ray``).

Round ``r`` plays the episodes ``r * episodes ...`` of the run's seed (episode ``e`` is deal
``deal_seed(seed, e)``, one match), so a round's samples depend only on the round, the model
it is played with and the recipe, never on where or on how many threads or actors it ran: the
Ray actors each play a contiguous slice of the round and their samples are put back in episode
order, which is ``selfplay``'s own order.

Who learns (:func:`seat_agents`): in self-play every seat; with fixed opponents one seat in
Zheng Fen (seat ``r mod players`` in round ``r``) and one team in Zen Cheng You (team
``r mod 2``), the opponents' specs filling the other seats in turn; an opponent ``self`` is the
learner's model, so its seat learns too (``greedy,self`` trains for tables of both). With
``--pool`` the same seats learn, and each other seat draws its opponent from the run's pool
(:mod:`zhengfen.train.pool`).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeGuard

import numpy as np
import numpy.typing as npt

import zhengfen
from zhengfen.agents import AgentName
from zhengfen.train.config import Opponent, read_opponent
from zhengfen.train.python_actors import python_selfplay

__all__ = ["Actors", "LocalActors", "Round", "concatenate", "learner_seats", "seat_agents"]

Samples = dict[str, npt.NDArray[Any]]


def seat_agents(
    rules: zhengfen.Rules, opponents: Sequence[Opponent], round_: int
) -> list[AgentName | None] | None:
    """``selfplay``'s ``agents`` for round ``round_``: ``None`` (self-play) without opponents,
    else ``None`` in the learner's seats and the opponents in the others, in turn (``None``
    for an opponent ``self``). The run passes its opponents read once
    (:data:`zhengfen.train.config.Opponent`).

    >>> rules = zhengfen.Rules.zheng_fen(players=5)
    >>> seat_agents(rules, [zhengfen.AgentSpec.greedy(), "self"], 1)
    [AgentSpec("greedy"), None, None, AgentSpec("greedy"), None]
    """
    if not opponents:
        return None
    learner = learner_seats(rules, round_)
    agents: list[AgentName | None] = []
    others = 0
    for seat in range(rules.players):
        if seat in learner:
            agents.append(None)
        else:
            opponent = read_opponent(opponents[others % len(opponents)])  # read: as it is
            agents.append(None if isinstance(opponent, str) else opponent)  # text: only SELF
            others += 1
    return agents


def learner_seats(rules: zhengfen.Rules, round_: int) -> set[int]:
    """The seats the learner holds in round ``round_`` against opponents: seat
    ``round_ mod players`` in Zheng Fen, team ``round_ mod 2`` in Zen Cheng You.

    >>> sorted(learner_seats(zhengfen.Rules.zen_cheng_you(), 3))
    [1, 3]
    """
    if rules.game == "zen_cheng_you":
        return {s for s in range(rules.players) if s % 2 == round_ % 2}
    return {round_ % rules.players}


@dataclass(frozen=True)
class Round:
    """One round's work: its episodes, the model's bytes, the seats' agents."""

    number: int
    first_episode: int
    episodes: int
    model: bytes
    agents: list[AgentName | None] | None


@dataclass
class Played:
    """A round's samples and the seconds its actors spent."""

    samples: Samples
    seconds: float


class Actors(Protocol):
    """Where rounds are played: one in flight at a time."""

    @property
    def cores(self) -> int:
        """The cores the run counts in its core-hours."""
        ...

    def submit(self, work: Round) -> None: ...
    def result(self) -> Played: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class Recipe:
    """What every round shares: the rules, the seed, epsilon, threads per call, and the
    labelling search: its iterations or ``ismcts`` agent (``None``: Monte Carlo returns alone),
    who plays a searched decision (``"search"`` or ``"model"``) and how many untried moves a
    searched decision caps."""

    rules: zhengfen.Rules
    seed: int
    epsilon: float
    threads: int
    search: int | zhengfen.AgentSpec | None = None
    played_by: Literal["search", "model"] = "search"
    cap_untried: int = 0


def play_episodes(
    recipe: Recipe,
    work: Round,
    first: int,
    count: int,
    stop: Callable[[], object] | None = None,
) -> Played:
    """Episodes ``first … first + count - 1`` of the round, timed; ``selfplay`` raises
    ``KeyboardInterrupt("stopped")`` soon after ``stop()`` is true."""
    start = time.perf_counter()
    model = zhengfen.LearnedModel.from_bytes(work.model)
    if not built_in(work.agents):
        return Played(
            python_selfplay(
                recipe.rules,
                model,
                count,
                recipe.seed,
                first_episode=first,
                agents=work.agents or [None] * recipe.rules.players,
                epsilon=recipe.epsilon,
                stop=stop,
            ),
            time.perf_counter() - start,
        )
    samples = zhengfen.selfplay(
        recipe.rules,
        model,
        count,
        seed=recipe.seed,
        first_episode=first,
        agents=work.agents,
        epsilon=recipe.epsilon,
        threads=recipe.threads,
        search=recipe.search,
        played_by=recipe.played_by,
        cap_untried=recipe.cap_untried,
        stop=stop,
    )
    return Played(dict(samples), time.perf_counter() - start)


def built_in(
    agents: Sequence[AgentName | None] | None,
) -> TypeGuard[Sequence[zhengfen.AgentSpec | None] | None]:
    """Whether every opponent is a built-in agent (then Rust plays the round), rather than a
    bot program or a user's class (:mod:`zhengfen.train.python_actors`)."""
    return all(agent is None or isinstance(agent, zhengfen.AgentSpec) for agent in agents or ())


class LocalActors:
    """Rounds played in one thread of this process (``selfplay`` on ``threads`` Rust threads).
    :meth:`close` stops a round in flight within a decision (Ctrl-C and SIGTERM reach only the
    main thread, so the actors' thread is told by ``stop``)."""

    def __init__(self, recipe: Recipe) -> None:
        self.recipe = recipe
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zhengfen-actors")
        self.pending: Future[Played] | None = None
        self.stopping = threading.Event()

    @property
    def cores(self) -> int:
        """This machine's cores (the learner and the actors share them)."""
        return (
            len(os.sched_getaffinity(0))
            if hasattr(os, "sched_getaffinity")
            else (os.cpu_count() or 1)
        )

    def submit(self, work: Round) -> None:
        first, count = work.first_episode, work.episodes
        stop = self.stopping.is_set
        self.pending = self.pool.submit(play_episodes, self.recipe, work, first, count, stop)

    def result(self) -> Played:
        if self.pending is None:
            raise RuntimeError("no round in flight")
        pending, self.pending = self.pending, None
        return pending.result()

    def close(self) -> None:
        """Stops the round in flight (its samples are dropped) and the thread."""
        self.stopping.set()
        self.pool.shutdown(wait=True, cancel_futures=True)


def concatenate(parts: Sequence[Samples]) -> Samples:
    """Samples of consecutive episode ranges as one (every array joined along its first axis,
    which is the sample or the episode)."""
    if len(parts) == 1:
        return parts[0]
    return {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}


def slices(first: int, count: int, actors: int) -> list[tuple[int, int]]:
    """``count`` episodes from ``first`` cut into at most ``actors`` contiguous slices.

    >>> slices(10, 5, 2)
    [(10, 3), (13, 2)]
    """
    size, extra = divmod(count, actors)
    cuts, start = [], first
    for i in range(min(actors, count)):
        length = size + (1 if i < extra else 0)
        cuts.append((start, length))
        start += length
    return cuts
