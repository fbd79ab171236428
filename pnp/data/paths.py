"""Where the bundled data folders are: the checkout's, else the working directory's."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


def bundled(name: str) -> Path:
    """The bundled ``cards/`` or ``layouts/`` folder."""
    here = REPO / name
    return here if here.is_dir() else Path.cwd() / name
