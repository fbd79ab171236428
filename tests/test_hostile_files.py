"""Issue 15, special files and image bombs: every reader of pnp refuses what is not a regular
file (a FIFO, /dev/zero, /dev/urandom, a link to a device) with exit 2 and the file named,
never hangs and never reads a stream to its end; an image over the pixel limit is refused
from its header with pnp's own message (docs/limits.md).

The CLI runs in a forked child with a timeout (tests/forkrun.py): a reader that hangs on a FIFO or reads
/dev/zero is killed and fails its test instead of hanging or filling the memory of the suite.
"""

from __future__ import annotations

import io
import os
import re
import struct
import subprocess
import threading
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
import reportlab
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

import moonwell
from forkrun import run_pnp
from moonwell import GAME, write_game
from pnp.data import spreadsheet
from pnp.data.components import Item
from pnp.data.errors import InputError
from pnp.data.loader import MAX_CARD_FILE_BYTES, MAX_CARD_FILES, MAX_PRINTED_GAME
from pnp.data.yamlsafe import DEFAULT_MAX_BYTES, read_bytes_checked, read_text
from pnp.layout.model import MAX_FONT_BYTES
from pnp.render import fonts
from pnp.render.images import MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, ImageStore, image_info
from rules_check.core.logfile import MAX_LOG_BYTES
from rules_check.decklist import MAX_DECKLIST_BYTES
from rules_check.pool import MAX_POOL_BYTES

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "decks" / "legal-ben-bridge.yaml"
LOG = ROOT / "examples" / "logs" / "relics-legal.yaml"
POOL = ROOT / "cards" / "kartomantik" / "pool.yaml"
VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
TIMEOUT = 20  # seconds; each run takes well under one


def pnp(*args: object, cwd: Path) -> subprocess.CompletedProcess:
    try:  # forked, so that a run that hangs is killed (tests/forkrun.py)
        return run_pnp(args, timeout=TIMEOUT, cwd=cwd, env={**os.environ, "COLUMNS": "400"})
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(map(str, args))} did not answer within {TIMEOUT} s (it hangs)")


# --- a game of one's own that uses every kind of file a build reads -----------------------------

# moonwell's cards, the first with art
SPELLS = moonwell.SPELLS.replace("text: Everyone draws a card.}", "text: Everyone draws a card., image: art.png}")
SHEET = """game: moonwell
components:
  - component: rune card
    kind: card
    layout: moonwell-spell
    back: {layout: moonwell-back, label: Moonwell}
    items_from: runes.{suffix}
"""
MORE_CARDS = """game: moonwell
components:
  - component: star card
    kind: card
    layout: moonwell-spell
    back: {layout: moonwell-back, label: Moonwell}
    items:
      - {name: Star, text: Shine.}
"""
LAYOUTS = """fonts:
  moonscript: fonts/moon.ttf
templates:
  moonwell-spell:
    extends: poker
    elements:
      art: {type: art, box: [4, 14, 55, 30]}
      name: {type: text, field: name, box: [4, 4, 55, 8], size: 9, font: moonscript}
      text: {type: text, field: text, box: [4, 50, 55, 30], size: 7, wrap: true}
  moonwell-back:
    extends: poker
    elements:
      label: {type: text, field: label, box: [4, 25, 55, 10], size: 12, align: center}
"""
MORE_LAYOUTS = "templates:\n  moonwell-extra:\n    extends: poker\n"


def small_png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "#336699").save(buf, format="PNG")
    return buf.getvalue()


def workbook() -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["name", "text"])
    book.active.append(["Rune", "Carve."])
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def game(tmp: Path, sheet: str | None = None) -> tuple[Path, Path, list[object]]:
    """cards/ and layouts/ of the game, and the arguments that build it."""
    cards, layouts, args = write_game(tmp, SPELLS, LAYOUTS)
    (cards / "moonwell" / "art.png").write_bytes(small_png())
    if sheet:
        (cards / "moonwell" / "sheet.yaml").write_text(SHEET.replace("{suffix}", sheet))
    (layouts / "fonts").mkdir()
    (layouts / "fonts" / "moon.ttf").write_bytes(VERA.read_bytes())
    return cards, layouts, args


# --- the readers -----------------------------------------------------------------------------------

@dataclass
class Case:
    """How to make pnp read a file: the arguments, the file, its content as a regular file
    (the control case, which must pass), and what the refusal says.

    ``found``: the file is found in a folder or named in another file (a device there is a link
    to it); else it is an argument (a device is given as itself). ``what``: the kind of file
    the refusal names ("a card file"), None when a check before the read refuses it (a font or
    a spreadsheet named in a file: "no file ... beside"); ``named``: the text that names it."""

    args: list[object]
    target: Path
    content: bytes
    found: bool
    what: str | None
    named: str


def card_file(tmp: Path) -> Case:
    cards, _layouts, args = game(tmp)
    target = cards / "moonwell" / "more.yaml"
    return Case(args, target, MORE_CARDS.encode(), True, "a card file", str(target))


def layout_file(tmp: Path) -> Case:
    _cards, layouts, args = game(tmp)
    target = layouts / "more.yaml"
    return Case(args, target, MORE_LAYOUTS.encode(), True, "a layout file", str(target))


def image(tmp: Path) -> Case:
    cards, _layouts, args = game(tmp)
    target = cards / "moonwell" / "art.png"
    target.unlink()
    return Case(args, target, small_png(), True, "an image file", "spells.yaml:8: image: 'art.png'")


def font(tmp: Path) -> Case:
    _cards, layouts, args = game(tmp)
    target = layouts / "fonts" / "moon.ttf"
    target.unlink()
    return Case(args, target, VERA.read_bytes(), True, "a font file", "moonwell.yaml:2: fonts: font 'moonscript'")


def csv_sheet(tmp: Path) -> Case:
    cards, _layouts, args = game(tmp, "csv")
    return Case(args, cards / "moonwell" / "runes.csv", b"name,text\nRune,Carve.\n", True, "a spreadsheet",
                "sheet.yaml:7: items_from: ")


def xlsx_sheet(tmp: Path) -> Case:
    cards, _layouts, args = game(tmp, "xlsx")
    return Case(args, cards / "moonwell" / "runes.xlsx", workbook(), True, "a spreadsheet",
                "sheet.yaml:7: items_from: ")


def game_file(tmp: Path) -> Case:
    cards, _layouts, args = game(tmp)
    target = cards / "moonwell" / "game.yaml"
    target.unlink()
    return Case(args, target, GAME.encode(), True, "a game file", str(target))


def decklist(tmp: Path) -> Case:
    target = tmp / "deck.yaml"
    return Case(["check", "deck", target], target, DECK.read_bytes(), False, "a decklist", str(target))


def pool(tmp: Path) -> Case:
    target = tmp / "pool.yaml"
    return Case(["check", "deck", DECK, "--pool", target], target, POOL.read_bytes(), False, "a card pool",
                str(target))


def registered(tmp: Path) -> Case:
    target = tmp / "registered.yaml"
    return Case(["check", "deck", DECK, "--registered", target], target, DECK.read_bytes(), False, "a decklist",
                str(target))


def registered_folder(tmp: Path) -> Case:
    """A FIFO or a device named like a decklist in a folder of registered lists is refused in
    its row (not left out: a registration left out without a word loses a player)."""
    folder = tmp / "registered"
    folder.mkdir()
    target = folder / "ben.yaml"
    return Case(["check", "deck", DECK, "--registered", folder], target, DECK.read_bytes(), True, "a decklist",
                str(target))


def deck_folder(tmp: Path) -> Case:
    folder = tmp / "decks"
    folder.mkdir()
    target = folder / "ben.yaml"
    return Case(["check", "deck", folder], target, DECK.read_bytes(), True, "a decklist", str(target))


def log(tmp: Path) -> Case:
    target = tmp / "game.yaml"
    return Case(["check", "log", target], target, LOG.read_bytes(), False, "a game log", str(target))


def log_folder(tmp: Path) -> Case:
    folder = tmp / "logs"
    folder.mkdir()
    target = folder / "relics.yaml"
    return Case(["check", "log", folder], target, LOG.read_bytes(), True, "a game log", str(target))


READERS: dict[str, Callable[[Path], Case]] = {
    "card file": card_file, "layout file": layout_file, "image": image, "game file": game_file, "font": font,
    "csv": csv_sheet, "xlsx": xlsx_sheet, "decklist": decklist, "--pool": pool, "--registered file": registered,
    "--registered folder": registered_folder, "decklist folder": deck_folder, "log": log, "log folder": log_folder,
}
# the files a card or layout file names, which must lie inside its folder (a link to a device does not)
CONFINED = {"image", "font", "csv", "xlsx"}
KINDS = ["fifo", "/dev/zero", "/dev/urandom", "link to /dev/zero"]


def special(case: Case, kind: str) -> tuple[list[object], str, str]:
    """Put a special file where ``case`` reads one; the arguments, the name the refusal gives
    the file and the refusal itself."""
    target, args, named = case.target, list(case.args), case.named
    if kind == "fifo":
        os.mkfifo(target)
        said = f"is a FIFO (a named pipe), expected a regular file ({case.what})"
    elif kind.startswith("/dev/") and not case.found:  # the device itself as the argument
        args = [kind if a == target else a for a in args]
        named, said = kind, f"is a character device, expected a regular file ({case.what})"
    else:  # a link to the device, where the file is looked for
        device = kind.split()[-1]
        target.symlink_to(device)
        said = f"is a character device (it links to {device}), expected a regular file ({case.what})"
    return args, named, said


def refusal(output: str, named: str, said: str) -> bool:
    """Whether a line of ``output`` names the file and ends with the refusal (each command
    frames its messages its own way: "pnp: FILE: ...", "FILE: error unusable: ..."; a card's image
    is named with the card and element drawing it, in brackets after the refusal)."""
    return any(named in line and re.search(rf": {re.escape(said)}( \(.*\))?$", line) for line in output.splitlines())


@pytest.mark.parametrize("reader", READERS)
def test_each_reader_reads_its_file_when_it_is_a_regular_one(tmp_path, reader):
    """The control: with a regular file in place, the command succeeds, so the cases below
    are refused for being special files, and for nothing else."""
    case = READERS[reader](tmp_path)
    case.target.write_bytes(case.content)
    r = pnp(*case.args, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("reader", READERS)
def test_a_special_file_is_refused_by_every_reader(tmp_path, reader, kind):
    case = READERS[reader](tmp_path)
    args, named, said = special(case, kind)
    r = pnp(*args, cwd=tmp_path)
    output = r.stdout + r.stderr
    assert r.returncode == 2, output
    assert "Traceback" not in output
    if case.what is None:  # refused before the read, by the check of the folder or the file naming it
        assert case.named in output
    elif reader in CONFINED and kind != "fifo":  # a link out of its folder: refused as such, at the line naming it
        assert case.named in output and " is outside the " in output, output
    else:
        assert refusal(output, named, said), output


# --- the readers themselves, below the CLI: what they do when a check above them lets a file by ----

@pytest.fixture
def unblock():
    """Opens the FIFOs a test registers for writing after a few seconds, so that a reader that
    blocks on one (a regression) gets an end of file and fails its test instead of hanging."""
    fifos: list[Path] = []
    done = threading.Event()

    def release() -> None:
        if done.wait(5):
            return
        for fifo in fifos:
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass

    thread = threading.Thread(target=release, daemon=True)
    thread.start()
    yield fifos.append
    done.set()
    thread.join()


def special_file(tmp_path: Path, kind: str, register, name: str = "special") -> tuple[Path, str]:
    """A special file of ``kind`` and the words that say what it is."""
    path = tmp_path / name
    if kind == "fifo":
        os.mkfifo(path)
        register(path)
        return path, "is a FIFO (a named pipe)"
    if kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
        return path, "is a character device (it links to /dev/zero)"
    return Path(kind), "is a character device"


def _fonts_read(path: Path) -> None:
    fonts.declare("hostile", path)
    try:
        fonts.font("hostile")
    finally:
        fonts._DECLARED.pop("hostile", None)
        fonts.font.cache_clear()


def _drawn(path: Path) -> None:
    ImageStore(Canvas(io.BytesIO())).draw_cover(path, 0, 0, 10, 10)


LIBRARY_READERS: dict[str, tuple[Callable[[Path], object], str]] = {
    "read_text": (lambda p: read_text(p, what="card file"), "a card file"),
    "read_bytes_checked": (lambda p: read_bytes_checked(p, 1000, "font file"), "a font file"),
    "spreadsheet (CSV)": (lambda p: spreadsheet.read_items(p, Item), "a CSV file"),
    "font": (_fonts_read, "a font file"),
    "image_info": (image_info, "an image file"),
    "image store": (_drawn, "an image file"),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("reader", LIBRARY_READERS)
def test_every_reader_refuses_a_special_file_itself(tmp_path, unblock, reader, kind):
    read, what = LIBRARY_READERS[reader]
    path, kind_said = special_file(tmp_path, kind, unblock)
    with pytest.raises(InputError) as err:
        read(path)
    assert str(err.value) == f"{path}: {kind_said}, expected a regular file ({what})"


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])  # read by its ending: /dev/zero has none
def test_a_workbook_that_is_a_special_file_is_refused(tmp_path, unblock, kind):
    path, kind_said = special_file(tmp_path, kind, unblock, "runes.xlsx")
    with pytest.raises(InputError) as err:
        spreadsheet.read_items(path, Item)
    assert str(err.value) == f"{path}: {kind_said}, expected a regular file (a workbook)"


def test_a_folder_or_a_missing_file_is_named_as_such(tmp_path):
    with pytest.raises(InputError) as err:
        read_text(tmp_path, what="decklist")
    assert str(err.value) == f"{tmp_path}: is a folder, expected a decklist"
    with pytest.raises(InputError) as err:
        read_text(tmp_path / "nope.yaml", what="game log")
    assert str(err.value) == f"{tmp_path / 'nope.yaml'}: no such game log"
    with pytest.raises(InputError) as err:
        read_text(tmp_path / "nope" / "x.yaml", what="game log")
    assert str(err.value) == f"{tmp_path / 'nope' / 'x.yaml'}: no such game log"


def test_a_link_to_a_regular_file_is_read(tmp_path):
    real = tmp_path / "real.yaml"
    real.write_text("a: 1\n")
    (tmp_path / "link.yaml").symlink_to(real)
    assert read_text(tmp_path / "link.yaml") == "a: 1\n"


def test_a_file_over_its_limit_is_refused_with_its_size(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 1001)
    with pytest.raises(InputError) as err:
        read_bytes_checked(big, 1000, "decklist")
    assert str(err.value) == f"{big}: 1001 bytes is over the limit of 1000 bytes for a decklist; refused"
    big.write_bytes(b"x" * 1000)
    assert len(read_bytes_checked(big, 1000, "decklist")) == 1000


def test_a_workbook_that_unpacks_past_its_limit_is_refused(tmp_path):
    import zipfile

    bomb = tmp_path / "runes.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:  # 65 MB of zeros in ~64 KB
        archive.writestr("xl/sharedStrings.xml", b"\0" * (spreadsheet.MAX_XLSX_UNPACKED + 1))
    assert bomb.stat().st_size < spreadsheet.MAX_CSV_BYTES
    with pytest.raises(InputError) as err:
        spreadsheet.read_items(bomb, Item)
    assert str(err.value) == (f"{bomb}: the workbook unpacks to {spreadsheet.MAX_XLSX_UNPACKED + 1} bytes, over the "
                              f"limit of {spreadsheet.MAX_XLSX_UNPACKED} bytes; refused (save the sheet as CSV)")


# --- images: a pixel limit of pnp's own, checked before decoding --------------------------------

def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int, height: int, depth: int = 8, colour: int = 2, idat: bytes | None = None) -> bytes:
    """A PNG written byte by byte: signature, IHDR (with its CRC), IDAT, IEND. Without
    ``idat``, the real (all black) image data, compressed."""
    if idat is None:
        samples = {0: 1, 2: 3}[colour]
        idat = zlib.compress(b"\0" * ((width * depth * samples + 7) // 8 + 1) * height, 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def bmp(width: int, height: int) -> bytes:
    """A 1-bit BMP header claiming ``width`` x ``height``, with 10 bytes of data."""
    dib = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 1, 0, 0, 2835, 2835, 2, 0)
    offset = 14 + len(dib) + 8
    return b"BM" + struct.pack("<IHHI", offset + 10, 0, 0, offset) + dib + b"\0\0\0\0\xff\xff\xff\0" + b"\0" * 10


def over_the_limit(path: Path, size: str) -> str:
    return (f"{path}: the image is {size}, over the limit of 50,000,000 pixels (50 megapixels) an image may "
            "have; refused before decoding it: scale it down (a 63 x 88 mm card printed at 1200 DPI is 12 "
            "megapixels)")


SIDE = 7072  # 7072 x 7072 = 50,013,184 pixels: just over; 7071 x 7071 = 49,999,041: just under
IMAGES = {
    "a PNG header claiming 2^31 x 2^31": (png(2**31, 2**31, idat=zlib.compress(b"\0" * 4)),
                                          "2147483648 x 2147483648 pixels"),
    "a real 1-bit PNG just over the limit": (png(SIDE, SIDE, depth=1, colour=0), f"{SIDE} x {SIDE} pixels"),
    "a BMP Pillow warns about": (bmp(10_000, 10_000), "10000 x 10000 pixels"),
    "a BMP Pillow refuses": (bmp(20_000, 20_000), "400,000,000 pixels"),
}


def test_the_limit_is_fifty_megapixels():
    assert MAX_IMAGE_PIXELS == 50_000_000 and SIDE * SIDE > MAX_IMAGE_PIXELS >= (SIDE - 1) ** 2


@pytest.mark.parametrize("name", IMAGES)
def test_an_image_over_the_pixel_limit_is_refused_before_decoding(tmp_path, name):
    data, size = IMAGES[name]
    _cards, _layouts, args = game(tmp_path)
    art = tmp_path / "cards" / "moonwell" / "art.png"
    art.write_bytes(data)
    r = pnp(*args, cwd=tmp_path)
    assert r.returncode == 2, r.stdout + r.stderr
    # named at the card's line, where the image is chosen
    card = tmp_path / "cards" / "moonwell" / "spells.yaml"
    said = over_the_limit(art, size).removeprefix(f"{art}: ")
    assert r.stderr.strip().splitlines() == [f"pnp: {card}:8: image: 'art.png': {said} (moonwell/spell card/Moon "
                                             "Tide (front), layout 'moonwell-spell' element 'art')"]
    assert "DecompressionBomb" not in r.stdout + r.stderr and "Warning" not in r.stdout + r.stderr
    assert not (tmp_path / "out" / "moonwell.pdf").exists()


def test_an_image_just_under_the_limit_is_embedded(tmp_path):
    _cards, _layouts, args = game(tmp_path)
    (tmp_path / "cards" / "moonwell" / "art.png").write_bytes(png(SIDE - 1, SIDE - 1, depth=1, colour=0))
    r = pnp(*args, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "moonwell.pdf" in r.stdout


@pytest.mark.parametrize("name", IMAGES)
def test_image_info_reads_the_size_from_the_header_only(tmp_path, name):
    data, size = IMAGES[name]
    path = tmp_path / "art.img"
    path.write_bytes(data)
    with pytest.raises(InputError) as err:
        image_info(path)
    assert str(err.value) == over_the_limit(path, size)


# --- docs/limits.md states the numbers of the code -----------------------------------------------

def test_the_limits_page_states_the_limits_of_the_code():
    text = (ROOT / "docs" / "limits.md").read_text()
    mb = lambda n: f"{n // 2**20} MB"  # noqa: E731
    kb = lambda n: f"{n // 2**10} KB"  # noqa: E731
    rows = {
        "card file (`cards/GAME/*.yaml`), card pool (`--pool`)": mb(MAX_CARD_FILE_BYTES),
        "layout file (`layouts/*.yaml`) and other YAML data": mb(DEFAULT_MAX_BYTES),
        "spreadsheet, `.csv`": f"{mb(spreadsheet.MAX_CSV_BYTES)}, {spreadsheet.MAX_ROWS:,} rows",
        "spreadsheet, `.xlsx`": f"{mb(spreadsheet.MAX_CSV_BYTES)} as stored, {mb(spreadsheet.MAX_XLSX_UNPACKED)} "
                                f"unpacked (its zip members together), {spreadsheet.MAX_ROWS:,} rows",
        "card art (`image:`)": f"{mb(MAX_IMAGE_BYTES)} (and 50 megapixels, see [Images](#images))",
        "font (`fonts:` of a layout file)": mb(MAX_FONT_BYTES),
        "decklist (text or YAML, also on standard input)": kb(MAX_DECKLIST_BYTES),
        "game log (also on standard input)": mb(MAX_LOG_BYTES),
    }
    for file, limit in rows.items():
        assert f"| {file} | {limit} |" in text
    assert MAX_POOL_BYTES == MAX_CARD_FILE_BYTES
    assert f"| what one game prints, its card files together | {MAX_PRINTED_GAME:,} pieces |" in text
    assert f"| the card files of one game folder | {MAX_CARD_FILES} |" in text
    assert f"**At most {MAX_IMAGE_PIXELS // 1_000_000} megapixels** ({MAX_IMAGE_PIXELS:,} pixels)" in text
    assert re.search(r"\*\*At most 128 MB\*\* an image file", text) and MAX_IMAGE_BYTES == 128 * 2**20


def test_the_limits_page_states_the_third_rounds_limits_as_the_code_has_them():
    """Issue 28's limits (names, spreadsheets, fonts, images, icons, endless games, messages,
    aliases) stand on docs/limits.md with the numbers of the code."""
    from pnp.data import errors, yamlsafe
    from pnp.data import text as plain
    from pnp.layout import fontfile
    from pnp.render import icons, images
    from rules_check.core import simulate

    page = (ROOT / "docs" / "limits.md").read_text()
    stated = [
        f"A player's name has **at most {plain.MAX_PLAYER_NAME} characters**",
        f"| columns of the header row (the fields of a card) | {spreadsheet.MAX_COLUMNS} |",
        f"| rows under the header with a value in them, good or bad | {spreadsheet.MAX_ROWS:,} |",
        f"| errors listed for one file | {spreadsheet.MAX_ERRORS}, then counted |",
        f"| characters of a workbook's cell | {spreadsheet.MAX_CELL_CHARS:,} (Excel's own limit) |",
        f"| XML elements of a workbook, its parts together | {spreadsheet.MAX_XML_ELEMENTS:,} ",
        f"| a font file | {fontfile.MAX_FONT_BYTES // 2**20} MB |",
        f"| the outline points of all its glyphs together | {fontfile.MAX_FONT_POINTS:,} ",
        f"| the character codes its character map maps | {fontfile.MAX_CMAP_CODES:,} (all of Unicode) |",
        f"| composite glyphs within composite glyphs | {fontfile.MAX_COMPONENT_DEPTH} levels deep |",
        f"| {images.MAX_ICC_BYTES // 2**20} MB |",
        f"| the chunks of a PNG | {images.MAX_PNG_CHUNKS:,} |",
        f"| the scans of a JPEG | {images.MAX_JPEG_SCANS} |",
        f"| the segments of a JPEG (tables, scans, APPn blocks) | {images.MAX_JPEG_SEGMENTS:,} |",
        f"at most {icons.MAX_SVG_BYTES:,} bytes",
        f"| levels of elements | {icons.MAX_SVG_DEPTH} |",
        f"| elements | {icons.MAX_SVG_ELEMENTS:,} |",
        f"A simulated game stops after **{simulate.MAX_ACTIONS:,} actions**",
        f"quotes a value **cut short: at most {errors.MAX_QUOTED} characters, then \"…\"**",
        f"{errors.MAX_QUOTED_PATH:,} characters. A message is **at most {errors.MAX_MESSAGE:,} characters**",
        f"**At most {yamlsafe.MAX_EXPANDED_TEXT:,} characters of text**",
    ]
    missing = [line for line in stated if line not in page]
    assert missing == []
