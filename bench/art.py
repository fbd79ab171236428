"""Benchmark: card art into PDF sheets, against img2pdf (lossless, no re-encoding).

Run: ``python bench/art.py [--count 100] [--runs 3] [--keep DIR]``. Prints figures; not a test.

It makes COUNT distinct 300-DPI card images (744 x 1039 px RGB PNG: gradients + noise, so
they do not compress trivially) in a temporary folder, then times, best of RUNS each:

* ``img2pdf``: the same files into one PDF (one image per page) — the reference;
* ``ImageStore``: A4 portrait sheets, 3 x 3 cards of 63 x 88 mm, each image covering its
  69 x 94 mm bleed box (3 mm bleed) with a clip, crop marks around the grid — `draw_sheets`;
* ``pnp build``: the whole build of a deck of those cards, 3 x 3 on A4 with crop marks;
* ``drawImage``: the same layout with reportlab's plain ``Canvas.drawImage``.

It reports wall times, the ratio to img2pdf, output sizes, and checks that the PNG art is
stored losslessly (Flate with PNG predictors, no DCTDecode) and once per image.
``pnp build`` is the real pipeline: the same images as a card component (YAML, layout,
sheets with crop marks, ruler and footer, backs) built with `pnp.build.build`.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Sequence

from PIL import Image, ImageChops
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.render.images import ImageStore

CARD_W, CARD_H = 63 * mm, 88 * mm
BLEED = 3 * mm
COLS, ROWS = 3, 3
PX_W, PX_H = 744, 1039  # 63 x 88 mm at 300 DPI (rounded up)


# ---------------------------------------------------------------------------------------
# test images


def make_images(folder: Path, count: int) -> list[Path]:
    """COUNT distinct RGB PNGs: per-image gradients mixed with random noise."""
    paths = []
    size = (PX_W, PX_H)
    lin = Image.linear_gradient("L")
    rad = Image.radial_gradient("L")
    for i in range(count):
        r = lin.rotate(i * 37 % 360).resize(size)
        g = rad.resize(size).rotate(i * 11 % 360)
        b = ImageChops.multiply(lin.transpose(Image.Transpose.ROTATE_90).resize(size), rad.resize(size))
        base = Image.merge("RGB", (r, g, b))
        noise = Image.frombytes("RGB", size, os.urandom(PX_W * PX_H * 3))
        img = Image.blend(base, noise, 0.12 + (i % 5) * 0.02)
        p = folder / f"card_{i:03d}.png"
        img.save(p, dpi=(300, 300))
        paths.append(p)
    return paths


# ---------------------------------------------------------------------------------------
# sheet layouts


def _grid_origin(page_w: float, page_h: float) -> tuple[float, float]:
    return (page_w - COLS * CARD_W) / 2, (page_h - ROWS * CARD_H) / 2


def _boxes(page_w: float, page_h: float):
    """Card trim boxes (x, y, w, h) on a page, top row first."""
    x0, y0 = _grid_origin(page_w, page_h)
    for row in range(ROWS):
        for col in range(COLS):
            yield x0 + col * CARD_W, y0 + (ROWS - 1 - row) * CARD_H, CARD_W, CARD_H


def _crop_marks(canvas: Canvas, page_w: float, page_h: float) -> None:
    x0, y0 = _grid_origin(page_w, page_h)
    x1, y1 = x0 + COLS * CARD_W, y0 + ROWS * CARD_H
    gap, length = 2 * mm, 5 * mm
    canvas.saveState()
    canvas.setLineWidth(0.25)
    lines = []
    for i in range(COLS + 1):
        x = x0 + i * CARD_W
        lines += [(x, y1 + gap, x, y1 + gap + length), (x, y0 - gap, x, y0 - gap - length)]
    for j in range(ROWS + 1):
        y = y0 + j * CARD_H
        lines += [(x0 - gap, y, x0 - gap - length, y), (x1 + gap, y, x1 + gap + length, y)]
    canvas.lines(lines)
    canvas.restoreState()


def draw_sheets(canvas: Canvas, images: Sequence[Path]) -> None:
    """The sheet renderer under test: 3 x 3 cards per page, art covering the bleed box."""
    store = ImageStore(canvas)
    page_w, page_h = canvas._pagesize
    per_page = COLS * ROWS
    for start in range(0, len(images), per_page):
        for path, (x, y, w, h) in zip(images[start : start + per_page], _boxes(page_w, page_h)):
            store.draw_cover(path, x - BLEED, y - BLEED, w + 2 * BLEED, h + 2 * BLEED)
        _crop_marks(canvas, page_w, page_h)
        canvas.showPage()


def draw_sheets_drawimage(canvas: Canvas, images: Sequence[Path]) -> None:
    """The same layout with plain reportlab drawImage (decodes and re-compresses)."""
    page_w, page_h = canvas._pagesize
    per_page = COLS * ROWS
    for start in range(0, len(images), per_page):
        for path, (x, y, w, h) in zip(images[start : start + per_page], _boxes(page_w, page_h)):
            bx, by, bw, bh = x - BLEED, y - BLEED, w + 2 * BLEED, h + 2 * BLEED
            with Image.open(path) as im:
                iw, ih = im.size
            s = max(bw / iw, bh / ih)
            dw, dh = iw * s, ih * s
            canvas.saveState()
            p = canvas.beginPath()
            p.rect(bx, by, bw, bh)
            canvas.clipPath(p, stroke=0, fill=0)
            canvas.drawImage(str(path), bx + (bw - dw) / 2, by + (bh - dh) / 2, dw, dh)
            canvas.restoreState()
        _crop_marks(canvas, page_w, page_h)
        canvas.showPage()


# ---------------------------------------------------------------------------------------
# runners


def run_img2pdf(images: Sequence[Path], out: Path) -> None:
    import img2pdf

    with open(out, "wb") as f:
        img2pdf.convert([str(p) for p in images], outputstream=f)


def run_copy(images: Sequence[Path], out: Path) -> None:
    """The floor: read every file and write the bytes out once."""
    with open(out, "wb") as f:
        for p in images:
            f.write(p.read_bytes())


def run_reportlab(
    draw: Callable[[Canvas, Sequence[Path]], None], use_a85: bool | None = None
) -> Callable[[Sequence[Path], Path], None]:
    def run(images: Sequence[Path], out: Path) -> None:
        from reportlab import rl_config

        saved = rl_config.useA85
        if use_a85 is not None:
            rl_config.useA85 = int(use_a85)
        try:
            c = Canvas(str(out), pagesize=A4, invariant=1)
            draw(c, images)
            c.save()
        finally:
            rl_config.useA85 = saved

    return run


def run_pnp_build(images: Sequence[Path], out: Path) -> None:
    """The real pipeline: ``pnp build`` of a deck whose cards are the images, full bleed.

    A card folder and a layout are written beside the PDF (a few KB of YAML; the time to
    write them is part of the measure, as a user's build reads its YAML too).
    """
    import shutil

    from pnp.build import BuildOptions, build, bundled

    work = out.parent / f"{out.stem}_work"
    shutil.rmtree(work, ignore_errors=True)
    (work / "cards" / "relics").mkdir(parents=True)
    (work / "layouts").mkdir()
    shutil.copy(bundled("layouts") / "base.yaml", work / "layouts" / "base.yaml")
    (work / "layouts" / "bench.yaml").write_text(
        "templates:\n"
        "  bench-art:\n    size: [63, 88]\n    bleed: 3\n    elements:\n"
        "      art: {type: art, box: [-3, -3, 69, 94]}\n"
        "  bench-back:\n    extends: poker-back\n"
    )
    items = "".join(f"      - {{name: card {i}, image: {p}}}\n" for i, p in enumerate(images))
    (work / "cards" / "relics" / "art.yaml").write_text(
        "game: relics\ncomponents:\n  - component: art card\n    kind: card\n    layout: bench-art\n"
        "    back: {layout: bench-back}\n    items:\n" + items
    )
    folders = tuple(sorted({Path(p).resolve().parent for p in images}))  # --assets: the images' folder
    results = build(["relics"], BuildOptions(cards_dir=work / "cards", layouts_dir=work / "layouts",
                                             out_dir=work / "out", assets=folders))
    os.replace(results[0].path, out)


def best_of(runs: int, fn, images, out: Path) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn(images, out)
        best = min(best, time.perf_counter() - t0)
    return best


def check_lossless(pdf: Path, expected_images: int) -> str:
    """Count image XObjects and their filters in the file."""
    try:
        import pypdf
    except ImportError:  # pragma: no cover
        return "pypdf not installed: not checked"
    reader = pypdf.PdfReader(str(pdf))
    seen: dict[tuple[int, int], str] = {}
    visited: set[tuple[int, int]] = set()

    def images_of(resources_owner):
        """Image XObjects of a page or form, looking inside nested forms (card faces)."""
        xobjs = resources_owner.get("/Resources", {}).get("/XObject", {})
        for _name, ref in xobjs.items():
            key = (ref.idnum, ref.generation)
            if key in visited:
                continue
            visited.add(key)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                yield from images_of(obj)
            elif obj.get("/Subtype") == "/Image":
                yield ref, obj

    for page in reader.pages:
        for ref, obj in images_of(page):
            filt = obj.get("/Filter")
            filt = "+".join(filt) if isinstance(filt, list) else str(filt)
            parms = obj.get("/DecodeParms") or {}
            if parms.get("/Predictor"):
                filt += f"(Predictor {parms['/Predictor']})"
            seen[(ref.idnum, ref.generation)] = filt
    kinds = sorted(set(seen.values()))
    ok = len(seen) == expected_images and not any("DCT" in k for k in kinds)
    return f"{len(seen)} image XObjects, filters {kinds}: {'OK' if ok else 'NOT LOSSLESS/DEDUPED'}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", type=Path, help="write images and PDFs here instead of a temp dir")
    ap.add_argument("--no-drawimage", action="store_true", help="skip the drawImage baseline")
    ap.add_argument("--a85", action="store_true", help="also time drawImage with reportlab's default useA85=1 (very slow)")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        t0 = time.perf_counter()
        images = make_images(folder, args.count)
        in_size = sum(p.stat().st_size for p in images)
        took = time.perf_counter() - t0
        print(f"made {len(images)} images {PX_W}x{PX_H} RGB PNG, {in_size / 1e6:.1f} MB, in {took:.1f} s")

        cases = [
            ("copy floor", run_copy),
            ("img2pdf", run_img2pdf),
            ("ImageStore", run_reportlab(draw_sheets)),
            ("pnp build", run_pnp_build),
        ]
        if not args.no_drawimage:
            # reportlab's default rl_config.useA85=1 ASCII85-encodes images in pure Python
            # (about 10x slower again); the fair baseline turns it off.
            cases.append(("drawImage", run_reportlab(draw_sheets_drawimage, use_a85=False)))
        if args.a85:
            cases.append(("drawImage+A85", run_reportlab(draw_sheets_drawimage, use_a85=True)))
        results = {}
        for name, fn in cases:
            out = folder / f"out_{name.replace(' ', '_').replace('+', '_')}.pdf"
            try:
                t = best_of(args.runs, fn, images, out)
            except ImportError as exc:
                print(f"{name}: skipped ({exc}; install the 'bench' extra)")
                continue
            results[name] = (t, out)

        ref = results.get("img2pdf", (None, None))[0]
        print(f"\n{'method':<14} {'best of ' + str(args.runs):>10} {'vs img2pdf':>11} {'output':>10}")
        for name, (t, out) in results.items():
            ratio = f"{t / ref:.2f}x" if ref else "-"
            print(f"{name:<14} {t:>9.3f}s {ratio:>11} {out.stat().st_size / 1e6:>8.1f}MB")
        if "ImageStore" in results:
            print("\nImageStore output:", check_lossless(results["ImageStore"][1], len(images)))
        if "pnp build" in results:
            print("pnp build output: ", check_lossless(results["pnp build"][1], len(images)))
        for name in ("ImageStore", "pnp build"):
            if ref and name in results:
                ratio = results[name][0] / ref
                print(f"ratio {name} / img2pdf = {ratio:.2f} (target <= 1.5): {'PASS' if ratio <= 1.5 else 'FAIL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
