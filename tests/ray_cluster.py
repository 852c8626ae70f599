"""A Ray cluster of one node started the way a user starts one, ``ray start --head``, with token
authentication on, kept on the loopback address, for tests that connect to an existing cluster
(``zhengfen arena --ray HOST:PORT``, ``zhengfen train --ray HOST:PORT``). The ``ray_cluster``
fixture of ``conftest.py`` starts one (:func:`start_cluster`) for a whole test session.

Kept on loopback: Ray replaces a ``127.0.0.1`` it is given by the machine's own address and binds
its servers there, unless ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` (Ray's one-machine mode, the
default on macOS and Windows); :attr:`RayCluster.env` sets it for the cluster and for every
client, so all traffic stays on 127.0.0.1. Its token is in ``~/.ray/auth_token`` of a home of
its own (:attr:`RayCluster.home`), where ``ray start`` on a user's machine finds it.

Stopped by its own process id: the ``ray start --block`` process ends the processes it started
when it gets SIGTERM, and whatever is left of its process group is killed after. (``ray stop``
would end every Ray process of this user on the machine, other sessions' included.)
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

START_SECONDS = 120.0
"""How long a cluster may take to start (a fresh 2-core machine takes a few seconds)."""

STOP_SECONDS = 30.0
"""How long ``ray start --block`` may take to end its processes before they are killed."""


@dataclass(frozen=True)
class RayCluster:
    """A running cluster: ``address`` (``127.0.0.1:PORT``), its ``token``, the ``home`` whose
    ``.ray/auth_token`` holds it, and ``temp`` (Ray's session files and logs)."""

    address: str
    token: str
    home: Path
    temp: Path
    base_env: dict[str, str] = field(repr=False)

    def env(self, **changes: str | None) -> dict[str, str]:
        """The environment of a client on this machine: the cluster's home (so its token is in
        ``~/.ray/auth_token``), no ``RAY_AUTH_*`` setting, loopback only; ``changes`` set
        variables (``None`` removes one), e.g. ``env(HOME=str(empty))`` for a client without
        the token."""
        env = dict(self.base_env)
        for name, value in changes.items():
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        return env


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def client_env(home: Path) -> dict[str, str]:
    """This process's environment for Ray on loopback, with ``home`` as the home folder and no
    ``RAY_AUTH_*`` or ``RAY_ADDRESS`` setting (so nothing of the machine's own Ray leaks in)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAY_AUTH_", "RAY_ADDRESS"))}
    env.update(
        HOME=str(home),
        RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0",
        RAY_USAGE_STATS_ENABLED="0",
    )
    return env


@contextmanager
def start_cluster(cpus: int = 2) -> Iterator[RayCluster]:
    """Starts a one-node cluster with ``ray start --head --block`` and token authentication,
    yields it once it answers, and stops it (by its process id) when the block ends, however it
    ends."""
    root = Path(tempfile.mkdtemp(prefix="zfray"))  # short: Ray's socket paths must fit 107 bytes
    home = root / "home"
    (home / ".ray").mkdir(parents=True)
    token = secrets.token_hex(32)
    (home / ".ray" / "auth_token").write_text(token, encoding="utf-8")
    port = free_port()
    env = client_env(home)
    with open(root / "head.log", "wb") as log:
        process = subprocess.Popen(
            head_command(port, cpus, root / "ray"),
            env={**env, "RAY_AUTH_MODE": "token"},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_started(process, root / "head.log")
        yield RayCluster(f"127.0.0.1:{port}", token, home, root / "ray", env)
    finally:
        stop(process, home)
        shutil.rmtree(root, ignore_errors=True)


def head_command(port: int, cpus: int, temp: Path) -> list[str]:
    """``ray start --head`` on loopback, blocking, with the dashboard off."""
    ray = Path(sys.executable).with_name("ray")
    return [
        str(ray) if ray.exists() else "ray",
        "start",
        "--head",
        "--block",
        "--node-ip-address=127.0.0.1",
        f"--port={port}",
        f"--num-cpus={cpus}",
        "--include-dashboard=false",
        "--disable-usage-stats",
        f"--temp-dir={temp}",
    ]


def wait_started(process: subprocess.Popen[bytes], log: Path) -> None:
    """Returns once ``ray start`` says the cluster runs; raises with its log if it ends first
    or takes longer than :data:`START_SECONDS`."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        text = log.read_text(encoding="utf-8", errors="replace")
        if "Ray runtime started" in text:
            return
        if process.poll() is not None:
            raise RuntimeError(f"ray start --head ended with status {process.returncode}:\n{text}")
        time.sleep(0.2)
    raise RuntimeError(f"ray start --head did not start in {START_SECONDS:g} s:\n{text}")


def stop(process: subprocess.Popen[bytes], home: Path) -> None:
    """Ends the cluster: SIGTERM to ``ray start --block`` (it ends the processes it started),
    then SIGKILL to any process left of its session, known by its environment (``HOME`` is
    the cluster's own ``home``)."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):  # killed below
            process.wait(STOP_SECONDS)
    for pid in leftovers(process.pid, home):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    if process.poll() is None:
        process.wait()


def leftovers(session: int, home: Path) -> list[int]:
    """The processes of session ``session`` whose environment has ``HOME=home``."""
    marker = f"HOME={home}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            environ = (entry / "environ").read_bytes()
        except OSError:  # gone, or not ours
            continue
        fields = stat.rsplit(")", 1)[-1].split()  # after "pid (comm)": state ppid pgrp session
        if int(fields[3]) == session and marker in environ.split(b"\0"):
            found.append(int(entry.name))
    return found
