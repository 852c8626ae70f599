"""Reinforcement-learning environments over :class:`zhengfen.Game` (optional, AI.md §6).

This package owns the two environment factories, their Gymnasium registration, and the names
it exports:

- :func:`pettingzoo_env`: a PettingZoo AEC environment, every seat an agent
  (``ZhengfenAEC``, in :mod:`zhengfen.envs._pettingzoo`);
- :func:`gymnasium_env`: a Gymnasium environment, one learning seat against built-in or user
  agents (``ZhengfenEnv``, in :mod:`zhengfen.envs._gymnasium`), also built by
  ``gymnasium.make("zhengfen/ZhengFen-v0")`` and ``gymnasium.make("zhengfen/ZenChengYou-v0")``;
- :class:`EnvOptions` (the options both take), :func:`side_points` (the rewards),
  :func:`worst_reward` (the default illegal-action penalty), :func:`move_for_action` (actions
  to moves) and :func:`render_text` (the text rendering).

The factories are functions of this package (no submodule shares their names), so they can be
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
from importlib import import_module
from typing import TYPE_CHECKING, Any

from zhengfen.envs._actions import move_for_action
from zhengfen.envs._options import EnvOptions
from zhengfen.envs._registration import ENV_IDS, register_envs
from zhengfen.envs._render import render_text
from zhengfen.envs._rewards import side_points, worst_reward
from zhengfen.errors import EnvError

if TYPE_CHECKING:
    from pettingzoo import AECEnv  # type: ignore[import-untyped]

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
    "side_points",
    "worst_reward",
]

_INSTALL_HINT = 'pip install "zhengfen[envs]"'


def pettingzoo_env(**options: Any) -> AECEnv:
    """A PettingZoo AEC environment (``ZhengfenAEC`` in an ``OrderEnforcingWrapper``).

    ``options``: ``game`` (``"zheng_fen"`` or ``"zen_cheng_you"``), any rule option of
    :class:`zhengfen.Rules`, and ``episode``, ``max_actions``, ``perfect_information``,
    ``render_mode``, ``illegal_action``, ``illegal_reward`` (see :class:`EnvOptions`).
    Needs ``pettingzoo``.
    """
    try:
        from zhengfen.envs._pettingzoo import pettingzoo_env as factory
    except ImportError as error:
        raise ImportError(_missing("pettingzoo", error)) from error
    return factory(**options)


def gymnasium_env(**options: Any) -> ZhengfenEnv:
    """A Gymnasium environment: one learning ``seat`` against ``opponents``.

    ``options``: those of :func:`pettingzoo_env` plus ``seat`` and ``opponents`` (see
    ``ZhengfenEnv``). Needs ``gymnasium``.
    """
    try:
        from zhengfen.envs._gymnasium import gymnasium_env as factory
    except ImportError as error:
        raise ImportError(_missing("gymnasium", error)) from error
    return factory(**options)


def __getattr__(name: str) -> Any:
    """``ZhengfenEnv`` and ``ZhengfenAEC``, imported on first use (they need the extras)."""
    modules = {
        "ZhengfenEnv": ("_gymnasium", "gymnasium"),
        "ZhengfenAEC": ("_pettingzoo", "pettingzoo"),
    }
    if name not in modules:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, package = modules[name]
    try:
        return getattr(import_module(f"{__name__}.{module}"), name)
    except ImportError as error:
        raise ImportError(_missing(package, error)) from error


def _missing(package: str, error: ImportError) -> str:
    """The message for a factory whose optional dependencies are not installed."""
    return f"this environment needs {package} ({error}): {_INSTALL_HINT}"


# Gymnasium is optional: without it there is nothing to register.
with contextlib.suppress(ImportError):
    register_envs()
