"""Mutant implementations for testing the conformance checker: the reference with one rule
broken, served over the protocol. Run: ``python tests/conformance_mutants.py MUTANT``.

- ``two_below_ace``: the rank 2 sits below the A (against RULES.md §4.1);
- ``no_last_chance``: a Zheng Fen match ends as soon as one player holds cards (§7.5, §12.4);
- ``jokers_in_specials``: a joker may stand in a 5-10-K (§4.8);
- ``best_score_by_seat``: with ``next_leader="best_score"``, a tie for the best score of a match
  goes to the lowest seat instead of the player out first (§7.1);
- ``no_four_joker_bomb_move``: the four jokers are missing from Zen Cheng You's legal moves,
  though ``classify`` still reads them as a bomb (§8.5, §10);
- ``no_rejection``: the uniform draw skips its rejection step and returns ``r mod n`` of the
  first output, which changes only the deals of seeds that meet a redrawn output (§2.2).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from zhengfen import reference
from zhengfen.conformance.server import serve
from zhengfen.reference import candidates, rng, zheng_fen
from zhengfen.reference import game as game_module

Patch = tuple[Any, str, Any]


def two_below_ace() -> list[Patch]:
    original = zheng_fen.value

    def value(combo: Any) -> tuple[float, ...]:
        numbers = original(combo)
        return (10.5, *numbers[1:]) if combo.kind != "special" and numbers[0] == 12 else numbers

    return [(zheng_fen, "value", value)]


def no_last_chance() -> list[Patch]:
    original = game_module.match_ends_now  # type: ignore[attr-defined]

    def ends(rules: Any, out_order: Any) -> bool:
        last_one = rules.game == "zheng_fen" and len(out_order) == rules.players - 1
        return bool(original(rules, out_order)) or last_one

    return [(game_module, "match_ends_now", ends)]


def jokers_in_specials() -> list[Patch]:
    original = zheng_fen._kind_values
    wanted = {2, 7, 10}  # the ranks 5, 10, K

    def kind_values(indices: tuple[int, ...], kind: str, jokers_wild: bool) -> list[Any]:
        shape = zheng_fen._Shape(indices)
        ranks = {index // 4 for index in shape.naturals}
        distinct = len(ranks) == len(shape.naturals)
        if kind == "special" and shape.jokers and shape.size == 3 and ranks < wanted and distinct:
            return [(zheng_fen.SPECIALS.index("mixed_5_10_k"), 1)]
        return list(original(indices, kind, jokers_wild))

    return [(zheng_fen, "_kind_values", kind_values)]


def best_score_by_seat() -> list[Patch]:
    original = game_module.next_first_drawer  # type: ignore[attr-defined]

    def next_first_drawer(rules: Any, out_order: Any, match_points: Any) -> int:
        if rules.game != "zheng_fen" or rules.next_leader == "first_out":
            return int(original(rules, out_order, match_points))
        return int(list(match_points).index(max(match_points)))

    return [(game_module, "next_first_drawer", next_first_drawer)]


def no_four_joker_bomb_move() -> list[Patch]:
    original = candidates._zcy_bombs

    def zcy_bombs(hand: Any) -> Any:
        return (cards for cards in original(hand) if min(cards) < 52)

    return [(candidates, "_zcy_bombs", zcy_bombs)]


def no_rejection() -> list[Patch]:
    def uniform(self: Any, n: int) -> int:
        return int(self.next()) % n

    return [(rng.SplitMix64, "uniform", uniform)]


MUTANTS: dict[str, Callable[[], list[Patch]]] = {
    "two_below_ace": two_below_ace,
    "no_last_chance": no_last_chance,
    "jokers_in_specials": jokers_in_specials,
    "best_score_by_seat": best_score_by_seat,
    "no_four_joker_bomb_move": no_four_joker_bomb_move,
    "no_rejection": no_rejection,
}

if __name__ == "__main__":
    for target, name, value in MUTANTS[sys.argv[1]]():
        setattr(target, name, value)
    serve(reference, f"mutant-{sys.argv[1]}")
