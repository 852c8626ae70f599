"""zhengfen.reference: the pure-Python reference implementation of the zhengfen rules.

Written from RULES.md alone, to be cross-checked move by move against the Rust core.
Modules, one per concept:

- :mod:`~zhengfen.reference.cards`: cards, card sets, notation, points (§1).
- :mod:`~zhengfen.reference.rng`: SplitMix64, shuffle and deal (§2).
- :mod:`~zhengfen.reference.rules`: rule sets and options (§3).
- :mod:`~zhengfen.reference.reading`: a reading of a card set, the record the games produce,
  and the rank numbers (§1.1, §4.10, §8.6).
- :mod:`~zhengfen.reference.zheng_fen`: Zheng Fen readings and beating (§4, §5).
- :mod:`~zhengfen.reference.zen_cheng_you`: Zen Cheng You readings and beating (§8, §9).
- :mod:`~zhengfen.reference.combo`: the combination type, its notation, and a card set's
  readings under a rule set (§1.7, §4.10, §8.6).
- :mod:`~zhengfen.reference.classify`: classify, beats, reading combinations (§4.10, §8.6).
- :mod:`~zhengfen.reference.reasons`: why a card set is no combination (§4.11, §8.7).
- :mod:`~zhengfen.reference.candidates`: structural enumeration of playable card sets.
- :mod:`~zhengfen.reference.moves`: legal moves and their digest (§6, §10).
- :mod:`~zhengfen.reference.plays`: what a move given to the game stands for (§12.1).
- :mod:`~zhengfen.reference.turns`: turn order, who leads, when a match ends (§7.2, §11.3,
  §12.3, §12.4).
- :mod:`~zhengfen.reference.match`: leaders, scoring a match, the end of the game (§7.1,
  §7.6, §7.7, §11).
- :mod:`~zhengfen.reference.game`: the game as a state machine of decisions (§12).
- :mod:`~zhengfen.reference.saving`: saved games, written and read (§12.7).

>>> from zhengfen import reference as ref
>>> [str(c) for c in ref.classify("7c BJ", ref.Rules.zheng_fen())]
['pair 7 1: 7c BJ']
"""

from __future__ import annotations

from zhengfen.reference.cards import Card, Cards, parse_cards, points
from zhengfen.reference.classify import beats, classify
from zhengfen.reference.combo import Combo
from zhengfen.reference.game import Game
from zhengfen.reference.moves import legal_moves, move_digest
from zhengfen.reference.rng import SplitMix64, deal, shuffle_deck
from zhengfen.reference.rules import Rules

__all__ = [
    "Card",
    "Cards",
    "Combo",
    "Game",
    "Rules",
    "SplitMix64",
    "beats",
    "classify",
    "deal",
    "legal_moves",
    "move_digest",
    "parse_cards",
    "points",
    "shuffle_deck",
]
