"""Connecting this process to Ray, for every command that takes ``--ray ADDRESS`` (``zhengfen
arena``, ``zhengfen train``): ``local`` starts a Ray of its own, anything else is the address of
a running cluster (``HOST:PORT``, what ``ray start --head`` prints), reached with the cluster's
token where the cluster asks for one. :func:`connect_ray` is the one way in; every failure is a
:class:`~zhengfen.errors.RayConnectionError` with a one-line message, raised within a bounded
time.

Why this is needed (Ray 2.52 on): a cluster started with ``RAY_AUTH_MODE=token`` refuses a
client without its token, and ``ray start --head`` (2.59 on) turns token authentication on by
itself whenever this machine holds a token already, for instance ``~/.ray/auth_token``, which
any ``ray.init()`` of a local Ray writes. A client given an explicit address sends the token only
when ``RAY_AUTH_MODE=token`` is set in its own environment, so it was refused ("Authentication
token is missing or incorrect") after 20 s of retries. :func:`connect_ray` looks for the token
where Ray does (:data:`TOKEN_SOURCES`) and, when ``RAY_AUTH_MODE`` is unset and a token is found,
turns token mode on for this process (a cluster without authentication ignores the token).
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from zhengfen.errors import RayConnectionError

__all__ = [
    "CONNECT_SECONDS",
    "TOKEN_HELP",
    "TOKEN_SOURCES",
    "check_ray",
    "connect_ray",
    "parse_address",
    "ray_session",
    "token_source",
]

CONNECT_SECONDS = 10.0
"""How long :func:`connect_ray` waits for a cluster to answer before giving up."""

TOKEN_SOURCES = ("RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH", "~/.ray/auth_token")
"""Where Ray reads a cluster's token, first found first: the token itself in the environment
variable ``RAY_AUTH_TOKEN``, a file named by ``RAY_AUTH_TOKEN_PATH``, or ``~/.ray/auth_token``."""

TOKEN_HELP = (
    "give the cluster's token (on its head node: ray get-auth-token) in RAY_AUTH_TOKEN, "
    "in a file named by RAY_AUTH_TOKEN_PATH, or in ~/.ray/auth_token"
)
"""What a refused connection's message tells a person to do about the token."""


def connect_ray(address: str, timeout: float = CONNECT_SECONDS) -> bool:
    """Connects this process to Ray at ``address`` and says whether it did: ``False`` when the
    process was connected already (nothing is changed), ``True`` when this call connected it
    (the caller then ends the connection with ``ray.shutdown()``, or uses :func:`ray_session`).

    ``"local"`` starts a Ray on this machine for this process. ``HOST:PORT`` is a running
    cluster's address (its head's GCS port, 6379 unless ``ray start --port`` said otherwise);
    the cluster is first reached with a plain connection and asked for its id, each within
    ``timeout`` seconds, so an address where no cluster answers, a missing token or a token the
    cluster refuses is reported at once (:class:`~zhengfen.errors.RayConnectionError`) instead
    of after Ray's minutes of retries. ``RAY_AUTH_MODE`` left unset, a token found in
    :data:`TOKEN_SOURCES` turns token mode on in this process's environment.
    """
    local = address == "local"
    if not local:
        parse_address(address)
    ray = _import_ray()
    if ray.is_initialized():
        return False
    if local:
        ray.init(log_to_driver=False)
        return True
    target = _canonical(ray, address)
    _reach(target, address, timeout)
    source = _choose_auth_mode()
    _ask_cluster_id(target, address, source, timeout)
    ray.init(address=address, log_to_driver=False)
    return True


def check_ray(address: str) -> None:
    """Refuses ``--ray`` where Ray is not installed or the address is malformed, before any work
    (reaching the cluster is :func:`connect_ray`'s, when the work starts)."""
    import importlib.util

    if importlib.util.find_spec("ray") is None:
        raise RayConnectionError('--ray: Ray is not installed (pip install "zhengfen[ray]")')
    if address != "local":
        parse_address(address)


@contextmanager
def ray_session(address: str, timeout: float = CONNECT_SECONDS) -> Iterator[None]:
    """The block runs connected to Ray at ``address`` (:func:`connect_ray`); a connection this
    made is ended when the block ends, one that was there before is left as it was."""
    started = connect_ray(address, timeout)
    try:
        yield
    finally:
        if started:
            _import_ray().shutdown()


def parse_address(address: str) -> tuple[str, int]:
    """The host and port of a cluster's ``HOST:PORT`` (an IPv6 host in brackets).

    >>> parse_address("10.0.0.5:6379")
    ('10.0.0.5', 6379)
    >>> parse_address("[::1]:6379")
    ('::1', 6379)
    """
    if address.startswith("ray://"):
        raise RayConnectionError(
            f"Ray address {address!r}: Ray Client addresses (ray://) are not supported; give "
            "the cluster's HOST:PORT (the address ray start --head prints) and run on one of "
            "its nodes"
        )
    host, colon, port = address.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RayConnectionError(
            f"Ray address {address!r}: give HOST:PORT (the address ray start --head prints), "
            "or 'local'"
        )
    return host, int(port)


def token_source() -> str | None:
    """Where Ray will read the cluster's token (one of :data:`TOKEN_SOURCES`, a file's path
    named), or ``None`` when there is none. A ``RAY_AUTH_TOKEN_PATH`` that names no readable,
    non-empty file is refused here: Ray itself would abort the process on it."""
    if os.environ.get("RAY_AUTH_TOKEN", "").strip():
        return "RAY_AUTH_TOKEN"
    named = os.environ.get("RAY_AUTH_TOKEN_PATH")
    if named:
        _check_token_file(Path(named), f"RAY_AUTH_TOKEN_PATH={named}")
        return f"RAY_AUTH_TOKEN_PATH ({named})"
    default = Path.home() / ".ray" / "auth_token"
    if default.exists():
        _check_token_file(default, str(default))
        return str(default)
    return None


def _check_token_file(path: Path, name: str) -> None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise RayConnectionError(f"Ray token {name}: cannot read it ({reason})") from None
    if not text.strip():
        raise RayConnectionError(f"Ray token {name}: the file is empty")


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayConnectionError('Ray is not installed (pip install "zhengfen[ray]")') from None
    return ray


def _canonical(ray: Any, address: str) -> str:
    """The address Ray will dial: it replaces a loopback host by this machine's address
    (unless ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` keeps clusters on one machine)."""
    try:
        from ray._private.services import canonicalize_bootstrap_address
    except ImportError:  # another Ray layout: dial what was given
        return address
    return str(canonicalize_bootstrap_address(address) or address)


def _reach(target: str, address: str, timeout: float) -> None:
    """A plain TCP connection to the port Ray will dial (``target``), so that an address where
    nothing listens fails in ``timeout`` seconds rather than after Ray's retries."""
    host, port = parse_address(target)
    dialed = "" if target == address else f", dialed as {target}"
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except socket.timeout:
        raise RayConnectionError(
            f"no Ray cluster at {address}{dialed}: no answer within {timeout:g} s"
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise RayConnectionError(
            f"no Ray cluster at {address}{dialed}: {reason} (start one with ray start --head, "
            "and give the address it prints)"
        ) from None


def _choose_auth_mode() -> str | None:
    """Turns Ray's token mode on for this process when ``RAY_AUTH_MODE`` is unset and a token
    is found, as ``ray start --head`` does for the cluster; returns where the token is, if
    token mode is on. ``RAY_AUTH_MODE`` set is respected, but ``token`` with no token found is
    refused here (Ray would abort the process)."""
    mode = os.environ.get("RAY_AUTH_MODE")
    if mode is not None and mode.lower() != "token":
        return None
    source = token_source()
    if source is None:
        if mode is not None:
            raise RayConnectionError(f"RAY_AUTH_MODE=token but no Ray token is found: {TOKEN_HELP}")
        return None
    if mode is None:
        os.environ["RAY_AUTH_MODE"] = "token"
        _reload_ray_config()
    return source


def _reload_ray_config() -> None:
    """Ray reads its settings from the environment once, when imported; Ray does this itself
    when it turns token mode on (``_enable_token_auth``)."""
    from ray import _raylet

    config = getattr(_raylet, "Config", None)
    if config is not None:
        config.initialize("")


_PROBE = """
import json, sys
try:
    from ray._raylet import GcsClient
    GcsClient(address=sys.argv[1])
    print(json.dumps(None))
except Exception as error:
    print(json.dumps([type(error).__name__, str(error)]))
"""
"""The probe's program: the cluster's id asked for as Ray's own client does first."""


def _ask_cluster_id(target: str, address: str, source: str | None, timeout: float) -> None:
    """Asks the cluster's GCS for its id, the first call a client makes, which a cluster refuses
    at once for a missing or wrong token. It runs in a child process given ``timeout`` seconds:
    Ray's client writes each refused try to standard error itself, keeps retrying for 40 s at
    a port that is no Ray cluster's, and aborts its process on some misconfigurations."""
    import json
    import subprocess
    import sys

    try:
        probe = subprocess.run(
            [sys.executable, "-c", _PROBE, target],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise RayConnectionError(
            f"no Ray cluster answers at {address} within {timeout:g} s (is it the address "
            "ray start --head prints?)"
        ) from None
    lines = probe.stdout.strip().splitlines()
    if probe.returncode != 0 or not lines:
        raise RayConnectionError(
            f"cannot connect to the Ray cluster at {address}: Ray's client ended with status "
            f"{probe.returncode}"
        )
    answer = json.loads(lines[-1])
    if answer is not None:
        raise _refusal(str(answer[0]), str(answer[1]), address, source)


def _refusal(kind: str, message: str, address: str, source: str | None) -> RayConnectionError:
    """The error for the probe's answer ``kind: message``."""
    if kind == "AuthenticationError" or "Authentication token" in message:
        if source is None:
            return RayConnectionError(
                f"the Ray cluster at {address} asks for a token and none was found: {TOKEN_HELP}"
            )
        return RayConnectionError(
            f"the Ray cluster at {address} refused the token from {source}: {TOKEN_HELP}"
        )
    first = " ".join(message.split(". ")[0].split())
    return RayConnectionError(f"cannot connect to the Ray cluster at {address}: {first or kind}")
