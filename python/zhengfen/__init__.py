"""zhengfen: the rules engine for the Chinese climbing card games Zheng Fen and Zen Cheng You.

The rules are stated in ``RULES.md``; this package is a thin layer over a Rust core
(``zhengfen._core``). :mod:`zhengfen.reference` is an independent pure-Python implementation of
the same API, used to cross-check the core. :mod:`zhengfen.types` names the shapes of what the
engine hands out (moves, phases, events, observations, saved games) for annotations.
The ``zhengfen`` command is :mod:`zhengfen.cli`; each of its commands has a package of its own:
:mod:`zhengfen.arena`, :mod:`zhengfen.terminal` (``play``, ``replay``, ``demo``),
:mod:`zhengfen.web` (``serve``, ``export``), :mod:`zhengfen.train`, :mod:`zhengfen.conformance`
and :mod:`zhengfen.docs`.

>>> import zhengfen
>>> rules = zhengfen.Rules.zheng_fen(players=4)
>>> [str(c) for c in zhengfen.classify("7h BJ RJ", rules)]
['triple 7 1: 7h BJ RJ']
>>> zhengfen.beats("7c 7d 8c 8d 9c 9d", "6c 6d 7h 7s 8h 8s", rules)
True
>>> sorted(str(m) for m in zhengfen.legal_moves("7c 7d 9s BJ", "8h 8s", rules))
['pair 9 1: 9s BJ']

The documented submodules (:data:`SUBMODULES`) are reached from the package without importing
each first: ``zhengfen.agents.GreedyAgent``. Each is imported when first reached, so ``import
zhengfen`` stays light (the ``envs``, ``train`` and ``web`` extras are imported only then).

>>> zhengfen.agents.GreedyAgent().spec
'greedy'
"""

from __future__ import annotations

import importlib
import warnings
from typing import TYPE_CHECKING

from zhengfen import types
from zhengfen._core import (
    CARD_VECTOR,
    COMBO_ROW,
    ENCODING_VERSION,
    HISTORY_ROW,
    MAX_PLAYERS,
    MAX_TARGET,
    MIN_PLAYERS,
    MOVE_ROW,
    OBSERVATION_SIZE,
    PERFECT_OBSERVATION_SIZE,
    SCORES_SIZE,
    AgentSpec,
    Card,
    Cards,
    Combo,
    Game,
    InfoSet,
    LearnedModel,
    MoveList,
    Rules,
    SplitMix64,
    VecGame,
    beats,
    canonical_spec,
    classify,
    deal,
    default_max_actions,
    derive_seed,
    game_offers,
    legal_moves,
    move_digest,
    no_reading,
    observation_fields,
    parse_cards,
    rollouts,
    selfplay,
    shipped_models,
    shuffle_deck,
)
from zhengfen._version import __version__
from zhengfen.errors import (
    ArgumentError,
    ArgumentTypeError,
    BotError,
    ClosedStreamError,
    ConformanceError,
    EnvError,
    IllegalMoveError,
    InvalidCardsError,
    InvalidComboError,
    InvalidStateError,
    ModelError,
    RayConnectionError,
    RulesError,
    ZhengfenError,
)
from zhengfen.text import history_text


def agent_spec(agent: AgentSpec | LearnedModel | str, rules: Rules | None = None) -> str:
    """Deprecated (issue 48): :func:`canonical_spec`, under its old name, which read as if it
    made an :class:`AgentSpec`. Warns, then returns ``canonical_spec(agent, rules)``."""
    warnings.warn(
        "zhengfen.agent_spec is deprecated: use zhengfen.canonical_spec",
        DeprecationWarning,
        stacklevel=2,
    )
    return canonical_spec(agent, rules)


__all__ = [
    "CARD_VECTOR",
    "COMBO_ROW",
    "ENCODING_VERSION",
    "HISTORY_ROW",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "MOVE_ROW",
    "OBSERVATION_SIZE",
    "PERFECT_OBSERVATION_SIZE",
    "SCORES_SIZE",
    "AgentSpec",
    "ArgumentError",
    "ArgumentTypeError",
    "BotError",
    "Card",
    "Cards",
    "ClosedStreamError",
    "Combo",
    "ConformanceError",
    "EnvError",
    "Game",
    "IllegalMoveError",
    "InfoSet",
    "InvalidCardsError",
    "InvalidComboError",
    "InvalidStateError",
    "LearnedModel",
    "ModelError",
    "MoveList",
    "RayConnectionError",
    "Rules",
    "RulesError",
    "SplitMix64",
    "VecGame",
    "ZhengfenError",
    "__version__",
    "agent_spec",
    "beats",
    "canonical_spec",
    "classify",
    "deal",
    "default_max_actions",
    "derive_seed",
    "game_offers",
    "history_text",
    "legal_moves",
    "move_digest",
    "no_reading",
    "observation_fields",
    "parse_cards",
    "rollouts",
    "selfplay",
    "shipped_models",
    "shuffle_deck",
    "types",
]

SUBMODULES = frozenset(
    {
        "agents",
        "arena",
        "bots",
        "conformance",
        "docs",
        "envs",
        "errors",
        "names",
        "reference",
        "text",
        "train",
        "types",
        "web",
    }
)
"""The submodules reachable as attributes of the package (imported when first reached)."""

if TYPE_CHECKING:  # what mypy sees; at run time each is imported when reached
    from zhengfen import agents as agents
    from zhengfen import arena as arena
    from zhengfen import bots as bots
    from zhengfen import conformance as conformance
    from zhengfen import docs as docs
    from zhengfen import envs as envs
    from zhengfen import errors as errors
    from zhengfen import names as names
    from zhengfen import reference as reference
    from zhengfen import text as text
    from zhengfen import train as train
    from zhengfen import web as web
else:

    def __getattr__(name: str) -> object:
        """A documented submodule, imported now (PEP 562); anything else is no attribute."""
        if name in SUBMODULES:
            return importlib.import_module(f"zhengfen.{name}")
        raise AttributeError(f"module 'zhengfen' has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *SUBMODULES})
