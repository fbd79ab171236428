"""--format pod --pdfx: PDF/X-1a:2003 as a print shop's preflight reads it. Structure with
pikepdf (pnp's own checker, and the same rules spelt out here), the colours and the parse
cross-checked with Ghostscript, an independent PDF interpreter (.ci/run installs it)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from reportlab.lib.colors import HexColor
from typer.testing import CliRunner

from pnp.cli import app
from pnp.render import pdfx

runner = CliRunner()
GS = shutil.which("gs")
PT = 72 / 25.4


def build(*args: str) -> str:
    result = runner.invoke(app, ["build", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def bundled(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pdfx")
    build("kartomantik", "relics", "--format", "pod", "--pdfx", "--out", str(out))
    return out / "pod"


def every_pdf(folder: Path) -> list[Path]:
    files = sorted(folder.rglob("*.pdf"))
    assert files
    return files


def streams(pdf: pikepdf.Pdf):
    """Every content stream: each page's and each form XObject's."""
    for page in pdf.pages:
        yield page.obj
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == pikepdf.Name.Form:
            yield obj


def test_pnp_finds_nothing_wrong_with_what_it_wrote(bundled):
    for path in every_pdf(bundled):
        assert pdfx.problems(path) == [], path.name


def test_the_pdfx_keys_the_output_intent_and_the_boxes(bundled):
    for path in every_pdf(bundled):
        assert path.read_bytes().startswith(b"%PDF-1.4")
        with pikepdf.open(path) as pdf:
            info = pdf.trailer.Info
            assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003"
            assert info.Trapped == pikepdf.Name("/False")
            assert str(info.CreationDate) == str(info.ModDate) == "D:19800101000000+00'00'"
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == pikepdf.Name("/GTS_PDFX")
            assert str(intent.OutputConditionIdentifier) == "FOGRA39"
            assert str(intent.RegistryName) == "http://www.color.org"
            profile = intent.DestOutputProfile.read_bytes()
            assert profile[12:20] == b"prtrCMYK" and int(intent.DestOutputProfile.N) == 4
            assert profile == pdfx.profile_bytes()
            for page in pdf.pages:
                media = [float(v) / PT for v in page.mediabox]
                trim = [float(v) / PT for v in page.trimbox]
                bleed = [float(v) / PT for v in page.bleedbox]
                assert bleed == pytest.approx(media)
                assert trim == pytest.approx([3, 3, media[2] - 3, media[3] - 3], abs=0.01)


def test_only_process_colours_and_no_transparency(bundled):
    neutral_k = 0
    for path in every_pdf(bundled):
        with pikepdf.open(path) as pdf:
            for owner in streams(pdf):
                for operands, op in pikepdf.parse_content_stream(owner):
                    assert str(op) not in ("rg", "RG", "sh"), path.name
                    if str(op) in ("cs", "CS"):
                        assert str(operands[0]) in ("/DeviceCMYK", "/DeviceGray"), path.name
                    if str(op) == "k" and [float(v) for v in operands[:3]] == [0, 0, 0]:
                        neutral_k += 1
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.ExtGState:
                    assert float(obj.get("/CA", 1)) == 1 and float(obj.get("/ca", 1)) == 1
                if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == pikepdf.Name.Image:
                    assert obj.ColorSpace in (pikepdf.Name.DeviceCMYK, pikepdf.Name.DeviceGray)
                    assert "/SMask" not in obj
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.FontDescriptor:
                    assert "/FontFile2" in obj or "/FontFile3" in obj or "/FontFile" in obj
    assert neutral_k > 0  # black and grey text: K only


def test_srgb_colours_go_through_the_profile_and_greys_to_k_only():
    assert pdfx.cmyk_of(0, 0, 0) == (0, 0, 0, 1)
    assert pdfx.cmyk_of(0.5, 0.5, 0.5) == (0, 0, 0, round(1 - 128 / 255, 4))
    c = HexColor("#1e4d20")  # Kartomantik's phlegmatic green
    inks = pdfx.cmyk_of(c.red, c.green, c.blue)
    assert inks[0] > 0.5 and inks[2] > 0.7 and inks[1] < 0.05  # a green: cyan and yellow
    assert sum(pdfx.cmyk_of(0.0, 0.0, 0.001)) <= 3.0 + 1e-9  # the profile's 300 % ink limit


def test_ghostscript_reads_it_without_a_warning_and_prints_the_inks_written(bundled, tmp_path):
    assert GS, "Ghostscript is needed: bash .ci/system-packages installs it (Debian's ghostscript)"
    for path in every_pdf(bundled):
        run = subprocess.run([GS, "-q", "-dNOPAUSE", "-dBATCH", "-dPDFSTOPONERROR", "-dPDFSTOPONWARNING",
                              "-sDEVICE=nullpage", str(path)], capture_output=True, text=True)
        assert run.returncode == 0 and not run.stdout.strip() and not run.stderr.strip(), (path.name, run)
    path = bundled / "kartomantik" / "manifestation-card.pdf"
    tif = tmp_path / "page.tif"
    subprocess.run([GS, "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiff32nc", "-r72", "-dFirstPage=1", "-dLastPage=1",
                    f"-sOutputFile={tif}", str(path)], check=True)
    with pikepdf.open(path) as pdf:  # the first fill of the card's face: its background
        form = next(o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == pikepdf.Name.Form)
        written = next([float(v) for v in operands] for operands, op in pikepdf.parse_content_stream(form)
                       if str(op) == "k")
    with Image.open(tif) as im:
        assert im.mode == "CMYK"
        printed = im.getpixel((2, 2))  # in the bleed: the background only
    assert list(printed) == pytest.approx([v * 255 for v in written], abs=1)


def test_the_checker_finds_what_an_rgb_file_breaks(tmp_path):
    build("relics", "--format", "pod", "--out", str(tmp_path))
    found = pdfx.problems(tmp_path / "pod" / "relics" / "location-card.pdf")
    assert "Info GTS_PDFXVersion is not 'PDF/X-1a:2003'" in found
    assert "0 GTS_PDFX OutputIntents (one is required)" in found
    assert "a form with an sRGB colour operator" in found


def test_the_checker_finds_transparency_and_missing_boxes(bundled, tmp_path):
    broken = tmp_path / "broken.pdf"
    with pikepdf.open(bundled / "relics" / "location-card.pdf") as pdf:
        state = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5))
        pdf.pages[0].Resources.ExtGState = pikepdf.Dictionary(GSHalf=state)
        del pdf.pages[0].obj["/TrimBox"]
        pdf.save(broken, force_version="1.4")
    found = pdfx.problems(broken)
    assert "a graphics state with ca below 1 (transparency)" in found
    assert "page 1: no TrimBox" in found


GAME = "id: inkwell\ntitle: Inkwell\nplayers: [1, 2]\n"
LAYOUT = """templates:
  inkwell-card:
    extends: poker
    background: "cmyk(0, 100, 0, 0)"
    elements:
      panel: null
      art: {type: art, box: [6, 6, 51, 40]}
      name: {type: text, field: name, box: [6, 50, 51, 8], size: 9, colour: "cmyk(0, 0, 0, 100)"}
"""


def own_game(tmp_path: Path, alpha: bool) -> tuple[Path, Path]:
    cards = tmp_path / "cards" / "inkwell"
    cards.mkdir(parents=True)
    (cards / "game.yaml").write_text(GAME)
    mode, colour = ("RGBA", (200, 40, 40, 120)) if alpha else ("RGB", (200, 40, 40))
    Image.new(mode, (620, 490), colour).save(cards / "art.png")
    (cards / "cards.yaml").write_text(
        "game: inkwell\ncomponents:\n  - component: ink card\n    kind: card\n    layout: inkwell-card\n"
        "    back: {layout: inkwell-card}\n    items:\n      - {name: Blot, image: art.png}\n")
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    (layouts / "inkwell.yaml").write_text(LAYOUT)
    return cards.parent, layouts


def test_a_layouts_cmyk_is_kept_exactly_and_opaque_art_converted(tmp_path):
    cards, layouts = own_game(tmp_path, alpha=False)
    build("inkwell", "--cards", str(cards), "--layouts", str(layouts), "--format", "pod", "--pdfx",
          "--out", str(tmp_path / "out"))
    path = tmp_path / "out" / "pod" / "inkwell" / "ink-card.pdf"
    assert pdfx.problems(path) == []
    with pikepdf.open(path) as pdf:
        fills = [[float(v) for v in operands] for owner in streams(pdf)
                 for operands, op in pikepdf.parse_content_stream(owner) if str(op) == "k"]
        assert [0, 1, 0, 0] in fills  # the background, as the layout gave it
        assert [0, 0, 0, 1] in fills  # the name in pure black ink
        images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == pikepdf.Name.Image]
        assert images and all(o.ColorSpace == pikepdf.Name.DeviceCMYK for o in images)
        c, m, y, k = pikepdf.PdfImage(images[0]).as_pil_image().getpixel((10, 10))
        assert m > 200 and y > 150 and c < 40  # (200, 40, 40) is a red: magenta and yellow


def test_art_with_transparency_flattens_its_page_into_a_cmyk_picture(tmp_path):
    cards, layouts = own_game(tmp_path, alpha=True)
    output = build("inkwell", "--cards", str(cards), "--layouts", str(layouts), "--format", "pod", "--pdfx",
                   "--out", str(tmp_path / "out"))
    assert "ink-card.pdf: page 1: image with transparency flattened into a 600 DPI CMYK picture" in output
    path = tmp_path / "out" / "pod" / "inkwell" / "ink-card.pdf"
    assert pdfx.problems(path) == []
    with pikepdf.open(path) as pdf:
        page = pdf.pages[0]
        (image,) = page.Resources.XObject.values()
        assert image.ColorSpace == pikepdf.Name.DeviceCMYK and int(image.Width) == round(69 / 25.4 * 600)
        # the half-transparent red over the magenta background, as pdfium drew it: no alpha left
        assert "/SMask" not in image


def test_pdfx_is_for_the_pod_export_and_rebuilds_the_same_bytes(tmp_path):
    result = runner.invoke(app, ["build", "relics", "--pdfx", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "add --format pod" in result.output
    build("relics", "--format", "pod", "--pdfx", "--out", str(tmp_path / "a"))
    build("relics", "--format", "pod", "--pdfx", "--out", str(tmp_path / "b"))
    for a in every_pdf(tmp_path / "a"):
        assert a.read_bytes() == (tmp_path / "b" / a.relative_to(tmp_path / "a")).read_bytes()


# --- print-shop colour: rich black for large dark areas, total ink at most 300 % --------------------

DARK_LAYOUT = """templates:
  inkwell-card:
    extends: poker
    background: "%s"
    elements:
      panel: null
      slab: {type: rect, box: [6, 6, 51, 30], fill: "#1b1b1b"}
      rule: {type: line, box: [6, 40, 51, 0], stroke: "#1b1b1b", stroke_width: 0.3}
      dot: {type: rect, box: [6, 44, 2, 2], fill: "#1b1b1b"}
      name: {type: text, field: name, box: [6, 50, 51, 8], size: 9, colour: "#1b1b1b"}
"""


def dark_game(tmp_path: Path, background: str = "#ffffff") -> Path:
    cards = tmp_path / "cards" / "inkwell"
    cards.mkdir(parents=True)
    (cards / "game.yaml").write_text(GAME)
    (cards / "cards.yaml").write_text(
        "game: inkwell\ncomponents:\n  - component: ink card\n    kind: card\n    layout: inkwell-card\n"
        "    back: {layout: inkwell-card}\n    items:\n      - {name: Blot}\n")
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "inkwell.yaml").write_text(DARK_LAYOUT % background)
    build_out = build("inkwell", "--cards", str(cards.parent), "--layouts", str(tmp_path / "layouts"),
                      "--format", "pod", "--pdfx", "--out", str(tmp_path / "out"))
    (tmp_path / "build.txt").write_text(build_out)
    return tmp_path / "out" / "pod" / "inkwell" / "ink-card.pdf"


def painted(path: Path) -> list[tuple[str, tuple[float, ...]]]:
    """(what was painted: 'fill' of a path, 'stroke', 'text'; the fill or stroke inks then)."""
    out = []
    with pikepdf.open(path) as pdf:
        for owner in streams(pdf):
            fill, stroke = (0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 1.0)
            for operands, op in pikepdf.parse_content_stream(owner):
                name = str(op)
                if name == "k":
                    fill = tuple(float(v) for v in operands)
                elif name == "K":
                    stroke = tuple(float(v) for v in operands)
                elif name in ("f", "f*", "B", "b"):
                    out.append(("fill", fill))
                elif name == "S":
                    out.append(("stroke", stroke))
                elif name in ("Tj", "TJ"):
                    out.append(("text", fill))
    return out


def test_a_large_dark_area_prints_rich_black_and_text_and_lines_k_only(tmp_path):
    path = dark_game(tmp_path)
    assert pdfx.problems(path) == []
    seen = painted(path)
    k = round(1 - 0x1b / 255, 4)
    assert ("fill", (0.6, 0.4, 0.4, k)) in seen  # the 51 x 30 mm slab: 60/40/40 under its black
    assert ("fill", (0.0, 0.0, 0.0, k)) in seen  # the 2 mm dot: smaller than 5 mm, K only
    assert ("stroke", (0.0, 0.0, 0.0, k)) in seen  # the rule
    assert ("text", (0.0, 0.0, 0.0, k)) in seen  # the name
    assert all(sum(inks) <= 3.0 for _, inks in seen)


def test_a_colour_over_300_percent_is_printed_at_300_with_a_note(tmp_path):
    path = dark_game(tmp_path, background="cmyk(100, 100, 100, 100)")
    assert "a cmyk() colour of 400 % total ink printed at 300 %" in (tmp_path / "build.txt").read_text()
    assert pdfx.problems(path) == []
    fills = [inks for what, inks in painted(path) if what == "fill"]
    assert (0.6666, 0.6666, 0.6666, 1.0) in fills  # cyan, magenta and yellow scaled to 200 % under the black


def test_the_checker_finds_a_colour_and_an_image_over_300_percent(bundled, tmp_path):
    path = tmp_path / "inky.pdf"
    with pikepdf.open(every_pdf(bundled)[0]) as pdf:
        page = pdf.pages[0]
        page.contents_add(pdf.make_stream(b"q 1 1 1 1 k 0 0 10 10 re f Q"), prepend=False)
        image = pdf.make_stream(bytes([255, 255, 255, 200]), Width=1, Height=1, BitsPerComponent=8,
                                ColorSpace=pikepdf.Name.DeviceCMYK, Type=pikepdf.Name.XObject,
                                Subtype=pikepdf.Name.Image)
        if "/XObject" not in page.obj.Resources:
            page.obj.Resources.XObject = pikepdf.Dictionary()
        page.obj.Resources.XObject.Inky = image
        pdf.save(path)
    found = pdfx.problems(path)
    assert "page 1: a colour of 400 % total ink (at most 300 %)" in found
    assert "an image of 378 % total ink (at most 300 %)" in found
