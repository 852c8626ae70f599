"""An independent twin of the learned model formats ``zhengfen-dmc-1`` and ``zhengfen-dmc-2``
and their forward pass.

Written from the format's words alone (issue 21's design, documented for users in ``AI.md``
§7) and the encodings of ``AI.md`` §1, never from the Rust sources of the learned module,
so that ``tests/test_learned_twin.py`` can hold the two against each other. It owns:

- a reader of the safetensors container (:func:`parse_safetensors`): an 8-byte little-endian
  header length ``N``, ``N`` bytes of UTF-8 JSON (an object, starting with ``{``, no duplicate
  keys, ``__metadata__`` a string-to-string map, every other entry ``dtype``/``shape``/
  ``data_offsets`` relative to the data), then the data, every byte of it covered by exactly one
  tensor, with no gaps or overlaps; it reads F32 and F16 (little-endian, row-major) and knows
  the sizes of the other safetensors dtypes so that it can tell "a valid container holding a
  dtype the model refuses" from "not a safetensors file";
- a writer (:func:`write_safetensors`, :func:`random_model`) for test models of our own;
- the validator (:func:`load`, :func:`refusal`): what AI.md §7 says loading refuses, with the
  reason;
- the state features (:func:`state_features`): ``observation_tensor(seat)``,
  ``score_tensor(seat)``, ``history_tensor(seat, rows=H)`` of the mover, as float32;
- the forward pass (:meth:`TwinModel.forward`, in float64 from the float32 values: the exact
  value the float32 arithmetic approximates; in a ``zhengfen-dmc-2`` model whose ``residual`` is
  ``true``, each hidden layer after the first whose input and output widths are equal adds its
  input to its output after the ReLU, as AI.md §7.1 says) and the agent's choice
  (:meth:`TwinModel.choose`: one legal move is played without the network, else the largest q,
  the first on ties).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

FORMAT = "zhengfen-dmc-1"
FORMAT_2 = "zhengfen-dmc-2"  # AI.md §7.1: dmc-1 plus a required `residual` key, true or false
RESIDUAL_VALUES = ("true", "false")
ENCODING_VERSION = "2"
OBSERVATION = 591
SCORES = 7
HISTORY_ROW = 94
MOVE_SIZE = 90
MAX_HISTORY_ROWS = 16
GAMES = ("zheng_fen", "zen_cheng_you")
REQUIRED_METADATA = (
    "format",
    "game",
    "players",
    "encoding_version",
    "history_rows",
    "layers",
    "activation",
    "training",
)
TRAINING_FIELDS = {"decisions": "int", "seconds": "float", "core_hours": "float", "command": "str"}

# Bytes per element of every safetensors dtype of whole bytes; only F32 and F16 are models'.
DTYPE_SIZES = {
    "BOOL": 1,
    "U8": 1,
    "I8": 1,
    "F8_E5M2": 1,
    "F8_E4M3": 1,
    "F8_E8M0": 1,
    "I16": 2,
    "U16": 2,
    "F16": 2,
    "BF16": 2,
    "I32": 4,
    "U32": 4,
    "F32": 4,
    "F64": 8,
    "I64": 8,
    "U64": 8,
    "C64": 8,
}
MODEL_DTYPES: dict[str, np.dtype[Any]] = {"F32": np.dtype("<f4"), "F16": np.dtype("<f2")}
HEADER_LIMIT = 100 * 1024 * 1024
MAX_LAYER = 65_536  # AI.md §7: each hidden size 1 to 65,536
MAX_DECISIONS = 2**64 - 1  # AI.md §7: training.decisions from 0 to 2**64 - 1
_DECIMAL = re.compile(r"[0-9]+")

Floats = npt.NDArray[np.float32]
Doubles = npt.NDArray[np.float64]


class Refused(Exception):
    """What loading refuses, with the reason (AI.md §7 "Loading refuses")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class RawTensor:
    """One tensor of a safetensors file as stored: its dtype name, shape and bytes."""

    dtype: str
    shape: tuple[int, ...]
    data: bytes

    def values(self) -> Floats:
        """The values widened to float32 (F32 or F16 only)."""
        stored = np.frombuffer(self.data, dtype=MODEL_DTYPES[self.dtype])
        values: Floats = stored.astype(np.float32).reshape(self.shape)
        return values


# ---------------------------------------------------------------------------------------------
# The safetensors container


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise Refused(f"not a safetensors file: duplicate key in the header {keys}")
    return dict(pairs)


def _no_constants(name: str) -> Any:
    raise Refused(f"not a safetensors file: {name} is not JSON")


def _header(data: bytes) -> tuple[dict[str, Any], bytes]:
    """The JSON header and the data buffer after it."""
    if len(data) < 8:
        raise Refused("not a safetensors file: shorter than the 8-byte header length")
    size = int.from_bytes(data[:8], "little")
    if size > HEADER_LIMIT or size > len(data) - 8:
        raise Refused(f"not a safetensors file: header length {size} past the file's end")
    text = data[8 : 8 + size]
    if not text.startswith(b"{"):
        raise Refused("not a safetensors file: the header does not start with '{'")
    try:
        decoded = text.decode("utf-8")
        header = json.loads(decoded, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise Refused(f"not a safetensors file: header unreadable ({error})") from None
    if not isinstance(header, dict):
        raise Refused("not a safetensors file: the header is not a JSON object")
    return header, data[8 + size :]


def _metadata(header: Mapping[str, Any]) -> dict[str, str]:
    metadata = header.get("__metadata__", {})
    if not isinstance(metadata, dict) or not all(isinstance(v, str) for v in metadata.values()):
        raise Refused("not a safetensors file: __metadata__ is not a map of strings")
    return dict(metadata)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _entry(name: str, info: Any) -> tuple[str, tuple[int, ...], int, int]:
    """A tensor entry's dtype, shape and byte range, checked against each other."""
    if not isinstance(info, dict) or not {"dtype", "shape", "data_offsets"} <= set(info):
        raise Refused(f"not a safetensors file: entry {name!r} lacks dtype/shape/data_offsets")
    dtype, shape, offsets = info["dtype"], info["shape"], info["data_offsets"]
    if not isinstance(dtype, str) or dtype not in DTYPE_SIZES:
        raise Refused(f"not a safetensors file: tensor {name!r} has unknown dtype {dtype!r}")
    if not isinstance(shape, list) or not all(_is_count(d) for d in shape):
        raise Refused(f"not a safetensors file: tensor {name!r} has a bad shape {shape!r}")
    if not isinstance(offsets, list) or len(offsets) != 2 or not all(map(_is_count, offsets)):
        raise Refused(f"not a safetensors file: tensor {name!r} has bad offsets {offsets!r}")
    begin, end = offsets
    if end < begin or end - begin != math.prod(shape) * DTYPE_SIZES[dtype]:
        raise Refused(f"not a safetensors file: tensor {name!r} spans {offsets} for {shape}")
    return dtype, tuple(shape), begin, end


def parse_safetensors(data: bytes) -> tuple[dict[str, str], dict[str, RawTensor]]:
    """The metadata and the tensors of a safetensors file, or :class:`Refused`."""
    header, buffer = _header(data)
    metadata = _metadata(header)
    entries = {k: _entry(k, v) for k, v in header.items() if k != "__metadata__"}
    position = 0
    for name, (_, _, begin, end) in sorted(entries.items(), key=lambda e: (e[1][2], e[1][3])):
        if begin != position:
            raise Refused(
                f"not a safetensors file: tensor {name!r} starts at {begin}, not at"
                f" {position} (a gap or an overlap)"
            )
        position = end
    if position != len(buffer):
        raise Refused(f"not a safetensors file: tensors cover {position} of {len(buffer)} bytes")
    tensors = {k: RawTensor(d, s, buffer[b:e]) for k, (d, s, b, e) in entries.items()}
    return metadata, tensors


def encode_tensor(array: npt.NDArray[Any], dtype: str | None = None) -> RawTensor:
    """``array`` as a stored tensor: F32 or F16 from its numpy type unless ``dtype`` says."""
    name = dtype or {np.dtype("float32"): "F32", np.dtype("float16"): "F16"}[array.dtype]
    little = array.astype(array.dtype.newbyteorder("<"), copy=False)
    return RawTensor(name, tuple(array.shape), np.ascontiguousarray(little).tobytes())


def assemble(header: Mapping[str, Any], buffer: bytes, *, padding: int = 8) -> bytes:
    """A file from a header object and the data: the JSON padded with spaces to ``padding``."""
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % padding)
    return len(text).to_bytes(8, "little") + text + buffer


def write_safetensors(
    metadata: Mapping[str, str] | None,
    tensors: Mapping[str, RawTensor | npt.NDArray[Any]],
    *,
    order: Sequence[str] | None = None,
) -> bytes:
    """A safetensors file of ``tensors`` laid out in ``order`` (default: sorted by name)."""
    raw = {k: v if isinstance(v, RawTensor) else encode_tensor(v) for k, v in tensors.items()}
    header: dict[str, Any] = {} if metadata is None else {"__metadata__": dict(metadata)}
    buffer = b""
    for name in order if order is not None else sorted(raw):
        tensor = raw[name]
        span = [len(buffer), len(buffer) + len(tensor.data)]
        header[name] = {"dtype": tensor.dtype, "shape": list(tensor.shape), "data_offsets": span}
        buffer += tensor.data
    return assemble(header, buffer)


# ---------------------------------------------------------------------------------------------
# The model: metadata, tensors, validation


def _decimal(metadata: Mapping[str, str], key: str, low: int, high: int) -> int:
    text = metadata[key]
    if not _DECIMAL.fullmatch(text) or not low <= int(text) <= high:
        raise Refused(f"metadata {key}={text!r} is not an integer from {low} to {high}")
    return int(text)


def _layers(text: str) -> tuple[int, ...]:
    parts = text.split(",")
    if not all(_DECIMAL.fullmatch(p) and 1 <= int(p) <= MAX_LAYER for p in parts):
        raise Refused(f"metadata layers={text!r} is not a list of sizes 1 to {MAX_LAYER}")
    return tuple(int(p) for p in parts)


def _training(text: str) -> None:
    try:
        training = json.loads(text, parse_constant=_no_constants)
    except (json.JSONDecodeError, RecursionError):
        raise Refused(f"metadata training={text!r} is not JSON") from None
    if not isinstance(training, dict):
        raise Refused(f"metadata training={text!r} is not a JSON object")
    kinds = {"int": (int,), "float": (int, float), "str": (str,)}
    for key, kind in TRAINING_FIELDS.items():
        value = training.get(key)
        if isinstance(value, bool) or not isinstance(value, kinds[kind]):
            raise Refused(f"metadata training lacks {key} ({kind}): {text!r}")
    if not 0 <= training["decisions"] <= MAX_DECISIONS:
        raise Refused(f"metadata training decisions is not 0 to 2**64 - 1: {text!r}")


def expected_shapes(history_rows: int, layers: Sequence[int]) -> dict[str, tuple[int, ...]]:
    """Every tensor's name and shape for ``history_rows`` and hidden sizes ``layers``."""
    s = state_size(history_rows)
    shapes: dict[str, tuple[int, ...]] = {
        "input.state_scale": (s,),
        "input.move_scale": (MOVE_SIZE,),
        "layer0.state_weight": (s, layers[0]),
        "layer0.move_weight": (MOVE_SIZE, layers[0]),
        "layer0.bias": (layers[0],),
    }
    for i in range(1, len(layers)):
        shapes[f"layer{i}.weight"] = (layers[i - 1], layers[i])
        shapes[f"layer{i}.bias"] = (layers[i],)
    shapes["output.weight"] = (layers[-1],)
    shapes["output.bias"] = (1,)
    return shapes


def state_size(history_rows: int) -> int:
    """``S = 591 + 7 + 94 * H``."""
    return OBSERVATION + SCORES + HISTORY_ROW * history_rows


@dataclass
class TwinModel:
    """A loaded model: metadata and float32 tensors."""

    metadata: dict[str, str]
    tensors: dict[str, Floats]
    game: str = field(init=False)
    players: int = field(init=False)
    history_rows: int = field(init=False)
    layers: tuple[int, ...] = field(init=False)
    residual: bool = field(init=False)
    _wide: dict[str, Doubles] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.game = self.metadata["game"]
        self.players = int(self.metadata["players"])
        self.history_rows = int(self.metadata["history_rows"])
        self.layers = _layers(self.metadata["layers"])
        # A dmc-1 file's `residual` is an unknown key, read by nothing.
        self.residual = self.metadata["format"] == FORMAT_2 and self.metadata["residual"] == "true"

    @property
    def state_size(self) -> int:
        return state_size(self.history_rows)

    def _hidden(self, a: Doubles, moves: npt.ArrayLike) -> Doubles:
        """q from the state part ``a`` of layer 0 ([n, h_0] or [h_0]) and the moves [n, M]."""
        t = self._doubles()
        xm = np.asarray(moves, dtype=np.float32).astype(np.float64)
        h = np.maximum(a + (xm * t["input.move_scale"]) @ t["layer0.move_weight"], 0.0)
        for i in range(1, len(self.layers)):
            y = np.maximum(h @ t[f"layer{i}.weight"] + t[f"layer{i}.bias"], 0.0)
            block = self.residual and self.layers[i - 1] == self.layers[i]
            h = y + h if block else y
        result: Doubles = h @ t["output.weight"] + t["output.bias"][0]
        return result

    def _state_part(self, states: npt.ArrayLike) -> Doubles:
        """``a = (x_s * state_scale) @ layer0.state_weight + layer0.bias``."""
        t = self._doubles()
        xs = np.asarray(states, dtype=np.float32).astype(np.float64)
        a: Doubles = (xs * t["input.state_scale"]) @ t["layer0.state_weight"] + t["layer0.bias"]
        return a

    def _doubles(self) -> dict[str, Doubles]:
        if not self._wide:
            self._wide.update({k: v.astype(np.float64) for k, v in self.tensors.items()})
        return self._wide

    def forward(self, states: npt.ArrayLike, moves: npt.ArrayLike) -> Doubles:
        """q for each row of ``states`` [n, S] and ``moves`` [n, M] (AI.md §7, in float64)."""
        return self._hidden(self._state_part(states), moves)

    def q_values(self, game: Any) -> Doubles:
        """q of each legal move of ``game``'s mover, in legal-move order."""
        moves = game.legal_move_features().astype(np.float32)
        return self._hidden(self._state_part(state_features(game, self.history_rows)), moves)

    def choose(self, game: Any) -> int:
        """The learned agent's move index: the only move, else the first largest q."""
        if len(game.legal_moves()) == 1:
            return 0
        return int(np.argmax(self.q_values(game)))

    def check(self, rules: Any) -> None:
        """Refuse rules other than the model's game and players."""
        if rules.game != self.game or rules.players != self.players:
            raise Refused(
                f"the model is for {self.game} with {self.players} players, not"
                f" {rules.game} with {rules.players}"
            )


def _check_metadata(metadata: Mapping[str, str]) -> None:
    for key in REQUIRED_METADATA:
        if key not in metadata:
            raise Refused(f"metadata lacks {key!r}")
    if metadata["format"] not in (FORMAT, FORMAT_2):
        raise Refused(f"format {metadata['format']!r} is neither {FORMAT!r} nor {FORMAT_2!r}")
    if metadata["format"] == FORMAT_2 and metadata.get("residual") not in RESIDUAL_VALUES:
        raise Refused(
            f"a {FORMAT_2} model's residual is true or false, not {metadata.get('residual')!r}"
        )
    if metadata["encoding_version"] != ENCODING_VERSION:
        raise Refused(f"encoding_version {metadata['encoding_version']!r} is not 2")
    game = metadata["game"]
    if game not in GAMES:
        raise Refused(f"game {game!r} is neither of {GAMES}")
    players = _decimal(metadata, "players", 3, 6)
    if game == "zen_cheng_you" and players != 4:
        raise Refused(f"Zen Cheng You has 4 players, not {players}")
    _decimal(metadata, "history_rows", 0, MAX_HISTORY_ROWS)
    _layers(metadata["layers"])
    if metadata["activation"] != "relu":
        raise Refused(f"activation {metadata['activation']!r} is not 'relu'")
    _training(metadata["training"])


def _check_tensors(metadata: Mapping[str, str], tensors: Mapping[str, RawTensor]) -> None:
    shapes = expected_shapes(int(metadata["history_rows"]), _layers(metadata["layers"]))
    if missing := sorted(set(shapes) - set(tensors)):
        raise Refused(f"tensors missing: {missing}")
    if extra := sorted(set(tensors) - set(shapes)):
        raise Refused(f"tensors not in the format: {extra}")
    for name, tensor in tensors.items():
        if tensor.shape != shapes[name]:
            raise Refused(f"tensor {name} has shape {list(tensor.shape)}, not {list(shapes[name])}")
        if tensor.dtype not in MODEL_DTYPES:
            raise Refused(f"tensor {name} has dtype {tensor.dtype}, not F32 or F16")
        if not np.isfinite(tensor.values()).all():
            raise Refused(f"tensor {name} holds a value that is not finite")


def load(data: bytes, rules: Any = None) -> TwinModel:
    """The model of ``data`` (bound to ``rules`` if given), or :class:`Refused`."""
    metadata, tensors = parse_safetensors(data)
    _check_metadata(metadata)
    _check_tensors(metadata, tensors)
    model = TwinModel(metadata, {k: v.values() for k, v in tensors.items()})
    if rules is not None:
        model.check(rules)
    return model


def refusal(data: bytes, rules: Any = None) -> str | None:
    """Why loading ``data`` (bound to ``rules`` if given) is refused, or None if it is not."""
    try:
        load(data, rules)
    except Refused as error:
        return error.reason
    return None


# ---------------------------------------------------------------------------------------------
# Inputs


def state_features(game: Any, history_rows: int) -> Floats:
    """``x_s`` of ``game``'s mover: observation, scores, ``history_rows`` rows of history."""
    seat = game.current_player
    parts = [
        game.observation_tensor(seat).astype(np.float32),
        game.score_tensor(seat).astype(np.float32),
    ]
    if history_rows:
        parts.append(game.history_tensor(seat, rows=history_rows).astype(np.float32).ravel())
    return np.concatenate(parts)


def training_text(decisions: int = 0, seconds: float = 0.0, command: str = "") -> str:
    """The ``training`` metadata of a model (zeros for an untrained one)."""
    return json.dumps(
        {
            "decisions": decisions,
            "seconds": seconds,
            "core_hours": seconds / 3600,
            "command": command,
        }
    )


def model_metadata(
    game: str, players: int, history_rows: int, layers: Sequence[int]
) -> dict[str, str]:
    """Valid metadata for a model of these rules and shape."""
    return {
        "format": FORMAT,
        "game": game,
        "players": str(players),
        "encoding_version": ENCODING_VERSION,
        "history_rows": str(history_rows),
        "layers": ",".join(map(str, layers)),
        "activation": "relu",
        "training": training_text(command="tests/learned_twin.py"),
    }


def residual_metadata(residual: bool = True) -> dict[str, str]:
    """The metadata that makes a model ``zhengfen-dmc-2`` with this ``residual``."""
    return {"format": FORMAT_2, "residual": "true" if residual else "false"}


def random_tensors(
    rng: np.random.Generator, history_rows: int, layers: Sequence[int], dtype: str = "F32"
) -> dict[str, npt.NDArray[Any]]:
    """Seeded random weights of these shapes, stored as ``dtype`` (F32, F16 or "mixed").

    The state scale shrinks the scores (up to the target, thousands) so that no unit is
    swamped; the move weights are larger than the state's so that the moves' q differ.
    """
    shapes = expected_shapes(history_rows, layers)
    s = state_size(history_rows)
    out: dict[str, npt.NDArray[Any]] = {}
    for name, shape in shapes.items():
        fan_in = shape[0] if len(shape) == 2 else 1
        out[name] = rng.normal(0.0, 1.0, shape) * (1.0 / math.sqrt(fan_in))
    out["input.state_scale"] = rng.uniform(0.5, 1.5, s)
    out["input.state_scale"][OBSERVATION : OBSERVATION + SCORES] *= 1e-3
    out["input.move_scale"] = rng.uniform(0.5, 1.5, MOVE_SIZE)
    out["layer0.move_weight"] *= 3.0
    out["layer0.bias"] *= 0.3
    kinds = sorted(out)
    for i, name in enumerate(kinds):
        stored = dtype if dtype != "mixed" else ("F16" if i % 2 else "F32")
        out[name] = out[name].astype(np.float16 if stored == "F16" else np.float32)
    return out


def random_model_bytes(
    seed: int,
    game: str,
    players: int,
    history_rows: int,
    layers: Sequence[int],
    dtype: str = "F32",
    extra_metadata: Mapping[str, str] | None = None,
) -> bytes:
    """A valid model file with seeded random weights."""
    metadata = model_metadata(game, players, history_rows, layers)
    metadata.update(extra_metadata or {})
    tensors = random_tensors(np.random.default_rng(seed), history_rows, layers, dtype)
    return write_safetensors(metadata, tensors)
