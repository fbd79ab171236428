"""The Confrontation's entries (Kartomantik 4.2.2 Confrontation Phase, 4.2.3 Resolution Phase):
the First Manifestations revealed, and the winner placing their manifestations in the
Interzone or at the bottom of the deck (reading K14)."""

from __future__ import annotations

import itertools
from typing import Iterator

from rules_check.core.errors import IllegalAction

from .actions import Place, Reveal
from .moves import move
from .mulligan import has_first_manifestation
from .priority import check_stack_empty, normal_priority
from .rulebook import RULE_RECOVERY, RULE_RESOLUTION, RULE_REVELATION
from .seen import can_hold, why_not_held
from .state import (CONFRONTATION, END, INTERZONE_SPACES, PLACE, REACTION, RECOVERY, STALEMATE, KState, name_of,
                    owner_of, zone)
from .sweep import sweep
from .triggers import flush_triggers


def check_reveal(state: KState, a: Reveal) -> None:
    check_stack_empty(state, "the Revelation")
    if state.phase != RECOVERY:
        raise IllegalAction(RULE_REVELATION, "the First Manifestations are revealed once a turn, after the "
                                             "Recovery Phase")
    for p, it in a.chosen:
        # a manifestation the hand holds (seen, or one of its unseen cards can be it) is a manifestation
        # in hand (4.2.1.3) chosen from the hand (reading K38): each question below would answer that it
        # may be revealed; they are asked, in order, only when it is not one
        if state.is_manifestation(it) and can_hold(state, zone("hand", p), it):
            continue
        if has_first_manifestation(state, p) is False:
            raise IllegalAction(RULE_RECOVERY, f"{p} has no manifestation in hand: a mulligan is compulsory")
        if not can_hold(state, zone("hand", p), it):
            raise IllegalAction(RULE_REVELATION, f"{why_not_held(state, it, zone('hand', p))}: the First "
                                                 f"Manifestation is chosen from the hand (reading K38)")
        if not state.is_manifestation(it):
            raise IllegalAction(RULE_REVELATION, f"{name_of(it)} is not a manifestation")


def apply_reveal(state: KState, action: Reveal) -> None:
    for p, it in action.chosen:
        move(state, it, zone("hand", p), CONFRONTATION)
    state.first = {it for _, it in action.chosen}
    state.phase = REACTION
    state.passes = 0
    state.priority = normal_priority(state)
    state.events.append(("revelation",))
    flush_triggers(state)


def check_place(state: KState, a: Place) -> None:
    check_stack_empty(state, "the winner places their manifestations")
    if state.phase != PLACE or a.player != state.winner:
        raise IllegalAction(RULE_RESOLUTION, "only the Confrontation's winner places their manifestations, "
                                             "after the Resolution")
    own = sorted(it for z in (CONFRONTATION, STALEMATE) for it in state.zones[z] if owner_of(it) == a.player)
    if sorted(a.interzone + a.deck) != own:
        raise IllegalAction(RULE_RESOLUTION, f"each of {a.player}'s manifestations in the Confrontation and "
                                             f"Stalemate Zones goes once to the deck's bottom or the Interzone: "
                                             f"{', '.join(name_of(i) for i in own)}")
    inter = state.zones[zone("interzone", a.player)]
    if len(set(a.displace)) != len(a.displace) or any(it not in inter for it in a.displace):
        raise IllegalAction(RULE_RESOLUTION, "only manifestations in the Interzone are displaced, once each")
    if len(a.displace) > len(a.interzone):
        raise IllegalAction(RULE_RESOLUTION, "a manifestation is displaced only by another entering its space")
    if len(inter) - len(a.displace) + len(a.interzone) > INTERZONE_SPACES:
        raise IllegalAction(RULE_RESOLUTION, f"the Interzone has {INTERZONE_SPACES} spaces: displace one to "
                                             f"the bottom of the deck")


def apply_place(state: KState, action: Place) -> None:
    z = state.zones
    p = action.player
    for it in action.displace:
        z.move(it, zone("interzone", p), zone("deck", p), bottom=True)
    for it in action.interzone:
        src = CONFRONTATION if it in z[CONFRONTATION] else STALEMATE
        move(state, it, src, zone("interzone", p))
    for it in action.deck:
        src = CONFRONTATION if it in z[CONFRONTATION] else STALEMATE
        move(state, it, src, zone("deck", p), bottom=True)
    sweep(state)
    state.phase = END
    state.priority = p
    state.passes = 0
    flush_triggers(state)


def is_placing(state: KState) -> bool:
    """The winner places their manifestations now (4.2.3) and nothing comes first: the legal set
    is `placements`, each of which `check_place` accepts."""
    return state.phase == PLACE and not state.items and not state.pending and state.resolving is None


def placements(state: KState) -> Iterator[Place]:
    """4.2.3: each of the winner's manifestations to the Interzone or the deck's bottom (in
    every order), displacing what the Interzone cannot hold."""
    w = state.winner
    assert w is not None
    own = [it for zn in (CONFRONTATION, STALEMATE) for it in state.zones[zn] if owner_of(it) == w]
    inter = state.zones[zone("interzone", w)]
    for k in range(len(own) + 1):
        for to_inter in itertools.combinations(own, k):
            if k > INTERZONE_SPACES:
                continue
            rest = [it for it in own if it not in to_inter]
            room = len(inter) + k - INTERZONE_SPACES
            displaced = itertools.combinations(inter, room) if room > 0 else [()]
            for out in displaced:
                for order in itertools.permutations(rest):
                    yield Place(w, tuple(to_inter), tuple(order), tuple(out))
