"""Issue 28, point 11: card art and icons from strangers. What a file packs is unpacked within a
bound, what goes into the PDF is checked whole first, and no reader of images runs a program or
walks a structure without a bound: a hostile image ends in exit 2 naming the card file and the
line that names the image (and the image), never in a traceback, a hang, runaway memory or a
PDF that holds what its viewer must guess at. docs/limits.md, "Images".

Each family is parametrised over the readers it concerns: a PNG embedded as it is (RGB, grey,
16-bit, palette) and a PNG decoded by Pillow (an alpha channel, interlaced, a palette with
partial transparency), a JPEG, the other formats Pillow reads, and a game's own SVG icons, all
through the real CLI on a game of one's own (`moonwell`, docs/make-your-own-game.md).

The bombs are made in the test, a few hundred kB at most on disk (a deflate block of 1 MB of
zeros, repeated), and the builds that meet them run in a subprocess with a time limit and an
address-space limit of 1 GB, and report their own peak memory: a bomb that would take GBs on the
old code stops here in MBs.
"""

from __future__ import annotations

import io
import os
import re
import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

import moonwell
from moonwell import write_game
from pnp.cli import app
from pnp.render.icons import MAX_SVG_BYTES, MAX_SVG_DEFAULTS, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, MAX_SVG_STEPS
from pnp.render.images import (
    MAX_ICC_BYTES,
    MAX_JPEG_SCANS,
    MAX_JPEG_SEGMENTS,
    MAX_PNG_CHUNKS,
    PIL_FORMATS,
    image_info,
)

runner = CliRunner()
TIMEOUT = 30  # seconds for a build in a subprocess; each takes about one
ADDRESS_SPACE = 1 << 30  # the subprocess's limit: a build of moonwell peaks at 300 MB of address space
PEAK_MB = 200  # the most memory (resident) a refused bomb may cost: a build of moonwell takes 60 to 90 MB
MB = 1 << 20


# --- a game of one's own, its first card naming the art ----------------------------------------------

SPELLS = moonwell.SPELLS.replace("text: Everyone draws a card.}", "text: Everyone draws a card., image: art.png}")
LAYOUTS = moonwell.LAYOUTS.replace("      name: {type: text", "      art: {type: art, box: [4, 14, 55, 30]}\n"
                                   "      name: {type: text", 1)
ICON_SPELLS = moonwell.SPELLS.replace("text: Everyone draws a card.}", "text: Everyone draws a card., icon: sigil}")
LINE = 8  # of spells.yaml: the card naming the art or the icon


def art_game(tmp: Path, art: bytes, name: str = "art.png") -> list[str]:
    """moonwell with ``art`` as its first card's image; the arguments of `pnp build`."""
    _cards, _layouts, args = write_game(tmp, SPELLS.replace("art.png", name), LAYOUTS)
    (tmp / "cards" / "moonwell" / name).write_bytes(art)
    return [str(a) for a in args]


def icon_game(tmp: Path, svg: str | bytes) -> list[str]:
    """moonwell with ``svg`` as the game's own icon ``sigil`` of its first card."""
    cards, _layouts, args = write_game(tmp, ICON_SPELLS, LAYOUTS)
    (cards / "moonwell" / "icons").mkdir()
    (cards / "moonwell" / "icons" / "sigil.svg").write_bytes(svg.encode() if isinstance(svg, str) else svg)
    return [str(a) for a in args]


def build(args: list[str]) -> tuple[int, str]:
    """The build through the CLI in this process: (exit code, what it printed)."""
    r = runner.invoke(app, args)
    return r.exit_code, r.output


def build_apart(args: list[str], cwd: Path) -> tuple[int, str, float, float]:
    """The build in a subprocess, its address space limited, killed after ``TIMEOUT``:
    (exit code, stderr and stdout, seconds, its peak resident memory in MB)."""
    code = ("import atexit, re, resource, runpy, sys\n"
            f"resource.setrlimit(resource.RLIMIT_AS, ({ADDRESS_SPACE}, {ADDRESS_SPACE}))\n"
            # the process's own peak (VmHWM): ru_maxrss would carry across the exec the peak of
            # the test process it was forked from (a pytest worker that built every game)
            "atexit.register(lambda: sys.stderr.write('\\nPEAK %s\\n' % re.search(r'VmHWM:\\s+(\\d+)', "
            "open('/proc/self/status').read()).group(1)))\n"
            "sys.argv = ['pnp'] + sys.argv[1:]\n"
            "runpy.run_module('pnp', run_name='__main__', alter_sys=True)\n")
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=cwd, env={**os.environ, "COLUMNS": "400"}, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # its session: pnp and whatever it started (Ghostscript)
        proc.communicate()
        pytest.fail(f"pnp {' '.join(args)} did not answer within {TIMEOUT} s")
    seconds = time.monotonic() - start
    peak = re.search(r"\nPEAK (\d+)\n", err)
    return proc.returncode, err + out, seconds, int(peak.group(1)) / 1024 if peak else float("inf")


def refused_at_the_card(tmp: Path, code: int, output: str, said: str, field: str = "image: 'art.png'") -> None:
    """Exit 2, one message: the card file, the line naming the image, the field, and ``said``."""
    assert code == 2, output
    assert "Traceback" not in output and "internal error" not in output, output
    spells = tmp / "cards" / "moonwell" / "spells.yaml"
    text = " ".join(output.split())
    assert f"pnp: {spells}:{LINE}: {field}: " in text, output
    assert said in text, output
    assert not (tmp / "out" / "moonwell.pdf").exists()


# --- what the bombs are made of ---------------------------------------------------------------------

def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int, height: int, colour: int, depth: int, idat: bytes, before: bytes = b"",
        interlace: int = 0) -> bytes:
    """A PNG written chunk by chunk: ``before`` goes between IHDR and IDAT (PLTE, tRNS, iCCP...)."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + before + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def zeros(n: int) -> bytes:
    """A zlib stream of ``n`` MB of zero bytes, about 1 kB a MB: one deflate block of 1 MB of
    zeros, flushed so that it stands alone, repeated (compressing 512 MB would take seconds)."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = c.compress(bytes(MB)) + c.flush(zlib.Z_FULL_FLUSH)
    adler = ((n * MB) % 65521) << 16 | 1  # the Adler-32 of n MB of zeros
    return b"\x78\xda" + block * n + b"\x03\x00" + adler.to_bytes(4, "big")


def rows(width: int, height: int, row: bytes) -> bytes:
    """The unpacked image data: ``height`` rows of ``row`` (filter byte first)."""
    assert len(row) >= 1
    return row * height


# the kinds of PNG: (colour type, bit depth, chunks before IDAT, one row of pixels with its filter
# byte for an 8 x 8 image); the name says whether pnp embeds it as it is or has Pillow decode it
PLTE2 = chunk(b"PLTE", b"\x20\x40\x60\xe0\xd0\xc0")  # two colours
PNGS = {
    "RGB, embedded as it is": (2, 8, b"", b"\0" + b"\x33\x66\x99" * 8),
    "grey 16-bit, embedded as it is": (0, 16, b"", b"\0" + b"\x12\x34" * 8),
    "palette 4-bit, embedded as it is": (3, 4, PLTE2, b"\0" + b"\x01\x10" * 2),
    "RGBA, decoded by Pillow": (6, 8, b"", b"\0" + b"\x33\x66\x99\x80" * 8),
    "palette with partial transparency, decoded by Pillow": (3, 8, PLTE2 + chunk(b"tRNS", b"\x80"),
                                                             b"\0" + b"\x01\x00" * 4),
}


ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def adam7(pixel: bytes) -> bytes:
    """The unpacked data of an interlaced 8 x 8 image of one ``pixel``: each pass's rows."""
    return b"".join((b"\0" + pixel * len(range(x0, 8, dx))) * len(range(y0, 8, dy)) for x0, y0, dx, dy in ADAM7)


def good_png(kind: str, interlace: int = 0) -> bytes:
    colour, depth, before, row = PNGS[kind]
    if interlace:  # RGB only
        return png(8, 8, colour, depth, zlib.compress(adam7(row[1:4])), before, interlace=1)
    return png(8, 8, colour, depth, zlib.compress(rows(8, 8, row)), before)


KINDS = [*PNGS, "RGB interlaced, decoded by Pillow"]


def kind_of(name: str) -> tuple[str, int]:
    return ("RGB, embedded as it is", 1) if name == "RGB interlaced, decoded by Pillow" else (name, 0)


# --- the control: every kind of art is read and built ----------------------------------------------

def jpeg(progressive: bool = False, size: tuple[int, int] = (16, 16)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, "#336699").save(buf, format="JPEG", progressive=progressive)
    return buf.getvalue()


def other(fmt: str) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), "#336699").save(buf, format=fmt)
    return buf.getvalue()


CONTROLS = {**{k: lambda k=k: good_png(*kind_of(k)) for k in KINDS},
            "JPEG": jpeg, "progressive JPEG": lambda: jpeg(True),
            **{fmt: lambda fmt=fmt: other(fmt) for fmt in ("GIF", "TIFF", "WEBP", "BMP")}}


@pytest.mark.parametrize("kind", CONTROLS)
def test_art_of_every_kind_is_built(tmp_path, kind):
    """The control (it passes on the old code too): the checks refuse none of these."""
    code, output = build(art_game(tmp_path, CONTROLS[kind]()))
    assert code == 0, output
    assert (tmp_path / "out" / "moonwell.pdf").exists()


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_png_takes_the_way_its_name_says(tmp_path, kind):
    (tmp_path / "art.png").write_bytes(good_png(*kind_of(kind)))
    assert image_info(tmp_path / "art.png").passthrough == ("embedded as it is" in kind)


def test_the_formats_pillow_reads_are_the_controls():
    assert set(PIL_FORMATS) == {"PNG", "JPEG", "GIF", "TIFF", "WEBP", "BMP"} and set(PIL_FORMATS) - {"PNG"} <= set(
        CONTROLS)


# --- family 1: packed data unpacks within its bound -------------------------------------------------

def iccp(profile_stream: bytes) -> bytes:
    return chunk(b"iCCP", b"bomb\0\0" + profile_stream)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_a_colour_profile_that_unpacks_to_512_mb_is_refused_in_mbs(tmp_path, kind):
    """512 kB of iCCP unpacking to 512 MB: the old code unpacked it whole (1 MB took 2.1 GB and
    built; here, under 1 GB of address space, a MemoryError), or Pillow refused it with its own
    words. Now: refused at 4 MB, in the memory of an ordinary build."""
    name, interlace = kind_of(kind)
    art = good_png(name, interlace)
    cut = art.index(b"IDAT") - 4
    art = art[:cut] + iccp(zeros(512)) + art[cut:]
    assert len(art) < 600_000
    code, output, seconds, peak = build_apart(art_game(tmp_path, art), tmp_path)
    refused_at_the_card(tmp_path, code, output, f"its colour profile (iCCP chunk) unpacks to more than "
                                                f"{MAX_ICC_BYTES:,} bytes (4 MB), the most a colour profile may hold")
    assert peak < PEAK_MB, peak


def test_a_profile_of_4_mb_is_embedded_and_one_byte_more_is_refused(tmp_path):
    def profile(size: int) -> bytes:  # an RGB profile's header, padded
        head = struct.pack(">I", size) + b"none" + b"\x02\x10\0\0" + b"mntr" + b"RGB " + b"XYZ "
        return head + b"\0" * (size - len(head))

    art = good_png("RGB, embedded as it is")
    cut = art.index(b"IDAT") - 4
    code, output = build(art_game(tmp_path, art[:cut] + iccp(zlib.compress(profile(MAX_ICC_BYTES))) + art[cut:]))
    assert code == 0, output
    over = tmp_path / "over"
    code, output = build(art_game(over, art[:cut] + iccp(zlib.compress(profile(MAX_ICC_BYTES + 1))) + art[cut:]))
    refused_at_the_card(over, code, output, "unpacks to more than 4,194,304 bytes")


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_image_data_that_unpacks_past_its_pixels_is_refused_without_unpacking_it(tmp_path, kind):
    """An 8 x 8 image whose data unpacks to 512 MB: the old code embedded it unread (a viewer
    unpacks it), or Pillow decoded the first rows and ignored the rest. Now: inflating stops at
    the first MB past the rows the header promises."""
    name, interlace = kind_of(kind)
    colour, depth, before, _row = PNGS[name]
    art = png(8, 8, colour, depth, zeros(512), before, interlace)
    code, output, seconds, peak = build_apart(art_game(tmp_path, art), tmp_path)
    refused_at_the_card(tmp_path, code, output, "corrupt PNG: its image data unpacks to more than the ")
    assert "its 8 x 8 pixels hold; refused" in output
    assert peak < PEAK_MB and seconds < 10, (peak, seconds)


def test_text_chunks_are_never_unpacked(tmp_path):
    """zTXt and iTXt bombs beside the image: pnp does not use them, and Pillow (where it decodes
    a PNG) is given the image's own chunks only, so the art is built, at once. The old code
    handed the whole file to Pillow, which refused a text chunk of more than 1 MB."""
    bomb = zeros(64)
    text = chunk(b"zTXt", b"Comment\0\0" + bomb) + chunk(b"iTXt", b"Comment\0\1\0\0\0" + bomb)
    for kind in ("RGB, embedded as it is", "RGBA, decoded by Pillow"):
        art = good_png(kind)
        cut = art.index(b"IDAT") - 4
        start = time.monotonic()
        code, output = build(art_game(tmp_path / kind[:4], art[:cut] + text + art[cut:]))
        assert code == 0 and time.monotonic() - start < 5, output


# --- family 2: what goes into the PDF is checked whole ----------------------------------------------

def truncated(kind: str) -> bytes:
    name, interlace = kind_of(kind)
    art = good_png(name, interlace)
    start = art.index(b"IDAT") + 4
    length = struct.unpack(">I", art[start - 8 : start - 4])[0]
    stream = art[start : start + length]
    colour, depth, before, _row = PNGS[name]
    return png(8, 8, colour, depth, stream[: len(stream) // 2], before, interlace)


@pytest.mark.parametrize("kind", KINDS)
def test_a_truncated_image_stream_is_refused_not_embedded(tmp_path, kind):
    """Every chunk's CRC right, the compressed data cut in half: the old code embedded it as it
    was (the viewer draws what it can, or nothing) or let Pillow say "image file is truncated"."""
    code, output = build(art_game(tmp_path, truncated(kind)))
    refused_at_the_card(tmp_path, code, output, "corrupt PNG: its image data is truncated (it unpacks to ")


@pytest.mark.parametrize("fmt", ["png", "tts", "pod"])
def test_a_truncated_stream_is_refused_by_every_export(tmp_path, fmt):
    code, output = build(art_game(tmp_path, truncated("RGB, embedded as it is")) + ["--format", fmt])
    assert code == 2 and "corrupt PNG: its image data is truncated" in output, output
    assert not (tmp_path / "out" / fmt / "moonwell").exists()


PAST = {  # a palette image using colour 200 of a palette of two
    "8-bit, embedded as it is": (8, b"", b"\0" + b"\x01\x00\x01\xc8\x00\x01\x00\x01", 0),
    "4-bit, embedded as it is": (4, b"", b"\0" + b"\x01\x0f\x01\x10", 0),
    "8-bit with partial transparency, decoded by Pillow": (8, chunk(b"tRNS", b"\x80"),
                                                           b"\0" + b"\x01\x00\x01\xc8\x00\x01\x00\x01", 0),
    "8-bit interlaced, decoded by Pillow": (8, b"", b"", 1),
}


@pytest.mark.parametrize("kind", PAST)
def test_a_pixel_past_the_palette_is_refused_not_embedded(tmp_path, kind):
    """The old code embedded it: a PDF /Indexed space has no colour 200 when its table has two,
    and each viewer shows its own (or, decoded, Pillow made it black)."""
    depth, trns, row, interlace = PAST[kind]
    raw = adam7(b"\xc8") if interlace else rows(8, 8, row)
    art = png(8, 8, 3, depth, zlib.compress(raw), PLTE2 + trns, interlace)
    code, output = build(art_game(tmp_path, art))
    shown = 200 if depth == 8 else 15
    refused_at_the_card(tmp_path, code, output, f"corrupt PNG: a pixel of colour {shown} where its palette has 2 "
                                                "colours (0 to 1); refused")


@pytest.mark.parametrize("kind", KINDS)
def test_a_row_with_an_unknown_filter_type_is_refused_not_embedded(tmp_path, kind):
    """Filter type 7 on the fifth row (PNG has 0 to 4): embedded by the old code, or refused
    by Pillow in its own words."""
    name, interlace = kind_of(kind)
    colour, depth, before, row = PNGS[name]
    if interlace:
        raw = adam7(row[1:4])
        raw = raw[:-25] + b"\x07" + raw[-24:]  # the last row of the last pass: a filter byte, 8 pixels
        art = png(8, 8, colour, depth, zlib.compress(raw), before, 1)
    else:
        raw = rows(8, 8, row)
        raw = raw[: 4 * len(row)] + b"\x07" + raw[4 * len(row) + 1 :]
        art = png(8, 8, colour, depth, zlib.compress(raw), before)
    code, output = build(art_game(tmp_path, art))
    refused_at_the_card(tmp_path, code, output, "corrupt PNG: a row of its image data has a filter type PNG does "
                                                "not define (0 to 4)")


# --- family 3: structures are walked within a bound -------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("where", ["IDAT", "tEXt"])
def test_a_png_of_more_chunks_than_the_limit_is_refused_at_once(tmp_path, where):
    """200,000 empty chunks (2.4 MB): the old code walked them in Python (a 128 MB file of them
    takes half a minute and 3 GB: a memoryview each)."""
    art = good_png("RGB, embedded as it is")
    many = chunk(where.encode(), b"") * (2 * MAX_PNG_CHUNKS)
    cut = art.index(b"IDAT") - 4 if where == "tEXt" else art.index(b"IEND") - 4
    code, output, seconds, peak = build_apart(art_game(tmp_path, art[:cut] + many + art[cut:]), tmp_path)
    refused_at_the_card(tmp_path, code, output, f"a PNG of more than {MAX_PNG_CHUNKS:,} chunks; refused")
    assert peak < PEAK_MB, peak


def scans(progressive: bytes, extra: int) -> bytes:
    """``progressive`` with its last scan (its table, its header and its data) repeated ``extra``
    times: libjpeg decodes it (with a warning), one more pass over the picture each time."""
    last = progressive.rfind(b"\xff\xda")
    table = progressive.rfind(b"\xff\xc4", 0, last)
    if table >= 0 and table + 2 + struct.unpack(">H", progressive[table + 2 : table + 4])[0] == last:
        last = table
    end = progressive.rfind(b"\xff\xd9")
    return progressive[:end] + progressive[last:end] * extra + progressive[end:]


@pytest.mark.parametrize("fmt", [[], ["--format", "tts"]], ids=["pdf", "tts"])
def test_a_jpeg_of_more_scans_than_the_limit_is_refused(tmp_path, fmt):
    """A progressive JPEG with its last scan written 150 more times: the old code embedded it (a
    viewer makes 160 passes over the picture; 1,000 scans of a 9 MP picture take 9 s to show)."""
    art = scans(jpeg(True), MAX_JPEG_SCANS + 50)
    assert Image.open(io.BytesIO(art)).size == (16, 16)
    code, output = build(art_game(tmp_path, art, "art.jpg") + fmt)
    refused_at_the_card(tmp_path, code, output, f"a JPEG of more than {MAX_JPEG_SCANS} scans; refused",
                        field="image: 'art.jpg'")


def test_a_jpeg_of_more_segments_than_the_limit_is_refused(tmp_path):
    """2,000 comment segments before the picture: the old code walked them (and Pillow kept each)."""
    good = jpeg()
    art = good[:2] + b"\xff\xfe\x00\x03x" * (2 * MAX_JPEG_SEGMENTS) + good[2:]
    code, output = build(art_game(tmp_path, art, "art.jpg"))
    refused_at_the_card(tmp_path, code, output, f"a JPEG of more than {MAX_JPEG_SEGMENTS:,} segments; refused",
                        field="image: 'art.jpg'")


def test_a_jpeg_is_walked_to_its_end_through_every_scan(tmp_path):
    """A progressive JPEG cut in its third scan, then a block holding a small picture (EXIF
    does): the old code looked for an end marker anywhere after the first scan and found the
    small picture's; the walk through every scan finds no end to this one."""
    good = jpeg(True, (64, 64))
    third = [m.start() for m in re.finditer(b"\xff\xda", good)][2]
    thumb = b"Exif\0\0" + jpeg()
    art = good[: third + 20] + b"\xff\xe1" + struct.pack(">H", len(thumb) + 2) + thumb
    code, output = build(art_game(tmp_path, art, "art.jpg"))
    refused_at_the_card(tmp_path, code, output, "corrupt JPEG: ", field="image: 'art.jpg'")


# --- family 4: Pillow reads the raster formats, and runs nothing ------------------------------------

EPS = b"""%!PS-Adobe-3.0 EPSF-3.0
%%BoundingBox: 0 0 16 16
{ } loop
showpage
"""


@pytest.mark.slow
def test_an_eps_file_is_refused_not_handed_to_ghostscript(tmp_path):
    """EPS is PostScript, a program: Pillow runs Ghostscript on it to draw it, and this one loops
    for ever (the old build hung). It is not among the formats pnp reads."""
    code, output, seconds, _peak = build_apart(art_game(tmp_path, EPS, "art.eps"), tmp_path)
    refused_at_the_card(tmp_path, code, output, "not an image file pnp reads (PNG, JPEG, WebP, TIFF, GIF or BMP)",
                        field="image: 'art.eps'")
    assert seconds < 10


# --- family 5: a game's own SVG icons ----------------------------------------------------------------

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">'


def nested_uses(levels: int) -> str:
    """Each group copies the one before ten times: 10**levels squares from 1.6 kB."""
    groups = ['<g id="g0"><rect x="10" y="10" width="1" height="1"/></g>']
    groups += [f'<g id="g{i}">' + f'<use xlink:href="#g{i - 1}"/>' * 10 + "</g>" for i in range(1, levels + 1)]
    return SVG + "<defs>" + "".join(groups) + f'</defs><use xlink:href="#g{levels}"/></svg>'


def entities_in_path(levels: int) -> str:
    """Entities of entities making path data: ``L1 1 `` times 10**levels."""
    ents = '<!ENTITY e0 "L1 1 ">' + "".join(f'<!ENTITY e{i} "{f"&e{i - 1};" * 10}">' for i in range(1, levels + 1))
    return f'<?xml version="1.0"?><!DOCTYPE svg [{ents}]>' + SVG + f'<path d="M0 0 &e{levels};z"/></svg>'


def flat_entity(uses: int) -> str:
    """One entity of 1,000 characters, used ``uses`` times in a description."""
    return (f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY t "{"x" * 1000}">]>' + SVG + "<desc>"
            + "&t;" * uses + '</desc><rect x="10" y="10" width="5" height="5"/></svg>')


ICONS = {  # name: (the SVG, what the refusal says)
    "nested <use>, a million squares from 1.6 kB": (
        nested_uses(6), f"it makes more than {MAX_SVG_ELEMENTS:,} elements, counting the copies its <use> "
                        "elements make"),
    "entities of entities, 8 MB of path data from 1 kB": (
        entities_in_path(6), "its entity 'e1' is made of other entities or of markup"),
    "an entity used past the size of an icon": (
        flat_entity(MAX_SVG_BYTES // 1000 + 1), "its entities add 2,001,000 characters where they are used"),
    "an attribute default of 1 MB copied into 9,000 elements": (
        f'<?xml version="1.0"?><!DOCTYPE svg [<!ATTLIST g note CDATA "{"x" * MB}">]>' + SVG + "<g/>" * 9_000
        + '<rect x="10" y="10" width="5" height="5"/></svg>',
        f"its attribute defaults (<!ATTLIST g note ...>) hold more than {MAX_SVG_DEFAULTS:,} characters together"),
    "a path closed 20,000 times over (quadratic in svgelements)": (
        SVG + '<path d="M10 10 L20 20' + "Z" * 20_000 + '"/></svg>',
        f"its outlines hold more than {MAX_SVG_STEPS:,} numbers and commands"),
    "a path of 1.9 MB": (
        SVG + '<path d="M10 10' + " L20 20" * 270_000 + '"/></svg>',
        f"its outlines hold more than {MAX_SVG_STEPS:,} numbers and commands"),
    "100,000 nested groups": (
        SVG + "<g>" * 100_000 + '<rect x="10" y="10" width="5" height="5"/>' + "</g>" * 100_000 + "</svg>",
        f"its elements nest more than {MAX_SVG_DEPTH} deep"),
    "a <use> inside what it copies": (
        SVG + '<g id="a"><rect x="10" y="10" width="5" height="5"/><use xlink:href="#a"/></g></svg>',
        "a <use> element copies itself (it refers to an element that holds it)"),
    "a coordinate of 1e999": (
        SVG + '<path d="M10 10 L1e999 20 L20 30 z"/></svg>', "a coordinate that is not a finite number"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", ICONS)
def test_a_hostile_icon_is_refused_at_its_card(tmp_path, name):
    svg, said = ICONS[name]
    assert len(svg.encode()) <= MAX_SVG_BYTES
    code, output, seconds, peak = build_apart(icon_game(tmp_path, svg), tmp_path)
    refused_at_the_card(tmp_path, code, output, f"an SVG icon pnp does not read: {said}"
                        if "finite" not in said else said, field="icon")
    assert "sigil.svg" in output
    assert peak < PEAK_MB and seconds < 10, (peak, seconds)


@pytest.mark.slow
def test_the_icons_within_the_limits_are_drawn(tmp_path):
    """Just under each limit, built: 1,000 squares made by <use> (10 x 10 x 10), an entity
    used within the size of an icon, and 5,000 arcs in one path (the old code turned them into
    curves one splice at a time, quadratic: 20 s; here a tenth of one)."""
    arcs = SVG.replace("0 0 100 100", "0 0 10000 10000") + '<path d="M10 10' + " a5 5 0 0 1 1 1" * 5000 + '"/></svg>'
    for i, svg in enumerate([nested_uses(3), flat_entity(MAX_SVG_BYTES // 1000 - 10), arcs]):
        start = time.monotonic()
        code, output = build(icon_game(tmp_path / str(i), svg))
        assert code == 0 and time.monotonic() - start < 8, output
