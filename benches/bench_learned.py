"""Time per decision of the learned agent (AI.md §7), one thread, with a model of the size the
first attempt trained (hidden layers 256, 256, 128; 8 history rows; seeded random weights: the
arithmetic does not depend on what the weights are), or of the size ``--layers``,
``--history`` and ``--residual`` give (``--layers 256,256,256,256 --residual``: a
``zhengfen-dmc-2`` model of a first layer and three residual blocks of 256, AI.md §7.1).

Two measures per game:

- ``choose``: ``InfoSet.choose(model)`` on positions of greedy games where the mover has more
  than one legal move (forced moves use no network), each position timed as the best of
  ``--repeats`` calls; the median over positions, and the mean legal-move count. It includes
  the Python call (about 1 µs, see ``greedy`` beside it on the same positions).
- ``rollouts``: ``zhengfen.rollouts`` with the learned agent in every seat, one thread, one
  match a deal: wall time over every decision, forced ones (no network) and the game's own
  work included, with no Python in the loop.

Run: ``python benches/bench_learned.py --games 20``, or
``python benches/bench_learned.py --games 20 --layers 256,256,256,256 --history 4 --residual``
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

import zhengfen
from zhengfen.agents import GreedyAgent, observe
from zhengfen.train.arguments import parse_layers

LAYERS = (256, 256, 128)
HISTORY_ROWS = 8


def model_for(
    rules: zhengfen.Rules,
    seed: int = 0,
    layers: tuple[int, ...] = LAYERS,
    history: int = HISTORY_ROWS,
    residual: bool = False,
) -> zhengfen.LearnedModel:
    """An untrained model of these sizes for ``rules`` (``residual``: ``zhengfen-dmc-2``)."""
    rng = np.random.default_rng(seed)
    game = "zen_cheng_you" if rules.game == "zen_cheng_you" else "zheng_fen"
    state = zhengfen.OBSERVATION_SIZE + zhengfen.SCORES_SIZE + history * zhengfen.HISTORY_ROW
    sizes = [state, *layers]
    tensors = {
        "input.state_scale": np.ones(state, np.float32),
        "input.move_scale": np.ones(zhengfen.MOVE_ROW, np.float32),
        "layer0.state_weight": rng.normal(0, 0.05, (state, layers[0])).astype(np.float32),
        "layer0.move_weight": rng.normal(0, 0.1, (zhengfen.MOVE_ROW, layers[0])).astype(np.float32),
        "layer0.bias": np.zeros(layers[0], np.float32),
        "output.weight": rng.normal(0, 0.1, layers[-1]).astype(np.float32),
        "output.bias": np.zeros(1, np.float32),
    }
    for i in range(1, len(layers)):
        scale = sizes[i] ** -0.5
        tensors[f"layer{i}.weight"] = rng.normal(0, scale, (layers[i - 1], layers[i])).astype(
            np.float32
        )
        tensors[f"layer{i}.bias"] = np.zeros(layers[i], np.float32)
    training = {"decisions": 0, "seconds": 0.0, "core_hours": 0.0, "command": ""}
    metadata = {
        "format": "zhengfen-dmc-1",
        "game": game,
        "players": str(rules.players),
        "encoding_version": str(zhengfen.ENCODING_VERSION),
        "history_rows": str(history),
        "layers": ",".join(map(str, layers)),
        "activation": "relu",
        "training": json.dumps(training),
    }
    if residual:
        metadata.update(format="zhengfen-dmc-2", residual="true")
    return zhengfen.LearnedModel.from_arrays(metadata, tensors)


def positions(rules: zhengfen.Rules, games: int) -> list[zhengfen.InfoSet]:
    """The mover's view at every non-forced decision of greedy games."""
    out = []
    for seed in range(games):
        game = zhengfen.Game(rules, seed=seed)
        agent = GreedyAgent(seed)
        while (seat := game.current_player) is not None:
            moves = game.legal_moves()
            if len(moves) > 1:
                out.append(game.info_set(seat))
            game.play(agent.act(observe(game, seat), moves))
    return out


def best_time(
    info: zhengfen.InfoSet, agent: zhengfen.AgentSpec | zhengfen.LearnedModel | str, repeats: int
) -> float:
    """The fastest of ``repeats`` calls of ``info.choose(agent)``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        info.choose(agent)
        best = min(best, time.perf_counter() - start)
    return best


def rollout_time(rules: zhengfen.Rules, model: zhengfen.LearnedModel, deals: int) -> float:
    """Seconds per decision (forced ones included) of ``rollouts`` with the model in every
    seat, one thread."""
    start = time.perf_counter()
    out = zhengfen.rollouts(rules, [model] * rules.players, deals, matches=1)
    return (time.perf_counter() - start) / int(out["decisions"].sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="greedy games to draw positions")
    parser.add_argument("--repeats", type=int, default=5, help="calls per position")
    parser.add_argument("--deals", type=int, default=50, help="deals of the rollouts measure")
    parser.add_argument("--layers", type=parse_layers, default=LAYERS, help="hidden sizes")
    parser.add_argument("--history", type=int, default=HISTORY_ROWS, help="history rows")
    parser.add_argument(
        "--residual", action="store_true", help="zhengfen-dmc-2 with residual = true"
    )
    args = parser.parse_args()
    kind = " residual" if args.residual else ""
    print(f"model {'-'.join(map(str, args.layers))}{kind}, {args.history} history rows, one thread")
    print(
        f"{'rules':<15}{'positions':>10}{'moves':>8}{'learned':>12}{'greedy':>10}{'rollouts':>12}"
    )
    for label, rules in (
        ("zheng_fen 4", zhengfen.Rules.zheng_fen(players=4)),
        ("zen_cheng_you", zhengfen.Rules.zen_cheng_you()),
    ):
        model = model_for(rules, 0, args.layers, args.history, args.residual)
        views = positions(rules, args.games)
        moves = statistics.mean(len(v.legal_moves()) for v in views)
        learned = statistics.median(best_time(v, model, args.repeats) for v in views)
        greedy = statistics.median(best_time(v, "greedy", args.repeats) for v in views)
        per_decision = rollout_time(rules, model, args.deals)
        print(
            f"{label:<15}{len(views):>10}{moves:>8.1f}{learned * 1e6:>10.1f}µs"
            f"{greedy * 1e6:>8.1f}µs{per_decision * 1e6:>10.1f}µs"
        )


if __name__ == "__main__":
    main()
