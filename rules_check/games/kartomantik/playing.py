"""Playing a card and activating an effect (Kartomantik 3.1 Support and Chain, Activated; 1.2
Wills; 4.2.2 Reaction; readings K12, K38): where a card is played from, when, and its cost;
then it goes on the Stack (2.3)."""

from __future__ import annotations

from rules_check.core.errors import IllegalAction

from . import board
from .actions import Activate, Play
from .board import activated_of, is_scripted
from .moves import move
from .plain import check_unscripted_ops
from .priority import check_priority, check_stack_only
from .rulebook import RULE_ACTIVATED, RULE_OWNER, RULE_PERSISTENT, RULE_REACTION, RULE_SUPPORT, RULE_TRIBUTE, WILLS_FROM_HAND
from .seen import can_hold, can_hold_all, why_cannot_hold, why_not_held
from .state import END, REACTION, STACK, KState, StackItem, name_of, owner_of, where, zone, zone_name
from .sweep import sweep
from .targets import check_targets
from .tribute import check_tribute, pay, tribute_of


def check_played_from(state: KState, a: Play) -> None:
    """Reading K38: a card is played from the zone its rule names, and a card that is not there
    is cited by that rule, saying where it is: a Support manifestation "from the hand or the
    Interzone" (3.1 Support and Chain), a Will from the hand (4.2.2 Reaction, 4.2.3, 4.2.4:
    "play ... Wills from their hand"). A card its player does not own is 3.2 Owner and Controller's."""
    card, p = state.card(a.card), a.player
    src = zone(a.source, p)
    if a.card not in state.zones.get(src) and not any(u[a.card] for u in state.zones.unknown.values()) \
            and state.zone_of(a.card) is None:
        raise IllegalAction(RULE_OWNER, f"{card.name} is not one of {p}'s cards: {p}'s deck did not hold it, "
                                        f"and a player plays only the cards they own")
    if card.type == "manifestation":
        if a.source not in ("hand", "interzone"):
            raise IllegalAction(RULE_SUPPORT, f"{card.name} cannot be played from {zone_name(src)}: a manifestation "
                                              f"is played in Support from the hand or the Interzone")
        if not can_hold(state, src, a.card):
            raise IllegalAction(RULE_SUPPORT, f"{why_not_held(state, a.card, src)}: a manifestation is played in "
                                              f"Support from the hand or the Interzone")
        return
    rule = WILLS_FROM_HAND.get(state.phase, RULE_REACTION)
    if a.source != "hand":
        raise IllegalAction(rule, f"{card.name} is a will: wills are played from the hand, not from "
                                  f"{zone_name(src)}")
    if not can_hold(state, src, a.card):
        raise IllegalAction(rule, f"{why_not_held(state, a.card, src)}: wills are played from the hand")


def check_play(state: KState, a: Play) -> None:
    check_priority(state, a.player)
    check_stack_only(state)
    # a card played from the hand that holds it and its tribute (reading K39: one multiset asked
    # once) is where its rule plays it from, and its tribute too: the questions of each, skipped
    held = a.source == "hand" and can_hold_all(state, zone("hand", a.player), (a.card,) + a.tribute)
    if not held:
        check_played_from(state, a)
    card = state.card(a.card)
    if card.type == "manifestation":
        if not board.has_support(card):
            raise IllegalAction(RULE_SUPPORT, f"{card.name} has no Support: only the First Manifestation "
                                              f"enters without it")
        if state.phase != REACTION:
            raise IllegalAction(RULE_SUPPORT, "manifestations with Support are played during the Reaction "
                                              "(reading K12)")
        if a.ops or a.targets:
            raise IllegalAction(RULE_SUPPORT, "a Support manifestation enters with no target and no effect; its "
                                              "triggered effects are `effect` entries once it has entered")
    else:
        if card.will == "persistent" and (state.phase != END or state.items):
            raise IllegalAction(RULE_PERSISTENT, "a Persistent Will is played only in the End Phase, with "
                                                 "nothing on the Stack")
    if a.card in a.tribute:
        raise IllegalAction(RULE_TRIBUTE, f"{card.name} cannot pay its own tribute")
    check_tribute(state, a.player, tribute_of(state, a), a.tribute, held)
    if a.source == "hand" and a.tribute and not held:  # a table state: the hand holds the card and its tribute (K39)
        problem = why_cannot_hold(state, zone("hand", a.player), (a.card,) + a.tribute)
        if problem:
            raise IllegalAction(RULE_TRIBUTE, f"{problem}: the card played and its tribute are both from the hand")
    if card.type == "will":
        check_targets(state, board.effect_ability(state, a.card) if card.script else None, a.player, a.card,
                      a.targets)
        check_unscripted_ops(state, a.card, a.ops)


def check_activate(state: KState, a: Activate) -> None:
    check_priority(state, a.player)
    check_stack_only(state)
    if not state.is_on_field(a.card):
        raise IllegalAction(RULE_ACTIVATED, f"{name_of(a.card)} is {where(state, a.card)}, not on the field: "
                                            f"activated effects are of cards on the field (reading K38)")
    if state.controller(a.card) != a.player:
        raise IllegalAction(RULE_OWNER, f"{a.player} does not control {a.card}")
    ability = activated_of(state, a.card)
    if ability is None and is_scripted(state, a.card):
        lost = " (it lost its effects)" if a.card in state.muted else ""
        raise IllegalAction(RULE_ACTIVATED, f"{name_of(a.card)} has no activated effect (\"COST: effect\", like "
                                            f"\"Pay [cost]:\"){lost}")
    check_tribute(state, a.player, tribute_of(state, a), a.tribute)
    if ability is not None:
        check_targets(state, ability, a.player, a.card, a.targets)
    else:
        check_targets(state, None, a.player, a.card, a.targets)
        check_unscripted_ops(state, a.card, a.ops)


def apply_play(state: KState, action: Play) -> None:
    """A card played goes on the Stack (2.3), its tribute paid (2.1)."""
    cost = tribute_of(state, action)
    starts_stack(state, action.player)
    state.zones.move(action.card, zone(action.source, action.player), STACK)
    ability = board.effect_ability(state, action.card) if state.card(action.card).type == "will" else None
    item = StackItem(action.card, action.player, ability, True, action.targets,
                     origin=zone(action.source, action.player), written=action.ops, written_line=action.line)
    put_on_stack(state, action, cost, item)


def apply_activate(state: KState, action: Activate) -> None:
    """An activated effect goes on the Stack (3.1 Activated), its cost paid: the tribute, and the
    card itself where the cost exiles it."""
    cost = tribute_of(state, action)
    starts_stack(state, action.player)
    ability = activated_of(state, action.card)
    if ability is not None and ability.cost.exile:  # type: ignore[union-attr]
        here = state.zone_of(action.card)
        move(state, action.card, here, zone("exile", owner_of(action.card)))  # type: ignore[arg-type]
        sweep(state)
    item = StackItem(action.card, action.player, ability, False, action.targets, kind="activated",
                     written=action.ops, written_line=action.line)
    put_on_stack(state, action, cost, item)


def starts_stack(state: KState, player: str) -> None:
    """The first item of an empty Stack: its player started it (4.2.4, reading K16)."""
    if not state.items:
        state.stack_starter = player


def put_on_stack(state: KState, action: Play | Activate, cost: tuple[str, int] | None, item: StackItem) -> None:
    """2.3: the tribute paid, the item on top of the Stack and Priority to the opponent."""
    pay(state, action.player, cost, action.tribute)
    state.items.append(item)
    state.priority = state.other(action.player)
    state.passes = 0
