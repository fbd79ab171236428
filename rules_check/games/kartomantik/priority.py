"""Who may act now (Kartomantik 2.2 Priority, 2.3 The Stack System; readings K16, K19, K20, K29,
K30): the player with Priority, nobody while triggers wait for the Stack or a choice is asked,
and the hand-limit entry before anything of the next turn."""

from __future__ import annotations

from rules_check.core.errors import IllegalAction

from .actions import Action, Choose, Effect
from .board import text_of
from .resolve import current_request
from .rulebook import PLAYABLE, RULE_EFFECTS, RULE_END, RULE_PRIORITY, RULE_STACK, RULE_TRIGGERED, STACK_ONLY
from .standing import outcome
from .state import HAND_LIMIT, HAND_LIMIT_PHASE, REACTION, RESOLUTION, KState, name_of


def normal_priority(state: KState) -> str:
    """2.2: in the Confrontation the player who would lose (ruling K2 in a stalemate); in every
    other phase the last winner (ruling K1), the Confrontation's winner in its Resolution."""
    if state.phase == REACTION:
        w = outcome(state)
        if not state.items:  # (KState.standing: for the passes that end this Reaction)
            state.standing = (w,)
        return state.other(w) if w is not None else state.other(state.last_winner)
    if state.phase == RESOLUTION:
        return state.winner or state.last_winner
    return state.last_winner


def check_priority(state: KState, player: str) -> None:
    """2.2: only the player with priority acts (plays, activates, passes)."""
    if state.items and state.phase in STACK_ONLY:  # reading K20
        if player != state.priority:
            raise IllegalAction(RULE_PRIORITY, f"{state.priority} has priority, not {player}")
        return
    if state.phase == HAND_LIMIT_PHASE:
        raise hand_limit_missing(state)
    if state.phase not in PLAYABLE:
        raise IllegalAction(RULE_PRIORITY, f"nobody has priority in the {state.phase} phase")
    if player != state.priority:
        raise IllegalAction(RULE_PRIORITY, f"{state.priority} has priority, not {player}")


def hand_limit_missing(state: KState) -> IllegalAction:
    """4.2.4: "If a player ended the turn with more than seven cards in hand, they place the
    excess cards at the bottom of their deck": an entry other than that `bottom` (reading K19)."""
    over = [(p, len(state.hand(p)) - HAND_LIMIT) for p in state.players if len(state.hand(p)) > HAND_LIMIT]
    who = " and ".join(f"{p} at {HAND_LIMIT + n}" for p, n in over)
    entries = "; ".join(f"{{bottom: {p}, cards: [{n} card{'s' * (n != 1)}]}}" for p, n in over)
    return IllegalAction(RULE_END, f"the hand-limit entry is missing: the turn ended with {who} cards in hand, "
                                   f"above {HAND_LIMIT}; a `bottom` entry puts the excess at the bottom of the deck "
                                   f"first ({entries})")


def check_stack_only(state: KState) -> None:
    if state.phase in STACK_ONLY:
        raise IllegalAction(RULE_STACK, f"triggered effects are on the Stack in the {state.phase} phase: the players "
                                        f"pass until it resolves (reading K20)")


def check_stack_empty(state: KState, what: str) -> None:
    if state.items:
        raise IllegalAction(RULE_STACK, f"the Stack is not empty: it resolves (both players pass) before {what} "
                                        f"(reading K20)")


def check_nothing_waiting(state: KState, action: Action) -> None:
    """Readings K29, K30: a choice asked, or a triggered effect to put on the Stack, comes first."""
    if state.resolving is not None and not isinstance(action, Choose):
        request = current_request(state)
        source = state.resolving.frame.source
        raise IllegalAction(RULE_EFFECTS, f"{name_of(source)}'s effect (\"{text_of(state, source)}\") is resolving: "
                                          f"{request.chooser} chooses {request.what} (a `choose` entry) first "
                                          f"(reading K30)")
    if state.pending and not isinstance(action, Effect):
        p = state.pending[0]
        first = next((q for q in state.pending if q.controller == state.lead), p)
        raise IllegalAction(RULE_TRIGGERED, f"{first.source}'s triggered effect (\"{text_of(state, first.source)}\") "
                                            f"goes on the Stack now: {first.controller} writes {{effect: "
                                            f"{first.source}}} before anything else (reading K29)")
