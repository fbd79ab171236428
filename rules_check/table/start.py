"""The start page's side of the server: the games of the folder, and a new game from what the
table decides (rules_check/table/start.js)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

if TYPE_CHECKING:
    from .server import Table

Handler = Callable[[Request], Any]


def start_routes(table: "Table") -> list[tuple[str, Handler, list[str]]]:
    """(path, handler, methods) of the start page's requests; the server guards each."""
    from .server import _body, player_names

    engines = table.engines

    async def listing(request: Request) -> Response:
        return JSONResponse({"games": table.listing(),
                             "engines": [{"game": g, "title": e.title, "players": list(e.players)}
                                         for g, e in engines.items()]})

    async def create(request: Request) -> Response:
        data = await _body(request)
        made = await asyncio.to_thread(table.new, data.get("name") or "", data.get("game") or "",
                                       player_names(data.get("players")), data.get("setup"))
        return JSONResponse({"name": made.path.name})

    return [("/api/games", listing, ["GET"]), ("/api/new", create, ["POST"])]
