"""The ``zhengfen`` command end to end, as a user runs it: subprocesses, real input through a
pipe (issue 6): tournaments, their logs and replays, the same results on one process, several
processes and Ray, and a whole game played through ``zhengfen play`` with mistakes typed in."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import zhengfen
from zhengfen.agents import GreedyAgent, play

TESTS = Path(__file__).parent


def zhengfen_cmd(
    *args: str, stdin: str = "", timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python -m zhengfen ARGS`` with ``stdin`` piped in; the tests folder is importable."""
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    )
    return subprocess.run(
        [sys.executable, "-m", "zhengfen", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
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
    assert rows[0].startswith("| agent | seat-games | pts/match | win rate")
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
    assert "You lead." in out and "Your hand (" in out and "Your legal moves" in out
    assert "'pass' is not a legal move now." in out
    assert "Not a move or cards" in out  # xyz, and the duplicate Kc Kc
    assert "There is no move 99999" in out
    assert f"You do not hold {missing}" in out
    assert "Hint:" in out and "hint   the greedy agent's choice" in out
    assert "Match 1 over." in out and "Traceback" not in run.stderr
    game = zhengfen.Game.from_json(save.read_text())
    assert game.match_over and sum(game.match_points) == 100


def test_play_cards_typed_as_notation() -> None:
    rules = zhengfen.Rules.zheng_fen(players=4)
    seed = leading_seed(rules, 0)
    lowest = str(next(iter(zhengfen.Game(rules, seed).hand(0))))
    run = zhengfen_cmd("play", "--seed", str(seed), "--matches", "1", stdin=lowest + "\n")
    assert f"You play single {lowest[:-1]} 1: {lowest}" in run.stdout
    assert "Game stopped (input ended)." in run.stdout and run.returncode == 0


def test_play_the_partnership_game_with_declarations() -> None:
    script = "\n".join(["blind?", "pass", "declare"] + ["1"] * 800) + "\n"
    run = zhengfen_cmd(
        "play", "--game", "zen_cheng_you", "--seed", "4", "--matches", "1", stdin=script
    )
    assert run.returncode == 0, run.stderr
    assert "You have not seen your cards yet" in run.stdout
    assert "seat 0 declare" in run.stdout or "seat 0 pass" in run.stdout
    assert "Match 1 over." in run.stdout


def test_play_refuses_bad_arguments() -> None:
    run = zhengfen_cmd("play", "--seat", "7")
    assert run.returncode == 2 and "--seat must be 0 to 3" in run.stderr
    run = zhengfen_cmd("play", "--opponents", "greedy,greedy")
    assert run.returncode == 2 and "2 opponents given for 3 other seats" in run.stderr


# --- replay -----------------------------------------------------------------------------------


def test_replay_a_saved_game_step_by_step(tmp_path: Path) -> None:
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=3), 2)
    play(game, [GreedyAgent()] * 3, matches=1)
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
