"""The Gymnasium environment: one learning seat against given agents.

This module owns :class:`ZhengfenEnv`, its factory :func:`gymnasium_env`, and the spaces and
observations both environments use (:func:`observation_space`, :func:`action_space`,
:func:`encode`; the PettingZoo environment imports them from here).

>>> env = gymnasium_env(players=4, seat=1, opponents=["random", "greedy", "greedy"])
>>> observation, info = env.reset(seed=7)
>>> observation["observation"].shape == env.observation_space["observation"].shape
True
>>> action = int(observation["action_mask"].argmax())
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> truncated, sorted(info)
(False, ['match_points', 'num_legal', 'scores'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from zhengfen import Game
from zhengfen._core import OBSERVATION_SIZE, PERFECT_OBSERVATION_SIZE
from zhengfen.agents import Agent, make_agent, observe
from zhengfen.envs import EnvOptions, move_for_action, render_text, side_points

__all__ = [
    "Observation",
    "ZhengfenEnv",
    "action_space",
    "encode",
    "gymnasium_env",
    "observation_space",
    "render",
]

#: An observation: ``{"observation": float32 vector, "action_mask": int8 vector}``.
Observation = dict[str, npt.NDArray[Any]]
#: An opponent: an agent name for :func:`zhengfen.agents.make_agent`, or an agent object.
Opponent = Union[str, Agent]
#: An action: an index into ``game.legal_moves()``.
Action = Union[int, np.integer[Any]]

_SEED_BOUND = 2**64


def render(game: Game, options: EnvOptions, mode: str | None) -> str | None:
    """The state as text for ``"ansi"``; printed for ``"human"``; a warning without a mode."""
    if mode is None:
        gymnasium.logger.warn("render() called without a render_mode: nothing to render")
        return None
    text = render_text(game, options.perfect_information)
    if mode == "human":
        print(text)
        return None
    return text


def observation_space(options: EnvOptions) -> spaces.Dict:
    """``Dict(observation=Box(-inf, inf, (D,), float32), action_mask=Box(0, 1, (A,), int8))``
    with ``D`` = ``zhengfen.OBSERVATION_SIZE`` (``PERFECT_OBSERVATION_SIZE`` with perfect
    information) and ``A`` = ``max_actions``."""
    size = PERFECT_OBSERVATION_SIZE if options.perfect_information else OBSERVATION_SIZE
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (options.max_actions,), np.int8),
        }
    )


def action_space(options: EnvOptions) -> spaces.Discrete:
    """``Discrete(max_actions)``: action ``i`` is ``game.legal_moves()[i]``."""
    return spaces.Discrete(options.max_actions)


def encode(game: Game, seat: int, options: EnvOptions) -> Observation:
    """``seat``'s observation: its observation tensor and its action mask (all zeros when it is
    not ``seat``'s turn)."""
    if game.current_player == seat:
        mask = game.action_mask(options.max_actions).astype(np.int8)
    else:
        mask = np.zeros(options.max_actions, dtype=np.int8)
    tensor = game.observation_tensor(seat, perfect_information=options.perfect_information)
    return {"observation": tensor, "action_mask": mask}


def draw_seed(rng: np.random.Generator) -> int:
    """A game seed (``0 <= seed < 2**64``) drawn from ``rng``."""
    return int(rng.integers(0, _SEED_BOUND, dtype=np.uint64))


def _agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the built-in agent in ``seat`` for the episode dealt from ``game_seed``."""
    state = np.random.SeedSequence([game_seed, seat]).generate_state(1, np.uint64)
    return int(state[0])


class ZhengfenEnv(gymnasium.Env[Observation, Action]):
    """One learning seat (``seat``) against agents in the other seats.

    Options: ``game`` and the rule options of :class:`zhengfen.Rules`; ``seat`` (default 0);
    ``opponents``, one per other seat in seat order: agent names for
    :func:`zhengfen.agents.make_agent` (``"random"``, ``"greedy"``, ``"search"``,
    ``"search(determinizations=D,candidates=C)"``, ``"module:Class"``) or agent objects
    (default: all ``"greedy"``); and ``episode``, ``max_actions``, ``perfect_information``,
    ``render_mode`` (:class:`zhengfen.envs.EnvOptions`).

    ``reset`` deals a game and lets the opponents play up to the learner's first decision;
    ``step(action)`` plays ``game.legal_moves()[action]`` for the learner, then the opponents
    until the learner is to move again or the episode ends. The reward is the learner's side's
    points (:func:`zhengfen.envs.side_points`) for every match that ended during the step;
    ``terminated`` is set when the episode ends, ``truncated`` is always ``False``. ``info`` has
    ``num_legal`` (the learner's legal moves, 0 at the end), ``match_points`` and ``scores``.

    An action that is not legal raises :class:`zhengfen.IllegalMoveError` and changes nothing.
    Reproducibility: the reset seed seeds the game and the built-in opponents named by string
    (rebuilt every episode); agent objects and ``module:Class`` agents are built once and keep
    their own randomness.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(
        self, seat: int = 0, opponents: Sequence[Opponent] | None = None, **options: Any
    ) -> None:
        self.options = EnvOptions.parse(options)
        players = self.options.rules.players
        if not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, not {seat}")
        self.seat = seat
        self._specs = _opponent_specs(seat, players, opponents)
        self._agents = {s: make_agent(spec, 0) for s, spec in self._specs.items()}
        # Gymnasium types a Dict space's elements as dicts of spaces, not of values.
        self.observation_space = observation_space(self.options)  # type: ignore[assignment]
        self.action_space = action_space(self.options)
        self.render_mode = self.options.render_mode
        self._game: Game | None = None
        self._terminated = False

    @property
    def game(self) -> Game:
        """The game being played (for inspection: playing moves on it desynchronizes the env)."""
        if self._game is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deals a new game (``zhengfen.Game(rules, seed)``; without a seed, one drawn from
        ``np_random``) and plays the opponents up to the learner's first decision.
        ``options`` is accepted for the Gymnasium API and not used."""
        super().reset(seed=seed)
        game_seed = draw_seed(self.np_random) if seed is None else int(seed)
        self._game = Game(self.options.rules, game_seed)
        for s, spec in self._specs.items():
            if isinstance(spec, str) and ":" not in spec:
                self._agents[s] = make_agent(spec, _agent_seed(game_seed, s))
        self._terminated = False
        # The learner decides before any match can end (it holds cards from the deal), so
        # no reward is lost here.
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Action) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Plays the learner's move ``game.legal_moves()[action]``, then the opponents until
        the learner is to move again or the episode ends."""
        if self._terminated:
            raise RuntimeError("the episode is over: call reset() to start another")
        game = self.game
        game.play(move_for_action(game, action, self.options.max_actions))
        reward = self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._terminated, False, self._info()

    def render(self) -> str | None:
        """The state as text (``"ansi"``), or printed (``"human"``); the learner's hand only,
        unless the environment has perfect information."""
        return render(self.game, self.options, self.render_mode)

    def close(self) -> None:
        """Releases the game (nothing else is held)."""
        self._game = None

    def _play_opponents(self) -> float:
        """Plays the other seats (and starts the next matches) until the learner is to move or
        the episode ends; returns the learner's reward for the matches that ended."""
        game = self.game
        reward = 0.0
        while (seat := game.current_player) != self.seat:
            if seat is None:
                reward += side_points(game, self.seat)
                if self.options.episode_over(game):
                    self._terminated = True
                    break
                game.next_match()
            else:
                agent = self._agents[seat]
                game.play(agent.act(observe(game, seat), game.legal_moves()))
        return reward

    def _observation(self) -> Observation:
        return encode(self.game, self.seat, self.options)

    def _info(self) -> dict[str, Any]:
        game = self.game
        legal = len(game.legal_moves()) if game.current_player == self.seat else 0
        return {"num_legal": legal, "match_points": game.match_points, "scores": game.scores}


def _opponent_specs(
    seat: int, players: int, opponents: Sequence[Opponent] | None
) -> dict[int, Opponent]:
    """The agent (or agent name) for every seat but the learner's, checked."""
    others = [s for s in range(players) if s != seat]
    if opponents is None:
        opponents = ["greedy"] * len(others)
    if isinstance(opponents, str) or len(opponents) != len(others):
        raise ValueError(
            f"opponents must list {len(others)} agents, one per other seat in seat order "
            f"(seats {others})"
        )
    return dict(zip(others, opponents))


def gymnasium_env(**options: Any) -> ZhengfenEnv:
    """A :class:`ZhengfenEnv` built from ``options`` (see the class)."""
    return ZhengfenEnv(**options)
