"""The shapes of the values the engine hands out: ``Literal`` names and ``TypedDict`` records.

This module owns the Python types of the closed sets of names (games, phases, string moves,
combination kinds, ranks, options and their values) and of the dictionaries the engine writes:
the events of ``Game.history`` (RULES.md §12.6), the saved game that ``json.loads`` reads from
``Game.to_json()`` (§12.7), a rule set's options, a seat's observation (``Game.observation``,
AI.md) and the result of ``rollouts``. The stubs of
``zhengfen._core`` use them, so an editor and ``mypy`` know every key and value; annotate with
them too:

>>> import zhengfen
>>> from zhengfen.types import Event, Move
>>> game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), seed=1)
>>> first: Event = game.history[0]
>>> first["type"]
'deal'
>>> move: Move = game.legal_moves()[0]
>>> move
'blind'

Events are told apart by their ``"type"`` key; the two transfers (Zheng Fen's to a seat, Zen
Cheng You's to a team) by ``"to"`` or ``"to_team"``.
Everything here is plain ``typing`` (Python 3.9), so ``typing.get_type_hints`` reads it at run
time; ``tests/test_types.py`` checks every value the engine produces against these types.
"""

from typing import Literal, Optional, TypedDict, Union

import numpy as np
import numpy.typing as npt

from zhengfen._core import Combo, Game

__all__ = [
    "Breakdown",
    "ComboKind",
    "DealEvent",
    "DeclarationEvent",
    "DeclarationMove",
    "Episode",
    "Event",
    "GameName",
    "GameOffer",
    "GameOverEvent",
    "LeadAfterOut",
    "MaskForm",
    "MatchScoredEvent",
    "Move",
    "NextLeader",
    "NoReadingKind",
    "Observation",
    "OptionName",
    "OptionOffer",
    "OutEvent",
    "PassEvent",
    "Phase",
    "PlayEvent",
    "Rank",
    "RefusalKind",
    "RolloutResult",
    "RuleOptions",
    "RulesDict",
    "SavedGame",
    "SavedSetup",
    "SeatCards",
    "SeatSeen",
    "SeatText",
    "Stake",
    "StringMove",
    "Suit",
    "TeamScore",
    "TeamTransferEvent",
    "TensorDtype",
    "Tie",
    "TransferEvent",
    "TrickEvent",
    "Visible",
]

# --- names ---------------------------------------------------------------------------------

GameName = Literal["zheng_fen", "zen_cheng_you"]
"""The games (RULES.md §3): ``Rules.game``, ``Rules(game)``."""
Phase = Literal["blind_declare", "declare", "play", "match_over", "game_over"]
"""Where a game stands (RULES.md §12.1): ``Game.phase``."""
DeclarationMove = Literal["blind", "declare", "pass"]
"""The decisions of a Zen Cheng You declaration (RULES.md §11.2)."""
StringMove = Literal["pass", "blind", "declare"]
"""The moves that are no combination: a pass, and the declarations."""
Move = Union[Combo, StringMove]
"""A move as ``Game.legal_moves()`` lists it. ``Game.play`` also takes combination notation."""
ComboKind = Literal[
    "single",
    "pair",
    "triple",
    "four",
    "pair_seq",
    "triple_seq",
    "four_seq",
    "full_house",
    "straight_flush",
    "special",
    "straight",
    "full_house_seq",
    "bomb",
]
"""The kinds of combination (RULES.md §1.7): ``Combo.kind``."""
NoReadingKind = Literal[
    "empty",
    "jokers_tame",
    "special_joker",
    "one_rank",
    "straight_suits",
    "straight_gaps",
    "straight_top",
    "full_house_kickers",
    "no_shape",
]
"""Why a card set is no combination (RULES.md §4.11, §8.7): the first of ``zhengfen.no_reading``."""
RefusalKind = Literal[
    "no_cards", "not_your_turn", "declarations", "not_held", "no_combination", "does_not_beat"
]  # fmt: skip
"""Why a seat cannot play cards now (``Game.refusal``): the first that applies."""
Rank = Literal[
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ",
    "joker", "mixed_5_10_k", "suited_5_10_k", "four_twos"
]  # fmt: skip
"""The rank names of notation (RULES.md §1.7): ``Card.rank``, ``Combo.rank``."""
Suit = Literal["c", "d", "h", "s"]
"""The suit letters: ``Card.suit`` (``None`` for a joker)."""
OptionName = Literal[
    "players", "jokers_wild", "next_leader", "target", "tie", "lead_after_out", "last_chance"
]
"""The seven options of a rule set (RULES.md §3.1, §3.2)."""
NextLeader = Literal["first_out", "best_score"]
"""The values of the option ``next_leader``."""
Tie = Literal["play_on", "share"]
"""The values of the option ``tie``."""
LeadAfterOut = Literal["next", "partner"]
"""The values of the option ``lead_after_out``."""
Episode = Literal["match", "game"]
"""A ``VecGame`` episode: one match, or the whole game."""
TensorDtype = Literal["uint8", "float32"]
"""The storage of a tensor (AI.md §1): bytes, or the float32 view of the same values."""
MaskForm = Literal["dense", "packed"]
"""The action mask a ``VecGame`` writes when asked (AI.md §1.3); ``None`` for none."""

# --- rule sets -----------------------------------------------------------------------------


class _OptionsBesidesPlayers(TypedDict, total=False):
    """The options that ``Rules.zheng_fen(players, **options)`` takes by keyword."""

    jokers_wild: bool
    next_leader: NextLeader
    target: int
    tie: Tie
    lead_after_out: LeadAfterOut
    last_chance: bool


class RuleOptions(_OptionsBesidesPlayers, total=False):
    """Options by name (``Rules.options()`` gives a game's own; ``Rules(game, **options)``)."""

    players: int


class RulesDict(RuleOptions):
    """A rule set as a saved game writes it: the game and its own options (RULES.md §12.7)."""

    game: GameName


# --- events (RULES.md §12.6) ---------------------------------------------------------------


class DealEvent(TypedDict):
    """A match is dealt; ``first_drawer`` is ``None`` for given hands."""

    type: Literal["deal"]
    match: int
    first_drawer: Optional[int]
    leader: int
    hands: list[str]


class DeclarationEvent(TypedDict):
    """A Zen Cheng You declaration."""

    type: Literal["declaration"]
    seat: int
    move: DeclarationMove


class PlayEvent(TypedDict):
    """A combination played, in notation."""

    type: Literal["play"]
    seat: int
    combo: str


class PassEvent(TypedDict):
    """A pass in play."""

    type: Literal["pass"]
    seat: int


class TrickEvent(TypedDict):
    """A trick won, with the points of its cards."""

    type: Literal["trick"]
    winner: int
    points: int


class OutEvent(TypedDict):
    """A seat goes out, in ``place`` (counting from 1)."""

    type: Literal["out"]
    seat: int
    place: int


TransferEvent = TypedDict(
    "TransferEvent",
    {"type": Literal["transfer"], "from": int, "to": int, "points": int},
)
"""Zheng Fen: the last player's pile and hand go to seat ``to``."""
TeamTransferEvent = TypedDict(
    "TeamTransferEvent",
    {"type": Literal["transfer"], "from": int, "to_team": int, "points": int},
)
"""Zen Cheng You without a 1-2 finish: the last player's pile and hand go to team ``to_team``."""


class MatchScoredEvent(TypedDict):
    """A match scored: per seat (Zheng Fen) or per team (Zen Cheng You)."""

    type: Literal["match_scored"]
    match_points: list[int]
    scores: list[int]


class GameOverEvent(TypedDict):
    """The game is over."""

    type: Literal["game_over"]
    winners: list[int]


Event = Union[
    DealEvent,
    DeclarationEvent,
    PlayEvent,
    PassEvent,
    TrickEvent,
    OutEvent,
    TransferEvent,
    TeamTransferEvent,
    MatchScoredEvent,
    GameOverEvent,
]
"""One event of ``Game.history``, told apart by ``"type"``."""

# --- saved games (RULES.md §12.7) ----------------------------------------------------------


class _SeedSetup(TypedDict):
    seed: int


class SavedSetup(_SeedSetup, total=False):
    """How the first match began: a seed, or given hands (with their leader) and a seed."""

    hands: list[str]
    leader: int


class SavedGame(TypedDict):
    """``json.loads(game.to_json())``: decisions are moves in notation or ``"next_match"``."""

    format: Literal["zhengfen-game"]
    version: Literal[1]
    rules: RulesDict
    setup: SavedSetup
    decisions: list[str]
    rng_state: int
    hands: list[str]
    history: list[Event]


# --- observations --------------------------------------------------------------------------

SeatText = list[Union[int, str]]
"""``[seat, text]``: a play in notation, ``"pass"``, or a declaration."""


class _ObservationBase(TypedDict):
    seat: int
    phase: Phase
    current_player: Optional[int]
    hand: str
    table: Optional[str]
    table_player: Optional[int]
    trick: list[SeatText]
    plays: list[SeatText]
    cards_left: list[int]
    points_won: list[int]
    out_order: list[int]
    scores: list[int]


class Observation(_ObservationBase, total=False):
    """What a seat may know (``Game.observation(seat)``); ``team`` and ``declarations`` in Zen
    Cheng You only. ``hand`` is ``""`` before the blind declarations end."""

    team: int
    declarations: list[SeatText]


# --- what a seat sees (``Game.visible``, ``Game.visible_events``; web/API.md "The record") ----


class Stake(TypedDict):
    """A Zen Cheng You declaration with its stake and, once someone is out, its points."""

    move: DeclarationMove
    stake: int
    points: Optional[int]
    blind_round: bool


class SeatSeen(TypedDict):
    """One seat as the viewer sees it: ``hand`` is ``None`` where the viewer may not see it."""

    seat: int
    hand: Optional[str]
    cards_left: int
    points_won: int
    place: Optional[int]
    team: Optional[int]
    declaration: Optional[Stake]


class TeamScore(TypedDict):
    """One team's part of a Zen Cheng You match's score (``cards`` or ``one_two``)."""

    team: int
    cards: Optional[int]
    one_two: Optional[int]
    declarations: int
    match_points: int
    before: int
    score: int


class Breakdown(TypedDict):
    """A finished Zen Cheng You match's score explained."""

    one_two: bool
    teams: list[TeamScore]


SeatCards = list[Union[int, str]]
"""``[seat, text]``: a combination in notation, ``"pass"``, or a hand."""


class Visible(TypedDict):
    """What a seat (``viewer``; ``None``: an observer who sees every hand) sees at a point of
    the game. ``match`` counts from 0."""

    viewer: Optional[int]
    match: int
    phase: Phase
    current_player: Optional[int]
    seen: bool
    seats: list[SeatSeen]
    table: Optional[SeatCards]
    trick: list[SeatCards]
    out_order: list[int]
    match_points: list[int]
    scores: list[int]
    winners: list[int]
    last_hand: Optional[SeatCards]
    breakdown: Optional[Breakdown]


# --- the games and their options, as a form offers them (``game_offers()``) ---------------


class _OptionOfferBase(TypedDict):
    name: OptionName
    type: Literal["bool", "int", "choice"]
    default: Union[bool, int, str]


class OptionOffer(_OptionOfferBase, total=False):
    """An option: ``min`` and ``max`` for an int, ``values`` for a choice."""

    min: int
    max: int
    values: list[str]


class GameOffer(TypedDict):
    """A game: its player counts, the preset's, its other options, and (Zen Cheng You) each
    declaration's stake (``{}`` in Zheng Fen)."""

    game: GameName
    players: list[int]
    default_players: int
    options: list[OptionOffer]
    stakes: dict[DeclarationMove, int]


class _RolloutColumns(TypedDict):
    deal: npt.NDArray[np.uint64]
    rotation: npt.NDArray[np.int64]
    seed: npt.NDArray[np.uint64]
    matches: npt.NDArray[np.int64]
    decisions: npt.NDArray[np.int64]
    legal: npt.NDArray[np.int64]
    seating: npt.NDArray[np.int64]
    points: npt.NDArray[np.int64]
    won: npt.NDArray[np.bool_]
    agents: list[str]


class RolloutResult(_RolloutColumns, total=False):
    """The result of ``rollouts``: one row per game played; ``games`` only with ``logs=True``."""

    games: list[Game]
