"""Input streams through the Python API: the four verbs, the mode rule, parking, cancellation."""

from __future__ import annotations

import threading
import time

from core import RunHooks
from core.cancel import CancelHandle
from core.codenode import InputStreams, NodeRunRequest, RunSinks, run_node
from core.codenode.document import parse_document
from core.codenode.runner import NodeRunResult
from tests.conftest import WAIT_S, until


def node(body: str, inputs=("numbers",), outputs=("out",), **props):
    return parse_document(
        {
            "schemaVersion": 1,
            "body": body,
            "inputs": [{"name": n} for n in inputs],
            "outputs": [{"name": h} for h in outputs],
            "props": props,
        }
    )


def in_thread(fn) -> tuple[threading.Thread, list[NodeRunResult]]:
    box: list[NodeRunResult] = []
    worker = threading.Thread(target=lambda: box.append(fn()))
    worker.start()
    return worker, box


RUNNING_TOTAL = """
let sum = 0;
for await (const n of stream("numbers")) {
  sum += n;
  await emit("running", sum);
}
await output("total", sum);
"""


def test_a_streaming_body_runs_once_for_the_whole_stream():
    result = run_node(
        NodeRunRequest(node(RUNNING_TOTAL, outputs=("running", "total")), streams={"numbers": [1, 2, 3, 4]})
    )
    assert result.ok, result.error
    assert result.invocations == 1
    assert [e.value for e in result.emitted] == [1, 3, 6, 10]
    assert result.outputs == {"total": 10}


def test_any_interleaves_staged_items_round_robin_and_first_open_behave():
    body = """
      const seen = [];
      for await (const [h, v] of stream.any()) seen.push(h + ":" + v);
      await output("out", { seen, first: await stream.first("a"), open: stream.open("a"), cfg: inputs.k });
    """
    doc = parse_document(
        {
            "schemaVersion": 1,
            "body": body,
            "outputs": [{"name": "out"}],
            "inputs": [{"name": "a"}, {"name": "b"}, {"name": "k", "default": 7}],
        }
    )
    result = run_node(NodeRunRequest(doc, streams={"b": [1, 2, 3], "a": [10]}))
    assert result.outputs["out"] == {"seen": ["a:10", "b:1", "b:2", "b:3"], "open": False, "cfg": 7}


def test_first_takes_one_item_and_open_consumes_nothing():
    body = """
      const before = stream.open("numbers");
      const one = await stream.first("numbers");
      const rest = [];
      for await (const n of stream("numbers")) rest.push(n);
      await output("out", [before, one, rest, stream.open("numbers"), await stream.first("numbers")]);
    """
    result = run_node(NodeRunRequest(node(body), streams={"numbers": [5, 6, 7]}))
    assert result.outputs == {"out": [True, 5, [6, 7], False, None]}


def test_reading_a_connected_handle_through_inputs_in_a_streaming_body_is_refused():
    doc = node("const x = inputs.numbers;\nfor await (const n of stream('numbers')) {}\nawait output('out', x);")
    result = run_node(NodeRunRequest(doc, streams={"numbers": [1]}))
    assert result.error.rule == "stream-input-read" and result.invocations == 0
    assert "line 1: inputs.numbers" in result.error.message and 'stream("numbers")' in result.error.message


def test_an_undeclared_stream_name_is_refused_naming_the_declared_inputs():
    result = run_node(NodeRunRequest(node("for await (const n of stream('numbrs')) {}"), streams={"numbers": [1]}))
    assert result.error.rule == "undeclared-input"
    assert (
        "'numbrs' is not a declared input" in result.error.message and "(declared: 'numbers')" in result.error.message
    )


def test_time_parked_on_a_take_is_not_charged_to_the_timeout():
    """A 0.4 s timeout, an upstream that takes longer than that in total: the body still succeeds."""
    feed = InputStreams(["numbers"])
    worker, box = in_thread(
        lambda: run_node(NodeRunRequest(node(RUNNING_TOTAL, outputs=("running", "total"), timeout=0.4), streams=feed))
    )
    for n in (1, 2, 3):
        until(lambda: feed.parked == 1, "the body to park on its take")
        time.sleep(0.25)  # the behaviour under test: time spent parked, 0.75 s in all, past the 0.4 s timeout
        feed.push("numbers", n)
    until(lambda: feed.parked == 1, "the last take")
    feed.close()
    worker.join(WAIT_S)
    assert box[0].ok, box[0].error
    assert box[0].outputs == {"total": 6}
    # The timeout still meters the body's own work.
    busy = run_node(
        NodeRunRequest(
            node("for await (const n of stream('numbers')) {} for (;;) {}", timeout=0.4), streams={"numbers": [1]}
        )
    )
    assert busy.error.rule == "timeout"


def test_cancelling_a_parked_take_unparks_it_and_the_host_stays_usable():
    feed = InputStreams(["numbers"])
    cancel = CancelHandle()
    worker, box = in_thread(
        lambda: run_node(
            NodeRunRequest(
                node(RUNNING_TOTAL, outputs=("running", "total"), timeout=0),
                streams=feed,
                hooks=RunHooks(cancel=cancel),
            )
        )
    )
    until(lambda: feed.parked == 1, "the body to park")
    cancel.cancel()
    worker.join(WAIT_S)
    assert not worker.is_alive()
    assert box[0].error.rule == "cancelled"
    assert feed.parked == 0
    assert run_node(NodeRunRequest(node(RUNNING_TOTAL, outputs=("running", "total")), streams={"numbers": [2]})).ok


def test_cancelling_a_per_item_node_waiting_for_its_next_item():
    feed = InputStreams(["numbers"])
    cancel = CancelHandle()
    calls: list = []
    worker, box = in_thread(
        lambda: run_node(
            NodeRunRequest(
                node("await output('out', inputs.numbers);"),
                streams=feed,
                hooks=RunHooks(cancel=cancel),
                sinks=RunSinks(on_outputs=calls.append),
            )
        )
    )
    feed.push("numbers", 1)
    until(lambda: calls == [{"out": 1}], "the first invocation")
    cancel.cancel()
    worker.join(WAIT_S)
    assert box[0].invocations == 1 and box[0].error.rule == "cancelled"


def test_a_per_item_body_cannot_take_from_streams_through_a_computed_name():
    took = run_node(
        NodeRunRequest(node("for await (const n of globalThis['str' + 'eam']('numbers')) {}"), streams={"numbers": [1]})
    )
    assert took.error.rule == "not-a-stream-run"
