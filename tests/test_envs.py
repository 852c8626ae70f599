"""The optional environments (``zhengfen.envs``): PettingZoo's and Gymnasium's own checkers, and
what users rely on (whole episodes, seeding, illegal actions, options, opponents, rewards).

Tests that need PettingZoo or Gymnasium skip when it is not installed; the import test runs
without them.
"""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

import zhengfen
from zhengfen import Cards, Game, IllegalMoveError
from zhengfen._core import OBSERVATION_SIZE, PERFECT_OBSERVATION_SIZE
from zhengfen.agents import Move
from zhengfen.envs import EnvOptions, gymnasium_env, pettingzoo_env, render_text, side_points

if TYPE_CHECKING:
    from zhengfen.envs.gymnasium_env import Observation, ZhengfenEnv

# (name, options, PettingZoo num_cycles): a Zen Cheng You lead can list thousands of moves.
GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("zheng_fen_3", {"players": 3}, 300),
    ("zheng_fen_4", {"players": 4}, 300),
    ("zheng_fen_6", {"players": 6}, 300),
    ("zheng_fen_4_game", {"players": 4, "episode": "game", "target": 150}, 300),
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
for factory in (zhengfen.envs.pettingzoo_env, zhengfen.envs.gymnasium_env):
    try:
        factory()
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
        {"players": 5, "perfect_information": True, "episode": "game"},
        {"game": "zen_cheng_you", "render_mode": "ansi", "opponents": ["random"] * 3},
    ],
    ids=["zheng_fen", "zheng_fen_perfect_game", "zen_cheng_you"],
)
def test_gymnasium_check_env(options: dict[str, Any]) -> None:
    """Gymnasium's ``check_env``. It steps with unmasked ``action_space.sample()`` actions,
    which would be illegal (and raise) in a large action space, so the action space here has
    one action: the first legal move, always legal."""
    checker = _env_checker()
    env = _gym(max_actions=1, **options)
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
    assert returns == {a: side_points(game, s) for s, a in enumerate(env.possible_agents)}
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
    assert [side_points(game, s) for s in range(4)] == [returns[f"seat_{s}"] for s in range(4)]


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
    env = _aec(players=4)
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
    env = _gym(players=3, opponents=["random", "random"])
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
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


# --- observations, options, opponents, rendering -----------------------------------------------


@pytest.mark.parametrize("perfect", [False, True])
def test_perfect_information_changes_the_observation(perfect: bool) -> None:
    size = PERFECT_OBSERVATION_SIZE if perfect else OBSERVATION_SIZE
    env = _aec(players=4, perfect_information=perfect, max_actions=64)
    env.reset(seed=0)
    for agent in env.agents:
        observation = env.observe(agent)
        assert observation["observation"].shape == (size,)
        assert observation["observation"].dtype == np.float32
        assert env.observation_space(agent)["observation"].shape == (size,)
        assert observation["action_mask"].shape == (64,)
        assert observation["action_mask"].dtype == np.int8
    gym_env = _gym(players=4, perfect_information=perfect)
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
    with pytest.raises(IllegalMoveError, match="actions 0 to 1 are offered"):
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


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"episode": "season"}, "episode"),
        ({"max_actions": 0}, "max_actions"),
        ({"render_mode": "rgb_array"}, "render_mode"),
        ({"seat": 4}, "seat"),
        ({"opponents": ["greedy"]}, "opponents"),
        ({"opponents": ["greedy", "greedy", "genius"]}, "unknown agent"),
        ({"bogus": 1}, "unknown option 'bogus'"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _gym(players=4, **options)


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
    assert EnvOptions.parse({"max_actions": np.int64(7)}).max_actions == 7


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
