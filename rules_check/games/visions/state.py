"""Where everything is in a game of Visions, and whose turn it is.

Every card is in exactly one zone (the core checks it after each entry):

    box              the cards returned to the box at the setup ("Setup")
    deck             the draw pile; its top card is the END of the list
    river            the river, in the order its cards were revealed
    hand:P           P's hand
    dream:P:1/2      P's first and second dream, first card first; a nightmare is in its dream
                     under its name, face down (``faces`` holds None at its position)

Beside the zones the state keeps what the zones cannot show: the face of each dream card
(its kind, or None when face down: ruling V3), each player's cube on the reflection track, and
where the turn stands (``phase``, ``made``).

A log written at the table (readings V18-V22, ``seen``) gives no draw pile order and no hands:
those zones then hold unseen cards of the pile ``cards`` (rules_check/core/zones.py: the 75
cards of the box less every card seen); a hand that a card left unseen (a nightmare played
face down, a random steal) is hidden again (``seen.hide_hand``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_check.core.engine import BaseState

from .cards import CardData, Kind, Track

# Where a turn stands: "1 - Play a Card" (one play, more after an Echo), then "2 - Refill Your
# Hand to 3 Cards", then the next player's turn; OVER once the game has ended.
PLAY = "play"
REFILL = "refill"
OVER = "over"

DECK = "deck"
RIVER = "river"
BOX = "box"


def hand_zone(player: str) -> str:
    return f"hand:{player}"


def dream_zone(player: str, dream: int) -> str:
    return f"dream:{player}:{dream}"


_new = object.__new__


@dataclass
class VisionsState(BaseState):
    # set by the setup (dataclass fields after BaseState's need a default)
    cards: CardData = None  # type: ignore[assignment]
    track: Track = None  # type: ignore[assignment]
    turn: int = 0  # index into players: whose turn it is (ruling G1; the first listed starts)
    phase: str = PLAY
    made: int = 0  # plays made this turn: 1, then 2 and 3 after echoes (ruling V5)
    echo: bool = False  # the turn's last play was an echo
    dreams: dict[str, int] = field(default_factory=dict)  # how many dreams each player started
    # (player, dream) -> the face of each card of the dream, in order: its kind, None face down
    faces: dict[tuple[str, int], list[Kind | None]] = field(default_factory=dict)
    cube: dict[str, int] = field(default_factory=dict)  # space on the reflection track
    skips: int = 0  # players who skipped in a row since the last play (ruling V8)
    awakened: str | None = None  # who reached the Awakening space (ruling V7)
    hand_zones: dict[str, str] = field(default_factory=dict)  # player -> "hand:P" (named once)
    dream_zones: dict[tuple[str, int], str] = field(default_factory=dict)  # -> "dream:P:D"
    # a log without orders (readings V18-V22): an echo whose extra play depends on unseen cards
    # of the hand (V21: the next entry tells), and the questions the log left open since the
    # last entry, as (rule, message) for the report's "not decided by the log"
    open_echo: bool = False
    notes: list[tuple[str, str]] = field(default_factory=list)

    # what the last check worked out for the apply of the same action to take over (rules.py
    # `check`: the copy it applied the action to); set by a check, dropped by every apply, never copied
    tried: Any = field(default=None, repr=False, compare=False)

    def copy(self) -> "VisionsState":
        """A copy an action can be tried on: the zones and everything a play changes are new;
        the card data and the track are shared (read only). Made without the dataclass's
        ``__init__`` or ``replace`` (every field looked up by name: a check of a table log's
        refill copies the state), each field set in ``__init__``'s order, so that the copy keeps
        the compact attribute layout that makes reading them fast."""
        new = _new(VisionsState)
        new.players = list(self.players)
        new.zones = self.zones.copy()
        new.counters = dict(self.counters)
        new.cards = self.cards
        new.track = self.track
        new.turn = self.turn
        new.phase = self.phase
        new.made = self.made
        new.echo = self.echo
        new.dreams = dict(self.dreams)
        new.faces = {k: list(v) for k, v in self.faces.items()}
        new.cube = dict(self.cube)
        new.skips = self.skips
        new.awakened = self.awakened
        new.hand_zones = self.hand_zones
        new.dream_zones = self.dream_zones
        new.open_echo = self.open_echo
        new.notes = list(self.notes)
        new.tried = None
        return new

    def adopt(self, trial: "VisionsState") -> None:
        """This state becomes ``trial``, a `copy` of it that an action was applied to (the
        check's trial run: the apply takes it over instead of running the action again)."""
        self.players = trial.players
        self.zones = trial.zones
        self.counters = trial.counters
        self.turn = trial.turn
        self.phase = trial.phase
        self.made = trial.made
        self.echo = trial.echo
        self.dreams = trial.dreams
        self.faces = trial.faces
        self.cube = trial.cube
        self.skips = trial.skips
        self.awakened = trial.awakened
        self.open_echo = trial.open_echo
        self.notes = trial.notes
        self.tried = None

    # --- the zones, by name ------------------------------------------------------------------

    @property
    def current(self) -> str:
        return self.players[self.turn]

    @property
    def deck(self) -> list[str]:
        return self.zones.zones[DECK]

    @property
    def river(self) -> list[str]:
        return self.zones.zones[RIVER]

    def hand(self, player: str) -> list[str]:
        return self.zones.zones[self.hand_zones[player]]

    def dream(self, player: str, dream: int) -> list[str]:
        return self.zones.zones[self.dream_zones[(player, dream)]]
