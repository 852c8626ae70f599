"""Growing a trained model into a bigger network that computes the same Q (``--init MODEL``
with wider ``--layers`` or more ``--history`` rows; AI.md §8).

A run that starts from a trained model need not keep its size: the bigger network starts
where the model stands instead of from random weights, so capacity can be measured without
retraining from scratch. Growing keeps every Q the model gives, to float32 rounding:

- **more history rows**: the rows are appended at the end of the state (``features``), and the
  model's units get zero weights from them, so the new rows change nothing until trained;
- **wider layers**: each layer's new units have fresh weights from every unit below them (the
  network's own start, :func:`zhengfen.train.network.init_params`), and zero weights into
  every unit above them and into the output, so the model's units compute what they did.
  Their outgoing weights get gradients from the first step (the new units are active), and
  their incoming ones from then on.

The number of layers and ``residual`` are the model's: a residual block (a layer whose input
and output widths are equal) stays one only if both widths grow alike, so a growth that
would make or break a block is refused, as is a smaller size anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from zhengfen.errors import ArgumentError
from zhengfen.train.network import Network, Params, init_params

__all__ = ["grown", "why_not"]


def why_not(own: Network, bigger: Network) -> str | None:
    """Why ``own`` cannot grow into ``bigger`` (one clause), or ``None`` when it can."""
    if len(bigger.layers) != len(own.layers):
        return f"it has {len(own.layers)} layers, and growing keeps their number"
    if bigger.residual != own.residual:
        return "growing keeps whether the network is residual"
    if bigger.history < own.history:
        return f"it has {own.history} history rows, and growing cannot drop any"
    if any(new < old for new, old in zip(bigger.layers, own.layers, strict=True)):
        return "growing cannot narrow a layer"
    if bigger.blocks != own.blocks:
        return "growing would make or break a residual block (a layer as wide as the one below)"
    return None


def grown(
    tensors: Mapping[str, jax.Array | npt.NDArray[np.float32]],
    own: Network,
    bigger: Network,
    key: jax.Array,
) -> Params:
    """``bigger``'s parameters holding the model ``tensors`` (of network ``own``): the same Q
    for every state and move (see the module's docstring). ``ArgumentError`` (a ``ValueError``)
    with :func:`why_not`'s reason when it cannot grow."""
    reason = why_not(own, bigger)
    if reason is not None:
        raise ArgumentError(reason)
    fresh = {name: np.array(value) for name, value in init_params(key, bigger).items()}
    params = {name: _embed(fresh[name], np.asarray(tensors[name])) for name in fresh}
    # Inputs the model never had (new history rows) and units it never had feed none of its
    # units and not the output.
    params["layer0.state_weight"][own.state_size :, : own.layers[0]] = 0.0
    for i in range(1, len(own.layers)):
        params[f"layer{i}.weight"][own.layers[i - 1] :, : own.layers[i]] = 0.0
    params["output.weight"][own.layers[-1] :] = 0.0
    return {name: jnp.asarray(value, dtype=jnp.float32) for name, value in params.items()}


def _embed(fresh: npt.NDArray[np.float32], old: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """``fresh`` with ``old`` written over its leading corner (the model's own weights)."""
    out = fresh.astype(np.float32, copy=True)
    out[tuple(slice(0, n) for n in old.shape)] = old
    return out
