"""What the printing side knows of a game: id, title, and the models that validate each
component's items (`Game`). Each game's own spec is ``pnp/games/GAME/game.py``; the registry of
them is `pnp.games.GAMES`.

The printing side's specs only: which game has a rules engine is the checker's to say.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel


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
    # readers of the game's own file forms (a pool, a campaign), tried before the component
    # form: each returns (components, sample) or None for a file not of its form
    file_readers: tuple[Callable[[Any], tuple[list[Any], bool] | None], ...] = ()
    # the rules engine that judges its logs, by game id (a publisher's game.yaml `engine:`); the
    # bundled games are judged by their own, under their id (the checker's registry); an id, never a module path
    engine: str | None = None

    def order(self, component: str) -> int:
        """Position of a component in the rulebook's list (unlisted ones come last)."""
        names = list(self.component_order or self.component_counts)
        return names.index(component) if component in names else len(names)
