"""Fonts: Bitstream Vera, shipped with reportlab, for text, and Source Serif Pro Bold (SIL Open
Font License, from the PyPI package font-source-serif-pro; docs/licences/) for titles
(``font: title``), registered as TrueType so every PDF embeds (a subset of) them and prints
the same on any machine.

A publisher's font (a layout file's `fonts:`, checked by pnp/layout/fontfile.py) is known by
its content, not by its file's path: its registered name and the name the PDF gives it
(``BaseFont``) carry a digest of its bytes. So a font file replaced while ``pnp build --watch``
runs is read again (issue 28, point 15), and a font of one's own whose internal PostScript name
is a bundled font's (a copy of Vera.ttf, edited) is embedded as a font of its own: reportlab
files dynamic fonts by that internal name and would otherwise print the first one registered
under it for both (issue 28, point 17)."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import font_source_serif_pro  # type: ignore[import-untyped]
import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.layout.fontfile import FontSource, read_font

_FONT_DIR = Path(reportlab.__file__).parent / "fonts"
_FILES = {
    "regular": ("PnpSans", _FONT_DIR / "Vera.ttf"),
    "bold": ("PnpSans-Bold", _FONT_DIR / "VeraBd.ttf"),
    "italic": ("PnpSans-Italic", _FONT_DIR / "VeraIt.ttf"),
    "bolditalic": ("PnpSans-BoldItalic", _FONT_DIR / "VeraBI.ttf"),
    "title": ("PnpSerif-Bold", Path(font_source_serif_pro.font_directory) / "SourceSerifPro-Bold.ttf"),
}
SUBSET = 256  # the characters of one subset, as reportlab embeds them

# a publisher's fonts (a layout file's `fonts:`), by the name layouts use: checked (a FontSource),
# or a file named by itself, read and checked when first drawn
_DECLARED: dict[str, FontSource | Path] = {}
_PREPARED: dict[str, TTFont] = {}  # reportlab's fonts of the declared sources, by their content's digest


def _key(source: FontSource | Path | None) -> object:
    return (source.file, source.digest) if isinstance(source, FontSource) else source


def declare(name: str, file: FontSource | Path) -> None:
    """A layout file's font: read by reportlab and tried as the PDF will embed it (a font that
    cannot be is refused here, at the line declaring it); registered when first drawn."""
    if isinstance(file, FontSource):
        _prepared(file)
    if _key(_DECLARED.get(name)) != _key(file):
        _DECLARED[name] = file
        font.cache_clear()
        _charset.cache_clear()
        _forget_unused()


def _forget_unused() -> None:
    """Fonts no declared name uses any more (an earlier version of a file --watch saw change)
    leave reportlab's registry, so a long session does not keep every version in memory."""
    used = {s.digest for s in _DECLARED.values() if isinstance(s, FontSource)}
    for digest in [d for d in _PREPARED if d not in used]:
        _PREPARED.pop(digest).unregister()


def _prepared(source: FontSource) -> TTFont:
    """reportlab's font of ``source``, once per content: read, given a name of its own, and
    subset for every glyph its character map reaches, as saving a PDF subsets it."""
    if source.digest in _PREPARED:
        return _PREPARED[source.digest]
    data = io.BytesIO(source.data)
    data.name = str(source.file)  # type: ignore[attr-defined]  # what reportlab's messages name
    try:
        tt = TTFont(f"PnpUser-{source.digest[:16]}", data)
        face = tt.face
        # the name the PDF gives the font (BaseFont "AAAAAA+NAME") and reportlab files it by: the
        # font's own PostScript name, made its own by its digest
        face.name = b"%s-%s" % (face.name[:40], source.digest[:8].encode())
        glyphs = face.numGlyphs
        bad = next((c for c, g in face.charToGlyph.items() if not 0 <= g < glyphs), None)
        if bad is not None:
            raise ValueError(f"its character map maps U+{bad:04X} to glyph {face.charToGlyph[bad]}, and the font "
                             f"has {glyphs} glyphs")
        one_code_a_glyph = sorted({g: c for c, g in sorted(face.charToGlyph.items(), reverse=True)}.values())
        for i in range(0, len(one_code_a_glyph), SUBSET):
            face.makeSubset(one_code_a_glyph[i:i + SUBSET])
    except Exception as exc:  # reportlab's TTFError and what a broken file raises
        from pnp.data.atomic import check_interrupted

        check_interrupted()  # reportlab's bare except turns a Ctrl-C into a TTFError
        text = str(exc).strip() or type(exc).__name__
        raise source.error(f"cannot be embedded in a PDF: {text[:200]}") from None
    _PREPARED[source.digest] = tt
    return tt


@cache
def font(style: str = "regular") -> str:
    """The registered name of the font for ``style``: regular, bold, italic, bolditalic, or a
    font a layout file declared (`declare`)."""
    if style in _DECLARED:
        source = _DECLARED[style]
        if not isinstance(source, FontSource):  # a file named by itself: read and checked now
            source = read_font(source, style)
        tt = _prepared(source)
        if tt.fontName not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(tt)
        return str(tt.fontName)
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
