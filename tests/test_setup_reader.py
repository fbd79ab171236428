"""The core's setup reader and its one "did you mean": each error names its field, carries its
path under ``setup:`` and lands on the line that path is written on."""

from __future__ import annotations

import pytest

from pnp.data.names import closest, did_you_mean, normalise
from pnp.data.yamlsafe import load_yaml_text
from rules_check import names as checker_names
from rules_check.core.errors import LogFormatError
from rules_check.core.setup import SetupReader

SHAPE = "{deck: [cards], hands: {PLAYER: [cards]}, difficulty: easy or hard}"
CARDS = {normalise(n): n for n in ("Salt Flats", "Salt Marsh", "Cliffside Path", "Ember Grove")}
PLAYERS = ["Ana", "Ben"]


def reader(text: str, hint: str | None = None) -> SetupReader:
    doc = load_yaml_text(text, "f.yaml")
    kwargs = {} if hint is None else {"hint": hint}
    return SetupReader(doc.data["setup"], "f.yaml", lambda path: doc.line_of(("setup",) + tuple(path)), SHAPE,
                       **kwargs)


def resolve(name: str) -> str | None:
    return CARDS.get(normalise(name))


def line_with(text: str, words: str) -> int:
    return next(i for i, t in enumerate(text.splitlines(), 1) if words in t)


class TestDidYouMean:
    def test_suggests_the_nearest_printed_names(self):
        assert did_you_mean("salt flat", CARDS) == " (did you mean 'Salt Flats' or 'Salt Marsh'?)"
        assert did_you_mean("Salt Flat", CARDS, n=1) == " (did you mean 'Salt Flats'?)"

    def test_nothing_near_is_nothing(self):
        assert did_you_mean("Zebra", CARDS) == ""
        assert did_you_mean("x", []) == ""

    def test_printed_names_are_normalised_for_you(self):
        # curly quotes, case and spaces do not matter; the suggestion is printed as given
        assert did_you_mean("Ember  grov", ["Ember Grove", "Cliffside Path"]) == " (did you mean 'Ember Grove'?)"
        assert did_you_mean("dont stop", ["Don\u2019t Stop"]) == " (did you mean 'Don\u2019t Stop'?)"
        assert did_you_mean("dont stop", ["Don't Stop"]) == ' (did you mean "Don\'t Stop"?)'

    def test_a_vocabulary_may_keep_its_own_frame(self):
        assert did_you_mean("Salt Flat", CARDS, n=1, frame="; did you mean {}?") == "; did you mean 'Salt Flats'?"
        assert did_you_mean("Salt Flat", CARDS, n=1, frame=": did you mean {}?", quote=False) == \
            ": did you mean Salt Flats?"

    def test_the_checker_and_the_effect_language_share_it(self):
        from pnp.effects.phrases import did_you_mean as phrase_hint

        assert checker_names.did_you_mean is did_you_mean
        assert checker_names.closest is closest and checker_names.normalise is normalise
        assert closest("Salt Flat", CARDS, n=1) == ["Salt Flats"]
        assert phrase_hint("destory", ["destroy", "draw", "discard"]) == " (did you mean 'destroy'?)"
        assert phrase_hint("pwer", ["power", "set power", "toughness"]) == " (did you mean 'power' or 'set power'?)"


class TestMapping:
    TEXT = "setup:\n  deck: [Salt Flats]\n  hands: {Ana: [], Ben: []}\n  dificulty: hard\n"

    def test_unknown_key_at_its_line_with_a_suggestion(self):
        r = reader(self.TEXT)
        with pytest.raises(LogFormatError) as err:
            r.mapping((), required=["deck", "hands"], optional=["difficulty"])
        e = err.value
        assert e.line == line_with(self.TEXT, "dificulty") == 4
        assert e.field == "setup.dificulty" and e.path == ("dificulty",)
        assert e.message == f"unknown key 'dificulty'; expected {SHAPE} (did you mean 'difficulty'?)"
        assert str(e) == f"f.yaml:4: setup.dificulty: {e.message}"

    def test_missing_key_at_the_mapping(self):
        text = "game: x\nsetup:\n  deck: [Salt Flats]\n"
        with pytest.raises(LogFormatError) as err:
            reader(text).mapping((), required=["deck", "hands"])
        assert err.value.line == 3 and err.value.field == "setup.hands"
        assert err.value.message == f"is required but missing; expected {SHAPE}"

    def test_not_a_mapping_shows_the_shape(self):
        with pytest.raises(LogFormatError) as err:
            reader("setup: [1, 2]\n").mapping((), required=["deck"])
        assert err.value.line == 1 and err.value.field == "setup" and err.value.path == ()
        assert err.value.message == f"expected {SHAPE}"

    def test_a_nested_mapping_names_its_keys(self):
        text = "setup:\n  options:\n    speed: 2\n    colour: red\n"
        r = reader(text)
        with pytest.raises(LogFormatError) as err:
            r.mapping(("options",), required=["speed"], optional=["color"])
        assert err.value.line == 4 and err.value.field == "setup.options.colour"
        assert err.value.message == "unknown key 'colour'; expected a mapping of speed, color (did you mean 'color'?)"

    def test_a_good_mapping_is_returned(self):
        r = reader(self.TEXT.replace("dificulty", "difficulty"))
        got = r.mapping((), required=["deck", "hands"], optional=["difficulty"])
        assert got["difficulty"] == "hard" and r.value(("hands", "Ana")) == [] and r.value(("deck", 0)) == "Salt Flats"
        assert r.value(("deck", 5)) is None and r.value(("nothing",), "absent") == "absent"


class TestPerPlayer:
    def test_unknown_player_with_a_suggestion(self):
        text = "setup:\n  hands:\n    Ana: []\n    Bem: []\n"
        with pytest.raises(LogFormatError) as err:
            reader(text).per_player(("hands",), PLAYERS, "hand")
        assert err.value.line == 4 and err.value.field == "setup.hands.Bem" and err.value.path == ("hands", "Bem")
        assert err.value.message == "unknown player 'Bem' (did you mean 'Ben'?)"

    def test_unknown_player_far_from_any_lists_the_players(self):
        with pytest.raises(LogFormatError) as err:
            reader("setup:\n  hands: {Ana: [], Zoe: []}\n").per_player(("hands",), PLAYERS, "hand")
        assert err.value.message == "unknown player 'Zoe' (the players: Ana, Ben)"

    def test_missing_player(self):
        text = "setup:\n  x: 1\n  hands:\n    Ana: []\n"
        with pytest.raises(LogFormatError) as err:
            reader(text).per_player(("hands",), PLAYERS, "hand")
        # at the mapping the player is missing from (a block mapping starts at its first key)
        assert err.value.line == 4 and err.value.field == "setup.hands.Ben"
        assert err.value.message == "is required but missing: Ben's hand"

    def test_not_a_mapping(self):
        with pytest.raises(LogFormatError) as err:
            reader("setup:\n  hands: [Ana, Ben]\n").per_player(("hands",), PLAYERS, "hand")
        assert err.value.line == 2 and err.value.message == "expected each player's hand (Ana, Ben)"

    def test_one_value_each(self):
        got = reader("setup:\n  hands: {Ben: [b], Ana: [a]}\n").per_player(("hands",), PLAYERS)
        assert got == {"Ana": ["a"], "Ben": ["b"]}


class TestNames:
    TEXT = "setup:\n  deck:\n    - salt flats\n    - Cliffside Pass\n    - Ember Grove\n"

    def test_resolved_to_the_printed_names(self):
        text = self.TEXT.replace("Cliffside Pass", "CLIFFSIDE  path")
        assert reader(text).names(("deck",), resolve, CARDS) == ["Salt Flats", "Cliffside Path", "Ember Grove"]

    def test_unknown_name_at_its_own_line_with_a_suggestion(self):
        with pytest.raises(LogFormatError) as err:
            reader(self.TEXT).names(("deck",), resolve, CARDS)
        e = err.value
        assert e.line == line_with(self.TEXT, "Cliffside Pass") == 4
        assert e.field == "setup.deck" and e.path == ("deck", 1)
        assert e.message == "unknown card 'Cliffside Pass' (did you mean 'Cliffside Path'?)"

    def test_the_game_may_frame_the_suggestion_its_way(self):
        with pytest.raises(LogFormatError) as err:
            reader(self.TEXT, hint="; did you mean {}?").names(("deck",), resolve, CARDS, what="terrain")
        assert err.value.message == "unknown terrain 'Cliffside Pass'; did you mean 'Cliffside Path'?"

    def test_a_name_that_is_not_text(self):
        with pytest.raises(LogFormatError) as err:
            reader("setup:\n  deck: [Salt Flats, 7]\n").names(("deck",), resolve, CARDS)
        assert err.value.message == "unknown card 7" and err.value.path == ("deck", 1)

    def test_not_a_list(self):
        with pytest.raises(LogFormatError) as err:
            reader("setup:\n  x: 1\n  deck: Salt Flats\n").names(("deck",), resolve, CARDS)
        assert err.value.line == 3 and err.value.field == "setup.deck"
        assert err.value.message == "expected a list of card names"

    def test_printed_candidates(self):
        with pytest.raises(LogFormatError) as err:
            reader("setup:\n  words: [Lanter]\n").names(("words",), lambda w: None, ["Lantern", "Compass"], "Word")
        assert err.value.message == "unknown Word 'Lanter' (did you mean 'Lantern'?)"


class TestChoice:
    def test_one_of_the_options(self):
        assert reader("setup:\n  difficulty: hard\n").choice(("difficulty",), ["easy", "hard"]) == "hard"

    def test_another_value_with_a_suggestion(self):
        text = "setup:\n  deck: []\n  difficulty: herd\n"
        with pytest.raises(LogFormatError) as err:
            reader(text).choice(("difficulty",), ["easy", "hard"])
        assert err.value.line == 3 and err.value.field == "setup.difficulty"
        assert err.value.message == "expected one of easy, hard, got 'herd' (did you mean 'hard'?)"

    def test_a_named_choice_and_a_value_that_is_not_text(self):
        with pytest.raises(LogFormatError) as err:
            reader("setup:\n  path: 3\n").choice(("path",), ["The Last Lighthouse", "The Long Road"], "Path")
        assert err.value.message == "expected a Path (The Last Lighthouse, The Long Road), got 3"

    def test_absent(self):
        with pytest.raises(LogFormatError) as err:
            reader("setup:\n  deck: []\n").choice(("difficulty",), ["easy", "hard"])
        assert err.value.message == "expected one of easy, hard, got None" and err.value.line == 2


class TestLogFormatError:
    def test_path_does_not_change_how_it_prints(self):
        with_path = LogFormatError("f.yaml", "bad", line=3, field="setup.deck", path=("deck", 0))
        without = LogFormatError("f.yaml", "bad", line=3, field="setup.deck")
        assert str(with_path) == str(without) == "f.yaml:3: setup.deck: bad"
        assert with_path.path == ("deck", 0) and without.path is None

    def test_fail_defaults_its_field_to_the_path(self):
        r = reader("setup:\n  hands:\n    Ana: [x]\n")
        e = r.fail("no", ("hands", "Ana"))
        assert (e.line, e.field, e.path) == (3, "setup.hands.Ana", ("hands", "Ana"))
        assert r.fail("no").field == "setup" and r.fail("no", ("hands",), "players").field == "players"
