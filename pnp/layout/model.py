"""Card templates as data (``layouts/*.yaml``), with ``extends:`` to share a base.

A layout file holds ``templates:`` (and optionally ``symbols:``)::

    templates:
      poker:
        size: [63, 88]          # trim size in mm
        bleed: 3                # mm of art beyond the cut line (``--bleed`` overrides)
        safe: 3                 # mm inside the cut line that text keeps clear of
        background: "#f4efe6"
        elements:
          title: {type: text, box: [4, 4, 55, 8], field: name, font: bold, size: 10}
      kartomantik-manifestation:
        extends: poker
        elements:
          title: {size: 9}      # merged into the base's "title"
          power: {type: icons, box: [4, 78, 40, 6], field: temperament, repeat: power}

Boxes are ``[x, y, w, h]`` in mm from the top-left corner of the trim (y grows downwards,
as a designer measures a card). Elements are drawn in order; a child template's element of
the same name is merged key by key into the base's, and ``null`` removes it.

Any element property may be *bound* to the card's data instead of a literal:
``{field: temperament, map: {choleric: "#b3261e"}, default: "#777"}``. ``when: FIELD`` draws
an element only when that field is present and not empty, ``unless: FIELD`` only when it is
empty.
"""

from __future__ import annotations

import os
import re
import stat
import string
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import (AfterValidator, BaseModel, ConfigDict, Discriminator, Field, PrivateAttr, Tag, ValidationError,
                      model_validator)

from ..data.components import CardValue
from ..data.errors import InputError, InputErrors, shown
from ..data.validate import errors_from
from ..data.yamlsafe import Located, load_yaml
from .fontfile import BUILTIN_FONTS, FontSource, font_file
from .fontfile import MAX_FONT_BYTES as MAX_FONT_BYTES  # the limit, where layouts are read

# --- limits: every number of a layout has a range (docs/limits.md, "Numbers") --------------
# A layout is data from anyone. Each range is wide for any real card, board or screen and
# narrow enough that nothing drawn from it can run away (a 1e300 pt font shrunk a step at a
# time, a million symbols, an infinite line width). NaN and infinities are never numbers here.
# The renderer reads the bounds on what it draws from card data (MAX_SYMBOLS...) from here too.
MAX_MM = 2000.0  # a template's side, a box's size and place: 2 m, past any board (boards are tiled)
MIN_SIDE_MM = 5.0  # a template's side: the smallest piece one cuts out (a 0.001 mm card tiled a sheet forever)
MIN_OFFSET_MM = -50.0  # how far left of or above the trim a box may start (art into the bleed)
MAX_FONT_PT = 200.0  # a font size: a letter 7 cm tall; the smallest is any size above 0
LEADING = (0.5, 5.0)  # line spacing, in multiples of the font size
MAX_STROKE_MM = 20.0  # a line's width
DASH_MM = (0.05, 100.0)  # each dash and gap of a dash pattern (zeros make no pattern: PDF refuses it)
MAX_DASH = 8  # numbers in a dash pattern
SYMBOL_MM = (0.1, 200.0)  # a symbol's size (icons, a wheel's node, a dial's space)
MAX_GAP_MM = 100.0  # between two symbols of an icons element
MAX_ANGLE = 360.0  # a dial's start, in degrees either way
MAX_SYMBOLS = 100  # symbols an icons element draws (a repeat, a cost, a list): 100 fill a card's width
MAX_COLUMNS = 100  # a track's columns
MAX_SPACES = 100  # a track's spaces and a tracker's top value (its spaces 0..max) and its rows
MAX_ROWS = 100  # lines of a rows element
MAX_DIAL = 60  # spaces of a dial (a clock has 12, a minute dial 60)
MAX_TEXT = 5000  # characters of a text element's text (a literal, or a card's value once formatted)
MAX_FORMAT_WIDTH = 64  # a format's width, "{:>64}": no line of a card is wider
MAX_FORMAT_PRECISION = 15  # a format's precision, "{:.15f}": the digits a number holds
MAX_EXTENDS = 32  # templates in one chain of `extends:`
MAX_ELEMENTS = 500  # elements of one template (the bundled screen's inside has 56), each drawn on every card


def _finite(lo: float | None = None, hi: float | None = None, *, above: float | None = None) -> Any:
    """A finite float from ``lo`` (or above ``above``) to ``hi``."""
    return Annotated[float, Field(ge=lo, gt=above, le=hi, allow_inf_nan=False)]


Mm = _finite(MIN_OFFSET_MM, MAX_MM)  # a place, mm from the trim's top-left corner
Extent = _finite(0, MAX_MM)  # a width or height, mm
def _at_least_a_piece(value: float) -> float:
    if value < MIN_SIDE_MM:
        raise ValueError(f"a template's side is at least {MIN_SIDE_MM:g} mm (a piece one can cut out), got {value:g}")
    return value


Side = Annotated[_finite(above=0, hi=MAX_MM), AfterValidator(_at_least_a_piece)]  # a template's side, mm
Points = _finite(above=0, hi=MAX_FONT_PT)  # a font size, pt
Leading = _finite(*LEADING)
Stroke = _finite(0, MAX_STROKE_MM)  # a line's width, mm (0: the thinnest the device draws)
Radius = _finite(0, MAX_MM)  # mm
SymbolSize = _finite(*SYMBOL_MM)  # mm
Dash = Annotated[list[_finite(*DASH_MM)], Field(max_length=MAX_DASH)]  # mm, dash and gap in turn
Box = tuple[Mm, Mm, Extent, Extent]


def _either(number: Any, other: Any = str) -> Any:
    """A number, or (a text) the card's field holding it: a value is checked as one or the
    other, by its type, so that a bad one gets one message."""
    return Annotated[Union[Annotated[number, Tag("[number]")], Annotated[other, Tag("[field]")]],
                     Discriminator(lambda v: "[field]" if isinstance(v, str) else "[number]")]


# a colour: sRGB as "#1b1b1b", or process inks in per cent as "cmyk(0, 20, 40, 10)" (kept
# exactly in a --pdfx file; see pnp/render/colour.py)
CMYK_COLOUR = re.compile(r"cmyk\(\s*(\d{1,3}(?:\.\d+)?)\s*,\s*(\d{1,3}(?:\.\d+)?)\s*,\s*(\d{1,3}(?:\.\d+)?)\s*,"
                         r"\s*(\d{1,3}(?:\.\d+)?)\s*\)")


def _hex_colour(value: str) -> str:
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return value
    m = CMYK_COLOUR.fullmatch(value.strip().lower())
    if m and all(float(v) <= 100 for v in m.groups()):
        return value
    raise ValueError(f'expected a colour like "#1b1b1b" or "cmyk(0, 20, 40, 10)" (per cent), got {shown(value)}')


# Python's format spec: [[fill]align][sign][z][#][0][width][grouping][.precision][type]
_SPEC = re.compile(r"(?:.?(?P<align>[<>=^]))?(?P<sign>[-+ ])?z?(?P<alt>#)?0?(?P<width>\d*)(?P<grouping>[,_])?"
                   r"(?:\.(?P<precision>\d+))?(?P<type>[bcdeEfFgGnosxX%]?)", re.S)
_TAKES = {**dict.fromkeys("bcdoxX", "a whole number"), **dict.fromkeys("eEfFgGn%", "a number"), "s": "text"}


def _one_placeholder(value: str) -> str:
    """A format takes the one value it is given: exactly one plain ``{}``, with a spec whose
    width and precision are small (a ``{:>999999999}`` would print a gigabyte)."""
    try:
        parts = [(f, spec) for _, f, spec, _ in string.Formatter().parse(value) if f is not None]
    except ValueError as exc:
        raise ValueError(f"not a format string ({exc}): {shown(value)}") from None
    if [f for f, _ in parts] != [""]:
        raise ValueError(f"a format holds exactly one {{}} for the value, got {shown(value)}")
    spec = parts[0][1] or ""
    m = _SPEC.fullmatch(spec)
    if m is None:
        raise ValueError(f"{{:{spec}}} is not a format spec Python knows (like {{:>3}} or {{:.2f}}), in {shown(value)}")
    if m["width"] and int(m["width"]) > MAX_FORMAT_WIDTH:
        raise ValueError(f"a format's width is at most {MAX_FORMAT_WIDTH} characters, got {m['width']} in {shown(value)}")
    if m["precision"] and int(m["precision"]) > MAX_FORMAT_PRECISION:
        raise ValueError(f"a format's precision is at most {MAX_FORMAT_PRECISION} digits, got {m['precision']} in "
                         f"{shown(value)}")
    return value


def format_takes(value: str) -> str:
    """What kind of value a (checked) format prints: "a whole number", "a number", "text"
    or "a value" (any)."""
    spec = next((spec for _, f, spec, _ in string.Formatter().parse(value) if f is not None), "") or ""
    m = _SPEC.fullmatch(spec)
    if m is None:
        return "a value"
    if m["type"]:
        return _TAKES[m["type"]]
    return "a number" if m["sign"] or m["alt"] or m["grouping"] or m["align"] == "=" else "a value"


HexColour = Annotated[str, AfterValidator(_hex_colour)]
# a font: the bundled family's regular, bold, italic or bolditalic, `title` (the serif for titles), or one a layout file
# declares under `fonts:` (checked when the layouts are loaded)
FontName = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")]
Format = Annotated[str, Field(max_length=200), AfterValidator(_one_placeholder)]
# a literal text a layout prints
LiteralText = Annotated[str, Field(max_length=MAX_TEXT)]


class Binding(BaseModel):
    """A property read from the card's data: ``field`` (dotted path), optionally mapped."""

    model_config = ConfigDict(extra="forbid")

    field: str
    map: dict[str, CardValue] | None = None
    default: CardValue = None
    format: Format | None = None
    case: Literal["title", "upper", "lower"] | None = None


class ColourBinding(Binding):
    """A colour read from the card's data: every colour it can give is checked at load."""

    map: dict[str, HexColour] | None = None
    default: HexColour | None = None


def _or_binding(literal: Any, binding: type[Binding]) -> Any:
    """A literal, or (a mapping) a binding to the card's data: checked as one or the other by
    its type, so that a bad value gets one message."""
    return Annotated[Union[Annotated[literal, Tag("[literal]")], Annotated[binding, Tag("[binding]")]],
                     Discriminator(lambda v: "[binding]" if isinstance(v, (dict, Binding)) else "[literal]")]


Colour = _or_binding(HexColour, ColourBinding)
Text = _or_binding(LiteralText, Binding)


class _Element(BaseModel):
    model_config = ConfigDict(extra="forbid")

    box: Box
    when: str | None = None  # draw only when this field has a value
    unless: str | None = None  # draw only when this field is empty


class RectElement(_Element):
    type: Literal["rect"]
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: Stroke = 0.3
    radius: Radius = 0.0
    # "ellipse" draws the ellipse inscribed in the box
    shape: Literal["rect", "ellipse"] = "rect"


class LineElement(_Element):
    """A straight line from the box's top-left to its bottom-right corner (use h=0 or w=0)."""

    type: Literal["line"]
    stroke: Colour = "#000000"
    stroke_width: Stroke = 0.3
    dash: Dash | None = None


class TextElement(_Element):
    """Text from ``field`` or a literal ``text``; wraps when ``wrap`` and shrinks to fit."""

    type: Literal["text"]
    field: str | None = None
    text: Text | None = None
    format: Format | None = None
    font: FontName = "regular"
    size: Points = 9.0
    min_size: Points = 5.0
    leading: Leading = 1.2
    colour: Colour = "#1b1b1b"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    wrap: bool = False
    upper: bool = False
    roman: bool = False  # a whole number printed in Roman numerals (the clock's hours)


class IconsElement(_Element):
    """A row of game symbols: a cost ``{hope: 2}``, a list ``[red, blue]``, or one symbol
    named by ``field`` (or a fixed ``symbol``) repeated ``repeat`` times (a temperament times
    the card's power; a Mark of Sol times the number on a Gestalt Vision's back)."""

    type: Literal["icons"]
    field: str | None = None
    symbol: str | None = None  # a fixed symbol instead of one named by ``field``
    repeat: _either(Annotated[int, Field(ge=0, le=MAX_SYMBOLS)]) | None = None
    size: SymbolSize = 5.0  # mm
    gap: _finite(0, MAX_GAP_MM) = 1.0  # mm
    align: Literal["left", "center", "right"] = "left"
    direction: Literal["row", "column"] = "row"
    numbers: bool = False  # a mapping {symbol: n} drawn as one symbol with n on it


class RowsElement(_Element):
    """A mapping ``{label: [symbols]}`` as lines: the label, then its symbols at the right."""

    type: Literal["rows"]
    field: str
    size: Points = 7.0  # pt, the label's font size; symbols are drawn as tall as a line
    min_size: Points = 5.0
    colour: Colour = "#1b1b1b"
    font: FontName = "regular"


class SymbolElement(_Element):
    """One game symbol filling the box, named by ``symbol``, with an optional ``label``."""

    type: Literal["symbol"]
    symbol: Text
    label: Text | None = None


class ArtElement(_Element):
    """The card's ``image`` cropped to fill the box; else its ``icon`` (pnp/render/icons.py) in
    ``icon_colour`` on a panel of ``placeholder`` (the ground colour); else a plain placeholder
    panel of that colour with ``caption``, for a game still without art."""

    type: Literal["art"]
    placeholder: Colour = "#d9d2c3"
    icon_colour: Colour | None = None  # None: the ground darkened, for at least 3:1 contrast
    caption: Text | None = None


class TrackElement(_Element):
    """A scoring track: the list in ``field`` as numbered spaces, wrapping onto rows."""

    type: Literal["track"]
    field: str
    columns: Annotated[int, Field(ge=1, le=MAX_COLUMNS)] = 5
    goal: str | None = None  # field holding the index of the goal space (awakening)
    goal_label: str = "Goal"
    fill: Colour = "#ffffff"
    goal_fill: Colour = "#f2c14e"


class TrackerElement(_Element):
    """An energy tracker: one row per symbol in ``field``, spaces 0..``max``."""

    type: Literal["tracker"]
    field: str
    max: _either(Annotated[int, Field(ge=1, le=MAX_SPACES)]) = 6
    start: str | None = None  # field holding the starting value, marked on each row


class SlotElement(_Element):
    """A card's place on a board or playmat: a dashed rounded outline (make the box a few mm
    larger than the card) with a ``label`` and a smaller ``note``, shown while it is empty."""

    type: Literal["slot"]
    label: Text | None = None
    note: Text | None = None
    stroke: Colour = "#6b6256"
    fill: Colour | None = None
    stroke_width: _finite(above=0, hi=MAX_STROKE_MM) = 0.5
    dash: Dash | None = Field(default_factory=lambda: [3.0, 1.8])  # mm
    radius: Radius = 3.0
    shape: Literal["rect", "ellipse"] = "rect"
    colour: Colour = "#4a4339"  # the label's and the note's colour
    font: FontName = "bold"
    size: Points = 14.0  # pt, the label's size (it shrinks to fit)
    note_size: Points = 7.5
    valign: Literal["top", "middle", "bottom"] = "middle"


class DialElement(_Element):
    """Spaces around a circle, numbered clockwise like a clock's hours (the time track).

    The spaces' centres lie on a circle of ``radius`` mm (default: touching the box); the
    last space sits at the top (``start`` degrees clockwise from the top places the first).
    ``marks`` maps a space's number to a short note printed inside it (the starting hours),
    literally or read from the field it names.
    """

    type: Literal["dial"]
    count: _either(Annotated[int, Field(ge=2, le=MAX_DIAL)]) = 12  # or the field holding it
    labels: Annotated[list[LiteralText], Field(max_length=MAX_DIAL)] | None = None  # in place of the numbers
    roman: bool = False
    start: _finite(-MAX_ANGLE, MAX_ANGLE) | None = None  # degrees clockwise from the top of space 1; default 360/count
    radius: _finite(above=0, hi=MAX_MM) | None = None
    space: SymbolSize = 24.0  # mm, a space's diameter
    size: Points = 14.0  # pt, a space's number
    note_size: Points = 5.5
    font: FontName = "bold"
    fill: Colour = "#ffffff"
    stroke: Colour = "#3a3a3a"
    colour: Colour = "#1b1b1b"
    mark_fill: Colour = "#f2c14e"
    marks: _either(dict[Annotated[int, Field(ge=1, le=MAX_DIAL)], LiteralText]) | None = None
    ring: Colour | None = "#3a3a3a"  # the track line joining the spaces (null: none)
    arrows: bool = True  # a chevron between spaces, pointing the way the counter moves


def _known_table(value: str) -> str:
    if value not in TABLES:
        raise ValueError(f"no table named {shown(value)} (known: {', '.join(sorted(TABLES))})")
    return value


class WheelElement(_Element):
    """A dominance wheel drawn from a rulebook table (``table:``, see ``TABLES``): who beats
    whom. Each entry is drawn as its symbol around a circle with an arrow to each one it
    beats; an entry beating every other is drawn above the circle, one beaten by every other
    below it, each with a note."""

    type: Literal["wheel"]
    table: Annotated[str, AfterValidator(_known_table)]
    order: list[str] | None = None  # the order around the circle; default: each beats the next
    node: SymbolSize = 14.0  # mm, a symbol's size
    size: Points = 7.5  # pt, the names under the symbols
    colour: Colour = "#1b1b1b"
    edge: Colour | None = None  # the arrows' colour; default: the winner's symbol colour
    edge_width: _finite(above=0, hi=MAX_STROKE_MM) = 0.6  # mm
    all_note: str = "beats every other"
    none_note: str = "is beaten by every other"

    @model_validator(mode="after")
    def _order_fits_the_table(self) -> "WheelElement":
        wheel_plan(TABLES[self.table](), self.order)  # raises ValueError naming the circle's entries
        return self


# --- named tables: rulebook tables a layout may draw (one place for them: the game modules) ---

def _kartomantik_dominance() -> Mapping[str, Iterable[str]]:
    from ..games.kartomantik import models as kartomantik

    return kartomantik.DOMINANCE


# name -> a function returning the table: {entry: [the entries it beats]}
TABLES: dict[str, Callable[[], Mapping[str, Iterable[str]]]] = {
    "kartomantik.dominance": _kartomantik_dominance,
}


@dataclass(frozen=True)
class WheelPlan:
    """How a dominance table is drawn: the entries around the circle (in order), the arrows
    between them (winner, loser), and the entries that beat all or are beaten by all."""

    ring: tuple[str, ...]
    edges: tuple[tuple[str, str], ...]
    beats_all: tuple[str, ...]
    beaten_by_all: tuple[str, ...]


def wheel_plan(table: Mapping[str, Iterable[str]], order: list[str] | None = None) -> WheelPlan:
    """Lay out ``table`` for a wheel; ``order`` fixes the circle's order (else each entry
    beats the next one clockwise when the table allows it, else the table's order)."""
    beats = {k: frozenset(v) for k, v in table.items()}
    names = list(beats)
    top = tuple(n for n in names if beats[n] >= set(names) - {n})
    bottom = tuple(n for n in names if n not in top and all(n in beats[o] for o in names if o != n))
    ring = [n for n in names if n not in top and n not in bottom]
    if order is not None:
        unknown = [n for n in order if n not in ring]
        if unknown or len(order) != len(ring):
            raise ValueError(f"wheel order {order} is not the circle's entries {ring}")
        ring = list(order)
    elif len(ring) > 2:
        import itertools

        for rest in itertools.permutations(ring[1:]):
            cycle = [ring[0], *rest]
            if all(cycle[(i + 1) % len(cycle)] in beats[cycle[i]] for i in range(len(cycle))):
                ring = cycle
                break
    edges = tuple((a, b) for a in ring for b in ring if a != b and b in beats[a])
    return WheelPlan(tuple(ring), edges, top, bottom)


Element = Annotated[
    Union[RectElement, LineElement, TextElement, IconsElement, RowsElement, SymbolElement, ArtElement,
          TrackElement, TrackerElement, SlotElement, DialElement, WheelElement],
    Field(discriminator="type"),
]


class Template(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    size: tuple[Side, Side]
    bleed: _finite(0, 10) = 3.0  # mm (--bleed: the same range)
    safe: _finite(0, 20) = 3.0  # mm
    background: Colour = "#ffffff"
    elements: dict[str, Element] = Field(default_factory=dict, max_length=MAX_ELEMENTS)
    file: str = ""
    # where each part was written: a path in the template ("elements", "title", "format") ->
    # the layout document and the template (this one, or one it extends) that set it
    _origins: dict[tuple[Any, ...], tuple[Located, str]] = PrivateAttr(default_factory=dict)

    def where(self, *path: Any) -> tuple[str, int | None]:
        """The file and line where the value at ``path`` was written (in this template, or in
        the one it inherited it from)."""
        return _where_in(self._origins, path, self.file)

    @model_validator(mode="after")
    def _print_inside_the_safe_zone(self) -> "Template":
        """What must be read (text, symbols, tracks) keeps ``safe`` mm inside the cut line,
        where a miscut cannot reach it. Shapes and art may run to the bleed."""
        for key, e in self.elements.items():
            if e.type in ("rect", "line", "art"):
                continue
            x, y, w, h = e.box
            s = self.safe - 1e-6
            if x < s or y < s or x + w > self.width - s or y + h > self.height - s:
                raise ValueError(f"element {shown(key)} ({e.type}, box {list(e.box)}) reaches into the "
                                 f"{self.safe} mm safe zone inside the cut line")
        return self

    @property
    def width(self) -> float:
        return self.size[0]

    @property
    def height(self) -> float:
        return self.size[1]


class SymbolStyle(BaseModel):
    """How a game symbol is drawn: a shape, its colours and an optional glyph on it."""

    model_config = ConfigDict(extra="forbid")

    shape: Literal["circle", "square", "diamond", "triangle", "hexagon", "star", "drop", "ring"] = "circle"
    fill: HexColour = "#888888"
    stroke: HexColour = "#1b1b1b"
    glyph: str | None = None
    glyph_colour: HexColour = "#ffffff"


class LayoutFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    templates: dict[str, dict[str, Any]] = Field(default_factory=dict)
    symbols: dict[str, SymbolStyle] = Field(default_factory=dict)
    # a publisher's fonts: name -> a TrueType file relative to this layout file's folder;
    # an element's `font:` names one (embedded, subset, in the PDF)
    fonts: dict[str, str] = Field(default_factory=dict)


class Layouts:
    """All templates and symbols of a layouts folder, ``extends:`` resolved."""

    def __init__(self, templates: dict[str, Template], symbols: dict[str, SymbolStyle],
                 notes: list[str] | None = None) -> None:
        self.templates = templates
        self.symbols = symbols
        self.notes = notes or []  # a template of a later layer in place of an earlier one

    def template(self, name: str) -> Template:
        try:
            return self.templates[name]
        except KeyError:
            known = ", ".join(sorted(self.templates)) or "none"
            raise InputError(None, f"no layout template named {shown(name)} (known: {known})") from None


Origins = dict[tuple[Any, ...], tuple[Located, str]]


def _where_in(origins: Origins, path: tuple[Any, ...], file: str = "") -> tuple[str, int | None]:
    """The file and line of ``path`` in a template whose parts come from ``origins``."""
    for n in range(len(path), -1, -1):
        origin = origins.get(tuple(path[:n]))
        if origin is not None:
            doc, template = origin
            return doc.file, doc.line_of(("templates", template, *path))
    return file, None


def _merge(base: dict[str, Any], child: dict[str, Any], origins: Origins, doc: Located,
           name: str) -> tuple[dict[str, Any], Origins]:
    """``child`` (template ``name`` of ``doc``) over ``base``: elements merged key by key; and
    the origins of the parts, ``doc`` for what the child writes."""
    out = dict(base)
    where = {**origins, (): (doc, name)}
    for key, value in child.items():
        if key == "elements" and isinstance(value, dict) and isinstance(base.get("elements") or {}, dict):
            elements = dict(base.get("elements") or {})
            where[("elements",)] = (doc, name)
            for element, spec in value.items():
                merged = isinstance(spec, dict) and isinstance(elements.get(element), dict)
                if not merged:  # removed or replaced: nothing of the base's element is left
                    where = {k: v for k, v in where.items() if k[:2] != ("elements", element)}
                if spec is None:
                    elements.pop(element, None)
                elif merged:
                    elements[element] = {**elements[element], **spec}
                    where.update({("elements", element, k): (doc, name) for k in spec})
                else:
                    elements[element] = spec
                    where[("elements", element)] = (doc, name)
            out["elements"] = elements
        else:
            out[key] = value
            where = {k: v for k, v in where.items() if k[:1] != (key,)}
            where[(key,)] = (doc, name)
    return out, where


def _without_tag(data: dict[str, Any], path: tuple[Any, ...]) -> tuple[Any, ...]:
    """An error's path in a template without the element's type pydantic puts in it (the tag
    of the discriminated union): ``("elements", "x", "rect", "radius")`` is the data's
    ``("elements", "x", "radius")``."""
    if len(path) > 2 and path[0] == "elements":
        element = (data.get("elements") or {}).get(path[1]) if isinstance(data.get("elements"), dict) else None
        if isinstance(element, dict) and element.get("type") == path[2]:
            return path[:2] + path[3:]
    return path


def _shown(value: Any) -> str:
    return shown(value)  # cut short, never built whole (pnp.data.errors)


def _check_raw(path: Path, doc: Located, name: str, spec: dict[str, Any]) -> None:
    """The parts of a template that are read before it is validated (it may be abstract, or
    merged into others): ``extends`` names a template, ``elements`` maps names to mappings."""
    at = ("templates", name)
    parent = spec.get("extends")
    if parent is not None and not (isinstance(parent, str) and parent):
        raise InputError(path, f"expected the name of one template to build on, got {_shown(parent)} "
                               f"(template {shown(name)})", line=doc.line_of((*at, "extends")), field="extends")
    elements = spec.get("elements")
    if elements is None:
        return
    if not isinstance(elements, dict):
        raise InputError(path, f"expected a mapping of element names to elements, got {_shown(elements)} "
                               f"(template {shown(name)})", line=doc.line_of((*at, "elements")), field="elements")
    for key, element in elements.items():
        if not isinstance(key, str):
            raise InputError(path, f"an element's name is text, got {_shown(key)} (template {shown(name)})",
                             line=doc.line_of((*at, "elements", key)), field="elements")
        if element is not None and not isinstance(element, dict):
            raise InputError(path, f"expected an element (a mapping with `type`, `box`...) or null to remove "
                                   f"an inherited one, got {_shown(element)} (template {shown(name)})",
                             line=doc.line_of((*at, "elements", key)), field=key)


def load_layouts(folder: Path | list[Path]) -> Layouts:
    """Read every ``*.yaml`` of a layouts folder, or of several layered ones (the bundled
    folder first, a publisher's over it): a later layer's template of the same name wins, and
    a template may extend one of any layer. A missing field or a circular ``extends:`` is an
    `InputError` naming the file (and the line of the template); a name defined twice in one
    layer too. ``Layouts.notes`` says which template overrode which."""
    layers = [Path(folder)] if isinstance(folder, (str, Path)) else [Path(f) for f in folder]
    raw: dict[str, tuple[dict[str, Any], Located]] = {}
    symbols: dict[str, SymbolStyle] = {}
    notes: list[str] = []
    fonts: dict[str, FontSource] = {}
    for layer in layers:
        _read_layer(layer, raw, symbols, notes, fonts)
    # name -> (the template's data with what it extends merged in, its origins, its depth:
    # how many templates its chain of `extends` holds)
    resolved: dict[str, tuple[dict[str, Any], Origins, int]] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> tuple[dict[str, Any], Origins, int]:
        if name in resolved:
            return resolved[name]
        spec, doc = raw[name]
        parent = spec.get("extends")
        data = {k: v for k, v in spec.items() if k != "extends"}
        origins: Origins = {(): (doc, name)}
        depth = 1
        if parent is not None:
            at = doc.line_of(("templates", name, "extends"))
            if parent in chain or parent == name:
                cycle = " -> ".join(chain + (name, parent))
                raise InputError(doc.file, f"circular extends: {cycle}", line=at, field="extends")
            if parent not in raw:
                raise InputError(doc.file, f"extends unknown template {shown(parent)}", line=at, field="extends")
            if len(chain) >= MAX_EXTENDS:  # the chain so far, and this one: refused before going deeper
                raise InputError(doc.file, f"a chain of more than {MAX_EXTENDS} templates, each extending the "
                                           f"next ({chain[0]} -> ... -> {name} -> {parent}); refused",
                                 line=at, field="extends")
            base, base_origins, base_depth = resolve(parent, chain + (name,))
            depth = base_depth + 1
            if depth > MAX_EXTENDS:
                raise InputError(doc.file, f"a chain of more than {MAX_EXTENDS} templates, each extending the "
                                           f"next ({name} extends {parent}, which extends ...); refused", line=at,
                                 field="extends")
            data, origins = _merge(base, data, base_origins, doc, name)
        resolved[name] = (data, origins, depth)
        return resolved[name]

    templates: dict[str, Template] = {}
    for name, (spec, doc) in raw.items():
        data, origins, _ = resolve(name, ())
        if spec.get("abstract"):
            continue
        data = {k: v for k, v in data.items() if k != "abstract"}
        try:
            templates[name] = Template.model_validate({**data, "name": name, "file": doc.file})
        except ValidationError as exc:
            errs = errors_from(exc, doc, ("templates", name), where=lambda p: _where_in(origins, p, doc.file),
                               path_of=lambda p: _without_tag(data, p))
            for e in errs:
                e.message = f"{e.message} (template {shown(name)})"
            raise (errs[0] if len(errs) == 1 else InputErrors(errs)) from None
        templates[name]._origins = origins
    for name, t in templates.items():
        for key, e in t.elements.items():
            style = getattr(e, "font", None)
            if style is not None and style not in BUILTIN_FONTS and style not in fonts:
                known = ", ".join([*BUILTIN_FONTS, *fonts])
                raise InputError(t.file, f"template {shown(name)} element {shown(key)}: no font named {shown(style)} "
                                         f"(the fonts: {known}; a layout file declares its own under `fonts:`)",
                                 field="font")
    from pnp.render import fonts as registry

    for name, file in fonts.items():
        registry.declare(name, file)
    return Layouts(templates, symbols, notes)


# A layout file read and parsed, by the file's identity and version (device, inode, size, time of
# its last change in ns): every build reads the bundled layouts of all four games under a
# publisher's own, and in one process (`pnp watch`, a batch of builds) they are read once. A file
# changed since is read again; only regular files are kept (anything else is read, and refused, as
# before). Nothing downstream changes what is kept: `load_layouts` merges into new mappings.
_LAYOUT_FILES: OrderedDict[tuple[int, ...], tuple[Located, "LayoutFile"]] = OrderedDict()
_LAYOUT_FILES_MAX = 64


def _layout_file(path: Path) -> tuple[Located, "LayoutFile"]:
    """``path`` read (`load_yaml`: its limits) and parsed as a layout file, or as kept from an
    earlier read of the same version of the same file."""
    try:
        st = os.stat(path)
    except OSError:
        st = None
    key = None
    if st is not None and stat.S_ISREG(st.st_mode):
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    kept = _LAYOUT_FILES.get(key) if key is not None else None
    if kept is not None and kept[0].file == str(path):
        _LAYOUT_FILES.move_to_end(key)  # type: ignore[arg-type]
        return kept
    doc = load_yaml(path, what="layout file")
    try:
        parsed = LayoutFile.model_validate(doc.data or {})
    except ValidationError as exc:
        errs = errors_from(exc, doc)
        raise (errs[0] if len(errs) == 1 else InputErrors(errs)) from None
    if key is not None:
        _LAYOUT_FILES[key] = (doc, parsed)
        if len(_LAYOUT_FILES) > _LAYOUT_FILES_MAX:
            _LAYOUT_FILES.popitem(last=False)
    return doc, parsed


def _read_layer(folder: Path, raw: dict[str, tuple[dict[str, Any], Located]], symbols: dict[str, SymbolStyle],
                notes: list[str], fonts: dict[str, FontSource]) -> None:
    """One layouts folder's templates and symbols into ``raw``/``symbols`` (over what earlier
    layers defined)."""
    if not folder.is_dir():
        raise InputError(folder, "no layouts folder here (expected YAML layout files)")
    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise InputError(folder, "no .yaml layout files in this folder")
    here: dict[str, Path] = {}
    for path in files:
        doc, parsed = _layout_file(path)
        for name, spec in parsed.templates.items():
            _check_raw(path, doc, name, spec or {})
            if name in here:
                raise InputError(path, f"template {shown(name)} is already defined in {here[name]}",
                                 line=doc.line_of(("templates", name)))
            if name in raw:
                if (spec or {}).get("extends") == name:
                    raise InputError(path, f"template {shown(name)} extends itself: give it another name to build on "
                                           f"the one in {raw[name][1].file}",
                                     line=doc.line_of(("templates", name, "extends")), field="extends")
                notes.append(f"layout template {shown(name)} of {path} is used in place of the one in {raw[name][1].file}")
            here[name] = path
            raw[name] = (spec or {}, doc)
        symbols.update(parsed.symbols)
        for name, file in parsed.fonts.items():
            fonts[name] = font_file(folder, path, doc, name, file)
