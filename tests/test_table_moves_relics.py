"""relics: the legal actions of a table state (issue 25; rules_check/games/relics/moves.py), the
moves the recording page offers at each step of a game played with the real cards: every card
that comes off the face-down draw pile named (``drawn``), once for each card it can be.

Measured when written (this machine, shared by other jobs): 30 games played at the table, random
and greedy, both difficulties, every one legal and complete; 20 table views of simulated games,
all 923 entries offered as written; legal actions of a table state in 4 ms median, 95% under
30 ms, the worst about 100 ms (a travel with many payments, each dealing two cards in 56 orders,
or an "arrange" over three unseen cards: 130 orders)."""

from __future__ import annotations

import random
import statistics
import time

import pytest

from rules_check.core.adjudicate import adjudicate
from rules_check.core.engine import EntryRef
from rules_check.core.logfile import log_in_memory as in_memory
from rules_check.core.simulate import play, simulate
from rules_check.core.tableview import table_view
from rules_check.core.zones import is_unseen
from rules_check.engines import engines
from rules_check.games.relics import abilities, seen
from rules_check.games.relics.actions import Ability, End, Pay, Reshuffle, Travel
from rules_check.games.relics.state import DRAW, FUTURE_2

ENGINE = engines()["relics"]
PLAYERS = ["Ana"]
REF = EntryRef("<test>", 0, None)
RULE_1A, RULE_GOAL = "relics: Turn Sequence 1a, Decide", "relics: Goal"


@pytest.fixture(scope="module")
def played():
    """Games recorded at the table (``play(..., table=True)``): 2 policies x 15 seeds (the
    difficulty drawn by the seed), with the time of every legal-actions call (ms) and a sample
    of states with their actions."""
    out, times, states = [], [], []
    legal = ENGINE.legal_actions

    def timed(state):
        t = time.perf_counter()
        actions = legal(state)
        times.append((time.perf_counter() - t) * 1000)
        if len(times) % 10 == 0:
            states.append((state.copy(), actions))
        return actions

    ENGINE.legal_actions = timed
    try:
        for policy in ("random", "greedy"):
            for seed in range(15):
                out.append(play(ENGINE, PLAYERS, seed, policy, table=True))
    finally:
        del ENGINE.legal_actions  # the class's method again
    return out, times, states


@pytest.fixture(scope="module")
def views():
    """Table views of 20 simulated games (full information), both policies."""
    return [table_view(ENGINE, simulate(ENGINE, PLAYERS, seed, policy))
            for policy in ("random", "greedy") for seed in range(100, 110)]


# --- 1. games recorded at the table ---------------------------------------------------------------


def test_games_played_at_the_table_are_legal_and_complete(played):
    games, _, _ = played
    assert len(games) >= 30
    assert {log["setup"]["difficulty"] for log, _ in games} == {"normal", "hard"}
    drawn = reshuffles = 0
    for log, state in games:
        assert ENGINE.is_over(state)
        assert "draw_pile" not in log["setup"] and len(log["setup"]["dealt"]) == 9  # no order (R12)
        report = adjudicate(in_memory(log), ENGINE)
        assert report.legal and report.complete, report.violations
        assert (report.scores, report.winner) == (ENGINE.scores(state), ENGINE.winner(state))
        assert {u["rule"] for u in report.undecided} <= {RULE_1A, RULE_GOAL}  # R13, R14
        for e in log["log"]:
            drawn += len(e.get("drawn", ()))
            reshuffles += "reshuffle" in e
            assert e.get("reshuffle", "shuffled") == "shuffled"  # nobody saw the order
    assert drawn > 300 and reshuffles


def test_every_action_offered_is_legal_and_names_what_it_turns_up(played):
    """Each action offered passes ``check`` and applies (the engine's checks after an entry: every
    card turned up named, R12), never names an unseen item, and round-trips as an entry."""
    _, _, states = played
    assert len(states) > 100
    for state, actions in states:
        assert actions == ENGINE.legal_actions(state)
        assert len(set(actions)) == len(actions)
        for a in actions:
            ENGINE.check(state, a)
            ENGINE.apply(state.copy(), a)
            entry = ENGINE.to_entry(state, a)
            assert ENGINE.parse(entry, state, REF) == a
            assert not any(is_unseen(c) for c in entry.get("drawn", ()))
            assert not isinstance(a, Reshuffle) or a.unseen


def test_legal_actions_are_cheap(played):
    """The median and the 95th percentile (the worst is the machine's load as much as the state's:
    it is printed, not asserted)."""
    _, times, _ = played
    times = sorted(times)
    p95 = times[int(len(times) * 0.95)]
    print(f"{len(times)} calls: median {statistics.median(times):.2f} ms, 95% {p95:.1f} ms, worst {times[-1]:.1f} ms")
    assert statistics.median(times) < 30
    assert p95 < 300


# --- 2. the page offers what happened -------------------------------------------------------------


def test_each_entry_of_a_table_view_is_offered(views):
    assert len(views) >= 20
    assert {log["setup"]["difficulty"] for log in views} == {"normal", "hard"}
    entries = 0
    for log in views:
        state = ENGINE.new_state(PLAYERS, log["setup"], "<test>", lambda path: None)
        for i, entry in enumerate(log["log"]):
            action = ENGINE.parse(entry, state, EntryRef("<test>", i, None))
            assert action in ENGINE.legal_actions(state), (i, entry)
            entries += 1
            ENGINE.check(state, action)
            ENGINE.apply(state, action)
        assert ENGINE.is_over(state)  # no end reveal: the score is of relic halves face up (R14)
    print(f"{len(views)} table views, {entries} entries offered")
    assert entries > 500


# --- 3. exact: the unseen draw pile ---------------------------------------------------------------


def dealt_state(seed: int = 3):
    """The start of a table game: the nine cards of "Setup" named, eight unseen in the pile."""
    setup = ENGINE.random_table_setup(PLAYERS, random.Random(seed))
    return ENGINE.new_state(PLAYERS, setup, "<test>", lambda path: None)


def test_a_deal_offers_each_order_of_the_cards_the_pile_can_be():
    state = dealt_state()
    pool = seen.could_be(state)
    assert len(pool) == 8 and not set(pool) & set(state.zones.zones["future.1"] + state.zones.zones["hand"])
    travels = [a for a in ENGINE.legal_actions(state) if isinstance(a, Travel) and a.payment is not None]
    assert travels
    # one turn (destination and payment): each ordered pair of two different cards of the eight
    first = travels[0]
    same = [a.drawn for a in travels if (a.destination, a.payment) == (first.destination, first.payment)]
    assert len(same) == len(set(same)) == 8 * 7
    assert all(len(d) == 2 and d[0] != d[1] and set(d) <= set(pool) for d in same)
    after = state.copy()
    ENGINE.apply(after, first)
    assert after.zones[FUTURE_2] == list(first.drawn)  # dealt in the order named, top first


def test_a_card_in_play_is_never_offered_as_drawn():
    """Every card the pile can be is one not seen elsewhere: the nine dealt are never offered,
    nor a card named before (a singleton: the 17 are all different)."""
    state = dealt_state(5)
    in_play = {c for z, items in state.zones.zones.items() if z != DRAW for c in items}
    for a in ENGINE.legal_actions(state):
        assert not set(getattr(a, "drawn", ())) & in_play
        assert not any(is_unseen(c) for c in getattr(a, "drawn", ()))


def test_a_travel_waiting_for_its_payment_deals_at_the_payment():
    """A travel without its payment turns up nothing: the payment that ends the turn names the
    cards "Look ahead" deals."""
    state = dealt_state()
    waits = [a for a in ENGINE.legal_actions(state) if isinstance(a, Travel) and a.payment is None]
    for travel in waits:
        s = state.copy()
        ENGINE.apply(s, travel)
        if ENGINE.is_over(s):
            continue
        pays = [a for a in ENGINE.legal_actions(s) if isinstance(a, Pay)]
        if pays:
            assert all(len(p.drawn) == 2 for p in pays) and not travel.drawn
            assert {p.drawn for p in pays} == {(x, y) for x in seen.could_be(s) for y in seen.could_be(s) if x != y}
            return
    pytest.skip("no travel of this setup waits for a payment")  # pragma: no cover


def test_a_full_information_state_keeps_its_moves():
    """A full log's state offers what ``rules.candidates`` offers, filtered by check (the
    simulator's moves, unchanged): a reshuffle's order left to chance, no ``drawn``."""
    from rules_check.core.engine import Engine
    full = simulate(ENGINE, PLAYERS, 4, "random")
    state = ENGINE.new_state(PLAYERS, full["setup"], "<test>", lambda path: None)
    for i, entry in enumerate(full["log"]):
        actions = ENGINE.legal_actions(state)
        assert actions == Engine.legal_actions(ENGINE, state)
        assert not any(getattr(a, "drawn", ()) for a in actions)
        ENGINE.apply(state, ENGINE.parse(entry, state, EntryRef("<test>", i, None)))


def test_the_end_and_abilities_are_offered_by_the_rules(played):
    """The end is offered only where ``check`` accepts it over the unseen pile (R14), and an
    ability that takes the unseen top card is offered once per card it can be."""
    _, _, states = played
    ends = drawing = 0
    for state, actions in states:
        ends += End() in actions
        for a in actions:
            if isinstance(a, Ability) and a.drawn and abilities.can_draw_unseen_top(state, Ability(a.card, a.choose)):
                drawing += 1
                same = {b.drawn[0] for b in actions if isinstance(b, Ability) and b.card == a.card
                        and b.choose == a.choose}
                assert same == set(seen.could_be(state))  # each card the top can be, once
    assert ends and drawing
