"""The PettingZoo AEC environment: every seat an agent.

This module owns :class:`ZhengfenAEC` and its factory :func:`pettingzoo_env`, which wraps it in
PettingZoo's ``OrderEnforcingWrapper`` (calls before ``reset()`` are refused). It does not use
``TerminateIllegalWrapper``: an illegal action raises :class:`zhengfen.IllegalMoveError` and
changes nothing, rather than ending the episode.

>>> env = pettingzoo_env(players=3)
>>> env.reset(seed=1)
>>> env.agents
['seat_0', 'seat_1', 'seat_2']
>>> observation, reward, terminated, truncated, info = env.last()
>>> int(observation["action_mask"].sum()) > 0, reward, terminated
(True, 0.0, False)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from zhengfen import Game
from zhengfen.envs import EnvOptions, move_for_action, side_points
from zhengfen.envs.gymnasium_env import (
    Action,
    Observation,
    action_space,
    draw_seed,
    encode,
    observation_space,
    render,
)

__all__ = ["ZhengfenAEC", "pettingzoo_env"]


class ZhengfenAEC(AECEnv):  # type: ignore[misc]
    """Zheng Fen or Zen Cheng You as a PettingZoo AEC environment.

    Options: ``game`` and the rule options of :class:`zhengfen.Rules`, plus ``episode``,
    ``max_actions``, ``perfect_information`` and ``render_mode``
    (:class:`zhengfen.envs.EnvOptions`).

    Agents are ``"seat_0"`` … ``"seat_{n-1}"``; the agent selected is the game's current
    player. Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``
    (the mask all zeros when it is not the agent's turn); action ``i`` plays
    ``game.legal_moves()[i]``. An action that is not legal raises
    :class:`zhengfen.IllegalMoveError` and changes nothing.

    Rewards come only at the end of each match: in Zheng Fen every seat gets its match points
    (they add up to 100); in Zen Cheng You, where match points are per team and seat ``s`` plays
    in team ``s % 2``, every seat gets its team's points minus the other team's (zero-sum). With
    ``episode="match"`` every agent terminates when the match ends; with ``episode="game"`` the
    next match is dealt at once and the agents terminate when the game is over. Nothing is
    truncated.

    Seeding: ``reset(seed)`` deals ``zhengfen.Game(rules, seed)`` and seeds a generator from
    which later ``reset()`` calls without a seed draw theirs (from fresh entropy if no reset
    was ever seeded).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "zhengfen_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(self, **options: Any) -> None:
        super().__init__()
        self.options = EnvOptions.parse(options)
        self.possible_agents = [f"seat_{s}" for s in range(self.options.rules.players)]
        self.observation_spaces = {a: observation_space(self.options) for a in self.possible_agents}
        self.action_spaces = {a: action_space(self.options) for a in self.possible_agents}
        self.render_mode = self.options.render_mode
        self._game: Game | None = None
        self._seeds: np.random.Generator | None = None

    @property
    def game(self) -> Game:
        """The game being played (for inspection: playing moves on it desynchronizes the env)."""
        if self._game is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space, ``Discrete(max_actions)`` (the same object every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deals a new game from ``seed`` (see the class for seeds); ``options`` is accepted
        for the PettingZoo API and not used."""
        if seed is not None:
            self._game = Game(self.options.rules, int(seed))
            self._seeds = np.random.default_rng(int(seed))
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng()
            self._game = Game(self.options.rules, draw_seed(self._seeds))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._selected()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """The agent's observation tensor and action mask."""
        return encode(self.game, self._seat(agent), self.options)

    def step(self, action: Action | None) -> None:
        """Plays ``game.legal_moves()[action]`` for the selected agent (``None`` for an agent
        that has terminated, as PettingZoo requires)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for agents that have terminated")
        game = self.game
        move = move_for_action(game, action, self.options.max_actions)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game.play(move)
        if game.current_player is None:
            self._end_match(game)
        if not self.terminations[agent]:
            self.agent_selection = self._selected()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The state as text (``"ansi"``), or printed (``"human"``): the hand of the player to
        move only, unless the environment has perfect information."""
        return render(self.game, self.options, self.render_mode)

    def close(self) -> None:
        """Releases the game (nothing else is held)."""
        self._game = None

    def _end_match(self, game: Game) -> None:
        """Hands out the match's rewards; ends the episode or deals the next match."""
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = side_points(game, seat)
        if self.options.episode_over(game):
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            game.next_match()

    def _selected(self) -> str:
        """The agent of the game's current player."""
        seat = self.game.current_player
        if seat is None:
            raise RuntimeError("no seat is to move")
        return self.possible_agents[seat]

    def _seat(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise ValueError(
                f"unknown agent {agent!r}: agents are {self.possible_agents}"
            ) from None


def pettingzoo_env(**options: Any) -> AECEnv:
    """A :class:`ZhengfenAEC` built from ``options``, in an ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(ZhengfenAEC(**options))
