"""Ctrl-C and SIGTERM during a tournament on processes: held back while the main thread waits
inside ``concurrent.futures`` (:class:`zhengfen.arena.workers.DeferredSignals`), so that the
process always exits."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest

from zhengfen.arena import backends
from zhengfen.arena.workers import DeferredSignals, as_worker, forking_workers

HERE = Path(__file__).parent


@pytest.fixture
def default_handlers() -> Iterator[None]:
    """SIGINT and SIGTERM as in a fresh process (a test runner's worker may have changed them)."""
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    yield
    for number, handler in before.items():
        signal.signal(number, handler)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_ctrl_c_inside_concurrent_futures_still_lets_the_process_exit() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("PYTHONPATH")]))
    run = subprocess.run(
        [sys.executable, str(HERE / "interrupted_pool.py")],
        capture_output=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert (run.returncode, run.stdout, run.stderr) == (130, b"stopped\n", b"")


def test_a_pool_ended_early_leaves_no_thread_to_race_the_exit() -> None:
    """Once a tournament's pool is ended (Ctrl-C, SIGTERM, an error in a chunk), its manager
    thread has finished too: it used to be still closing its wake-up pipe when the interpreter
    exited and wrote to that pipe, so that now and then a stopped tournament ended with a
    "Bad file descriptor" traceback after "zhengfen: interrupted" (in 2 of 4 runs of
    ``tests/test_arguments.py`` and ``tests/test_cli.py`` together; none of 14 runs of the stop
    tests alone)."""
    from concurrent.futures import ProcessPoolExecutor

    with forking_workers():
        pool = ProcessPoolExecutor(2, initializer=as_worker)
        futures = [pool.submit(time.sleep, 30) for _ in range(4)]
    # typeshed gives the manager thread the type of its wake-up pipe
    manager = cast(threading.Thread, pool._executor_manager_thread)
    assert manager.is_alive()
    backends._end(pool)
    assert not manager.is_alive()
    assert all(future.done() for future in futures)


def _reading_a_result(thread: threading.Thread) -> bool:
    """Whether ``thread`` (a pool's manager thread) is in the middle of reading a result."""
    frame = sys._current_frames().get(cast(int, thread.ident))
    while frame is not None and frame.f_code.co_name != "_recv_bytes":
        frame = frame.f_back
    return frame is not None


def _ended_while_sending(size: int) -> tuple[bool, bool]:
    """A pool of one worker whose chunk returns ``size`` bytes, ended (:func:`backends._end`)
    while the pool's manager thread reads them. Returns whether that thread had finished when
    ``_end`` returned, and whether the worker was ended before the whole result was through
    (the chunk's future then holds ``BrokenProcessPool``, not the bytes)."""
    from concurrent.futures import ProcessPoolExecutor

    with forking_workers():
        pool = ProcessPoolExecutor(1, initializer=as_worker)
        future = pool.submit(bytes, size)
    manager = cast(threading.Thread, pool._executor_manager_thread)
    writer = pool._result_queue._writer  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while not _reading_a_result(manager) and not future.done():
        assert time.monotonic() < deadline
    backends._end(pool)
    finished = not manager.is_alive()
    if not finished:  # let this process exit all the same
        writer.close()
        manager.join()
    return finished, future.exception() is not None


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and signals")
def test_a_worker_ended_while_it_sends_its_games_leaves_no_thread_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker ended halfway through sending a chunk's games (more than a pipe holds) left the
    pool's manager thread reading the rest for ever, and the interpreter's exit, which joins
    that thread without a bound, hung after "zhengfen: terminated": 3 of 284 runs of ``zhengfen
    arena --workers 2`` sent SIGTERM at random moments (1 of 60 sent Ctrl-C), three at once on 2
    cores. Here the moment is found each time; ``_end`` now returns with the thread finished."""
    monkeypatch.setattr(backends, "MANAGER_SECONDS", 2.0)  # its wait, where it fails
    runs = [_ended_while_sending(16 << 20) for _ in range(3)]
    assert all(finished for finished, _ in runs), runs
    assert any(cut for _, cut in runs), runs  # the moment was hit


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    ("name", "status", "message"),
    [("INT", 130, "zhengfen: interrupted\n"), ("TERM", 143, "zhengfen: terminated\n")],
    ids=["ctrl-c", "sigterm"],
)
def test_a_signal_while_the_workers_are_forked_stops_the_tournament_and_them(
    name: str, status: int, message: str
) -> None:
    """Ctrl-C or SIGTERM right after the first worker is forked (``tests/stopped_while_forking.py``)
    stops the tournament as at any other moment, and leaves no process of the group behind.
    Before, the tournament played on after Ctrl-C, and SIGTERM killed the main process at once,
    leaving its workers waiting for work (4 of the 284 runs sent SIGTERM at random moments; 2 of
    the 60 sent Ctrl-C played on)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("PYTHONPATH")]))
    process = subprocess.Popen(
        [sys.executable, str(HERE / "stopped_while_forking.py"), name],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,  # its group: the workers' too
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        process.wait(timeout=120)
        left = _group_alive(process.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    out, err = process.communicate(timeout=30)
    assert (process.returncode, err.decode(), out, left) == (status, message, b"", False)


def _group_alive(group: int) -> bool:
    """Whether a process of the group is left."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.usefixtures("default_handlers")
def test_a_held_ctrl_c_is_raised_only_when_asked() -> None:
    with DeferredSignals() as signals:
        os.kill(os.getpid(), signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler
        with pytest.raises(KeyboardInterrupt):
            signals.raise_held()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.usefixtures("default_handlers")
def test_the_first_held_signal_is_handled_by_the_handler_before() -> None:
    seen: list[int] = []
    signal.signal(signal.SIGTERM, lambda number, frame: seen.append(number))
    with DeferredSignals() as signals:
        os.kill(os.getpid(), signal.SIGTERM)
        os.kill(os.getpid(), signal.SIGINT)
        assert seen == []
        signals.raise_held()
    assert seen == [signal.SIGTERM]


@pytest.mark.usefixtures("default_handlers")
def test_nothing_held_means_nothing_raised_and_the_handlers_come_back() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with DeferredSignals() as signals:
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # ignored stays ignored
        os.kill(os.getpid(), signal.SIGINT)
        signals.raise_held()
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_outside_the_main_thread_it_changes_nothing() -> None:
    handlers: list[object] = []

    def enter() -> None:
        with DeferredSignals() as signals:
            handlers.append(signal.getsignal(signal.SIGINT))
            signals.raise_held()

    before = signal.getsignal(signal.SIGINT)
    thread = threading.Thread(target=enter)
    thread.start()
    thread.join()
    assert handlers == [before]


class _Stopped(Exception):
    pass


def test_rollouts_stop_within_a_move_from_any_thread() -> None:
    """``rollouts(stop=...)`` is asked while the engine plays, within a search agent's move:
    true raises ``KeyboardInterrupt``, what it raises is raised; a thread other than the main
    one (no Ctrl-C there) is stopped the same way."""
    import zhengfen
    from zhengfen.errors import ArgumentTypeError

    rules = zhengfen.Rules.zheng_fen()
    heavy = ["ismcts(iterations=5000)", "greedy", "greedy", "greedy"]
    with pytest.raises(KeyboardInterrupt):
        zhengfen.rollouts(rules, heavy, 1, stop=lambda: True)
    with pytest.raises(ArgumentTypeError, match="stop"):
        zhengfen.rollouts(rules, heavy, 1, stop="soon")  # type: ignore[arg-type]
    asked = threading.Event()
    raised: list[BaseException] = []

    def stop() -> bool:
        asked.set()
        raise _Stopped

    def work() -> None:
        try:
            zhengfen.rollouts(rules, heavy, 1, stop=stop)
        except _Stopped as error:
            raised.append(error)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(10)
    assert not thread.is_alive() and asked.is_set() and len(raised) == 1
    assert len(zhengfen.rollouts(rules, ["greedy"] * 4, 2, stop=lambda: False)["deal"]) == 2
