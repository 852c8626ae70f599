"""The one rule for seating, seeding and playing the other seats (issue 11 §2): the core's
rule (``zhengfen.agents.seats``), the Python loop against ``rollouts``, ``VecGame`` and the
Gymnasium env, and agent specs read once, by the core."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zhengfen
from zhengfen import ArgumentError
from zhengfen.agents import RandomAgent, make_agent, play_seats, read_agent
from zhengfen.agents.seats import agent_seed, deal_seed, rotations, seating
from zhengfen.arena import Tournament, python_game, run, rust_chunk
from zhengfen.types import Move

ZF4 = zhengfen.Rules.zheng_fen(players=4)
ZF3 = zhengfen.Rules.zheng_fen(players=3)
ZCY = zhengfen.Rules.zen_cheng_you()
SMALL_SEARCH = "search(determinizations=1,candidates=2)"


def _tournament(rules: zhengfen.Rules, agents: tuple[str, ...], **settings: Any) -> Tournament:
    return Tournament(rules=rules, agents=tuple(map(read_agent, agents)), logs=True, **settings)


def _python_chunk(tournament: Tournament, first: int, count: int) -> list[Any]:
    return [
        python_game(tournament, deal, rotation)
        for deal in range(first, first + count)
        for rotation in range(tournament.rotations())
    ]


@pytest.mark.parametrize(
    ("rules", "agents"),
    [
        (ZF4, ("random", "greedy", "random", "greedy")),
        (ZF4, ("greedy", "random", "random", SMALL_SEARCH)),
        (ZF3, ("random", "random", "greedy")),
        (ZCY, ("random", "greedy", SMALL_SEARCH, "random")),
    ],
    ids=["zf4-alternating", "zf4-search", "zf3", "zcy"],
)
@pytest.mark.parametrize("duplicate", [True, False], ids=["duplicate", "single"])
@pytest.mark.parametrize("seed", [0, 11, 2**64 - 1])
def test_python_games_are_the_rollouts_games(
    rules: zhengfen.Rules, agents: tuple[str, ...], duplicate: bool, seed: int
) -> None:
    """Same seats, seeds, moves (the saved games, decision by decision), points and results."""
    tournament = _tournament(rules, agents, seed=seed, duplicate=duplicate, matches=1)
    rust = rust_chunk(tournament, 3, 2)
    python = _python_chunk(tournament, 3, 2)
    assert len(rust) == 2 * tournament.rotations()
    assert [(g.deal, g.rotation) for g in python] == [(g.deal, g.rotation) for g in rust]
    for mine, theirs in zip(python, rust):
        assert mine == theirs, (mine.deal, mine.rotation)
        assert mine.seed == deal_seed(seed, mine.deal)


def test_whole_python_games_are_the_rollouts_games() -> None:
    """Whole games (several matches, to the target) agree too."""
    tournament = _tournament(
        zhengfen.Rules.zheng_fen(players=3, target=100), ("random", "greedy", "greedy"), seed=5
    )
    rust = rust_chunk(tournament, 0, 1)
    assert max(g.matches for g in rust) > 1
    assert _python_chunk(tournament, 0, 1) == rust


def _first_move(moves: Sequence[Move]) -> Move:
    return moves[0]


def _python_episode(rules: zhengfen.Rules, seed: int, learner: int) -> zhengfen.Game:
    """One match: random agents seeded by the core's rule, the learner taking the first move."""
    game = zhengfen.Game(rules, seed)
    agents = {s: RandomAgent(agent_seed(seed, s)) for s in range(rules.players) if s != learner}
    while play_seats(game, agents, matches=1) is not None:
        game.play(_first_move(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", [1, 99])
def test_vec_game_agents_draw_from_the_one_scheme(seed: int) -> None:
    """Every decision of a VecGame episode up to the learner's last is the Python loop's."""
    rules = zhengfen.Rules.zheng_fen(players=4)
    batch = zhengfen.VecGame(rules, 1, seed, agents=[None, "random", "random", "random"])
    episode_seed = int(batch.episode_seeds[0])
    last = batch.game(0)
    while int(batch.episode_seeds[0]) == episode_seed:
        last = batch.game(0)
        batch.step([0])
    expected = _python_episode(rules, episode_seed, learner=0)
    assert len(last.decisions) > 8
    assert expected.decisions[: len(last.decisions)] == last.decisions


def test_gymnasium_opponents_draw_from_the_one_scheme() -> None:
    pytest.importorskip("gymnasium")
    from zhengfen.envs import gymnasium_env

    env = gymnasium_env(players=4, seat=2, opponents=["random", "random", "random"])
    for seed in (3, 40):
        env.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            _, _, terminated, truncated, _ = env.step(0)
        expected = _python_episode(env.options.rules, seed, learner=2)
        assert env.game.decisions == expected.decisions


BAD_SPECS = [
    "greedy(x)",
    "random()",
    "clever",
    "",
    "search(",
    "search(determinizations=0)",
    "search(foo=1)",
    "search(determinizations=x)",
]


@pytest.mark.parametrize("spec", BAD_SPECS)
def test_make_agent_refuses_a_spec_exactly_as_the_core(spec: str) -> None:
    with pytest.raises(ArgumentError) as core:
        zhengfen.canonical_spec(spec)
    with pytest.raises(ArgumentError) as rollouts:
        zhengfen.rollouts(zhengfen.Rules.zheng_fen(players=4), [spec] * 4, 1)
    with pytest.raises(ArgumentError) as made:
        make_agent(spec)
    assert str(made.value) == str(core.value) == str(rollouts.value)


@pytest.mark.parametrize("spec", ["random", " greedy ", "search", "search(candidates=3)"])
def test_make_agent_names_the_agent_the_core_reads(spec: str) -> None:
    agent = make_agent(spec, seed=4)
    assert getattr(agent, "spec", None) == zhengfen.canonical_spec(spec)


@given(st.integers(1, 8).flatmap(lambda n: st.integers(0, 3 * n).map(lambda r: (n, r))))
def test_every_rotation_seats_each_agent_once(case: tuple[int, int]) -> None:
    n, rotation = case
    seats = seating(n, rotation)
    assert sorted(seats) == list(range(n))
    assert seats == [(s + rotation) % n for s in range(n)]


@given(st.lists(st.sampled_from(["random", "greedy", "search"]), min_size=1, max_size=8))
def test_the_period_divides_the_table_and_its_rotations_are_distinct(agents: list[str]) -> None:
    n = len(agents)
    period = rotations(agents)
    assert n % period == 0
    assert rotations(agents, duplicate=False) == 1

    def table(r: int) -> list[str]:
        return [agents[a] for a in seating(n, r)]

    shown = [table(r) for r in range(period)]
    assert all(shown[i] != shown[j] for i in range(period) for j in range(i))
    assert table(period) == agents
    assert Tournament(rules=ZF4, agents=tuple(map(read_agent, agents))).rotations() == period


def test_seeds_are_distinct_per_deal_seat_and_rotation() -> None:
    seeds = {deal_seed(7, d) for d in range(4)}
    seeds |= {agent_seed(deal_seed(7, 0), s, r) for s in range(4) for r in range(4)}
    assert len(seeds) == 4 + 16
    assert agent_seed(5, 1) == agent_seed(5, 1, 0) == zhengfen.derive_seed(5 ^ 1, 1)
    assert deal_seed(5, 2) == zhengfen.derive_seed(5, 2)


def test_seeding_arguments_are_checked() -> None:
    with pytest.raises(ValueError):
        agent_seed(-1, 0)
    with pytest.raises(ValueError):
        seating(0, 0)
    with pytest.raises(TypeError):
        rotations("random")


class FirstMove:
    """A user's agent: always the first legal move (puts the arena in the Python loop)."""

    def act(self, observation: Any, legal_moves: Any) -> Any:
        return legal_moves[0]


@pytest.mark.parametrize(
    "agents", [("random", "greedy", "random"), ("test_seating:FirstMove", "random", "greedy")]
)
def test_processes_give_the_games_of_one_process(agents: tuple[str, ...]) -> None:
    read = tuple(map(read_agent, agents))
    tournament = Tournament(rules=ZF3, agents=read, deals=4, seed=9, matches=1, logs=True)
    here = run(tournament, chunk_size=1)
    there = run(tournament, workers=2, chunk_size=1)
    assert here == there
    assert len(here) == 4 * tournament.rotations()
