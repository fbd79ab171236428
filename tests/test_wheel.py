"""The dominance wheel on Kartomantik's reference card (issue 27, point 8): a poker card holds the
seven temperaments of 4.2.3 Resolution, and every name on it must stay readable once printed.

Measured in the built PDFs (A4, where the cards stand upright, and Letter, where they are
turned): each name's box as a PDF reader gives it keeps 0.5 mm from every other name, from
every symbol, arrow head and arrow, prints at 6 pt at least and lies inside the card's safe
area. A wheel given no room for that warns instead of printing names over one another."""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build, bundled
from pnp.games.kartomantik.models import DOMINANCE
from pnp.layout import model as lm

from pdfmeasure import PT, card_boxes

REPO = Path(__file__).resolve().parent.parent
TEMPLATE = lm.load_layouts(bundled("layouts")).template("kartomantik-reference")
WHEEL = next(e for e in TEMPLATE.elements.values() if e.type == "wheel")
# every line the wheel prints: the temperaments' names and the notes of the two outside the circle
NAMES = {t.title() for t in DOMINANCE}
NOTES = {WHEEL.all_note, WHEEL.none_note}
APART = 0.5  # mm
SMALLEST = 6.0  # pt


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheet(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"wheel-{request.param}")
    results = build(["kartomantik"], BuildOptions(out_dir=out, paper=request.param))
    return reference_cards(out / "kartomantik.pdf"), results


def runs(page) -> list[dict]:
    """The page's lines of text as each was set (one `drawString`), in any of the four turns a
    card may have on a sheet: the text, its box in mm (x0, y0, x1, y1; y from the page's top)
    and the font size of its smallest character."""
    out: list[dict] = []
    last = None
    for ch in page.chars:
        a, b = ch["matrix"][0], ch["matrix"][1]
        size = (ch["bottom"] - ch["top"]) if ch["upright"] else (ch["x1"] - ch["x0"])  # across the line
        origin = (ch["matrix"][4], ch["matrix"][5])
        if (last is not None and last["dir"] == (round(a, 3), round(b, 3)) and last["font"] == ch["fontname"]
                and math.dist(last["next"], origin) < 0.2):
            run = out[-1]
            run["text"] += ch["text"]
            run["box"] = (min(run["box"][0], ch["x0"] / PT), min(run["box"][1], ch["top"] / PT),
                          max(run["box"][2], ch["x1"] / PT), max(run["box"][3], ch["bottom"] / PT))
            run["size"] = min(run["size"], size)
        else:
            out.append({"text": ch["text"], "box": (ch["x0"] / PT, ch["top"] / PT, ch["x1"] / PT, ch["bottom"] / PT),
                        "size": size})
        last = {"dir": (round(a, 3), round(b, 3)), "font": ch["fontname"],
                "next": (origin[0] + a * ch["adv"], origin[1] + b * ch["adv"])}
    return out


def apart(p, q) -> float:
    """How far apart two boxes (x0, y0, x1, y1) are, in their unit (0 when they touch or overlap)."""
    return math.hypot(max(q[0] - p[2], p[0] - q[2], 0.0), max(q[1] - p[3], p[1] - q[3], 0.0))


def from_segment(box, x0, y0, x1, y1) -> float:
    """How far the segment (x0, y0)-(x1, y1) passes from ``box``, to a twentieth of a mm."""
    steps = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / 0.05))
    return min(apart(box, (x, y, x, y)) for x, y in ((x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)
                                                     for k in range(steps + 1)))


def reference_cards(path: Path) -> list[dict]:
    """Each front of the reference card in the PDF, in mm with y from the page's top: its safe
    area, its wheel's labels (a name, or an entry's name and note under it as one two-line
    label), the shapes it fills (symbols, arrow heads) and its straight lines (the arrows)."""
    found = []
    reader = PdfReader(path)
    with pdfplumber.open(path) as pdf:
        for index, page in enumerate(pdf.pages):
            lines = runs(page)
            titles = [r["box"] for r in lines if r["text"] == "Dominance"]
            if not titles:
                continue
            height = page.height / PT
            shapes = [(o["x0"] / PT, o["top"] / PT, o["x1"] / PT, o["bottom"] / PT)
                      for o in page.curves + page.rects if o["fill"]]
            strokes = [[(x / PT, y / PT) for x, y in ln["pts"]] for ln in page.lines]
            for box in card_boxes(reader, index):
                card = (box.x, height - box.y - box.h, box.x + box.w, height - box.y)
                if not any(inside(t, card) for t in titles):
                    continue
                turned = box.w > box.h  # a portrait card laid on its side
                w, h = (TEMPLATE.height, TEMPLATE.width) if turned else (TEMPLATE.width, TEMPLATE.height)
                cx, cy = (card[0] + card[2]) / 2, (card[1] + card[3]) / 2
                safe = TEMPLATE.safe
                found.append({
                    "safe": (cx - w / 2 + safe, cy - h / 2 + safe, cx + w / 2 - safe, cy + h / 2 - safe),
                    "texts": [r for r in lines if inside(r["box"], card)],
                    # the panel and the circle round the symbols are larger: what is near a name is not
                    "shapes": [s for s in shapes if inside(s, card) and s[2] - s[0] < 8 and s[3] - s[1] < 8],
                    "lines": [pts for pts in strokes if all(inside((x, y, x, y), card) for x, y in pts)]})
    for card in found:
        texts = card.pop("texts")
        names = [r for r in texts if r["text"] in NAMES]
        notes = [r for r in texts if r["text"] in NOTES]
        card["named"], card["noted"] = sorted(r["text"] for r in names), sorted(r["text"] for r in notes)
        card["labels"] = []
        for r in names:
            note = [n for n in notes if apart(n["box"], r["box"]) < 1 and  # an entry's note: the line under its name
                    min(abs(n["box"][k] - r["box"][k]) for k in range(4)) < 0.01]  # (its start: on turned cards, any side)
            box = r["box"]
            for n in note:
                box = (min(box[0], n["box"][0]), min(box[1], n["box"][1]), max(box[2], n["box"][2]),
                       max(box[3], n["box"][3]))
            card["labels"].append({"text": " / ".join([r["text"]] + [n["text"] for n in note]), "box": box,
                                   "size": min([r["size"]] + [n["size"] for n in note])})
    return found


def inside(box, area) -> bool:
    """The middle of ``box`` in ``area`` (both x0, y0, x1, y1)."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return area[0] <= x <= area[2] and area[1] <= y <= area[3]


def test_every_name_of_the_wheel_is_printed_once_on_each_reference_card(sheet):
    cards, results = sheet
    assert len(cards) == 2  # one for each player
    for card in cards:
        assert card["named"] == sorted(NAMES)
        assert card["noted"] == sorted(NOTES)
        assert sum(" / " in label["text"] for label in card["labels"]) == 2  # the entries outside the circle
    warnings = [w for r in results for w in r.warnings]
    assert not [w for w in warnings if "reference card" in w or "wheel" in w]


def test_the_names_keep_apart_at_6_pt_inside_the_safe_area(sheet):
    for card in sheet[0]:
        labels = card["labels"]
        for label in labels:
            assert label["size"] >= SMALLEST - 0.01, label
            s, b = card["safe"], label["box"]
            assert s[0] <= b[0] and s[1] <= b[1] and b[2] <= s[2] and b[3] <= s[3], (label, s)
        for i, p in enumerate(labels):
            for q in labels[i + 1:]:
                assert apart(p["box"], q["box"]) >= APART, (p["text"], q["text"], apart(p["box"], q["box"]))


def test_the_names_keep_clear_of_the_symbols_and_the_arrows(sheet):
    arrows = len(lm.wheel_plan(DOMINANCE).edges) + 2  # round the circle, and into and out of the circle round it
    for card in sheet[0]:
        assert len(card["shapes"]) >= len(DOMINANCE) + arrows  # the symbols, the arrow heads
        assert len(card["lines"]) >= arrows
        for label in card["labels"]:
            for shape in card["shapes"]:
                assert apart(label["box"], shape) >= APART, (label["text"], shape)
            for pts in card["lines"]:
                assert from_segment(label["box"], *pts[0], *pts[-1]) >= APART, (label["text"], pts)


def test_a_wheel_without_room_for_its_names_warns(tmp_path):
    """The reference card's wheel squeezed into half its width: a warning names the card and
    says what to change, rather than names printed over one another."""
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    text = (REPO / "layouts" / "kartomantik.yaml").read_text()
    line = next(ln for ln in text.splitlines() if "type: wheel" in ln)
    squeezed = line.replace(f"box: [{WHEEL.box[0]:g}, {WHEEL.box[1]:g}, {WHEEL.box[2]:g}",
                            f"box: [{WHEEL.box[0]:g}, {WHEEL.box[1]:g}, {WHEEL.box[2] / 2:g}")
    assert squeezed != line
    (layouts / "kartomantik.yaml").write_text(text.replace(line, squeezed))
    results = build(["kartomantik"], BuildOptions(layouts_dir=layouts, out_dir=tmp_path / "out"))
    warnings = [w for r in results for w in r.warnings]
    assert any(w.startswith("kartomantik/reference card/Dominance (front): the wheel 'wheel' has no room to keep its "
                            "names 1 mm from each other") and "a larger box, a smaller node or size" in w
               for w in warnings), warnings
