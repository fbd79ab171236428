"""Issue 28, points 3, 13, 14 and the page's memory of point 1: what a stranger's file makes pnp
say, compute and hold stays the size of a message, whatever the file holds.

- **A message quotes a value cut short** (`pnp.data.errors.shown`: 80 characters, then "…")
  and a message is at most `MAX_MESSAGE` characters (`pnp.data.errors.bounded`), in every
  reader: a 1 MB value, a 1 MB key or a nested alias that stands for 200,000 values is never
  echoed whole (it was: 1 MB, 2 MB, 3.4 MB of output for a 1.2 KB log).
- **An alias bomb is refused before anything is built**: what an alias stands for is counted
  from the anchor's own size, once per anchor (`pnp.data.yamlsafe._Measure`), so the file
  costs what its text costs (a log took 3.5 s and built 2,000,000 values first).
- **An alias of a long text, repeated**, is refused past 16 MB of text in all.
- **``--state N`` costs the verdict and one entry**: no entry is read again or written out
  but the one shown (a 200,000-entry log: 15 s, three times the verdict).
- **The page's data is packed as it is made**: the steps' JSON and the pictures are written
  into the compressor one by one, so building a page holds what the page holds, not its data
  many times over.

Through the real CLI (docs/limits.md, "Files and YAML", "Long logs", "Messages")."""

from __future__ import annotations

import dataclasses
import importlib
import re
import time
import tracemalloc
from pathlib import Path
from typing import Callable

import pytest
from typer.testing import CliRunner

from moonwell import GAME, LAYOUTS, SPELLS, write_game
from pnp.cli import app
from pnp.data import yamlsafe
from pnp.data.errors import MAX_MESSAGE, MAX_QUOTED, InputError, bounded, shown
from pnp.data.yamlsafe import MAX_EXPANDED_TEXT, load_yaml_text

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "examples" / "logs"
LOG = (LOGS / "relics-legal.yaml").read_text()
FIRST_ENTRY = "  - {travel: Stormbreak Pass, pay: {blue: 2}}"
runner = CliRunner()

BIG = "Q" * 1_000_000  # a value or a key of 1 MB
MID = "Q" * 60_000  # the same in a file of at most 64 KB (a decklist, game.yaml)
CUT = "Q" * MAX_QUOTED + "…"  # how a message quotes it


def nested(levels: int, width: int = 10) -> str:
    """A flow list of nested aliases: level i is a list of ``width`` aliases of level i-1, so
    the last stands for 2 * width ** levels values; the text is a few hundred bytes."""
    parts = ["&a0 [aaaaaaaaaa, bbbbbbbbbb]"]
    parts += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels + 1)]
    return "[" + ", ".join(parts) + "]"


def run(args: list) -> tuple[object, float]:
    start = time.perf_counter()
    r = runner.invoke(app, [str(a) for a in args])
    return r, time.perf_counter() - start


def clean(r) -> None:
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output and "internal error" not in r.output


# --- 1. a message quotes a value cut short, in every reader ----------------------------------------

def card_file(tmp: Path, spells: str) -> tuple[Path, list]:
    cards, _layouts, args = write_game(tmp, spells=spells)
    return cards / "moonwell" / "spells.yaml", args


def layout_file(tmp: Path, layouts: str) -> tuple[Path, list]:
    _cards, layouts_dir, args = write_game(tmp, layouts=layouts)
    return layouts_dir / "moonwell.yaml", args


def game_file(tmp: Path, game: str) -> tuple[Path, list]:
    cards, _layouts, args = write_game(tmp, game=game)
    return cards / "moonwell" / "game.yaml", args


def decklist(tmp: Path, text: str, name: str = "deck.txt") -> tuple[Path, list]:
    path = tmp / name
    path.write_text(text)
    return path, ["check", "deck", path]


def game_log(tmp: Path, text: str) -> tuple[Path, list]:
    path = tmp / "game.yaml"
    path.write_text(text)
    return path, ["check", "log", path]


# what nested(5) reads as: the message quotes its first 80 characters
NESTED = load_yaml_text(f"v: {nested(5)}\n", "v.yaml", max_nodes=10**6).data["v"]

# name: (the files and the command, the exit code, the line named, what the message says)
Case = Callable[[Path], tuple[Path, list]]
QUOTED: dict[str, tuple[Case, int, int, str]] = {
    "card file, a long value": (
        lambda tmp: card_file(tmp, SPELLS.replace("component: spell card", "component: " + BIG)), 2, 3,
        f"component names are lowercase and singular, got '{CUT}'"),
    "card file, a long key": (
        lambda tmp: card_file(tmp, SPELLS.replace("    kind: card\n", f"    kind: card\n    ? {BIG}\n    : 1\n")), 2, 6,
        f"{CUT}: is not a known field"),
    "layout file, a long value": (
        lambda tmp: layout_file(tmp, LAYOUTS.replace("font: bold}", f"font: bold, colour: {BIG}}}", 1)), 2, 5,
        f"expected a colour like \"#1b1b1b\" or \"cmyk(0, 20, 40, 10)\" (per cent), got '{CUT}' (template "
        "'moonwell-spell')"),
    "layout file, a long template name": (
        lambda tmp: layout_file(tmp, LAYOUTS.replace("extends: poker\n    elements:\n      name",
                                                     f"extends: {BIG}\n    elements:\n      name", 1)), 2, 3,
        f"extends unknown template '{CUT}'"),
    "game.yaml, a long key": (
        lambda tmp: game_file(tmp, GAME + f"? {MID}\n: 1\n"), 2, 5, f"{CUT}: is not a known field"),
    "text decklist, a long card name": (
        lambda tmp: decklist(tmp, f"1 {MID}\n"), 1, 1, f"unknown card '{CUT}' (line 1); it is not in the card pool"),
    "YAML decklist, a long card name": (
        lambda tmp: decklist(tmp, f"player: Ana\ndeck: [{MID}]\n", "deck.yaml"), 1, 2,
        f"unknown card '{CUT}' (line 2); it is not in the card pool"),
    "game log, a long value": (
        lambda tmp: game_log(tmp, LOG.replace(FIRST_ENTRY, f"  - {{travel: {BIG}}}")), 2, 29,
        f"travel: unknown card '{CUT}'"),
    "game log, a long key": (
        lambda tmp: game_log(tmp, LOG.replace(FIRST_ENTRY, f"  - {{travel: Stormbreak Pass, ? {BIG} : 1}}")), 2, 29,
        f"{CUT}: unknown key '{CUT}' (a travel entry has discard, drawn, pay, travel)"),
    "game log, nested aliases in an entry": (
        lambda tmp: game_log(tmp, LOG.replace(FIRST_ENTRY, f"  - {{travel: {nested(5)}}}")), 2, 29,
        "travel: expected a card name, got " + shown(NESTED)),
    "game log, nested aliases in the setup": (
        lambda tmp: game_log(tmp, LOG.replace("difficulty: hard", f"difficulty: {nested(5)}")), 2, 9,
        "setup.difficulty: expected one of normal, hard, got " + shown(NESTED)),
}


@pytest.mark.parametrize("case", QUOTED)
def test_a_message_quotes_a_value_cut_short(tmp_path, case):
    make, code, line, message = QUOTED[case]
    file, args = make(tmp_path)
    r, _took = run(args)
    clean(r)
    assert r.exit_code == code, r.output[:2000]
    assert len(r.output) < 2_000, r.output[:2000]  # the table of a decklist and its lines, or one line
    assert any(f"{file}:{line}:" in out and out.endswith(message) for out in r.output.splitlines()), r.output


def test_every_message_is_bounded_whatever_quotes_it(tmp_path):
    """A message that lists what a file holds (the templates known) cannot cut each name: the
    message itself is cut in its middle, and says how much was left out."""
    _file, args = layout_file(tmp_path, LAYOUTS.replace("  moonwell-back:\n", f"  ? {BIG}\n  :\n", 1))
    r, _took = run(args)
    clean(r)
    assert r.exit_code == 2
    (line,) = r.output.splitlines()
    assert "no layout template named 'moonwell-back' (known: QQQ" in line
    assert len(line) < MAX_MESSAGE + 300 and re.search(r"Q… \[[\d,]+ characters left out\] …", line), line[-300:]


def test_shown_renders_only_what_it_shows():
    """`shown` walks a value no further than its quote: a list that stands for 2,000,000 values
    (as a nested alias builds one) costs what 80 characters cost."""
    value = load_yaml_text(f"v: {nested(5)}\n", "v.yaml", max_nodes=10**7).data["v"]
    start = time.perf_counter()
    text = shown(value)
    assert time.perf_counter() - start < 0.05
    assert text.startswith("[['aaaaaaaaaa', 'bbbbbbbbbb'], [['aaaaaaaaaa'") and len(text) == MAX_QUOTED + 1
    assert shown("x" * 100) == repr("x" * MAX_QUOTED + "…") and shown(("a",)) == "('a',)" and shown(set()) == "set()"
    assert shown(10 ** 5000) == "<a number of more than 100 digits>"
    assert shown("\x1b[2K") == "'\\x1b[2K'"  # control characters escaped, as repr writes them
    assert bounded("x" * 10) == "x" * 10 and len(bounded("x" * 10**6)) < MAX_MESSAGE + 50
    assert str(InputError("f.yaml", "y" * 10**6, line=3, field="k" * 10**6)).count("…") >= 2


# --- 2. an alias bomb is refused before anything is built --------------------------------------------

TOP = "# a hostile value follows\n# on line 3\n"


def yaml_reader(kind: str) -> Callable[[Path, str], tuple[Path, list]]:
    """A reader of YAML whose file starts with ``text``, the rest of the file as it was."""
    def make(tmp: Path, text: str) -> tuple[Path, list]:
        if kind == "card file":
            return card_file(tmp, TOP + text + SPELLS)
        if kind == "layout file":
            return layout_file(tmp, TOP + text + LAYOUTS)
        if kind == "game.yaml":
            return game_file(tmp, TOP + text + GAME)
        if kind == "YAML decklist":
            return decklist(tmp, TOP + text + (ROOT / "examples" / "decks" / "legal-ben-bridge.yaml").read_text(),
                            "deck.yaml")
        return game_log(tmp, TOP + text + LOG)
    return make


YAML_READERS = ["card file", "layout file", "game.yaml", "YAML decklist", "game log"]


@pytest.fixture
def built(monkeypatch):
    """How many values the YAML builder built, by the file's name."""
    counts: dict[str, int] = {}
    build = yamlsafe._Builder.build

    def counting(self, node, path=(), depth=0):
        counts[Path(self.file).name] = counts.get(Path(self.file).name, 0) + 1
        return build(self, node, path, depth)

    monkeypatch.setattr(yamlsafe._Builder, "build", counting)
    return counts


@pytest.mark.parametrize("reader", YAML_READERS)
def test_an_alias_bomb_is_refused_before_a_value_is_built(tmp_path, reader, built):
    """Nine levels of ten: two billion values, from 600 bytes. Refused at the line of the
    alias that passes the limit, with nothing of the file built, in a few milliseconds
    (it took 3.5 s for a game log, which builds up to 2,000,000 values first)."""
    file, args = yaml_reader(reader)(tmp_path, f"hostile: {nested(9)}\n")
    r, took = run(args)
    clean(r)
    assert r.exit_code == 2
    assert re.search(rf"{re.escape(str(file))}:3: (error unusable: )?the document expands to more than [\d,]+ values "
                     r"\(an alias bomb or a file far larger than expected\); refused", r.output), r.output
    assert built.get(file.name, 0) == 0
    assert took < 2.0


def test_the_count_is_what_the_values_would_be():
    """The count before building is the builder's own: a document of exactly the limit is
    read, one value more is refused, at the line where the alias that passes it is written;
    text up to its limit is read."""
    anchor = "a: &x [1, 2]\n"  # the mapping, the list, its two values: 4
    assert load_yaml_text(anchor + "b: [" + ", ".join(["*x"] * 10) + "]\n", "ok.yaml", max_nodes=4 + 1 + 30).data
    with pytest.raises(InputError, match=r"ok.yaml:2: the document expands to more than 34 values"):
        load_yaml_text(anchor + "b: [" + ", ".join(["*x"] * 10) + "]\n", "ok.yaml", max_nodes=34)
    merged = "base: &b {k: 1, m: 2}\n" + "".join(f"x{i}: {{<<: *b, n: {i}}}\n" for i in range(5))
    assert load_yaml_text(merged, "m.yaml", max_nodes=1 + 3 + 5 * (1 + 1 + 3)).data["x4"] == {"k": 1, "m": 2, "n": 4}
    with pytest.raises(InputError, match="expands to more than 28 values"):
        load_yaml_text(merged, "m.yaml", max_nodes=28)
    text = f"a: &s {'Q' * 100_000}\nb: [" + ", ".join(["*s"] * 100) + "]\n"  # 10 MB of text: read
    assert len(load_yaml_text(text, "ok.yaml").data["b"]) == 100


def test_a_billion_laughs_costs_the_time_of_its_text():
    start = time.perf_counter()
    with pytest.raises(InputError, match="expands to more than 2000000 values"):
        load_yaml_text(f"lol: {nested(12)}\n", "lol.yaml", max_nodes=2_000_000)
    assert time.perf_counter() - start < 0.5


# --- 3. an alias of a long text, repeated, is refused --------------------------------------------------

@pytest.mark.parametrize("reader", YAML_READERS)
def test_a_long_text_repeated_by_aliases_is_refused(tmp_path, reader):
    """50,000 characters, 340 times: 17 MB of text from a 52 KB file (a message quoting it, a
    page writing it, a JSON report echoing it would each be 17 MB)."""
    text = f"hostile: [&s {'Q' * 50_000}, " + ", ".join(["*s"] * 340) + "]\n"
    file, args = yaml_reader(reader)(tmp_path, text)
    r, _took = run(args)
    clean(r)
    assert r.exit_code == 2
    assert re.search(rf"{re.escape(str(file))}:3: (error unusable: )?the document's text, its aliases expanded, is "
                     rf"[\d,]+ characters, over the limit of {MAX_EXPANDED_TEXT:,} \(an alias repeating a long "
                     r"text\?\); refused", r.output), r.output[:2000]



# --- 4. --state N: the verdict, and the one entry shown --------------------------------------------------

# entries enough for `long_log` to be longer than STREAM_ABOVE: its entries are read one at a time
# as the replay reaches them (`reads` counts them); a shorter log is read at once
STREAMED = 70_000


def long_log(tmp: Path, entries: int) -> tuple[Path, int]:
    """A Kartomantik log whose entry 57 breaks a rule, then ``entries`` more; and its number
    of entries."""
    src = (LOGS / "kartomantik-illegal-priority.yaml").read_text().rstrip("\n").split("\n")
    last = [line for line in src if line.startswith("  - ")][-1]
    path = tmp / "long.yaml"
    path.write_text("\n".join(src + [last] * entries) + "\n")
    return path, sum(1 for line in src if line.startswith("  - ")) + entries


@pytest.fixture
def reads(monkeypatch):
    """How many entries were read from the log's text, and written out on one line."""
    from rules_check.core.logstream import StreamedEntries

    timeline = importlib.import_module("rules_check.dispute.timeline")
    counts = {"read": 0, "written": 0}
    read, one_line = StreamedEntries._read, timeline.one_line

    def counting_read(self, i):
        counts["read"] += 1
        return read(self, i)

    def counting_one_line(data):
        counts["written"] += 1
        return one_line(data)

    monkeypatch.setattr(StreamedEntries, "_read", counting_read)
    monkeypatch.setattr(timeline, "one_line", counting_one_line)
    return counts


@pytest.mark.parametrize("every", [False, True], ids=["strict", "--all"])
def test_state_reads_the_replay_and_the_entry_it_shows(tmp_path, reads, every):
    """The replay stops at entry 57 (with --all, gives up some entries later): entry 15,000 is
    read once more to be shown, no other entry is read again or written out."""
    path, _n = long_log(tmp_path, STREAMED)
    r, _took = run(["check", "log", path, "--state", "15000", *(["--all"] if every else [])])
    clean(r)
    assert r.exit_code == 1
    assert r.output.startswith("long.yaml: kartomantik: the table after entry 15000 (line 15069): not replayed") \
        or f"{path}: kartomantik: the table after entry 15000 (line 15069): not replayed" in r.output, r.output
    assert 57 <= reads["read"] < 300 and reads["written"] <= 2, reads  # the replay's entries, and entry 15,000


def test_state_of_an_entry_that_cannot_be_read_says_so(tmp_path):
    """Past the entry that breaks a rule the replay reads nothing; the entry asked for is read
    to be shown, and when it does not read, that is the answer (it was a StopIteration
    traceback)."""
    path, n = long_log(tmp_path, 10)
    text = path.read_text()
    path.write_text(text + "  - {pass: !!int abc}\n" + "  - {pass: Ben}\n")
    line = text.count("\n") + 1
    r, _took = run(["check", "log", path, "--state", str(n + 1)])
    clean(r)
    assert r.exit_code == 2
    assert r.output.strip() == (f"pnp: {path}: --state: entry {n + 1} cannot be read: {path}:{line}: expected a "
                                "whole number for !!int, got 'abc'")
    r, _took = run(["check", "log", path, "--state", str(n + 2)])  # the one after it reads
    assert r.exit_code == 1 and f"the table after entry {n + 2} (line {line + 1}): not replayed" in r.output


@pytest.mark.slow
def test_state_costs_about_the_verdict(tmp_path, reads):
    """70,000 entries: ``--state 40000`` reads what the verdict reads and the one entry it shows
    (it was five times the verdict's time: each entry read again and written out). Counted, not
    timed: a timed test fails on a loaded machine (speed is measured in bench/)."""
    path, _n = long_log(tmp_path, STREAMED)
    r, _took = run(["check", "log", path])
    verdict = reads["read"]
    r, _took = run(["check", "log", path, "--state", "40000"])
    clean(r)
    assert r.exit_code == 1
    assert verdict > 50 and reads["read"] - verdict <= verdict + 1 and reads["written"] <= 2, (reads, verdict)


# --- 5. the page is packed as it is made --------------------------------------------------------------

@pytest.mark.slow
def test_a_page_is_built_in_the_memory_of_the_page(tmp_path):
    """A 1,000-entry log (a simulated five-player game's entries, repeated): building its page
    holds at most a few times the page (the pictures and each entry's data are packed as they
    are made; it held 30 times the page: the entries' data, their JSON and the pictures whole)."""
    from rules_check.core.logfile import read_log
    from rules_check.dispute import page, timeline
    from rules_check.engines import engines

    log_path = tmp_path / "sim.yaml"
    assert runner.invoke(app, ["simulate", "so-long-my-world", "--players", "5", "--seed", "3", "--out",
                               str(log_path)]).exit_code == 0
    known = engines()
    log = read_log(log_path, known)
    t = timeline(log, known[log.game])
    entries = t.steps[1:]
    t.steps = [t.steps[0]] + [dataclasses.replace(entries[i % len(entries)], number=i + 1) for i in range(1_000)]
    tracemalloc.start()
    try:
        html = page(t)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(re.findall(r'<li id="entry-\d+"', html)) == 1_001
    assert peak < 8 * len(html), (peak, len(html))
