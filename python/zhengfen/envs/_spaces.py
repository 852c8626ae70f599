"""The spaces and observations both environments use, their seeds and their rendering (needs
Gymnasium, which PettingZoo depends on).

An observation is ``{"observation": vector, "scores": int32 vector, "action_mask": int8
vector}``: the seat's observation and scores (AI.md §1.1; the observation is bytes unless the
option ``dtype`` asks for the float32 view) and its mask of legal actions, all zeros when the
seat is not to move or the episode is over.
"""

from __future__ import annotations

from typing import Any, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from zhengfen import Game
from zhengfen._core import OBSERVATION_SIZE, PERFECT_OBSERVATION_SIZE, SCORES_SIZE
from zhengfen.envs._options import EnvOptions
from zhengfen.text import render_text

__all__ = [
    "Action",
    "Observation",
    "action_space",
    "draw_seed",
    "encode",
    "observation_space",
    "render",
]

#: An observation: ``{"observation": vector, "scores": int32 vector, "action_mask": int8 vector}``.
Observation = dict[str, npt.NDArray[Any]]
#: An action: an index into ``game.legal_moves()``.
Action = Union[int, np.integer[Any]]

_SEED_BOUND = 2**64


def observation_space(options: EnvOptions) -> spaces.Dict:
    """``Dict(observation=Box(0, 255, (D,), uint8 or float32), scores=Box(int32 bounds, (7,),
    int32), action_mask=Box(0, 1, (A,), int8))`` with ``D`` = ``zhengfen.OBSERVATION_SIZE``
    (``PERFECT_OBSERVATION_SIZE`` with perfect information) and ``A`` = ``max_actions``."""
    size = PERFECT_OBSERVATION_SIZE if options.perfect_information else OBSERVATION_SIZE
    bounds = np.iinfo(np.int32)
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 255, (size,), np.dtype(options.dtype)),
            "scores": spaces.Box(bounds.min, bounds.max, (SCORES_SIZE,), np.int32),
            "action_mask": spaces.Box(0, 1, (options.max_actions,), np.int8),
        }
    )


def action_space(options: EnvOptions) -> spaces.Discrete:
    """``Discrete(max_actions)``: action ``i`` is ``game.legal_moves()[i]``."""
    return spaces.Discrete(options.max_actions)


def encode(game: Game, seat: int, options: EnvOptions, active: bool = True) -> Observation:
    """``seat``'s observation: its observation tensor and its action mask (all zeros when it is
    not ``seat``'s turn, or when not ``active``: the episode is over)."""
    if active and game.current_player == seat:
        mask = game.action_mask(options.max_actions).astype(np.int8)
    else:
        mask = np.zeros(options.max_actions, dtype=np.int8)
    tensor = game.observation_tensor(
        seat, perfect_information=options.perfect_information, dtype=options.dtype
    )
    return {"observation": tensor, "scores": game.score_tensor(seat), "action_mask": mask}


def draw_seed(rng: np.random.Generator) -> int:
    """A game seed (``0 <= seed < 2**64``) drawn from ``rng``."""
    return int(rng.integers(0, _SEED_BOUND, dtype=np.uint64))


def render(game: Game, options: EnvOptions, mode: str | None) -> str | None:
    """The state as text for ``"ansi"``; printed for ``"human"``; a warning without a mode."""
    if mode is None:
        gymnasium.logger.warn("render() called without a render_mode: nothing to render")
        return None
    text = render_text(game, options.perfect_information)
    if mode == "human":
        print(text)
        return None
    return text
