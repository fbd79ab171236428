"""So Long, My World: the checker read as the rulebook reads (readings SL35-SL38 and the
amended SL3, SL10, SL28 in docs/rulings.md). Each test fails on the reading it replaced.
Helpers come from test_engine_so_long_my_world.py."""

from __future__ import annotations

import re

import pytest

from pnp.games.so_long_my_world import models as tables
from rules_check.core.engine import EntryRef
from rules_check.core.errors import IllegalAction
from rules_check.games.so_long_my_world import continuous, rules, solo
from rules_check.games.so_long_my_world.actions import Play
from rules_check.games.so_long_my_world.solo import Reach
from rules_check.games.so_long_my_world.state import (DISCARD, MARK, SYSTEM, field_of, hand, stock, tokens,
                                                      vision_zone)

from test_engine_so_long_my_world import (ENGINE, EVENTS, NAMES, TestEveryScriptedCard, line_of, replay, run,
                                          run_solo, solo_replay, violation)

HINDRANCE = TestEveryScriptedCard.START  # round 2, Hindrance Phase: Yellow, Purple, Teal (Yellow on Place of Worship)
VISION = HINDRANCE + [{"player": p, "pass": True} for p in ("Yellow", "Purple", "Teal")]  # Yellow's Vision Phase


def act(s, entry: dict) -> None:
    ENGINE.apply_checked(s, ENGINE.parse(entry, s, EntryRef("t", 0, None)))


def refused(s, entry: dict, rule: str, message: str) -> None:
    with pytest.raises(IllegalAction) as exc:
        ENGINE.check(s, ENGINE.parse(entry, s, EntryRef("t", 0, None)))
    assert (exc.value.rule, exc.value.message) == (rule, message)


def first(event: str) -> list[str]:
    return [event] + [e for e in EVENTS if e != event]


def hand_to(s, player: str, card: str) -> None:
    """A copy of ``card`` from wherever it lies (not a field) into ``player``'s hand, its cost
    into their stock."""
    where = next(z for z, xs in s.zones.zones.items() if card in xs and not z.startswith("field"))
    s.zones.move(card, where, hand(player))
    for f, n in ENGINE.cards.cards[card].cost.items():
        for _ in range(n):
            s.zones.move(f, SYSTEM, stock(player))


def round_trip(s, action):
    return ENGINE.parse(ENGINE.to_entry(s, action), s, EntryRef("t", 0, None))


# --- 6. a solo Reach: "the player *may* activate its effect" (reading SL35) ------------------------------

PLAYED = [{"event": "Empty Shelves"}, {"player": "Ana", "play": "Life is a Journey"}]  # Ana's field: 1 card


class TestSoloReachEffectIsOptional:
    def test_death_drive_unasked_is_declined(self):
        s = solo_replay(PLAYED + [{"player": "Ana", "reach": "Death Drive"}])
        assert s.zones[field_of("Ana")] == ["Life is a Journey"]  # nothing removed
        assert s.reached and s.feelings_on("Death Drive") == []  # the Reach itself happened
        s = solo_replay(PLAYED + [{"player": "Ana", "reach": "Death Drive", "choose": {"may": "yes"}}])
        assert s.zones[field_of("Ana")] == [] and s.zones[DISCARD] == ["Life is a Journey"]
        s = solo_replay(PLAYED + [{"player": "Ana", "reach": "Death Drive", "choose": {"remove": "Life is a Journey"}}])
        assert s.zones[field_of("Ana")] == []

    def test_declining_is_writable(self, tmp_path):
        for entry in ({"player": "Ana", "reach": "Death Drive", "choose": {"may": "no"}},
                      {"player": "Ana", "reach": "Death Drive", "ops": []},
                      {"player": "Ana", "reach": "World's Edge Pub"}):  # it asks which card: not written, declined
            r = run_solo(tmp_path, PLAYED + [entry])
            assert r.legal and r.unverified == [], entry
            s = solo_replay(PLAYED + [entry])
            assert s.zones[field_of("Ana")] == ["Life is a Journey"] and s.zones[hand("Ana")] == ["Soul Box"]

    def test_a_declined_effect_asks_nothing(self, tmp_path):
        entries = PLAYED + [{"player": "Ana", "reach": "Death Drive",
                             "choose": {"may": "no", "remove": "Life is a Journey"}}]
        r = run_solo(tmp_path, entries)
        assert violation(r) == (3, solo.RULE_REACH, "Death Drive's effect is declined (may: no): it asks no choice "
                                                    "'remove'")
        assert r.violations[0].line == line_of(tmp_path, 2)
        r = run_solo(tmp_path, PLAYED + [{"player": "Ana", "reach": "Death Drive", "choose": {"may": "perhaps"}}])
        assert violation(r) == (3, solo.RULE_REACH, "may: whether Ana activates Death Drive's effect, yes or no; "
                                                    "got 'perhaps'")

    def test_an_effect_that_asks_nothing_is_taken_unless_declined(self):
        """Special Person asks nothing in the solo game (reading SL27): written plainly, its
        {nostalgia} is received; ``may: no`` declines it."""
        taken = solo_replay([{"event": "Empty Shelves"}, {"player": "Ana", "reach": "Special Person"}])
        declined = solo_replay([{"event": "Empty Shelves"},
                                {"player": "Ana", "reach": "Special Person", "choose": {"may": "no"}}])
        assert taken.stock_of("Ana", "nostalgia") == 2 and declined.stock_of("Ana", "nostalgia") == 1

    def test_the_simulator_offers_both(self):
        s = solo_replay(PLAYED)
        reaches = [a for a in ENGINE.legal_actions(s) if isinstance(a, Reach) and a.vision == "Death Drive"]
        assert Reach("Ana", "Death Drive") in reaches  # declined
        assert Reach("Ana", "Death Drive", None, (("may", "yes"),)) in reaches  # its one card removed
        for a in reaches:
            assert round_trip(s, a) == a
        s = solo_replay([{"event": "Empty Shelves"}])
        reaches = [a for a in ENGINE.legal_actions(s) if isinstance(a, Reach) and a.vision == "Special Person"]
        assert reaches == [Reach("Ana", "Special Person", None, (("may", "no"),)), Reach("Ana", "Special Person")]


# --- 7. Marks of Sol with the Gestalt Visions variant come from Clocktower Library (reading SL10) -----------


class TestMarksFromTheGestaltVisions:
    def test_shipwreck_takes_them_from_clocktower_library(self):
        s = replay(2, [], end_card="Shipwreck", variants=["gestalt visions"])
        assert [s.stock_of(p, MARK) for p in NAMES[:2]] == [1, 1]
        assert s.zones[vision_zone("Clocktower Library")].count(MARK) == 1 and s.zones[SYSTEM].count(MARK) == 0
        assert s.marks_gained == 0  # a start, not a Mark gained in the game

    def test_an_emptied_gestalt_vision_unlocks(self):
        s = replay(4, [], end_card="Shipwreck", variants=["gestalt visions"])
        assert [s.stock_of(p, MARK) for p in NAMES[:4]] == [1, 1, 1, 1]
        assert MARK not in s.zones[vision_zone("Clocktower Library")] and "Clocktower Library" not in s.locked
        assert s.zones[vision_zone("Monochrome Corridor")].count(MARK) == 3 and "Monochrome Corridor" in s.locked

    def test_an_effect_takes_them_there_too(self):
        """Falling Stars ("The First Player receives 1 {mark-of-sol}"): from Clocktower Library,
        and its outcome written from the System is not what happens."""
        s = replay(3, [{"event": "Falling Stars"}], events=first("Falling Stars"), variants=["gestalt visions"])
        assert s.stock_of("Teal", MARK) == 1 and s.zones[vision_zone("Clocktower Library")].count(MARK) == 2


# --- 8. the extra Feeling is placed, or its entry refused (reading SL3, ruling S2) -------------------------


class TestExtraFeelingPlaced:
    def rain(self, last: str, extra: str) -> list[dict]:
        """Gentle Rain with 4 players and 2 Feelings of each type: Teal and Yellow take both
        {madness}, Purple and Green answer after them; the extra is placed after Green's."""
        return [{"event": "Gentle Rain", "choose": {"receive": "madness"}, "extra": {"Slaughter": extra}},
                {"player": "Yellow", "choose": {"receive": "madness"}},
                {"player": "Purple", "choose": {"receive": "resignation"}},
                {"player": "Green", "choose": {"receive": last}}]

    def test_an_extra_the_answers_used_up_is_refused_where_it_is_placed(self, tmp_path, monkeypatch):
        monkeypatch.setattr(tables, "FEELING_TOKENS_EACH", 2)
        r = run(tmp_path, 4, self.rain("resignation", "madness"), events=first("Gentle Rain"))
        assert violation(r) == (4, rules.RULE_DEAL, "the extra feeling named with Gentle Rain ({Slaughter: madness}) "
                                                    "cannot be placed: when it is placed, after the answers to Gentle "
                                                    "Rain's effect, the System has no madness left; of the type "
                                                    "chosen, else another type (ruling S2): despair")
        assert r.violations[0].line == line_of(tmp_path, 3)

    def test_an_extra_still_there_is_placed(self, tmp_path, monkeypatch):
        monkeypatch.setattr(tables, "FEELING_TOKENS_EACH", 2)
        entries = self.rain("resignation", "despair")
        assert run(tmp_path, 4, entries, events=first("Gentle Rain")).legal
        s = replay(4, entries, events=first("Gentle Rain"))
        assert s.feelings_on("Slaughter") == ["despair"] and s.feelings_on("Death Drive") == ["despair"]

    def test_with_no_feeling_left_none_is_placed(self, tmp_path, monkeypatch):
        """The answers and the deal use up the System: the extra named cannot be placed, and no
        other either (SL3: compulsory while the System has one)."""
        monkeypatch.setattr(tables, "FEELING_TOKENS_EACH", 2)
        entries = self.rain("despair", "madness")
        assert run(tmp_path, 4, entries, events=first("Gentle Rain")).legal
        s = replay(4, entries, events=first("Gentle Rain"))
        assert s.feelings_on("Slaughter") == [] and not any(x in tables.FEELINGS for x in s.zones[SYSTEM])


    def test_the_simulator_keeps_the_extra_placeable(self, monkeypatch):
        """The simulator names a type the answers cannot use up when it can, and does not offer
        an answer after which the players left could use it up (a 5-player game reached a round
        with no legal answer)."""
        from rules_check.games.so_long_my_world.actions import Respond
        monkeypatch.setattr(tables, "FEELING_TOKENS_EACH", 2)
        s = replay(4, self.rain("resignation", "madness")[:1], events=first("Gentle Rain"))
        offered = [dict(a.choose)["receive"] for a in rules.responses(s)]
        assert offered == ["despair", "resignation"]  # madness: its last one, with Purple and Green to answer
        ENGINE.check(s, Respond("Yellow", (("receive", "madness"),)))  # a legal entry all the same


# --- 9. "other" is another card, not another name (reading SL36) ---------------------------------------------


class TestOtherIsAnotherCard:
    def test_nobodys_grave_removes_its_twin(self):
        s = replay(3, VISION)
        hand_to(s, "Yellow", "Nobody's Grave")
        twin = next(z for z, xs in s.zones.zones.items() if "Nobody's Grave" in xs and z != hand("Yellow"))
        s.zones.move("Nobody's Grave", twin, field_of("Yellow"))
        s.step = 2
        play = {"player": "Yellow", "play": "Nobody's Grave", "choose": {"receive": ["hope", "hope"]}}
        other = s.copy()
        act(s, play)  # the one other card: nothing to choose
        assert s.zones[field_of("Yellow")] == ["Nobody's Grave"] and s.zones[DISCARD][-1] == "Nobody's Grave"
        act(other, {**play, "choose": {"remove": "Nobody's Grave", "receive": ["hope", "hope"]}})
        assert other.zones[field_of("Yellow")] == ["Nobody's Grave"] and other.zones[DISCARD][-1] == "Nobody's Grave"

    def test_alone_it_removes_nothing(self):
        s = replay(3, VISION)
        hand_to(s, "Yellow", "Nobody's Grave")
        s.step = 2
        act(s, {"player": "Yellow", "play": "Nobody's Grave", "choose": {"receive": ["hope", "hope"]}})
        assert s.zones[field_of("Yellow")] == ["Nobody's Grave"]


# --- 10. an outcome written empty is an outcome (reading SL37) ---------------------------------------------------


class TestAnEmptyOutcomeIsWritten:
    def test_an_event_that_changes_the_table(self, tmp_path):
        r = run(tmp_path, 3, [{"event": "Falling Stars", "ops": []}], events=first("Falling Stars"))
        assert violation(r) == (1, rules.RULE_EVENT, "Falling Stars (\"The First Player receives 1 {mark-of-sol} "
                                                     "from the System, if there is one.\") does: moved Mark of Sol "
                                                     "from System to stock:Teal; the entry writes: nothing")
        assert r.violations[0].line == line_of(tmp_path, 0)
        assert run(tmp_path, 3, [{"event": "Falling Stars"}], events=first("Falling Stars")).legal

    def test_an_event_with_a_choice(self, tmp_path):
        r = run(tmp_path, 3, [{"event": "Empty Shelves", "ops": []}], events=first("Empty Shelves"))
        assert violation(r) == (1, rules.RULE_EVENT, "Empty Shelves (\"The First Player puts 1 extra {resignation} "
                                                     "on a Vision of their choice.\") asks Teal the Vision the extra "
                                                     "Feeling goes on, and no choice does what the entry writes "
                                                     "(nothing): write the choice, choose: {where: ...} (the choices: "
                                                     "Place of Worship, World's Edge Pub, Special Person, Death Drive, "
                                                     "Slaughter, Empty City)")

    def test_a_card(self):
        s = replay(3, VISION)
        hand_to(s, "Yellow", "Unplug the Machines")
        s.zones.move(MARK, SYSTEM, stock("Purple"))
        s.step = 2
        refused(s, {"player": "Yellow", "play": "Unplug the Machines", "ops": []}, rules.RULE_PLAY,
                f"Unplug the Machines (\"{ENGINE.cards.cards['Unplug the Machines'].text}\") does: moved Mark of Sol "
                f"from stock:Purple to System; the entry writes: nothing")
        written = ENGINE.parse({"player": "Yellow", "play": "Unplug the Machines", "ops": []}, s, EntryRef("t", 0, None))
        assert written.ops == () and ENGINE.to_entry(s, written)["ops"] == []
        assert Play("Yellow", "Unplug the Machines").ops is None  # no outcome written


# --- 11. Father's Old Coat asks which token; a token of any colour is read as written -----------------------


class TestWhichToken:
    def coat(self):
        """Yellow holds Father's Old Coat, a {hope} and a {resignation}, under The Sky Turns Grey
        (a {hope} counts as a {resignation}, reading SL28); the coat's "may" waits for Yellow."""
        s = replay(3, HINDRANCE)
        s.round_rules.add("hope is resignation")
        s.zones.move("Father's Old Coat", next(z for z, xs in s.zones.zones.items() if "Father's Old Coat" in xs),
                     field_of("Yellow"))
        s.zones[stock("Yellow")][:] = []
        for f in ("hope", "resignation"):
            s.zones[SYSTEM].remove(f)
            s.zones[stock("Yellow")].append(f)
        for p in ("Yellow", "Purple", "Teal"):
            act(s, {"player": p, "pass": True})
        assert s.waiting.frame.waiting.name == "may" and s.waiting.frame.waiting.chooser == "Yellow"
        return s

    def test_fathers_old_coat_asks_which_token(self):
        s = self.coat()
        refused(s, {"player": "Yellow", "choose": {"may": "yes"}}, continuous.RULE_CONTINUOUS,
                "Father's Old Coat (\"At the start of your Vision Phase, you may change 1 {resignation} of your stock "
                "into 1 {nostalgia}.\") asks Yellow the token of Yellow's stock that changes (what counts as "
                "{resignation}): write it in the entry, choose: {change: ...} (the choices: hope, resignation)")
        act(s, {"player": "Yellow", "choose": {"may": "yes", "change": "hope"}})
        assert sorted(s.zones[stock("Yellow")]) == ["nostalgia", "resignation"]

    def test_one_type_is_not_asked(self):
        s = self.coat()
        s.zones.move("hope", stock("Yellow"), SYSTEM)
        act(s, {"player": "Yellow", "choose": {"may": "yes"}})
        assert s.zones[stock("Yellow")] == ["nostalgia"]

    def test_a_sequence_bonus_token_of_another_colour(self):
        """"Receive 1 Vision Token": the System holds Ana's own (yellow) Special Person token,
        spent by her Reach, and the other colours'; an outcome naming a teal one is read as
        written."""
        s = solo_replay([{"event": "Empty Shelves"}, {"player": "Ana", "reach": "Special Person"}])
        assert "Special Person (yellow)" in s.zones[SYSTEM]
        for card in ("She Wasn't My Daughter", "We Won't be There"):
            s.zones.move(card, "box" if card in s.zones["box"] else "remnant deck", hand("Ana"))
            for f, n in ENGINE.cards.cards[card].cost.items():
                for _ in range(n):
                    s.zones.move(f, SYSTEM, stock("Ana"))
        act(s, {"player": "Ana", "play": "She Wasn't My Daughter"})
        act(s, {"player": "Ana", "play": "We Won't be There"})
        before = s.copy()
        wrong = {"player": "Ana", "sequence": "We Won't be There", "to": "She Wasn't My Daughter",
                 "ops": [{"move": "Death Drive (teal)", "from": "System", "to": "tokens:Ana"},
                         {"move": "Slaughter (teal)", "from": "System", "to": "tokens:Ana"}]}
        with pytest.raises(IllegalAction, match=re.escape("the sequence bonus (")):
            ENGINE.check(before, ENGINE.parse(wrong, before, EntryRef("t", 0, None)))
        act(s, {**wrong, "ops": [{"move": "Special Person (teal)", "from": "System", "to": "tokens:Ana"}]})
        assert "Special Person (teal)" in s.zones[tokens("Ana")] and "Special Person (yellow)" in s.zones[SYSTEM]
        act(before, {k: v for k, v in wrong.items() if k != "ops"} | {"choose": {"token": "Special Person"}})
        assert "Special Person (yellow)" in before.zones[tokens("Ana")]  # not written: her own colour first
