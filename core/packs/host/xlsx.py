"""`@cordon/sandbox-xlsx`: read and write Excel workbooks on the host.

The reference reads and writes with exceljs; this is openpyxl (reading: read-only, cached values).
`parse(bytes, {sheet, header = true})`:

* without `sheet`: `{ "<sheet name>": rows, ... }` for every worksheet, in
  workbook order; with `sheet`: that sheet's rows (a missing sheet throws
  listing the sheets, `xlsx-sheet-not-found`);
* rows are records keyed by the first row (an empty header cell is keyed by
  its column letter, a repeated one `name_1`...), every key present, empty
  cells `null`; `{header: false}` gives arrays of cell values;
* cell values: strings, numbers, booleans, null; formula cells give the
  result Excel saved with the file; dates and times as ISO strings
  (`2024-03-01T12:30:00.000Z`, `12:30:00`); error cells as their text (`#DIV/0!`).
  Leading and trailing empty rows are dropped.

The workbook is a ZIP: before openpyxl sees it, the zip pack's checks run
(50 MB inflated, ratio bombs, unsafe names); openpyxl parses its XML through
defusedxml (entity bombs refused). At most `MAX_CELLS` cells are returned.

openpyxl reads in pure Python: a 5.6 MB workbook of one sheet, 1,000 rows of 1,000
numbers (the cell cap), takes ~4.8 s, and one row of 16,000 cells is read in one step of
`iter_rows`, so the check every 1,000 rows may never come. `parse` runs in the run's host
worker (`core/hostwork`), killed when the run stops: a stopped run stops inside openpyxl.

`write(sheets)` builds a workbook, as the reference's: `sheets` is `{ "<name>": rows }` or a list
of `{name, rows, columns?, header? = true, styles?}`. Records get a header row (their keys in
first-seen order, or `columns`); `header: false` takes arrays as rows. A style is
`{range: "A1:B1", bold?, italic?, color?, background?}` (colours `#RRGGBB`). Everything in the
call is the run's, so it is data and nothing else: every string is written as a string (a value
starting with `=` is text, never a formula, so nothing is evaluated or linked when the file
opens), cell values are strings, finite numbers, booleans or null, at most `MAX_WRITE_CELLS`
cells (styled ones included) and Excel's own caps (31-character sheet names, 32,767 characters
a cell) are refused by name (`xlsx-too-large`, `xlsx-write-invalid`). The argument itself is
capped by the host-call caps (5 MB of JSON text).
"""

from __future__ import annotations

import datetime as dt
import io
import logging
import re
from collections.abc import Iterable, Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host.csv import unique_names
from core.packs.host.zip import open_archive
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

logger = logging.getLogger(__name__)

MAX_CELLS = 1_000_000
#: Cells `write` puts in one workbook, styled cells included (the reference's MAX_WRITE_CELLS).
MAX_WRITE_CELLS = 250_000
#: Excel's limits: characters in a cell, in a sheet name; sheets in a workbook (Cordon's cap).
MAX_CELL_CHARS = 32_767
MAX_SHEET_NAME = 31
MAX_SHEETS = 255
_RANGE = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,6})(?::([A-Z]{1,3})([1-9][0-9]{0,6}))?")
_COLOUR = re.compile(r"#([0-9A-Fa-f]{6})")
_SHEET_NAME_FORBIDDEN = set("[]:*?/\\")


def _iso(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=dt.UTC)
        return aware.astimezone(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    if isinstance(value, dt.date):
        return f"{value.isoformat()}T00:00:00.000Z"
    if isinstance(value, dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    return value


def _grid(rows: Iterable[tuple[Any, ...]], budget: list[int]) -> list[list[Any]]:
    """Rows of ISO-converted values, padded to the widest row, trailing empty rows dropped."""
    grid: list[list[Any]] = []
    pending_empty = 0
    width = 0
    for count, row in enumerate(rows):
        if count % 1000 == 0:
            worker_check_alive()  # openpyxl reads slowly: a long sheet stops with its run
        values = [_iso(v) for v in row]
        while values and values[-1] is None:
            values.pop()
        if not values:
            pending_empty += 1  # kept only if a non-empty row follows
            continue
        if grid:  # leading empty rows are dropped too: the header is the first row with a value
            grid.extend([] for _ in range(pending_empty))
        pending_empty = 0
        width = max(width, len(values))
        grid.append(values)
        budget[0] -= len(values)
        if budget[0] < 0 or len(grid) * width > MAX_CELLS:
            raise SandboxRefusal(
                f"the workbook has more than {MAX_CELLS:,} cells", rule="xlsx-too-large", name="RangeError"
            )
    for values in grid:
        values.extend([None] * (width - len(values)))
    return grid


def _records(grid: list[list[Any]]) -> list[dict[str, Any]]:
    from openpyxl.utils import get_column_letter

    if not grid:
        return []
    names = [str(v) if v is not None else get_column_letter(i + 1) for i, v in enumerate(grid[0])]
    keys = unique_names(names)
    return [dict(zip(keys, row, strict=True)) for row in grid[1:]]


def parse(data: bytes, options: Mapping[str, Any] | None = None) -> Any:
    import openpyxl

    wanted = option(options, "sheet", str, None)
    header = option(options, "header", bool, True)
    open_archive(data, "the workbook").close()
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises whatever its parsers raise on a broken file
        logger.debug("openpyxl could not read the workbook", exc_info=True)
        raise SandboxRefusal(
            f"the bytes are not a readable .xlsx workbook ({type(exc).__name__}: {exc})"[:500],
            rule="xlsx-invalid",
            name="TypeError",
        ) from None
    try:
        names = [ws.title for ws in book.worksheets]
        if wanted is not None and wanted not in names:
            raise SandboxRefusal(
                f"no sheet named {wanted[:100]!r}; the workbook has: {', '.join(names)}",
                rule="xlsx-sheet-not-found",
                name="RangeError",
            )
        budget = [MAX_CELLS]
        out: dict[str, Any] = {}
        for ws in book.worksheets:
            if wanted is not None and ws.title != wanted:
                continue
            ws.reset_dimensions()  # trust the cells, not a declared dimension (which can claim 17 billion)
            grid = _grid(ws.iter_rows(values_only=True), budget)
            out[ws.title] = _records(grid) if header else grid
        return out[wanted] if wanted is not None else out
    finally:
        book.close()


def _invalid(message: str) -> SandboxRefusal:
    return SandboxRefusal(message, rule="xlsx-write-invalid", name="TypeError")


def _sheet_specs(sheets: Any) -> list[dict[str, Any]]:
    """`{name: rows}` or `[{name, rows, ...}]` as a list of sheet specs, names checked as Excel does."""
    if isinstance(sheets, dict):
        specs = [{"name": name, "rows": rows} for name, rows in sheets.items()]
    elif isinstance(sheets, list):
        specs = sheets
    else:
        raise _invalid("sheets must be an object of rows per sheet name, or a list of {name, rows}")
    if not specs:
        raise _invalid("sheets is empty: a workbook needs at least one sheet")
    if len(specs) > MAX_SHEETS:
        raise _invalid(f"sheets has {len(specs)} sheets, at most {MAX_SHEETS}")
    seen: set[str] = set()
    for spec in specs:
        if not isinstance(spec, dict):
            raise _invalid("each sheet must be an object {name, rows, columns?, header?, styles?}")
        name = spec.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _invalid("each sheet needs a name (a non-empty string)")
        shown = name[:40]
        if len(name) > MAX_SHEET_NAME or _SHEET_NAME_FORBIDDEN & set(name) or name.startswith("'"):
            raise _invalid(
                f"sheet name {shown!r} is not one Excel accepts "
                f"(at most {MAX_SHEET_NAME} characters, none of [ ] : * ? / \\)"
            )
        if name.lower() in seen:
            raise _invalid(f"two sheets are named {shown!r} (Excel ignores case)")
        seen.add(name.lower())
        if not isinstance(spec.get("rows"), list):
            raise _invalid(f"sheet {shown!r}: rows must be an array")
    return specs


def _table(spec: dict[str, Any]) -> list[list[Any]]:
    """The sheet's rows as a grid: a header row of the records' keys (or `columns`), then their values."""
    rows, name = spec["rows"], spec["name"][:40]
    if spec.get("header", True) is False:
        if not all(isinstance(row, list) for row in rows):
            raise _invalid(f"sheet {name!r}: with header: false, each row must be an array of cells")
        return [list(row) for row in rows]
    if not all(isinstance(row, dict) for row in rows):
        raise _invalid(f"sheet {name!r}: each row must be an object (or pass header: false for arrays)")
    columns = spec.get("columns")
    if columns is None:
        columns = list(dict.fromkeys(key for row in rows for key in row))
    elif not (isinstance(columns, list) and all(isinstance(c, str) for c in columns)):
        raise _invalid(f"sheet {name!r}: columns must be an array of strings")
    return [list(columns), *([row.get(key) for key in columns] for row in rows)]


def _cell_value(value: Any, sheet: str) -> Any:
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        if len(value) > MAX_CELL_CHARS:
            raise SandboxRefusal(
                f"sheet {sheet!r}: a cell holds {len(value):,} characters, more than Excel's {MAX_CELL_CHARS:,}",
                rule="xlsx-too-large",
                name="RangeError",
            )
        from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

        return ILLEGAL_CHARACTERS_RE.sub("\ufffd", value)  # XML 1.0 cannot carry control characters
    raise _invalid(
        f"sheet {sheet!r}: cell values must be strings, numbers, booleans or null, got an {type(value).__name__}"
    )


def _style_cells(style: Any, sheet: str) -> tuple[str, dict[str, Any]]:
    """The style's range (checked to be a rectangle of cells) and its properties."""
    if not isinstance(style, dict) or not isinstance(style.get("range"), str):
        raise _invalid(f'sheet {sheet!r}: each style needs a range such as "A1:B1"')
    found = _RANGE.fullmatch(style["range"])
    if found is None:
        raise _invalid(f'sheet {sheet!r}: style range {style["range"][:40]!r} is not a cell range such as "A1:B1"')
    for key in ("color", "background"):
        if key in style and not (isinstance(style[key], str) and _COLOUR.fullmatch(style[key])):
            raise _invalid(f'sheet {sheet!r}: style {key} must be a colour such as "#FFE9A8"')
    return style["range"], style


def _style_size(cells: str) -> int:
    from openpyxl.utils.cell import range_boundaries

    min_col, min_row, max_col, max_row = range_boundaries(cells if ":" in cells else f"{cells}:{cells}")
    return (abs(max_col - min_col) + 1) * (abs(max_row - min_row) + 1)


def write(sheets: Any) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font, PatternFill

    specs = _sheet_specs(sheets)
    tables = [_table(spec) for spec in specs]
    styles = [[_style_cells(s, spec["name"][:40]) for s in spec.get("styles") or []] for spec in specs]
    cells = sum(len(row) for table in tables for row in table) + sum(
        _style_size(r) for sheet in styles for r, _ in sheet
    )
    if cells > MAX_WRITE_CELLS:
        raise SandboxRefusal(
            f"the workbook has {cells:,} cells, which exceeds the {MAX_WRITE_CELLS} cell limit",
            rule="xlsx-too-large",
            name="RangeError",
        )
    book = Workbook()
    book.remove(book.active)
    for spec, table, sheet_styles in zip(specs, tables, styles, strict=True):
        ws = book.create_sheet(spec["name"])
        for r, row in enumerate(table, start=1):
            if r % 1000 == 0:
                worker_check_alive()
            for c, value in enumerate(row, start=1):
                cell = ws.cell(row=r, column=c, value=_cell_value(value, spec["name"][:40]))
                if isinstance(cell.value, str):
                    cell.data_type = "s"  # "=..." or "#N/A" from the run stays text: no formula, no error cell
        for cells_range, style in sheet_styles:
            for row_cells in ws[cells_range] if ":" in cells_range else ((ws[cells_range],),):
                for cell in row_cells:
                    if style.get("bold") or style.get("italic") or "color" in style:
                        cell.font = Font(
                            bold=bool(style.get("bold")),
                            italic=bool(style.get("italic")),
                            color="FF" + style["color"][1:].upper() if "color" in style else None,
                        )
                    if "background" in style:
                        colour = "FF" + style["background"][1:].upper()
                        cell.fill = PatternFill("solid", fgColor=colour, bgColor=colour)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


MODULE = HostModule(
    "cordon.xlsx",
    "@cordon/sandbox-xlsx",
    "1",
    {
        "parse": HostExport(parse, (Arg("workbook", ("bytes",)), options_arg())),
        "write": HostExport(write, (Arg("sheets", ("json",)),)),
    },
)
