"""Static checks (core.validate) and the CLI around them: validate, run --only-packs, packs."""

from __future__ import annotations

import json

import pytest

from core import run_in_sandbox
from core.cli import main as cli
from core.packs import Declaration
from core.validate import JS_BUILTINS, CodeContext, Diagnostic, has_errors, known_globals, validate_code
from tests.packfixtures import catalog, make_pack, roots


@pytest.fixture
def cat(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        version="2.0.0",
        modules=[{"name": ".", "kind": "js", "file": "index.js"}, {"name": "x", "kind": "js", "file": "index.js"}],
    )
    make_pack(installed, "@acme/q")
    return catalog(tmp_path)


def found(diagnostics: list[Diagnostic]) -> list[tuple[int | None, str]]:
    return [(d.line, d.rule) for d in diagnostics]


def test_clean_body_has_no_diagnostics(cat):
    code = """import p from "@acme/p";
// locals, params, destructuring, classes, labels, typeof guards, surfaces and builtins are all fine
const { a, b: [c] = [], ...rest } = inputs.obj ?? {};
function f(x, { y }, z = 1, ...more) { return x + y + z + more.length + arguments.length; }
class K { #v = 1; get v() { return this.#v; } }
outer: for (const [k, v] of Object.entries(rest)) { if (v) continue outer; }
try { JSON.parse("x"); } catch ({ message }) { console.log(message); }
if (typeof maybeGlobal === "undefined") console.log("no global");
const hash = await crypto.digest("SHA-256", "x");
return [p, a, c, f(1, { y: 2 }), new K().v, toHex(hash), Math.max(1, 2), new Map(), globalThis, undefined];"""
    assert validate_code(code, catalog=cat) == []


def test_invalid_javascript_points_at_the_error(cat):
    (d,) = validate_code("const a = 1;\nconst b = (;\n", catalog=cat)
    assert (d.line, d.severity, d.rule) == (2, "error", "syntax-error") and d.column >= 1


def test_top_level_export_and_dynamic_import(cat):
    code = 'export const x = 1;\nconst m = await import("@acme/p");\nreturn m;'
    assert found(validate_code(code, catalog=cat)) == [(1, "top-level-export"), (2, "dynamic-import")]


def test_imports_no_installed_pack_serves_name_the_pack(cat):
    code = (
        'import z from "@acme/zzz";\nimport w from "@acme/p/nope";\nimport fs from "node:fs";\n'
        'import s from "./sib.js";\nimport i from "cordon:internal";\nreturn [z, w, fs, s, i];'
    )
    diags = validate_code(code, catalog=cat)
    assert found(diags) == [
        (1, "pack-not-installed"),
        (2, "specifier-unknown"),
        (3, "module-node-builtin"),
        (4, "module-relative-import"),
        (5, "module-private"),
    ]
    assert "install @acme/zzz" in diags[0].message


def test_session_allowlist(cat):
    code = 'import p from "@acme/p";\nimport x from "@acme/p/x";\nimport q from "@acme/q";\nreturn [p, x, q];'
    assert found(validate_code(code, catalog=cat, allowed=["@acme/p"])) == [(3, "pack-not-allowed")]
    assert found(validate_code(code, catalog=cat, allowed=["@acme/p/x"])) == [
        (1, "pack-not-allowed"),
        (3, "pack-not-allowed"),
    ]


def test_bare_reads_of_unknown_names(cat):
    code = "const total = price * qty;\ncount = 3;\nreturn [total, inputs.price, fetch, output];"
    diags = validate_code(code, catalog=cat)
    assert found(diags) == [
        (1, "undeclared-name"),
        (1, "undeclared-name"),
        (2, "undeclared-name"),
        (3, "undeclared-name"),
    ]
    assert "use inputs.price" in diags[0].message
    assert "'output'" in diags[-1].message  # not a global of a plain body (the Code node adds it)
    assert validate_code("return output;", catalog=cat, caller_globals=("inputs", "output")) == []


def test_eval_and_function_are_not_sandbox_apis(cat):
    assert found(validate_code('return [eval("1"), Function, setTimeout];', catalog=cat)) == [
        (1, "undeclared-name"),
        (1, "undeclared-name"),
        (1, "undeclared-name"),
    ]


def test_declaration_checks(cat):
    code = 'import p from "@acme/p";\nimport q from "@acme/q";\nreturn [p, q];'
    declarations = [
        Declaration(specifier="@acme/p", resolvedPackVersion="1.0.0"),
        Declaration(specifier="@acme/p/x", contentDigest="sha256:" + "0" * 64),
        Declaration(specifier="@acme/gone"),
    ]
    diags = validate_code(code, catalog=cat, declarations=declarations)
    assert sorted((d.line, d.severity, d.rule) for d in diags if d.line is None) == [
        (None, "error", "pack-not-installed"),
        (None, "warning", "declaration-digest-mismatch"),
        (None, "warning", "declaration-unused"),
        (None, "warning", "declaration-version-mismatch"),
    ]
    assert [(d.line, d.rule) for d in diags if d.line is not None] == []  # declared or not: the Code node's check
    assert any("install @acme/gone" in d.message for d in diags)


def test_extension_point_adds_checks_over_the_same_tree(cat):
    def no_console(ctx: CodeContext):
        assert ctx.extra["doc"] == "node document"
        yield Diagnostic(1, 1, "warning", "no-console", "the node prefers progress()")

    diags = validate_code("console.log(1);", catalog=cat, checks=[no_console], extra={"doc": "node document"})
    assert found(diags) == [(1, "no-console")] and not has_errors(diags)


def test_builtin_names_exist_in_the_real_guest():
    result = run_in_sandbox("return names.filter((n) => !(n in globalThis));", globals={"names": sorted(JS_BUILTINS)})
    assert result.ok and result.result == []
    missing = run_in_sandbox(
        "return names.filter((n) => !(n in globalThis));", globals={"names": sorted(known_globals() - {"inputs"})}
    )
    assert missing.ok and missing.result == []


# -- the CLI --------------------------------------------------------------------------------------
def write(tmp_path, text: str):
    path = tmp_path / "body.js"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_cordon_validate_exit_codes_and_json(tmp_path, capsys):
    good = write(tmp_path, 'import yaml from "@cordon/sandbox-yaml";\nreturn yaml.load("a: 1");')
    assert cli(["validate", good]) == 0
    assert "no problems" in capsys.readouterr().out
    assert cli(["validate", good, "--only-packs", "@cordon/sandbox-dates", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and [d["rule"] for d in out["diagnostics"]] == ["pack-not-allowed"]
    bad = write(tmp_path, 'import z from "@acme/zzz";\nreturn zz;')
    assert cli(["validate", bad]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("[pack-not-installed]") and ":1:1: error:" in lines[0] and "install @acme/zzz" in lines[0]
    assert cli(["validate", str(tmp_path / "missing.js")]) == 2


def test_cordon_run_mounts_the_body_imports_with_no_flags(tmp_path, capsys):
    body = write(tmp_path, 'import yaml from "@cordon/sandbox-yaml";\nreturn yaml.load("a: [1, 2]");')
    assert cli(["run", body, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == {"a": [1, 2]}


def test_cordon_run_only_packs_refuses_before_the_guest(tmp_path, capsys):
    body = write(tmp_path, 'import yaml from "@cordon/sandbox-yaml";\nreturn yaml.load("a: 1");')
    assert cli(["run", body, "--json", "--only-packs", "@cordon/sandbox-dates"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error"]["rule"] == "pack-not-allowed" and out["timings"]["run_ms"] == 0.0
    assert cli(["run", body, "--json", "--only-packs", "@cordon/sandbox-yaml"]) == 0
    capsys.readouterr()


def test_cordon_run_uninstalled_pack_names_it(tmp_path, capsys):
    body = write(tmp_path, 'import geo from "@acme/geo";\nreturn geo;')
    assert cli(["run", body, "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["rule"] == "pack-not-installed" and "install @acme/geo" in error["message"]


def test_cordon_packs_list_and_show(capsys):
    assert cli(["packs", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    names = {p["name"] for p in listed["packs"]}
    assert {"@cordon/sandbox-yaml", "@cordon/sandbox-csv", "@cordon/sandbox-dates", "@cordon/sandbox-hash"} <= names
    assert cli(["packs", "show", "@cordon/sandbox-yaml", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["pack"]
    assert shown["modules"][0]["digest"].startswith("sha256:") and "yaml.load" in shown["skill"]["body"]
    assert cli(["packs", "show", "@acme/none"]) == 1
    capsys.readouterr()


def test_a_media_handle_returned_or_output_is_flagged_with_to_asset():
    """`return await c.toImage()` keeps nothing once the run ends; the linter says so."""
    code = """const c = createCanvas(4, 4);
const kept = await media.toImage(await c.toBytes());
const inner = [1].map((x) => { return c.toImage(); });
await output("fine", kept);
await output("pic", await c.toImage());
return await (c.toImage());"""
    flagged = [d for d in validate_code(code) if d.rule == "media-handle-returned"]
    assert [(d.line, d.severity) for d in flagged] == [(5, "warning"), (6, "warning")]
    assert "await image.toAsset(await c.toImage())" in flagged[0].message
