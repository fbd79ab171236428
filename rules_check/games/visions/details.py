"""What a judge needs of each Visions card the table shows (issue 25): a `CardDetail` per dream
fragment card of the engine's card data (``cards/visions/fragments.yaml``).

A fragment prints no text: its category and environment are what every rule reads ("B -
Continue a Dream", "Reflection", "Echo", "Final Scoring"), and its name carries both ("Mythical
Creature in the Galactic Valley"). A face-down Nightmare the log never named is shown as
``(not seen)`` (view.py ``UNSEEN_NIGHTMARE``): it is no card, and has no detail.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from pnp.games.visions.models import CATEGORIES, ENVIRONMENTS
from rules_check.core.view import CardDetail, Value, details_of

if TYPE_CHECKING:
    from .cards import CardData

KIND = "dream fragment card"  # "Components": "75 Dream Fragment cards"
RULE = "Visions: 1 - Play a Card"


class WithCards(Protocol):
    """An engine, as far as its card details go: the card data it reads."""

    @property
    def cards(self) -> "CardData": ...


def card_details(engine: WithCards) -> dict[str, CardDetail]:
    """Every dream fragment card, by its printed name; built once per engine and card data."""
    return details_of(engine, engine.cards, details)


def details(data: "CardData") -> dict[str, CardDetail]:
    out = {}
    for name, (category, environment) in data.kinds.items():
        fields = [Value(label="category", value=CATEGORIES[category]),
                  Value(label="environment", value=ENVIRONMENTS[environment]),
                  Value(label="copies in the box", value=data.copies.get(name, 0))]
        out[name] = CardDetail(name=name, kind=KIND, fields=fields, rule=RULE)
    return out
