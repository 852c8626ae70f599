"""The options both environments take, and the checks on them and on seeds.

Every bad option raises a :class:`zhengfen.ZhengfenError` (a ``ValueError``) naming it:
:class:`zhengfen.errors.EnvError` for the environment's own options and unknown names,
:class:`zhengfen.RulesError` for a bad value of a rule option.

>>> options = EnvOptions.parse({"game": "zheng_fen", "players": 3, "target": 300})
>>> options.rules.players, options.episode, options.max_actions, options.illegal_action
(3, 'match', 4096, 'terminate')
>>> options.illegal_reward
-100.0
>>> zen = EnvOptions.parse({"rules": Rules.zen_cheng_you(target=300)})
>>> zen.rules.target, zen.max_actions, zen.illegal_reward
(300, 16384, -800.0)
>>> EnvOptions.parse({"max_actions": 0})
Traceback (most recent call last):
...
zhengfen.errors.EnvError: max_actions must be an integer from 1 to 1048576, not 0
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Real
from typing import Any, cast

import numpy as np

from zhengfen import Game, Rules, RulesError, default_max_actions
from zhengfen.envs._rewards import worst_reward
from zhengfen.errors import EnvError
from zhengfen.types import GameName, TensorDtype

__all__ = [
    "DTYPES",
    "ENV_OPTIONS",
    "EPISODES",
    "ILLEGAL_ACTIONS",
    "MAX_ACTIONS_LIMIT",
    "RENDER_MODES",
    "EnvOptions",
    "check_seed",
    "index_or_none",
    "integer",
]

EPISODES = ("match", "game")
#: The storage of the observation (AI.md §1): bytes, or the float32 view.
DTYPES = ("uint8", "float32")
RENDER_MODES = ("ansi", "human")
#: What an action that is in the action space but not legal now does (AI.md §6).
ILLEGAL_ACTIONS = ("terminate", "penalize", "raise")
#: The largest action space: masks are one byte an action, so 1 MiB an observation.
MAX_ACTIONS_LIMIT = 2**20
#: The options of the environments themselves (the rest are rule options), with the
#: Gymnasium environment's ``seat`` and ``opponents``.
ENV_OPTIONS = (
    "rules",
    "game",
    "episode",
    "max_actions",
    "perfect_information",
    "dtype",
    "render_mode",
    "illegal_action",
    "illegal_reward",
)
_SEED_LIMIT = 2**64


@dataclass(frozen=True)
class EnvOptions:
    """The options every environment takes, checked.

    - ``rules``: a :class:`zhengfen.Rules`, given as ``rules=`` or made as
      ``zhengfen.Rules(game, **rule_options)`` (``game`` defaults to ``"zheng_fen"``); with
      ``rules=`` no rule option is given beside it, and a ``game`` only if it is the rules' own
      (``gymnasium.make("zhengfen/ZenChengYou-v0", rules=...)`` passes its game);
    - ``episode``: ``"match"`` (an episode is one match, the default) or ``"game"`` (matches are
      played, ``next_match()`` called automatically, until the game is over);
    - ``max_actions``: the size of the action space, 1 to 2**20 (default: the rules' own,
      :func:`zhengfen.default_max_actions`, 4,096 in Zheng Fen, 16,384 in Zen Cheng You);
      action ``i`` is ``game.legal_moves()[i]``, so moves beyond the first ``max_actions`` of a
      legal list cannot be chosen;
    - ``perfect_information``: observations include every hand (for debugging and oracle
      training only);
    - ``dtype``: the observation's storage, ``"uint8"`` (the default) or ``"float32"`` (the
      same values, AI.md §1);
    - ``render_mode``: ``None``, ``"ansi"`` (``render()`` returns text) or ``"human"`` (prints it);
    - ``illegal_action``: what an action of the action space that is not legal now does:
      ``"terminate"`` (the default, as PettingZoo's classic games do: the episode ends, the
      player who chose it gets ``illegal_reward`` and the others 0, nothing is played),
      ``"penalize"`` (nothing is played, the player gets ``illegal_reward`` and is to move
      again), or ``"raise"`` (:class:`zhengfen.IllegalMoveError`, nothing changes);
    - ``illegal_reward``: a finite number, by default below every match result of the rules
      (:func:`zhengfen.envs.worst_reward`: -100 in Zheng Fen, -800 in Zen Cheng You, AI.md §6).

    ``max_actions`` and ``illegal_reward`` have no field defaults: theirs depend on the rules
    (:meth:`parse` and :meth:`of` fill them in).
    """

    rules: Rules
    max_actions: int
    illegal_reward: float
    episode: str = "match"
    perfect_information: bool = False
    dtype: TensorDtype = "uint8"
    render_mode: str | None = None
    illegal_action: str = "terminate"

    @classmethod
    def of(cls, rules: Rules, **options: Any) -> EnvOptions:
        """The options of ``rules`` with the environment's own ``options`` (checked as
        :meth:`parse` checks them; the defaults are the rules' own).

        >>> EnvOptions.of(Rules.zheng_fen(players=5)).illegal_reward
        -100.0
        """
        return cls.parse({**options, "rules": rules})

    @classmethod
    def parse(cls, options: Mapping[str, Any]) -> EnvOptions:
        """Splits ``options`` into the environment's own and the rule options (the rest,
        passed to :class:`zhengfen.Rules` with ``game``, or ``rules`` itself), checking every
        one."""
        rules = _given_rules(options)
        max_actions = options.get("max_actions")
        illegal_reward = options.get("illegal_reward")
        return cls(
            rules=rules,
            max_actions=(
                default_max_actions(rules) if max_actions is None else _max_actions(max_actions)
            ),
            illegal_reward=(
                worst_reward(rules) if illegal_reward is None else _reward(illegal_reward)
            ),
            episode=_choice("episode", options.get("episode", "match"), EPISODES),
            perfect_information=_flag(
                "perfect_information", options.get("perfect_information", False)
            ),
            dtype=cast(TensorDtype, _choice("dtype", options.get("dtype", "uint8"), DTYPES)),
            render_mode=_render_mode(options.get("render_mode")),
            illegal_action=_choice(
                "illegal_action", options.get("illegal_action", "terminate"), ILLEGAL_ACTIONS
            ),
        )

    def episode_over(self, game: Game) -> bool:
        """Whether the episode ends now that ``game``'s match is over."""
        return self.episode == "match" or game.game_over

    def episode_cut(self, game: Game) -> bool:
        """Whether a whole-game episode is cut short (truncated) now that ``game``'s match is
        over and the game is not: after ``rules.match_limit`` matches (RULES.md §3.5), as
        ``VecGame`` and ``rollouts`` do."""
        return game.match_number + 1 >= self.rules.match_limit


def _given_rules(options: Mapping[str, Any]) -> Rules:
    """The rules of ``options``: ``rules`` (a :class:`zhengfen.Rules`, with no rule option
    beside it and a ``game`` only if it is the rules' own), else ``game`` and the rule
    options."""
    rest = dict(options)
    given = rest.pop("rules", None)
    if given is None:
        return _rules(rest.pop("game", "zheng_fen"), rest, ENV_OPTIONS)
    if not isinstance(given, Rules):
        raise EnvError(f"rules must be a zhengfen.Rules, not {type(given).__name__}")
    game = rest.pop("game", given.game)
    if game != given.game:
        raise EnvError(f"game {game!r} is not the game of the rules given ({given.game!r})")
    beside = sorted(name for name in rest if name not in ENV_OPTIONS)
    if beside:
        raise EnvError(
            f"rule option {beside[0]!r} given beside rules=: set it in the Rules instead"
        )
    return given


def _rules(game: object, options: dict[str, Any], own: tuple[str, ...]) -> Rules:
    """``Rules(game, **rule_options)``, where ``options`` less the names in ``own`` are the rule
    options; an unknown name is refused listing both kinds of option."""
    if not isinstance(game, str):
        raise RulesError(f"game must be 'zheng_fen' or 'zen_cheng_you', not {game!r}")
    name = cast(GameName, game)  # Rules refuses any other name
    rule_options = {k: v for k, v in options.items() if k not in own}
    try:
        return Rules(name, **rule_options)
    except RulesError as error:
        known = {"players", *Rules(name).options()}
        unknown = sorted(name for name in rule_options if name not in known)
        if not unknown:
            raise
        raise EnvError(
            f"unknown option {unknown[0]!r}: the environment options are "
            f"{', '.join(own)}; the rule options of {game} are {', '.join(sorted(known))}"
        ) from error


def integer(name: str, value: object, low: int, high: int, high_text: str = "") -> int:
    """``value`` as an ``int`` from ``low`` to ``high`` (Python or NumPy integers, 0-d integer
    arrays; not ``bool``), else :class:`zhengfen.errors.EnvError` naming ``name`` and the range
    (``high`` written as ``high_text`` when given)."""
    number = index_or_none(value)
    if number is None or not low <= number <= high:
        raise EnvError(
            f"{name} must be an integer from {low} to {high_text or high}, not {value!r}"
        )
    return number


def index_or_none(value: object) -> int | None:
    """``operator.index(value)``, or ``None`` for what is not an integer."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        return None
    try:
        return operator.index(value)
    except TypeError:  # a NumPy array of several elements, or not of integers
        return None


def check_seed(seed: object) -> int | None:
    """A reset seed: ``None`` or an integer from 0 to 2**64 - 1 (NumPy integers accepted)."""
    if seed is None:
        return None
    return integer("seed", seed, 0, _SEED_LIMIT - 1, "2**64 - 1")


def _max_actions(value: object) -> int:
    return integer("max_actions", value, 1, MAX_ACTIONS_LIMIT)


def _choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    if isinstance(value, str) and value in choices:
        return value
    names = ", ".join(repr(c) for c in choices)
    raise EnvError(f"{name} must be one of {names}, not {value!r}")


def _render_mode(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, str) and value in RENDER_MODES:
        return value
    raise EnvError(f"render_mode must be None, 'ansi' or 'human', not {value!r}")


def _flag(name: str, value: object) -> bool:
    """A ``bool`` (or NumPy ``bool_``): ``"no"`` or ``0`` would be read the wrong way."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise EnvError(f"{name} must be True or False, not {value!r}")


def _reward(value: object) -> float:
    if isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise EnvError(f"illegal_reward must be a finite number, not {value!r}")
