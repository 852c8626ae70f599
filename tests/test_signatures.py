"""A default of the binding is stated once (issue 33 §4): in the function's PyO3 signature, from
which PyO3 writes the ``__text_signature__`` that ``inspect.signature`` reads; ``_core.pyi``
restates it for type checkers. Two checks keep the three in step:

- the stub's defaults are the ones ``inspect.signature`` shows, function by function (stubtest
  checks this too, in CI; here it runs with the tests);
- calling a function with a defaulted argument left out does what calling it with the default
  written out does, for every defaulted argument of the binding (``CALLS`` must name each): this
  catches a signature that shows one default while the code uses another (the three arguments
  of ``rust/zhengfen-py/src/args.rs`` read against the game in hand state theirs twice).
"""

from __future__ import annotations

import ast
import inspect
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import learned_models
import zhengfen
from zhengfen import _core

STUB = Path(_core.__file__).with_name("_core.pyi")
ZF = zhengfen.Rules.zheng_fen()
UNSTATED = object()  # a stub default that is no literal


def stub_defaults() -> dict[str, dict[str, Any]]:
    """``{"Class.method" or "function": {parameter: default}}`` as the stub states them (every
    overload that states one)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    found: dict[str, dict[str, Any]] = {}

    def add(name: str, node: ast.FunctionDef) -> None:
        args = node.args
        positional = args.posonlyargs + args.args
        pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults))
        pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
        for arg, default in pairs:
            value = ast.literal_eval(default) if isinstance(default, ast.Constant) else UNSTATED
            found.setdefault(name, {})[arg.arg] = value

    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            add(node.name, node)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    add(f"{node.name}.{item.name}", item)
    return found


def binding_callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every function, constructor and method of the binding that has a text signature."""
    for name, obj in vars(_core).items():
        if inspect.isbuiltin(obj) and getattr(obj, "__text_signature__", None):
            yield name, obj
        elif isinstance(obj, type) and obj.__module__ in ("zhengfen", "zhengfen._core"):
            if obj.__text_signature__:
                yield f"{name}.__new__", obj
            for attr in vars(obj):
                member = getattr(obj, attr)  # a static method unwrapped
                if callable(member) and getattr(member, "__text_signature__", None):
                    yield f"{name}.{attr}", member


def runtime_defaults() -> dict[str, dict[str, Any]]:
    """``{"Class.method" or "function": {parameter: default}}`` as ``inspect.signature`` reads
    them from the binding."""
    found: dict[str, dict[str, Any]] = {}
    for name, obj in binding_callables():
        parameters = inspect.signature(obj).parameters.values()
        defaults = {p.name: p.default for p in parameters if p.default is not p.empty}
        if defaults:
            found[name] = defaults
    return found


def test_the_binding_shows_its_defaults() -> None:
    defaults = runtime_defaults()
    assert defaults["parse_cards"] == {"decks": 1}
    assert defaults["VecGame.__new__"]["dtype"] == "uint8"
    assert defaults["InfoSet.choose"] == {"seed": 0}
    assert len(defaults) >= 25, sorted(defaults)


def test_the_stub_states_the_binding_defaults() -> None:
    stub = stub_defaults()
    for name, defaults in runtime_defaults().items():
        assert name in stub, f"{name} has defaults {defaults} that _core.pyi does not state"
        for parameter, default in defaults.items():
            assert parameter in stub[name], f"{name}: the stub gives {parameter} no default"
            stated = stub[name][parameter]
            if default is ...:  # a default that is no Python literal, as MoveList.index's stop
                continue
            assert stated == default and type(stated) is type(default), (
                f"{name}({parameter}=...): the stub says {stated!r}, the binding {default!r}"
            )


def test_every_stub_default_is_the_binding_s() -> None:
    runtime = runtime_defaults()
    for name, defaults in stub_defaults().items():
        if name not in runtime:
            continue  # a Python-level or slot method, or one the binding writes without defaults
        for parameter in defaults:
            assert parameter in runtime[name], f"{name}: {parameter} has no default at runtime"


def plain(value: Any) -> Any:
    """`value` as something ``==`` compares: arrays by dtype, shape and values."""
    if isinstance(value, np.ndarray):
        return (str(value.dtype), value.shape, value.tolist())
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, zhengfen.Game):
        return value.to_json()
    if isinstance(value, zhengfen.VecGame):
        settings = ("num_games", "max_actions", "observation_size", "bytes_per_game")
        return [getattr(value, s) for s in settings] + [plain(value.reset())]
    if isinstance(value, (zhengfen.Cards, zhengfen.Combo, zhengfen.Card)):
        return str(value)
    return value


def played_game() -> zhengfen.Game:
    game = zhengfen.Game(ZF, 11)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    return game


def mover() -> zhengfen.InfoSet:
    game = zhengfen.Game(ZF, 11)
    assert game.current_player is not None
    return game.info_set(game.current_player)


MODEL = learned_models.build("zheng_fen", 4, 1)
AGENTS = ["random", "greedy", "random", "greedy"]
HANDS = [str(h) for h in zhengfen.deal(ZF, 5)]


def second_move_index(**kw: Any) -> int:
    """Where ``MoveList.index`` finds the second legal move."""
    moves = played_game().legal_moves()
    return moves.index(moves[1], **kw)


def saved(**kw: Any) -> bytes:
    """What ``LearnedModel.save`` writes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.safetensors"
        MODEL.save(path, **kw)
        return path.read_bytes()


# Each defaulted function of the binding, called with its required arguments and `base`'s
# keywords; a defaulted argument is left out, then written out.
CALLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "Cards.__new__": (lambda **kw: zhengfen.Cards(**kw), {"cards": "3c 3d"}),
    "AgentSpec.learned": (lambda **kw: zhengfen.AgentSpec.learned(**kw).spec, {}),
    "AgentSpec.search": (lambda **kw: zhengfen.AgentSpec.search(**kw).spec, {}),
    "AgentSpec.ismcts": (lambda **kw: zhengfen.AgentSpec.ismcts(**kw).spec, {}),
    "AgentSpec.sparta": (lambda **kw: zhengfen.AgentSpec.sparta(**kw).spec, {}),
    "parse_cards": (lambda **kw: zhengfen.parse_cards("3c 3d", **kw), {}),
    "combo_name": (lambda **kw: _core.combo_name(zhengfen.classify("3c 3d", ZF)[0], **kw), {}),
    "deal": (lambda **kw: zhengfen.deal(ZF, 7, **kw), {}),
    "agent_seed": (lambda **kw: _core.agent_seed(5, 2, **kw), {}),
    "rotations": (lambda **kw: _core.rotations(["a", "b", "a", "b"], **kw), {}),
    "observation_fields": (lambda **kw: zhengfen.observation_fields(**kw), {}),
    "canonical_spec": (lambda **kw: zhengfen.canonical_spec("ismcts", **kw), {}),
    "Rules.zheng_fen": (lambda **kw: repr(zhengfen.Rules.zheng_fen(**kw)), {}),
    "Game.__new__": (lambda **kw: zhengfen.Game(ZF, **kw), {}),
    "Game.from_hands": (lambda **kw: zhengfen.Game.from_hands(ZF, HANDS, 0, **kw), {}),
    "Game.visible": (lambda **kw: played_game().visible(**kw), {}),
    "Game.visible_events": (lambda **kw: played_game().visible_events(**kw), {}),
    "Game.observation_tensor": (lambda **kw: played_game().observation_tensor(1, **kw), {}),
    "Game.history_tensor": (lambda **kw: played_game().history_tensor(1, **kw), {}),
    "Game.legal_move_features": (lambda **kw: played_game().legal_move_features(**kw), {}),
    "Game.action_mask": (lambda **kw: played_game().action_mask(40, **kw), {}),
    "MoveList.index": (lambda **kw: second_move_index(**kw), {}),
    "InfoSet.observation_tensor": (lambda **kw: mover().observation_tensor(**kw), {}),
    "InfoSet.history_tensor": (lambda **kw: mover().history_tensor(**kw), {}),
    "InfoSet.choose": (lambda **kw: mover().choose("random", **kw), {}),
    "InfoSet.evaluate": (lambda **kw: mover().evaluate([0, 1], **kw), {}),
    "LearnedModel.to_bytes": (lambda **kw: MODEL.to_bytes(**kw), {}),
    "LearnedModel.save": (saved, {}),
    "VecGame.__new__": (lambda **kw: zhengfen.VecGame(ZF, 2, **kw), {}),
    "VecGame.reset": (lambda **kw: zhengfen.VecGame(ZF, 2, 9).reset(**kw), {}),
    "VecGame.legal_move_features": (
        lambda **kw: zhengfen.VecGame(ZF, 2).legal_move_features(**kw),
        {},
    ),
    "VecGame.agent_actions": (
        lambda **kw: zhengfen.VecGame(ZF, 2).agent_actions("random", **kw),
        {},
    ),
    "rollouts": (lambda **kw: zhengfen.rollouts(ZF, AGENTS, 2, **kw), {"matches": 1}),
    "selfplay": (lambda **kw: zhengfen.selfplay(ZF, MODEL, 2, **kw), {}),
}

# Defaults that draw a fresh seed from the system at each call: nothing to compare.
FRESH = {("Game.__new__", "seed"), ("Game.from_hands", "seed")}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_default_left_out_is_the_default_written_out(name: str) -> None:
    call, base = CALLS[name]
    for parameter, default in runtime_defaults()[name].items():
        if default is ... or (name, parameter) in FRESH:
            continue
        others = {k: v for k, v in base.items() if k != parameter}
        written_out = plain(call(**others, **{parameter: default}))
        assert written_out == plain(call(**others)), f"{name}({parameter}={default!r})"


def test_every_defaulted_function_is_called() -> None:
    assert sorted(CALLS) == sorted(runtime_defaults())
