"""Cards the table saw, named from a zone's unseen ones (Kartomantik 1.3 Game Zones; reading
K41): a `show` entry, and the hand and deck a mulligan shows (4.2.1)."""

from __future__ import annotations

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen

from .actions import Show
from .rulebook import RULE_SHOW
from .seen import why_cannot_hold, why_not_held
from .state import KState, zone, zone_name


def name_cards(state: KState, where: str, cards, top: bool = False) -> None:
    """The cards seen in ``where`` named from its unseen ones (reading K41); ``top``: a deck's top
    cards, top first, each at its place."""
    z = state.zones
    if top:
        items = z[where]
        for i, it in enumerate(cards):
            if i >= len(items):
                raise IllegalAction(RULE_SHOW, f"{zone_name(where)} holds {len(items)} cards, not {len(cards)}")
            z.name(where, it, index=len(items) - 1 - i)
        return
    problem = why_cannot_hold(state, where, cards)
    if problem:
        raise IllegalAction(RULE_SHOW, problem)
    named: dict[str, int] = {}
    for it in cards:
        named[it] = named.get(it, 0) + 1
        if z[where].count(it) < named[it]:
            i = next((i for i in range(len(z[where]) - 1, -1, -1)
                      if is_unseen(z[where][i]) and z.could_be(z[where][i], it)), None)
            if i is None:
                raise IllegalAction(RULE_SHOW, why_not_held(state, it, where))
            z.name(where, it, index=i)


def check_show(state: KState, a: Show) -> None:
    """Reading K41: the cards named must be ones the zone's unseen cards can be."""
    trial = state.copy()
    show(trial, a)


def show(state: KState, a: Show) -> None:
    if state.resolving is not None:  # what an effect under way may choose among may change: asked again
        state.resolving.request = None
    for p, kind, cards in a.shown:
        name_cards(state, zone(kind, p), cards, top=kind == "deck")
