"""relics logs written with the real cards (issue 24; rulings R12-R14): the setup names the nine
cards "Setup" deals, not the draw pile's order; the draw pile is unseen cards; every entry names
the cards it turns up (``drawn:``), an arrange the cards it looks at; a reshuffle writes no order.
The table view of a simulated game (rules_check/core/tableview.py) is such a log of the same game:
it must be judged legal, with the same score and winner, and nothing left undecided (the score
counts the relic halves on the table, all face up: no end reveal is needed, ruling R14)."""

from __future__ import annotations

import base64
import gzip
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from logmutants import caught
from rules_check.core.adjudicate import adjudicate
from rules_check.core.engine import EntryRef
from rules_check.core.logfile import log_in_memory as in_memory
from rules_check.core.logfile import read_log
from rules_check.core.simulate import simulate
from rules_check.core.tableview import table_view
from rules_check.core.zones import CONSERVATION, unseen_count
from rules_check.engines import engines
from rules_check.games.relics import abilities, search, seen
from rules_check.games.relics.state import DRAW

ENGINE = engines()["relics"]
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "logs"
PLAYERS = ["Ana"]
RANDOM_GAMES = 40
GREEDY_GAMES = 14
SEARCH_SEEDS = (1, 2)
REF = EntryRef("t", 0, None)
LOOK_AHEAD = "relics: Turn Sequence 3, Look ahead"


def judge(table: dict, entries: list) -> object:
    return adjudicate(in_memory({**table, "log": entries}), ENGINE)


def first(report) -> tuple:
    v = report.violations[0]
    return v.line, v.entry, v.rule, v.message


def view_of(seed: int, policy: str = "random") -> dict:
    return table_view(ENGINE, simulate(ENGINE, PLAYERS, seed, policy))


@pytest.fixture(scope="module")
def games() -> list[tuple[dict, dict]]:
    """(full log, table view) of RANDOM_GAMES random and GREEDY_GAMES greedy games."""
    out = []
    for policy, n in (("random", RANDOM_GAMES), ("greedy", GREEDY_GAMES)):
        for seed in range(n):
            full = simulate(ENGINE, PLAYERS, seed, policy)
            out.append((full, table_view(ENGINE, full)))
    return out


@pytest.fixture(scope="module")
def seven() -> dict:
    """The table view of seed 7 (examples/logs/relics-table-legal.yaml): an arrange at entry 3,
    a draw ability at entry 18, two reshuffles, a hand-limit discard at entry 20."""
    return view_of(7)


# --- the table views of simulated games ---------------------------------------------------------------


def test_table_views_are_legal_with_the_same_result(games):
    assert len(games) >= 50
    for full, table in games:
        whole, seen_ = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(table), ENGINE)
        assert seen_.legal and seen_.complete, seen_.violations
        assert (seen_.scores, seen_.winner) == (whole.scores, whole.winner)
        assert seen_.undecided == [] and seen_.unverified == []  # the score needs no card turned up (R14)
    difficulties = Counter(full["setup"]["difficulty"] for full, _ in games[:RANDOM_GAMES])
    greedy = Counter(full["setup"]["difficulty"] for full, _ in games[RANDOM_GAMES:])
    assert set(difficulties) == set(greedy) == {"normal", "hard"}  # every difficulty, both policies
    assert any(whole_won(full) for full, _ in games)  # a won game among them


def whole_won(full: dict) -> bool:
    return adjudicate(in_memory(full), ENGINE).winner is not None


def test_a_table_view_writes_no_order(games):
    drawn = shuffled = looked = 0
    for full, table in games:
        assert set(table["setup"]) == {"difficulty", "dealt"}
        assert table["setup"]["dealt"] == full["setup"]["draw_pile"][:9]  # as Setup dealt them
        for e in table["log"]:
            assert not isinstance(e.get("reshuffle"), list)
            drawn += "drawn" in e
            shuffled += e.get("reshuffle") == "shuffled"
            looked += "order" in (e.get("choose") or {})
    assert drawn and shuffled and looked  # the vocabulary is exercised


def test_the_draw_pile_stays_unseen_and_the_score_needs_none_of_it(games):
    """Ruling R14: the end shows nothing; the cards left in the draw pile stay a count."""
    hidden = 0
    for _, table in games[:10]:
        state = ENGINE.new_state(PLAYERS, table["setup"], "t", lambda path: None)
        for e in table["log"]:
            ENGINE.apply_checked(state, ENGINE.parse(e, state, REF))
        hidden += unseen_count(state.zones[DRAW])
        assert ENGINE.undecided(state, None) == []
    assert hidden  # some game ends with unseen cards in the draw pile, and its score is decided


@pytest.mark.parametrize("seed", SEARCH_SEEDS)
def test_a_search_game_too(seed):
    full = simulate(ENGINE, PLAYERS, seed, "search")
    whole, seen_ = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(table_view(ENGINE, full)), ENGINE)
    assert seen_.legal and seen_.complete and (seen_.scores, seen_.winner) == (whole.scores, whole.winner)


def test_mutations_of_table_views_are_caught(games):
    """Each entry written twice, or replaced by another: caught. Measured: 100% (1,442 of 1,442
    mutants of 12 random and 8 greedy table views); every entry names the cards it turns up, so
    a copy names cards already in play, and a travel or payment out of place breaks its turn."""
    logs = [t for _, t in games[:12]] + [t for _, t in games[RANDOM_GAMES:RANDOM_GAMES + 8]]
    found, tried = caught(logs, lambda log: adjudicate(in_memory(log), ENGINE), random.Random(5))
    assert tried > 1000 and found / tried >= 0.98, (found, tried)


def test_the_cli_writes_the_table_view(tmp_path):
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path / "t.yaml"
    result = CliRunner().invoke(app, ["simulate", "relics", "--seed", "3", "--view", "table", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "--view table" in text.splitlines()[0] and "dealt:" in text and "draw_pile" not in text
    report = adjudicate(read_log(out, engines()), ENGINE)
    assert report.legal and report.complete


# --- exact entries ---------------------------------------------------------------------------------------


def test_a_card_seen_twice(seven):
    """Hollow Oak's ability was used at entry 16: it lies on the discard pile, and the pile holds one."""
    log = list(seven["log"])
    assert log[17] == {"ability": "Cliffside Path", "drawn": ["Whispering Marsh"]}
    r = judge(seven, log[:17] + [{"ability": "Cliffside Path", "drawn": ["Hollow Oak"]}])
    assert first(r) == (18, 18, CONSERVATION, "Hollow Oak cannot come off the draw pile: the 17 location cards "
                                              "hold one Hollow Oak, and it is on the discard pile (ruling R12)")


def test_a_card_in_play_named_as_dealt(seven):
    r = judge(seven, [{**seven["log"][0], "drawn": ["Frozen Ford", "Fallen Shrine"]}])
    assert first(r) == (1, 1, CONSERVATION, "Fallen Shrine cannot come off the draw pile: the 17 location cards "
                                            "hold one Fallen Shrine, and it is in your hand (ruling R12)")


def test_one_copy_more_than_the_components_hold(tmp_path, seven):
    """The setup deals Sunken Road twice: there is one. The violation is at the second one's line."""
    text = (EXAMPLES / "relics-table-legal.yaml").read_text().replace("  - Fallen Shrine\nlog:",
                                                                      "  - Ashen Field\nlog:", 1)
    path = tmp_path / "twice.yaml"
    path.write_text(text)
    r = adjudicate(read_log(path, engines()), ENGINE)
    assert (r.violations[0].line, r.violations[0].entry, r.violations[0].rule, r.violations[0].message) == (
        15, None, CONSERVATION, "setup: Ashen Field is named twice: the 17 location cards hold one Ashen Field "
                                "(ruling R12)")
    r = judge(seven, [{**seven["log"][0], "drawn": ["Frozen Ford", "Frozen Ford"]}])
    assert first(r) == (1, 1, CONSERVATION, "Frozen Ford is named twice: the 17 location cards hold one Frozen "
                                            "Ford (ruling R12)")


def test_a_card_the_draw_pile_cannot_hold_there(seven):
    """Entry 3's arrange put Whispering Marsh, Starfall Hill, Shattered Bridge on top, in that
    order: the top is seen, so a deal that names another card first is refused."""
    log = list(seven["log"])
    assert log[2]["choose"] == {"order": ["Whispering Marsh", "Starfall Hill", "Shattered Bridge"]}
    assert log[4] == {"pay": {"green": 1}, "drawn": ["Whispering Marsh", "Starfall Hill"]}
    r = judge(seven, log[:4] + [{"pay": {"green": 1}, "drawn": ["Starfall Hill", "Whispering Marsh"]}])
    assert first(r) == (5, 5, LOOK_AHEAD, "card 1 from the top of the draw pile is Whispering Marsh, not "
                                          "Starfall Hill (ruling R12)")
    r = judge(seven, log[:4] + [{"pay": {"green": 1}, "drawn": ["Whispering Marsh", "Salt Flats"]}])
    assert first(r) == (5, 5, LOOK_AHEAD, "card 2 from the top of the draw pile is Starfall Hill, not "
                                          "Salt Flats (ruling R12)")


def test_what_an_arrange_names(seven):
    """An arrange's order names the top cards it looks at: each one the pile can hold; a short
    order is refused, its choices said in words (never as unseen items)."""
    log = list(seven["log"])
    look = {"ability": "Old Watchtower", "choose": {"order": ["Whispering Marsh", "Starfall Hill", "Fallen Shrine"]}}
    assert first(judge(seven, log[:2] + [look])) == (
        3, 3, CONSERVATION, "Fallen Shrine cannot come off the draw pile: the 17 location cards hold one Fallen "
                            "Shrine, and it is in your hand (ruling R12)")
    look = {"ability": "Old Watchtower", "choose": {"order": ["Whispering Marsh", "Starfall Hill"]}}
    line, entry, rule, message = first(judge(seven, log[:2] + [look]))
    assert (line, entry, rule) == (3, 3, "relics: Card Abilities") and "\x00" not in message
    assert "['Whispering Marsh', 'Starfall Hill', 'an unseen card']" in message


def test_the_tracker_never_comes_off_the_draw_pile(seven):
    r = judge(seven, [{**seven["log"][0], "drawn": ["Frozen Ford", "Energy Tracker"]}])
    assert first(r) == (1, 1, CONSERVATION, "Energy Tracker cannot come off the draw pile: it is placed to one "
                                            "side, not shuffled into the draw pile (Setup)")


def test_the_counts_of_the_draw_pile(seven):
    """The count rules: a deal names each card it turns up, no fewer and no more, and no more than
    the draw pile holds."""
    log = list(seven["log"])
    travel = {k: v for k, v in log[0].items() if k != "drawn"}
    assert first(judge(seven, [travel])) == (
        1, 1, LOOK_AHEAD, "2 cards came off the draw pile in the future path unnamed: the player sees each card as "
                          "it is dealt, so the entry names it (drawn: [CARD, ...]) (ruling R12)")
    assert first(judge(seven, [{**travel, "drawn": ["Frozen Ford", "Sunken Road", "Salt Flats"]}])) == (
        1, 1, LOOK_AHEAD, "the entry names Salt Flats as drawn, but only 2 cards came off the draw pile (ruling R12)")
    nine = ["Frozen Ford", "Sunken Road", "Whispering Marsh", "Shattered Bridge", "Starfall Hill", "Salt Flats",
            "Mossy Ravine", "Hollow Oak", "Lantern Market"]
    assert first(judge(seven, [{**travel, "drawn": nine}])) == (
        1, 1, LOOK_AHEAD, f"the entry names 9 cards drawn ({', '.join(nine)}), but the draw pile holds 8 "
                          f"(ruling R12)")
    r = judge(seven, log[:17] + [{"ability": "Cliffside Path"}])
    assert first(r) == (18, 18, "relics: Card Abilities",
                        "Cliffside Path's ability (\"Draw the top card of the draw pile into your hand.\") turns up "
                        "the top card of the draw pile: the entry names it (drawn: [CARD]) (ruling R12)")


def test_a_hand_limit_breach_in_a_table_log(seven):
    """The hand is the solo player's own: every card in it is seen (ruling R12), so the limit of
    1b counts named cards. Entry 19 makes four; paying before the discard is refused."""
    log = list(seven["log"])
    assert log[18:20] == [{"travel": "Sunken Road"}, {"discard": "Shattered Bridge"}]
    r = judge(seven, log[:19] + [{"pay": {}}])
    assert first(r) == (20, 20, "relics: Turn Sequence 1b, Decide",
                        "you hold 4 cards: discard one ({discard: CARD}, or use an ability) before paying")
    state = ENGINE.new_state(PLAYERS, seven["setup"], "t", lambda path: None)
    for e in log[:19]:
        ENGINE.apply_checked(state, ENGINE.parse(e, state, REF))
    assert len(state.hand()) == 4 and unseen_count(state.hand()) == 0


def test_not_decided_by_the_log_an_end_with_a_replace_in_hand():
    """Ruling R14: Frozen Ford's replace in hand; with Ashen Field on top of the unseen draw pile it
    would make a travel payable, with another card not: the end is legal, and not decided."""
    table = view_of(134)
    r = judge(table, table["log"][:34] + [{"end": "cannot pay"}])
    assert r.legal and r.complete and r.violations == []
    assert r.undecided == [{"line": 35, "entry": 35, "rule": "relics: Goal", "message": (
        "the end is legal only if the unseen top cards of the draw pile are not what the abilities in hand need: "
        "with Ashen Field on top of the draw pile, you can still pay: using Frozen Ford's ability (\"Replace a card "
        "of the decision path with the top card of the draw pile, same side up.\") first lets you travel to Ashen "
        "Field (the bottom-right challenge of Ashen Field (red 3) costs 1, and you would have 3 red energy and 0 "
        "cards to discard); the log does not show them (rulings R6, R14)")}]


def test_not_decided_by_the_log_a_travel_paid_by_a_card_not_yet_drawn():
    """Ruling R13: the travel to Lantern Market (entry 55) can be paid only if Cliffside Path's draw
    brings the right card; in the full game it did (entry 56 names it). Ended at once instead,
    the log decides neither the travel nor the end."""
    table = view_of(23)
    log = table["log"]
    assert log[54] == {"travel": "Lantern Market"} and log[55] == {"ability": "Cliffside Path",
                                                                   "drawn": ["Mossy Ravine"]}
    assert judge(table, log[:56]).legal  # the card drawn decides it: the challenge can be paid
    r = judge(table, log[:55] + [{"end": "cannot pay"}])
    assert r.legal and r.complete
    assert [(u["entry"], u["rule"]) for u in r.undecided] == [(56, "relics: Turn Sequence 1a, Decide"),
                                                              (56, "relics: Goal")]
    assert r.undecided[0]["message"] == (
        "the travel to Lantern Market (the bottom-right challenge of Lantern Market (green 3)) was accepted because "
        "some order of the unseen draw pile lets its challenge be paid (ruling R13); the game ends with it unpaid: "
        "the log does not decide whether that travel could be paid")


def test_a_travel_the_card_drawn_shows_could_not_be_paid():
    """Ruling R13: the first entry after which no order can make the travel legal is the one that
    names the card drawn: only Mossy Ravine on top would have paid Lantern Market's challenge."""
    table = view_of(23)
    log = table["log"][:55]
    assert judge(table, log + [{"ability": "Cliffside Path", "drawn": ["Mossy Ravine"]}]).legal
    r = judge(table, log + [{"ability": "Cliffside Path", "drawn": ["Salt Flats"]}])
    assert first(r) == (56, 56, "relics: Turn Sequence 1a, Decide", (
        "the travel to Lantern Market (the bottom-right challenge of Lantern Market (green 3)) was accepted because "
        "some order of the unseen draw pile lets its challenge be paid; with Salt Flats drawn since, none does: it "
        "could not be paid, even with the abilities of your cards (rulings R6, R13)"))


def test_an_end_refused_whatever_the_draw_pile_holds():
    """Ruling R14: an end is a violation when every order of the unseen top cards lets the player pay."""
    table = view_of(98)
    r = judge(table, table["log"][:34] + [{"end": "cannot pay"}])
    assert first(r) == (35, 35, "relics: Goal", "whatever the unseen top cards of the draw pile are, you can still "
                                                "pay; with Salt Flats on top of the draw pile: you can still pay the "
                                                "top-left challenge of Tidal Caves (blue 2): it costs 2, with your "
                                                "energy, your cards and their abilities (rulings R6, R14)")


def test_an_end_score_needs_no_end_reveal(seven):
    """Ruling R14: the score counts relic halves on the table, face up; the draw pile's unseen
    cards never count, so a table log needs no `show` at the end (relics has none)."""
    r = judge(seven, seven["log"])
    assert r.complete and r.scores == {"Ana": 1} and r.undecided == []
    with pytest.raises(Exception, match=r"unknown entry \['show'\]"):
        ENGINE.parse({"show": ["Salt Flats"]}, None, REF)


def test_a_full_log_may_name_its_deals_and_must_name_them_right():
    """``drawn`` in a log with the draw pile's order: checked against the order."""
    full = simulate(ENGINE, PLAYERS, 7, "random")
    first_entry = dict(full["log"][0])
    assert judge(full, [{**first_entry, "drawn": ["Frozen Ford", "Sunken Road"]}]).legal
    r = judge(full, [{**first_entry, "drawn": ["Sunken Road", "Frozen Ford"]}])
    assert first(r) == (1, 1, LOOK_AHEAD, "card 1 from the top of the draw pile is Frozen Ford, not Sunken Road "
                                          "(ruling R12)")
    r = judge(full, [{**first_entry, "drawn": ["Frozen Ford", "Sunken Road", "Whispering Marsh"]}])
    assert first(r) == (1, 1, LOOK_AHEAD, "the entry names Whispering Marsh as drawn, but only 2 cards came off "
                                          "the draw pile (ruling R12)")


def test_a_reshuffle_hides_the_discard_pile_again(seven):
    state = ENGINE.new_state(PLAYERS, seven["setup"], "t", lambda path: None)
    for e in seven["log"][:11]:
        ENGINE.apply_checked(state, ENGINE.parse(e, state, REF))
    assert state.phase == "look ahead" and len(state.zones[DRAW]) == 0
    discard = list(state.zones["discard"])
    ENGINE.apply_checked(state, ENGINE.parse({"reshuffle": "shuffled", "drawn": ["Cliffside Path", "Old Watchtower"]},
                                             state, REF))
    assert unseen_count(state.zones[DRAW]) == len(discard) - 2 == len(state.zones[DRAW])
    assert set(seen.could_be(state)) == set(discard) - {"Cliffside Path", "Old Watchtower"}


# --- the examples and the views -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["relics-table-legal.yaml", "relics-table-illegal-seen-twice.yaml"])
def test_the_examples(name):
    r = adjudicate(read_log(EXAMPLES / name, engines()), ENGINE)
    assert r.legal == ("illegal" not in name), r.violations
    if "illegal" in name:
        line = int(re.search(r"line (\d+)", (EXAMPLES / name).read_text().splitlines()[0]).group(1))
        assert (r.violations[0].line, r.violations[0].entry, r.violations[0].rule) == (line, 18, CONSERVATION)


def test_the_example_is_the_table_view_of_its_seed(seven):
    import yaml

    example = yaml.safe_load((EXAMPLES / "relics-table-legal.yaml").read_text())
    assert (example["setup"], example["log"]) == (seven["setup"], seven["log"])


def test_the_documented_real_game_is_the_example():
    """docs/logs/relics.md opens with how to write down a real game, and its complete example is
    examples/logs/relics-table-legal.yaml."""
    import yaml

    page = (ROOT / "docs" / "logs" / "relics.md").read_text()
    assert page.index("## Writing down a game played with the real cards") < page.index("## Players and setup")
    block = page.split("## Writing down a game played with the real cards", 1)[1].split("A complete game written "
                                                                                          "at the table", 1)[1]
    block = block.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert yaml.safe_load(block) == yaml.safe_load((EXAMPLES / "relics-table-legal.yaml").read_text())


def page_data(html: str) -> dict:
    packed = re.search(r'<script type="application/octet-stream" id="report-data"[^>]*>([^<]*)</script>', html)
    return json.loads(gzip.decompress(base64.b64decode(packed.group(1))))


def test_views_show_unseen_cards_as_counts(tmp_path):
    """`--state N`, its JSON and the dispute page: the draw pile's unseen cards are a hidden count,
    never an item; the top cards an arrange looked at are shown (ruling R12)."""
    from typer.testing import CliRunner

    from pnp.cli import app

    path = str(EXAMPLES / "relics-table-legal.yaml")
    runner = CliRunner()
    text = runner.invoke(app, ["check", "log", path, "--state", "3"]).output
    assert ("Draw pile: Whispering Marsh (day side), Starfall Hill (day side), Shattered Bridge (day side), "
            "3 hidden (top first)") in text and "\x00" not in text
    text = runner.invoke(app, ["check", "log", path, "--state", "1"]).output
    assert "Draw pile: 6 hidden" in text
    as_json = json.loads(runner.invoke(app, ["check", "log", path, "--state", "1", "--format", "json"]).output)
    draw = next(p for p in as_json["view"]["panels"] if p["id"] == "draw")
    assert draw["hidden"] == 6 and draw["cards"] == []
    out = tmp_path / "r.html"
    assert runner.invoke(app, ["check", "log", path, "--html", str(out)]).exit_code == 0
    data = page_data(out.read_text())
    assert "\\u0000" not in json.dumps(data) and "\x00" not in json.dumps(data)
    draws = [next(f for f in (data["fragments"][i] for i in s["panels"]) if 'id="panel-draw"' in f)
             for s in data["steps"][:4]]
    assert [re.search(r'hidden-cards" data-count="(\d+)"', d).group(1) for d in draws] == ["8", "6", "6", "3"]
    assert "Whispering Marsh" in draws[3] and "Whispering Marsh" not in draws[2]


def test_the_search_tries_every_card_an_unseen_draw_could_be():
    """Ruling R13: a travel payable only if a draw brings a card is legal (SOME order); the search
    names each candidate in a copy, never in the state the log is judged on. Seed 23, after the
    travel to Lantern Market (entry 55): Cliffside Path's draw in hand, the draw pile unseen."""
    table = view_of(23)
    state = ENGINE.new_state(PLAYERS, table["setup"], "t", lambda path: None)
    for e in table["log"][:55]:
        ENGINE.apply_checked(state, ENGINE.parse(e, state, REF))
    assert state.waiting is not None and state.hand() == ["Cliffside Path"] and seen.is_top_unseen(state)
    before = (list(state.zones[DRAW]), dict(state.zones.unknown[seen.PILE]))
    action = next(a for a in search.ability_uses(state) if a.card == "Cliffside Path")
    variants = abilities.variants(state, action)
    assert sorted(v.drawn[0] for v in variants) == sorted(seen.could_be(state)) and len(variants) > 1
    assert "Mossy Ravine" in seen.could_be(state)
    assert not search.can_pay_with_abilities(state, guess=False)
    assert search.can_pay_with_abilities(state, guess=True)
    assert (list(state.zones[DRAW]), dict(state.zones.unknown[seen.PILE])) == before
