"""The cases of the rules' functions (CONFORMANCE.md §2): the SplitMix64 stream and the deal
(RULES.md §2), classification (§4, §5), which play beats which (§5) and the legal moves (§6),
each written as combination notation and as cards."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import zhengfen
from zhengfen.conformance.cases import (
    RULE_SETS,
    ZCY,
    ZF,
    ZF_TAME,
    case,
    make_rules,
    printable,
    step,
    strongest,
)
from zhengfen.conformance.seeds import REJECTED, rejected_name, seed_for


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
