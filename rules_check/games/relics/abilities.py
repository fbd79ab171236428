"""How the simulator plays a card's ability: its text read as plain operations.

The checker never uses this module: an ability's effect is card text it cannot verify, so a
log writes the effect as plain operations and the report lists them as unverified (SPEC.md
principle 4). The simulator needs some operations to write; these are one honest reading of
the sample card texts (cards/relics/locations.yaml), with the counters of ruling R10. A text
not known here does nothing (``ops: []``).
"""

from __future__ import annotations

import re
from typing import Callable, Union

from pnp.data.games import relics as tables
from rules_check.core.ops import Op

from .actions import Flip
from .cards import NIGHT
from .state import AS_BLACK, COLOUR_DISCOUNT, DECISION, DISCARD, DISCOUNT, DRAW, FUTURE_1, FUTURE_2, HAND, IGNORE, \
    RelicsState, energy

Ops = list[Union[Op, Flip]]


def _add(counter: str, amount: int) -> Ops:
    return [Op("add", counter=counter, amount=amount)] if amount else []


def _gain(state: RelicsState, colour: str, n: int) -> Ops:
    """Gain ``n`` energy of ``colour``, as much as fits under the cap (ruling R11)."""
    return _add(energy(colour), min(n, tables.MAX_ENERGY - state.energy_of(colour)))


def _gain_each(state: RelicsState, n: int) -> Ops:
    return [op for c in tables.ENERGY_COLOURS for op in _gain(state, c, n)]


def _shift(state: RelicsState, n: int) -> Ops:
    """"Move up to N energy from one colour to another": from the fullest to the emptiest."""
    have = state.energies()
    src = max(tables.ENERGY_COLOURS, key=lambda c: have[c])
    dst = min((c for c in tables.ENERGY_COLOURS if c != src), key=lambda c: have[c])
    k = min(n, have[src], tables.MAX_ENERGY - have[dst])
    return _add(energy(src), -k) + _add(energy(dst), k) if k else []


def _flip(state: RelicsState, columns: tuple[str, ...]) -> Ops:
    for column in columns:
        if state.zones[column]:
            return [Flip(state.zones[column][0])]
    return []


def _swap(state: RelicsState) -> Ops:
    decision, future = state.zones[DECISION], state.zones[FUTURE_1]
    if not decision or not future:
        return []
    a, b = decision[0], future[0]
    return [Op("move", item=a, src=DECISION, dst=FUTURE_1), Op("move", item=b, src=FUTURE_1, dst=DECISION)]


def _replace(state: RelicsState) -> Ops:
    """"Replace a card of the decision path with the top card of the draw pile, same side up."""
    decision, draw = state.zones[DECISION], state.zones[DRAW]
    if not decision or not draw:
        return []
    old, new = decision[-1], draw[-1]
    ops: Ops = [Op("move", item=old, src=DECISION, dst=DISCARD), Op("move", item=new, src=DRAW, dst=DECISION)]
    if state.face[old] == NIGHT:  # the draw pile is day side up (ruling R2)
        ops.append(Flip(new))
    return ops


def _take_top(state: RelicsState, zone: str) -> Ops:
    pile = state.zones[zone]
    return [Op("move", item=pile[-1], src=zone, dst=HAND)] if pile else []


def _reorder_top(state: RelicsState, n: int) -> Ops:
    """Look at the top ``n`` cards and put them back reversed (each moved back on top)."""
    top = state.zones[DRAW][-n:]
    return [Op("move", item=card, src=DRAW, dst=DRAW) for card in reversed(top[:-1])]


_COLOUR = "|".join(tables.CHALLENGE_COLOURS)
READINGS: list[tuple[re.Pattern[str], Callable[..., Ops]]] = [
    (re.compile(rf"Gain (\d) \{{({_COLOUR})\}}\."), lambda s, n, c: _gain(s, c, int(n))),
    (re.compile(r"Gain (\d) energy of each colour\."), lambda s, n: _gain_each(s, int(n))),
    (re.compile(r"Move up to (\d) energy from one colour to another\."), lambda s, n: _shift(s, int(n))),
    (re.compile(rf"Your next \{{({_COLOUR})\}} challenge costs (\d) less\."),
     lambda s, c, n: _add(COLOUR_DISCOUNT[c], int(n))),
    (re.compile(r"Your next challenge costs (\d) less\."), lambda s, n: _add(DISCOUNT, int(n))),
    (re.compile(r"Pay your next challenge with any colours, as if it were \{black\}\."), lambda s: _add(AS_BLACK, 1)),
    (re.compile(r"Ignore the challenge of your next destination\."), lambda s: _add(IGNORE, 1)),
    (re.compile(r"Flip a card of the decision path to its other side\."), lambda s: _flip(s, (DECISION,))),
    (re.compile(r"Flip a card of the future path to its other side\."), lambda s: _flip(s, (FUTURE_1, FUTURE_2))),
    (re.compile(r"Swap a card of the decision path with a card of the future path\."), _swap),
    (re.compile(r"Replace a card of the decision path with the top card of the draw pile, same side up\."),
     _replace),
    (re.compile(r"Take the top card of the discard pile into your hand\."), lambda s: _take_top(s, DISCARD)),
    (re.compile(r"Draw the top card of the draw pile into your hand\."), lambda s: _take_top(s, DRAW)),
    (re.compile(r"Look at the top (\d) cards of the draw pile and put them back in any order\."),
     lambda s, n: _reorder_top(s, int(n))),
]


def realize(state: RelicsState, card: str) -> Ops:
    """The operations the simulator writes for the ability of ``card`` (in the hand), with the
    card already discarded (ruling R9)."""
    text = state.side(card).ability
    for pattern, effect in READINGS:
        m = pattern.fullmatch(text)
        if m:
            return effect(state, *m.groups())
    return []
