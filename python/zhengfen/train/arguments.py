"""The arguments of ``zhengfen train`` (and the recipe ``zhengfen exploit`` trains with): the
argparse types and groups that set a :class:`zhengfen.train.config.TrainConfig`, each number
checked against its range as it is parsed, the config made from the parsed arguments, and the
checks of a resumed run's arguments against its ``state.json``. The command line's own module:
the options themselves, which the training loop imports, are :mod:`zhengfen.train.config`'s.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen.cli.arguments import (
    SEED,
    add_options,
    add_rule_set,
    bounded_int,
    bounded_number,
    rules_given,
    rules_of,
    shown,
)
from zhengfen.errors import ArgumentError
from zhengfen.train.config import (
    MAX_HISTORY,
    MAX_LAYERS,
    MAX_WIDTH,
    RECIPE_DEFAULTS,
    SHIPPED,
    TrainConfig,
    plain_value,
    read_opponent,
    read_yardstick,
)

__all__ = [
    "add_arguments",
    "check_resume",
    "from_args",
    "given_recipe",
    "parse_layers",
    "parse_search",
]


def parse_layers(text: str) -> tuple[int, ...]:
    """``"256,256,128"`` as hidden sizes: 1 to 8 layers of 1 to 4096 units.

    >>> parse_layers("64, 32")
    (64, 32)
    """
    try:
        sizes = tuple(int(part) for part in text.split(","))
    except ValueError:
        sizes = ()
    if not 1 <= len(sizes) <= MAX_LAYERS or not all(1 <= s <= MAX_WIDTH for s in sizes):
        raise argparse.ArgumentTypeError(
            f"must be 1 to {MAX_LAYERS} hidden sizes from 1 to {MAX_WIDTH}, comma-separated, "
            f"not {shown(text)}"
        )
    return sizes


def parse_search(text: str) -> int | zhengfen.AgentSpec:
    """``--search``: a number of iterations N (``ismcts(policy=learned)`` of N iterations), or an
    ``ismcts`` spec, read once here into its :class:`zhengfen.AgentSpec` (``state.json`` stores
    its canonical spec). A learned policy in it is the model being trained, so a spec that names
    a model file is refused.

    >>> parse_search("128")
    128
    >>> parse_search("ismcts(iterations=300)")
    AgentSpec("ismcts(iterations=300,playout=greedy,exploration=0.7,candidates=8)")
    """
    if text.strip().lstrip("+-").isdigit():
        return bounded_int(1, 1_000_000)(text)
    try:
        spec = zhengfen.AgentSpec(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if spec.name != "ismcts":
        raise argparse.ArgumentTypeError(
            f"must be a number of iterations or an ismcts spec, not {shown(text)}"
        )
    if spec.model_file is not None:
        raise argparse.ArgumentTypeError(
            "a labelling search's policy=learned is the model being trained; name no model "
            f"file, not {shown(text)}"
        )
    return spec


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen train``, numbers checked against their ranges as they are
    parsed (:func:`zhengfen.cli.arguments.bounded_int`). The recipe's options default to ``None``
    here, so that ``--resume`` sees which were given; :func:`from_args` fills in the defaults."""
    d = TrainConfig(rules=zhengfen.Rules.zheng_fen(), out="")
    command.add_argument(
        "--out", required=True, metavar="DIR", help="the run's folder (made if missing)"
    )
    command.add_argument(
        "--resume",
        action="store_true",
        help="continue the run saved in --out (its recipe is kept; the budget may change)",
    )
    recipe = command.add_argument_group("the recipe (kept by --resume)")
    _add_recipe_choices(recipe)
    _add_recipe_numbers(recipe, d)
    _add_learning_numbers(recipe, d)
    _add_label_options(recipe)
    _add_pool_options(recipe)
    _add_budget(command.add_argument_group("the budget (the run stops at the first reached)"))
    machinery = command.add_argument_group("where it runs, evaluations, output")
    _add_machinery(machinery, d)
    _add_evaluations(machinery, d)
    machinery.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar or status lines (the evaluations are still printed)",
    )


def _add_recipe_choices(recipe: argparse._ArgumentGroup) -> None:
    """The recipe's rules, opponents and start: ``--game``, ``--players``, ``--option``,
    ``--opponents``, ``--init``, ``--residual``."""
    add_rule_set(recipe, unset=True)
    recipe.add_argument(
        "--opponents",
        default=None,
        metavar="AGENTS",
        help="fixed opponents, comma-separated agent specs filling the seats the learner does "
        "not hold (Zheng Fen: the learner holds one seat, Zen Cheng You one team, turning with "
        "each round); 'self' is the model being trained, its seat learning too (greedy,self: "
        "a table of both); default: self-play, every seat learns",
    )
    recipe.add_argument(
        "--init",
        metavar="MODEL",
        default=None,
        help="start from this model file's weights (a checkpoint's model.safetensors, or "
        "'shipped': the model that ships for the rules) instead of random ones; its rules, "
        "history, layers and residual are the run's, or it is grown (the same Q) into wider "
        "--layers or more --history given beside it",
    )
    recipe.add_argument(
        "--residual",
        action="store_true",
        default=None,
        help="a residual network: each hidden layer after the first whose input and output "
        "widths are equal adds its input to its output (e.g. --layers 256,256,256,256: three "
        "blocks), exported as a zhengfen-dmc-2 model (AI.md §7.1); default: a plain MLP",
    )


def _add_recipe_numbers(recipe: argparse._ArgumentGroup, d: TrainConfig) -> None:
    """The recipe's numbers for the deals and the network, ``None`` by default: ``--resume``
    keeps the stored recipe's; the help gives the default (``d``'s)."""
    layers = ",".join(map(str, d.layers))
    add_options(
        recipe,
        [
            (
                "--seed",
                "SEED",
                SEED,
                None,
                f"seed of the training deals and the network's start ({d.seed})",
            ),
            (
                "--episodes",
                "N",
                bounded_int(1, 100_000),
                None,
                f"episodes (one match each) the actors play per round, 1 to 100000 ({d.episodes})",
            ),
            (
                "--history",
                "ROWS",
                bounded_int(0, MAX_HISTORY),
                None,
                f"rows of the play history in the state, 0 to {MAX_HISTORY} ({d.history})",
            ),
            ("--layers", "SIZES", parse_layers, None, f"hidden layer sizes ({layers})"),
            (
                "--lr",
                "RATE",
                bounded_number(0, 1, "a positive learning rate"),
                None,
                f"Adam's learning rate ({d.lr:g})",
            ),
        ],
    )


def _add_learning_numbers(recipe: argparse._ArgumentGroup, d: TrainConfig) -> None:
    """The recipe's numbers for the learner and the actors, and who plays a searched decision,
    ``None`` by default as :func:`_add_recipe_numbers`'s."""
    add_options(
        recipe,
        [
            (
                "--batch",
                "N",
                bounded_int(1, 65_536),
                None,
                f"samples per training step, 1 to 65536 ({d.batch})",
            ),
            (
                "--reuse",
                "N",
                bounded_int(1, 64),
                None,
                f"passes over each round's samples, 1 to 64 ({d.reuse})",
            ),
            (
                "--epsilon",
                "P",
                bounded_number(0, 1, "a probability"),
                None,
                f"the actors' chance of a uniform random move ({d.epsilon:g})",
            ),
            (
                "--search",
                "N|SPEC",
                parse_search,
                None,
                "search-labelled training: the learner seats' decisions are searched by "
                "ismcts(policy=learned) of N iterations with the current model, or by the "
                "ismcts spec SPEC (its policy=learned is the current model; policy=greedy, the "
                "default, labels with a search the model does not guide), and Q is fitted to "
                "the search's value of each move it tried and to the return of the move played "
                "(default: Monte Carlo returns alone)",
            ),
        ],
    )
    recipe.add_argument(
        "--played-by",
        choices=("search", "model"),
        default=None,
        help="with --search, who plays a searched decision: the search (expert iteration, "
        "the default) or the model, the search only labelling the states the model reaches "
        "(DAgger)",
    )


def _add_label_options(recipe: argparse._ArgumentGroup) -> None:
    """How the search's labels are fitted: ``--cap-untried`` and ``--rank``."""
    recipe.add_argument(
        "--cap-untried",
        metavar="K",
        type=bounded_int(0, 1000),
        default=None,
        help="with --search, per searched decision the K moves of largest Q that the search "
        "did not try (nor played) are held at most at the value of the search's choice, so "
        "that fitting the tried moves cannot lift an untried one above them, 0 to 1000 "
        "(0: none, the default)",
    )
    recipe.add_argument(
        "--rank",
        metavar="W",
        type=bounded_number(0, 100, "a weight"),
        default=None,
        help="with --search, add W times the cross-entropy of each searched decision's visit "
        "shares against the softmax of its moves' Q-values (at a fiftieth of the return "
        "scale), so that Q learns the search's order of its moves, 0 to 100 (0: none, the "
        "default)",
    )


def _add_pool_options(recipe: argparse._ArgumentGroup) -> None:
    """The opponent pool: ``--pool``, ``--snapshot-every``, ``--snapshot-keep``
    (:mod:`zhengfen.train.pool`)."""
    recipe.add_argument(
        "--pool",
        action="store_true",
        default=None,
        help="the --opponents are a pool, not a fixed order: in each round every seat the "
        "learner does not hold draws one of them uniformly at random (from the seed and the "
        "round alone); 'self' stays the model being trained, so with self,X each such seat "
        "is the learner's model or X, half and half",
    )
    recipe.add_argument(
        "--snapshot-every",
        metavar="N",
        type=bounded_int(0, 2**40),
        default=None,
        help="with --pool, after every N rounds the learner's model is frozen into the pool: "
        "written to OUT/pool/round-NNNNNNNN.safetensors and drawn as a learned(model=that "
        "file) opponent from round N+1 on (0: no snapshots, the default)",
    )
    recipe.add_argument(
        "--snapshot-keep",
        metavar="K",
        type=bounded_int(0, 2**40),
        default=None,
        help="with --snapshot-every, only the latest K snapshots are in the pool (0: all, "
        "the default)",
    )


def _add_budget(budget: argparse._ArgumentGroup) -> None:
    """The budget: ``--rounds``, ``--minutes``, ``--decisions`` (the first reached stops the
    run)."""
    add_options(
        budget,
        [
            ("--rounds", "N", bounded_int(1, 2**40), None, "rounds in all (this run's total)"),
            (
                "--minutes",
                "M",
                bounded_number(0, 1e6, "a positive number of minutes"),
                None,
                "minutes of this invocation (default 10 when no budget is given)",
            ),
            (
                "--decisions",
                "N",
                bounded_int(1, 2**62),
                None,
                "learner decisions in all (non-forced ones, each searched with --search)",
            ),
        ],
    )


def _add_machinery(machinery: argparse._ArgumentGroup, d: TrainConfig) -> None:
    """Where the actors run: ``--ray``, ``--threads``, ``--actors``."""
    machinery.add_argument(
        "--ray",
        metavar="ADDRESS",
        default=None,
        help="actors as Ray actors on this cluster ('local' starts one; a token in "
        "RAY_AUTH_TOKEN); the same samples as on one machine",
    )
    add_options(
        machinery,
        [
            (
                "--threads",
                "N",
                bounded_int(1, 256),
                d.threads,
                f"Rust threads of the actors, 1 to 256 ({d.threads}; results do not depend on it)",
            ),
            (
                "--actors",
                "N",
                bounded_int(1, 1024),
                d.actors,
                f"Ray actors with --ray, 1 to 1024 ({d.actors})",
            ),
        ],
    )


def _add_evaluations(machinery: argparse._ArgumentGroup, d: TrainConfig) -> None:
    """The evaluations and the checkpoints: their deals, yardstick, seed and intervals."""
    seconds = bounded_number(0, 1e6, "a positive number of seconds")
    add_options(
        machinery,
        [
            (
                "--eval-deals",
                "N",
                bounded_int(0, 100_000),
                d.eval_deals,
                "duplicate deals of each evaluation against greedy, 0 to 100000 "
                f"({d.eval_deals}; 0: none)",
            ),
            (
                "--yardstick",
                "AGENT",
                str,
                None,
                "the fixed search each evaluation also measures against, a built-in agent spec "
                f"({d.yardstick}: a strong model has not passed it; a resumed run keeps the "
                "one its curve was last measured against)",
            ),
            (
                "--yardstick-deals",
                "N",
                bounded_int(0, 100_000),
                d.yardstick_deals,
                f"duplicate deals of each evaluation against it, 0 to 100000 ({d.yardstick_deals}"
                "; 0: none)",
            ),
            (
                "--eval-seed",
                "SEED",
                SEED,
                d.eval_seed,
                f"seed of the evaluation's fixed deals ({d.eval_seed})",
            ),
            (
                "--eval-every",
                "SECONDS",
                seconds,
                d.eval_every,
                f"seconds between evaluations ({d.eval_every:g}; also at the start and the end)",
            ),
            (
                "--checkpoint-every",
                "SECONDS",
                seconds,
                d.checkpoint_every,
                f"seconds between checkpoints ({d.checkpoint_every:g}; also at the end)",
            ),
        ],
    )


def given_recipe(args: argparse.Namespace) -> dict[str, Any]:
    """The recipe options given on the command line (not left at ``None``), by field name."""
    given: dict[str, Any] = {}
    if rules_given(args):
        given["rules"] = rules_of(args)
    if args.opponents is not None:
        from zhengfen.cli.arguments import split_agents

        given["opponents"] = tuple(read_opponent(name) for name in split_agents(args.opponents))
    if args.init is not None:  # a file by its resolved path, as the recipe stores it
        given["init"] = args.init if args.init == SHIPPED else str(Path(args.init).resolve())
    numbers = (
        *("seed", "episodes", "history", "layers", "residual", "lr", "batch", "reuse"),
        *("epsilon", "search", "played_by", "cap_untried", "rank"),
        *("pool", "snapshot_every", "snapshot_keep"),
    )
    for name in numbers:
        value = getattr(args, name)
        if value is not None:
            given[name] = value
    return given


def from_args(args: argparse.Namespace, command: str = "") -> TrainConfig:
    """The configuration the arguments ask for (defaults for what is not given). With
    ``--resume`` the caller replaces the recipe by the stored one (:func:`check_resume`)."""
    given = given_recipe(args)
    budget = (args.rounds, args.minutes, args.decisions)
    return TrainConfig(
        rules=given.pop("rules", None) or zhengfen.Rules.zheng_fen(),
        out=args.out,
        **given,
        rounds=args.rounds,
        minutes=10.0 if budget == (None, None, None) else args.minutes,
        decisions=args.decisions,
        threads=args.threads,
        ray=args.ray,
        actors=args.actors,
        eval_deals=args.eval_deals,
        yardstick=TrainConfig.yardstick
        if args.yardstick is None
        else read_yardstick(args.yardstick),
        yardstick_deals=args.yardstick_deals,
        eval_seed=args.eval_seed,
        eval_every=args.eval_every,
        checkpoint_every=args.checkpoint_every,
        progress=not args.no_progress,
        command=command,
    )


def check_resume(args: argparse.Namespace, stored: dict[str, Any]) -> None:
    """Refuses a recipe option given with ``--resume`` that differs from the stored run's."""
    for name, value in given_recipe(args).items():
        old = stored.get(name, RECIPE_DEFAULTS.get(name))
        if plain_value(value) != old:
            raise ArgumentError(
                f"--resume: {name} {plain_value(value)!r} differs from the run's {old!r} "
                "(a resumed run keeps its recipe)"
            )
