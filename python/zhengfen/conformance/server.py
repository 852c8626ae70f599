"""The conformance protocol, served by one of our implementations (CONFORMANCE.md §3).

Each request is one JSON object on a line of standard input; each answer one JSON object on a
line of standard output, in order: ``{"id": …, "result": …}`` or ``{"id": …, "error": {"kind":
…, "message": …}}``. :func:`answer` handles one request for an implementation module
(``zhengfen`` or ``zhengfen.reference``), so the same code serves both.

>>> import zhengfen
>>> server = Server(zhengfen)
>>> server.answer({"id": 1, "op": "beats", "rules": {"game": "zheng_fen"},
...                "challenger": "pair 8 1: 8c 8d", "table": "pair 7 1: 7c 7d"})
{'id': 1, 'result': True}
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from types import ModuleType
from typing import IO, Any

from zhengfen.errors import (
    IllegalMoveError,
    InvalidCardsError,
    InvalidComboError,
    InvalidStateError,
    RulesError,
)

PROTOCOL_VERSION = 1

ERROR_KINDS: list[tuple[type[Exception], str]] = [
    (InvalidCardsError, "invalid_cards"),
    (RulesError, "rules"),
    (InvalidComboError, "invalid_combo"),
    (IllegalMoveError, "illegal_move"),
    (InvalidStateError, "invalid_state"),
]


class BadRequest(Exception):
    """A request the protocol does not define."""


class Server:
    """Answers protocol requests with one implementation module."""

    def __init__(self, module: ModuleType, name: str = "zhengfen") -> None:
        self.module = module
        self.name = name
        self.games: dict[str, Any] = {}

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer to one request (never raises for bad input)."""
        ident = request.get("id")
        try:
            handler = self.handlers().get(str(request.get("op")))
            if handler is None:
                raise BadRequest(f"unknown op {request.get('op')!r}")
            return {"id": ident, "result": handler(request)}
        except (BadRequest, KeyError, TypeError) as error:
            return {"id": ident, "error": {"kind": "bad_request", "message": str(error)}}
        except ValueError as error:
            kind = next((k for cls, k in ERROR_KINDS if isinstance(error, cls)), "value")
            return {"id": ident, "error": {"kind": kind, "message": str(error)}}

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        return {
            "hello": lambda r: {"name": self.name, "protocol": PROTOCOL_VERSION},
            "rng": self.rng,
            "deal": self.deal,
            "classify": self.classify,
            "beats": self.beats,
            "legal_moves": self.legal_moves,
            "new_game": self.new_game,
            "play": self.play,
            "next_match": self.next_match,
            "state": self.state,
        }

    def rules(self, spec: dict[str, Any]) -> Any:
        """A rule set from ``{"game": …, options…}``."""
        options = {k: v for k, v in spec.items() if k != "game"}
        if spec.get("game") == "zheng_fen":
            return self.module.Rules.zheng_fen(**options)
        if spec.get("game") == "zen_cheng_you":
            return self.module.Rules.zen_cheng_you(**options)
        raise BadRequest(f"unknown game {spec.get('game')!r}")

    def rng(self, r: dict[str, Any]) -> list[str]:
        stream = self.module.SplitMix64(int(r["seed"]))
        return [f"{stream.next():016x}" for _ in range(int(r["count"]))]

    def deal(self, r: dict[str, Any]) -> list[str]:
        hands = self.module.deal(
            self.rules(r["rules"]), int(r["seed"]), int(r.get("first_drawer", 0))
        )
        return [str(hand) for hand in hands]

    def classify(self, r: dict[str, Any]) -> list[str]:
        return [str(c) for c in self.module.classify(r["cards"], self.rules(r["rules"]))]

    def beats(self, r: dict[str, Any]) -> bool:
        return bool(self.module.beats(r["challenger"], r["table"], self.rules(r["rules"])))

    def legal_moves(self, r: dict[str, Any]) -> list[str]:
        moves = self.module.legal_moves(r["hand"], r.get("table"), self.rules(r["rules"]))
        return sorted(str(m) for m in moves)

    def new_game(self, r: dict[str, Any]) -> dict[str, str]:
        rules = self.rules(r["rules"])
        if "hands" in r:
            game = self.module.Game.from_hands(
                rules, r["hands"], int(r["leader"]), int(r.get("seed", 0))
            )
        else:
            game = self.module.Game(rules, int(r["seed"]))
        ident = f"g{len(self.games)}"
        self.games[ident] = game
        return {"game": ident}

    def game(self, r: dict[str, Any]) -> Any:
        ident = str(r["game"])
        if ident not in self.games:
            raise BadRequest(f"no game {ident!r}")
        return self.games[ident]

    def play(self, r: dict[str, Any]) -> None:
        self.game(r).play(str(r["move"]))

    def next_match(self, r: dict[str, Any]) -> None:
        self.game(r).next_match()

    def state(self, r: dict[str, Any]) -> dict[str, Any]:
        game = self.game(r)
        table = game.table
        return {
            "phase": game.phase,
            "current_player": game.current_player,
            "legal_moves": sorted(str(m) for m in game.legal_moves()),
            "table": None if table is None else str(table[0]),
            "table_player": None if table is None else table[1],
            "hands": [str(game.hand(s)) for s in range(game.rules.players)],
            "out_order": list(game.out_order),
            "match_points": list(game.match_points),
            "scores": list(game.scores),
            "winners": list(game.winners),
            "history": game.history,
        }


def serve(
    module: ModuleType, name: str, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout
) -> None:
    """Answers requests line by line until end of input or ``{"op": "quit"}``."""
    server = Server(module, name)
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            request = None
            reply: dict[str, Any] = {
                "id": None,
                "error": {"kind": "bad_request", "message": str(error)},
            }
        if isinstance(request, dict):
            if request.get("op") == "quit":
                break
            reply = server.answer(request)
        elif request is not None:
            reply = {"id": None, "error": {"kind": "bad_request", "message": "not an object"}}
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
