"""The Visions table as a View (rules_check/games/visions/view.py), after each entry of the
example logs: what every panel holds, checked against the logs read by hand.

Entries are numbered from 1 as the report numbers them (``views[0]`` is the table after the
setup, ``views[n]`` after entry n).
"""

from __future__ import annotations

import copy
import random

import pytest

from rules_check.core.engine import EntryRef
from rules_check.core.logfile import read_log
from tableviews import ENGINES, EXAMPLES, Replay, panel, replay, zone
from rules_check.core.view import CountersPanel, SlotsPanel, TrackPanel, View, ZonePanel
from rules_check.games.visions.state import OVER

ENGINE = ENGINES["visions"]
SKIP_LOG = "visions-illegal-skip.yaml"
LEGAL_LOG = "visions-legal-3p.yaml"

# cards/visions/reflection.yaml, the 2-3 side
TRACK = ["0 pts", "5 pts", "10 pts", "14 pts", "18 pts", "21 pts", "24 pts", "27 pts", "30 pts", "Awakening"]
IDS = ["river", "deck", "awakening",
       "ana-hand", "ana-dream-1", "ana-dream-2", "ana-score",
       "ben-hand", "ben-dream-1", "ben-dream-2", "ben-score",
       "cleo-hand", "cleo-dream-1", "cleo-dream-2", "cleo-score"]


@pytest.fixture(scope="module")
def skip() -> Replay:
    return replay(SKIP_LOG)


@pytest.fixture(scope="module")
def legal() -> Replay:
    return replay(LEGAL_LOG)


def river(view: View) -> list[str | None]:
    """The river's slots: the card on each, None when empty."""
    p = panel(view, "river")
    assert isinstance(p, SlotsPanel)
    assert [s.label for s in p.slots] == [str(i + 1) for i in range(len(p.slots))]
    for s in p.slots:
        assert len(s.cards) <= 1
    return [s.cards[0].name if s.cards else None for s in p.slots]


def deck(view: View) -> int:
    p = panel(view, "deck")
    assert isinstance(p, ZonePanel)
    assert p.cards == [] and p.order == "stack"
    return p.hidden


def markers(view: View) -> dict[str, int]:
    p = panel(view, "awakening")
    assert isinstance(p, TrackPanel)
    assert p.spaces == TRACK
    return {m.label: m.at for m in p.markers}


def counters(view: View, ident: str) -> dict[str, object]:
    p = panel(view, ident)
    assert isinstance(p, CountersPanel)
    return {v.label: v.value for v in p.values}


def facts(view: View) -> dict[str, object]:
    return {f.label: f.value for f in view.facts}


# --- every view ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("visions-*.yaml")
                                        if p.name != "visions-illegal-setup.yaml"))
def test_every_view_validates_and_round_trips(name: str) -> None:
    r = replay(name)
    for v in r.views + ([r.before] if r.before else []):
        assert View.model_validate(v.model_dump()) == v
        assert View.model_validate_json(v.model_dump_json()) == v
        assert [p.id for p in v.panels] == IDS
        for p in v.panels:
            player = p.id.split("-")[0].capitalize()
            assert p.owner == (None if p.id in ("river", "deck", "awakening") else player)


def test_titles(skip: Replay) -> None:
    v = skip.views[0]
    assert [p.title for p in v.panels] == [
        "River", "Draw pile", "Reflection track",
        "Ana: hand", "Ana: first Dream", "Ana: second Dream", "Ana: Final Scoring",
        "Ben: hand", "Ben: first Dream", "Ben: second Dream", "Ben: Final Scoring",
        "Cleo: hand", "Cleo: first Dream", "Cleo: second Dream", "Cleo: Final Scoring"]
    assert [p.kind for p in v.panels[:4]] == ["slots", "zone", "track", "zone"]


def test_the_view_changes_nothing() -> None:
    log = read_log(EXAMPLES / LEGAL_LOG, ENGINES)
    state = ENGINE.new_state(list(log.players), log.setup, log.file, log.setup_line)
    for entry in log.entries:
        action = ENGINE.parse(entry.data, state, EntryRef(log.file, entry.index, entry.line))
        ENGINE.apply_checked(state, action)
        before = copy.deepcopy(state)
        v = ENGINE.view(state)
        assert state == before
        # the view holds lists of its own: changing it leaves the state alone
        panel(v, "ana-hand").cards.clear()
        river_panel = panel(v, "river")
        river_panel.slots.clear()
        assert state == before


# --- visions-illegal-skip.yaml, entry by entry -------------------------------------------------------


def test_setup(skip: Replay) -> None:
    v = skip.views[0]
    assert (v.phase, v.active) == ("1 - Play a Card", "Ana")
    assert facts(v) == {"turn": "Ana", "cards played this turn": 0}
    assert river(v) == ["Time in the Hidden Village", "Flight in the Burning Desert", "Time in the Burning Desert",
                        "Dreamcatcher in the Hidden Village", "Dreamcatcher in the Burning Desert"]
    assert deck(v) == 31  # 45 cards for 3 players, 9 dealt, 5 in the river
    assert markers(v) == {"Ana": 0, "Ben": 0, "Cleo": 0}
    assert v.scores == {"Ana": 0, "Ben": 0, "Cleo": 0}
    assert zone(v, "ana-hand") == ["Music in the Hidden Village", "Time in the Enchanted Forest",
                                   "Music in the Burning Desert"]
    assert zone(v, "cleo-hand") == ["Flight in the Icy Birches", "Time in the Enchanted Forest",
                                    "Mythical Creature in the Enchanted Forest"]
    assert zone(v, "ana-dream-1") == zone(v, "ana-dream-2") == []
    assert counters(v, "ana-score") == {"first Dream": "0 x 0 = 0", "second Dream": "0 x 0 = 0", "Reflection": 0,
                                       "Final score": 0}


def test_start_a_dream_then_refill(skip: Replay) -> None:
    v = skip.views[1]  # {player: Ana, start dream: Music in the Burning Desert}
    assert (v.phase, v.active) == ("2 - Refill Your Hand to 3 Cards", "Ana")
    assert facts(v) == {"turn": "Ana", "cards played this turn": 1}
    assert zone(v, "ana-dream-1") == ["Music in the Burning Desert"]
    assert zone(v, "ana-hand") == ["Music in the Hidden Village", "Time in the Enchanted Forest"]
    assert v.scores == {"Ana": 1, "Ben": 0, "Cleo": 0}
    v = skip.views[2]  # {player: Ana, refill: [Time in the Burning Desert]}
    assert (v.phase, v.active) == ("1 - Play a Card", "Ben")
    assert zone(v, "ana-hand")[-1] == "Time in the Burning Desert"
    assert river(v) == ["Time in the Hidden Village", "Flight in the Burning Desert",
                        "Dreamcatcher in the Hidden Village", "Dreamcatcher in the Burning Desert", None]
    assert deck(v) == 31


def test_nightmare_is_face_down_and_the_robbed_player_draws(skip: Replay) -> None:
    # entry 7: {player: Ana, nightmare: Time in the Burning Desert, dream: 1, steal from: Ben,
    # stolen: Music in the Burning Desert}; Ben draws the top of the draw pile, Flight in the Galactic Valley
    v = skip.views[7]
    dream = panel(v, "ana-dream-1")
    assert [c.name for c in dream.cards] == ["Music in the Burning Desert", "Time in the Burning Desert"]
    assert (dream.cards[0].mark, dream.cards[0].note) == (None, None)
    assert (dream.cards[1].mark, dream.cards[1].note) == ("face down", "Nightmare")
    assert zone(v, "ana-hand") == ["Music in the Hidden Village", "Time in the Enchanted Forest",
                                   "Music in the Burning Desert"]
    assert zone(v, "ben-hand") == ["Flight in the Hidden Village", "Flight in the Burning Desert",
                                   "Flight in the Galactic Valley"]
    assert deck(v) == 30
    assert (v.phase, v.active) == ("1 - Play a Card", "Ben")
    assert counters(v, "ana-score")["first Dream"] == "1 x 1 = 1"  # the nightmare counts for nothing


def test_reflection_moves_the_cube_and_adds_to_the_river(skip: Replay) -> None:
    # entry 8: {player: Ben, start dream: Flight in the Galactic Valley}, opposite Flight in the Icy Birches
    v = skip.views[8]
    assert markers(v) == {"Ana": 0, "Ben": 1, "Cleo": 0}
    assert river(v) == ["Dreamcatcher in the Hidden Village", "Dreamcatcher in the Burning Desert",
                        "Dreamcatcher in the Burning Desert", None, None]
    assert deck(v) == 29
    assert zone(v, "ben-dream-1") == ["Flight in the Icy Birches"]
    assert zone(v, "ben-dream-2") == ["Flight in the Galactic Valley"]
    assert v.scores == {"Ana": 1, "Ben": 7, "Cleo": 1}
    assert counters(v, "ben-score") == {"first Dream": "1 x 1 = 1", "second Dream": "1 x 1 = 1", "Reflection": 5,
                                       "Final score": 7}


def test_echo_gives_another_play(skip: Replay) -> None:
    # entry 15: {player: Ana, continue dream: 1, card: Music in the Burning Desert}, a second one in dream 1
    v = skip.views[15]
    assert (v.phase, v.active) == ("1 - Play a Card (Echo: play another card)", "Ana")
    assert facts(v) == {"turn": "Ana", "cards played this turn": 1}
    assert zone(v, "ana-dream-1") == ["Music in the Burning Desert", "Time in the Burning Desert",
                                      "Music in the Hidden Village", "Music in the Burning Desert"]
    assert v.scores["Ana"] == 4
    # entry 16: {player: Ana, start dream: Flight in the Burning Desert}: a reflection (the environment)
    v = skip.views[16]
    assert (v.phase, v.active) == ("2 - Refill Your Hand to 3 Cards", "Ana")
    assert facts(v) == {"turn": "Ana", "cards played this turn": 2}
    assert markers(v) == {"Ana": 1, "Ben": 1, "Cleo": 0}
    assert river(v) == ["Dreamcatcher in the Burning Desert", "Dreamcatcher in the Galactic Valley", None, None, None]
    assert deck(v) == 25
    assert v.scores == {"Ana": 10, "Ben": 7, "Cleo": 2}


def test_the_violating_entry(skip: Replay) -> None:
    """Entry 47 (line 70): Ben skips, but his first Dream ends with a Nightmare."""
    assert skip.broken == (47, 70, "Visions: End of the Game (ruling V8)")
    assert len(skip.views) == 47  # the setup and entries 1 to 46
    v = skip.before
    assert v == skip.views[46]
    assert (v.phase, v.active) == ("1 - Play a Card", "Ben")
    assert facts(v) == {"turn": "Ben", "cards played this turn": 0, "skipped in a row": 0}
    assert deck(v) == 0
    assert river(v) == ["Flight in the Icy Birches", "Dreamcatcher in the Galactic Valley", None, None, None]
    assert zone(v, "ben-hand") == ["Dreamcatcher in the Hidden Village", "Music in the Icy Birches",
                                   "Music in the Burning Desert"]
    dream = panel(v, "ben-dream-1")
    assert [c.name for c in dream.cards] == ["Flight in the Icy Birches", "Flight in the Enchanted Forest",
                                             "Music in the Icy Birches", "Flight in the Enchanted Forest",
                                             "Flight in the Enchanted Forest"]
    assert [c.mark for c in dream.cards] == [None, None, "face down", None, "face down"]
    assert zone(v, "ben-dream-2") == ["Flight in the Galactic Valley", "Dreamcatcher in the Hidden Village",
                                      "Flight in the Hidden Village", "Dreamcatcher in the Burning Desert",
                                      "Mythical Creature in the Hidden Village", "Flight in the Galactic Valley"]
    assert zone(v, "ana-dream-1")[-1] == "Music in the Galactic Valley"  # entry 46's nightmare
    assert panel(v, "ana-dream-1").cards[-1].mark == "face down"
    assert markers(v) == {"Ana": 1, "Ben": 1, "Cleo": 0}
    assert v.scores == {"Ana": 13, "Ben": 15, "Cleo": 3}
    assert counters(v, "ben-score") == {"first Dream": "2 x 3 = 6", "second Dream": "2 x 2 = 4", "Reflection": 5,
                                       "Final score": 15}


# --- visions-legal-3p.yaml -------------------------------------------------------------------------


def test_legal_reflection(legal: Replay) -> None:
    # entry 13: {player: Cleo, start dream: Flight in the Enchanted Forest}, opposite Flight in the Icy Birches
    v = legal.views[13]
    assert markers(v) == {"Ana": 0, "Ben": 0, "Cleo": 1}
    assert river(v) == ["Dreamcatcher in the Hidden Village", "Flight in the Burning Desert", None, None, None]
    assert deck(v) == 26
    assert v.scores == {"Ana": 1, "Ben": 2, "Cleo": 7}


def test_legal_end(legal: Replay) -> None:
    assert legal.broken is None and len(legal.views) == 58
    v = legal.views[-1]
    assert (v.phase, v.active) == ("End of the Game", None)
    assert facts(v) == {"winner": "Ben"}
    assert v.scores == {"Ana": 5, "Ben": 14, "Cleo": 11}
    assert markers(v) == {"Ana": 0, "Ben": 1, "Cleo": 1}
    assert river(v) == [None] * 5
    assert deck(v) == 0
    for p in ("ana", "ben", "cleo"):
        assert zone(v, f"{p}-hand") == []
    assert zone(v, "ben-dream-2") == ["Flight in the Galactic Valley", "Dreamcatcher in the Enchanted Forest",
                                      "Time in the Icy Birches"]
    assert counters(v, "ben-score") == {"first Dream": "2 x 4 = 8", "second Dream": "1 x 1 = 1", "Reflection": 5,
                                       "Final score": 14}
    assert counters(v, "cleo-score")["second Dream"] == "2 x 1 = 2"


# --- what the logs do not reach ------------------------------------------------------------------


def _state_after(name: str, entries: int):
    log = read_log(EXAMPLES / name, ENGINES)
    state = ENGINE.new_state(list(log.players), log.setup, log.file, log.setup_line)
    for entry in log.entries:
        if entry.index >= entries:
            break
        ENGINE.apply_checked(state, ENGINE.parse(entry.data, state, EntryRef(log.file, entry.index, entry.line)))
    return state


def test_river_beyond_five_spaces() -> None:
    state = _state_after(LEGAL_LOG, 0)
    for _ in range(2):  # two reflections' cards ("Reflection": the river can TEMPORARILY hold more than 5)
        state.river.append(state.deck.pop())
    v = ENGINE.view(state)
    assert river(v) == ["Time in the Hidden Village", "Flight in the Burning Desert", "Time in the Burning Desert",
                        "Dreamcatcher in the Hidden Village", "Dreamcatcher in the Burning Desert",
                        "Flight in the Galactic Valley", "Dreamcatcher in the Burning Desert"]  # the setup's deck, top first
    notes = [s.note for s in panel(v, "river").slots]
    assert notes == [None] * 5 + ["added by a Reflection"] * 2
    assert deck(v) == 29


def test_awakening() -> None:
    state = _state_after(SKIP_LOG, 16)
    state.cube["Cleo"] = state.track.awakening  # as a reflection leaves it (ruling V14)
    state.awakened, state.phase = "Cleo", OVER
    v = ENGINE.view(state)
    assert markers(v) == {"Ana": 1, "Ben": 1, "Cleo": 9}
    assert panel(v, "awakening").spaces[9] == "Awakening"
    assert (v.phase, v.active) == ("End of the Game", None)
    assert facts(v) == {"Awakening space": "Cleo", "winner": "Cleo"}
    assert counters(v, "cleo-score")["Reflection"] == 30  # the last scoring space (ruling V14)


def test_five_players_random_game() -> None:
    """A simulated game of 5 (the 4-5 side of the track): every view validates and follows the state."""
    players = ["Ana", "Ben", "Cleo", "Dario", "Eva"]
    rng = random.Random(7)
    state = ENGINE.new_state(players, ENGINE.random_setup(players, rng), "sim", lambda path: None)
    while not ENGINE.is_over(state):
        ENGINE.apply(state, ENGINE.sample_chance(state, rng.choice(ENGINE.legal_actions(state)), rng))
        v = ENGINE.view(state)
        assert View.model_validate_json(v.model_dump_json()) == v
        assert [p.id for p in v.panels][:3] == ["river", "deck", "awakening"]
        assert len(v.panels) == 3 + 4 * len(players)
        assert [s.cards[0].name for s in panel(v, "river").slots if s.cards] == state.river
        assert len(panel(v, "river").slots) == max(5, len(state.river))
        assert deck(v) == len(state.deck)
        assert panel(v, "awakening").spaces == ["0 pts", "5 pts", "10 pts", "14 pts", "18 pts", "21 pts", "24 pts",
                                                      "Awakening"]
        assert {m.label: m.at for m in panel(v, "awakening").markers} == state.cube
        assert v.scores == ENGINE.scores(state)
        for p in players:
            assert zone(v, f"{p.lower()}-hand") == state.hand(p)


# --- speed -----------------------------------------------------------------------------------------
