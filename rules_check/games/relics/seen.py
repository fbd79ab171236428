"""What the table saw of the relics draw pile (rulings R12-R14; rules_check/core/zones.py).

A game played with the real cards never writes the draw pile's order: the pile lies face down.
Everything else is face up or in the solo player's own hand, so a table log names every card as
it comes off the draw pile: the nine cards "Setup" deals (``setup: {dealt: [...]}``), the cards
"Look ahead" deals after a turn and the card a "draw" or "replace" ability takes (an entry's
``drawn: [...]``), the cards an "arrange" ability looks at (its ``choose: {order: [...]}``).
The draw pile is then unseen cards of one pile, `PILE`, which can be any location card not seen
elsewhere; a reshuffle at the table (``{reshuffle: shuffled}``) hides the discard pile again.

This module names those cards and answers the questions over the unseen ones:

* `name_top` names the top cards of the draw pile before an entry takes them; a card the pile
  cannot hold (seen elsewhere, named twice) breaks the rule that every card is in one place;
* `check_named` says, after the entry, that every card it turned up was named, and no more;
* `could_be` gives the cards an unseen card of the pile can be (for the search of ruling R6, as
  R13 reads it, ``abilities.variants`` tries a "draw" or "replace" ability once per card: "is or
  could be", the search asks whether SOME order lets the player pay);
* `tops` lists the orders the top cards could be in, for an end whose legality depends on them
  (ruling R14).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Iterator

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import CONSERVATION, UNSEEN, Zones, is_unseen, unseen, unseen_count

from .cards import DAY
from .state import CURRENT, DECISION, DISCARD, DRAW, FUTURE_1, FUTURE_2, HAND, TABLE, RelicsState

PILE = "the draw pile"  # the one pile of unseen cards ("Setup": "Shuffle the remaining cards")
DRAWING_VERBS = {"draw", "replace"}  # the abilities that take the top card of the draw pile
MAX_LOOKED_AT = 3  # the most top cards one run of abilities can reach (three cards in hand)

WHERE = {DRAW: "on the draw pile, already seen", DISCARD: "on the discard pile", CURRENT: "the current location",
         DECISION: "in the decision path", FUTURE_1: "in the future path", FUTURE_2: "in the future path",
         HAND: "in your hand", TABLE: "on the table (a relic half)"}


def is_table(state: RelicsState) -> bool:
    """Whether the draw pile holds (or held) unseen cards: a log written at the table."""
    return bool(state.zones.unknown)


def where(state: RelicsState, card: str) -> str:
    zone = state.zone_of(card)
    return WHERE.get(zone, f"in {zone}") if zone is not None else "nowhere"


def cannot_hold(state: RelicsState, card: str) -> IllegalAction:
    """A card named where only unseen cards of the draw pile can be, that none of them can be."""
    if card not in state.data.names:
        return IllegalAction(CONSERVATION, f"{card} cannot come off the draw pile: it is placed to one side, not "
                                           f"shuffled into the draw pile (Setup)")
    return IllegalAction(CONSERVATION, f"{card} cannot come off the draw pile: the {len(state.data.names)} location "
                                       f"cards hold one {card}, and it is {where(state, card)} (ruling R12)")


def name_top(state: RelicsState, names, rule: str) -> None:
    """The cards ``names`` (top first) are the top cards of the draw pile: name the unseen ones;
    a seen one must be the card named (``rule`` when it is not, or the pile is too short). A
    violation's ``path`` is the index of the card named (a setup's line)."""
    zones = state.zones
    draw = zones.zones[DRAW]
    face = state.face
    name = zones.name
    for i, card in enumerate(names):
        at = len(draw) - 1 - i
        if at < 0:
            raise IllegalAction(rule, f"the entry names {len(names)} cards drawn ({', '.join(names)}), but the draw "
                                      f"pile holds {len(draw)} (ruling R12)", (i,))
        item = draw[at]
        if item == card:
            continue
        if not item.startswith(UNSEEN):
            raise IllegalAction(rule, f"card {i + 1} from the top of the draw pile is {item}, not {card} "
                                      f"(ruling R12)", (i,))
        try:  # an unseen card its pool still holds is named (`Zones.name` asks the pool: `Zones.could_be`)
            name(DRAW, card, index=at)
        except IllegalAction:
            pass
        else:
            face[card] = DAY  # the draw pile is kept day side up (ruling R2)
            continue
        if card in names[:i]:
            raise IllegalAction(CONSERVATION, f"{card} is named twice: the {len(state.data.names)} location "
                                              f"cards hold one {card} (ruling R12)", (i,))
        raise IllegalAction(CONSERVATION, cannot_hold(state, card).message, (i,))


def name_looked_at(state: RelicsState, cards, count: int) -> None:
    """An "arrange" ability's ``order`` names the top ``count`` cards the player looked at, in
    any order: the unseen ones among them become those of ``cards`` not seen there yet, in the
    order written (any order of them is one the pile could have been in)."""
    zones = state.zones
    draw = zones[DRAW]
    top = list(range(len(draw) - 1, max(-1, len(draw) - 1 - count), -1))
    seen_there = Counter(draw[i] for i in top if not is_unseen(draw[i]))
    rest = []
    for card in (c for c in cards if isinstance(c, str)):
        if seen_there[card] > 0:
            seen_there[card] -= 1
        else:
            rest.append(card)
    for i, card in zip([i for i in top if is_unseen(draw[i])], rest):
        if not zones.could_be(draw[i], card):
            raise cannot_hold(state, card)
        zones.name(DRAW, card, index=i)
        state.face[card] = DAY


def check_named(state: RelicsState, drawn, rule: str) -> None:
    """After an entry of a table log: every card it turned up from the draw pile was named
    (``drawn``), and every card it names came off the pile (ruling R12)."""
    zones = state.zones
    if not _is_every_unseen_on_the_pile(zones):
        for zone, items in zones.zones.items():
            if zone != DRAW and _has_unseen_mark(items) and unseen_count(items):
                n = unseen_count(items)
                raise IllegalAction(rule, f"{n} card{'s' * (n != 1)} came off the draw pile {WHERE.get(zone, zone)} "
                                          f"unnamed: the player sees each card as it is dealt, so the entry names it "
                                          f"(drawn: [CARD, ...]) (ruling R12)")
    if not drawn:
        return
    draw = zones[DRAW]
    if not any(map(draw.__contains__, drawn)):  # (every card named came off the pile: asked in C)
        return
    stays = [c for c in drawn if c in draw]
    if stays:
        raise IllegalAction(rule, f"the entry names {', '.join(stays)} as drawn, but only "
                                  f"{len(drawn) - len(stays)} card{'s' * (len(drawn) - len(stays) != 1)} came "
                                  f"off the draw pile (ruling R12)")


_HIDDEN = unseen(PILE)  # an unseen card of the draw pile (`Zones.hide`, `Zones.conceal`)


def _is_every_unseen_on_the_pile(zones: Zones) -> bool:
    """The quick filter of `check_named`, run after every entry of a table log: whether the
    draw pile holds every unseen item. `PILE` is the only pile hidden, and each of its unseen
    items is a card its pool still counts (`Zones.hide`, `Zones.name` and `Zones.conceal`
    change the two together), so no zone holds more of them than the pool counts: a draw pile
    that holds as many leaves none for any other zone (two counts in C). False sends
    `check_named` to look at each zone."""
    unknown = zones.unknown
    pool = unknown.get(PILE)
    if pool is None or len(unknown) != 1:
        return False
    draw = zones.zones.get(DRAW)
    return draw is not None and draw.count(_HIDDEN) >= sum(pool.values())


def _has_unseen_mark(items: list[str]) -> bool:
    """A quick filter for `check_named`: an unseen item starts with `UNSEEN`, so a zone whose
    joined items do not contain it (one search in C) holds none; when they do, `unseen_count`
    decides."""
    return UNSEEN in "".join(items)


def is_top_unseen(state: RelicsState) -> bool:
    draw = state.zones.get(DRAW)
    return bool(draw) and is_unseen(draw[-1])


def could_be(state: RelicsState) -> list[str]:
    """The cards an unseen card of the draw pile can be, each once, in the data's order."""
    pool = state.zones.unknown.get(PILE, Counter())
    return [c for c in state.data.names if pool[c] > 0]


def reaches_unseen(state: RelicsState) -> int:
    """How many top cards of the draw pile a run of the abilities in hand could turn up unseen:
    one per "draw" or "replace" ability, three when an "arrange" lets the player choose among
    the top three; 0 when none can reach an unseen card."""
    reach, arrange = 0, False
    for card in state.hand():
        verbs = state.verbs(card)  # (each verb once: the steps are walked only to count the drawing ones)
        arrange = arrange or "arrange" in verbs
        if not verbs.isdisjoint(DRAWING_VERBS):
            reach += sum(step.verb in DRAWING_VERBS for step in state.effect(card).walk())
    if not reach:
        return 0
    if arrange:
        reach = MAX_LOOKED_AT
    draw = state.zones[DRAW]
    top = draw[len(draw) - min(reach, MAX_LOOKED_AT, len(draw)):]
    return len(top) if any(is_unseen(x) for x in top) else 0


def tops(state: RelicsState, k: int) -> Iterator[tuple[str, ...]]:
    """Every order (top first) the top ``k`` cards of the draw pile could be in, as far as the
    log shows: seen cards as they are, unseen ones any card the pile can still be."""
    draw = state.zones[DRAW]
    top = list(reversed(draw[len(draw) - k:]))
    pool = state.zones.unknown.get(PILE, Counter())
    hidden = sum(1 for x in top if is_unseen(x))
    for pick in sorted(set(itertools.permutations(sorted((+pool).elements()), hidden))):
        it = iter(pick)
        yield tuple(next(it) if is_unseen(x) else x for x in top)
