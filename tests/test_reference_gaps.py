"""The last reference gaps: bodies from the reference's own tests, its expected results.

The reference is NodeTool's sandbox and Code node (`packages/agents/tests/js-sandbox.test.ts`,
`packages/base-nodes/tests/code-node.test.ts`, `code-node-streaming-input.test.ts`).
"""

from __future__ import annotations

from core import HostServices, RunServices, run_in_sandbox
from core.codenode import NodeRunRequest, run_node
from core.codenode.document import parse_document
from core.media_store import ASSETS, AssetLedger, AssetStore
from tests.conftest import ok


def node(body: str, outputs=("out",), inputs=()):
    return parse_document(
        {
            "schemaVersion": 1,
            "body": body,
            "outputs": [{"name": h} for h in outputs],
            "inputs": [{"name": i} for i in inputs],
            "props": {},
        }
    )


# -- assetToSandbox takes any id the asset store knows ------------------------------------------
def _host(ws, *uris: str) -> RunServices:
    """The host's context: its workspace and the assets it gives the run (the reference's fakeContext)."""
    ledger = AssetLedger()
    for uri in uris:
        ledger.add(uri)
    return RunServices(host=HostServices(workspace=ws).provide(ASSETS, ledger))


def test_asset_to_sandbox_resolves_an_id_the_host_gave_the_asset(tmp_path):
    uri = AssetStore().put(b"file body", name="asset-1")
    # js-sandbox.test.ts, "assetToSandbox forwards to the supplied context"
    result = run_in_sandbox(
        'return await assetToSandbox("asset-1", "downloads/file.txt");', services=_host(tmp_path, uri)
    )
    # The reference's fake context answers its own absolute path; Cordon answers the workspace path.
    assert ok(result) == "downloads/file.txt"
    assert (tmp_path / "downloads" / "file.txt").read_bytes() == b"file body"
    assert ok(run_in_sandbox('return await assetToSandbox("asset://asset-1", "b.txt");', services=_host(tmp_path, uri)))


def test_an_asset_name_unknown_or_not_given_is_refused_in_the_same_words(tmp_path):
    AssetStore().put(b"someone else's", name="theirs")
    words = []
    for name in ("theirs", "no-such-name"):
        result = run_in_sandbox(f'return await assetToSandbox("{name}", "x.bin");', services=_host(tmp_path))
        assert not result.ok and result.error.rule == "asset-not-granted", result
        words.append(result.error.message.replace(name, "<name>"))
    assert words[0] == words[1]  # a run cannot tell which names exist, nor learn a digest
    assert not (tmp_path / "x.bin").exists()
    assert ok(run_in_sandbox("return 1"))  # the next run is healthy


def test_a_name_cannot_leave_the_store(tmp_path):
    for bad in ("../names/x", ".hidden", "a/b"):
        result = run_in_sandbox(f'return await assetToSandbox("{bad}", "x.bin");', services=_host(tmp_path))
        assert not result.ok and result.error.rule == "asset-id-invalid", result


# -- an empty Code-node body returns {} ---------------------------------------------------------
def test_an_empty_body_has_no_outputs_as_in_the_reference():
    # code-node.test.ts, "handles empty code": run("") -> {}; "returns {} for code with only comments"
    for body in ("", "   \n\t", "// just a comment"):
        result = run_node(NodeRunRequest(node(body)))
        assert result.ok, result.error
        assert result.outputs == {} and result.bags == []
    # The sandbox itself still says there is nothing to run (`runInSandbox` with empty code).
    assert run_in_sandbox("").error.rule == "no-code"


# -- legacy yield: one output dict per yielded value ---------------------------------------------
def test_a_legacy_yield_of_several_values_is_one_bag():
    # code-node.test.ts's genProcess bodies, and one yield holding two handles, which the reference's
    # runLegacyStream hands on as one normalizeCodeOutput dict.
    assert run_node(NodeRunRequest(node("yield({ a: 1 }); yield({ b: 2 }); yield({ c: 3 });"))).bags == [
        {"a": 1},
        {"b": 2},
        {"c": 3},
    ]
    assert run_node(NodeRunRequest(node('yield({ a: 1 }); yield(42); yield([1]); yield("hello");'))).bags == [
        {"a": 1},
        {"output": 42},
        {"output": [1]},
        {"output": "hello"},
    ]
    result = run_node(
        NodeRunRequest(
            node(
                "yield({ sum: inputs.x + inputs.y, product: inputs.x * inputs.y }); yield({ done: true });",
                inputs=("x", "y"),
            ),
            inputs={"x": 3, "y": 7},
        )
    )
    assert result.bags == [{"sum": 10, "product": 21}, {"done": True}]
    assert [e.to_json() for e in result.emitted][:2] == [
        {"handle": "sum", "value": 10, "bag": 0},
        {"handle": "product", "value": 21, "bag": 0},
    ]


# -- the streaming entry refuses a body that never mentions stream --------------------------------
def test_the_streaming_entry_refuses_a_body_that_never_calls_stream():
    # code-node-streaming-input.test.ts, "fails clearly when a non-streaming body is routed here"
    result = run_node(
        NodeRunRequest(
            node('await output("x", 1);', outputs=("x",), inputs=("items",)), streams={"items": [1]}, streaming=True
        )
    )
    assert not result.ok and result.error.rule == "stream-not-called"
    assert "never calls stream" in result.error.message
    assert result.invocations == 0 and result.outputs == {}
    streamed = run_node(
        NodeRunRequest(
            node(
                'for await (const item of stream("items")) { await emit("echo", item); }\nawait output("done", true);',
                outputs=("echo", "done"),
                inputs=("items",),
            ),
            streams={"items": ["one"]},
            streaming=True,
        )
    )
    assert streamed.ok and streamed.bags == [{"echo": "one"}] and streamed.outputs == {"done": True}
