"""`@cordon/sandbox-xlsx`: read Excel workbooks on the host.

The reference reads with exceljs; this is openpyxl (read-only, cached values).
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
"""

from __future__ import annotations

import datetime as dt
import io
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host.csv import unique_names
from core.packs.host.zip import open_archive
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

logger = logging.getLogger(__name__)

MAX_CELLS = 1_000_000


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


MODULE = HostModule(
    "cordon.xlsx",
    "@cordon/sandbox-xlsx",
    "1",
    {
        "parse": HostExport(parse, (Arg("workbook", ("bytes",)), options_arg())),
    },
)
