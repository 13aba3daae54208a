"""``zombie-envs serve``: the browser seat on a local web server (uvicorn).

Registering the command imports no web framework, so the command line works
without the ``web`` extra and says how to install it when ``serve`` runs.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

from ..helpers.arguments import add_ratings_arguments, port_number, positive_number
from ..ratings import ratings_path
from .session import RECORDS, Limits

#: the names a server listening on this machine only answers to
LOOPBACK = ("127.0.0.1", "localhost")


def default_data() -> Path:
    """The folder of the shared ratings file (``~/.zombie-envs`` unless
    ``$ZOMBIE_ENVS_RATINGS`` moves it)."""
    return ratings_path().parent


def build(
    data: str | Path,
    ratings,
    host: str,
    limits: Limits | None = None,
    records: str | Path | None = None,
):
    """The app for ``host``: only this machine's names are answered when it
    listens on this machine only; ``records``: a folder of record files to
    list besides the browser games.  ``ImportError`` without the ``web`` extra,
    ``ValueError`` for a records folder that is not one."""
    from .app import create_app
    from .replays import Shelf
    from .session import GameStore

    allowed = list(LOOPBACK) if host in LOOPBACK else None
    store = GameStore(data, ratings, limits)
    return create_app(store, allowed, Shelf(store, records))


def main(args) -> int:
    try:
        import uvicorn

        limits = Limits(**{f.name: getattr(args, f.name) for f in fields(Limits)})
        ratings = False if args.no_ratings else args.ratings
        app = build(args.data, ratings, args.host, limits, args.records)
    except ImportError as e:
        raise SystemExit(
            f"serve needs the web extra ({e.name} is missing): pip install 'zombie-envs[web]'"
        ) from None
    except ValueError as e:  # an unreadable records file, no records folder
        raise SystemExit(str(e)) from None
    try:  # a port in use or not ours is one line, before uvicorn logs it its way
        with socket.create_server((args.host, args.port)):
            pass
    except OSError as e:
        raise SystemExit(
            f"serve cannot listen on {args.host}:{args.port}: {e.strerror or e}"
        ) from None
    where = "no ratings" if args.no_ratings else f"ratings: {ratings_path(args.ratings)}"
    print(
        f"zombie-envs serve: http://{args.host}:{args.port}/ "
        f"(records: {Path(args.data) / RECORDS}, {where}); Ctrl-C stops it\n"
        f"replays, watching and reviews: http://{args.host}:{args.port}/replay"
        + (f" (record files under {args.records})" if args.records else "")
    )
    # no access log: a game's id, its only key, is in every path the page asks for
    uvicorn.run(app, host=args.host, port=args.port, access_log=False, log_level="warning")
    return 0


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running(app, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread of this process on a free port
    (for a browser test or a load benchmark); yields its base URL."""
    import uvicorn

    port = free_port(host)
    server = uvicorn.Server(
        uvicorn.Config(app, host=host, port=port, access_log=False, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError(f"the server did not start on {host}:{port}")
            time.sleep(0.01)
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join()


def add_commands(subparsers) -> None:
    """Register ``serve`` on the ``zombie-envs`` command line."""
    p = subparsers.add_parser(
        "serve", help="play in the browser: a local web server for a person against bots"
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="port (default 8000)")
    p.add_argument(
        "--data",
        default=str(default_data()),
        help=f"folder of the finished games' record file {RECORDS} "
        "(default: the ratings file's folder, ~/.zombie-envs)",
    )
    p.add_argument(
        "--records",
        metavar="DIR",
        help="a folder of game record files (*.jsonl, e.g. tournament records) to list "
        "on the replay page beside the finished browser games",
    )
    add_ratings_arguments(p, "rate no game")
    limits = p.add_argument_group("limits", "what one client's requests may ask of this machine")
    for name, kind, what in (
        ("max_simulations", int, "simulations a search opponent may run per decision"),
        ("max_search_seconds", float, "seconds a search opponent may think per decision"),
        ("max_games_per_client", int, "unfinished games one address may hold"),
        ("max_bot_seconds_per_hour", float, "seconds the bots may think for one address an hour"),
    ):
        default = getattr(Limits, name)
        limits.add_argument(
            "--" + name.replace("_", "-"),
            type=positive_number(kind),
            default=default,
            help=f"{what} (default {default:g})",
        )
    p.set_defaults(func=main)
