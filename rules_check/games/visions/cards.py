"""The Visions card data the engine reads: never retyped, always loaded.

The dream fragment cards come from ``cards/visions/fragments.yaml`` (their category,
environment and number of copies); the reflection track of each side from
``cards/visions/reflection.yaml`` (ruling V9: the track is data, not rules). The tables of the
rulebook (setup sizes, hand and river sizes, the two dreams) are read from
``pnp.games.visions.models``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp.games.visions import models as tables
from pnp.data.loader import load_game
from pnp.data.paths import bundled
from rules_check.names import normalise

FRAGMENT = "dream fragment card"
REFLECTION = "reflection card"
# how a Visions message suggests a card for an unknown name (`pnp.data.names.did_you_mean`'s
# frame): "unknown card 'X'; did you mean 'Y'?", in the setup and in the entries alike
HINT = "; did you mean {}?"

# A card's kind as the rules see it: (category index, environment index) into the
# rulebook's tables. Two cards are "strictly identical" ("Echo") when their kinds are equal.
Kind = tuple[int, int]


@dataclass(frozen=True)
class Track:
    """One side of the reflection card: ``points[i]`` for a cube on space ``i``; the cube that
    reaches ``awakening`` wins at once ("Reflection", ruling V7)."""

    side: str
    points: tuple[int, ...]
    awakening: int


@dataclass(frozen=True)
class CardData:
    """Everything the engine needs from ``cards/visions/``."""

    kinds: dict[str, Kind]  # card name -> kind
    copies: dict[str, int]  # card name -> copies in the box ("Components": 3 of each)
    by_key: dict[str, str]  # normalised name -> printed name (names matched as docs/decklists.md says)
    tracks: dict[str, Track]  # "2-3" / "4-5" -> the track the players of that count use
    order: tuple[str, ...]  # every card of the box, in the data's order (a random setup shuffles it)

    def resolve(self, name: str) -> str | None:
        """The printed name of a card as a player wrote it, or None when there is no such card."""
        return name if name in self.kinds else self.by_key.get(normalise(name))

    def track_for(self, players: int) -> Track:
        """The side of the reflection card a game of ``players`` uses ("Setup")."""
        return self.tracks[tables.reflection_side_for(players)]


def load_cards(cards_dir: Path | None = None) -> CardData:
    """Read ``cards_dir/visions`` (the bundled ``cards/`` when None)."""
    return _load(Path(cards_dir) if cards_dir is not None else bundled("cards"))


@cache
def _load(cards_dir: Path) -> CardData:
    data = load_game(cards_dir, "visions")
    kinds: dict[str, Kind] = {}
    copies: dict[str, int] = {}
    order: list[str] = []
    for item in data.component(FRAGMENT).items:
        fields = item.fields()
        kinds[item.name] = (tables.CATEGORIES.index(fields["category"]),
                            tables.ENVIRONMENTS.index(fields["environment"]))
        copies[item.name] = copies.get(item.name, 0) + item.count
        order.extend([item.name] * item.count)
    cards = tables.reflection_cards(data.component(REFLECTION))
    tracks: dict[str, Track] = {}
    for side in tables.REFLECTION_SIDES:
        players = int(side[0])
        # every player uses a reflection card; the bundled five are alike, so the first one
        # stands for all (a set of different cards would need the setup to say who has which)
        s = cards[0].side(players)
        tracks[side] = Track(side, tuple(s.track), s.awakening)
    return CardData(kinds, copies, {normalise(n): n for n in kinds}, tracks, tuple(order))
