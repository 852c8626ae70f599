"""Training a learned agent by Deep Monte Carlo (DMC), in the manner of DouZero (issue 21). The
``train`` extra (JAX, optax, matplotlib) is needed here; a trained model is a ``zhengfen-dmc-1``
safetensors file (AI.md §7) that plays with no training library (``learned(model=PATH)``).

One concept a module:

- :mod:`zhengfen.train.features`: the network's inputs: sample arrays to float32 state and move
  rows, and the fixed input scales (no JAX);
- :mod:`zhengfen.train.network`: the JAX network, exactly the model format's forward pass, its
  parameters named as the model's tensors, and the export to a model;
- :mod:`zhengfen.train.learner`: the training step (optax Adam, MSE on Monte Carlo returns);
- :mod:`zhengfen.train.checkpoint`: the files of a run;
- :mod:`zhengfen.train.evaluation`: points per match against greedy on fixed duplicate deals;
- :mod:`zhengfen.train.curve`: the learning curve, CSV and PNG.

Importing this package does not import JAX.
"""

from __future__ import annotations

__all__ = ["EXTRA"]

EXTRA = "install the train extra: pip install 'zhengfen[train]'"
"""What to do when JAX, optax or matplotlib is missing."""
