"""The relics solo game's printing spec (`GAME`), read from its card models."""

from __future__ import annotations

from pnp.games.spec import Game

from . import models

GAME = Game("relics", "Relics (18-card solo game)", "relics rulebook", (1, 1), models.ITEM_MODELS,
            models.COMPONENT_COUNTS,
            {"location card": lambda comp: models.deck_problems(models.location_cards(comp))})
