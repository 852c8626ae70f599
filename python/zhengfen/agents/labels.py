"""How an agent is named for people: the one function, :func:`agent_label`, that logs, reports,
tables and error messages use, for an agent read from its name (an
:class:`zhengfen.AgentSpec`, a :class:`~zhengfen.agents.user.UserClass`, a
:class:`zhengfen.bots.BotSpec`) and for an agent object alike.

>>> import zhengfen
>>> from zhengfen.agents import GreedyAgent, UserClass
>>> agent_label(zhengfen.AgentSpec.search(determinizations=2))
'search(determinizations=2,candidates=8)'
>>> agent_label(UserClass("mine", "Agent")), agent_label(GreedyAgent())
('mine:Agent', 'greedy')
"""

from __future__ import annotations

import warnings

from zhengfen.agents.user import UserClass

__all__ = ["agent_label", "agent_name"]


def agent_label(agent: object) -> str:
    """How ``agent`` is named for people: a built-in agent's or a bot program's canonical spec
    (its ``spec``: an :class:`zhengfen.AgentSpec`, a :class:`zhengfen.bots.BotSpec`, a built-in
    agent object), a user's class as ``module:Class``, a name given as text as it is, any other
    agent object by its class's name.

    >>> class Mine:
    ...     def act(self, observation, legal_moves): ...
    >>> agent_label(Mine()), agent_label("greedy")
    ('Mine', 'greedy')
    """
    if isinstance(agent, str):
        return agent
    if isinstance(agent, UserClass):
        return agent.path
    spec = getattr(agent, "spec", None)
    return spec if isinstance(spec, str) and spec else type(agent).__qualname__


def agent_name(agent: object) -> str:
    """Deprecated (issue 48): :func:`agent_label`, which names every agent the same way."""
    warnings.warn(
        "zhengfen.agents.agent_name is deprecated: use zhengfen.agents.agent_label",
        DeprecationWarning,
        stacklevel=2,
    )
    return agent_label(agent)
