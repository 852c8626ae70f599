"""Time per decision of IS-MCTS guided by a learned model (AI.md §4.1.1) beside the default
``ismcts`` and ``learned``, to set equal-time budgets: each agent alone in every seat,
``--deals`` deals of one match on one thread (``zhengfen.rollouts``), the wall seconds over all
decisions (forced moves and the engine's work included, as ``benches/ladder.py`` measures).

``--model`` is the model file; without one a 256-256-128 model reading 4 history rows is made
from seeded random weights (its time is that of a trained one of the same shape: the arithmetic
does not depend on the values, only the games it plays do).

Run: ``python benches/bench_ismcts_learned.py --game zheng_fen --deals 2
--agents 'ismcts;ismcts(iterations=60,policy=learned(model=MODEL))'`` (``MODEL`` stands for the
model's path; agents are separated by ``;``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

import zhengfen
from zhengfen.cli.arguments import add_rule_set, rules_of

DEFAULT_AGENTS = (
    "ismcts;learned(model=MODEL);"
    "ismcts(iterations=60,playout=value,policy=learned(model=MODEL));"
    "ismcts(iterations=130,playout=greedy,policy=learned(model=MODEL));"
    "ismcts(iterations=6,playout=learned,policy=learned(model=MODEL))"
)


def random_model(rules: zhengfen.Rules, folder: Path) -> Path:
    """A 256-256-128 model with 4 history rows and seeded random weights, saved in ``folder``."""
    layers, rows = (256, 256, 128), 4
    state = 591 + 7 + 94 * rows
    rng = np.random.default_rng(2026)
    sizes = (state, *layers)
    tensors = {
        "input.state_scale": np.ones(state, np.float32),
        "input.move_scale": np.ones(zhengfen.MOVE_ROW, np.float32),
        "layer0.state_weight": rng.normal(0, 0.05, (state, layers[0])).astype(np.float32),
        "layer0.move_weight": rng.normal(0, 0.05, (zhengfen.MOVE_ROW, layers[0])).astype(
            np.float32
        ),
        "layer0.bias": np.zeros(layers[0], np.float32),
        "output.weight": rng.normal(0, 0.05, layers[-1]).astype(np.float32),
        "output.bias": np.zeros(1, np.float32),
    }
    for i in range(1, len(layers)):
        tensors[f"layer{i}.weight"] = rng.normal(0, 0.05, (sizes[i], sizes[i + 1])).astype(
            np.float32
        )
        tensors[f"layer{i}.bias"] = np.zeros(layers[i], np.float32)
    training = {"decisions": 0, "seconds": 0.0, "core_hours": 0.0, "command": ""}
    metadata = {
        "format": "zhengfen-dmc-1",
        "game": rules.game,
        "players": str(rules.players),
        "encoding_version": str(zhengfen.ENCODING_VERSION),
        "history_rows": str(rows),
        "layers": ",".join(map(str, layers)),
        "activation": "relu",
        "training": json.dumps(training),
    }
    path = folder / f"{rules.game}_{rules.players}_random.safetensors"
    zhengfen.LearnedModel.from_arrays(metadata, tensors).save(path)
    return path


def per_decision(rules: zhengfen.Rules, spec: str, deals: int, repeats: int) -> float:
    """Median over ``repeats`` runs of the wall seconds per decision of ``spec`` alone."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = zhengfen.rollouts(rules, [spec] * rules.players, deals, seed=7, matches=1)
        times.append((time.perf_counter() - start) / int(result["decisions"].sum()))
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_rule_set(parse)
    parse.add_argument("--model", type=Path, default=None)
    parse.add_argument("--deals", type=int, default=2)
    parse.add_argument("--repeats", type=int, default=3)
    parse.add_argument("--agents", default=DEFAULT_AGENTS, help="specs separated by ';'")
    args = parse.parse_args(argv)
    rules = rules_of(args)
    with tempfile.TemporaryDirectory() as folder:
        model = args.model or random_model(rules, Path(folder))
        print(f"{rules.game} {rules.players}p, model {model.name}, {args.deals} deals, one thread")
        print("| agent | time per decision |\n|---|---|")
        for spec in args.agents.split(";"):
            seconds = per_decision(
                rules, spec.replace("MODEL", str(model)), args.deals, args.repeats
            )
            print(f"| `{spec}` | {seconds * 1e3:.2f} ms |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
