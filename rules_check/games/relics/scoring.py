"""Scoring ("Goal"): "Each collected pair of relics is worth three points. A single unmatched
piece is worth one point." and "Collect all three completed relics to win."

The points themselves are `pnp.games.relics.models.score` (the numbers live with the card data);
here is only which halves the player has collected: the relic banners of the cards on the
table, read on the side that was up when each was taken (ruling R2).
"""

from __future__ import annotations

from pnp.games.relics import models as tables

from .state import TABLE, RelicsState


def halves(state: RelicsState, extra: str | None = None) -> dict[str, set[int]]:
    """Relic name -> the halves on the table (and ``extra``, a card about to join them)."""
    got: dict[str, set[int]] = {}
    cards = state.zones[TABLE] if extra is None else [*state.zones[TABLE], extra]
    relic_halves, face = state.data.relic_halves, state.face  # (each banner's, read once with the card data)
    for card in cards:
        half = relic_halves[card][face[card]]
        if half is not None:
            got.setdefault(half[0], set()).add(half[1])
    return got


def complete_colours(state: RelicsState, extra: str | None = None) -> frozenset[str]:
    """The colours whose challenges are -1 ("2. Challenge", note): those of complete relics."""
    return frozenset(state.data.relic_colour[relic] for relic, got in halves(state, extra).items()
                     if len(got) >= tables.HALVES_PER_RELIC)


def points(state: RelicsState) -> int:
    return tables.score(halves(state))


def scores(state: RelicsState) -> dict[str, int]:
    """The solo player's points: the relic halves collected ("Goal")."""
    return {state.players[0]: points(state)}


def has_all_relics(state: RelicsState) -> bool:
    """"Collect all three completed relics to win."""
    done = [r for r, got in halves(state).items() if len(got) >= tables.HALVES_PER_RELIC]
    return len(done) >= tables.RELIC_COUNT
