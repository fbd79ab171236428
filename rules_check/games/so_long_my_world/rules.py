"""Which So Long, My World actions are legal, and what they do ("Game Phases").

Readings (``docs/rulings.md`` repeats them with their reasons; the project's rulings
S1-S6 and G1-G3 are law and cited as such):

SL1 The vision cards' positions around the clock are recorded in the setup (``clock``,
    clockwise); "adjacent" means next to each other in that circle. Gestalt Visions and L'Uno
    lie off the clock and are adjacent to nothing.
SL2 An event whose effect names a vision is resolved in the Vision Phase by the players on
    that vision (4.1, "the effect granted by an Event card that specifically addresses that
    Vision"); in the Event Phase only the events naming no vision have their effect.
SL3 Dealing: a feeling the System has run out of is not placed; nothing is placed on a locked
    vision (Glossary). The extra feeling with 4-5 players is compulsory when the System has a
    feeling (ruling S2), on an unlocked vision; it is placed from the System as it is then,
    after the last answer to the event's effect: a type used up while another is left is
    refused at that entry (`deal`), with no Feeling left none is placed.
SL4 After a reboot, the new event's feelings are dealt, then the reboot and the event discard
    pile (the events of earlier rounds) are shuffled back: ``{reshuffle: [...]}`` records the
    new deck, top first. The event just drawn stays in play for the round, its effect ignored
    in the Vision Phase too ("Ignore the new card's effect").
SL5 Overload: the vision is locked, its feelings return to the System (a locked vision holds
    none), then each player from the first takes one of its affinity feelings from the System
    while there are any. The players stay on it for the round: no vision effect, no feelings
    to drain, but the other three drains.
SL6 Each player's Vision Phase runs 1 effect, 2 drain, 3 play cards, 4 spend Marks of Sol, in
    this order. The drain is optional and single: "A player MAY perform ONLY ONE of these
    actions" (at most one, before any card is played or a Mark of Sol spent; "UP TO 2
    FEELINGS" lets a drain take none). Observations may be repeated.
SL7 In the Hindrance Phase each player in turn plays one Hindrance card or passes. Hindrance
    cards may also be played in the Vision Phase's step 3 (Glossary F.A.Q.).
SL8 Soul Box takes 2 feelings from the player's vision, or all of them when fewer are there.
    Life is a Journey moves the player's token to an unlocked vision adjacent to the chosen one.
SL9 An Observation needs a Gestalt card in the deck. The cards drawn go, the first one of the
    declared karma or neutral to the hand, the others to the discard pile; if none matches,
    all are discarded. A spent Mark of Sol returns to the System (near the clock).
SL10 With the Gestalt Visions variant, the 12 Marks of Sol start on the Gestalt Visions (3, 4,
    5: the data's numbers); a Mark gained for any reason (a drain, an effect, an End card's
    "each player starts with": `gain_mark`, the one source) comes from the first of them still
    holding one (Clocktower Library, Monochrome Corridor, The Real), then from the System. An
    emptied Gestalt Vision is unlocked, with the top Karma Catalyst under it (that variant).
SL37 ``ops: []`` is an outcome written ("nothing"), checked against the script like any other;
    an entry without ``ops`` writes none (the actions' ``ops`` is None).
SL11 The End Phase happens by itself after the last player's ``end: turn``: the chosen tokens
    go back behind the screens, the event card to the event discard pile, the first player
    token passes left, the clock advances; at XII the game ends (ruling S1).
SL12 So Long, My Love: after the last round a ``{goal: reached|missed}`` entry declares the
    Heartbreak card's goal, which must be what the game shows (goals.py computes it); the
    players win together when it is reached and the Collective Insight (insight of both
    fields) reaches the card's value.

Logs of games played with real cards (seen.py, table.py; docs/rulings.md SL39-SL43):

SL39 A pile left out of the setup is unseen: the event deck (12 cards, 10 with 5 players) of any
    Event cards, each hand's 3 dealt Remnant cards, the Remnant deck, the Gestalt deck (2 x
    players; a number in co-op), the Karma Catalysts. ``{reshuffle: shuffled}`` hides the event
    deck again; an order written where it is unseen is a violation.
SL40 An event drawn names the deck's top card: one it can be, and one of "11 events and 1 Reboot"
    with the events already drawn from it ("3. Prepare the Event Deck").
SL41 What the table sees is named (a card played, discarded, given; a `show` of a hand or of a
    deck's top cards: an Observation's, a look at the top 3, a Karma Catalyst turned up), and
    must be one its zone can hold; a choice among an unseen hand offers every card it can be.
SL42 The end needs no reveal: the score counts the cards in hand, whatever they are (ruling S6);
    a `show` may follow the end.
SL43 Nothing is undecided: every rule over a hidden card asks a count, or the table sees it.

The moves of a table state (what the recording page offers, issue 25) are in table_moves.py: a
card named where unseen ones stand is offered as each card they can be, once.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, Callable, Iterator

from pnp.games.so_long_my_world import models as tables
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import Op, apply_ops, check_ops
from rules_check.core.zones import CONSERVATION, Zones, is_unseen, pile_of
from rules_check.effects import describe, mismatch

from . import continuous, goals, triggers, verbs
from . import seen, table_moves
from .marks import gain_mark, mark_source
from .actions import (DECKS, Action, Choose, Drain, Effect, EndTurn, EventDraw, Goal, Observe, Pass, Play, Reshuffle,
                      Respond, Show)
from .state import (
    AFTER_REBOOT, CHOICE, COOP, DISCARD, EVENT, EVENT_DECK, EVENT_DISCARD, EVENT_PHASE, FEELINGS,
    GESTALT_DECK, GOAL, HINDRANCE, MARK, OVER, REMNANT_DECK, RESHUFFLE, STEP_DRAIN, STEP_EFFECT, STEP_MARKS,
    STEP_PLAY, SYSTEM, VISION_PHASE, SoLongState, Waiting, chosen, field_of, hand, stock, tokens,
    vision_zone,
)

T = "So Long, My World"
RULE_SETUP = f"{T}: Setting Up the Game"
RULE_EVENT = f"{T}: 1. Event Phase"
RULE_REBOOT = f"{T}: Reboot Cards"
RULE_DEAL = f"{T}: 1. Event Phase, Deal the Feelings"
RULE_CHOICE = f"{T}: 2. Choice Phase"
RULE_OVERLOAD = f"{T}: 4. Vision Phase, Overload"
RULE_HINDRANCE = f"{T}: 3. Hindrance Phase"
RULE_EFFECT = f"{T}: 4. Vision Phase, 1. Vision's Effect"
RULE_DRAIN = f"{T}: 4. Vision Phase, 2. Drain"
RULE_PLAY = f"{T}: 4. Vision Phase, 3. Play Cards"
RULE_MARKS = f"{T}: 4. Vision Phase, 4. Spend Marks of Sol"
RULE_END = f"{T}: 5. End Phase"
RULE_COOP = f"{T}: So Long, My Love (2-player co-op mode)"
RULE_TURN = f"{T}: Game Phases"

LIFE = "Life is a Journey"
SOUL_BOX = "Soul Box"
LAST_HOUR = tables.CLOCK_HOURS  # the clock reaching XII ends the game (ruling S1)
OVERLOAD_PLAYERS = 4
EXTRA_FEELING_PLAYERS = 4


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- one predicate per rule ----------------------------------------------------------------------


def check_phase(state: SoLongState, phases: tuple[str, ...], doing: str, rule: str = RULE_TURN) -> None:
    """The round is in a phase where ``doing`` happens ("Game Phases": the five phases in order)."""
    if state.phase not in phases:
        raise IllegalAction(rule, f"{doing} is not possible now: the game is in the {state.phase} phase"
                            + (f" (it is {state.current()}'s turn)" if state.current() else ""))


def check_turn(state: SoLongState, p: str, rule: str) -> None:
    """Hindrance and Vision Phases go in turn order from the first player (ruling G1)."""
    if state.current() != p:
        if state.sequence and state.sequence != state.order():  # a card changed it (reading SL25)
            raise IllegalAction(rule, f"it is {state.current()}'s turn, not {p}'s (this round's order, as the "
                                      f"Hindrance cards left it: {', '.join(state.sequence)})")
        raise IllegalAction(rule, f"it is {state.current()}'s turn, not {p}'s (turn order from the first "
                                  f"player, {state.first_player()})")


def top_event(state: SoLongState, name: str, rule: str = RULE_EVENT) -> None:
    """"The First Player draws the top card from the Event deck": the card named is the top one
    (in a table log, one the unseen top card can be, reading SL40)."""
    deck = state.zones[EVENT_DECK]
    if not deck:
        raise IllegalAction(rule, "the event deck is empty")
    if is_unseen(deck[-1]):
        if not state.zones.could_be(deck[-1], name):
            raise IllegalAction(CONSERVATION, f"{name} cannot be the top card of the event deck: "
                                + seen.where_seen(state, name, "the event deck holds no more"))
    elif deck[-1] != name:
        raise IllegalAction(rule, f"the top card of the event deck is {shown(deck[-1])}, not {shown(name)}")
    seen.event_deck_allows(state, name, state.deck_size)  # a table log's deck: one Reboot, 11 or 9 events


def event_drawn(state: SoLongState, name: str) -> None:
    """The event drawn is named on top of the deck (a table log's unseen top card, reading SL40)."""
    deck = state.zones[EVENT_DECK]
    if deck and is_unseen(deck[-1]):
        state.zones.name(EVENT_DECK, name, index=len(deck) - 1)
    state.deck_events.add(name)


def event_paid(state: SoLongState, a: EventDraw) -> None:
    """The event drawn named on top of its deck, and the Marks of Sol paid to ignore a Reboot
    back in the System: what happens before the event's effect resolves."""
    event_drawn(state, a.name)
    for p in a.ignore:
        state.zones.move(MARK, stock(p), SYSTEM)


def reboot_ignored_by_payment(state: SoLongState, a: EventDraw, reboot: bool) -> None:
    """"A player can only avoid the effect of a reboot card by paying a Mark of Sol"."""
    if not a.ignore:  # (nobody paid, nearly every draw: nothing to check)
        return
    if not reboot:
        raise IllegalAction(RULE_REBOOT, f"{a.name} is not a Reboot card: only a reboot's effect is ignored "
                                         f"with a Mark of Sol")
    if len(set(a.ignore)) != len(a.ignore):
        raise IllegalAction(RULE_REBOOT, "a player is listed twice in ignore")
    for p in a.ignore:
        if state.stock_of(p, MARK) < 1:
            raise IllegalAction(RULE_REBOOT, f"{p} has no Mark of Sol to spend to ignore {a.name}")


LISTING = "_listing"  # while a state's moves are listed (`candidates`): the effect trials its candidates share


def effect_resolved_now(state: SoLongState, a: EventDraw, after_reboot: bool) -> tuple[SoLongState, bool]:
    """`_effect_resolved_now`, tried once per event, choices and outcome while the moves of
    ``state`` are listed (a table state offers each event with every extra Feeling: one trial of
    the effect serves them all)."""
    memo = state.__dict__.get(LISTING)
    if memo is None:
        return _effect_resolved_now(state, a, after_reboot, keep=True)
    key = repr((a.name, a.ops, a.ignore, a.choose, after_reboot))
    if key not in memo:
        try:
            memo[key] = (_effect_resolved_now(state, a, after_reboot, keep=False), None)
        except IllegalAction as e:
            memo[key] = (None, e)
    found, error = memo[key]
    if error is not None:
        raise error
    return found


def _effect_resolved_now(state: SoLongState, a: EventDraw, after_reboot: bool,
                         keep: bool) -> tuple[SoLongState, bool]:
    """The event's effect happens in the Event Phase; not the new event's after a reboot, nor
    an effect naming a vision (ruling SL2). Returns the table after it (the Feelings are dealt
    from what the System has then), and whether the effect waits for other players' answers
    (then the Feelings are dealt after the last of them, reading SL3). The effect is tried on
    a copy just as `_apply` resolves it (the event named on top of the deck, the Marks of Sol
    paid to ignore it in the System, then its script), so that with ``keep`` the apply takes
    the copy over (`keep_trial`) instead of running the script a second time."""
    event = state.data.events[a.name]
    if a.ops and after_reboot:
        raise IllegalAction(RULE_EVENT, f"after a reboot the new event's effect is ignored: no ops for {a.name}")
    if a.ops and event.vision:
        raise IllegalAction(RULE_EVENT, f"{a.name}'s effect is for the players on {event.vision}, in their "
                                        f"Vision Phase (ruling SL2)")
    if is_event_now(state, a.name, after_reboot):  # from its script, with the entry's choices (docs/effects.md)
        trial = state.copy()
        ignore = spared(state, a)
        event_paid(trial, a)
        n = len(trial.queue)
        frame = verbs.run_event(trial, a.name, state.first_player(), dict(a.choose), event_rule(state, a.name),
                                ignore, a.ops)
        if a.ops is not None and mismatch(a.ops, frame.outcome):
            raise IllegalAction(RULE_EVENT, f"{a.name} (\"{event.text}\") does: {describe(frame.outcome)}; the entry "
                                            f"writes: {describe(a.ops)}")
        if keep:
            keep_trial(state, a, trial, frame, n)
        return trial, frame.waiting is not None
    if a.choose:
        raise IllegalAction(RULE_EVENT, f"{a.name}'s effect asks no choice now")
    return state, False


def spared(state: SoLongState, a: EventDraw) -> tuple[str, ...]:
    """Who a Reboot's effect leaves out: who paid a Mark of Sol, and the owner of Lighthouse
    Keeper ("Reboot cards do not affect you")."""
    if not state.data.events[a.name].reboot:
        return a.ignore
    return a.ignore + tuple(p for p in continuous.spared_by_statics(state) if p not in a.ignore)


def is_event_now(state: SoLongState, name: str, after_reboot: bool) -> bool:
    """Whether the event drawn resolves its script in the Event Phase: not one naming a Vision
    (ruling SL2), not the new event after a Reboot (its effect is ignored)."""
    event = state.data.events[name]
    return event.script is not None and not after_reboot and not event.vision


def event_rule(state: SoLongState, name: str) -> str:
    return RULE_REBOOT if state.data.events[name].reboot else RULE_EVENT


def extra_feeling(state: SoLongState, a: EventDraw, deals: bool, waits: bool = False) -> None:
    """With 4-5 players the first player puts 1 extra feeling on a vision of their choice
    (ruling S2; SL3). When the event's effect ``waits`` for other players' answers, the extra
    is placed after the last of them: whether the System still has it is checked there
    (`deal`), not on the table half-way through the effect.

    What this asks of the System (``state``: the table after the effect) is which kinds of
    Feeling it holds as the deal starts, the kinds `system_after_deal` keeps, a kind the deal
    uses up too (at 0): asked of the System's items (in C), not counted. A kind the deal uses up
    is refused where the extra is placed (`deal`, reading SL3)."""
    wanted = deals and (state.extra_every_round  # Infinite Spaces (End Cards)
                        or (state.mode != COOP and len(state.players) >= EXTRA_FEELING_PLAYERS))
    system = state.zones[SYSTEM]
    if a.extra is None:
        if wanted and not FEELINGS.keys().isdisjoint(system):
            raise IllegalAction(RULE_DEAL, f"with {len(state.players)} players the first player puts 1 extra "
                                           f"feeling on a vision: write extra: {{VISION: FEELING}}")
        return
    if not wanted:
        raise IllegalAction(RULE_DEAL, "an extra feeling is put only with 4-5 players (or Infinite Spaces), when "
                                       "feelings are dealt")
    vision, feeling = a.extra
    if vision not in state.unlocked():
        raise IllegalAction(RULE_DEAL, f"feelings are never put on a locked vision, nor one not in play: {vision}")
    if not waits and not (feeling in FEELINGS and feeling in system):
        raise IllegalAction(RULE_DEAL, f"the System has no {feeling} left for the extra feeling (ruling S2)")


def system_after_deal(state: SoLongState, event: str) -> Counter:
    """The Feelings the System holds once ``event``'s are dealt: each kind it holds before, in the
    order first held, counted (a kind dealt to none left stays, at 0)."""
    system = state.zones[SYSTEM]
    counts = Counter(system)  # (counted in C; only the kinds that are Feelings kept, below)
    left: Counter[str] = Counter()
    for x in dict.fromkeys(system):
        if x in FEELINGS:
            left[x] = counts[x]
    unlocked = state.unlocked()
    for vision, fs in state.data.events[event].feelings.items():
        if vision in unlocked:
            for f in fs:
                if left[f] > 0:
                    left[f] -= 1
    return left


def check_reshuffle_pile(state: SoLongState, a: Reshuffle) -> None:
    """"Shuffle the Reboot card and all discarded Event cards back into the deck" (ruling SL4)."""
    if a.order is None:
        return  # shuffled at the table: the order is not known (reading SL39)
    want = Counter(state.zones[EVENT_DECK]) + Counter(state.zones[EVENT_DISCARD])
    if any(is_unseen(x) for x in want):
        raise IllegalAction(RULE_EVENT, "the event deck's order is not known at the table: write reshuffle: "
                                        "shuffled (reading SL39)")
    if Counter(a.order) != want:
        raise IllegalAction(RULE_EVENT, "the new event deck is the deck, the reboot and the discarded events, "
                                        f"each once ({plural(sum(want.values()), 'card')})")


def choices_complete(state: SoLongState, a: Choose) -> None:
    """"Each player secretly and simultaneously chooses 1 Vision Token" among unlocked visions."""
    named = [p for p, _ in a.choices]
    if sorted(named) != sorted(state.players):
        missing = [p for p in state.players if p not in named]
        raise IllegalAction(RULE_CHOICE, "every player chooses one vision token, once"
                            + (f": missing {', '.join(missing)}" if missing else ": a player is listed twice"))
    visions, held = state.visions, state.zones.zones  # (the list of visions made once, not once a player)
    for p, v in a.choices:
        if v not in visions:
            raise IllegalAction(RULE_CHOICE, f"{p} chose {v}, which is not in play")
        if v in state.locked:
            raise IllegalAction(RULE_CHOICE, f"{p} chose {v}, a locked vision (Glossary: players cannot choose it)")
        if state.token_for(p, v) not in held.get(tokens(p), ()):
            raise IllegalAction(RULE_CHOICE, f"{p} has no {v} vision token")


def hindrance_card(state: SoLongState, card: str) -> None:
    """"each player can play a Remnant card with the Hindrance symbol on it"."""
    if not state.data.cards[card].hindrance:
        raise IllegalAction(RULE_HINDRANCE, f"{card} is not a Hindrance card: only those are played in the "
                                            f"Hindrance Phase")


def cost_paid(state: SoLongState, a: Play, rule: str) -> dict[str, int]:
    """The Feelings ``a`` pays: the card's cost, with one Feeling of it paid with a
    {resignation} instead when the player has The Symbolic System ("Once per card you play")."""
    cost = dict(state.data.cards[a.card].cost)
    instead = getattr(a, "instead", None)
    if instead is None:
        return cost
    if not continuous.has_static(state, a.player, "pay instead"):
        raise IllegalAction(rule, f"{a.player} has no card that lets a {{resignation}} be paid instead of a Feeling "
                                  f"(The Symbolic System)")
    if instead == "resignation" or not cost.get(instead):
        raise IllegalAction(rule, f"{a.card}'s cost has no {instead} to pay with a {{resignation}} instead")
    cost[instead] -= 1
    cost["resignation"] = cost.get("resignation", 0) + 1
    return {f: n for f, n in cost.items() if n}


def check_card_playable(state: SoLongState, a: Play, rule: str) -> None:
    """The card is in hand and its exact feeling cost is in the player's stock ("Remnant Cards",
    2. Feeling Cost)."""
    if not seen.can_hold(state, hand(a.player), a.card):  # seen, or one of its unseen cards can be it (SL41)
        why = seen.cannot_hold(state, hand(a.player), a.card, f"{a.player}'s hand")
        raise IllegalAction(CONSERVATION, why) if why else IllegalAction(rule, f"{a.card} is not in {a.player}'s hand")
    stock_ = state.zones[stock(a.player)]
    cost = cost_paid(state, a, rule)
    have = {f: stock_.count(f) for f in cost}  # (a Counter of the stock, for the few Feelings of the cost)
    short = {f: n - have[f] for f, n in cost.items() if have[f] < n}
    if short:
        raise IllegalAction(rule, f"{a.player} cannot pay {a.card}: it costs "
                            + ", ".join(f"{n} {f}" for f, n in cost.items()) + "; missing "
                            + ", ".join(f"{n} {f}" for f, n in short.items()))


def card_effect_fits(state: SoLongState, a: Play, rule: str, plain_ops: bool = True) -> SoLongState | None:
    """A scripted card (docs/effects.md) is played with the choices its text leaves, and does
    what its script says: tried on a copy, the card paid and on the field first (the copy is
    returned, for what follows it: a solo Path event). A card with no script writes its effect
    as plain operations (docs/logs/README.md, "Card effects")."""
    card = state.data.cards[a.card]
    if card.script is None:
        if a.to is not None or a.take is not None or a.choose:
            raise IllegalAction(rule, f"{a.card} has no script: its effect is written as plain operations "
                                      f"(ops: [...]), not as choices")
        # (``plain_ops`` False: the caller checks them with what follows, the solo Path event in
        # solo.check_play; no ops: nothing to check, and no copy of the zones for it)
        if plain_ops and a.ops:
            check_ops(state, list(a.ops))
        return None
    trial = state.copy()
    pay_and_place(trial, a)
    n = len(trial.queue)
    frame = verbs.play_card(trial, a.player, a.card, a.answers(), rule, a.ops)
    if a.ops is not None and mismatch(a.ops, frame.outcome):
        raise IllegalAction(rule, f"{a.card} (\"{card.text}\") does: {describe(frame.outcome)}; the entry "
                                  f"writes: {describe(a.ops)}")
    keep_trial(state, a, trial, frame, n)
    return trial


# The trial a check worked out, kept for the apply of the same action on the same state: one
# slot, as an apply follows its check at once. Not in the state's __dict__: a key added there and
# removed for every entry leaves the dict with holes, and a dict with holes is copied key by key
# (every copy of the state, several an entry, was ~2 us slower). A slot that another check took
# over in between (of another state: a copy, another game) is not found, and the apply works the
# action out itself, the same way.
_KEPT: list[tuple[Any, ...] | None] = [None]


def keep_trial(state: SoLongState, a: Action, trial: SoLongState, frame, queued: int) -> None:
    """Keep what ``a``'s check worked out on a copy, for its apply to take over instead of
    running the script a second time (``queued``: the triggers waiting before it ran)."""
    _KEPT[0] = (state, a, trial, frame, queued)


def take_trial(state: SoLongState, a: Action):
    """The copy ``a``'s check left (`keep_trial`), adopted by ``state``: its frame and the
    continuous triggers the script queued (taken out, to be queued in the rule's order); None
    when the last check was of another action or state."""
    kept = _KEPT[0]
    if kept is None or kept[0] is not state:
        return None
    _KEPT[0] = None  # (taken, or left by the check of another action: dropped)
    if kept[1] is not a:
        return None
    _, _, trial, frame, queued = kept
    # the copy's fields taken over whole, the dict itself (one store where ``update`` copied its
    # ~50 fields in one by one); what `SoLongState.copy` leaves out of a copy stays the state's
    fields, own = trial.__dict__, state.__dict__
    if "_trial" in own or LISTING in own:  # (neither, nearly always: no loop)
        for key in ("_trial", LISTING):
            if key in own:
                fields[key] = own[key]
    state.__dict__ = fields
    triggered = state.queue[queued:]
    del state.queue[queued:]
    return frame, triggered


def vision_step(state: SoLongState, p: str, at_most: int, doing: str, rule: str) -> None:
    """"perform the following actions in this order": effect, drain, play cards, marks (SL6)."""
    names = {STEP_EFFECT: "the vision's effect", STEP_DRAIN: "the drain", STEP_PLAY: "playing cards",
             STEP_MARKS: "spending Marks of Sol"}
    if state.step > at_most:
        raise IllegalAction(rule, f"{doing} comes before {names[state.step]}: {p} is past it (4. Vision Phase: "
                                  f"effect, drain, play cards, spend Marks of Sol, in this order)")


def effect_available(state: SoLongState, a: Effect) -> None:
    """The chosen vision's effect, and the event's that names it, once each (4.1)."""
    vision = state.vision_of[a.player]
    if a.source in state.effects_used:
        raise IllegalAction(RULE_EFFECT, f"{a.player} already used {a.source}'s effect this turn")
    if a.source in state.data.visions:
        if a.source != vision:
            raise IllegalAction(RULE_EFFECT, f"{a.player} is on {vision}, not {a.source}")
        if vision in state.locked:
            raise IllegalAction(RULE_EFFECT, f"{vision} is locked: its effect is not in play")
        v = state.data.visions[vision]
        if v.script is not None:  # worked out from its script (docs/effects.md)
            if "no vision moves" in state.round_rules and any(st.verb == "move feeling" for st in v.script.effect.walk()):
                raise IllegalAction(RULE_EFFECT, f"{event_now(state)}: \"This round, no Feeling can be moved from one "
                                                 f"Vision to another\": {vision}'s effect cannot be used")
            trial = state.copy()
            n = len(trial.queue)
            frame = verbs.run_vision(trial, vision, a.player, a.answers(), RULE_EFFECT, a.ops)
            if a.ops is not None and mismatch(a.ops, frame.outcome):
                raise IllegalAction(RULE_EFFECT, f"{vision}'s effect (\"{v.text}\") does: {describe(frame.outcome)}; "
                                                 f"the entry writes: {describe(a.ops)}")
            keep_trial(state, a, trial, frame, n)
            return
        if a.choose or a.answers():
            raise IllegalAction(RULE_EFFECT, f"{vision}'s effect has no script: it is written as plain operations "
                                             f"(ops: [...]), not as choices")
        if a.ops:  # (no ops: nothing to check, and no copy of the zones for it)
            check_ops(state, list(a.ops))
        return
    event = state.zones[EVENT][-1] if state.zones[EVENT] else None
    if a.source != event:
        raise IllegalAction(RULE_EFFECT, f"{a.source} is not this round's event" + (f" ({event})" if event else ""))
    if state.event_ignored:
        raise IllegalAction(RULE_REBOOT, f"{a.source} was drawn after a Reboot: \"Ignore the new card's effect\" "
                                         f"(1. Event Phase), in the Vision Phase too")
    if state.data.events[a.source].vision != vision:
        raise IllegalAction(RULE_EFFECT, f"{a.source}'s effect is not for the players on {vision}")
    no_effect_keys(a)
    event = state.data.events[a.source]
    if event.script is not None:  # worked out from its script; written ops must be its outcome
        trial = state.copy()
        n = len(trial.queue)
        frame = verbs.run_event(trial, a.source, a.player, a.answers(), RULE_EFFECT, written=a.ops)
        if a.ops is not None and mismatch(a.ops, frame.outcome):
            raise IllegalAction(RULE_EFFECT, f"{a.source} (\"{event.text}\") does: {describe(frame.outcome)}; the "
                                             f"entry writes: {describe(a.ops)}")
        keep_trial(state, a, trial, frame, n)  # the apply takes the copy over (`effect`)
        return
    if a.ops:  # (no ops: nothing to check, and no copy of the zones for it)
        check_ops(state, list(a.ops))


def no_effect_keys(a: Effect) -> None:
    if any(x is not None for x in (a.discard, a.move, a.src, a.remove)):
        raise IllegalAction(RULE_EFFECT, f"{a.source}'s effect is written as plain operations (ops: [...])")


def check_drain(state: SoLongState, a: Drain) -> None:
    """"A player may perform ONLY ONE of these actions" (4.2)."""
    vision = state.vision_of[a.player]
    if a.kind == "mark of sol" and "no mark drain" in state.round_rules:
        raise IllegalAction(RULE_DRAIN, f"{event_now(state)}: \"This round, no player may drain a Mark of Sol\"")
    if a.kind == "feelings":
        there = state.feelings_on(vision)
        if len(a.take) > 1 and "drain at most 1" in state.round_rules:
            raise IllegalAction(RULE_DRAIN, f"{event_now(state)}: \"This round, the Drain takes at most 1 Feeling "
                                            f"from a Vision\"")
        most = 3 if continuous.has_static(state, a.player, "drain up to") else 2
        if len(a.take) > most:
            raise IllegalAction(RULE_DRAIN, "a drain takes UP TO 2 feelings from the vision" + (
                " (Teeth in the Dark: 3)" if most == 3 else ""))
        if any(a.take.count(f) > there.count(f) for f in set(a.take)):  # (Counter(a.take) - Counter(there))
            raise IllegalAction(RULE_DRAIN, f"{vision} has " + (", ".join(state.feelings_on(vision)) or "no feelings")
                                + f", not {', '.join(a.take)}")
    elif a.kind == "affinity":
        aff = state.affinity(vision)
        if not aff:
            raise IllegalAction(RULE_DRAIN, f"{vision} has no affinity feeling")
        system = state.zones[SYSTEM]
        if any(aff.count(f) > system.count(f) for f in set(aff)):  # (Counter(aff) - Counter(system))
            raise IllegalAction(RULE_DRAIN, f"the System has no {' and '.join(aff)} left")
    elif a.kind == "mark of sol":
        if mark_source(state) is None:
            raise IllegalAction(RULE_DRAIN, "no Mark of Sol is left to take")
    elif not state.zones[REMNANT_DECK]:
        raise IllegalAction(RULE_DRAIN, "the Remnant deck is empty")


def event_now(state: SoLongState) -> str:
    return state.zones[EVENT][-1] if state.zones[EVENT] else "this round's event"


def check_observation(state: SoLongState, a: Observe) -> None:
    """"Spend 1 Mark of Sol to declare a karma ... draw from the Gestalt deck" (ruling SL9)."""
    if state.stock_of(a.player, MARK) < 1:
        raise IllegalAction(RULE_MARKS, f"{a.player} has no Mark of Sol to spend")
    if not state.zones[GESTALT_DECK]:
        raise IllegalAction(RULE_MARKS, "the Gestalt deck is empty: there is nothing to observe (ruling SL9)")
    deck = state.zones[GESTALT_DECK]
    for k, card in enumerate(reversed(deck)):  # turned up one by one until one of the karma (SL9)
        if is_unseen(card):
            raise IllegalAction(RULE_MARKS, "an Observation turns up Gestalt cards until one of the declared karma "
                                            "or neutral: the log shows them first ({show: {gestalt deck: [...]}},"
                                            " top first); " + ("none is shown" if k == 0 else
                                                                   f"the {plural(k, 'card')} shown are not {a.karma} "
                                                                   f"or neutral") + " (reading SL41)")
        if state.data.cards[card].karma in (a.karma, "neutral"):
            break


def goal_declared(state: SoLongState, a: Goal) -> None:
    """The goal declared must be what the game shows (reading SL12; goals.py)."""
    if state.mode != COOP:
        raise IllegalAction(RULE_COOP, "only So Long, My Love has a Heartbreak goal")
    if state.phase != GOAL:
        return  # check_phase names it
    found = goals.result(state)
    if found is not None and found[0] != a.reached:
        card = state.data.heartbreaks[state.heartbreak]  # type: ignore[index]
        raise IllegalAction(RULE_COOP, f"{card.name}'s goal (\"{card.goal}\") is {'reached' if found[0] else 'missed'}: "
                                       f"{found[1]}; the log declares it {'reached' if a.reached else 'missed'}")


# --- check ------------------------------------------------------------------------------------------


def waiting_for(state: SoLongState, a: Action) -> SoLongState:
    """While an effect waits for a player's choice, that player's ``choose`` entry comes next
    ("each player ... of their choice"); a choice with nothing waiting for it is not an entry.
    A "may" left unanswered when the log moves on is declined (reading SL33): returns the
    table the entry acts on."""
    if state.waiting is not None and not is_answer_to_waiting(state, a):
        state = state.copy()
        settle(state)
    w = state.waiting
    if w is None:
        if isinstance(a, Respond):
            raise IllegalAction(RULE_TURN, f"no effect is waiting for a choice of {a.player}'s")
        return state
    request = w.frame.waiting
    if not is_answer_to_waiting(state, a):
        raise IllegalAction(w.rule, f"{w.what} waits for {request.chooser} to choose {request.what}: write "
                                    f"{{player: {request.chooser}, choose: {{{request.name}: ...}}}} next (the "
                                    f"choices: {request.shown()})")
    if request.name == "at random" and dict(a.choose).get("at random", "") is None:  # type: ignore[union-attr]
        return state  # chance: the simulator draws it (`chance`)
    trial = state.copy()
    n = len(trial.queue)
    waiting = trial.waiting
    assert waiting is not None
    verbs.resume(trial, waiting.frame, a.player, dict(a.choose), w.rule, w.what)
    resumed(trial, waiting)  # and what follows it (the extra Feeling, SL3), as `respond` would: it takes the copy
    keep_trial(state, a, trial, None, n)
    return state


def is_answer_to_waiting(state: SoLongState, a: Action) -> bool:
    w = state.waiting
    return w is not None and isinstance(a, Respond) and a.player == w.frame.waiting.chooser


def respond(state: SoLongState, a: Respond) -> None:
    """A player's own choice: the effect waiting for it goes on (and what follows it)."""
    checked = take_trial(state, a)  # resumed, and what follows it done, on the check's copy
    if checked is not None:
        state.queue.extend(checked[1])
        return
    w = state.waiting
    assert w is not None
    verbs.resume(state, w.frame, a.player, dict(a.choose), w.rule, w.what)
    resumed(state, w)


def resumed(state: SoLongState, w: Waiting) -> bool:
    """After an effect that waited went on: when it no longer waits, the game goes on with
    what follows it (an event's Feelings dealt). True when it is over."""
    if w.frame.waiting is not None:
        return False
    state.waiting = None
    if w.then:
        finish_event(state, *w.then[1:])
    return True


def settle(state: SoLongState) -> None:
    """Decline every "may" the log did not answer before moving on (reading SL33), and go on
    with the effect (and what follows it)."""
    while state.waiting is not None and state.waiting.frame.waiting.name == "may":
        w = state.waiting
        verbs.resume(state, w.frame, w.frame.waiting.chooser, {"may": "no"}, w.rule, w.what)
        if resumed(state, w):
            triggers.fire(state)


def check(state: SoLongState, a: Action) -> None:
    if isinstance(a, Show):
        check_show(state, a)  # any time, the game's flow untouched (reading SL41)
        return
    if state.waiting is not None or type(a) is Respond:  # (nothing waits, most entries: no call)
        state = waiting_for(state, a)
    checker = _CHECKS.get(type(a))  # (one lookup by the entry's class, not a chain of isinstance tests)
    if checker is not None:  # (a Respond: checked by `waiting_for`)
        checker(state, a)


def _check_event(state: SoLongState, a: EventDraw) -> None:
    check_phase(state, (EVENT_PHASE, AFTER_REBOOT), "drawing an event", RULE_EVENT)
    top_event(state, a.name)
    after = state.phase == AFTER_REBOOT
    reboot = state.data.events[a.name].reboot
    reboot_ignored_by_payment(state, a, reboot)
    after_effect, waits = effect_resolved_now(state, a, after and not reboot)
    if a.ops:  # (no ops: nothing to check, and no copy of the zones for it)
        check_ops(state, list(a.ops))
    extra_feeling(after_effect, a, deals=not reboot, waits=waits)


def _check_reshuffle(state: SoLongState, a: Reshuffle) -> None:
    check_phase(state, (RESHUFFLE,), "shuffling the events back", RULE_EVENT)
    check_reshuffle_pile(state, a)


def _check_choose(state: SoLongState, a: Choose) -> None:
    check_phase(state, (CHOICE,), "choosing visions", RULE_CHOICE)
    choices_complete(state, a)


def _check_pass(state: SoLongState, a: Pass) -> None:
    check_phase(state, (HINDRANCE,), "passing", RULE_HINDRANCE)
    check_turn(state, a.player, RULE_HINDRANCE)


def _check_play(state: SoLongState, a: Play) -> None:
    check_phase(state, (HINDRANCE, VISION_PHASE), "playing a card", RULE_PLAY)
    if state.phase == HINDRANCE:
        check_turn(state, a.player, RULE_HINDRANCE)
        hindrance_card(state, a.card)
        check_card_playable(state, a, RULE_HINDRANCE)
        card_effect_fits(state, a, RULE_HINDRANCE)
    else:
        check_turn(state, a.player, RULE_PLAY)
        vision_step(state, a.player, STEP_PLAY, "playing a card", RULE_PLAY)
        check_card_playable(state, a, RULE_PLAY)
        card_effect_fits(state, a, RULE_PLAY)


def _check_effect(state: SoLongState, a: Effect) -> None:
    check_phase(state, (VISION_PHASE,), "a vision's effect", RULE_EFFECT)
    check_turn(state, a.player, RULE_EFFECT)
    vision_step(state, a.player, STEP_EFFECT, "the vision's effect", RULE_EFFECT)
    effect_available(state, a)


def _check_drain(state: SoLongState, a: Drain) -> None:
    check_phase(state, (VISION_PHASE,), "a drain", RULE_DRAIN)
    check_turn(state, a.player, RULE_DRAIN)
    if state.step >= STEP_PLAY:
        raise IllegalAction(RULE_DRAIN, f"{a.player} already drained this turn, or went past the drain "
                                        f"(played a card, spent a Mark of Sol): ONLY ONE drain action, before "
                                        f"the cards (ruling SL6)")
    check_drain(state, a)


def _check_observe(state: SoLongState, a: Observe) -> None:
    check_phase(state, (VISION_PHASE,), "an Observation", RULE_MARKS)
    check_turn(state, a.player, RULE_MARKS)
    check_observation(state, a)


def _check_end_turn(state: SoLongState, a: EndTurn) -> None:
    check_phase(state, (VISION_PHASE,), "ending a turn", RULE_TURN)
    check_turn(state, a.player, RULE_DRAIN)


def _check_goal(state: SoLongState, a: Goal) -> None:
    check_phase(state, (GOAL,), "declaring the goal", RULE_COOP)
    goal_declared(state, a)


_CHECKS: dict[type, Callable[[SoLongState, Any], None]] = {
    EventDraw: _check_event, Reshuffle: _check_reshuffle, Choose: _check_choose, Pass: _check_pass,
    Play: _check_play, Effect: _check_effect, Drain: _check_drain, Observe: _check_observe,
    EndTurn: _check_end_turn, Goal: _check_goal}


# --- apply ---------------------------------------------------------------------------------------


def deal(state: SoLongState, event: str, extra: tuple[str, str] | None) -> None:
    """"Deal the Feelings", then the extra one, from the System as it is then (reading SL3): an
    extra of a type the System no longer has, when it has another, is refused (ruling S2: "if
    the System has none of that type, another type"), at the entry that places it (the last
    answer to the event's effect, or the entry that moves on from it); with no Feeling left at
    all, none is placed."""
    unlocked = state.unlocked()  # (dealing locks nothing)
    z = state.zones
    system = z[SYSTEM]  # (the System's list, which a move changes in place: looked up once)
    for vision, fs in state.data.events[event].feelings.items():
        if vision in unlocked:
            for f in fs:
                if f in system:
                    z.move(f, SYSTEM, vision_zone(vision))
    if not extra:
        return
    vision, feeling = extra
    if feeling in system:
        z.move(feeling, SYSTEM, vision_zone(vision))
        return
    left = sorted({x for x in system if x in FEELINGS})
    if left:
        raise IllegalAction(RULE_DEAL, f"the extra feeling named with {event} ({{{vision}: {feeling}}}) cannot be "
                                       f"placed: when it is placed, after the answers to {event}'s effect, the System "
                                       f"has no {feeling} left; of the type chosen, else another type (ruling S2): "
                                       f"{', '.join(left)}")


def show(state: SoLongState, a: Show, z: Zones | None = None) -> None:
    """Cards the table saw are named where unseen ones are (reading SL41): a deck's top cards, top
    first; a hand's (or any zone's) cards, wherever its unseen ones are. A card the zone cannot
    hold breaks the rule that every card is in one place. (``z``: the zones to name them in,
    the state's by default; a message reads the state.)"""
    if z is None:
        z = state.zones
    for zone, cards in a.shown:
        items = z[zone]
        words = f"{zone.removeprefix('hand:')}'s hand" if zone.startswith("hand:") else f"the {zone}"
        if zone in DECKS:
            if len(cards) > len(items):
                raise IllegalAction(CONSERVATION, f"{words} holds {plural(len(items), 'card')}; "
                                                  f"{len(cards)} are shown")
            for i, card in enumerate(cards):
                at = len(items) - 1 - i
                if items[at] == card:
                    continue
                if not is_unseen(items[at]):
                    raise IllegalAction(CONSERVATION, f"card {i + 1} from the top of {words} is {items[at]}, "
                                                      f"not {card}")
                if not z.could_be(items[at], card):
                    if card in items:  # named twice in one deck
                        raise IllegalAction(CONSERVATION, f"{words} cannot hold {card} twice: it is card "
                                                          f"{items[::-1].index(card) + 1} from the top")
                    raise IllegalAction(CONSERVATION, f"{words} cannot hold {card}: "
                                        + seen.where_seen(state, card, f"the {pile_of(items[at])} holds no more"))
                z.name(zone, card, index=at)
            continue
        for card, k in sorted(Counter(cards).items()):
            for _ in range(k - items.count(card)):
                at = next((i for i in range(len(items) - 1, -1, -1)
                           if is_unseen(items[i]) and z.could_be(items[i], card)), None)
                if at is None:
                    why = seen.cannot_hold(state, zone, card, words, k)
                    copies = f"{k} copies of {card}" if k > 1 else card
                    raise IllegalAction(CONSERVATION, why or f"{words} does not hold {copies}"
                                        + (f" (it holds {plural(len(items), 'card')}, none unseen)" if items else
                                           " (it is empty)"))
                z.name(zone, card, index=at)


def check_show(state: SoLongState, a: Show) -> None:
    """Whether the cards shown can be named (`show`): tried on the zones shown alone, their
    lists copied and the unseen piles read (a `Zones`' pile is copied before it changes), not
    on a copy of the whole state: naming a card reads and changes only its zone and the piles
    of that zone's unseen cards. A show that breaks the rule is tried again on a whole copy,
    for the message (it reads the other zones: where the card was seen). The apply names the
    cards on the state (`apply_show`)."""
    held = state.zones.zones
    try:
        show(state, a, Zones({zone: list(held.get(zone, ())) for zone, _ in a.shown}, dict(state.zones.unknown)))
    except IllegalAction:
        show(state.copy(), a)
        raise


def apply_show(state: SoLongState, a: Show) -> None:
    """The cards shown named (`show`; checked first by `check_show`)."""
    show(state, a)


def apply(state: SoLongState, a: Action) -> None:
    """Apply ``a``, then what continuous cards it triggered (continuous.py)."""
    if isinstance(a, Show):
        apply_show(state, a)
        return
    if state.waiting is not None and not is_answer_to_waiting(state, a):
        settle(state)  # the "may"s left unanswered are declined (reading SL33)
    applier = _APPLIES.get(type(a))  # (one lookup by the entry's class, not a chain of isinstance tests)
    if applier is not None:
        applier(state, a)
    if state.queue:  # (nothing triggered, the usual case: no call)
        triggers.fire(state)


def _apply(state: SoLongState, a: Action) -> None:
    """``a``'s own change to the table (`apply` without the "may"s settled before it and the
    triggers fired after it)."""
    applier = _APPLIES.get(type(a))
    if applier is not None:
        applier(state, a)


def _apply_event(state: SoLongState, a: EventDraw) -> None:
    reboot = state.data.events[a.name].reboot
    after = state.phase == AFTER_REBOOT
    now = is_event_now(state, a.name, after and not reboot)
    checked = take_trial(state, a) if now else None  # drawn, paid and resolved on the check's copy
    if checked is not None:
        frame, triggered = checked
        state.queue.extend(triggered)
    else:
        ignore = spared(state, a)
        event_paid(state, a)
        if now:
            frame = verbs.run_event(state, a.name, state.first_player(), dict(a.choose),
                                    event_rule(state, a.name), ignore, a.ops)
    if now:
        if frame.waiting is not None:  # "each player ... of their choice": their entries come next
            state.waiting = Waiting(frame, event_rule(state, a.name), f"{a.name} (\"{state.data.events[a.name].text}\")",
                                    ("event", a.name, a.extra, after))
            return
    else:
        apply_ops(state, list(a.ops or ()))
        state.marks_gained += marks_in(a.ops or ())
    finish_event(state, a.name, a.extra, after)


def _apply_reshuffle(state: SoLongState, a: Reshuffle) -> None:
    reshuffled(state, a)
    state.phase = CHOICE


def _apply_choose(state: SoLongState, a: Choose) -> None:
    z = state.zones
    for p, v in a.choices:
        z.move(state.token_for(p, v), tokens(p), chosen(p))
        state.vision_of[p] = v
    visions = {v for _, v in a.choices}
    if visions == {tables.LUNO}:
        state.luno_rounds += 1  # a Heartbreak goal (goals.py)
    if len(state.players) >= OVERLOAD_PLAYERS and len(visions) == 1:
        overload(state, visions.pop())
    state.phase, state.turn = HINDRANCE, 0
    state.sequence = state.order()


def _apply_pass(state: SoLongState, a: Pass) -> None:
    next_hindrance(state)


def _apply_play(state: SoLongState, a: Play) -> None:
    play(state, a)
    if state.phase == HINDRANCE:
        next_hindrance(state)
    else:
        state.step = STEP_PLAY


def _apply_effect(state: SoLongState, a: Effect) -> None:
    effect(state, a)
    state.effects_used.add(a.source)


def _apply_drain(state: SoLongState, a: Drain) -> None:
    drain(state, a)
    state.step = STEP_PLAY


def _apply_observe(state: SoLongState, a: Observe) -> None:
    z = state.zones
    z.move(MARK, stock(a.player), SYSTEM)
    while z[GESTALT_DECK]:
        card = z[GESTALT_DECK].pop()
        if state.data.cards[card].karma in (a.karma, "neutral"):
            z.put(card, hand(a.player))
            break
        z.put(card, DISCARD)
    state.step = STEP_MARKS


def _apply_end_turn(state: SoLongState, a: EndTurn) -> None:
    state.turn += 1
    state.step = STEP_EFFECT
    state.effects_used = set()
    if state.turn >= len(state.players):
        end_phase(state)
    else:
        turn_starts(state)


def _apply_goal(state: SoLongState, a: Goal) -> None:
    state.goal_reached = a.reached
    state.phase = OVER


_APPLIES: dict[type, Callable[[SoLongState, Any], None]] = {
    Respond: respond, EventDraw: _apply_event, Reshuffle: _apply_reshuffle, Choose: _apply_choose,
    Pass: _apply_pass, Play: _apply_play, Effect: _apply_effect, Drain: _apply_drain, Observe: _apply_observe,
    EndTurn: _apply_end_turn, Goal: _apply_goal}


def reshuffled(state: SoLongState, a: Reshuffle) -> None:
    """The Reboot and the discarded events back into the deck: in the order written, or (a table
    log) shuffled: every card of the deck unseen again (reading SL39)."""
    z = state.zones
    if a.order is None:
        z[EVENT_DECK].extend(z[EVENT_DISCARD])
        z[EVENT_DISCARD].clear()
        z.conceal(EVENT_DECK, EVENT_DECK)
        return
    z[EVENT_DISCARD].clear()
    z[EVENT_DECK][:] = list(reversed(a.order))


def finish_event(state: SoLongState, name: str, extra: tuple[str, str] | None, after: bool) -> None:
    """What follows an event's effect: a Reboot goes to the discard pile and a new event is
    drawn; any other event stays for the round and its Feelings are dealt (1. Event Phase)."""
    z = state.zones
    if state.data.events[name].reboot:
        z.move(name, EVENT_DECK, EVENT_DISCARD)
        state.phase = AFTER_REBOOT
        return
    z.move(name, EVENT_DECK, EVENT)
    state.event_ignored = after  # "Ignore the new card's effect" (1. Event Phase)
    deal(state, name, extra)
    state.phase = RESHUFFLE if after else CHOICE


def overload(state: SoLongState, vision: str) -> None:
    """OVERLOAD: locked; its feelings to the System; each player takes 1 affinity (SL5)."""
    state.locked.add(vision)
    for f in state.feelings_on(vision):
        state.zones.move(f, vision_zone(vision), SYSTEM)
    for p in state.order():
        for f in state.affinity(vision)[:1]:
            if f in state.zones[SYSTEM]:
                state.zones.move(f, SYSTEM, stock(p))


def next_hindrance(state: SoLongState) -> None:
    state.turn += 1
    if state.turn >= len(state.players):
        state.phase, state.turn, state.step = VISION_PHASE, 0, STEP_EFFECT
        state.sequence = state.vision_phase_order()  # reading SL25
        state.effects_used = set()
        turn_starts(state)


def turn_starts(state: SoLongState) -> None:
    """A player's Vision Phase starts ("At the start of your Vision Phase")."""
    p = state.current()
    if p is not None:
        continuous.happened(state, continuous.YOUR_VISION_PHASE, p)


def pay_and_place(state: SoLongState, a: Play) -> None:
    """"2. Feeling Cost" paid to the System; the card goes to the player's field."""
    z = state.zones
    for f, n in cost_paid(state, a, RULE_PLAY).items():
        for _ in range(n):
            z.move(f, stock(a.player), SYSTEM)
    z.move(a.card, hand(a.player), field_of(a.player))


def play(state: SoLongState, a: Play) -> None:
    card = state.data.cards[a.card]
    checked = take_trial(state, a) if card.script is not None else None  # paid and played on the check's copy
    if checked is None:
        pay_and_place(state, a)
    state.played.append((a.player, a.card))
    if card.karma == "positive":
        continuous.happened(state, continuous.ANOTHER_PLAYS_POSITIVE, a.player)
    if checked is not None:
        frame, triggered = checked
        state.queue.extend(triggered)
        wait(state, frame, RULE_PLAY, f"{a.card} (\"{card.text}\")")
    elif card.script is not None:
        frame = verbs.play_card(state, a.player, a.card, a.answers(), RULE_PLAY, a.ops)  # its Marks counted by `receive`
        wait(state, frame, RULE_PLAY, f"{a.card} (\"{card.text}\")")
    else:
        apply_ops(state, list(a.ops or ()))
        state.marks_gained += marks_in(a.ops or ())


def marks_in(ops: tuple[Op, ...]) -> int:
    """Marks of Sol that written operations bring into a player's stock (a Heartbreak goal)."""
    return sum(1 for op in ops if op.kind == "move" and op.item == MARK and op.dst.startswith("stock:"))


def wait(state: SoLongState, frame, rule: str, what: str) -> None:
    """An effect that waits for other players' choices holds the game until they are made."""
    if frame.waiting is not None:
        state.waiting = Waiting(frame, rule, what)


def effect(state: SoLongState, a: Effect) -> None:
    if a.source in state.data.visions and state.data.visions[a.source].script is not None:
        checked = take_trial(state, a)  # worked out on the check's copy
        if checked is not None:
            frame, triggered = checked
            state.queue.extend(triggered)
        else:
            frame = verbs.run_vision(state, a.source, a.player, a.answers(), RULE_EFFECT, a.ops)
        wait(state, frame, RULE_EFFECT, f"{a.source}'s effect")
    elif a.source in state.data.events and state.data.events[a.source].script is not None:
        checked = take_trial(state, a)  # worked out on the check's copy
        if checked is not None:
            frame, triggered = checked
            state.queue.extend(triggered)
        else:
            frame = verbs.run_event(state, a.source, a.player, a.answers(), RULE_EFFECT, written=a.ops)
        wait(state, frame, RULE_EFFECT, a.source)
    else:
        apply_ops(state, list(a.ops or ()))
        state.marks_gained += marks_in(a.ops or ())


def drain(state: SoLongState, a: Drain) -> None:
    z = state.zones
    vision = state.vision_of[a.player]
    if a.kind == "feelings":
        for f in a.take:
            z.move(f, vision_zone(vision), stock(a.player))
        if a.take and not state.feelings_on(vision):
            continuous.happened(state, continuous.YOU_EMPTY_A_VISION, a.player)
    elif a.kind == "affinity":
        for f in state.affinity(vision):
            z.move(f, SYSTEM, stock(a.player))
        continuous.happened(state, continuous.YOU_DRAIN_AFFINITY, a.player, {"drained": state.affinity(vision)})
    elif a.kind == "mark of sol":
        gain_mark(state, a.player)
    else:
        z.put(z[REMNANT_DECK].pop(), hand(a.player))
        continuous.happened(state, continuous.YOU_DRAIN_A_CARD, a.player)


def end_phase(state: SoLongState) -> None:
    """"5. End Phase" (ruling SL11)."""
    z = state.zones
    held = z.zones  # (every player's zones and the event's are made at the setup: read in the dict itself)
    for p in state.players:
        here = chosen(p)
        for t in list(held[here]):
            z.move(t, here, tokens(p))
    for e in list(held[EVENT]):
        z.move(e, EVENT, EVENT_DISCARD)
    state.vision_of = {}
    state.event_ignored = False
    state.sequence, state.vision_order, state.act_last = [], None, []
    state.round_rules = set()
    state.first = (state.first + 1) % len(state.players)
    state.hour += 1
    state.rounds += 1
    state.turn = 0
    if state.hour >= LAST_HOUR:
        state.phase = GOAL if state.mode == COOP else OVER
    else:
        state.phase = EVENT_PHASE


# --- what the log cannot prove ---------------------------------------------------------------------


def _ops_text(ops: tuple[Op, ...] | None) -> str:
    return "; ".join(op.describe() for op in ops) if ops else "no change"


# The entries `unverified` can note something for (the engine asks it of these alone)
NOTED: frozenset[type] = frozenset({EventDraw, Play, Effect, Goal})


def unverified(state: SoLongState, a: Action) -> list[str]:
    if not isinstance(a, (EventDraw, Play, Effect, Goal)):
        return []  # (the other entries write nothing the log alone must be trusted for)
    ops_text = _ops_text
    notes: list[str] = []
    if isinstance(a, EventDraw) and state.rounds == 0 and state.phase == EVENT_PHASE:
        notes = list(state.setup_notes)  # what the setup could not prove, with the game's first entry
    if isinstance(a, EventDraw):
        e = state.data.events[a.name]
        if state.phase == AFTER_REBOOT or e.vision or e.script is not None:
            return notes
        return notes + [f"{a.name}'s effect: {ops_text(a.ops)}"]
    if isinstance(a, Play) and state.data.cards[a.card].script is None:
        return [f"{a.player} played {a.card}; its effect: {ops_text(a.ops)}"]
    if isinstance(a, Effect) and not (
            a.source in state.data.events and state.data.events[a.source].script is not None) and not (
            a.source in state.data.visions and state.data.visions[a.source].script is not None):
        return [f"{a.player} used {a.source}'s effect: {ops_text(a.ops)}"]
    if isinstance(a, Goal) and goals.result(state) is None:
        return [f"the Heartbreak card's goal ({state.heartbreak}) declared {'reached' if a.reached else 'missed'}"]
    return []


# --- the simulator's small action space -----------------------------------------------------------------


def responses(state: SoLongState) -> Iterator[Respond]:
    """The entries that answer what an effect waits for: one per set of that player's answers;
    a card discarded at random is left to chance (`chance`); at the table it is the card the
    table saw come out: each card the hand can hold (table_moves.py)."""
    request = state.waiting.frame.waiting  # type: ignore[union-attr]
    if request.name == "at random":
        if table_moves.is_table(state):
            yield from (Respond(request.chooser, ((request.name, c),)) for c in request.options)
            return
        yield Respond(request.chooser, ((request.name, None),))
        return
    out = [Respond(request.chooser, tuple(answers.items())) for answers in verbs.answers_to_wait(state)]
    safe = [a for a in out if can_extra_survive(state, a)]
    yield from (safe or out)


def can_extra_survive(state: SoLongState, a: Respond) -> bool:
    """The simulator's care for the extra Feeling named with an event whose effect waits (SL3):
    whether, after ``a``, with players still to answer, the System still holds one of its type
    once the event's Feelings are dealt (an answer that takes the last one is not offered while
    another is: the last player could find no legal answer)."""
    w = state.waiting
    if w is None or not w.then or w.then[0] != "event" or w.then[2] is None:
        return True
    trial = state.copy()
    try:
        verbs.resume(trial, trial.waiting.frame, a.player, dict(a.choose), w.rule, w.what)  # type: ignore[union-attr]
    except IllegalAction:
        return True  # not legal at all: `check` says so
    if trial.waiting.frame.waiting is None:  # type: ignore[union-attr]
        return True  # the last answer: `check` places the extra
    return system_after_deal(trial, w.then[1])[w.then[2][1]] > 0


def chance(state: SoLongState, action: Action, rng: random.Random) -> Action:
    """The simulator's draw of what is random: the card discarded "at random" (a chance node)."""
    if isinstance(action, Respond) and dict(action.choose).get("at random", "") is None:
        request = state.waiting.frame.waiting  # type: ignore[union-attr]
        return Respond(action.player, (("at random", rng.choice(request.options)),))
    return action


def candidates(state: SoLongState) -> Iterator[Action]:
    """The moves of ``state`` (checked one by one by `Engine.legal_actions`); while they are listed,
    the trials of an event's effect are shared (`effect_resolved_now`)."""
    state.__dict__[LISTING] = {}
    try:
        if not table_moves.is_table(state):
            yield from _candidates(state)  # as the simulator always had them
            return
        offered = set()
        for action in _candidates(state):  # at the table each move once (the page lists them)
            key = repr(action)
            if key not in offered:
                offered.add(key)
                yield action
    finally:
        state.__dict__.pop(LISTING, None)


def _candidates(state: SoLongState) -> Iterator[Action]:
    rng = random.Random(state.chance * 1000 + state.rounds * 37 + state.turn * 7 + state.step
                        + len(state.zones[DISCARD]))
    z = state.zones
    table = table_moves.is_table(state)
    looks = table_moves.Looks(state)  # a look at unseen top cards: their show is offered instead (SL41)
    if table:  # a card the rules turned face up while unseen: the table names it first (SL41)
        shows = table_moves.turned_up(state)
        if shows:
            yield from shows
            return
    if state.waiting is not None:
        yield from responses(state)
        return
    if state.phase in (EVENT_PHASE, AFTER_REBOOT):
        if not z[EVENT_DECK]:
            return
        top = z[EVENT_DECK][-1]
        if not is_unseen(top):
            yield from event_draws(state, top, rng, looks)
        else:
            for name in table_moves.event_names(state):  # a table log names the event drawn (SL40)
                yield from event_draws(table_moves.with_top(state, EVENT_DECK, name), name, rng, looks)
    elif state.phase == RESHUFFLE:
        if table and state.zones.unknown.get(EVENT_DECK):
            yield Reshuffle(None)  # shuffled at the table: no order (SL39)
            return
        pile = z[EVENT_DECK] + z[EVENT_DISCARD]
        rng.shuffle(pile)
        yield Reshuffle(tuple(pile))
    elif state.phase == CHOICE:
        open_ = state.unlocked()
        mine = {p: [v for v in open_ if state.token_for(p, v) in z[tokens(p)]] or open_ for p in state.players}
        if table:  # the page offers every choice the rules allow (the simulator's sample below)
            yield from (Choose(tuple(zip(state.players, vs))) for vs in itertools.product(
                *(sorted(set(mine[p])) for p in state.players)))
            return
        for _ in range(6):  # a token renounced (The Last Train) is not chosen
            yield Choose(tuple((p, rng.choice(mine[p])) for p in state.players))
        if state.mode == COOP:  # partners choosing one Vision together (L'Uno twice: Last Dance's goal)
            for v in open_:
                if all(v in mine[p] for p in state.players):
                    yield Choose(tuple((p, v) for p in state.players))
        if len(state.players) >= OVERLOAD_PLAYERS and rng.random() < 0.3:
            v = rng.choice(open_)
            yield Choose(tuple((p, v) for p in state.players))
    elif state.phase == HINDRANCE:
        p = state.current()
        yield Pass(p)
        yield from plays(state, p, hindrance_only=True, looks=looks)
    elif state.phase == VISION_PHASE:
        p = state.current()
        vision = state.vision_of[p]
        if state.step == STEP_EFFECT:
            if vision in state.data.visions and state.data.visions[vision].script is not None:
                for answers in looks.answers(verbs.answers_for, state, p, vision, state.data.visions[vision].script):
                    yield Effect.of(p, vision, answers)
            else:
                yield Effect(p, vision)
            if z[EVENT] and state.data.events[z[EVENT][-1]].vision == vision and not state.event_ignored:
                yield Effect(p, z[EVENT][-1])
        if state.step < STEP_PLAY:
            there = state.feelings_on(vision)
            yield Drain(p, "feelings", tuple(there[:2]))
            if len(there) > 1:
                yield Drain(p, "feelings", tuple(there[:1]))  # a round that allows only one (Sleepwalkers)
            for kind in ("affinity", "mark of sol", "remnant"):
                yield Drain(p, kind)
        if state.step <= STEP_PLAY:  # the drain may be skipped (ruling SL6)
            yield from plays(state, p, hindrance_only=False, looks=looks)
        yield Observe(p, "positive")
        yield Observe(p, "negative")
        if table and state.stock_of(p, MARK) and is_show_needed(state):
            yield from table_moves.next_card_shows(state, GESTALT_DECK)  # the cards turned up (SL41)
        yield EndTurn(p)
    elif state.phase == GOAL:
        yield Goal(True)
        yield Goal(False)
    yield from looks.shows()


def event_draws(state: SoLongState, top: str, rng: random.Random, looks: table_moves.Looks) -> Iterator[EventDraw]:
    """The entries that draw ``top``, the event deck's top card on ``state`` (named there): who
    ignores a Reboot, the effect's choices, the extra Feeling."""
    reboot = state.data.events[top].reboot
    ignores = [()]
    if reboot and state.phase == EVENT_PHASE:
        ignores.append(tuple(p for p in state.players if state.stock_of(p, MARK)))
    event = state.data.events[top]
    runs = is_event_now(state, top, state.phase == AFTER_REBOOT)
    for ig in ignores:
        left_out = spared(state, EventDraw(top, None, ig))
        choices = looks.answers(verbs.answers_for, state, state.first_player(), top, event.script,
                                {"ignore": left_out}) if runs else [{}]
        for answers in choices:
            after = state
            waits = False
            if runs:  # the extra Feeling comes from what the System has after the effect
                after = state.copy()
                waits = verbs.run_event(after, top, state.first_player(), dict(answers), event_rule(state, top),
                                        left_out).waiting is not None
            extras: list = [None]
            if not reboot and (state.extra_every_round or (state.mode != COOP
                                                           and len(state.players) >= EXTRA_FEELING_PLAYERS)):
                left = system_after_deal(after, top)
                kinds = [f for f in FEELINGS if left[f] > 0]
                if waits:  # the other players answer before it is placed (SL3): the types they cannot use up
                    kinds = [f for f in kinds if left[f] >= len(state.players)] or sorted(
                        kinds, key=lambda f: -left[f])[:1]
                if table_moves.is_table(state):  # the page offers every extra the rules allow
                    extras = [(v, f) for v in state.unlocked() for f in kinds] or [None]
                else:
                    extras = [(rng.choice(state.unlocked()), f) for f in kinds[:3]] or [None]
            for extra in extras:
                yield EventDraw(top, None, ig, extra, tuple(answers.items()))


def is_show_needed(state: SoLongState) -> bool:
    """Whether an Observation of one karma or the other needs more Gestalt cards shown than the
    table has seen: the seen top cards hold none of that karma (nor a neutral) before an unseen one."""
    wanted = {"positive", "negative"}
    for card in reversed(state.zones[GESTALT_DECK]):
        if is_unseen(card):
            return True
        karma = state.data.cards[card].karma
        wanted -= {"positive", "negative"} if karma == "neutral" else {karma}
        if not wanted:
            return False
    return False


def plays(state: SoLongState, p: str, hindrance_only: bool, looks: table_moves.Looks) -> Iterator[Play]:
    symbolic = continuous.has_static(state, p, "pay instead")
    for card in seen.options(state, hand(p)):  # of a table log's unseen hand: every card it can hold
        if hindrance_only and not state.data.cards[card].hindrance:
            continue
        insteads: list[str | None] = [None]
        if symbolic:  # The Symbolic System: one Feeling of the cost paid with a {resignation}
            insteads += [f for f in state.data.cards[card].cost if f != "resignation"]
        for instead in insteads:
            if state.data.cards[card].script is None:
                yield Play(p, card, instead=instead)
                continue
            for answers in looks.answers(verbs.answers_of, state, p, card):
                to = answers.pop("to", None)
                take = answers.pop("take", None)
                yield Play(p, card, to, tuple(take) if take is not None else None, None, tuple(answers.items()), instead)
