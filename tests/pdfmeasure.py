"""Measuring helpers for the PDF tests: what a printer would put where, in mm."""

from __future__ import annotations

from dataclasses import dataclass

import pdfplumber
from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 72 / 25.4  # points per mm


@dataclass(frozen=True, order=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def rounded(self, nd: int = 2) -> "Box":
        return Box(round(self.x, nd), round(self.y, nd), round(self.w, nd), round(self.h, nd))


def _mul(m, n):
    """Compose PDF matrices [a b c d e f]: first ``m``, then ``n``."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def events(reader: PdfReader, index: int):
    """What a page's content does that the tests measure, in order, with the nesting depth
    (``q`` blocks) and the transformation matrix in force:
    ("clip", depth, matrix, (x, y, w, h)) for a rectangle clip, ("do", depth, matrix, name)
    for a placed XObject, ("block_end", depth, matrix, None) when a ``q`` block closes."""
    ops = ContentStream(reader.pages[index].get_contents(), reader).operations
    depth = 0
    stack = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]
    pending = None
    for operands, op in ops:
        if op == b"q":
            depth += 1
            stack.append(stack[-1])
        elif op == b"Q":
            depth -= 1
            stack.pop()
            yield ("block_end", depth, stack[-1], None)
        elif op == b"cm":
            stack[-1] = _mul(tuple(float(v) for v in operands), stack[-1])
        elif op == b"re":
            pending = tuple(float(v) for v in operands)
        elif op in (b"W", b"W*") and pending is not None:
            yield ("clip", depth, stack[-1], pending)
            pending = None
        elif op == b"Do":
            yield ("do", depth, stack[-1], str(operands[0]))
        if op not in (b"re", b"W", b"W*", b"n"):
            pending = None


def card_boxes(reader: PdfReader, index: int) -> list[Box]:
    """The areas the cards of a page cover (their clip rectangles), in mm on the page, in
    drawing order.

    The sheet renderer draws each card inside one ``q ... Q`` block whose first operation
    clips to the card's bleed box, nested inside the page's own block.
    """
    boxes = []
    for kind, depth, (a, b, c, d, e, f), rect in events(reader, index):
        if kind == "clip" and depth == 2:
            x, y, w, h = rect
            pts = [(a * px + c * py + e, b * px + d * py + f) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            boxes.append(Box(min(xs) / PT, min(ys) / PT, (max(xs) - min(xs)) / PT, (max(ys) - min(ys)) / PT))
    return boxes


def page_size_mm(reader: PdfReader, index: int) -> tuple[float, float]:
    box = reader.pages[index].mediabox
    return round(float(box.width) / PT, 1), round(float(box.height) / PT, 1)


def page_texts(path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


def footers(path) -> list[str]:
    """Each page's footer line ("Game · what is on the sheet · sheet k of n · ..."), read in
    any orientation (a landscape arrangement is printed turned on a portrait page)."""
    out = []
    for page in PdfReader(path).pages:
        lines = [line.strip() for line in (page.extract_text() or "").splitlines()]
        # a footer too long for one line is broken before its "sheet k of n" (token sheets)
        joined = [f"{a} · {b}" if b.startswith("sheet ") and " · " in a else b for a, b in zip([""] + lines, lines)]
        lines = [l for l in joined if " · sheet " in l]
        out.append(lines[-1] if lines else "")
    return out


def crop_marks(path, index: int, width_mm: float = 0.25) -> list[tuple[float, float, float, float]]:
    """Lines drawn at the crop-mark width: (x0, y0, x1, y1) in mm, y from the bottom."""
    with pdfplumber.open(path) as pdf:
        return _marks_on(pdf.pages[index], width_mm)


def crop_marks_of_every_page(path, width_mm: float = 0.25) -> list[list[tuple[float, float, float, float]]]:
    """`crop_marks` of each page, the file opened once (opening it again for every page of a
    long file cost more than reading the marks)."""
    with pdfplumber.open(path) as pdf:
        return [_marks_on(page, width_mm) for page in pdf.pages]


def _marks_on(page, width_mm: float) -> list[tuple[float, float, float, float]]:
    return [(line["x0"] / PT, (page.height - line["bottom"]) / PT, line["x1"] / PT, (page.height - line["top"]) / PT)
            for line in page.lines if abs(line["linewidth"] / PT - width_mm) < 0.01]


def lines_of_width(path, index: int, width_mm: float) -> list[dict]:
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[index]
        return [dict(l) for l in page.lines if abs(l["linewidth"] / PT - width_mm) < 0.01]


_RESOURCE_OPS = {b"gs": "/ExtGState", b"Tf": "/Font", b"Do": "/XObject"}


def unresolved_resources(reader: PdfReader) -> list[str]:
    """Names used by a page's or a form's content (``/GS0 gs``, ``/F1 9 Tf``, ``/Im0 Do``)
    that its own /Resources do not define: a PDF reader would drop or misdraw them."""
    problems: list[str] = []
    seen: set[int] = set()

    def check(owner, content, where: str) -> None:
        resources = owner.get("/Resources") or {}
        resources = resources.get_object() if hasattr(resources, "get_object") else resources
        for operands, op in ContentStream(content, reader).operations:
            kind = _RESOURCE_OPS.get(op)
            if kind is None or not operands:
                continue
            name = operands[0]
            table = resources.get(kind) or {}
            table = table.get_object() if hasattr(table, "get_object") else table
            if name not in table:
                problems.append(f"{where}: {op.decode()} {name} not in {kind}")
            elif op == b"Do":
                ref = table.raw_get(name)
                obj = table[name]
                if obj.get("/Subtype") == "/Form" and ref.idnum not in seen:
                    seen.add(ref.idnum)
                    check(obj, obj, f"{where} > form {name}")

    for i, page in enumerate(reader.pages):
        check(page, page.get_contents(), f"page {i + 1}")
    return problems


def card_rotations(reader: PdfReader, index: int) -> list[int]:
    """How far each card's face is turned on the page, in degrees (0, 90, 180, 270)."""
    import math

    return [round(math.degrees(math.atan2(m[1], m[0]))) % 360
            for kind, depth, m, _ in events(reader, index) if kind == "do" and depth == 2]
