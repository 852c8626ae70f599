"""A user's agent class, named ``module:Class``: found, checked and built.

The class is imported with ``importlib`` from ``sys.path`` (the ``zhengfen`` command puts the
current folder first, as ``python -m`` does). It must be a class with an ``act`` method,
checked before anything of it is called; it is built as ``Class(seed=seed)`` when its
constructor takes a ``seed`` parameter, else as ``Class()``. Anything wrong raises
:class:`zhengfen.ArgumentError` naming the agent."""

from __future__ import annotations

import importlib
import inspect

from zhengfen.agents.protocol import Agent
from zhengfen.errors import ArgumentError

__all__ = ["build_user_agent", "is_user_class", "load_agent_class", "takes_seed"]


def is_user_class(name: str) -> bool:
    """Whether an agent name names a user's class (``module:Class``) rather than a built-in
    agent's spec (whose grammar has no ``:`` outside a quoted value).

    >>> is_user_class("mine:Agent"), is_user_class('learned(model="C:/runs/m.safetensors")')
    (True, False)
    """
    return ":" in _unquoted_part(name)


def _unquoted_part(name: str) -> str:
    """``name`` without its quoted values (``"..."``), which may hold any character."""
    kept, quoted, escaped = [], False, False
    for char in name:
        if quoted and escaped:
            escaped = False
        elif quoted and char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif not quoted:
            kept.append(char)
    return "".join(kept)


def load_agent_class(path: str) -> type:
    """The class ``module:Class`` names, checked to be a class with an ``act`` method; nothing
    of it is called."""
    module_name, _, class_name = (part.strip() for part in path.partition(":"))
    if not module_name or not class_name:
        raise ArgumentError(f"agent {path!r}: expected module:Class")
    try:
        found = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        raise ArgumentError(f"cannot load agent {path!r}: {error}") from error
    except Exception as error:  # the user's module failed while it was imported
        raise ArgumentError(
            f"cannot load agent {path!r}: importing {module_name} raised "
            f"{type(error).__name__}: {error}"
        ) from error
    if not inspect.isclass(found):
        raise ArgumentError(f"agent {path!r} is not a class (it is a {type(found).__name__})")
    if not callable(getattr(found, "act", None)):
        raise ArgumentError(f"agent {path!r} has no act(observation, legal_moves) method")
    return found


def takes_seed(cls: type) -> bool:
    """Whether ``cls(seed=...)`` is accepted: its constructor has a ``seed`` parameter that can
    be passed by keyword."""
    try:
        parameter = inspect.signature(cls).parameters.get("seed")
    except (TypeError, ValueError):  # no signature to read (some extension classes)
        return False
    return parameter is not None and parameter.kind in (
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.KEYWORD_ONLY,
    )


def build_user_agent(path: str, seed: int) -> Agent:
    """The user's agent ``module:Class``, loaded (:func:`load_agent_class`) and built with
    ``seed`` if its constructor takes one."""
    cls = load_agent_class(path)
    try:
        agent = cls(seed=seed) if takes_seed(cls) else cls()
    except Exception as error:  # the user's constructor failed
        raise ArgumentError(
            f"agent {path!r} could not be built: {type(error).__name__}: {error}"
        ) from error
    if not isinstance(agent, Agent):
        raise ArgumentError(f"agent {path!r} has no act(observation, legal_moves) method")
    return agent
