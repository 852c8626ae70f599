"""The opponent pool of a run (``zhengfen train --pool``): its members, the draw of each round's
seats, and the snapshots of the learner frozen into it (``--snapshot-every``).

With ``--pool`` the ``--opponents`` are a pool rather than a fixed order: in round ``r`` each
seat the learner does not hold (:func:`zhengfen.train.actors.learner_seats`) draws one member
uniformly at random from ``numpy.random.default_rng([seed, r, POOL_TAG])``, so a round's agents
depend only on the recipe and ``r``, never on threads, Ray actors, wall time or resumes.
``self`` stays a member meaning the model being trained (a seat that draws it learns too).

With ``--snapshot-every N`` the learner's model after ``s`` rounds, for every ``s`` a multiple of
``N``, is written to ``OUT/pool/round-%08d.safetensors`` (the checkpoints' model format) and is
a member, as the frozen opponent ``learned(model=that file)``, of every round after ``s``: the
pool of round ``r`` holds the snapshots ``s < r`` (with ``--snapshot-keep K``, the latest ``K``
of them), after the opponents. (Round ``s + 1`` is played with the model of the snapshot ``s``
itself, as the actors play one round behind the learner; the snapshot stays as it was.) Which
snapshots are members depends only on ``r``, ``N`` and ``K``; a snapshot is read when a seat
draws it. A resumed run reads every snapshot its coming rounds may seat before anything else
(:meth:`Pool.check`), and refuses to go on when one is missing or does not load as a model for
its rules (:class:`zhengfen.errors.InvalidStateError` naming the file), rather than stop when a
seat first draws it, maybe hours later.

>>> snapshot_rounds(7, every=2)
[2, 4, 6]
>>> snapshot_rounds(7, every=2, keep=2), snapshot_rounds(6, every=2), snapshot_rounds(2, every=2)
([4, 6], [2, 4], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

import zhengfen
from zhengfen.agents import AgentName
from zhengfen.errors import InvalidStateError
from zhengfen.train.actors import learner_seats
from zhengfen.train.checkpoint import replace_file
from zhengfen.train.config import Opponent

__all__ = ["POOL_TAG", "Pool", "snapshot_path", "snapshot_rounds"]

POOL_TAG = 0x706F6F6C
"""The last word of a round's draw seed (``pool`` in ASCII), so that the draw's stream is not
the learner's shuffle of the same round (``[seed, round]``)."""


def snapshot_rounds(round_: int, every: int, keep: int = 0) -> list[int]:
    """The snapshots (by the rounds trained before each) in the pool of round ``round_``:
    ``every``, ``2 * every``, ... below ``round_``, the latest ``keep`` (0: all); none when
    ``every`` is 0."""
    if every <= 0:
        return []
    last = (round_ - 1) // every
    first = 1 if keep <= 0 else max(1, last - keep + 1)
    return [k * every for k in range(first, last + 1)]


def snapshot_path(folder: Path, round_: int) -> Path:
    """The file of the snapshot taken after ``round_`` rounds.

    >>> snapshot_path(Path("run/pool"), 2000).name
    'round-00002000.safetensors'
    """
    return folder / f"round-{round_:08d}.safetensors"


class Pool:
    """A run's opponent pool (see the module's docstring): the opponents read once, and a
    snapshot in ``folder`` read when a seat draws it and forgotten once two draws in a row
    passed it by, so memory holds a few models however many snapshots the pool has."""

    def __init__(
        self,
        opponents: Sequence[Opponent],
        folder: Path,
        seed: int,
        every: int = 0,
        keep: int = 0,
    ) -> None:
        self.opponents = tuple(opponents)
        self.folder = folder
        self.seed = seed
        self.every = every
        self.keep = keep
        self.read: dict[int, zhengfen.AgentSpec] = {}
        self.drawn: tuple[set[int], set[int]] = (set(), set())

    def members(self, round_: int) -> list[Opponent]:
        """The pool of round ``round_``: the opponents, then its snapshots, oldest first, each
        read afresh and not held (``InvalidStateError`` naming the file of one that is
        missing); the run itself reads only the drawn ones (:meth:`seats`)."""
        rounds = snapshot_rounds(round_, self.every, self.keep)
        return [*self.opponents, *(zhengfen.AgentSpec.learned(self.file(s)) for s in rounds)]

    def check(self, round_: int, rules: zhengfen.Rules) -> None:
        """Refuses a run resumed after ``round_`` rounds whose folder lacks a snapshot the
        coming rounds seat (those in the pools of rounds ``round_`` and ``round_ + 1``), or
        holds one that does not load as a model for ``rules`` (truncated, corrupt, another
        game's): ``InvalidStateError`` naming the file. Each is read as a seat would read it
        (:meth:`snapshot`, bound to ``rules``) and let go at once, none held."""
        expected = set(snapshot_rounds(round_, self.every, self.keep))
        expected |= set(snapshot_rounds(round_ + 1, self.every, self.keep))
        for s in sorted(expected):
            path = self.file(s)
            try:
                zhengfen.AgentSpec.learned(path).bind(rules)
            except zhengfen.ModelError as error:
                reason = str(error).removeprefix(f"model {path}: ")
                raise InvalidStateError(
                    f"{path}: the pool's snapshot of round {s} does not load as a model for "
                    f"the run ({reason}; put back the file the run wrote to go on)"
                ) from error

    def file(self, round_: int) -> Path:
        """The file of the snapshot taken after ``round_`` rounds (``InvalidStateError`` when
        it is missing)."""
        path = snapshot_path(self.folder, round_)
        if not path.is_file():
            raise InvalidStateError(
                f"{path}: the pool's snapshot of round {round_} is missing (the run wrote "
                "it; put it back to go on)"
            )
        return path

    def snapshot(self, round_: int) -> zhengfen.AgentSpec:
        """The snapshot taken after ``round_`` rounds, as a frozen ``learned`` opponent, read
        once while it is held (:meth:`seats` forgets the ones no recent round drew)."""
        if round_ not in self.read:
            self.read[round_] = zhengfen.AgentSpec.learned(self.file(round_))
        return self.read[round_]

    def seats(self, rules: zhengfen.Rules, round_: int) -> list[AgentName | None]:
        """``selfplay``'s ``agents`` for round ``round_``: ``None`` in the learner's seats and
        in a seat that draws ``self``, else the member drawn.

        >>> greedy, random = zhengfen.AgentSpec.greedy(), zhengfen.AgentSpec.random()
        >>> pool = Pool([greedy, random, "self"], Path("run/pool"), seed=1)
        >>> seats = pool.seats(zhengfen.Rules.zheng_fen(players=4), 2)
        >>> seats[2] is None and all(s in (greedy, random, None) for s in seats)
        True
        """
        rounds = snapshot_rounds(round_, self.every, self.keep)
        learner = learner_seats(rules, round_)
        others = [seat for seat in range(rules.players) if seat not in learner]
        draw = np.random.default_rng([self.seed, round_, POOL_TAG])
        picks = draw.integers(len(self.opponents) + len(rounds), size=len(others))
        drawn = {rounds[p - len(self.opponents)] for p in picks if p >= len(self.opponents)}
        agents: list[AgentName | None] = [None] * rules.players
        for seat, pick in zip(others, picks):
            member = self.member(pick, rounds)
            agents[seat] = None if isinstance(member, str) else member  # text: only SELF
        self.forget(drawn)
        return agents

    def member(self, pick: int, rounds: Sequence[int]) -> Opponent:
        """Member ``pick`` of a pool whose snapshots are ``rounds``: an opponent, or a snapshot
        read when drawn."""
        if pick < len(self.opponents):
            return self.opponents[pick]
        return self.snapshot(rounds[pick - len(self.opponents)])

    def forget(self, drawn: set[int]) -> None:
        """Keeps read only the snapshots of this draw and the one before (a cache: the next
        round often draws them again), so a pool of many snapshots holds a few models, not
        every one."""
        self.drawn = (self.drawn[1], drawn)
        self.read = {s: spec for s, spec in self.read.items() if s in drawn | self.drawn[0]}

    def is_snapshot(self, round_: int) -> bool:
        """Whether the learner's model after ``round_`` rounds is frozen into the pool."""
        return self.every > 0 and round_ > 0 and round_ % self.every == 0

    def freeze(self, round_: int, model: bytes) -> None:
        """Writes ``model`` (a model file's bytes) as the snapshot after ``round_`` rounds."""
        self.folder.mkdir(parents=True, exist_ok=True)
        replace_file(snapshot_path(self.folder, round_), model)
        self.read.pop(round_, None)
