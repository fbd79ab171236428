"""Boards larger than the paper: how a board is cut into tiles over portrait pages.

Pure geometry in mm, no drawing (the drawing is ``pnp/render/boards.py``).

A board of W x H mm (its trim), printed at ``scale``, possibly turned a quarter so that it
takes fewer pages, is split into a grid of tiles. Neighbouring tiles both print the same
``overlap`` mm wide strip of the board. Assembly: a tile's left and top edges (where it has
a neighbour) are *cut* along the edge of its picture; its right and bottom strips are *glue*
strips, which the next tile covers. Registration crosses sit on each seam's cut line, so
that half of each cross is on either tile once they are laid together. The board's own outer
edges carry ``bleed`` mm of picture beyond the trim and crop marks at the trim.

Tiles are named by row (letters, from the top) and column (numbers, from the left) as they
lie on the table: A1 is the top-left tile.

Coordinates: mm. The *printed board* has its origin at the trim's bottom-left corner, y up,
after scaling and turning; a page has its origin at its bottom-left corner, y up (as PDF).
A board that is turned lies with its top towards the left edge of the pages (a quarter turn
anticlockwise, as a landscape card sheet is printed).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Sequence, Union

from .paper import Paper, parse_paper
from .sheet import MIN_MARGIN, Rect

OVERLAP = 10.0  # mm of the board printed on both of two neighbouring tiles
FOOTER_BAND = 4.0  # mm above the printer margin for the footer line
HEADER_BAND = 6.0  # mm below the printer margin for the ruler and the tile's name
MARK_BAND = 7.0  # mm around a tile's picture for crop marks and the cut / glue guides
CROSSES_PER_SEAM = 3
SEAM_CLEAR = 3.0  # mm a cut keeps from any text (a label cut through, or on its edge, reads badly)

Edge = Literal["board", "cut", "glue"]
Scale = Union[float, Literal["fit"], None]


def row_name(row: int) -> str:
    """A, B, ... Z, AA, AB, ... for rows 0, 1, ..."""
    name = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def tile_area(paper: Paper | str) -> Rect:
    """The part of a portrait page a tile's picture may cover (page mm)."""
    pw, ph = parse_paper(paper).size
    x = MIN_MARGIN + MARK_BAND
    y = MIN_MARGIN + FOOTER_BAND + MARK_BAND
    return Rect(x, y, pw - 2 * x, ph - y - (MIN_MARGIN + HEADER_BAND + MARK_BAND))


def split(length: float, bleed: float, overlap: float, room: float, avoid: Sequence[tuple[float, float]] = (),
          cut_at_start: bool = True) -> list[tuple[float, float]]:
    """The intervals one axis of a board is split into, fewest first.

    ``length`` is the trim; the first interval starts ``bleed`` before it and the last ends
    ``bleed`` after it; neighbours share exactly ``overlap``; none is longer than ``room``. They
    are all the same length unless a cut would fall in one of the ``avoid`` intervals (text, with
    its clearance): each cut then moves, as little as the room allows, out of them; when the fewest
    intervals cannot clear the text, one or two more are tried (a label cut in two is worse than a
    page more), else the fewest are kept and the build warns. A cut is where the later interval
    starts (``cut_at_start``), else where the earlier one ends.
    """
    total = length + 2 * bleed
    if total <= room + 1e-9:
        return [(-bleed, length + bleed)]
    if room <= overlap:
        raise ValueError(f"a tile of {room} mm cannot overlap its neighbour by {overlap} mm")
    fewest = math.ceil((total - overlap) / (room - overlap) - 1e-9)
    first = None
    for n in (fewest, fewest + 1, fewest + 2) if avoid else (fewest,):
        intervals, clear = _split_in(n, length, bleed, overlap, room, avoid, 0.0 if cut_at_start else overlap)
        if clear:
            return intervals
        first = first or intervals
    assert first is not None
    return first


def _split_in(n: int, length: float, bleed: float, overlap: float, room: float, avoid: Sequence[tuple[float, float]],
              off: float) -> tuple[list[tuple[float, float]], bool]:
    """``n`` intervals as `split` makes them, and whether every cut (``off`` from the start of
    the later interval) is clear of ``avoid``."""
    t = (length + 2 * bleed + (n - 1) * overlap) / n

    def clear(start: float) -> bool:
        return not any(lo < start + off < hi for lo, hi in avoid)

    starts, ok = [-bleed], True
    for k in range(1, n):
        target = -bleed + k * (t - overlap)
        rest = n - k  # the intervals from this one on cover what is left
        lo = max(starts[-1] + 2 * overlap, length + bleed - rest * room + (rest - 1) * overlap)
        hi = starts[-1] + room - overlap
        choices = [target, lo, hi] + [edge - off + d for a, b in avoid for edge, d in ((a, -1e-6), (b, 1e-6))]
        fit = [c for c in choices if lo - 1e-9 <= c <= hi + 1e-9 and clear(c)]
        ok = ok and bool(fit)
        starts.append(min(fit, key=lambda c: abs(c - target)) if fit else target)
    ends = [s + overlap for s in starts[1:]] + [length + bleed]
    return list(zip(starts, ends)), ok


@dataclass(frozen=True)
class Tile:
    row: int  # 0: the top row
    col: int  # 0: the left column
    label: str  # "A1"
    part: Rect  # the part of the printed board it shows (printed-board mm, bleed included)
    page: Rect  # where that part lies on the page
    left: Edge
    right: Edge
    top: Edge
    bottom: Edge

    @property
    def dx(self) -> float:
        return self.page.x - self.part.x

    @property
    def dy(self) -> float:
        return self.page.y - self.part.y

    def to_page(self, u: float, v: float) -> tuple[float, float]:
        """A printed-board point on this tile's page."""
        return u + self.dx, v + self.dy

    def cut_lines(self, bleed: float) -> tuple[list[float], list[float]]:
        """Where this tile is cut (page mm): x of its vertical and y of its horizontal cuts.

        The left and top edges are always cut (at the board's trim or at the seam); the
        right and bottom only at the board's trim (a glue strip stays on).
        """
        p = self.page
        xs = [p.x + (bleed if self.left == "board" else 0.0)]
        if self.right == "board":
            xs.append(p.right - bleed)
        ys = [p.top - (bleed if self.top == "board" else 0.0)]
        if self.bottom == "board":
            ys.append(p.y + bleed)
        return xs, ys


@dataclass(frozen=True)
class Seam:
    """Where two neighbouring tiles meet: ``over`` is laid on the glue strip of ``under``.

    ``vertical``: the seam runs up and down at ``at`` (printed-board u), from ``lo`` to ``hi``
    (v); else it runs across at v = ``at`` from u = ``lo`` to ``hi``. ``at`` is the cut edge
    of ``over``; the glue strip of ``under`` runs from there ``overlap`` mm into ``under``.
    """

    vertical: bool
    at: float
    lo: float
    hi: float
    under: str
    over: str

    def crosses(self, n: int = CROSSES_PER_SEAM) -> list[tuple[float, float]]:
        """Registration crosses along the seam (printed-board mm), clear of its ends."""
        pts = []
        for i in range(n):
            t = self.lo + (self.hi - self.lo) * (i + 0.5) / n
            pts.append((self.at, t) if self.vertical else (t, self.at))
        return pts


@dataclass(frozen=True)
class TilePlan:
    paper: str
    page_w: float
    page_h: float
    board_w: float  # the board's real trim size, as designed (not turned)
    board_h: float
    scale: float
    turned: bool
    bleed: float  # printed mm beyond the trim on the board's outer edges
    overlap: float
    cols: int
    rows: int
    tiles: tuple[Tile, ...]

    @property
    def printed_w(self) -> float:
        """The trim's printed width, across the pages (after turning and scaling)."""
        return (self.board_h if self.turned else self.board_w) * self.scale

    @property
    def printed_h(self) -> float:
        return (self.board_w if self.turned else self.board_h) * self.scale

    def tile(self, label: str) -> Tile:
        return next(t for t in self.tiles if t.label == label)

    def at(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]

    def to_board(self, u: float, v: float) -> tuple[float, float]:
        """A printed-board point as a point of the board as designed (mm, y up)."""
        x, y = u / self.scale, v / self.scale
        return (y, self.board_h - x) if self.turned else (x, y)

    def seams(self) -> list[Seam]:
        out: list[Seam] = []
        for t in self.tiles:
            if t.right == "glue":
                right = self.at(t.row, t.col + 1)
                lo = t.part.y + (self.overlap if t.bottom == "glue" else self.bleed)
                hi = t.part.top - (self.overlap if t.top == "cut" else self.bleed)
                out.append(Seam(True, right.part.x, lo, hi, t.label, right.label))
            if t.bottom == "glue":
                below = self.at(t.row + 1, t.col)
                lo = t.part.x + (self.overlap if t.left == "cut" else self.bleed)
                hi = t.part.right - (self.overlap if t.right == "glue" else self.bleed)
                out.append(Seam(False, below.part.top, lo, hi, t.label, below.label))
        return out

    def glue_strips(self, tile: Tile) -> list[tuple[Rect, str]]:
        """The strips of ``tile`` that its right and lower neighbours cover (page mm), with
        the neighbour's name."""
        p, ov = tile.page, self.overlap
        out = []
        if tile.right == "glue":
            out.append((Rect(p.right - ov, p.y, ov, p.h), self.at(tile.row, tile.col + 1).label))
        if tile.bottom == "glue":
            out.append((Rect(p.x, p.y, p.w, ov), self.at(tile.row + 1, tile.col).label))
        return out

    def neighbour_under(self, tile: Tile, side: str) -> str | None:
        """The name of the tile whose glue strip ``tile``'s cut edge ``side`` lies on."""
        if side == "left" and tile.left == "cut":
            return self.at(tile.row, tile.col - 1).label
        if side == "top" and tile.top == "cut":
            return self.at(tile.row - 1, tile.col).label
        return None


def _span(r: Rect, board_h: float, scale: float, turned: bool) -> tuple[float, float, float, float]:
    """A board box (mm, y up) on the printed board: its u0, u1, v0, v1."""
    if turned:  # u = (board_h - y) * scale, v = x * scale
        return (board_h - r.top) * scale, (board_h - r.y) * scale, r.x * scale, r.right * scale
    return r.x * scale, r.right * scale, r.y * scale, r.top * scale


def _text_spans(text: Sequence[Rect], board_h: float, scale: float,
                turned: bool) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The printed-board u and v ranges of each text box, widened by `SEAM_CLEAR`."""
    spans = [_span(r, board_h, scale, turned) for r in text]
    return ([(u0 - SEAM_CLEAR, u1 + SEAM_CLEAR) for u0, u1, _, _ in spans],
            [(v0 - SEAM_CLEAR, v1 + SEAM_CLEAR) for _, _, v0, v1 in spans])


def near_seams(plan: TilePlan, text: Sequence[tuple[str, Rect]]) -> list[tuple[str, Seam]]:
    """(name, seam) for each text box (board mm) that comes within `SEAM_CLEAR` of a cut or crosses it."""
    seams = plan.seams()
    found = []
    for name, r in text:
        u0, u1, v0, v1 = _span(r, plan.board_h, plan.scale, plan.turned)
        for seam in seams:
            (a0, a1), (l0, l1) = ((u0, u1), (v0, v1)) if seam.vertical else ((v0, v1), (u0, u1))
            if a0 - SEAM_CLEAR < seam.at < a1 + SEAM_CLEAR and l1 > seam.lo and l0 < seam.hi:
                found.append((name, seam))
                break
    return found


def _fit_scale(paper: Paper, w: float, h: float, bleed: float) -> tuple[float, bool]:
    """The largest scale (whole percent, at most 1) at which the board fits one tile, and
    whether it is turned for it."""
    area = tile_area(paper)
    best = (0.0, False)
    for turned in (False, True):
        pw, ph = (h, w) if turned else (w, h)
        s = min((area.w - 2 * bleed) / pw, (area.h - 2 * bleed) / ph, 1.0)
        s = math.floor(s * 100 + 1e-9) / 100
        if s > best[0] + 1e-12:
            best = (s, turned)
    if best[0] <= 0:
        raise ValueError(f"a {w} x {h} mm board does not fit on {paper} paper")
    return best


def plan(paper: Paper | str, board_w: float, board_h: float, bleed: float = 3.0, scale: Scale = None,
         overlap: float = OVERLAP, text: Sequence[Rect] = ()) -> TilePlan:
    """Tile a ``board_w`` x ``board_h`` mm board over portrait ``paper`` pages.

    ``scale``: None or 1.0 real size; a number scales the board first; ``"fit"`` scales it
    down (never up) to fit one page. The board is turned a quarter when that takes fewer
    pages (or, to fit, allows a larger scale); a tie keeps it upright. ``text``: where the board
    prints text (board mm, y up): the cuts keep `SEAM_CLEAR` from it where the pages allow.
    """
    if board_w <= 0 or board_h <= 0:
        raise ValueError("a board has a size above 0")
    paper = parse_paper(paper)
    area = tile_area(paper)
    pw, ph = paper.size
    if scale == "fit":
        s, turned = _fit_scale(paper, board_w, board_h, bleed)
        options = [(turned, s)]
    else:
        s = 1.0 if scale is None else float(scale)
        if not (s > 0):
            raise ValueError(f"a board's scale is above 0, got {scale!r}")
        options = [(False, s), (True, s)]
    best = None
    for turned, s in options:
        w, h = (board_h * s, board_w * s) if turned else (board_w * s, board_h * s)
        across, down = _text_spans(text, board_h, s, turned)
        xs = split(w, bleed, overlap, area.w, across, cut_at_start=True)
        ys = split(h, bleed, overlap, area.h, down, cut_at_start=False)  # a lower tile's top is cut
        if best is None or len(xs) * len(ys) < len(best[2]) * len(best[3]):
            best = (turned, s, xs, ys)
    assert best is not None
    turned, s, xs, ys = best
    ys = list(reversed(ys))  # rows from the top
    tiles = []
    for r, (v0, v1) in enumerate(ys):
        for c, (u0, u1) in enumerate(xs):
            part = Rect(u0, v0, u1 - u0, v1 - v0)
            page = Rect(area.x + (area.w - part.w) / 2, area.y + (area.h - part.h) / 2, part.w, part.h)
            tiles.append(Tile(
                r, c, f"{row_name(r)}{c + 1}", part, page,
                left="board" if c == 0 else "cut",
                right="board" if c == len(xs) - 1 else "glue",
                top="board" if r == 0 else "cut",
                bottom="board" if r == len(ys) - 1 else "glue",
            ))
    return TilePlan(paper.name, pw, ph, board_w, board_h, s, turned, bleed, overlap, len(xs), len(ys), tuple(tiles))
