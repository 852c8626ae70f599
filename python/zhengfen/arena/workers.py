"""How the arena's worker processes and the process waiting on them answer Ctrl-C (SIGINT) and
SIGTERM, wherever a tournament runs (``zhengfen arena``, the web's tournaments, the league).

- While the arena waits on its pool of processes, both are held back and raised between waits
  (:class:`DeferredSignals`): raised inside ``concurrent.futures``, they could leave a lock held.
- A worker process ignores Ctrl-C, which the main process handles by ending it, and dies at
  once on SIGTERM (:data:`WORKER_SIGNALS`, :func:`as_worker`); both are blocked while workers
  are forked, until a worker has set its handlers (:func:`forking_workers`).

What the ``zhengfen`` command makes of a signal (SIGTERM raised like Ctrl-C, the exit statuses)
is the command line's: :mod:`zhengfen.cli.signals`.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["WORKER_SIGNALS", "DeferredSignals", "as_worker", "forking_workers"]


def _main_thread() -> bool:
    """Only the main thread receives signals and may set their handlers."""
    return threading.current_thread() is threading.main_thread()


class DeferredSignals:
    """Within the block, Ctrl-C (SIGINT) and SIGTERM are recorded instead of handled, and
    :meth:`raise_held` handles the first one recorded, by the handler that was in place, at a
    point the caller chooses. Only the main thread receives signals, so elsewhere this does
    nothing; a signal ignored before the block stays ignored."""

    NAMES = ("SIGINT", "SIGTERM")

    def __init__(self) -> None:
        self._previous: dict[int, Any] = {}
        self._held: list[int] = []

    def __enter__(self) -> DeferredSignals:
        if _main_thread():
            for name in self.NAMES:
                number = getattr(signal, name)
                handler = signal.getsignal(number)
                if handler is not None and handler is not signal.SIG_IGN:
                    self._previous[number] = handler
                    signal.signal(number, self._record)
        return self

    def _record(self, number: int, frame: object) -> None:
        self._held.append(number)

    def raise_held(self) -> None:
        """Handles the first signal held, if any, as it would have been handled at once."""
        if not self._held:
            return
        number = self._held[0]
        handler = self._previous[number]
        self._restore()
        if callable(handler):
            handler(number, None)
        else:  # the default action: end the process as the signal would have
            os.kill(os.getpid(), number)

    def _restore(self) -> None:
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        self._previous.clear()

    def __exit__(self, *exc: object) -> None:
        self._restore()


WORKER_SIGNALS = {"SIGINT": "SIG_IGN", "SIGTERM": "SIG_DFL"}
"""How a worker process answers signals: it ignores Ctrl-C (the main process ends it), and
``terminate`` ends it at once (the ``zhengfen`` command turns SIGTERM into an exception in the
main process, which its workers must not inherit)."""


def _blocked() -> set[signal.Signals]:
    """The signals :func:`forking_workers` blocks: those of :data:`WORKER_SIGNALS`."""
    return {getattr(signal, name) for name in WORKER_SIGNALS}


def as_worker() -> None:
    """This process answers signals as a worker must (a pool's ``initializer``), then lets
    through those :func:`forking_workers` blocked: one sent since the fork is handled now, as a
    worker handles it."""
    for name, action in WORKER_SIGNALS.items():
        signal.signal(getattr(signal, name), getattr(signal, action))
    if hasattr(signal, "pthread_sigmask"):  # POSIX
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _blocked())


@contextmanager
def forking_workers() -> Iterator[None]:
    """Ctrl-C and SIGTERM are blocked in this thread for the block, so that processes forked in
    it start with them blocked, until :func:`as_worker` has set their handlers: a worker
    forked with this process's handlers would print a traceback on Ctrl-C, or, holding them
    back, outlive a ``terminate``. This process handles one sent meanwhile at the block's end.

    Blocking, not changing this process's handlers: a process that ignored Ctrl-C for the
    block would lose it, and one that took SIGTERM's default would die at once and leave its
    workers behind, waiting for work. Where signals cannot be blocked (Windows: no fork), this
    does nothing."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _blocked())
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
