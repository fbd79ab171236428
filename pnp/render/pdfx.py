"""PDF/X-1a:2003 from the print-on-demand PDFs (``pnp build --format pod --pdfx``).

DriveThruCards and other shops take PDF/X-1a: every colour in process inks (CMYK, or grey),
no transparency, fonts embedded, the printing condition named in an OutputIntent, TrimBox and
BleedBox on every page, PDF 1.4. `convert` turns a PDF that reportlab drew (sRGB colours and
images, possibly CMYK colours a layout gave) into one, with pikepdf:

* Colour operators in every content stream (pages and the form XObjects they place): an sRGB
  colour is converted through the output profile (`pnp/icc/FOGRA39-pnp.icc`, relative
  colorimetric with black-point compensation), except neutral greys, black included, which
  become K only (a 4-ink black text would smear at the smallest misregistration). CMYK and
  grey operators are kept as they are.
* Images: sRGB (and palette) images are converted through the profile, grey ones kept.
* Anything that needs transparency to draw (an image with an alpha channel, a soft mask, a
  constant alpha below 1, a blend mode) or that cannot be converted exactly (a shading, an
  inline image) makes its page a picture: pdfium renders the page at ``FLATTEN_DPI``, which
  is then converted to CMYK and replaces the page's content. A note says which pages.
* The document: the OutputIntent (``FOGRA39``, registry http://www.color.org, the profile
  embedded), ``GTS_PDFXVersion`` ``PDF/X-1a:2003``, ``Trapped`` False, creation and
  modification dates (``SOURCE_DATE_EPOCH`` when set, else 1980-01-01, so rebuilds are
  byte-identical), PDF 1.4 without object streams; ViewerPreferences (PDF 1.6 keys) dropped.

`problems` reads a PDF and lists what breaks these rules (docs/exports.md says what it checks
and what it cannot); the export runs it on every file it writes.
"""

from __future__ import annotations

import datetime as _dt
import io
import math
import os
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name, Operator, String
from PIL import Image, ImageCms

PDFX_VERSION = "PDF/X-1a:2003"
CONDITION = "FOGRA39"
REGISTRY = "http://www.color.org"
CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004), pnp's profile from Fogra's data"
FLATTEN_DPI = 600
_RGB_SPACES = {"/DeviceRGB", "/CalRGB"}
_ALLOWED_SPACES = {"/DeviceCMYK", "/DeviceGray", "/Separation", "/DeviceN", "/Pattern", "/Indexed"}


class PdfxError(Exception):
    """A PDF pnp cannot make PDF/X (a colour space it does not know)."""


@lru_cache(maxsize=1)
def profile_bytes() -> bytes:
    return (resources.files("pnp") / "icc" / "FOGRA39-pnp.icc").read_bytes()


@lru_cache(maxsize=1)
def _transform():
    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), cmyk, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@lru_cache(maxsize=4096)
def cmyk_of(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """Process inks (0-1) for an sRGB colour (0-1): neutral greys as K only, others through
    the output profile."""
    rgb = tuple(min(255, max(0, round(v * 255))) for v in (r, g, b))
    if rgb[0] == rgb[1] == rgb[2]:
        return 0.0, 0.0, 0.0, round(1 - rgb[0] / 255, 4)
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), _transform()).getpixel((0, 0))
    return tuple(round(v / 255, 4) for v in pixel)


MAX_INK = 3.0  # total ink a page may carry anywhere (300 %): coated offset's usual limit
RICH_FROM = 0.85  # a K-only grey this dark or darker, filling an area...
RICH_MIN_PT = 5 * 72 / 25.4  # ...at least 5 mm both ways (larger than text), prints rich black
_PATH_OPS = {"m", "l", "c", "v", "y", "re", "h"}
_FILL_OPS = {"f", "F", "f*", "B", "B*", "b", "b*"}
_PAINT_OPS = _FILL_OPS | {"S", "s", "n"}


def rich_black(k: float) -> tuple[float, float, float, float]:
    """A dark K-only area in four inks (60/40/40 under the black, 240 % at 100 K): K alone
    prints a large area as charcoal; text and lines keep K only, which cannot misregister."""
    return 0.6, 0.4, 0.4, k


def limit_ink(inks: tuple[float, ...]) -> tuple[float, ...]:
    """``inks`` with cyan, magenta and yellow scaled down so that the four add to `MAX_INK` at most."""
    c, m, y, k = inks
    if c + m + y + k <= MAX_INK + 1e-6:
        return inks
    f = max(0.0, MAX_INK - k) / (c + m + y)
    return tuple(math.floor(v * f * 10000) / 10000 for v in (c, m, y)) + (k,)  # never a hair over


def max_ink(image: Image.Image) -> float:
    """The most total ink of any pixel of a CMYK image (0-4)."""
    from PIL import ImageMath

    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda v: v["c"] + v["m"] + v["y"] + v["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] / 255


def image_to_cmyk(image: Image.Image) -> Image.Image:
    return ImageCms.applyTransform(image.convert("RGB"), _transform())


def _date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = (_dt.datetime.fromtimestamp(int(epoch), _dt.timezone.utc) if epoch and epoch.isdigit()
            else _dt.datetime(1980, 1, 1, tzinfo=_dt.timezone.utc))
    return when.strftime("D:%Y%m%d%H%M%S+00'00'")


# --- conversion ---------------------------------------------------------------------------


class _NeedsFlattening(Exception):
    """A page draws something PDF/X-1a cannot hold as it is (transparency, a shading)."""


@dataclass
class _Converter:
    pdf: pikepdf.Pdf
    done: set[tuple[int, int]] = field(default_factory=set)  # converted streams and images
    notes: set[str] = field(default_factory=set)

    def colour_space(self, resources: Dictionary, name) -> str:
        """The family of a colour space operand (``/DeviceRGB``, ``/ICCBased`` ...)."""
        spaces = resources.get("/ColorSpace", Dictionary()) if resources is not None else Dictionary()
        space = spaces.get(name, name) if isinstance(name, Name) else name
        if isinstance(space, Array):
            family = str(space[0])
            if family == "/ICCBased":
                n = int(space[1].get("/N", 3))
                return {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}[n]
            return family
        return str(space)

    def content(self, owner, resources) -> None:
        """Rewrite the colour operators of a page's or a form's content stream: sRGB to process
        inks, a colour over `MAX_INK` limited, and a large area of K-only black made rich."""
        ops = pikepdf.parse_content_stream(owner)
        out: list = []
        fill = stroke = "/DeviceGray"
        inks: tuple[float, ...] | None = (0.0, 0.0, 0.0, 1.0)  # the fill's process inks (None: not CMYK)
        ctm = tuple(float(v) for v in owner.get("/Matrix", (1, 0, 0, 1, 0, 0)))
        saved: list[tuple] = []
        path: list = []  # the operators of the path being built, held until it is painted
        box: list[float] = []  # its points on the page (x0, y0, x1, y1)

        def point(x: float, y: float) -> None:
            a, b, c, d, e, f = ctm
            px, py = a * x + c * y + e, b * x + d * y + f
            if box:
                box[:] = [min(box[0], px), min(box[1], py), max(box[2], px), max(box[3], py)]
            else:
                box[:] = [px, py, px, py]

        for operands, op in ops:
            name = str(op)
            if name in _PATH_OPS:
                values = [float(v) for v in operands]
                if name == "re":
                    x, y, w, h = values
                    for px, py in ((x, y), (x + w, y + h), (x, y + h), (x + w, y)):
                        point(px, py)
                else:
                    for i in range(0, len(values) - 1, 2):
                        point(values[i], values[i + 1])
                path.append((operands, op))
                continue
            if name in _PAINT_OPS and path:
                painted = [*path, (operands, op)]
                if (name in _FILL_OPS and inks is not None and inks[:3] == (0.0, 0.0, 0.0)
                        and inks[3] >= RICH_FROM and min(box[2] - box[0], box[3] - box[1]) >= RICH_MIN_PT):
                    # the rich black for this area only, then the fill colour as it was
                    painted = [(list(rich_black(inks[3])), Operator("k")), *painted, (list(inks), Operator("k"))]
                out += painted
                path, box = [], []
                continue
            if name in ("W", "W*"):  # a clip joins the path it ends
                path.append((operands, op))
                continue
            if name == "q":
                saved.append((ctm, inks))
            elif name == "Q" and saved:
                ctm, inks = saved.pop()
            elif name == "cm":
                a1, b1, c1, d1, e1, f1 = (float(v) for v in operands)
                a, b, c, d, e, f = ctm
                ctm = (a1 * a + b1 * c, a1 * b + b1 * d, c1 * a + d1 * c, c1 * b + d1 * d,
                       e1 * a + f1 * c + e, e1 * b + f1 * d + f)
            if name in ("rg", "RG"):
                c = limit_ink(cmyk_of(*(float(v) for v in operands)))
                out.append((list(c), Operator("k" if name == "rg" else "K")))
                if name == "rg":
                    inks = c
                continue
            if name in ("k", "K"):
                given = tuple(float(v) for v in operands)
                limited = limit_ink(given)
                if limited != given:
                    self.notes.add(f"a cmyk() colour of {sum(given) * 100:.0f} % total ink printed at "
                                   f"{MAX_INK * 100:.0f} % (its cyan, magenta and yellow scaled down)")
                    operands = list(limited)
                if name == "k":
                    inks = limited
            elif name == "g":
                inks = (0.0, 0.0, 0.0, round(1 - float(operands[0]), 4))
            if name in ("cs", "CS"):
                space = self.colour_space(resources, operands[0])
                if space in _RGB_SPACES:
                    operands = [Name.DeviceCMYK]
                    space = "/DeviceRGB"
                elif space not in _ALLOWED_SPACES:
                    raise PdfxError(f"colour space {space} is not one PDF/X-1a allows")
                if name == "cs":
                    fill = space
                    inks = None
                else:
                    stroke = space
            elif name in ("sc", "scn", "SC", "SCN"):
                space = fill if name.islower() else stroke
                if space == "/DeviceRGB" and len(operands) == 3:
                    operands = list(limit_ink(cmyk_of(*(float(v) for v in operands))))
                if name.islower():
                    inks = tuple(float(v) for v in operands) if len(operands) == 4 else None
            elif name == "sh" or name == "BI" or name == "INLINE IMAGE":
                raise _NeedsFlattening(name)
            elif name == "gs":
                self.graphics_state(resources, operands[0])
            elif name == "Do":
                self.xobject(resources, operands[0])
            out.append((operands, op))
        out += path  # a path never painted (the stream's last operators)
        owner.write(pikepdf.unparse_content_stream(out))

    def graphics_state(self, resources, name) -> None:
        state = resources.get("/ExtGState", Dictionary()).get(name)
        if state is None:
            return
        for key in ("/CA", "/ca"):
            if key in state and float(state[key]) < 1:
                raise _NeedsFlattening(f"alpha {key}")
        if "/SMask" in state and state.SMask != Name("/None"):
            raise _NeedsFlattening("soft mask")
        if "/BM" in state and str(state.BM) not in ("/Normal", "/Compatible"):
            raise _NeedsFlattening("blend mode")

    def xobject(self, resources, name) -> None:
        obj = resources.get("/XObject", Dictionary()).get(name)
        if obj is None:
            return
        key = obj.objgen
        if key in self.done:
            return
        if obj.get("/Subtype") == Name.Form:
            if "/Group" in obj:
                del obj["/Group"]
            self.content(obj, obj.get("/Resources", resources))
        elif obj.get("/Subtype") == Name.Image:
            self.image(obj)
        self.done.add(key)

    def image(self, obj) -> None:
        if "/SMask" in obj or ("/Mask" in obj and not isinstance(obj.Mask, Array)):
            raise _NeedsFlattening("image with transparency")
        space = obj.get("/ColorSpace")
        family = self.colour_space(Dictionary(), space) if space is not None else "/DeviceGray"
        if family in ("/DeviceGray", "/DeviceCMYK") and not isinstance(space, Array):
            return
        picture = pikepdf.PdfImage(obj).as_pil_image()
        if picture.mode in ("L", "1"):
            grey = picture.convert("L")
            obj.write(zlib.compress(grey.tobytes()), filter=Name.FlateDecode)
            obj.ColorSpace = Name.DeviceGray
        else:
            cmyk = image_to_cmyk(picture)
            obj.write(zlib.compress(cmyk.tobytes()), filter=Name.FlateDecode)
            obj.ColorSpace = Name.DeviceCMYK
        obj.BitsPerComponent = 8
        for key in ("/DecodeParms", "/Decode", "/Mask"):
            if key in obj:
                del obj[key]


def _flatten(pdf: pikepdf.Pdf, index: int, source: bytes) -> None:
    """Replace page ``index`` by a CMYK picture of it (see module docstring)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(source)
    try:
        picture = doc[index].render(scale=FLATTEN_DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    cmyk = image_to_cmyk(picture)
    page = pdf.pages[index]
    box = [float(v) for v in page.mediabox]
    w, h = box[2] - box[0], box[3] - box[1]
    image = pdf.make_stream(zlib.compress(cmyk.tobytes()), Type=Name.XObject, Subtype=Name.Image,
                            Width=cmyk.width, Height=cmyk.height, ColorSpace=Name.DeviceCMYK,
                            BitsPerComponent=8, Filter=Name.FlateDecode)
    page.Resources = Dictionary(XObject=Dictionary(Im0=image))
    page.Contents = pdf.make_stream(f"q {w:.4f} 0 0 {h:.4f} {box[0]:.4f} {box[1]:.4f} cm /Im0 Do Q".encode())


def convert(source: Path, dest: Path) -> list[str]:
    """Write ``source`` as PDF/X-1a:2003 to ``dest``; the notes (flattened pages)."""
    raw = Path(source).read_bytes()
    notes: list[str] = []
    with pikepdf.open(io.BytesIO(raw)) as pdf:
        flat: list[int] = []
        converter = _Converter(pdf)
        for i, page in enumerate(pdf.pages):
            try:
                if "/Group" in page.obj:
                    del page.obj["/Group"]
                page.contents_coalesce()
                converter.content(page.obj.Contents, page.obj.get("/Resources", Dictionary()))
            except _NeedsFlattening as why:
                flat.append(i)
                notes.append(f"page {i + 1}: {why} flattened into a {FLATTEN_DPI} DPI CMYK picture")
        notes += sorted(converter.notes)
        for i in flat:
            _flatten(pdf, i, raw)
        pdf.remove_unreferenced_resources()
        _finish(pdf)
        pdf.save(dest, force_version="1.4", object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 deterministic_id=True, compress_streams=True)
    return notes


def _finish(pdf: pikepdf.Pdf) -> None:
    profile = pdf.make_stream(profile_bytes(), N=4, Alternate=Name.DeviceCMYK)
    pdf.Root.OutputIntents = Array([Dictionary(
        Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=String(CONDITION),
        OutputCondition=String(CONDITION_INFO), RegistryName=String(REGISTRY), Info=String(CONDITION_INFO),
        DestOutputProfile=profile)])
    for key in ("/ViewerPreferences", "/Metadata"):
        if key in pdf.Root:
            del pdf.Root[key]
    info = pdf.trailer.get("/Info")
    if info is None:
        info = pdf.trailer.Info = pdf.make_indirect(Dictionary())
    date = _date()
    if "/Title" not in info:
        info.Title = String("pnp print-on-demand cards")
    info.GTS_PDFXVersion = String(PDFX_VERSION)
    info.Trapped = Name("/False")
    info.CreationDate = String(date)
    info.ModDate = String(date)
    info.Producer = String("pnp (print-and-play generator), pikepdf")


# --- checking -----------------------------------------------------------------------------


def problems(path: Path) -> list[str]:
    """What in the PDF at ``path`` breaks PDF/X-1a:2003 as pnp checks it (docs/exports.md)."""
    found: list[str] = []
    data = Path(path).read_bytes()
    if not data.startswith((b"%PDF-1.3", b"%PDF-1.4")):
        found.append(f"header {data[:8]!r}: PDF/X-1a:2003 is PDF 1.3 or 1.4")
    with pikepdf.open(path) as pdf:
        if pdf.is_encrypted:
            found.append("encrypted")
        info = pdf.trailer.get("/Info", Dictionary())
        if str(info.get("/GTS_PDFXVersion", "")) != PDFX_VERSION:
            found.append(f"Info GTS_PDFXVersion is not {PDFX_VERSION!r}")
        if info.get("/Trapped") not in (Name("/True"), Name("/False")):
            found.append("Info Trapped is not True or False")
        for key in ("/Title", "/CreationDate", "/ModDate"):
            if key not in info:
                found.append(f"Info has no {key[1:]}")
        intents = [i for i in pdf.Root.get("/OutputIntents", Array()) if i.get("/S") == Name.GTS_PDFX]
        if len(intents) != 1:
            found.append(f"{len(intents)} GTS_PDFX OutputIntents (one is required)")
        for intent in intents:
            if not str(intent.get("/OutputConditionIdentifier", "")):
                found.append("OutputIntent has no OutputConditionIdentifier")
            profile = intent.get("/DestOutputProfile")
            if profile is None:
                found.append("OutputIntent has no DestOutputProfile")
            else:
                head = profile.read_bytes()[:20]
                if int(profile.get("/N", 0)) != 4 or head[16:20] != b"CMYK" or head[12:16] != b"prtr":
                    found.append("DestOutputProfile is not a CMYK output (printer) profile")
        if "/AcroForm" in pdf.Root or "/Names" in pdf.Root and "/JavaScript" in pdf.Root.Names:
            found.append("forms or JavaScript")
        for i, page in enumerate(pdf.pages, start=1):
            found += [f"page {i}: {p}" for p in _page_problems(page)]
        for obj in pdf.objects:
            found += _object_problems(obj)
    return list(dict.fromkeys(found))


def _box(page, name: str) -> list[float] | None:
    box = page.obj.get(name)
    return [float(v) for v in box] if box is not None else None


def _inside(inner: list[float], outer: list[float], eps: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - eps and inner[1] >= outer[1] - eps
            and inner[2] <= outer[2] + eps and inner[3] <= outer[3] + eps)


def _page_problems(page) -> list[str]:
    out = []
    media = [float(v) for v in page.mediabox]
    trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
    if trim is None and _box(page, "/ArtBox") is None:
        out.append("no TrimBox")
    if bleed is not None and not _inside(bleed, media):
        out.append("BleedBox outside the MediaBox")
    if trim is not None and not _inside(trim, bleed or media):
        out.append("TrimBox outside the BleedBox")
    if "/Group" in page.obj:
        out.append("a transparency group")
    if "/Annots" in page.obj and len(page.obj.Annots):
        out.append("annotations")
    for _operands, op in pikepdf.parse_content_stream(page.obj):
        if str(op) in ("rg", "RG"):
            out.append("an sRGB colour operator")
            break
    out += _ink_problems(page.obj)
    return out


def _ink_problems(owner) -> list[str]:
    """A process colour over `MAX_INK` in a content stream."""
    worst = 0.0
    for operands, op in pikepdf.parse_content_stream(owner):
        if str(op) in ("k", "K", "sc", "SC", "scn", "SCN") and len(operands) == 4:
            try:
                worst = max(worst, sum(float(v) for v in operands))
            except (TypeError, ValueError):  # a pattern's name among them
                continue
    if worst > MAX_INK + 1e-4:  # the operators' own rounding
        return [f"a colour of {worst * 100:.0f} % total ink (at most {MAX_INK * 100:.0f} %)"]
    return []


def _object_problems(obj) -> list[str]:
    """Rules that hold for every object of the file, wherever it is used."""
    if not isinstance(obj, (Dictionary, pikepdf.Stream)):
        return []
    out = []
    kind = obj.get("/Type")
    subtype = obj.get("/Subtype")
    if subtype == Name.Image:
        space = obj.get("/ColorSpace")
        family = str(space[0]) if isinstance(space, Array) else str(space)
        if family in _RGB_SPACES or family in ("/ICCBased", "/Lab", "/CalGray"):
            out.append(f"an image in {family}")
        if family == "/Indexed" and str(space[1]) in _RGB_SPACES:
            out.append("a palette image in sRGB")
        if "/SMask" in obj:
            out.append("an image with a soft mask (transparency)")
        if family == "/DeviceCMYK" and int(obj.get("/BitsPerComponent", 8)) == 8:
            ink = max_ink(pikepdf.PdfImage(obj).as_pil_image())
            if ink > MAX_INK + 0.5 / 255:
                out.append(f"an image of {ink * 100:.0f} % total ink (at most {MAX_INK * 100:.0f} %)")
    if subtype == Name.Form:
        if "/Group" in obj:
            out.append("a form with a transparency group")
        for operands, op in pikepdf.parse_content_stream(obj):
            if str(op) in ("rg", "RG"):
                out.append("a form with an sRGB colour operator")
                break
            if str(op) in ("cs", "CS") and str(operands[0]) in _RGB_SPACES:
                out.append("a form selecting an sRGB colour space")
                break
        out += [f"a form with {p}" for p in _ink_problems(obj)]
    if kind == Name.ExtGState:
        for key in ("/CA", "/ca"):
            if key in obj and float(obj[key]) < 1:
                out.append(f"a graphics state with {key[1:]} below 1 (transparency)")
        if "/SMask" in obj and obj.SMask != Name("/None"):
            out.append("a graphics state with a soft mask")
        if "/BM" in obj and str(obj.BM) not in ("/Normal", "/Compatible"):
            out.append(f"a blend mode {obj.BM}")
    if kind == Name.FontDescriptor and not any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3")):
        out.append(f"font {obj.get('/FontName')} not embedded")
    if kind == Name.Font and subtype in (Name.Type1, Name.TrueType) and "/FontDescriptor" not in obj:
        out.append(f"font {obj.get('/BaseFont')} not embedded (a standard font)")
    return out
