"""``pnp calibrate``: a one-sheet duplex test that measures a printer's back-side shift.

The front page has five crosshairs. The back page has, behind each crosshair (mirrored as
the flip mirrors it), a horizontal and a vertical scale in mm whose zero is where the
crosshair should fall. Held against a light, the front's lines cross the back's scales at
the readings X and Y: ``pnp build --back-offset X,Y`` moves every back page by that much,
which puts zero under the line. Readings are as seen on the back side: + is right and up.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm

from ..data.atomic import Target, staged
from ..data.errors import InputError
from ..layout.paper import Paper, parse_paper
from ..layout.sheet import mirrors_left_right
from . import fonts, furniture
from .colour import ink
from .sheets import new_canvas

SCALE_MM = 6  # each scale reads -6 .. +6 mm


def _targets(w: float, h: float) -> list[tuple[float, float]]:
    dx, dy = w / 2 - 40, h / 2 - 50
    cx, cy = w / 2, h / 2
    return [(cx, cy), (cx - dx, cy - dy), (cx + dx, cy - dy), (cx - dx, cy + dy), (cx + dx, cy + dy)]


def _text(c, x: float, y: float, lines: list[str], size: float = 8.5) -> None:
    c.setFont(fonts.font("regular"), size)
    c.setFillColor(ink("#111111"))
    for i, line in enumerate(lines):
        c.drawString(x * mm, (y - i * size * 0.45) * mm, line)


def write_calibration(out: Path, paper: Paper | str, duplex: str) -> Target:
    """Write the sheet to ``out``: a regular file is replaced whole (through a link, its
    target), a device or a pipe (``/dev/stdout``) written into (pnp.data.atomic); returns
    where it went."""
    out = Path(out)
    if out.is_dir():
        raise InputError(out, "is a folder; --out names the PDF file to write")
    with staged(out) as file:
        c = new_canvas(file.tmp, "pnp duplex calibration", duplex)
        _draw(c, paper, duplex)
        c.save()
    return file.target


def _draw(c, paper: Paper | str, duplex: str) -> None:
    """The sheet's two pages."""
    paper = parse_paper(paper)
    w, h = paper.size
    c.setPageSize((w * mm, h * mm))
    # front
    c.setStrokeColor(ink("#000000"))
    c.setLineWidth(0.2 * mm)
    for x, y in _targets(w, h):
        c.line((x - 15) * mm, y * mm, (x + 15) * mm, y * mm)
        c.line(x * mm, (y - 15) * mm, x * mm, (y + 15) * mm)
        c.circle(x * mm, y * mm, 2 * mm, stroke=1, fill=0)
    _text(c, 12, h - 14, [
        "pnp duplex calibration: FRONT",
        f"Print this file double-sided on {paper.name.upper()}, {duplex} flip, at 100% (actual size).",
        "Turn the sheet over and hold it against a window or a lamp.",
    ])
    # the 50 mm ruler every print page carries: a scaled print is seen before it is measured
    furniture.ruler(c, w / 2 - 30, 12, 60, furniture.RULER_HEIGHT)
    c.showPage()
    # back
    flip_x = mirrors_left_right(duplex, landscape=False)  # the card sheets' rule
    c.setPageSize((w * mm, h * mm))
    c.setLineWidth(0.15 * mm)
    for x, y in _targets(w, h):
        bx, by = (w - x, y) if flip_x else (x, h - y)
        # X scale above the target, Y scale to its right, apart so they never cross
        for i in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
            v = i / 2
            t = 3.0 if i % 6 == 0 else (2.2 if i % 2 == 0 else 1.2)
            c.line((bx + v) * mm, (by + 4) * mm, (bx + v) * mm, (by + 4 + t) * mm)
            c.line((bx + 8) * mm, (by + v) * mm, (bx + 8 + t) * mm, (by + v) * mm)
        c.setFont(fonts.font("regular"), 6)
        for v in range(-SCALE_MM, SCALE_MM + 1, 3):
            label = f"{v:+d}" if v else "0"
            # 3 mm apart, "+3" and "+6" side by side ran together: every other X label a row up
            c.drawCentredString((bx + v) * mm, (by + (7.8 if v % 6 == 0 else 10.6)) * mm, label)
            c.drawString((bx + 11.8) * mm, (by + v - 0.7) * mm, label)
        c.setFont(fonts.font("bold"), 6)
        c.drawCentredString(bx * mm, (by + 13.2) * mm, "X (mm)")
        c.drawString((bx + 16) * mm, (by - 0.7) * mm, "Y (mm)")
    _text(c, 12, h - 14, [
        "pnp duplex calibration: BACK",
        "Where the front's vertical line crosses the X scale is X; where its horizontal line",
        "crosses the Y scale is Y (both as read on this side: + is right and up).",
        "Then build with:  pnp build --back-offset X,Y   (for example --back-offset 1.5,-0.5)",
        "Each target should give the same reading; if not, your printer also scales or skews.",
    ])
    c.showPage()
