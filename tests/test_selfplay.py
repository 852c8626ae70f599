"""``zhengfen.selfplay`` (AI.md §7.6): the actors' samples are those of the same games played
one move at a time through ``Game`` with the model's Q-values, the documented epsilon stream
and the built-in agents' streams; they do not depend on threads or games in flight; epsilon 0
plays the learned agent's games; bad arguments are refused; Ctrl-C stops a long call. With
``search`` (search-labelled training, AI.md §8.1) the moves played are the searcher's, every
decision gives one played row and rows whose visits add to the iterations.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import learned_models
import zhengfen
from test_hardening_core import run_and_interrupt
from zhengfen.agents.seats import agent_seed, deal_seed

ZF4 = zhengfen.Rules.zheng_fen(players=4)
ZCY = zhengfen.Rules.zen_cheng_you()
MODELS = {
    "zheng_fen": learned_models.build("zheng_fen", 4, 1),
    "zen_cheng_you": learned_models.build("zen_cheng_you", 4, 2),
}
SAMPLE_KEYS = ("observation", "scores", "history", "move", "target", "seat", "episode")
EPISODE_KEYS = ("results", "decisions", "forced")
DTYPES = {
    "observation": np.uint8,
    "scores": np.int32,
    "history": np.uint8,
    "move": np.uint8,
    "target": np.float32,
    "seat": np.int64,
    "episode": np.uint64,
    "num_legal": np.int64,
    "value": np.float32,
    "visits": np.int64,
    "played": np.bool_,
    "capped": np.bool_,
    "decision": np.uint64,
    "results": np.float32,
    "decisions": np.int64,
    "forced": np.int64,
}

Samples = dict[str, npt.NDArray[Any]]


def model_for(rules: zhengfen.Rules) -> zhengfen.LearnedModel:
    return MODELS[rules.game]


def explores(rng: zhengfen.SplitMix64, epsilon: float) -> bool:
    """The documented epsilon draw: one output, ``(u >> 11) * 2**-53 < epsilon``."""
    return (rng.next() >> 11) * 2.0**-53 < epsilon


def reference(
    rules: zhengfen.Rules,
    model: zhengfen.LearnedModel,
    num_episodes: int,
    seed: int,
    *,
    first_episode: int = 0,
    agents: list[str | None] | None = None,
    epsilon: float = 0.1,
) -> Samples:
    """``selfplay``'s samples, from the games played in Python one move at a time."""
    players = rules.players
    seats = agents if agents is not None else [None] * players
    labels = ("num_legal", "value", "visits", "played", "capped", "decision")
    rows: dict[str, list[Any]] = {key: [] for key in (*SAMPLE_KEYS, *labels)}
    episodes: dict[str, list[Any]] = {key: [] for key in EPISODE_KEYS}
    for episode in range(first_episode, first_episode + num_episodes):
        game_seed = deal_seed(seed, episode)
        game = zhengfen.Game(rules, game_seed)
        rngs = [zhengfen.SplitMix64(agent_seed(game_seed, s)) for s in range(players)]
        movers: list[int] = []
        decisions = forced = 0
        while (seat := game.current_player) is not None:
            n = len(game.legal_moves())
            agent = seats[seat]
            if agent is not None:
                pick = game.info_set(seat).choose(agent, rngs[seat])
            elif n == 1:
                decisions, forced, pick = decisions + 1, forced + 1, 0
            else:
                decisions += 1
                rows["observation"].append(game.observation_tensor(seat))
                rows["scores"].append(game.score_tensor(seat))
                rows["history"].append(game.history_tensor(seat, rows=model.history_rows))
                if explores(rngs[seat], epsilon):
                    pick = rngs[seat].uniform(n)
                else:
                    pick = int(np.argmax(model.q_values(game)))  # the first on ties
                rows["move"].append(game.legal_move_features()[pick])
                rows["seat"].append(seat)
                rows["episode"].append(episode)
                rows["num_legal"].append(n)
                rows["value"].append(0.0)  # no search: no value, no visits, played
                rows["visits"].append(0)
                rows["played"].append(True)
                rows["capped"].append(False)
                rows["decision"].append(decisions - forced - 1)  # numbered in the episode
                movers.append(seat)
            game.play_index(pick)
        results = [game.match_result(s) for s in range(players)]
        rows["target"].extend(results[s] for s in movers)
        episodes["results"].append(results)
        episodes["decisions"].append(decisions)
        episodes["forced"].append(forced)
    out = {}
    for key, values in {**rows, **episodes}.items():
        array: npt.NDArray[Any] = np.array(values, dtype=DTYPES[key])
        if key in ("observation", "scores", "move") and not values:
            array = array.reshape(0, -1)
        out[key] = array
    return out


def assert_same(actual: Samples, expected: Samples) -> None:
    assert set(actual) == set(DTYPES)
    for key in DTYPES:
        assert actual[key].dtype == DTYPES[key], key
        np.testing.assert_array_equal(actual[key], expected[key], err_msg=key)


GAMES = [
    (ZF4, None, 0.3),
    (ZF4, [None, "random", None, "greedy"], 0.2),
    (ZCY, None, 0.1),
    (ZCY, ["greedy", None, "random", None], 0.5),
    (zhengfen.Rules.zheng_fen(players=3), None, 0.0),
]


@pytest.mark.parametrize(
    ("rules", "agents", "epsilon"),
    GAMES,
    ids=["zf4-selfplay", "zf4-opponents", "zcy-selfplay", "zcy-opponents", "zf3-greedy"],
)
def test_the_samples_are_those_of_the_games_played_move_by_move(
    rules: zhengfen.Rules, agents: list[str | None] | None, epsilon: float
) -> None:
    game = "zen_cheng_you" if rules.game == "zen_cheng_you" else "zheng_fen"
    model = learned_models.build(game, rules.players, 7) if rules.players != 4 else model_for(rules)
    seed, first = 2026, 5
    expected = reference(rules, model, 3, seed, first_episode=first, agents=agents, epsilon=epsilon)
    actual = zhengfen.selfplay(
        rules, model, 3, seed, first_episode=first, agents=agents, epsilon=epsilon
    )
    assert len(expected["target"]) > 30
    assert_same(dict(actual), expected)
    assert actual["history"].shape[1:] == (model.history_rows, zhengfen.HISTORY_ROW)


@pytest.mark.parametrize("rules", [ZF4, ZCY], ids=["zf4", "zcy"])
def test_the_same_seed_gives_the_same_samples_on_any_threads_and_games_in_flight(
    rules: zhengfen.Rules,
) -> None:
    agents: list[str | None] = [None, "random", None, None]
    runs = [
        dict(
            zhengfen.selfplay(
                rules,
                model_for(rules),
                13,
                9,
                agents=agents,
                epsilon=0.25,
                threads=threads,
                games_per_thread=games,
            )
        )
        for threads, games in [(1, 1), (1, 64), (2, 1), (2, 3), (2, 64), (3, 2)]
    ]
    assert len(runs[0]["target"]) > 100
    for other in runs[1:]:
        assert_same(other, runs[0])


# --- search-labelled samples -----------------------------------------------------------------


def decisions_of(samples: Samples) -> list[range]:
    """The rows of each decision: runs of rows of one episode and seat with the same
    observation (a searched decision gives a row per move it tried)."""
    key = [
        (int(e), int(s), o.tobytes())
        for e, s, o in zip(samples["episode"], samples["seat"], samples["observation"])
    ]
    starts = [i for i in range(len(key)) if i == 0 or key[i] != key[i - 1]]
    return [range(a, b) for a, b in zip(starts, [*starts[1:], len(key)])]


@pytest.mark.parametrize("rules", [ZF4, ZCY], ids=["zf4", "zcy"])
def test_a_searched_decision_is_a_row_per_move_tried_one_of_them_played(
    rules: zhengfen.Rules,
) -> None:
    iterations = 20
    samples = zhengfen.selfplay(rules, model_for(rules), 3, 5, epsilon=0.2, search=iterations)
    decisions = decisions_of(samples)
    non_forced = int(np.sum(samples["decisions"] - samples["forced"]))
    assert len(decisions) == non_forced == int(samples["played"].sum())
    assert len(samples["target"]) > 2 * non_forced
    for rows in decisions:
        visits = samples["visits"][rows]
        assert int(samples["played"][rows].sum()) == 1
        assert int(visits.sum()) == iterations, "every iteration passes one root move"
        assert int(np.sum(visits == 0)) <= 1  # the explored move, where the search missed it
        assert np.all(samples["value"][rows][visits == 0] == 0)
        assert len(set(samples["num_legal"][rows])) == 1
    assert np.all(np.isfinite(samples["value"]))


def test_searched_samples_do_not_depend_on_threads_or_games_in_flight() -> None:
    runs = [
        dict(
            zhengfen.selfplay(
                ZCY,
                model_for(ZCY),
                4,
                9,
                agents=[None, "random", None, None],
                search=10,
                threads=threads,
                games_per_thread=games,
            )
        )
        for threads, games in [(1, 1), (2, 1), (2, 64)]
    ]
    for other in runs[1:]:
        assert_same(other, runs[0])


def test_a_searched_episode_plays_the_searchers_moves(tmp_path: Path) -> None:
    """With epsilon 0 the seats play ``ismcts(iterations=N,policy=learned(model=...))``'s
    choices from their own streams, then the epsilon draw: the same game move by move."""
    model = model_for(ZF4)
    path = tmp_path / "model.safetensors"
    model.save(path)
    searcher = f"ismcts(iterations=12,policy=learned(model={path}))"
    samples = zhengfen.selfplay(ZF4, model, 1, 3, epsilon=0.0, search=12)
    game_seed = deal_seed(3, 0)
    game = zhengfen.Game(ZF4, game_seed)
    rngs = [zhengfen.SplitMix64(agent_seed(game_seed, s)) for s in range(4)]
    played = []
    while (seat := game.current_player) is not None:
        moves = game.legal_move_features()
        if len(moves) == 1:
            game.play_index(0)
            continue
        pick = game.info_set(seat).choose(searcher, rngs[seat])
        rngs[seat].next()  # the epsilon draw
        played.append(moves[pick])
        game.play_index(pick)
    np.testing.assert_array_equal(samples["move"][samples["played"]], np.array(played))
    assert list(samples["results"][0]) == [game.match_result(s) for s in range(4)]


@pytest.mark.parametrize("rules", [ZF4, ZCY], ids=["zf4", "zcy"])
def test_a_greedy_labelling_search_is_the_same_whatever_the_model(rules: zhengfen.Rules) -> None:
    """``search="ismcts(...)"`` with the greedy policy labels with a search the model does not
    guide: two different models, the same rows, values, visits and moves played (epsilon 0);
    the same search given as an ``AgentSpec`` gives the same samples."""
    spec = "ismcts(iterations=12)"
    other = learned_models.build(rules.game, rules.players, 7)
    searches: list[tuple[zhengfen.LearnedModel, str | zhengfen.AgentSpec]] = [
        (model_for(rules), spec),
        (other, spec),
        (other, zhengfen.AgentSpec(spec)),
    ]
    runs = [
        zhengfen.selfplay(rules, model, 2, 5, epsilon=0.0, search=search)
        for model, search in searches
    ]
    for key in ("move", "value", "visits", "played", "observation", "results"):
        np.testing.assert_array_equal(runs[0][key], runs[1][key], err_msg=key)
        np.testing.assert_array_equal(runs[1][key], runs[2][key], err_msg=key)
    assert int(runs[0]["visits"].sum()) == 12 * int(runs[0]["played"].sum())
    assert not np.array_equal(runs[0]["target"], 0)


def test_a_learned_labelling_spec_is_guided_by_the_model_trained() -> None:
    """``policy=learned`` in a labelling spec is the model passed to ``selfplay``: the spec
    with the learned policy's settings gives the samples of ``search=N``."""
    model = model_for(ZF4)
    spec = "ismcts(iterations=10,policy=learned,playout=value)"
    assert_same(
        zhengfen.selfplay(ZF4, model, 2, 5, search=spec),
        zhengfen.selfplay(ZF4, model, 2, 5, search=10),
    )


@pytest.mark.parametrize("rules", [ZF4, ZCY], ids=["zf4", "zcy"])
def test_a_search_played_by_the_model_only_labels(rules: zhengfen.Rules) -> None:
    """``played_by="model"``: the seats play the model's best moves (epsilon 0: the games of
    ``selfplay`` without a search), and the search labels them, visits adding to N."""
    model = model_for(rules)
    plain = zhengfen.selfplay(rules, model, 2, 5, epsilon=0.0)
    labelled = zhengfen.selfplay(
        rules, model, 2, 5, epsilon=0.0, search="ismcts(iterations=8)", played_by="model"
    )
    played = labelled["played"]
    np.testing.assert_array_equal(labelled["move"][played], plain["move"])
    np.testing.assert_array_equal(labelled["results"], plain["results"])
    assert int(labelled["visits"].sum()) == 8 * int(played.sum())


@pytest.mark.parametrize(
    ("played_by", "search", "kind", "match"),
    [
        ("teacher", 8, zhengfen.ArgumentError, "played_by must be 'search' or 'model'"),
        (1, 8, zhengfen.ArgumentTypeError, "played_by must be 'search' or 'model', not 1"),
        ("model", None, zhengfen.ArgumentError, "played_by='model' needs a search"),
    ],
)
def test_bad_played_by_is_refused(
    played_by: Any, search: int | None, kind: type[Exception], match: str
) -> None:
    with pytest.raises(kind, match=match):
        zhengfen.selfplay(ZF4, model_for(ZF4), 1, search=search, played_by=played_by)


@pytest.mark.parametrize(
    ("bad", "kind", "match"),
    [
        (0, zhengfen.ArgumentError, "search must be an integer from 1"),
        (1_000_001, zhengfen.ArgumentError, "search must be an integer from 1"),
        ("8", zhengfen.ArgumentError, "search: unknown agent '8'"),
        ("greedy", zhengfen.ArgumentError, 'an ismcts spec, not "greedy"'),
        ("ismcts(iterations=0)", zhengfen.ArgumentError, "search: agent spec"),
        (True, zhengfen.ArgumentTypeError, "search must be a number of iterations"),
        ([3], zhengfen.ArgumentTypeError, "search must be a number of iterations"),
    ],
)
def test_bad_searches_are_refused(bad: Any, kind: type[Exception], match: str) -> None:
    with pytest.raises(kind, match=match):
        zhengfen.selfplay(ZF4, model_for(ZF4), 1, search=bad)


def test_a_labelling_spec_naming_a_model_file_is_refused(tmp_path: Path) -> None:
    """The labelling search's learned policy is the model trained; naming another would be
    silently ignored, so it is refused."""
    path = tmp_path / "m.safetensors"
    model_for(ZF4).save(path)
    with pytest.raises(zhengfen.ArgumentError, match="name no model file"):
        zhengfen.selfplay(ZF4, model_for(ZF4), 1, search=f"ismcts(policy=learned(model={path}))")


def test_episodes_split_across_calls_join_to_the_whole() -> None:
    model = model_for(ZF4)
    whole = zhengfen.selfplay(ZF4, model, 10, 4)
    parts = [
        zhengfen.selfplay(ZF4, model, 4, 4),
        zhengfen.selfplay(ZF4, model, 6, 4, first_episode=4),
    ]
    joined = {key: np.concatenate([part[key] for part in parts]) for key in DTYPES}
    assert_same(dict(whole), joined)


@pytest.mark.parametrize("rules", [ZF4, ZCY], ids=["zf4", "zcy"])
def test_epsilon_zero_plays_the_learned_agents_games(rules: zhengfen.Rules) -> None:
    model = model_for(rules)
    for agents in ([None] * 4, [None, "greedy", None, "greedy"]):
        played = zhengfen.selfplay(rules, model, 8, 3, first_episode=2, agents=agents, epsilon=0)
        specs = [model if a is None else a for a in agents]
        games = zhengfen.rollouts(rules, specs, 8, 3, first_deal=2, matches=1, logs=True)
        finished = games["games"]
        results = np.array([[g.match_result(s) for s in range(4)] for g in finished])
        np.testing.assert_array_equal(played["results"], results)
        # Zheng Fen's result is the seat's own points; Zen Cheng You's its team's lead.
        if rules.game == "zheng_fen":
            np.testing.assert_array_equal(played["results"], games["points"])
        else:
            points = games["points"]
            np.testing.assert_array_equal(played["results"], points - points[:, [1, 0, 3, 2]])
        if agents[1] is None:  # self-play: every decision is a learner's
            np.testing.assert_array_equal(played["decisions"], games["decisions"])


def test_rows_agree_with_the_episode_results() -> None:
    played = zhengfen.selfplay(ZCY, model_for(ZCY), 6, 1, agents=[None, "greedy", None, "greedy"])
    assert set(played["seat"].tolist()) == {0, 2}
    assert (played["num_legal"] >= 2).all()
    episodes = played["episode"] - played["episode"][0]
    np.testing.assert_array_equal(played["target"], played["results"][episodes, played["seat"]])
    counts = np.bincount(episodes.astype(np.int64), minlength=6)
    np.testing.assert_array_equal(counts, played["decisions"] - played["forced"])
    assert (np.diff(played["episode"].astype(np.int64)) >= 0).all()
    # Zen Cheng You's results are zero-sum between the teams.
    np.testing.assert_array_equal(played["results"][:, 0], -played["results"][:, 1])


def test_epsilon_one_never_reads_the_model() -> None:
    a = zhengfen.selfplay(ZF4, model_for(ZF4), 4, 8, epsilon=1)
    other = learned_models.build("zheng_fen", 4, 99)
    assert_same(dict(a), dict(zhengfen.selfplay(ZF4, other, 4, 8, epsilon=1.0)))


def test_no_episodes_give_empty_arrays_of_the_right_shapes() -> None:
    played = zhengfen.selfplay(ZF4, model_for(ZF4), 0)
    assert played["observation"].shape == (0, zhengfen.OBSERVATION_SIZE)
    assert played["history"].shape == (0, 2, zhengfen.HISTORY_ROW)
    assert played["results"].shape == (0, 4)


# --- refusals --------------------------------------------------------------------------------


def refused(kind: type[Exception], match: str, **changes: Any) -> None:
    """The call with ``changes`` raises ``kind`` and leaves the model as it was."""
    model = model_for(ZF4)
    before = model.to_bytes()
    call: dict[str, Any] = {"rules": ZF4, "model": model, "num_episodes": 2, **changes}
    with pytest.raises(kind, match=match) as caught:
        zhengfen.selfplay(**call)
    assert isinstance(caught.value, zhengfen.ZhengfenError)
    assert model.to_bytes() == before


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), float("inf"), 10**400, -1])
def test_epsilon_out_of_range_is_an_argument_error(bad: Any) -> None:
    refused(zhengfen.ArgumentError, r"^epsilon must be a number from 0 to 1, not", epsilon=bad)


@pytest.mark.parametrize("bad", [True, np.False_, "0.1", None, [0.1], 1j])
def test_epsilon_of_another_kind_is_an_argument_type_error(bad: Any) -> None:
    refused(zhengfen.ArgumentTypeError, r"^epsilon must be a number from 0 to 1, not", epsilon=bad)


def test_epsilon_takes_numpy_numbers_and_the_bounds() -> None:
    for good in (0, 1, np.float32(0.5), np.int64(1), np.float64(0.0)):
        zhengfen.selfplay(ZF4, model_for(ZF4), 1, epsilon=good)


def test_bad_models_and_agents_are_refused() -> None:
    path = str(learned_models.FOLDER / "zheng_fen_4.safetensors")
    for model in (path, None, "greedy"):
        refused(zhengfen.ArgumentTypeError, "^model must be a LearnedModel", model=model)
    refused(zhengfen.ModelError, "zen_cheng_you", model=model_for(ZCY))
    five = learned_models.build("zheng_fen", 5, 1)
    refused(zhengfen.ModelError, "players", model=five)
    refused(zhengfen.ModelError, "zen_cheng_you", agents=[None, model_for(ZCY), None, None])
    refused(zhengfen.ArgumentError, "3 agents given for 4 seats", agents=[None] * 3)
    refused(zhengfen.ArgumentError, "no learner seat", agents=["greedy"] * 4)
    refused(zhengfen.ArgumentError, "unknown agent", agents=[None, "clever", None, None])
    refused(zhengfen.ArgumentTypeError, "^agents must be", agents="greedy")
    refused(zhengfen.ArgumentTypeError, "expected a built-in agent", agents=[None, 5, None, None])


def test_bad_counts_are_refused() -> None:
    refused(zhengfen.ArgumentError, "at most 1000000", num_episodes=1_000_001)
    refused(zhengfen.ArgumentError, "^first_episode \\+ num_episodes", first_episode=2**64 - 1)
    refused(
        zhengfen.ArgumentError,
        "^games_per_thread must be an integer from 1 to 4096",
        games_per_thread=4097,
    )


# --- Ctrl-C ----------------------------------------------------------------------------------

ZCY_MODEL = Path(learned_models.FOLDER) / "zen_cheng_you_4.safetensors"
LONG = {
    "one_thread": "zhengfen.selfplay(zhengfen.Rules.zen_cheng_you(), model, 1_000_000)",
    "two_threads": (
        "zhengfen.selfplay(zhengfen.Rules.zen_cheng_you(), model, 1_000_000, threads=2)"
    ),
    "searched": ("zhengfen.selfplay(zhengfen.Rules.zen_cheng_you(), model, 1000, search=100000)"),
    "search_opponents": (
        "zhengfen.selfplay(zhengfen.Rules.zen_cheng_you(), model, 10, agents=[None, "
        "'search(determinizations=10000,candidates=10000)'] * 2)"
    ),
}


@pytest.mark.parametrize("call", sorted(LONG))
def test_ctrl_c_stops_a_long_call(call: str) -> None:
    code = f"model = zhengfen.LearnedModel.load({str(ZCY_MODEL)!r})\n{LONG[call]}"
    took, out, err = run_and_interrupt(code)
    assert "KeyboardInterrupt" in out, (out, err)
    assert "finished" not in out
    assert "panicked" not in err and "Traceback" not in err
    assert took < 3, f"took {took:.1f} s to stop"


def test_a_stop_callable_stops_the_call() -> None:
    """``stop``: polled as the games go, a true answer ends the call with
    ``KeyboardInterrupt("stopped")``; anything but a callable is refused."""
    model = model_for(ZF4)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    with pytest.raises(KeyboardInterrupt, match="stopped"):
        zhengfen.selfplay(ZF4, model, 2000, 4, search=64, stop=stop)
    assert len(calls) == 4
    assert len(zhengfen.selfplay(ZF4, model, 2, 4, stop=lambda: False)["results"]) == 2
    with pytest.raises(zhengfen.ArgumentTypeError, match="stop must be a callable"):
        zhengfen.selfplay(ZF4, model, 2, 4, stop=3)  # type: ignore[arg-type]
