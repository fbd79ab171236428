"""4.4 End of the Game and Point Calculation.

4.4.2: the points of the manifestations in a player's Empathic Vessel, the points gained or
lost from effects (and the voluntary mulligan, ruling K5), and 5 for each manifestation left
in the deck. 4.4.3: the most points wins; a tie is a draw (ruling G2). 4.4.1: a player whose
second consecutive mulligan still leaves no First Manifestation loses.

A log without the deck's order (reading K42): the manifestations left in a deck are counted
from what the log shows: its seen cards, and its unseen ones when the pile decides them (every
unseen card of the pile is in the deck: they are the pile's cards; or all of the pile's cards
are of one kind). Otherwise the deck's bonus is a range; the score counts its lower end (what
is decided), the winner is decided only when no count in the range changes it, and the report
names the zone to show (`undecided`).
"""

from __future__ import annotations

from rules_check.core.zones import UNSEEN, pile_of

from .board import manifestation_items
from .state import DECK_BONUS, KState, zone


def deck_manifestations(state: KState, p: str) -> tuple[int, int]:
    """How many manifestations ``p``'s deck holds: (fewest, most) any order of the unseen cards
    allows (the same number when the log decides it, reading K42)."""
    cards, card = state._cards, state.card  # the deck read once, each card's face from the state's lookup
    known = 0
    unseen: dict[str, int] = {}  # the deck's unseen cards, by their item (one per pile)
    for it in state.deck(p):
        if it.startswith(UNSEEN):  # (`is_unseen`, inline)
            unseen[it] = unseen.get(it, 0) + 1
        elif (cards.get(it) or card(it)).type == "manifestation":
            known += 1
    if not unseen:
        return known, known
    lo = hi = known
    z = state.zones
    manifestations = manifestation_items(state)  # (`is_manifestation` of each card, read once per game)
    for hidden, n in unseen.items():
        pool = z.unknown.get(pile_of(hidden)) or {}
        mine = others = 0  # the pile's manifestations and other cards, with their copies
        for it, k in pool.items():
            if k > 0:
                if it in manifestations:
                    mine += k
                else:
                    others += k
        everywhere = sum([items.count(hidden) for items in z.zones.values()])  # (each one string: counted in C)
        if everywhere == n:  # every unseen card of the pile is in the deck: they are its cards
            lo += mine
            hi += mine
        else:
            lo += max(0, n - others)
            hi += min(n, mine)
    return lo, hi


def points(state: KState, p: str) -> int:
    """4.4.2, as far as the log decides it (the deck's bonus: its lower end, reading K42)."""
    return points_range(state, p)[0]


def points_range(state: KState, p: str) -> tuple[int, int]:
    vessel = sum(state.card(it).points or 0 for it in state.zones[zone("vessel", p)])
    base = vessel + state.counters.get(f"points.{p}", 0)
    lo, hi = deck_manifestations(state, p)
    return base + DECK_BONUS * lo, base + DECK_BONUS * hi


def scores(state: KState) -> dict[str, int]:
    return {p: points(state, p) for p in state.players}


def winner(state: KState) -> str | list[str] | None:
    if state.loser is not None:
        return state.other(state.loser)
    ranges = {p: points_range(state, p) for p in state.players}
    if any(lo != hi for lo, hi in ranges.values()):
        a, b = state.players
        if ranges[a][0] > ranges[b][1]:
            return a
        if ranges[b][0] > ranges[a][1]:
            return b
        return None  # reading K42: the log does not decide it
    s = {p: lo for p, (lo, _) in ranges.items()}  # (`scores`: each player's `points`, the range's lower end)
    best = max(s.values())
    top = [p for p in state.players if s[p] == best]
    return top[0] if len(top) == 1 else top


def undecided(state: KState) -> list[tuple[str, str]]:
    """What the end of the log leaves open (reading K42): each deck whose bonus it does not decide."""
    out = []
    for p in state.players:
        lo, hi = deck_manifestations(state, p)
        if lo != hi:
            out.append(("Kartomantik 4.4.2 (Point Calculation)",
                        f"{p}'s deck holds {lo} to {hi} manifestations (5 points each): the log does not show "
                        f"them; the score counts {lo}. Show the deck, or the unseen cards elsewhere, at the end: "
                        f"{{show: {{{p}: {{deck: [CARD, ...]}}}}}}"))
    return out
