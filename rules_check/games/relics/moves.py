"""The moves the rules allow on a relics table state (issue 25: the table app records a game
played with the real cards; rulings R12-R14).

At the table the draw pile lies face down: unseen cards of one pile (``seen.PILE``), each any
location card not seen elsewhere (the 17 are all different: a card in play is never offered).
The solo player sees every card as it comes off the pile, so an entry that turns cards up
names them (``drawn: [...]``, ruling R12), and the page offers each move once for each order
of cards the pile can still give:

* a turn that "Look ahead" ends by dealing (a travel paid at once, a payment, a hand-limit
  discard that lets the challenge be paid, an ability that finishes the turn): one action per
  order of the cards it deals (``seen.tops``);
* a "draw" or "replace" ability that takes the unseen top card: one per card it can be
  (``abilities.variants``), and then the cards any deal after it turns up;
* an "arrange": its ``order`` names the top cards it looks at (R12), each order of cards they
  can be, never an unseen item (``abilities.answers``);
* a reshuffle: ``{reshuffle: shuffled}`` (the table's vocabulary: nobody sees the order, and
  ``sample_chance`` draws none), with the cards dealt from the new pile named;
* the end (``{end: cannot pay}``), judged by ``rules.check`` over the unseen pile (R14).

Every action offered is judged as the checker judges an entry: ``rules.check``, then
``rules.apply`` on a copy (which holds the cards named to what came off the pile, R12, and a
travel accepted on a card not yet drawn to the cards drawn since, R13); the orders of an
"arrange" over the same cards share one verdict ("put them back in any order").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Iterator

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen, unseen_count

from . import abilities, rules, seen, turn
from .actions import Ability, Action, Reshuffle
from .state import DISCARD, DRAW, RelicsState


def legal(state: RelicsState) -> list[Action]:
    """The legal actions of a table state (the module docstring)."""
    out: dict[Action, None] = {}
    same: dict[tuple, bool] = {}  # an arrange's orders of the same cards: one verdict (`_order_free`)
    for base in rules.candidates(state):
        for action in _named(state, base):
            if action in out:
                continue
            key = _order_free(state, action)
            if key is not None and key in same:
                if same[key]:
                    out[action] = None
                continue
            verdict = _judged(state, action)
            if key is not None:
                same[key] = bool(verdict)
            out.update(dict.fromkeys(verdict))
    return list(out)


def _order_free(state: RelicsState, action: Action) -> tuple | None:
    """For an ability whose only step is an "arrange" (it turns nothing up): the action less the
    order of the cards it puts back, a key its every order shares (any order of the cards looked
    at is legal alike: "put them back in any order"); else None."""
    if not isinstance(action, Ability) or action.drawn or action.ops is not None:
        return None
    script = state.side(action.card).script
    if script is None or script.effect is None or any(s.verb != "arrange" for s in script.effect.walk()):
        return None
    return action.card, tuple((k, tuple(sorted(v)) if isinstance(v, tuple) else v) for k, v in action.choose)


def _judged(state: RelicsState, action: Action) -> list[Action]:
    """``action`` as offered: [] when illegal, else itself or once per order of what it deals."""
    out: list[Action] = []
    try:
        rules.check(state, action)
    except IllegalAction:
        return out
    try:
        trial = state.copy()
        rules.apply(trial, action)
        if not isinstance(action, Reshuffle) and not Counter(state.zones[DRAW]) - Counter(trial.zones[DRAW]):
            return [action]  # no card came off the pile: nothing to name
    except IllegalAction:
        pass
    try:
        for dealt in _dealt(state, action):
            try:
                rules.apply(state.copy(), dealt)
            except IllegalAction:
                continue
            out.append(dealt)
    except IllegalAction:
        return out
    return out


def _named(state: RelicsState, action: Action) -> Iterator[Action]:
    """``action`` with what it turns up itself named: a reshuffle unseen, an ability's card drawn
    (each it can be), an arrange's order over unseen cards (each order they can be)."""
    if isinstance(action, Reshuffle):
        yield Reshuffle(None, unseen=True)
        return
    if not isinstance(action, Ability):
        yield action
        return
    yield from abilities.variants(state, action)


def _dealt(state: RelicsState, action: Action) -> Iterator[Action]:
    """``action`` with the cards it turns up from the unseen draw pile named (``drawn``), once
    for each order the pile can give them in; as it is when it turns none up."""
    trial = state.copy()
    turn.apply(trial, action)
    more = sum(unseen_count(items) for zone, items in trial.zones.zones.items() if zone != DRAW)
    drawn: tuple[str, ...] = getattr(action, "drawn", ())
    before = state
    if isinstance(action, Reshuffle) and more:  # dealt from the new pile: the discard pile hidden
        before = state.copy()
        zones = before.zones
        zones[DRAW].extend(zones[DISCARD])
        zones[DISCARD].clear()
        zones.conceal(DRAW, seen.PILE)
    left = set(trial.zones[DRAW])  # a seen card of the pile dealt is named too (as the table view writes)
    more += sum(1 for x in before.zones[DRAW] if not is_unseen(x) and x not in left and x not in drawn)
    if not more:
        yield action
        return
    for order in seen.tops(before, len(drawn) + more):
        if order[:len(drawn)] == drawn:
            yield replace(action, drawn=order)

