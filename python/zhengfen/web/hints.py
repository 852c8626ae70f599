"""A hint for a seat of a game (API.md, ``POST .../hint``): the move an agent would play, and
the candidates evaluated as the search agent does (``InfoSet.evaluate``: greedy playouts of
worlds consistent with what the seat knows, the same worlds for every candidate), with a
learned agent's Q-value of each. Everything here starts from the seat's observation and
information set, never from the game itself, so a hint tells a seat nothing it may not know.

The recommendation never contradicts the values beside it: a learned agent's is its best by
Q-value (the rows are sorted by Q), the search agent's is the best of the playouts (they are its
own estimate), and any other agent's (greedy's rule, ISMCTS's tree, SPARTA's rollouts, whose
estimates the core does not expose) is labelled as its own, the playouts being another measure
(``ranked_by``). A search over the shipped model (``sparta``, ``ismcts(policy=learned)``) also
shows that model's Q-value of each candidate, labelled as the model's, not the search's: its
candidates are the model's best moves and its own choice, so a person sees where the search
leaves the model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import zhengfen
from zhengfen.agents import GreedyAgent, SearchAgent, learned_model, observe
from zhengfen.types import Move
from zhengfen.web import views
from zhengfen.web.models import Offered

__all__ = ["HINT_CANDIDATES", "hint"]

HINT_CANDIDATES = 8
"""The most candidate moves a hint evaluates."""

Json = dict[str, Any]


def hint(game: zhengfen.Game, seat: int, asked: Offered, playouts: int, seed: int) -> Json:
    """What the ``asked`` agent would play in ``seat`` (the seat to move), and the candidates: a
    learned agent's best moves by Q-value (each by its best way to play it), each with its
    ``q``, largest first; a search over the shipped model, its choice and the model's best
    moves, each with the model's ``q``, largest first; other agents' choice, the greedy one's,
    then the others in order, the best value first, with ``q`` null. The search agent's choice
    is the best value's."""
    moves: Sequence[Move] = game.legal_moves()
    agent = asked.agent(seed)
    by_values = isinstance(agent, SearchAgent)
    index = -1 if by_values else list(moves).index(agent.act(observe(game, seat), moves))
    groups = views.groups_json(moves)
    info = game.info_set(seat)
    model = learned_model(agent, game.rules)
    blueprint = None if model is not None else _blueprint(asked, game.rules)
    scoring = model if model is not None else blueprint
    q = None if scoring is None else [float(v) for v in scoring.q_values(info)]
    if q is None:
        firsts = [i for i in (index, _greedy_index(game, seat, moves, seed)) if i >= 0]
        candidates = _candidates(groups, *firsts)
        firsts = [group["indices"][0] for group in candidates]
    else:
        candidates, firsts = _best_by_q(groups, q, -1 if model is not None else index)
    rows = _rows(moves, candidates, firsts, info.evaluate(firsts, playouts, seed), playouts, q)
    index = rows[0]["index"] if by_values else index
    ranked_by = "q" if model is not None else "value" if by_values else "own"
    spec = asked.name
    return {
        "agent": spec,
        "index": index,
        "move": views.move_json(moves[index]),
        "candidates": rows,
        "ranked_by": ranked_by,
        "basis": _basis(ranked_by, spec, playouts, blueprint is not None),
        "q_meaning": _q_meaning(game.rules, spec, q is not None, blueprint is not None),
        "value_meaning": f"mean result of the match for you over {playouts} greedy playouts "
        f"from deals consistent with what you know ({_result_words(game.rules)})",
    }


def _rows(
    moves: Sequence[Move],
    candidates: Sequence[Json],
    firsts: Sequence[int],
    values: Sequence[float],
    playouts: int,
    q: Sequence[float] | None,
) -> list[Json]:
    """The candidates' rows, by ``q`` when there is one (largest first), else by value."""
    rows = [
        {
            "index": first,
            "move": views.move_json(moves[first]),
            "name": group["name"],
            "variants": group["indices"],
            "value": value,
            "playouts": playouts,
            "q": None if q is None else q[first],
        }
        for first, group, value in zip(firsts, candidates, values)
    ]
    rows.sort(key=lambda row: -row["value"] if q is None else -row["q"])
    return rows


def _blueprint(asked: Offered, rules: zhengfen.Rules) -> zhengfen.LearnedModel | None:
    """The model shipped for ``rules`` that a search over it (``policy=learned``: ``sparta``,
    ``ismcts(policy=learned)``) keeps to; ``None`` for any other agent."""
    spec = asked.plays
    if not isinstance(spec, zhengfen.AgentSpec) or ("policy", "learned") not in spec.settings:
        return None
    return spec.bind(rules).model


def _q_meaning(rules: zhengfen.Rules, spec: str, q: bool, blueprint: bool) -> str | None:
    """What the candidates' ``q`` is, in words (``None``: there is none)."""
    result = _result_words(rules)
    if not q:
        return None
    if blueprint:
        return (
            f"the estimate of the shipped learned model, which {_short(spec)} searches with, of "
            f"the match's result for you ({result}) if played: the model's, not {_short(spec)}'s"
        )
    return f"the learned model's estimate of the match's result for you ({result}) if played"


def _basis(ranked_by: str, spec: str, playouts: int, blueprint: bool = False) -> str:
    """Where the recommendation comes from, beside the values shown, in words (``blueprint``:
    the agent searches over the shipped model, whose Q-values are shown)."""
    if blueprint:
        return (
            f"{spec} chooses by its own search over the shipped learned model (the core does "
            "not expose the search's estimates); Q is the model's estimate, not the search's, "
            f"and the values are {playouts} greedy playouts: other measures, either of which may "
            "rank another move higher"
        )
    if ranked_by == "q":
        return f"{spec} plays its largest Q-value (the values are {playouts} greedy playouts)"
    if ranked_by == "value":
        return f"{spec} plays the best value: the values are its own estimate ({playouts} playouts)"
    return (
        f"{spec} chooses by its own rule; the values are {playouts} greedy playouts, "
        f"another measure, not {spec}'s, and may rank another move higher"
    )


def _result_words(rules: zhengfen.Rules) -> str:
    """What a match's result is for a seat, in words."""
    if rules.game == "zheng_fen":
        return "your points"
    return "your team's points minus the other team's"


def _greedy_index(game: zhengfen.Game, seat: int, moves: Sequence[Move], seed: int) -> int:
    choice = GreedyAgent(seed).act(observe(game, seat), moves)
    return list(moves).index(choice)


def _candidates(groups: Sequence[Json], *firsts: int) -> list[Json]:
    """At most :data:`HINT_CANDIDATES` move groups: those holding ``firsts`` first, then the
    others in order."""
    chosen = [g for first in firsts for g in groups if first in g["indices"]]
    ordered = list({id(g): g for g in chosen + list(groups)}.values())
    return ordered[:HINT_CANDIDATES]


def _best_by_q(
    groups: Sequence[Json], q: Sequence[float], chosen: int = -1
) -> tuple[list[Json], list[int]]:
    """At most :data:`HINT_CANDIDATES` move groups of largest Q-value, a group's value that of
    its best way (the first of equal ones), with that way's index, largest first (ties in
    order); with ``chosen`` (a move's index, -1: none), its group by that move, always among
    them (in the last place kept when it would not be).

    >>> groups = [{"indices": [0]}, {"indices": [1, 2]}, {"indices": [3]}]
    >>> _best_by_q(groups, [5.0, 1.0, 7.0, 0.0])[1]
    [2, 0, 3]
    >>> _best_by_q(groups, [5.0, 1.0, 7.0, 0.0], chosen=1)[1]
    [0, 1, 3]
    >>> nine = [{"indices": [i]} for i in range(9)]
    >>> _best_by_q(nine, [9.0 - i for i in range(9)], chosen=8)[1]
    [0, 1, 2, 3, 4, 5, 6, 8]
    """
    best = [
        chosen if chosen in group["indices"] else max(group["indices"], key=lambda i: (q[i], -i))
        for group in groups
    ]
    order = sorted(range(len(groups)), key=lambda g: -q[best[g]])[:HINT_CANDIDATES]
    if chosen in best and best.index(chosen) not in order:
        order[-1] = best.index(chosen)
    return [groups[g] for g in order], [best[g] for g in order]


def _short(spec: str) -> str:
    """An agent's name without its settings (``sparta``)."""
    return views.short_names({0: spec})[0]
