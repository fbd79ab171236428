"""Draw one card face from a template and the card's fields."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..data.assets import art_path
from ..data.errors import InputError
from ..layout import model as lm
from . import fonts, icons, measured, symbols, text
from .colour import contrast, ink, mix
from .images import ImageStore
from .wheel import WHEEL_CLEAR, Shaft, arrow_head, wheel_layout

MIN_DPI = 300
TRACK_LABEL_ROOM = 1.2  # mm between a track space's label and its edge
MIN_ICON_CONTRAST = 3.0  # WCAG 2.1, 1.4.11 Non-text Contrast: a graphic that carries meaning


def field_where(fields: Any, field: str | None) -> tuple[str | None, int | None]:
    """The card file and line where ``field`` (a dotted path) of a face's ``fields`` was
    written, when the fields know it (`CardFields`); else (None, None)."""
    where = getattr(fields, "where", None)
    return where(field) if where is not None and field else (None, None)


class Unprintable(InputError):
    """A card's value an element cannot print: a format that does not take it, more symbols
    or spaces than the layouts' bounds (pnp/layout/model.py). `FaceRenderer.draw` names where
    to mend it: the card's field (``card_field``, a dotted path) when the card is at fault,
    else the element's property (``prop``, or the property holding ``binding``)."""

    def __init__(self, message: str, card_field: str | None = None, prop: tuple[str, ...] = (),
                 binding: lm.Binding | None = None, fields: Any = None) -> None:
        # located at the card's field already when the fields know their file (`CardFields`):
        # a caller outside `FaceRenderer.draw` (a sheet's bleed colour) gets a located message
        file, line = field_where(fields, card_field)
        super().__init__(file, message, line=line, field=card_field.split(".")[-1] if file and card_field else None)
        self.card_field = card_field
        self.prop = prop
        self.binding = binding


def _shown(value: Any) -> str:
    """A value as a message quotes it (short)."""
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 40 else f'"{value[:37]}..." ({len(value)} characters)'
    if isinstance(value, (list, dict)):
        return f"a {'list' if isinstance(value, list) else 'mapping'} of {len(value)}"
    return repr(value)


def _colour(value: str) -> bool:
    try:
        lm._hex_colour(value)
    except ValueError:
        return False
    return True


def _whole(value: Any) -> int | None:
    """``value`` as a whole number (2 or 2.0), else None (text, 2.5, true, a list...)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def formatted(fmt: str, value: Any, card_field: str | None = None, binding: lm.Binding | None = None,
              fields: Any = None) -> str:
    """``value`` (of the card's ``card_field``) through a layout's format (checked at load: one
    ``{}``, a small width); a value it cannot print is `Unprintable`, saying what the format takes."""
    try:
        return fmt.format(value)
    except (ValueError, TypeError, OverflowError, IndexError, KeyError):
        takes = lm.format_takes(fmt).replace("a value", "text or a number")
        raise Unprintable(f"the layout's format {fmt!r} prints {takes}, not {_shown(value)}", card_field=card_field,
                          prop=("format",), binding=binding, fields=fields) from None


def roman(n: int) -> str:
    """``n`` in Roman numerals, as the clock board prints its hours (I ... XII)."""
    out = []
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def _quoted(text: str, most: int = 24) -> str:
    """``text`` in quotes for a warning, cut short."""
    return repr(text if len(text) <= most else text[:most - 1] + "…")


def is_empty(value: Any) -> bool:
    return value is None or value is False or value == "" or value == [] or value == {}


@dataclass
class Face:
    """A card side ready to draw: its template and data, and where image paths start."""

    template: lm.Template
    fields: dict[str, Any]
    label: str  # for warnings: "visions/dream fragment card/Time in the Burning Desert (front)"
    base_dir: Path = Path(".")


def located(face: Face, element: str | None, exc: Unprintable) -> InputError:
    """``exc``, met drawing ``element`` of ``face`` (None: the template's own properties), as
    an error naming the file, the line and the field to mend."""
    t = face.template
    spec = t.elements.get(element) if element else None
    prop = exc.prop
    if exc.binding is not None:  # the element's (or the template's) property holding the binding
        holder = spec if spec is not None else t
        prop = next(((k, *prop) for k, v in holder if v is exc.binding), prop)
    path = ("elements", element, *prop) if element else prop
    layout_file, layout_line = t.where(*path)
    what = f"{face.label}, layout {t.name!r}" + (f" element {element!r}" if element else "")
    file, line = field_where(face.fields, exc.card_field)
    if file is not None:
        if prop[-1:] == ("format",):  # the format is the layout's: where to find it too
            what += f" at {layout_file}:{layout_line}"
        return InputError(file, f"{exc.message} ({what})", line=line, field=exc.card_field.split(".")[-1])
    card = f", {exc.card_field!r} of the card" if exc.card_field is not None else ""
    return InputError(layout_file, f"{exc.message} ({what}{card})", line=layout_line,
                      field=str(path[-1]) if path else None)


@dataclass
class FaceRenderer:
    canvas: Canvas
    layouts: lm.Layouts
    images: ImageStore
    warnings: list[str] = field(default_factory=list)
    _warned: set[str] = field(default_factory=set)
    _warned_layouts: set[tuple[str, str]] = field(default_factory=set)  # (template, what) warned of

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

    @staticmethod
    def resolve(prop: Any, fields: dict[str, Any]) -> Any:
        """A literal property as it is; a bound one read from ``fields``: mapped, cased and
        formatted, or its ``default`` (as written) when the card has no value for it."""
        if not isinstance(prop, lm.Binding):
            return prop
        value = FaceRenderer.lookup(fields, prop.field)
        if prop.map is not None:
            value = prop.map.get(str(value).lower() if value is not None else "", None)
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        if value is None or value == "":
            return prop.default
        if isinstance(value, str) and prop.case:
            value = {"title": value.title, "upper": value.upper, "lower": value.lower}[prop.case]()
        from_card = prop.map is None  # a mapped value is the layout's own
        if prop.format:
            value = formatted(prop.format, value, prop.field if from_card else None, prop, fields)
        if isinstance(prop, lm.ColourBinding) and not (isinstance(value, str) and _colour(value)):
            raise Unprintable(f"expected a colour like \"#1b1b1b\" or \"cmyk(0, 20, 40, 10)\", got {_shown(value)}",
                              card_field=prop.field if from_card else None, binding=prop, fields=fields)
        return value

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

        The caller clips to the area the card may cover (its bleed box). A value the face
        cannot print stops the build with a message naming the card's or the layout's line.
        """
        self._element: str | None = None
        try:
            self._draw(face, ox, oy)
        except Unprintable as exc:
            raise self._located(face, exc) from None

    def _located(self, face: Face, exc: Unprintable) -> InputError:
        return located(face, self._element, exc)

    def _draw(self, face: Face, ox: float, oy: float) -> None:
        t = face.template
        c = self.canvas
        bg = self.resolve(t.background, face.fields)
        if bg:
            b = t.bleed * mm + 20  # generously past the bleed; the caller's clip bounds it
            c.setFillColor(ink(bg))
            c.rect(ox - b, oy - b, t.width * mm + 2 * b, t.height * mm + 2 * b, stroke=0, fill=1)
        self._inked: list[tuple[str, tuple[float, float, float, float]]] = []
        for name, element in t.elements.items():
            if element.when and is_empty(self.lookup(face.fields, element.when)):
                continue
            if element.unless and not is_empty(self.lookup(face.fields, element.unless)):
                continue
            bx, by, bw, bh = element.box
            x = ox + bx * mm
            y = oy + (t.height - by - bh) * mm
            w, h = bw * mm, bh * mm
            self._element = name
            measured.drawing(c, name)
            getattr(self, f"_{element.type}")(element, face, x, y, w, h, name)
        measured.drawing(c, None)
        self._element = None
        self._collisions(face)
        self._faint_text(face)
        self._small_text(face)

    def _small_text(self, face: Face) -> None:
        """Text this face printed under `measured.MIN_TEXT_PT`: a warning for the first face of
        each template that does, naming the element (the others of the template are alike)."""
        c = self.canvas
        for name, size in measured.small_text(c):
            self._warn_per_layout(face, name, f"{face.label}: the text of '{name}' prints at {size:.1f} pt, under the "
                                  f"{measured.MIN_TEXT_PT:g} pt print shops ask for (layout {face.template.name!r}: a "
                                  f"larger size and min_size, or a larger box; other faces of the layout may too)")
        measured.forget(c)

    def _warn_per_layout(self, face: Face, what: str, message: str) -> None:
        """``message`` for the first face of its template that shows ``what`` (the other faces
        of the template are alike: one warning says it for all of them)."""
        key = (face.template.name, what)
        if key not in self._warned_layouts:
            self._warned_layouts.add(key)
            self.warn(message)

    def _faint_text(self, face: Face) -> None:
        """Text this face printed under `measured.MIN_CONTRAST` with what is beneath it: a
        warning for the first face of each template that does, naming the element."""
        for faint in measured.low_contrast(self.canvas):
            self._warn_per_layout(
                face, f"contrast {faint.subject}",
                f"{face.label}: the text of '{faint.subject}' ({_quoted(faint.text)}) is {faint.colour} on "
                f"{faint.ground}, {faint.ratio:.2f}:1 contrast, under the {measured.MIN_CONTRAST:g}:1 a printed text "
                f"needs (layout {face.template.name!r}: a darker or lighter colour)")

    def _collisions(self, face: Face) -> None:
        """Two text elements whose printed lines run into each other (a two-line title over a
        subtitle): the layout check a publisher reads in the build's warnings."""
        inked = self._inked
        for i, (a, ra) in enumerate(inked):
            for b, rb in inked[i + 1:]:
                w = min(ra[2], rb[2]) - max(ra[0], rb[0])
                h = min(ra[3], rb[3]) - max(ra[1], rb[1])
                if w > 0.3 * mm and h > 0.3 * mm:
                    self.warn(f"{face.label}: the text of '{a}' runs into the text of '{b}'")

    def _rect(self, e: lm.RectElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        fill = self.resolve(e.fill, face.fields)
        stroke = self.resolve(e.stroke, face.fields)
        if not fill and not stroke:
            return
        c = self.canvas
        c.saveState()
        if fill:
            c.setFillColor(ink(fill))
        if stroke:
            c.setStrokeColor(ink(stroke))
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
        c.setStrokeColor(ink(self.resolve(e.stroke, face.fields)))
        c.setLineWidth(e.stroke_width * mm)
        if e.dash:
            c.setDash([d * mm for d in e.dash])
        c.line(x, y + h, x + w, y)
        c.restoreState()

    @staticmethod
    def text_of(e: lm.TextElement, fields: dict[str, Any]) -> str | None:
        """What a text element prints for a card (None: nothing), read from its binding or its
        field and formatted; `Unprintable` for a value the element cannot print."""
        value = FaceRenderer.resolve(e.text, fields) if e.text is not None else None
        if value is None and e.field:
            value = FaceRenderer.lookup(fields, e.field)
        if value is None or value == "":
            return None
        if isinstance(value, list):  # a list of paragraphs
            value = "\n".join(str(v) for v in value)
        if e.roman and isinstance(value, int) and not isinstance(value, bool) and 0 < value < 4000:
            value = roman(value)
        value = formatted(e.format, value, e.field if e.text is None else None, fields=fields) if e.format \
            else str(value)
        if len(value) > lm.MAX_TEXT:  # a long list of paragraphs: each is bounded, not all of them
            raise Unprintable(f"{len(value)} characters to print, over the limit of {lm.MAX_TEXT} for a text "
                              f"element", card_field=e.field if e.text is None else None, prop=("text",))
        return value.upper() if e.upper else value

    def _text(self, e: lm.TextElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        value = self.text_of(e, face.fields)
        if value is None:
            return
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
        self._inked.append((name, text.ink_box(fitted, x, y + h, w, h, e.align, e.valign)))

    def _icon_names(self, e: lm.IconsElement, fields: dict[str, Any]) -> list[tuple[str, str | None]]:
        """The symbols to draw (name, label), at most ``MAX_SYMBOLS`` (else `Unprintable`)."""
        most = lm.MAX_SYMBOLS
        value = e.symbol if e.symbol is not None else (self.lookup(fields, e.field) if e.field else None)
        if value in (None, "", [], {}):
            return []
        if isinstance(value, dict):
            if e.numbers:
                out = [(str(k), str(v)) for k, v in value.items() if v]
            else:
                out = []
                for k, v in value.items():
                    n = 0 if v is None else _whole(v)
                    if n is None or not 0 <= n <= most:
                        raise Unprintable(f"expected a number of {k} symbols from 0 to {most}, got {_shown(v)}",
                                          card_field=f"{e.field}.{k}")
                    out.extend([(str(k), None)] * n)
                    if len(out) > most:
                        break
        elif isinstance(value, list):
            out = [(str(v), None) for v in value]
        else:
            times: Any = e.repeat
            if isinstance(times, str):
                field = times
                times = self.lookup(fields, field)
                if times is not None:
                    times = _whole(times)
                    if times is None or not 0 <= times <= most:
                        raise Unprintable(f"{field} is the number of symbols to draw: expected a whole number from 0 "
                                          f"to {most}, got {_shown(self.lookup(fields, field))}", card_field=field)
            out = [(str(value), None)] * (times if times is not None else 1)
        if len(out) > most:
            raise Unprintable(f"more than {most} symbols to draw in one element", card_field=e.field)
        return out

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
        if len(rows) > lm.MAX_ROWS or any(len(syms) > lm.MAX_SYMBOLS for _, syms in rows):
            raise Unprintable(f"at most {lm.MAX_ROWS} rows of at most {lm.MAX_SYMBOLS} symbols each, got "
                              f"{len(rows)} rows of up to {max(len(syms) for _, syms in rows)}", card_field=e.field)
        widest = max(len(syms) for _, syms in rows)
        # the label's size: down from `size` in steps while the rows are taller than the box
        size = text.shrink(e.size, e.min_size, lambda s: len(rows) * s * 1.45 <= h, stop_at_min=True)
        line_h = min(h / len(rows), size * 1.6)
        if len(rows) * size * 1.45 > h + 1e-6:
            self.warn(f"{face.label}: the rows of '{name}' do not fit their box")
        d = min(line_h * 0.82, size * 1.25)
        c = self.canvas
        colour = ink(self.resolve(e.colour, face.fields))
        for i, (label, syms) in enumerate(rows):
            cy = y + h - (i + 0.5) * line_h
            icons_w = widest * (d + 0.8)
            label_w = w - icons_w - 1.5 * mm
            fitted = text.fit(label, e.font, size, e.min_size, 1.0, label_w, line_h, False, lambda _: False)
            c.saveState()
            c.setFillColor(colour)
            c.setFont(fonts.font(e.font), fitted.size)
            c.drawString(x, cy - fitted.size * 0.35, label)
            c.setStrokeColor(ink(mix(self.resolve(e.colour, face.fields), "#ffffff", 0.6)))
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
        image = face.fields.get("image")
        if image:
            path = art_path(face.base_dir, image)  # inside the card folder or --assets (pnp.data.assets)
            try:
                self._draw_art(path, str(image), face, x, y, w, h)
            except InputError as exc:  # the card names the image: its file and line say where to mend it
                raise Unprintable(f"{str(image)!r}: {exc.message}", card_field="image", fields=face.fields) from None
            return
        icon = self.icon_of(face)
        if icon is not None:
            self._icon_panel(e, face, icon, x, y, w, h)
            return
        self._placeholder(e, face, x, y, w, h)

    @staticmethod
    def icon_colours(e: lm.ArtElement, fields: dict[str, Any]) -> tuple[str, str, str]:
        """The icon panel's ground, the halo the icon stands in, and the icon's own colour."""
        ground = FaceRenderer.resolve(e.placeholder, fields) or "#d9d2c3"
        own = FaceRenderer.resolve(e.icon_colour, fields) if e.icon_colour is not None else None
        return ground, mix(ground, "#ffffff", 0.5), own or mix(ground, "#000000", 0.74)

    @staticmethod
    def icon_of(face: Face) -> icons.Icon | None:
        """The icon ``face`` names (no ``icon``, or an ``image`` too: None); `Unprintable` at the
        card's ``icon`` field when there is no such icon."""
        name = face.fields.get("icon")
        if not name or face.fields.get("image"):
            return None
        try:
            return icons.find(str(name), face.base_dir)
        except InputError as exc:
            raise Unprintable(exc.message, card_field="icon", fields=face.fields) from None

    def _icon_panel(self, e: lm.ArtElement, face: Face, icon: icons.Icon, x: float, y: float, w: float,
                    h: float) -> None:
        """The icon on a designed ground: rays from a pale halo, the icon dark in the halo, a frame."""
        c = self.canvas
        ground_hex, halo_hex, icon_hex = self.icon_colours(e, face.fields)
        ratio = contrast(icon_hex, halo_hex)
        if ratio < MIN_ICON_CONTRAST:
            self.warn(f"{face.label}: icon {icon.name} at {ratio:.2f}:1 contrast with its ground "
                      f"(at least {MIN_ICON_CONTRAST:g}:1 reads at arm's length)")
        cx, cy = x + w / 2, y + h / 2
        side = min(w, h)
        c.saveState()
        p = c.beginPath()
        p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
        c.setFillColor(ink(ground_hex))
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.setFillColor(ink(mix(ground_hex, "#ffffff", 0.16)))  # rays, every other wedge lighter
        reach = (w * w + h * h) ** 0.5
        rays = 24
        for k in range(0, rays, 2):
            a0, a1 = 2 * math.pi * k / rays, 2 * math.pi * (k + 1) / rays
            wedge = c.beginPath()
            wedge.moveTo(cx, cy)
            wedge.lineTo(cx + reach * math.cos(a0), cy + reach * math.sin(a0))
            wedge.lineTo(cx + reach * math.cos(a1), cy + reach * math.sin(a1))
            wedge.close()
            c.drawPath(wedge, stroke=0, fill=1)
        r = side * 0.46
        c.setFillColor(ink(halo_hex))
        c.setStrokeColor(ink(mix(ground_hex, "#000000", 0.22)))
        c.setLineWidth(0.6)
        c.circle(cx, cy, r, stroke=1, fill=1)
        c.setFillColor(ink(icon_hex))
        icons.draw(c, icon, cx, cy, r * 1.5)  # game-icons.net's drawings keep a margin in their square
        c.setStrokeColor(ink(mix(ground_hex, "#000000", 0.18)))
        c.setLineWidth(0.5)
        c.rect(x + 1.2 * mm, y + 1.2 * mm, w - 2.4 * mm, h - 2.4 * mm, stroke=1, fill=0)
        c.restoreState()

    def _draw_art(self, path: Path, image: str, face: Face, x: float, y: float, w: float, h: float) -> None:
        """The image at ``path`` covering the box, clipped to it; a warning when it prints blurred."""
        c = self.canvas
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

    def _placeholder(self, e: lm.ArtElement, face: Face, x: float, y: float, w: float, h: float) -> None:
        """A quiet engraved panel: tinted ground, concentric frames, a caption."""
        c = self.canvas
        ground_hex = self.resolve(e.placeholder, face.fields) or "#d9d2c3"
        ground = ink(ground_hex)
        c.saveState()
        p = c.beginPath()
        p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
        c.setFillColor(ground)
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.setStrokeColor(ink(mix(ground_hex, "#ffffff", 0.35)))
        c.setLineWidth(0.6)
        cx, cy = x + w / 2, y + h / 2
        r = max(w, h) * 0.75
        step = 2.2 * mm
        k = 0
        while r > 2 * mm:
            c.circle(cx, cy, r, stroke=1, fill=0)
            r -= step
            k += 1
        c.setStrokeColor(ink(mix(ground_hex, "#000000", 0.18)))
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
        if n > lm.MAX_SPACES:
            raise Unprintable(f"{n} spaces, over the limit of {lm.MAX_SPACES} for a track", card_field=e.field)
        cols = max(1, min(e.columns, n))
        rows = (n + cols - 1) // cols
        cw, ch = w / cols, h / rows
        c = self.canvas
        fill = ink(self.resolve(e.fill, face.fields) or "#ffffff")
        goal_fill = ink(self.resolve(e.goal_fill, face.fields) or "#f2c14e")
        for i in range(n):
            col, row = i % cols, i // cols
            bx, by = x + col * cw + 0.6 * mm, y + h - (row + 1) * ch + 0.6 * mm
            bw, bh = cw - 1.2 * mm, ch - 1.2 * mm
            is_goal = goal is not None and i == goal
            c.setFillColor(goal_fill if is_goal else fill)
            c.setStrokeColor(ink("#3a3a3a"))
            c.setLineWidth(0.5)
            c.roundRect(bx, by, bw, bh, 1.2 * mm, stroke=1, fill=1)
            label = e.goal_label if is_goal else str(values[i])
            size = min(bh * 0.55, 9.0)
            # at least TRACK_LABEL_ROOM each side of the widest label ("Awakening" once filled its space)
            size = min(size, size * (bw - 2 * TRACK_LABEL_ROOM * mm) / max(fonts.width(label, "bold", size), 1e-6))
            c.setFillColor(ink("#1b1b1b"))
            c.setFont(fonts.font("bold"), size)
            c.drawCentredString(bx + bw / 2, by + bh / 2 - size * 0.35, label)

    def _tracker(self, e: lm.TrackerElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        rows = self.lookup(face.fields, e.field)
        if not isinstance(rows, list) or not rows:
            return
        if len(rows) > lm.MAX_ROWS:
            raise Unprintable(f"{len(rows)} rows, over the limit of {lm.MAX_ROWS} for a tracker", card_field=e.field)
        if isinstance(e.max, int):
            top = e.max
        else:  # the card's field holding it (none: 6)
            given = self.lookup(face.fields, e.max)
            top = 6 if given is None else _whole(given)
            if top is None or not 1 <= top <= lm.MAX_SPACES:
                raise Unprintable(f"{e.max} is a tracker's top value: expected a whole number from 1 to "
                                  f"{lm.MAX_SPACES}, got {_shown(given)}", card_field=e.max)
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
                    c.setStrokeColor(ink("#1b1b1b"))
                    c.setLineWidth(1.0)
                    c.circle(cx, cy, d / 2 + 0.8, stroke=1, fill=0)
                    c.restoreState()


    # --- boards: card places, the time dial, the dominance wheel ----------------------------

    def _label_block(self, parts: list[tuple[str, str, float, float]], colour: str, x: float, y: float,
                     w: float, h: float, valign: str, face: Face, name: str) -> None:
        """Centred lines of text in the box: ``parts`` are (text, font, size, min_size); the
        first (the label) may take 60 % of the height, the rest share what is left; each is
        wrapped and shrunk to its share."""
        gap = 1.2 * mm if len(parts) > 1 else 0.0
        room = h - gap * (len(parts) - 1)
        shares = [1.0] if len(parts) == 1 else [0.6] + [0.4 / (len(parts) - 1)] * (len(parts) - 1)
        fitted = []
        for (value, style, size, min_size), share in zip(parts, shares):
            absent = fonts.missing(value, style)
            if absent:
                self.warn(f"{face.label}: the font has no glyph for {absent!r} in '{name}' (it prints as a box)")
            f = text.fit(value, style, size, min_size, 1.15, w, room * share, True, self.is_symbol)
            if not f.fits:
                self.warn(f"{face.label}: the text of '{name}' does not fit its box even at {min_size} pt")
            fitted.append((f, style))
        block = sum(f.height for f, _ in fitted) + gap * (len(fitted) - 1)
        top = {"top": y + h, "middle": y + h - (h - block) / 2, "bottom": y + block}[valign]
        for f, style in fitted:
            text.draw(self.canvas, f, style, x, top, w, f.height, "center", "top", colour, self.symbol)
            top -= f.height + gap

    def _slot(self, e: lm.SlotElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        c = self.canvas
        fill = self.resolve(e.fill, face.fields)
        c.saveState()
        c.setStrokeColor(ink(self.resolve(e.stroke, face.fields)))
        c.setLineWidth(e.stroke_width * mm)
        if e.dash:
            c.setDash([d * mm for d in e.dash])
        if fill:
            c.setFillColor(ink(fill))
        if e.shape == "ellipse":
            c.ellipse(x, y, x + w, y + h, stroke=1, fill=int(bool(fill)))
        else:
            c.roundRect(x, y, w, h, min(e.radius * mm, w / 2, h / 2), stroke=1, fill=int(bool(fill)))
        c.restoreState()
        parts = []
        label = self.resolve(e.label, face.fields) if e.label is not None else None
        note = self.resolve(e.note, face.fields) if e.note is not None else None
        if label:
            parts.append((str(label), e.font, e.size, min(e.size, 6.0)))
        if note:
            parts.append((str(note), "italic", e.note_size, min(e.note_size, 4.5)))
        if parts:
            pad = max(2.5 * mm, min(w, h) * (0.15 if e.shape == "ellipse" else 0.06))
            self._label_block(parts, self.resolve(e.colour, face.fields), x + pad, y + pad, w - 2 * pad,
                              h - 2 * pad, e.valign, face, name)

    def _dial(self, e: lm.DialElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        import math

        count = e.count if isinstance(e.count, int) else self.lookup(face.fields, e.count)
        if not isinstance(count, int) or isinstance(count, bool) or not 2 <= count <= 60:
            self.warn(f"{face.label}: '{name}' needs a number of spaces from 2 to 60 in {e.count!r}")
            return
        marks = self.lookup(face.fields, e.marks) if isinstance(e.marks, str) else e.marks
        if marks is not None and not isinstance(marks, dict):
            raise Unprintable(f"expected a mapping of space numbers to notes, got {_shown(marks)}",
                              card_field=str(e.marks))
        marks = {int(k): str(v) for k, v in (marks or {}).items()
                 if len(str(k)) <= 3 and str(k).lstrip("-").isdigit()}  # a space's number: 1 to 60
        labels = list(e.labels or [])
        d = e.space * mm
        cx, cy = x + w / 2, y + h / 2
        r = e.radius * mm if e.radius else min(w, h) / 2 - d / 2
        start = e.start if e.start is not None else 360.0 / count
        step = 360.0 / count
        c = self.canvas

        def at(angle: float, radius: float) -> tuple[float, float]:
            a = math.radians(angle)
            return cx + radius * math.sin(a), cy + radius * math.cos(a)

        stroke = ink(self.resolve(e.stroke, face.fields))
        ring = self.resolve(e.ring, face.fields) if e.ring is not None else None
        if ring:
            c.saveState()
            c.setStrokeColor(ink(ring))
            c.setLineWidth(0.5 * mm)
            c.circle(cx, cy, r, stroke=1, fill=0)
            c.restoreState()
        if e.arrows and ring:
            c.saveState()
            c.setFillColor(ink(ring))
            half = min(1.6 * mm, r * math.radians(step) * 0.12)
            for i in range(count):
                a = math.radians(start + (i + 0.5) * step)
                px, py = at(start + (i + 0.5) * step, r)
                tx, ty = math.cos(a), -math.sin(a)  # clockwise tangent
                nx, ny = math.sin(a), math.cos(a)  # outwards
                p = c.beginPath()
                p.moveTo(px + tx * half * 1.3, py + ty * half * 1.3)
                p.lineTo(px - tx * half * 0.7 + nx * half, py - ty * half * 0.7 + ny * half)
                p.lineTo(px - tx * half * 0.7 - nx * half, py - ty * half * 0.7 - ny * half)
                p.close()
                c.drawPath(p, stroke=0, fill=1)
            c.restoreState()
        fill = ink(self.resolve(e.fill, face.fields))
        mark_fill = ink(self.resolve(e.mark_fill, face.fields))
        colour = ink(self.resolve(e.colour, face.fields))
        for i in range(count):
            n = i + 1
            sx, sy = at(start + i * step, r)
            c.saveState()
            c.setFillColor(mark_fill if n in marks else fill)
            c.setStrokeColor(stroke)
            c.setLineWidth(0.5 * mm)
            c.circle(sx, sy, d / 2, stroke=1, fill=1)
            label = labels[i] if i < len(labels) else (roman(n) if e.roman else str(n))
            size = min(e.size, e.size * d * 0.72 / max(fonts.width(label, e.font, e.size), 1e-6))
            note = marks.get(n)
            c.setFillColor(colour)
            c.setFont(fonts.font(e.font), size)
            base = sy - size * 0.35 + (size * 0.28 if note else 0)
            c.drawCentredString(sx, base, label)
            if note:
                lines = note.split("\n")
                ns = e.note_size
                widest = max(fonts.width(line, "bold", ns) for line in lines)
                ns = min(ns, ns * d * 0.8 / max(widest, 1e-6))
                c.setFont(fonts.font("bold"), ns)
                for k, line in enumerate(lines):
                    c.drawCentredString(sx, base - ns * (1.15 * k + 1.2), line)
            c.restoreState()

    def _wheel(self, e: lm.WheelElement, face: Face, x: float, y: float, w: float, h: float, name: str) -> None:
        plan = lm.wheel_plan(lm.TABLES[e.table](), e.order)
        c = self.canvas
        d = e.node * mm
        colour = self.resolve(e.colour, face.fields)
        head = max(2.2 * mm, e.edge_width * mm * 4)
        lay = wheel_layout(plan, d, e.size, head, e.all_note, e.none_note, w, h)
        if not lay.fits:
            self._warn_per_layout(face, f"wheel {name}",
                                  f"{face.label}: the wheel '{name}' has no room to keep its names {WHEEL_CLEAR:g} mm "
                                  f"from each other and from its symbols and arrows at {e.size:g} pt (layout "
                                  f"{face.template.name!r}: a larger box, a smaller node or size)")
        cx, cy = x + lay.cx, y + lay.cy

        def tint(entry: str) -> str:
            if e.edge is not None:
                return self.resolve(e.edge, face.fields)
            style = self.layouts.symbols.get(entry)
            return style.fill if style is not None else colour

        def arrow(shaft: Shaft, col: str) -> None:
            x0, y0, x1, y1 = shaft
            length = math.hypot(x1 - x0, y1 - y0)
            if length < 1e-6:
                return
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            c.saveState()
            c.setStrokeColor(ink(col))
            c.setFillColor(ink(col))
            c.setLineWidth(e.edge_width * mm)
            c.line(cx + x0, cy + y0, cx + x1 - ux * head * 0.8, cy + y1 - uy * head * 0.8)
            (tx, ty), *rest = arrow_head(shaft, head)
            p = c.beginPath()
            p.moveTo(cx + tx, cy + ty)
            for px, py in rest:
                p.lineTo(cx + px, cy + py)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
            c.restoreState()

        for winner, shaft in lay.edges:
            arrow(shaft, tint(winner))
        # "every other": a thin circle round the circle's symbols, which the special entries point at
        c.saveState()
        c.setStrokeColor(ink(mix(colour, "#ffffff", 0.55)))
        c.setLineWidth(0.3 * mm)
        c.setDash([1.2 * mm, 1.0 * mm])
        c.circle(cx, cy, lay.around, stroke=1, fill=0)
        c.restoreState()
        for node in lay.nodes:
            self.symbol(c, node.entry, cx + node.x, cy + node.y, d)
        for shaft in lay.shafts:
            arrow(shaft, colour)
        c.saveState()
        c.setFillColor(ink(colour))
        for label in lay.labels:
            c.setFont(fonts.font(label.font), e.size)
            c.drawString(cx + label.x, cy + label.y, label.text)
        c.restoreState()
