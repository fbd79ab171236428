"""The paper a build prints on (`Paper`), read once from ``--paper`` (or a library caller's
``BuildOptions(paper=...)``) by `parse_paper`: a standard name or ``WxH`` in mm. Nothing is
registered anywhere: a custom paper is a value, so ``build([...], BuildOptions(paper="330x480"))``
works without the command line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

# the standard papers, portrait, in mm (read-only: a custom paper is parsed, never added here)
PAPERS: Mapping[str, tuple[float, float]] = MappingProxyType({
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),  # 11 x 17 in
})
_CUSTOM_PAPER = re.compile(r"(\d{2,4}(?:\.\d{1,2})?)x(\d{2,4}(?:\.\d{1,2})?)")
PAPER_MIN, PAPER_MAX = 80.0, 2000.0  # mm: a custom paper's sides


@dataclass(frozen=True)
class Paper:
    """A paper: its name as the user wrote it (lowercased: ``a4``, ``330x480``) and its portrait
    sides in mm. ``str(paper)`` is its name, as messages and page footers show it."""

    name: str
    width: float
    height: float

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    def __str__(self) -> str:
        return self.name


def parse_paper(value: str | Paper) -> Paper:
    """The paper ``value`` names: a4, letter, a3, tabloid, or ``WxH`` in mm (``330x480``, a print
    shop's SRA3, turned portrait); a `Paper` is returned as it is. ValueError otherwise."""
    if isinstance(value, Paper):
        return value
    key = value.strip().lower()
    if key in PAPERS:
        return Paper(key, *PAPERS[key])
    m = _CUSTOM_PAPER.fullmatch(key)
    if m:
        w, h = float(m[1]), float(m[2])
        if not (PAPER_MIN <= w <= PAPER_MAX and PAPER_MIN <= h <= PAPER_MAX):
            raise ValueError(f"a paper's sides are {PAPER_MIN:.0f} to {PAPER_MAX:.0f} mm, got {value!r}")
        return Paper(key, min(w, h), max(w, h))  # portrait, as every page is
    raise ValueError(f"expected {', '.join(PAPERS)} or WxH in mm (like 330x480), got {value!r}")
