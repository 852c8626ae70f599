"""Throughput of ``zhengfen train`` (issue 21, §2 and §3): learner decisions per second of wall
time (non-forced decisions whose samples the learner trains on, the training step included),
with the split of the time between the actors (the thread playing the next round in Rust), the
learner (the training steps), waiting for the actors, and the hand-overs (samples to float32
rows, the model exported for the next round).

Each configuration is a fresh run of ``--seconds`` seconds (no evaluation; the first round,
which compiles the training step, is left out by starting the clock after a warm-up run of the
same configuration, which also fills the caches); the figure is the median over ``--repeats``
runs. The actors and the learner share this machine's cores (2 here): the actors' thread runs
the games and the network's forward pass in Rust with the GIL released while the learner's
JAX step runs. The main thread's time is the learner's, the waiting and the hand-overs (they add
up to the wall time); the actors' share runs beside it.

Run: ``python benches/bench_train.py [--seconds 30] [--repeats 3] [--games zf4,zcy]``
``[--layers 128,128] [--history 4] [--episodes 128] [--batch 1024]``; ``--quick`` is a smoke
run of a few seconds whose figures mean nothing.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile

import zhengfen
from zhengfen.train.arguments import parse_layers
from zhengfen.train.config import TrainConfig
from zhengfen.train.loop import Counters, train

GAMES: dict[str, zhengfen.Rules] = {
    "zf4": zhengfen.Rules.zheng_fen(players=4),
    "zf3": zhengfen.Rules.zheng_fen(players=3),
    "zf6": zhengfen.Rules.zheng_fen(players=6),
    "zcy": zhengfen.Rules.zen_cheng_you(),
}


def measure(rules: zhengfen.Rules, args: argparse.Namespace, seconds: float) -> Counters:
    """One fresh run of ``seconds`` seconds; its counters."""
    with tempfile.TemporaryDirectory() as out:
        config = TrainConfig(
            rules=rules,
            out=out,
            layers=args.layers,
            history=args.history,
            episodes=args.episodes,
            batch=args.batch,
            minutes=seconds / 60,
            threads=args.threads,
            eval_deals=0,
            yardstick_deals=0,
            checkpoint_every=1e6,
            progress=False,
        )
        return train(config, resume=False)


def row(name: str, runs: list[Counters]) -> str:
    """A table row: medians over the runs."""

    def median(key: str) -> float:
        return float(statistics.median(getattr(c, key) for c in runs))

    wall = median("seconds")
    rate = statistics.median(c.decisions / c.seconds for c in runs)
    keys = ("actor", "learner", "wait", "handover")
    share = {k: 100 * median(f"{k}_seconds") / wall for k in keys}
    per_round = statistics.median(c.decisions / max(c.round, 1) for c in runs)
    return (
        f"| {name} | {rate:,.0f} | {share['actor']:.0f} % | {share['learner']:.0f} % | "
        f"{share['wait']:.0f} % | {share['handover']:.0f} % | {per_round:,.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default="zf4,zcy")
    parser.add_argument("--layers", type=parse_layers, default=(128, 128))
    parser.add_argument("--history", type=int, default=4)
    parser.add_argument("--episodes", type=int, default=128)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.repeats = 3.0, 1
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores; "
        f"layers {','.join(map(str, args.layers))}, history {args.history}, "
        f"episodes {args.episodes}, batch {args.batch}, actor threads {args.threads}, "
        f"{args.seconds:g} s x {args.repeats}"
    )
    print(
        "| game | learner decisions/s | actors busy | learner busy | waiting | hand-overs "
        "| samples a round |\n|---|---|---|---|---|---|---|"
    )
    for name in args.games.split(","):
        rules = GAMES[name]
        measure(rules, args, 2.0)  # warm-up: compiles, fills the caches
        runs = [measure(rules, args, args.seconds) for _ in range(args.repeats)]
        print(row(name, runs), flush=True)


if __name__ == "__main__":
    main()
