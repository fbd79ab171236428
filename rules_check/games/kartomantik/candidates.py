"""The whole legal set (the simulator's candidates): every action worth considering now, by
phase (Kartomantik 4.2 Turn Structure and Phases); `rules.check` decides which are legal."""

from __future__ import annotations

import itertools
from typing import Iterator

from pnp.effects.language import Ability
from rules_check.core.zones import seen as seen_items

from . import board, table_moves
from .actions import Action, Activate, Bottom, Choose, Effect, Mulligan, Pass, Play, Reveal
from .board import activated_of
from .confrontation import placements
from .mulligan import has_first_manifestation
from .resolve import current_request
from .state import HAND_LIMIT, HAND_LIMIT_PHASE, OVER, PLACE, REACTION, RECOVERY, KState, zone
from .tribute import payments


def _targets(state: KState, ability: Ability | None, p: str, source: str) -> list[tuple[str, ...]]:
    if ability is None or ability.target is None:
        return [()]
    return board.target_choices(state, ability.target, p, source)


def candidates(state: KState) -> Iterator[Action]:
    """Every action worth considering now (`check` decides which are legal): the whole legal
    set, each target, payment and choice enumerated; a mulligan's shuffle is a chance outcome
    (``deck=None``) the simulator draws. On a table state every card of a hand is each card it
    is or can be, once (table_moves.py)."""
    if state.phase == OVER:
        return
    if state.resolving is not None:
        yield from choices(state)
    elif state.pending:
        yield from effects(state)
    elif state.phase == RECOVERY:
        yield from recovery(state)
    elif state.phase in (PLACE, HAND_LIMIT_PHASE) and state.items:
        yield Pass(state.priority)
    elif state.phase == PLACE:
        yield from placements(state)
    elif state.phase == HAND_LIMIT_PHASE:
        yield from bottoms(state)
    else:
        yield from priority_moves(state)


def choices(state: KState) -> Iterator[Action]:
    """Reading K30: each answer to the question the effect under way asks."""
    request = current_request(state)
    if request is not None:
        for option in table_moves.choices(request.options) if table_moves.is_table(state) else request.options:
            yield Choose(request.chooser, request.write(option))


def effects(state: KState) -> Iterator[Action]:
    """Reading K20: the triggered effects waiting for the Stack, the leading player's first."""
    lead = state.lead if any(p.controller == state.lead for p in state.pending) else state.other(state.lead)
    seen = set()
    for pending in state.pending:
        if pending.controller != lead or pending.source in seen:
            continue
        seen.add(pending.source)
        for targets in _targets(state, pending.ability, lead, pending.source):
            yield Effect(pending.source, lead, (), targets)


def recovery(state: KState) -> Iterator[Action]:
    """4.2.1, 4.2.2 Revelation: the passes that resolve the Stack, else the mulligans and every
    pair of First Manifestations."""
    if state.items:
        yield Pass(state.priority)
        return
    if table_moves.is_table(state):
        for p in state.players:
            yield from table_moves.mulligans(state, p, not has_first_manifestation(state, p)
                                             if has_first_manifestation(state, p) is not None else None,
                                             state.turn == 1 and not state.voluntary.get(p))
        firsts = [table_moves.reveal_cards(state, p) for p in state.players]
    else:
        for p in state.players:
            if not has_first_manifestation(state, p) or (state.turn == 1 and not state.voluntary.get(p)):
                yield Mulligan(p, None)
        firsts = [[it for it in seen_items(state.hand(p)) if state.is_manifestation(it)] for p in state.players]
    for a, b in itertools.product(*firsts):
        yield Reveal(((state.players[0], a), (state.players[1], b)))


def bottoms(state: KState) -> Iterator[Action]:
    """4.2.4: the first player above the hand limit puts the excess at the bottom, in every order."""
    table = table_moves.is_table(state)
    for p in state.players:
        excess = len(state.hand(p)) - HAND_LIMIT
        if excess > 0:
            for cards in table_moves.bottoms(state, p, excess) if table else \
                    itertools.permutations(seen_items(state.hand(p)), excess):
                yield Bottom(p, cards)
            return


def priority_moves(state: KState) -> Iterator[Action]:
    """2.2: what the player with Priority may do: pass, play a card (hand or, in the Reaction,
    Interzone), activate an effect of a card they control."""
    table = table_moves.is_table(state)
    p = state.priority
    yield Pass(p)
    # a table state's hand: each card it is or can be, never an unseen item (table_moves.py)
    hand = table_moves.hand_cards(state, p) if table else seen_items(state.hand(p))
    sources = [(it, "hand") for it in hand]
    if state.phase == REACTION:
        sources += [(it, "interzone") for it in state.zones[zone("interzone", p)]]
    for it, src in sources:
        card = state.card(it)
        if not table:
            src = "hand" if it in state.hand(p) else "interzone"
        if card.type == "manifestation":
            if board.has_support(card) and state.phase == REACTION:
                yield Play(it, p, src)
            continue
        tribute = (card.tribute.temperament, card.tribute.amount) if card.tribute else None
        ability = board.effect_ability(state, it)
        for pay_with in payments(state, p, tribute, it):
            for targets in _targets(state, ability, p, it):
                yield Play(it, p, src, pay_with, targets)
    yield from activations(state, p)


def activations(state: KState, p: str) -> Iterator[Action]:
    """3.1 Activated: each activated effect of a card ``p`` controls on the field, each payment
    and target."""
    for it in board.field_cards(state):
        if state.controller(it) != p:
            continue
        ability = activated_of(state, it)
        if ability is None:
            continue
        cost = ability.cost
        tribute = (cost.temperament, cost.amount) if cost.temperament else None  # type: ignore[union-attr]
        for pay_with in payments(state, p, tribute, it):
            for targets in _targets(state, ability, p, it):
                yield Activate(it, p, pay_with, targets)
