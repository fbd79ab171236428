"""Shop presets (--preset): the sizes print shops ask for, measured in what is written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.layout.presets import PRESETS

from pdfmeasure import PT, card_boxes

CREAM = (246, 240, 227)  # the poker template's panel (layouts/base.yaml)


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def said(result) -> str:
    """The output as one line: typer's error box drawn away, its wrapping undone."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())


@pytest.mark.parametrize("name,pixels", [("poker", (825, 1125)), ("mpc-poker", (822, 1122)), ("tarot", (900, 1500)),
                                         ("poker-mm", (815, 1110)), ("tarot-mm", (898, 1488))])
def test_each_preset_is_the_shop_size_at_300_dpi(name, pixels):
    assert PRESETS[name].pixels == pixels


@pytest.fixture(scope="module")
def png(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("presets")
    result = run("build", "kartomantik", "so-long-my-world", "--format", "png",
                 "--preset", "poker", "--preset", "tarot", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out / "png"


def test_every_image_is_the_preset_size(png):
    for game, sizes in (("kartomantik", {(825, 1125)}), ("so-long-my-world", {(825, 1125), (900, 1500)})):
        seen = set()
        for path in (png / game).rglob("*.png"):
            with Image.open(path) as im:
                seen.add(im.size)
                assert round(im.info["dpi"][0]) == 300
        assert seen == sizes, game
    manifest = json.loads((png / "so-long-my-world" / "manifest.json").read_text())
    by_name = {c["component"]: c for c in manifest["components"]}
    assert by_name["vision card"]["preset"] == "tarot" and by_name["vision card"]["size_px"] == [900, 1500]
    assert by_name["remnant card"]["preset"] == "poker" and by_name["remnant card"]["trim_mm"] == [63.5, 88.9]
    assert by_name["remnant card"]["bleed_mm"] == 3.175


def _extent(row: list[tuple[int, int, int]], colour) -> tuple[int, int]:
    hits = [i for i, p in enumerate(row) if sum(abs(a - b) for a, b in zip(p, colour)) < 12]
    return hits[0], hits[-1]


def test_the_design_is_scaled_evenly_and_centred(png):
    """63 x 88 mm designs on a 2.5 x 3.5 in card: one scale (63.5 / 63), centred, so the
    panel is as far from the left edge as from the right, from the top as the bottom."""
    with Image.open(png / "kartomantik" / "manifestation-card" / "ashen-longing-front.png") as im:
        im = im.convert("RGB")
        w, h = im.size
        background = im.getpixel((2, 2))
        row = [im.getpixel((x, h // 2)) for x in range(w)]
        column = [im.getpixel((w // 2 + 200, y)) for y in range(h)]
    left, right = _extent(row, CREAM)
    top, bottom = _extent([(0, 0, 0) if p == background else CREAM for p in column], CREAM)
    assert abs(left - (w - 1 - right)) <= 1 and abs(top - (h - 1 - bottom)) <= 1
    scale = 63.5 / 63
    # the panel is 58 x 83 mm of the 63 x 88 mm design: times the scale, at 300 DPI
    assert right - left + 1 == pytest.approx(58 * scale * 300 / 25.4, abs=1.5)
    assert bottom - top + 1 == pytest.approx(83 * scale * 300 / 25.4, abs=1.5)


def test_a_deck_near_no_preset_keeps_its_size_with_a_note(tmp_path):
    result = run("build", "so-long-my-world", "--format", "png", "--preset", "poker", "--out", str(tmp_path))
    assert result.exit_code == 0
    assert ("so-long-my-world/vision card: 70 x 120 mm is near no preset asked for (poker); kept at its own size"
            in result.output)
    with Image.open(next((tmp_path / "png" / "so-long-my-world" / "vision-card").glob("*-front.png"))) as im:
        assert im.size == (898, 1488)  # 76 x 126 mm at 300 DPI


def test_pod_pages_are_the_preset_trim_and_bleed(tmp_path):
    result = run("build", "relics", "--format", "pod", "--preset", "poker", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "pod" / "relics" / "location-card.pdf")
    for page in reader.pages:
        media = [float(v) / PT for v in page.mediabox]
        trim = [float(v) / PT for v in page.trimbox]
        assert media == pytest.approx([0, 0, 69.85, 95.25], abs=0.01)
        assert trim == pytest.approx([3.175, 3.175, 66.675, 92.075], abs=0.01)


def test_print_sheets_take_the_preset_size(tmp_path):
    result = run("build", "relics", "--preset", "poker-mm", "--paper", "letter", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    boxes = card_boxes(PdfReader(tmp_path / "relics.pdf"), 0)
    # Letter, lying across: 63 x 88 mm cards, each with its own 1.3 and 3 mm bleed
    assert {(round(b.w, 2), round(b.h, 2)) for b in boxes} == {(94.0, 65.6)}
    big = run("build", "relics", "--preset", "poker", "--paper", "a3", "--out", str(tmp_path / "a3"))
    assert big.exit_code == 0, big.output
    boxes = card_boxes(PdfReader(tmp_path / "a3" / "relics.pdf"), 0)
    # 2.5 x 3.5 in: 63.5 x 88.9 mm trims (turned a quarter on the page), bleeds of their own
    widths = {round(b.w, 1) for b in boxes}
    heights = {round(b.h, 1) for b in boxes}
    assert len(widths) == len(heights) == 1
    assert min(widths.pop(), heights.pop()) > 63.5 and len(boxes) == 18


def test_unknown_preset_and_a_second_bleed_are_refused():
    result = run("build", "relics", "--preset", "jumbo")
    assert result.exit_code == 2 and "expected auto or one of poker, mpc-poker, poker-mm, tarot, tarot-mm" in said(result)
    result = run("build", "relics", "--preset", "poker", "--bleed", "2")
    assert result.exit_code == 2 and "a --preset sets the bleed" in said(result)


def test_an_export_at_no_shop_size_names_the_presets_that_give_one(tmp_path):
    """Without --preset, a PNG export of 63 x 88 mm cards (815 x 1110 px) says which presets
    give the shops' pixels: a note, which --strict does not count; none for a print sheet."""
    result = run("build", "relics", "--format", "png", "--strict", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if line.startswith("note: ")]
    assert [n.split(":")[1] for n in notes] == [" relics/energy tracker card", " relics/location card"]
    assert notes[1] == ("note: relics/location card: 63 x 88 mm exports at 815 x 1110 px; --preset poker: 825 x 1125 px "
                        "(The Game Crafter (Poker Deck) and DriveThruCards (poker size)); --preset mpc-poker: "
                        "822 x 1122 px (MakePlayingCards (poker size)); --preset auto picks the first")
    assert "warning" not in result.stderr
    quiet = CliRunner().invoke(app, ["-q", "build", "relics", "--format", "png", "--out", str(tmp_path / "q")])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    pdf = run("build", "relics", "--out", str(tmp_path / "pdf"))
    assert "note:" not in pdf.stderr
    pod = run("build", "relics", "--format", "pod", "--out", str(tmp_path / "pod"))
    assert "relics/location card: 63 x 88 mm exports at 815 x 1110 px; --preset poker" in pod.stderr


def test_preset_auto_gives_each_deck_the_shops_size_near_it(tmp_path):
    result = run("build", "so-long-my-world", "--format", "png", "--preset", "auto", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "note:" not in result.stderr and "near no preset" not in result.stderr
    manifest = json.loads((tmp_path / "png" / "so-long-my-world" / "manifest.json").read_text())
    by_name = {c["component"]: c for c in manifest["components"]}
    assert by_name["vision card"]["preset"] == "tarot" and by_name["vision card"]["size_px"] == [900, 1500]
    assert by_name["remnant card"]["preset"] == "poker" and by_name["remnant card"]["size_px"] == [825, 1125]
    with Image.open(next((tmp_path / "png" / "so-long-my-world" / "remnant-card").glob("*-front.png"))) as im:
        assert im.size == (825, 1125)
