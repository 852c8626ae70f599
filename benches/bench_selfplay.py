"""Actor speed of ``zhengfen.selfplay`` (AI.md §7.6): learner decisions per second (the
non-forced learner decisions, one sample each) of self-play with a 256-256-128 model reading 8
history rows (``bench_learned.model_for``: seeded random weights; the arithmetic does not depend
on what they are), epsilon 0.1, on 1 and 2 threads, in 4-player Zheng Fen and Zen Cheng You.
Each figure is the median of ``--repeats`` calls on the same episodes: per second of wall time,
and per second of the process's CPU time (all its threads), which on a machine shared with
other work estimates what an idle core gives.

Where the time goes, per call, from three measures on the same episodes and threads:

- ``game``: the engine's own work (legal moves, playing them), from ``rollouts`` of random
  agents, one match a deal: its seconds per decision times the self-play call's decisions;
- ``features``: encoding the samples and the rest of the loop, from ``selfplay`` with
  epsilon 1 (every learner move uniform, so the model is never read): its seconds per decision,
  less the game's, times the decisions;
- ``forward``: the rest of the self-play call: the forward passes and their inputs (every legal
  move's features as floats).

Then learner decisions per CPU second against the games kept in flight on one thread
(``games_per_thread``), which sets the rows of each forward pass (at least twice as many
episodes as games in flight).

Run: ``python benches/bench_selfplay.py --repeats 5``
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import zhengfen
from bench_learned import HISTORY_ROWS, LAYERS, model_for

RULES = (
    ("zheng_fen 4", zhengfen.Rules.zheng_fen(players=4), 400),
    ("zen_cheng_you", zhengfen.Rules.zen_cheng_you(), 100),
)


def median_seconds(call: Callable[[], Any], repeats: int) -> tuple[float, Any, float]:
    """The median wall time of ``repeats`` calls, the last call's result, and the median
    CPU time of the process over a call (every thread's, so that on a machine others share
    ``samples / cpu`` estimates the rate per core of an idle one)."""
    times, cpu, out = [], [], None
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        out = call()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times), out, statistics.median(cpu)


def split(
    rules: zhengfen.Rules,
    model: zhengfen.LearnedModel,
    episodes: int,
    threads: int,
    repeats: int,
) -> dict[str, float]:
    """Learner decisions per second and the shares of the time, for one configuration."""
    seconds, played, cpu = median_seconds(
        lambda: zhengfen.selfplay(rules, model, episodes, threads=threads), repeats
    )
    decisions = int(played["decisions"].sum())  # self-play: every decision is a learner's
    no_net, uniform, _ = median_seconds(
        lambda: zhengfen.selfplay(rules, model, episodes, epsilon=1.0, threads=threads), repeats
    )
    per_decision = no_net / int(uniform["decisions"].sum())
    game_seconds, games, _ = median_seconds(
        lambda: zhengfen.rollouts(
            rules, ["random"] * rules.players, episodes, matches=1, threads=threads
        ),
        repeats,
    )
    per_game_decision = game_seconds / int(games["decisions"].sum())
    game = per_game_decision * decisions
    features = max(per_decision - per_game_decision, 0.0) * decisions
    return {
        "samples": len(played["target"]),
        "decisions": decisions,
        "seconds": seconds,
        "rate": len(played["target"]) / seconds,
        "per_cpu": len(played["target"]) / cpu,
        "game": game / seconds,
        "features": features / seconds,
        "forward": max(seconds - game - features, 0.0) / seconds,
        "moves": float(played["num_legal"].mean()),
    }


def in_flight(
    rules: zhengfen.Rules, model: zhengfen.LearnedModel, episodes: int, games: int, repeats: int
) -> float:
    """Learner decisions per second on one thread with ``games`` games in flight."""
    _, played, cpu = median_seconds(
        lambda: zhengfen.selfplay(rules, model, episodes, games_per_thread=games), repeats
    )
    return len(played["target"]) / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="calls per figure (median)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="episodes per call: 400 (ZF4), 100 (ZCY) times"
    )
    args = parser.parse_args()
    print(
        f"model {'-'.join(map(str, LAYERS))}, {HISTORY_ROWS} history rows, epsilon 0.1, "
        "self-play, 64 games in flight a thread (the default)"
    )
    header = (
        f"{'rules':<15}{'threads':>8}{'episodes':>9}{'samples':>9}{'moves':>7}"
        f"{'decisions/s':>13}{'per CPU-s':>11}{'forward':>9}{'features':>10}{'game':>7}"
    )
    print(header)
    for label, rules, episodes in RULES:
        model = model_for(rules)
        n = max(1, round(episodes * args.scale))
        zhengfen.selfplay(rules, model, 8)  # warm up
        for threads in (1, 2):
            r = split(rules, model, n, threads, args.repeats)
            print(
                f"{label:<15}{threads:>8}{n:>9}{r['samples']:>9}{r['moves']:>7.1f}"
                f"{r['rate']:>13,.0f}{r['per_cpu']:>11,.0f}{r['forward']:>9.0%}"
                f"{r['features']:>10.0%}{r['game']:>7.0%}"
            )
    print("\nlearner decisions per CPU second, one thread, by games in flight (games_per_thread)")
    sizes = (1, 4, 16, 64, 256)
    print(f"{'rules':<15}" + "".join(f"{g:>10}" for g in sizes))
    for label, rules, episodes in RULES:
        model = model_for(rules)
        n = max(1, round(episodes * args.scale))
        # At least two batches of episodes, so that every game in flight is used.
        rates = [in_flight(rules, model, max(n, 2 * g), g, args.repeats) for g in sizes]
        print(f"{label:<15}" + "".join(f"{r:>10,.0f}" for r in rates))


if __name__ == "__main__":
    main()
