"""The web application of ``zhengfen serve`` (Starlette): the page, its files, and the JSON API
of API.md. :func:`create_app` builds it; :class:`Server` holds what it keeps (games, opened
logs, tournaments, where finished games go) within its :class:`~zhengfen.web.limits.Limits`;
with a database (:mod:`~zhengfen.web.database`) every change of a game is committed there
before it is answered (:mod:`~zhengfen.web.tables`).
A game's routes name a seat by its key (:mod:`~zhengfen.web.access`) and answer that seat
only.

Every answer of the API is JSON. Bad input is answered with a 4xx and ``{"error": reason}``
(:mod:`zhengfen.web.problems`, ``ValueError`` as 400), a bug with a logged 500 that names only
the exception's class; request bodies are read up to a bound, and the games' work runs in
worker threads so that one game's agents do not hold up another's requests.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import zhengfen
from zhengfen.arena import log as arena_log
from zhengfen.web import access, documents, games, inputs, ratings, replays, views
from zhengfen.web.archive import Archive
from zhengfen.web.database import Database, Row
from zhengfen.web.games import WebGame
from zhengfen.web.guard import SameSite
from zhengfen.web.inputs import Body, InputError
from zhengfen.web.limits import Limits
from zhengfen.web.models import Models
from zhengfen.web.problems import Forbidden, NotFound, Problem, TooLarge
from zhengfen.web.ratings import LeagueRatings
from zhengfen.web.requested import LogSource
from zhengfen.web.store import Store
from zhengfen.web.tables import Tables, restored
from zhengfen.web.tournaments import Tournaments

__all__ = ["STATIC", "Server", "create_app", "options"]

STATIC = Path(__file__).resolve().parent / "static"
"""The page's files, shipped in the package."""

LOG = logging.getLogger("zhengfen.web")
Json = dict[str, Any]
T = TypeVar("T")


@dataclass
class Server:
    """What one server keeps: the people's games (``games`` in memory, ``tables`` with the
    ``database`` if any), the opened logs, the tournaments."""

    limits: Limits = field(default_factory=Limits)
    folder: replays.Folder = field(default_factory=lambda: replays.Folder(None))
    models: Models = field(default_factory=Models)
    archive: Archive = field(default_factory=lambda: Archive(None))
    database: Database | None = None
    league: LeagueRatings = field(default_factory=LeagueRatings)
    games: Store[WebGame] = field(init=False)
    tables: Tables = field(init=False)
    logs: Store[replays.Opened] = field(init=False)
    tournaments: Tournaments = field(init=False)

    def __post_init__(self) -> None:
        limits = self.limits
        kept = self.database is not None
        self.games = Store(
            "game",
            limits.max_games,
            limits.idle_seconds,
            evict=kept,  # unloaded from memory, kept on disk
            forgot=self._forgot,
            per_owner=None if kept else limits.games_per_client,
        )
        keep = limits.keep_days * 86400.0
        self.tables = Tables(self.games, self.database, self._load, keep)
        self.logs = Store("replay", limits.max_replays, limits.idle_seconds, evict=True)
        self.tournaments = Tournaments(limits)

    def _forgot(self, game: WebGame, why: str) -> None:
        """A game forgotten from memory: with a database only one closed is gone (an idle or
        evicted one is unloaded); the archive keeps it if it was left unfinished. Its bots'
        processes end either way."""
        game.close_bots()
        if self.database is None or why == "removed":
            self.archive.forgotten(game, why)

    def close_bots(self) -> None:
        """Ends the processes of the bots seated in the games held in memory (the server
        stops)."""
        for game in self.games.items():
            game.close_bots()

    def _load(self, found: Row) -> WebGame:
        game = restored(found, self.models, self.limits.agent_seconds)
        game.finished = self.archive.keep
        return game


# --- reading requests, answering errors ----------------------------------------------------


async def read_body(request: Request, limit: int) -> Body:
    """The request's JSON object, read up to ``limit`` bytes (:class:`TooLarge` beyond); an
    empty body is ``{}``; a client gone before its body ended is bad input, not a bug."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise TooLarge(f"the request body is larger than {limit} bytes")
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise TooLarge(f"the request body is larger than {limit} bytes")
            chunks.append(chunk)
    except ClientDisconnect as error:
        raise InputError("the connection closed before the request body ended") from error
    raw = b"".join(chunks)
    if not raw.strip():
        return Body({})
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        reason = str(error) if isinstance(error, ValueError) else "nested too deeply"
        raise InputError(f"the request body is not JSON: {reason}") from error
    return Body(data)


def _index(text: str) -> int | None:
    """An index written in a path or a query (ASCII digits, at most 18 of them), else ``None``."""
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    return None


Handler = Callable[[Request, Server], Awaitable[Any]]


def endpoint(handler: Handler, status: int = 200) -> Callable[[Request], Awaitable[Response]]:
    """A route's function: runs ``handler`` and answers its JSON (or its response), or the
    error as JSON (API.md, "Errors")."""

    async def answer(request: Request) -> Response:
        server: Server = request.app.state.server
        try:
            result = await handler(request, server)
        except Problem as problem:
            return JSONResponse(problem.body(), problem.status)
        except ValueError as error:
            return JSONResponse({"error": " ".join(str(error).split()) or "bad request"}, 400)
        except Exception as error:
            LOG.exception("%s %s failed", request.method, request.url.path)
            return JSONResponse({"error": f"internal error: {type(error).__name__}"}, 500)
        return result if isinstance(result, Response) else JSONResponse(result, status)

    return answer


async def _locked(game: WebGame, wait: float, work: Callable[[], T]) -> T:
    """``work`` on a worker thread, holding the game's lock."""

    def run() -> T:
        with game.using(wait):
            return work()

    return await run_in_threadpool(run)


async def _changed(server: Server, game: WebGame, work: Callable[[], T]) -> T:
    """``work``, a change of ``game``, on a worker thread holding the game's lock, committed
    before it is answered (undone if it cannot be: :meth:`Tables.changing
    <zhengfen.web.tables.Tables.changing>`)."""

    def run() -> T:
        with game.using(server.limits.busy_seconds), server.tables.changing(game):
            return work()

    return await run_in_threadpool(run)


# --- options -------------------------------------------------------------------------------


def options(
    limits: Limits, models: Models | None = None, league: LeagueRatings | None = None
) -> Json:
    """``GET /api/options``: the games and their options as the engine offers them
    (:func:`zhengfen.game_offers`: player counts, each option's bounds or choices and default),
    the agents (with the rules each plays: ``plays``, null for any; their league ratings), the
    order and default of the opponents' menus for each game and table size (``tables``:
    :func:`zhengfen.web.ratings.tables`), the limits, and the cards as the engine describes
    them (token, rank, suit, points) for the page to draw."""
    models = models or Models()
    games = [{"title": inputs.GAMES[offer["game"]], **offer} for offer in zhengfen.game_offers()]
    choices, rated = ratings.tables(models, league or LeagueRatings())
    agents = [{**entry, "ratings": rated[entry["name"]]} for entry in models.catalogue()]
    deck = zhengfen.Cards(zhengfen.shuffle_deck(1, 0))  # one of each card, in the engine's order
    cards = [views.card_json(card) for card in deck]
    return {
        "games": games,
        "agents": agents,
        "tables": choices,
        "limits": limits.public(),
        "cards": cards,
    }


async def get_options(request: Request, server: Server) -> Json:
    return await run_in_threadpool(options, server.limits, server.models, server.league)


# --- games ---------------------------------------------------------------------------------


async def _seat(request: Request, server: Server) -> tuple[WebGame, int]:
    """The game and the seat a route's key names (:func:`zhengfen.web.access.seat`; on a worker
    thread: a game may be brought back from the database)."""
    return await run_in_threadpool(access.seat, server.tables.get, request.path_params["game"])


def _since(request: Request) -> int | None:
    """The ``since`` of a query (a history index), else ``None``."""
    since = request.query_params.get("since")
    start = None if since is None else _index(since)
    if since is not None and start is None:
        raise InputError(f"'since' must be a history index (0 or more), not {since[:20]!r}")
    return start


def _client(request: Request) -> str:
    """Who asks: the client's address (the bound of ``limits.games_per_client``)."""
    return request.client.host if request.client is not None else "unknown"


def _created(game: WebGame, server: Server, client: str) -> Json:
    """Keeps a new game (committed, with a database) and answers its owner's view."""
    game.finished = server.archive.keep
    owner = game.people.owner
    game.people.came(owner)
    server.tables.add(game, owner=client)
    return {"id": game.people.key(game.key, owner), "view": game.view(owner)}


async def open_game(request: Request, server: Server) -> Json:
    body = await read_body(request, server.limits.max_body)
    server.games.room(_client(request))
    settings = await run_in_threadpool(inputs.new_game, body, server.models)
    game = await run_in_threadpool(games.new_game, settings, server.limits.agent_seconds)
    return await run_in_threadpool(_created, game, server, _client(request))


async def resume_game(request: Request, server: Server) -> Json:
    server.games.room(_client(request))
    body = await read_body(request, server.limits.max_upload)
    limits = server.limits
    saved = await run_in_threadpool(inputs.load_game, body, limits.max_upload, server.models)
    game = await run_in_threadpool(games.load_game, saved, limits.agent_seconds)
    return await run_in_threadpool(_created, game, server, _client(request))


async def get_game(request: Request, server: Server) -> Json:
    game, seat = await _seat(request, server)
    since = _since(request)
    return await _locked(game, server.limits.busy_seconds, lambda: game.view(seat, since))


async def delete_game(request: Request, server: Server) -> Response:
    game, seat = await _seat(request, server)
    if seat != game.people.owner:
        raise Forbidden("only the one who opened the game may close it")
    await run_in_threadpool(server.tables.remove, game.key)  # its game may be written out
    return Response(status_code=204)


async def game_move(request: Request, server: Server) -> Json:
    body = await read_body(request, server.limits.max_body)
    game, seat = await _seat(request, server)
    chosen = inputs.move(body, game.game.rules)
    since = _since(request)
    return await _changed(server, game, lambda: game.move(seat, chosen, since))


async def game_check(request: Request, server: Server) -> Json:
    body = await read_body(request, server.limits.max_body)
    game, seat = await _seat(request, server)
    cards = inputs.check(body, game.game.rules)
    return await _locked(game, server.limits.busy_seconds, lambda: game.check(seat, cards))


async def game_hint(request: Request, server: Server) -> Json:
    body = await read_body(request, server.limits.max_body)
    game, seat = await _seat(request, server)
    most = server.limits.max_hint_playouts
    asked = inputs.hint(body, server.models, game.game.rules, most)
    return await _changed(server, game, lambda: game.hint(seat, asked))


async def game_name(request: Request, server: Server) -> Json:
    body = await read_body(request, server.limits.max_body)
    game, seat = await _seat(request, server)
    name = inputs.name(body)
    since = _since(request)
    return await _changed(server, game, lambda: game.name(seat, name, since))


async def game_next(request: Request, server: Server) -> Json:
    inputs.empty(await read_body(request, server.limits.max_body))  # it takes no fields
    game, seat = await _seat(request, server)
    since = _since(request)
    return await _changed(server, game, lambda: game.next_match(seat, since))


async def game_advance(request: Request, server: Server) -> Json:
    inputs.empty(await read_body(request, server.limits.max_body))  # it takes no fields
    game, seat = await _seat(request, server)
    since = _since(request)
    return await _changed(server, game, lambda: game.play_on(seat, since))


async def game_hand_over(request: Request, server: Server) -> Json:
    body = await read_body(request, server.limits.max_body)
    game, seat = await _seat(request, server)
    target = _index(request.path_params["seat"])
    if target is None or target >= game.game.rules.players:
        raise NotFound(
            f"no seat {request.path_params['seat'][:20]!r}: "
            f"seats are 0 to {game.game.rules.players - 1}"
        )
    spec = inputs.hand_over(body, server.models, game.game.rules)
    since = _since(request)
    return await _changed(server, game, lambda: game.hand_over(seat, target, spec, since))


async def game_save(request: Request, server: Server) -> Response:
    game, seat = await _seat(request, server)
    saved = await _locked(game, server.limits.busy_seconds, lambda: game.save(seat))
    return Response(
        saved,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="zhengfen-{game.key}.json"'},
    )


# --- replays -------------------------------------------------------------------------------


async def list_replays(request: Request, server: Server) -> Json:
    files = await run_in_threadpool(server.folder.files)
    return {"folder": server.folder.path is not None, "files": files}


def _open(source: LogSource, server: Server) -> Json:
    limit = server.limits.max_upload
    text = source.text if source.name is None else server.folder.read(source.name, limit)
    log = arena_log.Log(text)
    games = [replays.summary(k, saved) for k, saved in enumerate(log)]  # checks every game
    key = server.logs.add(replays.Opened(log))
    return {"id": key, "games": games}


async def open_replay(request: Request, server: Server) -> Json:
    body = await read_body(request, server.limits.max_upload)
    source = inputs.replay_source(body, server.limits.max_upload)
    return await run_in_threadpool(_open, source, server)


async def replay_game(request: Request, server: Server) -> Json:
    opened = server.logs.get(request.path_params["replay"])
    k = _index(request.path_params["k"])
    if k is None:
        raise NotFound(f"no game {request.path_params['k'][:20]!r}: games are numbered from 0")
    outline = await run_in_threadpool(opened.outline, k)  # read and cut once, then kept
    wanted = request.query_params.get("match")
    if wanted is None:
        return await run_in_threadpool(replays.index, k, outline)
    match = _index(wanted)
    if match is None:
        raise InputError(f"'match' must be a match number (from 1), not {wanted[:20]!r}")
    return await run_in_threadpool(replays.match_frames, k, outline, match)


# --- tournaments ---------------------------------------------------------------------------


async def new_tournament(request: Request, server: Server) -> Json:
    body = await read_body(request, server.limits.max_body)
    planned = await run_in_threadpool(
        inputs.tournament, body, server.limits.max_deals, server.models
    )
    run = await run_in_threadpool(server.tournaments.start, planned)
    return {"id": run.key}


async def get_tournament(request: Request, server: Server) -> Json:
    run = server.tournaments.store.get(request.path_params["tournament"])
    return await run_in_threadpool(run.status)


async def delete_tournament(request: Request, server: Server) -> Response:
    server.tournaments.cancel(request.path_params["tournament"])
    return Response(status_code=204)


# --- the page ------------------------------------------------------------------------------


def _page(static: Path) -> Handler:
    async def page(request: Request, server: Server) -> Response:
        index = static / "index.html"
        if not index.is_file():
            raise NotFound("the page is not installed (zhengfen/web/static/index.html)")
        return FileResponse(index, media_type="text/html")

    return page


async def rules(request: Request, server: Server) -> Response:
    """``GET /rules``: RULES.md rendered (:mod:`~zhengfen.web.documents`)."""
    return HTMLResponse(await run_in_threadpool(documents.rules_page))


async def league_ratings(request: Request, server: Server) -> Response:
    """``GET /league``: the ratings of each league (:func:`.documents.league_page`)."""
    page = await run_in_threadpool(
        lambda: documents.league_page(server.league.leagues(), server.models)
    )
    return HTMLResponse(page)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    reasons = {404: "no such page or API route", 405: "this route does not take that method"}
    reason = reasons.get(error.status_code, str(error.detail))
    return JSONResponse({"error": reason}, error.status_code, headers=error.headers)


def _routes(static: Path, created: int) -> list[Route | Mount]:
    """The page's routes and the API's (``created``: the status of a POST that makes one)."""
    return [
        Route("/", endpoint(_page(static))),
        Mount("/static", StaticFiles(directory=static, check_dir=False), name="static"),
        Route("/rules", endpoint(rules)),
        Route("/league", endpoint(league_ratings)),
        Route("/api/options", endpoint(get_options)),
        Route("/api/games", endpoint(open_game, created), methods=["POST"]),
        Route("/api/games/load", endpoint(resume_game, created), methods=["POST"]),
        Route("/api/games/{game}", endpoint(get_game), methods=["GET"]),
        Route("/api/games/{game}", endpoint(delete_game), methods=["DELETE"]),
        Route("/api/games/{game}/move", endpoint(game_move), methods=["POST"]),
        Route("/api/games/{game}/check", endpoint(game_check), methods=["POST"]),
        Route("/api/games/{game}/hint", endpoint(game_hint), methods=["POST"]),
        Route("/api/games/{game}/next", endpoint(game_next), methods=["POST"]),
        Route("/api/games/{game}/name", endpoint(game_name), methods=["POST"]),
        Route("/api/games/{game}/advance", endpoint(game_advance), methods=["POST"]),
        Route("/api/games/{game}/save", endpoint(game_save), methods=["GET"]),
        Route("/api/games/{game}/seats/{seat}", endpoint(game_hand_over), methods=["POST"]),
        Route("/api/replays", endpoint(list_replays), methods=["GET"]),
        Route("/api/replays", endpoint(open_replay, created), methods=["POST"]),
        Route("/api/replays/{replay}/{k}", endpoint(replay_game), methods=["GET"]),
        Route("/api/tournaments", endpoint(new_tournament, created), methods=["POST"]),
        Route("/api/tournaments/{tournament}", endpoint(get_tournament), methods=["GET"]),
        Route("/api/tournaments/{tournament}", endpoint(delete_tournament), methods=["DELETE"]),
    ]


def create_app(
    replays_folder: Path | None = None,
    limits: Limits | None = None,
    static: Path = STATIC,
    hosts: Iterable[str] = ("localhost",),
    models: Models | None = None,
    database: Database | None = None,
    league: Path | None = None,
) -> Starlette:
    """The application: the page from ``static``, the API, logs to replay from
    ``replays_folder`` (none without it), within ``limits``, offering the learned agents of
    ``models`` (:mod:`~zhengfen.web.models`) with the built-in ones, keeping every game in
    ``database`` (in memory only without one), showing the ratings of the ``league`` file
    (:mod:`~zhengfen.web.ratings`; none without it); answering for its addresses and the names
    ``hosts`` only, and refusing requests from other sites (:mod:`~zhengfen.web.guard`)."""
    server = Server(
        limits or Limits(),
        replays.Folder(replays_folder),
        models or Models(),
        Archive(replays_folder),
        database,
        LeagueRatings(league),
    )
    created = 201

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await run_in_threadpool(server.tournaments.shutdown)
        await run_in_threadpool(server.close_bots)

    routes = _routes(static, created)
    app = Starlette(
        routes=routes,
        middleware=[Middleware(SameSite, names=tuple(hosts))],
        exception_handlers={HTTPException: _http_error},
        lifespan=lifespan,
    )
    app.state.server = server
    return app
