"""One-sided tokens on the free room of a card sheet, instead of a token sheet of their own.

Visions' five cubes are 12 mm discs: on a token sheet of their own they took a whole A4 page,
while the last card sheet of the game held four cards and five empty slots. A game's one-sided
tokens (a component none of whose tokens has a back) go where its card sheets leave room: the
first sheet with empty slots whose free cells hold them all, bleed rings and gaps included,
packed as on a token sheet (`pnp.render.tokens.fit_in`), each with its cutting guide. A cell
lies between the cards' cut lines, each run across the whole sheet as a trimmer cuts it, so no
cut of a card goes through a token, whatever the order of the cuts (`free_areas`). The tokens
go in one cell where one holds them all, else cell after cell. The back page behind
them stays blank (the tokens are one-sided), so nothing needs to line up. The footer names them
with the cards ("player aid card ×4, cube ×5").

Not with ``--cutter``: a cutting machine cuts the cards' outlines only; the tokens keep their
own sheet. Tokens that do not fit keep their own sheet too, as do double-sided ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ..layout import model as lm
from ..layout.sheet import MARK_GAP, SheetLayout
from ..options import PieceJob, PrintOptions
from . import tokens as tk

MIN_CELL = 3.0  # mm: a free cell narrower than this (a gutter) holds no token


def free_areas(sheet: SheetLayout, used: int) -> list[tuple[float, float, float, float]]:
    """The rectangles (x0, y0, x1, y1 mm, in the sheet's frame) of a sheet with ``used`` of its
    slots filled where a token may go, top row first, left to right: the cells between the
    cards' cut lines, each line run across the whole sheet as a guillotine or a trimmer cuts it
    (a token inside one cell is never cut through, whichever order the cards are cut in), less
    the cards' bleed (butted cards print theirs into the empty slot beside them) and the marks'
    gap on every side."""
    if used >= sheet.per_sheet:
        return []
    filled = {sheet.slot(i) for i in range(used)}
    g = sheet.grid
    xs = sorted({round(g.x, 9), round(g.right, 9), *sheet.cut_xs(filled)})
    ys = sorted({round(g.y, 9), round(g.top, 9), *sheet.cut_ys(filled)}, reverse=True)
    trims = [sheet.trim_box(*slot) for slot in filled]
    bleeds = [sheet.bleed_box(*slot, filled) for slot in filled]
    areas = []
    for top, bottom in zip(ys, ys[1:]):
        for left, right in zip(xs, xs[1:]):
            cx, cy = (left + right) / 2, (top + bottom) / 2
            if any(t.x <= cx <= t.right and t.y <= cy <= t.top for t in trims):
                continue  # a card's own cell
            x0, y0, x1, y1 = left, bottom, right, top
            for b in bleeds:  # a neighbour's bleed reaching into the cell
                if b.x < x1 and b.right > x0 and b.y < y1 and b.top > y0:
                    if b.y >= cy:
                        y1 = min(y1, b.y)
                    elif b.top <= cy:
                        y0 = max(y0, b.top)
                    elif b.x >= cx:
                        x1 = min(x1, b.x)
                    else:
                        x0 = max(x0, b.right)
            x0, y0, x1, y1 = x0 + MARK_GAP, y0 + MARK_GAP, x1 - MARK_GAP, y1 - MARK_GAP
            if x1 - x0 >= MIN_CELL and y1 - y0 >= MIN_CELL:  # not a gutter's sliver
                areas.append((x0, y0, x1, y1))
    return areas


@dataclass
class LooseTokens:
    """A game's one-sided tokens (of its token components ``jobs``, `pnp.build.PieceJob`),
    waiting for a card sheet with room for them all."""

    canvas: Canvas
    layouts: lm.Layouts
    options: PrintOptions
    jobs: list[PieceJob]
    components: dict[str, int] = field(default_factory=dict)  # what went: component -> tokens
    renderer: tk.TokenRenderer | None = None
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.jobs or self.options.cutter:
            self.tokens: list = []
            return
        every = tk.tokens_of(self.jobs, self.layouts, self._bleed(), self.options.paper)
        # a component whose every token has no back, as the token sheets tell it
        two_sided = {t.component for t in every if t.back is not None}
        self.tokens = [t for t in every if t.component not in two_sided]

    def _bleed(self) -> float | None:
        """--bleed as the token sheets take it: clamped to their ring's most, with their warning."""
        bleed = self.options.bleed
        if bleed is None or 0 <= bleed <= tk.MAX_BLEED:
            return bleed
        clamped = min(max(float(bleed), 0.0), tk.MAX_BLEED)
        self.notes.append(f"tokens: a bleed of {bleed:g} mm is clamped to {clamped:g} mm around a token")
        return clamped

    def place(self, sheet: SheetLayout, used: int) -> Callable[[], None] | None:
        """A drawing of the tokens on ``sheet`` (``used`` slots filled), when they all fit its
        free room and have not gone on an earlier sheet; else None."""
        if not self.tokens or self.components:
            return None
        discs = [t.disc for t in self.tokens]
        areas = free_areas(sheet, used)
        # all in one cell where one holds them, else cell after cell
        spots = next((s for s in (tk.fit_in(discs, a) for a in areas) if s is not None), None) \
            or tk.fit_across(discs, areas)
        if spots is None:
            return None
        for t in self.tokens:
            self.components[t.component] = self.components.get(t.component, 0) + 1
        self.renderer = renderer = tk.TokenRenderer(self.canvas, self.layouts, self.options.paper)
        placed = [(self.tokens[p.index], p) for p in spots]
        return lambda: renderer.draw_fronts(placed)

    @property
    def warnings(self) -> list[str]:
        """What drawing the tokens' faces found (text that does not fit, say), and a clamped
        bleed, once they are placed."""
        if self.renderer is None:
            return []
        return self.notes + self.renderer.faces.warnings

    @property
    def contents(self) -> str:
        """What was placed, for the sheet's footer: "cube ×5"."""
        return ", ".join(f"{name} ×{n}" for name, n in self.components.items())
