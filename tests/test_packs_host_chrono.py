"""@nodetool-ai/sandbox-chrono on the host: chrono's parseDate / parse results read by dateparser."""

from __future__ import annotations

from tests.conftest import ok
from tests.hostpacks import refused, run_body

CHRONO = "@nodetool-ai/sandbox-chrono"
NOW = "2026-08-12T09:00:00Z"


def test_parse_date_the_reference_example():
    code = f'''import {{ parseDate }} from "{CHRONO}";
const iso = await parseDate(inputs.text, inputs.now);
return [iso, new Date(iso).getUTCHours(), await parseDate("no date in here", inputs.now)];'''
    assert ok(run_body(code, inputs={"text": "Let's meet tomorrow at 5pm", "now": NOW})) == [
        "2026-08-13T17:00:00.000Z",
        17,
        None,
    ]


def test_parse_the_reference_example():
    code = f'''import {{ parse }} from "{CHRONO}";
const hits = await parse(inputs.text, inputs.now); // [{{ text, start, end }}]
return hits;'''
    text = "Kickoff next monday, review on Friday, Sep 18 2026 at 10:30 and the retro in 2 weeks"
    assert ok(run_body(code, inputs={"text": text, "now": NOW})) == [
        {"index": 8, "text": "next monday", "start": "2026-08-17T12:00:00.000Z", "end": None},
        {"index": 31, "text": "Friday, Sep 18 2026 at 10:30", "start": "2026-09-18T10:30:00.000Z", "end": None},
        {"index": 74, "text": "in 2 weeks", "start": "2026-08-26T09:00:00.000Z", "end": None},
    ]


def test_reference_zone_and_forward_dates():
    code = f'''import chrono from "{CHRONO}";
return [await chrono.parseDate("tomorrow at 5pm", "2026-08-12T09:00:00+02:00"),
        await chrono.parseDate("tomorrow at 5pm", Date.UTC(2026, 7, 12, 9)),
        await chrono.parseDate("Jan 5", "{NOW}"), await chrono.parseDate("Jan 5", "{NOW}", {{ forwardDate: true }})];'''
    assert ok(run_body(code)) == [
        "2026-08-13T15:00:00.000Z",
        "2026-08-13T17:00:00.000Z",
        "2026-01-05T12:00:00.000Z",
        "2027-01-05T12:00:00.000Z",
    ]


def test_bad_input_names_the_pack_and_the_rule():
    refused(
        run_body(f'import {{ parseDate }} from "{CHRONO}";\nreturn await parseDate("tomorrow", "not a date");'),
        "host-argument-invalid",
        "sandbox-chrono.parseDate",
        "now must be",
    )
    refused(
        run_body(
            f'import {{ parse }} from "{CHRONO}";\nreturn await parse(inputs.text);',
            inputs={"text": "x" * (1024 * 1024 + 1)},
        ),
        "host-argument-too-large",
        "sandbox-chrono.parse",
    )
    refused(
        run_body(f'import {{ parse }} from "{CHRONO}";\nreturn await parse("today", null, {{ forwardDate: "yes" }});'),
        "host-option-invalid",
        "forwardDate",
    )
