"""A canvas that notes what it draws, for the checks of every build (docs/layouts.md, "Checks
of every build"): the size every text is set at, the colour beneath every text, and, on the
page itself, where each text, each mark and each piece of ink lies (`pnp.render.pagecheck`).

Print shops ask for text of 6 pt at least (7 pt for thin faces): smaller type fills in, breaks
up or is lost in the registration of the four inks. The renderers say what they draw
(``subject``: a card and its element, a board's label; `furniture` and `marks` for the page's
own text and the lines a user cuts on); `MeasuredCanvas.setFont` notes each size set while it
is drawn, and `small_text` tells the build which came out under the floor.

Contrast: every filled shape is noted with its colour and its box (clipped), in the stream it
is drawn into (a page, or a form XObject: a card face); a text's ground is the last fill of its
stream under the middle of its line, and `low_contrast` lists the texts under 3:1 with it
(WCAG 2's ratio for large text and graphics: print has no backlight to help).
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, Iterator

from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .colour import contrast

# pt: the smallest type the bundled games print, and what a publisher's build warns under
# (an error with --strict). Shops' guides: The Game Crafter and MakePlayingCards 6-7 pt,
# DriveThruCards 6 pt.
MIN_TEXT_PT = 6.0
# the least contrast of a text with its ground (WCAG 2's 3:1 for large text and graphics)
MIN_CONTRAST = 3.0

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in the stream's own space, points


@dataclass
class Fill:
    """A filled shape of one stream: its colour (None: an image, its colours unknown) and its
    box, clipped; ``ellipse``: the shape is the ellipse inside the box."""

    colour: str | None
    box: Box
    ellipse: bool = False

    def covers(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        if not self.ellipse:
            return True
        rx, ry = (x1 - x0) / 2, (y1 - y0) / 2
        if rx <= 0 or ry <= 0:
            return False
        return ((x - x0 - rx) / rx) ** 2 + ((y - y0 - ry) / ry) ** 2 <= 1.0


@dataclass(frozen=True)
class Faint:
    """A text under `MIN_CONTRAST` with its ground."""

    subject: str
    text: str
    ratio: float
    colour: str
    ground: str
    role: str = "product"


@dataclass(frozen=True)
class Drawn:
    """Something drawn on the page itself (not inside a form), in page points: ``kind`` is
    ``text`` (a line of text), ``mark`` (a crop mark, a cut line, a registration mark: its box
    is the line's, widened by half its width) or ``ink`` (anything else, a placed form
    included); ``subject`` names it for a warning; ``role``: ``furniture`` for the page's own
    notes (ruler, footer, a tile's notes), else ``product``."""

    kind: str
    subject: str
    box: Box
    role: str = "product"
    size: float = 0.0  # text: the size it prints at, pt
    text: str = ""


@dataclass(frozen=True)
class Page:
    """What a page of a checked build holds (`MeasuredCanvas.keep_pages`): its size in points,
    what lies on it, and its own texts (not a card's) under `MIN_CONTRAST`."""

    width: float
    height: float
    drawn: list[Drawn]
    faint: list[Faint]


def hex_of(colour: Any) -> str:
    """A reportlab colour (or the canvas's initial ``(0, 0, 0)``) as ``#rrggbb``, CMYK by the
    viewers' naive conversion."""
    if isinstance(colour, CMYKColor):
        c, m, y, k = colour.cyan, colour.magenta, colour.yellow, colour.black
        rgb = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    elif isinstance(colour, Color):
        rgb = (colour.red, colour.green, colour.blue)
    else:
        rgb = tuple(float(v) for v in colour)[:3]  # type: ignore[assignment]
    return "#%02x%02x%02x" % tuple(round(min(max(v, 0.0), 1.0) * 255) for v in rgb)


def _transform(m: tuple[float, ...], box: Box) -> Box:
    a, b, c, d, e, f = m
    x0, y0, x1, y1 = box
    xs, ys = [], []
    for px, py in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        xs.append(a * px + c * py + e)
        ys.append(b * px + d * py + f)
    return min(xs), min(ys), max(xs), max(ys)


def _intersect(a: Box, b: Box | None) -> Box | None:
    if b is None:
        return a
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else None


def _union(a: Box | None, b: Box) -> Box:
    if a is None:
        return b
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


@cache
def _extent(font: str) -> tuple[float, float]:
    """The font's ascent and descent (negative), per point of size."""
    ascent, descent = pdfmetrics.getAscentDescent(font, 1000)
    return ascent / 1000, descent / 1000


def path_box(code: str) -> Box | None:
    """The box of a PDF path's points (``x y m``, ``l``, ``c``, ``x y w h re``): control
    points included, so a curve's box is never too small."""
    xs: list[float] = []
    ys: list[float] = []
    numbers: list[float] = []
    for token in code.split():
        if token[0] in "-.0123456789":
            numbers.append(float(token))
            continue
        if token == "re" and len(numbers) >= 4:
            x, y, w, h = numbers[-4:]
            xs += [x, x + w]
            ys += [y, y + h]
        else:
            xs += numbers[0::2]
            ys += numbers[1::2]
        numbers = []
    if not xs or not ys:
        return None
    return min(xs), min(ys), max(xs), max(ys)


class MeasuredCanvas(Canvas):
    """A reportlab canvas that notes, for each ``subject`` it is told, the smallest text size
    set while that subject was drawn, the ground of each text, and what lies on each page."""

    # the clip's box (in the stream's space) is part of the graphics state: saved and
    # restored with it
    STATE_ATTRIBUTES = [*Canvas.STATE_ATTRIBUTES, "_clip_box"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._clip_box: Box | None = None
        super().__init__(*args, **kwargs)
        self.subject: str | None = None  # what is being drawn: a card face's element, say
        self.role = "product"  # or "furniture" (the page's notes) or "mark" (marks to cut on)
        self.smallest: dict[str, float] = {}
        # where each line of text was drawn, when asked (a list, as pnp.render.boards.text_of
        # sets it): (subject, x0, y0, x1, y1) in the canvas's own space, points, from the
        # baseline's descender to its ascender
        self.inks: list[tuple[str, float, float, float, float]] | None = None
        self.faint: list[Faint] = []  # texts under MIN_CONTRAST with their ground
        self._fills: list[list[Fill]] = [[]]  # one list per open stream: the page, then forms
        self._form_ink: list[Box | None] = []  # what each open form has drawn, its own space
        self._form_boxes: dict[str, Box] = {}  # each form's ink, in its own space
        self._form_text: list[float] = []  # the smallest text of each open form, pt in its own space
        self._form_smallest: dict[str, float] = {}  # each form's smallest text
        self.drawn: list[Drawn] = []  # this page's
        self.pages: list[Page] = []  # earlier pages, when kept
        self.keep_pages = False  # set by a build that checks its pages (pnp.render.pagecheck)
        self.text_hidden = False  # `without_text`: lines of text are left out

    # --- where things go ----------------------------------------------------------------------

    def _in_form(self) -> bool:
        return bool(self._form_ink)

    def _note(self, kind: str, box: Box | None, size: float = 0.0, text: str = "") -> None:
        """``box`` (already in the stream's space) drawn: into the open form's ink, or on the page."""
        if box is None:
            return
        box = _intersect(box, self._clip_box)
        if box is None:
            return
        if self._in_form():
            self._form_ink[-1] = _union(self._form_ink[-1], box)
        elif self.keep_pages:
            role = self.role if kind != "mark" else "mark"
            self.drawn.append(Drawn(kind, self.subject or "page", box, role, size, text))

    def _fill(self, box: Box | None, ellipse: bool = False, colour: str | None = "") -> None:
        if box is None:
            return
        clipped = _intersect(box, self._clip_box)
        if clipped is None:
            return
        shade = hex_of(self._fillColorObj) if colour == "" else colour
        self._fills[-1].append(Fill(shade, clipped, ellipse and clipped == box))

    def _shape(self, box: Box, stroke: Any, fill: Any, ellipse: bool = False, line: bool = False) -> None:
        """A shape of the local ``box`` drawn: noted as a fill, a mark or ink. A stroke widens
        it by half the line's width; a straight ``line`` (butt ends, as pnp draws them) only
        across its length."""
        page_box = _transform(self._currentMatrix, box)
        if fill:
            self._fill(page_box, ellipse)
        if stroke:
            half = self._lineWidth / 2 * self._scale()
            flat_x = line and page_box[2] - page_box[0] < 1e-6  # a vertical line: widened sideways only
            flat_y = line and page_box[3] - page_box[1] < 1e-6
            hx = half if not flat_y or flat_x else 0.0
            hy = half if not flat_x or flat_y else 0.0
            page_box = (page_box[0] - hx, page_box[1] - hy, page_box[2] + hx, page_box[3] + hy)
        if fill or stroke:
            self._note("mark" if self.role == "mark" else "ink", page_box)

    def _scale(self) -> float:
        a, b, c, d, _, _ = self._currentMatrix
        return math.sqrt(abs(a * d - b * c))

    # --- the drawing calls the renderers use ----------------------------------------------------

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1, fill: int = 0) -> None:
        self._shape((min(x, x + width), min(y, y + height), max(x, x + width), max(y, y + height)), stroke, fill)
        super().rect(x, y, width, height, stroke, fill)

    def roundRect(self, x: float, y: float, width: float, height: float, radius: float,  # noqa: N802
                  stroke: int = 1, fill: int = 0) -> None:
        self._shape((min(x, x + width), min(y, y + height), max(x, x + width), max(y, y + height)), stroke, fill)
        super().roundRect(x, y, width, height, radius, stroke, fill)

    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1, fill: int = 0) -> None:
        rotated = self._currentMatrix[1] != 0 or self._currentMatrix[2] != 0
        self._shape((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)), stroke, fill, ellipse=not rotated)
        super().ellipse(x1, y1, x2, y2, stroke, fill)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._shape((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)), 1, 0, line=True)
        super().line(x1, y1, x2, y2)

    def drawPath(self, aPath: Any, stroke: int = 1, fill: int = 0, fillMode: Any = None) -> None:  # noqa: N802,N803
        box = path_box(str(aPath.getCode()))
        if box is not None:
            self._shape(box, stroke, fill)
        super().drawPath(aPath, stroke, fill, fillMode)

    def clipPath(self, aPath: Any, stroke: int = 1, fill: int = 0, fillMode: Any = None) -> None:  # noqa: N802,N803
        box = path_box(str(aPath.getCode()))
        if box is not None:
            clipped = _intersect(_transform(self._currentMatrix, box), self._clip_box)
            self._clip_box = clipped if clipped is not None else (0.0, 0.0, 0.0, 0.0)
        super().clipPath(aPath, stroke, fill, fillMode)

    def image_drawn(self, box: Box) -> None:
        """An image covering the local ``box``: ink, and a ground of unknown colour."""
        page_box = _transform(self._currentMatrix, box)
        self._fill(page_box, colour=None)
        self._note("ink", page_box)

    def beginForm(self, name: str, lowerx: float = 0, lowery: float = 0, upperx: float | None = None,  # noqa: N802
                  uppery: float | None = None) -> None:
        super().beginForm(name, lowerx, lowery, upperx, uppery)
        self._clip_box = (lowerx, lowery, upperx, uppery) if upperx is not None and uppery is not None else None
        self._fills.append([])
        self._form_ink.append(None)
        self._form_text.append(math.inf)

    def endForm(self, **extra: Any) -> None:
        name = self._formData[0]
        ink = self._form_ink.pop()
        self._fills.pop()
        smallest = self._form_text.pop()
        if ink is not None:
            self._form_boxes[name] = ink
        if smallest < math.inf:
            self._form_smallest[name] = smallest
        super().endForm(**extra)

    def doForm(self, name: str) -> None:  # noqa: N802
        box = self._form_boxes.get(name)
        smallest = self._form_smallest.get(name)
        if smallest is not None and self._in_form():
            self._form_text[-1] = min(self._form_text[-1], smallest * self._scale())
        if box is not None:
            page_box = _transform(self._currentMatrix, box)
            if self._in_form():
                self._form_ink[-1] = _union(self._form_ink[-1], page_box)
            else:
                self._note("ink", page_box)
                # a drawing placed smaller than it was drawn: its text prints smaller too (an
                # assembly map's picture of a board); noted for the page's checks (text already
                # under the floor as drawn is the drawing's own check's to name)
                if smallest is not None and smallest * self._scale() < MIN_TEXT_PT - 1e-6 <= smallest:
                    self._note("scaled", page_box, smallest * self._scale(), f"{self._scale():.0%} of its size")
        super().doForm(name)

    def showPage(self) -> None:  # noqa: N802
        if self.keep_pages:
            faint = [f for f in self.faint if f.role != "product"]
            self.pages.append(Page(float(self._pagesize[0]), float(self._pagesize[1]), self.drawn, faint))
        self.faint = [f for f in self.faint if f.role == "product"]
        self.drawn = []
        self._fills = [[]]
        super().showPage()
        self._clip_box = None

    # --- text -----------------------------------------------------------------------------------

    def _note_ink(self, text: str, x: float, y: float) -> None:
        if not text.strip():
            return
        size = self._fontsize
        width = self.stringWidth(text, self._fontname, size)
        ascent, descent = _extent(self._fontname)
        local = (x, y + descent * size, x + width, y + ascent * size)
        box = _transform(self._currentMatrix, local)
        if self._in_form():
            self._form_text[-1] = min(self._form_text[-1], size * self._scale())
        if self.inks is not None and self.subject is not None:
            self.inks.append((self.subject, *box))
        self._note("text", box, size * self._scale(), text)
        self._ground(text, box)

    def _ground(self, text: str, box: Box) -> None:
        """Note ``text`` when its colour stands under `MIN_CONTRAST` from the fill beneath it
        (the bare paper, for a text drawn on the page itself with no fill beneath)."""
        cx, cy = (box[0] + box[2]) / 2, box[1] + (box[3] - box[1]) * 0.4
        ground: str | None = "#ffffff" if not self._in_form() else None
        for fill in reversed(self._fills[-1]):
            if fill.covers(cx, cy):
                ground = fill.colour
                break
        if ground is None:
            return  # on an image (its colours are not known here), or on what a form is placed over
        colour = hex_of(self._fillColorObj)
        ratio = contrast(colour, ground)
        if ratio < MIN_CONTRAST - 1e-9:
            # a face's text (in its form, or named by its element) is the face's to report;
            # the rest is the page's own
            face = self._in_form() or (self.subject is not None and self.role == "product")
            role = "product" if face else ("furniture" if self.role == "product" else self.role)
            self.faint.append(Faint(self.subject or "page", text, ratio, colour, ground, role))

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        if self.text_hidden:
            return
        self._note_ink(text, x, y)
        super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        if self.text_hidden:
            return
        self._note_ink(text, x - self.stringWidth(text, self._fontname, self._fontsize) / 2, y)
        super().drawCentredString(x, y, text, *args, **kwargs)  # reportlab's own, not through drawString

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        if self.text_hidden:
            return
        self._note_ink(text, x - self.stringWidth(text, self._fontname, self._fontsize), y)
        super().drawRightString(x, y, text, *args, **kwargs)  # reportlab's own, not through drawString

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:  # noqa: N802
        if self.subject is not None:
            # the size as printed: a token's design drawn at its diameter is scaled
            printed = size * self._scale()
            known = self.smallest.get(self.subject)
            if known is None or printed < known:
                self.smallest[self.subject] = printed
        super().setFont(psfontname, size, leading)


def drawing(canvas: Canvas, subject: str | None) -> None:
    """Tell ``canvas`` what is drawn next (None: page furniture, not the product)."""
    if isinstance(canvas, MeasuredCanvas):
        canvas.subject = subject


@contextmanager
def furniture(canvas: Canvas, subject: str) -> Iterator[None]:
    """Draw the page's own notes (a ruler's caption, a footer, a tile's notes) as ``subject``:
    checked on the page (`pnp.render.pagecheck`), not counted with a card's text."""
    with _as(canvas, subject, "furniture"):
        yield


@contextmanager
def marks(canvas: Canvas, subject: str) -> Iterator[None]:
    """Draw lines a user cuts or registers on (crop marks, cut guides, registration marks) as
    ``subject``: no text comes near them (`pnp.render.pagecheck`)."""
    with _as(canvas, subject, "mark"):
        yield


@contextmanager
def _as(canvas: Canvas, subject: str, role: str) -> Iterator[None]:
    if not isinstance(canvas, MeasuredCanvas):
        yield
        return
    before = canvas.subject, canvas.role, dict(canvas.smallest)
    canvas.subject, canvas.role = subject, role
    try:
        yield
    finally:
        # furniture's sizes are checked on the page, not with the next face's elements
        canvas.subject, canvas.role = before[0], before[1]
        canvas.smallest = before[2]


@contextmanager
def without_text(canvas: Canvas, hidden: bool = True) -> Iterator[None]:
    """Draw with every line of text left out (``hidden``): a small picture of a board, where
    its labels would print too small to read (the assembly map, pnp/render/boards.py)."""
    if not hidden or not isinstance(canvas, MeasuredCanvas):
        yield
        return
    before = canvas.text_hidden
    canvas.text_hidden = True
    try:
        yield
    finally:
        canvas.text_hidden = before


def forget(canvas: Canvas) -> None:
    """Start noting afresh (after a face's warnings are taken); the page's own notes stay."""
    if isinstance(canvas, MeasuredCanvas):
        canvas.smallest.clear()
        canvas.faint = [f for f in canvas.faint if f.role != "product"]


def small_text(canvas: Canvas, floor: float = MIN_TEXT_PT) -> list[tuple[str, float]]:
    """(subject, smallest size) of each subject drawn with text under ``floor``, in drawing order."""
    if not isinstance(canvas, MeasuredCanvas):
        return []
    return [(subject, size) for subject, size in canvas.smallest.items() if size < floor - 1e-6]


def low_contrast(canvas: Canvas) -> list[Faint]:
    """Each product text drawn under `MIN_CONTRAST` with its ground since the last `forget`,
    the first of each subject."""
    if not isinstance(canvas, MeasuredCanvas):
        return []
    seen: dict[str, Faint] = {}
    for entry in canvas.faint:
        if entry.role == "product":
            seen.setdefault(entry.subject, entry)
    return list(seen.values())
