"""The table as it stands: a game's state in the game's own terms, as data.

A dispute is settled by looking at the table at the entry in question (python-chess draws
the board at any move). Each engine describes its state as a `View`: a few headline facts
(the phase, whose turn or priority, the scores) and *panels*, each one part of the table in
the rulebook's words (a player's hand, the Interzone with its three spaces, the clock of six
visions, the awakening track). The panels are of five kinds that every game's table is made
of, so one renderer draws them all (rules_check/dispute/svg.py) and tools read them as JSON
(``pnp check log FILE --state N --format json``):

* ``zone``: cards in a place, in order (``order: stack`` lists the top first); ``hidden`` the
  number of cards whose faces the log does not tell (a hand, a deck);
* ``slots``: a place of fixed spaces (the Interzone's 3, a river, relic halves), each with
  its label and what stands on it;
* ``ring``: spaces round a centre (So Long, My World's clock), one of them pointed at;
* ``track``: numbered spaces with markers on them (a scoring or awakening track);
* ``counters``: named numbers and words (energy, power totals, the hour, a deck's size).

A view holds what the log and the rules know, never more: a hidden hand is a count.
"""

from __future__ import annotations

import weakref
from typing import Annotated, Any, Callable, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

VIEW_VERSION = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Card(_Strict):
    """A card or token as the table shows it."""

    name: str
    note: Optional[str] = Field(None, description="What is on or about it: '+1 power', '2 feelings', 'night side'.")
    mark: Optional[str] = Field(None, description="A state the rulebook names: 'support', 'locked', 'face down'.")


class Slot(_Strict):
    """One space of a `slots` or `ring` panel: its label and what stands on it."""

    label: str
    cards: list[Card] = Field(default_factory=list)
    note: Optional[str] = Field(None, description="What the space holds besides cards: marks, locks, feelings.")


class Value(_Strict):
    label: str
    value: Union[int, str, None]


class Marker(_Strict):
    label: str = Field(description="Whose marker (a player) or what it marks.")
    at: int = Field(description="The space it stands on, 0-based.")


class _Panel(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Stable across entries: 'ana-hand', 'clock'.")
    title: str
    owner: Optional[str] = Field(None, description="The player it belongs to; null: shared.")


class ZonePanel(_Panel):
    kind: Literal["zone"] = "zone"
    cards: list[Card] = Field(default_factory=list)
    hidden: int = Field(0, ge=0, description="Cards there whose faces the log does not tell.")
    order: Literal["row", "stack"] = Field("row", description="stack: the cards are listed top first.")


class SlotsPanel(_Panel):
    kind: Literal["slots"] = "slots"
    slots: list[Slot]


class RingPanel(_Panel):
    kind: Literal["ring"] = "ring"
    spaces: list[Slot]
    pointer: Optional[int] = Field(None, description="The space pointed at (the hour), 0-based.")
    centre: Optional[str] = Field(None, description="What is written in the middle.")


class TrackPanel(_Panel):
    kind: Literal["track"] = "track"
    spaces: list[str] = Field(description="Each space's label, first to last.")
    markers: list[Marker] = Field(default_factory=list)


class CountersPanel(_Panel):
    kind: Literal["counters"] = "counters"
    values: list[Value]


Panel = Annotated[Union[ZonePanel, SlotsPanel, RingPanel, TrackPanel, CountersPanel], Field(discriminator="kind")]


class View(_Strict):
    """The table after an entry (or after the setup)."""

    phase: Optional[str] = Field(None, description="Where the turn stands, in the rulebook's words.")
    active: Optional[str] = Field(None, description="The player to act (whose turn, who has priority).")
    facts: list[Value] = Field(default_factory=list, description="Headline facts: the round, the hour, priority.")
    scores: dict[str, int] = Field(default_factory=dict)
    panels: list[Panel] = Field(default_factory=list)


def places(view: "View | None") -> list[tuple[str, int, str]]:
    """Every card the table shows, as (panel, space or -1, name), once per copy."""
    out: list[tuple[str, int, str]] = []
    for p in view.panels if view else []:
        if p.kind == "zone":
            out += [(p.id, -1, c.name) for c in p.cards]
        elif p.kind in ("slots", "ring"):
            for i, space in enumerate(p.slots if p.kind == "slots" else p.spaces):
                out += [(p.id, i, c.name) for c in space.cards]
    return out


def cards(names: list[str], note: Callable[[str], str | None] | None = None,
          mark: Callable[[str], Any] | None = None) -> list[Card]:
    """``names`` as cards; ``note(name)`` and ``mark(name)`` give each one's note and mark."""
    return [Card(name=n, note=note(n) if note else None, mark=mark(n) if mark else None) for n in names]


def slug(text: str) -> str:
    """A panel id made of ``text``: lowercase, letters and digits joined by hyphens."""
    out = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    out = "-".join(part for part in out.split("-") if part)
    return out or "x"


class CardDetail(_Strict):
    """What a judge needs about a card the table shows: a tap on a `Card` opens this.

    Each game's ``details.card_details(engine)`` maps every name a `Card.name` can have in
    that game's views to one of these, made from the game's card data.
    """

    name: str = Field(description="The card's full name as printed.")
    kind: Optional[str] = Field(None, description="What sort of card: 'manifestation', 'event', 'vision', 'relic side'.")
    fields: list[Value] = Field(
        default_factory=list, description="What the card carries that a judge checks: cost, power, temperament, corners."
    )
    text: Optional[str] = Field(None, description="The card's rules text as printed.")
    script: Optional[str] = Field(None, description="What the card's script does, in words, or its source as written.")
    rule: Optional[str] = Field(None, description="The rulebook section that governs this kind of card.")


_DETAILS: "weakref.WeakKeyDictionary[Any, tuple[Any, Any]]" = weakref.WeakKeyDictionary()


def details_of(engine: Any, data: Any, build: Callable[[Any], Any]) -> Any:
    """``build(data)``: an engine's card details (`Engine.card_details`), built once per engine and
    card data (a page asks for them on every entry; an engine given other data builds them again)."""
    kept = _DETAILS.get(engine)
    if kept is None or kept[0] is not data:
        kept = _DETAILS[engine] = (data, build(data))
    return kept[1]


def details_shown(engine: Any, views: "list[View | None]") -> dict[str, dict[str, Any]]:
    """The details (``engine.card_details()``) of every card ``views`` show, by the name they show
    it under, as JSON data: what a page embeds for a tap on a card (rules_check/dispute/cards.js)."""
    known = engine.card_details()
    names = sorted({name for view in views for _, _, name in places(view)})
    return {name: detail.model_dump(mode="json") for name in names if (detail := known.get(name)) is not None}
