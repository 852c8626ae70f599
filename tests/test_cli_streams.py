"""The command with a standard stream closed by its caller (``>&-``, ``2>&-``, ``<&-``; issue 23
§1): it runs where the stream is not needed, output nobody can read dropped and logs and saves
written, and refuses in one line with exit status 2 where it is (``zhengfen play`` reads moves
from standard input); never "internal error (please report it)"."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import pytest

import zhengfen
from test_cli import subprocess_env

ROOT = Path(__file__).resolve().parent.parent


def closed_run(
    args: Sequence[str], close: Sequence[int], stdin: int | None = subprocess.DEVNULL
) -> subprocess.CompletedProcess[bytes]:
    """``python -m zhengfen ARGS`` with the descriptors ``close`` closed in the child; the
    streams not closed are captured (standard input from ``stdin``)."""

    def closing() -> None:
        for fd in close:
            os.close(fd)

    return subprocess.run(
        [sys.executable, "-m", "zhengfen", *args],
        stdin=stdin,
        capture_output=True,
        timeout=300,
        env=subprocess_env(),
        preexec_fn=closing,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["arena", "--agents", "greedy,random", "--deals", "1", "--matches", "1", "--no-progress"],
        ["docs", "RULES"],
        ["demo"],
        ["conformance", "check", "--impl", "zhengfen conformance serve", "--section", "rng"],
    ],
)
def test_a_closed_standard_output_is_dropped(args: list[str]) -> None:
    run = closed_run(args, close=[1])
    assert (run.returncode, run.stderr) == (0, b""), run.stderr


def test_the_arena_log_is_written_with_both_outputs_closed(tmp_path: Path) -> None:
    """Before, a closed standard error failed the progress bar: exit 1 and no log."""
    log = tmp_path / "games.jsonl"
    args = ["arena", "--agents", "greedy,random", "--deals", "2", "--matches", "1"]
    run = closed_run([*args, "--log", str(log)], close=[1, 2])
    assert run.returncode == 0
    assert len(log.read_text().splitlines()) == 4


def test_a_replay_with_standard_output_closed(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=2)
    save.write_text(game.to_json())
    run = closed_run(["replay", str(save)], close=[1])
    assert (run.returncode, run.stderr) == (0, b""), run.stderr


def test_play_with_standard_output_closed_still_saves(tmp_path: Path) -> None:
    """``zhengfen play --save s.json >&- </dev/null``: the save used to be lost (exit 1)."""
    save = tmp_path / "game.json"
    run = closed_run(["play", "--opponents", "random", "--save", str(save)], close=[1])
    assert (run.returncode, run.stderr) == (0, b""), run.stderr
    assert zhengfen.Game.from_json(save.read_text()).rules.players == 4


def test_play_refuses_a_closed_standard_input(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run = closed_run(["play", "--opponents", "random", "--save", str(save)], close=[0], stdin=None)
    assert run.returncode == 2
    assert run.stderr.decode().strip() == (
        "zhengfen play: standard input is closed: zhengfen play reads your moves from it"
    )
    assert not save.exists()


def test_serve_starts_with_standard_output_closed() -> None:
    """Before: "Unable to configure formatter 'default'", exit 2. The server now starts and
    answers (its address line went to the closed output); SIGTERM stops it (exit 143)."""
    pytest.importorskip("uvicorn")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "zhengfen", "serve", "--port", str(port)],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=subprocess_env(),
        preexec_fn=lambda: os.close(1),
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options") as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    assert (proc.returncode, err.strip()) == (143, b"zhengfen: terminated"), err
