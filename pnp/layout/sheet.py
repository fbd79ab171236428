"""Where cards go on a printed sheet: pure geometry in mm, no drawing.

Imposition: cards are butted edge to edge in a grid (cut lines every card width and height,
so one guillotine cut serves two cards); the bleed extends beyond the grid's outer edges and
beyond any side that faces an empty slot. Crop marks sit outside the bleed, in the band
between the bleed and the printer margin, one at each cut line; they never reach the margin,
so no PDF reader shrinks the page to fit.

Duplex: each back lands behind its own front. With a long-edge flip the sheet turns over its
long side, so the back page mirrors the front left-right on a portrait page and top-bottom
on a landscape page; short-edge is the other way round. A landscape arrangement (eight poker
cards on Letter) is printed turned a quarter on a portrait page, so every page prints the
same way round; its geometry here stays landscape. ``off`` (single-sided printing) puts
every back page after the fronts, laid out as for a long-edge flip so that a printed back
sheet, turned over its long side and glued behind its front sheet, lines up.

Coordinates here: mm, origin at the page's bottom-left, y up (as PDF).
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from typing import Literal

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),  # 11 x 17 in
}
_CUSTOM_PAPER = re.compile(r"(\d{2,4}(?:\.\d{1,2})?)x(\d{2,4}(?:\.\d{1,2})?)")
PAPER_MIN, PAPER_MAX = 80.0, 2000.0  # mm: a custom paper's sides


def paper_named(name: str) -> str:
    """The paper ``name`` names: a4, letter, a3, tabloid, or ``WxH`` in mm (``330x480``, a
    print shop's SRA3), which is added to PAPERS under its name; ValueError otherwise."""
    key = name.strip().lower()
    if key in PAPERS:
        return key
    m = _CUSTOM_PAPER.fullmatch(key)
    if m:
        w, h = float(m[1]), float(m[2])
        if not (PAPER_MIN <= w <= PAPER_MAX and PAPER_MIN <= h <= PAPER_MAX):
            raise ValueError(f"a paper's sides are {PAPER_MIN:.0f} to {PAPER_MAX:.0f} mm, got {name!r}")
        PAPERS[key] = (min(w, h), max(w, h))  # portrait, as every page is
        return key
    raise ValueError(f"expected {', '.join(list(PAPERS)[:4])} or WxH in mm (like 330x480), got {name!r}")
MIN_MARGIN = 5.0  # a printer's unprintable edge: nothing is drawn nearer the page edge
MARK_GAP = 0.5  # between the bleed edge and the start of a crop mark
MARK_MAX = 3.0  # longest crop mark
MARK_MIN = 1.5  # a band too thin for a mark this long does not fit the arrangement

Duplex = Literal["long-edge", "short-edge", "off"]


def mirrors_left_right(duplex: Duplex, landscape: bool) -> bool:
    """Whether turning the sheet mirrors it left-right (else top-bottom).

    A long-edge flip turns a portrait sheet left-right and a landscape one top-bottom;
    a short-edge flip the other way round. ``off`` is laid out as a long-edge flip.
    """
    long_edge = duplex in ("long-edge", "off")
    return long_edge != landscape


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Mark:
    """A crop mark: a line from (x0, y0) to (x1, y1) in mm."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class SheetLayout:
    paper: str
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float
    cols: int
    rows: int
    margin: float = MIN_MARGIN

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def grid(self) -> Rect:
        """The trim area of all cards together, centred on the page."""
        w, h = self.cols * self.card_w, self.rows * self.card_h
        return Rect((self.page_w - w) / 2, (self.page_h - h) / 2, w, h)

    @property
    def band_x(self) -> float:
        """Free width between the bleed edge and the margin, left and right."""
        return self.grid.x - self.bleed - self.margin

    @property
    def band_y(self) -> float:
        """Free height between the bleed edge and the margin, top and bottom."""
        return self.grid.y - self.bleed - self.margin

    def slot(self, index: int) -> tuple[int, int]:
        """(column, row) of the index-th card on a front page, rows from the top."""
        return index % self.cols, index // self.cols

    def trim_box(self, col: int, row: int) -> Rect:
        g = self.grid
        return Rect(g.x + col * self.card_w, g.top - (row + 1) * self.card_h, self.card_w, self.card_h)

    def back_slot(self, col: int, row: int, duplex: Duplex) -> tuple[int, int]:
        """Where the back of the card at (col, row) goes on the back page."""
        if self._mirror_x(duplex):
            return self.cols - 1 - col, row
        return col, self.rows - 1 - row

    def _mirror_x(self, duplex: Duplex) -> bool:
        return mirrors_left_right(duplex, self.landscape)

    def back_turned(self, duplex: Duplex) -> bool:
        """Whether backs are drawn upside down in their slots.

        Where the sheet turns top-bottom (as the cards are laid out), a back drawn upright
        would read upright only when its card is flipped top-bottom. Turned, every card of
        every sheet reads upright when flipped left-right, as cards are, whatever the paper
        and flip: a relics card's night side stands the same way on every print.
        """
        return not self._mirror_x(duplex)

    def bleed_box(self, col: int, row: int, filled: set[tuple[int, int]] | None = None) -> Rect:
        """The area a card's art covers: its trim plus bleed on every side that faces the
        outside of the grid or an empty slot (``filled``: slots in use; None: all)."""
        t = self.trim_box(col, row)

        def open_side(c: int, r: int) -> bool:
            outside = not (0 <= c < self.cols and 0 <= r < self.rows)
            return outside or (filled is not None and (c, r) not in filled)

        b = self.bleed
        left = b if open_side(col - 1, row) else 0.0
        right = b if open_side(col + 1, row) else 0.0
        top = b if open_side(col, row - 1) else 0.0
        bottom = b if open_side(col, row + 1) else 0.0
        return Rect(t.x - left, t.y - bottom, t.w + left + right, t.h + top + bottom)

    def cut_xs(self) -> list[float]:
        g = self.grid
        return [g.x + i * self.card_w for i in range(self.cols + 1)]

    def cut_ys(self) -> list[float]:
        g = self.grid
        return [g.y + i * self.card_h for i in range(self.rows + 1)]

    def mark_length(self, band: float) -> float:
        return max(0.0, min(MARK_MAX, band - MARK_GAP))

    def crop_marks(self, filled: set[tuple[int, int]] | None = None) -> list[Mark]:
        """One mark at each cut line on each side of the grid, outside the bleed.

        With ``filled`` (the slots in use on a partly filled sheet), only the cut lines that
        bound a card in use get marks.
        """
        g = self.grid
        xs, ys = self.cut_xs(), self.cut_ys()
        if filled is not None:
            cols = {c for c, _ in filled} | {c + 1 for c, _ in filled}
            # rows count from the top; cut_ys from the bottom
            rows = {self.rows - r for _, r in filled} | {self.rows - r - 1 for _, r in filled}
            xs = [x for i, x in enumerate(xs) if i in cols]
            ys = [y for i, y in enumerate(ys) if i in rows]
        marks: list[Mark] = []
        ly = self.mark_length(self.band_y)
        lx = self.mark_length(self.band_x)
        below = g.y - self.bleed - MARK_GAP
        above = g.top + self.bleed + MARK_GAP
        for x in xs:
            marks.append(Mark(x, below - ly, x, below))
            marks.append(Mark(x, above, x, above + ly))
        left = g.x - self.bleed - MARK_GAP
        right = g.right + self.bleed + MARK_GAP
        for y in ys:
            marks.append(Mark(left - lx, y, left, y))
            marks.append(Mark(right, y, right + lx, y))
        return marks

    def free_spans(self, band_from: float, band_to: float, clearance: float = 1.5) -> list[tuple[float, float]]:
        """Horizontal intervals of a top/bottom band not crossed by crop marks."""
        edges = [self.margin] + [x for x in self.cut_xs()] + [self.page_w - self.margin]
        spans = []
        for a, b in zip(edges, edges[1:]):
            lo = a + (clearance if a != self.margin else 0.0)
            hi = b - (clearance if b != self.page_w - self.margin else 0.0)
            if hi > lo:
                spans.append((lo, hi))
        return spans


def fit_grid(paper: str, card_w: float, card_h: float, bleed: float,
             margin: float = MIN_MARGIN) -> SheetLayout:
    """The arrangement that fits the most cards on the paper, portrait preferred on a tie.

    A grid fits when the cards, their bleed and a crop mark of at least ``MARK_MIN`` fit
    inside the margin on every side.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}")
    pw, ph = PAPERS[paper]
    best: SheetLayout | None = None
    for w, h in ((pw, ph), (ph, pw)):
        room = 2 * (margin + bleed + MARK_GAP + MARK_MIN)
        cols = int((w - room) // card_w)
        rows = int((h - room) // card_h)
        if cols < 1 or rows < 1:
            continue
        layout = SheetLayout(paper, w, h, card_w, card_h, bleed, cols, rows, margin)
        if best is None or layout.per_sheet > best.per_sheet:
            best = layout
    if best is None:
        raise ValueError(
            f"a {card_w} x {card_h} mm card with {bleed} mm bleed does not fit on {paper} paper"
        )
    return best
