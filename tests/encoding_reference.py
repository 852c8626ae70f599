"""An independent pure-Python statement of the tensor encodings of ``AI.md`` §1 (version 2).

Everything here is written from ``AI.md`` and ``RULES.md`` alone and reads only the public
Python API: ``Game.observation(seat)``, ``Game.rules``, ``Game.history``, ``Game.hand(seat)``
(for the perfect-information part only), ``Game.legal_moves()``, ``Combo`` and ``Cards``. It
never calls the engine's own encoders (``observation_tensor``, ``score_tensor``,
``history_tensor``, ``legal_move_features``, ``action_mask``, ``VecGame``'s arrays), so
``tests/test_encodings.py`` can compare the two.

Layouts, as ``AI.md`` §1 states them:

- every value of the observation, the history and the move rows is a byte (``uint8``, no
  scaling); the float32 view is the same values converted (:func:`as_dtype`);
- seats are relative: slot ``k`` of a per-seat field is seat ``(observer + k) mod players``;
  slots from ``players`` to 5 are zero;
- a card vector has 54 entries, entry ``k`` the copies of card index ``k`` (RULES.md §1.4);
- a combination row (87) is a card vector, a kind one-hot (13), a rank one-hot (19) and the
  length;
- the observation (591, or 915 with ``perfect_hands``) is the fields of :data:`FIELDS` in order;
  the scores (7, ``int32``) are each relative seat's game score and the target;
- a history row (94) is a combination row, the player's relative seat (6) and a pass flag;
- a move row (90) is a combination row and the flags ``pass``, ``blind``, ``declare``;
- the dense mask is ``max_actions`` booleans, the legal prefix true; the packed mask is its bits,
  least significant first, ``ceil(max_actions / 8)`` bytes.

Each field also states its documented upper bound (:class:`Field`), so that a test can check
every byte the engine writes against it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, Union

import numpy as np
import numpy.typing as npt

import zhengfen
from zhengfen import Cards, Combo, Game, Rules

IntArray = npt.NDArray[np.int64]
ByteArray = npt.NDArray[np.uint8]
BoolArray = npt.NDArray[np.bool_]
Move = Union[Combo, str]

# --- sizes and orders (AI.md §1) ---------------------------------------------------------------

ENCODING_VERSION = 2
"""AI.md §1: the encoding version these layouts describe."""

DTYPES: tuple[str, ...] = ("uint8", "float32")
"""AI.md §1 "Storage": the two storages; bytes by default, float32 the converted view."""

BYTE_MAX = 255
"""AI.md §1 "Storage": a byte holds 0 to 255, with no scaling."""

MAX_SEATS = 6
"""AI.md §1: per-seat fields have six slots, whatever the number of players."""

CARD_VECTOR = 54
"""AI.md §1 "Card vector": one entry per card index of RULES.md §1.4."""

HAND_MAX = 27
"""AI.md §1.1 ``cards_left``: a seat holds at most 27 cards."""

KINDS: tuple[str, ...] = (
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
)
"""AI.md §1 "Combination row": the order of the kind one-hot."""

RANKS: tuple[str, ...] = (
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "A",
    "2",
    "BJ",
    "RJ",
    "joker",
    "mixed_5_10_k",
    "suited_5_10_k",
    "four_twos",
)
"""AI.md §1 "Combination row": rank numbers, ``3 … 2`` = 0 … 12, then BJ, RJ, joker, specials."""

COMBO_PARTS: tuple[tuple[str, int], ...] = (
    ("cards", CARD_VECTOR),
    ("kind", len(KINDS)),
    ("rank", len(RANKS)),
    ("length", 1),
)
"""AI.md §1 "Combination row": offset 0 cards (54), 54 kind (13), 67 rank (19), 86 length."""

COMBO_ROW = sum(size for _, size in COMBO_PARTS)

HISTORY_PARTS: tuple[tuple[str, int], ...] = (
    *COMBO_PARTS,
    ("player", MAX_SEATS),
    ("pass", 1),
)
"""AI.md §1.2: a combination row, the relative seat of the player one-hot, a pass flag."""

HISTORY_ROW = sum(size for _, size in HISTORY_PARTS)

MOVE_FLAGS: tuple[str, ...] = ("pass", "blind", "declare")
"""AI.md §1.3: the flags that follow the combination row of a move."""

MOVE_PARTS: tuple[tuple[str, int], ...] = (*COMBO_PARTS, *((flag, 1) for flag in MOVE_FLAGS))
"""AI.md §1.3: a combination row (zero for the non-plays), then ``pass``, ``blind``, ``declare``."""

MOVE_ROW = sum(size for _, size in MOVE_PARTS)

SCORE_PARTS: tuple[tuple[str, int], ...] = (("scores", MAX_SEATS), ("target", 1))
"""AI.md §1.1, the scores table: each relative seat's game score (6), then the target."""

SCORES_SIZE = sum(size for _, size in SCORE_PARTS)

PHASES: tuple[str, ...] = ("blind_declare", "declare", "play", "match_over", "game_over")
"""AI.md §1.1 ``phase``: the order of the phase one-hot (RULES.md §12.1 names)."""

DECLARATIONS: tuple[str, ...] = ("blind", "declare", "pass")
"""AI.md §1.1 ``declarations``: the three slots of each relative seat."""

DECLARATION_SEATS = 4
"""AI.md §1.1: ``declarations`` covers the four seats of Zen Cheng You only (4 x 3)."""

PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5, 6)
"""AI.md §1.1 ``rules``: the players one-hot covers 3, 4, 5, 6."""

GAMES: tuple[str, ...] = ("zheng_fen", "zen_cheng_you")
"""AI.md §1.1 ``rules``: the game one-hot, ``[zheng_fen, zen_cheng_you]``."""

RULE_FLAGS = 5
"""AI.md §1.1 ``rules``: five flags follow the game and players one-hots (11 values in all)."""

MaskName = Literal["dense", "packed"]

MASKS: tuple[MaskName | None, ...] = (None, "dense", "packed")
"""AI.md §1.3 and §2: ``VecGame``'s ``mask`` values."""


# --- building blocks --------------------------------------------------------------------------


def zeros(size: int) -> IntArray:
    """An integer vector of ``size`` zeros (values are built exactly, then stored)."""
    return np.zeros(size, dtype=np.int64)


def one_hot(index: int | None, size: int) -> IntArray:
    """A one-hot vector of ``size``; all zeros when ``index`` is None."""
    out = zeros(size)
    if index is not None:
        out[index] = 1
    return out


def relative_slot(seat: int, observer: int, players: int) -> int:
    """AI.md §1 "Seats are relative": the slot ``k`` such that ``seat = (observer + k) mod n``."""
    return (seat - observer) % players


def relative_one_hot(seat: int | None, observer: int, players: int) -> IntArray:
    """A relative seat as a one-hot over the six slots (zero for None)."""
    if seat is None:
        return zeros(MAX_SEATS)
    return one_hot(relative_slot(seat, observer, players), MAX_SEATS)


def per_relative_seat(values: Sequence[int], observer: int) -> IntArray:
    """AI.md §1: ``values[s]`` for each absolute seat ``s``, laid out by relative slot."""
    players = len(values)
    out = zeros(MAX_SEATS)
    for slot in range(players):
        out[slot] = values[(observer + slot) % players]
    return out


def card_vector(cards: Iterable[zhengfen.Card]) -> IntArray:
    """AI.md §1 "Card vector": entry ``k`` counts the copies of card index ``k``."""
    out = zeros(CARD_VECTOR)
    for card in cards:
        out[card.index] += 1
    return out


def notation_cards(text: str, rules: Rules) -> Cards:
    """A card set in the notation of RULES.md §1.6 (the empty text is the empty set)."""
    return zhengfen.parse_cards(text, rules.decks)


def combination_notation_cards(text: str, rules: Rules) -> Cards:
    """The cards of a combination in the notation of RULES.md §1.7."""
    return parse_combo(text, rules).cards


def kind_one_hot(kind: str) -> IntArray:
    """AI.md §1 "Combination row", offset 54: the kind one-hot in the order of :data:`KINDS`."""
    return one_hot(KINDS.index(kind), len(KINDS))


def rank_one_hot(rank: str) -> IntArray:
    """AI.md §1 "Combination row", offset 67: the rank one-hot by rank number (:data:`RANKS`)."""
    return one_hot(RANKS.index(rank), len(RANKS))


def frozen(values: IntArray) -> IntArray:
    """``values`` made read-only, so that a memoized result cannot be changed by a caller."""
    values.flags.writeable = False
    return values


@cache
def parse_combo(text: str, rules: Rules) -> Combo:
    """A combination in the notation of RULES.md §1.7 (memoized: positions repeat plays)."""
    return Combo.parse(text, rules)


@cache
def combo_row(combo: Combo | None) -> IntArray:
    """AI.md §1 "Combination row" (87 values); zero for None (a lead, a pass, a non-play).
    Memoized and read-only."""
    if combo is None:
        return frozen(zeros(COMBO_ROW))
    return frozen(
        np.concatenate(
            [
                card_vector(combo.cards),
                kind_one_hot(combo.kind),
                rank_one_hot(combo.rank),
                np.array([combo.length], dtype=np.int64),
            ]
        )
    )


def combo_bounds(rules: Rules) -> IntArray:
    """The largest value of each entry of a combination row: a card's copies (the decks), the
    one-hots 1, the length at most the cards of one hand (27; the joker bomb's 6 included).
    AI.md gives no bound for the length beyond the byte; 27 is RULES.md §8's longest reading."""
    return np.concatenate(
        [
            np.full(CARD_VECTOR, rules.decks, dtype=np.int64),
            np.ones(len(KINDS) + len(RANKS), dtype=np.int64),
            np.array([HAND_MAX], dtype=np.int64),
        ]
    )


# --- storage (AI.md §1 "Storage") -------------------------------------------------------------


def to_bytes(values: IntArray) -> ByteArray:
    """Store exact values as bytes; a value outside 0 … 255 is a bug of this reference."""
    assert values.size == 0 or (values.min() >= 0 and values.max() <= BYTE_MAX), values
    return values.astype(np.uint8)


def as_dtype(values: ByteArray, dtype: str) -> npt.NDArray[Any]:
    """AI.md §1: the ``uint8`` tensor, or its float32 view (the same values converted)."""
    assert dtype in DTYPES, dtype
    return values if dtype == "uint8" else values.astype(np.float32)


# --- the observation (AI.md §1.1) -------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """What the field encoders read: the game, the observer and its observation dictionary."""

    game: Game
    seat: int
    observation: Mapping[str, Any]

    @property
    def rules(self) -> Rules:
        """The game's rule set."""
        return self.game.rules

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.rules.players

    @property
    def partnership(self) -> bool:
        """Whether the game is Zen Cheng You (teams, declarations)."""
        return self.rules.game == "zen_cheng_you"

    def relative(self, seat: int | None) -> IntArray:
        """``seat`` as a relative one-hot from this observer."""
        return relative_one_hot(seat, self.seat, self.players)

    def slot(self, seat: int) -> int:
        """``seat``'s relative slot from this observer."""
        return relative_slot(seat, self.seat, self.players)


def encode_hand(view: View) -> IntArray:
    """AI.md §1.1 ``hand``: own hand as a card vector; ``observation["hand"]`` is empty
    before the Zen Cheng You blind declarations end, so the field is zero then."""
    return card_vector(notation_cards(view.observation["hand"], view.rules))


def encode_table(view: View) -> IntArray:
    """AI.md §1.1 ``table``: the combination row of the table; zero on a lead."""
    text = view.observation["table"]
    return combo_row(None if text is None else parse_combo(text, view.rules))


def encode_table_player(view: View) -> IntArray:
    """AI.md §1.1 ``table_player``: who played the table, relative one-hot; zero on a lead."""
    if view.observation["table"] is None:
        return zeros(MAX_SEATS)
    return view.relative(view.observation["table_player"])


def encode_trick_cards(view: View) -> IntArray:
    """AI.md §1.1 ``trick_cards``: the cards of the trick in progress (its plays)."""
    out = zeros(CARD_VECTOR)
    for _seat, move in view.observation["trick"]:
        if move != "pass":
            out += card_vector(combination_notation_cards(move, view.rules))
    return out


def encode_played(view: View) -> IntArray:
    """AI.md §1.1 ``played``: per relative seat (slot-major, 6 x 54), the cards it has played
    in the current match (its ``play`` events, i.e. ``observation["plays"]``)."""
    out = np.zeros((MAX_SEATS, CARD_VECTOR), dtype=np.int64)
    for seat, notation in view.observation["plays"]:
        out[view.slot(seat)] += card_vector(combination_notation_cards(notation, view.rules))
    return out.reshape(-1)


def encode_cards_left(view: View) -> IntArray:
    """AI.md §1.1 ``cards_left``: cards held per relative seat, raw numbers."""
    return per_relative_seat(view.observation["cards_left"], view.seat)


def current_match_events(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The events after the last ``deal`` (RULES.md §12.6): those of the current match."""
    starts = [i for i, event in enumerate(events) if event["type"] == "deal"]
    return list(events[starts[-1] + 1 :]) if starts else []


def pile_points_before_transfer(game: Game) -> list[int]:
    """Each seat's won pile in points (RULES.md §1.8) before any transfer: the points of the
    tricks it won in the current match (the ``trick`` events since the last ``deal``)."""
    points = [0] * game.rules.players
    for event in current_match_events(game.history):
        if event["type"] == "trick":
            points[event["winner"]] += event["points"]
    return points


def encode_points_won(view: View) -> IntArray:
    """AI.md §1.1 ``points_won``: points in each relative seat's won pile as it stands, raw
    numbers; once a match is over, after its transfers (RULES.md §12.4b): the observation
    dictionary's ``points_won``."""
    return per_relative_seat(view.observation["points_won"], view.seat)


def encode_out_place(view: View) -> IntArray:
    """AI.md §1.1 ``out_place``: place in the order of going out (from 1), 0 if still in."""
    places = [0] * view.players
    for place, seat in enumerate(view.observation["out_order"], start=1):
        places[seat] = place
    return per_relative_seat(places, view.seat)


def encode_passed(view: View) -> IntArray:
    """AI.md §1.1 ``passed``: the relative seats whose entries in the current trick, after its
    last play, are passes."""
    out = zeros(MAX_SEATS)
    for seat, move in view.observation["trick"]:
        if move == "pass":
            out[view.slot(seat)] = 1
        else:
            out[:] = 0
    return out


def encode_declarations(view: View) -> IntArray:
    """AI.md §1.1 ``declarations``: three slots per relative seat (``blind``, ``declare``,
    ``pass``), seat-major, one of them 1 once that seat has a declaration in the current match
    (Zen Cheng You, four seats; zero in Zheng Fen, whose observation has no declarations). A
    later entry of a seat replaces an earlier one (a blind ``pass`` then a regular decision)."""
    out = np.zeros((DECLARATION_SEATS, len(DECLARATIONS)), dtype=np.int64)
    for seat, move in view.observation.get("declarations", []):
        out[view.slot(seat)] = one_hot(DECLARATIONS.index(move), len(DECLARATIONS))
    return out.reshape(-1)


def encode_phase(view: View) -> IntArray:
    """AI.md §1.1 ``phase``: one-hot in the order of :data:`PHASES`."""
    return one_hot(PHASES.index(view.observation["phase"]), len(PHASES))


def encode_seat(view: View) -> IntArray:
    """AI.md §1.1 ``seat``: the observer's own seat, absolute one-hot."""
    return one_hot(view.observation["seat"], MAX_SEATS)


def encode_team(view: View) -> IntArray:
    """AI.md §1.1 ``team``: own team one-hot in Zen Cheng You; zero in Zheng Fen."""
    if not view.partnership:
        return zeros(2)
    return one_hot(view.observation["team"], 2)


def encode_current_player(view: View) -> IntArray:
    """AI.md §1.1 ``current_player``: the seat to move, relative one-hot (zero when nobody is
    to move: ``match_over``, ``game_over``)."""
    return view.relative(view.observation["current_player"])


def rules_vector(rules: Rules) -> IntArray:
    """AI.md §1.1 ``rules`` (11 values): ``[zheng_fen, zen_cheng_you]``, players 3, 4, 5, 6
    one-hot, then ``jokers_wild``, ``next_leader == "best_score"``, ``tie == "share"``,
    ``lead_after_out == "partner"``, ``last_chance``. (Version 2: no target; it is in the
    scores.)"""
    flags = [
        rules.jokers_wild,
        rules.next_leader == "best_score",
        rules.tie == "share",
        rules.lead_after_out == "partner",
        rules.last_chance,
    ]
    assert len(flags) == RULE_FLAGS
    return np.concatenate(
        [
            one_hot(GAMES.index(rules.game), len(GAMES)),
            one_hot(PLAYER_COUNTS.index(rules.players), len(PLAYER_COUNTS)),
            np.array([int(flag) for flag in flags], dtype=np.int64),
        ]
    )


def encode_rules(view: View) -> IntArray:
    """AI.md §1.1 ``rules`` (see :func:`rules_vector`)."""
    return rules_vector(view.rules)


def encode_perfect_hands(view: View) -> IntArray:
    """AI.md §1.1 ``perfect_hands`` (opt-in): every relative seat's hand (``Game.hand``),
    slot-major, 6 x 54."""
    out = np.zeros((MAX_SEATS, CARD_VECTOR), dtype=np.int64)
    for seat in range(view.players):
        out[view.slot(seat)] = card_vector(view.game.hand(seat))
    return out.reshape(-1)


# The documented bounds of the fields (AI.md §1.1), as functions of the rules.


def decks_bound(rules: Rules) -> int:
    """AI.md §1 "Card vector": 0 or 1 in Zheng Fen, 0 to 2 in Zen Cheng You."""
    return rules.decks


def flag_bound(rules: Rules) -> int:
    """A one-hot or a flag: 0 or 1."""
    del rules
    return 1


def cards_left_bound(rules: Rules) -> int:
    """AI.md §1.1: ``cards_left`` is at most 27."""
    del rules
    return HAND_MAX


def points_bound(rules: Rules) -> int:
    """AI.md §1.1: ``points_won`` at most 100, 200 in Zen Cheng You (RULES.md §1.8)."""
    return 100 * rules.decks


def place_bound(rules: Rules) -> int:
    """AI.md §1.1: ``out_place`` counts from 1; a place is at most the number of players."""
    return rules.players


@dataclass(frozen=True)
class Field:
    """One observation field of AI.md §1.1: its name, size, encoder and the largest value each
    of its entries may hold (``bound``, a number for every entry, or a vector for a row)."""

    name: str
    size: int
    encode: Callable[[View], IntArray]
    bound: Callable[[Rules], int | IntArray]

    def bounds(self, rules: Rules) -> IntArray:
        """The bound of each of the field's entries."""
        return np.broadcast_to(np.asarray(self.bound(rules), dtype=np.int64), (self.size,))


FIELDS: tuple[Field, ...] = (
    Field("hand", CARD_VECTOR, encode_hand, decks_bound),
    Field("table", COMBO_ROW, encode_table, combo_bounds),
    Field("table_player", MAX_SEATS, encode_table_player, flag_bound),
    Field("trick_cards", CARD_VECTOR, encode_trick_cards, decks_bound),
    Field("played", MAX_SEATS * CARD_VECTOR, encode_played, decks_bound),
    Field("cards_left", MAX_SEATS, encode_cards_left, cards_left_bound),
    Field("points_won", MAX_SEATS, encode_points_won, points_bound),
    Field("out_place", MAX_SEATS, encode_out_place, place_bound),
    Field("passed", MAX_SEATS, encode_passed, flag_bound),
    Field("declarations", DECLARATION_SEATS * len(DECLARATIONS), encode_declarations, flag_bound),
    Field("phase", len(PHASES), encode_phase, flag_bound),
    Field("seat", MAX_SEATS, encode_seat, flag_bound),
    Field("team", 2, encode_team, flag_bound),
    Field("current_player", MAX_SEATS, encode_current_player, flag_bound),
    Field("rules", len(GAMES) + len(PLAYER_COUNTS) + RULE_FLAGS, encode_rules, flag_bound),
)
"""AI.md §1.1 and §1.5: the fields of the version-2 observation, in order (version 1's, less
``scores`` and the target)."""

PERFECT_FIELDS: tuple[Field, ...] = (
    *FIELDS,
    Field("perfect_hands", MAX_SEATS * CARD_VECTOR, encode_perfect_hands, decks_bound),
)
"""AI.md §1.1: the perfect-information view appends ``perfect_hands``."""

OBSERVATION_SIZE = sum(field.size for field in FIELDS)
PERFECT_OBSERVATION_SIZE = sum(field.size for field in PERFECT_FIELDS)


def fields(perfect_information: bool = False) -> tuple[Field, ...]:
    """The observation's fields, with ``perfect_hands`` when ``perfect_information``."""
    return PERFECT_FIELDS if perfect_information else FIELDS


def field_table(perfect_information: bool = False) -> list[tuple[str, int, int]]:
    """``(name, offset, size)`` for each field, offsets accumulating in order."""
    table = []
    offset = 0
    for field in fields(perfect_information):
        table.append((field.name, offset, field.size))
        offset += field.size
    return table


def observation_values(game: Game, seat: int, perfect_information: bool = False) -> IntArray:
    """AI.md §1.1: ``seat``'s observation as exact integers, the fields in order."""
    view = View(game, seat, game.observation(seat))
    parts = []
    for field in fields(perfect_information):
        part = field.encode(view)
        assert part.shape == (field.size,), (field.name, part.shape)
        parts.append(part)
    return np.concatenate(parts)


def observation(
    game: Game, seat: int, perfect_information: bool = False, dtype: str = "uint8"
) -> npt.NDArray[Any]:
    """AI.md §1.1: ``seat``'s observation vector, in ``dtype`` (bytes by default)."""
    return as_dtype(to_bytes(observation_values(game, seat, perfect_information)), dtype)


@cache
def observation_bounds(rules: Rules, perfect_information: bool = False) -> IntArray:
    """The documented largest value of every entry of the observation under ``rules``
    (memoized and read-only)."""
    return frozen(np.concatenate([field.bounds(rules) for field in fields(perfect_information)]))


# --- the scores (AI.md §1.1) ------------------------------------------------------------------


def scores(game: Game, seat: int) -> npt.NDArray[np.int32]:
    """AI.md §1.1, the scores (``int32``, 7): each relative seat's game score (its team's in
    Zen Cheng You: ``observation["scores"]`` is ``[team 0, team 1]`` there and seat ``s`` is in
    team ``s mod 2``, RULES.md §8.1), zero past ``players``; then the rules' ``target``."""
    observed = game.observation(seat)["scores"]
    players = game.rules.players
    if game.rules.game == "zen_cheng_you":
        per_seat = [observed[s % 2] for s in range(players)]
    else:
        per_seat = list(observed)
    values = np.concatenate(
        [per_relative_seat(per_seat, seat), np.array([game.rules.target], dtype=np.int64)]
    )
    return values.astype(np.int32)


# --- the history (AI.md §1.2) -----------------------------------------------------------------


def history_row(event: Mapping[str, Any], seat: int, rules: Rules) -> IntArray:
    """AI.md §1.2: one row: the combination row (zero for a pass), the player's relative seat
    one-hot, and the pass flag."""
    combo = None if event["type"] == "pass" else event["combo"]
    return move_history_row(combo, event["seat"], seat, rules)


@cache
def move_history_row(combo: str | None, player: int, seat: int, rules: Rules) -> IntArray:
    """:func:`history_row` of the play ``combo`` (None: a pass) by ``player``, seen by ``seat``
    (memoized and read-only)."""
    return frozen(
        np.concatenate(
            [
                combo_row(None if combo is None else parse_combo(combo, rules)),
                relative_one_hot(player, seat, rules.players),
                np.array([int(combo is None)], dtype=np.int64),
            ]
        )
    )


def history(game: Game, seat: int, rows: int = 16, dtype: str = "uint8") -> npt.NDArray[Any]:
    """AI.md §1.2: ``rows x 94``: the last ``play`` and ``pass`` events of the current match,
    most recent first, then zero rows; in ``dtype``."""
    rules = game.rules
    moves = [e for e in current_match_events(game.history) if e["type"] in ("play", "pass")]
    out = np.zeros((rows, HISTORY_ROW), dtype=np.int64)
    for row, event in enumerate(reversed(moves[-rows:] if rows > 0 else [])):
        out[row] = history_row(event, seat, rules)
    return as_dtype(to_bytes(out), dtype)


def history_bounds(rules: Rules) -> IntArray:
    """The documented largest value of every entry of a history row."""
    return np.concatenate([combo_bounds(rules), np.ones(MAX_SEATS + 1, dtype=np.int64)])


# --- moves and actions (AI.md §1.3) -----------------------------------------------------------


def move_row(move: Move) -> IntArray:
    """AI.md §1.3: the combination row of a play (zero for ``pass``, ``blind``, ``declare``),
    then the flags ``pass``, ``blind``, ``declare``."""
    if isinstance(move, str):
        return np.concatenate([combo_row(None), one_hot(MOVE_FLAGS.index(move), 3)])
    return np.concatenate([combo_row(move), zeros(len(MOVE_FLAGS))])


def move_features(moves: Sequence[Move], dtype: str = "uint8") -> npt.NDArray[Any]:
    """AI.md §1.3: one :func:`move_row` per legal move, in the order given; in ``dtype``."""
    out = np.zeros((len(moves), MOVE_ROW), dtype=np.int64)
    for i, move in enumerate(moves):
        out[i] = move_row(move)
    return as_dtype(to_bytes(out), dtype)


def move_bounds(rules: Rules) -> IntArray:
    """The documented largest value of every entry of a move row."""
    return np.concatenate([combo_bounds(rules), np.ones(len(MOVE_FLAGS), dtype=np.int64)])


def action_mask(num_legal: int, max_actions: int) -> BoolArray:
    """AI.md §1.3 dense: ``max_actions`` booleans, true for the first
    ``min(num_legal, max_actions)``."""
    mask = np.zeros(max_actions, dtype=np.bool_)
    mask[: min(num_legal, max_actions)] = True
    return mask


def packed_size(max_actions: int) -> int:
    """AI.md §1.3 packed: ``ceil(max_actions / 8)`` bytes."""
    return -(-max_actions // 8)


def packed_action_mask(num_legal: int, max_actions: int) -> ByteArray:
    """AI.md §1.3 packed: bit ``i % 8`` (least significant first) of byte ``i // 8`` set for
    each legal action ``i``. The legal actions are a prefix, so the whole bytes before the
    prefix's end are 255 and the byte holding its end has its low ``n % 8`` bits set (written
    from that statement, not with ``np.packbits``)."""
    legal = min(num_legal, max_actions)
    out = np.zeros(packed_size(max_actions), dtype=np.uint8)
    out[: legal // 8] = 0xFF
    if legal % 8:
        out[legal // 8] = (1 << (legal % 8)) - 1
    return out


# --- decoding positions, for messages ---------------------------------------------------------


def locate(parts: Sequence[tuple[str, int]], index: int) -> tuple[str, int, int]:
    """The part holding ``index`` of a row laid out as ``parts``: ``(name, offset, size)``."""
    offset = 0
    for name, size in parts:
        if offset <= index < offset + size:
            return name, offset, size
        offset += size
    raise IndexError(index)


def observation_parts(perfect_information: bool) -> list[tuple[str, int]]:
    """The observation's ``(name, size)`` parts, for :func:`locate`."""
    return [(field.name, field.size) for field in fields(perfect_information)]
