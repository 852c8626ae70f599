"""How the arena's worker processes and the process waiting on them answer Ctrl-C (SIGINT) and
SIGTERM, wherever a tournament runs (``zhengfen arena``, the web's tournaments, the league).

- While the arena waits on its pool of processes, both are held back and raised between waits
  (:class:`DeferredSignals`): raised inside ``concurrent.futures``, they could leave a lock held.
- A worker process ignores Ctrl-C, which the main process handles by ending it, and dies at
  once on SIGTERM (:data:`WORKER_SIGNALS`, :func:`as_worker`, :func:`forking_workers`).

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


def as_worker() -> None:
    """This process answers signals as a worker must (a pool's ``initializer``)."""
    for name, action in WORKER_SIGNALS.items():
        signal.signal(getattr(signal, name), getattr(signal, action))


@contextmanager
def forking_workers() -> Iterator[None]:
    """This process answers signals as a worker must for the block (when this is the main
    thread: only it may set signal handlers), so that processes forked in it start so."""
    if not _main_thread():
        yield
        return
    previous = {name: signal.getsignal(getattr(signal, name)) for name in WORKER_SIGNALS}
    as_worker()
    try:
        yield
    finally:
        for name, handler in previous.items():
            if handler is not None:  # None: set outside Python, cannot be put back
                signal.signal(getattr(signal, name), handler)
