"""The cases of whole games (CONFORMANCE.md §2, RULES.md §7, §11, §12): seeded games played out
and scripted ones, the rulings' positions of :mod:`zhengfen.conformance.scenarios`, and games
with refused decisions (``illegal_move``) and moves written in every accepted way."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import zhengfen
from zhengfen.conformance.cases import ZCY, ZF, case, make_rules, step
from zhengfen.conformance.seeds import REJECTED, rejected_name, seed_for
from zhengfen.conformance.server import Server


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
