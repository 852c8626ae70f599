"""A league's stored labels read as the agents' current canonical specs (issue 47; AI.md §3.3):
games kept under ``sparta``'s spec from before it gained ``tree=0`` (or, later, ``belief=0``)
count under the new spec, so a league written partly under the old label rates exactly as the
same games written under the new one; labels the parser refuses (an agent since removed) stay as
stored; the old label's deals are not played again."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

import zhengfen
from zhengfen.arena.tournament import GameResult
from zhengfen.league import League, Store, ratings
from zhengfen.league.labels import current_label

ROOT = Path(__file__).resolve().parent.parent
ZCY = zhengfen.Rules.zen_cheng_you()
OLD = "sparta(candidates=4,budget=2000,threshold=0,z=2,policy=learned)"
BEFORE_BELIEF = "sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,policy=learned)"
NEW = "sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,belief=0,policy=learned)"
GONE = "gone(x=1)"
"""An agent the parser does not know (removed, or never built in)."""
STRENGTH = {NEW: 30, "greedy": 10, "random": -25, GONE: 0}
DEALS = 6


def _games(first: str, second: str, deals: range, seed: int) -> list[GameResult]:
    """Both rotations of ``deals`` for the pair, seated ``first`` then ``second`` round the
    table (the other way in rotation 1), points drawn around each agent's strength; the
    labels written are the stored ones (``OLD`` plays as ``NEW``'s strength)."""
    draw = random.Random(seed)
    out = []
    for deal in deals:
        for rotation, seating in enumerate(([first, second] * 2, [second, first] * 2)):
            points = [STRENGTH.get(a, STRENGTH[NEW]) + draw.randint(-40, 40) for a in seating]
            won = [p == max(points) for p in points]
            out.append(GameResult(deal, rotation, 9, seating, points, won, 1, 50))
    return out


def _league(db: Path, stored: dict[tuple[str, str], list[tuple[str, str, range, int]]]) -> None:
    """Writes league ``zen_cheng_you-4p`` at ``db``: for each pair, its chunks (the labels
    written, the deals, the seed of their points)."""
    store = Store.open(db)
    try:
        store.register("zen_cheng_you-4p", ZCY, 0, 1)
        for chunks in stored.values():
            for first, second, deals, seed in chunks:
                store.add("zen_cheng_you-4p", first, second, _games(first, second, deals, seed))
    finally:
        store.close()


def _pairs(new: str, old: str) -> dict[tuple[str, str], list[tuple[str, str, range, int]]]:
    """Every pair of the four agents, ``sparta``'s stored under ``old`` where the real league
    would have: (greedy, sparta) wholly, (random, sparta) twice for deals 0-2 (the old
    label's points differ: the current label's are kept), (gone, sparta) split between both;
    plus a pair of the old and new label (one agent: no pair)."""
    whole = range(DEALS)
    return {
        ("greedy", new): [("greedy", old, whole, 1)],
        ("random", new): [("random", old, range(3), 99), ("random", new, whole, 2)],
        (GONE, new): [(GONE, old, range(3), 3), (GONE, new, range(3, DEALS), 3)],
        ("greedy", "random"): [("greedy", "random", whole, 4)],
        (GONE, "greedy"): [(GONE, "greedy", whole, 5)],
        (GONE, "random"): [(GONE, "random", whole, 6)],
        (new, old): [(new, old, whole, 7)] if new != old else [],
    }


@pytest.mark.parametrize("old", [OLD, BEFORE_BELIEF])
def test_games_under_an_old_spec_rate_as_under_the_new_one(tmp_path: Path, old: str) -> None:
    _league(tmp_path / "mixed.sqlite", _pairs(NEW, old))
    _league(tmp_path / "current.sqlite", _pairs(NEW, NEW))
    mixed = ratings(tmp_path / "mixed.sqlite", rules=ZCY)
    assert mixed.to_dict() == ratings(tmp_path / "current.sqlite", rules=ZCY).to_dict()
    assert {r.agent for r in mixed.ratings} == {NEW, "greedy", "random", GONE}  # GONE as stored
    assert [r.games for r in mixed.ratings if r.agent == NEW] == [3 * DEALS * 2]
    assert len(mixed.pairs) == 6 and all(pair.deals == DEALS for pair in mixed.pairs)
    store = Store.open(tmp_path / "mixed.sqlite", write=False)
    try:
        seated = {label for found in store.games(mixed.name).values() for g in found
                  for label in g.seating}  # fmt: skip
    finally:
        store.close()
    assert old not in seated and GONE in seated


def test_the_old_labels_deals_are_not_played_again(tmp_path: Path) -> None:
    db = tmp_path / "mixed.sqlite"
    _league(db, _pairs(NEW, OLD))
    store = Store.open(db)
    try:
        league = League(ZCY, ["sparta", "greedy", "random"], store, DEALS, 0, 1)
        assert league.pending() == []
        more = League(ZCY, ["sparta", "greedy", "random"], store, DEALS + 2, 0, 1).pending()
        assert {(p.first, p.second, p.start) for p in more} == {
            ("greedy", NEW, DEALS),
            ("random", NEW, DEALS),
            ("greedy", "random", DEALS),
        }
        assert [r.games for r in league.standings().ratings if r.agent == NEW] == [2 * DEALS * 2]
    finally:
        store.close()


def test_pending_reads_the_stored_deals_in_one_query_whatever_the_pairs(tmp_path: Path) -> None:
    """``pending`` reads the games table once (not once a pair, nor once a stored pair), and
    finds each pair's deals under its old and new labels alike."""
    db = tmp_path / "mixed.sqlite"
    _league(db, _pairs(NEW, OLD))
    store = Store.open(db)
    try:
        assert store.played_deals("zen_cheng_you-4p") == {
            tuple(sorted(pair)): set(range(DEALS))
            for pair in _pairs(NEW, NEW)
            if pair[0] != pair[1]
        }
        reads: list[str] = []
        store.connection.set_trace_callback(reads.append)
        counted = []
        for agents in (["sparta", "greedy"], ["sparta", "greedy", "random", "search"]):
            reads.clear()
            League(ZCY, agents, store, DEALS + 1, 0, 1).pending()
            counted.append(sum("FROM games" in statement for statement in reads))
        assert counted == [1, 1]
    finally:
        store.close()


def test_a_label_whose_model_file_is_missing_is_read_again_once_it_comes(
    tmp_path: Path,
) -> None:
    """A ``learned(model=PATH)`` label counts as stored while its file cannot be read, and
    under its canonical spec once the file is there, in the same process (the refusal is not
    kept)."""
    model = tmp_path / "later.safetensors"
    stored = f'sparta(policy=learned(model="{model}"))'
    assert current_label(stored) == stored
    shutil.copy(ROOT / "rust/zhengfen-core/models/zen_cheng_you_4.safetensors", model)
    assert current_label(stored) == f"{NEW[: NEW.index('policy=')]}policy=learned(model={model}))"
    assert current_label(GONE) == GONE
