"""Why a card set is no combination (RULES.md §4.11, §8.7): the engine's reason
(``zhengfen.no_reading``), the same reason kind from the pure-Python reference on many random
selections, and the reason in words where a person meets it: the page's ``/check`` and a move
refused (``zhengfen serve``), and the terminal (``zhengfen play``), with the pass on one's own
lead said why."""

from __future__ import annotations

import io
import json
import random
from typing import Any, get_args

import pytest

import zhengfen
from conftest import RULE_SPECS
from zhengfen import reference
from zhengfen.errors import IllegalMoveError, InvalidComboError
from zhengfen.names import move_groups
from zhengfen.reference.reasons import no_reading as reference_no_reading
from zhengfen.terminal.play import Session
from zhengfen.terminal.screen import Screen, make_console
from zhengfen.types import NoReadingKind

MIXED = "3h 4c 5c 6s RJ"
"""The issue's selection: four ranks in a row and a joker, of three suits."""


def _rules(spec: dict[str, Any]) -> tuple[zhengfen.Rules, reference.Rules]:
    options = {k: v for k, v in spec.items() if k != "game"}
    if spec["game"] == "zheng_fen":
        return zhengfen.Rules.zheng_fen(**options), reference.Rules.zheng_fen(**options)
    return zhengfen.Rules.zen_cheng_you(), reference.Rules.zen_cheng_you()


def test_the_issues_selection_says_a_straight_is_of_one_suit() -> None:
    rules = zhengfen.Rules.zheng_fen()
    assert zhengfen.no_reading(MIXED, rules) == (
        "straight_suits",
        "a straight flush's cards must all be of one suit; there is no mixed-suit straight (§4.7)",
    )
    assert zhengfen.no_reading("3h 4h 5h 6h RJ", rules) is None
    with pytest.raises(InvalidComboError, match="is not a combination: a straight flush's cards"):
        zhengfen.beats(MIXED, "3c", rules)  # read at its strongest: none
    with pytest.raises(IllegalMoveError, match="as it is not a combination: a straight flush's"):
        zhengfen.Game(rules, 1).play(MIXED)


EXAMPLES = {
    ("zheng_fen", ""): "empty",
    ("zheng_fen", "5c 10h BJ"): "special_joker",
    ("zheng_fen", "8c 9d"): "one_rank",
    ("zheng_fen", "Jh Qh Kh Ah 2h 3h"): "straight_gaps",
    ("zheng_fen", "8c 8d 8h 4c Jd"): "full_house_kickers",
    ("zheng_fen", "3c 3d 4c 4d 5c 6d"): "no_shape",
    ("zen_cheng_you", "Jc Qd Kh As 2c"): "straight_top",
    ("zen_cheng_you", "3c 4d 5h 6s 8c"): "straight_gaps",
    ("zen_cheng_you", "3c 3d 4c"): "one_rank",
}


@pytest.mark.parametrize(("game", "cards"), sorted(EXAMPLES))
def test_each_reason_of_the_rules(game: str, cards: str) -> None:
    rust, ref = _rules({"game": game})
    assert zhengfen.no_reading(cards, rust)[0] == EXAMPLES[game, cards]  # type: ignore[index]
    assert reference_no_reading(cards, ref) == EXAMPLES[game, cards]


def test_jokers_tame() -> None:
    rust, ref = _rules({"game": "zheng_fen", "jokers_wild": False})
    assert zhengfen.no_reading("7c BJ", rust)[0] == reference_no_reading("7c BJ", ref)  # type: ignore[index]
    assert reference_no_reading("7c BJ", ref) == "jokers_tame"


def _selection(rng: random.Random, decks: int) -> list[int]:
    """A random selection a person might make: up to 12 cards of a random hand, often of
    neighbouring ranks (where straights and sequences are nearly made)."""
    deck = [i for i in range(54) for _ in range(decks)]
    size = rng.choice([2, 3, 4, 5, 5, 5, 6, 6, 7, 8, 9, 10, 12])
    if rng.random() < 0.5:
        low = rng.randrange(13)
        near = [i for i in deck if i >= 52 or low <= i // 4 < low + size + 1]
        return rng.sample(near, min(size, len(near)))
    return rng.sample(deck, size)


@pytest.mark.parametrize("spec", RULE_SPECS, ids=lambda s: "-".join(map(str, s.values())))
def test_the_reference_gives_the_engines_reason(spec: dict[str, Any]) -> None:
    """On many random selections, the core and the reference agree on whether the cards read
    and, when not, on the reason's kind; every kind the core gives is one of the API's."""
    rust, ref = _rules(spec)
    rng = random.Random(json.dumps(spec))
    seen: set[str] = set()
    for _ in range(600):
        indices = _selection(rng, rust.decks)
        text = " ".join(str(c) for c in reference.Cards.from_indices(indices, decks=rust.decks))
        core = zhengfen.no_reading(text, rust)
        assert (core[0] if core else None) == reference_no_reading(text, ref), text
        if core:
            seen.add(core[0])
            assert core[0] in get_args(NoReadingKind) and core[1]
    assert len(seen) >= 3, seen


def test_the_terminal_says_why() -> None:
    """The terminal's "not a combination" gives the engine's reason, and "pass" on one's own
    lead says the leader must play (before: only "'pass' is not a legal move now")."""
    rules = zhengfen.Rules.zheng_fen(players=3)
    game = zhengfen.Game.from_hands(rules, ["3h 4c 5c 6s RJ 9d", "3c", "4d"], 0)
    out = io.StringIO()
    screen = Screen(make_console(out), game, 0, {1: "greedy", 2: "greedy"})
    session = Session(game, 0, {}, screen, io.StringIO("\n" * 10))
    moves = game.legal_moves()
    assert session.read(MIXED, moves, move_groups(moves)) is None
    assert session.read("pass", moves, move_groups(moves)) is None
    said = " ".join(out.getvalue().split())
    assert "is not a combination: a straight flush's cards must all be of one suit" in said
    assert "You cannot pass now: the leader may not pass; you lead this trick" in said


def test_the_page_says_why(tmp_path: Any) -> None:
    """``POST /check`` carries the engine's reason (``no_reading`` and ``reason``); a move of
    those cards is refused with the same words."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from zhengfen.web.app import create_app

    rules = zhengfen.Rules.zheng_fen(players=3)
    saved = zhengfen.Game.from_hands(rules, ["3h 4c 5c 6s RJ 9d", "3c", "4d"], 0).to_json()
    cards = MIXED.split()
    with TestClient(create_app(), base_url="http://127.0.0.1:8000") as client:
        created = client.post("/api/games/load", json={"saved": saved, "seat": 0})
        assert created.status_code == 201, created.text
        key = created.json()["id"]
        check = client.post(f"/api/games/{key}/check", json={"cards": cards}).json()
        assert check["no_reading"]["reason"] == "straight_suits"
        assert check["reason"] == f"{MIXED} is not a combination: {check['no_reading']['text']}"
        moved = client.post(f"/api/games/{key}/move", json={"cards": cards})
        assert moved.status_code == 409 and moved.json()["error"] == check["reason"]
        fine = client.post(f"/api/games/{key}/check", json={"cards": ["9d"]}).json()
        assert fine["no_reading"] is None and fine["legal"]
