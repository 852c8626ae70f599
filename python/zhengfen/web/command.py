"""``zhengfen serve``: the game in the browser. Listens on ``--host`` (127.0.0.1) and
``--port`` (8000; 0 picks a free port), prints the address, then serves the page and its API
(:func:`zhengfen.web.app.create_app`) with uvicorn until stopped (Ctrl-C).

Every game is kept in a database in the data folder (``--data DIR``; by default
``$ZHENGFEN_DATA``, else ``$XDG_DATA_HOME/zhengfen``, else ``~/.local/share/zhengfen``: made if
missing, readable by its owner only): a server started again on the same folder plays on every
unfinished game through the same links (:mod:`zhengfen.web.tables`). ``--memory-only`` keeps
games in memory, as before (gone when the server stops).

``--league PATH`` is the league file (``zhengfen league``'s SQLite; by default ``league.sqlite``
in the data folder, where that command writes it) whose ratings the page shows beside the
agents' names and on the league page (:mod:`zhengfen.web.ratings`): read, never played for.
``--bots FILE`` offers the bot programs the file lists (:mod:`zhengfen.web.bots`), each by its
name. ``--model [NAME=]PATH`` (repeatable) offers a learned model file of the operator's to the page
as the agent ``learned-NAME`` (:mod:`zhengfen.web.models`); ``learned`` plays the model shipped
for a game's rules, where one ships.

Refused with one line on standard error and exit status 2: the ``web`` extra missing (Starlette,
uvicorn, markdown-it-py), a ``--replays`` folder that does not exist or cannot be written in
(finished games are kept there: :mod:`zhengfen.web.archive`), a data folder that cannot be
made or written in, or whose database is not ours, of a newer version or corrupt
(:mod:`zhengfen.web.database`), a ``--model`` that cannot be read or is no model (or a NAME
given twice), a ``--bots`` file that cannot be read or lists a bot badly, or a bot of it that
fails to start and greet (:mod:`zhengfen.web.bots`), an address that cannot be listened on (a
port in use, a host not of this machine).
"""

from __future__ import annotations

import argparse
import dataclasses
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from zhengfen.cli.arguments import add_options, bounded_int, bounded_number
from zhengfen.errors import InvalidStateError
from zhengfen.league.store import FILE as LEAGUE_FILE
from zhengfen.web.database import FILE, SYNC, Database
from zhengfen.web.folder import data_folder
from zhengfen.web.limits import Limits

if TYPE_CHECKING:
    from zhengfen.web.models import Models

__all__ = ["EXTRA", "HELP", "add_arguments", "listen", "run"]

HELP = "the game in the browser: play, replay, tournaments (the web extra)"

EXTRA = "install the web extra: pip install 'zhengfen[web]'"


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen serve``."""
    command.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    _add_files(command)
    _add_limits(command)
    command.set_defaults(run=run)


def _add_files(command: argparse.ArgumentParser) -> None:
    """Where the server finds and keeps things: ``--replays``, ``--model``, ``--data``,
    ``--sync``, ``--memory-only``."""
    command.add_argument(
        "--replays",
        type=Path,
        default=None,
        help="a folder of saved games and arena logs to replay, where each game is "
        "kept once it is over (it must be writable)",
    )
    command.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="[NAME=]PATH",
        help="offer this learned model file to the page as the agent learned-NAME (NAME: the "
        "file's stem unless given), for the rules it plays (repeatable); 'learned' plays the "
        "model shipped for the rules, where one ships",
    )
    command.add_argument(
        "--bots",
        type=Path,
        default=None,
        metavar="FILE",
        help="offer the bot programs listed in FILE (TOML, or JSON if it ends in .json: a list "
        "'bots' of tables with a name and a spec process(cmd=...)) for any seat, by name; each "
        "is started and must greet when the server starts (BOTS.md §7)",
    )
    command.add_argument(
        "--league",
        type=Path,
        default=None,
        metavar="PATH",
        help="the league file whose ratings the page shows beside the agents and at /league "
        "(default: league.sqlite in the data folder, where zhengfen league writes it; read only)",
    )
    command.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="the folder of the server's database, which keeps every game (made if missing; "
        "default: $ZHENGFEN_DATA, else $XDG_DATA_HOME/zhengfen, else ~/.local/share/zhengfen)",
    )
    command.add_argument(
        "--sync",
        choices=sorted(SYNC),
        default="full",
        help="full (default): each change synced to the disk before it is answered, kept "
        "through a power loss; normal: handed to the operating system before it is answered, "
        "kept through any crash of the server but not of the machine (faster where the disk's "
        "syncs are slow)",
    )
    command.add_argument(
        "--memory-only",
        action="store_true",
        help="keep games in memory only: they are gone when the server stops",
    )


def _add_limits(command: argparse.ArgumentParser) -> None:
    """The port and the limits: ``--port``, ``--max-games``, ``--keep-days``,
    ``--agent-seconds``."""
    seconds = Limits.agent_seconds
    days = Limits.keep_days
    add_options(
        command,
        [
            (
                "--port",
                "PORT",
                bounded_int(0, 65535),
                8000,
                "port, 0 to 65535 (8000; 0: any free port)",
            ),
            (
                "--max-games",
                "N",
                bounded_int(1, 4096),
                64,
                "games held in memory at once, 1 to 4096 (64); with the database, the least "
                "recently used is unloaded to make room, and comes back on its link",
            ),
            (
                "--keep-days",
                "DAYS",
                bounded_number(0.001, 36500, "a number of days"),
                days,
                f"how long an unfinished game is kept after its last move ({days:g}); finished "
                "games are kept until deleted",
            ),
            (
                "--agent-seconds",
                "SECONDS",
                bounded_number(0, 60, "a number of seconds"),
                seconds,
                "how long the agents play in one request before the page is answered and asks "
                f"again, 0 to 60 ({seconds:g}; 0: one agent's move a request)",
            ),
        ],
    )


def open_database(given: Path | None, sync: str = "full") -> Database:
    """The database of the data folder (made if missing, mode 0700); ``InvalidStateError``
    with the reason if it cannot be used."""
    folder = data_folder(given)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidStateError(
            f"--data {folder}: cannot make the folder ({error.strerror or error})"
        ) from error
    if not folder.is_dir():
        raise InvalidStateError(f"--data {folder}: not a folder")
    return Database.open(folder / FILE, Limits.store_seconds, sync)


def offer_bots(models: Models, path: Path | None) -> Models:
    """``models`` with the bots of ``--bots FILE`` (none without it), each started once and
    greeted (:func:`zhengfen.web.bots.greet`; ``BotError`` for one that fails)."""
    if path is None:
        return models
    from zhengfen.web import bots

    listed = bots.read_bots(path)
    return dataclasses.replace(models, bots=listed, hellos=bots.greet(listed))


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (``OSError`` with the reason if it cannot)."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def _address(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def run(args: argparse.Namespace) -> int:
    """Serves until stopped; returns the exit status."""
    try:  # the web extra, checked before anything else
        import uvicorn  # noqa: F401

        from zhengfen.web import app  # noqa: F401
    except ImportError:
        print(f"zhengfen serve: {EXTRA}", file=sys.stderr)
        return 2
    from zhengfen.web.archive import usable
    from zhengfen.web.models import read_models

    folder = args.replays
    unusable = None if folder is None else usable(folder)
    if unusable is not None:
        print(f"zhengfen serve: --replays {folder}: {unusable}", file=sys.stderr)
        return 2
    try:
        models = offer_bots(read_models(args.model), args.bots)
        database = None if args.memory_only else open_database(args.data, args.sync)
    except ValueError as error:
        print(f"zhengfen serve: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    try:
        return _serve(args, folder, models, database)
    finally:
        if database is not None:
            database.close()


def _serve(
    args: argparse.Namespace, folder: Path | None, models: Models, database: Database | None
) -> int:
    import uvicorn

    from zhengfen.web.app import create_app

    try:
        sock = listen(args.host, args.port)
    except (OSError, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        print(
            f"zhengfen serve: cannot listen on {args.host}:{args.port}: {reason}", file=sys.stderr
        )
        return 2
    limits = Limits(
        max_games=args.max_games, agent_seconds=args.agent_seconds, keep_days=args.keep_days
    )
    hosts = ("localhost", args.host)
    league = args.league or data_folder(args.data) / LEAGUE_FILE
    app = create_app(folder, limits, hosts=hosts, models=models, database=database, league=league)
    print(f"zhengfen: serving the game at {_address(sock)}", flush=True)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0
