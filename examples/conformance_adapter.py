"""An example adapter: how a third-party engine speaks the zhengfen conformance protocol.

Replace the ``engine_*`` functions with calls into your own implementation; everything else is
the protocol (CONFORMANCE.md §4): read one JSON request a line from standard input, write one
JSON answer a line to standard output with the request's ``id``, flush after each, and answer
every line, however bad, with an error rather than a crash. Here the stand-in engine is
``zhengfen.reference``, so this file also shows the shape of the answers.

Check it:  zhengfen conformance check --impl "python examples/conformance_adapter.py"
"""

import json
import math
import sys

from zhengfen import reference as engine  # <- your engine here

GAMES = ("zheng_fen", "zen_cheng_you")
U64 = 2**64 - 1
games = {}


class BadRequest(Exception):
    """A request the protocol does not define: answered with the kind ``bad_request``."""


class RulesError(Exception):
    """A rule option with a value of the wrong JSON type: answered with the kind ``rules``."""


def field(r, name, kind, low=0, high=U64, default=BadRequest):
    """The field ``name`` of request ``r``: a ``str``, a ``list`` of strings, or an ``int``
    from ``low`` to ``high`` (never a bool or a float); ``default`` if missing and given."""
    if name not in r and default is not BadRequest:
        return default
    value = r.get(name)
    if kind is int:
        ok = type(value) is int and low <= value <= high
    elif kind is list:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise BadRequest(f"field {name!r}: expected {kind.__name__}, got {value!r}"[:200])
    return value


def rules(r):
    spec = field(r, "rules", dict)
    if spec.get("game") not in GAMES:
        raise BadRequest("rules.game must be zheng_fen or zen_cheng_you")
    options = {k: v for k, v in spec.items() if k != "game"}
    for name, value in options.items():  # option values: booleans, integers, strings
        if not isinstance(value, (bool, int, str)):
            raise RulesError(f"option {name!r} cannot be {value!r}")
    return getattr(engine.Rules, spec["game"])(**options)


def engine_cards_ops(op, r):
    """Stateless requests: rng, deal, classify, beats, legal_moves."""
    if op == "rng":
        stream = engine.SplitMix64(field(r, "seed", int))
        return [format(stream.next(), "016x") for _ in range(field(r, "count", int, high=10_000))]
    if op == "deal":
        rs = rules(r)
        drawer = field(r, "first_drawer", int, high=rs.players - 1, default=0)
        return [str(h) for h in engine.deal(rs, field(r, "seed", int), drawer)]
    if op == "classify":
        return [str(c) for c in engine.classify(field(r, "cards", str), rules(r))]
    if op == "beats":
        return engine.beats(field(r, "challenger", str), field(r, "table", str), rules(r))
    table = r.get("table")
    if table is not None and not isinstance(table, str):
        raise BadRequest("field 'table': expected a string or null")
    moves = engine.legal_moves(field(r, "hand", str), table, rules(r))
    return sorted(str(m) for m in moves)  # any order passes: the list is a set


def engine_new_game(r):
    rs = rules(r)
    if "hands" in r:
        hands = field(r, "hands", list)
        leader = field(r, "leader", int, low=-math.inf, high=math.inf)  # a non-seat: invalid_state
        game = engine.Game.from_hands(rs, hands, leader, field(r, "seed", int, default=0))
    else:
        game = engine.Game(rs, field(r, "seed", int))
    games[str(len(games))] = game
    return {"game": str(len(games) - 1)}


def engine_state(game):
    table = game.table
    return {
        "phase": game.phase,
        "current_player": game.current_player,
        "legal_moves": sorted(str(m) for m in game.legal_moves()),
        "table": None if table is None else str(table[0]),
        "table_player": None if table is None else table[1],
        "hands": [str(game.hand(s)) for s in range(game.rules.players)],
        "out_order": game.out_order,
        "match_points": game.match_points,
        "scores": game.scores,
        "winners": game.winners,
        "history": game.history,
    }


def engine_error_kind(error):
    """Map your errors to the protocol's kinds."""
    names = {
        "InvalidCardsError": "invalid_cards",
        "RulesError": "rules",
        "InvalidComboError": "invalid_combo",
        "IllegalMoveError": "illegal_move",
        "InvalidStateError": "invalid_state",
    }
    return names.get(type(error).__name__, "bad_request")


def answer(r):
    op = r.get("op")
    if op == "hello":
        return {"name": "example-adapter", "protocol": 1}
    if op in ("rng", "deal", "classify", "beats", "legal_moves"):
        return engine_cards_ops(op, r)
    if op == "new_game":
        return engine_new_game(r)
    if op not in ("play", "next_match", "state"):
        raise BadRequest(f"unknown op {op!r}"[:200])
    game = games.get(field(r, "game", str))
    if game is None:
        raise BadRequest("no such game")
    if op == "play":
        return game.play(field(r, "move", str))
    return game.next_match() if op == "next_match" else engine_state(game)


NOT_JSON = object()  # stands for NaN, Infinity or -Infinity: strict JSON (RFC 8259) refuses them


def readable_id(request):
    """The request's id (the last, if named twice), or None where it cannot be read: the line
    is no object, or the id holds NaN or Infinity itself (CONFORMANCE.md §4)."""
    ident = request.get("id") if isinstance(request, dict) else None
    try:
        json.dumps(ident)  # a NOT_JSON inside cannot be written
    except TypeError:
        return None
    return ident


def parse(line):
    """The request of a line, and the NaN and Infinity tokens it holds (a line with one anywhere
    is refused, and answered with its id where that can be read)."""
    strict = []
    request = json.loads(
        line.decode("utf-8"), parse_constant=lambda token: strict.append(token) or NOT_JSON
    )
    return request, strict


for line in sys.stdin.buffer:
    if not line.strip(b" \t\r\n"):  # a blank line: nothing but JSON's white space
        continue
    request = None
    try:
        request, strict = parse(line)
        if strict:
            raise BadRequest(f"not JSON: {strict[0]}")
        if not isinstance(request, dict):
            raise BadRequest("a request must be a JSON object")
        if request.get("op") == "quit":
            break
        reply = {"id": request.get("id"), "result": answer(request)}
    except Exception as error:  # every failure becomes an error answer, never a crash
        kind, message = engine_error_kind(error), str(error)
        reply = {"id": readable_id(request), "error": {"kind": kind, "message": message}}
    print(json.dumps(reply), flush=True)
