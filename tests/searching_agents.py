"""Invariants every searching agent keeps, checked for a spec (the learned-guided `ismcts` in
``test_ismcts_learned.py``, ``sparta`` in ``test_sparta.py``): its choice depends only on what
the seat sees, and a model for other rules is refused before any game."""

from __future__ import annotations

import pytest

import zhengfen

ZF4 = zhengfen.Rules.zheng_fen(players=4)


def assert_choice_depends_only_on_what_the_seat_sees(spec_text: str) -> None:
    """Two worlds resampled from a seat's view (other hands differing) get the same choice."""
    spec = zhengfen.AgentSpec(spec_text)
    differ = 0
    for seed in range(4):
        game = zhengfen.Game(ZF4, seed)
        for _ in range(3 * seed):
            game.play(game.legal_moves()[0])
        seat = game.current_player
        assert seat is not None
        one, two = game.resample(seat, 1), game.resample(seat, 2)
        differ += any(one.hand(s) != two.hand(s) for s in range(4))
        picks = {g.info_set(seat).choose(spec, seed=9) for g in (one, two)}
        assert len(picks) == 1, (seed, picks)
    assert differ >= 3


def assert_a_model_for_other_rules_is_refused(spec: str) -> None:
    """`spec` names a Zen Cheng You model: 4-player Zheng Fen refuses it before any game, in a
    batch and in one decision."""
    with pytest.raises(zhengfen.ModelError, match="zen_cheng_you"):
        zhengfen.rollouts(ZF4, [spec, "greedy"] * 2, 1)
    game = zhengfen.Game(ZF4, 1)
    seat = game.current_player
    assert seat is not None
    with pytest.raises(zhengfen.ModelError):
        game.info_set(seat).choose(spec)
