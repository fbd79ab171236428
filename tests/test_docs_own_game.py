"""docs/make-your-own-game.md is followed from zero: every file it shows is written into an
empty folder (a TrueType font where it says to put one) and the build command it gives is run."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import reportlab
from typer.testing import CliRunner

from pnp.cli import app

PAGE = Path(__file__).resolve().parent.parent / "docs" / "make-your-own-game.md"


def files_of(page: str) -> dict[str, str]:
    """The page's code blocks that start with `# file: PATH`: PATH -> the block's text."""
    out = {}
    for block in re.findall(r"```[a-z]*\n(.*?)```", page, re.S):
        first, _, rest = block.partition("\n")
        m = re.fullmatch(r"# file: (\S+)", first.strip())
        if m:
            out[m.group(1)] = rest
    return out


def test_the_page_builds_the_game_it_describes(tmp_path):
    page = PAGE.read_text()
    files = files_of(page)
    assert set(files) == {"cards/moonwell/game.yaml", "cards/moonwell/spells.yaml", "cards/moonwell/spells.csv",
                          "layouts/moonwell.yaml"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (tmp_path / "layouts" / "fonts").mkdir()
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "VeraBI.ttf", tmp_path / "layouts/fonts/moonscript.ttf")
    command = next(line for line in page.splitlines() if line.startswith("pnp build moonwell"))
    args = shlex.split(command)[1:]
    args = [str(tmp_path / a) if a in ("cards", "layouts", "output") else a for a in args]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    assert "(2 pages, 12 cards)" in r.output
    # the page's own 44 x 63 mm sheet passes every check of the build: no text near a crop
    # mark, nothing in the printer margin, nothing under 6 pt (issue 27, point 5)
    assert "warning" not in r.output, r.output
    text = pdfium.PdfDocument(tmp_path / "output" / "moonwell.pdf")[0].get_textpage().get_text_range()
    assert "Moonwell" in text and text.count("Moon Tide") == 2 and "cost 5" in text  # the footer, the cards
    import pdfplumber

    mm = 72 / 25.4
    with pdfplumber.open(tmp_path / "output" / "moonwell.pdf") as pdf:
        panels = [tuple(sorted((round(c["width"] / mm, 1), round(c["height"] / mm, 1)))) for c in pdf.pages[0].curves]
    assert panels.count((40.0, 59.0)) == 12  # twelve 44 x 63 mm cards: each panel 2 mm inside its trim
