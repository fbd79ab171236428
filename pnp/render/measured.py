"""A canvas that notes every text size it sets, by what is being drawn: the smallest-text
check of every build (docs/layouts.md, "Checks of every build").

Print shops ask for text of 6 pt at least (7 pt for thin faces): smaller type fills in, breaks
up or is lost in the registration of the four inks. The renderers say what they draw
(``subject``: a card and its element, a board's label); `MeasuredCanvas.setFont` notes each
size set while it is drawn, and `small_text` tells the build which came out under the floor.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.pdfgen.canvas import Canvas

# pt: the smallest type the bundled games print, and what a publisher's build warns under
# (an error with --strict). Shops' guides: The Game Crafter and MakePlayingCards 6-7 pt,
# DriveThruCards 6 pt.
MIN_TEXT_PT = 6.0


class MeasuredCanvas(Canvas):
    """A reportlab canvas that notes, for each ``subject`` it is told, the smallest text size
    set while that subject was drawn."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.subject: str | None = None  # what is being drawn: a card face's element, say
        self.smallest: dict[str, float] = {}
        # where each line of text was drawn, when asked (a list, as pnp.render.boards.text_of
        # sets it): (subject, x0, y0, x1, y1) in the canvas's own space, points, from the
        # baseline's descender to its ascender
        self.inks: list[tuple[str, float, float, float, float]] | None = None

    def _note_ink(self, text: str, x: float, y: float) -> None:
        if self.inks is None or self.subject is None or not text.strip():
            return
        size = self._fontsize
        width = self.stringWidth(text, self._fontname, size)
        a, b, c, d, e, f = self._currentMatrix
        corners = [(x, y - 0.25 * size), (x + width, y - 0.25 * size), (x, y + 0.8 * size),
                   (x + width, y + 0.8 * size)]
        xs = [a * px + c * py + e for px, py in corners]
        ys = [b * px + d * py + f for px, py in corners]
        self.inks.append((self.subject, min(xs), min(ys), max(xs), max(ys)))

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._note_ink(text, x, y)
        super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._note_ink(text, x - self.stringWidth(text, self._fontname, self._fontsize) / 2, y)
        super().drawCentredString(x, y, text, *args, **kwargs)  # reportlab's own, not through drawString

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._note_ink(text, x - self.stringWidth(text, self._fontname, self._fontsize), y)
        super().drawRightString(x, y, text, *args, **kwargs)  # reportlab's own, not through drawString

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:  # noqa: N802
        if self.subject is not None:
            # the size as printed: a token's design drawn at its diameter is scaled
            a, b, c, d, _, _ = self._currentMatrix
            printed = size * math.sqrt(abs(a * d - b * c))
            known = self.smallest.get(self.subject)
            if known is None or printed < known:
                self.smallest[self.subject] = printed
        super().setFont(psfontname, size, leading)


def drawing(canvas: Canvas, subject: str | None) -> None:
    """Tell ``canvas`` what is drawn next (None: page furniture, not the product)."""
    if isinstance(canvas, MeasuredCanvas):
        canvas.subject = subject


def forget(canvas: Canvas) -> None:
    """Start noting afresh (after a face's warnings are taken)."""
    if isinstance(canvas, MeasuredCanvas):
        canvas.smallest.clear()


def small_text(canvas: Canvas, floor: float = MIN_TEXT_PT) -> list[tuple[str, float]]:
    """(subject, smallest size) of each subject drawn with text under ``floor``, in drawing order."""
    if not isinstance(canvas, MeasuredCanvas):
        return []
    return [(subject, size) for subject, size in canvas.smallest.items() if size < floor - 1e-6]
