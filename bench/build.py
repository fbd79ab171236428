"""Build speed, PDF size and paper: ``python bench/build.py [--pages]``.

First the card-sheet pages of each game per paper and spacing (gutters as the default
chooses them, butted with ``--gutter 0``, a 6 mm gutter giving every card its full 3 mm of
bleed, a 10 mm gutter with marks between the cards, and sheets for a cutting machine),
counted by the imposition the renderer uses, so the paper gutters cost is a figure; tokens,
boards and screens do not depend on it. ``--pages`` stops there. Then the wall time of
building all four games from the bundled cards (best of 3), the page count and size of each
PDF, and how the Kartomantik PDF grows with 100 extra cards that all use one image (each
distinct image must be stored once). Aims: all four games in under 3 s on a 2-core machine;
under 2 KB per extra card that reuses an image.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pnp.build import BuildOptions, build, card_jobs  # noqa: E402
from pnp.data.loader import load_game  # noqa: E402
from pnp.data.paths import bundled  # noqa: E402
from pnp.layout.model import load_layouts  # noqa: E402
from pnp.layout.paper import parse_paper  # noqa: E402
from pnp.options import PrintOptions  # noqa: E402
from pnp.render.sheets import page_count  # noqa: E402

GAMES = ["so-long-my-world", "visions", "kartomantik", "relics"]


def timed_build(out: Path, cards: Path | None = None, games=GAMES):
    options = BuildOptions(out_dir=out)
    if cards is not None:
        options.cards_dir = cards
    start = time.perf_counter()
    results = build(games, options)
    return time.perf_counter() - start, results


def extra_cards(cards: Path, n: int, image: Path) -> None:
    """Append ``n`` manifestations that all use ``image`` to the Kartomantik pool (a copy of the image
    inside the card folder: art from outside it is refused, pnp/data/assets.py)."""
    pool = cards / "kartomantik" / "pool.yaml"
    shutil.copy(image, cards / "kartomantik" / image.name)
    image = Path(image.name)
    lines = [pool.read_text().rstrip("\n")]
    for i in range(n):
        lines.append(f"""  - name: "Bench Card {i:03d}"
    type: manifestation
    temperament: vitreous
    power: 2
    points: 10
    image: {image}
    text: "When it enters the field, draw a card. (Bench card {i})\"""")
    pool.write_text("\n".join(lines) + "\n")


PAPERS = ["a4", "letter", "a3", "tabloid"]
SPACINGS = [("gutters (default)", "auto", None), ("butted (--gutter 0)", 0.0, None),
            ("--gutter 6 (3 mm each)", 6.0, None), ("--gutter 10", 10.0, None),
            ("--cutter silhouette", "auto", "silhouette")]


def paper_table() -> None:
    """Card-sheet pages per game, paper and spacing (fronts and backs)."""
    layouts = load_layouts([bundled("layouts")])
    jobs = {game: card_jobs(load_game(bundled("cards"), game), layouts) for game in GAMES}
    print("card-sheet pages (fronts and backs) per paper and spacing")
    for paper in PAPERS:
        print(f"  {paper}")
        totals = []
        for label, gutter, cutter in SPACINGS:
            options = PrintOptions(paper=parse_paper(paper), gutter=gutter, cutter=cutter)
            counts = [page_count(jobs[g], options) for g in GAMES]
            totals.append(sum(counts))
            print(f"    {label:23} " + "  ".join(f"{g} {n:3d}" for g, n in zip(GAMES, counts))
                  + f"  total {sum(counts):3d}")
        print(f"    gutters cost {totals[0] - totals[1]:+d} pages against butted cards")


def main() -> None:
    paper_table()
    if "--pages" in sys.argv[1:]:
        return
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        timed_build(tmp / "warm")  # imports, font registration
        times = []
        for k in range(3):
            t, results = timed_build(tmp / f"run{k}")
            times.append(t)
        pages = sum(r.pages for r in results)
        print(f"all four games: {min(times):.2f} s (best of 3; runs {', '.join(f'{t:.2f}' for t in times)}), "
              f"{pages} pages")
        for r in results:
            print(f"  {r.game:18} {r.pages:3d} pages  {r.path.stat().st_size / 1024:8.1f} KB")

        image = tmp / "shared-art.png"
        Image.effect_mandelbrot((744, 1039), (-2.0, -1.25, 0.8, 1.25), 60).convert("RGB").save(image)
        sizes = {}
        for n in (1, 101):
            cards = tmp / f"cards{n}"
            shutil.copytree(REPO / "cards", cards)
            extra_cards(cards, n, image)
            _, res = timed_build(tmp / f"extra{n}", cards, ["kartomantik"])
            sizes[n] = res[0].path.stat().st_size
        per_card = (sizes[101] - sizes[1]) / 100
        print(f"kartomantik + 1 card with an image: {sizes[1] / 1024:.1f} KB; + 101 cards sharing it: "
              f"{sizes[101] / 1024:.1f} KB")
        print(f"growth per extra card that reuses the image: {per_card / 1024:.2f} KB (aim: under 2 KB)")


if __name__ == "__main__":
    main()
