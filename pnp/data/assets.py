"""Where a card's art may come from (docs/limits.md, "Outputs and art").

A card folder is something people share, so its ``image:`` paths must not reach the rest of
the computer: an image resolves, after every symbolic link is followed, inside the card
folder (``--cards``, the folder that holds the game folders) or inside a folder the user
names with ``pnp build --assets DIR``. Anything else is refused before the file is opened:
``../../private/secret.png``, ``/etc/shadow``, or a link in the card folder that points out.

`art_path` is the one place that turns an ``image:`` into a file: the card loader checks every
``image:`` with it (and reports the card file, its line and the field), and the renderer
resolves the art it draws with it.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterable, Iterator

from .errors import MAX_QUOTED_PATH, InputError, shown

# the folders a build was given with --assets (resolved), besides the card folder
_EXTRA_ROOTS: ContextVar[tuple[Path, ...]] = ContextVar("pnp_asset_roots", default=())


@contextmanager
def allowed(folders: Iterable[Path]) -> Iterator[tuple[Path, ...]]:
    """While in this block, art may also come from ``folders`` (``--assets``)."""
    roots = tuple(Path(os.path.realpath(f)) for f in folders)
    token = _EXTRA_ROOTS.set(roots)
    try:
        yield roots
    finally:
        _EXTRA_ROOTS.reset(token)


def check_folders(folders: Iterable[Path]) -> None:
    """Each ``--assets`` folder exists and is a folder."""
    for folder in folders:
        if not Path(folder).is_dir():
            what = "is not a folder" if Path(folder).exists() else "no such folder"
            raise InputError(folder, f"--assets: {what}; expected a folder the card art may come from")


def card_folder(base_dir: Path) -> Path:
    """The card folder of a card file in ``base_dir``: a card file is ``CARDS/GAME/NAME.yaml``,
    so its card folder is ``CARDS`` (art may be shared between the games of one folder)."""
    return Path(base_dir).parent


def roots(base_dir: Path) -> tuple[Path, ...]:
    """The folders the art of a card file in ``base_dir`` may come from, resolved."""
    return (Path(os.path.realpath(card_folder(base_dir))), *_EXTRA_ROOTS.get())


def art_path(base_dir: Path, image: object) -> Path:
    """The file an ``image:`` of a card file in ``base_dir`` names (relative to that file's
    folder, or absolute), with links followed; an `InputError` when it lies outside the card
    folder and the ``--assets`` folders. Nothing is opened."""
    name = str(image)
    given = Path(base_dir) / name  # an absolute name stays itself
    try:
        real = Path(os.path.realpath(given))
    except (ValueError, OSError) as exc:  # a NUL in the name; a link loop on some systems
        raise InputError(given, f"{shown(name, MAX_QUOTED_PATH)} is not a usable file name ({exc})") from None
    allowed_roots = roots(base_dir)
    if any(real == root or root in real.parents for root in allowed_roots):
        return real
    through = f" (a link to {real})" if real != Path(os.path.abspath(given)) else ""
    folders = ", ".join(str(r) for r in allowed_roots)
    raise InputError(given, f"{shown(name, MAX_QUOTED_PATH)}{through} is outside the card folder; art comes from the card "
                            f"folder or a folder named with --assets DIR (allowed: {folders})")
