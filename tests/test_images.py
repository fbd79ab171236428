"""pnp.render.images: lossless, deduplicated card art in reportlab PDFs."""

from __future__ import annotations

import io
import random
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageCms
from reportlab.pdfgen.canvas import Canvas

import pdfplumber
import pypdf
from pypdf.generic import ContentStream

from pnp.data.errors import InputError
from pnp.render.images import ImageInfo, ImageStore, image_info

PAGE = (400, 400)


# ---------------------------------------------------------------------------------------
# helpers


def noisy_rgb(w: int = 61, h: int = 43, seed: int = 1) -> Image.Image:
    rnd = random.Random(seed)
    data = bytearray()
    for y in range(h):
        for x in range(w):
            data += bytes(((x * 4) % 256, (y * 6) % 256, rnd.randrange(256)))
    return Image.frombytes("RGB", (w, h), bytes(data))


def quadrants(w: int = 80, h: int = 60) -> Image.Image:
    """Four flat colours: red top-left, green top-right, blue bottom-left, yellow bottom-right."""
    im = Image.new("RGB", (w, h))
    im.paste((255, 0, 0), (0, 0, w // 2, h // 2))
    im.paste((0, 255, 0), (w // 2, 0, w, h // 2))
    im.paste((0, 0, 255), (0, h // 2, w // 2, h))
    im.paste((255, 255, 0), (w // 2, h // 2, w, h))
    return im


def png_chunk(ctype: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + ctype + data + struct.pack(">I", zlib.crc32(ctype + data))


def write_interlaced_png(path: Path, im: Image.Image) -> None:
    """Adam7-interlaced RGB PNG (Pillow cannot write interlaced PNGs)."""
    w, h = im.size
    px = im.convert("RGB").tobytes()
    raw = bytearray()
    for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)):
        cols = range(x0, w, dx)
        if not cols:
            continue
        for y in range(y0, h, dy):
            raw.append(0)
            for x in cols:
                i = (y * w + x) * 3
                raw += px[i : i + 3]
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 1))
        + png_chunk(b"IDAT", zlib.compress(bytes(raw)))
        + png_chunk(b"IEND", b"")
    )


def render_pdf(tmp_path: Path, draws, name: str = "out.pdf", pages: int = 1) -> Path:
    """draws(store, canvas, page_index) is called for each page."""
    out = tmp_path / name
    c = Canvas(str(out), pagesize=PAGE, invariant=1)
    store = ImageStore(c)
    for i in range(pages):
        draws(store, c, i)
        c.showPage()
    c.save()
    return out


def one_image(tmp_path: Path, src: Path, method: str = "draw_cover"):
    pdf = render_pdf(tmp_path, lambda s, c, i: getattr(s, method)(src, 50, 50, 200, 150))
    reader = pypdf.PdfReader(str(pdf))
    xobjs = reader.pages[0]["/Resources"]["/XObject"]
    assert len(xobjs) == 1
    (obj,) = [v.get_object() for v in xobjs.values()]
    return reader, obj


def all_image_objects(pdf: Path) -> list:
    """Every image XObject in the file, referenced or not."""
    reader = pypdf.PdfReader(str(pdf))
    found = []
    for num in range(1, int(reader.trailer["/Size"])):
        try:
            obj = reader.get_object(num)
        except Exception:
            continue
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Image":
            found.append(obj)
    return found


def decode_bits(data: bytes, w: int, h: int, bits: int) -> bytes:
    """Unpack rows of 1/2/4-bit samples into one byte per sample."""
    if bits == 8:
        return data
    row = (w * bits + 7) // 8
    out = bytearray()
    per = 8 // bits
    mask = (1 << bits) - 1
    for y in range(h):
        r = data[y * row : (y + 1) * row]
        for x in range(w):
            byte = r[x // per]
            out.append((byte >> (8 - bits * (x % per + 1))) & mask)
    return bytes(out)


def pixels(obj) -> bytes:
    """An image XObject's samples, undoing Flate + PNG predictors ourselves.

    (pypdf's own predictor code gets 1/2/4-bit rows wrong: it computes 0 bytes per pixel.)
    """
    parms = obj.get("/DecodeParms") or {}
    if obj.get("/Filter") != "/FlateDecode" or parms.get("/Predictor", 1) < 10:
        return obj.get_data()
    raw = zlib.decompress(obj._data)
    colors, bits, cols = int(parms["/Colors"]), int(parms["/BitsPerComponent"]), int(parms["/Columns"])
    row = (cols * colors * bits + 7) // 8
    bpp = max(1, colors * bits // 8)
    prev = bytearray(row)
    out = bytearray()
    for y in range(len(raw) // (row + 1)):
        f = raw[y * (row + 1)]
        line = bytearray(raw[y * (row + 1) + 1 : (y + 1) * (row + 1)])
        for i in range(row):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            else:
                assert f == 0, f"bad PNG filter type {f}"
        out += line
        prev = line
    return bytes(out)


def content_ops(pdf: Path, page: int = 0) -> list[tuple[list, bytes]]:
    reader = pypdf.PdfReader(str(pdf))
    p = reader.pages[page]
    return [(list(ops), op) for ops, op in ContentStream(p.get_contents(), reader).operations]


def pdftoppm(pdf: Path, dpi: int = 72) -> Image.Image:
    """Rasterise page 1 as a viewer would (pypdfium2, a dependency: never skipped)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


# ---------------------------------------------------------------------------------------
# passthrough PNG / JPEG


def test_png_rgb_passthrough_is_lossless(tmp_path):
    src = tmp_path / "rgb.png"
    im = noisy_rgb()
    im.save(src)
    _reader, obj = one_image(tmp_path, src)
    assert (obj["/Width"], obj["/Height"]) == im.size
    assert obj["/Filter"] == "/FlateDecode"
    parms = obj["/DecodeParms"]
    assert (parms["/Predictor"], parms["/Colors"], parms["/BitsPerComponent"], parms["/Columns"]) == (15, 3, 8, 61)
    assert obj["/ColorSpace"] == "/DeviceRGB"
    # the IDAT data is copied unchanged
    raw = src.read_bytes()
    assert obj._data in raw
    # and decodes back to the same pixels
    assert pixels(obj) == im.tobytes()


def test_png_rgb_pixels_via_page_images(tmp_path):
    src = tmp_path / "rgb.png"
    im = noisy_rgb(33, 47, seed=3)
    im.save(src)
    pdf = render_pdf(tmp_path, lambda s, c, i: s.draw_fit(src, 10, 10, 300, 300))
    (img,) = pypdf.PdfReader(str(pdf)).pages[0].images
    assert img.image.size == im.size
    assert img.image.convert("RGB").tobytes() == im.tobytes()


@pytest.mark.parametrize("colors,bits", [(256, 8), (16, 4), (4, 2), (2, 1)])
def test_palette_png_indexed(tmp_path, colors, bits):
    src = tmp_path / "p.png"
    im = noisy_rgb(37, 21).quantize(colors=colors)
    im.save(src)
    assert image_info(src).bits == bits
    _reader, obj = one_image(tmp_path, src)
    assert obj["/Filter"] == "/FlateDecode"
    assert obj["/DecodeParms"]["/Predictor"] == 15
    assert obj["/BitsPerComponent"] == bits
    cs = obj["/ColorSpace"]
    assert cs[0] == "/Indexed" and cs[1] == "/DeviceRGB"
    lookup = bytes(cs[3].get_original_bytes() if hasattr(cs[3], "get_original_bytes") else cs[3])
    assert cs[2] == len(lookup) // 3 - 1
    pal = bytes(im.getpalette()[: len(lookup)])
    assert lookup == pal
    assert decode_bits(pixels(obj), 37, 21, bits) == im.tobytes()


def test_grayscale_png(tmp_path):
    src = tmp_path / "g.png"
    im = noisy_rgb().convert("L")
    im.save(src)
    _reader, obj = one_image(tmp_path, src)
    assert obj["/ColorSpace"] == "/DeviceGray"
    assert obj["/DecodeParms"]["/Colors"] == 1
    assert pixels(obj) == im.tobytes()


def test_16bit_grayscale_png_kept_at_16_bits(tmp_path):
    src = tmp_path / "g16.png"
    im = Image.frombytes("I;16B", (19, 7), bytes(random.Random(5).randrange(256) for _ in range(19 * 7 * 2)))
    im.save(src)
    reader, obj = one_image(tmp_path, src)
    assert obj["/BitsPerComponent"] == 16
    assert obj["/DecodeParms"]["/Predictor"] == 15
    assert pixels(obj) == im.tobytes("raw", "I;16B")
    assert reader.pdf_header >= "%PDF-1.5"


@pytest.mark.parametrize("progressive", [False, True])
def test_jpeg_passthrough(tmp_path, progressive):
    src = tmp_path / "a.jpg"
    noisy_rgb().save(src, quality=90, progressive=progressive)
    _reader, obj = one_image(tmp_path, src)
    assert obj["/Filter"] == "/DCTDecode"
    assert (obj["/Width"], obj["/Height"]) == (61, 43)
    assert obj["/ColorSpace"] == "/DeviceRGB"
    assert obj._data == src.read_bytes()


def test_16bit_rgb_png_passthrough(tmp_path):
    w, h = 13, 5
    rnd = random.Random(8)
    samples = bytes(rnd.randrange(256) for _ in range(w * h * 6))
    rows = b"".join(b"\0" + samples[y * w * 6 : (y + 1) * w * 6] for y in range(h))
    src = tmp_path / "rgb16.png"
    src.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, 2, 0, 0, 0))
        + png_chunk(b"IDAT", zlib.compress(rows))
        + png_chunk(b"IEND", b"")
    )
    reader, obj = one_image(tmp_path, src)
    assert obj["/BitsPerComponent"] == 16 and obj["/DecodeParms"]["/Colors"] == 3
    assert pixels(obj) == samples
    assert reader.pdf_header >= "%PDF-1.5"


def test_mpo_first_picture_passed_through(tmp_path):
    src = tmp_path / "a.mpo"
    first, second = noisy_rgb(seed=1), noisy_rgb(seed=2)
    first.save(src, format="MPO", save_all=True, append_images=[second])
    assert Image.open(src).format == "MPO"
    _reader, obj = one_image(tmp_path, src)
    assert obj["/Filter"] == "/DCTDecode"
    data = obj._data
    assert src.read_bytes().startswith(data) and len(data) < src.stat().st_size
    assert Image.open(io.BytesIO(data)).tobytes() == Image.open(src).tobytes()


def test_cmyk_jpeg_inverted_decode(tmp_path):
    src = tmp_path / "c.jpg"
    Image.new("CMYK", (20, 10), (10, 200, 30, 40)).save(src, quality=95)
    _reader, obj = one_image(tmp_path, src)
    assert obj["/Filter"] == "/DCTDecode"
    assert obj["/ColorSpace"] == "/DeviceCMYK"
    assert list(obj["/Decode"]) == [1, 0] * 4


def test_icc_profile_is_embedded(tmp_path):
    src = tmp_path / "icc.png"
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    noisy_rgb().save(src, icc_profile=profile)
    _reader, obj = one_image(tmp_path, src)
    cs = obj["/ColorSpace"]
    assert cs[0] == "/ICCBased"
    icc = cs[1].get_object()
    assert icc["/N"] == 3
    assert icc.get_data() == profile
    assert obj["/DecodeParms"]["/Predictor"] == 15  # still passthrough


# ---------------------------------------------------------------------------------------
# decoded fallback


def test_rgba_png_gets_smask(tmp_path):
    src = tmp_path / "rgba.png"
    rgb = noisy_rgb()
    alpha = Image.linear_gradient("L").resize(rgb.size)
    im = rgb.copy()
    im.putalpha(alpha)
    im.save(src)
    assert image_info(src).passthrough is False
    reader, obj = one_image(tmp_path, src)
    assert obj["/Filter"] == "/FlateDecode"
    assert obj["/ColorSpace"] == "/DeviceRGB"
    assert pixels(obj) == rgb.tobytes()
    smask = obj["/SMask"].get_object()
    assert smask["/ColorSpace"] == "/DeviceGray"
    assert (smask["/Width"], smask["/Height"]) == rgb.size
    assert pixels(smask) == alpha.tobytes()
    assert reader.pdf_header >= "%PDF-1.4"


def test_gray_alpha_png_gets_smask(tmp_path):
    src = tmp_path / "la.png"
    gray = noisy_rgb().convert("L")
    alpha = Image.linear_gradient("L").resize(gray.size).transpose(Image.Transpose.ROTATE_180)
    Image.merge("LA", (gray, alpha)).save(src)
    _reader, obj = one_image(tmp_path, src)
    assert obj["/ColorSpace"] == "/DeviceGray"
    assert pixels(obj) == gray.tobytes()
    assert pixels(obj["/SMask"].get_object()) == alpha.tobytes()


def test_opaque_rgba_drops_smask(tmp_path):
    src = tmp_path / "opaque.png"
    noisy_rgb().convert("RGBA").save(src)
    _reader, obj = one_image(tmp_path, src)
    assert "/SMask" not in obj
    assert pixels(obj) == noisy_rgb().tobytes()


def test_interlaced_png_decoded_losslessly(tmp_path):
    src = tmp_path / "inter.png"
    im = noisy_rgb(29, 19, seed=9)
    write_interlaced_png(src, im)
    info = image_info(src)
    assert info.interlaced and not info.passthrough
    _reader, obj = one_image(tmp_path, src)
    assert (obj["/Width"], obj["/Height"]) == (29, 19)
    assert obj["/Filter"] == "/FlateDecode"
    assert pixels(obj) == im.tobytes()


def test_palette_binary_transparency_is_colour_key_mask(tmp_path):
    src = tmp_path / "pt.png"
    im = noisy_rgb(20, 10).quantize(colors=8)
    im.save(src, transparency=bytes([255, 0, 0, 255, 255, 255, 255, 0]))
    assert image_info(src).passthrough
    _reader, obj = one_image(tmp_path, src)
    assert list(obj["/Mask"]) == [1, 2, 7, 7]
    assert obj["/DecodeParms"]["/Predictor"] == 15


def test_palette_partial_transparency_uses_smask(tmp_path):
    src = tmp_path / "pp.png"
    im = noisy_rgb(20, 10).quantize(colors=8)
    im.save(src, transparency=bytes([255, 128, 0, 255]))
    assert not image_info(src).passthrough
    _reader, obj = one_image(tmp_path, src)
    assert "/SMask" in obj
    rgba = Image.open(src).convert("RGBA")
    assert rgba.getextrema()[3] == (0, 255)
    assert pixels(obj) == rgba.convert("RGB").tobytes()
    assert pixels(obj["/SMask"].get_object()) == rgba.getchannel("A").tobytes()


def test_other_formats_decoded(tmp_path):
    src = tmp_path / "a.bmp"
    im = noisy_rgb()
    im.save(src)
    _reader, obj = one_image(tmp_path, src)
    assert obj["/Filter"] == "/FlateDecode"
    assert pixels(obj) == im.tobytes()


# ---------------------------------------------------------------------------------------
# storage, geometry, determinism


def test_same_image_stored_once(tmp_path):
    src = tmp_path / "a.png"
    noisy_rgb().save(src)
    copy = tmp_path / "copy.png"
    copy.write_bytes(src.read_bytes())
    other = tmp_path / "b.png"
    noisy_rgb(seed=2).save(other)

    def draws(store, c, page):
        for k in range(7):
            store.draw_cover(src if k % 2 else copy, 10 + 50 * k, 10 + 30 * page, 40, 60)
        if page == 2:
            store.draw_fit(other, 0, 300, 100, 100)

    pdf = render_pdf(tmp_path, draws, pages=3)
    images = all_image_objects(pdf)
    assert len(images) == 2  # 21 draws of the same content + one other image
    reader = pypdf.PdfReader(str(pdf))
    names = [set(p["/Resources"]["/XObject"].keys()) for p in reader.pages]
    assert names[0] == names[1] and len(names[0]) == 1
    assert len(names[2]) == 2 and names[0] < names[2]
    assert sum(op == b"Do" for _o, op in content_ops(pdf, 0)) == 7


def test_cover_is_centred_and_clipped(tmp_path):
    src = tmp_path / "wide.png"
    quadrants(300, 200).save(src)
    # box 100 x 100 at (50, 50): scale 0.5, drawn 150 x 100, 25 pt cut each side
    pdf = render_pdf(tmp_path, lambda s, c, i: s.draw_cover(src, 50, 50, 100, 100))
    ops = content_ops(pdf)
    i = [op for _o, op in ops].index(b"re")
    assert [float(v) for v in ops[i][0]] == [50, 50, 100, 100]
    assert [op for _o, op in ops[i + 1 : i + 5]] == [b"W", b"n", b"cm", b"Do"]
    assert [float(v) for v in ops[i + 3][0]] == [150, 0, 0, 100, 25, 50]
    with pdfplumber.open(pdf) as doc:
        (img,) = doc.pages[0].images
        h = doc.pages[0].height
        assert (img["x0"], img["x1"]) == pytest.approx((25, 175))
        assert (h - img["bottom"], h - img["top"]) == pytest.approx((50, 150))


def test_cover_tall_image_crops_top_and_bottom(tmp_path):
    src = tmp_path / "tall.png"
    quadrants(100, 400).save(src)
    pdf = render_pdf(tmp_path, lambda s, c, i: s.draw_cover(src, 0, 100, 200, 200))
    ops = content_ops(pdf)
    cm = [o for o, op in ops if op == b"cm"][-1]
    # scale 2: drawn 200 x 800, centred: y = 100 - 300
    assert [float(v) for v in cm] == [200, 0, 0, 800, 0, -200]


def test_cover_renders_clipped(tmp_path):
    src = tmp_path / "q.png"
    quadrants(300, 100).save(src)
    pdf = render_pdf(tmp_path, lambda s, c, i: s.draw_cover(src, 100, 100, 100, 100))
    page = pdftoppm(pdf, dpi=72)  # 400 x 400 px, y down
    assert page.getpixel((50, 150)) == (255, 255, 255)  # left of the box: clipped away
    assert page.getpixel((250, 250)) == (255, 255, 255)  # right of the box
    assert page.getpixel((120, 220)) == (255, 0, 0)  # top-left quadrant inside the box
    assert page.getpixel((180, 280)) == (255, 255, 0)  # bottom-right quadrant


def test_fit_is_centred_uncropped(tmp_path):
    src = tmp_path / "wide.png"
    quadrants(300, 200).save(src)
    pdf = render_pdf(tmp_path, lambda s, c, i: s.draw_fit(src, 50, 50, 100, 100))
    ops = content_ops(pdf)
    assert b"W" not in [op for _o, op in ops]
    cm = [o for o, op in ops if op == b"cm"][-1]
    assert [float(v) for v in cm] == pytest.approx([100, 0, 0, 200 / 3, 50, 50 + (100 - 200 / 3) / 2])


@pytest.mark.parametrize("orientation", range(1, 9))
def test_exif_orientation_applied_by_matrix(tmp_path, orientation):
    src = tmp_path / "o.png"
    stored = quadrants(80, 40)
    ex = Image.Exif()
    ex[0x0112] = orientation
    stored.save(src, exif=ex.tobytes())
    shown = Image.open(src)
    from PIL import ImageOps

    shown = ImageOps.exif_transpose(shown).convert("RGB")
    info = image_info(src)
    assert (info.width_px, info.height_px) == shown.size
    assert info.orientation == orientation and info.passthrough
    # draw at 1 pt per pixel, at (100, 100) in PDF coordinates
    w, h = shown.size
    pdf = render_pdf(tmp_path, lambda s, c, i: s.draw_fit(src, 100, 100, w, h))
    page = pdftoppm(pdf, dpi=72)
    top = PAGE[1] - 100 - h
    for fx, fy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
        x, y = int(w * fx), int(h * fy)
        assert page.getpixel((100 + x, top + y)) == shown.getpixel((x, y)), (fx, fy)
    # stored unchanged
    (obj,) = all_image_objects(pdf)
    assert (obj["/Width"], obj["/Height"]) == (80, 40)


def test_jpeg_exif_orientation(tmp_path):
    src = tmp_path / "o.jpg"
    ex = Image.Exif()
    ex[0x0112] = 6  # shown rotated 90 degrees clockwise
    quadrants(80, 40).save(src, quality=95, exif=ex.tobytes())
    info = image_info(src)
    assert (info.width_px, info.height_px, info.orientation) == (40, 80, 6)
    pdf = render_pdf(tmp_path, lambda s, c, i: s.draw_fit(src, 100, 100, 40, 80))
    page = pdftoppm(pdf)
    top = PAGE[1] - 100 - 80
    # after a clockwise turn the blue bottom-left quadrant is top-left, red top-right
    for (x, y), want in (((10, 20), (0, 0, 255)), ((30, 20), (255, 0, 0)), ((10, 60), (255, 255, 0)),
                         ((30, 60), (0, 255, 0))):
        got = page.getpixel((100 + x, top + y))
        assert all(abs(g - w) < 40 for g, w in zip(got, want)), (x, y, got, want)
    (obj,) = all_image_objects(pdf)
    assert obj._data == src.read_bytes()


def test_two_runs_byte_identical(tmp_path):
    files = []
    noisy_rgb().save(tmp_path / "a.png")
    noisy_rgb(seed=4).save(tmp_path / "b.jpg")
    im = noisy_rgb(seed=5).convert("RGBA")
    im.putalpha(128)
    im.save(tmp_path / "c.png")
    noisy_rgb(seed=6).quantize(16).save(tmp_path / "d.png")
    files = [tmp_path / n for n in ("a.png", "b.jpg", "c.png", "d.png")]

    def draws(store, c, page):
        c.drawString(10, 10, f"page {page}")
        for k, f in enumerate(files):
            store.draw_cover(f, 10 + 90 * k, 50, 80, 110)
            store.draw_fit(f, 10 + 90 * k, 200, 80, 110)

    one = render_pdf(tmp_path, draws, "one.pdf", pages=2).read_bytes()
    two = render_pdf(tmp_path, draws, "two.pdf", pages=2).read_bytes()
    assert one == two
    assert b"pnpimg_" in one


def test_store_of_canvas_is_shared(tmp_path):
    c = Canvas(str(tmp_path / "x.pdf"))
    assert ImageStore.of(c) is ImageStore.of(c)
    assert ImageStore.of(Canvas(str(tmp_path / "y.pdf"))) is not ImageStore.of(c)


def test_two_stores_on_one_canvas_share_objects(tmp_path):
    src = tmp_path / "a.png"
    noisy_rgb().save(src)
    out = tmp_path / "two.pdf"
    c = Canvas(str(out), pagesize=PAGE, invariant=1)
    ImageStore(c).draw_cover(src, 0, 0, 50, 50)
    ImageStore(c).draw_fit(src, 100, 0, 50, 50)
    c.showPage()
    c.save()
    assert len(all_image_objects(out)) == 1


def test_works_inside_a_form(tmp_path):
    src = tmp_path / "a.png"
    noisy_rgb().save(src)
    out = tmp_path / "form.pdf"
    c = Canvas(str(out), pagesize=PAGE, invariant=1)
    store = ImageStore(c)
    c.beginForm("cardback")
    store.draw_cover(src, 0, 0, 100, 140)
    c.endForm()
    for _ in range(3):
        c.doForm("cardback")
        c.translate(110, 0)
    c.showPage()
    c.save()
    assert len(all_image_objects(out)) == 1
    page = pdftoppm(out)
    assert page.getpixel((50, 330)) != (255, 255, 255)
    assert page.getpixel((270, 330)) != (255, 255, 255)


# ---------------------------------------------------------------------------------------
# info and dpi


def test_image_info_and_dpi(tmp_path):
    src = tmp_path / "card.png"
    Image.new("RGB", (744, 1039), "white").save(src, dpi=(300, 300))
    info = image_info(src)
    assert isinstance(info, ImageInfo)
    assert (info.width_px, info.height_px) == (744, 1039)
    assert info.format == "PNG" and info.mode == "rgb" and info.passthrough
    assert info.dpi == pytest.approx((300, 300), abs=0.1)
    c = Canvas(str(tmp_path / "x.pdf"))
    store = ImageStore(c)
    mm = 72 / 25.4
    assert store.dpi(src, 63 * mm, 88 * mm) == pytest.approx(min(744 / 63, 1039 / 88) * 25.4)
    # covering a wider box needs more pixels across: the width limits it
    assert store.dpi(src, 69 * mm, 94 * mm) == pytest.approx(744 / 69 * 25.4)
    assert store.info(src) == info
    with pytest.raises(ValueError):
        store.dpi(src, 0, 10)


def test_image_info_jpeg_and_others(tmp_path):
    noisy_rgb().save(tmp_path / "a.jpg", dpi=(150, 150))
    info = image_info(tmp_path / "a.jpg")
    assert (info.width_px, info.height_px, info.format, info.passthrough) == (61, 43, "JPEG", True)
    assert info.dpi == pytest.approx((150, 150))
    noisy_rgb().save(tmp_path / "a.gif")
    info = image_info(tmp_path / "a.gif")
    assert (info.width_px, info.format, info.passthrough) == (61, "GIF", False)


# ---------------------------------------------------------------------------------------
# errors


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    good = tmp_path / "good.png"
    noisy_rgb().save(good)
    raw = good.read_bytes()
    files = {}
    files["missing"] = tmp_path / "missing.png"
    (tmp_path / "truncated.png").write_bytes(raw[: len(raw) // 2])
    files["truncated"] = tmp_path / "truncated.png"
    flipped = bytearray(raw)
    flipped[len(raw) // 2] ^= 0xFF
    (tmp_path / "crc.png").write_bytes(bytes(flipped))
    files["bad crc"] = tmp_path / "crc.png"
    (tmp_path / "text.png").write_text("not an image\n")
    files["text"] = tmp_path / "text.png"
    (tmp_path / "empty.jpg").write_bytes(b"")
    files["empty"] = tmp_path / "empty.jpg"
    jpg = io.BytesIO()
    noisy_rgb().save(jpg, format="JPEG")
    (tmp_path / "cut.jpg").write_bytes(jpg.getvalue()[:-200])
    files["truncated jpeg"] = tmp_path / "cut.jpg"
    (tmp_path / "header.png").write_bytes(raw[:8] + b"\0\0\0\x0dIHDR" + b"\xff" * 17)
    files["bad header"] = tmp_path / "header.png"
    (tmp_path / "adir.png").mkdir()
    files["directory"] = tmp_path / "adir.png"
    return files


@pytest.mark.parametrize(
    "kind", ["missing", "truncated", "bad crc", "text", "empty", "truncated jpeg", "bad header", "directory"]
)
def test_bad_file_raises_input_error(tmp_path, kind):
    path = _bad_files(tmp_path)[kind]
    c = Canvas(str(tmp_path / "x.pdf"))
    store = ImageStore(c)
    with pytest.raises(InputError) as exc:
        store.draw_cover(path, 0, 0, 10, 10)
    assert exc.value.file == str(path)
    assert str(path) in str(exc.value)
    if kind not in ("truncated", "bad crc", "truncated jpeg"):  # header-only read can't see these
        with pytest.raises(InputError) as exc:
            image_info(path)
        assert exc.value.file == str(path)


def test_verify_catches_bad_deflate_data(tmp_path):
    # a PNG whose chunk CRCs are right but whose compressed data is cut short
    im = noisy_rgb()
    buf = io.BytesIO()
    im.save(buf, format="PNG")
    raw = buf.getvalue()
    w, h = im.size
    data = zlib.compress(b"\0" * 10)  # far too little data
    path = tmp_path / "short.png"
    path.write_bytes(
        raw[:8]
        + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + png_chunk(b"IDAT", data)
        + png_chunk(b"IEND", b"")
    )
    with pytest.raises(InputError, match="truncated"):  # every PNG is inflated whole (issue 28)
        ImageStore(Canvas(str(tmp_path / "y.pdf"))).draw_cover(path, 0, 0, 10, 10)


def test_bad_box_is_a_value_error(tmp_path):
    src = tmp_path / "a.png"
    noisy_rgb().save(src)
    store = ImageStore(Canvas(str(tmp_path / "x.pdf")))
    with pytest.raises(ValueError):
        store.draw_cover(src, 0, 0, 0, 10)
    with pytest.raises(ValueError):
        store.draw_fit(src, 0, 0, 10, -1)
