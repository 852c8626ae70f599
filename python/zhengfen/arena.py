"""``zhengfen arena``: tournaments between agents, on one process, several, or a Ray cluster.

A tournament plays ``deals`` deals; deal ``d`` is the game seeded with ``derive(seed, d)``
(AI.md §3). In the duplicate format (the default) each deal is played once per distinct rotation
of the agents round the table, so every agent sits in every seat on the same cards and the luck
of the deal cancels. A game is played to its end, or for ``matches`` matches.

The work is cut into chunks of deals. Each chunk gives the same games wherever it runs: in this
process, in a pool of ``workers`` processes, or as Ray tasks. So a seed names the results, and
the report does not depend on how the tournament ran. Built-in agents play in Rust
(``zhengfen.rollouts``). A user's agent (``module:Class``) puts the whole tournament in the
Python loop of :func:`zhengfen.agents.play`, every agent seeded from the deal, rotation and seat.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any

import zhengfen
from zhengfen.agents import Agent, make_agent, play

__all__ = ["GameResult", "InOrder", "Report", "Tournament", "run"]

BUILT_IN = ("random", "greedy", "search")


@dataclass(frozen=True)
class Tournament:
    """What to play: the rule options, one agent name per seat (at rotation 0), and how much."""

    rules: dict[str, Any]
    agents: tuple[str, ...]
    deals: int = 12
    seed: int = 0
    duplicate: bool = True
    matches: int | None = None
    logs: bool = False

    def rule_set(self) -> zhengfen.Rules:
        """The rule set."""
        return zhengfen.Rules(**self.rules)

    def built_in(self) -> bool:
        """Whether every agent is a built-in one (then Rust plays the games)."""
        return all(name.split("(", 1)[0].strip() in BUILT_IN for name in self.agents)

    def rotations(self) -> int:
        """Distinct rotations of the agents played per deal."""
        n = len(self.agents)
        if not self.duplicate:
            return 1
        return next(
            r
            for r in range(1, n + 1)
            if all(self.agents[s] == self.agents[(s + r) % n] for s in range(n))
        )


@dataclass
class GameResult:
    """One game of the tournament."""

    deal: int
    rotation: int
    seed: int
    seating: list[str]
    points: list[int]
    won: list[bool]
    matches: int
    decisions: int
    log: str | None = None

    def to_json(self) -> str:
        """One line of the log: the result and, when kept, the saved game."""
        record: dict[str, Any] = {
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "agents": self.seating,
            "points": self.points,
            "won": self.won,
            "matches": self.matches,
            "decisions": self.decisions,
        }
        if self.log is not None:
            record["game"] = json.loads(self.log)
        return json.dumps(record)


def play_chunk(tournament: Tournament, first: int, count: int) -> list[GameResult]:
    """The games of deals ``first .. first + count`` (every rotation), in order. This is the
    unit of work sent to processes and Ray tasks."""
    if tournament.built_in():
        return _rust_chunk(tournament, first, count)
    return [
        _python_game(tournament, deal, rotation)
        for deal in range(first, first + count)
        for rotation in range(tournament.rotations())
    ]


def _rust_chunk(tournament: Tournament, first: int, count: int) -> list[GameResult]:
    out = zhengfen.rollouts(
        tournament.rule_set(),
        list(tournament.agents),
        count,
        tournament.seed,
        first_deal=first,
        duplicate=tournament.duplicate,
        matches=tournament.matches,
        logs=tournament.logs,
    )
    games = out.get("games", [None] * len(out["deal"]))
    results = []
    for i, game in enumerate(games):
        results.append(
            GameResult(
                deal=int(out["deal"][i]),
                rotation=int(out["rotation"][i]),
                seed=int(out["seed"][i]),
                seating=[tournament.agents[a] for a in out["seating"][i]],
                points=[int(p) for p in out["points"][i]],
                won=[bool(w) for w in out["won"][i]],
                matches=int(out["matches"][i]),
                decisions=int(out["decisions"][i]),
                log=game.to_json() if game is not None else None,
            )
        )
    return results


def _python_game(tournament: Tournament, deal: int, rotation: int) -> GameResult:
    n = len(tournament.agents)
    seed = zhengfen.derive_seed(tournament.seed, deal)
    seating = [tournament.agents[(s + rotation) % n] for s in range(n)]
    agents: list[Agent] = [
        make_agent(name, seed=zhengfen.derive_seed(seed ^ (rotation + 1), s))
        for s, name in enumerate(seating)
    ]
    game = zhengfen.Game(tournament.rule_set(), seed)
    points = [0] * n
    matches = 0
    while True:
        play(game, agents, matches=1, names=seating)
        matches += 1
        for s in range(n):
            points[s] += game.match_points[game.side(s)]
        limit = tournament.matches is not None and matches >= tournament.matches
        if game.game_over or limit:
            break
        game.next_match()
    return GameResult(
        deal=deal,
        rotation=rotation,
        seed=seed,
        seating=seating,
        points=points,
        won=[s in game.winners for s in range(n)],
        matches=matches,
        decisions=sum(1 for d in game.decisions if d != "next_match"),
        log=game.to_json() if tournament.logs else None,
    )


def chunks(deals: int, size: int) -> Iterator[tuple[int, int]]:
    """``(first, count)`` pairs covering ``deals`` deals."""
    for first in range(0, deals, size):
        yield first, min(size, deals - first)


# --- running: here, on processes, on Ray ----------------------------------------------------

Progress = Callable[[int], None]
Sink = Callable[[list[GameResult]], None]


def run(
    tournament: Tournament,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    sink: Sink | None = None,
) -> list[GameResult]:
    """Plays the tournament and returns its games in deal-then-rotation order.

    ``workers`` > 1 uses that many processes; ``ray_address`` (an address, or ``"local"`` to
    start a local Ray) runs the chunks as Ray tasks. ``progress`` is called with the number of
    games each finished chunk adds. ``sink`` is handed the games in deal-then-rotation order
    as soon as every earlier game is done (chunks finish out of order on several processes), so
    a log written from it holds a complete prefix of the tournament whenever it stops; it may
    drop a game's ``log`` text once written, to keep memory flat.
    """
    size = chunk_size or max(1, min(8, math.ceil(tournament.deals / max(4 * workers, 8))))
    work = list(chunks(tournament.deals, size))
    in_order = InOrder([first for first, _ in work], sink)

    def done(games: list[GameResult]) -> None:
        if progress:
            progress(len(games))
        in_order.add(games)

    if ray_address is not None:
        results = _run_ray(tournament, work, ray_address, done)
    elif workers > 1:
        results = _run_processes(tournament, work, workers, done)
    else:
        results = []
        for first, count in work:
            games = play_chunk(tournament, first, count)
            results += games
            done(games)
    return sorted(results, key=_order)


def _order(game: GameResult) -> tuple[int, int]:
    return (game.deal, game.rotation)


class InOrder:
    """Hands finished chunks to a sink in the order of their first deals, each as soon as every
    earlier chunk is done."""

    def __init__(self, firsts: list[int], sink: Sink | None) -> None:
        self._firsts = firsts
        self._next = 0
        self._waiting: dict[int, list[GameResult]] = {}
        self._sink = sink

    def add(self, games: list[GameResult]) -> None:
        """A finished chunk (its games in any order)."""
        if self._sink is None or not games:
            return
        self._waiting[min(game.deal for game in games)] = sorted(games, key=_order)
        while self._next < len(self._firsts) and self._firsts[self._next] in self._waiting:
            self._sink(self._waiting.pop(self._firsts[self._next]))
            self._next += 1


def _run_processes(
    tournament: Tournament, work: list[tuple[int, int]], workers: int, done: Sink
) -> list[GameResult]:
    """The chunks on a pool of processes. The workers ignore Ctrl-C: the main process gets it,
    ends them and raises ``KeyboardInterrupt``, so an interrupted tournament prints no traceback
    per process and leaves no process behind. An error in a chunk ends the pool the same way and
    is raised here; a worker killed from outside (out of memory) raises ``BrokenProcessPool``."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    results: list[GameResult] = []
    pool = ProcessPoolExecutor(min(workers, len(work)), initializer=_ignore_interrupts)
    try:
        with _interrupts_ignored():  # forked workers start here, ignoring Ctrl-C from the start
            futures = [pool.submit(play_chunk, tournament, first, count) for first, count in work]
        for future in as_completed(futures):
            games = future.result()
            results += games
            done(games)
    except BaseException:
        _end(pool)
        raise
    pool.shutdown()
    return results


def _end(pool: Any) -> None:
    """Cancels the chunks not started and ends the workers now. The executor has a public way
    to end running work only from Python 3.14 (``terminate_workers``); before, its processes
    are ``_processes``."""
    terminate = getattr(pool, "terminate_workers", None)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    if terminate is not None:
        terminate()
        return
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


WORKER_SIGNALS = {"SIGINT": "SIG_IGN", "SIGTERM": "SIG_DFL"}
"""How a worker process answers signals: it ignores Ctrl-C (the main process ends it), and
``terminate`` ends it at once (the ``zhengfen`` command turns SIGTERM into an exception in the
main process, which its workers must not inherit)."""


def _ignore_interrupts() -> None:
    import signal

    for name, action in WORKER_SIGNALS.items():
        signal.signal(getattr(signal, name), getattr(signal, action))


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """This process answers signals as a worker must for the block (when this is the main
    thread: only it may set signal handlers), so that processes forked in it start so."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {name: signal.getsignal(getattr(signal, name)) for name in WORKER_SIGNALS}
    _ignore_interrupts()
    try:
        yield
    finally:
        for name, handler in previous.items():
            if handler is not None:  # None: set outside Python, cannot be put back
                signal.signal(getattr(signal, name), handler)


def _run_ray(
    tournament: Tournament, work: list[tuple[int, int]], address: str, done: Sink
) -> list[GameResult]:
    try:
        import ray
    except ImportError as error:
        raise RuntimeError('Ray is not installed: pip install "zhengfen[ray]"') from error
    started = not ray.is_initialized()
    if started:
        ray.init(address=None if address == "local" else address, log_to_driver=False)
    try:
        task = ray.remote(play_chunk)
        pending = [task.remote(tournament, first, count) for first, count in work]
        results: list[GameResult] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            try:
                games = ray.get(ready[0])
            except ray.exceptions.RayTaskError as error:  # the task's own error, not Ray's
                cause = getattr(error, "cause", None)
                raise cause if isinstance(cause, Exception) else error from None
            results += games
            done(games)
        return results
    finally:
        if started:
            ray.shutdown()


# --- the report ------------------------------------------------------------------------------


@dataclass
class AgentStats:
    """Everything counted for one agent."""

    name: str
    games: int = 0
    matches: int = 0
    points: int = 0
    wins: int = 0
    decided: int = 0
    by_seat: dict[int, list[int]] = field(default_factory=dict)  # seat -> [points, matches]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Report:
    """The tournament's results per agent."""

    tournament: Tournament
    games: list[GameResult]
    seconds: float

    def stats(self) -> list[AgentStats]:
        """Per distinct agent name, in the order they first appear."""
        table = {name: AgentStats(name) for name in dict.fromkeys(self.tournament.agents)}
        for game in self.games:
            for seat, name in enumerate(game.seating):
                stats = table[name]
                stats.games += 1
                stats.matches += game.matches
                stats.points += game.points[seat]
                decided = any(game.won)
                stats.decided += decided
                stats.wins += decided and game.won[seat]
                seat_stats = stats.by_seat.setdefault(seat, [0, 0])
                seat_stats[0] += game.points[seat]
                seat_stats[1] += game.matches
        return list(table.values())

    def text(self) -> str:
        """The tables printed at the end of a tournament."""
        t = self.tournament
        rules = t.rule_set()
        n_games = len(self.games)
        rate = n_games / self.seconds if self.seconds > 0 else float("inf")
        format_ = "duplicate" if t.duplicate else "single"
        length = "whole games" if t.matches is None else f"{t.matches} match(es) a game"
        lines = [
            f"{rules!r}",
            f"{t.deals} deals, {format_}, {n_games} games ({length}), seed {t.seed}, "
            f"{self.seconds:.1f} s ({rate:.1f} games/s)",
            "",
            "| agent | seat-games | pts/match | win rate [95 % CI] |",
            "|---|---|---|---|",
        ]
        stats = self.stats()
        for s in stats:
            per_match = s.points / max(s.matches, 1)
            if s.decided:
                low, high = wilson(s.wins, s.decided)
                win = f"{s.wins / s.decided:.1%} [{low:.1%}, {high:.1%}]"
            else:
                win = "n/a (no game finished)"
            lines.append(f"| {s.name} | {s.games} | {per_match:.1f} | {win} |")
        lines += ["", "Points per match by seat:", ""]
        seats = range(rules.players)
        lines.append("| agent | " + " | ".join(f"seat {s}" for s in seats) + " |")
        lines.append("|---|" + "---|" * rules.players)
        for s in stats:
            cells = []
            for seat in seats:
                points, matches = s.by_seat.get(seat, [0, 0])
                cells.append(f"{points / matches:.1f}" if matches else "-")
            lines.append(f"| {s.name} | " + " | ".join(cells) + " |")
        return "\n".join(lines)


def write_log(games: Sequence[GameResult], out: IO[str]) -> None:
    """Every game as one JSON line (``zhengfen replay`` reads them), in one write: Ctrl-C comes
    before or after it, so a log holds whole batches."""
    out.write("".join(game.to_json() + "\n" for game in games))


class ProgressBar:
    """A progress line on standard error: a bar, games done, games per second."""

    def __init__(self, total: int, stream: IO[str] | None = None) -> None:
        self.total = total
        self.done = 0
        self.start = time.perf_counter()
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.last = 0.0

    def __call__(self, games: int) -> None:
        self.done += games
        now = time.perf_counter()
        if self.tty or now - self.last >= 1.0 or self.done == self.total:
            self.last = now
            self.draw(now)

    def draw(self, now: float) -> None:
        rate = self.done / max(now - self.start, 1e-9)
        filled = int(30 * self.done / max(self.total, 1))
        bar = "#" * filled + "." * (30 - filled)
        text = f"[{bar}] {self.done}/{self.total} games, {rate:.1f} games/s"
        end = "\r" if self.tty and self.done < self.total else "\n"
        print(text, end=end, file=self.stream, flush=True)
