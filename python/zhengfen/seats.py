"""Who sits where, which seeds they draw from, and the one loop that plays the seats.

The seating and seeding rule belongs to the core (``zhengfen_core::batch::seating``, AI.md §3);
this module re-exports it: :func:`seating` (rotation ``r`` seats agent ``(s + r) % n`` in seat
``s``), :func:`rotations` (the distinct rotations of a table), :func:`deal_seed` and
:func:`agent_seed` (the stream of the agent in a seat). ``rollouts``, ``VecGame``, the arena,
``zhengfen play`` and the Gymnasium env all follow it.

:func:`play_seats` is the one Python loop that plays a game on with agents in some seats (Python
agents, or built-in agents thinking in Rust): it stops where a seat has no agent (a person, a
learner) and tells its caller when a move is made and when a match ends. ``agents.play_game``, the
arena's Python games, ``zhengfen play`` and the Gymnasium env are built on it.

>>> import zhengfen
>>> from zhengfen.agents import GreedyAgent
>>> game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)
>>> play_seats(game, {1: GreedyAgent(), 2: GreedyAgent(), 3: GreedyAgent()}, matches=1)
0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Union

from zhengfen._core import Combo, Game, agent_seed, deal_seed, rotations, seating
from zhengfen.errors import IllegalMoveError

if TYPE_CHECKING:
    from zhengfen.agents import Agent

#: A move as ``Game.legal_moves()`` lists it: a combination, or ``"pass"``, ``"blind"``,
#: ``"declare"``.
Move = Union[Combo, str]

__all__ = [
    "Move",
    "agent_name",
    "agent_seed",
    "deal_seed",
    "observe",
    "play_seats",
    "rotations",
    "seating",
    "take_turn",
]


def observe(game: Game, seat: int) -> dict[str, Any]:
    """The observation handed to the agent in ``seat``: ``game.observation(seat)`` plus
    ``"info_set"``, the seat's :class:`zhengfen.InfoSet`."""
    observation: dict[str, Any] = dict(game.observation(seat))
    observation["info_set"] = game.info_set(seat)
    return observation


def agent_name(agent: Agent) -> str:
    """How messages name an agent: its ``spec`` where it has one, else its class."""
    spec = getattr(agent, "spec", None)
    return spec if isinstance(spec, str) and spec else type(agent).__qualname__


def take_turn(game: Game, agent: Agent, seat: int, name: str | None = None) -> Move:
    """Asks ``agent`` (in ``seat``, the seat to move) for a move and plays it. A move the game
    refuses raises :class:`zhengfen.IllegalMoveError` naming the agent (``name``, or
    :func:`agent_name`), the seat and the move; the game is unchanged."""
    move = agent.act(observe(game, seat), game.legal_moves())
    try:
        game.play(move)
    except (ValueError, TypeError) as error:
        who = name or agent_name(agent)
        raise IllegalMoveError(
            f"agent {who} in seat {seat} played {move!r}, which the game refuses: {error}"
        ) from error
    return move


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
        go_on = on_match(game) if on_match is not None else True
        if not go_on or game.game_over or (matches is not None and played >= matches):
            return None
        game.next_match()
