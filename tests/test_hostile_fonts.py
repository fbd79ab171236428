"""Issue 28, the fonts (points 9, 15 and 17): a font a layout file declares (`fonts:`) is a file
from a stranger like any other.

- A font with broken glyph data used to pass registration and crash the save (reportlab's
  IndexError, TTFError): it is checked in full when the layouts are read, and refused with
  exit 2 naming the layout file, the line declaring it and the font's file (point 9).
- A character map of one group from 0 to 2**32 made reportlab's reader loop for ever, filling
  the memory: refused before any library reads it (docs/limits.md, the font limits).
- A font of one's own that keeps a bundled font's internal (PostScript) name, such as an edited
  copy of Vera.ttf, was merged with the bundled one: the PDF embeds each as a font of its own
  and prints the user's glyphs (point 17).
- ``--watch`` kept embedding the first version of a font file replaced while it ran (point 15).

Every build runs through the real CLI (typer's runner; a subprocess with a timeout and a memory
cap where the old code hung). The helpers here (a TrueType file taken apart and put together,
the font programs a PDF embeds) serve tests/test_fuzz_fonts.py too.
"""

from __future__ import annotations

import io
import os
import re
import resource
import struct
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Callable

import pytest
import reportlab
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from typer.testing import CliRunner

from moonwell import SPELLS, write_game
from pnp.cli import app
from pnp.layout.fontfile import MAX_CMAP_CODES, MAX_FONT_POINTS, font_problem

runner = CliRunner()
FONTS = Path(reportlab.__file__).parent / "fonts"
VERA = FONTS / "Vera.ttf"
LAYOUTS = """fonts:
  moonscript: fonts/moon.ttf
templates:
  moonwell-spell:
    extends: poker
    elements:
      name: {type: text, field: name, box: [4, 4, 55, 8], size: 9, font: moonscript}
      text: {type: text, field: text, box: [4, 50, 55, 30], size: 7, wrap: true}
  moonwell-back:
    extends: poker
    elements:
      label: {type: text, field: label, box: [4, 25, 55, 10], size: 12, align: center}
"""
DECLARED = "moonwell.yaml:2: fonts: font 'moonscript': 'fonts/moon.ttf': "  # what names the font in a refusal


# --- TrueType files, taken apart and put together ------------------------------------------------

def tables(data: bytes) -> dict[str, bytes]:
    """The tables of a TrueType file, by tag, in the order of its directory."""
    count = struct.unpack_from(">H", data, 4)[0]
    found = {}
    for i in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        found[tag.decode("latin-1")] = data[offset:offset + length]
    return found


def assemble(parts: dict[str, bytes]) -> bytes:
    """A TrueType file of ``parts`` (checksums left at 0: neither reader checks them)."""
    head = b"\x00\x01\x00\x00" + struct.pack(">HHHH", len(parts), 16, 0, 0)
    offset = 12 + 16 * len(parts)
    directory, body = b"", b""
    for tag, data in parts.items():
        directory += struct.pack(">4sLLL", tag.encode("latin-1"), 0, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return head + directory + body


def glyph_span(parts: dict[str, bytes], gid: int) -> tuple[int, int]:
    """Where glyph ``gid``'s data lies in ``glyf``."""
    long = struct.unpack_from(">h", parts["head"], 50)[0] == 1
    fmt, size = (">L", 4) if long else (">H", 2)
    start, end = (struct.unpack_from(fmt, parts["loca"], size * (gid + k))[0] * (1 if long else 2) for k in (0, 1))
    return start, end


@cache
def moonscript(edit: Callable[[TTFont], None] | None = None, name: str | None = "Moonscript") -> bytes:
    """Vera.ttf under a name of its own (``name``; None keeps Vera's), edited by ``edit``."""
    font = TTFont(VERA)
    if name:
        for record in font["name"].names:
            if record.nameID in (1, 4, 6):
                record.string = f"{name}-Regular" if record.nameID == 6 else name
    if edit:
        edit(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def o_drawn_as_x(font: TTFont) -> None:
    """The letter o drawn with the outline of x: a font that prints differently from Vera."""
    font["glyf"]["o"] = font["glyf"]["x"]
    font["hmtx"]["o"] = font["hmtx"]["x"]


def gid(name: str) -> int:
    return TTFont(VERA).getGlyphID(name)


def outline(font_program: bytes, char: str) -> list[tuple[int, int]]:
    """The points of ``char``'s glyph in a subset reportlab embedded (its character map is the
    Macintosh one, of the subset's codes: ASCII keeps its codes)."""
    font = TTFont(io.BytesIO(font_program))
    name = font["cmap"].getcmap(1, 0).cmap[ord(char)]
    return [tuple(p) for p in font["glyf"][name].getCoordinates(font["glyf"])[0]]


def embedded(pdf: Path) -> dict[str, bytes]:
    """The TrueType programs a PDF's first page uses, by their BaseFont."""
    found = {}
    for ref in PdfReader(pdf).pages[0]["/Resources"]["/Font"].values():
        font = ref.get_object()
        found[str(font["/BaseFont"])] = font["/FontDescriptor"]["/FontFile2"].get_data()
    return found


# --- builds ----------------------------------------------------------------------------------------

def game(tmp: Path, font: bytes, layouts: str = LAYOUTS) -> tuple[Path, list[str]]:
    """Moonwell, its card names in the font ``font`` (layouts/fonts/moon.ttf); its layouts
    folder and the arguments that build it."""
    _cards, folder, args = write_game(tmp, SPELLS, layouts)
    (folder / "fonts").mkdir(exist_ok=True)
    (folder / "fonts" / "moon.ttf").write_bytes(font)
    return folder, [str(a) for a in args]


def build(args: list[str]):
    return runner.invoke(app, args)


def pnp_capped(args: list[str], cwd: Path, seconds: int = 20) -> subprocess.CompletedProcess:
    """``pnp ARGS`` in a process of its own, given ``seconds`` and 3 GB of memory: a reader that
    loops or fills the memory fails its test without taking the machine with it."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))

    try:
        return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, timeout=seconds,
                              cwd=cwd, preexec_fn=cap, env={**os.environ, "COLUMNS": "400"})
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(args)} did not answer within {seconds} s")


# --- broken fonts ----------------------------------------------------------------------------------

def _composite(parts: dict[str, bytes], glyph: int, component: int) -> None:
    start, _ = glyph_span(parts, glyph)
    glyf = bytearray(parts["glyf"])
    struct.pack_into(">hhhhhHHbb", glyf, start, -1, 0, 0, 100, 100, 0, component, 0, 0)  # one part, no more
    parts["glyf"] = bytes(glyf)


def part_past_the_glyphs(parts: dict[str, bytes]) -> None:
    _composite(parts, gid("M"), 60000)


def part_of_itself(parts: dict[str, bytes]) -> None:
    _composite(parts, gid("M"), gid("M"))


def loca_past_glyf(parts: dict[str, bytes]) -> None:
    loca = bytearray(parts["loca"])
    for i in range(gid("M") + 1, len(loca) // 2):
        struct.pack_into(">H", loca, 2 * i, 0xFFFF)
    parts["loca"] = bytes(loca)


def cmap_past_the_glyphs(parts: dict[str, bytes]) -> None:
    group = struct.pack(">LLL", 0x20, 0x7E, 1000)  # ASCII to glyphs 1000 and on: Vera has 268
    parts["cmap"] = struct.pack(">HHHHL", 0, 1, 3, 10, 12) + struct.pack(">HHLLL", 12, 0, 28, 0, 1) + group


def flags_past_the_data(parts: dict[str, bytes]) -> None:
    start, _ = glyph_span(parts, gid("o"))
    glyf = bytearray(parts["glyf"])
    contours = struct.unpack_from(">h", glyf, start)[0]
    struct.pack_into(">H", glyf, start + 10 + 2 * (contours - 1), 4000)  # its last contour ends at point 4000
    parts["glyf"] = bytes(glyf)


def hmtx_short(parts: dict[str, bytes]) -> None:
    hhea = bytearray(parts["hhea"])
    struct.pack_into(">H", hhea, 34, 268)  # a full metric for every glyph, in a table of 100 bytes
    parts["hhea"], parts["hmtx"] = bytes(hhea), parts["hmtx"][:100]


BROKEN: dict[str, tuple[Callable[[dict[str, bytes]], None], str]] = {
    # the font, what breaks in it, and what the refusal says after the layout line
    "a composite glyph's part past the glyphs (IndexError at the save)":
        (part_past_the_glyphs, f"a broken TrueType font: glyph {gid('M')}: a part of it is glyph 60000, and the "
                               f"font has 268 glyphs"),
    "a composite glyph that is a part of itself":
        (part_of_itself, f"a broken TrueType font: glyph {gid('M')} is a part of itself"),
    "glyph data past the end of 'glyf' (TTFError at the save)":
        (loca_past_glyf, "a broken TrueType font: its 'loca' table places glyphs up to byte 131070 of 'glyf'"),
    "characters mapped to glyphs the font lacks (IndexError at the save)":
        (cmap_past_the_glyphs, "a broken TrueType font: its character map maps U+007E to glyph 1094, and the font "
                               "has 268 glyphs"),
    "a glyph's points past its data (embedded broken)":
        (flags_past_the_data, f"a broken TrueType font: glyph {gid('o')}: its flags stop at point"),
    "metrics of more glyphs than 'hmtx' holds":
        (hmtx_short, "a broken TrueType font: its table 'hmtx' cannot be read (not enough 'hmtx' table data"),
}


def broken(edit: Callable[[dict[str, bytes]], None]) -> bytes:
    parts = tables(moonscript())
    edit(parts)
    return assemble(parts)


def test_a_sound_font_builds_and_prints_the_names(tmp_path):
    """The control: the font the cases below break builds, and prints what it is given to."""
    layouts, args = game(tmp_path, moonscript())
    r = build(args)
    assert r.exit_code == 0, r.output
    names = [n for n in embedded(tmp_path / "out" / "moonwell.pdf") if "Moonscript" in n]
    # its own PostScript name, made its own by a digest of its bytes; a subset ("ABCDEF+")
    assert len(names) == 1 and re.fullmatch(r"/[A-Z]{6}\+Moonscript-Regular-[0-9a-f]{8}", names[0]), names
    assert font_problem(assemble(tables(moonscript()))) is None  # taken apart and put together: as sound


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_font_is_refused_at_the_line_declaring_it(tmp_path, case):
    edit, said = BROKEN[case]
    layouts, args = game(tmp_path, broken(edit))
    r = build(args)
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert f"{layouts / DECLARED}{said}" in r.output, r.output
    assert not (tmp_path / "out" / "moonwell.pdf").exists()


def test_a_font_the_build_does_not_use_is_checked_all_the_same(tmp_path):
    """The check is of the whole font, when the layouts are read: not of the glyphs one build
    happens to print (the next card may print the broken one)."""
    unused = LAYOUTS.replace("font: moonscript}", "font: bold}")
    layouts, args = game(tmp_path, broken(part_past_the_glyphs), unused)
    r = build(args)
    assert r.exit_code == 2 and f"{layouts / DECLARED}a broken TrueType font: glyph" in r.output, r.output


@pytest.mark.slow
def test_a_character_map_bomb_is_refused_before_any_library_reads_it(tmp_path):
    """One group of codes from 0 to 2**32 - 1: reportlab's reader walks every code into a dict
    (the old build filled the memory). Refused from the table's numbers, at once."""
    parts = tables(moonscript())
    parts["cmap"] = (struct.pack(">HHHHL", 0, 1, 3, 10, 12) + struct.pack(">HHLLL", 12, 0, 28, 0, 1)
                     + struct.pack(">LLL", 0, 0xFFFFFFFF, 1))
    layouts, args = game(tmp_path, assemble(parts))
    r = pnp_capped(args, tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert (f"{layouts / DECLARED}over pnp's limits for a font: its character map maps more than "
            f"{MAX_CMAP_CODES:,} codes (all of Unicode)") in r.stderr, r.stderr


def test_a_font_of_more_points_than_the_limit_is_refused(tmp_path):
    """Glyphs of 65,536 points each, written with a repeated flag (2 bytes for 256 points):
    33 KB that would take the check as long as 16 MB of points; refused at the limit."""
    parts = tables(moonscript())
    glyph = struct.pack(">hhhhhHH", 1, 0, 0, 0, 0, 0xFFFF, 0) + b"\x39\xff" * 256  # on the curve, x and y as before
    count = MAX_FONT_POINTS // 65536 + 2
    glyf, loca = glyph * count, []
    for i in range(269):
        loca.append(min(i, count) * len(glyph))
    parts["glyf"], parts["loca"] = glyf, struct.pack(">269L", *loca)
    head = bytearray(parts["head"])
    struct.pack_into(">h", head, 50, 1)  # long offsets in 'loca'
    parts["head"] = bytes(head)
    layouts, args = game(tmp_path, assemble(parts))
    r = build(args)
    assert r.exit_code == 2, r.output
    assert (f"{layouts / DECLARED}over pnp's limits for a font: its glyphs have more than {MAX_FONT_POINTS:,} "
            f"outline points together") in r.output, r.output


@pytest.mark.slow
def test_the_bundled_fonts_and_fonts_of_the_system_pass_the_check():
    """No sound font is refused: the bundled ones and what the system has (DejaVu, Liberation,
    Droid Sans Fallback ... where installed), each read as a layout's font would be."""
    import font_source_serif_pro

    found = [*FONTS.glob("*.ttf"), *Path(font_source_serif_pro.font_directory).glob("*.ttf"),
             *sorted(Path("/usr/share/fonts").glob("**/*.ttf"))[:12]]
    for file in found:
        assert font_problem(file.read_bytes()) is None, file


# --- a bundled font's name (point 17) --------------------------------------------------------------

def test_a_font_with_a_bundled_fonts_internal_name_is_embedded_as_its_own(tmp_path):
    """An edited copy of Vera.ttf (its name table still says BitstreamVeraSans-Roman) prints the
    card names; Vera itself prints the card text. The PDF embeds two font programs under two
    names, and the names print with the copy's glyphs (its o is an x)."""
    edited = moonscript(o_drawn_as_x, name=None)
    assert b"BitstreamVeraSans-Roman" in edited
    layouts, args = game(tmp_path, edited)
    r = build(args)
    assert r.exit_code == 0, r.output
    programs = embedded(tmp_path / "out" / "moonwell.pdf")
    vera = [n for n in programs if n.endswith("+BitstreamVeraSans-Roman")]
    copy = [n for n in programs if "+BitstreamVeraSans-Roman-" in n]
    assert len(vera) == 1 and len(copy) == 1, list(programs)
    assert programs[vera[0]] != programs[copy[0]]
    x = outline(moonscript(), "x")  # Vera's x
    assert outline(programs[copy[0]], "o") == x  # the names: "Moon Tide", "Low Ebb"
    assert outline(programs[vera[0]], "o") != x  # the text: "Everyone draws a card."
    import pdfplumber

    with pdfplumber.open(tmp_path / "out" / "moonwell.pdf") as pdf:
        chars = pdf.pages[0].chars
    text = "".join(c["text"] for c in chars)
    at = text.index("Moon Tide")
    assert {c["fontname"] for c in chars[at:at + 9] if c["text"] != " "} == {copy[0].lstrip("/")}
    at = text.index("Everyone")
    assert {c["fontname"] for c in chars[at:at + 8]} == {vera[0].lstrip("/")}


# --- --watch and a font replaced (point 15) --------------------------------------------------------

def test_watch_reads_a_font_file_replaced_while_it_runs(tmp_path, monkeypatch):
    """A build embeds the font as the file now is: replaced by a broken one, the build is
    refused at the font's line; replaced by another version of the font (the same internal name,
    its o an x), the next build prints with it."""
    from pnp import cli

    layouts, args = game(tmp_path, moonscript())
    font_file, pdf = layouts / "fonts" / "moon.ttf", tmp_path / "out" / "moonwell.pdf"
    seen: list[list[tuple[int, int]]] = []

    def user_o() -> list[tuple[int, int]]:
        programs = embedded(pdf)
        return outline(next(p for n, p in programs.items() if "Moonscript" in n), "o")

    def changes():
        seen.append(user_o())
        font_file.write_bytes(broken(part_past_the_glyphs))
        yield {(2, str(font_file))}
        seen.append(user_o())  # the last good PDF stays
        font_file.write_bytes(moonscript(o_drawn_as_x))
        yield {(2, str(font_file))}
        seen.append(user_o())

    monkeypatch.setattr(cli, "_WATCH_CHANGES", changes())
    r = runner.invoke(app, [*args, "--watch"])
    assert r.exit_code == 0, r.output
    assert f"{layouts / DECLARED}a broken TrueType font: glyph" in r.output, r.output
    x, o = outline(moonscript(), "x"), outline(moonscript(), "o")
    assert seen == [o, o, x]


def test_watch_sees_a_font_of_either_ending_change():
    """A font is a .ttf or an .otf with TrueType outlines (the check reads both): a change to
    either starts a build."""
    from pnp.watch import relevant

    changed = {(2, "/l/fonts/moon.otf"), (2, "/l/fonts/Moon.TTF"), (2, "/l/fonts/.moon.otf.swp")}
    assert relevant(changed) == ["/l/fonts/Moon.TTF", "/l/fonts/moon.otf"]
