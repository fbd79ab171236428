"""``--policy search``: determinized rollouts over the engine's own legal actions. Its games are
legal and complete when the checker adjudicates them, in every game and mode; the same seed
gives the same log; it only ever picks one of ``legal_actions``; a rollout judges a finished
game by its result first; ``determinize`` hides what a player cannot see."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from rules_check.core import simulate as sim
from rules_check.core.adjudicate import adjudicate
from rules_check.core.logfile import log_in_memory
from rules_check.engines import engines

NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eva"]


@pytest.fixture
def small_budget(monkeypatch):
    """The search with a smaller budget (the same code paths; a test takes seconds)."""
    monkeypatch.setattr(sim, "SEARCH_WIDTH", 3)
    monkeypatch.setattr(sim, "SEARCH_ROLLOUTS", 2)
    monkeypatch.setattr(sim, "SEARCH_DEPTH", 6)


def _seed_for(game: str, players: list[str], mode: str | None) -> int:
    """The first seed whose setup is of ``mode`` (So Long, My World deals its mode at random)."""
    engine = engines()[game]
    for seed in range(200):
        setup = engine.random_setup(players, random.Random(seed))
        if mode is None or (setup.get("mode") or "multiplayer") == mode:
            return seed
    raise AssertionError(f"no seed below 200 deals {mode}")


CASES = [("relics", 1, None), ("kartomantik", 2, None), ("visions", 3, None),
         ("so-long-my-world", 1, "solo"), ("so-long-my-world", 2, "co-op"), ("so-long-my-world", 3, "multiplayer")]


@pytest.mark.parametrize("game,n,mode", CASES, ids=[f"{g}-{n}-{m or ''}" for g, n, m in CASES])
def test_search_games_are_legal_and_complete(small_budget, game, n, mode):
    engine = engines()[game]
    players = NAMES[:n]
    seed = _seed_for(game, players, mode)
    log, state = sim.play(engine, players, seed, "search")
    assert engine.is_over(state)
    if mode is not None:
        assert (log["setup"].get("mode") or "multiplayer") == mode
    report = adjudicate(log_in_memory(log), engine)
    assert report.legal and report.complete, report.violations


def test_same_seed_same_log(small_budget):
    engine = engines()["kartomantik"]
    first = sim.simulate(engine, NAMES[:2], 7, "search")
    assert sim.simulate(engine, NAMES[:2], 7, "search") == first
    assert sim.simulate(engine, NAMES[:2], 8, "search") != first


def test_search_picks_only_legal_actions(small_budget, monkeypatch):
    """Every pick is one of the legal actions it was offered (not merely a legal-looking one)."""
    engine = engines()["relics"]
    picks = []

    def watched(engine_, state, actions, rng):
        choice = sim.search_policy(engine_, state, actions, rng)
        picks.append(any(choice is a for a in actions))
        return choice

    monkeypatch.setitem(sim.POLICY, "search", watched)
    sim.simulate(engine, NAMES[:1], 3, "search")
    assert picks and all(picks)


def test_a_finished_game_is_judged_by_its_result_first():
    """A rollout that ends in a loss is worth less than any unfinished table (co-op, solo)."""
    engine = engines()["relics"]
    log, state = sim.play(engine, NAMES[:1], 0, "random")
    assert engine.is_over(state) and engine.winner(state) is None
    assert sim.outcome_value(engine, state, "Ana") <= engine.value(state, "Ana") - sim.WIN


def test_determinize_hides_the_opponents_hand_and_the_decks():
    engine = engines()["kartomantik"]
    rng = random.Random(1)
    state = engine.new_state(NAMES[:2], engine.random_setup(NAMES[:2], rng), "<t>", lambda p: None)
    seen = [engine.determinize(state, "Ana", random.Random(s)) for s in range(5)]
    z = state.zones
    for new in seen:  # what Ana sees stays; the counts stay
        assert new.zones["hand:Ana"] == z["hand:Ana"]
        assert len(new.zones["hand:Ben"]) == len(z["hand:Ben"])
        assert sorted(new.zones["hand:Ben"] + new.zones["deck:Ben"]) == sorted(z["hand:Ben"] + z["deck:Ben"])
        assert sorted(new.zones["deck:Ana"]) == sorted(z["deck:Ana"])
    assert any(new.zones["hand:Ben"] != z["hand:Ben"] for new in seen)
    assert any(new.zones["deck:Ana"] != z["deck:Ana"] for new in seen)
    assert state.zones.zones == z.zones  # the state itself untouched


def test_the_cli_accepts_policy_search(tmp_path):
    """The same seed writes the same search log in any process (no dependence on the hash seed)."""
    texts = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"search-{hash_seed}.yaml"
        subprocess.run([sys.executable, "-m", "pnp", "simulate", "relics", "--seed", "2", "--policy", "search",
                        "--out", str(out)], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": hash_seed})
        texts.append(out.read_text())
    assert texts[0] == texts[1]
    assert "--policy search" in texts[0].splitlines()[0]
    checked = subprocess.run([sys.executable, "-m", "pnp", "check", "log", str(out), "--format", "json"],
                             capture_output=True, text=True)
    report = json.loads(checked.stdout)[0]
    assert checked.returncode == 0 and report["legal"] and report["complete"]


def test_kartomantik_winners_are_placed_in_the_interzone():
    """Kartomantik 4.2.3: the winner may put their Manifestations in the Interzone; `value`
    counts one kept there above one on the deck's bottom, so simulated winners do place there
    (before, greedy never did: the deck's 5 points of 4.4.2 looked better)."""
    engine = engines()["kartomantik"]
    placed = 0
    for seed in range(2):
        log = sim.simulate(engine, NAMES[:2], seed, "greedy")
        placed += sum(len(e.get("interzone") or []) for e in log["log"] if "place" in e)
    assert placed > 0



def test_only_partners_share_a_result():
    """A joint choice is searched for all only where all win or lose together (So Long, My
    Love, the solo games); rivals' joint choices (Kartomantik's Revelation) are not."""
    def state_of(game, n, mode):
        engine = engines()[game]
        players = NAMES[:n]
        setup = engine.random_setup(players, random.Random(_seed_for(game, players, mode)))
        return engine, engine.new_state(players, setup, "<t>", lambda p: None)

    for game, n, mode, shared in [("so-long-my-world", 2, "co-op", True), ("so-long-my-world", 2, "multiplayer", False),
                                  ("so-long-my-world", 1, "solo", True), ("kartomantik", 2, None, False),
                                  ("relics", 1, None, True), ("visions", 2, None, False)]:
        engine, state = state_of(game, n, mode)
        assert engine.shared_result(state) is shared, (game, mode)
