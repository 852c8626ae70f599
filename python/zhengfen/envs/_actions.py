"""Actions to moves: what an action is, which are legal, and the message when one is not.

An action is an index into ``game.legal_moves()``: a Python or NumPy integer (or a 0-d
integer array) from 0 to ``max_actions - 1``, the action space. Anything else is refused
whatever the illegal-action policy, with :class:`zhengfen.IllegalMoveError`; an action of the
action space that is not legal now is left to the policy (:func:`legal_move`).

>>> import zhengfen
>>> game = zhengfen.Game(zhengfen.Rules("zheng_fen", players=4), 1)
>>> action_index(2.0, 8)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
zhengfen.errors.IllegalMoveError: action 2.0 is not in the action space: actions are ...
>>> legal = len(game.legal_moves())
>>> legal_move(game, legal - 1, 4096) is None, legal_move(game, legal, 4096) is None
(False, True)
"""

from __future__ import annotations

from zhengfen import Game, IllegalMoveError
from zhengfen.envs._options import index_or_none
from zhengfen.types import Move

__all__ = ["action_index", "illegal_message", "legal_move", "move_for_action"]


def action_index(action: object, max_actions: int) -> int:
    """``action`` as an ``int`` of the action space ``0 .. max_actions - 1``; anything else
    (``bool``, floats, strings, arrays of more than one element, out of range) raises
    :class:`zhengfen.IllegalMoveError` naming it and the space."""
    index = index_or_none(action)
    if index is not None and 0 <= index < max_actions:
        return index
    raise IllegalMoveError(
        f"action {action!r} is not in the action space: actions are integers from 0 to "
        f"{max_actions - 1}"
    )


def legal_move(game: Game, index: int, max_actions: int) -> Move | None:
    """``game.legal_moves()[index]`` when that move is legal and offered (below
    ``max_actions``), else ``None``."""
    legal = game.legal_moves()
    if index < min(len(legal), max_actions):
        return legal[index]
    return None


def move_for_action(game: Game, action: object, max_actions: int) -> Move:
    """The move that ``action`` stands for: ``game.legal_moves()[action]``.

    Raises :class:`zhengfen.IllegalMoveError` (naming the action and the number of legal
    moves) when ``action`` is not an integer below both the number of legal moves and
    ``max_actions``.
    """
    index = action_index(action, max_actions)
    move = legal_move(game, index, max_actions)
    if move is None:
        raise IllegalMoveError(illegal_message(game, index))
    return move


def illegal_message(game: Game, index: int) -> str:
    """Why action ``index`` (of the action space) is not legal in ``game`` now."""
    seat = game.current_player
    if seat is None:
        return f"action {index} is not legal: the match is over ({game.phase}), no moves"
    # ``index`` is below ``max_actions`` (action_index), so it is illegal when the legal list
    # is shorter than ``max_actions`` and ``index`` past its end.
    legal = len(game.legal_moves())
    return f"action {index} is not legal for seat {seat}: there are {legal} legal moves" + (
        f" (actions 0 to {legal - 1})" if legal else ""
    )
