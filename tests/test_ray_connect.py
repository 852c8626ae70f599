"""``--ray HOST:PORT`` against a cluster started with ``ray start --head`` (issue 21 §3): the
token found where Ray keeps it, the same tournament as inline, and every way a connection can
fail (no cluster, no token, a wrong token, a port that is no Ray cluster's, Ray not installed)
answered with one line and exit status 2 in bounded time (:mod:`zhengfen.arena.ray_connect`).
The cluster is the session's ``ray_cluster`` fixture (tests/ray_cluster.py), on 127.0.0.1 only."""

from __future__ import annotations

import json
import shlex
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ray_cluster import RayCluster, client_env, free_port
from test_cli import table_rows, zhengfen_cmd
from zhengfen.arena.ray_connect import connect_ray, parse_address, token_source
from zhengfen.cli import main
from zhengfen.errors import RayConnectionError

TOURNAMENT = (
    *("--agents", "greedy,random,random", "--players", "3", "--deals", "2"),
    *("--matches", "1", "--seed", "11", "--no-progress"),
)


def arena(*extra: str, env: dict[str, str] | None, log: Path | None = None) -> tuple[int, str, str]:
    """``zhengfen arena`` on the small tournament: exit status, standard output and error."""
    logged = () if log is None else ("--log", str(log))
    run = zhengfen_cmd("arena", *TOURNAMENT, *logged, *extra, env=env, timeout=180)
    return run.returncode, run.stdout, run.stderr


def refusal(cluster: RayCluster, **changes: str | None) -> str:
    """The one line a refused ``--ray`` connection prints (exit status 2, nothing on standard
    output)."""
    status, out, err = arena("--ray", cluster.address, env=cluster.env(**changes))
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("zhengfen arena: "), err
    return err


# --- the cluster and its token ------------------------------------------------------------


def test_a_tournament_on_the_cluster_equals_it_inline(
    ray_cluster: RayCluster, tmp_path: Path
) -> None:
    """The token in ``~/.ray/auth_token``, as on the machine where ``ray start --head`` ran,
    and no ``RAY_AUTH_MODE``: the arena connects, and its tables and log equal those of the
    same tournament played in this process."""
    inline = arena(env=ray_cluster.env(), log=tmp_path / "inline.jsonl")
    remote = arena("--ray", ray_cluster.address, env=ray_cluster.env(), log=tmp_path / "ray.jsonl")
    assert inline[0] == 0 and remote[0] == 0, remote[2]
    assert table_rows(remote[1]) == table_rows(inline[1]) != []
    log = (tmp_path / "ray.jsonl").read_text(encoding="utf-8")
    assert log == (tmp_path / "inline.jsonl").read_text(encoding="utf-8") != ""


def test_a_bot_plays_on_the_cluster_as_inline(ray_cluster: RayCluster, tmp_path: Path) -> None:
    """A bot program (BOTS.md) in a tournament run as Ray tasks: each task starts the bot on
    its node (the program at the same path there) and the games, their log and the faults
    column equal those of the same tournament played in this process."""
    bot = Path(__file__).resolve().parent / "bots" / "train_opponent.py"
    spec = f"process(cmd={json.dumps(shlex.join([sys.executable, str(bot)]))},time=5000)"
    agents = ("--agents", f"{spec},greedy")
    inline = arena(*agents, env=ray_cluster.env(), log=tmp_path / "inline.jsonl")
    remote = arena(
        "--ray", ray_cluster.address, *agents, env=ray_cluster.env(), log=tmp_path / "ray.jsonl"
    )
    assert inline[0] == 0 and remote[0] == 0, remote[2]
    assert table_rows(remote[1]) == table_rows(inline[1]) != []
    assert "| faults |" in remote[1]
    log = (tmp_path / "ray.jsonl").read_text(encoding="utf-8")
    assert log == (tmp_path / "inline.jsonl").read_text(encoding="utf-8") != ""


@pytest.mark.parametrize("source", ["RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH"])
def test_the_token_from_ray_s_environment_variables(
    ray_cluster: RayCluster, tmp_path: Path, source: str
) -> None:
    """The token from either of Ray's variables, with a home that holds none."""
    path = tmp_path / "token"
    path.write_text(ray_cluster.token + "\n", encoding="utf-8")
    value = ray_cluster.token if source == "RAY_AUTH_TOKEN" else str(path)
    env = ray_cluster.env(HOME=str(tmp_path), **{source: value})
    status, out, err = arena("--ray", ray_cluster.address, env=env)
    assert status == 0, err
    assert len(table_rows(out)) > 2


def test_no_token_is_refused_in_one_line(ray_cluster: RayCluster, tmp_path: Path) -> None:
    err = refusal(ray_cluster, HOME=str(tmp_path))
    assert f"the Ray cluster at {ray_cluster.address} asks for a token and none was found" in err
    assert "RAY_AUTH_TOKEN" in err


@pytest.mark.parametrize("where", ["RAY_AUTH_TOKEN", "home"])
def test_a_wrong_token_is_refused_in_one_line(
    ray_cluster: RayCluster, tmp_path: Path, where: str
) -> None:
    wrong = "0" * len(ray_cluster.token)
    if where == "home":
        (tmp_path / ".ray").mkdir()
        (tmp_path / ".ray" / "auth_token").write_text(wrong, encoding="utf-8")
        err = refusal(ray_cluster, HOME=str(tmp_path))
        assert f"refused the token from {tmp_path / '.ray' / 'auth_token'}" in err
    else:
        err = refusal(ray_cluster, RAY_AUTH_TOKEN=wrong)
        assert "refused the token from RAY_AUTH_TOKEN" in err


def test_token_mode_without_a_token_is_refused(ray_cluster: RayCluster, tmp_path: Path) -> None:
    """``RAY_AUTH_MODE=token`` and no token anywhere: Ray's client would abort the process."""
    err = refusal(ray_cluster, HOME=str(tmp_path), RAY_AUTH_MODE="token")
    assert "RAY_AUTH_MODE=token but no Ray token is found" in err


def test_an_unreadable_token_path_is_refused(ray_cluster: RayCluster, tmp_path: Path) -> None:
    err = refusal(ray_cluster, RAY_AUTH_TOKEN_PATH=str(tmp_path / "missing"))
    assert f"Ray token RAY_AUTH_TOKEN_PATH={tmp_path / 'missing'}: cannot read it" in err


# --- no cluster there ---------------------------------------------------------------------


def test_an_address_where_nothing_listens_is_refused_at_once(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    address = f"127.0.0.1:{free_port()}"
    start = time.monotonic()
    status, out, err = arena("--ray", address, env=client_env(tmp_path))
    assert (status, out) == (2, ""), err
    assert err == (
        f"zhengfen arena: no Ray cluster at {address}: Connection refused (start one with "
        "ray start --head, and give the address it prints)\n"
    )
    assert time.monotonic() - start < 30


@pytest.fixture
def silent_port() -> Iterator[str]:
    """The address of a port on 127.0.0.1 that accepts connections and answers nothing."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        accepted: list[socket.socket] = []
        stop = threading.Event()

        def accept() -> None:
            server.settimeout(0.2)
            while not stop.is_set():
                try:
                    accepted.append(server.accept()[0])
                except OSError:
                    continue

        thread = threading.Thread(target=accept, daemon=True)
        thread.start()
        yield f"127.0.0.1:{server.getsockname()[1]}"
        stop.set()
        thread.join()
        for connection in accepted:
            connection.close()


CONNECT = """
import sys
from zhengfen.arena.ray_connect import connect_ray
try:
    connect_ray(sys.argv[1], timeout=float(sys.argv[2]))
except ValueError as error:
    print(error)
"""
"""``connect_ray(ADDRESS, timeout=SECONDS)`` in a process of its own, its error printed (Ray
reads ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER`` once, when imported)."""


def test_a_port_that_is_no_ray_cluster_is_given_up_in_time(
    silent_port: str, tmp_path: Path
) -> None:
    """Ray's own client would retry for 40 s; the probe gives up after ``timeout``."""
    pytest.importorskip("ray")
    start = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-c", CONNECT, silent_port, "1.5"],
        capture_output=True,
        text=True,
        env=client_env(tmp_path),
        timeout=60,
        check=False,
    )
    assert run.stdout == (
        f"no Ray cluster answers at {silent_port} within 1.5 s (is it the address ray start "
        "--head prints?)\n"
    ), run.stderr
    assert time.monotonic() - start < 15


# --- before any connection ----------------------------------------------------------------


@pytest.mark.parametrize(
    "address", ["foo", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", ":6379", "ray://h:10001"]
)
def test_a_malformed_address_is_refused_before_any_work(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("ray")
    assert main(["arena", "--ray", address, "--deals", "1", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"zhengfen arena: Ray address {address!r}: ")
    assert captured.err.count("\n") == 1


def test_connect_without_ray_installed_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(RayConnectionError, match=r"Ray is not installed \(pip install"):
        connect_ray("127.0.0.1:6379")


@given(
    host=st.from_regex(r"[a-z0-9][a-z0-9.-]{0,30}", fullmatch=True),
    port=st.integers(1, 65535),
)
def test_parse_address_reads_back_host_and_port(host: str, port: int) -> None:
    assert parse_address(f"{host}:{port}") == (host, port)
    assert parse_address(f"[{host}]:{port}") == (host, port)


def test_token_sources_follow_ray_s_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """RAY_AUTH_TOKEN, then RAY_AUTH_TOKEN_PATH, then ~/.ray/auth_token (Ray's order)."""
    for name in ("RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert token_source() is None
    (tmp_path / ".ray").mkdir()
    (tmp_path / ".ray" / "auth_token").write_text("abc", encoding="utf-8")
    assert token_source() == str(tmp_path / ".ray" / "auth_token")
    (tmp_path / "named").write_text("def", encoding="utf-8")
    monkeypatch.setenv("RAY_AUTH_TOKEN_PATH", str(tmp_path / "named"))
    assert token_source() == f"RAY_AUTH_TOKEN_PATH ({tmp_path / 'named'})"
    monkeypatch.setenv("RAY_AUTH_TOKEN", "ghi")
    assert token_source() == "RAY_AUTH_TOKEN"
    monkeypatch.setenv("RAY_AUTH_TOKEN", " ")  # blank: Ray reads on
    assert token_source() == f"RAY_AUTH_TOKEN_PATH ({tmp_path / 'named'})"
    (tmp_path / "named").write_text("\n", encoding="utf-8")
    with pytest.raises(RayConnectionError, match="the file is empty"):
        token_source()
