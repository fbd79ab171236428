"""Kartomantik card data: the pool form of docs/decklists.md and the rulebook's tables.

Rulebook: the Kartomantik rulebook. The tables here (dominance, deck limits; the temperaments,
which the effect vocabulary reads too, from ``pnp.games.kartomantik.tables``) are the one place
the generator and the rules checker read them from.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from .vocabulary import VOCABULARY
from pnp.effects.models import script_field, text_matches
# 1.1 The Temperaments: their home is pnp.games.kartomantik.tables (the vocabulary reads them too);
# named here as well for the code that reads them with the card models
from .tables import BASE_TEMPERAMENTS as BASE_TEMPERAMENTS
from .tables import META_TEMPERAMENTS as META_TEMPERAMENTS
from .tables import TEMPERAMENT_COLOURS as TEMPERAMENT_COLOURS
from .tables import TEMPERAMENTS

from pnp.data.components import MAX_NAME, MAX_PRINTED, CardValue

# 4.2.3 Resolution, "In case of a tie in power": which temperaments each one beats.
_BEATS_BASE = {
    "phlegmatic": {"vitreous", "capricious"},
    "vitreous": {"melancholic", "choleric"},
    "melancholic": {"capricious", "phlegmatic"},
    "capricious": {"choleric", "vitreous"},
    "choleric": {"phlegmatic", "melancholic"},
}
DOMINANCE: dict[str, frozenset[str]] = {
    # "Hollow is beaten by any other Temperament."
    **{t: frozenset(beats | {"hollow"}) for t, beats in _BEATS_BASE.items()},
    # "Transcendent beats any other Temperament."
    "transcendent": frozenset(set(TEMPERAMENTS) - {"transcendent"}),
    "hollow": frozenset(),
}


def dominates(a: str, b: str) -> bool:
    """True when temperament ``a`` beats ``b`` in a tie of power (4.2.3)."""
    return b in DOMINANCE[a]


# 4.1 Building a Deck
DECK_SIZE = 30
MAX_DECK_POINTS = 500
MAX_SIDEBOARD = 6
RECOMMENDED_WILLS = (8, 12)

Temperament = Literal["phlegmatic", "choleric", "vitreous", "capricious", "melancholic", "transcendent", "hollow"]


class Tribute(BaseModel):
    """1.2 Wills, "Tribute Cost": the temperament and the amount of power to pay (2.1)."""

    model_config = ConfigDict(extra="forbid")

    temperament: Temperament
    amount: int = Field(ge=1, le=30)


class PoolCard(BaseModel):
    """One card of the pool, in the form docs/decklists.md ("The card pool") gives."""

    model_config = ConfigDict(extra="allow")
    # the card's other fields (flavour, art credits...) within the limits of any card data
    __pydantic_extra__: dict[str, CardValue] = Field(init=False)

    name: str = Field(min_length=1, max_length=MAX_NAME)
    type: Literal["manifestation", "will"]
    temperament: Temperament | None = None
    power: int | None = Field(default=None, ge=0, le=20)
    points: int | None = Field(default=None, ge=0, le=500)
    keywords: list[str] = Field(default_factory=list)
    text: str | None = None
    # the card's effect as data (docs/effects.md); the text is printed from it
    script: Any = None
    will: Literal["ephemeral", "persistent"] | None = None
    tribute: Tribute | None = None
    count: int = Field(default=1, ge=1, le=100)
    image: str | None = None

    @field_validator("script")
    @classmethod
    def _script(cls, raw: Any) -> Any:

        return script_field(raw, VOCABULARY)

    @model_validator(mode="after")
    def _text_from_script(self) -> "PoolCard":
        self.text = text_matches(self.text, self.script) or ""
        return self

    @model_validator(mode="after")
    def _fields_of_its_type(self) -> "PoolCard":
        if self.type == "manifestation":
            missing = [f for f in ("temperament", "power", "points") if getattr(self, f) is None]
            if missing:
                raise ValueError(f"a manifestation needs {', '.join(missing)}")
            if self.will is not None or self.tribute is not None:
                raise ValueError("`will` and `tribute` belong to wills, not manifestations")
        else:
            if self.will is None:
                raise ValueError("a will needs `will: ephemeral` or `will: persistent`")
            if self.power is not None:
                raise ValueError("a will has no power")
        return self

    @property
    def support(self) -> bool:
        """3.1 "Support and Chain": only manifestations with the keyword enter after the first."""
        return any(k.lower() == "support" for k in self.keywords)

    def item_fields(self) -> dict[str, Any]:
        data = self.model_dump(exclude_none=True, exclude={"script"})
        if self.tribute is not None:
            data["tribute"] = self.tribute.model_dump()
        return data


class PoolFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: Literal["kartomantik"]
    sample: bool = False
    source: str | None = None
    cards: list[PoolCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _printable(self) -> "PoolFile":
        total = sum(card.count for card in self.cards)
        if total > MAX_PRINTED:
            raise PydanticCustomError("nested", "{message}", {
                "message": f"the cards print {total:,} cards together, over the limit of {MAX_PRINTED:,}",
                "path": ("cards",)})
        return self


# How the pool is printed: component names as the rulebook names the card types (1.2).
COMPONENT_OF_TYPE = {"manifestation": "manifestation card", "will": "will card"}
LAYOUT_OF_TYPE = {"manifestation": "kartomantik-manifestation", "will": "kartomantik-will"}
BACK_LAYOUT = "kartomantik-back"


def pool_components(doc: Any) -> tuple[list[Any], bool] | None:
    """A pool file (docs/decklists.md form, ``cards:``) as one component per card type; None for any
    other file (the game's file reader, ``Game.file_readers``)."""
    from pydantic import ValidationError

    from pnp.data.components import Component, Item, Kind
    from pnp.data.errors import InputErrors
    from pnp.data.validate import errors_from, validate

    if not isinstance(doc.data, dict) or "cards" not in doc.data:
        return None
    pool = validate(PoolFile, doc)
    by_type: dict[str, list[Item]] = {}
    for i, card in enumerate(pool.cards):
        try:  # what the card prints is any card's data: within its limits (a text printed from a script)
            item = Item(**card.item_fields())
        except ValidationError as exc:
            errors = errors_from(exc, doc, ("cards", i))
            raise (errors[0] if len(errors) == 1 else InputErrors(errors)) from None
        item._where = (doc, ("cards", i))  # a value the renderer refuses is named with its line
        by_type.setdefault(card.type, []).append(item)
    components = [
        Component(component=COMPONENT_OF_TYPE[kind], kind=Kind.card, layout=LAYOUT_OF_TYPE[kind],
                  back={"layout": BACK_LAYOUT}, items=items)
        for kind, items in sorted(by_type.items())
    ]
    return components, pool.sample
