"""``zhengfen replay LOG``: a saved game printed for people, trick by trick, or stepped through.

LOG is a game saved by ``Game.to_json()`` (or ``zhengfen play --save``), or a log of
``zhengfen arena --log`` (one game a line; ``--game K`` picks one, ``--list`` lists them), read
by :class:`zhengfen.arena.log.Log`, the arena log's one reader: the saved game is loaded with
``Game.from_json``, so a corrupt file is refused with the reason, and games are read one at a
time, when asked for (``--game K`` reads only game K).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from zhengfen import text
from zhengfen.arena.log import Saved

__all__ = ["replay", "trick_blocks"]


def trick_blocks(saved: Saved) -> Iterator[list[str]]:
    """The game as blocks of lines: a match's deal, then each trick, then the match's end."""
    return text.trick_blocks(saved.game, text.namer(saved.agents))


def replay(saved: Saved, out: IO[str], step: IO[str] | None = None) -> None:
    """Prints ``saved`` block by block; with ``step``, waits for a line of it after each."""
    game = saved.game
    print(f"{saved.title}: {game.rules!r}", file=out)
    if saved.agents:
        print(text.agents_line(saved.agents), file=out)
    for block in trick_blocks(saved):
        print("\n".join(block), file=out, flush=True)
        if step is not None:
            print("[Enter: next, q: stop] ", end="", file=out, flush=True)
            answer = step.readline()
            if not answer or answer.strip().lower() == "q":
                print(file=out)
                return
    print(text.final_line(game), file=out)
