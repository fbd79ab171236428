"""``pnp build --watch``: build, then build again whenever a card file, a spreadsheet, a
layout, a font or an image changes (watchfiles). A change that breaks the build is reported
and the last good PDFs stay where they are (a build is all or nothing, pnp/build.py); the
next good change builds again."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

# a font: .ttf, or an .otf with TrueType outlines (pnp/layout/fontfile.py reads both); the build reads
# a changed font again, known by its content (pnp/render/fonts.py)
WATCHED = (".yaml", ".yml", ".csv", ".xlsx", ".ttf", ".otf", ".png", ".jpg", ".jpeg", ".webp")


def relevant(changes: Iterable[tuple[object, str]]) -> list[str]:
    """The changed files a build reads (not the editor's swap files, not the PDFs written)."""
    return sorted({path for _, path in changes if Path(path).suffix.lower() in WATCHED
                   and not Path(path).name.startswith((".", "~"))})


def watch_builds(build_once: Callable[[], bool], folders: list[Path], say: Callable[[str], None],
                 changes: Iterable[set[tuple[object, str]]] | None = None) -> None:
    """Run ``build_once`` now and after every relevant change in ``folders`` (``changes``: the
    stream of change sets, watchfiles' by default) until interrupted."""
    if changes is None:
        from watchfiles import watch

        changes = watch(*folders, raise_interrupt=False)
    build_once()
    say(f"watching {', '.join(str(f) for f in folders)} (Ctrl-C to stop)")
    for batch in changes:
        files = relevant(batch)
        if not files:
            continue
        say(f"changed: {', '.join(Path(f).name for f in files[:5])}{' ...' if len(files) > 5 else ''}")
        if not build_once():
            say("the build failed: the last good files are kept; fix it and save again")
