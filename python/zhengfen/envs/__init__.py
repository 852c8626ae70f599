"""Reinforcement-learning environments over :class:`zhengfen.Game` (optional).

This package owns the two environment factories and what the environments share:

- :func:`pettingzoo_env`: a PettingZoo AEC environment, every seat an agent
  (:mod:`zhengfen.envs.pettingzoo_env`);
- :func:`gymnasium_env`: a Gymnasium environment, one learning seat against built-in or
  user agents (:mod:`zhengfen.envs.gymnasium_env`);
- :class:`EnvOptions` (the options both take), :func:`side_points` (the rewards),
  :func:`move_for_action` (actions to moves) and :func:`render_text` (the text rendering).

The factories import their module only when called, so ``import zhengfen.envs`` works without
PettingZoo or Gymnasium installed; calling a factory without them raises an :class:`ImportError`
saying to ``pip install "zhengfen[envs]"``. Nothing here needs NumPy.

>>> from zhengfen.envs import EnvOptions
>>> options = EnvOptions.parse({"game": "zheng_fen", "players": 3, "target": 300})
>>> options.rules.players, options.episode, options.max_actions
(3, 'match', 4096)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, SupportsIndex

from zhengfen import Game, IllegalMoveError, Rules, default_max_actions
from zhengfen.agents import Move

if TYPE_CHECKING:
    from pettingzoo import AECEnv  # type: ignore[import-untyped]

    from zhengfen.envs.gymnasium_env import ZhengfenEnv

__all__ = [
    "EnvOptions",
    "gymnasium_env",
    "move_for_action",
    "pettingzoo_env",
    "render_text",
    "side_points",
]

EPISODES = ("match", "game")
RENDER_MODES = ("ansi", "human")
_INSTALL_HINT = 'pip install "zhengfen[envs]"'


def pettingzoo_env(**options: Any) -> AECEnv:
    """A PettingZoo AEC environment (``ZhengfenAEC`` in an ``OrderEnforcingWrapper``).

    ``options``: ``game`` (``"zheng_fen"`` or ``"zen_cheng_you"``), any rule option of
    :class:`zhengfen.Rules`, and ``episode``, ``max_actions``, ``perfect_information``,
    ``render_mode`` (see :class:`EnvOptions`). Needs ``pettingzoo``.
    """
    try:
        from zhengfen.envs.pettingzoo_env import pettingzoo_env as factory
    except ImportError as error:
        raise ImportError(_missing("pettingzoo", error)) from error
    return factory(**options)


def gymnasium_env(**options: Any) -> ZhengfenEnv:
    """A Gymnasium environment: one learning ``seat`` against ``opponents``.

    ``options``: those of :func:`pettingzoo_env` plus ``seat`` and ``opponents`` (see
    ``ZhengfenEnv``). Needs ``gymnasium``.
    """
    try:
        from zhengfen.envs.gymnasium_env import gymnasium_env as factory
    except ImportError as error:
        raise ImportError(_missing("gymnasium", error)) from error
    return factory(**options)


def _missing(package: str, error: ImportError) -> str:
    """The message for a factory whose optional dependencies are not installed."""
    return f"this environment needs {package} ({error}): {_INSTALL_HINT}"


@dataclass(frozen=True)
class EnvOptions:
    """The options every environment takes, checked.

    - ``rules``: ``zhengfen.Rules(game, **rule_options)``;
    - ``episode``: ``"match"`` (an episode is one match, the default) or ``"game"`` (matches are
      played, ``next_match()`` called automatically, until the game is over);
    - ``max_actions``: the size of the action space (default 4,096 in Zheng Fen, 16,384 in Zen
      Cheng You); action ``i`` is ``game.legal_moves()[i]``, so moves beyond the first
      ``max_actions`` of a legal list cannot be chosen;
    - ``perfect_information``: observations include every hand (for debugging and oracle
      training only);
    - ``render_mode``: ``None``, ``"ansi"`` (``render()`` returns text) or ``"human"`` (prints it).
    """

    rules: Rules
    episode: str = "match"
    max_actions: int = 4096
    perfect_information: bool = False
    render_mode: str | None = None

    @classmethod
    def parse(cls, options: Mapping[str, Any]) -> EnvOptions:
        """Splits ``options`` into the environment's own and the rule options (the rest,
        passed to :class:`zhengfen.Rules` with ``game``, default ``"zheng_fen"``)."""
        rest = dict(options)
        episode = rest.pop("episode", "match")
        max_actions = rest.pop("max_actions", None)
        perfect = rest.pop("perfect_information", False)
        render_mode = rest.pop("render_mode", None)
        rules = Rules(str(rest.pop("game", "zheng_fen")), **rest)
        if episode not in EPISODES:
            raise ValueError(f"episode must be 'match' or 'game', not {episode!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if max_actions is None:
            max_actions = default_max_actions(rules)
        return cls(rules, episode, _positive(max_actions), bool(perfect), render_mode)

    def episode_over(self, game: Game) -> bool:
        """Whether the episode ends now that ``game``'s match is over."""
        return self.episode == "match" or game.game_over


def _positive(max_actions: object) -> int:
    """``max_actions`` as a positive ``int`` (NumPy integers accepted)."""
    if isinstance(max_actions, SupportsIndex) and not isinstance(max_actions, bool):
        value = operator.index(max_actions)
        if value >= 1:
            return value
    raise ValueError(f"max_actions must be a positive integer, not {max_actions!r}")


def side_points(game: Game, seat: int) -> float:
    """The reward of ``seat`` for ``game``'s (finished) match: ``Game.match_result(seat)``, the
    seat's match points in Zheng Fen (they add up to 100 over the seats), its team's points
    minus the other team's in Zen Cheng You (both partners get the same reward, zero-sum
    between the teams). ``VecGame`` rewards the same way.
    """
    return float(game.match_result(seat))


def move_for_action(game: Game, action: object, max_actions: int) -> Move:
    """The move that ``action`` stands for: ``game.legal_moves()[action]``.

    Raises :class:`zhengfen.IllegalMoveError` (naming the action and the number of legal
    moves) when ``action`` is not an integer below both the number of legal moves and
    ``max_actions``.
    """
    if not isinstance(action, SupportsIndex):
        raise IllegalMoveError(f"action {action!r} is not an integer")
    index = operator.index(action)
    legal = game.legal_moves()
    offered = min(len(legal), max_actions)
    if 0 <= index < offered:
        return legal[index]
    raise IllegalMoveError(_illegal_message(game, index, len(legal), offered))


def _illegal_message(game: Game, index: int, legal: int, offered: int) -> str:
    seat = game.current_player
    if seat is None:
        return f"action {index} is not legal: the match is over ({game.phase}), no moves"
    text = f"action {index} is not legal for seat {seat}: there are {legal} legal moves"
    if offered == 0:
        return text
    if offered < legal:
        return f"{text}, of which actions 0 to {offered - 1} are offered (max_actions)"
    return f"{text} (actions 0 to {offered - 1})"


def render_text(game: Game, perfect_information: bool = False) -> str:
    """A readable text of ``game``'s state: whose turn, the table and the trick, cards left,
    hands (the current player's only, or every seat's with ``perfect_information``), the Zen
    Cheng You declarations, the order of going out, the match points so far and the scores."""
    players = game.rules.players
    seat = game.current_player
    title = "Zheng Fen" if game.rules.game == "zheng_fen" else "Zen Cheng You"
    turn = "nobody to move" if seat is None else f"seat {seat} to move"
    lines = [
        f"{title}, {players} players: match {game.match_number + 1}, {game.phase}, {turn}",
        f"table: {_table_text(game)}",
        f"trick: {_trick_text(game.trick)}",
        "cards left: " + ", ".join(f"seat {s} {len(game.hand(s))}" for s in range(players)),
    ]
    shown = range(players) if perfect_information else ([] if seat is None else [seat])
    lines += [f"hand of seat {s}: {_hand_text(game, s, perfect_information)}" for s in shown]
    declarations = game.observation(0).get("declarations")
    if declarations:
        lines.append("declarations: " + ", ".join(f"seat {s} {d}" for s, d in declarations))
    if game.out_order:
        lines.append("out: " + ", ".join(f"seat {s}" for s in game.out_order))
    lines.append(f"match points: {_points_text(game, game.match_points)}")
    lines.append(f"scores: {_points_text(game, game.scores)}")
    return "\n".join(lines)


def _table_text(game: Game) -> str:
    table = game.table
    if table is None:
        return "empty"
    combo, seat = table
    return f"{combo.notation} (seat {seat})"


def _trick_text(trick: Sequence[tuple[int, Move]]) -> str:
    if not trick:
        return "-"
    return "; ".join(
        f"seat {seat} {move if isinstance(move, str) else move.notation}" for seat, move in trick
    )


def _hand_text(game: Game, seat: int, perfect_information: bool) -> str:
    """The seat's hand: as the seat sees it (hidden before the Zen Cheng You blind
    declarations), or as it is with ``perfect_information``."""
    if perfect_information:
        hand = " ".join(str(card) for card in game.hand(seat))
    else:
        hand = str(game.observation(seat)["hand"])
    return hand or "-"


def _points_text(game: Game, points: Sequence[int]) -> str:
    side = "team" if game.rules.game == "zen_cheng_you" else "seat"
    return ", ".join(f"{side} {i} {p}" for i, p in enumerate(points))
