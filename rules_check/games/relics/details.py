"""What a judge needs of each relics card the table shows (issue 25): a `CardDetail` per location
card of the engine's card data (``cards/relics/locations.yaml``).

The view names a location card and marks the side that is up ("day side", "night side"); which
side counts changes as cards flip, so the detail gives both ("Anatomy of a Card": "Each card
has a day side and a night side"): each side's number, its two challenge corners (1a: a travel
to a lower number meets the bottom-right, to a higher one the top-left), its banner (1b) and
its ability ("Card Abilities").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from pnp.games.relics.models import Challenge, LocationSide, Reward
from pnp.effects.printer import render_ability
from pnp.games.relics.vocabulary import VOCABULARY
from rules_check.core.view import CardDetail, Value, details_of

from .cards import DAY, NIGHT

if TYPE_CHECKING:
    from .cards import CardData

KIND = "location card"
RULE = "relics: Anatomy of a Card"
SIDES = (DAY, NIGHT)

class WithCards(Protocol):
    """An engine, as far as its card details go: the card data it reads."""

    @property
    def cards(self) -> "CardData": ...


def card_details(engine: WithCards) -> dict[str, CardDetail]:
    """Every location card, by its printed name; built once per engine and card data."""
    return details_of(engine, engine.cards, details)


def challenge(c: Challenge | None) -> str:
    """A challenge corner: "red 2" (pay 2 red energy), "black 1" (any colours), or none."""
    return f"{c.colour} {c.amount}" if c is not None else "none"


def banner(r: Reward) -> str:
    """1b: the energy the banner rewards, or the relic half it is."""
    if r.is_relic:
        return f"{r.relic}, half {r.half} ({r.colour} relic)"
    return f"{r.amount} {r.energy} energy"


def side_script(side: LocationSide) -> str:
    if side.script is None:  # the engine lists its use as plain operations, unverified
        return "no script: its use is not checked"
    return " ".join(render_ability(a, VOCABULARY) for a in side.script.abilities)


def details(data: "CardData") -> dict[str, CardDetail]:
    out = {}
    for name, sides in data.sides.items():
        fields = []
        for face in SIDES:
            s = sides[face]
            fields += [Value(label=f"{face} side number", value=s.number),
                       Value(label=f"{face} side top-left challenge", value=challenge(s.top_left)),
                       Value(label=f"{face} side bottom-right challenge", value=challenge(s.bottom_right)),
                       Value(label=f"{face} side banner", value=banner(s.reward))]
        text = "\n".join(f"{face.capitalize()} side: {sides[face].ability}" for face in SIDES)
        script = None
        if any(sides[face].script is not None for face in SIDES):
            script = "\n".join(f"{face.capitalize()} side: {side_script(sides[face])}" for face in SIDES)
        out[name] = CardDetail(name=name, kind=KIND, fields=fields, text=text, script=script, rule=RULE)
    return out
