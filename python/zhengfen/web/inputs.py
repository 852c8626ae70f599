"""The web's edge: each request's JSON object read, field by field, into a typed value of
:mod:`~zhengfen.web.requested` (a move choice, a new game's settings, a saved game to resume, a
hint) or of the library (the rules, the cards, a :class:`~zhengfen.arena.Tournament`), each
field checked against its type and range, the agents (built-in specs within bounds, and the
learned agents the server offers for the rules: :mod:`zhengfen.web.models`) and cards read by
the core. Anything wrong raises :class:`InputError` (a ``ValueError``: answered with 400)
naming the field and what is wrong, before anything acts; a field the request does not take
is refused. The routes (:mod:`~zhengfen.web.app`) hand each body here unread, and nothing past
this module takes a :class:`Body` (``tests/test_web_edge.py`` reads the sources to hold it).
Nothing from a request is imported or executed: an agent is a spec read by the core's parser.

>>> body = Body({"seat": 1, "opponents": ["greedy"]})
>>> body.integer("seat", 0, 3, 0), body.strings("opponents", ["greedy"])
(1, ['greedy'])
>>> agent("search(determinizations=4)").name
'search(determinizations=4,candidates=8)'
>>> agent("os:system")
Traceback (most recent call last):
...
zhengfen.web.inputs.InputError: agent 'os:system': only the built-in and offered agents can \
play here (random, greedy, search, ismcts, learned, sparta)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final, TypeVar

import zhengfen
from zhengfen.arena import Tournament
from zhengfen.arena import log as arena_log
from zhengfen.errors import ZhengfenError
from zhengfen.web import views
from zhengfen.web.models import BUILT_IN, SHIPPED, Models, Offered
from zhengfen.web.people import person_name
from zhengfen.web.requested import (
    PERSON,
    ByCards,
    ByIndex,
    ByMove,
    HintRequest,
    LoadGame,
    LogSource,
    MoveChoice,
    MoveRequest,
    NewGame,
    Seating,
)

__all__ = [
    "AGENTS",
    "GAMES",
    "SEED_MAX",
    "Body",
    "InputError",
    "agent",
    "agents",
    "cards",
    "check",
    "empty",
    "hand_over",
    "hint",
    "load_game",
    "move",
    "name",
    "new_game",
    "replay_source",
    "rules",
    "seed",
    "tournament",
]

SEED_MAX: Final = 2**64 - 1

GAMES: Final = {"zheng_fen": "Zheng Fen", "zen_cheng_you": "Zen Cheng You"}
"""The games, by name, with their titles."""

AGENTS: Final = BUILT_IN
"""The built-in agents a request may name, with what each does."""

SETTING_BOUNDS: Final = {
    "iterations": 5_000,
    "declare": 5_000,
    "determinizations": 256,
    "candidates": 64,
    "budget": 10_000,
    "tree": 1_000,
}
"""The largest value of each agent setting a request may ask for (they bound the work a move
costs the server). An ismcts decision grows faster than its iterations: on a Zen Cheng You blind
declaration, where each iteration plays a whole match, 5000 iterations of 64 candidates take
seconds, 20000 more than a minute; ``declare``, the iterations of a declaration, is bounded as
``iterations`` is. A sparta decision's ``budget`` counts its rollouts and
forward passes (five times its default here); its ten-million cap in the core would be
minutes a move. Its ``tree`` search (iterations of ``ismcts(policy=learned)``) comes on top
of the budget, so it is held lower than ``iterations``. Its ``belief`` is not bounded: the
forward passes a belief takes are units of the budget, so a decision costs about what it does
without one (``benches/RESULTS.md`` §39: 14.3 against 13.0 ms in Zen Cheng You)."""

MAX_TEXT: Final = 200
"""The longest string field (other than uploads) read."""

T = TypeVar("T")
_MISSING: Any = object()


class InputError(ZhengfenError):
    """A request field that is missing, of the wrong type or out of range."""


class Body:
    """A request's JSON object, read field by field. It remembers the fields asked for, so that
    :meth:`finish` refuses any other before the request acts: a field the route does not take
    is an error, never ignored.

    >>> body = Body({"seat": 1, "colour": "red"})
    >>> body.integer("seat", 0, 3)
    1
    >>> body.finish()
    Traceback (most recent call last):
    ...
    zhengfen.web.inputs.InputError: unknown field 'colour' (this request takes 'seat')
    """

    def __init__(self, data: object) -> None:
        if not isinstance(data, dict):
            raise InputError(f"the request body must be a JSON object, not {_kind(data)}")
        self.data: dict[str, Any] = data
        self.asked: set[str] = set()

    def has(self, name: str) -> bool:
        """Whether the field is given (and not ``null``)."""
        self.asked.add(name)
        return self.data.get(name) is not None

    def raw(self, name: str, default: Any = None) -> Any:
        """The field as sent (``default`` when absent), read by the caller."""
        self.asked.add(name)
        return self.data.get(name, default)

    def one_of(self, *names: str) -> str | None:
        """The one of ``names`` given (``None`` if none); two given contradict each other."""
        given = [name for name in names if self.has(name)]
        if len(given) > 1:
            raise InputError(f"give one of {', '.join(map(repr, given))}, not several")
        return given[0] if given else None

    def finish(self) -> None:
        """Refuses the fields no one asked for (a mistyped name, a field of another request)."""
        unknown = sorted(set(self.data) - self.asked)
        if unknown:
            takes = ", ".join(repr(name) for name in sorted(self.asked)) or "no fields"
            names = ", ".join(repr(_short(name, 30)[1:-1]) for name in unknown[:5])
            plural = "s" if len(unknown) > 1 else ""
            raise InputError(f"unknown field{plural} {names} (this request takes {takes})")

    def _field(self, name: str, default: T) -> Any:
        self.asked.add(name)
        value = self.data.get(name)
        if value is None:
            if default is _MISSING:
                raise InputError(f"'{name}' is required")
            return default
        return value

    def integer(self, name: str, low: int, high: int, default: Any = _MISSING) -> Any:
        """An integer from ``low`` to ``high`` (not a bool, not a float)."""
        value = self._field(name, default)
        if value is default:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"'{name}' must be an integer, not {_kind(value)}")
        if not low <= value <= high:
            raise InputError(f"'{name}' must be from {low} to {high}, not {value}")
        return value

    def string(self, name: str, default: Any = _MISSING, choices: Sequence[str] = ()) -> Any:
        """A string (one of ``choices`` when given)."""
        value = self._field(name, default)
        if value is default:
            return value
        if not isinstance(value, str):
            raise InputError(f"'{name}' must be a string, not {_kind(value)}")
        if choices and value not in choices:
            raise InputError(f"'{name}' must be one of {', '.join(choices)}, not {_short(value)}")
        if len(value) > MAX_TEXT:
            raise InputError(f"'{name}' is longer than {MAX_TEXT} characters")
        return value

    def flag(self, name: str, default: bool) -> bool:
        """A boolean (``default`` when absent)."""
        value = self._field(name, default)
        if not isinstance(value, bool):
            raise InputError(f"'{name}' must be true or false, not {_kind(value)}")
        return value

    def text(self, name: str, limit: int) -> str:
        """A long string (an uploaded log), at most ``limit`` characters."""
        value = self._field(name, _MISSING)
        if not isinstance(value, str):
            raise InputError(f"'{name}' must be a string, not {_kind(value)}")
        if len(value) > limit:
            raise InputError(f"'{name}' is longer than {limit} characters")
        return value

    def strings(self, name: str, default: Any = _MISSING, most: int = 8) -> Any:
        """A list of 1 to ``most`` short strings; one string is taken as a list of one."""
        value = self._field(name, default)
        if value is default:
            return value
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value or len(value) > most:
            raise InputError(f"'{name}' must be a list of 1 to {most} strings")
        for item in value:
            if not isinstance(item, str) or not item or len(item) > MAX_TEXT:
                raise InputError(f"'{name}' must hold non-empty strings, not {_short(item)}")
        return list(value)

    def options(self, name: str) -> dict[str, Any]:
        """Rule options by name: an object of booleans, integers and strings."""
        value = self._field(name, {})
        if not isinstance(value, dict):
            raise InputError(f"'{name}' must be an object of rule options, not {_kind(value)}")
        for key, item in value.items():
            if not isinstance(item, (bool, int, str)) or len(str(item)) > MAX_TEXT:
                raise InputError(f"option '{_short(key)}' must be a boolean, integer or string")
        return dict(value)


def rules(body: Body) -> zhengfen.Rules:
    """The rule set of ``game``, ``players`` and ``options``, read by the core
    (``Rules.from_dict``, which checks each option; the bounds on ``players`` are the core's)."""
    game = body.string("game", choices=list(GAMES))
    options = body.options("options")
    if "game" in options:
        raise InputError("'options' holds no 'game': the game is the 'game' field")
    players = body.integer("players", zhengfen.MIN_PLAYERS, zhengfen.MAX_PLAYERS, None)
    if players is not None and options.get("players", players) != players:
        raise InputError(
            f"'players' is {players} but 'options' gives players {_short(options['players'])}"
        )
    if players is not None:
        options["players"] = players
    try:
        return zhengfen.Rules.from_dict({**options, "game": game})
    except (TypeError, ValueError) as error:
        raise InputError(str(error)) from error


def agent(
    name: str,
    models: Models | None = None,
    rules: zhengfen.Rules | None = None,
    bots: bool = True,
) -> Offered:
    """The agent a request names, read once here: a built-in agent's spec (read by the core,
    its settings within :data:`SETTING_BOUNDS`, named by its canonical spec; ``sparta`` is
    one), or a learned agent ``models`` offers (``learned``, ``learned-NAME``) or a bot it
    offers (refused where ``bots`` is false: a bot plays at tables only); with ``rules``,
    refused unless it plays them (an agent playing the shipped model, ``learned``, ``sparta``
    or a search with ``policy=learned``, where a model ships for them)."""
    models = models or Models()
    if name in models.bots and not bots:
        raise InputError(
            f"agent {_short(name)} is a bot: bots play at tables only, not in hints or tournaments"
        )
    plays = models.plays(name)
    if plays is None or name == "sparta":  # sparta: a built-in spec, bound to the rules
        return _built_in(name, models, rules)
    if rules is not None and (rules.game, rules.players) not in plays:
        if name in SHIPPED:
            raise _none_ships(name, rules)
        (game, players), *_ = plays
        raise InputError(
            f"agent {_short(name)} plays {game} with {players} players, not {rules.game} "
            f"with {rules.players} players"
        )
    return models.offered(name)


def _none_ships(name: str, rules: zhengfen.Rules) -> InputError:
    """The refusal of an agent that plays the model shipped for the rules where none ships
    (``learned``, or a search over that model)."""
    searches = "" if name == "learned" else ", and it searches with one"
    return InputError(
        f"agent {_short(name)}: no learned model ships for {rules.game} with {rules.players} "
        f"players{searches}"
    )


def _built_in(name: str, models: Models, rules: zhengfen.Rules | None) -> Offered:
    """A built-in agent's spec, read by the core and checked against the server's bounds."""
    if ":" in name:
        offered = ", ".join(models.names())
        raise InputError(
            f"agent {_short(name)}: only the built-in and offered agents can play here ({offered})"
        )
    if re.search(r"learned\s*\(", name):
        # A request never names a file on the server (the spec would read it), not even
        # inside another agent's settings (ismcts(policy=learned(model=PATH))).
        raise InputError(f"agent {_short(name)}: model files cannot be named here")
    try:
        read = zhengfen.AgentSpec(name)  # read once: its settings checked on the object
    except (TypeError, ValueError) as error:
        raise InputError(str(error)) from error
    if read.spec == "learned":  # written another way (" learned ")
        return agent(read.spec, models, rules)
    for setting, value in read.settings:
        bound = SETTING_BOUNDS.get(setting)
        if bound is not None and value.isdigit() and int(value) > bound:
            raise InputError(f"agent {_short(name)}: {setting} may be at most {bound} here")
    if rules is not None:  # bound as every entry point binds it: ismcts(policy=learned) ...
        if ("policy", "learned") in read.settings and (
            rules.game,
            rules.players,
        ) not in zhengfen.shipped_models():
            raise _none_ships(name, rules)
        try:
            read.bind(rules)
        except ValueError as error:
            raise InputError(f"agent {_short(name)}: {error}") from error
    return Offered(read.spec, read)


def agents(
    body: Body,
    name: str,
    seats: int,
    default: Sequence[str],
    models: Models | None = None,
    rules: zhengfen.Rules | None = None,
    bots: bool = True,
) -> list[Offered]:
    """One agent per seat of ``seats``: the list ``name`` gives (one per seat, or fewer repeated
    round the table), each text read and checked once by :func:`agent` (against ``rules`` when
    given; bots refused unless ``bots``)."""
    given: list[str] = body.strings(name, list(default), most=max(seats, 1))
    read = _read_each(given, models, rules, bots)
    return [read[given[s % len(given)]] for s in range(seats)]


def _read_each(
    names: Sequence[str], models: Models | None, rules: zhengfen.Rules | None, bots: bool = True
) -> dict[str, Offered]:
    """Each distinct agent text of ``names`` read once (:func:`agent`), by text."""
    return {name: agent(name, models, rules, bots) for name in dict.fromkeys(names)}


def cards(value: object, decks: int) -> zhengfen.Cards:
    """Cards as a request gives them: a list of tokens or one string (``"8c 8d"``)."""
    if isinstance(value, list) and all(isinstance(token, str) for token in value):
        value = " ".join(value)
    if not isinstance(value, str) or len(value) > 4 * 120:
        raise InputError("'cards' must be a list of card tokens or a string of them")
    return zhengfen.parse_cards(value, decks)


def seed(body: Body, default: int) -> int:
    """The ``seed`` field, 0 to 2**64 - 1, else ``default``."""
    value: int = body.integer("seed", 0, SEED_MAX, default)
    return value


def empty(body: Body) -> None:
    """A request that takes no fields (its body ``{}`` or empty)."""
    body.finish()


def move(body: Body, rules: zhengfen.Rules) -> MoveRequest:
    """A person's move (``POST .../move``): by ``index``, ``cards`` or ``move`` (its notation),
    the cards and the notation read by the core for ``rules``, and the ``version`` seen."""
    version = body.integer("version", 0, 2**63, None)
    request = MoveRequest(_choice(body, rules), version)
    body.finish()
    return request


def _choice(body: Body, rules: zhengfen.Rules) -> MoveChoice:
    given = body.one_of("index", "cards", "move")
    if given == "index":
        return ByIndex(body.integer("index", 0, 2**31))
    if given == "cards":
        return ByCards(cards(body.raw("cards"), rules.decks))
    if given == "move":
        return ByMove(views.notation_move(body.string("move"), rules))
    raise InputError("give the move as 'index', 'cards' or 'move'")


def check(body: Body, rules: zhengfen.Rules) -> zhengfen.Cards:
    """The selected cards to check (``POST .../check``: ``cards``, none if absent)."""
    selected = cards(body.raw("cards", []), rules.decks)
    body.finish()
    return selected


def name(body: Body) -> str | None:
    """The name a person gives themselves (``POST .../name``), as others are shown it
    (:func:`~zhengfen.web.people.person_name`; ``None``: none)."""
    given = person_name(body.string("name"))
    body.finish()
    return given


def hint(body: Body, models: Models, rules: zhengfen.Rules, most: int) -> HintRequest:
    """A hint (``POST .../hint``): its ``agent`` (no bot) and ``playouts`` (1 to ``most``)."""
    asked = agent(body.string("agent", "greedy"), models, rules, bots=False)
    playouts: int = body.integer("playouts", 1, most, 16)
    body.finish()
    return HintRequest(asked, playouts)


def hand_over(body: Body, models: Models, rules: zhengfen.Rules) -> Offered:
    """The agent a seat is handed to (``POST .../hand-over/SEAT``: ``agent``)."""
    handed = agent(body.string("agent", "greedy"), models, rules)
    body.finish()
    return handed


def new_game(body: Body, models: Models) -> NewGame:
    """A new game's settings (``POST /api/games``): the rules, ``seat``, ``opponents``,
    ``seed`` (``None`` when not given) and ``hints``."""
    chosen = rules(body)
    seat: int = body.integer("seat", 0, chosen.players - 1, 0)
    dealt = seed(body, 0) if body.has("seed") else None
    seating = _seating(body, chosen, seat, models)
    settings = NewGame(chosen, seating, dealt, body.flag("hints", True))
    body.finish()
    return settings


def load_game(body: Body, limit: int, models: Models) -> LoadGame:
    """A saved game to resume (``POST /api/games/load``): ``saved`` (the text of
    ``Game.to_json()``, at most ``limit`` characters, read as Replay reads it), ``seat``,
    ``opponents``, ``seed`` and ``hints``."""
    saved = body.text("saved", limit)
    game = arena_log.one_game(saved)  # worded as Replay words it; an arena log belongs there
    seat: int = body.integer("seat", 0, game.rules.players - 1, 0)
    drawn = seed(body, 0)
    seating = _seating(body, game.rules, seat, models)
    resumed = LoadGame(game, saved, seating, drawn, body.flag("hints", True))
    body.finish()
    return resumed


def _seating(body: Body, rules: zhengfen.Rules, seat: int, models: Models) -> Seating:
    """The opener's ``seat`` and one entry of ``opponents`` for each other seat (fewer
    repeated round the table): an agent, or ``"person"``."""
    others = [s for s in range(rules.players) if s != seat]
    given: list[str] = body.strings("opponents", ["greedy"], most=max(len(others), 1))
    wanted = {s: given[k % len(given)] for k, s in enumerate(others)}
    people = tuple(s for s in others if wanted[s] == PERSON)
    read = _read_each([name for name in given if name != PERSON], models, rules)
    return Seating(seat, people, {s: read[name] for s, name in wanted.items() if name != PERSON})


def tournament(body: Body, max_deals: int, models: Models) -> Tournament:
    """The tournament a request describes (``POST /api/tournaments``), every field checked
    (API.md); the learned agents ``models`` offers play their models."""
    chosen = rules(body)
    entries = agents(body, "agents", chosen.players, ["greedy", "random"], models, chosen, False)
    whole_games = "matches" in body.data and body.raw("matches") is None
    matches = None if whole_games else body.integer("matches", 1, 100, 1)
    deals: int = body.integer("deals", 1, max_deals, 10)
    drawn = seed(body, 0)
    body.finish()
    return Tournament(
        rules=chosen,
        agents=tuple(_spec(entry) for entry in entries),
        deals=deals,
        seed=drawn,
        matches=matches,
        names=tuple(entry.name for entry in entries),
    )


def _spec(entry: Offered) -> zhengfen.AgentSpec:
    """The built-in or learned agent of an entry (a tournament holds no bots: refused above)."""
    assert isinstance(entry.plays, zhengfen.AgentSpec)
    return entry.plays


def replay_source(body: Body, limit: int) -> LogSource:
    """Where a log to replay comes from (``POST /api/replays``): ``name``, a file of the
    server's folder, or ``text``, the log itself (at most ``limit`` characters)."""
    given = body.one_of("name", "text")
    body.finish()
    if given == "name":
        return LogSource(name=body.string("name"))
    return LogSource(text=body.text("text", limit))


def _kind(value: object) -> str:
    return {
        "NoneType": "null",
        "dict": "an object",
        "list": "a list",
        "str": "a string",
        "bool": "a boolean",
        "int": "an integer",
        "float": "a number",
    }.get(type(value).__name__, type(value).__name__)


def _short(value: object, limit: int = 40) -> str:
    shown = repr(value)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."
