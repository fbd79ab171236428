"""``pnp build``: card data + layouts -> one print-ready PDF per game.

Every game is rendered to a temporary file beside its destination first; only when all of
them succeeded are they renamed into place, so a failed build leaves what an earlier build
wrote untouched (and a reader never sees half a PDF).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .data.components import Kind
from .data.errors import InputError
from .data.games import GAMES
from .data.loader import GameData, load_game
from .layout.model import Layouts, load_layouts
from .layout.sheet import Duplex

REPO = Path(__file__).resolve().parent.parent


def bundled(name: str) -> Path:
    """The bundled ``cards/`` or ``layouts/`` folder: the checkout's, else the working dir's."""
    here = REPO / name
    return here if here.is_dir() else Path.cwd() / name


@dataclass
class BuildOptions:
    cards_dir: Path = field(default_factory=lambda: bundled("cards"))
    layouts_dir: Path = field(default_factory=lambda: bundled("layouts"))
    out_dir: Path = Path("output")
    paper: str = "a4"
    duplex: Duplex = "long-edge"
    bleed: float | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)


@dataclass
class GameBuild:
    game: str
    path: Path
    pages: int
    faces: int
    fronts: dict[str, int]
    warnings: list[str]


def card_jobs(data: GameData, layouts: Layouts):
    """The (front, back) faces of every printed card of a game, component by component."""
    from .render.card import Face
    from .render.sheets import CardJob

    title = GAMES[data.game].title
    jobs = []
    for comp in data.components:
        if comp.kind is not Kind.card:
            continue
        source = data.files[comp.component]
        sample = data.sample_files.get(str(source), False)

        def template(name: str | None):
            try:
                return layouts.template(str(name))
            except InputError as exc:
                raise InputError(source, f"component {comp.component!r}: {exc.message}") from None

        front_t = template(comp.layout)
        cards = []
        for item in comp.items:
            label = f"{data.game}/{comp.component}/{item.name}"
            front = Face(front_t, item.fields(), f"{label} (front)", source.parent)
            back_layout, back_fields = comp.back_fields(item)
            back = Face(template(back_layout), back_fields, f"{label} (back)", source.parent)
            cards.extend([(front, back)] * item.count)
        jobs.append(CardJob(title, comp.component, cards, sample))
    return jobs


def _temp_beside(dest: Path) -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(name, 0o666 & ~umask)  # mkstemp makes it private; the PDF is an ordinary file
    return Path(name)


def build(games: list[str], options: BuildOptions,
          on_start: Callable[[str, int], None] | None = None,
          on_face: Callable[[], None] | None = None) -> list[GameBuild]:
    """Render ``games`` into ``options.out_dir``; all or nothing (see module docstring)."""
    from .render.sheets import SheetOptions, SheetRenderer, new_canvas

    for game in games:
        if game not in GAMES:
            raise InputError(None, f"unknown game {game!r} (known: {', '.join(GAMES)})")
    layouts = load_layouts(options.layouts_dir)
    # read and check every game's data before writing anything
    loaded = [(game, card_jobs(load_game(options.cards_dir, game), layouts)) for game in games]
    out = Path(options.out_dir)
    if out.exists() and not out.is_dir():
        raise InputError(out, "is a file; --out names the folder the PDFs are written to")
    out.mkdir(parents=True, exist_ok=True)
    sheet_options = SheetOptions(options.paper, options.duplex, options.bleed, options.back_offset)
    temps: list[tuple[Path, Path]] = []
    results: list[GameBuild] = []
    try:
        for game, jobs in loaded:
            dest = out / f"{game}.pdf"
            tmp = _temp_beside(dest)
            temps.append((tmp, dest))
            if on_start:
                on_start(game, sum(len(j.cards) for j in jobs))
            canvas = new_canvas(tmp, f"{GAMES[game].title}: print-and-play cards")
            report = SheetRenderer(canvas, layouts, sheet_options).render(jobs, on_face)
            canvas.save()
            results.append(GameBuild(game, dest, report.pages, report.faces, report.fronts, report.warnings))
    except BaseException:
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, dest in temps:
        os.replace(tmp, dest)
    return results
