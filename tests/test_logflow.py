"""A log's entries read from their lines (rules_check/core/logflow.py) are what the YAML composer
reads: the same values, the same lines, the same header; anything outside the subset goes to the
composer, so a bad file gets the composer's error at its line."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.data.errors import InputError
from rules_check.core import logfile
from rules_check.core.logflow import read_entry_lines
from rules_check.core.simulate import simulate
from rules_check.core.tableview import table_view
from rules_check.engines import engines
from rules_check.logwriter import dump_log

GAMES = engines()
NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eva"]
HEAD = "game: relics\nplayers: [Ana]\nsetup: {seed: 1}\n"


def composed(text: str) -> Any:
    """What the composer alone reads of ``text``: the entries (index, line, value) and the header,
    or the error it raises."""
    saved = logfile.read_entry_lines
    logfile.read_entry_lines = lambda text: None  # type: ignore[assignment]
    try:
        return read(text)
    finally:
        logfile.read_entry_lines = saved


def read(text: str) -> Any:
    try:
        log = logfile.parse_log(text, "game.yaml", GAMES)
        return [(e.index, e.line, e.data) for e in log.entries], log.doc.data, log.doc.lines
    except InputError as exc:
        return "error", str(exc)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_writers_logs_are_read_from_their_lines_as_the_composer_reads_them(game: str) -> None:
    engine = GAMES[game]
    low, high = engine.players
    for seed in range(4):
        log = simulate(engine, NAMES[:low + seed % (high - low + 1)], seed=seed)
        for shown in (log, table_view(engine, log)) if engine.has_table_view else (log,):
            text = dump_log(shown)
            assert read_entry_lines(text) is not None, "the writer's shape is read from its lines"
            assert isinstance(logfile.parse_log(text, "g.yaml", GAMES).entries, list)
            assert read(text) == composed(text)


def test_values_of_the_subset() -> None:
    flow = read_entry_lines(HEAD + "log:\n"
                                   "  - {play: 'Gar Fild, the Malleable', n: 12, zero: 0, ok: yes, fine: No, x: ~}\n"
                                   "\n"
                                   "  - {choose: {may: 'no'}, of: [], to: [Ana , 'it''s',  B  c ], e: {}, q: ''}\n"
                                   "notes: after the log\n")
    assert flow is not None
    assert [(e.index, e.line) for e in flow.entries] == [(0, 5), (1, 7)]
    assert flow.entries[0].data == {"play": "Gar Fild, the Malleable", "n": 12, "zero": 0, "ok": True,
                                    "fine": False, "x": None}
    assert flow.entries[1].data == {"choose": {"may": "no"}, "of": [], "to": ["Ana", "it's", "B  c"], "e": {},
                                    "q": ""}
    assert flow.header.splitlines()[3:8] == ["log: []", "", "", "", "notes: after the log"]


@pytest.mark.parametrize("entries", [
    "  - {n: 010}",  # octal
    "  - {n: 1.5}",
    "  - {n: 0x1F}",
    "  - {n: -1}",
    "  - {n: 1_000}",
    "  - {d: 2024-01-02}",
    "  - {d: 2024-13-45}",  # not a date: the composer's error
    "  - {a: b, a: c}",  # a key written twice
    "  - {a: b,}",
    "  - {a: }",
    "  - {a}",
    "  - {a:b}",
    "  - {1: b}",
    "  - {yes: b}",
    "  - {a: \"b\"}",
    "  - {a: b} # a comment",
    "  - {a: &x b, c: *x}",
    "  - {a: !!str 1}",
    "  - {a:\tb}",
    "  - {a: b}\n   - {a: c}",  # another indent
    "  - {a: b}\n# a comment\n  - {a: c}",
    "- {a: b}",  # at column 0
    "  - {a: [b, {c: [d, {e: f}]}]}\n  - [not, a, mapping]",
    "  - {a: b\n    c}",
    "  - {a: 'b\u0085c'}",
    "  -  {a: b}",
    "  - {<<: {a: b}}",
    "  - {a: =}",
])
def test_what_the_subset_does_not_hold_is_read_by_the_composer(entries: str) -> None:
    text = HEAD + "log:\n" + entries + "\n"
    assert read(text) == composed(text)


@pytest.mark.parametrize("later", [
    "  - {pass: Ben}   ",  # trailing spaces
    "  - {pass: Ben}\t",  # a tab after the mapping
    "  - {pass: Ben} # a comment",
    "  - {pass: Ben} x }",
    "  - {}",
    "  - {",
    "  - {pass: Ben}}",
    "    - {pass: Ben}",  # deeper: not the log's indent
    "  - {pass: Ben}\u2028",
])
def test_a_later_line_starting_as_the_first_reads_as_the_composer_reads_it(later: str) -> None:
    """The lines after the first entry's are told by their start and end (`read_entry_lines`),
    not the regex: the same lines are entries, the others read by the composer."""
    text = HEAD + "log:\n  - {pass: Ana}\n" + later + "\n  - {pass: Ana}\n"
    assert read(text) == composed(text)


def test_a_log_line_inside_a_quoted_text_is_not_taken_for_the_log() -> None:
    text = ('game: relics\nplayers: [Ana]\nsetup: {seed: 1}\nnotes: "a note\nlog:\n  - {pass: Ana}\n"\n'
            "log: [{pass: Ben}]\n")
    assert read_entry_lines(text) is not None  # the lines look like a log...
    got = read(text)
    assert got == composed(text)
    assert got[0] == [(0, 8, {"pass": "Ben"})]  # ...but the log is the one the composer finds


@pytest.mark.parametrize("text", [
    HEAD + "log:\n",  # null: no entries
    HEAD + "log:\n  - {pass: Ana}\nlog:\n  - {pass: Ben}\n",  # two logs
    HEAD + "log:\r\n  - {pass: Ana}\r\n",
    HEAD + "log:\n  - {pass: Ana}\n---\ngame: relics\n",  # a second document
    "game: relics\nplayers: [Ana\nsetup: {}\nlog:\n  - {pass: Ana}\n",  # the header is not YAML
    HEAD + "<<: {x: 1}\nlog:\n  - {pass: Ana}\n",
])
def test_files_around_the_subset_read_as_the_composer_reads_them(text: str) -> None:
    assert read(text) == composed(text)


_WORDS = ["Ana", "Ben", "pass", "play", "Gar Fild", "it's", "yes", "No", "on", "null", "~", "12", "0", "007",
          "1.5", "2024-01-02", "a:b", "x #y", "-1", "=", "<<", "&a", "*a", "!t", "?", "'q''s'", "''", '"d"',
          "é", "a\tb", "The Silence After", "Ben/Mirror Strategist", "(x)", "1_0", ".inf", "O", "t"]


def _random_value(rng: random.Random, depth: int) -> str:
    roll = rng.random()
    if depth < 3 and roll < 0.15:
        return "[" + ", ".join(_random_value(rng, depth + 1) for _ in range(rng.randrange(4))) + "]"
    if depth < 3 and roll < 0.3:
        return _random_mapping(rng, depth + 1)
    return rng.choice(_WORDS)


def _random_mapping(rng: random.Random, depth: int) -> str:
    pairs = [f"{rng.choice(_WORDS)}{rng.choice([': ', ': ', ':  ', ' : ', ':'])}{_random_value(rng, depth)}"
             for _ in range(rng.randrange(4))]
    return "{" + rng.choice([", ", ",", " , "]).join(pairs) + rng.choice(["}", "}", ",}", " }"])


def test_random_entries_read_as_the_composer_reads_them() -> None:
    """Lines of words the subset holds and words it does not, in mappings and lists: whichever
    way a log goes, it reads as the composer reads it, or fails with its error."""
    rng = random.Random(29)
    taken = 0
    for _ in range(400):
        lines = [f"  - {_random_mapping(rng, 0)}" for _ in range(rng.randrange(1, 4))]
        text = HEAD + "log:\n" + "\n".join(lines) + "\n"
        assert read(text) == composed(text), text
        taken += read_entry_lines(text) is not None
    assert 20 <= taken <= 380, taken  # both ways were exercised


def test_long_lines_and_repeated_lines_read_as_the_composer_reads_them() -> None:
    """A piece or a line too long to be kept, and a line repeated (its JSON kept for the log):
    each entry is its own value, built afresh."""
    long_name = "Card " + "x" * 1000
    text = HEAD + "log:\n" + f"  - {{play: {long_name}, to: [{long_name}, b]}}\n" + "  - {pass: Ana}\n" * 3
    assert read_entry_lines(text) is not None
    got = read(text)
    assert got == composed(text)
    entries = logfile.parse_log(text, "g.yaml", GAMES).entries
    assert entries[1].data == entries[2].data and entries[1].data is not entries[2].data


def test_a_repeated_line_of_scalars_is_a_mapping_of_its_own_each_time() -> None:
    """A line of scalars seen before is a copy of the mapping it gave then (`_Lines.value`): a
    change made to one entry's mapping is not in the next entry of the same text, nor in a log
    read later."""
    text = HEAD + "log:\n" + "  - {move: 3, to: Ana, keep: true, note: null}\n" * 3
    flow = read_entry_lines(text)
    assert flow is not None
    first, second, third = (e.data for e in flow.entries)
    assert first == second == third == {"move": 3, "to": "Ana", "keep": True, "note": None}
    first["move"] = 99
    second.clear()
    assert third == {"move": 3, "to": "Ana", "keep": True, "note": None}
    again = read_entry_lines(text)
    assert again is not None and all(e.data == third for e in again.entries)


@pytest.mark.parametrize("line", [
    "{choose: [a, b], player: Ana}",  # a list: read anew each time, never a shared copy
    "{show: {Ana: {hand: [Spite]}}}",  # a mapping inside
    "{choose: '[a]', player: Ana, note: '{b}'}",  # brackets inside quoted text: scalars all the same
])
def test_a_repeated_line_with_more_than_scalars_is_read_anew_each_time(line: str) -> None:
    """Whether a line holds scalars only is told from its JSON (`_Lines.value`): a line with a
    list or a mapping inside gives each entry values of its own, as the composer does."""
    text = HEAD + "log:\n" + f"  - {line}\n" * 3
    flow = read_entry_lines(text)
    assert flow is not None
    first, second, third = (e.data for e in flow.entries)
    assert first == second == third == composed(text)[0][0][2]
    for value in first.values():
        if isinstance(value, (list, dict)):
            value.clear()
    assert second == third == composed(text)[0][0][2]
