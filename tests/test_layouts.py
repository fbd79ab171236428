"""Layout templates as data: extends, missing fields, cycles, and the bundled layouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import bundled
from pnp.data.errors import InputError, InputErrors
from pnp.games import GAMES
from pnp.data.loader import load_game
from pnp.layout.model import TextElement, load_layouts


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    p.write_text(text)
    return p


def test_extends_merges_elements_key_by_key(tmp_path):
    write(tmp_path, "a.yaml", """
templates:
  base:
    abstract: true
    size: [63, 88]
    elements:
      title: {type: text, box: [4, 4, 55, 8], field: name, size: 10}
      frame: {type: rect, box: [2, 2, 59, 84], stroke: "#000000"}
  child:
    extends: base
    bleed: 2
    elements:
      title: {size: 8}
      frame: null
""")
    layouts = load_layouts(tmp_path)
    assert "base" not in layouts.templates  # abstract
    child = layouts.template("child")
    assert child.size == (63, 88) and child.bleed == 2
    assert list(child.elements) == ["title"]
    title = child.elements["title"]
    assert isinstance(title, TextElement) and title.size == 8 and title.field == "name"


def test_missing_size_names_the_file_and_template(tmp_path):
    p = write(tmp_path, "a.yaml", "templates:\n  lonely:\n    bleed: 3\n")
    with pytest.raises(InputError) as err:
        load_layouts(tmp_path)
    assert str(err.value).startswith(f"{p}:3: size: is required but missing (template 'lonely')")


def test_circular_extends_names_the_cycle(tmp_path):
    p = write(tmp_path, "a.yaml", "templates:\n  a: {extends: b, size: [1, 1]}\n  b: {extends: a}\n")
    with pytest.raises(InputError) as err:
        load_layouts(tmp_path)
    assert str(p) in str(err.value) and "circular extends" in str(err.value)


def test_unknown_parent(tmp_path):
    write(tmp_path, "a.yaml", "templates:\n  a: {extends: nowhere, size: [1, 1]}\n")
    with pytest.raises(InputError, match="extends unknown template 'nowhere'"):
        load_layouts(tmp_path)


def test_unknown_element_type_is_an_error(tmp_path):
    write(tmp_path, "a.yaml",
          "templates:\n  a:\n    size: [63, 88]\n    elements:\n      x: {type: sparkle, box: [0, 0, 1, 1]}\n")
    with pytest.raises((InputError, InputErrors)):
        load_layouts(tmp_path)


def test_unknown_property_is_an_error_not_a_silent_default(tmp_path):
    write(tmp_path, "a.yaml", "templates:\n  a:\n    size: [63, 88]\n    elements:\n"
                              "      x: {type: text, box: [0, 0, 1, 1], colour: '#000', fnot: bold}\n")
    with pytest.raises((InputError, InputErrors), match="fnot"):
        load_layouts(tmp_path)


def test_duplicate_template_across_files(tmp_path):
    write(tmp_path, "a.yaml", "templates:\n  a: {size: [1, 1]}\n")
    write(tmp_path, "b.yaml", "templates:\n  a: {size: [2, 2]}\n")
    with pytest.raises(InputError, match="already defined"):
        load_layouts(tmp_path)


class TestBundled:
    layouts = load_layouts(bundled("layouts"))

    @pytest.mark.parametrize("game", list(GAMES))
    def test_every_card_component_has_its_templates_at_one_size(self, game):
        data = load_game(bundled("cards"), game)
        for comp in data.components:
            if comp.kind.value != "card":
                continue
            front = self.layouts.template(comp.layout)
            for item in comp.items:
                back_name, _ = comp.back_fields(item)
                back = self.layouts.template(back_name)
                assert back.size == front.size, (comp.component, back_name)

    def test_poker_and_tarot_sizes(self):
        assert self.layouts.template("kartomantik-manifestation").size == (63, 88)
        assert self.layouts.template("slmw-vision").size == (70, 120)

    @pytest.mark.parametrize("name", sorted(load_layouts(bundled("layouts")).templates))
    def test_text_stays_inside_the_safe_zone(self, name):
        t = self.layouts.template(name)
        for key, e in t.elements.items():
            if e.type in ("text", "icons", "symbol", "track", "tracker"):
                x, y, w, h = e.box
                assert x >= t.safe - 1e-6 and y >= t.safe - 1e-6, (name, key)
                assert x + w <= t.width - t.safe + 1e-6 and y + h <= t.height - t.safe + 1e-6, (name, key)


@pytest.mark.parametrize("element, expected", [
    ('{type: text, box: [4, 4, 50, 8], field: name, format: "{} and {}"}', "exactly one {} for the value"),
    ('{type: text, box: [4, 4, 50, 8], field: name, format: "{name}"}', "exactly one {} for the value"),
    ('{type: text, box: [4, 4, 50, 8], field: name, size: 0}', "size: input should be greater than 0"),
    ('{type: text, box: [4, 4, 50, 8], field: name, colour: "blue-ish"}', 'expected a colour like "#1b1b1b"'),
    ('{type: rect, box: [0, 0, 10, 10], fill: {field: kind, map: {a: "#zz1838"}}}', 'expected a colour like'),
    ('{type: text, box: [1, 1, 50, 8], field: name}', "reaches into the 3.0 mm safe zone"),
])
def test_bad_properties_are_refused_at_load(tmp_path, element, expected):
    p = write(tmp_path, "a.yaml", f"templates:\n  card:\n    size: [63, 88]\n    elements:\n      x: {element}\n")
    with pytest.raises((InputError, InputErrors)) as err:
        load_layouts(tmp_path)
    assert str(p) in str(err.value) and expected in str(err.value).lower().replace("Input", "input")


def test_zero_card_size_is_refused(tmp_path):
    write(tmp_path, "a.yaml", "templates:\n  card: {size: [0, 0]}\n")
    with pytest.raises((InputError, InputErrors), match="greater than 0"):
        load_layouts(tmp_path)


def test_the_dominance_is_on_the_reference_card_from_the_checkers_table_and_the_back_holds_no_rule():
    """Kartomantik 4.2.3 Resolution: the reference card draws the one table the checker uses (the
    wheel reads it, `model.TABLES`); the back is the game's face down, with no rules text."""
    layouts = load_layouts(bundled("layouts"))
    wheels = [e for e in layouts.template("kartomantik-reference").elements.values() if e.type == "wheel"]
    assert [w.table for w in wheels] == ["kartomantik.dominance"]
    back = layouts.template("kartomantik-back").elements.values()
    texts = " ".join(str(e.text) for e in back if e.type == "text")
    assert "beats" not in texts and "4.2.3" not in texts
    signs = {e.symbol for e in back if e.type == "symbol"}
    assert signs == {"phlegmatic", "choleric", "vitreous", "capricious", "melancholic", "transcendent", "hollow"}


def test_a_layout_file_changed_between_two_reads_is_read_again(tmp_path):
    """Layout files are kept once read (every build reads the bundled ones; `pnp watch` builds
    again and again in one process): a file written since, even to the same size, is read anew,
    and a layout error written into it is found at once."""
    text = """
templates:
  card:
    size: [63, 88]
    elements:
      title: {type: text, box: [4, 4, 55, 8], field: name, size: 10}
"""
    path = write(tmp_path, "a.yaml", text)
    assert load_layouts(tmp_path).templates["card"].elements["title"].size == 10
    assert load_layouts(tmp_path).templates["card"].elements["title"].size == 10  # kept: the same answer
    path.write_text(text.replace("size: 10", "size: 12"))  # the same number of bytes
    assert load_layouts(tmp_path).templates["card"].elements["title"].size == 12
    path.write_text(text.replace("size: [63, 88]", "siz: [63, 88]"))
    with pytest.raises(InputErrors, match="siz: is not a known field"):
        load_layouts(tmp_path)
