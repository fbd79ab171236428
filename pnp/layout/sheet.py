"""Where cards go on a printed sheet: pure geometry in mm, no drawing.

Imposition: cards sit in a grid, along each axis either with gutters (each card has its own
bleed on every side and its own cut lines, so a cut that misses by up to ``MISCUT`` shows
the card's own colour, not a sliver of its neighbour) or butted (neighbours share a cut
line: one guillotine cut serves two cards, the bleed only beyond the grid's outer edges and
beyond any side that faces an empty slot). The default takes as many cards as fit butted,
then gutters wherever the paper still holds that many cards (see `_axis`). Crop marks,
``MARK_LENGTH`` long, sit outside the bleed at each cut line (and in gutters wide enough to
hold them); they never come nearer the page edge than the printer margin, so no PDF reader
shrinks the page to fit. The ruler and the footer go beyond the marks, above and below.

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

from dataclasses import dataclass
from typing import Literal

from .paper import Paper, parse_paper

MIN_MARGIN = 5.0  # a printer's unprintable edge: nothing is drawn nearer the page edge
MARK_GAP = 0.5  # between the bleed edge and the start of a crop mark
MARK_LENGTH = 3.0  # every crop mark: shorter ones are hard to line a trimmer's blade up with
MARK_ROOM = MARK_GAP + MARK_LENGTH  # what the marks take beyond the bleed, on each side
# A cut on a paper trimmer strays by up to half a millimetre: a card whose own bleed is at
# least this wide on every side shows none of its neighbour when the cut misses.
MISCUT = 0.5
# Page furniture (pnp/render/furniture.py) sits beyond the crop marks, above and below the
# cards: the 50 mm ruler at the top, the footer at the bottom, this far from the marks.
RULER_HEIGHT = 4.2
RULER_WIDTH = 52.0  # the 50 mm ruler and a millimetre each side
FOOTER_HEIGHT = 2.6
FURNITURE_GAP = 0.6

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


Spacing = Literal["auto", "gutters", "butted"]


@dataclass(frozen=True)
class SheetLayout:
    """Cards in a grid on one page, along each axis either butted or with gutters.

    Butted (gutter 0): neighbours share a cut line; only the grid's outer sides (and sides
    facing an empty slot) carry bleed, ``bleed_x``/``bleed_y`` wide. With gutters: every card
    has its own bleed of ``bleed_x``/``bleed_y`` on every side and its own four cut lines, so
    a cut that strays into the gutter shows the card's own bleed, not its neighbour.
    """

    paper: str
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    bleed_x: float  # each card's bleed left and right (butted: the grid's outer sides only)
    bleed_y: float
    gutter_x: float = 0.0  # between the trims of neighbouring columns; 0: butted
    gutter_y: float = 0.0
    margin: float = MIN_MARGIN
    cutter: bool = False  # cut by a machine (pnp/layout/cutter.py): no crop marks

    @property
    def printed_size(self) -> tuple[float, float]:
        """The page as printed: portrait (a landscape arrangement is drawn turned on it)."""
        return (self.page_h, self.page_w) if self.landscape else (self.page_w, self.page_h)

    def on_page(self, r: Rect) -> Rect:
        """``r`` (this sheet's frame) on the printed page: turned a quarter for a landscape
        arrangement, as the renderer draws it (x -> y, y -> page width - x)."""
        if not self.landscape:
            return r
        return Rect(self.page_h - r.top, r.x, r.h, r.w)

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def grid(self) -> Rect:
        """The trim area of all cards together (gutters included), centred on the page."""
        w = self.cols * self.card_w + (self.cols - 1) * self.gutter_x
        h = self.rows * self.card_h + (self.rows - 1) * self.gutter_y
        return Rect((self.page_w - w) / 2, (self.page_h - h) / 2, w, h)

    @property
    def outer(self) -> Rect:
        """Everything the cards' art covers: the grid and its outer bleed."""
        g = self.grid
        return Rect(g.x - self.bleed_x, g.y - self.bleed_y, g.w + 2 * self.bleed_x, g.h + 2 * self.bleed_y)

    def slot(self, index: int) -> tuple[int, int]:
        """(column, row) of the index-th card on a front page, rows from the top."""
        return index % self.cols, index // self.cols

    def trim_box(self, col: int, row: int) -> Rect:
        g = self.grid
        return Rect(g.x + col * (self.card_w + self.gutter_x),
                    g.top - (row + 1) * self.card_h - row * self.gutter_y, self.card_w, self.card_h)

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
        """The area a card's art covers: its trim plus its bleed. With gutters, every side has
        bleed; butted, the sides that face the outside of the grid or an empty slot
        (``filled``: slots in use; None: all)."""
        t = self.trim_box(col, row)

        def side(c: int, r: int, bleed: float, gutter: float) -> float:
            if gutter > 0:
                return bleed
            outside = not (0 <= c < self.cols and 0 <= r < self.rows)
            return bleed if outside or (filled is not None and (c, r) not in filled) else 0.0

        left = side(col - 1, row, self.bleed_x, self.gutter_x)
        right = side(col + 1, row, self.bleed_x, self.gutter_x)
        top = side(col, row - 1, self.bleed_y, self.gutter_y)
        bottom = side(col, row + 1, self.bleed_y, self.gutter_y)
        return Rect(t.x - left, t.y - bottom, t.w + left + right, t.h + top + bottom)

    def inner_edges(self, filled: set[tuple[int, int]] | None = None) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Pairs of butted neighbours ((col, row), (col, row)) that share a cut line: the left
        or upper card first. Empty with gutters on both axes."""
        pairs = []
        for row in range(self.rows):
            for col in range(self.cols):
                for other, gutter in (((col + 1, row), self.gutter_x), ((col, row + 1), self.gutter_y)):
                    if gutter > 0 or other[0] >= self.cols or other[1] >= self.rows:
                        continue
                    if filled is None or ((col, row) in filled and other in filled):
                        pairs.append(((col, row), other))
        return pairs

    def _cuts(self, n: int, start: float, size: float, gutter: float, used: set[int]) -> list[float]:
        """The cut lines along one axis for cards at indices ``used`` (from ``start``)."""
        cuts = set()
        for i in used:
            lo = start + i * (size + gutter)
            cuts.update((round(lo, 9), round(lo + size, 9)))
        return sorted(cuts)

    def cut_xs(self, filled: set[tuple[int, int]] | None = None) -> list[float]:
        cols = set(range(self.cols)) if filled is None else {c for c, _ in filled}
        return self._cuts(self.cols, self.grid.x, self.card_w, self.gutter_x, cols)

    def cut_ys(self, filled: set[tuple[int, int]] | None = None) -> list[float]:
        # rows count from the top, cut lines from the bottom
        rows = set(range(self.rows)) if filled is None else {r for _, r in filled}
        return self._cuts(self.rows, self.grid.y, self.card_h, self.gutter_y, {self.rows - 1 - r for r in rows})

    def crop_marks(self, filled: set[tuple[int, int]] | None = None) -> list[Mark]:
        """A mark ``MARK_LENGTH`` long at each end of each cut line, outside the bleed; and,
        where a gutter is wide enough to hold one clear of both cards' bleed, one in the gutter
        too.

        With ``filled`` (the slots in use on a partly filled sheet), only the cut lines that
        bound a card in use get marks.
        """
        if self.cutter:
            return []
        o = self.outer
        marks: list[Mark] = []
        for x in self.cut_xs(filled):
            marks.append(Mark(x, o.y - MARK_GAP - MARK_LENGTH, x, o.y - MARK_GAP))
            marks.append(Mark(x, o.top + MARK_GAP, x, o.top + MARK_GAP + MARK_LENGTH))
        for y in self.cut_ys(filled):
            marks.append(Mark(o.x - MARK_GAP - MARK_LENGTH, y, o.x - MARK_GAP, y))
            marks.append(Mark(o.right + MARK_GAP, y, o.right + MARK_GAP + MARK_LENGTH, y))
        marks += self._gutter_marks(filled)
        return marks

    def _gutter_marks(self, filled: set[tuple[int, int]] | None) -> list[Mark]:
        """Marks in the free middle of each gutter, along the cut lines of the cards beside it."""
        used = {(c, r) for r in range(self.rows) for c in range(self.cols)} if filled is None else filled
        marks: list[Mark] = []
        free_y = self.gutter_y - 2 * (self.bleed_y + MARK_GAP)
        if self.gutter_y > 0 and free_y >= MARK_LENGTH:
            for row in range(self.rows - 1):  # the gutter below this row
                lo = self.trim_box(0, row + 1).top + self.bleed_y + MARK_GAP
                for col in range(self.cols):
                    if (col, row) in used or (col, row + 1) in used:
                        t = self.trim_box(col, row)
                        marks += [Mark(x, lo, x, lo + free_y) for x in (t.x, t.right)]
        free_x = self.gutter_x - 2 * (self.bleed_x + MARK_GAP)
        if self.gutter_x > 0 and free_x >= MARK_LENGTH:
            for col in range(self.cols - 1):  # the gutter right of this column
                lo = self.trim_box(col, 0).right + self.bleed_x + MARK_GAP
                for row in range(self.rows):
                    if (col, row) in used or (col + 1, row) in used:
                        t = self.trim_box(col, row)
                        marks += [Mark(lo, y, lo + free_x, y) for y in (t.y, t.top)]
        return marks

    def furniture_box(self, top: bool, need_w: float, need_h: float) -> tuple[float, float, float, float]:
        """(x, y, w, h) in mm for the ruler (top) or the footer (bottom): the strip between the
        crop marks and the printer margin when it is tall enough (it is whenever a row of cards
        did not have to give way for it), else the widest stretch of the mark band that no mark
        crosses."""
        o = self.outer
        room = 0.0 if self.cutter else MARK_ROOM
        if top:
            lo, hi = o.top + room + FURNITURE_GAP, self.page_h - self.margin
        else:
            lo, hi = self.margin, o.y - room - FURNITURE_GAP
        if hi - lo >= need_h - 1e-9:
            return self.margin, (hi - need_h if top else lo), self.page_w - 2 * self.margin, need_h
        band_lo, band_hi = (o.top, self.page_h - self.margin) if top else (self.margin, o.y)
        x0, x1 = max(self.free_spans(), key=lambda s: s[1] - s[0])
        h = min(need_h, band_hi - band_lo)
        return x0, (band_hi - h if top else band_lo), x1 - x0, h

    def free_spans(self, clearance: float = 1.5) -> list[tuple[float, float]]:
        """Horizontal stretches of the bands above and below the cards no crop mark crosses."""
        edges = [self.margin] + self.cut_xs() + [self.page_w - self.margin]
        spans = []
        for a, b in zip(edges, edges[1:]):
            lo = a + (clearance if a != self.margin else 0.0)
            hi = b - (clearance if b != self.page_w - self.margin else 0.0)
            if hi > lo:
                spans.append((lo, hi))
        return spans


@dataclass(frozen=True)
class _Axis:
    count: int
    bleed: float
    gutter: float


def _axis(length: float, card: float, bleed: float, spacing: Spacing, gutter: float | None,
          reserved: float, count: int | None = None, marks: bool = True) -> _Axis | None:
    """How cards of size ``card`` go along a side of ``length`` mm of which ``reserved`` (the
    margins, the crop marks and any furniture) is not theirs, or None when none fits.

    ``auto``: as many cards as fit butted with a bleed of at least ``MISCUT`` on the outer
    sides; then gutters, with the bleed that is left shared evenly by every side of every
    card (at most ``bleed``), when it is at least ``MISCUT``, and the gutters wide enough for
    crop marks between the bleeds where there is room; else butted, with as much outer bleed
    as is left. ``butted``: the same count, butted. ``gutters``: the ``gutter`` asked
    for (between trims), each card with a bleed of ``min(bleed, gutter / 2)`` on every side,
    as many cards as fit.

    ``count``: exactly that many cards (None when they do not fit); ``marks`` False: no crop
    marks to make room for in the gutters (a cutting machine cuts the sheet).
    """
    room = length - reserved
    least = min(bleed, MISCUT)
    if spacing == "gutters" and gutter:
        own = min(bleed, gutter / 2)
        most = int((room - 2 * own + gutter + 1e-9) // (card + gutter))
        n = most if count is None else count
        return _Axis(n, own, gutter) if 1 <= n <= most else None
    most = int((room - 2 * least + 1e-9) // card)
    n = most if count is None else count
    if not 1 <= n <= most:
        return None
    slack = room - n * card
    if spacing == "auto" and n > 1 and bleed > 0:
        own = min(bleed, slack / (2 * n))
        if own >= MISCUT - 1e-9:
            marked = 2 * own + 2 * MARK_GAP + MARK_LENGTH  # room for marks in the gutter too
            if marks and slack - 2 * own >= (n - 1) * marked - 1e-9:
                return _Axis(n, own, marked)
            return _Axis(n, own, 2 * own)
    return _Axis(n, min(bleed, slack / 2), 0.0)


def own_bleed(layout: SheetLayout) -> float:
    """The bleed every card of ``layout`` has on each of its sides: along a butted axis of two
    cards or more, the sides neighbours share have none."""
    x = layout.bleed_x if layout.gutter_x or layout.cols == 1 else 0.0
    y = layout.bleed_y if layout.gutter_y or layout.rows == 1 else 0.0
    return min(x, y)


def is_better(layout: SheetLayout, best: SheetLayout | None) -> bool:
    """Whether ``layout`` beats ``best``: more cards a sheet, then more bleed on every card's
    every side (the arrangements are tried portrait first, which wins what is left of a tie)."""
    if best is None:
        return True
    if layout.per_sheet != best.per_sheet:
        return layout.per_sheet > best.per_sheet
    return own_bleed(layout) > own_bleed(best) + 1e-9


def fit_grid(paper: Paper | str, card_w: float, card_h: float, bleed: float, spacing: Spacing = "auto",
             gutter: float | None = None, margin: float = MIN_MARGIN) -> SheetLayout:
    """The arrangement that fits the most cards on the paper, then the most bleed (`is_better`).

    Every side keeps the printer ``margin`` and room for crop marks ``MARK_LENGTH`` long; the
    top and bottom also keep room for the ruler and the footer unless that would cost a row
    of cards (they then go between the crop marks). See `_axis` for gutters and bleed.
    """
    paper = parse_paper(paper)
    pw, ph = paper.size
    best: SheetLayout | None = None
    sides = 2 * (margin + MARK_ROOM)
    # the grid stays centred (a back must land where the mirrored front is), so the taller
    # piece of furniture sets the room kept both above and below
    furniture = 2 * (FURNITURE_GAP + max(RULER_HEIGHT, FOOTER_HEIGHT))
    for w, h in ((pw, ph), (ph, pw)):
        across = _axis(w, card_w, bleed, spacing, gutter, sides)
        down = _axis(h, card_h, bleed, spacing, gutter, sides + furniture)
        tight = _axis(h, card_h, bleed, spacing, gutter, sides)
        if across is None:
            continue
        if tight is not None and (down is None or tight.count > down.count):
            # a row more when the ruler and the footer go between the crop marks: only where a
            # stretch between two marks holds the ruler (else a mark would run through it)
            squeezed = SheetLayout(paper.name, w, h, card_w, card_h, across.count, tight.count,
                                   across.bleed, tight.bleed, across.gutter, tight.gutter, margin)
            # (a card too tall for any other way still gets its page, and the build's checks say)
            if down is None or max(b - a for a, b in squeezed.free_spans()) >= RULER_WIDTH - 1e-9:
                down = tight
        if down is None:
            continue
        layout = SheetLayout(paper.name, w, h, card_w, card_h, across.count, down.count,
                             across.bleed, down.bleed, across.gutter, down.gutter, margin)
        if is_better(layout, best):
            best = layout
    if best is None:
        raise ValueError(
            f"a {card_w:g} x {card_h:g} mm card with {bleed:g} mm bleed does not fit on {paper} paper"
        )
    return best
