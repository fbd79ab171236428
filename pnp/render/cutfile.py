"""Cut files for a cutting machine: the card outlines of one sheet as SVG (Silhouette Studio
Designer Edition, Cricut Design Space, Inkscape) and as DXF (R12, which Silhouette Studio's
basic edition imports). Both are the page as printed, in mm, so the outlines land on the
cards when the file is placed at the page's top-left corner; the DXF says its units are
millimetres. Outlines are rounded rectangles (``CUT_RADIUS``), one closed path per card.
"""

from __future__ import annotations

import math

from ..layout.cutter import CUT_RADIUS
from ..layout.sheet import Rect


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def svg(page_w: float, page_h: float, outlines: list[Rect], radius: float = CUT_RADIUS) -> str:
    """An SVG of the page (y down, as SVG is) with one red hairline outline per card."""
    rows = []
    for r in outlines:
        y = page_h - r.top  # the card's top edge, measured down from the page's top
        rows.append(f'  <rect x="{_n(r.x)}" y="{_n(y)}" width="{_n(r.w)}" height="{_n(r.h)}" '
                    f'rx="{_n(radius)}" ry="{_n(radius)}"/>')
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(page_w)}mm" height="{_n(page_h)}mm" '
            f'viewBox="0 0 {_n(page_w)} {_n(page_h)}">\n'
            '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">\n' + "\n".join(rows) + "\n</g>\n</svg>\n")


def dxf(page_w: float, page_h: float, outlines: list[Rect], radius: float = CUT_RADIUS) -> str:
    """A DXF R12 of the outlines (y up, origin at the page's bottom-left): for each card four
    LINEs and four ARCs on the layer CUT."""
    out = ["0", "SECTION", "2", "HEADER",
           "9", "$ACADVER", "1", "AC1009",
           "9", "$INSUNITS", "70", "4",  # millimetres
           "9", "$MEASUREMENT", "70", "1",  # metric
           "9", "$EXTMIN", "10", "0", "20", "0",
           "9", "$EXTMAX", "10", _n(page_w), "20", _n(page_h),
           "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]

    def line(x0: float, y0: float, x1: float, y1: float) -> None:
        out.extend(["0", "LINE", "8", "CUT", "10", _n(x0), "20", _n(y0), "11", _n(x1), "21", _n(y1)])

    def arc(cx: float, cy: float, start: float) -> None:
        out.extend(["0", "ARC", "8", "CUT", "10", _n(cx), "20", _n(cy), "40", _n(radius),
                    "50", _n(start), "51", _n(math.fmod(start + 90, 360))])

    for r in outlines:
        k = radius
        line(r.x + k, r.y, r.right - k, r.y)
        line(r.right, r.y + k, r.right, r.top - k)
        line(r.right - k, r.top, r.x + k, r.top)
        line(r.x, r.top - k, r.x, r.y + k)
        arc(r.right - k, r.y + k, 270)
        arc(r.right - k, r.top - k, 0)
        arc(r.x + k, r.top - k, 90)
        arc(r.x + k, r.y + k, 180)
    out.extend(["0", "ENDSEC", "0", "EOF"])
    return "\n".join(out) + "\n"
