"""What a travel would cost ("Turn Sequence" 1a and 2; rulings R2, R5, R6, R10, R11): the
challenge a destination's corner sets, what the reward of 1b would leave, and what pays.

Read without touching the state: the rules (``rules``), the turn (``turn``) and the view
(``view``) all ask it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.relics import models as tables

from .scoring import complete_colours
from .state import AS_BLACK, COLOUR_DISCOUNT, DISCOUNT, IGNORE, Pending, RelicsState

TOP_LEFT = "top-left"
BOTTOM_RIGHT = "bottom-right"


def challenge_of(state: RelicsState, destination: str) -> Pending | None:
    """"1a": the challenge icon travelling to ``destination`` faces, or None (ruling R2)."""
    here = state.side(state.current()).number
    there = state.side(destination)
    challenge = there.challenge_from(here)
    if challenge is None:
        return None
    corner = BOTTOM_RIGHT if there.number < here else TOP_LEFT
    return Pending(destination, corner, challenge.colour, challenge.amount)


@dataclass
class Outlook:
    """What 1b would leave: the energy after the reward, the hand (before the hand-limit
    discard), the colours of complete relics. Computed without touching the state."""

    energy: dict[str, int]
    hand: list[str]
    complete: frozenset[str]


def after_reward(state: RelicsState) -> Outlook:
    """"1b": the current location card joins the hand (a relic half the table) and its banner's
    energy is gained, capped at six (ruling R11)."""
    card = state.current()
    reward = state.side(card).reward
    energies = state.energies()
    if reward.is_relic:
        return Outlook(energies, list(state.hand()), complete_colours(state, extra=card))
    energies[reward.energy] = min(tables.MAX_ENERGY, energies[reward.energy] + reward.amount)
    return Outlook(energies, [*state.hand(), card], state.complete)


def cost_of(pending: Pending, complete: frozenset[str], counters: dict[str, int]) -> tuple[int, bool]:
    """The points ``pending`` asks now, and whether any colours pay it (rulings R5, R10):
    -1 for a complete relic of its colour, the waiting discounts; black or ``as_black``: any."""
    any_colour = pending.colour == tables.BLACK or counters[AS_BLACK] > 0
    if counters[IGNORE] > 0:
        return 0, any_colour
    amount = pending.amount - counters[DISCOUNT] - counters[COLOUR_DISCOUNT[pending.colour]]
    if pending.colour in complete:
        amount -= tables.COMPLETE_RELIC_DISCOUNT
    return max(0, amount), any_colour


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
