"""`pnp play`: the browser table, a small Starlette app served by uvicorn on 127.0.0.1.

Routes (every /api call names its seat by `key`; the page gets it from its link):

    GET  /                      the page (static/index.html)
    GET  /static/...            its script and style sheet
    GET  /face/NAME.svg         a face of the game's kit, drawn by the kit's own code as SVG
    GET  /board.svg             the board, likewise
    GET  /api/state?key=K       what the seat may see (`Table.payload`)
    POST /api/move              {"key", "move"}: play a move in the game's notation
    POST /api/undo              {"key"}
    POST /api/reveal            {"key"}: hot seat, the device has been passed on
    POST /api/new               {"key"}: a new game at the same table
    GET  /api/export?key=K&what=position|game   an example block for rules.md

A refused request answers 400 with {"error", "reason", "ruling", "move"}.
"""

from __future__ import annotations

import functools
import socket
import threading
import webbrowser
from pathlib import Path
from typing import Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..games.base import Game
from .blocks import game_title
from .session import PlayError, Table

STATIC = Path(__file__).resolve().parent / "static"


def create_app(table: Table, on_payload: Callable[[str, dict], None] | None = None) -> Starlette:
    """The app for one table. `on_payload(seat, payload)` sees every state sent (for tests)."""
    game: Game = table.game
    faces = game.faces

    @functools.lru_cache(maxsize=None)
    def face(name: str) -> str:
        from ..kit.svg import face_svg
        return face_svg(faces, name)

    @functools.lru_cache(maxsize=1)
    def board() -> tuple[str, dict]:
        from ..kit.svg import board_svg
        return board_svg(faces, game.board.files, game.board.ranks)

    def refused(exc: PlayError, status: int = 400) -> JSONResponse:
        text = f"ruling {exc.ruling}: {exc.reason}" if exc.ruling else exc.reason
        return JSONResponse({"error": text, "reason": exc.reason, "ruling": exc.ruling, "move": exc.move},
                            status_code=status)

    def state_response(key: str) -> JSONResponse:
        payload = table.payload(key)
        payload["board"] = board()[1]
        if on_payload is not None:
            on_payload(table.seat(key), payload)
        return JSONResponse(payload, headers={"Cache-Control": "no-store"})

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def face_route(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in faces.draw:
            return PlainTextResponse(f"unknown face {name!r}", status_code=404)
        return Response(face(name), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    async def board_route(request: Request) -> Response:
        return Response(board()[0], media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    async def state(request: Request) -> Response:
        key = request.query_params.get("key", "")
        try:
            return state_response(key)
        except PlayError as exc:
            return refused(exc, 403)

    def action(call) -> Callable:
        async def route(request: Request) -> Response:
            try:
                body = await request.json()
            except ValueError:
                body = {}
            key = str(body.get("key", ""))
            try:
                call(key, body)
                return state_response(key)
            except PlayError as exc:
                return refused(exc, 403 if exc.reason.startswith("unknown or missing key") else 400)
        return route

    async def export(request: Request) -> Response:
        key = request.query_params.get("key", "")
        try:
            block = table.export(key, request.query_params.get("what", "game"))
        except PlayError as exc:
            return refused(exc)
        if on_payload is not None:
            on_payload(table.seat(key), {"export": block})
        return JSONResponse({"block": block})

    async def favicon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/face/{name}.svg", face_route),
        Route("/board.svg", board_route),
        Route("/api/state", state),
        Route("/api/move", action(lambda key, body: table.play(key, str(body.get("move", "")))), methods=["POST"]),
        Route("/api/undo", action(lambda key, body: table.undo(key)), methods=["POST"]),
        Route("/api/reveal", action(lambda key, body: table.reveal(key)), methods=["POST"]),
        Route("/api/new", action(lambda key, body: table.restart(key)), methods=["POST"]),
        Route("/api/export", export),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes)


def links(table: Table, host: str, port: int) -> list[tuple[str, str]]:
    """(who, URL) for every seat of the table."""
    base = f"http://{host}:{port}/"
    out = []
    for key, seat in table.keys.items():
        who = "hot seat (one screen, both sides)" if seat == "table" else table.plural(seat)
        out.append((who, f"{base}?key={key}" + ("" if seat == "table" else f"&side={seat}")))
    return out


def serve(table: Table, port: int = 8765, open_browser: bool = True, report=print) -> None:
    """Serve the table on 127.0.0.1 until interrupted."""
    import uvicorn

    host = "127.0.0.1"
    with socket.socket() as probe:  # uvicorn would log and exit; say it plainly instead
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise OSError(exc.errno, f"port {port} is in use (choose another with --port)") from None
    config = uvicorn.Config(create_app(table), host=host, port=port, log_level="warning")
    server = uvicorn.Server(config)
    seats = links(table, host, port)
    report(f"{game_title(table.game)}: the table is open (Ctrl-C to close)")
    for who, url in seats:
        report(f"  {who}: {url}")
    if open_browser:
        threading.Timer(0.8, lambda: webbrowser.open(seats[-1][1] if table.vs == "human" else seats[0][1])).start()
    server.run()
