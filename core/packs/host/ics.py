"""`@cordon/sandbox-ics`: iCalendar text from event objects, as the `ics` npm package (3.12) writes it.

A port of ics 3.12's pipeline (defaults, its yup schema, `formatHeader` /
`formatEvent` / `setAlarm`, text escaping), so the attribute names, the
property order and the `{error, value}` result are the library's: `value` is
the calendar text, or `error` is a ValidationError-shaped object
(`{name, message, errors}`) and `value` null. One deliberate difference:
lines fold at 75 octets of UTF-8 (RFC 5545), where ics counts characters, so
non-ASCII text never makes an over-long line; ASCII output is byte-identical.
A run's local time zone is UTC (as the guest's own `Date` says), so ics's
default `startInputType: "local"` reads date arrays as UTC. No dependency: a
Python iCalendar library would write its own property order and defaults.
"""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from core.bridges.base import worker_check_alive, worker_checked
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule

MAX_EVENTS = 10_000
PRODUCT_ID = "adamgibbons/ics"
_FOLD_OCTETS = 75
#: Characters of one folded line, or events, between checks that the run is still alive.
_CHECK_CHARS = 100_000
_CHECK_EVENTS = 100
#: Items of one event's array (attendees, alarms, exclusion dates, categories) between checks: one
#: event may list ~120,000 attendees or ~240,000 exclusion dates within the 5 MB argument cap, which
#: took ~1.2 s and ~4 s of checking and formatting.
_CHECK_ITEMS = 1000
#: One run of an e-mail address's characters (no space, no '@'): matched whole, it cannot backtrack.
_EMAIL_PART = re.compile(r"[^\s@]+")
_URL = re.compile(r"^[a-z0-9+.-]+://\S+$", re.IGNORECASE)
_HEADER_KEYS = ("productId", "method", "calName")


class _Invalid(Exception):
    """One schema error (collected, as yup's abortEarly: false does)."""


# -- the schema (ics's yup shapes, strict) -------------------------------------------------------------------


def _is_num(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _string(path: str, v: Any) -> None:
    if not isinstance(v, str):
        raise _Invalid(f"{path} must be a `string` type")


def _number(path: str, v: Any) -> None:
    if not _is_num(v):
        raise _Invalid(f"{path} must be a `number` type")


def _matches(pattern: str, flags: int = 0) -> Callable[[str, Any], None]:
    regex = re.compile(pattern, flags)

    def check(path: str, v: Any) -> None:
        _string(path, v)
        if not regex.search(v):
            raise _Invalid(f'{path} must match the following: "/{pattern}/{"i" if flags & re.IGNORECASE else ""}"')

    return check


def _datetime(path: str, v: Any) -> None:
    if _is_num(v):
        if v != int(v) or v < 0:
            raise _Invalid(f"{path} must be an integer >= 0")
    elif isinstance(v, str):
        if not v:
            raise _Invalid(f"{path} is a required field")
    elif isinstance(v, list):
        if not 3 <= len(v) <= 7:
            raise _Invalid(f"{path} must have 3 to 7 items")
        bounds = [(None, None), (1, 12), (1, 31), (0, 23), (0, 60), (0, 60), (0, None)]
        for i, (item, (low, high)) in enumerate(zip(v, bounds, strict=False)):
            if not _is_num(item) or item != int(item):
                raise _Invalid(f"{path}[{i}] must be an integer")
            if low is not None and item < low:
                raise _Invalid(f"{path}[{i}] must be greater than or equal to {low}")
            if high is not None and item > high:
                raise _Invalid(f"{path}[{i}] must be less than or equal to {high}")
    else:
        raise _Invalid(f"{path} must be a date array, a timestamp in ms or a string")


def _shape(fields: Mapping[str, Callable[[str, Any], None]]) -> Callable[[str, Any], None]:
    def check(path: str, v: Any) -> None:
        if not isinstance(v, dict):
            raise _Invalid(f"{path} must be an `object` type")
        extra = [k for k in v if k not in fields]
        if extra:
            raise _Invalid(f"{path} field has unspecified keys: {', '.join(extra)}")
        for key, value in v.items():
            if value is not None:
                fields[key](f"{path}.{key}", value)

    return check


def _array(of: Callable[[str, Any], None]) -> Callable[[str, Any], None]:
    def check(path: str, v: Any) -> None:
        if not isinstance(v, list):
            raise _Invalid(f"{path} must be an `array` type")
        for i, item in enumerate(worker_checked(v, _CHECK_ITEMS)):
            of(f"{path}[{i}]", item)

    return check


def _bool(path: str, v: Any) -> None:
    if not isinstance(v, bool):
        raise _Invalid(f"{path} must be a `boolean` type")


def _email(path: str, v: Any) -> None:
    r"""`local@domain` with a dot inside the domain and no space or second '@', checked in one pass.

    What ics's pattern `^[^\s@]+@[^\s@]+\.[^\s@]+$` accepts, without its backtracking: tried on
    every dot of the domain, it was quadratic (an organizer of 40 KB of dots took 32 s, holding the
    GIL past the run's deadline)."""
    _string(path, v)
    local, _, domain = v.partition("@")
    if not (_EMAIL_PART.fullmatch(local) and _EMAIL_PART.fullmatch(domain) and "." in domain[1:-1]):
        raise _Invalid(f"{path} must be a valid email")


def _url(path: str, v: Any) -> None:
    _string(path, v)
    if not _URL.match(v):
        raise _Invalid(f"{path} must be a valid URL")


def _anything(_path: str, _v: Any) -> None:
    return None


_DURATION = _shape(
    {"before": _bool, "weeks": _number, "days": _number, "hours": _number, "minutes": _number, "seconds": _number}
)
_CONTACT = _shape(
    {
        "name": _string,
        "email": _email,
        "rsvp": _bool,
        "dir": _url,
        "partstat": _string,
        "role": _string,
        "scheduleAgent": _matches(r"^(SERVER|CLIENT|NONE)$"),
        "cutype": _string,
        "xNumGuests": _number,
    }
)
_ALARM = _shape(
    {
        "action": _matches(r"^(audio|display|email)$"),
        "trigger": _anything,
        "description": _string,
        "duration": _DURATION,
        "repeat": _number,
        "attach": _string,
        "attachType": _string,
        "summary": _string,
        "attendee": _CONTACT,
        "x-prop": _anything,
        "iana-prop": _anything,
    }
)
_UTC_OR_LOCAL = _matches(r"^(utc|local)$")
_FIELDS: dict[str, Callable[[str, Any], None]] = {
    "productId": _string,
    "method": _string,
    "calName": _string,
    "summary": _string,
    "timestamp": _datetime,
    "title": _string,
    "uid": _string,
    "sequence": _number,
    "start": _datetime,
    "duration": _DURATION,
    "startType": _UTC_OR_LOCAL,
    "startInputType": _UTC_OR_LOCAL,
    "startOutputType": _UTC_OR_LOCAL,
    "end": _datetime,
    "endInputType": _UTC_OR_LOCAL,
    "endOutputType": _UTC_OR_LOCAL,
    "description": _string,
    "url": _url,
    "geo": _shape({"lat": _number, "lon": _number}),
    "location": _string,
    "status": _matches(r"^(TENTATIVE|CANCELLED|CONFIRMED)$", re.IGNORECASE),
    "categories": _array(_string),
    "organizer": _shape({"name": _string, "email": _email, "dir": _string, "sentBy": _string}),
    "attendees": _array(_CONTACT),
    "alarms": _array(_ALARM),
    "recurrenceRule": _string,
    "busyStatus": _matches(r"^(TENTATIVE|FREE|BUSY|OOF)$", re.IGNORECASE),
    "transp": _matches(r"^(TRANSPARENT|OPAQUE)$", re.IGNORECASE),
    "classification": _string,
    "created": _datetime,
    "lastModified": _datetime,
    "exclusionDates": _array(_datetime),
    "htmlContent": _string,
    "recurrenceId": _datetime,
}


def _validate(event: Mapping[str, Any], fields: Mapping[str, Callable[[str, Any], None]]) -> dict[str, Any] | None:
    """ics's ValidationError object for `event`, or None when it is valid."""
    errors: list[str] = []
    for key, value in event.items():
        if key in fields and value is not None:
            try:
                fields[key](key, value)
            except _Invalid as exc:
                errors.append(str(exc))
    extra = [k for k in event if k not in fields]
    if extra:
        errors.append(f"this field has unspecified keys: {', '.join(extra)}")
    if fields is _FIELDS:
        if event.get("start") is None:
            errors.append("start is a required field")
        if event.get("end") and event.get("duration"):
            errors.append("object should have end or duration (but not both)")
    if not errors:
        return None
    message = errors[0] if len(errors) == 1 else f"{len(errors)} errors occurred"
    return {"name": "ValidationError", "message": message, "errors": errors}


# -- formatting (ics's utils) --------------------------------------------------------------------------------


def fold_line(line: str) -> str:
    """Lines of at most 75 octets (then 74 after the tab ics continues with), never splitting a character.

    One pass over the line (re-encoding the rest after each fold was quadratic: a 1 MB
    description took 0.8 s, a 5 MB one ~20 s), checking the run every 100,000 characters.
    """
    if len(line.encode("utf-8")) <= _FOLD_OCTETS:
        return line
    if line.isascii():
        rest = _FOLD_OCTETS - 1
        parts = [line[:_FOLD_OCTETS]] + [line[at : at + rest] for at in range(_FOLD_OCTETS, len(line), rest)]
        return "\r\n\t".join(parts)
    parts = []
    limit, start, size = _FOLD_OCTETS, 0, 0
    for at, char in enumerate(line):
        octets = len(char.encode("utf-8"))
        if size + octets > limit:
            parts.append(line[start:at])
            start, size, limit = at, 0, _FOLD_OCTETS - 1
        size += octets
        if at % _CHECK_CHARS == _CHECK_CHARS - 1:
            worker_check_alive()
    parts.append(line[start:])
    return "\r\n\t".join(parts)


def _new_lines(text: Any) -> str:
    return re.sub(r"\r?\n", r"\\n", str(text))


def _text(text: str) -> str:
    return (
        text.replace("\\", "\\\\").replace("\r\n", "\\n").replace("\n", "\\n").replace(";", "\\;").replace(",", "\\,")
    )


def _param(value: str) -> str:
    return '"' + value.replace('"', '\\"') + '"'


def _js_number(value: Any) -> str:
    return str(int(value)) if _is_num(value) and float(value).is_integer() else str(value)


def format_date(value: Any = None, output: str | None = "utc", input_type: str | None = "local") -> str:
    """ics's formatDate; the run's local zone is UTC, so 'local' and 'utc' read arrays alike."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and len(value) == 3:
        year, month, day = value
        return f"{_js_number(year)}{int(month):02d}{int(day):02d}"
    if isinstance(value, list) and value and value[0]:
        year, month, day, *rest = [int(v) for v in value[:6]]
        hours, minutes, seconds = [*rest, 0, 0, 0][:3]
        try:
            moment = datetime(year, month, 1, tzinfo=UTC).timestamp() + (
                (day - 1) * 86400 + hours * 3600 + minutes * 60 + seconds
            )
        except ValueError:
            raise _Invalid(f"date {value} is out of range") from None
    elif _is_num(value):
        moment = value / 1000
    else:
        moment = time.time()
    try:
        out = datetime.fromtimestamp(moment, UTC)
    except (OverflowError, OSError, ValueError):
        raise _Invalid(f"date {value} is out of range") from None
    stamp = f"{out.year}{out.month:02d}{out.day:02d}T{out.hour:02d}{out.minute:02d}{out.second:02d}"
    return stamp if output == "local" else stamp + "Z"


def _duration(d: Mapping[str, Any]) -> str:
    return (
        "P"
        + "".join(f"{_js_number(d[k])}{u}" for k, u in (("weeks", "W"), ("days", "D")) if d.get(k))
        + "T"
        + "".join(f"{_js_number(d[k])}{u}" for k, u in (("hours", "H"), ("minutes", "M"), ("seconds", "S")) if d.get(k))
    )


def _contact(c: Mapping[str, Any]) -> str:
    parts: list[str] = []
    if c.get("rsvp") is not None:
        parts.append("RSVP=TRUE" if c["rsvp"] else "RSVP=FALSE")
    if c.get("cutype"):
        parts.append(f"CUTYPE={_param(c['cutype'])}")
    if c.get("xNumGuests") is not None:
        parts.append(f"X-NUM-GUESTS={_js_number(c['xNumGuests'])}")
    for key, name in (("role", "ROLE"), ("partstat", "PARTSTAT"), ("dir", "DIR"), ("scheduleAgent", "SCHEDULE-AGENT")):
        if c.get(key):
            parts.append(f"{name}={_param(c[key])}")
    parts.append(f"CN={_param(c.get('name') or 'Unnamed attendee')}")
    return ";".join(parts) + (f":mailto:{c['email']}" if c.get("email") else "")


def _organizer(o: Mapping[str, Any]) -> str:
    out = f"DIR={_param(o['dir'])};" if o.get("dir") else ""
    out += f"SENT-BY={_param('MAILTO:' + o['sentBy'])};" if o.get("sentBy") else ""
    return out + f"CN={_param(o.get('name') or 'Organizer')}" + (f":MAILTO:{o['email']}" if o.get("email") else "")


def _alarm(a: Mapping[str, Any]) -> str:
    out = "BEGIN:VALARM\r\n" + fold_line(f"ACTION:{_new_lines(a['action'].upper())}") + "\r\n"
    out += fold_line(f"REPEAT:{_js_number(a['repeat'])}") + "\r\n" if a.get("repeat") else ""
    out += fold_line(f"DESCRIPTION:{_new_lines(a['description'])}") + "\r\n" if a.get("description") else ""
    out += fold_line(f"DURATION:{_duration(a['duration'])}") + "\r\n" if a.get("duration") else ""
    if a.get("attach"):
        out += fold_line(_new_lines(f"ATTACH;{a.get('attachType') or 'FMTTYPE=audio/basic'}:{a['attach']}")) + "\r\n"
    trigger = a.get("trigger")
    if trigger:
        if isinstance(trigger, list | str) or _is_num(trigger):
            out += f"TRIGGER;VALUE=DATE-TIME:{_new_lines(format_date(trigger))}\r\n"
        elif isinstance(trigger, dict):
            out += f"TRIGGER:{_new_lines(('-' if trigger.get('before') else '') + _duration(trigger))}\r\n"
    out += fold_line(f"SUMMARY:{_new_lines(a['summary'])}") + "\r\n" if a.get("summary") else ""
    return out + "END:VALARM\r\n"


def _header(h: Mapping[str, Any]) -> str:
    out = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nCALSCALE:GREGORIAN\r\n"
    out += fold_line(f"PRODID:{_new_lines(h['productId'])}") + "\r\n"
    out += fold_line(f"METHOD:{_new_lines(h['method'])}") + "\r\n" if h.get("method") else ""
    out += fold_line(f"X-WR-CALNAME:{_new_lines(h['calName'])}") + "\r\n" if h.get("calName") else ""
    return out + "X-PUBLISHED-TTL:PT1H\r\n"


def _line(name: str, value: str) -> str:
    return fold_line(f"{name}:{_new_lines(value)}") + "\r\n"


def _event(e: Mapping[str, Any]) -> str:
    start, end = e["start"], e.get("end")
    start_out = e.get("startOutputType") or e.get("startType")
    out = "BEGIN:VEVENT\r\n" + _line("UID", e["uid"])
    out += _line("SUMMARY", _text(e["title"])) if e.get("title") else ""
    out += _line("DTSTAMP", format_date(e["timestamp"]))
    date_only = isinstance(start, list) and len(start) == 3
    out += _line(f"DTSTART{';VALUE=DATE' if date_only else ''}", format_date(start, start_out, e.get("startInputType")))
    if end and not (isinstance(end, list) and len(end) == 3 and end == start):
        end_only = isinstance(end, list) and len(end) == 3
        out += _line(
            f"DTEND{';VALUE=DATE' if end_only else ''}",
            format_date(end, e.get("endOutputType") or start_out, e.get("endInputType") or e.get("startInputType")),
        )
    out += f"SEQUENCE:{_js_number(e['sequence'])}\r\n" if e.get("sequence") is not None else ""
    out += _line("DESCRIPTION", _text(e["description"])) if e.get("description") else ""
    out += _line("URL", e["url"]) if e.get("url") else ""
    if e.get("geo"):
        out += fold_line(f"GEO:{_js_number(e['geo'].get('lat'))};{_js_number(e['geo'].get('lon'))}") + "\r\n"
    out += _line("LOCATION", _text(e["location"])) if e.get("location") else ""
    out += _line("STATUS", e["status"]) if e.get("status") else ""
    out += _line("CATEGORIES", ",".join(e["categories"])) if e.get("categories") else ""
    out += fold_line(f"ORGANIZER;{_organizer(e['organizer'])}") + "\r\n" if e.get("organizer") else ""
    out += _line("X-MICROSOFT-CDO-BUSYSTATUS", e["busyStatus"]) if e.get("busyStatus") else ""
    out += _line("TRANSP", e["transp"]) if e.get("transp") else ""
    out += _line("CLASS", e["classification"]) if e.get("classification") else ""
    out += f"CREATED:{_new_lines(format_date(e['created']))}\r\n" if e.get("created") else ""
    out += f"LAST-MODIFIED:{_new_lines(format_date(e['lastModified']))}\r\n" if e.get("lastModified") else ""
    out += _line("X-ALT-DESC;FMTTYPE=text/html", e["htmlContent"]) if e.get("htmlContent") else ""
    for attendee in worker_checked(e.get("attendees") or (), _CHECK_ITEMS):
        out += fold_line(f"ATTENDEE;{_new_lines(_contact(attendee))}") + "\r\n"
    out += _line("RRULE", e["recurrenceRule"]) if e.get("recurrenceRule") else ""
    if e.get("exclusionDates"):
        out += _line("EXDATE", ",".join(format_date(d) for d in worker_checked(e["exclusionDates"], _CHECK_ITEMS)))
    out += fold_line(f"DURATION:{_duration(e['duration'])}") + "\r\n" if e.get("duration") else ""
    for alarm in worker_checked(e.get("alarms") or (), _CHECK_ITEMS):
        out += _alarm(alarm)
    out += _line("RECURRENCE-ID", format_date(e["recurrenceId"])) if e.get("recurrenceId") else ""
    return out + "END:VEVENT\r\n"


def _built(attributes: Mapping[str, Any], event: bool) -> dict[str, Any]:
    """ics's buildHeader / buildEvent: defaults under the given attributes, undefined (null) dropped."""
    defaults: dict[str, Any] = {"productId": PRODUCT_ID, "method": "PUBLISH"}
    if event:
        defaults |= {"title": "Untitled event", "uid": str(uuid.uuid4()), "timestamp": int(time.time() * 1000)}
    return {k: v for k, v in (defaults | dict(attributes)).items() if v is not None}


def _checked(attributes: Mapping[str, Any], event: bool) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    built = _built(attributes, event)
    return _validate(built, _FIELDS if event else {k: _FIELDS[k] for k in _HEADER_KEYS}), built


def create_events(events: Any, header: Mapping[str, Any] | None = None) -> dict[str, Any]:
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        return {"error": {"name": "Error", "message": "events must be an array of event objects"}, "value": None}
    if len(events) > MAX_EVENTS:
        raise SandboxRefusal(
            f"{len(events)} events, at most {MAX_EVENTS}", rule="ics-too-many-events", name="RangeError"
        )
    header = header if isinstance(header, dict) else {}
    try:
        error, head = _checked(header, False) if not events else _checked({**events[0], **header}, True)
        if error:
            return {"error": error, "value": None}
        parts = [_header(head)]
        for event in worker_checked(events, _CHECK_EVENTS):  # a stopped run's calendar stops too
            error, built = _checked(event, True)
            if error:
                return {"error": error, "value": None}
            parts.append(_event(built))
    except _Invalid as exc:
        return {"error": {"name": "Error", "message": str(exc)}, "value": None}
    return {"error": None, "value": "".join(parts) + "END:VCALENDAR\r\n"}


def create_event(attributes: Any) -> dict[str, Any]:
    return create_events([attributes])


MODULE = HostModule(
    "cordon.ics",
    "@cordon/sandbox-ics",
    "2",
    {
        "createEvent": HostExport(create_event, (Arg("attributes", ("json",)),)),
        "createEvents": HostExport(create_events, (Arg("events", ("json",)), Arg("header", ("json",), optional=True))),
    },
)
