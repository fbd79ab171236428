"""The relics table as the dispute report draws it (rules_check/core/view.py), in the rulebook's
words ("Setup", "Turn Sequence", "Goal").

Panels, left to right as "Setup" lays them out:

    location   Current location: the one card, the side that is up as its mark ("day side" or
               "night side"), its number, corners and banner as the note ("tilted" when the
               banner is a relic half, 1c)
    paths      Decision path and future path: three slots, the decision path, the future path's
               first column and its rightmost column; each card with its side up, number, corners
               and banner, and for a card of the decision path the corner a travel there meets (1a)
    challenge  Challenge: the challenge of the travel under way (2), only while one waits
    energy     Energy tracker: red, blue, green, then what abilities left waiting for the next
               challenge (ruling R10), each only when set
    hand       Hand: the cards (three at most, 1b), each with the ability of the side it shows
    relics     Relics collected: one slot per relic (its colour), the halves on the table
    draw       Draw pile: a count only
    discard    Discard pile: its cards, top first, each with the side it shows

What the view shows and hides: the setup lists the draw pile's order (ruling R1) and the checker
deals from it, but at the table the pile lies face down, so the view gives its size (``hidden``)
and never its cards. In a log written at the table (ruling R12) the draw pile is unseen cards:
the view gives their count, and shows only the top cards an "arrange" ability let the player
look at; a card is never shown as an unseen item, in any zone (``hidden`` counts them). Every
other card is face up or in the player's own hand (a solo game: the log names them all), so it
is shown with the side that is up (ruling R2). The energy tracker card
is not drawn as a card: its cubes are the ``energy`` panel.

The view reads the state and never changes it (``Zones.__getitem__`` would create a missing zone,
so zones are read through ``Zones.get``); it copies nothing and replays nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.relics import models as tables
from rules_check.core.view import Card, CountersPanel, Slot, SlotsPanel, Value, View, ZonePanel
from rules_check.core.zones import seen, unseen_count

from .cards import BOTTOM_RIGHT, DAY, TOP_LEFT
from .costs import challenge_of, cost_of
from .state import (
    AS_BLACK, COLOUR_DISCOUNT, CURRENT, DECISION, DISCARD, DISCOUNT, DRAW, FUTURE_1, FUTURE_2, HAND, IGNORE,
    LOOK_AHEAD, OVER, TABLE, RelicsState, energy,
)
from .turn import side_for_travel

if TYPE_CHECKING:
    from rules_check.core.engine import Engine

# The slots of the `paths` panel ("Setup": "This is your decision path", "This is your future
# path"; "3. Look ahead": "the rightmost column of the future path").
PATH_LABELS = ((DECISION, "decision path"), (FUTURE_1, "future path, first column"),
               (FUTURE_2, "future path, rightmost column"))

# What waits for "your next challenge" (ruling R10), as the tracker panel labels it.
MODIFIER_LABELS = ((DISCOUNT, "next challenge costs less by"),
                   *((COLOUR_DISCOUNT[c], f"next {c} challenge costs less by") for c in tables.CHALLENGE_COLOURS),
                   (AS_BLACK, "next challenge paid as if black"), (IGNORE, "next challenge ignored"))
YES_NO = (AS_BLACK, IGNORE)  # counters that only say whether it waits


def _side_up(state: RelicsState, card: str) -> str:
    """"Anatomy of a Card": "Each card has a day side and a night side"; the one that is up."""
    return f"{state.face.get(card, DAY)} side"


def _challenge(challenge) -> str:
    return f"{challenge.colour} {challenge.amount}" if challenge is not None else "none"


def _banner(reward) -> str:
    """The white banner ("1b"): the energy rewarded, or a piece of a relic."""
    if reward.is_relic:
        return f"{reward.relic} half {reward.half} ({reward.colour})"
    return f"{reward.amount} {reward.energy} energy"


def _describe(state: RelicsState, card: str) -> str:
    """The side that counts (ruling R2): its number, its two corners ("1a"), its banner ("1b")."""
    side = state.side(card)
    return (f"{side.number}; top-left {_challenge(side.top_left)}; bottom-right {_challenge(side.bottom_right)}; "
            f"banner: {_banner(side.reward)}")


def _location(state: RelicsState) -> ZonePanel:
    out = []
    for card in state.zones.get(CURRENT):
        note = _describe(state, card)
        if state.side(card).reward.is_relic:  # "1c": "If the reward is a relic, tilt the card a bit"
            note += "; tilted: it goes to the table, not the hand"
        out.append(Card(name=card, note=note, mark=_side_up(state, card)))
    return ZonePanel(id="location", title="Current location", cards=out)


def _paths(state: RelicsState, here: bool) -> SlotsPanel:
    slots = []
    for zone, label in PATH_LABELS:
        cards = []
        for card in state.zones.get(zone):
            note = _describe(state, card)
            if zone == DECISION and here:  # "1a": lower number, the bottom-right; higher, the top-left
                pending = challenge_of(state, card)
                if pending is not None:
                    meets = f"{pending.corner} {pending.colour} {pending.amount}"
                else:
                    lower = state.side(card).number < state.side(state.current()).number
                    meets = f"{BOTTOM_RIGHT if lower else TOP_LEFT}, no challenge"
                note += f"; travel here: {meets}"
            cards.append(Card(name=card, note=note, mark=_side_up(state, card)))
        slot_note = None
        if zone == FUTURE_2 and state.phase == LOOK_AHEAD and state.to_deal:
            slot_note = f"{state.to_deal} still to deal"
        slots.append(Slot(label=label, cards=cards, note=slot_note))
    return SlotsPanel(id="paths", title="Decision path and future path", slots=slots)


def _energy(state: RelicsState) -> CountersPanel:
    counters = state.counters
    values = [Value(label=colour, value=counters.get(energy(colour), 0)) for colour in tables.ENERGY_COLOURS]
    for name, label in MODIFIER_LABELS:  # ruling R10: only what is waiting
        if counters.get(name, 0):
            values.append(Value(label=label, value="yes" if name in YES_NO else counters[name]))
    return CountersPanel(id="energy", title="Energy tracker", values=values)


def _hand(state: RelicsState) -> ZonePanel:
    # "Card Abilities": a card in hand has the ability of the side it shows (ruling R2)
    hand = state.zones.get(HAND)
    out = [Card(name=card, note=state.side(card).ability, mark=_side_up(state, card)) for card in seen(hand)]
    return ZonePanel(id="hand", title="Hand", cards=out, hidden=unseen_count(hand))


def _relics(state: RelicsState) -> SlotsPanel:
    """"1b": a relic half is placed "on the table in front of you"; "Goal": a pair is worth
    three points, a single piece one; "2. Challenge", note: a complete relic makes its colour -1."""
    colour_of = state.data.relic_colour
    order = sorted(colour_of, key=lambda r: (tables.ENERGY_COLOURS.index(colour_of[r]), r))
    got: dict[str, list[tuple[int, str]]] = {relic: [] for relic in order}
    for card in state.zones.get(TABLE):
        reward = state.side(card).reward
        if reward.is_relic:
            got.setdefault(reward.relic, []).append((reward.half, card))
    slots = []
    for relic, halves in got.items():
        colour = colour_of.get(relic, "?")
        n = len({half for half, _ in halves})
        if n >= tables.HALVES_PER_RELIC:
            note = f"complete: {tables.POINTS_COMPLETE_RELIC} points; {colour} challenges -1"
        elif n:
            note = f"{n} of {tables.HALVES_PER_RELIC} halves: {tables.POINTS_SINGLE_HALF} point"
        else:
            note = "not found yet"
        cards = [Card(name=card, note=f"half {half}", mark=_side_up(state, card)) for half, card in sorted(halves)]
        slots.append(Slot(label=f"{relic} ({colour})", cards=cards, note=note))
    return SlotsPanel(id="relics", title="Relics collected", slots=slots)


def _pending(state: RelicsState) -> tuple[str, CountersPanel] | None:
    """The challenge of the travel under way ("2. Challenge"), with what it costs now."""
    pending = state.pending
    if pending is None:
        return None
    cost, any_colour = cost_of(pending, state.complete, state.counters)
    paid_with = "any colours" if any_colour else f"{pending.colour} energy"
    panel = CountersPanel(id="challenge", title="Challenge", values=[
        Value(label="destination", value=pending.destination), Value(label="corner", value=pending.corner),
        Value(label="colour", value=pending.colour), Value(label="printed", value=pending.amount),
        Value(label="costs now", value=cost), Value(label="paid with", value=paid_with)])
    fact = f"{pending.destination}, {pending.corner} {pending.colour} {pending.amount}: costs {cost} now"
    return fact, panel


def _draw(state: RelicsState, draw) -> ZonePanel:
    """A full log's draw pile is face down at the table: its size only. A table log's (ruling
    R12): the top cards the player looked at, top first, then the unseen ones as a count."""
    if not state.zones.unknown:
        return ZonePanel(id="draw", title="Draw pile", hidden=len(draw), order="stack")
    top = []
    for card in reversed(draw):
        if card not in seen([card]):
            break
        top.append(Card(name=card, mark=_side_up(state, card)))
    return ZonePanel(id="draw", title="Draw pile", cards=top, hidden=len(draw) - len(top), order="stack")


def view(engine: "Engine", state: RelicsState) -> View:
    here = bool(state.zones.get(CURRENT))
    facts = [Value(label="difficulty", value=state.difficulty), Value(label="travels", value=state.travels)]
    # "The day/night cycle" (ruling R3): the side the next "Look ahead" deals
    ahead = state.travels + 3 if state.phase == LOOK_AHEAD else state.travels + 4
    if state.phase != OVER:
        facts.append(Value(label="look ahead deals", value=f"{side_for_travel(ahead)} side up"))
    pending = _pending(state)
    if pending is not None:
        facts.append(Value(label="challenge", value=pending[0]))
    if state.reshuffles:
        facts.append(Value(label="reshuffles", value=state.reshuffles))
    if state.phase == OVER:  # "Goal"
        facts.append(Value(label="result", value="won: all three relics collected" if state.won
                           else "ended: can no longer pay a challenge"))
    draw = state.zones.get(DRAW)
    discard = state.zones.get(DISCARD)
    panels = [_location(state), _paths(state, here)]
    if pending is not None:
        panels.append(pending[1])
    panels += [
        _energy(state), _hand(state), _relics(state),
        # "Setup": the draw pile, "keeping the day side up": face down, its order hidden
        _draw(state, draw),
        ZonePanel(id="discard", title="Discard pile", order="stack", hidden=unseen_count(discard),
                  cards=[Card(name=c, mark=_side_up(state, c)) for c in reversed(seen(discard))]),
    ]
    player = state.players[0] if state.players else None
    return View(phase=state.phase, active=None if state.phase == OVER else player, facts=facts,
                scores=engine.scores(state), panels=panels)

