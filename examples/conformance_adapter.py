"""An example adapter: how a third-party engine speaks the zhengfen conformance protocol.

Replace the four ``engine_*`` functions with calls into your own implementation; everything
else is the protocol (CONFORMANCE.md §3): read one JSON request a line from standard input,
write one JSON answer a line to standard output, flush after each. Here the stand-in engine is
``zhengfen.reference``, so this file also shows the shape of the answers.

Check it:  zhengfen conformance check --impl "python examples/conformance_adapter.py"
"""

import json
import sys

from zhengfen import reference as engine  # <- your engine here

games = {}


def rules(spec):
    options = {k: v for k, v in spec.items() if k != "game"}
    preset = engine.Rules.zheng_fen if spec["game"] == "zheng_fen" else engine.Rules.zen_cheng_you
    return preset(**options)


def engine_cards_ops(op, r):
    """Stateless requests: rng, deal, classify, beats, legal_moves."""
    if op == "rng":
        stream = engine.SplitMix64(r["seed"])
        return [format(stream.next(), "016x") for _ in range(r["count"])]
    if op == "deal":
        return [str(h) for h in engine.deal(rules(r["rules"]), r["seed"], r.get("first_drawer", 0))]
    if op == "classify":
        return [str(c) for c in engine.classify(r["cards"], rules(r["rules"]))]
    if op == "beats":
        return engine.beats(r["challenger"], r["table"], rules(r["rules"]))
    return sorted(str(m) for m in engine.legal_moves(r["hand"], r.get("table"), rules(r["rules"])))


def engine_new_game(r):
    if "hands" in r:
        game = engine.Game.from_hands(rules(r["rules"]), r["hands"], r["leader"], r.get("seed", 0))
    else:
        game = engine.Game(rules(r["rules"]), r["seed"])
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
    game = games[r["game"]]
    if op == "play":
        return game.play(r["move"])
    if op == "next_match":
        return game.next_match()
    if op == "state":
        return engine_state(game)
    raise KeyError(f"unknown op {op!r}")


for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "quit":
        break
    try:
        reply = {"id": request.get("id"), "result": answer(request)}
    except Exception as error:  # every failure becomes an error answer, never a crash
        reply = {
            "id": request.get("id"),
            "error": {"kind": engine_error_kind(error), "message": str(error)},
        }
    print(json.dumps(reply), flush=True)
