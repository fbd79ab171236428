"""So Long, My World's player screens (``GAME-screens.pdf``) measured as a printer and a buyer
see them: one screen a sheet, outside and inside on the two sides; corner marks at the
screen's size; dashed folds at the panel boundaries, on both sides, landing on each other when
printed double-sided; the round's reference on the inside; each screen in its colour."""

from __future__ import annotations

import math
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build, bundled, piece_jobs
from pnp.data.components import Kind
from pnp.data.errors import InputError
from pnp.games import GAMES
from pnp.data.loader import load_game
from pnp.layout.model import load_layouts
from pnp.render import screens as scr
from pnp.render.sheets import new_canvas

PT = 72 / 25.4  # points per mm
GAME = "so-long-my-world"
WIDTH, HEIGHT, PANELS = 260.0, 120.0, (70.0, 120.0, 70.0)
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # portrait, mm
COLOURS = ("yellow", "teal", "purple", "green", "red")


# --- building ---------------------------------------------------------------------------------

@dataclass
class Built:
    path: Path
    pages: int
    faces: int
    fronts: dict[str, int]
    warnings: list[str]


def screen_layouts(folder: Path) -> Path:
    """The layouts the screens use (the symbols of base.yaml and screens.yaml), apart from the
    other games' and components' templates."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("base.yaml", "screens.yaml"):
        shutil.copy(bundled("layouts") / name, folder / name)
    return folder


def build_screens(out: Path, cards: Path | None = None, layouts: Path | None = None, **options) -> Built:
    """The screens PDF as ``pnp build`` makes it (same jobs, canvas and renderer), without
    the game's other files."""
    opts = BuildOptions(out_dir=out, **options)
    if cards is not None:
        opts.cards_dir = cards
    opts.layouts_dir = layouts if layouts is not None else screen_layouts(Path(out) / "layouts")
    data = load_game(opts.cards_dir, GAME)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{GAME}-screens.pdf"
    canvas = new_canvas(path, f"{GAMES[GAME].title}: print-and-play screens", opts.duplex)
    report = scr.render(canvas, piece_jobs(data, Kind.screen), load_layouts(opts.layouts_dir), opts)
    canvas.save()
    return Built(path, report.pages, report.faces, report.fronts, report.warnings)


@pytest.fixture(scope="module")
def a4(tmp_path_factory):
    return build_screens(tmp_path_factory.mktemp("a4"))


@pytest.fixture(scope="module")
def letter(tmp_path_factory):
    return build_screens(tmp_path_factory.mktemp("letter"), paper="letter")


def cards_with(tmp: Path, old: str, new: str, count: int = -1) -> Path:
    """A copy of the bundled cards whose screens.yaml has ``old`` replaced with ``new``
    (``count`` times; every time by default)."""
    cards = tmp / "cards"
    shutil.copytree(bundled("cards"), cards)
    path = cards / GAME / "screens.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return cards


def cards_with_panels(tmp: Path, panels: str, count: int = -1) -> Path:
    """A copy of the bundled cards whose screens have other ``panels``."""
    return cards_with(tmp, "panels: [70, 120, 70]", f"panels: {panels}", count)


@pytest.fixture(scope="module")
def lopsided(tmp_path_factory):
    """Screens with unequal side panels (60 | 120 | 80), where a wrong mirror would show,
    printed with each duplex setting."""
    tmp = tmp_path_factory.mktemp("lopsided")
    cards = cards_with_panels(tmp, "[60, 120, 80]")
    return {d: build_screens(tmp / d, cards, duplex=d) for d in ("long-edge", "short-edge", "off")}


# --- measuring --------------------------------------------------------------------------------

def segments(path: Path, index: int) -> list[dict]:
    """Every stroked line of a page, in mm from the page's bottom-left corner:
    {x0, y0, x1, y1, width, dashed}."""
    out = []
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[index]
        h = page.height
        for line in page.lines:
            dash = line.get("dash")
            out.append({"x0": line["x0"] / PT, "x1": line["x1"] / PT,
                        "y0": (h - line["bottom"]) / PT, "y1": (h - line["top"]) / PT,
                        "width": line["linewidth"] / PT, "dashed": bool(dash and dash[0])})
    return out


def trim_by_marks(path: Path, index: int) -> dict:
    """The trim the corner marks show: {x, y, w, h} in mm (the vertical marks stand on its
    left and right edges, the horizontal ones on its bottom and top)."""
    corner = marks(path, index, dashed=False)
    xs = sorted({round(m["x0"], 3) for m in corner if abs(m["x0"] - m["x1"]) < 0.01})
    ys = sorted({round(m["y0"], 3) for m in corner if abs(m["y0"] - m["y1"]) < 0.01})
    assert len(xs) == len(ys) == 2, (xs, ys)
    return {"x": xs[0], "y": ys[0], "w": xs[1] - xs[0], "h": ys[1] - ys[0]}


def on_the_trim(path: Path, index: int, trim: dict) -> list[str]:
    """Every stroked line or rectangle edge lying along the trim (within 0.1 mm of an edge, over
    more than 1 mm): a cut off by a hair would leave it as a dark line on the screen's edge."""
    found = []
    x0, y0, x1, y1 = trim["x"], trim["y"], trim["x"] + trim["w"], trim["y"] + trim["h"]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[index]
        h = page.height
        edges = [(e["x0"] / PT, (h - e["bottom"]) / PT, e["x1"] / PT, (h - e["top"]) / PT)
                 for e in page.edges if e.get("stroke", True)]
    for a, b, c, d in edges:
        vertical, horizontal = abs(a - c) < 0.05 and abs(d - b) > 1, abs(b - d) < 0.05 and abs(c - a) > 1
        if vertical and min(abs(a - x0), abs(a - x1)) < 0.1 and min(b, d) < y1 and max(b, d) > y0:
            found.append(f"x {a:.2f}")
        if horizontal and min(abs(b - y0), abs(b - y1)) < 0.1 and min(a, c) < x1 and max(a, c) > x0:
            found.append(f"y {b:.2f}")
    return found


def folds(path: Path, index: int, screen_h: float = HEIGHT) -> list[tuple[float, float, float, float]]:
    """The fold lines across a screen: dashed, at the fold width, as long as the screen is high.
    On a portrait page the screen lies turned, so a fold runs left-right: (x0, y, x1, y)."""
    return sorted((round(s["x0"], 2), round(s["y0"], 2), round(s["x1"], 2), round(s["y1"], 2))
                  for s in segments(path, index)
                  if s["dashed"] and abs(s["width"] - scr.FOLD_WIDTH) < 0.01
                  and abs(math.hypot(s["x1"] - s["x0"], s["y1"] - s["y0"]) - screen_h) < 0.05)


def marks(path: Path, index: int, dashed: bool) -> list[dict]:
    return [s for s in segments(path, index)
            if abs(s["width"] - scr.MARK_WIDTH) < 0.01 and s["dashed"] == dashed]


def page_sizes(path: Path) -> set[tuple[float, float]]:
    reader = PdfReader(path)
    return {(round(float(p.mediabox.width) / PT, 1), round(float(p.mediabox.height) / PT, 1)) for p in reader.pages}


def texts(path: Path) -> list[str]:
    """Each page's text, read in any orientation."""
    return [p.extract_text() or "" for p in PdfReader(path).pages]


def footers(path: Path) -> list[str]:
    return [next((l for l in t.splitlines() if " · screen " in l), "") for t in texts(path)]


def word_centre(path: Path, index: int, letters: str) -> tuple[float, float]:
    """The centre (mm from the bottom-left) of the first run of characters spelling
    ``letters`` (spaces left out), in whatever direction the text runs."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[index]
        chars = [c for c in page.chars if c["text"].strip()]
        for i in range(len(chars) - len(letters) + 1):
            run = chars[i:i + len(letters)]
            if "".join(c["text"] for c in run) == letters:
                xs = [(c["x0"] + c["x1"]) / 2 for c in run]
                ys = [page.height - (c["top"] + c["bottom"]) / 2 for c in run]
                return sum(xs) / len(xs) / PT, sum(ys) / len(ys) / PT
    raise AssertionError(f"{letters!r} not found on page {index + 1}")


def render(path: Path, index: int, px_per_mm: int = 4):
    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[index].render(scale=px_per_mm / PT).to_pil().convert("RGB")
    finally:
        pdf.close()


def pixel(image, x: float, y: float, page_h: float, px_per_mm: int = 4) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the page's bottom-left corner."""
    return image.getpixel((int(x * px_per_mm), int((page_h - y) * px_per_mm)))


def mirror(x: float, y: float, duplex: str, paper: str = "a4") -> tuple[float, float]:
    """Where a point of a portrait page's front lies on its back: a long-edge flip turns the
    sheet left-right, a short-edge flip top-bottom; ``off`` is laid out as long-edge."""
    w, h = PAPER[paper]
    return (w - x, y) if duplex in ("long-edge", "off") else (x, h - y)


def screen_box(paper: str = "a4", width: float = WIDTH, height: float = HEIGHT) -> tuple[float, float, float, float]:
    """Where the cut outline must be on a portrait page: (x, y, w, h) mm, the screen turned a
    quarter and centred."""
    w, h = PAPER[paper]
    return ((w - height) / 2, (h - width) / 2, height, width)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def close(a, b, tol: int = 3) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


# --- the report and the pages -------------------------------------------------------------------

class TestPages:
    def test_report_five_screens_ten_pages_no_warnings(self, a4):
        assert (a4.pages, a4.faces, a4.fronts) == (10, 10, {"player screen": 5})
        assert a4.warnings == []
        assert len(PdfReader(a4.path).pages) == 10

    def test_pnp_build_writes_the_screens(self, tmp_path, a4):
        results = build([GAME], BuildOptions(out_dir=tmp_path))
        [screens] = [r for r in results if r.path.name == f"{GAME}-screens.pdf"]
        assert (screens.pages, screens.fronts, screens.warnings) == (10, {"player screen": 5}, [])
        assert screens.summary == "10 pages, 5 screens"
        assert screens.path.read_bytes() == a4.path.read_bytes()

    def test_outside_then_inside_of_each_screen(self, a4):
        feet = footers(a4.path)
        assert len(feet) == 10
        names = [f"{c.title()} Screen" for c in COLOURS]
        for k, name in enumerate(names):
            assert name in feet[2 * k] and "· outside" in feet[2 * k]
            assert name in feet[2 * k + 1] and "· inside (print double-sided, flip on long edge)" in feet[2 * k + 1]
            assert f"page {2 * k + 1} of 10" in feet[2 * k]

    @pytest.mark.parametrize("paper", ["a4", "letter"])
    def test_portrait_pages_blank_within_the_printer_margin(self, a4, letter, paper):
        result = a4 if paper == "a4" else letter
        w, h = PAPER[paper]
        assert page_sizes(result.path) == {(w, h)}
        band = 4.8  # mm: a whisker inside the 5 mm margin, clear of anti-aliasing
        for i in range(result.pages):
            image = render(result.path, i)
            px = 4
            iw, ih = image.size
            strips = [(0, 0, iw, int(band * px)), (0, ih - int(band * px), iw, ih),
                      (0, 0, int(band * px), ih), (iw - int(band * px), 0, iw, ih)]
            for box in strips:
                colours = image.crop(box).getcolors(maxcolors=1 << 16)
                assert colours is not None and all(min(c) >= 250 for _, c in colours), (paper, i, box)

    def test_every_page_has_the_50mm_ruler(self, a4):
        from pnp.render import furniture

        for i in range(a4.pages):
            rulers = [s for s in segments(a4.path, i) if abs(s["width"] - furniture.RULER_LINE) < 0.01
                      and abs(math.hypot(s["x1"] - s["x0"], s["y1"] - s["y0"]) - 50) < 0.01]
            assert len(rulers) == 1, i

    def test_byte_identical_rebuild(self, a4, tmp_path):
        again = build_screens(tmp_path)
        assert again.path.read_bytes() == a4.path.read_bytes()

    def test_no_transparency(self, a4):
        reader = PdfReader(a4.path)
        for page in reader.pages:
            states = (page.get("/Resources") or {}).get("/ExtGState") or {}
            for state in states.values():
                state = state.get_object()
                assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1


# --- cut and folds ------------------------------------------------------------------------------

class TestCutAndFolds:
    def test_the_trim_is_marked_by_the_corner_marks_only(self, a4):
        """No line on the trim of either side, the outside's 0.3 mm outline included: the corner
        marks outside the bleed say where to cut, and a cut a hair inside leaves no dark edge."""
        x, y, w, h = screen_box()
        for i in range(10):
            trim = trim_by_marks(a4.path, i)
            assert (round(trim["w"], 2), round(trim["h"], 2)) == (HEIGHT, WIDTH)  # 120 across, 260 along
            if i % 2 == 0:
                assert (round(trim["x"], 2), round(trim["y"], 2)) == (round(x, 2), round(y, 2))
            assert on_the_trim(a4.path, i, trim) == [], i

    def test_dashed_folds_at_the_panel_boundaries_on_both_sides(self, a4):
        x, y, w, h = screen_box()
        expected = [(round(x, 2), round(y + f, 2), round(x + w, 2), round(y + f, 2)) for f in (70.0, 190.0)]
        for i in range(10):
            assert folds(a4.path, i) == expected, i

    def test_folds_are_dashed(self, a4):
        with pdfplumber.open(a4.path) as pdf:
            page = pdf.pages[0]
            fold_dashes = {tuple(round(v / PT, 3) for v in l["dash"][0]) for l in page.lines
                           if l.get("dash") and l["dash"][0] and abs(l["linewidth"] / PT - scr.FOLD_WIDTH) < 0.01
                           and abs(l["x1"] - l["x0"]) / PT > 100}
        assert fold_dashes == {scr.FOLD_DASH}

    def test_corner_marks_solid_and_fold_marks_dashed_outside_the_bleed(self, a4):
        x, y, w, h = screen_box()
        bleed = 3.0
        for i in range(2):
            corner = marks(a4.path, i, dashed=False)
            fold = marks(a4.path, i, dashed=True)
            # 4 corners x 2 marks, 2 folds x 2 marks (one each side of the screen)
            assert len(corner) == 8 and len(fold) == 4
            for m in corner + fold:
                inside_x = x - bleed < m["x0"] < x + w + bleed or x - bleed < m["x1"] < x + w + bleed
                inside_y = y - bleed < m["y0"] < y + h + bleed or y - bleed < m["y1"] < y + h + bleed
                assert not (inside_x and inside_y), m
            assert sorted({round(m["y0"], 2) for m in fold}) == [round(y + 70, 2), round(y + 190, 2)]

    @pytest.mark.parametrize("duplex", ["long-edge", "short-edge", "off"])
    def test_folds_on_the_back_are_the_mirror_of_the_front(self, lopsided, duplex):
        result = lopsided[duplex]
        x, y, w, h = screen_box()
        front = folds(result.path, 0)
        # the outside's folds 60 and 180 mm from its left edge (the page's bottom, turned)
        assert front == [(round(x, 2), round(y + f, 2), round(x + w, 2), round(y + f, 2)) for f in (60.0, 180.0)]
        back_index = 5 if duplex == "off" else 1
        expected = []
        for x0, y0, x1, y1 in front:
            (a, b), (c, d) = mirror(x0, y0, duplex), mirror(x1, y1, duplex)
            expected.append((round(min(a, c), 2), round(b, 2), round(max(a, c), 2), round(d, 2)))
        assert folds(result.path, back_index) == sorted(expected)
        # a symmetric mirror would put them at 60 and 180 again: these are at 80 and 200
        if duplex == "short-edge":
            assert sorted(round(f[1] - y, 2) for f in folds(result.path, back_index)) == [80.0, 200.0]

    @pytest.mark.parametrize("duplex", ["long-edge", "short-edge", "off"])
    def test_inside_stands_upright_behind_the_outside(self, lopsided, duplex):
        """Folded and stood up, the inside reads upright and left to right for its owner: its
        round reference is behind the outside's right panel (the owner's left), its text
        runs, seen through the sheet from the outside, from the outside's right to its left,
        with the same 'up' as the outside's text."""
        result = lopsided[duplex]
        back_index = 5 if duplex == "off" else 1
        x, y, w, h = screen_box()
        with pdfplumber.open(result.path) as pdf:
            front, back = pdf.pages[0], pdf.pages[back_index]
            inside = [c for c in back.chars if c["text"].strip()]
            title = [c for c in front.chars if c["text"] in "SOLNG"]
        # the outside's text runs up the portrait page (the screen turned a quarter)
        assert {(round(c["matrix"][0]), round(c["matrix"][1])) for c in title} == {(0, 1)}
        sx, sy = (-1, 1) if duplex in ("long-edge", "off") else (1, -1)  # the flip, on vectors
        reference = [c for c in inside if x <= (c["x0"] + c["x1"]) / 2 / PT <= x + w]
        assert len(reference) > 1000
        for c in reference:
            a, b, cc, d = c["matrix"][:4]
            # along: toward the outside's left edge (page -y); up: the outside's up (page -x)
            assert (round(sx * a), round(sy * b)) == (0, -1), c
            assert (round(sx * cc), round(sy * d)) == (-1, 0), c
        px, py = word_centre(result.path, back_index, "THEROUND")
        fx, fy = mirror(px, py, duplex)
        # on the front, the outside runs from the page's bottom (its left edge) up: its right
        # panel is the last 80 mm
        assert y + 180 < fy < y + 260, (fx, fy)

    def test_back_offset_moves_the_inside_only(self, tmp_path):
        shifted = build_screens(tmp_path / "off", back_offset=(1.5, -2.0))
        plain = build_screens(tmp_path / "plain")
        assert folds(shifted.path, 0) == folds(plain.path, 0)
        moved = [(round(a + 1.5, 2), round(b - 2.0, 2), round(c + 1.5, 2), round(d - 2.0, 2))
                 for a, b, c, d in folds(plain.path, 1)]
        assert folds(shifted.path, 1) == moved

    def test_letter_fits_at_full_size(self, letter):
        x, y, w, h = screen_box("letter")
        assert letter.warnings == []
        cut = trim_by_marks(letter.path, 0)
        assert (round(cut["w"], 2), round(cut["h"], 2)) == (HEIGHT, WIDTH)
        assert (round(cut["x"], 2), round(cut["y"], 2)) == (round(x, 2), round(y, 2))
        assert folds(letter.path, 1) == [(round(x, 2), round(y + f, 2), round(x + w, 2), round(y + f, 2))
                                         for f in (70.0, 190.0)]


# --- what the screens show ----------------------------------------------------------------------

class TestLook:
    def test_reference_on_the_inside_only(self, a4):
        pages = [re.sub(r"\s+", " ", t) for t in texts(a4.path)]
        needed = [
            # the five phases
            "1 · Event", "2 · Choice", "3 · Hindrance", "4 · Vision", "5 · End",
            # the four drain actions, only one of them
            "Do only ONE of these four", "Take up to 2 feelings", "Take 1 feeling of your vision's affinity",
            "Take 1 Mark of Sol", "Draw 1 card from the Remnant deck",
            # the end of all things
            "THE END OF ALL THINGS", "insight points of every Remnant and Gestalt card",
            "karma chain", "1 for every 3 Marks of Sol", "1 for every card still in your hand",
            "no hand limit",
        ]
        for k in range(5):
            outside, inside = pages[2 * k], pages[2 * k + 1]
            for words in needed:
                assert words in inside, (k, words)
                assert words not in outside, (k, words)
            assert "SO LONG," in outside and COLOURS[k].upper() in outside

    def test_reference_text_at_least_6_pt(self, a4):
        x, y, w, h = screen_box()
        with pdfplumber.open(a4.path) as pdf:
            for i in range(10):
                chars = [c for c in pdf.pages[i].chars
                         if x <= c["x0"] / PT <= x + w and y <= (pdf.pages[i].height - c["bottom"]) / PT <= y + h]
                assert chars
                # the text runs across the turned page: its size is the glyph box's width
                sizes = {round(c["x1"] - c["x0"], 2) for c in chars}
                assert min(sizes) >= 6.0, (i, sorted(sizes)[:3])

    def test_each_screen_in_its_colour(self, a4):
        template = load_layouts(a4.path.parent / "layouts").template("slmw-screen")
        ground = template.background.map  # colour name -> hex
        x, y, w, h = screen_box()
        page_h = PAPER["a4"][1]
        seen = []
        for k, colour in enumerate(COLOURS):
            expected = hex_rgb(ground[colour])
            outside = render(a4.path, 2 * k)
            # 2 mm inside the cut line, between the outline and the panel frame
            for px, py in ((x + 2, y + 35), (x + w - 2, y + 130), (x + 8, y + 215)):
                assert close(pixel(outside, px, py, page_h), expected), (colour, px, py)
            # the inside's heading band, along its top (behind the outside's top edge)
            inside = render(a4.path, 2 * k + 1)
            bx, by = mirror(x + 6, y + 130, "long-edge")  # 6 mm below the outside's top edge
            assert close(pixel(inside, bx, by, page_h), expected), colour
            seen.append(expected)
        assert len(set(seen)) == 5

    def test_colours_are_print_friendly(self, a4):
        """Not so dark that a home printer floods it, not so pale that it vanishes; light
        text only on the darker grounds."""
        layouts = load_layouts(a4.path.parent / "layouts")
        outside = layouts.template("slmw-screen")
        ink = outside.elements["title"].colour.map
        for colour in COLOURS:
            r, g, b = hex_rgb(outside.background.map[colour])
            lum = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
            assert 0.15 < lum < 0.75, colour
            ir, ig, ib = hex_rgb(ink[colour])
            ink_lum = (0.2126 * ir + 0.7152 * ig + 0.0722 * ib) / 255
            assert abs(ink_lum - lum) > 0.35, colour

    def test_hides_the_vision_tokens(self):
        """Opened with its side panels at 30 degrees, the screen hides 9 vision tokens in two
        rows (5 + 4) and 2 feeling tokens beside the second row."""
        data = load_game(bundled("cards"), GAME)
        [screen] = [c for c in data.components if c.component == "player screen"]
        vision = {i.fields()["diameter"] for i in data.component("vision token").items}
        feeling = {i.fields()["diameter"] for i in data.component("feeling token").items}
        [d], [f] = vision, feeling
        for item in screen.items:
            left, centre, right = item.fields()["panels"]
            angle = math.radians(30)
            depth = min(left, right) * math.cos(angle)
            # the hidden floor widens from the centre panel toward the owner
            width_at = lambda t: centre + 2 * t * math.tan(angle)  # noqa: E731
            assert depth >= 2 * d + 3  # two rows of tokens, with room to pick them up
            assert width_at(0) >= 4 * d and width_at(d) >= 5 * d  # 5 fit once a row in
            assert width_at(d + 1) >= 4 * d + 2 * f  # row two: 4 visions and 2 feelings
            assert item.fields()["height"] >= 4 * d  # tall enough to hide them from a seated player


# --- the data and the checks ---------------------------------------------------------------------

class TestChecks:
    def test_panels_must_add_up_to_the_width(self, tmp_path):
        cards = cards_with_panels(tmp_path, "[70, 110, 70]", count=1)
        with pytest.raises(InputError) as exc:
            load_game(cards, GAME)
        assert exc.value.file.endswith("screens.yaml") and exc.value.field == "panels"
        assert exc.value.message == "the panels add up to 250 mm, the screen is 260 mm wide"

    def test_text_near_a_fold_is_warned_about(self, lopsided):
        warnings = lopsided["long-edge"].warnings
        assert warnings and all("fold" in w for w in warnings)
        # the inside's left panel is now 80 mm wide: its text sits across nothing, but the
        # middle panel's text reaches across the fold at 80 mm
        assert any("'slmw-screen-inside'" in w and "'effect-text'" in w and "80 mm" in w for w in warnings)

    def test_template_size_must_match_the_screen(self, tmp_path):
        cards = cards_with(tmp_path, "width: 260, height: 120, panels: [70, 120, 70]",
                           "width: 250, height: 120, panels: [65, 120, 65]")
        with pytest.raises(InputError) as exc:
            build_screens(tmp_path / "out", cards)
        assert "screens.yaml" in str(exc.value)
        assert "250 x 120" in str(exc.value) and "slmw-screen" in str(exc.value)

    def test_a_screen_too_big_for_the_paper_is_scaled_with_a_warning(self, tmp_path):
        cards = cards_with(tmp_path, "width: 260, height: 120, panels: [70, 120, 70]",
                           "width: 300, height: 120, panels: [90, 120, 90]")
        layouts = screen_layouts(tmp_path / "layouts")
        (layouts / "screens.yaml").write_text(
            "templates:\n"
            "  slmw-screen: {size: [300, 120], background: \"#1c7c84\"}\n"
            "  slmw-screen-inside: {size: [300, 120], background: \"#f6f2e9\"}\n", encoding="utf-8")
        result = build_screens(tmp_path / "out", cards, layouts)
        assert result.warnings and all("printed at" in w for w in result.warnings)
        cut = trim_by_marks(result.path, 0)
        assert cut["h"] < 300 and abs(cut["h"] / cut["w"] - 300 / 120) < 0.01
        image = render(result.path, 0)
        band = image.crop((0, 0, image.size[0], int(4.8 * 4))).getcolors(maxcolors=1 << 16)
        assert band is not None and all(min(c) >= 250 for _, c in band)

    def test_a_bleed_too_wide_for_letter_is_cut_down_with_a_warning(self, tmp_path):
        result = build_screens(tmp_path, paper="letter", bleed=5.0)
        assert len(result.warnings) == 5 and all("printed with 1.2 mm" in w for w in result.warnings)
        assert build_screens(tmp_path / "a4", bleed=5.0).warnings == []

    def test_place_keeps_the_full_size_when_it_fits(self):
        a4 = scr.place("a4", WIDTH, HEIGHT, (70.0, 190.0), 3.0)
        letter = scr.place("letter", WIDTH, HEIGHT, (70.0, 190.0), 3.0)
        assert (a4.scale, a4.bleed) == (1.0, 3.0)
        assert letter.scale == 1.0 and letter.bleed == pytest.approx(1.2)  # (279.4 - 10 - 260) / 2 - 3.5
        assert a4.inside_folds() == (70.0, 190.0)
        assert scr.place("a4", 260, 120, (60.0, 180.0), 3.0).inside_folds() == (80.0, 200.0)
