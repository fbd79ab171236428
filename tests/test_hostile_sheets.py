"""Issue 28, spreadsheets from strangers (points 8, 12 and 17): a card file's ``items_from:``
names a CSV file or an .xlsx workbook, and a damaged or hostile one ends in exit 2 with a
message naming the file (and the part, the sheet, the row and the cell where there is one)
and what was expected: never a traceback, never an entity expanded or read from elsewhere,
never more than a few seconds or a few hundred megabytes, never a million lines of errors.
Each family runs through the real CLI, over CSV and XLSX wherever both apply
(docs/limits.md, "Spreadsheets").

The workbooks are written here byte by byte (`workbook`): the XML of each part is the test's,
so that a part can be cut short or given a DTD, a cell a reference out of order or a shared
string that does not exist.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

import pytest
from typer.testing import CliRunner

from moonwell import SPELLS, write_game
from pnp.cli import app
from pnp.data.components import Item
from pnp.data.spreadsheet import (MAX_CELL_CHARS, MAX_COLUMNS, MAX_ERRORS, MAX_ROWS, MAX_SHARED_STRINGS,
                                  MAX_XML_ELEMENTS, column_letters, read_items)

runner = CliRunner()
SECONDS = 5  # the most a case here may take (each takes well under one)
HEAVY = 10  # the most a workbook at its element limit may take (2,500,000 elements: 2 to 3 s on a busy machine)
RAW = re.compile(r"Traceback|\b[A-Z]\w*(Error|Exception)\b|internal error")  # a Python exception's name
FORMATS = ["csv", "xlsx"]
MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"


# --- a workbook, part by part ----------------------------------------------------------------------

Cell = str | int | float | None
Members = dict[str, bytes]


def sheet_xml(rows: list[list[Cell]], strings: list[str], dimension: bool = True) -> bytes:
    """A worksheet: text as shared strings (added to ``strings``), numbers as numbers, None as no cell."""
    out = []
    index = {text: i for i, text in enumerate(strings)}
    width = max((len(r) for r in rows), default=1)
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, value in enumerate(row, start=1):
            ref = f"{column_letters(c)}{r}"
            if isinstance(value, str):
                if value not in index:
                    index[value] = len(strings)
                    strings.append(value)
                cells.append(f'<c r="{ref}" t="s"><v>{index[value]}</v></c>')
            elif value is not None:
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
        out.append(f'<row r="{r}">{"".join(cells)}</row>')
    dim = f'<dimension ref="A1:{column_letters(width)}{len(rows)}"/>' if dimension else ""
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet {MAIN}>{dim}<sheetViews><sheetView '
            f'workbookViewId="0"/></sheetViews><sheetData>{"".join(out)}</sheetData></worksheet>').encode()


def strings_xml(strings: list[str]) -> bytes:
    si = "".join(f"<si><t>{escape(s)}</t></si>" for s in strings)
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst {MAIN} count="{len(strings)}" '
            f'uniqueCount="{len(strings)}">{si}</sst>').encode()


def members(rows: list[list[Cell]], sheet_name: str = "Runes") -> Members:
    """The parts of a workbook whose first sheet holds ``rows``, as Excel saves one."""
    strings: list[str] = []
    sheet = sheet_xml(rows, strings)
    return {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/'
            'workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType='
            '"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName='
            '"/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
            '</Types>').encode(),
        "_rels/.rels": (f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="{PACKAGE}"><Relationship '
                        f'Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>').encode(),
        "xl/workbook.xml": (f'<?xml version="1.0" encoding="UTF-8"?>\n<workbook {MAIN} xmlns:r="{RELS}"><workbookPr/>'
                            f'<sheets><sheet name="{sheet_name}" sheetId="1" r:id="rId1"/></sheets></workbook>').encode(),
        "xl/_rels/workbook.xml.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" '
            f'Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" '
            f'Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="{RELS}/styles" '
            'Target="styles.xml"/></Relationships>').encode(),
        "xl/styles.xml": (f'<?xml version="1.0" encoding="UTF-8"?>\n<styleSheet {MAIN}><cellXfs count="2"><xf '
                          'numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>').encode(),
        "xl/sharedStrings.xml": strings_xml(strings),
        "xl/worksheets/sheet1.xml": sheet,
    }


def pack(parts: Members, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buf.getvalue()


def as_csv(rows: list[list[Cell]]) -> bytes:
    def field(value: Cell) -> str:
        text = "" if value is None else str(value)
        return f'"{text.replace(chr(34), chr(34) * 2)}"' if any(c in text for c in ',"\r\n') else text

    return "".join(",".join(field(v) for v in row) + "\n" for row in rows).encode()


def sheet_file(kind: str, rows: list[list[Cell]]) -> bytes:
    return pack(members(rows)) if kind == "xlsx" else as_csv(rows)


GOOD: list[list[Cell]] = [["name", "text"], ["Moon Tide", "Everyone draws a card."], ["Low Ebb", "Everyone discards."]]


# --- the game reading it ---------------------------------------------------------------------------

def game(tmp: Path, kind: str) -> tuple[Path, list[str]]:
    """Moonwell with its spell cards read from ``runes.KIND``: the spreadsheet's path (not yet
    written) and the arguments of `pnp build`."""
    spells = SPELLS.split("    items:")[0] + f"    items_from: runes.{kind}\n"
    cards, _layouts, args = write_game(tmp, spells)
    return cards / "moonwell" / f"runes.{kind}", [str(a) for a in args]


def listing(args: list[str]) -> list[str]:
    """`pnp list` over the game's cards: reads the spreadsheet as a build does, draws nothing."""
    return ["list", "--cards", args[args.index("--cards") + 1]]


def run(args: list[str]) -> tuple[object, float]:
    started = time.perf_counter()
    r = runner.invoke(app, args)
    return r, time.perf_counter() - started


def refused(r: object, target: Path, seconds: float, limit: float = SECONDS) -> str:
    """The refusal's text, once it is checked to be one: exit 2, every line naming the file,
    no Python exception, in time."""
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)  # type: ignore[attr-defined]
    output: str = r.output  # type: ignore[attr-defined]
    assert r.exit_code == 2, output  # type: ignore[attr-defined]
    assert not RAW.search(output), output
    assert output.startswith(f"pnp: {target}"), output
    assert all(line.startswith((f"pnp: {target}", str(target))) for line in output.splitlines()), output
    assert seconds < limit, f"{seconds:.1f} s"
    return output


def read(tmp: Path, kind: str, data: bytes) -> tuple[Path, object, float]:
    target, args = game(tmp, kind)
    target.write_bytes(data)
    r, seconds = run(listing(args))
    return target, r, seconds


# --- 8. a damaged or hostile workbook ---------------------------------------------------------------

LAUGHS = ('<!DOCTYPE {root} [<!ENTITY a "aaaaaaaaaa">' + "".join(
    f'<!ENTITY {b} "{("&" + a + ";") * 10}">' for a, b in zip("abcdefgh", "bcdefghi")) + "]>")
PASSWD = '<!DOCTYPE {root} [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
PARAMETER = '<!DOCTYPE {root} [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>'
SHEET, STRINGS = "xl/worksheets/sheet1.xml", "xl/sharedStrings.xml"
BIG: list[list[Cell]] = [["name", "text"]] + [[f"Rune {i}", f"Carve {i}."] for i in range(3000)]


def with_dtd(part: str, dtd: str, entity: str) -> Callable[[Members], None]:
    """``part`` given a DTD (before its root element) and a reference to ``entity`` in its first text."""
    def damage(parts: Members) -> None:
        root = "worksheet" if part == SHEET else "sst"
        text = parts[part].decode()
        text = text.replace(f"<{root} ", dtd.format(root=root) + f"<{root} ", 1)
        if part == SHEET:
            text = text.replace('<c r="A2" t="s"><v>2</v></c>', f'<c r="A2" t="inlineStr"><is><t>{entity}</t></is></c>')
        else:
            text = text.replace("<t>Moon Tide</t>", f"<t>{entity}</t>")
        parts[part] = text.encode()
    return damage


def edit(part: str, old: str, new: str) -> Callable[[Members], None]:
    def damage(parts: Members) -> None:
        assert old.encode() in parts[part], old
        parts[part] = parts[part].replace(old.encode(), new.encode(), 1)
    return damage


def cut(part: str, before: str) -> Callable[[Members], None]:
    """``part`` cut off 3 bytes before the last ``before`` in it."""
    def damage(parts: Members) -> None:
        parts[part] = parts[part][:parts[part].rindex(before.encode()) - 3]
    return damage


def drop(part: str) -> Callable[[Members], None]:
    def damage(parts: Members) -> None:
        del parts[part]
    return damage


# what is done to the workbook of GOOD (BIG where it says so), and what the refusal says after the file name
DAMAGES: dict[str, tuple[Callable[[Members], None], str]] = {
    "a sheet cut short": (cut(SHEET, '<row r="3">'), ": xl/worksheets/sheet1.xml (sheet 'Runes'), in row 2: broken "
                          "XML at line 2, column 309 (unclosed token); expected an .xlsx workbook as Excel or "
                          "LibreOffice saves it"),
    "a long sheet cut short near its end": (cut(SHEET, "</row></sheetData>"), ": xl/worksheets/sheet1.xml (sheet "
                                            "'Runes'), in row 3001: broken XML at line 2, column "),
    "shared strings cut short": (cut(STRINGS, "</si>"), ": xl/sharedStrings.xml: broken XML at line 2, column "),
    "a shared string that does not exist": (edit(SHEET, '<c r="B3" t="s"><v>5</v>', '<c r="B3" t="s"><v>99</v>'),
                                            ":3: sheet 'Runes', cell B3: shared string 99 does not exist: the "
                                            "workbook has 6 (0 to 5)"),
    "a shared string numbered -1": (edit(SHEET, '<c r="B3" t="s"><v>5</v>', '<c r="B3" t="s"><v>-1</v>'),
                                    ":3: sheet 'Runes', cell B3: shared string '-1' does not exist: the workbook has "
                                    "6 (0 to 5)"),
    "an external entity in the shared strings": (with_dtd(STRINGS, PASSWD, "&x;"), ": xl/sharedStrings.xml: a "
                                                 "DOCTYPE declaration (a DTD, where entities are declared) at line 2; "
                                                 "a workbook's XML has none: refused"),
    "an external entity in the sheet": (with_dtd(SHEET, PASSWD, "&x;"), ": xl/worksheets/sheet1.xml (sheet 'Runes'): "
                                        "a DOCTYPE declaration (a DTD, where entities are declared) at line 2; a "
                                        "workbook's XML has none: refused"),
    "a billion laughs in the shared strings": (with_dtd(STRINGS, LAUGHS, "&i;"), ": xl/sharedStrings.xml: a DOCTYPE "
                                               "declaration (a DTD, where entities are declared)"),
    "a billion laughs in the sheet": (with_dtd(SHEET, LAUGHS, "&i;"), ": xl/worksheets/sheet1.xml (sheet 'Runes'): a "
                                      "DOCTYPE declaration (a DTD, where entities are declared)"),
    "a parameter entity": (with_dtd(STRINGS, PARAMETER, "x"), ": xl/sharedStrings.xml: a DOCTYPE declaration"),
    "an entity with no DTD": (edit(STRINGS, "<t>Moon Tide</t>", "<t>&x;</t>"), ": xl/sharedStrings.xml: broken XML "
                              "at line 2, column 145 (undefined entity)"),
    "no workbook part": (drop("xl/workbook.xml"), ": the zip holds no 'xl/workbook.xml', which the workbook needs; "
                         "expected an .xlsx workbook as Excel or LibreOffice saves it"),
    "no sheet part": (drop(SHEET), ": the zip holds no 'xl/worksheets/sheet1.xml', which the workbook needs"),
    "no sheet": (edit("xl/workbook.xml", '<sheet name="Runes" sheetId="1" r:id="rId1"/>', ""),
                 ": xl/workbook.xml: the workbook lists no sheet; expected a sheet whose first row names the fields"),
    "cells out of order": (edit(SHEET, '<c r="A3" t="s"><v>4</v></c><c r="B3" t="s"><v>5</v></c>',
                                '<c r="B3" t="s"><v>5</v></c><c r="A3" t="s"><v>4</v></c>'),
                           ":3: sheet 'Runes', cell A3: cell A3 comes after column B of its row; expected the cells "
                           "of a row in order"),
    "a cell of another row": (edit(SHEET, '<c r="B3"', '<c r="B7"'), ":3: sheet 'Runes', cell B7: cell B7 in row 3; "
                              "expected a cell of that row, such as B3"),
    "a cell past the grid": (edit(SHEET, '<c r="B3"', '<c r="XFE3"'), ":3: sheet 'Runes', cell XFE3: a cell past "
                             "column XFD, the sheet's last"),
    "a reference that is none": (edit(SHEET, '<c r="B3"', '<c r="3B"'), ":3: sheet 'Runes', cell '3B': a cell "
                                 "reference '3B'; expected a column and a row, such as B3"),
    "rows out of order": (edit(SHEET, '<row r="3">', '<row r="2">'), ":2: sheet 'Runes': row 2 comes after row 2; "
                          "expected rows in order, from 1 to 1,048,576"),
    "a number that is text": (edit(SHEET, '<c r="B3" t="s"><v>5</v>', '<c r="B3"><v>four</v>'),
                              ":3: sheet 'Runes', cell B3: expected a number, got 'four'"),
    "a number past a double": (edit(SHEET, '<c r="B3" t="s"><v>5</v>', '<c r="B3"><v>1e999</v>'),
                               ":3: sheet 'Runes', cell B3: the number '1e999' is too large (at most about 1.8e308)"),
    "a cell of an unknown type": (edit(SHEET, '<c r="B3" t="s">', '<c r="B3" t="zz">'),
                                  ":3: sheet 'Runes', cell B3: a cell of type 'zz'; expected one of s, str, "
                                  "inlineStr, n, b, e, d"),
    "a cell past Excel's 32,767 characters": (
        edit(SHEET, '<c r="B3" t="s"><v>5</v>', f'<c r="B3" t="inlineStr"><is><t>{"x" * 40_000}</t></is>'),
        f":3: sheet 'Runes', cell B3: more than {MAX_CELL_CHARS:,} characters, the most a cell holds; refused"),
    "a member that does not unpack": (lambda parts: parts.update({STRINGS: b"\x00" * 64}), ": xl/sharedStrings.xml: "
                                      "broken XML at line 1, column 1 (not well-formed (invalid token))"),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_or_hostile_workbook_is_refused_where_it_breaks(tmp_path, damage):
    change, said = DAMAGES[damage]
    parts = members(BIG if "long sheet" in damage else GOOD)
    change(parts)
    target, args = game(tmp_path, "xlsx")
    target.write_bytes(pack(parts))
    r, seconds = run(args)
    output = refused(r, target, seconds)
    assert f"pnp: {target}{said}" in output
    assert "root:" not in output and "aaaaaaaaaa" not in output  # no entity was ever expanded or read


def test_a_zip_whose_member_is_damaged_names_the_member(tmp_path):
    """Compressed bytes changed inside the zip: zipfile's and zlib's own errors, answered."""
    data = bytearray(pack(members(BIG)))
    at = data.index(SHEET.encode()) + len(SHEET) + 200  # inside the sheet's compressed bytes
    data[at:at + 40] = bytes(40)
    target, r, seconds = read(tmp_path, "xlsx", bytes(data))
    output = refused(r, target, seconds)
    assert f"pnp: {target}: xl/worksheets/sheet1.xml: the zip member cannot be unpacked (" in output
    assert "expected an .xlsx workbook as Excel or LibreOffice saves it" in output


def test_workbooks_as_programs_write_them_are_read(tmp_path):
    """pnp's own reader takes what Excel, LibreOffice and openpyxl write: prefixed names,
    inline strings, rich text (its phonetic guide left out), _x000D_ escapes, booleans, dates
    by their style, numbers as they print, empty styled cells far to the right."""
    import datetime

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["name", "cost", "when", "flag", "ratio", "text"])
    sheet.append(["Moon Tide", 3, datetime.date(2024, 3, 1), True, 2.5, "Draw."])
    sheet["XFD2"].number_format = "0.00"  # an empty cell with a style, at the grid's last column
    path = tmp_path / "runes.xlsx"
    book.save(path)
    assert read_items(path, Item) == [{"name": "Moon Tide", "cost": 3, "when": "2024-03-01", "flag": "True",
                                       "ratio": 2.5, "text": "Draw."}]
    parts = members(GOOD)
    parts[SHEET] = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<x:worksheet xmlns:x="{MAIN[7:-1]}"><x:sheetData>'
        '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="str"><x:v>text</x:v></x:c>'
        '<x:c r="C1" t="inlineStr"><x:is><x:t>flag</x:t></x:is></x:c><x:c t="str"><x:v>when</x:v></x:c></x:row>'
        '<x:row><x:c r="A2" t="s"><x:v>2</x:v></x:c><x:c r="B2" t="inlineStr"><x:is><x:r><x:t>Every</x:t></x:r><x:r>'
        '<x:t xml:space="preserve">one_x000D_ draws.</x:t></x:r><x:rPh><x:t>eburiwan</x:t></x:rPh></x:is></x:c>'
        '<x:c r="C2" t="b"><x:v>1</x:v></x:c><x:c r="D2" s="1"><x:v>45352.5</x:v></x:c><x:c r="F2" s="1"/></x:row>'
        '</x:sheetData></x:worksheet>').encode()
    path.write_bytes(pack(parts))
    assert read_items(path, Item) == [{"name": "Moon Tide", "text": "Everyone\r draws.", "flag": "True",
                                       "when": "2024-03-01 12:00:00"}]


@pytest.mark.parametrize("kind", FORMATS)
def test_names_from_the_file_reach_the_terminal_escaped(tmp_path, kind):
    """A column's name, a sheet's, a zip member's: what the file says is shown, but a control
    character in it (an escape sequence that would move the cursor) is shown escaped."""
    title = "_x001B_[2Atitle" if kind == "xlsx" else "\x1b[2Atitle"  # a workbook writes ESC as _x001B_
    target, r, seconds = read(tmp_path, kind, sheet_file(kind, [[title, "text"], ["Moon Tide", "Draw."]]))
    assert refused(r, target, seconds) == f"pnp: {target}:1: the header row names no `name` column (it has: " \
                                          "'\\x1b[2Atitle', text)\n"
    if kind == "xlsx":
        parts = members(GOOD)
        parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
            b"worksheets/sheet1.xml", b"worksheets/&#x9b;2J.xml")  # CSI, as one byte (XML allows no ESC)
        target.write_bytes(pack(parts))
        r, seconds = run(listing(game(tmp_path, kind)[1]))
        assert refused(r, target, seconds) == f"pnp: {target}: the zip holds no 'xl/worksheets/\\x9b2J.xml', which the " \
                                              "workbook needs; expected an .xlsx workbook as Excel or LibreOffice " \
                                              "saves it\n"


# --- 12. columns, rows and errors within stated bounds -------------------------------------------

@pytest.mark.parametrize("kind", FORMATS)
def test_a_header_past_the_column_limit_is_refused_at_once(tmp_path, kind):
    """A CSV header of 100,000 columns took 20 s (a quadratic check for names given twice); a
    workbook's header may reach column XFD (16,384). Either is refused when column 201 is read;
    one of 200 columns is read."""
    width = 100_000 if kind == "csv" else 16_384
    header: list[Cell] = ["name"] + [f"c{i}" for i in range(2, width + 1)]
    target, r, seconds = read(tmp_path, kind, sheet_file(kind, [header, ["Moon Tide"] + [1] * (width - 1)]))
    column = "column 201" if kind == "csv" else "column GS"
    assert f"pnp: {target}:1: the header row has more than {MAX_COLUMNS} columns ({column} is 'c201'); a card has at " \
           f"most {MAX_COLUMNS} fields: refused" in refused(r, target, seconds)
    assert seconds < 2
    target.write_bytes(sheet_file(kind, [header[:MAX_COLUMNS], ["Moon Tide"] + [1] * (MAX_COLUMNS - 1)]))
    r, seconds = run(listing(game(tmp_path, kind)[1]))
    assert r.exit_code == 0 and "1  spell card" in r.output, r.output  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", FORMATS)
def test_errors_are_listed_up_to_fifty_then_counted(tmp_path, kind):
    rows: list[list[Cell]] = [["name", "count"]] + [[f"Rune {i}", "many"] for i in range(1000)]
    target, r, seconds = read(tmp_path, kind, sheet_file(kind, rows))
    lines = refused(r, target, seconds).splitlines()
    assert len(lines) == MAX_ERRORS + 1
    assert lines[0] == f"pnp: {target}:2: column count: Input should be a valid integer, unable to parse string as an " \
                       "integer"
    assert lines[MAX_ERRORS - 1].startswith(f"{target}:{MAX_ERRORS + 1}: column count: ")
    assert lines[-1] == f"{target}: ... and {1000 - MAX_ERRORS:,} more errors (only the first {MAX_ERRORS} are shown)"


@pytest.mark.parametrize("kind", FORMATS)
def test_the_row_limit_counts_bad_rows_too(tmp_path, kind):
    """The limit counted good rows only: a file of a million bad rows was read to its end and
    each reported. Every row with a value counts."""
    rows: list[list[Cell]] = [["name", "count"]] + [[f"Rune {i}", "many"] for i in range(MAX_ROWS + 100)]
    target, r, seconds = read(tmp_path, kind, sheet_file(kind, rows))
    lines = refused(r, target, seconds).splitlines()
    assert lines[-2:] == [f"{target}: ... and {MAX_ROWS - MAX_ERRORS:,} more errors (only the first {MAX_ERRORS} are "
                          "shown)", f"{target}:{MAX_ROWS + 2}: more than {MAX_ROWS:,} rows under the header; refused"]
    assert len(lines) == MAX_ERRORS + 2


@pytest.mark.parametrize("kind", FORMATS)
def test_a_wide_row_is_one_error_named_by_its_first_extra_value(tmp_path, kind):
    """A row of a million cells (CSV) or with a value at the grid's last column (XLSX): one
    error, named by the first value past the header, read in linear time."""
    if kind == "csv":
        data = b"name,text\nMoon Tide,Draw.," + b"x," * 1_000_000 + b"\n"
        where = "column 3"
    else:
        parts = members(GOOD)
        parts[SHEET] = parts[SHEET].replace(b'</row><row r="3">', b'<c r="XFD2" t="inlineStr"><is><t>x</t></is></c>'
                                            b'</row><row r="3">')
        data, where = pack(parts), "column XFD"
    target, r, seconds = read(tmp_path, kind, data)
    assert refused(r, target, seconds) == f"pnp: {target}:2: a value in {where} ('x'), but the header names 2 " \
                                          "columns\n"
    assert seconds < 2


@pytest.mark.parametrize("kind", FORMATS)
def test_empty_cells_cost_nothing(tmp_path, kind):
    """The empty cells at a CSV row's end were taken off one at a time, each a copy of the row:
    a million of them never finished. A workbook's rows were each filled out to the sheet's
    last column: 4,990 rows, each with an empty styled cell at XFD, made 82 million cells."""
    if kind == "csv":
        data = b"name,text\nMoon Tide,Draw." + b"," * 1_000_000 + b"\nLow Ebb,Discard.\n"
    else:
        rows = "".join(f'<row r="{r}"><c r="A{r}" t="inlineStr"><is><t>Rune {r}</t></is></c><c r="XFD{r}" s="1"/>'
                       "</row>" for r in range(4, 4994))
        parts = members(GOOD)
        parts[SHEET] = parts[SHEET].replace(b"</sheetData>", rows.encode() + b"</sheetData>").replace(
            b'<dimension ref="A1:B3"/>', b'<dimension ref="A1:XFD4993"/>')
        data = pack(parts)
    target, r, seconds = read(tmp_path, kind, data)
    assert r.exit_code == 0 and f"{2 if kind == 'csv' else 4992}  spell card" in r.output, r.output  # type: ignore
    assert seconds < 2


@pytest.mark.slow
@pytest.mark.parametrize("kind", FORMATS)
def test_a_file_of_bad_rows_is_refused_quickly_in_little_memory(tmp_path, kind):
    """4 MB of bad rows took 1 GB and printed a million lines: now the row limit stops the
    reading and 52 lines are printed, by a process (a child, which reports its own peak) that
    stays under 200 MB."""
    if kind == "csv":
        data = b"name,count\n" + b"a,x\n" * (4 * 1024 * 1024 // 4 - 4)
    else:
        rows = "".join(f'<row r="{r}"><c r="A{r}" t="s"><v>2</v></c><c r="B{r}" t="s"><v>3</v></c></row>'
                       for r in range(2, 200_000))
        parts = members([["name", "count"], ["a", "x"]])
        parts[SHEET] = parts[SHEET].replace(b'<row r="2">', rows.encode() + b'<row r="200000">')
        data = pack(parts)
    target, args = game(tmp_path, kind)
    target.write_bytes(data)
    # the peak of the process's own memory (VmHWM): ru_maxrss would carry the peak of the test
    # process it was forked from across the exec (a pytest worker that built every game)
    probe = ("import re, sys\nfrom typer.testing import CliRunner\nfrom pnp.cli import app\n"
             f"r = CliRunner().invoke(app, {listing(args)!r})\n"
             "peak = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
             "print(r.exit_code, len(r.output.splitlines()), peak)")
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    seconds = time.perf_counter() - started
    code, lines, peak_kb = map(int, out.stdout.split())
    assert (code, lines) == (2, MAX_ERRORS + 2), out
    assert peak_kb < 200 * 1024, f"{peak_kb / 1024:.0f} MB"
    assert seconds < 10


@pytest.mark.slow
def test_shared_strings_and_xml_elements_are_bounded(tmp_path):
    """A workbook of a million empty shared strings, or of 2.5 million empty cells: each
    refused at its limit within seconds, never read to its end."""
    parts = members(GOOD)
    parts[STRINGS] = parts[STRINGS].replace(b"</sst>", b"<si><t/></si>" * MAX_SHARED_STRINGS + b"</sst>")
    target, r, seconds = read(tmp_path, "xlsx", pack(parts))
    assert f"pnp: {target}: xl/sharedStrings.xml: more than {MAX_SHARED_STRINGS:,} shared strings" in \
           refused(r, target, seconds, HEAVY)
    parts = members(GOOD)
    empty = b"".join(b'<row r="%d">' % r + b'<c s="1"/>' * 1000 + b"</row>" for r in range(4, 2600))
    parts[SHEET] = parts[SHEET].replace(b"</sheetData>", empty + b"</sheetData>")
    target, r, seconds = read(tmp_path / "2", "xlsx", pack(parts))
    assert f"pnp: {target}: xl/worksheets/sheet1.xml (sheet 'Runes'), in row " in refused(r, target, seconds, HEAVY)
    assert f"more than {MAX_XML_ELEMENTS:,} XML elements in the workbook; refused" in r.output  # type: ignore


# --- 17. an unclosed quote is named where it opens ------------------------------------------------

UNCLOSED = {
    "the file ends inside it": (b'name,text\nMoon Tide,Draw.\nLow Ebb,"Everyone discards.\n', 3,
                                "a quoted field starts here ('\"Everyone discards.') and is never closed (the 1 lines "
                                "after it were read into that one cell)"),
    "a hundred lines after it": (b'name,text\nMoon Tide,"Draw.\n' + b"Low Ebb,Discard.\n" * 100, 2,
                                 "a quoted field starts here ('\"Draw.') and is never closed (the 101 lines after it "
                                 "were read into that one cell)"),
    "more than the csv module takes in one field": (b'name,text\nMoon Tide,"Draw.\n' + b"Low Ebb,Discard.\n" * 20_000,
                                                    2, "a quoted field starts here ('\"Draw.') and is never closed "
                                                    "(the 20,001 lines after it were read into that one cell)"),
    "after a quoted field of many lines": (b'name,text\r\nMoon Tide,"Draw.\r\n\r\nThen ""discard"".",\r\nLow Ebb,"'
                                           b'Discard.', 5, "a quoted field starts here ('\"Discard.') and is never "
                                           "closed (the file ends inside it)"),
}


@pytest.mark.parametrize("case", UNCLOSED)
def test_an_unclosed_quote_is_named_at_the_line_it_opens(tmp_path, case):
    data, line, said = UNCLOSED[case]
    target, r, seconds = read(tmp_path, "csv", data)
    assert refused(r, target, seconds) == f'pnp: {target}:{line}: {said}; end it with another " (a " inside quotes ' \
                                          'is written "")\n'


def test_a_record_of_many_lines_is_named_at_its_first(tmp_path):
    """Quoted fields may hold line breaks (and closed ones are read as ever); an error in such
    a record names the line the record starts on."""
    data = b'name,text,count\nMoon Tide,"Draw.\nThen ""discard"".",2\nLow Ebb,"Discard.\n\nTwice.",many\n'
    target, r, seconds = read(tmp_path, "csv", data)
    assert refused(r, target, seconds) == f"pnp: {target}:4: column count: Input should be a valid integer, unable to " \
                                          "parse string as an integer\n"
    target.write_bytes(data.replace(b"many", b"1"))
    assert read_items(target, Item) == [{"name": "Moon Tide", "text": 'Draw.\nThen "discard".', "count": 2},
                                        {"name": "Low Ebb", "text": "Discard.\n\nTwice.", "count": 1}]
