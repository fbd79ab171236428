"""Paying a tribute (Kartomantik 2.1 How to Pay a Tribute; readings K7, K8, K31): the cards
that may pay, the excess essence used first, and every way to pay one (the simulator's)."""

from __future__ import annotations

import itertools

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import seen as seen_items

from . import board, table_moves
from .actions import Activate, Play
from .board import activated_of
from .rulebook import RULE_GOLDEN, RULE_TRIBUTE
from .seen import why_cannot_hold, can_hold, why_not_held
from .state import KState, zone


def can_pay(tribute: str, payer: str) -> bool:
    """2.1: a tribute is paid by its temperament; a Hollow tribute by any manifestation;
    Transcendent pays any; Hollow pays only Hollow tributes."""
    return tribute == "hollow" or payer == tribute or payer == "transcendent"


def essence_order(state: KState, p: str, temperament: str) -> list[str]:
    """Reading K8: the essence that must be used for a tribute of ``temperament``, in order."""
    ess = state.essence.get(p)
    if not ess:
        return []  # (the usual case: no excess essence)
    kinds = [temperament] + ([t for t in ess if t not in (temperament, "transcendent")]
                             if temperament == "hollow" else []) + ["transcendent"]
    return [k for k in dict.fromkeys(kinds) if ess.get(k, 0) > 0]


def essence_available(state: KState, p: str, temperament: str) -> int:
    if not state.essence.get(p):
        return 0  # (the usual case: no excess essence, none to use)
    return sum(state.essence[p][k] for k in essence_order(state, p, temperament))


def tribute_of(state: KState, action: Play | Activate) -> tuple[str, int] | None:
    if isinstance(action, Play):
        t = state.card(action.card).tribute
        return (t.temperament, t.amount) if t else None
    ability = activated_of(state, action.card)
    cost = ability.cost if ability is not None else None
    return (cost.temperament, cost.amount) if cost is not None and cost.temperament else None  # type: ignore[union-attr]


def check_tribute(state: KState, player: str, tribute: tuple[str, int] | None, cards: tuple[str, ...],
                  held: bool = False) -> int:
    """2.1: the tribute's manifestations, from the hand, of its temperament, reaching the amount
    after the excess essence (readings K7, K8, K31). Returns the new excess essence. ``held``:
    the hand is known to hold them all (`seen.can_hold_all`), and is not asked again."""
    if tribute is None:
        if cards:
            raise IllegalAction(RULE_TRIBUTE, "this action has no tribute to pay")
        return 0
    temperament, amount = tribute
    need = amount - min(amount, essence_available(state, player, temperament))
    if len(set(cards)) != len(cards):
        raise IllegalAction(RULE_TRIBUTE, "a card is named twice in the tribute")
    for it in cards:
        if not held and not can_hold(state, zone("hand", player), it):
            raise IllegalAction(RULE_TRIBUTE, f"{why_not_held(state, it, zone('hand', player))}: a tribute is paid "
                                              f"with manifestations from the hand (reading K38)")
        card = state.card(it)
        if card.type != "manifestation":
            raise IllegalAction(RULE_TRIBUTE, f"{card.name} is a will: tributes are paid with manifestations")
        if board.is_restricted(state, it, "pay a tribute"):
            raise IllegalAction(RULE_GOLDEN, f"{card.name}: \"{card.text}\" (reading K31)")
        if not can_pay(temperament, card.temperament):  # type: ignore[arg-type]
            raise IllegalAction(RULE_TRIBUTE, f"{card.name} ({card.temperament}) cannot pay a {temperament} tribute")
    problem = None if held else why_cannot_hold(state, zone("hand", player), cards)
    if problem:
        raise IllegalAction(RULE_TRIBUTE, f"{problem}: a tribute is paid with manifestations from the hand")
    paid = sum(state.base_power(it) for it in cards)
    if need == 0 and cards:
        raise IllegalAction(RULE_TRIBUTE, f"the excess essence pays this {temperament} tribute of {amount}: it "
                                          f"must be used first, no card is needed (reading K8)")
    if paid < need:
        raise IllegalAction(RULE_TRIBUTE, f"a {temperament} tribute of {amount} needs {need} more power; "
                                          f"the tribute's base power adds up to {paid}")
    if cards and paid - min(state.base_power(it) for it in cards) >= need:
        raise IllegalAction(RULE_TRIBUTE, f"a card of the tribute is not needed to reach {need} (reading K7)")
    return paid - need


def pay(state: KState, player: str, tribute: tuple[str, int] | None, cards: tuple[str, ...]) -> None:
    if tribute is None:
        for it in cards:  # a card with no script (reading K34): the cards named go to the Limbo
            state.zones.move(it, zone("hand", player), zone("limbo", player))
        return
    temperament, amount = tribute
    need = amount - min(amount, essence_available(state, player, temperament))
    excess = max(0, sum(state.base_power(it) for it in cards) - need)
    left = amount
    for kind in essence_order(state, player, temperament):
        use = min(left, state.essence[player][kind])
        state.essence[player][kind] -= use
        left -= use
    for it in cards:
        state.zones.move(it, zone("hand", player), zone("limbo", player))
    if excess:
        ess = state.essence.setdefault(player, {})
        ess[temperament] = ess.get(temperament, 0) + excess


def payments(state: KState, p: str, tribute: tuple[str, int] | None, exclude: str) -> list[tuple[str, ...]]:
    """Every way to pay a tribute with cards each needed (reading K7); on a table state, with the
    cards the hand is or can be, each way once (table_moves.py)."""
    if tribute is None:
        return [()]
    temperament, amount = tribute
    need = amount - min(amount, essence_available(state, p, temperament))
    if need == 0:
        return [()]
    table = table_moves.is_table(state)
    cards = table_moves.tribute_cards(state, p, exclude) if table else \
        [it for it in seen_items(state.hand(p)) if it != exclude]
    hand = [it for it in cards if state.is_manifestation(it)
            and can_pay(temperament, state.card(it).temperament)  # type: ignore[arg-type]
            and not board.is_restricted(state, it, "pay a tribute")]
    out = []
    for size in range(1, min(len(hand), need) + 1):
        for combo in itertools.combinations(hand, size):
            powers = [state.base_power(it) for it in combo]
            if sum(powers) >= need and sum(powers) - min(powers) < need:
                out.append(combo)
    return list(dict.fromkeys(out)) if table else out
