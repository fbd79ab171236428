"""Shop presets (``--preset NAME``): the card size, bleed and resolution a print shop asks
for, so an export uploads as it is. Each preset's source is in docs/exports.md.

A preset applies to the decks whose template is near its size (within ``NEAR`` mm on each
side): a 63 x 88 mm design exported with ``--preset poker`` becomes 2.5 x 3.5 in. The design
is scaled by one factor (never stretched) to fit the preset's trim and centred; the little
that is left over on one axis is the card's background, which always runs past the trim.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

INCH = 25.4
DPI = 300  # what every shop here asks of an image, and what the PNG export writes
NEAR = 3.0  # mm: how far a template's sides may be from a preset's for the preset to apply
CLOSE = 1.0  # mm: a design this close to a preset is meant for it (an export says which preset)
AUTO = "auto"  # --preset auto: each deck the shops' imperial size near it (`AUTO_PRESETS`)


@dataclass(frozen=True)
class Preset:
    name: str
    trim: tuple[float, float]  # mm
    bleed: float  # mm, on every side
    source: str  # who asks for this size (docs/exports.md lists them)

    @property
    def pixels(self) -> tuple[int, int]:
        """Trim plus bleed at 300 DPI, rounded half up: poker 825 x 1125."""
        w, h = self.trim
        return (int(math.floor((w + 2 * self.bleed) * DPI / INCH + 0.5)),
                int(math.floor((h + 2 * self.bleed) * DPI / INCH + 0.5)))

    def fits(self, width: float, height: float) -> bool:
        return abs(width - self.trim[0]) <= NEAR and abs(height - self.trim[1]) <= NEAR


PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("poker", (2.5 * INCH, 3.5 * INCH), INCH / 8,
           "The Game Crafter (Poker Deck) and DriveThruCards (poker size): 2.5 x 3.5 in, 1/8 in bleed"),
    Preset("mpc-poker", (2.5 * INCH, 3.5 * INCH), 0.12 * INCH,
           "MakePlayingCards (poker size): 822 x 1122 px, 2.5 x 3.5 in with 0.12 in bleed"),
    Preset("poker-mm", (63.0, 88.0), 3.0,
           "European print shops' poker size: 63 x 88 mm, 3 mm bleed"),
    Preset("tarot", (2.75 * INCH, 4.75 * INCH), INCH / 8,
           "The Game Crafter (Tarot Deck) and DriveThruCards (tarot size): 2.75 x 4.75 in, 1/8 in bleed"),
    Preset("tarot-mm", (70.0, 120.0), 3.0,
           "the usual tarot size in mm (70 x 120 mm), 3 mm bleed"),
)}


# --preset auto, in the order tried: the sizes The Game Crafter and DriveThruCards print (a
# 63 x 88 mm design becomes 825 x 1125 px, a 70 x 120 mm one 900 x 1500)
AUTO_PRESETS = ("poker", "tarot")


def preset_named(name: str) -> Preset:
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"expected {AUTO} or one of {', '.join(PRESETS)}, got {name!r}") from None


def presets_named(names: list[str]) -> list[Preset]:
    """The presets ``--preset`` names, in order, ``auto`` standing for `AUTO_PRESETS`; ValueError
    for a name that is none."""
    out: list[Preset] = []
    for name in names:
        expanded = AUTO_PRESETS if name.strip().lower() == AUTO else (name,)
        out += [p for p in map(preset_named, expanded) if p not in out]
    return out


def close_presets(width: float, height: float, pixels: tuple[int, int]) -> list[Preset]:
    """The presets a ``width`` x ``height`` mm design is within `CLOSE` mm of on each side and
    whose pixels differ from the ``pixels`` an export gives it without one."""
    return [p for p in PRESETS.values()
            if abs(width - p.trim[0]) <= CLOSE and abs(height - p.trim[1]) <= CLOSE and p.pixels != pixels]


def preset_for(presets: list[Preset], width: float, height: float) -> Preset | None:
    """The first of ``presets`` that applies to a ``width`` x ``height`` mm design."""
    return next((p for p in presets if p.fits(width, height)), None)


def fit(design: tuple[float, float], trim: tuple[float, float]) -> tuple[float, float, float]:
    """(scale, dx, dy): a ``design`` (w, h) scaled by one factor to fit inside ``trim`` and
    centred on it; dx, dy in the trim's units from its bottom-left corner."""
    s = min(trim[0] / design[0], trim[1] / design[1])
    return s, (trim[0] - s * design[0]) / 2, (trim[1] - s * design[1]) / 2
