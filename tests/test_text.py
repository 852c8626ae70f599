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
from zhengfen.replay import Saved, trick_blocks
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
    """No second home: ``zhengfen.history`` and ``zhengfen.envs._render`` no longer exist, and
    replay formats through ``zhengfen.text``, not through ``zhengfen.play``."""
    assert importlib.util.find_spec("zhengfen.history") is None
    assert importlib.util.find_spec("zhengfen.envs._render") is None
    for name in ("replay.py", "play.py", "envs/_spaces.py", "envs/__init__.py", "__init__.py"):
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        imported = {
            f"{node.module}.{alias.name}"
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        assert not any(m.startswith("zhengfen.play.") for m in imported), name
        assert any(m.startswith(("zhengfen.text.", "zhengfen.text")) for m in imported), name


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


@pytest.mark.parametrize(("count", "limit"), [(0, 5), (3, 5), (5, 5), (12, 5), (12, None)])
def test_move_lines_number_the_moves_and_count_the_rest(count: int, limit: int | None) -> None:
    moves = [f"move {i}" for i in range(count)]
    lines = text.move_lines(moves, limit)
    shown = count if limit is None else min(count, limit)
    assert [line.split(". ", 1)[1] for line in lines[:shown]] == moves[:shown]
    assert [int(line.split(".")[0]) for line in lines[:shown]] == list(range(1, shown + 1))
    assert len(lines) == shown + (shown < count)
    if shown < count:
        assert f"{count - shown} more" in lines[-1]


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


def test_state_and_summary_lines_name_seats_through_who() -> None:
    game = _played(3)
    who = text.namer(["w", "x", "y", "z"], you=0)
    summary = text.match_summary_lines(game, who)
    assert summary[0] == "" and f"Match {game.match_number + 1} over" in summary[1]
    assert all(who(s) in summary[1] for s in game.out_order)
    fresh = zhengfen.Game(game.rules, 3)
    state = text.state_lines(fresh, fresh.current_player or 0, who)
    assert state[0] == "" and str(fresh.scores) in state[1]
    assert all(who(s) in state[2] for s in range(fresh.rules.players))
    assert text.final_line(game).startswith(f"Final scores {game.scores}")
