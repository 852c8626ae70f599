"""The cost of the bot protocol (BOTS.md; issue 46 §2), against a bot that answers at once.

- **Per decision.** The same deals (one match each, 4-player Zheng Fen) played twice: by four
  bot processes of the instant bot (``benches/bots/instant.c``, built here with gcc; without
  gcc, ``benches/bots/instant.py``), each answering its first legal move at once, and by four
  in-process agents that return ``legal_moves[0]``. Both play the very same games, so the
  difference of their wall-clock times over the decisions the bots were asked (a seat with one
  legal move is not asked) is the protocol's overhead a decision: writing the ``decision`` line
  (the observation and legal moves as JSON), the bot's reading and answering, and reading and
  checking its answer. Target: at most 50 µs.
- **A tournament.** ``--deals`` deals (whole games unless ``--matches``) of four instant bots in
  the arena's Python loop against four ``greedy`` agents as the arena plays them (in Rust,
  ``rollouts``), and, for what bounds the bots, four ``greedy`` agents in the same Python loop.
  Target: the bots within 3x the time of the four ``greedy`` agents.
- **The floor of any pipe protocol.** One short line to another process over a pipe and one
  short line back, with no work between (``benches/bots/pingpong.c``): the median of
  ``--round-trips`` round trips, C to C and Python (``os.write``/``os.read``) to C. Times the
  decisions with a choice in the ``greedy`` tournament's games (a seat with one legal move is
  not asked), it is the least any protocol that asks a process a decision could add to those
  games, set against the ``greedy`` arena's wall-clock and CPU seconds (alone with
  ``--floor-only``).
- **The engine's own work a decision** (first; alone with ``--engine-only``): the ``decision``
  line built and encoded and a compact answer read, without a bot and the OS's wake-ups (the
  least of ``--repeats`` timings a decision, the median over the decisions), and one wait on a
  pipe with a line in it by ``select.poll`` (what the engine uses) and by ``selectors``.

Wall-clock seconds (the bot's own time is part of the cost); each figure is the median of
``--repeats`` passes, the rows taking turns. Run: ``python benches/bench_bots.py [--deals 200]
[--repeats 3]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen.agents import Agent, make_agent, play_game
from zhengfen.arena import Tournament, python_game, rust_chunk
from zhengfen.bots import BotSpec, close_all
from zhengfen.types import Move

HERE = Path(__file__).parent
RULES = zhengfen.Rules.zheng_fen(players=4)


class First:
    """The in-process twin of the instant bot: its first legal move."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        return legal_moves[0]


def instant_command(folder: Path) -> tuple[str, str]:
    """The instant bot's command line and what it is (C, or Python without gcc)."""
    gcc = shutil.which("gcc")
    if gcc is not None:
        binary = folder / "instant"
        subprocess.run(
            [gcc, "-O2", "-o", str(binary), str(HERE / "bots" / "instant.c")], check=True
        )
        return str(binary), "C (gcc -O2)"
    return f"{sys.executable} {HERE / 'bots' / 'instant.py'}", "Python"


def timed(work: Callable[[], Any]) -> float:
    begun = time.perf_counter()
    work()
    return time.perf_counter() - begun


def timed_both(work: Callable[[], Any]) -> tuple[float, float]:
    """Wall-clock seconds and this process's CPU seconds (the bot's own time not in them)."""
    begun, used = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - begun, time.process_time() - used


def play_deals(agents: Callable[[], list[Agent]], deals: int) -> tuple[int, int]:
    """Plays ``deals`` one-match games; returns (decisions, decisions with a choice)."""
    total = asked = 0
    for deal in range(deals):
        game = play_game(zhengfen.Game(RULES, seed=deal), agents(), matches=1)
        total += len(game.decisions)
        replay = zhengfen.Game(RULES, seed=deal)
        for decision in game.decisions:
            asked += len(replay.legal_moves()) > 1
            replay.play(decision)
    return total, asked


def per_decision(spec: BotSpec, deals: int, repeats: int) -> dict[str, float]:

    def bots() -> list[Agent]:
        return [make_agent(spec, seed=s, instance=s) for s in range(4)]

    def firsts() -> list[Agent]:
        return [First() for _ in range(4)]

    _, asked = play_deals(firsts, deals)
    bot_times, first_times = [], []
    for _ in range(repeats):
        bot_times.append(timed_both(lambda: play_deals(bots, deals)))
        first_times.append(timed_both(lambda: play_deals(firsts, deals)))
    bot, first = (statistics.median(t[0] for t in times) for times in (bot_times, first_times))
    bot_cpu, first_cpu = (statistics.median(t[1] for t in ts) for ts in (bot_times, first_times))
    # play_deals replays each game to count; the same work in both rows, so it cancels out
    return {
        "asked": asked,
        "bot_s": bot,
        "first_s": first,
        "us": (bot - first) / asked * 1e6,
        "bot_cpu_s": bot_cpu,
        "first_cpu_s": first_cpu,
        "cpu_us": (bot_cpu - first_cpu) / asked * 1e6,
    }


def engine_work(deals: int, repeats: int) -> dict[str, float]:
    """The engine's own work a decision, without the bot and the OS's wake-ups (medians over the
    decisions with a choice of ``deals`` first-move games, each the least of ``repeats`` timings):
    the ``decision`` line built and encoded, and a compact answer read (µs). And one wait for a
    line already there, by ``select.poll`` (what the engine uses) and by ``selectors``."""
    from zhengfen.bots import messages

    spots: list[tuple[zhengfen.Game, int]] = []
    for deal in range(deals):
        game = zhengfen.Game(RULES, seed=deal)
        while not game.match_over:
            if len(game.legal_moves()) > 1:
                spots.append((game.copy(), game.current_player or 0))
            game.play(game.legal_moves()[0])
    build, read = [], []
    clock = time.perf_counter_ns
    for ident, (game, seat) in enumerate(spots, 1):
        legal = game.legal_moves()
        answer = b'{"type":"move","id":%d,"index":0}' % ident
        built, answered = [], []
        for _ in range(repeats):
            begun = clock()
            messages.encode(messages.decision(game, seat, ident, 1000, 60_000, legal))
            middle = clock()
            messages.read_answer(answer, ident, legal, game.rules)
            built.append(middle - begun)
            answered.append(clock() - middle)
        build.append(min(built) / 1000)
        read.append(min(answered) / 1000)
    return {"decisions": len(spots), "build": statistics.median(build),
            "read": statistics.median(read), **_waits()}  # fmt: skip


def _waits(count: int = 20_000) -> dict[str, float]:
    """One wait on a pipe with a line in it: ``select.poll`` and ``selectors`` (µs, median of 5
    runs of ``count``)."""
    import select
    import selectors

    ready, writer = os.pipe()
    os.write(writer, b"x\n")
    poll = select.poll()
    poll.register(ready, select.POLLIN)
    chosen = selectors.DefaultSelector()
    chosen.register(ready, selectors.EVENT_READ)
    found: dict[str, list[float]] = {"poll": [], "selectors": []}
    for _ in range(5):
        for name, wait in (
            ("poll", lambda: poll.poll(1000.0)),
            ("selectors", lambda: chosen.select(1.0)),
        ):
            begun = time.perf_counter()
            for _ in range(count):
                wait()
            found[name].append((time.perf_counter() - begun) / count * 1e6)
    chosen.close()
    os.close(ready)
    os.close(writer)
    return {name: statistics.median(times) for name, times in found.items()}


def tournament(
    spec: BotSpec, deals: int, matches: int | None, repeats: int
) -> dict[str, tuple[float, int]]:
    """Each row's median seconds and the decisions its games took."""
    greedy = zhengfen.AgentSpec("greedy")
    with_bots = Tournament(RULES, (spec,) * 4, deals=deals, matches=matches)
    with_greedy = Tournament(RULES, (greedy,) * 4, deals=deals, matches=matches)
    rows: dict[str, Callable[[], list[Any]]] = {
        "bots": lambda: [python_game(with_bots, d, 0) for d in range(deals)],
        "greedy_rust": lambda: rust_chunk(with_greedy, 0, deals),
        "greedy_python": lambda: [python_game(with_greedy, d, 0) for d in range(deals)],
    }
    times: dict[str, list[float]] = {name: [] for name in rows}
    decisions: dict[str, int] = {}
    for _ in range(repeats):
        for name, work in rows.items():
            begun = time.perf_counter()
            games = work()
            times[name].append(time.perf_counter() - begun)
            decisions[name] = sum(game.decisions for game in games)
    return {name: (statistics.median(times[name]), decisions[name]) for name in rows}


def pingpong(folder: Path) -> Path | None:
    """The round-trip program built with gcc, or ``None`` without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    binary = folder / "pingpong"
    source = HERE / "bots" / "pingpong.c"
    subprocess.run([gcc, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


_ECHO_PY = 'import os\nwhile os.read(0, 4096):\n    os.write(1, b\'{"type":"move","id":1}\\n\')'


def round_trips(binary: Path | None, trips: int) -> dict[str, float]:
    """Median nanoseconds of one short line's round trip over pipes: ``c`` (C to C, with gcc)
    and ``python`` (this interpreter to the C echo, or to a Python one without gcc)."""
    found: dict[str, float] = {}
    if binary is not None:
        out = subprocess.run([str(binary), "drive", str(trips)], check=True, capture_output=True)
        found["c"] = statistics.median(int(n) for n in out.stdout.split())
    echo = [str(binary), "echo"] if binary is not None else [sys.executable, "-c", _ECHO_PY]
    child = subprocess.Popen(echo, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert child.stdin is not None and child.stdout is not None
    send, reply = child.stdin.fileno(), child.stdout.fileno()
    line, took = b'{"type":"decision","id":1}\n', []
    for _ in range(trips):
        begun = time.perf_counter_ns()
        os.write(send, line)
        os.read(reply, 4096)
        took.append(time.perf_counter_ns() - begun)
    child.stdin.close()
    child.wait()
    found["python"] = statistics.median(took)
    return found


def choices(deals: int, matches: int | None) -> int:
    """The decisions with more than one legal move in the ``greedy`` tournament's games."""
    greedy = zhengfen.AgentSpec("greedy")
    played = Tournament(RULES, (greedy,) * 4, deals=deals, matches=matches, logs=True)
    asked = 0
    for deal in range(deals):
        log = python_game(played, deal, 0).log
        assert log is not None
        saved = zhengfen.Game.from_json(log)
        replay = zhengfen.Game(saved.rules, seed=json.loads(log)["setup"]["seed"])
        for decision in saved.decisions:
            if decision == "next_match":
                replay.next_match()
                continue
            asked += len(replay.legal_moves()) > 1
            replay.play(decision)
    return asked


def print_floor(
    trips: dict[str, float], asked: int, greedy: tuple[float, float], count: int
) -> None:
    """The floor's table: each round trip's time over the greedy games' choices, against the
    greedy arena's wall-clock and CPU seconds."""
    wall, cpu = greedy
    print(
        f"\n4 greedy (arena: Rust): {wall:.3f} s wall-clock, {cpu:.3f} s CPU (medians)\n\n"
        f"| round trip over pipes, no work ({count:,} trips) | median µs "
        f"| x {asked:,} decisions with a choice | vs greedy's wall-clock | vs greedy's CPU |"
    )
    print("|---|---|---|---|---|")
    for name, label in (("c", "C to C"), ("python", "Python to C")):
        if name in trips:
            seconds = trips[name] * 1e-9 * asked
            print(
                f"| {label} | {trips[name] / 1000:.2f} | {seconds:.3f} s "
                f"| {seconds / wall:.1f}x | {seconds / cpu:.1f}x |"
            )


def greedy_arena(deals: int, matches: int | None, repeats: int) -> tuple[float, float]:
    """The ``greedy`` tournament as the arena plays it (in Rust, one thread): median wall-clock
    and CPU seconds (on a loaded machine the wall-clock waits for a core; the CPU time is what
    it takes on an idle one)."""
    greedy = zhengfen.AgentSpec("greedy")
    played = Tournament(RULES, (greedy,) * 4, deals=deals, matches=matches)
    runs = [timed_both(lambda: rust_chunk(played, 0, deals)) for _ in range(repeats)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument(
        "--matches", type=int, default=None, help="a game's matches (default whole)"
    )
    parser.add_argument("--decision-deals", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--round-trips", type=int, default=20_000)
    parser.add_argument(
        "--engine-only", action="store_true", help="only the engine's own work a decision"
    )
    parser.add_argument(
        "--floor-only", action="store_true", help="only the floor against the greedy arena"
    )
    return parser.parse_args()


def main() -> None:
    args = arguments()
    work = engine_work(args.decision_deals, args.repeats)
    print(
        f"engine's work a decision ({work['decisions']:,} decisions, medians): line built "
        f"{work['build']:.2f} µs, answer read {work['read']:.2f} µs; a wait on a ready pipe: "
        f"poll {work['poll']:.2f} µs, selectors {work['selectors']:.2f} µs"
    )
    if args.engine_only:
        return
    with tempfile.TemporaryDirectory() as folder:
        if not args.floor_only:
            print_bots(Path(folder), args)
        trips = round_trips(pingpong(Path(folder)), args.round_trips)
    greedy = greedy_arena(args.deals, args.matches, args.repeats)
    print_floor(trips, choices(args.deals, args.matches), greedy, args.round_trips)


def print_bots(folder: Path, args: argparse.Namespace) -> None:
    """The instant bots' tables."""
    command, kind = instant_command(folder)
    spec = BotSpec(command, time_ms=10_000, budget_ms=86_400_000)
    try:
        decision = per_decision(spec, args.decision_deals, args.repeats)
        played = tournament(spec, args.deals, args.matches, args.repeats)
    finally:
        close_all()
    print(f"\ninstant bot: {kind}; {args.repeats} passes, medians, wall-clock\n")
    print(
        "| per decision | seconds | engine CPU s | decisions asked | overhead a decision "
        "| engine CPU a decision |"
    )
    print("|---|---|---|---|---|---|")
    print(
        f"| 4 instant bots | {decision['bot_s']:.3f} | {decision['bot_cpu_s']:.3f} "
        f"| {decision['asked']:,} | **{decision['us']:.1f} µs** (target <= 50) "
        f"| {decision['cpu_us']:.1f} µs |"
    )
    print(
        f"| 4 in-process first-move agents | {decision['first_s']:.3f} "
        f"| {decision['first_cpu_s']:.3f} | | | |"
    )
    length = "whole games" if args.matches is None else f"{args.matches} match(es)"
    print(
        f"\n| {args.deals} deals, 4-player Zheng Fen, {length} | seconds | vs greedy (Rust) "
        "| decisions | µs a decision |"
    )
    print("|---|---|---|---|---|")
    base = played["greedy_rust"][0]
    for name, label in (
        ("bots", "4 instant bots (Python loop)"),
        ("greedy_rust", "4 greedy (arena: Rust)"),
        ("greedy_python", "4 greedy (Python loop)"),
    ):
        seconds, decisions = played[name]
        print(
            f"| {label} | {seconds:.2f} | {seconds / base:.1f}x | {decisions:,} "
            f"| {seconds / decisions * 1e6:.1f} |"
        )


if __name__ == "__main__":
    main()
