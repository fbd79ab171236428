"""Unseen cards in a Visions log written at the table (readings V18-V22).

A table log gives no draw pile order and, unless a player wrote theirs, no hands (reading V18):
the draw pile, the box and the hands then hold *unseen* cards of the pile ``cards``
(rules_check/core/zones.py), whose multiset is the 75 cards of "Components" less every card
seen. A card becomes seen where the log names it: played face up from a hand, taken from the
river, turned up from the draw pile to the river (``revealed:``), stolen and written, shown.

A card that leaves a hand unseen (a nightmare played face down, a card stolen at random) may
be any card of that hand, seen or not (reading V20): the hand's cards are hidden again first
(`hide_hand`), and the card that left is one of them. Every unseen card is of the one pile, so
any unseen card of a zone can be named alike. So every question the rules ask of a hand becomes "is or could be":

* `cannot_hold`: why a zone cannot hold some cards, in the rulebook's words ("Ana's hand cannot
  hold Time in the Icy Birches: the game has 3, and they are seen: 2 in the river, 1 in Ben's
  first Dream"), or None;
* `take`, `name`: a card named where unseen ones are, as `cannot_hold` allows, or a violation;
* `can_dream`: True, False or None (not decided by the log) for "a card of the hand can start
  or continue a dream" (the skip, ruling V8, and an echo's extra play, V17; reading V21).
"""

from __future__ import annotations

from collections import Counter

from pnp.games.visions.models import MAX_DREAMS
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import UNSEEN, is_unseen, pile_of, seen, unseen_count

from .dreams import can_fit
from .state import BOX, DECK, RIVER, VisionsState

PILE = "cards"  # the unseen cards of the box: the 75 less every card seen (reading V18)
COMPONENTS = "Visions: Components"
DREAM_WORDS = {1: "first Dream", 2: "second Dream"}


def words(zone: str) -> str:
    """A zone in the rulebook's words: "Ana's hand", "Ben's first Dream", "the river"."""
    if zone == RIVER:
        return "the river"
    if zone == DECK:
        return "the draw pile"
    if zone == BOX:
        return "the box"
    kind, _, rest = zone.partition(":")
    if kind == "hand":
        return f"{rest}'s hand"
    player, _, d = rest.rpartition(":")
    return f"{player}'s {DREAM_WORDS.get(int(d), f'dream {d}')}"


def piles(state: VisionsState, zone: str) -> set[str]:
    return {pile_of(x) for x in state.zones.get(zone) if is_unseen(x)}


def how_many_can_be(state: VisionsState, zone: str, card: str) -> int:
    """How many of ``zone``'s unseen cards can be ``card`` (at most its unseen count)."""
    items = state.zones.get(zone)
    u = unseen_count(items)
    if not u:
        return 0
    return min(u, sum(state.zones.unknown.get(p, Counter())[card] for p in piles(state, zone)))


def _listed(items) -> str:
    shown = seen(items)
    u = unseen_count(items)
    parts = list(shown) + ([f"{u} unseen"] if u else [])
    return ", ".join(parts) if parts else "none"


def cannot_hold(state: VisionsState, zone: str, cards) -> tuple[str, str] | None:
    """(rule kind, message) saying why ``zone`` cannot hold all of ``cards`` (a multiset of
    names), or None. The kind is ``"copies"`` when the game has no copy left for it (every one
    is seen elsewhere: "Components"), ``"zone"`` when the zone cannot hold it (it is not there,
    and its unseen cards cannot be it)."""
    items = state.zones.get(zone)
    u = unseen_count(items)
    need = Counter(cards)
    named = 0
    for card, k in sorted(need.items()):
        have = items.count(card)
        more = max(0, k - have)
        if more > how_many_can_be(state, zone, card):
            return _why(state, zone, card, k, more)
        named += more
    if named > u:
        shown = ", ".join(sorted(need.elements()))
        return "zone", f"{words(zone)} cannot hold {shown}: it holds {len(items)} cards ({_listed(items)})"
    return None


def _why(state: VisionsState, zone: str, card: str, k: int, more: int) -> tuple[str, str]:
    items = state.zones.get(zone)
    if not unseen_count(items):
        return "zone", f"{shown(card)} is not in {words(zone)} ({_listed(items)})"
    copies = state.cards.copies.get(card, 0)
    where = Counter(z for z, xs in state.zones.zones.items() for x in xs if x == card and z != zone)
    what = card if k == 1 else f"{k} copies of {card}"
    if sum(where.values()) + k > copies:
        places = ", ".join(f"{n} in {words(z)}" for z, n in sorted(where.items()))
        return "copies", (f"{words(zone)} cannot hold {what}: the game has {copies}, and "
                          f"{'it is' if sum(where.values()) == 1 else 'they are'} seen: {places}")
    return "zone", f"{words(zone)} cannot hold {what}: its {unseen_count(items)} unseen cards cannot be it"


def unseen_that_can_be(state: VisionsState, items: list[str], card: str) -> int | None:
    """The index of the topmost unseen card of ``items`` (a zone's) that can be ``card``, the
    one `Zones.name` names, or None: a zone holds one card more than it shows when this is not
    None (what `cannot_hold` answers for one card, without its counts: it runs for every card
    a table log names in a hand or the river)."""
    unknown = state.zones.unknown
    for i in range(len(items) - 1, -1, -1):
        item = items[i]
        if item.startswith(UNSEEN):
            pool = unknown.get(item[1:])
            if pool is not None and pool.get(card, 0) > 0:
                return i
    return None


def check_holds(state: VisionsState, zone: str, cards, rule: str) -> None:
    """Raise `IllegalAction` unless ``zone`` is or could be holding ``cards``: "Components"
    when no copy is left for one of them, else ``rule``."""
    why = cannot_hold(state, zone, cards)
    if why is not None:
        kind, message = why
        raise IllegalAction(COMPONENTS if kind == "copies" else rule, message)


def name(state: VisionsState, zone: str, card: str, rule: str, index: int | None = None) -> int:
    """``card`` is seen in ``zone`` (at ``index``: the top of the draw pile turned up), as
    `check_holds` allows; its index there."""
    items = state.zones[zone]
    if index is not None:
        item = items[index]
        if not is_unseen(item):
            if item != card:
                raise IllegalAction(rule, f"the top card of {words(zone)} is {shown(item)}, not {shown(card)}")
            return index
        if not state.zones.could_be(item, card):
            check_holds(state, zone, [card], rule)  # the reason in words; else the core's
        return state.zones.name(zone, card, index=index, rule=rule)
    if card not in items:
        at = unseen_that_can_be(state, items, card)
        if at is not None:
            return state.zones.name(zone, card, index=at, rule=rule)
        check_holds(state, zone, [card], rule)  # raises, saying why
    return state.zones.name(zone, card, rule=rule)


def name_unseen(state: VisionsState, zone: str, card: str, rule: str) -> None:
    """One more ``card`` seen in ``zone``: an unseen card of it named (a hand shown)."""
    items = state.zones[zone]
    for i in range(len(items) - 1, -1, -1):
        if is_unseen(items[i]) and state.zones.could_be(items[i], card):
            state.zones.name(zone, card, index=i, rule=rule)
            return
    check_holds(state, zone, [card] * (items.count(card) + 1), rule)
    raise IllegalAction(rule, f"{words(zone)} cannot hold one more {shown(card)}")  # check_holds says why first


def take(state: VisionsState, zone: str, card: str, rule: str) -> None:
    """Remove one ``card`` from ``zone``: a seen one, else an unseen one named (`name`)."""
    items = state.zones[zone]
    if card not in items:
        if not unseen_count(items):
            raise IllegalAction(rule, f"{shown(card)} is not in {words(zone)} ({_listed(items)})")
        del items[name(state, zone, card, rule)]  # the only one there (what Zones.take would find)
        return
    state.zones.take(card, zone, rule)


def hide_hand(state: VisionsState, zone: str) -> None:
    """A card leaves ``zone`` (a hand) unseen: every card of it becomes an unseen card of the
    pile ``cards`` (reading V20), since any of them may be the one that left. The seen ones go
    back to what the unseen cards of the game can be: a looser bound, never a wrong one (one
    pile for every unseen card, so that any unseen card of a zone can be named alike)."""
    if state.zones.get(zone):
        state.zones.conceal(zone, PILE)


def take_unseen(state: VisionsState, zone: str) -> str:
    """An unseen card taken from the top of ``zone`` (a hand just hidden): its item."""
    items = state.zones[zone]
    for i in range(len(items) - 1, -1, -1):
        if is_unseen(items[i]):
            return items.pop(i)
    raise IllegalAction(COMPONENTS, f"{words(zone)} holds no unseen card")  # hide_hand came first: never


def can_dream(state: VisionsState, player: str) -> bool | None:
    """Whether a card of ``player``'s hand can start or continue a dream: True, False, or None
    when the log does not decide it (some cards the hand's unseen ones can be would, some would
    not: reading V21)."""
    hand = state.hand(player)
    if not hand:
        return False
    if state.dreams[player] < MAX_DREAMS:
        return True
    if any(can_fit(state, player, c) for c in hand if not is_unseen(c)):
        return True
    u = unseen_count(hand)
    if not u:
        return False
    pool = state.zones.possible(state.hand_zones[player])
    fitting = sum(n for c, n in pool.items() if n > 0 and can_fit(state, player, c))
    if not fitting:
        return False
    if sum(pool.values()) - fitting < u:
        return True  # not enough other cards to fill the hand
    return None


def other_cards(state: VisionsState, player: str) -> int:
    """How many of the cards ``player``'s unseen cards can be fit no dream of theirs."""
    pool = state.zones.possible(state.hand_zones[player])
    return sum(n for c, n in pool.items() if n > 0 and not can_fit(state, player, c))
