"""Unseen cards in a So Long, My World log written at the table (readings SL39-SL43).

A table log gives no deck's order (rules_check/core/zones.py): the setup then leaves out
``events``, ``remnant_deck``, ``gestalt_deck``, ``catalysts``, ``dealt`` and ``picks``, and
each pile is unseen cards whose multiset is what the box holds for it:

    event deck      every Event card of the box (the 11, or 9, and the Reboot are chosen at
                    random, face down: "3. Prepare the Event Deck"); the others are unseen in the box
    remnant deck    the Remnant cards less the starting cards; each hand's 3 dealt cards are unseen
                    cards of it (the draft is done face down)
    gestalt deck    every Gestalt card (2 x players chosen at random); the others unseen in the box
    catalysts       the Karma Catalysts (the variant)

`hide_pile` sets such a pile up. A card becomes seen where the log names it: an event drawn, a
card played or discarded, a `show` entry. The questions the rules ask of a hand become "is or could be":

* `can_hold`: the zone holds the card, seen, or one of its unseen cards can be it;
* `cannot_hold`: why a zone cannot hold a card, in the rulebook's words, or None;
* `options`: the cards a choice among a zone's cards may name: its seen cards, and every card
  its unseen cards can still be (a choice names a card, never an unseen one);
* `event_deck_allows`: whether an event named from the deck fits "11 events and 1 Reboot"
  with the events already seen in it (the deck's cards are the same all game: reading SL40).
"""

from __future__ import annotations

from collections import Counter

from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import CONSERVATION, UNSEEN, is_unseen, pile_of, unseen, unseen_count

from .state import BOX, EVENT_DECK, SoLongState

RULE_EVENT_DECK = "So Long, My World: Setting Up the Game, 3. Prepare the Event Deck"


def hide_pile(state: SoLongState, pile: str, cards: list[str], count: int, into: str = BOX) -> None:
    """A pile chosen or shuffled face down (a table log, reading SL39): ``cards`` are what its unseen
    cards can be, put ``into`` a zone (the box: what the game does not use), and ``count`` of
    them go to the deck ``pile``."""
    z = state.zones
    z.hide(into, pile, cards)
    if into != pile:
        deal_unseen(state, unseen(pile), into, pile, count)


def deal_unseen(state: SoLongState, item: str, src: str, dst: str, count: int) -> None:
    """``count`` of the unseen ``item`` from ``src`` onto ``dst``: what ``count`` calls of
    `Zones.move` do. When the top ``count`` items of ``src`` are that item (a deck dealt face
    down; the cards `hide_pile` has just put on the box), each call takes the top one: they
    are moved in one step. Otherwise one at a time, as the moves would (one that is not there
    says so)."""
    if count <= 0:
        return
    z = state.zones
    items = z[src]
    cut = len(items) - count
    top = items[cut:] if cut >= 0 else []
    if top.count(item) != count:
        for _ in range(count):
            z.move(item, src, dst)
        return
    del items[cut:]
    z[dst].extend(top)


def can_be(state: SoLongState, zone: str, card: str) -> int:
    """How many of ``zone``'s unseen cards can be ``card`` (at most its unseen count)."""
    items = state.zones.get(zone)
    u = unseen_count(items)
    if not u:
        return 0
    piles = {pile_of(x) for x in items if is_unseen(x)}
    return min(u, sum(state.zones.unknown.get(p, Counter())[card] for p in piles))


def can_hold(state: SoLongState, zone: str, card: str) -> bool:
    """``zone`` holds ``card``, seen, or one of its unseen cards can be it."""
    return card in state.zones.get(zone) or can_be(state, zone, card) > 0


def cannot_hold(state: SoLongState, zone: str, card: str, words: str, k: int = 1) -> str | None:
    """Why ``zone`` (``words``: "Ana's hand") cannot hold ``k`` copies of ``card``, or None when it
    can. None too for a zone with no unseen card (the engine's own message: it is not there)."""
    items = state.zones.get(zone)
    u = unseen_count(items)
    if not u or items.count(card) + can_be(state, zone, card) >= k:
        return None
    piles = sorted({pile_of(x) for x in items if is_unseen(x)})
    copies = f"{k} copies of {card}" if k > 1 else card
    in_box = state.data.cards[card].copies if card in state.data.cards else 1
    where = sorted({z for z, xs in state.zones.zones.items() if card in xs and z != zone})
    if not any(card in state.zones.unknown.get(p, ()) for p in piles):  # the pile never held one
        return (f"{words} cannot hold {copies}: its {u} unseen cards are of the {' and the '.join(piles)}, "
                f"which holds no {card}")
    text = f"{words} cannot hold {copies}: the box has {in_box}"
    if where:
        text += f", and {card} is seen in {' and '.join(zone_words(z) for z in where)}"
    return text


def zone_words(zone: str) -> str:
    """A zone in the rulebook's words: "Ana's hand", "the discard"."""
    kind, _, owner = zone.partition(":")
    if owner and kind in ("hand", "field", "stock"):
        return f"{owner}'s {kind}"
    return f"the {zone}"


def options(state: SoLongState, zone: str) -> list[str]:
    """The cards a choice among ``zone``'s cards may name, each name once: the seen ones and every
    card its unseen ones can be."""
    items = state.zones.get(zone)
    cards = state.data.cards
    out = {x for x in items if x in cards}  # (an unseen item is no card's name: it starts with a control character)
    # what `Zones.possible` counts, read from each pile's counts as they stand (no Counter summed:
    # this is asked whenever a script offers a card of a hand)
    for pile in {pile_of(x) for x in items if x.startswith(UNSEEN)}:
        pool = state.zones.unknown.get(pile)
        if pool:
            out.update([c for c, n in pool.items() if n > 0 and c in cards])  # (one pass over the pile)
    return sorted(out)


def has_options(state: SoLongState, zone: str) -> bool:
    """Whether `options` names any card (``zone`` holds a card, seen, or an unseen one that can
    be one), found without listing them: the first one found answers."""
    items = state.zones.get(zone)
    cards = state.data.cards
    unknown = state.zones.unknown
    for x in items:
        if x in cards:
            return True
        if x.startswith(UNSEEN):
            pool = unknown.get(pile_of(x))
            if pool and any(n > 0 and c in cards for c, n in pool.items()):
                return True
    return False


def name_top(state: SoLongState, zone: str, card: str, depth: int, rule: str) -> int:
    """``card`` is one of the top ``depth`` cards of ``zone`` (a deck): its index, named there if it
    was unseen (the topmost unseen card of those that can be it)."""
    items = state.zones[zone]
    low = max(0, len(items) - depth)
    for i in range(len(items) - 1, low - 1, -1):
        if items[i] == card:
            return i
    for i in range(len(items) - 1, low - 1, -1):
        if is_unseen(items[i]) and state.zones.could_be(items[i], card):
            return state.zones.name(zone, card, index=i, rule=rule)
    if any(is_unseen(x) for x in items[low:]):
        raise IllegalAction(CONSERVATION, state.zones.why_not(zone, card))
    raise IllegalAction(rule, f"{shown(card)} is not among the top {depth} cards of the {zone}")


def event_deck_allows(state: SoLongState, name: str, events: int) -> None:
    """"Randomly select 11 event cards (2-4 players) or 9 event cards (5 players) and shuffle them
    with a randomly chosen Reboot card": an event first seen in the deck is one of them; a second
    Reboot, or one event more than ``events``, is not (reading SL40). Only a deck given without its
    cards asks (a setup that lists them fixes which they are)."""
    if not state.zones.unknown.get(EVENT_DECK):
        return
    members = state.deck_events
    if name in members:
        return
    reboot = state.data.events[name].reboot
    if not reboot and len(members) < events:  # fewer seen than the deck's events: one more fits (none listed)
        return
    other = sorted(e for e in members if state.data.events[e].reboot == reboot)
    if reboot and other:
        raise IllegalAction(RULE_EVENT_DECK, f"the event deck holds 1 Reboot card, and {other[0]} was drawn from it: "
                                             f"{name} is not in it")
    if not reboot and len(other) >= events:
        raise IllegalAction(RULE_EVENT_DECK, f"the event deck holds {events} events and a Reboot; {len(other)} "
                                             f"events were drawn from it already ({', '.join(other)}): {name} is not "
                                             f"one of them")


def where_seen(state: SoLongState, card: str, none: str) -> str:
    """Where ``card`` is seen (the zones), for a message; else ``none`` and the card."""
    where = sorted({z for z, xs in state.zones.zones.items() if card in xs})
    return f"{card} is seen in {' and '.join(zone_words(z) for z in where)}" if where else f"{none} {card}"
