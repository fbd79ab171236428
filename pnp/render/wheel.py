"""The dominance wheel's layout (`pnp.render.card.FaceRenderer._wheel`): where each temperament's
symbol, name and arrow go round the circle, and the largest circle that keeps every name
`WHEEL_CLEAR` mm from every other name, symbol and arrow inside the element's box. Pure
geometry in points; the card renderer draws it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.units import mm

from ..layout import model as lm
from . import fonts

WHEEL_CLEAR = 1.0  # mm at least between a wheel's name and another name, a symbol, an arrow, the circle

Shaft = tuple[float, float, float, float]  # an arrow from (x0, y0) to its tip (x1, y1)


@dataclass(frozen=True)
class _Ink:
    """A rectangle in points, y up: the box a PDF reader gives a line of text, or a symbol's reach."""

    x0: float
    y0: float
    x1: float
    y1: float

    def apart(self, o: _Ink) -> float:
        """How far apart two rectangles are (0 when they touch or overlap)."""
        return math.hypot(max(o.x0 - self.x1, self.x0 - o.x1, 0.0), max(o.y0 - self.y1, self.y0 - o.y1, 0.0))

    def from_point(self, px: float, py: float) -> float:
        return math.hypot(max(self.x0 - px, px - self.x1, 0.0), max(self.y0 - py, py - self.y1, 0.0))

    def from_segment(self, x0: float, y0: float, x1: float, y1: float) -> float:
        """How far the segment (x0, y0)-(x1, y1) passes from the rectangle (0 when it crosses it)."""
        around = self.apart(_Ink(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
        if around > 2 * mm:  # far from the segment's own box: no need to walk along it
            return around
        steps = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / (0.25 * mm)))
        return min(self.from_point(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps) for k in range(steps + 1))

    def nearest_x(self) -> float:
        """|x| of the rectangle's points nearest the vertical through the centre."""
        return 0.0 if self.x0 <= 0.0 <= self.x1 else min(abs(self.x0), abs(self.x1))

    def nearest_y(self) -> float:
        return 0.0 if self.y0 <= 0.0 <= self.y1 else min(abs(self.y0), abs(self.y1))

    def mirrored(self) -> _Ink:
        return _Ink(self.x0, -self.y1, self.x1, -self.y0)

    def moved(self, dx: float, dy: float) -> _Ink:
        return _Ink(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)


@dataclass(frozen=True)
class _WheelLabel:
    text: str
    font: str
    x: float  # where its baseline starts, from the circle's centre
    y: float
    ink: _Ink
    owner: str  # the entry it names: its name and note are one label, near its own symbol


@dataclass(frozen=True)
class _WheelNode:
    entry: str
    x: float  # from the circle's centre
    y: float


@dataclass(frozen=True)
class _WheelLayout:
    fits: bool
    cx: float  # the circle's centre, from the box's bottom-left corner
    cy: float
    around: float  # the radius of the circle round the symbols ("every other")
    nodes: tuple[_WheelNode, ...]  # every symbol, from the centre
    labels: tuple[_WheelLabel, ...]  # every name and note, from the centre
    edges: tuple[tuple[str, Shaft], ...]  # (the winner, its arrow) round the circle
    shafts: tuple[Shaft, ...]  # the special entries' arrows, to or from the circle round


def arrow_head(shaft: Shaft, head: float) -> list[tuple[float, float]]:
    """The corners of the head of the arrow ``shaft``, its tip first."""
    x0, y0, x1, y1 = shaft
    length = max(math.hypot(x1 - x0, y1 - y0), 1e-9)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    return [(x1, y1), (x1 - ux * head - uy * head * 0.45, y1 - uy * head + ux * head * 0.45),
            (x1 - ux * head + uy * head * 0.45, y1 - uy * head - ux * head * 0.45)]


def _text_ink(text_: str, font: str, size: float) -> _Ink:
    """The box a PDF reader (pdfminer) gives ``text_`` set from the baseline (0, 0): from the
    font's descent up by one size."""
    from reportlab.pdfbase import pdfmetrics

    bottom = size * pdfmetrics.getFont(fonts.font(font)).face.descent / 1000
    return _Ink(0.0, bottom, fonts.width(text_, font, size), bottom + size)


def wheel_layout(plan: lm.WheelPlan, d: float, size: float, head: float, all_note: str, none_note: str,
                  w: float, h: float) -> _WheelLayout:
    """Where the wheel of ``plan`` puts its symbols (``d`` points wide), names (``size`` pt) and
    arrows in a box of ``w`` x ``h`` points: the largest circle whose names, each set outward of
    its symbol along the circle's radius (above the top one, left of those on the left half,
    right of those on the right, below the bottom one) and outside the circle round the
    symbols, keep `WHEEL_CLEAR` mm from one another and from every symbol and arrow, inside the
    box. ``fits`` is False when even the smallest circle does not (drawn then all the same)."""
    n = len(plan.ring)
    clear = max(WHEEL_CLEAR * mm, 0.4 * size)  # a name to anything else
    gap = max(0.8 * mm, 0.3 * size)  # a name to its own symbol
    ext = d / 2 * 1.1 + max(0.35, d * 0.06) / 2  # a symbol's reach from its centre (symbols.draw_symbol)
    ring_gap = max(1.0 * mm, 0.1 * d)  # a symbol to the circle round them
    edge_gap = d / 2 + 1.2 * mm  # a symbol's centre to an arrow's end
    shortest = head + 1.5 * mm  # a special entry's arrow
    longest = max(3.5 * head, d)
    step = 2 * math.pi / n if n else 0.0
    smallest = (2 * edge_gap + head + 0.5 * mm) / (2 * math.sin(step / 2)) if n >= 2 else 0.0
    largest = max(min(w, h) / 2, smallest)
    titles = [(entry.title(), "bold") for entry in plan.ring + plan.beats_all + plan.beaten_by_all]
    text_inks = {(t, f): _text_ink(t, f, size) for t, f in titles + [(all_note, "italic"), (none_note, "italic")]}

    def ring(r: float) -> tuple[float, list[_WheelNode], list[_WheelLabel]]:
        around = r + ext + ring_gap if n else ext
        outside = around + clear
        nodes, labels = [], []
        for i, entry in enumerate(plan.ring):
            s, co = math.sin(step * i), math.cos(step * i)
            nx, ny = r * s, r * co
            nodes.append(_WheelNode(entry, nx, ny))
            text_ = entry.title()
            ink_ = text_inks[text_, "bold"]
            if abs(s) < 0.2:  # above the top one, below the bottom one, centred on it
                bottom = max(ny + ext + gap, outside) if co > 0 else min(ny - ext - gap, -outside) - size
                lx, ly = nx - ink_.x1 / 2, bottom - ink_.y0
            else:  # beside it, level with its middle, clear of the circle round
                ly = ny - 0.36 * size
                near = ink_.moved(0.0, ly).nearest_y()
                inner = max(abs(nx) + ext + gap, math.sqrt(max(outside ** 2 - near ** 2, 0.0)))
                lx = inner if s > 0 else -inner - ink_.x1
            labels.append(_WheelLabel(text_, "bold", lx, ly, ink_.moved(lx, ly), entry))
        return around, nodes, labels

    def column(labels: list[_WheelLabel], around: float, up: bool) -> float:
        """The x of the arrows of the entries above (``up``) or below the circle round: where
        they meet it, amid the gap between two symbols nearest the top (or the bottom), the
        left one of two; left of a name over the circle that is in the way."""
        base = -1.8 * d
        if n >= 2:
            gaps = [step * (i + 0.5) for i in range(n)]
            best = max(gaps, key=lambda a: (round(math.cos(a) if up else -math.cos(a), 6), -math.sin(a)))
            base = around * math.sin(best)
        side = [lb.ink if up else lb.ink.mirrored() for lb in labels]
        over = sorted((b for b in side if b.y0 > 0 and b.nearest_x() < around), key=lambda b: -b.x1)
        for b in over:
            if b.x0 < base + head * 0.45 + clear and b.x1 > base - head * 0.45 - clear:
                base = b.x0 - clear - head * 0.45
        return max(base, -0.8 * around)  # an arrow meets the circle (a name in its way: no room)

    def special(names: tuple[str, ...], base: float, note: str, around: float, ring_inks: list[_Ink], up: bool,
                arrow_len: float) -> tuple[list[_WheelNode], list[_WheelLabel], list[Shaft]]:
        """The entries above (``up``) or below the circle round, each with its name and ``note``
        on its right and an arrow into (or out of) the circle, as near it as they may be."""
        k = len(names)
        parts = []  # (x, name and note from the entry's centre, symbol's reach)
        for i, entry in enumerate(names):
            ex = base + (i - (k - 1) / 2) * d * 3
            tx = ex + max(ext + gap, head * 0.45 + clear)  # clear of its symbol and of its arrow's head
            lines = [(entry.title(), "bold", 0.15 * size), (note, "italic", -1.0 * size)]
            parts.append((ex, [_WheelLabel(t, f, tx, ty, text_inks[t, f].moved(tx, ty), entry) for t, f, ty in lines],
                          _Ink(ex - ext, -ext, ex + ext, ext)))
        level = 0.0  # the entries' centres from the circle's, away from it (mirrored below it)
        for ex, texts, reach in parts:
            level = max(level, math.sqrt(max(around ** 2 - ex ** 2, 0.0)) + arrow_len + 0.8 * mm + d / 2)
            for own in [reach] + [t.ink for t in texts]:
                own = own if up else own.mirrored()
                for other in ring_inks:
                    if own.x0 < other.x1 + clear and own.x1 > other.x0 - clear:
                        level = max(level, other.y1 + clear - own.y0)
                if own.nearest_x() < around:
                    level = max(level, math.sqrt(around ** 2 - own.nearest_x() ** 2) + clear - own.y0)
        ey = level if up else -level
        nodes, labels, shafts = [], [], []
        for (ex, texts, _), entry in zip(parts, names):
            edge = math.sqrt(max(around ** 2 - ex ** 2, 0.0))
            nodes.append(_WheelNode(entry, ex, ey))
            labels += [_WheelLabel(t.text, t.font, t.x, t.y + ey, t.ink.moved(0.0, ey), entry) for t in texts]
            shafts.append((ex, ey - d / 2 - 0.8 * mm, ex, edge) if up else (ex, -edge, ex, ey + d / 2 + 0.8 * mm))
        return nodes, labels, shafts

    def attempt(r: float) -> _WheelLayout:
        around, nodes, labels = ring(r)
        at = {node.entry: (node.x, node.y) for node in nodes}
        edges: list[tuple[str, Shaft]] = []
        for a, b in plan.edges:
            (ax, ay), (bx, by) = at[a], at[b]
            length = max(math.hypot(bx - ax, by - ay), 1e-9)
            ux, uy = (bx - ax) / length, (by - ay) / length
            edges.append((a, (ax + ux * edge_gap, ay + uy * edge_gap, bx - ux * edge_gap, by - uy * edge_gap)))
        ring_inks = [lb.ink for lb in labels] + [_Ink(p.x - ext, p.y - ext, p.x + ext, p.y + ext) for p in nodes]
        ends = [(names, note, up) for names, note, up in ((plan.beats_all, all_note, True),
                                                          (plan.beaten_by_all, none_note, False)) if names]
        arrow_len = shortest
        while True:  # compact first; the height left over then lengthens the arrows (up to `longest`)
            extra_nodes, extra_labels, shafts = [], [], []
            for names, note, up in ends:
                near = ring_inks if up else [i.mirrored() for i in ring_inks]
                en, lb, sh = special(names, column(labels, around, up), note, around, near, up, arrow_len)
                extra_nodes += en
                extra_labels += lb
                shafts += sh
            drawn = (ring_inks + [lb.ink for lb in extra_labels] + [_Ink(-around, -around, around, around)]
                     + [_Ink(p.x - ext, p.y - ext, p.x + ext, p.y + ext) for p in extra_nodes])
            top, bottom = max(i.y1 for i in drawn), min(i.y0 for i in drawn)
            room = h - (top - bottom)
            if room <= 0 or not ends or arrow_len > shortest:
                break
            arrow_len = min(longest, shortest + room / len(ends))
        left, right = min(i.x0 for i in drawn), max(i.x1 for i in drawn)
        all_nodes, all_labels = nodes + extra_nodes, labels + extra_labels
        fits = (right - left <= w and top - bottom <= h
                and all(math.dist(s[:2], s[2:]) > head + 0.5 * mm for _, s in edges)
                and _wheel_apart(all_labels, all_nodes, [s for _, s in edges] + shafts, around, ext, head, clear, gap))
        cx, cy = (w - (right + left)) / 2, (h - (top + bottom)) / 2
        return _WheelLayout(fits, cx, cy, around, tuple(all_nodes), tuple(all_labels), tuple(edges), tuple(shafts))

    span = largest - smallest
    steps = max(1, min(1000, math.ceil(span / (0.1 * mm))))
    for i in range(steps + 1):
        lay = attempt(largest - span * i / steps)
        if lay.fits:
            return lay
    return attempt(smallest)


def _wheel_apart(labels: list[_WheelLabel], nodes: list[_WheelNode], shafts: list[Shaft], around: float,
                 ext: float, head: float, clear: float, gap: float) -> bool:
    """Every label ``clear`` from another label, from each symbol (``gap`` from its own), each
    arrow and the circle round the symbols (``around``), to within a hundredth of a point."""
    clear -= 0.01
    gap -= 0.01
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            if a.owner != b.owner and a.ink.apart(b.ink) < clear:
                return False
        for node in nodes:
            if a.ink.from_point(node.x, node.y) < ext + (gap if node.entry == a.owner else clear):
                return False
        for shaft in shafts:
            if a.ink.from_segment(*shaft) < clear:
                return False
            corners = arrow_head(shaft, head)
            if a.ink.apart(_Ink(min(p[0] for p in corners), min(p[1] for p in corners),
                                max(p[0] for p in corners), max(p[1] for p in corners))) < clear:
                return False
        b = a.ink
        near = math.hypot(b.nearest_x(), b.nearest_y())
        far = math.hypot(max(abs(b.x0), abs(b.x1)), max(abs(b.y0), abs(b.y1)))
        if near < around + clear and far > around - clear:
            return False
    return True
