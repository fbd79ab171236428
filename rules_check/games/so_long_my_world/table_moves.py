"""The moves of a So Long, My World table state (issue 25; readings SL39-SL41): what the recording
page offers after each entry of a game played with the real cards.

A table state holds unseen cards (seen.py): the event deck, the Remnant and Gestalt decks, the
hands. A move that names a card where an unseen one stands is offered once for each card the
unseen one can still be (`Zones.unknown`, less what is seen elsewhere), never as the unseen item:

* the event drawn: every event the deck's unseen top can be that fits "11 events (9 with 5
  players) and 1 Reboot" with those already drawn from it (`event_names`, reading SL40);
* the reshuffle: ``reshuffle: shuffled``, no order (SL39; the table does not know it);
* a card discarded "at random" (Stack Overflow's kin): each card the hand can hold, as the table
  sees it come out (rules.responses);
* the table-only `show` entries a scorekeeper writes where the rules need a card's face (SL41):
  a card turned face up by the rules (a Karma Catalyst under a Gestalt Vision: only its shows are
  offered until it is named, `turned_up`), and the Gestalt cards an Observation turns up, one at
  a time, top first (`next_card_shows`; a show of several cards at once is these one after the
  other), and the top cards an effect looks at (The Last Photograph, Clocktower Library: `Looks`),
  offered in place of that effect until they are shown.

A card drawn unseen stays unseen: a draw names nothing. A full-information state (every pile's
order in the setup) has no unseen card: none of this applies and its moves are as before.
"""

from __future__ import annotations

from typing import Iterator

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen, pile_of

from . import seen
from .actions import Show
from .verbs import ShowFirst
from .state import EVENT_DECK, SoLongState, catalyst_zone

CATALYST_ZONE = catalyst_zone("")  # the zone under a Gestalt Vision: its prefix


def is_table(state: SoLongState) -> bool:
    """Whether ``state`` is a table state: some pile's cards are unseen."""
    return bool(state.zones.unknown)


def could_be(state: SoLongState, item: str) -> list[str]:
    """The cards the unseen ``item`` can still be, each once, sorted."""
    pile = state.zones.unknown.get(pile_of(item), {})
    return sorted(c for c, n in pile.items() if n > 0)


def event_names(state: SoLongState) -> list[str]:
    """The events the unseen top of the event deck can be (reading SL40)."""
    top = state.zones[EVENT_DECK][-1]
    out = []
    for name in could_be(state, top):
        if name not in state.data.events:
            continue
        try:
            seen.event_deck_allows(state, name, state.deck_size)
        except IllegalAction:
            continue
        out.append(name)
    return out


def with_top(state: SoLongState, zone: str, name: str) -> SoLongState:
    """A copy of ``state`` whose unseen top card of ``zone`` is named ``name`` (what a move that
    names it would see: its effect's choices are those of that card)."""
    trial = state.copy()
    trial.zones.name(zone, name, index=len(trial.zones[zone]) - 1)
    return trial


def turned_up(state: SoLongState) -> list[Show]:
    """A card the rules turned face up while unseen (a Karma Catalyst put under a Gestalt Vision,
    "Variants, Karma Catalysts"): a show of each card it can be (reading SL41)."""
    out: list[Show] = []
    for zone, items in state.zones.zones.items():
        if not zone.startswith(CATALYST_ZONE):
            continue
        for item in items:
            if is_unseen(item):
                named = [x for x in items if not is_unseen(x)]
                out += [Show(((zone, tuple(named + [c])),)) for c in could_be(state, item)]
                return out
    return out


def next_card_shows(state: SoLongState, deck: str) -> Iterator[Show]:
    """Shows of ``deck``'s top cards, top first: those already named, then each card the first
    unseen one can be (one card more than the table has seen)."""
    items = state.zones[deck]
    named: list[str] = []
    for item in reversed(items):
        if is_unseen(item):
            for card in could_be(state, item):
                yield Show(((deck, tuple(named + [card])),))
            return
        named.append(item)


class Looks:
    """The decks whose unseen top cards an effect offered as a move looks at (verbs.ShowFirst):
    ``answers(fn, ...)`` is ``fn``'s answer sets, or none while the cards are not shown;
    ``shows()`` then offers the next card of each such deck (reading SL41)."""

    def __init__(self, state: SoLongState) -> None:
        self.state = state
        self.zones: list[str] = []

    def answers(self, fn, *args, **kwargs) -> list:
        try:
            return fn(*args, **kwargs)
        except ShowFirst as e:
            if e.zone not in self.zones:
                self.zones.append(e.zone)
            return []
        except IllegalAction:
            if not is_table(self.state):
                raise
            return []  # at the table: a move whose choices the cards named so far rule out is not offered

    def shows(self) -> Iterator[Show]:
        for zone in self.zones:
            yield from next_card_shows(self.state, zone)
