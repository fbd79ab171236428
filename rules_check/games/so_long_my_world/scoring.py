"""Scoring ("The End of All Things"; rulings S5, S6).

Insight points of the played cards; the karma chain (only cards of one karma played, neutral
cards aside: +1 a card of that karma; the starting cards are positive, ruling S5); +1 for each
3 Marks of Sol; -1 for each Remnant or Gestalt card still in hand (ruling S6).
So Long, My Love: the Collective Insight is the insight of the played cards of both players.
"""

from __future__ import annotations

from .state import COOP, MARK, SoLongState, field_of, hand, stock

MARKS_PER_POINT = 3  # "1 extra Insight Point for each 3 banked Marks of Sol"


def insight(state: SoLongState, p: str) -> int:
    return sum(state.data.cards[c].insight for c in state.zones[field_of(p)])


def karma_chain(state: SoLongState, p: str) -> int:
    """"If the player has ONLY played cards with the same karma (neutral cards do not count),
    they get 1 extra Insight point for each card of that karma."""
    karmas = [state.data.cards[c].karma for c in state.zones[field_of(p)]]
    signed = [k for k in karmas if k != "neutral"]
    return len(signed) if signed and len(set(signed)) == 1 else 0


def points(state: SoLongState, p: str) -> int:
    marks = state.zones[stock(p)].count(MARK)
    return insight(state, p) + karma_chain(state, p) + marks // MARKS_PER_POINT - len(state.zones[hand(p)])


def collective_insight(state: SoLongState) -> int:
    """So Long, My Love: "the total amount of Insight Points of the played cards"."""
    return sum(insight(state, p) for p in state.players)


def scores(state: SoLongState) -> dict[str, int]:
    """Each player's points; in So Long, My Love each player's insight (the win asks their sum)."""
    if state.mode == COOP:
        return {p: insight(state, p) for p in state.players}
    return {p: points(state, p) for p in state.players}
