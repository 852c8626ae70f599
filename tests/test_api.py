"""The Python face of the Rust core: conversions, errors, pickling, and no panics on any input."""

from __future__ import annotations

import contextlib
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zhengfen
from conftest import RULE_SPECS, make_rules
from zhengfen import Cards, Combo, Rules
from zhengfen.errors import InvalidCardsError, InvalidComboError, ZhengfenError

ZF = Rules.zheng_fen()
ZCY = Rules.zen_cheng_you()


def test_combo_attributes_and_notation() -> None:
    [combo] = zhengfen.classify("6c 6d 7c 7d 8c 8d 9c 9d", ZF)
    assert (combo.kind, combo.rank, combo.length) == ("pair_seq", "9", 4)
    assert combo.cards == zhengfen.parse_cards("6c 6d 7c 7d 8c 8d 9c 9d")
    assert str(combo) == combo.notation == "pair_seq 9 4: 6c 6d 7c 7d 8c 8d 9c 9d"
    assert repr(combo) == "Combo.parse('pair_seq 9 4: 6c 6d 7c 7d 8c 8d 9c 9d', Rules.zheng_fen())"
    assert Combo.parse(str(combo), ZF) == combo and hash(Combo.parse(str(combo), ZF)) == hash(combo)


@pytest.mark.parametrize("spec", RULE_SPECS, ids=lambda s: "-".join(map(str, s.values())))
def test_a_combos_repr_recreates_it_under_any_rules(spec: dict[str, Any]) -> None:
    """``repr()`` of a ``Combo`` was ``<Combo ...>``; now the call that makes it again, also for
    the readings of tame jokers and of every player count (issue 23 §4.6)."""
    options = {k: v for k, v in spec.items() if k != "game"}
    rules = Rules.zheng_fen(**options) if spec["game"] == "zheng_fen" else ZCY
    rng = random.Random(repr(spec))
    names = {"Combo": Combo, "Rules": Rules}
    for seed in range(40):
        hand = [str(card) for card in zhengfen.Game(rules, seed=seed).hand(0)]
        for _ in range(20):
            for combo in zhengfen.classify(" ".join(rng.sample(hand, rng.randint(1, 8))), rules):
                assert eval(repr(combo), names) == combo, repr(combo)


def test_lengths_and_ranks_of_the_partnership_game() -> None:
    def first(text: str) -> tuple[str, str, int]:
        c = zhengfen.classify(text, ZCY)[0]
        return (c.kind, c.rank, c.length)

    assert first("BJ BJ RJ RJ") == ("bomb", "joker", 6)
    assert first("BJ RJ RJ 3c 3d") == ("full_house", "joker", 1)
    assert first("7c 7c 7d 7d 7h") == ("bomb", "7", 5)
    assert first("3c 4d 5h 6s 7c 8d") == ("straight", "8", 6)
    assert first("BJ") == ("single", "BJ", 1)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("pair 7: 7c 7d", InvalidComboError, "three words"),
        ("pear 7 1: 7c 7d", InvalidComboError, "unknown kind"),
        ("pair 7 x: 7c 7d", InvalidComboError, "length"),
        ("pair 8 1: 7c 7d", InvalidComboError, "not a reading"),
        ("pair 7 1: 7c 7x", InvalidCardsError, "'7x'"),
        ("7c 8d", InvalidComboError, "not a combination"),
        ("", InvalidComboError, "not a combination"),
    ],
)
def test_bad_combinations(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        zhengfen.beats(text, "3c", ZF)


def test_combos_must_be_readings_under_the_rules_given() -> None:
    wild_pair = zhengfen.classify("7c BJ", ZF)[0]
    tame = Rules.zheng_fen(jokers_wild=False)
    with pytest.raises(InvalidComboError, match="not a reading"):
        zhengfen.legal_moves("8c 8d", wild_pair, tame)
    with pytest.raises(InvalidComboError):
        zhengfen.beats(zhengfen.classify("BJ RJ", ZCY)[0], "3c", ZF)


def test_wrong_types_are_type_errors() -> None:
    with pytest.raises(TypeError):
        zhengfen.classify(42, ZF)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        zhengfen.beats(3.5, "3c", ZF)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        zhengfen.legal_moves("3c", "3d", "zheng_fen")  # type: ignore[arg-type]
    ref_combo = zhengfen.reference.classify("3c", zhengfen.reference.Rules.zheng_fen())[0]
    with pytest.raises(TypeError):
        zhengfen.beats(ref_combo, "3c", ZF)  # type: ignore[arg-type]


def test_hand_limits() -> None:
    deck = " ".join(str(c) for c in zhengfen.shuffle_deck(2, 5))
    big = deck.split()[:28]
    with pytest.raises(InvalidCardsError, match="at most 27"):
        zhengfen.legal_moves(" ".join(big), None, ZCY)
    with pytest.raises(InvalidCardsError, match="duplicate"):
        zhengfen.legal_moves(zhengfen.parse_cards("5c 5c", decks=2), None, ZF)


def test_cards_arithmetic_and_iterables() -> None:
    hand = Cards(["3c", zhengfen.Card("4d"), "BJ"])
    assert hand == zhengfen.parse_cards("3c 4d BJ") and hand.points == 0
    assert hand - "4d" == Cards("3c BJ") and hand + "5h" == Cards("3c 4d 5h BJ")
    with pytest.raises(InvalidCardsError):
        hand + "3c"
    with pytest.raises(InvalidCardsError, match="not within"):
        hand - "9s"
    two = Cards("5c", decks=2) + "5c"
    assert two.count("5c") == 2 and Cards("5c 10d Kh").points == 25
    with pytest.raises(InvalidCardsError, match="position 2"):
        Cards(["3c", "33"])


def test_pickling() -> None:
    combo = zhengfen.classify("BJ BJ RJ RJ", ZCY)[0]
    for value in (Cards("3c 4d"), Cards("5c 5c", decks=2), zhengfen.Card("Th"), combo, ZF, ZCY):
        assert pickle.loads(pickle.dumps(value)) == value
    rng = zhengfen.SplitMix64(3)
    rng.next()
    assert pickle.loads(pickle.dumps(rng)).next() == rng.next()


def test_rng_arguments() -> None:
    with pytest.raises(ValueError, match="seed"):
        zhengfen.SplitMix64(-1)
    with pytest.raises(ValueError, match="seed"):
        zhengfen.deal(ZF, 2**64)
    with pytest.raises(ValueError, match="first_drawer"):
        zhengfen.deal(ZF, 1, first_drawer=4)
    with pytest.raises(ValueError):
        zhengfen.SplitMix64(1).uniform(0)
    assert len(zhengfen.shuffle_deck(2, zhengfen.SplitMix64(1))) == 108


def test_the_pass_is_not_a_combination() -> None:
    with pytest.raises(InvalidComboError):
        zhengfen.beats("pass", "3c", ZF)


@given(text=st.text(max_size=40), spec=st.sampled_from(RULE_SPECS), seed=st.integers(0, 2**32))
def test_no_input_panics(text: str, spec: dict[str, Any], seed: int) -> None:
    rules = make_rules(zhengfen, spec)
    tokens = [str(c) for c in zhengfen.shuffle_deck(rules.decks, seed)][:12]
    mixed = " ".join(random.Random(seed).sample(tokens, 5)) + " " + text
    for call in (
        lambda: zhengfen.classify(text, rules),
        lambda: zhengfen.legal_moves(mixed, text or None, rules),
        lambda: zhengfen.beats(text, mixed, rules),
        lambda: Combo.parse(text, rules),
        lambda: Combo.parse("pair 7 1:" + text, rules),
    ):
        with contextlib.suppress(ZhengfenError):
            call()


def test_the_documented_submodules_are_reached_from_the_package() -> None:
    """``import zhengfen; zhengfen.agents`` was an AttributeError until ``import
    zhengfen.agents``; reaching one must not import the extras' libraries."""
    probe = (
        "import sys, zhengfen\n"
        "assert zhengfen.agents.GreedyAgent().spec == 'greedy'\n"
        "assert zhengfen.arena.run and zhengfen.agents.seats and zhengfen.reference.Rules\n"
        "assert not {'jax', 'starlette', 'gymnasium'} & set(sys.modules), sys.modules.keys()\n"
        "assert set(zhengfen.SUBMODULES) <= set(dir(zhengfen))\n"
        "try:\n"
        "    zhengfen.no_such_thing\n"
        "except AttributeError as error:\n"
        "    print(error)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "module 'zhengfen' has no attribute 'no_such_thing'"
    for name in zhengfen.SUBMODULES - {"envs", "train", "web"}:
        assert getattr(zhengfen, name).__name__ == f"zhengfen.{name}"


def test_reprs_recreate_what_they_show() -> None:
    """``repr()`` of an agent and of a ``SplitMix64`` is the call that makes it again (it was
    ``GreedyAgent('greedy')``, ``RandomAgent()`` without its seed, ``<SplitMix64 state=...>``)."""
    from zhengfen.agents import (
        GreedyAgent,
        ISMCTSAgent,
        LearnedAgent,
        RandomAgent,
        SearchAgent,
        make_agent,
    )

    names = {
        cls.__name__: cls
        for cls in (GreedyAgent, ISMCTSAgent, LearnedAgent, RandomAgent, SearchAgent)
    }
    agents: list[Any] = [
        RandomAgent(seed=3),
        GreedyAgent(seed=2),
        SearchAgent(determinizations=3, candidates=4, seed=9),
        make_agent("ismcts(iterations=25,exploration=1.5)", seed=5),
        ISMCTSAgent(iterations=20, policy="learned", seed=1),
        LearnedAgent(),
        LearnedAgent(str(Path(__file__).parent / "data" / "learned" / "zheng_fen_4.safetensors")),
    ]
    game = zhengfen.Game(Rules.zheng_fen(players=4), seed=8)
    for agent in agents:
        again = eval(repr(agent), names)
        assert (type(again), again.spec, repr(again)) == (type(agent), agent.spec, repr(agent))
        seat = game.current_player
        assert seat is not None
        moves = game.legal_moves()
        observation = zhengfen.agents.observe(game, seat)
        assert again.act(observation, moves) == agent.act(observation, moves)
    rng = zhengfen.SplitMix64(11)
    rng.next()
    copy = eval(repr(rng), {"SplitMix64": zhengfen.SplitMix64})
    assert [copy.next() for _ in range(3)] == [rng.next() for _ in range(3)]
