"""Gutters and crop marks as a prepress check measures them in the built PDFs: every card
with its own bleed where the paper allows, butted cards on request with a warning for each
colour change at a shared cut, marks 3 mm long and never within 5 mm of the page edge."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app

from pdfmeasure import PT, card_boxes, crop_marks, crop_marks_of_every_page

MARK_WIDTH = 0.25  # mm: crop, corner and fold marks on every kind of sheet


def marks_of(path: Path, index: int) -> list[tuple[float, float, float, float]]:
    """Lines of the marks' width outside every card's art (a card may draw 0.25 mm lines)."""
    return _off_the_cards(card_boxes(PdfReader(path), index), crop_marks(path, index, MARK_WIDTH))


def marks_of_every_page(path: Path) -> list[list[tuple[float, float, float, float]]]:
    """`marks_of` each page, the file read once."""
    reader = PdfReader(path)
    return [_off_the_cards(card_boxes(reader, i), marks)
            for i, marks in enumerate(crop_marks_of_every_page(path, MARK_WIDTH))]


def _off_the_cards(boxes, marks):
    def on_a_card(x: float, y: float) -> bool:
        return any(b.x + 0.01 < x < b.x + b.w - 0.01 and b.y + 0.01 < y < b.y + b.h - 0.01 for b in boxes)

    return [m for m in marks if not on_a_card((m[0] + m[2]) / 2, (m[1] + m[3]) / 2)]


@pytest.fixture(scope="module", params=["a4", "letter"])
def every_pdf(request, built) -> list[Path]:
    """Every PDF of every game (cards, tokens, boards, screens) on one paper."""
    return [r.path for r in built(request.param)[1]]


def test_every_mark_is_at_least_3mm_and_never_within_5mm_of_the_edge(every_pdf):
    checked = 0
    for path in every_pdf:
        reader = PdfReader(path)
        for i, (page, page_marks) in enumerate(zip(reader.pages, marks_of_every_page(path))):
            w, h = float(page.mediabox.width) / PT, float(page.mediabox.height) / PT
            for x0, y0, x1, y1 in page_marks:
                where = f"{path.name} page {i + 1}: mark ({x0:.2f}, {y0:.2f})-({x1:.2f}, {y1:.2f})"
                assert abs(x1 - x0) + abs(y1 - y0) >= 3 - 0.01, where
                assert min(x0, x1) >= 5 - 0.01 and max(x0, x1) <= w - 5 + 0.01, where
                assert min(y0, y1) >= 5 - 0.01 and max(y0, y1) <= h - 5 + 0.01, where
                checked += 1
    assert checked > 1000


@pytest.fixture(scope="module")
def default_a4(built) -> Path:
    return built("a4")[0] / "visions.pdf"


def test_each_card_has_its_own_bleed_and_its_own_cut_lines(default_a4):
    boxes = card_boxes(PdfReader(default_a4), 0)
    assert len(boxes) == 9
    # 210 mm - 2 x 5 (margin) - 2 x 3.5 (marks) - 3 x 63 = 4 mm across for six bleeds;
    # 297 - 10 - 7 - 2 x 4.8 (ruler, footer) - 3 x 88 = 6.4 mm down
    bx, by = 4 / 6, 6.4 / 6
    assert {(round(b.w, 2), round(b.h, 2)) for b in boxes} == {(round(63 + 2 * bx, 2), round(88 + 2 * by, 2))}
    # the trims (each box less its bleed) are where the crop marks are
    trims_x = sorted({round(v, 2) for b in boxes for v in (b.x + bx, b.x + b.w - bx)})
    trims_y = sorted({round(v, 2) for b in boxes for v in (b.y + by, b.y + b.h - by)})
    marks = marks_of(default_a4, 0)
    assert sorted({round(m[0], 2) for m in marks if m[0] == m[2]}) == trims_x
    assert sorted({round(m[1], 2) for m in marks if m[1] == m[3]}) == trims_y
    # the gutter between two trims is the two cards' bleeds side by side
    assert [round(b - a, 2) for a, b in zip(trims_x, trims_x[1:])] == [63.0, round(2 * bx, 2)] * 2 + [63.0]
    assert [round(b - a, 2) for a, b in zip(trims_y, trims_y[1:])] == [88.0, round(2 * by, 2)] * 2 + [88.0]


def test_backs_land_behind_their_fronts_with_gutters(default_a4):
    reader = PdfReader(default_a4)
    front, back = card_boxes(reader, 0), card_boxes(reader, 1)
    mirrored = sorted(type(b)(210 - b.x - b.w, b.y, b.w, b.h).rounded() for b in front)
    assert sorted(b.rounded() for b in back) == mirrored


def _inner_edge_colours_differ(path: Path, cut_xs, cut_ys, boxes_of_page) -> int:
    """Count, on the rendered pages, shared cut lines with a different colour on each side
    (sampled 0.4 mm either side of the middle of each shared edge)."""
    doc = pdfium.PdfDocument(str(path))
    scale = 4  # 288 dpi: a pixel is 0.09 mm
    px = scale * 72 / 25.4  # pixels per mm
    differing = 0
    for i in range(len(doc)):
        image = doc[i].render(scale=scale).to_pil().convert("RGB")
        h_mm = image.height / px
        boxes = boxes_of_page(i)
        for a in boxes:
            for b in boxes:
                # side by side, sharing a vertical cut
                if abs((a.x + a.w) - b.x) < 0.05 and abs(a.y - b.y) < 0.05 and round(a.x + a.w, 1) in cut_xs:
                    x, y = a.x + a.w, a.y + a.h / 2
                    left = image.getpixel((int((x - 0.4) * px), int((h_mm - y) * px)))
                    right = image.getpixel((int((x + 0.4) * px), int((h_mm - y) * px)))
                    differing += sum(abs(p - q) for p, q in zip(left, right)) > 24
                # one above the other, sharing a horizontal cut
                if abs((b.y + b.h) - a.y) < 0.05 and abs(a.x - b.x) < 0.05 and round(a.y, 1) in cut_ys:
                    x, y = a.x + a.w / 2, a.y
                    above = image.getpixel((int(x * px), int((h_mm - y - 0.4) * px)))
                    below = image.getpixel((int(x * px), int((h_mm - y + 0.4) * px)))
                    differing += sum(abs(p - q) for p, q in zip(above, below)) > 24
    return differing


def test_butted_on_request_warns_of_every_colour_change_at_a_shared_cut(tmp_path):
    result = CliRunner().invoke(app, ["build", "kartomantik", "--gutter", "0", "--out", str(tmp_path), "--strict"])
    assert result.exit_code == 1, result.output
    warning = re.search(r"(\d+) of (\d+) butted cut lines join cards of different colours", result.output)
    assert warning, result.output
    path = tmp_path / "kartomantik.pdf"
    reader = PdfReader(path)
    sizes = sorted({(round(b.w, 2), round(b.h, 2)) for b in card_boxes(reader, 0)})
    # butted: only the grid's outer sides carry bleed (2 mm across, 3 down)
    assert sizes == [(63.0, 88.0), (63.0, 91.0), (65.0, 88.0), (65.0, 91.0)]
    marks = [m for page in marks_of_every_page(path) for m in page]
    cut_xs = {round(m[0], 1) for m in marks if m[0] == m[2]}
    cut_ys = {round(m[1], 1) for m in marks if m[1] == m[3]}

    def trims(i):
        out = []
        for b in card_boxes(reader, i):
            # the clip boxes include the outer bleed: take the trim, 63 x 88, nearest the cut lines
            x = b.x if b.w == pytest.approx(63, abs=0.01) or round(b.x, 1) in cut_xs else b.x + 2.0
            y = b.y if b.h == pytest.approx(88, abs=0.01) or round(b.y, 1) in cut_ys else b.y + 3.0
            out.append(type(b)(x, y, 63.0, 88.0))
        return out

    measured = _inner_edge_colours_differ(path, cut_xs, cut_ys, trims)
    assert int(warning[1]) == measured and measured > 0


def test_a_wide_gutter_carries_marks_between_the_cards(tmp_path):
    result = CliRunner().invoke(app, ["build", "relics", "--gutter", "10", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    path = tmp_path / "relics.pdf"
    boxes = card_boxes(PdfReader(path), 0)
    assert len(boxes) == 6  # 10 mm gutters fit three by two on A4
    assert {(round(b.w, 2), round(b.h, 2)) for b in boxes} == {(94.0, 69.0)}  # turned: 88 + 6 by 63 + 6
    # marks in a gutter: between two cards' bleed boxes, not beyond the outermost ones
    left, right = min(b.x for b in boxes), max(b.x + b.w for b in boxes)
    bottom, top = min(b.y for b in boxes), max(b.y + b.h for b in boxes)
    between = [m for m in marks_of(path, 0)
               if left < (m[0] + m[2]) / 2 < right and bottom < (m[1] + m[3]) / 2 < top]
    # the gutter between the rows (across the turned page: vertical on the page) holds a
    # mark on each of the six cut lines of the three cards beside it; the two gutters
    # between the columns a mark on each of the four cut lines beside them
    assert len(between) == 6 * 1 + 4 * 2
    assert all(abs(m[2] - m[0]) + abs(m[3] - m[1]) >= 3 - 0.01 for m in between)


def test_gutter_option_is_checked():
    result = CliRunner().invoke(app, ["build", "relics", "--gutter", "wide"])
    assert result.exit_code == 2
    assert "--gutter" in result.output and 'expected "auto" or mm from 0 (butted) to 20' in result.output
