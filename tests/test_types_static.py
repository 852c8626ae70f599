"""The stubs of ``zhengfen._core`` give ``mypy`` the shapes of ``zhengfen.types``: this file is
type-checked (``mypy``, strict), and each ``assert_type`` or targeted ``type: ignore`` fails the
check if a stub loses its type (strict mode reports an ignore that is no longer needed). The
functions also run, so the annotations describe real values (on Python 3.9 too: the types
given to ``assert_type`` are evaluated, hence ``Union`` and ``Optional``)."""

from __future__ import annotations

from typing import Literal, Optional, Union

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

import zhengfen
from zhengfen.types import (
    ComboKind,
    DealEvent,
    Event,
    GameName,
    Move,
    Observation,
    Phase,
    Rank,
    RolloutResult,
    RuleOptions,
    TeamTransferEvent,
    TransferEvent,
)


def describe(event: Event) -> str:
    """Narrowing on ``"type"`` reaches every field (both transfers have ``"from"``)."""
    if event["type"] == "deal":
        assert_type(event, DealEvent)
        return f"match {event['match']} dealt, seat {event['leader']} leads"
    if event["type"] == "transfer":
        assert_type(event, Union[TransferEvent, TeamTransferEvent])
        return f"{event['from']} hands over {event['points']} points"
    return event["type"]


def test_game_values_have_their_types() -> None:
    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), seed=3)
    assert_type(game.phase, Phase)
    assert_type(game.history, list[Event])
    assert_type(game.legal_moves(), zhengfen.MoveList)
    assert_type(game.legal_moves()[0], Move)
    assert_type(game.trick, list[tuple[int, Union[zhengfen.Combo, Literal["pass"]]]])
    observation = assert_type(game.observation(0), Observation)
    assert_type(observation["hand"], str)
    assert_type(observation["current_player"], Optional[int])
    assert_type(game.info_set(1).observation(), Observation)
    assert describe(game.history[0]).startswith("match 0 dealt")
    move: Move = "blind"
    assert move in game.legal_moves()
    game.play(move)
    game.play("pass")
    assert game.phase == "blind_declare"


def test_rules_and_names_have_their_types() -> None:
    rules = zhengfen.Rules("zheng_fen", players=5, tie="share")
    assert_type(rules.game, GameName)
    assert_type(rules.options(), RuleOptions)
    assert rules.options().get("players") == 5
    combo = zhengfen.classify("7c 7d", rules)[0]
    kind: ComboKind = assert_type(combo.kind, ComboKind)
    rank: Rank = assert_type(combo.rank, Rank)
    assert (kind, rank) == ("pair", "7")


def test_rollout_results_have_their_types() -> None:
    result = zhengfen.rollouts(zhengfen.Rules.zheng_fen(3), ["greedy"] * 3, 1)
    assert_type(result, RolloutResult)
    points: npt.NDArray[np.int64] = result["points"]
    assert points.shape == (1, 3)


def _never_called() -> None:
    """Mistakes the stubs now catch; each ignore is needed, or strict mypy reports it."""
    game = zhengfen.Game(zhengfen.Rules.zheng_fen())
    game.observation(0)["hands"]  # type: ignore[typeddict-item]
    zhengfen.Rules("chess")  # type: ignore[arg-type]
    zhengfen.Rules.zheng_fen(tie="draw")  # type: ignore[arg-type]
    zhengfen.Rules.zen_cheng_you(colour=True)  # type: ignore[call-arg]
    phase: Literal["dealing"] = game.phase  # type: ignore[assignment]
    del phase
    event = game.history[0]
    event["leader"]  # type: ignore[typeddict-item]
