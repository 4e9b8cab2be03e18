"""Fuzzing the parsers that take outside input, with Hypothesis.

Each harness states the one property that matters at that boundary: whatever arrives, the
host answers with a value or with Cordon's own error naming a rule, never a Python
exception, and the sandbox and the CLI keep their shapes. Targets: the transport (host
encode/decode, the guest's results, any UTF-16 string), `--inputs`, pack manifests, tar
extraction, document loading and reading any source (tree-sitter and the static checks).

The normal suite (and so CI) runs a bounded number of examples (2,415 inputs, about 30 s in all;
derandomised, so a run is reproducible). `CORDON_FUZZ_EXAMPLES=N` multiplies the counts for a
longer campaign with random seeds: `./dev.sh fuzz [N]` runs it with the statistics (N = 415 by
default: ~1,000,000 inputs). Every crash a campaign found is pinned as a plain regression test at
the end of this file.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import run_in_sandbox, transport
from core.cli import main
from core.cli.common import json_arg
from core.codenode.document import DocumentError, dumps, limits_for, loads
from core.errors import CordonError, UsageError
from core.packs.install.archive import extract_tarball
from core.packs.install.errors import InstallError
from core.packs.manifest import ManifestError, parse_package_json

SCALE = int(os.environ.get("CORDON_FUZZ_EXAMPLES", "1"))


def budget(examples: int) -> settings:
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        derandomize=SCALE == 1,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    )


# -- values ---------------------------------------------------------------------------------

MARK = transport.MARK
keys = st.one_of(st.text(max_size=8), st.sampled_from([MARK, "$bytes", "$date", "$number", "$bigint", "v", "i"]))
ints = st.one_of(
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.sampled_from([2**53, 2**53 + 1, -(2**53) - 1, 2**63, 2**64]),
    st.integers(min_value=4298, max_value=4302).map(lambda digits: 10**digits),
)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    ints,
    st.floats(),
    st.text(max_size=20),
    st.tuples(st.sampled_from("a\u00e9\u2603"), st.integers(0, 3)).map(lambda c: c[0] * (transport.BIG_STRING + c[1])),
    st.binary(max_size=20),
    st.datetimes(timezones=st.just(UTC)),
    st.just(transport.UNDEFINED),
)
values = st.recursive(
    leaves,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=30,
)


def deep(levels: int, leaf: Any = 1) -> Any:
    for _ in range(levels):
        leaf = [leaf]
    return leaf


def same(a: Any, b: Any) -> bool:
    """Equality after the transport's documented conversions (tuples -> lists, NaN == NaN)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, (list, tuple)):
        return isinstance(b, list) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        a = {k: v for k, v in a.items() if v is not transport.UNDEFINED}
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if a is transport.UNDEFINED:
        return b is None
    if isinstance(a, (int, float)) and not isinstance(a, bool):
        # Past 2**53 JavaScript prints a number by its shortest form, another integer naming the same double.
        return isinstance(b, (int, float)) and not isinstance(b, bool) and (a == b or same_double(a, b))
    return a == b and type(a) is type(b)


def same_double(a: float, b: float) -> bool:
    try:
        return float(a) == float(b)
    except OverflowError:
        return False


def to_ms(v: Any) -> Any:
    """Dates cross as JavaScript Dates do: to the millisecond."""
    if isinstance(v, datetime):
        return v.replace(microsecond=v.microsecond // 1000 * 1000)
    if isinstance(v, (list, tuple)):
        return [to_ms(x) for x in v]
    if isinstance(v, dict):
        return {k: to_ms(x) for k, x in v.items()}
    return v


@budget(300)
@given(values)
def test_transport_host_round_trip(value):
    try:
        text, marked, sidecar = transport.encode(value)
    except transport.TransportError:
        return
    assert same(to_ms(value), transport.decode(text, marked, sidecar))


marker_trees = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12)
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(keys, inner, max_size=3),
        st.fixed_dictionaries({MARK: st.sampled_from([*"bsdnuio", "x", ""]), "v": inner, "i": inner}),
    ),
    max_leaves=20,
)


@budget(300)
@given(
    marker_trees, st.lists(st.one_of(st.binary(max_size=4), st.text(max_size=4)), max_size=3), st.sampled_from([0, 1])
)
def test_transport_host_decode_trusts_nothing(tree, sidecar, marked):
    text = json.dumps(tree)
    try:
        transport.decode(text, marked, sidecar)
    except transport.TransportError as exc:
        assert exc.rule.startswith("transport")


@budget(200)
@given(st.text(max_size=40))
def test_transport_host_decode_of_any_text(text):
    with contextlib.suppress(transport.TransportError):
        transport.decode(text, 1, [])


def via_guest(v: Any) -> Any:
    """What a value becomes after a trip through the guest: Dates keep milliseconds, a number
    with no fraction is an integer, `undefined` is null in a list and absent in an object."""
    if isinstance(v, datetime):
        return v.replace(microsecond=v.microsecond // 1000 * 1000)
    if isinstance(v, float) and math.isfinite(v) and v == int(v):
        return int(v)
    if isinstance(v, list):
        return [None if x is transport.UNDEFINED else via_guest(x) for x in v]
    if isinstance(v, dict):
        return {k: via_guest(x) for k, x in v.items() if x is not transport.UNDEFINED}
    return v


@budget(40)
@given(values)
def test_transport_through_the_guest(value):
    """inputs -> guest -> result: the same value back, or a failed run naming a rule."""
    result = run_in_sandbox("return inputs", inputs=[value], limits={"maxOutputSize": 10 << 20})
    if not result.ok:
        assert result.error.rule, result.error
        return
    assert same(via_guest([value]), result.result)


#: Guest expressions that shape results the way an attacker would: getters that answer
#: twice, proxies that lie about their keys, forged markers, dates and numbers at the edges.
JS_LEAVES = [
    "1",
    "-0",
    "NaN",
    "Infinity",
    "10n ** 400n",
    "-(2n ** 70n)",
    "10n ** 5000n",
    "'s'",
    "'x'.repeat(9000)",
    "undefined",
    "null",
    "new Date(8.64e15)",
    "new Date(NaN)",
    "new Date(0)",
    "new Uint8Array([1, 2])",
    "new ArrayBuffer(3)",
    "Symbol('s')",
    "() => 1",
    "'\\ud800'",
    "{'$cordon': 'b', i: 9}",
    "{'$cordon': 'i', v: '9'.repeat(5000)}",
    "{'$cordon': 'd', v: 'nope'}",
    "new Map([[1, 2]])",
    "new Set([1])",
    "{toJSON() { return {'$cordon': 's', i: 0}; }}",
]
JS_WRAPPERS = [
    "[{}]",
    "{a: {}}",
    "twice({}, 's')",
    "twice('s', {})",
    "liar({})",
    "new Map([['k', {}]])",
    "new Set([{}])",
    "{toJSON() { return {}; }}",
    "nest({}, 40)",
]
JS_HELPERS = """
function twice(first, second) {
  let n = 0; const o = {};
  Object.defineProperty(o, "x", { enumerable: true, get() { return n++ % 2 ? second : first; } });
  return o;
}
function liar(inner) {
  let n = 0;
  return new Proxy({ inner }, {
    ownKeys: () => ["inner", "$cordon"],
    getOwnPropertyDescriptor: (t, k) => (n++ % 2 ? undefined : { value: k === "inner" ? inner : "b",
                                                               enumerable: true, configurable: true }),
    get: (t, k) => (k === "$cordon" ? "b" : inner),
  });
}
function nest(v, n) { for (let i = 0; i < n; i++) v = [v]; return v; }
"""
js_exprs = st.recursive(
    st.sampled_from(JS_LEAVES),
    lambda inner: st.tuples(st.sampled_from(JS_WRAPPERS), inner).map(lambda pair: pair[0].replace("{}", pair[1], 1)),
    max_leaves=6,
)


@budget(60)
@given(js_exprs)
def test_guest_results_never_break_the_host_or_the_cli(capsys, expr):
    result = run_in_sandbox(JS_HELPERS + f"return {expr};")
    if result.ok:
        from core.cli.common import print_json
        from core.cli.run import result_object

        print_json(result_object(result))
        out = capsys.readouterr().out
        assert out.count("\n") == 1 and json.loads(out)["ok"] is True
    else:
        assert result.error.rule or result.error.name in ("TypeError", "RangeError", "InternalError"), result.error


def _as_host_reads(units: list[int]) -> str:
    """UTF-16 code units as the host reads them: pairs joined, each lone surrogate U+FFFD."""
    return b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le", "replace")


utf16 = st.lists(
    st.one_of(st.integers(0, 0xFFFF), st.integers(0xD800, 0xDFFF), st.sampled_from([0x5C, 0x22, 0x75, 0])),
    max_size=40,
)


@budget(40)
@given(utf16, st.booleans())
def test_any_utf16_string_leaves_the_guest_as_the_host_reads_it(units, big):
    """Any JavaScript string (lone surrogates, escapes, NULs), in the JSON text or the sidecar (over
    8 KB), as a result, a key and a console line: what arrives is the string with pairs joined and
    each lone surrogate as U+FFFD, never a failed run."""
    pad = "x" * 9000 if big else ""
    result = run_in_sandbox(
        f"const s = {json.dumps(pad)} + String.fromCharCode(...inputs); console.log(s); return [s, {{[s]: 1}}]",
        inputs=units,
    )
    assert result.ok, result.error
    expected = pad + _as_host_reads(units)
    assert result.result == [expected, {expected: 1}]
    assert result.logs == [expected]


js_sources = st.one_of(
    st.text(max_size=200),
    st.lists(
        st.sampled_from(["f(", ")", "[", "]", "{", "}", "a", "+", ",", "import(", "yield ", "require", "`${", "`"])
    ).map("".join),
    st.integers(1, 6000).map(lambda n: "x = " + "(" * n + "1" + ")" * n),
)


@budget(300)
@given(js_sources)
def test_any_source_is_read_in_bounded_time_or_refused_by_rule(source):
    """tree-sitter's tree and every static analysis of any text: findings, or `source-too-deep` /
    `source-too-large`, never a Python error."""
    from core.validate import validate_code

    for finding in validate_code(source):
        assert finding.rule


# -- --inputs -------------------------------------------------------------------------------

json_texts = st.one_of(
    st.text(max_size=30),
    st.recursive(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(),
            st.floats(allow_nan=False),
            st.text(max_size=10),
            st.fixed_dictionaries({"$bytes": st.text(max_size=8)}),
            st.fixed_dictionaries({"$date": st.text(max_size=30)}),
            st.fixed_dictionaries({"$number": st.sampled_from(["NaN", "x", "Infinity"])}),
            st.fixed_dictionaries({"$bigint": st.text(alphabet="-0123456789a", max_size=12)}),
        ),
        lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(keys, inner, max_size=3)),
        max_leaves=15,
    ).map(json.dumps),
    st.integers(min_value=1, max_value=6000).map(lambda n: '{"a": ' + "[" * n + "]" * n + "}"),
)


@budget(300)
@given(json_texts)
def test_inputs_argument_parses_or_is_a_usage_error(text):
    with contextlib.suppress(UsageError):
        json_arg(text, "--inputs")


@budget(25)
@given(json_texts)
def test_cordon_run_inputs_always_print_one_object(capsys, text):
    with tempfile.TemporaryDirectory() as tmp:
        body = Path(tmp) / "body.js"
        body.write_text("return inputs")
        code = main(["run", str(body), "--inputs", text, "--json"])
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out[:200]
    obj = json.loads(out)
    assert code in (0, 1, 2) and obj["ok"] is (code == 0)
    if code:
        assert obj["error"]["name"] != "InternalError", obj["error"]


# -- manifests ------------------------------------------------------------------------------

entry = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["js-file", "js-npm", "host", "wasm", "other", 3]),
        "name": st.one_of(st.text(max_size=12), st.integers()),
        "file": st.text(max_size=12),
        "dependency": st.text(max_size=12),
        "module": st.text(max_size=12),
        "exports": st.one_of(
            st.lists(
                st.one_of(st.text(max_size=6), st.dictionaries(st.text(max_size=4), st.text(max_size=4))), max_size=3
            ),
            st.text(max_size=4),
        ),
        "budget": st.dictionaries(st.text(max_size=10), st.one_of(st.integers(), st.floats()), max_size=2),
    },
)
manifests = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.text(max_size=20), st.integers(), st.sampled_from(["@a/b", "a" * 300, "x"])),
        "version": st.one_of(st.text(max_size=10), st.sampled_from(["1.0.0", "1.0.0-rc.1"])),
        "description": st.one_of(st.text(max_size=10), st.integers(), st.none()),
        "cordon": st.one_of(
            st.none(),
            st.text(max_size=4),
            st.fixed_dictionaries(
                {"apiVersion": st.sampled_from([1, 2, "1"])},
                optional={"modules": st.one_of(st.lists(entry, max_size=3), st.text(max_size=3))},
            ),
        ),
        "nodetool": st.fixed_dictionaries(
            {"apiVersion": st.just(1)}, optional={"sandboxModules": st.lists(entry, max_size=3)}
        ),
    },
)


@budget(300)
@given(st.one_of(manifests.map(lambda m: json.dumps(m).encode()), st.binary(max_size=60)))
def test_manifests_parse_or_name_a_rule(raw):
    try:
        parse_package_json(raw)
    except ManifestError as exc:
        assert exc.rule.startswith("manifest-")


# -- tar extraction ---------------------------------------------------------------------------

NAMES = [
    "package/a.js",
    "package/",
    "package/../x",
    "/etc/x",
    "package/./a",
    "package/a/b/c.js",
    "PACKAGE/A.JS",
    "package/A.js",
    "package/a.js/b",
    "package/" + "n" * 300,
    "package/" + "d/" * 1100 + "f",
    "package/con:x",
    "package/x\x01",
    "package/caf\u00e9",
    "package/cafe\u0301",
    "x",
    "package/\udcff",
    "C:/x",
    "package/sp ",
    "",
]
members = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(NAMES), st.text(max_size=20).map(lambda s: "package/" + s)),
        st.sampled_from(
            [
                tarfile.REGTYPE,
                tarfile.DIRTYPE,
                tarfile.SYMTYPE,
                tarfile.LNKTYPE,
                tarfile.FIFOTYPE,
                tarfile.CHRTYPE,
                tarfile.CONTTYPE,
                tarfile.GNUTYPE_SPARSE,
            ]
        ),
        st.binary(max_size=64),
    ),
    max_size=6,
)


def tarball(entries: list[tuple[str, bytes, bytes]], fmt: int) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz", format=fmt, encoding="utf-8", errors="surrogateescape") as tar:
        for name, kind, data in entries:
            info = tarfile.TarInfo(name)
            info.type = kind
            if kind in (tarfile.REGTYPE, tarfile.CONTTYPE):
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                info.linkname = "../../etc/passwd"
                tar.addfile(info)
    return buf.getvalue()


def extract(blob: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tgz, dest = Path(tmp) / "p.tgz", Path(tmp) / "out"
        tgz.write_bytes(blob)
        dest.mkdir()
        try:
            extract_tarball(tgz, dest, what="fuzz")
        except InstallError as exc:
            assert exc.rule.startswith("archive-"), exc.rule
            return
        for path in dest.rglob("*"):  # nothing landed outside, nothing but files and folders
            assert path.resolve().is_relative_to(dest.resolve())
            assert not path.is_symlink() and (path.is_file() or path.is_dir())


@budget(150)
@given(members, st.sampled_from([tarfile.GNU_FORMAT, tarfile.PAX_FORMAT, tarfile.USTAR_FORMAT]))
def test_tar_extraction_refuses_or_stays_inside(entries, fmt):
    try:
        blob = tarball(entries, fmt)
    except (ValueError, UnicodeError):  # a name the format itself cannot store
        return
    extract(blob)


@budget(100)
@given(st.binary(max_size=200))
def test_tar_extraction_of_noise(blob):
    extract(blob)


# -- documents ------------------------------------------------------------------------------

handles = st.lists(
    st.fixed_dictionaries(
        {"name": st.one_of(st.text(max_size=6), st.integers())},
        optional={"type": st.sampled_from(["any", "string", "number", "array", "bogus"]), "default": values},
    ),
    max_size=3,
)
documents = st.fixed_dictionaries(
    {},
    optional={
        "schemaVersion": st.one_of(st.sampled_from([1, 0, 2, True, "1", 10**30, 1.0]), st.integers()),
        "name": st.one_of(st.text(max_size=8), st.integers()),
        "description": st.text(max_size=8),
        "body": st.one_of(st.text(max_size=20), st.lists(st.text(max_size=6), max_size=3), st.integers()),
        "inputs": handles,
        "outputs": handles,
        "props": st.fixed_dictionaries(
            {},
            optional={
                "timeout": st.one_of(st.floats(), st.integers(), st.sampled_from([0.0001, 1e300, 10**30])),
                "max_response_mb": st.one_of(st.floats(), st.integers(), st.sampled_from([1e-9, 1e300, 10**30])),
                "allow_local_network": st.booleans(),
                "secrets": st.lists(st.text(max_size=4), max_size=2),
            },
        ),
        "packages": st.lists(st.fixed_dictionaries({"specifier": st.text(max_size=8)}), max_size=2),
    },
)


def _jsonable(value: Any) -> Any:
    try:
        return json.loads(json.dumps(transport.to_public(value), default=str))
    except transport.TransportError:  # an integer past the digit limit
        return None


@budget(300)
@given(st.one_of(documents.map(lambda d: json.dumps(_jsonable(d)).encode()), st.binary(max_size=80)))
def test_documents_load_or_name_a_rule(raw):
    try:
        doc = loads(raw, source="fuzz.node.json")
    except DocumentError:
        return
    assert loads(dumps(doc)) == doc
    try:
        limits_for(doc)
    except CordonError as exc:
        assert exc.rule


# -- regressions: crashes the campaigns found ------------------------------------------------


def test_regression_a_tar_entry_name_over_255_bytes_is_refused():
    """Found by test_tar_extraction_refuses_or_stays_inside: OSError (ENAMETOOLONG) escaped."""
    with pytest.raises(InstallError) as caught, tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "p.tgz").write_bytes(
            tarball([("package/" + "n" * 300, tarfile.REGTYPE, b"x")], tarfile.PAX_FORMAT)
        )
        (Path(tmp) / "out").mkdir()
        extract_tarball(Path(tmp) / "p.tgz", Path(tmp) / "out", what="fuzz")
    assert caught.value.rule == "archive-unsafe-path" and "255 bytes" in caught.value.message


def test_regression_a_tar_entry_nested_1100_deep_is_refused():
    """Found by test_tar_extraction_refuses_or_stays_inside: RecursionError from the folder maker."""
    with pytest.raises(InstallError) as caught, tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "p.tgz").write_bytes(
            tarball([("package/" + "d/" * 1100 + "f", tarfile.REGTYPE, b"x")], tarfile.PAX_FORMAT)
        )
        (Path(tmp) / "out").mkdir()
        extract_tarball(Path(tmp) / "p.tgz", Path(tmp) / "out", what="fuzz")
    assert caught.value.rule == "archive-unsafe-path"


def test_regression_packs_install_of_a_tarball_with_a_300_character_name(capsys, tmp_path):
    tgz = tmp_path / "long.tgz"
    tgz.write_bytes(
        tarball(
            [
                ("package/package.json", tarfile.REGTYPE, b'{"name": "long", "version": "1.0.0"}'),
                ("package/" + "n" * 300 + ".js", tarfile.REGTYPE, b"export default 1;"),
            ],
            tarfile.PAX_FORMAT,
        )
    )
    code = main(["packs", "install", str(tgz), "--yes", "--json"])
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and code == 1
    assert json.loads(out)["error"]["rule"] == "archive-unsafe-path"


def test_regression_to_public_of_an_integer_past_the_digit_limit():
    """Found by test_documents_load_or_name_a_rule: to_public raised a bare ValueError."""
    with pytest.raises(transport.TransportError) as caught:
        transport.to_public({"n": 10**5000})
    assert caught.value.rule == "transport-bigint"


def test_regression_an_inputs_value_argparse_takes_for_an_option(capsys):
    """Found by test_cordon_run_inputs_always_print_one_object: `--inputs -:` is an argparse error,
    which printed its usage on stderr and nothing on stdout despite `--json`."""
    assert main(["run", "--inputs", "-:", "--json"]) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and json.loads(out)["error"]["name"] == "UsageError"
