"""Invariants every searching agent keeps, checked for a spec (the learned-guided `ismcts` in
``test_ismcts_learned.py``, ``sparta`` in ``test_sparta.py``): its choice depends only on what
the seat sees, and a model for other rules is refused before any game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import zhengfen

ZF4 = zhengfen.Rules.zheng_fen(players=4)


def assert_choice_depends_only_on_what_the_seat_sees(
    spec_text: str, rules: Sequence[zhengfen.Rules] = (ZF4,), seeds: int = 4, step: int = 3
) -> None:
    """Two worlds resampled from a seat's view (other hands differing) get the same choice: in
    the games of seeds ``0 .. seeds - 1`` (seed ``s`` under ``rules[s % len(rules)]``), each
    after ``step * s`` first legal moves."""
    spec = zhengfen.AgentSpec(spec_text)
    differ = 0
    for seed in range(seeds):
        game = zhengfen.Game(rules[seed % len(rules)], seed)
        for _ in range(step * seed):
            game.play(game.legal_moves()[0])
        seat = game.current_player
        assert seat is not None
        one, two = game.resample(seat, 1), game.resample(seat, 2)
        differ += any(one.hand(s) != two.hand(s) for s in range(game.rules.players))
        picks = {g.info_set(seat).choose(spec, seed=9) for g in (one, two)}
        assert len(picks) == 1, (seed, picks)
    assert differ >= seeds - 1


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
