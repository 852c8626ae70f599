"""The PettingZoo AEC environment: every seat an agent.

This module owns :class:`ZhengfenAEC`, which :func:`zhengfen.envs.pettingzoo_env` wraps in
PettingZoo's ``OrderEnforcingWrapper`` (calls before ``reset()`` are refused). Illegal actions
follow the ``illegal_action`` option, by default as PettingZoo's ``TerminateIllegalWrapper``
does for the classic games: the episode ends and the agent that chose it is penalized.

>>> from zhengfen.envs import pettingzoo_env
>>> env = pettingzoo_env(players=3)
>>> env.reset(seed=1)
>>> env.agents
['seat_0', 'seat_1', 'seat_2']
>>> observation, reward, terminated, truncated, info = env.last()
>>> int(observation["action_mask"].sum()) > 0, reward, terminated, info
(True, 0.0, False, {'illegal_action': False})
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from zhengfen import Game, IllegalMoveError
from zhengfen.envs import _spaces
from zhengfen.envs._actions import action_index, illegal_message, legal_move
from zhengfen.envs._options import EnvOptions, check_seed
from zhengfen.envs._spaces import Action, Observation
from zhengfen.errors import EnvError

__all__ = ["ZhengfenAEC", "pettingzoo_env"]


class ZhengfenAEC(AECEnv):  # type: ignore[misc]
    """Zheng Fen or Zen Cheng You as a PettingZoo AEC environment.

    Options: ``rules`` (a :class:`zhengfen.Rules`), or ``game`` and the rule options of
    :class:`zhengfen.Rules`; plus ``episode``,
    ``max_actions``, ``perfect_information``, ``render_mode``, ``illegal_action`` and
    ``illegal_reward`` (:class:`zhengfen.envs.EnvOptions`); a bad one raises
    :class:`zhengfen.errors.EnvError` or :class:`zhengfen.RulesError`.

    Agents are ``"seat_0"`` … ``"seat_{n-1}"``; the agent selected is the game's current
    player. Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``
    (the mask all zeros when it is not the agent's turn or the episode is over); action ``i``
    plays ``game.legal_moves()[i]``. Each agent's ``info`` is ``{"illegal_action": bool}``, true
    for the agent whose last action the illegal-action policy refused.

    Actions outside the action space raise :class:`zhengfen.IllegalMoveError` and change
    nothing. An action of the space that is not legal now: with ``illegal_action="terminate"``
    (default) every agent terminates, the agent that chose it gets ``illegal_reward`` and the
    others 0; ``"penalize"``: it gets ``illegal_reward`` and is to move again; ``"raise"``:
    :class:`zhengfen.IllegalMoveError`, nothing changes. A step once every agent is done raises
    :class:`zhengfen.IllegalMoveError` (call ``reset()``).

    Rewards come only at the end of each match: in Zheng Fen every seat gets its match points
    (they add up to 100); in Zen Cheng You, where match points are per team and seat ``s`` plays
    in team ``s % 2``, every seat gets its team's points minus the other team's (zero-sum). With
    ``episode="match"`` every agent terminates when the match ends; with ``episode="game"`` the
    next match is dealt at once and the agents terminate when the game is over, or are
    truncated when it is cut short after ``rules.match_limit`` matches (RULES.md §3.5).

    Seeding: ``reset(seed)`` (``None`` or an integer from 0 to 2**64 - 1) deals
    ``zhengfen.Game(rules, seed)`` and seeds a generator from which later ``reset()`` calls
    without a seed draw theirs (from fresh entropy if no reset was ever seeded).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "zhengfen_v0",
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(self, **options: Any) -> None:
        super().__init__()
        self.options = EnvOptions.parse(options)
        self.possible_agents = [f"seat_{s}" for s in range(self.options.rules.players)]
        self.observation_spaces = {
            a: _spaces.observation_space(self.options) for a in self.possible_agents
        }
        self.action_spaces = {a: _spaces.action_space(self.options) for a in self.possible_agents}
        self.render_mode = self.options.render_mode
        self._game: Game | None = None
        self._seeds: np.random.Generator | None = None

    @property
    def game(self) -> Game:
        """The game being played (for inspection: playing moves on it desynchronizes the env)."""
        if self._game is None:
            raise EnvError("call reset() before using the environment")
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
        seed = check_seed(seed)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        elif self._seeds is None:
            self._seeds = np.random.default_rng()
        self._game = Game(
            self.options.rules, _spaces.draw_seed(self._seeds) if seed is None else seed
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"illegal_action": False} for a in self.agents}
        self.agent_selection = self._selected()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """The agent's observation tensor and action mask."""
        over = all(self.terminations[a] or self.truncations[a] for a in self.agents)
        return _spaces.encode(self.game, self._seat(agent), self.options, active=not over)

    def step(self, action: Action | None) -> None:
        """Plays ``game.legal_moves()[action]`` for the selected agent (``None`` for an agent
        that has terminated, as PettingZoo requires)."""
        game = self.game
        if not self.agents:
            raise IllegalMoveError("the episode is over: call reset() to start another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalMoveError(f"{agent} has terminated: its only action is None")
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(
                f"{agent} is to move: None is only for agents that have terminated"
            )
        index = action_index(action, self.options.max_actions)
        move = legal_move(game, index, self.options.max_actions)
        if move is None and self.options.illegal_action == "raise":
            raise IllegalMoveError(illegal_message(game, index))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos = {a: {"illegal_action": False} for a in self.agents}
        if move is None:
            self._refuse(agent)
        else:
            game.play(move)
            if game.current_player is None:
                self._end_match(game)
            if not (self.terminations[agent] or self.truncations[agent]):
                self.agent_selection = self._selected()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The state as text (``"ansi"``), or printed (``"human"``): the hand of the player to
        move only, unless the environment has perfect information."""
        return _spaces.render(self.game, self.options, self.render_mode)

    def close(self) -> None:
        """Releases the game (nothing else is held)."""
        self._game = None

    def _refuse(self, agent: str) -> None:
        """The illegal-action policy for ``agent``'s action: the penalty, and the end of the
        episode with ``"terminate"``; nothing is played."""
        self.rewards[agent] = self.options.illegal_reward
        self.infos[agent]["illegal_action"] = True
        if self.options.illegal_action == "terminate":
            self.terminations = dict.fromkeys(self.agents, True)

    def _end_match(self, game: Game) -> None:
        """Hands out the match's rewards; ends the episode or deals the next match."""
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(game.match_result(seat))
        if self.options.episode_over(game):
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.options.episode_cut(game):
            self.truncations = dict.fromkeys(self.agents, True)
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
            raise EnvError(f"unknown agent {agent!r}: agents are {self.possible_agents}") from None


def pettingzoo_env(**options: Any) -> AECEnv:
    """A :class:`ZhengfenAEC` built from ``options``, in an ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(ZhengfenAEC(**options))
