"""Writes the conformance vectors (CONFORMANCE.md §2) from the Rust engine.

Every case is a list of steps, each a protocol request and the answer expected. Expectations are
computed through :class:`~zhengfen.conformance.server.Server` on ``zhengfen`` and computed again
on ``zhengfen.reference``; :func:`generate` refuses to write anything the two do not agree on.
Game cases refer to their game as ``"$game"``; the checker substitutes the id the implementation
gave. Game states are expected as the summary of :func:`summarize` (legal moves by count and
digest).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen import reference
from zhengfen.conformance.server import Server

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


def rng_cases() -> Iterator[dict[str, Any]]:
    for seed in (0, 1, 42, 123456789, 2**64 - 1):
        yield case(f"SplitMix64 seed {seed}", "§2.1", step({"op": "rng", "seed": seed, "count": 8}))


def deal_cases() -> Iterator[dict[str, Any]]:
    for rules in RULE_SETS:
        for seed in (0, 1, 42):
            for drawer in (0, seed % 3):
                request = {"op": "deal", "rules": rules, "seed": seed, "first_drawer": drawer}
                yield case(f"deal {rules} seed {seed} drawer {drawer}", "§2.2-§2.4", step(request))


CLASSIFY = [
    (ZF, "7c 7d 8c 8d 9c 9d", "§4.5"),
    (ZF, "7h BJ RJ", "§4.2, §4.4"),
    (ZF, "BJ RJ", "§4.2"),
    (ZF, "4c 4d 5c 5d BJ RJ", "§4.10"),
    (ZF, "5h 6h 7h BJ RJ", "§4.10"),
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
]


def strongest(cards: str, rules: dict[str, Any]) -> str:
    return str(zhengfen.classify(cards, Server(zhengfen).rules(rules))[0])


def classify_cases() -> Iterator[dict[str, Any]]:
    for rules, cards, sections in CLASSIFY:
        yield case(
            f"classify {cards}", sections, step({"op": "classify", "rules": rules, "cards": cards})
        )
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


def beats_cases() -> Iterator[dict[str, Any]]:
    for rules, a, b, sections in BEATS:
        request = {
            "op": "beats",
            "rules": rules,
            "challenger": strongest(a, rules),
            "table": strongest(b, rules),
        }
        yield case(f"{a} on {b}", sections, step(request))


def legal_cases() -> Iterator[dict[str, Any]]:
    rng = random.Random(2)
    for i in range(48):
        rules = RULE_SETS[i % len(RULE_SETS)]
        server_rules = Server(zhengfen).rules(rules)
        size = rng.randint(6, 16 if rules is ZCY else 12)
        deck = [str(c) for c in zhengfen.shuffle_deck(server_rules.decks, rng.getrandbits(64))]
        hand, other = " ".join(deck[:size]), " ".join(deck[size : 2 * size])
        table = (
            None if i % 3 == 0 else str(rng.choice(zhengfen.legal_moves(other, None, server_rules)))
        )
        request = {"op": "legal_moves", "rules": rules, "hand": hand, "table": table}
        yield case(f"legal moves {i}", "§6, §10", step(request))


def error_cases() -> Iterator[dict[str, Any]]:
    bad = [
        ({"op": "classify", "rules": ZF, "cards": "3c 1x"}, "§1.3"),
        ({"op": "classify", "rules": ZF, "cards": "5c 5c"}, "§1.5"),
        ({"op": "classify", "rules": ZCY, "cards": "5c 5c 5c"}, "§1.5"),
        ({"op": "classify", "rules": {"game": "zheng_fen", "players": 7}, "cards": "3c"}, "§3.4"),
        (
            {"op": "classify", "rules": {"game": "zheng_fen", "colour": "red"}, "cards": "3c"},
            "§3.4",
        ),
        ({"op": "beats", "rules": ZF, "challenger": "pair 8 1: 7c 7d", "table": "3c"}, "§1.7"),
    ]
    for i, (request, sections) in enumerate(bad):
        yield case(f"error {i}", sections, step(request))


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
    from zhengfen.conformance.scenarios import SCENARIOS

    for s in SCENARIOS:
        setup = {"hands": s.hands, "leader": s.leader}
        yield scripted_case(s.name, s.rules, setup, s.decisions, s.sections)


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
