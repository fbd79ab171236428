"""Unseen cards in a Kartomantik log written at the table (readings K39-K43).

A log may give a deck as its decklist alone (no order): the deck is then 30 unseen cards of the
pile ``deck:P`` (rules_check/core/zones.py), whose multiset holds the items ``P/Name``. The
Recovery draws move unseen cards to the hand; a card the log names where unseen ones are (played,
paid as a tribute, revealed, put at the bottom of the deck, chosen by an effect, shown) must be
one they can be. The questions the rules ask of a hand or a deck become "is or could be":

* `can_hold`: the zone holds the card, seen, or one of its unseen cards can be it;
* `why_cannot_hold`: why a zone cannot hold some cards, in the rulebook's words ("Ana's hand cannot
  hold Oppress: Ana's decklist has 1, and it is in Ana's Limbo"), or None; `why_not_held`: why a
  card is not in a zone, where it is or why the unseen cards there cannot be it;
* `has_manifestation`: True, False or None (not decided by the log) for "a manifestation in hand";
* `options`: the cards a choice among a zone's cards may name: the seen ones and every card
  its unseen ones can still be (a choice names a card, never an unseen one).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from rules_check.core.zones import UNSEEN, is_unseen, pile_of

from .board import manifestation_items
from .state import KState, name_of, not_in, owner_of, zone_name, zone_words


def piles(state: KState, zone: str) -> set[str]:
    return {pile_of(x) for x in state.zones.get(zone) if is_unseen(x)}


def can_be(state: KState, zone: str, it: str) -> int:
    """How many of ``zone``'s unseen cards can be ``it`` (at most its unseen count): the zone
    read once for both its unseen count and their piles (a hot path of a table log)."""
    hidden = [x for x in state.zones.get(zone) if x.startswith(UNSEEN)]  # (is_unseen, inline)
    if not hidden:
        return 0
    return min(len(hidden), _could_be(state, hidden, it))


def _could_be(state: KState, hidden: list[str], it: str) -> int:
    """How many cards ``it`` the piles of the unseen items ``hidden`` hold between them."""
    unknown = state.zones.unknown
    total = 0
    for x in set(hidden):  # one per pile (a hand's unseen cards are of one pile, or two)
        pool = unknown.get(pile_of(x))
        if pool is not None:
            total += pool.get(it, 0)  # (a Counter's 0 for a card it lacks, without its __missing__)
    return total


def can_hold(state: KState, zone: str, it: str) -> bool:
    """``zone`` holds ``it``, seen, or one of its unseen cards can be it."""
    return it in state.zones.get(zone) or can_be(state, zone, it) > 0


def why_cannot_hold(state: KState, zone: str, cards) -> str | None:
    """Why ``zone`` cannot hold all of ``cards`` (a multiset of items), or None. A zone with no
    unseen card: None (the engine's own message says where the card is instead)."""
    items = state.zones.get(zone)
    hidden = [x for x in items if x.startswith(UNSEEN)]
    u = len(hidden)
    if not u:
        return None
    need: dict[str, int] = {}  # (a few cards: counted without a Counter's own steps)
    for it in cards:
        need[it] = need.get(it, 0) + 1
    named = 0
    for it, k in sorted(need.items()):
        have = items.count(it)
        more = max(0, k - have)
        if more > min(u, _could_be(state, hidden, it)):  # (`can_be`, the zone read once)
            return _why(state, zone, it, k)
        named += more
    if named > u:
        return (f"{zone_name(zone)} cannot hold {', '.join(name_of(c) for c in sorted(cards))}: it holds "
                f"{len(items)} cards, {u} of them unseen")
    return None


def can_hold_all(state: KState, zone: str, cards) -> bool:
    """``zone`` holds all of ``cards`` (a multiset of items), seen or unseen: then `can_hold` of
    each, and `why_cannot_hold` of any of them, answer that it does (a check asks this first)."""
    items = state.zones.get(zone)
    if UNSEEN not in "".join(items):  # (no unseen card, asked in C)
        return all(items.count(it) >= cards.count(it) for it in cards)  # (a few cards: no Counter made)
    if items.count(items[0]) == len(items):  # every card unseen, of one pile (a table log's usual hand)
        # then each card is one the unseen cards can be, as many copies as the pile holds, and
        # there are enough unseen cards for all of them: `why_cannot_hold`'s two questions
        pool = state.zones.unknown.get(pile_of(items[0]))
        if len(cards) > len(items) or pool is None and cards:
            return False
        for it in cards:  # (a card or a few: a plain loop, no generator)
            if cards.count(it) > pool.get(it, 0):  # type: ignore[union-attr]
                return False
        return True
    return why_cannot_hold(state, zone, cards) is None


def _why(state: KState, zone: str, it: str, k: int) -> str:
    owner, name = owner_of(it), name_of(it)
    listed = sum(state.listed.get(p, Counter())[it] for p in piles(state, zone))
    if not listed:
        return f"{zone_name(zone)} cannot hold {name}: {owner}'s decklist has none"
    where = [z for z, xs in state.zones.zones.items() for x in xs if x == it and z != zone]
    copies = "a copy" if k == 1 else f"{k} copies"
    text = f"{zone_name(zone)} cannot hold {copies} of {name}: {owner}'s decklist has {listed}"
    if len(where) == 1:
        text += f", and it is {zone_words(where[0])}"
    elif where:
        places = sorted(set(where))
        text += f", and they are {' and '.join(zone_words(z) for z in places)}"
    return text


def has_manifestation(state: KState, zone: str) -> bool | None:
    """Whether ``zone`` holds a manifestation: True, False, or None when the log does not decide
    it (some order of the deck gives one, some none)."""
    items = state.zones.get(zone)
    u = sum(1 for x in items if x.startswith(UNSEEN))
    if u < len(items):
        cards = state._cards
        for x in items:  # (`is_unseen` and `is_manifestation`'s lookup, inline: a hand of seen cards is read whole)
            if not x.startswith(UNSEEN) and (cards.get(x) or state.card(x)).type == "manifestation":
                return True
    if not u:
        return False
    pool = state.zones.possible(zone)  # each card with its copies, counted without listing them
    kinds = manifestation_items(state)  # (`is_manifestation` of each card, read once per game)
    manifestations = sum(n for it, n in pool.items() if it in kinds)
    if not manifestations:
        return False
    if sum(pool.values()) - manifestations < u:
        return True  # not enough other cards to fill the hand
    return None


def options(state: KState, zone: str, keep: Callable[[str], bool] | None = None, once: bool = False) -> list[str]:
    """The cards a choice among ``zone``'s cards may name: its seen cards that ``keep`` allows
    (None: every card, none asked), and each card its unseen cards can be (as many copies as they
    can be; ``once``: each card once, in the order of its first copy, no copies listed)."""
    items = state.zones.get(zone)
    hidden = [x for x in items if x.startswith(UNSEEN)]
    out = [x for x in items if not is_unseen(x) and (keep is None or keep(x))] if len(hidden) < len(items) else []
    u = len(hidden)
    if u:
        pool = state.zones.possible(zone)
        for it in sorted(pool):
            if keep is None or keep(it):
                if once:
                    out.append(it)
                else:
                    out += [it] * min(u, pool[it])
    return list(dict.fromkeys(out)) if once else out


def is_manifestation_of(state: KState) -> Callable[[str], bool]:
    """`KState.is_manifestation` of this game's cards (a zone's, seen or that its unseen cards
    can be), for `options`: a set's own test (`manifestation_items`: each card read once per
    game), not a call of Python code for each card of a pile."""
    return manifestation_items(state).__contains__


def why_not_held(state: KState, it: str, src: str) -> str:
    """Why ``it`` is not in ``src``: where it is (reading K38), or why the unseen cards there cannot
    be it (reading K39)."""
    return why_cannot_hold(state, src, [it]) or not_in(state, it, src)
