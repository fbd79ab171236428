"""Page furniture every printed page carries: the 50 mm calibration ruler and the footer.

Positions are in mm from the page's bottom-left corner; the caller finds the room (outside
whatever is cut out, inside the printer margin).
"""

from __future__ import annotations

from typing import Sequence


from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from ..layout.sheet import FOOTER_HEIGHT, RULER_HEIGHT  # the room sheets keep for them
from . import fonts, measured
from .colour import ink
from .measured import MIN_TEXT_PT

RULER_MM = 50
RULER_LINE = 0.2  # mm: the ruler's line width (tests find the ruler by it)
__all__ = ["FOOTER_HEIGHT", "RULER_HEIGHT", "RULER_MM", "footer", "ruler"]


def ruler(c: Canvas, x: float, y: float, w: float, h: float = RULER_HEIGHT) -> None:
    """A 50 mm ruler centred in the box (x, y, w, h), ticks every mm, labelled so a user can
    check that the printer did not scale the page."""
    with measured.furniture(c, "the 50 mm ruler"):
        _ruler(c, x, y, w, h)


# the ruler's caption, the fullest that fits its box's width at 6 pt
CAPTIONS = ("{n} mm: check with a ruler; print at 100% (actual size), not 'fit to page'",
            "{n} mm: print at 100% (actual size)", "{n} mm at 100%")
CAPTION_GAP = 0.6  # mm between the tallest tick and the caption's baseline: its descenders clear them
MIN_TICK = 1.0  # mm: the 10 mm ticks never shorter, whatever the room


def _ruler(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    length = min(RULER_MM, int(w))
    x0 = x + (w - length) / 2
    ascent = pdfmetrics.getAscentDescent(fonts.font("regular"), 1)[0] * MIN_TEXT_PT / mm  # mm
    # the caption at 6 pt above the ticks; the ticks give way for it, down to MIN_TICK
    tick_room = max(min(1.8, h - CAPTION_GAP - ascent), MIN_TICK)
    caption = next((t.format(n=length) for t in CAPTIONS
                    if fonts.width(t.format(n=length), "regular", MIN_TEXT_PT) <= w * mm), None)
    c.saveState()
    c.setStrokeColor(ink("#000000"))
    c.setLineWidth(RULER_LINE * mm)
    base = y * mm
    c.line(x0 * mm, base, (x0 + length) * mm, base)
    for i in range(length + 1):
        t = tick_room if i % 10 == 0 else tick_room * (0.65 if i % 5 == 0 else 0.35)
        c.line((x0 + i) * mm, base, (x0 + i) * mm, base + t * mm)
    if caption is not None and tick_room + CAPTION_GAP + ascent <= h + 1e-6:
        c.setFont(fonts.font("regular"), MIN_TEXT_PT)
        c.setFillColor(ink("#000000"))
        c.drawCentredString((x0 + length / 2) * mm, base + (tick_room + CAPTION_GAP) * mm, caption)
    c.restoreState()


FOOTER_LEADING = 1.2  # of the size: the distance between a two-line footer's baselines


def footer_lines(h: float) -> int:
    """How many lines of 6 pt a footer box ``h`` mm tall holds (one or two)."""
    ascent, descent = pdfmetrics.getAscentDescent(fonts.font("regular"), MIN_TEXT_PT)
    one = (ascent - descent) / mm + 0.1
    return 2 if h >= one + MIN_TEXT_PT * FOOTER_LEADING / mm else 1


def _broken(text: str, w: float, most: int) -> list[str] | None:
    """``text`` on at most ``most`` lines of ``w`` mm at 6 pt, broken only between its parts
    (" · "), the lines as even as they can be; None when it does not fit."""
    def width(s: str) -> float:
        return fonts.width(s, "regular", MIN_TEXT_PT) / mm

    if width(text) <= w:
        return [text]
    if most < 2:
        return None
    parts = text.split(" · ")
    splits = [(" · ".join(parts[:k]), " · ".join(parts[k:])) for k in range(1, len(parts))]
    fits = [pair for pair in splits if max(width(pair[0]), width(pair[1])) <= w]
    return list(min(fits, key=lambda pair: max(width(pair[0]), width(pair[1])))) if fits else None


def fitting(pages: Sequence[Sequence[str]], w: float, h: float = FOOTER_HEIGHT) -> int:
    """The first alternative (an index into each page's footers, `footer`) that fits a ``w`` x
    ``h`` mm box at `MIN_TEXT_PT` on every one of ``pages``, so a sheet's front and back read
    alike; the last when none does."""
    n, most = min(len(p) for p in pages), footer_lines(h)
    return next((i for i in range(n) if all(_broken(p[i], w, most) is not None for p in pages)), n - 1)


def footer(c: Canvas, text: str | Sequence[str], x: float, y: float, w: float, h: float = FOOTER_HEIGHT) -> None:
    """The footer ("Game · what is on the page · page k of n"), centred in the box: one line, or
    two where the box holds them (broken between its parts).

    ``text`` may be alternatives, the fullest first ("vision token ×47, mark of sol token ×12"
    before "61 tokens"): the first that fits the box at `MIN_TEXT_PT` is printed; when none
    does, the last is shrunk to fit one line (and the page's checks warn of it)."""
    texts = [text] if isinstance(text, str) else list(text)
    most = footer_lines(h)
    lines = next((b for b in (_broken(t, w, most) for t in texts) if b is not None), None)
    size = MIN_TEXT_PT
    if lines is None:
        lines = [texts[-1]]
        size = min(MIN_TEXT_PT, h / 0.3528 * 0.9)
        while size > 3.5 and fonts.width(lines[0], "regular", size) > w * mm:
            size -= 0.25
    with measured.furniture(c, "the footer"):
        c.saveState()
        c.setFont(fonts.font("regular"), size)
        c.setFillColor(ink("#333333"))
        # the last baseline above the box's bottom by the font's descent: descenders stay in it
        descent = -pdfmetrics.getAscentDescent(fonts.font("regular"), size)[1]
        for k, line in enumerate(lines):  # top down, as a reader (and a text extractor) reads them
            above = (len(lines) - 1 - k) * size * FOOTER_LEADING
            c.drawCentredString((x + w / 2) * mm, y * mm + descent + 0.1 * mm + above, line)
        c.restoreState()
