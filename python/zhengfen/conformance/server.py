"""The conformance protocol, served by one of our implementations (CONFORMANCE.md §4).

Each request is one JSON object on a line of standard input; each answer one JSON object on a
line of standard output, in order: ``{"id": …, "result": …}`` or ``{"id": …, "error": {"kind":
…, "message": …}}``. :meth:`Server.answer` handles one request for an implementation module
(``zhengfen`` or ``zhengfen.reference``), so the same code serves both, and it checks every field
(:mod:`~zhengfen.conformance.fields`) before the engine sees it, so both answer bad input alike.

Every line gets exactly one answer, whatever it holds (:mod:`~zhengfen.conformance.wire` bounds
its length and nesting): bad input is a ``bad_request`` naming the problem, the engine's refusals
are the kinds of :data:`ERROR_KINDS`, and a failure of the server itself is an ``internal`` answer
naming the exception. The server then goes on with the next line.

>>> import zhengfen
>>> server = Server(zhengfen)
>>> server.answer({"id": 1, "op": "beats", "rules": {"game": "zheng_fen"},
...                "challenger": "pair 8 1: 8c 8d", "table": "pair 7 1: 7c 7d"})
{'id': 1, 'result': True}
>>> server.answer({"id": 2, "op": "rng", "seed": -1, "count": 1})["error"]["kind"]
'bad_request'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from types import ModuleType
from typing import IO, Any

from zhengfen.conformance import fields
from zhengfen.conformance.fields import MAX_COUNT, MAX_GAMES, U64_MAX, BadRequest
from zhengfen.conformance.wire import (
    MAX_LINE_BYTES,
    LineTooLong,
    is_blank,
    lines,
    parse,
    problem,
    readable_id,
)
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
KINDS = [kind for _, kind in ERROR_KINDS] + ["bad_request", "internal"]
"""Every error kind an answer may carry (CONFORMANCE.md §4)."""

__all__ = ["ERROR_KINDS", "KINDS", "PROTOCOL_VERSION", "BadRequest", "Server", "serve"]


def error(ident: Any, kind: str, message: str) -> dict[str, Any]:
    return {"id": ident, "error": {"kind": kind, "message": message}}


def kind_of(exception: BaseException) -> str:
    """The error kind of an exception raised while answering."""
    if isinstance(exception, BadRequest):
        return "bad_request"
    found = next((k for cls, k in ERROR_KINDS if isinstance(exception, cls)), None)
    if found is not None:
        return found
    # Fields are checked first, so any other refusal by the engine is a request it cannot take.
    return "bad_request" if isinstance(exception, ValueError) else "internal"


class Server:
    """Answers protocol requests with one implementation module."""

    def __init__(self, module: ModuleType, name: str = "zhengfen") -> None:
        self.module = module
        self.name = name
        self.games: dict[str, Any] = {}

    def answer(self, request: Any) -> dict[str, Any]:
        """The answer to one request: never raises, except on ``KeyboardInterrupt`` and
        ``SystemExit`` (a Rust panic, a ``MemoryError`` or a bug become ``internal``)."""
        ident = request.get("id") if isinstance(request, dict) else None
        try:
            if not isinstance(request, dict):
                raise BadRequest(f"a request must be a JSON object, not {fields.describe(request)}")
            op = request.get("op")
            handler = self.handlers().get(op) if isinstance(op, str) else None
            if handler is None:
                raise BadRequest(f"unknown op {fields.describe(op)}")
            return {"id": ident, "result": handler(request)}
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exception:  # a Rust PanicException is a BaseException
            kind = kind_of(exception)
            message = str(exception) or type(exception).__name__
            if kind == "internal":
                message = f"{type(exception).__name__}: {message}"
            return error(ident, kind, message)

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

    def rules(self, request: dict[str, Any]) -> Any:
        """The rule set of the request's ``rules`` field ``{"game": …, options…}``."""
        game, options = fields.rules_spec(request)
        return getattr(self.module.Rules, game)(**options)

    def rng(self, r: dict[str, Any]) -> list[str]:
        stream = self.module.SplitMix64(fields.integer(r, "seed", 0, U64_MAX))
        return [f"{stream.next():016x}" for _ in range(fields.integer(r, "count", 0, MAX_COUNT))]

    def deal(self, r: dict[str, Any]) -> list[str]:
        rules = self.rules(r)
        seed = fields.integer(r, "seed", 0, U64_MAX)
        drawer = fields.integer(r, "first_drawer", 0, rules.players - 1, default=0)
        return [str(hand) for hand in self.module.deal(rules, seed, drawer)]

    def classify(self, r: dict[str, Any]) -> list[str]:
        cards = fields.text(r, "cards")
        return [str(c) for c in self.module.classify(cards, self.rules(r))]

    def beats(self, r: dict[str, Any]) -> bool:
        challenger, table = fields.combination(r, "challenger"), fields.combination(r, "table")
        return bool(self.module.beats(challenger, table, self.rules(r)))

    def legal_moves(self, r: dict[str, Any]) -> list[str]:
        hand, table = fields.text(r, "hand"), fields.combination(r, "table", optional=True)
        return sorted(str(m) for m in self.module.legal_moves(hand, table, self.rules(r)))

    def new_game(self, r: dict[str, Any]) -> dict[str, str]:
        rules = self.rules(r)
        if len(self.games) >= MAX_GAMES:
            raise BadRequest(f"this session already holds {MAX_GAMES} games, the most it may")
        if "hands" in r:
            hands = fields.text_list(r, "hands")
            leader = fields.whole(r, "leader")
            if not 0 <= leader < rules.players:  # part of the position, as the hands are
                raise InvalidStateError(f"the leader {leader} is not a seat of {rules.players}")
            seed = fields.integer(r, "seed", 0, U64_MAX, default=0)
            game = self.module.Game.from_hands(rules, hands, leader, seed)
        else:
            game = self.module.Game(rules, fields.integer(r, "seed", 0, U64_MAX))
        ident = f"g{len(self.games)}"
        self.games[ident] = game
        return {"game": ident}

    def game(self, r: dict[str, Any]) -> Any:
        ident = fields.text(r, "game")
        if ident not in self.games:
            raise BadRequest(f"no game {fields.describe(ident)}")
        return self.games[ident]

    def play(self, r: dict[str, Any]) -> None:
        game = self.game(r)
        game.play(fields.text(r, "move"))

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


def reply_to(server: Server, line: bytes | LineTooLong) -> dict[str, Any] | None:
    """The answer to one line; ``None`` for ``quit``."""
    if isinstance(line, LineTooLong):
        return error(
            None, "bad_request", f"a line of {line.length} bytes; at most {MAX_LINE_BYTES}"
        )
    try:
        parsed = parse(line)
    except BadRequest as refused:  # not UTF-8, not JSON: no id can be read
        return error(None, "bad_request", str(refused))
    why = problem(parsed)
    if why is not None:  # refused whatever its op, `quit` included
        return error(readable_id(parsed.value), "bad_request", why)
    request = parsed.value
    if isinstance(request, dict) and request.get("op") == "quit":
        return None
    return server.answer(request)


def serve(
    module: ModuleType,
    name: str,
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
) -> None:
    """Answers requests line by line until end of input or ``{"op": "quit"}`` (blank lines,
    :func:`~zhengfen.conformance.wire.is_blank`, are skipped). Reads and writes bytes
    (standard input and output by default); a reader that goes away raises
    ``BrokenPipeError`` for the caller to end quietly."""
    source = sys.stdin.buffer if stdin is None else stdin
    sink = sys.stdout.buffer if stdout is None else stdout
    server = Server(module, name)
    for line in lines(source):
        if not isinstance(line, LineTooLong) and is_blank(line):
            continue
        reply = reply_to(server, line)
        if reply is None:
            return
        sink.write(encode(reply) + b"\n")
        sink.flush()


def encode(reply: dict[str, Any]) -> bytes:
    """One answer as strict JSON (an ``internal`` answer if it cannot be written)."""
    try:
        return json.dumps(reply, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as failure:
        ident = reply.get("id")
        safe = ident if isinstance(ident, (str, int)) or ident is None else None
        return json.dumps(error(safe, "internal", f"unwritable answer: {failure}")).encode()
