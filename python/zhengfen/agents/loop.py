"""The one Python loop that plays a game on with agents in some seats.

:func:`play_seats` plays the seats that have an agent (Python agents, or built-in agents
thinking in Rust) and stops where a seat has none (a person, a learner), telling its caller when
a move is made and when a match ends. :func:`play_game`, the arena's Python games, ``zhengfen
play``, the web tables and the Gymnasium env are built on it (or on :func:`take_turn`, its one
move). A move an agent returns that the game refuses raises :class:`zhengfen.IllegalMoveError`
naming the agent, its seat and the move."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zhengfen._core import Game
from zhengfen.agents.labels import agent_label
from zhengfen.agents.protocol import Agent, GameAgent
from zhengfen.errors import ArgumentError, IllegalMoveError
from zhengfen.types import Move

__all__ = ["finish_game", "observe", "play_game", "play_seats", "take_turn"]


def play_game(
    game: Game,
    agents: Sequence[Agent],
    matches: int | None = None,
    names: Sequence[str] | None = None,
) -> Game:
    """Plays ``game`` on with ``agents[seat]`` in each seat: ``matches`` more matches (the one in
    progress counts), or to the end of the game. Returns the game. ``names`` (one per seat,
    e.g. the specs the agents were made from) name the agents in errors: an illegal move raises
    :class:`zhengfen.IllegalMoveError` naming the agent, the seat and the move."""
    if len(agents) != game.rules.players:
        raise ArgumentError(f"{len(agents)} agents given for {game.rules.players} seats")
    if names is not None and len(names) != len(agents):
        raise ArgumentError(f"{len(names)} names given for {len(agents)} agents")
    try:
        play_seats(game, agents, names=names, matches=matches)
    finally:
        finish_game(game, agents)
    return game


def observe(game: Game, seat: int) -> dict[str, Any]:
    """The observation handed to the agent in ``seat``: ``game.observation(seat)`` plus
    ``"info_set"``, the seat's :class:`zhengfen.InfoSet`."""
    observation: dict[str, Any] = dict(game.observation(seat))
    observation["info_set"] = game.info_set(seat)
    return observation


def take_turn(game: Game, agent: Agent, seat: int, name: str | None = None) -> Move:
    """Asks ``agent`` (in ``seat``, the seat to move) for a move and plays it: by
    ``act_at(game, seat)`` for a :class:`~zhengfen.agents.protocol.GameAgent`, else by
    ``act(observation, legal_moves)``. A move the game refuses raises
    :class:`zhengfen.IllegalMoveError` naming the agent (``name``, or
    :func:`~zhengfen.agents.labels.agent_label`), the seat and the move; the game is
    unchanged."""
    act_at = getattr(agent, "act_at", None)  # a GameAgent (cheaper than isinstance)
    if act_at is not None:
        move: Move = act_at(game, seat)
    else:
        move = agent.act(observe(game, seat), game.legal_moves())
    try:
        game.play(move)
    except (ValueError, TypeError) as error:
        who = name or agent_label(agent)
        raise IllegalMoveError(
            f"agent {who} in seat {seat} played {move!r}, which the game refuses: {error}"
        ) from error
    return move


def finish_game(game: Game, agents: Sequence[Agent] | Mapping[int, Agent]) -> None:
    """Tells each :class:`~zhengfen.agents.protocol.GameAgent` seated in ``game`` (``agents``:
    one per seat, or a mapping from seats to agents) that the game is over or cut short; the
    other agents need not be told. Whoever plays a game with :func:`play_seats` calls this when
    it will play it no more."""
    seats = agents if isinstance(agents, Mapping) else dict(enumerate(agents))
    for seat, agent in seats.items():
        if isinstance(agent, GameAgent):
            agent.finish(game, seat)


def play_seats(
    game: Game,
    agents: Sequence[Agent] | Mapping[int, Agent],
    *,
    names: Sequence[str] | Mapping[int, str] | None = None,
    matches: int | None = None,
    on_move: Callable[[int, Move], None] | None = None,
    on_match: Callable[[Game], bool] | None = None,
) -> int | None:
    """Plays ``game`` on, each seat that has an agent (``agents``: one per seat, or a mapping
    from seats to agents) moving in turn (:func:`take_turn`, naming it by ``names``), and
    ``on_move(seat, move)`` told of each move.

    Returns the seat to move as soon as it has no agent (a person's, a learner's). Otherwise
    plays on until ``matches`` matches have ended (the one in progress counts) or the game is
    over, and returns ``None``. At each match's end (a match already over when called ends
    now), ``on_match(game)`` is called; returning ``False`` stops there, before the next match
    is started.

    >>> import zhengfen
    >>> from zhengfen.agents import GreedyAgent
    >>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
    >>> play_seats(game, {1: GreedyAgent(), 2: GreedyAgent(), 3: GreedyAgent()}, matches=1)
    0
    """
    seats = agents if isinstance(agents, Mapping) else dict(enumerate(agents))
    named = names if isinstance(names, Mapping) or names is None else dict(enumerate(names))
    if matches == 0:
        return None
    played = 0
    while True:
        while (seat := game.current_player) is not None:
            agent = seats.get(seat)
            if agent is None:
                return seat
            move = take_turn(game, agent, seat, named.get(seat) if named else None)
            if on_move is not None:
                on_move(seat, move)
        played += 1
        for seat, agent in seats.items():
            if isinstance(agent, GameAgent):
                agent.end_match(game, seat)
        go_on = on_match(game) if on_match is not None else True
        if not go_on or game.game_over or (matches is not None and played >= matches):
            return None
        game.next_match()
