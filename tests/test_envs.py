"""The optional environments (``zhengfen.envs``): PettingZoo's and Gymnasium's own checkers, and
what users rely on (factories called again and again, vector environments, ``gymnasium.make``,
whole episodes, seeding, the illegal-action policies, hostile actions, seeds and options,
opponents, rewards, the AI.md §6 example).

Tests that need PettingZoo or Gymnasium skip when it is not installed; the import test runs
without them.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import io
import random
import re
import subprocess
import sys
import types
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

import zhengfen
from zhengfen import Cards, Game, IllegalMoveError, RulesError, ZhengfenError, envs
from zhengfen._core import OBSERVATION_SIZE, PERFECT_OBSERVATION_SIZE
from zhengfen.envs import (
    EnvOptions,
    gymnasium_env,
    pettingzoo_env,
    render_text,
    worst_reward,
)
from zhengfen.errors import EnvError
from zhengfen.types import Move

if TYPE_CHECKING:
    from zhengfen.envs._gymnasium import ZhengfenEnv
    from zhengfen.envs._spaces import Observation

# (name, options, PettingZoo num_cycles): a Zen Cheng You lead can list thousands of moves.
GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("zheng_fen_3", {"players": 3}, 300),
    ("zheng_fen_4", {"players": 4}, 300),
    ("zheng_fen_6", {"players": 6}, 300),
    ("zheng_fen_4_game", {"players": 4, "episode": "game", "target": 150}, 300),
    ("zheng_fen_5_float32", {"players": 5, "dtype": "float32"}, 300),
    ("zen_cheng_you", {"game": "zen_cheng_you"}, 100),
]
GAME_IDS = [name for name, _, _ in GAMES]
GAME_PARAMS = [(options, cycles) for _, options, cycles in GAMES]


def _pettingzoo_test() -> Any:
    """``pettingzoo.test`` (skips without PettingZoo)."""
    return pytest.importorskip("pettingzoo.test")


def _env_checker() -> Any:
    """``gymnasium.utils.env_checker`` (skips without Gymnasium)."""
    return pytest.importorskip("gymnasium.utils.env_checker")


def _aec(**options: Any) -> Any:
    """The PettingZoo environment (skips without PettingZoo)."""
    pytest.importorskip("pettingzoo")
    return pettingzoo_env(**options)


def _gym(**options: Any) -> ZhengfenEnv:
    """The Gymnasium environment (skips without Gymnasium)."""
    pytest.importorskip("gymnasium")
    return gymnasium_env(**options)


def _full_deck(game: Game) -> Cards:
    decks = game.rules.decks
    return Cards(zhengfen.shuffle_deck(decks, 0), decks)


def _hands(game: Game) -> Cards:
    total = Cards(None, game.rules.decks)
    for seat in range(game.rules.players):
        total = total + game.hand(seat)
    return total


def _random_action(observation: Observation, rng: random.Random) -> int:
    """A uniformly random action among those the mask allows."""
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def _aec_episode(env: Any, seed: int, choose: int = 0) -> Iterator[tuple[str, int | None, float]]:
    """Plays one episode of ``env`` with random legal actions (stream ``choose``), yielding each
    agent, its action (``None`` once terminated) and its reward from ``last()`` (its reward since
    it last acted) before the step is taken."""
    rng = random.Random(choose)
    env.reset(seed=seed)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else _random_action(observation, rng)
        yield agent, action, reward
        env.step(action)


def _returns(env: Any, seed: int) -> dict[str, float]:
    """Each agent's total reward over an episode of random legal actions."""
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent, _, reward in _aec_episode(env, seed):
        returns[agent] += reward
    return returns


# --- import -----------------------------------------------------------------------------------


def test_import_without_optional_packages() -> None:
    """``import zhengfen.envs`` works without PettingZoo and Gymnasium; the factories then say
    what to install."""
    script = """
import sys
sys.modules["pettingzoo"] = None
sys.modules["gymnasium"] = None
import zhengfen.envs
assert "zhengfen/ZhengFen-v0" in zhengfen.envs.ENV_IDS
for factory in (zhengfen.envs.pettingzoo_env, zhengfen.envs.gymnasium_env) * 2:
    try:
        factory()
    except ImportError as error:
        assert 'pip install "zhengfen[envs]"' in str(error), error
    else:
        raise AssertionError("no ImportError")
for name in ("ZhengfenEnv", "ZhengfenAEC"):
    try:
        getattr(zhengfen.envs, name)
    except ImportError as error:
        assert 'pip install "zhengfen[envs]"' in str(error), error
    else:
        raise AssertionError("no ImportError")
print("ok")
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


# --- the libraries' checkers ------------------------------------------------------------------


@pytest.mark.parametrize(("options", "cycles"), GAME_PARAMS, ids=GAME_IDS)
def test_pettingzoo_api(options: dict[str, Any], cycles: int) -> None:
    """PettingZoo's ``api_test``."""
    checks = _pettingzoo_test()
    with warnings.catch_warnings():
        # Dict observations with action masks, as in PettingZoo's classic games.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        checks.api_test(_aec(**options), num_cycles=cycles, verbose_progress=False)


@pytest.mark.parametrize(("options", "cycles"), GAME_PARAMS, ids=GAME_IDS)
def test_pettingzoo_seed(options: dict[str, Any], cycles: int) -> None:
    """PettingZoo's ``seed_test``: the same seed, the same episode."""
    checks = _pettingzoo_test()
    checks.seed_test(lambda: _aec(**options), num_cycles=cycles)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "render_mode": "ansi"},
        {"players": 5, "perfect_information": True, "episode": "game", "dtype": "float32"},
        {"game": "zen_cheng_you", "render_mode": "ansi", "opponents": ["random"] * 3},
    ],
    ids=["zheng_fen", "zheng_fen_perfect_game", "zen_cheng_you"],
)
def test_gymnasium_check_env(options: dict[str, Any]) -> None:
    """Gymnasium's ``check_env`` with the default action space: it steps with unmasked
    ``action_space.sample()`` actions, nearly all illegal, which the default illegal-action
    policy answers by ending the episode."""
    checker = _env_checker()
    env = _gym(**options)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(infinity|spec|render fps)")
        checker.check_env(env.unwrapped)


# --- whole episodes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{"players": p} for p in (3, 4, 5, 6)] + [{"game": "zen_cheng_you"}],
    ids=["zheng_fen_3", "zheng_fen_4", "zheng_fen_5", "zheng_fen_6", "zen_cheng_you"],
)
def test_random_episode_conserves_cards_and_points(options: dict[str, Any]) -> None:
    """An episode of random legal actions reaches termination; until the end, hands and the
    cards played hold exactly the deck; the returns are the seats' rewards for the match (in
    Zheng Fen the match points, 100 in all)."""
    env = _aec(**options)
    played = Cards(None, env.unwrapped.options.rules.decks)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent, action, reward in _aec_episode(env, seed=len(env.possible_agents)):
        returns[agent] += reward
        game = env.unwrapped.game
        if action is None:
            continue
        assert agent == f"seat_{game.current_player}"
        assert _hands(game) + played == _full_deck(game)
        move: Move = game.legal_moves()[action]
        if not isinstance(move, str):
            played = played + move.cards
    game = env.unwrapped.game
    assert game.match_over and not env.agents
    assert returns == {a: game.match_result(s) for s, a in enumerate(env.possible_agents)}
    if game.rules.game == "zheng_fen":
        assert sum(game.match_points) == 100
        assert returns == {f"seat_{s}": float(p) for s, p in enumerate(game.match_points)}


def test_zen_cheng_you_rewards_are_zero_sum_between_teams() -> None:
    """Partners get the same reward, the teams' rewards cancel, and each is the team's match
    points minus the other team's."""
    env = _aec(game="zen_cheng_you")
    returns = _returns(env, seed=4)
    game = env.unwrapped.game
    points = game.match_points
    assert returns["seat_0"] == returns["seat_2"] == points[0] - points[1]
    assert returns["seat_1"] == returns["seat_3"] == points[1] - points[0]
    assert [game.match_result(s) for s in range(4)] == [returns[f"seat_{s}"] for s in range(4)]


def test_aec_game_episode_plays_several_matches() -> None:
    """With ``episode="game"`` the next match is dealt automatically; the returns are the final
    scores."""
    env = _aec(players=3, episode="game", target=150)
    returns = _returns(env, seed=8)
    game = env.unwrapped.game
    assert game.game_over and game.match_number >= 1
    assert max(game.scores) >= 150
    assert returns == {f"seat_{s}": float(p) for s, p in enumerate(game.scores)}


def test_gymnasium_game_episode_plays_several_matches() -> None:
    """The Gymnasium environment's rewards over a whole game add up to the learner's score."""
    env = _gym(players=4, seat=2, episode="game", target=150)
    observation, info = env.reset(seed=5)
    rng = random.Random(5)
    total, terminated = 0.0, False
    while not terminated:
        assert info["num_legal"] == int(observation["action_mask"].sum()) > 0
        observation, reward, terminated, truncated, info = env.step(
            _random_action(observation, rng)
        )
        assert truncated is False
        total += reward
    assert env.game.game_over and env.game.match_number >= 1
    assert total == env.game.scores[2] == info["scores"][2]
    assert info["num_legal"] == 0 and not observation["action_mask"].any()


def test_gymnasium_zen_cheng_you_reward() -> None:
    """The learner's reward in Zen Cheng You is its team's points minus the other team's."""
    env = _gym(game="zen_cheng_you", seat=1)
    observation, _ = env.reset(seed=2)
    rng = random.Random(2)
    terminated, reward = False, 0.0
    while not terminated:
        observation, reward, terminated, _, info = env.step(_random_action(observation, rng))
    points = info["match_points"]
    assert reward == points[1] - points[0]


# --- seeding ----------------------------------------------------------------------------------


def test_aec_same_seed_same_trajectory() -> None:
    """Two environments reset with the same seed and given the same actions run the same way,
    and so do later resets without a seed."""
    first, second = _aec(players=5), _aec(players=5)
    runs = [list(_aec_episode(env, seed=21, choose=3)) for env in (first, second)]
    assert runs[0] == runs[1]
    assert first.unwrapped.game.to_json() == second.unwrapped.game.to_json()
    first.reset()
    second.reset()
    assert first.unwrapped.game.to_json() == second.unwrapped.game.to_json()
    other = _aec(players=5)
    other.reset(seed=22)
    assert other.unwrapped.game.to_json() != first.unwrapped.game.to_json()


def _gym_trajectory(env: ZhengfenEnv, seed: int | None) -> list[Any]:
    observation, _ = env.reset(seed=seed)
    rng = random.Random(1)
    trajectory: list[Any] = [observation["observation"].tobytes()]
    terminated = False
    while not terminated:
        action = _random_action(observation, rng)
        observation, reward, terminated, _, _ = env.step(action)
        trajectory += [action, reward, observation["observation"].tobytes()]
    trajectory.append(env.game.to_json())
    return trajectory


def test_gymnasium_same_seed_same_trajectory() -> None:
    """The reset seed fixes the deal and the built-in opponents' randomness."""
    opponents = ["random", "greedy", "search(determinizations=1,candidates=2)"]
    env = _gym(players=4, opponents=opponents)
    first = _gym_trajectory(env, 13)
    unseeded = _gym_trajectory(env, None)
    assert _gym_trajectory(env, 13) == first
    assert _gym_trajectory(env, None) == unseeded
    assert _gym_trajectory(_gym(players=4, opponents=opponents), 13) == first
    assert _gym_trajectory(env, 14) != first


# --- illegal actions --------------------------------------------------------------------------


def test_aec_illegal_action_raises_and_changes_nothing() -> None:
    env = _aec(players=4, illegal_action="raise")
    env.reset(seed=3)
    game = env.unwrapped.game
    agent, before = env.agent_selection, game.to_json()
    observation = env.observe(agent)
    legal = len(game.legal_moves())
    for action in (legal, -1, 4096, 10**6, 1.5):
        with pytest.raises(IllegalMoveError, match="action") as error:
            env.step(action)
        if action == legal:
            assert f"action {legal} " in str(error.value)
            assert f"{legal} legal moves" in str(error.value)
    assert env.agent_selection == agent and game.to_json() == before
    assert all(r == 0 for r in env.rewards.values())
    after = env.observe(agent)
    assert all(np.array_equal(observation[k], after[k]) for k in observation)
    env.step(legal - 1)  # the env still plays legal actions
    assert env.unwrapped.game.to_json() != before


def test_gymnasium_illegal_action_raises_and_changes_nothing() -> None:
    env = _gym(players=3, opponents=["random", "random"], illegal_action="raise")
    _, info = env.reset(seed=9)
    before = env.game.to_json()
    legal = info["num_legal"]
    with pytest.raises(IllegalMoveError, match=f"action {legal} .*{legal} legal moves"):
        env.step(legal)
    assert env.game.to_json() == before
    env.step(0)
    assert env.game.to_json() != before


def test_step_after_termination_is_refused() -> None:
    env = _gym(players=3)
    observation, _ = env.reset(seed=1)
    terminated = False
    while not terminated:
        observation, _, terminated, _, _ = env.step(int(observation["action_mask"].argmax()))
    before = env.game.to_json()
    for action in (0, int(observation["action_mask"].size) - 1):
        with pytest.raises(IllegalMoveError, match="the episode is over: call reset"):
            env.step(action)
    assert env.game.to_json() == before
    env.reset(seed=2)  # and the environment plays on
    assert env.step(int(env.reset(seed=2)[0]["action_mask"].argmax()))[4]["illegal_action"] is False


# --- observations, options, opponents, rendering -----------------------------------------------


@pytest.mark.parametrize("dtype", ["uint8", "float32"])
@pytest.mark.parametrize("perfect", [False, True])
def test_perfect_information_changes_the_observation(perfect: bool, dtype: str) -> None:
    """The observation is the seat's encoding (AI.md §1.1) in the storage ``dtype`` asks for,
    with its scores; the spaces say so."""
    size = PERFECT_OBSERVATION_SIZE if perfect else OBSERVATION_SIZE
    env = _aec(players=4, perfect_information=perfect, max_actions=64, dtype=dtype)
    env.reset(seed=0)
    game = env.unwrapped.game
    for seat, agent in enumerate(env.agents):
        observation = env.observe(agent)
        space = env.observation_space(agent)
        assert observation["observation"].shape == space["observation"].shape == (size,)
        assert observation["observation"].dtype == space["observation"].dtype == np.dtype(dtype)
        expected = game.observation_tensor(seat, perfect_information=perfect, dtype="float32")
        assert np.array_equal(observation["observation"].astype(np.float32), expected)
        assert observation["scores"].dtype == space["scores"].dtype == np.int32
        assert np.array_equal(observation["scores"], game.score_tensor(seat))
        assert observation["action_mask"].shape == (64,)
        assert observation["action_mask"].dtype == np.int8
        assert space.contains(observation)
    gym_env = _gym(players=4, perfect_information=perfect, dtype=dtype)
    assert gym_env.reset(seed=0)[0]["observation"].shape == (size,)


def test_only_the_agent_to_move_has_a_mask() -> None:
    env = _aec(game="zen_cheng_you")
    env.reset(seed=6)
    game = env.unwrapped.game
    for seat, agent in enumerate(env.agents):
        mask = env.observe(agent)["action_mask"]
        if seat == game.current_player:
            assert mask.sum() == len(game.legal_moves()) == 2  # blind or pass
        else:
            assert not mask.any()


def test_max_actions_limits_the_offered_moves() -> None:
    env = _aec(players=3, max_actions=2)
    env.reset(seed=1)
    game = env.unwrapped.game
    assert len(game.legal_moves()) > 2
    assert env.observe(env.agent_selection)["action_mask"].tolist() == [1, 1]
    with pytest.raises(IllegalMoveError, match=r"not in the action space: .* 0 to 1"):
        env.step(2)


class FirstMove:
    """A user agent: always the first legal move; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, observation: dict[str, Any], legal_moves: list[Move]) -> Move:
        assert "info_set" in observation
        self.calls += 1
        return legal_moves[0]


def test_user_agents_as_gymnasium_opponents() -> None:
    agents = [FirstMove(), FirstMove()]
    env = _gym(players=4, seat=1, opponents=[agents[0], "zhengfen.agents:RandomAgent", agents[1]])
    observation, _ = env.reset(seed=4)
    terminated = False
    while not terminated:
        observation, _, terminated, _, _ = env.step(int(observation["action_mask"].argmax()))
    assert env.game.match_over
    assert all(agent.calls > 0 for agent in agents)


BAD_OPTIONS: list[tuple[dict[str, Any], type[ZhengfenError], str]] = [
    ({"episode": "season"}, EnvError, "episode"),
    ({"episode": ["match"]}, EnvError, "episode"),
    ({"max_actions": 0}, EnvError, "max_actions"),
    ({"dtype": "float64"}, EnvError, "dtype must be one of 'uint8', 'float32'"),
    ({"dtype": np.float32}, EnvError, "dtype must be one of"),
    ({"max_actions": -5}, EnvError, "max_actions"),
    ({"max_actions": 2**20 + 1}, EnvError, "max_actions must be an integer from 1 to 1048576"),
    ({"max_actions": 10**30}, EnvError, "max_actions"),
    ({"max_actions": 64.0}, EnvError, "max_actions"),
    ({"max_actions": "64"}, EnvError, "max_actions"),
    ({"max_actions": True}, EnvError, "max_actions"),
    ({"max_actions": np.array([64, 64])}, EnvError, "max_actions"),
    ({"render_mode": "rgb_array"}, EnvError, "render_mode"),
    ({"perfect_information": "no"}, EnvError, "perfect_information must be True or False"),
    ({"illegal_action": "ignore"}, EnvError, "illegal_action must be one of"),
    ({"illegal_reward": float("nan")}, EnvError, "illegal_reward"),
    ({"illegal_reward": "-1"}, EnvError, "illegal_reward"),
    ({"seat": 4}, EnvError, "seat must be an integer from 0 to 3"),
    ({"seat": -1}, EnvError, "seat"),
    ({"seat": "1"}, EnvError, "seat"),
    ({"seat": 1.0}, EnvError, "seat"),
    ({"opponents": ["greedy"]}, EnvError, "opponents must list 3 agents"),
    ({"opponents": "greedy"}, EnvError, "opponents must list 3 agents"),
    ({"opponents": 3}, EnvError, "opponents must list 3 agents"),
    ({"opponents": ["greedy", "greedy", "genius"]}, EnvError, "seat 3: unknown agent"),
    ({"opponents": ["greedy", 5, "greedy"]}, EnvError, "seat 2 must be an agent name"),
    ({"opponents": ["greedy", "nosuchmodule:Agent", "greedy"]}, EnvError, "seat 2"),
    ({"opponents": ["search(determinizations=x)", "greedy", "greedy"]}, EnvError, "seat 1"),
    ({"bogus": 1}, EnvError, "unknown option 'bogus': the environment options are"),
    ({"game": "chess"}, RulesError, "unknown game 'chess'"),
    ({"game": 5}, RulesError, "game must be"),
    ({"players": 7}, RulesError, "players"),
    ({"target": "high"}, RulesError, "target"),
]


@pytest.mark.parametrize(("options", "error", "message"), BAD_OPTIONS)
def test_bad_options_are_refused(
    options: dict[str, Any], error: type[ZhengfenError], message: str
) -> None:
    """Every bad option is refused with a zhengfen error (a ``ValueError``) naming it, by both
    factories and by ``gymnasium.make`` (``seat`` and ``opponents`` are the Gymnasium
    environment's only)."""
    gymnasium = pytest.importorskip("gymnasium")
    options = {"players": 4, **options}
    with pytest.raises(error, match=message):
        _gym(**options)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render_mode")
        with pytest.raises(error, match=message):
            gymnasium.make("zhengfen/ZhengFen-v0", **options)
    if "seat" not in options and "opponents" not in options:
        with pytest.raises(error, match=message):
            _aec(**options)


def test_pettingzoo_env_enforces_reset_first() -> None:
    env = _aec(players=6)
    assert env.possible_agents == [f"seat_{s}" for s in range(6)]
    with pytest.raises(AttributeError, match="reset"):
        _ = env.agents


def test_options_defaults() -> None:
    zheng_fen = EnvOptions.parse({})
    assert (zheng_fen.rules.game, zheng_fen.max_actions, zheng_fen.episode) == (
        "zheng_fen",
        4096,
        "match",
    )
    assert EnvOptions.parse({"game": "zen_cheng_you"}).max_actions == 16384
    assert EnvOptions.parse({}).dtype == "uint8"
    assert EnvOptions.parse({"max_actions": np.int64(7)}).max_actions == 7


RULE_SETS = [zhengfen.Rules.zheng_fen(players=n) for n in range(3, 7)] + [
    zhengfen.Rules.zen_cheng_you(target=300)
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_the_defaults_that_depend_on_the_rules_are_the_rules_own(rules: zhengfen.Rules) -> None:
    """``max_actions`` and ``illegal_reward`` state no field default (one number for both
    games): ``parse`` and ``of`` take the rules' own."""
    fields = {field.name: field for field in dataclasses.fields(EnvOptions)}
    for name in ("max_actions", "illegal_reward"):
        assert fields[name].default is dataclasses.MISSING, name
    for options in (EnvOptions.of(rules), EnvOptions.parse({"rules": rules})):
        assert options.rules == rules
        assert options.max_actions == zhengfen.default_max_actions(rules)
        assert options.illegal_reward == worst_reward(rules)
    given = EnvOptions.of(rules, max_actions=9, illegal_reward=-3, episode="game")
    assert (given.max_actions, given.illegal_reward, given.episode) == (9, -3.0, "game")


def test_the_environments_take_rules() -> None:
    rules = zhengfen.Rules.zen_cheng_you(target=300)
    aec = _aec(rules=rules)
    assert aec.unwrapped.options == EnvOptions.of(rules)
    gym = _gym(rules=rules, seat=1)
    assert (gym.options.rules, gym.seat) == (rules, 1)
    assert _aec(rules=rules, game="zen_cheng_you").unwrapped.options.rules == rules
    assert len(_aec(rules=zhengfen.Rules.zheng_fen(players=6)).possible_agents) == 6


BAD_RULES: list[tuple[dict[str, Any], str]] = [
    ({"rules": {"game": "zheng_fen"}}, "rules must be a zhengfen.Rules, not dict"),
    ({"rules": "zheng_fen"}, "rules must be a zhengfen.Rules, not str"),
    ({"rules": zhengfen.Rules.zen_cheng_you(), "game": "zheng_fen"}, "game 'zheng_fen' is not"),
    ({"rules": zhengfen.Rules.zheng_fen(), "players": 5}, "rule option 'players' given beside"),
    ({"rules": zhengfen.Rules.zheng_fen(), "colour": 5}, "rule option 'colour' given beside"),
]


@pytest.mark.parametrize(("options", "says"), BAD_RULES)
def test_bad_rules_are_refused(options: dict[str, Any], says: str) -> None:
    with pytest.raises(EnvError, match=re.escape(says)):
        EnvOptions.parse(options)
    with pytest.raises(EnvError, match=re.escape(says)):
        _aec(**options)


def test_gymnasium_make_takes_rules_of_its_game() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    rules = zhengfen.Rules.zen_cheng_you(target=300)
    env = gymnasium.make("zhengfen/ZenChengYou-v0", rules=rules)
    assert env.unwrapped.options.rules == rules
    with pytest.raises(EnvError, match="not the game of the rules"):
        gymnasium.make("zhengfen/ZhengFen-v0", rules=rules)


def test_one_penalty_for_both_games_would_pay_in_zen_cheng_you() -> None:
    """AI.md §6: Zen Cheng You matches end further below zero than Zheng Fen's worst result, so
    Zheng Fen's penalty (-100) would let a losing Zen Cheng You team escape by an illegal
    action; its own default is below every result."""
    zheng_fen = worst_reward(zhengfen.Rules.zheng_fen())
    env = _aec(game="zen_cheng_you")
    results = [r for seed in range(2) for r in _returns(env, seed).values()]  # -330, -220
    assert min(results) < zheng_fen
    assert (
        min(results)
        > env.unwrapped.options.illegal_reward
        == worst_reward(env.unwrapped.options.rules)
    )


def test_render_shows_only_the_hand_to_move() -> None:
    env = _aec(players=4, render_mode="ansi")
    env.reset(seed=2)
    seat = env.unwrapped.game.current_player
    text = env.render()
    assert f"seat {seat} to move" in text
    assert f"hand of seat {seat}:" in text
    assert text.count("hand of seat") == 1
    assert "scores: seat 0 0" in text
    perfect = render_text(env.unwrapped.game, perfect_information=True)
    assert perfect.count("hand of seat") == 4


def test_render_hides_zen_cheng_you_cards_before_the_blind_declarations() -> None:
    env = _gym(game="zen_cheng_you", render_mode="ansi", seat=0)
    env.reset(seed=1)
    assert env.game.phase == "blind_declare"
    text = env.render()
    assert text is not None
    assert "hand of seat 0: -" in text
    assert "team 0" in text
    env.step(0)  # blind
    assert "declarations: seat 0 blind" in str(env.render())


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = _gym(players=3, render_mode="human")
    env.reset(seed=0)
    assert env.render() is None
    assert "hand of seat 0:" in capsys.readouterr().out
    env.close()


# --- factories, vector environments, registration (issue 10 §4) -------------------------------


def test_the_package_only_re_exports() -> None:
    """``zhengfen.envs`` defines nothing itself: every name it exports comes from a submodule
    or another module of the package, and the rewards are ``Game.match_result`` (no alias)."""
    tree = ast.parse(Path(envs.__file__).read_text(encoding="utf-8"))
    defined = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    assert defined == []
    assert "side_points" not in envs.__all__ and not hasattr(envs, "side_points")
    for name in envs.__all__:
        if name not in ("ZhengfenEnv", "ZhengfenAEC", "ENV_IDS"):
            assert getattr(envs, name).__module__ != "zhengfen.envs", name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        envs.nothing  # noqa: B018


def test_factories_can_be_called_again_and_again() -> None:
    """Each factory builds a fresh environment on every call (no submodule replaces a factory
    once imported), as users and vector environments call them."""
    pytest.importorskip("pettingzoo")
    for factory in (envs.pettingzoo_env, envs.gymnasium_env):
        built = [factory(players=3) for _ in range(3)]
        assert len({id(env) for env in built}) == 3
    for name in envs.__all__:
        assert not isinstance(getattr(envs, name), types.ModuleType), name
    assert envs.gymnasium_env is gymnasium_env and envs.pettingzoo_env is pettingzoo_env
    assert isinstance(envs.gymnasium_env(), envs.ZhengfenEnv)
    assert isinstance(envs.pettingzoo_env().unwrapped, envs.ZhengfenAEC)


def _masked_actions(observations: Observation, rng: np.random.Generator) -> list[int]:
    """A random legal action for every environment of a batch (0 where the mask is empty: the
    episode ended and the vector environment ignores the action while it resets)."""
    actions = []
    for mask in observations["action_mask"]:
        legal = np.flatnonzero(mask)
        actions.append(int(rng.choice(legal)) if legal.size else 0)
    return actions


@pytest.mark.parametrize("how", ["factory", "make_vec"])
def test_sync_vector_env_resets_and_steps(how: str) -> None:
    """``SyncVectorEnv([lambda: gymnasium_env()] * 4)`` (and ``make_vec``) resets and steps with
    masked random actions through several episodes: no illegal action, every finished
    episode's rewards add up to the learner's match points."""
    gymnasium = pytest.importorskip("gymnasium")
    if how == "factory":
        vector = gymnasium.vector.SyncVectorEnv([lambda: envs.gymnasium_env(players=3)] * 4)
    else:
        vector = gymnasium.make_vec("zhengfen/ZhengFen-v0", num_envs=4, players=3)
    observations, infos = vector.reset(seed=11)
    assert observations["action_mask"].shape == (4, 4096)
    rng = np.random.default_rng(0)
    returns, ended = np.zeros(4), 0
    for _ in range(60):
        observations, rewards, terminations, truncations, infos = vector.step(
            _masked_actions(observations, rng)
        )
        assert not truncations.any() and not infos["illegal_action"].any()
        returns += rewards
        for j in np.flatnonzero(terminations):
            assert returns[j] == infos["match_points"][j][0]
            returns[j], ended = 0.0, ended + 1
    vector.close()
    assert ended >= 4


def test_gymnasium_make_builds_both_games() -> None:
    """The registered ids build the environments with the options given to ``make``; the
    ``module:id`` form works too."""
    gymnasium = pytest.importorskip("gymnasium")
    for env_id, game in (("zhengfen/ZhengFen-v0", "zheng_fen"), ("zhengfen/ZenChengYou-v0", None)):
        env = gymnasium.make(env_id)
        assert env.unwrapped.options.rules.game == (game or "zen_cheng_you")
        observation, info = env.reset(seed=1)
        assert observation["action_mask"].sum() == info["num_legal"] > 0
    env = gymnasium.make("zhengfen.envs:zhengfen/ZhengFen-v0", players=5, seat=2)
    assert env.unwrapped.options.rules.players == 5 and env.unwrapped.seat == 2
    ansi = gymnasium.make("zhengfen/ZhengFen-v0", render_mode="ansi")
    ansi.reset(seed=0)
    assert "seat 0 to move" in str(ansi.render())


def test_gymnasium_make_imports_the_package_itself() -> None:
    """In a fresh interpreter, ``gymnasium.make("zhengfen.envs:zhengfen/...")`` imports
    ``zhengfen.envs`` (Gymnasium 1.x loads no plugins); after that the plain id works."""
    pytest.importorskip("gymnasium")
    script = """
import sys
import gymnasium
assert "zhengfen.envs" not in sys.modules
env = gymnasium.make("zhengfen.envs:zhengfen/ZenChengYou-v0")
observation, info = env.reset(seed=1)
assert info["num_legal"] == 2, info
env = gymnasium.make("zhengfen/ZhengFen-v0", players=6)
assert env.unwrapped.options.rules.players == 6
print("ok")
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


@pytest.mark.parametrize("env_id", ["zhengfen/ZhengFen-v0", "zhengfen/ZenChengYou-v0"])
def test_check_env_passes_on_the_registered_defaults(env_id: str) -> None:
    """AI.md's claim: ``check_env(gymnasium.make(id).unwrapped)`` passes with the defaults."""
    gymnasium = pytest.importorskip("gymnasium")
    checker = _env_checker()
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.filterwarnings("ignore", message=".*(infinity|render fps)")
        checker.check_env(gymnasium.make(env_id).unwrapped)


# --- the illegal-action policies --------------------------------------------------------------


def _an_illegal_action(info: dict[str, Any]) -> int:
    """An action of the default action space that is not legal now."""
    return int(info["num_legal"])


@pytest.mark.parametrize("game", ["zheng_fen", "zen_cheng_you"])
def test_gymnasium_terminate_policy_ends_the_episode_with_the_penalty(game: str) -> None:
    """Default: the episode ends, the reward is below every match result, nothing is played,
    the final mask is empty; the next step is refused; a reset starts afresh."""
    env = _gym(game=game)
    _, info = env.reset(seed=3)
    before = env.game.to_json()
    observation, reward, terminated, truncated, info = env.step(_an_illegal_action(info))
    assert reward == worst_reward(env.game.rules) == env.options.illegal_reward
    assert reward < 0 and terminated and not truncated
    assert info["illegal_action"] and info["num_legal"] == 0
    assert not observation["action_mask"].any()
    assert env.game.to_json() == before
    with pytest.raises(IllegalMoveError, match="episode is over"):
        env.step(0)
    _, info = env.reset(seed=3)
    assert env.game.to_json() == before and info["num_legal"] > 0


def test_gymnasium_penalize_policy_keeps_the_learner_to_move() -> None:
    env = _gym(players=4, illegal_action="penalize", illegal_reward=-7)
    observation, info = env.reset(seed=5)
    before, mask = env.game.to_json(), observation["action_mask"].copy()
    for _ in range(3):
        observation, reward, terminated, _, info = env.step(_an_illegal_action(info))
        assert (reward, terminated, info["illegal_action"]) == (-7.0, False, True)
        assert env.game.to_json() == before
        assert np.array_equal(observation["action_mask"], mask)
    _, reward, _, _, info = env.step(0)
    assert info["illegal_action"] is False and env.game.to_json() != before


def test_aec_terminate_policy_ends_the_episode_for_every_agent() -> None:
    """PettingZoo's classic convention: every agent terminates, the offender gets the penalty
    and the others 0; the agent loop then ends with ``None`` actions."""
    env = _aec(players=4)
    env.reset(seed=2)
    game = env.unwrapped.game
    before, offender = game.to_json(), env.agent_selection
    env.step(len(game.legal_moves()))
    assert all(env.terminations.values())
    assert env.rewards == {a: (-100.0 if a == offender else 0.0) for a in env.agents}
    assert env.infos[offender] == {"illegal_action": True}
    assert game.to_json() == before
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, _, _ = env.last()
        assert terminated and not observation["action_mask"].any()
        returns[agent] += reward
        env.step(None)
    assert returns == {a: (-100.0 if a == offender else 0.0) for a in env.possible_agents}


def test_aec_penalize_policy_asks_the_same_agent_again() -> None:
    env = _aec(game="zen_cheng_you", illegal_action="penalize", illegal_reward=-1.5)
    env.reset(seed=2)
    agent, before = env.agent_selection, env.unwrapped.game.to_json()
    env.step(5)  # two legal moves: blind or pass
    assert env.agent_selection == agent and env.unwrapped.game.to_json() == before
    _, reward, terminated, _, info = env.last()
    assert (reward, terminated, info) == (-1.5, False, {"illegal_action": True})
    env.step(1)
    assert env.agent_selection != agent and env.infos[agent] == {"illegal_action": False}


@pytest.mark.parametrize("options", [{"players": 4}, {"game": "zen_cheng_you"}])
def test_every_match_result_is_above_the_default_penalty(options: dict[str, Any]) -> None:
    """``worst_reward`` is below every reward a legal episode pays."""
    env = _aec(**options)
    floor = worst_reward(env.unwrapped.options.rules)
    for seed in range(3):
        assert all(reward > floor for reward in _returns(env, seed).values())


# --- hostile input -----------------------------------------------------------------------------

NOT_ACTIONS = [-1, 4096, 10**30, 1.5, 0.0, "0", None, True, np.float64(0), np.array([0, 1])]


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
@pytest.mark.parametrize("policy", ["terminate", "penalize", "raise"])
def test_actions_outside_the_space_are_refused_whatever_the_policy(
    action: object, policy: str
) -> None:
    """Anything but an integer of the action space raises ``IllegalMoveError`` and changes
    nothing, in both environments."""
    gym_env = _gym(players=4, illegal_action=policy)
    gym_env.reset(seed=1)
    before = gym_env.game.to_json()
    with pytest.raises(IllegalMoveError, match="not in the action space"):
        gym_env.step(action)  # type: ignore[arg-type]
    assert gym_env.game.to_json() == before
    aec = _aec(players=4, illegal_action=policy)
    aec.reset(seed=1)
    agent, before = aec.agent_selection, aec.unwrapped.game.to_json()
    with pytest.raises(IllegalMoveError):
        aec.step(action)
    assert aec.agent_selection == agent and aec.unwrapped.game.to_json() == before
    assert not any(aec.terminations.values())


@pytest.mark.parametrize(
    "action", [np.int64(0), np.uint8(0), np.array(0), np.array(0, dtype=np.int32)], ids=repr
)
def test_numpy_integer_actions_are_integers(action: object) -> None:
    """NumPy integers and 0-d integer arrays act as the Python integer they hold."""
    plain, numpy_env = _gym(players=4), _gym(players=4)
    plain.reset(seed=6)
    numpy_env.reset(seed=6)
    plain.step(0)
    numpy_env.step(action)  # type: ignore[arg-type]
    assert plain.game.to_json() == numpy_env.game.to_json()


BAD_SEEDS = [-1, 2**64, 1.5, "3", True, b"3", [3], np.array([1, 2]), np.float64(3)]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_bad_seeds_are_refused_and_change_nothing(seed: object) -> None:
    gym_env, aec = _gym(players=3), _aec(players=3)
    gym_env.reset(seed=4)
    aec.reset(seed=4)
    before = (gym_env.game.to_json(), aec.unwrapped.game.to_json())
    with pytest.raises(EnvError, match=r"seed must be an integer from 0 to 2\*\*64 - 1"):
        gym_env.reset(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(EnvError, match="seed must be"):
        aec.reset(seed=seed)
    assert (gym_env.game.to_json(), aec.unwrapped.game.to_json()) == before
    gymnasium = pytest.importorskip("gymnasium")
    with pytest.raises(EnvError, match="seed must be"):
        gymnasium.make("zhengfen/ZhengFen-v0").reset(seed=seed)


@pytest.mark.parametrize("seed", [0, 2**63, 2**64 - 1, np.int64(9), np.uint64(2**64 - 1)], ids=repr)
def test_every_integer_seed_deals_its_game(seed: object) -> None:
    """Seeds of every integer type deal ``Game(rules, int(seed))``, in both environments."""
    expected = Game(zhengfen.Rules("zheng_fen", players=3), int(seed))  # type: ignore[call-overload]
    aec = _aec(players=3)
    aec.reset(seed=seed)
    assert aec.unwrapped.game.hand(0) == expected.hand(0)
    gym_env = _gym(players=3, opponents=["random", "random"])
    gym_env.reset(seed=seed)  # type: ignore[arg-type]
    assert [str(c) for c in gym_env.game.hand(0)] == [str(c) for c in expected.hand(0)]


def test_step_before_reset_is_refused() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    with pytest.raises(EnvError, match="reset"):
        _gym().step(0)
    with pytest.raises(EnvError, match="reset"):
        _aec().unwrapped.step(0)
    with pytest.raises(gymnasium.error.ResetNeeded):
        gymnasium.make("zhengfen/ZhengFen-v0").step(0)


def test_aec_steps_after_the_episode_are_refused() -> None:
    env = _aec(players=3)
    for _ in _aec_episode(env, seed=1):
        pass
    raw = env.unwrapped
    assert not raw.agents
    with pytest.raises(IllegalMoveError, match="episode is over"):
        raw.step(0)
    env.reset(seed=2)
    env.step(len(env.unwrapped.game.legal_moves()))  # terminate: every agent is done
    with pytest.raises(IllegalMoveError, match="only action is None"):
        env.step(0)


class IllegalOnce:
    """A user agent whose first move is not legal."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, observation: dict[str, Any], legal_moves: list[Move]) -> Move:
        self.calls += 1
        return "blind" if self.calls == 1 else legal_moves[0]


def test_a_failing_opponent_is_named_and_the_step_undone() -> None:
    agent = IllegalOnce()
    env = _gym(players=3, seat=0, opponents=[agent, "greedy"])
    env.reset(seed=1)
    assert agent.calls == 0  # seat 0 leads: the agent's first move comes in the step
    before = env.game.to_json()
    with pytest.raises(IllegalMoveError, match=r"opponent in seat 1 .*'blind'"):
        env.step(0)
    assert env.game.to_json() == before
    env.step(0)  # the same step, now the agent plays legally
    assert env.game.to_json() != before and agent.calls == 2


class CrashOnce:
    """A user agent whose first call raises."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, observation: dict[str, Any], legal_moves: list[Move]) -> Move:
        self.calls += 1
        if self.calls == 1:
            raise KeyError("the agent's own bug")
        return legal_moves[0]


def test_an_opponent_exception_passes_through_and_the_step_is_undone() -> None:
    agent = CrashOnce()
    env = _gym(players=3, seat=0, opponents=[agent, "greedy"])
    env.reset(seed=1)
    before = env.game.to_json()
    with pytest.raises(KeyError, match="own bug"):
        env.step(0)
    assert env.game.to_json() == before
    env.step(0)
    assert env.game.to_json() != before and agent.calls == 2


def test_ai_md_example_runs() -> None:
    """The runnable example of AI.md §6 runs as printed."""
    pytest.importorskip("pettingzoo")
    text = (Path(__file__).resolve().parents[1] / "AI.md").read_text(encoding="utf-8")
    section = text[text.index("## 6. PettingZoo and Gymnasium") :]
    section = section[: section.index("\n## ", 1)]  # §6 alone, not the sections after it
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert blocks, "AI.md §6 has no python example"
    for block in blocks:
        exec(compile(block, "AI.md §6", "exec"), {"__name__": "ai_md_example"})


# --- whole games cut short at the match limit (RULES.md §3.5) ---------------------------------


def _check_episode_end(game: Game, terminated: bool, truncated: bool) -> None:
    """An episode ends terminated when the game is over, truncated when it reached the match
    limit first, never both."""
    assert terminated != truncated
    limit = game.rules.match_limit
    if terminated:
        assert game.game_over and game.match_number + 1 <= limit
    else:
        assert not game.game_over and game.match_number + 1 == limit


def test_gymnasium_whole_game_is_truncated_at_the_match_limit() -> None:
    # Random Zen Cheng You play loses more on declarations than it wins: seed 2 never ends.
    env = _gym(game="zen_cheng_you", episode="game", opponents=["random"] * 3)
    ends = []
    for seed in (3, 2):
        observation, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        terminated = truncated = False
        for _ in range(20_000):  # seed 2 is cut short after 2,433 steps
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        _check_episode_end(env.game, terminated, truncated)
        assert info["num_legal"] == 0 and not observation["action_mask"].any()
        with pytest.raises(IllegalMoveError, match="episode is over"):
            env.step(0)
        ends.append(truncated)
    assert ends == [False, True]


def test_pettingzoo_whole_game_is_truncated_at_the_match_limit() -> None:
    ends = set()
    for seed in range(8):
        env = _aec(game="zen_cheng_you", episode="game")
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in env.agent_iter(max_iter=50_000):
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                _check_episode_end(env.unwrapped.game, terminated, truncated)
                ends.add(truncated)
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            env.step(action)
        if ends == {False, True}:
            break
    assert ends == {False, True}
