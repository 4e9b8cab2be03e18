"""The shipped packs work in the guest with no flags: yaml, csv, dates, hash."""

from __future__ import annotations

import pytest

from core import RunServices, run_in_sandbox
from core.packs import Catalog, PackRoot, resolve_body
from core.packs.roots import SHIPPED_DIR
from tests.conftest import ok


@pytest.fixture(scope="module")
def shipped():
    return Catalog([PackRoot(SHIPPED_DIR, "shipped")])


def run_body(cat, code, **kw):
    resolution = resolve_body(code, catalog=cat)
    assert resolution is not None and resolution.ok, resolution and resolution.errors
    return run_in_sandbox(code, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces), **kw)


def test_yaml_load_and_dump(shipped):
    code = r"""import yaml from "@cordon/sandbox-yaml";
const config = yaml.load(inputs.text);
return { config, text: yaml.dump({ list: [1, "two"], nested: { ok: true } }) };"""
    result = ok(run_body(shipped, code, inputs={"text": "name: cordon\nitems:\n  - 1\n  - b\nflag: yes\n"}))
    assert result["config"] == {"name": "cordon", "items": [1, "b"], "flag": "yes"}
    assert result["text"] == "list:\n  - 1\n  - two\nnested:\n  ok: true\n"


def test_yaml_errors_are_guest_exceptions(shipped):
    code = (
        'import { load, YAMLException } from "@cordon/sandbox-yaml";\n'
        'try { load("a: [1"); } catch (e) { return [e instanceof YAMLException, e.name]; }'
    )
    assert ok(run_body(shipped, code)) == [True, "YAMLException"]


def test_csv_parse_and_stringify(shipped):
    code = """import csv, { stringify } from "@cordon/sandbox-csv";
return { rows: await csv.parse("name,n\\na,1\\nb,2\\n"), csv: await stringify([{ x: 1, y: "q,r" }]) };"""
    assert ok(run_body(shipped, code)) == {
        "rows": [{"name": "a", "n": "1"}, {"name": "b", "n": "2"}],
        "csv": 'x,y\r\n1,"q,r"',
    }


def test_dates(shipped):
    code = """import { parseISO, addDays, differenceInCalendarDays, format, formatDistanceStrict, isValid }
  from "@cordon/sandbox-dates";
const start = parseISO("2024-03-01T00:00:00Z");
const due = addDays(start, 30);
return [format(due, "yyyy-MM-dd"), differenceInCalendarDays(due, start), formatDistanceStrict(due, start),
        isValid(parseISO("nope"))];"""
    assert ok(run_body(shipped, code)) == ["2024-03-31", 30, "1 month", False]


def test_date_setters_with_nan_make_invalid_dates(shipped):
    """QuickJS-ng ignored NaN in Date setters; the prelude restores the spec (date-fns relies on it)."""
    code = """import { addDays, isValid, parseISO } from "@cordon/sandbox-dates";
const d = new Date(0); d.setUTCFullYear(NaN, 0, 1);
return [Number.isNaN(d.getTime()), isValid(addDays(new Date(0), NaN)), isValid(parseISO("2024-13-45"))];"""
    assert ok(run_body(shipped, code)) == [True, False, False]


def test_hash(shipped):
    code = 'import { sha256 } from "@cordon/sandbox-hash";\nreturn await sha256("abc");'
    assert ok(run_body(shipped, code)).startswith("ba7816bf")


def test_body_importing_nothing_needs_no_catalog():
    assert resolve_body("return 1;") is None
