"""``zhengfen arena``: tournaments between agents, on one process, several, or a Ray cluster.

A tournament plays ``deals`` deals; deal ``d`` is the game seeded with ``deal_seed(seed, d)``
(AI.md §3). In the duplicate format (the default) each deal is played once per distinct rotation
of the agents round the table, so every agent sits in every seat on the same cards and the luck
of the deal cancels. A game is played to its end, or for ``matches`` matches. Seating, rotations
and seeds follow the core's rule (:mod:`zhengfen.agents.seats`).

The work is cut into chunks of deals. Each chunk gives the same games wherever it runs: in this
process, in a pool of ``workers`` processes, or as Ray tasks. So a seed names the results, and
the report does not depend on how the tournament ran. Built-in agents play in Rust
(``zhengfen.rollouts``). A user's agent (``module:Class``) puts the whole tournament in the
Python loop of :func:`zhengfen.agents.play_seats`, which gives the same games as Rust for
built-in agents.

The package, by concern: :mod:`~zhengfen.arena.tournament` (the model: what to play, a game's
result, the chunks), :mod:`~zhengfen.arena.games` (a chunk's games, in Rust or in Python),
:mod:`~zhengfen.arena.backends` (running the chunks here, on processes, on Ray),
:mod:`~zhengfen.arena.workers` (Ctrl-C and SIGTERM in the worker processes and while waiting on
them),
:mod:`~zhengfen.arena.command` (the ``zhengfen arena`` subcommand),
:mod:`~zhengfen.arena.report` (statistics, tables, writing the log),
:mod:`~zhengfen.arena.log` (the arena log's format, one JSON line a game: its one writer and
its one reader, which the web and ``zhengfen replay`` use too), :mod:`~zhengfen.arena.intervals`
(confidence intervals of a mean over the deals), :mod:`~zhengfen.arena.progress` (the progress
line), :mod:`~zhengfen.arena.ray_connect` (connecting to Ray for ``--ray``, which training and
the league use too).
"""

from zhengfen.arena.backends import InOrder, Progress, Sink, run
from zhengfen.arena.games import play_chunk, python_game, rust_chunk
from zhengfen.arena.intervals import Interval, mean_interval, t95
from zhengfen.arena.progress import ProgressBar
from zhengfen.arena.report import AgentStats, Report, deal_points, difference, wilson, write_log
from zhengfen.arena.tournament import GameResult, Tournament, chunks

__all__ = [
    "AgentStats",
    "GameResult",
    "InOrder",
    "Interval",
    "Progress",
    "ProgressBar",
    "Report",
    "Sink",
    "Tournament",
    "chunks",
    "deal_points",
    "difference",
    "mean_interval",
    "play_chunk",
    "python_game",
    "run",
    "rust_chunk",
    "t95",
    "wilson",
    "write_log",
]
