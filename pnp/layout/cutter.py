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

from .paper import Paper, parse_paper
from .sheet import Rect, SheetLayout, Spacing, _axis, is_better

REG_INSET = 10.0  # mm from each page edge to the middle of a mark's line (Studio's least)
REG_THICKNESS = 1.0  # mm: the line of the L marks
REG_LENGTH = 8.0  # mm: each arm of an L, from the corner's middle
REG_SQUARE = 5.0  # mm: the top-left square, to the middle of its edges (drawn 6 mm solid)
REG_CLEAR = 1.5  # mm kept free of print around every mark
CUT_RADIUS = 3.0  # mm: the cut outline's corners, as poker cards are rounded

_OUTER = REG_INSET - REG_THICKNESS / 2  # 9.5 mm: a mark's outer edge from the page edge
# the least distance from the page edge to any card's art, and the corner square no card's
# art may enter (it holds a mark and the clearance around it)
CUT_MARGIN = REG_INSET + REG_THICKNESS / 2 + REG_CLEAR
CORNER = REG_INSET + REG_LENGTH + REG_THICKNESS / 2 + REG_CLEAR


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


def keep_out(page_w: float, page_h: float) -> list[Rect]:
    """The three corner squares no card's art may enter (mark and clearance)."""
    return [Rect(0, page_h - CORNER, CORNER, CORNER), Rect(page_w - CORNER, page_h - CORNER, CORNER, CORNER),
            Rect(0, 0, CORNER, CORNER)]


def fit_cutter_grid(paper: Paper | str, card_w: float, card_h: float, bleed: float, spacing: Spacing = "auto",
                    gutter: float | None = None) -> SheetLayout:
    """The arrangement that fits the most cards inside the marks' frame, clear of the corner
    squares, then the most bleed (`pnp.layout.sheet.is_better`: 6 poker cards on Letter lie
    turned, each with its own bleed, rather than upright in butted columns). The grid is
    centred, so it clears all three corners when it keeps ``CORNER`` from the page edge across
    or down; ``CUT_MARGIN`` the other way.
    """
    paper = parse_paper(paper)
    pw, ph = paper.size
    best: SheetLayout | None = None
    for w, h in ((pw, ph), (ph, pw)):
        landscape = w > h
        for across_page, down_page in ((CORNER, CUT_MARGIN), (CUT_MARGIN, CORNER)):
            # a landscape arrangement is printed turned: the page's across is its down
            rx, ry = (down_page, across_page) if landscape else (across_page, down_page)
            across = _axis(w, card_w, bleed, spacing, gutter, 2 * rx, marks=False)
            down = _axis(h, card_h, bleed, spacing, gutter, 2 * ry, marks=False)
            if across is None or down is None:
                continue
            layout = SheetLayout(paper.name, w, h, card_w, card_h, across.count, down.count, across.bleed,
                                 down.bleed, across.gutter, down.gutter, cutter=True)
            if is_better(layout, best):
                best = layout
    if best is None:
        raise ValueError(f"a {card_w:g} x {card_h:g} mm card with {bleed:g} mm bleed does not fit inside a "
                         f"cutting machine's registration marks on {paper} paper")
    return best


def cut_outlines(sheet: SheetLayout, slots: list[tuple[int, int]]) -> list[Rect]:
    """The trim of each card at ``slots`` on the printed page: the lines the machine cuts."""
    return [sheet.on_page(sheet.trim_box(col, row)) for col, row in slots]
