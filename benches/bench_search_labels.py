"""Actor speed of search-labelled self-play (``zhengfen.selfplay(..., search=N)``, AI.md
§8.1) beside plain Monte Carlo self-play, with the shipped models (4-player Zheng Fen:
128-128, 4 history rows; Zen Cheng You as shipped), epsilon 0.05, one thread.

Per configuration, the median over ``--repeats`` calls on the same episodes of:

- ``decisions/s``: the learner's non-forced decisions (each searched with ``search``) per
  second of the process's CPU time (every thread's, which on a machine shared with other work
  estimates what an idle core gives), and per second of wall time;
- ``samples/s``: the rows a learner trains on (one per decision without a search; one per root
  move the search tried with it);
- ``rows a decision`` and the time a searched decision takes.

Run: ``python benches/bench_search_labels.py --repeats 3``
"""

from __future__ import annotations

import argparse
import statistics
import time

import zhengfen

RULES = (
    ("Zheng Fen 4p", zhengfen.Rules.zheng_fen(players=4), 24),
    ("Zen Cheng You", zhengfen.Rules.zen_cheng_you(), 6),
)
SEARCHES: tuple[int | None, ...] = (None, 16, 32, 64)


def measure(
    rules: zhengfen.Rules, episodes: int, search: int | None, repeats: int
) -> dict[str, float]:
    """Median rates of ``repeats`` calls of one configuration."""
    model = zhengfen.LearnedModel.shipped(rules)
    walls, cpus, played = [], [], None
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        played = zhengfen.selfplay(rules, model, episodes, 3, epsilon=0.05, search=search)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
    assert played is not None
    decisions = int(played["played"].sum())
    samples = len(played["target"])
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    return {
        "decisions": decisions,
        "samples": samples,
        "per_cpu": decisions / cpu,
        "per_wall": decisions / wall,
        "samples_per_cpu": samples / cpu,
        "ms": 1000 * cpu / decisions,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(
        "| rules | search | decisions | decisions/CPU-s | decisions/wall-s | samples/CPU-s "
        "| rows a decision | ms a decision |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, rules, episodes in RULES:
        for search in SEARCHES:
            r = measure(rules, episodes, search, args.repeats)
            label = "none (DMC)" if search is None else str(search)
            print(
                f"| {name} | {label} | {r['decisions']:,} | {r['per_cpu']:,.0f} | "
                f"{r['per_wall']:,.0f} | {r['samples_per_cpu']:,.0f} | "
                f"{r['samples'] / r['decisions']:.1f} | {r['ms']:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
