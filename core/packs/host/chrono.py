"""`@cordon/sandbox-chrono`: dates in natural-language text, as chrono-node's parseDate / parse.

`dateparser` (English, as chrono's default `chrono.parse` is) finds and reads
the dates; chrono's conventions are applied on top:

* `parseDate(text, now?)` -> the first date found as an ISO string (chrono
  gives a Date; the transport carries its `toISOString()`), or null.
* `parse(text, now?, {forwardDate})` -> `[{index, text, start, end}]`: where
  each date was found, its text (the shortest that reads as the same date:
  dateparser's search keeps neighbouring words such as "on" or "and the"),
  its instant (ISO), and `end` null (ranges are not read).
* `now` is chrono's reference date: an ISO string (its offset is the zone
  the text's times are read in) or epoch milliseconds; default the current
  time, in UTC (a run's local zone). A date without a time of day gets
  chrono's implied 12:00; relative words ("tomorrow", "in 2 weeks") keep the
  reference time. `forwardDate: true` prefers future dates, as chrono's option.

The text is read in chunks of lines, checking the run's deadline between
them (dateparser is ~25 KB/s), and is capped at MAX_TEXT. One chunk of 2,000 characters of
dates or numbers takes dateparser ~0.5-0.8 s of pure Python (with four calls sharing the GIL,
seconds each), and like every host pack call they run in the run's host worker (`core/hostwork`), killed
when the run stops: a stopped run stops inside a chunk.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.caps import MB
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

MAX_TEXT = 1 * MB
_CHUNK = 2000
#: Words trimmed at most from either end of a date dateparser's search found ("on", "and the"...).
_MAX_TRIM = 4
#: Leading words chrono's text leaves out (trimmed only when the date stays the same).
_WORD_START = re.compile(r"^(?:on|and|or|then|the|of)\s+", re.IGNORECASE)
_WORD_END = re.compile(r"[\s,;]+\S*$")


def _reference(now: Any) -> datetime:
    """`now` as an aware datetime (its own offset kept), UTC now when absent."""
    if now is None:
        return datetime.now(UTC)
    if isinstance(now, int | float) and not isinstance(now, bool):
        try:
            return datetime.fromtimestamp(now / 1000, UTC)
        except (OverflowError, OSError, ValueError):
            pass
    elif isinstance(now, str):
        try:
            moment = datetime.fromisoformat(now.strip().replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError:
            pass
        else:
            return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    raise SandboxRefusal(
        "now must be an ISO date string or epoch milliseconds", rule="host-argument-invalid", name="TypeError"
    )


def _iso(moment: datetime) -> str:
    utc = moment.astimezone(UTC)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


def _chunks(text: str) -> Iterator[tuple[int, str]]:
    """(offset, piece) of whole lines, about _CHUNK characters each."""
    start = 0
    while start < len(text):
        end = min(len(text), start + _CHUNK)
        if end < len(text):
            newline = text.rfind("\n", start, end)
            end = newline + 1 if newline > start else end
        yield start, text[start:end]
        start = end


def _tightest(reader: Any, found: str) -> tuple[str, Any]:
    """The shortest text around `found`'s date that still reads as the same date (search_dates keeps a
    neighbouring "and the" or ","; chrono's text is the date alone), and its DateData."""
    text = found.strip(" ,;")
    data = reader.get_date_data(text)
    for pattern in (_WORD_END, _WORD_START):
        for _ in range(_MAX_TRIM):
            shorter = pattern.sub("", text, count=1).strip(" ,;")
            if not shorter or shorter == text:
                break
            trial = reader.get_date_data(shorter)
            if trial.date_obj != data.date_obj or trial.period != data.period:
                break
            text, data = shorter, trial
    return text, data


def _hits(text: str, now: Any, forward: bool) -> list[dict[str, Any]]:
    from dateparser.date import DateDataParser
    from dateparser.search import search_dates

    reference = _reference(now)
    zone = reference.tzinfo or UTC
    base = reference.replace(tzinfo=None)
    settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future" if forward else "current_period"}
    reader = DateDataParser(languages=["en"], settings={**settings, "RETURN_TIME_AS_PERIOD": True})
    out: list[dict[str, Any]] = []
    for offset, piece in _chunks(text):
        worker_check_alive()
        at = 0
        for found, _ in search_dates(piece, languages=["en"], settings=settings) or ():
            cleaned, data = _tightest(reader, found)
            if data.date_obj is None:
                continue
            moment: datetime = data.date_obj
            if data.period != "time" and moment.time() == datetime.min.time() and base.time() != moment.time():
                moment = moment.replace(hour=12)  # chrono implies noon for a date without a time
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=zone)
            index = piece.find(cleaned, at)
            index = piece.find(cleaned) if index < 0 else index
            at = index + len(cleaned)
            out.append({"index": offset + index, "text": cleaned, "start": _iso(moment), "end": None})
    return out


def parse(text: str, now: Any = None, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    return _hits(text, now, option(options, "forwardDate", bool, False))


def parse_date(text: str, now: Any = None, options: Mapping[str, Any] | None = None) -> str | None:
    hits = parse(text, now, options)
    return hits[0]["start"] if hits else None


_TEXT = Arg("text", ("string",), max_bytes=MAX_TEXT)
_NOW = Arg("now", ("string", "json"), optional=True)

MODULE = HostModule(
    "cordon.chrono",
    "@cordon/sandbox-chrono",
    "1",
    {
        "parseDate": HostExport(parse_date, (_TEXT, _NOW, options_arg())),
        "parse": HostExport(parse, (_TEXT, _NOW, options_arg())),
    },
)
