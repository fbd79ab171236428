"""The relics table as data (rules_check/games/relics/view.py): the view after each entry of the
example logs, with contents checked against the logs by hand."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from rules_check.core.engine import EntryRef
from rules_check.core.logfile import read_log
import tableviews
from tableviews import panel
from rules_check.core.view import View
from rules_check.engines import engines

LOGS = Path(__file__).resolve().parents[1] / "examples" / "logs"
PANELS = ["location", "paths", "energy", "hand", "relics", "draw", "discard"]


def replay(name: str):
    """(views, violation): views[0] is the table after the setup, views[n] after entry n;
    violation is (entry number, line, IllegalAction) of the first illegal entry, else None."""
    r = tableviews.replay(name)
    return r.views, (r.broken[0], r.broken[1], r.error) if r.broken else None


def names(cards) -> list[str]:
    return [c.name for c in cards]


def slot(view: View, pid: str, label: str):
    return next(s for s in panel(view, pid).slots if s.label == label)


def values(view: View, pid: str) -> dict:
    return {v.label: v.value for v in panel(view, pid).values}


def facts(view: View) -> dict:
    return {v.label: v.value for v in view.facts}


def test_energy_first_violation_table():
    views, violation = replay("relics-illegal-energy-first.yaml")
    number, line, exc = violation
    assert (number, line) == (1, 28)
    assert "Turn Sequence 2" in exc.rule
    v = views[number - 1]  # the table the violating entry was played on: the setup's
    assert v.phase == "decide" and v.active == "Ana" and v.scores == {"Ana": 0}
    assert [p.id for p in v.panels] == PANELS
    (here,) = panel(v, "location").cards
    assert (here.name, here.mark) == ("Frozen Ford", "day side")
    assert here.note == "21; top-left black 2; bottom-right blue 3; banner: 1 green energy"
    decision = slot(v, "paths", "decision path").cards
    assert names(decision) == ["Ashen Field", "Broken Mill"]
    assert decision[0].note.endswith("travel here: top-left red 3")
    assert decision[1].note.endswith("travel here: bottom-right green 2")
    assert names(slot(v, "paths", "future path, first column").cards) == ["Lantern Market", "Salt Flats"]
    rightmost = slot(v, "paths", "future path, rightmost column").cards
    assert names(rightmost) == ["Shattered Bridge", "Whispering Marsh"]
    assert {c.mark for c in rightmost} == {"night side"}
    assert values(v, "energy") == {"red": 2, "blue": 2, "green": 2}
    hand = panel(v, "hand")
    assert names(hand.cards) == ["Old Watchtower", "Cliffside Path"] and hand.hidden == 0
    assert hand.cards[1].note == "Your next {red} challenge costs 2 less."
    draw = panel(v, "draw")
    assert draw.cards == [] and draw.hidden == 8  # the order is face down
    assert panel(v, "discard").cards == []
    assert [(s.label, s.cards) for s in panel(v, "relics").slots] == [
        ("Sunstone Chalice (red)", []), ("Tidewater Pearl (blue)", []), ("Verdant Crown (green)", [])]
    assert facts(v)["difficulty"] == "hard"


def test_won_game_entry_by_entry():
    views, violation = replay("relics-won.yaml")
    assert violation is None
    assert len(views) == 59  # the setup and 58 entries

    v = views[1]  # entry 1 (line 26): travel to Lantern Market, pay 2 red
    assert names(panel(v, "location").cards) == ["Lantern Market"]
    assert values(v, "energy") == {"red": 0, "blue": 2, "green": 3}
    assert names(panel(v, "hand").cards) == ["Stormbreak Pass", "Shattered Bridge", "Mossy Ravine"]
    assert names(panel(v, "discard").cards) == ["Ashen Field"]
    assert panel(v, "draw").hidden == 6
    assert names(slot(v, "paths", "future path, rightmost column").cards) == ["Tidal Caves", "Hollow Oak"]

    v = views[2]  # entry 2 (line 27): travel to Salt Flats: four cards in hand, the challenge waits
    assert v.phase == "hand limit"
    assert len(panel(v, "hand").cards) == 4
    assert slot(v, "paths", "decision path").cards == []
    assert values(v, "challenge") == {"destination": "Salt Flats", "corner": "top-left", "colour": "black",
                                      "printed": 2, "costs now": 2, "paid with": "any colours"}

    v = views[3]  # entry 3 (line 28): discard Lantern Market
    assert v.phase == "challenge"
    assert names(panel(v, "discard").cards)[0] == "Lantern Market"  # top first
    assert panel(v, "discard").order == "stack"

    v = views[5]  # entry 5 (line 30): pay 2 green: the challenge is gone, the paths slid
    assert "challenge" not in [p.id for p in v.panels]
    assert names(slot(v, "paths", "decision path").cards) == ["Drowned Orchard", "Frozen Ford"]

    v = views[6]  # entry 6 (line 31): Stormbreak Pass flips Drowned Orchard to its day side
    orchard = slot(v, "paths", "decision path").cards[0]
    assert (orchard.name, orchard.mark) == ("Drowned Orchard", "day side")
    assert orchard.note.startswith("17; ")

    v = views[7]  # entry 7 (line 32): Mossy Ravine leaves a discount waiting (ruling R10)
    assert values(v, "energy")["next green challenge costs less by"] == 2
    assert panel(v, "hand").cards == []

    v = views[10]  # entry 10 (line 35): at Tidal Caves, night side, a relic half: the card is tilted
    (here,) = panel(v, "location").cards
    assert (here.name, here.mark) == ("Tidal Caves", "night side")
    assert here.note.endswith("banner: Tidewater Pearl half 1 (blue); tilted: it goes to the table, not the hand")
    assert panel(v, "draw").hidden == 0

    v = views[12]  # entry 12 (line 37): the draw pile is empty, two cards still to deal
    assert v.phase == "look ahead"
    assert slot(v, "paths", "future path, rightmost column").note == "2 still to deal"
    pearl = slot(v, "relics", "Tidewater Pearl (blue)")
    assert [(c.name, c.note) for c in pearl.cards] == [("Tidal Caves", "half 1")]
    assert v.scores == {"Ana": 1}

    v = views[13]  # entry 13 (line 38): the reshuffle
    assert v.phase == "decide"
    assert panel(v, "draw").hidden == 9 and panel(v, "discard").cards == []
    assert facts(v)["reshuffles"] == 1

    v = views[14]  # entry 14 (line 39): the Tidewater Pearl complete: the blue challenge is -1
    assert slot(v, "relics", "Tidewater Pearl (blue)").note.startswith("complete")
    assert values(v, "challenge")["costs now"] == 1
    assert facts(v)["challenge"] == "Old Watchtower, top-left blue 2: costs 1 now"
    assert v.scores == {"Ana": 3}

    v = views[-1]  # entry 58 (line 83): all three relics
    assert v.phase == "over" and v.active is None and v.scores == {"Ana": 9}
    assert facts(v)["result"] == "won: all three relics collected"
    assert all(s.note.startswith("complete") for s in panel(v, "relics").slots)
    chalice = slot(v, "relics", "Sunstone Chalice (red)").cards
    assert [(c.name, c.note, c.mark) for c in chalice] == [("Fallen Shrine", "half 1", "day side"),
                                                            ("Starfall Hill", "half 2", "night side")]


@pytest.mark.parametrize("name", sorted(p.name for p in LOGS.glob("relics-*.yaml")))
def test_every_view_validates_and_round_trips(name):
    views, _ = replay(name)
    for v in views:
        assert View.model_validate(v.model_dump()) == v
        assert View.model_validate_json(v.model_dump_json()) == v
        assert [p.id for p in v.panels if p.id != "challenge"] == PANELS
        hand = panel(v, "hand").cards
        assert len(hand) <= 4  # three, and a fourth only while the hand-limit discard waits
        assert all(c.name for p in v.panels if p.kind == "zone" for c in p.cards)


def test_view_reads_the_state_without_changing_it():
    E = engines()
    log = read_log(LOGS / "relics-won.yaml", E)
    eng = E[log.game]
    state = eng.new_state(list(log.players), log.setup, log.file, log.setup_line)
    for entry in log.entries:
        eng.apply_checked(state, eng.parse(entry.data, state, EntryRef(log.file, entry.index, entry.line)))
        before = copy.deepcopy(state)
        eng.view(state)
        assert state == before
