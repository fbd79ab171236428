"""The registry of games: id, title, and the models that validate each component's items.

An explicit dict rather than registration by import side effect (STYLE.md, OpenSpiel).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel

from . import kartomantik, relics, so_long_my_world, visions


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    rulebook: str
    players: tuple[int, int]
    # component name -> pydantic model of its items (the game's own fields)
    item_models: dict[str, type[BaseModel]] = field(default_factory=dict)


GAMES: dict[str, Game] = {
    "so-long-my-world": Game("so-long-my-world", "So Long, My World", "rules/so-long-my-world.txt", (1, 5),
                             so_long_my_world.ITEM_MODELS),
    "visions": Game("visions", "Visions", "rules/visions.txt", (2, 5), visions.ITEM_MODELS),
    "kartomantik": Game("kartomantik", "Kartomantik", "rules/kartomantik.txt", (2, 2)),
    "relics": Game("relics", "Relics (18-card solo game)", "rules/relics.txt", (1, 1), relics.ITEM_MODELS),
}
