"""Game symbols (feelings, temperaments, energy colours...) drawn as vector shapes.

Their look is data (``symbols:`` in ``layouts/*.yaml``); this module only knows shapes.
"""

from __future__ import annotations

import math


from reportlab.pdfgen.canvas import Canvas

from ..layout.model import SymbolStyle
from . import fonts
from .colour import ink


def _polygon(c: Canvas, points: list[tuple[float, float]], fill: bool, stroke: bool) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.drawPath(path, fill=int(fill), stroke=int(stroke))


def _regular(cx: float, cy: float, r: float, n: int, start: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(start + 2 * math.pi * i / n), cy + r * math.sin(start + 2 * math.pi * i / n))
            for i in range(n)]


def draw_symbol(c: Canvas, style: SymbolStyle, cx: float, cy: float, d: float, label: str | None = None) -> None:
    """Draw ``style`` centred on (cx, cy) in a square of side ``d`` points.

    ``label`` (a number, say) replaces the style's glyph.
    """
    r = d / 2
    c.saveState()
    c.setFillColor(ink(style.fill))
    c.setStrokeColor(ink(style.stroke))
    c.setLineWidth(max(0.35, d * 0.06))
    shape = style.shape
    if shape == "circle":
        c.circle(cx, cy, r * 0.94, fill=1, stroke=1)
    elif shape == "ring":
        c.circle(cx, cy, r * 0.94, fill=1, stroke=1)
        c.setLineWidth(max(0.3, d * 0.05))
        c.circle(cx, cy, r * 0.68, fill=0, stroke=1)
    elif shape == "square":
        s = r * 0.82
        c.roundRect(cx - s, cy - s, 2 * s, 2 * s, s * 0.2, fill=1, stroke=1)
    elif shape == "diamond":
        _polygon(c, _regular(cx, cy, r * 0.98, 4, math.pi / 2), True, True)
    elif shape == "triangle":
        _polygon(c, _regular(cx, cy - r * 0.12, r * 1.02, 3, math.pi / 2), True, True)
    elif shape == "hexagon":
        _polygon(c, _regular(cx, cy, r * 0.96, 6, 0), True, True)
    elif shape == "star":
        pts = []
        for i in range(10):
            rr = r * (0.98 if i % 2 == 0 else 0.45)
            a = math.pi / 2 + i * math.pi / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        _polygon(c, pts, True, True)
    elif shape == "drop":
        path = c.beginPath()
        path.moveTo(cx, cy + r * 0.98)
        path.curveTo(cx + r * 0.2, cy + r * 0.5, cx + r * 0.8, cy + r * 0.05, cx + r * 0.8, cy - r * 0.25)
        path.curveTo(cx + r * 0.8, cy - r * 0.75, cx + r * 0.4, cy - r * 0.98, cx, cy - r * 0.98)
        path.curveTo(cx - r * 0.4, cy - r * 0.98, cx - r * 0.8, cy - r * 0.75, cx - r * 0.8, cy - r * 0.25)
        path.curveTo(cx - r * 0.8, cy + r * 0.05, cx - r * 0.2, cy + r * 0.5, cx, cy + r * 0.98)
        path.close()
        c.drawPath(path, fill=1, stroke=1)
    text = label if label is not None else style.glyph
    if text:
        name = fonts.font("bold")
        # a star's glyph stays inside its inner pentagon (0.45 of the radius): a larger one
        # ran into the arms' outline (the relic star's "1")
        size = d * (0.45 if shape == "star" else 0.62 if len(text) == 1 else 0.5)
        room = d * (0.62 if shape in ("triangle", "star", "drop") else 0.78)  # the shape's inner width
        size = min(size, size * room / max(fonts.width(text, "bold", size), 1e-6))
        c.setFillColor(ink(style.glyph_colour))
        baseline = cy - size * 0.36 - (r * 0.12 if shape == "triangle" else 0)
        c.setFont(name, size)
        c.drawCentredString(cx, baseline, text)
    c.restoreState()


def fallback_style(name: str) -> SymbolStyle:
    """A neutral circle with the name's initial, for a symbol no layout defines."""
    return SymbolStyle(shape="circle", fill="#9a9a9a", glyph=(name[:1] or "?").upper())
