"""The browser seat's ASGI app (Starlette): a static page and a small JSON API.

``GET /`` is the page (plain HTML, one script, one style sheet, no build
step).  The API:

- ``GET /api/envs``: the games, player counts, options and opponent specs;
- ``POST /api/games`` ``{env, players, seat, opponents, name, options}``: a new
  game, its bots' opening moves played; answers the person's view (201);
- ``GET /api/games/{id}``: the person's view of a game;
- ``POST /api/games/{id}/action`` ``{move, action}``: the person's move, sent at
  ``move`` (the view's counter); the bots reply before the answer;
- ``POST /api/games/{id}/rematch``: a new game with the same set-up;
- ``GET /api/games/{id}/review`` and ``.../review/{n}?agent=SPEC``: the
  person's decisions in their finished game, and an agent's advice at one;
- ``GET /api/records``: the saved records the server shows; ``GET
  /api/records/{id}?step=N&seat=S``: one step of one, from a seat's view or
  the spectator's (``seat=spectator``);
- ``POST /api/watch`` ``{env, players, agents, options}``: a bot-only game to
  watch; ``GET /api/watch/{id}?seat=S`` and ``POST /api/watch/{id}/step``
  ``{move}``: its frame now, and after one more move.

``GET /replay`` is the page that lists, plays back, watches and reviews.

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
from .replays import Shelf
from .review import Reviews
from .session import GameStore, RequestError, env_choices
from .watch import Stage

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
WATCH_FIELDS = {"env", "players", "agents", "options"}


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


def _step(request: Request) -> int:
    """The ``step`` a replay request asks for (0: the opening)."""
    text = request.query_params.get("step", "0")
    if not text.isdigit():
        raise RequestError(400, f"step must be a whole number, not {text!r}")
    return int(text)


def _watch_setup(body: dict) -> dict:
    """The arguments of ``Stage.create`` from a watch body, type-checked."""
    unknown = set(body) - WATCH_FIELDS
    if unknown:
        raise RequestError(
            400, f"unknown field(s) {sorted(unknown)}; known: {sorted(WATCH_FIELDS)}"
        )
    setup = _setup({k: v for k, v in body.items() if k != "agents"})
    agents = body.get("agents")
    if isinstance(agents, str):
        agents = [agents]
    if agents is not None and not (
        isinstance(agents, list) and all(isinstance(s, str) and s for s in agents)
    ):
        raise RequestError(400, "'agents' must be a list of agent specs")
    return {
        "env": setup["env_name"],
        "players": setup["players"],
        "agents": agents,
        "options": setup["options"],
    }


def replay_routes(store: GameStore, shelf: Shelf) -> list[Route]:
    """The routes of the replay page: records, watched games and reviews."""
    stage, reviews = Stage(store, shelf), Reviews(store)

    def seat(request: Request) -> str | None:
        return request.query_params.get("seat")

    async def page(request: Request):
        return FileResponse(STATIC / "replay.html")

    async def records(request: Request):
        return JSONResponse(await run_in_threadpool(shelf.listing))

    async def replay(request: Request):
        record_id, step = request.path_params["record_id"], _step(request)
        return JSONResponse(await run_in_threadpool(shelf.frame, record_id, step, seat(request)))

    async def watch(request: Request):
        setup = _watch_setup(await _body(request))

        def make():
            return stage.create(_client(request), **setup).frame(seat(request))

        return JSONResponse(await run_in_threadpool(make), status_code=201)

    async def watched(request: Request):
        game_id = request.path_params["game_id"]
        return JSONResponse(await run_in_threadpool(stage.view, game_id, seat(request)))

    async def step(request: Request):
        game_id = request.path_params["game_id"]
        body = await _body(request)
        if set(body) != {"move"}:
            raise RequestError(400, 'send {"move": N}: the frame\'s move')
        return JSONResponse(
            await run_in_threadpool(
                stage.step, game_id, body["move"], seat(request), _client(request)
            )
        )

    async def review(request: Request):
        game_id = request.path_params["game_id"]
        return JSONResponse(
            await run_in_threadpool(lambda: reviews.get(game_id, seat(request)).index())
        )

    async def decision(request: Request):
        game_id, number = request.path_params["game_id"], request.path_params["number"]
        spec = request.query_params.get("agent", "heuristic")
        return JSONResponse(
            await run_in_threadpool(
                reviews.decision, game_id, number, spec, seat(request), _client(request)
            )
        )

    return [
        Route("/replay", page),
        Route("/api/records", records),
        Route("/api/records/{record_id}", replay),
        Route("/api/watch", watch, methods=["POST"]),
        Route("/api/watch/{game_id}", watched),
        Route("/api/watch/{game_id}/step", step, methods=["POST"]),
        Route("/api/games/{game_id}/review", review),
        Route("/api/games/{game_id}/review/{number:int}", decision),
    ]


def create_app(
    store: GameStore, allowed_hosts: list[str] | None = None, shelf: Shelf | None = None
) -> Starlette:
    """The app serving ``store``'s games and ``shelf``'s records (default: the
    store's finished games only).  ``allowed_hosts``: the names the page
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
            *replay_routes(store, shelf or Shelf(store)),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=middleware,
        exception_handlers={RequestError: refused, HTTPException: http_error},
    )
