"""Dealing: the SplitMix64 stream, uniform draws, the shuffle and the deal.

Implements RULES.md §2.1 (the stream), §2.2 (a uniform integer below n), §2.3 (shuffle of the
canonical deck of §1.4, 54 or 108 cards) and §2.4 (the deal, seat by seat from the first
drawer; successive deals continue the same stream).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zhengfen.reference.cards import Card, Cards

if TYPE_CHECKING:
    from zhengfen.reference.rules import Rules

__all__ = ["SplitMix64", "deal", "shuffle_deck"]

_MASK = (1 << 64) - 1
_TWO_64 = 1 << 64


class SplitMix64:
    """The SplitMix64 stream of §2.1; ``state`` is the 64-bit state.

    >>> rng = SplitMix64(0)
    >>> hex(rng.next())
    '0xe220a8397b1dcdaf'
    >>> rng.uniform(6) < 6
    True
    """

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK:
            raise ValueError(f"seed must be an integer in 0..2**64-1, got {seed!r}")
        self.state = seed

    def next(self) -> int:
        """Advance the state and return the next 64-bit output (§2.1)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def uniform(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` by rejection (§2.2).

        >>> SplitMix64(0).uniform(1)
        0
        """
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _TWO_64:
            raise ValueError(f"n must be an integer in 1..2**64, got {n!r}")
        limit = _TWO_64 - (_TWO_64 % n)
        while True:
            r = self.next()
            if r < limit:
                return r % n


def shuffle_deck(decks: int, rng: SplitMix64) -> list[Card]:
    """The canonical deck of ``decks`` copies (§1.4), shuffled with ``rng`` (§2.3).

    >>> deck = shuffle_deck(2, SplitMix64(7))
    >>> len(deck), sorted(card.index for card in deck) == sorted(list(range(54)) * 2)
    (108, True)
    """
    if isinstance(decks, bool) or decks not in (1, 2):
        raise ValueError(f"decks must be 1 or 2, got {decks!r}")
    deck = [Card.from_index(position % 54) for position in range(54 * decks)]
    for i in range(len(deck) - 1, 0, -1):
        j = rng.uniform(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(rules: Rules, seed: int | SplitMix64, first_drawer: int = 0) -> list[Cards]:
    """Shuffle and deal one hand per seat (§2.4): card k goes to ``(first_drawer + k) % players``.

    An int seed starts a new stream; a :class:`SplitMix64` is drawn from where it stands.

    >>> from zhengfen.reference.rules import Rules
    >>> [len(hand) for hand in deal(Rules.zheng_fen(players=4), 0)]
    [14, 14, 13, 13]
    >>> [len(hand) for hand in deal(Rules.zheng_fen(players=4), 0, first_drawer=2)]
    [13, 13, 14, 14]
    """
    players = rules.players
    if isinstance(first_drawer, bool) or not 0 <= first_drawer < players:
        raise ValueError(f"first_drawer must be in 0..{players - 1}, got {first_drawer}")
    rng = seed if isinstance(seed, SplitMix64) else SplitMix64(seed)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k, card in enumerate(shuffle_deck(rules.decks, rng)):
        hands[(first_drawer + k) % players].append(card)
    return [Cards(hand, decks=rules.decks) for hand in hands]
