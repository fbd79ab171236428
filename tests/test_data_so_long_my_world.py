"""So Long, My World card data: counts of the rulebook's Components list, readings, models."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from pnp.data.errors import InputError, InputErrors
from pnp.games.so_long_my_world import models as slmw
from pnp.data.loader import GameData, load_game

CARDS = Path(__file__).resolve().parent.parent / "cards"
GAME = "so-long-my-world"


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game(CARDS, GAME)


def items(data: GameData, component: str) -> list[dict]:
    return [item.fields() for item in data.component(component).items]


def copies(data: GameData, component: str) -> Counter:
    return Counter({item.name: item.count for item in data.component(component).items})


class TestCounts:
    def test_every_component_of_the_rulebook_in_its_number(self, data: GameData) -> None:
        assert data.counts() == slmw.COMPONENT_COUNTS

    def test_component_counts_table(self) -> None:
        # Components: 13 vision, 68 remnant, 22 gestalt, 35 event, 6 end, 9 heartbreak, 1 solo
        # reference card; 60 feeling, 12 mark of sol, 47 vision, 1 first player, 1 time
        # counter token; 1 clock board; 5 player screens.
        assert slmw.COMPONENT_COUNTS == {
            "vision card": 13, "remnant card": 68, "gestalt card": 22, "event card": 35,
            "end card": 6, "heartbreak card": 9, "solo reference card": 1, "feeling token": 60,
            "mark of sol token": 12, "vision token": 47, "first player token": 1,
            "time counter token": 1, "clock board": 1, "player screen": 5,
        }

    def test_names_are_lowercase_singular(self, data: GameData) -> None:
        for name in data.counts():
            assert name == name.lower() and not name.endswith("s"), name

    def test_twelve_of_each_feeling_token(self, data: GameData) -> None:  # ruling G3
        per_feeling = Counter()
        for item in items(data, "feeling token"):
            per_feeling[item["feeling"]] += item["count"]
        assert per_feeling == {f: slmw.FEELING_TOKENS_EACH for f in slmw.FEELINGS}

    def test_vision_tokens_nine_per_colour_and_two_luno(self, data: GameData) -> None:  # ruling S3
        per_colour = Counter()
        for item in items(data, "vision token"):
            per_colour[item.get("colour")] += item["count"]
        assert per_colour == {**{c: 9 for c in slmw.PLAYER_COLOURS}, None: slmw.LUNO_TOKENS}
        for colour in slmw.PLAYER_COLOURS:
            visions = {i["vision"] for i in items(data, "vision token") if i.get("colour") == colour}
            assert visions == set(slmw.NORMAL_VISIONS) | set(slmw.GESTALT_VISIONS)

    def test_one_screen_per_colour(self, data: GameData) -> None:
        assert sorted(i["colour"] for i in items(data, "player screen")) == sorted(slmw.PLAYER_COLOURS)


class TestVisions:
    def test_thirteen_is_6_normal_3_gestalt_luno_3_catalysts(self, data: GameData) -> None:
        kinds = Counter(i["kind"] for i in items(data, "vision card"))
        assert kinds == {"normal": 6, "gestalt": 3, "co-op": 1, "catalyst": 3}

    def test_named_visions(self, data: GameData) -> None:
        names = {i["name"] for i in items(data, "vision card")}
        for name in ("Place of Worship", "World's Edge Pub", "Special Person", "Death Drive", "Slaughter",
                     "Clocktower Library", "The Real", "L'Uno"):
            assert name in names
        normal = [i["name"] for i in items(data, "vision card") if i["kind"] == "normal"]
        assert sorted(normal) == sorted(slmw.NORMAL_VISIONS)

    def test_rulebook_effects(self, data: GameData) -> None:
        by_name = {i["name"]: i for i in items(data, "vision card")}
        assert "adjacent Vision" in by_name["Slaughter"]["effect"]
        assert "Discard 1 card" in by_name["World's Edge Pub"]["effect"]
        assert "draw 1" in by_name["World's Edge Pub"]["effect"]

    def test_gestalt_visions_hold_every_mark_of_sol_on_their_backs(self, data: GameData) -> None:
        comp = data.component("vision card")
        gestalt = [i for i in comp.items if i.fields()["kind"] == "gestalt"]
        assert [i.name for i in gestalt] == list(slmw.GESTALT_VISIONS)
        assert sum(i.fields()["marks_of_sol"] for i in gestalt) == slmw.MARKS_OF_SOL
        for item in gestalt:
            layout, back = comp.back_fields(item)
            assert layout == "slmw-vision-back"
            assert back["marks_of_sol"] == item.fields()["marks_of_sol"]

    def test_affinities(self, data: GameData) -> None:
        for i in items(data, "vision card"):
            if i["kind"] == "normal":
                assert i["affinity"] in slmw.FEELINGS
            elif i["kind"] == "gestalt":
                assert i["affinity"] is None
            elif i["kind"] == "catalyst":
                assert i["affinity"] and all(f in slmw.FEELINGS for f in i["affinity"])
        catalyst_karmas = {slmw.karma(Counter(i["affinity"])) for i in items(data, "vision card")
                           if i["kind"] == "catalyst"}
        assert catalyst_karmas == {"positive", "neutral", "negative"}


class TestRemnants:
    def test_starting_cards_five_copies(self, data: GameData) -> None:
        by_name = {i["name"]: i for i in items(data, "remnant card")}
        for name, feeling in slmw.STARTING_CARDS.items():
            card = by_name[name]
            assert card["count"] == slmw.STARTING_CARD_COPIES == 5
            assert card["starting"] is True and card["insight"] is None
            assert list(card["cost"]) == [feeling]
            assert card["hindrance"] is True
        assert "adjacent" in by_name["Life is a Journey"]["text"]
        assert "2 Feelings" in by_name["Soul Box"]["text"]
        assert "ignoring the turn order" in by_name["Soul Box"]["text"]

    def test_two_copies_of_every_other_remnant(self, data: GameData) -> None:
        others = {n: c for n, c in copies(data, "remnant card").items() if n not in slmw.STARTING_CARDS}
        assert len(others) == 29
        assert set(others.values()) == {slmw.OTHER_REMNANT_COPIES}
        for i in items(data, "remnant card"):
            if i["name"] not in slmw.STARTING_CARDS:
                assert i.get("starting", False) is False and isinstance(i["insight"], int)

    def test_names_the_rulebook_gives(self, data: GameData) -> None:
        names = set(copies(data, "remnant card"))
        assert {"We Won't be There", "She Wasn't My Daughter", "Progress", "Nobody's Grave"} <= names

    def test_gestalt_cards_one_copy_each_marked_gestalt(self, data: GameData) -> None:
        gestalt = items(data, "gestalt card")
        assert len(gestalt) == 22 and all(i["count"] == 1 and i["gestalt"] is True for i in gestalt)
        assert not set(copies(data, "gestalt card")) & set(copies(data, "remnant card"))

    @pytest.mark.parametrize("component", ["remnant card", "gestalt card"])
    def test_all_three_karmas_occur(self, data: GameData, component: str) -> None:
        karmas = Counter(slmw.karma(i["cost"]) for i in items(data, component))
        assert set(karmas) == {"positive", "neutral", "negative"}

    @pytest.mark.parametrize("component", ["remnant card", "gestalt card"])
    def test_texts_fit_a_poker_card(self, data: GameData, component: str) -> None:
        for i in items(data, component):
            assert len(i["text"]) <= 180, i["name"]

    def test_hindrance_and_continuous_both_occur(self, data: GameData) -> None:
        cards = items(data, "remnant card")
        assert any(i.get("hindrance") for i in cards) and any(i.get("continuous") for i in cards)


class TestKarma:
    @pytest.mark.parametrize(("cost", "expected"), [
        ({"hope": 1}, "positive"),
        ({"nostalgia": 2, "resignation": 1}, "positive"),
        ({"hope": 2, "despair": 1}, "positive"),
        ({"resignation": 3}, "neutral"),
        ({"hope": 1, "madness": 1}, "neutral"),
        ({"hope": 1, "nostalgia": 1, "despair": 1, "madness": 1, "resignation": 2}, "neutral"),
        ({"despair": 1}, "negative"),
        ({"madness": 4, "hope": 1}, "negative"),
    ])
    def test_karma_from_cost(self, cost: dict[str, int], expected: str) -> None:
        assert slmw.karma(cost) == expected

    def test_feelings_table(self) -> None:
        assert slmw.FEELINGS == {"hope": "positive", "nostalgia": "positive", "resignation": "neutral",
                                 "despair": "negative", "madness": "negative"}

    def test_unknown_feeling(self) -> None:
        with pytest.raises(ValueError, match="joy"):
            slmw.karma({"joy": 1})

    def test_starting_cards_are_positive(self) -> None:  # ruling S5
        assert all(slmw.karma({f: 1}) == "positive" for f in slmw.STARTING_CARDS.values())


class TestEvents:
    def test_reboots(self, data: GameData) -> None:
        events = items(data, "event card")
        reboots = [i for i in events if i.get("reboot")]
        assert len(reboots) == slmw.REBOOT_CARDS == 3
        assert all(not i.get("feelings") and not i.get("vision") for i in reboots)

    def test_event_feelings_only_name_normal_visions(self, data: GameData) -> None:
        for i in items(data, "event card"):
            if i.get("reboot"):
                continue
            assert i["feelings"], i["name"]
            for vision, feelings in i["feelings"].items():
                assert vision in slmw.NORMAL_VISIONS, (i["name"], vision)
                assert feelings and all(f in slmw.FEELINGS for f in feelings)
            if i.get("vision") is not None:
                assert i["vision"] in slmw.NORMAL_VISIONS

    def test_rulebook_example_event(self, data: GameData) -> None:
        by_name = {i["name"]: i for i in items(data, "event card")}
        assert by_name["Last Broadcast"]["feelings"] == {
            "Place of Worship": ["nostalgia"], "World's Edge Pub": ["resignation"],
            "Special Person": ["hope"], "Death Drive": ["despair"]}

    def test_every_feeling_spawns(self, data: GameData) -> None:
        spawned = Counter(f for i in items(data, "event card") for fs in (i.get("feelings") or {}).values()
                          for f in fs)
        assert set(spawned) == set(slmw.FEELINGS)


class TestOtherCards:
    def test_heartbreak_cards(self, data: GameData) -> None:
        for i in items(data, "heartbreak card"):
            assert 1 <= i["start_hour"] <= 11
            assert isinstance(i["collective_insight"], int) and i["collective_insight"] > 0
            assert i["goal"] and i["gestalt_deck"]

    def test_end_cards_quote_and_effect(self, data: GameData) -> None:
        for i in items(data, "end card"):
            assert i["quote"] and i["author"] and i["effect"].startswith("Next game")

    def test_every_card_component_has_layout_and_back(self, data: GameData) -> None:
        layouts = {"vision card": "slmw-vision", "remnant card": "slmw-remnant", "gestalt card": "slmw-remnant",
                   "event card": "slmw-event", "end card": "slmw-end", "heartbreak card": "slmw-heartbreak",
                   "solo reference card": "slmw-reference"}
        for name, layout in layouts.items():
            comp = data.component(name)
            assert comp.layout == layout
            # a template has one size: the tarot-size visions have their own back
            expected_back = "slmw-vision-back" if name == "vision card" else "slmw-back"
            for item in comp.items:
                back_layout, fields = comp.back_fields(item)
                assert back_layout == expected_back and fields["label"]

    def test_sample_flags(self, data: GameData) -> None:
        assert len(data.sample_files) == 9 and all(data.sample_files.values())  # paths.yaml too


def _copy(tmp_path: Path, file: str) -> Path:
    folder = tmp_path / GAME
    folder.mkdir()
    return Path(shutil.copy(CARDS / GAME / file, folder / file))


class TestBrokenData:
    def test_insight_not_an_integer_names_file_and_line(self, tmp_path: Path) -> None:
        path = _copy(tmp_path, "remnants.yaml")
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        start = lines.index("      - name: Progress\n")
        offset = next(n for n in range(start, start + 8) if lines[n].strip().startswith("insight:"))
        lines[offset] = '        insight: "three"\n'
        path.write_text("".join(lines), encoding="utf-8")
        with pytest.raises(InputError) as exc:
            load_game(tmp_path, GAME)
        message = str(exc.value)
        assert "remnants.yaml" in message
        assert f":{offset + 1}:" in message
        assert "insight: expected an integer" in message

    def test_event_naming_a_gestalt_vision(self, tmp_path: Path) -> None:
        path = _copy(tmp_path, "events.yaml")
        text = path.read_text(encoding="utf-8").replace("{Slaughter: [madness], Place of Worship",
                                                        "{Slaughter: [madness], The Real", 1)
        path.write_text(text, encoding="utf-8")
        with pytest.raises((InputError, InputErrors)) as exc:
            load_game(tmp_path, GAME)
        assert "events.yaml" in str(exc.value) and "The Real" in str(exc.value)

    def test_unknown_icon(self, tmp_path: Path) -> None:
        path = _copy(tmp_path, "gestalt.yaml")
        text = path.read_text(encoding="utf-8").replace("receive 1 {hope} from the System",
                                                        "receive 1 {joy} from the System", 1)
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InputError, match=r"unknown icon \{joy\}"):
            load_game(tmp_path, GAME)

    def test_starting_card_with_insight(self, tmp_path: Path) -> None:
        path = _copy(tmp_path, "remnants.yaml")
        text = path.read_text(encoding="utf-8").replace("insight: null", "insight: 2", 1)
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InputError, match="glyph"):
            load_game(tmp_path, GAME)

    def test_remnant_text_too_long(self, tmp_path: Path) -> None:
        path = _copy(tmp_path, "remnants.yaml")
        text = path.read_text(encoding="utf-8").replace(
            '"Receive 1 {mark-of-sol}."', '"' + "Receive 1 {mark-of-sol}. " * 10 + '"', 1)
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InputError, match="text"):
            load_game(tmp_path, GAME)


def test_the_campaign_paths_file_is_read_by_the_engine_not_printed(data: GameData) -> None:
    """Paths and Words live in cards/so-long-my-world/ (issue 7) but are not components."""
    from rules_check.games.so_long_my_world.paths import PATHS_FILE

    assert PATHS_FILE.parent == data.folder and PATHS_FILE.is_file()
    assert str(PATHS_FILE) in data.sample_files
    assert all(data.files[c] != PATHS_FILE for c in data.files)
