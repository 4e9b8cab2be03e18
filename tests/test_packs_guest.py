"""The guest packs, imported by the reference's specifiers, run each example of packs.md in the real engine.

Every body below is the reference's example (../shared/reference/packs.md) with
the inputs it reads; each pack also gets one bad input that must fail as the
library documents, as a guest error that names what went wrong (the host stays
up: the module-scoped catalog serves every test).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from core import RunServices, run_in_sandbox
from core.cli import main as cli
from core.codenode.declarations import is_declared
from core.codenode.document import CodeNodeDocument, PackDeclaration
from core.engine.results import RunResult
from core.packs import Catalog, Declaration, PackRoot, resolve_body
from core.packs.caps import AUTHORED_JS_MAX
from core.packs.roots import SHIPPED_DIR
from core.validate import validate_code
from tests.conftest import ok
from tests.packfixtures import make_pack, roots, rules

GUEST_PACKS = ("yaml", "dates", "markdown", "decimal", "jmespath", "stats", "qr", "color", "rrule", "gif")


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return Catalog([PackRoot(SHIPPED_DIR, "shipped")])


def run_ref(catalog: Catalog, code: str, **inputs: Any) -> RunResult:
    resolution = resolve_body(code, catalog=catalog)
    assert resolution is not None and resolution.ok, resolution and resolution.errors
    return run_in_sandbox(
        code, inputs=inputs, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces)
    )


def failed(result: RunResult) -> tuple[str, str]:
    assert not result.ok and result.error is not None, result.result
    return result.error.name, result.error.message


# -- vendoring: pinned, licensed, digested, under the caps --------------------------------------------------------


def test_every_guest_bundle_matches_vendor_lock():
    lock = json.loads((SHIPPED_DIR / "vendor.lock.json").read_text(encoding="utf-8"))
    assert lock["esbuild"].startswith("esbuild@")
    assert sorted(lock["packs"]) == sorted(f"sandbox-{n}" for n in GUEST_PACKS)
    for folder, entry in lock["packs"].items():
        pack = SHIPPED_DIR / folder
        data = (pack / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], f"{folder}: bundle differs from vendor.lock.json"
        assert len(data) == entry["bytes"] < AUTHORED_JS_MAX
        manifest = json.loads((pack / "package.json").read_text(encoding="utf-8"))
        assert manifest["version"] == entry["npm"].rsplit("@", 1)[1]
        assert manifest["cordon"]["sandboxModules"] == [{"name": ".", "kind": "js", "file": entry["file"]}]
        assert (pack / "LICENSE").stat().st_size > 0 and (pack / "SKILL.md").is_file()
        types = entry.get("types")
        if types is None:  # a library with no declarations anywhere: the checker infers its bundle
            assert folder == "sandbox-gif"
            continue
        data = (pack / types["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == types["sha256"], f"{folder}: types differ from vendor.lock.json"
        assert len(data) == types["bytes"] and types["file"] == entry["file"].removesuffix(".js") + ".d.ts"
        assert types["npm"] == entry["npm"] or (pack / "LICENSE-types").stat().st_size > 0


def test_every_guest_pack_is_discovered_under_both_names(shipped):
    assert not [s for s in shipped.diagnostics() if s.severity == "error"]
    for name in GUEST_PACKS:
        ours, theirs = shipped.module(f"@cordon/sandbox-{name}"), shipped.module(f"@nodetool-ai/sandbox-{name}")
        assert ours is not None and ours == theirs


# -- both names: Cordon's and the reference's are one pack --------------------------------------------------------


def test_cordon_packs_list_prints_every_pack_with_both_names(capsys):
    assert cli(["packs", "list"]) == 0
    out = capsys.readouterr().out
    shipped = sorted(p.name for p in SHIPPED_DIR.iterdir() if p.name.startswith("sandbox-"))
    assert len(shipped) >= len(GUEST_PACKS)
    for folder in shipped:
        assert f"@cordon/{folder} " in out and f"(also @nodetool-ai/{folder})" in out, folder
    assert cli(["packs", "list", "--json"]) == 0
    listed = {p["name"]: p["alias"] for p in json.loads(capsys.readouterr().out)["packs"]}
    assert listed["@cordon/sandbox-gif"] == "@nodetool-ai/sandbox-gif" and listed["cordon-geometry"] is None


def test_cordon_packs_show_takes_the_reference_name(capsys):
    assert cli(["packs", "show", "@nodetool-ai/sandbox-decimal"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("@cordon/sandbox-decimal 10.6.0") and "also imported as @nodetool-ai/sandbox-decimal" in out
    assert "--- SKILL.md (sandbox-decimal) ---" in out and "new Decimal(0)" in out


def test_one_run_importing_both_names_gets_one_module(shipped):
    code = """import yaml from "@nodetool-ai/sandbox-yaml";
import { load } from "@cordon/sandbox-yaml";
return [yaml.load === load, load("a: 1")];"""
    assert ok(run_ref(shipped, code)) == [True, {"a": 1}]


def test_allowlist_treats_both_names_as_one_pack(shipped):
    for allowed, specifier in (
        (["@cordon/sandbox-yaml"], "@nodetool-ai/sandbox-yaml"),
        (["@nodetool-ai/sandbox-yaml"], "@cordon/sandbox-yaml"),
        (["@nodetool-ai/sandbox-yaml"], "@nodetool-ai/sandbox-yaml"),
    ):
        assert shipped.check(specifier, allowed=allowed) is None
    refused = shipped.check("@nodetool-ai/sandbox-yaml", allowed=["@cordon/sandbox-dates"])
    assert refused is not None and refused.rule == "pack-not-allowed" and refused.pack == "@nodetool-ai/sandbox-yaml"
    resolution = shipped.resolve_for_execution(
        [Declaration(specifier="@nodetool-ai/sandbox-yaml")], allowed=["@cordon/sandbox-yaml"]
    )
    assert resolution.ok and [m.specifier for m in resolution.mounted] == ["@cordon/sandbox-yaml"]


def test_validation_and_consent_treat_both_names_as_one_pack(shipped):
    module = shipped.module("@cordon/sandbox-yaml")
    assert module is not None
    declared = [
        Declaration(specifier="@cordon/sandbox-yaml", resolvedPackVersion=module.version, contentDigest=module.digest)
    ]
    code = 'import yaml from "@nodetool-ai/sandbox-yaml";\nreturn yaml.load("a: 1");'
    assert validate_code(code, catalog=shipped, declarations=declared) == []
    document = CodeNodeDocument(body=code, packages=(PackDeclaration(specifier="@cordon/sandbox-yaml"),))
    assert is_declared(document, "@nodetool-ai/sandbox-yaml") and not is_declared(document, "@cordon/sandbox-qr")


def test_reference_names_cordon_does_not_ship_and_installed_impostors(tmp_path):
    shipped_dir, installed, pack_roots = roots(tmp_path)
    make_pack(shipped_dir, "@cordon/sandbox-real", folder="sandbox-real")
    make_pack(installed, "@nodetool-ai/sandbox-real")
    make_pack(installed, "@nodetool-ai/sandbox-other")
    cat = Catalog(pack_roots)
    assert rules(cat) == {
        "@nodetool-ai/sandbox-real": "pack-reserved-scope",
        "@nodetool-ai/sandbox-other": "pack-reserved-scope",
    }
    served = cat.module("@nodetool-ai/sandbox-real")
    assert served is not None and served.origin == "shipped"
    missing = cat.check("@nodetool-ai/sandbox-ocr")
    assert missing is not None and missing.rule == "pack-not-installed" and "Cordon does not ship" in missing.message


# -- yaml (js-yaml) -------------------------------------------------------------------------------------------------


def test_yaml_load_and_dump(shipped):
    code = """import yaml from "@nodetool-ai/sandbox-yaml";

const config = yaml.load(inputs.text);
return { name: config.name, replicas: config.replicas };"""
    assert ok(run_ref(shipped, code, text="name: web\nreplicas: 3\n")) == {"name": "web", "replicas": 3}
    code = """import yaml from "@nodetool-ai/sandbox-yaml";
return { text: yaml.dump({ name: inputs.name, tags: inputs.tags }, { indent: 2 }) };"""
    assert ok(run_ref(shipped, code, name="web", tags=["a", "b"])) == {"text": "name: web\ntags:\n  - a\n  - b\n"}


def test_yaml_load_all_and_schemas(shipped):
    code = """import yaml from "@nodetool-ai/sandbox-yaml";
const when = yaml.load("at: 2024-01-02").at;
return { docs: yaml.loadAll("a: 1\\n---\\na: 2\\n"), plain: yaml.load("n: 3", { schema: yaml.FAILSAFE_SCHEMA }),
         timestamp: when instanceof Date && when.toISOString(), same: yaml.DEFAULT_SCHEMA === yaml.DEFAULT_SCHEMA };"""
    assert ok(run_ref(shipped, code)) == {
        "docs": [{"a": 1}, {"a": 2}],
        "plain": {"n": "3"},
        "timestamp": "2024-01-02T00:00:00.000Z",
        "same": True,
    }


def test_yaml_bad_input_is_a_yaml_exception_with_its_line(shipped):
    code = """import yaml from "@nodetool-ai/sandbox-yaml";
try { yaml.load(inputs.text); } catch (e) { return { name: e.name, line: e.mark.line, ok: e instanceof yaml.YAMLException }; }"""
    assert ok(run_ref(shipped, code, text="a: 1\nb: [1, 2\n")) == {"name": "YAMLException", "line": 2, "ok": True}
    name, message = failed(
        run_ref(shipped, 'import yaml from "@nodetool-ai/sandbox-yaml";\nreturn yaml.load("a: 1\\nb: [1, 2\\n");')
    )
    assert name == "YAMLException" and "flow collection (3:1)" in message and "2 | b: [1, 2" in message


# -- dates (date-fns) -------------------------------------------------------------------------------------------------


def test_dates_add_and_compare(shipped):
    code = """import { addDays, differenceInCalendarDays, isBefore } from "@nodetool-ai/sandbox-dates";

const due = addDays(new Date(inputs.startedAt), 30);
return { due: due.toISOString(), days: differenceInCalendarDays(due, new Date(inputs.startedAt)),
         overdue: isBefore(due, new Date(inputs.now)) };"""
    result = ok(run_ref(shipped, code, startedAt="2024-03-01T00:00:00Z", now="2024-04-15T00:00:00Z"))
    assert result == {"due": "2024-03-31T00:00:00.000Z", "days": 30, "overdue": True}


def test_dates_parse_format_and_validity(shipped):
    code = """import { parseISO, format, isValid } from "@nodetool-ai/sandbox-dates";
const when = parseISO(inputs.timestamp);
if (!isValid(when)) return { label: "unknown" };
return { label: format(when, "EEEE, d MMMM yyyy") };"""
    assert ok(run_ref(shipped, code, timestamp="2024-05-03T12:00:00Z")) == {"label": "Friday, 3 May 2024"}
    assert ok(run_ref(shipped, code, timestamp="not a date")) == {"label": "unknown"}


def test_dates_quarter_and_the_whole_library(shipped):
    code = """import * as dateFns from "@nodetool-ai/sandbox-dates";
import { getQuarter, parseISO } from "@nodetool-ai/sandbox-dates";
const o = { date: "2024-08-15" };
const quarter = "Q" + getQuarter(parseISO(o.date));
const names = Object.keys(dateFns);
return { quarter, count: names.length,
         some: ["eachQuarterOfInterval", "formatISODuration", "nextFriday", "interval", "transpose"]
           .every((n) => names.includes(n)) };"""
    result = ok(run_ref(shipped, code))
    assert result["quarter"] == "Q3" and result["some"] and result["count"] >= 240


def test_dates_format_of_an_invalid_date_is_a_range_error(shipped):
    code = 'import { format } from "@nodetool-ai/sandbox-dates";\nreturn format(new Date(NaN), "yyyy");'
    assert failed(run_ref(shipped, code)) == ("RangeError", "Invalid time value")


# -- markdown (marked) ------------------------------------------------------------------------------------------------


def test_markdown_lexer_and_parse(shipped):
    markdown = "# Title\n\nSome *text*.\n\n- one\n- two\n"
    code = """import { marked } from "@nodetool-ai/sandbox-markdown";

const tokens = marked.lexer(inputs.markdown);
return { tokenCount: tokens.length, types: tokens.map((t) => t.type), items: tokens[3].items.length };"""
    assert ok(run_ref(shipped, code, markdown=markdown)) == {
        "tokenCount": 4,
        "types": ["heading", "paragraph", "space", "list"],
        "items": 2,
    }
    code = """import { marked } from "@nodetool-ai/sandbox-markdown";
const html = marked.parse(inputs.markdown);
return { html };"""
    assert ok(run_ref(shipped, code, markdown=markdown)) == {
        "html": "<h1>Title</h1>\n<p>Some <em>text</em>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"
    }


def test_markdown_non_string_input_is_refused_by_marked(shipped):
    code = 'import { marked } from "@nodetool-ai/sandbox-markdown";\nreturn marked.parse(inputs.markdown);'
    name, message = failed(run_ref(shipped, code, markdown=42))
    assert name == "Error" and "input parameter is of type [object Number], string expected" in message


# -- decimal (decimal.js) ---------------------------------------------------------------------------------------------


def test_decimal_sum_is_exact(shipped):
    code = """import Decimal from "@nodetool-ai/sandbox-decimal";

const total = inputs.amounts
  .reduce((sum, n) => sum.plus(n), new Decimal(0));
return { total: total.toFixed(2), exact: total.toString(), third: new Decimal(1).div(3).toFixed(5) };"""
    assert ok(run_ref(shipped, code, amounts=["0.1", "0.2", "10.005"])) == {
        "total": "10.31",
        "exact": "10.305",
        "third": "0.33333",
    }


def test_decimal_bad_number_is_a_decimal_error(shipped):
    code = 'import Decimal from "@nodetool-ai/sandbox-decimal";\nreturn new Decimal(inputs.amount).toFixed(2);'
    assert failed(run_ref(shipped, code, amount="12,50")) == ("Error", "[DecimalError] Invalid argument: 12,50")


# -- jmespath -----------------------------------------------------------------------------------------------------------


def test_jmespath_search(shipped):
    code = """import jmespath from "@nodetool-ai/sandbox-jmespath";

const names = jmespath.search(inputs.data, "items[*].name");
const total = jmespath.search(inputs.data, "sum(items[*].amount)");
return { names, total, missing: jmespath.search(inputs.data, "owner.name") };"""
    data = {"items": [{"name": "a", "amount": 2}, {"name": "b", "amount": 3.5}]}
    assert ok(run_ref(shipped, code, data=data)) == {"names": ["a", "b"], "total": 5.5, "missing": None}


def test_jmespath_bad_expression_is_a_parser_error(shipped):
    code = 'import { search } from "@nodetool-ai/sandbox-jmespath";\nreturn search({}, "items[*");'
    assert failed(run_ref(shipped, code)) == ("ParserError", "Expected Rbracket, got: EOF")


# -- stats (simple-statistics) ------------------------------------------------------------------------------------------


def test_stats_summary(shipped):
    code = """import { mean, median, standardDeviation, quantile } from "@nodetool-ai/sandbox-stats";

const xs = inputs.values;
return { mean: mean(xs), median: median(xs), sd: standardDeviation(xs), p90: quantile(xs, 0.9) };"""
    assert ok(run_ref(shipped, code, values=[2, 4, 4, 4, 5, 5, 7, 9])) == {
        "mean": 5,
        "median": 4.5,
        "sd": 2,
        "p90": pytest.approx(7.6),
    }  # quantile interpolates between ranks


def test_stats_linear_regression(shipped):
    code = """import { linearRegression, linearRegressionLine } from "@nodetool-ai/sandbox-stats";
const fit = linearRegression(inputs.points);
const line = linearRegressionLine(fit);
return { m: fit.m, b: fit.b, at10: line(10) };"""
    assert ok(run_ref(shipped, code, points=[[0, 1], [1, 3], [2, 5]])) == {"m": 2, "b": 1, "at10": 21}


def test_stats_empty_array_throws(shipped):
    code = 'import { mean } from "@nodetool-ai/sandbox-stats";\nreturn mean(inputs.values);'
    assert failed(run_ref(shipped, code, values=[])) == ("Error", "mean requires at least one data point")


# -- qr (uqr) -------------------------------------------------------------------------------------------------------------


def test_qr_encode(shipped):
    code = """import { encode, renderSVG } from "@nodetool-ai/sandbox-qr";

const qr = encode(inputs.text);
return { size: qr.size, data: qr.data, svg: renderSVG(inputs.text).startsWith("<svg") };"""
    result = ok(run_ref(shipped, code, text="https://example.com"))
    # Version 2 (25 modules) plus uqr's default one-module border on each side.
    assert result["size"] == 27 and result["svg"]
    assert len(result["data"]) == 27 and all(len(row) == 27 for row in result["data"])
    # The finder pattern's top row: border, seven dark modules, then a light separator.
    assert result["data"][1][:10] == [False, True, True, True, True, True, True, True, False, False][:10]


def test_qr_too_much_data_is_a_range_error(shipped):
    code = 'import { encode } from "@nodetool-ai/sandbox-qr";\nreturn encode("x".repeat(5000)).size;'
    assert failed(run_ref(shipped, code)) == ("RangeError", "Data too long")


# -- color (culori) -------------------------------------------------------------------------------------------------------


def test_color_parse_format_convert(shipped):
    code = """import { parse, formatHex, converter } from "@nodetool-ai/sandbox-color";

const color = parse(inputs.hex);
const rgb = converter("rgb")(color);
return { hex: formatHex(color), rgb };"""
    result = ok(run_ref(shipped, code, hex="#2563EB"))
    assert result["hex"] == "#2563eb"
    assert result["rgb"] == {"mode": "rgb", "r": 0x25 / 255, "g": 0x63 / 255, "b": 0xEB / 255}


def test_color_interpolate_and_difference(shipped):
    code = """import { interpolate, formatHex, differenceCiede2000 } from "@nodetool-ai/sandbox-color";
const mix = interpolate(["#2563eb", "#f97316"]);
const mid = formatHex(mix(0.5));
const delta = differenceCiede2000()("#2563eb", "#f97316");
return { mid, ends: [formatHex(mix(0)), formatHex(mix(1))], delta, none: differenceCiede2000()("#fff", "#fff") };"""
    result = ok(run_ref(shipped, code))
    # Interpolation is in RGB by default: the midpoint is the channel-wise mean.
    assert result["mid"] == "#8f6b81" and result["ends"] == ["#2563eb", "#f97316"]
    assert result["delta"] == pytest.approx(55.2093780199768) and result["none"] == 0


def test_color_unparseable_color(shipped):
    code = """import { parse, differenceCiede2000 } from "@nodetool-ai/sandbox-color";
if (inputs.check) return parse(inputs.color) === undefined;
return differenceCiede2000()(inputs.color, "#fff");"""
    assert ok(run_ref(shipped, code, color="not-a-color", check=True)) is True
    name, message = failed(run_ref(shipped, code, color="not-a-color", check=False))
    assert name == "TypeError" and "undefined" in message


# -- rrule ----------------------------------------------------------------------------------------------------------------


def test_rrule_weekly(shipped):
    code = """import { RRule } from "@nodetool-ai/sandbox-rrule";

const rule = new RRule({ freq: RRule.WEEKLY, interval: 1, count: 4, dtstart: new Date(inputs.start) });
return { dates: rule.all().map((d) => d.toISOString()), text: rule.toText() };"""
    assert ok(run_ref(shipped, code, start="2024-01-01T10:00:00Z")) == {
        "dates": [
            "2024-01-01T10:00:00.000Z",
            "2024-01-08T10:00:00.000Z",
            "2024-01-15T10:00:00.000Z",
            "2024-01-22T10:00:00.000Z",
        ],
        "text": "every week for 4 times",
    }


def test_rrule_rrulestr_between(shipped):
    code = """import { rrulestr } from "@nodetool-ai/sandbox-rrule";
const rule = rrulestr(inputs.rrule);
return { dates: rule.between(new Date(inputs.from), new Date(inputs.to)).map((d) => d.toISOString()) };"""
    result = ok(
        run_ref(
            shipped,
            code,
            rrule="DTSTART:20240101T090000Z\nRRULE:FREQ=DAILY;BYDAY=MO,WE,FR;COUNT=10",
            **{"from": "2024-01-02T00:00:00Z", "to": "2024-01-08T00:00:00Z"},
        )
    )
    assert result == {"dates": ["2024-01-03T09:00:00.000Z", "2024-01-05T09:00:00.000Z"]}


def test_rrule_bad_frequency_throws(shipped):
    code = 'import { rrulestr } from "@nodetool-ai/sandbox-rrule";\nreturn rrulestr("RRULE:FREQ=SOMETIMES").all();'
    name, message = failed(run_ref(shipped, code))
    assert name == "Error" and message.startswith("Invalid frequency")


# -- gif (gifenc) ---------------------------------------------------------------------------------------------------------

GIF_EXAMPLE = """import { GIFEncoder, quantize, applyPalette } from "@nodetool-ai/sandbox-gif";

const gif = GIFEncoder();
for (const frame of inputs.frames) {
  const palette = quantize(frame.rgba, 256);
  const index = applyPalette(frame.rgba, palette);
  gif.writeFrame(index, inputs.width, inputs.height, { palette, delay: frame.delay ?? 100 });
}
gif.finish();
return { bytes: gif.bytes() };"""


def test_gif_encode_frames(shipped):
    red, blue = bytes([255, 0, 0, 255]) * 4, bytes([0, 0, 255, 255]) * 4
    result = ok(run_ref(shipped, GIF_EXAMPLE, width=2, height=2, frames=[{"rgba": red, "delay": 50}, {"rgba": blue}]))
    data = result["bytes"]
    assert isinstance(data, bytes) and data[:6] == b"GIF89a" and data[-1] == 0x3B
    assert int.from_bytes(data[6:8], "little") == 2 and int.from_bytes(data[8:10], "little") == 2
    assert data.count(b"\x21\xf9\x04") == 2  # one graphic control extension per frame


def test_gif_first_frame_needs_a_palette(shipped):
    code = """import { GIFEncoder } from "@nodetool-ai/sandbox-gif";
GIFEncoder().writeFrame(new Uint8Array(4), 2, 2);"""
    assert failed(run_ref(shipped, code)) == ("Error", "First frame must include a { palette } option")
