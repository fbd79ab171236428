"""What a build is asked (`BuildOptions`), what every renderer is told (`PrintOptions`, resolved
from it once, before any canvas exists) and the pieces that are not cards (`PieceJob`): the values
the build (pnp/build.py) and the renderers (pnp/render/) both read, in a module of their own so
that neither imports the other in a circle."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Sequence

from .data.components import Component
from .data.paths import bundled
from .games import installed_layouts
from .layout.paper import PAPERS, Paper, parse_paper
from .layout.sheet import Duplex, Spacing

Format = Literal["pdf", "png", "pod", "tts"]


@dataclass(frozen=True)
class PrintOptions:
    """How the renderers print (cards, tokens, boards, screens, exports): the `BuildOptions`
    that shape a page, read and checked once by `BuildOptions.print_options`."""

    paper: Paper = Paper("a4", *PAPERS["a4"])
    duplex: Duplex = "long-edge"
    bleed: float | None = None  # None: each template's own bleed
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, applied to every back page
    # "auto": gutters wherever the paper holds as many cards (pnp.layout.sheet); a number:
    # that gutter between trims, 0 for butted cards
    gutter: float | Literal["auto"] = "auto"
    cutter: str | None = None  # "silhouette": registration marks and cut files (pnp/layout/cutter.py)
    board_scale: float | Literal["fit"] | None = None  # see BuildOptions.board_scale
    pdfx: bool = False  # --format pod: PDF/X-1a:2003 files

    def spacing(self) -> tuple[Spacing, float | None]:
        if self.gutter == "auto":
            return "auto", None
        return ("butted", None) if float(self.gutter) == 0 else ("gutters", float(self.gutter))


@dataclass
class BuildOptions:
    cards_dir: Path = field(default_factory=lambda: bundled("cards"))
    layouts_dir: Path = field(default_factory=lambda: bundled("layouts"))
    out_dir: Path = Path("output")
    # a4, letter, a3, tabloid, WxH in mm, or a Paper (pnp/layout/paper.py); the build reads it once
    paper: Paper | str = "a4"
    duplex: Duplex = "long-edge"
    bleed: float | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    # card sheets: "auto" (gutters where the paper holds as many cards) or mm between the
    # cards' trims, 0 for butted cards (pnp/layout/sheet.py)
    gutter: float | Literal["auto"] = "auto"
    # shop presets (--preset): each sets the size and bleed of the decks near its size
    presets: tuple[str, ...] = ()
    # --format pod: PDF/X-1a:2003 files (CMYK, OutputIntent; pnp/render/pdfx.py)
    pdfx: bool = False
    # card sheets for a cutting machine: "silhouette" (registration marks, cut files)
    cutter: str | None = None
    # pdf: print sheets; png / pod / tts: the digital exports of the cards (pnp/render/exports.py)
    format: Format = "pdf"
    # boards: None tiles them at real size over pages; a number scales them (1.0 = real
    # size); "fit" puts each board on one page (pnp/render/boards.py)
    board_scale: float | Literal["fit"] | None = None
    # --assets: folders card art may come from besides the card folder (pnp/data/assets.py)
    assets: tuple[Path, ...] = ()

    def print_options(self) -> PrintOptions:
        """What the renderers are told, the paper read once; ValueError for a paper not known."""
        return PrintOptions(parse_paper(self.paper), self.duplex, self.bleed,
                            (self.back_offset[0], self.back_offset[1]), self.gutter, self.cutter,
                            self.board_scale, self.pdfx)

    def layout_layers(self, games: Sequence[str] = ()) -> list[Path]:
        """The layouts search path: the bundled folder, the templates the packages installing
        any of ``games`` ship (``LAYOUTS``, pnp/games/installed.py), and a publisher's
        ``--layouts`` over them (its templates win, and may extend the others)."""
        base = bundled("layouts")
        own = Path(self.layouts_dir)
        shipped = [f for f in map(installed_layouts, dict.fromkeys(games)) if f is not None]
        return [base, *shipped] + ([] if own.resolve() == base.resolve() else [own])


@dataclass
class PieceJob:
    """A component that is not a card (tokens, a board, screens), with where it comes from."""

    game: str
    game_title: str
    component: Component
    source: Path
    sample: bool
