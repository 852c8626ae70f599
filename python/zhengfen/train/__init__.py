"""``zhengfen train``: Deep Monte Carlo (DMC) training of a learned agent, in the manner of
DouZero (AI.md §8). The ``train`` extra (JAX, optax, matplotlib) is needed to train; a trained
model is a ``zhengfen-dmc-1`` safetensors file (``zhengfen-dmc-2`` for a residual network,
``--residual``) that plays with no training library (``learned(model=PATH)``).

One concept a module:

- :mod:`zhengfen.train.config`: the options (``TrainConfig``) and their checks (no JAX);
- :mod:`zhengfen.train.arguments`: the command-line arguments that set them, and a resumed
  run's arguments checked against its ``state.json`` (no JAX);
- :mod:`zhengfen.train.features`: the network's inputs: sample arrays to float32 state and move
  rows, and the fixed input scales (no JAX);
- :mod:`zhengfen.train.network`: the JAX network, exactly the model format's forward pass, its
  parameters named as the model's tensors, and the export to a model;
- :mod:`zhengfen.train.grow`: a trained model grown into a wider network or more history rows
  that gives the same Q (``--init`` with bigger ``--layers`` or ``--history``);
- :mod:`zhengfen.train.learner`: the training step (optax Adam, MSE on Monte Carlo returns,
  and on the search's values with ``--search``);
- :mod:`zhengfen.train.actors`: the actors (``zhengfen.selfplay`` in a thread);
- :mod:`zhengfen.train.pool`: the opponent pool (``--pool``): each round's seats drawn from
  the opponents and the learner's snapshots (``--snapshot-every``);
- :mod:`zhengfen.train.ray_actors`: the actors as Ray actors on a cluster (``--ray``);
- :mod:`zhengfen.train.python_actors`: episodes with Python opponents (a bot program, a
  user's class), played move by move;
- :mod:`zhengfen.train.checkpoint`: the files of a run and ``--resume``;
- :mod:`zhengfen.train.evaluation`: points per match on fixed duplicate deals against greedy,
  the yardstick search and the reference model;
- :mod:`zhengfen.train.curve`: the learning curve, CSV and PNG;
- :mod:`zhengfen.train.progress`: the progress bar;
- :mod:`zhengfen.train.loop`: the run: actors and learner, checkpoints, evaluations;
- :mod:`zhengfen.train.command`: the ``zhengfen train`` subcommand;
- :mod:`zhengfen.train.gain`: an exploiter's candidate models measured against the frozen
  target, the best chosen on one seed and confirmed on another;
- :mod:`zhengfen.train.exploit`: the ``zhengfen exploit`` subcommand (approximate
  exploitability, trained by ``zhengfen train``'s loop).

Importing this package does not import JAX.
"""

from __future__ import annotations

from zhengfen.train.config import TrainConfig

__all__ = ["EXTRA", "TrainConfig"]

EXTRA = "install the train extra: pip install 'zhengfen[train]'"
"""What to do when JAX, optax or matplotlib is missing."""
