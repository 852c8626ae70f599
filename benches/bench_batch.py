"""Batch size and memory of ``VecGame`` (issue 12): how the cost of a game-step moves as the
batch grows, and how much memory a game of a batch takes after long play.

- **Scaling**: four-player Zheng Fen, the default configuration (``uint8``, no mask,
  ``copy=False``, 8 history rows), 2 threads (and 1, to show where the second thread pays:
  AI.md §2 runs batches below 256 games on one), batches of 64 to 16,384 games stepped by the
  learner's loop (``common.learner_loop``: observation, history and legal count handed to a
  random policy each step). The figure is the median over ``--repeats`` interleaved passes of
  nanoseconds per game-step (one decision of one game); each pass makes a fresh batch and warms
  it up for a tenth of its time first.
- **Memory**: for four-player Zheng Fen and Zen Cheng You, ``episode="match"`` and ``"game"``,
  the default and the ``float32`` + dense-mask configurations, each in a fresh process: the
  growth of the process's resident memory (``/proc/self/status``) from before the batch is made
  to after thousands of steps (enough for episodes to turn over; the table says how many ended
  per game), divided by the number of games, beside the batch's own reckoning
  (``bytes_per_game``), the growth of its peak (high-water mark), the throughput of those
  steps, and the largest batch that fits in ``VecGame``'s 8 GiB limit at the measured size.

Run: ``python benches/bench_batch.py [--seconds 2] [--repeats 3] [--part scaling|memory]``;
``--quick`` is a smoke run of a few seconds whose figures mean nothing.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import platform
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import TypedDict

import zhengfen
from common import MEMORY_LIMIT, VEC_CONFIGS, learner_loop

SIZES = (64, 256, 1_024, 4_096, 16_384)
SCALING_THREADS = (2, 1)
"""The threads of the scaling measurement: the target's, then one for the comparison."""
THREADS = 2
"""The threads of the memory measurement."""
RULES: dict[str, zhengfen.Rules] = {
    "ZF 4p": zhengfen.Rules.zheng_fen(players=4),
    "ZCY": zhengfen.Rules.zen_cheng_you(),
}
MEMORY_GAMES = 512
"""Games in a memory measurement, unless the batch reckons them at more than MEMORY_BUDGET."""
MEMORY_BUDGET = 2 << 30
"""The most a memory measurement's batch may reckon to take: the machine is shared."""
MEMORY_STEPS = {"match": 2_000, "game": 20_000}
"""Steps of a memory measurement by episode kind: several episodes of each game."""
MEMORY_CONFIGS = ("default", "float32+dense")


class MemoryRow(TypedDict):
    """One memory measurement."""

    rules: str
    episode: str
    config: str
    games: int
    steps: int
    episodes: int
    rss_growth: int
    peak_growth: int
    reckoned: int
    ns_per_step: float


def ns_per_game_step(size: int, threads: int, seconds: float, seed: int) -> float:
    """One pass of the scaling measurement: a fresh batch of ``size``, warmed up, then timed."""
    batch = zhengfen.VecGame(RULES["ZF 4p"], size, seed, threads=threads)
    _, game_steps, _, elapsed = learner_loop(batch, seconds, seed, warmup=seconds * 0.1)
    return elapsed / game_steps * 1e9


def scaling(seconds: float, repeats: int, seed: int) -> dict[tuple[int, int], list[float]]:
    """Nanoseconds per game-step by (batch size, threads), one entry per interleaved pass."""
    passes: dict[tuple[int, int], list[float]] = {}
    for r in range(repeats):
        for size in SIZES:
            for threads in SCALING_THREADS:
                gc.collect()
                ns = ns_per_game_step(size, threads, seconds, seed + r)
                passes.setdefault((size, threads), []).append(ns)
    return passes


def scaling_lines(passes: dict[tuple[int, int], list[float]]) -> list[str]:
    two, one = SCALING_THREADS
    lines = [
        f"| games | ns per game-step, {two} threads (median) | min - max | game-steps/s "
        f"| ns per game-step, {one} thread | {two} threads ÷ {one}, game-steps/s |",
        "|---|---|---|---|---|---|",
    ]
    for size in SIZES:
        times = passes[size, two]
        ns, ns_one = statistics.median(times), statistics.median(passes[size, one])
        lines.append(
            f"| {size:,} | {ns:.0f} | {min(times):.0f} - {max(times):.0f} | {1e9 / ns:,.0f} "
            f"| {ns_one:.0f} | {ns_one / ns:.2f}x |"
        )
    ratio = statistics.median(passes[16_384, two]) / statistics.median(passes[1_024, two])
    met = "met" if ratio <= 1.2 else "missed"
    lines += [
        "",
        f"{two} threads, 16,384 games ÷ 1,024 games, ns per game-step: {ratio:.2f} "
        f"(target ≤ 1.2: {met})",
    ]
    return lines


def rss() -> tuple[int, int]:
    """The process's resident memory now and its high-water mark, in bytes (``VmRSS`` and
    ``VmHWM`` of ``/proc/self/status``: unlike ``getrusage``'s peak, the mark is this process's
    own, not inherited from the process that started it)."""
    with open("/proc/self/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    now, peak = (int(fields[key].split()[0]) * 1024 for key in ("VmRSS", "VmHWM"))
    return now, peak


def memory_one(label: str, episode: str, config: str, games: int, steps: int) -> MemoryRow:
    """One memory measurement; run it in a fresh process so no earlier batch's freed memory is
    reused by this one."""
    options = {"episode": episode, "threads": THREADS, **VEC_CONFIGS[config]}
    gc.collect()
    before, _ = rss()
    batch = zhengfen.VecGame(RULES[label], games, 0, **options)
    episodes, game_steps, _, elapsed = learner_loop(batch, 0.0, 0, steps=steps)
    after, peak = rss()
    return {
        "rules": label,
        "episode": episode,
        "config": config,
        "games": games,
        "steps": steps,
        "episodes": episodes,
        "rss_growth": after - before,
        "peak_growth": peak - before,
        "reckoned": batch.bytes_per_game,
        "ns_per_step": elapsed / game_steps * 1e9,
    }


def memory_games(label: str, episode: str, config: str) -> int:
    """MEMORY_GAMES, or fewer so that the batch reckons itself within MEMORY_BUDGET."""
    options = {"episode": episode, **VEC_CONFIGS[config]}
    probe = zhengfen.VecGame(RULES[label], 1, 0, **options)
    return max(1, min(MEMORY_GAMES, MEMORY_BUDGET // probe.bytes_per_game))


def memory(quick: bool) -> list[MemoryRow]:
    """Every memory measurement, each in a fresh process."""
    spawn = multiprocessing.get_context("spawn")
    rows: list[MemoryRow] = []
    for label in RULES:
        for episode, long_play in MEMORY_STEPS.items():
            steps = long_play // 20 if quick else long_play
            for config in MEMORY_CONFIGS:
                games = memory_games(label, episode, config)
                with ProcessPoolExecutor(1, mp_context=spawn) as fresh:
                    job = fresh.submit(memory_one, label, episode, config, games, steps)
                    rows.append(job.result())
    return rows


def memory_lines(rows: list[MemoryRow]) -> list[str]:
    lines = [
        "| rules | episode | configuration | games | steps | episodes ended per game "
        "| bytes/game measured (RSS growth) | peak growth/game | `bytes_per_game` (reckoned) "
        "| ns per game-step | largest batch in 8 GiB, measured | same, reckoned |",
        "|---" * 12 + "|",
    ]
    for row in rows:
        measured = row["rss_growth"] / row["games"]
        lines.append(
            f"| {row['rules']} | {row['episode']} | {row['config']} | {row['games']:,} "
            f"| {row['steps']:,} | {row['episodes'] / row['games']:.1f} | {measured:,.0f} "
            f"| {row['peak_growth'] / row['games']:,.0f} | {row['reckoned']:,} "
            f"| {row['ns_per_step']:.0f} | {MEMORY_LIMIT / measured:,.0f} "
            f"| {MEMORY_LIMIT // row['reckoned']:,} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="timed part of each pass")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved passes (medians)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--part", choices=("all", "scaling", "memory"), default="all")
    parser.add_argument("--quick", action="store_true", help="a smoke run: seconds, not figures")
    args = parser.parse_args()
    seconds, repeats = (0.05, 1) if args.quick else (args.seconds, args.repeats)
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs\n")
    if args.part in ("all", "scaling"):
        print(
            "Batch scaling: ZF 4p, default configuration, 2 threads and 1, "
            f"{seconds:g} s a pass, median of {repeats}\n"
        )
        print("\n".join(scaling_lines(scaling(seconds, repeats, args.seed))))
    if args.part in ("all", "memory"):
        print(f"\nMemory after long play: {THREADS} threads, each row in a fresh process\n")
        print("\n".join(memory_lines(memory(args.quick))))


if __name__ == "__main__":
    main()
