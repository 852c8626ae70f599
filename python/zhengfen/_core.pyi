"""Type stubs for the Rust extension ``zhengfen._core`` (checked by ``mypy.stubtest``).

Every ``int`` argument follows one rule (``rust/zhengfen-py/src/args.rs``): a Python ``int`` or
a numpy integer, not a bool, float, string or ``None`` (``zhengfen.ArgumentTypeError``), inside
the argument's range (``zhengfen.ArgumentError``).
"""

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal, SupportsIndex, final, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeAlias, Unpack

from zhengfen.types import (
    ComboKind,
    Episode,
    Event,
    GameName,
    GameOffer,
    LeadAfterOut,
    MaskForm,
    Move,
    NextLeader,
    NoReadingKind,
    Observation,
    Phase,
    Rank,
    RefusalKind,
    RolloutResult,
    RuleOptions,
    RulesDict,
    Suit,
    TensorDtype,
    Tie,
    Visible,
    _OptionsBesidesPlayers,
)

_CardsLike: TypeAlias = Cards | str | Iterable[Card | str]
_ComboLike: TypeAlias = Combo | Cards | str

_Floats: TypeAlias = npt.NDArray[np.float32]
_Bytes: TypeAlias = npt.NDArray[np.uint8]
#: A tensor's storage (AI.md §1): ``"uint8"`` (default) or ``"float32"``, or the numpy type.
_Bytewise: TypeAlias = Literal["uint8"] | type[np.uint8]
_Floatwise: TypeAlias = Literal["float32"] | type[np.float32]
_DType: TypeAlias = (
    TensorDtype | type[np.uint8] | type[np.float32] | np.dtype[np.uint8] | np.dtype[np.float32]
)
_Agent: TypeAlias = AgentSpec | LearnedModel | str  # a spec string is read where it is given
_Position: TypeAlias = Game | InfoSet
_ModelDtype: TypeAlias = Literal["float32", "float16"] | type[np.float32] | type[np.float16]

ENCODING_VERSION: int
"""The version of the tensor encodings (AI.md §1); it changes whenever a field moves, changes
meaning or changes size."""
OBSERVATION_SIZE: int
"""The length of a seat's observation vector (AI.md §1.1)."""
PERFECT_OBSERVATION_SIZE: int
"""The length of the perfect-information observation, every hand shown (AI.md §1.1)."""
SCORES_SIZE: int
"""The length of the ``int32`` scores vector beside the observation (AI.md §1.1)."""
HISTORY_ROW: int
"""The length of one row of the history tensor (AI.md §1.2)."""
MOVE_ROW: int
"""The length of one row of the legal-move features (AI.md §1.3)."""
COMBO_ROW: int
"""The length of the encoding of one combination (AI.md §1)."""
CARD_VECTOR: int
"""The length of a card vector: one count for each of the 54 cards (AI.md §1)."""
MAX_GAMES: int
"""The most games one ``VecGame`` may hold."""
MIN_PLAYERS: int
"""The fewest players of any game: 3, at a Zheng Fen table (RULES.md §3.1)."""
MAX_PLAYERS: int
"""The most players of any game: 6, at a Zheng Fen table (RULES.md §3.1)."""
MAX_TARGET: int
"""The highest ``target`` a rule set takes: 10,000 (RULES.md §3.5)."""

__all__ = [
    "CARD_VECTOR",
    "COMBO_ROW",
    "ENCODING_VERSION",
    "HISTORY_ROW",
    "MAX_GAMES",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "MOVE_ROW",
    "OBSERVATION_SIZE",
    "PERFECT_OBSERVATION_SIZE",
    "SCORES_SIZE",
    "AgentSpec",
    "Card",
    "Cards",
    "Combo",
    "Game",
    "InfoSet",
    "LearnedModel",
    "MoveList",
    "Rules",
    "SplitMix64",
    "VecGame",
    "_combo_from_notation",
    "_specs_read",
    "agent_seed",
    "beats",
    "canonical_spec",
    "classify",
    "combo_name",
    "deal",
    "deal_seed",
    "default_max_actions",
    "derive_seed",
    "game_offers",
    "legal_moves",
    "move_digest",
    "no_reading",
    "observation_fields",
    "parse_cards",
    "rollouts",
    "rotations",
    "seating",
    "selfplay",
    "shipped_models",
    "shuffle_deck",
]

@final
class Card:
    """One card, numbered in the canonical deck order (RULES.md §1.4), made from its token
    (``Card("Th")``, ``Card("q♠")``, RULES.md §1.3).

    ``str(card)`` is its canonical token (``"10h"``) and ``repr(card)`` recreates it
    (``Card('10h')``). Cards are hashable, equal by index and ordered by index.
    """

    def __new__(cls, token: str) -> Card: ...
    @property
    def index(self) -> int: ...
    @property
    def rank(self) -> Rank: ...
    @property
    def suit(self) -> Suit | None: ...
    @property
    def points(self) -> int: ...
    def __getnewargs__(self) -> tuple[str]: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Cards:
    """An immutable card set; a multiset of up to two copies of a card when ``decks`` is 2
    (RULES.md §1.5).

    ``cards`` is a notation string (as :func:`parse_cards` reads it), or an iterable of
    ``Card`` objects and tokens; ``decks`` is 1 or 2. Iteration yields ``Card`` objects in
    canonical order (a card held twice, twice); ``len()`` counts them; ``card in cards`` takes a
    ``Card`` or a token; ``+`` and ``-`` with another card set give a new ``Cards``. ``str()`` is
    the canonical notation (RULES.md §1.6) and ``repr()`` recreates the set
    (``Cards('3c 10h')``, ``Cards('5c 5c', decks=2)``). Equal and hashed by the multiset of
    cards.
    """

    def __new__(cls, cards: _CardsLike | None = None, decks: int = 1) -> Cards: ...
    @property
    def decks(self) -> int: ...
    @property
    def points(self) -> int: ...
    def count(self, card: Card | str) -> int: ...
    def __len__(self) -> int: ...
    def __contains__(self, card: object, /) -> bool: ...
    def __iter__(self) -> Iterator[Card]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __add__(self, other: _CardsLike, /) -> Cards: ...
    def __sub__(self, other: _CardsLike, /) -> Cards: ...
    # PyO3 generates the reflected operators; they return NotImplemented.
    def __radd__(self, other: object, /) -> Any: ...
    def __rsub__(self, other: object, /) -> Any: ...
    def __getnewargs__(self) -> tuple[str, int]: ...

@final
class Rules:
    """A rule set: the game, its players and its options (RULES.md §3).

    ``game`` is ``"zheng_fen"`` or ``"zen_cheng_you"``; the options and their defaults are those
    of RULES.md §3.1 (Zheng Fen: ``players``, ``jokers_wild``, ``next_leader``, ``target``,
    ``tie``) and §3.2 (Zen Cheng You: ``target``, ``lead_after_out``, ``last_chance``). An unknown
    option or an invalid value raises ``RulesError`` naming the option and the value given
    (RULES.md §3.3, §3.4). Every option of both games is a property; one the game fixes has its
    fixed value. ``repr()`` recreates the rule set (``Rules.zheng_fen(players=4,
    jokers_wild=True, next_leader='first_out', target=500, tie='play_on')``,
    ``Rules.zen_cheng_you(target=1000, lead_after_out='next', last_chance=False)``). Rule sets
    are immutable, hashable and equal by all their fields.
    """

    def __new__(cls, game: GameName, **options: Unpack[RuleOptions]) -> Rules: ...
    @staticmethod
    def zheng_fen(
        players: int | None = None, **options: Unpack[_OptionsBesidesPlayers]
    ) -> Rules: ...
    @staticmethod
    def zen_cheng_you(**options: Unpack[RuleOptions]) -> Rules: ...
    @property
    def game(self) -> GameName:
        """The game: ``"zheng_fen"`` or ``"zen_cheng_you"``."""
    @property
    def players(self) -> int:
        """The number of seats: 3 to 6 in Zheng Fen, 4 in Zen Cheng You (RULES.md §3)."""
    @property
    def decks(self) -> int:
        """The number of decks: 1 in Zheng Fen, 2 in Zen Cheng You."""
    @property
    def jokers_wild(self) -> bool:
        """Whether jokers stand in for other cards (RULES.md §4.2; fixed ``False`` in Zen Cheng
        You)."""
    @property
    def next_leader(self) -> NextLeader:
        """Who leads the next match: ``"first_out"`` or ``"best_score"`` (RULES.md §7.1)."""
    @property
    def target(self) -> int:
        """The score that ends the game, 1 to 10,000 (RULES.md §3.5)."""
    @property
    def match_limit(self) -> int: ...
    @property
    def tie(self) -> Tie:
        """What a tie at the target does: ``"play_on"`` or ``"share"`` (RULES.md §7.7)."""
    @property
    def lead_after_out(self) -> LeadAfterOut:
        """Who leads after the trick's winner has gone out: ``"next"`` or ``"partner"`` (RULES.md
        §11.4)."""
    @property
    def last_chance(self) -> bool:
        """Whether the last chance of RULES.md §11.5 is played (always in Zheng Fen)."""
    def options(self) -> RuleOptions: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> Rules: ...
    def to_dict(self) -> RulesDict: ...
    @staticmethod
    def from_dict(data: Mapping[str, object]) -> Rules: ...
    def __getnewargs_ex__(self) -> tuple[tuple[GameName], RuleOptions]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Combo:
    """One reading of a card set: kind, rank, length and cards (RULES.md §1.7).

    ``str()`` is its combination notation (``"pair 7 1: 7c 7d"``); ``repr()`` is the call that
    recreates it, ``Combo.parse('pair 7 1: 7c 7d', Rules.zheng_fen())`` (``Rules.zen_cheng_you()``
    for two decks). Equal and hashed by kind, rank, length and cards. The kind and rank names are
    those of RULES.md §4 (Zheng Fen) and §8 (Zen Cheng You).
    """

    @staticmethod
    def parse(text: str, rules: Rules) -> Combo: ...
    @property
    def kind(self) -> ComboKind:
        """The kind of the combination (RULES.md §4, §8), for example ``"pair"``."""
    @property
    def rank(self) -> Rank:
        """The rank it is read at: ``"3"`` to ``"RJ"``, ``"joker"`` for a group of jokers in Zen
        Cheng You, or a special's rank (RULES.md §1.7)."""
    @property
    def length(self) -> int:
        """The number of groups in a sequence, of cards in a straight, straight flush or bomb, else
        1 (RULES.md §1.7)."""
    @property
    def cards(self) -> Cards:
        """The cards played."""
    @property
    def notation(self) -> str: ...
    def __reduce__(self) -> tuple[Any, tuple[str, int]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class SplitMix64:
    """The SplitMix64 stream of RULES.md §2.1, started from ``seed`` (0 to 2**64 - 1)."""

    def __new__(cls, seed: int) -> SplitMix64: ...
    @property
    def state(self) -> int: ...
    def next(self) -> int: ...
    def uniform(self, n: int) -> int: ...
    def __getnewargs__(self) -> tuple[int]: ...

@final
class Game:
    """A game of Zheng Fen or Zen Cheng You, played match after match, decision by decision, as
    RULES.md §12 states it. ``Game(rules, seed)`` deals the first match from ``seed`` (0 when
    ``None``; RULES.md §12.2).

    A call that raises leaves the game unchanged. ``copy()`` (also ``copy.copy`` and
    ``copy.deepcopy``) gives an independent game, and games pickle. ``repr()`` reads
    ``<Game zheng_fen match 0 play, seat 3 to move>``. The AI layer's methods (the tensors,
    ``action_mask``, ``resample``, ``info_set``) are specified in AI.md.
    """

    def __new__(cls, rules: Rules, seed: int | None = None) -> Game: ...
    @staticmethod
    def from_hands(
        rules: Rules, hands: Iterable[_CardsLike], leader: int, seed: int | None = None
    ) -> Game: ...
    @staticmethod
    def from_json(text: str) -> Game: ...
    @property
    def rules(self) -> Rules:
        """The rule set the game is played under."""
    @property
    def current_player(self) -> int | None:
        """The seat to move, or ``None`` when nobody is to move (RULES.md §12.1)."""
    @property
    def phase(self) -> Phase:
        """``"blind_declare"``, ``"declare"``, ``"play"``, ``"match_over"`` or ``"game_over"``
        (RULES.md §12.1)."""
    @property
    def match_number(self) -> int:
        """The number of the match being played, from 0."""
    @property
    def match_over(self) -> bool:
        """Whether the match is over (true in the phases ``match_over`` and ``game_over``)."""
    @property
    def game_over(self) -> bool:
        """Whether the game is over: a score has reached the target (RULES.md §7.7, §11.8)."""
    @property
    def out_order(self) -> list[int]:
        """The seats that have gone out this match, in order."""
    @property
    def match_points(self) -> list[int]:
        """Each seat's points of the current match (RULES.md §12.5)."""
    @property
    def scores(self) -> list[int]:
        """Each seat's score in the game so far (RULES.md §12.5)."""
    @property
    def winners(self) -> list[int]:
        """The seats that won the game; empty until it is over."""
    @property
    def decisions(self) -> list[str]:
        """The moves so far as notation, with ``"next_match"`` for each call of ``next_match()``
        (RULES.md §12.7)."""
    @property
    def table(self) -> tuple[Combo, int] | None: ...
    @property
    def trick(self) -> list[tuple[int, Combo | Literal["pass"]]]: ...
    @property
    def history(self) -> list[Event]: ...
    def hand(self, seat: int) -> Cards: ...
    def refusal(self, seat: int, cards: _CardsLike) -> tuple[RefusalKind, str] | None: ...
    def rewound(self, k: int) -> Game: ...
    def legal_moves(self) -> MoveList: ...
    def play(self, mv: Move | str) -> None: ...
    def play_index(self, index: int) -> None: ...
    def next_match(self) -> None: ...
    def observation(self, seat: int) -> Observation: ...
    def visible(self, seat: int | None = None) -> Visible: ...
    def visible_events(self, seat: int | None = None, since: int = 0) -> list[Visible]: ...
    @overload
    def observation_tensor(
        self, seat: int, perfect_information: bool = False, dtype: _Bytewise = "uint8"
    ) -> _Bytes: ...
    @overload
    def observation_tensor(
        self, seat: int, perfect_information: bool = False, *, dtype: _Floatwise
    ) -> _Floats: ...
    @overload
    def observation_tensor(
        self, seat: int, perfect_information: bool = False, *, dtype: _DType
    ) -> npt.NDArray[Any]: ...
    def score_tensor(self, seat: int) -> npt.NDArray[np.int32]: ...
    @overload
    def history_tensor(self, seat: int, rows: int = 16, dtype: _Bytewise = "uint8") -> _Bytes: ...
    @overload
    def history_tensor(self, seat: int, rows: int = 16, *, dtype: _Floatwise) -> _Floats: ...
    @overload
    def history_tensor(self, seat: int, rows: int = 16, *, dtype: _DType) -> npt.NDArray[Any]: ...
    @overload
    def legal_move_features(self, dtype: _Bytewise = "uint8") -> _Bytes: ...
    @overload
    def legal_move_features(self, dtype: _Floatwise) -> _Floats: ...
    @overload
    def legal_move_features(self, dtype: _DType) -> npt.NDArray[Any]: ...
    @overload
    def action_mask(
        self, max_actions: int, packed: Literal[False] = False
    ) -> npt.NDArray[np.bool_]: ...
    @overload
    def action_mask(self, max_actions: int, packed: Literal[True]) -> _Bytes: ...
    @overload
    def action_mask(self, max_actions: int, packed: bool) -> npt.NDArray[Any]: ...
    def resample(self, seat: int, rng: int | SplitMix64) -> Game: ...
    def info_set(self, seat: int) -> InfoSet: ...
    def side(self, seat: int) -> int: ...
    def match_result(self, seat: int) -> int: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any, /) -> Game: ...
    def to_json(self) -> str: ...
    def __getstate__(self) -> str: ...
    def __setstate__(self, state: str, /) -> None: ...
    def __getnewargs__(self) -> tuple[Rules]: ...

@final
class MoveList(Sequence[Move]):
    """The legal moves of one position, made when asked for (``Game.legal_moves``): a read-only
    sequence equal to the list of its items; slices and ``+`` give lists; pickled as a list.

    A ``collections.abc.Sequence`` that makes each item only when it is asked for: ``len``,
    indexing (negative indices too), iteration, ``in``, ``index``, ``count`` and ``repr`` behave
    as for a list of the same items, ``==`` holds with a list of equal items, and a slice, ``+``
    with a list and the ``list`` constructor give a plain list. It is immutable (no ``sort``,
    ``append`` or item assignment: make a ``list`` of it to change it, or for what wants a real
    list, such as the ``json`` module); ``copy.copy`` and ``copy.deepcopy`` give the same object.
    It stays valid after the game moves on: it still lists the moves of the position it was made
    for.
    """

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: SupportsIndex, /) -> Move: ...
    @overload
    def __getitem__(self, index: slice, /) -> list[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, value: object, /) -> bool: ...
    def index(self, value: object, start: int = 0, stop: int = ...) -> int: ...
    def count(self, value: object) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __add__(self, other: list[Move] | MoveList, /) -> list[Move]: ...
    def __radd__(self, other: list[Move], /) -> list[Move]: ...
    def __copy__(self) -> MoveList: ...
    def __deepcopy__(self, memo: Any, /) -> MoveList: ...
    def __reduce__(self) -> tuple[type[list[Move]], tuple[list[Move]]]: ...

@final
class InfoSet:
    """What one seat knows of a game; agents search from it."""

    @property
    def seat(self) -> int: ...
    def observation(self) -> Observation: ...
    @overload
    def observation_tensor(self, dtype: _Bytewise = "uint8") -> _Bytes: ...
    @overload
    def observation_tensor(self, dtype: _Floatwise) -> _Floats: ...
    @overload
    def observation_tensor(self, dtype: _DType) -> npt.NDArray[Any]: ...
    def score_tensor(self) -> npt.NDArray[np.int32]: ...
    @overload
    def history_tensor(self, rows: int = 16, dtype: _Bytewise = "uint8") -> _Bytes: ...
    @overload
    def history_tensor(self, rows: int = 16, *, dtype: _Floatwise) -> _Floats: ...
    @overload
    def history_tensor(self, rows: int = 16, *, dtype: _DType) -> npt.NDArray[Any]: ...
    def legal_moves(self) -> list[Move]: ...
    def resample(self, rng: int | SplitMix64) -> Game: ...
    def choose(self, agent: _Agent, seed: int | SplitMix64 = 0) -> int: ...
    def evaluate(
        self, moves: Iterable[int], determinizations: int = 8, seed: int = 0
    ) -> list[float]: ...

@final
class AgentSpec:
    """A built-in agent, its spec read once by the core or made from typed settings
    (:meth:`search`, :meth:`ismcts`, :meth:`sparta`: no spec text written or read; AI.md §4):
    its settings and model.

    A spec the parser refuses raises ``ArgumentError``. In the canonical ``spec`` a model path
    holding a comma, a blank, a parenthesis or a ``"`` is quoted
    (``AgentSpec('learned(model="runs/a,b (1)/model.safetensors")')``). An ``AgentSpec``
    pickles with its model's weights and compares by its spec and weights; every function that
    takes an agent (``rollouts``, ``VecGame``, ``InfoSet.choose``, ``selfplay``, the agents, the
    arena, the environments) uses it as it is, reading nothing again.
    """

    def __new__(cls, spec: str) -> AgentSpec: ...
    @staticmethod
    def random() -> AgentSpec: ...
    @staticmethod
    def greedy() -> AgentSpec: ...
    @staticmethod
    def search(determinizations: int = 8, candidates: int = 8) -> AgentSpec: ...
    @staticmethod
    def ismcts(
        iterations: int | None = None,
        playout: str | None = None,
        exploration: float | None = None,
        candidates: int | None = None,
        policy: str | AgentSpec | LearnedModel | None = None,
        declare: int | None = None,
    ) -> AgentSpec: ...
    @staticmethod
    def sparta(
        candidates: int | None = None,
        budget: int | None = None,
        threshold: float | None = None,
        z: float | None = None,
        policy: str | AgentSpec | LearnedModel | None = None,
        tree: int | None = None,
        belief: float | None = None,
    ) -> AgentSpec: ...
    @staticmethod
    def learned(model: LearnedModel | str | os.PathLike[str] | None = None) -> AgentSpec: ...
    def with_model(self, model: LearnedModel) -> AgentSpec: ...
    def bind(self, rules: Rules) -> AgentSpec: ...
    @property
    def spec(self) -> str: ...
    @property
    def name(self) -> Literal["random", "greedy", "search", "ismcts", "sparta", "learned"]: ...
    @property
    def settings(self) -> list[tuple[str, str]]: ...
    @property
    def model_file(self) -> str | None: ...
    @property
    def model(self) -> LearnedModel | None: ...
    @staticmethod
    def _restore(spec: str, model: LearnedModel | None) -> AgentSpec: ...
    def __reduce__(self) -> tuple[Any, tuple[str, LearnedModel | None]]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LearnedModel:
    """A learned model of the format ``zhengfen-dmc-1`` or ``zhengfen-dmc-2`` (AI.md §7), its
    weights float32."""

    @staticmethod
    def load(path: str | os.PathLike[str]) -> LearnedModel: ...
    @staticmethod
    def from_bytes(data: bytes) -> LearnedModel: ...
    @staticmethod
    def shipped(rules: Rules) -> LearnedModel: ...
    @staticmethod
    def from_arrays(
        metadata: Mapping[str, str], tensors: Mapping[str, npt.NDArray[Any]]
    ) -> LearnedModel: ...
    def to_bytes(self, dtype: _ModelDtype = "float32") -> bytes: ...
    def save(self, path: str | os.PathLike[str], dtype: _ModelDtype = "float32") -> None: ...
    @property
    def metadata(self) -> dict[str, str]: ...
    @property
    def game(self) -> Literal["zheng_fen", "zen_cheng_you"]: ...
    @property
    def players(self) -> int: ...
    @property
    def history_rows(self) -> int: ...
    @property
    def layers(self) -> list[int]: ...
    @property
    def residual(self) -> bool: ...
    @property
    def state_size(self) -> int: ...
    def tensors(self) -> dict[str, _Floats]: ...
    def q_values(self, game_or_info_set: _Position) -> _Floats: ...
    def state_features(self, game_or_info_set: _Position) -> _Floats: ...
    def forward(self, states: _Floats, moves: _Floats) -> _Floats: ...
    def __reduce__(self) -> tuple[Any, tuple[bytes]]: ...

def shipped_models() -> list[tuple[str, int]]: ...

_Output: TypeAlias = tuple[dict[str, npt.NDArray[Any]], _Floats, npt.NDArray[np.bool_]]

@final
class VecGame:
    """A batch of games stepped together from arrays of move indices."""

    def __new__(
        cls,
        rules: Rules,
        num_games: int,
        seed: int = 0,
        *,
        episode: Episode = "match",
        max_actions: int | None = None,
        history: int = 8,
        perfect_information: bool = False,
        agents: Iterable[_Agent | None] | None = None,
        threads: int = 1,
        dtype: _DType = "uint8",
        mask: MaskForm | None = None,
        copy: bool = False,
        play_forced: bool = False,
        auto_reset: bool = True,
    ) -> VecGame: ...
    def reset(self, seed: int | None = None) -> dict[str, npt.NDArray[Any]]: ...
    def step(self, actions: npt.ArrayLike) -> _Output: ...
    def legal_move_features(
        self, dtype: _DType = "uint8"
    ) -> tuple[npt.NDArray[Any], npt.NDArray[np.int64]]: ...
    def legal_moves(self, j: int) -> list[Move]: ...
    def game(self, j: int) -> Game: ...
    def agent_actions(self, agent: _Agent, seed: int = 0) -> npt.NDArray[np.int64]: ...
    @property
    def episode_seeds(self) -> npt.NDArray[np.uint64]: ...
    @property
    def finished(self) -> npt.NDArray[np.bool_]: ...
    @property
    def num_games(self) -> int:
        """The number of games in the batch."""
    @property
    def max_actions(self) -> int:
        """The size of the action space: a position offers its first ``min(num_legal, max_actions)``
        moves (AI.md §1.3)."""
    @property
    def observation_size(self) -> int:
        """The length of one observation row (AI.md §2)."""
    @property
    def bytes_per_game(self) -> int: ...
    @property
    def rules(self) -> Rules:
        """The rule set every game of the batch is played under."""
    def __len__(self) -> int: ...

def rollouts(
    rules: Rules,
    agents: Iterable[_Agent],
    num_deals: int,
    seed: int = 0,
    *,
    first_deal: int = 0,
    duplicate: bool = False,
    matches: int | None = None,
    threads: int = 1,
    logs: bool = False,
    stop: Callable[[], object] | None = None,
) -> RolloutResult: ...
def selfplay(
    rules: Rules,
    model: LearnedModel,
    num_episodes: int,
    seed: int = 0,
    *,
    first_episode: int = 0,
    agents: Sequence[_Agent | None] | None = None,
    epsilon: float = 0.1,
    threads: int = 1,
    games_per_thread: int = 64,
    search: int | str | AgentSpec | None = None,
    played_by: Literal["search", "model"] = "search",
    cap_untried: int = 0,
    stop: Callable[[], object] | None = None,
) -> dict[str, npt.NDArray[Any]]: ...
def canonical_spec(agent: _Agent, rules: Rules | None = None) -> str: ...
def _specs_read() -> int: ...
def default_max_actions(rules: Rules) -> int: ...
def derive_seed(base: int, index: int) -> int: ...
def deal_seed(seed: int, deal: int) -> int: ...
def agent_seed(game_seed: int, seat: int, rotation: int = 0) -> int: ...
def seating(players: int, rotation: int) -> list[int]: ...
def rotations(agents: Sequence[str], duplicate: bool = True) -> int: ...
def observation_fields(perfect_information: bool = False) -> list[tuple[str, int, int, str]]: ...
def parse_cards(text: str, decks: int = 1) -> Cards: ...
def classify(cards: _CardsLike, rules: Rules) -> list[Combo]: ...
def combo_name(combo: Combo, suit: bool = True) -> str: ...
def no_reading(cards: _CardsLike, rules: Rules) -> tuple[NoReadingKind, str] | None: ...
def beats(challenger: _ComboLike, table: _ComboLike, rules: Rules) -> bool: ...
def legal_moves(hand: _CardsLike, table: _ComboLike | None, rules: Rules) -> list[Combo]: ...
def move_digest(moves: Iterable[Combo | str]) -> str: ...
def game_offers() -> list[GameOffer]: ...
def deal(rules: Rules, seed: int | SplitMix64, first_drawer: int = 0) -> list[Cards]: ...
def shuffle_deck(decks: int, rng: int | SplitMix64) -> list[Card]: ...
def _combo_from_notation(text: str, decks: int) -> Combo: ...
