"""The default penalty for an illegal action in the environments (the reward for a finished
match is ``Game.match_result(seat)``: a seat's match points in Zheng Fen, its team's lead in Zen
Cheng You, as ``VecGame`` rewards).

>>> from zhengfen import Rules
>>> worst_reward(Rules("zheng_fen")), worst_reward(Rules("zen_cheng_you"))
(-100.0, -800.0)
"""

from __future__ import annotations

from zhengfen import Cards, Rules, shuffle_deck

__all__ = ["worst_reward"]

#: The most a team's declarations can swing a Zen Cheng You round against it (RULES.md §11.2):
#: both its players declare blind and neither finishes first (-400), while the other team's
#: blind declarer finishes first (+200).
_DECLARATION_SWING = 600


def worst_reward(rules: Rules) -> float:
    """A reward below every match result under ``rules``: the default penalty for an illegal
    action. Zheng Fen: minus the points dealt (100 a deck), below the lowest match points, 0.
    Zen Cheng You: minus the points dealt and the largest declaration swing, -800, below the
    lowest lead a team can have (0 points against 200, -400 against +200 in declarations)."""
    points = Cards(shuffle_deck(rules.decks, 0), rules.decks).points
    if rules.game == "zen_cheng_you":
        points += _DECLARATION_SWING
    return -float(points)
