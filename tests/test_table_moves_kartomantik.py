"""Kartomantik's legal moves on a table state (issue 25): a game recorded with real cards, the
moves the recording page offers at each step (rules_check/games/kartomantik/table_moves.py).

* Games played at the table (`play(..., table=True)`, random and greedy; Kartomantik has two
  players and one mode) end and are judged legal and complete; what they leave undecided is only
  what readings K40 (a mulligan whose hand is not shown) and K42 (the deck's bonus, no end reveal)
  say is not decided by the log.
* Table views of simulated games: every entry is one of the legal actions of the table state
  before it, except the end's `show` entries (reading K42), which follow the end and are not
  moves: each is accepted as written.
* A hand of unseen cards offers each card it can be once, never an unseen item, never a card
  seen elsewhere.
"""

from __future__ import annotations

import random
import statistics
import time

from pathlib import Path

import pytest

from rules_check.core.adjudicate import adjudicate
from rules_check.core.engine import EntryRef
from rules_check.core.errors import IllegalAction
from rules_check.core.logfile import log_in_memory
from rules_check.core.simulate import play, simulate
from rules_check.core.tableview import table_view
from rules_check.core.zones import is_unseen
from rules_check.decklist import read_decklist
from rules_check.engines import engines
from rules_check.games.kartomantik import confrontation, playing, rulebook, table_moves
from rules_check.games.kartomantik.actions import Bottom, Choose, Mulligan, Play, Reveal, Show, parse_entry
from rules_check.games.kartomantik.state import HAND_LIMIT_PHASE, zone

ENGINE = engines()["kartomantik"]
ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ana", "Ben"]
RANDOM_TABLE_GAMES = 26
GREEDY_TABLE_GAMES = 4
POINTS = "Kartomantik 4.4.2 (Point Calculation)"
VIEWS = 20  # table views of simulated games whose entries are checked as offered


def allowed(rule: str, message: str) -> bool:
    """What a table log may leave open: a compulsory mulligan whose hand is not shown (reading
    K40) and the deck's bonus without an end reveal (reading K42, 4.4.2)."""
    return rule in (rulebook.RULE_END_GAME, rulebook.RULE_MULLIGAN) and "(reading K40)" in message or rule == POINTS


def deck(file: str) -> list[str]:
    listed = read_decklist(ROOT / "examples" / "decks" / file)
    return [ENGINE.pool.get(e.name).name for e in listed.deck for _ in range(e.count)]


ANA, BEN = deck("legal-yellow-tempo.txt"), deck("legal-red-blue-burning-logic.txt")


def table_state(entries=()):
    state = ENGINE.new_state(PLAYERS, {"Ana": {"cards": ANA}, "Ben": {"cards": BEN}}, "<test>", lambda p: None)
    for i, entry in enumerate(entries):
        ENGINE.apply_checked(state, ENGINE.parse(entry, state, EntryRef("<test>", i, None)))
    return state


@pytest.fixture(scope="module")
def table_games():
    out = []
    for policy, n in (("random", RANDOM_TABLE_GAMES), ("greedy", GREEDY_TABLE_GAMES)):
        for seed in range(n):
            out.append((policy, seed) + play(ENGINE, PLAYERS, seed, policy, table=True))
    return out


# --- 1. games played at the table ------------------------------------------------------------------


def test_games_played_at_the_table_end_legal_and_complete(table_games):
    assert len(table_games) >= 30
    assert {p for p, *_ in table_games} == {"random", "greedy"}
    points = 0
    for policy, seed, log, state in table_games:
        assert ENGINE.is_over(state), (policy, seed)
        assert all(set(log["setup"][p]) == {"cards"} for p in PLAYERS)  # no order: a table's setup
        assert not any("deck" in e for e in log["log"] if "mulligan" in e)  # no shuffle drawn
        report = adjudicate(log_in_memory(log), ENGINE)
        assert report.legal and report.complete, (policy, seed, report.violations[:1])
        for note in report.undecided:
            assert allowed(note["rule"], note["message"]), (policy, seed, note)
        points += any(note["rule"] == POINTS for note in report.undecided)
    assert points  # a game recorded to its last move has no end reveal: K42's note


# --- 2. the page offers what happened ------------------------------------------------------------


def offered_entries():
    """(entries checked as offered, end shows accepted, legal-actions times in ms)."""
    offered, ends, times = 0, 0, []
    for seed in range(VIEWS):
        policy = "random" if seed % 2 == 0 else "greedy"
        view = table_view(ENGINE, simulate(ENGINE, PLAYERS, seed, policy))
        state = ENGINE.new_state(PLAYERS, view["setup"], "<table view>", lambda p: None)
        for i, entry in enumerate(view["log"]):
            action = ENGINE.parse(entry, state, EntryRef("<table view>", i, None))
            if ENGINE.is_over(state):  # reading K42: the end's show, not a move
                assert isinstance(action, Show) and ENGINE.after_end(state, action)
                ENGINE.apply_checked(state, action)  # accepted as written
                ends += 1
                continue
            start = time.perf_counter()
            legal = ENGINE.legal_actions(state)
            times.append(1000 * (time.perf_counter() - start))
            assert action in legal, (seed, policy, i, entry)
            offered += 1
            ENGINE.apply_checked(state, action)
    return offered, ends, times


def test_every_entry_of_a_table_view_is_offered():
    offered, ends, times = offered_entries()
    assert offered > 3000 and ends > 0
    times.sort()
    print(f"\n{offered} entries offered, {ends} end shows; legal actions ms: median {statistics.median(times):.2f}, "
          f"p99 {times[int(len(times) * 0.99)]:.1f}, worst {times[-1]:.1f}")
    assert statistics.median(times) < 50  # a loose bound on a shared machine (measured: about 1-6 ms)


def test_to_entry_round_trips_and_names_no_unseen_item(table_games):
    _, _, log, _ = table_games[0]
    state = ENGINE.new_state(PLAYERS, log["setup"], "<t>", lambda p: None)
    for i, entry in enumerate(log["log"][:120]):
        for action in ENGINE.legal_actions(state):
            written = ENGINE.to_entry(state, action)
            assert "\x00" not in repr(written)  # never an unseen item
            assert ENGINE.parse(written, state, EntryRef("<t>", i, None)) == action
        ENGINE.apply_checked(state, ENGINE.parse(entry, state, EntryRef("<t>", i, None)))


# --- 3. exact offers ------------------------------------------------------------------------------


def manifestations(cards):
    return sorted({c for c in cards if ENGINE.pool.get(c).type == "manifestation"})


def names(items):
    return sorted(it.split("/", 1)[1] for it in items)


def test_a_hand_of_unseen_cards_offers_each_manifestation_once():
    state = table_state()
    legal = ENGINE.legal_actions(state)
    reveals = [a for a in legal if isinstance(a, Reveal)]
    ana = {dict(a.chosen)["Ana"] for a in reveals}
    ben = {dict(a.chosen)["Ben"] for a in reveals}
    assert names(ana) == manifestations(ANA) and names(ben) == manifestations(BEN)
    assert len(reveals) == len(ana) * len(ben) == len(set(reveals))  # each pair once
    assert not any(is_unseen(it) for a in reveals for _, it in a.chosen)
    # the voluntary mulligan (turn 1), and a compulsory one with each hand of seven wills shown
    unshown = [a for a in legal if isinstance(a, Mulligan) and a.shown is None]
    assert unshown == [Mulligan("Ana", None, True, None), Mulligan("Ben", None, True, None)]
    shown = [a for a in legal if isinstance(a, Mulligan) and a.shown is not None]
    wills_a = [c for c in ANA if ENGINE.pool.get(c).type != "manifestation"]
    shown_a = [a for a in shown if a.player == "Ana"]
    assert len(shown_a) == 36  # the multisets of 7 of Yellow Tempo's 9 wills (one copy each)
    assert all(a.shown == tuple(sorted(a.shown)) and set(names(a.shown)) <= set(wills_a) for a in shown_a)
    assert all(ENGINE.to_entry(state, a)["hand"] == names(a.shown) for a in shown_a)
    assert len(set(shown)) == len(shown)


def test_a_card_in_play_is_not_offered_from_the_hand():
    """After the Revelation, a singleton in the Confrontation is no card of the hand: never offered."""
    state = table_state([{"reveal": {"Ana": "Jester of Thorns", "Ben": "Pyre Herald"}}])
    assert ANA.count("Jester of Thorns") == 1
    hand = table_moves.hand_cards(state, "Ana")
    assert "Ana/Jester of Thorns" not in hand and not any(is_unseen(it) for it in hand)
    assert names(hand) == sorted(set(ANA) - {"Jester of Thorns"})
    for action in ENGINE.legal_actions(state):
        if isinstance(action, Play) and action.player == "Ana":
            assert action.card != "Ana/Jester of Thorns" and "Ana/Jester of Thorns" not in action.tribute
            assert not is_unseen(action.card) and not any(is_unseen(t) for t in action.tribute)
    plays = [a for a in ENGINE.legal_actions(state) if isinstance(a, Play)]
    assert len(plays) == len(set(plays))


def test_a_hand_of_one_unseen_card_pays_no_tribute_of_a_card():
    """A card played and its tribute both come from the hand: with one unseen card left in the hand
    none is offered with a card as tribute, and one written is refused in the rule's words (2.1)."""
    state = table_state([{"reveal": {"Ana": "Jester of Thorns", "Ben": "Pyre Herald"}}])
    while state.pending:  # the triggers of the Revelation go on the Stack first
        ENGINE.apply_checked(state, ENGINE.legal_actions(state)[0])
    paid = [a for a in ENGINE.legal_actions(state) if isinstance(a, Play) and a.player == state.priority
            and a.tribute]
    assert paid  # some play of a six-card unseen hand is paid with a card of it
    p = paid[0].player
    hand, deck = zone("hand", p), zone("deck", p)
    while len(state.zones[hand]) > 1:  # the hand's other unseen cards back to the deck
        state.zones[deck].append(state.zones[hand].pop())
    assert not [a for a in ENGINE.legal_actions(state) if isinstance(a, Play) and a.tribute]
    with pytest.raises(IllegalAction) as exc:
        playing.check_play(state, paid[0])
    assert exc.value.rule == rulebook.RULE_TRIBUTE
    assert exc.value.message.endswith("it holds 1 cards, 1 of them unseen: the card played and its tribute are "
                                      "both from the hand")


def test_the_hand_limit_offers_each_card_once_in_every_order():
    state = table_state()
    hand = zone("hand", "Ana")
    state.zones[hand].append(state.zones[zone("deck", "Ana")].pop())  # eight unseen cards
    state.phase = HAND_LIMIT_PHASE
    state.items.clear()
    legal = [a for a in ENGINE.legal_actions(state) if isinstance(a, Bottom)]
    cards = sorted(set(ANA))
    assert sorted(names(a.cards)[0] for a in legal) == cards and len(legal) == len(cards)
    assert all(not is_unseen(c) for a in legal for c in a.cards)


def test_an_effect_that_looks_at_an_unseen_deck_offers_its_top_card_named():
    """Reading K41: the pass that resolves an effect needing the deck's top card's face is not
    offered; a `show` naming it is, once for each card it can be, and the one written is taken."""
    for seed in range(VIEWS):
        view = table_view(ENGINE, simulate(ENGINE, PLAYERS, seed, "random"))
        state = ENGINE.new_state(PLAYERS, view["setup"], "<t>", lambda p: None)
        for i, entry in enumerate(view["log"]):
            action = ENGINE.parse(entry, state, EntryRef("<t>", i, None))
            if isinstance(action, Show) and not ENGINE.is_over(state):
                legal = ENGINE.legal_actions(state)
                shows = [a for a in legal if isinstance(a, Show)]
                assert action in shows and len(shows) == len(set(shows))
                (p, kind, top), = action.shown
                pool = state.zones.unknown[zone("deck", p)]
                assert sorted(s.shown[0][2][-1] for s in shows) == sorted(+pool)
                assert not any(isinstance(a, Choose) for a in legal if a == action)
                return
            ENGINE.apply_checked(state, action)
    pytest.fail("no table view shows a deck's top card during the game")


def test_full_information_states_keep_their_legal_set():
    """A full log's states: the legal set is the checked candidates as before (the placements too)."""
    rng = random.Random(3)
    for seed in range(3):
        log = simulate(ENGINE, PLAYERS, seed, "random")
        state = ENGINE.new_state(PLAYERS, log["setup"], "<t>", lambda p: None)
        for i, entry in enumerate(log["log"]):
            if confrontation.is_placing(state) or rng.random() < 0.2:
                slow = []
                for a in ENGINE.candidates(state):
                    try:
                        ENGINE.check(state, a)
                    except Exception:
                        continue
                    slow.append(a)
                assert ENGINE.legal_actions(state) == slow
            ENGINE.apply_checked(state, parse_entry(ENGINE.pool, PLAYERS, entry, EntryRef("<t>", i, None)))
