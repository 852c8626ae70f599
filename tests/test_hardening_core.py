"""Issue 10 §1: a game's length is bounded, long Rust work stops on Ctrl-C, memory is estimated
honestly (RULES.md §3.5, AI.md "Long calls, Ctrl-C and memory").

The bounds: ``target`` is 1 to 10,000 in both implementations; the batch paths (rollouts,
``VecGame`` episodes of a whole game) cut a game short after its match limit, twice the tie-free
bound plus 50 matches.
"""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import textwrap
import time
from types import ModuleType

import pytest

import zhengfen
from zhengfen.errors import ArgumentError, RulesError

MAX_TARGET = 10_000


def match_limit(rules: zhengfen.Rules) -> int:
    """RULES.md §3.5: twice the tie-free bound on a game's matches, plus 50."""
    if rules.game == "zheng_fen":
        bound = math.ceil(rules.players * rules.target / 100)
    else:
        bound = math.ceil(2 * rules.target / 200)
    return 2 * bound + 50


# --- the bound on target, in both implementations -------------------------------------------


@pytest.mark.parametrize("preset", ["zheng_fen", "zen_cheng_you"])
def test_target_is_accepted_up_to_the_bound(impl: ModuleType, preset: str) -> None:
    make = getattr(impl.Rules, preset)
    assert make(target=MAX_TARGET).target == MAX_TARGET
    assert make(target=1).target == 1


@pytest.mark.parametrize("preset", ["zheng_fen", "zen_cheng_you"])
@pytest.mark.parametrize("target", [MAX_TARGET + 1, 2**32 - 1, 2**32, 2**63 - 1, 0, -1])
def test_target_past_the_bound_is_a_rules_error(impl: ModuleType, preset: str, target: int) -> None:
    make = getattr(impl.Rules, preset)
    with pytest.raises(RulesError, match=r"target.*1 to 10000"):
        make(target=target)


def test_the_reference_states_the_same_bound() -> None:
    from zhengfen.reference import rules as reference_rules

    assert reference_rules.MAX_TARGET == MAX_TARGET


# --- the match limit of the batch paths ------------------------------------------------------


def test_the_issue_reproducer_now_refuses_at_once() -> None:
    start = time.monotonic()
    with pytest.raises(RulesError, match="target"):
        zhengfen.rollouts(zhengfen.Rules.zheng_fen(target=2**32 - 1), ["random"] * 4, 1)
    assert time.monotonic() - start < 1


def test_a_game_at_the_highest_target_ends_within_its_limit() -> None:
    rules = zhengfen.Rules.zheng_fen(6, target=MAX_TARGET)
    out = zhengfen.rollouts(rules, ["greedy"] * 6, 1)
    # A seat gains at most 100 a match; without a tie at the top the game ends by match 600
    # (RULES.md §3.5), well inside the limit.
    assert MAX_TARGET // 100 <= out["matches"][0] <= 600 < match_limit(rules) == 1250
    assert out["won"][0].sum() >= 1
    assert out["points"][0].max() >= MAX_TARGET


def test_random_zen_cheng_you_games_are_cut_short_at_the_limit() -> None:
    # Random play loses points on declarations: many games would never reach the target.
    rules = zhengfen.Rules.zen_cheng_you()
    limit = match_limit(rules)
    out = zhengfen.rollouts(rules, ["random"] * 4, 12, seed=3, threads=2)
    matches, won = out["matches"], out["won"]
    assert (matches <= limit).all()
    winners = won.sum(axis=1)
    # A game with no winner was cut short at the limit; one with winners ended on its own.
    assert (matches[winners == 0] == limit).all()
    assert set(winners.tolist()) <= {0, 2}
    assert (winners == 0).any(), "expected some games cut short (seed 3)"


def test_rollouts_matches_past_the_limit_is_refused() -> None:
    rules = zhengfen.Rules.zheng_fen(3, target=100)
    limit = match_limit(rules)
    assert limit == 56
    out = zhengfen.rollouts(rules, ["random"] * 3, 2, matches=limit)
    assert (out["matches"] <= limit).all()
    with pytest.raises(ArgumentError, match=f"matches must be 1 to {limit}"):
        zhengfen.rollouts(rules, ["random"] * 3, 2, matches=limit + 1)


def test_vec_game_episodes_of_a_game_end_at_the_limit() -> None:
    # Random Zen Cheng You play often outlasts the limit (70 rounds at the default target).
    rules = zhengfen.Rules.zen_cheng_you()
    limit = match_limit(rules)
    batch = zhengfen.VecGame(
        rules, 1, 1, episode="game", agents=[None, "random", "random", "random"], history=0
    )
    lengths = []
    for step in range(100_000):
        game = batch.game(0)
        _, _, dones = batch.step(batch.agent_actions("random", step))
        if dones[0]:
            lengths.append(game.match_number + 1)
            if len(lengths) == 2:
                break
    assert all(matches <= limit for matches in lengths)
    # Seed 1's first episode (deal 0 since issue 13) is cut short at the limit.
    assert lengths[0] == limit, lengths


# --- memory: the honest estimate -------------------------------------------------------------


def test_a_batch_the_estimate_refuses_is_refused_up_front() -> None:
    rules = zhengfen.Rules.zen_cheng_you()
    start = time.monotonic()
    # Under 64 KiB a game (the old estimate) this batch fitted in 8 GiB; each of its games may
    # hold 70 rounds of logs.
    with pytest.raises(ValueError, match=r"MiB; at most 8192 MiB"):
        zhengfen.VecGame(rules, 40_000, episode="game")
    assert time.monotonic() - start < 1
    # One match a game: the same batch fits.
    batch = zhengfen.VecGame(rules, 2_000, episode="match", max_actions=8, history=0)
    assert len(batch) == 2_000


# --- Ctrl-C ----------------------------------------------------------------------------------

# A call that runs for minutes: search agents with the most settings.
HEAVY = "search(determinizations=10000,candidates=10000)"

CALLS = {
    "rollouts": f"zhengfen.rollouts(zhengfen.Rules.zheng_fen(), [{HEAVY!r}] * 4, 1)",
    "rollouts_threads": (
        f"zhengfen.rollouts(zhengfen.Rules.zheng_fen(), [{HEAVY!r}] * 4, 4, threads=2)"
    ),
    "many_rollouts": (
        "zhengfen.rollouts(zhengfen.Rules.zen_cheng_you(), ['random'] * 4, 1_000_000, threads=2)"
    ),
    "vec_game_step": (
        # Seed 3: the learner (seat 0) leads, so creating the batch does not search. The first
        # step (under a second) is played before 'ready': the signal, a second later, would
        # otherwise land about when it ends, and a step that ends before its next poll is not
        # interrupted (the KeyboardInterrupt is raised after it returns, the batch whole). The
        # second step searches for several seconds.
        "batch = zhengfen.VecGame(zhengfen.Rules.zheng_fen(), 1, 3, agents=[None] + "
        f"[{HEAVY!r}] * 3)\n"
        "batch.step(np.zeros(1, dtype=np.int64))\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    for _ in range(100):\n"
        "        batch.step(np.zeros(1, dtype=np.int64))\n"
        "except KeyboardInterrupt:\n"
        "    try:\n"
        "        batch.step(np.zeros(1, dtype=np.int64))\n"
        "    except zhengfen.errors.InvalidStateError as error:\n"
        "        print('refused:', error, flush=True)\n"
        "    raise\n"
    ),
    "agent_actions": (
        "batch = zhengfen.VecGame(zhengfen.Rules.zheng_fen(), 4, threads=2)\n"
        f"print('ready', flush=True)\nbatch.agent_actions({HEAVY!r})"
    ),
}


def run_and_interrupt(code: str) -> tuple[float, str, str]:
    """Runs ``code`` in a fresh interpreter, sends SIGINT 1 s after it says 'ready', and returns
    the seconds it took to end after the signal, its stdout and its stderr."""
    if "print('ready'" not in code:
        code = f"print('ready', flush=True)\n{code}"
    script = "\n".join(
        [
            "import numpy as np",
            "import zhengfen",
            "import zhengfen.errors",
            "try:",
            textwrap.indent(code, "    "),
            "except KeyboardInterrupt:",
            "    print('KeyboardInterrupt', flush=True)",
            "    raise SystemExit(3)",
            "print('finished', flush=True)",
        ]
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=20)
        return time.monotonic() - sent, out, err
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("call", sorted(CALLS))
def test_ctrl_c_stops_long_rust_work_promptly(call: str) -> None:
    took, out, err = run_and_interrupt(CALLS[call])
    assert "KeyboardInterrupt" in out, (out, err)
    assert "finished" not in out
    assert "panicked" not in err and "Traceback" not in err
    assert took < 3, f"took {took:.1f} s to stop"


def test_a_step_interrupted_part_way_is_refused_until_reset() -> None:
    _, out, err = run_and_interrupt(CALLS["vec_game_step"])
    assert "refused: the batch was interrupted during a step; call reset() first" in out, (
        out,
        err,
    )


def test_arena_refuses_a_target_past_the_bound_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "zhengfen", "arena", "--option", "target=4294967295"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "target must be an integer from 1 to 10000" in lines[0], lines
