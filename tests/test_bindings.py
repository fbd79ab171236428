"""A build resolves every card's field bindings before it draws (pnp/render/bindings.py): the bad
ones are all reported at once, each with its file, line, card and field, and no PDF is written."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from moonwell import GAME
from pnp.build import BuildOptions, build
from pnp.cli import app
from pnp.data.errors import InputErrors

runner = CliRunner()

CARDS = """game: moonwell
components:
  - component: spell card
    kind: card
    layout: moonwell-spell
    back: {layout: moonwell-back, label: Moonwell}
    items:
      - {name: Moon Tide, tint: "#203040", power: 3}
      - {name: Star Fall, tint: blue-ish, power: 2}
      - {name: Sun Rise, tint: "#102030", power: three}
      - {name: Dusk, tint: "#405060", power: 1, count: 3}
"""
LAYOUTS = """templates:
  moonwell-spell:
    extends: poker
    elements:
      band: {type: rect, box: [0, 0, 63, 10], fill: {field: tint}}
      power: {type: text, field: power, format: "{:d}", box: [5, 20, 50, 6]}
  moonwell-back:
    extends: poker
    elements:
      label: {type: text, field: label, box: [5, 40, 53, 10], size: 12}
"""


def folders(tmp: Path, cards: str = CARDS) -> tuple[Path, Path]:
    (tmp / "cards" / "moonwell").mkdir(parents=True)
    (tmp / "cards" / "moonwell" / "game.yaml").write_text(GAME)
    (tmp / "cards" / "moonwell" / "spells.yaml").write_text(cards)
    (tmp / "layouts").mkdir()
    (tmp / "layouts" / "moonwell.yaml").write_text(LAYOUTS)
    return tmp / "cards", tmp / "layouts"


def test_two_bad_bindings_in_two_cards_are_both_named_before_any_pdf(tmp_path):
    cards, layouts = folders(tmp_path)
    spells = cards / "moonwell" / "spells.yaml"
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "out")])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    out = r.output
    assert (f'{spells}:9: tint: expected a colour like "#1b1b1b" or "cmyk(0, 20, 40, 10)", got "blue-ish" '
            "(moonwell/spell card/Star Fall (front), layout 'moonwell-spell' element 'band')") in out
    assert (f"{spells}:10: power: the layout's format '{{:d}}' prints a whole number, not \"three\" "
            "(moonwell/spell card/Sun Rise (front), layout 'moonwell-spell' element 'power'") in out
    assert not list(tmp_path.glob("out/*.pdf")) and not list(tmp_path.glob("out/.*"))


def test_the_library_build_raises_every_problem_together(tmp_path):
    cards, layouts = folders(tmp_path)
    try:
        build(["moonwell"], BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=tmp_path / "out"))
    except InputErrors as exc:
        fields = sorted((e.line, e.field) for e in exc.errors)
    else:
        raise AssertionError("the build did not fail")
    assert fields == [(9, "tint"), (10, "power")]  # each once, though drawn front by front
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_good_bindings_build(tmp_path):
    cards, layouts = folders(tmp_path, CARDS.replace("blue-ish", '"#0000ff"').replace("three", "3"))
    [result] = build(["moonwell"], BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=tmp_path / "out"))
    assert result.path == tmp_path / "out" / "moonwell.pdf" and result.faces == 12
