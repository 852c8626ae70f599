"""The options of a training run (:class:`TrainConfig`) and their checks; the arguments of
``zhengfen train`` that set them are :mod:`zhengfen.train.arguments`'. No JAX here:
``zhengfen train --help`` and the refusal of bad options work without the ``train`` extra.

The options are of two sorts. The *recipe* (the rules, the seed, the opponents, the network, the
optimizer, the episodes) decides what the run learns, so it is stored in the run's
``state.json`` and ``--resume`` keeps it: giving a recipe option that differs from the stored
one is refused. The *budget and the machinery* (how long, how many threads or Ray actors, how
often to evaluate and save, the progress bar) may change from one invocation to the next.

The rules travel as a ``zhengfen.Rules``, made once where the command line is read by the
rule-set arguments every command shares (:func:`zhengfen.cli.arguments.add_rule_set`); only
``state.json`` spells them out, as the core writes them (``Rules.to_dict()``). The
opponents and the yardstick travel read too (:func:`zhengfen.agents.read_agent`, once, where the
command line or ``state.json`` is read): each opponent an :class:`zhengfen.AgentSpec`, a
:class:`zhengfen.agents.UserClass` or a :class:`zhengfen.bots.BotSpec` (or :data:`SELF`), the
yardstick an :class:`zhengfen.AgentSpec`; only ``state.json`` and the logs spell them out.

>>> import zhengfen
>>> config = TrainConfig(rules=zhengfen.Rules.zheng_fen(players=4), out="run")
>>> config.layers, config.history, config.epsilon
((128, 128), 4, 0.05)
>>> config.recipe()["lr"], config.recipe()["rules"]["players"]
(0.0003, 4)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import zhengfen
from zhengfen.errors import ArgumentError

if TYPE_CHECKING:
    from zhengfen.agents import AgentName
__all__ = [
    "RECIPE",
    "SELF",
    "SHIPPED",
    "TrainConfig",
    "init_model",
]

MAX_LAYERS = 8
MAX_WIDTH = 4096
MAX_HISTORY = 16


DEFAULT_YARDSTICK = zhengfen.AgentSpec.ismcts(iterations=300)
"""The yardstick of a run that names none: a search a strong model has not passed."""


@dataclass(frozen=True)
class TrainConfig:
    """One training run's options (see the module's docstring for the two sorts)."""

    rules: zhengfen.Rules
    out: str
    # The recipe: stored in state.json, kept by --resume.
    seed: int = 0
    opponents: tuple[Opponent, ...] = ()
    episodes: int = 128
    history: int = 4
    layers: tuple[int, ...] = (128, 128)
    residual: bool = False
    lr: float = 3e-4
    batch: int = 1024
    reuse: int = 1
    epsilon: float = 0.05
    init: str | None = None
    search: int | zhengfen.AgentSpec | None = None
    played_by: Literal["search", "model"] = "search"
    cap_untried: int = 0
    rank: float = 0.0
    pool: bool = False
    snapshot_every: int = 0
    snapshot_keep: int = 0
    # The budget and the machinery.
    rounds: int | None = None
    minutes: float | None = None
    decisions: int | None = None
    threads: int = 1
    ray: str | None = None
    actors: int = 2
    eval_deals: int = 64
    yardstick: zhengfen.AgentSpec = DEFAULT_YARDSTICK
    yardstick_deals: int = 32
    eval_seed: int = 2026
    eval_every: float = 120.0
    checkpoint_every: float = 60.0
    progress: bool = True
    command: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def recipe(self) -> dict[str, Any]:
        """The options that decide what the run learns, as stored in ``state.json``."""
        return {name: plain_value(getattr(self, name)) for name in RECIPE}

    def with_recipe(self, stored: dict[str, Any]) -> TrainConfig:
        """This configuration with the recipe of a stored run (``--resume``)."""
        values: dict[str, Any] = {
            name: stored.get(name, RECIPE_DEFAULTS.get(name)) for name in RECIPE
        }
        values["rules"] = zhengfen.Rules.from_dict(values["rules"])
        values["opponents"] = tuple(read_opponent(name) for name in values["opponents"])
        if isinstance(values["search"], str):  # an ismcts spec, read once here
            values["search"] = zhengfen.AgentSpec(values["search"])
        values["layers"] = tuple(values["layers"])
        return dataclasses.replace(self, **values)


RECIPE = (
    "rules",
    "seed",
    "opponents",
    "episodes",
    "history",
    "layers",
    "residual",
    "lr",
    "batch",
    "reuse",
    "epsilon",
    "init",
    "search",
    "played_by",
    "cap_untried",
    "rank",
    "pool",
    "snapshot_every",
    "snapshot_keep",
)
"""The recipe's fields, in ``state.json``'s order."""

RECIPE_DEFAULTS: dict[str, Any] = {
    "init": None,
    "search": None,
    "residual": False,
    "played_by": "search",
    "cap_untried": 0,
    "rank": 0.0,
    "pool": False,
    "snapshot_every": 0,
    "snapshot_keep": 0,
}
"""What a field added since the first runs means in a ``state.json`` that lacks it."""

SELF: Literal["self"] = "self"
"""The opponent that is the model being trained (its seats learn too)."""

Opponent: TypeAlias = "AgentName | Literal['self']"
"""An opponent of the run, read: an agent (:data:`zhengfen.agents.AgentName`) or :data:`SELF`."""


def read_opponent(name: str | Opponent) -> Opponent:
    """An opponent named on the command line or in ``state.json``, read once
    (:func:`zhengfen.agents.read_agent`); :data:`SELF` as it is.

    >>> read_opponent("search(candidates=2)"), read_opponent("self")
    (AgentSpec("search(determinizations=8,candidates=2)"), 'self')
    """
    from zhengfen.agents import read_agent

    return SELF if name == SELF else read_agent(name)


def read_yardstick(text: str) -> zhengfen.AgentSpec:
    """``--yardstick`` (or the agent a curve names) read once: a built-in agent, as the
    evaluations play in Rust (:class:`zhengfen.ArgumentError` for any other agent)."""
    from zhengfen.agents import read_agent

    agent = read_agent(text)
    if not isinstance(agent, zhengfen.AgentSpec):
        raise ArgumentError(
            f"--yardstick {text}: the evaluations play in Rust, built-in agents only"
        )
    return agent


SHIPPED = "shipped"
"""``--init shipped``: the model that ships for the run's rules."""


def init_model(init: str, rules: zhengfen.Rules) -> zhengfen.LearnedModel:
    """The ``zhengfen.LearnedModel`` that ``--init`` names for ``rules``: a file, or the
    shipped one (``ModelError`` naming the file or the rules when there is none)."""
    import zhengfen

    if init == SHIPPED:
        return zhengfen.LearnedModel.shipped(rules)
    return zhengfen.LearnedModel.load(init)


def plain_value(value: Any) -> Any:
    """A value as JSON stores it (tuples as lists, rules as the core writes them, an agent
    read as its label: :func:`zhengfen.agents.agent_label`)."""
    from zhengfen.agents import UserClass, agent_label
    from zhengfen.bots.spec import BotSpec

    if isinstance(value, zhengfen.Rules):
        return value.to_dict()
    if isinstance(value, zhengfen.AgentSpec | UserClass | BotSpec):
        return agent_label(value)
    return [plain_value(item) for item in value] if isinstance(value, tuple) else value
