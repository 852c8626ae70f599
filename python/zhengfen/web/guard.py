"""Requests other web sites could make the person's browser send, refused (403) before they reach
a route:

- a ``Host`` that is not this server's (a request without one, from an HTTP/1.0 client that is
  no browser, is let through): an address (``127.0.0.1``, ``[::1]``), ``localhost`` or
  the name it was started with (``zhengfen serve --host NAME``). A page on another site whose
  name is made to resolve to 127.0.0.1 (DNS rebinding) sends its own name, and is refused;
- a request that changes something (any method but GET and HEAD) whose ``Origin`` is another
  site's, or ``null``: a page elsewhere cannot create games or start tournaments here.

>>> refusal("127.0.0.1:8000", None, "POST", {"localhost"}) is None
True
>>> refusal("evil.example:8000", None, "GET", {"localhost"})
'this server answers only for its own address, not evil.example'
>>> refusal("localhost:8000", "http://evil.example", "POST", {"localhost"})
'a request from another site (http://evil.example) is refused'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["SameSite", "refusal"]

SAFE = ("GET", "HEAD")


def _name(host: str) -> str:
    """The name or address of a ``Host`` header, without its port or brackets."""
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def refusal(host: str | None, origin: str | None, method: str, names: Iterable[str]) -> str | None:
    """Why a request with these headers is refused, or ``None`` when it is not."""
    name = _name(host).lower() if host is not None else None  # no Host: an HTTP/1.0 client
    if name is not None and not (_is_address(name) or name in {n.lower() for n in names}):
        return f"this server answers only for its own address, not {name}"
    if method in SAFE or origin is None:
        return None
    if origin == "null" or urlsplit(origin).netloc.lower() != (host or "").lower():
        return f"a request from another site ({origin}) is refused"
    return None


class SameSite:
    """ASGI middleware answering 403 with the reason (:func:`refusal`) to requests from other
    sites; ``names`` are the host names the server answers for besides its addresses."""

    def __init__(self, app: ASGIApp, names: Iterable[str]) -> None:
        self.app = app
        self.names = frozenset(names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers: dict[str, Any] = {
                key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]
            }
            reason = refusal(
                headers.get("host"), headers.get("origin"), scope["method"], self.names
            )
            if reason is not None:
                await JSONResponse({"error": reason}, 403)(scope, receive, send)
                return
        await self.app(scope, receive, send)
