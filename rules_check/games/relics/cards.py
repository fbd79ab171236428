"""The relics card data the engine reads: never retyped, always loaded.

The 17 location cards come from ``cards/relics/locations.yaml`` (each side's number, its two
challenge corners, its reward banner and its ability), the energy tracker from
``cards/relics/tracker.yaml``. The numbers of the rules (energy at the start, the cap, the
hand limit, the path sizes, the points) are read from ``pnp.games.relics.models``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from pnp.data.errors import InputError
from pnp.games.relics import models as tables
from pnp.data.loader import load_game
from pnp.data.paths import bundled
from rules_check.names import normalise

LOCATION = "location card"
TRACKER = "energy tracker card"

DAY = "day"
NIGHT = "night"


TOP_LEFT = "top-left"
BOTTOM_RIGHT = "bottom-right"


def other_side(side: str) -> str:
    return NIGHT if side == DAY else DAY


class Pending(NamedTuple):
    """A challenge waiting to be paid ("2. Challenge"): the corner of ``destination`` that
    "Turn Sequence" 1a points to. (A named tuple, each corner's made once with the card data:
    a frozen dataclass's ``__init__`` is several times slower to make.)"""

    destination: str
    corner: str  # "top-left" | "bottom-right"
    colour: str
    amount: int


def _corner(card: str, corner: str, challenge: tables.Challenge | None) -> Pending | None:
    return Pending(card, corner, challenge.colour, challenge.amount) if challenge is not None else None


@dataclass(frozen=True)
class CardData:
    """Everything the engine needs from ``cards/relics/``."""

    # card name -> {"day": its day side, "night": its night side} ("Anatomy of a Card")
    sides: dict[str, dict[str, tables.LocationSide]]
    names: tuple[str, ...]  # the location cards, in the data's order (a random setup shuffles it)
    by_key: dict[str, str]  # normalised name -> printed name (location cards and the tracker)
    tracker: str  # the energy tracker card's name ("Setup": placed to one side)
    relic_colour: dict[str, str]  # relic name -> the colour its completion discounts
    # card name -> side ("day" | "night") -> that side's effect (its script's one ability of kind
    # `effect`), or None for a side with no script; and the verbs of the effect's every step.
    # Read from ``sides`` once (also by a copy with other sides): the rules ask them at every
    # ability a check or a search tries
    effects: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)
    verbs: dict[str, dict[str, frozenset[str]]] = field(init=False, repr=False, compare=False)
    # card name -> side -> (its number, the challenge of its bottom-right corner, of its top-left
    # one): what "Turn Sequence" 1a reads at every travel tried (``costs.challenge_of``)
    corners: dict[str, dict[str, tuple[int, Pending | None, Pending | None]]] = field(
        init=False, repr=False, compare=False)
    # card name -> side -> (relic, half) of its banner, None for an energy banner ("Goal": the
    # halves on the table are counted at every relic taken and every score asked)
    relic_halves: dict[str, dict[str, tuple[str, int] | None]] = field(init=False, repr=False, compare=False)
    # the printed names that `resolve` gives back as they are (every name, unless two share a
    # normalised form): found without normalising, which every setup, card named and choice asks
    exact: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        effects = {name: {face: effect_of(side) for face, side in faces.items()} for name, faces in self.sides.items()}
        verbs = {name: {face: frozenset(step.verb for step in effect.walk()) if effect is not None else frozenset()
                        for face, effect in faces.items()} for name, faces in effects.items()}
        corners = {name: {face: (side.number, _corner(name, BOTTOM_RIGHT, side.bottom_right),
                                 _corner(name, TOP_LEFT, side.top_left))
                          for face, side in faces.items()} for name, faces in self.sides.items()}
        object.__setattr__(self, "effects", effects)
        object.__setattr__(self, "verbs", verbs)
        object.__setattr__(self, "corners", corners)
        object.__setattr__(self, "relic_halves", {
            name: {face: (side.reward.relic, side.reward.half) if side.reward.is_relic else None
                   for face, side in faces.items()} for name, faces in self.sides.items()})
        by_key = self.by_key
        object.__setattr__(self, "exact", frozenset(n for n in by_key.values() if by_key.get(normalise(n)) == n))

    def side(self, card: str, face: str) -> tables.LocationSide:
        return self.sides[card][face]

    def resolve(self, name: str) -> str | None:
        """The printed name ``name`` stands for (names matched as docs/decklists.md says), or None."""
        if name in self.exact:  # (a printed name: most names written)
            return name
        return self.by_key.get(normalise(name))


def load_cards(cards_dir: Path | None = None) -> CardData:
    """Read ``cards_dir/relics`` (the bundled ``cards/`` when None)."""
    return _load(Path(cards_dir) if cards_dir is not None else bundled("cards"))


@cache
def _load(cards_dir: Path) -> CardData:
    data = load_game(cards_dir, "relics")
    locations = tables.location_cards(data.component(LOCATION))
    problems = tables.deck_problems(locations)
    if problems:  # the loader does not run the whole-deck checks (docs/data/relics.md)
        raise InputError(cards_dir / "relics", f"the location cards cannot be played: {'; '.join(problems)}")
    sides = {}
    relic_colour: dict[str, str] = {}
    for card in locations:
        day, night = card.sides()
        sides[card.name] = {DAY: day, NIGHT: night}
        for side in (day, night):
            if side.reward.is_relic:
                relic_colour[side.reward.relic] = side.reward.colour
    tracker = data.component(TRACKER).items[0].fields()["name"]
    names = tuple(card.name for card in locations)
    by_key = {normalise(n): n for n in names + (tracker,)}
    return CardData(sides, names, by_key, tracker, relic_colour)


def effect_of(side: tables.LocationSide) -> Any:
    """The ability a side's card does when discarded from the hand ("Card Abilities"): its
    script's effect; None when the side has no script (or a script with no effect)."""
    return side.script.effect if side.script is not None else None
