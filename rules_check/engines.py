"""The rules engines, by game id: the checker's own registry.

``ENGINES`` names the bundled engines as classes (imported, so type checkers, import contracts
and the structure drawing see them). An installed package adds an engine through the entry-point
group ``pnp.games``: an entry named after the game id whose object is an `Engine` subclass,
e.g. in its ``pyproject.toml``::

    [project.entry-points."pnp.games"]
    nim = "nim_cards.engine:NimEngine"

A bundled game's id cannot be taken by an entry point.
"""

from __future__ import annotations

from functools import cache
from typing import Any
from importlib import metadata

from pnp.data.errors import PnpError

from .core.engine import Engine
from .games.kartomantik.engine import KartomantikEngine
from .games.relics.engine import RelicsEngine
from .games.so_long_my_world.engine import SoLongEngine
from .games.visions.engine import VisionsEngine

ENTRY_POINT_GROUP = "pnp.games"

# the bundled engines, in the order the games are listed
ENGINES: dict[str, type[Engine[Any, Any]]] = {
    "so-long-my-world": SoLongEngine,
    "visions": VisionsEngine,
    "kartomantik": KartomantikEngine,
    "relics": RelicsEngine,
}


class EngineLoadError(PnpError):
    """An installed package's entry point in ``pnp.games`` that gives no usable engine."""

    exit_code = 2

    def __init__(self, entry: metadata.EntryPoint, why: str) -> None:
        dist = getattr(entry, "dist", None)
        where = f" (package {dist.name})" if dist is not None and getattr(dist, "name", None) else ""
        super().__init__(f"entry point {entry.name!r} = {entry.value!r} in group {ENTRY_POINT_GROUP}"
                         f"{where}: {why}")


def _installed() -> dict[str, Engine[Any, Any]]:
    """The engines installed packages add, by game id; `EngineLoadError` names a bad one."""
    out: dict[str, Engine[Any, Any]] = {}
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in ENGINES:
            raise EngineLoadError(entry, f"{entry.name!r} is a bundled game's id")
        if entry.name in out:
            raise EngineLoadError(entry, f"a second engine for {entry.name!r}")
        try:  # a third party's code: whatever it raises is reported as that entry point's fault
            cls = entry.load()
            if not (isinstance(cls, type) and issubclass(cls, Engine)):
                raise EngineLoadError(entry, f"gives {cls!r}, not a subclass of rules_check.core.engine.Engine")
            engine = cls()
        except EngineLoadError:
            raise
        except Exception as exc:
            raise EngineLoadError(entry, f"cannot be loaded ({type(exc).__name__}: {exc})") from None
        if getattr(engine, "game", None) != entry.name:
            raise EngineLoadError(entry, f"its engine's game is {getattr(engine, 'game', None)!r}, "
                                         f"not {entry.name!r}")
        out[entry.name] = engine
    return out


@cache
def engines() -> dict[str, Engine[Any, Any]]:
    """Every engine, by game id: the bundled ones in their order, then the installed ones in
    the order their entry points are listed. `EngineLoadError` when an installed one is bad."""
    return {**{game: cls() for game, cls in ENGINES.items()}, **_installed()}
