"""``zhengfen serve``: the table in the browser (the ``web`` extra: Starlette and uvicorn).

The server plays agents against a person (tables), replays saved games and arena logs frame by
frame, and runs small tournaments, all through a JSON API (``API.md`` in this folder) used by the
page in ``static/``. By concern: :mod:`~zhengfen.web.app` (routes and the app factory),
:mod:`~zhengfen.web.tables` (a person's game against agents), :mod:`~zhengfen.web.views` (a
game as JSON for one seat, events in the words of :func:`zhengfen.text.announcement`),
:mod:`~zhengfen.web.replays`, :mod:`~zhengfen.web.tournaments`,
:mod:`~zhengfen.web.inputs` (checking request bodies), :mod:`~zhengfen.web.store` (what the
server keeps, bounded and expiring), :mod:`~zhengfen.web.limits` (the bounds),
:mod:`~zhengfen.web.problems` (the HTTP errors) and :mod:`~zhengfen.web.command` (the
command). Only :mod:`~zhengfen.web.app` and :mod:`~zhengfen.web.command` need the extra.
"""
