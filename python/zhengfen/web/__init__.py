"""``zhengfen serve``: the game in the browser (the ``web`` extra: Starlette, uvicorn,
markdown-it-py).

The server plays games of people and agents, replays saved games and arena logs frame
by frame, and runs small tournaments, all through a JSON API (``API.md`` in this folder) used by
the page in ``static/``. By concern: :mod:`~zhengfen.web.app` (routes and the app factory),
:mod:`~zhengfen.web.games` (a game of people and agents), :mod:`~zhengfen.web.people` (the
people's seats and their secret links), :mod:`~zhengfen.web.access` (which seat a route's key
opens), :mod:`~zhengfen.web.deals` (when a seat may see the seed), :mod:`~zhengfen.web.hints`
and :mod:`~zhengfen.web.selections` (a seat's hint and selection, from what it knows),
:mod:`~zhengfen.web.archive` (finished games kept in the ``--replays`` folder),
:mod:`~zhengfen.web.views` (a game as JSON for one seat, events in the words of
:func:`zhengfen.text.announcement`),
:mod:`~zhengfen.web.replays`, :mod:`~zhengfen.web.tournaments`,
:mod:`~zhengfen.web.inputs` (the edge: each request body read into a typed value of
:mod:`~zhengfen.web.requested`; no other module reads a body), :mod:`~zhengfen.web.store` (what the
server keeps in memory, bounded and expiring), :mod:`~zhengfen.web.database` (the SQLite file
that keeps every game), :mod:`~zhengfen.web.tables` (games in memory and in the database, and a
game as the database keeps it), :mod:`~zhengfen.web.export` (``zhengfen export``: the games kept,
as an arena log and per-decision arrays), :mod:`~zhengfen.web.limits` (the bounds),
:mod:`~zhengfen.web.problems` (the HTTP errors), :mod:`~zhengfen.web.guard` (requests other
sites could make a browser send, refused), :mod:`~zhengfen.web.models` (the learned models and
bots the server offers), :mod:`~zhengfen.web.bots` (the bot programs of ``--bots FILE``),
:mod:`~zhengfen.web.ratings` (the league's ratings beside the agents, the default opponent),
:mod:`~zhengfen.web.documents` (the rules and league pages, rendered by the server),
:mod:`~zhengfen.web.folder` (the data folder, which the league's file shares) and
:mod:`~zhengfen.web.command` (the command). Only :mod:`~zhengfen.web.app`,
:mod:`~zhengfen.web.documents` and :mod:`~zhengfen.web.command` need the extra.
"""
