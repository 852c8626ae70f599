"""``python tests/learned_models.py [--check]``: the small learned models of
``tests/data/learned/``, made from seeded NumPy weights with
:meth:`zhengfen.LearnedModel.from_arrays` (AI.md §7).

Each has two hidden layers of 32 and 16, two history rows, and input scales drawn in [0.5, 1.5]
(so a forward pass that ignored them would be caught): ``zheng_fen_4.safetensors`` and
``zen_cheng_you_4.safetensors`` stored as float32, ``zheng_fen_4_f16.safetensors`` as float16.
With ``--check`` nothing is written: the command says whether the stored files are the bytes a
fresh generation gives (exit 0) or not (exit 1).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Literal

import numpy as np

import zhengfen

FOLDER = Path(__file__).resolve().parent / "data" / "learned"
LAYERS = (32, 16)
HISTORY_ROWS = 2
MOVE_SIZE = zhengfen.MOVE_ROW

#: Each file: its name, game, players, seed and storage.
MODELS: tuple[tuple[str, str, int, int, Literal["float32", "float16"]], ...] = (
    ("zheng_fen_4.safetensors", "zheng_fen", 4, 1, "float32"),
    ("zen_cheng_you_4.safetensors", "zen_cheng_you", 4, 2, "float32"),
    ("zheng_fen_4_f16.safetensors", "zheng_fen", 4, 3, "float16"),
)


def metadata(game: str, players: int, layers: tuple[int, ...] = LAYERS) -> dict[str, str]:
    """The metadata of an untrained model."""
    training = {"decisions": 0, "seconds": 0.0, "core_hours": 0.0, "command": ""}
    return {
        "format": "zhengfen-dmc-1",
        "game": game,
        "players": str(players),
        "encoding_version": str(zhengfen.ENCODING_VERSION),
        "history_rows": str(HISTORY_ROWS),
        "layers": ",".join(str(size) for size in layers),
        "activation": "relu",
        "training": json.dumps(training),
        "made_by": "tests/learned_models.py",
    }


def weights(seed: int, layers: tuple[int, ...] = LAYERS) -> dict[str, np.ndarray]:
    """Seeded weights of the format's tensors, float32."""
    rng = np.random.default_rng(seed)
    state = zhengfen.OBSERVATION_SIZE + zhengfen.SCORES_SIZE + HISTORY_ROWS * zhengfen.HISTORY_ROW

    def normal(*shape: int, scale: float) -> np.ndarray:
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    out = {
        "input.state_scale": rng.uniform(0.5, 1.5, state).astype(np.float32),
        "input.move_scale": rng.uniform(0.5, 1.5, MOVE_SIZE).astype(np.float32),
        "layer0.state_weight": normal(state, layers[0], scale=0.15),
        "layer0.move_weight": normal(MOVE_SIZE, layers[0], scale=0.3),
        "layer0.bias": normal(layers[0], scale=0.1),
    }
    for i in range(1, len(layers)):
        out[f"layer{i}.weight"] = normal(layers[i - 1], layers[i], scale=layers[i - 1] ** -0.5)
        out[f"layer{i}.bias"] = normal(layers[i], scale=0.1)
    out["output.weight"] = normal(layers[-1], scale=layers[-1] ** -0.5)
    out["output.bias"] = normal(1, scale=0.1)
    return out


def build(game: str, players: int, seed: int) -> zhengfen.LearnedModel:
    """The model of ``game`` and ``players`` with the weights of ``seed``."""
    return zhengfen.LearnedModel.from_arrays(metadata(game, players), weights(seed))


def files() -> dict[str, bytes]:
    """Each file's name and bytes."""
    return {
        name: build(game, players, seed).to_bytes(dtype)
        for name, game, players, seed, dtype in MODELS
    }


def main(argv: list[str] | None = None) -> int:
    """Writes the files (or checks them with ``--check``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    check = parser.parse_args(argv).check
    stale = []
    for name, data in files().items():
        path = FOLDER / name
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(name)
        else:
            FOLDER.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if stale:
        print(f"stale: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
