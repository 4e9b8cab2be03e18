"""`cordon validate` on a Code node document: the body checks plus inputs and handles."""

from __future__ import annotations

import json

import pytest

from core.codenode import validate_node
from core.codenode.analysis import analyse
from core.codenode.document import parse_document
from core.packs import default_catalog
from tests.test_codenode_cli import cordon, cordon_here


def node(body: str, inputs=("rows",), outputs=("out",), **extra):
    return parse_document(
        {
            "schemaVersion": 1,
            "body": body,
            "inputs": [{"name": n} for n in inputs],
            "outputs": [{"name": h} for h in outputs],
            **extra,
        }
    )


def found(doc) -> list[tuple[int | None, str, str]]:
    return [(d.line, d.severity, d.rule) for d in validate_node(doc, catalog=default_catalog())]


def test_a_correct_node_has_no_findings():
    doc = node("let n = 0;\nfor (const r of inputs.rows) { n++; await emit('out', r); }\nstate.total = n;")
    assert found(doc) == []


def test_undeclared_inputs_and_handles_are_errors_at_their_line():
    doc = node("const {rows, limt} = inputs;\nconst x = inputs.row;\nawait emit('outt', x);\nawait output('out', 1);")
    assert found(doc) == [
        (1, "error", "undeclared-input"),
        (2, "error", "undeclared-input"),
        (3, "error", "undeclared-handle"),
    ]
    messages = " ".join(d.message for d in validate_node(doc))
    assert "inputs.limt is not a declared input of this node (declared: 'rows')" in messages
    assert "'outt' is not a declared output handle of this node (declared: 'out')" in messages


def test_a_declared_handle_nothing_writes_warns_unless_writes_are_computed():
    doc = node("await output('out', 1);", inputs=(), outputs=("out", "extra"))
    assert found(doc) == [(None, "warning", "handle-never-written")]
    computed = node("for (const h of ['out', 'extra']) await output(h, 1);", inputs=(), outputs=("out", "extra"))
    assert found(computed) == []


def test_streaming_body_reading_its_stream_through_inputs_and_unknown_streams():
    doc = node(
        "for await (const r of stream('rows')) {}\nconst n = inputs.rows;\nawait stream.first('rowz');\n"
        "await output('out', n);"
    )
    assert found(doc) == [(2, "error", "stream-input-read"), (3, "error", "undeclared-input")]


def test_legacy_body_warns_and_declared_packs_are_checked():
    assert found(node("({ out: inputs.rows.length })")) == [(None, "warning", "legacy-contract")]
    packs = node(
        'import yaml from "@cordon/sandbox-yaml";\nawait output("out", yaml.load("a: 1"));',
        inputs=(),
        packages=[{"specifier": "@cordon/sandbox-csv"}],
    )
    assert sorted(found(packs), key=str) == sorted(
        [(1, "warning", "import-not-declared"), (None, "warning", "declaration-unused")], key=str
    )


def test_cordon_validate_accepts_a_node_document(tmp_path, capsys):
    good = {
        "schemaVersion": 1,
        "body": "await output('out', inputs.rows);",
        "inputs": [{"name": "rows"}],
        "outputs": [{"name": "out"}],
    }
    (tmp_path / "good.node.json").write_text(json.dumps(good))
    code, out, _ = cordon("validate", "good.node.json", "--json", cwd=tmp_path)
    assert code == 0 and out == {"ok": True, "diagnostics": []}
    (tmp_path / "bad.node.json").write_text(json.dumps({**good, "body": "await emit('nope', inputs.x);"}))
    code, out = cordon_here(capsys, "validate", str(tmp_path / "bad.node.json"))
    assert code == 1 and {d["rule"] for d in out["diagnostics"]} == {
        "undeclared-handle",
        "undeclared-input",
        "handle-never-written",
        "input-never-read",  # 'rows' is declared and no longer read
    }
    (tmp_path / "newer.node.json").write_text(json.dumps({**good, "schemaVersion": 3}))
    code, out = cordon_here(capsys, "validate", str(tmp_path / "newer.node.json"))
    assert code == 2 and "schemaVersion 3" in out["error"]


@pytest.mark.parametrize(
    ("body", "legacy", "streaming"),
    [
        ("return 1", True, False),
        ("bus.emit('x'); const s = 'output'; // emit(\n({ stream: 1 })", True, False),
        ("const send = emit;", False, False),
        ("const o = { output };", False, False),
        ("for await (const x of stream('a')) {}\nreturn x", True, True),
        ("const verbs = { stream };\nawait output('o', verbs)", False, True),
    ],
)
def test_the_body_decides_its_contract_and_mode_by_mention(body, legacy, streaming):
    facts = analyse(body)
    assert (facts.legacy, facts.streaming) == (legacy, streaming)
