"""The progress line of a tournament on standard error (small enough to need no library)."""

from __future__ import annotations

import sys
import time
from typing import IO

__all__ = ["ProgressBar"]


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
