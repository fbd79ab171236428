"""Where everything is in a game of So Long, My World, and where the round stands.

Every card and token is in exactly one zone (the core checks it after
each entry). The top of a deck is the END of its list.

    System              feeling tokens (hope, nostalgia, resignation, despair, madness) and
                        Marks of Sol not possessed by any player nor on a vision ("System")
    vision:NAME         the feelings on a vision; on a Gestalt Vision also its Marks of Sol
    stock:P             a player's feelings and Marks of Sol
    hand:P  field:P     a player's cards in hand and played
    tokens:P            a player's vision tokens behind the screen
    chosen:P            the vision token a player put on a vision this round
    remnant deck  discard  gestalt deck
    event deck  event  event discard     (``event``: the event card of this round)
    catalysts  catalyst:NAME             Karma Catalysts (the variant), under a Gestalt Vision
    box                 what this game does not use (other events, Gestalt cards, starting
                        card copies, vision tokens of unused colours)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pnp.games.so_long_my_world import models as tables
from rules_check.core.engine import BaseState
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen

from .cards import CardData

SYSTEM = "System"
MARK = "Mark of Sol"
# the five kinds of Feeling, in the rulebook's order, as the keys of a dict: ``x in FEELINGS`` is
# asked of every item of the System, a stock or a Vision many times an entry, and a hash lookup
# answers it where a tuple compared the item with each kind in turn
FEELINGS: dict[str, None] = dict.fromkeys(tables.FEELINGS)
REMNANT_DECK = "remnant deck"
DISCARD = "discard"
GESTALT_DECK = "gestalt deck"
EVENT_DECK = "event deck"
EVENT = "event"
EVENT_DISCARD = "event discard"
CATALYSTS = "catalysts"
BOX = "box"
RULE_CATALYST = "So Long, My World: Variants, Karma Catalysts"

MULTIPLAYER = "multiplayer"
COOP = "co-op"
SOLO = "solo"  # Solo/Campaign Mode (one player, a Path)
MODES = (MULTIPLAYER, COOP, SOLO)
GESTALT_VISIONS = "gestalt visions"
KARMA_CATALYSTS = "karma catalysts"
VARIANTS = (GESTALT_VISIONS, KARMA_CATALYSTS)

# Where the round stands ("Game Phases").
EVENT_PHASE = "event"  # the first player draws the event
AFTER_REBOOT = "after reboot"  # a reboot was resolved: a new event is drawn, its effect ignored
RESHUFFLE = "reshuffle"  # the reboot and the discarded events go back into the deck
CHOICE = "choice"
HINDRANCE = "hindrance"
VISION_PHASE = "vision"
GOAL = "goal"  # co-op: the Heartbreak card's goal is declared
RECORD = "record"  # solo: an ending was reached; the Words it unlocks are recorded
OVER = "over"

# The steps of a player's Vision Phase ("4. Vision Phase": "in this order").
STEP_EFFECT, STEP_DRAIN, STEP_PLAY, STEP_MARKS = 0, 1, 2, 3


class _ZoneNames(dict[str, str]):
    """The zones of one ``kind`` by owner, ``kind:OWNER``, one string object per owner: a zone's
    name is looked up in the zones' dict several times an entry, and the same object is hashed
    once and found by identity there (a name built anew is built, hashed and compared every
    time). Asked through the dict's own ``__getitem__`` (`_zone_names`), a call in C for a name
    already made; a new owner's is made by ``__missing__``. At most 1,024 owners a kind are kept
    (a process may read many logs)."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, owner: str) -> str:
        if len(self) >= 1024:
            self.clear()
        found = self[owner] = f"{self.kind}:{owner}"
        return found


def _zone_names(kind: str) -> Callable[[str], str]:
    """``kind:OWNER`` for an owner (`_ZoneNames`)."""
    return _ZoneNames(kind).__getitem__


vision_zone = _zone_names("vision")  # the Feelings (and Marks of Sol) on a Vision
stock = _zone_names("stock")  # a player's Feelings and Marks of Sol
hand = _zone_names("hand")
field_of = _zone_names("field")
tokens = _zone_names("tokens")  # a player's Vision tokens behind the screen
chosen = _zone_names("chosen")  # the Vision token a player put on a Vision this round
catalyst_zone = _zone_names("catalyst")  # the Karma Catalyst under a Gestalt Vision


@dataclass
class Waiting:
    """An effect waiting for a player's choice ("each player ... of their choice": each
    answers in an entry of their own); ``then``: what the rules do once it is over (an event's
    Feelings are dealt after its effect: ``("event", name, extra, after_reboot)``)."""

    frame: Any  # rules_check.effects.Frame, with its `waiting` request
    rule: str
    what: str
    then: tuple = ()

    def copy(self) -> "Waiting":
        return Waiting(self.frame.copy(), self.rule, self.what, self.then)


@dataclass
class SoLongState(BaseState):
    cards: CardData | None = None
    mode: str = MULTIPLAYER
    variants: frozenset[str] = frozenset()
    clock: list[str] = field(default_factory=list)  # the 6 normal visions, clockwise
    extra_visions: list[str] = field(default_factory=list)  # Gestalt Visions, L'Uno (not on the clock)
    locked: set[str] = field(default_factory=set)
    colours: dict[str, str] = field(default_factory=dict)
    hour: int = 1
    first: int = 0  # index of the first player
    phase: str = EVENT_PHASE
    turn: int = 0  # how many players have had their turn in this phase
    step: int = STEP_EFFECT
    effects_used: set[str] = field(default_factory=set)  # this turn: the vision's, the event's
    vision_of: dict[str, str] = field(default_factory=dict)  # chosen visions this round
    event_ignored: bool = False  # this round's event was drawn after a Reboot: its effect is ignored
    # the order of the phase under way (Hindrance, Vision), fixed when it starts; cards change
    # the Vision Phase's (verbs/, reading SL25)
    sequence: list[str] = field(default_factory=list)
    vision_order: list[str] | None = None  # The Causal Net: this round's Vision Phase order
    act_last: list[str] = field(default_factory=list)  # Waiting Room: who acts last this round
    round_rules: set[str] = field(default_factory=set)  # "This round, ..." (events; reading SL26)
    waiting: Waiting | None = None  # an effect waiting for a player's choice
    # continuous cards' triggered abilities to resolve: (card, owner, ability index, bindings)
    queue: list[tuple[str, str, int, dict]] = field(default_factory=list)
    # what a Heartbreak goal is judged on (goals.py): the cards played, in order, and by whom
    played: list[tuple[str, str]] = field(default_factory=list)
    marks_gained: int = 0  # Marks of Sol that came into a player's stock
    luno_rounds: int = 0  # rounds in which both players chose L'Uno
    heartbreak: str | None = None
    end_card: str | None = None  # the End card the previous game drew (next_game.py)
    extra_every_round: bool = False  # Infinite Spaces
    setup_notes: list[str] = field(default_factory=list)  # what the setup cannot prove (unverified)
    goal_reached: bool | None = None
    chance: int = 0  # the simulator's seed for shuffles and choices
    rounds: int = 0
    # Solo/Campaign Mode (solo.py)
    path: str | None = None
    words: tuple[str, ...] = ()  # the Words held at the start (the campaign so far)
    reached: bool = False  # this turn (once each)
    solo_drained: bool = False
    observed: bool = False
    last_played: str | None = None  # the card that may be sequenced now
    chains: list[list[str]] = field(default_factory=list)  # sequences of played cards
    ending: str | None = None  # the ending reached (its id)
    ending_wins: bool = False
    recorded: tuple[str, ...] = ()
    # a table log's event deck (seen.py, reading SL40): the events seen drawn from it this game
    deck_events: set[str] = field(default_factory=set)
    deck_size: int = 0  # the events (not the Reboot) the event deck is built of
    # ``cards``, typed as set up (never None once the setup read them): a plain attribute, read
    # tens of thousands of times a game (a property was a call each time)
    data: CardData = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.data = self.cards  # type: ignore[assignment]  # (None only in a bare state of a test)

    def copy(self) -> "SoLongState":
        """A copy to try a card on (the checker, the simulator): the card data shared."""
        # what copy.copy does for a plain dataclass (no slots, no __copy__), without its
        # generic __reduce_ex__ path: the copy is made thousands of times a game
        new = object.__new__(type(self))
        fields = self.__dict__.copy()  # (a split or compact dict copied at once, not key by key)
        if "_trial" in fields or "_listing" in fields:  # (neither, nearly always: no call)
            fields.pop("_trial", None)  # a check's copy belongs to the state it was made from
            fields.pop("_listing", None)  # so do the trials shared while its moves are listed (rules.py)
        new.__dict__ = fields
        new.zones = self.zones.copy()
        # each container by its own ``copy`` method (a method call, cheaper than calling the
        # type on it); the chains, a list of lists, only when there are any (the solo game's)
        new.counters = self.counters.copy()
        new.locked = self.locked.copy()
        new.deck_events = self.deck_events.copy()
        new.effects_used = self.effects_used.copy()
        new.vision_of = self.vision_of.copy()
        new.sequence = self.sequence.copy()
        new.vision_order = self.vision_order.copy() if self.vision_order is not None else None
        new.act_last = self.act_last.copy()
        new.round_rules = self.round_rules.copy()
        new.chains = [c.copy() for c in self.chains] if self.chains else []
        new.played = self.played.copy()
        new.clock = self.clock.copy()
        new.queue = self.queue.copy()
        new.setup_notes = self.setup_notes.copy()
        new.waiting = self.waiting.copy() if self.waiting is not None else None
        return new

    @property
    def visions(self) -> list[str]:
        return [*self.clock, *self.extra_visions]

    def order(self) -> list[str]:
        """Turn order: from the first player, clockwise (ruling G1)."""
        players = self.players
        if not players:
            return []
        first = self.first % len(players)  # (players[(first + i) % n] for each i, in two slices)
        return players[first:] + players[:first]

    def first_player(self) -> str:
        return self.players[self.first]

    def current(self) -> str | None:
        """Whose turn it is in the Hindrance or Vision Phase."""
        if self.phase in (HINDRANCE, VISION_PHASE) and self.turn < len(self.players):
            if self.sequence:
                return self.sequence[self.turn]
            return self.players[(self.first + self.turn) % len(self.players)]  # order()[turn], no list built
        return None

    def vision_phase_order(self) -> list[str]:
        """The Vision Phase's order as cards of the Hindrance Phase left it (reading SL25): the
        order chosen (The Causal Net), else from the First Player; who acts last goes last."""
        out = list(self.vision_order) if self.vision_order else self.order()
        for p in self.act_last:
            out.remove(p)
            out.append(p)
        return out

    def unlocked(self) -> list[str]:
        return [v for v in self.visions if v not in self.locked]

    def adjacent(self, vision: str) -> list[str]:
        """The visions beside ``vision`` around the clock (none for those off the clock)."""
        if vision not in self.clock:
            return []
        i = self.clock.index(vision)
        n = len(self.clock)
        return [self.clock[(i - 1) % n], self.clock[(i + 1) % n]]

    def feelings_on(self, vision: str) -> list[str]:
        return [x for x in self.zones[vision_zone(vision)] if x in FEELINGS]

    def stock_of(self, p: str, item: str) -> int:
        return self.zones[stock(p)].count(item)

    def affinity(self, vision: str) -> tuple[str, ...]:
        """A vision's affinity feelings; a Gestalt Vision's come from its Karma Catalyst."""
        v = self.data.visions[vision]
        if v.kind == "gestalt":
            under = self.zones[catalyst_zone(vision)] if catalyst_zone(vision) in self.zones else []
            if under and is_unseen(under[0]):  # turned face up: a table log names it (reading SL41)
                raise IllegalAction(RULE_CATALYST, f"the Karma Catalyst under {vision} gives its affinity: the log "
                                                   f"names it when it is turned up (show: {{{catalyst_zone(vision)}: "
                                                   f"[CATALYST]}})")
            return self.data.visions[under[0]].affinity if under else ()
        return v.affinity

    def token_for(self, p: str, vision: str) -> str:
        if vision == tables.LUNO:
            return tables.LUNO
        return f"{vision} ({self.colours[p]})"
