"""``zhengfen play``: a person plays against agents in the terminal.

Each turn of the person shows the scores, each player's cards left and points won, the trick
so far, the combination to beat and who played it, and the hand sorted and grouped by rank,
with the legal moves numbered. A move is typed as its number, as cards (``7c 7d``), or as
``pass``, ``blind``, ``declare``. ``hint`` asks the greedy agent, ``moves`` lists every legal
move, ``help`` explains, ``quit`` stops. Bad input is explained and asked again, a line that is
not UTF-8 text included. Input is read line by line, so the game can be played through a pipe;
when the input ends, or on ``quit`` or Ctrl-C, the game stops cleanly and, with ``save``, is
saved first.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import zhengfen
from zhengfen.agents import Agent, Move, make_agent, observe, take_turn
from zhengfen.errors import InvalidCardsError

__all__ = ["Session", "hand_text", "tolerant"]

SHOWN = 30
"""Legal moves listed at each turn; ``moves`` lists them all."""

HELP = """Type a move's number, its cards (e.g. 7c 7d), or: pass, blind, declare.
  hint   the greedy agent's choice      moves  every legal move
  help   this text                      quit   stop the game"""


class Stop(Exception):
    """The person quit, or the input ended."""


def tolerant(stream: IO[str]) -> IO[str]:
    """``stream`` reading bytes that are not UTF-8 as U+FFFD instead of failing (standard input
    is strict by default), so that a bad line can be refused and asked again."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="replace")
    return stream


def hand_text(hand: zhengfen.Cards) -> str:
    """The hand sorted and grouped by rank: ``3: 3c 3h | 7: 7d | J: Jc Js | BJ``."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(str(card))
    return " | ".join(
        f"{rank}: {' '.join(cards)}" if rank not in ("BJ", "RJ") else " ".join(cards)
        for rank, cards in groups.items()
    )


@dataclass
class Session:
    """One person's game: the game, the person's seat, the agents in the other seats."""

    game: zhengfen.Game
    seat: int
    agents: dict[int, Agent]
    names: dict[int, str]
    out: IO[str]
    inp: IO[str]

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        """A line of input (``Stop`` at the end of the input)."""
        print(prompt, end="", file=self.out, flush=True)
        line = self.inp.readline()
        if not line:
            self.say()
            raise Stop("input ended")
        return line.strip()

    def who(self, seat: int) -> str:
        return "you" if seat == self.seat else f"seat {seat} ({self.names[seat]})"

    # --- the state ---------------------------------------------------------------------------

    def show_state(self) -> None:
        game = self.game
        obs = game.observation(self.seat)
        self.say()
        self.say(f"Match {game.match_number + 1}, scores {game.scores}")
        players = []
        for s in range(game.rules.players):
            tag = "*" if s == game.current_player else " "
            players.append(
                f"{tag}{self.who(s)}: {obs['cards_left'][s]} cards, {obs['points_won'][s]} pts"
            )
        self.say("  " + " | ".join(players))
        if obs.get("declarations"):
            made = ", ".join(f"seat {s} {d}" for s, d in obs["declarations"])
            self.say(f"  Declarations: {made}")
        if obs["trick"]:
            trick = ", ".join(f"{self.who(int(s))}: {play}" for s, play in obs["trick"])
            self.say(f"  Trick so far: {trick}")
        if game.table is not None:
            combo, maker = game.table
            self.say(f"  To beat: {combo} (played by {self.who(maker)})")
        else:
            self.say("  You lead." if game.current_player == self.seat else "  New trick.")
        if obs["hand"]:
            self.say(
                f"  Your hand ({len(game.hand(self.seat))}): {hand_text(game.hand(self.seat))}"
            )
        else:
            self.say("  You have not seen your cards yet (blind declarations).")

    def list_moves(self, moves: Sequence[Move], limit: int | None = SHOWN) -> None:
        shown = moves if limit is None else moves[:limit]
        for i, move in enumerate(shown, 1):
            self.say(f"  {i:>3}. {move}")
        if len(shown) < len(moves):
            self.say(f"  ... {len(moves) - len(shown)} more: type 'moves' to list them all")

    # --- the person's turn ---------------------------------------------------------------------

    def human_turn(self) -> None:
        self.show_state()
        moves = self.game.legal_moves()
        self.say(f"Your legal moves ({len(moves)}):")
        self.list_moves(moves)
        while True:
            answer = self.ask("Your move> ")
            move = self.read(answer, moves)
            if move is not None:
                self.game.play(move)
                self.say(f"You play {move}")
                return

    def read(self, answer: str, moves: Sequence[Move]) -> Move | None:
        """The move ``answer`` names, or ``None`` after explaining what is wrong."""
        word = answer.lower()
        if "\ufffd" in answer:
            self.say("That line is not UTF-8 text; type it again. Type 'help' for help.")
            return None
        if word in ("quit", "exit"):
            raise Stop("quit")
        if word in ("", "help", "?"):
            self.say(HELP)
            return None
        if word == "moves":
            self.list_moves(moves, limit=None)
            return None
        if word == "hint":
            hint = make_agent("greedy").act(observe(self.game, self.seat), moves)
            self.say(f"Hint: {hint}  (number {list(moves).index(hint) + 1})")
            return None
        if word.isdigit():
            number = int(word)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            self.say(f"There is no move {number}: choose 1 to {len(moves)}.")
            return None
        if word in ("pass", "blind", "declare"):
            if word in moves:
                return word
            self.say(f"'{word}' is not a legal move now.")
            return None
        return self.read_cards(answer, moves)

    def read_cards(self, answer: str, moves: Sequence[Move]) -> Move | None:
        decks = self.game.rules.decks
        try:
            cards = zhengfen.parse_cards(answer, decks)
        except InvalidCardsError as error:
            self.say(f"Not a move or cards: {error}. Type 'help' for help.")
            return None
        matching = [m for m in moves if not isinstance(m, str) and m.cards == cards]
        if len(matching) == 1:
            return matching[0]
        if matching:
            self.say("Those cards can be played several ways; choose by number:")
            for m in matching:
                self.say(f"  {list(moves).index(m) + 1:>3}. {m}")
            return None
        self.say(self.why_not(cards))
        return None

    def why_not(self, cards: zhengfen.Cards) -> str:
        """Why ``cards`` cannot be played now."""
        rules = self.game.rules
        if not all(self.game.hand(self.seat).count(c) >= cards.count(c) for c in cards):
            return f"You do not hold {cards}."
        readings = zhengfen.classify(cards, rules)
        if not readings:
            return f"{cards} is not a combination."
        if self.game.table is not None:
            return f"{readings[0]} does not beat {self.game.table[0]}."
        return f"{cards} cannot be played now."

    # --- the agents' turns and the flow -------------------------------------------------------

    def agent_turn(self, seat: int) -> None:
        move = take_turn(self.game, self.agents[seat], seat, self.names[seat])
        self.say(f"{self.who(seat)}: {move}")

    def play_match(self) -> None:
        while (seat := self.game.current_player) is not None:
            if seat == self.seat:
                self.human_turn()
            else:
                self.agent_turn(seat)
        self.match_summary()

    def match_summary(self) -> None:
        game = self.game
        order = ", ".join(self.who(s) for s in game.out_order)
        self.say()
        self.say(f"Match {game.match_number + 1} over. Order out: {order}.")
        self.say(f"  Match points {game.match_points}, scores {game.scores}")
        if game.game_over:
            winners = ", ".join(self.who(s) for s in game.winners)
            self.say(f"Game over: {winners} won.")


def run(
    rules: zhengfen.Rules,
    seat: int,
    opponents: Sequence[str],
    seed: int,
    matches: int | None,
    save: str | Path | None,
    out: IO[str] = sys.stdout,
    inp: IO[str] = sys.stdin,
) -> int:
    """Plays a game with the person in ``seat``; returns the exit status. With ``save``, the
    game is saved however it stops: at its end, on ``quit``, at the end of the input, on Ctrl-C
    (``KeyboardInterrupt`` is raised again once saved) or on an error. The caller checks that
    ``save`` can be written before the game starts."""
    others = [s for s in range(rules.players) if s != seat]
    if len(opponents) == 1:
        opponents = list(opponents) * len(others)
    if len(opponents) != len(others):
        raise ValueError(f"{len(opponents)} opponents given for {len(others)} other seats")
    agents = {s: make_agent(name, seed=(seed + s) % 2**64) for s, name in zip(others, opponents)}
    names = dict(zip(others, opponents))
    session = Session(zhengfen.Game(rules, seed), seat, agents, names, out, tolerant(inp))
    session.say(f"{rules!r}, seed {seed}. You are seat {seat}. Type 'help' for help.")
    played = 0
    try:
        while True:
            session.play_match()
            played += 1
            if session.game.game_over or (matches is not None and played >= matches):
                break
            session.ask("Press Enter for the next match> ")
            session.game.next_match()
    except Stop as stop:
        session.say(f"Game stopped ({stop}).")
    except KeyboardInterrupt:
        session.say("\nGame stopped (interrupted).")
        raise
    finally:
        if save:
            Path(save).write_text(session.game.to_json(), encoding="utf-8")
            session.say(f"Saved to {save} (zhengfen replay {save}).")
    return 0
