"""The So Long, My World table as a `View` (rules_check/core/view.py), in the rulebook's words.

Panels, shared ones first, then each player's in seating order:

    clock                 ring: the six Vision cards clockwise as the setup lists them; each
                          space notes whether it is locked, its Feelings, its Marks of Sol and its
                          affinity, and holds the players on it (their Vision Tokens); the centre
                          shows the time counter's hour in roman numerals
    gestalt-visions       slots (Gestalt Visions variant): Marks of Sol on their backs, Karma Catalyst
    l-uno                 slots (So Long, My Love with L'Uno): the special Vision off the clock
    goals                 counters (So Long, My Love): the Heartbreak card, its goal as the game
                          shows it now (goals.py), the Collective Insight against the card's value
    path, sequences       counters and slots (Solo/Campaign Mode): the Path, its Lock Feeling, the
                          Words, what was done this turn, the ending; the played cards in sequence
    event                 zone: this round's Event card (marked "effect ignored" when drawn after a
                          Reboot; "resolving" while its effect waits for a player's choice: the
                          rules keep it on the deck until then, the table shows it drawn)
    event-deck            zone, face down (a count); event-discard: the Events discard pile
    remnant-deck          zone, face down; discard: the discard pile (face up)
    gestalt-deck          zone, face down; catalysts: the Karma Catalysts deck (that variant)
    system                counters: the System (Feelings, Marks of Sol, Vision Tokens in reserve)
    P-vision              zone: the Vision P chose this round (solo: the one reached this turn)
    P-stock               counters: P's Feelings by type and Marks of Sol
    P-hand                zone: P's cards in hand, each noting its Feeling cost
    P-field               zone: P's played cards, each noting its karma and Insight points
    P-tokens              zone: P's Vision Tokens behind the player screen

What is shown, and why (never more than the log tells):

* Hands are shown face up. The log's setup records the cards dealt, the draft's picks and the
  order of every deck, and draws are fixed by that order, so the log tells every card a player
  holds; a dispute often turns on it (a cost, a card "not in hand").
* The decks (event, Remnant, Gestalt, Karma Catalysts) are shown face down, as counts: on the
  table their faces are hidden, and their order is the setup's business, not the table's.
* The Vision Tokens chosen in the Choice Phase are shown once the ``choose`` entry reveals them
  (the log writes the choices revealed together); the tokens behind a screen are the player's
  own set, shown by Vision (the colour is the player's). Solo: the Vision reached is shown in
  the Vision Phase only (the rules clear it when the next turn starts).
* Facts: the hour (roman), the round (rounds played once the game is over), the mode and
  variants, the End card carried from the previous game, the First Player, whose turn and the
  turn order (Hindrance and Vision Phases), the Vision Phase step reached, this round's event
  and rules, the choice an effect waits for.
* The clock: the six Visions around the board, and the time counter's hour in the middle
  ("1. Prepare the Clock Board"). No Vision is pointed at: the rulebook ties none to an hour
  (the counter runs I to XII on its own track), so the ring has no pointer.

Fast and read-only: zones are read with ``Zones.get`` (``Zones.__getitem__`` would create a missing
zone), nothing is copied or replayed.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from pnp.games.so_long_my_world import models as tables
from rules_check.core.zones import is_unseen, seen, unseen_count
from rules_check.core.view import Card, CountersPanel, RingPanel, Slot, SlotsPanel, Value, View, ZonePanel, slug

from .state import (
    AFTER_REBOOT, CATALYSTS, CHOICE, COOP, DISCARD, EVENT, EVENT_DECK, EVENT_DISCARD, EVENT_PHASE, FEELINGS,
    GESTALT_DECK, GESTALT_VISIONS, GOAL, HINDRANCE, KARMA_CATALYSTS, MARK, OVER, RECORD, REMNANT_DECK, RESHUFFLE,
    SOLO, STEP_DRAIN, STEP_EFFECT, STEP_MARKS, STEP_PLAY, SYSTEM, VISION_PHASE, SoLongState, catalyst_zone, field_of,
    hand, stock, tokens, vision_zone,
)

if TYPE_CHECKING:
    from rules_check.core.engine import Engine

ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")

# "Game Phases" (multiplayer: five phases; the End Phase happens by itself, ruling SL11) and
# Solo/Campaign Mode's "Game Phases" (three).
_EVENT = "1. Event Phase"
PHASES = {
    EVENT_PHASE: _EVENT,
    AFTER_REBOOT: f"{_EVENT}: a Reboot was resolved, a new Event card is drawn",
    RESHUFFLE: f"{_EVENT}: the Reboot card and the discarded Events are shuffled back into the deck",
    CHOICE: "2. Choice Phase",
    HINDRANCE: "3. Hindrance Phase",
    VISION_PHASE: "4. Vision Phase",
    GOAL: "So Long, My Love: the Heartbreak card's goal is declared",
    OVER: "The End of All Things",
}
SOLO_PHASES = {**PHASES, VISION_PHASE: "2. Vision Phase", RECORD: "End of the Game: the unlocked Words are recorded",
               OVER: "End of the Game"}
# "4. Vision Phase": "all players perform the following actions in this order"
STEPS = {STEP_EFFECT: "1. Vision's Effect", STEP_DRAIN: "2. Drain", STEP_PLAY: "3. Play Cards",
         STEP_MARKS: "4. Spend Marks of Sol"}
MODE_NAMES = {COOP: "So Long, My Love (2-player co-op mode)", SOLO: "Solo/Campaign Mode"}


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def feelings_text(items: Any) -> str:
    """'3 feelings: 2 hope, 1 despair' (in the System's order: positive, neutral, negative)."""
    n = Counter(x for x in items if x in FEELINGS)
    total = sum(n.values())
    if not total:
        return "no feelings"
    return f"{plural(total, 'feeling')}: " + ", ".join(f"{n[f]} {f}" for f in FEELINGS if n[f])


def roman(hour: int) -> str:
    return ROMAN[hour] if 0 < hour < len(ROMAN) else str(hour)


def _vision_slot(state: SoLongState, vision: str, on: dict[str, list[str]]) -> Slot:
    """A Vision: locked or not, its Feelings and Marks of Sol, its affinity, who is on it."""
    items = state.zones.get(vision_zone(vision))
    parts = []
    if vision in state.locked:
        parts.append("locked (face down)")  # Glossary: "Locked Vision: A face-down Vision"
    parts.append(feelings_text(items))
    marks = sum(1 for x in items if x == MARK)
    if marks:
        parts.append(plural(marks, "Mark of Sol", "Marks of Sol"))
    if state.data.visions[vision].kind == "gestalt":
        under = state.zones.get(catalyst_zone(vision))
        if under and is_unseen(under[0]):
            parts.append("Karma Catalyst: not named yet")
            return Slot(label=vision, note="; ".join(parts),
                        cards=[Card(name=p, note="reached" if state.mode == SOLO else "Vision Token")
                               for p in on.get(vision, [])])
        if under:
            parts.append(f"Karma Catalyst: {under[0]}")
    affinity = state.affinity(vision)
    if affinity:
        parts.append("affinity: " + ", ".join(affinity))
    here = "reached" if state.mode == SOLO else "Vision Token"
    return Slot(label=vision, note="; ".join(parts), cards=[Card(name=p, note=here) for p in on.get(vision, [])])


def _card_note(state: SoLongState, name: str, in_hand: bool) -> str | None:
    card = state.data.cards.get(name)
    if card is None:
        return None
    if in_hand:
        cost = ", ".join(f"{n} {f}" for f, n in card.cost.items() if n)
        return f"cost {cost}" if cost else "no cost"
    points = "starting card" if card.starting else plural(card.insight, "Insight point")
    return f"{card.karma} karma, {points}" + (", Hindrance" if card.hindrance else "")


def _deck(pid: str, title: str, items: Any) -> ZonePanel:
    return ZonePanel(id=pid, title=title, hidden=len(items), order="stack")


def _player_panels(state: SoLongState, p: str) -> list:
    s = slug(p)
    solo = state.mode == SOLO
    # solo: the Vision reached belongs to the turn (cleared when the next one starts)
    where = state.vision_of.get(p) if not solo or state.phase == VISION_PHASE else None
    vision = ZonePanel(id=f"{s}-vision", title=f"{p}'s Vision reached" if solo else f"{p}'s chosen Vision",
                       owner=p, cards=[Card(name=where, mark="locked" if where in state.locked else None)]
                       if where else [])
    stock_ = Counter(state.zones.get(stock(p)))
    values = [Value(label=f, value=stock_[f]) for f in FEELINGS]
    values.append(Value(label="Marks of Sol", value=stock_[MARK]))
    held = state.zones.get(hand(p))
    known = state.data.tokens  # by Vision, in the box's order
    order = {v: i for i, v in enumerate(state.data.visions)}
    tokens_ = sorted((known[t][0] if t in known else t for t in state.zones.get(tokens(p))),
                     key=lambda v: order.get(v, len(order)))
    return [
        vision,
        CountersPanel(id=f"{s}-stock", title=f"{p}'s stock", owner=p, values=values),
        ZonePanel(id=f"{s}-hand", title=f"{p}'s hand", owner=p,  # unseen cards: a count (reading SL41)
                  cards=[Card(name=c, note=_card_note(state, c, True)) for c in seen(held)],
                  hidden=unseen_count(held)),
        ZonePanel(id=f"{s}-field", title=f"{p}'s field", owner=p,
                  cards=[Card(name=c, note=_card_note(state, c, False)) for c in state.zones.get(field_of(p))]),
        ZonePanel(id=f"{s}-tokens", title=f"{p}'s Vision Tokens (behind the screen)", owner=p,
                  cards=[Card(name=t) for t in tokens_]),
    ]


def _goals(state: SoLongState) -> CountersPanel:
    """So Long, My Love: "you must reach the goal AND the Collective Insight value"."""
    from .goals import result
    from .scoring import collective_insight

    card = state.data.heartbreaks[state.heartbreak]  # type: ignore[index]
    found = result(state)
    if found is None:
        now = "not computed: the players declare it"
    else:
        now = ("reached" if found[0] else "not reached") + f" ({found[1]})"
    values = [Value(label="Heartbreak card", value=card.name), Value(label="Goal", value=card.goal),
              Value(label="Goal so far", value=now),
              Value(label="Collective Insight", value=f"{collective_insight(state)} of {card.collective_insight}")]
    if state.goal_reached is not None:
        values.append(Value(label="Goal declared", value="reached" if state.goal_reached else "missed"))
    return CountersPanel(id="goals", title=f"Heartbreak card: {card.name}", values=values)


def _path(state: SoLongState) -> list:
    """Solo/Campaign Mode: the Path, what this turn's once-a-turn actions did, the ending."""
    from .solo import path_of

    path = path_of(state)

    def done(flag: bool) -> str:
        return "done" if flag else "not yet"

    values = [Value(label="Path", value=path.name), Value(label="Lock Feeling", value=path.lock_feeling),
              Value(label="Words held", value=", ".join(state.words) or "none"),
              Value(label="Unlocked Visions", value=f"{sum(v not in state.locked for v in state.clock)} of "
                                                     f"{len(state.clock)}"),
              ]
    if state.phase == VISION_PHASE:  # "2. Vision Phase": reach, drain and observe only once per turn
        values += [Value(label="Reach an unlocked Vision", value=done(state.reached)),
                   Value(label="Drain", value=done(state.solo_drained)),
                   Value(label="Observe a Vision", value=done(state.observed))]
    if state.last_played:  # "the player may sequence it to ..." (Sequence Cards)
        values.append(Value(label="May be sequenced", value=state.last_played))
    if state.ending is not None:
        ending = next((e for e in path.endings if e.id == state.ending), None)
        values.append(Value(label="Ending", value=f"{state.ending}: {ending.text}" if ending else state.ending))
        values.append(Value(label="Won", value="yes" if state.ending_wins else "no"))
    if state.recorded or state.phase == OVER and state.ending is not None:
        values.append(Value(label="Words recorded", value=", ".join(state.recorded) or "none"))
    chains = SlotsPanel(id="sequences", title="Sequence Cards",
                        slots=[Slot(label=" > ".join(ch), cards=[Card(name=c) for c in ch]) for ch in state.chains])
    return [CountersPanel(id="path", title=f"Path: {path.name}", values=values), chains]


def _facts(state: SoLongState, engine_over: bool) -> list[Value]:
    solo = state.mode == SOLO
    facts = [Value(label="Hour", value=roman(state.hour))]
    if not engine_over:
        facts.append(Value(label="Round", value=state.rounds + 1))
    else:
        mid_round = solo and state.hour < tables.CLOCK_HOURS  # an ending by a card event, or every Vision locked
        facts.append(Value(label="Rounds played", value=state.rounds + (1 if mid_round else 0)))
    if state.mode in MODE_NAMES:
        facts.append(Value(label="Mode", value=MODE_NAMES[state.mode]))
    if state.variants:
        facts.append(Value(label="Variants", value=", ".join(v for v in (GESTALT_VISIONS, KARMA_CATALYSTS)
                                                             if v in state.variants)))
    if state.end_card:  # "End Cards": the previous game's, carried to this one
        facts.append(Value(label="End card", value=state.end_card))
    if not solo:
        facts.append(Value(label="First Player", value=state.first_player()))
        if state.phase in (HINDRANCE, VISION_PHASE):
            facts.append(Value(label="Turn", value=state.current()))
            facts.append(Value(label="Turn order", value=", ".join(state.sequence or state.order())))
        if state.phase == VISION_PHASE and state.current() is not None:
            facts.append(Value(label="Step", value=STEPS.get(state.step, str(state.step))))
            if state.effects_used:
                facts.append(Value(label="Effects used", value=", ".join(sorted(state.effects_used))))
    event = _drawn_event(state) or (state.zones.get(EVENT) or [None])[-1]
    if event:
        facts.append(Value(label="Event", value=event))
    if state.round_rules:
        facts.append(Value(label="This round", value=", ".join(sorted(state.round_rules))))
    if state.waiting is not None and state.waiting.frame.waiting is not None:
        r = state.waiting.frame.waiting
        facts.append(Value(label="Waiting for", value=f"{r.chooser} to choose {r.what} ({state.waiting.what})"))
    return facts


def _drawn_event(state: SoLongState) -> str | None:
    """The event drawn whose effect waits for a player's choice (the rules keep it on top of the
    deck until it is resolved, rules.finish_event)."""
    w = state.waiting
    if w is None or not w.then or w.then[0] != "event":
        return None
    deck = state.zones.get(EVENT_DECK)
    return w.then[1] if deck and deck[-1] == w.then[1] else None


def _active(state: SoLongState) -> str | None:
    if state.waiting is not None and state.waiting.frame.waiting is not None:
        return state.waiting.frame.waiting.chooser
    if state.phase in (OVER, GOAL, CHOICE):
        return None  # the game is over / both declare / all choose at once
    if state.mode == SOLO:
        return state.players[0]
    if state.phase in (EVENT_PHASE, AFTER_REBOOT, RESHUFFLE):
        return state.first_player()  # "The First Player draws the top card from the Event deck"
    return state.current()


def view(engine: "Engine", state: SoLongState) -> View:
    solo = state.mode == SOLO
    over = state.phase in (OVER, GOAL, RECORD)
    on: dict[str, list[str]] = {}
    for p in state.players:
        v = state.vision_of.get(p) if not solo or state.phase == VISION_PHASE else None
        if v is not None:
            on.setdefault(v, []).append(p)

    panels: list = [RingPanel(id="clock", title="Clock", spaces=[_vision_slot(state, v, on) for v in state.clock],
                              centre=f"hour {roman(state.hour)} of XII")]
    gestalt = [v for v in state.extra_visions if state.data.visions[v].kind == "gestalt"]
    if gestalt:  # Variants, Gestalt Visions
        panels.append(SlotsPanel(id="gestalt-visions", title="Gestalt Visions",
                                 slots=[_vision_slot(state, v, on) for v in gestalt]))
    if tables.LUNO in state.extra_visions:  # So Long, My Love: "L'UNO. This special Vision card"
        panels.append(SlotsPanel(id="l-uno", title="L'Uno", slots=[_vision_slot(state, tables.LUNO, on)]))
    if state.mode == COOP and state.heartbreak:
        panels.append(_goals(state))
    if solo and state.path:
        panels.extend(_path(state))

    event_cards = []
    deck = state.zones.get(EVENT_DECK)
    drawn = _drawn_event(state)
    if drawn is not None:  # its effect waits for a player's choice: drawn, still to finish resolving
        event_cards.append(Card(name=drawn, note=state.data.events[drawn].text or None, mark="resolving"))
        deck = deck[:-1]
    for e in state.zones.get(EVENT):
        data = state.data.events.get(e)
        # "If a Reboot is drawn, ... a new Event card is drawn. Ignore the new card's effect"
        event_cards.append(Card(name=e, note=(data.text or None) if data is not None else None,
                                mark="effect ignored" if state.event_ignored else None))
    panels.append(ZonePanel(id="event", title="Event card", cards=event_cards))
    panels.append(_deck("event-deck", "Event deck", deck))
    panels.append(ZonePanel(id="event-discard", title="Events discard pile", order="stack",
                            cards=[Card(name=e) for e in reversed(seen(state.zones.get(EVENT_DISCARD)))],
                            hidden=unseen_count(state.zones.get(EVENT_DISCARD))))
    panels.append(_deck("remnant-deck", "Remnant deck", state.zones.get(REMNANT_DECK)))
    panels.append(ZonePanel(id="discard", title="Discard pile", order="stack",
                            cards=[Card(name=c) for c in reversed(seen(state.zones.get(DISCARD)))],
                            hidden=unseen_count(state.zones.get(DISCARD))))
    panels.append(_deck("gestalt-deck", "Gestalt deck", state.zones.get(GESTALT_DECK)))
    if KARMA_CATALYSTS in state.variants:
        panels.append(_deck("catalysts", "Karma Catalysts", state.zones.get(CATALYSTS)))

    system = Counter(state.zones.get(SYSTEM))
    values = [Value(label=f, value=system[f]) for f in FEELINGS]
    values.append(Value(label="Marks of Sol", value=system[MARK]))
    if solo:  # "leave all the leftover Vision Tokens ... in a reserve (this is considered part of the System)"
        values.append(Value(label="Vision Tokens", value=sum(n for x, n in system.items() if x in state.data.tokens)))
    panels.append(CountersPanel(id="system", title="System", values=values))

    for p in state.players:  # seating order (ruling G1)
        panels.extend(_player_panels(state, p))

    phases = SOLO_PHASES if solo else PHASES
    return View(phase=phases.get(state.phase, state.phase), active=_active(state), facts=_facts(state, over),
                scores=engine.scores(state), panels=panels)
