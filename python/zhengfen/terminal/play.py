"""``zhengfen play``: a person plays against agents in the terminal.

This module owns the flow of the game and the person's input; :mod:`zhengfen.terminal.screen` draws
everything (colour and suit symbols on a terminal, plain text through a pipe). Every event is
announced as it happens: plays, passes, trick winners, players going out, the transfer, the
match and game results. At the person's turn the screen shows the seats, the trick, the
combination to beat, the hand and the legal moves with suit variants collapsed, numbered.

A move is typed as its number (a number with several ways to play it asks which), as cards
(``7c 7d`` or ``7♣ 7♦``), as a combination name (``pair of 7s``, ``straight 9 to K``, or the
notation ``pair 7 1``), or as ``pass``, ``blind``, ``declare``. ``hint`` asks the hint agent
(``--hint``, greedy by default; a learned agent also shows its Q-values of the best moves),
``moves`` lists every legal move, ``help`` explains, ``quit`` stops. Bad input is explained and
asked again, a line that is not UTF-8 text included. Input is read line by line, so the game
can be played through a pipe; when the input ends, or on ``quit`` or Ctrl-C, the game stops
cleanly and, with ``save``, is saved first. A saved game can be resumed (``--load``).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from rich.console import Group
from rich.table import Table
from rich.text import Text

import zhengfen
from zhengfen.agents import (
    Agent,
    AgentName,
    agent_label,
    finish_game,
    learned_model,
    make_agent,
    observe,
    play_seats,
    read_agent,
)
from zhengfen.agents.seats import agent_seed
from zhengfen.errors import ArgumentError, IllegalMoveError, InvalidCardsError
from zhengfen.names import MoveGroup, is_name, move_groups, move_name, parse_name
from zhengfen.terminal.screen import SHOWN_WAYS, Screen, make_console
from zhengfen.types import Move

__all__ = ["Session", "play_matches", "play_session", "tolerant"]

HELP_MOVES = (
    "Type a move's number, its cards (7c 7d, or 7\u2663 7\u2666), its name (pair of 7s, "
    "straight 9 to K, pairs 6 to 8, pair 7), or: pass, blind, declare."
)
HELP_WORDS = {
    "hint": "the {hint} agent's choice (play --hint chooses the agent)",
    "moves": "every legal move",
    "help": "this text",
    "quit": "stop the game (saved with --save)",
}
HELP_CARDS = (
    "Cards: ranks 3..10 J Q K A 2, suits c d h s (clubs, diamonds, hearts, spades), "
    "jokers BJ RJ.\nPoint cards: each 5 is worth 5 points, each 10 and K 10 points."
)

HINT_BEST = 3
"""How many moves a learned hint agent shows its Q-values for."""


def help_text(hint: str = "greedy") -> Group:
    """The help, wrapped at the console's width: what to type, the words (``hint`` names the
    hint agent), the cards."""
    words = Table.grid(padding=(0, 3, 0, 2), pad_edge=True)
    for word, meaning in HELP_WORDS.items():
        words.add_row(word, meaning.format(hint=hint))
    return Group(Text(HELP_MOVES), words, Text(HELP_CARDS))


def number(digits: str) -> int:
    """The number ``digits`` (decimal digits of any script) writes; one too long to be a
    move's counts as 0."""
    return int(digits) if len(digits) <= 9 else 0


class Stop(Exception):
    """The person quit, or the input ended."""


def tolerant(stream: IO[str]) -> IO[str]:
    """``stream`` reading bytes that are not UTF-8 as U+FFFD instead of failing (standard input
    is strict by default), so that a bad line can be refused and asked again."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="replace")
    return stream


@dataclass
class Session:
    """One person's game: the game, the person's seat, the agents in the other seats, the
    screen, the input, and how many history events have been announced."""

    game: zhengfen.Game
    seat: int
    agents: dict[int, Agent]
    screen: Screen
    inp: IO[str]
    seen: int = 0
    hint_agent: Agent = field(default_factory=lambda: make_agent("greedy"))
    hint_name: str = "greedy"
    hint_model: zhengfen.LearnedModel | None = None

    def say(self, text: str = "", style: str | None = None, whole: bool = False) -> None:
        self.screen.print(text, style=style, whole=whole)

    def ask(self, prompt: str) -> str:
        """A line of input (``Stop`` at the end of the input)."""
        self.screen.console.print(prompt, end="", style="bold")
        self.screen.console.file.flush()
        line = self.inp.readline()
        if not line:
            self.say()
            raise Stop("input ended")
        return line.strip()

    def catch_up(self) -> None:
        """Announces the history events not announced yet."""
        events = self.game.history
        for event in events[self.seen :]:
            self.screen.announce(event)
        self.seen = len(events)

    # --- the person's turn ---------------------------------------------------------------------

    def human_turn(self) -> None:
        moves = self.game.legal_moves()
        groups = move_groups(moves)
        self.screen.turn(groups, moves)
        while True:
            move = self.read(self.ask("Your move> "), moves, groups)
            if move is not None:
                self.game.play(move)
                self.catch_up()
                return

    def read(self, answer: str, moves: Sequence[Move], groups: Sequence[MoveGroup]) -> Move | None:
        """The move ``answer`` names, or ``None`` after explaining what is wrong."""
        word = answer.lower()
        if "\ufffd" in answer:
            self.say("That line is not UTF-8 text; type it again. Type 'help' for help.", "bad")
            return None
        if word in ("quit", "exit"):
            raise Stop("quit")
        if word in ("", "help", "?"):
            self.screen.print(help_text(self.hint_name))
            return None
        if word == "moves":
            self.screen.list_groups(groups, moves, limit=None)
            return None
        if word == "hint":
            self.hint(moves, groups)
            return None
        if word.isdecimal():
            return self.read_number(word, moves, groups)
        if word in ("pass", "blind", "declare"):
            if word in moves:
                return moves[moves.index(word)]  # as the legal list has it, a Move
            self.say(self.refusal(word), "bad")
            return None
        return self.read_cards_or_name(answer, moves)

    def refusal(self, word: str) -> str:
        """Why ``word`` (pass, blind, declare) is not legal now, in the engine's words: "the
        leader may not pass" on one's own lead, the declarations' phase otherwise."""
        try:
            self.game.copy().play(word)
        except IllegalMoveError as error:
            why = str(error)
        else:  # pragma: no cover - legal moves are answered before
            why = "it is not legal now"
        lead = word == "pass" and self.game.phase == "play" and self.game.table is None
        return f"You cannot {word} now: {why}" + (
            "; you lead this trick, so play a combination." if lead else "."
        )

    def hint(self, moves: Sequence[Move], groups: Sequence[MoveGroup]) -> None:
        """The hint agent's move; a learned agent's Q-values of the best moves after it."""
        hint = self.hint_agent.act(observe(self.game, self.seat), moves)
        index = list(moves).index(hint)
        number = next(n for n, g in enumerate(groups, 1) if index in g.indices)
        shown = self.screen.move(hint)
        self.screen.print(f"Hint (the {self.hint_name} agent): move {number},", shown)
        if self.hint_model is not None:
            self.q_values(self.hint_model, moves, groups)

    def q_values(
        self, model: zhengfen.LearnedModel, moves: Sequence[Move], groups: Sequence[MoveGroup]
    ) -> None:
        """The :data:`HINT_BEST` moves of largest Q-value (a move's value is that of its best
        way to play it), each with its number: the model's estimate of the seat's match result
        (points in Zheng Fen, the team's margin in Zen Cheng You) if it is played now."""
        q = model.q_values(self.game.info_set(self.seat))
        best = [max(g.indices, key=lambda i: q[i]) for g in groups]
        order = sorted(range(len(groups)), key=lambda g: -q[best[g]])[:HINT_BEST]
        result = "team's margin" if self.game.rules.game == "zen_cheng_you" else "match points"
        self.say(f"Q-values (the model's estimate of your {result} if played):")
        for g in order:
            value = f"  {q[best[g]]:+7.1f}  move {g + 1},"
            self.screen.print(value, self.screen.move(moves[best[g]]))

    def read_number(
        self, digits: str, moves: Sequence[Move], groups: Sequence[MoveGroup]
    ) -> Move | None:
        """The move (one of its ways) numbered ``digits`` in the list of groups."""
        if not 1 <= number(digits) <= len(groups):
            shown = digits if len(digits) <= 20 else digits[:20] + "..."
            self.say(f"There is no move {shown}: choose 1 to {len(groups)}.", "bad")
            return None
        group = groups[number(digits) - 1]
        return self.choose(group.name, [moves[i] for i in group.indices])

    def choose(self, name: str, variants: Sequence[Move]) -> Move | None:
        """One of the ways to play a move: asked by number or cards when there are several;
        ``None`` (back to the move) on an empty line."""
        if len(variants) == 1:
            return variants[0]
        self.screen.list_ways(name, variants)
        while True:
            answer = self.ask(f"Which {name}? (Enter: back)> ")
            if not answer:
                return None
            if answer.lower() in ("quit", "exit"):
                raise Stop("quit")
            if answer.isdecimal() and 1 <= number(answer) <= min(len(variants), SHOWN_WAYS):
                return variants[number(answer) - 1]
            cards = self.cards(answer)
            chosen = [
                m
                for m in variants
                if cards is not None and not isinstance(m, str) and m.cards == cards
            ]
            if chosen:
                return chosen[0]
            self.say(f"That is not one of the ways to play {name}.", "bad")

    def cards(self, answer: str) -> zhengfen.Cards | None:
        """The cards ``answer`` names (``*`` point marks ignored), or ``None``."""
        try:
            return zhengfen.parse_cards(answer.replace("*", " "), self.game.rules.decks)
        except InvalidCardsError:
            return None

    def read_cards_or_name(self, answer: str, moves: Sequence[Move]) -> Move | None:
        try:
            cards = zhengfen.parse_cards(answer.replace("*", " "), self.game.rules.decks)
        except InvalidCardsError as error:
            named = parse_name(answer, moves)
            if named:
                names = {move_name(moves[i], suit=False) for i in named}
                label = names.pop() if len(names) == 1 else answer
                return self.choose(label, [moves[i] for i in named])
            if is_name(answer):
                self.say(f"No legal move now is {answer!r}: type 'moves' to list them.", "bad")
            else:
                self.say(f"Not a move, cards or a name: {error}. Type 'help' for help.", "bad")
            return None
        matching = [m for m in moves if not isinstance(m, str) and m.cards == cards]
        if matching:
            return self.choose("those cards", matching)
        self.say(self.why_not(cards), "bad")
        return None

    def why_not(self, cards: zhengfen.Cards) -> str:
        """Why ``cards`` cannot be played now, in the engine's words (``Game.refusal``)."""
        why = self.game.refusal(self.seat, cards)
        words = "those cards can be played now" if why is None else why[1]
        return f"{words[0].upper()}{words[1:]}."

    # --- the flow -----------------------------------------------------------------------------

    def play_match(self) -> None:
        """Plays the match on: the agents by :func:`zhengfen.agents.play_seats`, which hands the
        person's turns back here; every event is announced as it happens."""
        self.catch_up()
        while (
            play_seats(
                self.game,
                self.agents,
                names=self.screen.names,
                matches=1,
                on_move=lambda seat, move: self.catch_up(),
            )
            is not None
        ):
            self.human_turn()
        self.catch_up()


def label(agent: str | AgentName) -> str:
    """How the screen names an agent read once (:func:`zhengfen.agents.read_agent`): its
    spec, a learned agent's model file by its file name alone
    (``learned(model=runs/zf4/model.safetensors)`` shows as ``learned(model.safetensors)``).

    >>> from zhengfen.agents import read_agent
    >>> label(read_agent("learned(model=tests/data/learned/zheng_fen_4.safetensors)"))
    'learned(zheng_fen_4.safetensors)'
    >>> label(read_agent("greedy")), label(read_agent("mine:Agent"))
    ('greedy', 'mine:Agent')
    """
    if isinstance(agent, zhengfen.AgentSpec) and agent.name == "learned" and agent.model_file:
        return f"learned({Path(agent.model_file).name})"
    return agent_label(agent)


def play_session(
    rules: zhengfen.Rules,
    seat: int,
    opponents: Sequence[str | AgentName],
    seed: int,
    matches: int | None,
    save: str | Path | None,
    out: IO[str] = sys.stdout,
    inp: IO[str] = sys.stdin,
    game: zhengfen.Game | None = None,
    loaded: str | None = None,
    hint: str | AgentName = "greedy",
) -> int:
    """Plays ``game`` (by default a new one of ``rules`` from ``seed``) with the person in
    ``seat``; ``loaded`` says where a game to resume was loaded from (the events before are not
    announced again); ``hint`` names the agent the person's ``hint`` asks. Returns the exit
    status. With ``save``, the game is saved however it stops: at its end, on ``quit``, at the
    end of the input, on Ctrl-C (``KeyboardInterrupt`` is raised again once saved) or on an
    error. The caller checks that
    ``save`` can be written before the game starts."""
    game = game or zhengfen.Game(rules, seed)
    rules = game.rules
    if not 0 <= seat < rules.players:  # before anything is shown or saved
        raise ArgumentError(f"seat must be 0 to {rules.players - 1}, not {seat}")
    others = [s for s in range(rules.players) if s != seat]
    if len(opponents) == 1:
        opponents = list(opponents) * len(others)
    if len(opponents) != len(others):
        raise ArgumentError(f"{len(opponents)} opponents given for {len(others)} other seats")
    seated = dict(zip(others, (read_agent(name) for name in opponents)))
    agents = {
        s: make_agent(agent, seed=agent_seed(seed, s), instance=_instance(seated, s))
        for s, agent in seated.items()
    }
    screen = Screen(make_console(out), game, seat, {s: label(a) for s, a in seated.items()})
    hint_agent = make_agent(hint, seed=agent_seed(seed, seat))
    session = Session(
        game,
        seat,
        agents,
        screen,
        tolerant(inp),
        hint_agent=hint_agent,
        hint_name=agent_label(hint).partition("(")[0],
        hint_model=learned_model(hint_agent, rules),
    )
    try:
        announce(session, loaded, seed)
        play_matches(session, matches)
    except Stop as stop:
        session.say(f"Game stopped ({stop}).")
    except KeyboardInterrupt:
        session.say("\nGame stopped (interrupted).")
        raise
    finally:
        finish_game(session.game, agents)  # a bot is told the game is over (BOTS.md §3)
        if save:
            Path(save).write_text(session.game.to_json(), encoding="utf-8")
            session.say(f"Saved to {save} (zhengfen play --load {save} resumes it).", whole=True)
    return 0


def _instance(seated: Mapping[int, AgentName], seat: int) -> int:
    """Which of the seats the same agent holds ``seat`` is (a bot runs a process for each)."""
    return sum(1 for s, agent in seated.items() if s < seat and agent == seated[seat])


def announce(session: Session, loaded: str | None, seed: int) -> None:
    """The game's header: a new game's seed, or where a resumed game was loaded from (its
    events so far are not announced again, and a game over shows its result)."""
    game, screen = session.game, session.screen
    if not loaded:
        screen.header(seed)
        return
    screen.header(
        None,
        f"Resumed from {loaded}: match {game.match_number + 1}, "
        f"{len(game.decisions)} decisions played",
    )
    session.seen = len(game.history)
    if game.game_over:
        screen.game_result(game.winners)


def play_matches(session: Session, matches: int | None) -> None:
    """Plays matches until the game is over or ``matches`` have been played."""
    played = 0
    while True:
        session.play_match()
        played += 1
        if session.game.game_over or (matches is not None and played >= matches):
            return
        session.ask("Press Enter for the next match> ")
        session.game.next_match()
