"""An item of the Stack resolves (Kartomantik 2.3 The Stack System, 2.3.3): its targets and
condition checked again (3.2 Targets), its effect run by the machine (a question waits for a
`choose` entry, reading K30), then its card goes to its zone (2.3 "A Card")."""

from __future__ import annotations

from pnp.effects.language import TRIGGERED
from rules_check.core.ops import apply_ops
from rules_check.effects import Frame, describe, mismatch, program, run

from . import board
from .board import text_of
from .moves import move
from .plain import check_moves
from .state import CONFRONTATION, STACK, KState, Resolving, StackItem, name_of, owner_of, zone
from .verbs import KWorld


def current_request(state: KState):
    """The question the effect under way asks now: the one its run stopped at, or (after a
    `show`, on a copy) asked again by running a copy of its frame."""
    res = state.resolving
    assert res is not None
    if res.request is None:
        res.request = run(KWorld(state), res.frame.copy(), {})
    return res.request


def is_still_valid(state: KState, top: StackItem) -> bool:
    """3.2 Targets: "The target must be valid both when the effect is put on the Stack and when
    it resolves"; an intervening "if" must still hold (docs/rulings.md K29)."""
    ability = top.ability
    if ability is None:
        return True
    if ability.target is not None and not board.can_target(state, ability.target, top.controller, top.card,
                                                              top.targets):
        return False
    if ability.kind == TRIGGERED and ability.condition is not None:
        frame = Frame(top.card, ability, top.controller, bindings=dict(top.bindings))
        return KWorld(state).test(frame, ability.condition)
    return True


def resolve_top(state: KState) -> None:
    """2.3.3: the last action added resolves: its effect (the script, run by the machine), then
    a card goes to its zone (2.3 "A Card")."""
    top = state.items.pop()
    if top.ability is None:
        if not (top.is_card and state.is_manifestation(top.card)) and is_still_valid(state, top):
            check_moves(state, top.written)  # the cards may have moved since it was put on the Stack
            apply_ops(state, list(top.written))  # reading K34: a card with no script
        finish_item(state, top, None)
        return
    # what it does is noted only to be compared with what the log wrote for it (finish_item)
    frame = Frame(top.card, top.ability, top.controller, bindings={"targets": top.targets, **top.bindings},
                  records=bool(top.written))
    if not is_still_valid(state, top):
        frame.pc = len(program(top.ability))  # it does nothing
        finish_item(state, top, frame)
        return
    request = run(KWorld(state), frame)
    if request is not None:
        state.resolving = Resolving(frame, top, request=request)
        return
    finish_item(state, top, frame)


def finish_item(state: KState, top: StackItem, frame: Frame | None) -> None:
    if frame is not None and top.written and mismatch(top.written, frame.outcome):
        line = f" (line {top.written_line})" if top.written_line else ""
        state.problem = (f"{name_of(top.card)}'s effect (\"{text_of(state, top.card)}\") does: "
                         f"{describe(frame.outcome)}; the log{line} writes: {describe(top.written)} (reading K33)")
    if top.is_card and top.card in state.zones[STACK]:
        card = state.card(top.card)
        owner = owner_of(top.card)
        if card.type == "manifestation":
            move(state, top.card, STACK, CONFRONTATION, support=True, origin=top.origin)
        elif card.will == "persistent":
            state.zones.move(top.card, STACK, zone("field", owner))
        else:
            state.zones.move(top.card, STACK, zone("limbo", owner))
