"""Fonts: Bitstream Vera, shipped with reportlab, registered as TrueType so every PDF embeds
(a subset of) them and prints the same on any machine."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

_FONT_DIR = Path(reportlab.__file__).parent / "fonts"
_FILES = {
    "regular": ("PnpSans", "Vera.ttf"),
    "bold": ("PnpSans-Bold", "VeraBd.ttf"),
    "italic": ("PnpSans-Italic", "VeraIt.ttf"),
    "bolditalic": ("PnpSans-BoldItalic", "VeraBI.ttf"),
}


@cache
def font(style: str = "regular") -> str:
    """The registered name of the font for ``style`` (regular, bold, italic, bolditalic)."""
    name, file = _FILES[style]
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(_FONT_DIR / file)))
    return name


def width(text: str, style: str, size: float) -> float:
    """Width of ``text`` in points."""
    return pdfmetrics.stringWidth(text, font(style), size)


@cache
def _charset(style: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(font(style)).face.charToGlyph)


def missing(text: str, style: str) -> str:
    """The characters of ``text`` the font has no glyph for (they would print as boxes)."""
    chars = _charset(style)
    return "".join(sorted({ch for ch in text if ord(ch) not in chars and not ch.isspace()}))
