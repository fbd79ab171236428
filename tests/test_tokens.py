"""Token sheets measured as a printer sees them: how many tokens of which diameter, the
cutting guides in their bleed rings (never a line on a cut circle), the room between them, the
printer margin, where each back lands, and determinism.

Visions' five cubes are one-sided and small: a default build prints them on the free room of a
card sheet (tests/test_loose_tokens.py). Built with ``--cutter silhouette`` they keep a token
sheet of their own, visions-tokens.pdf, and that is the Visions token sheet measured here (the
same bytes a default build wrote before the cubes moved: the token renderer takes no cutter)."""

from __future__ import annotations

import functools
import math
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.units import mm

from pdfmeasure import PT, _mul, footers, lines_of_width, page_size_mm, unresolved_resources
import pnp.build
from pnp.build import BuildOptions, PieceJob, bundled
from pnp.data.components import Component, Kind
from pnp.data.errors import InputError
from pnp.data.loader import load_game
from pnp.layout.model import Template, load_layouts
from pnp.layout.paper import PAPERS
from pnp.options import PrintOptions
from pnp.render import furniture, tokens
from pnp.render.sheets import new_canvas

GAMES = ["so-long-my-world", "visions"]
BLEED = 2.0  # the bundled token templates' bleed
DOUBLE_SIDED = {"feeling token", "mark of sol token", "vision token", "first player token", "time counter token"}


# --- measuring ---------------------------------------------------------------------------------


def _key(path: Path) -> tuple[str, int, int]:
    st = Path(path).stat()
    return str(path), st.st_mtime_ns, st.st_size


@functools.lru_cache(maxsize=64)
def _all_guides(key: tuple[str, int, int]) -> tuple[tuple[tuple[float, float, float], ...], ...]:
    with pdfplumber.open(key[0]) as pdf:
        pages = []
        for page in pdf.pages:
            out = []
            for c in page.curves:
                if c["stroke"] and abs(c["linewidth"] / PT - tokens.GUIDE_WIDTH) < 0.005:
                    w, h = (c["x1"] - c["x0"]) / PT, (c["bottom"] - c["top"]) / PT
                    assert abs(w - h) < 0.01, "a cutting guide is a circle"
                    out.append(((c["x0"] + c["x1"]) / 2 / PT, (page.height - (c["top"] + c["bottom"]) / 2) / PT, w))
            pages.append(tuple(out))
        return tuple(pages)


def guides(path: Path, index: int) -> list[tuple[float, float, float]]:
    """(x, y, diameter) in mm of every cutting guide of a page (the curves at GUIDE_WIDTH)."""
    return list(_all_guides(_key(path))[index])


def trims(path: Path, index: int, bleed: float = BLEED) -> list[tuple[float, float, float]]:
    """(x, y, diameter) in mm of every token's cut circle on a page: its bleed ring (the
    clipped form, see `placements`) less the ``bleed`` the sheet was built with."""
    return [(x, y, 2 * (ring - bleed)) for _, x, y, _, ring in _all_placements(_key(path))[index]]


@functools.lru_cache(maxsize=64)
def _all_placements(key: tuple[str, int, int]) -> tuple[tuple[tuple[str, float, float, int, float], ...], ...]:
    reader = PdfReader(key[0])
    return tuple(tuple(placements(reader, i)) for i in range(len(reader.pages)))


def _segments(obj: dict, height: float) -> list[tuple[float, float, float, float]]:
    """A stroked path of pdfplumber's as straight pieces (x0, y0, x1, y1) in mm, y up: each
    Bézier curve cut into 32 chords (those of a quarter circle stray 0.03 % of its radius)."""
    def at(pt):
        return pt[0] / PT, (height - pt[1]) / PT

    path = obj.get("path") or [("m", obj["pts"][0])] + [("l", q) for q in obj["pts"][1:]]
    out: list[tuple[float, float, float, float]] = []
    start = here = None
    for op, *pts in path:
        if op == "m":
            start = here = at(pts[0])
        elif op == "h":
            if here != start:
                out.append((*here, *start))
            here = start
        elif len(pts) == 1:  # a line
            nxt = at(pts[0])
            out.append((*here, *nxt))
            here = nxt
        else:  # a cubic Bézier from the current point ("v" and "y" name one control point)
            ctrl = [at(q) for q in pts]
            if op == "v":
                ctrl = [here, *ctrl]
            elif op == "y":
                ctrl = [ctrl[0], ctrl[1], ctrl[1]]
            p0, (p1, p2, p3) = here, ctrl
            prev = p0
            for k in range(1, 33):
                t = k / 32
                u = 1 - t
                nxt = tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d
                            for a, b, c, d in zip(p0, p1, p2, p3))
                out.append((*prev, *nxt))
                prev = nxt
            here = p3
    if obj.get("object_type") == "rect" and not obj.get("path"):
        out.append((*here, *start))
    return out


def lines_near_trims(path: Path, index: int, bleed: float = BLEED, clear: float = 0.3) -> list[str]:
    """Every stroked line, curve or rectangle of a page (the tokens' own art included) whose
    ink comes within ``clear`` mm of a token's cut circle: a cut that misses the circle by
    that much would leave it on the token's edge."""
    circles = trims(path, index, bleed)
    found = []
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[index]
        for obj in page.curves + page.lines + page.rects:
            if not obj["stroke"]:
                continue
            reach = clear + obj["linewidth"] / PT / 2
            x0, x1 = obj["x0"] / PT, obj["x1"] / PT
            y0, y1 = (page.height - obj["bottom"]) / PT, (page.height - obj["top"]) / PT
            near = [(x, y, d / 2) for x, y, d in circles
                    if x0 - reach <= x + d / 2 and x - d / 2 <= x1 + reach
                    and y0 - reach <= y + d / 2 and y - d / 2 <= y1 + reach]
            if not near:
                continue
            for ax, ay, bx, by in _segments(obj, page.height):
                for x, y, r in near:
                    # the distances from the centre along a straight piece run from its nearest
                    # point's to its farther end's, every distance between taken on the way
                    far = max(math.hypot(ax - x, ay - y), math.hypot(bx - x, by - y))
                    dx, dy = bx - ax, by - ay
                    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1.0)))
                    close = math.hypot(ax + t * dx - x, ay + t * dy - y)
                    if close <= r + reach and far >= r - reach:
                        found.append(f"page {index + 1}: a {obj['linewidth'] / PT:.2f} mm line at "
                                     f"({ax:.2f}, {ay:.2f})-({bx:.2f}, {by:.2f}) within {clear} mm of the "
                                     f"{2 * r:g} mm cut circle at ({x:.2f}, {y:.2f})")
                        break
                else:
                    continue
                break
    return found


def placements(reader: PdfReader, index: int) -> list[tuple[str, float, float, int, float]]:
    """Every token face drawn on a page: (form, x, y, rotation in degrees, radius of its
    bleed ring in mm), the centre in mm on the page."""
    page = reader.pages[index]
    forms = page["/Resources"].get("/XObject", {})
    stack = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]
    out = []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(stack[-1])
        elif op == b"Q":
            stack.pop()
        elif op == b"cm":
            stack[-1] = _mul(tuple(float(v) for v in operands), stack[-1])
        elif op == b"Do" and "Token" in operands[0]:
            a, b, _, _, e, f = stack[-1]
            bbox = [float(v) for v in forms[operands[0]]["/BBox"]]
            ring = ((bbox[2] - bbox[0]) / 2 - 1) / PT  # the form is the clipped ring plus 1 pt
            out.append((str(operands[0]), e / PT, f / PT, round(math.degrees(math.atan2(b, a))) % 360, ring))
    return out


@functools.lru_cache(maxsize=64)
def _footers(key: tuple[str, int, int]) -> tuple[str, ...]:
    return tuple(footers(key[0]))


def sheet_footers(path: Path) -> list[str]:
    return list(_footers(_key(path)))


def contents(footer: str) -> Counter:
    """"So Long, My World · vision token ×47, mark of sol token ×12 · sheet 1 of 2 · ..." ->
    {component: count}."""
    counts: Counter = Counter()
    for part in footer.split(" · ")[1].split(", "):
        name, n = part.rsplit(" ×", 1)
        counts[name] += int(n)
    return counts


def front_pages(path: Path) -> list[int]:
    return [i for i, f in enumerate(sheet_footers(path)) if "· fronts ·" in f or "· one side only ·" in f]


def back_pages(path: Path) -> list[int]:
    return [i for i, f in enumerate(sheet_footers(path)) if "· backs (" in f]


def expected_diameters(game: str) -> dict[str, Counter]:
    """component -> Counter({diameter: tokens}) from the data (the template's size when an
    item gives no diameter)."""
    layouts = load_layouts(bundled("layouts"))
    data = load_game(bundled("cards"), game)
    out: dict[str, Counter] = {}
    for comp in data.components:
        if comp.kind is not Kind.token:
            continue
        counts: Counter = Counter()
        for item in comp.items:
            d = item.fields().get("diameter") or layouts.template(comp.layout).width
            counts[float(d)] += item.count
        out[comp.component] = counts
    return out


def build(games: list[str], options: BuildOptions):
    """`pnp.build.build` with the token renderer only among the piece renderers: these tests
    measure token sheets, whatever state the board and screen renderers are in."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pnp.build, "PIECE_RENDERERS", {Kind.token: pnp.build.PIECE_RENDERERS[Kind.token]})
        return pnp.build.build(games, options)


def token_pdf(results, game: str) -> Path:
    return next(r.path for r in results if r.game == game and r.path.name == f"{game}-tokens.pdf")


def visions_cutter(folder: Path, paper: str = "a4"):
    """Visions built with ``--cutter silhouette``: its one-sided cubes then keep their own token
    sheet, visions-tokens.pdf (a cutting machine cuts the cards' outlines only)."""
    return build(["visions"], BuildOptions(out_dir=folder, paper=paper, cutter="silhouette"))


@pytest.fixture(scope="module")
def cutter(tmp_path_factory):
    """``cutter(paper)`` -> the results of `visions_cutter` on ``paper``, built once a module."""
    cache: dict[str, list] = {}

    def get(paper: str = "a4") -> list:
        if paper not in cache:
            cache[paper] = visions_cutter(tmp_path_factory.mktemp(f"visions-cutter-{paper}"), paper)
        return cache[paper]

    return get


@pytest.fixture(scope="module")
def a4(built, cutter):
    """The token sheets' builds on A4: So Long, My World's as `pnp build` writes them, Visions'
    with --cutter (its token sheet; a default build puts the cubes on a card sheet)."""
    return [r for r in built("a4")[1] if r.game == "so-long-my-world"] + cutter("a4")


@pytest.fixture(scope="module")
def pdfs(a4) -> dict[str, Path]:
    return {g: token_pdf(a4, g) for g in GAMES}


# --- what is printed ---------------------------------------------------------------------------


class TestCounts:
    def test_report_counts_the_data(self, a4):
        for game in GAMES:
            r = next(r for r in a4 if r.path.name == f"{game}-tokens.pdf")
            expected = {c: sum(n.values()) for c, n in expected_diameters(game).items()}
            assert r.fronts == expected
            pages = f"{r.pages} page" + ("s" if r.pages != 1 else "")
            assert r.summary == f"{pages}, {sum(expected.values())} tokens"
            assert r.warnings == []

    def test_the_rulebook_numbers(self, a4):
        slmw = next(r for r in a4 if r.path.name == "so-long-my-world-tokens.pdf")
        assert slmw.fronts == {"feeling token": 60, "mark of sol token": 12, "vision token": 47,
                               "first player token": 1, "time counter token": 1}
        visions = next(r for r in a4 if r.path.name == "visions-tokens.pdf")
        assert visions.fronts == {"cube": 5}
        # and no cube in the cards' file of that build
        cards = next(r for r in a4 if r.path.name == "visions.pdf")
        assert cards.tokens == {} and "token" not in cards.summary

    @pytest.mark.parametrize("game", GAMES)
    def test_one_cut_circle_per_token_at_its_diameter(self, pdfs, game):
        path = pdfs[game]
        expected = expected_diameters(game)
        circles = [c for i in front_pages(path) for c in trims(path, i)]
        want: Counter = Counter()
        for counts in expected.values():
            want.update(counts)
        assert Counter(round(d, 2) for _, _, d in circles) == Counter({round(d, 2): n for d, n in want.items()})
        # and one guide each, in the middle of its bleed ring: the diameter and the bleed
        rings = [g for i in front_pages(path) for g in guides(path, i)]
        assert Counter(round(d, 2) for _, _, d in rings) == Counter({round(d + BLEED, 2): n for d, n in want.items()})

    def test_slmw_diameters(self, pdfs):
        circles = [c for i in front_pages(pdfs["so-long-my-world"]) for c in trims(pdfs["so-long-my-world"], i)]
        # 60 feeling (16 mm), 12 marks of sol + the time counter (20 mm), 47 vision (25 mm),
        # the first player (30 mm)
        assert Counter(round(d, 2) for _, _, d in circles) == {16.0: 60, 20.0: 13, 25.0: 47, 30.0: 1}

    def test_visions_cubes(self, pdfs):
        circles = trims(pdfs["visions"], 0)
        assert [round(d, 2) for _, _, d in circles] == [12.0] * 5

    @pytest.mark.parametrize("game", GAMES)
    def test_footers_name_what_each_sheet_holds(self, pdfs, game):
        path = pdfs[game]
        texts = sheet_footers(path)
        total: Counter = Counter()
        for i in front_pages(path):
            counts = contents(texts[i])
            total.update(counts)
            # each front page's footer counts its tokens, and each has its guide
            assert sum(counts.values()) == len(trims(path, i)) == len(guides(path, i))
        assert dict(total) == {c: sum(n.values()) for c, n in expected_diameters(game).items()}
        n = len(texts)
        for k, t in enumerate(texts, start=1):
            assert t.startswith({"so-long-my-world": "So Long, My World · ", "visions": "Visions · "}[game])
            assert f"page {k} of {n}" in t and "sample data" in t

    @pytest.mark.parametrize("game", GAMES)
    def test_every_guide_has_its_token_under_it(self, pdfs, game):
        path = pdfs[game]
        reader = PdfReader(path)
        for i in front_pages(path):
            placed = sorted((round(x, 2), round(y, 2)) for _, x, y, _, _ in placements(reader, i))
            rings = sorted((round(x, 2), round(y, 2)) for x, y, _ in guides(path, i))
            assert placed == rings

    def test_whole_components_share_pages(self, pdfs):
        # two sheets: everything but the feelings, then the 60 feeling tokens
        path = pdfs["so-long-my-world"]
        texts = sheet_footers(path)
        sheets = [contents(texts[i]) for i in front_pages(path)]
        assert sheets == [Counter({"vision token": 47, "mark of sol token": 12, "first player token": 1,
                                   "time counter token": 1}), Counter({"feeling token": 60})]


# --- where it is printed -----------------------------------------------------------------------


class TestGeometry:
    @pytest.mark.parametrize("game", GAMES)
    def test_a4_pages(self, pdfs, game):
        reader = PdfReader(pdfs[game])
        assert {page_size_mm(reader, i) for i in range(len(reader.pages))} == {(210.0, 297.0)}

    @pytest.mark.parametrize("game", GAMES)
    def test_no_two_cut_circles_closer_than_two_bleeds(self, pdfs, game):
        path = pdfs[game]
        for i in front_pages(path):
            circles = trims(path, i)
            for k, (x1, y1, d1) in enumerate(circles):
                for x2, y2, d2 in circles[k + 1:]:
                    assert math.hypot(x1 - x2, y1 - y2) - d1 / 2 - d2 / 2 >= 2 * BLEED - 0.01

    @pytest.mark.parametrize("game", GAMES)
    def test_tokens_and_bleed_inside_the_printer_margin(self, pdfs, game):
        path = pdfs[game]
        reader = PdfReader(path)
        for i in range(len(reader.pages)):
            w, h = page_size_mm(reader, i)
            for _, x, y, _, ring in placements(reader, i):
                assert x - ring >= 5 - 0.01 and x + ring <= w - 5 + 0.01
                assert y - ring >= 5 - 0.01 and y + ring <= h - 5 + 0.01

    @pytest.mark.parametrize("game", GAMES)
    def test_a_bleed_ring_around_each_cut(self, pdfs, game):
        # the ring reaches BLEED beyond the data's diameter (the form is clipped to it), and
        # the guide stands in its middle
        path = pdfs[game]
        reader = PdfReader(path)
        want: Counter = Counter()
        for counts in expected_diameters(game).values():
            want.update({round(d / 2 + BLEED, 2): n for d, n in counts.items()})
        assert Counter(round(ring, 2) for i in front_pages(path) for *_, ring in placements(reader, i)) == want
        for i in front_pages(path):
            rings = {(round(x, 2), round(y, 2)): ring for _, x, y, _, ring in placements(reader, i)}
            for x, y, d in guides(path, i):
                assert rings[(round(x, 2), round(y, 2))] - d / 2 == pytest.approx(BLEED / 2, abs=0.01)

    @pytest.mark.parametrize("game", GAMES)
    def test_ruler_and_footer_clear_of_the_tokens(self, pdfs, game):
        path = pdfs[game]
        reader = PdfReader(path)
        texts = sheet_footers(path)
        for i in range(len(reader.pages)):
            ruler = lines_of_width(path, i, furniture.RULER_LINE)
            assert len(ruler) >= 51  # the base line and a tick every mm
            h = page_size_mm(reader, i)[1]
            ruler_bottom = min(h - l["bottom"] / PT for l in ruler)
            tokens_top = max((y + ring for _, _, y, _, ring in placements(reader, i)), default=0)
            assert ruler_bottom > tokens_top
            assert texts[i]
            with pdfplumber.open(path) as pdf:
                page = pdf.pages[i]
                words = [wd for wd in page.extract_words() if wd["text"] == "page"]
                footer_top = min(page.height - wd["top"] for wd in words) / PT
            tokens_bottom = min((y - ring for _, _, y, _, ring in placements(reader, i)), default=h)
            assert footer_top < tokens_bottom

    def test_hexagonal_rows(self, pdfs):
        # the 60 feeling tokens: rows of 10 and 9 staggered by half a token
        path = pdfs["so-long-my-world"]
        circles = trims(path, front_pages(path)[1])
        rows = Counter(round(y, 2) for _, y, _ in circles)
        assert sorted(rows.values(), reverse=True)[:2] == [10, 10] and 9 in rows.values()
        ys = sorted(rows, reverse=True)
        assert ys[0] - ys[1] == pytest.approx((16 + 2 * BLEED) * math.sqrt(3) / 2, abs=0.02)


# --- the cutting guides ------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["a4", "letter"])
def every_sheet(request, built, cutter) -> list[Path]:
    """Every bundled token sheet on one paper: as `pnp build` writes them, and Visions' as it
    writes it with --cutter."""
    paths = [r.path for r in built(request.param)[1] if r.path.name.endswith("-tokens.pdf")]
    # Visions' cubes are on a card sheet of a default build (tests/test_loose_tokens.py)
    assert sorted(p.name for p in paths) == ["so-long-my-world-tokens.pdf"]
    return paths + [token_pdf(cutter(request.param), "visions")]


class TestGuides:
    """Trims are marked by nothing on them: the guide stands in the bleed ring, at r + bleed/2,
    where a cut that misses the trim, or the guide itself, leaves only the token's colour."""

    def test_each_guide_in_the_middle_of_its_tokens_bleed(self, every_sheet):
        for path in every_sheet:
            for i in front_pages(path):
                circles = trims(path, i)
                rings = guides(path, i)
                assert len(rings) == len(circles) > 0, (path.name, i)
                for x, y, d in circles:
                    mine = [g for g in rings if math.hypot(g[0] - x, g[1] - y) < 0.01]
                    assert len(mine) == 1, (path.name, i, x, y)
                    assert mine[0][2] / 2 == pytest.approx(d / 2 + BLEED / 2, abs=0.01)

    def test_no_line_within_0_3_mm_of_a_cut_circle(self, every_sheet):
        for path in every_sheet:
            for i in range(len(PdfReader(path).pages)):  # fronts and backs
                assert lines_near_trims(path, i) == []

    def test_guides_on_the_fronts_only(self, every_sheet):
        for path in every_sheet:
            n = len(PdfReader(path).pages)
            fronts = set(front_pages(path))
            assert fronts
            for i in range(n):
                assert bool(guides(path, i)) == (i in fronts), (path.name, i)

    def test_a_guide_on_the_trim_would_be_found(self, tmp_path):
        # the measure itself: the old drawing, a line on the cut circle, is caught
        path = tmp_path / "old.pdf"
        canvas = new_canvas(path, "t")
        canvas.setLineWidth(tokens.GUIDE_WIDTH * mm)
        canvas.circle(50 * mm, 50 * mm, (10 + 0.25) * mm, stroke=1, fill=0)  # 0.25 mm off the trim
        form = "TokenTest"
        canvas.beginForm(form, -13 * PT - 1, -13 * PT - 1, 13 * PT + 1, 13 * PT + 1)
        canvas.endForm()
        canvas.saveState()
        canvas.translate(50 * mm, 50 * mm)
        canvas.doForm(form)
        canvas.restoreState()
        canvas.save()
        assert [round(d, 2) for *_, d in trims(path, 0, 3.0)] == [20.0]
        assert len(lines_near_trims(path, 0, 3.0)) == 1
        assert lines_near_trims(path, 0, 3.0, clear=0.1) == []


# --- backs -------------------------------------------------------------------------------------


def mirrored_backs(path: Path, paper: str, duplex: str, offset=(0.0, 0.0)):
    """Checks that each back page puts a back exactly behind each double-sided front."""
    reader = PdfReader(path)
    texts = sheet_footers(path)
    fronts, backs = front_pages(path), back_pages(path)
    w, h = PAPERS[paper]
    pairs = []
    for b in backs:
        prefix = texts[b].split(" · backs (")[0]
        f = next(i for i in fronts if texts[i].split(" · fronts ·")[0] == prefix)
        pairs.append((f, b))
        front = placements(reader, f)
        back = placements(reader, b)
        assert len(back) == len(front)  # every token of the SLMW sheets is double-sided
        if duplex == "short-edge":
            want = sorted((round(x + offset[0], 2), round(h - y + offset[1], 2), 180) for _, x, y, _, _ in front)
        else:
            want = sorted((round(w - x + offset[0], 2), round(y + offset[1], 2), 0) for _, x, y, _, _ in front)
        got = sorted((round(x, 2), round(y, 2), rot) for _, x, y, rot, _ in back)
        assert got == want
        # the same ring (the same diameter and bleed) behind each front
        ring_front = Counter(round(r, 2) for *_, r in front)
        assert Counter(round(r, 2) for *_, r in back) == ring_front
        # backs carry no guide: a misregistered back would carry it onto the token
        assert guides(path, b) == []
    return pairs


class TestBacks:
    def test_long_edge_backs_mirror_left_right(self, pdfs):
        path = pdfs["so-long-my-world"]
        pairs = mirrored_backs(path, "a4", "long-edge")
        assert pairs == [(0, 1), (2, 3)]  # each back page right after its front
        assert "flip on long edge" in sheet_footers(path)[1]

    def test_vision_token_backs_show_the_colour_not_the_vision(self, pdfs):
        path = pdfs["so-long-my-world"]
        reader = PdfReader(path)
        fronts = {f for f, *_ in placements(reader, 0)}
        backs = Counter(f for f, *_ in placements(reader, 1))
        # 47 vision tokens: 47 faces, but 6 backs (5 colours and L'Uno); the other
        # components show their front on both sides
        assert len(fronts) == 45 + 1 + 1 + 1 + 1  # 45 vision faces + L'Uno + mark + first + time
        vision_backs = set(backs) - fronts
        assert len(vision_backs) == 6
        assert sorted(backs[f] for f in vision_backs) == [2, 9, 9, 9, 9, 9]
        text = PdfReader(path).pages[1].extract_text()
        assert "World's Edge Pub" not in text and "SO LONG," in text

    def test_single_sided_cubes_get_no_back_page(self, pdfs):
        path = pdfs["visions"]
        assert len(PdfReader(path).pages) == 1
        assert "one side only" in sheet_footers(path)[0]

    @pytest.mark.parametrize("paper", ["a4", "letter"])
    def test_short_edge_backs_mirror_top_bottom_turned(self, tmp_path, paper):
        results = build(["so-long-my-world"], BuildOptions(out_dir=tmp_path, paper=paper, duplex="short-edge"))
        path = token_pdf(results, "so-long-my-world")
        reader = PdfReader(path)
        assert {page_size_mm(reader, i) for i in range(len(reader.pages))} == {
            tuple(round(v, 1) for v in PAPERS[paper])}
        assert mirrored_backs(path, paper, "short-edge") == [(0, 1), (2, 3)]

    def test_duplex_off_puts_the_backs_after_the_fronts(self, tmp_path):
        results = build(["so-long-my-world"], BuildOptions(out_dir=tmp_path, duplex="off"))
        path = token_pdf(results, "so-long-my-world")
        assert mirrored_backs(path, "a4", "off") == [(0, 2), (1, 3)]
        assert "glue behind its front sheet" in sheet_footers(path)[2]

    def test_back_offset_moves_every_back(self, tmp_path):
        results = build(["so-long-my-world"], BuildOptions(out_dir=tmp_path, back_offset=(1.5, -0.5)))
        path = token_pdf(results, "so-long-my-world")
        mirrored_backs(path, "a4", "long-edge", (1.5, -0.5))
        # the fronts do not move
        reader = PdfReader(path)
        assert sorted((round(x, 2), round(y, 2)) for _, x, y, _, _ in placements(reader, 0)) == \
            sorted((round(x, 2), round(y, 2)) for x, y, _ in guides(path, 0))


# --- options and files -------------------------------------------------------------------------


class TestOptions:
    def test_bleed_option_and_clamp(self, tmp_path):
        results = build(["so-long-my-world"], BuildOptions(out_dir=tmp_path / "one", bleed=1.0))
        path = token_pdf(results, "so-long-my-world")
        rings = {(round(x, 2), round(y, 2)): ring for _, x, y, _, ring in placements(PdfReader(path), 0)}
        # a ring of 1 mm, the guide in its middle, 0.5 mm outside the cut circle
        assert {round(rings[(round(x, 2), round(y, 2))] - d / 2, 2) for x, y, d in guides(path, 0)} == {0.5}
        assert Counter(round(d, 2) for *_, d in trims(path, 0, 1.0)) == {25.0: 47, 20.0: 13, 30.0: 1}
        assert lines_near_trims(path, 0, 1.0) == []
        results = build(["so-long-my-world"], BuildOptions(out_dir=tmp_path / "ten", bleed=10.0))
        r = next(r for r in results if r.path.name.endswith("-tokens.pdf"))
        assert any("clamped to 3 mm" in w for w in r.warnings)
        circles = trims(r.path, 0, tokens.MAX_BLEED)
        for k, (x1, y1, d1) in enumerate(circles):
            for x2, y2, d2 in circles[k + 1:]:
                assert math.hypot(x1 - x2, y1 - y2) - d1 / 2 - d2 / 2 >= 2 * tokens.MAX_BLEED - 0.01
        want = sorted((round(x, 2), round(y, 2), round(d + tokens.MAX_BLEED, 2)) for x, y, d in circles)
        assert sorted((round(x, 2), round(y, 2), round(d, 2)) for x, y, d in guides(r.path, 0)) == want

    def test_no_bleed_still_leaves_room_for_scissors(self, tmp_path):
        results = build(["so-long-my-world"], BuildOptions(out_dir=tmp_path, bleed=0.0))
        path = token_pdf(results, "so-long-my-world")
        for i in front_pages(path):
            circles = trims(path, i, 0.0)
            gaps = [math.hypot(a[0] - b[0], a[1] - b[1]) - a[2] / 2 - b[2] / 2
                    for k, a in enumerate(circles) for b in circles[k + 1:]]
            assert min(gaps) >= tokens.MIN_GAP - 0.01
        # no ring, so no guide: not on the cut circle (a hairline on the token's edge), not
        # outside it on white paper (a white rim); the printed token's edge is its outline
        for i in range(len(PdfReader(path).pages)):
            assert guides(path, i) == []
            assert lines_near_trims(path, i, 0.0) == []

    def test_a_ring_too_narrow_for_a_guide_gets_none(self, tmp_path):
        # under 0.75 mm, a guide in the middle of the ring would come within 0.3 mm of the cut
        assert tokens.guide_radius(tokens.Disc(20, 0.0)) is None
        assert tokens.guide_radius(tokens.Disc(20, 0.7)) is None
        assert tokens.guide_radius(tokens.Disc(20, 0.75)) == pytest.approx(10.375)
        assert tokens.guide_radius(tokens.Disc(20, 2.0)) == pytest.approx(11.0)
        comp = {"component": "chip", "kind": "token", "layout": "visions-cube",
                "items": [{"name": "Chip", "count": 3, "colour": "red"}]}
        path, _ = _render(tmp_path, comp, bleed=0.5)
        assert guides(path, 0) == [] and lines_near_trims(path, 0, 0.5) == []
        assert [round(d, 2) for *_, d in trims(path, 0, 0.5)] == [12.0] * 3

    def test_byte_identical_rebuild(self, tmp_path, pdfs, built):
        again = build(GAMES, BuildOptions(out_dir=tmp_path / "default"))
        assert token_pdf(again, "so-long-my-world").read_bytes() == pdfs["so-long-my-world"].read_bytes()
        # the cubes on Visions' last card sheet too
        assert (tmp_path / "default" / "visions.pdf").read_bytes() == (built("a4")[0] / "visions.pdf").read_bytes()
        assert token_pdf(visions_cutter(tmp_path / "cutter"), "visions").read_bytes() == pdfs["visions"].read_bytes()

    @pytest.mark.parametrize("game", GAMES)
    def test_resources_resolve_and_colours_are_opaque(self, pdfs, game):
        reader = PdfReader(pdfs[game])
        assert unresolved_resources(reader) == []
        raw = b"".join(reader.pages[i].get_contents().get_data() for i in range(len(reader.pages)))
        assert b" gs" not in raw  # no graphics state (transparency) anywhere on the pages
        for i in range(len(reader.pages)):
            for name, form in reader.pages[i]["/Resources"].get("/XObject", {}).items():
                res = form.get_object().get("/Resources") or {}
                assert "/ExtGState" not in res, name


# --- packing and checks, without a PDF --------------------------------------------------------


class TestPacking:
    @pytest.mark.parametrize("paper", ["a4", "letter"])
    def test_mixed_sizes_stay_clear_and_inside(self, paper):
        discs = [tokens.Disc(d, b) for d, b, n in ((38, 3, 3), (25, 2, 30), (16, 2, 90), (10, 0.5, 40))
                 for _ in range(n)]
        pages = tokens.pack(discs, paper)
        assert sorted(p.index for page in pages for p in page) == list(range(len(discs)))
        x0, y0, x1, y1 = tokens.content_area(paper)
        for page in pages:
            for k, p in enumerate(page):
                d = discs[p.index]
                assert x0 - 1e-6 <= p.x - d.r - d.bleed and p.x + d.r + d.bleed <= x1 + 1e-6
                assert y0 - 1e-6 <= p.y - d.r - d.bleed and p.y + d.r + d.bleed <= y1 + 1e-6
                for q in page[k + 1:]:
                    e = discs[q.index]
                    assert math.hypot(p.x - q.x, p.y - q.y) - d.r - e.r >= tokens.gap(d, e) - 1e-6

    def test_a_token_larger_than_the_page(self):
        with pytest.raises(ValueError, match="does not fit on a4"):
            tokens.pack([tokens.Disc(250, 2)], "a4")

    def test_back_place(self):
        assert tokens.back_place(30, 40, "a4", "long-edge") == (180, 40, False)
        assert tokens.back_place(30, 40, "a4", "off") == (180, 40, False)
        assert tokens.back_place(30, 40, "a4", "short-edge") == (30, 257, True)

    def test_the_bands_are_even_so_mirrored_backs_stay_inside(self):
        for paper, (w, h) in PAPERS.items():
            x0, y0, x1, y1 = tokens.content_area(paper)
            assert x0 == pytest.approx(w - x1) and y0 == pytest.approx(h - y1)

    def test_text_must_keep_inside_the_round_safe_zone(self):
        ok = Template.model_validate({"name": "t", "size": [20, 20], "safe": 1.5, "elements": {
            "x": {"type": "text", "box": [4, 8, 12, 4], "text": "a"}}})
        tokens.check_round(ok)
        # inside the square's safe zone, but its corners reach out of the circle
        corner = Template.model_validate({"name": "t", "size": [20, 20], "safe": 1.5, "file": "l.yaml", "elements": {
            "x": {"type": "text", "box": [2, 2, 16, 4], "text": "a"}}})
        with pytest.raises(InputError, match="safe zone inside the token's cut circle") as err:
            tokens.check_round(corner)
        assert err.value.file == "l.yaml"
        oblong = Template.model_validate({"name": "t", "size": [20, 30]})
        with pytest.raises(InputError, match="a token template is square"):
            tokens.check_round(oblong)

    def test_every_bundled_token_template_is_round_safe(self):
        layouts = load_layouts(bundled("layouts"))
        names = set()
        for game in GAMES:
            for comp in load_game(bundled("cards"), game).components:
                if comp.kind is Kind.token:
                    names.add(comp.layout)
                    if comp.back is not None:
                        names.add(comp.back.get("layout") or comp.layout)
        assert len(names) == 7
        for name in names:
            tokens.check_round(layouts.template(name))


def _render(tmp_path: Path, comp: dict, duplex: str = "long-edge", bleed=None):
    """Render one token component straight through `tokens.render` (no game data files)."""
    component = Component.model_validate(comp)
    job = PieceJob("test", "Test", component, tmp_path / "x.yaml", False)
    out = tmp_path / f"t-{duplex}.pdf"
    canvas = new_canvas(out, "t")
    report = tokens.render(canvas, [job], load_layouts(bundled("layouts")),
                           PrintOptions(duplex=duplex, bleed=bleed))
    canvas.save()
    return out, report


class TestSingleSided:
    def _chips(self, n: int) -> dict:
        return {"component": "chip", "kind": "token", "layout": "visions-cube",
                "items": [{"name": "Chip", "count": n, "colour": "red"}]}

    def test_pages_of_single_sided_tokens_are_kept_apart_by_a_blank_page(self, tmp_path):
        path, report = _render(tmp_path, self._chips(500))
        texts = sheet_footers(path)
        # sheets 1 and 2 with a blank between them in duplex printing, so that sheet 2 does
        # not print on the back of sheet 1
        assert report.pages == len(texts) == 5 and report.fronts == {"chip": 500}
        assert ["blank back" in t for t in texts] == [False, True, False, True, False]
        assert all(placements(PdfReader(path), i) == [] for i in (1, 3))
        assert sum(len(guides(path, i)) for i in (0, 2, 4)) == 500
        assert sum(len(guides(path, i)) for i in (1, 3)) == 0

    def test_no_blank_pages_without_duplex(self, tmp_path):
        path, report = _render(tmp_path, self._chips(500), duplex="off")
        assert report.pages == 3 and not any("blank" in t for t in sheet_footers(path))

    def test_template_size_when_no_diameter(self, tmp_path):
        path, _ = _render(tmp_path, self._chips(3))
        assert [round(d, 2) for *_, d in trims(path, 0)] == [12.0] * 3

    def test_diameter_scales_the_design(self, tmp_path):
        comp = self._chips(2)
        comp["items"][0]["diameter"] = 24
        path, _ = _render(tmp_path, comp)
        assert [round(d, 2) for *_, d in trims(path, 0)] == [24.0] * 2

    def test_mixed_sheet_backs_only_the_double_sided(self, tmp_path):
        comp = {"component": "chip", "kind": "token", "layout": "visions-cube",
                "items": [{"name": "Two", "count": 3, "colour": "red", "back": {"colour": "blue"}},
                          {"name": "One", "count": 4, "colour": "green"}]}
        path, report = _render(tmp_path, comp)
        reader = PdfReader(path)
        assert report.pages == 2 and report.faces == 7 + 3
        front, back = placements(reader, 0), placements(reader, 1)
        assert len(front) == 7 and len(back) == 3
        # the double-sided tokens come first, and their backs land behind them
        two = sorted((round(210 - x, 2), round(y, 2)) for _, x, y, _, _ in front[:3])
        assert sorted((round(x, 2), round(y, 2)) for _, x, y, _, _ in back) == two

    def test_a_missing_layout_names_the_file(self, tmp_path):
        comp = self._chips(1)
        comp["layout"] = "no-such-token"
        with pytest.raises(InputError, match="no layout template named 'no-such-token'") as err:
            _render(tmp_path, comp)
        assert err.value.file.endswith("x.yaml")

    def test_a_token_too_large_for_the_paper_names_the_file(self, tmp_path):
        comp = self._chips(1)
        comp["items"][0]["diameter"] = 260
        with pytest.raises(InputError, match="a token of 260 mm with 2 mm bleed does not fit on a4") as err:
            _render(tmp_path, comp)
        assert err.value.file.endswith("x.yaml") and err.value.field == "diameter"

    def test_a_bad_diameter_names_the_field(self, tmp_path):
        comp = self._chips(1)
        comp["items"][0]["diameter"] = "big"
        with pytest.raises(InputError, match="expected a diameter"):
            _render(tmp_path, comp)
