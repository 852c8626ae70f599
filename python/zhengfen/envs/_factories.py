"""The two environment factories and the lazy import of their classes: PettingZoo and Gymnasium
are optional, so each is imported only when a factory or class is first asked for, and its
absence is an :class:`ImportError` saying to ``pip install "zhengfen[envs]"``."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pettingzoo import AECEnv  # type: ignore[import-untyped]

    from zhengfen.envs._gymnasium import ZhengfenEnv

__all__ = ["environment_class", "gymnasium_env", "pettingzoo_env"]

_INSTALL_HINT = 'pip install "zhengfen[envs]"'

_CLASSES = {
    "ZhengfenEnv": ("_gymnasium", "gymnasium"),
    "ZhengfenAEC": ("_pettingzoo", "pettingzoo"),
}
"""Each environment class: its submodule of :mod:`zhengfen.envs` and the package it needs."""


def pettingzoo_env(**options: Any) -> AECEnv:
    """A PettingZoo AEC environment (``ZhengfenAEC`` in an ``OrderEnforcingWrapper``).

    ``options``: ``rules`` (a :class:`zhengfen.Rules`), or ``game`` (``"zheng_fen"`` or
    ``"zen_cheng_you"``) and any rule option of :class:`zhengfen.Rules`; and ``episode``,
    ``max_actions``, ``perfect_information``, ``render_mode``, ``illegal_action``,
    ``illegal_reward`` (see :class:`EnvOptions`).
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


def environment_class(name: str) -> Any:
    """``ZhengfenEnv`` or ``ZhengfenAEC``, imported on first use (they need the extras);
    ``AttributeError`` for any other name, as a module's ``__getattr__`` must raise."""
    if name not in _CLASSES:
        raise AttributeError(f"module 'zhengfen.envs' has no attribute {name!r}")
    module, package = _CLASSES[name]
    try:
        return getattr(import_module(f"zhengfen.envs.{module}"), name)
    except ImportError as error:
        raise ImportError(_missing(package, error)) from error


def _missing(package: str, error: ImportError) -> str:
    """The message for a factory whose optional dependencies are not installed."""
    return f"this environment needs {package} ({error}): {_INSTALL_HINT}"
