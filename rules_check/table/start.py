"""The start page's side of the server: the games of the folder, the questions a game's setup
asks of the table (rules_check/core/questions.py, each game's ``table_setup.py``), and a new
game from their answers (rules_check/table/start.js).

``POST /api/new`` takes ``answers`` (the page's: turned into the setup by the game's
``setup_from_answers`` and judged by its engine), or a raw ``setup`` (scripts, tests,
bench/table.py), or neither: then what the table decides is drawn at random, as before. The page
itself never starts a game that way: its "fill the rest at random" button asks
``/api/setup/GAME/random`` for answers and shows them in the form before the game starts."""

from __future__ import annotations

import asyncio
import random
import secrets
from typing import Any, Callable, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from pnp.data.errors import InputError, InputErrors

from rules_check.core.engine import Engine
from rules_check.core.questions import BadAnswer, BadAnswers, Question, filled
from .requests import player_names, read_body
from .session import NotAnEntry, TableGame


class Table(Protocol):
    """What the start page needs of the server's `Table` (server.py), which imports this module."""

    engines: dict[str, Engine[Any, Any]]

    def listing(self) -> list[dict[str, Any]]: ...

    def engine_for(self, game: Any, players: list[str]) -> Engine[Any, Any]: ...

    def new(self, name: str, game: str, players: list[str], setup: Any) -> TableGame: ...

Handler = Callable[[Request], Any]


def _refused(exc: Exception) -> JSONResponse:
    """A 400 naming the question an answer was wrong for (the page shows it beside it); with
    several wrong, ``answers`` gives each question's message and ``error`` all of them."""
    body: dict[str, Any] = {"error": str(exc)}
    if isinstance(exc, BadAnswer):
        body["question"] = exc.key
    if isinstance(exc, BadAnswers):
        body["question"] = exc.errors[0].key
        body["answers"] = {e.key: str(e) for e in exc.errors}
    return JSONResponse(body, status_code=400)


def start_routes(table: Table) -> list[tuple[str, Handler, list[str]]]:
    """(path, handler, methods) of the start page's requests; the server guards each."""
    engines = table.engines

    engine_for = table.engine_for

    def players_of(request: Request) -> list[str]:
        raw = request.query_params.get("players", "")
        return player_names([p for p in raw.split(",") if p.strip()] or None)

    async def listing(request: Request) -> Response:
        return JSONResponse({"games": table.listing(),
                             "engines": [{"game": g, "title": e.title, "players": list(e.players)}
                                         for g, e in engines.items()]})

    async def asked(request: Request) -> Response:
        players = players_of(request)
        engine = engine_for(request.path_params["game"], players)
        questions: list[Question] = await asyncio.to_thread(engine.setup_questions, players)
        return JSONResponse({"game": engine.game, "players": players,
                             "questions": [q.model_dump(mode="json") for q in questions]},
                            headers={"Cache-Control": "no-store"})

    async def at_random(request: Request) -> Response:
        data = await read_body(request)
        players = player_names(data.get("players"))
        engine = engine_for(request.path_params["game"], players)
        given = data.get("answers") or {}
        if not isinstance(given, dict):
            return _refused(BadAnswer("answers", "expected a mapping of question keys to answers"))
        rng = random.Random(secrets.randbits(64))
        # asked only of a decklist question, which only a game with decklists has
        answers = filled(engine.setup_questions(players), given, rng, players, engine.random_decklist)
        return JSONResponse({"answers": answers}, headers={"Cache-Control": "no-store"})

    async def deck(request: Request) -> Response:
        """A Kartomantik decklist checked as ``pnp check deck -`` checks it, for the page to show
        its errors beside the decklist as it is pasted."""
        data = await read_body(request)
        engine = engines.get("kartomantik")
        if engine is None or not hasattr(engine, "deck_problems"):
            raise NotAnEntry("no rules engine for kartomantik")
        text = data.get("text")
        if not isinstance(text, str):
            raise NotAnEntry("send the decklist as text")
        errors, warnings, read = await asyncio.to_thread(engine.deck_problems, text)
        return JSONResponse({"errors": errors, "warnings": warnings,
                             "cards": read.deck_size if read is not None else 0,
                             "player": read.player if read is not None else None})

    async def create(request: Request) -> Response:
        data = await read_body(request)
        game = data.get("game") or ""
        players = player_names(data.get("players"))
        setup = data.get("setup")
        if data.get("answers") is not None:
            if setup is not None:
                raise NotAnEntry("send the answers to the start questions or a setup, not both")
            engine = engine_for(game, players)
            try:
                setup = await asyncio.to_thread(engine.setup_from_answers, players, data["answers"])
            except (InputError, InputErrors) as exc:
                return _refused(exc)
        made = await asyncio.to_thread(table.new, data.get("name") or "", game, players, setup)
        return JSONResponse({"name": made.path.name})

    return [("/api/games", listing, ["GET"]), ("/api/setup/{game}", asked, ["GET"]),
            ("/api/setup/{game}/random", at_random, ["POST"]), ("/api/deck", deck, ["POST"]),
            ("/api/new", create, ["POST"])]
