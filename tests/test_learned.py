"""Learned models and the learned agent (AI.md §7): the core's Q-values against a NumPy forward
pass written here from the format, the file's round trip and every refusal, batches, and the
agent in rollouts, VecGame, InfoSet.choose and ``zhengfen.agents``."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from safetensors.numpy import save as save_arrays

import learned_models
import zhengfen
from zhengfen.agents import GreedyAgent, LearnedAgent, make_agent, observe, play_game
from zhengfen.agents.seats import deal_seed

DATA = Path(__file__).parent / "data" / "learned"
ZF4 = DATA / "zheng_fen_4.safetensors"
ZCY = DATA / "zen_cheng_you_4.safetensors"
ZF4_HALF = DATA / "zheng_fen_4_f16.safetensors"


def rules_of(model: zhengfen.LearnedModel) -> zhengfen.Rules:
    if model.game == "zen_cheng_you":
        return zhengfen.Rules.zen_cheng_you()
    return zhengfen.Rules.zheng_fen(players=model.players)


def mover(game: zhengfen.Game) -> int:
    seat = game.current_player
    assert seat is not None
    return seat


def positions(rules: zhengfen.Rules, games: int = 2) -> list[zhengfen.Game]:
    """Every decision of greedy games, as a copy of the game."""
    out = []
    for seed in range(games):
        game = zhengfen.Game(rules, seed=seed)
        agent = GreedyAgent(seed)
        while game.current_player is not None:
            out.append(zhengfen.Game.from_json(game.to_json()))
            seat = game.current_player
            game.play(agent.act(observe(game, seat), game.legal_moves()))
    return out


def numpy_state(game: zhengfen.Game, rows: int) -> np.ndarray:
    """``x_s`` of AI.md §7: observation, scores, history rows, as float64."""
    info = game.info_set(mover(game))
    parts: list[npt.NDArray[Any]] = [
        info.observation_tensor(),
        info.score_tensor(),
        info.history_tensor(rows=rows).ravel(),
    ]
    return np.concatenate([p.astype(np.float64) for p in parts])


def numpy_forward(tensors: dict[str, np.ndarray], states: np.ndarray, moves: np.ndarray) -> Any:
    """The forward pass of AI.md §7, in float64."""
    t = {name: value.astype(np.float64) for name, value in tensors.items()}
    a = (states * t["input.state_scale"]) @ t["layer0.state_weight"] + t["layer0.bias"]
    h = np.maximum(a + (moves * t["input.move_scale"]) @ t["layer0.move_weight"], 0.0)
    i = 1
    while f"layer{i}.weight" in t:
        h = np.maximum(h @ t[f"layer{i}.weight"] + t[f"layer{i}.bias"], 0.0)
        i += 1
    return h @ t["output.weight"] + t["output.bias"][0]


@pytest.mark.parametrize("path", [ZF4, ZCY, ZF4_HALF], ids=lambda p: p.stem)
def test_q_values_equal_a_numpy_forward_pass(path: Path) -> None:
    model = zhengfen.LearnedModel.load(path)
    tensors = model.tensors()
    for game in positions(rules_of(model))[::5]:
        state = numpy_state(game, model.history_rows)
        np.testing.assert_array_equal(model.state_features(game), state.astype(np.float32))
        moves = game.legal_move_features(dtype="float32").astype(np.float64)
        expected = numpy_forward(tensors, np.tile(state, (len(moves), 1)), moves)
        q = model.q_values(game)
        assert q.dtype == np.float32 and q.shape == (len(moves),)
        np.testing.assert_allclose(q, expected, rtol=1e-5, atol=1e-5 * np.abs(expected).max())
        seat_view = model.q_values(game.info_set(mover(game)))
        np.testing.assert_array_equal(seat_view, q)


def test_forward_is_the_arithmetic_and_a_row_does_not_depend_on_its_batch() -> None:
    model = zhengfen.LearnedModel.load(ZF4)
    rng = np.random.default_rng(4)
    states = rng.integers(0, 3, (50, model.state_size)).astype(np.float32)
    moves = rng.integers(0, 2, (50, zhengfen.MOVE_ROW)).astype(np.float32)
    q = model.forward(states, moves)
    expected = numpy_forward(model.tensors(), states.astype(np.float64), moves.astype(np.float64))
    np.testing.assert_allclose(q, expected, rtol=1e-5, atol=1e-5 * np.abs(expected).max())
    for i in (0, 7, 49):
        one = model.forward(states[i : i + 1], moves[i : i + 1])
        assert one[0] == q[i]
    np.testing.assert_array_equal(model.forward(states[::-1], moves[::-1]), q[::-1])
    with pytest.raises(zhengfen.ArgumentError, match="forward needs states"):
        model.forward(states[:, 1:], moves)


def test_a_model_survives_bytes_files_and_pickles(tmp_path: Path) -> None:
    model = zhengfen.LearnedModel.load(ZCY)
    assert (model.game, model.players, model.history_rows, model.layers) == (
        "zen_cheng_you",
        4,
        2,
        [32, 16],
    )
    assert model.metadata["made_by"] == "tests/learned_models.py"
    assert model.to_bytes() == ZCY.read_bytes()
    again = zhengfen.LearnedModel.from_bytes(model.to_bytes())
    for name, value in model.tensors().items():
        assert value.dtype == np.float32
        np.testing.assert_array_equal(again.tensors()[name], value)
    model.save(tmp_path / "m.safetensors", dtype="float16")
    half = zhengfen.LearnedModel.load(tmp_path / "m.safetensors")
    for name, value in model.tensors().items():
        np.testing.assert_array_equal(half.tensors()[name], value.astype(np.float16))
    unpickled = pickle.loads(pickle.dumps(model))
    assert unpickled.to_bytes() == model.to_bytes()
    with pytest.raises(zhengfen.ArgumentError, match="float32"):
        model.to_bytes("int8")  # type: ignore[arg-type]


def test_the_stored_test_models_are_a_fresh_generation() -> None:
    assert learned_models.main(["--check"]) == 0
    for path in DATA.iterdir():
        assert path.stat().st_size < 200_000, path


def refusal(data: bytes) -> str:
    with pytest.raises(zhengfen.ModelError) as caught:
        zhengfen.LearnedModel.from_bytes(data)
    message = str(caught.value)
    assert message.startswith("model <bytes>: "), message
    return message


def file_of(meta: dict[str, str], tensors: dict[str, np.ndarray]) -> bytes:
    return save_arrays(tensors, metadata=meta)


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        ("format", None, "has no 'format'"),
        ("format", "dmc", "format is 'dmc', not 'zhengfen-dmc-1' or 'zhengfen-dmc-2'"),
        ("format", "zhengfen-dmc-2", "metadata has no 'residual' (a zhengfen-dmc-2 model has"),
        ("encoding_version", "3", "encoding_version is '3'"),
        ("players", "four", "players is 'four'"),
        ("history_rows", "-1", "history_rows is '-1'"),
        ("layers", "32;16", "layers is '32;16'"),
        ("training", "{}", "training has no 'decisions'"),
        ("layers", "32", "tensor 'layer1.bias' is not one of the format's"),
        ("layers", "32,16,8", "tensor 'layer2.weight' is missing"),
        ("layers", "32,15", "tensor 'layer1.weight' has shape [32, 16], not [32, 15]"),
    ],
)
def test_loading_refuses_bad_metadata_naming_the_reason(
    key: str, value: str | None, reason: str
) -> None:
    model = zhengfen.LearnedModel.load(ZF4)
    meta = dict(model.metadata)
    if value is None:
        del meta[key]
    else:
        meta[key] = value
    assert reason in refusal(file_of(meta, model.tensors()))
    with pytest.raises(zhengfen.ModelError, match=f"model <arrays>: .*{re.escape(reason[:12])}"):
        zhengfen.LearnedModel.from_arrays(meta, model.tensors())


def test_loading_refuses_bad_files_and_tensors_naming_the_reason(tmp_path: Path) -> None:
    model = zhengfen.LearnedModel.load(ZF4)
    meta, tensors = model.metadata, model.tensors()
    assert "not a safetensors file" in refusal(b"\x00" * 40)
    assert "not a safetensors file" in refusal(ZF4.read_bytes()[:-10])
    for dtype, name in [(np.float64, "F64"), (np.int32, "I32")]:
        wrong = {**tensors, "output.bias": tensors["output.bias"].astype(dtype)}
        assert f"tensor 'output.bias' is {name}, not F32 or F16" in refusal(file_of(meta, wrong))
    extra = {**tensors, "layer9.weight": np.zeros((2, 2), np.float32)}
    assert "tensor 'layer9.weight' is not one of the format's" in refusal(file_of(meta, extra))
    missing = {k: v for k, v in tensors.items() if k != "input.move_scale"}
    assert "tensor 'input.move_scale' is missing" in refusal(file_of(meta, missing))
    shaped = {**tensors, "output.weight": tensors["output.weight"].reshape(4, 4)}
    assert "'output.weight' has shape [4, 4], not [16]" in refusal(file_of(meta, shaped))
    for bad in (np.nan, np.inf, -np.inf):
        broken = {k: v.copy() for k, v in tensors.items()}
        broken["layer0.move_weight"][3, 1] = bad
        assert "tensor 'layer0.move_weight' holds" in refusal(file_of(meta, broken))
    with pytest.raises(zhengfen.ModelError, match=r"missing.safetensors: cannot be read"):
        zhengfen.LearnedModel.load(tmp_path / "missing.safetensors")
    with pytest.raises(zhengfen.ModelError, match="is int64, not float32 or float16"):
        zhengfen.LearnedModel.from_arrays(meta, {**tensors, "output.bias": np.zeros(1, np.int64)})
    with pytest.raises(zhengfen.ArgumentTypeError, match="must be strings"):
        zhengfen.LearnedModel.from_arrays({**meta, "x": 1}, tensors)  # type: ignore[dict-item]
    assert issubclass(zhengfen.ModelError, zhengfen.ZhengfenError)
    assert issubclass(zhengfen.ModelError, ValueError)


def test_a_model_for_other_rules_is_refused_everywhere() -> None:
    zcy = zhengfen.LearnedModel.load(ZCY)
    spec = f"learned(model={ZCY})"
    zf4 = zhengfen.Rules.zheng_fen(players=4)
    reason = "plays zen_cheng_you with 4 players, not zheng_fen with 4 players"
    for agent in (spec, zcy, zhengfen.AgentSpec(spec), LearnedAgent(ZCY).agent_spec):
        with pytest.raises(zhengfen.ModelError, match=reason):
            zhengfen.rollouts(zf4, [agent, "greedy", "greedy", "greedy"], 1)
        with pytest.raises(zhengfen.ModelError, match=reason):
            zhengfen.VecGame(zf4, 2, agents=[None, agent, None, None])
        with pytest.raises(zhengfen.ModelError, match=reason):
            zhengfen.VecGame(zf4, 2).agent_actions(agent)
        game = zhengfen.Game(zf4, seed=0)
        with pytest.raises(zhengfen.ModelError, match=reason):
            game.info_set(mover(game)).choose(agent)
    game = zhengfen.Game(zf4, seed=0)
    with pytest.raises(zhengfen.ModelError, match=reason):
        LearnedAgent(zcy).act(observe(game, mover(game)), game.legal_moves())
    five = zhengfen.Rules.zheng_fen(players=5)
    with pytest.raises(zhengfen.ModelError, match="not zheng_fen with 5 players"):
        zhengfen.rollouts(five, [f"learned(model={ZF4})"] * 5, 1)
    # A model ships for every table (the core's unit test covers rules without one).
    assert sorted(zhengfen.shipped_models()) == [
        ("zen_cheng_you", 4),
        *(("zheng_fen", players) for players in (3, 4, 5, 6)),
    ]


def test_specs_name_the_model_file_once() -> None:
    spec = f"learned(model={ZF4})"
    assert zhengfen.canonical_spec(f"learned( model = {ZF4} )") == spec
    assert zhengfen.canonical_spec("learned") == "learned"
    with pytest.raises(zhengfen.ArgumentError, match="'model' is given twice"):
        zhengfen.canonical_spec(f"learned(model={ZF4},model={ZF4})")
    with pytest.raises(zhengfen.ArgumentError, match="'iterations' is given twice"):
        zhengfen.canonical_spec("ismcts(iterations=5,iterations=5)")
    with pytest.raises(zhengfen.ArgumentError, match="unknown setting 'path'"):
        zhengfen.canonical_spec("learned(path=x)")
    agent = make_agent(spec)
    assert isinstance(agent, LearnedAgent) and agent.spec == spec
    shipped = make_agent("learned")
    assert isinstance(shipped, LearnedAgent) and shipped.spec == "learned"


def test_learned_games_are_deterministic_and_the_same_on_two_threads() -> None:
    zf4 = zhengfen.Rules.zheng_fen(players=4)
    agents = [f"learned(model={ZF4})", "greedy", f"learned(model={ZF4_HALF})", "random"]
    one = zhengfen.rollouts(zf4, agents, 6, seed=3, duplicate=True, matches=1, logs=True)
    two = zhengfen.rollouts(zf4, agents, 6, seed=3, duplicate=True, matches=1, threads=2, logs=True)
    for key in ("points", "decisions", "legal"):
        np.testing.assert_array_equal(one[key], two[key])
    assert [g.decisions for g in one["games"]] == [g.decisions for g in two["games"]]
    assert one["agents"][0] == agents[0]
    # Every move was legal: the saved games replay through the checked rules.
    for game in one["games"]:
        assert zhengfen.Game.from_json(game.to_json()).decisions == game.decisions


@pytest.mark.parametrize("path", [ZF4, ZCY], ids=lambda p: p.stem)
def test_the_choice_is_the_first_largest_q_value_and_python_agrees(path: Path) -> None:
    model = zhengfen.LearnedModel.load(path)
    rules = rules_of(model)
    agent = LearnedAgent(model)
    for game in positions(rules, 1):
        q = model.q_values(game)
        info = game.info_set(mover(game))
        choice = info.choose(model)
        assert choice == (0 if len(q) == 1 else int(np.argmax(q)))
        assert info.choose(f"learned(model={path})", seed=99) == choice
        move = agent.act(observe(game, mover(game)), game.legal_moves())
        assert move == game.legal_moves()[choice]
    # The Python agent in every seat plays the game rollouts plays.
    played = zhengfen.rollouts(rules, [model] * 4, 1, seed=5, matches=1, logs=True)["games"][0]
    game = zhengfen.Game(rules, seed=deal_seed(5, 0))
    play_game(game, [LearnedAgent(path) for _ in range(4)], matches=1)
    assert game.decisions == played.decisions


def test_ties_go_to_the_first_move() -> None:
    model = zhengfen.LearnedModel.load(ZF4)
    tensors = model.tensors()
    tensors["layer0.move_weight"][:] = 0.0
    blind = zhengfen.LearnedModel.from_arrays(model.metadata, tensors)
    for game in positions(zhengfen.Rules.zheng_fen(players=4), 1)[:30]:
        q = blind.q_values(game)
        assert np.all(q == q[0])
        assert game.info_set(mover(game)).choose(blind) == 0


def test_vec_game_seats_play_the_learned_agent() -> None:
    zf4 = zhengfen.Rules.zheng_fen(players=4)
    spec = f"learned(model={ZF4})"
    batch = zhengfen.VecGame(zf4, 3, agents=[None, spec, None, spec], seed=1)
    assert batch.num_games == 3
    actions = zhengfen.VecGame(zf4, 3, seed=1).agent_actions(spec)
    assert actions.shape == (3,)
    meta = json.loads(zhengfen.LearnedModel.load(ZF4).metadata["training"])
    assert meta["decisions"] == 0


def test_a_web_request_cannot_name_a_model_file() -> None:
    from zhengfen.web.inputs import InputError, agent

    for name in (f"learned(model={ZF4})", " learned (model=/etc/passwd)"):
        with pytest.raises(InputError, match="model files cannot be named here"):
            agent(name)
