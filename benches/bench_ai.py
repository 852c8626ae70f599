"""zhengfen beside its peers, in one run: random games per second and microseconds per decision
for OpenSpiel's and RLCard's Dou Dizhu driven from Python, and for zhengfen driven three ways:
the Python loop (``Game.legal_moves`` + ``Game.play``), the batched ``VecGame`` (the learner's
arrays every step) and Rust ``rollouts``; then the ratios that issue 12's targets name.

A zhengfen "game" here is one match: one deal played out, like one game of Dou Dizhu. Every
measurement is a random legal move at each decision; the mean number of legal moves per decision
is printed beside each. Runs are interleaved over ``--repeats`` passes; the tables give medians.

- Python loop: ``legal_moves()`` and ``play`` of a random one; for Zen Cheng You also "with
  tensors": ``observation_tensor`` and an 8-row ``history_tensor`` of the deciding seat too.
- ``VecGame`` of 512 games, every seat a learner seat, in the configurations of
  ``common.VEC_CONFIGS``: each step the learner is handed ``observation``, ``history`` and
  ``num_legal`` and draws random legal actions with numpy (``common.learner_loop``).
- ``rollouts``: whole random matches in Rust, no tensors.

    bash benches/peers_env.sh                       # once: a venv with the peers and zhengfen
    source "${PEERS_VENV:-/tmp/zhengfen-peers}/bin/activate"
    python benches/bench_ai.py --seconds 3 --repeats 3
"""

from __future__ import annotations

import argparse
import gc
import math
import platform
import random
import statistics
import time
from collections.abc import Callable

import zhengfen
from common import VEC_CONFIGS, bytes_per_game_step, learner_loop
from peers import OPENSPIEL, PEERS, WARMUP_FRACTION, PeerResult, result, table, timed

RULES: dict[str, zhengfen.Rules] = {
    "ZF 4p": zhengfen.Rules.zheng_fen(players=4),
    "ZF 3p": zhengfen.Rules.zheng_fen(players=3),
    "ZCY": zhengfen.Rules.zen_cheng_you(),
}
BATCH = 512
"""Games in each VecGame."""
HISTORY_ROWS = 8
"""History rows of the Python loop's ``history_tensor``, as VecGame's default."""
VEC_ROWS: tuple[tuple[str, int], ...] = (
    ("default", 1),
    ("default", 2),
    ("float32+dense", 2),
    ("copy=True", 2),
)
"""The VecGame rows of each rule set: (configuration, threads)."""

Measure = Callable[[float, int], PeerResult]


def loop_name(label: str, tensors: bool = False) -> str:
    return f"zhengfen {label} Python loop" + (" with tensors" if tensors else "")


def vec_name(label: str, config: str, threads: int) -> str:
    return f"zhengfen {label} VecGame x{BATCH} {config} threads={threads}"


def rollouts_name(label: str, threads: int) -> str:
    return f"zhengfen {label} rollouts threads={threads}"


def loop_game(rules: zhengfen.Rules, rng: random.Random, tensors: bool) -> tuple[int, int]:
    """One match played from Python: (decisions, legal moves summed)."""
    game = zhengfen.Game(rules, rng.getrandbits(64))
    decisions = legal = 0
    while not game.match_over:
        if tensors:
            seat = game.current_player
            assert seat is not None
            game.observation_tensor(seat)
            game.history_tensor(seat, HISTORY_ROWS)
        moves = game.legal_moves()
        decisions += 1
        legal += len(moves)
        game.play(rng.choice(moves))
    return decisions, legal


def measure_loop(label: str, rules: zhengfen.Rules, tensors: bool) -> Measure:
    def measure(seconds: float, seed: int) -> PeerResult:
        rng = random.Random(seed)
        return timed(loop_name(label, tensors), "", lambda: loop_game(rules, rng, tensors), seconds)

    return measure


def measure_vec(label: str, rules: zhengfen.Rules, config: str, threads: int) -> Measure:
    def measure(seconds: float, seed: int) -> PeerResult:
        options = VEC_CONFIGS[config]
        batch = zhengfen.VecGame(rules, BATCH, seed, threads=threads, **options)
        counts = learner_loop(batch, seconds, seed, warmup=seconds * WARMUP_FRACTION)
        return result(vec_name(label, config, threads), "", *counts)

    return measure


def measure_rollouts(label: str, rules: zhengfen.Rules, threads: int) -> Measure:
    def measure(seconds: float, seed: int) -> PeerResult:
        agents = ["random"] * rules.players
        games = decisions = legal = 0
        chunk = 2000
        zhengfen.rollouts(rules, agents, chunk // 10, seed, matches=1, threads=threads)
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            out = zhengfen.rollouts(rules, agents, chunk, seed + games, matches=1, threads=threads)
            games += chunk
            decisions += int(out["decisions"].sum())
            legal += int(out["legal"].sum())
        return result(rollouts_name(label, threads), "", games, decisions, legal, elapsed)

    return measure


def ours(only: str | None = None) -> list[Measure]:
    """Every measurement of zhengfen, or those whose row name contains ``only``."""
    measures: list[tuple[str, Measure]] = []
    for label, rules in RULES.items():
        measures.append((loop_name(label), measure_loop(label, rules, False)))
        if label == "ZCY":
            measures.append((loop_name(label, True), measure_loop(label, rules, True)))
        measures += [
            (vec_name(label, config, t), measure_vec(label, rules, config, t))
            for config, t in VEC_ROWS
        ]
        measures += [(rollouts_name(label, t), measure_rollouts(label, rules, t)) for t in (1, 2)]
    return [m for name, m in measures if only is None or only in name]


def settle() -> None:
    """Collects garbage and freezes what is left, so that no measurement pays for the cyclic
    collector walking the objects an earlier one left behind (the peers' imports and games)."""
    gc.collect()
    gc.freeze()


def median(results: list[PeerResult], name: str, key: str) -> float:
    """The median of ``key`` over the runs of row ``name``; NaN if it was not measured."""
    values = [float(r[key]) for r in results if r["name"] == name]  # type: ignore[literal-required]
    return statistics.median(values) if values else math.nan


def games_ratio(results: list[PeerResult], top: str, bottom: str) -> float:
    """Row ``top``'s games per second over row ``bottom``'s; NaN if either is missing or 0."""
    below = median(results, bottom, "games_per_s")
    return median(results, top, "games_per_s") / below if below else math.nan


def verdict(value: float, target: float, at_least: bool) -> str:
    if math.isnan(value):
        return "not measured"
    return "met" if (value >= target if at_least else value <= target) else "missed"


def ratio_line(results: list[PeerResult], top: str, bottom: str, target: float | None) -> str:
    """``top`` ÷ ``bottom`` in games per second, with the target's verdict if it has one; empty
    for a ratio that is no target and was not measured."""
    ratio = games_ratio(results, top, bottom)
    if target is None:
        return "" if math.isnan(ratio) else f"- {top} ÷ {bottom}: {ratio:.2f}x"
    shown = "not measured" if math.isnan(ratio) else f"{ratio:.2f}x"
    return f"- {top} ÷ {bottom}: {shown} (target ≥ {target:.3g}x: {verdict(ratio, target, True)})"


def target_lines(results: list[PeerResult]) -> list[str]:
    """The ratios issue 12's targets name, each with met or missed where it is a target."""
    lines: list[str] = []
    for label in RULES:
        for threads in (1, 2):
            vec = vec_name(label, "default", threads)
            main = label == "ZF 4p" and threads == 2
            lines.append(ratio_line(results, vec, OPENSPIEL, 20 if main else None))
            on_target = threads == 2 and label in ("ZF 4p", "ZCY")
            rollouts = rollouts_name(label, threads)
            lines.append(ratio_line(results, vec, rollouts, 2 / 3 if on_target else None))
        dense = vec_name(label, "float32+dense", 2)
        lines.append(ratio_line(results, dense, OPENSPIEL, 10 if label == "ZF 4p" else None))
        roll = rollouts_name(label, 2)
        lines.append(ratio_line(results, roll, OPENSPIEL, 40 if label == "ZF 4p" else None))
    for name, target in ((loop_name("ZF 4p"), 0.5), (loop_name("ZCY", True), 2.0)):
        us = median(results, name, "us_per_decision")
        met = verdict(us, target, False)
        lines.append(f"- {name}: {us:.2f} µs/decision (target ≤ {target:g}: {met})")
    return [line for line in lines if line]


def scaling_lines(results: list[PeerResult]) -> list[str]:
    """Two threads over one, in games per second, for every row measured with both."""
    lines: list[str] = []
    for label in RULES:
        pairs = [(vec_name(label, c, 1), vec_name(label, c, 2)) for c in VEC_CONFIGS]
        pairs.append((rollouts_name(label, 1), rollouts_name(label, 2)))
        for one, two in pairs:
            ratio = games_ratio(results, two, one)
            if not math.isnan(ratio):
                lines.append(f"- {two.replace('threads=2', '2 threads ÷ 1')}: {ratio:.2f}x")
    return lines


def bytes_lines() -> list[str]:
    """A Markdown table: bytes each VecGame configuration writes per decision (game-step)."""
    lines = ["| configuration | " + " | ".join(RULES) + " |", "|---" * (len(RULES) + 1) + "|"]
    for config, options in VEC_CONFIGS.items():
        sizes = [bytes_per_game_step(rules, **options) for rules in RULES.values()]
        lines.append(f"| {config} | " + " | ".join(f"{size:,}" for size in sizes) + " |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="timed budget per run")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved passes (medians)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-peers", action="store_true", help="skip OpenSpiel and RLCard")
    parser.add_argument("--only", default=None, help="only our rows whose name contains this")
    args = parser.parse_args()
    results: list[PeerResult] = []
    for r in range(args.repeats):
        peers = () if args.no_peers else PEERS
        for measure in (*peers, *ours(args.only)):
            settle()
            results.append(measure(args.seconds, args.seed + r))
    print(
        f"Python {platform.python_version()}, {platform.machine()}, random play, "
        f"{args.seconds:g} s a run, median of {args.repeats}\n"
    )
    print("\n".join(table(results)))
    print("\nTargets of issue 12 (games/s ratios of the medians above):\n")
    print("\n".join(target_lines(results)))
    print("\nTwo threads against one:\n")
    print("\n".join(scaling_lines(results)))
    print("\nBytes written per decision (per game and step, from the arrays' sizes):\n")
    print("\n".join(bytes_lines()))


if __name__ == "__main__":
    main()
