"""The rules engines, by game id: the checker's own registry.

``ENGINES`` names the bundled engines as classes (imported, so type checkers, import contracts
and the structure drawing see them). An installed package adds an engine through the entry-point
group ``pnp.games``: an entry named after the game id whose object is an `Engine` subclass,
or an object (its package, say) whose ``ENGINE`` is one (beside the ``CARDS`` the printing side
reads: pnp/games/installed.py), e.g. in its ``pyproject.toml``::

    [project.entry-points."pnp.games"]
    nim = "nim_cards.engine:NimEngine"

A bundled game's id cannot be taken by an entry point. A publisher's game of its own (a card
folder with a ``game.yaml``) is judged by the engine its ``engine:`` names (`engines_for`).
"""

from __future__ import annotations

import copy
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from pnp.data.errors import PnpError
from pnp.games.installed import ENTRY_POINT_GROUP, InstalledGameError

from .core.engine import Engine
from .games.kartomantik.engine import KartomantikEngine
from .games.relics.engine import RelicsEngine
from .games.so_long_my_world.engine import SoLongEngine
from .games.visions.engine import VisionsEngine

# the bundled engines, in the order the games are listed
ENGINES: dict[str, type[Engine[Any, Any]]] = {
    "so-long-my-world": SoLongEngine,
    "visions": VisionsEngine,
    "kartomantik": KartomantikEngine,
    "relics": RelicsEngine,
}


class EngineLoadError(InstalledGameError):
    """An installed package's entry point in ``pnp.games`` that gives no usable engine (its
    message names the entry point and the package, as the printing side's does)."""


def _installed() -> dict[str, Engine[Any, Any]]:
    """The engines installed packages add, by game id; `EngineLoadError` names a bad one."""
    out: dict[str, Engine[Any, Any]] = {}
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in ENGINES:
            raise EngineLoadError(entry, f"{entry.name!r} is a bundled game's id")
        if entry.name in out:
            raise EngineLoadError(entry, f"a second engine for {entry.name!r}")
        try:  # a third party's code: whatever it raises is reported as that entry point's fault
            obj = entry.load()
            cls = obj if isinstance(obj, type) else getattr(obj, "ENGINE", None)
            if cls is None and hasattr(obj, "CARDS"):
                continue  # a game that is printed only: no engine to judge its logs
            if not (isinstance(cls, type) and issubclass(cls, Engine)):
                raise EngineLoadError(entry, f"gives {obj!r}, not a subclass of rules_check.core.engine.Engine "
                                             f"nor an object whose ENGINE is one")
            engine = cls()
            engine.load()
        except PnpError:  # its card data, named by file and line (a bad entry point too)
            raise
        except Exception as exc:
            raise EngineLoadError(entry, f"cannot be loaded ({type(exc).__name__}: {exc})") from None
        if getattr(engine, "game", None) != entry.name:
            raise EngineLoadError(entry, f"its engine's game is {getattr(engine, 'game', None)!r}, "
                                         f"not {entry.name!r}")
        out[entry.name] = engine
    return out


def _made(cls: type[Engine[Any, Any]]) -> Engine[Any, Any]:
    engine = cls()
    engine.load()
    return engine


@cache
def engines() -> dict[str, Engine[Any, Any]]:
    """Every engine, by game id: the bundled ones in their order, then the installed ones in
    the order their entry points are listed, each with its card data read (`Engine.load`): a
    broken card file is an `InputError` with its file and line here, when the engines are made,
    never later in the middle of a log or a game. `EngineLoadError` when an installed one is bad."""
    return {**{game: _made(cls) for game, cls in ENGINES.items()}, **_installed()}


def engines_for(cards_dir: Path | None) -> dict[str, Engine[Any, Any]]:
    """`engines`, and each game of ``cards_dir`` whose ``game.yaml`` names an engine (``engine:``):
    its logs (``game: ID``) are judged by that engine, under the game's own id. `PnpError` (exit 2)
    for a card folder or a ``game.yaml`` that cannot be used."""
    from pnp.games import GAMES, game_spec, games_in

    known = engines()
    if cards_dir is None:
        return known
    out = dict(known)
    for game in games_in(cards_dir):
        if game in GAMES:
            continue
        spec = game_spec(cards_dir, game)
        if spec.engine is None:
            continue
        if spec.engine not in known:  # named in an entry point that gives no engine (only CARDS)
            raise EngineLoadError(next(e for e in metadata.entry_points(group=ENTRY_POINT_GROUP)
                                       if e.name == spec.engine), "gives no ENGINE")
        engine = copy.copy(known[spec.engine])
        engine.game = game  # the log's `game:` is the publisher's id; the rules cited stay the engine's
        out[game] = engine
    return out
