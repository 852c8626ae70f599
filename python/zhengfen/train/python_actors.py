"""Episodes with Python agents among the opponents: a bot program (``process(cmd=...)``,
BOTS.md) or a user's class (``module:Class``), which the Rust actors cannot play. The games are
played one move at a time through :class:`zhengfen.Game`, the learner seats exactly as
``zhengfen.selfplay`` plays them (AI.md §7.6: the same epsilon draws from the same seat streams,
the model's best move, the first on ties), so the samples have ``selfplay``'s keys, types and
meaning, and with built-in opponents they are ``selfplay``'s own (``tests/test_train_bots.py``).

An opponent is made for each episode by :func:`zhengfen.agents.make_agent` with its seat's seed
(:func:`zhengfen.agents.seats.agent_seed`, as ``rollouts`` seeds it), and moves through
:func:`zhengfen.agents.take_turn` (a bot is told the game as BOTS.md says, its faults contained:
the fallback moves). Each episode is one match; the opponents are then told the game is over
(:func:`zhengfen.agents.finish_game`). No labelling search (``--search``) here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

import zhengfen
from zhengfen.agents import Agent, AgentName, finish_game, make_agent, take_turn
from zhengfen.agents.seats import agent_seed, deal_seed

__all__ = ["EPISODE_KEYS", "python_selfplay"]

Samples = dict[str, npt.NDArray[Any]]

EPISODE_KEYS = ("results", "decisions", "forced")
"""The keys of ``selfplay``'s samples that hold a row per episode, not per decision."""


def python_selfplay(
    rules: zhengfen.Rules,
    model: zhengfen.LearnedModel,
    num_episodes: int,
    seed: int,
    *,
    first_episode: int,
    agents: Sequence[AgentName | None],
    epsilon: float,
    stop: Callable[[], object] | None = None,
) -> Samples:
    """``selfplay``'s samples of episodes ``first_episode ...`` with ``agents`` (one per seat:
    ``None`` for a learner seat, else an opponent read once) played in Python. ``stop``
    returning true raises ``KeyboardInterrupt("stopped")`` before the next move."""
    empty = zhengfen.selfplay(rules, model, 0, seed, agents=list(_learners(agents)))
    rows: dict[str, list[Any]] = {key: [] for key in empty if key not in EPISODE_KEYS}
    episodes: dict[str, list[Any]] = {key: [] for key in EPISODE_KEYS}
    for episode in range(first_episode, first_episode + num_episodes):
        _episode(rules, model, seed, episode, agents, epsilon, stop, rows, episodes)
    return {key: _array(values, empty[key]) for key, values in {**rows, **episodes}.items()}


def _learners(agents: Sequence[AgentName | None]) -> list[zhengfen.AgentSpec | None]:
    """``agents`` with every opponent as ``random``: the seats for the call that gives the
    samples' empty arrays (their keys, types and widths), which plays no game."""
    return [None if agent is None else _RANDOM for agent in agents]


_RANDOM = zhengfen.AgentSpec.random()


def _array(values: list[Any], empty: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``values`` as an array of ``empty``'s type and row shape."""
    if not values:
        return empty
    return np.asarray(values, dtype=empty.dtype).reshape((len(values), *empty.shape[1:]))


def _episode(
    rules: zhengfen.Rules,
    model: zhengfen.LearnedModel,
    seed: int,
    episode: int,
    agents: Sequence[AgentName | None],
    epsilon: float,
    stop: Callable[[], object] | None,
    rows: dict[str, list[Any]],
    episodes: dict[str, list[Any]],
) -> None:
    """Episode ``episode`` (one match of its deal) played, its rows and totals appended."""
    game_seed = deal_seed(seed, episode)
    game = zhengfen.Game(rules, game_seed)
    streams = [zhengfen.SplitMix64(agent_seed(game_seed, s)) for s in range(rules.players)]
    seated: dict[int, Agent] = {
        s: make_agent(a, seed=agent_seed(game_seed, s)) for s, a in enumerate(agents) if a
    }
    movers: list[int] = []
    decisions = forced = 0
    try:
        while (seat := game.current_player) is not None:
            if stop is not None and stop():
                raise KeyboardInterrupt("stopped")
            if seat in seated:
                take_turn(game, seated[seat], seat)
                continue
            decisions += 1
            if len(game.legal_moves()) == 1:
                forced += 1
                game.play_index(0)
                continue
            row = decisions - forced - 1
            game.play_index(_learner_move(game, seat, model, streams[seat], epsilon, rows, row))
            rows["seat"].append(seat)
            rows["episode"].append(episode)
            movers.append(seat)
    finally:
        finish_game(game, seated)
    results = [game.match_result(s) for s in range(rules.players)]
    rows["target"].extend(results[s] for s in movers)
    episodes["results"].append(results)
    episodes["decisions"].append(decisions)
    episodes["forced"].append(forced)


def _learner_move(
    game: zhengfen.Game,
    seat: int,
    model: zhengfen.LearnedModel,
    stream: zhengfen.SplitMix64,
    epsilon: float,
    rows: dict[str, list[Any]],
    row: int,
) -> int:
    """The learner's move in ``seat`` (the seat to move, with at least two legal moves), drawn
    as AI.md §7.6 says, and its decision's row appended (all but ``seat``, ``episode`` and
    ``target``, which the caller adds). Returns the index of the move in the legal moves."""
    moves = game.legal_moves()
    rows["observation"].append(game.observation_tensor(seat))
    rows["scores"].append(game.score_tensor(seat))
    rows["history"].append(game.history_tensor(seat, rows=model.history_rows))
    if (stream.next() >> 11) * 2.0**-53 < epsilon:
        pick = stream.uniform(len(moves))
    else:
        pick = int(np.argmax(model.q_values(game)))  # the first on ties
    rows["move"].append(game.legal_move_features()[pick])
    rows["num_legal"].append(len(moves))
    rows["value"].append(0.0)  # no search: no value, no visits; the move played
    rows["visits"].append(0)
    rows["played"].append(True)
    rows["capped"].append(False)
    rows["decision"].append(row)
    return pick
