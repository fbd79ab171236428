"""Which Kartomantik actions are legal and what they do (rulebook 1-4, rulings G1-G3, K1-K5).

Readings (docs/rulings.md, K6-K44), beside the rulings of docs/rulings.md:
- K6. Recovery draws, the Stack's resolution, every scripted effect, the Confrontation's
  outcome, the opponent's manifestations going to the winner's Empathic Vessel and the
  Stalemate move are done by the checker; the log records only choices.
- K7. A tribute card must be needed: removing any one of them would leave the tribute unpaid
  (2.1 "to reach a total ... equal to or greater").
- K8. Excess essence takes the tribute's temperament. Essence is used first, compulsorily:
  that of the tribute's temperament, then (for a Hollow tribute) any other, then Transcendent.
  Hollow essence pays only Hollow tributes. All of it is lost at the end of the turn.
- K9. Two consecutive compulsory mulligans in one Recovery Phase that still leave no
  manifestation in hand lose the game (4.4.1).
- K10. If a player cannot draw up to 7 in the Recovery Phase, the game ends before anyone
  draws: the deck keeps its cards for the 5-point bonus (ruling K4).
- K12. Support manifestations are played only in the Reaction (4.2.2); ephemeral wills in the
  Reaction, the Resolution window and the End Phase; persistent wills only in the End Phase
  with an empty Stack (1.2).
- K13. A manifestation whose power is 0 or less in the Confrontation Zone, an Interzone or
  the Stalemate Zone is destroyed into its owner's Limbo (ruling K3) after every entry;
  modifiers (power, temperament, control, effects lost or gained) are dropped when a card is
  anywhere else but on the Stack (3.2).
- K14. The winner's own cards placed at the bottom of the deck go in the order listed, after
  any displaced from the Interzone (4.2.3).
- K15. A power tie in which a player has no manifestation in the Confrontation is a Stalemate.
- K16. Priority after a Stack resolves: in the Reaction and the Resolution window by the
  normal rule (2.2: the player who would lose; the winner); in the End Phase to the opponent
  of the player who started the Stack (4.2.4).
- K17. "Enters the field" is entering the Confrontation Zone (by the Revelation, a Support
  resolving or a Chain); a move to an Interzone is not an entry.
- K18. A Chain happens only during the Confrontation (4.2.2 Reaction).
- K19. A turn ending with a hand above 7 waits for the `bottom` entry.
- K20. A triggered effect is put on the Stack by an `effect` entry, controlled by the card's
  controller; simultaneous triggers: the player who has Priority puts theirs first (the last
  winner where a phase has none), each in the order they choose; priority then goes to the
  opponent of the last one put. In a phase with no Priority players only pass until the Stack
  is empty.
- K29. A triggered effect whose condition was met must be put on the Stack before anything
  else happens (3.1: "placed on the Stack as soon as their condition is met"): any other
  entry first is a violation naming it.
- K30. An effect that asks a player for a choice as it resolves waits for that player's
  `choose` entry; nothing else happens until it is answered.
- K31. A card's own restriction holds under the Golden Rule (3.2): "It cannot be used to pay
  a Tribute" keeps it out of every tribute.
- K32. "When a Confrontation would end in a Stalemate" is a replacement, not a trigger: when
  both players pass and the outcome is a Stalemate, each such effect on the field is offered
  (the player with Priority first) before the Stalemate happens.
- K33. An outcome a log writes (`ops`) is compared with what the script does when the effect
  resolves; a difference is a violation at the entry that resolves it.
- K34. A card with no script (a pool without scripts) is checked as plain operations and
  listed as unverified (docs/logs/README.md, "Card effects").
- K35. A Chain may choose any manifestation of the zone it names, the card whose effect it is
  included (destroyed while its trigger waited on the Stack: 3.2 Independence of Effects);
  in `verbs.Chain`.
- K36. A trigger on entering the Confrontation Zone goes on the Stack even if its card has left
  at once (destroyed at power 0 as it entered): 3.2 Independence of Effects; in `triggers`.
- K37. A choice that cannot matter is not asked: a "you may" with nothing to act on (K23: a
  card looked at in an empty deck) does nothing, and a `choose` entry written for it is
  refused as answering no question (K30: a `choose` answers a question the effect asks);
  in `verbs.KWorld.may`.
- K38. A card played from a zone it is not in is cited by the rule that says where it is played
  from (3.1 Support and Chain: the hand or the Interzone; a Will "from their hand": 4.2.2
  Reaction, 4.2.3, 4.2.4), and the message says where it is in words ("in Ana's Limbo");
  a card its player does not own is 3.2 Owner and Controller's.
- K39. A deck given without its order (`cards:` or `decklist:` alone) is 30 unseen cards; a
  card an entry names where unseen ones are must be one they can still be ("Ana's hand cannot
  hold a copy of Oppress: Ana's decklist has 1, and it is in Ana's Limbo"); every question of a
  hand is "is or could be" (seen.py); a card played from the hand and its tribute must all fit in
  it (2.1). On a table state the legal set names each card a hand can be, once (table_moves.py).
- K40. A mulligan without an order: the hand shown (`hand:`) is named and decides compulsory or
  voluntary; a hand not shown is the voluntary mulligan at the first turn while it is unused,
  else a compulsory one accepted when some order allows it, *not decided by the log* (and so is
  the loss of 4.4.1 after the second). An order written names every card of the new deck.
- K41. `show` names cards the table saw (a deck's top cards, top first); an effect that needs an
  unseen card's face needs one first (1.3 Game Zones).
- K42. The deck's 5-point bonus (4.4.2) from what the log shows; otherwise its lower end, the
  winner only when decided, and the deck to show reported as not decided (scoring.py).
- K43. Cards exiled from a hand go face down (1.3 Game Zones, 9 Exile): where the hand holds
  unseen cards, a table log answers the choice `face down` for every card (all named, or none),
  and they go to the Exile unseen (verbs.Exile); shown at the end if the scores need them.
- K44. At the table, after a second consecutive compulsory mulligan whose new hand was not
  shown (K40: not decided), the next hand shown with no manifestation decides 4.4.1: the player
  loses the match there, and that mulligan is not made (4.2.1 allows no third).
"""

from __future__ import annotations

import itertools
import random
from typing import Iterator

from pnp.data.games.kartomantik import dominates
from pnp.effects.language import ACTIVATED, TRIGGERED, Ability
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import apply_ops
from rules_check.effects import Frame, describe, mismatch, program, run

from rules_check.core.zones import is_unseen
from rules_check.core.zones import seen as seen_items

from . import board, table_moves, triggers
from .actions import Action, Activate, Bottom, Choose, Effect, Mulligan, Pass, Place, Play, Reveal, Show
from .seen import cannot_hold, holds, manifestation_in
from .moves import move
from .state import (CONFRONTATION, END, HAND_LIMIT, HAND_LIMIT_PHASE, INTERZONE_SPACES,
                    MAX_COMPULSORY_MULLIGANS, OVER, PLACE, REACTION, RECOVERY, RESOLUTION, STACK, STALEMATE,
                    VOLUNTARY_MULLIGAN_COST, KState, Resolving, StackItem, name_of, not_in, owner_of, where, zone,
                    zone_name)
from .verbs import RULE_EFFECTS, KWorld

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
RULE_VALIDITY = f"{R} 3.2 (Action Validity)"
RULE_GOLDEN = f"{R} 3.2 (The Golden Rule)"
RULE_OWNER = f"{R} 3.2 (Owner and Controller)"
RULE_ACTIVATED = f"{R} 3.1 (Activated)"
RULE_ZONES = f"{R} 3.2 (Game Zones)"
RULE_RESOLUTION = f"{R} 4.2.3 (When a Player Wins)"
RULE_END = f"{R} 4.2.4 (End Phase)"
RULE_SETUP = f"{R} 4.1 (Building a Deck)"
RULE_TRIGGERED = f"{R} 3.1 (Triggered)"
RULE_SHOW = f"{R} 1.3 (Game Zones)"  # a `show` entry: cards seen in a zone (reading K41)
RULE_END_GAME = f"{R} 4.4.1 (End Game Conditions)"
PLAYABLE = (REACTION, RESOLUTION, END)
WILLS_FROM_HAND = {REACTION: RULE_REACTION, RESOLUTION: RULE_RESOLUTION, END: RULE_END}  # "Wills from their hand"
STACK_ONLY = (RECOVERY, PLACE, HAND_LIMIT_PHASE)  # reading K20: only passes, while triggers are on the Stack
OWNER_ONLY = ("limbo", "deck", "hand", "exile")  # 3.2 Game Zones


# --- small questions -------------------------------------------------------------------------


def has_first_manifestation(state: KState, p: str) -> bool | None:
    """4.2.1.3: "at least one Manifestation card in hand that can be played as a First
    Manifestation"; None when the hand's unseen cards leave it open (reading K40)."""
    if not state.zones.unknown:
        return any(state.is_manifestation(it) for it in state.hand(p))
    return manifestation_in(state, zone("hand", p))


def not_held(state: KState, it: str, src: str) -> str:
    """Why ``it`` is not in ``src``: where it is (reading K38), or why the unseen cards there cannot
    be it (reading K39)."""
    return cannot_hold(state, src, [it]) or not_in(state, it, src)


def last_entered(state: KState, p: str) -> str | None:
    """4.2.3: "the last manifestation that entered the Confrontation under each player's control"."""
    mine = [it for it in state.zones[CONFRONTATION] if state.controller(it) == p]
    return mine[-1] if mine else None


def outcome(state: KState) -> str | None:
    """4.2.3: who would win the Confrontation if it were resolved now; None for a Stalemate."""
    a, b = state.players
    table = board.powers(state)
    ta, tb = board.total_power(state, a, table), board.total_power(state, b, table)
    if ta != tb:
        return a if ta > tb else b
    la, lb = last_entered(state, a), last_entered(state, b)
    if la is None or lb is None:  # reading K15
        return None
    ca, cb = state.temperament(la), state.temperament(lb)
    if dominates(ca, cb):  # type: ignore[arg-type]
        return a
    if dominates(cb, ca):  # type: ignore[arg-type]
        return b
    return None


def normal_priority(state: KState) -> str:
    """2.2: in the Confrontation the player who would lose (ruling K2 in a stalemate); in every
    other phase the last winner (ruling K1), the Confrontation's winner in its Resolution."""
    if state.phase == REACTION:
        w = outcome(state)
        return state.other(w) if w is not None else state.other(state.last_winner)
    if state.phase == RESOLUTION:
        return state.winner or state.last_winner
    return state.last_winner


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


def activated_of(state: KState, it: str) -> Ability | None:
    found = board.of_kind(state, it, ACTIVATED)
    return found[0] if found else None


def tribute_of(state: KState, action: Play | Activate) -> tuple[str, int] | None:
    if isinstance(action, Play):
        t = state.card(action.card).tribute
        return (t.temperament, t.amount) if t else None
    ability = activated_of(state, action.card)
    cost = ability.cost if ability is not None else None
    return (cost.temperament, cost.amount) if cost is not None and cost.temperament else None  # type: ignore[union-attr]


def scripted(state: KState, it: str) -> bool:
    return state.card(it).script is not None


def text_of(state: KState, it: str) -> str:
    return state.card(it).text or ""


def trigger_lead(state: KState) -> str:
    """3.1: of simultaneous triggers, the player with Priority puts theirs on the Stack first
    (the last winner where the phase has no Priority, reading K20)."""
    return state.priority if state.phase in PLAYABLE and state.priority else state.last_winner


# --- the rules, one predicate each -----------------------------------------------------------


def check_priority(state: KState, player: str) -> None:
    """2.2: only the player with priority acts (plays, activates, passes)."""
    if state.items and state.phase in STACK_ONLY:  # reading K20
        if player != state.priority:
            raise IllegalAction(RULE_PRIORITY, f"{state.priority} has priority, not {player}")
        return
    if state.phase == HAND_LIMIT_PHASE:
        raise hand_limit_missing(state)
    if state.phase not in PLAYABLE:
        raise IllegalAction(RULE_PRIORITY, f"nobody has priority in the {state.phase} phase")
    if player != state.priority:
        raise IllegalAction(RULE_PRIORITY, f"{state.priority} has priority, not {player}")


def hand_limit_missing(state: KState) -> IllegalAction:
    """4.2.4: "If a player ended the turn with more than seven cards in hand, they place the
    excess cards at the bottom of their deck": an entry other than that `bottom` (reading K19)."""
    over = [(p, len(state.hand(p)) - HAND_LIMIT) for p in state.players if len(state.hand(p)) > HAND_LIMIT]
    who = " and ".join(f"{p} at {HAND_LIMIT + n}" for p, n in over)
    entries = "; ".join(f"{{bottom: {p}, cards: [{n} card{'s' * (n != 1)}]}}" for p, n in over)
    return IllegalAction(RULE_END, f"the hand-limit entry is missing: the turn ended with {who} cards in hand, "
                                   f"above {HAND_LIMIT}; a `bottom` entry puts the excess at the bottom of the deck "
                                   f"first ({entries})")


def check_hand_limit(state: KState, action: Action) -> None:
    """4.2.4: the excess goes to the bottom of the deck when the turn ends, before anything of
    the next turn (a mulligan, the Revelation); only passes while the Stack holds triggers."""
    if state.phase == HAND_LIMIT_PHASE and not state.items and not isinstance(action, Bottom):
        raise hand_limit_missing(state)


def check_tribute(state: KState, player: str, tribute: tuple[str, int] | None, cards: tuple[str, ...]) -> int:
    """2.1: the tribute's manifestations, from the hand, of its temperament, reaching the amount
    after the excess essence (readings K7, K8, K31). Returns the new excess essence."""
    if tribute is None:
        if cards:
            raise IllegalAction(RULE_TRIBUTE, "this action has no tribute to pay")
        return 0
    temperament, amount = tribute
    need = amount - min(amount, essence_available(state, player, temperament))
    if len(set(cards)) != len(cards):
        raise IllegalAction(RULE_TRIBUTE, "a card is named twice in the tribute")
    for it in cards:
        if not holds(state, zone("hand", player), it):
            raise IllegalAction(RULE_TRIBUTE, f"{not_held(state, it, zone('hand', player))}: a tribute is paid "
                                              f"with manifestations from the hand (reading K38)")
        card = state.card(it)
        if card.type != "manifestation":
            raise IllegalAction(RULE_TRIBUTE, f"{card.name} is a will: tributes are paid with manifestations")
        if board.restricted(state, it, "pay a tribute"):
            raise IllegalAction(RULE_GOLDEN, f"{card.name}: \"{card.text}\" (reading K31)")
        if not can_pay(temperament, card.temperament):  # type: ignore[arg-type]
            raise IllegalAction(RULE_TRIBUTE, f"{card.name} ({card.temperament}) cannot pay a {temperament} tribute")
    problem = cannot_hold(state, zone("hand", player), cards)
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


def check_targets(state: KState, ability: Ability | None, controller: str, source: str,
                  targets: tuple[str, ...]) -> None:
    """3.2 Targets: declared when put on the Stack, valid then; 3.2 Action Validity: an action
    whose text needs a target cannot be played without a legal one."""
    name = name_of(source)
    if ability is None:  # a card with no script (reading K34): anything on the field or the Stack
        for t in targets:
            if not (board.in_zone(state, t, "field", "any", controller) or t in state.zones[STACK]):
                raise IllegalAction(RULE_TARGETS, f"the target {t} is {where(state, t)}, not on the field or "
                                                  f"the Stack")
        return
    spec = ability.target
    if spec is None:
        if targets:
            raise IllegalAction(RULE_TARGETS, f"{name}'s effect has no target (\"{text_of(state, source)}\")")
        return
    if not targets:
        if not board.target_choices(state, spec, controller, source):
            raise IllegalAction(RULE_VALIDITY,  # type: ignore[attr-defined]
                                f"{name} needs {spec.printed} and there is none (\"{text_of(state, source)}\")")
        raise IllegalAction(RULE_TARGETS, f"{name} needs {spec.printed}: declare it (`target:`)")  # type: ignore[attr-defined]
    if not board.targets_valid(state, spec, controller, source, targets):
        wrong = [t for t in targets if t not in board.target_candidates(state, spec, controller, source)]
        what = f"the target {wrong[0]} is not" if wrong else f"{', '.join(targets)} are not"
        raise IllegalAction(RULE_TARGETS, f"{what} {spec.printed} (\"{text_of(state, source)}\")")  # type: ignore[attr-defined]


def check_stack_only(state: KState) -> None:
    if state.phase in STACK_ONLY:
        raise IllegalAction(RULE_STACK, f"triggered effects are on the Stack in the {state.phase} phase: the players "
                                        f"pass until it resolves (reading K20)")


def check_stack_empty(state: KState, what: str) -> None:
    if state.items:
        raise IllegalAction(RULE_STACK, f"the Stack is not empty: it resolves (both players pass) before {what} "
                                        f"(reading K20)")


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
    hand"), not as the zone names of the operation."""
    trial = state.copy()
    for op in ops:
        if op.kind != "move":
            continue
        if not holds(trial, op.src, op.item):
            raise IllegalAction(RULE_EFFECTS, f"the log's operation {{move: {op.item}, from: {op.src}, to: "
                                              f"{op.dst}}} cannot happen: "
                                              f"{not_held(trial, op.item, op.src)}")
        trial.zones.move(op.item, op.src, op.dst, op.bottom)


def check_unscripted_ops(state: KState, card: str, ops: tuple) -> None:
    if not scripted(state, card):
        check_moves(state, ops)
        check_zone_owners(state, ops, count=False)


def from_where(state: KState, a: Play) -> None:
    """Reading K38: a card is played from the zone its rule names, and a card that is not there
    is cited by that rule, saying where it is: a Support manifestation "from the hand or the
    Interzone" (3.1 Support and Chain), a Will from the hand (4.2.2 Reaction, 4.2.3, 4.2.4:
    "play ... Wills from their hand"). A card its player does not own is 3.2 Owner and Controller's."""
    card, p = state.card(a.card), a.player
    src = zone(a.source, p)
    if state.zone_of(a.card) is None and not any(u[a.card] for u in state.zones.unknown.values()):
        raise IllegalAction(RULE_OWNER, f"{card.name} is not one of {p}'s cards: {p}'s deck did not hold it, "
                                        f"and a player plays only the cards they own")
    if card.type == "manifestation":
        if a.source not in ("hand", "interzone"):
            raise IllegalAction(RULE_SUPPORT, f"{card.name} cannot be played from {zone_name(src)}: a manifestation "
                                              f"is played in Support from the hand or the Interzone")
        if not holds(state, src, a.card):
            raise IllegalAction(RULE_SUPPORT, f"{not_held(state, a.card, src)}: a manifestation is played in "
                                              f"Support from the hand or the Interzone")
        return
    rule = WILLS_FROM_HAND.get(state.phase, RULE_REACTION)
    if a.source != "hand":
        raise IllegalAction(rule, f"{card.name} is a will: wills are played from the hand, not from "
                                  f"{zone_name(src)}")
    if not holds(state, src, a.card):
        raise IllegalAction(rule, f"{not_held(state, a.card, src)}: wills are played from the hand")


def check_play(state: KState, a: Play) -> None:
    check_priority(state, a.player)
    check_stack_only(state)
    from_where(state, a)
    card = state.card(a.card)
    if card.type == "manifestation":
        if not card.support:
            raise IllegalAction(RULE_SUPPORT, f"{card.name} has no Support: only the First Manifestation "
                                              f"enters without it")
        if state.phase != REACTION:
            raise IllegalAction(RULE_SUPPORT, "manifestations with Support are played during the Reaction "
                                              "(reading K12)")
        if a.ops or a.targets:
            raise IllegalAction(RULE_SUPPORT, "a Support manifestation enters with no target and no effect; its "
                                              "triggered effects are `effect` entries once it has entered")
    else:
        if card.will == "persistent" and (state.phase != END or state.items):
            raise IllegalAction(RULE_PERSISTENT, "a Persistent Will is played only in the End Phase, with "
                                                 "nothing on the Stack")
    if a.card in a.tribute:
        raise IllegalAction(RULE_TRIBUTE, f"{card.name} cannot pay its own tribute")
    check_tribute(state, a.player, tribute_of(state, a), a.tribute)
    if a.source == "hand" and a.tribute:  # a table state: the hand holds the card and its tribute (K39)
        problem = cannot_hold(state, zone("hand", a.player), (a.card,) + a.tribute)
        if problem:
            raise IllegalAction(RULE_TRIBUTE, f"{problem}: the card played and its tribute are both from the hand")
    if card.type == "will":
        check_targets(state, board.effect_ability(state, a.card) if card.script else None, a.player, a.card,
                      a.targets)
        check_unscripted_ops(state, a.card, a.ops)


def check_activate(state: KState, a: Activate) -> None:
    check_priority(state, a.player)
    check_stack_only(state)
    if not state.on_field(a.card):
        raise IllegalAction(RULE_ACTIVATED, f"{name_of(a.card)} is {where(state, a.card)}, not on the field: "
                                            f"activated effects are of cards on the field (reading K38)")
    if state.controller(a.card) != a.player:
        raise IllegalAction(RULE_OWNER, f"{a.player} does not control {a.card}")
    ability = activated_of(state, a.card)
    if ability is None and scripted(state, a.card):
        lost = " (it lost its effects)" if a.card in state.muted else ""
        raise IllegalAction(RULE_ACTIVATED, f"{name_of(a.card)} has no activated effect (\"COST: effect\", like "
                                            f"\"Pay [cost]:\"){lost}")
    check_tribute(state, a.player, tribute_of(state, a), a.tribute)
    if ability is not None:
        check_targets(state, ability, a.player, a.card, a.targets)
    else:
        check_targets(state, None, a.player, a.card, a.targets)
        check_unscripted_ops(state, a.card, a.ops)


def check_mulligan(state: KState, a: Mulligan) -> None:
    check_stack_empty(state, "a mulligan")
    if state.phase != RECOVERY:
        raise IllegalAction(RULE_MULLIGAN, "a mulligan belongs to the Recovery Phase")
    p = a.player
    has = mulligan_hand(state, a)
    if has:
        whatever = (f", whatever the order of {p}'s deck (reading K40)"
                    if any(is_unseen(x) for x in state.hand(p)) and a.shown is None else "")
        if state.turn != 1:
            raise IllegalAction(RULE_MULLIGAN, f"{p} has a manifestation in hand{whatever}: a voluntary mulligan is "
                                               f"allowed only at the first turn")
        if state.voluntary.get(p):
            raise IllegalAction(RULE_MULLIGAN, f"{p} already took the voluntary mulligan (only once){whatever}")
    if a.deck is not None and state.zones.unknown:
        trial = state.copy()
        try:
            new_deck(trial, a)
        except IllegalAction as exc:
            raise IllegalAction(RULE_MULLIGAN, f"the new deck is the hand shuffled into the deck: {exc.message}") \
                from None
    elif a.deck is not None and sorted(a.deck) != sorted(state.deck(p) + state.hand(p)):
        raise IllegalAction(RULE_MULLIGAN, "the new deck is the hand shuffled into the deck: the same cards")


def mulligan_hand(state: KState, a: Mulligan) -> bool | None:
    """Whether the mulligan's hand holds a manifestation (4.2.1): the hand shown decides it
    (reading K40: every card of it named from the unseen ones); else the hand, as far as the log
    tells. A hand shown that is not the hand is a violation."""
    p = a.player
    if a.shown is None:
        return has_first_manifestation(state, p)
    hand = zone("hand", p)
    if len(a.shown) != len(state.hand(p)):
        raise IllegalAction(RULE_MULLIGAN, f"the hand shown has {len(a.shown)} cards; {p}'s hand holds "
                                           f"{len(state.hand(p))}: the whole hand is shown (4.2.1)")
    problem = cannot_hold(state, hand, a.shown) or next(
        (not_in(state, it, hand) for it in a.shown if not holds(state, hand, it)), None)
    if problem:
        raise IllegalAction(RULE_MULLIGAN, f"the hand shown is not {p}'s hand: {problem}")
    return any(state.is_manifestation(it) for it in a.shown)


def name_cards(state: KState, where: str, cards, top: bool = False) -> None:
    """The cards seen in ``where`` named from its unseen ones (reading K41); ``top``: a deck's top
    cards, top first, each at its place."""
    z = state.zones
    if top:
        items = z[where]
        for i, it in enumerate(cards):
            if i >= len(items):
                raise IllegalAction(RULE_SHOW, f"{zone_name(where)} holds {len(items)} cards, not {len(cards)}")
            z.name(where, it, index=len(items) - 1 - i)
        return
    problem = cannot_hold(state, where, cards)
    if problem:
        raise IllegalAction(RULE_SHOW, problem)
    named: dict[str, int] = {}
    for it in cards:
        named[it] = named.get(it, 0) + 1
        if z[where].count(it) < named[it]:
            i = next((i for i in range(len(z[where]) - 1, -1, -1)
                      if is_unseen(z[where][i]) and z.could_be(z[where][i], it)), None)
            if i is None:
                raise IllegalAction(RULE_SHOW, not_held(state, it, where))
            z.name(where, it, index=i)


def new_deck(state: KState, a: Mulligan) -> None:
    """4.2.1: the hand shuffled back into the deck. Without an order (reading K40) every card of
    it is unseen again; an order written in a log whose deck is unseen names each card."""
    p = a.player
    deck, hand = zone("deck", p), zone("hand", p)
    z = state.zones
    if a.shown is not None:
        name_cards(state, hand, a.shown)
    if a.deck is not None and not z.unknown:
        z[hand].clear()
        z[deck][:] = list(reversed(a.deck))
        return
    z[deck].extend(z[hand])
    z[hand].clear()
    z.conceal(deck, deck)
    if a.deck is not None:
        if len(a.deck) != len(z[deck]):
            raise IllegalAction(RULE_MULLIGAN, f"the new deck has {len(a.deck)} cards; {p}'s deck and hand hold "
                                               f"{len(z[deck])}")
        name_cards(state, deck, a.deck, top=True)


def check_reveal(state: KState, a: Reveal) -> None:
    check_stack_empty(state, "the Revelation")
    if state.phase != RECOVERY:
        raise IllegalAction(RULE_REVELATION, "the First Manifestations are revealed once a turn, after the "
                                             "Recovery Phase")
    for p, it in a.chosen:
        if has_first_manifestation(state, p) is False:
            raise IllegalAction(RULE_RECOVERY, f"{p} has no manifestation in hand: a mulligan is compulsory")
        if not holds(state, zone("hand", p), it):
            raise IllegalAction(RULE_REVELATION, f"{not_held(state, it, zone('hand', p))}: the First "
                                                 f"Manifestation is chosen from the hand (reading K38)")
        if not state.is_manifestation(it):
            raise IllegalAction(RULE_REVELATION, f"{name_of(it)} is not a manifestation")


def check_effect(state: KState, a: Effect) -> None:
    """Reading K20: a triggered effect whose condition was met, put on the Stack in order."""
    if not scripted(state, a.card):  # reading K34: no script, no trigger to check
        if state.controller(a.card) != a.player:
            raise IllegalAction(RULE_OWNER, f"{a.player} does not control {a.card}")
        check_targets(state, None, a.player, a.card, a.targets)
        check_moves(state, a.ops)
        return
    mine = [p for p in state.pending if p.source == a.card]
    if not mine:
        kinds = [ab for ab in board.abilities(state, a.card) if ab.kind == TRIGGERED]
        why = (f"its trigger (\"{text_of(state, a.card)}\") has not been met, or its effect is already on the Stack"
               if kinds else f"it has no triggered effect (\"{text_of(state, a.card)}\")")
        raise IllegalAction(RULE_TRIGGERED, f"no triggered effect of {a.card} waits to be put on the Stack: {why}")
    pending = next((p for p in mine if p.controller == a.player), None)
    if pending is None:
        raise IllegalAction(RULE_OWNER, f"{mine[0].controller} controls {a.card}'s triggered effect, not {a.player}")
    lead = state.lead
    if a.player != lead and any(p.controller == lead for p in state.pending):
        raise IllegalAction(RULE_TRIGGERED, f"simultaneous triggers: {lead}, who has Priority, puts their "
                                            f"effects on the Stack first (reading K20)")
    check_targets(state, pending.ability, a.player, a.card, a.targets)


def check_pass(state: KState, a: Pass) -> None:
    check_priority(state, a.player)
    if state.passes >= 1 and state.items:  # the top item resolves now
        top = state.items[-1]
        if top.written or (top.ability is None and not (top.is_card and state.is_manifestation(top.card))):
            try_on_copy(state, a)


def current_request(state: KState):
    """The question the effect under way asks now."""
    res = state.resolving
    assert res is not None
    return run(KWorld(state), res.frame.copy(), {})


def check_choose(state: KState, a: Choose) -> None:
    if state.resolving is None:
        raise IllegalAction(RULE_EFFECTS, "no effect is asking for a choice now: a `choose` entry answers a "
                                          "question an effect asks as it resolves, and one with nothing to act "
                                          "on (a \"you may\" about no card) asks none (reading K37)")
    request = current_request(state)
    assert request is not None
    if a.player != request.chooser:
        raise IllegalAction(RULE_EFFECTS, f"{request.chooser} chooses {request.what}, not {a.player}")
    request.answer(a.value, RULE_EFFECTS)
    item = state.resolving.item
    if item is not None and item.written:
        try_on_copy(state, a)


def try_on_copy(state: KState, action: Action) -> None:
    """Apply ``action`` to a copy, where resolving the Stack's top may break a rule: an outcome
    the log wrote that is not the script's (reading K33), a plain operation that is impossible."""
    trial = state.copy()
    try:
        _apply(trial, action)
    except IllegalAction as exc:
        raise IllegalAction(RULE_EFFECTS if exc.rule.startswith("SPEC") else exc.rule, exc.message) from None
    if trial.problem:
        raise IllegalAction(RULE_EFFECTS, trial.problem)


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
    problem = cannot_hold(state, zone("hand", a.player), a.cards)
    if problem and excess > 0 and len(a.cards) == excess:
        raise IllegalAction(RULE_END, f"{problem}: {a.player} puts {excess} cards of the hand at the bottom of "
                                      f"the deck")
    if excess <= 0 or len(a.cards) != excess or len(set(a.cards)) != len(a.cards) \
            or any(not holds(state, zone("hand", a.player), c) for c in a.cards):
        raise IllegalAction(RULE_END, f"{a.player} puts the {max(excess, 0)} cards above seven from the hand "
                                      f"at the bottom of the deck")


def waiting_for(state: KState, action: Action) -> None:
    """Readings K29, K30: a choice asked, or a triggered effect to put on the Stack, comes first."""
    if state.resolving is not None and not isinstance(action, Choose):
        request = current_request(state)
        source = state.resolving.frame.source
        raise IllegalAction(RULE_EFFECTS, f"{name_of(source)}'s effect (\"{text_of(state, source)}\") is resolving: "
                                          f"{request.chooser} chooses {request.what} (a `choose` entry) first "
                                          f"(reading K30)")
    if state.pending and not isinstance(action, Effect):
        p = state.pending[0]
        first = next((q for q in state.pending if q.controller == state.lead), p)
        raise IllegalAction(RULE_TRIGGERED, f"{first.source}'s triggered effect (\"{text_of(state, first.source)}\") "
                                            f"goes on the Stack now: {first.controller} writes {{effect: "
                                            f"{first.source}}} before anything else (reading K29)")


def check(state: KState, action: Action) -> None:
    if isinstance(action, Show):  # what the table saw, at any moment (reading K41)
        check_show(state, action)
        return
    if state.phase == OVER:
        raise IllegalAction(f"{R} 4.4.1 (End Game Conditions)", "the game is over")
    waiting_for(state, action)
    if state.phase == HAND_LIMIT_PHASE:
        check_hand_limit(state, action)
    CHECKS[type(action)](state, action)  # type: ignore[operator]


def check_show(state: KState, a: Show) -> None:
    """Reading K41: the cards named must be ones the zone's unseen cards can be."""
    trial = state.copy()
    show(trial, a)


def show(state: KState, a: Show) -> None:
    for p, kind, cards in a.shown:
        name_cards(state, zone(kind, p), cards, top=kind == "deck")


CHECKS = {Mulligan: check_mulligan, Reveal: check_reveal, Effect: check_effect, Play: check_play,
          Activate: check_activate, Pass: check_pass, Choose: check_choose, Place: check_place,
          Bottom: check_bottom, Show: check_show}


# --- what actions do -------------------------------------------------------------------------


def draw(state: KState, p: str) -> None:
    while len(state.hand(p)) < HAND_LIMIT and state.deck(p):
        state.hand(p).append(state.deck(p).pop())


def start_turn(state: KState) -> None:
    """4.2.1 Recovery: "at the beginning of the turn" effects, then the draws to 7."""
    state.phase = RECOVERY
    state.mulligans = {p: 0 for p in state.players}
    state.first = set()
    state.drawn = False
    state.end_triggers = False
    state.winner = state.turn_winner = None
    state.asked = set()
    if state.turn > 1:
        state.events.append(("beginning of turn",))
        flush_triggers(state)
    settle(state)


def settle(state: KState) -> None:
    """What the rules do by themselves once nothing is waiting: the Recovery draws (4.2.1
    step 2) once the beginning-of-turn effects are resolved; a player who cannot draw to 7
    ends the game (ruling K4, reading K10)."""
    if state.phase != RECOVERY or state.drawn or state.pending or state.items or state.resolving:
        return
    state.drawn = True
    for p in state.players:
        if len(state.deck(p)) < HAND_LIMIT - len(state.hand(p)):
            state.phase = OVER
            state.ended = True
            return
    for p in state.players:
        draw(state, p)
    state.events.append(("before",))
    flush_triggers(state)


def flush_triggers(state: KState) -> None:
    """What happened becomes triggered effects waiting for the Stack (3.1), unless an effect is
    still part-way (its own events trigger once it is done)."""
    if state.resolving is not None or not state.events:
        return
    events, state.events = state.events, []
    found = [p for ev in events for p in triggers.triggered_by(state, ev)]
    if found:
        if not state.pending:
            state.lead = trigger_lead(state)
        state.pending.extend(found)


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


def still_valid(state: KState, top: StackItem) -> bool:
    """3.2 Targets: "The target must be valid both when the effect is put on the Stack and when
    it resolves"; an intervening "if" must still hold (docs/rulings.md K29)."""
    ability = top.ability
    if ability is None:
        return True
    if ability.target is not None and not board.targets_valid(state, ability.target, top.controller, top.card,
                                                              top.targets):
        return False
    if ability.kind == TRIGGERED and ability.condition is not None:
        frame = Frame(top.card, ability, top.controller, bindings=dict(top.bindings))
        return KWorld(state).test(frame, ability.condition)
    return True


def resolve_top(state: KState) -> None:
    """2.3.3: the last action added resolves: its effect (the script, run by the machine), then
    a card goes to its zone (2.3 "A Card")."""
    top = state.items.pop()
    if top.ability is None:
        if not (top.is_card and state.is_manifestation(top.card)) and still_valid(state, top):
            check_moves(state, top.written)  # the cards may have moved since it was put on the Stack
            apply_ops(state, list(top.written))  # reading K34: a card with no script
        finish_item(state, top, None)
        return
    frame = Frame(top.card, top.ability, top.controller, bindings={"targets": top.targets, **top.bindings})
    if not still_valid(state, top):
        frame.pc = len(program(top.ability))  # it does nothing
        finish_item(state, top, frame)
        return
    request = run(KWorld(state), frame)
    if request is not None:
        state.resolving = Resolving(frame, top)
        return
    finish_item(state, top, frame)


def finish_item(state: KState, top: StackItem, frame: Frame | None) -> None:
    if frame is not None and top.written and mismatch(top.written, frame.outcome):
        line = f" (line {top.written_line})" if top.written_line else ""
        state.problem = (f"{name_of(top.card)}'s effect (\"{text_of(state, top.card)}\") does: "
                         f"{describe(frame.outcome)}; the log{line} writes: {describe(top.written)} (reading K33)")
    if top.is_card and top.card in state.zones[STACK]:
        card = state.card(top.card)
        owner = owner_of(top.card)
        if card.type == "manifestation":
            move(state, top.card, STACK, CONFRONTATION, support=True, origin=top.origin)
        elif card.will == "persistent":
            state.zones.move(top.card, STACK, zone("field", owner))
        else:
            state.zones.move(top.card, STACK, zone("limbo", owner))


def after_item(state: KState) -> None:
    """After an item resolved: priority (2.3.4; reading K16), new triggers, what comes next."""
    sweep(state)
    state.passes = 0
    if state.items:
        state.priority = state.other(state.items[-1].controller)  # 2.3.4
    else:
        starter, state.stack_starter = state.stack_starter, None
        if state.phase == END and starter is not None:
            state.priority = state.other(starter)  # 4.2.4
        elif state.phase in (REACTION, RESOLUTION):
            state.priority = normal_priority(state)  # 2.2, reading K16
    flush_triggers(state)
    settle(state)


def sweep(state: KState) -> None:
    """Ruling K3 / reading K13: power 0 or less is destroyed; modifiers leave with the card."""
    while not board.surely_alive(state):
        places = (CONFRONTATION, STALEMATE) + state.own("interzone")
        table = board.powers(state)
        doomed = [(z, it) for z in places for it in state.zones[z]
                  if state.is_manifestation(it) and table.get(it, 1) <= 0]
        if not doomed:
            break
        for z, it in doomed:
            if it in state.zones[z]:
                move(state, it, z, zone("limbo", owner_of(it)))
    # what is remembered about a card (modifiers, control, lost or given effects) leaves with it
    counted = [k for k in state.counters if k.startswith(("power.", "turn."))]
    if not (counted or state.control or state.temperaments or state.granted or state.muted or state.support):
        return  # nothing is remembered about any card
    z = state.zones.zones
    keeping = [z[CONFRONTATION], z[STALEMATE], z[STACK]] + [z[n] for n in state.own("interzone") + state.own("field")]

    def kept(it: str) -> bool:
        return any(it in items for items in keeping)

    for key in counted:
        if not kept(key.split(".", 1)[1]):
            del state.counters[key]
    for table_ in (state.temperaments, state.granted):
        for it in [it for it in table_ if not kept(it)]:
            del table_[it]
    state.muted = {it for it in state.muted if kept(it)}
    state.support &= set(z[CONFRONTATION])
    for it in [it for it in state.control if it not in z[CONFRONTATION]]:
        del state.control[it]  # 3.2: a manifestation leaving the Confrontation is its owner's again


def end_turn(state: KState) -> None:
    """4.2.4: "until the end of the turn" effects wear off; excess essence is lost (2.1) unless
    an effect keeps it; the hand limit."""
    for key in [k for k in state.counters if k.startswith("turn.")]:
        del state.counters[key]
    state.control.clear()
    state.temperaments.clear()
    state.muted.clear()
    state.granted.clear()
    state.delayed.clear()
    state.essence = {p: (state.essence.get(p, {}) if board.keeps_essence(state, p) else {}) for p in state.players}
    sweep(state)
    state.events.clear()
    if any(len(state.hand(p)) > HAND_LIMIT for p in state.players):
        state.phase = HAND_LIMIT_PHASE
        return
    state.turn += 1
    start_turn(state)


def begin_resolution(state: KState, w: str) -> None:
    state.winner = state.turn_winner = w
    state.phase = RESOLUTION
    state.priority = w
    state.passes = 0
    state.events.append(("wins", w))  # 4.2.3: "Any on-win, on-loss ... effects are triggered"
    flush_triggers(state)


def stalemate(state: KState) -> None:
    """4.2.3 Stalemate: every manifestation in the Confrontation Zone to the Stalemate Zone."""
    moved = list(state.zones[CONFRONTATION])
    for it in moved:
        move(state, it, CONFRONTATION, STALEMATE)
    state.events.append(("stalemate", tuple(moved)))
    state.phase = END
    state.priority = state.last_winner
    state.turn_winner = None
    flush_triggers(state)


def after_passes(state: KState) -> None:
    """Both players passed with an empty Stack: the phase moves on."""
    state.passes = 0
    if state.phase == REACTION:
        w = outcome(state)
        if w is not None:
            begin_resolution(state, w)
            return
        for source, ability in triggers.replacements(state):  # reading K32
            if source in state.asked:
                continue
            state.asked.add(source)
            frame = Frame(source, ability, state.controller(source))
            request = run(KWorld(state), frame)
            if request is not None:
                state.resolving = Resolving(frame, None, "stalemate")
                return
            if state.winner is not None:
                begin_resolution(state, state.winner)
                return
        stalemate(state)
        return
    if state.phase == RESOLUTION:
        w = state.winner
        assert w is not None
        for z in (CONFRONTATION, STALEMATE):
            for it in list(state.zones[z]):
                if owner_of(it) != w:
                    move(state, it, z, zone("vessel", w))
        state.last_winner = w
        sweep(state)
        if any(owner_of(it) == w for z in (CONFRONTATION, STALEMATE) for it in state.zones[z]):
            state.phase = PLACE
        else:
            state.phase = END
            state.priority = w
        flush_triggers(state)
        return
    if not state.end_triggers:  # 4.2.4: "Resolve any 'at the end of the turn' effects"
        state.end_triggers = True
        state.events.append(("end of turn",))
        flush_triggers(state)
        if state.pending:
            return
    end_turn(state)


def apply(state: KState, action: Action) -> None:
    _apply(state, action)


def _apply(state: KState, action: Action) -> None:
    z = state.zones
    if isinstance(action, Show):
        show(state, action)
    elif isinstance(action, Mulligan):
        p = action.player
        has = mulligan_hand(state, action)
        if has is False and state.mulligans.get(p, 0) >= MAX_COMPULSORY_MULLIGANS:
            state.loser = p  # reading K44: the hand after the second mulligan, shown, holds none (4.4.1)
            state.phase = OVER
            return
        if has is None and state.turn == 1 and not state.voluntary.get(p):
            has = True  # reading K40: a hand not shown is a voluntary mulligan's
        elif has is None:
            state.notes.append((RULE_MULLIGAN, f"{p}'s compulsory mulligan: the log does not show {p}'s hand "
                                               f"(4.2.1: shown to the opponent); some order of {p}'s deck leaves "
                                               f"no manifestation in it (reading K40)"))
        if has:
            state.voluntary[p] = True
            key = f"points.{p}"
            state.counters[key] = state.counters.get(key, 0) - VOLUNTARY_MULLIGAN_COST
            state.mulligans[p] = 0
        else:
            state.mulligans[p] = state.mulligans.get(p, 0) + 1
        assert action.deck is not None or action.unordered
        new_deck(state, action)
        draw(state, p)
        if state.mulligans[p] >= MAX_COMPULSORY_MULLIGANS:
            after = has_first_manifestation(state, p)
            if after is False:
                state.loser = p  # 4.4.1, reading K9
                state.phase = OVER
            elif after is None:
                state.notes.append((RULE_END_GAME, f"{p}'s second consecutive compulsory mulligan: whether {p}'s new "
                                                   f"hand holds a manifestation (else {p} loses, 4.4.1) is not decided "
                                                   f"by the log; the game is read on (reading K40)"))
    elif isinstance(action, Reveal):
        for p, it in action.chosen:
            move(state, it, zone("hand", p), CONFRONTATION)
        state.first = {it for _, it in action.chosen}
        state.phase = REACTION
        state.passes = 0
        state.priority = normal_priority(state)
        state.events.append(("revelation",))
        flush_triggers(state)
    elif isinstance(action, Effect):
        pending = next((p for p in state.pending if p.source == action.card and p.controller == action.player), None)
        if pending is not None:
            state.pending.remove(pending)
            ability, bindings = pending.ability, pending.bindings
        else:  # reading K34: a card with no script
            ability, bindings = None, {}
        if not state.items:
            state.stack_starter = action.player
        state.items.append(StackItem(action.card, action.player, ability, False, action.targets, dict(bindings),
                                     kind="triggered", written=action.ops, written_line=action.line))
        if not state.pending:
            state.priority = state.other(action.player)
        state.passes = 0
    elif isinstance(action, (Play, Activate)):
        cost = tribute_of(state, action)
        if not state.items:
            state.stack_starter = action.player
        if isinstance(action, Play):
            z.move(action.card, zone(action.source, action.player), STACK)
            ability = board.effect_ability(state, action.card) if state.card(action.card).type == "will" else None
            item = StackItem(action.card, action.player, ability, True, action.targets,
                             origin=zone(action.source, action.player), written=action.ops, written_line=action.line)
        else:
            ability = activated_of(state, action.card)
            if ability is not None and ability.cost.exile:  # type: ignore[union-attr]
                here = state.zone_of(action.card)
                move(state, action.card, here, zone("exile", owner_of(action.card)))  # type: ignore[arg-type]
                sweep(state)
            item = StackItem(action.card, action.player, ability, False, action.targets, kind="activated",
                             written=action.ops, written_line=action.line)
        pay(state, action.player, cost, action.tribute)
        state.items.append(item)
        state.priority = state.other(action.player)
        state.passes = 0
    elif isinstance(action, Pass):
        state.passes += 1
        state.priority = state.other(action.player)
        if state.passes >= 2:
            if state.items:
                resolve_top(state)
                if state.resolving is None:
                    after_item(state)
            else:
                after_passes(state)
    elif isinstance(action, Choose):
        res = state.resolving
        assert res is not None
        request = run(KWorld(state), res.frame.copy(), {})
        assert request is not None
        if run(KWorld(state), res.frame, {request.name: action.value}) is not None:
            return  # another choice comes next
        state.resolving = None
        if res.item is not None:
            finish_item(state, res.item, res.frame)
            after_item(state)
        elif state.winner is not None:  # a replacement: the Confrontation won instead (reading K32)
            begin_resolution(state, state.winner)
        else:
            after_passes(state)
    elif isinstance(action, Place):
        p = action.player
        for it in action.displace:
            z.move(it, zone("interzone", p), zone("deck", p), bottom=True)
        for it in action.interzone:
            src = CONFRONTATION if it in z[CONFRONTATION] else STALEMATE
            move(state, it, src, zone("interzone", p))
        for it in action.deck:
            src = CONFRONTATION if it in z[CONFRONTATION] else STALEMATE
            move(state, it, src, zone("deck", p), bottom=True)
        sweep(state)
        state.phase = END
        state.priority = p
        state.passes = 0
        flush_triggers(state)
    elif isinstance(action, Bottom):
        for it in action.cards:
            z.move(it, zone("hand", action.player), zone("deck", action.player), bottom=True)
        if not any(len(state.hand(p)) > HAND_LIMIT for p in state.players):
            state.turn += 1
            start_turn(state)


def unverified(state: KState, action: Action) -> list[str]:
    """Reading K34: only a card with no script has an effect the checker takes as written."""
    if isinstance(action, (Effect, Play, Activate)) and not scripted(state, action.card) \
            and not (isinstance(action, Play) and state.is_manifestation(action.card)):
        done = describe(action.ops) if action.ops else "no operations"
        return [f"{name_of(action.card)} has no script (\"{text_of(state, action.card)}\"): on resolving, {done}"]
    return []


# --- the whole legal set (the simulator's candidates) ------------------------------------------


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
            and not board.restricted(state, it, "pay a tribute")]
    out = []
    for size in range(1, min(len(hand), need) + 1):
        for combo in itertools.combinations(hand, size):
            powers = [state.base_power(it) for it in combo]
            if sum(powers) >= need and sum(powers) - min(powers) < need:
                out.append(combo)
    return list(dict.fromkeys(out)) if table else out


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
    table = table_moves.is_table(state)
    if state.resolving is not None:
        request = current_request(state)
        if request is not None:
            for option in table_moves.choices(request.options) if table else request.options:
                yield Choose(request.chooser, request.write(option))
        return
    if state.pending:
        lead = state.lead if any(p.controller == state.lead for p in state.pending) else state.other(state.lead)
        seen = set()
        for pending in state.pending:
            if pending.controller != lead or pending.source in seen:
                continue
            seen.add(pending.source)
            for targets in _targets(state, pending.ability, lead, pending.source):
                yield Effect(pending.source, lead, (), targets)
        return
    if state.phase == RECOVERY:
        if state.items:
            yield Pass(state.priority)
            return
        if table:
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
        return
    if state.phase in (PLACE, HAND_LIMIT_PHASE) and state.items:
        yield Pass(state.priority)
        return
    if state.phase == PLACE:
        yield from placements(state)
        return
    if state.phase == HAND_LIMIT_PHASE:
        for p in state.players:
            excess = len(state.hand(p)) - HAND_LIMIT
            if excess > 0:
                for cards in table_moves.bottoms(state, p, excess) if table else \
                        itertools.permutations(seen_items(state.hand(p)), excess):
                    yield Bottom(p, cards)
                return
        return
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
            if card.support and state.phase == REACTION:
                yield Play(it, p, src)
            continue
        tribute = (card.tribute.temperament, card.tribute.amount) if card.tribute else None
        ability = board.effect_ability(state, it)
        for pay_with in payments(state, p, tribute, it):
            for targets in _targets(state, ability, p, it):
                yield Play(it, p, src, pay_with, targets)
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


def placing(state: KState) -> bool:
    """The winner places their manifestations now (4.2.3) and nothing comes first: the legal set
    is `placements`, each of which `check_place` accepts."""
    return state.phase == PLACE and not state.items and not state.pending and state.resolving is None


def placements(state: KState) -> Iterator[Place]:
    """4.2.3: each of the winner's manifestations to the Interzone or the deck's bottom (in
    every order), displacing what the Interzone cannot hold."""
    w = state.winner
    assert w is not None
    own = [it for zn in (CONFRONTATION, STALEMATE) for it in state.zones[zn] if owner_of(it) == w]
    inter = state.zones[zone("interzone", w)]
    for k in range(len(own) + 1):
        for to_inter in itertools.combinations(own, k):
            if k > INTERZONE_SPACES:
                continue
            rest = [it for it in own if it not in to_inter]
            room = len(inter) + k - INTERZONE_SPACES
            displaced = itertools.combinations(inter, room) if room > 0 else [()]
            for out in displaced:
                for order in itertools.permutations(rest):
                    yield Place(w, tuple(to_inter), tuple(order), tuple(out))


def shuffle(state: KState, action: Action, rng: random.Random) -> Action:
    """A chance outcome: a mulligan's shuffled deck, drawn by the simulator's random numbers."""
    if isinstance(action, Mulligan) and action.deck is None and not action.unordered:  # a table's: no order
        order = state.deck(action.player) + state.hand(action.player)
        rng.shuffle(order)
        return Mulligan(action.player, tuple(order))
    return action

