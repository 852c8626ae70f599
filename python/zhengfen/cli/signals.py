"""Signals as the ``zhengfen`` command answers them, in one place: Ctrl-C (SIGINT), SIGTERM
(``kill``, ``timeout``) and the exit statuses that report them.

- The command's main thread turns SIGTERM into :class:`Terminated`, a ``KeyboardInterrupt``
  (:func:`sigterm_raises`), so that it stops the work as Ctrl-C does: ``play`` saves, ``arena``
  ends its workers and keeps its log, ``train`` keeps its checkpoint.
- While the arena waits on its pool of processes, both are held back and raised between waits
  (:class:`DeferredSignals`): raised inside ``concurrent.futures``, they could leave a lock held.
- A worker process ignores Ctrl-C, which the main process handles by ending it, and dies at
  once on SIGTERM (:data:`WORKER_SIGNALS`, :func:`as_worker`, :func:`forking_workers`).

A reader of standard output that goes away (SIGPIPE, which Python turns into
``BrokenPipeError``) is :func:`zhengfen.cli.streams.silence_stdout`'s; its status is
:data:`BROKEN_PIPE`.

>>> stopped(Terminated()), stopped(KeyboardInterrupt())
(('terminated', 143), ('interrupted', 130))
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = [
    "BROKEN_PIPE",
    "INTERRUPTED",
    "TERMINATED",
    "WORKER_SIGNALS",
    "DeferredSignals",
    "Terminated",
    "as_worker",
    "forking_workers",
    "sigterm_raises",
    "stopped",
]

INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT, as a shell reports a process it killed)."""
BROKEN_PIPE = 141
"""Exit status when the reader of standard output went away (128 + SIGPIPE)."""
TERMINATED = 143
"""Exit status after SIGTERM (128 + SIGTERM)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``), raised in the main thread like Ctrl-C, so that it stops
    the work the same way: ``play`` saves, ``arena`` ends its workers and keeps its log."""


def stopped(stop: KeyboardInterrupt) -> tuple[str, int]:
    """What stopped the work, in a word, and the exit status that reports it."""
    return (
        ("terminated", TERMINATED) if isinstance(stop, Terminated) else ("interrupted", INTERRUPTED)
    )


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated


def _main_thread() -> bool:
    """Only the main thread receives signals and may set their handlers."""
    return threading.current_thread() is threading.main_thread()


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` for the block, where it would kill the process at once
    (its default) and this is the main thread; the previous handler is put back after."""
    if not _main_thread() or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return
    signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


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
