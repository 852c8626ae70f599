"""Signals as the ``zhengfen`` command answers them, in one place: Ctrl-C (SIGINT), SIGTERM
(``kill``, ``timeout``) and the exit statuses that report them.

- The command's main thread turns SIGTERM into :class:`Terminated`, a ``KeyboardInterrupt``
  (:func:`sigterm_raises`), so that it stops the work as Ctrl-C does: ``play`` saves, ``arena``
  ends its workers and keeps its log, ``train`` keeps its checkpoint.
- How the arena's pool of worker processes answers them (both held back while the arena waits
  on the pool; a worker ignores Ctrl-C and dies at once on SIGTERM) is the arena's, which the
  web and the league run too: :mod:`zhengfen.arena.workers`.

A reader of standard output that goes away (SIGPIPE, which Python turns into
``BrokenPipeError``) is :func:`zhengfen.cli.streams.silence_stdout`'s; its status is
:data:`BROKEN_PIPE`.

>>> stopped(Terminated()), stopped(KeyboardInterrupt())
(('terminated', 143), ('interrupted', 130))
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["BROKEN_PIPE", "INTERRUPTED", "TERMINATED", "Terminated", "sigterm_raises", "stopped"]

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


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` for the block, where it would kill the process at once
    (its default) and this is the main thread; the previous handler is put back after."""
    main = threading.current_thread() is threading.main_thread()  # only it may set handlers
    if not main or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return
    signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
