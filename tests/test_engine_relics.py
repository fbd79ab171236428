"""The relics rules engine (rules V3.1; readings in docs/rulings.md, R1-R11).

Scripted scenarios replay exact sequences from three recorded shuffles of the sample cards
and assert the state, the exact violation (line and rule) or the score; then the examples,
the simulator (hundreds of games, same seed same log) and a mutation test.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from logmutants import caught
from pnp.cli import app
from rules_check.core.adjudicate import LogReport, adjudicate
from rules_check.core.engine import EntryRef
from rules_check.core.errors import LogFormatError
from rules_check.core.logfile import log_in_memory as in_memory, read_log
from rules_check.core.ops import RULE as OPS_RULE
from rules_check.core.simulate import simulate
from rules_check.engines import engines
from rules_check.games.relics import rules, turn
from rules_check.games.relics.engine import RelicsEngine
from rules_check.games.relics.state import RelicsState

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "logs"
runner = CliRunner()
ENGINE: RelicsEngine = engines()["relics"]  # type: ignore[assignment]

# Three shuffles (top first). Numbers are of the side up: D = day, N = night.
# A: Salt Flats D12 | Cliffside Path D15, Lantern Market D9 | Frozen Ford, Broken Mill |
#    Shattered Bridge N14, Whispering Marsh N2 | hand: Old Watchtower, Ashen Field
A = ["Salt Flats", "Cliffside Path", "Lantern Market", "Frozen Ford", "Broken Mill", "Shattered Bridge",
     "Whispering Marsh", "Old Watchtower", "Ashen Field", "Mossy Ravine", "Fallen Shrine", "Sunken Road",
     "Hollow Oak", "Stormbreak Pass", "Tidal Caves", "Drowned Orchard", "Starfall Hill"]
# B: Fallen Shrine D1 (Sunstone Chalice half 1) | Salt Flats, Lantern Market | Cliffside Path,
#    Broken Mill | Starfall Hill N29 (Sunstone Chalice half 2), Shattered Bridge | hand: Ashen
#    Field, Old Watchtower | draw: Frozen Ford, Whispering Marsh, ...
B = ["Fallen Shrine", "Salt Flats", "Lantern Market", "Cliffside Path", "Broken Mill", "Starfall Hill",
     "Shattered Bridge", "Ashen Field", "Old Watchtower", "Frozen Ford", "Whispering Marsh", "Sunken Road",
     "Hollow Oak", "Stormbreak Pass", "Tidal Caves", "Drowned Orchard", "Mossy Ravine"]
# C (hard): Fallen Shrine D1 | Ashen Field D23 (top-left red 3), Sunken Road D5 (top-left blue 3)
#    | ... | hand: Old Watchtower, Mossy Ravine
C = ["Fallen Shrine", "Ashen Field", "Sunken Road", "Broken Mill", "Salt Flats", "Shattered Bridge",
     "Whispering Marsh", "Old Watchtower", "Mossy Ravine", "Cliffside Path", "Lantern Market", "Frozen Ford",
     "Hollow Oak", "Stormbreak Pass", "Tidal Caves", "Drowned Orchard", "Starfall Hill"]
# D (hard): Frozen Ford D21 (reward green 1) | Ashen Field D23 (top-left red 3), Broken Mill D6
#    (bottom-right green 2) | ... | hand: Old Watchtower, Cliffside Path
D = ["Frozen Ford", "Ashen Field", "Broken Mill", "Lantern Market", "Salt Flats", "Shattered Bridge",
     "Whispering Marsh", "Old Watchtower", "Cliffside Path", "Mossy Ravine", "Fallen Shrine", "Sunken Road",
     "Hollow Oak", "Stormbreak Pass", "Tidal Caves", "Drowned Orchard", "Starfall Hill"]

# B's first four turns: the second one deals, the third needs the hand-limit discard.
B_TURNS: list[dict[str, Any]] = [
    {"travel": "Salt Flats", "pay": {"green": 2}},  # top-left black 2; Fallen Shrine to the table
    {"travel": "Cliffside Path", "pay": {"blue": 2}},  # top-left black 2
    {"travel": "Starfall Hill"},  # top-left black 2; a fourth card in hand
    {"discard": "Old Watchtower"},
    {"pay": {"red": 2}},
]
B_TURN_4 = {"travel": "Frozen Ford", "pay": {"red": 1}}  # Starfall Hill completes the Sunstone Chalice
B_TURN_5 = [{"travel": "Sunken Road"}, {"discard": "Salt Flats"}, {"pay": {"red": 2}}]  # the draw pile runs out


def log_text(order: list[str], entries: list[Any], difficulty: str = "normal") -> str:
    """A log whose entry i (0-based) is on line 7 + i."""
    lines = ["game: relics", "players: [Ana]", "setup:", f"  difficulty: {difficulty}",
             "  draw_pile: " + yaml.safe_dump(order, default_flow_style=True, width=10**6).strip(), "log:"]
    lines += ["  - " + yaml.safe_dump(e, default_flow_style=True, width=10**6, sort_keys=False).strip()
              for e in entries]
    return "\n".join(lines) + "\n"


FIRST_LINE = 7


def judge(tmp_path: Path, order: list[str], entries: list[Any], difficulty: str = "normal") -> LogReport:
    path = tmp_path / "game.yaml"
    path.write_text(log_text(order, entries, difficulty))
    return adjudicate(read_log(path, engines()), ENGINE)


def replay(order: list[str], entries: list[Any], difficulty: str = "normal") -> RelicsState:
    """The state after ``entries``, each checked (as `adjudicate` does)."""
    state = ENGINE.new_state(["Ana"], {"difficulty": difficulty, "draw_pile": list(order)}, "t", lambda p: None)
    for i, entry in enumerate(entries):
        action = ENGINE.parse(entry, state, EntryRef("t", i, FIRST_LINE + i))
        ENGINE.apply_checked(state, action)
    return state


def faces(state: RelicsState, zone: str) -> list[tuple[str, str]]:
    return [(card, state.face[card]) for card in state.zones[zone]]


def energy(state: RelicsState) -> tuple[int, int, int]:
    return state.counters["energy.red"], state.counters["energy.blue"], state.counters["energy.green"]


def assert_violation(report: LogReport, entry: int, rule: str, words: str = "") -> None:
    """One violation, at the (1-based) ``entry`` and its line, breaking ``rule``."""
    assert not report.legal and not report.complete
    assert len(report.violations) == 1, report.violations
    v = report.violations[0]
    assert (v.entry, v.line, v.rule) == (entry, FIRST_LINE + entry - 1, rule), v
    assert words in v.message, v.message


def assert_unusable(tmp_path: Path, order: list[str], entries: list[Any], line: int, words: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(log_text(order, entries))
    with pytest.raises(LogFormatError) as err:
        adjudicate(read_log(path, engines()), ENGINE)
    assert err.value.line == line and words in str(err.value), str(err.value)
    result = runner.invoke(app, ["check", "log", str(path)])
    assert result.exit_code == 2 and f"bad.yaml:{line}" in result.output, result.output


# --- Setup --------------------------------------------------------------------------------------


class TestSetup:
    def test_layout_follows_the_recorded_order(self):
        s = replay(A, [])
        assert s.zones["current"] == ["Salt Flats"] and s.face["Salt Flats"] == "day"
        assert faces(s, "decision") == [("Cliffside Path", "day"), ("Lantern Market", "day")]
        assert faces(s, "future.1") == [("Frozen Ford", "day"), ("Broken Mill", "day")]
        assert faces(s, "future.2") == [("Shattered Bridge", "night"), ("Whispering Marsh", "night")]
        assert faces(s, "hand") == [("Old Watchtower", "day"), ("Ashen Field", "day")]
        assert s.zones["draw"][-1] == "Mossy Ravine" and len(s.zones["draw"]) == 8  # top is the end
        assert s.zones["tracker"] == ["Energy Tracker"] and s.zones["table"] == s.zones["discard"] == []
        assert energy(s) == (3, 3, 3) and s.phase == "decide"

    def test_hard_game_starts_on_two(self):
        assert energy(replay(A, [], "hard")) == (2, 2, 2)

    def test_the_cycle_gives_the_setup_columns(self):
        # ruling R3: travels 1, 2 (decision path, future column 1) day; 3 (column 2) night
        assert [turn.side_for_travel(k) for k in range(1, 9)] == ["day", "day", "night", "night"] * 2

    @pytest.mark.parametrize("order, words", [
        (A[:-1] + ["Salt Flats"], "listed more than once: Salt Flats; missing: Starfall Hill"),
        (A[:-1], "missing: Starfall Hill"),
        (A + ["Energy Tracker"], "Energy Tracker is placed to one side"),
    ])
    def test_impossible_setup_is_a_violation(self, tmp_path, order, words):
        report = judge(tmp_path, order, [])
        # the core gives the setup's line (its first key), not yet the line of the card at fault
        assert [(v.line, v.entry, v.rule) for v in report.violations] == [(4, None, "relics: Setup")]
        assert words in report.violations[0].message

    @pytest.mark.parametrize("setup, line, words", [
        ("  difficulty: easy\n  draw_pile: []\n", 4, "expected one of normal, hard"),
        ("  difficulty: hard\n  draw_pile: [Salt Flat]\n", 5, "unknown card 'Salt Flat' (did you mean 'Salt Flats'"),
        ("  difficulty: hard\n  draw_pile: []\n  seed: 3\n", 6, "unknown key 'seed'"),
        ("  draw_pile: []\n", 4, "setup.difficulty: is required"),
    ])
    def test_setup_not_of_the_form_is_unusable(self, tmp_path, setup, line, words):
        path = tmp_path / "setup.yaml"
        path.write_text("game: relics\nplayers: [Ana]\nsetup:\n" + setup + "log: []\n")
        result = runner.invoke(app, ["check", "log", str(path)])
        assert result.exit_code == 2 and f"setup.yaml:{line}" in result.output and words in result.output, \
            result.output


# --- Turn Sequence 1: Decide ------------------------------------------------------------------------


class TestTravel:
    def test_lower_number_pays_the_bottom_right(self, tmp_path):
        # Frozen Ford 21 -> Broken Mill 6: its bottom-right, green 2 (its top-left is red 2)
        s = replay(D, [{"travel": "Broken Mill", "pay": {"green": 2}}], "hard")
        assert s.zones["current"] == ["Broken Mill"] and energy(s) == (2, 2, 1)  # +1 green reward, -2
        report = judge(tmp_path, D, [{"travel": "Broken Mill", "pay": {"red": 2}}], "hard")
        assert_violation(report, 1, "relics: Turn Sequence 2, Challenge", "a green challenge is paid with green")

    def test_higher_number_pays_the_top_left(self, tmp_path):
        # Frozen Ford 21 -> Ashen Field 23: its top-left, red 3 (its bottom-right has no icon)
        report = judge(tmp_path, D, [{"travel": "Ashen Field", "pay": {"red": 2}}], "hard")
        assert_violation(report, 1, "relics: Turn Sequence 2, Challenge",
                         "the top-left challenge of Ashen Field (red 3) costs 3 now")

    def test_destination_must_be_in_the_decision_path(self, tmp_path):
        report = judge(tmp_path, A, [{"travel": "Frozen Ford", "pay": {"red": 2}}])
        assert_violation(report, 1, "relics: Turn Sequence 1, Decide", "Frozen Ford is not in the decision path")

    def test_the_current_card_goes_to_the_hand_and_the_other_is_discarded(self):
        s = replay(A, [{"travel": "Cliffside Path", "pay": {"red": 2}}])
        assert s.zones["current"] == ["Cliffside Path"]
        assert s.zones["hand"] == ["Old Watchtower", "Ashen Field", "Salt Flats"]
        assert s.zones["discard"] == ["Lantern Market"]


# --- Which side counts (ruling R2) ---------------------------------------------------------------------


# A with Stormbreak Pass ("Flip a card of the decision path to its other side.") in the hand
# instead of Ashen Field
A_FLIP = [c if c not in ("Ashen Field", "Stormbreak Pass") else {"Ashen Field": "Stormbreak Pass",
                                                                 "Stormbreak Pass": "Ashen Field"}[c] for c in A]


class TestSides:
    FLIP = {"ability": "Stormbreak Pass", "choose": {"card": "Lantern Market"}}

    def test_a_flipped_destination_shows_its_other_side(self):
        s = replay(A_FLIP, [self.FLIP])
        assert s.face["Lantern Market"] == "night"
        # Salt Flats 12 -> Lantern Market's night side, 3: lower, its bottom-right: green 3
        s = replay(A_FLIP, [self.FLIP, {"travel": "Lantern Market", "pay": {"green": 3}}])
        assert energy(s) == (3, 4, 0)

    def test_the_side_taken_keeps_its_banner_and_ability(self, tmp_path):
        # leaving Lantern Market night side up: its night banner (+2 red), its night ability in hand
        entries = [self.FLIP, {"travel": "Lantern Market", "pay": {"green": 3}},
                   {"travel": "Broken Mill", "pay": {"red": 2}}]
        s = replay(A_FLIP, entries)
        assert energy(s) == (3, 4, 0) and s.face["Lantern Market"] == "night" and "Lantern Market" in s.hand()
        s = replay(A_FLIP, entries + [{"ability": "Lantern Market"}])  # night: "Gain 1 {red}."
        assert energy(s) == (4, 4, 0)


# --- Turn Sequence 2: Challenge ----------------------------------------------------------------------


class TestChallenge:
    def test_black_takes_any_mix(self):
        s = replay(A, [{"travel": "Cliffside Path", "pay": {"red": 1, "blue": 1}}])
        assert energy(s) == (2, 3, 3)  # Salt Flats' reward +1 blue, then -1 red -1 blue

    def test_a_card_for_each_missing_point(self):
        s = replay(D, [{"travel": "Ashen Field", "pay": {"red": 2}, "discard": ["Old Watchtower"]}], "hard")
        assert energy(s)[0] == 0
        assert s.zones["discard"] == ["Broken Mill", "Old Watchtower"]
        assert s.zones["hand"] == ["Cliffside Path", "Frozen Ford"]

    def test_the_card_just_taken_may_be_discarded(self):
        s = replay(D, [{"travel": "Ashen Field", "pay": {"red": 2}, "discard": ["Frozen Ford"]}], "hard")
        assert s.zones["hand"] == ["Old Watchtower", "Cliffside Path"]

    def test_energy_first(self, tmp_path):
        # ruling R5: 2 red energy, so only one card may be discarded for the red 3
        report = judge(tmp_path, D, [{"travel": "Ashen Field", "pay": {"red": 1},
                                      "discard": ["Old Watchtower", "Frozen Ford"]}], "hard")
        assert_violation(report, 1, "relics: Turn Sequence 2, Challenge",
                         "you have 2 red energy: pay 2 energy and discard only 1 card")

    @pytest.mark.parametrize("entry, words", [
        ({"travel": "Ashen Field", "pay": {"red": 2}, "discard": ["Salt Flats"]}, "Salt Flats is not in your hand"),
        ({"travel": "Ashen Field", "pay": {"red": 3}}, "you have 2 red energy, not 3"),
        ({"travel": "Ashen Field", "pay": {"red": 2}, "discard": ["Frozen Ford", "Frozen Ford"]}, "discarded twice"),
        ({"travel": "Ashen Field", "pay": {"red": 2}, "discard": ["Frozen Ford", "Old Watchtower"]},
         "costs 3 now (rulings R5, R10), but 2 energy and 2 cards pay 4"),
    ])
    def test_wrong_payments(self, tmp_path, entry, words):
        assert_violation(judge(tmp_path, D, [entry], "hard"), 1, "relics: Turn Sequence 2, Challenge", words)

    def test_pay_later_and_only_when_due(self, tmp_path):
        s = replay(D, [{"travel": "Ashen Field"}], "hard")
        assert s.phase == "challenge" and s.pending.colour == "red" and s.pending.amount == 3
        s = replay(D, [{"travel": "Ashen Field"}, {"pay": {"red": 2}, "discard": ["Cliffside Path"]}], "hard")
        assert s.phase == "decide" and s.travels == 1
        report = judge(tmp_path, D, [{"travel": "Broken Mill", "pay": {"green": 2}}, {"pay": {"red": 1}}], "hard")
        assert_violation(report, 2, "relics: Turn Sequence 2, Challenge", "no challenge is waiting")
        report = judge(tmp_path, D, [{"travel": "Ashen Field"}, {"travel": "Lantern Market"}], "hard")
        assert_violation(report, 2, "relics: Turn Sequence 2, Challenge", "is not paid yet")


# --- Turn Sequence 1b: the reward and the hand --------------------------------------------------------


class TestReward:
    def test_the_reward_pays_this_turn(self):
        # ruling R4: Cliffside Path's +1 red makes 3 red for Ashen Field's red 3 (hard game)
        order = ["Cliffside Path", "Ashen Field", "Broken Mill"] + [c for c in D if c not in
                                                                     ("Cliffside Path", "Ashen Field", "Broken Mill")]
        s = replay(order, [{"travel": "Ashen Field", "pay": {"red": 3}}], "hard")
        assert energy(s) == (0, 2, 2)

    def test_energy_capped_at_six(self, tmp_path):
        # ruling R11: blue 6, then Salt Flats' +1 blue is lost
        s = replay(A, [])
        s.counters["energy.blue"] = 6
        ENGINE.apply_checked(s, ENGINE.parse({"travel": "Cliffside Path", "pay": {"red": 2}}, s, EntryRef("t", 0, 1)))
        assert energy(s) == (1, 6, 3)
        report = judge_with(unscripted(), tmp_path, A, [{"ability": "Ashen Field",
                                                         "ops": [{"add": "energy.blue", "amount": 4}]}])
        assert_violation(report, 1, "relics: Turn Sequence 1b, Decide", "leaves 7 energy.blue")

    def test_a_relic_half_goes_to_the_table(self):
        s = replay(B, B_TURNS[:1])
        assert s.zones["table"] == ["Fallen Shrine"] and s.zones["hand"] == ["Ashen Field", "Old Watchtower"]
        assert energy(s) == (3, 3, 1)  # no energy from a relic banner


class TestHandLimit:
    def test_discard_then_pay(self):
        s = replay(B, B_TURNS[:3])
        assert s.phase == "hand limit" and len(s.zones["hand"]) == 4
        s = replay(B, B_TURNS[:4])
        assert s.phase == "challenge" and s.zones["discard"][-1] == "Old Watchtower"
        s = replay(B, B_TURNS)
        assert s.phase == "decide" and s.zones["hand"] == ["Ashen Field", "Salt Flats", "Cliffside Path"]

    def test_no_payment_with_four_cards(self, tmp_path):
        report = judge(tmp_path, B, B_TURNS[:2] + [{"travel": "Starfall Hill", "pay": {"red": 2}}])
        assert_violation(report, 3, "relics: Turn Sequence 1b, Decide", "makes 4 cards in hand")

    def test_nothing_else_before_the_discard(self, tmp_path):
        report = judge(tmp_path, B, B_TURNS[:3] + [{"pay": {"red": 2}}])
        assert_violation(report, 4, "relics: Turn Sequence 1b, Decide", "you hold 4 cards")

    def test_an_ability_instead_of_the_discard(self):
        s = replay(B, B_TURNS[:3] + [{"ability": "Ashen Field", "ops": [{"add": "energy.red", "amount": 1}]},
                                     {"pay": {"red": 2}}])
        assert s.zones["hand"] == ["Old Watchtower", "Salt Flats", "Cliffside Path"] and s.phase == "decide"

    def test_no_discard_when_not_needed(self, tmp_path):
        report = judge(tmp_path, B, B_TURNS[:2] + [{"discard": "Ashen Field"}])
        assert_violation(report, 3, "relics: Turn Sequence 1b, Decide", "no discard is needed")


# --- Relics -------------------------------------------------------------------------------------------


class TestRelics:
    def test_both_halves_make_that_colour_one_less(self, tmp_path):
        # leaving Starfall Hill completes the Sunstone Chalice (red): Frozen Ford's red 2 costs 1
        s = replay(B, B_TURNS + [B_TURN_4])
        assert s.complete == {"red"} and energy(s) == (1, 2, 1)
        report = judge(tmp_path, B, B_TURNS + [{"travel": "Frozen Ford", "pay": {"red": 2}}])
        assert_violation(report, 6, "relics: Turn Sequence 2, Challenge", "(red 2) costs 1 now")

    def test_a_relic_half_has_no_ability(self, tmp_path):
        report = judge(tmp_path, B, B_TURNS[:1] + [{"ability": "Fallen Shrine", "ops": []}])
        assert_violation(report, 2, "relics: Card Abilities", "relic half on the table")


# --- Turn Sequence 3: Look ahead ----------------------------------------------------------------------


class TestLookAhead:
    def test_slide_and_deal(self):
        s = replay(B, B_TURNS[:1])
        assert s.zones["decision"] == ["Cliffside Path", "Broken Mill"]
        assert s.zones["future.1"] == ["Starfall Hill", "Shattered Bridge"]
        assert faces(s, "future.2") == [("Frozen Ford", "night"), ("Whispering Marsh", "night")]

    def test_day_night_cycle(self):
        # ruling R3: the columns dealt after travels 1, 2, 3, 4 are night, day, day, night
        dealt = []
        for n in (1, 2, 5, 6):
            s = replay(B, (B_TURNS + [B_TURN_4])[:n])
            dealt.append(faces(s, "future.2"))
        assert dealt == [
            [("Frozen Ford", "night"), ("Whispering Marsh", "night")],
            [("Sunken Road", "day"), ("Hollow Oak", "day")],
            [("Stormbreak Pass", "day"), ("Tidal Caves", "day")],
            [("Drowned Orchard", "night"), ("Mossy Ravine", "night")],
        ]


class TestReshuffle:
    DISCARD = ["Lantern Market", "Broken Mill", "Shattered Bridge", "Old Watchtower", "Whispering Marsh",
               "Hollow Oak", "Salt Flats"]

    def test_reshuffle_when_a_card_must_be_drawn(self):
        s = replay(B, B_TURNS + [B_TURN_4] + B_TURN_5)
        assert s.phase == "look ahead" and s.to_deal == 2 and s.zones["draw"] == []
        assert s.zones["discard"] == self.DISCARD
        order = ["Hollow Oak", "Salt Flats", "Lantern Market", "Broken Mill", "Shattered Bridge", "Old Watchtower",
                 "Whispering Marsh"]
        s = replay(B, B_TURNS + [B_TURN_4] + B_TURN_5 + [{"reshuffle": order}])
        assert s.phase == "decide" and s.zones["discard"] == []
        # the first two listed are dealt (travel 8: night); the rest is the draw pile, day side up
        assert faces(s, "future.2") == [("Hollow Oak", "night"), ("Salt Flats", "night")]
        assert s.zones["draw"] == list(reversed(order[2:])) and {s.face[c] for c in order[2:]} == {"day"}

    def test_reshuffle_must_be_the_whole_discard_pile(self, tmp_path):
        entries = B_TURNS + [B_TURN_4] + B_TURN_5 + [{"reshuffle": self.DISCARD[:-1] + ["Frozen Ford"]}]
        assert_violation(judge(tmp_path, B, entries), 10, "relics: Turn Sequence 3, Look ahead",
                         "missing Salt Flats; not in the discard pile (or listed twice): Frozen Ford")

    def test_no_reshuffle_before_it_is_needed(self, tmp_path):
        # after travel 4 the draw pile is empty, but nothing waits to be dealt (ruling R8)
        s = replay(B, B_TURNS + [B_TURN_4])
        assert s.zones["draw"] == [] and s.phase == "decide"
        entries = B_TURNS + [B_TURN_4, {"reshuffle": s.zones["discard"]}]
        assert_violation(judge(tmp_path, B, entries), 7, "relics: Turn Sequence 3, Look ahead", "ruling R8")

    def test_nothing_else_while_a_reshuffle_is_due(self, tmp_path):
        entries = B_TURNS + [B_TURN_4] + B_TURN_5 + [{"travel": "Stormbreak Pass"}]
        assert_violation(judge(tmp_path, B, entries), 10, "relics: Turn Sequence 3, Look ahead",
                         "the draw pile is empty with 2 cards still to deal")


# --- Card Abilities -------------------------------------------------------------------------------------


def unscripted() -> RelicsEngine:
    """The engine over the same cards with no scripts: abilities as plain operations
    (docs/logs/README.md, "Card effects")."""
    cards = ENGINE.cards
    sides = {n: {f: side.model_copy(update={"script": None}) for f, side in d.items()} for n, d in cards.sides.items()}
    return RelicsEngine(dataclasses.replace(cards, sides=sides))


def judge_with(engine: RelicsEngine, tmp_path: Path, order: list[str], entries: list[Any]) -> LogReport:
    path = tmp_path / "game.yaml"
    path.write_text(log_text(order, entries))
    return adjudicate(read_log(path, engines()), engine)


WATCHTOWER_ORDER = ["Mossy Ravine", "Fallen Shrine", "Sunken Road"]  # A's draw pile, top first


class TestAbilities:
    def test_the_script_does_it(self, tmp_path):
        """Ashen Field: "Gain 1 {red}." The checker computes it: nothing is unverified."""
        report = judge(tmp_path, A, [{"ability": "Ashen Field"}])
        assert report.legal and report.unverified == []
        s = replay(A, [{"ability": "Ashen Field"}])
        assert energy(s) == (4, 3, 3) and s.zones["discard"] == ["Ashen Field"]

    def test_a_choice_is_written_in_the_entry(self, tmp_path):
        """Old Watchtower: "Look at the top 3 cards ... and put them back in any order": the order is written."""
        order = ["Sunken Road", "Mossy Ravine", "Fallen Shrine"]
        s = replay(A, [{"ability": "Old Watchtower", "choose": {"order": order}}])
        assert s.zones["draw"][-3:] == list(reversed(order))
        report = judge(tmp_path, A, [{"ability": "Old Watchtower"}])
        assert_violation(report, 1, "relics: Card Abilities", "Old Watchtower's ability (\"Look at the top 3 cards "
                         "of the draw pile and put them back in any order.\") asks the order of the top 3 cards of the "
                         "draw pile, top first: write it in the entry, choose: {order: ...}")
        report = judge(tmp_path, A, [{"ability": "Old Watchtower", "choose": {"order": ["Salt Flats", "Mossy Ravine",
                                                                                        "Fallen Shrine"]}}])
        assert_violation(report, 1, "relics: Card Abilities", "is not one of the legal choices")
        report = judge(tmp_path, A, [{"ability": "Ashen Field", "choose": {"card": "Salt Flats"}}])
        assert_violation(report, 1, "relics: Card Abilities", "asks no choice 'card'")

    def test_one_answer_needs_no_name(self):
        s = replay(A, [{"ability": "Old Watchtower", "choose": WATCHTOWER_ORDER}])
        assert s.zones["draw"][-3:] == list(reversed(WATCHTOWER_ORDER))

    def test_a_written_outcome_must_be_the_scripts(self, tmp_path):
        report = judge(tmp_path, A, [{"ability": "Ashen Field", "ops": [{"add": "energy.red", "amount": 2}]}])
        assert_violation(report, 1, "relics: Card Abilities", "Ashen Field's ability (\"Gain 1 {red}.\") does: added 1 "
                                                              "energy.red; the entry writes: added 2 energy.red")
        assert judge(tmp_path, A, [{"ability": "Ashen Field", "ops": [{"add": "energy.red", "amount": 1}]}]).legal

    def test_discount_counter(self, tmp_path):
        # ruling R10: Cliffside Path's "next {red} challenge costs 2 less": Ashen Field's red 3 costs 1
        use = {"ability": "Cliffside Path"}
        s = replay(D, [use, {"travel": "Ashen Field", "pay": {"red": 1}}], "hard")
        assert s.counters["discount.red"] == 0 and energy(s)[0] == 1
        # another colour's challenge leaves it waiting
        s = replay(D, [use, {"travel": "Broken Mill", "pay": {"green": 2}}], "hard")
        assert s.counters["discount.red"] == 2

    def test_between_the_travel_and_its_payment(self):
        s = replay(D, [{"travel": "Ashen Field"}, {"ability": "Cliffside Path"}, {"pay": {"red": 1}}], "hard")
        assert s.phase == "decide" and energy(s)[0] == 1

    def test_a_travel_an_ability_makes_payable(self, tmp_path):
        """Ruling R6: "at any time": a travel that only an ability used after it makes payable is legal."""
        s = replay(D, [], "hard")
        s.counters["energy.red"] = 0
        s.zones.move("Old Watchtower", "hand", "discard")
        s.zones.move("Cliffside Path", "hand", "discard")
        s.zones["draw"].remove("Shattered Bridge") if "Shattered Bridge" in s.zones["draw"] else None
        for zone in ("future.2", "decision", "future.1"):
            if "Shattered Bridge" in s.zones[zone]:
                s.zones[zone].remove("Shattered Bridge")
                s.zones[zone].append(s.zones["draw"].pop())
        s.zones["hand"].append("Shattered Bridge")  # day side: "Gain 2 {red}."
        s.face["Shattered Bridge"] = "day"
        travel = ENGINE.parse({"travel": "Ashen Field"}, s, EntryRef("t", 0, 1))
        # red 3 with 0 red, the 2 cards after 1b: payable only if Shattered Bridge's ability is used
        ENGINE.check(s, travel)
        ENGINE.apply(s, travel)
        for entry in ({"ability": "Shattered Bridge"}, {"pay": {"red": 2}, "discard": ["Frozen Ford"]}):
            ENGINE.apply_checked(s, ENGINE.parse(entry, s, EntryRef("t", 0, 1)))
        assert s.phase == "decide" and energy(s)[0] == 0

    def test_the_card_is_discarded_after_its_effect(self):
        """Ruling R9: Fallen Shrine's night side ("Take the top card of the discard pile into your hand")
        takes the card below its own."""
        s = replay(A, [{"travel": "Cliffside Path", "pay": {"red": 2}}])  # discards Lantern Market
        s.zones.move("Fallen Shrine", s.zone_of("Fallen Shrine"), "hand")
        s.face["Fallen Shrine"] = "night"
        ENGINE.apply_checked(s, ENGINE.parse({"ability": "Fallen Shrine"}, s, EntryRef("t", 0, 1)))
        assert s.zones["discard"] == ["Fallen Shrine"] and "Lantern Market" in s.zones["hand"]

    def test_plain_operations_when_a_side_has_no_script(self, tmp_path):
        report = judge_with(unscripted(), tmp_path, A, [{"ability": "Ashen Field",
                                                         "ops": [{"add": "energy.red", "amount": 1}]}])
        assert report.legal and not report.complete
        assert report.unverified == [{"line": FIRST_LINE, "entry": 1, "message":
                                      'ability of Ashen Field (day side: "Gain 1 {red}.", no script): added 1 '
                                      'energy.red'}]

    @pytest.mark.parametrize("ops, rule, words", [
        ([{"flip": "Old Watchtower"}], "relics: Card Abilities", "cannot flip Old Watchtower"),
        ([{"move": "Salt Flats", "from": "current", "to": "hand"}], "relics: Card Abilities", "does not move"),
        ([{"move": c, "from": "draw", "to": "hand"} for c in ("Mossy Ravine", "Fallen Shrine", "Sunken Road")],
         "relics: Turn Sequence 1b, Decide", "4 cards in hand"),
        ([{"move": "Cliffside Path", "from": "decision", "to": "discard"}], "relics: Card Abilities",
         "leaves 1 card in decision"),
        ([{"add": "energy.green", "amount": -4}], "relics: Turn Sequence 1b, Decide", "leaves -1 energy.green"),
        ([{"add": "ignore", "amount": -1}], "relics: Card Abilities", "ignore at -1"),
        ([{"move": "Salt Flats", "from": "draw", "to": "hand"}], OPS_RULE, "'Salt Flats' is not in draw"),
    ])
    def test_bounds_of_plain_operations(self, tmp_path, ops, rule, words):
        assert_violation(judge_with(unscripted(), tmp_path, A, [{"ability": "Ashen Field", "ops": ops}]), 1, rule,
                         words)

    def test_only_a_card_in_hand(self, tmp_path):
        report = judge(tmp_path, A, [{"ability": "Frozen Ford"}])
        assert_violation(report, 1, "relics: Card Abilities", "Frozen Ford is not in your hand (it is in future.1)")

    def test_no_ability_of_a_relic_half(self, tmp_path):
        entries = B_TURNS[:1] + [{"ability": "Fallen Shrine"}]
        assert_violation(judge(tmp_path, B, entries), 2, "relics: Card Abilities",
                         "Fallen Shrine is a relic half on the table")

    def test_every_verb_has_a_handler(self):
        from pnp.games.relics.vocabulary import VERBS as WORDS
        from rules_check.games.relics.verbs import VERBS
        assert set(WORDS) == set(VERBS)


# --- Goal: the end, the score, the win ---------------------------------------------------------------------


class TestEnd:
    USE_BOTH = [{"ability": "Old Watchtower", "choose": {"order": ["Cliffside Path", "Lantern Market", "Frozen Ford"]}},
                {"ability": "Mossy Ravine"}]

    def test_the_game_ends_when_nothing_can_be_paid(self, tmp_path):
        # hard: 2 red, 2 blue, no card in hand; Ashen Field red 3, Sunken Road blue 3 (ruling R6)
        report = judge(tmp_path, C, self.USE_BOTH + [{"end": "cannot pay"}], "hard")
        assert report.legal and report.complete
        assert report.scores == {"Ana": 0} and report.winner is None  # Fallen Shrine's half not taken
        s = replay(C, self.USE_BOTH + [{"end": "cannot pay"}], "hard")
        assert s.zones["current"] == ["Fallen Shrine"] and s.zones["table"] == [] and ENGINE.is_over(s)

    def test_no_travel_that_cannot_be_paid(self, tmp_path):
        report = judge(tmp_path, C, self.USE_BOTH + [{"travel": "Ashen Field"}], "hard")
        assert_violation(report, 3, "relics: Turn Sequence 1a, Decide",
                         "you cannot travel to Ashen Field: the top-left challenge of Ashen Field (red 3) costs 3, "
                         "and you would have 2 red energy and 0 cards to discard, even with the abilities of your "
                         "cards (ruling R6)")

    def test_no_end_while_a_challenge_can_be_paid(self, tmp_path):
        report = judge(tmp_path, C, self.USE_BOTH[:1] + [{"end": "cannot pay"}], "hard")
        assert_violation(report, 2, "relics: Goal", "you can still travel to Ashen Field")

    # E (hard): after these six entries Ana stands at Lantern Market with 4 red energy and one
    # card, Stormbreak Pass ("Flip a card of the decision path to its other side."); the
    # decision path shows Salt Flats and Tidal Caves night side up, neither payable as it is.
    E = ["Cliffside Path", "Whispering Marsh", "Old Watchtower", "Stormbreak Pass", "Shattered Bridge",
         "Fallen Shrine", "Lantern Market", "Sunken Road", "Broken Mill", "Salt Flats", "Tidal Caves",
         "Frozen Ford", "Mossy Ravine", "Starfall Hill", "Drowned Orchard", "Hollow Oak", "Ashen Field"]
    E_TURNS: list[dict[str, Any]] = [
        {"ability": "Broken Mill", "choose": {"from": "blue", "to": "red", "amount": 0}},
        {"travel": "Old Watchtower", "pay": {"blue": 2}},
        {"travel": "Stormbreak Pass", "pay": {"red": 1, "green": 1}},
        {"travel": "Lantern Market"},
        {"ability": "Old Watchtower", "choose": {"order": ["Drowned Orchard", "Hollow Oak", "Starfall Hill"]}},
        {"pay": {"green": 1}, "discard": ["Sunken Road", "Cliffside Path"]},
    ]

    def test_no_end_while_a_flip_opens_a_travel(self, tmp_path):
        # ruling R6: the end comes only when nothing can pay, and a flip is among the means
        s = replay(self.E, self.E_TURNS, "hard")
        assert not any(rules.can_pay_travel(s, d) for d in s.zones["decision"])
        assert s.hand() == ["Stormbreak Pass"]
        report = judge(tmp_path, self.E, self.E_TURNS + [{"end": "cannot pay"}], "hard")
        assert_violation(report, 7, "relics: Goal",
                         "you can still pay: using Stormbreak Pass's ability (\"Flip a card of the decision path to "
                         "its other side.\") first lets you travel to Salt Flats (the top-left challenge of Salt Flats "
                         "(black 2) costs 2, and you would have 6 energy and 1 card to discard) (ruling R6)")
        assert rules.End() not in ENGINE.legal_actions(s)

    def test_the_flip_then_the_travel_is_legal(self, tmp_path):
        turns = self.E_TURNS + [{"ability": "Stormbreak Pass", "choose": {"card": "Salt Flats"}},
                                {"travel": "Salt Flats", "pay": {"red": 2}}]
        report = judge(tmp_path, self.E, turns, "hard")
        assert report.legal and not report.violations
        assert replay(self.E, turns, "hard").current() == "Salt Flats"

    # F: after these sixteen entries Ana stands at Fallen Shrine with 6 green energy and one
    # card, Frozen Ford ("Replace a card of the decision path with the top card of the draw
    # pile, same side up."); Stormbreak Pass is the top card of the draw pile.
    F = ["Drowned Orchard", "Ashen Field", "Hollow Oak", "Stormbreak Pass", "Cliffside Path", "Old Watchtower",
         "Lantern Market", "Sunken Road", "Shattered Bridge", "Mossy Ravine", "Starfall Hill", "Frozen Ford",
         "Salt Flats", "Whispering Marsh", "Fallen Shrine", "Tidal Caves", "Broken Mill"]
    F_TURNS: list[dict[str, Any]] = [
        {"travel": "Ashen Field", "pay": {"red": 3}}, {"ability": "Shattered Bridge"}, {"travel": "Stormbreak Pass"},
        {"pay": {"red": 1, "blue": 1}}, {"ability": "Sunken Road"}, {"travel": "Old Watchtower", "pay": {"green": 3}},
        {"travel": "Mossy Ravine"}, {"ability": "Old Watchtower"}, {"ability": "Stormbreak Pass"},
        {"pay": {"blue": 3}}, {"travel": "Frozen Ford"}, {"pay": {"red": 2}},
        {"ability": "Mossy Ravine", "choose": {"card": "Tidal Caves"}}, {"ability": "Drowned Orchard"},
        {"reshuffle": ["Sunken Road", "Mossy Ravine", "Drowned Orchard", "Lantern Market", "Stormbreak Pass",
                       "Starfall Hill", "Old Watchtower", "Shattered Bridge", "Hollow Oak", "Salt Flats",
                       "Cliffside Path"]},
        {"travel": "Fallen Shrine", "pay": {"red": 1}, "discard": ["Ashen Field"]},
    ]

    def test_no_end_while_a_replace_opens_a_travel(self, tmp_path):
        s = replay(self.F, self.F_TURNS)
        assert not any(rules.can_pay_travel(s, d) for d in s.zones["decision"]) and s.hand() == ["Frozen Ford"]
        report = judge(tmp_path, self.F, self.F_TURNS + [{"end": "cannot pay"}])
        assert_violation(report, 17, "relics: Goal",
                         "you can still pay: using Frozen Ford's ability (\"Replace a card of the decision path with "
                         "the top card of the draw pile, same side up.\") first lets you travel to Stormbreak Pass "
                         "(the top-left challenge of Stormbreak Pass (black 2) costs 2, and you would have 6 energy "
                         "and 0 cards to discard) (ruling R6)")

    def test_nothing_after_the_end(self, tmp_path):
        report = judge(tmp_path, C, self.USE_BOTH + [{"end": "cannot pay"}, {"ability": "Salt Flats"}],
                       "hard")
        assert_violation(report, 4, "relics: the end of the game", "after the game ended")


class TestScore:
    def test_a_single_half_is_one_point(self, tmp_path):
        report = judge(tmp_path, B, B_TURNS[:1])
        assert report.scores == {"Ana": 1} and report.winner is None and not report.complete

    def test_a_complete_relic_is_three(self, tmp_path):
        report = judge(tmp_path, B, B_TURNS + [B_TURN_4])
        assert report.scores == {"Ana": 3} and report.winner is None

    def test_all_three_relics_win(self):
        report = check_example("relics-won.yaml")
        assert report.legal and report.complete and report.scores == {"Ana": 9} and report.winner == "Ana"

    def test_the_win_comes_once_the_challenge_is_paid(self, tmp_path):
        # ruling R7: the last travel leaves Starfall Hill, the last half; split from its payment,
        # the game is won only with the payment
        log = yaml.safe_load((EXAMPLES / "relics-won.yaml").read_text())
        last = log["log"][-1]
        assert last == {"travel": "Frozen Ford", "pay": {"blue": 2}}
        path = tmp_path / "won.yaml"
        for tail, complete in (([{"travel": "Frozen Ford"}], False),
                               ([{"travel": "Frozen Ford"}, {"pay": {"blue": 2}}], True),
                               ([{"travel": "Frozen Ford"}, {"pay": {"blue": 2}}, {"ability": "Cliffside Path"}],
                                False)):
            path.write_text(yaml.safe_dump({**log, "log": log["log"][:-1] + tail}))
            report = adjudicate(read_log(path, engines()), ENGINE)
            assert report.complete is complete and report.scores == {"Ana": 9}
            assert report.winner == ("Ana" if complete else None) or len(tail) == 3
        assert [v.rule for v in report.violations] == ["relics: the end of the game"]


# --- Log format (exit 2) --------------------------------------------------------------------------------


class TestFormat:
    @pytest.mark.parametrize("entry, words", [
        ({"travel": "Cliffside Path", "pay": {"red": 2}, "player": "Ana"}, "unknown key 'player'"),
        ({"travel": "Cliffside Pass"}, "unknown card 'Cliffside Pass' (did you mean 'Cliffside Path'"),
        ({"travel": "Cliffside Path", "pay": 2}, "expected energy by colour"),
        ({"travel": "Cliffside Path", "pay": {"black": 2}}, "unknown energy colour 'black'"),
        ({"travel": "Cliffside Path", "pay": {"red": 0}}, "1 or more"),
        ({"travel": "Cliffside Path", "discard": "Salt Flats"}, "expected a list of card names"),
        ({"discard": ["Salt Flats"]}, "a hand-limit discard names one card"),
        ({"ability": "Ashen Field", "choose": {"card": {"x": 1}}}, "expected a choice"),
        ({"ability": "Ashen Field", "ops": [{"move": "Salt Flats", "from": "box", "to": "hand"}]},
         "unknown zone 'box'"),
        ({"ability": "Ashen Field", "ops": [{"add": "energy.black", "amount": 1}]}, "unknown counter 'energy.black'"),
        ({"ability": "Ashen Field", "ops": [{"flip": "Lantern Market", "to": "hand"}]}, "expected {flip: CARD}"),
        ({"end": True}, "expected 'cannot pay'"),
        ({"walk": "Cliffside Path"}, "an entry is one of"),
        ("travel Cliffside Path", "expected an entry"),
    ])
    def test_not_an_entry(self, tmp_path, entry, words):
        assert_unusable(tmp_path, A, [{"ability": "Ashen Field"}, entry], FIRST_LINE + 1, words)

    def test_names_match_loosely(self):
        s = replay(A, [{"travel": "cliffside  PATH", "pay": {"red": 2}}])
        assert s.zones["current"] == ["Cliffside Path"]


# --- Examples ------------------------------------------------------------------------------------------


def check_example(name: str) -> LogReport:
    return adjudicate(read_log(EXAMPLES / name, engines()), ENGINE)


class TestExamples:
    def test_legal(self):
        report = check_example("relics-legal.yaml")
        assert report.legal and report.complete and report.scores == {"Ana": 2} and report.winner is None
        assert report.unverified == []

    def test_the_documented_game_is_the_example(self):
        """docs/logs/relics.md shows examples/logs/relics-legal.yaml, with comments: the same game."""
        page = (EXAMPLES.parent.parent / "docs" / "logs" / "relics.md").read_text()
        block = page.split("## A complete example", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
        assert yaml.safe_load(block) == yaml.safe_load((EXAMPLES / "relics-legal.yaml").read_text())

    @pytest.mark.parametrize("path", sorted(EXAMPLES.glob("relics-illegal-*.yaml")), ids=lambda p: p.name)
    def test_illegal_says_where(self, path):
        comment = path.read_text().splitlines()[0]
        m = re.match(r'# Line (\d+) breaks "([^"]+)"', comment)
        assert m, comment
        report = check_example(path.name)
        assert len(report.violations) == 1 and not report.complete
        v = report.violations[0]
        assert v.line == int(m.group(1)) and v.rule.startswith("relics: " + m.group(2)), (v, comment)

    def test_enough_illegal_examples(self):
        assert len(list(EXAMPLES.glob("relics-illegal-*.yaml"))) >= 3

    def test_cli_verdicts(self):
        result = runner.invoke(app, ["check", "log", str(EXAMPLES / "relics-legal.yaml"),
                                     str(EXAMPLES / "relics-won.yaml"), "--format", "json"])
        assert result.exit_code == 0, result.output
        result = runner.invoke(app, ["check", "log", str(EXAMPLES / "relics-illegal-end.yaml")])
        assert result.exit_code == 1 and "line 28, entry 2: [relics: Goal]" in result.output


# --- Simulation --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def simulated() -> list[dict[str, Any]]:
    return [simulate(ENGINE, ["Ana"], seed) for seed in range(300)]


class TestSimulation:
    def test_hundreds_of_games_legal_and_complete(self, simulated):
        kinds: dict[str, int] = {}
        results = {"normal": [0, 0], "hard": [0, 0]}
        with_abilities = 0
        for log in simulated:
            report = adjudicate(in_memory(log), ENGINE)
            assert report.legal and report.complete, (log["setup"], report.violations)
            assert report.unverified == []  # every ability computed from its script
            with_abilities += any("ability" in e for e in log["log"])
            results[log["setup"]["difficulty"]][report.winner is not None] += 1
            for entry in log["log"]:
                kinds[next(iter(entry))] = kinds.get(next(iter(entry)), 0) + 1
        assert all(sum(r) >= 100 for r in results.values()), results  # both difficulties
        assert results["normal"][1] + results["hard"][1] >= 1  # some games are won
        assert set(kinds) == {"travel", "pay", "discard", "ability", "reshuffle", "end"}, kinds
        assert with_abilities >= len(simulated) / 2

    def test_greedy_plays_better(self):
        """The greedy policy (immediate gain, engine's value) wins where random play seldom does."""
        won = sum(adjudicate(in_memory(simulate(ENGINE, ["Ana"], seed, policy="greedy")), ENGINE).winner is not None
                  for seed in range(40))
        assert won >= 6, won

    def test_written_and_read_back(self, simulated, tmp_path):
        from rules_check.logwriter import dump_log

        for seed in (3, 240, 2800):
            path = tmp_path / f"{seed}.yaml"
            path.write_text(dump_log(simulate(ENGINE, ["Ana"], seed)))
            report = adjudicate(read_log(path, engines()), ENGINE)
            assert report.legal and report.complete, report.violations

    def test_same_seed_same_log(self, tmp_path):
        paths = [tmp_path / "a.yaml", tmp_path / "b.yaml"]
        for path in paths:
            result = runner.invoke(app, ["simulate", "relics", "--seed", "3", "--out", str(path)])
            assert result.exit_code == 0, result.output
        assert paths[0].read_text() == paths[1].read_text()
        result = runner.invoke(app, ["check", "log", str(paths[0])])
        assert result.exit_code == 0 and "legal, complete" in result.output, result.output

    def test_mutations_are_caught(self, simulated):
        """Each entry duplicated, or replaced by another entry of the same game: caught."""
        found, tried = caught(simulated[:20], lambda log: adjudicate(in_memory(log), ENGINE), random.Random(5))
        assert tried > 1000 and found / tried >= 0.98, (found, tried)
