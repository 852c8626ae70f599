"""``zhengfen league``: agents rated on one scale, points a match against the field.

Every pair of agents plays the same duplicate deals at one table (the arena's format: the two
alternate round the table), on one process, several or a Ray cluster as the arena runs
(:func:`zhengfen.arena.run`). The games are kept in SQLite, so adding an agent plays only its
new pairs and an interrupted league resumes. Each agent's rating, with a 95 % interval, comes
from an additive model fitted to the pairs' paired differences by weighted least squares
(AI.md §3.3).

The package, by concern: :mod:`~zhengfen.league.model` (the rating model and its bootstrap
check), :mod:`~zhengfen.league.store` (the SQLite file), :mod:`~zhengfen.league.labels` (the
labels stored games count under), :mod:`~zhengfen.league.play` (the pairs
still to play, playing them, :func:`run_league` and :func:`ratings`),
:mod:`~zhengfen.league.standings` (the ratings and pairs as a table, Markdown, JSON),
:mod:`~zhengfen.league.command` (the ``zhengfen league`` subcommand).
"""

from zhengfen.league.model import Fit, Pairing, bootstrap, fit
from zhengfen.league.play import League, default_name, ratings, run_league
from zhengfen.league.standings import MODEL, PairRow, Rating, Standings
from zhengfen.league.store import Store, default_path

__all__ = [
    "MODEL",
    "Fit",
    "League",
    "PairRow",
    "Pairing",
    "Rating",
    "Standings",
    "Store",
    "bootstrap",
    "default_name",
    "default_path",
    "fit",
    "ratings",
    "run_league",
]
