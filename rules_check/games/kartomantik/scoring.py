"""4.4 End of the Game and Point Calculation.

4.4.2: the points of the manifestations in a player's Empathic Vessel, the points gained or
lost from effects (and the voluntary mulligan, ruling K5), and 5 for each manifestation left
in the deck. 4.4.3: the most points wins; a tie is a draw (ruling G2). 4.4.1: a player whose
second consecutive mulligan still leaves no First Manifestation loses.
"""

from __future__ import annotations

from .state import DECK_BONUS, KState, zone


def points(state: KState, p: str) -> int:
    vessel = sum(state.card(it).points or 0 for it in state.zones[zone("vessel", p)])
    deck = sum(DECK_BONUS for it in state.deck(p) if state.is_manifestation(it))
    return vessel + state.counters.get(f"points.{p}", 0) + deck


def scores(state: KState) -> dict[str, int]:
    return {p: points(state, p) for p in state.players}


def winner(state: KState) -> str | list[str] | None:
    if state.loser is not None:
        return state.other(state.loser)
    s = scores(state)
    best = max(s.values())
    top = [p for p in state.players if s[p] == best]
    return top[0] if len(top) == 1 else top
