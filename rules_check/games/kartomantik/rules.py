"""Which Kartomantik actions are legal and what they do (rulebook 1-4, rulings G1-G3, K1-K5).

Readings (docs/rulings.md, K6-K22), beside the rulings of docs/rulings.md:
- K6. Recovery draws, the Stack's resolution, the Confrontation's outcome, the opponent's
  manifestations going to the winner's Empathic Vessel and the stalemate move are done by the
  checker; the log records only choices.
- K7. A tribute card must be needed: removing any one of them would leave the tribute unpaid
  (2.1 "to reach a total ... equal to or greater").
- K8. Excess essence takes the tribute's temperament. Essence is used first, compulsorily:
  that of the tribute's temperament, then (for a Hollow tribute) any other, then Transcendent.
  Hollow essence pays only Hollow tributes. All of it is lost at the end of the turn.
- K9. Two consecutive compulsory mulligans in one Recovery Phase that still leave no
  manifestation in hand lose the game (4.4.1).
- K10. If a player cannot draw up to 7 at the start of a Recovery Phase, the game ends before
  anyone draws: the deck keeps its cards for the 5-point bonus (ruling K4).
- K11. (replaced by K20) Triggered effects go on the Stack; passive ones happen at once.
- K12. Support manifestations are played only in the Reaction (4.2.2); ephemeral wills in the
  Reaction, the Resolution window and the End Phase; persistent wills only in the End Phase
  with an empty Stack (1.2).
- K13. A manifestation whose power is 0 or less in the Confrontation Zone, an Interzone or
  the Stalemate Zone is destroyed into its owner's Limbo (ruling K3) after every entry;
  modifiers are dropped when a card is anywhere else but on the Stack (3.2).
- K14. The winner's own cards placed at the bottom of the deck go in the order listed, after
  any displaced from the Interzone (4.2.3).
- K15. A power tie in which a player has no manifestation in the Confrontation is a Stalemate.
- K16. Resolution priority to the winner; End Phase priority after a Stack to its starter's opponent.
- K17. An `effect` entry only in its card's trigger window, once (triggers.py).
- K18. A move into the Confrontation Zone only by a Chain of the entry's card, from its zone.
- K19. A turn ending with a hand above 7 waits for the `bottom` entry.
- K20. A triggered effect's `effect` entry puts it on the Stack (3.1, 2.3), controlled by the
  card's controller; simultaneous triggers: the player who had Priority puts theirs first;
  priority then to the opponent of the last one put; it resolves last in, first out, and does
  nothing if its target left (3.2). In a phase with no Priority (Recovery, placing, hand
  limit) players only pass until that Stack is empty; no other entry until then.
- K21. Plain operations respect 3.2 Game Zones: a card goes only to its owner's Limbo, Deck,
  Hand, Exile and Interzone (a manifestation, at most 3 there), and only to its opponent's
  Empathic Vessel (a manifestation).
- K22. An activated effect's cost is the words before the colon its text opens with: "Pay {t}N"
  is a tribute; "Exile it" moves the card to its owner's Exile on activating (no tribute);
  another cost is taken as paid and listed as unverified.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Iterator

from pnp.data.games.kartomantik import dominates
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import apply_ops, check_ops

from . import effects, triggers
from .actions import Action, Activate, Bottom, Effect, Mulligan, Pass, Place, Play, Reveal
from .state import (CONFRONTATION, END, HAND_LIMIT, HAND_LIMIT_PHASE, INTERZONE_SPACES,
                    MAX_COMPULSORY_MULLIGANS, OVER, PLACE, REACTION, RECOVERY, RESOLUTION, STACK, STALEMATE,
                    VOLUNTARY_MULLIGAN_COST, KState, StackItem, name_of, owner_of, zone)

R = "Kartomantik"
RULE_MULLIGAN = f"{R} 4.2.1 (The Mulligan)"
RULE_RECOVERY = f"{R} 4.2.1 (Recovery Phase)"
RULE_REVELATION = f"{R} 4.2.2 (Revelation)"
RULE_REACTION = f"{R} 4.2.2 (Reaction)"
RULE_TRIBUTE = f"{R} 2.1 (How to Pay a Tribute)"
RULE_PRIORITY = f"{R} 2.2 (Priority)"
RULE_STACK = f"{R} 2.3 (The Stack System)"
RULE_PERSISTENT = f"{R} 1.2 (Wills, Persistent)"
RULE_SUPPORT = f"{R} 3.1 (Support and Chain)"
RULE_TARGETS = f"{R} 3.2 (Targets)"
RULE_OWNER = f"{R} 3.2 (Owner and Controller)"
RULE_ACTIVATED = f"{R} 3.1 (Activated)"
RULE_ZONES = f"{R} 3.2 (Game Zones)"
RULE_RESOLUTION = f"{R} 4.2.3 (When a Player Wins)"
RULE_END = f"{R} 4.2.4 (End Phase)"
RULE_SETUP = f"{R} 4.1 (Building a Deck)"
RULE_TRIGGERED = f"{R} 3.1 (Triggered)"
RULE_CHAIN = f"{R} 3.1 (Support and Chain)"
RULE_WINDOW = {  # reading K17: the rule that names each trigger's moment
    "before": f"{R} 4.2.2 (Revelation, step 2); 3.1 (Triggered)",
    "revelation": f"{R} 4.2.2 (Revelation, step 4); 3.1 (Triggered)",
    "enters": f"{R} 4.2.2 (Revelation, step 5); 3.1 (Triggered)",
    "after": f"{R} 4.2.2 (Reaction); 3.1 (Triggered)",
    "support": f"{R} 4.2.2 (Reaction); 3.1 (Triggered)",
    "win": f"{R} 4.2.3 (When a Player Wins); 3.1 (Triggered)",
    "loss": f"{R} 4.2.3 (When a Player Wins); 3.1 (Triggered)",
    "vessel": f"{R} 4.2.3 (When a Player Wins); 3.1 (Triggered)",
    "stalemate": f"{R} 4.2.3 (Stalemate); 3.1 (Triggered)",
    "end": f"{R} 4.2.4 (End Phase); 3.1 (Triggered)",
    "beginning": f"{R} 4.2.1 (Recovery Phase); 3.1 (Triggered)",
    "passive": f"{R} 3.1 (Passive)",
}
ACTIVATED_COST = re.compile(r"Pay \{(\w+)\}(\d+):")
COST = re.compile(r"^\s*([^:.]+):")  # reading K22: an activated effect's "COST:" prefix
EXILE_IT = re.compile(r"exile\s+(it|this\s+\w+)", re.I)
PLAYABLE = (REACTION, RESOLUTION, END)
STACK_ONLY = (RECOVERY, PLACE, HAND_LIMIT_PHASE)  # reading K20: only passes, while triggers are on the Stack
OWNER_ONLY = ("limbo", "deck", "hand", "exile")  # 3.2 Game Zones


# --- small questions -------------------------------------------------------------------------


def has_first_manifestation(state: KState, p: str) -> bool:
    """4.2.1.3: "at least one Manifestation card in hand that can be played as a First Manifestation"."""
    return any(state.is_manifestation(it) for it in state.hand(p))


def outcome(state: KState) -> str | None:
    """4.2.3: who would win the Confrontation if it were resolved now; None for a Stalemate."""
    a, b = state.players
    ta, tb = state.total_power(a), state.total_power(b)
    if ta != tb:
        return a if ta > tb else b
    la, lb = state.last_entered(a), state.last_entered(b)
    if la is None or lb is None:  # reading K15
        return None
    ca, cb = state.card(la).temperament, state.card(lb).temperament
    if dominates(ca, cb):
        return a
    if dominates(cb, ca):
        return b
    return None


def normal_priority(state: KState) -> str:
    """2.2: in the Confrontation the player who would lose (ruling K2 in a stalemate); else
    the last winner (ruling K1); in the End Phase after a Stack, the starter's opponent (4.2.4)."""
    if state.phase == REACTION:
        w = outcome(state)
        return state.other(w) if w is not None else state.other(state.last_winner)
    if state.phase == RESOLUTION:
        return state.winner or state.last_winner
    return state.last_winner


def activated_cost(text: str) -> str | None:
    """Reading K22: the cost of an activated effect, the words before the colon its text opens
    with ("Pay {choleric}1", "Exile it"); None for a text that opens with a trigger or no cost."""
    if triggers.trigger_of(text) is not None:
        return None
    m = COST.match(text or "")
    return m.group(1).strip() if m else None


def exile_cost(state: KState, card: str) -> bool:
    cost = activated_cost(state.card(card).text)
    return cost is not None and EXILE_IT.fullmatch(cost) is not None


def on_field(state: KState, it: str) -> bool:
    return it in state.field_manifestations()


def tribute_of(state: KState, action: Play | Activate) -> tuple[str, int] | None:
    if isinstance(action, Play):
        t = state.card(action.card).tribute
        return (t.temperament, t.amount) if t else None
    m = ACTIVATED_COST.search(state.card(action.card).text)
    return (m.group(1), int(m.group(2))) if m else None


def can_pay(tribute: str, payer: str) -> bool:
    """2.1: a tribute is paid by its temperament; a Hollow tribute by any manifestation;
    Transcendent pays any; Hollow pays only Hollow tributes."""
    return tribute == "hollow" or payer == tribute or payer == "transcendent"


def essence_order(state: KState, p: str, temperament: str) -> list[str]:
    """Reading K8: the essence that must be used for a tribute of ``temperament``, in order."""
    ess = state.essence.get(p, {})
    kinds = [temperament] + ([t for t in ess if t not in (temperament, "transcendent")]
                             if temperament == "hollow" else []) + ["transcendent"]
    return [k for k in dict.fromkeys(kinds) if ess.get(k, 0) > 0]


def essence_available(state: KState, p: str, temperament: str) -> int:
    return sum(state.essence[p][k] for k in essence_order(state, p, temperament))


# --- the rules, one predicate each -----------------------------------------------------------


def check_priority(state: KState, player: str) -> None:
    """2.2: only the player with priority acts (plays, activates, passes)."""
    if state.items and state.phase in STACK_ONLY:  # reading K20
        if player != state.priority:
            raise IllegalAction(RULE_PRIORITY, f"{state.priority} has priority, not {player}")
        return
    if state.phase == HAND_LIMIT_PHASE:
        over = [p for p in state.players if len(state.hand(p)) > HAND_LIMIT]
        raise IllegalAction(RULE_END, f"the turn ends with {', '.join(over)} above {HAND_LIMIT} cards in hand: "
                                      f"a `bottom` entry puts the excess at the bottom of the deck first")
    if state.phase not in PLAYABLE:
        raise IllegalAction(RULE_PRIORITY, f"nobody has priority in the {state.phase} phase")
    if player != state.priority:
        raise IllegalAction(RULE_PRIORITY, f"{state.priority} has priority, not {player}")


def check_tribute(state: KState, player: str, tribute: tuple[str, int] | None, cards: tuple[str, ...]) -> int:
    """2.1: the tribute's manifestations, from the hand, of its temperament, reaching the amount
    after the excess essence (readings K7, K8). Returns the new excess essence."""
    if tribute is None:
        if cards:
            raise IllegalAction(RULE_TRIBUTE, "this action has no tribute to pay")
        return 0
    temperament, amount = tribute
    need = amount - min(amount, essence_available(state, player, temperament))
    if len(set(cards)) != len(cards):
        raise IllegalAction(RULE_TRIBUTE, "a card is named twice in the tribute")
    for it in cards:
        if it not in state.hand(player):
            raise IllegalAction(RULE_TRIBUTE, f"{name_of(it)} is not in {player}'s hand")
        card = state.card(it)
        if card.type != "manifestation":
            raise IllegalAction(RULE_TRIBUTE, f"{card.name} is a will: tributes are paid with manifestations")
        if not can_pay(temperament, card.temperament):
            raise IllegalAction(RULE_TRIBUTE, f"{card.name} ({card.temperament}) cannot pay a {temperament} tribute")
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


def check_target(state: KState, card: str, target: str | None) -> None:
    """3.2 Targets: declared when put on the Stack, and valid then."""
    if name_of(card) in effects.VERIFIED:
        if target is None:
            raise IllegalAction(RULE_TARGETS, f"{name_of(card)} needs a target manifestation on the field")
        if not on_field(state, target):
            raise IllegalAction(RULE_TARGETS, f"the target {target} is not a manifestation on the field")
    elif target is not None and not (on_field(state, target) or target in state.zones[STACK]
                                     or any(target in state.zones[zone('field', p)] for p in state.players)):
        raise IllegalAction(RULE_TARGETS, f"the target {target} is not on the field or the Stack")


def check_ops_of(state: KState, card: str, ops: tuple) -> None:
    if name_of(card) in effects.VERIFIED and ops:
        raise IllegalAction(RULE_STACK, f"{name_of(card)}'s effect is the checker's to apply: write no ops")
    check_ops(state, list(ops))


def check_stack_only(state: KState) -> None:
    if state.phase in STACK_ONLY:
        raise IllegalAction(RULE_STACK, f"triggered effects are on the Stack in the {state.phase} phase: the players "
                                        f"pass until it resolves (reading K20)")


def check_stack_empty(state: KState, what: str) -> None:
    if state.items:
        raise IllegalAction(RULE_STACK, f"the Stack is not empty: it resolves (both players pass) before {what} "
                                        f"(reading K20)")


def check_zone_owners(state: KState, ops: tuple, count: bool = True) -> None:
    """3.2 Game Zones (reading K21): "The Limbo, the Deck, the Hand, and Exile can contain only cards
    of which you are the Owner. The Empathic Vessel ... only cards (manifestations) of which you are
    NOT the Owner"; the Interzone up to 3 of its owner's manifestations (1.3.5), a 4th displacing one
    to the bottom of its owner's deck first."""
    inter = {p: len(state.zones[zone("interzone", p)]) for p in state.players}
    for op in ops:
        if op.kind != "move":
            continue
        kind, _, p = op.dst.partition(":")
        owner = owner_of(op.item)
        src_kind, _, src_p = op.src.partition(":")
        if src_kind == "interzone" and src_p in inter:
            inter[src_p] -= 1
        if kind in OWNER_ONLY and owner != p:
            raise IllegalAction(RULE_ZONES, f"{op.item} can go only to its owner's {kind} ({zone(kind, owner)}), "
                                            f"not {op.dst}")
        if kind == "vessel" and (owner == p or not state.is_manifestation(op.item)):
            raise IllegalAction(RULE_ZONES, f"{op.dst} holds only manifestations {p} does not own, not {op.item}")
        if kind == "interzone":
            if owner != p or not state.is_manifestation(op.item):
                raise IllegalAction(RULE_ZONES, f"{op.dst} holds only {p}'s own manifestations, not {op.item}")
            inter[p] += 1
            if count and inter[p] > INTERZONE_SPACES:
                raise IllegalAction(RULE_ZONES, f"{op.dst} has {INTERZONE_SPACES} spaces: a move displacing one "
                                                f"to the bottom of deck:{p} comes before {op.item} enters")


def check_play(state: KState, a: Play) -> None:
    check_priority(state, a.player)
    check_stack_only(state)
    src = zone(a.source, a.player)
    if a.card not in state.zones[src]:
        raise IllegalAction(RULE_OWNER, f"{name_of(a.card)} is not in {src}")
    card = state.card(a.card)
    if card.type == "manifestation":
        if not card.support:
            raise IllegalAction(RULE_SUPPORT, f"{card.name} has no Support: only the First Manifestation "
                                              f"enters without it")
        if state.phase != REACTION:
            raise IllegalAction(RULE_SUPPORT, "manifestations with Support are played during the Reaction "
                                              "(reading K12)")
    else:
        if a.source != "hand":
            raise IllegalAction(RULE_OWNER, "wills are played from the hand")
        if card.will == "persistent" and (state.phase != END or state.items):
            raise IllegalAction(RULE_PERSISTENT, "a Persistent Will is played only in the End Phase, with "
                                                 "nothing on the Stack")
    if a.card in a.tribute:
        raise IllegalAction(RULE_TRIBUTE, f"{card.name} cannot pay its own tribute")
    check_tribute(state, a.player, tribute_of(state, a), a.tribute)
    check_target(state, a.card, a.target)
    if card.type == "manifestation" and (a.ops or a.target):
        raise IllegalAction(RULE_SUPPORT, "a Support manifestation enters with no target and no effect; write "
                                          "its triggered effects as `effect` entries")
    check_chain(state, a.card, a.player, a.ops)
    check_zone_owners(state, a.ops, count=False)


def check_activate(state: KState, a: Activate) -> None:
    check_priority(state, a.player)
    check_stack_only(state)
    where = [*state.field_manifestations(), *state.zones[zone("field", a.player)]]
    if a.card not in where:
        raise IllegalAction(RULE_ACTIVATED, f"{a.card} is not on the field (activated effects are of cards "
                                            f"on the field)")
    if owner_of(a.card) != a.player:
        raise IllegalAction(RULE_OWNER, f"{a.player} does not control {a.card}")
    cost = tribute_of(state, a)
    if cost is None and activated_cost(state.card(a.card).text) is None:
        raise IllegalAction(RULE_ACTIVATED, f"{name_of(a.card)} has no activated effect (\"COST: effect\", "
                                            f"like \"Pay [cost]:\")")
    check_tribute(state, a.player, cost, a.tribute)
    check_target(state, a.card, a.target)
    check_chain(state, a.card, a.player, a.ops)
    check_zone_owners(state, a.ops, count=False)


def check_mulligan(state: KState, a: Mulligan) -> None:
    check_stack_empty(state, "a mulligan")
    if state.phase != RECOVERY:
        raise IllegalAction(RULE_MULLIGAN, "a mulligan belongs to the Recovery Phase")
    p = a.player
    if has_first_manifestation(state, p):
        if state.turn != 1:
            raise IllegalAction(RULE_MULLIGAN, f"{p} has a manifestation in hand: a voluntary mulligan is "
                                               f"allowed only at the first turn")
        if state.voluntary.get(p):
            raise IllegalAction(RULE_MULLIGAN, f"{p} already took the voluntary mulligan (only once)")
    if sorted(a.deck) != sorted(state.deck(p) + state.hand(p)):
        raise IllegalAction(RULE_MULLIGAN, "the new deck is the hand shuffled into the deck: the same cards")


def check_reveal(state: KState, a: Reveal) -> None:
    check_stack_empty(state, "the Revelation")
    if state.phase != RECOVERY:
        raise IllegalAction(RULE_REVELATION, "the First Manifestations are revealed once a turn, after the "
                                             "Recovery Phase")
    for p, it in a.chosen:
        if not has_first_manifestation(state, p):
            raise IllegalAction(RULE_RECOVERY, f"{p} has no manifestation in hand: a mulligan is compulsory")
        if it not in state.hand(p):
            raise IllegalAction(RULE_REVELATION, f"{name_of(it)} is not in {p}'s hand")
        if not state.is_manifestation(it):
            raise IllegalAction(RULE_REVELATION, f"{name_of(it)} is not a manifestation")


def on_the_field(state: KState, it: str) -> bool:
    """The Cartomantic Field (1.3.6): the Confrontation Zone, the Interzones, the played
    Persistent Wills; with the Stalemate Zone, where manifestations keep their modifiers."""
    return on_field(state, it) or it in state.zones[STALEMATE] or any(
        it in state.zones[zone("field", p)] for p in state.players)


PER_TURN = ("before", "end", "beginning")


def window_key(state: KState, card: str, kind: str) -> tuple[str, str, int]:
    """A trigger takes effect once per window: once a turn for the phase-long windows, else
    once per moment (what happened since the last entry that was not an effect)."""
    return (card, kind, -state.turn) if kind in PER_TURN else (card, kind, state.moment)


def window_problem(state: KState, card: str, kind: str, text: str) -> str | None:
    """Reading K17: why a triggered effect of ``kind`` cannot be written now (None if it can)."""
    owner = owner_of(card)
    here = on_the_field(state, card)
    if kind == "before":
        ok, why = state.phase == RECOVERY and (here or card in state.hand(owner)), \
            "the Revelation is past or the card is not in hand or on the field"
    elif kind == "revelation":
        ok, why = "revelation" in state.flags and card in state.first and card in state.zones[CONFRONTATION], \
            "it is not a First Manifestation just revealed"
    elif kind == "after":
        ok, why = "revelation" in state.flags and here, "the Revelation is not the last thing that happened"
    elif kind == "enters":
        origin = triggers.entry_zone(text)
        ok = card in state.recent and (origin is None or state.recent[card] == zone(origin, owner))
        why = ("it did not just enter the Confrontation Zone" + (f" from its owner's {origin}" if origin else "")
               + " (the window closes at the next entry that is not an effect)")
    elif kind == "support":
        ok = here and any(owner_of(it) != owner and it not in state.first for it in state.recent)
        why = "no manifestation of the opponent just entered in Support"
    elif kind in ("win", "loss"):
        in_conf = card in state.zones[CONFRONTATION] or card in state.zones[STALEMATE]
        side = (owner == state.winner) == (kind == "win")
        ok, why = "resolution" in state.flags and in_conf and side, \
            f"it did not just {'win' if kind == 'win' else 'lose'} a Confrontation"
    elif kind == "vessel":
        ok, why = card in state.vesseled, "it was not just placed in an Empathic Vessel"
    elif kind == "stalemate":
        ok, why = "stalemate" in state.flags and here, "no Confrontation just ended in a Stalemate"
    elif kind == "end":
        ok, why = state.phase in (END, HAND_LIMIT_PHASE) and here, \
            f"it is the {state.phase} phase or the card is not on the field"
    elif kind == "beginning":
        ok, why = state.phase == RECOVERY and here, \
            "the turn's Recovery Phase is past or the card is not on the field"
    else:  # passive
        return None if here else "it is not on the field"
    if not ok:
        return why
    if window_key(state, card, kind) in state.fired:
        return "it already took effect in this window"
    return None


def check_chain(state: KState, card: str, player: str, ops: tuple) -> None:
    """Reading K18: a manifestation enters the Confrontation after the First Manifestation only
    in Support (a `play`) or by the Chain of the entry's card, from the zone its text names."""
    moves = [op for op in ops if op.kind == "move" and op.dst == CONFRONTATION]
    if not moves:
        return
    name = name_of(card)
    chain = triggers.chain_of(state.card(card).text)
    if chain is None:
        raise IllegalAction(RULE_CHAIN, f"{name} has no Chain: after the First Manifestation a manifestation "
                                        f"enters the Confrontation only in Support (a play entry) or by a Chain")
    if len(moves) > 1:
        raise IllegalAction(RULE_CHAIN, f"{name}'s Chain puts one manifestation into Support")
    kind, most = chain
    op = moves[0]
    if state.phase != REACTION:
        raise IllegalAction(RULE_CHAIN, "a Chain puts a manifestation into Support during the Confrontation")
    if op.src != zone(kind, player):
        raise IllegalAction(RULE_CHAIN, f"{name} Chains from {player}'s {kind} ({zone(kind, player)}), "
                                        f"not from {op.src}")
    if not state.is_manifestation(op.item):
        raise IllegalAction(RULE_CHAIN, f"{op.item} is not a manifestation")
    if most is not None and state.base_power(op.item) > most:
        raise IllegalAction(RULE_CHAIN, f"{name} Chains a manifestation with base power {most} or less, "
                                        f"not {op.item} ({state.base_power(op.item)})")


def check_effect(state: KState, a: Effect) -> None:
    if owner_of(a.card) != a.player:
        raise IllegalAction(RULE_OWNER, f"{a.player} does not control {a.card}")
    text = state.card(a.card).text
    kind = triggers.trigger_of(text)
    if kind is None:
        raise IllegalAction(RULE_TRIGGERED, f"{name_of(a.card)} has no triggered or passive effect (\"{text}\"): "
                                            f"an activated effect is an `activate` entry, a will's effect the ops "
                                            f"of its `play`")
    problem = window_problem(state, a.card, kind, text)
    if problem is not None:
        raise IllegalAction(RULE_WINDOW[kind], f"{name_of(a.card)}'s effect happens "
                                               f"{triggers.WINDOW[kind]}: {problem}")
    if kind != "passive":
        lead, switched = trigger_lead(state)
        if a.player == lead and switched:
            raise IllegalAction(RULE_TRIGGERED, f"simultaneous triggers: {lead}, who had Priority, puts their "
                                                f"effects on the Stack first, before {state.other(lead)}'s "
                                                f"(reading K20)")
    if a.target is not None:
        check_target(state, a.card, a.target)
    check_chain(state, a.card, a.player, a.ops)
    check_ops(state, list(a.ops))
    check_zone_owners(state, a.ops, count=kind == "passive")


def trigger_lead(state: KState) -> tuple[str, bool]:
    """3.1: of simultaneous triggers, the player with Priority puts theirs on the Stack first.
    Returns that player for the current moment and whether the opponent has already put one."""
    if state.trigger_lead is not None and state.trigger_lead[0] == state.moment:
        return state.trigger_lead[1], state.trigger_switched
    lead = state.priority if (state.phase in PLAYABLE or state.items) and state.priority else state.last_winner
    return lead, False


def check_pass(state: KState, a: Pass) -> None:
    check_priority(state, a.player)
    if state.passes >= 1 and state.items:  # the top item resolves: its operations must be possible
        top = state.items[-1]
        if top.ops and (top.target is None or target_valid(state, top)):
            check_ops(state, list(top.ops))
            check_zone_owners(state, top.ops)


def check_place(state: KState, a: Place) -> None:
    check_stack_empty(state, "the winner places their manifestations")
    if state.phase != PLACE or a.player != state.winner:
        raise IllegalAction(RULE_RESOLUTION, "only the Confrontation's winner places their manifestations, "
                                             "after the Resolution")
    own = sorted(it for z in (CONFRONTATION, STALEMATE) for it in state.zones[z] if owner_of(it) == a.player)
    if sorted(a.interzone + a.deck) != own:
        raise IllegalAction(RULE_RESOLUTION, f"each of {a.player}'s manifestations in the Confrontation and "
                                             f"Stalemate Zones goes once to the deck's bottom or the Interzone: "
                                             f"{', '.join(name_of(i) for i in own)}")
    inter = state.zones[zone("interzone", a.player)]
    if len(set(a.displace)) != len(a.displace) or any(it not in inter for it in a.displace):
        raise IllegalAction(RULE_RESOLUTION, "only manifestations in the Interzone are displaced, once each")
    if len(a.displace) > len(a.interzone):
        raise IllegalAction(RULE_RESOLUTION, "a manifestation is displaced only by another entering its space")
    if len(inter) - len(a.displace) + len(a.interzone) > INTERZONE_SPACES:
        raise IllegalAction(RULE_RESOLUTION, f"the Interzone has {INTERZONE_SPACES} spaces: displace one to "
                                             f"the bottom of the deck")


def check_bottom(state: KState, a: Bottom) -> None:
    check_stack_empty(state, "the hand limit")
    if state.phase != HAND_LIMIT_PHASE:
        raise IllegalAction(RULE_END, "the hand limit is applied when the turn ends")
    hand = state.hand(a.player)
    excess = len(hand) - HAND_LIMIT
    if excess <= 0 or len(a.cards) != excess or len(set(a.cards)) != len(a.cards) \
            or any(c not in hand for c in a.cards):
        raise IllegalAction(RULE_END, f"{a.player} puts the {max(excess, 0)} cards above seven from the hand "
                                      f"at the bottom of the deck")


def check(state: KState, action: Action) -> None:
    if state.phase == OVER:
        raise IllegalAction(f"{R} 4.4.1 (End Game Conditions)", "the game is over")
    {Mulligan: check_mulligan, Reveal: check_reveal, Effect: check_effect, Play: check_play,
     Activate: check_activate, Pass: check_pass, Place: check_place,
     Bottom: check_bottom}[type(action)](state, action)  # type: ignore[operator]


# --- what actions do -------------------------------------------------------------------------


def draw(state: KState, p: str) -> None:
    while len(state.hand(p)) < HAND_LIMIT and state.deck(p):
        state.hand(p).append(state.deck(p).pop())


def start_turn(state: KState) -> None:
    """4.2.1 Recovery: draw to 7; a player who cannot ends the game (ruling K4, reading K10)."""
    state.phase = RECOVERY
    state.mulligans = {p: 0 for p in state.players}
    state.fired.clear()
    for p in state.players:
        if len(state.deck(p)) < HAND_LIMIT - len(state.hand(p)):
            state.phase = OVER
            state.ended = True
            return
    for p in state.players:
        draw(state, p)


def pay(state: KState, player: str, tribute: tuple[str, int] | None, cards: tuple[str, ...]) -> None:
    if tribute is None:
        return
    excess = check_tribute_unchecked(state, player, tribute, cards)
    temperament, amount = tribute
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


def check_tribute_unchecked(state: KState, player: str, tribute: tuple[str, int], cards: tuple[str, ...]) -> int:
    temperament, amount = tribute
    need = amount - min(amount, essence_available(state, player, temperament))
    return max(0, sum(state.base_power(it) for it in cards) - need)


def target_valid(state: KState, item: StackItem) -> bool:
    """3.2 Targets: "The target must be valid both when the effect is put on the Stack and when it resolves."."""
    t = item.target
    if t is None:
        return True
    if name_of(item.card) in effects.VERIFIED and not item.effect:
        return on_field(state, t)
    return on_field(state, t) or t in state.zones[STACK] or any(t in state.zones[zone("field", p)]
                                                                 for p in state.players)


def resolve_top(state: KState) -> None:
    """2.3.3: the last action added resolves; a card then goes to its zone (2.3 "A Card")."""
    top = state.items.pop()
    valid = target_valid(state, top)
    name = name_of(top.card)
    if not top.effect:
        state.zones.take(top.card, STACK)
    if valid and top.target is not None and name in effects.VERIFIED and not top.effect:
        effects.VERIFIED[name](state, top.target)
    elif valid:
        apply_ops(state, list(top.ops))
    if not top.effect:
        card = state.card(top.card)
        owner = owner_of(top.card)
        if card.type == "manifestation":
            state.zones.put(top.card, CONFRONTATION)
        elif card.will == "persistent":
            state.zones.put(top.card, zone("field", owner))
        else:
            state.zones.put(top.card, zone("limbo", owner))
    sweep(state)


MOD_ZONES = (CONFRONTATION, STALEMATE, STACK)


def sweep(state: KState) -> None:
    """Ruling K3 / reading K13: power 0 or less is destroyed; modifiers leave with the card."""
    places = [CONFRONTATION, STALEMATE] + [zone("interzone", p) for p in state.players]
    for z in places:
        for it in list(state.zones[z]):
            if state.card(it).type == "manifestation" and state.power(it) <= 0:
                state.zones.move(it, z, zone("limbo", owner_of(it)))
    kept = set(state.zones[CONFRONTATION]) | set(state.zones[STALEMATE]) | set(state.zones[STACK])
    for p in state.players:
        kept |= set(state.zones[zone("interzone", p)])
    for key in [k for k in state.counters if k.startswith(("power.", "turn."))]:
        if key.split(".", 1)[1] not in kept:
            del state.counters[key]


def end_turn(state: KState) -> None:
    """4.2.4: "until the end of the turn" effects wear off, excess essence is lost (2.1)."""
    for key in [k for k in state.counters if k.startswith("turn.")]:
        del state.counters[key]
    state.essence = {p: {} for p in state.players}
    sweep(state)
    if any(len(state.hand(p)) > HAND_LIMIT for p in state.players):
        state.phase = HAND_LIMIT_PHASE
        return
    state.turn += 1
    start_turn(state)


def after_passes(state: KState) -> None:
    """Both players passed with an empty Stack: the phase moves on."""
    state.passes = 0
    if state.phase == REACTION:
        w = outcome(state)
        if w is None:  # Stalemate
            for it in list(state.zones[CONFRONTATION]):
                state.zones.move(it, CONFRONTATION, STALEMATE)
            state.flags.add("stalemate")
            state.phase = END
            state.priority = state.last_winner
            return
        state.winner = w
        state.flags.add("resolution")
        state.phase = RESOLUTION
        state.priority = w
        return
    if state.phase == RESOLUTION:
        w = state.winner
        assert w is not None
        for z in (CONFRONTATION, STALEMATE):
            for it in list(state.zones[z]):
                if owner_of(it) != w:
                    state.zones.move(it, z, zone("vessel", w))
        state.last_winner = w
        sweep(state)
        if any(owner_of(it) == w for z in (CONFRONTATION, STALEMATE) for it in state.zones[z]):
            state.phase = PLACE
        else:
            state.phase = END
            state.priority = w
        return
    end_turn(state)


def apply(state: KState, action: Action) -> None:
    """Apply ``action``, then note what just happened for the trigger windows (reading K17)."""
    if not isinstance(action, Effect):
        state.moment += 1
        state.recent, state.vesseled, state.flags = {}, set(), set()
    origins: dict[str, str] = {}  # where a card that enters the Confrontation Zone comes from
    for si in state.items:
        if not si.effect:
            origins[si.card] = si.origin
        origins.update((op.item, op.src) for op in si.ops if op.kind == "move")
    if isinstance(action, (Effect, Play, Activate)):
        origins.update((op.item, op.src) for op in action.ops if op.kind == "move")
    if isinstance(action, Play):
        origins[action.card] = zone(action.source, action.player)
    conf = set(state.zones[CONFRONTATION])
    vessel_sizes = [len(state.zones[zone("vessel", p)]) for p in state.players]
    vessels = {it for p in state.players for it in state.zones[zone("vessel", p)]} if any(vessel_sizes) else set()
    _apply(state, action)
    if isinstance(action, Reveal):
        state.first = {it for _, it in action.chosen}
        state.flags.add("revelation")
        origins.update((it, zone("hand", p)) for p, it in action.chosen)
    for it in state.zones[CONFRONTATION]:
        if it not in conf:
            state.recent[it] = origins.get(it, "")
    for p, before in zip(state.players, vessel_sizes):
        now = state.zones[zone("vessel", p)]
        if len(now) != before or (now and vessels and not vessels.issuperset(now)):
            state.vesseled.update(it for it in now if it not in vessels)
    if isinstance(action, Effect):
        kind = triggers.trigger_of(state.card(action.card).text)
        if kind not in (None, "passive"):
            state.fired.add(window_key(state, action.card, kind))


def _apply(state: KState, action: Action) -> None:
    z = state.zones
    if isinstance(action, Mulligan):
        p = action.player
        if has_first_manifestation(state, p):
            state.voluntary[p] = True
            key = f"points.{p}"
            state.counters[key] = state.counters.get(key, 0) - VOLUNTARY_MULLIGAN_COST
            state.mulligans[p] = 0
        else:
            state.mulligans[p] = state.mulligans.get(p, 0) + 1
        z[zone("hand", p)].clear()
        z[zone("deck", p)][:] = list(reversed(action.deck))
        state.shuffles += 1
        draw(state, p)
        if state.mulligans[p] >= MAX_COMPULSORY_MULLIGANS and not has_first_manifestation(state, p):
            state.loser = p  # 4.4.1, reading K9
            state.phase = OVER
    elif isinstance(action, Reveal):
        for p, it in action.chosen:
            z.move(it, zone("hand", p), CONFRONTATION)
        state.phase = REACTION
        state.passes = 0
        state.priority = normal_priority(state)
    elif isinstance(action, Effect) and triggers.trigger_of(state.card(action.card).text) != "passive":
        lead, switched = trigger_lead(state)  # reading K20: triggered effects go on the Stack (3.1)
        state.trigger_lead, state.trigger_switched = (state.moment, lead), switched or action.player != lead
        if not state.items:
            state.stack_starter = action.player
        state.items.append(StackItem(action.card, action.player, True, action.target, action.ops,
                                     triggered=True))
        state.priority = state.other(action.player)
        state.passes = 0
    elif isinstance(action, Effect):  # passive (3.1: "They do not use the Stack")
        apply_ops(state, list(action.ops))
        sweep(state)
        if state.phase == REACTION and not state.items and state.passes == 0:
            state.priority = normal_priority(state)
    elif isinstance(action, (Play, Activate)):
        cost = tribute_of(state, action)
        if not state.items:
            state.stack_starter = action.player
        if isinstance(action, Play):
            z.move(action.card, zone(action.source, action.player), STACK)
        elif exile_cost(state, action.card):  # reading K22: "Exile it:" is paid on activating
            here = next(zn for zn in state.zones.zones if action.card in state.zones[zn])
            z.move(action.card, here, zone("exile", owner_of(action.card)))
            sweep(state)
        pay(state, action.player, cost, action.tribute)
        state.items.append(StackItem(action.card, action.player, isinstance(action, Activate), action.target,
                                     action.ops, zone(action.source, action.player)
                                     if isinstance(action, Play) else ""))
        state.priority = state.other(action.player)
        state.passes = 0
    elif isinstance(action, Pass):
        state.passes += 1
        state.priority = state.other(action.player)
        if state.passes >= 2:
            if state.items:
                resolve_top(state)
                state.passes = 0
                if state.items:
                    state.priority = state.other(state.items[-1].controller)  # 2.3.4
                else:
                    starter = state.stack_starter
                    state.stack_starter = None
                    state.priority = normal_priority(state) if state.phase == REACTION or starter is None \
                        else state.other(starter)  # 4.2.4
            else:
                after_passes(state)
    elif isinstance(action, Place):
        p = action.player
        for it in action.displace:
            z.move(it, zone("interzone", p), zone("deck", p), bottom=True)
        for it in action.interzone:
            src = CONFRONTATION if it in z[CONFRONTATION] else STALEMATE
            z.move(it, src, zone("interzone", p))
        for it in action.deck:
            src = CONFRONTATION if it in z[CONFRONTATION] else STALEMATE
            z.move(it, src, zone("deck", p), bottom=True)
        sweep(state)
        state.phase = END
        state.priority = p
        state.passes = 0
    elif isinstance(action, Bottom):
        for it in action.cards:
            z.move(it, zone("hand", action.player), zone("deck", action.player), bottom=True)
        if not any(len(state.hand(p)) > HAND_LIMIT for p in state.players):
            state.turn += 1
            start_turn(state)


def unverified(state: KState, action: Action) -> list[str]:
    """Card effects the checker takes as written (SPEC.md principle 4)."""
    if isinstance(action, Effect):
        done = "; ".join(op.describe() for op in action.ops) or "no operations"
        return [f"effect of {action.card} (\"{state.card(action.card).text}\"): {done}"]
    if isinstance(action, (Play, Activate)) and name_of(action.card) not in effects.VERIFIED \
            and state.card(action.card).type == "will" or isinstance(action, Activate):
        done = "; ".join(op.describe() for op in action.ops) or "no operations"
        tgt = f" targeting {action.target}" if action.target else ""
        cost = activated_cost(state.card(action.card).text) if isinstance(action, Activate) else None
        paid = f" (cost \"{cost}\" taken as paid)" if cost and tribute_of(state, action) is None \
            and not exile_cost(state, action.card) else ""
        return [f"{name_of(action.card)}{tgt}{paid} (\"{state.card(action.card).text}\"): on resolving, {done}"]
    return []


# --- candidates (for the simulator) ------------------------------------------------------------


def payments(state: KState, p: str, tribute: tuple[str, int] | None, exclude: str) -> list[tuple[str, ...]]:
    """A few ways to pay: the smallest sets of needed cards (reading K7)."""
    if tribute is None:
        return [()]
    temperament, amount = tribute
    need = amount - min(amount, essence_available(state, p, temperament))
    if need == 0:
        return [()]
    hand = [it for it in state.hand(p) if it != exclude and state.is_manifestation(it)
            and can_pay(temperament, state.card(it).temperament)]
    out = []
    for size in (1, 2, 3):
        for combo in itertools.combinations(hand, size):
            powers = [state.base_power(it) for it in combo]
            if sum(powers) >= need and sum(powers) - min(powers) < need:
                out.append(combo)
                if len(out) >= 2:
                    return out
    return out


def candidates(state: KState) -> Iterator[Action]:
    if state.phase == OVER:
        return
    if state.phase == RECOVERY:
        for p in state.players:
            if not has_first_manifestation(state, p) or (state.turn == 1 and not state.voluntary.get(p)
                                                        and state.shuffles == 0):
                order = state.deck(p) + state.hand(p)
                random.Random(f"{state.turn}/{p}/{state.shuffles}/{len(order)}").shuffle(order)
                yield Mulligan(p, tuple(order))
        firsts = [[it for it in state.hand(p) if state.is_manifestation(it)][:2] for p in state.players]
        for a, b in itertools.product(*firsts):
            yield Reveal(((state.players[0], a), (state.players[1], b)))
        return
    if state.phase == PLACE:
        w = state.winner
        assert w is not None
        own = tuple(it for zn in (CONFRONTATION, STALEMATE) for it in state.zones[zn] if owner_of(it) == w)
        yield Place(w, (), own)
        inter = state.zones[zone("interzone", w)]
        first, rest = own[:1], own[1:]
        yield Place(w, first, rest, tuple(inter[:1]) if len(inter) >= INTERZONE_SPACES else ())
        return
    if state.phase == HAND_LIMIT_PHASE:
        for p in state.players:
            if len(state.hand(p)) > HAND_LIMIT:
                yield Bottom(p, tuple(state.hand(p)[:len(state.hand(p)) - HAND_LIMIT]))
                return
        return
    p = state.priority
    yield Pass(p)
    targets = state.field_manifestations()[:3]
    for it in list(state.hand(p)) + (list(state.zones[zone("interzone", p)]) if state.phase == REACTION else []):
        card = state.card(it)
        source = "hand" if it in state.hand(p) else "interzone"
        if card.type == "manifestation":
            if card.support and state.phase == REACTION:
                yield Play(it, p, source)
            continue
        for pay_with in payments(state, p, (card.tribute.temperament, card.tribute.amount)
                                 if card.tribute else None, it):
            if card.name in effects.VERIFIED:
                for t in targets:
                    yield Play(it, p, source, pay_with, t)
            else:
                yield Play(it, p, source, pay_with)
