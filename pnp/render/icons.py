"""Icons for the art window: game-icons.net's silhouettes (CC BY 3.0), or a game's own SVG files.

A card names its icon in its data (``icon: stone-bridge``). The name is looked for first in the
card folder's ``icons/`` (``icons/stone-bridge.svg``: a publisher's own drawing, or one saved from
game-icons.net), then among the icons pnp carries (``pnp/icons/game-icons.json``: only the icons the
bundled games name, with their authors; tools/vendor-icons.py writes it from the npm package
``@iconify-json/game-icons``). An icon is drawn as filled vector paths in one colour, so it takes
the game's colours and prints sharp at any size.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
from svgelements import SVG, Close, CubicBezier, Line, Move, QuadraticBezier, Shape
from svgelements import Path as SvgPath

from ..data.errors import InputError

NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # game-icons.net's names: "stone-bridge", "3d-hammer"
MAX_SVG_BYTES = 2_000_000  # a card's own icon file; a silhouette is a few kB

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
    """A path as move/line/curve/close ops (arcs and quadratics turned into cubics)."""
    path.approximate_arcs_with_cubics()
    out: list[Op] = []
    for seg in path:
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
    try:
        svg = SVG.parse(str(path), reify=True)
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
    if svg.viewbox is not None:  # into the view box's own origin
        dx, dy = float(svg.viewbox.x), float(svg.viewbox.y)
        ops = [(op, tuple(v - (dx if i % 2 == 0 else dy) for i, v in enumerate(args))) for op, args in ops]
    return Icon(path.stem, width, height, tuple(ops))


def find(name: str, card_dir: Path) -> Icon:
    """The icon ``name`` for a card of ``card_dir``; an `InputError` saying where it was looked for."""
    if not NAME.fullmatch(name):
        raise InputError(card_dir, f"icon {name!r}: an icon is named as game-icons.net names it, in lower case "
                                   f"with hyphens (icon: stone-bridge)")
    own = card_dir / "icons" / f"{name}.svg"
    if own.is_file():
        return _file_icon(own)
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
