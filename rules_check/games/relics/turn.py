"""What a relics action does ("Turn Sequence", "Card Abilities"), trusting that it is legal:
the simulator's fast path and the mechanics the rules' searches try on copies (``rules.check``
judges first; ``rules.apply`` adds what a table log must name, ruling R12).

A turn runs in the printed order (ruling R4): 1a the challenge found, 1b the current location
taken and the hand-limit discard, 1c the destination slid in, 2 the payment, 3 "Look ahead"
dealing to the side the day/night cycle says (ruling R3). An ability's card leaves the hand, its
effect happens, then it lies on the discard pile (ruling R9).
"""

from __future__ import annotations

from typing import Any, Callable

from pnp.games.relics import models as tables

from . import abilities, seen
from .actions import Ability, Action, End, Flip, HandLimitDiscard, Pay, Payment, Reshuffle, Travel
from .cards import DAY, NIGHT, other_side
from .costs import challenge_of, cost_of
from .rulebook import RULE_ABILITIES, RULE_LOOK_AHEAD
from .scoring import complete_colours, has_all_relics
from .state import (
    AS_BLACK, CHALLENGE, COLOUR_DISCOUNT, COLUMN_SIZE, CURRENT, DECIDE, DECISION, DISCARD, DISCOUNT, DRAW,
    ENERGY_OF, FUTURE_1, FUTURE_2, HAND, HAND_LIMIT, IGNORE, LOOK_AHEAD, OVER, TABLE, RelicsState,
)


def side_for_travel(k: int) -> str:
    """The side up of the destination of the ``k``-th travel (1-based): day, day, night,
    night, day, ... (ruling R3). The setup's day, day, night columns are travels 1 to 3."""
    return DAY if ((k - 1) // 2) % 2 == 0 else NIGHT


def apply(state: RelicsState, action: Action) -> None:
    """Apply ``action``, trusting it (the simulator's path; the checker calls `check` first).
    The cards an entry names as ``drawn`` are the draw pile's top cards (ruling R12): named
    first (a reshuffle's once the pile is made), so the rules take them seen."""
    drawn = getattr(action, "drawn", ())
    if drawn and not isinstance(action, Reshuffle):
        seen.name_top(state, drawn, RULE_ABILITIES if isinstance(action, Ability) else RULE_LOOK_AHEAD)
    APPLY[type(action)](state, action)


def _paid(state: RelicsState, action: Pay) -> None:
    _pay(state, action.payment)
    _finish_turn(state)


def _discarded(state: RelicsState, action: HandLimitDiscard) -> None:
    state.zones.move(action.card, HAND, DISCARD)
    _challenge(state, None)


def _reshuffle(state: RelicsState, action: Reshuffle) -> None:
    zones = state.zones
    if action.unseen:  # shuffled at the table: nobody saw the order (ruling R12)
        cards = list(zones[DISCARD])
        zones[DISCARD].clear()
        zones[DRAW].extend(cards)
        zones.conceal(DRAW, seen.PILE)
    else:
        assert action.order is not None, "the simulator draws the shuffle first (Engine.sample_chance)"
        zones[DISCARD].clear()
        zones[DRAW].extend(reversed(action.order))
        cards = list(action.order)
    state.face.update(dict.fromkeys(cards, DAY))  # the draw pile is kept day side up (ruling R2)
    state.reshuffles += 1
    if action.drawn:
        seen.name_top(state, action.drawn, RULE_LOOK_AHEAD)
    _deal(state)


def _end(state: RelicsState, action: End) -> None:
    state.ended = True
    state.phase = OVER


def travel(state: RelicsState, action: Travel) -> None:
    """A travel (ruling R4). The cards move as lists: the current location's one card, the
    destination (a card of the decision path: `rules.check_destination`) and the rest of the
    decision path are where the rules say, so no move searches for them."""
    piles = state.zones.zones
    destination = action.destination
    state.pending = challenge_of(state, destination)  # 1a
    current = piles[CURRENT]
    card = current[0]  # 1b
    current.remove(card)
    reward = state.side(card).reward
    if reward.relic is not None:  # a relic half (`Reward.is_relic`)
        piles[TABLE].append(card)
        state.complete = complete_colours(state)
    else:
        piles[HAND].append(card)
        name = ENERGY_OF[reward.energy]
        counters = state.counters
        counters[name] = min(tables.MAX_ENERGY, counters[name] + reward.amount)
    decision = piles[DECISION]  # 1c
    decision.remove(destination)
    current.append(destination)
    piles[DISCARD].extend(decision)
    decision.clear()
    if len(piles[HAND]) > tables.HAND_LIMIT:
        state.phase = HAND_LIMIT
        return
    _challenge(state, action.payment)


def _challenge(state: RelicsState, payment: Payment | None) -> None:
    """Step 2 of the travel under way: paid now when the entry says how, or when it costs
    nothing; else it waits for a `Pay` entry."""
    pending = state.pending
    if pending is None:
        _finish_turn(state)
        return
    if payment is None:
        cost, _ = cost_of(pending, state.complete, state.counters)
        if cost > 0:
            state.phase = CHALLENGE
            return
        payment = NO_PAYMENT
    _pay(state, payment)
    _finish_turn(state)


NO_PAYMENT = Payment()  # what a challenge that costs nothing is paid with


def _pay(state: RelicsState, payment: Payment) -> None:
    pending = state.pending
    assert pending is not None
    counters = state.counters
    for colour, n in payment.energy:
        counters[ENERGY_OF[colour]] -= n
    for card in payment.discards:
        state.zones.move(card, HAND, DISCARD)
    # the next challenge uses up what waited for it (ruling R10)
    counters[DISCOUNT] = counters[COLOUR_DISCOUNT[pending.colour]] = counters[AS_BLACK] = counters[IGNORE] = 0
    state.pending = None


def _finish_turn(state: RelicsState) -> None:
    state.pending = None
    state.travels += 1
    if len(state.complete) >= tables.RELIC_COUNT and has_all_relics(state):  # "Collect all three ..." (ruling R7)
        state.won = True
        state.phase = OVER
        return
    piles = state.zones.zones  # 3. Look ahead: slide the future path to the left
    future_1, future_2 = piles[FUTURE_1], piles[FUTURE_2]
    piles[DECISION].extend(future_1)
    future_1[:] = future_2
    future_2.clear()
    state.to_deal = COLUMN_SIZE
    _deal(state)


def _deal(state: RelicsState) -> None:
    """Deal what "Look ahead" still owes into the rightmost column, to the cycle's side."""
    piles = state.zones.zones
    draw = piles[DRAW]
    n = min(state.to_deal, len(draw))
    if n:
        side = side_for_travel(state.travels + 3)
        face = state.face
        future_2 = piles[FUTURE_2]
        for _ in range(n):
            card = draw.pop()
            face[card] = side
            future_2.append(card)
        state.to_deal -= n
    state.phase = LOOK_AHEAD if state.to_deal else DECIDE


def _ability(state: RelicsState, action: Ability) -> None:
    zones = state.zones
    if abilities.script_of(state, action.card) is not None:
        abilities.use(state, action, record=False)  # (the outcome is the check's to compare)
    else:  # a side with no script: its plain operations (docs/logs/README.md, "Card effects")
        zones.take(action.card, HAND)
        for op in action.ops or ():
            if isinstance(op, Flip):
                state.face[op.card] = other_side(state.face[op.card])
            elif op.kind == "move":
                zones.move(op.item, op.src, op.dst, op.bottom)
                if op.dst == DRAW:
                    state.face[op.item] = DAY  # ruling R2
            else:
                state.counters[op.counter] = state.counters.get(op.counter, 0) + op.amount
        zones.put(action.card, DISCARD)  # after its effect (ruling R9)
    after_ability(state)


def after_ability(state: RelicsState) -> None:
    """What an ability's use lets the turn go on to: the challenge once the hand is down to the
    limit (1b), the deal "Look ahead" still owes (``rules.apply`` calls it after taking over the
    check's copy)."""
    if state.phase == HAND_LIMIT and len(state.zones[HAND]) <= tables.HAND_LIMIT:
        _challenge(state, None)
    elif state.phase == LOOK_AHEAD:
        _deal(state)


# What each action does, by its class (`apply`).
APPLY: dict[type, Callable[[RelicsState, Any], None]] = {
    Travel: travel, Pay: _paid, HandLimitDiscard: _discarded, Ability: _ability, Reshuffle: _reshuffle, End: _end,
}
