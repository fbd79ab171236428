"""Where everything is in a game of Kartomantik, and where the turn stands.

Every card is one item named ``OWNER/Card Name`` (both players may own a card of the same
name, and the owner never changes, rulebook 3.2 "Owner and Controller"). Zones (1.3), the top
of a pile at the END of its list:

    deck:P        P's deck, face down          hand:P       P's hand
    limbo:P       P's Limbo                    interzone:P  P's Interzone (3 spaces)
    vessel:P      P's Empathic Vessel          exile:P      P's Exile
    field:P       P's played Persistent Wills (the rest of the Cartomantic Field)
    confrontation the Confrontation Zone, in the order the manifestations entered
    stalemate     the Stalemate Zone           stack        cards on the Stack (2.3)

Beside the zones: the Stack's items (a card, an activated or triggered effect, a copy), the
triggered effects waiting to be put on it (3.1), an ability under way that waits for a
player's choice, who has priority (2.2), the excess essence (2.1), and the modifiers (3.2):
``power.ITEM`` (permanent power), ``turn.ITEM`` (power until the end of the turn),
``points.P`` (points gained or lost from effects, 4.4.2), and the turn-long changes of
temperament, control and effects.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from pnp.games.kartomantik.models import PoolCard
from pnp.effects.language import Ability
from rules_check.core.engine import BaseState
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import UNSEEN, is_unseen, pile_of
from rules_check.core.ops import Op
from rules_check.effects.machine import Frame
from rules_check.pool import Pool

HAND_LIMIT = 7  # 1.4, 4.2.1: "until they reach the hand limit of 7 cards"
INTERZONE_SPACES = 3  # 1.3.5: "up to 3 of their Manifestations"
VOLUNTARY_MULLIGAN_COST = 10  # 4.2.1 The Mulligan: "In that case, lose 10 points." (ruling K5)
DECK_BONUS = 5  # 4.4.2: "5 bonus Points for each Manifestation card remaining" in the deck
MAX_COMPULSORY_MULLIGANS = 2  # 4.4.1: "after their second consecutive Mulligan"

CONFRONTATION = "confrontation"
STALEMATE = "stalemate"
STACK = "stack"
OWN_ZONES = ("deck", "hand", "limbo", "interzone", "vessel", "exile", "field")
SHARED_ZONES = (CONFRONTATION, STALEMATE, STACK)

# Phases (4.2): recovery (draws, mulligans, then the Revelation), the Reaction of the
# Confrontation, the Resolution window ("Players can play Wills ... before cards are moved"),
# the winner placing their own manifestations, the End Phase, the hand limit at the end of
# the turn, over.
RECOVERY = "recovery"
REACTION = "reaction"
RESOLUTION = "resolution"
PLACE = "place"
END = "end"
HAND_LIMIT_PHASE = "hand limit"
OVER = "over"


# each item's owner (``Ana/Oppress`` -> ``Ana``), asked of every card again and again: the same
# string each time (its hash kept, compared by identity), not a new one cut; bounded (emptied when full)
_OWNERS: dict[str, str] = {}
_MAX_OWNERS = 4096


def _owner(it: str) -> str:
    """The owner of the item ``it`` (a ValueError without a "/"), kept in `_OWNERS`."""
    owner = it[:it.index("/")]
    if len(_OWNERS) >= _MAX_OWNERS:
        _OWNERS.clear()
    _OWNERS[it] = owner
    return owner


def zone(kind: str, player: str) -> str:
    return f"{kind}:{player}"


def item(owner: str, name: str) -> str:
    return f"{owner}/{name}"


def owner_of(it: str) -> str:
    """The owner of ``OWNER/Name``; of an unseen card (``unseen("deck:Ana")``, reading K39), its pile's."""
    if it.startswith(UNSEEN):  # (`is_unseen`, inline: a hot path)
        return pile_of(it).partition(":")[2]
    owner = _OWNERS.get(it)
    if owner is not None:
        return owner
    return _owner(it) if "/" in it else it


def name_of(it: str) -> str:
    return it.split("/", 1)[1]


@dataclass
class StackItem:
    """One action on the Stack (2.3): a card played (``is_card``: the card itself is on the
    ``stack`` zone), or an effect (activated, triggered, a copy) whose card stays where it is."""

    card: str  # the card played, or the card whose effect it is
    controller: str
    ability: Ability | None  # the script's ability it runs; None: a Support manifestation, or no script
    is_card: bool = False
    targets: tuple[str, ...] = ()
    bindings: dict[str, Any] = field(default_factory=dict)  # the trigger's subject ("entering", "chained")
    origin: str = ""  # where a played card came from (hand:P, interzone:P)
    copy: bool = False  # a copy of a Will (3.2: it is not a card)
    kind: str = "card"  # card | activated | triggered | copy
    written: tuple[Op, ...] = ()  # an outcome the log wrote for it (docs/logs/README.md, "Card effects")
    written_line: int | None = None

    def clone(self) -> "StackItem":
        return StackItem(self.card, self.controller, self.ability, self.is_card, self.targets, dict(self.bindings),
                         self.origin, self.copy, self.kind, self.written, self.written_line)


@dataclass
class Pending:
    """A triggered effect whose condition was met: it must be put on the Stack (3.1)."""

    source: str  # the card whose trigger it is (or the card that remembered it)
    ability: Ability
    controller: str
    bindings: dict[str, Any] = field(default_factory=dict)
    targets_needed: bool = False


@dataclass
class Delayed:
    """A remembered step (3.2 "Memory" of Effects): a triggered step waiting for its event."""

    source: str
    ability: Ability  # a one-step ability made of the remembered step
    controller: str
    key: str  # the trigger key, e.g. "chained wins"
    subject: str  # the card it is about


@dataclass
class Resolving:
    """An item of the Stack (or a replacement effect) part-way through its effect, waiting for
    a player's choice."""

    frame: Frame
    item: StackItem | None  # None: a replacement effect (3.2, "would")
    then: str = ""  # what follows a replacement: "stalemate"
    # the question the script stopped at (`resolve.current_request`), as the run that stopped
    # there asked it: the `choose` answering it is checked without running the script again.
    # Only a `show` changes the table while the question waits (cards named change what may be
    # chosen): it drops it; a copy does not take it (an action applied anyway, --all, may change
    # the copy), and asks again
    request: Any = field(default=None, repr=False, compare=False)


@dataclass
class KState(BaseState):
    pool: Pool | None = None
    turn: int = 1
    phase: str = RECOVERY
    last_winner: str = ""  # of the last resolved Confrontation (ruling K1 before the first)
    winner: str | None = None  # of the Confrontation being resolved
    turn_winner: str | None = None  # of this turn's Confrontation ("if you won the Confrontation")
    priority: str = ""
    passes: int = 0  # consecutive passes (2.3.3)
    stack_starter: str | None = None  # who started the Stack now open (4.2.4)
    items: list[StackItem] = field(default_factory=list)  # the Stack, bottom first
    pending: list[Pending] = field(default_factory=list)  # triggered, not yet on the Stack (3.1)
    lead: str = ""  # who puts simultaneous triggers on the Stack first (3.1)
    last_put: str | None = None  # who put the last of them
    resolving: Resolving | None = None
    events: list[tuple] = field(default_factory=list)  # what happened, not yet turned into triggers
    delayed: list[Delayed] = field(default_factory=list)
    essence: dict[str, dict[str, int]] = field(default_factory=dict)  # P -> temperament -> excess
    mulligans: dict[str, int] = field(default_factory=dict)  # compulsory, in a row, this Recovery
    voluntary: dict[str, bool] = field(default_factory=dict)  # the voluntary mulligan used
    loser: str | None = None  # lost by a second consecutive compulsory mulligan (4.4.1)
    ended: bool = False
    drawn: bool = False  # this turn's Recovery draws are done (4.2.1 step 2)
    end_triggers: bool = False  # this turn's "at the end of the turn" effects have triggered (4.2.4)
    first: set[str] = field(default_factory=set)  # this turn's First Manifestations
    support: set[str] = field(default_factory=set)  # in the Confrontation Zone, entered in Support
    control: dict[str, str] = field(default_factory=dict)  # item -> controller, until the end of the turn
    temperaments: dict[str, str] = field(default_factory=dict)  # item -> temperament, until the end of the turn
    muted: set[str] = field(default_factory=set)  # items that lost their effects, until the end of the turn
    granted: dict[str, list[str]] = field(default_factory=dict)  # item -> cards whose effects it has
    asked: set[str] = field(default_factory=set)  # "would end in a Stalemate" effects offered this turn
    # a log without the deck's order (reading K39): each pile's decklist, as items ("deck:Ana" ->
    # Counter of "Ana/Name"), for messages; what is still unseen is in `zones.unknown`
    listed: dict[str, Any] = field(default_factory=dict)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (rule, message) not decided by the log
    problem: str | None = None  # an outcome written in the log that the script does not give
    _cards: dict[str, PoolCard] = field(default_factory=dict, repr=False)
    _own: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    # the trigger keys of every card in the game (key -> the cards with it), and its cards with a
    # static that lowers a power (board.can_trigger): read on first use; a made-up state that
    # adds cards resets it
    trigger_keys: dict[str, frozenset[str]] | None = field(default=None, repr=False)
    lowering: tuple[tuple[str, int, int], ...] = field(default=(), repr=False)  # (item, fixed, per card there)
    static_cards: frozenset[str] = field(default=frozenset(), repr=False)  # the cards with a static ability
    weakest: int = field(default=0, repr=False)  # the lowest base power of its manifestations (is_surely_alive)
    manifestations: frozenset[str] = field(default=frozenset(), repr=False)  # its manifestations (has_manifestation)
    # what the last check worked out for its apply to take over (stack.py `Kept`): set by a check,
    # taken by the next apply, never copied
    kept: Any = field(default=None, repr=False, compare=False)
    # who would win the Confrontation (standing.outcome: ``(winner or None,)``) as `normal_priority`
    # worked it out when it last gave Priority in the Reaction with an empty Stack; dropped before
    # any entry but a pass is applied (rules.apply; a pass with an empty Stack changes nothing
    # `outcome` reads), taken by the `after_reaction` that follows the two passes (phases.py)
    standing: tuple[str | None] | None = field(default=None, repr=False, compare=False)
    # the zones the rules look through after every item, named once (the players never change):
    # where manifestations are in play and keep their modifiers (3.2 Modifiers: the Confrontation
    # Zone, the Stalemate Zone, the Interzones), the Cartomantic Field (1.3.6: the Confrontation
    # Zone, the Interzones, the played Persistent Wills), in that order, and where a card keeps
    # what is remembered about it (sweep.py: those, and the Stack)
    in_play_zones: tuple[str, ...] = field(init=False, repr=False, compare=False)
    field_zones: tuple[str, ...] = field(init=False, repr=False, compare=False)
    kept_zones: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        interzones = tuple(zone("interzone", p) for p in self.players)
        fields = tuple(zone("field", p) for p in self.players)
        self.in_play_zones = (CONFRONTATION, STALEMATE) + interzones
        self.field_zones = (CONFRONTATION,) + interzones + fields
        self.kept_zones = (CONFRONTATION, STALEMATE, STACK) + interzones + fields

    def copy(self) -> "KState":
        """A copy to try an action on (the greedy simulator): zones, items, frames copied."""
        new = copy.copy(self)
        new.zones = self.zones.copy()
        new.counters = dict(self.counters)
        new.items = [i.clone() for i in self.items]
        new.pending = [Pending(p.source, p.ability, p.controller, dict(p.bindings), p.targets_needed)
                       for p in self.pending]
        new.resolving = None if self.resolving is None else Resolving(
            self.resolving.frame.copy(), self.resolving.item.clone() if self.resolving.item else None,
            self.resolving.then)
        new.events = list(self.events)
        new.delayed = list(self.delayed)
        new.essence = {p: dict(e) for p, e in self.essence.items()}
        new.mulligans = dict(self.mulligans)
        new.voluntary = dict(self.voluntary)
        for name in ("first", "support", "muted", "asked"):
            setattr(new, name, set(getattr(self, name)))
        new.control = dict(self.control)
        new.temperaments = dict(self.temperaments)
        new.granted = {k: list(v) for k, v in self.granted.items()}
        new.notes = list(self.notes)
        new.kept = None
        return new

    def card(self, it: str) -> PoolCard:
        """The pool card an item (``OWNER/Name``) is; looked up once per item (a hot path), for
        every game of the pool (``_cards``: `cards_by_item`). An unseen card (a log without the
        deck's order, reading K39) has no face: `UnseenCard`."""
        card = self._cards.get(it)
        if card is None:
            if is_unseen(it):
                raise UnseenCard(it)
            card = self.pool.get(name_of(it))  # type: ignore[union-attr]
            assert card is not None, it
            self._cards[it] = card
        return card

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def controller(self, it: str) -> str:
        """3.2 Owner and Controller: the owner, unless an effect gave control to the other."""
        if self.control:
            taken = self.control.get(it)
            if taken is not None:
                return taken
        owner = _OWNERS.get(it)
        return owner if owner is not None else _owner(it)

    def is_manifestation(self, it: str) -> bool:
        return (self._cards.get(it) or self.card(it)).type == "manifestation"  # (`card`'s lookup, inline)

    def temperament(self, it: str) -> str | None:
        return self.temperaments.get(it) or (self._cards.get(it) or self.card(it)).temperament

    def hand(self, p: str) -> list[str]:
        return self.zones[zone("hand", p)]

    def deck(self, p: str) -> list[str]:
        return self.zones[zone("deck", p)]

    def own(self, kind: str) -> tuple[str, ...]:
        """Every player's zone of one kind (``interzone`` -> ``interzone:Ana``, ...), named once
        per state: the engine asks on every power computation."""
        names = self._own.get(kind)
        if names is None:
            names = self._own[kind] = tuple(zone(kind, p) for p in self.players)
        return names

    def field_manifestations(self) -> list[str]:
        """Manifestations on the Cartomantic Field: the Confrontation Zone and the Interzones (1.3.6)."""
        z = self.zones.zones
        out = list(z[CONFRONTATION])
        for name in self.own("interzone"):
            out += z[name]
        return out

    def is_on_field(self, it: str) -> bool:
        """On the Cartomantic Field (1.3.6): the Confrontation Zone, an Interzone, a played Persistent Will."""
        z = self.zones.zones
        for name in self.field_zones:  # a plain loop: asked after every item
            if it in z[name]:
                return True
        return False

    def zone_of(self, it: str) -> str | None:
        for name, items in self.zones.zones.items():
            if it in items:
                return name
        return None

    def base_power(self, it: str) -> int:
        return (self._cards.get(it) or self.card(it)).power or 0


# each pool's cards by item, found by `KState.card` (the owner is no part of the lookup, and a pool's
# cards never change), with the pool itself (an id can be reused once a pool is gone): shared by
# the states of every game of that pool, so that a batch of logs looks each card up once, not once
# a game. Bounded (emptied when full)
_BY_ITEM: dict[int, tuple[Pool, dict[str, PoolCard]]] = {}
_MAX_ITEMS = 1 << 16


def cards_by_item(pool: Pool) -> dict[str, PoolCard]:
    """The lookup of ``pool``'s cards by item that a new game's state starts from (``KState._cards``)."""
    known = _BY_ITEM.get(id(pool))
    if known is not None and known[0] is pool and len(known[1]) < _MAX_ITEMS:
        return known[1]
    if len(_BY_ITEM) >= 16:
        _BY_ITEM.clear()
    cards: dict[str, PoolCard] = {}
    _BY_ITEM[id(pool)] = (pool, cards)
    return cards


RULE_UNSEEN = "Kartomantik 1.3 (Game Zones)"


class UnseenCard(IllegalAction):
    """The rules need the face of a card the log never showed (an effect that looks at the top
    of a deck written without its order): a `show` entry must name it first (reading K41)."""

    def __init__(self, it: str) -> None:
        self.item = it
        self.pile = pile_of(it)
        owner = self.pile.partition(":")[2]
        super().__init__(RULE_UNSEEN, f"an effect needs a card the log does not show (one of {owner}'s unseen "
                                      f"cards): a `show` entry names it first, e.g. "
                                      f"{{show: {{{owner}: {{deck: [CARD]}}}}}} for the top card of the deck "
                                      f"(reading K41)")


def zone_names(players: list[str]) -> list[str]:
    return [zone(k, p) for p in players for k in OWN_ZONES] + list(SHARED_ZONES)


ZONE_WORDS = {"deck": "deck", "hand": "hand", "limbo": "Limbo", "interzone": "Interzone", "vessel": "Empathic Vessel",
              "exile": "Exile"}  # 1.3 Game Zones, as the rulebook names them


def zone_name(name: str) -> str:
    """A zone in the rulebook's words (for messages; reading K38): ``limbo:Ana`` is "Ana's
    Limbo", ``stack`` "the Stack", ``field:Ana`` "Ana's played Persistent Wills"."""
    shared = {STACK: "the Stack", CONFRONTATION: "the Confrontation Zone", STALEMATE: "the Stalemate Zone"}
    if name in shared:
        return shared[name]
    kind, _, p = name.partition(":")
    if kind == "field":
        return f"{p}'s played Persistent Wills"
    return f"{p}'s {ZONE_WORDS.get(kind, kind)}"


def zone_words(name: str) -> str:
    """The same with its preposition: "in Ana's Limbo", "on the Stack", "on the Cartomantic
    Field (one of Ana's played Persistent Wills)"."""
    if name == STACK:
        return "on the Stack"
    if name.startswith("field:"):
        return f"on the Cartomantic Field (one of {zone_name(name)})"
    return f"in {zone_name(name)}"


def where(state: KState, it: str) -> str:
    """Where a card is now, in words ("in Ana's Limbo"); a card no player has in this game
    (one not in its owner's deck at the start) is "in no zone of this game"."""
    here = state.zone_of(it)
    return zone_words(here) if here is not None else "in no zone of this game"


def not_in(state: KState, it: str, expected: str) -> str:
    """The sentence for a card that is not where an action takes it from: "Oppress is in Ana's
    Limbo, not in Ana's hand" (reading K38)."""
    return f"{name_of(it)} is {where(state, it)}, not {zone_words(expected)}"

