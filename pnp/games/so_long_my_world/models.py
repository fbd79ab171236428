"""So Long, My World card and component data: the rulebook's tables and the item models.

Rulebook: the So Long, My World rulebook; open points: ``docs/rulings.md`` (S1-S6, G3). The card
data lives in ``cards/so-long-my-world/*.yaml`` (generic component form, see
``pnp/data/components.py``); ``ITEM_MODELS`` validates each item's own fields there.

Readings of ours (docs/data/so-long-my-world.md repeats them):

* The 13 vision cards are 6 normal visions ("Prepare the Vision Cards"), 3 Gestalt Visions
  (Variants, "Gestalt Visions"), L'Uno (co-op) and 3 Karma Catalysts (Variants, "Karma
  Catalysts": cards placed under a Gestalt Vision, so printed in the vision deck's size).
* "Monochrome Corridor" (named in "Karma Catalysts") is the Gestalt Vision between
  Clocktower Library and The Real; their Marks of Sol numbers (3, 4, 5) add up to the 12
  Mark of Sol tokens, since "the Marks of Sol reserve must be placed over the Gestalt Visions".
* 3 of the 35 event cards are Reboot cards ("a randomly chosen Reboot card").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from pnp.effects.models import script_field
from .vocabulary import VOCABULARY
from .tables import FEELINGS, NORMAL_VISIONS

# --- Tables of the rulebook -------------------------------------------------------------

# Components: the rulebook's component list, named lowercase and singular (as `pnp list` names them).
COMPONENT_COUNTS: dict[str, int] = {
    "vision card": 13,
    "remnant card": 68,
    "gestalt card": 22,
    "event card": 35,
    "end card": 6,
    "heartbreak card": 9,
    "solo reference card": 1,
    "feeling token": 60,
    "mark of sol token": 12,
    "vision token": 47,
    "first player token": 1,
    "time counter token": 1,
    "clock board": 1,
    "player screen": 5,
}

# the feelings (FEELINGS) and the normal visions (NORMAL_VISIONS): pnp.games.so_long_my_world.tables
Feeling = Literal["hope", "nostalgia", "resignation", "despair", "madness"]
Karma = Literal["positive", "neutral", "negative"]

# Ruling G3: the 60 feeling tokens, 12 of each of the five feelings.
FEELING_TOKENS_EACH = 12

# Setting Up the Game, "7. Deal Vision Tokens and Screens": "There are 5 sets of different
# colors". Yellow, teal, purple and green are the colours of the rulebook's examples (Choice
# Phase, Hindrance Phase, Vision Phase); red is ours (sample data).
PLAYER_COLOURS = ("yellow", "teal", "purple", "green", "red")
PlayerColour = Literal["yellow", "teal", "purple", "green", "red"]

NormalVision = Literal["Place of Worship", "World's Edge Pub", "Special Person", "Death Drive", "Slaughter",
                       "Empty City"]
# Variants, "Gestalt Visions": Marks of Sol are taken "starting from Clocktower Library and
# ending until The Real" -- this is that order. The middle name is our reading (module doc).
GESTALT_VISIONS = ("Clocktower Library", "Monochrome Corridor", "The Real")
GestaltVision = Literal["Clocktower Library", "Monochrome Corridor", "The Real"]
# So Long, My Love, "L'UNO": the co-op vision.
LUNO = "L'Uno"
# Ruling S3: each player's set is one token per normal and Gestalt vision; 2 L'Uno tokens.
VISION_TOKENS_PER_PLAYER = len(NORMAL_VISIONS) + len(GESTALT_VISIONS)
LUNO_TOKENS = 2

# "4. Deal Remnant and Gestalt Cards" and the Hindrance Phase hint: every player starts with
# Life is a Journey and Soul Box, which "cost Hope and Nostalgia respectively"; "There are
# two copies of all the other cards".
STARTING_CARDS: dict[str, Feeling] = {"Life is a Journey": "hope", "Soul Box": "nostalgia"}
STARTING_CARD_COPIES = 5  # one per player, 5 players at most
OTHER_REMNANT_COPIES = 2

# Marks of Sol: 12 tokens, all placed over the Gestalt Visions when that variant is played.
MARKS_OF_SOL = 12

# The clock: hours I to XII; a game starts at I (2-4 players) or III (5 players), ruling S1.
CLOCK_HOURS = 12

# Our reading: 3 of the 35 event cards are Reboot cards.
REBOOT_CARDS = 3

# Inline icons a card text may use, written {name}.
ICONS = frozenset(FEELINGS) | {"mark-of-sol"}
_ICON = re.compile(r"\{([^{}]*)\}")

# A poker card's (63 x 88 mm) text box holds about this many characters.
MAX_CARD_TEXT = 180
# A tarot card (vision) or a half-page heartbreak card holds a little more.
MAX_LONG_TEXT = 320


def karma(cost: Mapping[Any, int]) -> Karma:  # feeling name -> count (a Literal key or any str)
    """A card's karma from its feeling cost (The Card Types, "Karma"; ruling S5).

    More positive feelings than negative: positive; more negative: negative; balanced, or
    only neutral feelings: neutral. Amounts count, not kinds (2 Hope + 1 Despair is positive).
    """
    positive = negative = 0
    for feeling, amount in cost.items():
        if feeling not in FEELINGS:
            raise ValueError(f"unknown feeling {feeling!r} (expected one of {', '.join(FEELINGS)})")
        if FEELINGS[feeling] == "positive":
            positive += amount
        elif FEELINGS[feeling] == "negative":
            negative += amount
    if positive > negative:
        return "positive"
    if negative > positive:
        return "negative"
    return "neutral"


def check_icons(text: str) -> str:
    """Raise ValueError when ``text`` names an inline icon that does not exist."""
    for name in _ICON.findall(text):
        if name not in ICONS:
            raise ValueError(f"unknown icon {{{name}}} (expected one of "
                             + ", ".join(f"{{{i}}}" for i in sorted(ICONS)) + ")")
    return text


# --- Item models ---------------------------------------------------------------------------

# Card texts: the length first (so its error reads as characters), then the icons.
CardText = Annotated[str, Field(min_length=1, max_length=MAX_CARD_TEXT), AfterValidator(check_icons)]
LongText = Annotated[str, Field(min_length=1, max_length=MAX_LONG_TEXT), AfterValidator(check_icons)]
Millimetres = Annotated[float, Field(gt=0, le=1000, allow_inf_nan=False)]
Amount = Annotated[int, Field(ge=1, le=9, strict=True)]


def _script_of(raw: Any) -> Any:
    return script_field(raw, VOCABULARY)


def _printed(text: str | None, script: Any, field: str = "text") -> str:
    """The text a card prints: its script's, which a written text must match (docs/effects.md)."""
    from pnp.effects.models import text_matches

    out = text_matches(text, script, field)
    if out is None:
        raise PydanticCustomError("script", "{message}", {"message": f"is required: the card's {field} (or a "
                                                                    f"`script`, which prints it)", "path": (field,)})
    return check_icons(out)


class _Item(BaseModel):
    """The generic fields every item has (see `pnp.data.components.Item`)."""

    model_config = ConfigDict(extra="allow")

    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=1000, strict=True)
    image: str | None = None
    back: dict[str, Any] | None = None


class _Scripted(_Item):
    """An item whose effect may be a script (docs/effects.md): the text field named
    ``printed_field`` is printed from it, and a written one must say the same."""

    printed_field: ClassVar[str] = "text"
    script: Any = None

    @field_validator("script")
    @classmethod
    def _script(cls, raw: Any) -> Any:
        return _script_of(raw)

    @model_validator(mode="after")
    def _print_from_script(self) -> "_Scripted":
        name = self.printed_field
        setattr(self, name, _printed(getattr(self, name), self.script, name))
        return self

    def printed_fields(self) -> tuple[dict[str, str], dict[str, str]]:
        """What the loader prints on the card (`pnp.data.loader`): front, back."""
        return {self.printed_field: getattr(self, self.printed_field) or ""}, {}


class RemnantCard(_Scripted):
    """The Card Types, "Remnant Cards": insight points, feeling cost, effect (hindrance or
    continuous). Starting cards show a glyph in place of insight points (``insight: null``).

    Checks are field validators (not one model validator) so that an error names the field
    and its line. Fields are validated in the order written: a validator sees those above it.
    """

    starting: bool = Field(default=False, strict=True)
    gestalt: bool = Field(default=False, strict=True)
    insight: int | None = Field(default=None, ge=0, le=20, strict=True, validate_default=True)
    cost: dict[Feeling, Amount] = Field(min_length=1)
    hindrance: bool = Field(default=False, strict=True)
    continuous: bool = Field(default=False, strict=True)
    text: CardText | None = None

    @field_validator("gestalt")
    @classmethod
    def _gestalt(cls, value: bool, info: ValidationInfo) -> bool:
        if value and cls is RemnantCard:
            raise ValueError("a remnant card is not a Gestalt card (those are the `gestalt card` component)")
        if value and info.data.get("starting"):
            raise ValueError("a Gestalt card is never a starting card")
        return value

    @field_validator("insight")
    @classmethod
    def _insight(cls, value: int | None, info: ValidationInfo) -> int | None:
        starting = info.data.get("starting", False)
        if starting and value is not None:
            raise ValueError("a starting card shows a glyph, not insight points: write `insight: null`")
        if not starting and value is None:
            raise ValueError("expected an integer (only starting cards have `insight: null`)")
        return value

    @field_validator("continuous")
    @classmethod
    def _one_timing(cls, value: bool, info: ValidationInfo) -> bool:
        if value and info.data.get("hindrance"):
            raise ValueError("a card is either a hindrance or continuous, not both")
        return value

    @property
    def karma(self) -> Karma:
        return karma(self.cost)


class GestaltCard(RemnantCard):
    """The Card Types, "Gestalt Cards": "identical to Remnant cards", marked "Gestalt"."""

    starting: Literal[False] = False
    gestalt: Literal[True]


class VisionCard(_Scripted):
    """The Card Types, "Vision Cards": affinity feeling and the vision's effect.

    ``kind``: ``normal`` (the 6 of every game), ``gestalt`` (Gestalt Visions, with the number
    of Marks of Sol printed on their back), ``co-op`` (L'Uno) or ``catalyst`` (Karma
    Catalysts, whose affinity feelings a Gestalt Vision takes when the catalyst lies under it).
    """

    kind: Literal["normal", "gestalt", "co-op", "catalyst"]
    affinity: Feeling | list[Feeling] | None = Field(default=None, validate_default=True)
    marks_of_sol: int | None = Field(default=None, ge=1, le=MARKS_OF_SOL, strict=True, validate_default=True)
    effect: LongText | None = None

    printed_field: ClassVar[str] = "effect"

    @field_validator("kind")
    @classmethod
    def _named(cls, value: str, info: ValidationInfo) -> str:
        name = info.data.get("name")
        names = {"normal": NORMAL_VISIONS, "gestalt": GESTALT_VISIONS, "co-op": (LUNO,)}.get(value)
        if name is not None and names is not None and name not in names:
            raise ValueError(f"{name!r} is not a {value} vision (those are {', '.join(names)})")
        return value

    @field_validator("affinity")
    @classmethod
    def _affinity(cls, value: str | list[str] | None, info: ValidationInfo) -> str | list[str] | None:
        kind = info.data.get("kind")
        if kind == "normal" and not isinstance(value, str):
            raise ValueError("a normal vision has one affinity feeling")
        if kind == "gestalt" and value is not None:
            raise ValueError("a Gestalt Vision has none: `affinity: null` (its Karma Catalyst gives them)")
        if kind == "catalyst" and not (isinstance(value, list) and value):
            raise ValueError("a Karma Catalyst lists the affinity feelings it gives, e.g. [hope, nostalgia]")
        return value

    @field_validator("marks_of_sol")
    @classmethod
    def _marks(cls, value: int | None, info: ValidationInfo) -> int | None:
        kind = info.data.get("kind")
        if kind == "gestalt":
            if value is None:
                raise ValueError("a Gestalt Vision shows its number of Marks of Sol on its back")
            back = info.data.get("back")
            if back is not None and back.get("marks_of_sol") != value:
                raise ValueError(f"the back shows marks_of_sol {back.get('marks_of_sol')!r}, the card says {value}")
        elif value is not None and kind is not None:
            raise ValueError("only Gestalt Visions carry Marks of Sol")
        return value

    @property
    def affinities(self) -> list[str]:
        """The affinity feelings as a list (empty when the vision has none)."""
        if self.affinity is None:
            return []
        return [self.affinity] if isinstance(self.affinity, str) else list(self.affinity)


class EventCard(_Scripted):
    """The Card Types, "Event Cards" and "Reboot Cards".

    ``feelings``: the event's vision spaces, vision name -> the feelings put there.
    ``vision``: the vision the effect is limited to ("If an effect has a Vision's name written
    before it, it only affects the players who chose that Vision"). A reboot card has neither.
    """

    reboot: bool = Field(default=False, strict=True)
    text: CardText | None = None
    vision: NormalVision | None = None
    feelings: dict[NormalVision, list[Feeling]] | None = Field(default=None, validate_default=True)

    @field_validator("vision")
    @classmethod
    def _vision(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and info.data.get("reboot"):
            raise ValueError("a Reboot card affects all players: no `vision`")
        return value

    @field_validator("feelings")
    @classmethod
    def _feelings(cls, value: dict[str, list[str]] | None, info: ValidationInfo) -> dict[str, list[str]] | None:
        if info.data.get("reboot"):
            if value:
                raise ValueError("a Reboot card deals no feelings")
            return value
        if not value:
            raise ValueError("an event names the feelings it puts on the visions, "
                             "e.g. {Slaughter: [madness], Special Person: [hope]}")
        empty = [v for v, fs in value.items() if not fs]
        if empty:
            raise ValueError(f"{empty[0]} lists no feeling")
        return value

    def feeling_count(self) -> int:
        return sum(len(fs) for fs in (self.feelings or {}).values())


class EndCard(_Scripted):
    """End Cards: "the words of philosophers and poets" and an effect carried to the next game
    (its script: ``when: Next game``; the setup's ``end_card`` applies it)."""

    quote: str = Field(min_length=1, max_length=MAX_CARD_TEXT)
    author: str = Field(min_length=1)
    work: str | None = None
    effect: CardText | None = None

    printed_field: ClassVar[str] = "effect"


class HeartbreakCard(_Item):
    """So Long, My Love: the time counter's hour, how to build the Gestalt deck, the goal and
    the Collective Insight value to reach."""

    start_hour: int = Field(ge=1, le=CLOCK_HOURS - 1, strict=True)
    gestalt_deck: LongText
    goal: LongText
    collective_insight: int = Field(ge=1, le=200, strict=True)
    text: LongText | None = None


class SoloReferenceCard(_Item):
    """Solo/Campaign Mode: the phases of a solo round, as a reference."""

    phases: list[str] = Field(min_length=1)
    text: str | None = None


class FeelingToken(_Item):
    feeling: Feeling
    karma: Karma | None = None
    diameter: Millimetres

    @field_validator("karma")
    @classmethod
    def _karma(cls, value: str | None, info: ValidationInfo) -> str | None:
        feeling = info.data.get("feeling")
        if value is not None and feeling is not None and value != FEELINGS[feeling]:
            raise ValueError(f"{feeling} is {FEELINGS[feeling]}, not {value}")
        return value


class MarkOfSolToken(_Item):
    diameter: Millimetres


class VisionToken(_Item):
    """A player's vision token (ruling S3): one per normal and Gestalt vision and colour."""

    vision: NormalVision | GestaltVision | Literal["L'Uno"]
    colour: PlayerColour | None = Field(default=None, validate_default=True)
    diameter: Millimetres

    @field_validator("colour")
    @classmethod
    def _colour(cls, value: str | None, info: ValidationInfo) -> str | None:
        vision = info.data.get("vision")
        if value is None and vision is not None and vision != LUNO:
            raise ValueError("a vision token belongs to one of the 5 player colours: " + ", ".join(PLAYER_COLOURS))
        return value


class PlainToken(_Item):
    """First player token, time counter token."""

    diameter: Millimetres


class ClockBoard(_Item):
    hours: Literal[12] = 12
    width: Millimetres
    height: Millimetres


class PlayerScreen(_Item):
    """A player screen (Setting Up, 7.): one per colour, to hide the vision tokens chosen in the
    Choice Phase. ``panels``: the widths of its panels from the outside's left edge, in mm; a
    fold runs between each two, and together they are the screen's ``width``."""

    colour: PlayerColour
    width: Millimetres
    height: Millimetres
    panels: list[Millimetres] = Field(min_length=1, max_length=8)

    @field_validator("panels")
    @classmethod
    def _panels(cls, value: list[float], info: ValidationInfo) -> list[float]:
        width = info.data.get("width")
        if width is not None and abs(sum(value) - width) > 0.01:
            raise ValueError(f"the panels add up to {sum(value):g} mm, the screen is {width:g} mm wide")
        return value


ITEM_MODELS: dict[str, type[BaseModel]] = {
    "vision card": VisionCard,
    "remnant card": RemnantCard,
    "gestalt card": GestaltCard,
    "event card": EventCard,
    "end card": EndCard,
    "heartbreak card": HeartbreakCard,
    "solo reference card": SoloReferenceCard,
    "feeling token": FeelingToken,
    "mark of sol token": MarkOfSolToken,
    "vision token": VisionToken,
    "first player token": PlainToken,
    "time counter token": PlainToken,
    "clock board": ClockBoard,
    "player screen": PlayerScreen,
}


def campaign_file(doc: Any) -> tuple[list[Any], bool] | None:
    """A solo campaign's Paths and Words (``paths:``, read by the rules engine): no printed
    component; None for any other file (the game's file reader, ``Game.file_readers``)."""
    if isinstance(doc.data, dict) and "paths" in doc.data and "components" not in doc.data:
        return [], bool(doc.data.get("sample"))
    return None
