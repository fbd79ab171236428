"""What the rules do after every entry (ruling K3, reading K13; Kartomantik 3.2 Modifiers and
Counters): a manifestation at power 0 or less is destroyed, and what is remembered about a card
leaves with it."""

from __future__ import annotations

from . import board
from .moves import move
from .state import CONFRONTATION, STACK, STALEMATE, KState, owner_of, zone


def sweep(state: KState) -> None:
    """Ruling K3 / reading K13: power 0 or less is destroyed; modifiers leave with the card."""
    while not board.is_surely_alive(state):
        places = (CONFRONTATION, STALEMATE) + state.own("interzone")
        table = board.powers(state)
        doomed = [(z, it) for z in places for it in state.zones[z]
                  if state.is_manifestation(it) and table.get(it, 1) <= 0]
        if not doomed:
            break
        for z, it in doomed:
            if it in state.zones[z]:
                move(state, it, z, zone("limbo", owner_of(it)))
    # what is remembered about a card (modifiers, control, lost or given effects) leaves with it
    counted = [k for k in state.counters if k.startswith(("power.", "turn."))]
    if not (counted or state.control or state.temperaments or state.granted or state.muted or state.support):
        return  # nothing is remembered about any card
    z = state.zones.zones
    kept = set(z[CONFRONTATION])  # every card that keeps what is remembered about it, as one set
    kept.update(z[STALEMATE], z[STACK], *(z[n] for n in state.own("interzone") + state.own("field")))
    for key in counted:
        if key.split(".", 1)[1] not in kept:
            del state.counters[key]
    for table_ in (state.temperaments, state.granted):
        for it in [it for it in table_ if it not in kept]:
            del table_[it]
    state.muted = state.muted & kept
    state.support &= set(z[CONFRONTATION])
    for it in [it for it in state.control if it not in z[CONFRONTATION]]:
        del state.control[it]  # 3.2: a manifestation leaving the Confrontation is its owner's again
