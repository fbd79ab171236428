"""So Long, My World's printing spec (`GAME`), read from its card models."""

from __future__ import annotations

from pnp.games.spec import Game

from . import models

GAME = Game("so-long-my-world", "So Long, My World", "So Long, My World rulebook", (1, 5),
            models.ITEM_MODELS, models.COMPONENT_COUNTS, file_readers=(models.campaign_file,))
