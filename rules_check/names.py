"""Card names as players write them: matching and suggestions (SPEC.md, "Decklists").

Names match case-insensitively, ignoring repeated spaces and curly versus straight quotes.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u02bc": "'", "\u2032": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"', "`": "'",
                         "\u00a0": " "})
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=65536)  # a batch repeats the same names thousands of times
def normalise(name: str) -> str:
    """The form two names are compared in: straight quotes, single spaces, lower case."""
    return _SPACES.sub(" ", name.translate(_QUOTES)).strip().casefold()


def closest(name: str, candidates: dict[str, str], n: int = 3) -> list[str]:
    """Up to ``n`` pool names nearest to ``name`` (``candidates``: normalised -> printed)."""
    keys = difflib.get_close_matches(normalise(name), list(candidates), n=n, cutoff=0.6)
    return [candidates[k] for k in keys]
