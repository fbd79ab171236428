"""The card effects the checker verifies: the two texts the rulebook prints in full (2.3.1).
Every other card's effect is card text written in the log as plain operations (SPEC.md
principle 4) and listed as unverified.

Each effect takes the state and its (already checked, still valid) target.
"""

from __future__ import annotations

from typing import Callable

from .state import KState


def oppress(state: KState, target: str) -> None:
    """"A target manifestation on the field gets -3 power until the end of the turn." (2.3.1)"""
    key = f"turn.{target}"
    state.counters[key] = state.counters.get(key, 0) - 3


def entrust(state: KState, target: str) -> None:
    """"A target manifestation on the field gains power equal to its base power." (2.3.1)
    A modifier with no duration: permanent while the card stays on the field (3.2)."""
    key = f"power.{target}"
    state.counters[key] = state.counters.get(key, 0) + state.base_power(target)


# card name -> (effect, the rule it comes from); both target "a manifestation on the field"
VERIFIED: dict[str, Callable[[KState, str], None]] = {
    "Oppress": oppress,
    "Entrust": entrust,
}
