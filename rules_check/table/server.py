"""``pnp table``: a local web server with the real engines behind a page that records a game as it
is played at the table (rules_check/table/session.py) and shows the verdict as it goes.

Starlette on uvicorn. Bound to 127.0.0.1 by default; on any other address (``--host 0.0.0.0``,
for phones on the same network) every request must carry the token printed with the URL, as
Jupyter does: ``?token=...`` once (kept as a cookie), refused with 403 otherwise. Games are read
and written only inside the folder given (``--dir``), by file names the server itself checks;
everything the page shows it writes as text, never as markup (the tables' SVG is drawn by the
dispute report's escaping code). Several pages may follow one game: each listens to
``/api/games/NAME/events`` (server-sent events) and asks again when the game changes.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import threading
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from pnp.data.errors import InputError
from rules_check.core.engine import Engine

from .requests import read_body
from .session import NotAnEntry, TableGame
from .start import start_routes

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}\.ya?ml")
COOKIE = "pnp_table_token"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _asset(name: str, package: str = __package__) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def _css() -> str:
    """The page's style and the table pictures' (the dispute report's, rules_check/dispute/panels.css)."""
    return _asset("table.css") + _asset("panels.css", "rules_check.dispute")


def game_file_name(raw: Any) -> str | None:
    """``raw`` as the file name of a game in the folder, or None when it cannot be one (a path,
    a name with odd characters): the page never names a file outside the folder."""
    if not isinstance(raw, str):
        return None
    name = raw.strip()
    if not name.endswith((".yaml", ".yml")):
        name += ".yaml"
    return name if NAME.fullmatch(name) and ".." not in name else None


class Table:
    """The games of one folder, opened once and shared by every page."""

    def __init__(self, folder: Path, engines: dict[str, Engine]) -> None:
        self.folder = folder.resolve()
        self.engines = engines
        self.games: dict[str, TableGame] = {}
        self.lock = threading.Lock()

    def path(self, name: str) -> Path:
        found = game_file_name(name)
        if found is None:
            raise NotAnEntry(f"{name!r} is not the name of a game file (letters, digits, . _ -, ending .yaml)")
        path = (self.folder / found).resolve()
        if path.parent != self.folder:
            raise NotAnEntry(f"{name!r} is outside the games' folder")
        return path

    def game(self, name: str) -> TableGame:
        path = self.path(name)
        with self.lock:
            known = self.games.get(path.name)
            if known is not None:
                with known.lock:
                    if not known.changed_on_disk():
                        return known
            if not path.is_file():
                raise FileNotFoundError(path.name)
            try:  # first opened, or edited by hand since: read again (never written over)
                opened = TableGame.open(path, self.engines)
            except InputError as exc:
                raise NotAnEntry(f"{path.name} is not a game log pnp table can open: {exc}") from None
            if known is not None:
                opened.version = known.version + 1  # the pages following it draw it again
            self.games[path.name] = opened
            return opened

    def listing(self) -> list[dict[str, Any]]:
        out = []
        for p in sorted(self.folder.glob("*.y*ml")):
            if game_file_name(p.name) == p.name:
                out.append({"name": p.name})
        return out

    def branch(self, game: TableGame, after: Any, name: str) -> TableGame:
        """A new game named ``name`` going on from entry ``after`` of ``game``."""
        path = self.path(name)
        with self.lock:
            if path.exists():
                raise NotAnEntry(f"{path.name} already exists: choose another name for the branch")
            with game.lock:
                made = game.branch(after, path)
            self.games[path.name] = made
            return made

    def engine_for(self, game: Any, players: list[str]) -> Engine:
        """The engine of ``game``, which ``players`` can play (else why not)."""
        if game not in self.engines:
            raise NotAnEntry(f"no rules engine for {game!r} (known: {', '.join(self.engines)})")
        engine = self.engines[game]
        low, high = engine.players
        if not low <= len(players) <= high:
            raise NotAnEntry(f"{engine.title} is played by {engine.player_range()}, not {len(players)}")
        return engine

    def new(self, name: str, game: str, players: list[str], setup: Any) -> TableGame:
        engine = self.engine_for(game, players)
        if setup is None:  # what the table decides, drawn for it (decklists, the solo path): editable
            setup = engine.random_table_setup(players, secrets.SystemRandom())
        if not isinstance(setup, dict):
            raise NotAnEntry("the setup is a mapping of the game's setup keys")
        path = self.path(name)
        with self.lock:
            if path.exists():
                raise NotAnEntry(f"{path.name} already exists: open it, or choose another name")
            made = TableGame.new(path, engine, players, setup)
            self.games[path.name] = made
            return made


def _entry_of(data: dict[str, Any]) -> Any:
    """The entry the page sends: as data (a move offered) or as one line of YAML (what happened,
    typed in the log's own vocabulary), read with the safe loader."""
    if "entry" in data:
        return data["entry"]
    text = data.get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > 4000:
        raise NotAnEntry("write the entry in the log's vocabulary, e.g. {pass: Ana}")
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise NotAnEntry(f"not YAML: {str(exc).splitlines()[0]}") from None


def _refused(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _answer(data: Any) -> JSONResponse:
    """A game's data: never cached (the next entry changes it)."""
    return JSONResponse(data, headers={"Cache-Control": "no-store"})


def create_app(folder: Path, engines: dict[str, Engine], token: str | None = None) -> Starlette:
    """The app over the games of ``folder``; ``token``: required of every request (None: none)."""
    table = Table(folder, engines)

    def allowed(request: Request) -> bool:
        if token is None:
            return True
        given = request.query_params.get("token") or request.cookies.get(COOKIE) or ""
        return secrets.compare_digest(given.encode(), token.encode())

    def guarded(handler):
        async def endpoint(request: Request) -> Response:
            if not allowed(request):
                return PlainTextResponse("403: this table needs the token printed when pnp table started\n",
                                         status_code=403)
            try:
                response = await handler(request)
            except NotAnEntry as exc:
                return _refused(str(exc))
            except FileNotFoundError as exc:
                return _refused(f"no game {exc.args[0]!s} in the folder", 404)
            if token is not None and request.query_params.get("token"):
                response.set_cookie(COOKIE, token, httponly=True, samesite="strict")
            return response
        return endpoint

    def page(name: str) -> HTMLResponse:
        parts = {"css": _css(), "js": _asset("table.js") + _asset("start.js"),
                 "cardsjs": _asset("cards.js", "rules_check.dispute"), "game": json.dumps(name)}
        # one pass: a part's own text is never read for {{...}} again
        html = re.sub(r"\{\{(\w+)\}\}", lambda m: parts[m.group(1)], _asset("table.html"))
        return HTMLResponse(html,
                            headers={"Content-Security-Policy": "default-src 'self'; script-src 'unsafe-inline'; "
                                     "style-src 'unsafe-inline'; img-src 'self' data:"})

    async def index(request: Request) -> Response:
        return page("")

    async def game_page(request: Request) -> Response:
        await asyncio.to_thread(table.game, request.path_params["name"])
        return page(request.path_params["name"])

    async def snapshot(request: Request) -> Response:
        game = await asyncio.to_thread(table.game, request.path_params["name"])

        def run() -> dict[str, Any]:  # the lock is taken in the worker thread, never across an await
            with game.lock:
                return game.snapshot()
        return _answer(await asyncio.to_thread(run))

    async def record(request: Request) -> Response:
        game = await asyncio.to_thread(table.game, request.path_params["name"])
        entry = _entry_of(await read_body(request))

        def run() -> dict[str, Any]:
            with game.lock:
                game.record(entry)
                return game.snapshot()
        return _answer(await asyncio.to_thread(run))

    async def undo(request: Request) -> Response:
        game = await asyncio.to_thread(table.game, request.path_params["name"])

        def run() -> dict[str, Any]:
            with game.lock:
                if not game.undo():
                    raise NotAnEntry("there is no entry to take back")
                return game.snapshot()
        return _answer(await asyncio.to_thread(run))

    async def note(request: Request) -> Response:
        game = await asyncio.to_thread(table.game, request.path_params["name"])
        data = await read_body(request)

        def run() -> dict[str, Any]:
            with game.lock:
                game.set_note(data.get("entry"), data.get("note", ""))
                return game.snapshot()
        return _answer(await asyncio.to_thread(run))

    async def branch(request: Request) -> Response:
        game = await asyncio.to_thread(table.game, request.path_params["name"])
        data = await read_body(request)
        made = await asyncio.to_thread(table.branch, game, data.get("after"), data.get("name") or "")
        return JSONResponse({"name": made.path.name})

    async def events(request: Request) -> Response:
        game = await asyncio.to_thread(table.game, request.path_params["name"])

        async def stream():  # Starlette ends it when the page goes (it listens for the disconnect itself)
            seen, current = -1, game
            while not app.state.stopping:  # the server is stopping (Ctrl-C): the stream ends, the page retries
                if current.version != seen:
                    seen = current.version
                    yield f"event: changed\ndata: {seen}\n\n"
                await asyncio.sleep(0.2)
                try:  # the game as the folder has it now (read again if edited by hand)
                    current = await asyncio.to_thread(table.game, request.path_params["name"])
                except (NotAnEntry, FileNotFoundError):
                    return
        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def review(request: Request) -> Response:
        game = await asyncio.to_thread(table.game, request.path_params["name"])

        def run() -> str:
            with game.lock:
                return game.review_page()
        return HTMLResponse(await asyncio.to_thread(run), headers={
            "Cache-Control": "no-store", "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; "
            "style-src 'unsafe-inline'; img-src data:"})

    async def favicon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/favicon.ico", favicon),
        Route("/", guarded(index)),
        Route("/games/{name}", guarded(game_page)),
        Route("/review/{name}", guarded(review)),
        *[Route(path, guarded(handler), methods=methods) for path, handler, methods in start_routes(table)],
        Route("/api/games/{name}", guarded(snapshot)),
        Route("/api/games/{name}/entries", guarded(record), methods=["POST"]),
        Route("/api/games/{name}/undo", guarded(undo), methods=["POST"]),
        Route("/api/games/{name}/note", guarded(note), methods=["POST"]),
        Route("/api/games/{name}/branch", guarded(branch), methods=["POST"]),
        Route("/api/games/{name}/events", guarded(events)),
    ]
    app = Starlette(routes=routes)
    app.state.table = table
    app.state.stopping = False
    return app


class Running:
    """The server in a thread of this process on a free port of 127.0.0.1, until ``stop`` (tests
    and bench/table.py): ``with Running(folder, engines) as url: ...``. Its thread is a daemon:
    a process that ends stops it too."""

    def __init__(self, folder: Path, engines: dict[str, Engine], token: str | None = None) -> None:
        import socket

        import uvicorn

        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(folder, engines, token)
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", lifespan="off",
                                                        timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> str:
        import time

        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self.url
            time.sleep(0.025)
        raise RuntimeError("pnp table: the server did not start")

    def __exit__(self, *exc: object) -> None:
        self.app.state.stopping = True
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


def serve(folder: Path, engines: dict[str, Engine], host: str = "127.0.0.1", port: int = 8765,
          open_page: str | None = None, browser: bool = True, echo=print) -> None:
    """Run the server until Ctrl-C (every game is saved after each entry: nothing to flush)."""
    import uvicorn

    token = None if host in LOOPBACK else secrets.token_urlsafe(24)
    app = create_app(folder, engines, token)
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    path = f"/games/{open_page}" if open_page else "/"
    url = f"http://{shown_host}:{port}{path}" + (f"?token={token}" if token else "")
    echo(f"pnp table: {url}  (games in {folder}; Ctrl-C stops)")
    if host in ("0.0.0.0", "::"):
        echo("pnp table: from a phone on this network, use this computer's address with the same port and token")
    if browser:
        import webbrowser

        threading.Timer(0.5, lambda: webbrowser.open(url)).start()
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5))
    handle_exit = server.handle_exit

    def stopping(*args: Any) -> None:  # Ctrl-C: the pages' event streams end, so the server can stop
        app.state.stopping = True
        handle_exit(*args)
    server.handle_exit = stopping  # type: ignore[method-assign]
    server.run()
