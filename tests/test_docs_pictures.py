"""The README shows what pnp prints: a rendered sheet of each game (docs/img/sheets.py makes
them from a real build), and every picture it or a docs page links is in the repository."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from pnp.games import GAMES

REPO = Path(__file__).resolve().parent.parent


def linked_pictures(page: Path) -> list[Path]:
    return [(page.parent / m).resolve() for m in re.findall(r"\]\(([^)\s]+\.png)\)", page.read_text(encoding="utf-8"))]


def test_the_readme_shows_a_sheet_of_each_game():
    shown = {p.name for p in linked_pictures(REPO / "README.md")}
    assert {f"sheet-{game}.png" for game in GAMES} <= shown
    for game in GAMES:
        with Image.open(REPO / "docs" / "img" / f"sheet-{game}.png") as im:
            assert im.size == (827, 1170)  # a whole A4 sheet at 100 dpi


def test_every_picture_a_page_links_is_there():
    pages = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
    missing = [f"{page.relative_to(REPO)}: {p}" for page in pages for p in linked_pictures(page) if not p.is_file()]
    assert missing == []
