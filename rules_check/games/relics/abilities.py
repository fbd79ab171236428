"""Using a card's ability ("Card Abilities"): its script run on the effect machine.

"You may discard a card from your hand at any time to use its ability." The card leaves the
hand, its script runs (`verbs.RWorld`), then it lies on the discard pile (ruling R9). The
choices the entry writes (``choose:``) answer the questions the script asks; a question left
unanswered, an answer no step asked for, or an outcome written (``ops``) that is not the
script's is a violation. A side with no script (card data without one) is plain operations,
listed as unverified (SPEC.md principle 4).

`uses` lists every way to use a card (each combination of answers: the whole legal set for the
simulator), and `can_pay_with_abilities` answers ruling R6 ("abilities are used at any time"):
whether a challenge can be paid once abilities in hand are used first.
"""

from __future__ import annotations

from typing import Any

from rules_check.core.errors import IllegalAction
from rules_check.effects import Frame, answer_sets, describe, leftover, mismatch, run

from .actions import Ability
from .state import DISCARD, HAND, RelicsState
from .verbs import RULE_ABILITIES, RWorld

# verbs that cannot change what a challenge costs or what pays it (ruling R6's search skips them)
PATH_ONLY = {"flip", "swap", "replace", "arrange"}


def script_of(state: RelicsState, card: str):
    return state.side(card).script


def use(state: RelicsState, action: Ability) -> Frame | None:
    """Use the ability of ``action.card`` (in the hand): the card leaves the hand, the script
    runs with the entry's answers, the card goes to the discard pile. Returns the frame (its
    outcome), or None for a side with no script; raises `IllegalAction` for a missing or
    unasked choice."""
    card = action.card
    script = script_of(state, card)
    state.zones.take(card, HAND)
    if script is None or script.effect is None:
        state.zones.put(card, DISCARD)
        return None
    frame = Frame(card, script.effect, state.players[0])
    supply = dict(action.choose)
    blank = supply.pop("", None)
    request = run(RWorld(state), frame, supply)
    if request is not None and blank is not None:
        supply[request.name] = blank
        blank = None
        request = run(RWorld(state), frame, supply)
    what = f"{card}'s ability (\"{state.side(card).ability}\")"
    if request is not None:
        raise IllegalAction(RULE_ABILITIES, f"{what} asks {request.what}: write it in the entry, "
                                            f"choose: {{{request.name}: ...}} (the choices: {request.shown()})")
    if blank is not None:
        supply[""] = blank
    leftover({k or "(one answer)": v for k, v in supply.items()}, what, RULE_ABILITIES)
    state.zones.put(card, DISCARD)  # after its effect (ruling R9)
    return frame


def check_outcome(frame: Frame | None, action: Ability, state: RelicsState) -> None:
    """An outcome the entry writes must be the script's (SPEC.md principle 4)."""
    if frame is not None and action.ops is not None and mismatch(action.ops, frame.outcome):
        raise IllegalAction(RULE_ABILITIES, f"{action.card}'s ability (\"{state.side(action.card).ability}\") does: "
                                            f"{describe(frame.outcome)}; the entry writes: {describe(action.ops)}")


def uses(state: RelicsState, card: str, skip: set[str] = frozenset()) -> list[tuple[tuple[str, Any], ...]]:
    """Every combination of answers the ability of ``card`` can be used with."""
    script = script_of(state, card)
    if script is None or script.effect is None:
        return [()]
    if any(step.verb in skip for step in script.effect.walk()):
        return []

    def start() -> tuple[RWorld, Frame]:
        trial = state.copy()
        trial.zones.take(card, HAND)
        return RWorld(trial), Frame(card, script.effect, state.players[0])

    return [tuple(answers.items()) for answers in answer_sets(start, written=False)]


def can_pay_with_abilities(state: RelicsState, payable_now, depth: int = 4) -> bool:
    """Ruling R6: whether the challenge under way (or the hand-limit discard before it) can be
    got through, using abilities of the cards in hand first. ``payable_now(state)`` says
    whether it can be paid as things stand."""
    from . import rules

    seen: set[tuple] = set()

    def key(s: RelicsState) -> tuple:
        return (s.phase, tuple(sorted(s.counters.items())), tuple(sorted(s.hand())))

    def go(s: RelicsState, left: int) -> bool:
        if s.phase not in (rules.CHALLENGE, rules.HAND_LIMIT):
            return True
        if s.phase == rules.CHALLENGE and payable_now(s):
            return True
        if left == 0 or key(s) in seen:
            return False
        seen.add(key(s))
        moves: list = []
        if s.phase == rules.HAND_LIMIT:
            moves += [rules.HandLimitDiscard(c) for c in s.hand()]
        for card in s.hand():
            moves += [Ability(card, answers) for answers in uses(s, card, PATH_ONLY)]
        for action in moves:
            trial = s.copy()
            try:
                rules.apply(trial, action)
            except IllegalAction:
                continue
            if go(trial, left - 1):
                return True
        return False

    return go(state, depth)
