"""Writes the conformance vectors (CONFORMANCE.md §2) from the Rust engine.

Every case is a list of steps, each a protocol request and the answer expected. Expectations are
computed through :class:`~zhengfen.conformance.server.Server` on ``zhengfen`` and computed again
on ``zhengfen.reference``; :func:`generate` refuses to write anything the two do not agree on.
Game cases refer to their game as ``"$game"``; the checker substitutes the id the implementation
gave. Game states are expected as the summary of :func:`summarize` (legal moves by count and
digest).
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen import reference
from zhengfen.conformance.server import Server, reply_to
from zhengfen.conformance.wire import LineTooLong, is_blank, lines, raw_line

VERSION = 1
PACKAGE_DIR = Path(__file__).parent / "vectors"

ZF: dict[str, Any] = {"game": "zheng_fen"}
ZF_TAME: dict[str, Any] = {"game": "zheng_fen", "jokers_wild": False}
ZCY: dict[str, Any] = {"game": "zen_cheng_you"}
RULE_SETS: list[dict[str, Any]] = [
    {"game": "zheng_fen", "players": 3},
    ZF,
    {"game": "zheng_fen", "players": 5},
    {"game": "zheng_fen", "players": 6},
    ZF_TAME,
    ZCY,
]


def summarize(state: dict[str, Any], full: bool) -> dict[str, Any]:
    """What a game state is checked by: legal moves by count and digest (RULES.md §6.3)."""
    moves = state["legal_moves"]
    summary = {k: v for k, v in state.items() if k not in ("legal_moves", "history", "hands")}
    summary["legal_count"] = len(moves)
    summary["legal_digest"] = zhengfen.move_digest(moves)
    if full:
        summary["history"] = state["history"]
        summary["hands"] = state["hands"]
    return summary


def step(request: dict[str, Any]) -> dict[str, Any]:
    return {"request": request}


def case(name: str, sections: str, *steps: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "rules_sections": sections, "steps": list(steps)}


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MULTIPLIERS = (0xBF58476D1CE4E5B9, 0x94D049BB133111EB)


def mix(z: int) -> int:
    """SplitMix64's output function (RULES.md §2.1): ``next()`` returns ``mix(state)``.

    >>> hex(mix(0x9E3779B97F4A7C15))
    '0xe220a8397b1dcdaf'
    """
    z = ((z ^ (z >> 30)) * _MULTIPLIERS[0]) & _MASK
    z = ((z ^ (z >> 27)) * _MULTIPLIERS[1]) & _MASK
    return z ^ (z >> 31)


def _unshift(z: int, shift: int) -> int:
    """The ``x`` with ``x ^ (x >> shift) == z``: each pass fixes ``shift`` more top bits."""
    x = z
    for _ in range(64 // shift):
        x = z ^ (x >> shift)
    return x


def unmix(z: int) -> int:
    """The inverse of :func:`mix` (each of its steps is a bijection of 64-bit words).

    >>> unmix(mix(12345)) == 12345
    True
    """
    z = _unshift(z, 31)
    z = (z * pow(_MULTIPLIERS[1], -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(_MULTIPLIERS[0], -1, 1 << 64)) & _MASK
    return _unshift(z, 30)


def seed_for(draw: int, output: int) -> int:
    """The seed whose ``draw``-th output (1-based) is ``output``: the state after ``draw`` steps
    is ``seed + draw * 0x9E3779B97F4A7C15`` and ``next()`` returns ``mix`` of it (§2.1)."""
    return (unmix(output) - draw * _GAMMA) & _MASK


def lowest_rejected(n: int) -> int:
    """The lowest output that uniform(n) redraws: 2^64 - (2^64 mod n) (RULES.md §2.2)."""
    return (1 << 64) - (1 << 64) % n


#: Seeds whose shuffle draws an output that uniform must redraw (RULES.md §2.2), found by
#: inverting the output mix, not by search (no ordinary seed meets one: at most 107 of 2^64
#: outputs are redrawn). Each is (rules, draw k, output): draw k of the shuffle is for
#: i = deck size - k, so uniform(deck size - k + 1).
REJECTED: list[tuple[dict[str, Any], int, int]] = [
    (ZF, 1, lowest_rejected(54)),  # uniform(54) at i = 53 meets its lowest redrawn output
    (ZCY, 50, _MASK),  # uniform(59) at i = 58 meets the highest output, 2^64 - 1
    ({"game": "zheng_fen", "players": 5, "target": 150}, 30, lowest_rejected(25)),  # the game
]


def rejected_name(rules: dict[str, Any], draw: int, output: int) -> str:
    n = (108 if rules["game"] == "zen_cheng_you" else 54) - draw + 1
    return f"draw {draw} is {output:#x}, redrawn by uniform({n})"


def rng_cases() -> Iterator[dict[str, Any]]:
    for seed in (0, 1, 42, 123456789, 2**64 - 1):
        yield case(f"SplitMix64 seed {seed}", "§2.1", step({"op": "rng", "seed": seed, "count": 8}))
    # A field an op does not take is ignored (CONFORMANCE.md §4).
    request = {"op": "rng", "seed": 1, "count": 2, "leader": 9, "note": [None]}
    yield case("SplitMix64 seed 1, with fields rng does not take", "§2.1", step(request))
    # The outputs of the redrawing seeds, up to the one redrawn (§2.1, §2.2).
    for rules, draw, output in REJECTED[:2]:
        seed = seed_for(draw, output)
        request = {"op": "rng", "seed": seed, "count": draw + 1}
        yield case(
            f"SplitMix64 seed {seed}: {rejected_name(rules, draw, output)}", "§2.1", step(request)
        )


def deal_cases() -> Iterator[dict[str, Any]]:
    for rules in RULE_SETS:
        for seed in (0, 1, 42):
            for drawer in (0, seed % 3):
                request = {"op": "deal", "rules": rules, "seed": seed, "first_drawer": drawer}
                yield case(f"deal {rules} seed {seed} drawer {drawer}", "§2.2-§2.4", step(request))
    # A draw that uniform must redraw (§2.2), in a one-deck and a two-deck shuffle.
    for rules, draw, output in REJECTED[:2]:
        seed = seed_for(draw, output)
        request = {"op": "deal", "rules": rules, "seed": seed, "first_drawer": 0}
        name = f"deal {rules} seed {seed}: {rejected_name(rules, draw, output)}"
        yield case(name, "§2.2, §2.3, §2.4", step(request))


CLASSIFY = [
    (ZF, "7c 7d 8c 8d 9c 9d", "§4.5"),
    (ZF, "7h BJ RJ", "§4.2, §4.4"),
    (ZF, "BJ RJ", "§4.2"),
    (ZF, "4c 4d 5c 5d BJ RJ", "§4.10"),
    (ZF, "5h 6h 7h BJ RJ", "§4.10"),
    # Jokers above naturals at the bottom of the ranks: the run can only go up from 3 (§4.5,
    # §4.7; a reference that let it start below 3 survived the vectors before these).
    (ZF, "3c 3d 4c 4d BJ RJ", "§4.5"),
    (ZF, "3h 4h 5h 6h BJ", "§4.7"),
    (ZF, "8c 8d 8h Jc Jd", "§4.6 a"),
    (ZF, "8c 8d 8h Ah 2h", "§4.6 b"),
    (ZF, "8c 8d 8h 3c Jd", "§4.6 c"),
    (ZF, "8c 8d 8h 10c Kd", "§4.6 d"),
    (ZF, "8c 8d 8h 4c Jd", "§4.6"),
    (ZF, "8c 8d 8h Ah 2s", "§4.6"),
    (ZF, "8c 8d 8h 8s BJ", "§4.6"),
    (ZF, "8c 8d 8h 4c BJ", "§4.6"),
    (ZF, "Jh Qh Kh Ah 2h", "§4.7"),
    (ZF, "Ac Ad 2c 2d 3c 3d", "§4.5"),
    (ZF, "Kc Kd Ac Ad 2c 2d", "§4.5"),
    (ZF, "2c 2d 2h 2s", "§4.9"),
    (ZF, "2c 2d 2h BJ", "§4.4"),
    (ZF, "5c 10c Kc", "§4.9"),
    (ZF, "5s 10h Kd", "§4.9"),
    (ZF, "5c 10c BJ", "§4.8"),
    (ZF, "Kc Kd Kh Ks Ac Ad Ah As 2c 2d 2h 2s", "§4.4, §4.5"),
    (ZF, "RJ", "§4.3"),
    (ZF_TAME, "7c BJ", "§4.2"),
    (ZF_TAME, "BJ RJ", "§4.2"),
    (ZCY, "BJ BJ RJ RJ", "§8.5"),
    (ZCY, "2c 2c 2d 2d 2h 2h", "§8.5"),
    (ZCY, "Jc Qc Kc Ac 2c", "§8.2"),
    (ZCY, "5c 6c 7c 8c 9c", "§8.5"),
    (ZCY, "3c 3d Qc Qd 5c 5d 5h 6c 6d 6h", "§8.3"),
    (ZCY, "BJ RJ", "§8.2"),
    (ZCY, "RJ RJ BJ 3c 3d", "§8.4"),
    (ZCY, "5c 5c 5d 6c 6c 6d BJ BJ RJ RJ", "§8.4"),
    (ZCY, "7c 7c 7d 7d 7h", "§8.5"),
    (ZCY, "3c 4d 5h 6s 7c 8d", "§8.3"),
    (ZCY, "Ac 2c 3c 4c 5c", "§8.2"),
    (ZCY, "3c 3d 3h 4c 4d 4h", "§8.3"),
    (ZCY, "3c 3d 4c 4d", "§8.3"),
    (ZCY, "5c 5d 5h 6c 6d", "§8.3"),
    (ZCY, "7c 7c", "§8.3"),
    (ZCY, "7c 7c 7d", "§8.3"),
    (ZCY, "2c 2d 2h 2s 2c", "§8.5"),
    (ZF, "3c 3d 3h 4c 4d 4h 5c 5d 5h", "§4.5"),
    (ZF, "3c 3d BJ 4c 4d 4h 5c 5d RJ", "§4.2, §4.5"),
    (ZF, "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s", "§4.5"),
    (ZF, "9c 9d 9h", "§4.4"),
    (ZF, "9c 9d 9h 9s", "§4.4"),
    (ZF, "9c 9d", "§4.4"),
    (ZF, "3h 4h 5h 6h 7h 8h", "§4.7"),
    # Notation (§1.2, §1.3): suit symbols, both styles, `T`, any case, commas.
    (ZF, "J♠ Q♠ K♠ A♠ 2♠", "§1.2, §4.7"),
    (ZF, "3♥ 3♦ 3♣ 3♠", "§1.2, §4.4"),
    (ZF, "9♡ 9♢ 9♧ 9♤", "§1.2, §4.4"),
    (ZF, "9♡ 9♢ 9♧ Bj 3♤", "§1.2, §4.6"),
    (ZCY, "A♠ A♤ A♥ A♡ A♦ A♢ A♣ A♧", "§1.2, §8.5"),
    (ZF, "tc,Td , 10h jS,JH", "§1.3, §4.6"),
    (ZF, "rj bj", "§1.3, §4.3"),
    # Full-house sequences: triples consecutive, up to A only (§8.2, §8.3).
    (ZCY, "3c 3c 3d 5c 5c 5d 9c 9d Kc Kd", "§8.3"),
    (ZCY, "Ac Ac Ad 2c 2c 2d 5c 5c 6c 6c", "§8.2, §8.3"),
    (ZCY, "Kc Kc Kd Ac Ac Ad 5c 5c 6c 6c", "§8.3"),
    (ZCY, "3c 3c 3d 4c 4c 4d 5c 6c 6c 7c", "§8.3"),
    # Specials take no jokers, nor a fifth card (§4.8, §4.9); no cards, no reading.
    (ZF, "2c 2d 2h 2s BJ", "§4.9"),
    (ZF, "5c 10c Kc BJ", "§4.8"),
    (ZF, "", "§4.10"),
    (ZCY, "", "§8.6"),
    # One group or card short of the shortest sequence (§4.5, §4.7, §8.3, §8.5).
    (ZCY, "3c 4d 5h 6s", "§8.3"),
    (ZCY, "3c 4c 5c 6c", "§8.5"),
    (ZCY, "9c 9d", "§8.3"),
    (ZF, "3h 4h 5h 6h", "§4.7"),
    (ZF, "3c 3d 4c 4d", "§4.5"),
    (ZF, "3c 3d 3h 4c 4d 4h", "§4.5"),
    (ZF, "3c 3d 3h 3s 4c 4d 4h 4s", "§4.5"),
    (ZF, "3c 3d BJ RJ", "§4.5"),
    # Only a hand is limited to 27 cards: 28 cards to classify are read (CONFORMANCE.md §4).
    (ZF, " ".join(f"{rank}{suit}" for rank in "3456789" for suit in "cdhs"), "§1.3, §4.5"),
    # Option values of the wrong type or out of range are rules errors (§3.4).
    ({**ZF, "target": True}, "3c", "§3.4"),
    ({**ZF, "target": "500"}, "3c", "§3.4"),
    # The highest target is accepted, one more refused, in both games (§3.5).
    ({**ZF, "target": 10_000}, "3c", "§3.1, §3.5"),
    ({**ZF, "target": 10_001}, "3c", "§3.4, §3.5"),
    ({**ZCY, "target": 10_000}, "3c", "§3.2, §3.5"),
    ({**ZCY, "target": 10_001}, "3c", "§3.4, §3.5"),
    ({**ZF, "players": "4"}, "3c", "§3.4"),
    ({**ZF, "players": 2}, "3c", "§3.4"),
    ({**ZF, "jokers_wild": 1}, "3c", "§3.4"),
    ({**ZF, "next_leader": "best"}, "3c", "§3.4"),
    ({**ZF, "lead_after_out": "partner"}, "3c", "§3.3"),
    ({**ZF, "last_chance": True}, "3c", "§3.3"),
    ({**ZCY, "jokers_wild": True}, "3c", "§3.3"),
    ({**ZCY, "jokers_wild": False, "players": 4, "tie": "play_on"}, "3c", "§3.3"),
    ({**ZCY, "last_chance": "yes"}, "3c", "§3.4"),
    ({**ZCY, "players": 5}, "3c", "§3.2, §3.4"),
]

BEATS = [
    (ZF, "7c 7d 8c 8d 9c 9d", "6c 6d 7h 7s 8h 8s", "§5.2"),
    (ZF, "6c 6d 7c 7d 8c 8d 9c 9d", "7h 7s 8h 8s 9h 9s", "§5.2"),
    (ZF, "7h 7s 8h 8s 9h 9s", "6c 6d 7c 7d 8c 8d 9c 9d", "§5.2"),
    (ZF, "9c 9d 10c 10d Jc Jd", "3c 3d 4c 4d 5c 5d 6c 6d 7c 7d", "§5.2"),
    (ZF, "7h BJ RJ", "7c 7d 7s", "§5.2"),
    (ZF, "5s 10h Kd", "Jh Qh Kh Ah 2h", "§5.3"),
    (ZF, "2c 2d 2h 2s", "5c 10c Kc", "§5.3"),
    (ZF, "5d 10d Kd", "5c 10c Kc", "§5.3"),
    (ZF, "RJ", "BJ", "§4.3"),
    (ZF, "BJ", "2c", "§4.3"),
    (ZF, "2c", "Ac", "§4.1"),
    (ZF, "Ac", "2c", "§4.1"),
    (ZF, "2c 2d", "Ac Ad", "§4.1"),
    (ZF, "Kc Kd Ac Ad 2c 2d", "Qc Qd Kh Ks Ah As", "§4.1, §5.2"),
    (ZF, "2s 2h 2d", "As Ad Ac", "§4.1"),
    (ZF, "8c 8d 8h 3c Jd", "7c 7d 7h Ac Ad", "§5.2"),
    (ZCY, "BJ BJ RJ RJ", "2c 2c 2d 2d 2h 2h", "§9.2"),
    (ZCY, "3c 4c 5c 6c 7c 8c", "BJ BJ RJ RJ", "§9.2"),
    (ZCY, "10h Jh Qh Kh Ah", "Ac Ac Ad Ad Ah", "§9.2"),
    (ZCY, "10h Jh Qh Kh Ah", "3c 3c 3d 3d 3h 3h", "§9.2"),
    (ZCY, "4c 4d 5c 5d 6c 6d", "3c 3d 4h 4s", "§9.1"),
    (ZCY, "RJ RJ", "BJ BJ", "§8.2"),
    (ZCY, "3c 3c 3d 3d", "Kc Kd", "§9.2"),
    (ZCY, "4c 5d 6h 7s 8c", "3c 4d 5h 6s 7c 8d", "§9.1"),
    # Equal bombs tie (§9.2), and the four jokers between six and a six-card straight flush.
    (ZCY, "3h 3h 3s 3s", "3c 3c 3d 3d", "§9.2"),
    (ZCY, "3h 4h 5h 6h 7h", "3c 4c 5c 6c 7c", "§9.2"),
    (ZCY, "BJ BJ RJ RJ", "BJ BJ RJ RJ", "§9.2"),
    (ZCY, "BJ BJ RJ RJ", "3c 3c 3d 3d 3h 3h", "§9.2"),
    (ZCY, "3c 4c 5c 6c 7c 8c", "2c 2c 2d 2d 2h 2h 2s", "§9.2"),
    (ZCY, "8c 8c 8d 8d 8h", "3c 4c 5c 6c 7c", "§9.2"),
    (ZCY, "2c 2c 2d 2d 2h", "Ac Ac Ad Ad Ah", "§9.2"),
    # Straight flushes: with the same top, the longer beats the shorter (§5.2).
    (ZF, "3h 4h 5h 6h 7h 8h", "4c 5c 6c 7c 8c", "§5.2"),
    (ZF, "4c 5c 6c 7c 8c", "3h 4h 5h 6h 7h 8h", "§5.2"),
    # Equal values tie (§5.1, §5.3).
    (ZF, "5d 10d Kd", "5h 10h Kh", "§5.3"),
    (ZF, "5s 10h Kd", "5c 10d Kh", "§5.3"),
    (ZF, "8c 8d 8h 9c 9d", "8s BJ RJ 10c 10d", "§5.2"),
]


def make_rules(spec: dict[str, Any]) -> zhengfen.Rules:
    """The Rust rule set of a protocol ``rules`` object ``{"game": …, option: value, …}``."""
    options = {k: v for k, v in spec.items() if k != "game"}
    rules: zhengfen.Rules = getattr(zhengfen.Rules, spec["game"])(**options)
    return rules


def strongest(cards: str, rules: dict[str, Any]) -> str:
    return str(zhengfen.classify(cards, make_rules(rules))[0])


#: Card tokens are separated by any Unicode White_Space, not by other characters (CONFORMANCE.md
#: §1): each entry is a name, the cards and the sections.
CLASSIFY_SPACES = [
    ("tab, line feed, carriage return", "8c\t8d\n8h\r\n8s", "§1.3, §4.4"),
    (
        "no-break, en quad, ideographic, hair and line separator spaces",
        "9c\u00a09d\u2000 9h\u3000\u200a9s\u2028",
        "§1.3, §4.4",
    ),
    # Issue 48 §7: RULES.md §1.3 names every White_Space character; the rest of them, mixed
    # with commas.
    (
        "vertical tab, form feed, next line, ogham, narrow no-break, medium mathematical and "
        "paragraph separator spaces and commas",
        "10c,\u000b10d\u000c,\u0085 10h\u1680\u202f,10s\u205f\u2029",
        "§1.3, §4.4",
    ),
]


def classify_cases() -> Iterator[dict[str, Any]]:
    for rules, cards, sections in CLASSIFY:
        under = "" if rules in (ZF, ZF_TAME, ZCY) else f" under {json.dumps(rules)}"
        shown = cards or f"no cards, {rules['game']}"
        request = {"op": "classify", "rules": rules, "cards": cards}
        yield case(f"classify {shown}{under}", sections, step(request))
    for name, cards, sections in CLASSIFY_SPACES:
        request = {"op": "classify", "rules": ZF, "cards": cards}
        yield case(f"classify cards separated by {name}", sections, step(request))
    rng = random.Random(1)
    for i in range(60):
        rules = RULE_SETS[i % len(RULE_SETS)]
        deck = [
            str(c) for c in zhengfen.shuffle_deck(2 if rules is ZCY else 1, rng.getrandbits(64))
        ]
        cards = " ".join(deck[: rng.randint(1, 8)])
        yield case(
            f"classify random {i}",
            "§4, §8",
            step({"op": "classify", "rules": rules, "cards": cards}),
        )


#: Plays given as bare cards stand for their strongest reading (§1.7; CONFORMANCE.md §4).
BEATS_AS_CARDS = [
    (ZF, "8c 8d", "7c BJ", "§1.7, §5.2"),
    (ZF, "7c BJ", "8c 8d", "§1.7, §5.2"),
    (ZF, "8c 8d", "pair 7 1: 7c BJ", "§1.7, §5.2"),
    (ZCY, "4c 4c 4d 4d", "Ac Ad", "§1.7, §9.2"),
    # A notation with a colon must be `KIND RANK LENGTH: CARDS` (§1.7).
    (ZF, "pair 8: 8c 8d", "7c 7d", "§1.7"),
    (ZF, "pair 8 1 1: 8c 8d", "7c 7d", "§1.7"),
    (ZF, "8c 8d", "pair 7 one: 7c 7d", "§1.7"),
    (ZF, "8c 8d", "pair 7 1 7c 7d:", "§1.7"),
    # A notation whose cards have no reading at all, or another one (§1.7).
    (ZF, "pair 8 1: 3c 9d", "7c 7d", "§1.7"),
    (ZCY, "straight A 5: 10c Jc Qc Kc Ac", "7c 7d", "§1.7, §8.5"),
    # A kind unknown, or of the other game; a length that is no positive integer (§1.7).
    (ZF, "duo 8 1: 8c 8d", "7c 7d", "§1.7"),
    (ZCY, "special four_twos 1: 2c 2d 2h 2s", "3c", "§1.7, §8.3"),
    (ZF, "bomb 8 4: 8c 8d 8h 8s", "3c", "§1.7, §4"),
    (ZF, "pair 8 0: 8c 8d", "7c 7d", "§1.7"),
    (ZF, "pair 8 -1: 8c 8d", "7c 7d", "§1.7"),
    # The length is ASCII decimal digits alone: no sign, no other script's digits (§1.7).
    (ZF, "pair 8 +1: 8c 8d", "7c 7d", "§1.7"),
    (ZF, "8c 8d", "pair 7 \u0661: 7c 7d", "§1.7"),
    # The rank is written as the canonical notation writes it: `10`, not `T`, and upper case;
    # only the card tokens after the colon are read in any case (RULES.md §1.7).
    (ZF, "pair T 1: 10c 10d", "7c 7d", "§1.7"),
    (ZF, "pair j 1: Jc Jd", "7c 7d", "§1.7"),
    (ZF, "8c 8d", "single bj 1: BJ", "§1.7"),
    (ZF, "pair 10 1: Tc td", "7c 7d", "§1.3, §1.7"),
    # Any white space separates the words of a notation (§1.7).
    (ZF, "pair\t8\u30001:\n8c\t8d", "7c 7d", "§1.7"),
    # Issue 48 §7: white space may stand before the colon, and a length may have leading zeros
    # (§1.7).
    (ZF, "pair 8 1 : 8c 8d", "7c 7d", "§1.7"),
    (ZF, "pair 8 01: 8c 8d", "pair 7 001\t:7c 7d", "§1.7"),
    (ZF, "pair 8 00: 8c 8d", "7c 7d", "§1.7"),
]


def beats_cases() -> Iterator[dict[str, Any]]:
    for rules, a, b, sections in BEATS:
        request = {
            "op": "beats",
            "rules": rules,
            "challenger": strongest(a, rules),
            "table": strongest(b, rules),
        }
        yield case(f"{a} on {b}", sections, step(request))
    for rules, a, b, sections in BEATS_AS_CARDS:
        request = {"op": "beats", "rules": rules, "challenger": a, "table": b}
        yield case(f"{printable(a)} on {printable(b)}, as written", sections, step(request))


def printable(text: str) -> str:
    """``text`` for a case name: as it is, or with JSON escapes if it holds a tab, a line end or
    another character that does not print."""
    return text if text.isprintable() else json.dumps(text)[1:-1]


LEGAL = [
    # The four jokers as a bomb when leading and following (§8.5, §10).
    (ZCY, "BJ BJ RJ RJ 3c", None, "§8.5, §10"),
    (ZCY, "BJ BJ RJ RJ 5c", "2c 2c 2d 2d 2h 2h", "§9.2, §10"),
    (ZCY, "BJ BJ RJ RJ 5c", "3c 4c 5c 6c 7c 8c", "§9.2, §10"),
    (ZCY, "BJ RJ RJ 4c 4d 4h 4s", "3c 3c 3d 3d 3h", "§9.2, §10"),
    # Equal bombs tie: nothing follows (§9.2).
    (ZCY, "3h 3h 3s 3s 9c", "3c 3c 3d 3d", "§9.2, §10"),
    (ZCY, "3h 4h 5h 6h 7h 8h", "3c 4c 5c 6c 7c", "§9.2, §10"),
    # Every Zen Cheng You kind led and followed (§8.3, §9.1, §10).
    (ZCY, "3c 3c 3d 4c 4d 4h 5c 5d 5h 6c 6d Qc Qd", None, "§8.3, §10"),
    (ZCY, "5c 5c 5d 6c 6d 6h 7c 7d 8c 8d 8h Kc Kd BJ", "3c 3d 3h 4c 4d 4h 9c 9d 10c 10d", "§9.1"),
    (ZCY, "4c 5d 6h 7s 8c 9d 10h Jh Qh Kh Ah 2c BJ", "3c 4d 5h 6s 7c 8d", "§8.3, §9.1"),
    (ZCY, "6c 6d 6h 7c 7d 7h 8s 8s 8h 9c", "4c 4d 4h 5c 5d 5h", "§8.3, §9.1"),
    (ZCY, "6c 6d 7c 7d 8s 8s 9c 9d Ac Ad BJ RJ", "4c 4d 5c 5d 6h 6s", "§8.3, §9.1"),
    (ZCY, "9c 9d 9h BJ BJ RJ 2c 2c", "8c 8d 8h Kc Kd", "§8.4, §9.1"),
    (ZCY, "2c 2d BJ RJ Ac Ad As", "Kc Kd", "§8.2, §9.1"),
    (ZCY, "5s 6s 7s 8s 9s 10s 3c", None, "§8.5, §10"),
    (ZF, "5s 6s 7s 8s 9s BJ 3c", "4h 5h 6h 7h 8h", "§4.7, §6"),
    # Every Zheng Fen kind led and followed, jokers standing in (§4, §5, §6).
    (ZF, "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h BJ", None, "§4.5, §6"),
    (
        ZF,
        "6c 6d 6h BJ 7c 7d 7h 7s 8c 8d 8h RJ",
        "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s",
        "§4.5, §5.2, §6",
    ),
    (ZF, "9c 9d 9h 10c 10d BJ Jc Js Jh 8s", "6c 6d 6h 7c 7d 7h 8c 8d 8h", "§4.5, §5.2, §6"),
    (ZF, "3c 3d 4c 4d 5c 5d 6c BJ", None, "§4.5, §6"),
    (ZF, "Qc Qd Qh 3c 4d Kc Kd Ks 5h", "Jc Jd Jh 3s 4s", "§4.6, §5.2, §6"),
    (ZF, "3h 4h 5h 6h 7h 8h 9h RJ", "3c 4c 5c 6c 7c", "§4.7, §5.2, §6"),
    (ZF, "2c 2d 2h 2s 3c 5d 10d Kd", "5c 10c Kc", "§4.9, §5.3, §6"),
    (ZF, "Ac Ad Ah As 2c BJ RJ", "Kc Kd Kh Ks", "§4.4, §5.2, §6"),
    (ZF_TAME, "BJ RJ 3c 3d 4c 4d 5c", None, "§4.2, §6"),
    (ZF, "BJ RJ 2c 2d", None, "§4.3, §6"),
    (ZF, "5c 10c Kc BJ 2s 2d 2h", "5d 10h Kd", "§5.3, §6"),
    (ZF, "7h 8h 9h 10h BJ", "6c 7c 8c 9c 10c", "§5.2, §6"),
    (ZF_TAME, "7h 8h 9h 10h BJ RJ", None, "§4.2, §6"),
    # Suit symbols in hands and tables (§1.2).
    (ZF, "8♣ 8♦ 9♥ 9♠ 10♤", "7♣ 7♦", "§1.2, §6"),
]
#: Tables given as bare cards stand for their strongest reading (§1.7; CONFORMANCE.md §4).
LEGAL_AS_CARDS = [
    (ZF, "8c 8d 9h BJ", "7c BJ", "§1.7, §6"),
    # A table of 28 cards is no hand: read, and nothing follows it (CONFORMANCE.md §4).
    (ZF, "2c 2d 2h 2s BJ", " ".join(f"{r}{s}" for r in "3456789" for s in "cdhs"), "§1.3, §6"),
    (ZCY, "Ac Ac Ad Ad 2c", "Kc Kd", "§1.7, §10"),
]


def legal_cases() -> Iterator[dict[str, Any]]:
    for rules, hand, cards, sections in LEGAL:
        table = None if cards is None else strongest(cards, rules)
        request = {"op": "legal_moves", "rules": rules, "hand": hand, "table": table}
        yield case(f"legal moves, {hand} on {cards}", sections, step(request))
    for rules, hand, table, sections in LEGAL_AS_CARDS:
        request = {"op": "legal_moves", "rules": rules, "hand": hand, "table": table}
        yield case(f"legal moves, {hand} on {table}, as cards", sections, step(request))
    rng = random.Random(2)
    for i in range(48):
        rules = RULE_SETS[i % len(RULE_SETS)]
        server_rules = make_rules(rules)
        size = rng.randint(6, 16 if rules is ZCY else 12)
        deck = [str(c) for c in zhengfen.shuffle_deck(server_rules.decks, rng.getrandbits(64))]
        hand, other = " ".join(deck[:size]), " ".join(deck[size : 2 * size])
        table = (
            None if i % 3 == 0 else str(rng.choice(zhengfen.legal_moves(other, None, server_rules)))
        )
        request = {"op": "legal_moves", "rules": rules, "hand": hand, "table": table}
        yield case(f"legal moves {i}", "§6, §10", step(request))


PROTOCOL_SECTION = "CONFORMANCE.md §4"
"""Where bad requests are specified (the protocol, not the rules)."""
ONE_CARD_EACH = ["3c", "4c", "5c", "6c"]


#: Settled by issue 33 §5 (CONFORMANCE.md §1, §4): the cards of a combination notation that
#: cannot be read; characters that are no white space between card tokens.
NOTATION_FAULTS: list[tuple[str, dict[str, Any], str]] = [
    (
        "an unknown card token in a combination notation",
        {"op": "beats", "rules": ZF, "challenger": "pair 8 1: 8x 8d", "table": "7c 7d"},
        "§1.3, §1.7",
    ),
    (
        "a card twice in a combination notation",
        {"op": "beats", "rules": ZF, "challenger": "9c", "table": "pair 8 1: 8c 8c"},
        "§1.5, §1.7",
    ),
    (
        "a third copy in a combination notation",
        {"op": "legal_moves", "rules": ZCY, "hand": "9c", "table": "triple 8 1: 8c 8c 8c"},
        "§1.5, §1.7",
    ),
    (
        "cards separated by U+001C, which is no white space",
        {"op": "classify", "rules": ZF, "cards": "8c\u001c8d"},
        "§1.3",
    ),
    (
        "cards separated by a zero-width space",
        {"op": "classify", "rules": ZF, "cards": "8c\u200b8d"},
        "§1.3",
    ),
    (
        "pass after U+001C as a table, a card token that cannot be read",
        {"op": "beats", "rules": ZF, "challenger": "4c", "table": "\u001cpass"},
        "§1.3, §1.7",
    ),
    (
        "pass between white spaces as a table",
        {"op": "beats", "rules": ZF, "challenger": "4c", "table": "\t pass\u3000"},
        "§1.7, §6.1",
    ),
]

#: Settled by issue 33 §5 (CONFORMANCE.md §4): the id of a refused line is the one written
#: in it, `$id` or not, where it can be read: not in a line that is not UTF-8, nor an id
#: that holds NaN itself; of a name given twice, the last counts, but NaN in either refuses.
READ_ID_LINES: list[tuple[str, str]] = [
    ("NaN, with an id written in", '{"id": "written", "op": "rng", "seed": NaN, "count": 1}'),
    (
        "a byte that is not UTF-8, in a line with an id",
        '{"id": $id, "op": "classify", "rules": {"game": "zheng_fen"}, "cards": "3c \u00ff"}',
    ),
    ("an id that holds NaN", '{"id": [$id, NaN], "op": "hello"}'),
    ("the id given twice, NaN first", '{"id": NaN, "id": $id, "op": "hello"}'),
    ("the id given twice, NaN last", '{"id": $id, "id": NaN, "op": "hello"}'),
    ("NaN in a name given twice", '{"id": $id, "op": "hello", "x": NaN, "x": 1}'),
]


#: Settled by issue 48 §7 (CONFORMANCE.md §4): `beats` compares two plays, so its `table` is
#: no lead: `null` there is a field of the wrong type.
SETTLED_48_FAULTS: list[tuple[str, dict[str, Any], str]] = [
    (
        "a null table in beats",
        {"op": "beats", "rules": ZF, "challenger": "4c", "table": None},
        PROTOCOL_SECTION,
    ),
]

#: Settled by issue 48 §7 (CONFORMANCE.md §4, §5): a blank line holds only JSON's white space,
#: and is skipped; any other line is answered (a vertical tab or U+3000 alone is not JSON, and
#: has no id). A line nested past a limit is answered with its id, however deep it is nested
#: (a limit or not, an unknown op is refused). The id is echoed as the same JSON value, not the
#: same text.
SETTLED_48_LINES: list[tuple[str, str]] = [
    ("a line of a vertical tab alone, which is no blank line", "\u000b"),
    ("a line of U+3000 alone, which is no blank line", "\u00e3\u0080\u0080"),
    (
        "a blank line of spaces, a tab and a carriage return, skipped",
        ' \t \r\n{"id": $id, "op": "rng", "seed": 48, "count": 1}',
    ),
    (
        "a line nested 200 deep outside its id, answered with its id",
        '{"id": $id, "op": "no_such_op", "x": ' + "[" * 200 + "]" * 200 + "}",
    ),
    (
        "an id written with escapes, an exponent and its names in another order, echoed as "
        "the same value",
        '{"op": "rng", "id": {"b": [1.50, "\\u0041\\/"], "a": 1E2}, "seed": 1, "count": 1}',
    ),
]


def refused_quit_case() -> dict[str, Any]:
    """A ``quit`` line that is refused is answered like any other, and the session goes on
    (CONFORMANCE.md §4)."""
    return case(
        "error: a quit with NaN or a byte that is not UTF-8 is refused, and serving goes on",
        PROTOCOL_SECTION,
        {"line": '{"id": $id, "op": "quit", "x": NaN}'},
        {"line": '{"id": $id, "op": "quit", "x": "\u00ff"}'},
        step({"op": "rng", "seed": 1, "count": 1}),
    )


def error_cases() -> Iterator[dict[str, Any]]:
    """Refusals: bad cards, combinations and options (their kinds of RULES.md); impossible
    starting positions (``invalid_state``); and requests the protocol does not define
    (``bad_request``: unknown ops and games, missing fields, wrong types, integers out of range).
    """
    faults = FAULTS_BY_KIND + SETTLED_23_FAULTS + NOTATION_FAULTS + SETTLED_48_FAULTS
    for name, request, sections in faults:
        yield case(f"error: {name}", sections, step(request))
    for name, line in NOT_STRICT_LINES + READ_ID_LINES:
        yield case(f"error: {name}", PROTOCOL_SECTION, {"line": line})
    for name, line in SETTLED_48_LINES:
        yield case(f"line: {name}", PROTOCOL_SECTION, {"line": line})
    yield refused_quit_case()


ONE_DECK_28 = " ".join(f"{rank}{suit}" for rank in "3456789" for suit in "cdhs")


def new_game(hands: list[str]) -> dict[str, Any]:
    return {"op": "new_game", "rules": ZF, "hands": hands, "leader": 0}


#: Refusals by kind: bad cards, combinations and options (RULES.md), impossible starting
#: positions (``invalid_state``) and requests the protocol does not define (``bad_request``).
FAULTS_BY_KIND: list[tuple[str, dict[str, Any], str]] = [
    ("an unknown card token", {"op": "classify", "rules": ZF, "cards": "3c 1x"}, "§1.3"),
    ("a card twice in one deck", {"op": "classify", "rules": ZF, "cards": "5c 5c"}, "§1.5"),
    ("a third copy", {"op": "classify", "rules": ZCY, "cards": "5c 5c 5c"}, "§1.5"),
    ("a card twice in a hand", {"op": "legal_moves", "rules": ZF, "hand": "7c 7c"}, "§1.5"),
    ("seven players", {"op": "classify", "rules": {**ZF, "players": 7}, "cards": "3c"}, "§3.4"),
    (
        "an unknown option",
        {"op": "classify", "rules": {**ZF, "colour": "red"}, "cards": "3c"},
        "§3.4",
    ),
    (
        "an option of null",
        {"op": "classify", "rules": {**ZF, "players": None}, "cards": "3c"},
        "§3.4",
    ),
    ("a target of 0", {"op": "deal", "rules": {**ZF, "target": 0}, "seed": 0}, "§3.4"),
    (
        "a false reading",
        {"op": "beats", "rules": ZF, "challenger": "pair 8 1: 7c 7d", "table": "3c"},
        "§1.7",
    ),
    (
        "a table that is no combination",
        {"op": "legal_moves", "rules": ZF, "hand": "7c", "table": "3c 9d"},
        "§1.7",
    ),
    ("three hands for four players", new_game(["3c", "4c", "5c"]), "§12.2"),
    ("an empty seat", new_game(["3c", "4c", "5c", ""]), "§12.2"),
    ("a card in two hands", new_game(["3c", "3c", "5c", "6c"]), "§12.2"),
    ("a bad card in a hand", new_game(["3c", "4x", "5c", "6c"]), "§1.3, §12.2"),
    ("28 cards in a seat", new_game([ONE_DECK_28, "BJ", "RJ", "Ks"]), "§12.2"),
    ("an unknown op", {"op": "fly"}, PROTOCOL_SECTION),
    (
        "an unknown game name",
        {"op": "classify", "rules": {"game": "chess"}, "cards": "3c"},
        PROTOCOL_SECTION,
    ),
    (
        "rules given as a name",
        {"op": "classify", "rules": "zheng_fen", "cards": "3c"},
        PROTOCOL_SECTION,
    ),
    (
        "rules without a game",
        {"op": "classify", "rules": {"players": 4}, "cards": "3c"},
        PROTOCOL_SECTION,
    ),
    ("a missing field", {"op": "classify", "rules": ZF}, PROTOCOL_SECTION),
    (
        "cards given as a list",
        {"op": "classify", "rules": ZF, "cards": ["3c"]},
        PROTOCOL_SECTION,
    ),
    ("a seed below 0", {"op": "rng", "seed": -1, "count": 1}, PROTOCOL_SECTION),
    ("a seed of 2^64", {"op": "rng", "seed": 2**64, "count": 1}, PROTOCOL_SECTION),
    ("a seed given as a string", {"op": "deal", "rules": ZF, "seed": "1"}, PROTOCOL_SECTION),
    ("a negative count", {"op": "rng", "seed": 0, "count": -1}, PROTOCOL_SECTION),
    (
        "a first drawer who is no seat",
        {"op": "deal", "rules": ZF, "seed": 0, "first_drawer": 4},
        PROTOCOL_SECTION,
    ),
    (
        "a negative first drawer",
        {"op": "deal", "rules": ZF, "seed": 0, "first_drawer": -1},
        PROTOCOL_SECTION,
    ),
    ("a leader who is no seat", {**new_game(ONE_CARD_EACH), "leader": 4}, "§12.2"),
    (
        "a leader given as a string",
        {**new_game(ONE_CARD_EACH), "leader": "0"},
        PROTOCOL_SECTION,
    ),
    (
        "hands without a leader",
        {k: v for k, v in new_game(ONE_CARD_EACH).items() if k != "leader"},
        PROTOCOL_SECTION,
    ),
    ("a new game without a seed", {"op": "new_game", "rules": ZF}, PROTOCOL_SECTION),
    (
        "a game that was never started",
        {"op": "state", "game": "no such game"},
        PROTOCOL_SECTION,
    ),
]

#: Settled by issue 23 §3 (CONFORMANCE.md §4): a game id of another type; a deal seed out
#: of range; `pass` where a combination is asked for, in any case; words and kinds in
#: capitals; a 28-card `legal_moves` hand; a card twice in one `new_game` hand.
SETTLED_23_FAULTS: list[tuple[str, dict[str, Any], str]] = [
    ("a game id of null", {"op": "state", "game": None}, PROTOCOL_SECTION),
    (
        "a game id given as a number",
        {"op": "play", "game": 0, "move": "pass"},
        PROTOCOL_SECTION,
    ),
    ("a game id given as a list", {"op": "next_match", "game": ["g0"]}, PROTOCOL_SECTION),
    ("a deal seed below 0", {"op": "deal", "rules": ZF, "seed": -1}, PROTOCOL_SECTION),
    ("a deal seed of 2^64", {"op": "deal", "rules": ZCY, "seed": 2**64}, PROTOCOL_SECTION),
    (
        "pass as the challenger",
        {"op": "beats", "rules": ZF, "challenger": "pass", "table": "3c"},
        "§1.7, §6.1",
    ),
    (
        "pass as the table",
        {"op": "beats", "rules": ZF, "challenger": "4c", "table": "pass"},
        "§1.7, §6.1",
    ),
    (
        "PASS as the table of legal moves",
        {"op": "legal_moves", "rules": ZF, "hand": "4c", "table": "PASS"},
        "§1.7, §6.1",
    ),
    (
        "a kind in capitals",
        {"op": "beats", "rules": ZF, "challenger": "PAIR 8 1: 8c 8d", "table": "7c 7d"},
        "§1.7",
    ),
    (
        "blind as a table",
        {"op": "legal_moves", "rules": ZCY, "hand": "4c", "table": "blind"},
        "§1.3",
    ),
    (
        "28 cards in a legal_moves hand",
        {"op": "legal_moves", "rules": ZF, "hand": ONE_DECK_28},
        "§1.3",
    ),
    ("a card twice in one new_game hand", new_game(["3c 3c", "4c", "5c", "6c"]), "§12.2"),
    (
        "a 28-card new_game hand with a bad card",
        new_game([ONE_DECK_28 + " 1x", "BJ", "RJ", "Ks"]),
        "§1.3, §12.2",
    ),
]

#: Lines that are no strict JSON or no UTF-8 (CONFORMANCE.md §4, §5): a `line` step's
#: characters are its bytes; `$id` stands for the request id, and without one the answer's
#: id is null.
NOT_STRICT_LINES: list[tuple[str, str]] = [
    ("NaN as a seed", '{"id": $id, "op": "rng", "seed": NaN, "count": 1}'),
    ("NaN in a field no op reads", '{"id": $id, "op": "rng", "seed": 1, "count": 1, "x": NaN}'),
    ("-Infinity as a count", '{"id": $id, "op": "rng", "seed": 1, "count": -Infinity}'),
    ("NaN as the id", '{"id": NaN, "op": "hello"}'),
    (
        "a byte that is not UTF-8 in the cards",
        '{"op": "classify", "rules": {"game": "zheng_fen"}, "cards": "3c \u00ff"}',
    ),
    (
        "a byte that is not UTF-8 in a field no op reads",
        '{"op": "rng", "seed": 1, "count": 1, "x": "\u00c3("}',
    ),
]


def game_error_cases() -> Iterator[dict[str, Any]]:
    """Games with refused decisions (``illegal_move``), each followed by the unchanged state:
    ``next_match`` during a match, a pass when leading, a declaration in Zheng Fen, a move that
    cannot be read, cards not held, a play in a declaration phase, anything after the end; and
    moves in bare card notation (read at their strongest legal reading, CONFORMANCE.md §4) or
    with white space around them (CONFORMANCE.md §1)."""
    yield from refused_word_cases()
    yield from notation_game_cases()
    yield from refused_position_cases()


def refused_word_cases() -> Iterator[dict[str, Any]]:
    """Decisions refused in a dealt game, in Zheng Fen and in the declarations, and words and
    kinds written in capitals."""
    zf_refused = ["next_match", "pass", "blind", "1x", "single 3 1: 3c", "3h 4h"]
    yield scripted_case(
        "refused: decisions during a Zheng Fen match",
        ZF,
        {"seed": 5},
        [*zf_refused, "4h 4s", "pair 4 1: 4h 4s"],
        "§12.1, §12.3",
    )
    zcy_refused = ["declare", "single 3 1: 3c", "next_match", "pass", "blind", "blind", "pass"]
    yield scripted_case(
        "refused: decisions in the declarations", ZCY, {"seed": 5}, zcy_refused, "§11.2, §12.1"
    )
    # Only card tokens are read in any case: `PASS`, `Blind`, a kind in capitals are moves that
    # cannot be read (CONFORMANCE.md §1, §4); the same moves in lower case are then played.
    capitals = ["PAIR 4 1: 4H 4S", "Pair 4 1: 4h 4s", "pair 4 1: 4H 4S", "PASS", "Pass", "pass"]
    yield scripted_case(
        "refused: words and kinds in capitals, Zheng Fen", ZF, {"seed": 5}, capitals, "§1.3, §12.1"
    )
    yield scripted_case(
        "refused: words in capitals in the declarations",
        ZCY,
        {"seed": 5},
        ["BLIND", "Declare", "Pass", "blind"],
        "§1.3, §11.2, §12.1",
    )


def refused_position_cases() -> Iterator[dict[str, Any]]:
    """A false reading of cards held; a leader without hands, ignored; decisions after a match
    and after the game."""
    # A well-formed notation that is no reading of cards the player holds is an illegal_move,
    # not an invalid_combo (CONFORMANCE.md §4): a pair of unequal cards, a single at a value it
    # does not have; then the true reading is played.
    setup = {"hands": ["3h 7c 8d", "4c", "5c", "6c"], "leader": 0}
    yield scripted_case(
        "refused: a false reading of cards held",
        ZF,
        setup,
        ["pair 7 1: 7c 8d", "single 9 1: 8d", "single 8 1: 8d"],
        "§1.7, §12.1",
    )
    # A leader without hands is a field new_game does not take then: ignored, the seed deals
    # and the rules choose the leader (seat 2 holds the 3h of seed 5).
    yield scripted_case(
        "a leader without hands is ignored", ZF, {"seed": 5, "leader": 0}, [], "§7.1, §12.2"
    )
    rules = {**ZF, "players": 3}
    setup = {"hands": ["3c 9d", "4c Kd", "5c 5d"], "leader": 0}
    yield scripted_case(
        "refused: decisions after a match",
        rules,
        setup,
        [*played_out(rules, setup), "pass", "5c", "next_match", "next_match"],
        "§12.1, §12.2",
    )
    rules = {**ZF, "players": 3, "target": 1}
    setup = {"hands": ["3c", "4c", "5c 5d"], "leader": 0}
    yield scripted_case(
        "refused: decisions after the game",
        rules,
        setup,
        [*played_out(rules, setup), "pass", "next_match"],
        "§12.1, §12.5",
    )


def notation_game_cases() -> Iterator[dict[str, Any]]:
    """Moves written with white space around them, played; combination notations with another
    rank spelling or unreadable cards, refused (issue 33 §5; CONFORMANCE.md §1, §4)."""
    # White space around a move is no part of it: `pass`, `blind` and `declare` between spaces,
    # tabs, line ends or other Unicode White_Space are the words (RULES.md §1.3, §1.7).
    yield scripted_case(
        "white space around pass, Zheng Fen",
        ZF,
        {"seed": 5},
        ["4h 4s", " pass", "pass\t", "\u3000pass\n"],
        "§1.3, §12.1",
    )
    yield scripted_case(
        "white space around blind, declare and pass in the declarations",
        ZCY,
        {"seed": 5},
        ["\tblind", "pass ", "\u00a0pass", "pass\n", " declare ", "\u3000pass\u2028", "pass\r"],
        "§1.3, §11.2, §12.1",
    )
    # A combination notation as a move: its rank written otherwise than the canonical notation
    # writes it (`T`, lower case), or cards that cannot be read, is a move that cannot be read
    # (CONFORMANCE.md §1, §4); then the same pair, its cards in any case, is played.
    yield scripted_case(
        "refused: combination notations with another rank spelling or unreadable cards",
        ZF,
        {"hands": ["10c 10d Jc Jd 3h", "4c", "5c", "6c"], "leader": 0},
        [
            "pair T 1: 10c 10d",
            "pair j 1: Jc Jd",
            "pair J 1: Jx Jd",
            "pair J 1: Jc Jc",
            " pair 10 1: Tc TD ",
        ],
        "§1.3, §1.7, §12.1",
    )


def played_out(rules: dict[str, Any], setup: dict[str, Any]) -> list[str]:
    """The decisions of a match from ``setup`` with each player making his last legal move."""
    game = zhengfen.Game.from_hands(make_rules(rules), setup["hands"], setup["leader"])
    decisions = []
    while game.phase == "play":
        decisions.append(str(game.legal_moves()[-1]))
        game.play(decisions[-1])
    return decisions


def game_cases() -> Iterator[dict[str, Any]]:
    configs = [
        ({"game": "zheng_fen", "players": p, "target": 150}, seed)
        for p in (3, 4, 5, 6)
        for seed in (1, 2)
    ] + [
        (
            {
                "game": "zheng_fen",
                "jokers_wild": False,
                "next_leader": "best_score",
                "tie": "share",
                "target": 120,
            },
            3,
        ),
        ({"game": "zen_cheng_you", "target": 300}, 4),
        (
            {
                "game": "zen_cheng_you",
                "last_chance": True,
                "lead_after_out": "partner",
                "target": 300,
            },
            5,
        ),
    ]
    for rules, seed in configs:
        yield game_case(f"game {rules} seed {seed}", rules, {"seed": seed}, seed)
    # A game whose first deal redraws (§2.2); its later deals go on from one draw further.
    rules, draw, output = REJECTED[2]
    seed = seed_for(draw, output)
    name = f"game {rules} seed {seed}: {rejected_name(rules, draw, output)}"
    yield {**game_case(name, rules, {"seed": seed}, seed), "rules_sections": "§2.2, §2.4, §7"}
    # Every 64-bit seed deals (§2.1): the top half too, where a signed integer would fail.
    for rules, seed in [(ZF, 2**63), (ZF, 2**64 - 1), (ZCY, 2**63 + 1), (ZCY, 2**64 - 1)]:
        name = f"the first deal of seed {seed}, {rules['game']}"
        yield scripted_case(name, rules, {"seed": seed}, [], "§2.1, §2.4, §7.1, §11.1")
    # The Zen Cheng You first leader when the two 2c are split (§11.1): decided by a pair of 2d
    # (seed 21), of 3c (25), of 2s against one of 2h (1013), and by neither holding a pair (1077).
    for seed in (21, 25, 1013, 1077):
        name = f"the first leader of seed {seed}, zen_cheng_you"
        yield scripted_case(name, ZCY, {"seed": seed}, [], "§11.1 (the 2c tie-break)")
    from zhengfen.conformance.scenarios import SCENARIOS

    for s in SCENARIOS:
        setup = {"hands": s.hands, "leader": s.leader}
        yield scripted_case(s.name, s.rules, setup, s.decisions, s.sections)
    yield from game_error_cases()  # refused decisions (CONFORMANCE.md §4)


def game_case(name: str, rules: dict[str, Any], setup: dict[str, Any], seed: int) -> dict[str, Any]:
    """A seeded game played with random moves over up to three matches."""
    server = Server(zhengfen)
    server.new_game({"rules": rules, **setup})
    game = server.games["g0"]
    rng = random.Random(seed)
    decisions: list[str] = []
    for match in range(3):
        while not game.match_over:
            move = rng.choice(sorted(str(m) for m in game.legal_moves()))
            game.play(move)
            decisions.append(move)
        if game.game_over or match == 2:
            break
        game.next_match()
        decisions.append("next_match")
    return scripted_case(name, rules, setup, decisions)


def scripted_case(
    name: str,
    rules: dict[str, Any],
    setup: dict[str, Any],
    decisions: list[str],
    sections: str = "§7, §11, §12",
) -> dict[str, Any]:
    steps = [
        step({"op": "new_game", "rules": rules, **setup}),
        step({"op": "state", "game": "$game"}),
    ]
    for decision in decisions:
        op = {"op": "next_match"} if decision == "next_match" else {"op": "play", "move": decision}
        steps.append(step({**op, "game": "$game"}))
        steps.append(step({"op": "state", "game": "$game"}))
    return case(name, sections, *steps)


SECTIONS = {
    "rng": rng_cases,
    "deal": deal_cases,
    "classify": classify_cases,
    "beats": beats_cases,
    "legal_moves": legal_cases,
    "errors": error_cases,
    "games": game_cases,
}


def expected(server: Server, c: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps of a case with the answers of ``server`` as expectations."""
    steps, game = [], None
    for s in c["steps"]:
        if "line" in s:  # a raw line: its bytes as the checker sends them (checker.raw_line)
            reply = line_reply(server, s["line"])
            steps.append({"line": s["line"], "expect": expectation({"op": None}, reply, False)})
            continue
        request = dict(s["request"])
        if request.get("game") == "$game":
            request["game"] = game
        answer = server.answer(request)
        if request["op"] == "new_game" and "result" in answer:
            game = answer["result"]["game"]
        steps.append(
            {
                "request": s["request"],
                "expect": expectation(request, answer, last=s is c["steps"][-1]),
            }
        )
    return steps


def line_reply(server: Server, text: str) -> dict[str, Any]:
    """The answer to a ``line`` step's text, read as the server reads its input: lines before
    the last must be blank, and are skipped."""
    data = raw_line(text, 0)[0] + b"\n"
    found = [line for line in lines(io.BytesIO(data)) if not is_blank_line(line)]
    reply = reply_to(server, found[-1]) if len(found) == 1 else None
    assert reply is not None, text
    return reply


def is_blank_line(line: bytes | LineTooLong) -> bool:
    return not isinstance(line, LineTooLong) and is_blank(line)


def expectation(request: dict[str, Any], answer: dict[str, Any], last: bool) -> Any:
    if "error" in answer:
        return {"error": answer["error"]["kind"]}
    result = answer["result"]
    if request["op"] == "state":
        return {"result": summarize(result, full=last)}
    if request["op"] == "new_game":
        return {"result": "ok"}
    return {"result": result}


def generate(out_dirs: list[Path]) -> dict[str, int]:
    """Writes every section to each directory; writes nothing if the reference disagrees."""
    documents = {section: build(section, make) for section, make in SECTIONS.items()}
    for section, cases in documents.items():
        # One case a line: readable, diffable, and compact enough to ship in the package.
        lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cases]
        head = {"format": "zhengfen-vectors", "version": VERSION, "section": section}
        text = json.dumps(head)[:-1] + ', "cases": [\n' + ",\n".join(lines) + "\n]}\n"
        for out in out_dirs:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{section}.json").write_text(text, encoding="utf-8")
    return {section: len(cases) for section, cases in documents.items()}


def build(section: str, make: Callable[[], Iterator[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The cases of a section with their expectations, agreed by both implementations."""
    cases = []
    for c in make():
        ours = expected(Server(zhengfen), c)
        theirs = expected(Server(reference, "reference"), c)
        if ours != theirs:
            raise SystemExit(f"the reference disagrees on {section} case '{c['name']}'")
        cases.append({**c, "steps": ours})
    return cases
