"""The rules engines, by game id: those the game registry (``pnp.data.games.GAMES``) names, so
a game's identity (id, title, players, models, engine) is in one place."""

from __future__ import annotations

import importlib
from functools import cache

from pnp.data.games import GAMES

from .core.engine import Engine


@cache
def engines() -> dict[str, Engine]:
    """Every registered engine, by game id, in the registry's order."""
    out: dict[str, Engine] = {}
    for game, spec in GAMES.items():
        if spec.engine is None:
            continue
        module, cls = spec.engine.split(":")
        out[game] = getattr(importlib.import_module(module), cls)()
    return out
