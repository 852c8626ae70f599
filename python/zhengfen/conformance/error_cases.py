"""The cases of requests the protocol refuses (CONFORMANCE.md §4): lines that are not JSON or
no request, unknown ops, missing or ill-typed fields, numbers out of range and impossible game
setups, each answered with its error code."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from zhengfen.conformance.cases import ZCY, ZF, case, step

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
