"""The triggered abilities of continuous cards, resolved (continuous.py queues them): each runs
through the verbs as its owner's ("Remnant Cards", 3. Effect; reading SL31: after the entry that
triggered it, in turn order from the First Player). Above the verbs, which tell continuous.py
what happens, and below the rules, which fire the queue once an entry is applied."""

from __future__ import annotations

from rules_check.effects import Frame

from . import verbs
from .continuous import RULE_CONTINUOUS
from .state import SoLongState, Waiting


def fire(state: SoLongState) -> None:
    """Resolve the queued triggered abilities in order, until one waits for its owner's choice."""
    if not state.queue or state.waiting is not None:
        return
    while state.waiting is None and state.queue:
        card, owner, index, info = state.queue.pop(0)
        ability = state.data.cards[card].script.abilities[index]
        frame = Frame(card, ability, owner, bindings=info)
        what = f"{card} (\"{state.data.cards[card].text}\")"
        verbs.resume(state, frame, "", {}, RULE_CONTINUOUS, what)  # nobody answers: a choice waits for the owner
        if frame.waiting is not None:
            state.waiting = Waiting(frame, RULE_CONTINUOUS, what)
