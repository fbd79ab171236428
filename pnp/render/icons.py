"""Icons for the art window: game-icons.net's silhouettes (CC BY 3.0), or a game's own SVG files.

A card names its icon in its data (``icon: stone-bridge``). The name is looked for first in the
card folder's ``icons/`` (``icons/stone-bridge.svg``: a publisher's own drawing, or one saved from
game-icons.net), then among the icons pnp carries (``pnp/icons/game-icons.json``: only the icons the
bundled games name, with their authors; tools/vendor-icons.py writes it from the npm package
``@iconify-json/game-icons``). An icon is drawn as filled vector paths in one colour, so it takes
the game's colours and prints sharp at any size.

An SVG file is a stranger's XML, read within bounds before svgelements builds anything from it
(`_check_svg`, docs/limits.md): at most ``MAX_SVG_BYTES``; an entity is a plain text, and all
their uses together add at most ``MAX_SVG_BYTES`` characters (no "billion laughs": expat's own
guard lets a 2 MB file grow to 200 MB first); the DTD's attribute defaults, copied into every
element, hold at most ``MAX_SVG_DEFAULTS`` characters; at most ``MAX_SVG_DEPTH`` levels of elements,
``MAX_SVG_ELEMENTS`` elements and ``MAX_SVG_STEPS`` numbers and commands of outline data, each
``<use>`` counted as the copy it makes (a 1.6 kB file of nested ``<use>`` makes a million shapes).
An arc becomes cubic curves here, not in svgelements (whose way is quadratic in a path's length),
and every coordinate drawn is a finite number.
"""

from __future__ import annotations

import io
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
from svgelements import SVG, Arc, Close, CubicBezier, Line, Move, QuadraticBezier, Shape
from svgelements import Path as SvgPath

from ..data.errors import InputError
from ..data.yamlsafe import read_bytes_checked

NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # game-icons.net's names: "stone-bridge", "3d-hammer"
MAX_SVG_BYTES = 2_000_000  # a card's own icon file; a silhouette is a few kB
# What svgelements is given to build, each <use> counted as the copy it makes. It takes about 50 us
# an element and 5 us a number or command of a path: 10,000 elements or 50,000 numbers take half a
# second. game-icons.net's most detailed carried icon is one path of 1,428 numbers and commands (35
# times less); a drawing from Inkscape or Illustrator has tens to hundreds of elements.
MAX_SVG_DEPTH = 64  # levels of elements, <use> included (svgelements recurses at each)
MAX_SVG_ELEMENTS = 10_000
MAX_SVG_STEPS = 50_000
# A DTD's attribute defaults are copied into every element they apply to (100 kB of them and 1,000
# elements made 100 MB): an icon needs none; 1,000 characters together, copied 10,000 times, is 10 MB.
MAX_SVG_DEFAULTS = 1_000

# one outline operator ("M", "L", "C" or "Z") and its coordinates, in view-box units, y down
Op = tuple[str, tuple[float, ...]]


@dataclass(frozen=True)
class Icon:
    """One drawing: the size of its view box and its outlines."""

    name: str
    width: float
    height: float
    ops: tuple[Op, ...]


@dataclass(frozen=True)
class Carried:
    """The icons pnp carries, and the credit each needs."""

    paths: dict[str, tuple[str, str]]  # name -> (SVG path data, author folder)
    authors: dict[str, dict[str, str]]  # author folder -> {"name": shown name, "url": ...}
    licence: str


@lru_cache(maxsize=1)
def carried() -> Carried:
    data = json.loads(resources.files("pnp").joinpath("icons/game-icons.json").read_text(encoding="utf-8"))
    return Carried({n: (i["d"], i["author"]) for n, i in data["icons"].items()}, data["authors"], data["licence"])


def _ops(path: SvgPath) -> list[Op]:
    """A path as move/line/curve/close ops (arcs and quadratics turned into cubics).

    Arcs become cubics as svgelements' ``approximate_arcs_with_cubics`` makes them (a curve
    for each tenth of a turn), one after the other: that method splices them into the path
    one arc at a time, quadratic in the path's length."""
    out: list[Op] = []
    for seg in _arcs_as_cubics(path):
        if isinstance(seg, Move):
            out.append(("M", (seg.end.x, seg.end.y)))
        elif isinstance(seg, Line):
            out.append(("L", (seg.end.x, seg.end.y)))
        elif isinstance(seg, CubicBezier):
            out.append(("C", (seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y, seg.end.x, seg.end.y)))
        elif isinstance(seg, QuadraticBezier):  # the cubic of the same curve
            (sx, sy), (qx, qy), (ex, ey) = (seg.start.x, seg.start.y), (seg.control.x, seg.control.y), (seg.end.x, seg.end.y)
            out.append(("C", (sx + 2 / 3 * (qx - sx), sy + 2 / 3 * (qy - sy),
                              ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)))
        elif isinstance(seg, Close):
            out.append(("Z", ()))
    return out


def _arcs_as_cubics(path: SvgPath):
    turn = math.tau * 0.1
    for seg in path:
        if isinstance(seg, Arc):
            yield from seg.as_cubic_curves(int(math.ceil(abs(seg.sweep) / turn)))
        else:
            yield seg


@lru_cache(maxsize=512)
def _carried_icon(name: str) -> Icon:
    d, _ = carried().paths[name]
    return Icon(name, 512.0, 512.0, tuple(_ops(SvgPath(d))))


def _is_background(shape: SvgPath, width: float, height: float) -> bool:
    """game-icons.net's own downloads paint a square under the icon: a shape covering the view box."""
    box = shape.bbox()
    return box is not None and box[0] <= 0.5 and box[1] <= 0.5 and box[2] >= width - 0.5 and box[3] >= height - 0.5


def _file_icon(path: Path) -> Icon:
    stat = path.stat()  # read again when the file changes (pnp build --watch)
    return _file_icon_as_of(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _file_icon_as_of(path: Path, mtime_ns: int, size: int) -> Icon:
    """Every filled shape of an SVG file, its transforms applied, except a background square."""
    if size > MAX_SVG_BYTES:
        raise InputError(path, f"an icon file of {size:,} bytes (at most {MAX_SVG_BYTES:,})")
    data = read_bytes_checked(path, MAX_SVG_BYTES, "icon file")  # what was checked is what is parsed
    _check_svg(data, path)
    try:
        svg = SVG.parse(io.BytesIO(data), reify=True)
    except Exception as exc:  # svgelements raises what its XML reader does  # noqa: BLE001
        raise InputError(path, f"not an SVG drawing pnp can read ({type(exc).__name__}: {exc})") from None
    width = float(svg.viewbox.width if svg.viewbox is not None else svg.width or 0)
    height = float(svg.viewbox.height if svg.viewbox is not None else svg.height or 0)
    if width <= 0 or height <= 0:
        raise InputError(path, "an SVG icon needs a view box (viewBox=\"0 0 W H\") or a width and a height")
    ops: list[Op] = []
    for element in svg.elements():
        if isinstance(element, Shape) and not isinstance(element, SVG):
            shape = SvgPath(element)
            if len(shape) and not _is_background(shape, width, height):
                ops += _ops(shape)
    if not ops:
        raise InputError(path, "an SVG icon with no shape to draw")
    if not all(math.isfinite(v) for _op, args in ops for v in args):
        raise InputError(path, "an SVG icon with a coordinate that is not a finite number (a number such as "
                               "1e999, or a transform that scales past the largest number)")
    if svg.viewbox is not None:  # into the view box's own origin
        dx, dy = float(svg.viewbox.x), float(svg.viewbox.y)
        ops = [(op, tuple(v - (dx if i % 2 == 0 else dy) for i, v in enumerate(args))) for op, args in ops]
    return Icon(path.stem, width, height, tuple(ops))


class _Refused(Exception):
    """Raised inside expat's handlers: what `_check_svg` refuses, and why."""


_SVG_NS = "http://www.w3.org/2000/svg"
_XLINK_HREF = "http://www.w3.org/1999/xlink}href"  # as expat names it, its separator "}"
_TOKEN = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[A-Za-z]")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ENTITY_REF = re.compile(r"&[^#\s;&]")  # a reference to an entity (not a character: &#169;)
_ENTITY_USE = re.compile(r"&([^#\s;&<]+);")


def _path_steps(d: str) -> int:
    """The numbers and commands of path data, a close (Z) counting the commands back to its
    move (M): svgelements walks back that far at each Z, so "M0 0 L1 1 ZZZ..." costs the
    square of its length."""
    steps = since_move = 0
    for found in _TOKEN.finditer(d):
        token = found.group()
        steps += 1
        since_move += 1
        if token in ("M", "m"):
            since_move = 0
        elif token in ("Z", "z"):
            steps += since_move
        if steps > MAX_SVG_STEPS:
            break
    return steps


def _document_text(data: bytes) -> str:
    """``data`` decoded as expat reads it (a byte order mark, else the XML declaration's
    encoding, else UTF-8), to count entity references in."""
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe\0\0", "utf-32"), (b"\0\0\xfe\xff", "utf-32"),
                       (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):
            return data.decode(codec, "replace")
    said = re.match(rb"<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)", data)
    try:
        return data.decode(said.group(1).decode() if said else "utf-8", "replace")
    except LookupError:  # expat refuses an encoding it does not know, later
        return data.decode("latin-1")


def _check_svg(data: bytes, path: Path) -> None:
    """Refuse what would make svgelements (or expat under it) take unbounded time or memory,
    before it reads anything: one pass of expat over ``data``, its entities not expanded until
    their cost is known, then the cost of every ``<use>`` added up (module docstring)."""
    from xml.parsers import expat

    parser = expat.ParserCreate(namespace_separator="}")
    entities: dict[str, int] = {}
    defaults = 0
    kids: list[list[int]] = []
    refs: list[str | None] = []
    steps: list[int] = []
    ids: dict[str, int] = {}
    open_: list[int] = []

    def entity(name: str, is_parameter: int, value: str | None, *_rest: object) -> None:
        if is_parameter or value is None:
            raise _Refused(f"its entity {name!r} is not a plain text (a parameter entity, or an external or "
                           f"unparsed one); an icon may declare <!ENTITY name \"text\"> only")
        if _ENTITY_REF.search(value) or "<" in value:
            raise _Refused(f"its entity {name!r} is made of other entities or of markup; an icon may declare "
                           f"<!ENTITY name \"text\"> only")
        entities[name] = len(value)

    def attribute_default(element: str, attribute: str, _type: str, default: str | None, _required: int) -> None:
        nonlocal defaults
        defaults += len(default or "")
        if defaults > MAX_SVG_DEFAULTS:  # each is copied into every element it applies to
            raise _Refused(f"its attribute defaults (<!ATTLIST {element} {attribute} ...>) hold more than "
                           f"{MAX_SVG_DEFAULTS:,} characters together, copied into each element")

    def doctype_end() -> None:
        if entities:
            used = Counter(_ENTITY_USE.findall(_document_text(data)))  # one pass, however many entities
            grown = sum(used[name] * size for name, size in entities.items())
            if grown > MAX_SVG_BYTES:
                raise _Refused(f"its entities add {grown:,} characters where they are used, more than the "
                               f"{MAX_SVG_BYTES:,} an icon may grow by")

    def start(name: str, attrs: dict[str, str]) -> None:
        if len(open_) >= MAX_SVG_DEPTH:
            raise _Refused(f"its elements nest more than {MAX_SVG_DEPTH} deep")
        if len(kids) >= MAX_SVG_ELEMENTS:
            raise _Refused(f"more than {MAX_SVG_ELEMENTS:,} elements")
        me = len(kids)
        if open_:
            kids[open_[-1]].append(me)
        kids.append([])
        open_.append(me)
        ns, _, local = name.rpartition("}")
        href = attrs.get("href", attrs.get(_XLINK_HREF))  # svgelements takes href first, as here
        refs.append(href[1:] if local == "use" and ns in (_SVG_NS, "") and href else None)
        cost = 1
        for key in ("d", "points", "transform"):
            if key in attrs:
                cost += _path_steps(attrs[key]) if key == "d" else len(_NUMBER.findall(attrs[key]))
        steps.append(cost)
        if "id" in attrs:
            ids[attrs["id"]] = me

    parser.EntityDeclHandler = entity
    parser.AttlistDeclHandler = attribute_default
    parser.EndDoctypeDeclHandler = doctype_end
    parser.StartElementHandler = start
    parser.EndElementHandler = lambda _name: open_.pop()
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise InputError(path, f"an SVG icon pnp does not read: {exc}") from None
    except expat.ExpatError as exc:
        raise InputError(path, f"not an SVG drawing pnp can read (ParseError: {exc})") from None
    if kids:
        _check_copies(kids, [ids.get(r) if r is not None else None for r in refs], steps, path)


def _check_copies(kids: list[list[int]], target: list[int | None], steps: list[int], path: Path) -> None:
    """What the document makes once every ``<use>`` is a copy of its target (as svgelements
    makes it): its elements, numbers and commands, and depth, each bounded; a ``<use>`` that
    copies itself (through others) is refused. Depth first, without recursion, each element's
    totals computed once."""
    n = len(kids)
    made, cost, depth = [0] * n, [0] * n, [0] * n
    state = [0] * n  # 0 not seen, 1 open (on the path from the root), 2 done
    stack: list[tuple[int, bool]] = [(0, False)]
    while stack:
        i, closing = stack.pop()
        below = kids[i] + ([target[i]] if target[i] is not None else [])  # type: ignore[list-item]
        if closing:
            made[i] = 1 + sum(made[k] for k in below)
            cost[i] = steps[i] + sum(cost[k] for k in below)
            depth[i] = 1 + max((depth[k] for k in below), default=0)
            state[i] = 2
            if made[i] > MAX_SVG_ELEMENTS:
                raise InputError(path, f"an SVG icon pnp does not read: it makes more than {MAX_SVG_ELEMENTS:,} "
                                       "elements, counting the copies its <use> elements make")
            if cost[i] > MAX_SVG_STEPS:
                raise InputError(path, f"an SVG icon pnp does not read: its outlines hold more than "
                                       f"{MAX_SVG_STEPS:,} numbers and commands, counting the copies its <use> "
                                       "elements make")
            if depth[i] > MAX_SVG_DEPTH:
                raise InputError(path, f"an SVG icon pnp does not read: its elements nest more than "
                                       f"{MAX_SVG_DEPTH} deep, counting the copies its <use> elements make")
            continue
        if state[i] == 2:
            continue
        state[i] = 1
        stack.append((i, True))
        for k in below:
            if state[k] == 1:
                raise InputError(path, "an SVG icon pnp does not read: a <use> element copies itself (it "
                                       "refers to an element that holds it)")
            if state[k] == 0:
                stack.append((k, False))


def find(name: str, card_dir: Path) -> Icon:
    """The icon ``name`` for a card of ``card_dir``; an `InputError` saying where it was looked for."""
    if not NAME.fullmatch(name):
        raise InputError(card_dir, f"icon {name!r}: an icon is named as game-icons.net names it, in lower case "
                                   f"with hyphens (icon: stone-bridge)")
    own = card_dir / "icons" / f"{name}.svg"
    if own.is_file():
        try:
            return _file_icon(own)
        except InputError as exc:  # the card names the icon, the message the file that draws it
            raise InputError(own, f"icon {name!r} ({own}): {exc.message}") from None
    if name in carried().paths:
        return _carried_icon(name)
    raise InputError(card_dir, f"icon {name!r} is neither {own} nor one of the {len(carried().paths)} icons pnp "
                               f"carries: save its SVG from https://game-icons.net as {own}")


def draw(c: Canvas, icon: Icon, cx: float, cy: float, size: float) -> None:
    """``icon`` filled in the canvas's fill colour, fitted in a square of ``size`` pt centred on (cx, cy)."""
    scale = size / max(icon.width, icon.height)
    c.saveState()
    c.translate(cx - icon.width * scale / 2, cy + icon.height * scale / 2)
    c.scale(scale, -scale)  # SVG's y runs down
    p = c.beginPath()
    for op, a in icon.ops:
        if op == "M":
            p.moveTo(*a)
        elif op == "L":
            p.lineTo(*a)
        elif op == "C":
            p.curveTo(*a)
        else:
            p.close()
    c.drawPath(p, stroke=0, fill=1, fillMode=FILL_NON_ZERO)  # SVG's default fill rule
    c.restoreState()


def named_in(cards: Path) -> dict[str, set[str]]:
    """icon name -> the games whose card files under ``cards`` (GAME/*.yaml) name it, by an
    ``icon:`` key at any depth: what pnp must carry (tools/vendor-icons.py, tests/test_icons.py)."""
    import yaml

    found: dict[str, set[str]] = {}

    def walk(value: object, game: str) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("icon"), str):
                found.setdefault(value["icon"], set()).add(game)
            for v in value.values():
                walk(v, game)
        elif isinstance(value, list):
            for v in value:
                walk(v, game)

    for path in sorted(cards.glob("*/*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")), path.parent.name)
    return found


def credit(names: set[str]) -> str:
    """The CC BY 3.0 credit a game using the carried icons ``names`` prints (on its reference card)."""
    info = carried()
    shown = sorted({info.authors[info.paths[n][1]]["name"] for n in names if n in info.paths}, key=str.lower)
    if not shown:
        return ""
    who = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return f"Card icons by {who} (game-icons.net), {info.licence}"
