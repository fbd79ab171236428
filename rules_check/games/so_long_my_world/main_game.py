"""The game of the rulebook's main rules: the multiplayer game and So Long, My Love (2-player
co-op mode), as the engine plays it (modes.py routes a state here by its mode): the rules
(rules.py), the entries (actions.py), the greedy's judgement (greedy.py) and who wins. The
Solo/Campaign Mode has its own (solo.py)."""

from __future__ import annotations

from typing import Any

from rules_check.core.engine import Engine

from . import greedy, rules, scoring
from .actions import parse_entry, to_entry
from .state import COOP, OVER, SoLongState

candidates = rules.candidates
check = rules.check
apply = rules.apply
unverified = rules.unverified
NOTED = rules.NOTED  # the entries `unverified` can note something for
parse = parse_entry
to_entry = to_entry


def value(state: SoLongState, player: str) -> float:
    return (greedy.coop_value if state.mode == COOP else greedy.multiplayer_value)(state, player)


def is_shared(state: SoLongState) -> bool:
    """So Long, My Love: the players win or lose together."""
    return state.mode == COOP


def winner(engine: Engine[Any, Any], state: SoLongState) -> str | list[str] | None:
    """So Long, My Love: both win when the goal is reached and the Collective Insight reaches the
    Heartbreak card's ("To win a game, you must reach the goal AND the Collective Insight
    value"); the multiplayer game: the most points (ruling G2)."""
    if state.mode != COOP:
        return Engine.winner(engine, state)
    if state.phase != OVER or not state.goal_reached:
        return None
    need = state.data.heartbreaks[state.heartbreak].collective_insight  # type: ignore[index]
    return list(state.players) if scoring.collective_insight(state) >= need else None
