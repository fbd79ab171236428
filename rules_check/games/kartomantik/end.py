"""The hand limit at the end of the turn (Kartomantik 4.2.4 End Phase; reading K19): the excess
cards to the bottom of the deck, before anything of the next turn."""

from __future__ import annotations

from rules_check.core.errors import IllegalAction

from .actions import Action, Bottom
from .phases import start_turn
from .priority import check_stack_empty, hand_limit_missing
from .rulebook import RULE_END
from .seen import why_cannot_hold, can_hold
from .state import HAND_LIMIT, HAND_LIMIT_PHASE, KState, zone


def check_hand_limit(state: KState, action: Action) -> None:
    """4.2.4: the excess goes to the bottom of the deck when the turn ends, before anything of
    the next turn (a mulligan, the Revelation); only passes while the Stack holds triggers."""
    if state.phase == HAND_LIMIT_PHASE and not state.items and not isinstance(action, Bottom):
        raise hand_limit_missing(state)


def check_bottom(state: KState, a: Bottom) -> None:
    check_stack_empty(state, "the hand limit")
    if state.phase != HAND_LIMIT_PHASE:
        raise IllegalAction(RULE_END, "the hand limit is applied when the turn ends")
    hand = state.hand(a.player)
    excess = len(hand) - HAND_LIMIT
    problem = why_cannot_hold(state, zone("hand", a.player), a.cards)
    if problem and excess > 0 and len(a.cards) == excess:
        raise IllegalAction(RULE_END, f"{problem}: {a.player} puts {excess} cards of the hand at the bottom of "
                                      f"the deck")
    if excess <= 0 or len(a.cards) != excess or len(set(a.cards)) != len(a.cards) \
            or any(not can_hold(state, zone("hand", a.player), c) for c in a.cards):
        raise IllegalAction(RULE_END, f"{a.player} puts the {max(excess, 0)} cards above seven from the hand "
                                      f"at the bottom of the deck")


def apply_bottom(state: KState, action: Bottom) -> None:
    for it in action.cards:
        state.zones.move(it, zone("hand", action.player), zone("deck", action.player), bottom=True)
    if not any(len(state.hand(p)) > HAND_LIMIT for p in state.players):
        state.turn += 1
        start_turn(state)
