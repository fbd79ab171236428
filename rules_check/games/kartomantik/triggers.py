"""When triggered effects trigger (3.1 Triggered, 4.2), read from the cards' scripts.

"Effects that activate automatically when a specific condition is met ... They are placed on
the Stack as soon as their condition is met." The rules engine notes what happened (an
`events` list: a card entering the Confrontation Zone, the Revelation, a Confrontation won,
a card placed in an Empathic Vessel, a Stalemate, the end or the beginning of the turn); here
each event finds the triggers it meets. Each becomes a `Pending` effect that the log must put
on the Stack (an ``effect`` entry) before anything else happens: a compulsory effect left out
is a violation at the entry where it had to be put (reading K20, K29).

Where the card must be, per trigger (its script's ``when:``):

    revelation                  a First Manifestation just revealed
    enters, enters from ...     the card that entered the Confrontation Zone (from your Interzone),
                                even if it has left since (reading K36)
    opponent support            on the field, an opponent's manifestation entered in Support
    wins, loses                 in the Confrontation Zone, controlled by the winner / the loser
    vessel                      the card placed in an Empathic Vessel (its owner controls it, 3.2)
    stalemate                   one of the manifestations moved to the Stalemate Zone
    before, after, end of turn, on the field (the Confrontation Zone, an Interzone, a played
    beginning of turn           Persistent Will)
    would stalemate             not a trigger: a replacement the rules offer before a Stalemate
                                (phases.after_passes)

A trigger with an ``if:`` triggers only if it holds then (and does nothing if it no longer holds
when it resolves); one whose target no card fits is not put on the Stack (3.2 Action Validity).
"""

from __future__ import annotations

from pnp.effects.language import Ability
from rules_check.effects.machine import Frame

from . import board
from .rulebook import PLAYABLE
from .state import CONFRONTATION, KState, Pending, owner_of, zone
from .verbs import KWorld


ENTERS = ("enters", "enters from interzone")  # the triggers of a card entering the Confrontation Zone


def _pending(state: KState, source: str, ability: Ability, controller: str, **bindings) -> Pending | None:
    if ability.condition is not None:
        if not KWorld(state).test(Frame(source, ability, controller, bindings=dict(bindings)), ability.condition):
            return None
    if ability.target is not None and not board.has_targets(state, ability.target, controller, source):
        return None
    return Pending(source, ability, controller, dict(bindings), ability.target is not None)


def triggered_by(state: KState, event: tuple) -> list[Pending]:
    """The triggered effects one event meets, in the order the cards are on the table."""
    kind = event[0]
    out: list[Pending | None] = []
    if kind == "enters":
        _, it, src, support = event
        # reading K36: it triggers at the instant it entered, even if it has left since (destroyed
        # at power 0 as it entered): 3.2 Independence of Effects, "That effect will go onto the
        # Stack even if the card that generated it is leaving the game"
        found = board.triggered(state, it, ENTERS)  # (one lookup: "from your Interzone" asked of those found)
        if found:
            from_interzone = src == zone("interzone", owner_of(it))
            for a in found:
                if from_interzone or a.trigger.key != "enters from interzone":  # type: ignore[union-attr]
                    out.append(_pending(state, it, a, state.controller(it)))
        if support:
            # (`holders`: None when any card could have it, an empty set when none has: `can_trigger`)
            having = board.holders(state, "opponent support")
            if having is None or having:
                entering = state.controller(it)
                for source in board.field_cards(state):
                    if (having is None or source in having) and state.controller(source) != entering:
                        for a in board.triggered(state, source, ("opponent support",)):
                            out.append(_pending(state, source, a, state.controller(source), it=it, entering=it))
    elif kind == "revelation":
        for it in list(state.zones[CONFRONTATION]):
            if it in state.first:
                for a in board.triggered(state, it, ("revelation",)):
                    out.append(_pending(state, it, a, state.controller(it)))
        out += _on_field(state, "after")
    elif kind == "wins":
        winner = event[1]
        for it in list(state.zones[CONFRONTATION]):
            key = "wins" if state.controller(it) == winner else "loses"
            for a in board.triggered(state, it, (key,)):
                out.append(_pending(state, it, a, state.controller(it)))
        for d in list(state.delayed):  # 3.2 "Memory" of Effects
            if d.key == "chained wins" and d.subject in state.zones[CONFRONTATION] \
                    and state.controller(d.subject) == winner:
                state.delayed.remove(d)
                out.append(_pending(state, d.source, d.ability, d.controller, it=d.subject, chained=d.subject))
    elif kind == "vessel":
        it = event[1]
        for a in board.triggered(state, it, ("vessel",)):
            out.append(_pending(state, it, a, owner_of(it)))
    elif kind == "stalemate":
        for it in event[1]:
            for a in board.triggered(state, it, ("stalemate",)):
                out.append(_pending(state, it, a, state.controller(it)))
    elif kind in ("end of turn", "beginning of turn", "before"):
        out += _on_field(state, kind)
    return [p for p in out if p is not None] if out else out  # (most events meet no trigger)


def _on_field(state: KState, key: str) -> list[Pending | None]:
    having = board.holders(state, key)  # (None: any card could have it; empty: none has, `can_trigger`)
    if having is not None and not having:
        return []
    keys = (key,)
    return [_pending(state, source, a, state.controller(source))
            for source in board.field_cards(state) if having is None or source in having
            for a in board.triggered(state, source, keys)]


def replacements(state: KState) -> list[tuple[str, Ability]]:
    """Effects "when a Confrontation would end in a Stalemate" on the field (Loaded Dice), the
    player with Priority's first (3.1: simultaneous effects follow Priority)."""
    if not board.can_trigger(state, "would stalemate"):
        return []
    found = [(source, a) for source in board.field_cards(state)
             for a in board.triggered(state, source, ["would stalemate"])]
    first = state.priority
    return sorted(found, key=lambda f: state.controller(f[0]) != first)


def trigger_lead(state: KState) -> str:
    """3.1: of simultaneous triggers, the player with Priority puts theirs on the Stack first
    (the last winner where the phase has no Priority, reading K20)."""
    return state.priority if state.phase in PLAYABLE and state.priority else state.last_winner


def flush_triggers(state: KState) -> None:
    """What happened becomes triggered effects waiting for the Stack (3.1), unless an effect is
    still part-way (its own events trigger once it is done)."""
    if state.resolving is not None or not state.events:
        return
    events, state.events = state.events, []
    found = [p for ev in events for p in triggered_by(state, ev)]
    if found:
        if not state.pending:
            state.lead = trigger_lead(state)
        state.pending.extend(found)
