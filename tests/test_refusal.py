"""Why a seat cannot play cards now (``Game.refusal``, in the stubs): one answer from the engine,
checked against the pure-Python reference's readings and beating on many random selections,
and the answer the page's check and the terminal give."""

from __future__ import annotations

import random
from typing import Any, get_args

import pytest

import zhengfen
from conftest import RULE_SPECS
from zhengfen import reference
from zhengfen.types import RefusalKind


def _rules(spec: dict[str, Any]) -> tuple[zhengfen.Rules, reference.Rules]:
    options = {k: v for k, v in spec.items() if k != "game"}
    if spec["game"] == "zheng_fen":
        return zhengfen.Rules.zheng_fen(**options), reference.Rules.zheng_fen(**options)
    return zhengfen.Rules.zen_cheng_you(), reference.Rules.zen_cheng_you()


def _expected(game: zhengfen.Game, ref_rules: reference.Rules, seat: int, text: str) -> str | None:
    """The refusal RULES.md gives, read off the reference's readings and beating."""
    if not text:
        return "no_cards"
    if game.current_player != seat:
        return "not_your_turn"
    if game.phase != "play":
        return "declarations"
    hand = [str(card) for card in game.hand(seat)]
    for card in text.split():
        if card not in hand:
            return "not_held"
        hand.remove(card)
    readings = reference.classify(text, ref_rules)
    if not readings:
        return "no_combination"
    table = game.table
    if table is None:
        return None
    to_beat = reference.Combo.parse(table[0].notation, ref_rules)
    if any(reference.beats(reading, to_beat, ref_rules) for reading in readings):
        return None
    return "does_not_beat"


@pytest.mark.parametrize("spec", RULE_SPECS, ids=lambda s: "-".join(map(str, s.values())))
def test_the_refusal_is_the_rules_and_none_exactly_when_a_legal_move_plays_the_cards(
    spec: dict[str, Any],
) -> None:
    rules, ref_rules = _rules(spec)
    rng = random.Random(repr(spec))
    seen: set[str | None] = set()
    for seed in range(6):
        game = zhengfen.Game(rules, seed=seed)
        while game.phase in ("blind_declare", "declare", "play"):
            seat = rng.randrange(rules.players)
            hand = [str(card) for card in game.hand(seat)]
            moves = game.legal_moves() if game.current_player == seat else []
            other = [str(card) for card in game.hand((seat + 1) % rules.players)]
            for _ in range(8):
                chosen = rng.sample(hand, rng.randint(0, min(5, len(hand))))
                if other and rng.random() < 0.2:
                    chosen.append(rng.choice(other))  # perhaps a card the seat lacks
                text = " ".join(chosen)
                why = game.refusal(seat, text)
                expected = _expected(game, ref_rules, seat, text)
                assert (None if why is None else why[0]) == expected, (seat, text)
                cards = zhengfen.parse_cards(text, rules.decks)
                playable = any(not isinstance(m, str) and m.cards == cards for m in moves)
                assert (why is None) == (playable and bool(text)), (seat, text)
                seen.add(expected)
            game.play(rng.choice(game.legal_moves()))
    assert {"no_cards", "not_your_turn", "not_held", "no_combination", None} <= seen
    if spec["game"] == "zen_cheng_you":
        assert "declarations" in seen


def test_every_refusal_kind_is_typed_and_worded() -> None:
    rules = zhengfen.Rules.zheng_fen(players=3)
    game = zhengfen.Game.from_hands(rules, ["7c 7d 9h", "8c 8d 3c", "4c 5c"], 1)
    assert game.refusal(1, "") == ("no_cards", "no cards selected")
    game.play("8c 8d")
    assert game.refusal(1, "3c") == ("not_your_turn", "it is not your turn")
    while game.current_player != 0:
        game.play("pass")
    assert game.refusal(0, "7c 7d") == ("does_not_beat", "pair of 7s does not beat pair of 8s")
    assert game.refusal(0, "3c") == ("not_held", "you do not hold 3c")
    kind, words = game.refusal(0, "7c 9h") or ("", "")
    assert kind == "no_combination" and words.startswith("7c 9h is not a combination: ")
    assert set(get_args(RefusalKind)) == {
        "no_cards",
        "not_your_turn",
        "declarations",
        "not_held",
        "no_combination",
        "does_not_beat",
    }


def test_a_hand_not_yet_seen_is_not_spoken_of() -> None:
    """Zen Cheng You's blind declarations: the seat to move is told the declarations come
    first, never whether it holds the cards (it has not seen them)."""
    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), seed=3)
    seat = game.current_player
    assert seat is not None and game.phase == "blind_declare"
    for cards in (game.hand(seat), game.hand((seat + 1) % 4)):
        assert game.refusal(seat, cards) == (
            "declarations",
            "the blind declarations come first: pass or blind",
        )


def test_bad_arguments_are_refused_and_the_game_unchanged() -> None:
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(), seed=1)
    before = game.to_json()
    with pytest.raises(zhengfen.errors.ArgumentError):
        game.refusal(9, "3c")
    with pytest.raises(zhengfen.errors.InvalidCardsError):
        game.refusal(0, "3x")
    assert game.to_json() == before
