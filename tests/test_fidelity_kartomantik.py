"""Kartomantik: where the checker had the rulebook wrong (readings K23, K35-K38 in
docs/rulings.md), each with the exact entry, rule and message a log gets.

- K35: a Chain's "any manifestation" includes the card whose effect it is, destroyed while the
  effect waited on the Stack (3.2 Independence of Effects).
- K36: a trigger on entering goes on the Stack even if its card left at once (destroyed at
  power 0 as it entered): it is due, and a log leaving it out is refused.
- K23, K37: "look at the top card of your deck. You may put it ..." with an empty deck: "it"
  names nothing, and the "you may" is not asked; an answer written for it is refused.
- K38: a card played from a zone it is not in is cited by the rule that says where it is played
  from, and the message says where it is, in words.
"""

from __future__ import annotations

import pytest

from rules_check.core.errors import IllegalAction
from rules_check.games.kartomantik import board, resolve, rulebook
from rules_check.games.kartomantik.actions import Choose, Effect
from rules_check.games.kartomantik.state import CONFRONTATION
from rules_check.core.engine import EntryRef
from test_engine_kartomantik import (ANA, ENGINE, FIRST_LINE, GAR, OPPRESS, POOL, WEAK, P, choose, deck,
                                     judge, replay, state_with)

COLD_LENS = "When it enters the field, look at the top card of your deck. You may put it at the bottom of your deck."


def only_violation(report, entry: int, rule: str, message: str) -> None:
    """The report's first violation is exactly this one (entry 1-based, its line, rule, message)."""
    assert not report.legal
    v = report.violations[0]
    assert (v.entry, v.line, v.rule, v.message) == (entry, FIRST_LINE + entry - 1, rule, message)


def run(state, *entries) -> None:
    for e in entries:
        ENGINE.apply_checked(state, ENGINE.parse(e, state, EntryRef("t", 0, 1)))


def refused(state, entry) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.check(state, ENGINE.parse(entry, state, EntryRef("t", 0, 1)))
    return caught.value


class TestK35ChainSurvivesItsSource:
    """Memory Thief ("When it enters the Confrontation Zone: Chain from your Limbo (base power 2
    or less)") destroyed by Oppress while its trigger waits on the Stack."""

    ANA = deck(["Moss Choir", "Memory Thief", "Wrathborn", "Incinerate", "Ember Tantrum", "Blazing Outcry",
                "Tending Hands"])
    BEN = deck([GAR, "Oppress", "Weeping Archive", "Entrust", "Glass Archivist", "Frost Logic", "Communion"])
    DESTROYED = WEAK + [{"play": "Memory Thief", "player": "Ana"}, P("Ben"), P("Ana"),
                        {"effect": "Ana/Memory Thief", "player": "Ana"},
                        {"play": "Oppress", "player": "Ben", "tribute": ["Weeping Archive"],
                         "target": "Ana/Memory Thief"}, P("Ana"), P("Ben"),  # Oppress resolves: 2 - 3
                        P("Ben"), P("Ana")]  # the trigger resolves without its card

    def test_the_destroyed_source_is_a_legal_choice(self):
        s = replay(self.DESTROYED, ana=self.ANA, ben=self.BEN)
        assert s.zones["limbo:Ana"] == ["Ana/Memory Thief"] and s.resolving is not None
        assert ENGINE.legal_actions(s) == [Choose("Ana", "Ana/Memory Thief"), Choose("Ana", "none")]

    def test_an_answer_outside_the_choices_lists_the_source(self, tmp_path):
        r = judge(tmp_path, self.DESTROYED + [choose("Ana", "Wrathborn")], ana=self.ANA, ben=self.BEN)
        only_violation(r, 15, rulebook.RULE_EFFECTS,
                       "Ana chooses a manifestation to Chain from your Limbo (or none): 'Ana/Wrathborn' is not one of "
                       "the legal choices (Ana/Memory Thief, none)")

    def test_chaining_the_source_puts_it_back_in_support(self, tmp_path):
        entries = self.DESTROYED + [choose("Ana", "Memory Thief")]
        assert judge(tmp_path, entries, ana=self.ANA, ben=self.BEN).legal
        s = replay(entries, ana=self.ANA, ben=self.BEN)
        assert s.zones[CONFRONTATION] == ["Ana/Moss Choir", f"Ben/{GAR}", "Ana/Memory Thief"]
        assert "Ana/Memory Thief" in s.support and not s.zones["limbo:Ana"]
        # it entered again: its trigger is due again (3.1 Triggered)
        assert [(p.source, p.controller) for p in s.pending] == [("Ana/Memory Thief", "Ana")]
        assert board.power(s, "Ana/Memory Thief") == 2  # the Modifier of Oppress left with it (3.2)

    def test_hearth_keeper_may_chain_itself_from_its_interzone(self):
        s = state_with(["Ana/Moss Choir", f"Ben/{GAR}"], interzone_Ana=["Ana/Hearth Keeper"],
                       hand_Ana=["Ana/Tending Hands"])
        s.priority, s.first = "Ana", {"Ana/Moss Choir", f"Ben/{GAR}"}
        run(s, {"activate": "Ana/Hearth Keeper", "player": "Ana", "tribute": ["Tending Hands"]}, P("Ben"), P("Ana"))
        assert ENGINE.legal_actions(s) == [Choose("Ana", "Ana/Hearth Keeper"), Choose("Ana", "none")]
        run(s, choose("Ana", "Hearth Keeper"))
        assert s.zones[CONFRONTATION][-1] == "Ana/Hearth Keeper" and not s.zones["interzone:Ana"]


class TestK36TriggerOfACardLeaving:
    """Cold Lens (power 1, Support) enters under Sorrow's Weight ("manifestations your opponent
    puts in Support get -1 power"): at 0 it is destroyed at once, and its trigger is still due."""

    ANA = deck(["Moss Choir", "Cold Lens", "Wrathborn", "Incinerate", "Ember Tantrum", "Blazing Outcry",
                "Tending Hands"])
    BEN = deck(["Sorrow's Weight", "Oppress", "Weeping Archive", "Entrust", "Glass Archivist", "Frost Logic",
                "Communion"])
    ENTERS = [{"reveal": {"Ana": "Moss Choir", "Ben": "Sorrow's Weight"}}, {"play": "Cold Lens", "player": "Ana"},
              P("Ben"), P("Ana")]

    def test_the_trigger_is_due(self):
        s = replay(self.ENTERS, ana=self.ANA, ben=self.BEN)
        assert s.zones["limbo:Ana"] == ["Ana/Cold Lens"]
        assert ENGINE.legal_actions(s) == [Effect("Ana/Cold Lens", "Ana")]

    def test_leaving_it_out_is_a_violation(self, tmp_path):
        r = judge(tmp_path, self.ENTERS + [P("Ana")], ana=self.ANA, ben=self.BEN)
        only_violation(r, 5, rulebook.RULE_TRIGGERED,
                       f"Ana/Cold Lens's triggered effect (\"{COLD_LENS}\") goes on the Stack now: Ana writes "
                       f"{{effect: Ana/Cold Lens}} before anything else (reading K29)")

    def test_putting_it_on_the_stack_is_legal_and_it_resolves(self, tmp_path):
        entries = self.ENTERS + [{"effect": "Ana/Cold Lens", "player": "Ana"}, P("Ben"), P("Ana"),
                                 choose("Ana", "yes")]
        assert judge(tmp_path, entries, ana=self.ANA, ben=self.BEN).legal
        top = replay(self.ENTERS, ana=self.ANA, ben=self.BEN).deck("Ana")[-1]
        s = replay(entries, ana=self.ANA, ben=self.BEN)
        assert s.deck("Ana")[0] == top and s.zones["limbo:Ana"] == ["Ana/Cold Lens"] and not s.items


class TestK23NothingLookedAt:
    """"Look at the top card of your deck. You may put it at the bottom": with an empty deck
    nothing is looked at, "it" names nothing and the "you may" is not asked."""

    @staticmethod
    def empty_deck(s, player: str) -> None:
        s.zones[f"exile:{player}"].extend(s.deck(player))  # out of the way, kept in the game
        s.deck(player).clear()

    def test_cold_lens_stays_and_priority_is_the_confrontations(self):
        # Moss Choir (1, phlegmatic) + Cold Lens (1, vitreous) against Ember Tantrum (2, choleric):
        # a tie, and vitreous (the last to enter) beats choleric: Ana would win, Ben has Priority
        s = state_with(["Ana/Moss Choir", "Ben/Ember Tantrum"], hand_Ana=["Ana/Cold Lens"])
        self.empty_deck(s, "Ana")
        s.priority, s.first = "Ana", {"Ana/Moss Choir", "Ben/Ember Tantrum"}
        run(s, {"play": "Cold Lens", "player": "Ana"}, P("Ben"), P("Ana"),
            {"effect": "Ana/Cold Lens", "player": "Ana"}, P("Ben"), P("Ana"))
        assert s.resolving is None and not s.items
        assert s.zones[CONFRONTATION] == ["Ana/Moss Choir", "Ben/Ember Tantrum", "Ana/Cold Lens"]
        assert s.deck("Ana") == [] and s.priority == "Ben"
        assert not any(isinstance(a, Choose) for a in ENGINE.legal_actions(s))
        wrong = refused(s, choose("Ana", "yes"))
        assert (wrong.rule, wrong.message) == (
            rulebook.RULE_EFFECTS, "no effect is asking for a choice now: a `choose` entry answers a question an effect "
                                "asks as it resolves, and one with nothing to act on (a \"you may\" about no card) "
                                "asks none (reading K37)")

    def test_glass_library_stays_on_the_field(self):
        s = state_with(field_Ana=["Ana/Glass Library"])
        self.empty_deck(s, "Ana")
        s.phase, s.priority = "end", "Ana"
        run(s, P("Ana"), P("Ben"), {"effect": "Ana/Glass Library", "player": "Ana"}, P("Ben"), P("Ana"))
        assert s.turn == 2 and s.resolving is None and not s.items
        assert s.zones["field:Ana"] == ["Ana/Glass Library"] and s.deck("Ana") == []

    def test_a_may_about_an_empty_hand_is_not_asked(self):
        """Communion: "you may put a manifestation from your hand into your Interzone", with none."""
        s = state_with(field_Ana=["Ana/Communion"])
        s.zones["exile:Ana"].extend(it for it in s.hand("Ana") if s.is_manifestation(it))
        s.hand("Ana")[:] = [it for it in s.hand("Ana") if not s.is_manifestation(it)]
        s.phase, s.priority, s.turn_winner, s.last_winner = "end", "Ana", "Ana", "Ana"
        run(s, P("Ana"), P("Ben"), {"effect": "Ana/Communion", "player": "Ana"}, P("Ben"), P("Ana"))
        assert s.resolving is None and not s.items and s.zones["interzone:Ana"] == []

    def test_a_card_looked_at_is_still_asked_about(self):
        s = state_with(field_Ana=["Ana/Glass Library"])
        s.phase, s.priority = "end", "Ana"
        run(s, P("Ana"), P("Ben"), {"effect": "Ana/Glass Library", "player": "Ana"}, P("Ben"), P("Ana"))
        assert resolve.current_request(s).options == [True, False]


class TestK38WhereACardIsPlayedFrom:
    def test_a_will_played_twice(self, tmp_path):
        r = judge(tmp_path, WEAK + [OPPRESS, P("Ben"), P("Ana"), P("Ben"), OPPRESS])
        only_violation(r, 10, rulebook.RULE_REACTION,
                       "Oppress is in Ana's Limbo, not in Ana's hand: wills are played from the hand")

    def test_a_will_played_twice_in_the_end_phase(self, tmp_path):
        # Moss Choir destroyed by Ana's own Oppress: Ben wins; in the End Phase Oppress is in the Limbo
        entries = WEAK + [{**OPPRESS, "target": "Ana/Moss Choir"}, P("Ben"), P("Ana"), P("Ana"), P("Ben"),
                          P("Ben"), P("Ana"), {"place": "Ben", "deck": [GAR]}, OPPRESS]
        s = replay(entries[:-1])
        assert s.phase == "end" and s.priority == "Ben"
        r = judge(tmp_path, entries[:-1] + [P("Ben"), {**OPPRESS, "target": "Ana/Moss Choir"}])
        only_violation(r, 15, rulebook.RULE_END,
                       "Oppress is in Ana's Limbo, not in Ana's hand: wills are played from the hand")

    def test_support_from_the_limbo(self, tmp_path):
        destroyed = WEAK + [{**OPPRESS, "target": "Ana/Moss Choir"}, P("Ben"), P("Ana")]
        r = judge(tmp_path, destroyed + [{"play": "Moss Choir", "player": "Ana"}])
        only_violation(r, 9, rulebook.RULE_SUPPORT, "Moss Choir is in Ana's Limbo, not in Ana's hand: a manifestation "
                                                 "is played in Support from the hand or the Interzone")

    def test_support_from_an_interzone_it_is_not_in(self, tmp_path):
        r = judge(tmp_path, WEAK + [{"play": "Wrathborn", "player": "Ana", "from": "interzone"}])
        only_violation(r, 6, rulebook.RULE_SUPPORT, "Wrathborn is in Ana's hand, not in Ana's Interzone: a "
                                                 "manifestation is played in Support from the hand or the Interzone")

    def test_a_will_from_the_interzone(self, tmp_path):
        r = judge(tmp_path, WEAK + [{**OPPRESS, "from": "interzone"}])
        only_violation(r, 6, rulebook.RULE_REACTION, "Oppress is a will: wills are played from the hand, not from "
                                                  "Ana's Interzone")

    def test_support_written_from_the_limbo(self, tmp_path):
        """`from: limbo` is read (not an unusable log) and refused by the rule of Support."""
        destroyed = WEAK + [{**OPPRESS, "target": "Ana/Moss Choir"}, P("Ben"), P("Ana")]
        r = judge(tmp_path, destroyed + [{"play": "Moss Choir", "player": "Ana", "from": "limbo"}])
        only_violation(r, 9, rulebook.RULE_SUPPORT, "Moss Choir cannot be played from Ana's Limbo: a manifestation is "
                                                 "played in Support from the hand or the Interzone")

    def test_a_card_the_player_does_not_own(self, tmp_path):
        other = next(n for n in POOL.cards.values() if n.name not in ANA and n.type == "will").name
        r = judge(tmp_path, WEAK + [{"play": other, "player": "Ana"}])
        only_violation(r, 6, rulebook.RULE_OWNER, f"{other} is not one of Ana's cards: Ana's deck did not hold it, and "
                                               f"a player plays only the cards they own")

    def test_a_tribute_not_in_hand(self, tmp_path):
        destroyed = WEAK + [{**OPPRESS, "target": "Ana/Moss Choir"}, P("Ben"), P("Ana")]
        r = judge(tmp_path, destroyed + [{"play": "Incinerate", "player": "Ana", "tribute": ["Moss Choir"],
                                          "target": f"Ben/{GAR}"}])
        only_violation(r, 9, rulebook.RULE_TRIBUTE, "Moss Choir is in Ana's Limbo, not in Ana's hand: a tribute is paid "
                                                 "with manifestations from the hand (reading K38)")

    def test_a_first_manifestation_not_in_hand(self, tmp_path):
        r = judge(tmp_path, [{"reveal": {"Ana": ANA[7], "Ben": GAR}}])
        only_violation(r, 1, rulebook.RULE_REVELATION, f"{ANA[7]} is in Ana's deck, not in Ana's hand: the First "
                                                    f"Manifestation is chosen from the hand (reading K38)")

    def test_an_activated_effect_off_the_field(self, tmp_path):
        ana = deck(["Moss Choir", "Hearth Keeper", "Wrathborn", "Oppress", "Weeping Archive", "Incinerate",
                    "Ember Tantrum"])
        r = judge(tmp_path, WEAK + [{"activate": "Ana/Hearth Keeper", "player": "Ana"}], ana=ana)
        only_violation(r, 6, rulebook.RULE_ACTIVATED, "Hearth Keeper is in Ana's hand, not on the field: activated "
                                                   "effects are of cards on the field (reading K38)")

    def test_a_plain_operation_moving_what_is_not_there(self):
        """Reading K34: a card with no script is checked as plain operations; one moving a card
        from where it is not says where it is."""
        from rules_check.games.kartomantik.engine import KartomantikEngine
        from rules_check.pool import Pool

        pool = Pool(dict(POOL.cards), "test")
        pool.cards = {**POOL.cards, "oppress": POOL.get("Oppress").model_copy(update={"script": None})}
        engine = KartomantikEngine(pool)
        s = engine.new_state(["Ana", "Ben"], {"Ana": {"deck": ANA}, "Ben": {"deck": deck([GAR])}}, "t",
                             lambda p: None)
        for e in WEAK:
            engine.apply_checked(s, engine.parse(e, s, EntryRef("t", 0, 1)))
        bad = {**OPPRESS, "ops": [{"move": "Ana/Wrathborn", "from": "limbo:Ana", "to": "hand:Ana"}]}
        with pytest.raises(IllegalAction) as caught:
            engine.check(s, engine.parse(bad, s, EntryRef("t", 0, 1)))
        assert (caught.value.rule, caught.value.message) == (
            rulebook.RULE_EFFECTS, "the log's operation {move: Ana/Wrathborn, from: limbo:Ana, to: hand:Ana} cannot "
                                "happen: Wrathborn is in Ana's hand, not in Ana's Limbo")
        elsewhere = {**OPPRESS, "ops": [{"move": f"Ben/{GAR}", "from": "confrontation", "to": "limbo:Ana"}]}
        with pytest.raises(IllegalAction) as caught:
            engine.check(s, engine.parse(elsewhere, s, EntryRef("t", 0, 1)))
        assert (caught.value.rule, caught.value.message) == (
            rulebook.RULE_ZONES, f"the log's operation {{move: Ben/{GAR}, from: confrontation, to: limbo:Ana}} cannot "
                              f"happen: Ana's Limbo holds only Ana's own cards, and {GAR} is Ben's (it goes to "
                              f"Ben's Limbo)")

    def test_a_full_interzone_asks_in_words(self):
        s = state_with(field_Ana=["Ana/Communion"], interzone_Ana=["Ana/Wrathborn", "Ana/Ember Tantrum",
                                                                   "Ana/Blazing Outcry"])
        s.phase, s.priority, s.turn_winner, s.last_winner = "end", "Ana", "Ana", "Ana"
        run(s, P("Ana"), P("Ben"), {"effect": "Ana/Communion", "player": "Ana"}, P("Ben"), P("Ana"),
            choose("Ana", "yes"), choose("Ana", "Moss Choir"))
        assert resolve.current_request(s).what == ("a manifestation of Ana's Interzone to put at the bottom of the "
                                                 "deck (1.3.5)")
