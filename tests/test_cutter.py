"""--cutter silhouette: registration marks where Silhouette Studio looks for them, cards in
the cutting area and clear of the marks, and cut files whose outlines lie on the printed
cards (measured in the PDF, the SVG and the DXF)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import ezdxf
import pdfplumber
import pytest
from ezdxf import bbox
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.build import bundled, card_jobs
from pnp.cli import app
from pnp.data.loader import load_game
from pnp.games import GAMES
from pnp.layout.cutter import (CUT_MARGIN, REG_CLEAR, REG_INSET, REG_LENGTH, REG_THICKNESS, cut_outlines,
                               fit_cutter_grid, registration_marks)
from pnp.layout.model import load_layouts
from pnp.layout.paper import PAPERS
from pnp.layout.presets import PRESETS
from pnp.layout.sheet import own_bleed

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


def distance(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The least distance between two rectangles (x, y, w, h), 0 when they touch or overlap."""
    dx = max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]), 0.0)
    dy = max(b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]), 0.0)
    return math.hypot(dx, dy)


def nearest_mark(path: Path, reader: PdfReader, index: int) -> float:
    """How near any card's art on a front page comes to a registration mark, measured in the
    PDF: the cards' clip boxes against the filled black rectangles of the marks."""
    marks = [r for r in black_rects(path, index) if r[2] < 10 and r[3] < 10]
    assert len(marks) == 5
    return min(distance((b.x, b.y, b.w, b.h), m) for b in card_boxes(reader, index) for m in marks)


def test_cards_inside_the_cutting_area_and_clear_of_the_marks(a4):
    path = a4 / "relics.pdf"
    reader = PdfReader(path)
    assert [len(card_boxes(reader, i)) for i in range(len(reader.pages))] == [8, 8, 8, 8, 2, 2]
    w, h = 210.0, 297.0
    for i in range(len(reader.pages)):
        for b in card_boxes(reader, i):
            assert b.x >= CUT_MARGIN - 0.01 and b.y >= CUT_MARGIN - 0.01
            assert b.x + b.w <= w - CUT_MARGIN + 0.01 and b.y + b.h <= h - CUT_MARGIN + 0.01
        if i % 2 == 0:  # a front: no card's art within 1.5 mm of a mark
            assert nearest_mark(path, reader, i) >= REG_CLEAR - 0.01, f"page {i + 1}"
        assert crop_marks(path, i) == []  # the machine cuts: no crop marks


def svg_rects(path: Path, page: tuple[float, float] = (210.0, 297.0)) -> list[tuple[float, float, float, float]]:
    root = ET.parse(path).getroot()
    assert root.get("width") == f"{page[0]:g}mm" and root.get("height") == f"{page[1]:g}mm"
    h = page[1]
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


@pytest.fixture(scope="module")
def letter(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("cutter-letter"), "--paper", "letter")


def test_letter_holds_eight_poker_cards_clear_of_the_marks(letter):
    """As silhouette-card-maker lays them: 4 x 2 lying across, columns butted along the long
    side (the cards 12 mm from the short edges), the two rows each card with its own bleed,
    17 mm from the long edges, clear of the square."""
    path = letter / "relics.pdf"
    reader = PdfReader(path)
    w, h = 215.9, 279.4
    assert (round(float(reader.pages[0].mediabox.width) / PT, 1), round(float(reader.pages[0].mediabox.height) / PT, 1)) \
        == (w, h)
    assert [len(card_boxes(reader, i)) for i in range(len(reader.pages))] == [8, 8, 8, 8, 2, 2]
    boxes = sorted(b.rounded() for b in card_boxes(reader, 0))
    xs, ys = sorted({b.x for b in boxes}), sorted({b.y for b in boxes})
    assert len(xs) == 2 and len(ys) == 4  # the sheet's 4 columns run down the portrait page
    # the rows: 88 mm (turned) with 1.475 mm of each card's own bleed either side, meeting
    assert {b.w for b in boxes} == {90.95} and xs == [17.0, 107.95]
    # the columns butted: 63 mm, the outer two with 1.7 mm of bleed beyond the grid
    assert sorted({b.h for b in boxes}) == [63.0, 64.7]
    assert all(round(a.y + a.h, 2) == b.y for a, b in zip(boxes, boxes[1:]) if a.x == b.x)
    assert min(b.y for b in boxes) == CUT_MARGIN and max(b.y + b.h for b in boxes) == pytest.approx(h - CUT_MARGIN)
    # no card's art within 1.5 mm of a mark, and no more room than that kept
    for i in range(0, len(reader.pages), 2):
        assert nearest_mark(path, reader, i) == pytest.approx(REG_CLEAR, abs=0.01), f"page {i + 1}"
    # the cut files: 8 outlines, each on its card's art
    rects = svg_rects(letter / "relics-cut-1.svg", (w, h))
    assert len(rects) == 8 and {(r[2], r[3]) for r in rects} == {(88.0, 63.0)}
    for r in rects:
        assert sum(b.x - 0.01 <= r[0] and r[0] + r[2] <= b.x + b.w + 0.01 and b.y - 0.01 <= r[1]
                   and r[1] + r[3] <= b.y + b.h + 0.01 for b in boxes) == 1, r
    entities = dxf_entities(letter / "relics-cut-1.dxf")
    assert sum(e["type"] == "LINE" for e in entities) == sum(e["type"] == "ARC" for e in entities) == 4 * 8
    assert len(svg_rects(letter / "relics-cut-2.svg", (w, h))) == 2


def test_the_png_format_is_refused(tmp_path):
    result = runner.invoke(app, ["build", "relics", "--cutter", "silhouette", "--format", "png",
                                 "--out", str(tmp_path / "png")])
    assert result.exit_code == 2 and "--format pdf" in result.output


def bundled_sizes() -> list[tuple[float, float, float]]:
    """(width, height, bleed) of every bundled game's cards, and of every shop preset's."""
    layouts = load_layouts(bundled("layouts"))
    sizes = {(*job.trim, job.bleed(None)) for game in GAMES
             for job in card_jobs(load_game(bundled("cards"), game), layouts)}
    assert {(63.0, 88.0, 3.0), (70.0, 120.0, 3.0)} <= sizes
    return sorted(sizes | {(*p.trim, p.bleed) for p in PRESETS.values()})


@pytest.mark.parametrize("paper", list(PAPERS))
def test_no_card_within_the_clearance_of_a_mark_on_any_paper(paper):
    """Every paper, every bundled card size, every spacing, full and partly filled sheets:
    each cut outline's art (its bleed box) keeps 1.5 mm from each mark and stays in the frame."""
    for card_w, card_h, bleed in bundled_sizes():
        for spacing, gutter in (("auto", None), ("butted", None), ("gutters", 6.0)):
            sheet = fit_cutter_grid(paper, card_w, card_h, bleed, spacing, gutter)
            pw, ph = sheet.printed_size
            marks = [(m.x, m.y, m.w, m.h) for m in registration_marks(pw, ph)]
            slots = [sheet.slot(i) for i in range(sheet.per_sheet)]
            for n in range(1, sheet.per_sheet + 1):
                filled = set(slots[:n])
                for slot, cut in zip(slots[:n], cut_outlines(sheet, slots[:n])):
                    art = sheet.on_page(sheet.bleed_box(*slot, filled))
                    where = (paper, card_w, card_h, spacing, n, slot)
                    assert art.x <= cut.x + 1e-9 and cut.x + cut.w <= art.x + art.w + 1e-9, where  # the cut on its art
                    assert art.y <= cut.y + 1e-9 and cut.y + cut.h <= art.y + art.h + 1e-9, where
                    assert CUT_MARGIN - 1e-9 <= art.x and art.x + art.w <= pw - CUT_MARGIN + 1e-9, where
                    assert CUT_MARGIN - 1e-9 <= art.y and art.y + art.h <= ph - CUT_MARGIN + 1e-9, where
                    nearest = min(distance((art.x, art.y, art.w, art.h), m) for m in marks)
                    assert nearest >= REG_CLEAR - 1e-9, (where, nearest)


# cards a sheet and the bleed every card has on each of its sides (0: butted along one axis),
# poker 63 x 88 and tarot 70 x 120 with 3 mm bleed, --gutter auto; before the marks' clearance
# was measured (corner squares 20 mm wide kept clear), Letter held 6 poker cards
SHEETS = {
    "a4": ((8, 1.375), (4, 3.0)),
    "letter": ((8, 0.0), (4, 3.0)),
    "a3": ((18, 0.667), (10, 3.0)),
    "tabloid": ((16, 0.0), (10, 3.0)),
}


@pytest.mark.parametrize("paper", list(SHEETS))
def test_cards_a_sheet_per_paper(paper):
    poker, tarot = (fit_cutter_grid(paper, w, h, 3.0) for w, h in ((63.0, 88.0), (70.0, 120.0)))
    assert ((poker.per_sheet, round(own_bleed(poker), 3)), (tarot.per_sheet, round(own_bleed(tarot), 3))) \
        == SHEETS[paper]
    if paper == "letter":  # 4 across x 2 down, lying across the page
        assert (poker.landscape, poker.cols, poker.rows) == (True, 4, 2)
        assert (poker.gutter_x, round(poker.bleed_x, 3)) == (0.0, 1.7)  # butted, 1.7 mm beyond the grid
        assert round(poker.bleed_y, 3) == round(poker.gutter_y / 2, 3) == 1.475  # each row its own bleed
