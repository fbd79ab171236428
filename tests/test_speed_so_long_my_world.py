"""The shortcuts So Long, My World's rules take for speed (issue 29) give what the plain ways
they replace give: the choices of alike Feelings, the turn order, the setup's card pools, a
state's copy."""

from __future__ import annotations

import itertools
import random

from rules_check.core.simulate import simulate
from rules_check.engines import engines
from rules_check.games.so_long_my_world.state import HINDRANCE, SoLongState
from rules_check.games.so_long_my_world.verbs.readers import combos

ENGINE = engines()["so-long-my-world"]
FEELINGS = ["hope", "nostalgia", "resignation", "despair", "madness"]


def _combos_plainly(items: list[str], n: int) -> list[tuple[str, ...]]:
    """The definition: every choice of ``n`` of ``items``, alike ones alike, sorted."""
    return sorted({tuple(sorted(c)) for c in itertools.combinations(items, n)})


def test_combos_are_every_choice_of_alike_feelings():
    rng = random.Random(29)
    for _ in range(2000):
        kinds = FEELINGS[:rng.randrange(1, 6)]
        items = [rng.choice(kinds) for _ in range(rng.randrange(0, 13))]
        n = rng.randrange(0, 6)
        assert combos(items, n) == _combos_plainly(items, n), (items, n)
    for items in ([], ["a"], ["b", "a", "c"], ["c", "b", "a", "d"]):  # all different: a hand's cards
        for n in range(0, 5):
            assert combos(items, n) == _combos_plainly(items, n), (items, n)


def test_turn_order_and_current_player():
    for n in range(1, 6):
        players = ["Ana", "Ben", "Cleo", "Dario", "Eva"][:n]
        for first in range(-n, 2 * n):
            s = SoLongState(players=list(players), first=first, phase=HINDRANCE)
            assert s.order() == [players[(first + i) % n] for i in range(n)]
            for turn in range(n):
                s.turn = turn
                assert s.current() == s.order()[turn]


def test_card_pools_are_fresh_lists():
    cards = ENGINE.cards
    a, b = cards.remnants, cards.remnants
    assert a == b and a is not b
    a.clear()
    assert cards.remnants == b
    assert cards.gestalts == [c.name for c in cards.cards.values() if c.gestalt for _ in range(c.copies)]


def test_a_copy_shares_no_mutable_part():
    from rules_check.core.simulate import play

    log, state = play(ENGINE, ["Ana", "Ben", "Cleo"], 3, "random", None)
    assert log["log"] and simulate(ENGINE, ["Ana", "Ben", "Cleo"], seed=3)["log"] == log["log"]
    state.__dict__["_trial"] = "kept"
    new = state.copy()
    assert "_trial" not in new.__dict__ and type(new) is type(state)
    for name in ("counters", "locked", "deck_events", "effects_used", "vision_of", "sequence", "act_last",
                 "round_rules", "chains", "played", "clock", "queue", "setup_notes"):
        assert getattr(new, name) == getattr(state, name)
        assert getattr(new, name) is not getattr(state, name), name
    assert new.zones is not state.zones and new.zones.zones == state.zones.zones
