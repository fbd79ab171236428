"""What a simulated Kartomantik player knows and how it judges a state (the search and greedy
policies of rules_check/core/simulate.py; bench/policies.py measures the weights)."""

from __future__ import annotations

import random

from rules_check.core.engine import redeal

from . import scoring
from .standing import outcome
from .state import DECK_BONUS, OVER, REACTION, KState, owner_of, zone

# the simulated players' judgement (`value`) of a Manifestation kept in its owner's Interzone,
# beside the DECK_BONUS it would have on the deck (bench/policies.py measures them)
INTERZONE_EDGE = 1.0  # its effects stay on the field (1.3.5)
INTERZONE_SUPPORT = 2.0  # and with Support it can join a later Confrontation from there


def determinize(state: KState, player: str, rng: random.Random) -> KState:
    """What the search may see: the whole field (1.3: the Interzone is face up), its own
    hand and the card counts; its own deck is reshuffled (face down, 1.3), and the
    opponent's hand and deck are shuffled together and the hand dealt again. What a look at
    a deck's top showed, a card put at a deck's bottom, a hand shown at a Mulligan (4.2.1)
    is forgotten. While an effect waits for a choice (its frame may name a card in a hand
    or on a deck) nothing is reshuffled."""
    new = state.copy()
    if state.resolving is None and state.phase != OVER:
        other = state.other(player)
        redeal(new.zones, rng, zone("deck", player))
        redeal(new.zones, rng, zone("deck", other), [zone("hand", other)])
    return new


def value(state: KState, player: str) -> float:
    """The score difference (4.4.2), with the Confrontation's standing as a tie-breaker: a
    move that would win the Confrontation now is better than one that would lose it.

    While the game goes on, a player's own Manifestation in their Interzone counts as much
    as one on the deck (DECK_BONUS: a Manifestation displaced from it goes to the deck's
    bottom, 4.2.3) and more (INTERZONE_EDGE): it keeps its effects on the field (1.3.5) and,
    with Support, can be played into the next Confrontations from there (4.2.2 Reaction).
    Without this a winner placed in the Interzone would look 5 points worse than one put
    on the deck's bottom, and no simulated player would ever place one there."""
    s = scoring.scores(state)
    other = state.other(player)
    lead = s[player] - s[other]
    w = outcome(state) if state.phase == REACTION else state.winner
    v = lead + (0.5 if w == player else -0.5 if w is not None else 0.0)
    if state.phase != OVER:
        v += interzone_worth(state, player) - interzone_worth(state, other)
    return v


def interzone_worth(state: KState, p: str) -> float:
    """What ``p``'s own Manifestations in their Interzone are worth to a simulated player."""
    total = 0.0
    for it in state.zones[zone("interzone", p)]:
        card = state.card(it)
        if card.type == "manifestation" and owner_of(it) == p:
            total += DECK_BONUS + INTERZONE_EDGE + (INTERZONE_SUPPORT if "support" in (card.keywords or ()) else 0)
    return total
