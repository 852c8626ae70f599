"""A bounded store of things a server keeps for its clients (games, replays, tournaments), by
random id: at most ``capacity`` at once, each forgotten after ``idle_seconds`` without use
(checked whenever the store is used). When full, :meth:`Store.add` either refuses
(:class:`~zhengfen.web.problems.TooMany`) or forgets the least recently used item. With
``per_owner``, an owner (a client's address) holds at most that many: its own least recently
used item is forgotten to make room for its next, so that one careless client cannot fill the
store for the others. ``forgot``,
when given, is told of each item forgotten (idle, evicted or removed) with the reason. Safe to
use from several threads.

>>> store: Store[str] = Store("game", capacity=1, idle_seconds=60)
>>> key = store.add("a game")
>>> store.get(key)
'a game'
>>> store.add("another")
Traceback (most recent call last):
...
zhengfen.web.problems.TooMany: the server holds 1 games already (its limit): try again later
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from zhengfen.web.problems import NotFound, TooMany

__all__ = ["Store"]

T = TypeVar("T")


class Store(Generic[T]):
    """Items by id (``prefix`` and 16 random hex digits), bounded in number and idle time."""

    def __init__(
        self,
        kind: str,
        capacity: int,
        idle_seconds: float,
        evict: bool = False,
        clock: Callable[[], float] = time.monotonic,
        prefix: str | None = None,
        forgot: Callable[[T, str], None] | None = None,
        per_owner: int | None = None,
    ) -> None:
        self.kind = kind
        self.prefix = kind[0] if prefix is None else prefix
        self.capacity = capacity
        self.idle_seconds = idle_seconds
        self.evict = evict
        self.clock = clock
        self.forgot = forgot
        self.per_owner = per_owner
        self._items: OrderedDict[str, tuple[T, float]] = OrderedDict()
        self._owners: dict[str, str] = {}
        self._lock = threading.Lock()

    def _expire(self, now: float) -> None:
        for key in [k for k, (_, used) in self._items.items() if now - used > self.idle_seconds]:
            self._tell(self._pop(key)[0], "idle")

    def _pop(self, key: str) -> tuple[T, float]:
        self._owners.pop(key, None)
        return self._items.pop(key)

    def _owned(self, owner: str | None) -> list[str]:
        """The ids ``owner`` holds, least recently used first (none without ``per_owner``)."""
        if owner is None or self.per_owner is None:
            return []
        return [key for key in self._items if self._owners.get(key) == owner]

    def _at_its_bound(self, owner: str | None) -> bool:
        return self.per_owner is not None and len(self._owned(owner)) >= self.per_owner

    def _tell(self, item: T, why: str) -> None:
        if self.forgot is not None:
            self.forgot(item, why)

    def _full(self) -> TooMany:
        return TooMany(
            f"the server holds {self.capacity} {self.kind}s already (its limit): try again later"
        )

    def room(self, owner: str | None = None) -> None:
        """Raises :class:`TooMany` when full and nothing may be forgotten to make room (for
        ``owner``, its own oldest item may be)."""
        with self._lock:
            self._expire(self.clock())
            full = len(self._items) >= self.capacity
            if full and not self.evict and not self._at_its_bound(owner):
                raise self._full()

    def add(self, item: T, owner: str | None = None) -> str:
        """Keeps ``item`` (held by ``owner``, if given); returns its new id."""
        key = self.prefix + secrets.token_hex(8)
        self.put(key, item, owner)
        return key

    def put(self, key: str, item: T, owner: str | None = None) -> None:
        """Keeps ``item`` as ``key`` (an id made by :meth:`add` before: a game brought back
        from the database), held by ``owner`` if given."""
        with self._lock:
            now = self.clock()
            self._expire(now)
            while self._at_its_bound(owner):
                self._tell(self._pop(self._owned(owner)[0])[0], "evicted")
            while len(self._items) >= self.capacity:
                if not self.evict or not self._items:
                    raise self._full()
                self._tell(self._pop(next(iter(self._items)))[0], "evicted")
            self._items[key] = (item, now)
            if owner is not None:
                self._owners[key] = owner

    def drop(self, key: str) -> None:
        """Forgets the item ``key`` if held, without telling ``forgot`` (it is kept
        elsewhere)."""
        with self._lock:
            if key in self._items:
                self._pop(key)

    def get(self, key: str) -> T:
        """The item, marked as used now; :class:`NotFound` for an unknown or expired id."""
        with self._lock:
            now = self.clock()
            self._expire(now)
            found = self._items.get(key)
            if found is None:
                raise NotFound(
                    f"no {self.kind} {key[:40]!r} (unknown, or forgotten after being idle)"
                )
            self._items[key] = (found[0], now)
            self._items.move_to_end(key)
            return found[0]

    def remove(self, key: str) -> T:
        """Forgets the item; :class:`NotFound` for an unknown id."""
        with self._lock:
            if key not in self._items:
                raise NotFound(f"no {self.kind} {key[:40]!r}")
            found = self._pop(key)
            self._tell(found[0], "removed")
            return found[0]

    def items(self) -> list[T]:
        """Every item held (not expired)."""
        with self._lock:
            self._expire(self.clock())
            return [item for item, _ in self._items.values()]

    def __len__(self) -> int:
        with self._lock:
            self._expire(self.clock())
            return len(self._items)
