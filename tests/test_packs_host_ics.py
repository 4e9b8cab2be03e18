"""@nodetool-ai/sandbox-ics on the host: the ics package's attributes, text and {error, value} results."""

from __future__ import annotations

import psutil

from tests.conftest import ok
from tests.hostpacks import refused, run_body

ICS = "@nodetool-ai/sandbox-ics"


def lines(value: str) -> list[str]:
    assert value.endswith("\r\n")
    return value.split("\r\n")[:-1]


def test_create_event_the_reference_example():
    code = f'''import {{ createEvent }} from "{ICS}";
const ics = await createEvent({{ title: inputs.title, start: inputs.start, duration: {{ hours: 1 }} }}); // start [2026, 8, 15, 10, 0]
return ics;'''
    got = ok(run_body(code, inputs={"title": "Standup, daily; team", "start": [2026, 8, 15, 10, 0]}))
    assert got["error"] is None
    out = lines(got["value"])
    assert out[:6] == [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "CALSCALE:GREGORIAN",
        "PRODID:adamgibbons/ics",
        "METHOD:PUBLISH",
        "X-PUBLISHED-TTL:PT1H",
    ]
    assert out[6] == "BEGIN:VEVENT" and out[7].startswith("UID:") and out[9].startswith("DTSTAMP:")
    assert out[8] == "SUMMARY:Standup\\, daily\\; team"
    assert out[10:] == ["DTSTART:20260815T100000Z", "DURATION:PT1H", "END:VEVENT", "END:VCALENDAR"]


def test_create_events_writes_what_ics_writes():
    # the text ics 3.12's createEvents writes for these events (uid and timestamp fixed), taken from the npm package
    code = f'''import {{ createEvents }} from "{ICS}";
const ics = await createEvents(inputs.events);
return ics;'''
    events = [
        {
            "title": "Bolder Boulder",
            "start": [2026, 8, 15, 10, 0],
            "duration": {"hours": 1, "minutes": 30},
            "uid": "u1",
            "timestamp": 1780000000000,
            "calName": "Races",
        },
        {
            "title": "Party",
            "start": [2026, 1, 2],
            "end": [2026, 1, 3],
            "uid": "u2",
            "timestamp": "20260101T000000Z",
            "location": "Folsom Field, CU",
            "geo": {"lat": 40.0095, "lon": 105.2669},
            "categories": ["a", "b"],
            "organizer": {"name": "Admin", "email": "race@example.com"},
            "attendees": [{"name": "Adam", "email": "adam@example.com", "rsvp": True, "role": "REQ-PARTICIPANT"}],
            "alarms": [{"action": "display", "description": "Reminder", "trigger": {"hours": 2, "before": True}}],
            "recurrenceRule": "FREQ=WEEKLY;COUNT=3",
        },
    ]
    got = ok(run_body(code, inputs={"events": events}))
    assert got == {
        "error": None,
        "value": "\r\n".join(
            [
                "BEGIN:VCALENDAR",
                "VERSION:2.0",
                "CALSCALE:GREGORIAN",
                "PRODID:adamgibbons/ics",
                "METHOD:PUBLISH",
                "X-WR-CALNAME:Races",
                "X-PUBLISHED-TTL:PT1H",
                "BEGIN:VEVENT",
                "UID:u1",
                "SUMMARY:Bolder Boulder",
                "DTSTAMP:20260528T202640Z",
                "DTSTART:20260815T100000Z",
                "DURATION:PT1H30M",
                "END:VEVENT",
                "BEGIN:VEVENT",
                "UID:u2",
                "SUMMARY:Party",
                "DTSTAMP:20260101T000000Z",
                "DTSTART;VALUE=DATE:20260102",
                "DTEND;VALUE=DATE:20260103",
                "GEO:40.0095;105.2669",
                "LOCATION:Folsom Field\\, CU",
                "CATEGORIES:a,b",
                'ORGANIZER;CN="Admin":MAILTO:race@example.com',
                'ATTENDEE;RSVP=TRUE;ROLE="REQ-PARTICIPANT";CN="Adam":mailto:adam@example.com',
                "RRULE:FREQ=WEEKLY;COUNT=3",
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                "DESCRIPTION:Reminder",
                "TRIGGER:-PT2H",
                "END:VALARM",
                "END:VEVENT",
                "END:VCALENDAR",
                "",
            ]
        ),
    }


def test_long_lines_fold_at_75_octets_without_splitting_characters():
    code = f'import {{ createEvent }} from "{ICS}";\nreturn (await createEvent(inputs.event)).value;'
    text = "日本語のテキスト、" * 12
    out = lines(ok(run_body(code, inputs={"event": {"title": "x", "start": [2026, 1, 1], "description": text}})))
    folded = [line for line in out if line.startswith("DESCRIPTION:") or line.startswith("\t")]
    assert all(len(line.encode()) <= 75 for line in folded) and len(folded) > 3
    assert "".join(line.removeprefix("\t") for line in folded) == "DESCRIPTION:" + text


def test_bad_attributes_are_the_librarys_error_and_caps_are_refused():
    code = f'''import {{ createEvent }} from "{ICS}";
return [await createEvent({{ title: "x" }}), await createEvent({{ start: [2026, 13, 1], foo: 1 }}),
        await createEvent({{ start: [2026, 1, 1], end: [2026, 1, 2], duration: {{ hours: 1 }} }})];'''
    assert ok(run_body(code)) == [
        {
            "error": {
                "name": "ValidationError",
                "message": "start is a required field",
                "errors": ["start is a required field"],
            },
            "value": None,
        },
        {
            "error": {
                "name": "ValidationError",
                "message": "2 errors occurred",
                "errors": ["start[1] must be less than or equal to 12", "this field has unspecified keys: foo"],
            },
            "value": None,
        },
        {
            "error": {
                "name": "ValidationError",
                "message": "object should have end or duration (but not both)",
                "errors": ["object should have end or duration (but not both)"],
            },
            "value": None,
        },
    ]
    refused(
        run_body(
            f'import {{ createEvents }} from "{ICS}";\nreturn await createEvents(inputs.events);',
            inputs={"events": [{"start": [2026, 1, 1]}] * 10_001},
        ),
        "ics-too-many-events",
        "sandbox-ics.createEvents",
        "10000",
    )


def test_a_long_description_folds_in_one_pass():
    """A 2 MB description (ASCII and not) folds into lines of at most 75 octets that unfold to it,
    within a 1500 ms run: re-encoding the rest of the line after each fold took ~3 s here."""
    code = f"""import {{ createEvent }} from "{ICS}";
const {{ error, value }} = await createEvent({{ start: [2026, 8, 15, 10, 0], duration: {{ hours: 1 }}, description: inputs.text }});
return error ?? value;"""
    for text in ("x" * 2_000_000, "é€x" * 300_000):
        value = ok(run_body(code, inputs={"text": text}, limits={"timeoutMs": 1500, "maxOutputSize": 4_000_000}))
        lines = value.split("\r\n")
        assert max(len(line.encode("utf-8")) for line in lines) <= 75 < len(lines)
        unfolded = "\r\n".join(lines).replace("\r\n\t", "")
        assert f"DESCRIPTION:{text}\r\n" in unfolded


def test_a_hostile_organizer_email_is_checked_in_one_pass():
    """An organizer e-mail of 4 MB of dots (and one of '.a' pairs) is the library's validation error
    within a 1500 ms run: ics's pattern retried at every dot, 40 KB of them took 32 s."""
    code = f"""import {{ createEvent }} from "{ICS}";
const {{ error }} = await createEvent({{ start: [2026, 8, 15, 10, 0], duration: {{ hours: 1 }},
  organizer: {{ name: "Admin", email: inputs.email }} }});
return error.errors;"""
    rss = psutil.Process().memory_info().rss
    for email in ("a@" + "." * 4_000_000 + " ", "a@" + ".a" * 2_000_000 + "@"):
        assert ok(run_body(code, inputs={"email": email}, limits={"timeoutMs": 1500})) == [
            "organizer.email must be a valid email"
        ]
    assert psutil.Process().memory_info().rss - rss < 200 * 1024 * 1024
    good = code.replace("return error.errors;", "return error ?? 'valid';")
    for email in ("race@example.com", "x.y@a..b"):
        assert ok(run_body(good, inputs={"email": email})) == "valid"
    for email in ("a@b", "a@.b", "a@b.", "@b.c", "a@b@c.d", "a b@c.d", "a@b.c\n"):
        assert ok(run_body(code, inputs={"email": email})) == ["organizer.email must be a valid email"], email
