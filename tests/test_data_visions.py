"""The Visions card data (cards/visions/) against the rulebook's "Components" and "Setup"."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardcopy import copy_with
from pnp.data.errors import InputError
from pnp.games import GAMES
from pnp.games.visions import models as visions
from pnp.data.loader import GameData, load_game

CARDS = Path(__file__).resolve().parent.parent / "cards"


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game(CARDS, "visions")


class TestCounts:
    def test_counts_are_the_rulebook_components(self, data: GameData) -> None:
        assert data.counts() == visions.COMPONENT_COUNTS
        assert visions.COMPONENT_COUNTS == {
            "dream fragment card": 75, "reflection card": 5, "player aid card": 5, "cube": 5,
        }

    def test_setup_sizes(self) -> None:
        assert visions.SETUP_CARDS == {2: 30, 3: 45, 4: 60, 5: 75}
        assert visions.SETUP_CARDS[5] == visions.COMPONENT_COUNTS["dream fragment card"]
        assert (visions.HAND_SIZE, visions.RIVER_SIZE) == (3, 5)

    def test_registered(self) -> None:
        assert GAMES["visions"].item_models is visions.ITEM_MODELS
        assert set(visions.ITEM_MODELS) == set(visions.COMPONENT_COUNTS)

    def test_sample_flags(self, data: GameData) -> None:
        flags = {Path(f).name: s for f, s in data.sample_files.items()}
        assert flags["fragments.yaml"] is False  # straight from the rulebook
        assert flags["reflection.yaml"] is True  # the track's values are ours
        assert flags["aids.yaml"] is True


class TestFragments:
    def test_three_copies_of_each_of_the_25(self, data: GameData) -> None:
        comp = data.component("dream fragment card")
        assert len(comp.items) == 25
        assert all(item.count == 3 for item in comp.items)
        pairs = Counter((item.fields()["category"], item.fields()["environment"]) for item in comp.items)
        assert set(pairs) == {(c, e) for c in visions.CATEGORIES for e in visions.ENVIRONMENTS}
        assert set(pairs.values()) == {1}

    def test_names_as_the_rulebook_writes_them(self, data: GameData) -> None:
        names = {item.name for item in data.component("dream fragment card").items}
        # "Reflection", Example 1 and 2; "Echo", Example.
        for name in ("Time in the Burning Desert", "Time in the Galactic Valley",
                     "Mythical Creature in the Burning Desert", "Dreamcatcher in the Icy Birches"):
            assert name in names

    def test_fragment_name(self) -> None:
        assert visions.fragment_name("Mythical Creatures", "Burning Desert") == "Mythical Creature in the Burning Desert"
        assert visions.fragment_name("Flight", "Hidden Village") == "Flight in the Hidden Village"
        with pytest.raises(ValueError):
            visions.fragment_name("Flight", "Sunny Beach")

    def test_common_back(self, data: GameData) -> None:
        comp = data.component("dream fragment card")
        assert comp.layout == "visions-fragment"
        assert comp.back_fields(comp.items[0])[0] == "visions-back"


@pytest.fixture(scope="module")
def cards(data: GameData) -> list[visions.ReflectionCard]:
    """The reflection cards, each validated with both its sides."""
    comp = data.component("reflection card")
    assert comp.double_sided and comp.count == 5
    return visions.reflection_cards(comp)


class TestReflection:
    def test_both_sides(self, cards: list[visions.ReflectionCard]) -> None:
        for card in cards:
            assert card.side(2).players == card.side(3).players == "2-3"
            assert card.side(4).players == card.side(5).players == "4-5"

    def test_rulebook_examples_on_every_side(self, cards: list[visions.ReflectionCard]) -> None:
        for card in cards:
            for players in (2, 4):
                side = card.side(players)
                assert side.points(0) == 0  # "Setup": the cube starts on space 0
                assert side.points(1) == 5  # "Reflection", Example 1: one space, 5 points
                assert side.points(2) == 10  # Example 2: two spaces, 10 points
                assert 14 in side.track  # "Scoring Example": "Reflection = 14 pts"
                assert side.awakening == len(side.track)

    def test_sides_differ(self, cards: list[visions.ReflectionCard]) -> None:
        # Our reading (docs/data/visions.md): the Awakening space is nearer with 4-5 players.
        for card in cards:
            assert card.side(4).awakening < card.side(2).awakening

    def test_no_space_past_awakening(self, cards: list[visions.ReflectionCard]) -> None:
        side = cards[0].side(2)
        with pytest.raises(ValueError):
            side.points(side.awakening)

    def test_side_for_player_count(self) -> None:
        assert [visions.reflection_side_for(n) for n in (2, 3, 4, 5)] == ["2-3", "2-3", "4-5", "4-5"]
        with pytest.raises(ValueError):
            visions.reflection_side_for(6)


class TestAidsAndCubes:
    def test_cubes_one_per_colour(self, data: GameData) -> None:
        comp = data.component("cube")
        assert comp.kind.value == "token"
        colours = [item.fields()["colour"] for item in comp.items]
        assert len(colours) == len(set(colours)) == 5

    def test_player_aid(self, data: GameData) -> None:
        comp = data.component("player aid card")
        assert comp.count == 5 and comp.layout == "visions-aid"
        assert "3 cards" in comp.items[0].fields()["text"]


def _copy_with(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    return copy_with(tmp_path, "visions", name, old, new)


class TestBrokenFiles:
    def test_unknown_environment(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "fragments.yaml", "environment: Icy Birches", "environment: Sunny Beach")
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "visions")
        msg = str(err.value)
        assert str(path) in msg and f":{line}:" in msg and "environment" in msg and "Sunny Beach" in msg
        assert err.value.line == line and err.value.field == "environment"

    def test_name_must_match_category_and_environment(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "fragments.yaml", 'name: "Time in the Icy Birches"',
                                'name: "Time in the Frozen Birches"')
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "visions")
        assert err.value.file == str(path) and err.value.line == line and err.value.field == "name"
        assert "Time in the Icy Birches" in str(err.value)

    def test_track_not_matching_awakening(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "reflection.yaml", "awakening: 7", "awakening: 12")
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "visions")
        assert err.value.file == str(path) and err.value.line == line and err.value.field == "awakening"
        assert "Awakening" in str(err.value)

    def test_back_is_the_4_5_side(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "reflection.yaml", 'players: "4-5"', 'players: "2-3" ')
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "visions")
        assert err.value.file == str(path) and err.value.line == line and err.value.field == "players"
