"""Who would win the Confrontation now (Kartomantik 4.2.3 When a Player Wins, "In case of a
tie in power"; reading K15): the Reaction's standing, Priority's question (2.2)."""

from __future__ import annotations

from pnp.games.kartomantik.models import dominates

from . import board
from .state import CONFRONTATION, KState


def last_entered(state: KState, p: str) -> str | None:
    """4.2.3: "the last manifestation that entered the Confrontation under each player's control"."""
    mine = [it for it in state.zones[CONFRONTATION] if state.controller(it) == p]
    return mine[-1] if mine else None


def outcome(state: KState) -> str | None:
    """4.2.3: who would win the Confrontation if it were resolved now; None for a Stalemate."""
    a, b = state.players
    table = board.powers(state, (CONFRONTATION,))  # the only powers 4.2.3 adds up
    ta = tb = 0  # board.total_power of each player, added up in one pass over the zone
    controller = state.controller
    for it in state.zones.zones[CONFRONTATION]:
        who = controller(it)
        if who == a:
            ta += table[it]
        elif who == b:
            tb += table[it]
    if ta != tb:
        return a if ta > tb else b
    la, lb = last_entered(state, a), last_entered(state, b)
    if la is None or lb is None:  # reading K15
        return None
    ca, cb = state.temperament(la), state.temperament(lb)
    if dominates(ca, cb):  # type: ignore[arg-type]
        return a
    if dominates(cb, ca):  # type: ignore[arg-type]
        return b
    return None
