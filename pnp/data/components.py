"""The generic form of component files (``cards/GAME/*.yaml``).

Every game but Kartomantik describes its components in this form (docs/card-data.md)::

    game: visions
    sample: false                 # true: values not printed in the rulebook (sample data)
    source: "the Visions rulebook, Components"
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

Kartomantik's pool keeps the form docs/decklists.md gives (``cards:`` at the top, see
``games/kartomantik.py``); the loader turns it into the same `Component` objects.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PrivateAttr, ValidationInfo, model_validator
from pydantic_core import PydanticCustomError

from .errors import shown
from .yamlsafe import Located

# --- limits of card data (docs/limits.md, "Numbers") ---------------------------------------
# Card files come from anyone. An item's own fields (`power`, `cost: {hope: 2}`, a flavour
# text...) are free-form, so these bounds hold for every value among them: generous for any
# printed card, and small enough that nothing a layout makes of them (a symbol repeated
# `power` times, a text shrunk to fit) can run away. The renderer's own bounds on what it
# repeats (at most 100 symbols in a row...) are the layouts' (pnp/layout/model.py).
MAX_COPIES = 1000  # `count`: printed copies of one item (a deck of a thousand is a lot of paper)
# pieces one component prints (its items' counts together), by kind, and one card file (all of
# its components): what a build finishes in seconds (25,000 cards take 6 s, 10,000 tokens of
# ten sizes 7.5 s; a board or a screen is several pages)
MAX_PRINTED = 10_000
MAX_PRINTED_OF = {"card": MAX_PRINTED, "token": 2000, "board": 100, "screen": 100}
MAX_BOARD_PAGES = 1000  # pages the boards of a game print together (100 boards of 2 x 2 m: 9,600 pages, 44 s)
MAX_NAME = 200  # characters of an item's name (a title line holds about 40)
MAX_TEXT = 5000  # characters of any text among an item's fields (the densest bundled card: ~800)
MAX_NUMBER = 1_000_000  # magnitude of any number among an item's fields: seven digits at most
MAX_ENTRIES = 1000  # entries of a list or a mapping among an item's fields


def _refuse(message: str, path: tuple[Any, ...]) -> PydanticCustomError:
    # "nested": pnp.data.validate.errors_from adds ``path`` to the location (the exact line)
    return PydanticCustomError("nested", "{message}", {"message": message, "path": path})


def _number_problem(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return f"expected a finite number, got {value}"
    if abs(value) > MAX_NUMBER:
        shown = f"a number of {len(str(abs(value)))} digits" if isinstance(value, int) else f"{value:g}"
        return f"expected a number from {-MAX_NUMBER:,} to {MAX_NUMBER:,} (a card prints no more), got {shown}"
    return None


def card_value(value: Any, path: tuple[Any, ...] = ()) -> Any:
    """Check one of an item's own fields, all the way down (see the limits above); raise a
    located error (the path inside the value) for the first value out of bounds."""
    problem = _number_problem(value)
    if problem:
        raise _refuse(problem, path)
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise _refuse(f"{len(value)} characters, over the limit of {MAX_TEXT} for a text on a card", path)
    if isinstance(value, (list, dict)) and len(value) > MAX_ENTRIES:
        raise _refuse(f"{len(value)} entries, over the limit of {MAX_ENTRIES} for a value on a card", path)
    if isinstance(value, list):
        for i, inner in enumerate(value):
            card_value(inner, (*path, i))
    elif isinstance(value, dict):
        for key, inner in value.items():
            problem = _number_problem(key)
            if problem:
                raise _refuse(f"a key: {problem}", (*path, key))
            card_value(inner, (*path, key))
    return value


# a value among an item's own fields (any YAML value, checked by `card_value`)
CardValue = Annotated[Any, AfterValidator(card_value)]


class Kind(str, Enum):
    card = "card"
    token = "token"
    board = "board"
    screen = "screen"


# a game's id: a bundled game's, or the one a publisher's game.yaml declares (games.GAME_ID)
GameId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]


class CardFields(dict[str, Any]):
    """A card side's fields (a plain mapping to the layouts) that know where they were
    written: a renderer refusing a value (`pnp.render.card`) names its file and line."""

    def __init__(self, data: dict[str, Any], doc: Located | None = None, path: tuple[Any, ...] = ()) -> None:
        super().__init__(data)
        self.doc = doc
        self.path = path

    def where(self, field: str) -> tuple[str | None, int | None]:
        """The file and line of ``field`` (a dotted path), as near as they are known."""
        if self.doc is None:
            return None, None
        steps = tuple(int(p) if p.isdigit() else p for p in str(field).split("."))
        return self.doc.file, self.doc.line_of(self.path + steps)


class Item(BaseModel):
    """One distinct card face (or token, board, screen), printed ``count`` times.

    Besides the fields below, an item carries the game's own fields (validated by the game's
    model for its component) and anything a layout prints (art credits, flavour text...):
    each within the limits of `card_value`.
    """

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, CardValue] = Field(init=False)

    name: str = Field(min_length=1, max_length=MAX_NAME)
    count: int = Field(default=1, ge=1, le=MAX_COPIES)
    image: str | None = None
    icon: str | None = None  # the art window's icon when there is no image (pnp/render/icons.py)
    back: dict[str, CardValue] | None = None
    # where the item was written: its document and its path there (set by ComponentFile)
    _where: tuple[Located | None, tuple[Any, ...]] = PrivateAttr(default=(None, ()))

    def fields(self) -> CardFields:
        """Every field of the item, the game's own included, as a plain dict."""
        return CardFields(self.model_dump(exclude={"back"}), *self._where)


class Component(BaseModel):
    model_config = ConfigDict(extra="forbid")

    component: str = Field(min_length=1)
    kind: Kind
    layout: str | None = None
    back: dict[str, CardValue] | None = None
    back_layout: str | None = None
    notes: str | None = None
    items: list[Item] = Field(min_length=1)
    # the CSV file the items were read from (pnp.data.spreadsheet), relative to the YAML file
    items_from: str | None = None
    _where: tuple[Located | None, tuple[Any, ...]] = PrivateAttr(default=(None, ()))

    @model_validator(mode="after")
    def _printable(self) -> "Component":
        """What one component prints stays what a build finishes in seconds."""
        most = MAX_PRINTED_OF[self.kind.value]
        for i, item in enumerate(self.items):
            if item.count > most:
                raise _refuse(f"a {self.kind.value} component prints at most {most:,} pieces, got a count of "
                              f"{item.count:,}", ("items", i, "count"))
        if self.count > most:
            raise _refuse(f"the items print {self.count:,} {self.kind.value}s together, over the limit of {most:,} "
                          f"for one component", ("items",))
        return self

    @model_validator(mode="after")
    def _layouts_named(self) -> "Component":
        if self.component != self.component.lower():
            raise ValueError(f"component names are lowercase and singular, got {shown(self.component)}")
        if self.kind is Kind.card:
            if not self.layout:
                raise ValueError("a card component names its `layout`")
            own_backs = [i for i in self.items if i.back is not None]
            if own_backs and self.back is not None:
                raise ValueError("give either one `back` for the component or a `back` per item, not both")
            if own_backs and len(own_backs) != len(self.items):
                missing = next(i.name for i in self.items if i.back is None)
                raise ValueError(f"every item needs its own `back` when one has it; {shown(missing)} has none")
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
            # its own back (a day card's night side) is the same card: its name and icon, unless given
            fields = {"name": item.name, **({"icon": item.icon} if item.icon else {}), **item.back}
            layout = fields.pop("layout", None) or self.back_layout or self.layout
            doc, path = item._where
            return str(layout), CardFields(fields, doc, (*path, "back"))
        fields = dict(self.back or {})
        layout = fields.pop("layout", None) or self.back_layout
        if not layout:
            raise ValueError(f"component {shown(self.component)} has no layout for its back")
        doc, path = self._where
        return str(layout), CardFields(fields, doc, (*path, "back"))

    def remember_where(self, doc: Located | None, path: tuple[Any, ...]) -> None:
        """Note that this component stands at ``path`` in ``doc`` (for messages about a value)."""
        self._where = (doc, path)
        for i, item in enumerate(self.items):
            item._where = (doc, (*path, "items", i))


class ComponentFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: GameId
    sample: bool = False
    source: str | None = None
    components: list[Component] = Field(min_length=1)

    @model_validator(mode="after")
    def _printable(self) -> "ComponentFile":
        total = sum(comp.count for comp in self.components)
        if total > MAX_PRINTED:
            raise _refuse(f"the components print {total:,} pieces together, over the limit of {MAX_PRINTED:,} for "
                          f"one file", ("components",))
        return self

    @model_validator(mode="after")
    def _remember_where(self, info: ValidationInfo) -> "ComponentFile":
        """Each component and item keeps where it was written (`pnp.data.validate.validate`
        gives the document): a value a renderer refuses is then named with its line."""
        context = info.context or {}
        doc = context.get("located")
        if isinstance(doc, Located):
            prefix = tuple(context.get("prefix", ()))
            for i, comp in enumerate(self.components):
                comp.remember_where(doc, (*prefix, "components", i))
        return self
