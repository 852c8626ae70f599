"""An agent spec read once (issue 33 §2): where it enters (the command line, a Python call, a
web request) into a :class:`zhengfen.AgentSpec` that carries its settings and model; the
tournaments, the batch functions and the agents take that object, and the core's parser reads
nothing again (``zhengfen._core._specs_read`` counts its readings). A model path holding a
comma, blanks or parentheses is quoted in the grammar, and the canonical spec quotes it."""

from __future__ import annotations

import pickle
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import zhengfen
from test_cli import zhengfen_cmd
from zhengfen._core import _specs_read
from zhengfen.agents import make_agent, observe, read_agent
from zhengfen.arena import run
from zhengfen.arena.command import make_tournament
from zhengfen.cli import parser

DATA = Path(__file__).parent / "data" / "learned"
ZF4 = DATA / "zheng_fen_4.safetensors"
RULES = zhengfen.Rules.zheng_fen(players=4)


@contextmanager
def reads(expected: int) -> Iterator[None]:
    """Asserts that the block has the core read exactly ``expected`` specs."""
    before = _specs_read()
    yield
    assert _specs_read() - before == expected


def arena(agents: str, *extra: str) -> zhengfen.arena.Tournament:
    args = parser().parse_args(
        ["arena", "--agents", agents, "--deals", "2", "--matches", "1", *extra]
    )
    return make_tournament(args)


def test_a_tournament_reads_each_spec_once_and_plays_without_reading(tmp_path: Path) -> None:
    """A learned model and a searcher guided by one, each named once on the command line: the
    tournament reads each distinct spec once, and playing it (in Rust, and in Python beside a
    user's class) reads none again."""
    learned = f"learned(model={ZF4})"
    guided = f"ismcts(iterations=4,policy=learned(model={ZF4}))"
    with reads(3):  # learned, guided, greedy: the fourth seat repeats learned
        tournament = arena(f"{learned},{guided},greedy")
    assert all(isinstance(agent, zhengfen.AgentSpec) for agent in tournament.agents)
    with reads(0):
        games = run(tournament)
    assert games and {name for game in games for name in game.seating} == {
        learned,
        zhengfen.canonical_spec(guided),
        "greedy",
    }
    with reads(2):
        mixed = arena(f"{learned},{guided},zhengfen.agents:GreedyAgent")
    assert not mixed.built_in()
    with reads(0):
        assert run(mixed)  # the Python loop: make_agent takes the objects as they are


def test_the_batch_functions_and_agents_take_the_object_as_it_is() -> None:
    """``rollouts``, ``VecGame``, ``InfoSet.choose`` and the Python agents take an AgentSpec
    without reading; a string is read where it is given, once per call and seat."""
    with reads(1):
        guided = zhengfen.AgentSpec(f"ismcts(iterations=3,policy=learned(model={ZF4}))")
    with reads(0):
        zhengfen.rollouts(RULES, [guided, zhengfen.AgentSpec.learned(ZF4)] * 2, 1, matches=1)
        batch = zhengfen.VecGame(RULES, 2, seed=1, agents=[None, guided, None, guided])
        batch.agent_actions(guided)
        agent = make_agent(guided, seed=3)
        game = zhengfen.Game(RULES, seed=2)
        seat = game.current_player
        assert seat is not None
        agent.act(observe(game, seat), game.legal_moves())
        assert read_agent(guided) is guided
    with reads(4):
        zhengfen.rollouts(RULES, ["greedy", "random"] * 2, 1, matches=1)


def test_an_agent_spec_pickles_with_its_weights(tmp_path: Path) -> None:
    """A worker process gets the weights, not the path: the file may be gone."""
    copy = tmp_path / "model.safetensors"
    shutil.copy(ZF4, copy)
    for text in (f"learned(model={copy})", f"ismcts(iterations=2,policy=learned(model={copy}))"):
        spec = zhengfen.AgentSpec(text)
        kept = pickle.dumps(spec)
        copy.rename(tmp_path / "gone")
        back = pickle.loads(kept)
        (tmp_path / "gone").rename(copy)
        assert back == spec and hash(back) == hash(spec) and back.spec == spec.spec
        assert back.model is not None and back.model.to_bytes() == copy.read_bytes()
    model = zhengfen.LearnedModel.load(ZF4)
    playing = zhengfen.AgentSpec.learned(model)
    assert pickle.loads(pickle.dumps(playing)) == playing
    assert pickle.loads(pickle.dumps(zhengfen.AgentSpec("learned"))).spec == "learned"


ODD = ["runs a,b (1)", 'say "hi"', "tab\there", "back\\slash (x)"]


@pytest.mark.parametrize("folder", ODD)
def test_a_path_with_the_grammars_characters_is_quoted(folder: str, tmp_path: Path) -> None:
    """Any path can be named: quoted, with ``\\"`` and ``\\\\`` inside the quotes; the canonical
    spec quotes it, reads back as the same agent, and names the file the core read."""
    path = tmp_path / folder / "model.safetensors"
    path.parent.mkdir()
    shutil.copy(ZF4, path)
    escaped = str(path).replace("\\", "\\\\").replace('"', '\\"')
    spec = zhengfen.AgentSpec(f'learned(model="{escaped}")')
    assert spec.model_file == str(path)
    assert spec.spec == f'learned(model="{escaped}")'
    assert zhengfen.AgentSpec(spec.spec) == spec
    assert zhengfen.AgentSpec.learned(path) == spec  # made from the path: no text written
    guided = zhengfen.AgentSpec(f'ismcts(iterations=2,policy=learned(model="{escaped}"))')
    assert guided.model_file == str(path)
    assert zhengfen.AgentSpec(guided.spec) == guided


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ('learned(model="open)', "without its closing"),
        ('learned(model="a"b)', "text after a quoted value"),
        ('learned(model=a"b)', "outside a quoted value"),
        ('learned(model="")', "model must name a file"),
        ("learned(model=a,b)", "'b' is not name=value"),
    ],
)
def test_a_bad_quote_is_an_argument_error(spec: str, message: str) -> None:
    with pytest.raises(zhengfen.ArgumentError, match=message):
        zhengfen.AgentSpec(spec)
    with pytest.raises(zhengfen.ArgumentError, match=message):
        make_agent(spec)


def odd_model(tmp_path: Path) -> Path:
    """A copy of the test model in a folder whose name holds a comma, blanks and parentheses."""
    path = tmp_path / "runs a,b (1)" / "model.safetensors"
    path.parent.mkdir()
    shutil.copy(ZF4, path)
    return path


def test_the_arena_and_play_command_lines_take_a_quoted_path(tmp_path: Path) -> None:
    """``--agents`` is cut at the commas outside quotes, so a quoted path is one agent; its
    canonical spec (quoted) names it in the report; ``zhengfen play`` takes it too."""
    path = odd_model(tmp_path)
    spec = f'learned(model="{path}")'
    guided = f'ismcts(iterations=4,policy=learned(model="{path}"))'
    done = zhengfen_cmd(
        *("arena", "--agents", f"{spec}, {guided},greedy", "--deals", "2"),
        *("--matches", "1", "--no-progress"),
    )
    assert done.returncode == 0, done.stderr
    assert spec in done.stdout and zhengfen.canonical_spec(guided) in done.stdout
    played = zhengfen_cmd(
        *("play", "--opponents", f"{spec},greedy,{spec}", "--hint", spec, "--seed", "3"),
        stdin="hint\nquit\n",
    )
    assert played.returncode == 0, played.stderr
    assert "learned(model.safetensors)" in played.stdout


@pytest.mark.parametrize("command", ["arena", "play"])
def test_a_bad_spec_on_the_command_line_is_one_line_and_status_2(command: str) -> None:
    option = "--agents" if command == "arena" else "--opponents"
    done = zhengfen_cmd(command, option, 'learned(model="open),greedy', stdin="quit\n")
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "agent spec" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_the_web_reads_each_spec_once_for_the_server() -> None:
    """A web request's agents are read once, at the web's edge: each of two tournaments naming
    two (not canonical) specs for four seats reads each text once, and the games read none."""
    pytest.importorskip("starlette")
    import time

    from starlette.testclient import TestClient

    from zhengfen.web.app import create_app

    agents = ["search(candidates=5,determinizations=3)", "ismcts(iterations=37,candidates=3)"]
    body = {"game": "zheng_fen", "players": 4, "agents": agents, "deals": 1, "seed": 5}
    with TestClient(create_app(), base_url="http://127.0.0.1:8000") as client, reads(4):
        for _ in range(2):
            answer = client.post("/api/tournaments", json=body)
            assert answer.status_code == 201, answer.text
            key = answer.json()["id"]
            for _ in range(600):
                status = client.get(f"/api/tournaments/{key}").json()
                if status["done"]:
                    break
                time.sleep(0.05)
            assert status["done"] and status["error"] is None, status
