"""Card data from a spreadsheet: ``items_from: spells.csv`` in a component reads its items from
a CSV file beside the YAML (one row a card, the header row names the fields; ``count``
optional), as Squib and nanDECK users keep their cards. An ``.xlsx`` workbook's first sheet
works the same way with the ``xlsx`` extra (openpyxl).

Cells are text; a cell that reads as a whole number (``3``, ``-1``) or a decimal (``2.5``) is
a number; an empty cell is a field left out. Errors name the file, the row's line and the
column.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from pathlib import Path
from typing import Any, Iterator

from pydantic import ValidationError

from .errors import InputError, InputErrors
from .yamlsafe import read_bytes_checked, read_text

MAX_CSV_BYTES = 4 * 1024 * 1024  # a CSV file, and an .xlsx workbook as stored
MAX_XLSX_UNPACKED = 64 * 1024 * 1024  # what a workbook's zip members unpack to, together
MAX_ROWS = 5000
_INT = re.compile(r"[+-]?\d{1,12}")
_FLOAT = re.compile(r"[+-]?\d{1,12}\.\d{1,12}")


def cell(text: str) -> Any:
    text = text.strip()
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    return text


def _csv_rows(path: Path) -> Iterator[tuple[int, list[str]]]:
    """(line, cells) of a CSV file, cells as text."""
    text = read_text(path, MAX_CSV_BYTES, what="CSV file")
    reader = csv.reader(io.StringIO(text, newline=""))
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise InputError(path, f"not CSV: {exc}", line=reader.line_num) from None
        yield reader.line_num, row


def _check_unpacked_size(path: Path, data: io.BytesIO) -> None:
    """A workbook is a zip: what its members say they unpack to is at most MAX_XLSX_UNPACKED
    (a zip bomb of shared strings is refused before openpyxl reads it; a member that unpacks
    past what it says fails its check inside zipfile)."""
    try:
        with zipfile.ZipFile(data) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise InputError(path, f"not an .xlsx workbook: {exc}") from None
    finally:
        data.seek(0)
    if unpacked > MAX_XLSX_UNPACKED:
        raise InputError(path, f"the workbook unpacks to {unpacked} bytes, over the limit of {MAX_XLSX_UNPACKED} "
                               "bytes; refused (save the sheet as CSV)")


def _xlsx_rows(path: Path) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells) of a workbook's first sheet, cells as text."""
    data = io.BytesIO(read_bytes_checked(path, MAX_CSV_BYTES, what="workbook"))  # a regular file, bounded
    try:
        import openpyxl
    except ImportError:
        raise InputError(path, "reading .xlsx needs openpyxl: pip install 'pnp-tabletop[xlsx]' (or save the sheet "
                               "as CSV)") from None
    _check_unpacked_size(path, data)
    try:
        book = openpyxl.load_workbook(data, read_only=True, data_only=True)
    except Exception as exc:  # a zip that is not a workbook, a damaged file ...
        raise InputError(path, f"not an .xlsx workbook: {exc}") from None
    try:
        for i, row in enumerate(book.worksheets[0].iter_rows(values_only=True), start=1):
            yield i, ["" if v is None else str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)
                      for v in row]
    finally:
        book.close()


def read_items(path: Path, item_model: Any) -> list[dict[str, Any]]:
    """The rows of ``path`` (CSV, or an .xlsx workbook's first sheet) as item fields, each
    checked with ``item_model`` (its errors name the row's line and the column)."""
    rows = _xlsx_rows(path) if path.suffix.lower() == ".xlsx" else _csv_rows(path)
    first = next(rows, None)
    if first is None:
        raise InputError(path, "an empty spreadsheet: expected a header row naming the fields (name, ...)", line=1)
    header = first[1]
    columns = [h.strip() for h in header]
    if "name" not in columns:
        raise InputError(path, f"the header row names no `name` column (it has: {', '.join(columns) or 'none'})",
                         line=1)
    dupes = sorted({c for c in columns if c and columns.count(c) > 1})
    if dupes:
        raise InputError(path, f"column {dupes[0]!r} is named twice in the header row", line=1, field=dupes[0])
    items: list[dict[str, Any]] = []
    errors: list[InputError] = []
    for line, row in rows:
        if not any(c.strip() for c in row):
            continue
        if len(items) >= MAX_ROWS:
            raise InputError(path, f"more than {MAX_ROWS} rows; refused", line=line)
        while len(row) > len(columns) and not row[-1].strip():  # a workbook's empty trailing cells
            row = row[:-1]
        if len(row) > len(columns):
            errors.append(InputError(path, f"{len(row)} cells, but the header names {len(columns)} columns",
                                     line=line))
            continue
        fields = {col: cell(value) for col, value in zip(columns, row) if col and value.strip()}
        if "name" in fields:
            fields["name"] = str(fields["name"])
        try:
            item_model.model_validate(fields)
        except ValidationError as exc:
            for err in exc.errors():
                column = str(err["loc"][0]) if err["loc"] else "name"
                errors.append(InputError(path, err["msg"], line=line, field=f"column {column}"))
            continue
        items.append(fields)
    if errors:
        raise errors[0] if len(errors) == 1 else InputErrors(errors)
    if not items:
        raise InputError(path, "no rows under the header: a component needs at least one card", line=2)
    return items
