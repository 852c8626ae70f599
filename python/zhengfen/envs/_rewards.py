"""What the environments pay: the reward for a finished match and the default penalty for an
illegal action.

>>> from zhengfen import Rules
>>> worst_reward(Rules("zheng_fen")), worst_reward(Rules("zen_cheng_you"))
(-100.0, -800.0)
"""

from __future__ import annotations

from zhengfen import Cards, Game, Rules, shuffle_deck

__all__ = ["side_points", "worst_reward"]

#: The most a team's declarations can swing a Zen Cheng You round against it (RULES.md §11.2):
#: both its players declare blind and neither finishes first (-400), while the other team's
#: blind declarer finishes first (+200).
_DECLARATION_SWING = 600


def side_points(game: Game, seat: int) -> float:
    """The reward of ``seat`` for ``game``'s (finished) match: ``Game.match_result(seat)``, the
    seat's match points in Zheng Fen (they add up to 100 over the seats), its team's points
    minus the other team's in Zen Cheng You (both partners get the same reward, zero-sum
    between the teams). ``VecGame`` rewards the same way.
    """
    return float(game.match_result(seat))


def worst_reward(rules: Rules) -> float:
    """A reward below every match result under ``rules``: the default penalty for an illegal
    action. Zheng Fen: minus the points dealt (100 a deck), below the lowest match points, 0.
    Zen Cheng You: minus the points dealt and the largest declaration swing, -800, below the
    lowest lead a team can have (0 points against 200, -400 against +200 in declarations)."""
    points = Cards(shuffle_deck(rules.decks, 0), rules.decks).points
    if rules.game == "zen_cheng_you":
        points += _DECLARATION_SWING
    return -float(points)
