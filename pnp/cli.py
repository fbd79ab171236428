"""The ``pnp`` command: thin commands over the library (the README's commands).

Each command parses its options, calls the library and turns a `PnpError` into a message on
stderr and its exit code: 0 done, 1 a rule broken, 2 input that could not be used.
"""

from __future__ import annotations

import json
import math
import time
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from . import __version__, console
from .data import atomic
from .data.atomic import Interrupted
from .data.errors import InputError, InputErrors, PnpError
from .data.text import printable, printable_lines
from .help import PlainCommand, PlainGroup

if TYPE_CHECKING:
    from .layout.paper import Paper

HELP = {"help_option_names": ["-h", "--help"]}


app = typer.Typer(
    cls=PlainGroup,
    help="Print-and-play sheets and rules checking for So Long, My World, Visions, Kartomantik "
    "and the relics solo game.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings=HELP,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True,
                                 help="Print the version of pnp and exit."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but errors; the exit code tells "
                                                            "the result."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Print more: what each step did and how long "
                                                                "it took, on standard error."),
) -> None:
    """Print-and-play sheets and rules checking for So Long, My World, Visions, Kartomantik and the
    relics solo game."""
    if quiet and verbose:
        raise typer.BadParameter("give --quiet or --verbose, not both", param_hint="'--quiet'")
    console.SETTINGS.quiet, console.SETTINGS.verbose = quiet, verbose


class DuplexMode(str, Enum):
    long_edge = "long-edge"
    short_edge = "short-edge"
    off = "off"


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class Policy(str, Enum):
    random = "random"
    greedy = "greedy"
    search = "search"


class LogView(str, Enum):
    full = "full"
    table = "table"


class Cutter(str, Enum):
    silhouette = "silhouette"


class BuildFormat(str, Enum):
    pdf = "pdf"
    png = "png"
    pod = "pod"
    tts = "tts"


def _values(kind: type[Enum]):
    """Shell completion of an option's words."""
    return lambda: [m.value for m in kind]


def _enum(kind: type[Enum]):
    """An option's word as ``kind``, or an error naming the option and the words it takes
    (typer's own message for a choice reads "Value error, 'csv' is not one of ...")."""
    words = [m.value for m in kind]

    def parse(value: str | None):
        if value is None or isinstance(value, kind):
            return value
        try:
            return kind(value.strip().lower())
        except ValueError:
            expected = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]
            raise typer.BadParameter(f"expected {expected}, got {value!r}") from None

    return parse


def _board_scale(value: str | None):
    """None (tile at real size), "fit" (one page a board) or a scale above 0."""
    if value is None or value == "fit":
        return value
    try:
        scale = float(value)
    except ValueError:
        raise typer.BadParameter(f'expected "fit" or a scale like 0.5, got {value!r}') from None
    if not (math.isfinite(scale) and 0 < scale <= 4):
        raise typer.BadParameter(f"expected a scale above 0 and at most 4, got {value!r}")
    return scale


def _os_error(exc: OSError) -> InputError:
    return InputError(exc.filename, exc.strerror or str(exc))


def _stopped(exc: Interrupted) -> typer.Exit:
    """SIGTERM or SIGINT while writing: the temporary files are gone, nothing is half written;
    the exit code a shell gives a process the signal ended (128 + its number)."""
    typer.echo(f"pnp: stopped by {exc.name}; no file was left half written", err=True)
    return typer.Exit(exc.exit_code)


def fail(exc: PnpError) -> typer.Exit:
    """``pnp: MESSAGE`` on standard error (a line each of several errors), its control
    characters escaped (`printable`: a message quotes names and file names of strangers)."""
    errors = exc.errors if isinstance(exc, InputErrors) else [exc]
    typer.echo("pnp: " + "\n".join(printable(e) for e in errors), err=True)
    return typer.Exit(exc.exit_code)


def _engines(cards: Path | None = None) -> dict:
    """The rules engines by game id: the bundled ones, those installed packages add, and each game
    of the ``--cards`` folder whose game.yaml names one, each with its card data read (a broken
    card file is exit 2 with its file and line, here, before any log is read or game played); an
    installed one that cannot be loaded is reported by its entry point's name, a bad game.yaml by
    its file and line (exit 2)."""
    try:
        from rules_check.engines import engines_for

        return engines_for(cards)
    except PnpError as exc:
        raise fail(exc) from None
    except OSError as exc:
        raise fail(_os_error(exc)) from None


def _engine_inputs(cards: Path | None) -> list[Path]:
    """The files the engines read (the card files, the starter decks the simulator deals, a
    --cards folder's): no output of a command that judges or plays replaces one of them."""
    from .data.paths import bundled

    found = [*bundled("cards").glob("*/*.yaml"), *bundled("decks").glob("*")]
    if cards is not None:
        found += [*cards.glob("*/*.yaml"), *cards.glob("*/*.yml")]
    return found


def _stdin_once(names: list[Path | None], what: str) -> int:
    """How many of ``names`` are ``-`` (standard input); named twice is exit 2: it holds one
    ``what`` and is read once."""
    n = sum(1 for f in names if f is not None and str(f) == "-")
    if n > 1:
        console.error(f"-: standard input holds one {what} and is read once; give - once, not {n} times")
        raise typer.Exit(2)
    return n


_ENGINE_CARDS_HELP = ("A card folder whose games of your own (a folder with a game.yaml) name the rules engine "
                      "that judges them (engine: ID).")


def _paper(value: str) -> Paper:
    from .layout.paper import parse_paper

    try:
        return parse_paper(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _presets(values: list[str] | None) -> tuple[str, ...]:
    from .layout.presets import AUTO, preset_named

    try:
        return tuple(dict.fromkeys(AUTO if v.strip().lower() == AUTO else preset_named(v).name for v in values or []))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _gutter(value: str) -> float | str:
    """``auto`` or a gutter in mm from 0 (butted) to 20."""
    if value.strip().lower() == "auto":
        return "auto"
    try:
        mm_ = float(value)
    except ValueError:
        mm_ = math.nan
    if not (math.isfinite(mm_) and 0 <= mm_ <= 20):
        raise typer.BadParameter(f'expected "auto" or mm from 0 (butted) to 20, got {value!r}')
    return mm_


def _offset(value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise typer.BadParameter(f"expected X,Y in mm (like 1.5,-0.5), got {value!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise typer.BadParameter(f"expected X,Y in mm (like 1.5,-0.5), got {value!r}")
    if abs(x) > 20 or abs(y) > 20:
        raise typer.BadParameter("an offset of more than 20 mm is not a printer's shift")
    return x, y


_ASSETS_HELP = ("A folder card art (image:) may come from besides the card folder; give it again for another. "
                "Art anywhere else is refused.")


@app.command(cls=PlainCommand)
def build(
    games: Optional[List[str]] = typer.Argument(None, metavar="GAME...",
                                                help="Game ids; every game of the card folder when none "
                                                           "is named."),
    out: Path = typer.Option(Path("output"), "--out", metavar="DIR", help="Folder the PDFs are written to."),
    cards: Optional[Path] = typer.Option(None, "--cards", metavar="DIR",
                                         help="Card data folder in place of the bundled one."),
    layouts: Optional[Path] = typer.Option(None, "--layouts", metavar="DIR",
                                           help="Layouts folder, read over the bundled one."),
    assets: Optional[List[Path]] = typer.Option(None, "--assets", metavar="DIR", help=_ASSETS_HELP),
    paper: str = typer.Option("a4", "--paper", callback=lambda v: _paper(v), metavar="PAPER",
                              help="Paper: a4, letter, a3, tabloid, or WxH in mm (like 330x480)."),
    duplex: str = typer.Option("long-edge", "--duplex", metavar="long-edge|short-edge|off", callback=_enum(DuplexMode),
                               autocompletion=_values(DuplexMode),
                                      help="How the sheet is turned for its back side (off: backs after the "
                                           "fronts, to glue)."),
    bleed: Optional[float] = typer.Option(None, "--bleed", min=0, max=10, metavar="MM",
                                          help="Bleed in mm (default: each template's, 3 mm)."),
    back_offset: str = typer.Option("0,0", "--back-offset", metavar="X,Y", callback=lambda v: _offset(v),
                                    help="X,Y in mm to move every back page (see `pnp calibrate`)."),
    preset: Optional[List[str]] = typer.Option(None, "--preset", callback=lambda v: _presets(v), metavar="NAME",
                                               help="A print shop's card size and bleed: poker (2.5 x 3.5 in, "
                                                    "1/8 in bleed: 825 x 1125 px), mpc-poker (the same, 0.12 in: "
                                                    "822 x 1122 px), poker-mm (63 x 88 mm, 3 mm), tarot (2.75 x "
                                                    "4.75 in, 1/8 in), tarot-mm (70 x 120 mm, 3 mm), or auto (poker "
                                                    "or tarot, whichever is near each deck). Applies to the decks "
                                                    "near its size; give it again for another size."),
    gutter: str = typer.Option("auto", "--gutter", callback=lambda v: _gutter(v), metavar="auto|MM",
                               help="Space between cards on a sheet, in mm: each card gets its own bleed "
                                    "(up to half the gutter) and cut lines; 0 butts them edge to edge. "
                                    "auto: gutters wherever the paper holds as many cards."),
    format: str = typer.Option("pdf", "--format", metavar="pdf|png|pod|tts", callback=_enum(BuildFormat),
                               autocompletion=_values(BuildFormat),
                                       help="pdf: print sheets; png: a 300 DPI image per card face; "
                                            "pod: one card a page for print-on-demand; tts: Tabletop "
                                            "Simulator deck sheets."),
    cutter: Optional[str] = typer.Option(None, "--cutter", metavar="silhouette", callback=_enum(Cutter),
                                         autocompletion=_values(Cutter),
                                            help="Card sheets for a cutting machine: silhouette puts Silhouette "
                                                 "Studio's registration marks on every front page and writes "
                                                 "the cut lines (GAME-cut-N.svg and .dxf)."),
    pdfx: bool = typer.Option(False, "--pdfx", help="With --format pod: PDF/X-1a:2003 files, as DriveThruCards "
                                                     "and other print shops ask (CMYK through a FOGRA39 profile, "
                                                     "an OutputIntent, no transparency)."),
    board_scale: Optional[str] = typer.Option(None, "--board-scale", metavar="fit|SCALE",
                                              help='Boards: "fit" for one page each, or a scale '
                                                   "(0.5 = half size); default: real size, tiled."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when the build warns (text that does not fit, "
                                                        "text running into other text ...), for CI."),
    watch: bool = typer.Option(False, "--watch", help="Build again whenever a card, spreadsheet, layout, font or "
                                                      "image changes; a broken change keeps the last good PDFs."),
) -> None:
    """Render every card of the named games into print-ready PDFs."""
    from .build import BuildOptions
    from .build import build as run_build
    from .data.assets import check_folders
    from .games import games_in
    from .data.paths import bundled

    # each game once, in the order named; none named: every game of the card folder
    try:
        names = list(dict.fromkeys(games or games_in(cards if cards is not None else bundled("cards"))))
    except PnpError as exc:
        raise fail(exc) from None
    if bleed is not None and not math.isfinite(bleed):
        typer.echo(f"pnp: --bleed: expected a number of mm from 0 to 10, got {bleed}", err=True)
        raise typer.Exit(2)
    if pdfx and format is not BuildFormat.pod:
        typer.echo("pnp: --pdfx: PDF/X files are the print-on-demand export; add --format pod", err=True)
        raise typer.Exit(2)
    if cutter is not None and format is not BuildFormat.pdf:
        typer.echo("pnp: --cutter: registration marks and cut files are for the print sheets (--format pdf)",
                   err=True)
        raise typer.Exit(2)
    if preset and bleed is not None:
        typer.echo("pnp: --bleed: a --preset sets the bleed the shop asks for; give one or the other", err=True)
        raise typer.Exit(2)
    options = BuildOptions(out_dir=out, paper=paper, duplex=duplex.value, bleed=bleed, presets=tuple(preset or ()),
                           pdfx=pdfx,
                           cutter=cutter.value if cutter else None,
                           back_offset=back_offset, gutter=gutter, format=format.value,
                           board_scale=_board_scale(board_scale), assets=tuple(dict.fromkeys(assets or ())))
    if cards is not None:
        options.cards_dir = cards
    if layouts is not None:
        options.layouts_dir = layouts
    try:
        check_folders(options.assets)  # before --watch watches them
        watched = [Path(options.cards_dir), *options.layout_layers(names), *options.assets]
    except PnpError as exc:
        raise fail(exc) from None
    inputs = _build_inputs([*(Path(options.cards_dir) / g for g in names), *watched])
    if watch:
        from .watch import watch_builds

        def once() -> bool:
            try:
                with atomic.reading(inputs):
                    _report(_with_progress(lambda on_start, on_face: run_build(names, options, on_start, on_face)))
                return True
            except (PnpError, ValueError) as exc:
                typer.echo(f"pnp: {printable_lines(str(exc))}", err=True)
            except OSError as exc:
                typer.echo(f"pnp: {printable(_os_error(exc))}", err=True)
            return False

        try:
            watch_builds(once, list(dict.fromkeys(watched)), lambda m: typer.echo(printable(m), err=True),
                         _WATCH_CHANGES)
        except Interrupted as exc:  # Ctrl-C while a build was writing: its temporary files are gone
            raise _stopped(exc) from None
        return
    started = time.perf_counter()
    try:
        with atomic.reading(inputs):
            results = _with_progress(lambda on_start, on_face: run_build(names, options, on_start, on_face))
    except Interrupted as exc:
        raise _stopped(exc) from None
    except PnpError as exc:
        raise fail(exc) from None
    except ValueError as exc:  # a refusal no reader placed in a file: name the gap rather than hide it
        typer.echo(f"pnp: {printable(exc)} (pnp could not tell which file and line; please report this)", err=True)
        raise typer.Exit(2) from None
    except OSError as exc:  # the output folder cannot be written
        raise fail(_os_error(exc)) from None
    _report(results, time.perf_counter() - started)
    if strict and any(r.warnings for r in results):
        n = sum(len(r.warnings) for r in results)
        typer.echo(f"pnp: {n} warning{'s' if n > 1 else ''} (--strict)", err=True)
        raise typer.Exit(1)


_WATCH_CHANGES = None  # the change stream of --watch (watchfiles'); a test puts its own


def _build_inputs(folders: list[Path]) -> list[Path]:
    """What a build reads, that none of its outputs may replace: the folders (an export's folder is
    replaced whole: never one holding the cards, layouts or art it is made of) and the files in
    them (a PDF, SVG or DXF of the build is never one of those: a file of an earlier build in the
    card folder is no input, but a link from an output to a card file is refused)."""
    files = []
    for folder in dict.fromkeys(folders):
        try:
            files += [f for f in folder.rglob("*") if f.suffix.lower() not in (".pdf", ".svg", ".dxf") and f.is_file()]
        except OSError:  # a folder that cannot be listed is reported by its reader
            pass
    return [*folders, *files]


def _report(results, seconds: float | None = None) -> None:
    """The paths written (standard output) and the warnings (standard error); with -v the
    time the build took."""
    printer = console.out()
    for r in results:
        for warning in r.warnings:
            console.warn(warning)
        for note in r.notes:
            console.note(note)
        printer.print(printable(f"{r.path}  ({r.summary})"), markup=False, emoji=False)
    if console.SETTINGS.verbose and seconds is not None:
        games = len(dict.fromkeys(r.game for r in results))
        files = len(results)
        console.err().print(f"built {files} file{'s' if files != 1 else ''} of {games} game{'s' if games != 1 else ''} "
                            f"in {seconds:.2f} s", markup=False)


def _with_progress(run):
    """Run a build with a rich progress bar on standard error when it is a terminal (never in
    a pipe, a file or with -q)."""
    err = console.err()
    if console.SETTINGS.quiet or not err.is_terminal:  # rich's reading: a TTY, or FORCE_COLOR
        return run(None, None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True, console=err) as progress:
        task = {"id": None}

        def on_start(game: str, total: int) -> None:
            if task["id"] is not None:
                progress.update(task["id"], visible=False)
            task["id"] = progress.add_task(game, total=total)

        def on_face(n: int = 1) -> None:
            progress.advance(task["id"], n)

        return run(on_start, on_face)


def _each_with_progress(items: list, label: str):
    """``items`` one by one, with a progress bar on standard error when it is a terminal and
    there are several (never in a pipe or with -q)."""
    err = console.err()
    if len(items) < 2 or console.SETTINGS.quiet or not err.is_terminal:
        yield from items
        return
    from rich.progress import track

    yield from track(items, description=label, console=err, transient=True)


@app.command("list", cls=PlainCommand)
def list_components(
    what: Optional[str] = typer.Argument(None, metavar="pool",
                                         help="pool: the Kartomantik card pool, a card a row (name, type, "
                                              "temperament, power, points, will, tribute). Nothing: the games, "
                                              "their components and how many of each are printed."),
    format: str = typer.Option("text", "--format", metavar="text|json", callback=_enum(OutputFormat),
                               autocompletion=_values(OutputFormat), help="text (a table) or json."),
    cards: Optional[Path] = typer.Option(None, "--cards", metavar="DIR",
                                         help="Card data folder in place of the bundled one."),
    pool: Optional[Path] = typer.Option(None, "--pool", metavar="FILE",
                                        help="With `pool`: a card pool file in place of the card folder's."),
    assets: Optional[List[Path]] = typer.Option(None, "--assets", metavar="DIR", help=_ASSETS_HELP),
) -> None:
    """The games, their components and how many of each are printed; `pnp list pool`: the
    Kartomantik card pool."""
    from .build import bundled
    from .data.assets import allowed, check_folders
    from .games import games_in
    from .data.loader import load_game

    if what is not None and what.strip().lower() != "pool":
        raise typer.BadParameter(f"expected pool (the Kartomantik card pool) or nothing, got {what!r}",
                                 param_hint="'[pool]'")
    if what is not None:
        from rules_check.pool import listing, load_pool

        try:
            cards_of_pool = listing(load_pool(pool, cards=cards))
        except PnpError as exc:
            raise fail(exc) from None
        if format is OutputFormat.json:
            typer.echo(json.dumps(cards_of_pool, indent=2, ensure_ascii=False))
            return
        kinds = [sum(1 for c in cards_of_pool if c["type"] == t) for t in ("manifestation", "will")]
        console.table(["name", "type", "temperament", "power", "points", "will", "tribute"],
                      [[c["name"], c["type"]] + ["-" if c[k] is None else c[k]
                                                 for k in ("temperament", "power", "points", "will")]
                       + [f"{c['tribute']['temperament']} {c['tribute']['amount']}" if c["tribute"] else "-"]
                       for c in cards_of_pool],
                      title=f"Kartomantik card pool: {kinds[0]} manifestations, {kinds[1]} wills")
        return
    if pool is not None:
        raise typer.BadParameter("a card pool file is listed with `pnp list pool --pool FILE`",
                                 param_hint="'--pool'")
    folder = cards if cards is not None else bundled("cards")
    try:
        check_folders(assets or ())
        with allowed(assets or ()):  # the card files' art is checked as `pnp build --assets` checks it
            loaded = {game: load_game(folder, game) for game in games_in(folder)}
    except PnpError as exc:
        raise fail(exc) from None
    counts = {game: data.counts() for game, data in loaded.items()}
    if format is OutputFormat.json:
        typer.echo(json.dumps(counts, indent=2))
        return
    for game, comps in counts.items():
        typer.echo(printable(f"{loaded[game].spec.title} ({game})"))
        for name, n in comps.items():
            typer.echo(printable(f"  {n:>4}  {name}"))


class SchemaKind(str, Enum):
    cards = "cards"
    layout = "layout"
    report_deck = "report-deck"
    report_log = "report-log"
    report_state = "report-state"


@app.command(cls=PlainCommand)
def schema(kind: str = typer.Argument(..., metavar="KIND", callback=_enum(SchemaKind),
                                      autocompletion=_values(SchemaKind),
                                      help="cards: a card file; layout: a layout file; report-deck, report-log: "
                                           "the JSON that pnp check deck or pnp check log --format json prints; "
                                           "report-state: what pnp check log --state N --format json prints."
                                      )) -> None:
    """Print a JSON Schema: of a card or layout file (for an editor to complete and check YAML),
    or of a check report (for a script that reads it)."""
    from .schema import SCHEMAS

    typer.echo(json.dumps(SCHEMAS[kind.value](), indent=2))


@app.command(cls=PlainCommand)
def calibrate(
    out: Path = typer.Option(Path("output/calibration.pdf"), "--out", metavar="FILE", help="Where to write the sheet."),
    paper: str = typer.Option("a4", "--paper", callback=lambda v: _paper(v), metavar="PAPER",
                              help="The paper you will print it on: a4, letter, a3, tabloid, or WxH in mm."),
    duplex: str = typer.Option("long-edge", "--duplex", metavar="long-edge|short-edge", callback=_enum(DuplexMode),
                               autocompletion=_values(DuplexMode),
                                      help="How your printer turns the sheet: long-edge or short-edge (the "
                                           "flip you will build with)."),
) -> None:
    """A one-sheet duplex test: print it double-sided, read your printer's back shift."""
    from .render.calibrate import write_calibration

    if duplex is DuplexMode.off:
        typer.echo("pnp: calibration measures a duplex printer; use --duplex long-edge or short-edge", err=True)
        raise typer.Exit(2)
    try:
        written = write_calibration(out, paper, duplex.value)
    except Interrupted as exc:
        raise _stopped(exc) from None
    except PnpError as exc:
        raise fail(exc) from None
    except OSError as exc:
        raise fail(_os_error(exc)) from None
    if not written.stream:  # the path written; a device or a pipe (/dev/stdout) got the PDF itself
        typer.echo(printable(out))


check_app = typer.Typer(cls=PlainGroup, no_args_is_help=True, context_settings=HELP,
                        help="Check Kartomantik decklists (deck) and recorded game logs (log) against the rules.")
app.add_typer(check_app, name="check")


@check_app.command("deck", cls=PlainCommand)
def check_deck(
    files: List[Path] = typer.Argument(..., metavar="FILE...",
                                       help="Decklist files (text or YAML), folders of them, or - for one "
                                            "decklist on standard input."),
    pool: Optional[Path] = typer.Option(None, "--pool", metavar="FILE",
                                        help="A card pool file in place of the bundled pool."),
    registered: Optional[Path] = typer.Option(None, "--registered", metavar="FILE|DIR",
                                              help="The registered decklist, or a folder of every player's "
                                                   "(matched by player name, else by file name): a deck may "
                                                   "differ from its registered list only by one-for-one swaps "
                                                   "with its sideboard."),
    format: str = typer.Option("text", "--format", metavar="text|json", callback=_enum(OutputFormat),
                               autocompletion=_values(OutputFormat),
                               help="text: a table and every problem; json: an object per row "
                                    "(docs/decklists.md)."),
) -> None:
    """Validate Kartomantik decklists: exit 0 all legal, 1 an illegal deck, 2 a file unusable."""
    from rules_check.deckreport import as_json, check_files, exit_code, print_text
    from rules_check.pool import load_pool

    _stdin_once([*files, registered], "decklist")
    try:
        rows = check_files(files, load_pool(pool), registered, stdin=typer.get_binary_stream("stdin"))
    except PnpError as exc:
        raise fail(exc) from None
    if not rows:
        console.error("no decklist files found in " + ", ".join(str(f) for f in files))
        raise typer.Exit(2)
    if format is OutputFormat.json:
        console.report(as_json(rows))
    else:
        print_text(rows, by_player=registered is not None)
    raise typer.Exit(exit_code(rows))


@check_app.command("log", cls=PlainCommand)
def check_log(
    files: List[Path] = typer.Argument(..., metavar="FILE...",
                                       help="Game log files (YAML), folders of them, or - for one log on "
                                            "standard input."),
    format: str = typer.Option("text", "--format", metavar="text|json", callback=_enum(OutputFormat),
                               autocompletion=_values(OutputFormat),
                               help="text: each verdict and violation; json: an object per log "
                                    "(docs/logs/README.md; its schema: pnp schema report-log)."),
    all_violations: bool = typer.Option(False, "--all",
                                        help="List every violation, not only the first: after one, the entry "
                                             "is applied as written where the rules engine can, skipped "
                                             "where it cannot, and the replay goes on while it can follow "
                                             "the game."),
    html: Optional[Path] = typer.Option(None, "--html", metavar="OUT",
                                        help="Also write the dispute report: one page showing the table after "
                                             "each entry, the rule broken and the moves allowed instead "
                                             "(OUT.html); for several logs, a folder OUT with a page each "
                                             "and index.html."),
    state: Optional[int] = typer.Option(None, "--state", metavar="N", min=0,
                                        help="Print the table after entry N (0: the setup) instead of the "
                                             "verdict, for one log; --format json for tools (its schema: pnp "
                                             "schema report-state)."),
    cards: Optional[Path] = typer.Option(None, "--cards", metavar="DIR", help=_ENGINE_CARDS_HELP),
) -> None:
    """Adjudicate recorded game logs: exit 0 all legal, 1 a rule broken, 2 a file unusable."""
    from rules_check.core.adjudicate import as_json, as_text, check_logs, exit_code

    reads_stdin = _stdin_once(list(files), "log")
    paths: list[Path] = []
    try:
        for f in files:
            paths.extend(sorted(p for p in f.iterdir() if p.suffix in (".yaml", ".yml")) if f.is_dir() else [f])
    except OSError as exc:  # a folder that cannot be listed
        raise fail(_os_error(exc)) from None
    if not paths:
        console.error("no log files found in " + ", ".join(str(f) for f in files))
        raise typer.Exit(2)
    inputs = [*paths, *_engine_inputs(cards)]
    if html is not None and len(paths) == 1 and not any(f.is_dir() for f in files):
        try:  # the page of one log: refused before the log is checked, not after
            atomic.refuse_input(html, inputs)
        except PnpError as exc:
            raise fail(exc) from None
    known = _engines(cards)
    stdin = typer.get_binary_stream("stdin") if reads_stdin else None
    if state is not None:
        if html is not None:
            console.error("--state prints the table after one entry, --html draws every entry: give one of them")
            raise typer.Exit(2)
        raise typer.Exit(_print_state(paths, known, all_violations, stdin, state, format))
    pages: dict[str, str] = {}  # each log's page, drawn as soon as it is judged (no table is kept)
    too_long: dict[str, int] = {}
    judge = None
    if html is not None:
        from rules_check.core.adjudicate import adjudicate
        from rules_check.dispute import MAX_PAGE_ENTRIES, page, timeline

        def judge(log, engine, every):  # the verdict, and the page with the table after each entry
            if len(log.entries) > MAX_PAGE_ENTRIES:
                too_long[log.file] = len(log.entries)
                return adjudicate(log, engine, every)
            t = timeline(log, engine, every)
            pages[log.file] = page(t)
            return t.report

    results = [report for path in _each_with_progress(paths, "checking logs")
               for report in check_logs([path], known, all_violations, stdin=stdin, judge=judge)]
    if format is OutputFormat.json:
        console.report(as_json(results))
    else:
        console.out().print(as_text(results), markup=False, emoji=False, highlight=False)  # escaped line by line
    if html is not None:
        from rules_check.dispute import write_pages

        for file, n in too_long.items():
            console.warn(f"{file}: --html: {n:,} entries, over the {MAX_PAGE_ENTRIES:,} a page draws; no page for it "
                         f"(pnp check log {file} --state N shows the table after any entry)")
        many = len(paths) > 1 or any(f.is_dir() for f in files)
        try:
            with atomic.reading(inputs):  # a page named like a log beside it: refused, not written over it
                written = write_pages(results, pages, html, many)
        except Interrupted as exc:
            raise _stopped(exc) from None
        except PnpError as exc:
            raise fail(exc) from None
        except OSError as exc:
            raise fail(_os_error(exc)) from None
        if written:
            console.err().print(printable(f"report: {written[-1]}" + (f" ({len(written) - 1} pages)" if many else "")),
                                markup=False, highlight=False, emoji=False)
        elif not too_long:
            console.error(f"--html: no report written to {html}: the log cannot be used")
    raise typer.Exit(exit_code(results))


def _print_state(paths: list[Path], known, all_violations: bool, stdin, n: int, format) -> int:
    """``pnp check log FILE --state N``: the table after entry N of the one log; the exit code
    is the log's verdict."""
    from rules_check.core.adjudicate import UnusableLog, check_logs
    from rules_check.dispute import state_json, state_row, state_text, timeline

    if len(paths) != 1:
        console.error(f"--state: the table of one log; got {len(paths)} logs")
        return 2
    kept = {}

    def judge(log, engine, every):
        if n > len(log.entries):
            k = len(log.entries)
            raise InputError(log.file, f"--state: entry {n}: the log has {k} entr{'y' if k == 1 else 'ies'} (0 is "
                                       "the setup)")
        t = timeline(log, engine, every, only=n)
        kept["t"] = t
        return t.report

    (result,) = check_logs(paths, known, all_violations, stdin=stdin, judge=judge)
    if isinstance(result, UnusableLog):
        console.error(result.reason)
        return 2
    try:
        row = state_row(kept["t"], n)
    except PnpError as exc:
        console.error(str(exc))
        return 2
    if format is OutputFormat.json:
        console.report(state_json(row))
    else:
        # the file's name escaped whole first (a newline in it is not a line of the table), then every line
        text = state_text(row.model_copy(update={"file": printable(row.file)}))
        console.out().print(printable_lines(text), markup=False, emoji=False, highlight=False)
    return 1 if result.violations else 0


MAX_GAMES = 10_000_000  # pnp simulate --games: a night's run on a cluster, not an integer overflow


@app.command(cls=PlainCommand)
def simulate(
    game: str = typer.Argument(..., metavar="GAME", help="The game id."),
    players: Optional[int] = typer.Option(None, "--players", metavar="N", help="How many players (default: the fewest)."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="N", help="The same seed writes the same log."),
    out: Optional[Path] = typer.Option(None, "--out", metavar="FILE|DIR",
                                       help="Where to write the log (default: standard output); with --games, a "
                                            "folder for every game's log (default: none written)."),
    games: int = typer.Option(1, "--games", metavar="N", min=1, max=MAX_GAMES,
                              help="Play N games (game k seeded from --seed and k alone) and print what they add "
                                   "up to: wins and mean scores by player."),
    jobs: int = typer.Option(1, "--jobs", metavar="J", min=1, max=256,
                             help="With --games: play them in J processes at once (the same games whatever J)."),
    cluster: Optional[str] = typer.Option(None, "--cluster", metavar="ADDRESS",
                                          help="With --games: play them on the Dask cluster whose scheduler "
                                               "listens at ADDRESS (tcp://HOST:8786; pip install "
                                               "'pnp-tabletop[cluster]')."),
    format: str = typer.Option("text", "--format", metavar="text|json", callback=_enum(OutputFormat),
                               autocompletion=_values(OutputFormat), help="With --games: the summary as text or JSON."),
    policy: str = typer.Option("random", "--policy", metavar="random|greedy|search", callback=_enum(Policy),
                               autocompletion=_values(Policy),
                                  help="How moves are picked among the legal ones: random, greedy (the best "
                                       "immediate gain for the player moving), or search (plays each of the "
                                       "best few out a few times on reshuffled hidden cards and picks the best "
                                       "result; seconds a game)."),
    view: str = typer.Option("full", "--view", metavar="full|table", callback=_enum(LogView),
                             autocompletion=_values(LogView),
                             help="full: the log with every shuffled order; table: the log a scorekeeper at the "
                                  "table would have written of the same game (no deck orders, only the cards "
                                  "seen)."),
    cards: Optional[Path] = typer.Option(None, "--cards", metavar="DIR", help=_ENGINE_CARDS_HELP),
) -> None:
    """Play a legal game and write its log (pnp check log finds it legal)."""
    import secrets

    from rules_check.core.simulate import simulate as run
    from rules_check.logwriter import dump_log

    known = _engines(cards)
    if game not in known:
        typer.echo(f"pnp: no rules engine for {game!r} (known: {', '.join(known)})", err=True)
        raise typer.Exit(2)
    engine = known[game]
    low, high = engine.players
    n = players if players is not None else low
    if not low <= n <= high:
        typer.echo(f"pnp: {game} is played by {engine.player_range()}, not {n}", err=True)
        raise typer.Exit(2)
    if view is LogView.table and not engine.has_table_view:
        with_view = ", ".join(g for g, e in known.items() if e.has_table_view)
        typer.echo(f"pnp: --view table: there is no table view of {game} logs yet (there is of: {with_view})",
                   err=True)
        raise typer.Exit(2)
    if seed is None:
        seed = secrets.randbelow(2**31)
    names = ["Ana", "Ben", "Cleo", "Dario", "Eva"][:n]
    how = f" --policy {policy.value}" if policy is not Policy.random else ""
    inputs = _engine_inputs(cards)
    if games > 1 or jobs > 1 or cluster is not None:
        _simulate_many(game, cards, names, seed, policy.value, view is LogView.table, games, jobs, cluster, out,
                       format, inputs)
        return
    try:
        if out is not None:  # refused before the game is played, not after
            atomic.refuse_input(out, inputs)
        # what the engine reads while it plays (a card file, an endless game) is exit 2 too
        log = run(engine, names, seed, policy.value)
        if view is LogView.table:
            from rules_check.core.tableview import table_view

            log = table_view(engine, log)
            how += " --view table"
        text = dump_log(log, f"simulated by pnp simulate {game} --players {n} --seed {seed}{how}")
    except PnpError as exc:
        raise fail(exc) from None
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        with atomic.reading(inputs):
            written = atomic.write_text_atomic(out, text)
    except Interrupted as exc:
        raise _stopped(exc) from None
    except PnpError as exc:
        raise fail(exc) from None
    except OSError as exc:
        raise fail(_os_error(exc)) from None
    if not written.stream:  # the path written; a device or a pipe (/dev/stdout) got the log itself
        typer.echo(printable(out))


def _simulate_many(game: str, cards: Path | None, names: list[str], seed: int, policy: str, table: bool, games: int,
                   jobs: int, cluster: str | None, out: Path | None, format, inputs) -> None:
    """``pnp simulate --games N [--jobs J | --cluster ADDRESS]``: the games of a run, their
    summary on standard output, and each game's log in ``out`` (a folder) when given."""
    from rules_check.many import GameFailed, Summary, Task, batch_size, executor, game_seed, play_all

    if jobs > 1 and cluster is not None:
        typer.echo("pnp: --jobs and --cluster: give one (the cluster's workers play the games)", err=True)
        raise typer.Exit(2)
    view = " --view table" if table else ""
    how = (f" --policy {policy}" if policy != "random" else "") + view
    keep = out is not None
    width = len(str(games))
    tasks = [Task(k, game, str(cards) if cards else None, tuple(names), s, policy, table, keep,
                  f"simulated by pnp simulate {game} --players {len(names)} --seed {s}{how} "
                  f"(game {k + 1} of pnp simulate {game} --games {games} --seed {seed})")
             for k, s in ((k, game_seed(seed, k)) for k in range(games))]
    summary = Summary(game, names, policy, seed)
    try:
        if out is not None:
            atomic.refuse_input(out, inputs)
            if out.exists() and not out.is_dir():
                raise InputError(out, "is a file; with --games, --out names the folder each game's log is written to")
        workers = jobs if cluster is None else 2
        with executor(jobs, cluster) as pool:
            played = play_all(tasks, pool, batch_size(games, workers))
        for p in played:
            summary.add(p)
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            with atomic.reading(inputs):
                for p in played:
                    atomic.write_text_atomic(out / f"{game}-{p.index + 1:0{width}d}.yaml", p.log or "")
    except GameFailed as exc:
        typer.echo("pnp: " + printable(str(exc)), err=True)
        raise typer.Exit(exc.exit_code) from None
    except ImportError as exc:  # --cluster without dask's distributed installed
        typer.echo(f"pnp: --cluster needs dask's distributed ({exc}): pip install 'pnp-tabletop[cluster]'", err=True)
        raise typer.Exit(2) from None
    except (OSError, TimeoutError) as exc:
        if cluster is not None and not isinstance(exc, FileNotFoundError):
            typer.echo(f"pnp: --cluster {printable(cluster)}: cannot reach the scheduler ({printable(str(exc))})",
                       err=True)
            raise typer.Exit(2) from None
        raise fail(_os_error(exc)) from None
    except Interrupted as exc:
        raise _stopped(exc) from None
    except PnpError as exc:
        raise fail(exc) from None
    if format is OutputFormat.json:
        console.report(json.dumps(summary.as_json(), indent=2))
    else:
        for line in summary.lines():
            typer.echo(printable(line))


@app.command(cls=PlainCommand)
def table(
    file: Optional[Path] = typer.Argument(None, metavar="[FILE]",
                                         help="A game's log to resume (inside --dir; default: the start page)."),
    port: int = typer.Option(8765, "--port", metavar="N", help="The port to listen on."),
    host: str = typer.Option("127.0.0.1", "--host", metavar="H",
                             help="The address to listen on; any but this computer's own (0.0.0.0: phones on the "
                                  "same network) needs the token printed with the URL."),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open the page in a browser."),
    directory: Optional[Path] = typer.Option(None, "--dir", metavar="DIR",
                                             help="The folder games are read from and written to (default: FILE's "
                                                  "folder, else the current one)."),
    cards: Optional[Path] = typer.Option(None, "--cards", metavar="DIR", help=_ENGINE_CARDS_HELP),
) -> None:
    """Record a game at the table and see the verdict as it goes: a local web server (Ctrl-C stops it;
    every entry is saved as it is made)."""
    from rules_check.table.server import game_file_name, serve

    folder = directory if directory is not None else (file.parent if file is not None else Path.cwd())
    if not folder.is_dir():
        typer.echo(f"pnp: --dir {folder}: not a folder", err=True)
        raise typer.Exit(2)
    name = None
    if file is not None:
        name = game_file_name(file.name)
        if name is None or file.resolve().parent != folder.resolve() or not file.is_file():
            typer.echo(f"pnp: {file}: not a game log in {folder} (a .yaml file of letters, digits, . _ -)", err=True)
            raise typer.Exit(2)
        from rules_check.core.logfile import read_log

        try:
            read_log(file, _engines(cards))
        except PnpError as exc:
            raise fail(exc) from None
    try:
        serve(folder, _engines(cards), host=host, port=port, open_page=name, browser=not no_browser, echo=typer.echo)
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C itself; nothing is left unsaved
        pass
    typer.echo(f"pnp table: stopped; every game is saved in {folder} (each entry was written as it was made)")


def main() -> None:  # pragma: no cover - the console script calls `app`
    app()
