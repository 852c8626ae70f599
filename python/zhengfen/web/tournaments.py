"""Small tournaments started from the page: the arena (:mod:`zhengfen.arena`) run in a
background thread one deal at a time, its progress and results read while it runs (API.md,
"Tournament"): points per match per agent with their 95 % intervals, win rates, the running
interval for a plot, and the paired difference of two agents.

At most ``limits.max_tournaments`` run at once; a tournament can be cancelled, and every one is
cancelled when the server stops: the engine asks the run every 50 ms, within a move too, so the
work stops within about a move.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from zhengfen import arena
from zhengfen.arena import GameResult, Report, Tournament, deal_points, mean_interval, wilson
from zhengfen.web.limits import Limits
from zhengfen.web.problems import TooMany
from zhengfen.web.store import Store

__all__ = ["Run", "Tournaments"]

Json = dict[str, Any]
SERIES_POINTS = 50
"""The most points of each agent's running interval (the plot's)."""
LOG = logging.getLogger("zhengfen.web")


class Cancelled(Exception):
    """The tournament was cancelled."""


@dataclass
class Run:
    """A tournament running or run: its games so far, in deal order."""

    tournament: Tournament
    key: str = ""
    games: list[GameResult] = field(default_factory=list)
    games_done: int = 0
    done: bool = False
    error: str | None = None
    started: float = field(default_factory=time.monotonic)
    finished: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def games_total(self) -> int:
        return self.tournament.deals * self.tournament.rotations()

    def play(self) -> None:
        """Plays the tournament (in the background thread)."""
        try:
            arena.run(
                self.tournament,
                progress=self._progress,
                chunk_size=1,
                sink=self._keep,
                stop=self._stop,
            )
        except Cancelled:
            self.error = "cancelled"
        except Exception as error:  # reported to the page, and logged
            LOG.exception("tournament %s failed", self.key)
            self.error = f"the tournament failed: {type(error).__name__}: {error}"
        finally:
            self.finished = time.monotonic()
            self.done = True

    def _progress(self, games: int) -> None:
        with self.lock:
            self.games_done += games
        self._stop()

    def _stop(self) -> bool:
        """Asked by the engine while it plays: raises :class:`Cancelled` once cancelled."""
        if self.cancel.is_set():
            raise Cancelled
        return False

    def _keep(self, games: list[GameResult]) -> None:
        with self.lock:
            self.games.extend(games)

    def status(self) -> Json:
        """Progress and results so far (API.md)."""
        with self.lock:
            games = list(self.games)
            done_count = self.games_done
        seconds = (self.finished or time.monotonic()) - self.started
        report = Report(self.tournament, games, seconds)
        return {
            "id": self.key,
            "done": self.done,
            "error": self.error,
            "games_done": done_count,
            "games_total": self.games_total,
            "deals": self.tournament.deals,
            "agents": self.tournament.labels(),
            "seconds": round(seconds, 3),
            "rows": [_row(stats) for stats in report.stats()] if games else [],
            "series": _series(games, list(dict.fromkeys(self.tournament.labels()))),
            "difference": _difference(report) if games else None,
        }


def _row(stats: arena.AgentStats) -> Json:
    interval = stats.per_match
    low, high = wilson(stats.wins, stats.decided) if stats.decided else (None, None)
    return {
        "agent": stats.name,
        "games": stats.games,
        "matches": stats.matches,
        "points_per_match": None if interval is None else interval.mean,
        "low": None if interval is None else interval.low,
        "high": None if interval is None else interval.high,
        "wins": stats.wins,
        "decided": stats.decided,
        "win_rate": stats.wins / stats.decided if stats.decided else None,
        "win_low": low,
        "win_high": high,
    }


def _series(games: list[GameResult], names: list[str]) -> list[Json]:
    """Per agent, the running mean points per match with its interval as deals complete."""
    out = []
    for name in names:
        values = list(deal_points(games, name).values())
        step = max(1, -(-len(values) // SERIES_POINTS))
        counts = list(range(step, len(values) + 1, step))
        if values and counts[-1:] != [len(values)]:
            counts.append(len(values))
        points = []
        for n in counts:
            interval = mean_interval(values[:n])
            points.append(
                {"deals": n, "mean": interval.mean, "low": interval.low, "high": interval.high}
            )
        out.append({"agent": name, "points": points})
    return out


def _difference(report: Report) -> Json | None:
    paired = report.difference()
    if paired is None:
        return None
    first, second, interval = paired
    return {
        "first": first,
        "second": second,
        "mean": interval.mean,
        "low": interval.low,
        "high": interval.high,
        "deals": interval.n,
    }


class Tournaments:
    """The server's tournaments: started, read, cancelled, and all stopped at shutdown."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.store: Store[Run] = Store(
            "tournament", limits.kept_tournaments, limits.idle_seconds, evict=True, prefix="u"
        )
        self._running: list[tuple[Run, threading.Thread]] = []
        self._lock = threading.Lock()

    def start(self, planned: Tournament) -> Run:
        """Starts the tournament (read from its request by :func:`zhengfen.web.inputs.tournament`)
        in a thread. The running ones are
        counted here, not in the store: one the store forgot (idle, or the least recently read
        when full) runs on until it ends or the server stops."""
        with self._lock:
            self._running = [(run, t) for run, t in self._running if t.is_alive()]
            running = sum(1 for run, _ in self._running if not run.done)
            if running >= self.limits.max_tournaments:
                raise TooMany(f"{running} tournaments are running (the limit): wait for one to end")
            run = Run(planned)
            run.key = self.store.add(run)
            thread = threading.Thread(target=run.play, name=f"tournament {run.key}", daemon=True)
            self._running.append((run, thread))
            thread.start()
        return run

    def cancel(self, key: str) -> None:
        """Stops a tournament (within about a move) and forgets it."""
        self.store.remove(key).cancel.set()

    def shutdown(self, wait: float = 5.0) -> None:
        """Cancels every tournament and waits up to ``wait`` seconds for them to stop."""
        with self._lock:
            running = list(self._running)
        for run, _ in running:
            run.cancel.set()
        deadline = time.monotonic() + wait
        for _, thread in running:
            thread.join(max(0.0, deadline - time.monotonic()))
