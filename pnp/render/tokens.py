"""Token sheets: round tokens packed on pages, each in a bleed ring with a cutting guide in
that ring, and the backs of double-sided tokens mirrored so that each lands behind its front.

A token is a template (``layouts/tokens.yaml``) drawn in a circle: the template is square,
its width is the diameter it was designed at, and an item's ``diameter`` (mm) scales it.
Around the cut circle (the trim: the token's diameter), a ring of the template's background
(the bleed, ``--bleed`` clamped to `MAX_BLEED`) hides a cut that strays outward.

No line is drawn on the trim: a cut that missed it by a hair would leave the line on the
token's edge. The cutting guide, a thin grey circle of `GUIDE_WIDTH` (no other line on a
token sheet has that width), stands in the middle of the bleed ring, at radius r + bleed/2:
a cut anywhere from the trim out to the guide shows only the token's own colour, and the
token comes out at most ``bleed`` mm wider than designed ("cut just inside the line"; a
circle punch of the token's diameter cuts the trim itself). A ring too narrow to hold the
guide `GUIDE_CLEAR` mm clear of the trim (under 0.75 mm, ``--bleed 0`` among them) gets no
guide: the edge of the printed colour is then the outline to cut along, and no line is
drawn anywhere near the trim. Guides are drawn on the fronts only: a back printed a little
off would carry its guide onto the token.

A component is double-sided when it names a ``back:`` (one for the component, or one per
item), like a card component; the back's fields are the item's own, overridden by those
written under ``back:`` (so ``back: {layout: slmw-vision-token-back}`` can show the item's
colour). A component without a back is single-sided: its tokens get no back page.

Packing (`pack`): tokens in rows from the top of the page, left to right, each row placed
as high as the rows above allow; a row may be staggered by half a token (hexagonal packing)
when that packs more tokens per millimetre of page. Neighbouring cut circles stay at least
the two bleeds apart (and `MIN_GAP`, room for scissors). Double-sided tokens come first,
then single-sided ones; larger tokens before smaller; several components share a page where
they fit, and a component is kept on one page when that costs no extra page. Everything
stays inside the 5 mm printer margin, between the ruler band at the top and the footer band
at the bottom (bands of the same height, so a back page mirrored top-bottom keeps its
tokens between them).

Duplex: as the card sheets (`pnp.layout.sheet`): with a long-edge flip the back page mirrors
the front left-right; with a short-edge flip top-bottom, each back drawn upside down so that
it reads upright when its token is turned over left-right. ``off`` puts every back page
after the fronts, laid out as for a long-edge flip (to glue behind its front sheet). In a
duplex mode, each front page with double-sided tokens is followed by its back page; sheets
of single-sided tokens come last, and a blank page separates two of them so that no sheet
prints on the back of another. ``--back-offset`` moves every back page.

Geometry (`pack`, `back_place`, `content_area`) is in mm, origin at the page's bottom-left,
y up, and draws nothing; `render` draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence


from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..data.errors import InputError
from ..layout import model as lm
from ..layout.paper import Paper, parse_paper
from ..layout.sheet import MIN_MARGIN, Duplex, mirrors_left_right
from ..options import PieceJob, PrintOptions
from . import furniture, measured
from .card import Face, FaceRenderer
from .colour import ink
from .forms import FormCache, shown_key
from .images import ImageStore
from .sheets import RenderReport

GUIDE_WIDTH = 0.15  # mm: the cutting guides' line width (tests find the guides by it)
GUIDE_COLOUR = "#707070"  # mid grey: visible on the pale and on the dark tokens alike
GUIDE_CLEAR = 0.3  # mm at the least between the trim circle and the guide's line (its inner edge)
MIN_GAP = 2.0  # mm between two cut circles at the least, whatever the bleed
MAX_BLEED = 3.0  # mm: a wider ring of a token's background only wastes paper
BAND = furniture.RULER_HEIGHT + 1.0  # mm kept for the ruler (top) and the footer (bottom)
FOOTER_ROOM = BAND - 0.4  # mm of the band the footer may take: two lines, clear of the tokens
_EPS = 1e-6

_FLIP = {
    "long-edge": "print double-sided, flip on long edge",
    "short-edge": "print double-sided, flip on short edge",
    "off": "glue behind its front sheet, turned over its long edge",
}

# --- geometry (mm) ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Disc:
    """What packing needs of a token: its cut diameter and the bleed ring around it."""

    diameter: float
    bleed: float

    @property
    def r(self) -> float:
        return self.diameter / 2


@dataclass(frozen=True)
class Placed:
    """The ``index``-th disc of the packed list, its centre at (x, y) mm on its page."""

    index: int
    x: float
    y: float


def content_area(paper: Paper | str) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1): where tokens and their bleed may go on a page of ``paper``."""
    w, h = parse_paper(paper).size
    return MIN_MARGIN, MIN_MARGIN + BAND, w - MIN_MARGIN, h - MIN_MARGIN - BAND


def gap(a: Disc, b: Disc) -> float:
    """The least distance between the cut circles of ``a`` and ``b``: their bleed rings
    do not overlap, and scissors pass between them."""
    return max(a.bleed + b.bleed, MIN_GAP)


def _row(discs: list[Disc], start: int, x0: float, x1: float, offset: float) -> list[tuple[int, float]]:
    """The discs from ``start`` that fit side by side in one row, with their centres' x."""
    row: list[tuple[int, float]] = []
    for i in range(start, len(discs)):
        d = discs[i]
        if row:
            j, xj = row[-1]
            x = xj + discs[j].r + gap(discs[j], d) + d.r
        else:
            x = x0 + offset + d.bleed + d.r
        if x + d.r + d.bleed > x1 + _EPS:
            break
        row.append((i, x))
    return row


def _row_y(discs: list[Disc], row: list[tuple[int, float]], placed: list[Placed], y1: float) -> float:
    """The highest y for the row's centres that keeps every disc clear of those placed."""
    y = min(y1 - discs[i].r - discs[i].bleed for i, _ in row)
    for i, x in row:
        for p in placed:
            need = discs[i].r + discs[p.index].r + gap(discs[i], discs[p.index])
            dx = abs(x - p.x)
            y = min(y, p.y - (math.sqrt(need * need - dx * dx) if dx < need else 0.0))
    return y


def _pack(discs: list[Disc], paper: Paper | str,
          area: tuple[float, float, float, float] | None = None) -> list[list[Placed]]:
    """Place ``discs`` in order, row after row, page after page (in ``area``, else the paper's
    `content_area`)."""
    x0, y0, x1, y1 = area or content_area(paper)
    pages: list[list[Placed]] = []
    placed: list[Placed] = []
    last_y = y1
    i = 0
    while i < len(discs):
        d = discs[i]
        offsets = [0.0] if not placed else [0.0, (d.diameter + gap(d, d)) / 2]
        best: tuple[float, float, list[tuple[int, float]]] | None = None
        for offset in offsets:
            row = _row(discs, i, x0, x1, offset)
            if not row:
                continue
            y = _row_y(discs, row, placed, y1)
            if any(y - discs[k].r - discs[k].bleed < y0 - _EPS for k, _ in row):
                continue
            # a staggered row wins when it packs more tokens per mm of page
            density = len(row) / max(last_y - y, _EPS) if placed else float(len(row))
            if best is None or (density, y) > best[:2]:
                best = (density, y, row)
        if best is None:
            if not placed:
                w, h = parse_paper(paper).size
                raise ValueError(f"a token of {d.diameter:g} mm with {d.bleed:g} mm bleed does not fit "
                                 f"on {paper} paper ({w:g} x {h:g} mm)")
            pages.append(placed)
            placed, last_y = [], y1
            continue
        _, y, row = best
        placed.extend(Placed(k, x, y) for k, x in row)
        last_y = y
        i = row[-1][0] + 1
    if placed:
        pages.append(placed)
    return pages


def pack(discs: list[Disc], paper: Paper | str, groups: list[str] | None = None) -> list[list[Placed]]:
    """Place ``discs`` on as many pages as they need (see the module docstring).

    ``groups`` (one name per disc, a component's discs consecutive) keeps each group on one
    page where it can: whole groups are packed first fit, largest first, and a group larger
    than a page fills pages of its own, its rest sharing a page with others. That is used
    when it takes no more pages than packing the discs in order, row after row.
    """
    x0, _, x1, _ = content_area(paper)
    plain = _pack(discs, paper)
    if groups is not None and len(plain) > 1:
        grouped = _pack_groups(discs, paper, groups)
        if len(grouped) <= len(plain):
            plain = grouped
    return [_centred(discs, page, x0, x1) for page in plain]


def fit_in(discs: list[Disc], area: tuple[float, float, float, float]) -> list[Placed] | None:
    """``discs`` packed into the rectangle ``area`` (x0, y0, x1, y1 mm) and centred in it, bleed
    rings included; None when they do not all fit (the free room of a card sheet,
    pnp/render/loose.py)."""
    x0, y0, x1, y1 = area
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    try:
        pages = _pack(discs, "a4", area)
    except ValueError:  # one disc is larger than the area
        return None
    if len(pages) != 1:
        return None
    return _centred_both(discs, pages[0], area)


def fit_across(discs: list[Disc], areas: list[tuple[float, float, float, float]]) -> list[Placed] | None:
    """``discs`` packed into ``areas`` one after the other, each area taking as many of those
    left as it holds (in order), centred in it; None when they do not all fit."""
    placed: list[Placed] = []
    start = 0
    for area in areas:
        if start == len(discs):
            break
        rest = discs[start:]
        try:
            pages = _pack(rest, "a4", area)
        except ValueError:  # the next disc is larger than this area
            continue
        first = _centred_both(rest, pages[0], area)
        placed += [Placed(start + p.index, p.x, p.y) for p in first]
        start += len(first)
    return placed if start == len(discs) else None


def _centred_both(discs: list[Disc], page: list[Placed], area: tuple[float, float, float, float]) -> list[Placed]:
    """The page's discs centred in ``area`` both ways."""
    x0, y0, x1, y1 = area
    page = _centred(discs, page, x0, x1)
    low = min(p.y - discs[p.index].r - discs[p.index].bleed for p in page)
    high = max(p.y + discs[p.index].r + discs[p.index].bleed for p in page)
    shift = ((y1 - high) - (low - y0)) / 2
    return [Placed(p.index, p.x, p.y + shift) for p in page]


def _pack_groups(discs: list[Disc], paper: Paper | str, groups: list[str]) -> list[list[Placed]]:
    runs: list[list[int]] = []
    for i, g in enumerate(groups):
        if runs and groups[runs[-1][0]] == g:
            runs[-1].append(i)
        else:
            runs.append([i])

    def packed(indices: list[int]) -> list[list[Placed]]:
        """``indices`` packed alone, the placements naming the discs' own indices."""
        pages = _pack([discs[k] for k in indices], paper)
        return [[Placed(indices[p.index], p.x, p.y) for p in page] for page in pages]

    bins: list[list[int]] = []
    rests: list[list[int]] = []
    for run in runs:
        pages = packed(run)
        bins.extend([p.index for p in page] for page in pages[:-1])  # full pages of a big group
        rests.append([p.index for p in pages[-1]])

    def area(indices: list[int]) -> float:
        return sum((discs[k].diameter + 2 * discs[k].bleed) ** 2 for k in indices)

    for rest in sorted(rests, key=area, reverse=True):  # first fit, largest first
        for b in bins:
            if len(packed(sorted(b + rest))) == 1:
                b.extend(rest)
                b.sort()
                break
        else:
            bins.append(sorted(rest))
    bins.sort(key=min)  # the caller's order: double-sided tokens come first
    return [packed(b)[0] for b in bins]


def _centred(discs: list[Disc], page: list[Placed], x0: float, x1: float) -> list[Placed]:
    """The page's tokens moved sideways so that the free room left and right is equal."""
    left = min(p.x - discs[p.index].r - discs[p.index].bleed for p in page)
    right = max(p.x + discs[p.index].r + discs[p.index].bleed for p in page)
    shift = ((x1 - right) - (left - x0)) / 2
    return [Placed(p.index, p.x + shift, p.y) for p in page]


def back_place(x: float, y: float, paper: Paper | str, duplex: Duplex) -> tuple[float, float, bool]:
    """Where the back of the token centred at (x, y) goes on the back page, and whether it
    is drawn upside down (the sheet turns top-bottom)."""
    w, h = parse_paper(paper).size
    if mirrors_left_right(duplex, False):
        return w - x, y, False
    return x, h - y, True


# --- tokens from the data --------------------------------------------------------------------


@dataclass
class _Token:
    component: str
    disc: Disc
    front: Face
    back: Face | None


def check_round(template: lm.Template) -> None:
    """A token template is square, and what must be read keeps ``safe`` mm inside the cut
    circle: every corner of a text, icons or symbol box (`InputError` naming the layout)."""
    where = Path(template.file) if template.file else None
    if abs(template.width - template.height) > _EPS:
        raise InputError(where, f"template {template.name!r} is {template.width:g} x {template.height:g} mm; "
                                "a token template is square (its width is the token's diameter)")
    r = template.width / 2 - template.safe
    for key, e in template.elements.items():
        if e.type in ("rect", "line", "art"):
            continue
        x, y, w, h = e.box
        far = max(math.hypot(cx - template.width / 2, cy - template.height / 2)
                  for cx in (x, x + w) for cy in (y, y + h))
        if far > r + _EPS:
            raise InputError(where, f"template {template.name!r}: element {key!r} ({e.type}, box {list(e.box)}) "
                                    f"reaches {far - r:.2f} mm into the {template.safe:g} mm safe zone "
                                    "inside the token's cut circle")


def tokens_of(jobs: list, layouts: lm.Layouts, bleed: float | None, paper: Paper | str) -> list[_Token]:
    """Every printed token of ``jobs`` (`pnp.build.PieceJob`), in the data's order."""
    checked: set[str] = set()
    out: list[_Token] = []
    for job in jobs:
        comp = job.component
        source = Path(job.source)

        def template(name: Any) -> lm.Template:
            if not name:
                raise InputError(source, f"component {comp.component!r}: a token component names its `layout`")
            try:
                t = layouts.template(str(name))
            except InputError as exc:
                raise InputError(source, f"component {comp.component!r}: {exc.message}") from None
            if t.name not in checked:
                check_round(t)
                checked.add(t.name)
            return t

        front_t = template(comp.layout)
        for item in comp.items:
            fields = item.fields()
            label = f"{job.game}/{comp.component}/{item.name}"
            diameter = fields.get("diameter")
            if diameter is None:
                diameter = front_t.width
            elif isinstance(diameter, bool) or not isinstance(diameter, (int, float)) or not 0 < diameter <= 1000:
                raise InputError(source, f"component {comp.component!r}, {item.name!r}: expected a diameter "
                                         f"in mm above 0, got {diameter!r}", field="diameter")
            disc = Disc(float(diameter), front_t.bleed if bleed is None else bleed)
            x0, y0, x1, y1 = content_area(paper)
            if disc.diameter + 2 * disc.bleed > min(x1 - x0, y1 - y0) + _EPS:
                raise InputError(source, f"component {comp.component!r}, {item.name!r}: a token of "
                                         f"{disc.diameter:g} mm with {disc.bleed:g} mm bleed does not fit on "
                                         f"{paper} paper", field="diameter")
            front = Face(front_t, fields, f"{label} (front)", source.parent)
            back = None
            spec = item.back if item.back is not None else comp.back
            if spec is not None:
                spec = dict(spec)
                back_t = template(spec.pop("layout", None) or comp.back_layout or comp.layout)
                back = Face(back_t, {**fields, **spec}, f"{label} (back)", source.parent)
            out.extend([_Token(comp.component, disc, front, back)] * item.count)
    return out


# --- drawing ---------------------------------------------------------------------------------


def guide_radius(disc: Disc) -> float | None:
    """The radius (mm) of ``disc``'s cutting guide: the middle of its bleed ring, or None
    when the ring is too narrow to keep the guide's line `GUIDE_CLEAR` mm off the trim."""
    if disc.bleed / 2 - GUIDE_WIDTH / 2 < GUIDE_CLEAR - _EPS:
        return None
    return disc.r + disc.bleed / 2


@dataclass
class _Sheet:
    tokens: list[tuple[_Token, Placed]]

    @property
    def double_sided(self) -> bool:
        return any(t.back is not None for t, _ in self.tokens)


@dataclass
class TokenRenderer:
    canvas: Canvas
    layouts: lm.Layouts
    paper: Paper | str = "a4"
    duplex: Duplex = "long-edge"
    back_offset: tuple[float, float] = (0.0, 0.0)
    page: int = 0
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.faces = FaceRenderer(self.canvas, self.layouts, ImageStore(self.canvas))
        self._forms = FormCache(self.canvas, "Token")

    def _form(self, face: Face, disc: Disc) -> str:
        """A form XObject holding ``face`` cut round at ``disc``, centred on (0, 0): drawn
        once however many tokens show it (the 9 backs of a colour's vision tokens are one
        form: their items differ only in fields the back does not show)."""
        key = shown_key(face, disc.diameter, disc.bleed)
        c, t = self.canvas, face.template
        outer = (disc.r + disc.bleed) * mm

        def draw() -> None:
            c.saveState()
            clip = c.beginPath()
            clip.circle(0, 0, outer)
            c.clipPath(clip, stroke=0, fill=0)
            background = self.faces.resolve(t.background, face.fields)
            if background:  # the bleed ring, whatever the scale the face is drawn at
                c.setFillColor(ink(background))
                c.rect(-outer, -outer, 2 * outer, 2 * outer, stroke=0, fill=1)
            scale = disc.diameter / t.width
            c.scale(scale, scale)
            self.faces.draw(face, -t.width / 2 * mm, -t.height / 2 * mm)
            c.restoreState()

        return self._forms.get(key, (-outer - 1, -outer - 1, outer + 1, outer + 1), draw)

    def _token(self, face: Face, disc: Disc, x: float, y: float, turned: bool) -> None:
        c = self.canvas
        form = self._form(face, disc)
        c.saveState()
        c.translate(x * mm, y * mm)
        if turned:
            c.rotate(180)
        c.doForm(form)
        c.restoreState()

    def _guides(self, sheet: _Sheet) -> None:
        """The cutting guides of a front page, in the tokens' bleed rings (none on a trim)."""
        c = self.canvas
        with measured.marks(c, "cutting guide"):
            c.saveState()
            c.setStrokeColor(ink(GUIDE_COLOUR))
            c.setLineWidth(GUIDE_WIDTH * mm)
            for token, p in sheet.tokens:
                r = guide_radius(token.disc)
                if r is not None:
                    c.circle(p.x * mm, p.y * mm, r * mm, stroke=1, fill=0)
            c.restoreState()

    def draw_fronts(self, tokens: list[tuple[_Token, Placed]]) -> None:
        """The fronts of ``tokens`` at their places on the current page, with their cutting
        guides (one-sided tokens on the free room of a card sheet, pnp/render/loose.py)."""
        for token, p in tokens:
            self._token(token.front, token.disc, p.x, p.y, False)
        self._guides(_Sheet(tokens))

    def _page(self, footer: Sequence[str], draw: Callable[[], None], offset: tuple[float, float]) -> None:
        c = self.canvas
        w, h = parse_paper(self.paper).size
        c.setPageSize((w * mm, h * mm))
        c.saveState()
        if offset != (0.0, 0.0):
            c.translate(offset[0] * mm, offset[1] * mm)
        draw()
        span = w - 2 * MIN_MARGIN
        furniture.ruler(c, MIN_MARGIN, h - MIN_MARGIN - furniture.RULER_HEIGHT, span, furniture.RULER_HEIGHT)
        furniture.footer(c, footer, MIN_MARGIN, MIN_MARGIN, span, FOOTER_ROOM)
        c.restoreState()
        c.showPage()
        self.page += 1

    def render(self, title: str, tokens: list[_Token], sample: bool) -> RenderReport:
        report = RenderReport()
        # double-sided first (single-sided sheets end the file), larger before smaller
        order = sorted(range(len(tokens)), key=lambda i: (tokens[i].back is None, -tokens[i].disc.diameter))
        ordered = [tokens[i] for i in order]
        try:
            pages = pack([t.disc for t in ordered], self.paper, [t.component for t in ordered])
        except ValueError as exc:
            raise InputError(None, f"{title}: {exc}") from None
        sheets = [_Sheet([(ordered[p.index], p) for p in page]) for page in pages]
        n = len(sheets)
        note = " · sample data" if sample else ""

        # the pages in print order: ("front" | "back" | "blank", sheet number)
        plan: list[tuple[str, int]] = []
        for k, sheet in enumerate(sheets):
            if self.duplex != "off" and not sheet.double_sided and k > 0 and not sheets[k - 1].double_sided:
                plan.append(("blank", k - 1))
            plan.append(("front", k))
            if self.duplex != "off" and sheet.double_sided:
                plan.append(("back", k))
        if self.duplex == "off":
            plan += [("back", k) for k, s in enumerate(sheets) if s.double_sided]
        total = len(plan)

        for what, k in plan:
            sheet = sheets[k]
            # the footer names what the sheet holds; where that is too long at 6 pt, it counts
            wheres = [f"{title} · {what} · sheet {k + 1} of {n}"
                      for what in (_contents(sheet), f"{len(sheet.tokens)} tokens")]
            page_no = f"page {self.page + 1} of {total}{note}"
            # the same form of it on the sheet's front and back, so the two pages read alike
            page_w = parse_paper(self.paper).size[0] - 2 * MIN_MARGIN
            wheres = wheres[furniture.fitting([[f"{w} · backs ({_FLIP[self.duplex]}) · {page_no}" for w in wheres]],
                                              page_w, FOOTER_ROOM):]
            if what == "front":
                def fronts(sheet: _Sheet = sheet) -> None:
                    for token, p in sheet.tokens:
                        self._token(token.front, token.disc, p.x, p.y, False)
                        report.faces += 1
                        report.fronts[token.component] = report.fronts.get(token.component, 0) + 1
                    self._guides(sheet)

                sides = "fronts" if sheet.double_sided else "one side only"
                self._page([f"{where} · {sides} · {page_no}" for where in wheres], fronts, (0.0, 0.0))
            elif what == "back":
                def backs(sheet: _Sheet = sheet) -> None:
                    for token, p in sheet.tokens:
                        if token.back is None:
                            continue
                        x, y, turned = back_place(p.x, p.y, self.paper, self.duplex)
                        self._token(token.back, token.disc, x, y, turned)
                        report.faces += 1

                self._page([f"{where} · backs ({_FLIP[self.duplex]}) · {page_no}" for where in wheres], backs,
                           self.back_offset)
            else:
                self._page(f"{title} · sheet {k + 1} of {n} · blank back: its tokens are one-sided · "
                           f"{page_no}", lambda: None, self.back_offset)
        report.pages = self.page
        report.warnings = self.warnings + self.faces.warnings
        return report


def _contents(sheet: _Sheet) -> str:
    """What a sheet holds, for its footer: "vision token ×47, mark of sol token ×12"."""
    counts: dict[str, int] = {}
    for token, _ in sheet.tokens:
        counts[token.component] = counts.get(token.component, 0) + 1
    return ", ".join(f"{name} ×{n}" for name, n in counts.items())


def render(canvas: Canvas, jobs: list[PieceJob], layouts: lm.Layouts, options: PrintOptions) -> RenderReport:
    """Draw the token sheets of one game's token components (``jobs``: `pnp.build.PieceJob`)
    on ``canvas``; ``options``: its paper, duplex, bleed and back_offset."""
    if not jobs:
        return RenderReport()
    warnings = []
    bleed = options.bleed
    if bleed is not None and not 0 <= bleed <= MAX_BLEED:
        clamped = min(max(float(bleed), 0.0), MAX_BLEED)
        warnings.append(f"tokens: a bleed of {bleed:g} mm is clamped to {clamped:g} mm around a token")
        bleed = clamped
    tokens = tokens_of(jobs, layouts, bleed, options.paper)
    renderer = TokenRenderer(canvas, layouts, options.paper, options.duplex, options.back_offset)
    renderer.warnings.extend(warnings)
    return renderer.render(jobs[0].game_title, tokens, any(j.sample for j in jobs))
