"""The manifest models and the one specifier rule (no filesystem, no engine)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from core.limits import resolve_limits
from core.packs.manifest import (
    HostEntry,
    JsFileEntry,
    JsNpmEntry,
    ManifestError,
    WasmEntry,
    parse_entry,
    parse_package_json,
)
from core.specifier import (
    declarations_from_code,
    looks_like_pack_specifier,
    module_name_problem,
    package_of,
    specifier_for,
    specifier_kind,
)


def test_specifier_rule():
    assert specifier_for("@acme/geo", ".") == "@acme/geo"
    assert specifier_for("@acme/geo", "extra") == "@acme/geo/extra"
    assert package_of("@acme/geo/extra") == "@acme/geo"
    assert package_of("geo/extra") == "geo"
    assert package_of("@acme") is None


@pytest.mark.parametrize(
    "name",
    ["..", "../x", "a/b", "a\\b", "", ".hidden", "_x", "node_modules", "x.json", "a..b", "x%2e", "has space", "a" * 65],
)
def test_module_names_refused(name):
    assert module_name_problem(name) is not None


@pytest.mark.parametrize("name", [".", "extra", "v2", "simplify-wasm", "a.b", "A_b"])
def test_module_names_accepted(name):
    assert module_name_problem(name) is None


@pytest.mark.parametrize(
    ("spec", "kind"),
    [
        ("node:fs", "node"),
        ("fs", "node"),
        ("child_process", "node"),
        ("./x.js", "relative"),
        ("..", "relative"),
        ("/etc/passwd", "absolute"),
        ("file:///etc/passwd", "url"),
        ("https://x/y.js", "url"),
        ("C:/x.js", "url"),
        ("%2e%2e/x", "encoded"),
        ("@a\\b", "encoded"),
        ("a b", "encoded"),
        ("a\x00b", "encoded"),
        ("cordon:internal", "private"),
        ("@acme/geo", "bare"),
    ],
)
def test_specifier_kinds(spec, kind):
    assert specifier_kind(spec) == kind


def test_pack_specifier_shape():
    assert looks_like_pack_specifier("@cordon/sandbox-yaml")
    assert looks_like_pack_specifier("@acme/geo/extra")
    assert not looks_like_pack_specifier("@acme/geo/sandbox/util.js")
    assert not looks_like_pack_specifier("@acme/geo/..")
    assert not looks_like_pack_specifier("./x.js")


def test_declarations_from_code_take_only_pack_specifiers():
    code = 'import a from "@x/y";\nimport b from "node:fs";\nimport "./z.js";\nimport c from "@x/y";\nreturn a;'
    assert [d.specifier for d in declarations_from_code(code)] == ["@x/y"]


def test_entry_union_discriminates_every_kind():
    assert isinstance(parse_entry({"name": ".", "kind": "js", "file": "a.js"}), JsFileEntry)
    assert isinstance(parse_entry({"name": "y", "kind": "js", "npm": "js-yaml"}), JsNpmEntry)
    assert isinstance(parse_entry({"name": "h", "kind": "host", "host": "cordon.hash"}), HostEntry)
    wasm = parse_entry(
        {
            "name": "w",
            "kind": "wasm",
            "file": "a.wasm",
            "memoryPagesMax": 4,
            "exports": ["f", {"wasm": "foo-bar", "as": "fooBar"}],
        }
    )
    assert isinstance(wasm, WasmEntry)
    assert [(e.wasm, e.as_) for e in wasm.exports] == [("f", "f"), ("foo-bar", "fooBar")]


@pytest.mark.parametrize(
    "raw",
    [
        {"name": ".", "kind": "py", "file": "a.py"},
        {"name": ".", "kind": "js"},
        {"name": ".", "kind": "js", "file": "a.js", "npm": "x"},
        {"name": ".", "kind": "js", "file": "a.js", "isolation": True},
        {"name": ".", "kind": "js", "npm": "Not A Name"},
        {"name": ".", "kind": "host", "host": "../evil"},
        {"name": "w", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": 4097, "exports": ["f"]},
        {"name": "w", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": 1, "exports": ["foo-bar"]},
        {"name": "w", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": 1, "exports": ["default"]},
        {"name": "w", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": 1, "exports": ["f", "f"]},
        {"name": "w", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": 1, "exports": []},
        {"name": "w", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": True, "exports": ["f"]},
        {"name": "w", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": 1, "exports": ["f"], "wasmMaxCalls": 0},
        "not an object",
    ],
)
def test_bad_entries_are_validation_errors(raw):
    with pytest.raises(ValidationError):
        parse_entry(raw)


def test_wasm_budget_fields_only_lower_limits():
    entry = parse_entry(
        {
            "name": "w",
            "kind": "wasm",
            "file": "a.wasm",
            "memoryPagesMax": 1,
            "exports": ["f"],
            "wasmMaxCalls": 10,
            "wasmCallTimeoutMs": 10**9,
        }
    )
    budget = entry.budget(resolve_limits(None))
    assert budget["wasmMaxCalls"] == 10
    assert budget["wasmCallTimeoutMs"] == resolve_limits(None).wasmCallTimeoutMs


def test_package_json_reads_cordon_then_nodetool():
    both = b'{"name": "p", "version": "1.0.0", "cordon": {"apiVersion": 1}, "nodetool": {"apiVersion": 2}}'
    assert parse_package_json(both).sandbox_field == "cordon"
    ref = b'{"name": "@n/p", "version": "1.0.0", "nodetool": {"apiVersion": 1, "sandboxModules": []}}'
    assert parse_package_json(ref).sandbox_field == "nodetool"
    assert parse_package_json(b'{"name": "p", "version": "1.0.0"}').sandbox is None


@pytest.mark.parametrize(
    ("raw", "rule"),
    [
        (b"{not json", "manifest-invalid-json"),
        (b"[]", "manifest-invalid-json"),
        (b'{"name": "p", "version": "1.0.0", "cordon": {"apiVersion": 2}}', "manifest-api-version"),
        (b'{"name": "../p", "version": "1.0.0", "cordon": {"apiVersion": 1}}', "manifest-invalid"),
        (b'{"name": "p", "version": "1 0", "cordon": {"apiVersion": 1}}', "manifest-invalid"),
        (b'{"name": "p", "cordon": {"apiVersion": 1}}', "manifest-invalid"),
    ],
)
def test_package_json_errors_name_their_rule(raw, rule):
    with pytest.raises(ManifestError) as info:
        parse_package_json(raw)
    assert info.value.rule == rule


@pytest.mark.parametrize(
    ("target", "valid"),
    [
        ("date-fns", True),
        ("date-fns/locale", True),
        ("@scope/lib/fp/add", True),
        ("lib/../x", False),
        ("lib//x", False),
        ("Bad Name", False),
    ],
)
def test_an_npm_module_may_name_an_entry_point_of_its_dependency(target, valid):
    from pydantic import ValidationError

    from core.packs.manifest import JsNpmEntry

    if valid:
        entry = JsNpmEntry(name="x", kind="js", npm=target)
        assert entry.package == ("@scope/lib" if target.startswith("@") else target.split("/")[0])
    else:
        with pytest.raises(ValidationError):
            JsNpmEntry(name="x", kind="js", npm=target)
