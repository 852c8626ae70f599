"""A user's agent class, named ``module:Class``: read once into a :class:`UserClass` where the
name enters, then found, checked and built from that value.

The class is imported with ``importlib`` from ``sys.path`` (the ``zhengfen`` command puts the
current folder first, as ``python -m`` does). It must be a class with an ``act`` method,
checked before anything of it is called; it is built as ``Class(seed=seed)`` when its
constructor takes a ``seed`` parameter, else as ``Class()``. Anything wrong raises
:class:`zhengfen.ArgumentError` naming the agent. :func:`is_user_class` tells a user's class
from the other agent names: only the edges call it (the one reader of agent names,
:func:`zhengfen.agents.read_agent`, and the command line's :mod:`zhengfen.cli.arguments`);
past them a user's class is a :class:`UserClass`.

>>> agent = UserClass.read("zhengfen.agents:RandomAgent")
>>> agent, str(agent)
(UserClass(module='zhengfen.agents', name='RandomAgent'), 'zhengfen.agents:RandomAgent')
>>> agent.build(seed=3)
RandomAgent(seed=3)
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass

from zhengfen.agents.protocol import Agent
from zhengfen.errors import ArgumentError

__all__ = ["UserClass", "build_user_agent", "is_user_class", "load_agent_class", "takes_seed"]


@dataclass(frozen=True)
class UserClass:
    """A user's agent class: the ``module`` it is imported from and its ``name`` there, both
    non-empty (:class:`zhengfen.ArgumentError` otherwise). Nothing is imported until it is
    loaded (:meth:`load`) or built (:meth:`build`), so it travels (pickled to a worker
    process, stored in a tournament) as its name. ``str()`` is its name ``module:Class``.

    >>> UserClass("mine", "")
    Traceback (most recent call last):
    ...
    zhengfen.errors.ArgumentError: agent 'mine:': expected module:Class
    """

    module: str
    name: str

    def __post_init__(self) -> None:
        parts = (self.module, self.name)
        if not all(isinstance(part, str) and part and part == part.strip() for part in parts):
            raise ArgumentError(f"agent {self.path!r}: expected module:Class")

    @classmethod
    def read(cls, text: str) -> UserClass:
        """The class ``text`` names, ``module:Class`` (blanks around either part ignored).

        >>> UserClass.read(" mine : Agent ")
        UserClass(module='mine', name='Agent')
        """
        module, _, name = (part.strip() for part in text.partition(":"))
        if not module or not name:
            raise ArgumentError(f"agent {text!r}: expected module:Class")
        return cls(module, name)

    @property
    def path(self) -> str:
        """Its name, ``module:Class``."""
        return f"{self.module}:{self.name}"

    def load(self) -> type:
        """The class, imported and checked to have an ``act`` method (:func:`load_agent_class`)."""
        return load_agent_class(self)

    def build(self, seed: int = 0) -> Agent:
        """An agent of the class, built with ``seed`` if its constructor takes one
        (:func:`build_user_agent`)."""
        return build_user_agent(self, seed)

    def __str__(self) -> str:
        """Its name, ``module:Class``."""
        return self.path


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


def load_agent_class(agent: UserClass | str) -> type:
    """The class a :class:`UserClass` (or its name ``module:Class``) names, checked to be a
    class with an ``act`` method; nothing of it is called."""
    given = agent if isinstance(agent, UserClass) else UserClass.read(agent)
    path, module_name, class_name = given.path, given.module, given.name
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


def build_user_agent(agent: UserClass | str, seed: int) -> Agent:
    """The user's agent of a :class:`UserClass` (or its name ``module:Class``), loaded
    (:func:`load_agent_class`) and built with ``seed`` if its constructor takes one."""
    path = str(agent)
    cls = load_agent_class(agent)
    try:
        agent = cls(seed=seed) if takes_seed(cls) else cls()
    except Exception as error:  # the user's constructor failed
        raise ArgumentError(
            f"agent {path!r} could not be built: {type(error).__name__}: {error}"
        ) from error
    if not isinstance(agent, Agent):
        raise ArgumentError(f"agent {path!r} has no act(observation, legal_moves) method")
    return agent
