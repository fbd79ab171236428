"""What a card shows: text that fits or warns, inline symbols, art stored once, the duplex
calibration sheet."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pdfmeasure import PT
from pnp.build import BuildOptions, build, bundled
from pnp.cli import app
from pnp.layout.model import load_layouts
from pnp.render import text as text_layout

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()


def pool_with(tmp_path: Path, extra: str) -> Path:
    cards = tmp_path / "cards"
    shutil.copytree(REPO / "cards", cards)
    pool = cards / "kartomantik" / "pool.yaml"
    pool.write_text(pool.read_text().rstrip("\n") + "\n" + extra)
    return cards


class TestTextFit:
    symbols = set(load_layouts(bundled("layouts")).symbols)

    def is_symbol(self, name: str) -> bool:
        return name in self.symbols

    def test_short_text_keeps_its_size(self):
        f = text_layout.fit("Draw a card.", "regular", 8, 5, 1.2, 150, 60, True, self.is_symbol)
        assert f.fits and f.size == 8 and len(f.lines) == 1

    def test_long_text_wraps_then_shrinks(self):
        words = "A target manifestation on the field gets -3 power until the end of the turn. " * 4
        f = text_layout.fit(words, "regular", 8, 5, 1.2, 150, 60, True, self.is_symbol)
        assert f.fits and f.size < 8 and len(f.lines) > 1
        assert max(f.widths) <= 150 and f.height <= 60

    def test_inline_symbols_take_the_place_of_a_word(self):
        f = text_layout.fit("Pay {choleric} and {nostalgia}.", "regular", 8, 5, 1.2, 300, 60, True, self.is_symbol)
        icons = [p.text for line in f.lines for p in line if p.icon]
        assert icons == ["choleric", "nostalgia"]

    def test_unknown_braces_stay_text(self):
        f = text_layout.fit("Pay {unknown}.", "regular", 8, 5, 1.2, 300, 60, True, self.is_symbol)
        assert [p.text for p in f.lines[0]] == ["Pay", "{unknown}", "."]
        assert not any(p.icon for p in f.lines[0])

    def test_a_symbol_and_its_punctuation_never_part(self):
        # a box just too narrow for "Gain 2 {red}," forces a break: the comma goes with the symbol
        w = text_layout.fonts.width("Gain 2 ", "regular", 8) + 8 * text_layout.ICON_WIDTH
        f = text_layout.fit("Gain 2 {red}, then rest.", "regular", 8, 8, 1.2, w, 100, True, self.is_symbol)
        for line in f.lines:
            texts = [p.text for p in line]
            if "red" in texts:
                assert texts[texts.index("red") + 1] == ","
                break
        else:
            raise AssertionError("no symbol laid out")


def test_text_that_cannot_fit_warns_naming_the_card(tmp_path):
    long = "Too long. " * 120
    cards = pool_with(tmp_path, f'  - name: "Verbose Sage"\n    type: manifestation\n    temperament: vitreous\n'
                                f'    power: 1\n    points: 5\n    text: "{long}"\n')
    result = runner.invoke(app, ["build", "kartomantik", "--cards", str(cards), "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert "warning: kartomantik/manifestation card/Verbose Sage (front): the text of 'text' does not fit" in result.output


def test_inline_symbols_are_drawn_not_printed_as_braces(built):
    out = built("a4")[0]
    with pdfplumber.open(out / "kartomantik.pdf") as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
    assert "{" not in text and "}" not in text
    assert "Pay" in text


class TestArt:
    def make_png(self, path: Path, size=(744, 1039)) -> Path:
        Image.effect_mandelbrot(size, (-2.0, -1.25, 0.8, 1.25), 40).convert("RGB").save(path)
        return path

    def cards_with_art(self, tmp_path: Path, n: int, image: str) -> Path:
        extra = "".join(
            f'  - name: "Painted {i}"\n    type: manifestation\n    temperament: choleric\n    power: 2\n'
            f'    points: 10\n    image: {image}\n    text: "Art {i}."\n' for i in range(n))
        return pool_with(tmp_path, extra)

    def test_one_image_on_many_cards_is_stored_once(self, tmp_path):
        cards = self.cards_with_art(tmp_path, 12, "art.png")
        self.make_png(cards / "kartomantik" / "art.png")
        out = tmp_path / "o"
        result = build(["kartomantik"], BuildOptions(cards_dir=cards, out_dir=out))
        reader = PdfReader(out / "kartomantik.pdf")
        images = set()
        for page in reader.pages:
            for img in page.images:
                images.add(img.indirect_reference.idnum if img.indirect_reference else img.name)
        assert len(images) == 1
        assert not [w for w in result[0].warnings if "DPI" in w]

    def test_low_resolution_art_warns(self, tmp_path):
        cards = self.cards_with_art(tmp_path, 1, "small.png")
        self.make_png(cards / "kartomantik" / "small.png", size=(120, 160))
        result = build(["kartomantik"], BuildOptions(cards_dir=cards, out_dir=tmp_path / "o"))
        assert any("small.png" in w and "DPI" in w for w in result[0].warnings)

    def test_missing_image_exits_2_naming_it(self, tmp_path):
        cards = self.cards_with_art(tmp_path, 1, "nowhere.png")
        result = runner.invoke(app, ["build", "kartomantik", "--cards", str(cards), "--out", str(tmp_path / "o")])
        assert result.exit_code == 2
        assert "nowhere.png" in result.output and "Traceback" not in result.output


class TestCalibration:
    def test_two_pages_with_scales_behind_the_crosshairs(self, tmp_path):
        out = tmp_path / "cal.pdf"
        result = runner.invoke(app, ["calibrate", "--out", str(out)])
        assert result.exit_code == 0, result.output
        with pdfplumber.open(out) as pdf:
            assert len(pdf.pages) == 2
            front, back = pdf.pages
            w = float(front.width)
            # the front's vertical crosshair lines
            verticals = sorted({round(l["x0"] / PT, 2) for l in front.lines
                                if abs(l["x0"] - l["x1"]) < 1e-6 and (l["bottom"] - l["top"]) / PT > 20})
            # each back scale's zero tick stands where the flipped front line lands
            zero_ticks = {round((w - l["x0"]) / PT, 2) for l in back.lines
                          if abs(l["x0"] - l["x1"]) < 1e-6 and abs((l["bottom"] - l["top"]) / PT - 3.0) < 0.01}
            assert verticals and set(verticals) <= zero_ticks
            assert "--back-offset X,Y" in (back.extract_text() or "")

    def test_calibration_needs_a_duplex_mode(self, tmp_path):
        result = runner.invoke(app, ["calibrate", "--duplex", "off", "--out", str(tmp_path / "c.pdf")])
        assert result.exit_code == 2


def test_a_character_the_font_lacks_warns(tmp_path):
    cards = pool_with(tmp_path, '  - name: "Star Child ★"\n    type: manifestation\n    temperament: hollow\n'
                                '    power: 1\n    points: 5\n    text: "Shines."\n')
    result = build(["kartomantik"], BuildOptions(cards_dir=cards, out_dir=tmp_path / "o"))
    assert any("Star Child ★ (front): the font has no glyph for '★' in 'title'" in w for w in result[0].warnings)


def test_roman_numerals_for_the_clock():
    from pnp.render.card import roman

    assert [roman(n) for n in (1, 3, 4, 9, 11, 12)] == ["I", "III", "IV", "IX", "XI", "XII"]


def test_heartbreak_cards_print_the_hour_in_roman_numerals(tmp_path):
    build(["so-long-my-world"], BuildOptions(out_dir=tmp_path))
    with pdfplumber.open(tmp_path / "so-long-my-world.pdf") as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
    assert "Time counter starts at hour I" in text
    assert "hour 1" not in text
