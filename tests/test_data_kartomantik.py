"""The Kartomantik card pool (cards/kartomantik/pool.yaml) and the sample decklists.

The pool is in the form docs/decklists.md gives ("The card pool"). The rulebook names four
cards (Kartomantik 2.1.1 and 2.3.1); they must keep the values it prints. All
other cards are sample data, held to the ranges the rules imply (4.1: 30 cards, at most 500
points). The example decks in examples/decks/ are parsed here on their own, simply, so the
data is checked independently of the rules checker.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from pnp.data.errors import InputError
from pnp.games.kartomantik import models as K
from pnp.data.loader import load_game, load_pool

ROOT = Path(__file__).resolve().parents[1]
POOL = ROOT / "cards" / "kartomantik" / "pool.yaml"
DECKS = ROOT / "examples" / "decks"

ICONS = re.compile(r"\{([a-z]+)\}")


def norm(name: str) -> str:
    """Names match case-insensitively, ignoring repeated spaces and curly quotes (docs/decklists.md, "The checks")."""
    name = name.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(name.split()).casefold()


@pytest.fixture(scope="module")
def pool() -> list[K.PoolCard]:
    return load_pool(POOL)


@pytest.fixture(scope="module")
def by_name(pool: list[K.PoolCard]) -> dict[str, K.PoolCard]:
    return {norm(c.name): c for c in pool}


def manifestations(pool: list[K.PoolCard]) -> list[K.PoolCard]:
    return [c for c in pool if c.type == "manifestation"]


def wills(pool: list[K.PoolCard]) -> list[K.PoolCard]:
    return [c for c in pool if c.type == "will"]


# ------------------------------------------------------------------------------ the pool


class TestPoolLoads:
    def test_load_pool(self, pool: list[K.PoolCard]) -> None:
        assert len(pool) >= 72

    def test_load_game_gives_the_two_card_components_and_the_playmats(self, pool: list[K.PoolCard]) -> None:
        data = load_game(ROOT / "cards", "kartomantik")
        counts = data.counts()
        assert counts == {
            "manifestation card": len(manifestations(pool)),
            "will card": len(wills(pool)),
            "reference card": 2,
            "playmat": 2,
        }
        assert counts["manifestation card"] + counts["will card"] >= 72

    def test_marked_as_sample_with_its_source(self) -> None:
        raw = yaml.safe_load(POOL.read_text(encoding="utf-8"))
        assert raw["game"] == "kartomantik"
        assert raw["sample"] is True
        for named in ("Gar Fild, the Malleable", "Oppress", "Entrust", "Incinerate", "the Kartomantik rulebook"):
            assert named in raw["source"]
        assert set(raw) == {"game", "sample", "source", "cards"}

    def test_names_unique_case_insensitively(self, pool: list[K.PoolCard]) -> None:
        seen: dict[str, str] = {}
        for card in pool:
            key = norm(card.name)
            assert key not in seen, f"{card.name!r} repeats {seen[key]!r}"
            seen[key] = card.name


class TestPoolContents:
    def test_all_seven_temperaments_among_manifestations(self, pool: list[K.PoolCard]) -> None:
        assert {c.temperament for c in manifestations(pool)} == set(K.TEMPERAMENTS)

    def test_every_temperament_has_support_and_first_manifestations(self, pool: list[K.PoolCard]) -> None:
        for temperament in K.TEMPERAMENTS:
            of_it = [c for c in manifestations(pool) if c.temperament == temperament]
            assert any(c.support for c in of_it), temperament
            assert any(not c.support for c in of_it), temperament

    def test_support_and_non_support_and_chain(self, pool: list[K.PoolCard]) -> None:
        ms = manifestations(pool)
        assert sum(c.support for c in ms) >= 10
        assert sum(not c.support for c in ms) >= 10
        assert any("Chain" in c.text for c in ms)
        assert any("Chain" in c.text for c in wills(pool))
        for c in ms:
            assert all(k == "support" for k in c.keywords), c.name

    def test_ephemeral_and_persistent_wills(self, pool: list[K.PoolCard]) -> None:
        kinds = [c.will for c in wills(pool)]
        assert kinds.count("ephemeral") >= 8
        assert kinds.count("persistent") >= 4

    def test_tributes_of_every_base_temperament_hollow_and_none(self, pool: list[K.PoolCard]) -> None:
        tributes = {c.tribute.temperament if c.tribute else None for c in wills(pool)}
        assert tributes == set(K.BASE_TEMPERAMENTS) | {"hollow", None}

    def test_manifestation_values_in_the_rules_ranges(self, pool: list[K.PoolCard]) -> None:
        for c in manifestations(pool):
            assert c.power is not None and 1 <= c.power <= 6, c.name
            assert c.points is not None and 5 <= c.points <= 60, c.name
            assert c.text, c.name

    def test_wills_have_no_power_or_points(self, pool: list[K.PoolCard]) -> None:
        for c in wills(pool):
            assert c.power is None and c.points is None and c.temperament is None, c.name
            assert c.text, c.name
            if c.tribute is not None:
                assert 1 <= c.tribute.amount <= 6, c.name

    def test_texts_short_and_icons_known(self, pool: list[K.PoolCard]) -> None:
        for c in pool:
            assert len(c.text) <= 160, f"{c.name}: {len(c.text)} characters"
            assert set(ICONS.findall(c.text)) <= set(K.TEMPERAMENTS), c.name

    def test_point_budget_binds(self, pool: list[K.PoolCard]) -> None:
        """A deck of ~20 ordinary manifestations fits in 500; one of the costliest cannot (4.1)."""
        points = sorted(c.points or 0 for c in manifestations(pool))
        mean = sum(points) / len(points)
        assert 20 * mean <= K.MAX_DECK_POINTS
        assert sum(points[-20:]) > K.MAX_DECK_POINTS
        assert sum(points[-10:]) <= K.MAX_DECK_POINTS  # ...but a few big cards are playable


class TestRulebookCards:
    """The four cards the rulebook names keep its values (2.1.1, 2.3.1)."""

    def test_gar_fild(self, by_name: dict[str, K.PoolCard]) -> None:
        card = by_name[norm("Gar Fild, the Malleable")]
        assert card.name == "Gar Fild, the Malleable"
        assert card.type == "manifestation"
        assert card.power == 3
        assert card.temperament in K.TEMPERAMENTS

    def test_oppress(self, by_name: dict[str, K.PoolCard]) -> None:
        card = by_name["oppress"]
        assert (card.type, card.will) == ("will", "ephemeral")
        assert card.text == "A target manifestation on the field gets -3 power until the end of the turn."
        assert card.tribute is not None
        assert (card.tribute.temperament, card.tribute.amount) == ("melancholic", 3)

    def test_entrust(self, by_name: dict[str, K.PoolCard]) -> None:
        card = by_name["entrust"]
        assert (card.type, card.will) == ("will", "ephemeral")
        assert card.text == "A target manifestation on the field gains power equal to its base power."

    def test_incinerate(self, by_name: dict[str, K.PoolCard]) -> None:
        card = by_name["incinerate"]
        assert (card.type, card.will) == ("will", "ephemeral")
        assert card.tribute is not None
        assert (card.tribute.temperament, card.tribute.amount) == ("choleric", 4)

    def test_rulebook_cards_are_marked(self, pool: list[K.PoolCard]) -> None:
        marked = {c.name for c in pool if (c.model_extra or {}).get("from_rulebook")}
        assert {"Gar Fild, the Malleable", "Oppress", "Entrust", "Incinerate"} <= marked


class TestBrokenPool:
    def _broken_copy(self, tmp_path: Path) -> tuple[Path, int]:
        lines = POOL.read_text(encoding="utf-8").splitlines(keepends=True)
        start = next(i for i, l in enumerate(lines) if "Gar Fild, the Malleable" in l and "name:" in l)
        at = next(i for i in range(start, len(lines)) if lines[i].strip().startswith("power:"))
        indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
        lines[at] = f"{indent}power: three\n"
        broken = tmp_path / "kartomantik" / "pool.yaml"
        broken.parent.mkdir()
        broken.write_text("".join(lines), encoding="utf-8")
        return broken, at + 1

    def test_power_three_names_file_line_and_field(self, tmp_path: Path) -> None:
        broken, line = self._broken_copy(tmp_path)
        with pytest.raises(InputError) as info:
            load_pool(broken)
        assert str(info.value) == f'{broken}:{line}: power: expected an integer, got "three"'
        assert (info.value.line, info.value.field) == (line, "power")

    def test_same_error_through_load_game(self, tmp_path: Path) -> None:
        broken, line = self._broken_copy(tmp_path)
        with pytest.raises(InputError) as info:
            load_game(tmp_path, "kartomantik")
        assert str(info.value).endswith(f'pool.yaml:{line}: power: expected an integer, got "three"')


# ---------------------------------------------------------------------- example decks


def parse_deck(path: Path) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(line, name) of each card of the deck and of the sideboard, counts expanded."""
    if path.suffix in (".yaml", ".yml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert set(data) <= {"player", "deck", "sideboard"}
        return [(0, n) for n in data["deck"]], [(0, n) for n in data.get("sideboard") or []]
    deck: list[tuple[int, str]] = []
    side: list[tuple[int, str]] = []
    target = deck
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if re.fullmatch(r"sideboard\s*:?", line, re.IGNORECASE):
            target = side
            continue
        m = re.fullmatch(r"(\d+)\s*[xX]?\s+(.+)", line)
        count, name = (int(m.group(1)), m.group(2)) if m else (1, line)
        target.extend([(number, name.strip())] * count)
    return deck, side


def deck_files(prefix: str) -> list[Path]:
    return sorted(p for p in DECKS.iterdir() if p.name.startswith(prefix) and p.suffix in (".txt", ".yaml"))


LEGAL = deck_files("legal-")
ILLEGAL = deck_files("illegal-")


def deck_points(cards: list[K.PoolCard]) -> int:
    return sum(c.points or 0 for c in cards if c.type == "manifestation")


def test_enough_example_decks() -> None:
    assert len([p for p in LEGAL if p.suffix == ".txt"]) >= 3
    assert len([p for p in LEGAL if p.suffix == ".yaml"]) >= 1
    assert len(ILLEGAL) >= 3


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
class TestLegalDecks:
    def test_thirty_known_unique_cards_within_500_points(self, path: Path, by_name: dict[str, K.PoolCard]) -> None:
        deck, _ = parse_deck(path)
        assert len(deck) == K.DECK_SIZE
        unknown = [n for _, n in deck if norm(n) not in by_name]
        assert not unknown
        keys = [norm(n) for _, n in deck]
        assert len(set(keys)) == len(keys)
        assert deck_points([by_name[k] for k in keys]) <= K.MAX_DECK_POINTS

    def test_no_warnings_either(self, path: Path, by_name: dict[str, K.PoolCard]) -> None:
        """8-12 wills, every tribute payable (the warnings of docs/decklists.md), a clean sideboard."""
        deck, side = parse_deck(path)
        cards = [by_name[norm(n)] for _, n in deck]
        low, high = K.RECOMMENDED_WILLS
        assert low <= len(wills(cards)) <= high
        ms = manifestations(cards)
        for will in wills(cards):
            if will.tribute is None:
                continue
            t = will.tribute.temperament
            payers = ms if t == "hollow" else [m for m in ms if m.temperament in (t, "transcendent")]
            assert sum(m.power or 0 for m in payers) >= will.tribute.amount, will.name
        side_keys = [norm(n) for _, n in side]
        assert len(side) <= K.MAX_SIDEBOARD
        assert len(set(side_keys)) == len(side_keys)
        assert not set(side_keys) & {norm(n) for _, n in deck}
        assert all(k in by_name for k in side_keys)


class TestIllegalDecks:
    def test_each_says_what_is_wrong(self) -> None:
        for path in ILLEGAL:
            first = path.read_text(encoding="utf-8").splitlines()[0]
            assert first.startswith("# ILLEGAL:"), path.name

    def test_31_cards(self, by_name: dict[str, K.PoolCard]) -> None:
        deck, _ = parse_deck(DECKS / "illegal-31-cards.txt")
        assert len(deck) == 31
        keys = [norm(n) for _, n in deck]
        assert all(k in by_name for k in keys) and len(set(keys)) == 31
        assert deck_points([by_name[k] for k in keys]) <= K.MAX_DECK_POINTS

    def test_540_points(self, by_name: dict[str, K.PoolCard]) -> None:
        deck, _ = parse_deck(DECKS / "illegal-540-points.txt")
        keys = [norm(n) for _, n in deck]
        assert len(keys) == 30 and len(set(keys)) == 30
        assert deck_points([by_name[k] for k in keys]) == 540

    def test_duplicate_and_misspelled(self, by_name: dict[str, K.PoolCard]) -> None:
        deck, _ = parse_deck(DECKS / "illegal-duplicate-and-misspelled.txt")
        assert len(deck) == 30
        unknown = [(line, n) for line, n in deck if norm(n) not in by_name]
        assert unknown == [(17, "Mirror Stratagist")]
        lines_of: dict[str, list[int]] = {}
        for line, n in deck:
            lines_of.setdefault(norm(n), []).append(line)
        assert {k: v for k, v in lines_of.items() if len(v) > 1} == {"incinerate": [28, 38]}
