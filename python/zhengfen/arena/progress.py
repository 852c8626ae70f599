"""The progress of a tournament on standard error: a ``rich`` progress bar on a terminal
(games done, games per second, time elapsed and left), a plain line about once a second
otherwise (a log, a pipe), so that long work always shows it is moving."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import IO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

__all__ = ["ProgressBar"]


class RateColumn(ProgressColumn):
    """Games per second since the start."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:.1f} games/s", style="progress.data.speed")


class ProgressBar:
    """Called with the number of games just finished; a context manager that ends the bar
    (also when the work is interrupted)."""

    def __init__(self, total: int, stream: IO[str] | None = None) -> None:
        self.total = total
        self.done = 0
        self.start = time.perf_counter()
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.last = 0.0
        self.bar: Progress | None = None
        if self.tty:
            self.bar = Progress(
                TextColumn("games"),
                BarColumn(),
                MofNCompleteColumn(),
                RateColumn(),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                console=Console(file=self.stream),
            )
            self.task = self.bar.add_task("games", total=total)
            self.bar.start()

    def __call__(self, games: int) -> None:
        self.done += games
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done)
            if self.done >= self.total:
                self.close()
            return
        now = time.perf_counter()
        if now - self.last >= 1.0 or self.done == self.total:
            self.last = now
            self.line(now)

    def line(self, now: float) -> None:
        """The plain progress line."""
        rate = self.done / max(now - self.start, 1e-9)
        filled = int(30 * self.done / max(self.total, 1))
        bar = "#" * filled + "." * (30 - filled)
        print(f"[{bar}] {self.done}/{self.total} games, {rate:.1f} games/s", file=self.stream)
        self.stream.flush()

    def close(self) -> None:
        """Ends the bar on a terminal (idempotent)."""
        if self.bar is not None:
            self.bar.stop()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
