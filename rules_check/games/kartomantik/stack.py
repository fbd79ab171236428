"""The Stack's entries (Kartomantik 2.3 The Stack System; 3.1 Triggered; readings K20, K29, K30,
K33): a triggered effect put on it, a pass (two in a row resolve its top) and the answer to a
question an effect asks as it resolves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pnp.effects.language import TRIGGERED
from rules_check.core.errors import IllegalAction
from rules_check.effects import run

from . import board
from .actions import Action, Choose, Effect, Pass
from .board import is_scripted, text_of
from .phases import after_item, after_passes, begin_resolution
from .plain import check_moves
from .priority import check_priority
from .resolve import current_request, finish_item, resolve_top
from .rulebook import RULE_EFFECTS, RULE_OWNER, RULE_TRIGGERED
from .state import KState, Resolving, StackItem
from .targets import check_targets
from .verbs import KWorld


def check_effect(state: KState, a: Effect) -> None:
    """Reading K20: a triggered effect whose condition was met, put on the Stack in order."""
    if not is_scripted(state, a.card):  # reading K34: no script, no trigger to check
        if state.controller(a.card) != a.player:
            raise IllegalAction(RULE_OWNER, f"{a.player} does not control {a.card}")
        check_targets(state, None, a.player, a.card, a.targets)
        check_moves(state, a.ops)
        return
    mine = [p for p in state.pending if p.source == a.card]
    if not mine:
        kinds = [ab for ab in board.abilities(state, a.card) if ab.kind == TRIGGERED]
        why = (f"its trigger (\"{text_of(state, a.card)}\") has not been met, or its effect is already on the Stack"
               if kinds else f"it has no triggered effect (\"{text_of(state, a.card)}\")")
        raise IllegalAction(RULE_TRIGGERED, f"no triggered effect of {a.card} waits to be put on the Stack: {why}")
    pending = next((p for p in mine if p.controller == a.player), None)
    if pending is None:
        raise IllegalAction(RULE_OWNER, f"{mine[0].controller} controls {a.card}'s triggered effect, not {a.player}")
    lead = state.lead
    if a.player != lead and any(p.controller == lead for p in state.pending):
        raise IllegalAction(RULE_TRIGGERED, f"simultaneous triggers: {lead}, who has Priority, puts their "
                                            f"effects on the Stack first (reading K20)")
    check_targets(state, pending.ability, a.player, a.card, a.targets)


def check_pass(state: KState, a: Pass) -> None:
    check_priority(state, a.player)
    if state.passes >= 1 and state.items:  # the top item resolves now
        top = state.items[-1]
        if top.written or (top.ability is None and not (top.is_card and state.is_manifestation(top.card))):
            check_on_copy(state, a, apply_pass)


def check_choose(state: KState, a: Choose) -> None:
    if state.resolving is None:
        raise IllegalAction(RULE_EFFECTS, "no effect is asking for a choice now: a `choose` entry answers a "
                                          "question an effect asks as it resolves, and one with nothing to act "
                                          "on (a \"you may\" about no card) asks none (reading K37)")
    request = current_request(state)
    assert request is not None
    if a.player != request.chooser:
        raise IllegalAction(RULE_EFFECTS, f"{request.chooser} chooses {request.what}, not {a.player}")
    value = request.answer(a.value, RULE_EFFECTS)
    item = state.resolving.item
    if item is not None and item.written:
        check_on_copy(state, a, lambda trial, action: answer(trial, action, request.name, value))
    else:
        state.kept = Kept(a, state.resolving, None, (request.name, value))


@dataclass
class Kept:
    """What a check worked out, for the apply of the same action on the same state to take over
    (`take_kept`) instead of working it out again: the whole state after it (``trial``: a copy
    the check applied it to), or for a `choose` the question it answers and the answer read
    (``answered``: the effect under way then runs on from its question at once)."""

    action: Action
    resolving: Resolving | None  # the effect under way when it was checked
    trial: KState | None
    answered: tuple[str, Any] | None = None


def take_kept(state: KState, action: Action) -> Kept | None:
    """The `Kept` the last check left, if it was of ``action`` (the same object) on this state
    (the effect under way the same); taken out either way: an apply is checked again before
    another apply takes anything over (rules.apply clears it after every entry)."""
    kept, state.kept = state.kept, None
    if kept is None or kept.action is not action or kept.resolving is not state.resolving:
        return None
    return kept


def check_on_copy(state: KState, action: Action, apply: Callable[[KState, Any], None]) -> None:
    """Apply ``action`` to a copy, where resolving the Stack's top may break a rule: an outcome
    the log wrote that is not the script's (reading K33), a plain operation that is impossible.
    ``apply``: what ``action`` does (`apply_pass`, or the answer of a `choose`). The copy is
    kept for the apply to take over (`take_kept`): the Stack's top resolves once per entry."""
    trial = state.copy()
    if type(action) is not Pass:  # as rules.apply drops it (KState.standing)
        trial.standing = None
    try:
        apply(trial, action)
    except IllegalAction as exc:
        raise IllegalAction(RULE_EFFECTS if exc.rule.startswith("SPEC") else exc.rule, exc.message) from None
    if trial.problem:
        raise IllegalAction(RULE_EFFECTS, trial.problem)
    state.kept = Kept(action, state.resolving, trial)


def adopt(state: KState, trial: KState) -> None:
    """``state`` becomes the copy its check applied the action to (`check_on_copy`)."""
    state.__dict__.update(trial.__dict__)
    state.kept = None


def apply_effect(state: KState, action: Effect) -> None:
    """Reading K20: the triggered effect on the Stack; Priority to the opponent once none waits."""
    pending = next((p for p in state.pending if p.source == action.card and p.controller == action.player), None)
    if pending is not None:
        state.pending.remove(pending)
        ability, bindings = pending.ability, pending.bindings
    else:  # reading K34: a card with no script
        ability, bindings = None, {}
    if not state.items:
        state.stack_starter = action.player
    state.items.append(StackItem(action.card, action.player, ability, False, action.targets, dict(bindings),
                                 kind="triggered", written=action.ops, written_line=action.line))
    if not state.pending:
        state.priority = state.other(action.player)
    state.passes = 0


def apply_pass(state: KState, action: Pass) -> None:
    """2.3.3: both players pass in a row: the Stack's top resolves, or with an empty Stack the
    phase moves on."""
    if state.kept is not None:  # (most passes: their check kept nothing)
        kept = take_kept(state, action)
        if kept is not None and kept.trial is not None:  # resolved on the check's copy
            adopt(state, kept.trial)
            return
    state.passes += 1
    state.priority = state.other(action.player)
    if state.passes >= 2:
        if state.items:
            resolve_top(state)
            if state.resolving is None:
                after_item(state)
        else:
            after_passes(state)


def apply_choose(state: KState, action: Choose) -> None:
    """Reading K30: the answer given, the effect runs on to its next question or its end."""
    kept = take_kept(state, action)
    if kept is not None:
        if kept.trial is not None:  # answered on the check's copy
            adopt(state, kept.trial)
            return
        if kept.answered is not None:  # the question and the answer as the check read them
            answer(state, action, *kept.answered)
            return
    request = current_request(state)
    assert request is not None
    answer(state, action, request.name, request.answer(action.value, RULE_EFFECTS))


def answer(state: KState, action: Choose, name: str, value: Any) -> None:
    """The effect under way, stopped at its question ``name``, goes on with ``value`` (the
    answer read, one of the question's options) to its next question or its end."""
    res = state.resolving
    assert res is not None
    res.frame.answers[name] = value  # as `run` records an answer supplied to the question it stands at
    res.request = run(KWorld(state), res.frame, {})
    if res.request is not None:
        return  # another choice comes next
    state.resolving = None
    if res.item is not None:
        finish_item(state, res.item, res.frame)
        after_item(state)
    elif state.winner is not None:  # a replacement: the Confrontation won instead (reading K32)
        begin_resolution(state, state.winner)
    else:
        after_passes(state)
