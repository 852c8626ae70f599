"""The example bots of ``examples/bots/`` (Java, C, JavaScript, Python; BOTS.md) built and played.

Each bot is built into a temporary folder (``javac``, ``gcc``) and driven by a driver of this
module, written from BOTS.md alone: the greeting, whole games of Zheng Fen for 3 to 6 players
(to 200 points) and of Zen Cheng You (one process a seat, game after game), every answer a legal
index of its decision within the time, unknown messages and fields ignored (answered by
nothing), ``bye`` and the end of input each ending the process with status 0. The four bots play
one strategy: on the same deals they make the same moves. Last, each sits in ``zhengfen arena``
through ``process(cmd=...)`` against ``random``, faultless and ahead, and ``zhengfen bot check``
passes each (and fails copies of the Python bot with one defect each, for that defect).

A language whose toolchain is missing is skipped, unless ``ZHENGFEN_BOT_TESTS=1`` (set by
``.ci/run``): then it fails.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from zhengfen import cli
from zhengfen.bots.check import check_program

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "examples" / "bots"
REQUIRED = os.environ.get("ZHENGFEN_BOT_TESTS") == "1"
LANGUAGES = ("python", "javascript", "java", "c")
TOOLS = {"python": (), "javascript": ("node",), "java": ("javac", "java"), "c": ("gcc",)}
ANSWER_SECONDS = 5.0  # generous: a loaded CI machine, a JVM's first decisions
ALL_GAMES = {"zheng_fen": [3, 4, 5, 6], "zen_cheng_you": [4]}
TABLES = [("zheng_fen", 3), ("zheng_fen", 4), ("zheng_fen", 5), ("zheng_fen", 6)]
TABLES += [("zen_cheng_you", 4)]


def _build(language: str, folder: Path) -> list[str]:
    """The bot's command line, built into ``folder`` where it needs building."""
    source = BOTS / language
    if language == "python":
        return [sys.executable, str(source / "bot.py")]
    if language == "javascript":
        return ["node", str(source / "bot.js")]
    if language == "java":
        javac = ["javac", "-Xlint:all", "-Werror", "--release", "17", "-d", str(folder)]
        subprocess.run([*javac, str(source / "Bot.java")], check=True, timeout=120)
        return ["java", "-cp", str(folder), "Bot"]
    binary = folder / "bot"
    gcc = ["gcc", "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", "-o"]
    subprocess.run([*gcc, str(binary), str(source / "bot.c")], check=True, timeout=120)
    return [str(binary)]


@pytest.fixture(scope="module")
def commands(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each language's command line; a language without its toolchain is left out."""
    built: dict[str, list[str]] = {}
    for language in LANGUAGES:
        missing = [tool for tool in TOOLS[language] if shutil.which(tool) is None]
        if missing and REQUIRED:
            pytest.fail(f"ZHENGFEN_BOT_TESTS=1 but {missing} not found", pytrace=False)
        if not missing:
            built[language] = _build(language, tmp_path_factory.mktemp(language))
    return built


def _command(commands: dict[str, list[str]], language: str) -> list[str]:
    if language not in commands:
        pytest.skip(f"no toolchain for the {language} bot")
    return commands[language]


class Driver:
    """One bot process, spoken to as BOTS.md says: JSON lines in, JSON lines out."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        assert self.process.stdout is not None
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.buffer = b""

    def send(self, message: dict[str, Any] | str) -> None:
        """Writes one line: a message, or a raw text (a blank line)."""
        assert self.process.stdin is not None
        text = message if isinstance(message, str) else json.dumps(message)
        self.process.stdin.write(text.encode() + b"\n")
        self.process.stdin.flush()

    def receive(self, seconds: float = ANSWER_SECONDS) -> dict[str, Any]:
        """The bot's next line, read as a JSON object; fails past ``seconds``."""
        deadline = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            assert left > 0 and self.selector.select(left), f"no line within {seconds} s"
            assert self.process.stdout is not None
            chunk = os.read(self.process.stdout.fileno(), 65536)
            assert chunk, f"the bot closed its output (exit {self.process.poll()})"
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        message = json.loads(line)
        assert isinstance(message, dict), line
        return message

    def greet(self) -> dict[str, Any]:
        self.send({"type": "hello", "protocol": 1, "engine": "test driver", "future": [1]})
        return self.receive(10.0)

    def finish(self, bye: bool = True) -> int:
        """Says ``bye`` (or only closes the input) and returns the exit status."""
        if bye:
            self.send({"type": "bye"})
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            return self.process.wait(timeout=5.0)
        finally:
            self.selector.close()
            if self.process.poll() is None:
                self.process.kill()
            assert self.process.stdout is not None
            self.process.stdout.close()


def _rules(game: str, players: int) -> zhengfen.Rules:
    if game == "zheng_fen":
        return zhengfen.Rules.zheng_fen(players=players, target=200)  # whole games, shorter
    return zhengfen.Rules.zen_cheng_you()


def _decide(driver: Driver, game: zhengfen.Game, seat: int, number: int) -> int:
    """Sends a ``decision`` (with a field no bot knows) and returns the index answered."""
    legal = [str(move) for move in game.legal_moves()]
    observation = dict(game.observation(seat))
    driver.send(
        {
            "type": "decision",
            "id": number,
            "match": len(game.history) and sum(e["type"] == "deal" for e in game.history) - 1,
            "time_ms": 1000,
            "budget_left_ms": 60000,
            "observation": observation,
            "legal": legal,
            "coming_in_version_2": {"hint": None},
        }
    )
    answer = driver.receive()
    assert answer.get("type") == "move" and answer.get("id") == number, answer
    index = answer.get("index")
    assert isinstance(index, int) and not isinstance(index, bool), answer
    assert 0 <= index < len(legal), f"index {index} of {len(legal)} legal moves"
    return index


def _end_match(drivers: list[Driver], game: zhengfen.Game) -> None:
    for seat, driver in enumerate(drivers):
        driver.send({"type": "weather", "sunny": True})  # an unknown type: no answer
        driver.send(
            {
                "type": "match_end",
                "match": 0,
                "match_points": list(game.match_points),
                "scores": list(game.scores),
                "out_order": list(game.out_order),
                "observation": dict(game.observation(seat)),
            }
        )


def play_game(drivers: list[Driver], rules: zhengfen.Rules, seed: int) -> list[str]:
    """One whole game, a bot process at each seat; the moves made, in order."""
    game = zhengfen.Game(rules, seed=seed)
    rule_object = {"game": rules.game, **rules.options()}
    for seat, driver in enumerate(drivers):
        driver.send("")  # a blank line is skipped
        driver.send({"type": "game", "game_id": f"t-{seed}", "rules": rule_object, "seat": seat,
                     "seed": seed, "restarted": False, "time_ms": 1000, "budget_ms": 60000,
                     "table_colour": "green"})  # fmt: skip
    moves: list[str] = []
    decisions = 0
    for _match in range(200):
        while not game.match_over:
            player, legal = game.current_player, game.legal_moves()
            assert player is not None
            index = 0
            if len(legal) > 1:  # a seat with one legal move is not asked (BOTS.md §3)
                decisions += 1
                index = _decide(drivers[player], game, player, decisions)
            moves.append(str(legal[index]))
            game.play(legal[index])
        _end_match(drivers, game)
        if game.game_over:
            break
        game.next_match()
    assert game.game_over
    for driver in drivers:
        driver.send({"type": "game_end", "scores": list(game.scores), "winners": game.winners})
    return moves


@contextmanager
def _seated(command: list[str], players: int) -> Iterator[list[Driver]]:
    """A bot process at each seat, greeted; any still running at the end is killed."""
    drivers = [Driver(command) for _ in range(players)]
    try:
        for driver in drivers:
            hello = driver.greet()
            assert hello["type"] == "hello" and hello["protocol"] == 1, hello
        yield drivers
    finally:
        for driver in drivers:
            if driver.process.poll() is None:
                driver.process.kill()


@pytest.mark.parametrize("language", LANGUAGES)
def test_greeting(commands: dict[str, list[str]], language: str) -> None:
    driver = Driver(_command(commands, language))
    hello = driver.greet()
    assert hello["type"] == "hello" and hello["protocol"] == 1
    assert hello["name"] == f"example-{language}" and 0 < len(hello["name"]) <= 64
    assert hello["games"] == ALL_GAMES
    assert driver.finish() == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_end_of_input_ends_the_bot(commands: dict[str, list[str]], language: str) -> None:
    driver = Driver(_command(commands, language))
    driver.greet()
    assert driver.finish(bye=False) == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_messages_it_does_not_know_are_answered_by_nothing(
    commands: dict[str, list[str]], language: str
) -> None:
    driver = Driver(_command(commands, language))
    driver.greet()
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=5)
    driver.send({"type": "fault", "id": 1, "fault": "late", "played": "pass"})
    driver.send({"type": "news", "text": '{"type":"decision","id":1}'})
    driver.send({"no_type": 1})
    # the first line that comes back is the answer to this decision, not to anything above
    seat = game.current_player
    assert seat is not None
    _decide(driver, game, seat, 7)
    assert driver.finish() == 0


@pytest.mark.parametrize(("game_name", "players"), TABLES)
def test_whole_games_legal_in_time_and_the_same_in_every_language(
    commands: dict[str, list[str]], game_name: str, players: int
) -> None:
    """Two whole games in one set of processes a language; every language makes the same moves."""
    rules = _rules(game_name, players)
    played: dict[str, list[str]] = {}
    for language, command in commands.items():
        with _seated(command, players) as drivers:
            played[language] = play_game(drivers, rules, 11) + play_game(drivers, rules, 12)
            assert [driver.finish() for driver in drivers] == [0] * players
    assert "python" in played
    for language, moves in played.items():
        assert moves == played["python"], f"{language} differs from python"
    assert any(":" in move for move in played["python"])


def _arena(command: list[str], game_name: str) -> str:
    cmd = " ".join(command)
    agents = f'process(cmd="{cmd}"),random'
    argv = [sys.executable, "-m", "zhengfen", "arena", "--game", game_name, "--agents", agents,
            "--deals", "4", "--matches", "1", "--no-progress"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
    result = subprocess.run(argv, capture_output=True, text=True, timeout=600, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_name", ["zheng_fen", "zen_cheng_you"])
def test_in_the_arena_faultless_and_ahead_of_random(
    commands: dict[str, list[str]], language: str, game_name: str
) -> None:
    report = _arena(_command(commands, language), game_name)
    row = next(line for line in report.splitlines() if line.startswith("| process("))
    assert row.rstrip(" |").endswith("| 0"), row  # the faults column
    found = re.search(r"- random: ([+-][0-9.]+) \[", report)
    assert found is not None, report
    assert float(found.group(1)) > 0, report


@pytest.mark.parametrize("language", ["java", "c"])
def test_a_training_opponent(commands: dict[str, list[str]], language: str, tmp_path: Path) -> None:
    """``zhengfen train --opponents process(cmd=...)``: a learned agent trains against the bot
    (its rounds played in Python, AI.md §8), and the run keeps the bot as its opponent."""
    pytest.importorskip("jax")
    spec = f"process(cmd={json.dumps(shlex.join(_command(commands, language)))},time=5000)"
    out = tmp_path / "run"
    args = ["train", "--out", str(out), "--opponents", spec, "--rounds", "2", "--episodes", "4"]
    small = ["--layers", "32", "--history", "1", "--batch", "64", "--eval-deals", "0"]
    assert cli.main([*args, *small, "--yardstick-deals", "0", "--no-progress"]) == 0
    state = json.loads((out / "state.json").read_text(encoding="utf-8"))
    assert state["counters"]["round"] == 2 and state["counters"]["decisions"] > 0
    [opponent] = state["recipe"]["opponents"]
    assert opponent.startswith("process(cmd=") and opponent.endswith(
        ",time=5000,budget=60000,fallback=greedy,restarts=3)"
    )


# --- zhengfen bot check (BOTS.md §8) passes each example bot, and fails broken copies ----------

TABLE_ROWS = {"zheng_fen 3", "zheng_fen 4", "zheng_fen 5", "zheng_fen 6", "zen_cheng_you 4"}
PLAYING_ROWS = TABLE_ROWS | {"match", "unknown messages"}
DIES_ON_UNKNOWN = """        elif kind not in ("match_end", "game_end"):
            sys.exit(3)
        # any other type"""
# each defect: (text of bot.py, its replacement), the rows it fails, words of their detail
DEFECTS = {
    "illegal index": (
        ('"index": index}', '"index": len(message["legal"])}'),
        PLAYING_ROWS,
        "illegal answer",
    ),
    "no hello": (("write(HELLO)", "pass"), {"hello"}, "no hello"),
    "dies on an unknown type": (
        ("        # any other type", DIES_ON_UNKNOWN),
        {"unknown messages"},
        "exited (status 3)",
    ),
    "ignores bye": (("            break\n", "            continue\n"), {"bye"}, "after bye"),
    "late": (
        ("            index = choose(", "            time.sleep(1)\n            index = choose("),
        PLAYING_ROWS,
        "within 300 ms",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("vectors", [False, True])
def test_bot_check_passes_each_example_bot(
    commands: dict[str, list[str]], language: str, vectors: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["bot", "check", shlex.join(_command(commands, language))]
    argv += ["--vectors"] if vectors else ["--decisions", "100"]
    status = cli.main(argv)
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.rstrip().endswith("all passed") and " fail " not in out, out


@pytest.mark.parametrize("defect", DEFECTS)
def test_bot_check_fails_a_broken_copy_of_the_python_bot_for_its_reason(
    tmp_path: Path, defect: str
) -> None:
    (old, new), rows, reason = DEFECTS[defect]
    source = (BOTS / "python" / "bot.py").read_text(encoding="utf-8")
    assert source.count(old) == 1, old
    broken = tmp_path / "bot.py"
    broken.write_text(source.replace(old, new).replace("import sys", "import sys\nimport time"))
    command = shlex.join([sys.executable, str(broken)])
    time_ms = 300 if defect == "late" else 5000  # a loaded machine is not a late bot
    report = check_program(command, decisions=20, time_ms=time_ms, start_seconds=2.0)
    failed = {row.name: row.detail for row in report.rows if row.passed is False}
    assert set(failed) == rows, report.text()
    assert all(reason in detail for detail in failed.values()), report.text()
    assert not report.ok
