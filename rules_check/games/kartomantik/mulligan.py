"""The Mulligan (Kartomantik 4.2.1 Recovery Phase, The Mulligan; readings K9, K40, K44): when one
is compulsory or allowed, the hand shown, the new deck and what a second one in a row decides."""

from __future__ import annotations

import random

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen

from .actions import Action, Mulligan
from .phases import draw
from .priority import check_stack_empty
from .rulebook import RULE_END_GAME, RULE_MULLIGAN
from .seen import why_cannot_hold, can_hold, has_manifestation
from .show import name_cards
from .state import MAX_COMPULSORY_MULLIGANS, OVER, RECOVERY, VOLUNTARY_MULLIGAN_COST, KState, not_in, zone


def has_first_manifestation(state: KState, p: str) -> bool | None:
    """4.2.1.3: "at least one Manifestation card in hand that can be played as a First
    Manifestation"; None when the hand's unseen cards leave it open (reading K40)."""
    if not state.zones.unknown:
        return any(state.is_manifestation(it) for it in state.hand(p))
    return has_manifestation(state, zone("hand", p))


def check_mulligan(state: KState, a: Mulligan) -> None:
    check_stack_empty(state, "a mulligan")
    if state.phase != RECOVERY:
        raise IllegalAction(RULE_MULLIGAN, "a mulligan belongs to the Recovery Phase")
    p = a.player
    has = check_mulligan_hand(state, a)
    if has:
        whatever = (f", whatever the order of {p}'s deck (reading K40)"
                    if any(is_unseen(x) for x in state.hand(p)) and a.shown is None else "")
        if state.turn != 1:
            raise IllegalAction(RULE_MULLIGAN, f"{p} has a manifestation in hand{whatever}: a voluntary mulligan is "
                                               f"allowed only at the first turn")
        if state.voluntary.get(p):
            raise IllegalAction(RULE_MULLIGAN, f"{p} already took the voluntary mulligan (only once){whatever}")
    if a.deck is not None and state.zones.unknown:
        trial = state.copy()
        try:
            new_deck(trial, a)
        except IllegalAction as exc:
            raise IllegalAction(RULE_MULLIGAN, f"the new deck is the hand shuffled into the deck: {exc.message}") \
                from None
    elif a.deck is not None and sorted(a.deck) != sorted(state.deck(p) + state.hand(p)):
        raise IllegalAction(RULE_MULLIGAN, "the new deck is the hand shuffled into the deck: the same cards")


def check_mulligan_hand(state: KState, a: Mulligan) -> bool | None:
    """Whether the mulligan's hand holds a manifestation (4.2.1): the hand shown decides it
    (reading K40: every card of it named from the unseen ones); else the hand, as far as the log
    tells. A hand shown that is not the hand is a violation."""
    p = a.player
    if a.shown is None:
        return has_first_manifestation(state, p)
    hand = zone("hand", p)
    if len(a.shown) != len(state.hand(p)):
        raise IllegalAction(RULE_MULLIGAN, f"the hand shown has {len(a.shown)} cards; {p}'s hand holds "
                                           f"{len(state.hand(p))}: the whole hand is shown (4.2.1)")
    problem = why_cannot_hold(state, hand, a.shown) or next(
        (not_in(state, it, hand) for it in a.shown if not can_hold(state, hand, it)), None)
    if problem:
        raise IllegalAction(RULE_MULLIGAN, f"the hand shown is not {p}'s hand: {problem}")
    return any(state.is_manifestation(it) for it in a.shown)


def new_deck(state: KState, a: Mulligan) -> None:
    """4.2.1: the hand shuffled back into the deck. Without an order (reading K40) every card of
    it is unseen again; an order written in a log whose deck is unseen names each card."""
    p = a.player
    deck, hand = zone("deck", p), zone("hand", p)
    z = state.zones
    if a.shown is not None:
        name_cards(state, hand, a.shown)
    if a.deck is not None and not z.unknown:
        z[hand].clear()
        z[deck][:] = list(reversed(a.deck))
        return
    z[deck].extend(z[hand])
    z[hand].clear()
    z.conceal(deck, deck)
    if a.deck is not None:
        if len(a.deck) != len(z[deck]):
            raise IllegalAction(RULE_MULLIGAN, f"the new deck has {len(a.deck)} cards; {p}'s deck and hand hold "
                                               f"{len(z[deck])}")
        name_cards(state, deck, a.deck, top=True)


def apply_mulligan(state: KState, action: Mulligan) -> None:
    p = action.player
    has = check_mulligan_hand(state, action)
    if has is False and state.mulligans.get(p, 0) >= MAX_COMPULSORY_MULLIGANS:
        state.loser = p  # reading K44: the hand after the second mulligan, shown, holds none (4.4.1)
        state.phase = OVER
        return
    if has is None and state.turn == 1 and not state.voluntary.get(p):
        has = True  # reading K40: a hand not shown is a voluntary mulligan's
    elif has is None:
        state.notes.append((RULE_MULLIGAN, f"{p}'s compulsory mulligan: the log does not show {p}'s hand "
                                           f"(4.2.1: shown to the opponent); some order of {p}'s deck leaves "
                                           f"no manifestation in it (reading K40)"))
    if has:
        state.voluntary[p] = True
        key = f"points.{p}"
        state.counters[key] = state.counters.get(key, 0) - VOLUNTARY_MULLIGAN_COST
        state.mulligans[p] = 0
    else:
        state.mulligans[p] = state.mulligans.get(p, 0) + 1
    assert action.deck is not None or action.unordered
    new_deck(state, action)
    draw(state, p)
    if state.mulligans[p] >= MAX_COMPULSORY_MULLIGANS:
        after_second(state, p)


def after_second(state: KState, p: str) -> None:
    """4.4.1, reading K9: a second consecutive compulsory mulligan whose new hand still holds no
    manifestation loses the game; where the log does not tell, a note (reading K40)."""
    after = has_first_manifestation(state, p)
    if after is False:
        state.loser = p  # 4.4.1, reading K9
        state.phase = OVER
    elif after is None:
        state.notes.append((RULE_END_GAME, f"{p}'s second consecutive compulsory mulligan: whether {p}'s new "
                                           f"hand holds a manifestation (else {p} loses, 4.4.1) is not decided "
                                           f"by the log; the game is read on (reading K40)"))


def shuffle(state: KState, action: Action, rng: random.Random) -> Action:
    """A chance outcome: a mulligan's shuffled deck, drawn by the simulator's random numbers."""
    if isinstance(action, Mulligan) and action.deck is None and not action.unordered:  # a table's: no order
        order = state.deck(action.player) + state.hand(action.player)
        rng.shuffle(order)
        return Mulligan(action.player, tuple(order))
    return action
