"""Hostile and broken YAML: every bad file ends in an InputError naming file and line."""

from __future__ import annotations

import os

import pytest

from pnp.data.errors import InputError
from pnp.data.yamlsafe import load_yaml, load_yaml_text

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)
)


def test_values_keep_their_lines():
    doc = load_yaml_text("game: visions\ncards:\n  - name: A\n    power: 3\n  - name: B\n", "f.yaml")
    assert doc.data == {"game": "visions", "cards": [{"name": "A", "power": 3}, {"name": "B"}]}
    assert doc.line_of(("cards", 0, "power")) == 4
    assert doc.line_of(("cards", 1, "name")) == 5
    assert doc.line_of(("cards", 1, "missing")) == 5  # nearest located parent


def test_alias_bomb_is_refused():
    with pytest.raises(InputError, match="alias bomb"):
        load_yaml_text(BOMB, "bomb.yaml")


def test_recursive_alias_is_refused():
    with pytest.raises(InputError, match="nested more than"):
        load_yaml_text("a: &a [*a]\n", "rec.yaml")


def test_modest_anchors_and_merge_keys_work():
    doc = load_yaml_text("base: &b {power: 2, points: 10}\ncard: {<<: *b, name: X}\n", "ok.yaml")
    assert doc.data["card"] == {"power": 2, "points": 10, "name": "X"}


def test_python_tags_are_not_executed():
    with pytest.raises(InputError) as err:
        load_yaml_text("a: !!python/object/apply:os.system ['echo pwned']\n", "evil.yaml")
    assert str(err.value).startswith("evil.yaml:1:")


def test_syntax_error_names_the_line():
    with pytest.raises(InputError) as err:
        load_yaml_text("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml")
    assert str(err.value).startswith("bad.yaml:3: not valid YAML")


def test_duplicate_key_is_an_error():
    with pytest.raises(InputError, match="appears twice") as err:
        load_yaml_text("name: A\nname: B\n", "dup.yaml")
    assert err.value.line == 2


def test_oversized_file_is_refused(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_text("a: " + "x" * 2000 + "\n")
    with pytest.raises(InputError, match="over the limit"):
        load_yaml(p, max_bytes=1000)


def test_a_file_longer_than_its_size_says_is_read_whole_and_held_to_the_limit():
    """A file whose size says less than it holds (a /proc file says 0; a file growing as it is
    read): read to its end, and refused once it passes the limit, as a file that says its size."""
    from pnp.data.yamlsafe import read_bytes_checked

    status = "/proc/self/status"
    assert os.stat(status).st_size == 0
    raw = read_bytes_checked(status, 1 << 20)
    assert raw.startswith(b"Name:") and b"VmRSS" in raw
    with pytest.raises(InputError, match="more than 100 bytes, over the limit"):
        read_bytes_checked(status, 100)


def test_binary_file_is_refused(tmp_path):
    p = tmp_path / "img.yaml"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(InputError, match="binary data"):
        load_yaml(p)


def test_non_utf8_names_the_line(tmp_path):
    p = tmp_path / "latin1.yaml"
    p.write_bytes(b"a: 1\nname: caf\xe9\n")
    with pytest.raises(InputError) as err:
        load_yaml(p)
    assert err.value.line == 2 and "not UTF-8" in str(err.value)


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such"):
        load_yaml(tmp_path / "nope.yaml")


def test_empty_document():
    assert load_yaml_text("", "empty.yaml").data is None


# --- the loader's remembered tags (issue 29: a log says the same values thousands of times) ---

TRICKY_SCALARS = ["yes", "No", "on", "OFF", "true", "~", "null", "", "1e3", "1.5", ".inf", "-.NaN", "0x1f",
                  "0o17", "012", "1_000", "2024-01-01", "2024-01-01 10:00:00", "Ana", "play", "-1", "0", "7", "10",
                  "00", "09", "1:20", "+5"]


@pytest.mark.parametrize("text", [f"v: {style.format(value)}\nw: [{style.format(value)}]\n"
                                  for value in TRICKY_SCALARS for style in ("{}", "'{}'", '"{}"')]
                         + ["v: '='\n", "v: '<<'\n"])
def test_remembered_tags_build_what_pyyaml_builds(text: str) -> None:
    """Read twice (the second time from the remembered tags), plain or quoted, every value builds
    as PyYAML's own safe loader builds it: a quoted "123" stays text, a plain one a number."""
    import yaml

    expected = yaml.load(text, Loader=yaml.SafeLoader)
    assert load_yaml_text(text, "t.yaml").data == expected
    assert load_yaml_text(text, "t.yaml").data == expected


def test_remembered_tags_are_bounded() -> None:
    """A document of ever new values does not grow the memory of tags past its bound."""
    from pnp.data import yamlsafe

    load_yaml_text("\n".join(f"k{i}: v{i}" for i in range(yamlsafe._RESOLVED_MAX + 500)), "t.yaml",
                   max_nodes=10 * yamlsafe._RESOLVED_MAX)
    assert 0 < len(yamlsafe._resolved) <= yamlsafe._RESOLVED_MAX


# --- a log entry's quick build (build_value) against the full one (build_node) ------------------

ENTRY_TEXTS = [
    "play: {card: Oak, target: [Ana, Ben]}",
    "a: 1\nb: [1, 2.5, true, null, ~, 2024-01-01]",
    "a: x\na: y",  # a key twice
    "1: x\n2: y",  # numbers as keys
    "base: &b {x: 1}\nmore: {<<: *b, y: 2}",  # a merge key
    "a: !!str 5\nb: !!int '7'",
    "a: !!python/object x",  # a tag not allowed
    "a: 2024-13-45",  # reads as a date, is none
    "a: " + "[" * 70 + "]" * 70,  # nested past MAX_DEPTH
    "a: [" + ", ".join(["x"] * 40) + "]",  # past a small node limit (below)
    "{a: {b: {c: [d, {e: f}]}}}",
]


@pytest.mark.parametrize("text", ENTRY_TEXTS)
@pytest.mark.parametrize("max_nodes", [20, 1000])
def test_an_entry_builds_quickly_as_it_builds_in_full(text: str, max_nodes: int) -> None:
    """The same value, or the same error at the same line, with or without the lines of its parts."""
    from pnp.data.yamlsafe import build_node, build_value, compose_yaml_text

    def outcome(build):  # type: ignore[no-untyped-def]
        node = compose_yaml_text(text, "e.yaml")
        try:
            return "value", build(node)
        except InputError as exc:
            return "error", str(exc), exc.line

    full = outcome(lambda node: build_node(node, "e.yaml", ("log", 0), max_nodes).data)
    quick = outcome(lambda node: build_value(node, "e.yaml", ("log", 0), max_nodes))
    assert quick == full
