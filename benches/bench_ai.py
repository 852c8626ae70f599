"""zhengfen beside its peers, in one run: random games per second and microseconds per decision
for OpenSpiel's and RLCard's Dou Dizhu driven from Python, and for zhengfen driven three ways:
the Python loop (``Game.legal_moves`` + ``Game.play``), the batched ``VecGame`` (observations,
masks and rewards as numpy arrays every step) and Rust ``rollouts``.

A zhengfen "game" here is one match: one deal played out, like one game of Dou Dizhu. Every
measurement is a random legal move at each decision; the mean number of legal moves per decision
is printed beside each. Runs are interleaved over ``--repeats`` passes; the tables give medians.

    bash benches/peers_env.sh                       # once: a venv with the peers and zhengfen
    source "${PEERS_VENV:-/tmp/zhengfen-peers}/bin/activate"
    python benches/bench_ai.py --seconds 3 --repeats 3
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

import zhengfen
from peers import PEERS, PeerResult, result, table, timed

RULES: dict[str, zhengfen.Rules] = {
    "ZF 3p": zhengfen.Rules.zheng_fen(players=3),
    "ZF 4p": zhengfen.Rules.zheng_fen(players=4),
    "ZCY": zhengfen.Rules.zen_cheng_you(),
}
BATCH = 512
"""Games in each VecGame."""

Measure = Callable[[float, int], PeerResult]


def loop_game(rules: zhengfen.Rules, rng: random.Random) -> tuple[int, int]:
    """One match played from Python: (decisions, legal moves summed)."""
    game = zhengfen.Game(rules, rng.getrandbits(64))
    decisions = legal = 0
    while not game.match_over:
        moves = game.legal_moves()
        decisions += 1
        legal += len(moves)
        game.play(rng.choice(moves))
    return decisions, legal


def measure_loop(label: str, rules: zhengfen.Rules) -> Measure:
    def measure(seconds: float, seed: int) -> PeerResult:
        rng = random.Random(seed)
        return timed(f"zhengfen {label} Python loop", "", lambda: loop_game(rules, rng), seconds)

    return measure


def vec_for(batch: zhengfen.VecGame, seconds: float, seed: int) -> tuple[int, int, int, float]:
    """Steps ``batch`` with random legal actions for ``seconds``: games, decisions, legal, time."""
    rng = np.random.default_rng(seed)
    obs = batch.reset(seed)
    games = decisions = legal = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        offered = np.minimum(obs["num_legal"], batch.max_actions)
        legal += int(obs["num_legal"].sum())
        obs, _, dones = batch.step((rng.random(len(offered)) * offered).astype(np.int64))
        decisions += len(offered)
        games += int(dones.sum())
    return games, decisions, legal, elapsed


def measure_vec(
    label: str, rules: zhengfen.Rules, threads: int, copy: bool, learner_only: bool = False
) -> Measure:
    """Every seat stepped from Python; with ``learner_only``, one learner seat and random agents
    played in Rust in the others."""

    def measure(seconds: float, seed: int) -> PeerResult:
        agents = [None] + ["random"] * (rules.players - 1) if learner_only else None
        batch = zhengfen.VecGame(rules, BATCH, seed, threads=threads, copy=copy, agents=agents)
        vec_for(batch, seconds * 0.1, seed)
        seats = "1 learner + Rust random, " if learner_only else ""
        name = f"zhengfen {label} VecGamex{BATCH} {seats}threads={threads} copy={copy}"
        return result(name, "", *vec_for(batch, seconds, seed))

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
        name = f"zhengfen {label} rollouts threads={threads}"
        return result(name, "", games, decisions, legal, elapsed)

    return measure


def ours(only: str | None = None) -> list[Measure]:
    """Every measurement of zhengfen, or those whose description contains ``only``."""
    measures: list[tuple[str, Measure]] = []
    for label, rules in RULES.items():
        measures.append((f"{label} loop", measure_loop(label, rules)))
        measures += [
            (f"{label} vec threads={t} copy={c}", measure_vec(label, rules, t, c))
            for t in (1, 2)
            for c in (True, False)
        ]
        measures.append((f"{label} vec agents", measure_vec(label, rules, 2, False, True)))
        measures += [(f"{label} rollouts {t}", measure_rollouts(label, rules, t)) for t in (1, 2)]
    return [m for name, m in measures if only is None or only in name]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="timed budget per run")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved passes (medians)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-peers", action="store_true", help="skip OpenSpiel and RLCard")
    parser.add_argument("--only", default=None, help="only our measurements containing this")
    args = parser.parse_args()
    results: list[PeerResult] = []
    for r in range(args.repeats):
        if not args.no_peers:
            for measure in PEERS:
                settle()
                results.append(measure(args.seconds, args.seed + r))
        for measure in ours(args.only):
            settle()
            results.append(measure(args.seconds, args.seed + r))
    print(
        f"Python {platform.python_version()}, {platform.machine()}, zhengfen "
        f"{zhengfen.__name__}, random play, {args.seconds:g} s a run, median of {args.repeats}\n"
    )
    print("\n".join(table(results)))
    ratios(results)


def settle() -> None:
    """Collects garbage and freezes what is left, so that no measurement pays for the cyclic
    collector walking the objects an earlier one left behind (the peers' imports and games)."""
    gc.collect()
    gc.freeze()


def median(results: list[PeerResult], name: str, key: str) -> float:
    values = [float(r[key]) for r in results if r["name"] == name]  # type: ignore[literal-required]
    return statistics.median(values) if values else float("nan")


def ratios(results: list[PeerResult]) -> None:
    """The two targets: VecGame ≥ 20x OpenSpiel's games/s; the loop no slower per decision."""
    spiel = "OpenSpiel dou_dizhu"
    if not any(r["name"] == spiel for r in results):
        return
    games, us = median(results, spiel, "games_per_s"), median(results, spiel, "us_per_decision")
    print()
    for r in dict.fromkeys(r["name"] for r in results if r["name"].startswith("zhengfen")):
        ratio = median(results, r, "games_per_s") / games
        per_decision = median(results, r, "us_per_decision") / us
        print(f"- {r}: {ratio:.1f}x OpenSpiel's games/s, {per_decision:.2f}x its µs/decision")


if __name__ == "__main__":
    main()
