"""One-sided tokens on the free room of a card sheet (pnp/render/loose.py, docs/tokens.md
"Tokens on a card sheet"), measured as a printer sees them: Visions' five 12 mm cubes on the
last sheet of visions.pdf, on A4 and on Letter, inside the printer margin, clear of the cards'
bleed and of the crop marks, each with its cutting guide, and nothing behind them on the back
page; and the tokens that keep a sheet of their own (--cutter, too many for the room, or
double-sided)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from moonwell import LAYOUTS, SPELLS, write_game
from pdfmeasure import PT, Box, card_boxes, crop_marks, page_size_mm, unresolved_resources
from pnp.build import BuildOptions, GameBuild, build
from pnp.cli import app
from pnp.layout.sheet import MIN_MARGIN, Duplex, fit_grid
from pnp.render import loose, tokens
from pnp.render.sheets import MARK_WIDTH
from test_tokens import BLEED, contents, guides, lines_near_trims, placements, sheet_footers, trims

PAPERS = ["a4", "letter"]
CUBE = 12.0  # mm: the cubes' diameter (cards/visions/aids.yaml)
RING = CUBE / 2 + BLEED  # the radius of a cube's bleed ring: what it prints
# visions.pdf on each paper: its pages, and the footer of the sheet with the cubes, which
# holds the player aid cards left over from the full sheets (85 cards, 9 a sheet on A4, 8 on
# Letter)
EXPECTED = {
    "a4": (20, "Visions · player aid card ×4, cube ×5 · sheet 10 of 10 · fronts · page 19 of 20 · sample card data"),
    "letter": (22, "Visions · player aid card ×5, cube ×5 · sheet 11 of 11 · fronts · page 21 of 22 · sample card data"),
}
MARK_CLEAR = 1.0  # mm at the least between a token's bleed and a crop mark


# --- measuring ---------------------------------------------------------------------------------


@dataclass
class CubeSheet:
    """Where a build of Visions printed its cubes: visions.pdf, the page with them and its back
    page, and the cubes (`test_tokens.placements`: form, x, y, rotation, ring radius)."""

    results: list[GameBuild]
    path: Path
    front: int
    back: int
    cubes: list[tuple[str, float, float, int, float]]


def _token_pages(path: Path) -> dict[int, list]:
    """page -> the token faces drawn on it, for every page that has any."""
    reader = PdfReader(path)
    found = {i: placements(reader, i) for i in range(len(reader.pages))}
    return {i: p for i, p in found.items() if p}


def footer(reader: PdfReader, index: int) -> str:
    """`pdfmeasure.footers` of one page (reading every page's text takes a second a file)."""
    lines = [line.strip() for line in (reader.pages[index].extract_text() or "").splitlines()]
    joined = [f"{a} · {b}" if b.startswith("sheet ") and " · " in a else b for a, b in zip([""] + lines, lines)]
    lines = [line for line in joined if " · sheet " in line]
    return lines[-1] if lines else ""


def pages_naming(path: Path, text: str) -> list[int]:
    """The pages whose text holds ``text``."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [i for i in range(len(pdf)) if text in pdf[i].get_textpage().get_text_range()]
    finally:
        pdf.close()


def _cube_sheet(results: list[GameBuild]) -> CubeSheet:
    path = next(r.path for r in results if r.path.name == "visions.pdf")
    pages = _token_pages(path)
    assert len(pages) == 1, f"tokens on pages {sorted(pages)} of {path.name}"
    (front, cubes), = pages.items()
    reader = PdfReader(path)
    sheet = footer(reader, front).split(" · fronts · ")[0]
    # its back page: the next one, or with --duplex off, after every front (from the last)
    n = len(reader.pages)
    back = next(i for i in dict.fromkeys([front + 1, *range(n - 1, front, -1)])
                if footer(reader, i).startswith(f"{sheet} · backs ("))
    return CubeSheet(results, path, front, back, cubes)


def _to_box(x: float, y: float, b: Box) -> float:
    """How far the point (x, y) is from the rectangle ``b`` (0 inside it)."""
    return math.hypot(max(b.x - x, 0.0, x - b.x - b.w), max(b.y - y, 0.0, y - b.y - b.h))


def _box_gap(a: Box, b: Box) -> float:
    """How far apart the rectangles ``a`` and ``b`` are (0 where they touch or overlap)."""
    return math.hypot(max(a.x - b.x - b.w, b.x - a.x - a.w, 0.0), max(a.y - b.y - b.h, b.y - a.y - a.h, 0.0))


def _to_segment(x: float, y: float, seg: tuple[float, float, float, float]) -> float:
    ax, ay, bx, by = seg
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(ax + t * dx - x, ay + t * dy - y)


def clearances(path: Path, index: int) -> list[str]:
    """What comes too near the tokens of a card sheet's page: a token's bleed ring outside the
    printer margin, on a card's bleed box, nearer a crop mark than `MARK_CLEAR`, or across a
    card's cut line run the whole sheet through (as a trimmer cuts it: the crop marks say where)."""
    reader = PdfReader(path)
    w, h = page_size_mm(reader, index)
    boxes = card_boxes(reader, index)
    # lines at the crop marks' width outside every card (inside one they are its art)
    marks = [m for m in crop_marks(path, index, MARK_WIDTH)
             if not any(_to_box((m[0] + m[2]) / 2, (m[1] + m[3]) / 2, b) == 0 for b in boxes)]
    assert boxes and marks
    problems = []
    for _, x, y, _, ring in placements(reader, index):
        where = f"the token at ({x:.2f}, {y:.2f})"
        if not (MIN_MARGIN - 0.01 <= x - ring and x + ring <= w - MIN_MARGIN + 0.01
                and MIN_MARGIN - 0.01 <= y - ring and y + ring <= h - MIN_MARGIN + 0.01):
            problems.append(f"{where}: its bleed reaches into the printer margin")
        for b in boxes:
            if _to_box(x, y, b) < ring - 0.01:
                problems.append(f"{where}: its bleed is {ring - _to_box(x, y, b):.2f} mm over the card at {b.rounded()}")
        for m in marks:
            gap = _to_segment(x, y, m) - ring - MARK_WIDTH / 2
            if gap < MARK_CLEAR - 0.01:
                problems.append(f"{where}: its bleed is {gap:.2f} mm from the crop mark {tuple(round(v, 2) for v in m)}")
            if abs(m[0] - m[2]) < 1e-6 and abs(x - m[0]) < ring - 0.01:  # a vertical mark: the line x = m[0]
                problems.append(f"{where}: the cut at x {m[0]:.2f} runs through it")
            if abs(m[1] - m[3]) < 1e-6 and abs(y - m[1]) < ring - 0.01:
                problems.append(f"{where}: the cut at y {m[1]:.2f} runs through it")
    return problems


def _ink(path: Path, index: int, centres: list[tuple[float, float]], radius: float, px: float = 6.0) -> list[float]:
    """For each centre (mm on the page, y up): the share of the pixels within ``radius`` of it
    that are not white, the page rendered at ``px`` pixels a mm."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        page = pdf[index]
        h = page.get_height() / PT
        img = np.asarray(page.render(scale=px / PT).to_pil().convert("RGB")).min(axis=2)
    finally:
        pdf.close()
    rows, cols = np.indices(img.shape)
    shares = []
    for x, y in centres:
        inside = np.hypot((cols + 0.5) / px - x, (rows + 0.5) / px - (h - y)) <= radius
        assert inside.sum() > 1000
        shares.append(float((img[inside] < 255).mean()))
    return shares


# --- the builds ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def visions(built, tmp_path_factory):
    """``visions(paper, duplex)`` -> the `CubeSheet` of Visions as `pnp build` writes it: the
    session's build of every game (long-edge), or one of its own for another --duplex."""
    cache: dict[tuple[str, str], CubeSheet] = {}

    def get(paper: str = "a4", duplex: Duplex = "long-edge") -> CubeSheet:
        if (paper, duplex) not in cache:
            if duplex == "long-edge":
                results = built(paper)[1]
            else:
                out = tmp_path_factory.mktemp(f"visions-{paper}-{duplex}")
                results = build(["visions"], BuildOptions(out_dir=out, paper=paper, duplex=duplex))
            cache[paper, duplex] = _cube_sheet([r for r in results if r.game == "visions"])
        return cache[paper, duplex]

    for paper in PAPERS:  # the session's builds, made here rather than in the first test
        get(paper)
    return get


@pytest.fixture(scope="module")
def cutter(tmp_path_factory):
    """``cutter(paper)`` -> the results of building Visions with --cutter silhouette."""
    cache: dict[str, list[GameBuild]] = {}

    def get(paper: str) -> list[GameBuild]:
        if paper not in cache:
            out = tmp_path_factory.mktemp(f"visions-cutter-{paper}")
            cache[paper] = build(["visions"], BuildOptions(out_dir=out, paper=paper, cutter="silhouette"))
        return cache[paper]

    return get


# a game of one's own (tests/moonwell.py) with tokens: templates for them, and its build
TOKEN_LAYOUTS = """  moonwell-gem:
    extends: token
    size: [12, 12]
    background: "#2f6db5"
  moonwell-coin:
    extends: token
    size: [20, 20]
    background: "#d4bc84"
"""


def gems(n: int, diameter: float = 25) -> str:
    """A one-sided token component of ``n`` gems."""
    return f"""  - component: gem
    kind: token
    layout: moonwell-gem
    items:
      - {{name: Gem, count: {n}, diameter: {diameter:g}}}
"""


def own_game(tmp: Path, spells: int, token_components: str, gutter: float | str = "auto") -> list[GameBuild]:
    """Moonwell with ``spells`` spell cards (poker size: 9 a sheet on A4) and the token
    components ``token_components`` (YAML), built on A4 into ``tmp/out`` (``gutter``: --gutter)."""
    data = SPELLS.replace("{name: Moon Tide, text: Everyone draws a card.}",
                          f"{{name: Moon Tide, text: Everyone draws a card., count: {spells - 1}}}")
    assert data != SPELLS
    cards, layouts, _ = write_game(tmp, data + token_components, LAYOUTS + TOKEN_LAYOUTS)
    return build(["moonwell"], BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=tmp / "out",
                                            gutter=gutter))  # type: ignore[arg-type]


def result(results: list[GameBuild], name: str) -> GameBuild:
    return next(r for r in results if r.path.name == name)


# --- Visions' cubes on its last card sheet ---------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
class TestVisionsCubes:
    def test_no_token_sheet_and_the_build_counts_them(self, visions, paper):
        s = visions(paper)
        assert "visions-tokens.pdf" not in {r.path.name for r in s.results}
        assert not (s.path.parent / "visions-tokens.pdf").exists()
        r = result(s.results, "visions.pdf")
        assert r.tokens == {"cube": 5}
        assert r.summary == f"{EXPECTED[paper][0]} pages, 85 cards, 5 tokens"
        # the cards counted as before, the cubes apart from them
        assert r.fronts == {"dream fragment card": 75, "reflection card": 5, "player aid card": 5}
        assert r.pages == EXPECTED[paper][0] and r.warnings == []

    def test_the_footer_names_them_with_the_cards(self, visions, paper):
        s = visions(paper)
        reader = PdfReader(s.path)
        text = footer(reader, s.front)
        assert text == EXPECTED[paper][1]
        assert contents(text) == Counter({"player aid card": 4 if paper == "a4" else 5, "cube": 5})
        # the last sheet; no other page names a cube, but its own back page
        assert (s.front, s.back) == (len(reader.pages) - 2, len(reader.pages) - 1)
        assert [i for i in pages_naming(s.path, "cube ×") if i != s.back] == [s.front]

    def test_five_cubes_on_one_front_page_at_12_mm(self, visions, paper):
        s = visions(paper)
        assert len(s.cubes) == 5
        forms = [f for f, *_ in s.cubes]
        assert all(f.startswith("/FormXob.Token") for f in forms) and len(set(forms)) == 5  # five colours
        assert [round(ring, 2) for *_, ring in s.cubes] == [RING] * 5
        assert [round(d, 2) for *_, d in trims(s.path, s.front)] == [CUBE] * 5
        # turned a quarter with the cards of Letter's landscape arrangement
        assert {rot for _, _, _, rot, _ in s.cubes} == {0 if paper == "a4" else 90}
        # a guide on each, in the middle of its bleed ring (r + bleed/2), and none elsewhere
        rings = guides(s.path, s.front)
        assert len(rings) == 5
        for _, x, y, _, _ in s.cubes:
            mine = [d for gx, gy, d in rings if math.hypot(gx - x, gy - y) < 0.01]
            assert mine == [pytest.approx(CUBE + BLEED, abs=0.01)]
            assert mine[0] / 2 == pytest.approx(tokens.guide_radius(tokens.Disc(CUBE, BLEED)), abs=0.01)
        n = len(PdfReader(s.path).pages)
        assert [i for i in range(n) if guides(s.path, i)] == [s.front]

    def test_where_they_go(self, visions, paper):
        # in one cell between the cards' cut lines (`TestGeometry`), so no cut of a card runs
        # through a cube: the empty slot after the last aid card, half a millimetre inside its
        # trim (A4: x 74 to 136 and y 105 to 192 mm, the second row's middle slot; Letter: the
        # slot after the fifth card, which the portrait page shows turned), five cubes in two
        # staggered rows, 16 mm apart (the 4 mm between two cuts is the two bleeds), centred
        got = sorted((round(x, 2), round(y, 2)) for _, x, y, _, _ in visions(paper).cubes)
        if paper == "a4":
            assert got == [(89.0, 155.43), (97.0, 141.57), (105.0, 155.43), (113.0, 141.57), (121.0, 155.43)]
        else:
            assert got == [(148.02, 90.9), (148.02, 106.9), (148.02, 122.9), (161.88, 98.9), (161.88, 114.9)]
        for k, (x1, y1) in enumerate(got):  # its nearest neighbour exactly 16 mm away
            nearest = min(math.hypot(x2 - x1, y2 - y1) for j, (x2, y2) in enumerate(got) if j != k)
            assert nearest == pytest.approx(16, abs=0.01)

    def test_inside_the_margin_and_clear_of_cards_and_marks(self, visions, paper):
        s = visions(paper)
        assert len(card_boxes(PdfReader(s.path), s.front)) == (4 if paper == "a4" else 5)
        assert clearances(s.path, s.front) == []
        # and no line of the sheet (a card's, a mark, the footer) within 0.3 mm of a cut circle
        assert lines_near_trims(s.path, s.front) == []

    def test_resources_resolve(self, visions, paper):
        assert unresolved_resources(PdfReader(visions(paper).path)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("duplex", ["long-edge", "short-edge", "off"])
def test_nothing_behind_the_cubes(visions, paper, duplex):
    """The back page of the sheet leaves the cubes' places blank: where each lands when the
    sheet is turned over (long-edge, and `off`, glued as for it: mirrored left-right on the
    portrait page as printed, Letter's turned landscape arrangement too; short-edge:
    top-bottom), and half a millimetre round it for a back printed off."""
    s = visions(paper, duplex)
    w, h = page_size_mm(PdfReader(s.path), s.back)
    places = [(x, y) for _, x, y, _, _ in s.cubes]
    behind = [(x, h - y) if duplex == "short-edge" else (w - x, y) for x, y in places]
    assert _ink(s.path, s.back, behind, RING + 0.5) == [0.0] * 5
    # the measure sees the cubes on the front
    assert min(_ink(s.path, s.front, places, CUBE / 2)) > 0.95
    # nothing there in the page's content either: no token (and so no guide), no card
    assert placements(PdfReader(s.path), s.back) == []
    for b in card_boxes(PdfReader(s.path), s.back):
        assert all(_to_box(x, y, b) > RING for x, y in behind)
    n = len(PdfReader(s.path).pages)
    assert s.back == (n - 1 if duplex == "off" else s.front + 1)  # duplex off: every back after the fronts


def test_the_command_says_so(tmp_path):
    out = CliRunner().invoke(app, ["build", "visions", "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    assert "visions.pdf  (20 pages, 85 cards, 5 tokens)" in out.output
    assert "visions-tokens.pdf" not in out.output and not (tmp_path / "visions-tokens.pdf").exists()


# --- where tokens keep a sheet of their own ------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_cutter_keeps_the_token_sheet(cutter, paper):
    results = cutter(paper)
    sheet = result(results, "visions-tokens.pdf")
    assert sheet.fronts == {"cube": 5} and sheet.summary == "1 page, 5 tokens"
    assert [round(d, 2) for *_, d in trims(sheet.path, 0)] == [CUBE] * 5 and len(guides(sheet.path, 0)) == 5
    cards = result(results, "visions.pdf")
    assert cards.tokens == {} and cards.summary.endswith(" pages, 85 cards")
    assert _token_pages(cards.path) == {} and pages_naming(cards.path, "cube ×") == []


def _room(spells: int, diameter: float) -> int:
    """The most one-sided tokens of ``diameter`` (2 mm bleed) that the free cells of the last A4
    sheet of ``spells`` spell cards hold, cell after cell."""
    sheet = fit_grid("a4", 63, 88, 3)
    areas = loose.free_areas(sheet, spells % sheet.per_sheet) if spells % sheet.per_sheet else []
    n = 0
    while areas and tokens.fit_across([tokens.Disc(diameter, BLEED)] * (n + 1), areas) is not None:
        n += 1
    return n


class TestOwnGame:
    def test_as_many_as_the_room_holds_go_on_the_card_sheet(self, tmp_path):
        # two spell cards leave the slot after them and the three columns below their row: 42
        # gems of 25 mm at the most (6 + 3 x 12); all 42 go there, the room full, yet clear of
        # everything and of every cut line
        assert _room(2, 25) == 42
        results = own_game(tmp_path, 2, gems(42))
        assert [r.path.name for r in results] == ["moonwell.pdf"]
        r = results[0]
        assert r.tokens == {"gem": 42} and r.summary == "2 pages, 2 cards, 42 tokens" and r.warnings == []
        pages = _token_pages(r.path)
        assert list(pages) == [0] and len(pages[0]) == 42
        assert clearances(r.path, 0) == [] and lines_near_trims(r.path, 0) == []
        assert sheet_footers(r.path)[0].startswith("Moonwell · spell card ×2, gem ×42 · sheet 1 of 1 · fronts")

    def test_butted_cards_keep_their_bleed_off_the_tokens(self, tmp_path):
        # --gutter 0: the cards next to the empty slots print their 3 mm bleed into them; the
        # gems stay clear of it, of the marks and of every cut
        results = own_game(tmp_path, 3, gems(30), gutter=0)
        r = result(results, "moonwell.pdf")
        assert r.tokens == {"gem": 30}
        assert clearances(r.path, 0) == [] and lines_near_trims(r.path, 0) == []

    @pytest.mark.parametrize("spells, n", [(2, 43), (9, 1)], ids=["one-gem-too-many", "no-free-slot"])
    def test_tokens_that_do_not_fit_keep_their_sheet(self, tmp_path, spells, n):
        assert _room(spells, 25) < n
        results = own_game(tmp_path, spells, gems(n))
        cards, sheet = result(results, "moonwell.pdf"), result(results, "moonwell-tokens.pdf")
        assert cards.tokens == {} and _token_pages(cards.path) == {}
        assert sheet.fronts == {"gem": n}
        assert sum(len(p) for p in _token_pages(sheet.path).values()) == n
        assert "one side only" in sheet_footers(sheet.path)[0]

    def test_double_sided_tokens_never_go_on_a_card_sheet(self, tmp_path):
        # coins with a back for the component, charms with a back for one item: both would fit
        # the room beside the two cards, and go on a token sheet; the one-sided gems do not
        double = """  - component: coin
    kind: token
    layout: moonwell-coin
    back: {layout: moonwell-coin}
    items:
      - {name: Coin, count: 3}
  - component: charm
    kind: token
    layout: moonwell-coin
    items:
      - {name: Sun charm, count: 2, back: {name: Moon charm}}
      - {name: Star charm, count: 1}
"""
        results = own_game(tmp_path, 2, gems(4) + double)
        cards, sheet = result(results, "moonwell.pdf"), result(results, "moonwell-tokens.pdf")
        assert cards.tokens == {"gem": 4}
        on_cards = _token_pages(cards.path)
        assert list(on_cards) == [0] and [round(ring, 2) for *_, ring in on_cards[0]] == [25 / 2 + BLEED] * 4
        assert sheet.fronts == {"coin": 3, "charm": 3}
        texts = sheet_footers(sheet.path)
        assert contents(texts[0]) == Counter({"coin": 3, "charm": 3}) and "backs (" in texts[1]


# --- the geometry, without a PDF ------------------------------------------------------------


class TestGeometry:
    def test_free_areas_of_a_3x3_a4_sheet(self):
        sheet = fit_grid("a4", 63, 88, 3)
        # 3 x 3 poker cards with gutters of 4/3 mm across and 32/15 mm down: the grid's trims
        # from x 9.167 to 200.833 and y 14.367 to 282.633 mm
        assert (sheet.cols, sheet.rows) == (3, 3)
        assert (sheet.gutter_x, sheet.gutter_y) == pytest.approx((4 / 3, 32 / 15))

        def areas(used: int) -> list[tuple[float, ...]]:
            return [tuple(round(v, 3) for v in a) for a in loose.free_areas(sheet, used)]

        # the cells between the cut lines of the cards in use, each line run across the sheet,
        # top row first, each half a millimetre inside (the marks' gap) and clear of a card's
        # bleed. 4 cards (a full first row, one card in the second): the two slots after the
        # fourth card, then the three columns below the second row's cut line, the first one
        # stopping short of the bleed of the card above it (1.067 mm: half the gutter)
        assert areas(4) == [(74.0, 105.0, 136.0, 192.0), (138.333, 105.0, 200.333, 192.0),
                            (9.667, 14.867, 71.667, 102.933), (74.0, 14.867, 136.0, 104.0),
                            (138.333, 14.867, 200.333, 104.0)]
        assert areas(0) == [(9.667, 14.867, 200.333, 282.133)]  # no cut at all: the whole grid
        # a full first row: three columns down to the grid's bottom, under its bleed
        assert areas(3) == [(9.667, 14.867, 71.667, 193.067), (74.0, 14.867, 136.0, 193.067),
                            (138.333, 14.867, 200.333, 193.067)]
        assert areas(8) == [(138.333, 14.867, 200.333, 101.867)]
        assert areas(9) == []
        # no gutter's sliver: a cell is 3 mm or more each way
        assert all(x1 - x0 >= 3 and y1 - y0 >= 3 for used in range(9) for x0, y0, x1, y1 in areas(used))

    @pytest.mark.parametrize("paper", PAPERS)
    def test_free_areas_clear_of_the_cards_and_their_marks(self, paper):
        sheet = fit_grid(paper, 63, 88, 3)
        for used in range(1, sheet.per_sheet):
            filled = {sheet.slot(i) for i in range(used)}
            for x0, y0, x1, y1 in loose.free_areas(sheet, used):
                area = Box(x0, y0, x1 - x0, y1 - y0)
                for slot in filled:
                    b = sheet.bleed_box(*slot, filled)
                    assert (b.right <= x0 + 1e-9 or b.x >= x1 - 1e-9 or b.top <= y0 + 1e-9 or b.y >= y1 - 1e-9), (used, slot)
                for m in sheet.crop_marks(filled):  # a token may touch the area's edge
                    mark = Box(min(m.x0, m.x1), min(m.y0, m.y1), abs(m.x1 - m.x0), abs(m.y1 - m.y0))
                    assert _box_gap(mark, area) - MARK_WIDTH / 2 >= MARK_CLEAR, (used, m)

    def test_fit_in_centres_them(self):
        disc = tokens.Disc(CUBE, BLEED)
        # a row of five, 16 mm apart, in a 100 x 20 mm room: 10 mm spare each side
        placed = tokens.fit_in([disc] * 5, (30, 40, 130, 60))
        assert placed is not None
        assert [(p.index, round(p.x, 6), round(p.y, 6)) for p in placed] == [
            (k, 48.0 + 16 * k, 50.0) for k in range(5)]
        six = tokens.fit_in([disc] * 6, (30, 40, 130, 60))
        assert six is not None and [round(p.x, 6) for p in six] == [40.0 + 16 * k for k in range(6)]
        # two rows in a taller room: every disc inside, as far from the sides as from each other
        discs = [tokens.Disc(d, BLEED) for d in (20, 12, 12, 16, 12)]
        room = (10, 20, 60, 100)
        placed = tokens.fit_in(discs, room)
        assert placed is not None and sorted(p.index for p in placed) == list(range(5))
        lo_x = min(p.x - discs[p.index].r - BLEED for p in placed)
        hi_x = max(p.x + discs[p.index].r + BLEED for p in placed)
        lo_y = min(p.y - discs[p.index].r - BLEED for p in placed)
        hi_y = max(p.y + discs[p.index].r + BLEED for p in placed)
        assert lo_x - room[0] == pytest.approx(room[2] - hi_x) and lo_x >= room[0]
        assert lo_y - room[1] == pytest.approx(room[3] - hi_y) and lo_y >= room[1]
        assert len({round(p.y, 6) for p in placed}) > 1  # rows
        for k, p in enumerate(placed):
            for q in placed[k + 1:]:
                a, b = discs[p.index], discs[q.index]
                assert math.hypot(p.x - q.x, p.y - q.y) - a.r - b.r >= tokens.gap(a, b) - 1e-6

    def test_fit_in_none_when_they_do_not_fit(self):
        disc = tokens.Disc(CUBE, BLEED)
        assert tokens.fit_in([disc] * 7, (30, 40, 130, 60)) is None  # a second row: 16 mm more
        assert tokens.fit_in([tokens.Disc(20, BLEED)], (30, 40, 130, 60)) is None  # 24 mm in 20
        assert tokens.fit_in([disc], (0, 0, 15.9, 100)) is None  # 16 mm in 15.9
        assert tokens.fit_in([disc], (0, 0, 16, 16)) is not None  # exactly
        assert tokens.fit_in([disc], (50, 50, 50, 80)) is None  # no room at all
        assert tokens.fit_in([disc], (50, 50, 40, 80)) is None
