"""--cutter silhouette: registration marks where Silhouette Studio looks for them, cards in
the cutting area and clear of the marks, and cut files whose outlines lie on the printed
cards (measured in the PDF, the SVG and the DXF)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import ezdxf
import pdfplumber
import pytest
from ezdxf import bbox
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.layout.cutter import CORNER, CUT_MARGIN, REG_INSET, REG_LENGTH, REG_THICKNESS

from pdfmeasure import PT, card_boxes, crop_marks, footers

runner = CliRunner()


def build(tmp_path: Path, *args: str) -> Path:
    result = runner.invoke(app, ["build", "relics", "--cutter", "silhouette", "--out", str(tmp_path), *args])
    assert result.exit_code == 0, result.output
    return tmp_path


@pytest.fixture(scope="module")
def a4(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("cutter"))


def black_rects(path: Path, index: int) -> list[tuple[float, float, float, float]]:
    """Filled black rectangles (x, y, w, h) in mm, y from the bottom."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[index]
        return sorted((round(r["x0"] / PT, 2), round((page.height - r["bottom"]) / PT, 2),
                       round(r["width"] / PT, 2), round(r["height"] / PT, 2))
                      for r in page.rects if r["fill"] and r.get("non_stroking_color") in ((0, 0, 0), (0,), [0, 0, 0], [0]))


def test_registration_marks_in_three_corners_of_every_front_page_only(a4):
    path = a4 / "relics.pdf"
    reader = PdfReader(path)
    w, h = float(reader.pages[0].mediabox.width) / PT, float(reader.pages[0].mediabox.height) / PT
    assert (round(w, 1), round(h, 1)) == (210.0, 297.0)  # printed portrait, as Studio's page setup
    t = REG_THICKNESS
    outer = REG_INSET - t / 2  # the middle of each line is REG_INSET from the page edge
    arm = REG_LENGTH + t / 2
    expected = sorted(tuple(round(v, 2) for v in r) for r in [
        (outer, h - outer - 6.0, 6.0, 6.0),  # top left: the 5 mm square, drawn with its line
        (w - outer - arm, h - outer - t, arm, t), (w - outer - t, h - outer - arm, t, arm),  # top right L
        (outer, outer, arm, t), (outer, outer, t, arm),  # bottom left L
    ])
    for i in range(len(reader.pages)):
        marks = [r for r in black_rects(path, i) if r[2] < 10 and r[3] < 10]
        assert marks == (expected if i % 2 == 0 else []), f"page {i + 1}"


def test_cards_inside_the_cutting_area_and_clear_of_the_marks(a4):
    reader = PdfReader(a4 / "relics.pdf")
    assert [len(card_boxes(reader, i)) for i in range(len(reader.pages))] == [8, 8, 8, 8, 2, 2]
    w, h = 210.0, 297.0
    corners = [(0, h - CORNER), (w - CORNER, h - CORNER), (0, 0)]
    for i in range(len(reader.pages)):
        for b in card_boxes(reader, i):
            assert b.x >= CUT_MARGIN - 0.01 and b.y >= CUT_MARGIN - 0.01
            assert b.x + b.w <= w - CUT_MARGIN + 0.01 and b.y + b.h <= h - CUT_MARGIN + 0.01
            for cx, cy in corners:  # no card's art in a mark's corner square
                assert b.x >= cx + CORNER - 0.01 or b.x + b.w <= cx + 0.01 or b.y >= cy + CORNER - 0.01 \
                    or b.y + b.h <= cy + 0.01, (i, b)
        assert crop_marks(a4 / "relics.pdf", i) == []  # the machine cuts: no crop marks


def svg_rects(path: Path) -> list[tuple[float, float, float, float]]:
    root = ET.parse(path).getroot()
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    h = 297.0
    return [(float(r.get("x")), h - float(r.get("y")) - float(r.get("height")), float(r.get("width")),
             float(r.get("height"))) for r in root.iter("{http://www.w3.org/2000/svg}rect")]


def dxf_entities(path: Path) -> list[dict[str, str]]:
    lines = path.read_text().splitlines()
    pairs = list(zip(lines[0::2], lines[1::2]))
    entities, current = [], None
    for code, value in pairs:
        if code.strip() == "0":
            current = {"type": value}
            entities.append(current)
        elif current is not None:
            current[code.strip()] = value
    return entities


def test_the_cut_lines_lie_on_the_printed_cards(a4):
    reader = PdfReader(a4 / "relics.pdf")
    boxes = card_boxes(reader, 0)  # each card's art: its trim and its own bleed round it
    rects = svg_rects(a4 / "relics-cut-1.svg")
    assert len(rects) == len(boxes) == 8
    def centre(x, y, w, h):
        return x + w / 2, y + h / 2

    cut = sorted(centre(*r) for r in rects)
    art = sorted(centre(b.x, b.y, b.w, b.h) for b in boxes)
    assert [v for c in cut for v in c] == pytest.approx([v for c in art for v in c], abs=0.01)
    assert {(round(r[2], 2), round(r[3], 2)) for r in rects} == {(88.0, 63.0)}  # turned: 63 x 88 cards
    # the DXF: the same outlines, y up, four lines and four arcs a card, in millimetres
    entities = dxf_entities(a4 / "relics-cut-1.dxf")
    lines = [e for e in entities if e["type"] == "LINE"]
    arcs = [e for e in entities if e["type"] == "ARC"]
    assert len(lines) == len(arcs) == 4 * 8
    header = (a4 / "relics-cut-1.dxf").read_text()
    assert "$INSUNITS\n70\n4" in header
    xs = sorted({round(float(e[k]), 2) for e in lines for k in ("10", "11")})
    assert min(xs) == pytest.approx(min(r[0] for r in rects), abs=0.01)
    assert max(xs) == pytest.approx(max(r[0] + r[2] for r in rects), abs=0.01)
    # an independent DXF reader finds nothing to fix, and the same extents
    doc = ezdxf.readfile(a4 / "relics-cut-1.dxf")
    assert not doc.audit().errors and doc.header["$INSUNITS"] == 4
    (x0, y0, _), (x1, y1, _) = bbox.extents(doc.modelspace())
    assert (x0, y0, x1, y1) == pytest.approx((min(r[0] for r in rects), min(r[1] for r in rects),
                                              max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects)),
                                             abs=0.01)
    # the partial last sheet has its own file, named in its footer
    assert svg_rects(a4 / "relics-cut-2.svg") and len(svg_rects(a4 / "relics-cut-2.svg")) == 2
    feet = footers(a4 / "relics.pdf")
    assert "cut with relics-cut-1.svg or .dxf" in feet[0] and "cut with relics-cut-2.svg or .dxf" in feet[4]


def test_letter_and_the_options_it_refuses(tmp_path):
    out = build(tmp_path / "letter", "--paper", "letter")
    boxes = card_boxes(PdfReader(out / "relics.pdf"), 0)
    assert len(boxes) == 6
    # 6 upright cards fit only in butted columns (no bleed between them); turned, each card has
    # its full 3 mm bleed on every side: the most cards, then the most bleed
    assert {(round(b.w, 2), round(b.h, 2)) for b in boxes} == {(94.0, 69.0)}  # 88 x 63 + 2 x 3, turned
    xs, ys = sorted({round(b.x, 2) for b in boxes}), sorted({round(b.y, 2) for b in boxes})
    assert len(xs) == 2 and len(ys) == 3  # the sheet's 3 columns run down the portrait page
    # each card's bleed its own: neighbouring boxes meet, none overlaps another
    assert all(b - a >= 94.0 - 0.01 for a, b in zip(xs, xs[1:])) and all(b - a >= 69.0 - 0.01 for a, b in zip(ys, ys[1:]))
    result = runner.invoke(app, ["build", "relics", "--cutter", "silhouette", "--format", "png",
                                 "--out", str(tmp_path / "png")])
    assert result.exit_code == 2 and "--format pdf" in result.output
