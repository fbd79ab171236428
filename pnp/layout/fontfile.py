"""A font a layout file declares (`fonts:`): what its file must be, checked in full when the
layouts are read, so that a font the build accepts is one the PDF can embed (issue 28, point 9:
a broken glyph used to pass the reading and crash the save with reportlab's IndexError).

`font_file` reads the file once (bounded), checks it (`font_problem`) and hands its bytes on
(`FontSource`): the renderer (pnp/render/fonts.py) embeds those bytes, not the file read again,
and knows them by their content (a digest), so a font replaced while ``--watch`` runs is read
again and never taken for the one before it.

The check, before any library parses the font (reportlab's reader has no bound of its own: a
character map of one group from 0 to 2**32 makes it loop for ever):

- the TrueType table directory: the tables reportlab reads are there, and they and the ones it
  copies into the PDF lie inside the file;
- ``head``, ``hhea``, ``maxp``, ``hmtx``, ``name`` and ``OS/2`` as fontTools reads them; the
  header of ``post``;
- ``loca``: an entry for every glyph, in order, inside ``glyf``;
- every glyph of ``glyf``: a simple glyph's contours, instructions, flags and coordinates fit
  its data, at most `MAX_FONT_POINTS` points in all; a composite glyph (-1 contours, no other
  negative number) has parts that are glyphs of the font, with no cycle, at most
  `MAX_COMPONENT_DEPTH` levels, and points that are there where a part is placed by points;
- the character map reportlab takes (the subtable it picks, the way it picks it): a format it
  reads, inside its table, at most `MAX_CMAP_CODES` codes (all of Unicode), every code mapped
  to a glyph of the font.

What it finds is said in words (no library's exception), as "a broken TrueType font: ..." or,
past a limit of pnp's own, "over pnp's limits for a font: ...".

The renderer then builds reportlab's font from the bytes and subsets it for every glyph the
character map reaches, as saving a PDF does (pnp/render/fonts.py `_prepared`). Every refusal
names the layout file, the line declaring the font, the font's name and its file."""

from __future__ import annotations

import hashlib
import io
import logging
import os
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..data.errors import InputError
from ..data.paths import inside
from ..data.yamlsafe import Located, open_checked, read_bytes_checked

BUILTIN_FONTS = ("regular", "bold", "italic", "bolditalic", "title")  # title: Source Serif Pro Bold
MAX_FONT_BYTES = 16 * 1024 * 1024
MAX_CMAP_CODES = 0x110000  # the codes a character map may map: every code point of Unicode, once
MAX_COMPONENT_DEPTH = 16  # a composite glyph of composite glyphs ...: fonts use 1 to 3 levels
# the outline points of all glyphs together: a font of every CJK character (Droid Sans Fallback, 4 MB)
# has about 1,000,000; the check walks each point's flag, about 0.3 s a million
MAX_FONT_POINTS = 4_000_000

# the tables reportlab reads to embed a subset (pnp/render/fonts.py), and those it copies into the
# subset when the font has them; the others are not embedded
REQUIRED = ("head", "hhea", "maxp", "hmtx", "loca", "glyf", "cmap", "name", "post")
COPIED = ("OS/2", "cvt ", "fpgm", "prep")


@dataclass(frozen=True, eq=False)
class FontSource:
    """A declared font, read and checked: the bytes the PDF embeds, known by their digest, and
    where the font was declared (to name in every message about it)."""

    name: str  # the name the layouts use (`font: moonscript`)
    file: Path  # the font file, resolved
    data: bytes = field(repr=False)
    digest: str  # sha256 of data, hex
    layout: Path | None = None  # the layout file declaring it, and its line
    line: int | None = None
    written: str = ""  # the file as the layout file writes it

    def error(self, message: str) -> InputError:
        """A refusal of this font, at the line declaring it."""
        if self.layout is None:
            return InputError(self.file, message)
        return InputError(self.layout, f"font {self.name!r}: {self.written!r}: {message}", line=self.line,
                          field="fonts")


def font_file(folder: Path, path: Path, doc: Located, name: str, file: str) -> FontSource:
    """A declared font's file: inside the layouts folder, a regular TrueType file whose every
    table the PDF embeds is sound (`font_problem`); read once, here."""
    at = doc.line_of(("fonts", name))
    if name in BUILTIN_FONTS:
        raise InputError(path, f"{name!r} is a bundled font's name; give yours another", line=at, field="fonts")
    source = inside(folder, file)
    if source is None:
        raise InputError(path, f"font {name!r}: {file!r} is outside the layouts folder", line=at, field="fonts")
    if not source.exists():
        raise InputError(path, f"font {name!r}: no file {file!r} beside the layouts", line=at, field="fonts")
    try:  # a FIFO or a device is refused as what it is, without blocking on it
        with open_checked(source, "font file") as f:
            size = os.fstat(f.fileno()).st_size
            data = f.read(MAX_FONT_BYTES + 1) if size <= MAX_FONT_BYTES else b""
    except InputError as exc:
        raise InputError(path, f"font {name!r}: {file!r}: {exc.message}", line=at, field="fonts") from None
    except OSError as exc:
        raise InputError(path, f"font {name!r}: {file!r}: cannot be read: {exc.strerror or exc}", line=at,
                         field="fonts") from None
    if size > MAX_FONT_BYTES or len(data) > MAX_FONT_BYTES:
        raise InputError(path, f"font {name!r}: {file!r} is over {MAX_FONT_BYTES // 2**20} MB", line=at, field="fonts")
    checked = FontSource(name, source, data, hashlib.sha256(data).hexdigest(), path, at, file)
    problem = font_problem(data)
    if problem:
        raise checked.error(problem)
    return checked


def read_font(file: Path, name: str = "") -> FontSource:
    """A font file named by itself (no layout file declares it): read and checked as
    `font_file` does, refusals naming the file."""
    data = read_bytes_checked(file, MAX_FONT_BYTES, "font file")
    checked = FontSource(name, Path(file), data, hashlib.sha256(data).hexdigest())
    problem = font_problem(data)
    if problem:
        raise checked.error(problem)
    return checked


# --- the check -------------------------------------------------------------------------------------

class _Broken(Exception):
    """What is wrong with a font, in words for the message."""


class _TooLarge(_Broken):
    """A font past one of pnp's limits (it may be sound)."""


def font_problem(data: bytes) -> str | None:
    """What makes ``data`` a font the PDF cannot embed, in words; None when it is sound."""
    magic = data[:4]
    if magic == b"OTTO":
        return ("an OpenType font with PostScript (CFF) outlines, which PDFs from reportlab cannot embed; use its "
                "TrueType (.ttf) version")
    if magic not in (b"\x00\x01\x00\x00", b"true"):
        return "not a TrueType font"
    try:
        _check(data)
    except _TooLarge as exc:
        return f"over pnp's limits for a font: {exc}"
    except _Broken as exc:
        return f"a broken TrueType font: {exc}"
    return None


def _check(data: bytes) -> None:
    tables = _directory(data)
    num_glyphs, loc_format = _metrics(data, tables)
    loca = _locations(tables["loca"], num_glyphs, loc_format, len(tables["glyf"]))
    _glyphs(tables["glyf"], loca, num_glyphs)
    _character_map(tables["cmap"], num_glyphs)


def _directory(data: bytes) -> dict[str, bytes]:
    """The tables reportlab reads, each inside the file."""
    if len(data) < 12:
        raise _Broken("the file ends inside its header")
    (count,) = struct.unpack_from(">H", data, 4)
    if len(data) < 12 + 16 * count:
        raise _Broken(f"the file ends inside its table directory ({count} tables)")
    tables: dict[str, bytes] = {}
    for i in range(count):
        raw_tag, _checksum, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        tag = raw_tag.decode("latin-1")
        if tag in REQUIRED or tag in COPIED:
            if offset + length > len(data):
                raise _Broken(f"its table {tag!r} lies past the end of the file ({offset} + {length} bytes, "
                              f"the file has {len(data)})")
            tables[tag] = data[offset:offset + length]
    missing = [tag for tag in REQUIRED if tag not in tables]
    if missing:
        raise _Broken(f"it has no {', '.join(repr(t) for t in missing)} table (a TrueType font needs "
                      f"{', '.join(REQUIRED)})")
    return tables


@contextmanager
def _quiet() -> Iterator[None]:
    """fontTools' warnings (a table a few bytes too long ...) stay out of pnp's output."""
    logger = logging.getLogger("fontTools")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def _metrics(data: bytes, tables: dict[str, bytes]) -> tuple[int, int]:
    """``head``, ``hhea``, ``maxp``, ``hmtx``, ``name`` and ``OS/2`` read by fontTools, and the
    header of ``post``; the number of glyphs and the format of ``loca``."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    tag = "head"
    try:
        with _quiet():
            font = TTFont(io.BytesIO(data), lazy=True, recalcBBoxes=False, recalcTimestamp=False)
            head = font["head"]
            tag = "maxp"
            num_glyphs = int(font["maxp"].numGlyphs)
            # glyph names of our own: fontTools would otherwise read them from the character map,
            # before it is checked (`_character_map`)
            font.setGlyphOrder([f"g{i}" for i in range(num_glyphs)])
            tag = "hhea"
            metrics = int(font["hhea"].numberOfHMetrics)
            tag = "hmtx"
            font["hmtx"]
            for tag in ("name", "OS/2"):  # copied into the PDF as they are
                if tag in tables:
                    font[tag]
    except struct.error:  # a table shorter than its fields
        raise _Broken(f"its table {tag!r} is too short ({len(tables[tag])} bytes)") from None
    except Exception as exc:  # fontTools' TTLibError ... : the table cannot be read
        raise _Broken(f"its table {tag!r} cannot be read ({_said(exc)})") from None
    if len(tables["post"]) < 32:  # its header, which reportlab reads and copies
        raise _Broken(f"its table 'post' is too short ({len(tables['post'])} bytes, 32 at least)")
    if not 16 <= head.unitsPerEm <= 16384:
        raise _Broken(f"its units per em are {head.unitsPerEm} (from 16 to 16384)")
    if head.indexToLocFormat not in (0, 1):
        raise _Broken(f"its 'loca' format is {head.indexToLocFormat} (0 or 1)")
    if getattr(head, "glyphDataFormat", 0) != 0:
        raise _Broken(f"its glyph data format is {head.glyphDataFormat} (0)")
    if num_glyphs == 0:
        raise _Broken("it has no glyph")
    if not 1 <= metrics <= num_glyphs:
        raise _Broken(f"its 'hhea' counts {metrics} horizontal metrics for {num_glyphs} glyphs")
    return num_glyphs, int(head.indexToLocFormat)


def _said(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "..."


def _locations(loca: bytes, num_glyphs: int, loc_format: int, glyf_length: int) -> list[int]:
    """Where each glyph's data starts in ``glyf`` (and the last one ends)."""
    size = 2 if loc_format == 0 else 4
    if len(loca) < (num_glyphs + 1) * size:
        raise _Broken(f"its 'loca' table has {len(loca) // size} entries for {num_glyphs} glyphs "
                      f"({num_glyphs + 1} needed)")
    values = struct.unpack_from(f">{num_glyphs + 1}{'H' if size == 2 else 'L'}", loca)
    positions = [v * 2 for v in values] if size == 2 else list(values)
    for gid in range(num_glyphs):
        if positions[gid + 1] < positions[gid]:
            raise _Broken(f"glyph {gid} ends before it starts in 'loca' ({positions[gid]} to {positions[gid + 1]})")
    if positions[-1] > glyf_length:
        raise _Broken(f"its 'loca' table places glyphs up to byte {positions[-1]} of 'glyf', which has "
                      f"{glyf_length}")
    return positions


# composite glyph flags (the TrueType 'glyf' table)
_ARGS_ARE_WORDS, _ARGS_ARE_XY, _HAVE_SCALE, _MORE = 0x1, 0x2, 0x8, 0x20
_HAVE_XY_SCALE, _HAVE_2X2, _HAVE_INSTRUCTIONS = 0x40, 0x80, 0x100
# a part of a composite glyph: its glyph, and the point of the glyph so far and the point of the part
# that are put on each other (None, None: the part is placed by an offset)
_Part = tuple[int, "int | None", "int | None"]


def _glyphs(glyf: bytes, loca: list[int], num_glyphs: int) -> None:
    """Every glyph's data reads as a glyph: what a PDF viewer draws from, and what reportlab
    walks when it subsets (a part of a composite that is no glyph: IndexError at the save)."""
    parts: dict[int, list[_Part]] = {}
    points: dict[int, int] = {}  # a simple glyph's points
    total = 0
    for gid in range(num_glyphs):
        start, end = loca[gid], loca[gid + 1]
        if start == end:
            continue  # a glyph without outline (a space)
        try:
            if end - start < 10:
                raise _Broken(f"{end - start} bytes, less than a glyph's header")
            (contours,) = struct.unpack_from(">h", glyf, start)
            if contours >= 0:
                points[gid] = _simple(glyf, start + 10, end, contours, MAX_FONT_POINTS - total)
                total += points[gid]
            elif contours == -1:
                parts[gid] = _composite(glyf, start + 10, end, num_glyphs)
            else:
                raise _Broken(f"its number of contours is {contours} (a composite glyph's is -1)")
        except _TooLarge:
            raise
        except _Broken as exc:
            raise _Broken(f"glyph {gid}: {exc}") from None
    _composites(parts, points)


def _simple(glyf: bytes, pos: int, end: int, contours: int, budget: int) -> int:
    """A simple glyph's data fits it; its number of points."""
    if pos + 2 * contours + 2 > end:
        raise _Broken(f"its {contours} contours run past its data")
    ends = struct.unpack_from(f">{contours}H", glyf, pos)
    for a, b in zip(ends, ends[1:]):
        if b <= a:
            raise _Broken("its contours' end points are out of order")
    pos += 2 * contours
    (instructions,) = struct.unpack_from(">H", glyf, pos)
    pos += 2 + instructions
    if pos > end:
        raise _Broken(f"its {instructions} bytes of instructions run past its data")
    points = ends[-1] + 1 if contours else 0
    if points > budget:
        raise _TooLarge(f"its glyphs have more than {MAX_FONT_POINTS:,} outline points together (a font of every "
                        f"CJK character has about 1,000,000)")
    seen = x_bytes = y_bytes = 0
    while seen < points:  # a flag, maybe repeated, for every point; then the x and the y of each
        if pos >= end:
            raise _Broken(f"its flags stop at point {seen} of {points}")
        flag = glyf[pos]
        pos += 1
        repeat = 1
        if flag & 0x08:
            if pos >= end:
                raise _Broken(f"its flags stop at point {seen} of {points}")
            repeat += glyf[pos]
            pos += 1
        seen += repeat
        x_bytes += repeat * (1 if flag & 0x02 else 0 if flag & 0x10 else 2)
        y_bytes += repeat * (1 if flag & 0x04 else 0 if flag & 0x20 else 2)
    if seen > points:
        raise _Broken(f"its flags are for {seen} points, it has {points}")
    if pos + x_bytes + y_bytes > end:
        raise _Broken(f"its coordinates need {x_bytes + y_bytes} bytes, it has {max(end - pos, 0)}")
    return points


def _composite(glyf: bytes, pos: int, end: int, num_glyphs: int) -> list[_Part]:
    found: list[_Part] = []
    flags = _MORE
    instructions = False
    while flags & _MORE:
        if pos + 4 > end:
            raise _Broken("its parts run past its data")
        flags, part = struct.unpack_from(">HH", glyf, pos)
        if part >= num_glyphs:
            raise _Broken(f"a part of it is glyph {part}, and the font has {num_glyphs} glyphs")
        words = bool(flags & _ARGS_ARE_WORDS)
        if pos + (8 if words else 6) > end:
            raise _Broken("its parts run past its data")
        if flags & _ARGS_ARE_XY:
            found.append((part, None, None))
        else:  # placed by matching a point of the glyph so far with one of the part
            ours, theirs = struct.unpack_from(">HH" if words else ">BB", glyf, pos + 4)
            found.append((part, ours, theirs))
        pos += 4 + (4 if words else 2)
        pos += 2 if flags & _HAVE_SCALE else 4 if flags & _HAVE_XY_SCALE else 8 if flags & _HAVE_2X2 else 0
        instructions = instructions or bool(flags & _HAVE_INSTRUCTIONS)
        if pos > end:
            raise _Broken("its parts run past its data")
    if instructions:
        if pos + 2 > end:
            raise _Broken("its instructions run past its data")
        (length,) = struct.unpack_from(">H", glyf, pos)
        if pos + 2 + length > end:
            raise _Broken(f"its {length} bytes of instructions run past its data")
    return found


def _composites(parts: dict[int, list[_Part]], points: dict[int, int]) -> None:
    """No composite glyph contains itself, none nests deeper than `MAX_COMPONENT_DEPTH`, and a
    part placed by matching points names points there are. ``points``: a simple glyph's points,
    to which a composite's are added once its parts are known."""
    depth: dict[int, int] = {}  # a composite's levels, once known
    for root in parts:
        if root in depth:
            continue
        stack: list[tuple[int, int]] = [(root, 0)]  # (glyph, the index of its next part)
        on_path = {root}
        while stack:
            gid, i = stack[-1]
            children = parts[gid]
            if i < len(children):
                stack[-1] = (gid, i + 1)
                child = children[i][0]
                if child in on_path:
                    raise _Broken(f"glyph {child} is a part of itself (through glyph {gid})")
                if child in parts and child not in depth:
                    stack.append((child, 0))
                    on_path.add(child)
                    if len(stack) > MAX_COMPONENT_DEPTH:
                        raise _Broken(f"glyph {root} nests composite glyphs more than {MAX_COMPONENT_DEPTH} deep")
                continue
            depth[gid] = 1 + max((depth.get(c, 0) for c, _, _ in children), default=0)
            if depth[gid] > MAX_COMPONENT_DEPTH:
                raise _Broken(f"glyph {gid} nests composite glyphs more than {MAX_COMPONENT_DEPTH} deep")
            so_far = 0  # every part is done: the points of each are known
            for child, ours, theirs in children:
                has = points.get(child, 0)
                if ours is not None and theirs is not None and (ours >= so_far or theirs >= has):
                    raise _Broken(f"glyph {gid}: its part glyph {child} is placed by its point {theirs} (of {has}) "
                                  f"on point {ours} of the parts before it (of {so_far})")
                so_far += has
            points[gid] = so_far
            on_path.discard(gid)
            stack.pop()


def _character_map(cmap: bytes, num_glyphs: int) -> None:
    """The subtable reportlab takes, picked as reportlab picks it (pnp/render/fonts.py reads
    the font with reportlab): a format it reads, inside the table, at most `MAX_CMAP_CODES`
    codes (reportlab walks every code of every range), each mapped to a glyph of the font."""
    if len(cmap) < 4:
        raise _Broken("its 'cmap' table ends inside its header")
    version, count = struct.unpack_from(">HH", cmap, 0)
    if count == 0 and version != 0:  # as reportlab reads it
        count = version
    if len(cmap) < 4 + 8 * count:
        raise _Broken(f"its 'cmap' table ends inside its list of {count} subtables")
    chosen, level = None, 0  # reportlab's choice: the last Unicode subtable, else Mac Roman
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHL", cmap, 4 + 8 * i)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, level = offset, 1
        elif platform == 1 and encoding == 0 and level != 1:
            chosen, level = offset, 2
    if chosen is None:
        raise _Broken("its 'cmap' table has no Unicode or Mac Roman character map")
    try:
        _subtable(cmap, chosen, num_glyphs)
    except struct.error:
        raise _Broken(f"its character map (at byte {chosen} of 'cmap') runs past its table") from None


def _subtable(cmap: bytes, at: int, num_glyphs: int) -> None:
    def glyph_ok(gid: int, code: int) -> None:
        if gid >= num_glyphs:
            raise _Broken(f"its character map maps U+{code:04X} to glyph {gid}, and the font has {num_glyphs} glyphs")

    def codes_ok(total: int) -> None:
        if total > MAX_CMAP_CODES:
            raise _TooLarge(f"its character map maps more than {MAX_CMAP_CODES:,} codes (all of Unicode), "
                            f"{total:,} or more")

    (fmt,) = struct.unpack_from(">H", cmap, at)
    if fmt == 0:
        (length,) = struct.unpack_from(">H", cmap, at + 2)
        for code, gid in enumerate(cmap[at + 6:at + min(length, 262)]):
            glyph_ok(gid, code)
        if at + min(length, 262) > len(cmap):
            raise struct.error
    elif fmt == 4:
        (seg_x2,) = struct.unpack_from(">H", cmap, at + 6)
        segs = seg_x2 // 2
        ends = struct.unpack_from(f">{segs}H", cmap, at + 14)
        starts = struct.unpack_from(f">{segs}H", cmap, at + 16 + 2 * segs)
        deltas = struct.unpack_from(f">{segs}h", cmap, at + 16 + 4 * segs)
        range_at = at + 16 + 6 * segs
        offsets = struct.unpack_from(f">{segs}H", cmap, range_at)
        codes_ok(sum(max(0, e - s + 1) for s, e in zip(starts, ends)))
        for n, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, offsets)):
            for code in range(start, end + 1):
                if offset == 0:
                    gid = (code + delta) & 0xFFFF
                else:
                    where = range_at + 2 * n + offset + 2 * (code - start)
                    gid = struct.unpack_from(">H", cmap, where)[0] if where + 2 <= len(cmap) else 0
                    gid = (gid + delta) & 0xFFFF if gid else 0
                glyph_ok(gid, code)
    elif fmt in (6, 10):
        if fmt == 6:
            first, count = struct.unpack_from(">HH", cmap, at + 6)
            codes = struct.unpack_from(f">{count}H", cmap, at + 10)
        else:
            first, count = struct.unpack_from(">LL", cmap, at + 12)
            codes_ok(count)
            codes = struct.unpack_from(f">{count}H", cmap, at + 20)
        for i, code in enumerate(codes):
            glyph_ok(first + i, code)
    elif fmt in (12, 13):
        (groups,) = struct.unpack_from(">L", cmap, at + 12)
        if at + 16 + 12 * groups > len(cmap):
            raise struct.error
        total = 0
        for i in range(groups):
            start, end, gid = struct.unpack_from(">LLL", cmap, at + 16 + 12 * i)
            if end >= start:
                total += end - start + 1
                codes_ok(total)
                glyph_ok(gid + (end - start if fmt == 12 else 0), end)
    else:
        raise _Broken(f"its character map is of format {fmt}, which pnp does not read (a Unicode font's is of "
                      f"format 4 or 12)")
