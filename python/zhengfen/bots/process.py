"""One bot program running (BOTS.md §1, §2, §6): :class:`BotProcess` starts the command
without a shell, in a process group of its own, greets it and reads its ``hello`` within the
start-up time, writes the engine's lines without ever blocking past a deadline, reads the bot's
lines with a deadline (one ``poll`` wait on its standard output and a line buffer: no thread
between the bot and the game), caps a line at 1 MiB (read to its end and thrown away),
and drains its standard error all the time into a ring of its last 64 KiB. :meth:`close` says
``bye``, waits 2 s, then kills the whole group; a finalizer kills it when the object is dropped
or the interpreter exits (Ctrl-C included), so no bot outlives the engine that started it.

>>> BotProcess("no-such-program --fast").start()  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
zhengfen.errors.BotError: bot 'no-such-program --fast' fails to start: its command cannot be run ...
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import signal
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Mapping
from typing import Any, Final

from zhengfen.bots import messages
from zhengfen.bots.messages import MAX_LINE_BYTES, BotHello
from zhengfen.errors import BotError

__all__ = ["EOF", "OVERSIZED", "START_SECONDS", "BotProcess", "Marker", "split_command"]

START_SECONDS = 10.0
"""How long a bot has to answer the engine's ``hello`` (BOTS.md §3)."""
BYE_SECONDS = 2.0
"""How long a bot has to exit after ``bye`` before it is killed (BOTS.md §3)."""
STDERR_BYTES = 64 * 1024
"""How much of a bot's standard error (and ``log`` lines) is kept: its last 64 KiB."""
STDERR_LOG_BYTES = 4096
"""How much of what a bot wrote to standard error in a game the arena's log keeps where it
faulted (BOTS.md §1): the last 4 KiB."""
PENDING_BYTES = 16 * MAX_LINE_BYTES
"""The most the engine holds unwritten for a bot that does not read its input: past it, the
bot is stopped (it will never catch up)."""


class Marker:
    """What :meth:`BotProcess.read_line` gives instead of a line: :data:`EOF` (the bot's
    output closed: it exited) or :data:`OVERSIZED` (a line over 1 MiB, thrown away)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


EOF: Final = Marker("EOF")
OVERSIZED: Final = Marker("OVERSIZED")


class BotProcess:
    """A bot program, started by :meth:`start` from its command line ``cmd``."""

    def __init__(self, cmd: str, argv: list[str] | None = None, label: str | None = None) -> None:
        self.cmd = cmd
        self.argv = argv if argv is not None else split_command(cmd)
        self.label = label or cmd
        self.hello: BotHello | None = None
        self._popen: subprocess.Popen[bytes] | None = None
        self._poll: select.poll | None = None  # its standard output, to wait on
        self._lines = _Lines()
        self._pending = bytearray()
        self._stderr = _Ring(STDERR_BYTES)
        self._finalizer: weakref.finalize[Any, Any] | None = None

    def start(self, seconds: float | None = None) -> BotHello:
        """Starts the program, greets it and reads its ``hello`` within ``seconds`` (by
        default :data:`START_SECONDS`).
        :class:`zhengfen.BotError` naming the bot and the reason when it fails to start (the
        process is then gone)."""
        seconds = START_SECONDS if seconds is None else seconds
        try:
            self._spawn()
            self.send(messages.hello(), deadline=time.monotonic() + seconds)
            line = self._first_line(time.monotonic() + seconds, seconds)
            self.hello = messages.read_hello(line)
        except BotError as error:
            self.kill()
            raise BotError(f"bot {self.label!r} fails to start: {error}") from None
        return self.hello

    def _spawn(self) -> None:
        try:
            popen = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,  # its own group: killed with its children
            )
        except OSError as error:
            raise BotError(f"its command cannot be run ({error.strerror or error})") from None
        self._popen = popen
        self._finalizer = weakref.finalize(self, _kill_group, popen, os.getpid())
        assert popen.stdin is not None and popen.stdout is not None and popen.stderr is not None
        os.set_blocking(popen.stdin.fileno(), False)
        os.set_blocking(popen.stdout.fileno(), False)
        self._poll = select.poll()  # one wait a decision: poll is the cheapest (no selectors)
        self._poll.register(popen.stdout.fileno(), select.POLLIN)
        threading.Thread(
            target=self._stderr.drain, args=(popen.stderr,), daemon=True, name="bot-stderr"
        ).start()

    def _first_line(self, deadline: float, seconds: float) -> bytes:
        while True:
            line = self.read_line(deadline)
            if line is None:
                raise BotError(f"no hello within {seconds:g} s")
            if line is EOF:
                raise BotError(f"it exited before its hello ({self.exit_text()})")
            if line is OVERSIZED:
                raise BotError("its first line is over 1 MiB")
            if isinstance(line, bytes) and line.strip():
                return line

    @property
    def pid(self) -> int | None:
        """The process id (also its group's), once started."""
        return self._popen.pid if self._popen is not None else None

    @property
    def running(self) -> bool:
        """Whether the process was started and has not exited."""
        return self._popen is not None and self._popen.poll() is None

    def exit_text(self) -> str:
        """How the process ended, in words (``status 3``, ``killed by SIGKILL``)."""
        code = self._popen.poll() if self._popen is not None else None
        if code is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = self._popen.wait(0.2) if self._popen is not None else None
        if code is None:
            return "still running"
        if code < 0:
            return f"killed by {signal.Signals(-code).name}"
        return f"status {code}"

    def stderr_tail(self) -> str:
        """The last 64 KiB of its standard error and ``log`` lines, as text."""
        return self._stderr.text()

    def stderr_mark(self) -> int:
        """A mark of how much it has written to standard error so far, for
        :meth:`stderr_since`."""
        return self._stderr.total

    def stderr_since(self, mark: int, limit: int = STDERR_LOG_BYTES) -> str:
        """What it wrote to standard error (and ``log`` lines) after ``mark``, as text: the
        last ``limit`` bytes of it at most. A process that has exited is given 0.5 s for its
        last words to be read."""
        if self._popen is not None and self._popen.poll() is not None:
            self._stderr.done.wait(0.5)
        return self._stderr.since(mark, limit)

    def note(self, text: str) -> None:
        """Keeps ``text`` (a ``log`` line of the bot's) with its standard error."""
        self._stderr.add(f"[log] {text}\n".encode("utf-8", "replace"))

    def send(self, message: Mapping[str, Any], deadline: float | None = None) -> bool:
        """Writes ``message`` as one line. Waits for the bot to take it until ``deadline`` (a
        ``time.monotonic()`` value; ``None``: not at all), and holds what it did not take for
        the next write. ``False`` when the line is not all written by then, or the bot is
        gone."""
        self._pending += messages.encode(message)
        return self.flush(deadline)

    def flush(self, deadline: float | None = None) -> bool:
        """Writes what is held, waiting until ``deadline`` at most; ``True`` once all is
        written. A bot that stopped reading and let 16 MiB pile up is killed."""
        popen = self._popen
        if popen is None or popen.stdin is None:
            return False
        fd = popen.stdin.fileno()
        while self._pending:
            try:
                del self._pending[: os.write(fd, self._pending)]
                continue
            except BlockingIOError:
                pass
            except OSError as error:  # its input closed: it exited
                if error.errno not in (errno.EPIPE, errno.EINVAL, errno.EBADF):
                    raise
                self._pending.clear()
                return False
            if len(self._pending) > PENDING_BYTES:
                self.kill()
                return False
            left = 0.0 if deadline is None else deadline - time.monotonic()
            if left <= 0 or not _writable(fd, left):
                return False
        return True

    @property
    def held(self) -> int:
        """How many bytes of the engine's lines the bot has not taken yet (held for the next
        write: its input pipe is full)."""
        return len(self._pending)

    def read_line(self, deadline: float) -> bytes | Marker | None:
        """The bot's next line (without its line end), :data:`OVERSIZED` for one over 1 MiB,
        :data:`EOF` once its output is closed, or ``None`` when ``deadline`` (a
        ``time.monotonic()`` value) passes first."""
        popen, poll = self._popen, self._poll
        if popen is None or popen.stdout is None or poll is None:
            return EOF
        fd = popen.stdout.fileno()
        while True:
            line = self._lines.next()
            if line is not None:
                return line
            if self._lines.eof:
                return EOF
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            if poll.poll(left * 1000):
                self._lines.fill(fd)

    def close(self, seconds: float = BYE_SECONDS) -> None:
        """Says ``bye``, gives the bot ``seconds`` to exit, then kills its group (at once when
        it does not take the ``bye`` within 0.5 s: its input is full and unread)."""
        if self._popen is None:
            return
        if self._popen.poll() is None:
            if not self.send(messages.bye(), deadline=time.monotonic() + min(seconds, 0.5)):
                self.kill()  # it does not take its input: it would never read the bye
                return
            with contextlib.suppress(OSError):
                self._popen.stdin.close()  # type: ignore[union-attr]
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._popen.wait(seconds)
        self.kill()

    def kill(self) -> None:
        """Kills the process and its group now and frees what it held."""
        if self._finalizer is not None:
            self._finalizer()
        self._poll = None
        if self._popen is not None:
            for stream in (self._popen.stdin, self._popen.stdout):
                with contextlib.suppress(OSError):
                    stream.close()  # type: ignore[union-attr]
        self._lines.eof = True


def split_command(cmd: str) -> list[str]:
    """A bot's command split as a POSIX shell splits it (``shlex``, no shell run);
    :class:`zhengfen.BotError` when it cannot be, or splits into nothing.

    >>> split_command("java -cp 'my bots' Bot")
    ['java', '-cp', 'my bots', 'Bot']
    """
    import shlex

    try:
        argv = shlex.split(cmd)
    except ValueError as error:
        raise BotError(f"the command {cmd!r} cannot be split: {error}") from None
    if not argv:
        raise BotError("the command is empty: give the bot's command line")
    return argv


def _writable(fd: int, seconds: float) -> bool:
    poll = select.poll()
    poll.register(fd, select.POLLOUT)
    return bool(poll.poll(seconds * 1000))


def _kill_group(popen: subprocess.Popen[bytes], owner: int) -> None:
    """Kills ``popen``'s process group (it leads one) and reaps it, in the process that
    started it (``owner``) only: a forked worker's copy of the object leaves it alone."""
    if os.getpid() != owner:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(popen.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired, OSError):
        popen.wait(5)


class _Lines:
    """The bot's output cut into lines, a line over 1 MiB read to its end and thrown away."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.searched = 0  # bytes of the buffer known to hold no line end
        self.discarding = False
        self.eof = False

    def fill(self, fd: int) -> None:
        try:
            data = os.read(fd, 1 << 16)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.eof = True
        self.buffer += data

    def next(self) -> bytes | Marker | None:
        end = self.buffer.find(b"\n", self.searched)
        if end < 0:
            self.searched = len(self.buffer)
            if len(self.buffer) > MAX_LINE_BYTES:
                self.discarding = True
                self.buffer.clear()
                self.searched = 0
            return None
        line = bytes(self.buffer[:end])
        del self.buffer[: end + 1]
        self.searched = 0
        if self.discarding or len(line) > MAX_LINE_BYTES:
            self.discarding = False
            return OVERSIZED
        return line


class _Ring:
    """The last ``size`` bytes of a stream, read to its end by :meth:`drain` (a thread)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.chunks: deque[bytes] = deque()
        self.held = 0
        self.total = 0  # bytes ever added
        self.lock = threading.Lock()
        self.done = threading.Event()  # the stream is read to its end

    def drain(self, stream: Any) -> None:
        with contextlib.suppress(OSError, ValueError), stream:
            while data := stream.read(1 << 16):
                self.add(data)
        self.done.set()

    def add(self, data: bytes) -> None:
        with self.lock:
            self.chunks.append(data)
            self.held += len(data)
            self.total += len(data)
            while self.held - len(self.chunks[0]) >= self.size:
                self.held -= len(self.chunks.popleft())

    def text(self) -> str:
        with self.lock:
            data = b"".join(self.chunks)[-self.size :]
        return data.decode("utf-8", "replace")

    def since(self, mark: int, limit: int) -> str:
        """The bytes added after ``mark`` (a past :attr:`total`) still held, their last
        ``limit`` at most, as text."""
        with self.lock:
            data = b"".join(self.chunks)[-self.size :]
            new = min(self.total - mark, len(data), limit)
        return data[len(data) - new :].decode("utf-8", "replace") if new > 0 else ""
