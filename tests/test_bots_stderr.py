"""Nothing a bot writes to standard error is lost where it faults (BOTS.md §1): the arena's log
keeps, for each game in which a bot faulted, what it wrote to standard error in that game (a
process that crashed in it included: its last words), the last 4,096 characters of it; games
without a fault, and the other seats, have none."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from zhengfen.agents import GreedyAgent, make_agent, play_game
from zhengfen.bots import BotSpec, ProcessAgent, close_all
from zhengfen.bots.process import STDERR_LOG_BYTES

BOTS = Path(__file__).parent / "bots"
RULES = zhengfen.Rules.zheng_fen(players=4)


def grumbler(*args: object, **settings: Any) -> BotSpec:
    words = " ".join([sys.executable, str(BOTS / "grumbler.py"), *map(str, args)])
    return BotSpec(words, **{"time_ms": 5000, **settings})


@pytest.fixture(autouse=True)
def _closed() -> Iterator[None]:
    yield
    close_all()


def test_the_log_keeps_a_crashed_bots_last_words_for_the_game_it_crashed_in(
    tmp_path: Path,
) -> None:
    from zhengfen.cli import main

    log = tmp_path / "games.jsonl"
    spec = grumbler(3, 0, restarts=0).spec  # exits at its third decision; never restarted
    arguments = ["arena", "--agents", f"{spec},greedy", "--deals", "3", "--matches", "1"]
    assert main([*arguments, "--no-progress", "--log", str(log)]) == 0
    games = [json.loads(line) for line in log.read_text().splitlines()]
    faulted = [g for g in games if "faults" in g]
    assert faulted and all(("stderr" in g) == ("faults" in g) for g in games)
    for g in faulted:
        name = f"game arena-0-{g['deal']}-{g['rotation']}\n"
        for seat, text in enumerate(g["stderr"]):
            if g["faults"][seat]:
                assert text.startswith(name) and text.count("game arena") == 1
                assert text.endswith("giving up at decision 3\n")
                assert text.count("decision") == 3 + 1
            else:
                assert text == ""


def test_a_game_keeps_only_its_own_standard_error_and_at_most_4096_characters() -> None:
    """A bot answering illegally with long standard-error lines, two games in a row: each
    game's text ends with its last decision's line, is cut to 4,096 characters, and holds
    nothing of the other game."""
    spec = grumbler(0, 1000, "illegal")
    others = [GreedyAgent(s) for s in (1, 2, 3)]
    texts = []
    for seed in (1, 2):
        agent = make_agent(spec, seed=5)
        assert isinstance(agent, ProcessAgent)
        play_game(zhengfen.Game(RULES, seed=seed), [agent, *others], matches=1)
        assert agent.faults["illegal"] > 4  # over 4 KiB written in the game
        last = f"decision {agent.seat.last_id} {'x' * 1000}\n"
        waited = time.monotonic() + 2  # its standard error is read by a thread of its own
        while not agent.stderr_in_game().endswith(last) and time.monotonic() < waited:
            time.sleep(0.01)
        texts.append(agent.stderr_in_game())
        assert len(texts[-1]) == STDERR_LOG_BYTES and texts[-1].endswith(last)
    earlier = [line for line in texts[0].splitlines() if line.startswith("decision")]
    assert not set(earlier) & set(texts[1].splitlines())
