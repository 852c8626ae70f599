"""A hint for a seat of a game (API.md, ``POST .../hint``): the move an agent would play, and
the candidates evaluated as the search agent does (``InfoSet.evaluate``: greedy playouts of
worlds consistent with what the seat knows, the same worlds for every candidate), with a
learned agent's Q-value of each. Everything here starts from the seat's observation and
information set, never from the game itself, so a hint tells a seat nothing it may not know.

The recommendation never contradicts the values beside it: a learned agent's is its best by
Q-value (the rows are sorted by Q), the search agent's is the best of the playouts (they are its
own estimate), and any other agent's (greedy's rule, ISMCTS's tree, whose estimates the core
does not expose) is labelled as its own, the playouts being another measure (``ranked_by``).
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
    ``q``, largest first; other agents' choice, the greedy one's, then the others in order, the
    best value first, with ``q`` null. The search agent's choice is the best value's."""
    moves: Sequence[Move] = game.legal_moves()
    agent = asked.agent(seed)
    spec = asked.name
    by_values = isinstance(agent, SearchAgent)
    index = -1 if by_values else list(moves).index(agent.act(observe(game, seat), moves))
    groups = views.groups_json(moves)
    info = game.info_set(seat)
    model = learned_model(agent, game.rules)
    q = None if model is None else [float(v) for v in model.q_values(info)]
    if q is None:
        firsts = [i for i in (index, _greedy_index(game, seat, moves, seed)) if i >= 0]
        candidates = _candidates(groups, *firsts)
        firsts = [group["indices"][0] for group in candidates]
    else:
        candidates, firsts = _best_by_q(groups, q)
    values = info.evaluate(firsts, playouts, seed)
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
    index = rows[0]["index"] if by_values else index
    ranked_by = "q" if q is not None else "value" if by_values else "own"
    result = _result_words(game.rules)
    return {
        "agent": spec,
        "index": index,
        "move": views.move_json(moves[index]),
        "candidates": rows,
        "ranked_by": ranked_by,
        "basis": _basis(ranked_by, spec, playouts),
        "q_meaning": None
        if q is None
        else f"the learned model's estimate of the match's result for you ({result}) if played",
        "value_meaning": f"mean result of the match for you over {playouts} greedy playouts "
        f"from deals consistent with what you know ({result})",
    }


def _basis(ranked_by: str, spec: str, playouts: int) -> str:
    """Where the recommendation comes from, beside the values shown, in words."""
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


def _best_by_q(groups: Sequence[Json], q: Sequence[float]) -> tuple[list[Json], list[int]]:
    """At most :data:`HINT_CANDIDATES` move groups of largest Q-value, a group's value that of
    its best way (the first of equal ones), with that way's index, largest first (ties in
    order)."""
    best = [max(group["indices"], key=lambda i: (q[i], -i)) for group in groups]
    order = sorted(range(len(groups)), key=lambda g: -q[best[g]])[:HINT_CANDIDATES]
    return [groups[g] for g in order], [best[g] for g in order]
