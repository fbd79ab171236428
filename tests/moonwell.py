"""Moonwell: the smallest game of one's own (a game.yaml, a card file, a layout file) that the
tests of hostile input build and then break one file or value at a time."""

from __future__ import annotations

from pathlib import Path

GAME = "id: moonwell\ntitle: Moonwell\nplayers: [1, 4]\n"
SPELLS = """game: moonwell
components:
  - component: spell card
    kind: card
    layout: moonwell-spell
    back: {layout: moonwell-back, label: Moonwell}
    items:
      - {name: Moon Tide, text: Everyone draws a card.}
      - {name: Low Ebb, text: Everyone discards a card.}
"""
LAYOUTS = """templates:
  moonwell-spell:
    extends: poker
    elements:
      name: {type: text, field: name, box: [4, 4, 55, 8], size: 9, font: bold}
      text: {type: text, field: text, box: [4, 50, 55, 30], size: 7, wrap: true}
  moonwell-back:
    extends: poker
    elements:
      label: {type: text, field: label, box: [4, 25, 55, 10], size: 12, align: center}
"""


def write_game(tmp: Path, spells: str = SPELLS, layouts: str = LAYOUTS, game: str = GAME) -> tuple[Path, Path, list]:
    """``tmp/cards/moonwell/`` (game.yaml, spells.yaml) and ``tmp/layouts/moonwell.yaml``; the
    card and layout folders and the arguments of `pnp build` over them into ``tmp/out``."""
    cards, layouts_dir = tmp / "cards", tmp / "layouts"
    (cards / "moonwell").mkdir(parents=True, exist_ok=True)
    layouts_dir.mkdir(exist_ok=True)
    (cards / "moonwell" / "game.yaml").write_text(game)
    (cards / "moonwell" / "spells.yaml").write_text(spells)
    (layouts_dir / "moonwell.yaml").write_text(layouts)
    return cards, layouts_dir, ["build", "moonwell", "--cards", cards, "--layouts", layouts_dir, "--out", tmp / "out"]
