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

Beside the zones: the Stack's items (a card or an activated effect, with its controller,
target and effect), who has priority and how many passed in a row (2.2), the excess essence
of each player by temperament (2.1), and the counters: ``power.ITEM`` (permanent power
modifiers), ``turn.ITEM`` (modifiers until the end of the turn) and ``points.P`` (points
gained or lost from effects and the voluntary mulligan, 4.4.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.data.games.kartomantik import PoolCard
from rules_check.core.engine import BaseState
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

# Phases (4.2): recovery (draws done; mulligans, then the Revelation), the Reaction of the
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


def zone(kind: str, player: str) -> str:
    return f"{kind}:{player}"


def item(owner: str, name: str) -> str:
    return f"{owner}/{name}"


def owner_of(it: str) -> str:
    return it.split("/", 1)[0]


def name_of(it: str) -> str:
    return it.split("/", 1)[1]


@dataclass
class StackItem:
    """One action on the Stack (2.3): a card played (``card`` is the item, on the ``stack``
    zone) or an activated effect of a card that stays where it is (``effect`` True)."""

    card: str
    controller: str
    effect: bool = False
    target: str | None = None
    ops: tuple = ()
    origin: str = ""  # where a played card came from (hand:P, interzone:P)
    triggered: bool = False  # a triggered effect (3.1), put on the Stack by an `effect` entry


@dataclass
class KState(BaseState):
    pool: Pool | None = None
    turn: int = 1
    phase: str = RECOVERY
    last_winner: str = ""  # of the last resolved Confrontation (ruling K1 before the first)
    winner: str | None = None  # of the Confrontation being resolved
    priority: str = ""
    passes: int = 0  # consecutive passes (2.3.3)
    stack_starter: str | None = None  # who started the Stack now open (4.2.4)
    items: list[StackItem] = field(default_factory=list)  # the Stack, bottom first
    essence: dict[str, dict[str, int]] = field(default_factory=dict)  # P -> temperament -> excess
    mulligans: dict[str, int] = field(default_factory=dict)  # compulsory, in a row, this Recovery
    voluntary: dict[str, bool] = field(default_factory=dict)  # the voluntary mulligan used
    loser: str | None = None  # lost by a second consecutive compulsory mulligan (4.4.1)
    ended: bool = False
    shuffles: int = 0  # for the simulator's mulligan shuffles
    # trigger windows (triggers.py, readings K17-K18): what just happened, since the last
    # entry that was not an `effect`
    moment: int = 0  # how many such entries so far
    recent: dict[str, str] = field(default_factory=dict)  # entered the Confrontation -> from where
    vesseled: set[str] = field(default_factory=set)  # just placed in an Empathic Vessel
    flags: set[str] = field(default_factory=set)  # "revelation", "resolution", "stalemate"
    first: set[str] = field(default_factory=set)  # this turn's First Manifestations
    fired: set[tuple[str, str, int]] = field(default_factory=set)  # (item, trigger, moment or turn)
    # simultaneous triggers (3.1, reading K20): the moment, the player who had Priority then
    # (their effects go on the Stack first), and whether the opponent has put one since
    trigger_lead: tuple[int, str] | None = None
    trigger_switched: bool = False
    _cards: dict[str, PoolCard] = field(default_factory=dict, repr=False)

    def card(self, it: str) -> PoolCard:
        """The pool card an item (``OWNER/Name``) is; looked up once per item (a hot path)."""
        card = self._cards.get(it)
        if card is None:
            card = self.pool.get(name_of(it))  # type: ignore[union-attr]
            assert card is not None, it
            self._cards[it] = card
        return card

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def is_manifestation(self, it: str) -> bool:
        return self.card(it).type == "manifestation"

    def hand(self, p: str) -> list[str]:
        return self.zones[zone("hand", p)]

    def deck(self, p: str) -> list[str]:
        return self.zones[zone("deck", p)]

    def field_manifestations(self) -> list[str]:
        """Manifestations on the Cartomantic Field: the Confrontation Zone and the Interzones (1.3.6)."""
        out = list(self.zones[CONFRONTATION])
        for p in self.players:
            out += self.zones[zone("interzone", p)]
        return out

    def base_power(self, it: str) -> int:
        return self.card(it).power or 0

    def power(self, it: str) -> int:
        """3.2 "Power vs Base Power": base power plus every modifier."""
        return self.base_power(it) + self.counters.get(f"power.{it}", 0) + self.counters.get(f"turn.{it}", 0)

    def total_power(self, p: str) -> int:
        """4.2.3: the sum of the power of P's manifestations in the Confrontation Zone."""
        return sum(self.power(it) for it in self.zones[CONFRONTATION] if owner_of(it) == p)

    def last_entered(self, p: str) -> str | None:
        mine = [it for it in self.zones[CONFRONTATION] if owner_of(it) == p]
        return mine[-1] if mine else None


def zone_names(players: list[str]) -> list[str]:
    return [zone(k, p) for p in players for k in OWN_ZONES] + list(SHARED_ZONES)
