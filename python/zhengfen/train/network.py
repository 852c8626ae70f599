"""The JAX network: exactly the forward pass of the model formats ``zhengfen-dmc-1`` and
``zhengfen-dmc-2`` (AI.md §7.1), its parameters named as the model's tensors, so that exporting
it is a rename-free copy:

```
a  = (x_s * state_scale) @ layer0.state_weight + layer0.bias
z0 = a + (x_m * move_scale) @ layer0.move_weight
h  = relu(z0)
for i in 1..L-1:
    y = relu(h @ layer{i}.weight + layer{i}.bias)
    h = y + h   if residual and h_{i-1} == h_i   else y
q  = h . output.weight + output.bias[0]
```

A plain network (``residual`` false) is exported as ``zhengfen-dmc-1``, byte for byte the model
of the runs before residual networks; a residual one as ``zhengfen-dmc-2`` with ``residual`` =
``true``. The input scales are constants of the run (:mod:`zhengfen.train.features`), not
trained. The start: He-normal hidden weights (suited to ReLU), the weights of a residual block
(a layer that adds its input) shrunk by ``1 / sqrt(blocks)`` so that the sum of the blocks
starts at about the scale of one layer, zero biases, small output weights and the output bias
at the mean return (``mean_return``: ``100 / players`` match points in Zheng Fen,
0 in Zen Cheng You, whose return is a margin), so that the first rounds fit the differences
between moves rather than the level.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

import zhengfen
from zhengfen.errors import ModelError
from zhengfen.train import features

__all__ = ["Network", "Params", "assemble", "forward", "init_params", "mean_return", "tensor_names"]

Params = dict[str, jax.Array]
"""The trainable tensors, by the model's tensor names."""

FORMAT = "zhengfen-dmc-1"
FORMAT_RESIDUAL = "zhengfen-dmc-2"


def tensor_names(layers: tuple[int, ...]) -> list[str]:
    """The trainable tensors' names for these hidden sizes, in the format's order.

    >>> tensor_names((8, 4))
    ['layer0.state_weight', 'layer0.move_weight', 'layer0.bias', 'layer1.weight', \
'layer1.bias', 'output.weight', 'output.bias']
    """
    names = ["layer0.state_weight", "layer0.move_weight", "layer0.bias"]
    for i in range(1, len(layers)):
        names += [f"layer{i}.weight", f"layer{i}.bias"]
    return [*names, "output.weight", "output.bias"]


def mean_return(rules: zhengfen.Rules) -> float:
    """Where the output bias starts: the mean return of a seat under even play."""
    return 0.0 if rules.game == "zen_cheng_you" else 100.0 / rules.players


@dataclass(frozen=True)
class Network:
    """The network's shape and constants for one rule set: the hidden sizes, the history rows,
    whether the layers of equal widths add their input (``residual``), and the input scales."""

    rules: zhengfen.Rules
    layers: tuple[int, ...]
    history: int
    residual: bool = False

    @property
    def blocks(self) -> list[int]:
        """The hidden layers that add their input: with ``residual``, each ``i >= 1`` whose
        input and output widths are equal.

        >>> rules = zhengfen.Rules.zheng_fen(players=4)
        >>> Network(rules, (8, 8, 4, 4), 0, residual=True).blocks
        [1, 3]
        """
        sizes = self.layers
        return [i for i in range(1, len(sizes)) if self.residual and sizes[i - 1] == sizes[i]]

    @property
    def state_size(self) -> int:
        return features.state_size(self.history)

    def scales(self) -> dict[str, npt.NDArray[np.float32]]:
        """``input.state_scale`` and ``input.move_scale``."""
        return {
            "input.state_scale": features.state_scale(self.rules, self.history),
            "input.move_scale": features.move_scale(self.rules),
        }

    def metadata(self, training: Mapping[str, Any]) -> dict[str, str]:
        """The model's ``__metadata__``; ``training`` as the format's ``training`` object (its
        required keys zero where ``training`` lacks them: an untrained model)."""
        budget = {"decisions": 0, "seconds": 0.0, "core_hours": 0.0, "command": "", **training}
        kind = {"format": FORMAT_RESIDUAL, "residual": "true"} if self.residual else {}
        return {
            "format": FORMAT,
            "game": self.rules.game,
            "players": str(self.rules.players),
            "encoding_version": str(zhengfen.ENCODING_VERSION),
            "history_rows": str(self.history),
            "layers": ",".join(str(size) for size in self.layers),
            "activation": "relu",
            "training": json.dumps(budget, sort_keys=True),
            **kind,
        }

    def tensors(self, params: Params) -> dict[str, npt.NDArray[np.float32]]:
        """Every tensor of the model: the parameters and the input scales, float32."""
        arrays = {name: np.asarray(params[name], dtype=np.float32) for name in params}
        return {**self.scales(), **arrays}

    def params_of(self, tensors: Mapping[str, npt.NDArray[np.float32]]) -> Params:
        """The trainable parameters of a model's tensors (a checkpoint, ``--init``), checked
        against this network's shapes."""
        expected = {
            name: value.shape for name, value in init_params(jax.random.key(0), self).items()
        }
        params: Params = {}
        for name, shape in expected.items():
            if name not in tensors or tuple(tensors[name].shape) != shape:
                raise ModelError(f"the model's {name} is not a tensor of shape {list(shape)}")
            params[name] = jnp.asarray(tensors[name], dtype=jnp.float32)
        return params


def init_params(key: jax.Array, network: Network) -> Params:
    """The starting parameters (see the module's docstring)."""
    sizes = [network.state_size + features.MOVE_SIZE, *network.layers]
    keys = jax.random.split(key, len(sizes) + 1)

    def he(k: jax.Array, rows: int, fan_in: int, cols: int) -> jax.Array:
        return jax.random.normal(k, (rows, cols), jnp.float32) * jnp.sqrt(2.0 / fan_in)

    first = network.layers[0]
    params: Params = {
        "layer0.state_weight": he(keys[0], network.state_size, sizes[0], first),
        "layer0.move_weight": he(keys[1], features.MOVE_SIZE, sizes[0], first),
        "layer0.bias": jnp.zeros(first, jnp.float32),
    }
    blocks = network.blocks
    for i in range(1, len(network.layers)):
        rows, cols = network.layers[i - 1], network.layers[i]
        shrink = 1.0 / np.sqrt(len(blocks)) if i in blocks else 1.0
        params[f"layer{i}.weight"] = he(keys[i + 1], rows, rows, cols) * shrink
        params[f"layer{i}.bias"] = jnp.zeros(cols, jnp.float32)
    last = network.layers[-1]
    params["output.weight"] = jax.random.normal(keys[-1], (last,), jnp.float32) / last
    params["output.bias"] = jnp.full((1,), mean_return(network.rules), jnp.float32)
    return params


def forward(
    params: Params,
    scales: Mapping[str, jax.Array | npt.NDArray[np.float32]],
    states: jax.Array | npt.NDArray[np.float32],
    moves: jax.Array | npt.NDArray[np.float32],
    residual: bool = False,
) -> jax.Array:
    """Q of each (state, move) row pair: ``states`` ``[n, S]``, ``moves`` ``[n, M]``, unscaled;
    returns ``[n]``. The format's forward pass, term by term; with ``residual``, each hidden
    layer after the first whose weight is square adds its input after the ReLU."""
    a = (states * scales["input.state_scale"]) @ params["layer0.state_weight"]
    a = a + params["layer0.bias"]
    h = jax.nn.relu(a + (moves * scales["input.move_scale"]) @ params["layer0.move_weight"])
    i = 1
    while f"layer{i}.weight" in params:
        weight = params[f"layer{i}.weight"]
        y = jax.nn.relu(h @ weight + params[f"layer{i}.bias"])
        h = y + h if residual and weight.shape[0] == weight.shape[1] else y
        i += 1
    result: jax.Array = h @ params["output.weight"] + params["output.bias"][0]
    return result


def assemble(
    codes: jax.Array | npt.NDArray[np.uint8], scores: jax.Array | npt.NDArray[np.float32]
) -> jax.Array:
    """The state rows ``x_s`` (float32) of :func:`zhengfen.train.features.compact`'s ``codes``
    (observation then history, uint8) and scores: observation, scores, history."""
    split = zhengfen.OBSERVATION_SIZE
    values = jnp.asarray(codes).astype(jnp.float32)
    return jnp.concatenate([values[:, :split], jnp.asarray(scores), values[:, split:]], axis=1)
