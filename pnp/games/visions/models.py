"""Visions card data: the rulebook's tables and the models of the component items.

Rulebook: the Visions rulebook. The generator and the rules checker read the tables here (the
categories, environments, setup sizes), never their own copies. The reflection track is card
data, not a rule (ruling V9): it lives in ``cards/visions/reflection.yaml`` and is read through
`ReflectionSide.points`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

if TYPE_CHECKING:
    from pnp.data.components import Component

# "Components": "5 Categories" and "5 Environments", in the rulebook's order.
CATEGORIES = ("Dreamcatcher", "Mythical Creatures", "Flight", "Music", "Time")
ENVIRONMENTS = ("Icy Birches", "Burning Desert", "Hidden Village", "Enchanted Forest", "Galactic Valley")

# "Components": "75 Dream Fragment cards: 3x (Environments x 5 Categories)".
COPIES_PER_FRAGMENT = 3

# How a category is written in a card's name: the rulebook's examples say "Mythical Creature in
# the Burning Desert" (section "Echo") but "Time in the Burning Desert" (section "Reflection").
_NAME_OF_CATEGORY = {"Mythical Creatures": "Mythical Creature"}

# "Setup": "Shuffle the cards and take the number corresponding to the number of players".
SETUP_CARDS = {2: 30, 3: 45, 4: 60, 5: 75}
# "Setup": "Deal 3 cards to each player"; "2 - Refill Your Hand to 3 Cards".
HAND_SIZE = 3
# "Setup": "Reveal the top 5 cards of the draw pile to create the central river."
RIVER_SIZE = 5
# "1 - Play a Card", A: "each player can only have two different Dreams".
MAX_DREAMS = 2

# "Components", as `pnp list` names them (lowercase, singular).
COMPONENT_COUNTS = {
    "dream fragment card": 75,
    "reflection card": 5,
    "player aid card": 5,
    "cube": 5,
}

# "Setup": "Each player places one Reflection card in front of them (using the side
# corresponding to the number of players)".
REFLECTION_SIDES = ("2-3", "4-5")

Category = Literal["Dreamcatcher", "Mythical Creatures", "Flight", "Music", "Time"]
Environment = Literal["Icy Birches", "Burning Desert", "Hidden Village", "Enchanted Forest", "Galactic Valley"]


def fragment_name(category: str, environment: str) -> str:
    """The card's name as the rulebook writes it: ``"Mythical Creature in the Burning Desert"``."""
    if category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r}; expected one of {', '.join(CATEGORIES)}")
    if environment not in ENVIRONMENTS:
        raise ValueError(f"unknown environment {environment!r}; expected one of {', '.join(ENVIRONMENTS)}")
    return f"{_NAME_OF_CATEGORY.get(category, category)} in the {environment}"


def reflection_side_for(players: int) -> str:
    """Which side of the reflection card a game of ``players`` uses ("Setup")."""
    if players in (2, 3):
        return "2-3"
    if players in (4, 5):
        return "4-5"
    raise ValueError(f"Visions is played by 2 to 5 players, not {players}")


class _ItemModel(BaseModel):
    """The generic item fields (components.Item); other keys are for layouts and allowed."""

    model_config = ConfigDict(extra="allow")

    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=1000)
    image: str | None = None


class FragmentCard(BaseModel):
    """A dream fragment card: one category in one environment ("Components").

    The fields are declared category, environment, name so that the name is checked against
    the two (and an error about it points at `name:`).
    """

    model_config = ConfigDict(extra="allow")

    category: Category
    environment: Environment
    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=1000)
    image: str | None = None

    @field_validator("name")
    @classmethod
    def _name_matches(cls, name: str, info: ValidationInfo) -> str:
        category, environment = info.data.get("category"), info.data.get("environment")
        if category is None or environment is None:
            return name  # already reported
        expected = fragment_name(category, environment)
        if name != expected:
            raise ValueError(f"a {category} card in the {environment} is named {expected!r}, not {name!r}")
        return name


class _Track(BaseModel):
    """A reflection track (ruling V9).

    ``track[i]`` is the points a cube on space ``i`` scores, from space 0 to the space before
    the Awakening space; ``awakening`` is the index of the Awakening space (= ``len(track)``):
    a cube that reaches it wins at once ("Reflection", ruling V7).
    """

    # points printed on the spaces: three digits at most
    track: list[Annotated[int, Field(ge=0, le=999)]] = Field(min_length=2, max_length=40)
    awakening: int = Field(ge=2, le=40)

    @field_validator("track")
    @classmethod
    def _rising_from_zero(cls, track: list[int]) -> list[int]:
        if track[0] != 0:
            raise ValueError(f"space 0 is where the cubes start and scores 0 points, got {track[0]}")
        if any(b <= a for a, b in zip(track, track[1:])):
            raise ValueError(f"the points must rise from space to space, got {track}")
        return track

    @field_validator("awakening")
    @classmethod
    def _after_the_track(cls, awakening: int, info: ValidationInfo) -> int:
        track = info.data.get("track")
        if track is not None and awakening != len(track):
            raise ValueError(f"the Awakening space follows the last scoring space: with {len(track)} "
                             f"spaces (0 to {len(track) - 1}) it is space {len(track)}, not {awakening}")
        return awakening

    def points(self, space: int) -> int:
        """Reflection points of a cube on ``space`` ("Final Scoring")."""
        if not 0 <= space < self.awakening:
            raise ValueError(f"space {space} is not a scoring space of this track (0 to {self.awakening - 1})")
        return self.track[space]


class ReflectionSide(_Track):
    """One side of a reflection card: the player counts it is for and its track."""

    model_config = ConfigDict(extra="allow")

    players: Literal["2-3", "4-5"]


class _ReflectionBack(ReflectionSide):
    players: Literal["4-5"]


class ReflectionCard(_ItemModel, _Track):
    """A double-sided reflection card: the front is the 2-3 players side, ``back`` the 4-5 side."""

    players: Literal["2-3"]
    back: _ReflectionBack

    def side(self, players: int) -> ReflectionSide:
        """The side a game of ``players`` uses ("Setup")."""
        if reflection_side_for(players) == "2-3":
            return ReflectionSide(players="2-3", track=self.track, awakening=self.awakening)
        return self.back


class PlayerAid(_ItemModel):
    """A player aid card: a turn summary in our own words."""

    text: str = Field(min_length=1, max_length=1200)


class Cube(_ItemModel):
    """A player's cube on the reflection track, one per player colour, printed as a round
    token of ``diameter`` mm (none: the size of its template)."""

    colour: str = Field(min_length=1, max_length=30)
    diameter: float | None = Field(default=None, gt=0, le=1000, allow_inf_nan=False)


ITEM_MODELS: dict[str, type[BaseModel]] = {
    "dream fragment card": FragmentCard,
    "reflection card": ReflectionCard,
    "player aid card": PlayerAid,
    "cube": Cube,
}


def reflection_cards(component: "Component") -> list[ReflectionCard]:
    """The validated reflection cards (both sides) of the ``reflection card`` component."""
    return [ReflectionCard.model_validate({**item.fields(), "back": item.back}) for item in component.items]
