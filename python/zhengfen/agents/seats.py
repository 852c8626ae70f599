"""Who sits where and which seeds they draw from.

The seating and seeding rule belongs to the core (``zhengfen_core::batch::seating``, AI.md §3);
this module re-exports it: :func:`seating` (rotation ``r`` seats agent ``(s + r) % n`` in seat
``s``), :func:`rotations` (the distinct rotations of a table), :func:`deal_seed` and
:func:`agent_seed` (the stream of the agent in a seat). ``rollouts``, ``VecGame``, the arena,
``zhengfen play``, the Gymnasium env and the Python loop of
:func:`zhengfen.agents.play_seats` all follow it.

>>> seating(4, 1), rotations(["greedy", "random", "greedy", "random"])
([1, 2, 3, 0], 2)
"""

from __future__ import annotations

from zhengfen._core import agent_seed, deal_seed, rotations, seating

__all__ = ["agent_seed", "deal_seed", "rotations", "seating"]
