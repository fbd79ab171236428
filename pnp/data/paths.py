"""Where the bundled data folders are: the installed package's (``pnp/bundle``, links to the
repository's folders in a checkout, copies in a wheel), read through importlib.resources."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

NAMES = ("cards", "layouts", "decks")


def bundled(name: str) -> Path:
    """The bundled ``cards/``, ``layouts/`` or ``decks/`` folder."""
    if name not in NAMES:
        raise ValueError(f"no bundled folder {name!r} (bundled: {', '.join(NAMES)})")
    # resolved: in a checkout, the repository's own folder (messages name the file one edits)
    return Path(str(resources.files("pnp.bundle") / name)).resolve()


def inside(folder: Path, name: str) -> Path | None:
    """``name`` relative to ``folder``, resolved (links followed); None when that leaves the
    folder (a spreadsheet, a font: a shared folder must not reach outside itself)."""
    source = (Path(folder) / name).resolve()
    return source if Path(folder).resolve() in source.parents else None
