"""Draw one card face from a template and the card's fields."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..layout import model as lm
from . import fonts, symbols, text
from .images import ImageStore

MIN_DPI = 300


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (an opaque stand-in for transparency:
    no ExtGState, which PDF forms handle poorly, and it prints the same everywhere)."""
    ca, cb = HexColor(a), HexColor(b)
    r, g, bl = (x + (y - x) * t for x, y in ((ca.red, cb.red), (ca.green, cb.green), (ca.blue, cb.blue)))
    return "#%02x%02x%02x" % (round(r * 255), round(g * 255), round(bl * 255))


def roman(n: int) -> str:
    """``n`` in Roman numerals, as the clock board prints its hours (I ... XII)."""
    out = []
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def _empty(value: Any) -> bool:
    return value is None or value is False or value == "" or value == [] or value == {}


@dataclass
class Face:
    """A card side ready to draw: its template and data, and where image paths start."""

    template: lm.Template
    fields: dict[str, Any]
    label: str  # for warnings: "visions/dream fragment card/Time in the Burning Desert (front)"
    base_dir: Path = Path(".")


@dataclass
class FaceRenderer:
    canvas: Canvas
    layouts: lm.Layouts
    images: ImageStore
    warnings: list[str] = field(default_factory=list)
    _warned: set[str] = field(default_factory=set)

    def warn(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            self.warnings.append(message)

    # --- data binding -------------------------------------------------------------------

    @staticmethod
    def lookup(fields: dict[str, Any], path: str) -> Any:
        value: Any = fields
        for part in path.split("."):
            if isinstance(value, dict) and part in value:
                value = value[part]
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                return None
        return value

    def resolve(self, prop: Any, fields: dict[str, Any]) -> Any:
        """A literal property as it is; a bound one read from ``fields``: mapped, cased and
        formatted, or its ``default`` (as written) when the card has no value for it."""
        if not isinstance(prop, lm.Binding):
            return prop
        value = self.lookup(fields, prop.field)
        if prop.map is not None:
            value = prop.map.get(str(value).lower() if value is not None else "", None)
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        if value is None or value == "":
            return prop.default
        if isinstance(value, str) and prop.case:
            value = {"title": value.title, "upper": value.upper, "lower": value.lower}[prop.case]()
        return prop.format.format(value) if prop.format else value

    # --- symbols --------------------------------------------------------------------------

    def is_symbol(self, name: str) -> bool:
        return name in self.layouts.symbols

    def symbol(self, c: Canvas, name: str, cx: float, cy: float, d: float, label: str | None = None) -> None:
        style = self.layouts.symbols.get(str(name).lower())
        if style is None:
            self.warn(f"no symbol named {name!r} in the layouts; drawn as a plain circle")
            style = symbols.fallback_style(str(name))
        symbols.draw_symbol(c, style, cx, cy, d, label)

    # --- drawing --------------------------------------------------------------------------

    def draw(self, face: Face, ox: float, oy: float) -> None:
        """Draw ``face`` with its trim's bottom-left corner at (ox, oy) points.

        The caller clips to the area the card may cover (its bleed box).
        """
        t = face.template
        c = self.canvas
        bg = self.resolve(t.background, face.fields)
        if bg:
            b = t.bleed * mm + 20  # generously past the bleed; the caller's clip bounds it
            c.setFillColor(HexColor(bg))
            c.rect(ox - b, oy - b, t.width * mm + 2 * b, t.height * mm + 2 * b, stroke=0, fill=1)
        for name, element in t.elements.items():
            if element.when and _empty(self.lookup(face.fields, element.when)):
                continue
            if element.unless and not _empty(self.lookup(face.fields, element.unless)):
                continue
            bx, by, bw, bh = element.box
            x = ox + bx * mm
            y = oy + (t.height - by - bh) * mm
            w, h = bw * mm, bh * mm
            getattr(self, f"_{element.type}")(element, face, x, y, w, h, name)

    def _rect(self, e: lm.RectElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        fill = self.resolve(e.fill, face.fields)
        stroke = self.resolve(e.stroke, face.fields)
        if not fill and not stroke:
            return
        c = self.canvas
        c.saveState()
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(e.stroke_width * mm)
        if e.shape == "ellipse":
            c.ellipse(x, y, x + w, y + h, stroke=int(bool(stroke)), fill=int(bool(fill)))
        elif e.radius:
            c.roundRect(x, y, w, h, e.radius * mm, stroke=int(bool(stroke)), fill=int(bool(fill)))
        else:
            c.rect(x, y, w, h, stroke=int(bool(stroke)), fill=int(bool(fill)))
        c.restoreState()

    def _line(self, e: lm.LineElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        c = self.canvas
        c.saveState()
        c.setStrokeColor(HexColor(self.resolve(e.stroke, face.fields)))
        c.setLineWidth(e.stroke_width * mm)
        if e.dash:
            c.setDash([d * mm for d in e.dash])
        c.line(x, y + h, x + w, y)
        c.restoreState()

    def _text(self, e: lm.TextElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        value = self.resolve(e.text, face.fields) if e.text is not None else None
        if value is None and e.field:
            value = self.lookup(face.fields, e.field)
        if value is None or value == "":
            return
        if isinstance(value, list):  # a list of paragraphs
            value = "\n".join(str(v) for v in value)
        if e.roman and isinstance(value, int) and not isinstance(value, bool) and 0 < value < 4000:
            value = roman(value)
        value = e.format.format(value) if e.format else str(value)
        if e.upper:
            value = value.upper()
        absent = fonts.missing(value, e.font)
        if absent:
            self.warn(f"{face.label}: the font has no glyph for {absent!r} in '{name}' (it prints as a box)")
        fitted = text.fit(value, e.font, e.size, e.min_size, e.leading, w, h, e.wrap, self.is_symbol)
        if not fitted.fits:
            self.warn(f"{face.label}: the text of '{name}' does not fit its box even at {e.min_size} pt")
        c = self.canvas
        c.saveState()
        p = c.beginPath()
        p.rect(x - 1, y - 1, w + 2, h + 2)
        c.clipPath(p, stroke=0, fill=0)
        text.draw(c, fitted, e.font, x, y + h, w, h, e.align, e.valign,
                  self.resolve(e.colour, face.fields), self.symbol)
        c.restoreState()

    def _icon_names(self, e: lm.IconsElement, fields: dict[str, Any]) -> list[tuple[str, str | None]]:
        value = e.symbol if e.symbol is not None else (self.lookup(fields, e.field) if e.field else None)
        if value in (None, "", [], {}):
            return []
        if isinstance(value, dict):
            if e.numbers:
                return [(str(k), str(v)) for k, v in value.items() if v]
            return [(str(k), None) for k, v in value.items() for _ in range(int(v or 0))]
        if isinstance(value, list):
            return [(str(v), None) for v in value]
        times = e.repeat
        if isinstance(times, str):
            times = self.lookup(fields, times)
        if not isinstance(times, (int, type(None))):
            return []
        return [(str(value), None)] * (times if times is not None else 1)

    def _icons(self, e: lm.IconsElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        icons = self._icon_names(e, face.fields)
        if not icons:
            return
        d, gap = e.size * mm, e.gap * mm
        along = w if e.direction == "row" else h
        n = len(icons)
        # shrink the symbols when they would overflow the box
        if n * d + (n - 1) * gap > along:
            scale = along / (n * d + (n - 1) * gap)
            d, gap = d * scale, gap * scale
        total = n * d + (n - 1) * gap
        start = {"left": 0.0, "center": (along - total) / 2, "right": along - total}[e.align]
        for i, (sym, label) in enumerate(icons):
            offset = start + i * (d + gap) + d / 2
            if e.direction == "row":
                cx, cy = x + offset, y + h / 2
            else:
                cx, cy = x + w / 2, y + h - offset
            self.symbol(self.canvas, sym, cx, cy, d, label)

    def _rows(self, e: lm.RowsElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        value = self.lookup(face.fields, e.field)
        if not isinstance(value, dict) or not value:
            return
        rows = [(str(k), v if isinstance(v, list) else [v]) for k, v in value.items()]
        size = e.size
        widest = max(len(syms) for _, syms in rows)
        while size > e.min_size and len(rows) * size * 1.45 > h:
            size -= 0.25
        line_h = min(h / len(rows), size * 1.6)
        if len(rows) * size * 1.45 > h + 1e-6:
            self.warn(f"{face.label}: the rows of '{name}' do not fit their box")
        d = min(line_h * 0.82, size * 1.25)
        c = self.canvas
        colour = HexColor(self.resolve(e.colour, face.fields))
        for i, (label, syms) in enumerate(rows):
            cy = y + h - (i + 0.5) * line_h
            icons_w = widest * (d + 0.8)
            label_w = w - icons_w - 1.5 * mm
            fitted = text.fit(label, e.font, size, e.min_size, 1.0, label_w, line_h, False, lambda _: False)
            c.saveState()
            c.setFillColor(colour)
            c.setFont(fonts.font(e.font), fitted.size)
            c.drawString(x, cy - fitted.size * 0.35, label)
            c.setStrokeColor(HexColor(mix(self.resolve(e.colour, face.fields), "#ffffff", 0.6)))
            c.setLineWidth(0.3)
            c.setDash([0.6, 1.4])
            c.line(x + fitted.widths[0] + 1.2, cy - fitted.size * 0.3, x + w - len(syms) * (d + 0.8) - 1.2,
                   cy - fitted.size * 0.3)
            c.restoreState()
            for j, sym in enumerate(reversed(syms)):
                self.symbol(c, str(sym), x + w - j * (d + 0.8) - d / 2, cy, d)

    def _symbol(self, e: lm.SymbolElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        sym = self.resolve(e.symbol, face.fields)
        if not sym:
            return
        label = self.resolve(e.label, face.fields) if e.label is not None else None
        self.symbol(self.canvas, str(sym), x + w / 2, y + h / 2, min(w, h),
                    str(label) if label is not None else None)

    def _art(self, e: lm.ArtElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        c = self.canvas
        image = face.fields.get("image")
        if image:
            path = (face.base_dir / str(image)) if not Path(str(image)).is_absolute() else Path(str(image))
            dpi = self.images.dpi(path, w, h)
            if dpi < MIN_DPI:
                self.warn(f"{face.label}: image {image} is {dpi:.0f} DPI at its printed size "
                          f"(below {MIN_DPI}; it may print blurred)")
            c.saveState()
            p = c.beginPath()
            p.rect(x, y, w, h)
            c.clipPath(p, stroke=0, fill=0)
            self.images.draw_cover(path, x, y, w, h)
            c.restoreState()
            return
        self._placeholder(e, face, x, y, w, h)

    def _placeholder(self, e: lm.ArtElement, face: Face, x: float, y: float, w: float, h: float) -> None:
        """A quiet engraved panel: tinted ground, concentric frames, a caption."""
        c = self.canvas
        ground_hex = self.resolve(e.placeholder, face.fields) or "#d9d2c3"
        ground = HexColor(ground_hex)
        c.saveState()
        p = c.beginPath()
        p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
        c.setFillColor(ground)
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.setStrokeColor(HexColor(mix(ground_hex, "#ffffff", 0.35)))
        c.setLineWidth(0.6)
        cx, cy = x + w / 2, y + h / 2
        r = max(w, h) * 0.75
        step = 2.2 * mm
        k = 0
        while r > 2 * mm:
            c.circle(cx, cy, r, stroke=1, fill=0)
            r -= step
            k += 1
        c.setStrokeColor(HexColor(mix(ground_hex, "#000000", 0.18)))
        c.setLineWidth(0.5)
        c.rect(x + 1.2 * mm, y + 1.2 * mm, w - 2.4 * mm, h - 2.4 * mm, stroke=1, fill=0)
        caption = self.resolve(e.caption, face.fields) if e.caption is not None else None
        if caption:
            fitted = text.fit(str(caption), "italic", 7.0, 4.5, 1.15, w - 6 * mm, h * 0.4, True, lambda _: False)
            text.draw(c, fitted, "italic", x + 3 * mm, cy + fitted.height / 2, w - 6 * mm, fitted.height,
                      "center", "top", mix(ground_hex, "#000000", 0.6), self.symbol)
        c.restoreState()

    def _track(self, e: lm.TrackElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        values = self.lookup(face.fields, e.field)
        if not isinstance(values, list) or not values:
            return
        goal = self.lookup(face.fields, e.goal) if e.goal else None
        n = len(values) + (1 if isinstance(goal, int) and goal >= len(values) else 0)
        cols = max(1, min(e.columns, n))
        rows = (n + cols - 1) // cols
        cw, ch = w / cols, h / rows
        c = self.canvas
        fill = HexColor(self.resolve(e.fill, face.fields) or "#ffffff")
        goal_fill = HexColor(self.resolve(e.goal_fill, face.fields) or "#f2c14e")
        for i in range(n):
            col, row = i % cols, i // cols
            bx, by = x + col * cw + 0.6 * mm, y + h - (row + 1) * ch + 0.6 * mm
            bw, bh = cw - 1.2 * mm, ch - 1.2 * mm
            is_goal = goal is not None and i == goal
            c.setFillColor(goal_fill if is_goal else fill)
            c.setStrokeColor(HexColor("#3a3a3a"))
            c.setLineWidth(0.5)
            c.roundRect(bx, by, bw, bh, 1.2 * mm, stroke=1, fill=1)
            label = e.goal_label if is_goal else str(values[i])
            size = min(bh * 0.55, 9.0)
            size = min(size, size * (bw - 1.0 * mm) / max(fonts.width(label, "bold", size), 1e-6))
            c.setFillColor(HexColor("#1b1b1b"))
            c.setFont(fonts.font("bold"), size)
            c.drawCentredString(bx + bw / 2, by + bh / 2 - size * 0.35, label)

    def _tracker(self, e: lm.TrackerElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        rows = self.lookup(face.fields, e.field)
        if not isinstance(rows, list) or not rows:
            return
        top = e.max if isinstance(e.max, int) else int(self.lookup(face.fields, e.max) or 6)
        start = self.lookup(face.fields, e.start) if e.start else None
        n = top + 1
        rh = h / len(rows)
        cw = w / n
        c = self.canvas
        for r, colour in enumerate(rows):
            ry = y + h - (r + 1) * rh
            for v in range(n):
                cx, cy = x + v * cw + cw / 2, ry + rh / 2
                d = min(cw, rh) * 0.86
                label = str(v)
                self.symbol(c, str(colour), cx, cy, d, label)
                if start is not None and v == start:
                    c.saveState()
                    c.setStrokeColor(HexColor("#1b1b1b"))
                    c.setLineWidth(1.0)
                    c.circle(cx, cy, d / 2 + 0.8, stroke=1, fill=0)
                    c.restoreState()

