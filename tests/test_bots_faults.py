"""Every fault of BOTS.md §6, contained: small misbehaving bots (``tests/bots/``) play a seat
and the game finishes with the fallback's moves where the bot did not move, the fault counted,
in bounded time, and no process left behind. Each test fails on an engine without the
containment (a bot trusted to answer, in time, legally, once)."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from zhengfen.agents import Agent, GreedyAgent, make_agent, play_game
from zhengfen.bots import BotSpec, ProcessAgent, check_bot, close_all, process
from zhengfen.bots.pool import bot_seat
from zhengfen.types import Move

BOTS = Path(__file__).parent / "bots"
RULES = zhengfen.Rules.zheng_fen(players=4)
SEED = 5


def bot(name: str, *args: object, **settings: Any) -> BotSpec:
    """The spec of test bot ``name`` (a script in ``tests/bots``) with ``args``; by default 5 s
    a decision, so that a bot meant to answer does so in time on a loaded machine."""
    words = " ".join([sys.executable, str(BOTS / f"{name}.py"), *map(str, args)])
    return BotSpec(words, **{"time_ms": 5000, **settings})


@pytest.fixture(autouse=True)
def _closed() -> Iterator[None]:
    yield
    close_all()


def _play(spec: BotSpec, matches: int = 1, game_seed: int = 1) -> tuple[zhengfen.Game, Any]:
    agent = make_agent(spec, seed=SEED)
    others = [GreedyAgent(s) for s in (1, 2, 3)]
    game = play_game(zhengfen.Game(RULES, seed=game_seed), [agent, *others], matches=matches)
    return game, agent


class Pattern:
    """A reference for seat 0: at its ``k``-th decision with a choice (from 1), the fallback's
    move (greedy, the bot's seed) where ``fallback(k)``, else the last legal move."""

    def __init__(self, fallback: Any) -> None:
        self.fallback, self.k, self.greedy = fallback, 0, GreedyAgent(SEED)

    def act(self, observation: Mapping[str, Any], legal: Sequence[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        self.k += 1
        return self.greedy.act(observation, legal) if self.fallback(self.k) else legal[-1]


def _expected(fallback: Any, matches: int = 1) -> tuple[list[str], int]:
    """The decisions of the reference game, and seat 0's decisions with a choice."""
    pattern = Pattern(fallback)
    others = [GreedyAgent(s) for s in (1, 2, 3)]
    game = play_game(zhengfen.Game(RULES, seed=1), [pattern, *others], matches=matches)
    return list(game.decisions), pattern.k


def _gone(pid: int | None) -> bool:
    assert pid is not None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_good_bot_plays_its_own_moves_with_no_fault() -> None:
    game, agent = _play(bot("last"))
    decisions, asked = _expected(lambda k: False)
    assert game.decisions == decisions and asked > 3 and not agent.faults


@pytest.mark.parametrize(
    ("name", "args", "fault", "time_ms"),
    [
        ("late", (0.3,), "late", 60),
        ("silent", (), "late", 60),
        ("illegal_index", (), "illegal", 5000),
        ("illegal_text", (), "illegal", 5000),
        ("unreadable", (), "unreadable", 5000),
        ("huge", (), "oversized", 5000),  # 5 MB to write and read: time enough
        ("not_utf8", (), "encoding", 5000),
    ],
)
def test_a_bot_that_never_moves_well_is_played_by_its_fallback(
    name: str, args: tuple[object, ...], fault: str, time_ms: int
) -> None:
    """Every decision faults: the game is the one greedy plays in the bot's seat, each fault is
    counted, and a bot that does not answer is waited on no longer than its time."""
    begun = time.monotonic()
    game, agent = _play(bot(name, *args, time_ms=time_ms))
    decisions, asked = _expected(lambda k: True)
    assert game.decisions == decisions
    assert dict(agent.faults) == {fault: asked}
    assert time.monotonic() - begun < 2 + asked * (0.12 if fault == "late" else 5)


def test_a_late_answer_to_an_earlier_decision_is_thrown_away_by_its_id() -> None:
    """The first answer comes late (after the next decision is asked); lines of unknown types,
    logs and blank lines come before every answer: the late answer is not taken as the next
    decision's, the others are no answers, and the bot plays on."""
    game, agent = _play(bot("chatty", 1.2, time_ms=1000))
    decisions, _ = _expected(lambda k: k == 1)
    assert game.decisions == decisions and dict(agent.faults) == {"late": 1}
    assert "thinking" in agent.seat.process.stderr_tail()


def test_a_bot_over_its_budget_is_not_asked_again_in_the_match() -> None:
    begun = time.monotonic()
    game, agent = _play(bot("late", 0.04, time_ms=1000, budget_ms=100), matches=2)
    assert game.match_number == 1 and game.match_over
    assert agent.faults["budget"] == 2  # run out in each match: asked again in the second
    assert set(agent.faults) <= {"budget"}
    assert time.monotonic() - begun < 3  # a match's asking ends at its budget


def test_a_bot_flooding_standard_error_neither_blocks_nor_fills_memory() -> None:
    begun = time.monotonic()
    game, agent = _play(bot("stderr_flood", 50, time_ms=5000))
    decisions, _ = _expected(lambda k: False)
    assert game.decisions == decisions and not agent.faults
    assert time.monotonic() - begun < 20
    assert len(agent.seat.process.stderr_tail()) == process.STDERR_BYTES


def test_a_bot_that_exits_mid_game_is_restarted_then_given_up(tmp_path: Path) -> None:
    """It exits at the second decision of each process: the fallback makes that move, a new
    process is told ``restarted``; after ``restarts`` restarts the fallback plays on."""
    record = tmp_path / "lines"
    game, agent = _play(bot("recorder", record, 2, restarts=2))
    decisions, asked = _expected(lambda k: k in (2, 4) or k >= 6)
    assert game.decisions == decisions and asked >= 7
    assert dict(agent.faults) == {"crashed": 3, "gave_up": 1}
    games = [json.loads(line) for line in record.read_text().splitlines() if '"game"' in line]
    assert [g["restarted"] for g in games if g["type"] == "game"] == [False, True, True]


def test_a_bot_killed_mid_game_is_started_again_and_told_so(tmp_path: Path) -> None:
    record = tmp_path / "lines"
    spec = bot("recorder", record)
    agent = make_agent(spec, seed=SEED)
    assert isinstance(agent, ProcessAgent)
    game = zhengfen.Game(RULES, seed=1)
    agents: list[Agent] = [agent, *(GreedyAgent(s) for s in (1, 2, 3))]
    killed: list[int] = []

    def kill(seat: int, move: Move) -> None:
        process = agent.seat.process
        if seat == 0 and not killed and process is not None and process.pid is not None:
            killed.append(process.pid)
            os.kill(process.pid, signal.SIGKILL)

    zhengfen.agents.play_seats(game, agents, matches=1, on_move=kill)
    zhengfen.agents.finish_game(game, agents)
    close_all()  # the bot has read every line once it has exited
    assert game.match_over and dict(agent.faults) == {"crashed": 1}
    assert agent.seat.restarts == 1 and _gone(killed[0])
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert [m["restarted"] for m in lines if m["type"] == "game"] == [False, True]
    assert [m["type"] for m in lines][-3:] == ["match_end", "game_end", "bye"]


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        (BotSpec("no-such-program-zhengfen"), "cannot be run"),
        (BotSpec(f"{sys.executable} -c pass"), "exited before its hello (status 0)"),
        (bot("bad_hello"), "protocol 2"),
        (bot("mute"), "no hello within 0.3 s"),
        (bot("huge"), None),  # greets well; plays zheng_fen only
    ],
)
def test_a_bot_that_fails_to_start_is_refused_before_any_game(
    spec: BotSpec, why: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(process, "START_SECONDS", 0.3)
    rules = RULES if why is not None else zhengfen.Rules.zen_cheng_you()
    begun = time.monotonic()
    with pytest.raises(zhengfen.BotError) as refused:
        check_bot(spec, rules)
    message = str(refused.value)
    assert "\n" not in message and (why or "does not play zen_cheng_you") in message
    assert time.monotonic() - begun < 3
    seat = bot_seat(spec)
    assert seat.process is None or not seat.process.running


def test_the_arena_refuses_a_bot_that_fails_to_start_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from zhengfen.cli import main

    status = main(
        ["arena", "--agents", 'process(cmd="no-such-program-zhengfen"),greedy', "--deals", "1"]
    )
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "fails to start" in err


def test_unknown_engine_messages_are_ignored_by_the_bot_it_answers_on() -> None:
    spec = bot("last")
    check_bot(spec, RULES)
    running = bot_seat(spec).process
    assert running is not None and running.send({"type": "surprise", "id": 1, "index": 0})
    game, agent = _play(spec)
    decisions, _ = _expected(lambda k: False)
    assert game.decisions == decisions and not agent.faults


CARD = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[cdhs](?![\w])|(?<![\w])[BR]J(?![\w])")


def test_a_seat_never_receives_another_seats_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every line sent to the bot in seat 1 (over two matches) holds no card another seat
    holds at that moment: the seat sees its own hand and the cards played, nothing else."""
    game = zhengfen.Game(RULES, seed=9)
    sent: list[str] = []
    checked = [0]
    send = process.BotProcess.send

    def watched(self: process.BotProcess, message: Any, deadline: float | None = None) -> bool:
        line = json.dumps(message)
        hidden = set().union(*(set(map(str, game.hand(s))) for s in range(4) if s != 1))
        if message.get("type") == "decision":
            assert not hidden & set(CARD.findall(line)), line
            assert message["observation"]["hand"] == str(game.hand(1))
            checked[0] += 1
        sent.append(line)
        return send(self, message, deadline)

    monkeypatch.setattr(process.BotProcess, "send", watched)
    agents = [GreedyAgent(0), make_agent(bot("last"), seed=1), GreedyAgent(2), GreedyAgent(3)]
    play_game(game, agents, matches=2)
    assert checked[0] > 10 and any('"match_end"' in line for line in sent)


def test_a_tournament_gives_the_same_games_on_one_and_two_workers() -> None:
    from zhengfen.arena import Tournament, run

    spec, greedy = bot("last", "zhengfen-workers-test"), zhengfen.AgentSpec("greedy")
    tournament = Tournament(
        RULES, (spec, greedy, spec, greedy), deals=4, seed=3, matches=1, logs=True
    )
    one = run(tournament, workers=1)
    close_all()
    two = run(tournament, workers=2, chunk_size=1)
    assert [(g.deal, g.rotation, g.points, g.log) for g in one] == [
        (g.deal, g.rotation, g.points, g.log) for g in two
    ]
    assert len(one) == 8 and one[0].faults is None
    time.sleep(0.5)
    assert not _running_with("zhengfen-workers-test"), "a worker left its bot running"


def _running_with(token: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if token.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def test_the_arena_reports_a_bots_faults_in_its_table_and_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from zhengfen.cli import main

    log = tmp_path / "games.jsonl"
    spec = bot("illegal_index", time_ms=5000).spec
    arguments = ["arena", "--agents", f"{spec},greedy", "--deals", "2", "--matches", "1"]
    status = main([*arguments, "--no-progress", "--log", str(log)])
    out = capsys.readouterr().out
    assert status == 0
    row = next(line for line in out.splitlines() if line.startswith("| process("))
    counted = int(re.findall(r"illegal (\d+) \|$", row)[0])
    games = [json.loads(line) for line in log.read_text().splitlines()]
    in_log = sum(seat.get("illegal", 0) for g in games for seat in g["faults"])
    assert counted == in_log > 0 and "| faults |" in out


def test_a_tournament_without_bots_or_faults_has_no_faults_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from zhengfen.cli import main

    assert main(["arena", "--agents", "greedy,random", "--deals", "1", "--no-progress"]) == 0
    assert "faults" not in capsys.readouterr().out


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_leaves_no_bot_running(workers: int, tmp_path: Path) -> None:
    """``zhengfen arena`` interrupted while its bots think (a bot that never answers, with a
    long time limit): the command ends as interrupted, and no bot process is left."""
    import subprocess

    token = f"zhengfen-ctrl-c-{workers}-{os.getpid()}"
    spec = bot("silent", token, time_ms=100_000).spec
    command = [sys.executable, "-m", "zhengfen", "arena", "--agents", f"{spec},greedy"]
    arena = subprocess.Popen(
        [*command, "--deals", "4", "--workers", str(workers), "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(zhengfen.__file__).parents[1])},
    )
    try:
        deadline = time.monotonic() + 20
        while len(_running_with(token)) < 2 + workers and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)  # the bots asked, and waited on
        assert len(_running_with(token)) >= 2 + workers  # the arena and its bots
        arena.send_signal(signal.SIGINT)
        _, err = arena.communicate(timeout=20)
    finally:
        arena.kill()
    assert arena.returncode == 130, err
    time.sleep(0.3)
    assert _running_with(token) == []


def test_zhengfen_play_seats_a_bot_in_every_other_seat_and_ends_its_game(tmp_path: Path) -> None:
    """``play`` with one bot for the three other seats: a process a seat, each told its own
    seat, and each told the game's end when the person quits."""
    import io

    from zhengfen.terminal.play import play_session

    record = tmp_path / "lines"
    out = io.StringIO()
    check_bot(bot("recorder", record), RULES, 3)  # as the command checks: every seat
    status = play_session(
        RULES, 0, [bot("recorder", record)], 3, 1, None, out, io.StringIO("quit\n")
    )
    close_all()
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert status == 0
    assert {m["seat"] for m in lines if m["type"] == "game"} <= {1, 2, 3}
    assert (
        [m["type"] for m in lines].count("game_end")
        == len([m for m in lines if m["type"] == "game"])
        > 0
    )
    assert [m["type"] for m in lines].count("hello") == 3  # a process for each seat


def test_an_agent_handed_a_new_game_ends_the_old_one_and_begins_the_new(tmp_path: Path) -> None:
    """One agent kept across two games (as an env keeps its opponents across episodes), the
    first never finished: the bot is told the first game's end before the second begins."""
    record = tmp_path / "lines"
    agent = make_agent(bot("recorder", record), seed=SEED)
    for seed in (1, 2):
        game = zhengfen.Game(RULES, seed=seed)
        zhengfen.agents.play_seats(game, [agent, *(GreedyAgent(s) for s in (1, 2, 3))], matches=1)
    zhengfen.agents.finish_game(game, [agent])
    close_all()
    kinds = [json.loads(line)["type"] for line in record.read_text().splitlines()]
    told = [kind for kind in kinds if kind in ("game", "game_end")]
    assert told == ["game", "game_end", "game", "game_end"]


def test_a_bot_not_checked_before_is_refused_at_its_first_decision_for_other_rules() -> None:
    """Through the Python API, with no check before: the bot's hello does not list Zen Cheng
    You, and its first decision refuses it (no game is played with it)."""
    agent = make_agent(bot("last"), seed=SEED)
    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), seed=1)
    with pytest.raises(zhengfen.BotError, match="does not play zen_cheng_you"):
        play_game(game, [agent, *(GreedyAgent(s) for s in (1, 2, 3))], matches=1)
