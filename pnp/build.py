"""``pnp build``: card data + layouts -> one print-ready PDF per game.

Every game is rendered to a temporary file beside its destination first; only when all of
them succeeded are they put in place together (pnp.data.atomic.Transaction: if a rename fails,
the files already in place are put back), so a failed or interrupted build leaves what an
earlier build wrote untouched (and a reader never sees half a PDF). A build first removes the
temporary files of earlier builds that died (SIGKILL, a power cut).

Card art comes from the card folder or an ``--assets`` folder only (pnp.data.assets).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .data import assets, atomic
from .data.components import Kind
from .data.errors import InputError
from .games import game_spec
from .data.loader import GameData, load_game
from .data.paths import bundled  # noqa: F401  (pnp.build.bundled, as the CLI and tests import it)
from .layout.model import Layouts, load_layouts
from .layout.presets import Preset, close_presets, preset_for, presets_named
from .options import BuildOptions, Format, PieceJob, PrintOptions  # noqa: F401  (pnp.build.BuildOptions, as before)
from .render import boards, screens, tokens
from .render.bindings import check_bindings


# kind -> (its renderer: `render(canvas, jobs, layouts, options)`, file suffix)
PIECE_RENDERERS: dict[Kind, tuple[Callable[..., Any], str]] = {
    Kind.token: (tokens.render, "tokens"),
    Kind.board: (boards.render, "boards"),
    Kind.screen: (screens.render, "screens"),
}


@dataclass
class GameBuild:
    """One file (or export folder) a build wrote, with what it holds."""

    game: str
    path: Path
    pages: int
    faces: int
    fronts: dict[str, int]
    warnings: list[str]
    # advice that is no fault (a preset that gives a shop's pixels): printed, never --strict's
    notes: list[str] = field(default_factory=list)
    # one-sided tokens printed on the free room of the card sheets (pnp/render/loose.py)
    tokens: dict[str, int] = field(default_factory=dict)

    @property
    def summary(self) -> str:
        """What the CLI prints beside the path: "40 pages, 154 cards"."""
        def count(n: int, word: str) -> str:
            return f"{n} {word if n == 1 else word + 's'}"

        if self.path.suffix == ".pdf" and self.path.name == f"{self.game}.pdf":
            tokens = sum(self.tokens.values())
            return (f"{count(self.pages, 'page')}, {count(self.faces // 2, 'card')}"
                    + (f", {count(tokens, 'token')}" if tokens else ""))
        if self.path.suffix == ".pdf":  # GAME-tokens.pdf, GAME-boards.pdf, GAME-screens.pdf
            kind = self.path.stem.rsplit("-", 1)[-1].removesuffix("s")
            return f"{count(self.pages, 'page')}, {count(sum(self.fronts.values()), kind)}"
        if self.path.suffix in (".svg", ".dxf"):  # --cutter: a sheet's cut lines
            return f"cut lines of {count(self.faces, 'card')}"
        return f"{count(sum(self.fronts.values()), 'card')} exported"


def card_jobs(data: GameData, layouts: Layouts):
    """The (front, back) faces of every printed card of a game, component by component."""
    from .render.card import Face
    from .render.sheets import CardJob

    title = data.spec.title if data.spec else data.game
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
        fields_named(front_t, [item.fields() for item in comp.items], comp.component, source, data.game)
        cards = []
        for item in comp.items:
            label = f"{data.game}/{comp.component}/{item.name}"
            front = Face(front_t, item.fields(), f"{label} (front)", source.parent)
            back_layout, back_fields = comp.back_fields(item)
            back = Face(template(back_layout), back_fields, f"{label} (back)", source.parent)
            cards.extend([(front, back)] * item.count)
        jobs.append(CardJob(title, comp.component, cards, sample, comp.double_sided))
    return jobs


def fields_named(template, items: list[dict], component: str, source: Path, game: str) -> None:
    """Every ``field:`` a template prints is a field of at least one of the component's items:
    a field no item has would print nothing, silently (a misspelt column, a renamed field)."""
    have = {key for fields in items for key, value in fields.items() if value is not None}
    for key, element in template.elements.items():
        name = getattr(element, "field", None)
        if isinstance(name, str) and name.split(".")[0] not in have:
            known = ", ".join(sorted(have))
            raise InputError(source, f"component {component!r}: layout {template.name!r} element {key!r} prints "
                                     f"the field {name!r}, which no {component} has (its fields: {known})")


def piece_jobs(data: GameData, kind: Kind) -> list[PieceJob]:
    """The components of ``kind`` (tokens, boards or screens) of a game."""
    title = data.spec.title if data.spec else data.game
    return [PieceJob(data.game, title, comp, data.files[comp.component],
                     data.sample_files.get(str(data.files[comp.component]), False))
            for comp in data.components if comp.kind is kind]


# the files a PDF build writes into --out (their stale temporary files are its own to remove)
BUILD_FILE = re.compile(r".+\.(pdf|svg|dxf)")
# an export folder FORMAT/GAME/ is named by a game id (pnp.data.components.GameId)
EXPORT_FOLDER = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


def build(games: list[str], options: BuildOptions,
          on_start: Callable[[str, int], None] | None = None,
          on_face: Callable[[], None] | None = None) -> list[GameBuild]:
    """Render ``games`` into ``options.out_dir``; all or nothing (see module docstring).

    PDF (the default): ``GAME.pdf`` with the card sheets, and ``GAME-tokens.pdf``,
    ``GAME-boards.pdf``, ``GAME-screens.pdf`` for a game that has such components.
    Other formats export the cards into a folder ``FORMAT/GAME/`` (pnp/render/exports.py).
    """
    assets.check_folders(options.assets)
    with assets.allowed(options.assets):  # art from the card folder or --assets only
        return _build(games, options, on_start, on_face)


def _build(games: list[str], options: BuildOptions, on_start, on_face) -> list[GameBuild]:
    try:  # read once, before any canvas exists: every renderer is told the same PrintOptions
        printing = options.print_options()
    except ValueError as exc:
        raise InputError(None, f"paper: {exc}") from None
    for game in games:
        game_spec(options.cards_dir, game)  # a bundled game, or a folder with a game.yaml: else "unknown game"
    layouts = load_layouts(options.layout_layers(games))
    # read and check every game's data before writing anything
    loaded = []
    notes: dict[str, list[str]] = {}
    for game in games:
        data = load_game(options.cards_dir, game)
        jobs = card_jobs(data, layouts)
        notes[game] = apply_presets(jobs, presets_named(list(options.presets)), game)
        loaded.append((game, data, jobs))
    # every card's bindings resolved before any canvas exists: all the bad ones reported at once
    check_bindings(job for _, _, jobs in loaded for job in jobs)
    out = Path(options.out_dir)
    if out.exists() and not out.is_dir():
        raise InputError(out, "is a file; --out names the folder the PDFs are written to")
    with atomic.interruptible():  # SIGTERM, SIGINT: the temporary files are removed, nothing replaced
        if options.format != "pdf":
            results = _export(loaded, layouts, options.format, printing, out, on_start, on_face)
        else:
            results = _build_pdfs(loaded, layouts, printing, out, on_start, on_face)
    for game, _, jobs in loaded:  # on the game's first file: its cards
        first = next((r for r in results if r.game == game), None)
        if first is not None:
            first.warnings[:0] = notes[game]
            if options.format in ("png", "pod") and not options.presets:
                first.notes += shop_sizes(game, jobs, options.bleed)
    if results and layouts.notes:  # which template won where two layers define one
        results[0].warnings[:0] = layouts.notes
    return results


def shop_sizes(game: str, jobs, bleed: float | None) -> list[str]:
    """For an export without --preset: each deck designed within 1 mm of a shop's size whose
    pixels the export does not give, and the preset that gives them (docs/exports.md)."""
    from .render.exports import png_size

    notes = []
    for job in jobs:
        if not job.cards:
            continue
        w, h = job.design
        pixels = png_size(w, h, job.bleed(bleed))
        close = close_presets(w, h, pixels)
        if close:
            offers = "; ".join(f"--preset {p.name}: {p.pixels[0]} x {p.pixels[1]} px ({p.source.split(':')[0]})"
                               for p in close)
            notes.append(f"{game}/{job.component}: {w:g} x {h:g} mm exports at {pixels[0]} x {pixels[1]} px; "
                         f"{offers}; --preset auto picks the first")
    return notes


def apply_presets(jobs, presets: list[Preset], game: str) -> list[str]:
    """Give each deck the first preset near its size (--preset); a note for each deck that
    none fits, which keeps its own size."""
    if not presets:
        return []
    notes = []
    for job in jobs:
        if not job.cards:
            continue
        w, h = job.design
        job.preset = preset_for(presets, w, h)
        if job.preset is None:
            names = ", ".join(p.name for p in presets)
            notes.append(f"{game}/{job.component}: {w:g} x {h:g} mm is near no preset asked for ({names}); "
                         f"kept at its own size")
    return notes


def _build_pdfs(loaded, layouts: Layouts, options: PrintOptions, out: Path, on_start, on_face) -> list[GameBuild]:
    from .render import cutfile, loose
    from .render.sheets import SheetRenderer, new_canvas

    results: list[GameBuild] = []
    atomic.remove_stale(out, BUILD_FILE.fullmatch)

    with atomic.Transaction() as staged:  # every file beside its destination; in place together at the end
        def start(dest: Path, title: str):
            canvas = new_canvas(staged.file(dest), title, options.duplex)
            canvas.keep_pages = True  # for the checks of every page (pnp/render/pagecheck.py)
            return canvas

        for game, data, jobs in loaded:
            title = data.spec.title if data.spec else game
            if on_start:
                on_start(game, sum(len(j.cards) for j in jobs))
            dest = out / f"{game}.pdf"
            canvas = start(dest, f"{title}: print-and-play cards")
            # one-sided tokens go on the free room of a card sheet where they fit (pnp/render/loose.py)
            extras = loose.LooseTokens(canvas, layouts, options, piece_jobs(data, Kind.token))
            report = SheetRenderer(canvas, layouts, options).render(jobs, on_face, game, extras)
            canvas.save()
            results.append(GameBuild(game, dest, report.pages, report.faces, report.fronts,
                                     report.warnings + extras.warnings + _page_problems(dest, canvas),
                                     tokens=dict(extras.components)))
            for cut_name, (page_w, page_h, outlines) in report.cuts.items():
                for suffix, write in ((".svg", cutfile.svg), (".dxf", cutfile.dxf)):
                    dest = out / f"{cut_name}{suffix}"
                    staged.file(dest).write_text(write(page_w, page_h, outlines), encoding="utf-8")
                    results.append(GameBuild(game, dest, 0, len(outlines), {}, []))
            for kind, (render, suffix) in PIECE_RENDERERS.items():
                pieces = [j for j in piece_jobs(data, kind) if j.component.component not in extras.components]
                if not pieces:
                    continue
                dest = out / f"{game}-{suffix}.pdf"
                canvas = start(dest, f"{title}: print-and-play {suffix}")
                report = render(canvas, pieces, layouts, options)
                canvas.save()
                results.append(GameBuild(game, dest, report.pages, report.faces, report.fronts,
                                         report.warnings + _page_problems(dest, canvas)))
    return results


def _page_problems(dest: Path, canvas) -> list[str]:
    """The checks of every printed page (pnp/render/pagecheck.py), each naming the file."""
    from .render import pagecheck

    return [f"{dest.name}: {problem}" for problem in pagecheck.problems(canvas.pages)]


def _export(loaded, layouts: Layouts, fmt: Format, options: PrintOptions, out: Path, on_start=None,
            on_face=None) -> list[GameBuild]:
    """Digital exports: each game's files are written into a fresh folder, which then takes
    the place of ``FORMAT/GAME/`` together with the other games' (the old ones are set aside
    until every new one is in place, and put back if one cannot be)."""
    from .render import exports

    root = out / fmt  # made with the first game's folder (none left behind by an export that fails)
    atomic.remove_stale(root, EXPORT_FOLDER.fullmatch)
    results: list[GameBuild] = []
    with atomic.Transaction() as staged:
        for game, _data, jobs in loaded:
            tmp = staged.folder(root / game)
            cards = sum(len(j.cards) for j in jobs)
            if on_start:
                on_start(f"{game} ({fmt})", cards)
            report = exports.export(fmt, game, jobs, layouts, options, tmp)
            if on_face:
                on_face(cards)
            results.append(GameBuild(game, root / game, report.pages, report.faces, report.fronts,
                                     report.warnings))
    return results
