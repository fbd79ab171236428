"""Using a card's ability ("Card Abilities"): its script run on the effect machine.

"You may discard a card from your hand at any time to use its ability." The card leaves the
hand, its script runs (`verbs.RWorld`), then it lies on the discard pile (ruling R9). The
choices the entry writes (``choose:``) answer the questions the script asks; a question left
unanswered, an answer no step asked for, or an outcome written (``ops``) that is not the
script's is a violation. A side with no script (card data without one) is plain operations,
listed as unverified (docs/logs/README.md, "Card effects").

`uses` lists every way to use a card (each combination of answers: the whole legal set for the
simulator), and `first_uses_reaching` answers ruling R6 ("abilities are used at any time"):
which abilities used first let a challenge be paid (`can_pay_with_abilities`, after a travel)
or a travel be made at all (before it: every ability counts there, flips and swaps included).
"""

from __future__ import annotations

from typing import Any

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen
from rules_check.effects import Frame, answer_sets, describe, leftover, mismatch, run

from . import seen
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
    if seen.is_table(state):  # the cards an "arrange" looks at are named by its order (ruling R12)
        for step in script.effect.walk():
            order = supply.get("order", supply.get(""))
            if step.verb == "arrange" and isinstance(order, (list, tuple)):
                seen.name_looked_at(state, order, step.value)
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
    """An outcome the entry writes must be the script's (docs/logs/README.md, "Card effects")."""
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


def ability_uses(state: RelicsState, skip: set[str] = frozenset(), guess: bool = False) -> list[Ability]:
    """Every ability of the cards in hand, with each combination of answers. A card the search
    drew unseen has no ability anyone knows (it still pays a missing point). With ``guess``,
    an ability that draws the unseen top card of the draw pile is tried once per card it could
    be (`seen.variants`, ruling R13)."""
    out = [Ability(card, answers) for card in state.hand() if not is_unseen(card)
           for answers in uses(state, card, skip)]
    if guess and seen.top_unseen(state):
        return [v for a in out for v in seen.variants(state, a)]
    return out


def first_uses_reaching(state: RelicsState, goal, skip: set[str] = frozenset(),
                        depth: int = 4, guess: bool = True) -> list[Ability] | None:
    """Ruling R6's search: the shortest run of abilities (at most ``depth``, each using up a
    card) after which ``goal(state)`` holds, or None when no run reaches it. While the
    hand-limit discard of 1b is due, the discard is a step too. Verbs in ``skip`` are left
    out where they cannot matter. Returns ``[]`` when the goal holds as things stand. In a
    table log, ``guess`` lets a card drawn from the unseen draw pile be any it could be (SOME
    order, ruling R13); without it such a card is drawn unseen (a point to discard, no ability)."""
    from . import rules

    def found(path: list) -> list[Ability]:
        return [a for a in path if isinstance(a, Ability)]

    if goal(state):
        return []
    seen: set[tuple] = set()
    frontier: list[tuple[RelicsState, list]] = [(state, [])]
    for _ in range(depth):
        nxt: list[tuple[RelicsState, list]] = []
        for s, path in frontier:
            key = (s.phase, tuple(sorted(s.counters.items())),
                   tuple((z, tuple((c, s.face.get(c)) for c in s.zones[z])) for z in s.zones.names()))
            if key in seen:
                continue
            seen.add(key)
            moves: list = [rules.HandLimitDiscard(c) for c in s.hand()] if s.phase == rules.HAND_LIMIT else []
            for action in moves + ability_uses(s, skip, guess):
                trial = s.copy()
                try:
                    rules.apply(trial, action)
                except IllegalAction:
                    continue
                if goal(trial):
                    return found(path + [action])
                nxt.append((trial, path + [action]))
        frontier = nxt
    return None


def can_pay_with_abilities(state: RelicsState, payable_now, depth: int = 4, guess: bool = True) -> bool:
    """Ruling R6: whether the challenge under way (or the hand-limit discard before it) can be
    got through, using abilities of the cards in hand first. ``payable_now(state)`` says
    whether it can be paid as things stand. Verbs that only change the paths (flips, swaps)
    cannot change a challenge already chosen, and are left out."""
    from . import rules

    def through(s: RelicsState) -> bool:
        return s.phase not in (rules.CHALLENGE, rules.HAND_LIMIT) or (s.phase == rules.CHALLENGE and payable_now(s))

    return first_uses_reaching(state, through, PATH_ONLY, depth, guess) is not None
