"""The network's inputs (model formats ``zhengfen-dmc-1`` and ``-2``, AI.md §7): the state
row ``x_s`` (the observation, the scores, then ``history`` rows of the play history, flattened)
and the move row ``x_m`` (the move's features), as float32, and the fixed input scales the
model carries (``input.state_scale``, ``input.move_scale``). No JAX here.

**The scales** bring every input to about ``[0, 1]``: each value is multiplied by 1 over the
largest value its field can take under the rules (AI.md §1): card counts by ``1 / decks``,
lengths and cards left by ``1 / (most cards in a hand)``, the points won by ``1 / (100 *
decks)``, places out by ``1 / players``, the game scores and the target by ``1 / target``
(Zen Cheng You scores can be negative, so those lie in about ``[-1, 1]``), flags and one-hots by
1. They depend only on the rules, never on data, and are stored in the model, so the learned
agent in Rust scales exactly as training did.

>>> import zhengfen
>>> scale = state_scale(zhengfen.Rules.zheng_fen(players=4), history=2)
>>> scale.shape, float(scale[0]), round(1 / float(scale[525]), 4)  # hand: 1 copy; 14 cards
((786,), 1.0, 14.0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

import zhengfen

__all__ = [
    "MOVE_SIZE",
    "compact",
    "inputs",
    "move_scale",
    "state_scale",
    "state_size",
]

MOVE_SIZE = zhengfen.MOVE_ROW
"""``M``: a move's features (90)."""

Floats = npt.NDArray[np.float32]


def state_size(history: int) -> int:
    """``S = 591 + 7 + 94 * history``."""
    return zhengfen.OBSERVATION_SIZE + zhengfen.SCORES_SIZE + zhengfen.HISTORY_ROW * history


def hand_size(rules: zhengfen.Rules) -> int:
    """The most cards one seat is dealt (27 in Zen Cheng You, 14 with four players)."""
    return math.ceil(54 * rules.decks / rules.players)


def combo_scale(rules: zhengfen.Rules) -> Floats:
    """Scale of a combination row (87): card counts, kind and rank one-hots, length."""
    return np.concatenate(
        [
            np.full(54, 1 / rules.decks),
            np.ones(13 + 19),
            [1 / hand_size(rules)],
        ]
    ).astype(np.float32)


def field_scales(rules: zhengfen.Rules) -> dict[str, Floats | float]:
    """Per observation field (``zhengfen.observation_fields()``): its scale, one number or a
    row; fields not named here are flags and one-hots (scale 1)."""
    cards = 1 / rules.decks
    return {
        "hand": cards,
        "table": combo_scale(rules),
        "trick_cards": cards,
        "played": cards,
        "cards_left": 1 / hand_size(rules),
        "points_won": 1 / (100 * rules.decks),
        "out_place": 1 / rules.players,
    }


def observation_scale(rules: zhengfen.Rules) -> Floats:
    """Scale of the observation (591), field by field."""
    scales = field_scales(rules)
    parts: list[Floats] = []
    for name, offset, size, _ in zhengfen.observation_fields():
        if offset != sum(len(p) for p in parts):
            raise RuntimeError(f"observation field {name} is not where the fields before end")
        value = scales.get(name, 1.0)
        row = np.broadcast_to(np.asarray(value, dtype=np.float32), (size,))
        parts.append(row.astype(np.float32))
    scale = np.concatenate(parts)
    if len(scale) != zhengfen.OBSERVATION_SIZE:
        raise RuntimeError("the observation fields do not cover the observation")
    return scale


def history_scale(rules: zhengfen.Rules) -> Floats:
    """Scale of one history row (94): a combination row, the player's seat, the pass flag."""
    return np.concatenate([combo_scale(rules), np.ones(7, dtype=np.float32)])


def state_scale(rules: zhengfen.Rules, history: int) -> Floats:
    """``input.state_scale`` (``S`` values) for these rules and history rows."""
    scores = np.full(zhengfen.SCORES_SIZE, 1 / rules.target, dtype=np.float32)
    rows = np.tile(history_scale(rules), history)
    return np.concatenate([observation_scale(rules), scores, rows]).astype(np.float32)


def move_scale(rules: zhengfen.Rules) -> Floats:
    """``input.move_scale`` (90 values): a combination row, then the three flags."""
    return np.concatenate([combo_scale(rules), np.ones(3, dtype=np.float32)])


def inputs(samples: Mapping[str, npt.NDArray[np.generic]]) -> tuple[Floats, Floats]:
    """The unscaled float32 rows ``(x_s [N, S], x_m [N, M])`` of ``zhengfen.selfplay``'s
    samples (``observation``, ``scores``, ``history``, ``move``)."""
    observation = samples["observation"]
    n = len(observation)
    history = samples["history"].reshape(n, -1)
    states = np.concatenate(
        [
            observation.astype(np.float32),
            samples["scores"].astype(np.float32),
            history.astype(np.float32),
        ],
        axis=1,
    )
    return states, samples["move"].astype(np.float32)


def compact(
    samples: Mapping[str, npt.NDArray[np.generic]],
) -> tuple[npt.NDArray[np.uint8], Floats, npt.NDArray[np.uint8]]:
    """The samples as the learner takes them, a quarter of the bytes of :func:`inputs`:
    ``codes`` (uint8 ``[N, 591 + 94 * H]``: the observation, then the history flattened), the
    scores (float32 ``[N, 7]``: they may pass 255 or fall below 0) and the moves (uint8
    ``[N, 90]``). :func:`zhengfen.train.network.assemble` makes the state rows of
    :func:`inputs` from them inside the compiled step."""
    observation = samples["observation"]
    history = samples["history"].reshape(len(observation), -1)
    codes = np.concatenate([observation, history], axis=1).astype(np.uint8, copy=False)
    scores = samples["scores"].astype(np.float32)
    return codes, scores, samples["move"].astype(np.uint8, copy=False)
