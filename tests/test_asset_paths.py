"""Issue 15, "Art from outside the card folder is embedded": an ``image:`` resolves, after its
links are followed, inside the card folder (``--cards``) or an ``--assets DIR``; anything else
is refused with the card file, its line and the field, exit 2, before the file is opened."""

from __future__ import annotations

import builtins
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app
from pnp.data import assets
from pnp.data.errors import InputError

runner = CliRunner()

GAME = "id: moon\ntitle: Moon\nplayers: [1, 4]\n"
LAYOUTS = """templates:
  moon-card:
    extends: poker
    elements:
      art: {type: art, box: [4, 10, 55, 40]}
      name: {type: text, field: name, box: [4, 4, 36, 8], size: 9}
"""
SECRET_RGB = (200, 30, 30)


def cards_file(image: str | None = None, back_image: str | None = None) -> str:
    """A card file whose second card's ``image:`` is on line 10 (its back's on line 6)."""
    back = f", image: {back_image!r}" if back_image is not None else ""
    second = f"        image: {image!r}\n" if image is not None else "        text: plain\n"
    return ("game: moon\ncomponents:\n  - component: spell card\n    kind: card\n    layout: moon-card\n"
            f"    back: {{layout: moon-card, name: back{back}}}\n    items:\n      - {{name: A}}\n"
            f"      - name: B\n{second}")


@pytest.fixture
def world(tmp_path):
    """tmp/cards/moon (the game), tmp/cards/moon/ok.png, tmp/private/secret.png, tmp/layouts."""
    cards = tmp_path / "cards"
    (cards / "moon").mkdir(parents=True)
    (cards / "moon" / "game.yaml").write_text(GAME)
    Image.new("RGB", (300, 400), (30, 200, 30)).save(cards / "moon" / "ok.png")
    private = tmp_path / "private"
    private.mkdir()
    Image.new("RGB", (300, 400), SECRET_RGB).save(private / "secret.png")
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    (layouts / "moon.yaml").write_text(LAYOUTS)
    return tmp_path


def build(world: Path, *extra: str):
    return runner.invoke(app, ["build", "moon", "--cards", str(world / "cards"), "--layouts", str(world / "layouts"),
                               "--out", str(world / "out"), *extra])


def write(world: Path, image: str | None = None, back_image: str | None = None) -> Path:
    path = world / "cards" / "moon" / "cards.yaml"
    path.write_text(cards_file(image, back_image))
    return path


def embedded_images(pdf: Path) -> int:
    return sum(len(page.images) for page in pypdf.PdfReader(pdf).pages)


def refused(result, card_file: Path, line: int, image: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"pnp: {card_file}:{line}: image: {image!r}" in result.output
    assert "is outside the card folder; art comes from the card folder or a folder named with --assets DIR" \
        in result.output


class TestEscapesAreRefused:
    @pytest.mark.parametrize("image", ["../../private/secret.png", "../../../../../../../../etc/passwd",
                                       "./../moon/../../private/secret.png"])
    def test_a_relative_path_out_of_the_folder(self, world, image):
        card_file = write(world, image)
        refused(build(world), card_file, 10, image)
        assert not (world / "out" / "moon.pdf").exists()

    def test_an_absolute_path_outside(self, world):
        image = str(world / "private" / "secret.png")
        card_file = write(world, image)
        refused(build(world), card_file, 10, image)

    def test_the_absolute_path_of_a_system_file(self, world):
        card_file = write(world, "/etc/shadow")
        refused(build(world), card_file, 10, "/etc/shadow")

    def test_a_link_inside_the_folder_that_points_outside(self, world):
        (world / "cards" / "moon" / "art.png").symlink_to(world / "private" / "secret.png")
        card_file = write(world, "art.png")
        result = build(world)
        refused(result, card_file, 10, "art.png")
        assert f"(a link to {world / 'private' / 'secret.png'})" in result.output

    def test_a_linked_folder_inside_that_points_outside(self, world):
        (world / "cards" / "moon" / "art").symlink_to(world / "private", target_is_directory=True)
        card_file = write(world, "art/secret.png")
        refused(build(world), card_file, 10, "art/secret.png")

    def test_a_back_image_is_checked_too(self, world):
        card_file = write(world, None, back_image="../../private/secret.png")
        refused(build(world), card_file, 6, "../../private/secret.png")

    def test_a_kartomantik_pool_card(self, tmp_path):
        """The pool's own form (``cards:``) is checked like the generic one."""
        cards = tmp_path / "cards"
        (cards / "kartomantik").mkdir(parents=True)
        pool = Path(__file__).resolve().parents[1] / "cards" / "kartomantik"
        for f in pool.glob("*.yaml"):
            (cards / "kartomantik" / f.name).write_text(f.read_text())
        text = (cards / "kartomantik" / "pool.yaml").read_text().rstrip("\n")
        line = text.count("\n") + 1 + 6  # the image is the sixth line of the card below
        (cards / "kartomantik" / "pool.yaml").write_text(
            text + '\n  - name: "Stolen"\n    type: manifestation\n    temperament: choleric\n    power: 2\n'
                   '    points: 10\n    image: /etc/hostname\n    text: "Art."\n')
        result = runner.invoke(app, ["build", "kartomantik", "--cards", str(cards), "--out", str(tmp_path / "o")])
        refused(result, cards / "kartomantik" / "pool.yaml", line, "/etc/hostname")

    def test_a_spreadsheet_row(self, world):
        """Items read from ``items_from:`` are checked too; the line is the component's."""
        (world / "cards" / "moon" / "cards.yaml").write_text(
            "game: moon\ncomponents:\n  - component: spell card\n    kind: card\n    layout: moon-card\n"
            "    back: {layout: moon-card, name: back}\n    items_from: spells.csv\n")
        (world / "cards" / "moon" / "spells.csv").write_text("name,image\nA,ok.png\nB,../../private/secret.png\n")
        result = build(world)
        assert result.exit_code == 2, result.output
        assert (f"{world / 'cards' / 'moon' / 'cards.yaml'}:3: image: '../../private/secret.png' is outside the "
                f"card folder") in result.output
        assert "(a row of the component's items_from spreadsheet)" in result.output

    def test_pnp_list_refuses_it_too(self, world):
        card_file = write(world, "../../private/secret.png")
        result = runner.invoke(app, ["list", "--cards", str(world / "cards")])
        refused(result, card_file, 10, "../../private/secret.png")


class TestArtInsideIsKept:
    def test_an_image_beside_the_card_file(self, world):
        write(world, "ok.png")
        result = build(world)
        assert result.exit_code == 0, result.output
        assert embedded_images(world / "out" / "moon.pdf") == 1

    def test_a_link_inside_that_points_inside(self, world):
        shared = world / "cards" / "shared"
        shared.mkdir()
        Image.new("RGB", (300, 400), (10, 10, 200)).save(shared / "blue.png")
        (world / "cards" / "moon" / "blue.png").symlink_to(shared / "blue.png")
        write(world, "blue.png")
        result = build(world)
        assert result.exit_code == 0, result.output
        assert embedded_images(world / "out" / "moon.pdf") == 1

    def test_art_shared_between_the_games_of_the_card_folder(self, world):
        shared = world / "cards" / "shared"
        shared.mkdir()
        Image.new("RGB", (300, 400), (10, 10, 200)).save(shared / "blue.png")
        write(world, "../shared/blue.png")
        assert build(world).exit_code == 0

    @pytest.mark.parametrize("how", ["relative", "absolute", "link"])
    def test_an_assets_folder_makes_an_outside_folder_allowed(self, world, how):
        secret = world / "private" / "secret.png"
        image = {"relative": "../../private/secret.png", "absolute": str(secret), "link": "art.png"}[how]
        if how == "link":
            (world / "cards" / "moon" / "art.png").symlink_to(secret)
        write(world, image)
        assert build(world).exit_code == 2
        result = build(world, "--assets", str(world / "private"))
        assert result.exit_code == 0, result.output
        (img,) = pypdf.PdfReader(world / "out" / "moon.pdf").pages[0].images
        assert img.image.convert("RGB").getpixel((5, 5)) == SECRET_RGB

    def test_an_assets_folder_allows_only_itself(self, world):
        other = world / "other"
        other.mkdir()
        card_file = write(world, "../../private/secret.png")
        result = build(world, "--assets", str(other))
        refused(result, card_file, 10, "../../private/secret.png")
        assert f"allowed: {world.resolve() / 'cards'}, {other.resolve()}" in result.output

    def test_pnp_list_checks_art_as_the_build_does(self, world):
        """`pnp list` reads the same card files: without the --assets the build is given, the
        card naming outside art is refused; with it, the components are counted."""
        card_file = write(world, "../../private/secret.png")
        args = ["list", "--cards", str(world / "cards"), "--format", "json"]
        refused(runner.invoke(app, args), card_file, 10, "../../private/secret.png")
        result = runner.invoke(app, [*args, "--assets", str(world / "private")])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output) == {"moon": {"spell card": 2}}
        result = runner.invoke(app, [*args, "--assets", str(world / "nowhere")])
        assert result.exit_code == 2 and "--assets: no such folder" in result.output

    @pytest.mark.parametrize("kind", ["missing", "file"])
    def test_an_assets_folder_that_is_not_one_exits_2(self, world, kind):
        write(world, "ok.png")
        path = world / "nowhere"
        if kind == "file":
            path.write_text("x")
        result = build(world, "--assets", str(path))
        assert result.exit_code == 2
        what = "no such folder" if kind == "missing" else "is not a folder"
        assert f"pnp: {path}: --assets: {what}; expected a folder the card art may come from" in result.output


class TestNeverOpened:
    def test_the_outside_file_is_not_opened(self, world, monkeypatch):
        """The refusal comes from the path alone: nothing under private/ is opened (the loader
        once read /etc/shadow before refusing it as "not an image")."""
        opened: list[str] = []
        private = str((world / "private").resolve())

        def spy(real):
            def wrapper(file, *args, **kwargs):
                if isinstance(file, (str, bytes, os.PathLike)):
                    name = os.fsdecode(file)
                    if os.path.realpath(name).startswith(private):
                        opened.append(name)
                return real(file, *args, **kwargs)
            return wrapper

        monkeypatch.setattr(builtins, "open", spy(builtins.open))
        monkeypatch.setattr(io, "open", spy(io.open))
        monkeypatch.setattr(os, "open", spy(os.open))
        monkeypatch.setattr(Image, "open", spy(Image.open))
        for image in ("../../private/secret.png", str(world / "private" / "secret.png")):
            card_file = write(world, image)
            refused(build(world), card_file, 10, image)
        (world / "cards" / "moon" / "art.png").symlink_to(world / "private" / "secret.png")
        card_file = write(world, "art.png")
        refused(build(world), card_file, 10, "art.png")
        assert opened == []

    @pytest.mark.parametrize("image", ["../../private/pipe.png", "pipe-link.png"])
    def test_a_named_pipe_outside_does_not_hang_the_build(self, world, image):
        """Opening a FIFO for reading blocks until a writer comes: a build that opened it would
        never end."""
        os.mkfifo(world / "private" / "pipe.png")
        (world / "cards" / "moon" / "pipe-link.png").symlink_to(world / "private" / "pipe.png")
        card_file = write(world, image)
        r = subprocess.run([sys.executable, "-m", "pnp", "build", "moon", "--cards", str(world / "cards"),
                            "--layouts", str(world / "layouts"), "--out", str(world / "out")],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 2, r.stderr
        assert f"pnp: {card_file}:10: image: {image!r}" in r.stderr


class TestTheOneResolver:
    """`pnp.data.assets.art_path`: the loader's check and the renderer both call it."""

    def test_inside(self, tmp_path):
        (tmp_path / "g").mkdir()
        assert assets.art_path(tmp_path / "g", "a/b.png") == (tmp_path / "g" / "a" / "b.png").resolve()

    def test_outside_names_the_path(self, tmp_path):
        (tmp_path / "cards" / "g").mkdir(parents=True)
        with pytest.raises(InputError) as exc:
            assets.art_path(tmp_path / "cards" / "g", "../../x.png")
        assert exc.value.file == str(tmp_path / "cards" / "g" / "../../x.png")
        assert exc.value.message.startswith("'../../x.png' is outside the card folder")

    def test_allowed_folders_last_only_inside_their_block(self, tmp_path):
        (tmp_path / "cards" / "g").mkdir(parents=True)
        (tmp_path / "art").mkdir()
        with assets.allowed([tmp_path / "art"]):
            assert assets.art_path(tmp_path / "cards" / "g", "../../art/x.png") == (tmp_path / "art" / "x.png").resolve()
        with pytest.raises(InputError):
            assets.art_path(tmp_path / "cards" / "g", "../../art/x.png")

    def test_a_nul_in_the_name(self, tmp_path):
        with pytest.raises(InputError) as exc:
            assets.art_path(tmp_path, "a\0b.png")
        assert "is not a usable file name" in exc.value.message

    def test_the_renderer_refuses_what_the_loader_would(self, tmp_path):
        """A face drawn without the loader's check (a test, a tool) still cannot reach out."""
        from reportlab.pdfgen.canvas import Canvas

        from pnp.data.paths import bundled
        from pnp.layout.model import load_layouts
        from pnp.render.card import Face, FaceRenderer
        from pnp.render.images import ImageStore

        (tmp_path / "lay").mkdir()
        (tmp_path / "lay" / "moon.yaml").write_text(LAYOUTS)
        layouts = load_layouts([bundled("layouts"), tmp_path / "lay"])
        (tmp_path / "cards" / "g").mkdir(parents=True)
        canvas = Canvas(str(tmp_path / "x.pdf"))
        renderer = FaceRenderer(canvas, layouts, ImageStore(canvas))
        face = Face(layouts.template("moon-card"), {"name": "B", "image": "/etc/hostname"}, "moon/B",
                    tmp_path / "cards" / "g")
        with pytest.raises(InputError, match="'/etc/hostname' is outside the card folder"):
            renderer.draw(face, 0, 0)
