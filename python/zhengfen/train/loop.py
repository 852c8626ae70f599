"""The run: actors one round ahead of the learner, checkpoints and evaluations.

Round ``r``'s episodes are played with the learner's parameters as they were before it trained
on round ``r - 1`` (the actors play round ``r + 1`` while the learner trains on round ``r``):
one round of lag buys the overlap of the games and the training step, and it depends on no
timing, so the parameters after any round depend only on the recipe. The learner's batches are
shuffled by ``numpy.random.default_rng([seed, round])``. A checkpoint is taken between rounds;
a run stopped there and resumed trains exactly as one that was never stopped (same floating-point
operations in the same order on the same machine; a different machine or JAX version may round
differently).

Stops at the first budget reached (``--rounds``, ``--decisions`` in all; ``--minutes`` of this
invocation), then checkpoints and evaluates. Ctrl-C and SIGTERM stop it between or within
rounds: the last complete round is saved (never a half-trained one), and the exception goes on
to the caller.
"""

from __future__ import annotations

import functools
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jax
import numpy as np

import zhengfen
from zhengfen.agents import agent_label
from zhengfen.train import curve, evaluation, features
from zhengfen.train.actors import Actors, LocalActors, Played, Recipe, Round, seat_agents
from zhengfen.train.checkpoint import (
    RunFiles,
    keep_reference,
    load,
    model_bytes,
    read_reference,
    read_state,
    save,
)
from zhengfen.train.config import Opponent, TrainConfig
from zhengfen.train.grow import grown
from zhengfen.train.learner import Learner, Targets
from zhengfen.train.network import Network, Params, init_params
from zhengfen.train.pool import Pool
from zhengfen.train.progress import Progress

__all__ = ["Counters", "Run", "train"]


@dataclass
class Counters:
    """How far a run is, over all its invocations, and where its time went. ``decisions``
    counts the learner seats' non-forced decisions, ``samples`` the rows trained on (the
    same in Monte Carlo training; a searched decision gives a row per move tried).
    ``core_hours`` is the wall time of training (its rounds and checkpoints; an evaluation's
    time is left out whole, the actors' play of the next round meanwhile with it) times the
    cores the run counts (this machine's,
    :attr:`zhengfen.train.actors.Actors.cores`), what the run held; ``cpu_hours`` the CPU time
    this process received meanwhile (every thread: the actors' and the learner's; actors in
    other processes, as Ray's, not counted), what it used: less on a machine that others load."""

    round: int = 0
    episodes: int = 0
    decisions: int = 0
    samples: int = 0
    seconds: float = 0.0
    core_hours: float = 0.0
    cpu_hours: float = 0.0
    actor_seconds: float = 0.0
    learner_seconds: float = 0.0
    wait_seconds: float = 0.0
    handover_seconds: float = 0.0
    eval_seconds: float = 0.0
    loss: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Snapshot:
    """The learner after a complete round: what an interruption saves."""

    params: Params
    opt_state: Any
    actor_params: Params
    counters: Counters


@dataclass
class Run:
    """A training run in progress (see the module's docstring)."""

    config: TrainConfig
    cores: int
    rules: zhengfen.Rules = field(init=False)
    network: Network = field(init=False)
    files: RunFiles = field(init=False)
    reference: zhengfen.LearnedModel | None = field(init=False, default=None)
    """The run's reference model (``reference.safetensors``), read by :meth:`begin`."""
    reference_digest: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.rules = self.config.rules
        self.network = Network(
            self.rules, self.config.layers, self.config.history, self.config.residual
        )
        self.files = RunFiles(Path(self.config.out))
        c = self.config
        self.pool = Pool(
            c.opponents, self.files.pool.resolve(), c.seed, c.snapshot_every, c.snapshot_keep
        )
        self.started = time.perf_counter()
        self.last_checkpoint = self.last_eval = self.started

    def begin(self, resume: bool) -> tuple[Learner, Params, Counters]:
        """A fresh run's start (its reference model copied into the folder), or the checkpoint
        it resumes from."""
        self.files.out.mkdir(parents=True, exist_ok=True)
        if resume:
            state = read_state(self.files)
            counters = Counters(**state["counters"])
            if self.config.pool:  # every snapshot the coming rounds seat loads: before any write
                self.pool.check(counters.round, self.rules)
            self.resume_reference(state["sha256"])
            learner, actor_params = load(self.files, self.network, self.config.lr, state)
            curve.truncate(self.files.curve, counters.round)
            return learner, actor_params, counters
        self.reference = evaluation.reference_model(self.rules, self.config.init)
        self.reference_digest = keep_reference(self.files, self.reference)
        params = self.start_params()
        for path in (self.files.curve, self.files.plot):
            path.unlink(missing_ok=True)
        return Learner.start(self.network, self.config.lr, params), params, Counters()

    def resume_reference(self, digests: dict[str, str | None]) -> None:
        """A resumed run's reference: the file ``state.json`` names; a run stored before the
        folder kept one takes it now, as it was read before (the recipe's ``--init``, else the
        model shipped for the rules), and keeps it from then on."""
        if "reference" in digests:
            self.reference = read_reference(self.files, digests["reference"])
            self.reference_digest = digests["reference"]
            return
        self.reference = evaluation.reference_model(self.rules, self.config.init)
        self.reference_digest = keep_reference(self.files, self.reference)

    @property
    def start_model(self) -> zhengfen.LearnedModel | None:
        """The model the run started from (``--init``, as its reference keeps it)."""
        return None if self.config.init is None else self.reference

    @functools.cached_property
    def init_training(self) -> dict[str, Any] | None:
        """The start model's ``training`` metadata, read once."""
        model = self.start_model
        return None if model is None else json.loads(model.metadata["training"])

    def start_params(self) -> Params:
        """A fresh run's parameters: the ``--init`` model's (grown into the run's network when
        that is bigger: :mod:`zhengfen.train.grow`), else drawn from the seed."""
        key = jax.random.key(self.config.seed % 2**32)
        model = self.start_model
        if model is None:
            return init_params(key, self.network)
        own = Network(self.rules, tuple(model.layers), model.history_rows, model.residual)
        params = own.params_of(model.tensors())
        if own == self.network:
            return params
        return grown(params, own, self.network, key)

    def training(self, counters: Counters) -> dict[str, Any]:
        """The model's ``training`` metadata; with ``--init``, the start model's own under
        ``init`` (the budget behind a model is its own plus its start's)."""
        start = {} if self.init_training is None else {"init": self.init_training}
        return {
            **start,
            "decisions": counters.decisions,
            "samples": counters.samples,
            "episodes": counters.episodes,
            "rounds": counters.round,
            "seconds": round(counters.seconds, 3),
            "core_hours": round(counters.core_hours, 6),
            "cpu_hours": round(counters.cpu_hours, 6),
            "command": self.config.command,
            "recipe": self.config.recipe(),
        }

    def work(self, number: int, params: Params, counters: Counters) -> Round:
        """Round ``number`` to play with ``params``."""
        episodes = self.config.episodes
        return Round(
            number,
            number * episodes,
            episodes,
            model_bytes(self.network, params, self.training(counters)),
            self.pool.seats(self.rules, number)
            if self.config.pool
            else seat_agents(self.rules, self.opponents, number),
        )

    def freeze(self, params: Params, counters: Counters) -> None:
        """With ``--snapshot-every``, the learner's model after ``counters.round`` rounds
        (``params``) written into the pool when that round is a snapshot's
        (:mod:`zhengfen.train.pool`)."""
        if self.config.pool and self.pool.is_snapshot(counters.round):
            data = model_bytes(self.network, params, self.training(counters))
            self.pool.freeze(counters.round, data)

    @property
    def opponents(self) -> tuple[Opponent, ...]:
        """The run's opponents, read where the command line or ``state.json`` was read (``self``
        stays the learner's own seat): every round's actors get these objects, never a spec to
        read again."""
        return self.config.opponents

    def checkpoint(self, snapshot: Snapshot) -> None:
        """Saves ``snapshot`` as the run's checkpoint."""
        learner = Learner(self.network, self.config.lr, snapshot.params, snapshot.opt_state)
        state = {
            "recipe": self.config.recipe(),
            "counters": snapshot.counters.as_dict(),
            "training": self.training(snapshot.counters),
        }
        save(self.files, self.network, learner, snapshot.actor_params, state, self.reference_digest)
        self.last_checkpoint = time.perf_counter()

    @functools.cached_property
    def yardsticks(self) -> list[tuple[str, zhengfen.AgentSpec, int]]:
        """The evaluations of every checkpoint (:func:`zhengfen.train.evaluation.columns`),
        their opponents read once, at the first evaluation."""
        c = self.config
        reference = None if self.reference is None else self.files.reference.resolve()
        return evaluation.columns(
            self.rules, c.yardstick, c.yardstick_deals, reference, c.eval_deals
        )

    @property
    def evaluates(self) -> bool:
        """Whether the run evaluates its checkpoints (``--eval-deals`` or ``--yardstick-deals``
        above 0); a run that does not takes no evaluation step between rounds (its checkpoints
        are ``--checkpoint-every``'s)."""
        return self.config.eval_deals > 0 or self.config.yardstick_deals > 0

    def evaluate(self, counters: Counters) -> curve.Point | None:
        """Evaluates the checkpoint's model against each yardstick
        (:func:`zhengfen.train.evaluation.columns`); appends the point to the curve and
        redraws it."""
        c = self.config
        measured = self.yardsticks
        if not self.evaluates:
            return None
        start = time.perf_counter()
        values: dict[str, float] = {}
        for column, opponent, deals in measured:
            result = evaluation.evaluate(
                self.rules,
                self.files.model.resolve(),
                deals,
                c.eval_seed,
                opponent=opponent,
                threads=c.threads,
            )
            mean, low, high = curve.FIELDS[column]
            values[mean] = result.mean
            values[low] = result.mean if result.low is None else result.low
            values[high] = result.mean if result.high is None else result.high
        point = curve.Point(
            counters.round,
            counters.decisions,
            counters.episodes,
            round(counters.seconds, 3),
            round(counters.core_hours, 6),
            deals=c.eval_deals,
            yardstick_deals=c.yardstick_deals,
            **values,
            yardstick_agent=str(c.yardstick) if c.yardstick_deals else "",
        )
        curve.write(self.files.curve, point)
        curve.plot(curve.read(self.files.curve), self.files.plot, self.title())
        self.last_eval = time.perf_counter()
        counters.eval_seconds += self.last_eval - start
        return point

    def title(self) -> str:
        """The plot's title: the rules and the network."""
        name = (
            "Zen Cheng You (team lead)"
            if self.rules.game == "zen_cheng_you"
            else (f"Zheng Fen, {self.rules.players} players")
        )
        opponents = ",".join(map(agent_label, self.config.opponents))
        mode = "vs " + opponents if opponents else "self-play"
        if self.config.pool:
            mode = f"pool of {opponents}" + (
                f" and snapshots every {self.config.snapshot_every}"
                if self.config.snapshot_every
                else ""
            )
        layers = "-".join(map(str, self.config.layers)) + (" res" if self.config.residual else "")
        recipe = "DMC" if self.config.search is None else f"search {self.config.search}"
        if self.config.played_by == "model":
            recipe += ", played by the model"
        if self.config.cap_untried:
            recipe += f", {self.config.cap_untried} untried capped"
        if self.config.rank:
            recipe += f", rank {self.config.rank:g}"
        return f"{name}: {recipe} {layers}, {mode}"

    def done(self, counters: Counters) -> bool:
        """Whether a budget is reached."""
        c = self.config
        return (
            (c.rounds is not None and counters.round >= c.rounds)
            or (c.decisions is not None and counters.decisions >= c.decisions)
            or (c.minutes is not None and time.perf_counter() - self.started >= c.minutes * 60)
        )

    def fraction(self, counters: Counters) -> float:
        """How much of the budget is spent, 0 to 1 (the progress bar)."""
        c, parts = self.config, []
        if c.rounds is not None:
            parts.append(counters.round / c.rounds)
        if c.decisions is not None:
            parts.append(counters.decisions / c.decisions)
        if c.minutes is not None:
            parts.append((time.perf_counter() - self.started) / (c.minutes * 60))
        return min(1.0, max(parts, default=0.0))


def make_actors(config: TrainConfig) -> Actors:
    """The actors: Ray actors with ``--ray``, else a thread of this process."""
    recipe = Recipe(
        config.rules,
        config.seed,
        config.epsilon,
        config.threads,
        config.search,
        config.played_by,
        config.cap_untried,
    )
    if config.ray is not None:
        from zhengfen.train.ray_actors import RayActors

        return RayActors(recipe, config.ray, config.actors)
    return LocalActors(recipe)


def train_round(
    run: Run, learner: Learner, played: Played, number: int, counters: Counters
) -> None:
    """The learner's pass over round ``number``'s samples; counters updated."""
    start = time.perf_counter()
    samples = played.samples
    codes, scores, moves = features.compact(samples)
    targets = Targets.of_samples(samples)
    trained = time.perf_counter()
    rng = np.random.default_rng([run.config.seed, number])
    c = run.config
    loss, _ = learner.train(codes, scores, moves, targets, rng, c.batch, c.reuse, c.rank)
    end = time.perf_counter()
    counters.handover_seconds += trained - start
    counters.learner_seconds += end - trained
    counters.actor_seconds += played.seconds
    counters.round = number + 1
    counters.episodes += len(samples["results"])
    counters.decisions += int(samples["played"].sum())
    counters.samples += len(targets.returns)
    counters.loss = loss


def train(config: TrainConfig, resume: bool, cores: int | None = None) -> Counters:
    """Runs (or resumes) the training of ``config``; returns the counters at its end."""
    actors = make_actors(config)  # first: a cluster that cannot be reached changes nothing
    run = Run(config, cores or actors.cores)
    try:
        learner, actor_params, counters = run.begin(resume)
    except BaseException:
        actors.close()
        raise
    snapshot = Snapshot(learner.params, learner.opt_state, actor_params, counters)
    progress = Progress(enabled=config.progress)
    try:
        with progress:
            if not resume:
                run.checkpoint(snapshot)
                progress.evaluated(run.evaluate(counters))
            loop(run, learner, snapshot, actors, progress)
    except BaseException:
        run.checkpoint(snapshot)
        raise
    finally:
        actors.close()
    return snapshot.counters


def loop(
    run: Run, learner: Learner, snapshot: Snapshot, actors: Actors, progress: Progress
) -> None:
    """Rounds until a budget is reached (see the module's docstring); then the last checkpoint
    and evaluation. ``snapshot`` always holds the last complete round."""
    counters = snapshot.counters
    start_round = counters.round
    number = counters.round
    actors.submit(run.work(number, snapshot.actor_params, counters))
    progress.begin(counters.decisions)
    tick, cpu = time.perf_counter(), time.process_time()
    while not run.done(counters):
        waited = time.perf_counter()
        played = actors.result()
        counters = Counters(**counters.as_dict())
        exported = time.perf_counter()
        counters.wait_seconds += exported - waited
        actors.submit(run.work(number + 1, learner.params, counters))
        counters.handover_seconds += time.perf_counter() - exported
        actor_params = learner.params
        train_round(run, learner, played, number, counters)
        now, cpu_now = time.perf_counter(), time.process_time()
        counters.seconds += now - tick
        counters.core_hours += (now - tick) * run.cores / 3600
        counters.cpu_hours += (cpu_now - cpu) / 3600
        tick, cpu = now, cpu_now
        run.freeze(learner.params, counters)  # its times this round's; before a checkpoint
        snapshot.params, snapshot.opt_state = learner.params, learner.opt_state
        snapshot.actor_params, snapshot.counters = actor_params, counters
        number += 1
        progress.update(counters, run.fraction(counters))
        due = run.evaluates and now - run.last_eval >= run.config.eval_every
        if due or now - run.last_checkpoint >= run.config.checkpoint_every:
            run.checkpoint(snapshot)  # once where both are due; an evaluation reads it
        if due:
            tick, cpu = evaluated(run, counters, progress, tick, cpu)
    run.checkpoint(snapshot)
    if counters.round > start_round:
        progress.evaluated(run.evaluate(counters))
        run.checkpoint(snapshot)


def evaluated(
    run: Run, counters: Counters, progress: Progress, tick: float, cpu: float
) -> tuple[float, float]:
    """Evaluates the checkpoint (:meth:`Run.evaluate`); returns the round clock (``tick``, the
    wall time, and ``cpu``, this process's CPU time) moved on by the evaluation's own time, so
    that a run's seconds, core-hours and CPU-hours count its training, checkpoints included,
    and leave the evaluations out."""
    wall, used = time.perf_counter(), time.process_time()
    progress.evaluated(run.evaluate(counters))
    return tick + time.perf_counter() - wall, cpu + time.process_time() - used
