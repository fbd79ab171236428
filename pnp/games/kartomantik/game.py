"""Kartomantik's printing spec (`GAME`), read from its card models."""

from __future__ import annotations

from pnp.games.spec import Game

from . import models

# the pool's size is the publisher's; 1.2 names the two card types, 1.3 the zones a mat shows
GAME = Game("kartomantik", "Kartomantik", "Kartomantik rulebook", (2, 2),
            component_order=("manifestation card", "will card", "reference card", "playmat"),
            file_readers=(models.pool_components,))
