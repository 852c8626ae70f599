"""The standard streams as the ``zhengfen`` command meets them.

A stream the caller closed (``>&-``, ``2>&-``, ``<&-``: Python then sets ``sys.stdout``,
``sys.stderr`` or ``sys.stdin`` to ``None``) stands in as the null device
(:func:`stand_in_closed`), so a command that does not need it runs as with ``>/dev/null``: what
nobody can read is dropped, a progress bar on a closed standard error is not drawn, a log or a
save is still written. A command that cannot work without it refuses in one line
(:func:`require_open`: ``zhengfen play`` reads the person's moves from standard input). A reader
of standard output that goes away (a closed pipe, ``zhengfen play | head -3``) ends the output
quietly (:func:`silence_stdout`, exit status 141).

>>> require_open("stdin", "zhengfen play reads your moves from it")  # open here
"""

from __future__ import annotations

import os
import sys

from zhengfen.errors import ClosedStreamError

__all__ = ["closed", "require_open", "silence_stdout", "stand_in_closed"]

_STREAMS = (("stdin", "r"), ("stdout", "w"), ("stderr", "w"))
_closed: set[str] = set()


def stand_in_closed() -> frozenset[str]:
    """Opens the null device for each standard stream that is closed, in descriptor order (so
    each takes its own descriptor's number and child processes inherit it), and returns the
    names of those streams."""
    for name, mode in _STREAMS:
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115
            _closed.add(name)
    return frozenset(_closed)


def closed(name: str) -> bool:
    """Whether the caller had closed the standard stream ``name`` (``"stdin"``, ``"stdout"``,
    ``"stderr"``), found by :func:`stand_in_closed`."""
    return name in _closed


def require_open(name: str, why: str) -> None:
    """Refuses (:class:`zhengfen.ClosedStreamError`, one line) a command that needs the
    standard stream ``name``, which the caller closed; ``why`` says what it is needed for."""
    if closed(name):
        words = {"stdin": "input", "stdout": "output", "stderr": "error"}[name]
        raise ClosedStreamError(f"standard {words} is closed: {why}")


def silence_stdout() -> None:
    """Points standard output at the null device, so that the interpreter's last flush at exit
    does not fail again on the closed pipe (Python docs, "Note on SIGPIPE")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # standard output is not a file descriptor (a test's StringIO): nothing to flush
