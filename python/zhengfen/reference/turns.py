"""Turn order and the end tests of play: who moves next, who leads, when a match ends.

Implements RULES.md §7.2 and §11.3 (turn order: seat order, skipping seats that are out),
§7.3 and §11.4 (who leads after a trick, option ``lead_after_out``), §12.3 (the turn after a
play or a pass) and §12.4 (a) (the Zen Cheng You ends: a 1-2 finish, three out). Every function
here reads only the hands and the order of going out; the state machine that calls them is
:mod:`zhengfen.reference.game`.
"""

from __future__ import annotations

from collections.abc import Sequence

from zhengfen.reference.cards import Cards
from zhengfen.reference.rules import ZHENG_FEN, Rules

__all__ = ["is_one_two", "leader_after_trick", "match_ends_now", "next_holder", "seats_from"]


def seats_from(hands: Sequence[Cards], seat: int) -> list[int]:
    """The seats holding cards in turn order, starting with ``seat`` (§7.2, §11.3).

    >>> seats_from([Cards("3c"), Cards(), Cards("4c"), Cards("5c")], 3)
    [3, 0, 2]
    """
    players = len(hands)
    return [s % players for s in range(seat, seat + players) if hands[s % players]]


def next_holder(hands: Sequence[Cards], seat: int) -> int:
    """The next seat after ``seat`` in turn order that holds cards (§12.3).

    >>> next_holder([Cards("3c"), Cards(), Cards("4c")], 0)
    2
    """
    following = seats_from(hands, seat + 1)
    if not following:
        raise RuntimeError("nobody holds cards")  # the match would have ended (§12.4)
    return following[0]


def leader_after_trick(rules: Rules, hands: Sequence[Cards], winner: int) -> int:
    """The winner of a trick leads; if he is out, the next seat holding cards, or with
    ``lead_after_out="partner"`` his partner if he holds cards (§7.3, §11.4).

    >>> hands = [Cards(), Cards("3c", decks=2), Cards("4c", decks=2), Cards("5c", decks=2)]
    >>> leader_after_trick(Rules.zen_cheng_you(lead_after_out="partner"), hands, 0)
    2
    >>> leader_after_trick(Rules.zen_cheng_you(), hands, 0)
    1
    """
    if hands[winner]:
        return winner
    partner = (winner + 2) % rules.players
    if rules.lead_after_out == "partner" and hands[partner]:
        return partner
    return next_holder(hands, winner)


def is_one_two(rules: Rules, out_order: Sequence[int]) -> bool:
    """A Zen Cheng You 1-2 finish: the first two players out are partners (§11.5, §11.6).

    >>> is_one_two(Rules.zen_cheng_you(), [1, 3]), is_one_two(Rules.zen_cheng_you(), [1, 2])
    (True, False)
    """
    return rules.game != ZHENG_FEN and len(out_order) >= 2 and out_order[0] % 2 == out_order[1] % 2


def match_ends_now(rules: Rules, out_order: Sequence[int]) -> bool:
    """§12.4 (a), just after someone went out: Zen Cheng You only, a 1-2 finish, or three out
    without ``last_chance``. (Every seat starts with cards, §12.2, so someone still holds
    cards: a Zheng Fen match ends only after the last chance of §12.4 (b).)

    >>> match_ends_now(Rules.zen_cheng_you(), [0, 1, 2])
    True
    >>> match_ends_now(Rules.zen_cheng_you(last_chance=True), [0, 1, 2])
    False
    """
    if rules.game == ZHENG_FEN:
        return False
    return is_one_two(rules, out_order) or (len(out_order) >= 3 and not rules.last_chance)
