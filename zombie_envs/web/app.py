"""The browser seat's ASGI app (Starlette): a static page and a small JSON API.

``GET /`` is the page (plain HTML, one script, one style sheet, no build
step).  The API:

- ``GET /api/envs``: the games, player counts, options and opponent specs;
- ``POST /api/games`` ``{env, players, seat, opponents, name, options}``: a new
  game, its bots' opening moves played; answers the person's view (201);
- ``GET /api/games/{id}``: the person's view of a game;
- ``POST /api/games/{id}/action`` ``{move, action}``: the person's move, sent at
  ``move`` (the view's counter); the bots reply before the answer;
- ``POST /api/games/{id}/rematch``: a new game with the same set-up.

Every answer is the seat's view only (``session.Session.view``); a request the
game cannot take gets a 4xx answer ``{"error": message}`` and changes nothing.
Request bodies must be JSON (``Content-Type: application/json``), which other
sites' pages cannot send without the browser asking this server first.
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..core.files import parse_json
from .session import GameStore, RequestError, env_choices

STATIC = Path(__file__).parent / "static"
#: the largest request body taken, in bytes
MAX_BODY = 16 * 1024
#: sent with every answer: scripts and styles from this server only, no framing,
#: no referrer (the page's address holds a game's id), no guessing of types
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
SETUP_FIELDS = {"env", "players", "seat", "opponents", "name", "options"}


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict:
    """The request's JSON object; ``RequestError`` when it is too large, not
    JSON or not an object."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise RequestError(415, "send the body as JSON (Content-Type: application/json)")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise RequestError(413, f"the body is larger than {MAX_BODY} bytes")
    try:
        body = parse_json(data, "the body")
    except ValueError as e:
        raise RequestError(400, str(e)) from None
    if not isinstance(body, dict):
        raise RequestError(400, "the body must be a JSON object")
    return body


def _client(request: Request) -> str:
    """Who the limits count a request against: its address."""
    return request.client.host if request.client else "unknown"


def _setup(body: dict) -> dict:
    """The arguments of ``Session.new`` from a set-up body, type-checked."""
    unknown = set(body) - SETUP_FIELDS
    if unknown:
        raise RequestError(
            400, f"unknown field(s) {sorted(unknown)}; known: {sorted(SETUP_FIELDS)}"
        )
    env = body.get("env")
    players = body.get("players")
    seat = body.get("seat", 0)
    opponents = body.get("opponents")
    name = body.get("name", "human")
    options = body.get("options", {})
    if not isinstance(env, str):
        raise RequestError(400, "'env' must name a game")
    for label, value in (("players", players), ("seat", seat)):
        if value is not None and type(value) is not int:
            raise RequestError(400, f"{label!r} must be an integer")
    if isinstance(opponents, str):
        opponents = [opponents]
    if opponents is not None and not (
        isinstance(opponents, list) and all(isinstance(s, str) and s for s in opponents)
    ):
        raise RequestError(400, "'opponents' must be a list of agent specs")
    if not isinstance(name, str):
        raise RequestError(400, "'name' must be a string")
    if not isinstance(options, dict) or not all(type(v) in (int, str) for v in options.values()):
        raise RequestError(400, "'options' must map option names to integers or strings")
    return {
        "env_name": env,
        "players": players,
        "seat": seat,
        "opponents": opponents,
        "name": name,
        "options": options,
    }


def create_app(store: GameStore, allowed_hosts: list[str] | None = None) -> Starlette:
    """The app serving ``store``'s games.  ``allowed_hosts``: the names the page
    may be reached under (a server on this machine only answers its own names,
    so another site cannot reach it by pointing a name of its own at 127.0.0.1)."""

    async def index(request: Request):
        return FileResponse(STATIC / "index.html")

    async def envs(request: Request):
        return JSONResponse(await run_in_threadpool(env_choices))

    async def create(request: Request):
        setup = _setup(await _body(request))

        def make():
            try:
                return store.create(_client(request), **setup).view()
            except ValueError as e:
                raise RequestError(422, str(e)) from None

        return JSONResponse(await run_in_threadpool(make), status_code=201)

    async def show(request: Request):
        game_id = request.path_params["game_id"]
        return JSONResponse(await run_in_threadpool(store.view, game_id))

    async def act(request: Request):
        game_id = request.path_params["game_id"]
        body = await _body(request)
        unknown = set(body) - {"move", "action"}
        if unknown or "move" not in body or "action" not in body:
            raise RequestError(400, 'send {"move": N, "action": A}: the view\'s move and a choice')

        return JSONResponse(
            await run_in_threadpool(
                store.act, game_id, body["move"], body["action"], _client(request)
            )
        )

    async def rematch(request: Request):
        game_id = request.path_params["game_id"]
        return JSONResponse(
            await run_in_threadpool(lambda: store.rematch(game_id, _client(request)).view()),
            status_code=201,
        )

    async def refused(request: Request, exc: RequestError):
        return _error(exc.status, exc.message)

    async def http_error(request: Request, exc: HTTPException):
        return _error(exc.status_code, exc.detail)

    async def headers(request: Request, call_next):
        response = await call_next(request)
        response.headers.update(HEADERS)
        if request.url.path.startswith("/api/"):
            response.headers["Cache-Control"] = "no-store"
        return response

    middleware = [Middleware(BaseHTTPMiddleware, dispatch=headers)]
    if allowed_hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    return Starlette(
        routes=[
            Route("/", index),
            Route("/api/envs", envs),
            Route("/api/games", create, methods=["POST"]),
            Route("/api/games/{game_id}", show),
            Route("/api/games/{game_id}/action", act, methods=["POST"]),
            Route("/api/games/{game_id}/rematch", rematch, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=middleware,
        exception_handlers={RequestError: refused, HTTPException: http_error},
    )
