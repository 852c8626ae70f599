"""Run by ``tests/test_arena_signals.py`` in a process of its own: ``zhengfen arena --workers
2`` that sends itself a signal (``INT`` or ``TERM``, the first argument) right after it forks
its first worker, while its pool starts (``os.register_at_fork``: the moment itself, no delay).

Before the forks were made with the signals blocked, the main process answered as a worker for
the while: it ignored Ctrl-C, so the tournament played on to its end, and died at once on
SIGTERM, leaving its workers behind, waiting for work."""

from __future__ import annotations

import os
import signal
import sys

from zhengfen.cli import main

TOURNAMENT = ["arena", "--agents", "search,greedy", "--matches", "1", "--deals", "40"]
"""Seconds of work on two processes, so that a signal lost lets it finish with status 0."""


def run(name: str) -> int:
    """The command, sent ``SIG<name>`` once, just after its first fork."""
    number = getattr(signal, f"SIG{name}")
    forks: list[int] = []

    def after_fork() -> None:
        forks.append(1)
        if len(forks) == 1:
            os.kill(os.getpid(), number)

    os.register_at_fork(after_in_parent=after_fork)
    return main([*TOURNAMENT, "--workers", "2", "--no-progress"])


if __name__ == "__main__":
    sys.exit(run(sys.argv[1]))
