"""Reinforcement-learning environments over :class:`zhengfen.Game` (optional, AI.md §6).

This package owns the two environment factories, their Gymnasium registration, and the names
it exports:

- :func:`pettingzoo_env`: a PettingZoo AEC environment, every seat an agent
  (``ZhengfenAEC``, in :mod:`zhengfen.envs._pettingzoo`);
- :func:`gymnasium_env`: a Gymnasium environment, one learning seat against built-in or user
  agents (``ZhengfenEnv``, in :mod:`zhengfen.envs._gymnasium`), also built by
  ``gymnasium.make("zhengfen/ZhengFen-v0")`` and ``gymnasium.make("zhengfen/ZenChengYou-v0")``;
- :class:`EnvOptions` (the options both take), :func:`worst_reward` (the default
  illegal-action penalty), :func:`move_for_action` (actions to moves) and :func:`render_text`
  (the text rendering, from :mod:`zhengfen.text`).

Behind them, one concept a private module: :mod:`zhengfen.envs._options` (the options and
their checks), :mod:`zhengfen.envs._actions` (actions to moves, and which are legal),
:mod:`zhengfen.envs._spaces` (spaces, observations, seeds and rendering),
:mod:`zhengfen.envs._rewards` (the illegal-action penalty) and
:mod:`zhengfen.envs._registration` (the Gymnasium ids).

A finished match pays each seat ``Game.match_result(seat)``, as ``VecGame`` does.

The factories (in :mod:`zhengfen.envs._factories`; no submodule shares their names) can be
called any number of times, as vector environments do. They import PettingZoo or Gymnasium only
when called, so ``import zhengfen.envs`` works without them; calling a factory without them
raises an :class:`ImportError` saying to ``pip install "zhengfen[envs]"``. With Gymnasium
installed, importing this package registers the Gymnasium ids.

>>> from zhengfen.envs import EnvOptions
>>> options = EnvOptions.parse({"game": "zheng_fen", "players": 3, "target": 300})
>>> options.rules.players, options.episode, options.max_actions
(3, 'match', 4096)
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from zhengfen.envs._actions import move_for_action
from zhengfen.envs._factories import environment_class as __getattr__  # noqa: F401 (lazy classes)
from zhengfen.envs._factories import gymnasium_env, pettingzoo_env
from zhengfen.envs._options import EnvOptions
from zhengfen.envs._registration import ENV_IDS, register_envs
from zhengfen.envs._rewards import worst_reward
from zhengfen.errors import EnvError
from zhengfen.text import render_text

if TYPE_CHECKING:
    from zhengfen.envs._gymnasium import ZhengfenEnv
    from zhengfen.envs._pettingzoo import ZhengfenAEC

__all__ = [
    "ENV_IDS",
    "EnvError",
    "EnvOptions",
    "ZhengfenAEC",
    "ZhengfenEnv",
    "gymnasium_env",
    "move_for_action",
    "pettingzoo_env",
    "render_text",
    "worst_reward",
]

# Gymnasium is optional: without it there is nothing to register.
with contextlib.suppress(ImportError):
    register_envs()
