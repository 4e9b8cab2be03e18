"""`@cordon/sandbox-csv`: CSV parse and stringify on the host, with papaparse's results.

The reference runs papaparse on the host; this is Python's `csv` module with
papaparse's conventions on top, so the same code gets the same values:

* `parse(text, {header = true, delimiter})`: records keyed by the header row
  (duplicate names renamed `name_1`..., a short row lacks the missing keys, a
  long row's extra values go to `__parsed_extra`), or `string[][]` with
  `{header: false}`. Values stay strings (no dynamicTyping); blank lines are
  skipped; the delimiter is auto-detected as papaparse does (the candidate
  giving the most consistent field count over the first rows) when omitted.
* `stringify(rows, {delimiter = ",", header = true, newline = "\\r\\n"})`:
  rows of objects (columns are the first row's keys) or of arrays; a field is
  quoted when it holds the delimiter, a quote, a line break or an outer space.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from core.bridges.base import worker_checked
from core.errors import SandboxRefusal
from core.packs.host_registry import TEXT_MAX, Arg, HostExport, HostModule, option, options_arg

#: papaparse's auto-detect candidates, in its order of preference.
DELIMITERS = (",", "\t", "|", ";", "\x1e", "\x1f")
#: Rows auto-detect looks at (papaparse's preview for guessing).
GUESS_ROWS = 10
#: Rows between checks that the run is still alive (a 5 MB parse checks ~250 times).
_CHECK_EVERY = 10_000

csv.field_size_limit(TEXT_MAX)  # one field may be the whole 5 MB input


def _delimiter(options: Mapping[str, Any] | None, default: str | None) -> str | None:
    value = option(options, "delimiter", str, default)
    if value is not None and (len(value) != 1 or value in '"\r\n'):
        raise SandboxRefusal(
            f"option 'delimiter' must be one character other than a quote or line break, got {value[:20]!r}",
            rule="host-option-invalid",
            name="TypeError",
        )
    return value


def _rows(text: str, delimiter: str) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"', doublequote=True)
    rows: list[list[str]] = []
    for row in worker_checked(reader, _CHECK_EVERY):  # a stopped run's parse does not keep a host worker busy
        if row and row != [""]:
            rows.append(row)
    return rows


def guess_delimiter(text: str) -> str:
    """papaparse's guess: the candidate whose field count varies least (and is > 1) over the first rows."""
    preview = "\n".join(text.splitlines()[: GUESS_ROWS * 2])
    best, best_delta = ",", math.inf
    for candidate in DELIMITERS:
        counts = [len(row) for row in _rows(preview, candidate)[:GUESS_ROWS]]
        if not counts or sum(counts) / len(counts) <= 1.99:
            continue
        delta = sum(abs(c - counts[0]) for c in counts)
        if delta < best_delta:
            best, best_delta = candidate, delta
    return best


def unique_names(fields: list[str]) -> list[str]:
    """papaparse 5.5 renames a repeated header `name_1`, `name_2`, ..."""
    seen: dict[str, int] = {}
    out: list[str] = []
    taken = set(fields)
    for name in fields:
        if name not in seen:
            seen[name] = 0
            out.append(name)
            continue
        count = seen[name]
        renamed = f"{name}_{count + 1}"
        while renamed in taken:
            count += 1
            renamed = f"{name}_{count + 1}"
        seen[name] = count + 1
        taken.add(renamed)
        out.append(renamed)
    return out


def parse(text: str, options: Mapping[str, Any] | None = None) -> list[Any]:
    header = option(options, "header", bool, True)
    delimiter = _delimiter(options, None) or guess_delimiter(text)
    try:
        rows = _rows(text, delimiter)
    except csv.Error as exc:
        raise SandboxRefusal(f"the CSV text is malformed: {exc}", rule="csv-invalid", name="SyntaxError") from None
    if not header:
        return rows
    if not rows:
        return []
    fields = unique_names(rows[0])
    records: list[dict[str, Any]] = []
    for row in worker_checked(rows[1:], _CHECK_EVERY):
        record: dict[str, Any] = dict(zip(fields, row, strict=False))
        if len(row) > len(fields):
            record["__parsed_extra"] = row[len(fields) :]
        records.append(record)
    return records


def _cell(value: Any) -> str:
    """A value as papaparse writes it (JavaScript's String(value), JSON for objects)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return _js_number(value)
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(value)


def _js_number(value: float) -> str:
    """JavaScript's Number#toString of a finite float (exponent form only below 1e-6 or from 1e21)."""
    if value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    text = repr(value)
    if "e" not in text:
        return text
    mantissa, exponent = text.split("e")
    power = int(exponent)
    if -7 < power < 21:
        return f"{Decimal(text):f}"
    return f"{mantissa}e{'+' if power > 0 else '-'}{abs(power)}"


def stringify(rows: list[Any], options: Mapping[str, Any] | None = None) -> str:
    if not isinstance(rows, list):
        raise SandboxRefusal(
            "rows must be an array of objects or of arrays", rule="host-argument-invalid", name="TypeError"
        )
    delimiter = _delimiter(options, ",") or ","
    header = option(options, "header", bool, True)
    newline = option(options, "newline", str, "\r\n")
    if not rows:
        return ""
    specials = (delimiter, '"', "\r", "\n")

    def field(value: Any) -> str:
        text = _cell(value)
        if any(s in text for s in specials) or text[:1] == " " or text[-1:] == " ":
            return '"' + text.replace('"', '""') + '"'
        return text

    lines: list[str] = []
    if isinstance(rows[0], dict):
        columns = list(rows[0])
        if header:
            lines.append(delimiter.join(field(c) for c in columns))
        for row in rows:
            if not isinstance(row, dict):
                raise SandboxRefusal(
                    "rows must all be objects when the first one is", rule="host-argument-invalid", name="TypeError"
                )
            lines.append(delimiter.join(field(row.get(c)) for c in columns))
    else:
        for row in rows:
            cells = row if isinstance(row, list) else [row]
            lines.append(delimiter.join(field(c) for c in cells))
    return newline.join(lines)


MODULE = HostModule(
    "cordon.csv",
    "@cordon/sandbox-csv",
    "1",
    {
        "parse": HostExport(parse, (Arg("text", ("string",)), options_arg())),
        "stringify": HostExport(stringify, (Arg("rows", ("json",)), options_arg())),
    },
)
