"""IS-MCTS guided by a learned model from Python (AI.md §4.1, §7): the spec
``ismcts(policy=learned(model=PATH))`` and the class, legal and seeded play with each learned
playout, the same results on any number of threads, choices that depend only on what the seat
sees, a model for other rules refused before any game, bad settings refused, and Ctrl-C. The
search itself is tested in Rust (``rust/zhengfen-core/tests/ismcts_learned.rs``)."""

from __future__ import annotations

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
from zhengfen.agents import ISMCTSAgent, make_agent, play_game

DATA = Path(__file__).parent / "data" / "learned"
ZF4_MODEL = DATA / "zheng_fen_4.safetensors"
ZCY_MODEL = DATA / "zen_cheng_you_4.safetensors"
ZF4 = zhengfen.Rules.zheng_fen(players=4)
ZCY = zhengfen.Rules.zen_cheng_you()
PLAYOUTS = ("greedy", "learned", "value")


def small(model: Path, playout: str, iterations: int = 10) -> str:
    settings = f"iterations={iterations},candidates=4,playout={playout}"
    return f"ismcts({settings},policy=learned(model={model}))"


def test_the_spec_and_the_class_agree_and_round_trip() -> None:
    spec = zhengfen.canonical_spec(f"ismcts(policy=learned(model={ZF4_MODEL}))")
    assert re.fullmatch(
        rf"ismcts\(iterations=\d+,playout=\w+,exploration=0\.7,candidates=8,"
        rf"policy=learned\(model={re.escape(str(ZF4_MODEL))}\)\)",
        spec,
    ), spec
    assert zhengfen.canonical_spec(spec) == spec
    assert ISMCTSAgent(policy=f"learned(model={ZF4_MODEL})").spec == spec
    agent = make_agent(small(ZF4_MODEL, "value"), seed=2)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.spec == zhengfen.canonical_spec(small(ZF4_MODEL, "value"))
    assert (
        ISMCTSAgent(
            iterations=10, candidates=4, playout="value", policy=f"learned(model={ZF4_MODEL})"
        ).spec
        == agent.spec
    )
    # The greedy policy's spec is unchanged by the new setting.
    assert zhengfen.canonical_spec("ismcts(policy=greedy)") == zhengfen.canonical_spec("ismcts")
    assert "policy" not in ISMCTSAgent().spec


@pytest.mark.parametrize(
    "bad",
    [
        "ismcts(playout=value)",
        "ismcts(playout=learned)",
        "ismcts(policy=search)",
        f"ismcts(policy=learned(model={ZF4_MODEL},x=1))",
        "ismcts(policy=learned(model=))",
        "ismcts(policy=greedy,policy=learned)",
        f"ismcts(policy=learned(model={ZF4_MODEL}),candidates=0)",
        "ismcts(policy=learned(model=a)",
    ],
)
def test_bad_settings_are_refused(bad: str) -> None:
    with pytest.raises(zhengfen.ArgumentError, match=r"agent spec '"):
        zhengfen.canonical_spec(bad)
    with pytest.raises(zhengfen.ArgumentError):
        make_agent(bad)


def test_a_missing_model_file_is_a_model_error() -> None:
    with pytest.raises(zhengfen.ModelError, match="no_such"):
        zhengfen.canonical_spec("ismcts(policy=learned(model=/no_such.safetensors))")


@pytest.mark.parametrize("playout", PLAYOUTS)
def test_it_plays_legal_seeded_matches(playout: str) -> None:
    for rules, model in ((ZF4, ZF4_MODEL), (ZCY, ZCY_MODEL)):
        spec = small(model, playout, iterations=6)
        games = [
            play_game(
                zhengfen.Game(rules, 3),
                [make_agent(spec, seed=s) for s in range(rules.players)],
                matches=1,
            )  # play_game() checks every move
            for _ in range(2)
        ]
        assert games[0].match_over
        assert games[0].decisions == games[1].decisions


def test_rollouts_do_not_depend_on_threads() -> None:
    def run(threads: int) -> zhengfen.types.RolloutResult:
        agents = [small(ZF4_MODEL, "value", 8), "greedy"] * 2
        return zhengfen.rollouts(ZF4, agents, 3, seed=4, duplicate=True, matches=1, threads=threads)

    one, two = run(1), run(2)
    for key in ("points", "decisions", "seating"):
        np.testing.assert_array_equal(one[key], two[key])


def test_its_choice_depends_only_on_what_the_seat_sees() -> None:
    assert_choice_depends_only_on_what_the_seat_sees(small(ZF4_MODEL, "value", 20))


def test_a_model_for_other_rules_is_refused_before_any_game() -> None:
    spec = small(ZCY_MODEL, "value")
    assert_a_model_for_other_rules_is_refused(spec)
    with pytest.raises(zhengfen.ModelError):
        zhengfen.VecGame(ZF4, 2, agents=[None, spec, None, spec])


def test_a_web_request_cannot_name_a_model_file_inside_settings() -> None:
    from zhengfen.web.inputs import InputError, agent

    for name in (small(ZF4_MODEL, "value"), "ismcts(policy = learned (model=/etc/passwd))"):
        with pytest.raises(InputError, match="model files cannot be named here"):
            agent(name)


def test_ctrl_c_stops_a_long_choice() -> None:
    took, out, err = run_and_interrupt(
        "game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), 1)\n"
        "game.info_set(game.current_player).choose("
        f"'ismcts(iterations=1000000,policy=learned(model={ZF4_MODEL}))')"
    )
    assert "KeyboardInterrupt" in out, (out, err)
    assert "finished" not in out
    assert "panicked" not in err and "Traceback" not in err
    assert took < 3, f"took {took:.1f} s to stop"


def test_the_arena_plays_it_and_refuses_a_model_for_other_rules_in_one_line(
    tmp_path: Path,
) -> None:
    from test_cli import zhengfen_cmd

    agents = f"{small(ZF4_MODEL, 'value', 4)},greedy"
    played = zhengfen_cmd("arena", "--agents", agents, "--deals", "1", "--no-progress")
    assert played.returncode == 0, played.stderr
    assert zhengfen.canonical_spec(small(ZF4_MODEL, "value", 4)) in played.stdout
    log = tmp_path / "log.jsonl"
    refused = zhengfen_cmd(
        "arena", "--agents", f"{small(ZCY_MODEL, 'value')},greedy", "--log", str(log)
    )
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.count("\n") == 1 and "zen_cheng_you" in refused.stderr
    assert "Traceback" not in refused.stderr and not log.exists()
