"""The arena log has one home (issue 48 §3): :mod:`zhengfen.arena.log` writes every line (the
arena's results, the games the web keeps) and reads them (replays, the league's store), and what
it writes it reads back unchanged."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

import zhengfen
from zhengfen.arena import GameResult
from zhengfen.arena.log import Log, line, one_game, read_line
from zhengfen.errors import InvalidStateError

PACKAGE = Path(zhengfen.__file__).parent


def _played(seed: int) -> zhengfen.Game:
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed)
    rng = random.Random(seed)
    while not game.match_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def _result(seed: int, log: str | None, faults: bool) -> GameResult:
    rng = random.Random(seed)
    points = [rng.randint(-9, 9) for _ in range(4)]
    return GameResult(
        deal=seed,
        rotation=rng.randint(0, 3),
        seed=rng.getrandbits(64),
        seating=["greedy", "random", "greedy", "learned"],
        points=points,
        won=[p == max(points) for p in points],
        matches=rng.randint(1, 5),
        decisions=rng.randint(0, 500),
        log=log,
        faults=[{"late": seed % 3}] * 4 if faults else None,
    )


@pytest.mark.parametrize("seed", range(4))
def test_a_result_line_reads_back_as_the_result(seed: int) -> None:
    game = _played(seed).to_json()
    for faults in (False, True):
        result = _result(seed, game, faults)
        text = result.to_json()
        assert "\n" not in text
        back = GameResult.from_json(text)
        assert back.log is None  # the saved game is the replay's, not the result's
        assert back == _result(seed, None, faults)
        without = result.to_json(keep_game=False)
        assert "game" not in json.loads(without)
        assert GameResult.from_json(without) == back


@pytest.mark.parametrize("seed", range(3))
def test_the_arena_and_the_web_lines_replay_their_games(seed: int) -> None:
    """A log of lines from both writers: each game, its agents and its title come back."""
    games = [_played(seed), _played(seed + 10)]
    agents = ["greedy", "person", "random", "greedy"]
    arena = _result(seed, games[0].to_json(), faults=False)
    web = line(agents, games[1].to_json(), {"title": "game g1, people in seats 1"})
    log = Log(arena.to_json() + "\n\n" + web + "\n")
    assert len(log) == 2
    first, second = log
    assert first.game.to_json() == games[0].to_json()
    assert first.agents == arena.seating
    assert first.title == f"deal {seed}, rotation {arena.rotation}, seed {arena.seed}"
    assert second.game.to_json() == games[1].to_json()
    assert (second.agents, second.title) == (agents, "game g1, people in seats 1")


def test_one_saved_game_is_a_log_of_one() -> None:
    game = _played(5)
    assert one_game(game.to_json()).to_json() == game.to_json()
    with pytest.raises(InvalidStateError, match=r"this is an arena log \(1 game\)"):
        one_game(line(["greedy"] * 4, game.to_json(), {}))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[1, 2]", "line 3 is not a JSON object: \\[1, 2\\]"),
        ("{not json", "line 3 is not JSON"),
        ("[" * 100_000, "line 3 is (not JSON|nested too deeply)"),
    ],
)
def test_a_line_that_is_no_record_is_refused(text: str, reason: str) -> None:
    with pytest.raises(InvalidStateError, match=reason):
        read_line(text, "line 3")


def test_a_malformed_line_is_named_by_its_number_in_the_file() -> None:
    game = _played(5)
    good = line(["greedy"] * 4, game.to_json(), {})
    log = Log(f"\n\n{good}\n\n{{not json\n")
    assert len(log) == 2 and log[0].game.to_json() == game.to_json()
    with pytest.raises(InvalidStateError, match="line 5 is not JSON"):
        log[1]


def test_a_result_line_without_its_fields_is_refused() -> None:
    record = json.loads(_result(1, None, faults=False).to_json())
    del record["won"]
    with pytest.raises(InvalidStateError, match="a result line holds no 'won'"):
        GameResult.from_json(json.dumps(record))


def test_no_module_but_the_log_writes_or_reads_its_lines() -> None:
    """The writers (the arena's results, the web's archive) and the readers (replay, the league's
    store) call the log module: none of them builds a line with a ``game`` key or parses one
    with ``json.loads`` itself."""
    for name in ("arena/tournament.py", "web/archive.py", "league/store.py", "terminal/replay.py"):
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        keys = {
            key.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Dict)
            for key in node.keys
            if isinstance(key, ast.Constant)
        }
        calls = {ast.unparse(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
        assert "game" not in keys and "json.loads" not in calls and "json.dumps" not in calls, name
