"""The ``zhengfen`` command end to end, as a user runs it: subprocesses, real input through a
pipe (issue 6): tournaments, their logs and replays, the same results on one process, several
processes and Ray, and a whole game played through ``zhengfen play`` with mistakes typed in.

Issue 10 (the hardening section at the end): whatever a user passes or does, the command answers
with one line on standard error and exit status 2 (Ctrl-C: 130, a closed pipe: 141 and
silence), never a traceback, and checks its outputs before the work, so nothing is lost."""

from __future__ import annotations

import contextlib
import importlib.metadata
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from zhengfen.agents import GreedyAgent, make_agent, play_game, take_turn
from zhengfen.arena import GameResult, InOrder, chunks
from zhengfen.cli import main

TESTS = Path(__file__).parent


def subprocess_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of the subprocesses: the tests folder is importable."""
    env = dict(os.environ if base is None else base)
    env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
    return env


def zhengfen_cmd(
    *args: str, stdin: str = "", timeout: float = 300, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m zhengfen ARGS`` with ``stdin`` piped in; the tests folder is importable."""
    return subprocess.run(
        [sys.executable, "-m", "zhengfen", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=subprocess_env(env),
        check=False,
    )


def table_rows(output: str) -> list[str]:
    """The rows of the printed tables (the timing line left out)."""
    return [line for line in output.splitlines() if line.startswith("| ")]


# --- arena ------------------------------------------------------------------------------------


def test_arena_defaults_run_a_tournament() -> None:
    run = zhengfen_cmd("arena", "--deals", "1", "--matches", "2")
    assert run.returncode == 0, run.stderr
    rows = table_rows(run.stdout)
    assert rows[0].startswith("| agent | seat-games | pts/match [95 % CI] | win rate")
    agents = [row.split("|")[1].strip() for row in rows[1:4]]
    assert agents == ["search(determinizations=8,candidates=8)", "greedy", "random"]
    assert "1 deals, duplicate, 4 games (2 match(es) a game), seed 0" in run.stdout
    assert "games/s" in run.stderr  # the progress line


def test_arena_table_adds_up() -> None:
    run = zhengfen_cmd(
        "arena", "--agents", "greedy,random", "--deals", "3", "--players", "3", "--no-progress"
    )
    assert run.returncode == 0, run.stderr
    rows = {row.split("|")[1].strip(): row for row in table_rows(run.stdout)[1:3]}
    # Three seats, two rotations of greedy,random,greedy... : every seat-game counted once.
    games = sum(int(rows[name].split("|")[2]) for name in ("greedy", "random"))
    assert games == 3 * 3 * 3
    assert re.search(r"\d+\.\d% \[\d+\.\d%, \d+\.\d%\]", rows["greedy"])
    assert run.stderr == ""


def test_arena_log_and_replay(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    run = zhengfen_cmd(
        "arena",
        "--agents",
        "greedy,random",
        "--deals",
        "2",
        "--matches",
        "1",
        "--log",
        str(log),
        "--no-progress",
    )
    assert run.returncode == 0, run.stderr
    lines = log.read_text().splitlines()
    assert len(lines) == 2 * 2  # greedy,random,greedy,random has two distinct rotations
    record = json.loads(lines[1])
    game = zhengfen.Game.from_json(json.dumps(record["game"]))
    assert record["points"] == [game.match_points[s] for s in range(4)]
    listing = zhengfen_cmd("replay", str(log), "--list")
    assert listing.returncode == 0 and len(listing.stdout.splitlines()) == 4
    shown = zhengfen_cmd("replay", str(log), "--game", "1")
    assert shown.returncode == 0, shown.stderr
    assert "=== Match 1:" in shown.stdout and "wins the trick" in shown.stdout
    assert "seat 0 (random)" in shown.stdout  # rotation 1 puts random in seat 0
    assert f"Final scores {game.scores}" in shown.stdout


def arena_output(*extra: str, log: Path) -> tuple[list[str], str]:
    run = zhengfen_cmd(
        "arena",
        "--agents",
        "greedy,random,random",
        "--players",
        "3",
        "--deals",
        "6",
        "--matches",
        "2",
        "--seed",
        "5",
        "--log",
        str(log),
        "--no-progress",
        *extra,
    )
    assert run.returncode == 0, run.stderr
    return table_rows(run.stdout), log.read_text()


def test_arena_workers_give_the_same_results(tmp_path: Path) -> None:
    one = arena_output(log=tmp_path / "one.jsonl")
    two = arena_output("--workers", "2", log=tmp_path / "two.jsonl")
    assert one == two


def test_arena_on_local_ray_gives_the_same_results(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    one = arena_output(log=tmp_path / "one.jsonl")
    on_ray = arena_output("--ray", "local", log=tmp_path / "ray.jsonl")
    assert one == on_ray


def test_arena_agent_specs_are_canonical() -> None:
    """``search`` and its spelled-out defaults are one agent: one row, two distinct rotations."""
    run = zhengfen_cmd(
        "arena",
        "--agents",
        "search,greedy,search(determinizations=8, candidates=8),greedy",
        "--deals",
        "1",
        "--matches",
        "1",
        "--no-progress",
    )
    assert run.returncode == 0, run.stderr
    assert "1 deals, duplicate, 2 games" in run.stdout
    assert len(table_rows(run.stdout)) == 2 * (1 + 2)  # two tables: a header and two agents


def test_arena_with_a_user_agent(tmp_path: Path) -> None:
    log = tmp_path / "user.jsonl"
    args = ("--agents", "user_agents:LowestFirst,greedy", "--deals", "2", "--matches", "1")
    run = zhengfen_cmd("arena", *args, "--log", str(log), "--no-progress")
    assert run.returncode == 0, run.stderr
    assert "user_agents:LowestFirst" in run.stdout
    again = zhengfen_cmd("arena", *args, "--log", str(tmp_path / "again.jsonl"), "--no-progress")
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "again.jsonl").read_text() == log.read_text()  # seeded, in Python too


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "clever"], "unknown agent"),
        (["--agents", "nosuchmodule:Agent"], "cannot load agent"),
        (["--players", "9"], "players"),
        (["--option", "colour=red"], "colour"),
        (["--option", "target"], "NAME=VALUE"),
        (["--deals", "0"], "--deals"),
        (["--agents", "a,b,c,d,e"], "5 agents given for 4 seats"),
    ],
)
def test_arena_refuses_bad_arguments(args: list[str], message: str) -> None:
    run = zhengfen_cmd("arena", *args, "--no-progress")
    assert run.returncode == 2
    assert message in run.stderr and "Traceback" not in run.stderr


# --- play -------------------------------------------------------------------------------------


def leading_seed(rules: zhengfen.Rules, seat: int) -> int:
    """A seed whose first match the given seat leads."""
    return next(s for s in range(200) if zhengfen.Game(rules, s).current_player == seat)


def test_play_a_whole_match_with_mistakes(tmp_path: Path) -> None:
    rules = zhengfen.Rules.zheng_fen(players=4)
    seed = leading_seed(rules, 0)
    hand = zhengfen.Game(rules, seed).hand(0)
    missing = next(str(c) for c in zhengfen.parse_cards("3c 3d 3h 3s 4c 4d 4h 4s") if c not in hand)
    mistakes = ["pass", "xyz", "99999", "Kc Kc", missing, "", "help", "hint", "moves"]
    save = tmp_path / "game.json"
    script = "\n".join(mistakes + ["1"] * 400) + "\n"
    run = zhengfen_cmd(
        "play", "--seed", str(seed), "--matches", "1", "--save", str(save), stdin=script
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "You lead: play any combination." in out and "Your hand (" in out
    assert "Your moves: " in out
    assert "You cannot pass now: the leader may not pass; you lead this trick" in out
    assert "Not a move, cards or a name: unknown card token 'xyz'" in out
    assert "Not a move, cards or a name: duplicate card" in out  # Kc Kc
    assert "There is no move 99999" in out
    assert f"You do not hold {missing}" in out
    assert "Hint (the greedy agent): move " in out and "the greedy agent's choice" in out
    assert "Match 1 result" in out and "Traceback" not in run.stderr
    game = zhengfen.Game.from_json(save.read_text())
    assert game.match_over and sum(game.match_points) == 100


def test_play_cards_typed_as_notation() -> None:
    rules = zhengfen.Rules.zheng_fen(players=4)
    seed = leading_seed(rules, 0)
    card = next(iter(zhengfen.Game(rules, seed).hand(0)))
    shown = f"{card}{'*' if card.points else ''}"
    for typed in (str(card), f"single {card.rank} 1: {card}", f"{card.rank}{card.suit}".upper()):
        run = zhengfen_cmd("play", "--seed", str(seed), "--matches", "1", stdin=typed + "\n")
        assert f"You play single {card.rank}  {shown}" in run.stdout, typed
        assert "Game stopped (input ended)." in run.stdout and run.returncode == 0


def test_play_the_partnership_game_with_declarations() -> None:
    script = "\n".join(["blind?", "pass", "declare"] + ["1"] * 800) + "\n"
    run = zhengfen_cmd(
        "play", "--game", "zen_cheng_you", "--seed", "4", "--matches", "1", stdin=script
    )
    assert run.returncode == 0, run.stderr
    assert "You have not seen your cards yet" in run.stdout
    assert "You do not declare blind" in run.stdout and "You declare (+/-100)" in run.stdout
    assert "Match 1 result" in run.stdout


def test_play_refuses_bad_arguments() -> None:
    run = zhengfen_cmd("play", "--seat", "4")
    assert run.returncode == 2 and "--seat must be 0 to 3" in run.stderr
    run = zhengfen_cmd("play", "--seat", "3", "--players", "3")
    refused(run, "zhengfen play: --seat must be 0 to 2 (3 players), not 3")
    run = zhengfen_cmd("play", "--opponents", "greedy,greedy")
    assert run.returncode == 2 and "2 opponents given for 3 other seats" in run.stderr


def test_a_seat_no_table_has_is_argparses_error_before_anything_is_read(tmp_path: Path) -> None:
    """``--seat`` was a plain ``int``, checked only once the rules were known: after the game to
    resume was read, so a bad seat was reported as the file's problem. A table has at most six
    seats: beyond that the parser refuses, naming the argument."""
    for seat in ("6", "-1", "99999999999999999999"):
        run = zhengfen_cmd("play", "--seat", seat, "--load", str(tmp_path / "missing.json"))
        refused(run, f"argument --seat: must be an integer from 0 to 5, not '{seat}'")
        assert run.stderr.startswith("usage: zhengfen play")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_device_as_save_or_log_is_refused_up_front() -> None:
    """``play --save /dev/full`` was refused only after the game, when the save failed."""
    refused(zhengfen_cmd("play", "--save", "/dev/full", stdin="1\n" * 50), "is a device")
    refused(zhengfen_cmd("arena", "--log", "/dev/full", "--no-progress"), "is a device")


# --- replay -----------------------------------------------------------------------------------


def test_replay_a_saved_game_step_by_step(tmp_path: Path) -> None:
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=3), 2)
    play_game(game, [GreedyAgent()] * 3, matches=1)
    saved = tmp_path / "saved.json"
    saved.write_text(game.to_json())
    whole = zhengfen_cmd("replay", str(saved))
    assert whole.returncode == 0, whole.stderr
    tricks = whole.stdout.count("wins the trick")
    assert tricks == sum(1 for e in game.history if e["type"] == "trick")
    stepped = zhengfen_cmd("replay", str(saved), "--step", stdin="\n\nq\n")
    assert stepped.stdout.count("[Enter: next, q: stop]") == 3
    assert stepped.stdout.count("wins the trick") == 2  # the deal, two tricks, then q


def test_replay_refuses_bad_logs(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.json"
    text = json.loads(zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), 1).to_json())
    text["decisions"] = ["single 3 1: 3c"]
    corrupt.write_text(json.dumps(text))
    for path, message in [
        (tmp_path / "missing.json", "No such file"),
        (corrupt, "invalid saved game"),
    ]:
        run = zhengfen_cmd("replay", str(path))
        assert run.returncode == 2 and message in run.stderr, run.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("{}\n")
    run = zhengfen_cmd("replay", str(empty))
    assert run.returncode == 2 and "holds no saved game" in run.stderr


# --- issue 10: hardening -------------------------------------------------------------------------


def refused(run: subprocess.CompletedProcess[str], message: str) -> None:
    """A refusal as the command must give it: exit status 2, nothing on standard output (no
    work done), and a last line on standard error that names the problem, with no traceback
    (argparse's own format puts its usage lines before it)."""
    assert run.returncode == 2, (run.returncode, run.stderr)
    assert "Traceback" not in run.stderr and run.stdout == ""
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("zhengfen") and message in last, run.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "-1"], "--seed: must be an integer from 0 to 18446744073709551615"),
        (["--seed", str(2**64)], "--seed: must be an integer from 0"),
        (["--seed", "x"], "--seed: must be an integer"),
        (["--deals", "99999999999999999999"], "at most 1,000,000 are held in memory"),
        (["--deals", "-3"], "--deals: must be an integer from 1"),
        (["--matches", "0"], "--matches: must be an integer from 1"),
        (["--workers", "0"], "--workers: must be an integer from 1 to 1024"),
        (["--workers", "100000"], "--workers: must be an integer from 1 to 1024"),
        (["--players", "99999999999999999999999"], "--players: must be an integer from 3 to 6"),
        (["--deals", "1000000"], "at most 1,000,000 are held in memory"),
        (["--agents", "os:getcwd"], "agent 'os:getcwd' is not a class"),
        (["--agents", "user_agents:BadConstructor"], "could not be built: RuntimeError"),
        (["--agents", "user_agents:"], "expected module:Class"),
        (["--agents", "greedy(x)"], "greedy(x)"),
        (["--agents", "search(determinizations=-1)"], "determinizations must be 1 to"),
        (["--agents", ""], "--agents '': an empty agent name"),  # was the default tournament
        (["--agents", ",,,"], "--agents ',,,': an empty agent name"),
        (["--agents", "search(determinizations=1,determinizations=2)"], "given twice"),
        (["--option", "target=0"], "target"),
        (["--threads", "0"], "unrecognized arguments: --threads 0"),
    ],
)
def test_arena_refuses_bad_numbers_and_agents_up_front(args: list[str], message: str) -> None:
    refused(zhengfen_cmd("arena", "--no-progress", *args, timeout=60), message)


def test_a_function_named_as_an_agent_is_never_called(tmp_path: Path) -> None:
    marker = tmp_path / "called"
    env = dict(os.environ, ZHENGFEN_TEST_MARKER=str(marker))
    for args in (
        ["arena", "--agents", "user_agents:not_a_class", "--no-progress"],
        ["play", "--opponents", "user_agents:not_a_class"],
    ):
        run = zhengfen_cmd(*args, env=env)
        refused(run, "'user_agents:not_a_class' is not a class (it is a function)")
    assert not marker.exists()


def unwritable_paths(tmp_path: Path) -> list[tuple[Path, str]]:
    """Output paths that cannot be written, with what the refusal must say."""
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    return [
        (tmp_path / "no" / "such" / "dir" / "out.json", "does not exist"),
        (tmp_path, "is a folder"),
        (a_file / "out.json", "does not exist"),
    ]


def test_output_paths_are_checked_before_any_work(tmp_path: Path) -> None:
    """A tournament of whole games with the search agent takes minutes: a refusal within the
    timeout shows that nothing was played, and no table was printed."""
    for path, message in unwritable_paths(tmp_path):
        arena = zhengfen_cmd("arena", "--deals", "200", "--log", str(path), timeout=30)
        refused(arena, f"--log {path}: ")
        assert message in arena.stderr
        game = zhengfen_cmd("play", "--save", str(path), stdin="1\n" * 50, timeout=30)
        refused(game, f"--save {path}: ")
        assert message in game.stderr


def test_a_refused_tournament_leaves_the_log_as_it_was(tmp_path: Path) -> None:
    kept = tmp_path / "kept.jsonl"
    kept.write_text("earlier games\n")
    fresh = tmp_path / "fresh.jsonl"
    for log in (kept, fresh):
        for refusal in (["--agents", "user_agents:BadConstructor"], ["--option", "x=1"]):
            run = zhengfen_cmd("arena", *refusal, "--log", str(log))
            assert run.returncode == 2, run.stderr
    assert kept.read_text() == "earlier games\n" and not fresh.exists()


def log_prefix(log: Path, rotations: int) -> int:
    """Checks that ``log`` holds whole lines for a prefix of the tournament's games (every
    rotation of deal 0, then of deal 1, ...); returns how many deals it holds whole."""
    records = [json.loads(line) for line in log.read_text().splitlines()]
    order = [(record["deal"], record["rotation"]) for record in records]
    deals = len(order) // rotations
    games = [(d, r) for d in range(deals + 1) for r in range(rotations)]
    assert order == games[: len(order)]
    for record in records:
        zhengfen.Game.from_json(json.dumps(record["game"]))
    return deals


def shuffled_chunk(first: int, count: int, rotations: int, rng: random.Random) -> list[GameResult]:
    """The games of a chunk, in any order (as a chunk may return them)."""
    games = [
        GameResult(d, r, 0, [], [], [], 1, 0)
        for d in range(first, first + count)
        for r in range(rotations)
    ]
    return rng.sample(games, len(games))


def test_in_order_hands_on_every_chunk_once_in_deal_order() -> None:
    """Whatever order chunks finish in, the sink sees each once, in deal-then-rotation order,
    and as soon as every earlier chunk is done."""
    rng = random.Random(5)
    for _ in range(200):
        work = list(chunks(rng.randint(1, 40), rng.randint(1, 8)))
        rotations = rng.randint(1, 3)
        seen: list[GameResult] = []
        in_order = InOrder([first for first, _ in work], seen.extend)
        finished: set[int] = set()
        for first, count in rng.sample(work, len(work)):
            in_order.add(shuffled_chunk(first, count, rotations, rng))
            finished.add(first)
            ready = []
            for chunk_first, chunk_count in work:
                if chunk_first not in finished:
                    break
                ready.append((chunk_first, chunk_count))
            expected = [(d, r) for f, c in ready for d in range(f, f + c) for r in range(rotations)]
            assert [(g.deal, g.rotation) for g in seen] == expected
        assert len(seen) == sum(count for _, count in work) * rotations


def test_a_failing_tournament_keeps_the_games_played_before(tmp_path: Path) -> None:
    """The log is written in order as the games finish: when an agent fails midway (in deal 4),
    the games before it are kept, whole; on several processes, a prefix of them."""
    seed = zhengfen.derive_seed(zhengfen.derive_seed(0, 4) ^ 1, 0)  # deal 4, rotation 0, seat 0
    env = dict(os.environ, ZHENGFEN_TEST_FAIL_SEED=str(seed))
    log = tmp_path / "log.jsonl"
    args = ("--agents", "user_agents:FailsLate,greedy", "--matches", "1", "--deals", "12")
    for workers, kept in (("1", range(4, 5)), ("3", range(5))):
        run = zhengfen_cmd("arena", *args, "--workers", workers, "--log", str(log), env=env)
        assert run.returncode == 2 and "agent user_agents:FailsLate in seat 0" in run.stderr
        assert log_prefix(log, rotations=2) in kept


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_worker_killed_from_outside_is_reported() -> None:
    """A worker process killed (say, for memory) ends the tournament with a message: a
    tournament never waits forever for it."""
    args = ("--agents", "user_agents:KillsItsProcess,greedy", "--deals", "4", "--workers", "2")
    run = zhengfen_cmd("arena", *args, timeout=120)
    refused(run, "terminated abruptly")


def test_an_illegal_move_names_the_agent_the_seat_and_the_move() -> None:
    for args in (["--workers", "1"], ["--workers", "2"]):
        run = zhengfen_cmd("arena", "--agents", "user_agents:Illegal,greedy", "--deals", "2", *args)
        refused(run, "agent user_agents:Illegal in seat ")
        assert "played '3c 3c', which the game refuses" in run.stderr
    seat = leading_seed(zhengfen.Rules.zheng_fen(players=4), 1)
    run = zhengfen_cmd(
        "play", "--seed", str(seat), "--opponents", "user_agents:Illegal", stdin="quit\n"
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "agent user_agents:Illegal in seat 1 played '3c 3c'" in run.stderr


def test_an_illegal_move_leaves_the_game_unchanged() -> None:
    from user_agents import Illegal

    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), 3)
    seat = game.current_player
    assert seat is not None
    before = game.to_json()
    with pytest.raises(zhengfen.IllegalMoveError, match=f"agent Illegal in seat {seat}"):
        take_turn(game, Illegal(), seat)
    assert game.to_json() == before
    with pytest.raises(zhengfen.IllegalMoveError, match="agent mine in seat"):
        play_game(game, [Illegal()] * 4, names=["mine"] * 4)
    assert game.to_json() == before


def test_an_agent_that_fails_is_reported_on_one_line() -> None:
    run = zhengfen_cmd("arena", "--agents", "user_agents:Crashes,greedy", "--deals", "1")
    assert run.returncode == 1 and run.stdout == "" and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    assert "error: ZeroDivisionError: the agent's own bug (at " in run.stderr
    assert "user_agents.py:" in run.stderr and "internal error" not in run.stderr


def test_an_unexpected_error_raised_in_the_package_is_called_internal() -> None:
    """An error escaping from any of the package's modules, not only the command line's own
    (``cli/`` is a package of ``zhengfen/``: it called errors of ``zhengfen/terminal/``
    a user's when it took its own folder for the package's)."""
    from zhengfen.arena.log import Log
    from zhengfen.cli.entry import describe

    with pytest.raises(ValueError) as raised:
        Log('{"saved": "no game"}')[0]
    described = describe(raised.value)
    assert described.startswith("internal error (please report it): InvalidStateError: ")
    assert "arena/log.py:" in described


def test_user_agent_classes_get_their_seat_seed() -> None:
    from user_agents import SeededRandom, Unseeded

    agent = make_agent("user_agents:SeededRandom", seed=2**64 - 1)
    assert isinstance(agent, SeededRandom) and agent.seed == 2**64 - 1
    assert isinstance(make_agent("user_agents:Unseeded", seed=5), Unseeded)


def test_seeded_user_agents_make_tournaments_repeatable(tmp_path: Path) -> None:
    """The agent draws from its seed, or from entropy when given none: runs repeat exactly,
    and another tournament seed changes them."""

    def log(name: str, seed: str) -> str:
        path = tmp_path / name
        args = ("--agents", "user_agents:SeededRandom,greedy", "--deals", "2", "--matches", "1")
        run = zhengfen_cmd("arena", *args, "--seed", seed, "--log", str(path), "--no-progress")
        assert run.returncode == 0, run.stderr
        return path.read_text()

    first = log("a.jsonl", "7")
    assert log("b.jsonl", "7") == first
    assert log("c.jsonl", "8") != first


def console_script(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command as its installed script runs it: the current folder is not on ``sys.path``
    (``-I``, unlike ``python -m``), nor is the tests folder."""
    code = "import sys; from zhengfen.cli import main; sys.exit(main())"
    return subprocess.run(
        [sys.executable, "-I", "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        check=False,
    )


def test_user_agents_are_found_in_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "myagent.py").write_text(
        "class FirstMove:\n"
        "    def act(self, observation, legal_moves):\n"
        "        return legal_moves[0]\n"
    )
    args = ("--agents", "myagent:FirstMove,greedy", "--deals", "1", "--matches", "1")
    run = console_script("arena", *args, "--no-progress", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "| myagent:FirstMove |" in run.stdout
    game = console_script("play", "--opponents", "myagent:FirstMove", cwd=tmp_path)
    assert game.returncode == 0 and "Game stopped (input ended)." in game.stdout, game.stderr


@pytest.mark.parametrize(
    "agents",
    [["x"], 5, [{"name": "greedy"}] * 4, ["greedy"] * 3, "greedy", None],
    ids=["too-few", "number", "dicts", "three", "string", "null"],
)
def test_replay_refuses_a_corrupt_agents_field(tmp_path: Path, agents: object) -> None:
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), 1)
    record = {"deal": 0, "agents": agents, "game": json.loads(game.to_json())}
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(record) + "\n")
    for extra in ([], ["--list"]):
        run = zhengfen_cmd("replay", str(log), *extra)
        if agents is None:  # no agents known: seats are named by number
            assert run.returncode == 0, run.stderr
            continue
        refused(run, "line 1: 'agents' must be a list of 4 agent names, one per seat")


def test_replay_refuses_deep_truncated_and_binary_files(tmp_path: Path) -> None:
    cases = {
        "deep.json": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        "deep-object.json": ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
        "truncated.jsonl": ('{"deal": 0, "game": {"format": "zheng', "line 1 is not JSON"),
    }
    for name, (text, message) in cases.items():
        (tmp_path / name).write_text(text)
        refused(zhengfen_cmd("replay", str(tmp_path / name)), message)
    (tmp_path / "binary").write_bytes(b"\xff\xfe\x00garbage")
    refused(zhengfen_cmd("replay", str(tmp_path / "binary")), "is not a UTF-8 text file")
    refused(zhengfen_cmd("replay", str(tmp_path)), "is a folder")
    if Path("/dev/zero").exists():  # endless: it must be refused, not read
        refused(zhengfen_cmd("replay", "/dev/zero", timeout=30), "is not a file (a device?)")


def test_replay_skips_blank_lines_between_records(tmp_path: Path) -> None:
    lines = []
    for seed in (1, 2):
        game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=3), seed)
        play_game(game, [GreedyAgent()] * 3, matches=1)
        lines.append(
            json.dumps({"deal": seed, "agents": ["greedy"] * 3, "game": json.loads(game.to_json())})
        )
    log = tmp_path / "log.jsonl"
    log.write_text("\n" + lines[0] + "\n\n   \n" + lines[1] + "\n\n")
    listing = zhengfen_cmd("replay", str(log), "--list")
    assert listing.returncode == 0, listing.stderr
    assert [line.split(":")[0] for line in listing.stdout.splitlines()] == ["0", "1"]
    assert "deal 2" in zhengfen_cmd("replay", str(log), "--game", "1").stdout


def test_replay_reads_only_the_game_asked_for(tmp_path: Path) -> None:
    """A long log is not read whole for one game: a corrupt line elsewhere does not stop
    ``--game K``, while ``--list``, which reads every game, names it."""
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=3), 4)
    play_game(game, [GreedyAgent()] * 3, matches=1)
    good = json.dumps({"deal": 1, "agents": ["greedy"] * 3, "game": json.loads(game.to_json())})
    log = tmp_path / "log.jsonl"
    log.write_text('{"deal": 0, "game": {"format": "zhengfen-game", "vers\n' + good + "\n")
    shown = zhengfen_cmd("replay", str(log), "--game", "1")
    assert shown.returncode == 0 and f"Final scores {game.scores}" in shown.stdout, shown.stderr
    refused(zhengfen_cmd("replay", str(log), "--list"), "line 1 is not JSON")
    refused(zhengfen_cmd("replay", str(log), "--game", "2"), "--game must be 0 to 1")


def closed_pipe_run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The command writing to a pipe whose reader is gone (``| head -0``)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "zhengfen", *args],
            input=stdin,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            env=subprocess_env(),
            check=False,
        )
    finally:
        os.close(write)


def test_a_closed_pipe_ends_the_output_quietly(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    arena = closed_pipe_run(
        "arena", "--agents", "greedy,random", "--deals", "2", "--matches", "1", "--log", str(log)
    )
    assert (arena.returncode, arena.stderr.count("Traceback")) == (141, 0), arena.stderr
    assert "BrokenPipe" not in arena.stderr and "Exception ignored" not in arena.stderr
    assert len(log.read_text().splitlines()) == 4  # the log was written before the tables
    for args, stdin in (
        (["replay", str(log)], ""),
        (["replay", str(log), "--list"], ""),
        (["demo"], ""),
        (["conformance", "serve"], '{"op": "hello", "id": 1}\n' * 100),
    ):
        run = closed_pipe_run(*args, stdin=stdin)
        assert (run.returncode, run.stderr) == (141, ""), (args, run.stderr)


def test_play_on_a_closed_pipe_saves_and_exits_141(tmp_path: Path) -> None:
    """``zhengfen play | head -3``: rich's console used to exit 1 with no message; the game is
    saved and the status is the documented 141."""
    save = tmp_path / "game.json"
    run = closed_pipe_run("play", "--opponents", "random", "--save", str(save))
    assert (run.returncode, run.stderr) == (141, ""), run.stderr
    assert zhengfen.Game.from_json(save.read_text()).rules.players == 4


def read_until(stream: int, text: str, timeout: float = 60) -> str:
    """What a subprocess wrote to ``stream`` (a file descriptor) until ``text`` appeared."""
    seen, deadline = b"", time.monotonic() + timeout
    while text.encode() not in seen:
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(stream, 65536) if ready else b""
        if not chunk:
            raise AssertionError(f"{text!r} never came; output so far: {seen.decode()!r}")
        seen += chunk
    return seen.decode()


def interruptible(*args: str, **options: Any) -> subprocess.Popen[bytes]:
    """``python -m zhengfen ARGS`` started in its own process group, with Ctrl-C (SIGINT) at
    its default, as at a terminal: a test runner's worker may ignore it, and a process started
    with SIGINT ignored never sees ``KeyboardInterrupt``."""
    return subprocess.Popen(
        [sys.executable, "-m", "zhengfen", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=subprocess_env(),
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        **options,
    )


@contextmanager
def group_stopped_after(process: subprocess.Popen[bytes]) -> Iterator[None]:
    """Whatever the test does, no process of ``process``'s group outlives it."""
    try:
        yield
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    ("sent", "status", "message"),
    [
        (signal.SIGINT, 130, "zhengfen: interrupted\n"),
        (signal.SIGTERM, 143, "zhengfen: terminated\n"),
    ],
    ids=["ctrl-c", "sigterm"],
)
def test_a_stopped_game_of_play_is_saved(
    tmp_path: Path, sent: signal.Signals, status: int, message: str
) -> None:
    save = tmp_path / "game.json"
    process = interruptible("play", "--seed", "3", "--save", str(save), stdin=subprocess.PIPE)
    with group_stopped_after(process):
        assert process.stdout is not None
        read_until(process.stdout.fileno(), "Your move> ")
        os.killpg(process.pid, sent)
        out, err = process.communicate(timeout=60)
    assert (process.returncode, err.decode()) == (status, message)
    assert "Game stopped (interrupted)." in out.decode()
    saved = zhengfen.Game.from_json(save.read_text())
    assert saved.current_player == 0 and saved.match_number == 0  # the person's turn


TOURNAMENT = ("arena", "--agents", "search,greedy", "--matches", "1", "--deals", "500")
"""Minutes of work on two processes, in chunks of 8 deals (16 games)."""


def children(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize(
    ("how", "status", "message"),
    [("ctrl-c", 130, "zhengfen: interrupted\n"), ("kill", 143, "zhengfen: terminated\n")],
    ids=["ctrl-c", "kill"],
)
def test_a_stopped_tournament_on_processes_ends_them_all(
    tmp_path: Path, how: str, status: int, message: str
) -> None:
    """Ctrl-C at a terminal reaches the whole process group, ``kill`` (or ``timeout``) only the
    main process: either way the workers print no traceback each, none is left behind, and the
    log keeps the games finished before."""
    log = tmp_path / "log.jsonl"
    process = interruptible(*TOURNAMENT, "--workers", "2", "--no-progress", "--log", str(log))
    with group_stopped_after(process):
        deadline = time.monotonic() + 120
        while not log.exists() or not log.read_text().endswith("\n"):
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
        assert len(children(process.pid)) == 2  # both workers are playing
        if how == "ctrl-c":
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.terminate()
        out, err = process.communicate(timeout=60)
        assert (process.returncode, err.decode(), out) == (status, message, b"")
        time.sleep(0.2)
        with pytest.raises(ProcessLookupError):
            os.killpg(process.pid, 0)  # no process of the group is left
    assert log_prefix(log, rotations=2) >= 8


def test_play_asks_again_after_a_line_that_is_not_utf8() -> None:
    rules = zhengfen.Rules.zheng_fen(players=4)
    seed = leading_seed(rules, 0)
    run = subprocess.run(
        [sys.executable, "-m", "zhengfen", "play", "--seed", str(seed), "--matches", "1"],
        input=b"\xff\xfe\xc3(\n" + b"1\n" * 400,
        capture_output=True,
        timeout=120,
        env=subprocess_env(),
        check=False,
    )
    out = run.stdout.decode()
    assert run.returncode == 0, run.stderr
    assert "That line is not UTF-8 text; type it again." in out
    assert "Match 1 result" in out


def test_version() -> None:
    run = zhengfen_cmd("--version")
    assert run.returncode == 0
    assert run.stdout == f"zhengfen {zhengfen.__version__}\n"
    assert zhengfen.__version__ == importlib.metadata.version("zhengfen")  # as installed


def test_each_subcommand_module_owns_its_arguments_and_loads_only_for_itself() -> None:
    """Every subcommand's module gives its help line, its arguments and its ``run``; a command
    imports only its own (``zhengfen docs`` does not load the arena, nor rich)."""
    import importlib

    from zhengfen.cli import COMMANDS

    for name, module_name in COMMANDS.items():
        module = importlib.import_module(module_name)
        assert module.HELP and callable(module.add_arguments) and callable(module.run), name
    code = (
        "import sys; from zhengfen.cli.entry import parse; args = parse(['docs']); "
        "print(args.command, sorted(m for m in sys.modules if m.startswith(('zhengfen.arena', "
        "'rich', 'zhengfen.terminal.play'))))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout == "docs []\n"


def test_ray_not_installed_is_refused_up_front(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a)
    )
    assert main(["arena", "--ray", "local", "--deals", "1", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert (
        captured.err
        == 'zhengfen arena: --ray: Ray is not installed (pip install "zhengfen[ray]")\n'
    )
