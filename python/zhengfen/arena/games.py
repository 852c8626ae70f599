"""The games of a chunk of deals, the unit of work every backend runs: played in Rust by
``zhengfen.rollouts`` when every agent is built in, else in the Python loop of
:func:`zhengfen.agents.play_seats`. Both follow the core's seating and seeding rule
(:mod:`zhengfen.agents.seats`), so they give the same games for built-in agents."""

from __future__ import annotations

from collections.abc import Callable

import zhengfen
from zhengfen.agents import agent_label, finish_game, make_agent, play_seats
from zhengfen.agents.seats import agent_seed, deal_seed, seating
from zhengfen.arena.tournament import GameResult, Tournament
from zhengfen.bots.agent import ProcessAgent
from zhengfen.types import Move

__all__ = ["play_chunk", "python_game", "rust_chunk"]


def play_chunk(
    tournament: Tournament, first: int, count: int, stop: Callable[[], bool] | None = None
) -> list[GameResult]:
    """The games of deals ``first .. first + count`` (every rotation), in order. This is the
    unit of work sent to processes and Ray tasks. ``stop`` returning true ends the work within
    about a move, by ``KeyboardInterrupt`` (or what ``stop`` raises)."""
    if tournament.built_in():
        return rust_chunk(tournament, first, count, stop)
    return [
        python_game(tournament, deal, rotation, stop)
        for deal in range(first, first + count)
        for rotation in range(tournament.rotations())
    ]


def rust_chunk(
    tournament: Tournament, first: int, count: int, stop: Callable[[], bool] | None = None
) -> list[GameResult]:
    """The games of deals ``first .. first + count`` played by ``zhengfen.rollouts`` (which
    asks ``stop`` every 50 ms, within a move too)."""
    labels = tournament.labels()
    out = zhengfen.rollouts(
        tournament.rules,
        [agent for agent in tournament.agents if isinstance(agent, zhengfen.AgentSpec)],
        count,
        tournament.seed,
        first_deal=first,
        duplicate=tournament.duplicate,
        matches=tournament.matches,
        logs=tournament.logs,
        threads=tournament.threads,
        stop=stop,
    )
    games = out.get("games", [None] * len(out["deal"]))
    results = []
    for i, game in enumerate(games):
        results.append(
            GameResult(
                deal=int(out["deal"][i]),
                rotation=int(out["rotation"][i]),
                seed=int(out["seed"][i]),
                seating=[labels[a] for a in out["seating"][i]],
                points=[int(p) for p in out["points"][i]],
                won=[bool(w) for w in out["won"][i]],
                matches=int(out["matches"][i]),
                decisions=int(out["decisions"][i]),
                log=game.to_json() if game is not None else None,
            )
        )
    return results


def python_game(
    tournament: Tournament, deal: int, rotation: int, stop: Callable[[], bool] | None = None
) -> GameResult:
    """Deal ``deal`` at ``rotation`` played in Python: the game and every agent seeded by the
    core's rule, each match's points added per seat through its side, the game played to its
    end or to ``matches`` (at most the rules' match limit, as ``rollouts`` does); a bot
    (:class:`zhengfen.bots.ProcessAgent`) is told the game's end, and its faults in the game
    are kept with, where it faulted, what it wrote to standard error in the game. ``stop`` is
    asked after every move; true raises ``KeyboardInterrupt``."""
    rules = tournament.rules
    n = rules.players
    seed = deal_seed(tournament.seed, deal)
    seated = [tournament.agents[a] for a in seating(n, rotation)]
    names = [agent_label(agent) for agent in seated]
    agents = [
        make_agent(a, agent_seed(seed, s, rotation), instance=seated[:s].count(a))
        for s, a in enumerate(seated)
    ]
    for agent in agents:  # a bot's game is named in its messages (BOTS.md §3)
        if hasattr(agent, "game_id"):
            agent.game_id = f"arena-{tournament.seed}-{deal}-{rotation}"
    game = zhengfen.Game(rules, seed)
    points = [0] * n
    matches = 0

    def scored(game: zhengfen.Game) -> bool:
        nonlocal matches
        matches += 1
        for s in range(n):
            points[s] += game.match_points[game.side(s)]
        return True

    def moved(seat: int, move: Move) -> None:
        if stop is not None and stop():
            raise KeyboardInterrupt("stopped")

    limit = tournament.matches if tournament.matches is not None else rules.match_limit
    play_seats(game, agents, names=names, matches=limit, on_move=moved, on_match=scored)
    finish_game(game, agents)
    faults = [dict(getattr(agent, "faults", {})) for agent in agents]
    stderr = [
        agent.stderr_in_game() if fault and isinstance(agent, ProcessAgent) else ""
        for agent, fault in zip(agents, faults, strict=True)
    ]
    return GameResult(
        deal=deal,
        rotation=rotation,
        seed=seed,
        seating=names,
        points=points,
        won=[s in game.winners for s in range(n)],
        matches=matches,
        decisions=sum(1 for d in game.decisions if d != "next_match"),
        log=game.to_json() if tournament.logs else None,
        faults=faults if any(faults) else None,
        stderr=stderr if any(stderr) else None,
    )
