"""The SPARTA agent from Python (AI.md §4.2): the spec ``sparta(...)``, the typed constructor
``AgentSpec.sparta`` and the class agree and round-trip, bad settings are refused with the
project's errors, the same games on 1 and 2 threads (issue 47's determinism over threads),
choices that depend only on what the seat sees, a model for other rules refused, and Ctrl-C.
The search itself is tested in Rust (``rust/zhengfen-core/src/agents/sparta/tests.rs``)."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import numpy as np
import pytest

import zhengfen
from searching_agents import (
    assert_a_model_for_other_rules_is_refused,
    assert_choice_depends_only_on_what_the_seat_sees,
)
from test_hardening_core import run_and_interrupt
from zhengfen.agents import SpartaAgent, make_agent, play_game

DATA = Path(__file__).parent / "data" / "learned"
ZF4_MODEL = DATA / "zheng_fen_4.safetensors"
ZCY_MODEL = DATA / "zen_cheng_you_4.safetensors"
ZF4 = zhengfen.Rules.zheng_fen(players=4)
ZCY = zhengfen.Rules.zen_cheng_you()
DEFAULT = "sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,belief=0,policy=learned)"


def small(model: Path | None = None, budget: int = 60, tree: int = 0, belief: float = 0) -> str:
    policy = "learned" if model is None else f"learned(model={model})"
    settings = f"candidates=3,budget={budget},threshold=0,z=0.5,tree={tree},belief={belief:g}"
    return f"sparta({settings},policy={policy})"


def test_the_spec_the_constructor_and_the_class_agree_and_round_trip() -> None:
    assert zhengfen.canonical_spec("sparta") == DEFAULT
    assert zhengfen.canonical_spec(DEFAULT) == DEFAULT
    assert zhengfen.AgentSpec.sparta() == zhengfen.AgentSpec("sparta")
    assert SpartaAgent().spec == DEFAULT
    typed = zhengfen.AgentSpec.sparta(3, 60, 0, 0.5, policy=f"learned(model={ZF4_MODEL})")
    assert typed == zhengfen.AgentSpec(small(ZF4_MODEL))
    assert typed.spec == small(ZF4_MODEL) and typed.model_file == str(ZF4_MODEL)
    assert typed.name == "sparta" and typed.model is not None
    assert dict(typed.settings)["budget"] == "60"
    for spec in (typed, zhengfen.AgentSpec.sparta(budget=5, policy="greedy")):
        assert pickle.loads(pickle.dumps(spec)) == spec
    from_model = zhengfen.AgentSpec.sparta(policy=zhengfen.LearnedModel.load(ZF4_MODEL))
    assert from_model.spec.startswith(DEFAULT.removesuffix(")")) and from_model.model is not None
    agent = make_agent(small(), seed=2)
    assert isinstance(agent, SpartaAgent)
    assert repr(agent) == (
        "SpartaAgent(candidates=3, budget=60, threshold=0, z=0.5, tree=0, belief=0, "
        "policy='learned', seed=2)"
    )


def test_the_tree_setting_round_trips_through_the_spec_the_constructor_and_the_class() -> None:
    spec = small(tree=40)
    assert zhengfen.canonical_spec(spec) == spec
    assert zhengfen.canonical_spec("sparta(tree=40)") == DEFAULT.replace("tree=0", "tree=40")
    typed = zhengfen.AgentSpec.sparta(3, 60, 0, 0.5, tree=40)
    assert typed == zhengfen.AgentSpec(small(tree=40)) != zhengfen.AgentSpec(small())
    assert dict(typed.settings)["tree"] == "40"
    assert pickle.loads(pickle.dumps(typed)) == typed
    agent = SpartaAgent(candidates=3, budget=60, threshold=0, z=0.5, tree=40)
    assert agent.spec == spec and "z=0.5, tree=40, belief=0, policy='learned'" in repr(agent)


def test_the_belief_setting_round_trips_through_the_spec_the_constructor_and_the_class() -> None:
    spec = small(belief=37.5)
    assert zhengfen.canonical_spec(spec) == spec
    assert zhengfen.canonical_spec("sparta(belief=50)") == DEFAULT.replace("belief=0", "belief=50")
    typed = zhengfen.AgentSpec.sparta(3, 60, 0, 0.5, belief=37.5)
    assert typed == zhengfen.AgentSpec(spec) != zhengfen.AgentSpec(small())
    assert dict(typed.settings)["belief"] == "37.5"
    assert pickle.loads(pickle.dumps(typed)) == typed
    agent = SpartaAgent(candidates=3, budget=60, threshold=0, z=0.5, belief=37.5)
    assert agent.spec == spec and "belief=37.5" in repr(agent)


@pytest.mark.parametrize(
    "bad",
    [
        "sparta(worlds=3)",
        "sparta(budget=0)",
        "sparta(budget=10000001)",
        "sparta(candidates=0)",
        "sparta(threshold=-1)",
        "sparta(z=nan)",
        "sparta(tree=-1)",
        "sparta(tree=1000001)",
        "sparta(tree=2.5)",
        "sparta(policy=search)",
        "sparta(z=1,z=1)",
        "sparta(policy=learned(model=))",
        "sparta(belief=-1)",
        "sparta(belief=1000.5)",
        "sparta(belief=inf)",
        "sparta(belief=5,policy=greedy)",
    ],
)
def test_bad_specs_are_refused(bad: str) -> None:
    with pytest.raises(zhengfen.ArgumentError, match=r"agent spec '"):
        zhengfen.canonical_spec(bad)
    with pytest.raises(zhengfen.ArgumentError):
        make_agent(bad)


def test_minus_zero_is_the_same_agent_as_zero() -> None:
    """``-0`` reads as ``0`` in a spec and from Python, so a league counts one agent."""
    for setting in ("belief", "z", "threshold"):
        zero = zhengfen.AgentSpec(f"sparta({setting}=0)")
        assert zhengfen.AgentSpec(f"sparta({setting}=-0)") == zero
        typed = zhengfen.AgentSpec.sparta(**{setting: -0.0})  # type: ignore[arg-type]
        assert typed == zero and hash(typed) == hash(zero)
    assert zhengfen.canonical_spec("ismcts(exploration=-0)") == zhengfen.canonical_spec(
        "ismcts(exploration=0)"
    )


def test_bad_typed_settings_are_refused() -> None:
    with pytest.raises(zhengfen.ArgumentError, match="budget"):
        zhengfen.AgentSpec.sparta(budget=0)
    with pytest.raises(zhengfen.ArgumentError, match="z"):
        SpartaAgent(z=-0.5)
    with pytest.raises(zhengfen.ArgumentError, match="tree"):
        zhengfen.AgentSpec.sparta(tree=1_000_001)
    with pytest.raises(zhengfen.ArgumentError, match="tree"):
        SpartaAgent(tree=-1)
    with pytest.raises(zhengfen.ArgumentError, match="belief must be a number from 0 to 1000"):
        SpartaAgent(belief=-1)
    with pytest.raises(zhengfen.ArgumentError, match="belief needs a learned policy"):
        zhengfen.AgentSpec.sparta(belief=10, policy="greedy")
    with pytest.raises(zhengfen.ArgumentError, match=r"sparta\(policy=random\)"):
        zhengfen.AgentSpec.sparta(policy="random")
    with pytest.raises(zhengfen.ArgumentTypeError):
        zhengfen.AgentSpec.sparta(candidates="4")  # type: ignore[arg-type]
    with pytest.raises(zhengfen.ModelError, match="no_such"):
        zhengfen.AgentSpec.sparta(policy="learned(model=/no_such.safetensors)")


def test_it_plays_legal_seeded_matches_in_both_games() -> None:
    for rules in (ZF4, ZCY):
        games = [
            play_game(
                zhengfen.Game(rules, 3),
                [make_agent(small(), seed=s) for s in range(rules.players)],
                matches=1,
            )  # play_game() checks every move
            for _ in range(2)
        ]
        assert games[0].match_over
        assert games[0].decisions == games[1].decisions


@pytest.mark.parametrize(("tree", "belief"), [(0, 0), (8, 0), (0, 20)])
def test_rollouts_do_not_depend_on_threads(tree: int, belief: float) -> None:
    for rules in (ZF4, ZCY):

        def run(threads: int, rules: zhengfen.Rules = rules) -> zhengfen.types.RolloutResult:
            agents = [small(tree=tree, belief=belief), "learned"] * 2
            return zhengfen.rollouts(
                rules, agents, 3, seed=4, duplicate=True, matches=1, threads=threads
            )

        one, two = run(1), run(2)
        for key in ("points", "decisions", "seating"):
            np.testing.assert_array_equal(one[key], two[key])


@pytest.mark.parametrize("belief", [0, 20])
def test_its_choice_depends_only_on_what_the_seat_sees(belief: float) -> None:
    """With a belief too: the worlds it weighs are drawn from the view, and each world's weight
    reads only that world's hands."""
    assert_choice_depends_only_on_what_the_seat_sees(small(budget=200, belief=belief))


def test_a_model_for_other_rules_is_refused_before_any_game() -> None:
    spec = small(ZCY_MODEL)
    assert_a_model_for_other_rules_is_refused(spec)


def test_the_command_line_refuses_a_bad_spec_in_one_line() -> None:
    from test_cli import zhengfen_cmd

    refused = zhengfen_cmd("arena", "--agents", "sparta(budget=0),greedy", "--deals", "1")
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.count("\n") == 1 and "budget must be 1 to" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_web_request_cannot_name_a_model_file_inside_settings() -> None:
    from zhengfen.web.inputs import InputError, agent

    with pytest.raises(InputError, match="model files cannot be named here"):
        agent(small(ZF4_MODEL))


@pytest.mark.parametrize("settings", ["budget=10000000", "tree=1000000,budget=1"])
def test_ctrl_c_stops_a_long_choice(settings: str) -> None:
    """In the rollouts, and in the tree search that runs before them."""
    took, out, err = run_and_interrupt(
        "game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), 1)\n"
        f"game.info_set(game.current_player).choose('sparta({settings})')"
    )
    assert "KeyboardInterrupt" in out, (out, err)
    assert "finished" not in out
    assert "panicked" not in err and "Traceback" not in err
    assert took < 3, f"took {took:.1f} s to stop"


def test_the_documents_name_every_setting_of_sparta() -> None:
    """Every spec form or typed call of ``sparta`` the user documents write names ``tree`` and
    ``belief``, as the canonical spec does (issue 47's review: AI.md's ``AgentSpec.sparta(...)``
    and CHANGES.md's default spec were left without ``tree``; RESULTS.md keeps what was run
    then)."""
    root = Path(__file__).parents[1]
    documents = ["README.md", "AI.md", "CHANGES.md", "docs/commands.md"]
    documents.append("python/zhengfen/web/API.md")
    assert "tree=0,belief=0" in zhengfen.canonical_spec("sparta")
    forms = r"sparta\(candidates=[^)]*\)|AgentSpec\.sparta\([^)]*\)|SpartaAgent\([^)]*\)"
    stale = [
        (name, form)
        for name in documents
        for form in re.findall(forms, (root / name).read_text())
        if ("tree" not in form or "belief" not in form)
        and "candidates=0" not in form
        and "..." not in form  # one setting shown, not the whole spec
    ]
    assert not stale, stale
