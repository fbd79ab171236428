"""Games installed packages add, as the printing side sees them: the entry-point group
``pnp.games`` (docs/adding-an-engine.md, "An installed game").

An entry named after the game id gives either an engine class (the checker's to load) or an
object (a module, say) with ``ENGINE``, the engine class, ``CARDS``, the folder of the game's
card files and its ``game.yaml``, and optionally ``LAYOUTS``, a folder of its templates. The
printing side reads only ``CARDS`` and ``LAYOUTS``, so ``pnp build ID`` prints an installed game
without ``--cards`` or ``--layouts``; it never imports the checker.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from pathlib import Path

from pnp.data.errors import PnpError

ENTRY_POINT_GROUP = "pnp.games"


class InstalledGameError(PnpError):
    """An entry point in ``pnp.games`` that cannot give what it promises (exit 2)."""

    exit_code = 2

    def __init__(self, entry: metadata.EntryPoint, why: str) -> None:
        dist = getattr(entry, "dist", None)
        where = f" (package {dist.name})" if dist is not None and getattr(dist, "name", None) else ""
        super().__init__(f"entry point {entry.name!r} = {entry.value!r} in group {ENTRY_POINT_GROUP}"
                         f"{where}: {why}")


def entry_points() -> list[metadata.EntryPoint]:
    """The group's entry points, in the order the installed packages list them."""
    return list(metadata.entry_points(group=ENTRY_POINT_GROUP))


def engine_ids() -> list[str]:
    """The game ids installed packages give an engine for (their entry points' names, read
    without importing any package)."""
    return [entry.name for entry in entry_points()]


def card_folder(game: str) -> Path | None:
    """The card folder (``CARDS``) the package installing ``game`` ships, or None."""
    return _folders().get(game, (None, None))[0]


def layout_folder(game: str) -> Path | None:
    """The layouts folder (``LAYOUTS``) the package installing ``game`` ships, or None."""
    return _folders().get(game, (None, None))[1]


@cache
def _folders() -> dict[str, tuple[Path | None, Path | None]]:
    """Game id -> (CARDS, LAYOUTS) of each entry point whose object names either; an entry point
    is loaded only when the printing side asks for a game no card folder holds.
    `InstalledGameError` names one that cannot be loaded or whose folders are not folders."""
    out: dict[str, tuple[Path | None, Path | None]] = {}
    for entry in entry_points():
        try:  # a third party's code: whatever it raises is that entry point's fault
            obj = entry.load()
        except Exception as exc:
            raise InstalledGameError(entry, f"cannot be loaded ({type(exc).__name__}: {exc})") from None
        cards, layouts = (_folder(entry, obj, name) for name in ("CARDS", "LAYOUTS"))
        if cards is not None and cards.name != entry.name:
            raise InstalledGameError(entry, f"its CARDS folder is named {cards.name!r}; a game's card folder is "
                                            f"named by its id, {entry.name!r}")
        if cards is not None or layouts is not None:
            out[entry.name] = (cards, layouts)
    return out


def _folder(entry: metadata.EntryPoint, obj: object, name: str) -> Path | None:
    value = getattr(obj, name, None)
    if value is None:
        return None
    folder = Path(value)
    if not folder.is_dir():
        raise InstalledGameError(entry, f"its {name}, {folder}, is not a folder")
    return folder


def forget() -> None:
    """Read the entry points afresh (after a package is installed, and in tests)."""
    _folders.cache_clear()
