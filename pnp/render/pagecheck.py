"""The checks of every printed page (docs/layouts.md, "Checks of every build"), on what a
`MeasuredCanvas` noted while drawing it:

* nothing inside the printer margin (`MIN_MARGIN`, 5 mm): a desktop printer leaves it blank,
  and a PDF reader that sees ink there shrinks the whole page to fit, so nothing prints at
  its size;
* no text within `MARK_CLEAR` (1 mm) of a crop mark, a cut guide or a registration mark: a
  blade lined up on the mark runs through the words, and a cutter's sensor mistakes print
  near its marks for them;
* the page's own text (ruler caption, footer, a tile's notes) at 6 pt at least, and at 3:1
  contrast with its ground, as a card's text is.

Each problem is one warning however many pages show it, naming the pages.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from ..layout.sheet import MIN_MARGIN
from .measured import MIN_CONTRAST, MIN_TEXT_PT, Box, Drawn, Page

MARK_CLEAR = 1.0  # mm kept between any text and any mark
_TOLERANCE = 0.01  # mm: the renderers' arithmetic


def _gap(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they touch or overlap), points."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


def _pages(numbers: list[int]) -> str:
    """``[1, 2, 3, 7]`` as ``pages 1-3, 7``."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    spans = [f"{r[0]}" if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs]
    return ("page " if len(set(numbers)) == 1 else "pages ") + ", ".join(spans)


def _snippet(text: str, most: int = 24) -> str:
    return repr(text if len(text) <= most else text[:most - 1] + "…")


def _into_margin(item: Drawn, page: Page, margin: float) -> tuple[str, float] | None:
    """The side and depth (mm) ``item`` reaches into the margin, the deepest side, or None."""
    x0, y0, x1, y1 = (v / mm for v in item.box)
    w, h = page.width / mm, page.height / mm
    depths = {"left": margin - x0, "bottom": margin - y0, "right": x1 - (w - margin), "top": y1 - (h - margin)}
    side = max(depths, key=lambda k: depths[k])
    return (side, depths[side]) if depths[side] > _TOLERANCE else None


def problems(pages: list[Page], margin: float = MIN_MARGIN) -> list[str]:
    """What the pages show that a printer or a buyer would not want, one line a problem."""
    found: dict[str, list[int]] = {}

    def note(message: str, page: int) -> None:
        found.setdefault(message, []).append(page)

    for number, page in enumerate(pages, start=1):
        texts = [d for d in page.drawn if d.kind == "text"]
        marks = [d for d in page.drawn if d.kind == "mark"]
        for item in page.drawn:
            into = _into_margin(item, page, margin)
            if into is not None:
                what = f"the text {_snippet(item.text)} of {item.subject}" if item.kind == "text" else item.subject
                note(f"{what} reaches {into[1]:.1f} mm into the {margin:g} mm printer margin ({into[0]} edge): "
                     "a printer leaves it blank, or the reader shrinks the page to fit", number)
        for text in texts:
            near = min(((_gap(text.box, m.box), m) for m in marks), key=lambda p: p[0], default=None)
            if near is not None and near[0] < MARK_CLEAR * mm - _TOLERANCE * mm:
                note(f"the text {_snippet(text.text)} of {text.subject} comes within {near[0] / mm:.1f} mm of a "
                     f"{near[1].subject} (at least {MARK_CLEAR:g} mm: a blade or a cutter's sensor lined up on the "
                     "mark would meet it)", number)
            if (text.role == "furniture" or text.subject == "page") and text.size < MIN_TEXT_PT - 1e-6:
                note(f"the text {_snippet(text.text)} of {text.subject} prints at {text.size:.1f} pt, under the "
                     f"{MIN_TEXT_PT:g} pt print shops ask for", number)
        for placed in (d for d in page.drawn if d.kind == "scaled"):
            note(f"the text of {placed.subject}, placed at {placed.text}, prints at {placed.size:.1f} pt, under the "
                 f"{MIN_TEXT_PT:g} pt print shops ask for", number)
        for faint in page.faint:
            note(f"the text {_snippet(faint.text)} of {faint.subject} is {faint.colour} on {faint.ground}, "
                 f"{faint.ratio:.2f}:1 contrast, under the {MIN_CONTRAST:g}:1 a printed text needs", number)
    return [f"{_pages(numbers)}: {message}" for message, numbers in found.items()]
