"""The progress of a run on standard error: a ``rich`` progress bar on a terminal (the budget
spent, the round, the learner's decisions and decisions per second of this invocation, the
loss), a plain status line about every ten seconds otherwise (a log, a pipe), neither with
``--no-progress``; and one line per evaluation in every case."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, TextColumn, TimeElapsedColumn
from rich.progress import Progress as Bar

if TYPE_CHECKING:
    from zhengfen.train.curve import Point

__all__ = ["Progress"]


class Progress:
    """Told of each round (``update``) and each evaluation (``evaluated``); a context manager
    that ends the bar, also when the run is interrupted."""

    def __init__(self, enabled: bool = True, stream: IO[str] | None = None) -> None:
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self.start = time.perf_counter()
        self.first: int | None = None
        self.last_line = 0.0
        self.bar: Bar | None = None
        if enabled and self.stream.isatty():
            self.bar = Bar(
                TextColumn("training"),
                BarColumn(),
                TextColumn("{task.percentage:>3.0f}%"),
                TextColumn("{task.fields[status]}"),
                TimeElapsedColumn(),
                console=Console(file=self.stream),
            )
            self.task = self.bar.add_task("training", total=1.0, status="starting")

    def __enter__(self) -> Progress:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.bar is not None:
            self.bar.stop()

    def status(self, counters: Any) -> str:
        """Round, decisions, decisions per second of this invocation, loss."""
        seconds = max(time.perf_counter() - self.start, 1e-9)
        rate = (counters.decisions - (self.first or 0)) / seconds
        return (
            f"round {counters.round:,}  {counters.decisions:,} decisions  "
            f"{rate:,.0f} decisions/s  loss {counters.loss:.4f}"
        )

    def begin(self, decisions: int) -> None:
        """The rounds start, at ``decisions`` (a resumed run's count)."""
        self.first, self.start = decisions, time.perf_counter()

    def update(self, counters: Any, fraction: float) -> None:
        """After a round."""
        if not self.enabled:
            return
        status = self.status(counters)
        if self.bar is not None:
            self.bar.update(self.task, completed=fraction, status=status)
            return
        now = time.perf_counter()
        if now - self.last_line >= 10.0:
            self.last_line = now
            print(f"{100 * fraction:3.0f}% {status}", file=self.stream, flush=True)

    def evaluated(self, point: Point | None) -> None:
        """After an evaluation: one line (also with ``--no-progress``, which stops only the bar
        and the status lines)."""
        if point is None:
            return
        from zhengfen.train.curve import describe

        line = (
            f"evaluation at {point.decisions:,} decisions, points per match against "
            f"{describe(point)} (duplicate deals)"
        )
        if self.bar is not None:
            self.bar.console.print(line)
        else:
            print(line, file=self.stream, flush=True)
