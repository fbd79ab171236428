"""The So Long, My World table as a View (rules_check/games/so_long_my_world/view.py), after each
entry of the example logs: what the panels hold, checked against the logs read by hand.

Entries are numbered from 1 as the report numbers them (``views[0]`` is the table after the
setup, ``views[n]`` after entry n).
"""

from __future__ import annotations

import pickle

import pytest

from rules_check.core.logfile import read_log
from tableviews import ENGINES, EXAMPLES, Replay, panel, replay, zone
from rules_check.core.view import CountersPanel, RingPanel, SlotsPanel, View

ENGINE = ENGINES["so-long-my-world"]
TWO_DRAINS = "so-long-my-world-illegal-two-drains.yaml"
COOP = "so-long-my-world-coop.yaml"
SOLO = "so-long-my-world-solo.yaml"
LONGEST = "so-long-my-world-legal-3p.yaml"  # the most entries of the So Long, My World examples (140)
PER_PLAYER = ("vision", "stock", "hand", "field", "tokens")
SHARED = ["clock", "event", "event-deck", "event-discard", "remnant-deck", "discard", "gestalt-deck", "system"]


@pytest.fixture(scope="module")
def drains() -> Replay:
    return replay(TWO_DRAINS)


@pytest.fixture(scope="module")
def coop() -> Replay:
    return replay(COOP)


@pytest.fixture(scope="module")
def solo() -> Replay:
    return replay(SOLO)


def value(view: View, pid: str, label: str):
    p = panel(view, pid)
    assert isinstance(p, CountersPanel)
    found = [v.value for v in p.values if v.label == label]
    assert len(found) == 1, f"{pid}: {label!r} in {[v.label for v in p.values]}"
    return found[0]


def values(view: View, pid: str) -> dict:
    p = panel(view, pid)
    assert isinstance(p, CountersPanel)
    return {v.label: v.value for v in p.values}


def fact(view: View, label: str):
    found = [f.value for f in view.facts if f.label == label]
    return found[0] if found else None


def space(view: View, vision: str, pid: str = "clock"):
    p = panel(view, pid)
    spaces = p.spaces if isinstance(p, RingPanel) else p.slots  # type: ignore[union-attr]
    found = [s for s in spaces if s.label == vision]
    assert len(found) == 1
    return found[0]


def on(view: View, vision: str, pid: str = "clock") -> list[str]:
    return [c.name for c in space(view, vision, pid).cards]


def stock(view: View, player: str) -> dict:
    return values(view, f"{player.lower()}-stock")


def feelings(hope=0, nostalgia=0, resignation=0, despair=0, madness=0, marks=0) -> dict:
    return {"hope": hope, "nostalgia": nostalgia, "resignation": resignation, "despair": despair,
            "madness": madness, "Marks of Sol": marks}


# --- every view -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [TWO_DRAINS, COOP, SOLO, LONGEST])
def test_every_view_validates_and_round_trips(name: str) -> None:
    r = replay(name)
    players = list(read_log(EXAMPLES / name, ENGINES).players)
    ids = [p.id for p in r.views[0].panels]
    for n, v in enumerate([*r.views, *([r.before] if r.before else [])]):
        assert View.model_validate(v.model_dump()) == v, n
        assert View.model_validate_json(v.model_dump_json()) == v, n
        assert [p.id for p in v.panels] == ids, f"panel ids change at entry {n}"
        clock = panel(v, "clock")
        assert isinstance(clock, RingPanel) and len(clock.spaces) == 6 and clock.pointer is None
        # the players' panels, in seating order, after the shared ones
        own = [p.id for p in v.panels if p.owner is not None]
        assert own == [f"{p.lower()}-{z}" for p in players for z in PER_PLAYER]
        assert all(p.owner is None for p in v.panels[:len(v.panels) - len(own)])
        assert set(v.scores) == set(players)


def test_views_leave_the_state_alone() -> None:
    r = replay(LONGEST, snapshot=lambda state: pickle.dumps(
        (state.zones.zones, state.locked, state.vision_of, state.phase, state.turn, state.hour)))
    assert r.broken is None and len(r.views) == 141


# --- so-long-my-world-illegal-two-drains.yaml (Teal, Yellow, Purple, Green; Green first) -------------------


CLOCK = ["Place of Worship", "World's Edge Pub", "Special Person", "Death Drive", "Slaughter", "Empty City"]


def test_two_drains_setup(drains: Replay) -> None:
    v = drains.views[0]
    assert v.phase == "1. Event Phase" and v.active == "Green"
    assert fact(v, "Hour") == "I" and fact(v, "Round") == 1 and fact(v, "First Player") == "Green"
    clock = panel(v, "clock")
    assert clock.title == "Clock" and [s.label for s in clock.spaces] == CLOCK
    assert clock.pointer is None and clock.centre == "hour I of XII"
    assert space(v, "Place of Worship").note == "no feelings; affinity: hope"
    assert panel(v, "event-deck").hidden == 12 and panel(v, "remnant-deck").hidden == 46
    assert panel(v, "gestalt-deck").hidden == 8 and zone(v, "event") == []
    assert zone(v, "teal-hand") == ["Life is a Journey", "Soul Box", "We Won't be There", "We Won't be There",
                                    "She Wasn't My Daughter"]
    assert panel(v, "teal-hand").cards[0].note == "cost 1 hope"
    assert stock(v, "Teal") == feelings(nostalgia=1) and stock(v, "Green") == feelings(hope=1)
    assert values(v, "system") == feelings(hope=10, nostalgia=10, resignation=12, despair=12, madness=12, marks=12)
    assert zone(v, "teal-tokens")[:6] == CLOCK
    assert v.scores == {"Teal": -5, "Yellow": -5, "Purple": -5, "Green": -5}  # 5 cards in hand, -1 each


def test_two_drains_round_one(drains: Replay) -> None:
    # 1: A Letter from Nobody deals 2 nostalgia to Special Person, 1 despair to Death Drive, 1 resignation
    #    to Place of Worship; Green's extra hope on Place of Worship (4 players)
    v = drains.views[1]
    assert v.phase == "2. Choice Phase" and v.active is None
    assert fact(v, "Event") == "A Letter from Nobody" and zone(v, "event") == ["A Letter from Nobody"]
    assert space(v, "Place of Worship").note == "2 feelings: 1 hope, 1 resignation; affinity: hope"
    assert space(v, "Special Person").note == "2 feelings: 2 nostalgia; affinity: nostalgia"
    assert space(v, "Death Drive").note == "1 feeling: 1 despair; affinity: despair"
    assert panel(v, "event-deck").hidden == 11
    # 2: the choices revealed: Green and Purple on Place of Worship, Teal and Yellow on Empty City
    v = drains.views[2]
    assert v.phase == "3. Hindrance Phase" and v.active == "Green"
    assert fact(v, "Turn order") == "Green, Teal, Yellow, Purple"
    assert on(v, "Place of Worship") == ["Purple", "Green"] and on(v, "Empty City") == ["Teal", "Yellow"]
    assert zone(v, "teal-vision") == ["Empty City"] and zone(v, "green-vision") == ["Place of Worship"]
    assert "Empty City" not in zone(v, "teal-tokens")
    # 7: Green drains a Remnant card: the top of the Remnant deck
    v = drains.views[7]
    assert v.phase == "4. Vision Phase" and v.active == "Green" and fact(v, "Step") == "3. Play Cards"
    assert zone(v, "green-hand")[-1] == "Home Before Dark" and panel(v, "remnant-deck").hidden == 45
    # 14: the End Phase: the clock advances, the First Player token passes to Teal
    v = drains.views[14]
    assert v.phase == "1. Event Phase" and v.active == "Teal"
    assert fact(v, "Hour") == "II" and fact(v, "Round") == 2 and fact(v, "First Player") == "Teal"
    assert panel(v, "clock").centre == "hour II of XII"
    assert zone(v, "event") == [] and zone(v, "event-discard") == ["A Letter from Nobody"]
    assert all(zone(v, f"{p}-vision") == [] for p in ("teal", "yellow", "purple", "green"))
    assert zone(v, "teal-hand")[-1] == "Home Before Dark" and zone(v, "purple-hand")[-1] == "Father's Old Coat"


def test_two_drains_round_two(drains: Replay) -> None:
    # 15: Calm Before: resignation on World's Edge Pub (+1 there, the First Player's choice), hope on
    #     Special Person, despair on Slaughter; Teal's extra resignation on Place of Worship
    v = drains.views[15]
    assert space(v, "Place of Worship").note == "3 feelings: 1 hope, 2 resignation; affinity: hope"
    assert space(v, "World's Edge Pub").note == "2 feelings: 2 resignation; affinity: resignation"
    assert space(v, "Special Person").note == "3 feelings: 1 hope, 2 nostalgia; affinity: nostalgia"
    assert space(v, "Slaughter").note == "1 feeling: 1 despair; affinity: madness"
    assert space(v, "Empty City").note == "no feelings; affinity: resignation"
    # 21: Teal drains the 2 nostalgia of Special Person
    v = drains.views[21]
    assert space(v, "Special Person").note == "1 feeling: 1 hope; affinity: nostalgia"
    assert on(v, "Special Person") == ["Teal"] and stock(v, "Teal") == feelings(nostalgia=3)


def test_two_drains_violation(drains: Replay) -> None:
    assert drains.broken == (22, 126, "So Long, My World: 4. Vision Phase, 2. Drain")
    assert len(drains.views) == 22
    v = drains.before
    assert v is not None and v == drains.views[21]
    assert v.phase == "4. Vision Phase" and v.active == "Teal"
    assert fact(v, "Turn") == "Teal" and fact(v, "Step") == "3. Play Cards"  # the drain is behind Teal
    assert fact(v, "Hour") == "II" and fact(v, "Event") == "Calm Before"
    assert stock(v, "Teal") == feelings(nostalgia=3)
    assert zone(v, "teal-vision") == ["Special Person"]
    assert values(v, "system")["Marks of Sol"] == 12


# --- so-long-my-world-coop.yaml (So Long, My Love: Ana, Ben; The Long Way Home) -----------------------------


def test_coop_goal_panel(coop: Replay) -> None:
    v = coop.views[0]
    goals = panel(v, "goals")
    assert goals.title == "Heartbreak card: The Long Way Home"
    assert values(v, "goals") == {
        "Heartbreak card": "The Long Way Home", "Goal": "Neither player plays a card with a negative karma.",
        "Goal so far": "reached (cards with a negative karma played: none)", "Collective Insight": "0 of 18"}
    assert fact(v, "Mode") == "So Long, My Love (2-player co-op mode)"
    assert [s.label for s in panel(v, "l-uno").slots] == ["L'Uno"]
    # 77: Ana plays She Wasn't My Daughter (3 Insight points; Ben's Father's Old Coat: 1)
    assert zone(coop.views[77], "ana-field")[-1] == "She Wasn't My Daughter"
    assert value(coop.views[77], "goals", "Collective Insight") == "4 of 18"
    # 113: {goal: reached}
    v = coop.views[113]
    assert v.phase == "The End of All Things" and v.active is None
    assert value(v, "goals", "Goal declared") == "reached"
    assert value(v, "goals", "Collective Insight") == "5 of 18"
    assert fact(v, "Hour") == "XII" and fact(v, "Rounds played") == 11
    assert panel(v, "clock").centre == "hour XII of XII" and v.scores == {"Ana": 3, "Ben": 2}
    assert zone(v, "ana-field") == ["Soul Box", "Life is a Journey", "She Wasn't My Daughter"]
    assert zone(v, "ben-field") == ["Soul Box", "Life is a Journey", "Father's Old Coat", "Waiting Room"]
    assert "Goal declared" not in values(coop.views[112], "goals")


def test_coop_waiting_and_cards(coop: Replay) -> None:
    # 1: Gentle Rain: Ana takes madness; the event waits for Ben's own choice
    v = coop.views[1]
    assert v.phase == "1. Event Phase" and v.active == "Ben"
    assert fact(v, "Waiting for").startswith("Ben to choose the 1 Feeling Ben receives from the System")
    assert zone(v, "event") == ["Gentle Rain"] and panel(v, "event").cards[0].mark == "resolving"
    assert panel(v, "event-deck").hidden == 11
    assert stock(v, "Ana") == feelings(nostalgia=1, madness=1)
    # 2: Ben takes nostalgia; Gentle Rain's Feelings dealt
    v = coop.views[2]
    assert v.phase == "2. Choice Phase" and panel(v, "event").cards[0].mark is None
    assert stock(v, "Ben") == feelings(hope=1, nostalgia=1)
    assert space(v, "Empty City").note == "1 feeling: 1 hope; affinity: resignation"
    assert space(v, "World's Edge Pub").note == "1 feeling: 1 resignation; affinity: resignation"
    # 3-4: Ana on World's Edge Pub plays Soul Box in the Hindrance Phase: its resignation to her stock
    assert on(coop.views[3], "World's Edge Pub") == ["Ana"] and on(coop.views[3], "Slaughter") == ["Ben"]
    v = coop.views[4]
    assert v.active == "Ben" and zone(v, "ana-field") == ["Soul Box"]
    assert panel(v, "ana-field").cards[0].note == "positive karma, starting card, Hindrance"
    assert space(v, "World's Edge Pub").note == "no feelings; affinity: resignation"
    assert stock(v, "Ana") == feelings(resignation=1, madness=1)
    # 42: Ana chooses L'Uno (off the clock)
    v = coop.views[42]
    assert on(v, "L'Uno", "l-uno") == ["Ana"] and zone(v, "ana-vision") == ["L'Uno"]
    assert on(v, "Empty City") == ["Ben"] and fact(v, "Hour") == "V" and panel(v, "clock").centre == "hour V of XII"


def test_coop_reboot(coop: Replay) -> None:
    # 88: Reboot: Memory Leak waits for Ana's returned Feeling
    v = coop.views[88]
    assert v.active == "Ana" and zone(v, "event") == ["Reboot: Memory Leak"]
    # 89: the Reboot resolved, to the discard pile: a new event is drawn
    v = coop.views[89]
    assert v.phase == "1. Event Phase: a Reboot was resolved, a new Event card is drawn" and v.active == "Ben"
    assert zone(v, "event") == [] and zone(v, "event-discard")[0] == "Reboot: Memory Leak"
    # 90: Looting is drawn after the Reboot: its effect ignored
    v = coop.views[90]
    assert v.phase.endswith("shuffled back into the deck")
    assert zone(v, "event") == ["Looting"] and panel(v, "event").cards[0].mark == "effect ignored"
    # 91: the reshuffle: the discard pile goes back into the deck
    v = coop.views[91]
    assert zone(v, "event-discard") == [] and panel(v, "event-deck").hidden == 11


# --- so-long-my-world-solo.yaml (Ana, The Last Lighthouse; Lock Feeling: resignation) --------------------


def test_solo_path(solo: Replay) -> None:
    v = solo.views[0]
    assert fact(v, "Mode") == "Solo/Campaign Mode" and fact(v, "First Player") is None
    assert panel(v, "path").title == "Path: The Last Lighthouse"
    assert values(v, "path") == {"Path": "The Last Lighthouse", "Lock Feeling": "resignation", "Words held": "none",
                                 "Unlocked Visions": "3 of 6"}
    assert [s.note.split(";")[0] for s in panel(v, "clock").spaces] == [
        "locked (face down)", "no feelings", "no feelings", "no feelings", "locked (face down)",
        "locked (face down)"]
    assert panel(v, "clock").centre == "hour IV of XII" and fact(v, "Hour") == "IV"  # the Path's start hour
    assert zone(v, "ana-hand") == ["Life is a Journey", "Soul Box"]
    assert zone(v, "ana-tokens") == CLOCK and value(v, "system", "Vision Tokens") == 24
    assert panel(v, "sequences").slots == []
    # 1: Empty Shelves deals; "2. Vision Phase"
    v = solo.views[1]
    assert v.phase == "2. Vision Phase" and v.active == "Ana"
    assert value(v, "path", "Reach an unlocked Vision") == "not yet"
    assert space(v, "Special Person").note == "1 feeling: 1 hope; affinity: nostalgia"
    # 2: Ana reaches Special Person: its hope and 1 nostalgia (affinity), her token to the System
    v = solo.views[2]
    assert on(v, "Special Person") == ["Ana"] and zone(v, "ana-vision") == ["Special Person"]
    assert space(v, "Special Person").note == "no feelings; affinity: nostalgia"
    assert stock(v, "Ana") == feelings(hope=2, nostalgia=2)
    assert value(v, "path", "Reach an unlocked Vision") == "done"
    assert "Special Person" not in zone(v, "ana-tokens")
    # 3: unlocks Place of Worship (1 hope, its token)
    v = solo.views[3]
    assert space(v, "Place of Worship").note == "no feelings; affinity: hope"
    assert value(v, "path", "Unlocked Visions") == "4 of 6" and stock(v, "Ana") == feelings(hope=1, nostalgia=2)
    # 4-5: drains a Mark of Sol, observes Special Person with it
    assert value(solo.views[4], "path", "Drain") == "done" and stock(solo.views[4], "Ana")["Marks of Sol"] == 1
    v = solo.views[5]
    assert space(v, "Special Person").note == "no feelings; 1 Mark of Sol; affinity: nostalgia"
    assert value(v, "path", "Observe a Vision") == "done" and stock(v, "Ana")["Marks of Sol"] == 0


def test_solo_lock_and_end(solo: Replay) -> None:
    # 6: the End Phase: hour V; the turn's reach is over
    v = solo.views[6]
    assert v.phase == "1. Event Phase" and fact(v, "Hour") == "V" and fact(v, "Round") == 2
    assert on(v, "Special Person") == [] and zone(v, "ana-vision") == []
    assert "Reach an unlocked Vision" not in values(v, "path")
    # 7: Last Broadcast: its resignation locks World's Edge Pub; Special Person's Mark of Sol stays (no lock
    #    there); Place of Worship, unlocked, gets its nostalgia
    v = solo.views[7]
    assert space(v, "World's Edge Pub").note == "locked (face down); no feelings; affinity: resignation"
    assert space(v, "Place of Worship").note == "1 feeling: 1 nostalgia; affinity: hope"
    assert space(v, "Special Person").note == "1 feeling: 1 hope; 1 Mark of Sol; affinity: nostalgia"
    assert value(v, "path", "Unlocked Visions") == "3 of 6"
    # 9: drains a World's Edge Pub token from the System
    v = solo.views[9]
    assert zone(v, "ana-tokens") == ["World's Edge Pub", "World's Edge Pub", "Slaughter", "Empty City"]
    # 28: the time runs out: the Normal Ending, not every Vision unlocked
    v = solo.views[28]
    assert v.phase == "End of the Game: the unlocked Words are recorded" and v.active == "Ana"
    assert fact(v, "Hour") == "XII" and fact(v, "Rounds played") == 8 and panel(v, "clock").centre == "hour XII of XII"
    assert value(v, "path", "Ending") == "normal: The clock strikes twelve. The lamp turns once more."
    assert value(v, "path", "Won") == "no"
    assert len(zone(v, "ana-hand")) == 8 and v.scores == {"Ana": -8}
    # 29: {record: [Fog]}
    v = solo.views[29]
    assert v.phase == "End of the Game" and v.active is None
    assert value(v, "path", "Words recorded") == "Fog"


def test_panel_kinds(drains: Replay, coop: Replay, solo: Replay) -> None:
    kinds = {p.id: p.kind for p in coop.views[0].panels}
    assert kinds["clock"] == "ring" and kinds["l-uno"] == "slots" and kinds["goals"] == "counters"
    assert kinds["ana-stock"] == "counters" and kinds["ana-field"] == "zone" and kinds["ana-vision"] == "zone"
    assert [p.id for p in drains.views[0].panels[:len(SHARED)]] == SHARED
    assert isinstance(panel(solo.views[0], "sequences"), SlotsPanel)
    assert "goals" not in {p.id for p in solo.views[0].panels} and "path" not in kinds
