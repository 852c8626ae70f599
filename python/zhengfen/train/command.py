"""``zhengfen train``: arguments checked, then the run (:mod:`zhengfen.train.loop`).

Refused up front with one line on standard error and exit status 2, before any training: the
``train`` extra missing (JAX, optax, matplotlib), bad rules or options, opponents that are not
built-in agents, an ``--out`` folder that cannot be made or written (or that already holds a run
and ``--resume`` is not given, or holds none and it is), an ``--init`` model that cannot be read
or is for other rules or another network, a recipe option given with ``--resume`` that differs
from the run's, a budget the run has already spent, ``--ray`` without Ray, an option without
the one it needs (:func:`check_needs`); a resumed pool whose snapshot file is missing or does
not load as a model for the rules (:mod:`zhengfen.train.pool`) is refused when the run begins,
before anything is written.

Ctrl-C (exit status 130) and SIGTERM (143) stop the run: the last complete round is kept as the
checkpoint, and one line says where and how to resume.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import zhengfen
from zhengfen.errors import ArgumentError, InvalidStateError, ModelError
from zhengfen.train import EXTRA
from zhengfen.train import arguments as train_arguments
from zhengfen.train.arguments import check_resume, from_args
from zhengfen.train.config import SELF, TrainConfig, init_model

if TYPE_CHECKING:
    from zhengfen.train.network import Network

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "check_out", "prepare", "run"]

HELP = "train a learned agent by self-play (DMC; the train extra)"
DESCRIPTION = (
    "Deep Monte Carlo training of a learned agent (AI.md §8): actors play epsilon-greedy "
    "episodes in Rust, a JAX learner fits Q(state, move) to the returns. Writes the model, "
    "checkpoints and the learning curve to --out."
)

PACKAGES = ("jax", "optax", "matplotlib")


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen train`` (:mod:`zhengfen.train.arguments`; no JAX imported)."""
    train_arguments.add_arguments(command)
    command.set_defaults(run=run)


def check_extra() -> None:
    """Refuses to train without the ``train`` extra's packages."""
    missing = [name for name in PACKAGES if importlib.util.find_spec(name) is None]
    if missing:
        raise ImportError(f"{EXTRA} (missing: {', '.join(missing)})")


def check_out(out: Path, resume: bool) -> None:
    """Makes the run's folder if needed and proves it takes files; a fresh run's folder must
    not hold a run, a resumed one's must."""
    if out.exists() and not out.is_dir():
        raise ArgumentError(f"--out {out}: not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        raise ArgumentError(f"--out {out}: cannot write there ({error.strerror})") from None
    held = (out / "state.json").exists()
    if held and not resume:
        raise ArgumentError(f"--out {out}: holds a run already (--resume continues it)")
    if resume and not held:
        raise ArgumentError(f"--out {out}: holds no run to resume (no state.json)")


def check_opponents(config: TrainConfig) -> TrainConfig:
    """Checks the opponents, read where the command line or ``state.json`` was read: built-in
    agents (played in Rust) pass; bot programs (``process(cmd=...)``, started and greeted here
    once) and users' classes (built once here) play in Python
    (:mod:`zhengfen.train.python_actors`) and take no labelling search."""
    from zhengfen.agents import agent_label, check_agent

    for opponent in config.opponents:
        if opponent == SELF or isinstance(opponent, zhengfen.AgentSpec):
            continue
        if config.search is not None:
            raise ArgumentError(
                f"--opponents {agent_label(opponent)}: --search labels only games against "
                "built-in agents"
            )
        check_agent(opponent, config.rules)
    return config


def check_needs(config: TrainConfig) -> None:
    """Refuses an option given without the one it needs: ``--played-by model``, ``--rank`` and
    ``--cap-untried`` need ``--search``; ``--pool`` needs ``--opponents``,
    ``--snapshot-every`` needs ``--pool`` and ``--snapshot-keep`` needs ``--snapshot-every``."""
    if config.played_by == "model" and config.search is None:
        raise ArgumentError("--played-by model needs --search (the search labels its moves)")
    if config.rank and config.search is None:
        raise ArgumentError("--rank needs --search (it ranks moves by the search's visits)")
    if config.cap_untried and config.search is None:
        raise ArgumentError("--cap-untried needs --search (it caps moves the search left)")
    if config.pool and not config.opponents:
        raise ArgumentError("--pool needs --opponents (the agents the pool draws from)")
    if config.snapshot_every and not config.pool:
        raise ArgumentError("--snapshot-every needs --pool (the snapshots join the pool)")
    if config.snapshot_keep and not config.snapshot_every:
        raise ArgumentError("--snapshot-keep needs --snapshot-every (the snapshots it keeps)")


def check_yardstick(config: TrainConfig) -> TrainConfig:
    """``--yardstick``, a built-in agent (the evaluations play in Rust), bound to the run's
    rules: ``learned`` gets the model shipped for them, a model for other rules is refused."""
    return dataclasses.replace(config, yardstick=config.yardstick.bind(config.rules))


def check_init(config: TrainConfig, args: argparse.Namespace) -> TrainConfig:
    """``--init``: the model read (``ModelError`` naming the file when it cannot be), checked
    against the run's rules; its history, layers and residual are the run's unless bigger ones
    are given that it can grow into (:mod:`zhengfen.train.grow`).
    The path is already resolved (``given_recipe``), so the recipe names the file wherever it
    is read."""
    from zhengfen.train.grow import why_not
    from zhengfen.train.network import Network

    if config.init is None:
        return config
    rules = config.rules
    model = init_model(config.init, rules)
    try:
        zhengfen.AgentSpec.learned(model).bind(rules)  # the core's check: it plays these rules
    except zhengfen.ModelError as error:
        raise ModelError(f"--init: {error}") from None
    own = Network(rules, tuple(model.layers), model.history_rows, model.residual)
    wanted = Network(
        rules,
        own.layers if args.layers is None else args.layers,
        own.history if args.history is None else args.history,
        own.residual if args.residual is None else args.residual,
    )
    reason = why_not(own, wanted)
    if reason is not None:
        raise ArgumentError(
            f"--init {config.init}: the model ({network_text(own)}) cannot grow into "
            f"{network_text(wanted)}: {reason}"
        )
    return dataclasses.replace(
        config, history=wanted.history, layers=wanted.layers, residual=wanted.residual
    )


def network_text(network: Network) -> str:
    """A network's shape as the options spell it: ``layers 64,32, history 2``, then
    ``, residual`` for a residual one."""
    kind = ", residual" if network.residual else ""
    layers = ",".join(map(str, network.layers))
    return f"layers {layers}, history {network.history}{kind}"


def curve_yardstick(out: Path, config: TrainConfig) -> zhengfen.AgentSpec:
    """The yardstick a resumed run's curve was last measured against (its ``yardstick_agent``
    column, read here), else the configuration's (a curve written before that column, or none
    yet)."""
    from zhengfen.train import curve
    from zhengfen.train.checkpoint import RunFiles
    from zhengfen.train.config import read_yardstick

    named = [p.yardstick_agent for p in curve.read(RunFiles(out).curve) if p.yardstick_agent]
    return read_yardstick(named[-1]) if named else config.yardstick


def check_budget(config: TrainConfig, counters: dict[str, Any]) -> None:
    """Refuses a resumed run whose budget in all is already spent."""
    if config.rounds is not None and counters["round"] >= config.rounds:
        raise ArgumentError(
            f"--rounds {config.rounds}: the run has done {counters['round']} rounds"
        )
    if config.decisions is not None and counters["decisions"] >= config.decisions:
        raise ArgumentError(
            f"--decisions {config.decisions}: the run has {counters['decisions']} already"
        )


def prepare(args: argparse.Namespace, argv: list[str] | None = None) -> TrainConfig:
    """The run's configuration, every check done: a ``ZhengfenError`` with the reason, or an
    ``ImportError`` without the ``train`` extra."""
    check_extra()
    words = argv if argv is not None else sys.argv[1:]
    config = check_opponents(from_args(args, "zhengfen " + shlex.join(words)))
    out = Path(config.out)
    if not args.resume:
        check_needs(config)
        config = check_yardstick(check_init(config, args))
    check_out(out, args.resume)
    if args.resume:
        from zhengfen.train.checkpoint import RunFiles, read_state

        state = read_state(RunFiles(out))
        check_resume(args, state["recipe"])
        config = config.with_recipe(state["recipe"])
        check_budget(config, state["counters"])
        if args.yardstick is None:  # the curve's, so that its column measures one thing
            config = dataclasses.replace(config, yardstick=curve_yardstick(out, config))
        config = check_yardstick(config)
    if config.ray is not None:
        from zhengfen.arena.ray_connect import check_ray

        check_ray(config.ray)
    return config


def run(args: argparse.Namespace) -> int:
    """Trains; returns the exit status. What it refuses raises ``ValueError`` for
    :func:`zhengfen.cli.main` to report on one line with exit status 2; Ctrl-C and SIGTERM end
    the run with one line saying where its checkpoint is."""
    from zhengfen.cli.signals import stopped

    try:
        config = prepare(args)
    except ImportError as error:  # the train extra missing: refused, as serve refuses
        print(f"zhengfen train: {error}", file=sys.stderr)
        return 2
    except TypeError as error:  # a stored recipe of the wrong shape: a checkpoint not resumed
        raise InvalidStateError(str(error)) from error
    from zhengfen.train.loop import train

    try:
        counters = train(config, args.resume)
    except KeyboardInterrupt as stop:
        how, status = stopped(stop)
        print(f"\nzhengfen train: {how}; {kept(config)}", file=sys.stderr)
        return status
    print(summary(config, counters.as_dict()))
    return 0


def kept(config: TrainConfig) -> str:
    """Where the checkpoint is and how to resume it."""
    from zhengfen.train.checkpoint import RunFiles, read_state

    out = Path(config.out)
    try:
        counters = read_state(RunFiles(out))["counters"]
    except ValueError:
        return f"no checkpoint was written in {out}"
    return (
        f"checkpoint of round {counters['round']:,} ({counters['decisions']:,} decisions) kept "
        f"in {out} (continue: zhengfen train --out {shlex.quote(str(out))} --resume)"
    )


def learned_text(model: Path) -> str:
    """The spec that plays a model file (its path quoted where the grammar needs it), as the
    core writes it; the path alone if the file cannot be read."""
    try:
        return zhengfen.AgentSpec.learned(model).spec
    except zhengfen.ModelError:
        return str(model)


def summary(config: TrainConfig, c: dict[str, Any]) -> str:
    """What the run did, where its files are."""
    from zhengfen.train.checkpoint import RunFiles
    from zhengfen.train.curve import describe, read

    files = RunFiles(Path(config.out))
    seconds = max(c["seconds"], 1e-9)
    lines = [
        f"{c['round']:,} rounds, {c['episodes']:,} episodes, {c['decisions']:,} learner "
        f"decisions in {c['seconds']:.1f} s of training ({c['decisions'] / seconds:,.0f} "
        f"decisions/s; actors {c['actor_seconds']:.1f} s, learner {c['learner_seconds']:.1f} s, "
        f"waiting for the actors {c['wait_seconds']:.1f} s, hand-overs "
        f"{c['handover_seconds']:.1f} s; {c['core_hours']:.3f} core-hours, "
        f"{c['cpu_hours']:.3f} hours of CPU time)",
        f"model: {files.model} (agent spec {learned_text(files.model)})",
    ]
    points = read(files.curve)
    if points:
        last = points[-1]
        lines.append(
            f"last evaluation, points per match against {describe(last)} (duplicate deals); "
            f"curve: {files.plot}"
        )
    return "\n".join(lines)
