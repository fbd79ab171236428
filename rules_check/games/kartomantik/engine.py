"""The Kartomantik rules engine: the `Engine` interface, declared over this package's modules:
the setup (setup.py), the log vocabulary (actions.py), the rules (rules.py and the modules of
the rulebook's sections it dispatches to), the scores (scoring.py), what a simulated player knows
and judges (search.py), the table view of a log (table.py) and the table app's questions and card
details (table_setup.py, details.py)."""

from __future__ import annotations

import random
from typing import Any

from rules_check.core.engine import Engine
from rules_check.pool import Pool, load_pool

from . import confrontation, details, mulligan, plain, rules, scoring, search, table, table_moves, table_setup
from . import setup as game_setup
from .actions import Action, Show, parse, to_entry
from .state import OVER, KState
from .view import view


class KartomantikEngine(Engine[KState, Action]):
    game = "kartomantik"
    title = "Kartomantik"
    players = (2, 2)
    has_table_view = True
    move_groups = {"play": "play a card", "pass": "pass priority", "activate": "activate an ability",
                   "choose": "answer the question on the Stack", "effect": "answer the question on the Stack",
                   "reveal": "reveal", "place": "place in the Interzone", "mulligan": "mulligan", "show": "show cards"}
    rules = rules
    scoring = scoring

    def __init__(self, pool: Pool | None = None) -> None:
        self.pool = pool if pool is not None else load_pool()

    def new_state(self, players: list[str], setup: Any, file: str, line_of) -> KState:
        return game_setup.new_state(self.pool, players, setup, file, line_of)

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        return game_setup.random_setup(self.pool, players, rng)

    parse = staticmethod(parse)  # (entry, state, ref): with the state's pool, the engine's

    def to_entry(self, state: KState, action: Action) -> dict[str, Any]:
        return to_entry(action)

    def legal_actions(self, state: KState) -> list[Action]:
        """The legal set; on a table state, a pass or choice whose effect needs the face of an
        unseen card gives way to the `show` entries naming it (table_moves.py, reading K41), and
        each action is listed once. The winner's placements (4.2.3: thousands, in every order of
        the deck's bottom) are legal as `confrontation.placements` builds them: not checked one by one."""
        if confrontation.is_placing(state):  # every placement `candidates` lists is legal (check_place)
            placements = list(confrontation.placements(state))
            return list(dict.fromkeys(placements)) if table_moves.is_table(state) else placements
        if not table_moves.is_table(state):
            return super().legal_actions(state)
        return table_moves.legal_set(state, rules)

    def is_over(self, state: KState) -> bool:
        return state.phase == OVER

    def undecided(self, state: KState, action: Action | None) -> list[tuple[str, str]]:
        """What the log leaves open (readings K40, K42): after an entry, the conditions over unseen
        cards it was accepted on; at the end (``action`` None), the scores it does not decide."""
        if action is None:
            return scoring.undecided(state)
        notes, state.notes = state.notes, []
        return notes

    def after_end(self, state: KState, action: Action) -> bool:
        """A `show` entry may follow the end: the cards turned up when the game is over (reading K42)."""
        return isinstance(action, Show)

    unverified = staticmethod(plain.unverified)  # (state, action): reading K34
    winner = staticmethod(scoring.winner)  # (state): 4.4.3
    view = view  # (self, state)
    table_view = table.table_view  # (self, log): rules_check/core/tableview.py

    # --- the simulator: chance, copies, what a simulated player knows and judges (search.py) ---

    sample_chance = staticmethod(mulligan.shuffle)  # (state, action, rng): a mulligan's shuffle
    copy_state = staticmethod(KState.copy)  # (state)
    determinize = staticmethod(search.determinize)  # (state, player, rng)
    value = staticmethod(search.value)  # (state, player)

    # --- the table app: start questions (table_setup.py) and card details (details.py) ----------

    setup_questions = table_setup.questions  # (self, players)
    setup_from_answers = table_setup.setup  # (self, players, answers)

    deck_problems = table_setup.deck_problems  # (self, text): a pasted decklist checked as `pnp check deck -`
    random_decklist = staticmethod(table_setup.random_decklist)  # (rng)

    card_details = details.card_details  # (self)
