"""The Kartomantik table as a `View` (rules_check/games/kartomantik/view.py): two example logs
replayed entry by entry, with the table asserted at the entries a dispute is about.

kartomantik-illegal-priority.yaml is kartomantik-legal.yaml with one entry more: after Ana
plays Empty Throne (entry 56) priority is Ben's, and Ana passes (entry 57, line 126). The
expected values below were read off the log and the rulebook: the decks are written top
first in the setup, every draw is from the top, and the checker works out the rest.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from rules_check.core.errors import IllegalAction
import tableviews
from tableviews import panel, zone
from rules_check.core.view import CountersPanel, SlotsPanel, View
from rules_check.games.kartomantik.state import KState

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "logs"
PRIORITY = EXAMPLES / "kartomantik-illegal-priority.yaml"
LEGAL = EXAMPLES / "kartomantik-legal.yaml"
MATCH = EXAMPLES / "kartomantik-legal-match.yaml"

PANEL_IDS = ["confrontation", "stack", "stalemate"] + [
    f"{p}-{kind}" for p in ("ana", "ben")
    for kind in ("hand", "deck", "interzone", "field", "limbo", "vessel", "exile", "power")]


def _snapshot(state: KState) -> tuple:
    """What a view could change by mistake, copied shallowly."""
    return ({k: list(v) for k, v in state.zones.zones.items()}, dict(state.counters), state.phase, state.priority,
            state.passes, state.turn, [i.card for i in state.items], [p.source for p in state.pending],
            None if state.resolving is None else (state.resolving.frame.pc, dict(state.resolving.frame.answers)),
            {p: dict(e) for p, e in state.essence.items()}, set(state.support), set(state.first), state.last_winner,
            state.winner, len(state.events), len(state.delayed))


@lru_cache(maxsize=None)
def replay(path: Path) -> tuple[list[View], tuple[int, int | None, IllegalAction] | None]:
    """The views after the setup (index 0) and after each entry (index N: entry N, 1-based) up
    to the first violation; that violation as (entry number, line, error). Every view is checked
    to leave the state as it was."""
    r = tableviews.replay(path, snapshot=_snapshot)
    for v in r.views:
        assert v.scores is not None
    return r.views, (r.broken[0], r.broken[1], r.error) if r.broken else None


def names(v: View, pid: str) -> list[str]:
    return zone(v, pid)


def slots(v: View, pid: str) -> list[list[str]]:
    p = panel(v, pid)
    assert isinstance(p, SlotsPanel)
    return [[c.name for c in s.cards] for s in p.slots]


def fact(v: View, label: str):
    found = [f.value for f in v.facts if f.label == label]
    assert len(found) == 1, (label, v.facts)
    return found[0]


def counter(v: View, pid: str, label: str):
    p = panel(v, pid)
    assert isinstance(p, CountersPanel)
    return next(x.value for x in p.values if x.label == label)


def card(v: View, pid: str, name: str):
    return next(c for c in panel(v, pid).cards if c.name == name)


# --- every view ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [PRIORITY, LEGAL], ids=["illegal-priority", "legal"])
def test_every_view_validates_round_trips_and_keeps_its_panels(path):
    views, _ = replay(path)
    for n, v in enumerate(views):
        assert View.model_validate(v.model_dump()) == v, n
        assert View.model_validate_json(v.model_dump_json()) == v, n
        assert [p.id for p in v.panels] == PANEL_IDS, n  # stable ids, shared panels first, then seating order
        assert {p.owner for p in v.panels if p.id.startswith("ana-")} == {"Ana"}
        assert {p.owner for p in v.panels if p.id.startswith("ben-")} == {"Ben"}
        assert all(p.owner is None for p in v.panels[:3])
        for pid in ("ana-interzone", "ben-interzone"):
            assert [s.label for s in panel(v, pid).slots] == ["Space 1", "Space 2", "Space 3"]
        for pid in ("ana-deck", "ben-deck"):  # face down: a count only
            assert panel(v, pid).cards == []
        assert panel(v, "stack").order == "stack"


def test_titles_are_the_rulebooks_zones():
    v = replay(PRIORITY)[0][0]
    titles = {p.id: p.title for p in v.panels}
    assert titles == {
        "confrontation": "Confrontation Zone", "stack": "The Stack", "stalemate": "Stalemate Zone",
        "ana-hand": "Ana: Hand", "ana-deck": "Ana: Deck", "ana-interzone": "Ana: Interzone",
        "ana-field": "Ana: Persistent Wills", "ana-limbo": "Ana: Limbo", "ana-vessel": "Ana: Empathic Vessel",
        "ana-exile": "Ana: Exile", "ana-power": "Ana: Power and Points",
        "ben-hand": "Ben: Hand", "ben-deck": "Ben: Deck", "ben-interzone": "Ben: Interzone",
        "ben-field": "Ben: Persistent Wills", "ben-limbo": "Ben: Limbo", "ben-vessel": "Ben: Empathic Vessel",
        "ben-exile": "Ben: Exile", "ben-power": "Ben: Power and Points"}


# --- kartomantik-illegal-priority.yaml ----------------------------------------------------------


def test_setup_the_first_seven_cards_of_each_deck_in_hand():
    v = replay(PRIORITY)[0][0]
    assert v.phase == "Recovery Phase" and v.active is None  # both choose at once (4.2.2 Revelation)
    assert fact(v, "turn") == 1 and fact(v, "priority") is None
    assert fact(v, "last Confrontation won by") == "Ana"  # ruling K1: the first player listed
    assert names(v, "ana-hand") == ["Tending Hands", "Scorched Pride", "Blazing Outcry", "The Silence After",
                                    "Gathering Circle", "Ember Tantrum", "Wide Embrace"]
    assert names(v, "ben-hand") == ["Furnace Heart", "Frost Logic", "Mimic Shell", "Scorched Pride", "Cold Lens",
                                    "Red Verdict", "Lumen Accord"]
    assert panel(v, "ana-deck").hidden == 23 and panel(v, "ben-deck").hidden == 23
    assert slots(v, "ana-interzone") == [[], [], []]
    assert v.scores == {"Ana": 70, "Ben": 60}  # 4.4.2: 5 for each manifestation in the deck
    assert counter(v, "ana-power", "deck bonus (5 per Manifestation)") == 70


def test_entry_1_the_revelation():
    v = replay(PRIORITY)[0][1]  # {reveal: {Ana: Tending Hands, Ben: Scorched Pride}}
    assert v.phase == "Confrontation Phase: Reaction"
    assert names(v, "confrontation") == ["Ana/Tending Hands", "Ben/Scorched Pride"]
    tending, pride = panel(v, "confrontation").cards
    assert (tending.note, tending.mark) == ("power 2", "first manifestation")
    assert (pride.note, pride.mark) == ("power 6 (base 5, +1 passive effects)", "first manifestation")
    assert fact(v, "would win the Confrontation now") == "Ben"
    assert fact(v, "priority") == "Ana"  # 2.2: the player who would lose
    assert fact(v, "triggered, to put on the Stack") == "Ana/Tending Hands (Ana)"
    assert v.active == "Ana"
    assert counter(v, "ana-power", "total power in the Confrontation") == 2
    assert counter(v, "ben-power", "total power in the Confrontation") == 6


def test_entry_7_the_stack_top_first():
    v = replay(PRIORITY)[0][7]  # {play: Furnace Heart, player: Ben}
    stack = panel(v, "stack")
    assert [(c.name, c.mark) for c in stack.cards] == [
        ("Ben/Furnace Heart", "card"), ("Ana/Blazing Outcry", "card"), ("Ben/Mimic Shell", "card"),
        ("Ana/Ember Tantrum", "card"), ("Ana/Tending Hands", "triggered effect")]
    assert fact(v, "priority") == "Ana" and v.active == "Ana"  # 2.3.2: to the opponent
    assert names(v, "ben-hand") == ["Frost Logic", "Cold Lens", "Red Verdict", "Lumen Accord"]


def test_entry_14_an_effect_waits_for_a_choice():
    v = replay(PRIORITY)[0][14]  # {pass: Ben}: Cold Lens's triggered effect resolves and asks Ben
    top = panel(v, "stack").cards[0]
    assert (top.name, top.mark) == ("Ben/Cold Lens", "resolving")
    assert "Ben chooses" in top.note
    assert v.active == "Ben" and fact(v, "priority") == "Ana"
    assert fact(v, "resolving").startswith("Ben/Cold Lens: Ben chooses")
    assert fact(v, "consecutive passes") == 2


def test_entries_45_to_47_a_target_and_a_turn_long_modifier():
    views = replay(PRIORITY)[0]
    top = panel(views[45], "stack").cards[0]  # {effect: Ana/Ember Tantrum, player: Ana, target: Ana/Blazing Outcry}
    assert (top.name, top.note, top.mark) == ("Ana/Ember Tantrum", "target Ana/Blazing Outcry", "triggered effect")
    v = views[47]  # it resolved: -1 power until the end of the turn
    assert card(v, "confrontation", "Ana/Blazing Outcry").note == "power 2 (base 3, -1 until the end of the turn)"
    assert card(v, "confrontation", "Ana/Blazing Outcry").mark == "support"
    assert card(v, "confrontation", "Ben/Mimic Shell").note == "power 3; has Pyre Herald's effects"
    assert counter(v, "ana-power", "total power in the Confrontation") == 6
    assert counter(v, "ben-power", "total power in the Confrontation") == 12
    assert names(v, "stack") == ["Ana/Tending Hands"]


def test_entries_51_to_54_ben_wins_and_places():
    views = replay(PRIORITY)[0]
    assert views[51].phase == "Resolution Phase" and fact(views[51], "Confrontation won by") == "Ben"
    v = views[53]  # both passed: Ana's manifestations go to Ben's Empathic Vessel (4.2.3)
    assert v.phase == "Resolution Phase: the winner places their Manifestations" and v.active == "Ben"
    assert [(c.name, c.note) for c in panel(v, "ben-vessel").cards] == [
        ("Ana/Tending Hands", "12 points"), ("Ana/Blazing Outcry", "20 points"), ("Ana/Ember Tantrum", "10 points")]
    assert names(v, "confrontation") == ["Ben/Scorched Pride", "Ben/Furnace Heart", "Ben/Mimic Shell"]
    assert v.scores == {"Ana": 70, "Ben": 97}
    v = views[54]  # {place: Ben, interzone: [Furnace Heart, Mimic Shell], deck: [Scorched Pride]}
    assert slots(v, "ben-interzone") == [["Furnace Heart"], ["Mimic Shell"], []]
    assert panel(v, "ben-interzone").slots[0].cards[0].note == "power 4"
    assert names(v, "confrontation") == []
    assert panel(v, "ben-deck").hidden == 23
    assert v.phase == "End Phase" and v.active == "Ben" and fact(v, "last Confrontation won by") == "Ben"
    assert v.scores == {"Ana": 70, "Ben": 102}


def test_the_violating_entry_57_the_table_before_it():
    views, broken = replay(PRIORITY)
    assert broken is not None
    number, line, exc = broken
    assert (number, line) == (57, 126)  # {pass: Ana}
    assert exc.rule == "Kartomantik 2.2 (Priority)"
    assert len(views) == 57  # the setup and entries 1 to 56
    v = views[56]  # {play: Empty Throne, player: Ana, tribute: [Wide Embrace]}
    assert v.phase == "End Phase"
    assert v.active == "Ben" and fact(v, "priority") == "Ben"  # 2.3.2: the opponent of who played
    assert fact(v, "consecutive passes") == 0
    assert [(c.name, c.mark) for c in panel(v, "stack").cards] == [("Ana/Empty Throne", "card")]
    assert names(v, "ana-hand") == ["Scorched Pride", "The Silence After", "Gathering Circle"]
    assert names(v, "ana-limbo") == ["Wide Embrace"]  # the tribute (2.1)
    assert slots(v, "ben-interzone") == [["Furnace Heart"], ["Mimic Shell"], []]
    assert v.scores == {"Ana": 70, "Ben": 102}


# --- kartomantik-legal.yaml ---------------------------------------------------------------------


def test_legal_entry_57_priority_passes_to_ana():
    views, broken = replay(LEGAL)
    assert broken is None and len(views) == 214
    v = views[57]  # {pass: Ben}: the legal game's entry 57
    assert fact(v, "priority") == "Ana" and v.active == "Ana" and fact(v, "consecutive passes") == 1
    v = views[58]  # both passed: Empty Throne, a Persistent Will, to the field (2.3 "A Card")
    assert names(v, "ana-field") == ["Empty Throne"] and names(v, "stack") == []
    assert v.active == "Ben"  # 4.2.4: the Stack Ana started resolved: priority to her opponent


def test_legal_excess_essence_and_exile():
    views = replay(LEGAL)[0]
    v = views[64]  # {play: Borrowed Strength, player: Ana, tribute: [Ivy Remembrance]}
    assert counter(v, "ana-power", "excess essence") == "hollow 1"
    exile = panel(views[213], "ana-exile")
    assert [(c.name, c.mark) for c in exile.cards] == [
        ("Hollow Echo", "face down"), ("Gathering Circle", "face down"), ("The Bridge of Tongues", "face down"),
        ("Scorched Pride", "face down"), ("Quiet Vigil", "face down")]


def test_legal_the_end_of_the_game():
    v = replay(LEGAL)[0][213]
    assert v.phase == "End of the Game" and v.active is None
    assert fact(v, "winner") == "Ana" and fact(v, "turn") == 7
    assert v.scores == {"Ana": 204, "Ben": 78}
    assert slots(v, "ana-interzone") == [["The Silence After"], ["Dawn Cartomancer"], []]
    silence = panel(v, "ana-interzone").slots[0].cards[0]
    assert silence.note == "power 13 (base 6, +6 permanent, +1 passive effects)"
    assert slots(v, "ben-interzone") == [["Wrathborn"], [], []]
    assert names(v, "ana-field") == ["Empty Throne"] and names(v, "ben-field") == ["Empty Throne"]
    assert panel(v, "ana-deck").hidden == 1 and panel(v, "ben-deck").hidden == 7
    assert names(v, "ana-hand") == ["Burning Decree"]
    assert counter(v, "ana-power", "points from effects") == -5
    assert counter(v, "ana-power", "Empathic Vessel points") == 204
    assert counter(v, "ben-power", "points") == 78
