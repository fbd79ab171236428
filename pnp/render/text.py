"""Card text: wrapping, shrinking to fit a box, inline game symbols (``{hope}``) and inline
**bold** and _italic_ (Markdown's markers: ``**`` around bold words, ``_`` around italic ones;
an underscore inside a word, ``snake_case``, stays as written).

Laying out is separate from drawing so that the fit can be measured (and warned about)
before anything is drawn. Sizes are in points.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable


from reportlab.pdfgen.canvas import Canvas

from . import fonts
from .colour import ink

_TOKEN = re.compile(r"\{([a-z][a-z0-9-]*)\}|(\n)|([ \t]+)|([^\s{]+|\{)")
ICON_WIDTH = 1.15  # an inline symbol's advance, in multiples of the font size
SIZE_STEP = 0.25


@dataclass(frozen=True)
class Piece:
    """A word or a symbol placed on a line: ``x`` is its offset from the line start."""

    text: str
    icon: bool
    x: float
    width: float
    style: str = "regular"  # the font style it prints in (inline **bold**, _italic_)


@dataclass
class Fitted:
    size: float
    lines: list[list[Piece]]
    widths: list[float]
    leading: float
    fits: bool

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * self.leading


_MARK = re.compile(r"\*\*|(?<![\w_])_(?=[^\s_])|(?<=[^\s_])_(?![\w_])")


def styled(base: str, bold: bool, italic: bool) -> str:
    """The style of a run: the element's font with bold and italic toggled on (a layout's own
    font stays itself: it has no bold or italic face here)."""
    if base not in ("regular", "bold", "italic", "bolditalic"):
        return base
    b = bold or "bold" in base
    i = italic or "italic" in base
    return ("bold" if b else "") + ("italic" if i else "") or "regular"


def tokens(text: str, is_symbol: Callable[[str], bool], base: str = "regular") -> list[tuple[str, str, str]]:
    """Split text into ("word"|"icon"|"space"|"newline", text, style) tokens.

    ``{name}`` is an icon only when ``is_symbol(name)``; otherwise it stays as written.
    ``**`` and ``_`` markers switch bold and italic on and off (`styled`).
    """
    out: list[tuple[str, str, str]] = []
    bold = italic = False
    pos = 0
    for mark in [*_MARK.finditer(text), None]:
        end = mark.start() if mark else len(text)
        style = styled(base, bold, italic)
        for m in _TOKEN.finditer(text[pos:end]):
            icon, newline, space, word = m.groups()
            if icon is not None:
                out.append(("icon", icon, style) if is_symbol(icon) else ("word", m.group(0), style))
            elif newline:
                out.append(("newline", "\n", style))
            elif space:
                out.append(("space", " ", style))
            else:
                out.append(("word", word, style))
        if mark is None:
            break
        if mark.group(0) == "**":
            bold = not bold
        else:
            italic = not italic
        pos = mark.end()
    return out


def _layout(toks: list[tuple[str, str, str]], style: str, size: float,
            max_width: float | None) -> tuple[list[list[Piece]], list[float]]:
    """Greedy line breaking. Tokens not separated by a space ("{hope}," or "(2{red})") form
    one group that never breaks across lines."""
    lines: list[list[Piece]] = [[]]
    widths = [0.0]
    space_w = fonts.width(" ", style, size)
    groups: list[tuple[bool, list[tuple[str, str, float, str]]]] = []  # (space before, pieces)
    space = False
    for kind, text, run_style in toks:
        if kind == "newline":
            groups.append((False, [("newline", "", 0.0, run_style)]))
            space = False
        elif kind == "space":
            space = True
        else:
            w = size * ICON_WIDTH if kind == "icon" else fonts.width(text, run_style, size)
            if groups and not space and groups[-1][1][-1][0] != "newline":
                groups[-1][1].append((kind, text, w, run_style))
            else:
                groups.append((space, [(kind, text, w, run_style)]))
            space = False
    for space_before, pieces in groups:
        if pieces[0][0] == "newline":
            lines.append([])
            widths.append(0.0)
            continue
        group_w = sum(p[2] for p in pieces)
        x = widths[-1] + (space_w if space_before and lines[-1] else 0.0)
        if max_width is not None and lines[-1] and x + group_w > max_width + 1e-6:
            lines.append([])
            widths.append(0.0)
            x = 0.0
        for kind, text, w, run_style in pieces:
            lines[-1].append(Piece(text, kind == "icon", x, w, run_style))
            x += w
        widths[-1] = x
    return lines, widths


def shrink(max_size: float, min_size: float, fits: Callable[[float], bool], stop_at_min: bool = False) -> float:
    """The largest of ``max_size``, ``max_size - SIZE_STEP``, ... at which ``fits``; when none
    does, the last one tried: the smallest not below ``min_size`` (``stop_at_min``: the first at
    or below it). A bisection over the steps (``fits`` holds for every size below one it holds
    for): about 10 tries between 200 pt and 1 pt, whatever the sizes, never a loop that runs on."""
    if stop_at_min:
        last = max(0, math.ceil((max_size - min_size) / SIZE_STEP - 1e-9))
    else:
        last = max(0, math.floor((max_size - min_size + 1e-9) / SIZE_STEP))

    def size(k: int) -> float:
        return max_size - k * SIZE_STEP

    if fits(size(0)):
        return size(0)
    lo, hi = 0, last  # fits(size(lo)) is false; the answer is in (lo, hi], hi when none fits
    if not fits(size(hi)):
        return size(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(size(mid)):
            hi = mid
        else:
            lo = mid
    return size(hi)


def fit(text: str, style: str, max_size: float, min_size: float, leading: float,
        box_w: float, box_h: float, wrap: bool, is_symbol: Callable[[str], bool]) -> Fitted:
    """The largest size from ``max_size`` down to ``min_size`` (in steps of ``SIZE_STEP``) at
    which ``text`` fits, found by bisection (`shrink`); the smallest when it never fits."""
    toks = tokens(text, is_symbol, style)
    tried: dict[float, Fitted] = {}

    def at(size: float) -> Fitted:
        if size not in tried:
            lines, widths = _layout(toks, style, size, box_w if wrap else None)
            height = len(lines) * size * leading
            fits = height <= box_h + 1e-6 and max(widths, default=0.0) <= box_w + 1e-6
            tried[size] = Fitted(size, lines, widths, leading, fits)
        return tried[size]

    fitted = at(shrink(max_size, min_size, lambda s: at(s).fits))
    return _without_widow(fitted, toks, style, box_w) if wrap and fitted.fits else fitted


def _is_one_word(line: list[Piece]) -> bool:
    """A line of one word: its pieces run on with no space between them."""
    return bool(line) and all(abs(b.x - (a.x + a.width)) < 1e-6 for a, b in zip(line, line[1:]))


def _without_widow(fitted: Fitted, toks: list[tuple[str, str, str]], style: str, box_w: float) -> Fitted:
    """A wrapped text whose last line is one word alone ("this" under a full line) is broken
    a little narrower, up to 15 % of its box, so that the last line holds two words, with no
    more lines than before; as it was when no narrower width does."""
    lines = fitted.lines
    if len(lines) < 2 or not _is_one_word(lines[-1]) or not lines[-2]:
        return fitted
    for step in range(1, 16):
        narrower, widths = _layout(toks, style, fitted.size, box_w * (1 - step / 100))
        if len(narrower) > len(lines):
            break
        if not _is_one_word(narrower[-1]):
            return Fitted(fitted.size, narrower, widths, fitted.leading, True)
    return fitted


def _top(fitted: Fitted, y_top: float, h: float, valign: str) -> float:
    """The top of the text block in its box (y up)."""
    block = fitted.height
    if valign == "middle":
        return y_top - (h - block) / 2
    if valign == "bottom":
        return y_top - (h - block)
    return y_top


def _baseline(fitted: Fitted, top: float, i: int) -> float:
    """The baseline of line ``i`` of a block whose top is ``top``."""
    size, lead = fitted.size, fitted.size * fitted.leading
    return top - i * lead - size * 0.82 - (lead - size) / 2


def _line_x(x: float, w: float, width: float, align: str) -> float:
    """Where a line ``width`` wide starts in a box from ``x``, ``w`` wide."""
    if align == "center":
        return x + (w - width) / 2
    if align == "right":
        return x + w - width
    return x


def ink_box(fitted: Fitted, x: float, y_top: float, w: float, h: float, align: str,
            valign: str) -> tuple[float, float, float, float]:
    """Where fitted text prints, as `draw` places it: (x0, y0, x1, y1) in points, y up, from the
    lowest descender to the highest cap (clipped to the box it is drawn in)."""
    size = fitted.size
    top = _top(fitted, y_top, h, valign)
    widest = max(fitted.widths, default=0.0)
    x0 = _line_x(x, w, widest, align)
    first = _baseline(fitted, top, 0)
    last = _baseline(fitted, top, len(fitted.lines) - 1)
    y0, y1 = max(last - size * 0.2, y_top - h - 1), min(first + size * 0.72, y_top + 1)
    return (max(x0, x - 1), y0, min(x0 + widest, x + w + 1), y1)


def draw(c: Canvas, fitted: Fitted, style: str, x: float, y_top: float, w: float, h: float,
         align: str, valign: str, colour: str,
         draw_icon: Callable[[Canvas, str, float, float, float], None]) -> None:
    """Draw fitted text in the box whose top-left corner is (x, y_top) (y up)."""
    size = fitted.size
    top = _top(fitted, y_top, h, valign)
    name = fonts.font(style)
    c.saveState()
    c.setFillColor(ink(colour))
    c.setFont(name, size)
    for i, (line, lw) in enumerate(zip(fitted.lines, fitted.widths)):
        baseline = _baseline(fitted, top, i)
        x0 = _line_x(x, w, lw, align)
        run: list[Piece] = []  # consecutive words, drawn as one string (fewer PDF operators)

        def flush() -> None:
            if run:
                parts = [run[0].text]
                for prev, piece in zip(run, run[1:]):
                    parts.append((" " if piece.x - (prev.x + prev.width) > 1e-6 else "") + piece.text)
                c.setFont(fonts.font(run[0].style), size)
                c.drawString(x0 + run[0].x, baseline, "".join(parts))
                run.clear()

        for piece in line:
            if piece.icon:
                flush()
                d = size * 1.0
                draw_icon(c, piece.text, x0 + piece.x + piece.width / 2, baseline + size * 0.33, d)
                c.setFillColor(ink(colour))
                c.setFont(name, size)
            else:
                if run and run[-1].style != piece.style:
                    flush()
                run.append(piece)
        flush()
    c.restoreState()
