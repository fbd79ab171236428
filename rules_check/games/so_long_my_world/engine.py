"""The So Long, My World rules engine: the `Engine` interface over this package's modules. The
setup is read in setup.py (its shape there); the mode it chooses names the rules the game plays
by (modes.py: the multiplayer and co-op game, main_game.py, or the Solo/Campaign Mode, solo.py).

``docs/logs/so-long-my-world.md`` is the reference.
"""

from __future__ import annotations

import random
from typing import Any

from rules_check.core.engine import Engine, EntryRef, redeal

from . import details, modes, rules, scoring, setup, table, table_setup, view
from .actions import Action, Show
from .cards import CardData, load_cards
from .state import CATALYSTS, EVENT_DECK, GESTALT_DECK, OVER, REMNANT_DECK, SoLongState


class SoLongEngine(Engine[SoLongState, Action]):
    game = "so-long-my-world"
    title = "So Long, My World"
    players = (1, 5)  # 1: the solo mode only; 2-5 the others (checked per mode in new_state)
    has_table_view = True  # table.py (readings SL39-SL43)
    move_groups = {"event": "turn up the event", "choose": "answer the question", "play": "play a card",
                   "drain": "drain a vision", "effect": "use a vision's effect", "end": "end the turn",
                   "reach": "reach a vision", "unlock": "unlock", "observe": "observe", "show": "show cards",
                   "reshuffle": "reshuffle", "record": "record", "goal": "goal", "pass": "pass"}

    def __init__(self, cards: CardData | None = None) -> None:
        self.cards = cards if cards is not None else load_cards()

    def load(self) -> None:
        """The Solo/Campaign Mode's Paths and Words too (paths.yaml: read on first use else)."""
        from .paths import load_paths

        load_paths(self.cards)

    rules = modes  # each state's own: modes.of(state)
    scoring = scoring

    new_state = setup.new_state  # (self, players, setup, file, line_of)
    random_setup = setup.random_setup  # (self, players, rng)

    # --- actions -----------------------------------------------------------------------------

    def parse(self, entry: Any, state: SoLongState, ref: EntryRef) -> Action:
        # the zones an ``ops`` or a ``show`` may name: the state's own, by name, no set built for
        # each entry (read_ops makes one when an entry writes operations)
        return modes.PLAYS_BY[state.mode].parse(self.cards, state.players, state.zones.zones, entry, ref)

    def to_entry(self, state: SoLongState, action: Action) -> dict[str, Any]:
        return modes.of(state).to_entry(action)

    def sample_chance(self, state: SoLongState, action: Action, rng: random.Random) -> Action:
        return rules.chance(state, action, rng)

    def check(self, state: SoLongState, action: Action) -> None:
        modes.PLAYS_BY[state.mode].check(state, action)  # (`Engine.check` through modes.check: a call more)

    def apply(self, state: SoLongState, action: Action) -> None:
        modes.PLAYS_BY[state.mode].apply(state, action)

    def unverified(self, state: SoLongState, action: Action) -> list[str]:
        plays = modes.PLAYS_BY[state.mode]
        if type(action) not in plays.NOTED:  # (most entries, a drain, a pass, a turn's end: no note, no call)
            return []
        return plays.unverified(state, action)  # type: ignore[no-any-return]

    # --- logs of real games (readings SL39-SL43) ------------------------------------------------

    # ``undecided``: the base `Engine.undecided`, none. Nothing is left open (reading SL43): every
    # rule over a hidden card asks a count (the hands' sizes for the score, an empty deck), or a
    # card the table sees (an event drawn, an Observation's cards, a card played or discarded),
    # which the log names. (Not overridden to say so: the replay skips the hook an engine leaves
    # as the base's, where an override returning [] was called after every entry.)

    def after_end(self, state: SoLongState, action: Action) -> bool:
        """A `show` entry may follow the end: the hands turned up (reading SL42)."""
        return isinstance(action, Show)

    table_view = table.table_view  # the log a scorekeeper at the table would have written (self, log)
    view = view.view  # (self, state)

    # --- the end -----------------------------------------------------------------------------

    def is_over(self, state: SoLongState) -> bool:
        return state.phase == OVER

    def copy_state(self, state: SoLongState) -> SoLongState:
        return state.copy()

    def determinize(self, state: SoLongState, player: str, rng: random.Random) -> SoLongState:
        """What the search may see: the table, every hand (a limit: the other players' hands
        are not hidden from it), the discards; the face-down decks (Remnant, Event, Gestalt,
        Karma Catalysts) are reshuffled. While a card's effect waits for an answer nothing is
        reshuffled (its frame may name a deck's top)."""
        new = state.copy()
        if state.waiting is None:
            for pile in (REMNANT_DECK, EVENT_DECK, GESTALT_DECK, CATALYSTS):
                redeal(new.zones, rng, pile)
        return new

    def shared_result(self, state: SoLongState) -> bool:
        """So Long, My Love and the solo game: the players win or lose together."""
        return modes.of(state).is_shared(state)

    def value(self, state: SoLongState, player: str) -> float:
        """The greedy policy's judgement (greedy.py)."""
        return modes.of(state).value(state, player)

    def winner(self, state: SoLongState) -> str | list[str] | None:
        return modes.of(state).winner(self, state)

    # --- the table app: start questions (table_setup.py) and card details (details.py) ----------

    setup_questions = table_setup.questions  # (self, players)
    setup_from_answers = table_setup.setup  # (self, players, answers)

    card_details = details.card_details  # (self)
