"""The generic form of component files (``cards/GAME/*.yaml``).

Every game but Kartomantik describes its components in this form (docs/card-data.md)::

    game: visions
    sample: false                 # true: values not printed in the rulebook (sample data)
    source: "rules/visions.txt, Components"
    components:
      - component: dream fragment card   # the rulebook's component name, lowercase singular
        kind: card                       # card | token | board | screen
        layout: visions-fragment         # card template in layouts/ (cards only)
        back: {layout: visions-back}     # one back for all; fields beside layout fill it
        back_layout: visions-reflection  # or: each item has its own `back:` fields
        items:
          - name: "Time in the Burning Desert"
            count: 3                     # printed copies
            ...                          # the game's own fields, validated per game

Kartomantik's pool keeps the form SPEC.md fixes (``cards:`` at the top, see
``games/kartomantik.py``); the loader turns it into the same `Component` objects.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Kind(str, Enum):
    card = "card"
    token = "token"
    board = "board"
    screen = "screen"


# a game's id: a bundled game's, or the one a publisher's game.yaml declares (games.GAME_ID)
GameId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]


class Item(BaseModel):
    """One distinct card face (or token, board, screen), printed ``count`` times.

    Besides the fields below, an item carries the game's own fields (validated by the game's
    model for its component) and anything a layout prints (art credits, flavour text...).
    """

    model_config = ConfigDict(extra="allow")

    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=1000)
    image: str | None = None
    back: dict[str, Any] | None = None

    def fields(self) -> dict[str, Any]:
        """Every field of the item, the game's own included, as a plain dict."""
        return self.model_dump(exclude={"back"})


class Component(BaseModel):
    model_config = ConfigDict(extra="forbid")

    component: str = Field(min_length=1)
    kind: Kind
    layout: str | None = None
    back: dict[str, Any] | None = None
    back_layout: str | None = None
    notes: str | None = None
    items: list[Item] = Field(min_length=1)
    # the CSV file the items were read from (pnp.data.spreadsheet), relative to the YAML file
    items_from: str | None = None

    @model_validator(mode="after")
    def _layouts_named(self) -> "Component":
        if self.component != self.component.lower():
            raise ValueError(f"component names are lowercase and singular, got {self.component!r}")
        if self.kind is Kind.card:
            if not self.layout:
                raise ValueError("a card component names its `layout`")
            own_backs = [i for i in self.items if i.back is not None]
            if own_backs and self.back is not None:
                raise ValueError("give either one `back` for the component or a `back` per item, not both")
            if own_backs and len(own_backs) != len(self.items):
                missing = next(i.name for i in self.items if i.back is None)
                raise ValueError(f"every item needs its own `back` when one has it; {missing!r} has none")
            if self.back is None and not own_backs:
                raise ValueError("a card component needs a `back` (a card has two sides)")
            if self.back is not None and not (self.back.get("layout") or self.back_layout):
                raise ValueError("the component's `back` names its `layout`")
        return self

    @property
    def count(self) -> int:
        return sum(item.count for item in self.items)

    @property
    def double_sided(self) -> bool:
        """True when each item has its own back (day/night cards, reflection cards)."""
        return any(item.back is not None for item in self.items)

    def back_fields(self, item: Item) -> tuple[str, dict[str, Any]]:
        """The layout name and the fields of ``item``'s back."""
        if item.back is not None:
            fields = {"name": item.name, **item.back}
            layout = fields.pop("layout", None) or self.back_layout or self.layout
            return str(layout), fields
        fields = dict(self.back or {})
        layout = fields.pop("layout", None) or self.back_layout
        if not layout:
            raise ValueError(f"component {self.component!r} has no layout for its back")
        return str(layout), fields


class ComponentFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: GameId
    sample: bool = False
    source: str | None = None
    components: list[Component] = Field(min_length=1)
