"""Issue 12, first part: a publisher's own game (a folder of YAML with a game.yaml) builds
and lists with generic card models, and its layouts extend the bundled ones (a layout search
path: the publisher's folder over the bundled one)."""

from __future__ import annotations

from pathlib import Path

import re

import pdfplumber
import pypdfium2 as pdfium
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()
MM = 72 / 25.4

GAME = "id: moonwell\ntitle: Moonwell\nplayers: [1, 4]\n"
COMPONENT = """game: moonwell
components:
  - component: spell card
    kind: card
    layout: moonwell-spell
    back: {layout: moonwell-back, label: Moonwell}
"""
CARDS = COMPONENT + "    items:\n" + "".join(
    f"      - {{name: Spell {i}, text: 'Draw {i % 3 + 1} cards.', cost: {i % 4}}}\n" for i in range(1, 13))
LAYOUTS = """templates:
  mini:
    abstract: true
    extends: poker
    size: [44, 63]
    elements:
      panel: {type: rect, box: [2, 2, 40, 59], fill: "#eef3f7", radius: 2}
  moonwell-spell:
    extends: mini
    elements:
      name: {type: text, field: name, box: [4, 4, 36, 8], size: 9, font: bold}
      text: {type: text, field: text, box: [4, 20, 36, 30], size: 7, wrap: true}
  moonwell-back:
    extends: mini
    elements:
      label: {type: text, field: label, box: [4, 25, 36, 10], size: 12, align: center}
"""


def make(tmp_path: Path) -> tuple[Path, Path]:
    cards = tmp_path / "cards"
    (cards / "moonwell").mkdir(parents=True)
    (cards / "moonwell" / "game.yaml").write_text(GAME)
    (cards / "moonwell" / "spells.yaml").write_text(CARDS)
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    (layouts / "moonwell.yaml").write_text(LAYOUTS)
    return cards, layouts


def test_a_game_of_ones_own_builds_from_any_folder(tmp_path):
    cards, layouts = make(tmp_path)
    out = tmp_path / "out"
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts), "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = pdfium.PdfDocument(out / "moonwell.pdf")[0].get_textpage().get_text_range()
    assert "Moonwell" in text and "Relics" not in text  # the footer names the game
    assert sorted(int(x) for x in re.findall(r"Spell (\d+)", text)) == list(range(1, 13))  # 12 cards, one sheet
    with pdfplumber.open(out / "moonwell.pdf") as pdf:
        rects = [tuple(sorted((round(x["width"] / MM, 1), round(x["height"] / MM, 1)))) for x in pdf.pages[0].curves]
        assert rects.count((40.0, 59.0)) == 12  # each 44 x 63 mm card's panel, 2 mm in from its trim
    r = runner.invoke(app, ["list", "--cards", str(cards), "--format", "json"])
    assert r.exit_code == 0 and '"spell card": 12' in r.output


def test_an_unknown_game_says_how_to_make_one(tmp_path):
    cards, layouts = make(tmp_path)
    r = runner.invoke(app, ["build", "moonwel", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "o")])
    assert r.exit_code == 2
    assert "unknown game 'moonwel' (known: moonwell; a game of your own is a folder" in r.output.replace("\n", " ")


def test_a_game_file_names_its_folder(tmp_path):
    cards, layouts = make(tmp_path)
    (cards / "moonwell" / "game.yaml").write_text("id: moonwel\ntitle: Moonwell\n")
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "o")])
    assert r.exit_code == 2
    assert "game.yaml:1" in r.output and "expected `id: moonwell`" in r.output


def test_a_publishers_template_of_a_bundled_name_wins_and_says_so(tmp_path):
    cards, layouts = make(tmp_path)
    (layouts / "moonwell.yaml").write_text(LAYOUTS.replace("  mini:\n", "  relics-reference:\n    extends: poker\n"
                                                           "  mini:\n"))
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "o")])
    assert r.exit_code == 0, r.output
    assert "layout template 'relics-reference' of" in r.output and "is used in place of the one in" in r.output



CSV_CARDS = COMPONENT + "    items_from: spells.csv\n"


def test_cards_from_a_spreadsheet(tmp_path):
    """Squib's and nanDECK's way: one row a card, columns are fields, `count` optional."""
    cards, layouts = make(tmp_path)
    (cards / "moonwell" / "spells.yaml").write_text(CSV_CARDS)
    rows = ["name,text,cost,count"] + [f"Spell {i},\"Draw {i}, then discard.\",{i % 4}," for i in range(1, 11)]
    rows.append("Moon Tide,Everyone draws 1 card.,2,2")
    (cards / "moonwell" / "spells.csv").write_text("\n".join(rows) + "\n")
    out = tmp_path / "out"
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "(2 pages, 12 cards)" in r.output  # 10 rows once, one row twice
    text = pdfium.PdfDocument(out / "moonwell.pdf")[0].get_textpage().get_text_range()
    assert text.count("Moon Tide") == 2 and "Draw 7, then discard." in text


def test_a_bad_spreadsheet_names_file_row_and_column(tmp_path):
    cards, layouts = make(tmp_path)
    (cards / "moonwell" / "spells.yaml").write_text(CSV_CARDS)
    (cards / "moonwell" / "spells.csv").write_text("name,text,count\nSpell 1,Draw.,2\nSpell 2,Draw.,many\n")
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "o")])
    assert r.exit_code == 2
    assert "spells.csv:3: column count: Input should be a valid integer" in r.output
    (cards / "moonwell" / "spells.csv").write_text("title,text\nSpell 1,Draw.\n")
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "o")])
    assert "spells.csv:1: the header row names no `name` column (it has: title, text)" in r.output


def test_a_field_no_card_has_is_refused(tmp_path):
    """A layout's `field:` that no card of the component has would print nothing, silently."""
    cards, layouts = make(tmp_path)
    (layouts / "moonwell.yaml").write_text(LAYOUTS.replace("field: text,", "field: txt,"))
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "o")])
    assert r.exit_code == 2
    assert ("component 'spell card': layout 'moonwell-spell' element 'text' prints the field 'txt', which no "
            "spell card has (its fields: cost, count, name, text)") in r.output.replace("\n", " ")


def test_text_running_into_text_is_named_and_strict_fails(tmp_path):
    """The layout check looks at the result: a name wrapped onto a second line runs into the
    line under it; the warning names the card and both elements; --strict exits 1."""
    cards, layouts = make(tmp_path)
    crowded = LAYOUTS.replace("name: {type: text, field: name, box: [4, 4, 36, 8], size: 9, font: bold}",
                              "name: {type: text, field: name, box: [4, 4, 12, 9], size: 9, font: bold, wrap: true, "
                              "valign: top}\n      school: {type: text, text: Sorcery, box: [4, 9, 30, 4], size: 7}")
    (layouts / "moonwell.yaml").write_text(crowded)
    args = ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts), "--out", str(tmp_path / "o")]
    r = runner.invoke(app, args)
    assert r.exit_code == 0
    assert "moonwell/spell card/Spell 1 (front): the text of 'name' runs into the text of 'school'" in r.output
    r = runner.invoke(app, args + ["--strict"])
    assert r.exit_code == 1 and "(--strict)" in r.output


def test_the_bundled_cards_print_no_text_over_text(tmp_path):
    """The Gestalt titles ("Whereof One Cannot Speak" ...) keep above their subtitle."""
    r = runner.invoke(app, ["build", "so-long-my-world", "--out", str(tmp_path), "--strict"])
    assert r.exit_code == 0, r.output


def test_a_layout_font_of_ones_own_is_embedded(tmp_path):
    """A layout file's `fonts:` names a TrueType file beside the layouts; an element uses it; the
    PDF embeds a subset of it."""
    import shutil

    import reportlab
    from pypdf import PdfReader

    cards, layouts = make(tmp_path)
    (layouts / "fonts").mkdir()
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "VeraBI.ttf", layouts / "fonts" / "moonscript.ttf")
    (layouts / "moonwell.yaml").write_text("fonts: {moonscript: fonts/moonscript.ttf}\n"
                                           + LAYOUTS.replace("size: 9, font: bold}", "size: 9, font: moonscript}"))
    out = tmp_path / "out"
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts), "--out", str(out)])
    assert r.exit_code == 0, r.output
    fonts = {str(f["/BaseFont"]) for f in PdfReader(out / "moonwell.pdf").pages[0]["/Resources"]["/Font"].values()}
    # the file's own face (nothing else here prints bold italic), embedded as a subset ("ABCDEF+"), under
    # its own PostScript name made its own by a digest of its bytes (a bundled font has that name)
    assert any(re.fullmatch(r"/[A-Z]{6}\+BitstreamVeraSans-BoldOblique-[0-9a-f]{8}", f) for f in fonts), fonts
    (layouts / "moonwell.yaml").write_text(LAYOUTS.replace("size: 9, font: bold}", "size: 9, font: moonscript}"))
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts), "--out", str(out)])
    assert r.exit_code == 2 and "element 'name': no font named 'moonscript'" in r.output


def test_inline_bold_and_italic(tmp_path):
    """Card text takes Markdown's ** and _ for bold and italic words, besides {symbols}."""
    cards, layouts = make(tmp_path)
    text = (cards / "moonwell" / "spells.yaml").read_text().replace("'Draw 1 cards.'", "'Draw **one** card, _then_ rest.'")
    (cards / "moonwell" / "spells.yaml").write_text(text)
    out = tmp_path / "out"
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts), "--out", str(out)])
    assert r.exit_code == 0, r.output
    with pdfplumber.open(out / "moonwell.pdf") as pdf:
        chars = pdf.pages[0].chars
    def font_of(word: str) -> set[str]:
        text = "".join(c["text"] for c in chars)
        i = text.index(word)
        return {c["fontname"].split("+")[-1] for c in chars[i:i + len(word)]}
    assert font_of("one") == {"BitstreamVeraSans-Bold"} and font_of("then") == {"BitstreamVeraSans-Oblique"}
    assert font_of("rest") == {"BitstreamVeraSans-Roman"} and "**" not in "".join(c["text"] for c in chars)


def test_cards_from_an_xlsx_workbook(tmp_path):
    import openpyxl

    cards, layouts = make(tmp_path)
    (cards / "moonwell" / "spells.yaml").write_text(CSV_CARDS.replace("spells.csv", "spells.xlsx"))
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["name", "text", "cost", "count"])
    for i in range(1, 11):
        sheet.append([f"Spell {i}", f"Draw {i}.", i % 4, None])
    sheet.append(["Moon Tide", "Everyone draws 1 card.", 2, 2])
    book.save(cards / "moonwell" / "spells.xlsx")
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    assert "(2 pages, 12 cards)" in r.output
    sheet.append(["Bad", "x", 1, "many"])
    book.save(cards / "moonwell" / "spells.xlsx")
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(tmp_path / "out")])
    assert r.exit_code == 2 and "spells.xlsx:13: column count: Input should be a valid integer" in r.output


def test_one_registry_names_each_game_and_its_engine():
    """pnp.games.GAMES is where a game is printed from, rules_check.engines.ENGINES where it
    is checked: the same games, in the same order, played by as many."""
    from pnp.games import GAMES
    from rules_check.engines import ENGINES, engines

    found = engines()
    assert list(found) == list(ENGINES) == [g for g in GAMES if g in ENGINES]
    for game, engine in found.items():
        assert engine.game == game and engine.players == GAMES[game].players


def test_watch_rebuilds_and_keeps_the_last_good_pdf(tmp_path, monkeypatch):
    """pnp build --watch: a change rebuilds; a broken change is reported and the last good PDF
    stays; the next good change builds again. (The change stream is the test's, in place of
    watchfiles' own.)"""
    from pnp import cli

    cards, layouts = make(tmp_path)
    out = tmp_path / "out"
    spells = cards / "moonwell" / "spells.yaml"
    seen: list[str] = []

    def pdf_text() -> str:
        return pdfium.PdfDocument(out / "moonwell.pdf")[0].get_textpage().get_text_range()

    def changes():
        seen.append(pdf_text())
        spells.write_text(spells.read_text().replace("kind: card", "kind: cardz"))  # broken
        yield {(2, str(spells))}
        seen.append(pdf_text())  # still the last good one
        spells.write_text(CARDS.replace("Spell 1,", "Sunspell,").replace("{name: Spell 1,", "{name: Sunspell,"))
        yield {(2, str(spells)), (2, str(tmp_path / ".spells.yaml.swp"))}
        seen.append(pdf_text())

    monkeypatch.setattr(cli, "_WATCH_CHANGES", changes())
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                            "--out", str(out), "--watch"])
    assert r.exit_code == 0, r.output
    assert "the build failed: the last good files are kept" in r.output and "kind" in r.output
    assert "Spell 1" in seen[0] and seen[1] == seen[0] and "Sunspell" in seen[2]


def test_braces_in_a_cards_or_components_name_print_as_written(tmp_path):
    """The footer carries names from the data; `{` and `}` in them are text, not a format."""
    cards, layouts = make(tmp_path)
    spells = cards / "moonwell" / "spells.yaml"
    spells.write_text(spells.read_text().replace("component: spell card", "component: 'spell {:>9} card}{'"))
    out = tmp_path / "out"
    r = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts), "--out", str(out),
                            "--duplex", "off"])
    assert r.exit_code == 0, r.output
    text = pdfium.PdfDocument(out / "moonwell.pdf")[1].get_textpage().get_text_range()
    assert "spell {:>9} card}{ ×12" in text and "backs (" in text
