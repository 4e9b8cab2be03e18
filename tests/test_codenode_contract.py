"""The emit/output/state contract through the Python API, on the real engine."""

from __future__ import annotations

import threading
import time

import pytest

from core import RunHooks
from core.codenode import EmitQueue, NodeRunRequest, RunSinks, run_node
from core.codenode import contract as contract_module
from core.codenode.document import parse_document
from core.codenode.runner import NodeRunResult
from tests.conftest import WAIT_S, until


def node(body: str, outputs=("out",), inputs=(), **props) -> object:
    return parse_document(
        {
            "schemaVersion": 1,
            "body": body,
            "outputs": [{"name": h} for h in outputs],
            "inputs": list(inputs),
            "props": props,
        }
    )


def test_finals_post_together_and_emissions_arrive_in_order():
    seen: list = []
    bags: list = []
    doc = node(
        """
        const kept = inputs.rows.filter((r) => r.score > inputs.threshold);
        for (const row of kept) await emit("row", row);
        await output("count", kept.length);
        return "ignored";
    """,
        outputs=("row", "count"),
        inputs=[{"name": "rows", "type": "array"}, {"name": "threshold", "default": 10}],
    )
    result = run_node(
        NodeRunRequest(
            doc,
            inputs={"rows": [{"score": 5}, {"score": 11}, {"score": 30}]},
            sinks=RunSinks(on_emit=seen.append, on_outputs=bags.append),
        )
    )
    assert result.ok, result.error
    assert [(e.handle, e.value) for e in result.emitted] == [("row", {"score": 11}), ("row", {"score": 30})]
    assert seen == result.emitted
    assert bags == [{"count": 2}] and result.outputs == {"count": 2}
    assert result.run.warnings == []  # a contract body is not legacy


def test_emitted_values_are_copies_taken_at_the_call():
    result = run_node(NodeRunRequest(node("const o = {n: 1}; await emit('out', o); o.n = 2; await emit('out', o);")))
    assert [e.value for e in result.emitted] == [{"n": 1}, {"n": 2}]


def test_second_output_on_a_handle_is_refused_and_the_next_run_works():
    result = run_node(NodeRunRequest(node("await output('out', 1);\nawait output('out', 2);")))
    assert not result.ok
    assert result.error.rule == "output-twice" and "output('out') was already called" in result.error.message
    assert result.outputs == {}
    again = run_node(NodeRunRequest(node("await output('out', 3);")))
    assert again.ok and again.outputs == {"out": 3}


@pytest.mark.parametrize("verb", ["emit", "output"])
def test_an_undeclared_handle_is_refused_naming_it_and_the_declared_ones(verb):
    result = run_node(NodeRunRequest(node(f"await {verb}('totl', 1);", outputs=("total", "rows"))))
    assert not result.ok and result.error.rule == "undeclared-handle"
    assert f"{verb}('totl'): 'totl' is not a declared output handle" in result.error.message
    assert "(declared: 'total', 'rows')" in result.error.message


def test_a_body_that_throws_keeps_its_emissions_and_drops_its_finals():
    bags: list = []
    result = run_node(
        NodeRunRequest(
            node(
                "await emit('e', 1); await output('f', 2); await emit('e', 3); throw new Error('boom');",
                outputs=("e", "f"),
            ),
            sinks=RunSinks(on_outputs=bags.append),
        )
    )
    assert not result.ok and result.error.message == "boom"
    assert [e.value for e in result.emitted] == [1, 3]
    assert result.outputs == {} and bags == []


def test_an_oversized_value_is_refused_by_the_output_size_limit():
    result = run_node(NodeRunRequest(node("await emit('out', 'x'.repeat(200 * 1024));")))
    assert not result.ok and result.error.rule == "output-too-large"


def test_backpressure_parks_the_emitter_until_the_consumer_makes_room():
    """capacity 1: the second emit resolves only after the consumer took the first item."""
    queue = EmitQueue(capacity=1)
    logs: list[str] = []
    doc = node(
        "for (let i = 0; i < 4; i++) { await emit('out', i); console.log('sent ' + i); }\nawait output('out', 'done');",
        timeout=0.3,
    )
    box: list[NodeRunResult] = []
    worker = threading.Thread(
        target=lambda: box.append(
            run_node(NodeRunRequest(doc, hooks=RunHooks(on_log=logs.append), sinks=RunSinks(emit_queue=queue)))
        )
    )
    worker.start()
    # Item 0 fills the queue; emit(1) is accepted but parked (its promise unresolved).
    until(lambda: len(queue) == 1 and "sent 0" in logs, "the queue to fill")
    time.sleep(0.4)  # longer than the body's timeout: a parked emitter is waiting, not executing
    assert logs == ["sent 0"] and worker.is_alive()
    received = []
    for expected in range(4):
        item = queue.get(timeout=WAIT_S)
        received.append(item.value)
        if expected < 3:
            until(lambda e=expected: f"sent {e + 1}" in logs, f"emit({expected + 1}) to resolve")
    assert queue.get(timeout=WAIT_S) is None  # the runner closes the queue when the node ends
    worker.join(WAIT_S)
    assert received == [0, 1, 2, 3]
    assert box[0].ok, box[0].error
    assert box[0].outputs == {"out": "done"}


def test_a_consumer_that_closes_the_queue_unblocks_a_parked_emitter():
    queue = EmitQueue(capacity=1)
    box: list[NodeRunResult] = []
    worker = threading.Thread(
        target=lambda: box.append(
            run_node(NodeRunRequest(node("for (;;) await emit('out', 1);"), sinks=RunSinks(emit_queue=queue)))
        )
    )
    worker.start()
    until(lambda: len(queue) == 1, "the queue to fill")
    queue.close()
    worker.join(WAIT_S)
    assert box[0].error.rule == "emit-closed"


def test_state_survives_invocations_of_one_run_and_resets_at_the_next():
    doc = node(
        "state.seen = [...(state.seen ?? []), inputs.n];\nawait output('out', state.seen);",
        inputs=[{"name": "n", "type": "number"}],
    )
    first = run_node(NodeRunRequest(doc, streams={"n": [1, 2, 3]}))
    assert first.ok and first.invocations == 3
    assert first.outputs == {"out": [1, 2, 3]} and first.state == {"seen": [1, 2, 3]}
    second = run_node(NodeRunRequest(doc, streams={"n": [7]}))
    assert second.outputs == {"out": [7]}
    # A kernel that invokes the node item by item carries the workflow run's state itself.
    resumed = run_node(NodeRunRequest(doc, streams={"n": [4]}, state=first.state))
    assert resumed.outputs == {"out": [1, 2, 3, 4]}


def test_per_item_mode_gives_each_invocation_its_snapshot_and_posts_a_bag_each():
    bags: list = []
    doc = node(
        "await output('out', `${inputs.a}/${inputs.b}/${inputs.k}`);",
        inputs=[{"name": "a"}, {"name": "b"}, {"name": "k", "default": "cfg"}],
    )
    result = run_node(
        NodeRunRequest(doc, streams={"b": ["b0"], "a": ["a0", "a1"]}, sinks=RunSinks(on_outputs=bags.append))
    )
    # Arrival is round-robin by index across the declared order (a before b).
    assert [b["out"] for b in bags] == ["a0/undefined/cfg", "a0/b0/cfg", "a1/b0/cfg"]
    assert result.invocations == 3 and result.outputs == {"out": "a1/b0/cfg"}


def test_legacy_body_returns_its_outputs_with_a_deprecation_warning():
    keys = run_node(
        NodeRunRequest(
            node(
                "const total = inputs.xs.reduce((a, b) => a + b, 0);\n({ total, n: inputs.xs.length })",
                inputs=[{"name": "xs"}],
            ),
            inputs={"xs": [1, 2, 3]},
        )
    )
    assert keys.ok and keys.outputs == {"total": 6, "n": 3}
    assert any("legacy Code node body" in w and "deprecated" in w for w in keys.run.warnings)
    single = run_node(NodeRunRequest(node("return 41 + 1")))
    assert single.outputs == {"output": 42}
    # Mentioning emit or output at all is the new contract: the return value is ignored.
    modern = run_node(NodeRunRequest(node("await output('out', 1); return {ignored: true}")))
    assert modern.outputs == {"out": 1} and modern.run.warnings == []


def test_inputs_are_declared_and_typed_and_never_globals():
    doc = node("await output('out', [typeof env, inputs.env]);", inputs=[{"name": "env", "type": "string"}])
    result = run_node(NodeRunRequest(doc, inputs={"env": "shadow?"}))
    assert result.outputs == {"out": ["undefined", "shadow?"]}
    unknown = run_node(NodeRunRequest(doc, inputs={"enx": "x"}))
    assert unknown.error.rule == "undeclared-input" and "(declared: 'env')" in unknown.error.message
    typed = run_node(NodeRunRequest(doc, inputs={"env": 5}))
    assert typed.error.rule == "input-type"


def test_a_pack_no_install_serves_fails_the_node_before_any_guest_starts():
    logs: list[str] = []
    doc = node('import nope from "@acme/not-installed";\nconsole.log("ran");\nawait output("out", 1);')
    result = run_node(NodeRunRequest(doc, hooks=RunHooks(on_log=logs.append)))
    assert not result.ok and result.invocations == 0 and logs == []
    assert result.error.rule == "pack-not-installed" and "@acme/not-installed" in result.error.message


def test_version_and_digest_drift_only_warn():
    doc = parse_document(
        {
            "schemaVersion": 1,
            "outputs": [{"name": "out"}],
            "body": 'import { parse } from "@cordon/sandbox-csv";\nawait output("out", await parse("a\\n1", { header: false }));',
            "packages": [
                {
                    "specifier": "@cordon/sandbox-csv",
                    "resolvedPackVersion": "0.0.1",
                    "contentDigest": "sha256:" + "0" * 64,
                }
            ],
        }
    )
    result = run_node(NodeRunRequest(doc))
    assert result.ok, result.error
    assert result.outputs == {"out": [["a"], ["1"]]}
    warned = " ".join(result.run.warnings)
    assert "declaration-version-mismatch" in warned and "declaration-digest-mismatch" in warned


def test_what_a_run_keeps_for_its_result_is_bounded_but_delivery_is_not(monkeypatch):
    monkeypatch.setattr(contract_module, "RETAINED_BYTES", 100)
    seen: list = []
    result = run_node(
        NodeRunRequest(
            node("for (let i = 0; i < 5; i++) await emit('out', 'x'.repeat(30));"), sinks=RunSinks(on_emit=seen.append)
        )
    )
    assert result.ok and len(seen) == 5 and len(result.emitted) == 3
    assert any("not kept in the result" in w for w in result.run.warnings)
    chatty = run_node(
        NodeRunRequest(
            node("for (let i = 0; i < 600; i++) console.log(i);", inputs=[{"name": "n"}]), streams={"n": [1, 2]}
        )
    )
    assert chatty.invocations == 2 and len(chatty.run.logs) == 1001
    assert "limit maxConsoleLines" in chatty.run.logs[-1]


def test_the_contract_reaches_its_ops_by_a_typed_key_never_by_a_string():
    """`HostServices.provided` is keyed by `ServiceKey` objects: a host (or a body's run in `cordon run`) that
    provides something under the same *name* reaches nothing, and outside a Code node `emit` is refused."""
    from core import HostServices, RunServices, run_in_sandbox
    from core.bridges.base import ServiceKey

    assert not hasattr(HostServices(), "extra")
    impostor = HostServices().provide(ServiceKey("codenode.contract"), object())
    result = run_in_sandbox(
        'await emit("out", 1);',
        services=RunServices(host=impostor, surfaces=(contract_module.SURFACE,)),
    )
    assert not result.ok and result.error.rule == "not-a-code-node"
    base = HostServices()
    assert base.provide(contract_module.CONTRACT, object()).provided and not base.provided  # a new value each time
