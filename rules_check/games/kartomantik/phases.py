"""What the rules do by themselves as the turn goes on (Kartomantik 4.2 Turn Structure and
Phases; reading K6): the Recovery draws (4.2.1), the Resolution or the Stalemate once both
players pass (4.2.2, 4.2.3), the end of the turn (4.2.4), and Priority after an item of the
Stack resolved (2.3.4)."""

from __future__ import annotations

from rules_check.effects import Frame, run

from . import board, triggers
from .moves import move
from .priority import normal_priority
from .standing import outcome
from .state import (CONFRONTATION, END, HAND_LIMIT, HAND_LIMIT_PHASE, OVER, PLACE, REACTION, RECOVERY, RESOLUTION,
                    STALEMATE, KState, Resolving, owner_of, zone)
from .sweep import sweep
from .triggers import flush_triggers
from .verbs import KWorld


def draw(state: KState, p: str) -> None:
    """Draw up to the hand limit, one card at a time from the deck's top (the END of its list):
    the cards taken off as one slice, in the order they are drawn."""
    hand, deck = state.hand(p), state.deck(p)
    n = min(HAND_LIMIT - len(hand), len(deck))
    if n > 0:
        hand.extend(deck[:-n - 1:-1])  # the top first, as one pop after another would take them
        del deck[-n:]


def start_turn(state: KState) -> None:
    """4.2.1 Recovery: "at the beginning of the turn" effects, then the draws to 7."""
    state.phase = RECOVERY
    state.mulligans = {p: 0 for p in state.players}
    state.first = set()
    state.drawn = False
    state.end_triggers = False
    state.winner = state.turn_winner = None
    state.asked = set()
    if state.turn > 1:
        state.events.append(("beginning of turn",))
        flush_triggers(state)
    settle(state)


def settle(state: KState) -> None:
    """What the rules do by themselves once nothing is waiting: the Recovery draws (4.2.1
    step 2) once the beginning-of-turn effects are resolved; a player who cannot draw to 7
    ends the game (ruling K4, reading K10)."""
    if state.phase != RECOVERY or state.drawn or state.pending or state.items or state.resolving:
        return
    state.drawn = True
    for p in state.players:
        if len(state.deck(p)) < HAND_LIMIT - len(state.hand(p)):
            state.phase = OVER
            state.ended = True
            return
    for p in state.players:
        draw(state, p)
    state.events.append(("before",))
    flush_triggers(state)


def after_item(state: KState) -> None:
    """After an item resolved: priority (2.3.4; reading K16), new triggers, what comes next."""
    sweep(state)
    state.passes = 0
    if state.items:
        state.priority = state.other(state.items[-1].controller)  # 2.3.4
    else:
        starter, state.stack_starter = state.stack_starter, None
        if state.phase == END and starter is not None:
            state.priority = state.other(starter)  # 4.2.4
        elif state.phase in (REACTION, RESOLUTION):
            state.priority = normal_priority(state)  # 2.2, reading K16
    flush_triggers(state)
    settle(state)


def end_turn(state: KState) -> None:
    """4.2.4: "until the end of the turn" effects wear off; excess essence is lost (2.1) unless
    an effect keeps it; the hand limit."""
    for key in [k for k in state.counters if k.startswith("turn.")]:
        del state.counters[key]
    state.control.clear()
    state.temperaments.clear()
    state.muted.clear()
    state.granted.clear()
    state.delayed.clear()
    # (a player with no excess essence has none to keep or lose: the static effects are asked of one who has some)
    state.essence = {p: (kept if (kept := state.essence.get(p)) and board.can_keep_essence(state, p) else {})
                     for p in state.players}
    sweep(state)
    state.events.clear()
    if any(len(state.hand(p)) > HAND_LIMIT for p in state.players):
        state.phase = HAND_LIMIT_PHASE
        return
    state.turn += 1
    start_turn(state)


def begin_resolution(state: KState, w: str) -> None:
    state.winner = state.turn_winner = w
    state.phase = RESOLUTION
    state.priority = w
    state.passes = 0
    state.events.append(("wins", w))  # 4.2.3: "Any on-win, on-loss ... effects are triggered"
    flush_triggers(state)


def stalemate(state: KState) -> None:
    """4.2.3 Stalemate: every manifestation in the Confrontation Zone to the Stalemate Zone."""
    moved = list(state.zones[CONFRONTATION])
    for it in moved:
        move(state, it, CONFRONTATION, STALEMATE)
    state.events.append(("stalemate", tuple(moved)))
    state.phase = END
    state.priority = state.last_winner
    state.turn_winner = None
    flush_triggers(state)


def after_passes(state: KState) -> None:
    """Both players passed with an empty Stack: the phase moves on."""
    state.passes = 0
    if state.phase == REACTION:
        after_reaction(state)
    elif state.phase == RESOLUTION:
        after_resolution(state)
    else:
        after_end_phase(state)


def after_reaction(state: KState) -> None:
    """4.2.3: the Confrontation is won, or (reading K32: each replacement of a Stalemate offered
    first, which may ask a question or give a winner) it is a Stalemate."""
    standing, state.standing = state.standing, None  # (KState.standing: what only passes followed)
    w = standing[0] if standing is not None else outcome(state)
    if w is not None:
        begin_resolution(state, w)
        return
    for source, ability in triggers.replacements(state):  # reading K32
        if source in state.asked:
            continue
        state.asked.add(source)
        frame = Frame(source, ability, state.controller(source))
        request = run(KWorld(state), frame)
        if request is not None:
            state.resolving = Resolving(frame, None, "stalemate", request)
            return
        if state.winner is not None:
            begin_resolution(state, state.winner)
            return
    stalemate(state)


def after_resolution(state: KState) -> None:
    """4.2.3: the loser's manifestations go to the winner's Empathic Vessel; the winner places
    their own next, if any are left."""
    w = state.winner
    assert w is not None
    for z in (CONFRONTATION, STALEMATE):
        for it in list(state.zones[z]):
            if owner_of(it) != w:
                move(state, it, z, zone("vessel", w))
    state.last_winner = w
    sweep(state)
    if any(owner_of(it) == w for z in (CONFRONTATION, STALEMATE) for it in state.zones[z]):
        state.phase = PLACE
    else:
        state.phase = END
        state.priority = w
    flush_triggers(state)


def after_end_phase(state: KState) -> None:
    """4.2.4: "Resolve any 'at the end of the turn' effects", then the turn ends."""
    if not state.end_triggers:  # 4.2.4: "Resolve any 'at the end of the turn' effects"
        state.end_triggers = True
        state.events.append(("end of turn",))
        flush_triggers(state)
        if state.pending:
            return
    end_turn(state)
