"""Boards and playmats (components of ``kind: board``): at real size, tiled over pages.

Each board is drawn once from its layout template into a PDF form XObject; every page
places that form, clipped to the page's tile, so the file stays small whatever the number
of tiles. Geometry (which part of the board each tile shows, where it is cut and glued)
comes from `pnp.layout.tiles`; this module only draws.

A board that takes more than one page starts with an assembly map: a small picture of the
whole board with the tile grid and the tiles' names and pages, and how to put them together.
Every page is portrait, keeps the 5 mm printer margin, and carries the footer and the 50 mm
ruler. Nothing is transparent (no ExtGState): guides are opaque lines and boxes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from ..data.components import MAX_BOARD_PAGES
from ..data.errors import InputError
from ..layout import model as lm
from ..layout import tiles as tl
from ..layout.paper import Paper
from ..layout.sheet import MARK_GAP, MARK_LENGTH, MIN_MARGIN, Rect
from ..options import PieceJob, PrintOptions
from . import fonts, furniture, measured, text
from .card import Face, FaceRenderer
from .colour import ink
from .forms import FormCache, face_key
from .images import ImageStore
from .measured import MIN_TEXT_PT
from .pagecheck import MARK_CLEAR
from .sheets import MARK_WIDTH, RenderReport

GUIDE_COLOUR = "#4d4d4d"
GLUE_HATCH = "#9a9a9a"
SEAM_COLOUR = "#b3261e"
CROSS_ARM = 3.5  # mm from a registration cross's centre to the end of an arm
CROSS_RING = 2.0  # mm, the radius of its circle
CROSS_LINE = 0.18  # mm, its black line (on a white casing of CROSS_CASING)
CROSS_CASING = 0.7
GLUE_LINE = 0.35  # mm, the dashed line a glue strip's neighbour is laid along
SIZE_TOLERANCE = 0.05  # mm: a board's data and its layout agree on its size within this


@dataclass
class _Board:
    game_title: str
    component: str
    name: str
    copies: int
    sample: bool
    face: Face
    plan: tl.TilePlan
    text: tuple[tuple[str, Rect], ...] = ()  # (element, where) of each line of text, board mm

    @property
    def pages_per_copy(self) -> int:
        return len(self.plan.tiles)

    @property
    def pages(self) -> int:
        return self.copies * self.pages_per_copy + (1 if self.pages_per_copy > 1 else 0)


def _percent(scale: float) -> str:
    return f"{scale * 100:.0f} %" if abs(scale * 100 - round(scale * 100)) < 1e-6 else f"{scale * 100:.1f} %"


def _mm(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def boards_of(jobs: list[Any], layouts: lm.Layouts, paper: Paper | str, board_scale: tl.Scale,
              bleed: float | None = None) -> list[_Board]:
    """Every board item of ``jobs`` (``PieceJob``s) with its template and tile plan.

    A board's data may give its ``width`` and ``height``; they must be its template's size.
    """
    boards = []
    pages = 0
    for job in jobs:
        comp = job.component
        try:
            template = layouts.template(str(comp.layout))
        except InputError as exc:
            raise InputError(job.source, f"component {comp.component!r}: {exc.message}") from None
        for item in comp.items:
            fields = item.fields()
            for key, size in (("width", template.width), ("height", template.height)):
                given = fields.get(key)
                number = isinstance(given, (int, float)) and not isinstance(given, bool)
                if given is not None and (not number or not abs(given - size) <= SIZE_TOLERANCE):
                    file, line = fields.where(key) if hasattr(fields, "where") else (None, None)
                    raise InputError(file or job.source, f"{comp.component} {item.name!r}: {key} is {given!r:.40} "
                                     f"mm but its layout {template.name!r} is {_mm(template.width)} x "
                                     f"{_mm(template.height)} mm", line=line, field=key)
            b = template.bleed if bleed is None else bleed
            label = f"{job.game}/{comp.component}/{item.name}"
            face = Face(template, fields, label, Path(job.source).parent)
            lines = text_of(face, layouts)
            try:
                plan = tl.plan(paper, template.width, template.height, b, board_scale,
                               text=[r for _, r in lines])
            except ValueError as exc:
                raise InputError(job.source, f"{comp.component} {item.name!r}: {exc}") from None
            board = _Board(job.game_title, comp.component, item.name, item.count, job.sample, face, plan,
                           tuple(lines))
            pages += board.pages
            if pages > MAX_BOARD_PAGES:  # the count from the card data times the pages of a tiled board
                file, line = fields.where("count") if hasattr(fields, "where") else (None, None)
                copies = f"{item.count} {'copy' if item.count == 1 else 'copies'}"
                raise InputError(file or job.source, f"{comp.component} {item.name!r}: the boards print {pages:,} "
                                 f"pages so far ({copies} of {board.pages_per_copy} pages on {paper} paper), over "
                                 f"the limit of {MAX_BOARD_PAGES:,}", line=line, field="count")
            boards.append(board)
    return boards


def text_of(face: Face, layouts: lm.Layouts) -> list[tuple[str, Rect]]:
    """Where the board ``face`` prints each line of text (element, board mm, y up from the trim's
    bottom-left): drawn once on a canvas that notes them, before the tiles are planned."""
    import io

    canvas = measured.MeasuredCanvas(io.BytesIO())
    canvas.inks = []
    FaceRenderer(canvas, layouts, ImageStore(canvas)).draw(face, 0.0, 0.0)
    return [(name, Rect(x0 / mm, y0 / mm, (x1 - x0) / mm, (y1 - y0) / mm)) for name, x0, y0, x1, y1 in canvas.inks]


class BoardRenderer:
    def __init__(self, canvas: Canvas, layouts: lm.Layouts) -> None:
        self.c = canvas
        self.faces = FaceRenderer(canvas, layouts, ImageStore(canvas))
        self.page = 0
        self.total = 0
        self._forms = FormCache(canvas, "Board")

    # --- the board itself -----------------------------------------------------------------

    def _form(self, board: _Board, text: bool = True) -> str:
        """The form XObject holding the whole board (trim origin at 0, 0; in points, unscaled);
        ``text`` False: without its text, for the assembly map's small picture of it, where
        every label would print at 2 pt, too small to read or to print."""
        face = board.face
        t = face.template
        m = (board.plan.bleed / board.plan.scale + 2) * mm  # the printed bleed, at any scale

        def draw() -> None:
            c = self.c
            bg = self.faces.resolve(t.background, face.fields)
            if bg:
                c.setFillColor(ink(bg))
                c.rect(-m, -m, t.width * mm + 2 * m, t.height * mm + 2 * m, stroke=0, fill=1)
            with measured.without_text(c, not text):
                self.faces.draw(face, 0.0, 0.0)

        return self._forms.get(face_key(face, board.plan.bleed, board.plan.scale, text),
                               (-m, -m, t.width * mm + m, t.height * mm + m), draw)

    def _place(self, form: str, plan: tl.TilePlan, ox: float, oy: float, k: float = 1.0) -> None:
        """Draw the board with its printed origin (trim bottom-left) at (ox, oy) mm on the page,
        the printed board shrunk ``k`` times more (the assembly map's picture)."""
        c = self.c
        c.translate(ox * mm, oy * mm)
        if k != 1.0:
            c.scale(k, k)
        if plan.turned:
            c.translate(plan.printed_w * mm, 0)
            c.rotate(90)
        if plan.scale != 1.0:
            c.scale(plan.scale, plan.scale)
        c.doForm(form)

    # --- small drawing helpers --------------------------------------------------------------

    def _text(self, s: str, x: float, y: float, size: float, style: str = "regular", colour: str = GUIDE_COLOUR,
              align: str = "left", angle: float = 0.0, box: str | None = None) -> None:
        """One line at (x, y) mm (its baseline), turned ``angle`` degrees, on an optional
        opaque box of colour ``box``."""
        c = self.c
        c.saveState()
        c.translate(x * mm, y * mm)
        if angle:
            c.rotate(angle)
        width = fonts.width(s, style, size)
        x0 = {"left": 0.0, "center": -width / 2, "right": -width}[align]
        if box:
            pad = size * 0.35
            c.setFillColor(ink(box))
            c.setStrokeColor(ink(GUIDE_COLOUR))
            c.setLineWidth(0.15 * mm)
            c.roundRect(x0 - pad, -size * 0.32 - pad * 0.6, width + 2 * pad, size * 1.05 + pad * 1.2,
                        size * 0.3, stroke=1, fill=1)
        c.setFillColor(ink(colour))
        c.setFont(fonts.font(style), size)
        c.drawString(x0, 0, s)
        c.restoreState()

    def _cross(self, x: float, y: float, keep: tuple[str, float] | None = None) -> None:
        """A registration cross centred on (x, y) mm: a ring and two arms, black on a white
        casing so it shows on dark and light art alike. ``keep``: only the half beyond a seam
        is drawn (``("right", x)``, ``("left", x)``, ``("below", y)``, ``("above", y)``), so
        nothing of it is left on the finished board."""
        c = self.c
        c.saveState()
        if keep is not None:
            side, at = keep
            big = 1000.0
            p = c.beginPath()
            if side == "right":
                p.rect(at * mm, (y - big) * mm, big * mm, 2 * big * mm)
            elif side == "left":
                p.rect((at - big) * mm, (y - big) * mm, big * mm, 2 * big * mm)
            elif side == "below":
                p.rect((x - big) * mm, (at - big) * mm, 2 * big * mm, big * mm)
            else:
                p.rect((x - big) * mm, at * mm, 2 * big * mm, big * mm)
            c.clipPath(p, stroke=0, fill=0)
        for colour, width in (("#ffffff", CROSS_CASING), ("#000000", CROSS_LINE)):
            c.setStrokeColor(ink(colour))
            c.setLineWidth(width * mm)
            c.circle(x * mm, y * mm, CROSS_RING * mm, stroke=1, fill=0)
            c.line((x - CROSS_ARM) * mm, y * mm, (x + CROSS_ARM) * mm, y * mm)
            c.line(x * mm, (y - CROSS_ARM) * mm, x * mm, (y + CROSS_ARM) * mm)
        c.restoreState()

    # --- a tile's page ----------------------------------------------------------------------

    def _glue_strips(self, plan: tl.TilePlan, tile: tl.Tile) -> None:
        c = self.c
        for strip, over in plan.glue_strips(tile):
            c.saveState()
            p = c.beginPath()
            p.rect(strip.x * mm, strip.y * mm, strip.w * mm, strip.h * mm)
            c.clipPath(p, stroke=0, fill=0)
            c.setStrokeColor(ink(GLUE_HATCH))
            c.setLineWidth(0.3 * mm)
            step = 3.0
            span = strip.w + strip.h
            k = 0.0
            while k <= span:
                c.line((strip.x + k) * mm, strip.y * mm, (strip.x + k - strip.h) * mm, strip.top * mm)
                k += step
            c.restoreState()
            # the line the next tile's cut edge is laid on
            vertical = strip.h > strip.w or (strip.h == strip.w and tile.right == "glue")
            # wholly inside the strip, touching its edge: nothing of it shows once covered
            c.saveState()
            for colour, width in (("#ffffff", GLUE_LINE + 0.35), ("#000000", GLUE_LINE)):
                c.setStrokeColor(ink(colour))
                c.setLineWidth(width * mm)
                if colour == "#000000":
                    c.setDash([2 * mm, 1.2 * mm])
                inset = (GLUE_LINE + 0.35) / 2
                if vertical:
                    x = strip.x + inset
                    c.line(x * mm, strip.y * mm, x * mm, strip.top * mm)
                else:
                    y = strip.top - inset
                    c.line(strip.x * mm, y * mm, strip.right * mm, y * mm)
            c.restoreState()
            note = f"glue · {over} goes on top · {_mm(plan.overlap)} mm"
            if vertical:
                cx = strip.x + strip.w / 2 + 0.9
                for t in (0.34, 0.66):
                    self._text(note, cx, strip.y + strip.h * t, MIN_TEXT_PT, "bold", "#1b1b1b", "center", 90, "#ffffff")
            else:
                cy = strip.y + strip.h / 2 - 0.9
                for t in (0.34, 0.66):
                    self._text(note, strip.x + strip.w * t, cy, MIN_TEXT_PT, "bold", "#1b1b1b", "center", 0, "#ffffff")

    def _crosses(self, plan: tl.TilePlan, tile: tl.Tile) -> None:
        """Half crosses at each seam of the tile, on the side that disappears: the glue strip
        of the tile underneath (covered by its neighbour) and the margin the tile on top loses
        when cut at the seam. Nothing of them shows on the assembled board."""
        for seam in plan.seams():
            if tile.label not in (seam.under, seam.over):
                continue
            under = tile.label == seam.under
            if seam.vertical:  # the tile underneath is on the left, its glue strip to the right of the seam
                at = tile.to_page(seam.at, 0.0)[0]
                keep = ("right" if under else "left", at)
            else:  # the tile underneath is above, its glue strip below the seam
                at = tile.to_page(0.0, seam.at)[1]
                keep = ("below" if under else "above", at)
            for u, v in seam.crosses():
                self._cross(*tile.to_page(u, v), keep=keep)

    def _cut_marks(self, plan: tl.TilePlan, tile: tl.Tile) -> None:
        """Crop marks at each line the tile is cut along, outside its picture."""
        c = self.c
        p = tile.page
        xs, ys = tile.cut_lines(plan.bleed)
        c.saveState()
        c.setStrokeColor(ink("#000000"))
        c.setLineWidth(MARK_WIDTH * mm)
        for x in xs:
            c.line(x * mm, (p.top + MARK_GAP) * mm, x * mm, (p.top + MARK_GAP + MARK_LENGTH) * mm)
            c.line(x * mm, (p.y - MARK_GAP) * mm, x * mm, (p.y - MARK_GAP - MARK_LENGTH) * mm)
        for y in ys:
            c.line((p.x - MARK_GAP) * mm, y * mm, (p.x - MARK_GAP - MARK_LENGTH) * mm, y * mm)
            c.line((p.right + MARK_GAP) * mm, y * mm, (p.right + MARK_GAP + MARK_LENGTH) * mm, y * mm)
        c.restoreState()

    def _edge_notes(self, plan: tl.TilePlan, tile: tl.Tile) -> None:
        """What to do with each edge, written in the band beside it."""
        p = tile.page
        size = MIN_TEXT_PT

        def note(side: str) -> str:
            kind = getattr(tile, side)
            if kind == "board":
                return "board edge: cut on the crop marks"
            if kind == "cut":
                return (f"cut along the edge of the picture · lay it over the glue strip of "
                        f"{plan.neighbour_under(tile, side)}")
            over = plan.at(tile.row, tile.col + 1) if side == "right" else plan.at(tile.row + 1, tile.col)
            return f"glue strip ({_mm(plan.overlap)} mm): keep it · {over.label} goes on top"

        # clear of the registration crosses, whose arms (on their white casing) reach
        # CROSS_ARM mm beyond the edge, by MARK_CLEAR and the line's descent
        ascent, descent = (v * size / mm for v in pdfmetrics.getAscentDescent(fonts.font("regular"), 1))
        gap = CROSS_ARM + CROSS_CASING / 2 + MARK_CLEAR - descent
        self._text(note("top"), p.x + p.w / 2, p.top + gap, size, align="center")
        self._text(note("bottom"), p.x + p.w / 2, p.y - gap - ascent - descent, size, align="center")
        self._text(note("left"), p.x - gap, p.y + p.h / 2, size, align="center", angle=90)
        self._text(note("right"), p.right + gap + ascent + descent, p.y + p.h / 2, size, align="center", angle=90)

    def _locator(self, plan: tl.TilePlan, tile: tl.Tile | None, x: float, y: float, h: float) -> float:
        """A tiny grid of the tiles with ``tile`` filled, its bottom-left at (x, y) mm; returns
        its width."""
        cell = min(2.4, h / plan.rows, 24.0 / plan.cols)
        x += 0.1  # its outline's half width: the grid stays out of the printer margin
        c = self.c
        c.saveState()
        c.setLineWidth(0.2 * mm)
        c.setStrokeColor(ink("#000000"))
        for t in plan.tiles:
            c.setFillColor(ink("#000000" if tile is not None and t.label == tile.label else "#ffffff"))
            c.rect((x + t.col * cell) * mm, (y + (plan.rows - 1 - t.row) * cell) * mm, cell * mm, cell * mm,
                   stroke=1, fill=1)
        c.restoreState()
        return cell * plan.cols + 0.1

    def _furniture(self, plan: tl.TilePlan, footer: str, left: str, right: str, tile: tl.Tile | None,
                   show_locator: bool) -> None:
        pw, ph = plan.page_w, plan.page_h
        top = ph - MIN_MARGIN
        ruler_w = furniture.RULER_MM + 2
        furniture.ruler(self.c, (pw - ruler_w) / 2, top - furniture.RULER_HEIGHT, ruler_w, furniture.RULER_HEIGHT)
        x = MIN_MARGIN
        if show_locator:
            x += self._locator(plan, tile, x, top - tl.HEADER_BAND + 0.8, tl.HEADER_BAND - 1.2) + 2
        room = (pw - ruler_w) / 2 - x - 2
        size = 9.0
        while size > 5 and fonts.width(left, "bold", size) > room * mm:
            size -= 0.25
        self._text(left, x, top - tl.HEADER_BAND / 2 - size * 0.3528 * 0.35, size, "bold", "#1b1b1b")
        size = 6.0
        room = (pw - ruler_w) / 2 - MIN_MARGIN - 2
        while size > 4 and fonts.width(right, "regular", size) > room * mm:
            size -= 0.25
        self._text(right, pw - MIN_MARGIN, top - tl.HEADER_BAND / 2 - size * 0.3528 * 0.35, size, "regular",
                   "#1b1b1b", "right")
        # raised a little: the line's descenders stay clear of the printer margin
        furniture.footer(self.c, footer, MIN_MARGIN, MIN_MARGIN + 0.6, pw - 2 * MIN_MARGIN, furniture.FOOTER_HEIGHT)

    def _footer(self, board: _Board, what: str) -> str:
        note = " · sample data" if board.sample else ""
        return (f"{board.game_title} · {board.component} “{board.name}” · {what} · "
                f"page {self.page + 1} of {self.total}{note}")

    def _scale_note(self, plan: tl.TilePlan) -> str:
        if plan.scale == 1.0:
            return "real size (scale 100 %)"
        return (f"scale {_percent(plan.scale)} of the real size {_mm(plan.board_w)} × {_mm(plan.board_h)} mm"
                + (" · fitted to one page" if len(plan.tiles) == 1 else ""))

    def _tile_page(self, board: _Board, form: str, tile: tl.Tile, copy: int) -> None:
        c = self.c
        plan = board.plan
        c.setPageSize((plan.page_w * mm, plan.page_h * mm))
        c.saveState()
        c.saveState()
        p = c.beginPath()
        p.rect(tile.page.x * mm, tile.page.y * mm, tile.page.w * mm, tile.page.h * mm)
        c.clipPath(p, stroke=0, fill=0)
        self._place(form, plan, tile.dx, tile.dy)
        c.restoreState()
        with measured.furniture(c, "the glue strip"):
            self._glue_strips(plan, tile)
        with measured.marks(c, "registration cross"):
            self._crosses(plan, tile)
        with measured.marks(c, "crop mark"):
            self._cut_marks(plan, tile)
        with measured.furniture(c, "the notes beside the tile"):
            self._edge_notes(plan, tile)
        n = len(plan.tiles)
        copies = f" · copy {copy} of {board.copies}" if board.copies > 1 else ""
        if n > 1:
            what = f"tile {tile.label} (row {tl.row_name(tile.row)}, column {tile.col + 1}) of {n}{copies}"
            left = f"Tile {tile.label} of {n} · {board.name}"
            right = f"overlap {_mm(plan.overlap)} mm · {self._scale_note(plan)}"
        else:
            what = f"whole board{copies}" + ("" if plan.scale == 1.0 else f" · scale {_percent(plan.scale)}")
            left = f"{board.name} · scale {_percent(plan.scale)}"
            right = self._scale_note(plan)
        with measured.furniture(c, "the tile's heading"):
            self._furniture(plan, self._footer(board, what), left, right, tile, n > 1)
        c.restoreState()
        c.showPage()
        self.page += 1

    # --- the assembly map -------------------------------------------------------------------

    def _map_page(self, board: _Board, form: str, first_tile_page: int) -> None:
        with measured.furniture(self.c, "the assembly map"):
            self._draw_map_page(board, form, first_tile_page)

    def _draw_map_page(self, board: _Board, form: str, first_tile_page: int) -> None:
        c = self.c
        plan = board.plan
        pw, ph = plan.page_w, plan.page_h
        c.setPageSize((pw * mm, ph * mm))
        c.saveState()
        x0, x1 = MIN_MARGIN + 5, pw - MIN_MARGIN - 5
        y = ph - MIN_MARGIN - tl.HEADER_BAND - 8
        self._text(f"{board.game_title} · {board.component} “{board.name}”: assembly map", x0, y, 13, "bold",
                   "#1b1b1b")
        y -= 6
        pages = f"pages {first_tile_page}–{first_tile_page + len(plan.tiles) - 1}"
        lines = [
            f"{_mm(plan.board_w)} × {_mm(plan.board_h)} mm board, printed at {self._scale_note(plan)}, "
            f"in {len(plan.tiles)} tiles ({plan.cols} column{'s' if plan.cols > 1 else ''} × {plan.rows} "
            f"row{'s' if plan.rows > 1 else ''}) on {plan.paper.upper() if plan.paper == 'a4' else plan.paper.title()} "
            f"paper, {pages}.",
            f"Neighbouring tiles overlap by {_mm(plan.overlap)} mm: the hatched glue strip of one lies under "
            f"the cut edge of the next.",
        ]
        if board.copies > 1:
            lines.append(f"{board.copies} copies: the tiles follow {board.copies} times, one set per copy.")
        if plan.turned:
            lines.append("The board is printed turned a quarter to take fewer pages: its top is at the left "
                         "of the pages, as on this map.")
        for line in lines:
            y = self._paragraph(line, x0, y, x1 - x0, 8.0) - 1.2
        # the picture: the whole printed board, with the tiles over it
        steps_h = 62.0
        box_w = x1 - x0
        box_h = y - 4 - (MIN_MARGIN + tl.FOOTER_BAND + steps_h)
        full_w, full_h = plan.printed_w + 2 * plan.bleed, plan.printed_h + 2 * plan.bleed
        k = min(box_w / full_w, box_h / full_h)
        ox = x0 + (box_w - full_w * k) / 2 + plan.bleed * k
        oy = y - 4 - box_h + (box_h - full_h * k) / 2 + plan.bleed * k
        c.saveState()
        p = c.beginPath()
        p.rect(ox * mm, oy * mm, plan.printed_w * k * mm, plan.printed_h * k * mm)
        c.clipPath(p, stroke=0, fill=0)
        self._place(form, plan, ox, oy, k)
        c.restoreState()

        def at(u: float, v: float) -> tuple[float, float]:
            return ox + u * k, oy + v * k

        c.saveState()
        c.setLineWidth(0.3 * mm)
        c.setStrokeColor(ink("#000000"))
        c.rect(ox * mm, oy * mm, plan.printed_w * k * mm, plan.printed_h * k * mm, stroke=1, fill=0)
        for seam in plan.seams():  # the glue strip's far edge, dashed; the cut edge, solid
            far = seam.at + plan.overlap if seam.vertical else seam.at - plan.overlap
            for pos, dash in ((far, True), (seam.at, False)):
                lo, hi = max(seam.lo - plan.overlap, 0), min(seam.hi + plan.overlap,
                                                            plan.printed_h if seam.vertical else plan.printed_w)
                if seam.vertical:
                    (ax, ay), (bx, by) = at(pos, lo), at(pos, hi)
                else:
                    (ax, ay), (bx, by) = at(lo, pos), at(hi, pos)
                for colour, width in (("#ffffff", 0.9), (SEAM_COLOUR, 0.4)):
                    c.setStrokeColor(ink(colour))
                    c.setLineWidth(width * mm)
                    c.setDash([1.2 * mm, 0.8 * mm] if dash and colour != "#ffffff" else [])
                    c.line(ax * mm, ay * mm, bx * mm, by * mm)
        c.restoreState()
        for i, tile in enumerate(plan.tiles):
            cx, cy = at(tile.part.x + tile.part.w / 2, tile.part.y + tile.part.h / 2)
            self._text(tile.label, cx, cy, 16, "bold", "#1b1b1b", "center", box="#ffffff")
            self._text(f"page {first_tile_page + i}", cx, cy - 5.5, 6.5, "regular", "#1b1b1b", "center",
                       box="#ffffff")
        if plan.turned:
            self._text("top of the board", ox - 2.0, oy + plan.printed_h * k / 2, 7, "italic", "#1b1b1b",
                       "center", 90)
        # how to put it together
        y = MIN_MARGIN + tl.FOOTER_BAND + steps_h - 2
        self._text("Putting it together", x0, y, 10, "bold", "#1b1b1b")
        y -= 5
        first, second = plan.tiles[0].label, plan.tiles[1].label
        steps = [
            "1. Print every page at 100 % (actual size, not “fit to page”): the ruler at the top of "
            "each page must measure 50 mm.",
            "2. Cut each tile along the crop marks: on its left and top, along the edge of the picture "
            "(there it lies over its neighbour), and on the board's outer edges at the trim. Keep the "
            "hatched glue strips on the right and at the bottom.",
            f"3. Lay the tiles out as on this map. Starting from {first}, spread glue on a hatched strip and "
            f"lay the next tile over it ({second} over {first}, and so on, row by row) so that its cut edge "
            "runs along the dashed line and covers the half crosses of the strip.",
            "4. For a sturdier board, glue the whole onto card or foam board, then trim the outer edge again.",
        ]
        for step in steps:
            y = self._paragraph(step, x0, y, x1 - x0, 8.0) - 1.0
        self._furniture(plan, self._footer(board, "assembly map"),
                        f"Assembly map · {board.name}", f"overlap {_mm(plan.overlap)} mm · {self._scale_note(plan)}",
                        None, True)
        c.restoreState()
        c.showPage()
        self.page += 1

    def _paragraph(self, s: str, x: float, y: float, w: float, size: float) -> float:
        """Wrapped text whose first line's top is at y mm; returns the y below it."""
        fitted = text.fit(s, "regular", size, size, 1.3, w * mm, 1000 * mm, True, lambda _: False)
        text.draw(self.c, fitted, "regular", x * mm, y * mm, w * mm, fitted.height, "left", "top", "#1b1b1b",
                  lambda *a: None)
        return y - fitted.height / mm

    # --- all boards -----------------------------------------------------------------------

    def render(self, boards: list[_Board]) -> RenderReport:
        report = RenderReport()
        self.total = sum(b.pages for b in boards)
        for board in boards:
            form = self._form(board)
            if board.pages_per_copy > 1:  # its picture drawn without the board's text (see _map_page)
                self._map_page(board, self._form(board, text=False), self.page + 2)
            for copy in range(1, board.copies + 1):
                for tile in board.plan.tiles:
                    self._tile_page(board, form, tile, copy)
                report.faces += 1
                report.fronts[board.component] = report.fronts.get(board.component, 0) + 1
            for name, seam in tl.near_seams(board.plan, board.text):
                report.warnings.append(f"{board.face.label}: '{name}' prints within {tl.SEAM_CLEAR:g} mm of the cut "
                                       f"between tiles {seam.under} and {seam.over} (or across it): move it, or "
                                       f"the board's text, clear of the seam")
            if board.plan.scale != 1.0:
                report.warnings.append(f"{board.face.label}: printed at {_percent(board.plan.scale)} of its real "
                                       f"size ({_mm(board.plan.board_w)} × {_mm(board.plan.board_h)} mm): "
                                       f"its card places are not the size of the cards")
        report.pages = self.page
        report.warnings = self.faces.warnings + report.warnings
        return report


def render(canvas: Canvas, jobs: list[PieceJob], layouts: lm.Layouts, options: PrintOptions) -> RenderReport:
    """Draw every board of ``jobs`` (``pnp.build.PieceJob``s of ``kind: board``) into ``canvas``.

    ``options``: its ``paper``, ``board_scale`` (None: real size,
    tiled; a number: that scale, tiled when still too big; "fit": one page a board) and
    ``bleed`` (None: each template's own).
    """
    boards = boards_of(jobs, layouts, options.paper, options.board_scale, options.bleed)
    return BoardRenderer(canvas, layouts).render(boards)
