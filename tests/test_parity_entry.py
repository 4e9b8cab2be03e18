"""Reference parity of the entry transform and the Code node contract.

Every body here is one the reference (NodeTool's sandbox and Code node) runs, and every expected
value is the reference's: its `serializeResult`/`truncate`, its legacy `yield_` replay and
`normalizeCodeOutput`, its implicit return, its loader refusing `import()`, its `No code provided`,
and its loud failure for a body routed a stream it never reads. All on the real engine; each item
also runs through the CLI the way a script would.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from core import RunServices, run_in_sandbox
from core.cli import main
from core.codenode import EmitQueue, NodeRunRequest, RunSinks, run_node
from core.codenode.document import parse_document
from core.packs import Declaration
from core.validate import validate_code
from tests.conftest import ok
from tests.packfixtures import catalog, make_pack, roots

SUFFIX = "\n...[truncated]"  # the reference's `truncate`: text.slice(0, max) + "\n...[truncated]"
LIMIT = 100 * 1024  # default maxOutputSize


def node(body: str, outputs=("out",), inputs=()) -> object:
    return parse_document(
        {
            "schemaVersion": 1,
            "body": body,
            "outputs": [{"name": h} for h in outputs],
            "inputs": [{"name": i} for i in inputs],
            "props": {},
        }
    )


def emitted(result) -> list[dict]:
    """The bags a legacy body produced, as the reference's genProcess yields them."""
    return result.bags


def cli(capsys, *argv: str) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "exactly one JSON object on stdout"
    return code, json.loads(out)


def write_body(tmp_path: Path, text: str) -> str:
    path = tmp_path / "body.js"
    path.write_text(text, encoding="utf-8")
    return str(path)


def write_node(tmp_path: Path, body: str, outputs=("out",), inputs=()) -> str:
    doc = {
        "schemaVersion": 1,
        "body": body,
        "outputs": [{"name": h} for h in outputs],
        "inputs": [{"name": i} for i in inputs],
    }
    path = tmp_path / "n.node.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


# -- 5. output truncation ----------------------------------------------------------------------
def test_an_oversized_string_result_is_cut_with_the_reference_suffix(run):
    result = run("return 'x'.repeat(200000)")
    assert result.truncated
    assert ok(result) == "x" * LIMIT + SUFFIX
    assert any("maxOutputSize" in w for w in result.warnings)


def test_an_oversized_object_result_becomes_its_json_text_cut(run):
    result = run("return { rows: Array.from({ length: 50000 }, (_, i) => i) }", limits={"maxOutputSize": 4096})
    value = ok(result)
    assert result.truncated and isinstance(value, str)
    assert value == json.dumps({"rows": list(range(50000))}, separators=(",", ":"))[:4096] + SUFFIX


def test_a_result_within_the_limit_is_untouched_and_not_marked(run):
    result = run("return 'x'.repeat(1000)", limits={"maxOutputSize": 1024})
    assert ok(result) == "x" * 1000 and result.truncated is False


def test_cordon_run_json_says_truncated(capsys, tmp_path):
    code, obj = cli(capsys, "run", write_body(tmp_path, "return 'ab'.repeat(100000)"))
    assert code == 0 and obj["ok"] is True
    assert obj["truncated"] is True and obj["result"] == ("ab" * 100000)[:LIMIT] + SUFFIX
    code, obj = cli(capsys, "run", write_body(tmp_path, "return 1"))
    assert obj["truncated"] is False and obj["result"] == 1


# -- 7. legacy yield(value) ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "bags"),
    [
        ("yield({ a: 1 }); yield({ b: 2 }); yield({ c: 3 });", [{"a": 1}, {"b": 2}, {"c": 3}]),
        ("yield(1); yield(2); yield(3);", [{"output": 1}, {"output": 2}, {"output": 3}]),
        ("yield([1,2]); yield([3,4]);", [{"output": [1, 2]}, {"output": [3, 4]}]),
        (
            'yield({ a: 1 }); yield(42); yield([1]); yield("hello");',
            [{"a": 1}, {"output": 42}, {"output": [1]}, {"output": "hello"}],
        ),
        ("yield(null); yield({ a: 1 }); yield(undefined); yield({ b: 2 });", [{"a": 1}, {"b": 2}]),
        ("yield({ a: await Promise.resolve(1) }); yield({ b: await Promise.resolve(2) });", [{"a": 1}, {"b": 2}]),
        ("for (const n of [1, 2]) { if (n > 1) yield({ n }); else yield ({ first: n }); }", [{"first": 1}, {"n": 2}]),
    ],
    ids=["objects", "primitives", "arrays", "mixed", "null-skipped", "await", "in-control-flow"],
)
def test_legacy_yield_emits_one_bag_per_value_in_order(body, bags):
    result = run_node(NodeRunRequest(node(body)))
    assert result.ok, result.error
    assert emitted(result) == bags
    assert result.outputs == {}  # the run ends with the yielded bags: no final bag


def test_legacy_yield_with_a_return_keeps_the_yields_and_no_return_bag():
    result = run_node(NodeRunRequest(node("yield({ a: 1 }); yield(2); return { b: 3 };")))
    assert result.ok and emitted(result) == [{"a": 1}, {"output": 2}] and result.outputs == {}


def test_legacy_yield_of_bytes_stays_bytes():
    result = run_node(
        NodeRunRequest(node("yield(new Uint8Array([137, 80, 78, 71])); yield({ raw: fromHex('0102') });"))
    )
    assert result.ok and emitted(result) == [{"output": b"\x89PNG"}, {"raw": b"\x01\x02"}]


def test_a_throw_after_some_yields_fails_the_node_and_replays_none():
    result = run_node(NodeRunRequest(node('yield({ a: 1 }); yield({ b: 2 });\nthrow new Error("boom");')))
    assert not result.ok and "boom" in result.error.message and result.error.line == 2
    assert result.emitted == []
    assert run_node(NodeRunRequest(node("yield({ after: true });"))).ok  # the next run is healthy


def test_yields_are_bounded_by_value_and_in_all_and_the_next_run_is_healthy():
    too_big = run_node(NodeRunRequest(node('yield("x".repeat(200000));')))
    assert not too_big.ok and too_big.error.rule == "output-too-large"
    too_many = run_node(
        NodeRunRequest(node('const s = "x".repeat(100000);\nfor (let i = 0; i < 400; i++) yield(s + i);'))
    )
    assert not too_many.ok and too_many.error.rule == "yield-limit" and too_many.emitted == []
    assert emitted(run_node(NodeRunRequest(node("yield(1);")))) == [{"output": 1}]


def test_real_generators_keep_their_yield_beside_legacy_yields():
    result = run_node(
        NodeRunRequest(
            node("""
        function* gen() { yield 1; yield 2; }
        const o = { *pairs() { yield* [3, 4]; } };
        async function* later() { yield 5; }
        const all = [...gen(), ...o.pairs()];
        for await (const v of later()) all.push(v);
        yield({ all });""")
        )
    )
    assert result.ok, result.error
    assert emitted(result) == [{"all": [1, 2, 3, 4, 5]}]


def test_a_body_importing_a_pack_yields_too_and_sees_no_yield_global(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/p", files={"index.js": "export default 'p';\n"})
    body = 'import p from "@acme/p";\nyield({ p, seen: typeof globalThis.__cordon_yield });'
    result = run_node(NodeRunRequest(node(body), catalog=catalog(tmp_path)))
    assert result.ok, result.error
    assert emitted(result) == [{"p": "p", "seen": "undefined"}]  # one yield, one bag


def test_yielded_values_reach_on_emit_and_the_emit_queue_in_order():
    seen: list = []
    queue = EmitQueue(capacity=1)  # smaller than the yields: the replay waits for the consumer
    drained: list = []
    consumer = threading.Thread(target=lambda: drained.extend(queue))
    consumer.start()
    result = run_node(
        NodeRunRequest(
            node("for (let i = 0; i < 5; i++) yield({ i });"), sinks=RunSinks(on_emit=seen.append, emit_queue=queue)
        )
    )
    consumer.join(20)
    assert result.ok
    assert [e.value for e in seen] == [e.value for e in drained] == [0, 1, 2, 3, 4]


def test_a_body_on_the_emit_contract_does_not_get_the_legacy_yield():
    result = run_node(NodeRunRequest(node("await emit('out', 1);\nyield(2);")))
    assert not result.ok and result.error.name == "SyntaxError"


def test_cordon_node_run_prints_the_yielded_bags(capsys, tmp_path):
    code, obj = cli(capsys, "node", "run", write_node(tmp_path, "yield({ a: 1 }); yield(2);"))
    assert code == 0 and obj["ok"] is True
    # Each emission names the yield it came from, so a consumer can rebuild the reference's bags.
    assert obj["emitted"] == [{"handle": "a", "value": 1, "bag": 0}, {"handle": "output", "value": 2, "bag": 1}]


# -- 8. implicit return of a trailing object literal ------------------------------------------------
@pytest.mark.parametrize(
    ("body", "outputs"),
    [
        ('const msg = "please return item";\n{ msg }', {"msg": "please return item"}),
        ("const a = 1, b = 2;\n{ a, b }", {"a": 1, "b": 2}),
        ("const a = 1;\n{ a, b: 2 }", {"a": 1, "b": 2}),
        ("{ sum: 3 + 4 }", {"sum": 7}),
        (
            "const a = 1;\n{ a, nested: { b: [a, { c: a + 1 }] }, ...{ d: 4 } }",
            {"a": 1, "nested": {"b": [1, {"c": 2}]}, "d": 4},
        ),
        ("const x = 1;\n{\n  x,\n  y: 2,\n}\n// a trailing comment", {"x": 1, "y": 2}),
        ("// return value\n{ val: 42 }", {"val": 42}),
    ],
    ids=["shorthand", "two-shorthands", "mixed", "pair", "nested", "multi-line", "comment-with-return"],
)
def test_a_trailing_object_literal_is_returned_in_every_form(body, outputs):
    result = run_node(NodeRunRequest(node(body)))
    assert result.ok, result.error
    assert result.outputs == outputs


def test_a_trailing_block_of_statements_is_still_a_block():
    result = run_node(NodeRunRequest(node("let z = 0;\n{ z = 5; z++ }")))
    assert result.ok and result.outputs == {}


def test_cordon_node_run_returns_the_shorthand_object(capsys, tmp_path):
    code, obj = cli(capsys, "node", "run", write_node(tmp_path, "const msg = 'hi';\n{ msg }", outputs=("msg",)))
    assert code == 0 and obj["outputs"] == {"msg": "hi"}


# -- 9. dynamic import() refused by the loader at run time --------------------------------------
@pytest.fixture
def declared(tmp_path):
    """A run that declares @acme/p: a dynamic import of it would find it, so only the loader stops it."""
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/p", files={"index.js": "globalThis.__loaded = true;\nexport default 'p';\n"})
    resolution = catalog(tmp_path).resolve_for_execution([Declaration(specifier="@acme/p")])

    def run(code: str):
        return run_in_sandbox(code, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces))

    return run


DISGUISES = {
    "plain": 'import("@acme/p")',
    "space": 'import ("@acme/p")',
    "comment": 'import/* x */("@acme/p")',
    "newline": 'import\n("@acme/p")',
    "template": "import(`@acme/p`)",
    "concatenated": 'import("@acme/" + "p")',
    "unicode-escape": 'import("\\u0040acme/p")',
    "computed": 'import(String.fromCharCode(64) + "acme/p")',
    "canonical-id": 'import("pack:@acme/p#index.js")',
    "private-module": 'import("cordon:internal")',
    "node-builtin": 'import("node:fs")',
    "in-arrow": '(() => import("@acme/p"))()',
    "in-then": 'Promise.resolve("@acme/p").then((s) => import(s))',
    "in-class-method": 'new (class { load() { return import("@acme/p"); } })().load()',
}


@pytest.mark.parametrize("expr", DISGUISES.values(), ids=DISGUISES.keys())
def test_every_dynamic_import_disguise_fails_closed_as_a_catchable_refusal(declared, expr):
    result = declared(f"""
        let caught;
        try {{ const m = await {expr}; caught = ["loaded", String(m && m.default)]; }}
        catch (e) {{ caught = [e.rule, e.message]; }}
        return [caught, typeof globalThis.__loaded];""")
    (rule, message), loaded = ok(result)
    assert rule == "dynamic-import" and message.startswith("dynamic import() is not allowed in the sandbox (requested")
    assert loaded == "undefined", "the pack's module never evaluated"


def test_the_refusal_names_the_rule_and_the_specifier(run):
    caught = ok(run('try { await import("node:fs"); } catch (e) { return [e.name, e.message, e.rule]; }'))
    assert caught == [
        "SandboxError",
        'dynamic import() is not allowed in the sandbox (requested "node:fs") (rule: dynamic-import)',
        "dynamic-import",
    ]


def test_a_body_with_an_import_it_never_reaches_runs(run):
    """The reference compiles the body: only the import() that runs is refused."""
    assert ok(run('const lazy = () => import("node:fs");\nreturn typeof lazy')) == "function"


def test_an_uncaught_refusal_fails_the_run_on_its_line_and_the_next_run_is_healthy(run):
    result = run('const a = 1;\nconst fs = await import("node:fs");\nreturn fs;')
    assert not result.ok and result.error.rule == "dynamic-import" and result.error.line == 2
    assert '(requested "node:fs")' in result.error.message
    assert ok(run("return 2")) == 2


def test_validation_still_reports_dynamic_import_statically():
    found = [(d.line, d.rule) for d in validate_code('const x = 1;\nconst m = await import("node:fs");')]
    assert (2, "dynamic-import") in found


def test_cordon_run_prints_the_caught_refusal(capsys, tmp_path):
    body = write_body(tmp_path, 'try { await import("node:fs"); } catch (e) { return e.message; }')
    code, obj = cli(capsys, "run", body)
    assert code == 0 and obj["result"].startswith(
        'dynamic import() is not allowed in the sandbox (requested "node:fs")'
    )


# -- 10. empty code ----------------------------------------------------------------------------------
@pytest.mark.parametrize("code", ["", "   ", "\n\t \r\n", "\ufeff  \n"], ids=["empty", "spaces", "newlines", "bom"])
def test_blank_code_fails_with_no_code_provided(run, code):
    result = run(code)
    assert not result.ok and result.error.message == "No code provided" and result.error.rule == "no-code"


def test_a_blank_code_node_body_has_no_outputs_as_the_reference_code_node():
    # The reference's Code node runs "" as `return {}` (code-node.test.ts, "handles empty code"); only
    # the sandbox says "No code provided".
    result = run_node(NodeRunRequest(node("  \n")))
    assert result.ok and result.outputs == {}


def test_cordon_run_of_an_empty_file(capsys, tmp_path):
    code, obj = cli(capsys, "run", write_body(tmp_path, "\n\n"))
    assert code == 1 and obj["ok"] is False
    assert obj["error"]["message"] == "No code provided" and obj["error"]["rule"] == "no-code"


# -- 14. input streams given to a body that never calls stream() ------------------------------------
def test_a_body_that_never_calls_stream_is_refused_when_its_streams_bring_nothing():
    result = run_node(
        NodeRunRequest(node("return { n: inputs.numbers };", inputs=("numbers",)), streams={"numbers": []})
    )
    assert not result.ok and result.invocations == 0
    assert result.error.rule == "stream-not-called" and "never calls stream(...)" in result.error.message


def test_the_same_body_still_runs_once_per_item_when_items_arrive():
    result = run_node(
        NodeRunRequest(
            node("return { n: inputs.numbers };", outputs=("n",), inputs=("numbers",)), streams={"numbers": [1, 2]}
        )
    )
    assert result.ok and result.invocations == 2 and result.outputs == {"n": 2}


def test_cordon_node_run_refuses_the_unread_streams(capsys, tmp_path):
    doc = write_node(tmp_path, "return { n: inputs.numbers };", inputs=("numbers",))
    code, obj = cli(capsys, "node", "run", doc, "--input-streams", '{"numbers": []}')
    assert code == 1 and obj["error"]["rule"] == "stream-not-called"
