"""Names as people write them: matching and "did you mean" suggestions (docs/decklists.md).

Card files, decklists, game logs and card scripts all name things a person typed, so they all
compare names the same way and suggest the same way; this module is that one place. Names
match case-insensitively, ignoring repeated spaces, curly versus straight quotes and Unicode
forms: compared in NFKC, so "José" written with one é or with e and a combining accent (as macOS
names files), a full-width letter or a ligature are the same name (`pnp.data.text` says why NFKC
here and NFC for the text as read). Nothing
here imports the rules checker, so the generator and the checker can both use it.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache
from typing import Iterable

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u02bc": "'", "\u2032": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"', "`": "'",
                         "\u00a0": " "})
_SPACES = re.compile(r"\s+")

HINT = " (did you mean {}?)"  # the usual frame of a suggestion; ``{}`` receives the names


@lru_cache(maxsize=65536)  # a batch repeats the same names thousands of times
def normalise(name: str) -> str:
    """The form two names are compared in: NFKC, straight quotes, single spaces, lower case."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", name.translate(_QUOTES))).strip().casefold()


def closest(name: str, candidates: dict[str, str], n: int = 3) -> list[str]:
    """Up to ``n`` pool names nearest to ``name`` (``candidates``: normalised -> printed)."""
    keys = difflib.get_close_matches(normalise(name), list(candidates), n=n, cutoff=0.6)
    return [candidates[k] for k in keys]


def did_you_mean(name: str, candidates: dict[str, str] | Iterable[str], n: int = 3, *,
                 frame: str = HINT, quote: bool = True) -> str:
    """`` (did you mean 'A' or 'B'?)`` for the up to ``n`` candidates nearest to ``name``, or
    ``""`` when none is near.

    ``candidates`` is either normalised -> printed (as `closest` takes) or the printed names.
    ``frame`` and ``quote`` keep the wording of a vocabulary that already has its own (a
    decklist says ``: did you mean Alpha 20?``); the default is the one every new message uses.
    """
    if not isinstance(candidates, dict):
        candidates = {normalise(str(c)): str(c) for c in candidates}
    near = closest(str(name), candidates, n=n)
    if not near:
        return ""
    return frame.format(" or ".join(repr(x) if quote else x for x in near))
