"""Card data from a spreadsheet: ``items_from: spells.csv`` in a component reads its items from
a CSV file beside the YAML (one row a card, the header row names the fields; ``count``
optional), as Squib and nanDECK users keep their cards. An ``.xlsx`` workbook's first sheet
works the same way (read by pnp itself: no extra package).

Cells are text; a cell that reads as a whole number (``3``, ``-1``) or a decimal (``2.5``) is
a number; an empty cell is a field left out. Errors name the file, the row's line and the
column.

Both are files from strangers, read within stated limits (docs/limits.md, "Spreadsheets"):
at most ``MAX_COLUMNS`` columns and ``MAX_ROWS`` rows (every row with a value counts, good or
bad), and at most ``MAX_ERRORS`` errors are listed, then counted. Every check is linear in
the file. A workbook is read by pnp's own reader (`_Workbook`), not by a library that parses
the sheet while its rows are handed out: the zip is read member by member, each XML part by
expat with no DTD at all (so no entity, internal or external, and no billion laughs), and
every fault (a member the zip cannot unpack, XML cut short, a shared string that does not
exist, a cell reference out of order) is an `InputError` raised where it is found, naming the
file, the part or the sheet, the row and the cell.
"""

from __future__ import annotations

import csv
import datetime
import io
import math
import posixpath
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any, Iterator, TypeVar
from xml.parsers import expat

from pydantic import ValidationError

from .errors import InputError, InputErrors
from .yamlsafe import read_bytes_checked, read_text

MAX_CSV_BYTES = 4 * 1024 * 1024  # a CSV file, and an .xlsx workbook as stored
MAX_XLSX_UNPACKED = 64 * 1024 * 1024  # what a workbook's zip members unpack to, together
MAX_ROWS = 5000  # rows under the header with a value in them, good or bad
MAX_COLUMNS = 200  # columns of the header row: the fields of a card
MAX_ERRORS = 50  # errors listed for one file; the rest are counted
MAX_CELL_CHARS = 32_767  # characters of a workbook's cell (Excel's own limit)
MAX_SHARED_STRINGS = MAX_ROWS * MAX_COLUMNS  # a workbook's shared strings: one a cell of the largest sheet
MAX_XML_ELEMENTS = 2_500_000  # XML elements of a workbook, its parts together: a sheet of 5,000 rows of 200
# numbers has 2,005,000 (a cell and its value); each costs about a microsecond (expat hands it to Python)
_INT = re.compile(r"[+-]?\d{1,12}")
_FLOAT = re.compile(r"[+-]?\d{1,12}\.\d{1,12}")

Values = dict[int, str]  # the cells of a row with something in them, by column (0 is the first)


def cell(text: str) -> Any:
    text = text.strip()
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    return text


def _quote(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _label(text: str) -> str:
    """A name from the file (a column's, a zip member's) as a message shows it: as written
    when it is short and printable, else quoted with its control characters escaped."""
    return text if len(text) <= 100 and text.isprintable() else _quote(text, 100)


# --- CSV ------------------------------------------------------------------------------------------

# a '"' that opens a quoted field: at the start of the text, of a line, or after a comma
_FIELD_QUOTE = re.compile(r'(?<![^,\r\n])"')


def _open_quote(text: str) -> int | None:
    """The offset of a quoted field that is never closed, as the csv module reads one: a '"'
    opens a quoted field only at the start of a field, '""' inside it is one '"', and the next
    lone '"' closes it (what follows up to the comma is kept). A step a quoted field."""
    pos = 0
    while True:
        opened = _FIELD_QUOTE.search(text, pos)
        if opened is None:
            return None
        i = opened.end()
        while True:
            j = text.find('"', i)
            if j < 0:
                return opened.start()
            if text.startswith('"', j + 1):
                i = j + 2
                continue
            break
        pos = j + 1


def _open_at_end(text: str, last: str) -> int | None:
    """The offset of the '"' of a quoted field never closed, when ``last`` (the last field the
    csv module read) is one: the module ends such a field at the end of the file, so the file
    ends with the '"' and the field as written (each '"' in it doubled)."""
    written = '"' + last.replace('"', '""')
    if not text.endswith(written):
        return None
    quote = len(text) - len(written)
    return quote if quote == 0 or text[quote - 1] in ",\r\n" else None


def _line_breaks(text: str, start: int, end: int) -> int:
    return text.count("\n", start, end) + text.count("\r", start, end) - text.count("\r\n", start, end)


def _unclosed(path: Path, text: str, quote: int) -> InputError:
    """A quoted field opening at ``quote`` and never closed, named at the line of its '"'."""
    after = _line_breaks(text, quote, len(text))
    swallowed = f"the {after:,} lines after it were read into that one cell" if after else "the file ends inside it"
    return InputError(path, f"a quoted field starts here ({_quote(text[quote:quote + 30].splitlines()[0])}) and is "
                            f'never closed ({swallowed}); end it with another " (a " inside quotes is written "")',
                      line=1 + _line_breaks(text, 0, quote))


def _values(row: list[str]) -> Values:
    """The cells of ``row`` with a value, up to the first one past ``MAX_COLUMNS`` (which no
    header row may name: a row of a million cells costs no more than one of 201)."""
    values: Values = {}
    for i, value in enumerate(row):
        if value.strip():
            values[i] = value
            if i >= MAX_COLUMNS:
                break
    return values


def _csv_rows(path: Path) -> Iterator[tuple[int, Values]]:
    """(line, cells with a value) of a CSV file's records, cells as text; a record's line is
    the one it starts on. Empty lines are left out."""
    text = read_text(path, MAX_CSV_BYTES, what="CSV file")
    reader = csv.reader(io.StringIO(text, newline=""))
    held: tuple[int, list[str]] | None = None  # a record is handed out once the next one is read
    line = 1  # the line of the record being read
    try:
        for row in reader:
            if row:
                if held is not None:
                    yield held[0], _values(held[1])
                held = (line, row)
            line = reader.line_num + 1
    except csv.Error as exc:  # a field past the csv module's limit: an unclosed quote, most often
        quote = _open_quote(text)
        if quote is not None and _line_breaks(text, 0, quote) < reader.line_num:
            raise _unclosed(path, text, quote) from None
        raise InputError(path, f"not CSV: {exc}", line=reader.line_num) from None
    if held is not None:
        quote = _open_at_end(text, held[1][-1])  # the csv module ends an unclosed quote at the end of the file
        if quote is not None:
            raise _unclosed(path, text, quote)
        yield held[0], _values(held[1])


# --- XLSX -----------------------------------------------------------------------------------------

_REF = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,6})")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
_DECLARED = re.compile(r"""<\?xml\s[^>]*?\bencoding\s*=\s*(["'])(.*?)\1""")
_XLSX_ENCODINGS = {"UTF-8", "UTF8", "UTF-16", "UTF-16BE", "UTF-16LE"}  # ECMA-376: UTF-8 or UTF-16
_MAX_SHEET_COLUMN = 16_384  # XFD, Excel's last column
_MAX_SHEET_ROW = 1_048_576
_DATE_FORMATS = {14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47}  # the built-in number formats of dates and times
_NOT_DATE_PART = re.compile(r'"[^"]*"|\\.|\[[^\]]*\]')  # quoted text, an escaped character, [Red] or [$-409]
# what unpacking a member of a damaged zip may raise, from zipfile and the decompressors under it
_UNPACK_ERRORS: tuple[type[BaseException], ...] = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError,
                                                   RuntimeError, OSError, ValueError)
try:
    import lzma

    _UNPACK_ERRORS += (lzma.LZMAError,)
except ImportError:  # a Python without lzma: zipfile cannot unpack such a member either
    pass


def column_letters(column: int) -> str:
    """``1`` -> ``A``, ``27`` -> ``AA``."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _column_number(letters: str) -> int:
    number = 0
    for ch in letters:
        number = number * 26 + ord(ch) - 64
    return number


def _local(name: str) -> str:
    return name[name.find(":") + 1:]


class _Done(Exception):
    """The part holds nothing more that is needed (the sheet's data has ended)."""


def _is_date_format(code: str) -> bool:
    return re.search("[dmyhs]", _NOT_DATE_PART.sub("", code.split(";")[0]), re.IGNORECASE) is not None


class _Workbook:
    """The first sheet of an .xlsx workbook, read from its zip by expat, part by part: the
    package's relationships, the workbook (its sheets), the shared strings, the styles (which
    numbers are dates) and the sheet, whose rows are handed out as they are read. At most
    ``MAX_XML_ELEMENTS`` elements are read, all parts together."""

    def __init__(self, path: Path, archive: zipfile.ZipFile) -> None:
        self.path = path
        self.zip = archive
        self.names = set(archive.namelist())
        self.elements = 0
        self.date1904 = False
        book = self._office_document()
        rels = self._relationships(book)
        self.sheet, self.sheet_part = self._first_sheet(book, rels)
        strings = [target for kind, target in rels.values() if kind == "sharedStrings"]
        styles = [target for kind, target in rels.values() if kind == "styles"]
        self.strings = self._read(strings[0], _SharedStrings(self)).strings if strings else []
        self.dates = self._read(styles[0], _Styles(self)).dates() if styles else set()

    def error(self, message: str, line: int | None = None, field: str | None = None) -> InputError:
        return InputError(self.path, message, line=line, field=field)

    def too_many(self, part: str, where: str) -> InputError:
        return self.error(f"{_label(part)}{where}: more than {MAX_XML_ELEMENTS:,} XML elements in the workbook; refused (a "
                          f"sheet of {MAX_ROWS:,} rows of {MAX_COLUMNS} numbers has {MAX_ROWS * (MAX_COLUMNS * 2 + 1):,}"
                          "; save a larger one as CSV)")

    def _chunks(self, part: str) -> Iterator[bytes]:
        try:
            with self.zip.open(part) as member:
                while chunk := member.read(1 << 16):
                    yield chunk
        except _UNPACK_ERRORS as exc:
            raise self.error(f"{_label(part)}: the zip member cannot be unpacked ({exc}); expected an .xlsx workbook as "
                             "Excel or LibreOffice saves it") from None

    def parse(self, part: str, handler: _Handler) -> Iterator[None]:
        """Feed ``part`` to expat and its events to ``handler``, a chunk at a time (a pause
        after each). No DTD is read: a workbook's XML has none, so one is refused, and with it
        every entity but XML's own five (no billion laughs, nothing read from elsewhere)."""
        if part not in self.names:
            raise self.error(f"the zip holds no {part!r}, which the workbook needs; expected an .xlsx workbook as "
                             "Excel or LibreOffice saves it")
        handler.part = part
        chunks = self._chunks(part)
        head = next(chunks, b"")
        # the encoding is given, never the one the XML declares: expat would look that one up
        # among Python's codecs (``rot13``, ``zlib``...), whose errors are no XML errors
        parser = expat.ParserCreate(self._check_encoding(part, head))
        parser.buffer_text = True
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

        def doctype(*_: object) -> None:
            raise self.error(f"{_label(part)}{handler.where()}: a DOCTYPE declaration (a DTD, where entities are declared) "
                             f"at line {parser.CurrentLineNumber}; a workbook's XML has none: refused")

        parser.StartDoctypeDeclHandler = doctype
        parser.EntityDeclHandler = doctype
        parser.StartElementHandler = handler.start
        parser.EndElementHandler = handler.end
        parser.CharacterDataHandler = handler.text
        try:
            parser.Parse(head, False)
            yield
            for chunk in chunks:
                parser.Parse(chunk, False)
                yield
            parser.Parse(b"", True)
        except _Done:
            return
        except expat.ExpatError as exc:
            raise self.error(f"{_label(part)}{handler.where()}: broken XML at line {exc.lineno}, column {exc.offset + 1} "
                             f"({expat.ErrorString(exc.code)}); expected an .xlsx workbook as Excel or LibreOffice "
                             "saves it") from None

    def _check_encoding(self, part: str, head: bytes) -> str:
        """The encoding of a part, from its first bytes: UTF-16 (by its byte order mark or its
        first character) or UTF-8. One its XML declaration names otherwise is refused."""
        if head.startswith((b"\xff\xfe", b"<\x00")):
            encoding, text = "UTF-16LE", head[:1024].decode("utf-16-le", "replace").lstrip("\ufeff")
        elif head.startswith((b"\xfe\xff", b"\x00<")):
            encoding, text = "UTF-16BE", head[:1024].decode("utf-16-be", "replace").lstrip("\ufeff")
        else:
            encoding, text = "UTF-8", head[:1024].decode("latin-1").removeprefix("\xef\xbb\xbf")
        declared = _DECLARED.match(text)
        if declared and declared.group(2).upper() not in _XLSX_ENCODINGS:
            raise self.error(f"{_label(part)}: its XML declares the encoding {_quote(declared.group(2))}; expected UTF-8 or "
                             "UTF-16, as every .xlsx workbook's XML is")
        return encoding

    def _read(self, part: str, handler: _H) -> _H:
        for _ in self.parse(part, handler):
            pass
        return handler

    def _office_document(self) -> str:
        """The workbook's part, as the package's relationships name it."""
        if "_rels/.rels" not in self.names:
            return "xl/workbook.xml"
        found = self._read("_rels/.rels", _Relationships(self, "")).found
        book = [part for kind, part in found.values() if kind == "officeDocument"]
        return book[0] if book else "xl/workbook.xml"

    def _relationships(self, part: str) -> dict[str, tuple[str, str]]:
        """The relationships of ``part`` (its ``_rels/NAME.rels``): id -> (kind, part)."""
        rels = posixpath.join(posixpath.dirname(part), "_rels", posixpath.basename(part) + ".rels")
        return self._read(rels, _Relationships(self, part)).found if rels in self.names else {}

    def _first_sheet(self, book: str, rels: dict[str, tuple[str, str]]) -> tuple[str, str]:
        """The name and the part of the workbook's first worksheet (chart sheets skipped)."""
        sheets = self._read(book, _Sheets(self)).sheets
        for name, rid in sheets:
            kind, part = rels.get(rid, ("", ""))
            if kind == "worksheet":
                return name, part
        if sheets:
            raise self.error(f"{_label(book)}: none of its {len(sheets)} sheets is a worksheet its relationships name; "
                             "expected an .xlsx workbook as Excel or LibreOffice saves it")
        raise self.error(f"{_label(book)}: the workbook lists no sheet; expected a sheet whose first row names the fields")

    def rows(self) -> Iterator[tuple[int, Values]]:
        """(row number, cells with a value) of the sheet's rows that have a value in them."""
        reader = _SheetRows(self)
        for _ in self.parse(self.sheet_part, reader):
            yield from reader.done
            reader.done.clear()
        yield from reader.done

    def date_text(self, serial: float) -> str | None:
        """A date-formatted number as the date it shows (``2024-03-01``, ``2024-03-01 12:30:00``,
        ``12:30:00``); None when it is no date Excel shows."""
        if not 0 <= serial < 2_958_466:  # 9999-12-31
            return None
        if self.date1904:
            epoch = datetime.datetime(1904, 1, 1)
        else:  # 1900 counts a 29 February that never was (Lotus 1-2-3's): days before it are one off
            epoch = datetime.datetime(1899, 12, 31 if serial < 60 else 30)
        moment = epoch + datetime.timedelta(seconds=round(serial * 86400))
        if serial < 1:
            return moment.strftime("%H:%M:%S")
        return moment.strftime("%Y-%m-%d" if moment.time() == datetime.time() else "%Y-%m-%d %H:%M:%S")


class _Handler:
    """expat's handlers for one part: ``opened`` sees each element with its parent's name
    (prefixes dropped: ``x:row`` is ``row``); ``where`` says where in the part a fault is."""

    part = ""  # the part's name in the zip, set when it is read

    def __init__(self, book: _Workbook) -> None:
        self.book = book
        self.stack: list[str] = []

    def where(self) -> str:
        return ""

    def start(self, name: str, attrs: dict[str, str]) -> None:
        book = self.book
        book.elements += 1
        if book.elements > MAX_XML_ELEMENTS:
            raise book.too_many(self.part, self.where())
        if ":" in name:
            name = _local(name)
        self.opened(name, self.stack[-1] if self.stack else "", attrs)
        self.stack.append(name)

    def opened(self, name: str, parent: str, attrs: dict[str, str]) -> None:
        pass

    def end(self, name: str) -> None:
        self.stack.pop()

    def text(self, data: str) -> None:
        pass


_H = TypeVar("_H", bound=_Handler)


class _Relationships(_Handler):
    def __init__(self, book: _Workbook, source: str) -> None:
        super().__init__(book)
        self.source = source
        self.found: dict[str, tuple[str, str]] = {}  # id -> (kind, the part it names)

    def opened(self, name: str, parent: str, attrs: dict[str, str]) -> None:
        if name == "Relationship" and attrs.get("TargetMode") != "External":
            target = attrs.get("Target", "")
            if target.startswith("/"):
                part = posixpath.normpath(target[1:])
            else:
                part = posixpath.normpath(posixpath.join(posixpath.dirname(self.source), target))
            self.found.setdefault(attrs.get("Id", ""), (attrs.get("Type", "").rpartition("/")[2], part))


class _Sheets(_Handler):
    def __init__(self, book: _Workbook) -> None:
        super().__init__(book)
        self.sheets: list[tuple[str, str]] = []  # (name, relationship id)

    def opened(self, name: str, parent: str, attrs: dict[str, str]) -> None:
        if name == "sheet" and parent == "sheets":
            rid = next((v for k, v in attrs.items() if ":" in k and _local(k) == "id"), "")
            self.sheets.append((attrs.get("name", "?")[:100], rid))
        elif name == "workbookPr":
            self.book.date1904 = attrs.get("date1904", "").lower() in ("1", "true")


class _Styles(_Handler):
    def __init__(self, book: _Workbook) -> None:
        super().__init__(book)
        self.formats: dict[int, str] = {}
        self.styles: list[int] = []  # the number format of each cell style

    def opened(self, name: str, parent: str, attrs: dict[str, str]) -> None:
        number = attrs.get("numFmtId", "")
        number_id = int(number) if number.isdigit() and len(number) < 10 else 0
        if name == "numFmt" and parent == "numFmts":
            self.formats[number_id] = attrs.get("formatCode", "")[:1000]
        elif name == "xf" and parent == "cellXfs":
            self.styles.append(number_id)

    def end(self, name: str) -> None:
        if self.stack.pop() == "cellXfs":  # nothing after the cell styles is needed
            raise _Done

    def dates(self) -> set[int]:
        """The cell styles whose number format shows a date or a time."""
        dates = _DATE_FORMATS | {number for number, code in self.formats.items() if _is_date_format(code)}
        return {i for i, number in enumerate(self.styles) if number in dates}


class _SharedStrings(_Handler):
    """``<sst><si><t>`` (and ``<si><r><t>``, rich text's runs; ``<rPh>``, a phonetic guide, is
    not the text)."""

    def __init__(self, book: _Workbook) -> None:
        super().__init__(book)
        self.strings: list[str] = []
        self.texts: list[str] = []
        self.size = 0
        self.taking = False

    def start(self, name: str, attrs: dict[str, str]) -> None:
        book = self.book
        book.elements += 1
        if book.elements > MAX_XML_ELEMENTS:
            raise book.too_many(self.part, "")
        if ":" in name:
            name = _local(name)
        stack = self.stack
        parent = stack[-1] if stack else ""
        stack.append(name)
        if name == "t":
            self.taking = parent == "si" or (parent == "r" and len(stack) > 2 and stack[-3] == "si")
        elif name == "si" and parent == "sst":
            if len(self.strings) >= MAX_SHARED_STRINGS:
                raise book.error(f"{_label(self.part)}: more than {MAX_SHARED_STRINGS:,} shared strings (a sheet of "
                                 f"{MAX_ROWS:,} rows of {MAX_COLUMNS} cells has at most as many); refused")
            self.texts = []
            self.size = 0

    def end(self, name: str) -> None:
        name = self.stack.pop()
        self.taking = False
        if name == "si" and self.stack and self.stack[-1] == "sst":
            self.strings.append(_unescape("".join(self.texts)))

    def text(self, data: str) -> None:
        if self.taking:
            self.size += len(data)
            if self.size > MAX_CELL_CHARS:
                raise self.book.error(f"{_label(self.part)}: shared string {len(self.strings)} has more than "
                                      f"{MAX_CELL_CHARS:,} characters, the most a cell holds; refused")
            self.texts.append(data)


_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def _unescape(text: str) -> str:
    """A workbook's ``_x000D_`` is the character it numbers."""
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text) if "_x" in text else text


class _SheetRows(_Handler):
    """The handlers of a worksheet: ``<sheetData><row r><c r t s><v>|<is><t>``; each row with a
    value goes to ``done`` when it ends. Rows and cells are in order (a reference left out is
    the one after the last), within Excel's grid, each value what its type says."""

    def __init__(self, book: _Workbook) -> None:
        super().__init__(book)
        self.name = f" (sheet {book.sheet!r})"
        self.done: list[tuple[int, Values]] = []
        self.row = 0  # the row being read, or the last one
        self.column = 0  # the last cell's column in the row
        self.values: Values = {}
        self.ref: str | None = None  # the cell's reference as written; None: the one after the last
        self.at = 0  # the cell's column
        self.kind = "n"
        self.style: str | None = None  # the cell's style, as written
        self.value: list[str] | None = None  # the text of its <v>, None when it has none
        self.inline: list[str] | None = None  # the text of its <is>, None when it has none
        self.size = 0
        self.taking: list[str] | None = None

    def where(self) -> str:
        """Where in the sheet the XML is, for a message about the XML."""
        if not self.row:
            return self.name
        return f"{self.name}, {'in' if 'row' in self.stack else 'after'} row {self.row}"

    def fail(self, message: str) -> InputError:
        ref = self.ref or f"{column_letters(min(self.at, _MAX_SHEET_COLUMN))}{self.row}"
        return self.book.error(message, line=self.row, field=f"sheet {self.book.sheet!r}, cell {ref}")

    def start(self, name: str, attrs: dict[str, str]) -> None:
        book = self.book
        book.elements += 1
        if book.elements > MAX_XML_ELEMENTS:
            raise book.too_many(self.part, self.where())
        if ":" in name:
            name = _local(name)
        stack = self.stack
        parent = stack[-1] if stack else ""
        stack.append(name)
        if parent == "row":
            if name == "c":
                self._cell(attrs)
        elif parent == "c":
            if name == "v":
                self.taking = self.value = [] if self.value is None else self.value
            elif name == "is":
                self.inline = [] if self.inline is None else self.inline
        elif name == "t":
            if parent == "is" or (parent == "r" and len(stack) > 3 and stack[-3] == "is"):
                self.taking = self.inline = [] if self.inline is None else self.inline
        elif name == "row" and parent == "sheetData":
            self._row(attrs.get("r"))

    def end(self, name: str) -> None:
        stack = self.stack
        name = stack.pop()
        self.taking = None
        if name == "c":
            if stack and stack[-1] == "row":
                self._cell_ends()
        elif name == "row":
            if stack and stack[-1] == "sheetData" and self.values:
                self.done.append((self.row, self.values))
                self.values = {}
        elif name == "sheetData":
            raise _Done

    def text(self, data: str) -> None:
        if self.taking is not None:
            self.size += len(data)
            if self.size > MAX_CELL_CHARS:
                raise self.fail(f"more than {MAX_CELL_CHARS:,} characters, the most a cell holds; refused")
            self.taking.append(data)

    def _row(self, r: str | None) -> None:
        if r is None:
            number = self.row + 1
        elif r.isdigit() and len(r) <= 7 and int(r) > 0:
            number = int(r)
        else:
            raise self.book.error(f"a row numbered {_quote(r)}; expected a row number from 1 to {_MAX_SHEET_ROW:,}",
                                  line=self.row + 1, field=f"sheet {self.book.sheet!r}")
        if number <= self.row or number > _MAX_SHEET_ROW:
            raise self.book.error(f"row {number} comes after row {self.row}; expected rows in order, from 1 to "
                                  f"{_MAX_SHEET_ROW:,}", line=number, field=f"sheet {self.book.sheet!r}")
        self.row, self.column, self.values = number, 0, {}

    def _cell(self, attrs: dict[str, str]) -> None:
        r = attrs.get("r")
        if r is None:
            self.ref, self.at = None, self.column + 1
        else:
            m = _REF.fullmatch(r)
            if m is None:
                self.ref = _quote(r, 20)
                raise self.fail(f"a cell reference {_quote(r)}; expected a column and a row, such as B{self.row}")
            self.ref, self.at = r, _column_number(m.group(1))
            if int(m.group(2)) != self.row:
                raise self.fail(f"cell {r} in row {self.row}; expected a cell of that row, such as B{self.row}")
        if self.at > _MAX_SHEET_COLUMN:
            raise self.fail(f"a cell past column {column_letters(_MAX_SHEET_COLUMN)}, the sheet's last")
        if self.at <= self.column:
            raise self.fail(f"cell {self.ref or column_letters(self.at) + str(self.row)} comes after column "
                            f"{column_letters(self.column)} of its row; expected the cells of a row in order")
        self.column = self.at
        self.kind = attrs.get("t", "n")
        self.style = attrs.get("s")
        self.value = self.inline = None
        self.size = 0

    def _cell_ends(self) -> None:
        if self.value is None and self.inline is None:  # an empty cell (a style, a formula not computed)
            return
        text = self._text()
        if text.strip():
            self.values[self.column - 1] = text

    def _text(self) -> str:
        """The cell's value as text, as its type says."""
        kind, value = self.kind, "".join(self.value or ()).strip()
        if kind == "inlineStr":
            return _unescape("".join(self.inline)) if self.inline is not None else value
        if kind in ("str", "e", "d"):
            return _unescape(value) if kind == "str" else value
        if not value:
            return ""
        if kind == "s":
            strings = self.book.strings
            if not (value.isdigit() and len(value) <= 10 and int(value) < len(strings)):
                have = f"{len(strings):,} (0 to {len(strings) - 1:,})" if strings else "none"
                index = value if value.isdigit() and len(value) <= 20 else _quote(value)
                raise self.fail(f"shared string {index} does not exist: the workbook has {have}")
            return strings[int(value)]
        if kind == "b":
            if value not in ("0", "1"):
                raise self.fail(f"expected 0 or 1 for a true/false cell, got {_quote(value)}")
            return "True" if value == "1" else "False"
        if kind != "n":
            raise self.fail(f"a cell of type {_quote(kind)}; expected one of s, str, inlineStr, n, b, e, d")
        if len(value) > 40 or not _NUMBER.fullmatch(value):
            raise self.fail(f"expected a number, got {_quote(value)}")
        number = float(value)
        if not math.isfinite(number):
            raise self.fail(f"the number {_quote(value)} is too large (at most about 1.8e308)")
        style = self.style
        if self.book.dates and style is not None and style.isdigit() and len(style) < 10 and int(style) in self.book.dates:
            date = self.book.date_text(number)
            if date is not None:
                return date
        if number.is_integer() and abs(number) < 2 ** 53:
            return str(int(number))
        return repr(number)


def _xlsx_rows(path: Path) -> Iterator[tuple[int, Values]]:
    """(row number, cells with a value) of a workbook's first sheet, cells as text."""
    data = io.BytesIO(read_bytes_checked(path, MAX_CSV_BYTES, what="workbook"))  # a regular file, bounded
    try:
        archive = zipfile.ZipFile(data)
        unpacked = sum(member.file_size for member in archive.infolist())
    except _UNPACK_ERRORS as exc:
        raise InputError(path, f"not an .xlsx workbook: {exc}") from None
    with archive:
        if unpacked > MAX_XLSX_UNPACKED:  # a zip bomb; a member unpacking past what it says fails its check
            raise InputError(path, f"the workbook unpacks to {unpacked} bytes, over the limit of {MAX_XLSX_UNPACKED} "
                                   "bytes; refused (save the sheet as CSV)")
        yield from _Workbook(path, archive).rows()


# --- the rows as items ----------------------------------------------------------------------------

def read_items(path: Path, item_model: Any) -> list[dict[str, Any]]:
    """The rows of ``path`` (CSV, or an .xlsx workbook's first sheet) as item fields, each
    checked with ``item_model`` (its errors name the row's line and the column). At most
    ``MAX_ERRORS`` errors are listed, then counted; an error that stops the reading (the row
    limit, a damaged workbook) comes last."""
    workbook = path.suffix.lower() == ".xlsx"
    rows = _xlsx_rows(path) if workbook else _csv_rows(path)

    def column_name(i: int) -> str:
        return f"column {column_letters(i + 1)}" if workbook else f"column {i + 1}"

    first = next(rows, None)
    if first is None:
        raise InputError(path, "an empty spreadsheet: expected a header row naming the fields (name, ...)", line=1)
    header_line, header = first
    width = max(header) + 1 if header else 0
    if width > MAX_COLUMNS:
        past = next(i for i in header if i >= MAX_COLUMNS)
        raise InputError(path, f"the header row has more than {MAX_COLUMNS} columns ({column_name(past)} is "
                               f"{_quote(header[past].strip())}); a card has at most {MAX_COLUMNS} fields: refused",
                         line=header_line)
    columns = [header.get(i, "").strip() for i in range(width)]
    if "name" not in columns:
        names = ", ".join(_label(c) for c in columns if c)
        raise InputError(path, f"the header row names no `name` column (it has: {names or 'none'})",
                         line=header_line)
    seen: set[str] = set()
    for column in columns:
        if column in seen:
            raise InputError(path, f"column {column!r} is named twice in the header row", line=header_line,
                             field=column)
        if column:
            seen.add(column)
    items: list[dict[str, Any]] = []
    errors: list[InputError] = []
    hidden = 0
    stop: InputError | None = None

    def report(error: InputError) -> None:
        nonlocal hidden
        if len(errors) < MAX_ERRORS:
            errors.append(error)
        else:
            hidden += 1

    read = 0
    try:
        for line, values in rows:
            if not values:  # a blank line
                continue
            read += 1
            if read > MAX_ROWS:
                stop = InputError(path, f"more than {MAX_ROWS:,} rows under the header; refused", line=line)
                break
            beyond = next((i for i in values if i >= width), None)
            if beyond is not None:
                report(InputError(path, f"a value in {column_name(beyond)} ({_quote(values[beyond].strip())}), but the "
                                        f"header names {width} columns", line=line))
                continue
            fields = {columns[i]: cell(value) for i, value in values.items() if columns[i]}
            if "name" in fields:
                fields["name"] = str(fields["name"])
            try:
                item_model.model_validate(fields)
            except ValidationError as exc:
                for err in exc.errors():
                    column = str(err["loc"][0]) if err["loc"] else "name"
                    report(InputError(path, err["msg"], line=line, field=f"column {_label(column)}"))
                continue
            items.append(fields)
    except InputError as exc:  # a workbook damaged further down: after what was found above it
        stop = exc
    if hidden:
        errors.append(InputError(path, f"... and {hidden:,} more errors (only the first {MAX_ERRORS} are shown)"))
    if stop is not None:
        errors.append(stop)
    if errors:
        raise errors[0] if len(errors) == 1 else InputErrors(errors)
    if not items:
        raise InputError(path, "no rows under the header: a component needs at least one card",
                         line=header_line + 1)
    return items
