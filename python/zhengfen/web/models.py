"""The learned models a server offers, and which agents play which rules: ``learned`` (the model
shipped for the rules, where one ships) and ``sparta`` (the search over that model, AI.md §4.2:
offered where ``learned`` is), each model file the operator gave
(``zhengfen serve --model [NAME=]PATH``), read once when the server starts and offered as the
agent ``learned-NAME`` (NAME the file's stem unless given); and the bot programs the operator
listed (``zhengfen serve --bots FILE``, :mod:`~zhengfen.web.bots`), each offered by its listed
name for the games and table sizes its ``hello`` claims. A request names an offered agent by
that name, never a file or a command line: those are the operator's choice alone. The web's
games, hints and tournaments hold each agent as an :class:`Offered`: its name and what plays
(the :class:`zhengfen.AgentSpec` the core read once, where a request or the database named it,
or the operator's bot); the text is kept for JSON and the database only.

>>> models = Models()
>>> [entry["name"] for entry in models.catalogue()][:2]
['random', 'greedy']
>>> models.plays("greedy"), models.names()[:4]
(None, ['random', 'greedy', 'search', 'ismcts'])
>>> models.plays("sparta") == models.plays("learned") == zhengfen.shipped_models()
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import zhengfen
from zhengfen.agents import Agent, make_agent
from zhengfen.bots import BotHello, BotSpec
from zhengfen.errors import ArgumentError
from zhengfen.web import bots as offered_bots

__all__ = ["BUILT_IN", "PREFIX", "SHIPPED", "Models", "Offered", "read_models"]

BUILT_IN: Final = {
    "random": "uniformly random among the legal moves",
    "greedy": "sheds low cards, saves specials and bombs, takes tricks with points",
    "search": "tries its best moves on games resampled from what it knows (determinized search)",
    "ismcts": "information-set Monte Carlo tree search (strong, slow)",
}
"""The built-in agents a request may name, with what each does (they play any rules)."""

SHIPPED: Final = {
    "learned": "the learned model shipped for these rules: the move of largest Q-value",
    "sparta": "a search that keeps to the shipped model: rolls the model's best moves out to the "
    "end of the match and leaves the model's move only when the evidence is strong (slower "
    "than learned)",
}
"""The agents that play the model shipped for the rules (offered only where one ships), with
what each does."""

PREFIX: Final = "learned-"
"""How the name of an operator's model begins."""

NAME: Final = re.compile(r"[A-Za-z0-9_.]{1,40}")
"""What a model's NAME may be (after ``learned-``)."""

Json = dict[str, Any]


@dataclass(frozen=True)
class Models:
    """The operator's models by agent name (``learned-NAME``), each a
    :class:`zhengfen.LearnedModel`; the operator's bots by name (``bots``: each a
    :class:`zhengfen.bots.BotSpec`, with the ``hello`` it gave when the server started)."""

    files: Mapping[str, zhengfen.LearnedModel] = field(default_factory=dict)
    bots: Mapping[str, BotSpec] = field(default_factory=dict)
    hellos: Mapping[str, BotHello] = field(default_factory=dict)

    def names(self) -> list[str]:
        """Every agent name offered: the built-in agents, ``learned`` and ``sparta`` where a
        model ships, the operator's models, then the operator's bots."""
        shipped = list(SHIPPED) if zhengfen.shipped_models() else []
        return [*BUILT_IN, *shipped, *self.files, *self.bots]

    def plays(self, name: str) -> list[tuple[str, int]] | None:
        """The ``(game, players)`` an offered agent plays: those a model ships for (``learned``,
        ``sparta``), an operator's model's or a bot's (``None``: any rules)."""
        if name in SHIPPED:
            return list(zhengfen.shipped_models())
        hello = self.hellos.get(name)
        if hello is not None:
            return [(game, n) for game, sizes in hello.games.items() for n in sizes]
        model = self.files.get(name)
        return None if model is None else [(model.game, model.players)]

    def catalogue(self) -> list[Json]:
        """The agents of ``GET /api/options``: name, spec, what it does, and the rules it plays
        (``plays``: ``null`` for any, else a list of ``{"game", "players"}``)."""
        entries = []
        for name in self.names():
            plays = self.plays(name)
            entries.append(
                {
                    "name": name,
                    "spec": self.spec(name),
                    "about": self.about(name),
                    "plays": None
                    if plays is None
                    else [{"game": game, "players": players} for game, players in plays],
                    "learned": name == "learned" or name in self.files,
                    "bot": name in self.bots,
                }
            )
        return entries

    def spec(self, name: str) -> str:
        """The spec shown for an offered agent (a model file's path is not shown)."""
        return name if name in self.files or name in self.bots else zhengfen.AgentSpec(name).spec

    def about(self, name: str) -> str:
        """What an offered agent does."""
        hello = self.hellos.get(name)
        if hello is not None:
            return f"a program offered by this server (its hello: {hello.name})"
        model = self.files.get(name)
        if model is not None:
            layers = "-".join(str(n) for n in model.layers)
            return f"a learned model ({layers}) offered by this server: the move of largest Q-value"
        return BUILT_IN.get(name) or SHIPPED[name]

    def offered(self, name: str) -> Offered:
        """The agent an offered name (or a built-in spec) stands for: a bot by its listed
        name, an operator's model as the learned agent playing it (``learned-NAME``), anything
        else read by the core's parser and named by its canonical spec (a spec it refuses
        raises :class:`~zhengfen.errors.ArgumentError`)."""
        bot = self.bots.get(name)
        if bot is not None:
            return Offered(name, bot)
        model = self.files.get(name)
        if model is not None:
            return Offered(name, zhengfen.AgentSpec.learned(model))
        spec = zhengfen.AgentSpec(name)
        return Offered(spec.spec, spec)

    def kept(self, name: str) -> Offered:
        """The agent a game kept in the database names (:meth:`offered`), or, for one this
        server no longer offers (a bot or model it was started without), one whose seat a
        stand-in plays (:attr:`Offered.plays` ``None``; :func:`zhengfen.web.bots.stand_in`)."""
        try:
            return self.offered(name)
        except ArgumentError:
            return Offered(name, None)


@dataclass(frozen=True)
class Offered:
    """An agent as the server's games, hints and tournaments hold it: ``name``, the text it is
    shown by and kept in the database as (a built-in agent's canonical spec, ``learned``,
    ``learned-NAME`` for an operator's model, a bot's listed name), and what plays:
    ``plays``, the built-in agent read by the core or the operator's bot (``None``: one this
    server no longer offers, in a game kept from when it did: a stand-in plays its seat).

    >>> greedy = Models().offered("greedy")
    >>> greedy.name, greedy.plays == zhengfen.AgentSpec("greedy")
    ('greedy', True)
    """

    name: str
    plays: zhengfen.AgentSpec | BotSpec | None

    def agent(self, seed: int, restarted: bool = False) -> Agent:
        """The agent, seeded with ``seed``; a bot's with a process of its own
        (:func:`zhengfen.web.bots.seat_agent`: ``restarted``, the game was brought back after
        the server stopped); for an agent no longer offered, the stand-in
        (:func:`zhengfen.web.bots.stand_in`)."""
        if isinstance(self.plays, BotSpec):
            return offered_bots.seat_agent(self.plays, seed, restarted)
        if self.plays is None:  # kept with an agent no longer offered (BOTS.md §7)
            return offered_bots.stand_in(seed)
        return make_agent(self.plays, seed=seed)


def read_models(given: Sequence[str]) -> Models:
    """The models of ``--model [NAME=]PATH`` arguments, each file read and checked
    (``ModelError``), each NAME (the stem of PATH unless given) once; ``ArgumentError`` with the
    reason otherwise."""
    files: dict[str, zhengfen.LearnedModel] = {}
    for item in given:
        name, sep, path = item.partition("=")
        if not sep or not NAME.fullmatch(name):
            name, path = Path(item).stem, item
        if not NAME.fullmatch(name):
            raise ArgumentError(
                f"--model {item}: name the model with NAME=PATH (NAME: 1 to 40 letters, digits, "
                "'_' or '.')"
            )
        if PREFIX + name in files:
            raise ArgumentError(f"--model {item}: a second model named {name!r} (use NAME=PATH)")
        files[PREFIX + name] = zhengfen.LearnedModel.load(path)
    return Models(files)
