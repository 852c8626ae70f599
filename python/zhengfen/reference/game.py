"""The game as the engine plays it: a state machine of decisions, match after match.

Implements RULES.md §12 (decisions and phases §12.1, setting up a match §12.2, turn order
§12.3, going out and ending §12.4, scoring and the game §12.5, the history §12.6, saved games
§12.7) for both games: the Zheng Fen match and game of §7 (§7.2 turn order, §7.3 tricks, §7.4
going out, §7.5 the last chance) and the Zen Cheng You round and game of §11 (§11.2
declarations, §11.4 tricks, §11.5 the end of a round). Turn order and who leads are in
:mod:`zhengfen.reference.turns`; leaders of matches, scoring (with the transfer of §12.4a and
§12.4b) and the end of the game in :mod:`zhengfen.reference.match`; the JSON text in
:mod:`zhengfen.reference.saving`; what a move stands for in :mod:`zhengfen.reference.plays`;
combinations and legal moves come from the rest of the reference package.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from zhengfen.errors import IllegalMoveError, InvalidStateError, ZhengfenError
from zhengfen.reference.cards import Cards, points, trimmed
from zhengfen.reference.combo import Combo, as_cards
from zhengfen.reference.match import (
    first_leader,
    game_winners,
    next_first_drawer,
    score_match,
)
from zhengfen.reference.moves import MAX_HAND, legal_moves
from zhengfen.reference.plays import PASS, Move, read_play, without
from zhengfen.reference.rng import SplitMix64, deal
from zhengfen.reference.rules import ZHENG_FEN, Rules
from zhengfen.reference.saving import NEXT_MATCH, SavedGame, decode, encode
from zhengfen.reference.turns import (
    is_one_two,
    leader_after_trick,
    match_ends_now,
    next_holder,
    seats_from,
)

__all__ = ["BLIND_DECLARE", "DECLARE", "GAME_OVER", "MATCH_OVER", "PLAY", "Game"]

BLIND_DECLARE = "blind_declare"
DECLARE = "declare"
PLAY = "play"
MATCH_OVER = "match_over"
GAME_OVER = "game_over"

#: The legal moves of the two declaration phases (§12.1).
_DECLARATION_MOVES = {BLIND_DECLARE: ("blind", PASS), DECLARE: ("declare", PASS)}

Event = dict[str, Any]


def _check_seed(seed: object) -> int:
    """A seed is an integer in 0..2**64-1 (§2.1); anything else is a plain ValueError."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be an integer in 0..2**64-1, got {seed!r}")
    return seed


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"expected a Rules, got {rules!r}")
    return rules


def _read_hands(rules: Rules, hands: Sequence[Cards | str]) -> list[Cards]:
    """Given hands (§12.2): one per seat, the decks' copies at most, every seat holding 1 to
    27 cards (a position in which someone is already out cannot be given)."""
    if isinstance(hands, (str, Cards)) or len(hands) != rules.players:
        raise InvalidStateError(f"expected {rules.players} hands")
    try:
        parsed = [as_cards(hand, rules) for hand in hands]
        Cards.from_indices([i for hand in parsed for i in hand.indices], rules.decks)
    except (ZhengfenError, TypeError) as error:
        raise InvalidStateError(f"impossible hands: {error}") from error
    for seat, hand in enumerate(parsed):
        if not 1 <= len(hand) <= MAX_HAND:
            raise InvalidStateError(
                f"seat {seat} holds {len(hand)} cards; every seat holds 1 to {MAX_HAND}"
            )
    return parsed


class Game:
    """A game of Zheng Fen or Zen Cheng You, played one decision at a time (§12).

    >>> game = Game(Rules.zheng_fen(), seed=1)
    >>> game.phase, game.current_player == game.history[0]["leader"], len(game.hand(0))
    ('play', True, 14)
    >>> game.play(game.legal_moves()[0]); len(game.trick)
    1
    """

    def __init__(self, rules: Rules, seed: int = 0) -> None:
        self._setup(_check_rules(rules), _check_seed(seed), None, None)
        hands = deal(self._rules, self._rng, 0)
        self._start_match(hands, 0, first_leader(self._rules, hands))

    @classmethod
    def from_hands(
        cls, rules: Rules, hands: Sequence[Cards | str], leader: int, seed: int = 0
    ) -> Game:
        """A game whose first match starts from given hands, ``leader`` to lead (§12.2).

        Later matches are dealt from ``seed``. Wrong hands (not one per seat, more copies of
        a card than the decks hold, a hand empty or of more than 27 cards) or leader (not a
        seat): InvalidStateError; a bad seed: ValueError. Nothing is created on an error.

        >>> game = Game.from_hands(Rules.zheng_fen(players=3), ["3c 4c", "5c", "6c"], leader=1)
        >>> game.current_player, [str(m) for m in game.legal_moves()]
        (1, ['single 5 1: 5c'])
        >>> Game.from_hands(Rules.zheng_fen(players=3), ["3c", "4c", ""], leader=0)
        Traceback (most recent call last):
        ...
        zhengfen.errors.InvalidStateError: seat 2 holds 0 cards; every seat holds 1 to 27
        """
        _check_rules(rules)
        parsed = _read_hands(rules, hands)
        if (
            isinstance(leader, bool)
            or not isinstance(leader, int)
            or not 0 <= leader < rules.players
        ):
            raise InvalidStateError(f"the leader {leader!r} is not a seat")
        seed = _check_seed(seed)
        game = cls.__new__(cls)
        game._setup(rules, seed, tuple(str(h) for h in parsed), leader)
        game._start_match(parsed, None, leader)
        return game

    # -- setting up (§12.2) -------------------------------------------------------------------

    def _setup(
        self, rules: Rules, seed: int, setup_hands: tuple[str, ...] | None, leader: int | None
    ) -> None:
        self._rules = rules
        self._seed = seed
        self._setup_hands = setup_hands
        self._setup_leader = leader
        self._rng = SplitMix64(seed)
        self._match = -1
        self._scores = [0] * self._sides
        self._winners: list[int] = []
        self._history: list[Event] = []
        self._decisions: list[str] = []

    @property
    def _sides(self) -> int:
        """Scores are kept per seat (Zheng Fen) or per team (Zen Cheng You), §12.5."""
        return self._rules.players if self._rules.game == ZHENG_FEN else 2

    def _start_match(self, hands: Sequence[Cards], first_drawer: int | None, leader: int) -> None:
        """Open a match: the deal event, then the declarations (ZCY) or the lead (§12.2)."""
        players = self._rules.players
        self._match += 1
        self._hands = list(hands)
        self._piles: list[Cards] = [Cards(decks=self._rules.decks)] * players
        self._trick: list[tuple[int, Move]] = []
        self._table: tuple[Combo, int] | None = None
        self._passed: set[int] = set()  # who passed since the last play of the trick
        self._out: list[int] = []
        self._plays: list[tuple[int, Combo]] = []
        self._declarations: list[tuple[int, str]] = []
        self._final_points: list[int] | None = None
        self._last_chance = False
        self._leader = leader
        self._event(
            type="deal",
            match=self._match,
            first_drawer=first_drawer,
            leader=leader,
            hands=[str(hand) for hand in hands],
        )
        if self._rules.game == ZHENG_FEN:
            self._phase = PLAY
            self._queue: list[int] = []
            self._current: int | None = leader
        else:  # §11.2: the blind declarations, in turn from the leader
            self._phase = BLIND_DECLARE
            self._queue = seats_from(self._hands, leader)
            self._current = self._queue[0]

    def _event(self, **fields: Any) -> None:
        self._history.append(dict(fields))

    # -- properties (the core's Game, python/zhengfen/_core.pyi) ------------------------------

    @property
    def rules(self) -> Rules:
        """The rule set of the game."""
        return self._rules

    @property
    def phase(self) -> str:
        """``blind_declare``, ``declare``, ``play``, ``match_over`` or ``game_over`` (§12.1)."""
        return self._phase

    @property
    def current_player(self) -> int | None:
        """The seat to decide, None when the match or the game is over (§12.1)."""
        return self._current

    def hand(self, seat: int) -> Cards:
        """The cards ``seat`` holds now.

        >>> str(Game.from_hands(Rules.zheng_fen(players=3), ["3c", "4c 5c", "6c"], 0).hand(1))
        '4c 5c'
        """
        return self._hands[self._seat(seat)]

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an integer, got {seat!r}")
        if not 0 <= seat < self._rules.players:
            raise ValueError(f"no seat {seat} among {self._rules.players}")
        return seat

    @property
    def table(self) -> tuple[Combo, int] | None:
        """The combination to beat and its player; None when leading or between tricks."""
        return self._table

    @property
    def trick(self) -> list[tuple[int, Combo | str]]:
        """The plays and passes of the current trick, in order (a pass is ``"pass"``)."""
        return list(self._trick)

    @property
    def out_order(self) -> list[int]:
        """The seats in the order they went out (§7.4, §11.5, §12.4)."""
        return list(self._out)

    @property
    def match_over(self) -> bool:
        """True in the phases ``match_over`` and ``game_over``."""
        return self._phase in (MATCH_OVER, GAME_OVER)

    @property
    def game_over(self) -> bool:
        """True once a side has won (§7.7, §11.8)."""
        return self._phase == GAME_OVER

    @property
    def winners(self) -> list[int]:
        """The winning seats, empty until the game is over (§12.5)."""
        return list(self._winners)

    @property
    def scores(self) -> list[int]:
        """The totals over the matches scored so far, per seat (ZF) or per team (ZCY)."""
        return list(self._scores)

    @property
    def match_points(self) -> list[int]:
        """The points of the match: its score once over, else the points won so far (§12.5).

        >>> Game(Rules.zen_cheng_you(), 3).match_points
        [0, 0]
        """
        if self._final_points is not None:
            return list(self._final_points)
        won = [points(pile) for pile in self._piles]
        if self._rules.game == ZHENG_FEN:
            return won
        return [won[0] + won[2], won[1] + won[3]]

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every event so far (§12.6), as a fresh copy of JSON-compatible values."""
        # Event values are ints, strings, None or flat lists of them: this copy is deep.
        return [
            {key: list(value) if isinstance(value, list) else value for key, value in e.items()}
            for e in self._history
        ]

    @property
    def decisions(self) -> list[str]:
        """Every decision so far, as written in a saved game (§12.7): the moves, and
        ``"next_match"`` for each call of :meth:`next_match`."""
        return list(self._decisions)

    # -- legal moves (§12.1) ------------------------------------------------------------------

    def legal_moves(self) -> list[Combo | str]:
        """The legal moves of the current player (§12.1): declarations, or §6 / §10 plays
        plus ``"pass"`` when following; none once the match is over.

        >>> game = Game(Rules.zen_cheng_you(), 5)
        >>> game.phase, game.legal_moves()
        ('blind_declare', ['blind', 'pass'])
        """
        if self._phase in _DECLARATION_MOVES:
            return list(_DECLARATION_MOVES[self._phase])
        if self._phase != PLAY or self._current is None:
            return []
        table = None if self._table is None else self._table[0]
        moves: list[Combo | str] = list(legal_moves(self._hands[self._current], table, self._rules))
        if table is not None:
            moves.append(PASS)
        return moves

    # -- decisions ----------------------------------------------------------------------------

    def play(self, move: Combo | str) -> None:
        """Make the current player's decision (§12.1). A failed call changes nothing.

        ``move``: a Combo; ``"pass"``, ``"blind"`` or ``"declare"``; a combination notation;
        or cards, meaning the first legal reading of those cards in classify order.

        >>> game = Game.from_hands(Rules.zheng_fen(players=3), ["3c 4c", "5c", "6c"], leader=0)
        >>> game.play("4c"); game.play("pass"); game.current_player
        2
        >>> game.play("pass")  # seats 1 and 2 passed: seat 0 wins the trick and leads
        >>> game.history[-1], game.current_player
        ({'type': 'trick', 'winner': 0, 'points': 0}, 0)
        >>> game.play("pass")
        Traceback (most recent call last):
        ...
        zhengfen.errors.IllegalMoveError: the leader may not pass
        """
        seat = self._current
        if seat is None:
            raise IllegalMoveError(f"no move is legal in phase {self._phase}")
        move = trimmed(move) if isinstance(move, str) else move  # CONFORMANCE.md §1
        if self._phase in _DECLARATION_MOVES:
            if not isinstance(move, str) or move not in _DECLARATION_MOVES[self._phase]:
                raise IllegalMoveError(f"{move!r} is not a legal move in phase {self._phase}")
            self._declare(seat, move)
            return
        table = None if self._table is None else self._table[0]
        action = read_play(move, seat, self._hands[seat], table, self._rules)
        if isinstance(action, Combo):
            self._play_combo(seat, action)
        else:
            self._pass(seat)

    def _declare(self, seat: int, move: str) -> None:
        """A declaration (§11.2); after the last one of a phase, the next phase begins."""
        self._decisions.append(move)
        self._declarations.append((seat, move))
        self._event(type="declaration", seat=seat, move=move)
        self._queue.pop(0)
        if not self._queue and self._phase == BLIND_DECLARE:
            blind = {s for s, declared in self._declarations if declared == "blind"}
            self._queue = [s for s in seats_from(self._hands, self._leader) if s not in blind]
            self._phase = DECLARE
        if self._queue:
            self._current = self._queue[0]
        else:
            self._phase = PLAY
            self._current = self._leader

    def _play_combo(self, seat: int, combo: Combo) -> None:
        """A play (§7.3, §11.4); going out and the end checks of §12.4 (a)-(c)."""
        remaining = without(self._hands[seat], combo.cards)
        assert remaining is not None
        self._hands[seat] = remaining
        self._decisions.append(str(combo))
        self._event(type="play", seat=seat, combo=str(combo))
        self._trick.append((seat, combo))
        self._plays.append((seat, combo))
        self._table = (combo, seat)
        self._passed = set()
        if self._last_chance:  # §12.4 (b): his one turn is over; if he went out with it, he
            self._end_match()  # is appended at the end of the match, after the trick event
            return
        if not remaining:
            self._out.append(seat)
            self._event(type="out", seat=seat, place=len(self._out))
            if match_ends_now(self._rules, self._out):
                self._end_match()
                return
            holders = seats_from(self._hands, 0)
            if len(holders) == 1 and (self._rules.game == ZHENG_FEN or self._rules.last_chance):
                self._last_chance = True  # §12.4 (b)
                self._current = holders[0]
                return
        self._advance(seat)

    def _pass(self, seat: int) -> None:
        self._decisions.append(PASS)
        self._event(type="pass", seat=seat)
        self._trick.append((seat, PASS))
        self._passed.add(seat)
        if self._last_chance:
            self._end_match()
            return
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """After ``seat``'s play or pass: end the trick if every other holder has passed since
        the last play, and give the turn (§7.3, §11.4, §12.3)."""
        assert self._table is not None
        maker = self._table[1]
        others = [s for s in seats_from(self._hands, 0) if s != maker]
        if all(s in self._passed for s in others):
            winner = self._close_trick()
            self._current = leader_after_trick(self._rules, self._hands, winner)
        else:
            self._current = next_holder(self._hands, seat)

    def _close_trick(self) -> int:
        """The maker of the last play takes every card played in the trick (§7.3)."""
        assert self._table is not None
        winner = self._table[1]
        won = [i for _, move in self._trick if isinstance(move, Combo) for i in move.cards.indices]
        self._piles[winner] = Cards.from_indices(
            [*self._piles[winner].indices, *won], self._rules.decks
        )
        self._event(type="trick", winner=winner, points=points(Cards.from_indices(won, 2)))
        self._trick = []
        self._table = None
        self._passed = set()
        return winner

    def _end_match(self) -> None:
        """§12.4 end: the unfinished trick (its event first); then, unless it is a 1-2 finish,
        the last player (§7.5, §11.5), the one seat not yet out, is appended, even if he
        played his last card in his last turn; then scoring, which moves the cards (§12.4a,
        §12.4b)."""
        self._last_chance = False
        self._current = None
        if self._table is not None:
            self._close_trick()
        out = self._out
        if not is_one_two(self._rules, out):
            # Every seat starts with cards (§12.2), so a seat out of cards has gone out: the
            # match ends with exactly one seat not in the order, the last player.
            (last,) = [seat for seat in range(self._rules.players) if seat not in out]
            out.append(last)
            self._event(type="out", seat=last, place=len(out))
        scored = score_match(self._rules, out, self._piles, self._hands, self._declarations)
        self._piles, self._hands = scored.piles, scored.hands
        if scored.transfer is not None:
            self._history.append(scored.transfer)
        match_points = scored.match_points
        self._final_points = match_points
        self._scores = [total + won for total, won in zip(self._scores, match_points)]
        self._event(type="match_scored", match_points=list(match_points), scores=self.scores)
        self._winners = game_winners(self._rules, self._scores)
        if self._winners:
            self._phase = GAME_OVER
            self._event(type="game_over", winners=self.winners)
        else:
            self._phase = MATCH_OVER

    def next_match(self) -> None:
        """Deal the next match from the same stream; the new first drawer leads (§12.2).

        >>> game = Game.from_hands(Rules.zheng_fen(players=3), ["3c", "4c", "5c"], 0, seed=9)
        >>> game.play("3c"); game.play("4c"); game.play("5c")  # seat 2: his last chance
        >>> game.phase, game.out_order
        ('match_over', [0, 1, 2])
        >>> game.next_match(); game.history[-1]["first_drawer"], game.current_player
        (0, 0)
        >>> game.decisions
        ['single 3 1: 3c', 'single 4 1: 4c', 'single 5 1: 5c', 'next_match']
        """
        if self._phase != MATCH_OVER:
            raise IllegalMoveError(f"next_match() is not possible in phase {self._phase}")
        assert self._final_points is not None
        first = next_first_drawer(self._rules, self._out, self._final_points)
        self._decisions.append(NEXT_MATCH)  # a decision of its own (§12.7)
        self._start_match(deal(self._rules, self._rng, first), first, first)

    # -- observation, copies, saving ----------------------------------------------------------

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know (as the core's ``Game.observation``): nothing about the other
        seats' hands.

        >>> obs = Game(Rules.zen_cheng_you(), 2).observation(1)
        >>> obs["hand"], obs["team"], obs["cards_left"]
        ('', 1, [27, 27, 27, 27])
        """
        self._seat(seat)
        table = self._table
        observed: dict[str, Any] = {
            "seat": seat,
            "phase": self._phase,
            "current_player": self._current,
            "hand": "" if self._phase == BLIND_DECLARE else str(self._hands[seat]),
            "table": None if table is None else str(table[0]),
            "table_player": None if table is None else table[1],
            "trick": [[s, str(move)] for s, move in self._trick],
            "plays": [[s, str(combo)] for s, combo in self._plays],
            "cards_left": [len(hand) for hand in self._hands],
            "points_won": [points(pile) for pile in self._piles],
            "out_order": self.out_order,
            "scores": self.scores,
        }
        if self._rules.game != ZHENG_FEN:
            observed["team"] = seat % 2
            observed["declarations"] = [[s, move] for s, move in self._declarations]
        return observed

    def copy(self) -> Game:
        """An independent deep copy.

        >>> game = Game(Rules.zheng_fen(), 4); twin = game.copy(); twin.play(twin.legal_moves()[0])
        >>> len(game.decisions), len(twin.decisions)
        (0, 1)
        """
        return copy.deepcopy(self)

    def _saved(self) -> SavedGame:
        return SavedGame(
            rules=self._rules,
            seed=self._seed,
            setup_hands=self._setup_hands,
            setup_leader=self._setup_leader,
            decisions=tuple(self._decisions),
            rng_state=self._rng.state,
            hands=tuple(str(hand) for hand in self._hands),
            history=tuple(self._history),
        )

    def to_json(self) -> str:
        """The saved game (§12.7).

        >>> game = Game(Rules.zheng_fen(), 11); game.play(game.legal_moves()[0])
        >>> Game.from_json(game.to_json()).decisions == game.decisions
        True
        """
        return encode(self._saved())

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a saved game (§12.7): replay its decisions from its setup and check that the
        rng state, the hands and the history reached are the stored ones (InvalidStateError).

        >>> Game.from_json("{}")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        zhengfen.errors.InvalidStateError: saved game: top level: expected the keys ...
        """
        saved = decode(text)
        try:
            if saved.setup_hands is None:
                game = cls(saved.rules, saved.seed)
            else:
                assert saved.setup_leader is not None
                game = cls.from_hands(
                    saved.rules, saved.setup_hands, saved.setup_leader, saved.seed
                )
            for decision in saved.decisions:
                if decision == NEXT_MATCH:
                    game.next_match()
                else:
                    game.play(decision)
        except (ZhengfenError, TypeError) as error:
            raise InvalidStateError(f"saved game: the decisions do not replay: {error}") from error
        if game._saved().canonical() != saved.canonical():
            raise InvalidStateError(
                "saved game: the replayed decisions do not reach the stored rng state, hands "
                "and history"
            )
        return game

    def __repr__(self) -> str:
        where = f"<Game {self._rules.game} match {self._match} {self._phase}"
        if self._current is None:
            return where + ">"
        return f"{where}, seat {self._current} to move>"
