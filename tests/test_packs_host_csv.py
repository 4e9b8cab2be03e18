"""@nodetool-ai/sandbox-csv on the host: the reference's examples, papaparse's results, its refusals.

Also where the host-module machinery shows on a real pack: async exports run off the event loop
(a slow parse meets the run's deadline), the json argument kind, the shared 5 MB text cap.
"""

from __future__ import annotations

import threading
import time

import pytest

from core import RunHooks
from core.cancel import CancelHandle
from core.packs.host import csv
from tests.conftest import ok
from tests.hostpacks import hog, next_run_is_served, refused, run_body

CSV = "@nodetool-ai/sandbox-csv"
TEXT = "name,n\na,1\nb,2\n"


def test_parse_keys_records_by_the_header_row_and_values_stay_strings():
    code = f'''import {{ parse }} from "{CSV}";
const rows = await parse(inputs.csv);           // records keyed by the header row
const raw = await parse(inputs.csv, {{ header: false }});   // string[][]
return {{ rows, raw }};'''
    assert ok(run_body(code, inputs={"csv": TEXT})) == {
        "rows": [{"name": "a", "n": "1"}, {"name": "b", "n": "2"}],
        "raw": [["name", "n"], ["a", "1"], ["b", "2"]],
    }


def test_parse_detects_the_delimiter_and_keeps_papaparse_shapes():
    code = f'''import csv from "{CSV}";
return [await csv.parse("a;b;c\\n1;2;3\\n"), await csv.parse("a\\tb\\n1\\t2"),
        await csv.parse("a,a,b\\n1,2,3"), await csv.parse("name,n\\nb\\nc,3,4"),
        await csv.parse('x|y\\n"1|2"|3', {{ delimiter: "|" }})];'''
    assert ok(run_body(code)) == [
        [{"a": "1", "b": "2", "c": "3"}],
        [{"a": "1", "b": "2"}],
        [{"a": "1", "a_1": "2", "b": "3"}],
        [{"name": "b"}, {"name": "c", "n": "3", "__parsed_extra": ["4"]}],
        [{"x": "1|2", "y": "3"}],
    ]


def test_stringify_writes_what_papaparse_unparse_writes():
    code = f'''import {{ stringify }} from "{CSV}";
const csv = await stringify(inputs.rows, {{ delimiter: ";" }});
return [csv, await stringify([[1, "a\\nb"], ["c"]]), await stringify([{{ a: 1.5, b: 1e21 }}, {{ b: 2 }}])];'''
    rows = [{"x": 1, "y": "q,r", "z": " s", "w": None, "v": True}, {"x": 2, "y": 'say "hi"'}]
    # Each expected string is papaparse 5.5.3's Papa.unparse output for the same input.
    assert ok(run_body(code, inputs={"rows": rows})) == [
        'x;y;z;w;v\r\n1;q,r;" s";;true\r\n2;"say ""hi""";;;',
        '1,"a\nb"\r\nc',
        "a,b\r\n1.5,1e+21\r\n,2",
    ]


def test_a_bad_option_is_refused_naming_the_pack_and_the_option():
    result = run_body(f'import {{ parse }} from "{CSV}";\nreturn await parse("a,b", {{ delimiter: ";;" }});')
    refused(result, "host-option-invalid", "sandbox-csv.parse", "delimiter")


def test_text_over_the_shared_5_mb_cap_is_refused():
    result = run_body(f'import {{ parse }} from "{CSV}";\nreturn await parse("a,b\\n".repeat(1400000));')
    refused(result, "host-argument-too-large", "sandbox-csv.parse", "text")


def test_rows_must_be_json_values():
    result = run_body(f'import {{ stringify }} from "{CSV}";\nreturn await stringify([{{ when: new Date(0) }}]);')
    refused(result, "host-argument-invalid", "sandbox-csv.stringify", "JSON values")


#: 5 MB of one-field rows: about 2.5 s of parsing on a quiet machine.
BIG = "h\n" + "x\n" * 2_500_000
PARSE_LENGTH = f'import {{ parse }} from "{CSV}";\nreturn (await parse(inputs.csv)).length;'


@pytest.fixture(scope="module")
def two_fifths_ms() -> float:
    """How long the pack's parse of two fifths of the big text takes on this machine now (the export
    itself, on a fifth, called here): the stop tests compare with it rather than with a fixed number
    of ms, so a loaded machine slows both sides alike."""
    fifth = "h\n" + "x\n" * 500_000
    started = time.perf_counter()
    assert len(csv.parse(fifth)) == 500_000
    return 2 * (time.perf_counter() - started) * 1000


def test_a_slow_parse_meets_the_run_deadline_and_the_next_run_is_healthy(two_fifths_ms):
    result = run_body(PARSE_LENGTH, inputs={"csv": BIG}, limits={"timeoutMs": 150})
    assert result.error is not None and result.error.rule == "timeout", result.error
    # The run (from the guest's first instruction; setup and the 5 MB input are not charged)
    # ended at its deadline, long before the parse would have.
    assert result.timings["run_ms"] < two_fifths_ms
    assert ok(run_body(PARSE_LENGTH, inputs={"csv": TEXT})) == 2


def test_a_slow_parse_is_cancelled_promptly(two_fifths_ms):
    cancel = CancelHandle()
    threading.Timer(0.15, cancel.cancel).start()
    result = run_body(PARSE_LENGTH, inputs={"csv": BIG}, hooks=RunHooks(cancel=cancel))
    assert result.error is not None and result.error.rule == "cancelled", result.error
    assert result.timings["run_ms"] < two_fifths_ms  # stopped mid-parse, not after it


def test_a_stopped_parse_frees_its_host_worker():
    """Every host worker busy with a parse when the run times out: the parses stop with it (they
    check the run between rows), so the next run's parse gets a worker within its own deadline
    instead of queueing behind ~2.5 s of abandoned work."""
    result = run_body(hog(CSV, "parse(inputs.csv)"), inputs={"csv": BIG}, limits={"timeoutMs": 700})
    assert result.error is not None and result.error.rule == "timeout", result.error
    small = f'import {{ parse }} from "{CSV}";\nreturn (await parse("a,b\\n1,2\\n")).length;'
    assert next_run_is_served(small) == 1


def test_json_arguments_are_capped_at_5_mb_of_text():
    code = f'import {{ stringify }} from "{CSV}";\nreturn await stringify(Array.from({{ length: 60 }}, () => ["x".repeat(100000)]));'
    refused(run_body(code), "host-argument-too-large", "sandbox-csv.stringify", "rows")
