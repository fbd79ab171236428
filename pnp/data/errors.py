"""Error types shared by the generator and the rules checker.

One base class lets the CLI catch every expected failure in one place and turn it into a
message and an exit code (docs/logs/README.md, "Exit codes"): an `InputError` is input that could not be
used (exit 2). Nothing here imports reportlab, so `rules_check` can use it on its own.

A message quotes what it read, and what it read may be a 7 MB value or a nested alias that
stands for two million of them: every message quotes a value with `shown` (at most
``MAX_QUOTED`` characters, then "…"), which renders only what it shows, never the whole value;
and every message is cut to ``MAX_MESSAGE`` characters whatever it quotes (`bounded`), here for
an `InputError` and in `rules_check.core.errors` for a rule broken.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

MAX_QUOTED = 80  # characters of a value a message quotes, then "…"
MAX_QUOTED_PATH = 1_024  # ... of a file's name, which a reader needs whole to find the file
MAX_MESSAGE = 4_000  # characters of one message, whatever it quotes (the middle is left out)
_MORE = "…"


def cut(text: str, limit: int = MAX_QUOTED) -> str:
    """``text`` when it has at most ``limit`` characters; else its first ``limit`` and "…"."""
    return text if len(text) <= limit else text[:limit] + _MORE


class _Full(Exception):
    pass


def shown(value: Any, limit: int = MAX_QUOTED) -> str:
    """``value`` as a message quotes it: as ``repr`` writes it (text in quotes, control
    characters escaped), at most ``limit`` characters and then "…". Text cut short keeps its
    quotes (``'Moon Tide, the Ever…'``). Only what is shown is rendered: a list of two million
    values or a text of 7 MB costs what its first ``limit`` characters cost."""
    if isinstance(value, str):
        return repr(cut(value, limit))
    parts: list[str] = []
    size = 0

    def put(text: str) -> None:
        nonlocal size
        parts.append(text)
        size += len(text)
        if size > limit:
            raise _Full

    def walk(x: Any, depth: int) -> None:
        if depth > 64:  # a value nested deeper is a value we never show whole anyway
            put("…")
        elif isinstance(x, str):
            put(repr(x[:limit + 1]))
        elif isinstance(x, (bool, int, float, type(None), datetime.date)):
            big = isinstance(x, int) and not isinstance(x, bool) and abs(x) >= 10 ** 100
            put("<a number of more than 100 digits>" if big else repr(x))
        elif isinstance(x, dict):
            put("{")
            for i, (k, v) in enumerate(x.items()):
                put(", " if i else "")
                walk(k, depth + 1)
                put(": ")
                walk(v, depth + 1)
            put("}")
        elif isinstance(x, (list, tuple, set, frozenset)) and (x or isinstance(x, (list, tuple))):
            ends = "[]" if isinstance(x, list) else "()" if isinstance(x, tuple) else "{}"
            put(ends[0])
            for i, v in enumerate(x):
                put(", " if i else "")
                walk(v, depth + 1)
            put("," if isinstance(x, tuple) and len(x) == 1 else "")
            put(ends[1])
        else:  # an object of the program's own: its repr, cut (it holds no input of unbounded size)
            put(cut(repr(x), limit))

    try:
        walk(value, 0)
    except _Full:
        return "".join(parts)[:limit] + _MORE
    return "".join(parts)


def bounded(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` when it has at most ``limit`` characters; else its beginning and its end
    (what was expected, and a hint, are often said last) with the middle left out and counted."""
    if len(message) <= limit:
        return message
    tail = limit // 4
    left = len(message) - limit
    return f"{message[:limit - tail]}{_MORE} [{left:,} characters left out] {_MORE}{message[-tail:]}"


class PnpError(Exception):
    """Base of every error the CLI reports as a message instead of a traceback."""

    exit_code = 2


class InputError(PnpError):
    """A file that cannot be used: unreadable, not YAML, or not of the expected form.

    Prints as ``FILE:LINE: FIELD: what was expected`` (line and field when known).
    """

    exit_code = 2

    def __init__(
        self,
        file: str | Path | None,
        message: str,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.file = str(file) if file is not None else None
        self.line = line
        self.field = cut(field) if field else field  # a field may be a key as written (an unknown one)
        self.message = bounded(message)
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        if self.field:
            return f"{where}: {self.field}: {self.message}"
        return f"{where}: {self.message}"


class InputErrors(PnpError):
    """Several problems found in one pass (all problems of a file are reported together)."""

    exit_code = 2

    def __init__(self, errors: list[InputError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))
