"""``pnp build`` measured as a printer sees it: page sizes, cut lines, card counts, where each
back lands, determinism, and what a failed build leaves behind."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pdfmeasure import (card_boxes, card_rotations, crop_marks, footers, lines_of_width, page_size_mm, page_texts,
                        unresolved_resources)
from pnp.build import BuildOptions, build, bundled
from pnp.cli import app
from pnp.data.components import Kind
from pnp.games import GAMES
from pnp.data.loader import load_game

REPO = Path(__file__).resolve().parent.parent
ALL_GAMES = list(GAMES)
runner = CliRunner()


def card_counts(game: str) -> dict[str, int]:
    data = load_game(bundled("cards"), game)
    return {c.component: c.count for c in data.components if c.kind is Kind.card}


@pytest.fixture(scope="module")
def a4(built) -> dict[str, Path]:
    _, results = built("a4")
    return {r.game: r.path for r in results if r.path.name == f"{r.game}.pdf"}  # the card sheets


@pytest.fixture(scope="module")
def letter(built) -> dict[str, Path]:
    _, results = built("letter")
    return {r.game: r.path for r in results if r.path.name == f"{r.game}.pdf"}  # the card sheets


def token_components() -> set[str]:
    """The bundled games' token components: one-sided ones may print on a card sheet's free
    room, named in its footer beside the cards ("player aid card ×4, cube ×5")."""
    return {c.component for game in ALL_GAMES for c in load_game(bundled("cards"), game).components
            if c.kind is Kind.token}


def sheet_pages(path: Path) -> list[tuple[int, int, dict[str, int]]]:
    """(front page index, back page index, {component: cards}) for each sheet, read from the
    footers: "Game · location card ×8, energy tracker card ×1 · sheet 1 of 2 · fronts · ...";
    the tokens a footer names with the cards are left out."""
    tokens = token_components()
    texts = footers(path)
    fronts = [i for i, t in enumerate(texts) if "· fronts ·" in t]
    backs = [i for i, t in enumerate(texts) if "· backs (" in t]
    assert len(fronts) == len(backs) and fronts
    out = []
    for i, j in zip(fronts, backs):
        assert texts[i].split("· fronts ·")[0] == texts[j].split("· backs (")[0]
        contents = texts[i].split(" · ")[1]
        counts = {}
        for part in contents.split(", "):
            name, n = part.rsplit(" ×", 1)
            if name not in tokens:
                counts[name] = int(n)
        out.append((i, j, counts))
    return out


class TestPages:
    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_a4_portrait_pages(self, a4, game):
        reader = PdfReader(a4[game])
        assert len(reader.pages) > 0
        assert {page_size_mm(reader, i) for i in range(len(reader.pages))} <= {(210.0, 297.0), (297.0, 210.0)}

    def test_letter_eight_poker_cards_turned_on_portrait_pages(self, letter):
        reader = PdfReader(letter["kartomantik"])
        assert {page_size_mm(reader, i) for i in range(len(reader.pages))} == {(215.9, 279.4)}
        boxes = card_boxes(reader, 0)
        assert len(boxes) == 8
        # a quarter turn: the cards lie across the page, two columns of four, each card with
        # its own bleed: 88 mm + 2 x 3 wide; 63 mm + 2 x 1.3 tall (279.4 - 10 - 7 - 4 x 63
        # leave 10.4 mm for eight bleeds)
        assert len({round(b.x, 2) for b in boxes}) == 2
        assert {round(b.w, 2) for b in boxes} == {94.0}
        assert {round(b.h, 2) for b in boxes} == {65.6}

    def test_letter_backs_mirror_their_fronts(self, letter):
        reader = PdfReader(letter["kartomantik"])
        for front, back, _ in sheet_pages(letter["kartomantik"]):
            mirrored = sorted(type(b)(215.9 - b.x - b.w, b.y, b.w, b.h).rounded() for b in card_boxes(reader, front))
            assert sorted(b.rounded() for b in card_boxes(reader, back)) == mirrored

    def test_letter_keeps_eight_with_a_small_bleed(self, tmp_path):
        # three rows (264 mm) leave 15.4 mm of Letter's 279.4, less than two 5 mm margins
        # and two 3.5 mm crop-mark bands: nine would clip the marks
        build(["kartomantik"], BuildOptions(out_dir=tmp_path, paper="letter", bleed=0.5))
        reader = PdfReader(tmp_path / "kartomantik.pdf")
        assert page_size_mm(reader, 0) == (215.9, 279.4)
        assert len(card_boxes(reader, 0)) == 8

    def test_bleed_option_sets_the_art_beyond_the_cut(self, tmp_path):
        build(["kartomantik"], BuildOptions(out_dir=tmp_path, bleed=0))
        sizes = {(round(b.w, 2), round(b.h, 2)) for b in card_boxes(PdfReader(tmp_path / "kartomantik.pdf"), 0)}
        assert sizes == {(63.0, 88.0)}

    def test_nine_poker_cards_on_an_a4_sheet(self, a4):
        reader = PdfReader(a4["kartomantik"])
        boxes = card_boxes(reader, 0)
        assert len(boxes) == 9

    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_every_page_has_a_50mm_ruler(self, a4, game):
        reader = PdfReader(a4[game])
        for i in range(len(reader.pages)):
            rulers = [l for l in lines_of_width(a4[game], i, 0.2)
                      if abs((l["x1"] - l["x0"]) * 25.4 / 72 - 50) < 0.01 and l["top"] == l["bottom"]]
            assert len(rulers) == 1, f"page {i + 1}"
            if i > 3:
                break


class TestCropMarks:
    def test_vertical_marks_every_63mm_and_horizontal_every_88mm(self, a4):
        marks = crop_marks(a4["kartomantik"], 0)
        xs = sorted({round(m[0], 2) for m in marks if abs(m[0] - m[2]) < 1e-6})
        ys = sorted({round(m[1], 2) for m in marks if abs(m[1] - m[3]) < 1e-6})
        # each card has its own cut lines: a card, a gutter (two bleeds), a card ...
        assert [round(b - a, 2) for a, b in zip(xs, xs[1:])] == [63.0, 1.33, 63.0, 1.33, 63.0]
        assert [round(b - a, 2) for a, b in zip(ys, ys[1:])] == [88.0, 2.13, 88.0, 2.13, 88.0]
        assert xs[0] == pytest.approx(5 + 3.5 + 4 / 6, abs=0.01)

    def test_marks_stay_out_of_the_card_and_bleed_and_off_the_page_edge(self, a4):
        reader = PdfReader(a4["kartomantik"])
        boxes = card_boxes(reader, 0)
        left = min(b.x for b in boxes)
        right = max(b.x + b.w for b in boxes)
        bottom = min(b.y for b in boxes)
        top = max(b.y + b.h for b in boxes)
        for x0, y0, x1, y1 in crop_marks(a4["kartomantik"], 0):
            inside_x = left < max(x0, x1) and min(x0, x1) < right
            inside_y = bottom < max(y0, y1) and min(y0, y1) < top
            assert not (inside_x and inside_y)
            assert min(x0, x1) >= 5 - 1e-3 and max(x0, x1) <= 205 + 1e-3
            assert min(y0, y1) >= 5 - 1e-3 and max(y0, y1) <= 292 + 1e-3


class TestCards:
    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_card_faces_per_component_equal_the_data(self, a4, game):
        reader = PdfReader(a4[game])
        totals: dict[str, int] = {}
        for front, back, counts in sheet_pages(a4[game]):
            # the footer's count is the number of card boxes on both sides of the sheet
            assert len(card_boxes(reader, front)) == sum(counts.values())
            assert len(card_boxes(reader, back)) == sum(counts.values())
            for name, n in counts.items():
                totals[name] = totals.get(name, 0) + n
        assert totals == card_counts(game)

    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_each_back_is_the_mirror_of_its_front(self, a4, game):
        reader = PdfReader(a4[game])
        for front, back, _ in sheet_pages(a4[game]):
            w = float(reader.pages[front].mediabox.width) * 25.4 / 72
            mirrored = sorted(b.rounded() for b in
                              (type(b)(w - b.x - b.w, b.y, b.w, b.h) for b in card_boxes(reader, front)))
            assert sorted(b.rounded() for b in card_boxes(reader, back)) == mirrored

    def test_relics_eighteen_cards_on_two_sheets(self, a4):
        reader = PdfReader(a4["relics"])
        assert len(reader.pages) == 4
        assert [len(card_boxes(reader, i)) for i in range(4)] == [9, 9, 9, 9]

    def test_card_boxes_are_trim_plus_their_own_bleed(self, a4):
        reader = PdfReader(a4["kartomantik"])
        sizes = sorted({(round(b.w, 2), round(b.h, 2)) for b in card_boxes(reader, 0)})
        # gutters: every card has its own bleed on every side (4 mm across for six bleeds,
        # 6.4 mm down)
        assert sizes == [(64.33, 90.13)]

    def test_back_offset_moves_every_back_page(self, tmp_path, a4):
        out = tmp_path / "shifted"
        build(["kartomantik"], BuildOptions(out_dir=out, back_offset=(1.5, -0.5)))
        plain, shifted = PdfReader(a4["kartomantik"]), PdfReader(out / "kartomantik.pdf")
        front_plain, front_shifted = card_boxes(plain, 0), card_boxes(shifted, 0)
        assert [b.rounded() for b in front_shifted] == [b.rounded() for b in front_plain]
        for a, b in zip(card_boxes(plain, 1), card_boxes(shifted, 1)):
            assert b.x - a.x == pytest.approx(1.5, abs=1e-3)
            assert b.y - a.y == pytest.approx(-0.5, abs=1e-3)

    def test_short_edge_mirrors_top_to_bottom(self, tmp_path):
        build(["kartomantik"], BuildOptions(out_dir=tmp_path, duplex="short-edge"))
        reader = PdfReader(tmp_path / "kartomantik.pdf")
        front = card_boxes(reader, 0)
        h = float(reader.pages[0].mediabox.height) * 25.4 / 72
        mirrored = sorted(type(b)(b.x, h - b.y - b.h, b.w, b.h).rounded() for b in front)
        assert sorted(b.rounded() for b in card_boxes(reader, 1)) == mirrored

    def test_backs_read_upright_when_the_card_is_flipped_left_right(self, tmp_path, a4, letter):
        # long-edge on a portrait grid: the sheet turns left-right, backs stand upright
        reader = PdfReader(a4["relics"])
        assert set(card_rotations(reader, 0)) == {0} and set(card_rotations(reader, 1)) == {0}
        # short-edge: the sheet turns top-bottom, so each back is drawn upside down
        build(["relics"], BuildOptions(out_dir=tmp_path, duplex="short-edge"))
        reader = PdfReader(tmp_path / "relics.pdf")
        assert set(card_rotations(reader, 0)) == {0} and set(card_rotations(reader, 1)) == {180}
        # Letter: the grid is turned a quarter on the page, backs a further half turn
        reader = PdfReader(letter["kartomantik"])
        assert set(card_rotations(reader, 0)) == {90} and set(card_rotations(reader, 1)) == {270}

    def test_duplex_off_puts_the_backs_after_the_fronts(self, tmp_path):
        build(["kartomantik"], BuildOptions(out_dir=tmp_path, duplex="off"))
        texts = page_texts(tmp_path / "kartomantik.pdf")
        kinds = ["fronts" if "· fronts ·" in t else "backs" for t in texts]
        first = kinds.index("backs")
        assert "fronts" in kinds[:first] and kinds[first:first + kinds[:first].count("fronts")] == ["backs"] * first


class TestOutput:
    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_every_named_resource_is_defined_where_it_is_used(self, a4, game):
        assert unresolved_resources(PdfReader(a4[game])) == []

    def test_two_builds_are_byte_identical(self, tmp_path, a4):
        build(["kartomantik"], BuildOptions(out_dir=tmp_path))
        assert (tmp_path / "kartomantik.pdf").read_bytes() == a4["kartomantik"].read_bytes()

    def test_fonts_are_embedded(self, a4):
        reader = PdfReader(a4["kartomantik"])
        fonts = reader.pages[0]["/Resources"]["/Font"]
        assert fonts
        for ref in fonts.values():
            font = ref.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor

    def test_footer_names_game_component_and_page(self, a4):
        texts = page_texts(a4["kartomantik"])
        assert "Kartomantik · manifestation card ×9 · sheet 1 of 9 · fronts · page 1 of 18" in texts[0]
        assert "backs" in texts[1] and "page 2 of" in texts[1]


class TestCli:
    def test_build_prints_the_paths(self, tmp_path):
        result = runner.invoke(app, ["build", "kartomantik", "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
        assert str(tmp_path / "kartomantik.pdf") in result.output

    def test_broken_yaml_exits_2_naming_file_and_line(self, tmp_path):
        cards = tmp_path / "cards"
        shutil.copytree(REPO / "cards", cards)
        pool = cards / "kartomantik" / "pool.yaml"
        lines = pool.read_text().splitlines()
        n = next(i for i, l in enumerate(lines) if l.strip() == "power: 3")
        lines[n] = lines[n].replace("power: 3", "power: [3")
        pool.write_text("\n".join(lines) + "\n")
        result = runner.invoke(app, ["build", "kartomantik", "--cards", str(cards), "--out", str(tmp_path / "o")])
        assert result.exit_code == 2
        assert f"{pool}:" in result.output
        assert "not valid YAML" in result.output
        assert "Traceback" not in result.output

    def test_wrong_type_names_file_line_and_field(self, tmp_path):
        cards = tmp_path / "cards"
        shutil.copytree(REPO / "cards", cards)
        pool = cards / "kartomantik" / "pool.yaml"
        lines = pool.read_text().splitlines()
        n = next(i for i, l in enumerate(lines) if l.strip() == "power: 3")
        lines[n] = lines[n].replace("power: 3", "power: three")
        pool.write_text("\n".join(lines) + "\n")
        result = runner.invoke(app, ["build", "kartomantik", "--cards", str(cards), "--out", str(tmp_path / "o")])
        assert result.exit_code == 2
        assert f'{pool}:{n + 1}: power: expected an integer, got "three"' in result.output

    def test_failed_build_leaves_earlier_output_untouched(self, tmp_path):
        out = tmp_path / "out"
        first = runner.invoke(app, ["build", "kartomantik", "relics", "--out", str(out)])
        assert first.exit_code == 0, first.output
        before = {p.name: p.read_bytes() for p in out.iterdir()}
        cards = tmp_path / "cards"
        shutil.copytree(REPO / "cards", cards)
        for f in (cards / "relics").glob("*.yaml"):
            f.write_text(f.read_text() + "\n  - broken: [\n")
        result = runner.invoke(app, ["build", "kartomantik", "relics", "--cards", str(cards), "--out", str(out)])
        assert result.exit_code == 2
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before

    def test_unknown_game_exits_2(self, tmp_path):
        result = runner.invoke(app, ["build", "chess", "--out", str(tmp_path)])
        assert result.exit_code == 2
        assert "unknown game 'chess'" in result.output

    def test_unknown_option_exits_2(self):
        assert runner.invoke(app, ["build", "--colour", "red"]).exit_code == 2

    def test_out_naming_a_file_exits_2(self, tmp_path):
        target = tmp_path / "taken"
        target.write_text("mine")
        result = runner.invoke(app, ["build", "relics", "--out", str(target)])
        assert result.exit_code == 2 and "is a file" in result.output
        assert target.read_text() == "mine"

    def test_calibrate_into_a_folder_exits_2(self, tmp_path):
        result = runner.invoke(app, ["calibrate", "--out", str(tmp_path)])
        assert result.exit_code == 2 and "is a folder" in result.output
        assert list(tmp_path.iterdir()) == []

    @pytest.mark.parametrize("args", [["--back-offset", "nan,0"], ["--bleed", "nan"]])
    def test_not_a_number_exits_2(self, tmp_path, args):
        result = runner.invoke(app, ["build", "relics", "--out", str(tmp_path), *args])
        assert result.exit_code == 2 and "Traceback" not in result.output

    def test_a_game_named_twice_is_built_once(self, tmp_path):
        result = runner.invoke(app, ["build", "relics", "relics", "--out", str(tmp_path)])
        assert result.exit_code == 0 and result.output.count("relics.pdf") == 1

    def test_bad_back_offset_exits_2(self, tmp_path):
        result = runner.invoke(app, ["build", "kartomantik", "--back-offset", "left", "--out", str(tmp_path)])
        assert result.exit_code == 2
