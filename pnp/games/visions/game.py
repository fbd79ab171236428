"""Visions' printing spec (`GAME`), read from its card models."""

from __future__ import annotations

from pnp.games.spec import Game

from . import models

GAME = Game("visions", "Visions", "Visions rulebook", (2, 5), models.ITEM_MODELS, models.COMPONENT_COUNTS)
