"""Card sheets: fronts and backs imposed on pages, with bleed, crop marks, a calibration
ruler and a footer. Geometry comes from `pnp.layout.sheet`; faces from `card.py`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Protocol, Sequence


from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..data.errors import InputError
from ..layout import model as lm
from ..layout.cutter import cut_outlines, fit_cutter_grid, registration_marks
from ..layout.presets import Preset, fit
from ..layout.sheet import RULER_WIDTH, SheetLayout, fit_grid
from ..options import PrintOptions
from . import fonts, furniture, measured
from .colour import ink
from .forms import FormCache, face_key, shown_key
from .measured import MeasuredCanvas
from .card import Face, FaceRenderer, field_where
from .images import ImageStore

MARK_WIDTH = 0.25  # mm: thin, and black: registration-black is not needed on a desktop printer
FORM_MARGIN = 12.0  # mm of a face kept around its trim: more than any bleed (--bleed <= 10)


_FLIP = {
    "long-edge": "print double-sided, flip on long edge",
    "short-edge": "print double-sided, flip on short edge",
    "off": "glue behind its front sheet, turned over its long edge",
}


@dataclass
class CardJob:
    """One component's printed copies: a (front, back) pair per card to cut out."""

    game_title: str
    component: str
    cards: list[tuple[Face, Face]]
    sample: bool = False
    double_sided: bool = False  # each card has a back of its own (day/night, reflection cards)
    preset: Preset | None = None  # a shop's size the cards are scaled to (--preset)

    @property
    def design(self) -> tuple[float, float]:
        """The size the cards are designed at (their template's), mm."""
        t = self.cards[0][0].template
        return t.width, t.height

    @property
    def trim(self) -> tuple[float, float]:
        """The size the cards are printed at: the preset's, else the design's."""
        return self.preset.trim if self.preset else self.design

    def bleed(self, asked: float | None) -> float:
        """The preset's bleed, else ``asked`` (--bleed), else the template's."""
        if self.preset:
            return self.preset.bleed
        return self.cards[0][0].template.bleed if asked is None else asked

    @property
    def placement(self) -> tuple[float, float, float]:
        """(scale, dx, dy in mm): how a face is drawn inside the printed trim."""
        return fit(self.design, self.trim) if self.preset else (1.0, 0.0, 0.0)


class Extras(Protocol):
    """What may go on the free room of a card sheet (pnp/render/loose.py)."""

    def place(self, sheet: SheetLayout, used: int) -> Callable[[], None] | None:
        """A drawing for the sheet with ``used`` slots filled, or None."""

    @property
    def contents(self) -> str:
        """What was placed, for the footer."""


@dataclass
class RenderReport:
    pages: int = 0
    faces: int = 0
    warnings: list[str] = field(default_factory=list)
    # component -> number of card faces drawn, fronts only (a check against the data)
    fronts: dict[str, int] = field(default_factory=dict)
    # --cutter: each cut file's name (without its suffix) -> (page width, height, outlines)
    cuts: dict[str, tuple[float, float, list]] = field(default_factory=dict)


def _chunks(items: list, n: int) -> Iterable[list]:
    for i in range(0, len(items), n):
        yield items[i:i + n]


@dataclass
class _Slot:
    component: str
    front: Face
    back: Face
    sample: bool = False  # from a file of sample data (the footer of its page says so)
    placement: tuple[float, float, float] = (1.0, 0.0, 0.0)  # a preset's scale and offset


@dataclass
class _Run:
    """Consecutive components whose cards share a size, imposed on one run of sheets."""

    game_title: str
    sheet: SheetLayout
    slots: list[_Slot]
    sample: bool


def _size(template: lm.Template) -> str:
    return f"{template.width:g} x {template.height:g} mm"


def _runs(jobs: list[CardJob], options: PrintOptions) -> list[_Run]:
    """Pack the jobs' cards onto sheets: a sheet is filled before the next one starts, even
    across components, as long as the cards are the same size (an 18-card game is two
    sheets of nine, not a sheet per component)."""
    runs: list[_Run] = []
    for job in jobs:
        if not job.cards:
            continue
        for face, back in job.cards:
            if (back.template.width, back.template.height) != (face.template.width, face.template.height):
                file, line = field_where(back.fields, "layout")
                raise InputError(file, f"component {job.component!r}: back template {back.template.name!r} "
                                       f"({_size(back.template)}) is not the size of front template "
                                       f"{face.template.name!r} ({_size(face.template)})", line, "back")
        arrange = fit_cutter_grid if options.cutter else fit_grid
        try:
            sheet = arrange(options.paper, *job.trim, job.bleed(options.bleed), *options.spacing())
        except ValueError as exc:  # the card (with its bleed, or the preset's size) is larger than the page
            template = job.cards[0][0].template
            file, line = template.where("size")
            raise InputError(file, f"{exc} (template {template.name!r}, component {job.component!r})", line,
                             "size") from None
        slots = [_Slot(job.component, f, b, job.sample, job.placement) for f, b in job.cards]
        if runs and runs[-1].sheet == sheet:
            runs[-1].slots.extend(slots)
            runs[-1].sample = runs[-1].sample or job.sample
        else:
            runs.append(_Run(job.game_title, sheet, slots, job.sample))
    return runs


def page_count(jobs: list[CardJob], options: PrintOptions) -> int:
    return sum(2 * -(-len(run.slots) // run.sheet.per_sheet) for run in _runs(jobs, options))


def _edge_colour(faces: FaceRenderer, face: Face, side: str) -> str | None:
    """The colour along one edge of a card (``left``, ``right``, ``top``, ``bottom``): its
    background, or None when art or a filled shape reaches that edge (it cannot be told
    without drawing)."""
    t = face.template
    for element in t.elements.values():
        if element.type in ("text", "line", "icons", "rows", "symbol"):
            continue
        x, y, w, h = element.box
        if {"left": x <= 0, "right": x + w >= t.width, "top": y <= 0, "bottom": y + h >= t.height}[side]:
            return None
    colour = faces.resolve(t.background, face.fields)
    return str(colour).lower() if colour else "#ffffff"


def _contents(chunk: list[_Slot]) -> str:
    """What a sheet holds, for its footer: "location card ×8, energy tracker card ×1"."""
    counts: dict[str, int] = {}
    for slot in chunk:
        counts[slot.component] = counts.get(slot.component, 0) + 1
    return ", ".join(f"{name} ×{n}" for name, n in counts.items())


class SheetRenderer:
    def __init__(self, canvas: Canvas, layouts: lm.Layouts, options: PrintOptions) -> None:
        self.c = canvas
        self.options = options
        # every image is checked whole when it is first drawn (pnp/render/images.py)
        self.faces = FaceRenderer(canvas, layouts, ImageStore(canvas))
        self.page = 0
        self._forms = FormCache(canvas)

    def _mixed_edges(self, sheet: SheetLayout, faces: dict[tuple[int, int], Face],
                     filled: set[tuple[int, int]], turned: bool) -> int:
        """How many butted cut lines of one page join edges of different colours
        (``turned``: the faces are drawn upside down, so a card's right edge is on the left)."""
        n = 0
        for a, b in sheet.inner_edges(filled):
            across = a[1] == b[1]  # side by side, else one above the other
            sides = ("right", "left") if across else ("bottom", "top")
            if turned:
                sides = sides[::-1]
            ca = _edge_colour(self.faces, faces[a], sides[0])
            cb = _edge_colour(self.faces, faces[b], sides[1])
            if ca is None or cb is None:
                n += face_key(faces[a]) != face_key(faces[b])
            else:
                n += ca != cb
        return n

    # --- page furniture -------------------------------------------------------------------

    def _marks(self, sheet: SheetLayout, filled: set[tuple[int, int]]) -> None:
        c = self.c
        with measured.marks(c, "crop mark"):
            c.saveState()
            c.setStrokeColor(ink("#000000"))
            c.setLineWidth(MARK_WIDTH * mm)
            for m in sheet.crop_marks(filled):
                if abs(m.x1 - m.x0) + abs(m.y1 - m.y0) > 0.2:
                    c.line(m.x0 * mm, m.y0 * mm, m.x1 * mm, m.y1 * mm)
            c.restoreState()

    def _ruler(self, sheet: SheetLayout) -> None:
        furniture.ruler(self.c, *sheet.furniture_box(True, RULER_WIDTH, furniture.RULER_HEIGHT))

    def _footer(self, sheet: SheetLayout, text: Sequence[str]) -> None:
        furniture.footer(self.c, text, *sheet.furniture_box(False, 120, furniture.FOOTER_HEIGHT))

    # --- cards ----------------------------------------------------------------------------

    def _form(self, face: Face) -> str:
        """The name of a form XObject holding ``face``, drawn once however often it is used.

        Identical faces (every common back, the copies of a card, cards whose data differ only
        in fields the template does not print) are stored once in the PDF and placed by
        reference: the file grows by a few bytes per extra card.
        """
        t, b = face.template, FORM_MARGIN * mm
        return self._forms.get(shown_key(face), (-b, -b, t.width * mm + b, t.height * mm + b),
                               lambda: self.faces.draw(face, 0.0, 0.0))

    def _card(self, sheet: SheetLayout, face: Face, col: int, row: int, filled: set[tuple[int, int]],
              turned: bool = False, placement: tuple[float, float, float] = (1.0, 0.0, 0.0)) -> None:
        """Place ``face`` in its slot, clipped to its bleed box; ``turned``: upside down;
        ``placement``: scale and offset in the trim (a preset's size)."""
        c = self.c
        form = self._form(face)
        box = sheet.bleed_box(col, row, filled)
        trim = sheet.trim_box(col, row)
        c.saveState()
        measured.drawing(c, face.label)  # what the placed card is called in the page's checks
        p = c.beginPath()
        p.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm)
        c.clipPath(p, stroke=0, fill=0)
        if turned:
            c.translate(trim.right * mm, trim.top * mm)
            c.rotate(180)
        else:
            c.translate(trim.x * mm, trim.y * mm)
        scale, dx, dy = placement
        if placement != (1.0, 0.0, 0.0):
            c.translate(dx * mm, dy * mm)
            c.scale(scale, scale)
        c.doForm(form)
        measured.drawing(c, None)
        c.restoreState()

    def _registration(self, sheet: SheetLayout) -> None:
        """The cutting machine's marks, on the page as printed (not turned with the cards)."""
        c = self.c
        with measured.marks(c, "registration mark"):
            c.saveState()
            c.setFillColor(ink("#000000"))
            for r in registration_marks(*sheet.printed_size):
                c.rect(r.x * mm, r.y * mm, r.w * mm, r.h * mm, stroke=0, fill=1)
            c.restoreState()

    def _page(self, sheet: SheetLayout, footer: Sequence[str], draw_cards: Callable[[], None],
              filled: set[tuple[int, int]], offset: tuple[float, float], registration: bool = False) -> None:
        c = self.c
        c.saveState()
        if sheet.landscape:
            # a landscape arrangement is drawn turned a quarter on a portrait page, so every
            # page prints the same way round and --back-offset means the same on all of them
            c.setPageSize((sheet.page_h * mm, sheet.page_w * mm))
            if offset != (0.0, 0.0):
                c.translate(offset[0] * mm, offset[1] * mm)
            c.translate(sheet.page_h * mm, 0)
            c.rotate(90)
        else:
            c.setPageSize((sheet.page_w * mm, sheet.page_h * mm))
            if offset != (0.0, 0.0):
                c.translate(offset[0] * mm, offset[1] * mm)
        draw_cards()
        self._marks(sheet, filled)
        self._ruler(sheet)
        self._footer(sheet, footer)
        c.restoreState()
        if registration:
            self._registration(sheet)
        c.showPage()
        self.page += 1

    def render(self, jobs: list[CardJob], on_face: Callable[[], None] | None = None,
               name: str = "cards", extras: Extras | None = None) -> RenderReport:
        """Draw the jobs' sheets; ``name`` starts the cut files' names (--cutter); ``extras``:
        what may go on the free room of a sheet (a game's one-sided tokens, pnp/render/loose.py)."""
        report = RenderReport()
        cut_names: dict[tuple, str] = {}
        duplex = self.options.duplex
        runs = _runs(jobs, self.options)
        total_pages = page_count(jobs, self.options)
        later_backs: list[Callable[[], None]] = []  # duplex off: every back after the fronts
        for run in runs:
            sheet = run.sheet
            sheets = list(_chunks(run.slots, sheet.per_sheet))
            mixed = edges = 0
            for k, chunk in enumerate(sheets, start=1):
                # a sheet of cards from a file of real data says nothing (Visions' fragments)
                note = " · sample card data" if any(slot.sample for slot in chunk) else ""
                slots = [sheet.slot(i) for i in range(len(chunk))]
                extra = extras.place(sheet, len(chunk)) if extras is not None else None
                filled = set(slots)
                back_slots = [sheet.back_slot(col, row, duplex) for col, row in slots]
                back_filled = set(back_slots)

                def fronts(chunk=chunk, slots=slots, filled=filled, sheet=sheet, extra=extra) -> None:
                    for slot, (col, row) in zip(chunk, slots):
                        self._card(sheet, slot.front, col, row, filled, False, slot.placement)
                        report.faces += 1
                        report.fronts[slot.component] = report.fronts.get(slot.component, 0) + 1
                        if on_face:
                            on_face()
                    if extra is not None:
                        extra()

                def backs(chunk=chunk, slots=back_slots, filled=back_filled, sheet=sheet) -> None:
                    turned = sheet.back_turned(duplex)
                    for slot, (col, row) in zip(chunk, slots):
                        self._card(sheet, slot.back, col, row, filled, turned, slot.placement)
                        report.faces += 1

                for side_faces, side_slots, side_filled, turned in (
                        ([s.front for s in chunk], slots, filled, False),
                        ([s.back for s in chunk], back_slots, back_filled, sheet.back_turned(duplex))):
                    mixed += self._mixed_edges(sheet, dict(zip(side_slots, side_faces)), side_filled, turned)
                    edges += len(sheet.inner_edges(side_filled))
                # the footer names what the sheet holds; where that is too long for the page
                # at 6 pt, it counts the cards instead
                held = _contents(chunk) + (f", {extras.contents}" if extra is not None and extras else "")
                wheres = [f"{run.game_title} · {what} · sheet {k} of {len(sheets)}"
                          for what in (held, f"{len(chunk)} card{'s' if len(chunk) > 1 else ''}")]
                wheres.append(f"sheet {k} of {len(sheets)}")
                # the same form of it on the sheet's front and back, so the two pages read alike
                last = f"page {total_pages} of {total_pages}{note}"
                wheres = wheres[furniture.fitting(
                    [[f"{w} · backs ({_FLIP[duplex]}) · {last}" for w in wheres[:-1]] + [f"{wheres[-1]} · backs · {last}"]],
                    sheet.furniture_box(False, 120, furniture.FOOTER_HEIGHT)[2]):]
                cut = ""
                if sheet.cutter:  # one cut file for each arrangement: full sheets share one
                    key = (sheet, tuple(slots))
                    if key not in cut_names:
                        cut_names[key] = f"{name}-cut-{len(cut_names) + 1}"
                        report.cuts[cut_names[key]] = (*sheet.printed_size, cut_outlines(sheet, slots))
                    cut = f" · cut with {cut_names[key]}.svg or .dxf"
                self._page(sheet, [f"{where} · fronts · page {self.page + 1} of {total_pages}{note}{cut}"
                                   for where in wheres], fronts, filled, (0.0, 0.0), registration=sheet.cutter)
                # the page number is known only when the back is drawn (duplex off: after every
                # front); the footer holds names from the data, so it is joined, never formatted
                back_footers = [(f"{where} · backs ({_FLIP[duplex]}) · page ", f" of {total_pages}{note}")
                                for where in wheres] + [(f"{wheres[-1]} · backs · page ", f" of {total_pages}")]

                def back_page(b=backs, fs=back_footers, bf=back_filled, sheet=sheet) -> None:
                    self._page(sheet, [f"{f[0]}{self.page + 1}{f[1]}" for f in fs], b, bf, self.options.back_offset)

                if duplex == "off":
                    later_backs.append(back_page)
                else:
                    back_page()
            if mixed:
                components = ", ".join(dict.fromkeys(slot.component for slot in run.slots))
                report.warnings.append(
                    f"{run.game_title}: {components}: {mixed} of {edges} butted cut lines join cards of "
                    f"different colours, so a cut that misses shows a sliver of the neighbour "
                    f"(a gutter in mm, --gutter 2, gives every card its own bleed, on more sheets if need be)")
        for back_page in later_backs:
            back_page()
        report.pages = self.page
        report.warnings = self.faces.warnings + report.warnings
        return report


# how the PDF asks a viewer to turn the sheet when printing double-sided (--duplex)
VIEWER_DUPLEX = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge", "off": "Simplex"}


def new_canvas(path: Path, title: str, duplex: str | None = None) -> Canvas:
    """A canvas that writes the same bytes for the same drawing (no dates, fixed IDs), and asks
    viewers to print at 100 % (``/ViewerPreferences /PrintScaling /None``) and, for print
    sheets, to turn the paper as ``duplex`` says."""
    # the initial font is ours too, so no unembedded standard font (Helvetica) is referenced
    c = MeasuredCanvas(str(path), invariant=1, pageCompression=1, initialFontName=fonts.font("regular"))
    c.setTitle(title)
    c.setAuthor("pnp")
    c.setCreator("pnp (print-and-play generator)")
    c.setViewerPreference("PrintScaling", "None")
    if duplex is not None:
        c.setViewerPreference("Duplex", VIEWER_DUPLEX[duplex])
    return c
