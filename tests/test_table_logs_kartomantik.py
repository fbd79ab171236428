"""Kartomantik logs written at the table (issue 24; readings K39-K43): decks given without their
order, hands unseen, mulligans without a new order, cards named as the table saw them, scores
from what was shown. The table view of a simulated game (rules_check/core/tableview.py) is such
a log of the same game: it must be judged legal, with the same scores and winner."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from logmutants import caught
from rules_check.core.adjudicate import adjudicate, as_json, as_text
from rules_check.core.logfile import log_in_memory as in_memory
from rules_check.core.logfile import read_log
from rules_check.core.simulate import simulate
from rules_check.core.tableview import table_view
from rules_check.core.zones import Zones, conservation
from rules_check.decklist import read_decklist
from rules_check.core.engine import EntryRef
from rules_check.engines import engines

ENGINE = engines()["kartomantik"]
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "logs"
PLAYERS = ["Ana", "Ben"]
REF = EntryRef("test", 0, None)
RANDOM_GAMES = 40
GREEDY_GAMES = 12
WILLS = ["Swindle", "Spite", "Bad Timing", "Loaded Dice", "Dismiss", "Clarity", "Oppress"]  # of Yellow Tempo


def deck(file: str) -> list[str]:
    listed = read_decklist(ROOT / "examples" / "decks" / file)
    return [ENGINE.pool.get(e.name).name for e in listed.deck for _ in range(e.count)]


ANA, BEN = deck("legal-yellow-tempo.txt"), deck("legal-red-blue-burning-logic.txt")


def judge(entries: list, setup: dict | None = None):
    setup = setup or {"Ana": {"cards": ANA}, "Ben": {"cards": BEN}}
    return adjudicate(in_memory({"game": "kartomantik", "players": PLAYERS, "setup": setup, "log": entries}), ENGINE)


def first(report) -> tuple:
    v = report.violations[0]
    return v.line, v.entry, v.rule, v.message


@pytest.fixture(scope="module")
def games() -> list[tuple[dict, dict]]:
    """(full log, table view) of RANDOM_GAMES random and GREEDY_GAMES greedy games."""
    out = []
    for policy, n in (("random", RANDOM_GAMES), ("greedy", GREEDY_GAMES)):
        for seed in range(n):
            full = simulate(ENGINE, PLAYERS, seed, policy)
            out.append((full, table_view(ENGINE, full)))
    return out


# --- the table views of simulated games ---------------------------------------------------------------


def test_table_views_are_legal_with_the_same_result(games):
    assert len(games) >= 50
    for full, table in games:
        whole, seen = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(table), ENGINE)
        assert seen.legal and seen.complete, seen.violations
        assert (seen.scores, seen.winner) == (whole.scores, whole.winner)
        assert seen.undecided == [] and seen.unverified == []  # the end shows what the scores need


def test_a_table_view_writes_no_order(games):
    shows = mulligans = 0
    for _, table in games:
        assert all(set(table["setup"][p]) == {"cards"} for p in PLAYERS)
        for p in PLAYERS:
            assert table["setup"][p]["cards"] == sorted(table["setup"][p]["cards"])  # no shuffle kept
        for e in table["log"]:
            assert "deck" not in e or "show" in e or "place" in e
            mulligans += "mulligan" in e
            shows += "show" in e
    assert mulligans and shows  # the vocabulary is exercised


def test_a_search_game_too():
    full = simulate(ENGINE, PLAYERS, 1, "search")
    whole, seen = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(table_view(ENGINE, full)), ENGINE)
    assert seen.legal and seen.complete and (seen.scores, seen.winner) == (whole.scores, whole.winner)


def test_mutations_of_table_views_are_caught(games):
    """Each entry written twice, or replaced by another: caught unless it changes nothing (a
    `show` written twice names the same cards again: legal)."""
    found, tried = caught([t for _, t in games[:10]], lambda log: adjudicate(in_memory(log), ENGINE),
                          random.Random(5))
    assert tried > 4000 and found / tried >= 0.99, (found, tried)


def test_the_cli_writes_the_table_view(tmp_path):
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path / "t.yaml"
    result = CliRunner().invoke(app, ["simulate", "kartomantik", "--seed", "3", "--view", "table", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "--view table" in out.read_text().splitlines()[0] and "cards:" in out.read_text()
    report = adjudicate(read_log(out, engines()), ENGINE)
    assert report.legal and report.complete


# --- exact entries ---------------------------------------------------------------------------------------


def test_a_card_seen_twice():
    r = judge([{"reveal": {"Ana": "Jester of Thorns", "Ben": "Pyre Herald"}},
               {"show": {"Ana": {"hand": ["Jester of Thorns"]}}}])
    assert first(r) == (2, 2, "Kartomantik 1.3 (Game Zones)",
                        "Ana's hand cannot hold a copy of Jester of Thorns: Ana's decklist has 1, and it is in the "
                        "Confrontation Zone")


def test_one_copy_more_than_the_decklist():
    r = judge([{"show": {"Ana": {"hand": ["Oppress", "Oppress"]}}}])
    assert first(r) == (1, 1, "Kartomantik 1.3 (Game Zones)",
                        "Ana's hand cannot hold 2 copies of Oppress: Ana's decklist has 1")


def test_a_card_the_hand_cannot_hold():
    r = judge([{"reveal": {"Ana": "Pyre Herald", "Ben": "Pyre Herald"}}])
    assert first(r) == (1, 1, "Kartomantik 4.2.2 (Revelation)",
                        "Ana's hand cannot hold Pyre Herald: Ana's decklist has none: the First Manifestation is "
                        "chosen from the hand (reading K38)")


def test_a_card_played_then_shown_in_the_hand(games):
    """A will played from an unseen hand is named; shown in the hand again while it is in the
    Limbo, it is one copy more than the list has."""
    _, table = games[0]
    log = table["log"]
    i = next(i for i, e in enumerate(log) if "play" in e and ENGINE.pool.get(e["play"]).type == "will")
    card, p = log[i]["play"], log[i]["player"]
    r = judge(log[:i + 1] + [{"show": {p: {"hand": [card]}}}], table["setup"])
    assert first(r)[:3] == (i + 2, i + 2, "Kartomantik 1.3 (Game Zones)")
    assert first(r)[3] == f"{p}'s hand cannot hold a copy of {card}: {p}'s decklist has 1, and it is on the Stack"


def test_a_hand_limit_breach_with_unseen_cards():
    full = simulate(ENGINE, PLAYERS, 34, "greedy")
    table = table_view(ENGINE, full)
    log = table["log"]
    i = next(i for i, e in enumerate(log) if "bottom" in e)
    p, cards = log[i]["bottom"], log[i]["cards"]
    assert judge(log, table["setup"]).legal
    r = judge(log[:i] + log[i + 1:], table["setup"])  # the `bottom` entry left out
    assert first(r)[:2] == (i + 1, i + 1) and first(r)[2] == "Kartomantik 4.2.4 (End Phase)"
    assert first(r)[3].startswith(f"the hand-limit entry is missing: the turn ended with {p} at 8 cards in hand")
    # a card the unseen hand cannot hold: one the Confrontation Zone or a Limbo holds
    elsewhere = next(e["reveal"][p] for e in reversed(log[:i]) if "reveal" in e)
    r = judge(log[:i] + [{"bottom": p, "cards": [elsewhere]}], table["setup"])
    assert first(r)[:3] == (i + 1, i + 1, "Kartomantik 4.2.4 (End Phase)")
    assert first(r)[3].startswith(f"{p}'s hand cannot hold a copy of {elsewhere}: {p}'s decklist has 1, and it is ")
    assert first(r)[3].endswith(f": {p} puts {len(cards)} cards of the hand at the bottom of the deck")


def test_a_mulligan_without_order():
    """Reading K40: at the first turn a hand not shown is the voluntary mulligan (10 points);
    a shown hand of wills is a compulsory one (nothing lost)."""
    r = judge([{"mulligan": "Ana"}])
    assert r.legal and r.undecided == [] and r.scores["Ana"] == judge([]).scores["Ana"] - 10
    r = judge([{"mulligan": "Ana", "hand": WILLS}])
    assert r.legal and r.undecided == [] and r.scores["Ana"] == judge([]).scores["Ana"]
    r = judge([{"mulligan": "Ana", "hand": WILLS[:6] + ["Swindle"]}])
    assert first(r) == (1, 1, "Kartomantik 4.2.1 (The Mulligan)",
                        "the hand shown is not Ana's hand: Ana's hand cannot hold 2 copies of Swindle: Ana's "
                        "decklist has 1")
    r = judge([{"mulligan": "Ana", "hand": WILLS[:6]}])
    assert first(r) == (1, 1, "Kartomantik 4.2.1 (The Mulligan)",
                        "the hand shown has 6 cards; Ana's hand holds 7: the whole hand is shown (4.2.1)")


def test_a_mulligan_with_an_order_in_a_table_log():
    """Reading K40: an order written names every card of the new deck."""
    r = judge([{"mulligan": "Ana", "deck": ANA}])
    left = sum(ENGINE.pool.get(n).type == "manifestation" for n in ANA[7:])  # the 7 on top are drawn
    assert r.legal and r.scores["Ana"] == 5 * left - 10  # the voluntary mulligan (turn 1, hand not shown)
    r = judge([{"mulligan": "Ana", "deck": ANA[:-1] + ["Pyre Herald"]}])
    assert first(r)[:3] == (1, 1, "Kartomantik 4.2.1 (The Mulligan)")
    assert "Pyre Herald" in first(r)[3]


def test_not_decided_by_the_log():
    """A compulsory mulligan whose hand is not shown: accepted (some order leaves no
    manifestation), recorded as not decided; the second one leaves the loss open (4.4.1)."""
    r = judge([{"mulligan": "Ana", "hand": WILLS[:6] + ["Jester of Thorns"]},  # voluntary: it has a manifestation
               {"mulligan": "Ana", "hand": WILLS},
               {"mulligan": "Ana"}])
    assert r.legal and not r.violations
    assert [(u["line"], u["entry"], u["rule"]) for u in r.undecided] == [
        (3, 3, "Kartomantik 4.2.1 (The Mulligan)"), (3, 3, "Kartomantik 4.4.1 (End Game Conditions)")]
    assert r.undecided[0]["message"] == ("Ana's compulsory mulligan: the log does not show Ana's hand (4.2.1: shown to "
                                         "the opponent); some order of Ana's deck leaves no manifestation in it "
                                         "(reading K40)")
    text = as_text([r])
    assert "line 3, entry 3: not decided by the log: [Kartomantik 4.2.1 (The Mulligan)]" in text
    assert '"undecided": [' in as_json([r])


def test_a_hand_shown_after_two_compulsory_mulligans_decides_the_loss():
    """Reading K44: after a second consecutive compulsory mulligan whose new hand was not shown,
    the next hand Ana shows with no manifestation decides 4.4.1: she loses the match there (no
    third mulligan is made), and nothing may follow."""
    two = [{"mulligan": "Ana", "hand": WILLS[:6] + ["Jester of Thorns"]},  # voluntary: it has a manifestation
           {"mulligan": "Ana", "hand": WILLS},
           {"mulligan": "Ana"}]
    r = judge(two + [{"mulligan": "Ana", "hand": WILLS}])
    assert r.legal and r.complete and r.winner == "Ben" and r.entries == 4
    r = judge(two + [{"mulligan": "Ana", "hand": WILLS}, {"mulligan": "Ben"}])
    assert first(r)[:2] == (5, 5) and first(r)[3] == "an entry after the game ended"
    r = judge(two + [{"mulligan": "Ana", "hand": WILLS[:6] + ["Jester of Thorns"]}])  # a manifestation: no loss
    assert not r.complete


def test_cards_exiled_face_down_stay_unseen():
    """Reading K43: The Silence After exiles two cards from the hand face down (1.3 Game Zones):
    the table view writes `face down` for each, the Exile holds two unseen cards, and the game is
    judged as the full log is; one card face down and one missing, or a mix, is refused."""
    full = simulate(ENGINE, PLAYERS, 1, "random")
    table = table_view(ENGINE, full)
    log = table["log"]
    i = next(i for i, e in enumerate(log) if e.get("choose") == ["face down", "face down"])
    p = log[i]["player"]
    whole, seen_ = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(table), ENGINE)
    assert seen_.legal and (seen_.scores, seen_.winner) == (whole.scores, whole.winner)
    state = ENGINE.new_state(PLAYERS, table["setup"], "t", lambda path: None)
    for e in log[:i + 1]:
        ENGINE.apply_checked(state, ENGINE.parse(e, state, REF))
    exile = state.zones[f"exile:{p}"]
    assert len(exile) >= 2 and all(x.startswith("\x00") for x in exile[-2:])
    for wrong in (["face down"], ["face down", f"{p}/Wither"]):
        r = judge(log[:i] + [{**log[i], "choose": wrong}] + log[i + 1:], table["setup"])
        assert first(r)[:3] == (i + 1, i + 1, "Kartomantik 3 (Understanding the Cards)")
        assert "is not one of the legal choices" in first(r)[3] and "face down, face down, reading K43" in first(r)[3]
    j = [k for k, e in enumerate(full["log"]) if e.get("player") == p and isinstance(e.get("choose"), list)
         and len(e["choose"]) == 2 and all(c.startswith(f"{p}/") for c in e["choose"])]
    hits = []
    for k in j:  # a log that writes every order names the cards: the checker knows them
        r = adjudicate(in_memory({**full, "log": full["log"][:k] + [{**log[i]}] + full["log"][k + 1:]}), ENGINE)
        if r.violations and r.violations[0].entry == k + 1 and "to exile" in r.violations[0].message:
            hits.append(r.violations[0].message)
    assert hits and all("reading K43" not in m for m in hits)


def test_a_card_seen_in_a_hand_may_go_face_down():
    """Reading K43: a card shown from a hand earlier may be one of those exiled face down; the
    table cannot tell, so the hand's seen cards become unseen again. (Greedy seed 27: Ben exiles
    Hollow Echo, seen in his hand before, and later plays Loaded Dice, his last card.)"""
    full = simulate(ENGINE, PLAYERS, 27, "greedy")
    table = table_view(ENGINE, full)
    assert {"choose": ["face down", "face down"], "player": "Ben"} in table["log"]
    whole, seen_ = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(table), ENGINE)
    assert seen_.legal and seen_.complete and (seen_.scores, seen_.winner) == (whole.scores, whole.winner)


def test_an_impossible_compulsory_mulligan():
    """A compulsory mulligan of a hand not shown is accepted only when some order of the deck
    leaves no manifestation in it (reading K40): with 6 Wills in 30 cards, every 7-card hand holds
    a manifestation, so a second mulligan not shown is a voluntary one taken twice."""
    six_wills = [n for n in ANA if n not in ("Oppress", "Wither", "Numbing Void")] + [
        "Seedling Vow", "Cinder Whelp", "Moss Choir"]
    assert sum(ENGINE.pool.get(n).type != "manifestation" for n in six_wills) == 6
    r = judge([{"mulligan": "Ana"}, {"mulligan": "Ana"}], {"Ana": {"cards": six_wills}, "Ben": {"cards": BEN}})
    assert first(r) == (2, 2, "Kartomantik 4.2.1 (The Mulligan)",
                        "Ana already took the voluntary mulligan (only once), whatever the order of Ana's deck "
                        "(reading K40)")
    assert r.undecided == []
    r = judge([{"mulligan": "Ana"}, {"mulligan": "Ana"}])  # 9 Wills: some order leaves none, not decided
    assert r.legal and [u["entry"] for u in r.undecided] == [2]


def test_a_voluntary_mulligan_taken_twice():
    r = judge([{"mulligan": "Ana", "hand": WILLS[:6] + ["Jester of Thorns"]},
               {"mulligan": "Ana", "hand": WILLS[:6] + ["Jester of Thorns"]}])
    assert first(r)[:3] == (2, 2, "Kartomantik 4.2.1 (The Mulligan)")
    assert first(r)[3] == "Ana already took the voluntary mulligan (only once)"


def test_an_end_score_from_an_end_reveal(games):
    """Reading K42: the deck's bonus from the cards shown at the end; without them, the report
    names the deck to show, counts what is decided and names no winner it cannot decide."""
    full, table = next((f, t) for f, t in games if "show" in t["log"][-1] and "hand" in str(t["log"][-1]))
    whole = adjudicate(in_memory(full), ENGINE)
    shown = adjudicate(in_memory(table), ENGINE)
    assert shown.scores == whole.scores and shown.undecided == []
    cut = judge(table["log"][:-1], table["setup"])
    assert cut.legal and cut.complete
    [p] = list(table["log"][-1]["show"])
    [u] = [u for u in cut.undecided if u["message"].startswith(f"{p}'s deck")]
    assert (u["line"], u["entry"], u["rule"]) == (None, None, "Kartomantik 4.4.2 (Point Calculation)")
    assert "manifestations (5 points each): the log does not show them" in u["message"]
    assert cut.scores[p] < whole.scores[p]
    assert "end of the log: not decided by the log: [Kartomantik 4.4.2 (Point Calculation)]" in as_text([cut])


def test_an_end_reveal_names_only_unseen_cards(games):
    _, table = next((f, t) for f, t in games if "show" in t["log"][-1] and "hand" in str(t["log"][-1]))
    [(p, zones)] = table["log"][-1]["show"].items()
    wrong = {"show": {p: {"hand": zones["hand"] + [zones["hand"][0]]}}}
    r = judge(table["log"][:-1] + [wrong], table["setup"])
    assert first(r)[2] == "Kartomantik 1.3 (Game Zones)" and "cannot hold" in first(r)[3]


def test_a_setup_without_order_is_checked_as_a_deck():
    r = judge([], {"Ana": {"cards": ANA[:-1]}, "Ben": {"cards": BEN}})
    assert first(r)[2] == "Kartomantik 4.1 (Building a Deck)" and "Ana's deck is not legal" in first(r)[3]
    r = judge([], {"Ana": {"decklist": "examples/decks/legal-yellow-tempo.txt"}, "Ben": {"cards": BEN}})
    assert r.legal  # a decklist alone: resolved from the log's folder (here the working directory)


def test_a_hand_named_then_shuffled_away_and_drawn_again():
    """Core: a hand of unseen cards named, shuffled into the deck, drawn again looks unchanged;
    conservation still counts the named cards as the unseen ones they were."""
    z = Zones()
    z.hide("deck", "deck:Ana", ["A", "B", "C", "D"])
    for _ in range(2):
        z.put(z.take_top("deck"), "hand")
    before = z.snapshot()
    z.name("hand", "A")
    z["deck"].extend(z["hand"])
    z["hand"].clear()
    z.conceal("deck", "deck:Ana")
    for _ in range(2):
        z.put(z.take_top("deck"), "hand")
    assert conservation(before, z) is None


@pytest.mark.parametrize("name", ["kartomantik-table-legal.yaml", "kartomantik-table-illegal-seen-twice.yaml"])
def test_the_examples(name):
    r = adjudicate(read_log(EXAMPLES / name, engines()), ENGINE)
    assert r.legal == ("illegal" not in name), r.violations


def test_views_show_unseen_cards_as_counts():
    """`--state N`, its JSON and the dispute page: unseen cards are a hidden count, never an item."""
    from typer.testing import CliRunner

    from pnp.cli import app

    path = str(EXAMPLES / "kartomantik-table-legal.yaml")
    runner = CliRunner()
    text = runner.invoke(app, ["check", "log", path, "--state", "50"]).output
    assert "Ana: Hand: 6 hidden" in text and "\x00" not in text
    as_json_ = runner.invoke(app, ["check", "log", path, "--state", "50", "--format", "json"]).output
    assert "\\u0000" not in as_json_ and '"hidden": 6' in as_json_
    assert "(not decided by the log)" in runner.invoke(app, ["check", "log", path, "--state", "1"]).output


def test_a_forged_unseen_card_is_said_in_words():
    z = Zones()
    z.hide("deck", "deck:Ana", ["A", "B"])
    before = z.snapshot()
    z.put(z["deck"][0], "hand")  # a copy of an unseen card, not moved
    assert conservation(before, z) == "appeared from nowhere: an unseen card of deck:Ana"
