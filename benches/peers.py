"""Random-play throughput of the peers on Dou Dizhu, driven from Python: OpenSpiel and RLCard.

This module owns the peer measurements only: each ``measure_*`` function plays whole games of one
peer for a time budget, with a uniformly random legal action (``random.Random(seed)``) at each
decision, after a short warm-up, and returns games, decisions, time, games/s, µs per decision and
the mean number of legal actions per decision.

- OpenSpiel ``dou_dizhu``: the deal is made of chance nodes (sampled from ``chance_outcomes()``);
  they are part of each game's cost but are not counted as decisions. Bidding is part of the game.
  It is measured bare (random play, no tensors) and as a learner would drive it: with the
  deciding player's observation tensor as a numpy array and a numpy mask of its legal actions at
  each decision.
- RLCard ``doudizhu``: the env deals on ``reset()`` and has no bidding (seat 0 is the landlord);
  ``measure_rlcard`` steps it by hand (``env.step`` with a random key of
  ``state["legal_actions"]``); ``measure_rlcard_run`` times the idiomatic ``env.run()`` with
  RLCard's ``RandomAgent`` (numpy's global generator, seeded).

The peers are imported when measured, not by this module, so it type-checks without them. They
live in their own venv:

    bash benches/peers_env.sh
    source "${PEERS_VENV:-/tmp/zhengfen-peers}/bin/activate"
    python benches/peers.py --seconds 5 --repeats 3
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.metadata
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any, TypedDict

import numpy as np

OPENSPIEL = "OpenSpiel dou_dizhu"
OPENSPIEL_TENSORS = "OpenSpiel dou_dizhu + observation tensor + mask"
"""The names of OpenSpiel's two rows: bare random games, and with the learner's tensors."""

WARMUP_FRACTION = 0.1
"""Part of each budget spent on untimed warm-up games before the timed ones."""


class PeerResult(TypedDict):
    """One timed run of one peer."""

    name: str
    version: str
    games: int
    decisions: int
    seconds: float
    games_per_s: float
    us_per_decision: float
    mean_legal: float


Measure = Callable[[float, int], PeerResult]
PlayOne = Callable[[], tuple[int, int]]
"""Plays one game; returns (decisions, legal actions summed over the decisions)."""


def import_peer(module: str, dist: str) -> tuple[Any, str]:
    """The peer's module and its installed version, or a RuntimeError saying how to get it."""
    try:
        return importlib.import_module(module), importlib.metadata.version(dist)
    except ImportError as err:
        raise RuntimeError(
            f"{dist} is not installed here: run `bash benches/peers_env.sh`, then activate the "
            "venv it prints (default /tmp/zhengfen-peers)"
        ) from err


def play_for(play: PlayOne, seconds: float) -> tuple[int, int, int, float]:
    """Whole games until ``seconds`` have passed: (games, decisions, legal summed, elapsed)."""
    games = decisions = legal = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        game_decisions, game_legal = play()
        games += 1
        decisions += game_decisions
        legal += game_legal
        elapsed = time.perf_counter() - start
    return games, decisions, legal, elapsed


def result(
    name: str, version: str, games: int, decisions: int, legal: int, seconds: float
) -> PeerResult:
    """A run's counts as a result, with its rates."""
    return {
        "name": name,
        "version": version,
        "games": games,
        "decisions": decisions,
        "seconds": seconds,
        "games_per_s": games / seconds,
        "us_per_decision": seconds * 1e6 / max(decisions, 1),
        "mean_legal": legal / max(decisions, 1),
    }


def timed(name: str, version: str, play: PlayOne, seconds: float) -> PeerResult:
    """Warm up on a small part of the budget, then time ``play`` for the whole budget."""
    play_for(play, seconds * WARMUP_FRACTION)
    return result(name, version, *play_for(play, seconds))


def openspiel_game(game: Any, rng: random.Random, tensors: bool = False) -> tuple[int, int]:
    """One OpenSpiel game: chance nodes sampled by their probabilities, players at random.
    With ``tensors``, each decision also reads the deciding player's observation tensor into a
    float32 array and its legal actions into a bool mask, as a learner would."""
    state = game.new_initial_state()
    num_actions = game.num_distinct_actions()
    decisions = legal = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights=probs)[0])
            continue
        actions = state.legal_actions()
        if tensors:
            np.asarray(state.observation_tensor(state.current_player()), dtype=np.float32)
            np.zeros(num_actions, dtype=bool)[actions] = True
        decisions += 1
        legal += len(actions)
        state.apply_action(rng.choice(actions))
    return decisions, legal


def measure_openspiel(seconds: float, seed: int) -> PeerResult:
    """OpenSpiel ``dou_dizhu``, random play from Python for ``seconds``."""
    pyspiel, version = import_peer("pyspiel", "open_spiel")
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    return timed(OPENSPIEL, version, lambda: openspiel_game(game, rng), seconds)


def measure_openspiel_tensors(seconds: float, seed: int) -> PeerResult:
    """OpenSpiel ``dou_dizhu`` with an observation tensor and a mask per decision."""
    pyspiel, version = import_peer("pyspiel", "open_spiel")
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    play = functools.partial(openspiel_game, game, rng, tensors=True)
    return timed(OPENSPIEL_TENSORS, version, play, seconds)


def rlcard_game(env: Any, rng: random.Random) -> tuple[int, int]:
    """One RLCard game stepped by hand: a random key of the ``legal_actions`` dict each turn."""
    state, _ = env.reset()
    decisions = legal = 0
    while not env.is_over():
        actions = list(state["legal_actions"])
        decisions += 1
        legal += len(actions)
        state, _ = env.step(rng.choice(actions))
    return decisions, legal


def measure_rlcard(seconds: float, seed: int) -> PeerResult:
    """RLCard ``doudizhu`` driven step by step from Python for ``seconds``."""
    rlcard, version = import_peer("rlcard", "rlcard")
    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)
    return timed("RLCard doudizhu", version, lambda: rlcard_game(env, rng), seconds)


def rlcard_run_game(env: Any) -> tuple[int, int]:
    """One ``env.run()`` game; decisions and legal counts read back from its trajectories."""
    trajectories, _ = env.run(is_training=False)
    decisions = legal = 0
    for trajectory in trajectories:
        # [state, action, state, action, ..., final state]: each state but the last was decided.
        for state in trajectory[:-1:2]:
            decisions += 1
            legal += len(state["legal_actions"])
    return decisions, legal


def measure_rlcard_run(seconds: float, seed: int) -> PeerResult:
    """RLCard ``doudizhu`` through ``env.run()`` with its ``RandomAgent``s, for ``seconds``."""
    rlcard, version = import_peer("rlcard", "rlcard")
    random_agent = importlib.import_module("rlcard.agents").RandomAgent
    importlib.import_module("numpy").random.seed(seed)  # RandomAgent draws from numpy's global
    env = rlcard.make("doudizhu", config={"seed": seed})
    env.set_agents([random_agent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return timed("RLCard doudizhu env.run", version, lambda: rlcard_run_game(env), seconds)


PEERS: tuple[Measure, ...] = (
    measure_openspiel,
    measure_openspiel_tensors,
    measure_rlcard,
    measure_rlcard_run,
)


def measure_peers(seconds: float, seed: int, repeats: int) -> list[PeerResult]:
    """Each peer ``repeats`` times, interleaved, seed ``seed + r`` in pass ``r``: a dict a run."""
    return [measure(seconds, seed + r) for r in range(repeats) for measure in PEERS]


def table(results: list[PeerResult]) -> list[str]:
    """A Markdown table: medians of games/s and µs/decision, legal moves over all decisions."""
    lines = [
        "| peer | version | runs | games/s | µs/decision | legal moves/decision |",
        "|---|---|---|---|---|---|",
    ]
    for name in dict.fromkeys(r["name"] for r in results):
        runs = [r for r in results if r["name"] == name]
        decisions = sum(r["decisions"] for r in runs)
        legal = sum(r["mean_legal"] * r["decisions"] for r in runs) / max(decisions, 1)
        games_per_s = statistics.median(r["games_per_s"] for r in runs)
        us = statistics.median(r["us_per_decision"] for r in runs)
        lines.append(
            f"| {name} | {runs[0]['version']} | {len(runs)} | {games_per_s:,.0f} "
            f"| {us:.1f} | {legal:.1f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="timed budget per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per peer (medians)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    results = measure_peers(args.seconds, args.seed, args.repeats)
    print(
        f"Python {platform.python_version()}, {platform.machine()}, random play, "
        f"{args.seconds:g} s a run, median of {args.repeats}"
    )
    print()
    print("\n".join(table(results)))


if __name__ == "__main__":
    main()
