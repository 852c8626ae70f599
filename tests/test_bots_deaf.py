"""A bot that never reads its input (issue 46): it greets, then leaves the engine's lines in
its pipe until the pipe is full. Every write to it has a deadline, so the engine neither hangs
on the full pipe nor loses the game or the tournament: the fallback plays the seat, each
decision counted ``late`` (or ``budget`` once the match's budget is spent), and the bot is
killed at the end without the 2 s a bot is given to exit after ``bye``. ``zhengfen bot check``
fails it on every row after its greeting, in bounded time."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import zhengfen
from zhengfen.agents import GreedyAgent, make_agent, play_game
from zhengfen.bots import BotSpec, ProcessAgent, close_all

BOTS = Path(__file__).parent / "bots"
RULES = zhengfen.Rules.zheng_fen(players=4)
PIPE_BYTES = 1 << 16  # a Linux pipe's capacity


def deaf(time_ms: int = 20, budget_ms: int = 1000) -> BotSpec:
    return BotSpec(f"{sys.executable} {BOTS / 'deaf.py'}", time_ms=time_ms, budget_ms=budget_ms)


@pytest.fixture(autouse=True)
def _closed() -> Iterator[None]:
    yield
    close_all()


def test_a_bot_that_never_reads_fills_its_pipe_and_the_game_ends_as_greedy_plays_it() -> None:
    begun = time.monotonic()
    agent = make_agent(deaf(), seed=5)
    assert isinstance(agent, ProcessAgent)
    others = [GreedyAgent(s) for s in (1, 2, 3)]
    game = play_game(zhengfen.Game(RULES, seed=1), [agent, *others])
    process = agent.seat.process
    assert process is not None and process.running
    assert process.held > 0  # the pipe is full: what it did not take is held
    reference = [GreedyAgent(5), *(GreedyAgent(s) for s in (1, 2, 3))]
    assert game.game_over
    assert game.decisions == play_game(zhengfen.Game(RULES, seed=1), reference).decisions
    assert set(agent.faults) <= {"late", "budget"} and agent.faults["late"] > 50
    played = time.monotonic() - begun
    assert played < 2 + 0.03 * sum(agent.faults.values()) + 0.5 * game.match_number
    begun = time.monotonic()
    close_all()
    assert time.monotonic() - begun < 1.5 and not process.running


def test_a_tournament_with_a_bot_that_never_reads_is_played_to_its_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from zhengfen.cli import main

    """Eight games, the bot's seat kept across them: its pipe fills in the first ones, and
    every game is played, the fallback (greedy) in its seat: level with greedy."""
    begun = time.monotonic()
    arguments = ["arena", "--agents", f"{deaf().spec},greedy", "--deals", "4", "--matches", "2"]
    status = main([*arguments, "--no-progress"])
    out = capsys.readouterr().out
    assert status == 0 and "8 games" in out and "| faults |" in out
    row = next(line for line in out.splitlines() if line.startswith("| process("))
    assert int(re.findall(r"late (\d+) \|$", row)[0]) > 100
    assert "- greedy: +0.0 [+0.0, +0.0] points per match" in out
    assert time.monotonic() - begun < 60


def test_bot_check_fails_a_bot_that_never_reads_on_every_row_in_bounded_time() -> None:
    from zhengfen.bots.check import check_program

    begun = time.monotonic()
    report = check_program(deaf().cmd, decisions=25, time_ms=50)
    failed = [row for row in report.rows if row.passed is False]
    assert [row.name for row in report.rows if row.passed] == ["hello"]
    assert failed and all("no answer" in row.detail or "bye" in row.detail for row in failed)
    assert time.monotonic() - begun < 20
