"""Running a tournament's chunks: in this process, on a pool of processes, or as Ray tasks.
Each chunk gives the same games wherever it runs; :class:`InOrder` hands finished chunks on in
deal order."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from zhengfen.arena.games import play_chunk
from zhengfen.arena.tournament import GameResult, Tournament, chunks
from zhengfen.arena.workers import DeferredSignals, as_worker, forking_workers

__all__ = ["InOrder", "Progress", "Sink", "Stop", "run"]


Progress = Callable[[int], None]
"""Called with the number of games each finished chunk adds (:func:`run`)."""
Sink = Callable[[list[GameResult]], None]
"""Handed the games of the finished chunks in deal-then-rotation order (:class:`InOrder`)."""
Stop = Callable[[], bool]
"""Asked about every 50 ms while a chunk is played whether to stop (:func:`run`)."""


def run(
    tournament: Tournament,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    sink: Sink | None = None,
    stop: Stop | None = None,
    start: int = 0,
) -> list[GameResult]:
    """Plays the tournament and returns its games in deal-then-rotation order.

    ``workers`` > 1 uses that many processes; ``ray_address`` (a cluster's ``HOST:PORT``, or
    ``"local"`` to start a local Ray; :func:`zhengfen.arena.ray_connect.connect_ray`) runs the
    chunks as Ray tasks. ``progress`` is called with the number of
    games each finished chunk adds. ``sink`` is handed the games in deal-then-rotation order
    as soon as every earlier game is done (chunks finish out of order on several processes), so
    a log written from it holds a complete prefix of the tournament whenever it stops; it may
    drop a game's ``log`` text once written, to keep memory flat.

    ``stop`` (in this process only) is asked about every 50 ms while a chunk is played, also
    within a move; when it returns true the work stops within about a move and
    ``KeyboardInterrupt`` is raised (whatever ``stop`` raises is raised instead).

    ``start`` skips the deals before it (a league resuming: :mod:`zhengfen.league`); each deal
    gives the same games whatever the deals played with it.
    """
    left = tournament.deals - start
    size = chunk_size or max(1, min(8, math.ceil(left / max(4 * workers, 8))))
    work = [(start + first, count) for first, count in chunks(left, size)]
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
            games = play_chunk(tournament, first, count, stop)
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
    is raised here; a worker killed from outside (out of memory) raises ``BrokenProcessPool``.

    Ctrl-C and SIGTERM are held back from the pool's start to its end
    (:class:`zhengfen.arena.workers.DeferredSignals`) and raised between waits: raised inside
    ``concurrent.futures``, they could leave a future's lock held, and the pool's manager
    thread, which needs it, would then keep the process from exiting. They stay held while
    :func:`_end` ends the pool, so that a second Ctrl-C cannot cut the ending short."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    results: list[GameResult] = []
    with DeferredSignals() as signals:
        pool = ProcessPoolExecutor(min(workers, len(work)), initializer=as_worker)
        try:
            with forking_workers():  # forked workers start with Ctrl-C and SIGTERM blocked
                pending = {pool.submit(play_chunk, tournament, f, n) for f, n in work}
            while pending:
                finished, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                for future in finished:
                    games = future.result()
                    results += games
                    done(games)
                signals.raise_held()
            pool.shutdown()
            signals.raise_held()
        except BaseException:
            with DeferredSignals():
                _end(pool)
            raise
    return results


MANAGER_SECONDS = 10.0
"""How long :func:`_end` waits for the pool's manager thread once the workers are ended."""


def _end(pool: Any) -> None:
    """Cancels the chunks not started, ends the workers now, then waits for the pool's manager
    thread to finish: while it closes its wake-up pipe, the interpreter's exit may write to
    that pipe (``concurrent.futures.process._python_exit`` does not take the pool's lock before
    Python 3.12), and the process would end printing "Bad file descriptor" after "interrupted".

    A worker ended while it sends a chunk's games (more than a pipe holds) leaves the manager
    thread reading the rest of that message; it gets the end of the pipe only once no process
    holds the pipe's write end, and this one holds one too (the pool's result queue). So this
    closes it, once the workers are gone: else the manager thread never finishes, and the
    interpreter's exit, which joins it without a bound (``_python_exit``), hangs after
    "terminated". This process never writes there.

    The pool's processes are ``_processes``, its manager thread ``_executor_manager_thread``,
    its result queue ``_result_queue`` (Python 3.11 to 3.14); ``shutdown`` drops all three.
    The workers are ended here, each waited for, not by ``terminate_workers`` (Python 3.14),
    which waits for none."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    result_queue = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
    writer = getattr(result_queue, "_writer", None)
    if writer is not None:
        writer.close()  # the manager thread reads on, to the end of the pipe
    if manager is not None:
        manager.join(MANAGER_SECONDS)  # bounded: stopping must never hang


def _run_ray(
    tournament: Tournament, work: list[tuple[int, int]], address: str, done: Sink
) -> list[GameResult]:
    """The chunks as Ray tasks, on the Ray :func:`~zhengfen.arena.ray_connect.ray_session`
    connects to (a connection that was there before is used and left open). The tournament, learned
    models' weights included, is put in Ray's object store once and shared by every task."""
    from zhengfen.arena.ray_connect import ray_session

    with ray_session(address):
        import ray

        task = ray.remote(play_chunk)
        shared = ray.put(tournament)
        pending = [task.remote(shared, first, count) for first, count in work]
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
