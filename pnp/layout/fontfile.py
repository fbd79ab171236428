"""A font a layout file declares (`fonts:`): what its file must be, checked when the layouts are
read, and the bound the renderer's reader (pnp/render/fonts.py) keeps to when it embeds it."""

from __future__ import annotations

import os
from pathlib import Path

from ..data.errors import InputError
from ..data.paths import inside
from ..data.yamlsafe import Located, open_checked

BUILTIN_FONTS = ("regular", "bold", "italic", "bolditalic", "title")  # title: Source Serif Pro Bold
MAX_FONT_BYTES = 16 * 1024 * 1024


def font_file(folder: Path, path: Path, doc: Located, name: str, file: str) -> Path:
    """A declared font's file: inside the layouts folder, a regular TrueType file."""
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
            magic = f.read(4)
    except InputError as exc:
        raise InputError(path, f"font {name!r}: {file!r}: {exc.message}", line=at, field="fonts") from None
    if size > MAX_FONT_BYTES:
        raise InputError(path, f"font {name!r}: {file!r} is over {MAX_FONT_BYTES // 2**20} MB", line=at, field="fonts")
    if magic == b"OTTO":
        raise InputError(path, f"font {name!r}: {file!r} is an OpenType font with PostScript (CFF) outlines, which "
                               f"PDFs from reportlab cannot embed; use its TrueType (.ttf) version", line=at,
                         field="fonts")
    if magic not in (b"\x00\x01\x00\x00", b"true"):
        raise InputError(path, f"font {name!r}: {file!r} is not a TrueType font", line=at, field="fonts")
    return source
