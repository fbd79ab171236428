"""The relics rules engine: the `Engine` interface over this package's modules (``setup``,
``actions``, ``rules``, ``scoring``; for logs played with the real cards ``moves`` and
``table``; the table app's ``table_setup`` and ``details``; the dispute report's ``view``).

A solo game: one player; ``scores`` gives the points of the relic halves collected ("Goal"),
``winner`` the player once all three relics are complete, else None (docs/logs/README.md, "JSON": null when a
solo game is lost).
"""

from __future__ import annotations

import random
from typing import Any

from rules_check.core.engine import Engine, EntryRef, redeal

from . import details, moves, rules, scoring, seen, setup, table_setup
from .actions import Action, parse_entry, to_entry
from .cards import CardData, load_cards
from .state import DRAW, OVER, RelicsState
from .table import table_view
from .view import view


class RelicsEngine(Engine[RelicsState, Action]):
    game = "relics"
    title = "relics"
    players = (1, 1)
    has_table_view = True  # the draw pile unseen, every card named as it is dealt (ruling R12)
    move_groups = {"travel": "travel", "ability": "use a relic's ability", "pay": "pay the challenge",
                   "reshuffle": "reshuffle", "discard": "discard", "end": "end the game"}
    rules = rules  # candidates, check, apply (on a table log, with what an entry must name: R12, R13)
    scoring = scoring

    def __init__(self, cards: CardData | None = None) -> None:
        self.cards = cards if cards is not None else load_cards()

    # --- the setup and the log's vocabulary: the engine's card data ---------------------------

    def new_state(self, players: list[str], setup_: Any, file: str, line_of) -> RelicsState:
        return setup.read_setup(self.cards, players, setup_, file, line_of)

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        return setup.random_setup(self.cards, players, rng)

    def parse(self, entry: Any, state: RelicsState, ref: EntryRef) -> Action:
        return parse_entry(self.cards, entry, ref)

    def to_entry(self, state: RelicsState, action: Action) -> dict[str, Any]:
        return to_entry(action)

    # --- play --------------------------------------------------------------------------------

    def legal_actions(self, state: RelicsState) -> list[Action]:
        """On a table state (the unseen draw pile: issue 25) each move once per order of the cards
        it turns up, named (``moves.legal``); else every candidate ``check`` accepts."""
        if seen.is_table(state):
            return moves.legal(state)
        return super().legal_actions(state)

    unverified = staticmethod(rules.unverified)
    sample_chance = staticmethod(rules.shuffle)  # the order of a reshuffle
    copy_state = staticmethod(RelicsState.copy)
    value = staticmethod(rules.value)

    def determinize(self, state: RelicsState, player: str, rng: random.Random) -> RelicsState:
        """What the search may see: every card laid out (the current location, the decision
        path, the future rows, the hand, the discard); the draw pile, face down, reshuffled."""
        new = state.copy()
        redeal(new.zones, rng, DRAW)
        return new

    # --- logs of real games (rulings R12-R14) ---------------------------------------------------

    def undecided(self, state: RelicsState, action: Action | None) -> list[tuple[str, str]]:
        """What a table log leaves open (rulings R13, R14): after an entry, the conditions over the
        unseen draw pile it was accepted on. At the end, nothing: the score counts the relic halves
        on the table, all face up, so no card is turned up for it (R14)."""
        notes = state.notes
        if notes:  # (most entries leave none: the empty list is handed back, no new one made)
            state.notes = []
        return notes

    table_view = table_view  # the log the solo player would have written with the real cards

    # --- the end -----------------------------------------------------------------------------

    def is_over(self, state: RelicsState) -> bool:
        return state.phase == OVER

    def winner(self, state: RelicsState) -> str | list[str] | None:
        """The player, once the game is won with all three relics ("Goal", ruling R7); else nobody."""
        return state.players[0] if state.won else None

    # --- the dispute report, and the table app: start questions and card details -----------------

    view = view
    setup_questions = table_setup.questions  # (self, players)
    setup_from_answers = table_setup.setup  # (self, players, answers)
    card_details = details.card_details  # (self)
