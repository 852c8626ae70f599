"""The terminal screen of ``zhengfen play``, drawn with ``rich``: the header, a seat's view of
the table at its turn (seats, teams, declarations, the trick, the combination to beat, the hand
grouped by rank with its point cards marked, the legal moves with suit variants collapsed),
announcements of every event as it happens (plays, passes, trick winners, players going out,
the transfer, the match result with the declaration bonus, the game result) and help.

On a terminal the cards show suit symbols (``8♣``) in colour (hearts and diamonds red, point
cards bold yellow); through a pipe, or with ``NO_COLOR`` set, the screen is plain text with
suit letters (``8c``) and point cards marked ``*``, so it reads the same in logs and tests.
Either way every card is shown as it can be typed back. The layout follows the console's
width. :mod:`zhengfen.terminal.play` owns the flow of the game and the person's input.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from rich import box
from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from zhengfen._core import Card, Cards, Combo, Game, Rules
from zhengfen.names import MoveGroup, combo_name
from zhengfen.text import announcement, ordinal, said

if TYPE_CHECKING:
    from zhengfen.types import Move, SeatSeen, Stake, Visible

__all__ = ["Screen", "make_console", "rules_words"]

SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
POINT_RANKS = ("5", "10", "K")
SHOWN_GROUPS = 40
"""Move groups listed at each turn; ``moves`` lists them all."""
SHOWN_WAYS = 12
"""Variants of a move listed when asking which one is meant."""

STYLES = {
    "red": "bold red",
    "black": "bold",
    "point": "bold yellow",
    "you": "bold cyan",
    "trick": "bold green",
    "out": "bold magenta",
    "bad": "red",
    "dim": "dim",
    "title": "bold",
}


class _Console(Console):
    """rich's console, but a reader that goes away raises ``BrokenPipeError`` to the command
    (which saves a game and exits 141, :mod:`zhengfen.cli.streams`) instead of rich's own
    ``SystemExit(1)``."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError("the reader of the output went away")


def make_console(out: IO[str], environ: Mapping[str, str] | None = None) -> Console:
    """A console on ``out``: colour and suit symbols on a terminal, plain text through a pipe,
    on a ``TERM=dumb`` terminal or with ``NO_COLOR`` set (https://no-color.org)."""
    env = os.environ if environ is None else environ
    styled = out.isatty() and not env.get("NO_COLOR") and env.get("TERM") != "dumb"
    return _Console(
        file=out,
        force_terminal=styled,
        no_color=not styled,
        highlight=False,
        emoji=False,
        markup=False,
        soft_wrap=False,
    )


def capital(sentence: str) -> str:
    """A sentence that starts with "you" starts with "You" (seats' names stay as they are)."""
    return "You" + sentence[3:] if sentence.startswith("you") else sentence


def rules_words(rules: Rules) -> str:
    """The rule options in words.

    >>> rules_words(Rules.zen_cheng_you())
    'target 1000 points, after a winner goes out the next seat leads, no last chance'
    """
    target = f"target {rules.target} points"
    if rules.game == "zen_cheng_you":
        lead = "his partner" if rules.lead_after_out == "partner" else "the next seat"
        chance = "last chance on" if rules.last_chance else "no last chance"
        return f"{target}, after a winner goes out {lead} leads, {chance}"
    jokers = "jokers wild" if rules.jokers_wild else "jokers not wild"
    leader = "the first out" if rules.next_leader == "first_out" else "the best score"
    tie = "ties play on" if rules.tie == "play_on" else "ties share the win"
    return f"{target}, {jokers}, next match led by {leader}, {tie}"


@dataclass
class Screen:
    """What one person sees of a game: ``seat`` is the person's, ``names`` the agents' names."""

    console: Console
    game: Game
    seat: int
    names: Mapping[int, str]

    @property
    def plain(self) -> bool:
        return not self.console.is_terminal

    @property
    def symbols(self) -> bool:
        return self.console.is_terminal and self.console.encoding.lower().startswith("utf")

    @property
    def zcy(self) -> bool:
        return self.game.rules.game == "zen_cheng_you"

    def print(
        self, *things: RenderableType | str, style: str | None = None, whole: bool = False
    ) -> None:
        """Prints on the console; ``whole`` lines are not wrapped (a path to copy)."""
        self.console.print(*things, style=STYLES.get(style or "", style), soft_wrap=whole)

    # --- names ---------------------------------------------------------------------------------

    def who(self, seat: int) -> str:
        """``you``, ``seat 2 (greedy)``; in Zen Cheng You the partner says so."""
        if seat == self.seat:
            return "you"
        name = self.names.get(seat)
        partner = self.zcy and seat % 2 == self.seat % 2
        extra = ", ".join(x for x in (name, "partner" if partner else None) if x)
        return f"seat {seat} ({extra})" if extra else f"seat {seat}"

    def subject(self, seat: int, verb: str, you_verb: str) -> str:
        """``seat 2 (greedy) plays`` or ``You play``."""
        return capital(said(self.who(seat), verb, you_verb))

    def team_name(self, team: int) -> str:
        """``your team (seats 0, 2)`` or ``other team (seats 1, 3)``."""
        side = "your team" if team == self.seat % 2 else "other team"
        return f"{side} (seats {team}, {team + 2})"

    def scores_text(self, points: Sequence[int]) -> str:
        """Points labelled by seat or by team."""
        if self.zcy:
            return ", ".join(f"{self.team_name(t)} {p}" for t, p in enumerate(points))
        return ", ".join(f"{self.who(s)} {p}" for s, p in enumerate(points))

    # --- cards ---------------------------------------------------------------------------------

    def card(self, card: Card) -> Text:
        """A card as it can be typed: ``8♣`` in colour on a terminal, ``8c`` in plain text; a
        point card bold yellow, or marked ``*`` in plain text."""
        if card.suit is None:
            return Text(card.rank, style=STYLES["red" if card.rank == "RJ" else "black"])
        suit = SYMBOLS[card.suit] if self.symbols else card.suit
        point = card.rank in POINT_RANKS
        if self.plain:
            return Text(f"{card.rank}{suit}{'*' if point else ''}")
        color = "red" if card.suit in "hd" else "black"
        return Text(card.rank + suit, style=STYLES["point" if point else color])

    def cards(self, cards: Iterable[Card]) -> Text:
        return Text(" ").join(self.card(c) for c in cards)

    def hand(self, hand: Cards) -> Text:
        """The hand sorted and grouped by rank, groups apart."""
        groups: dict[str, list[Card]] = {}
        for card in hand:
            groups.setdefault(card.rank, []).append(card)
        return Text("   ").join(self.cards(group) for group in groups.values())

    def combo(self, combo: Combo) -> Text:
        """``pair of 8s  8♣ 8♦``: the name, then the cards."""
        return Text.assemble(combo_name(combo), "  ", self.cards(combo.cards))

    def move(self, move: Move) -> Text:
        return Text(move) if isinstance(move, str) else self.combo(move)

    # --- the header and the table --------------------------------------------------------------

    def header(self, seed: int | None, loaded: str | None = None) -> None:
        """The game, the players and their teams, the rules in words, the seed, the seat; or,
        for a game resumed, ``loaded``: where from and how far it had come."""
        rules = self.game.rules
        if self.zcy:
            title = "Zen Cheng You: 4 players in two teams, two decks"
        else:
            title = f"Zheng Fen: {rules.players} players, one deck"
        table = Table(box=None if self.plain else box.ROUNDED, show_header=False, title=title)
        table.add_column(style=STYLES["title"])
        table.add_column()
        players = ", ".join(self.who(s) for s in range(rules.players))
        table.add_row("Players", players.replace("you", f"you (seat {self.seat})", 1))
        if self.zcy:
            table.add_row("Teams", f"{self.team_name(0)} against {self.team_name(1)}")
        table.add_row("Rules", rules_words(rules))
        table.add_row("Game", "resumed (below)" if loaded else f"seed {seed}")
        table.add_row("Help", "type 'help' at your turn; cards are typed 8c 8d or 8\u2663 8\u2666")
        self.print(table)
        if loaded:
            self.print(loaded, whole=True)

    def rule(self, title: str) -> None:
        self.console.rule(title, characters="-" if self.plain else "\u2500")

    def turn(self, groups: Sequence[MoveGroup], moves: Sequence[Move]) -> None:
        """The person's view at the turn: scores, seats, declarations, trick, table, hand, and
        the legal moves grouped."""
        game = self.game
        self.rule(f"Match {game.match_number + 1}: your turn")
        if self.zcy:
            self.print(f"Scores: {self.scores_text(game.scores)}")
        record = game.visible(self.seat)
        self.print(self.seats(record))
        made = [s for s in record["seats"] if s["declaration"] and s["declaration"]["stake"]]
        if made:
            self.print(f"Declarations: {self.declarations(made)}", style="out")
        self.situation(record)
        self.list_groups(groups, moves, SHOWN_GROUPS)

    def seats(self, record: Visible) -> Table:
        """One row a seat, from the engine's record of what the person sees: who, team, cards
        left, points won, and to move or out."""
        table = Table(box=None if self.plain else box.SIMPLE, pad_edge=False)
        table.add_column("")
        table.add_column("player")
        if self.zcy:
            table.add_column("team")
        table.add_column("cards", justify="right")
        table.add_column("points won", justify="right")
        if not self.zcy:
            table.add_column("score", justify="right")
        table.add_column("")
        mine = record["seats"][self.seat]["team"]
        for shown in record["seats"]:
            seat = shown["seat"]
            mark = ">" if seat == record["current_player"] else ""
            status = f"out {ordinal(shown['place'])}" if shown["place"] else ""
            count = shown["cards_left"]
            row = [mark, self.who(seat)]
            if self.zcy:
                row.append("yours" if shown["team"] == mine else "other")
            row += [f"{count} card{'s' if count != 1 else ''}", str(shown["points_won"])]
            if not self.zcy:
                row.append(str(record["scores"][seat]))
            table.add_row(*row, status, style=STYLES["you"] if seat == self.seat else None)
        return table

    def declarations(self, made: Iterable[SeatSeen]) -> str:
        """Who declared, with the engine's stakes: ``you declared blind (+/-200), seat 3
        declared (+/-100)``."""
        words = {"blind": "declared blind", "declare": "declared"}
        return ", ".join(
            f"{self.who(s['seat'])} {words[d['move']]} (+/-{d['stake']})"
            for s in made
            if (d := s["declaration"]) is not None
        )

    def situation(self, record: Visible) -> None:
        """What the turn asks: a declaration, a lead, or the trick and the combination to
        beat; then the hand."""
        game = self.game
        phase = game.phase
        if phase == "blind_declare":
            self.print(
                "Blind declaration: before seeing your cards, declare 'blind' (+200 to your "
                "team if you go out first, -200 if not) or 'pass'."
            )
        elif phase == "declare":
            self.print(
                "Declaration: having seen your cards, 'declare' (+100 to your team if you go "
                "out first, -100 if not) or 'pass'."
            )
        elif game.table is None:
            self.print("You lead: play any combination.", style="you")
        else:
            trick = Text("Trick: ") + Text("; ").join(
                Text.assemble(
                    f"{self.who(s)} ", Text("pass") if p == "pass" else Text(combo_name(p))
                )
                for s, p in game.trick
            )
            self.print(trick)
            combo, maker = game.table
            self.print(Text.assemble("To beat: ", self.combo(combo), f" (by {self.who(maker)})"))
        if record["seats"][self.seat]["hand"] is not None:
            hand = game.hand(self.seat)
            count = f"{len(hand)} card{'s' if len(hand) != 1 else ''}, {hand.points} points"
            self.print(Text.assemble(f"Your hand ({count}): ", self.hand(hand)))
        else:
            self.print("You have not seen your cards yet (blind declarations).")

    # --- the moves -----------------------------------------------------------------------------

    def group_entry(self, number: int, group: MoveGroup, moves: Sequence[Move]) -> Text:
        """``4. pair of 8s  8♣ 8♦`` or ``5. pair of 9s (3 ways)``."""
        entry = Text(f"{number:>3}. ", style=STYLES["dim"], end="")
        if len(group.indices) == 1:
            return Text.assemble(entry, self.move(moves[group.indices[0]]))
        return Text.assemble(entry, f"{group.name} ({len(group.indices)} ways)")

    def list_groups(
        self, groups: Sequence[MoveGroup], moves: Sequence[Move], limit: int | None
    ) -> None:
        """The groups numbered from 1, the first ``limit`` of them, then how many are left."""
        shown = groups if limit is None else groups[:limit]
        ways = "" if len(groups) == len(moves) else f" ({len(moves)} ways)"
        self.print(f"Your moves: {len(groups)}{ways}")
        entries = [self.group_entry(i, g, moves) for i, g in enumerate(shown, 1)]
        self.print(Columns(entries, padding=(0, 3), column_first=True))
        if len(shown) < len(groups):
            self.print(f"  ... {len(groups) - len(shown)} more: type 'moves' to list them all")

    def list_ways(self, name: str, variants: Sequence[Move]) -> None:
        """The ways to play one named move, numbered, the first :data:`SHOWN_WAYS` of them."""
        said = f"{name[:1].upper()}{name[1:]} can be played {len(variants)} ways"
        self.print(f"{said}; choose by number or type the cards:")
        entries = [
            Text.assemble((f"{i:>3}. ", STYLES["dim"]), self.move(m))
            for i, m in enumerate(variants[:SHOWN_WAYS], 1)
        ]
        self.print(Columns(entries, padding=(0, 3), column_first=True))
        if len(variants) > SHOWN_WAYS:
            self.print(f"  ... {len(variants) - SHOWN_WAYS} more: type the cards to choose one")

    # --- announcements -------------------------------------------------------------------------

    def announce(self, event: Mapping[str, Any]) -> None:
        """One history event as it happens, in the words of :func:`zhengfen.text.announcement`
        (the page of ``zhengfen serve`` says the same)."""
        kind = event["type"]
        made = self.declaration(event)
        said_ = capital(
            announcement(
                event,
                self.who,
                team=self.team_name,
                blind_round=made is not None and made["blind_round"],
                stake=None if made is None else made["stake"],
            )
        )
        if kind == "deal":
            self.rule(said_)
        elif kind == "declaration":
            self.print(said_, style="out" if event["move"] != "pass" else "dim")
        elif kind == "play":
            combo = Combo.parse(event["combo"], self.game.rules)
            self.print(
                Text.assemble(self.subject(event["seat"], "plays", "play"), " ", self.combo(combo))
            )
        elif kind == "pass":
            self.print(said_, style="dim")
        elif kind == "trick":
            self.print(f"  -> {said_}", style="trick")
        elif kind == "out":
            self.print(f"  ** {said_}", style="out")
        elif kind == "transfer":
            self.print(f"  {said_}", style="out")
        elif kind == "match_scored":
            self.match_result(event)
        elif kind == "game_over":
            self.game_result(event["winners"])

    def declaration(self, event: Mapping[str, Any]) -> Stake | None:
        """A declaration's stake and round, from the engine's record (announced as it is
        made, so the seat's declaration of the match is this one); ``None`` for other events."""
        if event["type"] != "declaration":
            return None
        made: Stake | None = self.game.visible(self.seat)["seats"][event["seat"]]["declaration"]
        return made

    def match_result(self, event: Mapping[str, Any]) -> None:
        """The match points and the scores, by seat in finishing order, or by team with the
        card points and the declaration bonus."""
        game = self.game
        table = Table(
            title=f"Match {game.match_number + 1} result",
            box=None if self.plain else box.ROUNDED,
            pad_edge=False,
        )
        record = game.visible(self.seat)
        made = record["breakdown"]
        if made is not None:
            first = "1-2 finish" if made["one_two"] else "cards"
            for column in ("team", first, "declarations", "match points", "score"):
                table.add_column(column, justify="left" if column == "team" else "right")
            for team in made["teams"]:
                cards = team["one_two"] if made["one_two"] else team["cards"]
                table.add_row(
                    self.team_name(team["team"]),
                    str(cards),
                    f"{team['declarations']:+d}",
                    str(team["match_points"]),
                    str(team["score"]),
                )
        else:
            for column in ("place", "player", "match points", "score"):
                table.add_column(column, justify="left" if column == "player" else "right")
            for place, seat in enumerate(game.out_order, 1):
                table.add_row(
                    ordinal(place),
                    self.who(seat),
                    str(event["match_points"][seat]),
                    str(event["scores"][seat]),
                )
        self.print(table)
        if record["last_hand"] is not None:
            giver, held_text = record["last_hand"]
            held = Cards(str(held_text), decks=game.rules.decks)
            self.print(Text.assemble(f"{self.who(int(giver))} still held ", self.hand(held)))

    def game_result(self, winners: Sequence[int]) -> None:
        if self.zcy:
            team = winners[0] % 2
            won = "Your team wins" if team == self.seat % 2 else "The other team wins"
            self.print(f"Game over: {won} ({self.scores_text(self.game.scores)}).", style="trick")
            return
        names = " and ".join(self.who(s) for s in winners)
        verb = "win" if self.seat in winners or len(winners) > 1 else "wins"
        self.print(f"Game over: {names[:1].upper()}{names[1:]} {verb}.", style="trick")
