"""Who sits where and which seeds they draw from: kept importable here, where API.md and
AI.md §3.1 name it; its home is :mod:`zhengfen.agents.seats`.

>>> seating(4, 1), rotations(["greedy", "random", "greedy", "random"])
([1, 2, 3, 0], 2)
"""

from __future__ import annotations

from zhengfen.agents.seats import agent_seed, deal_seed, rotations, seating

__all__ = ["agent_seed", "deal_seed", "rotations", "seating"]
