"""Which relics actions are legal, and what they do ("Turn Sequence", "Card Abilities", "Goal"):
`check` (one function per kind of action), `apply` and `candidates`, the engine's `Rules`.
What a travel costs is ``costs``, what an action does ``turn``, ruling R6's search over the
abilities in hand ``search``.

The rules text (V3.1) is short and leaves much open. The readings, numbered as in
``docs/rulings.md`` and cited in messages as "ruling Rn":

R1  The setup's ``draw_pile`` is the 17 shuffled location cards, top first; they are dealt in
    the order "Setup" names: the current location, the decision path (2, day side up), the
    future path's first column (2, day side up) and second column (2, night side up), the two
    starting cards, and the rest stays as the draw pile. The tracker is set aside ("Setup").
R2  The side that is up counts: the current location's number and banner, the destination's
    number and corners. A card keeps the side it shows wherever it goes (hand, discard pile,
    table), except the draw pile, which is kept day side up ("Setup": "keeping the day side
    up"): the starting cards and every card drawn from it show their day side, a reshuffled
    pile is turned day side up, a card dealt by "Look ahead" is turned to the side the cycle
    says. A card in hand has the ability of the side it shows (docs/data/relics.md); a relic
    half on the table is the half of the side it showed when taken.
R3  The day/night cycle counts travels: the destinations of travels 1 and 2 are day side up,
    3 and 4 night, 5 and 6 day, and so on ("After traveling to two locations, day switches to
    night, and after two more, night switches to day"). The column "Look ahead" deals after
    travel t is the destination column of travel t + 3, so it is dealt to that side. The
    sentence's cut-off second half ("if the current location and the decision path are both
    the same, deal the opposite") agrees with this count whenever no ability flipped a card;
    when one did, the count still decides (a flipped card does not move the cycle).
R4  A turn runs in the printed order: 1a find the challenge (the destination's bottom-right
    corner when its number is lower than the current location's, its top-left when higher);
    1b take the current location card into the hand (a relic half to the table instead),
    discard down to three cards, and gain the banner's energy; 1c slide the destination into
    the current location and discard the other card of the decision path; 2 pay; 3 look
    ahead. So the reward of 1b can pay this turn's challenge, and a relic completed at 1b
    already makes this turn's challenge of its colour -1.
R5  Paying ("2. Challenge"): energy first, as much as the challenge asks and you have (of its
    colour; any colours for black); only then one card from the hand for each missing point.
    You may not discard a card while you have the energy.
R6  "Cannot pay" counts what step 2 allows: the energy you will have after 1b's reward plus
    the cards you will hold after 1b (three at most), and what the abilities of the cards in
    hand can add first ("You may discard a card from your hand at any time to use its
    ability": a travel that an ability used right after it makes payable is legal). You may
    travel only where you can pay so ("you must match it"). When neither card of the
    decision path can be paid, the game ends (``{end: cannot pay}``) before 1b: the current
    location's reward is not taken. The end is declared only when nothing can pay ("Goal"):
    not while some run of abilities used first, whatever they do (energy, discounts, a flip
    that turns a destination to a payable corner, a swap or a replace that brings a payable
    card into the decision path), would let you travel and pay.
R7  The win: with all three relics complete the game ends once that turn's challenge is paid
    (nothing is dealt). The winner is the player; in a game that ends otherwise, nobody.
R8  The discard pile is reshuffled only when "Look ahead" must draw a card and the draw pile
    is empty; the new pile is the whole discard pile, recorded as ``{reshuffle: [...]}``, and
    dealing goes on from it.
R9  An ability ("Card Abilities"): the card leaves the hand, its effect (the card's script,
    with the choices the entry writes) happens, and then the card lies on the discard pile (so "the top card of the discard
    pile" is the one below it, and an ability cannot bring back its own card). The effect may
    move cards between the draw pile, the discard pile, the hand and the decision and future
    paths, flip a card of the decision or future path, and change energy and the counters of
    R10; it keeps each path column's number of cards, at most three cards in hand and energy
    from 0 to 6. Relic halves on the table and the current location never move. Abilities can
    be used at any time until the game ends: between a travel and its payment, instead of
    the hand-limit discard, while a reshuffle is due.
R10 Effects waiting for "your next challenge" are counters the effect adds to: ``discount``
    (the next challenge costs that much less), ``discount.red|blue|green|black`` (the next
    challenge of that colour), ``as_black`` (pay the next challenge with any colours) and
    ``ignore`` (the next challenge costs nothing). The next challenge met (a corner with an
    icon) uses them up, and a colour's discount waits for a challenge of its colour. A
    complete relic's -1 is for challenges of its colour; black is no relic's colour.
R11 Energy above six is lost: a reward that would pass six fills the track to six (1b: "You
    may not have more than six of any one type of energy").
R12 A game played with the real cards: the setup's ``dealt`` names the nine cards "Setup" deals;
    the rest of the 17 lie unseen in the draw pile. Every card that comes off the pile is named
    by the entry that turns it up (``drawn``, in the order it comes off: the deal of "Look
    ahead", a "draw" or "replace" ability); an "arrange" names the top cards it looks at (its
    ``order``); ``{reshuffle: shuffled}`` hides the discard pile again. A card the pile cannot
    hold breaks the conservation rule (every card in one place); cards dealt unnamed, more named than dealt, or a seen top
    card named as another break "Turn Sequence 3" (or "Card Abilities"). The hand is seen.
R13 R6's search over an unseen pile tries each card a "draw" or "replace" could bring (SOME
    order): a travel payable only so waits for its payment; the entry naming a card drawn after
    which it can be paid no more is a violation of 1a; if the game ends first, that travel is
    not decided by the log.
R14 An end over an unseen pile is judged over the orders of the top cards the abilities in
    hand can reach: legal when one leaves nothing payable, a violation when none does, not
    decided when some do. The score counts relic halves on the table (face up): no reveal.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, Callable, Iterator

from pnp.games.relics import models as tables
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import RULE as OPS_RULE
from rules_check.core.ops import Op
from rules_check.core.zones import is_unseen

from . import abilities, search, seen, turn
from .actions import Ability, Action, End, Flip, HandLimitDiscard, Pay, Payment, Reshuffle, Travel
from .cards import Pending
from .costs import Outlook, after_reward, can_pay, challenge_of, cost_of, describe, usable_energy
from .rulebook import RULE_1A, RULE_1B, RULE_ABILITIES, RULE_CHALLENGE, RULE_DECIDE, RULE_GOAL, RULE_LOOK_AHEAD
from .scoring import halves, points
from .state import (
    CHALLENGE, CURRENT, DECIDE, DECISION, DISCARD, DRAW, ENERGY, HAND, HAND_LIMIT, IGNORE, LOOK_AHEAD, MODIFIERS, OVER,
    PATH_COLUMNS, TABLE, TRACKER, RelicsState,
)

# Zones an ability's operations may not touch (ruling R9).
FIXED_ZONES = {CURRENT: "the current location", TABLE: "a relic half on the table", TRACKER: "the energy tracker"}


# --- whether a travel can be paid (ruling R6) ---------------------------------------------------


def can_pay_travel(state: RelicsState, destination: str, guess: bool = True) -> bool:
    """Whether a travel to ``destination`` can be paid (ruling R6): at once, or after using
    abilities of the cards in hand; in a table log, for SOME card an ability could draw from
    the unseen draw pile (``guess``; ruling R13). An unseen destination (a card a search drew
    without naming it) has no corners anyone knows: not payable."""
    if is_unseen(destination):
        return False
    pending = challenge_of(state, destination)
    if pending is None:
        return True
    return _can_pay_travel(state, destination, pending, after_reward(state), guess)


def _can_pay_travel(state: RelicsState, destination: str, pending: Pending, out: Outlook, guess: bool,
                    costs: tuple[int, bool] | None = None) -> bool:
    """`can_pay_travel` once the challenge and the reward are known (`check_travel` has them, and
    its ``costs``, `cost_of` the challenge): the cheap count first; the search of ruling R6 only
    when it falls short."""
    cost, any_colour = costs if costs is not None else cost_of(pending, out.complete, state.counters)
    if can_pay(cost, any_colour, pending.colour, out.energy, min(len(out.hand), tables.HAND_LIMIT)):
        return True
    trial = state.copy()
    turn.travel(trial, Travel(destination))
    return search.can_pay_with_abilities(trial, guess=guess)


def how_it_stands(state: RelicsState, destination: str) -> str:
    """`can_pay_travel`'s numbers, for messages."""
    pending = challenge_of(state, destination)
    if pending is None:
        return f"{destination} has no challenge in that corner"
    out = after_reward(state)
    cost, any_colour = cost_of(pending, out.complete, state.counters)
    cards = min(len(out.hand), tables.HAND_LIMIT)
    have = usable_energy(out.energy, pending.colour, any_colour)
    kind = "energy" if any_colour else f"{pending.colour} energy"
    return f"{describe(pending)} costs {cost}, and you would have {have} {kind} and {plural(cards, 'card')} to discard"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- one predicate per rule --------------------------------------------------------------------


def check_step(state: RelicsState, phases: tuple[str, ...], doing: str) -> None:
    """The turn is at a step where ``doing`` is allowed ("Turn Sequence": 1, 1b, 2, 3)."""
    if state.phase in phases:
        return
    if state.phase == OVER:
        raise IllegalAction(RULE_GOAL, "the game is over")
    if state.phase == HAND_LIMIT:
        raise IllegalAction(RULE_1B, f"you hold {len(state.hand())} cards: discard one ({{discard: CARD}}, "
                                     f"or use an ability) before {doing}")
    if state.phase == CHALLENGE:
        assert state.pending is not None
        raise IllegalAction(RULE_CHALLENGE, f"{describe(state.pending)} is not paid yet: pay it before {doing}")
    if state.phase == LOOK_AHEAD:
        raise IllegalAction(RULE_LOOK_AHEAD, f"the draw pile is empty with {plural(state.to_deal, 'card')} still to "
                                             f"deal: record the reshuffle of the discard pile before {doing}")
    # DECIDE, and the action waits for something that is not happening
    if doing == "paying":
        raise IllegalAction(RULE_CHALLENGE, "no challenge is waiting to be paid (a travel's challenge is paid "
                                            "with the travel, or by a pay entry right after it)")
    if doing == "a hand-limit discard":
        raise IllegalAction(RULE_1B, f"you hold {len(state.hand())} cards: no discard is needed")
    if doing == "reshuffling":
        raise IllegalAction(RULE_LOOK_AHEAD, "no card waits to be dealt: the discard pile is reshuffled only "
                                             "when Look ahead must draw from an empty draw pile (ruling R8)")
    raise IllegalAction(RULE_DECIDE, f"{doing} is not possible now")


def check_destination(state: RelicsState, destination: str) -> None:
    """"1. Decide": "Choose which card in the decision path to travel to.\""""
    if destination not in state.zones[DECISION]:
        where = state.zone_of(destination)
        raise IllegalAction(RULE_DECIDE, f"{destination} is not in the decision path (it is in {where}; "
                                         f"the decision path holds {', '.join(state.zones[DECISION])})")


def check_travel_payable(state: RelicsState, destination: str, pending: Pending | None, out: Outlook,
                         cost: int = 0, any_colour: bool = True) -> None:
    """"1a": "you must match it with an equal amount of energy" (ruling R6). ``out``: what the
    reward of 1b leaves (`after_reward`); ``cost``, ``any_colour``: `cost_of` the challenge then."""
    if pending is None:
        return
    if is_unseen(destination) or not _can_pay_travel(state, destination, pending, out, True, (cost, any_colour)):
        raise IllegalAction(RULE_1A, f"you cannot travel to {destination}: {how_it_stands(state, destination)}, "
                                     f"even with the abilities of your cards (ruling R6)")


def check_hand_limit_first(out: Outlook, state: RelicsState) -> None:
    """"1b": the hand-limit discard comes before the payment of step 2 (ruling R4)."""
    if len(out.hand) > tables.HAND_LIMIT:
        raise IllegalAction(RULE_1B, f"taking {state.current()} makes {len(out.hand)} cards in hand: record the "
                                     f"discard ({{discard: CARD}}) before paying the challenge ({{pay: ...}}) "
                                     f"(ruling R4)")


def check_payment(pending: Pending | None, cost: int, any_colour: bool, energies: dict[str, int],
                  hand: list[str], payment: Payment) -> None:
    """"2. Challenge": energy of the challenge's colour (black: any mix), then one card from
    the hand for each missing point; exactly the cost (rulings R5, R10)."""
    discards = payment.discards
    if discards:
        if len(set(discards)) != len(discards):
            twice = next(c for c, n in Counter(discards).items() if n > 1)
            raise IllegalAction(RULE_CHALLENGE, f"{twice} is discarded twice")
        for card in discards:
            if card not in hand:
                raise IllegalAction(RULE_CHALLENGE, f"{card} is not in your hand: only cards in hand are discarded "
                                                    f"for missing energy")
    if pending is None:
        if payment.spent or discards:
            raise IllegalAction(RULE_CHALLENGE, "there is no challenge icon in that corner: nothing is paid")
        return
    spent = dict(payment.energy)
    colour = pending.colour
    if not any_colour and spent and (len(spent) > 1 or colour not in spent):
        other = [c for c in spent if c != colour]
        raise IllegalAction(RULE_CHALLENGE, f"a {colour} challenge is paid with {colour} energy, not {other[0]}")
    for paid_in, n in spent.items():
        if n > energies[paid_in]:
            raise IllegalAction(RULE_CHALLENGE, f"you have {energies[paid_in]} {paid_in} energy, not {n}")
    total = payment.spent
    paid = total + len(discards)
    if paid != cost:
        raise IllegalAction(RULE_CHALLENGE, f"{describe(pending)} costs {cost} now (rulings R5, R10), but "
                                            f"{total} energy and {plural(len(discards), 'card')} pay {paid}")
    have = usable_energy(energies, colour, any_colour)
    must = min(cost, have)
    if total != must:
        kind = "energy" if any_colour else f"{colour} energy"
        raise IllegalAction(RULE_CHALLENGE, f"you have {have} {kind}: pay {must} energy and discard only "
                                            f"{plural(cost - must, 'card')} for the missing points (ruling R5)")


def check_in_hand(state: RelicsState, card: str) -> None:
    """"Card Abilities": "You may discard a card from your hand at any time to use its ability.\""""
    if card in state.hand():
        return
    if card in state.zones[TABLE]:
        raise IllegalAction(RULE_ABILITIES, f"{card} is a relic half on the table: \"you may not use the ability "
                                            f"text on these cards\" (Turn Sequence 1b)")
    raise IllegalAction(RULE_ABILITIES, f"{card} is not in your hand (it is in {state.zone_of(card)})")


def check_effect_bounds(state: RelicsState, card: str, ops: tuple[Op | Flip, ...]) -> None:
    """What an ability's plain operations may do (ruling R9): tried on a copy of the zones,
    in order, with the card already out of the hand."""
    zones = state.zones.copy()
    zones.take(card, HAND)
    counters = dict(state.counters)
    for op in ops:
        if isinstance(op, Flip):
            where = next((z for z in PATH_COLUMNS if op.card in zones[z]), None)
            if where is None:
                where = next((z for z in zones.names() if op.card in zones[z]), None)
                raise IllegalAction(RULE_ABILITIES, f"cannot flip {op.card}: only a card of the decision or future "
                                                    f"path is flipped (ruling R9); it is in {where}")
        elif op.kind == "move":
            for zone in (op.src, op.dst):
                if zone in FIXED_ZONES:
                    raise IllegalAction(RULE_ABILITIES, f"cannot {op.describe()}: {FIXED_ZONES[zone]} does not "
                                                        f"move (ruling R9)")
            try:
                zones.move(op.item, op.src, op.dst, op.bottom, OPS_RULE)
            except IllegalAction as exc:
                raise IllegalAction(OPS_RULE, f"cannot {op.describe()}: {exc.message}") from None
        else:
            counters[op.counter] = counters.get(op.counter, 0) + op.amount
    for column in PATH_COLUMNS:
        if len(zones[column]) != len(state.zones[column]):
            raise IllegalAction(RULE_ABILITIES, f"the effect leaves {plural(len(zones[column]), 'card')} in {column}, "
                                                f"which held {len(state.zones[column])}: a path column keeps its cards "
                                                f"(ruling R9)")
    if len(zones[HAND]) > tables.HAND_LIMIT:
        raise IllegalAction(RULE_1B, f"the effect leaves {len(zones[HAND])} cards in hand: \"You may only have "
                                     f"three cards in your hand\"")
    for name in ENERGY:
        if not 0 <= counters[name] <= tables.MAX_ENERGY:
            raise IllegalAction(RULE_1B, f"the effect leaves {counters[name]} {name}: energy goes from 0 to "
                                         f"{tables.MAX_ENERGY} (\"You may not have more than six of any one type\")")
    for name in MODIFIERS:
        if counters[name] < 0:
            raise IllegalAction(RULE_ABILITIES, f"the effect leaves {name} at {counters[name]} (ruling R10)")


def check_reshuffle_order(state: RelicsState, order: tuple[str, ...]) -> None:
    """"3. Look ahead": "shuffle the discard pile to replace it": all of it, nothing else."""
    discard = state.zones[DISCARD]
    if len(discard) == len(order) and sorted(discard) == sorted(order):  # the same cards, each as often
        return
    have, got = Counter(discard), Counter(order)
    if have != got:
        missing, extra = have - got, got - have
        parts = []
        if missing:
            parts.append("missing " + ", ".join(sorted(missing)))
        if extra:
            parts.append("not in the discard pile (or listed twice): " + ", ".join(sorted(extra)))
        raise IllegalAction(RULE_LOOK_AHEAD, "the new draw pile is the whole discard pile: " + "; ".join(parts))


def check_nothing_payable(state: RelicsState) -> None:
    """"Goal": "The game ends when you can no longer pay the energy cost for a challenge."
    (ruling R6). In a table log whose unseen draw pile the abilities in hand could draw from,
    the end is legal when SOME order of its top cards leaves nothing payable, and not decided
    by the log when another order would let the player pay (ruling R14)."""
    _check_nothing_payable(state)  # what pays whatever the unseen cards are (a card drawn unseen pays a point)
    notes = []
    if state.phase == CHALLENGE and state.waiting is not None:
        notes.append((RULE_1A, f"{state.waiting} was accepted because some order of the unseen draw pile lets its "
                               f"challenge be paid (ruling R13); the game ends with it unpaid: the log does not "
                               f"decide whether that travel could be paid"))
    reach = seen.reaches_unseen(state) if seen.is_table(state) else 0
    if reach:
        notes += _check_end_over_the_top_cards(state, reach)
    state.notes += notes  # only once the end is legal


def _check_end_over_the_top_cards(state: RelicsState, reach: int) -> list[tuple[str, str]]:
    """Ruling R14: the end judged over each order the top ``reach`` cards of the draw pile could
    be in: a violation when every order lets the player pay; a note when some do."""
    legal, pays = False, None  # pays: (an order of the top cards, how it lets the player pay)
    for top in seen.tops(state, reach):
        trial = state.copy()
        seen.name_top(trial, top, RULE_GOAL)
        try:
            _check_nothing_payable(trial)
            legal = True
        except IllegalAction as exc:
            pays = pays or (top, exc)
        if legal and pays:
            break
    if pays is None:
        return []
    top, exc = pays
    if not legal:
        raise IllegalAction(RULE_GOAL, f"whatever the unseen top cards of the draw pile are, you can still pay; "
                                       f"{_with(top)}: {_bare(exc.message)} (rulings R6, R14)")
    return [(RULE_GOAL, f"the end is legal only if the unseen top cards of the draw pile are not what the abilities "
                        f"in hand need: {_with(top)}, {_bare(exc.message)}; the log does not show them "
                        f"(rulings R6, R14)")]


def _bare(message: str) -> str:
    return message.removesuffix(" (ruling R6)")


def _with(top: tuple[str, ...]) -> str:
    if len(top) == 1:
        return f"with {top[0]} on top of the draw pile"
    return f"with {', '.join(top)} on top of the draw pile (top first)"


def _check_nothing_payable(state: RelicsState) -> None:
    if state.phase == CHALLENGE:
        assert state.pending is not None
        cost, any_colour = cost_of(state.pending, state.complete, state.counters)
        if search.can_pay_with_abilities(state, guess=False):  # (it tries each step on a copy of its own)
            raise IllegalAction(RULE_GOAL, f"you can still pay {describe(state.pending)}: it costs {cost}, with your "
                                           f"energy, your cards and their abilities (ruling R6)")
        return
    for destination in state.zones[DECISION]:
        if can_pay_travel(state, destination, guess=False):
            raise IllegalAction(RULE_GOAL, f"you can still travel to {destination}: "
                                           f"{how_it_stands(state, destination)} (ruling R6)")
    # Abilities used before travelling count too, whatever they do (ruling R6, "at any time"):
    # a flip turns a destination to the side whose corner can be paid, a swap or a replace
    # brings a payable card into the decision path.
    # (the loop above found no destination payable as things stand: the goal is not asked
    # again of the search's root, only of the tables the abilities leave)
    # (with no card in hand no ability can be used: the search would find no run)
    root = state.copy() if state.zones.zones[HAND] else None
    run = None if root is None else search.first_uses_reaching(
        root, lambda s: s is not root and can_pay_some_travel(s), depth=len(state.hand()), guess=False)
    if run:
        trial, used = state.copy(), []
        for action in run:
            used.append(f"{action.card}'s ability (\"{trial.side(action.card).ability}\")")
            turn.apply(trial, action)
        destination = next(d for d in trial.zones[DECISION] if can_pay_travel(trial, d, guess=False))
        raise IllegalAction(RULE_GOAL, f"you can still pay: using {', then '.join(used)} first lets you travel to "
                                       f"{destination} ({how_it_stands(trial, destination)}) (ruling R6)")


def can_pay_some_travel(state: RelicsState) -> bool:
    """Ruling R6: at "1. Decide", some card of the decision path can be travelled to and paid
    (with what the log shows: the end's search names the unseen cards it tries, ruling R14)."""
    return state.phase == DECIDE and any(can_pay_travel(state, d, guess=False) for d in state.zones[DECISION])


# --- a table log: conditions over the unseen draw pile (rulings R13, R14) -------------------------


def check_waiting_travel(state: RelicsState, action: Action) -> None:
    """Ruling R13: a travel accepted because SOME order of the unseen draw pile lets its challenge
    be paid (an ability would draw the card that pays) waits until the log decides it: paid, or
    payable with the cards named since, or (a violation at the entry that shows it) payable no
    more from the table right after the travel with the cards drawn since in their places.
    Called after each entry of a table log."""
    if state.phase not in (CHALLENGE, HAND_LIMIT):
        state.waiting, state.waiting_from, state.waiting_drawn = None, None, ()
        return
    if state.waiting is None:
        if isinstance(action, Travel) and not search.can_pay_with_abilities(state, guess=False):
            assert state.pending is not None
            state.waiting = f"the travel to {action.destination} ({describe(state.pending)})"
            state.waiting_from = state.copy()
        return
    if search.can_pay_with_abilities(state, guess=False):
        state.waiting, state.waiting_from, state.waiting_drawn = None, None, ()
        return
    if state.waiting_from is None:
        return
    if isinstance(action, Ability) and _has_arrange(state, action.card):
        state.waiting_from = None  # the top cards moved: the drawn ones no longer say where they lay
        return
    if not getattr(action, "drawn", ()):
        return
    state.waiting_drawn += action.drawn  # type: ignore[union-attr]
    then = state.waiting_from.copy()
    seen.name_top(then, state.waiting_drawn, RULE_1A)
    if not search.can_pay_with_abilities(then, guess=True):
        raise IllegalAction(RULE_1A, f"{state.waiting} was accepted because some order of the unseen draw pile "
                                     f"lets its challenge be paid; with {', '.join(state.waiting_drawn)} drawn since, "
                                     f"none does: it could not be paid, even with the abilities of your cards "
                                     f"(rulings R6, R13)")


def _has_arrange(state: RelicsState, card: str) -> bool:
    return "arrange" in state.verbs(card)


# --- check: one function per kind of action ------------------------------------------------------


def check(state: RelicsState, action: Action) -> None:
    """Raise `IllegalAction` unless ``action`` is legal now."""
    CHECKS[type(action)](state, action)


def check_travel(state: RelicsState, action: Travel) -> None:
    """"1. Decide" and "1a": a card of the decision path whose challenge can be paid; a payment
    written with the travel is that of step 2 (after the hand-limit discard of 1b)."""
    if state.phase != DECIDE:
        check_step(state, (DECIDE,), "travelling")
    destination = action.destination
    if destination not in state.zones.zones[DECISION]:
        check_destination(state, destination)
    out = after_reward(state)
    pending = challenge_of(state, destination)
    if pending is None:
        cost, any_colour = 0, True
    else:
        cost, any_colour = cost_of(pending, out.complete, state.counters)
        check_travel_payable(state, destination, pending, out, cost, any_colour)
    if action.payment is not None:
        check_hand_limit_first(out, state)
        check_payment(pending, cost, any_colour, out.energy, out.hand, action.payment)


def check_pay(state: RelicsState, action: Pay) -> None:
    """"2. Challenge": the challenge under way, paid as it asks."""
    check_step(state, (CHALLENGE,), "paying")
    assert state.pending is not None
    cost, any_colour = cost_of(state.pending, state.complete, state.counters)
    check_payment(state.pending, cost, any_colour, state.energies(), state.hand(), action.payment)


def check_discard(state: RelicsState, action: HandLimitDiscard) -> None:
    """"1b": a card of the hand, while the hand holds more than three."""
    check_step(state, (HAND_LIMIT,), "a hand-limit discard")
    if action.card not in state.hand():
        raise IllegalAction(RULE_1B, f"{action.card} is not in your hand (it is in {state.zone_of(action.card)})")


def check_ability(state: RelicsState, action: Ability) -> None:
    """"Card Abilities": a card of the hand, its script run with the entry's choices (on a copy),
    the top card it turns up named (ruling R12); a side with no script within ruling R9."""
    check_step(state, (DECIDE, HAND_LIMIT, CHALLENGE, LOOK_AHEAD), "using an ability")
    card = action.card
    check_in_hand(state, card)
    if abilities.script_of(state, card) is None:
        check_effect_bounds(state, card, action.ops or ())
        return
    if action.ops is None and not action.drawn and abilities.is_counters_only(state.effect(card)):
        # "gain", "discount", "any colours", "ignore": the run asks nothing, cannot fail and turns
        # up no card; what the entry can get wrong is an answer given (what `abilities.use` finds
        # after the run), so no copy is tried and the apply runs the effect (no outcome to compare)
        abilities.check_unasked(state, action)
        state.trial = None
        return
    trial = state.copy()
    record = action.ops is not None  # the outcome is listed only to compare with one the entry writes
    if action.drawn:
        seen.name_top(trial, action.drawn, RULE_ABILITIES)
        frame = abilities.use(trial, action, record)
    else:
        # an unseen top card the effect takes must be named (R12): told by the one run on the copy
        # (`abilities.can_draw_unseen_top` asks the same of a run of its own; a run that raises
        # raises the same here, which it would have let through to this run)
        unseen_top = seen.is_top_unseen(state) and abilities.is_drawing(state, card)
        frame = abilities.use(trial, action, record)
        if unseen_top and len(trial.zones[DRAW]) < len(state.zones[DRAW]):
            raise IllegalAction(RULE_ABILITIES, f"{card}'s ability (\"{state.side(card).ability}\") turns up the "
                                                f"top card of the draw pile: the entry names it (drawn: [CARD]) "
                                                f"(ruling R12)")
    abilities.check_outcome(frame, action, state)
    # the effect tried just as `turn.apply` runs it (the cards drawn named, then the script):
    # the apply of this action takes the copy over while the state is as it was (`apply`)
    state.trial = (action, state.snapshot(), trial)


def check_reshuffle(state: RelicsState, action: Reshuffle) -> None:
    """"3. Look ahead": only while a card waits to be dealt; the new pile is the discard pile."""
    check_step(state, (LOOK_AHEAD,), "reshuffling")
    if action.order is not None:
        check_reshuffle_order(state, action.order)


def check_end(state: RelicsState, action: End) -> None:
    """"Goal": the end, once nothing can be paid (rulings R6, R14)."""
    check_step(state, (DECIDE, CHALLENGE), "ending the game")
    check_nothing_payable(state)


# The check of each kind of action, by its class (`check`).
CHECKS: dict[type, Callable[[RelicsState, Any], None]] = {
    Travel: check_travel, Pay: check_pay, HandLimitDiscard: check_discard, Ability: check_ability,
    Reshuffle: check_reshuffle, End: check_end,
}


# --- apply ---------------------------------------------------------------------------------------


def apply(state: RelicsState, action: Action) -> None:
    """What ``action`` does (``turn.apply``, unchecked); on a table log, then, what an entry must
    name: every card it turned up, and no more (ruling R12), and whether a travel accepted on a
    card not yet drawn can still be paid (R13)."""
    kept, state.trial = state.trial, None
    if kept is not None and kept[0] is action and state.is_as(kept[1]):
        trial = kept[2]  # the check ran this ability's effect on a copy of this very table
        state.zones, state.counters, state.face = trial.zones, trial.counters, trial.face
        turn.after_ability(state)
    else:
        turn.apply(state, action)
    drawn = getattr(action, "drawn", ())
    unknown = state.zones.unknown  # (the same dict after the entry: a pile is never dropped from it)
    if unknown or drawn:  # every card turned up was named, and no more (ruling R12)
        rule = RULE_ABILITIES if isinstance(action, Ability) else RULE_LOOK_AHEAD
        seen.check_named(state, drawn, rule)
    if unknown:
        check_waiting_travel(state, action)


def unverified(state: RelicsState, action: Action) -> list[str]:
    """Only a side with no script has an effect the checker takes as written (docs/logs/README.md, "Card effects")."""
    if not isinstance(action, Ability) or action.card not in state.hand():
        return []
    if abilities.script_of(state, action.card) is not None:
        return []
    side = state.face[action.card]
    done = "; ".join(op.describe() for op in action.ops or ()) or "no operations"
    return [f"ability of {action.card} ({side} side: \"{state.side(action.card).ability}\", no script): {done}"]


# --- candidates (for the simulator) -----------------------------------------------------------


def payments(pending: Pending | None, cost: int, any_colour: bool, energies: dict[str, int],
             hand: list[str]) -> list[Payment]:
    """Every way to pay (ruling R5): the energy is fixed but for black's mix; the cards vary."""
    if pending is None:
        return [Payment()]
    must = min(cost, usable_energy(energies, pending.colour, any_colour))
    missing = cost - must
    if missing > len(hand):
        return []
    if not any_colour:
        mixes = [((pending.colour, must),) if must else ()]
    else:
        mixes = []
        colours = tables.ENERGY_COLOURS
        for split in itertools.product(*(range(min(energies[c], must) + 1) for c in colours)):
            if sum(split) == must:
                mixes.append(tuple((c, n) for c, n in zip(colours, split) if n))
    return [Payment(mix, tuple(cards)) for mix in mixes for cards in itertools.combinations(hand, missing)]


def candidates(state: RelicsState) -> Iterator[Action]:
    """Every action worth considering now; `check` decides which are legal."""
    if state.phase == OVER:
        return
    if state.phase == DECIDE:
        out = after_reward(state)  # the same for either destination (read only, never changed below)
        for destination in state.zones[DECISION]:
            yield Travel(destination)
            if len(out.hand) <= tables.HAND_LIMIT:
                pending = challenge_of(state, destination)
                cost, any_colour = cost_of(pending, out.complete, state.counters) if pending else (0, True)
                for payment in payments(pending, cost, any_colour, out.energy, out.hand):
                    yield Travel(destination, payment)
        yield End()
    elif state.phase == HAND_LIMIT:
        for card in state.hand():
            yield HandLimitDiscard(card)
    elif state.phase == CHALLENGE:
        assert state.pending is not None
        cost, any_colour = cost_of(state.pending, state.complete, state.counters)
        for payment in payments(state.pending, cost, any_colour, state.energies(), state.hand()):
            yield Pay(payment)
        yield End()
    elif state.phase == LOOK_AHEAD:
        yield Reshuffle(None)  # a chance outcome: the simulator draws the order
    # on a table state the cards an arrange looks at named, each they can be (``abilities.answers``)
    uses = abilities.answers if seen.is_table(state) else abilities.uses
    for card in state.hand():
        for answers in uses(state, card):
            yield Ability(card, answers)


def shuffle(state: RelicsState, action: Action, rng: random.Random) -> Action:
    """The chance outcome of a reshuffle ("shuffle the discard pile"), drawn by the simulator."""
    if isinstance(action, Reshuffle) and action.order is None and not action.unseen:
        order = list(state.zones[DISCARD])
        rng.shuffle(order)
        return Reshuffle(tuple(order))
    return action


def value(state: RelicsState, player: str) -> float:
    """The greedy policy's judgement of a state (``Engine.value``; ``player`` is the solo player):
    the score ("Goal") first, winning above all.
    One move seldom changes the score, so what leads to it counts too: a relic half waiting
    in the current location (taken when you leave it, 1b), and what keeps the game going ("The
    game ends when you can no longer pay"): energy, cards, discounts waiting, and a decision
    path with a destination that can be paid."""
    if state.won:
        return 1000.0
    if state.phase == OVER:
        return -1000.0 + 30 * points(state)
    v = 30.0 * points(state)
    if state.zones[CURRENT]:
        reward = state.side(state.current()).reward
        if reward.is_relic:
            v += 30 * (tables.score(halves(state, extra=state.current())) - points(state))
    # resources in energy's unit: a card pays a point (or has an ability), what waits for the
    # next challenge lowers it, and a challenge still to pay is a debt
    energies = state.energies()
    v += sum(energies.values()) + 2.0 * len(state.hand())
    v += sum(state.counters[m] for m in MODIFIERS if m != IGNORE) + 2 * state.counters[IGNORE]
    if state.pending is not None:
        v -= cost_of(state.pending, state.complete, state.counters)[0]
    if state.phase == DECIDE and not any(can_pay_travel(state, d) for d in state.zones[DECISION]):
        v -= 50
    return v
