"""The people in a game and their seat links (API.md, "People and links").

Each seat a person holds has a secret token (``secrets.token_urlsafe``); a request names its
seat by the seat's *key*, ``<game id>.<token>``, in the route (``/api/games/<key>/...``), and
the page's address by the link ``#/game/<game id>/seat/<token>``. Nothing else identifies a
person: whoever has the link is that seat. The one who opened the game (the *owner*) is
answered every seat's link, to hand out; the others get their own only. A seat handed to an
agent keeps its old token only to say so. The owner hands any other person's seat to an agent;
another person hands a seat whose person is away (:data:`AWAY_SECONDS`), and handing the
owner's seat makes them the owner, so that a game whose owner left can still be finished.

A seat is opened by its token's digest (:func:`digest`, SHA-256), compared in constant time:
the digests are what the server's database keeps (:mod:`~zhengfen.web.tables`), never the
tokens. A seat's token is known in memory from its making, or from the last request that
presented it. So that the owner of a game brought back from the database can hand out its links
again, the database also keeps each other person's token *sealed* with the owner's
(:func:`seal`: XOR with HMAC-SHA256 of the owner's token): the owner's first request opens them
(:meth:`People.seat`); nobody without the owner's link can. A seat whose token is known neither
way (its person has not come back, and the owner changed since it was sealed) shows its link as
``null`` until its person comes back with it.

>>> people = People.seated([0, 2], owner=0, clock=lambda: 100.0)
>>> token = people.token(2)
>>> people.seat(token), people.seat("not-a-token")
(2, None)
>>> people.link("g1", 2) == f"#/game/g1/seat/{token}"
True
>>> people.hand_over(2)
>>> people.seat(token), people.handed_over(token)
(None, 2)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from zhengfen.errors import ArgumentError

__all__ = [
    "AWAY_SECONDS",
    "MAX_NAME",
    "PRESENT_SECONDS",
    "People",
    "Person",
    "digest",
    "person_name",
    "seal",
    "split_key",
]

MAX_NAME = 20
"""The most characters a person's name in a game holds."""

PRESENT_SECONDS = 10.0
"""A person whose page asked for their seat this recently is *present* (the page polls every
second or two while it is open)."""

AWAY_SECONDS = 120.0
"""A person whose page has not asked for their seat this long (or never) is *away*: any other
person in the game may hand the seat to an agent, the owner's too (the owner may hand any
other person's seat at any time). A page in a hidden tab still asks every 10 seconds or so
(a browser may slow its timers to one a minute), so a person looking at another tab is not
away."""


def digest(token: str) -> str:
    """The digest a token is kept and compared by (SHA-256, hex): tokens are 128 random bits,
    so a fast hash is enough to keep them from whoever reads the database.

    >>> digest("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).hexdigest()


def _pad(key: str, seat: int) -> bytes:
    return hmac.new(key.encode(), f"seat {seat}".encode(), hashlib.sha256).digest()


def seal(token: str, key: str, seat: int) -> str:
    """``seat``'s ``token`` sealed with ``key`` (the owner's token), as hex: XOR with
    HMAC-SHA256(key, "seat N"), a pad used once (a key seals each seat once). Tokens hold at
    most 32 ASCII characters.

    >>> sealed = seal("my-token", "owners-token", 2)
    >>> unseal(sealed, "owners-token", 2), unseal(sealed, "another", 2) == "my-token"
    ('my-token', False)
    """
    raw = token.encode("ascii")
    return bytes(a ^ b for a, b in zip(raw, _pad(key, seat), strict=False)).hex()


def unseal(sealed: str, key: str, seat: int) -> str | None:
    """The token :func:`seal` sealed, or ``None`` if ``sealed`` does not read as one."""
    try:
        raw = bytes.fromhex(sealed)
        return bytes(a ^ b for a, b in zip(raw, _pad(key, seat), strict=False)).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None


@dataclass
class Person:
    """A seat held by a person: its token's digest, the token itself when known (``None`` for a
    seat brought back from the database whose person has not come back yet), when its page last
    asked (``None``: never), and how much of the history its page has been sent."""

    seat: int
    digest: str
    token: str | None = None
    seen: float | None = None
    delivered: int = 0
    name: str | None = None

    @classmethod
    def new(cls, seat: int) -> Person:
        """A person in ``seat`` with a new token."""
        token = secrets.token_urlsafe(16)
        return cls(seat, digest(token), token)


@dataclass
class People:
    """The seats people hold in one game, the owner's among them."""

    persons: dict[int, Person]
    owner: int
    clock: Callable[[], float] = time.monotonic
    handed: dict[str, int] = field(default_factory=dict)
    sealed: dict[int, str] = field(default_factory=dict)
    """The other persons' tokens as the database kept them, sealed with the owner's token."""

    @classmethod
    def seated(
        cls, seats: Iterable[int], owner: int, clock: Callable[[], float] = time.monotonic
    ) -> People:
        """People in ``seats`` (``owner``'s among them), each with a new token."""
        persons = {s: Person.new(s) for s in seats}
        assert owner in persons
        return cls(persons, owner, clock)

    def __contains__(self, seat: object) -> bool:
        return seat in self.persons

    def seats(self) -> list[int]:
        """The people's seats, in order."""
        return sorted(self.persons)

    def token(self, seat: int) -> str | None:
        """The token of a person's seat, when known."""
        return self.persons[seat].token

    def key(self, game: str, seat: int) -> str | None:
        """The key a request names ``seat`` of ``game`` (its id) by, when its token is known."""
        token = self.token(seat)
        return None if token is None else f"{game}.{token}"

    def link(self, game: str, seat: int) -> str | None:
        """The page's address of ``seat`` in ``game`` (its id; after the page's own address),
        when its token is known."""
        token = self.token(seat)
        return None if token is None else f"#/game/{game}/seat/{token}"

    def seat(self, token: str) -> int | None:
        """The seat whose token is ``token`` (its digest compared in constant time with each
        seat's), else ``None``; the seat's token is known from now on."""
        given = digest(token).encode()
        found = None
        for person in self.persons.values():
            if hmac.compare_digest(person.digest.encode(), given):
                found = person
        if found is None:
            return None
        found.token = token
        if found.seat == self.owner:
            self._unseal(token)
        return found.seat

    def _unseal(self, key: str) -> None:
        """Learns the other persons' tokens sealed with ``key`` (the owner's), each checked
        against its seat's digest."""
        for seat, sealed in self.sealed.items():
            person = self.persons.get(seat)
            token = unseal(sealed, key, seat)
            if person is None or person.token is not None or token is None:
                continue
            if hmac.compare_digest(digest(token).encode(), person.digest.encode()):
                person.token = token

    def seals(self) -> dict[int, str]:
        """The other persons' tokens sealed with the owner's, for the database: sealed anew
        when the owner's token is known, else as they were kept."""
        key = self.persons[self.owner].token
        if key is None:
            return {s: v for s, v in self.sealed.items() if s in self.persons}
        return {
            s: seal(p.token, key, s)
            for s, p in self.persons.items()
            if s != self.owner and p.token is not None
        }

    def handed_over(self, token: str) -> int | None:
        """The seat this token held before it was handed to an agent, else ``None``."""
        given = digest(token).encode()
        found = None
        for old, seat in self.handed.items():
            if hmac.compare_digest(old.encode(), given):
                found = seat
        return found

    def names(self) -> dict[int, str]:
        """The names people gave themselves, by seat."""
        return {s: p.name for s, p in self.persons.items() if p.name}

    def came(self, seat: int) -> None:
        """Marks ``seat``'s person as having asked now."""
        self.persons[seat].seen = self.clock()

    def present(self, seat: int) -> bool:
        """Whether ``seat``'s person asked within :data:`PRESENT_SECONDS`."""
        seen = self.persons[seat].seen
        return seen is not None and self.clock() - seen <= PRESENT_SECONDS

    def away(self, seat: int) -> bool:
        """Whether ``seat``'s person has not asked for :data:`AWAY_SECONDS` (or never)."""
        seen = self.persons[seat].seen
        return seen is None or self.clock() - seen > AWAY_SECONDS

    def refusal(self, by: int, seat: int) -> str | None:
        """Why the person in ``by`` may not hand ``seat`` (a person's, not theirs) to an agent,
        else ``None``."""
        if by == self.owner or self.away(seat):
            return None
        return (
            f"seat {seat}'s person was here within {AWAY_SECONDS:g} seconds: only the one who "
            "opened the game hands a seat that is not left empty to an agent"
        )

    def hand_over(self, seat: int, by: int | None = None) -> None:
        """``seat`` is no longer a person's (an agent takes it): its token opens nothing; the
        owner's seat handed over by ``by`` makes ``by`` the owner."""
        person = self.persons.pop(seat)
        self.handed[person.digest] = seat
        if seat == self.owner and by is not None:
            self.owner = by


def person_name(text: str) -> str | None:
    """A name a person gives themselves, as shown to the others: its spaces collapsed, at most
    :data:`MAX_NAME` characters, no control or format characters and no brackets (the name is
    shown as ``seat 2 (Ana)``); ``None`` for an empty one (back to ``person``). Anything else
    raises :class:`~zhengfen.errors.ArgumentError` with the reason. The page shows it as
    text, never as markup.

    >>> person_name("  Ana   Lu "), person_name("")
    ('Ana Lu', None)
    >>> person_name("<b>x</b>")
    '<b>x</b>'
    >>> person_name("a" * 21)
    Traceback (most recent call last):
    ...
    zhengfen.errors.ArgumentError: a name holds at most 20 characters, not 21
    """
    name = " ".join(text.split())
    if len(name) > MAX_NAME:
        raise ArgumentError(f"a name holds at most {MAX_NAME} characters, not {len(name)}")
    bad = [c for c in name if unicodedata.category(c).startswith("C") or c in "()[]{}"]
    if bad:
        raise ArgumentError(f"a name may not hold {bad[0]!r} (U+{ord(bad[0]):04X})")
    return name or None


def split_key(key: str) -> tuple[str, str | None]:
    """A route's key as the game's id and the seat's token (``None`` when it has none).

    >>> split_key("g1a2.tok-en_"), split_key("g1a2")
    (('g1a2', 'tok-en_'), ('g1a2', None))
    """
    game, dot, token = key.partition(".")
    return game, token if dot else None
