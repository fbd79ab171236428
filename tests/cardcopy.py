"""Broken copies of the bundled card data, for tests of error messages."""

from __future__ import annotations

import shutil
from pathlib import Path

CARDS = Path(__file__).resolve().parent.parent / "cards"


def copy_with(tmp_path: Path, game: str, name: str, old: str, new: str) -> tuple[Path, int]:
    """Copy cards/GAME/ to tmp_path/GAME/ with the first ``old`` in file ``name`` replaced by
    ``new``; return the changed file and the (1-based) line of the change."""
    folder = tmp_path / game
    shutil.copytree(CARDS / game, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if new in l)
    return path, line
