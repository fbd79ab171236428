"""Simulated games: the simulator shares the engine with the checker, so every log it writes
must be judged legal and complete (a test of both).

A policy picks among the whole legal set (``Engine.legal_actions``); the random part of an
action (a shuffle) is then drawn by the simulator's own random numbers
(``Engine.sample_chance``, OpenSpiel's chance nodes). Two policies:

* ``random``: every legal action equally likely;
* ``greedy``: the action with the best immediate gain for the player taking it (the engine's
  ``value``, the score unless the game refines it), ties broken at random: games that look
  like real play.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .engine import Engine

MAX_ACTIONS = 100_000  # a guard against an engine that never ends a game
POLICIES = ("random", "greedy")
MAX_GREEDY_TRIES = 60  # the greedy policy weighs at most this many actions (a sample of the rest)

Policy = Callable[[Engine, Any, list, random.Random], Any]


def random_policy(engine: Engine, state: Any, actions: list, rng: random.Random) -> Any:
    return rng.choice(actions)


def greedy_policy(engine: Engine, state: Any, actions: list, rng: random.Random) -> Any:
    if len(actions) == 1:
        return actions[0]
    tried = actions if len(actions) <= MAX_GREEDY_TRIES else rng.sample(actions, MAX_GREEDY_TRIES)
    best: list = []
    best_value = float("-inf")
    for action in tried:
        player = engine.actor(state, action)
        trial = engine.copy_state(state)
        engine.apply(trial, engine.sample_chance(trial, action, random.Random(0)))
        value = engine.value(trial, player) if player is not None else 0.0
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


POLICY: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


def simulate(engine: Engine, players: list[str], seed: int, policy: str = "random") -> dict[str, Any]:
    """A whole game as a log (SPEC.md form); the same seed and policy give the same log."""
    if policy not in POLICY:
        raise ValueError(f"unknown policy {policy!r} (the policies: {', '.join(POLICIES)})")
    choose = POLICY[policy]
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
        action = engine.sample_chance(state, choose(engine, state, actions, rng), rng)
        entries.append(engine.to_entry(state, action))
        engine.apply(state, action)
    else:
        raise RuntimeError(f"{engine.game}: the game did not end within {MAX_ACTIONS} actions")
    return {"game": engine.game, "players": players, "setup": setup, "log": entries}
