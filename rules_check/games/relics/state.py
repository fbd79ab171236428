"""Where everything is in a game of relics, which side of each card is up, and where the turn
stands.

Every card is in exactly one zone (the core checks it after each entry).
The top of a pile is the END of its list:

    draw        the draw pile, day side up ("Setup")
    discard     the discard pile
    current     the current location (one card)
    decision    the decision path (two cards, one column)
    future.1    the future path's left column (the next decision path)
    future.2    the future path's rightmost column (where "Look ahead" deals)
    hand        the hand (at most three cards, "Turn Sequence" 1b)
    table       the relic halves collected ("place it on the table in front of you")
    tracker     the energy tracker card ("Place the energy tracker card to one side")

Beside the zones: ``face`` (the side of each location card that is up: it decides the number,
the corners, the banner and the ability that count, ruling R2), the energy on the tracker and
the effects of abilities waiting for the next challenge (``counters``), and where the turn
stands (``phase``, ``pending``, ``to_deal``, ``travels``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.games.relics import models as tables
from rules_check.core.engine import BaseState

from .cards import DAY, NIGHT, CardData, Pending

DRAW = "draw"
DISCARD = "discard"
CURRENT = "current"
DECISION = "decision"
FUTURE_1 = "future.1"
FUTURE_2 = "future.2"
HAND = "hand"
TABLE = "table"
TRACKER = "tracker"
ZONES = (DRAW, DISCARD, CURRENT, DECISION, FUTURE_1, FUTURE_2, HAND, TABLE, TRACKER)
PATH_COLUMNS = (DECISION, FUTURE_1, FUTURE_2)  # the columns "Look ahead" slides left
COLUMN_SIZE = tables.FUTURE_PATH_SIZE // 2  # "Deal four cards into two columns"

# Where a turn stands ("Turn Sequence"): choose where to travel (1); discard down to the hand
# limit (1b); pay the challenge (2); reshuffle the discard pile to finish dealing (3); over.
DECIDE = "decide"
HAND_LIMIT = "hand limit"
CHALLENGE = "challenge"
LOOK_AHEAD = "look ahead"
OVER = "over"

DIFFICULTIES = {"normal": tables.START_ENERGY, "hard": tables.HARD_START_ENERGY}


def energy(colour: str) -> str:
    """The counter of one energy colour on the tracker."""
    return f"energy.{colour}"


ENERGY = tuple(energy(c) for c in tables.ENERGY_COLOURS)
ENERGY_PAIRS = tuple(zip(tables.ENERGY_COLOURS, ENERGY))  # (colour, its counter), in tracker order, built once
_ENERGY_OF = dict(ENERGY_PAIRS)
ENERGY_OF = _ENERGY_OF  # colour -> its counter (`energy`, without building the name each time)
# the three colours and their counters by name ("Setup": red, blue and green energy): `energies`
# builds its dict from them as a literal, several times faster than from ``zip`` (it is asked at
# every travel, payment and step of a search)
(_COLOUR_1, _ENERGY_1), (_COLOUR_2, _ENERGY_2), (_COLOUR_3, _ENERGY_3) = ENERGY_PAIRS

# What an ability can leave waiting for the next challenge (ruling R10), as counters:
DISCOUNT = "discount"  # "Your next challenge costs N less"
COLOUR_DISCOUNT = {c: f"discount.{c}" for c in tables.CHALLENGE_COLOURS}  # "Your next {c} challenge ..."
AS_BLACK = "as_black"  # "Pay your next challenge with any colours, as if it were {black}"
IGNORE = "ignore"  # "Ignore the challenge of your next destination"
MODIFIERS = (DISCOUNT, *COLOUR_DISCOUNT.values(), AS_BLACK, IGNORE)
COUNTERS = ENERGY + MODIFIERS


@dataclass
class RelicsState(BaseState):
    cards: CardData | None = None
    difficulty: str = "normal"
    face: dict[str, str] = field(default_factory=dict)  # location card -> "day" | "night"
    phase: str = DECIDE
    pending: Pending | None = None  # the challenge of the travel under way
    to_deal: int = 0  # cards "Look ahead" still has to deal into future.2
    travels: int = 0  # travels completed (the day/night cycle counts them, ruling R3)
    won: bool = False  # all three relics collected ("Goal")
    ended: bool = False  # the player could no longer pay ("Goal")
    reshuffles: int = 0
    complete: frozenset[str] = frozenset()  # colours of the complete relics (kept by turn.travel)
    # a table log (ruling R12): what the last entry left undecided, for Engine.undecided; the
    # challenge of a travel accepted because SOME order of the draw pile lets it be paid (R13)
    notes: list[tuple[str, str]] = field(default_factory=list)
    waiting: str | None = None
    waiting_from: "RelicsState | None" = None  # the table right after that travel (never changed)
    waiting_drawn: tuple[str, ...] = ()  # the cards drawn since, top first as they came off
    # an ability's check ran its effect on a copy: (the action, the `snapshot` of the table it was tried on,
    # the copy after it), for the apply to take over instead of running it again (``rules``)
    trial: "tuple[object, tuple, RelicsState] | None" = field(default=None, repr=False, compare=False)

    @property
    def data(self) -> CardData:
        assert self.cards is not None
        return self.cards

    def side(self, card: str) -> tables.LocationSide:
        """The side of ``card`` that is up (ruling R2)."""
        return self.cards.sides[card][self.face[card]]  # type: ignore[union-attr]

    def effect(self, card: str):  # -> pnp.effects.script.Ability | None
        """The effect of ``card``'s side that is up (its script's), None for a side without one."""
        return self.cards.effects[card][self.face[card]]  # type: ignore[union-attr]

    def verbs(self, card: str) -> frozenset[str]:
        """The verbs of every step of that effect (none without one)."""
        return self.cards.verbs[card][self.face[card]]  # type: ignore[union-attr]

    def current(self) -> str:
        return self.zones[CURRENT][0]

    def hand(self) -> list[str]:
        return self.zones[HAND]

    def energy_of(self, colour: str) -> int:
        return self.counters[_ENERGY_OF[colour]]

    def energies(self) -> dict[str, int]:
        """Colour -> energy on the tracker, in the tracker's order."""
        counters = self.counters
        return {_COLOUR_1: counters[_ENERGY_1], _COLOUR_2: counters[_ENERGY_2], _COLOUR_3: counters[_ENERGY_3]}

    def copy(self) -> "RelicsState":
        """A copy to try actions on (the card data is shared: it never changes). Made without
        the dataclass's ``__init__`` (every field named, the defaults looked up: the searches copy
        a state at every step), each field set in the order ``__init__`` sets it, so that the copy
        keeps the compact layout of the attributes that makes reading them fast."""
        new = _new(RelicsState)
        new.players = list(self.players)
        new.zones = self.zones.copy()
        new.counters = dict(self.counters)
        new.cards = self.cards
        new.difficulty = self.difficulty
        new.face = dict(self.face)
        new.phase = self.phase
        new.pending = self.pending
        new.to_deal = self.to_deal
        new.travels = self.travels
        new.won = self.won
        new.ended = self.ended
        new.reshuffles = self.reshuffles
        new.complete = self.complete
        new.notes = []
        new.waiting = self.waiting
        new.waiting_from = self.waiting_from
        new.waiting_drawn = self.waiting_drawn
        new.trial = None
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that can change in a game, copied: `is_as` tells whether the state is
        still that table (an apply asks it before taking over the copy its check ran an
        ability's effect on). The zones, counters, sides and unseen piles are copied once here
        and compared in C there, not built again as values. Each zone's and each pile's name
        is kept in order beside them, so the copies are lists made and compared in C (a
        ``map``, no comprehension): a table whose zones came in another order is told apart,
        which only sends the apply to run the effect again (the same outcome, never a wrong one)."""
        zones = self.zones
        piles, unknown = zones.zones, zones.unknown
        return (self._fields(), tuple(piles), list(map(list.copy, piles.values())), dict(self.counters),
                dict(self.face), tuple(unknown), list(map(dict, unknown.values())), len(zones.swaps))

    def is_as(self, snapshot: tuple[Any, ...]) -> bool:
        """Whether the state holds what ``snapshot`` (a `snapshot` of it) copied: the same
        zones in the same order with the same cards in each, in order; the same counters and
        sides (as tables: a dict's key order is not part of one); the same unseen piles, each
        with the same counts (compared as plain dicts: a card a pile holds none of more is still
        listed); the same other fields."""
        fields, names, piles, counters, face, pile_names, pools, swaps = snapshot
        zones = self.zones
        now, unknown = zones.zones, zones.unknown
        return bool(list(now.values()) == piles and tuple(now) == names and self.counters == counters
                    and self.face == face and len(zones.swaps) == swaps and self._fields() == fields
                    and tuple(unknown) == pile_names and all(map(dict.__eq__, unknown.values(), pools)))

    def _fields(self) -> tuple[Any, ...]:
        """The fields beside the zones, counters and sides that can change in a game."""
        return (self.phase, self.pending, self.to_deal, self.travels, self.won, self.ended, self.reshuffles,
                self.complete, self.waiting, self.waiting_from, self.waiting_drawn)

    def zone_of(self, card: str) -> str | None:
        for name, items in self.zones.zones.items():
            if card in items:
                return name
        return None


_new = object.__new__




SETUP_DEALT = 1 + tables.DECISION_PATH_SIZE + 2 * COLUMN_SIZE + tables.START_HAND  # "Setup" deals 9


def layout(cards: CardData, players: list[str], difficulty: str) -> RelicsState:
    """The table before "Setup" deals: every zone empty, the tracker to one side, the energy
    cubes on 3 (2 in a hard game)."""
    state = RelicsState(players=list(players), cards=cards, difficulty=difficulty)
    piles = state.zones.zones
    for name in ZONES:
        piles.setdefault(name, [])  # (what ``zones[name]`` does for a zone not there, without its KeyError)
    state.zones.put(cards.tracker, TRACKER)
    start = DIFFICULTIES[difficulty]
    state.counters = {name: 0 for name in COUNTERS}
    for name in ENERGY:
        state.counters[name] = start
    return state


def new_layout(cards: CardData, players: list[str], difficulty: str, order: list[str]) -> RelicsState:
    """The table after "Setup", dealing ``order`` (the shuffled location cards, top first)."""
    state = layout(cards, players, difficulty)
    state.zones[DRAW].extend(reversed(order))  # the first card listed is the top
    state.face = {card: DAY for card in order}
    deal_setup(state)
    return state


def deal_setup(state: RelicsState) -> None:
    """"Setup" deals from the top of the draw pile: the current location, the decision path,
    the future path (first column day side up, the second night side up), the two starting
    cards; the rest stays as the draw pile (ruling R1)."""
    zones = state.zones
    draw = zones[DRAW]

    def deal(zone: str, n: int, face: str = DAY) -> None:
        for _ in range(n):
            card = draw.pop()
            zones.put(card, zone)
            state.face[card] = face

    deal(CURRENT, 1)
    deal(DECISION, tables.DECISION_PATH_SIZE, DAY)  # "Deal two cards day-side-up"
    deal(FUTURE_1, COLUMN_SIZE, DAY)  # "deal the first column day-side-up
    deal(FUTURE_2, COLUMN_SIZE, NIGHT)  # and the second column night-side up"
    deal(HAND, tables.START_HAND)
