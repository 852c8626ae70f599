"""``zhengfen.text``, the one module that writes games as text: hands, moves, seats, history,
tricks, a seat's view and the environments' rendering; the other modules only call it."""

from __future__ import annotations

import ast
import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from zhengfen import text
from zhengfen.arena.log import Saved
from zhengfen.terminal.replay import trick_blocks
from zhengfen.types import GameName

PACKAGE = Path(zhengfen.__file__).parent


def _played(seed: int, game_name: GameName = "zheng_fen") -> zhengfen.Game:
    """A game played to the end of its first match with seeded random moves."""
    options: dict[str, Any] = {"players": 4} if game_name == "zheng_fen" else {}
    rules = zhengfen.Rules(game_name, **options)
    game = zhengfen.Game(rules, seed)
    rng = random.Random(seed)
    while not game.match_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_the_old_text_modules_are_gone() -> None:
    """No second home: ``zhengfen.history`` and ``zhengfen.envs._render`` no longer exist,
    replay formats through ``zhengfen.text``, not through ``zhengfen.terminal.play``, and play draws
    through ``zhengfen.terminal.screen``."""
    assert importlib.util.find_spec("zhengfen.history") is None
    assert importlib.util.find_spec("zhengfen.envs._render") is None
    for name in (
        "terminal/replay.py",
        "terminal/play.py",
        "envs/_spaces.py",
        "envs/__init__.py",
        "__init__.py",
    ):
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        imported = {
            f"{node.module}.{alias.name}"
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        assert not any(m.startswith("zhengfen.terminal.play.") for m in imported), name
        home = "zhengfen.terminal.screen" if name == "terminal/play.py" else "zhengfen.text"
        assert any(m.startswith(home) for m in imported), name


@pytest.mark.parametrize("seed", range(6))
def test_hand_text_lists_every_card_once_grouped_by_rank(seed: int) -> None:
    rules = zhengfen.Rules("zheng_fen", players=3)
    for hand in zhengfen.deal(rules, seed):
        groups = text.hand_text(hand).split(" | ")
        tokens = [t for g in groups for t in g.split(" ") if not t.endswith(":")]
        assert zhengfen.parse_cards(" ".join(tokens), rules.decks) == hand
        for group in groups:
            label, _, cards = group.partition(": ")
            if cards:
                assert {card.rank for card in zhengfen.parse_cards(cards, rules.decks)} == {label}


def test_namer_names_the_person_and_the_agents() -> None:
    who = text.namer(["greedy", "random", "search"], you=1)
    assert [who(s) for s in range(3)] == ["seat 0 (greedy)", "you", "seat 2 (search)"]
    assert text.namer()(4) == text.seat_name(4) == "seat 4"


@pytest.mark.parametrize(("seed", "game_name"), [(1, "zheng_fen"), (2, "zen_cheng_you")])
def test_history_and_trick_blocks_write_every_event(seed: int, game_name: GameName) -> None:
    """One history line per event; the trick blocks hold one line per event too, besides the
    deal's hands, and end a block at each trick."""
    game = _played(seed, game_name)
    history = game.history
    assert text.history_text(history).splitlines() == [text.event_text(e) for e in history]
    blocks = list(text.trick_blocks(game))
    lines = [line for block in blocks for line in block]
    hands = sum(len(e["hands"]) for e in history if e["type"] == "deal")
    assert len(lines) == len(history) + hands
    tricks = sum(e["type"] == "trick" for e in history)
    assert sum(block[-1].startswith("  -> ") for block in blocks) == tricks
    agents = ["a", "b", "c", "d"]
    saved = Saved(game, "t", agents)
    assert list(trick_blocks(saved)) == list(text.trick_blocks(game, text.namer(agents)))


def test_final_line_names_the_scores_and_winners() -> None:
    game = _played(3)
    assert text.final_line(game).startswith(f"Final scores {game.scores}")


def test_render_is_drawn_from_the_engines_record() -> None:
    """``render_text`` writes the engine's record (``Game.visible``): the declarations with their
    stakes and points, and at the match's end the last player's remaining hand, handed over
    with his pile (before, it was never shown)."""
    shown = 0
    for seed in range(6):
        game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), seed)
        rng = random.Random(seed)
        while not game.match_over:
            game.play(rng.choice(list(game.legal_moves())))
        record = game.visible(None)
        drawn = text.render_text(game)
        for seat in record["seats"]:
            made = seat["declaration"]
            assert made is not None and f"seat {seat['seat']} {made['move']}" in drawn
        last = record["last_hand"]
        if last is not None:
            shown += 1
            assert f"last hand of seat {last[0]} (handed over): {last[1]}" in drawn
    assert shown
