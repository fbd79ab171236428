"""The Kartomantik rules engine (rulebook; rulings G1-G3, K1-K5; readings K6-K21 in
docs/rulings.md).

Scripted scenarios reproduce the rulebook's worked examples exactly (the tribute of 2.1.1, the
Stack's Case 1 and Case 2 of 2.3.1, every row of the dominance table of 4.2.3), then one test
per rule with the violation's line, the simulator and a mutation test.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from logmutants import mutants
from pnp.data.games.kartomantik import TEMPERAMENTS, dominates
from rules_check.core.adjudicate import LogReport, adjudicate
from rules_check.core.engine import EntryRef
from rules_check.core.logfile import Entry, GameLog, read_log
from rules_check.core.ops import Op
from rules_check.core.simulate import simulate
from rules_check.engines import engines
from rules_check.games.kartomantik import rules
from rules_check.games.kartomantik.state import CONFRONTATION, KState

ENGINE = engines()["kartomantik"]
POOL = ENGINE.pool  # type: ignore[attr-defined]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "logs"
GAR = "Gar Fild, the Malleable"
WILLS = [c.name for c in POOL.cards.values() if c.type == "will"]
CHEAP = sorted((c for c in POOL.cards.values() if c.type == "manifestation"), key=lambda c: c.points)


def deck(top: list[str]) -> list[str]:
    """A legal 30-card deck whose first cards (top first) are ``top``."""
    out = list(top)
    for name in WILLS + [c.name for c in CHEAP]:
        if len(out) == 30:
            break
        if name not in out:
            out.append(name)
    return out


ANA = deck(["Cold Lens", "Wrathborn", "Oppress", "Weeping Archive", "Incinerate", "Ember Tantrum",
            "Blazing Outcry"])
BEN = deck([GAR, "Entrust", "Tending Hands", "Glass Archivist", "Frost Logic", "Communion", "Moss Choir"])
FIRST_LINE = 10


def log_text(entries: list[Any], ana: list[str] = ANA, ben: list[str] = BEN) -> str:
    """A log whose entry i (0-based) is on line FIRST_LINE + i."""
    flow = lambda v: yaml.safe_dump(v, default_flow_style=True, width=10**6, sort_keys=False).strip()  # noqa
    lines = ["game: kartomantik", "players: [Ana, Ben]", "setup:", "  Ana:", "    deck: " + flow(ana),
             "  Ben:", "    deck: " + flow(ben), "# the entries", "log:"]
    lines += ["  - " + flow(e) for e in entries]
    return "\n".join(lines) + "\n"


def judge(tmp_path: Path, entries: list[Any], **decks: list[str]) -> LogReport:
    path = tmp_path / "game.yaml"
    path.write_text(log_text(entries, **decks))
    return adjudicate(read_log(path, engines()), ENGINE)


def replay(entries: list[Any], ana: list[str] = ANA, ben: list[str] = BEN) -> KState:
    state = ENGINE.new_state(["Ana", "Ben"], {"Ana": {"deck": ana}, "Ben": {"deck": ben}}, "t", lambda p: None)
    for i, e in enumerate(entries):
        ENGINE.apply_checked(state, ENGINE.parse(e, state, EntryRef("t", i, FIRST_LINE + i)))
    return state


def assert_violation(report: LogReport, entry: int, rule: str, words: str = "") -> None:
    assert not report.legal and not report.complete
    v = report.violations[0]
    assert (v.entry, v.line, v.rule) == (entry, FIRST_LINE + entry - 1, rule), v
    assert words in v.message, v.message


def in_memory(log: dict) -> GameLog:
    gl = GameLog("sim", log["game"], log["players"], log["setup"],
                 [Entry(i, i + 1, e) for i, e in enumerate(log["log"])], None)  # type: ignore[arg-type]
    gl.setup_line = lambda path=(): None  # type: ignore[method-assign]
    return gl


WEAK = {"reveal": {"Ana": "Cold Lens", "Ben": GAR}}  # 1 vs 3: Ana would lose, Ana has priority


class TestWorkedExamples:
    def test_tribute_example(self):
        """2.1.1: Incinerate, 4 choleric, paid with 2 + 3: one excess essence, cards to the Limbo."""
        s = replay([WEAK, {"play": "Incinerate", "player": "Ana", "tribute": ["Ember Tantrum", "Blazing Outcry"],
                           "target": f"Ben/{GAR}", "ops": []}])
        assert s.essence["Ana"] == {"choleric": 1}
        assert s.zones["limbo:Ana"] == ["Ana/Ember Tantrum", "Ana/Blazing Outcry"]
        assert s.zones["stack"] == ["Ana/Incinerate"]

    def test_stack_case_1(self):
        """2.3.1 Case 1: Oppress, Entrust in response; Entrust resolves first: Gar Fild survives at 3."""
        s = replay([WEAK,
                    {"play": "Oppress", "player": "Ana", "tribute": ["Weeping Archive"], "target": f"Ben/{GAR}"},
                    {"play": "Entrust", "player": "Ben", "tribute": ["Tending Hands"], "target": f"Ben/{GAR}"},
                    {"pass": "Ana"}, {"pass": "Ben"}])
        assert s.power(f"Ben/{GAR}") == 6 and s.zones["limbo:Ben"][-1] == "Ben/Entrust"
        assert s.priority == "Ben"  # 2.3.4: the player not controlling Oppress
        s2 = replay([WEAK,
                     {"play": "Oppress", "player": "Ana", "tribute": ["Weeping Archive"], "target": f"Ben/{GAR}"},
                     {"play": "Entrust", "player": "Ben", "tribute": ["Tending Hands"], "target": f"Ben/{GAR}"},
                     {"pass": "Ana"}, {"pass": "Ben"}, {"pass": "Ben"}, {"pass": "Ana"}])
        assert s2.power(f"Ben/{GAR}") == 3 and f"Ben/{GAR}" in s2.zones[CONFRONTATION]
        assert s2.zones["limbo:Ana"][-1] == "Ana/Oppress" and not s2.items

    def test_stack_case_2(self):
        """2.3.1 Case 2: Ben behind plays Entrust, Oppress in response: Gar Fild destroyed, Entrust does nothing."""
        s = replay([{"reveal": {"Ana": "Wrathborn", "Ben": GAR}},
                    {"play": "Entrust", "player": "Ben", "tribute": ["Tending Hands"], "target": f"Ben/{GAR}"},
                    {"play": "Oppress", "player": "Ana", "tribute": ["Weeping Archive"], "target": f"Ben/{GAR}"},
                    {"pass": "Ben"}, {"pass": "Ana"}])
        assert s.zones["limbo:Ben"] == ["Ben/Tending Hands", f"Ben/{GAR}"]
        assert s.priority == "Ana"
        s = replay([{"reveal": {"Ana": "Wrathborn", "Ben": GAR}},
                    {"play": "Entrust", "player": "Ben", "tribute": ["Tending Hands"], "target": f"Ben/{GAR}"},
                    {"play": "Oppress", "player": "Ana", "tribute": ["Weeping Archive"], "target": f"Ben/{GAR}"},
                    {"pass": "Ben"}, {"pass": "Ana"}, {"pass": "Ana"}, {"pass": "Ben"}])
        assert s.zones["limbo:Ben"][-1] == "Ben/Entrust" and not s.counters

    @pytest.mark.parametrize("a,b", list(itertools.product(TEMPERAMENTS, TEMPERAMENTS)))
    def test_dominance_table(self, a, b):
        """4.2.3: every pair of temperaments at equal power: the dominant one wins, else Stalemate."""
        two = {"phlegmatic": "Tending Hands", "choleric": "Ember Tantrum", "vitreous": "Glass Archivist",
               "capricious": "Pilfering Whim", "melancholic": "Ashen Longing", "transcendent": "Lumen Accord",
               "hollow": "Empty Vessel"}
        s = replay([])
        s.zones[CONFRONTATION][:] = [f"Ana/{two[a]}", f"Ben/{two[b]}"]
        expected = "Ana" if dominates(a, b) else "Ben" if dominates(b, a) else None
        assert rules.outcome(s) == expected
        assert (a == b) == (expected is None)


class TestRules:
    def test_priority(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"pass": "Ben"}])
        assert_violation(r, 2, rules.RULE_PRIORITY, "Ana has priority")

    def test_tribute_too_small(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"play": "Incinerate", "player": "Ana", "tribute": ["Ember Tantrum"]}])
        assert_violation(r, 2, rules.RULE_TRIBUTE, "adds up to 2")

    def test_tribute_wrong_temperament(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"play": "Oppress", "player": "Ana", "tribute": ["Wrathborn"],
                                    "target": f"Ben/{GAR}"}])
        assert_violation(r, 2, rules.RULE_TRIBUTE, "cannot pay a melancholic tribute")

    def test_tribute_card_not_needed(self, tmp_path):
        r = judge(tmp_path, [{"reveal": {"Ana": "Cold Lens", "Ben": GAR}},
                             {"play": "Incinerate", "player": "Ana",
                              "tribute": ["Wrathborn", "Ember Tantrum"]}])
        assert_violation(r, 2, rules.RULE_TRIBUTE, "not needed")

    def test_target_off_field(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"play": "Oppress", "player": "Ana", "tribute": ["Weeping Archive"],
                                    "target": "Ben/Entrust"}])
        assert_violation(r, 2, rules.RULE_TARGETS)

    def test_persistent_only_in_end_phase(self, tmp_path):
        r = judge(tmp_path, [{"reveal": {"Ana": "Wrathborn", "Ben": GAR}},
                             {"play": "Communion", "player": "Ben", "tribute": ["Tending Hands", "Moss Choir"]}])
        assert_violation(r, 2, rules.RULE_PERSISTENT)

    def test_support_only(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"play": "Wrathborn", "player": "Ana"}])
        assert_violation(r, 2, rules.RULE_SUPPORT, "no Support")

    def test_voluntary_mulligan_once(self, tmp_path):
        order = ANA[1:] + ANA[:1]  # Wrathborn on top: a manifestation in the new hand
        s = replay([{"mulligan": "Ana", "deck": order}])
        assert s.counters["points.Ana"] == -10
        r = judge(tmp_path, [{"mulligan": "Ana", "deck": order}, {"mulligan": "Ana", "deck": ANA}])
        assert_violation(r, 2, rules.RULE_MULLIGAN, "only once")

    def test_compulsory_mulligan_and_loss(self, tmp_path):
        wills_first = WILLS[:7]
        ana = deck(wills_first)
        r = judge(tmp_path, [{"reveal": {"Ana": "Cold Lens", "Ben": GAR}}], ana=ana)
        assert_violation(r, 1, rules.RULE_RECOVERY, "compulsory")
        # two compulsory mulligans that still draw only wills: Ana loses (4.4.1)
        again = WILLS[7:14] + [n for n in ana if n not in WILLS[7:14]]
        third = WILLS[14:21] + [n for n in ana if n not in WILLS[14:21]]
        s = replay([{"mulligan": "Ana", "deck": again}, {"mulligan": "Ana", "deck": third}], ana=ana)
        assert ENGINE.is_over(s) and ENGINE.winner(s) == "Ben"
        assert s.counters.get("points.Ana", 0) == 0  # ruling K5

    def test_resolution_vessel_interzone_and_scores(self, tmp_path):
        entries = [{"reveal": {"Ana": "Wrathborn", "Ben": GAR}}, {"pass": "Ben"}, {"pass": "Ana"},
                   {"pass": "Ana"}, {"pass": "Ben"}]
        s = replay(entries)
        assert s.zones["vessel:Ana"] == [f"Ben/{GAR}"] and s.phase == "place"
        s = replay(entries + [{"place": "Ana", "interzone": ["Wrathborn"]}])
        assert s.zones["interzone:Ana"] == ["Ana/Wrathborn"] and s.phase == "end" and s.priority == "Ana"
        r = judge(tmp_path, entries + [{"place": "Ben", "deck": [GAR]}])
        assert_violation(r, 6, rules.RULE_RESOLUTION)

    def test_stalemate_then_next_turn(self):
        s = replay([{"reveal": {"Ana": "Blazing Outcry", "Ben": GAR}}])  # 3 vs 3: choleric beats phlegmatic
        assert rules.outcome(s) == "Ana"
        s = replay([{"reveal": {"Ana": "Ember Tantrum", "Ben": "Tending Hands"}}])  # 2 v 2 choleric > phlegmatic
        assert s.priority == "Ben"
        ben = deck(["Blazing Outcry"] + BEN[1:7])
        s = replay([{"reveal": {"Ana": "Blazing Outcry", "Ben": "Blazing Outcry"}}, {"pass": "Ben"},
                    {"pass": "Ana"}, {"pass": "Ana"}, {"pass": "Ben"}], ben=ben)
        assert sorted(s.zones["stalemate"]) == ["Ana/Blazing Outcry", "Ben/Blazing Outcry"]
        assert s.turn == 2 and len(s.hand("Ana")) == 7

    def test_modifiers_end_of_turn_and_leaving_field(self):
        """3.2: Oppress wears off at the end of the turn; Entrust's modifier is lost when Gar Fild
        leaves the field (to Ana's Empathic Vessel)."""
        s = replay([{"reveal": {"Ana": "Wrathborn", "Ben": GAR}},
                    {"play": "Entrust", "player": "Ben", "tribute": ["Tending Hands"], "target": f"Ben/{GAR}"},
                    {"pass": "Ana"}, {"pass": "Ben"}])
        assert s.power(f"Ben/{GAR}") == 6 and s.priority == "Ana"  # Ana now behind: 4 vs 6
        s2 = replay([WEAK,
                     {"play": "Oppress", "player": "Ana", "tribute": ["Weeping Archive"], "target": "Ana/Cold Lens"},
                     {"pass": "Ben"}, {"pass": "Ana"}])
        assert "Ana/Cold Lens" in s2.zones["limbo:Ana"] and not s2.counters  # 1 - 3 <= 0: destroyed (K3)

    def test_cannot_draw_ends_game(self):
        s = replay([])
        s.deck("Ana")[:] = s.deck("Ana")[:2]
        s.hand("Ana")[:] = []
        rules.start_turn(s)
        assert ENGINE.is_over(s)


class TestSimulation:
    @pytest.fixture(scope="class")
    @classmethod
    def simulated(cls):
        return [simulate(ENGINE, ["Ana", "Ben"], seed) for seed in range(40)]

    def test_simulated_games_are_legal(self, simulated):
        for log in simulated:
            r = adjudicate(in_memory(log), ENGINE)
            assert r.legal and r.complete, r.violations

    def test_same_seed_same_log(self):
        assert simulate(ENGINE, ["Ana", "Ben"], 7) == simulate(ENGINE, ["Ana", "Ben"], 7)

    def test_mutations_are_caught(self, simulated):
        rng = random.Random(5)
        tried = caught = 0
        for log in simulated[:10]:
            for mutant in mutants(log["log"], rng):
                tried += 1
                caught += not adjudicate(in_memory({**log, "log": mutant}), ENGINE).legal
        assert tried > 1000 and caught / tried >= 0.97, (caught, tried)

    def test_examples(self):
        import re

        for path in sorted(EXAMPLES.glob("kartomantik-*.yaml")):
            r = adjudicate(read_log(path, engines()), ENGINE)
            assert r.legal == ("illegal" not in path.name), (path, r.violations)
            if not r.legal:  # the comment at the top says which line breaks the rule
                said = re.match(r"# ILLEGAL \(line (\d+), entry (\d+)\)", path.read_text())
                assert said and (int(said[1]), int(said[2])) == (r.violations[0].line, r.violations[0].entry), path


def mv(it: str, src: str, dst: str) -> dict:
    return {"move": it, "from": src, "to": dst}


class TestTriggerWindows:
    """Reading K17: an `effect` entry only in its card's trigger window (3.1 Triggered, 4.2.2-4.2.4)."""

    def test_enters_the_field_right_after_entering(self, tmp_path):
        ok = judge(tmp_path, [WEAK, {"effect": "Ana/Cold Lens", "player": "Ana", "ops": []},
                              {"effect": f"Ben/{GAR}", "player": "Ben", "ops": []}])
        assert ok.legal, ok.violations
        r = judge(tmp_path, [WEAK, {"pass": "Ana"}, {"effect": "Ana/Cold Lens", "player": "Ana", "ops": []}])
        assert_violation(r, 3, rules.RULE_WINDOW["enters"], "did not just enter")
        r = judge(tmp_path, [WEAK, {"effect": "Ana/Cold Lens", "player": "Ana", "ops": []},
                             {"effect": "Ana/Cold Lens", "player": "Ana", "ops": []}])
        assert_violation(r, 3, rules.RULE_WINDOW["enters"], "already took effect")

    def test_enters_after_support_resolves(self, tmp_path):
        entries = [WEAK, {"play": "Blazing Outcry", "player": "Ana"}, {"pass": "Ben"}, {"pass": "Ana"},
                   {"effect": "Ana/Blazing Outcry", "player": "Ana", "ops": []}]
        assert judge(tmp_path, entries).legal
        r = judge(tmp_path, entries[:2] + [{"effect": "Ana/Blazing Outcry", "player": "Ana", "ops": []}])
        assert_violation(r, 3, rules.RULE_WINDOW["enters"])  # still on the Stack

    def test_on_revelation_only_right_after(self, tmp_path):
        reveal = {"reveal": {"Ana": "Wrathborn", "Ben": "Frost Logic"}}
        assert judge(tmp_path, [reveal, {"effect": "Ben/Frost Logic", "player": "Ben", "ops": []}]).legal
        r = judge(tmp_path, [reveal, {"pass": "Ben"}, {"effect": "Ben/Frost Logic", "player": "Ben", "ops": []}])
        assert_violation(r, 3, rules.RULE_WINDOW["revelation"], "First Manifestation just revealed")
        r = judge(tmp_path, [{"effect": "Ben/Frost Logic", "player": "Ben", "ops": []}])
        assert_violation(r, 1, rules.RULE_WINDOW["revelation"])

    def test_on_loss_only_for_the_loser(self, tmp_path):
        to_resolution = [{"reveal": {"Ana": "Wrathborn", "Ben": GAR}}, {"pass": "Ben"}, {"pass": "Ana"}]
        r = judge(tmp_path, to_resolution + [{"effect": "Ana/Wrathborn", "player": "Ana", "ops": []}])
        assert_violation(r, 4, rules.RULE_WINDOW["loss"], "did not just lose")

    def test_end_of_turn_in_the_end_phase(self, tmp_path):
        ben = deck(["Moss Choir", "Tending Hands", GAR, "Glass Archivist", "Frost Logic", "Entrust", "Communion"])
        r = judge(tmp_path, [{"reveal": {"Ana": "Wrathborn", "Ben": GAR}},
                             {"effect": "Ben/Communion", "player": "Ben", "ops": []}], ben=ben)
        assert_violation(r, 2, rules.RULE_WINDOW["end"], "not on the field")

    def test_passive_on_the_field(self, tmp_path):
        reveal = {"reveal": {"Ana": "Wrathborn", "Ben": "Moss Choir"}}
        assert judge(tmp_path, [reveal, {"pass": "Ben"},
                                {"effect": "Ben/Moss Choir", "player": "Ben", "ops": []}]).legal
        r = judge(tmp_path, [WEAK, {"effect": "Ben/Moss Choir", "player": "Ben", "ops": []}])
        assert_violation(r, 2, rules.RULE_WINDOW["passive"], "not on the field")

    def test_no_triggered_effect(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"effect": "Ana/Oppress", "player": "Ana", "ops": []}])
        assert_violation(r, 2, rules.RULE_TRIGGERED, "no triggered or passive effect")

    def test_trigger_table_reads_the_pool(self):
        from rules_check.games.kartomantik import triggers
        kinds = {c.name: triggers.trigger_of(c.text) for c in POOL.cards.values()}
        assert kinds["Cold Lens"] == "enters" and kinds["Frost Logic"] == "revelation"
        assert kinds["Wrathborn"] == "loss" and kinds["Communion"] == "end" and kinds["Oppress"] is None
        assert triggers.entry_zone(POOL.get("Ivy Remembrance").text) == "interzone"
        assert triggers.chain_of(POOL.get("Tending Hands").text) == ("hand", 2)


class TestChain:
    """Reading K18: after the First Manifestation, only Support (a play) or a card's Chain."""

    REVEAL = {"reveal": {"Ana": "Wrathborn", "Ben": "Tending Hands"}}

    def test_chain_legal(self, tmp_path):
        chain = {"effect": "Ben/Tending Hands", "player": "Ben",
                 "ops": [mv("Ben/Glass Archivist", "hand:Ben", "confrontation")]}
        r = judge(tmp_path, [self.REVEAL, chain, {"pass": "Ana"}, {"pass": "Ben"},
                             {"effect": "Ben/Glass Archivist", "player": "Ben", "ops": []}])
        assert r.legal, r.violations
        # the Chain is on the Stack (reading K20): Glass Archivist has not entered yet
        r = judge(tmp_path, [self.REVEAL, chain, {"effect": "Ben/Glass Archivist", "player": "Ben", "ops": []}])
        assert_violation(r, 3, rules.RULE_WINDOW["enters"], "did not just enter")

    def test_no_chain(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"effect": "Ana/Cold Lens", "player": "Ana",
                                    "ops": [mv("Ana/Wrathborn", "hand:Ana", "confrontation")]}])
        assert_violation(r, 2, rules.RULE_CHAIN, "has no Chain")

    def test_chain_limits(self, tmp_path):
        r = judge(tmp_path, [self.REVEAL, {"effect": "Ben/Tending Hands", "player": "Ben",
                                           "ops": [mv(f"Ben/{GAR}", "hand:Ben", "confrontation")]}])
        assert_violation(r, 2, rules.RULE_CHAIN, "base power 2 or less")
        r = judge(tmp_path, [self.REVEAL, {"effect": "Ben/Tending Hands", "player": "Ben",
                                           "ops": [mv("Ben/Glass Archivist", "deck:Ben", "confrontation")]}])
        assert_violation(r, 2, rules.RULE_CHAIN, "not from deck:Ben")


ESSENCE_ANA = deck(["Wrathborn", "Flare Up", "Blazing Outcry", "Borrowed Strength", "Cold Lens", "Oppress",
                    "Ember Tantrum"])


class TestPaths:
    def test_decklist_file(self, tmp_path):
        (tmp_path / "ana.txt").write_text("".join(f"1 {n}\n" for n in ANA))
        text = log_text([WEAK]).replace("  Ana:\n", "  Ana:\n    decklist: ana.txt\n")
        (tmp_path / "g.yaml").write_text(text)
        assert adjudicate(read_log(tmp_path / "g.yaml", engines()), ENGINE).legal
        (tmp_path / "ana.txt").write_text("".join(f"1 {n}\n" for n in BEN))
        r = adjudicate(read_log(tmp_path / "g.yaml", engines()), ENGINE)
        assert not r.legal and r.violations[0].rule == rules.RULE_SETUP and "ana.txt" in r.violations[0].message
        assert r.violations[0].line == 6  # the deck's line

    def test_illegal_setup_deck(self, tmp_path):
        r = judge(tmp_path, [WEAK], ana=ANA + ["Second Thought"])
        v = r.violations[0]
        assert (v.line, v.rule) == (5, rules.RULE_SETUP) and "not legal" in v.message

    def test_support_from_interzone(self):
        s = replay([WEAK])
        s.zones.move("Ana/Blazing Outcry", "hand:Ana", "interzone:Ana")
        for e in [{"play": "Blazing Outcry", "player": "Ana", "from": "interzone"}, {"pass": "Ben"},
                  {"pass": "Ana"}]:
            ENGINE.apply_checked(s, ENGINE.parse(e, s, EntryRef("t", 0, 1)))
        assert "Ana/Blazing Outcry" in s.zones[CONFRONTATION] and s.recent == {"Ana/Blazing Outcry": "interzone:Ana"}

    def test_excess_essence_reused_then_lost(self, tmp_path):
        flare = [{"reveal": {"Ana": "Wrathborn", "Ben": GAR}}, {"pass": "Ben"},
                 {"play": "Flare Up", "player": "Ana", "tribute": ["Blazing Outcry"], "target": "Ana/Wrathborn"},
                 {"pass": "Ben"}, {"pass": "Ana"}]
        s = replay(flare, ana=ESSENCE_ANA)
        assert s.essence["Ana"] == {"choleric": 1}
        s = replay(flare + [{"pass": "Ben"}, {"play": "Borrowed Strength", "player": "Ana"}], ana=ESSENCE_ANA)
        assert s.essence["Ana"] == {"choleric": 0}  # the Hollow tribute of 1 paid by the excess (K8)
        r = judge(tmp_path, flare + [{"pass": "Ben"}, {"play": "Borrowed Strength", "player": "Ana",
                                                       "tribute": ["Ember Tantrum"]}], ana=ESSENCE_ANA)
        assert_violation(r, 7, rules.RULE_TRIBUTE, "must be used first")
        s = replay(flare + [{"pass": "Ben"}, {"pass": "Ana"}, {"pass": "Ana"}, {"pass": "Ben"},
                            {"place": "Ana", "deck": ["Wrathborn"]}, {"pass": "Ana"}, {"pass": "Ben"}],
                   ana=ESSENCE_ANA)
        assert s.turn == 2 and s.essence["Ana"] == {}

    def test_end_phase_priority_hand_limit_and_points(self, tmp_path):
        won = [{"reveal": {"Ana": "Wrathborn", "Ben": GAR}}, {"pass": "Ben"}, {"pass": "Ana"}, {"pass": "Ana"},
               {"pass": "Ben"}, {"place": "Ana", "interzone": ["Wrathborn"]}]
        draws = [mv(f"Ana/{n}", "deck:Ana", "hand:Ana") for n in ANA[7:12]]
        incinerate = {"play": "Incinerate", "player": "Ana", "tribute": ["Ember Tantrum", "Blazing Outcry"],
                      "ops": draws + [{"add": "points.Ana", "amount": 7}]}
        s = replay(won + [incinerate, {"pass": "Ben"}, {"pass": "Ana"}])
        assert s.priority == "Ben"  # 4.2.4: the opponent of the Stack's starter
        assert len(s.hand("Ana")) == 8 and s.counters["points.Ana"] == 7
        before = ENGINE.scores(replay(won))["Ana"]
        assert ENGINE.scores(s)["Ana"] == before + 7 - 5 * sum(POOL.get(n).type == "manifestation"
                                                             for n in ANA[7:12])
        to_limit = won + [incinerate, {"pass": "Ben"}, {"pass": "Ana"}, {"pass": "Ben"}, {"pass": "Ana"}]
        r = judge(tmp_path, to_limit + [{"pass": "Ana"}])
        assert_violation(r, len(to_limit) + 1, rules.RULE_END, "above 7")
        extra = replay(to_limit).hand("Ana")[0].split("/", 1)[1]
        s = replay(to_limit + [{"bottom": "Ana", "cards": [extra]}])
        assert s.turn == 2 and s.deck("Ana")[0] == f"Ana/{extra}" and len(s.hand("Ana")) == 7
        r = judge(tmp_path, to_limit + [{"bottom": "Ana", "cards": []}])
        assert_violation(r, len(to_limit) + 1, rules.RULE_END, "1 cards above seven")

    def test_draw_is_both_names(self):
        s = replay([])
        sc = ENGINE.scores(s)
        s.counters["points.Ben"] = sc["Ana"] - sc["Ben"]
        assert ENGINE.scores(s)["Ana"] == ENGINE.scores(s)["Ben"]
        assert ENGINE.winner(s) == ["Ana", "Ben"]  # ruling G2, 4.4.3


def add(counter: str, n: int) -> dict:
    return {"add": counter, "amount": n}


class TestTriggersOnTheStack:
    """Reading K20: a triggered effect goes on the Stack (3.1 Triggered, 2.3)."""

    LENS = {"effect": "Ana/Cold Lens", "player": "Ana", "ops": [add("turn.Ana/Cold Lens", 5)]}
    ENTRUST = {"play": "Entrust", "player": "Ben", "tribute": ["Tending Hands"], "target": f"Ben/{GAR}"}

    def test_response_resolves_first(self, tmp_path):
        s = replay([WEAK, self.LENS])
        assert s.power("Ana/Cold Lens") == 1 and s.items[-1].triggered and s.items[-1].controller == "Ana"
        assert s.priority == "Ben"  # 2.3 step 2: to the opponent of the one who put it
        s = replay([WEAK, self.LENS, self.ENTRUST, {"pass": "Ana"}, {"pass": "Ben"}])
        assert s.power(f"Ben/{GAR}") == 6 and s.power("Ana/Cold Lens") == 1 and len(s.items) == 1
        assert s.priority == "Ben"  # 2.3 step 4: not the controller of the trigger now on top
        s = replay([WEAK, self.LENS, self.ENTRUST, {"pass": "Ana"}, {"pass": "Ben"}, {"pass": "Ben"},
                    {"pass": "Ana"}])
        assert s.power("Ana/Cold Lens") == 6 and not s.items and s.priority == rules.normal_priority(s)

    def test_passing_order(self, tmp_path):
        r = judge(tmp_path, [WEAK, self.LENS, {"pass": "Ana"}])
        assert_violation(r, 3, rules.RULE_PRIORITY, "Ben has priority")
        r = judge(tmp_path, [WEAK, self.LENS, self.ENTRUST, {"pass": "Ana"}, {"pass": "Ben"}, {"pass": "Ana"}])
        assert_violation(r, 6, rules.RULE_PRIORITY, "Ben has priority")

    def test_simultaneous_priority_player_first(self, tmp_path):
        gar = {"effect": f"Ben/{GAR}", "player": "Ben", "ops": []}
        s = replay([WEAK, self.LENS, gar])
        assert [i.card for i in s.items] == ["Ana/Cold Lens", f"Ben/{GAR}"] and s.priority == "Ana"
        r = judge(tmp_path, [WEAK, gar, self.LENS])  # Ana had Priority (she would lose): hers go first
        assert_violation(r, 3, rules.RULE_TRIGGERED, "first")

    def test_target_gone_does_nothing(self, tmp_path):
        gar = {"effect": f"Ben/{GAR}", "player": "Ben", "target": f"Ben/{GAR}", "ops": [add(f"power.Ben/{GAR}", 2)]}
        oppress = {"play": "Oppress", "player": "Ana", "tribute": ["Weeping Archive"], "target": f"Ben/{GAR}"}
        entries = [WEAK, gar, oppress, {"pass": "Ben"}, {"pass": "Ana"}, {"pass": "Ana"}, {"pass": "Ben"}]
        s = replay(entries)
        assert f"Ben/{GAR}" in s.zones["limbo:Ben"] and not s.items and f"power.Ben/{GAR}" not in s.counters
        assert judge(tmp_path, entries).legal
        r = judge(tmp_path, [WEAK, {**gar, "target": "Ana/Oppress"}])
        assert_violation(r, 2, rules.RULE_TARGETS)

    def test_stack_first_in_phases_without_priority(self, tmp_path):
        won = [{"reveal": {"Ana": "Wrathborn", "Ben": GAR}}, {"pass": "Ben"}, {"pass": "Ana"}, {"pass": "Ana"},
               {"pass": "Ben"}]
        s = replay(won)
        assert s.phase == "place"
        s.items.append(rules.StackItem("Ana/Wrathborn", "Ana", True, triggered=True))
        s.priority = "Ben"
        with pytest.raises(Exception, match="Stack is not empty"):
            ENGINE.check(s, ENGINE.parse({"place": "Ana", "deck": ["Wrathborn"]}, s, EntryRef("t", 0, 1)))
        with pytest.raises(Exception, match="pass until it resolves"):
            ENGINE.check(s, ENGINE.parse({"play": "Oppress", "player": "Ben", "target": "Ana/Wrathborn"}, s,
                                         EntryRef("t", 0, 1)))
        for e in [{"pass": "Ben"}, {"pass": "Ana"}]:
            ENGINE.apply_checked(s, ENGINE.parse(e, s, EntryRef("t", 0, 1)))
        assert not s.items and s.phase == "place"


class TestZoneOwners:
    """Reading K21: plain operations respect 3.2 Game Zones."""

    def test_owner_only_zones(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"effect": "Ana/Cold Lens", "player": "Ana",
                                    "ops": [mv("Ben/Entrust", "hand:Ben", "limbo:Ana")]}])
        assert_violation(r, 2, rules.RULE_ZONES, "owner's limbo (limbo:Ben)")

    def test_vessel_holds_the_opponents_manifestations(self, tmp_path):
        r = judge(tmp_path, [WEAK, {"effect": "Ana/Cold Lens", "player": "Ana",
                                    "ops": [mv("Ana/Wrathborn", "hand:Ana", "vessel:Ana")]}])
        assert_violation(r, 2, rules.RULE_ZONES, "does not own")
        r = judge(tmp_path, [WEAK, {"effect": "Ana/Cold Lens", "player": "Ana",
                                    "ops": [mv("Ben/Entrust", "hand:Ben", "vessel:Ana")]}])
        assert_violation(r, 2, rules.RULE_ZONES, "does not own")

    def test_interzone_three_spaces(self, tmp_path):
        s = replay([WEAK])
        s.zones["interzone:Ana"][:] = ["Ana/Frost Logic", "Ana/Moss Choir", "Ana/Glass Archivist"]
        four = (Op("move", item="Ana/Wrathborn", src="hand:Ana", dst="interzone:Ana"),)
        with pytest.raises(Exception, match="3 spaces"):
            rules.check_zone_owners(s, four)
        displaced = (Op("move", item="Ana/Moss Choir", src="interzone:Ana", dst="deck:Ana", bottom=True),) + four
        rules.check_zone_owners(s, displaced)
        r = judge(tmp_path, [WEAK, {"effect": "Ana/Cold Lens", "player": "Ana",
                                    "ops": [mv(f"Ben/{GAR}", "confrontation", "interzone:Ana")]}])
        assert_violation(r, 2, rules.RULE_ZONES, "own manifestations")
        r = judge(tmp_path, [WEAK, {"effect": "Ana/Cold Lens", "player": "Ana",
                                    "ops": [mv("Ana/Oppress", "hand:Ana", "interzone:Ana")]}])
        assert_violation(r, 2, rules.RULE_ZONES, "own manifestations")


class TestActivatedCosts:
    """Reading K22: "Exile it:" (Quiet Vigil) is a cost paid on activating, with no tribute."""

    ANA_VIGIL = deck(ANA[:7] + ["Quiet Vigil", "Glass Archivist"])

    def vigil(self) -> KState:
        s = replay([WEAK], ana=self.ANA_VIGIL)
        here = next(z for z, items in s.zones.zones.items() if "Ana/Quiet Vigil" in items)
        s.zones.move("Ana/Quiet Vigil", here, "field:Ana")
        here = next(z for z, items in s.zones.zones.items() if "Ana/Glass Archivist" in items)
        s.zones.move("Ana/Glass Archivist", here, "interzone:Ana")
        return s

    def test_exile_it(self):
        s = self.vigil()
        act = {"activate": "Ana/Quiet Vigil", "player": "Ana", "target": "Ana/Glass Archivist",
               "ops": [add("turn.Ana/Glass Archivist", 1)]}
        ENGINE.apply_checked(s, ENGINE.parse(act, s, EntryRef("t", 0, 1)))
        assert s.zones["exile:Ana"] == ["Ana/Quiet Vigil"] and s.items[-1].card == "Ana/Quiet Vigil"
        for e in [{"pass": "Ben"}, {"pass": "Ana"}]:
            ENGINE.apply_checked(s, ENGINE.parse(e, s, EntryRef("t", 0, 1)))
        assert s.power("Ana/Glass Archivist") == 3 and not s.items  # 3.2: the effect outlives its exiled card

    def test_exile_it_has_no_tribute_and_needs_the_field(self):
        s = self.vigil()
        act = {"activate": "Ana/Quiet Vigil", "player": "Ana", "tribute": ["Wrathborn"],
               "target": "Ana/Glass Archivist"}
        with pytest.raises(Exception, match="no tribute"):
            ENGINE.check(s, ENGINE.parse(act, s, EntryRef("t", 0, 1)))
        s = replay([WEAK], ana=self.ANA_VIGIL)
        with pytest.raises(Exception, match="not on the field"):
            ENGINE.check(s, ENGINE.parse({"activate": "Ana/Quiet Vigil", "player": "Ana"}, s, EntryRef("t", 0, 1)))

    def test_cost_reading(self):
        assert rules.activated_cost(POOL.get("Quiet Vigil").text) == "Exile it"
        assert rules.activated_cost(POOL.get("Cinder Whelp").text) == "Pay {choleric}1"
        assert rules.activated_cost(POOL.get("Tending Hands").text) is None
        assert rules.activated_cost(POOL.get("Oppress").text) is None
