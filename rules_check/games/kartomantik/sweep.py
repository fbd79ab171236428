"""What the rules do after every entry (ruling K3, reading K13; Kartomantik 3.2 Modifiers and
Counters): a manifestation at power 0 or less is destroyed, and what is remembered about a card
leaves with it."""

from __future__ import annotations

from . import board
from .board import MODIFIERS
from .moves import move
from .state import CONFRONTATION, KState, owner_of, zone


def sweep(state: KState) -> None:
    """Ruling K3 / reading K13: power 0 or less is destroyed; modifiers leave with the card.
    Run after every item of the Stack: each of its cleanups is looked at only when something is
    remembered of its kind (most states remember nothing but the cards entered in Support)."""
    while not board.is_surely_alive(state):
        table = board.powers(state)
        doomed = [(z, it) for z in state.in_play_zones for it in state.zones[z]
                  if state.is_manifestation(it) and table.get(it, 1) <= 0]
        if not doomed:
            break
        for z, it in doomed:
            if it in state.zones[z]:
                move(state, it, z, zone("limbo", owner_of(it)))
    # what is remembered about a card (modifiers, control, lost or given effects) leaves with it: each
    # card remembered asked where it is (a few cards, most in the Confrontation Zone, asked first, then
    # `_is_kept`), not a set of every card in those zones built for them
    z = state.zones.zones
    confrontation = z[CONFRONTATION]
    names = state.kept_zones
    counters = state.counters
    gone = []  # (a plain loop over the counters: the players' points and a few modifiers, most kept)
    for key in counters:
        if key.startswith(MODIFIERS):
            it = key.partition(".")[2]
            if it not in confrontation and not _is_kept(z, names, it):
                gone.append(key)
    for key in gone:
        del counters[key]
    if state.temperaments or state.granted or state.muted:
        for table_ in (state.temperaments, state.granted):
            if table_:
                for it in [it for it in table_ if not _is_kept(z, names, it)]:
                    del table_[it]
        if state.muted:
            state.muted = {it for it in state.muted if _is_kept(z, names, it)}
    support, control = state.support, state.control
    # (each asked first in C: most often nothing has left)
    if support and not support.issubset(confrontation):  # (in place, as `&=` does)
        for it in [it for it in support if it not in confrontation]:
            support.discard(it)
    if control and not control.keys() <= set(confrontation):
        for it in [it for it in control if it not in confrontation]:
            del control[it]  # 3.2: a manifestation leaving the Confrontation is its owner's again


def _is_kept(z: dict[str, list[str]], names: tuple[str, ...], it: str) -> bool:
    """Whether ``it`` lies in one of the zones ``names``: where a card keeps what is remembered
    about it (`KState.kept_zones`)."""
    for name in names:
        if it in z[name]:
            return True
    return False
