"""Agent names, read once where they enter: a built-in agent's spec becomes a
:class:`zhengfen.AgentSpec` (read by the core's parser, its model file read with it), a user's
class ``module:Class`` a :class:`~zhengfen.agents.user.UserClass`, a bot program
``process(cmd=...)`` a :class:`zhengfen.bots.BotSpec` (BOTS.md §5). Everything past the edge
(tournaments, training, the league, the batch functions, the envs) takes that object and reads
nothing again; :func:`~zhengfen.agents.labels.agent_label` names it for people.

>>> spec = read_agent("search(determinizations=2)")
>>> spec.spec, make_agent(spec).spec
('search(determinizations=2,candidates=8)', 'search(determinizations=2,candidates=8)')
"""

from __future__ import annotations

from typing import TypeAlias

from zhengfen._core import AgentSpec, LearnedModel, Rules
from zhengfen.agents.builtin import BUILT_IN_CLASSES, LearnedAgent, RandomAgent, _RustAgent
from zhengfen.agents.protocol import Agent
from zhengfen.agents.user import UserClass, is_user_class
from zhengfen.bots.spec import BotSpec, is_bot_spec, read_bot_spec

__all__ = [
    "AgentName",
    "check_agent",
    "learned_model",
    "make_agent",
    "read_agent",
    "split_names",
]

AgentName: TypeAlias = AgentSpec | UserClass | BotSpec
"""An agent as it travels once read: a built-in agent's :class:`zhengfen.AgentSpec`, a
user's class (:class:`~zhengfen.agents.user.UserClass`), or a bot program's
:class:`zhengfen.bots.BotSpec`."""


def read_agent(name: str | AgentName) -> AgentName:
    """``name`` read once, where it enters: a built-in agent's spec as its
    :class:`zhengfen.AgentSpec` (:class:`zhengfen.ArgumentError` for a spec the core refuses,
    :class:`zhengfen.ModelError` for a model file that cannot be read), a user's
    ``module:Class`` as its :class:`~zhengfen.agents.user.UserClass` (not imported yet), a
    bot's ``process(cmd=...)`` as its :class:`zhengfen.bots.BotSpec`; a value already read as
    it is.

    >>> read_agent('process(cmd="./bot", time=50)')
    BotSpec(cmd='./bot', time_ms=50, budget_ms=60000, fallback='greedy', restarts=3)
    >>> read_agent("mine:Agent")
    UserClass(module='mine', name='Agent')
    """
    if isinstance(name, AgentSpec | UserClass | BotSpec):
        return name
    if is_user_class(name):
        return UserClass.read(name)
    if is_bot_spec(name):
        return read_bot_spec(name)
    return AgentSpec(name)


def split_names(text: str) -> list[str]:
    """Agent names written one after another, cut at the commas outside parentheses and
    quoted values: ``search(determinizations=2,candidates=3),greedy`` is two agents, and so is
    ``learned(model="a,b.safetensors"),greedy``. Each name is stripped of blanks.

    >>> split_names('learned(model="a,b (1).st"), search(candidates=2,determinizations=3)')
    ['learned(model="a,b (1).st")', 'search(candidates=2,determinizations=3)']
    """
    names, current, depth = [], "", 0
    quoted = escaped = False
    for char in text:
        if quoted:
            escaped, quoted = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            quoted = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "," and depth == 0:
            names.append(current.strip())
            current = ""
            continue
        current += char
    names.append(current.strip())
    return names


def make_agent(name: str | AgentName | Agent, seed: int = 0, instance: int = 0) -> Agent:
    """An agent from a name: a built-in agent's spec (``random``, ``greedy``, ``search``,
    ``ismcts``, ``sparta``, with ``search(...)``, ``ismcts(...)`` or ``sparta(...)`` settings
    (``ismcts(policy=learned)`` and ``sparta`` search with a learned model), ``learned`` or
    ``learned(model=PATH)``), read by the core's
    parser, or an :class:`zhengfen.AgentSpec` already read (nothing is read again), or
    ``module:Class`` or a :class:`~zhengfen.agents.user.UserClass` for a user's class, built
    with ``seed`` if its constructor takes one, or a bot program (``process(cmd=...)`` or its
    :class:`zhengfen.bots.BotSpec`): a :class:`zhengfen.bots.ProcessAgent` asking the process
    of the bot's ``instance``-th seat at the table, alive across games
    (:mod:`zhengfen.bots.pool`). Agents pass through unchanged. A spec the core refuses raises
    the core's :class:`zhengfen.ArgumentError`.

    >>> make_agent("search(determinizations=2)").spec
    'search(determinizations=2,candidates=8)'
    >>> make_agent("greedy(x)")
    Traceback (most recent call last):
    ...
    zhengfen.errors.ArgumentError: agent spec 'greedy(x)': this agent has no settings
    >>> make_agent("os:getcwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zhengfen.errors.ArgumentError: agent 'os:getcwd' is not a class (it is a builtin_...)
    """
    if isinstance(name, str):
        name = read_agent(name)
    if isinstance(name, UserClass):
        return name.build(seed)
    if isinstance(name, BotSpec):
        from zhengfen.bots.agent import ProcessAgent

        return ProcessAgent(name, seed=seed, instance=instance)
    if not isinstance(name, AgentSpec):
        return name
    spec = name
    if spec.name == "learned":
        return LearnedAgent(spec)
    if spec.name == "random":
        return RandomAgent(seed)
    return BUILT_IN_CLASSES[spec.name].from_spec(spec, seed)


def check_agent(agent: str | AgentName | Agent, rules: Rules, seats: int = 1) -> None:
    """Refuses, before any game, an agent that cannot play ``rules``: an unknown spec or a
    user's class that cannot be loaded or built (:class:`zhengfen.ArgumentError`), a model file
    that cannot be read, ``learned`` where no model ships for the rules, or a model for other
    rules (:class:`zhengfen.ModelError`, naming the file and the reason), as every entry point
    binds an agent to its rules (:meth:`zhengfen.AgentSpec.bind`); a bot program that fails to
    start or does not play ``rules`` (:class:`zhengfen.BotError`), its processes for ``seats``
    seats started now and kept for the games (:func:`zhengfen.bots.pool.check_bot`).

    >>> import zhengfen
    >>> check_agent("greedy", zhengfen.Rules.zen_cheng_you())
    >>> check_agent("learned(model=no/such.safetensors)", zhengfen.Rules.zen_cheng_you())
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zhengfen.errors.ModelError: model no/such.safetensors: cannot be read (No such file ...)
    """
    if isinstance(agent, str):
        agent = read_agent(agent)
    if isinstance(agent, BotSpec):
        from zhengfen.bots.pool import check_bot

        check_bot(agent, rules, seats)
    elif isinstance(agent, UserClass):
        agent.build()  # its class loaded and built once, as the games will
    elif isinstance(agent, AgentSpec):
        agent.bind(rules)
    elif isinstance(agent, LearnedAgent | _RustAgent):
        agent.agent_spec.bind(rules)


def learned_model(agent: Agent, rules: Rules) -> LearnedModel | None:
    """The model a learned agent plays under ``rules`` (its own, or the one shipped for the
    rules), checked against them; ``None`` for any other agent."""
    if not isinstance(agent, LearnedAgent):
        return None
    return agent.agent_spec.bind(rules).model
