"""``zhengfen replay LOG``: a saved game printed for people, trick by trick, or stepped through.

LOG is a game saved by ``Game.to_json()`` (or ``zhengfen play --save``), or a log of
``zhengfen arena --log`` (one game a line; ``--game K`` picks one, ``--list`` lists them). The
saved game is loaded with ``Game.from_json``, so a corrupt file is refused with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO

import zhengfen
from zhengfen.history import event_text
from zhengfen.play import hand_text

__all__ = ["Saved", "load", "trick_blocks"]


@dataclass
class Saved:
    """One game of a log: the game and, from an arena log, who sat where."""

    game: zhengfen.Game
    title: str
    agents: list[str] | None = None


def load(text: str) -> list[Saved]:
    """The games of a log: a saved game, or arena JSON lines (those that kept the game)."""
    stripped = text.strip()
    if not stripped:
        raise ValueError("the log is empty")
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict) and whole.get("format") == "zhengfen-game":
        return [Saved(zhengfen.Game.from_json(stripped), "saved game")]
    saved = []
    for number, line in enumerate(stripped.splitlines(), 1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"line {number} is not JSON: {error}") from error
        if not isinstance(record, dict) or "game" not in record:
            raise ValueError(
                f"line {number} holds no saved game (run the arena with --log to keep them)"
            )
        title = (
            f"deal {record.get('deal')}, rotation {record.get('rotation')}, "
            f"seed {record.get('seed')}"
        )
        game = zhengfen.Game.from_json(json.dumps(record["game"]))
        saved.append(Saved(game, title, record.get("agents")))
    return saved


def trick_blocks(saved: Saved) -> Iterator[list[str]]:
    """The game as blocks of lines: a match's deal, then each trick, then the match's end."""
    who = _namer(saved.agents)
    block: list[str] = []
    for event in saved.game.history:
        kind = event["type"]
        if kind == "deal":
            if block:
                yield block
            block = [f"=== Match {event['match'] + 1}: {who(event['leader'])} leads"]
            block += [
                f"  {who(s)}: {hand_text(_cards(h, saved))}" for s, h in enumerate(event["hands"])
            ]
            yield block
            block = []
        elif kind == "play":
            block.append(f"  {who(event['seat'])}: {event['combo']}")
        elif kind == "pass":
            block.append(f"  {who(event['seat'])}: pass")
        elif kind == "trick":
            block.append(f"  -> {event_text(event, who)}")
            yield block
            block = []
        else:
            block.append("  " + event_text(event, who))
    if block:
        yield block


def _cards(text: str, saved: Saved) -> zhengfen.Cards:
    return zhengfen.parse_cards(text, saved.game.rules.decks)


def _namer(agents: list[str] | None) -> Callable[[int], str]:
    def who(seat: int) -> str:
        return f"seat {seat} ({agents[seat]})" if agents else f"seat {seat}"

    return who


def replay(saved: Saved, out: IO[str], step: IO[str] | None = None) -> None:
    """Prints ``saved`` block by block; with ``step``, waits for a line of it after each."""
    game = saved.game
    print(f"{saved.title}: {game.rules!r}", file=out)
    if saved.agents:
        print("Agents: " + ", ".join(f"seat {s} {a}" for s, a in enumerate(saved.agents)), file=out)
    for block in trick_blocks(saved):
        print("\n".join(block), file=out, flush=True)
        if step is not None:
            print("[Enter: next, q: stop] ", end="", file=out, flush=True)
            answer = step.readline()
            if not answer or answer.strip().lower() == "q":
                print(file=out)
                return
    print(
        f"Final scores {game.scores}" + (f", winners {game.winners}" if game.game_over else ""),
        file=out,
    )
