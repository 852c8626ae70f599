"""``zhengfen league`` (issue 46 §6): the rating model on synthetic data (it recovers known
ratings, they sum to zero, intervals shrink with deals and agree with a bootstrap over deals),
the league's play (same table on 1 and 2 workers, only new pairs played when an agent is added,
resume after a SIGKILL with the table of an uninterrupted league) and every refusal (one line,
exit status 2, nothing played)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import zhengfen
from zhengfen.cli import main
from zhengfen.league import Pairing, bootstrap, fit, ratings, run_league

TESTS = Path(__file__).resolve().parent
ZCY = zhengfen.Rules.zen_cheng_you()
TRUE = {"a": 40.0, "b": 15.0, "c": -10.0, "d": -45.0}


def synthetic(deals: int, noise: float = 60.0, seed: int = 1) -> list[Pairing]:
    """Every pair of :data:`TRUE`'s agents over ``deals`` shared deals: a deal's difference is
    the true one plus a deal effect per agent (the same cards for every pair) and noise."""
    rng = np.random.default_rng(seed)
    names = sorted(TRUE)
    luck = {name: rng.normal(0, noise / 3, deals) for name in names}
    out = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            values = TRUE[first] - TRUE[second] + luck[first] - luck[second]
            values = values + rng.normal(0, noise, deals)
            out.append(Pairing(first, second, tuple(range(deals)), tuple(float(v) for v in values)))
    return out


def test_the_model_recovers_known_ratings() -> None:
    names = sorted(TRUE)
    result = fit(names, synthetic(400))
    for i, name in enumerate(names):
        low, high = result.interval(i)
        assert low < TRUE[name] < high, (name, result.ratings[i], low, high)
        assert abs(result.ratings[i] - TRUE[name]) < 10
    assert result.dof == 3


def test_ratings_sum_to_zero_and_are_the_mean_margin_in_a_full_round_robin() -> None:
    names = sorted(TRUE)
    pairings = synthetic(30)
    result = fit(names, pairings)
    assert abs(sum(result.ratings)) < 1e-9
    # weights equal: r_A = mean over the field of d_AB (d_AA = 0)
    equal = [Pairing(p.first, p.second, (0, 1), (p.mean() + 1, p.mean() - 1)) for p in pairings]
    result = fit(names, equal)
    for i, name in enumerate(names):
        margins = [
            p.mean() if p.first == name else -p.mean() for p in equal if name in (p.first, p.second)
        ]
        assert result.ratings[i] == pytest.approx(sum(margins) / len(names))


def test_intervals_shrink_with_more_deals() -> None:
    names = sorted(TRUE)
    few, many = fit(names, synthetic(40)), fit(names, synthetic(640))
    for i in range(len(names)):
        assert many.standard_error(i) < few.standard_error(i) / 2.5  # about 1/4: 1/sqrt(16)


def test_the_intervals_agree_with_a_bootstrap_over_deals() -> None:
    names = sorted(TRUE)
    pairings = synthetic(200)
    model = fit(names, pairings)
    boot = bootstrap(names, pairings, rounds=300, seed=3)
    for i in range(len(names)):
        assert 0.75 < boot[i] / model.standard_error(i) < 1.33, (boot, model.covariance)


def test_the_model_refuses_what_it_cannot_rate() -> None:
    pairs = [Pairing("a", "b", (0, 1), (1.0, 2.0)), Pairing("c", "d", (0, 1), (1.0, 3.0))]
    with pytest.raises(zhengfen.ArgumentError, match="no games link c, d to a"):
        fit(["a", "b", "c", "d"], pairs)
    with pytest.raises(zhengfen.ArgumentError, match="at least 2"):
        fit(["a", "b"], [Pairing("a", "b", (0,), (1.0,))])
    with pytest.raises(zhengfen.ArgumentError, match="at least 2 distinct"):
        fit(["a"], [])


def _table(db: Path, agents: list[str], **options: Any) -> dict[str, Any]:
    table = run_league(ZCY, agents, db=db, **{"deals": 6, "matches": 1, **options}).to_dict()
    return table


def test_a_league_rates_its_agents_and_keeps_them(tmp_path: Path) -> None:
    table = _table(tmp_path / "l.sqlite", ["random", "greedy", "search(determinizations=1)"])
    assert [a["agent"] for a in table["agents"]][-1] == "random"
    assert abs(sum(a["rating"] for a in table["agents"])) < 1e-9
    assert all(a["low"] < a["rating"] < a["high"] for a in table["agents"])
    assert table["games"] == table["played"] == 3 * 6 * 2  # pairs x deals x rotations
    read = ratings(tmp_path / "l.sqlite", rules=ZCY).to_dict()
    assert {**read, "played": table["played"]} == table


def test_the_same_seed_gives_the_same_table_on_1_and_2_workers(tmp_path: Path) -> None:
    agents = ["random", "greedy", "search(determinizations=1,candidates=2)"]
    one = _table(tmp_path / "1.sqlite", agents, seed=7)
    two = _table(tmp_path / "2.sqlite", agents, seed=7, workers=2)
    assert one == two
    assert _table(tmp_path / "3.sqlite", agents, seed=8) != one


def test_adding_an_agent_plays_only_its_new_pairs(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    first = _table(db, ["greedy", "random"])
    assert first["played"] == 12
    grown = _table(db, ["greedy", "random", "search(determinizations=1)"])
    assert grown["played"] == 2 * 12 and grown["games"] == 3 * 12
    assert first["pairs"][0] in grown["pairs"]  # greedy - random, not played again
    assert _table(db, ["random", "greedy"])["played"] == 0  # any order: the same pairs
    assert _table(db, ["random", "greedy"], deals=8)["played"] == 2 * 2  # the new deals only


def _league_command(db: Path, *more: str) -> list[str]:
    agents = "greedy,random,user_agents:SlowLowestFirst"
    command = [sys.executable, "-m", "zhengfen", "league", "--game", "zen_cheng_you"]
    return [*command, "--agents", agents, "--deals", "8", "--matches", "1", "--db", str(db),
            "--no-progress", *more]  # fmt: skip


def _stored(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_a_killed_league_resumes_with_the_games_it_missed(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), *sys.path])}
    whole = subprocess.run(
        [*_league_command(tmp_path / "whole.sqlite"), "--format", "json"],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    expected = json.loads(whole.stdout)
    db = tmp_path / "killed.sqlite"
    process = subprocess.Popen(_league_command(db), env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while _stored(db) <= 16 and time.monotonic() < deadline:  # greedy - random, then a chunk
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait()
    stored = _stored(db)
    assert 16 < stored < expected["games"]
    again = subprocess.run(
        [*_league_command(db), "--format", "json"], env=env, capture_output=True, text=True
    )
    assert again.returncode == 0, again.stderr
    resumed = json.loads(again.stdout)
    assert resumed["played"] == expected["games"] - stored
    assert {**resumed, "played": 0} == {**expected, "played": 0}


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["league", "--game", "zen_cheng_you", "--no-progress", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured
    return captured.err


def test_every_refusal_is_one_line_and_plays_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "l.sqlite")
    assert "clever" in _refused(capsys, "--agents", "greedy,clever", "--db", db)
    assert "at least 2 distinct" in _refused(capsys, "--agents", "greedy", "--db", db)
    assert "at least 2 distinct" in _refused(capsys, "--agents", "greedy,greedy", "--db", db)
    missing = str(tmp_path / "no" / "l.sqlite")
    assert "cannot write it" in _refused(capsys, "--agents", "greedy,random", "--db", missing)
    assert "is a folder" in _refused(capsys, "--agents", "greedy,random", "--db", str(tmp_path))
    (tmp_path / "text").write_text("not a database at all, " * 100)
    not_ours = str(tmp_path / "text")
    assert "not a league database" in _refused(
        capsys, "--agents", "greedy,random", "--db", not_ours
    )
    with pytest.raises(SystemExit) as parsed:  # argparse's refusal: usage, then one line
        main(["league", "--agents", "greedy,random", "--deals", "1", "--db", db])
    assert (
        parsed.value.code == 2 and "--deals: must be an integer from 2" in capsys.readouterr().err
    )
    assert _stored(Path(db)) == 0
    assert main(["league", "--game", "zen_cheng_you", "--agents", "greedy,random", "--deals", "2",
                 "--matches", "1", "--db", db, "--no-progress"]) == 0  # fmt: skip
    capsys.readouterr()
    other = _refused(capsys, "--agents", "greedy,random", "--db", db, "--option", "target=500")
    assert "holds Rules.zen_cheng_you(target=1000" in other and "another --name" in other
    assert "holds" in _refused(capsys, "--agents", "greedy,random", "--db", db, "--seed", "3")
    assert _stored(Path(db)) == 4


def test_a_read_only_database_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.sqlite"
    _table(db, ["greedy", "random"], deals=2)
    db.chmod(0o444)
    if os.access(db, os.W_OK):  # root writes anyway
        pytest.skip("the file stays writable (running as root)")
    assert "cannot write it" in _refused(capsys, "--agents", "greedy,random", "--db", str(db))


def test_ratings_of_a_league_not_there_are_refused(tmp_path: Path) -> None:
    with pytest.raises(zhengfen.ArgumentError, match="no such league database"):
        ratings(tmp_path / "none.sqlite", "x")
    _table(tmp_path / "l.sqlite", ["greedy", "random"], deals=2)
    with pytest.raises(zhengfen.ArgumentError, match="no league named 'x'"):
        ratings(tmp_path / "l.sqlite", "x")


def test_the_output_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["league", "--game", "zen_cheng_you", "--agents", "greedy,random", "--deals", "2",
            "--matches", "1", "--db", str(tmp_path / "l.sqlite"), "--no-progress"]  # fmt: skip
    assert main([*argv, "--format", "markdown"]) == 0
    markdown = capsys.readouterr().out
    assert "| greedy | +" in markdown and "| greedy - random | +" in markdown
    assert main(argv) == 0
    table = capsys.readouterr().out
    assert "greedy - random" in table and "0 played now" in table and "Model:" in table


def test_a_bot_program_is_rated_beside_built_in_agents(tmp_path: Path) -> None:
    from zhengfen.bots import BotSpec, close_all

    bot = BotSpec(f"{sys.executable} {TESTS / 'bots' / 'last.py'}")
    try:
        table = run_league(zhengfen.Rules.zheng_fen(), [bot, "greedy", "random"], deals=2,
                           matches=1, db=tmp_path / "l.sqlite")  # fmt: skip
    finally:
        close_all()
    assert bot.spec in [r.agent for r in table.ratings] and table.games == 3 * 2 * 2


def test_each_agents_faults_are_a_column_of_every_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot answering with an index past the legal moves (every decision a fault) beside two
    built-in agents: the terminal table, Markdown and JSON count its faults, as many as its
    stored games hold, and 0 for the others; a league of built-in agents has no such column."""
    from zhengfen.bots import BotSpec, close_all
    from zhengfen.league.store import Store

    bot = BotSpec(f"{sys.executable} {TESTS / 'bots' / 'illegal_index.py'}", time_ms=5000)
    db = tmp_path / "l.sqlite"
    argv = ["league", "--agents", f"{bot.spec},greedy,random", "--deals", "2", "--matches", "1",
            "--db", str(db), "--no-progress"]  # fmt: skip
    try:
        outputs = {}
        for form in ("table", "markdown", "json"):
            assert main([*argv, "--format", form]) == 0
            outputs[form] = capsys.readouterr().out
    finally:
        close_all()
    store = Store.open(db, write=False)
    try:
        (name,) = store.names()
        games = [game for found in store.games(name).values() for game in found]
    finally:
        store.close()
    stored = sum(
        made.get("illegal", 0)
        for game in games
        for label, made in zip(game.seating, game.faults or [], strict=False)
        if label == bot.spec
    )
    assert stored > 10
    rated = {a["agent"]: a["faults"] for a in json.loads(outputs["json"])["agents"]}
    assert rated == {bot.spec: {"illegal": stored}, "greedy": {}, "random": {}}
    assert f"| illegal {stored} |" in outputs["markdown"] and "| faults |" in outputs["markdown"]
    assert "| greedy | " in outputs["markdown"] and outputs["markdown"].count(" 0 |") == 2
    row = next(line for line in outputs["table"].splitlines() if "random" in line)
    assert "faults" in outputs["table"] and row.rstrip(" │|").endswith(" 0")
    assert f"illegal {stored}" in outputs["table"]
    assert main(["league", "--agents", "greedy,random", "--deals", "2", "--matches", "1",
                 "--db", str(tmp_path / "b.sqlite"), "--no-progress"]) == 0  # fmt: skip
    assert "faults" not in capsys.readouterr().out
