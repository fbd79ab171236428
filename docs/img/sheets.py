"""The README's picture of each game: the first sheet of its cards as printed on A4, and of
its tokens (the sheet that holds them, a card sheet for one-sided tokens), board or screens
where it has them, rendered from a real build:
``python docs/img/sheets.py`` (writes docs/img/sheet-GAME.png and sheet-GAME-PIECES.png).
Run it again when the cards or the layouts change."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO))

import pypdfium2 as pdfium  # noqa: E402

from pnp.build import BuildOptions, build  # noqa: E402
from pnp.games import GAMES  # noqa: E402

SCALE = 100 / 72  # 100 dots an inch: a whole A4 sheet at 827 x 1169 px


def sheets() -> dict[str, tuple[Path, int]]:
    """Picture name -> the PDF and the page it shows, from a fresh build of every game."""
    out = Path(tempfile.mkdtemp())
    wanted = {}
    for result in build(list(GAMES), BuildOptions(out_dir=out)):
        stem = result.path.stem
        if stem == result.game or stem.endswith(("-tokens", "-boards", "-screens")):
            wanted[f"sheet-{stem}"] = (result.path, 0)
        if stem == result.game and result.tokens:  # tokens on the free room of a card sheet
            wanted[f"sheet-{stem}-tokens"] = (result.path, _page_naming(result.path, next(iter(result.tokens))))
    return wanted


def _page_naming(pdf: Path, component: str) -> int:
    """The first page whose text names ``component`` ("cube ×5")."""
    document = pdfium.PdfDocument(str(pdf))
    return next(i for i in range(len(document)) if f"{component} ×" in document[i].get_textpage().get_text_range())


def main() -> None:
    for name, (pdf, index) in sheets().items():
        page = pdfium.PdfDocument(str(pdf))[index]
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        target = HERE / f"{name}.png"
        image.quantize(colors=192).save(target, optimize=True)
        print(target.relative_to(REPO), f"{image.size[0]} x {image.size[1]}")


if __name__ == "__main__":
    main()
