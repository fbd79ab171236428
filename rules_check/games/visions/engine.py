"""The Visions rules engine: the `Engine` interface over this package's modules.

State (``state``, ``setup``), the log vocabulary (``actions``), legality and effects
(``rules``: the readings chosen are listed at its top) and the final scoring (``scoring``)
are kept apart; for logs written at the table, ``moves`` (the moves a table state allows) and
``table`` (the table view of a full log). This class only names them for the checker and the
simulator.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Iterable

from rules_check.core.engine import Engine, EntryRef, redeal

from . import actions, details, moves, rules, scoring, setup, table_setup
from .actions import Action
from .cards import CardData, load_cards
from .state import DECK, OVER, VisionsState
from .table import table_view
from .view import view


class VisionsEngine(Engine[VisionsState, Action]):
    game = "visions"
    title = "Visions"
    players = (2, 5)
    has_table_view = True  # logs written at the table: readings V18-V22, ``table``
    move_groups = {"start dream": "start a dream", "continue dream": "continue a dream",
                   "nightmare": "play a nightmare", "refill": "refill the hand", "skip": "skip the turn",
                   "show": "show cards"}
    rules = rules
    scoring = scoring

    def __init__(self, cards_dir: Path | None = None) -> None:
        self._cards_dir = cards_dir
        self._cards: CardData | None = None

    @property
    def cards(self) -> CardData:
        """The card data, read on first use (``cards/visions/``, or ``cards_dir``)."""
        if self._cards is None:
            self._cards = load_cards(self._cards_dir)
        return self._cards

    def load(self) -> None:
        self.cards  # noqa: B018 - read now (Engine.load)

    # --- the setup (the engine's card data) and the log's vocabulary ---------------------------

    def new_state(self, players: list[str], setup_: Any, file: str, line_of) -> VisionsState:
        return setup.read_setup(self.cards, players, setup_, file, line_of)

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        return setup.random_setup(self.cards, players, rng)

    def parse(self, entry: Any, state: VisionsState, ref: EntryRef) -> Action:
        return actions.parse_entry(entry, state, ref)

    def to_entry(self, state: VisionsState, action: Action) -> dict[str, Any]:
        return actions.to_entry(action)

    # --- play: on a table state (unseen cards: issue 25) the moves as the table names them ------

    def candidates(self, state: VisionsState) -> Iterable[Action]:
        """On a table state each card its unseen ones can be (``moves.candidates``); else the
        rules' candidates."""
        if state.zones.unknown:
            return moves.candidates(state)
        return rules.candidates(state)

    def legal_actions(self, state: VisionsState) -> list[Action]:
        """On a table state the moves kept cheap (``moves.legal``); else every candidate
        ``check`` accepts, as for any engine."""
        if state.zones.unknown:
            return moves.legal(state)
        return super().legal_actions(state)

    sample_chance = staticmethod(rules.steal)  # the card a nightmare steals
    copy_state = staticmethod(VisionsState.copy)

    def determinize(self, state: VisionsState, player: str, rng: random.Random) -> VisionsState:
        """What the search may see: the river, every dream (a face-down nightmare stays as it
        is), the track and its own hand; the deck and the other players' hands are shuffled
        together and each hand dealt again."""
        new = self.copy_state(state)
        redeal(new.zones, rng, DECK, [new.hand_zones[p] for p in new.players if p != player])
        return new

    # --- logs of real games (readings V18-V22) ------------------------------------------------

    def undecided(self, state: VisionsState, action: Action | None) -> list[tuple[str, str]]:
        """The conditions over unseen cards an entry was accepted on (a skip, an echo's play
        lost: reading V21). At the end nothing: every score is of cards face up (V22)."""
        if action is None:
            return []
        notes, state.notes = state.notes, []
        return notes

    table_view = table_view  # the log a scorekeeper at the table would have written

    # --- the end ----------------------------------------------------------------------------

    def is_over(self, state: VisionsState) -> bool:
        return state.phase == OVER

    def winner(self, state: VisionsState) -> str | list[str] | None:
        """The player who reached the Awakening space (ruling V7), else the most points (G2)."""
        if state.awakened is not None:
            return state.awakened
        return super().winner(state)

    # --- the dispute report, and the table app: start questions and card details -----------------

    view = view
    setup_questions = table_setup.questions  # (self, players)
    setup_from_answers = table_setup.setup  # (self, players, answers)
    card_details = details.card_details  # (self)
