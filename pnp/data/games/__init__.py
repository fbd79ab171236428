"""The registry of games: id, title, and the models that validate each component's items.

An explicit dict rather than registration by import side effect (STYLE.md, OpenSpiel).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel

from . import relics, so_long_my_world, visions


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    rulebook: str
    players: tuple[int, int]
    # component name -> pydantic model of its items (the game's own fields)
    item_models: dict[str, type[BaseModel]] = field(default_factory=dict)
    # the rulebook's component list with its numbers, in its order (empty: no fixed list)
    component_counts: dict[str, int] = field(default_factory=dict)
    # checks across a whole component (the relics' numbers and relic halves): component
    # name -> function of the component returning what is wrong with it
    set_checks: dict[str, Callable[[Any], list[str]]] = field(default_factory=dict)

    # the order components are listed and printed in, where it is not the counts' order
    component_order: tuple[str, ...] = ()

    def order(self, component: str) -> int:
        """Position of a component in the rulebook's list (unlisted ones come last)."""
        names = list(self.component_order or self.component_counts)
        return names.index(component) if component in names else len(names)


GAMES: dict[str, Game] = {
    "so-long-my-world": Game("so-long-my-world", "So Long, My World", "rules/so-long-my-world.txt", (1, 5),
                             so_long_my_world.ITEM_MODELS, so_long_my_world.COMPONENT_COUNTS),
    "visions": Game("visions", "Visions", "rules/visions.txt", (2, 5), visions.ITEM_MODELS,
                    visions.COMPONENT_COUNTS),
    # the pool's size is the publisher's; 1.2 names the two card types, 1.3 the zones a mat shows
    "kartomantik": Game("kartomantik", "Kartomantik", "rules/kartomantik.txt", (2, 2),
                        component_order=("manifestation card", "will card", "playmat")),
    "relics": Game("relics", "Relics (18-card solo game)", "rules/relics.txt", (1, 1), relics.ITEM_MODELS,
                   relics.COMPONENT_COUNTS,
                   {"location card": lambda comp: relics.deck_problems(relics.location_cards(comp))}),
}
