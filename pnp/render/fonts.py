"""Fonts: Bitstream Vera, shipped with reportlab, for text, and Source Serif Pro Bold (SIL Open
Font License, from the PyPI package font-source-serif-pro; docs/licences/) for titles
(``font: title``), registered as TrueType so every PDF embeds (a subset of) them and prints
the same on any machine."""

from __future__ import annotations

import io
import zlib
from functools import cache
from pathlib import Path

import font_source_serif_pro  # type: ignore[import-untyped]
import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

_FONT_DIR = Path(reportlab.__file__).parent / "fonts"
_FILES = {
    "regular": ("PnpSans", _FONT_DIR / "Vera.ttf"),
    "bold": ("PnpSans-Bold", _FONT_DIR / "VeraBd.ttf"),
    "italic": ("PnpSans-Italic", _FONT_DIR / "VeraIt.ttf"),
    "bolditalic": ("PnpSans-BoldItalic", _FONT_DIR / "VeraBI.ttf"),
    "title": ("PnpSerif-Bold", Path(font_source_serif_pro.font_directory) / "SourceSerifPro-Bold.ttf"),
}


_DECLARED: dict[str, Path] = {}  # a publisher's fonts (a layout file's `fonts:`), by the name layouts use


def declare(name: str, file: Path) -> None:
    """A layout file's font: registered (and embedded, subset) when first drawn."""
    if _DECLARED.get(name) != file:
        _DECLARED[name] = file
        font.cache_clear()
        _charset.cache_clear()


@cache
def font(style: str = "regular") -> str:
    """The registered name of the font for ``style``: regular, bold, italic, bolditalic, or a
    font a layout file declared (`declare`)."""
    if style in _DECLARED:
        file = _DECLARED[style]
        name = f"PnpUser-{style}-{zlib.crc32(str(file).encode()) % 10**6}"  # the same on every build
    else:
        name, file = _FILES[style]
    if name not in pdfmetrics.getRegisteredFontNames():
        from pnp.data.errors import InputError
        from pnp.data.yamlsafe import read_bytes_checked
        from pnp.layout.fontfile import MAX_FONT_BYTES

        data = io.BytesIO(read_bytes_checked(file, MAX_FONT_BYTES, "font file"))  # a regular file, bounded
        data.name = str(file)  # type: ignore[attr-defined]  # what reportlab's messages name
        try:
            pdfmetrics.registerFont(TTFont(name, data))
        except Exception as exc:  # reportlab's TTFError and what a broken file raises
            from pnp.data.atomic import check_interrupted

            check_interrupted()  # reportlab's bare except turns a Ctrl-C into a TTFError
            raise InputError(file, f"cannot use this font: {exc}") from None
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
