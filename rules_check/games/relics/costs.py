"""What a travel would cost ("Turn Sequence" 1a and 2; rulings R2, R5, R6, R10, R11): the
challenge a destination's corner sets, what the reward of 1b would leave, and what pays.

Read without touching the state: the rules (``rules``), the turn (``turn``) and the view
(``view``) all ask it.
"""

from __future__ import annotations

from typing import NamedTuple

from pnp.games.relics import models as tables

from .cards import Pending
from .scoring import complete_colours
from .state import AS_BLACK, COLOUR_DISCOUNT, CURRENT, DISCOUNT, HAND, IGNORE, RelicsState

def challenge_of(state: RelicsState, destination: str) -> Pending | None:
    """"1a": the challenge icon travelling to ``destination`` faces, or None (ruling R2): its
    bottom-right corner from a higher number, its top-left from a lower (read from the card
    data's `CardData.corners`, each made once)."""
    corners, face = state.cards.corners, state.face  # type: ignore[union-attr]
    current = state.zones.zones[CURRENT][0]
    here = corners[current][face[current]][0]
    number, from_higher, from_lower = corners[destination][face[destination]]
    if number < here:
        return from_higher
    if number > here:
        return from_lower
    state.side(destination).challenge_from(here)  # (raises: two sides with one number leave the corner undecided)
    raise AssertionError(number)


class Outlook(NamedTuple):
    """What 1b would leave: the energy after the reward, the hand (before the hand-limit
    discard), the colours of complete relics. Computed without touching the state."""

    energy: dict[str, int]
    hand: list[str]
    complete: frozenset[str]


def after_reward(state: RelicsState) -> Outlook:
    """"1b": the current location card joins the hand (a relic half the table) and its banner's
    energy is gained, capped at six (ruling R11)."""
    card = state.zones.zones[CURRENT][0]
    reward = state.side(card).reward
    energies = state.energies()
    hand = state.zones.zones[HAND]
    if reward.relic is not None:  # (`Reward.is_relic`)
        return _outlook(Outlook, (energies, hand[:], complete_colours(state, extra=card)))
    colour = reward.energy
    energies[colour] = min(tables.MAX_ENERGY, energies[colour] + reward.amount)
    return _outlook(Outlook, (energies, [*hand, card], state.complete))


# `Outlook`'s three fields made into one without the named tuple's ``__new__``, written in
# Python (the same tuple): `after_reward` is asked at every travel checked or tried
_outlook = tuple.__new__


_BLACK = tables.BLACK
_RELIC_DISCOUNT = tables.COMPLETE_RELIC_DISCOUNT  # a complete relic's -1 (asked at every cost worked out)


def cost_of(pending: Pending, complete: frozenset[str], counters: dict[str, int]) -> tuple[int, bool]:
    """The points ``pending`` asks now, and whether any colours pay it (rulings R5, R10):
    -1 for a complete relic of its colour, the waiting discounts; black or ``as_black``: any."""
    colour = pending.colour
    any_colour = colour == _BLACK or counters[AS_BLACK] > 0
    if counters[IGNORE] > 0:
        return 0, any_colour
    amount = pending.amount - counters[DISCOUNT] - counters[COLOUR_DISCOUNT[colour]]
    if colour in complete:
        amount -= _RELIC_DISCOUNT
    return (amount if amount > 0 else 0), any_colour


def usable_energy(energies: dict[str, int], colour: str, any_colour: bool) -> int:
    return sum(energies.values()) if any_colour else energies[colour]


def can_pay(cost: int, any_colour: bool, colour: str, energies: dict[str, int], cards: int) -> bool:
    """"2. Challenge": energy, then one card per missing point (ruling R6)."""
    return usable_energy(energies, colour, any_colour) + cards >= cost


def can_pay_now(state: RelicsState) -> bool:
    """Whether the challenge under way can be paid with the energy and the cards in hand."""
    assert state.pending is not None
    cost, any_colour = cost_of(state.pending, state.complete, state.counters)
    return can_pay(cost, any_colour, state.pending.colour, state.energies(), len(state.hand()))


def describe(pending: Pending) -> str:
    return f"the {pending.corner} challenge of {pending.destination} ({pending.colour} {pending.amount})"
