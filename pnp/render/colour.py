"""Colours as layouts write them: ``"#1b1b1b"`` (sRGB) or ``"cmyk(0, 20, 40, 10)"`` (process
inks in per cent, for print shops: drawn as DeviceCMYK, kept exactly in a ``--pdfx`` file).

A CMYK colour shown on screen or in a PNG is the viewer's naive conversion; only the print
shop's press gives its real look. An sRGB colour in a ``--pdfx`` file is converted through
the output profile (pnp/render/pdfx.py).
"""

from __future__ import annotations

from reportlab.lib.colors import CMYKColor, Color, HexColor

from ..layout.model import CMYK_COLOUR as CMYK

def ink(value: str) -> Color:
    """The reportlab colour of a layout colour."""
    m = CMYK.fullmatch(value.strip().lower())
    if m:
        c, m_, y, k = (float(v) / 100 for v in m.groups())
        return CMYKColor(c, m_, y, k)
    return HexColor(value)


def _rgb(value: str) -> tuple[float, float, float]:
    colour = ink(value)
    if isinstance(colour, CMYKColor):  # the naive conversion viewers use for DeviceCMYK
        c, m, y, k = colour.cyan, colour.magenta, colour.yellow, colour.black
        return (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)
    return colour.red, colour.green, colour.blue


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (an opaque stand-in for transparency:
    no ExtGState, which PDF forms handle poorly, and it prints the same everywhere). Two CMYK
    colours mix as inks; otherwise as sRGB."""
    ca, cb = ink(a), ink(b)
    if isinstance(ca, CMYKColor) and isinstance(cb, CMYKColor):
        inks = (x + (y - x) * t for x, y in zip((ca.cyan, ca.magenta, ca.yellow, ca.black),
                                                 (cb.cyan, cb.magenta, cb.yellow, cb.black)))
        return "cmyk(%s)" % ", ".join(f"{v * 100:.2f}" for v in inks)
    r, g, bl = (x + (y - x) * t for x, y in zip(_rgb(a), _rgb(b)))
    return "#%02x%02x%02x" % (round(r * 255), round(g * 255), round(bl * 255))


def luminance(value: str) -> float:
    """WCAG 2's relative luminance of a colour (CMYK by the viewers' naive conversion)."""
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = _rgb(value)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
