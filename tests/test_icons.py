"""Art windows show an icon, not a placeholder (pnp/render/icons.py, docs/icons.md): game-icons.net's
silhouettes, carried only as far as the bundled cards name them and credited on each game's reference
card; a game's own SVG file; the contrast and the unknown names a build reports."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from moonwell import GAME
from pnp.build import bundled, card_jobs
from pnp.cli import app
from pnp.data.loader import load_game
from pnp.games import GAMES
from pnp.layout import model as lm
from pnp.layout.model import load_layouts
from pnp.render import icons
from pnp.render.card import FaceRenderer

runner = CliRunner()
CARDS = Path(__file__).resolve().parent.parent / "cards"


def named_icons() -> dict[str, set[str]]:
    """icon -> the bundled games whose card files name it."""
    return icons.named_in(CARDS)


def test_pnp_carries_exactly_the_icons_the_bundled_cards_name_each_with_its_author():
    data = json.loads(resources.files("pnp").joinpath("icons/game-icons.json").read_text(encoding="utf-8"))
    named = named_icons()
    assert set(data["icons"]) == set(named)  # tools/vendor-icons.py writes it again when this fails
    assert len(named) >= 150
    for name, icon in data["icons"].items():
        assert set(icon["games"]) == named[name], name
        assert icon["author"] in data["authors"], name
        assert re.fullmatch(r"[Mm][-0-9. ,a-zA-Z]+", icon["d"]), name  # one SVG path, nothing else
    assert data["licence"] == "CC BY 3.0"
    credits = (resources.files("pnp") / "icons" / "README.md").read_text(encoding="utf-8")
    for folder, author in data["authors"].items():
        assert author["name"] in credits and folder in credits
    assert "https://creativecommons.org/licenses/by/3.0/" in credits


def art_faces(game: str):
    """Every face of ``game`` a build draws whose art window is drawn (its when/unless)."""
    layouts = load_layouts([bundled("layouts")])
    for job in card_jobs(load_game(bundled("cards"), game), layouts):
        for pair in job.cards:
            for face in pair:
                for element in face.template.elements.values():
                    if not isinstance(element, lm.ArtElement):
                        continue
                    if element.when and not FaceRenderer.lookup(face.fields, element.when):
                        continue
                    if element.unless and FaceRenderer.lookup(face.fields, element.unless):
                        continue
                    yield face


@pytest.mark.parametrize("game", GAMES)
def test_every_art_window_of_a_bundled_card_shows_an_icon_or_an_image(game):
    faces = list(art_faces(game))
    assert faces, game
    without = sorted({f.label for f in faces if FaceRenderer.icon_of(f) is None and not f.fields.get("image")})
    assert without == []


# the captions the placeholders printed, each alone on its line and in lower case (the Visions
# environments, captions too, are also the ends of card names: the faces' test covers them)
PLACEHOLDER_WORDS = {"phlegmatic", "choleric", "vitreous", "capricious", "melancholic", "transcendent", "hollow",
                     "ephemeral will", "persistent will", "day side", "night side", "starting card", "gestalt vision"}


def test_no_page_of_a_bundled_game_prints_a_placeholder_caption(built):
    out, _ = built("a4")
    seen = 0
    for pdf_path in sorted(out.glob("*.pdf")):
        for number, text in page_texts(pdf_path):
            lines = {line.strip() for line in text.splitlines()}
            assert not lines & PLACEHOLDER_WORDS, (pdf_path.name, number, lines & PLACEHOLDER_WORDS)
            seen += 1
    assert seen > 100


def page_texts(path: Path):
    """(page number, its text) of every page, read by pdfium (pdfplumber takes seconds a page of icons)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(path)
    try:
        for i in range(len(doc)):
            yield i + 1, doc[i].get_textpage().get_text_range()
    finally:
        doc.close()


def credit_of(game: str) -> str:
    return icons.credit({name for name, games in named_icons().items() if game in games})


@pytest.mark.parametrize("game", GAMES)
def test_each_game_credits_the_authors_of_its_icons_on_its_reference_card(built, game):
    """The solo reference, the player aid, the tracker's back, the dominance card."""
    pdf = f"{game}.pdf"
    expected = credit_of(game)
    assert expected.startswith("Card icons by ") and expected.endswith("(game-icons.net), CC BY 3.0")
    out, _ = built("a4")
    text = " ".join(" ".join(t.split()) for _, t in page_texts(out / pdf))
    assert expected in text


# --- a publisher's game ---------------------------------------------------------------------------

LAYOUTS = """templates:
  moonwell-spell:
    extends: poker
    elements:
      art: {type: art, box: [5, 10, 53, 40], placeholder: "#c7cdd8"%s}
  moonwell-back:
    extends: poker
"""


def moonwell(tmp: Path, items: str, art_extra: str = "") -> list[str]:
    cards = tmp / "cards" / "moonwell"
    cards.mkdir(parents=True)
    (cards / "game.yaml").write_text(GAME)
    (cards / "spells.yaml").write_text("game: moonwell\ncomponents:\n  - component: spell card\n    kind: card\n"
                                       "    layout: moonwell-spell\n    back: {layout: moonwell-back}\n    items:\n" + items)
    (tmp / "layouts").mkdir()
    (tmp / "layouts" / "moonwell.yaml").write_text(LAYOUTS % art_extra)
    return ["build", "moonwell", "--cards", str(tmp / "cards"), "--layouts", str(tmp / "layouts"),
            "--out", str(tmp / "out")]


def fills(pdf: Path) -> list[tuple[tuple[float, ...], tuple[float, ...]]]:
    """(colour, bbox in mm) of every filled curve on the first page."""
    with pdfplumber.open(pdf) as doc:
        return [(tuple(round(v, 3) for v in (c.get("non_stroking_color") or ())),
                 tuple(round(v / 72 * 25.4, 1) for v in (c["x0"], c["top"], c["x1"], c["bottom"])))
                for c in doc.pages[0].curves if c.get("fill")]


def test_a_publisher_names_a_carried_icon_and_it_is_drawn_in_the_ground_darkened(tmp_path):
    r = runner.invoke(app, moonwell(tmp_path, "      - {name: Moon Tide, icon: stone-bridge}\n") + ["--strict"])
    assert r.exit_code == 0, r.output
    dark = [box for colour, box in fills(tmp_path / "out" / "moonwell.pdf") if colour and max(colour) < 0.3]
    assert dark  # the bridge's outlines, inside the art window's halo (40 mm high: a square of 27.6 mm)
    x0, top = min(b[0] for b in dark), min(b[1] for b in dark)
    x1, bottom = max(b[2] for b in dark), max(b[3] for b in dark)
    assert 20 < x1 - x0 <= 27.6 and 5 < bottom - top <= 27.6


def test_a_games_own_svg_is_drawn_without_its_background_square(tmp_path):
    args = moonwell(tmp_path, "      - {name: Moon Tide, icon: moon-tide}\n")
    (tmp_path / "cards" / "moonwell" / "icons").mkdir()
    (tmp_path / "cards" / "moonwell" / "icons" / "moon-tide.svg").write_text(  # as game-icons.net gives a download
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'
        '<path fill="#fff" d="M256 56a200 200 0 1 0 0.1 0z"/></svg>')
    r = runner.invoke(app, args + ["--strict"])
    assert r.exit_code == 0, r.output
    dark = [box for colour, box in fills(tmp_path / "out" / "moonwell.pdf") if colour and max(colour) < 0.3]
    assert len(dark) == 1  # the disc; the black square under it is left out
    x0, top, x1, bottom = dark[0]
    assert 20 < x1 - x0 < 23 and 20 < bottom - top < 23  # 400 of 512 units of the 27.6 mm square


def test_an_unknown_icon_names_the_file_line_and_where_to_put_it(tmp_path):
    args = moonwell(tmp_path, "      - {name: Moon Tide, icon: stone-bridge}\n"
                              "      - {name: Star Fall, icon: no-such-icon}\n")
    r = runner.invoke(app, args)
    assert r.exit_code == 2 and "Traceback" not in r.output
    spells = tmp_path / "cards" / "moonwell" / "spells.yaml"
    assert f"{spells}:9: icon: icon 'no-such-icon' is neither" in " ".join(r.output.split())
    assert "icons/no-such-icon.svg" in r.output and "game-icons.net" in r.output
    assert not (tmp_path / "out" / "moonwell.pdf").exists()


def test_an_icon_under_3_to_1_contrast_is_a_warning_and_fails_strict(tmp_path):
    args = moonwell(tmp_path, "      - {name: Moon Tide, icon: stone-bridge}\n", ', icon_colour: "#d0d0d0"')
    r = runner.invoke(app, args)
    assert r.exit_code == 0
    assert "icon stone-bridge at 1.23:1 contrast with its ground" in " ".join(r.output.split())
    assert runner.invoke(app, args + ["--strict"]).exit_code != 0


def test_the_bundled_icons_read_at_least_3_to_1_on_their_ground():
    from pnp.render.colour import contrast

    seen = 0
    for game in GAMES:
        for face in art_faces(game):
            for element in face.template.elements.values():
                if isinstance(element, lm.ArtElement):
                    _, halo, icon = FaceRenderer.icon_colours(element, face.fields)
                    assert contrast(icon, halo) >= 3.0, face.label
                    seen += 1
    assert seen > 200
