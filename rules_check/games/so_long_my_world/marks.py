"""Marks of Sol gained: where each comes from (ruling SL10) and what taking the last one from a
Gestalt Vision unlocks ("Variants, Gestalt Visions"); asked by the rules, the verbs and the
next game's setup, so below all three."""

from __future__ import annotations

from .state import CATALYSTS, MARK, SYSTEM, SoLongState, catalyst_zone, stock, vision_zone


def mark_source(state: SoLongState) -> str | None:
    """Where a gained Mark of Sol comes from (reading SL10: "When they gain Marks of Sol for any
    reason, players take them starting from Clocktower Library", Variants, Gestalt Visions)."""
    for v in state.extra_visions:
        if state.data.visions[v].kind == "gestalt" and MARK in state.zones[vision_zone(v)]:
            return vision_zone(v)
    return SYSTEM if MARK in state.zones[SYSTEM] else None


def gain_mark(state: SoLongState, p: str) -> str | None:
    """``p`` gains a Mark of Sol (ruling SL10); returns where it came from (None: none left)."""
    src = mark_source(state)
    if src is None:
        return None
    state.zones.move(MARK, src, stock(p))
    state.marks_gained += 1
    if src != SYSTEM and MARK not in state.zones[src]:
        vision = src.split(":", 1)[1]
        state.locked.discard(vision)  # "When a card has no more Marks of Sol on its back, then it is unlocked"
        if state.zones[CATALYSTS]:
            state.zones.move(state.zones[CATALYSTS][-1], CATALYSTS, catalyst_zone(vision))
    return src
