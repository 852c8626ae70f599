"""The seed a game was dealt from, and when a seat may see it (API.md, "The seed").

A seed is the whole deal: ``zhengfen.Game(rules, seed=s)`` holds every hand of every match, so
the seed the server drew is a secret of the server's until the game is over. A seed the game's
owner chose (``POST /api/games`` with ``seed``), or the one in the file they loaded, is theirs
already and is shown to them, and to nobody else in the game before the game is over.

>>> drawn = Deal(123456789, known=False)
>>> drawn.shown(game_over=False)
{'seed': None, 'seed_hidden': True}
>>> drawn.shown(game_over=True)
{'seed': 123456789, 'seed_hidden': False}
>>> Deal(7, known=True).shown(game_over=False)
{'seed': 7, 'seed_hidden': False}
>>> Deal(7, known=True).shown(game_over=False, owner=False)
{'seed': None, 'seed_hidden': True}
>>> Deal.of_saved('{"setup": {"seed": 7}}').shown(game_over=False)
{'seed': 7, 'seed_hidden': False}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = ["Deal"]


@dataclass(frozen=True)
class Deal:
    """The seed of a game's deal (``None`` for a game dealt from given hands), and whether the
    game's owner knows it already (``known``)."""

    seed: int | None
    known: bool

    @classmethod
    def of_saved(cls, saved: str) -> Deal:
        """The deal of a saved game (``Game.to_json()``, already checked): its ``setup``'s seed,
        known to the person who holds the file."""
        try:
            setup: Any = json.loads(saved).get("setup")
        except (ValueError, AttributeError, RecursionError):
            setup = None
        seed = setup.get("seed") if isinstance(setup, dict) else None
        return cls(seed if isinstance(seed, int) and not isinstance(seed, bool) else None, True)

    def shown(self, game_over: bool, owner: bool = True) -> dict[str, Any]:
        """The view's fields for the owner's seat (or another person's: ``owner`` false):
        ``seed`` (``None`` while hidden) and ``seed_hidden`` (whether the server keeps a seed
        from this seat until the game is over)."""
        hidden = self.seed is not None and not (self.known and owner) and not game_over
        return {"seed": None if hidden else self.seed, "seed_hidden": hidden}
