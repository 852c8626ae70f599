"""League ratings at the web table: the ratings ``zhengfen league`` keeps (its SQLite file,
``zhengfen serve --league PATH`` or the data folder's) beside each agent of ``GET
/api/options`` for the game and table size they were played at, the opponents' menus ordered
by rating and their default the best-rated quick agent; the league page (``GET /league``) shows
each league's table, a bot named as the server offers it, never by its command line; without a
league, no ratings and the default is ``learned``."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import zhengfen
from test_web_api import LOCAL
from test_web_bots import listing, spec
from zhengfen.league import ratings
from zhengfen.web.app import create_app
from zhengfen.web.command import offer_bots
from zhengfen.web.models import Models

BOT = spec("last.py")


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 4-player Zheng Fen league of greedy, random, learned, sparta and the test bot
    ``last``."""
    path = tmp_path_factory.mktemp("league") / "league.sqlite"
    command = [sys.executable, "-m", "zhengfen", "league", "--deals", "2", "--matches", "1"]
    command += ["--agents", f"greedy,random,learned,sparta,{BOT}", "--db", str(path)]
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    return path


@pytest.fixture
def client(league: Path, tmp_path: Path) -> Iterator[TestClient]:
    models = offer_bots(Models(), listing(tmp_path / "bots.json", last=BOT))
    with TestClient(create_app(models=models, league=league), base_url=LOCAL) as test_client:
        yield test_client


def test_the_agents_carry_their_ratings_for_the_rules_of_the_league(
    client: TestClient, league: Path
) -> None:
    standings = ratings(league, "zheng_fen-4p")
    options = client.get("/api/options").json()
    agents = {agent["name"]: agent for agent in options["agents"]}
    sparta = "sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,belief=0,policy=learned)"
    labels = [
        ("greedy", "greedy"),
        ("random", "random"),
        ("learned", "learned"),
        ("sparta", sparta),
    ]
    for name, label in labels:
        found = standings.rating_of(label)
        assert found is not None
        (shown,) = agents[name]["ratings"]
        assert (shown["game"], shown["players"], shown["league"]) == (
            "zheng_fen",
            4,
            "zheng_fen-4p",
        )
        assert shown["rating"] == round(found.rating, 1) and shown["games"] == found.games
        assert shown["low"] <= shown["rating"] <= shown["high"]
    (bot,) = agents["last"]["ratings"]  # rated by its spec, shown by its name
    rated_bot = standings.rating_of(zhengfen.bots.read_bot_spec(BOT).spec)
    assert rated_bot is not None and bot["rating"] == round(rated_bot.rating, 1)
    assert agents["ismcts"]["ratings"] == []  # not in the league


def test_the_menus_are_ordered_by_rating_and_default_to_the_best_quick_agent(
    client: TestClient,
) -> None:
    tables = {(t["game"], t["players"]): t for t in client.get("/api/options").json()["tables"]}
    four = tables[("zheng_fen", 4)]
    agents = {a["name"]: a for a in client.get("/api/options").json()["agents"]}
    rated = [name for name in four["order"] if agents[name]["ratings"]]
    assert four["order"][: len(rated)] == rated and len(rated) == 5
    values = [agents[name]["ratings"][0]["rating"] for name in rated]
    assert values == sorted(values, reverse=True)
    quick = {name: agents[name]["ratings"][0]["rating"] for name in ("greedy", "learned", "sparta")}
    assert four["default"] == max(quick, key=lambda name: quick[name])
    assert four["league"] == "zheng_fen-4p"
    five = tables[("zheng_fen", 5)]
    assert five["league"] is None and five["default"] == "learned"
    assert "last" in five["order"] and "last" not in tables[("zen_cheng_you", 4)]["order"]


def test_without_a_league_nothing_is_rated_and_learned_is_the_default(tmp_path: Path) -> None:
    app = create_app(league=tmp_path / "none.sqlite")
    with TestClient(app, base_url=LOCAL) as client:
        options = client.get("/api/options").json()
        page = client.get("/league")
    assert all(agent["ratings"] == [] for agent in options["agents"])
    assert {t["default"] for t in options["tables"]} == {"learned"}
    assert page.status_code == 200 and "No league has been played" in page.text


def test_the_league_page_shows_each_leagues_ratings(client: TestClient, league: Path) -> None:
    standings = ratings(league, "zheng_fen-4p")
    page = client.get("/league")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert 'data-league="zheng_fen-4p"' in page.text and "Back to the table" in page.text
    for rating in standings.ratings:
        shown = "last" if rating.agent.startswith("process(") else rating.agent
        assert f'<tr><td>{shown}</td><td class="num">{rating.rating:+.1f}</td>' in page.text
    assert "last.py" not in page.text and "process(" not in page.text


def test_a_file_that_is_no_league_gives_no_ratings(tmp_path: Path) -> None:
    broken = tmp_path / "league.sqlite"
    broken.write_bytes(b"not a database" * 100)
    with TestClient(create_app(league=broken), base_url=LOCAL) as client:
        options = client.get("/api/options")
        page = client.get("/league")
    assert options.status_code == 200 and page.status_code == 200
    assert all(agent["ratings"] == [] for agent in options.json()["agents"])
