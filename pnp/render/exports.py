"""Digital exports of the cards: ``pnp build --format png|pod|tts`` (docs/exports.md).

* ``png``: one PNG per distinct card face, 300 DPI, trim plus bleed, with ``manifest.csv``
  and ``manifest.json`` giving each card's copy count.
* ``pod``: one PDF per component, one card a page (front, back, front, back...), each page
  the card's trim plus bleed with TrimBox and BleedBox set, as print shops read them.
* ``tts``: Tabletop Simulator deck sheets (at most 10 x 7 cards, the last slot kept for the
  hidden-card image), the back image or back sheets, and a JSON per deck with what the
  Custom Deck dialog asks for.

Raster images are made by drawing every distinct face once into one in-memory PDF (a page
each, with reportlab, as the print sheets draw them), which pdfium then renders page by page.
Each page is sized in pixels (1 pt = 1 px, rendered at scale 1), so every image has exactly
the size computed here and nothing depends on pdfium's rounding. The same inputs give the
same bytes: reportlab's invariant mode, pdfium's deterministic rasteriser, and PNGs without
time stamps.

``export(fmt, game, jobs, layouts, options, folder)`` writes everything into ``folder`` (the
build moves it into place) and returns a `RenderReport`: ``faces`` = image files (png, tts)
or pages (pod) written, ``pages`` = PDF pages (pod) or sheet images (tts), ``fronts`` =
{component: printed cards}, ``warnings`` = the face renderer's.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import struct
import unicodedata
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from reportlab.lib.units import mm

from ..data.errors import InputError
from ..data.text import csv_row
from ..layout import model as lm
from ..options import PrintOptions
from ..layout.presets import DPI  # png: the resolution print-on-demand services ask for
from . import fonts
from .card import Face, FaceRenderer
from .forms import FormCache, face_key, shown_key
from .images import ImageStore
from .measured import MeasuredCanvas
from .sheets import FORM_MARGIN, CardJob, RenderReport, new_canvas

FORMATS = ("png", "pod", "tts")

# zlib level of every PNG: 3 takes half the time of 6 for files about 15 % larger (card
# faces: 8 ms and 96 KB against 15 ms and 83 KB)
PNG_LEVEL = 3
TTS_MAX_PX = 4096  # tts: the widest (and tallest) sheet image
TTS_MAX_COLS, TTS_MAX_ROWS = 10, 7  # tts: the largest grid the Custom Deck dialog takes
TTS_MIN_GRID = 2  # tts: the dialog's smallest width and height
TTS_CARD_W = TTS_MAX_PX // TTS_MAX_COLS  # 409 px: ten cards fit 4096 px
TTS_FILL = (64, 64, 64)  # tts: the slots without a card (and the hidden slot without a common back)


# --- names ------------------------------------------------------------------------------


def slug(text: str, fallback: str = "card") -> str:
    """A safe file name stem: ASCII, lower case, words joined by hyphens.

    "Time in the Burning Desert" -> "time-in-the-burning-desert"; "World's Edge Pub" ->
    "worlds-edge-pub"; "Él Niño" -> "el-nino"; nothing left -> ``fallback``.
    """
    ascii_text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode("ascii")
    ascii_text = re.sub(r"['\u2019`]", "", ascii_text.lower())
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    return stem[:80].strip("-") or fallback


class _Names:
    """Hands out unique names: the second "reflection" is "reflection-2", and so on."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, stem: str) -> str:
        n, name = 1, stem
        while name in self.used:
            n += 1
            name = f"{stem}-{n}"
        self.used.add(name)
        return name


def _card_name(face: Face, game: str, component: str) -> str:
    """The card's name as the data gives it, read back from the face's label
    ("visions/dream fragment card/Time in the Burning Desert (front)")."""
    label = face.label
    prefix = f"{game}/{component}/"
    if label.startswith(prefix):
        label = label[len(prefix):]
    for side in (" (front)", " (back)"):
        if label.endswith(side):
            label = label[: -len(side)]
    if not label:
        label = str(face.fields.get("name") or "card")
    return label


# --- sizes ------------------------------------------------------------------------------


def px(length_mm: float, dpi: float = DPI) -> int:
    """``length_mm`` in whole pixels at ``dpi``, rounded half up: 69 mm -> 815, 94 mm -> 1110."""
    return int(math.floor(length_mm * dpi / 25.4 + 0.5))


def png_size(width: float, height: float, bleed: float) -> tuple[int, int]:
    """Pixel size of a PNG face of a ``width`` x ``height`` mm trim: (trim + 2 x bleed) at
    300 DPI."""
    return px(width + 2 * bleed), px(height + 2 * bleed)


def tts_card_size(width_mm: float, height_mm: float) -> tuple[int, int]:
    """Pixel size of one card on a TTS sheet: trim only, 409 px wide (ten fit 4096 px), the
    height by the card's ratio: 409 x 571 for poker (63 x 88), 409 x 701 for tarot (70 x 120)."""
    return TTS_CARD_W, int(math.floor(TTS_CARD_W * height_mm / width_mm + 0.5))


def tts_max_rows(card_h: int) -> int:
    """Rows a sheet may have: 7, fewer when 7 cards would be taller than 4096 px (tarot: 5)."""
    return max(TTS_MIN_GRID, min(TTS_MAX_ROWS, TTS_MAX_PX // card_h))


def tts_grid(cards: int, max_rows: int = TTS_MAX_ROWS) -> tuple[int, int]:
    """(columns, rows) for a sheet of ``cards`` cards plus the hidden slot: as few rows as
    will do, then as few columns; at least 2 x 2 (the dialog's smallest)."""
    slots = cards + 1
    rows = max(TTS_MIN_GRID, -(-slots // TTS_MAX_COLS))
    cols = max(TTS_MIN_GRID, -(-slots // rows))
    if cols > TTS_MAX_COLS or rows > max_rows:
        raise ValueError(f"{cards} cards do not fit one sheet")
    return cols, rows


# --- cards ------------------------------------------------------------------------------


@dataclass
class _Design:
    """A distinct (front, back) pair of a component and how many copies are printed."""

    name: str
    front: Face
    back: Face
    front_key: str
    back_key: str
    copies: int = 0


@dataclass
class _Deck:
    """One component's cards, checked and ready to export."""

    job: CardJob
    slug: str
    bleed: float
    width: float  # trim, mm
    height: float
    double_sided: bool = False  # each card has a back of its own (day/night, reflection cards)
    designs: list[_Design] = field(default_factory=list)
    order: list[_Design] = field(default_factory=list)  # the design of each printed card

    @property
    def cards(self) -> int:
        return len(self.job.cards)

    @property
    def common_back(self) -> bool:
        """One back for the whole deck (its deck back), written once."""
        return not self.double_sided and len({d.back_key for d in self.designs}) == 1


def _double_sided(job: CardJob, game: str) -> bool:
    """Whether the job's cards have backs of their own (the data's `back:` under each item)
    rather than the component's one back."""
    return job.double_sided


def _decks(game: str, jobs: list[CardJob], options: PrintOptions) -> list[_Deck]:
    names = _Names()
    decks = []
    for job in jobs:
        if not job.cards:
            continue
        first = job.cards[0][0].template
        for front, back in job.cards:
            for face in (front, back):
                t = face.template
                if (t.width, t.height) != (first.width, first.height):
                    raise InputError(t.file or None, f"{game}: component {job.component!r}: template {t.name!r} is "
                                           f"{t.width:g} x {t.height:g} mm, not the {first.width:g} x "
                                           f"{first.height:g} mm of {first.name!r}; a deck's cards must be "
                                           f"one size")
        deck = _Deck(job, names.take(slug(job.component, "cards")), float(job.bleed(options.bleed)), *job.trim,
                     _double_sided(job, game))
        by_pair: dict[tuple[str, str], _Design] = {}
        for front, back in job.cards:
            fk, bk = face_key(front), face_key(back)
            design = by_pair.get((fk, bk))
            if design is None:
                design = _Design(_card_name(front, game, job.component), front, back, fk, bk)
                by_pair[(fk, bk)] = design
                deck.designs.append(design)
            design.copies += 1
            deck.order.append(design)
        decks.append(deck)
    return decks


# --- rasterising ------------------------------------------------------------------------


class _Raster:
    """Faces drawn into one in-memory PDF, a page each, then rendered by pdfium page by page.

    A page is ``w`` x ``h`` points for a ``w`` x ``h`` pixel image: the face is scaled onto
    it, so rendering at scale 1 gives exactly that size.
    """

    def __init__(self, layouts: lm.Layouts) -> None:
        self.buffer = io.BytesIO()
        self.canvas = MeasuredCanvas(self.buffer, invariant=1, pageCompression=0,
                             initialFontName=fonts.font("regular"))
        self.faces = FaceRenderer(self.canvas, layouts, ImageStore(self.canvas))
        self.pages: dict[tuple, int] = {}  # (face key, size, placement) -> page index

    def add(self, face: Face, size: tuple[int, int], trim_px: tuple[float, float]) -> int:
        """The page index of ``face`` on a ``size`` page, its trim ``trim_px`` pixels large
        and centred (the rest is bleed); a face asked for again is drawn once. A design of
        another shape than the trim (a preset's size) is scaled by one factor to fit it."""
        key = (shown_key(face), size, trim_px)  # faces that print alike are drawn once
        page = self.pages.get(key)
        if page is not None:
            return page
        c = self.canvas
        w, h = size
        t = face.template
        c.setPageSize((w, h))
        c.saveState()
        scale = min(trim_px[0] / (t.width * mm), trim_px[1] / (t.height * mm))
        c.translate((w - t.width * mm * scale) / 2, (h - t.height * mm * scale) / 2)
        c.scale(scale, scale)
        self.faces.draw(face, 0.0, 0.0)
        c.restoreState()
        c.showPage()
        page = self.pages[key] = len(self.pages)
        return page

    def render(self) -> Iterator[tuple[int, Any]]:
        """(page index, RGB PIL image) for every page, in order."""
        import pypdfium2 as pdfium

        self.canvas.save()
        pdf = pdfium.PdfDocument(self.buffer.getvalue())
        try:
            for i in range(len(pdf)):
                page = pdf[i]
                try:
                    image = page.render(scale=1).to_pil().convert("RGB")
                finally:
                    page.close()
                yield i, image
        finally:
            pdf.close()


def png_bytes(image, dpi: int | None = DPI, level: int = PNG_LEVEL) -> bytes:
    """PNG bytes of an RGB ``image``, with its DPI in pHYs and nothing else: no time stamp,
    no text, so the same image always gives the same bytes.

    Written here rather than by Pillow: Pillow's encoder holds the GIL (and its adaptive
    filters cost more than they save on flat card graphics), while ``zlib.compress``
    releases it, so `_Encoder` compresses on every core. Rows are unfiltered (filter 0).
    """
    if image.mode != "RGB":
        image = image.convert("RGB")
    w, h = image.size
    raw = memoryview(image.tobytes())
    stride = 3 * w
    rows = b"".join(part for y in range(0, h * stride, stride) for part in (b"\0", raw[y:y + stride]))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    out = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))]
    if dpi:
        ppm = int(math.floor(dpi / 0.0254 + 0.5))  # pixels per metre: 300 DPI -> 11811
        out.append(chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    out.append(chunk(b"IDAT", zlib.compress(rows, level)))
    out.append(chunk(b"IEND", b""))
    return b"".join(out)


class _Encoder:
    """Encodes PNGs on a few threads while the caller renders the next page. Each result is
    handed to its ``done`` callback in the caller's thread, in the order submitted."""

    def __init__(self, workers: int | None = None) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self.pool = ThreadPoolExecutor(self.workers)
        self.pending: list = []

    def submit(self, image, dpi: int | None, done: Callable[[bytes], None]) -> None:
        self.pending.append((self.pool.submit(png_bytes, image, dpi), done))
        while len(self.pending) > 2 * self.workers:  # bounds the images held in memory
            self._finish_oldest()

    def write(self, image, dpi: int | None, path: Path) -> None:
        self.submit(image, dpi, path.write_bytes)

    def _finish_oldest(self) -> None:
        future, done = self.pending.pop(0)
        done(future.result())

    def __enter__(self) -> "_Encoder":
        return self

    def __exit__(self, kind, value, tb) -> None:
        try:
            while kind is None and self.pending:
                self._finish_oldest()
        finally:  # on failure nothing more is written: the export's folder is thrown away
            self.pool.shutdown(cancel_futures=True)


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8", newline="")


def _json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# --- png ----------------------------------------------------------------------------------


def _export_png(game: str, decks: list[_Deck], layouts: lm.Layouts, folder: Path, report: RenderReport) -> None:
    raster = _Raster(layouts)
    sides: list[tuple[_Deck, _Design, int, int]] = []  # (deck, design, front page, back page)
    for deck in decks:
        size = png_size(deck.width, deck.height, deck.bleed)
        trim = (deck.width * DPI / 25.4, deck.height * DPI / 25.4)
        for d in deck.designs:
            sides.append((deck, d, raster.add(d.front, size, trim), raster.add(d.back, size, trim)))

    encoded: dict[int, bytes] = {}
    with _Encoder() as encoder:
        for page, image in raster.render():
            encoder.submit(image, DPI, lambda data, page=page: encoded.__setitem__(page, data))

    # name the files: faces that come out the same image are one file (the copies of a card,
    # a deck's back, the identical backs of double-sided cards)
    files: dict[str, bytes] = {}
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    components: list[dict[str, Any]] = []
    for deck in decks:
        mine = [(d, f, b) for dk, d, f, b in sides if dk is deck]
        names = _Names()
        by_image: dict[tuple[str, bytes], str] = {}
        common = len({encoded[b] for _, _, b in mine}) == 1
        deck_rows: dict[tuple[str, str], dict[str, Any]] = {}
        for d, front_page, back_page in mine:
            stem = names.take(slug(d.name))
            front = by_image.setdefault(("front", encoded[front_page]), f"{deck.slug}/{stem}-front.png")
            back = by_image.setdefault(("back", encoded[back_page]),
                                       f"{deck.slug}/back.png" if common else f"{deck.slug}/{stem}-back.png")
            files[front], files[back] = encoded[front_page], encoded[back_page]
            row = deck_rows.get((front, back))
            if row is None:
                row = deck_rows[(front, back)] = {"component": deck.job.component, "card": d.name, "copies": 0,
                                                  "front": front, "back": back}
            row["copies"] += d.copies
        rows.update(deck_rows)
        size = png_size(deck.width, deck.height, deck.bleed)
        components.append({
            "component": deck.job.component,
            "folder": deck.slug,
            "cards": deck.cards,
            "sample_data": deck.job.sample,
            "trim_mm": [round(deck.width, 3), round(deck.height, 3)],
            "bleed_mm": round(deck.bleed, 3),
            "preset": deck.job.preset.name if deck.job.preset else None,
            "size_px": list(size),
            "common_back": f"{deck.slug}/back.png" if common else None,
            "designs": [{k: r[k] for k in ("card", "copies", "front", "back")} for r in deck_rows.values()],
        })
        for r in deck_rows.values():
            r["width_px"], r["height_px"] = size
        report.fronts[deck.job.component] = deck.cards

    for rel, data in files.items():
        path = folder / rel
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
    report.faces = len(files)

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["component", "card", "copies", "front", "back", "width_px", "height_px"],
                            lineterminator="\n")
    writer.writeheader()
    # a card's name is a stranger's text: one a spreadsheet would run as a formula is written quoted
    writer.writerows(csv_row(r) for r in rows.values())
    _write(folder / "manifest.csv", out.getvalue())
    _write(folder / "manifest.json", _json({
        "game": game,
        "format": "png",
        "dpi": DPI,
        "note": "one image per distinct face; 'copies' is how many of each card to print",
        "components": components,
    }))
    report.warnings = raster.faces.warnings


# --- pod ----------------------------------------------------------------------------------


class _PodWriter:
    """One component's print-on-demand PDF: a card a page, front then back."""

    def __init__(self, path: Path, title: str, layouts: lm.Layouts) -> None:
        self.c = new_canvas(path, title)
        self.faces = FaceRenderer(self.c, layouts, ImageStore(self.c))
        self._forms = FormCache(self.c)

    def _form(self, face: Face, key: str) -> str:
        t, b = face.template, FORM_MARGIN * mm
        return self._forms.get(key, (-b, -b, t.width * mm + b, t.height * mm + b),
                               lambda: self.faces.draw(face, 0.0, 0.0))

    def page(self, face: Face, key: str, deck: "_Deck") -> None:
        c = self.c
        b = deck.bleed * mm
        w, h = deck.width * mm + 2 * b, deck.height * mm + 2 * b
        form = self._form(face, key)
        c.setPageSize((w, h))
        c.setBleedBox((0, 0, w, h))
        c.setTrimBox((b, b, w - b, h - b))
        c.saveState()
        p = c.beginPath()
        p.rect(0, 0, w, h)
        c.clipPath(p, stroke=0, fill=0)
        scale, dx, dy = deck.job.placement
        c.translate(b + dx * mm, b + dy * mm)
        c.scale(scale, scale)
        c.doForm(form)
        c.restoreState()
        c.showPage()


def _export_pod(game: str, decks: list[_Deck], layouts: lm.Layouts, folder: Path, report: RenderReport) -> None:
    warnings: list[str] = []
    for deck in decks:
        title = f"{deck.job.game_title}: {deck.job.component} (one card a page, front then back)"
        writer = _PodWriter(folder / f"{deck.slug}.pdf", title, layouts)
        for front, back in deck.job.cards:
            writer.page(front, shown_key(front), deck)  # identical faces stored once
            writer.page(back, shown_key(back), deck)
            report.pages += 2
            report.faces += 2
        writer.c.save()
        report.fronts[deck.job.component] = deck.cards
        warnings.extend(w for w in writer.faces.warnings if w not in warnings)
    report.warnings = warnings


# --- tts ----------------------------------------------------------------------------------


def _export_tts(game: str, decks: list[_Deck], layouts: lm.Layouts, folder: Path, report: RenderReport) -> None:
    from PIL import Image

    raster = _Raster(layouts)
    plans = []
    for deck in decks:
        cw, ch = tts_card_size(deck.width, deck.height)
        max_rows = tts_max_rows(ch)
        per_sheet = TTS_MAX_COLS * max_rows - 1
        pages = {id(d): (raster.add(d.front, (cw, ch), (cw, ch)), raster.add(d.back, (cw, ch), (cw, ch)))
                 for d in deck.designs}
        cards = [(d, *pages[id(d)]) for d in deck.order]  # every copy, in the data's order
        sheets = [cards[i:i + per_sheet] for i in range(0, len(cards), per_sheet)]
        plans.append((deck, (cw, ch), max_rows, sheets))

    images = dict(raster.render())

    def sheet_image(cols: int, rows: int, size: tuple[int, int], slots: dict[int, int]):
        cw, ch = size
        sheet = Image.new("RGB", (cols * cw, rows * ch), TTS_FILL)
        for slot, page in slots.items():
            sheet.paste(images[page], ((slot % cols) * cw, (slot // cols) * ch))
        return sheet

    with _Encoder() as encoder:
        for deck, size, max_rows, sheets in plans:
            common = deck.common_back
            back_file = f"{deck.slug}-back.png" if common else None
            back_page = raster.pages[(deck.designs[0].back_key, size, size)] if common else None
            if common:
                encoder.write(images[back_page], None, folder / back_file)
                report.faces += 1
            entries = []
            for k, cards in enumerate(sheets, start=1):
                cols, rows = tts_grid(len(cards), max_rows)
                hidden = cols * rows - 1
                slots = {i: front for i, (_, front, _) in enumerate(cards)}
                if common:
                    slots[hidden] = back_page  # what TTS shows of a card in another player's hand
                face_file = f"{deck.slug}-sheet-{k}.png"
                encoder.write(sheet_image(cols, rows, size, slots), None, folder / face_file)
                entry = {
                    "face": face_file,
                    "back": back_file,
                    "unique_backs": not common,
                    "width": cols,
                    "height": rows,
                    "number": len(cards),
                    "sideways": deck.width > deck.height,
                    "back_is_hidden": False,
                    "image_px": [cols * size[0], rows * size[1]],
                    "hidden_slot": hidden + 1,
                    "cards": [d.name for d, _, _ in cards],
                }
                if not common:
                    entry["back"] = f"{deck.slug}-backs-{k}.png"
                    back_slots = {i: back for i, (_, _, back) in enumerate(cards)}
                    encoder.write(sheet_image(cols, rows, size, back_slots), None, folder / entry["back"])
                    report.faces += 1
                report.faces += 1
                report.pages += 1
                entries.append(entry)
            _write(folder / f"{deck.slug}.json", _json({
                "game": game,
                "deck": deck.job.component,
                "cards": deck.cards,
                "sample_data": deck.job.sample,
                "card_px": list(size),
                "trim_mm": [round(deck.width, 3), round(deck.height, 3)],
                "sheets": entries,
            }))
            report.fronts[deck.job.component] = deck.cards
    report.warnings = raster.faces.warnings


# --- entry point --------------------------------------------------------------------------


_EXPORTERS = {"png": _export_png, "pod": _export_pod, "tts": _export_tts}


def export(fmt: str, game: str, jobs: list[CardJob], layouts: lm.Layouts, options: PrintOptions,
           folder: Path) -> RenderReport:
    """Write ``game``'s cards as ``fmt`` (png, pod or tts) into the empty ``folder``."""
    exporter = _EXPORTERS.get(fmt)
    if exporter is None:
        raise InputError(None, f"unknown export format {fmt!r} (known: {', '.join(FORMATS)})")
    folder = Path(folder)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(folder, 0o777 & ~umask)  # a temporary folder is private; the export is not
    report = RenderReport()
    exporter(game, _decks(game, jobs, options), layouts, folder, report)
    if fmt == "pod" and options.pdfx:
        _to_pdfx(folder, report)
    return report


def _to_pdfx(folder: Path, report: RenderReport) -> None:
    """Each print-on-demand PDF made PDF/X-1a:2003 (pnp/render/pdfx.py), then checked: a file
    that breaks a rule is a fault of pnp's, never handed to a shop."""
    from . import pdfx

    for path in sorted(folder.glob("*.pdf")):
        tmp = path.with_suffix(".pdfx.tmp")
        notes = pdfx.convert(path, tmp)
        os.replace(tmp, path)
        report.warnings.extend(f"{path.name}: {note}" for note in notes)
        problems = pdfx.problems(path)
        if problems:
            raise AssertionError(f"{path.name} is not PDF/X-1a: {'; '.join(problems)}")
