"""Who sits where and which seeds they draw from.

The seating and seeding rule belongs to the core (``zhengfen_core::batch::seating``, AI.md §3);
this module re-exports it: :func:`seating` (rotation ``r`` seats agent ``(s + r) % n`` in seat
``s``), :func:`rotations` (the distinct rotations of a table), :func:`deal_seed` and
:func:`agent_seed` (the stream of the agent in a seat). ``rollouts``, ``VecGame``, the arena,
``zhengfen play``, the Gymnasium env and the Python loop of
:func:`zhengfen.agents.play_seats` all follow it. :func:`fill` seats fewer agents than seats
round the table, repeating them (the arena's and the league's tables).

>>> seating(4, 1), rotations(["greedy", "random", "greedy", "random"])
([1, 2, 3, 0], 2)
"""

from __future__ import annotations

from zhengfen._core import agent_seed, deal_seed, rotations, seating
from zhengfen.errors import ArgumentError

__all__ = ["agent_seed", "deal_seed", "fill", "rotations", "seating"]


def fill(names: list[str], seats: int) -> list[str]:
    """``names`` repeated to fill ``seats`` seats; ``ArgumentError`` if there are more names
    than seats.

    >>> fill(["greedy", "random"], 5)
    ['greedy', 'random', 'greedy', 'random', 'greedy']
    """
    if len(names) > seats:
        raise ArgumentError(f"{len(names)} agents given for {seats} seats")
    return [names[s % len(names)] for s in range(seats)]
