"""The IS-MCTS agent from Python (AI.md §4): its spec and class, legal and seeded play in every
rule set, the same results on any number of threads, choices that depend only on what the seat
sees, and Ctrl-C. Its search itself is tested in Rust (``rust/zhengfen-core/tests/ismcts.rs``).
"""

from __future__ import annotations

import numpy as np
import pytest

import zhengfen
from searching_agents import assert_choice_depends_only_on_what_the_seat_sees
from test_hardening_core import run_and_interrupt
from zhengfen.agents import ISMCTSAgent, make_agent, play_game

ZF4 = zhengfen.Rules.zheng_fen(players=4)
ZCY = zhengfen.Rules.zen_cheng_you()
SMALL = "ismcts(iterations=20,playout=greedy,exploration=0.7,candidates=4)"
DEFAULT = "ismcts(iterations=1000,playout=greedy,exploration=0.7,candidates=8)"


def test_the_spec_and_the_class_agree() -> None:
    assert zhengfen.canonical_spec("ismcts") == DEFAULT
    assert ISMCTSAgent().spec == DEFAULT
    agent = make_agent("ismcts(candidates=4, iterations=20)", seed=3)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.spec == SMALL == ISMCTSAgent(iterations=20, candidates=4).spec
    spec = ISMCTSAgent(iterations=5, playout="random", exploration=1e-5, candidates=2).spec
    assert spec == "ismcts(iterations=5,playout=random,exploration=0.00001,candidates=2)"
    assert zhengfen.canonical_spec(spec) == spec


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts(iterations=0)",
        "ismcts(exploration=-1)",
        "ismcts(exploration=nan)",
        "ismcts(playout=search)",
        "ismcts(candidates=10001)",
        "ismcts(width=2)",
        "ismcts(iterations)",
    ],
)
def test_bad_specs_are_refused_everywhere(spec: str) -> None:
    for use in (
        lambda: zhengfen.canonical_spec(spec),
        lambda: make_agent(spec),
        lambda: zhengfen.rollouts(ZF4, [spec] + ["greedy"] * 3, 1),
        lambda: zhengfen.Game(ZF4, 1).info_set(0).choose(spec),
    ):
        with pytest.raises(zhengfen.ArgumentError, match=r"agent spec 'ismcts\("):
            use()
    with pytest.raises(zhengfen.ArgumentError):
        ISMCTSAgent(iterations=-1)


@pytest.mark.parametrize(
    "rules",
    [zhengfen.Rules.zheng_fen(players=p) for p in (3, 4, 5, 6)] + [ZCY],
    ids=["zf3", "zf4", "zf5", "zf6", "zcy"],
)
def test_it_plays_legal_seeded_matches(rules: zhengfen.Rules) -> None:
    def table() -> list[ISMCTSAgent]:
        return [ISMCTSAgent(iterations=12, candidates=4, seed=s) for s in range(rules.players)]

    game = play_game(zhengfen.Game(rules, 5), table(), matches=1)  # play_game() checks every move
    assert game.match_over
    again = play_game(zhengfen.Game(rules, 5), table(), matches=1)
    assert again.decisions == game.decisions


def test_rollouts_with_ismcts_do_not_depend_on_threads() -> None:
    def run(threads: int) -> zhengfen.types.RolloutResult:
        return zhengfen.rollouts(
            ZF4, [SMALL, "greedy"] * 2, 3, seed=4, duplicate=True, matches=1, threads=threads
        )

    one, two = run(1), run(2)
    for key in ("points", "decisions", "seating"):
        np.testing.assert_array_equal(one[key], two[key])


def test_its_choice_depends_only_on_what_the_seat_sees() -> None:
    """Two games the seat cannot tell apart (two resamples of one game from its view) get the
    same choice from the same seed, though the other hands differ."""
    assert_choice_depends_only_on_what_the_seat_sees("ismcts(iterations=40)", (ZCY, ZF4), 6, 4)


def test_ctrl_c_stops_a_long_choice() -> None:
    took, out, err = run_and_interrupt(
        "game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), 1)\n"
        "game.info_set(game.current_player).choose('ismcts(iterations=1000000)')"
    )
    assert "KeyboardInterrupt" in out, (out, err)
    assert "finished" not in out
    assert "panicked" not in err and "Traceback" not in err
    assert took < 3, f"took {took:.1f} s to stop"
