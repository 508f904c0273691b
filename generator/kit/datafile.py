"""Rows of a spreadsheet: the designs of a kind given as `data = "cards.csv"` (also .tsv and
.xlsx, the first sheet). The first row names the columns; each further row is one design, and
every column is a name its fields and templates can use (`{{ cost }}`); a column named like one
of the kind's keys (`count`, `title`, `art`...) sets that key. A bad cell is an error at
`cards.csv:ROW` naming the column. Every size is bounded (docs/safety.md)."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import GameFileError, read_text

SUFFIXES = (".csv", ".tsv", ".xlsx")
MAX_ROWS = 1000          # designs in one data file
MAX_COLUMNS = 60
MAX_CELL = 4000          # characters in one cell
MAX_XLSX_BYTES = 8 * 2 ** 20


@dataclass(frozen=True)
class Row:
    """One design: its cells by column name, and where it is (the file and the row's number as a
    spreadsheet shows it, the header being row 1)."""

    path: Path
    number: int
    values: dict[str, str]

    def error(self, column: str | None, message: str) -> GameFileError:
        return GameFileError(self.path, self.number, f"column {column}: {message}" if column else message)


def column_name(text: str) -> str:
    """A header cell as a name templates can use: spaces and dashes become '_' ("Card name" ->
    "Card_name")."""
    return re.sub(r"[\s-]+", "_", text.strip())


def read_rows(path: Path) -> tuple[list[str], list[Row]]:
    """The columns and the non-empty rows of a data file; raises GameFileError naming the file
    and the row."""
    cells = _xlsx(path) if path.suffix.lower() == ".xlsx" else _text(path)
    if not cells:
        raise GameFileError(path, None, "empty: the first row names the columns, each further row is a design")
    header = [column_name(c) for c in cells[0][1]]
    while header and not header[-1]:
        header.pop()
    if len(header) > MAX_COLUMNS:
        raise GameFileError(path, cells[0][0], f"{len(header)} columns; at most {MAX_COLUMNS}")
    for name in header:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise GameFileError(path, cells[0][0], f"column {name!r}: a column's name is letters, digits and _ "
                                                   f"(starting with a letter), so that a template can say {{{{ name }}}}")
    for name in header:
        if header.count(name) > 1:
            raise GameFileError(path, cells[0][0], f"two columns are named {name!r}")
    rows = []
    for number, line in cells[1:]:
        if not any(c.strip() for c in line):
            continue
        if len(rows) == MAX_ROWS:
            raise GameFileError(path, number, f"more than {MAX_ROWS} rows; a data file holds at most {MAX_ROWS} designs")
        extra = [c for c in line[len(header):] if c.strip()]
        if extra:
            raise GameFileError(path, number, f"{len(line)} cells but {len(header)} named columns: "
                                              f"{extra[0][:40]!r} has no column")
        for name, cell in zip(header, line):
            if len(cell) > MAX_CELL:
                raise GameFileError(path, number, f"column {name}: {len(cell)} characters; a cell holds at most "
                                                  f"{MAX_CELL}")
        rows.append(Row(path, number, {name: (line[k].strip() if k < len(line) else "") for k, name in
                                       enumerate(header)}))
    return header, rows


def _text(path: Path) -> list[tuple[int, list[str]]]:
    """CSV (commas, or semicolons as some spreadsheets write) or TSV, with each row's line number."""
    text = read_text(path, GameFileError).lstrip("\ufeff")
    if path.suffix.lower() == ".tsv":
        dialect: type[csv.Dialect] | csv.Dialect = csv.excel_tab
    else:
        first = text.split("\n", 1)[0]
        dialect = csv.excel if first.count(",") >= first.count(";") else _semicolons
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    found = []
    try:
        while True:
            line = reader.line_num + 1
            try:
                cells = next(reader)
            except StopIteration:
                break
            found.append((line, cells))
    except csv.Error as exc:
        raise GameFileError(path, reader.line_num, f"not valid CSV: {exc}") from None
    return found


class _semicolons(csv.excel):
    delimiter = ";"


def _xlsx(path: Path) -> list[tuple[int, list[str]]]:
    """The first sheet of a workbook, read by openpyxl (values, not formulas), each cell as text."""
    from zipfile import BadZipFile

    import openpyxl

    size = path.stat().st_size
    if size > MAX_XLSX_BYTES:
        raise GameFileError(path, None, f"{size / 2 ** 20:.0f} MB: a data file is at most "
                                        f"{MAX_XLSX_BYTES // 2 ** 20} MB")
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (BadZipFile, OSError, KeyError, ValueError) as exc:
        raise GameFileError(path, None, f"not a readable .xlsx workbook ({exc})") from None
    try:
        sheet = book.worksheets[0]
        found = []
        for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
            if number > MAX_ROWS + 1:
                raise GameFileError(path, number, f"more than {MAX_ROWS} rows; a data file holds at most "
                                                  f"{MAX_ROWS} designs")
            found.append((number, [_cell(v) for v in values[:MAX_COLUMNS + 1]]))
        return found
    finally:
        book.close()


def _cell(value) -> str:
    """A workbook cell as the text a CSV export would show: 3.0 as "3", a date as 2026-11-22."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return value.isoformat()[:10] if getattr(value, "hour", 0) == 0 else value.isoformat()
    return str(value)
