"""Targets (Kartomantik 3.2 Targets, Action Validity): declared when an effect is put on the
Stack, valid then."""

from __future__ import annotations

from pnp.effects.language import Ability
from rules_check.core.errors import IllegalAction

from . import board
from .board import text_of
from .rulebook import RULE_TARGETS, RULE_VALIDITY
from .state import STACK, KState, name_of, where


def check_targets(state: KState, ability: Ability | None, controller: str, source: str,
                  targets: tuple[str, ...]) -> None:
    """3.2 Targets: declared when put on the Stack, valid then; 3.2 Action Validity: an action
    whose text needs a target cannot be played without a legal one."""
    name = name_of(source)
    if ability is None:  # a card with no script (reading K34): anything on the field or the Stack
        for t in targets:
            if not (board.is_in_zone(state, t, "field", "any", controller) or t in state.zones[STACK]):
                raise IllegalAction(RULE_TARGETS, f"the target {t} is {where(state, t)}, not on the field or "
                                                  f"the Stack")
        return
    spec = ability.target
    if spec is None:
        if targets:
            raise IllegalAction(RULE_TARGETS, f"{name}'s effect has no target (\"{text_of(state, source)}\")")
        return
    if not targets:
        if not board.has_targets(state, spec, controller, source):
            raise IllegalAction(RULE_VALIDITY,  # type: ignore[attr-defined]
                                f"{name} needs {spec.printed} and there is none (\"{text_of(state, source)}\")")
        raise IllegalAction(RULE_TARGETS, f"{name} needs {spec.printed}: declare it (`target:`)")  # type: ignore[attr-defined]
    if not board.can_target(state, spec, controller, source, targets):
        wrong = [t for t in targets if t not in board.target_candidates(state, spec, controller, source)]
        what = f"the target {wrong[0]} is not" if wrong else f"{', '.join(targets)} are not"
        raise IllegalAction(RULE_TARGETS, f"{what} {spec.printed} (\"{text_of(state, source)}\")")  # type: ignore[attr-defined]
