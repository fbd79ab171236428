"""The registry of rules engines: game id -> engine (an explicit dict, STYLE.md)."""

from __future__ import annotations

import importlib
from functools import cache

from .core.engine import Engine

# game id -> "module:Class"; each module keeps its game's state, actions, rules and scoring
ENGINE_CLASSES = {
    "visions": "rules_check.games.visions.engine:VisionsEngine",
    "relics": "rules_check.games.relics.engine:RelicsEngine",
    "so-long-my-world": "rules_check.games.so_long_my_world.engine:SoLongEngine",
    "kartomantik": "rules_check.games.kartomantik.engine:KartomantikEngine",
}


@cache
def engines() -> dict[str, Engine]:
    """Every registered engine, by game id."""
    out: dict[str, Engine] = {}
    for game, target in ENGINE_CLASSES.items():
        module, cls = target.split(":")
        out[game] = getattr(importlib.import_module(module), cls)()
    return out
