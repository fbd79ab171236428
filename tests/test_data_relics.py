"""The relics solo game's card data (cards/relics/) against rules V3.1."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardcopy import copy_with
from pnp.data.errors import InputError
from pnp.games import GAMES
from pnp.games.relics import models as relics
from pnp.data.loader import GameData, load_game

CARDS = Path(__file__).resolve().parent.parent / "cards"


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game(CARDS, "relics")


@pytest.fixture(scope="module")
def cards(data: GameData) -> list[relics.LocationCard]:
    return relics.location_cards(data.component("location card"))


@pytest.fixture(scope="module")
def sides(cards: list[relics.LocationCard]) -> list[relics.LocationSide]:
    return [side for card in cards for side in card.sides()]


class TestCounts:
    def test_eighteen_cards(self, data: GameData) -> None:
        assert data.counts() == relics.COMPONENT_COUNTS == {"energy tracker card": 1, "location card": 17}
        assert sum(data.counts().values()) == relics.TOTAL_CARDS == 18

    def test_registered(self) -> None:
        assert GAMES["relics"].item_models is relics.ITEM_MODELS
        assert set(relics.ITEM_MODELS) == set(relics.COMPONENT_COUNTS)

    def test_every_card_double_sided(self, data: GameData) -> None:
        for comp in data.components:
            assert comp.double_sided, comp.component

    def test_all_sample(self, data: GameData) -> None:
        assert all(data.sample_files.values())

    def test_rule_numbers(self) -> None:
        assert (relics.MAX_ENERGY, relics.START_ENERGY, relics.HARD_START_ENERGY) == (6, 3, 2)
        assert relics.HAND_LIMIT == 3
        assert (relics.POINTS_COMPLETE_RELIC, relics.POINTS_SINGLE_HALF) == (3, 1)


class TestTracker:
    def test_tracker_matches_the_rules(self, data: GameData) -> None:
        comp = data.component("energy tracker card")
        (item,) = comp.items
        tracker = relics.EnergyTracker.model_validate({**item.fields(), "back": item.back})
        assert tuple(tracker.energy_colours) == relics.ENERGY_COLOURS
        assert (tracker.max, tracker.start, tracker.hard_start) == (
            relics.MAX_ENERGY, relics.START_ENERGY, relics.HARD_START_ENERGY)
        assert comp.layout == "relics-tracker"
        assert comp.back_fields(item)[0] == "relics-reference"


class TestLocations:
    def test_day_and_night(self, cards: list[relics.LocationCard]) -> None:
        for card in cards:
            day, night = card.sides()
            assert (day.side, night.side) == ("day", "night")

    def test_numbers_distinct(self, sides: list[relics.LocationSide]) -> None:
        numbers = [s.number for s in sides]
        assert len(numbers) == len(set(numbers)) == 34

    def test_three_relics_of_two_halves(self, sides: list[relics.LocationSide], cards: list[relics.LocationCard]) -> None:
        halves = [(s.reward.relic, s.reward.half) for s in sides if s.reward.is_relic]
        assert len(halves) == relics.RELIC_COUNT * relics.HALVES_PER_RELIC == 6
        assert len(set(halves)) == 6
        assert len({name for name, _ in halves}) == 3
        # one half per card: a collected relic card leaves the path
        assert sum(any(s.reward.is_relic for s in c.sides()) for c in cards) == 6
        colours = {s.reward.relic: s.reward.colour for s in sides if s.reward.is_relic}
        assert sorted(colours.values()) == sorted(relics.ENERGY_COLOURS)
        assert relics.deck_problems(cards) == []

    def test_challenges_and_rewards_in_range(self, sides: list[relics.LocationSide]) -> None:
        for s in sides:
            for ch in (s.top_left, s.bottom_right):
                if ch is not None:
                    assert ch.colour in relics.CHALLENGE_COLOURS and 1 <= ch.amount <= 3
            if not s.reward.is_relic:
                assert s.reward.energy in relics.ENERGY_COLOURS and 1 <= (s.reward.amount or 0) <= 2
            assert len(s.ability) <= 120

    def test_challenge_direction(self, sides: list[relics.LocationSide]) -> None:
        # "Turn Sequence", 1a: lower destination -> bottom-right; higher -> top-left.
        side = sides[0]
        assert side.challenge_from(side.number + 1) is side.bottom_right
        assert side.challenge_from(side.number - 1) is side.top_left
        with pytest.raises(ValueError):
            side.challenge_from(side.number)

    def test_score(self) -> None:
        assert relics.score({"a": {1, 2}, "b": {2}, "c": set()}) == 4
        assert relics.score({"a": {1, 2}, "b": {1, 2}, "c": {1, 2}}) == 9


class TestDeckProblems:
    def test_repeated_number_and_missing_half(self, cards: list[relics.LocationCard]) -> None:
        broken = [c.model_copy(deep=True) for c in cards]
        broken[1].back.number = broken[0].number
        relic_card = next(c for c in broken if c.reward.is_relic)
        relic_card.reward = relics.Reward(energy="red", amount=1)
        problems = relics.deck_problems(broken)
        assert any("numbers used on more than one side" in p for p in problems)
        assert any("expected 1 and 2" in p for p in problems)


def _copy_with(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    return copy_with(tmp_path, "relics", name, old, new)


class TestBrokenFiles:
    def test_challenge_amount_out_of_range(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "locations.yaml", "top_left: {colour: red, amount: 2}",
                                "top_left: {colour: red, amount: 4}")
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "relics")
        assert err.value.file == str(path) and err.value.line == line and err.value.field == "amount"
        assert f"{path}:{line}: amount:" in str(err.value)

    def test_unknown_challenge_colour(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "locations.yaml", "bottom_right: {colour: black, amount: 2}",
                                "bottom_right: {colour: purple, amount: 2}")
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "relics")
        assert err.value.line == line and err.value.field == "colour" and "purple" in str(err.value)

    def test_reward_of_two_kinds(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "locations.yaml", "reward: {energy: blue, amount: 1}",
                                "reward: {energy: blue, amount: 1, half: 1}")
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "relics")
        assert err.value.line == line and err.value.field == "reward"

    def test_unknown_icon(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "locations.yaml", 'ability: "Gain 2 {red}."', 'ability: "Gain 2 {gold}."')
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "relics")
        assert err.value.line == line and err.value.field == "ability" and "{gold}" in str(err.value)

    def test_night_side_must_say_night(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "locations.yaml", "side: night", "side: day  ")
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "relics")
        assert err.value.line == line and err.value.field == "side"

    def test_tracker_start_past_max(self, tmp_path: Path) -> None:
        path, line = _copy_with(tmp_path, "tracker.yaml", "start: 3", "start: 7")
        with pytest.raises(InputError) as err:
            load_game(tmp_path, "relics")
        assert err.value.file == str(path) and err.value.line == line and err.value.field == "start"


def test_a_deck_with_a_repeated_number_is_refused_at_load(tmp_path):
    """The whole-deck checks run when the game is loaded, not only in tests."""
    import shutil
    from pnp.data.errors import InputErrors
    from pnp.data.loader import load_game

    cards = tmp_path / "cards"
    shutil.copytree(Path(__file__).resolve().parent.parent / "cards", cards)
    f = cards / "relics" / "locations.yaml"
    text = f.read_text()
    text = text.replace("number: 22\n", "number: 24\n", 1)  # Shattered Bridge takes Whispering Marsh's number
    f.write_text(text)
    with pytest.raises(InputErrors) as err:
        load_game(cards, "relics")
    assert "numbers used on more than one side: [24]" in str(err.value)
    assert str(f) in str(err.value)
