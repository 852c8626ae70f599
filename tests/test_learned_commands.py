"""The learned agent where a user names it on the command line (issue 21 §1): ``zhengfen arena
--agents learned,...`` and ``learned(model=PATH)``, ``zhengfen play --opponents`` and its
``--hint``, each refusing what cannot play (no such file, a model for other rules, ``learned``
where no model ships) in one line with exit status 2 before any game.

The tests of ``learned(model=PATH)`` use the committed test models (tests/data/learned/); the
tests of the shipped model run once for each entry of ``zhengfen.shipped_models()``."""

from __future__ import annotations

import io
import json
import pickle
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import IO, cast

import numpy as np
import pytest

import zhengfen
from test_cli import leading_seed, zhengfen_cmd
from zhengfen.agents import (
    GreedyAgent,
    ISMCTSAgent,
    LearnedAgent,
    check_agent,
    learned_model,
    make_agent,
    observe,
)
from zhengfen.arena import Tournament, run
from zhengfen.arena.command import make_tournament
from zhengfen.cli import main, parser
from zhengfen.names import move_groups
from zhengfen.terminal.play import Session, label
from zhengfen.terminal.screen import Screen, make_console

DATA = Path(__file__).parent / "data" / "learned"
ZF4 = DATA / "zheng_fen_4.safetensors"
ZCY = DATA / "zen_cheng_you_4.safetensors"
ZF4_RULES = zhengfen.Rules.zheng_fen(players=4)
SHIPPED = zhengfen.shipped_models()


def rules_for(game: str, players: int) -> zhengfen.Rules:
    if game == "zen_cheng_you":
        return zhengfen.Rules.zen_cheng_you()
    return zhengfen.Rules.zheng_fen(players=players)


def one_line_refusal(done: subprocess.CompletedProcess[str], message: str) -> None:
    """Exit status 2, one line on standard error naming the reason, nothing played."""
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert "pts/match" not in done.stdout and "Your move" not in done.stdout


# --- arena ------------------------------------------------------------------------------------


def arena_log(tmp_path: Path, agents: str, *extra: str) -> list[str]:
    log = tmp_path / "arena.jsonl"
    status = main(
        [
            *("arena", "--agents", agents, "--deals", "3", "--matches", "1", "--seed", "4"),
            *("--log", str(log), "--no-progress", *extra),
        ]
    )
    assert status == 0
    return log.read_text().splitlines()


def test_arena_plays_a_model_file_as_rollouts_plays_it(tmp_path: Path) -> None:
    spec = f"learned(model={ZF4})"
    lines = arena_log(tmp_path, f"{spec},greedy")
    model = zhengfen.LearnedModel.load(ZF4)
    agents: list[zhengfen.LearnedModel | str] = [model, "greedy", model, "greedy"]
    out = zhengfen.rollouts(ZF4_RULES, agents, 3, 4, matches=1, duplicate=True)
    records = [json.loads(line) for line in lines]
    assert [r["points"] for r in records] == out["points"].tolist()
    assert {name for r in records for name in r["agents"]} == {spec, "greedy"}


def points(lines: list[str]) -> list[list[int]]:
    return [json.loads(line)["points"] for line in lines]


def model_of(tournament: Tournament, spec: str) -> zhengfen.LearnedModel:
    """The model the tournament's agent ``spec`` carries."""
    (agent,) = {
        a for a in tournament.agents if isinstance(a, zhengfen.AgentSpec) and a.spec == spec
    }
    assert agent.model is not None
    return agent.model


def weights_travel(model_file: Path, spec: str, others: str, deals: int) -> None:
    """The arena with ``spec`` (naming ``model_file``) and ``others`` plays the same games here,
    in worker processes and on Ray with the file gone: the weights read when the tournament was
    made travel with it."""
    args = parser().parse_args(
        ["arena", "--agents", f"{spec},{others}", "--deals", str(deals), "--matches", "1"]
    )
    tournament = make_tournament(args)
    assert model_of(tournament, spec).to_bytes() == model_file.read_bytes()
    here = run(tournament)
    model_file.unlink()
    travelled = pickle.loads(pickle.dumps(tournament))
    assert model_of(travelled, spec).to_bytes() == model_of(tournament, spec).to_bytes()
    assert travelled.agents == tournament.agents
    assert [g.points for g in run(travelled, workers=2)] == [g.points for g in here]
    pytest.importorskip("ray")
    on_ray = run(travelled, ray_address="local")
    assert [(g.deal, g.rotation, g.points) for g in on_ray] == [
        (g.deal, g.rotation, g.points) for g in here
    ]


def test_the_arena_reads_a_model_once_and_sends_its_weights_not_its_path(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "model.safetensors"
    shutil.copy(ZF4, copy)
    weights_travel(copy, f"learned(model={copy})", "greedy,random", deals=4)


def test_a_searcher_with_a_model_file_sends_its_weights_too(tmp_path: Path) -> None:
    """``ismcts(policy=learned(model=PATH))`` is read once as well (before, the processes and
    Ray workers were sent the path)."""
    copy = tmp_path / "policy.safetensors"
    shutil.copy(ZF4, copy)
    spec = zhengfen.canonical_spec(f"ismcts(iterations=8,policy=learned(model={copy}))")
    weights_travel(copy, spec, "greedy", deals=2)


def test_ismcts_agent_reads_its_policy_file_once(tmp_path: Path) -> None:
    """A Python ``ISMCTSAgent`` with a learned policy file reads it when made and plays on
    with the file gone, choosing as the spec does in Rust (before, every move re-read it)."""
    copy = tmp_path / "policy.safetensors"
    shutil.copy(ZF4, copy)
    agent = ISMCTSAgent(iterations=8, policy=f"learned(model={copy})", seed=5)
    made = make_agent(agent.spec, seed=5)
    assert agent.model is not None and agent.model.to_bytes() == copy.read_bytes()
    assert isinstance(made, ISMCTSAgent) and made.model is not None
    copy.unlink()
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=11)
    for _ in range(6):
        moves = game.legal_moves()
        seat = game.current_player
        assert seat is not None
        move = agent.act(observe(game, seat), moves)
        assert made.act(observe(game, seat), moves) == move
        game.play(move)


def test_an_agent_without_a_model_refuses_one() -> None:
    """The core takes a spec and a model together only for an agent that plays a model."""
    model = zhengfen.LearnedModel.load(ZF4)
    with pytest.raises(zhengfen.ArgumentError, match="plays no learned model"):
        zhengfen.AgentSpec("greedy").with_model(model)
    assert isinstance(make_agent(zhengfen.AgentSpec.learned(model)), LearnedAgent)
    with pytest.raises(zhengfen.ArgumentTypeError, match="expected a built-in agent"):
        zhengfen.canonical_spec(SimpleNamespace(spec="greedy", model=model))  # type: ignore[arg-type]


def test_a_user_class_beside_a_model_file_plays_it_in_python(tmp_path: Path) -> None:
    """With a user's class at the table the games run in Python; the learned seats play the
    weights read up front, as Rust plays them."""
    spec = f"learned(model={ZF4})"
    python = arena_log(tmp_path, f"{spec},zhengfen.agents:GreedyAgent")
    rust = arena_log(tmp_path, f"{spec},greedy")
    assert points(python) == points(rust)


@pytest.mark.parametrize(
    ("agents", "options", "message"),
    [
        ("learned(model=no/such/model.safetensors),greedy", [], "cannot be read"),
        (f"greedy,learned(model={ZCY})", [], "plays zen_cheng_you with 4 players, not zheng_fen"),
        (f"learned(model={ZF4})", ["--players", "5"], "not zheng_fen with 5 players"),
        (f"learned(model={ZF4})", ["--game", "zen_cheng_you"], "not zen_cheng_you with 4"),
        (f"learned(model={DATA})", [], "cannot be read"),
    ],
)
def test_arena_refuses_a_model_that_cannot_play_before_any_game(
    tmp_path: Path, agents: str, options: list[str], message: str
) -> None:
    log = tmp_path / "log.jsonl"
    done = zhengfen_cmd(
        "arena", "--agents", agents, *options, "--deals", "500", "--log", str(log), timeout=60
    )
    one_line_refusal(done, message)
    assert not log.exists()


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_arena_plays_the_shipped_model(tmp_path: Path, game: str, players: int) -> None:
    rules = rules_for(game, players)
    lines = arena_log(tmp_path, "learned,greedy", "--game", game, "--players", str(players))
    model = zhengfen.LearnedModel.shipped(rules)
    agents = [model if s % 2 == 0 else "greedy" for s in range(players)]
    out = zhengfen.rollouts(rules, agents, 3, 4, matches=1, duplicate=True)
    assert points(lines) == out["points"].tolist()


# --- play -------------------------------------------------------------------------------------


def test_play_against_a_model_file_the_opponents_play_its_choices(tmp_path: Path) -> None:
    spec = f"learned(model={ZF4})"
    seed = leading_seed(ZF4_RULES, 0)
    save = tmp_path / "game.json"
    done = zhengfen_cmd(
        "play", "--opponents", spec, "--seed", str(seed), "--matches", "1", "--save", str(save),
        stdin="1\n" * 400,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "seat 1 (learned(zheng_fen_4.safetensors))" in done.stdout
    saved = zhengfen.Game.from_json(save.read_text())
    assert saved.match_over
    agent = LearnedAgent(ZF4)
    game = zhengfen.Game(ZF4_RULES, seed)
    for decision in saved.decisions:
        seat = game.current_player
        assert seat is not None
        if seat == 0:
            game.play(decision)
        else:
            game.play(agent.act(observe(game, seat), game.legal_moves()))
            assert game.decisions[-1] == decision, f"seat {seat} at decision {len(game.decisions)}"
    assert game.decisions == saved.decisions


def hint_lines(model_spec: str, rules: zhengfen.Rules, seed: int) -> tuple[list[str], Session]:
    """What ``hint`` prints at the first turn of seat 0, and the session."""
    game = zhengfen.Game(rules, seed)
    out = io.StringIO()
    agent = make_agent(model_spec)
    session = Session(
        game,
        0,
        {},
        Screen(make_console(out), game, 0, {}),
        cast(IO[str], io.StringIO()),
        hint_agent=agent,
        hint_name=label(model_spec).partition("(")[0],
        hint_model=learned_model(agent, rules),
    )
    moves = game.legal_moves()
    session.hint(moves, move_groups(moves))
    return out.getvalue().splitlines(), session


def check_hint(lines: list[str], model: zhengfen.LearnedModel, game: zhengfen.Game) -> None:
    """The hinted move is the model's choice, and the Q-values shown are the model's: the best
    moves by their best way, largest first, at most three."""
    moves = game.legal_moves()
    groups = move_groups(moves)
    q = model.q_values(game.info_set(0))
    choice = game.info_set(0).choose(model)
    number = next(n for n, g in enumerate(groups, 1) if choice in g.indices)
    assert lines[0].startswith(f"Hint (the learned agent): move {number},")
    assert lines[1].startswith("Q-values (the model's estimate of your")
    best = sorted((max(q[i] for i in g.indices), -n) for n, g in enumerate(groups, 1))[::-1]
    shown = [line.split() for line in lines[2:]]
    assert len(shown) == min(3, len(groups))
    assert [float(row[0]) for row in shown] == [round(float(v), 1) for v, _ in best[:3]]
    assert [row[2] for row in shown] == [f"{-n}," for _, n in best[:3]]


@pytest.mark.parametrize("path", [ZF4, ZCY], ids=lambda p: p.stem)
def test_the_hint_of_a_learned_agent_shows_its_q_values(path: Path) -> None:
    model = zhengfen.LearnedModel.load(path)
    rules = rules_for(model.game, model.players)
    for seed in range(6):
        game = zhengfen.Game(rules, seed)
        if game.current_player != 0 or len(move_groups(game.legal_moves())) < 2:
            continue
        lines, session = hint_lines(f"learned(model={path})", rules, seed)
        check_hint(lines, model, session.game)


def test_the_greedy_hint_shows_no_q_values() -> None:
    seed = leading_seed(ZF4_RULES, 0)
    done = zhengfen_cmd("play", "--seed", str(seed), "--matches", "1", stdin="hint\n")
    assert "Hint (the greedy agent): move " in done.stdout and "Q-values" not in done.stdout


def test_play_asks_a_learned_hint_through_the_command() -> None:
    seed = leading_seed(ZF4_RULES, 0)
    done = zhengfen_cmd(
        "play", "--seed", str(seed), "--hint", f"learned(model={ZF4})", stdin="hint\nquit\n"
    )
    assert done.returncode == 0, done.stderr
    assert "Hint (the learned agent): move " in done.stdout
    assert "Q-values (the model's estimate of your match points if played):" in done.stdout


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_play_against_the_shipped_model_and_its_hint(game: str, players: int) -> None:
    rules = rules_for(game, players)
    seed = leading_seed(rules, 0)
    lines, session = hint_lines("learned", rules, seed)
    check_hint(lines, zhengfen.LearnedModel.shipped(rules), session.game)
    done = zhengfen_cmd(
        "play", "--game", game, "--players", str(players), "--opponents", "learned",
        "--hint", "learned", "--seed", str(seed), "--matches", "1", stdin="hint\n" + "1\n" * 800,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Q-values" in done.stdout and "Match 1 result" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--opponents", f"learned(model={ZCY})"], "plays zen_cheng_you with 4 players"),
        (["--hint", f"learned(model={ZCY})"], "plays zen_cheng_you with 4 players"),
        (["--players", "3", "--opponents", f"learned(model={ZF4})"], "not zheng_fen with 3"),
        (["--hint", "learned(model=no/such.safetensors)"], "cannot be read"),
        (["--hint", "clever"], "unknown agent"),
    ],
)
def test_play_refuses_a_model_that_cannot_play_before_the_game(
    args: list[str], message: str
) -> None:
    one_line_refusal(zhengfen_cmd("play", *args, stdin="1\n" * 10), message)


def test_check_agent_binds_every_kind_of_name_to_the_rules() -> None:
    zcy = zhengfen.Rules.zen_cheng_you()
    for name in ("greedy", "ismcts", f"learned(model={ZCY})", "user_agents:LowestFirst"):
        check_agent(name, zcy)
    check_agent(LearnedAgent(ZCY), zcy)
    with pytest.raises(zhengfen.ModelError, match="not zen_cheng_you"):
        check_agent(LearnedAgent(ZF4), zcy)
    with pytest.raises(zhengfen.ArgumentError):
        check_agent("clever", zcy)
    model = learned_model(LearnedAgent(ZCY), zcy)
    assert model is not None and model.game == "zen_cheng_you"
    assert learned_model(GreedyAgent(), zcy) is None
    q = model.q_values(zhengfen.Game(zcy, 0))
    assert np.all(np.isfinite(q))


def test_the_shipped_model_is_the_one_learned_plays_and_none_elsewhere() -> None:
    for game, players in SHIPPED:
        rules = rules_for(game, players)
        model = zhengfen.LearnedModel.shipped(rules)
        assert (model.game, model.players) == (game, players)
        assert zhengfen.canonical_spec("learned", rules) == "learned"
        position = zhengfen.Game(rules, 0)
        info = position.info_set(position.current_player or 0)
        assert info.choose("learned") == info.choose(model)
    assert zhengfen.canonical_spec(f"learned(model={ZF4})", ZF4_RULES) == f"learned(model={ZF4})"
