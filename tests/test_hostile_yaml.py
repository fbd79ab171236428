"""Issue 15, YAML library errors: what PyYAML cannot build (a merge key onto a scalar, a tag
its value does not fit, a date that is none, an integer Python will not read) is refused by the
safe loader with the file, the line and what was expected, in every YAML reader, through the
real CLI: never a traceback, never "internal error". A merge with a key written beside it is
YAML, and is read (the written key wins). docs/limits.md, "Files and YAML"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest
from typer.testing import CliRunner

from moonwell import LAYOUTS, SPELLS, write_game
from pnp.cli import app
from pnp.data.errors import InputError
from pnp.data.yamlsafe import MAX_DEPTH, MAX_DIGITS, NotADate, load_yaml_text

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "decks" / "legal-ben-bridge.yaml"
LOG = ROOT / "examples" / "logs" / "relics-legal.yaml"
runner = CliRunner()

TOP = "# a hostile value follows\n# on line 3\n"  # each construct starts on line 3 of its file

# name: (YAML text, the line of the error within it, what the message says)
CONSTRUCTS = {
    "a merge key onto a scalar": ("hostile:\n  <<: 5\n", 2, "the merge key `<<` takes a mapping or a list of "
                                  "mappings (`<<: *base`, `<<: [*a, *b]`), got '5'"),
    "a merge key onto a list of scalars": ("hostile: {<<: [1, 2]}\n", 1, "the merge key `<<` takes a mapping or a "
                                           "list of mappings (`<<: *base`, `<<: [*a, *b]`), got a list with other "
                                           "values than mappings"),
    "a merge key twice": ("hostile: {<<: {a: 1}, <<: {b: 2}}\n", 1, "the merge key `<<` appears twice in one "
                          "mapping (merge several mappings at once: `<<: [*a, *b]`)"),
    "!!bool maybe": ("hostile: !!bool maybe\n", 1, "expected true or false (also yes/no, on/off) for !!bool, got "
                     "'maybe'"),
    "!!float ''": ("hostile: !!float ''\n", 1, "expected a number for !!float, got ''"),
    "!!int abc": ("hostile: !!int abc\n", 1, "expected a whole number for !!int, got 'abc'"),
    "!!timestamp 2001-99-99": ("hostile: !!timestamp 2001-99-99\n", 1, "'2001-99-99' reads as a date but is not "
                               "one (month must be in 1..12); put it in quotes if it is text"),
    "date: 2024-13-45": ("date: 2024-13-45\n", 1, "'2024-13-45' reads as a date but is not one (month must be in "
                         "1..12); put it in quotes if it is text"),
    "a date and time with a time zone of 99 hours": ("hostile: 2001-12-14 21:59:43 +99:00\n", 1,
                                                     "'2001-12-14 21:59:43 +99:00' reads as a date but is not one "
                                                     "(a time zone is less than 24 hours); put it in quotes if it "
                                                     "is text"),
    "an integer of 4,301 digits": ("hostile: " + "7" * 4301 + "\n", 1, f"numbers have at most {MAX_DIGITS} digits, "
                                   f"this one has 4301: '{'7' * 80}…' (put it in quotes if it is text)"),
    "an !!int of 5,000 digits": (f"hostile: !!int '{'1' * 5000}'\n", 1, f"numbers have at most {MAX_DIGITS} "
                                 f"digits, this one has 5000: '{'1' * 80}…' (put it in quotes if it is text)"),
    "a hexadecimal integer of 5,000 digits": (f"hostile: 0x{'f' * 5000}\n", 1, f"numbers have at most {MAX_DIGITS} "
                                              f"digits, this one has 5000: '0x{'f' * 78}…' (put it in quotes if "
                                              "it is text)"),
    "a decimal of 400 digits": (f"hostile: {'9' * 400}.5\n", 1, f"numbers have at most {MAX_DIGITS} digits, this "
                                f"one has 401: '{'9' * 80}…' (put it in quotes if it is text)"),
    "a decimal too large for a double": ("hostile: 1.0e+999\n", 1, "the number '1.0e+999' is too large (at most "
                                         "about 1.8e308)"),
    "!!binary": ("hostile: !!binary aGVsbG8=\n", 1, "the tag !!binary is not allowed (plain YAML only: text, "
                 "numbers, true/false, null, dates, lists and mappings)"),
    "!!set": ("hostile: !!set {a}\n", 1, "the tag !!set is not allowed on a mapping (plain YAML only: text, "
              "numbers, true/false, null, dates, lists and mappings)"),
    "!!seq on a mapping": ("hostile: !!seq {a: 1}\n", 1, "the tag !!seq is not allowed on a mapping (plain YAML "
                           "only: text, numbers, true/false, null, dates, lists and mappings)"),
    "a Python tag": ("hostile: !!python/object/apply:os.system [echo]\n", 1, "the tag "
                     "!!python/object/apply:os.system is not allowed on a list (plain YAML only: text, numbers, "
                     "true/false, null, dates, lists and mappings)"),
    "a tag of one's own": ("hostile: !card Moon Tide\n", 1, "the tag !card is not allowed (plain YAML only: text, "
                           "numbers, true/false, null, dates, lists and mappings)"),
    "a key its tag cannot build": ("? !!int abc\n: 1\n", 1, "expected a whole number for !!int, got 'abc'"),
}


def _game(tmp: Path) -> tuple[Path, Path, list[str]]:
    cards, layouts, args = write_game(tmp)
    return cards, layouts, [str(a) for a in args]


def card_file(tmp: Path) -> tuple[Path, list[str]]:
    cards, _layouts, args = _game(tmp)
    return cards / "moonwell" / "spells.yaml", args


def layout_file(tmp: Path) -> tuple[Path, list[str]]:
    _cards, layouts, args = _game(tmp)
    return layouts / "moonwell.yaml", args


def game_file(tmp: Path) -> tuple[Path, list[str]]:
    cards, _layouts, args = _game(tmp)
    return cards / "moonwell" / "game.yaml", args


def decklist(tmp: Path) -> tuple[Path, list[str]]:
    path = tmp / "deck.yaml"
    path.write_text(DECK.read_text())
    return path, ["check", "deck", str(path)]


def game_log(tmp: Path) -> tuple[Path, list[str]]:
    path = tmp / "game.yaml"
    path.write_text(LOG.read_text())
    return path, ["check", "log", str(path)]


READERS: dict[str, Callable[[Path], tuple[Path, list[str]]]] = {
    "card file": card_file, "layout file": layout_file, "game.yaml": game_file, "YAML decklist": decklist,
    "game log": game_log,
}


def refusal(output: str, file: Path, line: int, message: str) -> bool:
    """Whether a line of ``output`` names ``file:line`` and ends with ``message`` (each command
    frames its messages its own way: "pnp: FILE:LINE: ...", "FILE:LINE: error unusable: ...")."""
    return any(f"{file}:{line}:" in out and out.endswith(f": {message}") for out in output.splitlines())


@pytest.mark.parametrize("construct", CONSTRUCTS)
@pytest.mark.parametrize("reader", READERS)
def test_what_yaml_cannot_build_is_refused_with_file_and_line(tmp_path, reader, construct):
    file, args = READERS[reader](tmp_path)
    text, offset, message = CONSTRUCTS[construct]
    file.write_text(TOP + text + file.read_text())
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output and "internal error" not in r.output
    if reader == "game log" and "date" in message:  # the log reader names a date that is none its own way
        message = LOG_DATES.get(construct, message)
        assert any(f"{file}:{2 + offset}: {message}" in out for out in r.output.splitlines()), r.output
    else:
        assert refusal(r.output, file, 2 + offset, message), r.output


# rules_check/core/logfile.py catches a date that is none (`NotADate` is a ValueError too) and
# says it its own way: the log's `date:` as a date of the match, others with the library's reason
LOG_DATES = {
    "date: 2024-13-45": "date: expected a date as YYYY-MM-DD, got '2024-13-45' (month must be in 1..12)",
    "a date and time with a time zone of 99 hours": "'2001-12-14 21:59:43 +99:00' reads as a date but is not one (",
}


def test_a_construct_deep_in_a_game_log_names_its_line(tmp_path):
    """A log's entries are read as the replay reaches them: a value YAML cannot build in one of
    them is named with its line all the same."""
    path = tmp_path / "g.yaml"
    text = LOG.read_text()
    at = text.index("\nlog:\n") + len("\nlog:\n")
    path.write_text(text[:at] + "  - {travel: !!int abc}\n" + text[at:])
    line = text[:at].count("\n") + 1
    r = runner.invoke(app, ["check", "log", str(path)])
    assert r.exit_code == 2
    assert r.output.splitlines() == [f"{path}: cannot be used: {path}:{line}: expected a whole number for !!int, "
                                     "got 'abc'"]


# --- a merge with a key beside it is YAML: read, the written key wins ----------------------------

def test_a_card_file_merges_with_an_override(tmp_path):
    cards, _layouts, _args = _game(tmp_path)
    (cards / "moonwell" / "spells.yaml").write_text(SPELLS.replace(
        "      - {name: Low Ebb, text: Everyone discards a card.}\n",
        "      - &ebb {name: Low Ebb, text: Everyone discards a card.}\n"
        "      - {<<: *ebb, name: High Ebb, count: 3}\n"))
    r = runner.invoke(app, ["list", "--cards", str(cards), "--format", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"moonwell": {"spell card": 5}}  # 1 + 1 + 3


def test_a_layout_file_merges_with_an_override(tmp_path):
    _cards, layouts, args = _game(tmp_path)
    (layouts / "moonwell.yaml").write_text(LAYOUTS.replace(
        "      name: {type: text, field: name, box: [4, 4, 55, 8], size: 9, font: bold}\n",
        "      name: &name {type: text, field: name, box: [4, 4, 55, 8], size: 9, font: bold}\n"
        "      text: {<<: *name, field: text, box: [4, 50, 55, 30], size: 7, wrap: true, font: regular}\n").replace(
        "      text: {type: text, field: text, box: [4, 50, 55, 30], size: 7, wrap: true}\n", "", 1))
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output


def test_a_game_file_merges_with_an_override(tmp_path):
    cards, _layouts, _args = _game(tmp_path)
    (cards / "moonwell" / "game.yaml").write_text("<<: {id: moonwell, title: Old Moon, players: [1, 2]}\n"
                                                   "title: Moonwell\nplayers: [1, 4]\n")
    r = runner.invoke(app, ["list", "--cards", str(cards)])
    assert r.exit_code == 0, r.output


def test_a_yaml_decklist_merges_with_an_override(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("<<: {player: Ana, event: Spring Cup}\n" + DECK.read_text())  # the file says `player: Ben`
    r = runner.invoke(app, ["check", "deck", str(path), "--format", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)[0]["player"] == "Ben"


def test_a_game_log_merges_with_an_override(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("<<: {event: Spring Cup, round: 1}\nround: 2\n" + LOG.read_text())
    r = runner.invoke(app, ["check", "log", str(path), "--format", "json"])
    assert r.exit_code == 0, r.output
    metadata = json.loads(r.output)[0]["metadata"]
    assert (metadata["event"], metadata["round"]) == ("Spring Cup", 2)


# --- the loader itself ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("base: &b {name: A, power: 2}\ncard: {<<: *b, name: B}\n", {"name": "B", "power": 2}),
    ("base: &b\n  name: A\ncard:\n  <<: *b\n  name: B\n", {"name": "B"}),
    ("a: &a {x: 1, z: 0}\nb: &b {y: 2, x: 9}\ncard: {<<: [*a, *b], z: 3}\n", {"x": 1, "z": 3, "y": 2}),
    ("card: {<<: [], name: A}\n", {"name": "A"}),
])
def test_merge_keys_follow_yaml(text, expected):
    """Written keys win over merged ones; of merged mappings, the first wins; the keys come in
    the order PyYAML gives them."""
    card = load_yaml_text(text, "m.yaml").data["card"]
    assert card == expected and list(card) == list(expected)


def test_merged_values_keep_the_line_they_are_written_on():
    doc = load_yaml_text("base: &b\n  name: A\n  power: 2\ncard:\n  <<: *b\n  name: B\n", "m.yaml")
    assert doc.line_of(("card", "name")) == 6 and doc.line_of(("card", "power")) == 3


def test_a_mapping_that_merges_itself_is_refused():
    with pytest.raises(InputError) as err:
        load_yaml_text("a: &a {<<: *a}\n", "self.yaml")
    assert str(err.value) == f"self.yaml:1: nested more than {MAX_DEPTH} levels deep (a recursive alias?); refused"


def test_merges_of_merges_count_towards_the_node_limit():
    """Each level merges the one before twice: the file is small, what it expands to is not."""
    text = "l0: &l0 {a: 1}\n" + "".join(f"l{i}: &l{i} {{<<: [*l{i - 1}, *l{i - 1}], k{i}: 1}}\n" for i in range(1, 40))
    with pytest.raises(InputError, match="expands to more than 1000 values"):
        load_yaml_text(text, "bomb.yaml", max_nodes=1000)


def test_numbers_up_to_the_digit_limit_are_read():
    assert load_yaml_text(f"n: {'9' * MAX_DIGITS}\n", "n.yaml").data["n"] == int("9" * MAX_DIGITS)
    with pytest.raises(InputError, match=f"numbers have at most {MAX_DIGITS} digits, this one has {MAX_DIGITS + 1}"):
        load_yaml_text(f"n: {'9' * (MAX_DIGITS + 1)}\n", "n.yaml")
    assert load_yaml_text(f"n: '{'9' * 5000}'\n", "n.yaml").data["n"] == "9" * 5000  # quoted: text


def test_plain_values_and_allowed_tags_still_read():
    doc = load_yaml_text("a: !!str 5\nb: !!int '7'\nc: !!float 1\nd: !!bool yes\ne: !!null x\nf: 2024-05-01\n"
                         "g: .inf\nh: 1:20\ni: =\nj: [<<]\n", "ok.yaml")
    import datetime

    assert doc.data == {"a": "5", "b": 7, "c": 1.0, "d": True, "e": None, "f": datetime.date(2024, 5, 1),
                        "g": float("inf"), "h": 80, "i": "=", "j": ["<<"]}


def test_a_date_that_is_none_is_also_a_value_error_with_its_place():
    """A reader that knows what a value means catches it and says more (the game log's `date:`)."""
    with pytest.raises(NotADate) as err:
        load_yaml_text("event: Cup\ndate: 2024-02-30\n", "log.yaml")
    assert isinstance(err.value, ValueError) and isinstance(err.value, InputError)
    assert (err.value.line, err.value.path, err.value.value) == (2, ("date",), "2024-02-30")
    assert err.value.problem == "day is out of range for month"
