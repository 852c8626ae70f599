"""``zhengfen serve``: the game in the browser. Listens on ``--host`` (127.0.0.1) and
``--port`` (8000; 0 picks a free port), prints the address, then serves the page and its API
(:func:`zhengfen.web.app.create_app`) with uvicorn until stopped (Ctrl-C).

``--model [NAME=]PATH`` (repeatable) offers a learned model file of the operator's to the page
as the agent ``learned-NAME`` (:mod:`zhengfen.web.models`); ``learned`` plays the model shipped
for a game's rules, where one ships.

Refused with one line on standard error and exit status 2: the ``web`` extra missing (Starlette,
uvicorn), a ``--replays`` folder that does not exist or cannot be written in (finished games
are kept there: :mod:`zhengfen.web.archive`), a ``--model`` that cannot be read or is no
model (or a NAME given twice), an address that cannot be listened on (a port in use, a host not
of this machine).
"""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

from zhengfen.arguments import add_options, bounded_int, bounded_number
from zhengfen.web.limits import Limits

__all__ = ["EXTRA", "HELP", "add_arguments", "listen", "run"]

HELP = "the game in the browser: play, replay, tournaments (the web extra)"

EXTRA = "install the web extra: pip install 'zhengfen[web]'"


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen serve``."""
    command.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
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
    seconds = Limits.agent_seconds
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
            ("--max-games", "N", bounded_int(1, 4096), 64, "games held at once, 1 to 4096 (64)"),
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
    command.set_defaults(run=run)


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
    try:
        import uvicorn

        from zhengfen.web.app import create_app
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
        models = read_models(args.model)
    except ValueError as error:
        print(f"zhengfen serve: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    try:
        sock = listen(args.host, args.port)
    except (OSError, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        print(
            f"zhengfen serve: cannot listen on {args.host}:{args.port}: {reason}", file=sys.stderr
        )
        return 2
    limits = Limits(max_games=args.max_games, agent_seconds=args.agent_seconds)
    app = create_app(folder, limits, hosts=("localhost", args.host), models=models)
    print(f"zhengfen: serving the game at {_address(sock)}", flush=True)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0
