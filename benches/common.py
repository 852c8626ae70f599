"""What the Python benchmarks share: the rule sets they time and how each implementation builds
them, the ``VecGame`` configurations they compare, and the learner's loop that steps a batch."""

from __future__ import annotations

import time
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

import zhengfen

RULE_SETS: dict[str, dict[str, Any]] = {
    "zheng_fen 3": {"players": 3},
    "zheng_fen 4": {"players": 4},
    "zheng_fen 6": {"players": 6},
    "zen_cheng_you": {},
}

VEC_CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "float32+dense": {"dtype": "float32", "mask": "dense"},
    "copy=True": {"copy": True},
}
"""``VecGame`` keyword arguments by configuration name: the default one (``uint8``, no mask,
``copy=False``, 8 history rows: AI.md §2), the convenience one (``float32`` with the dense mask),
and the default with a fresh set of arrays every step."""

MEMORY_LIMIT = 8 << 30
"""The most memory a ``VecGame`` may reckon to take before it is refused (AI.md §2)."""


def rules_for(module: ModuleType, name: str) -> Any:
    """The rule set ``name`` built with ``module`` (``zhengfen`` or ``zhengfen.reference``)."""
    preset = module.Rules.zheng_fen if name.startswith("zheng_fen") else module.Rules.zen_cheng_you
    return preset(**RULE_SETS[name])


def random_policy(
    observation: npt.NDArray[Any],
    history: npt.NDArray[Any],
    num_legal: npt.NDArray[np.int64],
    max_actions: int,
    rng: np.random.Generator,
) -> npt.NDArray[np.int64]:
    """The learner's policy, stood in for: it is handed what a real policy reads every step (the
    observation, the history and the legal count) and draws a uniformly random legal action per
    game with numpy. The tensors are passed along, not processed: processing them is the
    learner's own cost, not the engine's."""
    del observation, history
    offered = np.minimum(num_legal, max_actions)
    return (rng.random(len(offered)) * offered).astype(np.int64)


Counts = tuple[int, int, int, float]
"""(episodes ended, game-steps, legal moves summed, seconds)."""


def learner_loop(
    batch: zhengfen.VecGame,
    seconds: float,
    seed: int,
    steps: int | None = None,
    warmup: float = 0.0,
) -> Counts:
    """Steps ``batch`` from ``reset(seed)``, every seat a learner seat, through
    :func:`random_policy`: first ``warmup`` seconds untimed, then ``seconds`` (or ``steps``
    steps, if given) counted."""
    rng = np.random.default_rng(seed)
    obs = batch.reset(seed)
    obs, _ = play(batch, obs, rng, warmup, None)
    return play(batch, obs, rng, seconds, steps)[1]


def play(
    batch: zhengfen.VecGame,
    obs: dict[str, npt.NDArray[Any]],
    rng: np.random.Generator,
    seconds: float,
    steps: int | None,
) -> tuple[dict[str, npt.NDArray[Any]], Counts]:
    """The learner's steps from ``obs`` for ``seconds`` (or ``steps`` steps): the last
    observations and the counts."""
    episodes = game_steps = legal = taken = 0
    start = time.perf_counter()
    deadline = start + seconds
    while taken < steps if steps is not None else time.perf_counter() < deadline:
        num_legal = obs["num_legal"]
        actions = random_policy(
            obs["observation"], obs["history"], num_legal, batch.max_actions, rng
        )
        legal += int(num_legal.sum())
        obs, _, dones = batch.step(actions)
        taken += 1
        game_steps += len(actions)
        episodes += int(dones.sum())
    return obs, (episodes, game_steps, legal, time.perf_counter() - start)


def bytes_per_game_step(rules: zhengfen.Rules, **options: Any) -> int:
    """Bytes a ``VecGame`` with ``options`` writes per game and step, read off its arrays: every
    array of the observation dictionary (observation, scores, history, mask if any,
    ``current_player``, ``num_legal``) and the rewards and dones."""
    games = 4
    batch = zhengfen.VecGame(rules, games, 0, **options)
    obs, rewards, dones = batch.step(np.zeros(games, dtype=np.int64))
    arrays = [*obs.values(), rewards, dones]
    return sum(int(array.nbytes) for array in arrays) // games
