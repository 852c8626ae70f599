"""The exceptions zhengfen raises, defined once for the Rust core and the reference.

Every class is a :class:`ValueError` because each one means the caller's input is at fault.
The Rust extension imports these very classes (``zhengfen.errors``), so ``except
zhengfen.InvalidCardsError`` catches the error whichever implementation raised it.

Beside its message, an error of the core carries the values it names, as attributes a caller
can branch on: the token that is no card and its position (:class:`InvalidCardsError`), the
option, the value given and the option's bound (:class:`RulesError`), the argument, value and
bound (:class:`ArgumentError`), the seat and the move (:class:`IllegalMoveError`), and so on.
An attribute is ``None`` where the message names no such value. The pure-Python reference
names the card token as the core does (:class:`InvalidCardsError`); its other errors carry the
message only.

>>> import zhengfen
>>> try:
...     zhengfen.parse_cards("3c 1x")
... except zhengfen.InvalidCardsError as error:
...     print(error, (error.token, error.position))
unknown card token '1x' at position 2 ('1x', 2)
>>> try:
...     zhengfen.Rules.zheng_fen(target=0)
... except zhengfen.RulesError as error:
...     print(error.option, error.value, error.bound)
target 0 1 to 10000
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "BotError",
    "ClosedStreamError",
    "ConformanceError",
    "EnvError",
    "IllegalMoveError",
    "InvalidCardsError",
    "InvalidComboError",
    "InvalidStateError",
    "ModelError",
    "RayConnectionError",
    "RulesError",
    "ZhengfenError",
]


class ZhengfenError(ValueError):
    """Base class of every error zhengfen raises for bad input."""


class InvalidCardsError(ZhengfenError):
    """A card text or card set is malformed.

    Raised for an unknown token (naming it and its 1-based position), a duplicate card in a
    one-deck set, a third copy of a card in a two-deck set, or a hand too large to play.

    :ivar token: the token that is no card (``'1x'``), or the card held too often (``'5c'``).
    :ivar position: the unknown token's 1-based position in the text.
    """

    def __init__(self, message: str, token: str | None = None, position: int | None = None) -> None:
        super().__init__(message)
        self.token = token
        self.position = position


class RulesError(ZhengfenError):
    """A rule set was asked for with an unknown option or an invalid value; names the option.

    :ivar option: the option at fault (``'target'``; ``'game'`` for an unknown game).
    :ivar value: the value given, as Python writes it (``'0'``, ``"'x'"``, ``'True'``).
    :ivar bound: what the option may be, as the message states it (``'1 to 10000'``,
        ``"'first_out', 'best_score'"``, ``'True or False'``).
    """

    def __init__(
        self,
        message: str,
        option: str | None = None,
        value: str | None = None,
        bound: str | None = None,
    ) -> None:
        super().__init__(message)
        self.option = option
        self.value = value
        self.bound = bound


class InvalidComboError(ZhengfenError):
    """A combination is malformed, or is not a reading of its cards under the rules given.

    :ivar combo: the combination's text, or the cards that are no combination.
    """

    def __init__(self, message: str, combo: str | None = None) -> None:
        super().__init__(message)
        self.combo = combo


class IllegalMoveError(ZhengfenError):
    """A move that is not legal now: not in the legal list, out of turn, or in the wrong phase.

    :ivar seat: the seat whose move it was (the seat to move).
    :ivar move: the move refused, as written (``'pass'``, a combination's notation, cards).
    """

    def __init__(self, message: str, seat: int | None = None, move: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.move = move


class InvalidStateError(ZhengfenError):
    """A state that cannot be used: corrupt saved JSON, impossible hands for ``from_hands``, or a
    ``VecGame(copy=False)`` whose output arrays were made read-only or are borrowed by Rust code,
    or a ``VecGame`` called from a second thread while a call of another thread is under way
    (the batch is then left unchanged). Also a file that should hold a state and does not: a
    saved game or log that is not UTF-8 text or not a saved game (``play --load``), or a
    training checkpoint that cannot be resumed (``train --resume``: ``state.json`` unreadable or
    of another version, a data file missing or not the one it names).

    :ivar decision: the index of a saved game's decision that cannot be replayed.
    """

    def __init__(self, message: str, decision: int | None = None) -> None:
        super().__init__(message)
        self.decision = decision


class ModelError(ZhengfenError):
    """A learned model that cannot be used (AI.md §7), naming the file and the reason: not a
    safetensors file, a missing or wrong ``format``, an ``encoding_version`` other than this
    zhengfen's, a missing or unreadable metadata key, a missing, extra or misshaped tensor, a
    dtype other than float32 or float16, a value that is not finite; or a model for other rules
    (another game or player count) than those it is asked to play, or rules no shipped model
    plays (``learned`` without ``model=PATH``).

    :ivar model: the model at fault: its file, or where it came from (``'<arrays>'``).
    """

    def __init__(self, message: str, model: str | None = None) -> None:
        super().__init__(message)
        self.model = model


class ArgumentError(ZhengfenError):
    """An argument outside its range (a seed of -1, a seat past the last, ``threads=0``), or not
    one the call takes: an agent spec that cannot be read (``greedy(x)``, ``clever``), a batch
    setting that cannot work (no learner seat, a wrong number of agents or of actions, more
    games than one call plays), a user's agent class (``module:Class``) that cannot be loaded or
    built, an observation without the seat's ``info_set`` given to a built-in agent. On the
    command line: an option out of its range or malformed (``--deals 0``, ``--option x``), or a
    path that cannot serve (an output that cannot be written, a folder or a device where a file
    is read, an ``--out`` folder that holds a run already, or none to resume).

    Every integer argument follows one rule: a Python ``int`` or any object with ``__index__``
    (numpy's integers included), but not a ``bool``; the message names the argument, its range
    and the value given, e.g. ``seed must be an integer from 0 to 2**64 - 1, not -1``.

    :ivar argument: the argument at fault (``'seed'``, ``'epsilon'``, ``'agent spec'``).
    :ivar value: the value given, as the message writes it (``repr`` for a Python value).
    :ivar bound: what the argument may be, as the message states it (``'0 to 2**64 - 1'``).
    """

    def __init__(
        self,
        message: str,
        argument: str | None = None,
        value: str | None = None,
        bound: str | None = None,
    ) -> None:
        super().__init__(message)
        self.argument = argument
        self.value = value
        self.bound = bound


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong kind: a float, a string, ``None`` or a bool where an integer is
    expected, or a string where a list is. It is also a :class:`TypeError`."""


class ClosedStreamError(ZhengfenError):
    """A command needs a standard stream that its caller closed (``<&-``, ``>&-``):
    ``zhengfen play`` reads the person's moves from standard input. Names the stream and why it
    is needed (:mod:`zhengfen.cli.streams`)."""


class ConformanceError(ZhengfenError):
    """A conformance check or generation cannot run (CONFORMANCE.md): an implementation command
    that cannot be started, an unknown section, a vectors folder that cannot be read, or an
    output folder that cannot be written. (An implementation that answers wrongly is not an
    error: the checker reports it.)"""


class EnvError(ZhengfenError):
    """An environment (``zhengfen.envs``, AI.md §6) was given an option, seed or call it cannot
    take: an unknown option, a bad ``max_actions``, ``seat``, ``opponents`` or illegal-action
    setting, a seed outside 0 to 2**64 - 1, or a step before ``reset()``. Names what is wrong."""


class RayConnectionError(ZhengfenError):
    """``--ray ADDRESS`` cannot be used (:mod:`zhengfen.arena.ray_connect`): Ray is not
    installed, the address is malformed, no Ray cluster answers there in time, or the cluster
    asks for a token that is missing or that it refuses. The message says which, in one line."""


class BotError(ZhengfenError):
    """A bot program (BOTS.md) that cannot be seated: its command cannot be run, it exits or
    stays silent before its ``hello``, its ``hello`` is refused (not a ``hello``, a protocol
    other than 1, no ``name`` or ``games``), or it does not play the rules' game at their table
    size. The message names the bot and the reason in one line."""
