"""The label a league counts a stored game under: a built-in agent's current canonical spec.

A league keys its games by the agents' labels, the canonical specs of the day they were played.
When a built-in agent's canonical spec gains a setting (``sparta`` gained ``tree=0``, then
``belief=0``, in issue 47), games stored under the old text still belong to the same agent: a
stored label that the core's parser reads as a built-in agent (:class:`zhengfen.AgentSpec`,
unbound, as :func:`zhengfen.agents.agent_label` labels one when the league stores it) counts
under the spec it reads as now. A label it refuses (a bot program, a user's class, an agent
since removed, a model file that cannot be read here) counts as stored. The rows themselves are
never rewritten: the web table reads the file read-only, and a label's meaning is the parser's,
not the file's.

This is right only under the project's rule for built-in agents: a setting added to one must
default to the play it had before (as ``tree=0`` and ``belief=0`` do), and a change that alters
an agent's play must change its label (its canonical spec), or a league would count the games
of two different agents as one agent's.

A label is read once a process when the parser reads it or refuses its text; a label whose
model file cannot be read is read again the next time (the file may have come since).

>>> current_label("sparta(candidates=4,budget=2000,threshold=0,z=2,policy=learned)")
'sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,belief=0,policy=learned)'
>>> current_label("search"), current_label("gone(x=1)"), current_label('process(cmd="./bot")')
('search(determinizations=8,candidates=8)', 'gone(x=1)', 'process(cmd="./bot")')
>>> current_pair("sparta", "greedy")[1]
'sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,belief=0,policy=learned)'
>>> current_pair("sparta", "greedy")[0], current_pair("greedy", "greedy")
('greedy', None)
"""

from __future__ import annotations

import functools

from zhengfen._core import AgentSpec
from zhengfen.errors import ArgumentError

__all__ = ["current_label", "current_pair"]


def current_label(label: str) -> str:
    """The label a game stored under ``label`` counts under: the canonical spec of the built-in
    agent it reads as, else ``label`` unchanged. Each label is read once a process (a
    ``learned(model=PATH)`` label reads its model file), except one whose model file could not
    be read, which is read again at the next call."""
    try:
        return _read(label)
    except ValueError:  # ModelError: a model file that cannot be read now, not kept
        return label


@functools.lru_cache(maxsize=4096)
def _read(label: str) -> str:
    """``label``'s canonical spec, or ``label`` where the parser refuses its text; raises
    (and so keeps nothing) where a model file it names cannot be read."""
    try:
        return AgentSpec(label).spec
    except ArgumentError:  # the parser refuses the text: not a built-in agent
        return label


def current_pair(first: str, second: str) -> tuple[str, str] | None:
    """The pair a stored pair of labels counts as, its labels current and in sorted order;
    ``None`` when both read as one agent (no pair to rate)."""
    pair = sorted((current_label(first), current_label(second)))
    return None if pair[0] == pair[1] else (pair[0], pair[1])
