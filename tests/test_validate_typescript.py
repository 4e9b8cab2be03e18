"""`cordon validate` on TypeScript bodies: a `.ts` file and a `"language": "typescript"` document are
checked as the JavaScript a run executes (types blanked by the same stripper, in the guest), so each
finding is at the same line:column as for the equivalent JavaScript, and a construct that needs
generated code is refused by the rule a run refuses it by (issue 34)."""

from __future__ import annotations

import json

from core.cli import main as cli

#: A body with a bare read (`zz`) and an unknown pack, types in between; `JS` is the same body
#: written as JavaScript, the types replaced by as many spaces.
TS = 'import z from "@acme/zzz";\nconst n: number = 1;\ninterface P { a: string }\nreturn (n as number) + zz;\n'
JS = 'import z from "@acme/zzz";\nconst n         = 1;\n                          \nreturn (n          ) + zz;\n'


def validate(capsys, path) -> tuple[int, list[dict]]:
    code = cli(["validate", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)["diagnostics"]


def test_a_ts_file_has_the_findings_of_its_javascript_at_the_same_places(tmp_path, capsys):
    (tmp_path / "body.ts").write_text(TS, encoding="utf-8")
    (tmp_path / "body.js").write_text(JS, encoding="utf-8")
    ts_code, ts_found = validate(capsys, tmp_path / "body.ts")
    js_code, js_found = validate(capsys, tmp_path / "body.js")
    assert [(d["line"], d["column"], d["rule"]) for d in ts_found] == [
        (1, 1, "pack-not-installed"),
        (4, 24, "undeclared-name"),
    ]
    assert (ts_code, ts_found) == (js_code, js_found) == (1, js_found)
    assert not any(d["rule"] == "syntax-error" for d in ts_found), "types are not JavaScript syntax errors"


def test_a_typescript_document_is_checked_as_its_javascript(tmp_path, capsys):
    doc = {
        "schemaVersion": 1,
        "name": "typed",
        "language": "typescript",
        "inputs": [{"name": "city", "type": "string"}],
        "outputs": [{"name": "n", "type": "number"}],
        "body": "const city: string = inputs.city;\nconst n: number = city.length as number;\nawait output('n', n);\n",
    }
    path = tmp_path / "typed.node.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert validate(capsys, path) == (0, [])
    doc["body"] += "await output('nope', inputs.town as string);\n"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, found = validate(capsys, path)
    assert code == 1
    assert [(d["line"], d["column"], d["rule"]) for d in found] == [
        (4, 7, "undeclared-handle"),
        (4, 22, "undeclared-input"),
    ], "the node's checks, at the TypeScript's places"


def test_constructs_that_need_code_are_refused_by_the_run_rule_each_where_it_is(tmp_path, capsys):
    path = tmp_path / "enum.ts"
    path.write_text("const a = 1;\nenum Color { Red }\nclass C { constructor(private x: number) {} }\nreturn a;\n")
    code, found = validate(capsys, path)
    assert code == 1
    assert [(d["line"], d["column"], d["severity"], d["rule"]) for d in found] == [
        (2, 1, "error", "typescript-unsupported-syntax"),
        (3, 23, "error", "typescript-unsupported-syntax"),
    ]
    assert found[0]["message"].startswith("the TypeScript body uses an enum: these need generated code")
    run = cli(["run", str(path), "--json"])
    error = json.loads(capsys.readouterr().out)["error"]
    assert run == 1 and error["rule"] == found[0]["rule"] and error["line"] == 2, "the run refuses it alike"
    assert cli(["validate", str(path)]) == 1
    assert f"{path}:2:1: error: the TypeScript body uses an enum" in capsys.readouterr().out
    path.write_text("const a: number = 1;\nreturn a;\n")
    assert validate(capsys, path) == (0, []), "the next body is checked as usual"


def test_a_javascript_file_is_never_stripped(tmp_path, capsys):
    path = tmp_path / "body.js"
    path.write_text("const n: number = 1;\nreturn n;\n")
    code, found = validate(capsys, path)
    assert code == 1 and [d["rule"] for d in found] == ["syntax-error"]
