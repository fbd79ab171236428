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
