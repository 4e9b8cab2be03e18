"""@nodetool-ai/sandbox-subtitle on the host: the subtitle package's nodes (ms), SRT and WebVTT both ways."""

from __future__ import annotations

from tests.conftest import ok
from tests.hostpacks import hog, next_run_is_served, refused, run_body

SUBTITLE = "@nodetool-ai/sandbox-subtitle"
SRT = "\ufeff1\r\n00:00:00,000 --> 00:00:01,200\r\nHi\r\n\r\n2\r\n00:00:01,500 --> 01:00:02,000\r\n<i>There</i>\r\nagain\r\n"
VTT = """WEBVTT - demo

NOTE a comment

1
00:00:01.000 --> 00:00:02.500 align:start
Hello
"""


def test_parse_gives_the_librarys_cue_nodes_in_ms():
    code = f'''import {{ parse }} from "{SUBTITLE}";
const cues = await parse(inputs.captions); // [{{ start, end, text }}] ms
return [cues, await parse(inputs.vtt)];'''
    assert ok(run_body(code, inputs={"captions": SRT, "vtt": VTT})) == [
        [
            {"type": "cue", "data": {"start": 0, "end": 1200, "text": "Hi"}},
            {"type": "cue", "data": {"start": 1500, "end": 3602000, "text": "<i>There</i>\nagain"}},
        ],
        [
            {"type": "header", "data": "WEBVTT - demo"},
            {"type": "cue", "data": {"start": 1000, "end": 2500, "settings": "align:start", "text": "Hello"}},
        ],
    ]


def test_stringify_writes_srt_and_webvtt_as_the_library_does():
    code = f'''import {{ stringify, parse }} from "{SUBTITLE}";
const srt = await stringify(inputs.cues, {{ format: "SRT" }});
return [srt, await stringify(await parse(inputs.vtt), {{ format: "WebVTT" }}), await stringify([
  {{ start: 61000, end: 62345, text: "bare" }}])];'''
    cues = [
        {"type": "cue", "data": {"start": 0, "end": 1200, "text": "Hi"}},
        {"type": "cue", "data": {"start": 1500, "end": 3602000, "text": "There\nagain"}},
    ]
    assert ok(run_body(code, inputs={"cues": cues, "vtt": VTT})) == [
        "1\n00:00:00,000 --> 00:00:01,200\nHi\n\n2\n00:00:01,500 --> 01:00:02,000\nThere\nagain\n",
        "WEBVTT - demo\n\n1\n00:00:01.000 --> 00:00:02.500 align:start\nHello\n",
        "1\n00:01:01,000 --> 00:01:02,345\nbare\n",
    ]


def test_bad_input_names_the_pack_and_the_rule():
    refused(
        run_body(f'import {{ parse }} from "{SUBTITLE}";\nreturn await parse("1\\nnot a time\\nx");'),
        "subtitle-invalid",
        "sandbox-subtitle.parse",
        "expected timestamp at row 2",
    )
    refused(
        run_body(f'import {{ stringify }} from "{SUBTITLE}";\nreturn await stringify([], {{ format: "ASS" }});'),
        "host-option-invalid",
        "sandbox-subtitle.stringify",
        "format",
    )


def test_a_stopped_parse_frees_its_host_worker():
    """Every host worker busy parsing a ~5 MB cue when the run times out: the parses stop with it
    (they check the run every 10,000 lines), so the next run's parse gets a worker within its own
    deadline instead of queueing behind seconds of abandoned work."""
    big = "1\n00:00:01,000 --> 00:00:02,000\n" + "x\n" * 2_400_000
    result = run_body(hog(SUBTITLE, "parse(inputs.srt)"), inputs={"srt": big}, limits={"timeoutMs": 700})
    assert result.error is not None and result.error.rule == "timeout", result.error
    small = f'import {{ parse }} from "{SUBTITLE}";\nreturn (await parse(inputs.srt)).length;'
    assert next_run_is_served(small, srt=SRT) == 2


def test_leading_blank_lines_of_a_cue_are_trimmed():
    srt = "1\n00:00:01,000 --> 00:00:02,000\n" + "\n" * 200_000 + "Hi\n\n"
    code = f'import {{ parse }} from "{SUBTITLE}";\nreturn (await parse(inputs.srt)).map((n) => n.data.text);'
    # within a short deadline: the old pop(0) per line took ~4.5 s here and still gave ["Hi"]
    assert ok(run_body(code, inputs={"srt": srt}, limits={"timeoutMs": 1500})) == ["Hi"]
