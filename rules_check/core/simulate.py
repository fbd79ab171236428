"""Random legal games: the simulator shares the engine with the checker, so every log it
writes must be judged legal and complete (a test of both)."""

from __future__ import annotations

import random
from typing import Any

from .engine import Engine

MAX_ACTIONS = 100_000  # a guard against an engine that never ends a game


def simulate(engine: Engine, players: list[str], seed: int) -> dict[str, Any]:
    """A whole random game as a log (SPEC.md form); the same seed gives the same log."""
    rng = random.Random(seed)
    setup = engine.random_setup(players, rng)
    state = engine.new_state(players, setup, "<simulation>", lambda path: None)
    entries: list[dict[str, Any]] = []
    for _ in range(MAX_ACTIONS):
        if engine.is_over(state):
            break
        actions = engine.legal_actions(state)
        if not actions:
            raise RuntimeError(f"{engine.game}: no legal action in a game that is not over")
        action = rng.choice(actions)
        entries.append(engine.to_entry(state, action))
        engine.apply(state, action)
    else:
        raise RuntimeError(f"{engine.game}: the game did not end within {MAX_ACTIONS} actions")
    return {"game": engine.game, "players": players, "setup": setup, "log": entries}
