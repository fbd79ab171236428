"""Sheets for a cutting machine (``pnp build --cutter silhouette``): where the registration
marks go, where cards may go, and the cut lines. Pure geometry in mm, on the page as
printed (portrait, origin bottom-left, y up).

Silhouette Studio's Print & Cut reads three marks (its "Type 1"): a filled square in the
top-left corner and an L in the top-right and bottom-left corners, each ``REG_INSET`` from
the page edges to the middle of its line. The machine's optical sensor scans around each
mark and mistakes nearby print for it (silhouette-card-maker's guide has users cover the
card nearest a mark with a sticky note): no card comes within ``REG_CLEAR`` of a mark, and
cards stay ``REG_CLEAR`` inside the marks' frame, the area the machine cuts.

In Silhouette Studio: Page Setup, the paper of the PDF, portrait; Registration Marks: Type 1,
Length ``REG_LENGTH``, Thickness ``REG_THICKNESS``, Inset ``REG_INSET`` (docs/printing.md).
"""

from __future__ import annotations

import math

from .paper import Paper, parse_paper
from .sheet import Rect, SheetLayout, Spacing, _axis, is_better

REG_INSET = 10.0  # mm from each page edge to the middle of a mark's line (Studio's least)
REG_THICKNESS = 1.0  # mm: the line of the L marks
REG_LENGTH = 8.0  # mm: each arm of an L, from the corner's middle
REG_SQUARE = 5.0  # mm: the top-left square, to the middle of its edges (drawn 6 mm solid)
REG_CLEAR = 1.5  # mm kept free of print around every mark
CUT_RADIUS = 3.0  # mm: the cut outline's corners, as poker cards are rounded

_OUTER = REG_INSET - REG_THICKNESS / 2  # 9.5 mm: a mark's outer edge from the page edge
# the least distance from the page edge to any card's art: the marks' frame, 1.5 mm inside
# the inner edge of their lines (12 mm)
CUT_MARGIN = REG_INSET + REG_THICKNESS / 2 + REG_CLEAR


def registration_marks(page_w: float, page_h: float) -> list[Rect]:
    """The filled rectangles of the three marks on a ``page_w`` x ``page_h`` page."""
    t, arm, o = REG_THICKNESS, REG_LENGTH + REG_THICKNESS / 2, _OUTER
    side = REG_SQUARE + REG_THICKNESS
    return [
        Rect(o, page_h - o - side, side, side),  # top left: the square
        Rect(page_w - o - arm, page_h - o - t, arm, t),  # top right: the L's two arms
        Rect(page_w - o - t, page_h - o - arm, t, arm),
        Rect(o, o, arm, t),  # bottom left
        Rect(o, o, t, arm),
    ]


def gap(a: Rect, b: Rect) -> float:
    """The distance between two rectangles in mm: 0 when they touch or overlap."""
    dx = max(b.x - a.right, a.x - b.right, 0.0)
    dy = max(b.y - a.top, a.y - b.top, 0.0)
    return math.hypot(dx, dy)


def art_boxes(sheet: SheetLayout) -> list[Rect]:
    """Every card's art on a full sheet (its trim and its bleed) on the page as printed. A
    partly filled sheet's cards cover no more: a bleed that faces an empty slot lies on that
    slot's trim."""
    return [sheet.on_page(sheet.bleed_box(col, row)) for row in range(sheet.rows) for col in range(sheet.cols)]


def clear_of_marks(sheet: SheetLayout) -> bool:
    """Whether every card's art keeps ``REG_CLEAR`` from every registration mark and stays
    inside the marks' frame (``CUT_MARGIN`` from each page edge)."""
    w, h = sheet.printed_size
    marks = registration_marks(w, h)
    eps = 1e-9
    for box in art_boxes(sheet):
        if (box.x < CUT_MARGIN - eps or box.y < CUT_MARGIN - eps or box.right > w - CUT_MARGIN + eps
                or box.top > h - CUT_MARGIN + eps):
            return False
        if any(gap(box, mark) < REG_CLEAR - eps for mark in marks):
            return False
    return True


def clearances(page_w: float, page_h: float) -> list[float]:
    """The distances from the page edges worth keeping the cards' art along an axis: the
    marks' frame (``CUT_MARGIN``), and ``REG_CLEAR`` past the far side of each mark as seen
    from its nearest edge, across and down (12, 17 and 19.5 mm: past the Ls' short sides,
    the square, the Ls' arms). The grid is centred, so a clearance holds on both sides."""
    found = {CUT_MARGIN}
    for m in registration_marks(page_w, page_h):
        found.add(round(min(m.right, page_w - m.x) + REG_CLEAR, 9))
        found.add(round(min(m.top, page_h - m.y) + REG_CLEAR, 9))
    return sorted(found)


def fit_cutter_grid(paper: Paper | str, card_w: float, card_h: float, bleed: float, spacing: Spacing = "auto",
                    gutter: float | None = None) -> SheetLayout:
    """The arrangement that fits the most cards, then the most bleed (`pnp.layout.sheet.is_better`),
    with every card's art clear of the marks (`clear_of_marks`).

    Each orientation is tried with each pair of `clearances` across and down (the least
    first, so a tie keeps the most outer bleed); each candidate is measured, not assumed:
    on Letter, 8 poker cards lie across in butted columns between the Ls, their two rows
    17 mm from the long edges, clear of the square.
    """
    paper = parse_paper(paper)
    pw, ph = paper.size
    steps = clearances(pw, ph)
    best: SheetLayout | None = None
    for w, h in ((pw, ph), (ph, pw)):
        for rx in steps:  # from the page edges across the arrangement (down the printed page
            for ry in steps:  # when it lies turned) and down it
                across = _axis(w, card_w, bleed, spacing, gutter, 2 * rx, marks=False)
                down = _axis(h, card_h, bleed, spacing, gutter, 2 * ry, marks=False)
                if across is None or down is None:
                    continue
                layout = SheetLayout(paper.name, w, h, card_w, card_h, across.count, down.count, across.bleed,
                                     down.bleed, across.gutter, down.gutter, cutter=True)
                if is_better(layout, best) and clear_of_marks(layout):
                    best = layout
    if best is None:
        raise ValueError(f"a {card_w:g} x {card_h:g} mm card with {bleed:g} mm bleed does not fit inside a "
                         f"cutting machine's registration marks on {paper} paper")
    return best


def cut_outlines(sheet: SheetLayout, slots: list[tuple[int, int]]) -> list[Rect]:
    """The trim of each card at ``slots`` on the printed page: the lines the machine cuts."""
    return [sheet.on_page(sheet.trim_box(col, row)) for col, row in slots]
