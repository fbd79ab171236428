"""Simulated games: the simulator shares the engine with the checker, so every log it writes
must be judged legal and complete (a test of both).

A policy picks among the whole legal set (``Engine.legal_actions``); the random part of an
action (a shuffle) is then drawn by the simulator's own random numbers
(``Engine.sample_chance``, OpenSpiel's chance nodes). Three policies:

* ``random``: every legal action equally likely;
* ``greedy``: the action with the best immediate gain for the player taking it (the engine's
  ``value``, the score unless the game refines it), ties broken at random: games that look
  like real play;
* ``search``: plans. Determinized Monte Carlo rollouts: of the legal actions, the
  ``SEARCH_WIDTH`` best by greedy's one-step judgement (and one drawn from the rest) are each
  played out ``SEARCH_ROLLOUTS`` times, ``SEARCH_DEPTH`` actions deep, by a cheap greedy
  continuation for every player (``ROLLOUT_TRIES`` actions weighed a step, a random one
  ``ROLLOUT_EPSILON`` of the time), chance drawn with ``sample_chance``; the table a rollout
  leaves is judged with ``value`` for the player to move, a finished game by its result first
  (``WIN`` for a win, minus ``WIN`` for a loss: in a solo or co-op game a loss is every end
  without a win). Each rollout starts from ``Engine.determinize``: the table as the player to
  move could know it, hidden piles reshuffled (what each game's search can see is in its
  engine's ``determinize``; an action the reshuffled table makes illegal, because it names
  what the player has just seen, such as the top of a deck, is played out on the table as it
  is). Rollout ``i`` of every action uses the same random numbers
  (common random numbers: the actions are compared on the same draws). A joint choice, one
  action for several players at once, is searched for them all when they win or lose
  together (``Engine.shared_result``: So Long, My Love's Choice Phase) and otherwise left to
  greedy (Kartomantik's Revelation, 4.2.2).
  Every action the search picks is one of ``legal_actions``.

Every policy draws all its randomness from the ``rng`` it is given: the same seed gives the
same log.

A game that does not end within ``MAX_ACTIONS`` actions is `EndlessGame` (exit 2 from ``pnp
simulate``): a card's script can make a legal game endless (a manifestation that returns to
its owner's hand whenever it enters the field is played again and again), and the error names
the cards its last actions repeat.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Iterator

from pnp.data.errors import PnpError

from .engine import Engine
from .errors import IllegalAction

# a game longer than this is endless: the longest bundled games take a few hundred actions (370:
# Kartomantik, random policy), so this is 50 times that, and stops a looping script in a few
# seconds of the random policy (0.1 ms an action) and about a minute of the search (2.5 ms)
MAX_ACTIONS = 20_000
LOOP_WINDOW = 1_000  # the last actions of an endless game whose cards its message names
LOOP_CARDS = 5  # at most this many of them


class EndlessGame(PnpError):
    """A simulated game that did not end within ``MAX_ACTIONS`` actions, or has no legal
    action before its end: the cards (their scripts) make a legal game that cannot finish."""

    exit_code = 2
POLICIES = ("random", "greedy", "search")
MAX_GREEDY_TRIES = 60  # the greedy policy weighs at most this many actions (a sample of the rest)
# the search policy's budget: a decision costs about WIDTH x ROLLOUTS x DEPTH rollout actions
SEARCH_WIDTH = 4  # actions searched at a decision (greedy's best, and one drawn from the rest)
SEARCH_ROLLOUTS = 2  # rollouts per searched action
SEARCH_DEPTH = 5  # actions a rollout plays before `value` judges the table
ROLLOUT_TRIES = 4  # a rollout's greedy continuation weighs this many actions a step
ROLLOUT_EPSILON = 0.15  # and plays a random one this share of the time
WIN = 1000.0  # a finished game: a win is worth more than any table `value` judges

Policy = Callable[[Engine[Any, Any], Any, list[Any], random.Random], Any]


def random_policy(engine: Engine[Any, Any], state: Any, actions: list[Any], rng: random.Random) -> Any:
    return rng.choice(actions)


def _weighed(actions: list[Any], rng: random.Random, tries: int) -> list[Any]:
    """The actions a policy weighs: all of them, or a sample of ``tries`` when there are more."""
    return actions if len(actions) <= tries else rng.sample(actions, tries)


def _one_step(engine: Engine[Any, Any], state: Any, action: Any, player: str | None = None) -> float:
    """The greedy judgement of ``action``: ``value`` of the table it leaves, for its actor (or
    ``player``; its random part drawn with fixed numbers, so every action is judged on the same
    draw)."""
    player = player or engine.actor(state, action)
    if player is None:
        return 0.0
    trial = engine.copy_state(state)
    engine.apply(trial, engine.sample_chance(trial, action, random.Random(0)))
    return engine.value(trial, player)


def _greedy(engine: Engine[Any, Any], state: Any, actions: list[Any], rng: random.Random, tries: int) -> Any:
    if len(actions) == 1:
        return actions[0]
    tried = _weighed(actions, rng, tries)
    best: list[Any] = []
    best_value = float("-inf")
    for action in tried:
        value = _one_step(engine, state, action)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def greedy_policy(engine: Engine[Any, Any], state: Any, actions: list[Any], rng: random.Random) -> Any:
    return _greedy(engine, state, actions, rng, MAX_GREEDY_TRIES)


def outcome_value(engine: Engine[Any, Any], state: Any, player: str) -> float:
    """A rollout's leaf for ``player``: ``value``, and a finished game's result above it (a
    shared win is a win; no winner in a solo or co-op game is a loss)."""
    value = engine.value(state, player)
    if not engine.is_over(state):
        return value
    w = engine.winner(state)
    won = player == w or (isinstance(w, list) and player in w)
    return value + (WIN if won else -WIN)


def _rollout(engine: Engine[Any, Any], state: Any, action: Any, player: str, rng: random.Random) -> float:
    trial = engine.determinize(state, player, rng)
    try:  # an action may name what the player has just seen (the top of a deck they looked at)
        engine.check(trial, action)
    except IllegalAction:
        trial = engine.copy_state(state)  # that rollout plays on the table as it is
    engine.apply(trial, engine.sample_chance(trial, action, rng))
    for _ in range(SEARCH_DEPTH):
        if engine.is_over(trial):
            break
        actions = engine.legal_actions(trial)
        if not actions:
            break
        if rng.random() < ROLLOUT_EPSILON:
            step = rng.choice(actions)
        else:
            step = _greedy(engine, trial, actions, rng, ROLLOUT_TRIES)
        engine.apply(trial, engine.sample_chance(trial, step, rng))
    return outcome_value(engine, trial, player)


def search_policy(engine: Engine[Any, Any], state: Any, actions: list[Any], rng: random.Random) -> Any:
    if len(actions) == 1:
        return actions[0]
    player = engine.actor(state, actions[0])
    if player is None or any(engine.actor(state, a) != player for a in actions):
        if not engine.shared_result(state):
            return greedy_policy(engine, state, actions, rng)  # a joint choice of rivals
        player = state.players[0]  # a joint choice of partners: judged for them all
    tried = _weighed(actions, rng, MAX_GREEDY_TRIES)
    order = list(range(len(tried)))
    rng.shuffle(order)  # ties in the one-step judgement fall at random
    judged = sorted(order, key=lambda i: -_one_step(engine, state, tried[i], player))
    chosen = judged[:SEARCH_WIDTH - 1]
    rest = judged[SEARCH_WIDTH - 1:]
    if rest:
        chosen.append(rest[0] if len(rest) == 1 else rest[rng.randrange(len(rest))])
    seeds = [rng.getrandbits(32) for _ in range(SEARCH_ROLLOUTS)]
    best, best_value = tried[chosen[0]], float("-inf")
    for i in chosen:
        total = sum(_rollout(engine, state, tried[i], player, random.Random(s)) for s in seeds)
        if total > best_value + 1e-9:
            best, best_value = tried[i], total
    return best


POLICY: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy, "search": search_policy}


def play(engine: Engine[Any, Any], players: list[str], seed: int, policy: str = "random",
         watch: Callable[[Any, Any], None] | None = None, table: bool = False) -> tuple[dict[str, Any], Any]:
    """A whole game: its log (docs/logs/README.md form) and the state it ended in. ``watch(state, action)``,
    if given, sees each action just before it is applied, and ``watch(state, None)`` the end
    (bench/policies.py counts what the game did with it). ``table``: the game as it is recorded
    at a table (``Engine.random_table_setup``: no pile orders), each move one of the legal
    actions of a state whose unseen cards are named as the moves show them."""
    if policy not in POLICY:
        raise ValueError(f"unknown policy {policy!r} (the policies: {', '.join(POLICIES)})")
    choose = POLICY[policy]
    rng = random.Random(seed)
    setup = engine.random_table_setup(players, rng) if table else engine.random_setup(players, rng)
    state = engine.new_state(players, setup, "<simulation>", lambda path: None)
    entries: list[dict[str, Any]] = []
    for _ in range(MAX_ACTIONS):
        if engine.is_over(state):
            break
        actions = engine.legal_actions(state)
        if not actions:
            raise EndlessGame(f"{engine.game}: no legal action after {len(entries):,} actions of a game that is not "
                              f"over; the game cannot end{_named(engine, entries)}")
        action = engine.sample_chance(state, choose(engine, state, actions, rng), rng)
        entries.append(engine.to_entry(state, action))
        if watch is not None:
            watch(state, action)
        engine.apply(state, action)
    else:
        raise EndlessGame(f"{engine.game}: the game did not end within {MAX_ACTIONS:,} actions, where the simulator "
                          f"stops (a game takes a few hundred): a card's script can make it endless, such as a "
                          f"manifestation that returns to its owner's hand whenever it enters the field"
                          f"{_named(engine, entries)}")
    if watch is not None:
        watch(state, None)
    return {"game": engine.game, "players": players, "setup": setup, "log": entries}, state


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def looping_cards(engine: Engine[Any, Any], entries: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """The cards the last ``LOOP_WINDOW`` entries of a game name most, with how often (a value
    that is a card's name, or OWNER/NAME), those with a script first: where an endless game's
    loop is. Cards are what `Engine.card_details` names; none known: an empty list."""
    details = engine.card_details()
    counts: Counter[str] = Counter()  # by the card's full name
    for entry in entries[-LOOP_WINDOW:]:
        for value in _strings(entry):
            key = value if value in details else value.rpartition("/")[2]
            if key in details:
                counts[details[key].name] += 1
    with_script = {d.name for d in details.values() if d.script}
    scripted = [(n, c) for n, c in counts.most_common() if n in with_script]
    return (scripted or counts.most_common())[:LOOP_CARDS]


def _named(engine: Engine[Any, Any], entries: list[dict[str, Any]]) -> str:
    cards = looping_cards(engine, entries)
    if not cards:
        return ""
    last = min(len(entries), LOOP_WINDOW)
    return (f". The cards its last {last:,} actions name most (check their scripts): "
            + ", ".join(f"{name} ({n:,} times)" for name, n in cards))


def simulate(engine: Engine[Any, Any], players: list[str], seed: int, policy: str = "random",
             table: bool = False) -> dict[str, Any]:
    """A whole game as a log (docs/logs/README.md form); the same seed and policy give the same log."""
    return play(engine, players, seed, policy, table=table)[0]
