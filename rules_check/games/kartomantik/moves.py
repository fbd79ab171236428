"""Changing the table: every move of a card and every modifier goes through here, so that what
happened is noted for the triggers (3.1) and for an ability's outcome (docs/logs/README.md, "Card effects").

A manifestation entering the Confrontation Zone is an ``enters`` event (from where, and
whether in Support: played in Support or Chained, 3.1); one placed in an Empathic Vessel is a
``vessel`` event. A card leaving the Confrontation Zone no longer counts as entered in Support.
"""

from __future__ import annotations

from rules_check.core.ops import Op
from rules_check.effects.machine import Frame

from .state import CONFRONTATION, KState


def move(state: KState, it: str, src: str, dst: str, bottom: bool = False, support: bool = False,
         frame: Frame | None = None, origin: str | None = None) -> None:
    """Move ``it``; ``origin`` is where it entered from when it passed through the Stack (a
    Support manifestation played from the Interzone enters "from your Interzone")."""
    state.zones.move(it, src, dst, bottom)
    if src == CONFRONTATION:
        state.support.discard(it)
    if dst == CONFRONTATION:
        if support:
            state.support.add(it)
        state.events.append(("enters", it, origin or src, support))
    elif dst.startswith("vessel:"):
        state.events.append(("vessel", it))
    if frame is not None and frame.records:  # (an outcome the log wrote is compared with it: reading K33)
        frame.outcome.append(Op("move", item=it, src=src, dst=dst, bottom=bottom))


def add(state: KState, counter: str, amount: int, frame: Frame | None = None) -> None:
    if not amount:
        return
    state.counters[counter] = state.counters.get(counter, 0) + amount
    if frame is not None and frame.records:
        frame.outcome.append(Op("add", counter=counter, amount=amount))
