"""What a judge needs of each Kartomantik card the table shows (issue 25): a `CardDetail` per
card of the engine's pool, made from the pool's data (never copied by hand).

The view names a card in hand, limbo, exile and the Interzone by its printed name, and a card
in the Confrontation Zone, the Stack, the Stalemate Zone or an Empathic Vessel as
``OWNER/Name`` (rules_check/games/kartomantik/view.py): the owners are the log's players, so
the details are keyed by the printed names and `Details` finds ``OWNER/Name`` under ``Name``.
"""

from __future__ import annotations

from typing import Any, Protocol

from pnp.games.kartomantik.models import TEMPERAMENT_COLOURS, PoolCard
from pnp.games.kartomantik.vocabulary import VOCABULARY
from pnp.effects.printer import render_ability
from rules_check.core.view import CardDetail, Value, details_of
from rules_check.pool import Pool

R = "Kartomantik"
RULES = {"manifestation": f"{R} 1.2 (Manifestations)", "will": f"{R} 1.2 (Wills)"}
# a script ability's kind in the rulebook's words (3.1 Types of Effects; 1.2 Wills, "Effects")
ABILITY_KINDS = {"activated": "Activated (3.1)", "static": "Passive (3.1)", "triggered": "Triggered (3.1)",
                 "effect": "Effect"}


class WithPool(Protocol):
    """An engine that reads a card pool (the Kartomantik engine: its cards and their scripts)."""

    pool: Pool


class Details(dict):
    """Card details by printed name; a name written ``OWNER/Name`` (a card in play) is found
    under its ``Name``."""

    @staticmethod
    def _printed(key: Any) -> Any:
        return key.split("/", 1)[1] if isinstance(key, str) and "/" in key else key

    def __missing__(self, key: Any) -> CardDetail:
        printed = self._printed(key)
        if printed is key or not dict.__contains__(self, printed):
            raise KeyError(key)
        return dict.__getitem__(self, printed)

    def __contains__(self, key: Any) -> bool:
        return dict.__contains__(self, key) or dict.__contains__(self, self._printed(key))

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default


def card_details(engine: WithPool) -> Details:
    """Every card of ``engine``'s pool, by printed name; built once per engine and pool."""
    return details_of(engine, engine.pool, lambda pool: Details({c.name: detail(c) for c in pool.cards.values()}))


def temperament(name: str | None) -> str | None:
    """1.1: "Phlegmatic (Green)"."""
    return None if name is None else f"{name} ({TEMPERAMENT_COLOURS[name]})"


def script_words(card: PoolCard) -> str | None:
    """The card's script as the effects language prints it, one ability a line, each with its
    kind in the rulebook's words."""
    if card.script is None:
        return None
    return "\n".join(f"{ABILITY_KINDS.get(a.kind, a.kind)}: {render_ability(a, VOCABULARY)}"
                     for a in card.script.abilities)


def detail(card: PoolCard) -> CardDetail:
    """1.2 The Cards: what each type of card carries."""
    fields = [Value(label="temperament", value=temperament(card.temperament))] if card.temperament else []
    if card.type == "manifestation":
        kind = "manifestation"
        fields += [Value(label="base power", value=card.power), Value(label="points", value=card.points)]
    else:
        kind = f"{card.will} will"
        tribute = card.tribute
        fields.append(Value(label="tribute cost", value=f"{tribute.amount} {temperament(tribute.temperament)}"
                            if tribute is not None else "none"))
        if card.points is not None:
            fields.append(Value(label="points", value=card.points))
    if card.keywords:
        fields.append(Value(label="keywords", value=", ".join(k.capitalize() for k in card.keywords)))
    return CardDetail(name=card.name, kind=kind, fields=fields, text=card.text or None, script=script_words(card),
                      rule=RULES[card.type])
