"""Card data of the 18-card relics solo game (Mike Berg, rules V3.1): tables and item models.

Rulebook: the relics rulebook. The generator and the rules checker read the numbers below from
here. The cards themselves (``cards/relics/*.yaml``) are sample data: the rules text prints no
card, and does not name the three energy colours (docs/data/relics.md gives every reading).

Readings the data follows:

* The deck is 18 cards: one energy tracker card ("Setup": "Place the energy tracker card to one
  side") and 17 location cards ("Shuffle the remaining cards").
* A location card has a day side and a night side ("Anatomy of a Card"); each side has its own
  number, two challenge corners (top-left, bottom-right), a reward banner and an ability.
  Numbers are distinct over all 34 sides, so "lower"/"higher" is always decided.
* A relic is in two halves, each the reward of one side. A relic card leaves the path when it is
  collected ("place it on the table in front of you"), so its other side is never current again:
  no card carries a relic half on both sides.
* A relic has a colour (its halves name it): with both halves, "all challenges of that colour are
  -1" ("2. Challenge", note). The three relics have the three energy colours.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from pnp.effects.models import script_field, text_matches
from .vocabulary import VOCABULARY
# the colours' home is pnp.games.relics.tables (the vocabulary reads them too); named here as well
# for the code that reads them with the card models
from .tables import BLACK as BLACK
from .tables import CHALLENGE_COLOURS
from .tables import ENERGY_COLOURS as ENERGY_COLOURS

if TYPE_CHECKING:
    from pnp.data.components import Component

# "Turn Sequence", 1b: "You may not have more than six of any one type of energy."
MAX_ENERGY = 6
# "Setup": "Use three cubes ... to track energy. Place them on the "3" spaces."
START_ENERGY = 3
# "Setup": "For a hard game, place them on the "2" spaces."
HARD_START_ENERGY = 2
# "Turn Sequence", 1b: "You may only have three cards in your hand; discard a card if necessary."
HAND_LIMIT = 3
# "Setup": "Draw two cards into your hand ... these are your starting abilities."
START_HAND = 2
# "Setup": "Deal two cards day-side-up into a column ... This is your decision path."
DECISION_PATH_SIZE = 2
# "Setup": "Deal four cards into two columns ... This is your future path."
FUTURE_PATH_SIZE = 4
# "Goal": "Each collected pair of relics is worth three points."
POINTS_COMPLETE_RELIC = 3
# "Goal": "A single unmatched piece is worth one point."
POINTS_SINGLE_HALF = 1
# The introduction: "Three sacred, healing relics"; "Goal": "Collect all three completed relics to win."
RELIC_COUNT = 3
# "2. Challenge", note: "If you have collected both halves of a relic".
HALVES_PER_RELIC = 2
# "2. Challenge", note: "all challenges of that colour are -1".
COMPLETE_RELIC_DISCOUNT = 1
# The cover: "18 cards".
TOTAL_CARDS = 18

# As `pnp list` names them (lowercase, singular). Our reading: 1 tracker + 17 locations.
COMPONENT_COUNTS = {
    "energy tracker card": 1,
    "location card": 17,
}

# An ability is a line at the bottom of a card: short enough to print there.
ABILITY_MAX_CHARS = 120
_ICON = re.compile(r"\{([^{}]*)\}")

EnergyColour = Literal["red", "blue", "green"]
ChallengeColour = Literal["red", "blue", "green", "black"]


def score(halves: dict[str, set[int]]) -> int:
    """Points of collected relic halves ("Goal"): relic name -> the halves collected."""
    points = 0
    for got in halves.values():
        if len(got) >= HALVES_PER_RELIC:
            points += POINTS_COMPLETE_RELIC
        elif got:
            points += POINTS_SINGLE_HALF
    return points


class Challenge(BaseModel):
    """A challenge icon: pay ``amount`` energy of ``colour`` (black: any mix of colours)."""

    model_config = ConfigDict(extra="forbid")

    colour: ChallengeColour
    amount: int = Field(ge=1, le=3)


class Reward(BaseModel):
    """The white banner: either energy (``{energy, amount}``) or a relic half (``{relic, half, colour}``)."""

    model_config = ConfigDict(extra="forbid")

    energy: EnergyColour | None = None
    amount: int | None = Field(default=None, ge=1, le=2)
    relic: str | None = Field(default=None, min_length=1, max_length=60)
    half: Literal[1, 2] | None = None
    colour: EnergyColour | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> "Reward":
        energy = (self.energy, self.amount)
        relic = (self.relic, self.half, self.colour)
        if all(v is not None for v in energy) and all(v is None for v in relic):
            return self
        if all(v is not None for v in relic) and all(v is None for v in energy):
            return self
        raise ValueError("a reward is either energy, `{energy: red|blue|green, amount: 1|2}`, "
                         "or a relic half, `{relic: NAME, half: 1|2, colour: red|blue|green}`")

    @property
    def is_relic(self) -> bool:
        return self.relic is not None


class LocationSide(BaseModel):
    """One side (day or night) of a location card ("Anatomy of a Card")."""

    model_config = ConfigDict(extra="allow")

    side: Literal["day", "night"]
    number: int = Field(ge=1, le=999)
    top_left: Challenge | None
    bottom_right: Challenge | None
    reward: Reward
    # what discarding the card does ("Card Abilities"): printed from `script` when it has one
    ability: str | None = Field(default=None, min_length=1, max_length=ABILITY_MAX_CHARS)
    script: Any = None  # the ability as data (docs/effects.md)

    @field_validator("script")
    @classmethod
    def _script(cls, raw: Any) -> Any:

        return script_field(raw, VOCABULARY)

    @model_validator(mode="after")
    def _ability_from_script(self) -> "LocationSide":
        text = text_matches(self.ability, self.script, "ability")
        if text is None:
            raise ValueError("a side needs its ability: `script:` (printed as its text) or `ability:`")
        if len(text) > ABILITY_MAX_CHARS:
            raise ValueError(f"the ability prints {len(text)} characters, more than the {ABILITY_MAX_CHARS} "
                             f"that fit at the bottom of a card")
        self.ability = text
        return self

    @field_validator("ability")
    @classmethod
    def _known_icons(cls, text: str | None) -> str | None:
        if text is None:
            return text
        for icon in _ICON.findall(text):
            if icon not in CHALLENGE_COLOURS:
                raise ValueError(f"unknown icon {{{icon}}}; the icons are "
                                 + ", ".join(f"{{{c}}}" for c in CHALLENGE_COLOURS))
        return text

    def challenge_from(self, current_number: int) -> Challenge | None:
        """The challenge to pay travelling here from a location numbered ``current_number``.

        "Turn Sequence", 1a: a lower destination number: the bottom-right; a higher: the top-left.
        """
        if current_number == self.number:
            raise ValueError(f"two sides numbered {self.number}: lower or higher is undecided")
        return self.bottom_right if self.number < current_number else self.top_left


class _DaySide(LocationSide):
    side: Literal["day"]


class _NightSide(LocationSide):
    side: Literal["night"]


class LocationCard(_DaySide):
    """A location card: the item is its day side, ``back`` its night side."""

    name: str = Field(min_length=1)
    count: Literal[1] = 1
    image: str | None = None
    back: _NightSide

    @field_validator("back")
    @classmethod
    def _other_side(cls, back: _NightSide, info: ValidationInfo) -> _NightSide:
        if back.number == info.data.get("number"):
            raise ValueError(f"the night side has the day side's number, {back.number}")
        reward = info.data.get("reward")
        if reward is not None and reward.is_relic and back.reward.is_relic:
            raise ValueError("a relic half on both sides: the second could never be collected "
                             "(a collected relic card leaves the path)")
        return back

    def printed_fields(self) -> tuple[dict[str, str], dict[str, str]]:
        """The abilities to print on the front and the back (from their scripts)."""
        return {"ability": self.ability or ""}, {"ability": self.back.ability or ""}

    def sides(self) -> tuple[LocationSide, LocationSide]:
        """The day side and the night side."""
        day = LocationSide.model_validate({**self.model_dump(exclude={"name", "count", "image", "back", "script"}),
                                           "script": self.script})
        return day, self.back


class ReferenceSide(BaseModel):
    """The back of the energy tracker card: a rules summary."""

    model_config = ConfigDict(extra="allow")

    title: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, max_length=1500)


class EnergyTracker(BaseModel):
    """The energy tracker card ("Setup"): a track 0..max per energy colour."""

    model_config = ConfigDict(extra="allow")

    name: str = Field(min_length=1)
    count: Literal[1] = 1
    image: str | None = None
    energy_colours: list[EnergyColour] = Field(min_length=3, max_length=3)
    max: int = Field(ge=1, le=20)
    start: int = Field(ge=0, le=20)
    hard_start: int = Field(ge=0, le=20)
    back: ReferenceSide

    @field_validator("energy_colours")
    @classmethod
    def _one_track_each(cls, colours: list[str]) -> list[str]:
        if len(set(colours)) != len(colours):
            raise ValueError(f"each energy colour has one track, got {colours}")
        return colours

    @field_validator("start")
    @classmethod
    def _start_on_track(cls, start: int, info: ValidationInfo) -> int:
        top = info.data.get("max")
        if top is not None and start > top:
            raise ValueError(f"the start space {start} is past the top of the track, {top}")
        return start

    @field_validator("hard_start")
    @classmethod
    def _hard_starts_lower(cls, hard_start: int, info: ValidationInfo) -> int:
        start = info.data.get("start")
        if start is not None and hard_start > start:
            raise ValueError(f"a hard game starts lower than a normal one ({start}), got {hard_start}")
        return hard_start


ITEM_MODELS: dict[str, type[BaseModel]] = {
    "energy tracker card": EnergyTracker,
    "location card": LocationCard,
}


def location_cards(component: "Component") -> list[LocationCard]:
    """The validated location cards of the ``location card`` component."""
    return [LocationCard.model_validate({**item.fields(), "back": item.back}) for item in component.items]


def deck_problems(cards: list[LocationCard]) -> list[str]:
    """What makes a set of location cards unplayable as a whole (empty when none).

    Numbers must be distinct over every side ("Turn Sequence", 1a compares them), and the relic
    halves must make exactly three relics of two halves, each relic of one colour and the three
    of different colours (the colour is what a complete relic discounts).
    """
    problems: list[str] = []
    numbers = Counter(side.number for card in cards for side in card.sides())
    repeated = sorted(n for n, k in numbers.items() if k > 1)
    if repeated:
        problems.append(f"numbers used on more than one side: {repeated}")
    halves: dict[str, list[int]] = {}
    colours: dict[str, set[str]] = {}
    for card in cards:
        for side in card.sides():
            r = side.reward
            if r.is_relic:
                assert r.relic is not None and r.half is not None and r.colour is not None
                halves.setdefault(r.relic, []).append(r.half)
                colours.setdefault(r.relic, set()).add(r.colour)
    if len(halves) != RELIC_COUNT:
        problems.append(f"expected {RELIC_COUNT} relics, got {len(halves)}: {sorted(halves)}")
    for relic, got in sorted(halves.items()):
        if sorted(got) != list(range(1, HALVES_PER_RELIC + 1)):
            problems.append(f"relic {relic!r} has halves {sorted(got)}, expected 1 and 2 once each")
        if len(colours[relic]) != 1:
            problems.append(f"the halves of relic {relic!r} give different colours: {sorted(colours[relic])}")
    relic_colours = [next(iter(c)) for c in colours.values() if len(c) == 1]
    if len(set(relic_colours)) != len(relic_colours):
        problems.append(f"two relics share a colour: {sorted(relic_colours)}")
    return problems
