"""The Kartomantik table as a `View` (rules_check/core/view.py), in the rulebook's words.

The panels, shared ones first, then each player's in seating order (ruling G1):

    confrontation  zone      "Confrontation Zone" (1.3.4): every manifestation there, in the
                             order it entered (4.2.3 compares "the last manifestation that
                             entered ... under each player's control"); each card ``OWNER/Name``
                             with its power and modifiers as its note, "first manifestation" or
                             "support" as its mark
    stack          zone      "The Stack" (1.3.10, 2.3), top first: the cards played and the
                             effects activated or triggered, each marked with what it is
    stalemate      zone      "Stalemate Zone" (1.3.7)
    P-hand         zone      "P: Hand" (1.3.1)
    P-deck         zone      "P: Deck" (1.3.2): a count only (``hidden``)
    P-interzone    slots     "P: Interzone" (1.3.5): its 3 spaces
    P-field        zone      "P: Persistent Wills" (1.3.6, the rest of the Cartomantic Field)
    P-limbo        zone      "P: Limbo" (1.3.3)
    P-vessel       zone      "P: Empathic Vessel" (1.3.8): the opponent's manifestations, each
                             ``OWNER/Name`` with its points as its note
    P-exile        zone      "P: Exile" (1.3.9), marked "face down"
    P-power        counters  "P: Power and Points": the total power in the Confrontation
                             (4.2.3), the excess essence (2.1), the mulligans (4.2.1) and the
                             points as of now (4.4.2)

The headline: the phase (4.2), the player to act (who has Priority, 2.2; the player a
resolving effect asks; the player whose triggered effect goes on the Stack next, 3.1; the
winner placing their manifestations, 4.2.3), and facts: the turn, Priority, consecutive passes
(2.3), who would win the Confrontation now, who won it, the last winner.

What is shown, and why (a view holds what the log knows, never more):

* A log written at the table (readings K39-K42) gives no deck order: its hands' cards are
  unseen until an entry names them. Each zone then shows its seen cards and, as ``hidden``,
  the number of unseen ones ("5 hidden" beside Oppress); the deck bonus is a range until the
  log decides it. An unseen card is never named or invented.
* The hands are shown card by card: the log knows every one of them. The setup writes each
  deck in its shuffled order and the Recovery draws are from its top; a mulligan writes the
  new deck order; a `bottom` entry names the cards put back. A judge reading the log can tell
  every card in a hand, and the checker's state holds exactly those.
* The deck is a count: its order is in the log, but on the table it is face down.
* Exile's cards are face down (1.3.9) but the log names them (the "Exile it" cost, a card's
  effect): they are shown by name, marked "face down".
* The Interzone's spaces: the state holds the Interzone as a list, in the order its cards
  entered, not which space each one stands on; a displaced manifestation (4.2.3) leaves the
  list, so the later ones move up a space in this picture. The spaces are numbered 1 to 3 in
  that order.
* The state records no exhausted or tapped cards and no named counters on cards (the
  engine's operations are power, until-the-end-of-the-turn power and points only): there is
  nothing of the kind to show.

`view` reads the state and builds new lists: it never changes the state, copies nothing deep
and replays nothing (it is called after every entry of a log). The powers are worked out once
(`board.powers`), and once more in the Reaction for who would win now (`standing.outcome`); the
question of an effect under way is asked of a copy of its frame (`resolve.current_request`).
"""

from __future__ import annotations

from typing import Any

from rules_check.core.engine import Engine
from rules_check.core.view import Card, CountersPanel, Slot, SlotsPanel, Value, View, ZonePanel, slug
from rules_check.core.zones import seen, unseen_count

from . import board, scoring
from .resolve import current_request
from .standing import outcome
from .state import (CONFRONTATION, DECK_BONUS, END, HAND_LIMIT, HAND_LIMIT_PHASE, INTERZONE_SPACES, OVER, PLACE,
                    REACTION, RECOVERY, RESOLUTION, STACK, STALEMATE, KState, StackItem, name_of, owner_of, zone)

# Kartomantik 4.2 Turn Structure and Phases (4.2.1 to 4.2.4), 4.4 the end
PHASES = {
    RECOVERY: "Recovery Phase",
    REACTION: "Confrontation Phase: Reaction",
    RESOLUTION: "Resolution Phase",
    PLACE: "Resolution Phase: the winner places their Manifestations",
    END: "End Phase",
    HAND_LIMIT_PHASE: "End of the turn: hand limit",
    OVER: "End of the Game",
}
# what a Stack item is (2.3: "A Card", "An Effect"; 3.1 Activated, Triggered; 3.2 a copy)
ITEM_MARKS = {"card": "card", "activated": "activated effect", "triggered": "triggered effect", "copy": "copy"}
PRIORITY_PHASES = (REACTION, RESOLUTION, END)  # 2.2: the phases in which a player has Priority


def view(engine: Engine[KState, Any], state: KState) -> View:
    """The table of ``state``: read only, no copies of the state."""
    table = board.powers(state)
    request = _request(state)
    notes = _Notes(state, table)
    panels: list = [_confrontation(state, notes), _stack(state, request), _stalemate(state, notes)]
    for p in state.players:
        panels.extend(_player_panels(state, p, notes, table))
    return View(phase=PHASES.get(state.phase, state.phase), active=_active(state, request),
                facts=_facts(engine, state, request), scores=engine.scores(state), panels=panels)


# --- the headline -----------------------------------------------------------------------------


def _request(state: KState):
    """The choice the effect under way asks now (reading K30), or None."""
    if state.resolving is None:
        return None
    return current_request(state)  # runs a copy of the frame: the state is not changed


def _has_priority(state: KState) -> str | None:
    """2.2: who has Priority now; nobody outside the Confrontation's Reaction, the Resolution
    window and the End Phase, unless triggered effects are on the Stack (reading K20)."""
    if state.phase in PRIORITY_PHASES or (state.items and state.phase != OVER):
        return state.priority or None
    return None


def _next_trigger(state: KState) -> str:
    """3.1: of simultaneous triggered effects, the player with Priority puts theirs first."""
    lead = state.lead
    return lead if any(p.controller == lead for p in state.pending) else state.other(lead)


def _active(state: KState, request) -> str | None:
    if state.phase == OVER:
        return None
    if request is not None:
        return request.chooser
    if state.pending:
        return _next_trigger(state)
    if not state.items:
        if state.phase == PLACE:
            return state.winner
        if state.phase == HAND_LIMIT_PHASE:  # 4.2.4: the excess to the bottom of the deck
            return next((p for p in state.players if len(state.hand(p)) > HAND_LIMIT), None)
        if state.phase == RECOVERY:
            return None  # both players at once: a mulligan, the secret First Manifestations
    return _has_priority(state)


def _facts(engine: Engine[KState, Any], state: KState, request) -> list[Value]:
    facts = [Value(label="turn", value=state.turn)]
    if state.phase == OVER:
        if state.loser is not None:  # 4.4.1: "after their second consecutive Mulligan"
            facts.append(Value(label="lost by a second consecutive Mulligan", value=state.loser))
        winner = engine.winner(state)
        facts.append(Value(label="winner", value=winner if isinstance(winner, str) or winner is None
                           else " and ".join(winner)))
        return facts
    facts.append(Value(label="priority", value=_has_priority(state)))
    facts.append(Value(label="consecutive passes", value=state.passes))  # 2.3.3
    if state.phase == REACTION:  # 2.2: the player who would lose the Confrontation has Priority
        would = outcome(state)
        facts.append(Value(label="would win the Confrontation now", value=would or "Stalemate"))
    elif state.phase in (RESOLUTION, PLACE):
        facts.append(Value(label="Confrontation won by", value=state.winner))
    elif state.phase in (END, HAND_LIMIT_PHASE):
        facts.append(Value(label="Confrontation won by", value=state.turn_winner or "Stalemate"))
    facts.append(Value(label="last Confrontation won by", value=state.last_winner))  # 2.2, ruling K1
    if request is not None:
        source = state.resolving.frame.source  # type: ignore[union-attr]
        facts.append(Value(label="resolving", value=f"{source}: {request.chooser} chooses {request.what}"))
    if state.pending:  # 3.1 Triggered: each goes on the Stack (an `effect` entry) before anything else
        facts.append(Value(label="triggered, to put on the Stack",
                           value=", ".join(f"{p.source} ({p.controller})" for p in state.pending)))
    return facts


# --- the cards --------------------------------------------------------------------------------


class _Notes:
    """What is on or about a card in play, worked out from one table of powers."""

    def __init__(self, state: KState, table: dict[str, int]) -> None:
        self.state, self.table = state, table
        self.memory: dict[str, list[str]] = {}
        for d in state.delayed:  # 3.2 "Memory" of Effects
            self.memory.setdefault(d.subject, []).append(f"remembers {name_of(d.source)} ({d.key})")

    def manifestation(self, it: str) -> str:
        """3.2 Power vs Base Power: the power, and the modifiers that make it."""
        state = self.state
        base = state.base_power(it)
        perm = state.counters.get("power." + it, 0)
        turn = state.counters.get("turn." + it, 0)
        total = self.table.get(it, base + perm + turn)
        passive = total - base - perm - turn
        parts = [f"{n:+d} {what}" for n, what in ((perm, "permanent"), (turn, "until the end of the turn"),
                                                  (passive, "passive effects")) if n]
        out = [f"power {total}" + (f" (base {base}, " + ", ".join(parts) + ")" if parts else "")]
        return "; ".join(out + self.modifiers(it))

    def modifiers(self, it: str) -> list[str]:
        """3.2 Modifiers and Owner and Controller: the other changes an effect made."""
        state = self.state
        out = []
        if it in state.control:
            out.append(f"controlled by {state.control[it]}")
        if it in state.temperaments:
            out.append(f"{state.temperaments[it]} until the end of the turn")
        if it in state.muted:
            out.append("lost its effects")
        for name in state.granted.get(it, ()):
            out.append(f"has {name}'s effects")
        return out + self.memory.get(it, [])

    def in_play(self, it: str, mark: str | None = None, shown: str | None = None) -> Card:
        note = self.manifestation(it) if self.state.is_manifestation(it) else "; ".join(self.modifiers(it)) or None
        return Card(name=shown or it, note=note, mark=mark)


def _confrontation(state: KState, notes: _Notes) -> ZonePanel:
    """1.3.4 Confrontation Zone, in the order the manifestations entered (4.2.3)."""
    out = []
    for it in state.zones.get(CONFRONTATION):
        mark = "support" if it in state.support else "first manifestation" if it in state.first else None
        out.append(notes.in_play(it, mark))
    return ZonePanel(id="confrontation", title="Confrontation Zone", cards=out)


def _stack_card(state: KState, item: StackItem, mark: str) -> Card:
    parts = []
    if item.controller != owner_of(item.card):
        parts.append(f"controlled by {item.controller}")
    if item.targets:  # 3.2 Targets: declared when it was put on the Stack
        parts.append("target " + ", ".join(item.targets))
    return Card(name=item.card, note="; ".join(parts) or None, mark=mark)


def _stack(state: KState, request) -> ZonePanel:
    """2.3 The Stack System: the last action added resolves first; listed top first. An item
    part-way through resolving (waiting for a choice) is on top, marked "resolving"."""
    out = []
    res = state.resolving
    if res is not None and res.item is not None:
        card = _stack_card(state, res.item, "resolving")
        if request is not None:
            asked = f"{request.chooser} chooses {request.what}"
            card = card.model_copy(update={"note": f"{card.note}; {asked}" if card.note else asked})
        out.append(card)
    for item in reversed(state.items):
        out.append(_stack_card(state, item, ITEM_MARKS.get(item.kind, item.kind)))
    listed = {c.name for c in out}
    out += [Card(name=it, mark="card") for it in reversed(state.zones.get(STACK)) if it not in listed]
    return ZonePanel(id="stack", title="The Stack", cards=out, order="stack")


def _stalemate(state: KState, notes: _Notes) -> ZonePanel:
    """1.3.7 Stalemate Zone: the manifestations keep their permanent modifiers (4.2.3)."""
    return ZonePanel(id="stalemate", title="Stalemate Zone", cards=[notes.in_play(it) for it in state.zones.get(STALEMATE)])


def _player_panels(state: KState, p: str, notes: _Notes, table: dict[str, int]) -> list:
    ident = slug(p)
    z = state.zones.get

    def plain(kind: str, mark: str | None = None) -> list[Card]:
        return [Card(name=name_of(it), mark=mark) for it in seen(z(zone(kind, p)))]

    def unseen(kind: str) -> int:  # a log without the deck's order: cards never shown (reading K39)
        return unseen_count(z(zone(kind, p)))

    inter = z(zone("interzone", p))
    spaces = [Slot(label=f"Space {i + 1}",
                   cards=[notes.in_play(inter[i], shown=name_of(inter[i]))] if i < len(inter) else [])
              for i in range(max(INTERZONE_SPACES, len(inter)))]
    # 3.2 Game Zones: the Empathic Vessel holds only the opponent's cards; each named with its owner
    vessel = [Card(name=it, note=f"{state.card(it).points or 0} points") for it in z(zone("vessel", p))]
    field = [notes.in_play(it, shown=name_of(it)) for it in z(zone("field", p))]
    return [
        ZonePanel(id=f"{ident}-hand", title=f"{p}: Hand", owner=p, cards=plain("hand"),
                  hidden=unseen("hand")),
        ZonePanel(id=f"{ident}-deck", title=f"{p}: Deck", owner=p, hidden=len(z(zone("deck", p))), order="stack"),
        SlotsPanel(id=f"{ident}-interzone", title=f"{p}: Interzone", owner=p, slots=spaces),
        ZonePanel(id=f"{ident}-field", title=f"{p}: Persistent Wills", owner=p, cards=field),
        ZonePanel(id=f"{ident}-limbo", title=f"{p}: Limbo", owner=p, cards=plain("limbo"),
                  hidden=unseen("limbo")),
        ZonePanel(id=f"{ident}-vessel", title=f"{p}: Empathic Vessel", owner=p, cards=vessel),
        ZonePanel(id=f"{ident}-exile", title=f"{p}: Exile", owner=p, cards=plain("exile", "face down"),
                  hidden=unseen("exile")),
        _power(state, p, table, ident),
    ]


def _power(state: KState, p: str, table: dict[str, int], ident: str) -> CountersPanel:
    essence = ", ".join(f"{k} {n}" for k, n in state.essence.get(p, {}).items() if n)
    vessel = sum(state.card(it).points or 0 for it in state.zones.get(zone("vessel", p)))
    low, high = scoring.deck_manifestations(state, p)  # a range when the log does not decide it (K42)
    deck: int | str = DECK_BONUS * low if low == high else \
        f"{DECK_BONUS * low} to {DECK_BONUS * high} (not decided by the log)"
    values = [
        Value(label="total power in the Confrontation", value=board.total_power(state, p, table)),  # 4.2.3
        Value(label="excess essence", value=essence or 0),  # 2.1
        Value(label="compulsory Mulligans in a row", value=state.mulligans.get(p, 0)),  # 4.2.1, 4.4.1
        Value(label="voluntary Mulligan", value="used" if state.voluntary.get(p) else "not used"),  # ruling K5
        Value(label="Empathic Vessel points", value=vessel),  # 4.4.2
        Value(label="points from effects", value=state.counters.get(f"points.{p}", 0)),
        Value(label="deck bonus (5 per Manifestation)", value=deck),
        Value(label="points", value=scoring.points(state, p)),
    ]
    return CountersPanel(id=f"{ident}-power", title=f"{p}: Power and Points", owner=p, values=values)
