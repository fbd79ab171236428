"""The printing side's games (issue 26): each bundled game's home is ``pnp/games/GAME/`` (its
rulebook ``tables``, its card ``models``, its effect ``vocabulary`` and its `Game` spec in
``game``, each file importing only those listed before it); ``GAMES`` is their registry, and a
publisher's own game (a folder with a ``game.yaml``) is read by `game_spec`, and a game an
installed package adds is found through the entry-point group ``pnp.games`` (`installed`).

An explicit dict rather than registration by import side effect (OpenSpiel's ``register_game``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from pnp.data.errors import InputError

from . import installed
from .kartomantik.game import GAME as KARTOMANTIK
from .relics.game import GAME as RELICS
from .so_long_my_world.game import GAME as SO_LONG_MY_WORLD
from .spec import Game
from .visions.game import GAME as VISIONS

__all__ = ["GAMES", "GAME_FILE", "GAME_ID", "Game", "GameFile", "card_folder", "engine_ids", "game_spec", "games_in",
           "installed_layouts"]

# the bundled games, in the order they are listed
GAMES: dict[str, Game] = {game.id: game for game in (SO_LONG_MY_WORLD, VISIONS, KARTOMANTIK, RELICS)}


# --- a publisher's own game ---------------------------------------------------------------------

GAME_FILE = "game.yaml"  # in a game's card folder: what makes a folder of YAML a game
GAME_ID = r"^[a-z0-9][a-z0-9-]{0,39}$"


class GameFile(BaseModel):
    """``game.yaml``: a game of one's own (its cards are generic items: name, count, text,
    image, and any field a layout prints)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=GAME_ID)
    title: str = Field(min_length=1, max_length=80)
    players: tuple[Annotated[int, Field(ge=1, le=99)], Annotated[int, Field(ge=1, le=99)]] = (1, 8)
    rulebook: str | None = None
    # the rules engine that judges the game's logs: a bundled game's id, or a game id an installed
    # package gives an engine for (entry-point group pnp.games; docs/adding-an-engine.md)
    engine: str | None = Field(None, pattern=GAME_ID)


def engine_ids() -> list[str]:
    """Every engine a ``game.yaml`` may name: the bundled games' and the installed packages'
    (their entry points' names; no package is imported)."""
    return list(dict.fromkeys([*GAMES, *installed.engine_ids()]))


def card_folder(cards_dir: Path, game: str) -> Path:
    """Where ``game``'s card files are: ``cards_dir/game``, or, where that folder is missing,
    the folder the package installing ``game`` ships (``CARDS``)."""
    folder = Path(cards_dir) / game
    if folder.is_dir() or game in GAMES:
        return folder
    return installed.card_folder(game) or folder


def installed_layouts(game: str) -> Path | None:
    """The templates folder (``LAYOUTS``) the package installing ``game`` ships; None for a
    bundled game and a game no package installs."""
    return None if game in GAMES else installed.layout_folder(game)


def game_spec(cards_dir: Path, game: str) -> Game:
    """The game whose cards are ``cards_dir/game``: a bundled game (its stricter models), or one
    a ``game.yaml`` there declares. A ``game.yaml`` beside a bundled game's cards may retitle it."""
    from pnp.data.validate import validate
    from pnp.data.yamlsafe import load_yaml

    folder = card_folder(cards_dir, game)
    path = folder / GAME_FILE
    if path.exists() or path.is_symlink():  # a folder, a FIFO or a broken link: refused by the reader
        doc = load_yaml(path, max_bytes=64 * 1024, what="game file")
        spec = validate(GameFile, doc)
        if spec.id != game:
            raise InputError(path, f"expected `id: {game}` (the name of the folder holding the cards), got "
                                   f"{spec.id!r}", line=doc.line_of(("id",)), field="id")
        if spec.engine is not None and spec.engine not in (known := engine_ids()):
            raise InputError(path, f"no rules engine {spec.engine!r} (known: {', '.join(known)}; an installed "
                                   f"package adds one through the entry-point group {installed.ENTRY_POINT_GROUP})",
                             line=doc.line_of(("engine",)), field="engine")
        if game in GAMES:
            if spec.engine not in (None, game):
                raise InputError(path, f"expected `engine: {game}` or none: a bundled game is judged by its own "
                                       f"engine", line=doc.line_of(("engine",)), field="engine")
            return replace(GAMES[game], title=spec.title)
        return Game(spec.id, spec.title, spec.rulebook or "", spec.players, engine=spec.engine)
    if game in GAMES:
        return GAMES[game]
    raise InputError(None, f"unknown game {game!r} (known: {', '.join(_known(cards_dir))}; a game of "
                           f"your own is a folder {folder} holding a {GAME_FILE} with its id and title, and its "
                           f"card files)")


def _known(cards_dir: Path) -> list[str]:
    try:
        return games_in(cards_dir)
    except InputError:
        return ["none"]


def games_in(cards_dir: Path) -> list[str]:
    """The games a card folder holds: the bundled ones it has cards for, in their order, then
    the folders with a ``game.yaml``, by name; `InputError` when it holds none."""
    folder = Path(cards_dir)
    bundled = [g for g in GAMES if (folder / g).is_dir()]
    own = sorted(p.name for p in folder.iterdir() if p.is_dir() and (p / GAME_FILE).is_file()
                 and p.name not in GAMES) if folder.is_dir() else []
    if not bundled + own:
        raise InputError(folder, f"no card folder of a game here (a folder named after a bundled game, "
                                 f"{', '.join(GAMES)}, or any folder holding a {GAME_FILE})")
    return bundled + own
