"""Plain operations, what a card with no script does as the log writes it (reading K34): each
move from where its card is, into a zone that may hold it (Kartomantik 3.2 Game Zones)."""

from __future__ import annotations

from rules_check.core.errors import IllegalAction
from rules_check.effects import describe

from .actions import Action, Activate, Effect, Pass, Play
from .board import is_scripted, text_of
from .rulebook import RULE_EFFECTS, RULE_ZONES
from .seen import can_hold, why_not_held
from .state import INTERZONE_SPACES, KState, name_of, owner_of, zone, zone_name

OWNER_ONLY = ("limbo", "deck", "hand", "exile")  # 3.2 Game Zones


def check_zone_owners(state: KState, ops: tuple, count: bool = True) -> None:
    """3.2 Game Zones for plain operations (reading K34): "The Limbo, the Deck, the Hand, and
    Exile can contain only cards of which you are the Owner. The Empathic Vessel ... only cards
    (manifestations) of which you are NOT the Owner"; the Interzone up to 3 of its owner's
    manifestations (1.3.5)."""
    inter = {p: len(state.zones[zone("interzone", p)]) for p in state.players}
    for op in ops:
        if op.kind != "move":
            continue
        kind, _, p = op.dst.partition(":")
        owner = owner_of(op.item)
        name = name_of(op.item)
        written = f"the log's operation {{move: {op.item}, from: {op.src}, to: {op.dst}}} cannot happen"
        src_kind, _, src_p = op.src.partition(":")
        if src_kind == "interzone" and src_p in inter:
            inter[src_p] -= 1
        if kind in OWNER_ONLY and owner != p:
            raise IllegalAction(RULE_ZONES, f"{written}: {zone_name(op.dst)} holds only {p}'s own cards, and {name} "
                                            f"is {owner}'s (it goes to {zone_name(zone(kind, owner))})")
        if kind == "vessel" and (owner == p or not state.is_manifestation(op.item)):
            why = f"{name} is {p}'s own" if owner == p else f"{name} is not a manifestation"
            raise IllegalAction(RULE_ZONES, f"{written}: {zone_name(op.dst)} holds only manifestations {p} does not "
                                            f"own, and {why}")
        if kind == "interzone":
            if owner != p or not state.is_manifestation(op.item):
                why = f"{name} is {owner}'s" if owner != p else f"{name} is not a manifestation"
                raise IllegalAction(RULE_ZONES, f"{written}: {zone_name(op.dst)} holds only {p}'s own "
                                                f"manifestations, and {why}")
            inter[p] += 1
            if count and inter[p] > INTERZONE_SPACES:
                raise IllegalAction(RULE_ZONES, f"{written}: {zone_name(op.dst)} has {INTERZONE_SPACES} spaces, all "
                                                f"taken; a move putting one of them at the bottom of {p}'s deck "
                                                f"comes before {name} enters")


def check_moves(state: KState, ops: tuple | list) -> None:
    """Plain operations (reading K34): each move takes its card from where it is, in order; one
    that is not there is said in words (reading K38: "Oppress is in Ana's Limbo, not in Ana's
    hand"), not as the zone names of the operation. The moves are tried on a copy, made at the
    first move: with none (an item with no outcome written), there is nothing to try."""
    trial = None
    for op in ops:
        if op.kind != "move":
            continue
        if trial is None:
            trial = state.copy()
        if not can_hold(trial, op.src, op.item):
            raise IllegalAction(RULE_EFFECTS, f"the log's operation {{move: {op.item}, from: {op.src}, to: "
                                              f"{op.dst}}} cannot happen: "
                                              f"{why_not_held(trial, op.item, op.src)}")
        trial.zones.move(op.item, op.src, op.dst, op.bottom)


def check_unscripted_ops(state: KState, card: str, ops: tuple) -> None:
    if not is_scripted(state, card):
        check_moves(state, ops)
        check_zone_owners(state, ops, count=False)


def unverified(state: KState, action: Action) -> list[str]:
    """Reading K34: only a card with no script has an effect the checker takes as written."""
    if type(action) is Pass:  # (two entries in three: one test, not three)
        return []
    if isinstance(action, (Effect, Play, Activate)) and not is_scripted(state, action.card) \
            and not (isinstance(action, Play) and state.is_manifestation(action.card)):
        done = describe(action.ops) if action.ops else "no operations"
        return [f"{name_of(action.card)} has no script (\"{text_of(state, action.card)}\"): on resolving, {done}"]
    return []
