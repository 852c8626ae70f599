"""Agents typed end to end (issue 48 §1): the built-in agents made from typed settings
(:meth:`zhengfen.AgentSpec.search`, :meth:`zhengfen.AgentSpec.ismcts`: no spec text written for
the core to read again), a user's class read once into a :class:`zhengfen.agents.UserClass`,
one function naming an agent for people (:func:`zhengfen.agents.agent_label`), and the guards
that hold it: no spec text formatted in ``agents/builtin.py``, ``is_user_class`` called only at
the edges."""

from __future__ import annotations

import ast
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from zhengfen._core import _specs_read
from zhengfen.agents import (
    GreedyAgent,
    ISMCTSAgent,
    LearnedAgent,
    SearchAgent,
    UserClass,
    agent_label,
    make_agent,
    read_agent,
)

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "zhengfen"
ZF4 = Path(__file__).parent / "data" / "learned" / "zheng_fen_4.safetensors"
RULES = zhengfen.Rules.zheng_fen(players=4)

# The edges where an agent's name is told apart: the one reader of names and the command line.
USER_CLASS_EDGES = {"agents/user.py", "agents/specs.py", "cli/arguments.py"}


def python_files() -> list[Path]:
    """The package's, the benchmarks' and the examples' Python files."""
    folders = [PACKAGE, ROOT / "benches", ROOT / "examples"]
    return sorted(path for folder in folders for path in folder.rglob("*.py"))


def spec_text_built(tree: ast.AST) -> list[int]:
    """The lines where spec text is built from values: an f-string, a ``%`` or a ``+`` whose
    text opens a built-in agent's settings (``search(``, ``ismcts(``, ``learned(``), or an
    ``AgentSpec(...)`` given anything but a literal."""
    heads = ("search(", "ismcts(", "learned(")
    found = []
    for node in ast.walk(tree):
        texts = [c.value for c in ast.walk(node) if isinstance(c, ast.Constant)]
        opens = any(isinstance(t, str) and t.startswith(heads) for t in texts)
        joined = isinstance(node, ast.JoinedStr)
        added = isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add)
        made = isinstance(node, ast.Call) and _named(node.func, "AgentSpec")
        if (opens and (joined or added)) or (made and not _literal_argument(node)):
            found.append(getattr(node, "lineno", 0))
    return sorted(set(found))


def _literal_argument(call: ast.AST) -> bool:
    """Whether a call has no argument or a literal first one."""
    args = getattr(call, "args", [])
    return not args or isinstance(args[0], ast.Constant)


def _named(func: ast.expr, name: str) -> bool:
    return (isinstance(func, ast.Name) and func.id == name) or (
        isinstance(func, ast.Attribute) and func.attr == name
    )


def test_builtin_agents_format_no_spec_text() -> None:
    """The guard: ``agents/builtin.py`` builds no spec text for the core to parse again (on the
    code before issue 48 it finds ``SearchAgent``'s and ``ISMCTSAgent``'s f-strings)."""
    tree = ast.parse((PACKAGE / "agents" / "builtin.py").read_text())
    assert spec_text_built(tree) == []


def test_the_guard_finds_spec_text_built_from_values() -> None:
    old = 'AgentSpec(f"search(determinizations={d},candidates={c})")\n'
    joined = 'settings = ",".join(parts)\nAgentSpec(f"ismcts({settings})")\n'
    assert spec_text_built(ast.parse(old)) == [1]
    assert spec_text_built(ast.parse(joined)) == [2]
    assert spec_text_built(ast.parse('"search(" + text + ")"')) == [1]
    assert spec_text_built(ast.parse('AgentSpec("greedy")\nAgentSpec.search(2, 3)')) == []


def is_user_class_callers(path: Path) -> list[int]:
    """Lines of ``path`` that use the name ``is_user_class`` (a call, or a reference)."""
    tree = ast.parse(path.read_text())
    return [
        node.lineno
        for node in ast.walk(tree)
        if (isinstance(node, ast.Name) and node.id == "is_user_class")
        or (isinstance(node, ast.Attribute) and node.attr == "is_user_class")
    ]


def test_is_user_class_is_called_only_at_the_edges() -> None:
    """The guard: past the edges a user's class is a ``UserClass`` (on the code before issue 48
    it finds ``train/command.py`` and ``benches/ladder.py``)."""
    users = {
        path.relative_to(PACKAGE).as_posix() if path.is_relative_to(PACKAGE) else path.name
        for path in python_files()
        if is_user_class_callers(path)
    }
    assert users <= USER_CLASS_EDGES, sorted(users - USER_CLASS_EDGES)


# -- the typed constructors ------------------------------------------------------------------


def test_search_from_numbers_is_the_spec_of_them_and_reads_nothing() -> None:
    before = _specs_read()
    made = zhengfen.AgentSpec.search(determinizations=2, candidates=3)
    agent = SearchAgent(4, 5, seed=1)
    greedy = (zhengfen.AgentSpec.greedy(), zhengfen.AgentSpec.random(), GreedyAgent())
    ismcts = ISMCTSAgent(iterations=30, exploration=1.5, playout="random", candidates=3)
    assert _specs_read() == before  # no spec text was read
    assert made == zhengfen.AgentSpec("search(determinizations=2,candidates=3)")
    assert agent.agent_spec == zhengfen.AgentSpec("search(determinizations=4,candidates=5)")
    assert [a.spec for a in greedy] == ["greedy", "random", "greedy"]
    wanted = "ismcts(iterations=30,playout=random,exploration=1.5,candidates=3)"
    assert ismcts.spec == wanted and ismcts.agent_spec == zhengfen.AgentSpec(wanted)


ISMCTS_KEYS: dict[str, list[Any]] = {
    "iterations": [None, 1, 7, 1_000_000],
    "playout": [None, "random", "greedy"],
    "exploration": [None, 0.0, 0.25, 2, 100.0],
    "candidates": [None, 1, 9, 10_000],
    "policy": [None, "greedy"],
    "declare": [None, 0, 50, 1_000_000],
}


def test_ismcts_from_values_equals_the_spec_written_from_them() -> None:
    """The invariant, over random settings: the typed constructor makes the agent the spec
    with the same settings reads as (defaults filled in the same way)."""
    draw = random.Random(48)
    for _ in range(200):
        given = {key: draw.choice(values) for key, values in ISMCTS_KEYS.items()}
        written = ",".join(f"{k}={v}" for k, v in given.items() if v is not None)
        made = zhengfen.AgentSpec.ismcts(**given)
        assert made == zhengfen.AgentSpec(f"ismcts({written})"), given
        assert zhengfen.AgentSpec(made.spec) == made


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: zhengfen.AgentSpec.search(determinizations=0), "determinizations must be an"),
        (lambda: zhengfen.AgentSpec.search(candidates=10_001), "candidates must be an integer"),
        (lambda: zhengfen.AgentSpec.search(-5), "from 1 to 10000, not -5"),
        (lambda: zhengfen.AgentSpec.search(2**70), "from 1 to 10000, not 1180591620717411303424"),
        (lambda: zhengfen.AgentSpec.ismcts(iterations=0), "iterations must be an integer from 1"),
        (lambda: zhengfen.AgentSpec.ismcts(exploration=float("nan")), "exploration must be"),
        (lambda: zhengfen.AgentSpec.ismcts(exploration=-0.5), "from 0 to 100, not -0.5"),
        (lambda: zhengfen.AgentSpec.ismcts(candidates=0), "candidates must be an integer from 1"),
        (lambda: zhengfen.AgentSpec.ismcts(playout="clever"), "must be random, greedy"),
        (lambda: zhengfen.AgentSpec.ismcts(playout="value"), "give policy=learned"),
        (lambda: zhengfen.AgentSpec.ismcts(policy="clever"), "policy must be greedy, learned"),
        (lambda: zhengfen.AgentSpec.ismcts(declare=-1), "declare must be an integer from 0"),
        (lambda: ISMCTSAgent(declare=1_000_001), "from 0 to 1000000, not 1000001"),
        (lambda: SearchAgent(determinizations=0), "determinizations must be an integer"),
        (lambda: ISMCTSAgent(iterations=-1), "iterations must be an integer from 1 to 1000000"),
    ],
)
def test_settings_out_of_range_are_argument_errors(make: Any, message: str) -> None:
    with pytest.raises(zhengfen.ArgumentError, match=message):
        make()


def test_a_setting_of_the_wrong_type_is_an_argument_type_error() -> None:
    with pytest.raises(zhengfen.ArgumentTypeError, match="determinizations must be an integer"):
        zhengfen.AgentSpec.search(True)
    with pytest.raises(zhengfen.ArgumentTypeError, match="exploration must be a number"):
        zhengfen.AgentSpec.ismcts(exploration="0.5")  # type: ignore[arg-type]
    with pytest.raises(zhengfen.ArgumentTypeError, match="policy must be"):
        zhengfen.AgentSpec.ismcts(policy=zhengfen.AgentSpec.greedy())
    with pytest.raises(zhengfen.ArgumentTypeError, match="policy must be"):
        zhengfen.AgentSpec.ismcts(policy=3)  # type: ignore[arg-type]


def test_a_learned_policy_is_given_as_a_value() -> None:
    """A learned policy as a name, a learned agent's ``AgentSpec`` or a ``LearnedModel``: the
    same agent as the spec naming it, the model read once (by ``AgentSpec.learned``)."""
    by_file = zhengfen.AgentSpec.learned(ZF4)
    before = _specs_read()
    guided = zhengfen.AgentSpec.ismcts(iterations=20, policy=by_file)
    assert _specs_read() == before
    assert guided == zhengfen.AgentSpec(f"ismcts(iterations=20,policy=learned(model={ZF4}))")
    assert guided.model is not None and guided.model_file == str(ZF4)
    model = by_file.model
    assert model is not None
    from_model = zhengfen.AgentSpec.ismcts(iterations=20, policy=model)
    assert from_model.model_file is None and from_model.model is not None
    assert from_model.model.to_bytes() == model.to_bytes()
    shipped = zhengfen.AgentSpec.ismcts(policy="learned")
    assert shipped == zhengfen.AgentSpec("ismcts(policy=learned)")
    assert shipped.settings[0] == ("iterations", "200")  # the learned policy's defaults
    searcher = ISMCTSAgent(policy=by_file, playout="learned")
    assert searcher.model is not None and searcher.agent_spec.model_file == str(ZF4)


def test_typed_agents_pickle_and_play_as_their_specs() -> None:
    made = zhengfen.AgentSpec.ismcts(iterations=12, candidates=3)
    assert pickle.loads(pickle.dumps(made)) == made
    read = zhengfen.AgentSpec(made.spec)
    played = zhengfen.rollouts(RULES, [made, "greedy", read, "random"], 2, 7, matches=1)
    again = zhengfen.rollouts(RULES, [read, "greedy", made, "random"], 2, 7, matches=1)
    assert played["points"].tolist() == again["points"].tolist()


# -- a user's class ---------------------------------------------------------------------------


def test_a_users_class_is_read_once_into_a_user_class() -> None:
    read = read_agent(" user_agents : LowestFirst ")
    assert read == UserClass("user_agents", "LowestFirst")
    assert str(read) == agent_label(read) == "user_agents:LowestFirst"
    assert read_agent(read) is read
    assert pickle.loads(pickle.dumps(read)) == read
    agent = make_agent(read, seed=3)
    assert type(agent).__name__ == "LowestFirst"
    seeded = make_agent(UserClass("user_agents", "SeededRandom"), seed=9)
    assert getattr(seeded, "seed", None) == 9


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("mine:", "expected module:Class"),
        (":Agent", "expected module:Class"),
        ("user_agents:NoSuchAgent", "cannot load agent"),
        ("user_agents:not_a_class", "is not a class"),
    ],
)
def test_a_bad_users_class_is_an_argument_error(text: str, message: str) -> None:
    with pytest.raises(zhengfen.ArgumentError, match=message):
        make_agent(read_agent(text))


def test_user_class_refuses_empty_or_padded_parts() -> None:
    for module, name in [("", "A"), ("m", ""), (" m", "A"), ("m", "A ")]:
        with pytest.raises(zhengfen.ArgumentError, match="expected module:Class"):
            UserClass(module, name)


# -- names ------------------------------------------------------------------------------------


def test_one_function_names_every_agent() -> None:
    learned = zhengfen.AgentSpec.learned(ZF4)
    bot = read_agent('process(cmd="./bot")')
    assert isinstance(bot, zhengfen.bots.BotSpec)
    assert agent_label(learned) == learned.spec == f"learned(model={ZF4})"
    assert agent_label(LearnedAgent(learned)) == learned.spec
    assert agent_label(bot) == bot.spec
    assert agent_label(SearchAgent(2)) == "search(determinizations=2,candidates=8)"
    assert agent_label(object()) == "object"


def test_the_old_names_warn_and_still_answer() -> None:
    from zhengfen.agents import agent_name

    with pytest.warns(DeprecationWarning, match="agent_label"):
        assert agent_name(GreedyAgent()) == "greedy"
    with pytest.warns(DeprecationWarning, match="canonical_spec"):
        assert zhengfen.agent_spec("search") == zhengfen.canonical_spec("search")
