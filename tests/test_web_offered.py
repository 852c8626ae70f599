"""The web's games hold their agents as values (issue 48 §1): each seat an agent holds is an
:class:`~zhengfen.web.models.Offered`, the agent read once where a request or the database named
it; its name is the text shown and kept, and nothing reads it again. A game kept in the
database comes back with the same agents, and one naming an agent the server no longer offers
is still shown by its name, a stand-in playing its seat (BOTS.md §7)."""

from __future__ import annotations

from pathlib import Path

import pytest

import zhengfen
from zhengfen.agents import GreedyAgent
from zhengfen.errors import ArgumentError
from zhengfen.web import games, inputs
from zhengfen.web.models import Models, Offered
from zhengfen.web.requested import NewGame, Seating
from zhengfen.web.tables import restored, row

ZF4 = Path(__file__).parent / "data" / "learned" / "zheng_fen_4.safetensors"
RULES = zhengfen.Rules.zheng_fen(players=4)


def _models() -> Models:
    return Models({"learned-small": zhengfen.LearnedModel.load(ZF4)})


def test_an_offered_agent_is_named_by_its_canonical_spec_or_offered_name() -> None:
    models = _models()
    search = models.offered("search(candidates=5, determinizations=3)")
    assert search.name == "search(determinizations=3,candidates=5)"
    assert search.plays == zhengfen.AgentSpec(search.name)
    small = models.offered("learned-small")
    assert small.name == "learned-small"  # the model file's path is never the name shown
    assert isinstance(small.plays, zhengfen.AgentSpec) and small.plays.model is not None
    with pytest.raises(ArgumentError):
        Models().offered("learned-small")  # not offered by a server without the model


def test_a_request_reads_each_agent_once_and_seats_the_values() -> None:
    body = inputs.Body({"game": "zheng_fen", "players": 4, "seat": 1, "opponents": ["greedy"]})
    settings = inputs.new_game(body, _models())
    agents = settings.seating.agents
    assert sorted(agents) == [0, 2, 3]
    assert all(isinstance(offered, Offered) for offered in agents.values())
    assert len({id(offered) for offered in agents.values()}) == 1  # one text, one reading


def _game(models: Models) -> games.WebGame:
    opponents = {0: models.offered("learned-small"), 2: models.offered("greedy")}
    seating = Seating(1, (3,), opponents)
    return games.new_game(NewGame(RULES, seating, seed=7), seconds=5.0)


def test_a_kept_game_comes_back_with_the_same_agents() -> None:
    models = _models()
    game = _game(models)
    kept = row(game, 0.0)
    assert kept.table["specs"] == {"0": "learned-small", "2": "greedy"}  # text in the database
    back = restored(kept, models, 5.0)
    assert back.seated == game.seated
    assert back.agent_names() == game.agent_names()
    assert back.game.to_json() == game.game.to_json()


def test_a_kept_agent_no_longer_offered_is_shown_and_played_by_the_stand_in() -> None:
    game = _game(_models())
    back = restored(row(game, 0.0), Models(), 5.0)  # the server restarted without the model
    assert back.seated[0] == Offered("learned-small", None)
    assert back.seated[2] == Models().offered("greedy")
    assert back.agent_names() == game.agent_names()  # still shown, and kept, by its name
    assert isinstance(back.seated[0].agent(1), GreedyAgent)  # BOTS.md §7
