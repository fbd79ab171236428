"""Page furniture every printed page carries: the 50 mm calibration ruler and the footer.

Positions are in mm from the page's bottom-left corner; the caller finds the room (outside
whatever is cut out, inside the printer margin).
"""

from __future__ import annotations


from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..layout.sheet import FOOTER_HEIGHT, RULER_HEIGHT  # the room sheets keep for them
from . import fonts
from .colour import ink

RULER_MM = 50
RULER_LINE = 0.2  # mm: the ruler's line width (tests find the ruler by it)
__all__ = ["FOOTER_HEIGHT", "RULER_HEIGHT", "RULER_MM", "footer", "ruler"]


def ruler(c: Canvas, x: float, y: float, w: float, h: float = RULER_HEIGHT) -> None:
    """A 50 mm ruler centred in the box (x, y, w, h), ticks every mm, labelled so a user can
    check that the printer did not scale the page."""
    length = min(RULER_MM, w)
    x0 = x + (w - length) / 2
    c.saveState()
    c.setStrokeColor(ink("#000000"))
    c.setLineWidth(RULER_LINE * mm)
    base = y * mm
    tick_room = min(2.0, h * 0.45)
    c.line(x0 * mm, base, (x0 + length) * mm, base)
    for i in range(int(length) + 1):
        t = tick_room if i % 10 == 0 else tick_room * (0.65 if i % 5 == 0 else 0.35)
        c.line((x0 + i) * mm, base, (x0 + i) * mm, base + t * mm)
    size = min(5.0, (h - tick_room - 0.3) / 0.3528 * 0.95)
    if size >= 3.5:
        c.setFont(fonts.font("regular"), size)
        c.setFillColor(ink("#000000"))
        c.drawCentredString((x0 + length / 2) * mm, base + (tick_room + 0.4) * mm,
                            f"{RULER_MM} mm: check with a ruler; print at 100% (actual size), not 'fit to page'")
    c.restoreState()


def footer(c: Canvas, text: str, x: float, y: float, w: float, h: float = FOOTER_HEIGHT) -> None:
    """The footer line ("Game · what is on the page · page k of n"), centred in the box and
    shrunk to fit its width."""
    size = min(6.0, h / 0.3528 * 0.9)
    while size > 3.5 and fonts.width(text, "regular", size) > w * mm:
        size -= 0.25
    c.saveState()
    c.setFont(fonts.font("regular"), size)
    c.setFillColor(ink("#333333"))
    c.drawCentredString((x + w / 2) * mm, y * mm + 0.3 * mm, text)
    c.restoreState()
