"""The Kartomantik card pool a decklist is checked against (docs/decklists.md, "The card pool").

By default the bundled pool: every file of ``cards/kartomantik/`` in the pool form (a
top-level ``cards:`` list); ``--pool FILE`` replaces it with one file of that form, and
``pnp list pool --cards DIR`` reads ``DIR/kartomantik/``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.data.errors import InputError, shown
from pnp.games.kartomantik.models import PoolCard, PoolFile
from pnp.data.paths import bundled
from pnp.data.validate import validate
from pnp.data.yamlsafe import load_yaml

from .names import normalise

MAX_POOL_BYTES = 4 * 1024 * 1024


@dataclass
class Pool:
    """Cards by normalised name, and where the pool came from."""

    cards: dict[str, PoolCard] = field(default_factory=dict)
    source: str = ""

    def get(self, name: str) -> PoolCard | None:
        return self.cards.get(normalise(name))

    def printed_names(self) -> dict[str, str]:
        """normalised -> printed name, for suggestions."""
        return {k: c.name for k, c in self.cards.items()}

    def add(self, card: PoolCard, file: str) -> None:
        key = normalise(card.name)
        if key in self.cards:
            raise InputError(file, f"card {shown(card.name)} is in the pool twice")
        self.cards[key] = card


def _read(path: Path, pool: Pool) -> bool:
    """Add the cards of ``path`` if it is a pool file; False when it is another kind of file."""
    doc = load_yaml(path, max_bytes=MAX_POOL_BYTES, what="card pool")
    if not isinstance(doc.data, dict) or "cards" not in doc.data:
        return False
    for card in validate(PoolFile, doc).cards:
        pool.add(card, str(path))
    return True


def load_pool(path: str | Path | None = None, cards: str | Path | None = None) -> Pool:
    """The pool in ``path`` (one file), else the one of the card folder ``cards`` (its
    ``kartomantik/`` files), else the bundled one."""
    if path is not None:
        pool = Pool(source=str(path))
        if not _read(Path(path), pool):
            raise InputError(path, "expected a card pool: `game: kartomantik` and a `cards:` list", line=1)
        return pool
    folder = (Path(cards) if cards is not None else bundled("cards")) / "kartomantik"
    if not folder.is_dir():
        raise InputError(folder, "no such folder: expected the Kartomantik cards (a card pool file) in it")
    pool = Pool(source=str(folder))
    files = sorted(folder.glob("*.yaml"))
    if not any([_read(f, pool) for f in files]):
        raise InputError(folder, "no card pool file (with a `cards:` list) in this folder")
    return pool


def listing(pool: Pool) -> list[dict[str, Any]]:
    """Each card as ``pnp list pool`` shows it, in the pool's order, every key on every card
    (null where it does not apply): power for manifestations, will kind and tribute for wills."""
    return [{"name": c.name, "type": c.type, "temperament": c.temperament, "points": c.points, "power": c.power,
             "will": c.will, "tribute": c.tribute.model_dump() if c.tribute else None}
            for c in pool.cards.values()]
