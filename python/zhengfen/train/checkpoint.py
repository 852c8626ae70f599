"""The files of a run (in ``--out``) and ``--resume``.

- ``model.safetensors``: the learner's model at the last checkpoint (``zhengfen-dmc-1``, or
  ``zhengfen-dmc-2`` for a residual network; plays as ``learned(model=...)``; this is the file
  to ship or evaluate);
- ``actor.safetensors``: the model the actors were playing the next round with (the learner's
  previous parameters: actors run one round behind the learner), so that a resumed run replays
  that round exactly;
- ``optimizer.npz``: Adam's state (its step count and moments), leaf by leaf;
- ``reference.safetensors``: the run's *reference* model, copied when the run begins: the
  ``--init`` model, else the model shipped for the rules then (no file where none ships). The
  reference column of the curve measures against it and the model's ``training`` metadata
  chains its record under ``init``, so a resumed run reads neither ``--init``'s path nor the
  shipped model again (a file moved or a newer model shipped since changes nothing);
- ``state.json``: the recipe, the counters (round, episodes, decisions, seconds, core-hours),
  the time split, and the SHA-256 of the files above (``null`` for a run with no reference);
  written last, so it names a complete checkpoint (a checkpoint cut off while written is
  refused on resume);
- ``curve.csv``, ``curve.png``: the learning curve (:mod:`zhengfen.train.curve`);
- ``pool/round-%08d.safetensors``: with ``--snapshot-every``, the learner's model frozen into
  the opponent pool after that many rounds (:mod:`zhengfen.train.pool`).

Every file is written to a temporary name and renamed over the old one, so a stop at any
moment leaves the previous checkpoint readable.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jax
import numpy as np

import zhengfen
from zhengfen.errors import ArgumentError, InvalidStateError
from zhengfen.train.learner import Learner
from zhengfen.train.network import Network, Params

__all__ = ["RunFiles", "keep_reference", "load", "read_reference", "replace_file", "save"]

STATE_VERSION = 1


@dataclass(frozen=True)
class RunFiles:
    """The paths of a run's files."""

    out: Path

    @property
    def model(self) -> Path:
        return self.out / "model.safetensors"

    @property
    def actor(self) -> Path:
        return self.out / "actor.safetensors"

    @property
    def optimizer(self) -> Path:
        return self.out / "optimizer.npz"

    @property
    def reference(self) -> Path:
        return self.out / "reference.safetensors"

    @property
    def pool(self) -> Path:
        """The folder of the pool's snapshots (:mod:`zhengfen.train.pool`)."""
        return self.out / "pool"

    @property
    def state(self) -> Path:
        return self.out / "state.json"

    @property
    def curve(self) -> Path:
        return self.out / "curve.csv"

    @property
    def plot(self) -> Path:
        return self.out / "curve.png"


def replace_file(path: Path, data: bytes) -> None:
    """Writes ``data`` to ``path`` through a temporary file and a rename."""
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    temporary.replace(path)


def model_bytes(network: Network, params: Params, training: dict[str, Any]) -> bytes:
    """The model file of ``params``."""
    model = zhengfen.LearnedModel.from_arrays(network.metadata(training), network.tensors(params))
    return bytes(model.to_bytes())


def optimizer_bytes(opt_state: Any) -> bytes:
    """Adam's state as an ``.npz`` of its leaves (in ``jax.tree_util`` order)."""
    leaves, treedef = jax.tree_util.tree_flatten(opt_state)
    buffer = io.BytesIO()
    arrays = {f"leaf{i:04d}": np.asarray(leaf) for i, leaf in enumerate(leaves)}
    np.savez(buffer, treedef=np.array(str(treedef)), **arrays)  # type: ignore[arg-type]
    return buffer.getvalue()


def optimizer_of(data: bytes, like: Any) -> Any:
    """Adam's state from :func:`optimizer_bytes`, checked against the shape of ``like``."""
    leaves, treedef = jax.tree_util.tree_flatten(like)
    with np.load(io.BytesIO(data)) as stored:
        if str(stored["treedef"]) != str(treedef):
            raise InvalidStateError("optimizer.npz does not hold this network's optimizer state")
        loaded = [stored[f"leaf{i:04d}"] for i in range(len(leaves))]
    for old, new in zip(leaves, loaded):
        if np.shape(old) != new.shape or np.asarray(old).dtype != new.dtype:
            raise InvalidStateError("optimizer.npz does not hold this network's optimizer state")
    return jax.tree_util.tree_unflatten(treedef, [jax.numpy.asarray(a) for a in loaded])


def save(
    files: RunFiles,
    network: Network,
    learner: Learner,
    actor_params: Params,
    state: dict[str, Any],
    reference: str | None,
) -> None:
    """A checkpoint: the three data files, then ``state.json`` naming their digests and the
    reference model's (``reference``, :func:`keep_reference`)."""
    training = state["training"]
    blobs = {
        "model": model_bytes(network, learner.params, training),
        "actor": model_bytes(network, actor_params, training),
        "optimizer": optimizer_bytes(learner.opt_state),
    }
    for name, data in blobs.items():
        replace_file(getattr(files, name), data)
    digests: dict[str, str | None] = {
        name: hashlib.sha256(data).hexdigest() for name, data in blobs.items()
    }
    digests["reference"] = reference
    record = {"version": STATE_VERSION, **state, "sha256": digests}
    replace_file(files.state, (json.dumps(record, indent=1) + "\n").encode())


def read_state(files: RunFiles) -> dict[str, Any]:
    """``state.json`` of a run: ``ArgumentError`` when the folder holds none,
    ``InvalidStateError`` when it cannot be read or is of another version."""
    try:
        state: dict[str, Any] = json.loads(files.state.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ArgumentError(f"--resume: {files.out} holds no run (no state.json)") from None
    except (OSError, ValueError) as error:
        raise InvalidStateError(f"--resume: {files.state} cannot be read: {error}") from None
    if not isinstance(state, dict) or state.get("version") != STATE_VERSION:
        raise InvalidStateError(f"--resume: {files.state} is not a state file of this version")
    return state


def load(
    files: RunFiles, network: Network, lr: float, state: dict[str, Any]
) -> tuple[Learner, Params]:
    """The learner and the actors' parameters of a checkpoint, checked against its digests."""
    blobs = {}
    for name in ("model", "actor", "optimizer"):
        path: Path = getattr(files, name)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise InvalidStateError(f"--resume: {path}: {error.strerror}") from None
        if hashlib.sha256(data).hexdigest() != state["sha256"][name]:
            raise InvalidStateError(f"--resume: {path} is not the file state.json names")
        blobs[name] = data
    params = params_of(network, blobs["model"])
    fresh = Learner.start(network, lr, params)
    opt_state = optimizer_of(blobs["optimizer"], fresh.opt_state)
    learner = Learner(network, lr, params, opt_state)
    return learner, params_of(network, blobs["actor"])


def keep_reference(files: RunFiles, model: zhengfen.LearnedModel | None) -> str | None:
    """Writes ``model`` as the run's reference (removes the file for ``None``); its digest."""
    if model is None:
        files.reference.unlink(missing_ok=True)
        return None
    data = bytes(model.to_bytes())
    replace_file(files.reference, data)
    return hashlib.sha256(data).hexdigest()


def read_reference(files: RunFiles, digest: str | None) -> zhengfen.LearnedModel | None:
    """The reference model ``state.json`` names by ``digest`` (``None``: the run has none),
    checked against it."""
    if digest is None:
        return None
    try:
        data = files.reference.read_bytes()
    except OSError as error:
        raise InvalidStateError(f"--resume: {files.reference}: {error.strerror}") from None
    if hashlib.sha256(data).hexdigest() != digest:
        raise InvalidStateError(f"--resume: {files.reference} is not the file state.json names")
    return zhengfen.LearnedModel.from_bytes(data)


def params_of(network: Network, data: bytes) -> Params:
    """The parameters of a model file's bytes."""
    model = zhengfen.LearnedModel.from_bytes(data)
    return network.params_of(model.tensors())
