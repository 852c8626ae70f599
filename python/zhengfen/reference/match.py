"""Match-level rules that need no game state: leaders, scoring a match, the end of the game.

Implements RULES.md §7.1 (Zheng Fen first leader, the ``3h`` holder, and the first drawer of
later matches, option ``next_leader``), §7.6 (scoring a Zheng Fen match: the last player's pile
and hand go to the first player out), §7.7 (the game: ``target`` and ``tie``), §11.1 (the Zen
Cheng You first leader: the ``2c`` rule and its tie-break list; later rounds), §11.2 and §11.6
(scoring a round with its declarations, in the two steps of §12.4a), §11.8 (the end of the game),
§12.4b (the transfer moves the cards into the receiver's pile) and the ``transfer`` event of
§12.6. The state machine that calls these is :mod:`zhengfen.reference.game`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from zhengfen.reference.cards import NATURAL_RANKS, Card, Cards, points
from zhengfen.reference.rules import ZHENG_FEN, Rules
from zhengfen.reference.turns import is_one_two

__all__ = [
    "TIE_BREAK_CARDS",
    "ScoredMatch",
    "first_leader",
    "game_winners",
    "next_first_drawer",
    "score_match",
    "team_seats",
]

_THREE_OF_HEARTS = Card("3h")
_TWO_OF_CLUBS = Card("2c")
#: The tie-break list of §11.1: ranks 2, 3, 4, ..., K, A, each in the suits c d s h.
TIE_BREAK_CARDS: tuple[Card, ...] = tuple(
    Card(rank + suit)
    for rank in (NATURAL_RANKS[-1], *NATURAL_RANKS[:-1])
    for suit in ("c", "d", "s", "h")
)

#: Points of a Zen Cheng You 1-2 finish (§11.6) and of the declarations (§11.2).
ONE_TWO_POINTS = 200
DECLARATION_POINTS = {"blind": 200, "declare": 100, "pass": 0}


def team_seats(team: int) -> list[int]:
    """The two seats of a Zen Cheng You team: seats 0 and 2, or 1 and 3 (§8.1, §11.7).

    >>> team_seats(1)
    [1, 3]
    """
    return [team, team + 2]


def first_leader(rules: Rules, hands: Sequence[Cards]) -> int:
    """The leader of the first match of a dealt game (§7.1, §11.1).

    Zheng Fen: the holder of ``3h``. Zen Cheng You: the holder of both ``2c``; otherwise,
    of the two holders of one ``2c``, the one who holds both copies of the first card of
    :data:`TIE_BREAK_CARDS` that either holds twice; if neither ever does, the lower seat.

    >>> zcy = Rules.zen_cheng_you()
    >>> hands = [Cards(h, decks=2) for h in ("3c", "2c 2d 2d", "2c 3c", "4c")]
    >>> first_leader(zcy, hands)  # seat 1 holds both 2d; 2d comes before 3c in the list
    1
    >>> first_leader(Rules.zheng_fen(players=3), [Cards("3c"), Cards("3d"), Cards("3h")])
    2
    """
    if rules.game == ZHENG_FEN:
        holders = [seat for seat, hand in enumerate(hands) if _THREE_OF_HEARTS in hand]
        if not holders:
            raise ValueError("nobody holds 3h")
        return holders[0]
    counts = [hand.count(_TWO_OF_CLUBS) for hand in hands]
    if 2 in counts:
        return counts.index(2)
    candidates = [seat for seat, count in enumerate(counts) if count == 1]
    if len(candidates) != 2:
        raise ValueError("the two copies of 2c are not both dealt")
    for card in TIE_BREAK_CARDS:
        for seat in candidates:
            if hands[seat].count(card) == 2:
                return seat
    return min(candidates)


def next_first_drawer(rules: Rules, out_order: Sequence[int], match_points: Sequence[int]) -> int:
    """Who draws first and leads the next match (§7.1 later matches, §11.1 later rounds).

    ``first_out`` (and Zen Cheng You): the first player out. ``best_score``: the best score of
    the match just played, ties broken by the order of going out (earlier out first).

    >>> best = Rules.zheng_fen(players=3, next_leader="best_score")
    >>> next_first_drawer(best, [2, 0, 1], [40, 0, 40])  # a tie: seat 2 went out first
    2
    >>> next_first_drawer(best, [1, 0, 2], [40, 60, 0])
    1
    """
    if rules.game != ZHENG_FEN or rules.next_leader == "first_out":
        return out_order[0]
    order = list(out_order) + [s for s in range(rules.players) if s not in out_order]
    best = max(match_points)
    return next(seat for seat in order if match_points[seat] == best)


class ScoredMatch(NamedTuple):
    """A scored match (§7.6, §11.6): its points, its ``transfer`` event (§12.6) if any, and
    the piles and hands once the transfer has moved the cards (§12.4b)."""

    match_points: list[int]
    transfer: dict[str, Any] | None
    piles: list[Cards]
    hands: list[Cards]


def _merge(decks: int, *card_sets: Cards) -> Cards:
    return Cards.from_indices([i for cards in card_sets for i in cards.indices], decks)


def score_match(
    rules: Rules,
    out_order: Sequence[int],
    piles: Sequence[Cards],
    hands: Sequence[Cards],
    declarations: Sequence[tuple[int, str]],
) -> ScoredMatch:
    """Score a finished match: move the cards of the transfer and count the piles (§7.6,
    §11.6, §12.4a, §12.4b).

    ``out_order`` is complete (§12.4): without a 1-2 finish its last seat is the last player.
    ``piles`` are the cards each seat won in tricks, ``hands`` what each still holds. Zheng
    Fen: the last player's pile and hand go to the first player out's pile. Zen Cheng You
    without a 1-2 finish: first the first finisher takes his partner's pile, then the last
    player gives his pile (empty if he is that partner) and his hand to the seat after him, of
    the other team. Zheng Fen points are per seat, Zen Cheng You points per team, declarations
    included.

    >>> zf = Rules.zheng_fen(players=3)
    >>> scored = score_match(zf, [1, 0, 2], [Cards("5c"), Cards("Kc"), Cards("10c")],
    ...     [Cards(), Cards(), Cards("5d")], [])
    >>> scored.match_points, scored.transfer
    ([5, 25, 0], {'type': 'transfer', 'from': 2, 'to': 1, 'points': 15})
    >>> [str(pile) for pile in scored.piles], [str(hand) for hand in scored.hands]
    (['5c', '5d 10c Kc', ''], ['', '', ''])
    >>> zcy = Rules.zen_cheng_you()
    >>> nothing = [Cards(decks=2)] * 4
    >>> score_match(zcy, [0, 2], nothing, nothing, [(1, "blind"), (0, "declare")])[:2]
    ([300, -200], None)
    """
    decks = rules.decks
    new_piles, new_hands = list(piles), list(hands)
    empty = Cards(decks=decks)
    transfer: dict[str, Any] | None = None
    if is_one_two(rules, out_order):
        match_points = [0, 0]
        match_points[out_order[0] % 2] = ONE_TWO_POINTS
    else:
        first, last = out_order[0], out_order[-1]
        if rules.game == ZHENG_FEN:
            receiver = first
        else:  # §12.4a: the first finisher first takes his partner's pile
            partner = (first + 2) % rules.players
            new_piles[first] = _merge(decks, new_piles[first], new_piles[partner])
            new_piles[partner] = empty
            receiver = (last + 1) % rules.players
        given = points(new_piles[last]) + points(new_hands[last])
        new_piles[receiver] = _merge(decks, new_piles[receiver], new_piles[last], new_hands[last])
        new_piles[last] = new_hands[last] = empty
        if rules.game == ZHENG_FEN:
            transfer = {"type": "transfer", "from": last, "to": receiver, "points": given}
            return ScoredMatch([points(pile) for pile in new_piles], transfer, new_piles, new_hands)
        transfer = {"type": "transfer", "from": last, "to_team": receiver % 2, "points": given}
        match_points = [sum(points(new_piles[seat]) for seat in team_seats(t)) for t in (0, 1)]
    for seat, move in declarations:
        sign = 1 if out_order[0] == seat else -1
        match_points[seat % 2] += sign * DECLARATION_POINTS[move]
    return ScoredMatch(match_points, transfer, new_piles, new_hands)


def game_winners(rules: Rules, scores: Sequence[int]) -> list[int]:
    """The winning seats once the game is over, else ``[]`` (§7.7, §11.8).

    The game is over when a score has reached ``target`` and the top score is not tied, or
    (Zheng Fen, ``tie="share"``) the tied seats share the win. Zen Cheng You scores are per
    team and both partners win.

    >>> game_winners(Rules.zheng_fen(players=3, target=100), [100, 100, 20])
    []
    >>> game_winners(Rules.zheng_fen(players=3, target=100, tie="share"), [100, 100, 20])
    [0, 1]
    >>> game_winners(Rules.zen_cheng_you(target=200), [150, 220])
    [1, 3]
    """
    top = max(scores)
    if top < rules.target:
        return []
    tied = [index for index, score in enumerate(scores) if score == top]
    if len(tied) > 1 and rules.tie == "play_on":
        return []
    if rules.game == ZHENG_FEN:
        return tied
    return team_seats(tied[0])
