"""Issue 13, details a buyer sees: a PDF asks its viewer to print at 100 % and to turn the
sheet as --duplex says; the calibration sheet carries the 50 mm ruler like every print page."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pdfmeasure import lines_of_width

runner = CliRunner()


@pytest.mark.parametrize("duplex, name", [("long-edge", "/DuplexFlipLongEdge"), ("short-edge", "/DuplexFlipShortEdge"),
                                          ("off", "/Simplex")])
def test_print_sheets_ask_for_actual_size_and_the_duplex_flip(tmp_path, duplex, name):
    r = runner.invoke(app, ["build", "relics", "--out", str(tmp_path), "--duplex", duplex])
    assert r.exit_code == 0, r.output
    prefs = PdfReader(tmp_path / "relics.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == name


def test_the_calibration_sheet_has_the_ruler_and_asks_for_actual_size(tmp_path):
    out = tmp_path / "cal.pdf"
    r = runner.invoke(app, ["calibrate", "--out", str(out), "--duplex", "short-edge"])
    assert r.exit_code == 0, r.output
    prefs = PdfReader(out).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipShortEdge"
    rulers = [line for line in lines_of_width(out, 0, 0.2)
              if abs((line["x1"] - line["x0"]) * 25.4 / 72 - 50) < 0.01 and line["top"] == line["bottom"]]
    assert len(rulers) == 1


def test_the_calibration_scales_labels_stand_apart_at_6_pt(tmp_path):
    """Each scale's labels (-6 .. +6 every 3 mm) at 6 pt, no two touching: side by side on one
    row, "+3" and "+6" used to read as "+3+6"."""
    import pdfplumber

    out = tmp_path / "cal.pdf"
    assert runner.invoke(app, ["calibrate", "--out", str(out)]).exit_code == 0
    with pdfplumber.open(out) as pdf:
        words = [w for w in pdf.pages[1].extract_words(extra_attrs=["size"])
                 if w["text"] in {"-6", "-3", "0", "+3", "+6"}]
    assert len(words) == 5 * 10  # 5 targets, 5 labels on each of 2 scales
    assert min(w["size"] for w in words) >= 6 - 0.01
    gap = 0.5 * 72 / 25.4  # 0.5 mm
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            apart = (a["x1"] + gap <= b["x0"] or b["x1"] + gap <= a["x0"] or a["bottom"] + gap <= b["top"]
                     or b["bottom"] + gap <= a["top"])
            assert apart, (a["text"], b["text"], a["x0"], a["top"])


def test_only_sheets_holding_sample_data_say_so(tmp_path):
    """Visions' fragments.yaml is real data (sample: false): its sheets' footers say nothing;
    a sheet that also holds reflection or aid cards (sample data) says so, front and back."""
    import pypdfium2 as pdfium

    r = runner.invoke(app, ["build", "visions", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    pdf = pdfium.PdfDocument(tmp_path / "visions.pdf")
    texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    only_fragments = [t for t in texts if "dream fragment card ×9" in t]
    mixed = [t for t in texts if "reflection card" in t or "player aid card" in t]
    assert len(only_fragments) == 16 and not any("sample card data" in t for t in only_fragments)
    assert mixed and all("sample card data" in t for t in mixed)


@pytest.mark.parametrize("paper, size, per_sheet", [("a3", (297.0, 420.0), 18), ("tabloid", (279.4, 431.8), 16),
                                                    ("330x480", (330.0, 480.0), 21)])
def test_bigger_papers_and_a_shops_own_size(tmp_path, paper, size, per_sheet):
    """--paper a3|tabloid|WxH (mm): the page is that size, and holds more poker cards."""
    from pdfmeasure import card_boxes, page_size_mm

    r = runner.invoke(app, ["build", "kartomantik", "--paper", paper, "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "kartomantik.pdf"
    w, h = page_size_mm(PdfReader(pdf), 0)
    assert (round(w, 1), round(h, 1)) == size
    assert len(card_boxes(PdfReader(pdf), 0)) == per_sheet


def test_a_paper_pnp_cannot_use_names_the_option(tmp_path):
    r = runner.invoke(app, ["build", "relics", "--paper", "b5", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "--paper" in r.output and "WxH in mm" in r.output


def test_the_screen_clock_hours_sit_on_one_circle_round_its_centre():
    """So Long, My World's screen: each hour's numeral is centred 27 mm from the clock's centre,
    XII straight above it and VI straight below (they were 4 mm off, at 23 to 28 mm)."""
    import math

    from pnp.data.paths import bundled
    from pnp.layout.model import load_layouts

    t = load_layouts(bundled("layouts")).template("slmw-screen")
    rx, ry, rw, rh = t.elements["clock-ring"].box
    cx, cy = rx + rw / 2, ry + rh / 2
    for hour in range(1, 13):
        x, y, w, h = t.elements[f"hour-{hour}"].box
        dx, dy = x + w / 2 - cx, y + h / 2 - cy
        assert math.hypot(dx, dy) == pytest.approx(27.0, abs=0.1), hour
        assert math.degrees(math.atan2(dx, -dy)) % 360 == pytest.approx(30 * hour % 360, abs=0.3), hour


@pytest.mark.parametrize("template, circle", [("slmw-vision-token", "disc"), ("slmw-vision-token-back", "inner")])
def test_a_vision_tokens_colour_label_keeps_inside_its_disc(template, circle):
    """The owner's colour printed across the disc's edge and the ring; now its box lies inside."""
    import math

    from pnp.data.paths import bundled
    from pnp.layout.model import load_layouts

    t = load_layouts(bundled("layouts")).template(template)
    dx, dy, dw, dh = t.elements[circle].box
    cx, cy, r = dx + dw / 2, dy + dh / 2, dw / 2
    x, y, w, h = t.elements["player"].box
    for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        assert math.hypot(px - cx, py - cy) < r - 0.3, (px, py)
