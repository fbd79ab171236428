"""Card art in reportlab PDFs: fast, lossless, each distinct image stored once.

`ImageStore` turns every distinct image file (by SHA-256 of its bytes) into one PDF image
XObject on its canvas and draws it with a transformation matrix (and a clip path for
`draw_cover`), so a card drawn on 20 boxes is stored once.

How an image is stored (never lossy, never re-encoded where avoidable):

* PNG, not interlaced, grey / RGB / palette, any bit depth (16-bit needs PDF 1.5, the
  document version is raised): the IDAT data is copied unchanged into a ``/FlateDecode``
  stream with ``/DecodeParms << /Predictor 15 ... >>``. The palette becomes an ``/Indexed``
  colour space, a ``tRNS`` colour key becomes a ``/Mask``, an ``iCCP`` profile an
  ``/ICCBased`` colour space. This is what img2pdf does, and it is why this is fast.
* JPEG (baseline / progressive, 8-bit, 1, 3 or 4 components): the file bytes go through
  unchanged with ``/DCTDecode`` (Adobe CMYK gets the inverted ``/Decode``).
* Everything else (interlaced PNG, PNG with an alpha channel or a partly transparent
  palette, GIF, TIFF, WebP, BMP...): decoded with Pillow and written back losslessly.
  An alpha channel becomes an ``/SMask`` (dropped when it is fully opaque). Colour planes are
  re-encoded as in-memory PNGs so they also get PNG predictors (much smaller than plain
  zlib); CMYK is plain zlib. Exception: Pillow reads 16-bit images with alpha as 8-bit.

EXIF orientation (JPEG, and PNG ``eXIf``) is honoured by the drawing matrix, so the stored
data stays byte-identical to the file. `ImageInfo` sizes are as displayed (after orientation).

Registering with reportlab: the XObject is a `PDFStream` with its ``/Filter`` already set (so
reportlab does not compress it again) registered with ``doc.Reference(obj, "FormXob.<name>")``,
and each draw appends ``<name>`` to ``canvas._formsinuse``; `Canvas.showPage` then lists it in
the page's ``/Resources /XObject`` exactly as it does for `Canvas.drawImage` (and this also
works inside ``beginForm``/``endForm``). Names come from the content hash, so the output is
deterministic with ``Canvas(..., invariant=1)``.

Any problem reading an image raises `pnp.data.errors.InputError` naming the file. Only a
regular file is read (not a FIFO or a device), of at most ``MAX_IMAGE_BYTES``, and an image
of more than ``MAX_IMAGE_PIXELS`` pixels is refused from its header, before anything is
decoded (docs/limits.md): Pillow's own decompression-bomb warning never reaches the user.

Everything packed in a file is unpacked within a bound, and what goes into the PDF is checked
whole first (docs/limits.md, "Images"):

* Every PNG goes through one chunk reader (`_parse_png`, at most ``MAX_PNG_CHUNKS`` chunks),
  and its image data is inflated once, whole, before it is embedded or decoded
  (`_check_png_data`): it must unpack to exactly the rows its header promises (inflating stops
  at the first byte past them: a bomb costs no more than a true image), every row with a
  filter type PNG defines, and a palette image may use no colour past its palette. A
  truncated stream or a bad index is refused, never embedded for a viewer to guess at.
* The only ancillary data pnp unpacks is a PNG's colour profile (``iCCP``), at most
  ``MAX_ICC_BYTES`` unpacked; a profile from any other format is held to the same size.
  Text chunks (``tEXt``, ``zTXt``, ``iTXt``) are never unpacked: pnp does not use them, and
  Pillow, where it decodes a PNG, is given the image's own chunks only (`_bare_png`).
* A JPEG's markers are walked to its end (`_jpeg_scan`), at most ``MAX_JPEG_SEGMENTS``
  segments and ``MAX_JPEG_SCANS`` scans: each scan of a progressive JPEG is one more pass over
  the whole picture for every program that shows it.
* Pillow reads only the formats of ``PIL_FORMATS``: not EPS, which it hands to Ghostscript (a
  PostScript program, which can loop for ever), nor its rarer readers.
"""

from __future__ import annotations

import binascii
import hashlib
import io
import os
import re
import struct
import warnings
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Union

from PIL import Image, UnidentifiedImageError
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFObject,
    PDFObjectReference,
    PDFStream,
    PDFZCompress,
)
from reportlab.pdfgen.canvas import Canvas

from pnp.data.errors import InputError
from pnp.data.yamlsafe import check_regular, open_checked, read_bytes_checked
from pnp.render.measured import MeasuredCanvas

__all__ = ["ImageInfo", "ImageStore", "image_info", "MAX_ICC_BYTES", "MAX_IMAGE_BYTES", "MAX_IMAGE_PIXELS",
           "MAX_JPEG_SCANS", "MAX_JPEG_SEGMENTS", "MAX_PNG_CHUNKS", "PIL_FORMATS"]

# An image of more pixels is refused before it is decoded: 50 megapixels hold a 63 x 88 mm card
# at 1200 DPI (12 MP) four times over, and an A2 board at 300 DPI (35 MP). Decoded, that is at
# most 400 MB (16-bit RGBA), less than Pillow's own bomb limit (89 MP, a warning it prints).
MAX_IMAGE_PIXELS = 50_000_000
MAX_IMAGE_BYTES = 128 * 1024 * 1024  # the file: a 50 MP picture compressed losslessly fits
_WHAT = "image file"
# A colour profile, unpacked: an RGB or grey profile is a few kB (sRGB 3 kB), the largest CMYK
# press profiles 1 to 2 MB (pnp's own FOGRA39 346 kB). A PNG's iCCP chunk is deflated, and 1 MB
# of it unpacks to 1 GB: inflating stops at the first byte past this.
MAX_ICC_BYTES = 4 * 1024 * 1024
# A PNG's chunks: a 128 MB file written in libpng's 8 kB IDAT chunks has 16,384; a file of
# millions of empty chunks (12 bytes each) would cost seconds and hundreds of MB to walk.
MAX_PNG_CHUNKS = 100_000
# A JPEG: encoders write about 10 scans (libjpeg's progressive script) and a few dozen segments
# (tables, APPn blocks: a 4 MB profile is 64). 1,000 scans of a 9 MP picture take 9 s to decode,
# in every viewer and in the exports' renderer; 100 take 1.
MAX_JPEG_SCANS = 100
MAX_JPEG_SEGMENTS = 1_000
# What Pillow may read (the header tells, never the file name): the raster formats card art
# comes in. Not EPS (Pillow runs Ghostscript on it), nor the readers of rarer formats.
PIL_FORMATS = ("JPEG", "GIF", "TIFF", "WEBP", "BMP", "PNG")  # a JPEG of many pictures (MPO) is a JPEG
_FORMATS_SAID = "PNG, JPEG, WebP, TIFF, GIF or BMP"
_INFLATE_IN = 1 << 16  # compressed bytes given to zlib at a time
_INFLATE_OUT = 1 << 20  # most bytes it unpacks at a time

PathLike = Union[str, "os.PathLike[str]"]

_PNG_SIG = b"\x89PNG\r\n\x1a\n"
# PNG colour type -> (samples per pixel, allowed bit depths)
_PNG_TYPES = {
    0: (1, (1, 2, 4, 8, 16)),  # grey
    2: (3, (8, 16)),  # RGB
    3: (1, (1, 2, 4, 8)),  # palette
    4: (2, (8, 16)),  # grey + alpha
    6: (4, (8, 16)),  # RGBA
}
# JPEG start-of-frame markers PDF's DCTDecode reads: baseline, extended sequential, progressive
_JPEG_SOF_OK = (0xC0, 0xC1, 0xC2)
_JPEG_SOF_ALL = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}

# EXIF orientation -> affine (a, b, c, d, e, f) mapping the image unit square onto the
# displayed unit square (p = a*u + c*v + e, q = b*u + d*v + f; PDF image space, v up).
_ORIENT = {
    1: (1, 0, 0, 1, 0, 0),
    2: (-1, 0, 0, 1, 1, 0),
    3: (-1, 0, 0, -1, 1, 1),
    4: (1, 0, 0, -1, 0, 1),
    5: (0, -1, -1, 0, 1, 1),
    6: (0, -1, 1, 0, 0, 1),
    7: (0, 1, 1, 0, 0, 0),
    8: (0, 1, -1, 0, 1, 0),
}

_ICC_SPACES = {b"GRAY": 1, b"RGB ": 3, b"CMYK": 4}
_DEVICE = {1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK"}

# Pillow re-encode level for the decoded fallback (PNG filters + zlib)
_FALLBACK_PNG_LEVEL = 6


@dataclass(frozen=True)
class ImageInfo:
    """What an image file holds, read from its header.

    ``width_px``/``height_px`` are as displayed, after EXIF orientation (``orientation``
    5-8 swaps them relative to the stored pixels). ``dpi`` is what the file declares, if
    anything. ``passthrough`` tells whether the data can be stored in the PDF unchanged
    (``False``: it will be decoded and re-compressed losslessly).
    """

    width_px: int
    height_px: int
    format: str = ""  # "PNG", "JPEG", or Pillow's format name
    mode: str = ""  # "gray", "rgb", "palette", "cmyk", with "+alpha" when it has alpha
    bits: int = 8  # bits per sample as stored in the file
    dpi: tuple[float, float] | None = None
    orientation: int = 1
    interlaced: bool = False
    passthrough: bool = False

    @property
    def aspect(self) -> float:
        return self.width_px / self.height_px


def image_info(path: PathLike) -> ImageInfo:
    """Read an image's header: a PNG's chunks up to its image data, other formats' file (at
    most ``MAX_IMAGE_BYTES``) for Pillow to read the header from. Nothing is decoded.

    Raises `InputError` if the file is missing, not a regular file, unreadable, not a usable
    image, or of more than ``MAX_IMAGE_PIXELS`` pixels.
    """
    p = Path(path)
    with open_checked(p, _WHAT) as f:
        try:
            head = f.read(8)
            if head == _PNG_SIG:
                size = os.fstat(f.fileno()).st_size
                if size > MAX_IMAGE_BYTES:
                    raise InputError(p, f"more than {MAX_IMAGE_BYTES} bytes, over the limit for an {_WHAT}; refused")
                return _png_info(_read_png_header(f, p), p)
            data = head + f.read(MAX_IMAGE_BYTES + 1 - len(head))
        except OSError as exc:
            raise InputError(p, f"cannot read image: {exc.strerror or exc}") from None
    if len(data) > MAX_IMAGE_BYTES:
        raise InputError(p, f"more than {MAX_IMAGE_BYTES} bytes, over the limit for an {_WHAT}; refused")
    return _pillow_info(p, data)


def _too_many_pixels(path: Path, pixels: int, size: tuple[int, int] | None = None) -> InputError:
    said = f"{size[0]} x {size[1]} pixels" if size else f"{pixels:,} pixels"
    return InputError(path, f"the image is {said}, over the limit of {MAX_IMAGE_PIXELS:,} pixels "
                            f"({MAX_IMAGE_PIXELS // 1_000_000} megapixels) an image may have; refused before "
                            "decoding it: scale it down (a 63 x 88 mm card printed at 1200 DPI is 12 megapixels)")


def _check_pixels(path: Path, width: int, height: int) -> None:
    if width * height > MAX_IMAGE_PIXELS:
        raise _too_many_pixels(path, width * height, (width, height))


@contextmanager
def _pillow_bombs(path: Path):
    """Pillow's decompression-bomb checks as pnp's own: its warning silenced (pnp's lower
    limit has already refused what it warns about), its error a message naming the file."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            yield
        except Image.DecompressionBombError as exc:
            said = re.search(r"\((\d+) pixels\)", str(exc))
            raise _too_many_pixels(path, int(said.group(1)) if said else MAX_IMAGE_PIXELS + 1) from None


# ---------------------------------------------------------------------------------------
# PNG


class _PngHeader:
    """The chunks before the first IDAT that matter for embedding."""

    def __init__(self) -> None:
        self.ihdr: tuple[int, int, int, int, int] | None = None  # w, h, depth, type, interlace
        self.ihdr_raw = b""
        self.plte: bytes | None = None
        self.trns: bytes | None = None
        self.phys: tuple[int, int, int] | None = None
        self.iccp: bytes | None = None  # compressed profile
        self.exif: bytes | None = None

    def feed(self, ctype: bytes, data: bytes | memoryview, path: Path) -> None:
        if self.ihdr is None and ctype != b"IHDR":
            raise InputError(path, "corrupt PNG: first chunk is not IHDR")
        if ctype == b"IHDR":
            if self.ihdr is not None or len(data) != 13:
                raise InputError(path, "corrupt PNG: bad IHDR")
            w, h, depth, ctyp, comp, filt, inter = struct.unpack(">IIBBBBB", data)
            _check_pixels(path, w, h)  # before anything else: the header's claim is enough
            if (
                not (0 < w < 2**31 and 0 < h < 2**31)
                or ctyp not in _PNG_TYPES
                or depth not in _PNG_TYPES[ctyp][1]
                or comp != 0
                or filt != 0
                or inter not in (0, 1)
            ):
                raise InputError(path, "corrupt or unsupported PNG header")
            self.ihdr = (w, h, depth, ctyp, inter)
            self.ihdr_raw = bytes(data)
        elif ctype == b"PLTE":
            if len(data) % 3 or not 3 <= len(data) <= 768:
                raise InputError(path, "corrupt PNG: bad palette")
            self.plte = bytes(data)
        elif ctype == b"tRNS":
            self.trns = bytes(data)
        elif ctype == b"pHYs" and len(data) == 9:
            self.phys = struct.unpack(">IIB", data)
        elif ctype == b"iCCP":
            self.iccp = bytes(data)
        elif ctype == b"eXIf":
            self.exif = bytes(data)

    def orientation(self) -> int:
        return _exif_orientation(self.exif)

    def icc_profile(self, path: Path) -> bytes | None:
        """The colour profile, unpacked: at most ``MAX_ICC_BYTES`` (more is refused, and never
        unpacked past that); a profile that does not unpack is ignored, as viewers do."""
        if not self.iccp:
            return None
        nul = self.iccp.find(b"\0")
        if nul < 0 or nul + 2 > len(self.iccp) or self.iccp[nul + 1] != 0:
            return None
        d = zlib.decompressobj()
        try:
            icc = d.decompress(self.iccp[nul + 2 :], MAX_ICC_BYTES + 1)
        except zlib.error:
            return None
        if len(icc) > MAX_ICC_BYTES:
            raise _profile_too_big(path, "its colour profile (iCCP chunk) unpacks to")
        return icc if d.eof else None

    def binary_palette_alpha(self) -> bool | None:
        """For a palette PNG with tRNS: True if every alpha is 0 or 255."""
        if self.trns is None:
            return None
        return all(a in (0, 255) for a in self.trns)


def _read_png_header(f, path: Path) -> _PngHeader:
    """Walk chunks from an open file (past the signature) up to the first IDAT."""
    hdr = _PngHeader()
    size = os.fstat(f.fileno()).st_size
    chunks = 0
    while True:
        chunks += 1
        if chunks > MAX_PNG_CHUNKS:
            raise _too_many_chunks(path)
        raw = f.read(8)
        if len(raw) < 8:
            raise InputError(path, "corrupt PNG: truncated before image data")
        length, ctype = struct.unpack(">I4s", raw)
        if ctype == b"IDAT" or ctype == b"IEND":
            break
        if f.tell() + length + 4 > size:
            raise InputError(path, "corrupt PNG: truncated")
        body = f.read(length + 4)
        if len(body) < length + 4:
            raise InputError(path, "corrupt PNG: truncated")
        if zlib.crc32(body[:length], zlib.crc32(ctype)) != struct.unpack(">I", body[length:])[0]:
            raise InputError(path, f"corrupt PNG: CRC error in {ctype.decode('latin-1')} chunk")
        hdr.feed(ctype, body[:length], path)
    if hdr.ihdr is None or ctype != b"IDAT":
        raise InputError(path, "corrupt PNG: no image data")
    return hdr


def _too_many_chunks(path: Path) -> InputError:
    return InputError(path, f"a PNG of more than {MAX_PNG_CHUNKS:,} chunks; refused (an image holds a few "
                            "dozen, and a 128 MB one written in 8 kB chunks 16,384)")


def _profile_too_big(path: Path, what: str) -> InputError:
    return InputError(path, f"{what} more than {MAX_ICC_BYTES:,} bytes ({MAX_ICC_BYTES // 2**20} MB), the most a "
                            "colour profile may hold; refused (a profile is a few kB, a printing press's 1 to 2 MB)")


def _checked_profile(icc: object, path: Path) -> bytes | None:
    """A profile Pillow read (not packed): held to the same size as a PNG's."""
    if not isinstance(icc, bytes) or not icc:
        return None
    if len(icc) > MAX_ICC_BYTES:
        raise _profile_too_big(path, f"its colour profile of {len(icc):,} bytes is")
    return icc


def _png_passthrough(hdr: _PngHeader) -> bool:
    _w, _h, _depth, ctyp, inter = hdr.ihdr  # type: ignore[misc]
    if inter or ctyp in (4, 6):
        return False
    if ctyp == 3:
        return hdr.trns is None or bool(hdr.binary_palette_alpha())
    return True


def _png_info(hdr: _PngHeader, path: Path) -> ImageInfo:
    w, h, depth, ctyp, inter = hdr.ihdr  # type: ignore[misc]
    if ctyp == 3 and hdr.plte is None:
        raise InputError(path, "corrupt PNG: palette image without PLTE")
    mode = {0: "gray", 2: "rgb", 3: "palette", 4: "gray+alpha", 6: "rgb+alpha"}[ctyp]
    if ctyp in (0, 2, 3) and hdr.trns is not None:
        mode += "+alpha"
    dpi = None
    if hdr.phys and hdr.phys[2] == 1 and hdr.phys[0] and hdr.phys[1]:
        dpi = (hdr.phys[0] * 0.0254, hdr.phys[1] * 0.0254)
    orient = hdr.orientation()
    dw, dh = (h, w) if orient >= 5 else (w, h)
    return ImageInfo(
        width_px=dw,
        height_px=dh,
        format="PNG",
        mode=mode,
        bits=depth,
        dpi=dpi,
        orientation=orient,
        interlaced=bool(inter),
        passthrough=_png_passthrough(hdr),
    )


def _parse_png(data: bytes, path: Path) -> tuple[_PngHeader, bytes]:
    """Check every chunk's CRC, collect the header chunks and the joined IDAT data, and check
    that data whole (`_check_png_data`): what this returns can go into a PDF as it is."""
    mv = memoryview(data)
    n = len(data)
    pos = 8
    hdr = _PngHeader()
    idat: list[memoryview] = []
    crc32 = zlib.crc32
    unpack = struct.unpack_from
    seen_iend = False
    chunks = 0
    while pos + 12 <= n:
        chunks += 1
        if chunks > MAX_PNG_CHUNKS:
            raise _too_many_chunks(path)
        length, ctype = unpack(">I4s", data, pos)
        end = pos + 8 + length
        if end + 4 > n:
            break
        if crc32(mv[pos + 4 : end]) != unpack(">I", data, end)[0]:
            raise InputError(path, f"corrupt PNG: CRC error in {ctype.decode('latin-1')} chunk")
        if ctype == b"IDAT":
            if hdr.ihdr is None:
                raise InputError(path, "corrupt PNG: image data before IHDR")
            idat.append(mv[pos + 8 : end])
        elif ctype == b"IEND":
            seen_iend = True
            break
        elif not idat:
            hdr.feed(ctype, mv[pos + 8 : end], path)
        pos = end + 4
    if not seen_iend:
        raise InputError(path, "corrupt PNG: truncated file")
    if hdr.ihdr is None or not idat:
        raise InputError(path, "corrupt PNG: no image data")
    if hdr.ihdr[3] == 3 and hdr.plte is None:
        raise InputError(path, "corrupt PNG: palette image without PLTE")
    stream = b"".join(idat)
    if len(stream) < 2 or (stream[0] & 0x0F) != 8 or (stream[0] << 8 | stream[1]) % 31 or stream[1] & 0x20:
        raise InputError(path, "corrupt PNG: bad compressed data")
    _check_png_data(hdr, stream, path)
    return hdr, stream


_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
_PNG_FILTERS = bytes(range(5))  # None, Sub, Up, Average, Paeth


def _png_rows(w: int, h: int, depth: int, samples: int, interlace: int) -> list[tuple[int, int]]:
    """The rows of the unpacked image data: (rows, bytes a row with its filter byte) a pass."""
    def row(pw: int) -> int:
        return 1 + (pw * depth * samples + 7) // 8

    if not interlace:
        return [(h, row(w))]
    passes = []
    for x0, y0, dx, dy in _ADAM7:
        pw, ph = (w - x0 + dx - 1) // dx, (h - y0 + dy - 1) // dy
        if pw > 0 and ph > 0:
            passes.append((ph, row(pw)))
    return passes


def _check_png_data(hdr: _PngHeader, stream: bytes, path: Path) -> None:
    """The image data inflated whole, a step at a time (never more than 1 MB held): it must
    unpack to exactly the rows the header promises, stopping at the first byte past them (a
    bomb costs what a true image of that size does), each row with a filter type PNG defines;
    a palette image may use no colour past its palette (`_check_palette`)."""
    w, h, depth, ctyp, inter = hdr.ihdr  # type: ignore[misc]
    passes = []  # (first byte, rows, row length) of each pass
    expected = 0
    for rows, length in _png_rows(w, h, depth, _PNG_TYPES[ctyp][0], inter):
        passes.append((expected, rows, length))
        expected += rows * length
    colours = len(hdr.plte or b"") // 3
    short = ctyp == 3 and colours < 1 << depth  # a palette some pixel values have no colour in
    # 8-bit indices stored unfiltered (as palette images mostly are) are their own bytes: checked
    # as they are unpacked; else `_check_palette` decodes the image
    plain = short and depth == 8
    allowed = bytes(range(colours))
    d = zlib.decompressobj()
    done = 0

    def take(out: bytes) -> None:
        nonlocal done, plain
        if done + len(out) > expected:
            raise InputError(path, f"corrupt PNG: its image data unpacks to more than the {expected:,} bytes "
                                   f"its {w} x {h} pixels hold; refused")
        for first, rows, length in passes:  # the filter byte of each row this piece holds
            lo, hi = max(done, first), min(done + len(out), first + rows * length)
            if lo < hi:
                start = first + -(-(lo - first) // length) * length
                filters = out[start - done : hi - done : length] if start < hi else b""
                if filters.translate(None, _PNG_FILTERS):
                    raise InputError(path, "corrupt PNG: a row of its image data has a filter type PNG does not "
                                           "define (0 to 4)")
                if plain and filters.strip(b"\0"):
                    plain = False
        if plain and out.translate(None, allowed):  # a byte past the palette (a filter byte 0 is allowed)
            plain = False
        done += len(out)

    data = memoryview(stream)
    try:
        for at in range(0, len(data), _INFLATE_IN):
            piece: bytes | memoryview = data[at : at + _INFLATE_IN]
            while piece and not d.eof:
                take(d.decompress(piece, _INFLATE_OUT))
                piece = d.unconsumed_tail
            if d.eof:
                break
        while not d.eof:  # what zlib holds once every byte is in
            out = d.decompress(b"", _INFLATE_OUT)
            if not out:
                break
            take(out)
    except zlib.error as exc:
        raise InputError(path, f"corrupt PNG: bad compressed data ({exc})") from None
    if not d.eof or done != expected:
        raise InputError(path, f"corrupt PNG: its image data is truncated (it unpacks to {done:,} bytes of the "
                               f"{expected:,} its {w} x {h} pixels need); refused")
    if short and not plain:
        _check_palette(hdr, stream, colours, path)


def _check_palette(hdr: _PngHeader, stream: bytes, colours: int, path: Path) -> None:
    """No pixel of a palette image uses a colour its palette does not have (a PDF's /Indexed
    space has no colour there: viewers would show each their own): the image decoded, its
    pixels one byte each (at most 50 MB)."""
    try:
        with _pillow_bombs(path), Image.open(io.BytesIO(_bare_png(hdr, stream)), formats=["PNG"]) as im:
            im.load()
            highest = im.getextrema()[1]
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise InputError(path, f"corrupt PNG: {exc}") from None
    if isinstance(highest, int) and highest >= colours:
        raise InputError(path, f"corrupt PNG: a pixel of colour {highest} where its palette has {colours} "
                               f"colours (0 to {colours - 1}); refused")


def _png_chunk(ctype: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + ctype + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(ctype)))


def _bare_png(hdr: _PngHeader, stream: bytes) -> bytes:
    """The PNG of the image alone: IHDR, PLTE and tRNS, one IDAT, IEND. What Pillow decodes, so
    that it never unpacks a text chunk or a profile (pnp unpacks the profile itself, bounded)."""
    out = [_PNG_SIG, _png_chunk(b"IHDR", hdr.ihdr_raw)]
    if hdr.plte is not None:
        out.append(_png_chunk(b"PLTE", hdr.plte))
    if hdr.trns is not None:
        out.append(_png_chunk(b"tRNS", hdr.trns))
    out += [_png_chunk(b"IDAT", stream), _png_chunk(b"IEND", b"")]
    return b"".join(out)


# ---------------------------------------------------------------------------------------
# JPEG


_FILL = re.compile(rb"\xff+")
# the marker that ends a scan's entropy-coded data: 0xFF followed by neither a stuffed zero nor a
# restart marker (RST0-7 lie inside the scan), after any fill bytes
_SCAN_END = re.compile(rb"\xff(?=[^\x00\xd0-\xd7])")  # a lookahead: searched as fast as one byte


def _jpeg_scan(data: bytes, path: Path) -> tuple[int, int, int, int, int]:
    """Walk a JPEG's markers to its end (EOI): (sof marker, precision, height, width, ncomp) of
    its first frame. Every scan's data is crossed to the marker after it, so a file cut short
    is refused; at most ``MAX_JPEG_SEGMENTS`` segments and ``MAX_JPEG_SCANS`` scans."""
    n = len(data)
    pos = 2
    sof = None
    segments = scans = 0
    while True:
        if pos >= n or data[pos] != 0xFF:
            raise InputError(path, "corrupt JPEG: bad marker structure")
        pos = _FILL.match(data, pos).end()  # type: ignore[union-attr]
        if pos >= n:
            raise InputError(path, "corrupt JPEG: truncated")
        marker = data[pos]
        pos += 1
        if marker == 0x01 or 0xD0 <= marker <= 0xD8:
            continue
        if marker == 0xD9:
            if not scans:
                raise InputError(path, "corrupt JPEG: no image data")
            return sof  # type: ignore[return-value]
        segments += 1
        if segments > MAX_JPEG_SEGMENTS:
            raise InputError(path, f"a JPEG of more than {MAX_JPEG_SEGMENTS:,} segments; refused (a JPEG holds a "
                                   "few dozen: its tables, its scans and blocks such as EXIF)")
        if pos + 2 > n:
            raise InputError(path, "corrupt JPEG: truncated")
        seglen = (data[pos] << 8) | data[pos + 1]
        if seglen < 2 or pos + seglen > n:
            raise InputError(path, "corrupt JPEG: truncated")
        if marker in _JPEG_SOF_ALL and sof is None:
            if seglen < 8:
                raise InputError(path, "corrupt JPEG: bad frame header")
            prec, hgt, wid, ncomp = struct.unpack_from(">BHHB", data, pos + 2)
            sof = (marker, prec, hgt, wid, ncomp)
        pos += seglen
        if marker == 0xDA:
            if sof is None:
                raise InputError(path, "corrupt JPEG: scan before frame header")
            scans += 1
            if scans > MAX_JPEG_SCANS:
                raise InputError(path, f"a JPEG of more than {MAX_JPEG_SCANS} scans; refused (each scan is one "
                                       "more pass over the whole picture for every program that shows it; an "
                                       "encoder writes about 10: save it again)")
            end = _SCAN_END.search(data, pos)
            if end is None:
                raise InputError(path, "corrupt JPEG: truncated (no end marker)")
            pos = end.start()


def _jpeg_passthrough(sof: tuple[int, int, int, int, int]) -> bool:
    marker, prec, hgt, wid, ncomp = sof
    return marker in _JPEG_SOF_OK and prec == 8 and hgt > 0 and wid > 0 and ncomp in (1, 3, 4)


# ---------------------------------------------------------------------------------------
# Pillow helpers


def _exif_orientation(exif: bytes | None) -> int:
    if not exif:
        return 1
    try:
        ex = Image.Exif()
        ex.load(exif)
        o = int(ex.get(0x0112, 1))
    except Exception:  # a broken EXIF block is ignored, like every viewer does
        return 1
    return o if o in _ORIENT else 1


def _pil_orientation(im: Image.Image) -> int:
    try:
        o = int(im.getexif().get(0x0112, 1))
    except Exception:
        return 1
    return o if o in _ORIENT else 1


def _open_pil(path: Path, data: bytes) -> Image.Image:
    """The image in ``data`` opened (its header read) by Pillow, its size checked against
    ``MAX_IMAGE_PIXELS`` before anything is decoded. Only the formats of ``PIL_FORMATS``; a
    JPEG's markers are walked first (`_jpeg_scan`), before Pillow reads them."""
    if data[:2] == b"\xff\xd8":
        _jpeg_scan(data, path)
    try:
        with _pillow_bombs(path):
            im = Image.open(io.BytesIO(data), formats=PIL_FORMATS)
    except InputError:
        raise
    except UnidentifiedImageError:
        raise InputError(path, f"not an image file pnp reads ({_FORMATS_SAID})") from None
    except OSError as exc:
        raise InputError(path, f"cannot read image: {exc.strerror or exc}") from None
    except Exception as exc:  # Pillow raises many kinds on corrupt headers
        raise InputError(path, f"corrupt image: {exc}") from None
    try:
        _check_pixels(path, *im.size)
    except InputError:
        im.close()
        raise
    return im


_PIL_MODES = {
    "1": "gray",
    "L": "gray",
    "I;16": "gray",
    "I;16B": "gray",
    "I": "gray",
    "F": "gray",
    "P": "palette",
    "RGB": "rgb",
    "YCbCr": "rgb",
    "CMYK": "cmyk",
    "LA": "gray+alpha",
    "La": "gray+alpha",
    "PA": "palette+alpha",
    "RGBA": "rgb+alpha",
    "RGBa": "rgb+alpha",
}


def _pillow_info(path: Path, data: bytes) -> ImageInfo:
    with _open_pil(path, data) as im:
        try:
            w, h = im.size
            fmt = im.format or ""
            mode = _PIL_MODES.get(im.mode, "rgb")
            if "transparency" in im.info and "+alpha" not in mode:
                mode += "+alpha"
            dpi = im.info.get("dpi")
            dpi = (float(dpi[0]), float(dpi[1])) if dpi and dpi[0] and dpi[1] else None
            orient = _pil_orientation(im)
            passthrough = False
            interlaced = bool(im.info.get("interlace") or im.info.get("progressive"))
            bits = 16 if im.mode.startswith("I;16") else 8
            if fmt in ("JPEG", "MPO"):
                passthrough = _jpeg_passthrough(_jpeg_scan(_first_jpeg(im, data), path))
        except InputError:
            raise
        except Exception as exc:
            raise InputError(path, f"corrupt image: {exc}") from None
    if w <= 0 or h <= 0:
        raise InputError(path, "image has no pixels")
    dw, dh = (h, w) if orient >= 5 else (w, h)
    return ImageInfo(dw, dh, fmt, mode, bits, dpi, orient, interlaced, passthrough)


# ---------------------------------------------------------------------------------------
# PDF objects


class _HexString(PDFObject):
    """A PDF hex string (``<...>``) for binary data such as a palette lookup table."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document) -> bytes:
        return b"<" + binascii.hexlify(document.encrypt.encode(self.data)) + b">"


@dataclass
class _Embedded:
    """An image as it will be written: stream dictionary entries and data."""

    width: int
    height: int
    bits: int
    colors: int  # samples per pixel of the colour space (1, 3, 4)
    filter: str  # "FlateDecode" or "DCTDecode"
    data: bytes
    predictor: bool = False
    palette: bytes | None = None
    icc: bytes | None = None
    decode: list[int] | None = None
    mask: list[int] | None = None  # colour-key mask ranges
    smask: "_Embedded | None" = None


def _png_embed(hdr: _PngHeader, stream: bytes, icc: bytes | None) -> _Embedded:
    w, h, depth, ctyp, _inter = hdr.ihdr  # type: ignore[misc]
    colors = 3 if ctyp == 2 else 1
    emb = _Embedded(w, h, depth, colors, "FlateDecode", stream, predictor=True)
    if ctyp == 3:
        emb.palette = hdr.plte
        emb.colors = 1
        if hdr.trns is not None:  # only 0/255 alphas reach here: mask the transparent indices
            ranges: list[int] = []
            for i, a in enumerate(hdr.trns[: len(hdr.plte) // 3]):  # type: ignore[arg-type]
                if a == 0:
                    if ranges and ranges[-1] == i - 1:
                        ranges[-1] = i
                    else:
                        ranges += [i, i]
            emb.mask = ranges or None
    elif hdr.trns is not None:
        if ctyp == 0 and len(hdr.trns) >= 2:
            (g,) = struct.unpack(">H", hdr.trns[:2])
            emb.mask = [g, g]
        elif ctyp == 2 and len(hdr.trns) >= 6:
            r, g, b = struct.unpack(">HHH", hdr.trns[:6])
            emb.mask = [r, r, g, g, b, b]
    if icc is not None and _icc_components(icc) == (1 if ctyp == 0 else 3):
        emb.icc = icc
    return emb


def _icc_components(icc: bytes) -> int | None:
    return _ICC_SPACES.get(icc[16:20]) if len(icc) >= 128 else None


def _first_jpeg(im: Image.Image, data: bytes) -> bytes:
    """The first picture of a multi-picture (MPO) file, else the whole file."""
    if im.format == "MPO":
        try:
            size = int(im.mpinfo[0xB002][0]["Size"])  # type: ignore[attr-defined]
        except Exception:
            return data
        if 0 < size <= len(data):
            return data[:size]
    return data


def _jpeg_embed(data: bytes, path: Path) -> _Embedded:
    with _open_pil(path, data) as im:
        try:
            icc = _checked_profile(im.info.get("icc_profile"), path)
            adobe = "adobe" in im.info
            data = _first_jpeg(im, data)
        except InputError:
            raise
        except Exception as exc:
            raise InputError(path, f"corrupt JPEG: {exc}") from None
    _marker, _prec, hgt, wid, ncomp = _jpeg_scan(data, path)
    emb = _Embedded(wid, hgt, 8, ncomp, "DCTDecode", data)
    if ncomp == 4 and adobe:
        emb.decode = [1, 0] * 4
    if icc and _icc_components(icc) == ncomp:
        emb.icc = icc
    return emb


def _pil_png_embed(im: Image.Image, path: Path) -> _Embedded:
    """Losslessly re-encode a Pillow image (mode 1, L, P, RGB, I;16) as a predictor stream,
    checked as a PNG file is (a palette image of a GIF may use colours past its palette)."""
    buf = io.BytesIO()
    im.save(buf, format="PNG", compress_level=_FALLBACK_PNG_LEVEL)
    data = buf.getvalue()
    hdr, stream = _parse_png(data, path)
    return _png_embed(hdr, stream, None)


def _decode_embed(data: bytes, path: Path, png: _PngHeader | None = None) -> tuple[_Embedded, int]:
    """Decode with Pillow and re-compress losslessly. Returns (embedded, PDF minor version).

    ``png``: ``data`` is the `_bare_png` of a PNG file whose header this is (its profile is
    read from there). Only the first frame of a file of many (GIF, TIFF) is read: the frames
    are not counted, which would walk the whole file."""
    with _open_pil(path, data) as im, _pillow_bombs(path):
        try:
            icc = png.icc_profile(path) if png is not None else _checked_profile(im.info.get("icc_profile"), path)
            im.load()
            _check_pixels(path, *im.size)  # the size as loaded, should a format say another first
            if im.mode == "P" and ("transparency" in im.info or im.palette.mode == "RGBA"):
                im = im.convert("RGBA")
            elif im.mode in ("L", "RGB", "I;16") and "transparency" in im.info:
                im = im.convert("LA" if im.mode == "L" else "RGBA")
            elif im.mode in ("PA", "La", "RGBa"):
                im = im.convert("RGBA")
            elif im.mode not in ("1", "L", "P", "RGB", "I;16", "CMYK", "LA", "RGBA"):
                im = im.convert("RGB")
            alpha = None
            if im.mode in ("LA", "RGBA"):
                alpha = im.getchannel("A")
                im = im.convert(im.mode[:-1])
                if alpha.getextrema() == (255, 255):
                    alpha = None
            if im.mode == "CMYK":
                emb = _Embedded(im.width, im.height, 8, 4, "FlateDecode", zlib.compress(im.tobytes(), 6))
            else:
                emb = _pil_png_embed(im, path)
            if icc and _icc_components(icc) == (3 if emb.palette is not None else emb.colors):
                emb.icc = icc
            minor = 3
            if alpha is not None:
                emb.smask = _pil_png_embed(alpha, path)
                minor = 4
            if emb.bits == 16:
                minor = 5
        except (InputError, Image.DecompressionBombError):
            raise
        except Exception as exc:
            raise InputError(path, f"corrupt image: {exc}") from None
    return emb, minor


# ---------------------------------------------------------------------------------------
# The store


@dataclass(frozen=True)
class _Entry:
    name: str  # external name; the PDF resource is "FormXob.<name>"
    info: ImageInfo


class ImageStore:
    """Per-canvas registry: each distinct image file (by content hash) becomes one XObject.

    Every image is checked whole when it is first drawn (a PNG's data inflated once, a JPEG's
    markers walked to its end), never embedded on its header's word.
    """

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._by_path: dict[tuple[str, int, int], _Entry] = {}
        self._by_hash: dict[str, _Entry] = {}

    @classmethod
    def of(cls, canvas: Canvas) -> "ImageStore":
        """The store attached to ``canvas`` (made on first call), so that every renderer
        drawing on one canvas shares one registry instead of re-reading the files."""
        store = getattr(canvas, "_pnp_image_store", None)
        if store is None:
            store = cls(canvas)
            canvas._pnp_image_store = store  # type: ignore[attr-defined]
        return store

    # -- public API -------------------------------------------------------------------

    def info(self, path: PathLike) -> ImageInfo:
        """The image's `ImageInfo` (registers the image on first use)."""
        return self._entry(path).info

    def register(self, path: PathLike) -> str:
        """Embed the image (once) and return its resource name for a ``/Name Do``."""
        return self.canvas._doc.getXObjectName(self._entry(path).name)

    def draw_cover(self, path: PathLike, x: float, y: float, w: float, h: float) -> None:
        """Draw the image scaled to cover the box, centred, clipped to the box."""
        _check_box(w, h)
        entry = self._entry(path)
        iw, ih = entry.info.width_px, entry.info.height_px
        s = max(w / iw, h / ih)
        self._draw(entry, x, y, w, h, iw * s, ih * s, clip=True)

    def draw_fit(self, path: PathLike, x: float, y: float, w: float, h: float) -> None:
        """Draw the image scaled to fit inside the box, centred, uncropped."""
        _check_box(w, h)
        entry = self._entry(path)
        iw, ih = entry.info.width_px, entry.info.height_px
        s = min(w / iw, h / ih)
        self._draw(entry, x, y, w, h, iw * s, ih * s, clip=False)

    def dpi(self, path: PathLike, w_pt: float, h_pt: float) -> float:
        """Effective resolution (pixels per inch) of the image when covering a w x h pt box."""
        _check_box(w_pt, h_pt)
        info = self._entry(path).info
        return min(info.width_px * 72.0 / w_pt, info.height_px * 72.0 / h_pt)

    def __len__(self) -> int:
        """Number of distinct images embedded so far."""
        return len(self._by_hash)

    # -- internals --------------------------------------------------------------------

    def _draw(self, entry: _Entry, x: float, y: float, w: float, h: float, dw: float, dh: float, clip: bool) -> None:
        c = self.canvas
        x0 = x + (w - dw) / 2.0
        y0 = y + (h - dh) / 2.0
        a, b, cc, d, e, f = _ORIENT[entry.info.orientation]
        m = fp_str(a * dw, b * dh, cc * dw, d * dh, e * dw + x0, f * dh + y0)
        reg = c._doc.getXObjectName(entry.name)
        if clip:
            c._code.append(f"q {fp_str(x, y, w, h)} re W n {m} cm /{reg} Do Q")
        else:
            c._code.append(f"q {m} cm /{reg} Do Q")
        if isinstance(c, MeasuredCanvas):  # what the image covers, for the checks of the build
            shown = (max(x, x0), max(y, y0), min(x + w, x0 + dw), min(y + h, y0 + dh)) if clip else \
                (x0, y0, x0 + dw, y0 + dh)
            c.image_drawn(shown)
        forms = c._formsinuse
        if entry.name not in forms:
            forms.append(entry.name)
        c._currentPageHasImages = 1

    def _entry(self, path: PathLike) -> _Entry:
        p = Path(path)
        st = check_regular(p, _WHAT)
        key = (os.path.abspath(p), st.st_size, st.st_mtime_ns)
        entry = self._by_path.get(key)
        if entry is None:
            entry = self._load(p)
            self._by_path[key] = entry
        return entry

    def _load(self, path: Path) -> _Entry:
        data = read_bytes_checked(path, MAX_IMAGE_BYTES, _WHAT)
        digest = hashlib.sha256(data).hexdigest()
        entry = self._by_hash.get(digest)
        if entry is not None:
            return entry
        name = f"pnpimg_{digest[:24]}"
        doc = self.canvas._doc
        minor = 3
        if data.startswith(_PNG_SIG):
            hdr, stream = _parse_png(data, path)
            info = _png_info(hdr, path)
            if info.passthrough:
                emb = _png_embed(hdr, stream, hdr.icc_profile(path))
                if emb.bits == 16:
                    minor = 5
            else:
                emb, minor = _decode_embed(_bare_png(hdr, stream), path, hdr)
        else:
            info = _pillow_info(path, data)
            emb = None
            if info.format in ("JPEG", "MPO") and info.passthrough:
                emb = _jpeg_embed(data, path)
            if emb is None:
                emb, minor = _decode_embed(data, path)
        if doc._pdfVersion < (1, minor):
            doc._pdfVersion = (1, minor)
        reg = doc.getXObjectName(name)
        if reg not in doc.idToObject:  # another store on this canvas may have it already
            doc.Reference(self._stream(emb, name), reg)
        entry = _Entry(name, info)
        self._by_hash[digest] = entry
        return entry

    def _stream(self, emb: _Embedded, name: str) -> PDFStream:
        doc = self.canvas._doc
        d: dict[str, object] = {
            "Type": PDFName("XObject"),
            "Subtype": PDFName("Image"),
            "Width": emb.width,
            "Height": emb.height,
            "BitsPerComponent": emb.bits,
            "Filter": PDFName(emb.filter),
        }
        if emb.predictor:
            d["DecodeParms"] = PDFDictionary(
                {"Predictor": 15, "Colors": emb.colors, "BitsPerComponent": emb.bits, "Columns": emb.width}
            )
        space: object = PDFName(_DEVICE[3 if emb.palette is not None else emb.colors])
        if emb.icc is not None:
            icc_name = "pnpicc_" + hashlib.sha256(emb.icc).hexdigest()[:24]
            if icc_name not in doc.idToObject:
                n = _icc_components(emb.icc)
                icc = PDFStream(
                    PDFDictionary({"N": n, "Alternate": PDFName(_DEVICE[n])}),  # type: ignore[index]
                    content=emb.icc,
                    filters=[PDFZCompress],
                )
                doc.Reference(icc, icc_name)
            space = PDFArray([PDFName("ICCBased"), PDFObjectReference(icc_name)])
        if emb.palette is not None:
            space = PDFArray([PDFName("Indexed"), space, len(emb.palette) // 3 - 1, _HexString(emb.palette)])
        d["ColorSpace"] = space
        if emb.decode:
            d["Decode"] = PDFArray(emb.decode)
        if emb.mask:
            d["Mask"] = PDFArray(emb.mask)
        if emb.smask is not None:
            mask_name = name + "_smask"
            if mask_name not in doc.idToObject:
                doc.Reference(self._stream(emb.smask, mask_name), mask_name)
            d["SMask"] = PDFObjectReference(mask_name)
        return PDFStream(PDFDictionary(d), content=emb.data)


def _check_box(w: float, h: float) -> None:
    if not (w > 0 and h > 0):
        raise ValueError(f"image box must have a positive size, got {w} x {h}")
