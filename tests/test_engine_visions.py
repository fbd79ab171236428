"""The Visions rules engine (issue 5): scripted games for every rule, the rulebook's examples,
random games judged legal, mutants caught, and the example logs' verdicts.

Scripted logs are YAML text as a player would write them, with ``$XYZ`` standing for a card:
the first letter its category (D Dreamcatcher, M Mythical Creature, F Flight, U mUsic, T Time),
then its environment (IB Icy Birches, BD Burning Desert, HV Hidden Village, EF Enchanted
Forest, GV Galactic Valley): ``$TBD`` is "Time in the Burning Desert". Unless a test says
otherwise the game has two players, Ana and Ben; ``setup()`` fills the draw pile below the
cards a test names.
"""

from __future__ import annotations

import copy
import json
import random
import re
import shutil
import time
from collections import Counter
from pathlib import Path

import pytest
import yaml

from pnp.games.visions.models import CATEGORIES, ENVIRONMENTS, SETUP_CARDS, fragment_name
from rules_check.core.adjudicate import LogReport, adjudicate, check_logs, exit_code
from rules_check.core.engine import EntryRef
from rules_check.core.errors import IllegalAction, LogFormatError
from rules_check.core.logfile import log_in_memory as in_memory, read_log
from rules_check.core.simulate import simulate
from rules_check.games.visions import rules
from rules_check.games.visions.actions import ContinueDream, Nightmare, Refill
from rules_check.games.visions.engine import VisionsEngine
from rules_check.games.visions.scoring import dream_points, reflection_points, score_sheet
from rules_check.games.visions.state import VisionsState
from rules_check.logwriter import dump_log

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples" / "logs"
ENGINE = VisionsEngine()
GAMES = {"visions": ENGINE}
NAMES5 = ["Ana", "Ben", "Cleo", "Dario", "Eva"]

CAT = dict(zip("DMFUT", CATEGORIES))
ENV = dict(zip(("IB", "BD", "HV", "EF", "GV"), ENVIRONMENTS))
CARD = {c + e: fragment_name(CAT[c], ENV[e]) for c in CAT for e in ENV}

# rule sections as the report cites them
TURN = "Visions: Game Overview"
START = "Visions: 1 - Play a Card, A"
CONTINUE = "Visions: 1 - Play a Card, B"
NIGHTMARE = "Visions: 1 - Play a Card, C"
ECHO = "Visions: Echo"
REFILL = "Visions: 2 - Refill Your Hand to 3 Cards"
END = "Visions: End of the Game"


def cards(text: str) -> str:
    """``$TBD`` -> ``Time in the Burning Desert``."""
    return re.sub(r"\$([DMFUT](?:IB|BD|HV|EF|GV))", lambda m: CARD[m.group(1)], text)


def setup(hands: dict[str, str], river: str, deck: str = "") -> dict:
    """A setup: the hands and the river as written, the draw pile starting with ``deck`` (top
    first) and filled below with the other cards, in the data's order, up to the player count's
    number of cards."""
    split = lambda s: [CARD[k] for k in s.split()]  # noqa: E731
    out = {"hands": {p: split(h) for p, h in hands.items()}, "river": split(river), "deck": split(deck)}
    used = Counter(out["river"] + out["deck"] + [c for h in out["hands"].values() for c in h])
    filler = list((Counter(ENGINE.cards.copies) - used).elements())  # in the data's order
    out["deck"] += filler[: SETUP_CARDS[len(hands)] - sum(used.values())]
    return out


def log_text(setup_: dict, entries: str) -> str:
    """The log file: one line per hand, then the river, the draw pile, and one entry a line."""
    players = list(setup_["hands"])
    lines = ["game: visions", f"players: [{', '.join(players)}]", "setup:", "  hands:"]
    lines += [f"    {p}: {json.dumps(h)}" for p, h in setup_["hands"].items()]
    lines += [f"  river: {json.dumps(setup_['river'])}", f"  deck: {json.dumps(setup_['deck'])}", "log:"]
    body = [line.strip() for line in cards(entries).splitlines() if line.strip()]
    return "\n".join(lines + ["  " + line for line in body]) + "\n"


def entry_line(setup_: dict, number: int) -> int:
    """The line of the ``number``-th entry (1-based) in `log_text`."""
    return 7 + len(setup_["hands"]) + number


def write(tmp_path: Path, text: str, name: str = "g.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def judge(tmp_path: Path, setup_: dict, entries: str, engine: VisionsEngine = ENGINE) -> LogReport:
    return adjudicate(read_log(write(tmp_path, log_text(setup_, entries)), {"visions": engine}), engine)


def replay(tmp_path: Path, setup_: dict, entries: str, engine: VisionsEngine = ENGINE) -> VisionsState:
    """The state after every entry, each checked (an illegal one raises `IllegalAction`)."""
    log = read_log(write(tmp_path, log_text(setup_, entries)), {"visions": engine})
    state = engine.new_state(log.players, log.setup, log.file, log.setup_line)
    for entry in log.entries:
        engine.apply_checked(state, engine.parse(entry.data, state, EntryRef(log.file, entry.index, entry.line)))
    return state


def violation(report: LogReport, setup_: dict, number: int, rule: str, message: str) -> None:
    """The report's only violation is at entry ``number`` (and its line), citing ``rule``."""
    assert len(report.violations) == 1, report.violations
    v = report.violations[0]
    assert (v.entry, v.line, v.rule) == (number, entry_line(setup_, number), rule), v
    assert message in v.message, v.message
    assert not report.complete


def kinds(*keys: str) -> list:
    return [ENGINE.cards.kinds[CARD[k]] for k in keys]


# --- a two-player opening used by several tests ------------------------------------------------

OPENING = setup({"Ana": "TGV TBD TGV", "Ben": "DEF DHV DIB"}, river="MGV FEF UHV UEF FHV", deck="FBD MGV UIB")
FIRST_ROUND = """
    - {player: Ana, start dream: $TGV}
    - {player: Ana, refill: [$MGV]}
    - {player: Ben, start dream: $DEF}
    - {player: Ben, refill: [$FEF]}
"""


class TestSetup:
    @pytest.mark.parametrize("n, box, deck", [(2, 45, 19), (3, 30, 31), (4, 15, 43), (5, 0, 55)])
    def test_cards_by_player_count(self, n, box, deck):
        players = NAMES5[:n]
        state = ENGINE.new_state(players, ENGINE.random_setup(players, random.Random(n)), "g", lambda p: None)
        z = state.zones
        assert (len(z["box"]), len(z["deck"]), len(z["river"])) == (box, deck, 5)
        assert all(len(z[f"hand:{p}"]) == 3 and not z[f"dream:{p}:1"] and not z[f"dream:{p}:2"] for p in players)
        assert sum(z.inventory().values()) == 75  # the box is a zone: every card is somewhere
        assert state.track.side == ("2-3" if n <= 3 else "4-5")  # "using the side ... number of players"
        assert state.track.awakening == (9 if n <= 3 else 7)  # the bundled data (ruling V9)

    def test_the_deck_is_written_top_first(self, tmp_path):
        state = replay(tmp_path, OPENING, "")
        assert state.deck[-3:] == [CARD["UIB"], CARD["MGV"], CARD["FBD"]]  # the zone's top is its end
        assert state.current == "Ana"  # the first player listed starts (ruling V11)

    def test_a_fourth_copy_is_a_violation_at_the_setup(self, tmp_path):
        bad = dict(OPENING, river=[CARD["TGV"]] + OPENING["river"][1:])
        bad["deck"] = [CARD["TGV"]] + [c for c in bad["deck"] if c != CARD["TGV"]][:18]  # 2 in hand + 2
        report = judge(tmp_path, bad, "")
        # the line where the setup starts
        assert [(v.entry, v.line, v.rule) for v in report.violations] == [(None, 4, "Visions: Components")]
        assert "4 copies of 'Time in the Galactic Valley'" in report.violations[0].message
        assert report.scores == {} and not report.complete

    @pytest.mark.parametrize("change, message", [
        (lambda s: s["deck"].pop(), "2 players play with 30 cards; the setup has 29"),
        (lambda s: s["deck"].append(CARD["TEF"]), "2 players play with 30 cards; the setup has 31"),
        (lambda s: s["hands"]["Ben"].append(s["deck"].pop()), "each player is dealt 3 cards; Ben has 4"),
        (lambda s: s["deck"].append(s["river"].pop()), "the setup's has 4"),
    ])
    def test_impossible_setups(self, tmp_path, change, message):
        bad = json.loads(json.dumps(OPENING))
        change(bad)
        report = judge(tmp_path, bad, "")
        assert [v.rule for v in report.violations] == ["Visions: Setup"]
        assert message in report.violations[0].message

    @pytest.mark.parametrize("setup_text, where, message", [
        ("setup: []", 3, "setup: expected {hands:"),
        ("setup: {hands: {Ana: [], Ben: []}, deck: []}", 3, "setup.river: is required but missing"),
        # without `deck:` a setup is a table's (reading V18): the river, and the hands written
        ("setup: {hands: {Ana: [], Ben: []}, river: [], box: []}", 3, "setup.box: unknown key"),
        ("setup: {hands: {Zoe: []}, river: []}", 3, "setup.hands.Zoe: unknown key"),
        ("setup: {hands: {Ana: [], Ben: []}, river: [], deck: [], box: []}", 3, "setup.box: unknown key"),
        ("setup: {hands: {Ana: [], Zoe: []}, river: [], deck: []}", 3, "setup.hands.Zoe: unknown player"),
        ("setup: {hands: {Ana: []}, river: [], deck: []}", 3, "setup.hands.Ben: is required but missing"),
        ("setup: {hands: {Ana: [], Ben: []}, river: 5, deck: []}", 3, "setup.river: expected a list"),
        ("setup:\n  hands: {Ana: [], Ben: []}\n  river: []\n  deck: [Time in the Icy Birch]", 6,
         "setup.deck: unknown card 'Time in the Icy Birch'; did you mean 'Time in the Icy Birches'"),
    ])
    def test_a_setup_not_of_the_form_is_exit_2(self, tmp_path, setup_text, where, message):
        path = write(tmp_path, f"game: visions\nplayers: [Ana, Ben]\n{setup_text}\nlog: []\n")
        with pytest.raises(LogFormatError) as err:
            adjudicate(read_log(path, GAMES), ENGINE)
        assert err.value.line == where and message in str(err.value)
        assert exit_code(check_logs([path], GAMES)) == 2

    def test_card_names_match_as_players_write_them(self, tmp_path):
        loose = json.loads(json.dumps(OPENING).replace("Time in the Galactic Valley", "time in  the galactic valley"))
        state = replay(tmp_path, loose, "- {player: Ana, start dream: TIME IN THE GALACTIC VALLEY}")
        assert state.dream("Ana", 1) == [CARD["TGV"]]


class TestTurns:
    def test_a_round_replays_exactly(self, tmp_path):
        state = replay(tmp_path, OPENING, FIRST_ROUND)
        assert state.dream("Ana", 1) == [CARD["TGV"]] and state.dream("Ben", 1) == [CARD["DEF"]]
        assert state.hand("Ana") == [CARD[k] for k in ("TBD", "TGV", "MGV")]
        assert state.hand("Ben") == [CARD[k] for k in ("DHV", "DIB", "FEF")]
        assert state.river == [CARD[k] for k in ("UHV", "UEF", "FHV")]  # not refilled: not empty
        assert (state.current, state.phase, state.made) == ("Ana", "play", 0)

    def test_the_first_player_listed_starts(self, tmp_path):
        report = judge(tmp_path, OPENING, "- {player: Ben, start dream: $DEF}")
        violation(report, OPENING, 1, f"{TURN} (ruling G1)", "it is Ana's turn, not Ben's")

    def test_play_before_refilling(self, tmp_path):
        report = judge(tmp_path, OPENING, "- {player: Ana, refill: [$MGV]}")
        violation(report, OPENING, 1, TURN, "Ana must play a card before refilling")

    def test_one_play_a_turn_without_an_echo(self, tmp_path):
        report = judge(tmp_path, OPENING, """
            - {player: Ana, start dream: $TGV}
            - {player: Ana, continue dream: 1, card: $TBD}
        """)
        violation(report, OPENING, 2, TURN, "Ana has played this turn's card (it was not an echo)")

    def test_the_card_comes_from_the_hand(self, tmp_path):
        report = judge(tmp_path, OPENING, "- {player: Ana, start dream: $UEF}")
        violation(report, OPENING, 1, START, "'Music in the Enchanted Forest' is not in Ana's hand")


class TestDreams:
    def test_continue_by_environment_or_by_category(self, tmp_path):
        state = replay(tmp_path, OPENING, FIRST_ROUND + "- {player: Ana, continue dream: 1, card: $MGV}")
        assert state.dream("Ana", 1) == [CARD["TGV"], CARD["MGV"]]  # the same environment
        state = replay(tmp_path, OPENING, FIRST_ROUND + "- {player: Ana, continue dream: 1, card: $TBD}")
        assert state.dream("Ana", 1) == [CARD["TGV"], CARD["TBD"]]  # the same category

    def test_a_card_sharing_nothing_cannot_continue(self, tmp_path):
        report = judge(tmp_path, OPENING, FIRST_ROUND + """
            - {player: Ana, continue dream: 1, card: $MGV}
            - {player: Ana, refill: [$FHV]}
            - {player: Ben, continue dream: 1, card: $DHV}
            - {player: Ben, refill: [$UEF]}
            - {player: Ana, continue dream: 1, card: $FHV}
        """)
        violation(report, OPENING, 9, CONTINUE, "'Flight in the Hidden Village' shares neither the environment "
                  "nor the category of 'Mythical Creature in the Galactic Valley', the last card of Ana's dream 1")

    def test_a_dream_not_started_cannot_be_continued(self, tmp_path):
        report = judge(tmp_path, OPENING, FIRST_ROUND + "- {player: Ana, continue dream: 2, card: $TBD}")
        violation(report, OPENING, 5, CONTINUE, "Ana has only dream 1: dream 2 is not started")

    def test_two_dreams_at_most(self, tmp_path):
        report = judge(tmp_path, OPENING, FIRST_ROUND + """
            - {player: Ana, start dream: $TBD}
            - {player: Ana, refill: [$UHV]}
            - {player: Ben, continue dream: 1, card: $DHV}
            - {player: Ben, refill: [$UEF]}
            - {player: Ana, start dream: $TGV}
        """)
        violation(report, OPENING, 9, START, "Ana already has 2 dreams")


class TestReflection:
    def test_rulebook_example_1_one_match(self, tmp_path):
        # "By placing 'Time in the Burning Desert', the player creates a Category match with 'Time
        # in the Galactic Valley' located directly opposite in their other Dream."
        state = replay(tmp_path, OPENING, FIRST_ROUND + "- {player: Ana, start dream: $TBD}")
        assert state.cube["Ana"] == 1
        assert reflection_points(state.track, state.cube["Ana"]) == 5  # "guaranteeing 5 points"
        assert state.river == [CARD[k] for k in ("UHV", "UEF", "FHV", "FBD")]  # "adds the top card"
        assert state.phase == "refill"  # no echo: the identical card is in the other dream

    def test_rulebook_example_2_two_matches(self, tmp_path):
        # "By placing 'Time in the Galactic Valley', the player matches the Category and
        # Environment ... moves his cube two spaces ... adds the first two cards from the deck."
        state = replay(tmp_path, OPENING, FIRST_ROUND + "- {player: Ana, start dream: $TGV}")
        assert state.cube["Ana"] == 2 and reflection_points(state.track, 2) == 10
        assert state.river == [CARD[k] for k in ("UHV", "UEF", "FHV", "FBD", "MGV")]
        assert state.phase == "refill"  # an echo is in the same dream only

    def test_the_river_can_hold_more_than_5(self, tmp_path):
        # Ana's refill empties the river, which is refilled to 5 at once though she needs no
        # more (ruling V13); then Ben's card matches twice: 7 cards, "TEMPORARILY"
        game = setup({"Ana": "FIB FBD FHV", "Ben": "DEF UEF DEF"}, river="FEF FGV MIB MBD MHV",
                     deck="TIB TBD THV TEF TGV UIB UBD")
        entries = """
            - {player: Ana, start dream: $FIB}
            - {player: Ana, refill: [$FEF]}
            - {player: Ben, start dream: $DEF}
            - {player: Ben, refill: [$FGV]}
            - {player: Ana, continue dream: 1, card: $FBD}
            - {player: Ana, refill: [$MIB]}
            - {player: Ben, continue dream: 1, card: $UEF}
            - {player: Ben, refill: [$MBD]}
            - {player: Ana, continue dream: 1, card: $FHV}
            - {player: Ana, refill: [$MHV]}
        """
        state = replay(tmp_path, game, entries)
        assert state.river == [CARD[k] for k in ("TIB", "TBD", "THV", "TEF", "TGV")]
        state = replay(tmp_path, game, entries + "- {player: Ben, start dream: $DEF}")
        assert state.cube["Ben"] == 2
        assert state.river == [CARD[k] for k in ("TIB", "TBD", "THV", "TEF", "TGV", "UIB", "UBD")]

    def test_a_nightmare_reflects_nothing(self, tmp_path):
        state = replay(tmp_path, OPENING, FIRST_ROUND + """
            - {player: Ana, nightmare: $TBD, dream: 1, steal from: Ben, stolen: $DHV}
            - {player: Ben, continue dream: 1, card: $FEF}
            - {player: Ben, refill: [$UHV]}
            - {player: Ana, start dream: $TGV}
            - {player: Ana, refill: [$UEF]}
            - {player: Ben, continue dream: 1, card: $FBD}
            - {player: Ben, refill: [$FHV]}
            - {player: Ana, continue dream: 2, card: $MGV}
        """)
        assert state.faces[("Ana", 1)] == kinds("TGV") + [None]
        assert state.dream("Ana", 2) == [CARD["TGV"], CARD["MGV"]]
        assert state.cube["Ana"] == 2  # the start matched TGV twice; MGV faces the nightmare: nothing


class TestNightmare:
    STEAL = FIRST_ROUND + "- {player: Ana, nightmare: $TBD, dream: 1, steal from: Ben, stolen: $DHV}\n"

    def test_face_down_steal_and_the_robbed_player_draws(self, tmp_path):
        state = replay(tmp_path, OPENING, self.STEAL)
        assert state.dream("Ana", 1) == [CARD["TGV"], CARD["TBD"]]  # the card is still in the zone...
        assert state.faces[("Ana", 1)] == kinds("TGV") + [None]  # ... face down (ruling V3)
        assert state.hand("Ana") == [CARD[k] for k in ("TGV", "MGV", "DHV")]
        assert state.hand("Ben") == [CARD[k] for k in ("DIB", "FEF", "FBD")]  # the top card (ruling V2)
        assert state.current == "Ben"  # Ana has 3 cards: no refill, no refill entry (ruling V12)

    def test_any_card_may_follow_a_nightmare(self, tmp_path):
        state = replay(tmp_path, OPENING, self.STEAL + """
            - {player: Ben, continue dream: 1, card: $FEF}
            - {player: Ben, refill: [$UHV]}
            - {player: Ana, continue dream: 1, card: $DHV}
        """)
        assert state.dream("Ana", 1)[-1] == CARD["DHV"]  # shares nothing with TGV: the nightmare is wild

    def test_no_refill_entry_after_a_full_hand(self, tmp_path):
        report = judge(tmp_path, OPENING, self.STEAL + "- {player: Ana, refill: []}")
        violation(report, OPENING, 6, f"{TURN} (ruling G1)", "it is Ben's turn, not Ana's")

    @pytest.mark.parametrize("entry, rule, message", [
        ("{player: Ana, nightmare: $TBD, dream: 2, steal from: Ben, stolen: $DHV}", f"{NIGHTMARE} (ruling V1)",
         "Ana has only dream 1: dream 2 is not started"),
        ("{player: Ana, nightmare: $TBD, dream: 1, steal from: Ana, stolen: $TGV}", f"{NIGHTMARE} (ruling V10)",
         "Ana cannot steal from themself"),
        ("{player: Ana, nightmare: $TBD, dream: 1}", f"{NIGHTMARE} (ruling V10)",
         "a nightmare steals a card: name the player robbed (Ben)"),
        ("{player: Ana, nightmare: $TBD, dream: 1, steal from: Ben, stolen: $DEF}", NIGHTMARE,
         "'Dreamcatcher in the Enchanted Forest' is not in Ben's hand"),
        ("{player: Ana, nightmare: $UEF, dream: 1, steal from: Ben, stolen: $DHV}", NIGHTMARE,
         "'Music in the Enchanted Forest' is not in Ana's hand"),
    ])
    def test_illegal_nightmares(self, tmp_path, entry, rule, message):
        violation(judge(tmp_path, OPENING, FIRST_ROUND + f"- {entry}"), OPENING, 5, rule, message)

    def test_no_nightmare_before_a_dream(self, tmp_path):
        report = judge(tmp_path, OPENING, "- {player: Ana, nightmare: $TBD, dream: 1, steal from: Ben, stolen: $DHV}")
        violation(report, OPENING, 1, f"{NIGHTMARE} (ruling V1)", "Ana has no dream yet: dream 1 is not started")

    def test_nothing_to_steal_when_no_other_player_has_a_card(self, tmp_path):
        # unreachable from a legal setup while the draw pile lasts (every hand is refilled to 3),
        # so the state is arranged by hand: ruling V10's "it steals nothing"
        state = replay(tmp_path, OPENING, FIRST_ROUND)
        state.zones["box"].extend(state.hand("Ben"))
        state.hand("Ben").clear()
        bare = Nightmare("Ana", CARD["TBD"], 1, None, None)
        ENGINE.check(state, bare)
        with pytest.raises(IllegalAction, match="Ben has no card to steal"):
            ENGINE.check(state, Nightmare("Ana", CARD["TBD"], 1, "Ben", CARD["DHV"]))
        ENGINE.apply(state, bare)
        assert state.hand("Ana") == [CARD["TGV"], CARD["MGV"]] and state.phase == "refill"


# --- echoes ------------------------------------------------------------------------------------

ECHOES = setup({"Ana": "MBD MIB MBD", "Ben": "DIB DBD DHV"}, river="MIB MBD DEF DGV FIB",
               deck="UGV UHV UIB UEF UBD")
ECHO_SETUP_TURNS = """
    - {player: Ana, start dream: $MBD}
    - {player: Ana, refill: [$MIB]}
    - {player: Ben, start dream: $DIB}
    - {player: Ben, refill: [$DEF]}
    - {player: Ana, continue dream: 1, card: $MIB}
    - {player: Ana, refill: [$MBD]}
    - {player: Ben, continue dream: 1, card: $DBD}
    - {player: Ben, refill: [$DGV]}
"""
ECHO_TURN = ECHO_SETUP_TURNS + """
    - {player: Ana, continue dream: 1, card: $MBD}
    - {player: Ana, continue dream: 1, card: $MBD}
    - {player: Ana, continue dream: 1, card: $MIB}
"""


class TestEcho:
    def test_rulebook_example_and_the_final_play(self, tmp_path):
        # "The player played the card 'Mythical Creature in the Burning Desert,' which is already
        # present in the Dream ... And will therefore play another card." The second echo gives
        # the final play; the echo on it gives nothing; the refill comes at the end (ruling V5).
        state = replay(tmp_path, ECHOES, ECHO_SETUP_TURNS + "- {player: Ana, continue dream: 1, card: $MBD}")
        assert (state.current, state.phase, state.made, state.echo) == ("Ana", "play", 1, True)
        state = replay(tmp_path, ECHOES, ECHO_TURN)
        assert state.dream("Ana", 1) == [CARD[k] for k in ("MBD", "MIB", "MBD", "MBD", "MIB")]
        assert (state.phase, state.made, state.echo) == ("refill", 3, True)

    def test_the_refill_after_the_turn_reaches_into_the_new_river(self, tmp_path):
        # FIB empties the river, which is refilled to 5 from the draw pile; Ana goes on (V6)
        state = replay(tmp_path, ECHOES, ECHO_TURN + "- {player: Ana, refill: [$FIB, $UGV, $UHV]}")
        assert state.hand("Ana") == [CARD[k] for k in ("FIB", "UGV", "UHV")]
        assert state.river == [CARD[k] for k in ("UIB", "UEF", "UBD")]
        assert state.current == "Ben"

    def test_cards_are_taken_one_at_a_time(self, tmp_path):
        report = judge(tmp_path, ECHOES, ECHO_TURN + "- {player: Ana, refill: [$UGV, $FIB, $UHV]}")
        violation(report, ECHOES, 12, REFILL, "'Music in the Galactic Valley' is not in the river "
                  "(Flight in the Icy Birches)")

    def test_no_refill_between_echo_plays(self, tmp_path):
        report = judge(tmp_path, ECHOES, ECHO_SETUP_TURNS + """
            - {player: Ana, continue dream: 1, card: $MBD}
            - {player: Ana, refill: [$FIB]}
        """)
        violation(report, ECHOES, 10, f"{ECHO} (ruling V5)", "Ana's echo gives another play, compulsory")

    def test_an_echo_on_the_final_play_gives_nothing(self, tmp_path):
        report = judge(tmp_path, ECHOES, ECHO_TURN + "- {player: Ana, start dream: $MBD}")
        violation(report, ECHOES, 12, f"{ECHO} (ruling V5)", "Ana has made the final play of the turn")

    def test_a_play_that_is_not_an_echo_ends_the_plays(self, tmp_path):
        report = judge(tmp_path, ECHOES, ECHO_SETUP_TURNS + """
            - {player: Ana, continue dream: 1, card: $MBD}
            - {player: Ana, continue dream: 1, card: $MIB}
            - {player: Ana, continue dream: 1, card: $MBD}
        """)
        # MIB is in the dream already: an echo too; so a third play is due and legal
        assert report.legal
        report = judge(tmp_path, ECHOES, ECHO_SETUP_TURNS + """
            - {player: Ana, continue dream: 1, card: $MBD}
            - {player: Ana, start dream: $MIB}
            - {player: Ana, continue dream: 1, card: $MBD}
        """)
        violation(report, ECHOES, 11, ECHO, "Ana's last play was not an echo")

    def test_the_echo_play_may_start_the_second_dream(self, tmp_path):
        # ruling V16: "in the same Dream or in the other one"; the new dream reflects the first
        state = replay(tmp_path, ECHOES, ECHO_SETUP_TURNS + """
            - {player: Ana, continue dream: 1, card: $MBD}
            - {player: Ana, start dream: $MBD}
        """)
        assert state.dreams["Ana"] == 2 and state.cube["Ana"] == 2
        assert (state.phase, state.echo) == ("refill", False)
        assert rules.refill_due(state, "Ana") == 2

    def test_the_echo_play_is_lost_when_no_play_is_possible(self, tmp_path):
        # ruling V17. Arranged by hand (the zones no longer add up: a unit test): the draw pile
        # is empty, Ana has a second dream ending with DIB, and her hand is MBD and UGV
        state = replay(tmp_path, ECHOES, ECHO_SETUP_TURNS + "- {player: Ana, continue dream: 1, card: $MBD}")
        state.deck.clear()
        state.dreams["Ana"] = 2
        state.dream("Ana", 2).append(CARD["DIB"])
        state.faces[("Ana", 2)].extend(kinds("DIB"))
        state.hand("Ana")[:] = [CARD["MBD"], CARD["UGV"]]
        ENGINE.apply_checked(state, ContinueDream("Ana", 1, CARD["MBD"]))  # an echo again...
        assert (state.phase, state.made, state.echo) == ("refill", 2, True)  # ... but UGV fits nowhere
        with pytest.raises(IllegalAction, match=r"none was possible") as err:
            ENGINE.check(state, ContinueDream("Ana", 1, CARD["UGV"]))
        assert err.value.rule == f"{ECHO} (ruling V17)"
        ENGINE.apply_checked(state, Refill("Ana", (CARD["FIB"],)))  # all that is left (ruling V12)
        assert state.current == "Ben"


class TestRefill:
    @pytest.mark.parametrize("cards_, rule, message", [
        ("[]", f"{REFILL} (ruling V12)", "Ana takes 0 cards; the hand must take 1 to have 3"),
        ("[$FEF, $UHV]", f"{REFILL} (ruling V12)", "Ana takes 2 cards; the hand takes 1 to have 3"),
        ("[$DGV]", REFILL, "'Dreamcatcher in the Galactic Valley' is not in the river"),
    ])
    def test_exactly_what_the_hand_lacks_from_the_river(self, tmp_path, cards_, rule, message):
        report = judge(tmp_path, OPENING, f"- {{player: Ana, start dream: $TGV}}\n- {{player: Ana, refill: {cards_}}}")
        violation(report, OPENING, 2, rule, message)


@pytest.fixture(scope="module")
def short(tmp_path_factory) -> VisionsEngine:
    """The bundled cards with a 3-space track on both sides (ruling V9: the track is data)."""
    folder = tmp_path_factory.mktemp("cards") / "visions"
    shutil.copytree(REPO / "cards" / "visions", folder)
    path = folder / "reflection.yaml"
    text = path.read_text()
    text = re.sub(r"track: \[[^\]]*\]\n(\s*)awakening: \d+", r"track: [0, 1, 2]\n\1awakening: 3", text)
    path.write_text(text)
    return VisionsEngine(folder.parent)


class TestAwakening:
    GAME = setup({"Ana": "TIB TIB TBD", "Ben": "DEF DHV DGV"}, river="TIB UEF UHV UGV UBD", deck="FIB FBD FHV")
    LOG = """
        - {player: Ana, start dream: $TIB}
        - {player: Ana, refill: [$TIB]}
        - {player: Ben, start dream: $DEF}
        - {player: Ben, refill: [$UEF]}
        - {player: Ana, start dream: $TIB}
        - {player: Ana, refill: [$UHV]}
        - {player: Ben, continue dream: 1, card: $DHV}
        - {player: Ben, refill: [$UGV]}
        - {player: Ana, continue dream: 1, card: $TBD}
        - {player: Ana, refill: [$UBD]}
        - {player: Ben, continue dream: 1, card: $DGV}
        - {player: Ben, refill: [$FIB]}
        - {player: Ana, continue dream: 2, card: $TIB}
    """

    def test_reaching_the_awakening_space_wins_at_once(self, tmp_path, short):
        # the last card matches TBD (Time) opposite: the cube reaches space 3, the Awakening;
        # it is also an echo (TIB is in dream 2), which gives nothing: the game is over (V15)
        state = replay(tmp_path, self.GAME, self.LOG, short)
        assert (state.cube["Ana"], state.awakened, state.phase) == (3, "Ana", "over")
        report = judge(tmp_path, self.GAME, self.LOG, short)
        assert report.legal and report.complete and report.winner == "Ana"
        # dream 1: TIB TBD (1 x 2), dream 2: TIB TIB (2 x 2); the cube scores the last space (V14)
        assert report.scores == {"Ana": 2 + 4 + 2, "Ben": 3}

    def test_nothing_after_the_awakening(self, tmp_path, short):
        report = judge(tmp_path, self.GAME, self.LOG + "- {player: Ana, refill: [$FBD]}", short)
        violation(report, self.GAME, 14, "Visions: the end of the game", "an entry after the game ended")
        assert report.winner == "Ana"

    def test_the_awakened_player_wins_whatever_the_scores(self, tmp_path):
        state = replay(tmp_path, OPENING, FIRST_ROUND)
        state.faces[("Ana", 1)].extend(kinds("TGV", "TGV"))
        state.awakened, state.phase = "Ben", "over"
        assert ENGINE.scores(state)["Ana"] > ENGINE.scores(state)["Ben"]
        assert ENGINE.winner(state) == "Ben"

    def test_random_games_with_a_short_track_end_by_awakening(self, short):
        awakened = 0
        for seed in range(40):  # both policies: random play is mostly nightmares, which never reflect
            log = simulate(short, NAMES5[: 2 + seed % 4], seed, ("random", "greedy")[seed % 2])
            report = adjudicate(in_memory(log), short)
            assert report.legal and report.complete, (seed, report.violations)
            final = states(log, short)[-1]
            awakened += final.awakened is not None
            assert report.winner == (final.awakened or report.winner)
        assert awakened >= 3


class TestScoring:
    def test_rulebook_scoring_example(self, tmp_path):
        # "Environment: 3 Icy Birch cards; Category: 4 Flight cards -> 3 x 4 = 12 pts (first Dream)
        #  Environment: 5 Hidden Village cards; Category: 2 Time cards -> 2 x 5 = 10 pts (second)
        #  Reflection = 14 pts. Final score: 12 + 10 + 14 = 36 pts"
        first = kinds("FIB", "FIB", "FIB", "FBD", "MGV")
        second = kinds("THV", "THV", "UHV", "FHV", "DHV")
        assert dream_points(first) == 12 and dream_points(second) == 10
        state = replay(tmp_path, OPENING, "")
        state.faces[("Ana", 1)][:] = first
        state.faces[("Ana", 2)][:] = second
        state.cube["Ana"] = 3
        sheet = score_sheet(state, "Ana")
        assert (sheet.dreams, sheet.reflection, sheet.total) == ((12, 10), 14, 36)
        assert ENGINE.scores(state) == {"Ana": 36, "Ben": 0}
        assert ENGINE.winner(state) == "Ana"

    def test_nightmares_count_for_nothing(self):
        assert dream_points(kinds("TGV") + [None, None] + kinds("TBD")) == 1 * 2
        assert dream_points([None]) == 0 and dream_points([]) == 0

    def test_a_tie_is_a_shared_win(self, tmp_path):
        state = replay(tmp_path, OPENING, FIRST_ROUND)
        assert ENGINE.scores(state) == {"Ana": 1, "Ben": 1} and ENGINE.winner(state) == ["Ana", "Ben"]


class TestEntryFormat:
    @pytest.mark.parametrize("entry, message", [
        ("{player: Ana, start dream: Time in the Galactic Vale}",
         "start dream: unknown card 'Time in the Galactic Vale'; did you mean 'Time in the Galactic Valley'"),
        ("{player: Ana, start dream: $TGV, card: $TBD}", "card: unknown key 'card' in a 'start dream' entry"),
        ("{player: Ana, continue dream: three, card: $TGV}", "continue dream: expected a dream's number, 1 or 2"),
        ("{player: Ana, continue dream: 3, card: $TGV}", "continue dream: expected a dream's number"),
        ("{player: Ana, continue dream: 1}", "card: is required but missing"),
        ("{player: Zoe, start dream: $TGV}", "player: unknown player 'Zoe' (the players: Ana, Ben)"),
        ("{player: Ana, skip: 1}", "skip: expected true"),
        ("{player: Ana, refill: $MGV}", "refill: expected the list of cards"),
        ("{player: Ana, refill: [12]}", "refill: expected a card's name, got 12"),
        ("{player: Ana}", "the entry has no action"),
        ("{player: Ana, start dream: $TGV, skip: true}", "two actions (start dream and skip)"),
        # `steal from` without `stolen` is a steal the table did not see (reading V20); not the reverse
        ("{player: Ana, nightmare: $TBD, dream: 1, stolen: $MGV}", "steal from: is required but missing"),
        ("start dream", "expected an entry: {player: NAME, start dream: CARD}"),
    ])
    def test_not_an_entry_is_exit_2_with_its_line(self, tmp_path, entry, message):
        path = write(tmp_path, log_text(OPENING, "- {player: Ana, start dream: $TGV}\n- {player: Ana, refill: [$MGV]}\n- "
                                        + entry))
        with pytest.raises(LogFormatError) as err:
            adjudicate(read_log(path, GAMES), ENGINE)
        assert f"{path}:{entry_line(OPENING, 3)}: " in str(err.value)
        assert message in str(err.value)
        results = check_logs([path], GAMES)
        assert exit_code(results) == 2 and message in results[0].reason

    def test_entries_round_trip(self, tmp_path):
        log = simulate(ENGINE, NAMES5[:3], 5)
        state = ENGINE.new_state(log["players"], log["setup"], "g", lambda p: None)
        for i, entry in enumerate(log["log"]):
            action = ENGINE.parse(entry, state, EntryRef("g", i, None))
            assert ENGINE.to_entry(state, action) == entry
            ENGINE.apply(state, action)


# --- the end, replayed from seeded random games (exact sequences) ------------------------------


def states(log: dict, engine: VisionsEngine = ENGINE) -> list[VisionsState]:
    """The state before each entry, and after the last (copies: for the tests only)."""
    state = engine.new_state(log["players"], log["setup"], "g", lambda p: None)
    shared = {id(state.cards): state.cards, id(state.track): state.track}
    out = []
    for i, entry in enumerate(log["log"]):
        out.append(copy.deepcopy(state, dict(shared)))
        engine.apply(state, engine.parse(entry, state, EntryRef("g", i, None)))
    out.append(state)
    return out


def with_entry(log: dict, index: int, entry: dict | None) -> dict:
    """``log`` with entry ``index`` replaced by ``entry`` (None: duplicated)."""
    entries = list(log["log"])
    if entry is None:
        entries.insert(index, entries[index])
    else:
        entries[index] = entry
    return {**log, "log": entries}


ENDGAME_SEED = 9  # 3 players: the draw pile runs out, hands are played out, every player skips


@pytest.fixture(scope="module")
def endgame():
    log = simulate(ENGINE, NAMES5[:3], ENDGAME_SEED)
    return log, states(log)


class TestEnd:
    def test_the_game_ends_when_every_player_has_skipped_in_a_row(self, endgame):
        log, snaps = endgame
        assert [e.get("skip") for e in log["log"][-3:]] == [True, True, True]
        final = snaps[-1]
        assert final.phase == "over" and not final.deck and final.awakened is None
        report = adjudicate(in_memory(log), ENGINE)
        assert report.legal and report.complete and report.scores == ENGINE.scores(final)

    def test_a_skip_while_a_card_can_continue_a_dream(self, endgame):
        log, snaps = endgame
        i = next(i for i, e in enumerate(log["log"]) if "continue dream" in e and not snaps[i].deck)
        report = adjudicate(in_memory(with_entry(log, i, {"player": log["log"][i]["player"], "skip": True})), ENGINE)
        assert [(v.entry, v.rule) for v in report.violations] == [(i + 1, f"{END} (ruling V8)")]
        assert "cannot skip" in report.violations[0].message

    def test_a_compulsory_nightmare_cannot_be_skipped(self, endgame):
        log, snaps = endgame
        i = next(i for i, e in enumerate(log["log"])
                 if "nightmare" in e and rules.a_dream_play(snaps[i], e["player"]) is None)
        report = adjudicate(in_memory(with_entry(log, i, {"player": log["log"][i]["player"], "skip": True})), ENGINE)
        assert [(v.entry, v.rule) for v in report.violations] == [(i + 1, f"{NIGHTMARE} (ruling V8)")]
        assert "must play a nightmare: the draw pile is not empty" in report.violations[0].message

    def test_no_nightmare_once_the_draw_pile_is_empty(self, endgame):
        log, snaps = endgame
        i = next(i for i, e in enumerate(log["log"]) if "continue dream" in e and not snaps[i].deck)
        e = log["log"][i]
        victim = next(p for p in log["players"] if p != e["player"] and snaps[i].hand(p))
        bad = {"player": e["player"], "nightmare": e["card"], "dream": e["continue dream"],
               "steal from": victim, "stolen": snaps[i].hand(victim)[0]}
        report = adjudicate(in_memory(with_entry(log, i, bad)), ENGINE)
        assert [(v.entry, v.rule) for v in report.violations] == [(i + 1, f"{NIGHTMARE} (ruling V2)")]

    def test_the_game_ends_when_everything_is_played(self):
        # a seeded game in which the draw pile, the river and every hand run out: no skip needed
        seed = next(s for s in range(200) if not simulate(ENGINE, NAMES5[:2], s)["log"][-1].get("skip"))
        log = simulate(ENGINE, NAMES5[:2], seed)
        final = states(log)[-1]
        assert final.phase == "over" and final.awakened is None
        assert not final.deck and not final.river and not any(final.hand(p) for p in log["players"])


# --- random games and mutants ------------------------------------------------------------------


class TestRandomGames:
    def test_hundreds_of_random_games_are_legal_and_complete(self):
        games = 0
        for n in range(2, 6):
            for seed in range(50):
                report = adjudicate(in_memory(simulate(ENGINE, NAMES5[:n], seed)), ENGINE)
                assert report.legal and report.complete, (n, seed, report.violations)
                games += 1
        assert games == 200

    @pytest.mark.parametrize("n", [2, 3, 4, 5])
    def test_through_the_log_file(self, tmp_path, n):
        path = write(tmp_path, dump_log(simulate(ENGINE, NAMES5[:n], 100 + n), "simulated"))
        report = adjudicate(read_log(path, GAMES), ENGINE)
        assert report.legal and report.complete

    def test_the_same_seed_gives_the_same_log(self):
        assert simulate(ENGINE, NAMES5[:4], 9) == simulate(ENGINE, NAMES5[:4], 9)
        assert simulate(ENGINE, NAMES5[:4], 9) != simulate(ENGINE, NAMES5[:4], 10)

    def test_legal_actions_are_exactly_the_candidates_that_check(self):
        log = simulate(ENGINE, NAMES5[:3], 2)
        for state in states(log)[:-1]:
            actions = ENGINE.legal_actions(state)
            assert actions
            for action in actions:
                ENGINE.check(state, action)


def mutants(log: dict, rng: random.Random):
    """For each entry, one mutant picked at random among: the entry duplicated, or replaced by
    another entry that looks legal (another card of the same hand, the other dream, another
    player robbed or card stolen, another river card, one card fewer, a play for a skip)."""
    snaps = states(log)
    for i, e in enumerate(log["log"]):
        s = snaps[i]
        p = e["player"]
        hand = list(dict.fromkeys(s.hand(p)))
        out = [("duplicate", None)]
        played = e.get("start dream") or e.get("card") or e.get("nightmare")
        if played:
            key = "start dream" if "start dream" in e else "card" if "card" in e else "nightmare"
            other = [c for c in hand if c != played]
            if other:
                out.append(("card", {**e, key: other[0]}))
        if "continue dream" in e:
            out.append(("dream", {**e, "continue dream": 3 - e["continue dream"]}))
        if "start dream" in e and s.dreams[p]:
            out.append(("dream", {"player": p, "continue dream": 1, "card": e["start dream"]}))
        if "nightmare" in e:
            out.append(("dream", {**e, "dream": 3 - e["dream"]}))
            if "steal from" in e:
                victim = e["steal from"]
                others = [c for c in dict.fromkeys(s.hand(victim)) if c != e["stolen"]]
                if others:
                    out.append(("stolen", {**e, "stolen": others[0]}))
                robbed = [q for q in log["players"] if q not in (p, victim)]
                if robbed:
                    out.append(("robbed", {**e, "steal from": robbed[0]}))
        if "refill" in e:
            river = [c for c in s.river if c not in e["refill"]]
            if river:
                out.append(("refill", {**e, "refill": [river[0]] + e["refill"][1:]}))
            out.append(("refill", {**e, "refill": e["refill"][:-1]}))
        if "skip" in e and hand:
            out.append(("skip", {"player": p, "continue dream": 1, "card": hand[0]}))
        yield i, *rng.choice(out)


FACES = {fragment_name(c, e): (c, e) for c in CATEGORIES for e in ENVIRONMENTS}  # from the tables


def allowed_here(state: VisionsState, entry: dict) -> bool:
    """The test's own reading of "1 - Play a Card" for one play (not the engine's): a nightmare
    goes on a started dream while the draw pile lasts; a card starts a dream while fewer than
    two are started, or continues one whose last card shares its category or environment or
    lies face down."""
    p = entry["player"]
    if "nightmare" in entry:
        return bool(state.deck) and entry["dream"] <= state.dreams[p]
    if "start dream" in entry:
        return state.dreams[p] < 2
    if "continue dream" in entry:
        d = entry["continue dream"]
        if d > state.dreams[p]:
            return False
        if state.faces[(p, d)][-1] is None:
            return True
        last, card = FACES[state.dream(p, d)[-1]], FACES[entry["card"]]
        return last[0] == card[0] or last[1] == card[1]
    return False


class TestMutants:
    def test_mutated_logs_are_caught(self):
        rng = random.Random(5)
        tally: Counter = Counter()
        escaped = []
        start = time.perf_counter()
        for n in range(2, 6):
            for seed in range(3):
                log = simulate(ENGINE, NAMES5[:n], 1000 + seed)
                snaps = states(log)
                for i, kind, entry in mutants(log, rng):
                    report = adjudicate(in_memory(with_entry(log, i, entry)), ENGINE)
                    tally[kind] += 1
                    if report.legal:
                        escaped.append((kind, i, entry, snaps[i]))
        total = sum(tally.values())
        rate = 1 - len(escaped) / total
        print(f"\nmutants: {total} {dict(tally)}, caught {rate:.1%} in {time.perf_counter() - start:.1f}s; "
              f"escaped by kind: {dict(Counter(k for k, *_ in escaped))}")
        assert total >= 700
        assert rate >= 0.93
        # what escapes is another legal game: the mutated play is one the rules allow there
        # (a nightmare put in the other dream, a card that fits the other dream or another card
        # of the hand) and the rest of the log happens to stay legal. Never a duplicate, a
        # refill, a steal or a skip, and never a play the rules forbid.
        for kind, i, entry, state in escaped:
            assert kind in ("dream", "card") and allowed_here(state, entry), (kind, i, entry)


# --- the example logs --------------------------------------------------------------------------

EXAMPLE_VERDICTS = {
    "visions-legal-3p.yaml": None,
    "visions-illegal-continue.yaml": CONTINUE,
    "visions-illegal-echo-refill.yaml": f"{ECHO} (ruling V5)",
    "visions-illegal-nightmare-empty-deck.yaml": f"{NIGHTMARE} (ruling V2)",
    "visions-illegal-skip.yaml": f"{END} (ruling V8)",
    "visions-illegal-setup.yaml": "Visions: Components",
    # logs written at the table (readings V18-V22; tests/test_table_logs_visions.py)
    "visions-table-legal.yaml": None,
    "visions-table-illegal-fourth-copy.yaml": "Visions: Components",
}


class TestExamples:
    def test_every_example_is_listed(self):
        assert sorted(p.name for p in EXAMPLES.glob("visions-*.yaml")) == sorted(EXAMPLE_VERDICTS)

    @pytest.mark.parametrize("name", sorted(EXAMPLE_VERDICTS))
    def test_verdict_and_the_line_the_comment_names(self, name):
        path = EXAMPLES / name
        report = adjudicate(read_log(path, GAMES), ENGINE)
        rule = EXAMPLE_VERDICTS[name]
        first = path.read_text().splitlines()[0]
        assert first.startswith("#")
        if rule is None:
            assert report.legal and report.complete
            return
        assert [v.rule for v in report.violations] == [rule]
        line = report.violations[0].line
        assert f"line {line}" in first, (first, line)

    def test_the_legal_example_is_the_simulators_golden_playthrough(self):
        path = EXAMPLES / "visions-legal-3p.yaml"
        seed = int(re.search(r"--seed (\d+)", path.read_text().splitlines()[0]).group(1))
        assert yaml.safe_load(path.read_text()) == simulate(ENGINE, NAMES5[:3], seed)


def test_the_documented_game(tmp_path):
    """docs/logs/visions.md's complete game is what the simulator writes, and what it says."""
    text = (REPO / "docs" / "logs" / "visions.md").read_text()
    block = text.split("## A complete game", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    assert yaml.safe_load(block) == simulate(ENGINE, ["Ana", "Ben"], 231)
    report = adjudicate(read_log(write(tmp_path, block), GAMES), ENGINE)
    assert report.legal and report.complete
    assert (report.scores, report.winner) == ({"Ana": 10, "Ben": 20}, "Ben")


def test_the_cli_judges_the_examples():
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, ["check", "log", str(EXAMPLES / "visions-legal-3p.yaml"), "--format", "json"])
    assert result.exit_code == 0, result.output
    [out] = json.loads(result.output)
    assert out["game"] == "visions" and out["legal"] and out["complete"]
    result = CliRunner().invoke(app, ["check", "log", str(EXAMPLES / "visions-illegal-continue.yaml")])
    assert result.exit_code == 1 and CONTINUE in result.output
