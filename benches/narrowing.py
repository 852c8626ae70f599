"""A narrowing run's candidates measured two ways on one seed's deals (issue 47 §4, AI.md §8.3).

A narrowing run trains a model against the exploiters found for the model it would replace. Each
candidate (a model file: the run's checkpoints, its last model) is measured on the same duplicate
deals of one seed, one match each, in Rust (:func:`zhengfen.train.evaluation.evaluate`: the
first agent in one seat, the second in the others, every rotation):

- *head to head*: the candidate against the model it would replace (``learned`` by default: the
  model shipped for the rules), its points per match minus the replaced model's;
- *the exploiter's gain*: each exploiter in one seat against the candidate in the others, the
  exploiter's points per match minus the candidate's: what the exploiter, trained against the
  replaced model, still takes from the candidate. The replaced model is measured too (first
  row), so the table shows how much of the exploiter's gain a candidate removed.

A candidate is chosen on one seed and confirmed on others (the arena, two agents alternating
seats, as a user would: RESULTS §35). This script only measures; it never chooses.

Run: ``python benches/narrowing.py --players 3 --seed S --deals 200 --exploiter X.safetensors
CANDIDATE.safetensors ...`` (``--replaced MODEL`` names a model file other than the shipped one).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import zhengfen
from zhengfen.arena import Interval
from zhengfen.cli.arguments import add_rule_set, rules_of
from zhengfen.errors import ArgumentError
from zhengfen.train.evaluation import evaluate


def replaced_spec(rules: zhengfen.Rules, replaced: Path | None) -> zhengfen.AgentSpec:
    """The model a candidate would replace: the file given, else the one shipped for ``rules``."""
    if replaced is not None:
        return zhengfen.AgentSpec.learned(replaced)
    return zhengfen.AgentSpec.learned(zhengfen.LearnedModel.shipped(rules))


def row(
    rules: zhengfen.Rules,
    name: str,
    model: Path | None,
    exploiters: Sequence[Path],
    replaced: zhengfen.AgentSpec,
    deals: int,
    seed: int,
) -> list[str]:
    """One table row: the model's name, its lead over the replaced model (blank for the
    replaced model itself, ``model=None``) and each exploiter's gain against it."""
    target = replaced if model is None else zhengfen.AgentSpec.learned(model)
    cells = [name]
    if model is None:
        cells.append("")
    else:
        cells.append(evaluate(rules, model, deals, seed, replaced).text(signed=True))
    for exploiter in exploiters:
        gain: Interval = evaluate(rules, exploiter, deals, seed, target)
        cells.append(gain.text(signed=True))
    return cells


def table(args: argparse.Namespace) -> list[str]:
    """The markdown table: the replaced model's row, then one row per candidate."""
    rules = rules_of(args)
    replaced = replaced_spec(rules, args.replaced)
    header = ["model", "lead over it"] + [f"gain of {x.name}" for x in args.exploiter]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    models: list[tuple[str, Path | None]] = [("the replaced model", None)]
    models += [(str(path), path) for path in args.candidates]
    for name, model in models:
        cells = row(rules, name, model, args.exploiter, replaced, args.deals, args.seed)
        lines.append("| " + " | ".join(cells) + " |")
        print(lines[-1], file=sys.stderr, flush=True)
    return lines


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("candidates", nargs="+", type=Path, help="candidate model files")
    add_rule_set(parser)
    parser.add_argument("--seed", type=int, required=True, help="seed of the deals")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (200)")
    parser.add_argument(
        "--exploiter", type=Path, action="append", default=[], help="an exploiter (repeatable)"
    )
    parser.add_argument("--replaced", type=Path, help="the replaced model (the shipped one)")
    args = parser.parse_args(argv)
    for path in [*args.candidates, *args.exploiter, *([args.replaced] if args.replaced else [])]:
        if not path.is_file():
            raise ArgumentError(f"{path}: no such model file")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Prints the table; a bad argument is one line and exit status 2."""
    try:
        print("\n".join(table(parse(argv))))
    except ValueError as error:
        print(f"narrowing: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
