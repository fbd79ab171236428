"""Spreadsheets from strangers, mutated (issue 28): valid workbooks (one written here part by
part, one as openpyxl saves it) and a valid CSV file, changed by seeded mutations at every
level: zip members (dropped, renamed, replaced, stored another way, the archive cut or its
bytes changed), XML bytes (cut, a span left out or doubled, a byte changed, a DTD, an
entity, a stray tag spliced in), shared strings (an index out of range, negative, not a
number), cell and row references (out of order, past the grid, of another row, left out),
cell types and styles. Each mutant is read through the real CLI and must be read (exit 0)
or refused with exit 2 and a message naming the file: never a traceback, never more than
``SECONDS``.

Seeded, so a failure is reproducible: its message names the seed, the mutant and what was
changed. ``PNP_FUZZ_SHEETS`` (mutants of each file in the slow tests, default 200) and
``PNP_FUZZ_SEED`` run more.
"""

from __future__ import annotations

import io
import os
import random
import re
import signal
import time
import warnings
import zipfile
from pathlib import Path
from typing import Any, Callable

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.data.spreadsheet import MAX_ERRORS
from test_hostile_sheets import SHEET, STRINGS, Cell, Members, as_csv, game, listing, members, pack

runner = CliRunner()
MUTANTS = int(os.environ.get("PNP_FUZZ_SHEETS", "200"))  # of each file, read as `pnp list` reads it
BUILT = MUTANTS // 10  # of each file, built (a PDF drawn when it is read: a second each)
FAST_MUTANTS = 12  # of each file, in the fast loop
SEED = int(os.environ.get("PNP_FUZZ_SEED", "28"))
SECONDS = 10
RAW = re.compile(r"Traceback|\b[A-Z]\w*(Error|Exception|Warning)\b|internal error|object has no attribute|"
                 r"not subscriptable|is not iterable|unsupported operand")

ROWS: list[list[Cell]] = [["name", "text", "count", "cost"]] + [
    [f"Rune {i}", f'Carve {i}, then "rest".', (i % 3) + 1, i * 0.5] for i in range(1, 9)]
SNIPPETS = ['<!DOCTYPE x [<!ENTITY e "eeeeeeeeee"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;">]>',
            '<!DOCTYPE x [<!ENTITY x SYSTEM "file:///etc/passwd">]>', "&x;", "&e;", "&amp;", "&#0;", "&#x110000;",
            '<c r="A1"/>', "</row>", '<row r="0">', '<row r="1048577">', "<![CDATA[x]]>", "<!-- -->", "\x00", "\udcff",
            "<?pi x?>", "<v>", "</c>", "<is><t>x</t></is>", '<c r="XFD1" t="inlineStr"><is><t>x</t></is></c>',
            '<si><t>x</t></si>', "</sheetData>", "<sheetData>", ' t="s"', ' s="99999"', '<v>1e999</v>', "x" * 40_000]
INDEXES = ["-1", "6", "99999999999", "x", "", "1.5", " 2 ", "0" * 30, "4294967296"]
REFS = ["", "A0", "a1", "XFE1", "AAAA1", "1A", "A1048577", "B1", "A2", "XFD1", "Z9", "A01"]
TYPES = ["zz", "b", "n", "e", "str", "inlineStr", "d", "", "s"]
CSV_SNIPPETS = ['"', '""', ",", "\n", "\r", "\r\n", "\ufeff", "\x00", "\udcff", "x" * 200_000, ",name", "\n,,,,\n",
                '"' + "y" * 150_000 + '"', "," * 300, ",c" * 100_000, "\u202e", "=HYPERLINK(\"x\")"]


def openpyxl_seed() -> Members:
    """A workbook as openpyxl saves it (inline strings, styles, a date), split into its parts."""
    import datetime

    import openpyxl

    book = openpyxl.Workbook()
    for row in ROWS:
        book.active.append(row)
    book.active.append(["Dawn", datetime.date(2024, 3, 1), 1, True])
    buf = io.BytesIO()
    book.save(buf)
    with zipfile.ZipFile(buf) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


class Mutator:
    """Seeded changes to a workbook's parts, or to its zip's bytes, or to a CSV file's bytes;
    ``log`` says what was done."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.log: list[str] = []

    def text(self, data: bytes, snippets: list[str], row: bytes = b"<row ") -> bytes:
        """One change to the bytes of an XML part or a CSV file (``row``: what a row of it
        looks like, a regular expression)."""
        rng = self.rng
        i, j = sorted(rng.randrange(len(data) + 1) for _ in range(2))
        r = rng.random()
        if r < 0.2:
            self.log.append(f"cut at {i}")
            return data[:i]
        if r < 0.35:
            self.log.append(f"[{i}:{j}] left out")
            return data[:i] + data[j:]
        if r < 0.45:
            self.log.append(f"[{i}:{j}] twice")
            return data[:j] + data[i:j] + data[j:]
        if r < 0.55:
            byte = rng.randrange(256)
            self.log.append(f"byte {i} = {byte}")
            return data[:i] + bytes([byte]) + data[i + 1:]
        if r < 0.65 and row in data:  # a row (a line, a <row>) repeated past the row limit, or many times
            m = rng.choice(list(re.finditer(row, data)))
            times = rng.choice([100, 5001, 20_000])
            self.log.append(f"{m.group()[:30]!r} {times} times")
            return data[:m.start()] + m.group() * times + data[m.end():]
        snippet = rng.choice(snippets)
        self.log.append(f"{short(snippet)} at {i}")
        return data[:i] + snippet.encode("utf-8", "surrogateescape") + data[i:]

    def attribute(self, data: bytes, pattern: bytes, values: list[str], what: str) -> bytes:
        """A value of one attribute or element matched by ``pattern`` (its group 1) replaced."""
        found = list(re.finditer(pattern, data))
        if not found:
            return self.text(data, SNIPPETS)
        m = self.rng.choice(found)
        value = self.rng.choice(values).encode()
        self.log.append(f"{what} {m.group(1).decode(errors='replace')!r} -> {value.decode()!r}")
        return data[:m.start(1)] + value + data[m.end(1):]

    def part(self, parts: Members) -> None:
        """One change to one part of the workbook."""
        rng = self.rng
        name = rng.choice([SHEET, SHEET, SHEET, STRINGS, *parts])
        if name not in parts:
            name = rng.choice(list(parts))
        data = parts[name]
        r = rng.random()
        if r < 0.06:
            del parts[name]
            self.log.append(f"{name} dropped")
        elif r < 0.1:
            parts[name.replace(".xml", "2.xml").replace(".rels", "x.rels")] = parts.pop(name)
            self.log.append(f"{name} renamed")
        elif r < 0.13:
            parts[name] = rng.randbytes(rng.choice([0, 10, 1000]))
            self.log.append(f"{name} replaced with random bytes")
        elif r < 0.28 and name == SHEET:
            parts[name] = self.attribute(data, rb'<c r="[A-Z0-9]+" t="s"><v>([^<]*)</v>', INDEXES, "shared string")
        elif r < 0.43 and name == SHEET:
            parts[name] = self.attribute(data, rb' r="([^"]*)"', REFS, "reference")
        elif r < 0.5 and name == SHEET:
            parts[name] = self.attribute(data, rb' t="([^"]*)"', TYPES, "type")
        elif r < 0.55 and name == SHEET:
            parts[name] = self.attribute(data, rb'<dimension ref="([^"]*)"', ["A1:XFD1048576", "", "ZZZZ"],
                                         "dimension")
        elif r < 0.6:
            parts[name] = self.attribute(data, rb'encoding="([^"]*)"', ["UTF-16", "ebcdic", "x", ""], "encoding")
        else:
            parts[name] = self.text(data, SNIPPETS)
            self.log[-1] = f"{name}: {self.log[-1]}"

    def workbook(self, seed: Members) -> bytes:
        rng = self.rng
        parts = dict(seed)
        for _ in range(rng.choice([1, 1, 2, 3])):
            self.part(parts)
        method = rng.choice([zipfile.ZIP_DEFLATED] * 6 + [zipfile.ZIP_STORED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # zipfile's "Duplicate name" for a part written twice
            data = pack(parts, method)
            if rng.random() < 0.05:
                buf = io.BytesIO(data)
                with zipfile.ZipFile(buf, "a") as archive:
                    archive.writestr(SHEET, b"<worksheet/>")
                data = buf.getvalue()
                self.log.append("the sheet twice in the zip")
        r = rng.random()
        if r < 0.08:
            i = rng.randrange(len(data))
            self.log.append(f"zip cut at {i}")
            data = data[:i]
        elif r < 0.16:
            spots = [rng.randrange(len(data)) for _ in range(rng.choice([1, 3, 20]))]
            for i in spots:
                data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
            self.log.append(f"zip bytes {spots} changed")
        return data

    def csv(self, data: bytes) -> bytes:
        rng = self.rng
        r = rng.random()
        if r < 0.1:  # the header widened (its check of names given twice was quadratic)
            width = rng.choice([150, 201, 100_000])
            data = data.replace(b"\n", b"".join(b",c%d" % i for i in range(width)) + b"\n", 1)
            self.log.append(f"the header {width} columns wider")
        elif r < 0.2:  # a bad row many times (the row limit counted good rows only; every error was printed)
            times = rng.choice([60, 6000])
            data = data.replace(b"\n", b"\n" + b"Rune,Carve.,many,1\n" * times, 1)
            self.log.append(f"a bad row {times} times")
        for _ in range(rng.choice([1, 1, 2, 3])):
            data = self.text(data, CSV_SNIPPETS, rb"\n[^\n]*")
        return data


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 50 else f"{text[:40]}... ({len(text)} characters)"


class Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang(f"no answer within {SECONDS} s")


SEEDS: dict[str, Callable[[], tuple[str, Any]]] = {
    "csv": lambda: ("csv", as_csv(ROWS)),
    "xlsx": lambda: ("xlsx", members(ROWS)),
    "xlsx (openpyxl)": lambda: ("xlsx", openpyxl_seed()),
}


def fuzz(tmp: Path, seed_name: str, mutants: int, build: bool) -> dict[int, int]:
    kind, seed = SEEDS[seed_name]()
    target, args = game(tmp / "seed", kind)  # unchanged, the file gives its cards
    target.write_bytes(seed if kind == "csv" else pack(seed))
    r = runner.invoke(app, listing(args))
    assert r.exit_code == 0 and f"{sum(int(row[2]) for row in ROWS[1:]) + (seed_name == 'xlsx (openpyxl)')}  spell " \
        "card" in r.output, r.output  # type: ignore[call-overload]
    outcomes: dict[int, int] = {}
    for k in range(mutants):
        rng = random.Random(f"{SEED}-{seed_name}-{k}")
        mutator = Mutator(rng)
        data = mutator.csv(seed) if kind == "csv" else mutator.workbook(seed)
        target, args = game(tmp / f"m{k}", kind)
        target.write_bytes(data)
        what = f"seed {SEED}, {seed_name} mutant {k}: {'; '.join(mutator.log)}"
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, SECONDS)
        started = time.perf_counter()
        try:
            r = runner.invoke(app, args if build else listing(args))
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        seconds = time.perf_counter() - started
        assert not isinstance(r.exception, Hang), f"{what}: no answer within {SECONDS} s"
        assert r.exception is None or isinstance(r.exception, SystemExit), \
            f"{what}: {type(r.exception).__name__}: {r.exception}"
        assert r.exit_code in ((0, 1, 2) if build else (0, 2)) and not RAW.search(r.output), \
            f"{what}: exit {r.exit_code}\n{r.output[:2000]}"
        assert len(r.output.splitlines()) <= MAX_ERRORS + 2, f"{what}: {len(r.output.splitlines())} lines"
        if r.exit_code == 2:  # the spreadsheet named (or its card file, at the line naming it)
            assert r.output.startswith((f"pnp: {target}", f"pnp: {target.parent / 'spells.yaml'}")), \
                f"{what}: {r.output}"
        assert seconds < SECONDS, f"{what}: {seconds:.1f} s"
        outcomes[r.exit_code] = outcomes.get(r.exit_code, 0) + 1
    return outcomes


@pytest.mark.parametrize("seed_name", SEEDS)
def test_mutated_spreadsheets_are_read_or_refused(tmp_path, seed_name):
    """The fast loop's share: a few mutants of each file, read as `pnp list` reads them."""
    outcomes = fuzz(tmp_path, seed_name, FAST_MUTANTS, build=False)
    assert outcomes.get(2, 0) > 0, outcomes


@pytest.mark.slow
@pytest.mark.parametrize("seed_name", SEEDS)
def test_many_mutated_spreadsheets_are_read_or_refused(tmp_path, seed_name):
    outcomes = fuzz(tmp_path, seed_name, MUTANTS, build=False)
    # the mutants reach past the zip and the XML: some are still read, most are refused
    assert outcomes.get(2, 0) > MUTANTS / 4 and outcomes.get(0, 0) > 0, outcomes


@pytest.mark.slow
@pytest.mark.parametrize("seed_name", SEEDS)
def test_mutated_spreadsheets_never_crash_the_build(tmp_path, seed_name):
    outcomes = fuzz(tmp_path, seed_name, BUILT, build=True)
    assert outcomes.get(2, 0) > 0 and outcomes.get(0, 0) > 0, outcomes
