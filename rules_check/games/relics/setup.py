"""The setup of a game of relics, as the log records it ("Setup"):

    setup:
      difficulty: normal        # normal (energy 3 each) | hard (energy 2 each)
      draw_pile: [...]          # the 17 shuffled location cards, top first (ruling R1)

or, for a game played with the real cards (ruling R12), the nine cards "Setup" deals, as the
player saw them, instead of the pile's order (the other eight stay unseen in the draw pile):

    setup:
      difficulty: normal
      dealt: [...]              # current location, decision path (2), future path (2 + 2), hand (2)

A setup that is not of this form raises `LogFormatError` (exit 2); one the rules make
impossible (the tracker shuffled in, a card twice) raises `IllegalAction`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader

from . import seen
from .cards import DAY, CardData
from .rulebook import RULE_SETUP
from .state import DIFFICULTIES, DRAW, SETUP_DEALT, RelicsState, deal_setup, layout, new_layout

SETUP_KEYS = ("difficulty", "draw_pile")
DEALT = "dealt"
SHAPE = ("{difficulty: normal|hard, draw_pile: [the 17 location cards, top first]} or, played with the real "
         "cards, {difficulty: normal|hard, dealt: [the 9 cards Setup deals, in its order]}")


def read_setup(cards: CardData, players: list[str], setup: Any, file: str,
               line_of: Callable[[tuple], int | None]) -> RelicsState:
    """The state at the start of the game the log's ``setup`` records."""
    reader = SetupReader(setup, file, line_of, SHAPE)
    raw = reader.value(())
    table = isinstance(raw, dict) and DEALT in raw and "draw_pile" not in raw
    reader.mapping((), required=("difficulty", DEALT) if table else SETUP_KEYS)
    difficulty = reader.choice(("difficulty",), list(DIFFICULTIES))
    if table:
        dealt = reader.names((DEALT,), cards.resolve, cards.by_key)
        return dealt_at_the_table(cards, players, difficulty, dealt)
    order = reader.names(("draw_pile",), cards.resolve, cards.by_key)
    check_draw_pile(cards, order)
    return new_layout(cards, players, difficulty, order)


def dealt_at_the_table(cards: CardData, players: list[str], difficulty: str, dealt: list[str]) -> RelicsState:
    """Ruling R12: the 17 location cards shuffled unseen into the draw pile, then the nine
    cards "Setup" deals named as they come off it (each once: a card named twice is one
    the pile no longer holds)."""
    if cards.tracker in dealt:
        raise IllegalAction(RULE_SETUP, f"the {cards.tracker} is placed to one side, not shuffled "
                                        f"into the draw pile")
    if len(dealt) != SETUP_DEALT:
        raise IllegalAction(RULE_SETUP, f"Setup deals {SETUP_DEALT} cards (the current location, the "
                                        f"decision path's 2, the future path's 4 and the 2 starting "
                                        f"cards); the setup names {len(dealt)} (ruling R12)")
    state = layout(cards, players, difficulty)
    state.face = {card: DAY for card in cards.names}
    state.zones.hide(DRAW, seen.PILE, cards.names)
    try:
        seen.name_top(state, dealt, RULE_SETUP)
    except IllegalAction as exc:  # at the line of the card named
        raise IllegalAction(exc.rule, exc.message, (DEALT, *(exc.path or ()))) from None
    deal_setup(state)
    return state


def check_draw_pile(cards: CardData, order: list[str]) -> None:
    """"Setup": the tracker goes to one side; "Shuffle the remaining cards": all 17, once."""
    if cards.tracker in order:
        raise IllegalAction(RULE_SETUP, f"the {cards.tracker} is placed to one side, not shuffled "
                                        f"into the draw pile")
    listed = set(order)
    if len(listed) == len(order) and listed.issuperset(cards.names):  # none twice, none missing (in C)
        return
    counts = Counter(order)
    twice = sorted(c for c, n in counts.items() if n > 1)
    missing = [c for c in cards.names if c not in counts]
    if twice or missing:
        parts = []
        if twice:
            parts.append("listed more than once: " + ", ".join(twice))
        if missing:
            parts.append("missing: " + ", ".join(missing))
        raise IllegalAction(RULE_SETUP, f"the draw pile is the {len(cards.names)} location cards, "
                                        f"each once (ruling R1): " + "; ".join(parts))


def random_setup(cards: CardData, players: list[str], rng: random.Random) -> dict[str, Any]:
    """The 17 location cards shuffled, and a difficulty drawn (for the simulator)."""
    order = list(cards.names)
    rng.shuffle(order)
    return {"difficulty": rng.choice(sorted(DIFFICULTIES)), "draw_pile": order}
