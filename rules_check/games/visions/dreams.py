"""Which card may follow a dream's last card ("1 - Play a Card, B"; ruling V3), read from the
state alone: the rules (``rules``), the unseen cards' questions (``seen``) and the table's
moves (``moves``) all ask it.
"""

from __future__ import annotations

from pnp.games.visions.models import MAX_DREAMS

from .state import VisionsState

DREAMS = tuple(range(1, MAX_DREAMS + 1))  # a player's dreams, numbered in the order started


def can_continue(state: VisionsState, player: str, dream: int, card: str) -> bool:
    """Whether ``card`` may continue ``dream``: it shares the environment or the category of
    the dream's last card, or that card is a nightmare ("1 - Play a Card, B"; ruling V3).
    A dream not started cannot be continued."""
    faces = state.faces[(player, dream)]
    if not faces:
        return False
    last = faces[-1]
    if last is None:
        return True
    kind = state.cards.kinds[card]
    return kind[0] == last[0] or kind[1] == last[1]


def can_fit(state: VisionsState, player: str, card: str) -> bool:
    """Whether ``card`` could continue one of ``player``'s dreams ("1 - Play a Card, B")."""
    return any(can_continue(state, player, d, card) for d in DREAMS)
