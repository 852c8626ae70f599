"""A bot's agent spec, ``process(cmd="...",time=...,budget=...,fallback=...,restarts=...)``
(BOTS.md §5): :class:`BotSpec` holds its values, :func:`read_bot_spec` reads its text, quoted
as agent specs quote paths (``"..."``, with ``\\"`` and ``\\\\`` inside), and
:attr:`BotSpec.spec` writes it back canonically.

>>> spec = read_bot_spec('process(cmd="python3 bot.py", time=200)')
>>> spec.spec
'process(cmd="python3 bot.py",time=200,budget=60000,fallback=greedy,restarts=3)'
>>> read_bot_spec(spec.spec) == spec
True
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from zhengfen.errors import ArgumentError

__all__ = ["FALLBACKS", "BotSpec", "is_bot_spec", "read_bot_spec"]

FALLBACKS = ("greedy", "random")
"""The built-in agents that may move for a bot's seat when it does not (BOTS.md §6)."""

_BOUNDS = {"time": (1, 600_000), "budget": (1, 86_400_000), "restarts": (0, 1000)}
"""Each number's range: a decision's time and a match's budget in milliseconds, restarts."""


@dataclass(frozen=True)
class BotSpec:
    """A bot program as an agent (BOTS.md §5): its command line ``cmd`` (split as a POSIX shell
    splits words, run without a shell), a decision's time limit ``time_ms``, a match's budget
    ``budget_ms``, the ``fallback`` agent (``greedy`` or ``random``) and how many times a
    crashed process is started again in one tournament (``restarts``). Values out of range
    raise :class:`zhengfen.ArgumentError`.

    >>> BotSpec("./bot", time_ms=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zhengfen.errors.ArgumentError: bot spec 'process(...)': time must be from 1 to 600000, not 0
    """

    cmd: str
    time_ms: int = 1000
    budget_ms: int = 60_000
    fallback: str = "greedy"
    restarts: int = 3

    def __post_init__(self) -> None:
        for key, value in (
            ("time", self.time_ms),
            ("budget", self.budget_ms),
            ("restarts", self.restarts),
        ):
            low, high = _BOUNDS[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise self.refused(f"{key} must be from {low} to {high}, not {value!r}")
        if self.fallback not in FALLBACKS:
            raise self.refused(f"fallback must be greedy or random, not {self.fallback!r}")
        if not isinstance(self.cmd, str) or not self.argv_or_none():
            raise self.refused("cmd must be a command line (a program and its arguments)")

    @property
    def spec(self) -> str:
        """The canonical spec text, every value written."""
        return (
            f"process(cmd={quoted(str(self.cmd))},time={self.time_ms},budget={self.budget_ms},"
            f"fallback={self.fallback},restarts={self.restarts})"
        )

    @property
    def argv(self) -> list[str]:
        """The command split into the program and its arguments (``shlex``, POSIX)."""
        return shlex.split(self.cmd)

    def argv_or_none(self) -> list[str] | None:
        """:attr:`argv`, or ``None`` where the command splits into nothing or cannot be split."""
        try:
            return self.argv or None
        except ValueError:
            return None

    def refused(self, why: str) -> ArgumentError:
        """The error refusing this spec, naming it."""
        return ArgumentError(f"bot spec {self.spec!r}: {why}")

    def __str__(self) -> str:
        """The canonical spec text."""
        return self.spec


def quoted(text: str) -> str:
    """``text`` as a quoted spec value: in ``"..."``, with ``"`` and ``\\`` escaped.

    >>> print(quoted('say "hi" \\\\o/'))
    "say \\"hi\\" \\\\o/"
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def is_bot_spec(text: str) -> bool:
    """Whether ``text`` names a bot program (``process(...)``), so that :func:`read_bot_spec`
    reads it rather than the core's agent parser.

    >>> is_bot_spec('process(cmd="./bot")'), is_bot_spec("greedy"), is_bot_spec("processor")
    (True, False, False)
    """
    head = text.strip()
    return head == "process" or head.startswith("process(")


def read_bot_spec(text: str) -> BotSpec:
    """The :class:`BotSpec` written ``text``: ``process(cmd=...)`` with optional ``time``,
    ``budget``, ``fallback`` and ``restarts``, in any order, blanks around each allowed.
    :class:`zhengfen.ArgumentError`, naming the spec, for anything else.

    >>> read_bot_spec('process(cmd="java -cp \\\\"my bots\\\\" Bot",fallback=random)').argv
    ['java', '-cp', 'my bots', 'Bot']
    >>> read_bot_spec("process(time=5)")
    Traceback (most recent call last):
    ...
    zhengfen.errors.ArgumentError: bot spec 'process(time=5)': cmd is required
    """
    stripped = text.strip()
    if not (stripped.startswith("process(") and stripped.endswith(")")):
        raise _refused(text, 'write it process(cmd="COMMAND", ...)')
    values: dict[str, str] = {}
    for setting in _split_settings(stripped[len("process(") : -1]):
        key, equals, value = setting.partition("=")
        key = key.strip()
        if not equals or key not in ("cmd", "fallback", *_BOUNDS):
            raise _refused(
                text, f"unknown setting {setting.strip()!r} (cmd, time, budget, fallback, restarts)"
            )
        if key in values:
            raise _refused(text, f"{key} is given twice")
        values[key] = _unquoted(text, value.strip())
    return _built(text, values)


def _built(text: str, values: dict[str, str]) -> BotSpec:
    """The spec of the settings read from ``text``, each number checked."""
    if "cmd" not in values:
        raise _refused(text, "cmd is required")
    numbers: dict[str, int] = {}
    for key in _BOUNDS:
        if key in values:
            if not values[key].isdecimal():
                raise _refused(text, f"{key} must be a whole number, not {values[key]!r}")
            numbers[key] = int(values[key])
    try:
        return BotSpec(
            values["cmd"],
            time_ms=numbers.get("time", 1000),
            budget_ms=numbers.get("budget", 60_000),
            fallback=values.get("fallback", "greedy"),
            restarts=numbers.get("restarts", 3),
        )
    except ArgumentError as error:
        why = str(error).partition("': ")[2]
        raise _refused(text, why) from None


def _split_settings(inner: str) -> list[str]:
    """``inner`` cut at the commas outside quoted values; an empty ``inner`` is no setting."""
    settings, current = [], ""
    quoted_now = escaped = False
    for char in inner:
        if quoted_now:
            escaped, quoted_now = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            quoted_now = True
        elif char == ",":
            settings.append(current)
            current = ""
            continue
        current += char
    settings.append(current)
    return [] if settings == [""] else settings


def _unquoted(text: str, value: str) -> str:
    """The text a value stands for: a quoted value without its quotes and escapes."""
    if not value.startswith('"'):
        if '"' in value:
            raise _refused(text, f"{value!r}: a '\"' outside a quoted value")
        return value
    out, chars = "", iter(value[1:])
    for char in chars:
        if char == '"':
            if rest := "".join(chars):
                raise _refused(text, f"{value!r}: text after a quoted value ({rest!r})")
            return out
        out += next(chars, "") if char == "\\" else char
    raise _refused(text, f"{value!r}: a quoted value without its closing '\"'")


def _refused(text: str, why: str) -> ArgumentError:
    return ArgumentError(f"bot spec {text.strip()!r}: {why}")
