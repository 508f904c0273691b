"""`pnp play`: the browser table, a small Starlette app served by uvicorn on 127.0.0.1.

Routes (every /api call names its seat by its key in the `X-Seat-Key` header; the page reads the
key once from its link, keeps it in the tab's sessionStorage and takes it out of the address bar):

    GET  /?key=K                the page (static/index.html); only play.js reads the key
    GET  /static/...            its script and style sheet
    GET  /face/NAME.svg         a face of the game's kit, drawn by the kit's own code as SVG
    GET  /face/NAME.png         the same as a picture (the only form of a data-only game's faces, drawn at
                                their printed size: cards and screens set text in paragraphs)
    GET  /card/KEY.svg          a card of the kit (a tracker), likewise
    GET  /board                 the board, likewise (SVG, or PNG for the designer's own board art)
    GET  /api/state             what the seat may see (`Table.payload`)
    POST /api/move              {"move": TEXT}: play a move in the game's notation
    POST /api/undo              {}
    POST /api/answer            {"allow": true|false}: consent to a request to take moves back
    POST /api/reveal            {} or {"side": LABEL}: hot seat, the device has been passed on
    POST /api/new               {}: a new game at the same table
    GET  /api/export?what=position|game   an example block for rules.md

Every /api call may add `?since=N`, the number of moves the page has drawn: the answer then
carries the moves after it as steps to animate.

A game folder without a rules engine gets a `Sandbox` (generator/play/sandbox.py) instead of a
`Table`: the same routes, with the sandbox's own moves (`p12 c3`, `flip p12`, `draw`...).

What the server accepts (docs/play.md says it in words): `Guard` refuses any request addressed to
another host name (DNS rebinding) or sent by another site's page (Origin, Sec-Fetch-Site); a POST
body is one JSON object of at most MAX_BODY bytes. Every refusal answers {"error": TEXT}; a
request the table refuses adds "reason", "ruling" and "move" (400; 403 for an unknown key).
"""

from __future__ import annotations

import functools
import json
import socket
import threading
import webbrowser
from pathlib import Path
from typing import Awaitable, Callable, Iterable

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..games.base import Game
from .blocks import game_title
from .session import PlayError, Table, UnknownSeat, clip

STATIC = Path(__file__).resolve().parent / "static"
KEY_HEADER = "X-Seat-Key"
MAX_BODY = 16 * 1024  # bytes of a POST body; larger ones answer 413 unread
MAX_MOVE = 200        # characters of a move's text
FACE_PX = 768         # a face served as a picture, on its longer side
BOARD_PX = 1600       # a board served as a picture, likewise
NO_STORE = {"Cache-Control": "no-store"}
PAGE_HEADERS = {**NO_STORE, "Referrer-Policy": "no-referrer",
                "Content-Security-Policy": "frame-ancestors 'none'"}


class Refused(Exception):
    """A request refused before it reaches the table: its HTTP status and why, in words."""

    def __init__(self, status: int, message: str):
        self.status, self.message = status, message
        super().__init__(message)


def error(status: int, message: str, **more) -> JSONResponse:
    return JSONResponse({"error": message, **more}, status_code=status, headers=NO_STORE)


def own_hosts(host: str, port: int) -> list[str]:
    """The Host headers a browser sends to this server: host:port, and localhost:port."""
    names = list(dict.fromkeys([host, "localhost"]))
    return [f"{name}:{port}" for name in names] + (names if port == 80 else [])


class Guard:
    """ASGI middleware, before every route: the Host header must be one of `hosts` (a page of
    another site that renamed itself to 127.0.0.1, DNS rebinding, is refused), an Origin header
    must be the server's own, and /api refuses what Sec-Fetch-Site says another site sent."""

    def __init__(self, app, hosts: Iterable[str]):
        self.app = app
        self.hosts = [host.lower() for host in hosts]
        self.origins = {f"http://{host}" for host in self.hosts}

    def why_refused(self, headers: Headers, path: str) -> str | None:
        if headers.get("host", "").lower() not in self.hosts:
            return f"this table answers only at http://{self.hosts[0]}/"
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            return "refused: the request came from another web page"
        if path.startswith("/api/") and headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return "refused: the request came from another web page"
        return None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            why = self.why_refused(Headers(scope=scope), scope["path"])
            if why is not None:
                await error(403, why)(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def read_json(request: Request) -> dict:
    """The body: one JSON object of at most MAX_BODY bytes, counted as it arrives (a chunked
    body has no Content-Length). Raises Refused: 413 too large, 400 not a JSON object."""
    too_large = Refused(413, f"the request is larger than {MAX_BODY} bytes")
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise too_large
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):  # RecursionError: thousands of nested brackets
        raise Refused(400, "the request is not valid JSON") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request must be a JSON object")
    return data


def since_of(request: Request) -> int | None:
    """The `since` query parameter: the moves the page has drawn (ignored unless a small number)."""
    text = request.query_params.get("since", "")
    return int(text) if text.isdigit() and len(text) < 7 else None


def move_text(body: dict) -> str:
    """The body's "move": a string of at most MAX_MOVE characters, else PlayError."""
    move = body.get("move")
    if not isinstance(move, str):
        raise PlayError("the move must be a string in the game's notation")
    if len(move) > MAX_MOVE:
        raise PlayError(f"the move is too long ({len(move)} characters; at most {MAX_MOVE})", move=clip(move))
    return move


def create_app(table: Table, on_payload: Callable[[str, dict], None] | None = None, *,
               hosts: Iterable[str]) -> Starlette:
    """The app for one table (a `Table`, or a `Sandbox` for a game without rules), answering only
    requests addressed to `hosts` (`own_hosts(host, port)` when served). `on_payload(seat,
    payload)` sees every state sent (for tests)."""
    game: Game = table.game
    faces = game.faces

    @functools.lru_cache(maxsize=1)
    def kit():
        from ..kit.model import load_kit
        return load_kit(game)

    @functools.lru_cache(maxsize=1)
    def sizes() -> dict[str, tuple[float, float]]:
        """The printed size of each face of a game whose faces are drawn at size (a long palisade)."""
        if not faces.sized:
            return {}
        found = {}
        for piece in kit().pieces:
            for front, back in piece.copies():
                for face in (front, back):
                    if face:
                        found[face] = (piece.width, piece.height)
        return found

    @functools.lru_cache(maxsize=None)
    def face(name: str) -> str:
        from ..kit.svg import face_svg
        return face_svg(faces, name)

    @functools.lru_cache(maxsize=None)
    def face_png(name: str) -> bytes:
        """A face drawn at its printed size (the text of cards and screens) as a picture, clear where
        the face paints nothing (a round token, a mark over a square)."""
        from ..kit.faces import draw_face
        from ..pdf import drawing_png
        w, h = sizes().get(name, (100.0, 100.0))
        return drawing_png(w, h, FACE_PX, lambda c: draw_face(c, faces, name, 0, 0, (w, h)), transparent=True)

    @functools.lru_cache(maxsize=1)
    def board() -> tuple[str | bytes, dict]:
        """The board's picture (SVG, or a PNG for a board with the designer's own art) and where
        its squares lie."""
        from ..kit.layout import square_geometry
        from ..kit.svg import board_box, board_svg
        from ..pdf import drawing_png
        if not faces.sized:
            return board_svg(faces, game.board.files, game.board.ranks)
        geo = square_geometry(100.0, game.board.files, game.board.ranks)
        return drawing_png(geo.width, geo.height, BOARD_PX, lambda c: faces.board(c, geo)), board_box(geo)

    @functools.lru_cache(maxsize=None)
    def card(name: str) -> tuple[str, dict] | None:
        """The kit's piece `name` (or its piece of that kind) drawn as a card, with its spaces."""
        from ..kit.svg import card_svg
        piece = next((p for p in kit().pieces if p.key == name), None) or \
            next((p for p in kit().pieces if p.kind == name), None)
        if piece is None or piece.kind not in faces.specials:
            return None
        return card_svg(kit(), piece)

    def state_response(key: str, since: int | None) -> JSONResponse:
        payload = table.payload(key, since)
        payload["board"] = board()[1]
        payload["faces"] = "png" if faces.sized else "svg"
        payload["cards"] = {}
        for zone in payload.get("zones", ()):
            drawn = card(zone["card"]) if zone["card"] else None
            if drawn is not None:
                payload["cards"][zone["card"]] = {"svg": f"/card/{zone['card']}.svg", "spaces": drawn[1]}
        if on_payload is not None:
            on_payload(table.seat(key), payload)
        return JSONResponse(payload, headers=NO_STORE)

    def api(handler: Callable[[Request, str], Awaitable[Response]]) -> Callable:
        """An /api route: the seat's key from its header, checked first; refusals as JSON."""
        async def route(request: Request) -> Response:
            key = request.headers.get(KEY_HEADER, "")
            try:
                table.seat(key)
                return await handler(request, key)
            except Refused as exc:
                return error(exc.status, exc.message)
            except PlayError as exc:
                text = f"ruling {exc.ruling}: {exc.reason}" if exc.ruling else exc.reason
                return error(403 if isinstance(exc, UnknownSeat) else 400, text,
                             reason=exc.reason, ruling=exc.ruling, move=exc.move)
        return route

    def action(call: Callable[[str, dict], None]) -> Callable:
        async def handler(request: Request, key: str) -> Response:
            call(key, await read_json(request))
            return state_response(key, since_of(request))
        return api(handler)

    async def state(request: Request, key: str) -> Response:
        return state_response(key, since_of(request))

    async def export(request: Request, key: str) -> Response:
        block = table.export(key, request.query_params.get("what", "game"))
        if on_payload is not None:
            on_payload(table.seat(key), {"export": block})
        return JSONResponse({"block": block}, headers=NO_STORE)

    def allow(body: dict) -> bool:
        if not isinstance(body.get("allow"), bool):
            raise PlayError("the answer must be {\"allow\": true} or {\"allow\": false}")
        return body["allow"]

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    def svg(text: str) -> Response:
        return Response(text, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    async def face_route(request: Request) -> Response:
        name, kind = request.path_params["name"], request.path_params["kind"]
        if name not in faces.draw or kind not in ("svg", "png") or (kind == "svg" and faces.sized):
            return PlainTextResponse(f"unknown face {clip(name)!r}", status_code=404)
        if kind == "png":
            return Response(face_png(name), media_type="image/png", headers={"Cache-Control": "max-age=3600"})
        return svg(face(name))

    async def card_route(request: Request) -> Response:
        name = request.path_params["name"]
        drawn = card(name) if name.isidentifier() else None
        if drawn is None:
            return PlainTextResponse(f"unknown card {clip(name)!r}", status_code=404)
        return svg(drawn[0])

    async def board_route(request: Request) -> Response:
        picture = board()[0]
        if isinstance(picture, bytes):
            return Response(picture, media_type="image/png", headers={"Cache-Control": "max-age=3600"})
        return svg(picture)

    async def favicon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/face/{name}.{kind}", face_route),
        Route("/card/{name}.svg", card_route),
        Route("/board", board_route),
        Route("/api/state", api(state)),
        Route("/api/move", action(lambda key, body: table.play(key, move_text(body))), methods=["POST"]),
        Route("/api/undo", action(lambda key, body: table.undo(key)), methods=["POST"]),
        Route("/api/answer", action(lambda key, body: table.answer(key, allow(body))), methods=["POST"]),
        Route("/api/reveal", action(lambda key, body: table.reveal(key, body.get("side"))), methods=["POST"]),
        Route("/api/new", action(lambda key, body: table.restart(key)), methods=["POST"]),
        Route("/api/export", api(export)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, middleware=[Middleware(Guard, hosts=hosts)])


def links(table: Table, host: str, port: int) -> list[tuple[str, str]]:
    """(who, URL) for every seat of the table: the only place a key is written out."""
    base = f"http://{host}:{port}/"
    out = []
    for key, seat in table.keys.items():
        who = "hot seat (one screen, every person)" if seat == "table" else table.plural(seat)
        out.append((who, f"{base}?key={key}" + ("" if seat == "table" else f"&side={seat}")))
    return out


def serve(table: Table, port: int = 8765, open_browser: bool = True, report=print) -> None:
    """Serve the table on 127.0.0.1 until interrupted (no access log: the first request's URL
    carries a key)."""
    import uvicorn

    host = "127.0.0.1"
    with socket.socket() as probe:  # uvicorn would log and exit; say it plainly instead
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise OSError(exc.errno, f"port {port} is in use (choose another with --port)") from None
    config = uvicorn.Config(create_app(table, hosts=own_hosts(host, port)), host=host, port=port,
                            log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    seats = links(table, host, port)
    report(f"{game_title(table.game)}: the table is open (Ctrl-C to close)")
    for who, url in seats:
        report(f"  {who}: {url}")
    if open_browser:
        threading.Timer(0.8, lambda: webbrowser.open(seats[-1][1])).start()
    server.run()
