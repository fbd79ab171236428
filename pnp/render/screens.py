"""Player screens: a folding screen per sheet, its outside on one side and its inside on the
other, its trim marked by corner marks and its folds by dashed lines (docs/screens.md).

A screen item gives its size and its panels (``width``, ``height`` in mm, ``panels``: the
panel widths from the outside's left edge); its component names the outside's template
(``layout``) and the inside's (``back: {layout: ...}``, whose other fields the inside reads
with the item's own). The templates draw the art and the text; this module draws what makes
the sheet a screen: a dashed fold line between each two panels on both sides, corner and fold
marks outside the bleed, the calibration ruler and the footer. The trim is marked by the corner
marks only, as print shops mark a cut: a line on it would print as a dark hairline on the
screen's edge wherever a cut strays a little inward (issue 27).

A screen is wider than a portrait page, so it lies along the page's long side and, as every
landscape arrangement of ours, is drawn turned a quarter on a portrait page. Duplex: the
inside lands behind the outside (`pnp.layout.sheet.mirrors_left_right`). Seen from behind,
the outside's left panel is the owner's right one, so a fold ``u`` mm from the outside's
left edge is ``width - u`` mm from the inside's left edge. Where the sheet turns top-bottom
(a long-edge flip, as the screen lies on the page), the inside is drawn upside down, so that
it stands the same way up as the outside once folded.

The screen is drawn at full size, with the bleed that fits the paper (the template's 3 mm on
A4, 2.7 mm on Letter; a ``--bleed`` that does not fit is cut down with a warning); a screen
too big for the paper is scaled down to fit, with a warning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any


from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..data.errors import InputError
from ..layout import model as lm
from ..layout.paper import Paper, parse_paper
from ..layout.sheet import MARK_GAP, MARK_LENGTH, MIN_MARGIN, Duplex, Rect, mirrors_left_right
from . import fonts, furniture, measured
from .card import Face, FaceRenderer
from .colour import ink, mix
from .images import ImageStore
from .sheets import RenderReport

if TYPE_CHECKING:
    from ..options import PieceJob, PrintOptions

FOLD_WIDTH = 0.3  # mm: the dashed fold lines
FOLD_DASH = (3.0, 2.0)  # mm on, mm off
MARK_WIDTH = 0.25  # mm: corner and fold marks outside the bleed, as on the card sheets
FOLD_MARK_DASH = (1.0, 0.75)  # mm: a fold mark is dashed too, a corner mark solid
FOLD_CLEAR = 4.0  # mm: what must be read keeps this far from a fold
MIN_BLEED = 1.0  # mm: below this, shrink the screen rather than the bleed
LEGEND_HEIGHT = 3.0  # mm

_FLIP = {
    "long-edge": "print double-sided, flip on long edge",
    "short-edge": "print double-sided, flip on short edge",
    "off": "glue behind its outside sheet, turned over its long edge",
}
_READ = ("rect", "line", "art")  # element types that may cross a fold (everything else is read)


@dataclass(frozen=True)
class ScreenSheet:
    """Where one screen goes on a page: landscape geometry in mm, origin bottom-left.

    ``trim`` is where the outside is cut, on the front page; ``folds`` are measured from the
    outside's left edge, before ``scale``.
    """

    paper: str
    page_w: float  # landscape: the paper's long side
    page_h: float
    width: float
    height: float
    folds: tuple[float, ...]
    bleed: float
    scale: float = 1.0
    margin: float = MIN_MARGIN

    @property
    def trim(self) -> Rect:
        w, h = self.width * self.scale, self.height * self.scale
        return Rect((self.page_w - w) / 2, (self.page_h - h) / 2, w, h)

    def back_trim(self, duplex: Duplex) -> Rect:
        """The trim on the back page: the front's, mirrored as the sheet turns over."""
        t = self.trim
        if mirrors_left_right(duplex, True):
            return Rect(self.page_w - t.right, t.y, t.w, t.h)
        return Rect(t.x, self.page_h - t.top, t.w, t.h)

    def back_turned(self, duplex: Duplex) -> bool:
        """Whether the inside is drawn upside down (the sheet turns top-bottom)."""
        return not mirrors_left_right(duplex, True)

    def inside_folds(self) -> tuple[float, ...]:
        """The folds measured from the inside's left edge (the outside's right edge)."""
        return tuple(self.width - f for f in reversed(self.folds))

    def mark_length(self) -> float:
        band = min(self.trim.x, self.trim.y) - self.margin - self.bleed - MARK_GAP
        return max(0.0, min(MARK_LENGTH, band))


def place(paper: Paper | str, width: float, height: float, folds: tuple[float, ...], bleed: float,
          margin: float = MIN_MARGIN) -> ScreenSheet:
    """The screen centred on a landscape page, with the bleed that fits beside it.

    Room is kept for a crop mark ``MARK_LENGTH`` long on every side and, above and below,
    for the ruler and the footer. A screen that does not fit with ``MIN_BLEED`` is scaled down.
    """
    short, long_ = parse_paper(paper).size
    pw, ph = long_, short
    marks = MARK_GAP + MARK_LENGTH
    furniture_h = furniture.RULER_HEIGHT + max(furniture.FOOTER_HEIGHT, LEGEND_HEIGHT) + 2 * 1.0
    room_w = (pw - 2 * margin - width) / 2 - marks
    room_h = (ph - 2 * margin - height - furniture_h) / 2 - marks
    fit = min(bleed, room_w, room_h)
    if fit >= MIN_BLEED or fit >= bleed:
        return ScreenSheet(str(paper), pw, ph, width, height, folds, max(0.0, fit), 1.0, margin)
    b = min(bleed, MIN_BLEED)
    scale = min((pw - 2 * margin - 2 * (marks + b)) / width,
                (ph - 2 * margin - furniture_h - 2 * (marks + b)) / height)
    return ScreenSheet(str(paper), pw, ph, width, height, folds, b, scale, margin)


def _number(fields: dict[str, Any], key: str, default: float) -> float:
    value = fields.get(key, default)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def _folds(fields: dict[str, Any], width: float) -> tuple[float, ...]:
    """Where the screen folds, mm from its left edge: between each two of its ``panels``
    (widths in mm); ValueError for panels that are not a list of numbers."""
    panels = fields.get("panels") or [width]
    if not isinstance(panels, list) or any(isinstance(p, bool) or not isinstance(p, (int, float)) for p in panels):
        raise ValueError(f"expected the widths of the screen's panels in mm, like [70, 120, 70], got {panels!r:.40}")
    out, at = [], 0.0
    for p in panels[:-1]:
        at += float(p)
        out.append(round(at, 6))
    return tuple(out)


def _luminance(colour: str) -> float:
    c = ink(colour)
    return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue


def _contrast(colour: str) -> str:
    """A fold line's colour on a ground of ``colour``: visible, but quieter than the marks."""
    return mix(colour, "#000000", 0.55) if _luminance(colour) > 0.45 else mix(colour, "#ffffff", 0.6)


@dataclass
class _Screen:
    """One printed screen: its two faces and its placement."""

    component: str
    name: str
    outside: Face
    inside: Face
    sheet: ScreenSheet
    game_title: str
    sample: bool


class ScreenRenderer:
    def __init__(self, canvas: Canvas, layouts: lm.Layouts, options: PrintOptions) -> None:
        self.c = canvas
        self.layouts = layouts
        self.options = options
        self.faces = FaceRenderer(canvas, layouts, ImageStore(canvas))
        self.page = 0
        self.warnings: list[str] = []
        self._checked: set[tuple[str, tuple[float, ...]]] = set()

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    # --- reading the jobs -----------------------------------------------------------------

    def _template(self, job: PieceJob, name: str | None, what: str) -> lm.Template:
        if not name:
            raise InputError(job.source, f"component {job.component.component!r}: the screen's {what} "
                                         "names no layout (`layout:` for the outside, `back: {layout: ...}` "
                                         "for the inside)")
        try:
            return self.layouts.template(str(name))
        except InputError as exc:
            raise InputError(job.source, f"component {job.component.component!r}: {exc.message}") from None

    def _check_folds(self, template: lm.Template, folds: tuple[float, ...]) -> None:
        """Warn about what must be read (text, symbols) lying across or beside a fold."""
        key = (template.name, folds)
        if key in self._checked:
            return
        self._checked.add(key)
        for name, e in template.elements.items():
            if e.type in _READ:
                continue
            x, _, w, _ = e.box
            for f in folds:
                if x - FOLD_CLEAR < f < x + w + FOLD_CLEAR:
                    self.warn(f"layout {template.name!r} ({template.file}): element {name!r} ({e.type}) comes "
                              f"within {FOLD_CLEAR:g} mm of the fold at {f:g} mm: it may be folded through")

    def screens(self, jobs: list[PieceJob]) -> list[_Screen]:
        comp_bleed = self.options.bleed
        out: list[_Screen] = []
        for job in jobs:
            comp = job.component
            outside_t = self._template(job, comp.layout, "outside")
            back = dict(comp.back or {})
            inside_t = self._template(job, back.pop("layout", None) or comp.back_layout, "inside")
            if inside_t.size != outside_t.size:
                raise InputError(job.source, f"component {comp.component!r}: the inside template "
                                                 f"{inside_t.name!r} is {inside_t.width:g} x {inside_t.height:g} mm, "
                                                 f"the outside {outside_t.name!r} {outside_t.width:g} x "
                                                 f"{outside_t.height:g} mm")
            for item in comp.items:
                fields = item.fields()
                width = _number(fields, "width", outside_t.width)
                height = _number(fields, "height", outside_t.height)
                if (abs(width - outside_t.width) > 0.01 or abs(height - outside_t.height) > 0.01):
                    raise InputError(job.source, f"{comp.component} {item.name!r} is {width:g} x {height:g} mm, "
                                                 f"its template {outside_t.name!r} {outside_t.width:g} x "
                                                 f"{outside_t.height:g} mm")
                try:
                    folds = _folds(fields, width)
                except ValueError as exc:
                    file, line = fields.where("panels") if hasattr(fields, "where") else (None, None)
                    raise InputError(file or job.source, f"{comp.component} {item.name!r}: {exc}", line=line,
                                     field="panels") from None
                if any(not 0 < f < width for f in folds):
                    raise InputError(job.source, f"{comp.component} {item.name!r}: its panels do not add up "
                                                 f"to its width ({width:g} mm)")
                bleed = outside_t.bleed if comp_bleed is None else comp_bleed
                sheet = place(self.options.paper, width, height, folds, bleed)
                if comp_bleed is not None and sheet.scale == 1.0 and sheet.bleed < comp_bleed - 1e-6:
                    self.warn(f"{job.game}/{comp.component}/{item.name}: --bleed {comp_bleed:g} mm does not fit "
                              f"beside a {width:g} mm screen on {self.options.paper} paper; printed with "
                              f"{sheet.bleed:.1f} mm")
                if sheet.scale < 1.0:
                    self.warn(f"{job.game}/{comp.component}/{item.name}: {width:g} x {height:g} mm does not fit "
                              f"on {self.options.paper} paper; printed at {sheet.scale:.0%}")
                self._check_folds(outside_t, folds)
                self._check_folds(inside_t, sheet.inside_folds())
                label = f"{job.game}/{comp.component}/{item.name}"
                outside = Face(outside_t, fields, f"{label} (outside)", job.source.parent)
                inside = Face(inside_t, {**fields, **back}, f"{label} (inside)", job.source.parent)
                for _ in range(item.count):
                    out.append(_Screen(comp.component, item.name, outside, inside, sheet, job.game_title,
                                       job.sample))
        return out

    # --- drawing --------------------------------------------------------------------------

    def _face(self, face: Face, sheet: ScreenSheet, trim: Rect, turned: bool, folds: tuple[float, ...]) -> None:
        """The face clipped to its bleed, then its folds."""
        c = self.c
        b = sheet.bleed
        c.saveState()
        p = c.beginPath()
        p.rect((trim.x - b) * mm, (trim.y - b) * mm, (trim.w + 2 * b) * mm, (trim.h + 2 * b) * mm)
        c.clipPath(p, stroke=0, fill=0)
        c.translate(trim.x * mm, trim.y * mm)
        if sheet.scale != 1.0:
            c.scale(sheet.scale, sheet.scale)
        if turned:
            c.translate(sheet.width * mm, sheet.height * mm)
            c.rotate(180)
        self.faces.draw(face, 0.0, 0.0)
        ground = self.faces.resolve(face.template.background, face.fields) or "#ffffff"
        c.setStrokeColor(ink(_contrast(ground)))
        c.setLineWidth(FOLD_WIDTH * mm)
        c.setDash([d * mm for d in FOLD_DASH])
        for f in folds:
            c.line(f * mm, 0, f * mm, sheet.height * mm)
        c.restoreState()

    def _marks(self, sheet: ScreenSheet, trim: Rect, fold_xs: list[float]) -> None:
        """Corner marks (solid) at the cut lines and fold marks (dashed) at the folds, outside
        the bleed, so the cut and the folds can be found with a ruler from either side."""
        with measured.marks(self.c, "corner mark"):
            self._draw_marks(sheet, trim, fold_xs)

    def _draw_marks(self, sheet: ScreenSheet, trim: Rect, fold_xs: list[float]) -> None:
        c = self.c
        length = sheet.mark_length()
        if length <= 0.2:
            return
        gap = sheet.bleed + MARK_GAP
        below, above = trim.y - gap, trim.top + gap
        left, right = trim.x - gap, trim.right + gap
        c.saveState()
        c.setStrokeColor(ink("#000000"))
        c.setLineWidth(MARK_WIDTH * mm)
        for x in (trim.x, trim.right):
            c.line(x * mm, (below - length) * mm, x * mm, below * mm)
            c.line(x * mm, above * mm, x * mm, (above + length) * mm)
        for y in (trim.y, trim.top):
            c.line((left - length) * mm, y * mm, left * mm, y * mm)
            c.line(right * mm, y * mm, (right + length) * mm, y * mm)
        c.setDash([d * mm for d in FOLD_MARK_DASH])
        for x in fold_xs:
            c.line(x * mm, (below - length) * mm, x * mm, below * mm)
            c.line(x * mm, above * mm, x * mm, (above + length) * mm)
        c.restoreState()

    def _legend(self, sheet: ScreenSheet, outside: bool) -> None:
        """Top left, beside the ruler: what the lines mean."""
        with measured.furniture(self.c, "the legend"):
            self._draw_legend(sheet, outside)

    def _draw_legend(self, sheet: ScreenSheet, outside: bool) -> None:
        c = self.c
        x = sheet.margin
        y = sheet.page_h - sheet.margin - LEGEND_HEIGHT / 2
        size = 6.0
        c.saveState()
        c.setFont(fonts.font("regular"), size)
        c.setFillColor(ink("#333333"))
        c.setStrokeColor(ink("#333333"))
        c.setLineWidth(FOLD_WIDTH * mm)
        items = []
        if outside:
            items.append(("cut between the corner marks", []))
        items.append(("fold (the side panels fold toward the inside)", [d * mm for d in FOLD_DASH]))
        for label, dash in items:
            c.setDash(dash)
            c.line(x * mm, y * mm, (x + 8) * mm, y * mm)
            c.drawString((x + 9.5) * mm, y * mm - size * 0.35, label)
            x += 9.5 + fonts.width(label, "regular", size) / mm + 5
        c.restoreState()

    def _page(self, screen: _Screen, outside: bool, footer: str) -> None:
        c = self.c
        sheet = screen.sheet
        duplex = self.options.duplex
        c.setPageSize((sheet.page_h * mm, sheet.page_w * mm))  # portrait, the screen turned on it
        c.saveState()
        offset = (0.0, 0.0) if outside else tuple(self.options.back_offset)
        if offset != (0.0, 0.0):
            c.translate(offset[0] * mm, offset[1] * mm)
        c.translate(sheet.page_h * mm, 0)
        c.rotate(90)
        if outside:
            trim, turned, folds = sheet.trim, False, sheet.folds
            page_folds = [trim.x + f * sheet.scale for f in sheet.folds]
            self._face(screen.outside, sheet, trim, turned, folds)
        else:
            trim, turned, folds = sheet.back_trim(duplex), sheet.back_turned(duplex), sheet.inside_folds()
            local = [f * sheet.scale for f in folds]
            page_folds = [trim.right - f if turned else trim.x + f for f in local]
            self._face(screen.inside, sheet, trim, turned, folds)
        self._marks(sheet, trim, page_folds)
        self._legend(sheet, outside)
        furniture.ruler(c, sheet.margin, sheet.page_h - sheet.margin - furniture.RULER_HEIGHT,
                        sheet.page_w - 2 * sheet.margin, furniture.RULER_HEIGHT)
        furniture.footer(c, footer, sheet.margin, sheet.margin, sheet.page_w - 2 * sheet.margin)
        c.restoreState()
        c.showPage()
        self.page += 1

    def render(self, jobs: list[PieceJob]) -> RenderReport:
        report = RenderReport()
        screens = self.screens(jobs)
        duplex = self.options.duplex
        total = 2 * len(screens)
        later: list[tuple[_Screen, str]] = []
        for k, screen in enumerate(screens, start=1):
            note = " · sample card data" if screen.sample else ""
            where = f"{screen.game_title} · {screen.component}: {screen.name} · screen {k} of {len(screens)}"
            self._page(screen, True, f"{where} · outside: cut between the corner marks, fold on the dashed lines"
                                     f" · page {self.page + 1} of {total}{note}")
            report.faces += 1
            report.fronts[screen.component] = report.fronts.get(screen.component, 0) + 1
            # joined round the page number, never formatted: the footer holds names from the data
            back = (f"{where} · inside ({_FLIP[duplex]}) · page ", f" of {total}{note}")
            if duplex == "off":
                later.append((screen, back))
            else:
                self._page(screen, False, f"{back[0]}{self.page + 1}{back[1]}")
                report.faces += 1
        for screen, back in later:
            self._page(screen, False, f"{back[0]}{self.page + 1}{back[1]}")
            report.faces += 1
        report.pages = self.page
        report.warnings = self.warnings + self.faces.warnings
        return report


def render(canvas: Canvas, jobs: list[PieceJob], layouts: lm.Layouts, options: PrintOptions) -> RenderReport:
    """Draw every screen of ``jobs`` (`pnp.build.PieceJob`) on ``canvas``: per screen, a page
    with its outside and a page with its inside (after all the outsides with ``duplex: off``)."""
    return ScreenRenderer(canvas, layouts, options).render(jobs)
