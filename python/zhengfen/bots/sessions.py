"""The engine's lines of seeded games, as a bot is sent them (BOTS.md §8, §9): what
``zhengfen bot check`` sends a bot and what the vectors hold.

A *session* is a generator of engine messages: :func:`seeded_game` gives one match of a game
dealt from a seed (``game``, a ``decision`` at each of the bot's turns with a choice,
``match_end``, ``game_end``), its positions reached by the built-in agents (``greedy`` in the
even seats, ``random`` in the odd ones, each seeded), so the same seed gives the same lines.
The consumer sends back, for each ``decision``, the index of the move the bot chose
(``session.send(index)``) or ``None``; the game plays the bot's move only where ``play`` was
asked for, else the built-in agent's. :func:`unknown_session` wraps a game in what a bot must
take in its stride: fields and a message of a type it does not know, a ``fault`` notice and a
``game`` told again with ``"restarted": true``. :func:`drive` runs a session against a
function that answers each message.

>>> ids = Ids()
>>> lines = []
>>> drive(seeded_game(zhengfen.Rules.zheng_fen(players=4), 7, 1, ids, decisions=2), lines.append)
>>> [line["type"] for line in lines], ids.last
(['game', 'decision', 'decision', 'match_end', 'game_end'], 2)
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import zhengfen
from zhengfen._core import Game, Rules
from zhengfen.agents.loop import observe
from zhengfen.agents.specs import make_agent
from zhengfen.bots import messages
from zhengfen.errors import RulesError

__all__ = [
    "TABLES",
    "UNKNOWN_FIELDS",
    "UNKNOWN_MESSAGE",
    "Ids",
    "Session",
    "drive",
    "game_seed",
    "seeded_game",
    "table_name",
    "table_rules",
    "unknown_session",
]

Session = Generator[dict[str, Any], "int | None", None]
"""Engine messages out; for each ``decision``, the index the bot chose (or ``None``) in."""

TABLES: tuple[tuple[str, int], ...] = (
    ("zheng_fen", 3),
    ("zheng_fen", 4),
    ("zheng_fen", 5),
    ("zheng_fen", 6),
    ("zen_cheng_you", 4),
)
"""Every game and table size the engine plays."""

UNKNOWN_MESSAGE: dict[str, Any] = {
    "type": "zhengfen_check_unknown",
    "note": "a message of a type no bot knows: to be ignored",
    "data": {"nested": [1, 2.5, None, True], "text": "é"},
}
"""A message of a type the protocol does not have (BOTS.md §1: a bot ignores it)."""

UNKNOWN_FIELDS: dict[str, Any] = {"zhengfen_check_extra": {"unknown": ["field", 1]}}
"""Fields the protocol does not have, added to a ``game`` and to decisions."""


class Ids:
    """Decision ids, counted from 1 over a process's life (BOTS.md §3)."""

    def __init__(self) -> None:
        self.last = 0

    def next(self) -> int:
        """The next decision's id."""
        self.last += 1
        return self.last


def table_rules(game: str, players: int) -> Rules:
    """The default rules of ``game`` at ``players``; :class:`zhengfen.RulesError` for a table
    the engine does not have."""
    if game == "zheng_fen":
        return zhengfen.Rules.zheng_fen(players=players)
    if game == "zen_cheng_you":
        return zhengfen.Rules.zen_cheng_you(players=players)
    raise RulesError(f"unknown game {game!r}")


def table_name(rules: Rules) -> str:
    """How reports name a table: ``zheng_fen 4``."""
    return f"{rules.game} {rules.players}"


def game_seed(seed: int, rules: Rules, number: int) -> int:
    """The deal seed of the ``number``-th game at ``rules``' table for the check's ``seed``.

    >>> game_seed(0, zhengfen.Rules.zheng_fen(players=4), 2)
    402
    """
    offset = 1000 if rules.game == "zen_cheng_you" else 0
    return (seed * 100_000 + offset + rules.players * 100 + number) % (1 << 63)


def seeded_game(
    rules: Rules,
    seed: int,
    seat: int,
    ids: Ids,
    *,
    decisions: int | None = None,
    play: bool = False,
    time_ms: int = 1000,
    budget_ms: int = 60_000,
) -> Session:
    """One match of the game dealt from ``seed`` as the bot in ``seat`` is told it: ``game``, a
    ``decision`` (ids from ``ids``) at each of its turns with a choice (at most ``decisions``;
    the match is then played to its end without asking), ``match_end`` and ``game_end``. Each
    seat's move is its built-in agent's, the bot's own too unless ``play`` (then the index sent
    back is played)."""
    game = Game(rules, seed=seed)
    agents = [
        make_agent("greedy" if s % 2 == 0 else "random", seed=seed + s)
        for s in range(rules.players)
    ]
    yield messages.game(
        rules, seat, game_id=f"check-{seed}", seed=seed, time_ms=time_ms, budget_ms=budget_ms
    )
    asked = 0
    while (player := game.current_player) is not None:
        legal = game.legal_moves()
        move = agents[player].act(observe(game, player), legal)
        if player == seat and len(legal) > 1 and (decisions is None or asked < decisions):
            asked += 1
            message = messages.decision(game, seat, ids.next(), time_ms, budget_ms, legal)
            chosen = yield message
            if play and chosen is not None:
                move = legal[chosen]
        game.play(move)
    yield messages.match_end(game, seat)
    yield messages.game_end(game)


def unknown_session(inner: Session) -> Session:
    """``inner`` (a session of at least two decisions) with what a bot must take in its stride:
    unknown fields on its ``game`` and decisions, a message of an unknown type before the first
    decision, a ``fault`` notice after it (its ``played`` the first legal move), and the
    ``game`` told again with ``"restarted": true`` before the second."""
    reply: int | None = None
    game_message: dict[str, Any] = {}
    asked = 0
    while True:
        try:
            message = inner.send(reply)
        except StopIteration:
            return
        reply = None
        if message["type"] == "game":
            game_message = message
            yield {**message, **UNKNOWN_FIELDS}
            continue
        if message["type"] != "decision":
            yield message
            continue
        asked += 1
        if asked == 1:
            yield UNKNOWN_MESSAGE
        elif asked == 2:
            yield {**game_message, "restarted": True}
        reply = yield {**message, **UNKNOWN_FIELDS}
        if asked == 1:
            note = "a notice to test the bot: nothing was wrong"
            notice = messages.fault(message["id"], "late", note, "pass")
            yield {**notice, "played": message["legal"][0]}


def drive(session: Session, answer: Callable[[dict[str, Any]], int | None]) -> None:
    """Runs ``session``: each message to ``answer``, whose return (the bot's choice for a
    ``decision``, else ``None``) goes back into the session."""
    reply: int | None = None
    while True:
        try:
            message = session.send(reply)
        except StopIteration:
            return
        reply = answer(message)
