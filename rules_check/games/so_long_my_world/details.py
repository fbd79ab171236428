"""What a judge needs of each So Long, My World card the table shows (issue 25): a `CardDetail`
per card of the engine's card data (``cards/so-long-my-world/``), by printed name.

The view shows Remnant and Gestalt cards (hands, fields, the discard pile, solo Sequence
Cards), Vision cards (the clock, the Gestalt Visions, L'Uno, a player's chosen Vision, and the
Vision Tokens behind a screen, each shown by its Vision's name) and Event cards ("The Card
Types"). Heartbreak and End cards, named in the view's facts and counters, have details too.
On the clock a player's Vision Token is shown by the player's name: a player, not a card, so
it has no detail.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from pnp.effects.language import Script
from pnp.effects.printer import render_ability
from pnp.games.so_long_my_world.vocabulary import VOCABULARY
from rules_check.core.view import CardDetail, Value, details_of

from .view import roman

if TYPE_CHECKING:
    from .cards import Card, CardData, Event, Heartbreak, Vision

T = "So Long, My World"
# "The Card Types", "Remnant Cards", 3.: "Hindrance" and "Continuous" are the exceptions to an
# effect that happens once, when the card is played
REMNANT_ABILITIES = {"effect": "Effect", "triggered": "Continuous (when it happens)", "static": "Continuous"}
ABILITIES = {"effect": "Effect", "triggered": "Triggered", "static": "Static"}
VISION_KINDS = {  # kind -> (what it is, the section that governs it)
    "normal": ("Vision card", f"{T}: The Card Types, Vision Cards"),
    "gestalt": ("Gestalt Vision", f"{T}: Variants, Gestalt Visions"),
    "co-op": ("co-op Vision card", f"{T}: So Long, My Love (2-player co-op mode), L'Uno"),
    "catalyst": ("Karma Catalyst", f"{T}: Variants, Karma Catalysts"),
}


class WithCards(Protocol):
    """An engine, as far as its card details go: the card data it reads."""

    @property
    def cards(self) -> "CardData": ...


def card_details(engine: WithCards) -> dict[str, CardDetail]:
    """Every card of the box, by its printed name; built once per engine and card data."""
    return details_of(engine, engine.cards, details)


def details(data: "CardData") -> dict[str, CardDetail]:
    out: dict[str, CardDetail] = {}
    for name, h in data.heartbreaks.items():
        out[name] = heartbreak(h)
    for name, script in data.ends.items():
        out[name] = CardDetail(name=name, kind="End card", text=script.text if script else None,
                               script=script_words(script), rule=f"{T}: Variants, End Cards")
    for name, e in data.events.items():
        out[name] = event(e)
    for name, v in data.visions.items():
        out[name] = vision(v)
    for name, c in data.cards.items():
        out[name] = remnant(c)
    return out


def script_words(script: Script | None, kinds: dict[str, str] = ABILITIES) -> str | None:
    """The script as the effects language prints it, one ability a line, each with its kind."""
    if script is None:
        return None
    return "\n".join(f"{kinds.get(a.kind, a.kind)}: {render_ability(a, VOCABULARY)}"
                     for a in script.abilities)


def feelings(amounts: dict[str, int]) -> str:
    return ", ".join(f"{n} {f}" for f, n in amounts.items() if n) or "none"


def remnant(c: "Card") -> CardDetail:
    """"Remnant Cards": insight points, feeling cost, effect (hindrance or continuous), karma."""
    continuous = c.script is not None and bool(c.script.kinds.get("triggered") or c.script.kinds.get("static"))
    timing = "Hindrance (may be played in the Hindrance Phase)" if c.hindrance else \
        "Continuous (works as long as the card is on the field)" if continuous else "once, when it is played"
    fields = [Value(label="insight points", value="a glyph (starting card)" if c.starting else c.insight),
              Value(label="feeling cost", value=feelings(c.cost)),
              Value(label="karma", value=c.karma),
              Value(label="effect", value=timing),
              Value(label="copies in the box", value=c.copies)]
    if c.gestalt:
        kind, rule = "Gestalt card", f"{T}: The Card Types, Gestalt Cards"
    else:
        kind, rule = "starting Remnant card" if c.starting else "Remnant card", f"{T}: The Card Types, Remnant Cards"
    return CardDetail(name=c.name, kind=kind, fields=fields, text=c.text or None,
                      script=script_words(c.script, REMNANT_ABILITIES), rule=rule)


def vision(v: "Vision") -> CardDetail:
    """"Vision Cards": the affinity feeling and the Vision's effect."""
    kind, rule = VISION_KINDS.get(v.kind, (f"{v.kind} Vision", f"{T}: The Card Types, Vision Cards"))
    if v.affinity:
        affinity = ", ".join(v.affinity)
    else:
        affinity = "none printed: its Karma Catalyst gives them" if v.kind == "gestalt" else "none"
    fields = [Value(label="affinity feeling" if len(v.affinity) <= 1 else "affinity feelings", value=affinity)]
    if v.kind == "gestalt":
        fields.append(Value(label="Marks of Sol (on its back)", value=v.marks_of_sol))
    return CardDetail(name=v.name, kind=kind, fields=fields, text=v.text or None, script=script_words(v.script),
                      rule=rule)


def event(e: "Event") -> CardDetail:
    """"Event Cards": the description and effect, the Feelings put on the Visions; "Reboot
    Cards": played immediately, affecting all players."""
    if e.reboot:  # "Reboot Cards": "A player can only avoid the effect of a reboot card by paying a Mark of Sol"
        who = "all players, at once (a player may pay a Mark of Sol to avoid it)"
    else:  # "If an effect has a Vision's name written before it, it only affects the players who chose that Vision"
        who = f"the players who chose {e.vision}" if e.vision else "all players"
    fields = [Value(label="effect for", value=who)]
    if e.feelings:
        spaces = "; ".join(f"{vision}: {feelings({f: fs.count(f) for f in dict.fromkeys(fs)})}"
                           for vision, fs in e.feelings.items())
        fields.append(Value(label="Feelings put on the Visions", value=spaces))
    kind, rule = ("Reboot card", f"{T}: Reboot Cards") if e.reboot else ("Event card", f"{T}: The Card Types, Event Cards")
    return CardDetail(name=e.name, kind=kind, fields=fields, text=e.text or None, script=script_words(e.script),
                      rule=rule)


def heartbreak(h: "Heartbreak") -> CardDetail:
    """So Long, My Love, "Heartbreak Cards": the time counter, the goal, the Collective Insight."""
    fields = [Value(label="time counter starts at hour", value=roman(h.start_hour)),
              Value(label="Collective Insight", value=h.collective_insight)]
    return CardDetail(name=h.name, kind="Heartbreak card", fields=fields, text=h.goal,
                      rule=f"{T}: So Long, My Love (2-player co-op mode), Heartbreak Cards")
