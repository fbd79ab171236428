"""``pnp build --format png|pod|tts`` measured as the services that take the files see them:
pixel sizes and DPI, one file per distinct face with its copy count, PDF boxes in mm, Tabletop
Simulator sheet grids, determinism, and how an export replaces the one before it."""

from __future__ import annotations

import csv
import hashlib
import json
import re
import struct
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.build import BuildOptions, build, bundled, card_jobs
from pnp.options import PrintOptions
from pnp.cli import app
from pnp.data.components import Kind
from pnp.data.errors import InputError
from pnp.games import GAMES
from pnp.data.loader import load_game
from pnp.layout.model import load_layouts
from pnp.render import exports
from pnp.render.forms import face_key
from pnp.render.sheets import CardJob

ALL_GAMES = list(GAMES)
runner = CliRunner()
PT = 72 / 25.4
SAFE_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\.(png|pdf|json|csv)$")


def card_counts(game: str) -> dict[str, int]:
    data = load_game(bundled("cards"), game)
    return {c.component: c.count for c in data.components if c.kind is Kind.card}


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, i = [], 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i:i + 4])
        kind, body = data[i + 4:i + 8], data[i + 8:i + 8 + n]
        assert struct.unpack(">I", data[i + 8 + n:i + 12 + n])[0] == zlib.crc32(kind + body)
        chunks.append((kind, body))
        i += 12 + n
    return chunks


@pytest.fixture(scope="module")
def png(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("png")
    build(ALL_GAMES, BuildOptions(out_dir=out, format="png"))
    return out / "png"


@pytest.fixture(scope="module")
def pod(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pod")
    build(ALL_GAMES, BuildOptions(out_dir=out, format="pod"))
    return out / "pod"


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    build(ALL_GAMES, BuildOptions(out_dir=out, format="tts"))
    return out / "tts"


def manifest(png: Path, game: str) -> list[dict[str, str]]:
    with open(png / game / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# --- sizes ---------------------------------------------------------------------------------


class TestSizes:
    def test_pixels_of_trim_plus_bleed_at_300_dpi(self):
        assert exports.px(63 + 6) == 815
        assert exports.px(88 + 6) == 1110
        assert exports.px(70 + 6) == 898
        assert exports.px(120 + 6) == 1488
        assert exports.px(70) == 827 and exports.px(120) == 1417
        assert exports.px(63) == 744 and exports.px(88) == 1039

    def test_tts_card_and_grid_sizes(self):
        assert exports.tts_card_size(63, 88) == (409, 571)
        assert exports.tts_card_size(70, 120) == (409, 701)
        assert exports.tts_max_rows(571) == 7
        assert exports.tts_max_rows(701) == 5  # 5 x 701 = 3505 px; 6 rows would pass 4096
        assert exports.tts_grid(69) == (10, 7)
        assert exports.tts_grid(6) == (4, 2)
        assert exports.tts_grid(1) == (2, 2)
        assert exports.tts_grid(17) == (9, 2)
        with pytest.raises(ValueError):
            exports.tts_grid(70)
        with pytest.raises(ValueError):
            exports.tts_grid(50, max_rows=5)

    def test_slugs_are_ascii_and_unique(self):
        assert exports.slug("Time in the Burning Desert") == "time-in-the-burning-desert"
        assert exports.slug("World's Edge Pub") == "worlds-edge-pub"
        assert exports.slug("Gar Fild, the Malleable") == "gar-fild-the-malleable"
        assert exports.slug("Él Niño — día/noche") == "el-nino-dia-noche"
        assert exports.slug("???") == "card"
        names = exports._Names()
        assert [names.take("reflection") for _ in range(3)] == ["reflection", "reflection-2", "reflection-3"]


# --- png -----------------------------------------------------------------------------------


class TestPng:
    def test_poker_faces_are_815_by_1110(self, png):
        for game in ("visions", "kartomantik", "relics"):
            sizes = {Image.open(p).size for p in (png / game).rglob("*.png")}
            assert sizes == {(815, 1110)}, game

    def test_tarot_faces_are_898_by_1488(self, png):
        slmw = png / "so-long-my-world"
        assert {Image.open(p).size for p in (slmw / "vision-card").glob("*.png")} == {(898, 1488)}
        others = {Image.open(p).size for p in slmw.rglob("*.png") if p.parent.name != "vision-card"}
        assert others == {(815, 1110)}

    def test_300_dpi_stored_in_phys_and_no_time_stamp(self, png):
        for path in list((png / "visions").rglob("*.png"))[:5]:
            chunks = png_chunks(path.read_bytes())
            kinds = [k for k, _ in chunks]
            assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
            assert b"tIME" not in kinds and b"tEXt" not in kinds
            phys = dict(chunks)[b"pHYs"]
            assert struct.unpack(">IIB", phys) == (11811, 11811, 1)  # pixels a metre = 300 DPI
            image = Image.open(path)
            assert image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
            image.load()  # decodes whole: the data is complete

    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_manifest_copies_add_up_to_the_data(self, png, game):
        totals: dict[str, int] = {}
        for row in manifest(png, game):
            totals[row["component"]] = totals.get(row["component"], 0) + int(row["copies"])
        assert totals == card_counts(game)

    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_one_file_per_distinct_face_and_every_file_in_the_manifest(self, png, game):
        rows = manifest(png, game)
        listed = {r["front"] for r in rows} | {r["back"] for r in rows}
        on_disk = {str(p.relative_to(png / game)) for p in (png / game).rglob("*.png")}
        assert listed == on_disk
        # at most one file per distinct face of the data (identical faces, like copies, are
        # one file), and no two fronts or two backs of a component are the same picture
        layouts = load_layouts(bundled("layouts"))
        for job in card_jobs(load_game(bundled("cards"), game), layouts):
            folder = png / game / exports.slug(job.component)
            fronts, backs = list(folder.glob("*-front.png")), [p for p in folder.glob("*.png") if "front" not in p.name]
            assert 0 < len(fronts) <= len({face_key(f) for f, _ in job.cards})
            assert 0 < len(backs) <= len({face_key(b) for _, b in job.cards})
            for side in (fronts, backs):
                digests = [hashlib.sha256(p.read_bytes()).hexdigest() for p in side]
                assert len(digests) == len(set(digests)), folder

    def test_visions_25_fragment_fronts_three_copies_each_one_back(self, png):
        rows = [r for r in manifest(png, "visions") if r["component"] == "dream fragment card"]
        assert len(rows) == 25
        assert {r["copies"] for r in rows} == {"3"}
        assert {r["back"] for r in rows} == {"dream-fragment-card/back.png"}
        assert (png / "visions/dream-fragment-card/time-in-the-burning-desert-front.png").is_file()
        folder = png / "visions/dream-fragment-card"
        assert len(list(folder.glob("*-front.png"))) == 25
        assert [p.name for p in folder.glob("*back*.png")] == ["back.png"]

    def test_relics_day_and_night_sides_both_exported(self, png):
        folder = png / "relics/location-card"
        fronts = sorted(p.name[: -len("-front.png")] for p in folder.glob("*-front.png"))
        backs = sorted(p.name[: -len("-back.png")] for p in folder.glob("*-back.png"))
        assert len(fronts) == 17 and fronts == backs
        for name in fronts:
            day = Image.open(folder / f"{name}-front.png").convert("RGB")
            night = Image.open(folder / f"{name}-back.png").convert("RGB")
            assert ImageChops.difference(day, night).getbbox() is not None
            assert sum(day.getpixel((10, 10))) > sum(night.getpixel((10, 10)))  # light day, dark night
        rows = {r["card"]: r for r in manifest(png, "relics") if r["component"] == "location card"}
        assert rows["Shattered Bridge"]["back"] == "location-card/shattered-bridge-back.png"
        tracker = png / "relics/energy-tracker-card"
        assert sorted(p.name for p in tracker.glob("*.png")) == ["back.png", "energy-tracker-front.png"]

    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_names_are_safe(self, png, game):
        for path in (png / game).rglob("*"):
            assert SAFE_NAME.match(path.name) or (path.is_dir() and re.match(r"^[a-z0-9-]+$", path.name)), path

    def test_manifest_json_agrees_with_csv(self, png):
        data = json.loads((png / "visions/manifest.json").read_text())
        assert data["dpi"] == 300 and data["format"] == "png"
        designs = [d for c in data["components"] for d in c["designs"]]
        assert [(d["front"], d["back"], str(d["copies"])) for d in designs] == \
               [(r["front"], r["back"], r["copies"]) for r in manifest(png, "visions")]
        fragments = data["components"][0]
        assert fragments["component"] == "dream fragment card"
        assert fragments["size_px"] == [815, 1110] and fragments["bleed_mm"] == 3.0
        assert fragments["trim_mm"] == [63.0, 88.0] and fragments["cards"] == 75
        assert fragments["common_back"] == "dream-fragment-card/back.png"

    def test_trim_sits_the_bleed_in_from_every_edge(self, png, pod):
        """The PNG is the print face: it matches pdfium's 300 DPI render of the same card's
        POD page (trim + bleed, drawn by the vector path) to within anti-aliasing."""
        pdf = pdfium.PdfDocument(str(pod / "relics/location-card.pdf"))
        page = pdf[0]
        reference = page.render(scale=300 / 72).to_pil().convert("RGB").crop((0, 0, 815, 1110))
        page.close()
        pdf.close()
        image = Image.open(png / "relics/location-card/shattered-bridge-front.png").convert("RGB")
        diff = ImageStat.Stat(ImageChops.difference(image, reference)).mean
        assert max(diff) < 1.5  # of 255: the same picture, not shifted by a pixel

    def test_bleed_zero_and_five(self, tmp_path):
        build(["relics"], BuildOptions(out_dir=tmp_path, format="png", bleed=0))
        assert {Image.open(p).size for p in (tmp_path / "png/relics").rglob("*.png")} == {(744, 1039)}
        result = runner.invoke(app, ["build", "relics", "--format", "png", "--bleed", "5", "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
        # 63 + 10 = 73 mm -> 862.2 px, 88 + 10 = 98 mm -> 1157.5 px
        assert {Image.open(p).size for p in (tmp_path / "png/relics").rglob("*.png")} == {(862, 1157)}


# --- pod -----------------------------------------------------------------------------------


def box_mm(box) -> tuple[float, ...]:
    return tuple(round(float(v) / PT, 3) for v in box)


class TestPod:
    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_one_pdf_per_component_with_two_pages_a_card(self, pod, game):
        counts = card_counts(game)
        pdfs = sorted(p.name for p in (pod / game).iterdir())
        assert pdfs == sorted(f"{exports.slug(c)}.pdf" for c in counts)
        for component, n in counts.items():
            assert len(PdfReader(pod / game / f"{exports.slug(component)}.pdf").pages) == 2 * n

    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_every_page_is_trim_plus_bleed_with_its_boxes(self, pod, game):
        for path in (pod / game).glob("*.pdf"):
            w, h = (70, 120) if path.name == "vision-card.pdf" else (63, 88)
            for page in PdfReader(path).pages:
                assert box_mm(page.mediabox) == (0, 0, w + 6, h + 6)
                assert box_mm(page.bleedbox) == (0, 0, w + 6, h + 6)
                assert box_mm(page.trimbox) == (3, 3, w + 3, h + 3)

    def test_front_then_back(self, pod):
        reader = PdfReader(pod / "relics/location-card.pdf")
        texts = [reader.pages[i].extract_text() for i in range(6)]
        assert ["DAY" in t for t in texts] == [True, False] * 3
        assert ["NIGHT" in t for t in texts] == [False, True] * 3
        assert "Shattered Bridge" in texts[0] and "Shattered Bridge" in texts[1]

    def test_copies_are_pages_and_faces_stored_once(self, pod):
        path = pod / "visions/dream-fragment-card.pdf"
        reader = PdfReader(path)
        assert len(reader.pages) == 150
        forms = set()
        for page in reader.pages:
            forms |= {str(k) for k in page["/Resources"]["/XObject"]}
        assert len(forms) == 26  # 25 fronts and the common back

    def test_bleed_zero_trim_is_the_page(self, tmp_path):
        build(["relics"], BuildOptions(out_dir=tmp_path, format="pod", bleed=0))
        page = PdfReader(tmp_path / "pod/relics/location-card.pdf").pages[0]
        assert box_mm(page.mediabox) == box_mm(page.trimbox) == (0, 0, 63, 88)


# --- tts -----------------------------------------------------------------------------------


def deck(tts: Path, game: str, component: str) -> dict:
    return json.loads((tts / game / f"{exports.slug(component)}.json").read_text())


def slot(image: Image.Image, index: int, cols: int, size=(409, 571)) -> Image.Image:
    w, h = size
    x, y = (index % cols) * w, (index // cols) * h
    return image.crop((x, y, x + w, y + h))


class TestTts:
    @pytest.mark.parametrize("game", ALL_GAMES)
    def test_sheets_within_the_limits_and_numbers_add_up(self, tts, game):
        for component, n in card_counts(game).items():
            d = deck(tts, game, component)
            assert d["cards"] == n
            assert sum(s["number"] for s in d["sheets"]) == n
            cw, ch = d["card_px"]
            for s in d["sheets"]:
                assert 2 <= s["width"] <= 10 and 2 <= s["height"] <= 7
                assert s["number"] <= s["width"] * s["height"] - 1
                assert s["hidden_slot"] == s["width"] * s["height"]
                assert len(s["cards"]) == s["number"]
                face = Image.open(tts / game / s["face"])
                assert face.size == (s["width"] * cw, s["height"] * ch) == tuple(s["image_px"])
                assert face.width <= 4096 and face.height <= 4096
                back = Image.open(tts / game / s["back"])
                assert back.size == ((cw, ch) if not s["unique_backs"] else face.size)

    def test_75_fragments_need_two_sheets_and_slot_70_is_the_back(self, tts):
        d = deck(tts, "visions", "dream fragment card")
        assert [(s["width"], s["height"], s["number"]) for s in d["sheets"]] == [(10, 7, 69), (4, 2, 6)]
        assert d["card_px"] == [409, 571]
        first = Image.open(tts / "visions" / d["sheets"][0]["face"]).convert("RGB")
        assert first.size == (4090, 3997)
        back = Image.open(tts / "visions/dream-fragment-card-back.png").convert("RGB")
        assert back.size == (409, 571)
        # slot 70 (index 69) holds the hidden-card image: the deck's back, no card
        assert ImageChops.difference(slot(first, 69, 10), back).getbbox() is None
        assert all(ImageChops.difference(slot(first, i, 10), back).getbbox() is not None for i in range(69))
        # the copies of a card are the same image; different cards are not
        assert ImageChops.difference(slot(first, 0, 10), slot(first, 2, 10)).getbbox() is None
        assert ImageChops.difference(slot(first, 0, 10), slot(first, 3, 10)).getbbox() is not None
        second = Image.open(tts / "visions" / d["sheets"][1]["face"]).convert("RGB")
        assert second.size == (1636, 1142)
        assert ImageChops.difference(slot(second, 7, 4), back).getbbox() is None
        empty = slot(second, 6, 4)  # between the last card and the hidden slot
        assert empty.getcolors() == [(409 * 571, exports.TTS_FILL)]

    def test_double_sided_decks_get_back_sheets_in_the_same_grid(self, tts):
        d = deck(tts, "relics", "location card")
        (s,) = d["sheets"]
        assert s["unique_backs"] is True and (s["width"], s["height"], s["number"]) == (9, 2, 17)
        assert s["back"] == "location-card-backs-1.png"
        faces = Image.open(tts / "relics" / s["face"]).convert("RGB")
        backs = Image.open(tts / "relics" / s["back"]).convert("RGB")
        assert faces.size == backs.size == (9 * 409, 2 * 571)
        for i in range(17):
            assert sum(slot(faces, i, 9).getpixel((5, 5))) > sum(slot(backs, i, 9).getpixel((5, 5)))
        hidden = slot(faces, 17, 9)
        assert hidden.getcolors() == [(409 * 571, exports.TTS_FILL)]
        for game, component in (("visions", "reflection card"), ("so-long-my-world", "vision card"),
                                ("relics", "energy tracker card")):
            assert all(s["unique_backs"] for s in deck(tts, game, component)["sheets"]), component
        assert not any(s["unique_backs"] for s in deck(tts, "visions", "player aid card")["sheets"])

    def test_tarot_cards_409_by_701(self, tts):
        d = deck(tts, "so-long-my-world", "vision card")
        assert d["card_px"] == [409, 701]
        (s,) = d["sheets"]
        assert (s["width"], s["height"], s["number"]) == (7, 2, 13)
        assert Image.open(tts / "so-long-my-world" / s["face"]).size == (2863, 1402)

    def test_file_names(self, tts):
        assert sorted(p.name for p in (tts / "visions").iterdir()) == [
            "dream-fragment-card-back.png", "dream-fragment-card-sheet-1.png", "dream-fragment-card-sheet-2.png",
            "dream-fragment-card.json", "player-aid-card-back.png", "player-aid-card-sheet-1.png",
            "player-aid-card.json", "reflection-card-backs-1.png", "reflection-card-sheet-1.png",
            "reflection-card.json"]


# --- the build around the exports ----------------------------------------------------------


class TestBuild:
    @pytest.mark.parametrize("fmt", ["png", "pod", "tts"])
    def test_same_inputs_same_bytes(self, tmp_path, request, fmt):
        first = request.getfixturevalue(fmt)  # the module's build of all four games
        build(["relics", "visions"], BuildOptions(out_dir=tmp_path, format=fmt))
        for game in ("relics", "visions"):
            a, b = files(first / game), files(tmp_path / fmt / game)
            assert a and a.keys() == b.keys()
            assert [k for k in a if a[k] != b[k]] == []

    def test_second_export_replaces_the_first_whole(self, tmp_path):
        build(["relics"], BuildOptions(out_dir=tmp_path, format="png"))
        folder = tmp_path / "png/relics"
        (folder / "stale.png").write_bytes(b"old")
        (folder / "location-card" / "gone-front.png").write_bytes(b"old")
        build(["relics"], BuildOptions(out_dir=tmp_path, format="png", bleed=0))
        assert not (folder / "stale.png").exists()
        assert not (folder / "location-card" / "gone-front.png").exists()
        assert {Image.open(p).size for p in folder.rglob("*.png")} == {(744, 1039)}
        assert sorted(p.name for p in (tmp_path / "png").iterdir()) == ["relics"]  # no temp folders left
        assert folder.stat().st_mode & 0o755 == 0o755  # readable like any output folder

    def test_failed_export_leaves_the_last_one(self, tmp_path, monkeypatch):
        build(["relics"], BuildOptions(out_dir=tmp_path, format="tts"))
        before = files(tmp_path / "tts")

        def broken(*args):
            raise InputError(None, "broken on purpose")

        monkeypatch.setitem(exports._EXPORTERS, "tts", broken)
        with pytest.raises(InputError):
            build(["relics"], BuildOptions(out_dir=tmp_path, format="tts"))
        assert files(tmp_path / "tts") == before
        assert sorted(p.name for p in (tmp_path / "tts").iterdir()) == ["relics"]

    def test_report_counts_cards_and_files(self, tmp_path):
        (png,) = build(["visions"], BuildOptions(out_dir=tmp_path, format="png"))
        assert png.fronts == card_counts("visions")
        assert png.faces == len(list((tmp_path / "png/visions").rglob("*.png")))
        (pod,) = build(["visions"], BuildOptions(out_dir=tmp_path, format="pod"))
        assert pod.pages == pod.faces == 2 * 85
        (tts,) = build(["visions"], BuildOptions(out_dir=tmp_path, format="tts"))
        assert tts.pages == 4  # sheets: 2 fragments, 1 aids, 1 reflections
        assert tts.fronts == card_counts("visions")

    @pytest.mark.parametrize("fmt", ["png", "pod", "tts"])
    def test_cli(self, tmp_path, fmt):
        result = runner.invoke(app, ["build", "relics", "--format", fmt, "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
        assert f"{tmp_path / fmt / 'relics'}  (18 cards exported)" in result.output
        assert (tmp_path / fmt / "relics").is_dir()

    def test_unknown_format_and_mixed_sizes_are_input_errors(self, tmp_path):
        layouts = load_layouts(bundled("layouts"))
        jobs = card_jobs(load_game(bundled("cards"), "relics"), layouts)
        with pytest.raises(InputError, match="unknown export format"):
            exports.export("jpg", "relics", jobs, layouts, PrintOptions(), tmp_path)
        tarot = card_jobs(load_game(bundled("cards"), "so-long-my-world"), layouts)[0].cards[0][0]
        front, _ = jobs[1].cards[0]
        mixed = [CardJob(jobs[1].game_title, "location card", [(front, tarot)])]
        for fmt in ("png", "pod", "tts"):
            with pytest.raises(InputError, match="must be one size"):
                exports.export(fmt, "relics", mixed, layouts, PrintOptions(), tmp_path)


def test_identical_faces_are_stored_once_in_a_pod_file(pod):
    """So Long, My World's vision cards: the seven that share a back print it from one form
    XObject, though each card's other fields differ (its back reads none of them)."""
    reader = PdfReader(pod / "so-long-my-world" / "vision-card.pdf")
    forms = []
    for page in reader.pages[1::2]:  # the backs
        [(_, ref)] = page["/Resources"]["/XObject"].items()
        forms.append(ref.idnum)
    assert len(forms) == 13
    shared = max(forms.count(f) for f in set(forms))
    # 13 backs, 5 drawings: the seven common ones, and the six backs of their own, of which
    # some are alike too (they were 13 forms, one per card)
    assert shared == 7 and len(set(forms)) == 5
