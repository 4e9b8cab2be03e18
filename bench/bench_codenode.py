"""What the Code node contract costs: per emit, per stream take, per per-item invocation.

    python bench/bench_codenode.py
    BENCH_SCALE=0.3 python bench/bench_codenode.py

Numbers, not assertions. Each figure is the median of a few runs of the whole body,
minus an empty run of the same node, divided by the item count.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-bench-"))

from core.codenode import (
    EmitQueue,
    Grants,
    NodeRunRequest,
    PackDeclaration,
    RunSinks,
    RunTrust,
    plan_node_run,
    run_node,
    settle,
)
from core.codenode.document import parse_document

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
N = max(50, int(2000 * SCALE))
REPEAT = 5


def doc(body: str):
    return parse_document(
        {
            "schemaVersion": 1,
            "body": body,
            "inputs": [{"name": "n"}],
            "outputs": [{"name": "out"}],
            "props": {"timeout": 0},
        }
    )


def timed(fn) -> float:
    samples = []
    for _ in range(REPEAT):
        started = time.perf_counter()
        result = fn()
        samples.append(time.perf_counter() - started)
        assert result.ok, result.error
    return statistics.median(samples)


def planned(document) -> float:
    """The run plan's own cost before a run that asks nothing (`plan_node_run` + `settle`), median, seconds."""
    mine = RunTrust("bench", given=Grants.requested_by(document))  # the person's own document: nothing to ask
    samples = []
    for _ in range(REPEAT * 20):
        started = time.perf_counter()
        settled = settle(plan_node_run(document, trust=mine), prompter=None)  # type: ignore[arg-type]
        samples.append(time.perf_counter() - started)
        assert settled.refusal is None
    return statistics.median(samples)


def main() -> None:
    plain = planned(doc("await output('out', 1);"))
    importing = planned(
        doc('import { parse } from "@cordon/sandbox-csv";\nawait output("out", 1);').model_copy(
            update={"packages": (PackDeclaration(specifier="@cordon/sandbox-csv"),)}
        )
    )
    empty = timed(lambda: run_node(NodeRunRequest(doc("await output('out', 1);"))))
    emit = timed(
        lambda: run_node(NodeRunRequest(doc(f"for (let i = 0; i < {N}; i++) await emit('out', {{i, s: 'row'}});")))
    )
    queue_runs = []

    def with_consumer():
        import threading

        queue = EmitQueue(capacity=16)
        drain = threading.Thread(target=lambda: sum(1 for _ in queue))
        drain.start()
        result = run_node(
            NodeRunRequest(
                doc(f"for (let i = 0; i < {N}; i++) await emit('out', i);"), sinks=RunSinks(emit_queue=queue)
            )
        )
        drain.join()
        queue_runs.append(result)
        return result

    queued = timed(with_consumer)
    stream = timed(
        lambda: run_node(
            NodeRunRequest(
                doc("let s = 0; for await (const v of stream('n')) s += v; await output('out', s);"),
                streams={"n": list(range(N))},
            )
        )
    )
    items = max(20, N // 20)
    per_item = timed(
        lambda: run_node(NodeRunRequest(doc("await output('out', inputs.n);"), streams={"n": list(range(items))}))
    )
    print(f"run plan, nothing to ask       {plain * 1000:8.3f} ms   (plan_node_run + settle)")
    print(f"run plan, a declared pack      {importing * 1000:8.3f} ms   (the catalog already discovered)")
    print(f"empty node run                 {empty * 1000:8.2f} ms")
    print(f"emit (callback only)           {(emit - empty) / N * 1e6:8.1f} us per emit   (N={N})")
    print(f"emit (bounded queue, consumer) {(queued - empty) / N * 1e6:8.1f} us per emit")
    print(f"stream take                    {(stream - empty) / N * 1e6:8.1f} us per item")
    print(f"per-item invocation            {per_item / items * 1000:8.2f} ms per item   ({items} items)")


if __name__ == "__main__":
    main()
