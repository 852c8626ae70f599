"""Agents: the protocol a user's agent implements, the built-in agents, their specs read once,
a user's class, and the loop that plays a game with them.

An agent is any object with ``act(observation, legal_moves) -> move``: ``observation`` is the
dictionary :func:`observe` builds for the seat to move (``Game.observation`` plus an
``"info_set"`` entry, the seat's :class:`zhengfen.InfoSet`), ``legal_moves`` is
``Game.legal_moves()``, and the move returned must be one of them.

By concept:
:mod:`~zhengfen.agents.protocol` (:class:`Agent`, the protocol; :class:`GameAgent`, that of
an agent following the whole game, such as a bot program),
:mod:`~zhengfen.agents.builtin` (the built-in agents: :class:`RandomAgent`,
:class:`GreedyAgent`, :class:`SearchAgent`, :class:`ISMCTSAgent`, :class:`SpartaAgent`,
:class:`LearnedAgent`),
:mod:`~zhengfen.agents.specs` (an agent name read once, where it enters, into a
:class:`zhengfen.AgentSpec` that carries its settings and model: :func:`read_agent`,
:func:`make_agent`, :func:`check_agent`, :func:`learned_model`),
:mod:`~zhengfen.agents.user` (a user's class ``module:Class``, read once into a
:class:`UserClass`: :func:`load_agent_class`, :func:`is_user_class`, :func:`takes_seed`),
:mod:`~zhengfen.agents.labels` (:func:`agent_label`, the one function naming an agent for
people),
:mod:`~zhengfen.agents.loop` (:func:`play_seats`, the one Python loop, its one move
:func:`take_turn`, :func:`play_game`, :func:`finish_game` and :func:`observe`) and
:mod:`~zhengfen.agents.seats` (who sits where and which seeds they draw from, the core's rule).

>>> import zhengfen
>>> from zhengfen.agents import GreedyAgent, RandomAgent, play_game
>>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
>>> agents = [GreedyAgent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
>>> game = play_game(game, agents, matches=1)
>>> game.match_over, sum(game.match_points)
(True, 100)
"""

from __future__ import annotations

from zhengfen.agents.builtin import (
    GreedyAgent,
    ISMCTSAgent,
    LearnedAgent,
    RandomAgent,
    SearchAgent,
    SpartaAgent,
)
from zhengfen.agents.labels import agent_label, agent_name
from zhengfen.agents.loop import (
    finish_game,
    observe,
    play_game,
    play_seats,
    take_turn,
)
from zhengfen.agents.protocol import Agent, GameAgent
from zhengfen.agents.specs import (
    AgentName,
    check_agent,
    learned_model,
    make_agent,
    read_agent,
)
from zhengfen.agents.user import UserClass, is_user_class, load_agent_class, takes_seed

__all__ = [
    "Agent",
    "AgentName",
    "GameAgent",
    "GreedyAgent",
    "ISMCTSAgent",
    "LearnedAgent",
    "RandomAgent",
    "SearchAgent",
    "SpartaAgent",
    "UserClass",
    "agent_label",
    "agent_name",
    "check_agent",
    "finish_game",
    "is_user_class",
    "learned_model",
    "load_agent_class",
    "make_agent",
    "observe",
    "play_game",
    "play_seats",
    "read_agent",
    "take_turn",
    "takes_seed",
]
