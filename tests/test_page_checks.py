"""The checks of every printed page (docs/layouts.md, "Checks of every build"), two ways.

Measured in the PDFs, with pdfium's own reading of each file (pypdfium2), never with what
the build's canvas noted while drawing (pnp/render/measured.py), so a fault in those notes
cannot hide a fault on the page: over every page of every bundled PDF on A4 and Letter, and
over a game of one's own built at many card sizes (with ``--cutter silhouette`` and
``--gutter 0`` too),

* every character prints at 6 pt at least, its size as printed: the font size set times the
  scale of the text matrix, the page's transformation and every form it is placed through
  (a card's face scaled to a preset, a token's design to its diameter);
* nothing is inked within 5 mm of the page's edge: the strips along the four edges rendered
  at 20 px/mm, every pixel of a 4.95 mm band pure white (the last pixel, 0.05 mm, is left to
  the anti-aliasing of ink laid exactly on the 5 mm line): ink 0.05 mm into the margin shows;
* no character's box (its font's ascent to descent) comes within 1 mm of a crop mark, a
  corner or fold mark, a token's cutting guide, a board's registration cross or a cutting
  machine's registration mark.

And the checks fire: through ``pnp build --strict`` (a text of 1.8:1 contrast, a text at
5 pt), and in `pagecheck.problems` over pages made by hand or drawn on a `MeasuredCanvas`
(ink in the margin, a text 0.5 mm from a mark, furniture at 5 pt, pages grouped).
"""

from __future__ import annotations

import ctypes
import io
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from moonwell import LAYOUTS, SPELLS, write_game
from pdfmeasure import PT
from pnp.cli import app
from pnp.games import GAMES
from pnp.layout.sheet import MIN_MARGIN
from pnp.render import fonts, measured, pagecheck
from pnp.render.boards import CROSS_CASING, CROSS_LINE
from pnp.render.measured import MIN_TEXT_PT, Drawn, Page
from pnp.render.pagecheck import MARK_CLEAR
from pnp.render.sheets import MARK_WIDTH
from pnp.render.tokens import GUIDE_COLOUR, GUIDE_WIDTH

PAPERS = ["a4", "letter"]
PX_PER_MM = 20.0  # the renders of the margin test: pixels of 0.05 mm
BAND = 4.95  # mm of each page edge that must render white: the margin less a pixel of anti-aliasing
SIZE_TOLERANCE = 0.01  # pt: the PDF's numbers are written to a few decimals
GAP_TOLERANCE = 0.02  # mm: pdfium's font descent (the file's) and reportlab's differ by 0.01 mm
runner = CliRunner()


# --- reading a page as pdfium does ------------------------------------------------------------


@dataclass(frozen=True)
class Char:
    """A character as printed: its size in pt, its box (x0, y0, x1, y1) in mm from the page's
    bottom left, the font's ascent to its descent; ``own``: drawn on the page itself, not in a
    form (a card's face, a token's design, a board's picture are forms)."""

    text: str
    size: float
    box: tuple[float, float, float, float]
    own: bool

    def where(self) -> str:
        x0, y0, x1, y1 = self.box
        return f"{self.text!r} at {self.size:.2f} pt, x {x0:.1f}-{x1:.1f} mm, y {y0:.1f}-{y1:.1f} mm"


@dataclass(frozen=True)
class Mark:
    """A mark to cut or register on, drawn on the page itself: what it is, its straight
    pieces (curves flattened) in mm, clipped as printed, and half its line's width."""

    kind: str
    pieces: tuple[tuple[float, float, float, float], ...]
    half: float


def _handle(p) -> int:
    return ctypes.cast(p, ctypes.c_void_p).value or 0


def _colour(obj, stroke: bool) -> str:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    get = pdfium_c.FPDFPageObj_GetStrokeColor if stroke else pdfium_c.FPDFPageObj_GetFillColor
    get(obj, r, g, b, a)
    return "#%02x%02x%02x" % (r.value, g.value, b.value)


def _point(segment) -> tuple[float, float]:
    x, y = ctypes.c_float(), ctypes.c_float()
    pdfium_c.FPDFPathSegment_GetPoint(segment, x, y)
    return x.value, y.value


def chars_of(page: pdfium.PdfPage) -> list[Char]:
    """Every character that prints (pdfium's text page: forms included, spaces it makes up
    and white space left out)."""
    own = {_handle(o.raw) for o in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_TEXT,), max_depth=0)}
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        if pdfium_c.FPDFText_IsGenerated(text.raw, i) == 1:
            continue
        ch = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i))
        if not ch.strip():
            continue
        m = pdfium_c.FS_MATRIX()
        pdfium_c.FPDFText_GetMatrix(text.raw, i, m)  # the text matrix times every transformation over it
        # an em as printed: the size set, times the length the matrix gives the em's upright
        size = pdfium_c.FPDFText_GetFontSize(text.raw, i) * math.hypot(m.c, m.d)
        r = pdfium_c.FS_RECTF()
        pdfium_c.FPDFText_GetLooseCharBox(text.raw, i, r)  # the font's ascent to descent, turned with it
        out.append(Char(ch, size, (r.left / PT, r.bottom / PT, r.right / PT, r.top / PT),
                        _handle(pdfium_c.FPDFText_GetTextObject(text.raw, i)) in own))
    return out


def _mark_kind(obj, width: float) -> str | None:
    """What a path drawn on the page is to a user cutting or a machine registering, by its
    line (width in mm) and colour; None for the rest (a ruler, a glue strip, a screen's art)."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(obj, fill, stroke)
    if stroke.value:
        colour = _colour(obj, True)
        if abs(width - MARK_WIDTH) < 0.005 and colour == "#000000":
            return "crop mark"  # a card sheet's, a board tile's, a screen's corner and fold marks
        if (abs(width - CROSS_LINE) < 0.005 and colour == "#000000"
                or abs(width - CROSS_CASING) < 0.005 and colour == "#ffffff"):
            return "registration cross"
        if abs(width - GUIDE_WIDTH) < 0.005 and colour == GUIDE_COLOUR:
            return "cutting guide"
        return None
    if fill.value and _colour(obj, False) == "#000000":
        return "registration mark"  # a cutting machine's, filled black
    return None


def _clip_box(obj) -> tuple[float, float, float, float] | None:
    """The box of what the object's clip lets through, mm (the clips pnp sets are rectangles)."""
    clip = pdfium_c.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return None
    box = None
    for i in range(pdfium_c.FPDFClipPath_CountPaths(clip)):
        points = [_point(pdfium_c.FPDFClipPath_GetPathSegment(clip, i, k))
                  for k in range(pdfium_c.FPDFClipPath_CountPathSegments(clip, i))]
        if points:
            xs, ys = [x / PT for x, _ in points], [y / PT for _, y in points]
            b = (min(xs), min(ys), max(xs), max(ys))
            box = b if box is None else (max(box[0], b[0]), max(box[1], b[1]), min(box[2], b[2]), min(box[3], b[3]))
    return box


def _clipped(piece, box):
    """The part of a straight piece inside ``box`` (Liang-Barsky), or None."""
    if box is None:
        return piece
    x0, y0, x1, y1 = piece
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return None
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return (x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy) if t0 <= t1 else None


def marks_of(page: pdfium.PdfPage) -> list[Mark]:
    """The marks drawn on the page itself, each path's pieces in mm."""
    out = []
    for obj in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,), max_depth=0):
        h = obj.raw
        a, b, c, d, e, f = obj.get_matrix().get()
        w = ctypes.c_float()
        pdfium_c.FPDFPageObj_GetStrokeWidth(h, w)
        width = w.value * math.sqrt(abs(a * d - b * c)) / PT
        kind = _mark_kind(h, width)
        if kind is None:
            continue
        stroke = kind != "registration mark"

        def on_page(x: float, y: float) -> tuple[float, float]:
            return (a * x + c * y + e) / PT, (b * x + d * y + f) / PT

        pieces, here, start, controls = [], (0.0, 0.0), (0.0, 0.0), []
        for k in range(pdfium_c.FPDFPath_CountSegments(h)):
            seg = pdfium_c.FPDFPath_GetPathSegment(h, k)
            p = on_page(*_point(seg))
            kind_of = pdfium_c.FPDFPathSegment_GetType(seg)
            if kind_of == pdfium_c.FPDF_SEGMENT_MOVETO:
                here = start = p
            elif kind_of == pdfium_c.FPDF_SEGMENT_LINETO:
                pieces.append((*here, *p))
                here = p
            elif kind_of == pdfium_c.FPDF_SEGMENT_BEZIERTO:
                controls.append(p)
                if len(controls) == 3:  # flattened in 16: a 20 mm circle's chords stray 0.01 mm
                    (c1, c2, end), controls = controls, []
                    prev = here
                    for j in range(1, 17):
                        t = j / 16
                        u = 1 - t
                        q = tuple(u ** 3 * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t ** 3 * p3
                                  for p0, p1, p2, p3 in zip(here, c1, c2, end))
                        pieces.append((*prev, *q))
                        prev = q
                    here = end
            if pdfium_c.FPDFPathSegment_GetClose(seg) and here != start:
                pieces.append((*here, *start))
                here = start
        box = _clip_box(h)
        kept = tuple(p for p in (_clipped(piece, box) for piece in pieces) if p is not None)
        if kept:
            out.append(Mark(kind, kept, width / 2 if stroke else 0.0))
    return out


def gaps(boxes: np.ndarray, pieces: np.ndarray) -> np.ndarray:
    """The distance (mm) between each box (N x 4: x0, y0, x1, y1) and each straight piece
    (M x 4: x0, y0, x1, y1), 0 where they touch or cross: N x M."""
    bx0, by0, bx1, by1 = (boxes[:, None, k] for k in range(4))
    sx0, sy0, sx1, sy1 = (pieces[None, :, k] for k in range(4))
    vx, vy = sx1 - sx0, sy1 - sy0
    length2 = vx * vx + vy * vy
    safe = np.where(length2 > 0, length2, 1.0)

    def point_to_box(px, py):
        return np.hypot(np.maximum(np.maximum(bx0 - px, px - bx1), 0), np.maximum(np.maximum(by0 - py, py - by1), 0))

    def point_to_piece(px, py):
        t = np.clip(((px - sx0) * vx + (py - sy0) * vy) / safe, 0, 1)
        return np.hypot(px - (sx0 + t * vx), py - (sy0 + t * vy))

    # two convex shapes apart: their nearest points include a corner of one of them
    d = np.minimum(point_to_box(sx0, sy0), point_to_box(sx1, sy1))
    for cx, cy in ((bx0, by0), (bx1, by0), (bx0, by1), (bx1, by1)):
        d = np.minimum(d, point_to_piece(cx, cy))
    # a piece through the box (Liang-Barsky): 0
    t0, t1 = np.zeros(d.shape), np.ones(d.shape)
    crosses = np.ones(d.shape, bool)
    for p, q in ((-vx, sx0 - bx0), (vx, bx1 - sx0), (-vy, sy0 - by0), (vy, by1 - sy0)):
        p = np.broadcast_to(p, d.shape)
        level = p == 0
        crosses &= ~(level & (q < 0))
        r = q / np.where(level, 1.0, p)
        t0 = np.where(~level & (p < 0), np.maximum(t0, r), t0)
        t1 = np.where(~level & (p > 0), np.minimum(t1, r), t1)
    return np.where(crosses & (t0 <= t1), 0.0, d)


def near_marks(chars: list[Char], marks: list[Mark]) -> list[tuple[Char, str, float]]:
    """Each character within `MARK_CLEAR` of a mark's line, with the nearest such mark and
    the distance (mm).

    A board's registration crosses stand on the picture by design (black on a white casing,
    to show on any art), on the part of it that is lost: the glue strip under the next tile,
    the margin the tile on top is cut from. Only the page's own text must keep clear of them."""
    if not chars or not marks:
        return []
    boxes = np.array([c.box for c in chars])
    own = np.array([c.own for c in chars])
    nearest: dict[int, tuple[str, float]] = {}
    for m in marks:
        pieces = np.array(m.pieces)
        reach = m.half + MARK_CLEAR
        # the characters whose box comes near the mark's at all, then their distance to its line
        near = ((boxes[:, 0] < pieces[:, [0, 2]].max() + reach) & (boxes[:, 2] > pieces[:, [0, 2]].min() - reach)
                & (boxes[:, 1] < pieces[:, [1, 3]].max() + reach) & (boxes[:, 3] > pieces[:, [1, 3]].min() - reach))
        if m.kind == "registration cross":
            near &= own
        for i in np.nonzero(near)[0]:
            gap = float(gaps(boxes[i:i + 1], pieces).min()) - m.half
            if gap < MARK_CLEAR - GAP_TOLERANCE and (i not in nearest or gap < nearest[i][1]):
                nearest[i] = (m.kind, gap)
    return [(chars[i], kind, gap) for i, (kind, gap) in sorted(nearest.items())]


def margin_ink(page: pdfium.PdfPage) -> dict[str, float]:
    """Each edge whose `BAND` renders anything but pure white, and how near that edge the ink
    comes (mm). The four strips along the edges are rendered at `PX_PER_MM` (pdfium draws
    only what falls in them: fast at any resolution)."""
    w, h = page.get_size()
    scale = PX_PER_MM / PT
    per_x, per_y = math.ceil(w * scale) / (w / PT), math.ceil(h * scale) / (h / PT)  # the page fills whole pixels
    keep = (MIN_MARGIN + 0.5) * PT  # the strips rendered: a little more than the margin
    found = {}
    for side, crop in (("left", (0, 0, w - keep, 0)), ("right", (w - keep, 0, 0, 0)),
                       ("top", (0, h - keep, 0, 0)), ("bottom", (0, 0, 0, h - keep))):
        pixels = page.render(scale=scale, crop=crop).to_numpy()
        # whether each column (left, right) or row (top, bottom) of the strip holds ink, by
        # its darkest channel of any pixel
        darkest = pixels.min(axis=0).min(axis=1) if side in ("left", "right") else \
            pixels.reshape(pixels.shape[0], -1).min(axis=1)
        profile = darkest < 255
        profile = profile[::-1] if side in ("right", "bottom") else profile
        per = per_x if side in ("left", "right") else per_y
        hit = np.nonzero(profile[:int(BAND * per)])[0]
        if hit.size:
            found[side] = round(hit[0] / per, 2)
    return found


@dataclass
class PageFacts:
    number: int
    chars: list[Char]
    marks: list[Mark]


@cache
def read(path: Path) -> list[PageFacts]:
    """The characters and the marks of every page of ``path``."""
    pdf = pdfium.PdfDocument(path)
    try:
        return [PageFacts(i + 1, chars_of(page), marks_of(page)) for i, page in enumerate(pdf)]
    finally:
        pdf.close()


def small_text(path: Path) -> list[str]:
    return [f"{path.name} page {p.number}: {c.where()}"
            for p in read(path) for c in p.chars if c.size < MIN_TEXT_PT - SIZE_TOLERANCE]


def inked_margins(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(path)
    try:
        return [f"{path.name} page {i + 1}: ink {near:.2f} mm from the {side} edge"
                for i, page in enumerate(pdf) for side, near in margin_ink(page).items()]
    finally:
        pdf.close()


def text_near_marks(path: Path) -> list[str]:
    return [f"{path.name} page {p.number}: {c.where()} is {gap:.2f} mm from a {kind}"
            for p in read(path) for c, kind, gap in near_marks(p.chars, p.marks)]


def mark_count(path: Path) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in read(path):
        for m in p.marks:
            counts[m.kind] = counts.get(m.kind, 0) + 1
    return counts


# --- the instrument, on a page of known text, ink and marks ------------------------------------


def known_page(path: Path) -> None:
    """A 150 mm page: a text at 6 pt as printed six ways and one at 5 pt; ink 4.9 mm and 5 mm
    from an edge; a text 0.9 mm from a crop mark and 1.1 mm from another, one 0.5 mm from a
    cutting guide, one 0.5 mm from a cutting machine's mark, one clear of a cross's arm only
    once the arm is clipped, and a form's text under a cross."""
    font = fonts.font("regular")
    c = Canvas(str(path), pagesize=(150 * mm, 150 * mm))

    def at(x: float, y: float, angle: float = 0.0, scale: float = 1.0):
        c.saveState()
        c.translate(x * mm, y * mm)
        c.rotate(angle)
        c.scale(scale, scale)

    c.setFont(font, 6)
    c.drawString(20 * mm, 20 * mm, "Plain")
    at(10, 40, 90)
    c.drawString(0, 0, "Turned")
    c.restoreState()
    at(20, 40, 30)
    c.drawString(0, 0, "Slanted")
    c.restoreState()
    at(20, 60, scale=0.5)
    c.setFont(font, 12)
    c.drawString(0, 0, "Halved")
    c.restoreState()
    t = c.beginText()
    t.setTextTransform(0.25, 0, 0, 0.25, 20 * mm, 70 * mm)  # the text matrix scales it
    t.setFont(font, 24)
    t.textLine("Matrix")
    c.drawText(t)
    c.beginForm("inner")
    c.setFont(font, 10)
    c.drawString(0, 0, "Nested")
    c.endForm()
    c.beginForm("outer")
    at(0, 0, scale=0.8)
    c.doForm("inner")
    c.restoreState()
    c.endForm()
    at(20, 80, scale=0.75)  # 10 pt x 0.8 x 0.75
    c.doForm("outer")
    c.restoreState()
    c.setFont(font, 5)
    c.drawString(20 * mm, 100 * mm, "Small")
    c.setFont(font, 6)

    c.rect(4.9 * mm, 110 * mm, 10 * mm, 10 * mm, stroke=0, fill=1)  # 0.1 mm into the left margin
    c.rect(135 * mm, 110 * mm, 10 * mm, 10 * mm, stroke=0, fill=1)  # up to the right one
    c.setLineWidth(0.2 * mm)
    c.line(40 * mm, 5.1 * mm, 100 * mm, 5.1 * mm)  # a hairline whose edge lies on the bottom one

    ascent = fonts.pdfmetrics.getAscentDescent(font, 6)[0] / mm
    c.drawString(80 * mm, 20 * mm, "Near")
    right = 80 + fonts.width("Near", "regular", 6) / mm
    c.setLineWidth(MARK_WIDTH * mm)
    for x in (80 - 0.9 - MARK_WIDTH / 2, right + 1.1 + MARK_WIDTH / 2):
        c.line(x * mm, 10 * mm, x * mm, 30 * mm)
    c.drawString(80 * mm, 35 * mm, "Guide")
    c.setStrokeColor(GUIDE_COLOUR)
    c.setLineWidth(GUIDE_WIDTH * mm)
    c.circle(85 * mm, (35 + ascent + 0.5 + GUIDE_WIDTH / 2 + 10) * mm, 10 * mm, stroke=1, fill=0)
    c.drawString(80 * mm, 60 * mm, "Cutter")
    right = 80 + fonts.width("Cutter", "regular", 6) / mm
    c.rect((right + 0.5) * mm, 55 * mm, 1 * mm, 10 * mm, stroke=0, fill=1)
    c.drawString(80 * mm, 80 * mm, "Clear")
    c.beginForm("art")
    c.setFont(font, 6)
    c.drawString(0, 0, "Art")
    c.endForm()
    at(80, 90)
    c.doForm("art")
    c.restoreState()
    c.saveState()
    p = c.beginPath()
    p.rect(0, 0, 150 * mm, 78 * mm)  # the arm below stops 1.5 mm short of "Clear" (its descent at 79.5)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColor("#000000")
    c.setLineWidth(CROSS_LINE * mm)
    c.line(81 * mm, 70 * mm, 81 * mm, 95 * mm)  # and would run through it, and through "Art"
    c.restoreState()
    c.showPage()
    c.save()


def test_the_instrument_measures_a_page_of_known_text_ink_and_marks(tmp_path):
    path = tmp_path / "known.pdf"
    known_page(path)
    pdf = pdfium.PdfDocument(path)
    page = pdf[0]
    chars = chars_of(page)
    assert "".join(c.text for c in chars).count("Plain") == 1
    for word in ("Turned", "Slanted", "Halved", "Matrix", "Nested", "Small", "Art"):
        assert word in "".join(c.text for c in chars)  # turned, scaled, in forms: every one read
    small = [c for c in chars if c.size < MIN_TEXT_PT - SIZE_TOLERANCE]
    assert "".join(c.text for c in small) == "Small" and {round(c.size, 3) for c in small} == {5.0}
    assert {round(c.size, 3) for c in chars if c not in small} == {6.0}
    assert {c.text for c in chars if not c.own} == set("NestedArt")  # the forms' characters

    # pdfplumber's `size` is the height of its box: the advance of a turned character, more
    # than the size of a slanted one (a turned or slanted 5 pt text would pass as 6 pt)
    with pdfplumber.open(path) as plumbed:
        read_chars = plumbed.pages[0].chars
    upright = {round(ch["size"], 2) for ch in read_chars if ch["matrix"][1:3] == (0, 0)}
    turned = [ch for ch in read_chars if ch["matrix"][:2] == (0, 1)]
    slanted = [ch for ch in read_chars if 0 < ch["matrix"][1] < 1]
    assert upright == {5.0, 6.0}
    assert "".join(ch["text"] for ch in turned) == "Turned" and "".join(ch["text"] for ch in slanted) == "Slanted"
    assert turned[0]["size"] == pytest.approx(fonts.width("T", "regular", 6), abs=0.01)  # 3.66 "pt"
    assert min(ch["size"] for ch in slanted) > 6.02  # each more than its true 6 pt

    assert margin_ink(page) == {"left": 4.9}

    marks = marks_of(page)
    crosses = [[round(v, 2) for v in piece] for m in marks if m.kind == "registration cross" for piece in m.pieces]
    assert crosses == [[81.0, 70.0, 81.0, 78.0]]  # clipped as printed: through "Clear" else
    near = near_marks(chars, marks)
    nearest: dict[str, float] = {}
    for _, kind, gap in near:
        nearest[kind] = min(nearest.get(kind, 9.0), gap)
    assert {k: round(v, 2) for k, v in nearest.items()} == {"crop mark": 0.9, "cutting guide": 0.5,
                                                           "registration mark": 0.5}
    assert {c.text for c, kind, _ in near if kind == "crop mark"} == {"N"}  # not the "r" 1.1 mm away
    assert {c.text for c, kind, _ in near if kind == "registration mark"} == {"r"}
    pdf.close()


# --- the bundled games, measured ---------------------------------------------------------------


def bundled_pdfs(built, paper: str, game: str) -> list[Path]:
    _, results = built(paper)
    paths = [r.path for r in results if r.game == game and r.path.suffix == ".pdf"]
    assert paths, f"{game} built no PDF on {paper}"
    return paths


def small_pages(path: Path) -> list[str]:
    """Each page of ``path`` with characters under 6 pt: how many, the smallest, where."""
    out = []
    for p in read(path):
        small = [c for c in p.chars if c.size < MIN_TEXT_PT - SIZE_TOLERANCE]
        if small:
            least = min(small, key=lambda c: c.size)
            text = "".join(c.text for c in small)
            out.append(f"{path.name} page {p.number}: {len(small)} characters under {MIN_TEXT_PT:g} pt "
                       f"({text[:40]!r}), the smallest {least.where()}; all within x "
                       f"{min(c.box[0] for c in small):.1f}-{max(c.box[2] for c in small):.1f} mm, y "
                       f"{min(c.box[1] for c in small):.1f}-{max(c.box[3] for c in small):.1f} mm")
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_character_of_a_bundled_pdf_prints_at_6_pt_at_least(built, game, paper):
    paths = bundled_pdfs(built, paper, game)
    assert sum(len(p.chars) for path in paths for p in read(path)) > 1000
    assert [line for path in paths for line in small_pages(path)] == []


def test_a_footer_measures_6_pt_read_either_way(built):
    """The footer is set at 6 pt: pdfium's reading and pdfplumber's agree on it."""
    out, _ = built("a4")
    path = out / "relics.pdf"
    footer = [c for c in read(path)[0].chars if c.own and c.box[1] < 10]
    assert len(footer) > 20 and {round(c.size, 3) for c in footer} == {6.0}
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        plumbed = [ch for ch in page.chars if page.height - ch["bottom"] < 10 * PT and ch["text"].strip()]
        assert len(plumbed) == len(footer) and {round(ch["size"], 3) for ch in plumbed} == {6.0}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", list(GAMES))
def test_nothing_of_a_bundled_pdf_is_inked_in_the_printer_margin(built, game, paper):
    assert [line for path in bundled_pdfs(built, paper, game) for line in inked_margins(path)] == []


EXPECTED_MARKS = {"boards": {"crop mark", "registration cross"}, "tokens": {"cutting guide"}, "screens": {"crop mark"}}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", list(GAMES))
def test_no_character_of_a_bundled_pdf_within_1_mm_of_a_mark(built, game, paper):
    paths = bundled_pdfs(built, paper, game)
    for path in paths:  # the marks are found (a change of their width would hide them)
        kind = path.stem.removeprefix(game).removeprefix("-") or "cards"
        assert EXPECTED_MARKS.get(kind, {"crop mark"}) <= set(mark_count(path)), (path.name, mark_count(path))
    assert [line for path in paths for line in text_near_marks(path)] == []


# --- a game of one's own at many card sizes ----------------------------------------------------

SIZES = [(44, 63), (41, 63), (57, 89), (59, 92), (63, 88), (63.5, 88.9), (70, 120), (70, 70), (89, 51),
         (120, 180), (25, 25), (35, 35), (50, 50), (56, 87), (80, 120), (100, 150), (127, 178)]
# the fast loop's: a poker card; the three whose sheets move the ruler and the footer between
# the crop marks to fit a row more (A4 59 x 92 in a 56 mm stretch, Letter 56 x 87 in 53 mm and
# 89 x 51); the smallest
SAMPLE = [(63, 88), (59, 92), (56, 87), (89, 51), (25, 25)]
OPTIONS = {"gutters": [], "silhouette": ["--cutter", "silhouette"], "butted": ["--gutter", "0"]}


def own_layouts(w: float, h: float) -> str:
    return f"""templates:
  moonwell-spell:
    size: [{w}, {h}]
    bleed: 3
    safe: 2
    background: "#2b2622"
    elements:
      name: {{type: text, field: name, box: [3, 3, {w - 6}, 6], size: 7, font: bold, colour: "#ffffff", min_size: 6}}
  moonwell-back:
    size: [{w}, {h}]
    bleed: 3
    background: "#2b2622"
    elements:
      label: {{type: text, field: label, box: [3, 3, {w - 6}, 6], size: 7, colour: "#ffffff", min_size: 6}}
"""


def check_own_game(tmp_path: Path, size: tuple[float, float], paper: str, option: str) -> None:
    """Moonwell's 21 cards at ``size`` (a full sheet and a part one): the build passes
    --strict, and its PDF measures clean."""
    spells = SPELLS.replace("Everyone draws a card.}", "Everyone draws a card., count: 20}")
    _, _, args = write_game(tmp_path, spells, own_layouts(*size))
    result = runner.invoke(app, [*map(str, args), "--paper", paper, "--strict", *OPTIONS[option]])
    assert result.exit_code == 0, result.output
    path = tmp_path / "out" / "moonwell.pdf"
    kinds = set(mark_count(path))
    assert ("registration mark" if option == "silhouette" else "crop mark") in kinds, kinds
    assert small_pages(path) == []
    assert inked_margins(path) == []
    assert text_near_marks(path) == []


def size_id(size: tuple[float, float]) -> str:
    return "x".join(f"{v:g}" for v in size)


@pytest.mark.parametrize("option", list(OPTIONS))
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", SAMPLE, ids=size_id)
def test_a_game_of_ones_own_measures_clean_at_a_card_size(tmp_path, size, paper, option):
    check_own_game(tmp_path, size, paper, option)


@pytest.mark.parametrize("option", list(OPTIONS))
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [s for s in SIZES if s not in SAMPLE], ids=size_id)
def test_a_game_of_ones_own_measures_clean_at_every_other_card_size(tmp_path, size, paper, option):
    check_own_game(tmp_path, size, paper, option)


# --- the checks fire: through the CLI ----------------------------------------------------------


def wcag(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two sRGB colours, worked out here (not pnp's)."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def moonwell(tmp_path: Path, layouts: str) -> list[str]:
    _, _, args = write_game(tmp_path, layouts=layouts)
    return [str(a) for a in args]


def test_a_faint_text_is_named_with_its_colours_and_ratio_and_fails_strict(tmp_path):
    """A brown name on a brown plate, 1.80:1."""
    assert f"{wcag('#5c4827', '#8a6d3b'):.2f}" == "1.80"
    layouts = LAYOUTS.replace(
        "name: {type: text, field: name, box: [4, 4, 55, 8], size: 9, font: bold}",
        'plate: {type: rect, box: [3, 3, 57, 10], fill: "#8a6d3b"}\n'
        '      name: {type: text, field: name, box: [4, 4, 55, 8], size: 9, font: bold, colour: "#5c4827"}')
    args = moonwell(tmp_path, layouts)
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "warning: moonwell/spell card/Moon Tide (front): the text of 'name' ('Moon Tide') is #5c4827 on #8a6d3b, "
        f"{wcag('#5c4827', '#8a6d3b'):.2f}:1 contrast, under the 3:1 a printed text needs (layout 'moonwell-spell': a "
        "darker or lighter colour)"]
    strict = runner.invoke(app, [*args, "--strict"])
    assert strict.exit_code == 1
    assert strict.stderr.splitlines()[-1] == "pnp: 1 warning (--strict)"


def test_a_dark_text_on_the_dark_background_is_named_too(tmp_path):
    """No panel: the card's own background is what is beneath the back's label."""
    layouts = LAYOUTS.replace("    elements:\n      label:", "    elements:\n      panel: null\n      label:").replace(
        "size: 12, align: center}", 'size: 12, align: center, colour: "#4a403a"}')
    result = runner.invoke(app, [*moonwell(tmp_path, layouts), "--strict"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "warning: moonwell/spell card/Moon Tide (back): the text of 'label' ('Moonwell') is #4a403a on #2b2622, "
        f"{wcag('#4a403a', '#2b2622'):.2f}:1 contrast, under the 3:1 a printed text needs (layout 'moonwell-back': a "
        "darker or lighter colour)",
        "pnp: 1 warning (--strict)"]


def test_a_text_at_5_pt_is_named_and_fails_strict(tmp_path):
    layouts = LAYOUTS.replace("size: 7, wrap: true}", "size: 5, min_size: 5, wrap: true}")
    args = moonwell(tmp_path, layouts)
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "warning: moonwell/spell card/Moon Tide (front): the text of 'text' prints at 5.0 pt, under the 6 pt print "
        "shops ask for (layout 'moonwell-spell': a larger size and min_size, or a larger box; other faces of the "
        "layout may too)"]
    strict = runner.invoke(app, [*args, "--strict"])
    assert strict.exit_code == 1 and "pnp: 1 warning (--strict)" in strict.stderr


def test_the_same_game_passes_strict(tmp_path):
    result = runner.invoke(app, [*moonwell(tmp_path, LAYOUTS), "--strict"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


# --- the checks fire: a page's notes ----------------------------------------------------------

A4 = (210 * mm, 297 * mm)
MARGIN = (f"into the {MIN_MARGIN:g} mm printer margin ({{}} edge): a printer leaves it blank, or the reader "
          "shrinks the page to fit")
NEAR = (f"(at least {MARK_CLEAR:g} mm: a blade or a cutter's sensor lined up on the mark would meet it)")
SMALL = f"under the {MIN_TEXT_PT:g} pt print shops ask for"


def box(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in points from a box in mm."""
    return x * mm, y * mm, (x + w) * mm, (y + h) * mm


def page(*drawn: Drawn, faint: list | None = None) -> Page:
    return Page(*A4, list(drawn), faint or [])


@pytest.mark.parametrize(("where", "side", "depth"), [
    (box(3, 100, 63, 88), "left", 2.0), (box(144, 100, 63.5, 88), "right", 2.5),
    (box(70, 1, 63, 88), "bottom", 4.0), (box(70, 200, 63, 92.2), "top", 0.2)])
def test_ink_in_the_margin_names_the_side_and_the_depth(where, side, depth):
    card = Drawn("ink", "moonwell/spell card/Moon Tide (front)", where)
    assert pagecheck.problems([page(card)]) == [
        f"page 1: moonwell/spell card/Moon Tide (front) reaches {depth:.1f} mm {MARGIN.format(side)}"]


def test_ink_on_the_margin_line_is_no_problem():
    assert pagecheck.problems([page(Drawn("ink", "a card", box(5, 5, 200, 287)))]) == []


def test_a_text_in_the_margin_is_quoted_and_cut_short():
    footer = Drawn("text", "the footer", box(40, 4.8, 130, 2.2), "furniture", 6.0,
                   "Moonwell · spell card ×21 · sheet 1 of 3 · fronts · page 1 of 6")
    assert pagecheck.problems([page(footer)]) == [
        f"page 1: the text 'Moonwell · spell card ×…' of the footer reaches 0.2 mm {MARGIN.format('bottom')}"]


def test_a_text_half_a_millimetre_from_a_mark():
    mark = Drawn("mark", "crop mark", box(50 - 0.125, 250, 0.25, 3), "mark")
    caption = Drawn("text", "the 50 mm ruler", box(50.125 + 0.5, 250, 17, 2.1), "furniture", 6.0, "50 mm at 100%")
    clear = Drawn("text", "the footer", box(50.125 + 1.0, 240, 17, 2.1), "furniture", 6.0, "sheet 1 of 1")
    assert pagecheck.problems([page(mark, caption, clear)]) == [
        f"page 1: the text '50 mm at 100%' of the 50 mm ruler comes within 0.5 mm of a crop mark {NEAR}"]


def test_a_text_near_a_registration_cross_or_a_cutting_guide():
    cross = Drawn("mark", "registration cross", box(20, 100, 7.7, 7.7), "mark")
    guide = Drawn("mark", "cutting guide", box(100, 100, 30, 30), "mark")
    note = Drawn("text", "the notes beside the tile", box(28, 100, 40, 2.1), "furniture", 6.0, "cut here")
    aside = Drawn("text", "page", box(90, 100, 9.7, 2), "product", 6.0, "3")
    assert pagecheck.problems([page(cross, guide, note, aside)]) == [
        f"page 1: the text 'cut here' of the notes beside the tile comes within 0.3 mm of a registration cross {NEAR}",
        f"page 1: the text '3' of page comes within 0.3 mm of a cutting guide {NEAR}"]


def test_furniture_at_5_pt():
    caption = Drawn("text", "the 50 mm ruler", box(80, 285, 17, 1.8), "furniture", 5.0, "50 mm at 100%")
    card = Drawn("text", "moonwell/spell card/Moon Tide (front)", box(80, 200, 17, 1.8), "product", 5.0, "Moon")
    assert pagecheck.problems([page(caption, card)]) == [  # a card's own text is its face's check
        f"page 1: the text '50 mm at 100%' of the 50 mm ruler prints at 5.0 pt, {SMALL}"]


def test_faint_furniture():
    faint = measured.Faint("the footer", "Moonwell · sheet 1 of 1", 1.61, "#cccccc", "#ffffff", "furniture")
    assert pagecheck.problems([page(faint=[faint])]) == [
        "page 1: the text 'Moonwell · sheet 1 of 1' of the footer is #cccccc on #ffffff, 1.61:1 contrast, under the "
        "3:1 a printed text needs"]


def test_one_warning_a_problem_naming_its_pages():
    caption = Drawn("text", "the 50 mm ruler", box(80, 285, 17, 1.8), "furniture", 5.0, "50 mm at 100%")
    card = Drawn("ink", "a card", box(3, 100, 63, 88))
    pages = [page(caption), page(caption), page(caption, card), page(), page(), page(), page(caption)]
    assert pagecheck.problems(pages) == [
        f"pages 1-3, 7: the text '50 mm at 100%' of the 50 mm ruler prints at 5.0 pt, {SMALL}",
        f"page 3: a card reaches 2.0 mm {MARGIN.format('left')}"]


def test_a_measured_canvas_notes_what_the_checks_need():
    """Drawn for real: a crop mark, a footer at 5 pt 0.5 mm beside it and pale, a card face
    (a form) 1 mm into the margin whose own text the page's checks leave to the face's."""
    c = measured.MeasuredCanvas(io.BytesIO(), pagesize=A4)
    c.keep_pages = True
    font = fonts.font("regular")
    c.beginForm("face")
    c.rect(0, 0, 63 * mm, 88 * mm, stroke=0, fill=1)
    c.setFont(font, 5)
    c.drawString(2 * mm, 2 * mm, "Moon Tide")
    c.endForm()
    for _ in range(2):
        with measured.marks(c, "crop mark"):
            c.setLineWidth(MARK_WIDTH * mm)
            c.line(100 * mm, 3 * mm + 10 * mm, 100 * mm, 16 * mm)
        with measured.furniture(c, "the footer"):
            c.setFont(font, 5)
            c.setFillColor("#bbbbbb")
            c.drawString((100 + MARK_WIDTH / 2 + 0.5) * mm, 14 * mm, "sheet 1 of 2")
        measured.drawing(c, "moonwell/spell card/Moon Tide (front)")
        c.saveState()
        c.translate(4 * mm, 100 * mm)
        c.doForm("face")
        c.restoreState()
        measured.drawing(c, None)
        c.showPage()
    problems = pagecheck.problems(c.pages)
    assert problems[:3] == [
        f"pages 1-2: moonwell/spell card/Moon Tide (front) reaches 1.0 mm {MARGIN.format('left')}",
        f"pages 1-2: the text 'sheet 1 of 2' of the footer comes within 0.5 mm of a crop mark {NEAR}",
        f"pages 1-2: the text 'sheet 1 of 2' of the footer prints at 5.0 pt, {SMALL}"]
    assert re.fullmatch(r"pages 1-2: the text 'sheet 1 of 2' of the footer is #bbbbbb on #ffffff, 1\.\d\d:1 "
                        r"contrast, under the 3:1 a printed text needs", problems[3])
    assert len(problems) == 4


def test_a_drawing_placed_smaller_than_drawn_is_measured_as_placed():
    """A form whose text is 8 pt as drawn, placed at half its size (as an assembly map places a
    board), prints that text at 4 pt: the page's checks name the drawing and the scale; placed
    at full size, nothing."""
    c = measured.MeasuredCanvas(io.BytesIO(), pagesize=A4)
    c.keep_pages = True
    c.beginForm("board")
    c.setFont(fonts.font("regular"), 8)
    c.drawString(10 * mm, 10 * mm, "INTERZONE")
    c.endForm()
    for scale in (0.5, 1.0):
        with measured.furniture(c, "the assembly map"):
            c.saveState()
            c.translate(50 * mm, 50 * mm)
            c.scale(scale, scale)
            c.doForm("board")
            c.restoreState()
        c.showPage()
    assert pagecheck.problems(c.pages) == [
        f"page 1: the text of the assembly map, placed at 50% of its size, prints at 4.0 pt, {SMALL}"]


def test_a_bookmark_whose_footer_has_no_room_is_caught_by_the_build_and_by_the_measure(tmp_path):
    """A 20 x 272 mm card on A4: nine across, one row, the ruler and the footer between the
    crop marks in a 17 mm stretch, the footer shrunk to 3.5 pt and run over a mark. The
    build's checks say so, and the PDF measures the same."""
    _, _, args = write_game(tmp_path, SPELLS, own_layouts(20, 272))
    result = runner.invoke(app, [*map(str, args), "--strict"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "warning: moonwell.pdf: page 1: the text 'sheet 1 of 1 · fronts ·…' of the footer comes within 0.0 mm of a "
        f"crop mark {NEAR}",
        f"warning: moonwell.pdf: page 1: the text 'sheet 1 of 1 · fronts ·…' of the footer prints at 3.5 pt, {SMALL}",
        f"warning: moonwell.pdf: page 2: the text 'sheet 1 of 1 · backs · …' of the footer prints at 3.5 pt, {SMALL}",
        "pnp: 3 warnings (--strict)"]
    path = tmp_path / "out" / "moonwell.pdf"
    assert [line.split(":")[0] for line in small_pages(path)] == ["moonwell.pdf page 1", "moonwell.pdf page 2"]
    assert all(" at 3.50 pt" in line for line in small_pages(path))
    near = text_near_marks(path)
    assert near and all(line.startswith("moonwell.pdf page 1: ") and line.endswith("from a crop mark") for line in near)
