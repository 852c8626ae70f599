"""``Game.legal_moves()`` as a ``MoveList`` and ``Game.play_index`` (issue 12; their docstrings in
``python/zhengfen/_core.pyi``).

A ``MoveList`` is the list of the moves of one position, made lazily: every invariant here holds
on the positions of seeded random games of every rule set. Playing one of its moves skips the
legality check only while the game is still at the listed position; otherwise the move is
checked as before.
"""

from __future__ import annotations

import copy
import json
import operator
import pickle
import random
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest

import zhengfen
from zhengfen import (
    ArgumentError,
    ArgumentTypeError,
    Combo,
    Game,
    IllegalMoveError,
    MoveList,
    Rules,
)

RULE_SETS = [
    Rules.zheng_fen(3),
    Rules.zheng_fen(4),
    Rules.zheng_fen(6, jokers_wild=False),
    Rules.zen_cheng_you(),
    Rules.zen_cheng_you(last_chance=True, lead_after_out="partner"),
]
IDS = ["zf3", "zf4", "zf6", "zcy", "zcy-options"]


def positions(rules: Rules, seed: int, matches: int = 1) -> Iterator[Game]:
    """A seeded random game, yielded (the game itself) before each decision."""
    game, rng = Game(rules, seed), random.Random(seed)
    while not game.game_over and game.match_number < matches:
        if game.match_over:
            game.next_match()
            continue
        yield game
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


def sample(n: int, most: int, rng: random.Random) -> list[int]:
    """Up to ``most`` indices of ``range(n)``, the ends always among them."""
    if n <= most:
        return list(range(n))
    return sorted({0, n - 1, *rng.sample(range(n), most - 2)})


@pytest.mark.parametrize("rules", RULE_SETS, ids=IDS)
def test_a_move_list_is_the_list_of_its_items(rules: Rules) -> None:
    rng = random.Random(5)
    for game in positions(rules, seed=11):
        moves = game.legal_moves()
        items = list(moves)
        assert isinstance(moves, MoveList) and isinstance(moves, Sequence)
        seat = game.current_player
        assert seat is not None
        # The same moves as the eagerly built list of the seat's information set.
        assert moves == game.info_set(seat).legal_moves() == items
        assert items == [m for m in moves] and len(moves) == len(items) > 0
        assert all(isinstance(m, Combo) or m in ("pass", "blind", "declare") for m in items)
        assert repr(moves) == repr(items)
        assert operator.ne(moves, items) is False and moves == game.legal_moves()
        n = len(items)
        for i in sample(n, 12, rng):
            assert moves[i] == items[i] == moves[i - n]
            assert moves[i] in moves and moves.index(moves[i]) == i and moves.count(items[i]) == 1
            assert moves.index(items[i], i) == i and str(items[i]) not in ("", None)
        assert moves[1:] == items[1:] and moves[::-2] == items[::-2] and moves[5:2] == []
        assert list(reversed(moves)) == items[::-1]
        assert operator.add(moves, ["pass"]) == [*items, "pass"]
        assert operator.add(["pass"], moves) == ["pass", *items]


def test_a_move_list_refuses_what_a_list_refuses() -> None:
    game = Game(Rules.zheng_fen(4), 3)
    moves = game.legal_moves()
    n = len(moves)
    for bad in (n, -n - 1, 2**70, -(2**70)):
        with pytest.raises(IndexError):
            moves[bad]
    for bad_key in (1.0, "0", None):
        with pytest.raises(TypeError):
            moves[bad_key]  # type: ignore[call-overload]
    assert moves[np.int64(1)] == moves[1] and moves[True] == moves[1]
    with pytest.raises(TypeError):
        moves[0] = "pass"  # type: ignore[index]
    with pytest.raises(TypeError):
        hash(moves)
    assert not hasattr(moves, "sort") and not hasattr(moves, "append")
    with pytest.raises(ValueError):
        moves.index("declare")
    with pytest.raises(ValueError):
        moves.index(moves[0], 1)
    assert moves.count("declare") == moves.count(3) == 0 and 3 not in moves
    # A Combo of another number of decks is unequal to every item, as in a list.
    other = Combo.parse(str(moves[0]), Rules.zen_cheng_you())
    assert other != moves[0] and other not in moves and moves.count(other) == 0
    assert moves != moves[:-1] and moves != tuple(moves) and moves != n


def test_copies_are_the_list_itself_and_pickles_are_plain_lists() -> None:
    game = Game(Rules.zen_cheng_you(), 3)
    moves = game.legal_moves()
    assert copy.copy(moves) is moves and copy.deepcopy(moves) is moves
    loaded = pickle.loads(pickle.dumps(moves))
    assert type(loaded) is list and loaded == moves == ["blind", "pass"]
    game.play("blind")
    assert moves == ["blind", "pass"]  # a list keeps the moves of its position
    with pytest.raises(TypeError):  # not a list: json wants one made from it
        json.dumps(moves)
    assert json.dumps(list(moves)) == '["blind", "pass"]'


@pytest.mark.parametrize("rules", RULE_SETS, ids=IDS)
def test_playing_a_listed_move_is_playing_it_checked(rules: Rules) -> None:
    """Three ways to make the same random decisions give the same game: the listed move (not
    checked again), its notation (checked), and its index."""
    listed, checked, indexed = Game(rules, 9), Game(rules, 9), Game(rules, 9)
    rng = random.Random(9)
    while not listed.game_over and listed.match_number < 2:
        if listed.match_over:
            for game in (listed, checked, indexed):
                game.next_match()
            continue
        moves = listed.legal_moves()
        i = rng.randrange(len(moves))
        listed.play(moves[i])
        checked.play(str(moves[i]))
        indexed.play_index(i)
    assert listed.to_json() == checked.to_json() == indexed.to_json()


def assert_refused(game: Game, move: Any, error: type[Exception]) -> None:
    """``game.play(move)`` raises ``error`` and leaves the game as it was."""
    before = game.to_json()
    with pytest.raises(error):
        game.play(move)
    assert game.to_json() == before


def checked_outcome(game: Game, move: Any) -> str | None:
    """The saved game after playing ``move`` by its notation on a copy (the checked path),
    or ``None`` when that is illegal."""
    probe = game.copy()
    try:
        probe.play(str(move))
    except IllegalMoveError:
        return None
    return probe.to_json()


@pytest.mark.parametrize("rules", RULE_SETS[:4], ids=IDS[:4])
def test_a_stale_list_is_checked(rules: Rules) -> None:
    """Once the game has moved on, each move of an old list is refused (state unchanged) or
    played exactly as its notation would be."""
    game = next(g for g in positions(rules, seed=4) if g.phase == "play" and g.table is None)
    stale = game.legal_moves()
    lead = stale[-1]
    game.play(lead)
    refused = 0
    for old in stale:  # each item handed out in turn: the one a list would vouch for
        expected, trial = checked_outcome(game, old), game.copy()
        if expected is None:
            assert_refused(trial, old, IllegalMoveError)
            refused += 1
        else:
            trial.play(old)
            assert trial.to_json() == expected
    assert refused > 0 and stale[-1] == lead
    assert_refused(game, lead, IllegalMoveError)  # its cards are gone


def unbeaten(game: Game) -> list[Combo]:
    """Plays of the current player's hand of the table's kind that are not legal now."""
    if game.table is None or game.current_player is None:
        return []
    held, moves = game.hand(game.current_player), game.legal_moves()
    kind = game.table[0].kind
    return [
        c for c in zhengfen.legal_moves(held, None, game.rules) if c.kind == kind and c not in moves
    ]


def test_a_current_list_vouches_only_for_the_move_handed_out() -> None:
    game = next(g for g in positions(Rules.zheng_fen(4), seed=6) if unbeaten(g))
    moves = game.legal_moves()
    first = moves[0]
    assert_refused(game, unbeaten(game)[0], IllegalMoveError)
    game.play(first)
    assert game.decisions[-1] == str(first)


def test_a_copied_game_and_its_original_each_check_for_themselves() -> None:
    game = Game(Rules.zheng_fen(4), 8)
    moves = game.legal_moves()
    first = moves[0]
    twin = game.copy()
    game.play(first)
    twin.play(first)  # the twin is still where the list was made: legal there
    assert twin.to_json() == game.to_json()
    assert_refused(game, first, IllegalMoveError)
    assert_refused(twin, first, IllegalMoveError)


def test_play_index_refuses_bad_indices_and_leaves_the_game_unchanged() -> None:
    game = Game(Rules.zen_cheng_you(), 2)
    before = game.to_json()
    cases: list[tuple[Any, type[Exception]]] = [
        (-1, ArgumentError),
        (2, ArgumentError),
        (2**64, ArgumentError),
        (1.0, ArgumentTypeError),
        ("0", ArgumentTypeError),
        (None, ArgumentTypeError),
        (True, ArgumentTypeError),
    ]
    for bad, error in cases:
        with pytest.raises(error, match="index must be an integer from 0 to 1"):
            game.play_index(bad)
        assert game.to_json() == before
    game.play_index(np.int64(1))
    assert game.decisions == ["pass"]


def test_play_index_when_nobody_is_to_move() -> None:
    game = Game(Rules.zheng_fen(3), 1)
    while not game.match_over:
        game.play_index(0)
    before = game.to_json()
    assert game.legal_moves() == [] and game.phase == "match_over"
    with pytest.raises(IllegalMoveError, match="no move to play in phase match_over"):
        game.play_index(0)
    assert game.to_json() == before
