"""The relics rules engine: the `Engine` interface over this package's modules.

    setup:
      difficulty: normal        # normal (energy 3 each) | hard (energy 2 each)
      draw_pile: [...]          # the 17 shuffled location cards, top first (ruling R1)

or, for a game played with the real cards (ruling R12), the nine cards "Setup" deals, as the
player saw them, instead of the pile's order (the other eight stay unseen in the draw pile):

    setup:
      difficulty: normal
      dealt: [...]              # current location, decision path (2), future path (2 + 2), hand (2)

A solo game: one player; ``scores`` gives the points of the relic halves collected ("Goal"),
``winner`` the player once all three relics are complete, else None (docs/logs/README.md, "JSON": null when a
solo game is lost).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable

from rules_check.core.engine import Engine, EntryRef, redeal
from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader

from . import details, rules, scoring, seen, table_setup
from .actions import Ability, Action, parse_entry, to_entry
from .cards import DAY, CardData, load_cards
from .state import DIFFICULTIES, DRAW, OVER, SETUP_DEALT, RelicsState, deal_setup, layout, new_layout

SETUP_KEYS = ("difficulty", "draw_pile")
DEALT = "dealt"
SHAPE = ("{difficulty: normal|hard, draw_pile: [the 17 location cards, top first]} or, played with the real "
         "cards, {difficulty: normal|hard, dealt: [the 9 cards Setup deals, in its order]}")


class RelicsEngine(Engine[RelicsState, Action]):
    game = "relics"
    title = "relics"
    players = (1, 1)
    has_table_view = True  # the draw pile unseen, every card named as it is dealt (ruling R12)
    move_groups = {"travel": "travel", "ability": "use a relic's ability", "pay": "pay the challenge",
                   "reshuffle": "reshuffle", "discard": "discard", "end": "end the game"}

    def __init__(self, cards: CardData | None = None) -> None:
        self.cards = cards if cards is not None else load_cards()

    # --- state -------------------------------------------------------------------------------

    def new_state(self, players: list[str], setup: Any, file: str, line_of) -> RelicsState:
        reader = SetupReader(setup, file, line_of, SHAPE)
        raw = reader.value(())
        table = isinstance(raw, dict) and DEALT in raw and "draw_pile" not in raw
        reader.mapping((), required=("difficulty", DEALT) if table else SETUP_KEYS)
        difficulty = reader.choice(("difficulty",), list(DIFFICULTIES))
        if table:
            dealt = reader.names((DEALT,), self.cards.resolve, self.cards.by_key)
            return self._dealt_at_the_table(players, difficulty, dealt)
        order = reader.names(("draw_pile",), self.cards.resolve, self.cards.by_key)
        self._setup_possible(order)
        return new_layout(self.cards, players, difficulty, order)

    def _dealt_at_the_table(self, players: list[str], difficulty: str, dealt: list[str]) -> RelicsState:
        """Ruling R12: the 17 location cards shuffled unseen into the draw pile, then the nine
        cards "Setup" deals named as they come off it (each once: a card named twice is one
        the pile no longer holds)."""
        if self.cards.tracker in dealt:
            raise IllegalAction(rules.RULE_SETUP, f"the {self.cards.tracker} is placed to one side, not shuffled "
                                                  f"into the draw pile")
        if len(dealt) != SETUP_DEALT:
            raise IllegalAction(rules.RULE_SETUP, f"Setup deals {SETUP_DEALT} cards (the current location, the "
                                                  f"decision path's 2, the future path's 4 and the 2 starting "
                                                  f"cards); the setup names {len(dealt)} (ruling R12)")
        state = layout(self.cards, players, difficulty)
        state.face = {card: DAY for card in self.cards.names}
        state.zones.hide(DRAW, seen.PILE, self.cards.names)
        try:
            seen.name_top(state, dealt, rules.RULE_SETUP)
        except IllegalAction as exc:  # at the line of the card named
            raise IllegalAction(exc.rule, exc.message, (DEALT, *(exc.path or ()))) from None
        deal_setup(state)
        return state

    def _setup_possible(self, order: list[str]) -> None:
        """"Setup": the tracker goes to one side; "Shuffle the remaining cards": all 17, once."""
        if self.cards.tracker in order:
            raise IllegalAction(rules.RULE_SETUP, f"the {self.cards.tracker} is placed to one side, not shuffled "
                                                  f"into the draw pile")
        counts = Counter(order)
        twice = sorted(c for c, n in counts.items() if n > 1)
        missing = [c for c in self.cards.names if c not in counts]
        if twice or missing:
            parts = []
            if twice:
                parts.append("listed more than once: " + ", ".join(twice))
            if missing:
                parts.append("missing: " + ", ".join(missing))
            raise IllegalAction(rules.RULE_SETUP, f"the draw pile is the {len(self.cards.names)} location cards, "
                                                  f"each once (ruling R1): " + "; ".join(parts))

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        order = list(self.cards.names)
        rng.shuffle(order)
        return {"difficulty": rng.choice(sorted(DIFFICULTIES)), "draw_pile": order}

    # --- actions -----------------------------------------------------------------------------

    def parse(self, entry: Any, state: RelicsState, ref: EntryRef) -> Action:
        return parse_entry(self.cards, entry, ref)

    def to_entry(self, state: RelicsState, action: Action) -> dict[str, Any]:
        return to_entry(action)

    def candidates(self, state: RelicsState) -> Iterable[Action]:
        return rules.candidates(state)

    def legal_actions(self, state: RelicsState) -> list[Action]:
        """On a table state (the unseen draw pile: issue 25) each move once per order of the cards
        it turns up, named (``moves.legal``); else every candidate ``check`` accepts."""
        if seen.is_table(state):
            from .moves import legal
            return legal(state, self.apply)
        return super().legal_actions(state)

    def check(self, state: RelicsState, action: Action) -> None:
        rules.check(state, action)

    def apply(self, state: RelicsState, action: Action) -> None:
        rules.apply(state, action)
        drawn = getattr(action, "drawn", ())
        if state.zones.unknown or drawn:  # every card turned up was named, and no more (ruling R12)
            rule = rules.RULE_ABILITIES if isinstance(action, Ability) else rules.RULE_LOOK_AHEAD
            seen.check_named(state, drawn, rule)
        if state.zones.unknown:
            rules.follow_waiting(state, action)

    def undecided(self, state: RelicsState, action: Action | None) -> list[tuple[str, str]]:
        """What a table log leaves open (rulings R13, R14): after an entry, the conditions over the
        unseen draw pile it was accepted on. At the end, nothing: the score counts the relic halves
        on the table, all face up, so no card is turned up for it (R14)."""
        notes, state.notes = state.notes, []
        return notes

    def table_view(self, log: dict[str, Any]) -> dict[str, Any]:
        """The log the solo player would have written with the real cards (rules_check/core/tableview.py)."""
        from .table import table_view
        return table_view(self, log)

    def unverified(self, state: RelicsState, action: Action) -> list[str]:
        return rules.unverified(state, action)

    def sample_chance(self, state: RelicsState, action: Action, rng: random.Random) -> Action:
        return rules.shuffle(state, action, rng)

    def copy_state(self, state: RelicsState) -> RelicsState:
        return state.copy()

    def determinize(self, state: RelicsState, player: str, rng: random.Random) -> RelicsState:
        """What the search may see: every card laid out (the current location, the decision
        path, the future rows, the hand, the discard); the draw pile, face down, reshuffled."""
        new = state.copy()
        redeal(new.zones, rng, DRAW)
        return new

    def value(self, state: RelicsState, player: str) -> float:
        return rules.value(state)

    def view(self, state):
        from .view import view

        return view(self, state)

    # --- the end -----------------------------------------------------------------------------

    def is_over(self, state: RelicsState) -> bool:
        return state.phase == OVER

    def scores(self, state: RelicsState) -> dict[str, int]:
        return {state.players[0]: scoring.points(state)}

    def winner(self, state: RelicsState) -> str | list[str] | None:
        """The player, once the game is won with all three relics ("Goal", ruling R7); else nobody."""
        return state.players[0] if state.won else None

    # --- the table app: start questions (table_setup.py) and card details (details.py) ----------

    setup_questions = table_setup.questions  # (self, players)
    setup_from_answers = table_setup.setup  # (self, players, answers)

    card_details = details.card_details  # (self)
