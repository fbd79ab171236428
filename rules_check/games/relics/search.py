"""Ruling R6's search: "You may discard a card from your hand at any time to use its ability",
so whether a challenge can be paid, or a travel made at all, counts what the abilities of the
cards in hand can do first.

`first_uses_reaching` is the search (the shortest run of abilities after which a goal holds),
`can_pay_with_abilities` its question after a travel (the challenge under way, or the
hand-limit discard before it). Each step is tried on a copy with the unchecked mechanics of
``turn``; in a table log a card an ability draws from the unseen pile may be any it could be
(``abilities.variants``, ruling R13).
"""

from __future__ import annotations

import itertools
from typing import Callable, Iterator

from pnp.games.relics import models as tables
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen

from . import abilities, seen
from .actions import Ability, HandLimitDiscard
from .costs import can_pay, can_pay_now, cost_of
from .state import CHALLENGE, HAND, HAND_LIMIT, RelicsState
from .turn import apply

# verbs that cannot change what a challenge costs or what pays it (ruling R6's search skips them)
PATH_ONLY = {"flip", "swap", "replace", "arrange"}


def ability_uses(state: RelicsState, skip: set[str] = frozenset(), guess: bool = False) -> list[Ability]:
    """Every ability of the cards in hand, with each combination of answers. A card the search
    drew unseen has no ability anyone knows (it still pays a missing point). With ``guess``,
    an ability that draws the unseen top card of the draw pile is tried once per card it could
    be (`abilities.variants`, ruling R13)."""
    return list(_ability_uses(state, skip, guess))


def _ability_uses(state: RelicsState, skip: set[str], guess: bool) -> Iterator[Ability]:
    """`ability_uses` one card at a time: a card's answers are worked out (for some, a trial
    run of each) only once the search has tried every use before it."""
    variants = guess and seen.is_top_unseen(state)
    for card in list(state.hand()):
        if is_unseen(card):
            continue
        for answers in abilities.uses(state, card, skip):
            if variants:
                yield from abilities.variants(state, Ability(card, answers))
            else:
                yield Ability(card, answers)


def first_uses_reaching(state: RelicsState, goal: Callable[[RelicsState], bool], skip: set[str] = frozenset(),
                        depth: int = 4, guess: bool = True, through: bool = False) -> list[Ability] | None:
    """Ruling R6's search: the shortest run of abilities (at most ``depth``, each using up a
    card) after which ``goal(state)`` holds, or None when no run reaches it. While the
    hand-limit discard of 1b is due, the discard is a step too. Verbs in ``skip`` are left
    out where they cannot matter. Returns ``[]`` when the goal holds as things stand. In a
    table log, ``guess`` lets a card drawn from the unseen draw pile be any it could be (SOME
    order, ruling R13); without it such a card is drawn unseen (a point to discard, no ability).
    ``through``: the goal is `is_through` and ``skip`` holds `PATH_ONLY` (`can_pay_with_abilities`),
    so a use that only discards its card is left out where it cannot be needed (`_is_only_a_discard`)."""

    def found(path: list) -> list[Ability]:
        return [a for a in path if isinstance(a, Ability)]

    if goal(state):
        return []
    seen_before: set[tuple] = set()
    frontier: list[tuple[RelicsState, list]] = [(state, [])]
    for _ in range(depth):
        nxt: list[tuple[RelicsState, list]] = []
        for s, path in frontier:
            # the table as far as abilities change it: each zone's cards and the side each shows
            # (listed zone by zone, then every card's side in the same order: equal keys are the
            # equal tables a key of (zone, ((card, side), ...)) pairs tells apart, built in C)
            piles = s.zones.zones
            key = (s.phase, tuple(sorted(s.counters.items())), tuple(piles), tuple(map(tuple, piles.values())),
                   tuple(map(s.face.get, itertools.chain.from_iterable(piles.values()))))
            if key in seen_before:
                continue
            seen_before.add(key)
            moves: list = [HandLimitDiscard(c) for c in s.hand()] if s.phase == HAND_LIMIT else []
            prune = through and (s.phase == CHALLENGE
                                 or (s.phase == HAND_LIMIT and len(s.hand()) == tables.HAND_LIMIT + 1))
            for action in itertools.chain(moves, _ability_uses(s, skip, guess)):  # (answers found as reached)
                if prune and _is_only_a_discard(s, action):
                    continue
                trial = s.copy()
                try:
                    apply(trial, action)
                except IllegalAction:
                    continue
                if goal(trial):
                    return found(path + [action])
                nxt.append((trial, path + [action]))
        frontier = nxt
    return None


def can_pay_with_abilities(state: RelicsState, depth: int = 4, guess: bool = True) -> bool:
    """Ruling R6: whether the challenge under way (or the hand-limit discard before it) can be
    got through, using abilities of the cards in hand first. Verbs that only change the paths
    (flips, swaps) cannot change a challenge already chosen, and are left out."""

    if is_through(state):  # as things stand (most travels): what the search would find first
        return True
    if depth >= 1 and state.phase == HAND_LIMIT and is_through_after_discard(state):
        return True  # what the search's first step finds: the discard of the first card of the hand
    return first_uses_reaching(state, is_through, PATH_ONLY, depth, guess, through=True) is not None


def _is_only_a_discard(state: RelicsState, action: object) -> bool:
    """Whether ``action`` is the use of an ability that does nothing but discard its card: a lone
    "move energy" answered with no amount (0, or no colour to move it to). `first_uses_reaching`
    leaves it out of `can_pay_with_abilities`'s search (``through``) where it cannot change the
    answer:

    * at the challenge (2), abilities leave the step as it is, and `is_through` asks whether the
      energy and the cards in hand pay. A run that discards a card C this way reaches the goal
      only if the same run without that use does, a step sooner: every later use finds its card
      in hand, the counters and the draw pile alike; the next use that takes the top card of the
      discard pile takes C in the one run and, in the other, the card that was on top before,
      with C still in hand; after that use both discard piles show the same top card. The hand
      without the discard holds every card of the other and one more, and a card in hand only
      adds a point. So the search's answer is the same (its first run found never holds one);
    * at the hand-limit discard (1b) with four cards in hand, such a use leaves the very table
      the hand-limit discard of C leaves (C on the discard pile, then the challenge), which the
      search tries first at the same step."""
    if not isinstance(action, Ability) or action.ops is not None or action.drawn:
        return False
    if abilities.lone_move_energy(state.effect(action.card)) is None:
        return False
    answers = dict(action.choose)
    return not answers.get("amount") or "to" not in answers


def is_through(s: RelicsState) -> bool:
    """`can_pay_with_abilities`'s goal: past the challenge, or at it with enough to pay."""
    return s.phase not in (CHALLENGE, HAND_LIMIT) or (s.phase == CHALLENGE and can_pay_now(s))


def is_through_after_discard(s: RelicsState) -> bool:
    """At the hand-limit discard (1b): whether discarding any one card gets through (`is_through`
    of the table the discard leaves: the challenge, if any, costs nothing or is paid with the
    energy and the cards left). Which card goes makes no difference to that."""
    pending = s.pending
    if pending is None:
        return True
    cost, any_colour = cost_of(pending, s.complete, s.counters)
    hand = s.zones.zones[HAND]
    return cost <= 0 or (bool(hand) and can_pay(cost, any_colour, pending.colour, s.energies(), len(hand) - 1))
