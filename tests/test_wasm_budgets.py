"""WASM budgets: per-call deadline, call count, concurrency, aggregate time, cancellation.

Each budget fails with its named rule, and the next run is healthy. No timing
assertions: deadlines are shown by *which* rule stopped a call that would
otherwise never end, and concurrency by the highest count of calls in flight.
"""

from __future__ import annotations

import threading

import pytest

from core import CancelHandle, RunHooks, RunServices, run_in_sandbox
from core.packs import Catalog, resolve_body
from core.packs.wasm.runtime import PROCESS_MAX_CALLS, pool
from tests.conftest import ok, until
from tests.wasm_packs import KITCHEN_EXPORTS, KITCHEN_WAT, catalog_of, dispatcher_of, run_body, wasm, write_pack

HEALTHY = 'import { add } from "kitchen/wasm"; return await add(20, 22);'
#: Iterations of `count` that keep a worker busy for a while (~10-50 ms here).
BUSY = 20_000_000


@pytest.fixture(scope="module")
def kitchen(tmp_path_factory) -> Catalog:
    root = tmp_path_factory.mktemp("packs")
    write_pack(root, "kitchen", wasm(KITCHEN_WAT), exports=KITCHEN_EXPORTS)
    write_pack(
        root,
        "lowered",
        wasm(KITCHEN_WAT),
        exports=KITCHEN_EXPORTS,
        entry={"wasmCallTimeoutMs": 100, "wasmMaxCalls": 3, "wasmMaxConcurrency": 1},
    )
    write_pack(
        root,
        "greedy",
        wasm(KITCHEN_WAT),
        exports=KITCHEN_EXPORTS,
        entry={"wasmCallTimeoutMs": 600_000, "wasmMaxCalls": 100_000},
    )
    return catalog_of(root)


def healthy(catalog: Catalog) -> None:
    assert ok(run_body(catalog, HEALTHY)[0]) == 42


# -- per-call deadline ----------------------------------------------------------------------
def test_infinite_loop_meets_the_per_call_deadline(kitchen):
    result, resolution = run_body(
        kitchen, 'import { spin } from "kitchen/wasm"; await spin(); return 1;', limits={"wasmCallTimeoutMs": 150}
    )
    assert not result.ok and result.error.rule == "wasm-call-timeout" and result.error.name == "TimeoutError"
    assert "150 ms" in result.error.message
    assert dispatcher_of(resolution).stats["calls"] == 1
    healthy(kitchen)


def test_the_guest_can_catch_a_deadline_and_go_on(kitchen):
    result, _ = run_body(
        kitchen,
        """
        import { spin, add } from "kitchen/wasm";
        try { await spin(); } catch (e) { return [e.rule, await add(1, 1)]; }
    """,
        limits={"wasmCallTimeoutMs": 100},
    )
    assert ok(result) == ["wasm-call-timeout", 2]


def test_a_pack_may_lower_the_deadline(kitchen):
    result, _ = run_body(kitchen, 'import { spin } from "lowered/wasm"; await spin();')
    assert not result.ok and result.error.rule == "wasm-call-timeout" and "100 ms" in result.error.message


def test_a_pack_cannot_raise_a_budget(kitchen):
    result, _ = run_body(
        kitchen, 'import { spin } from "greedy/wasm"; await spin();', limits={"wasmCallTimeoutMs": 120}
    )
    assert not result.ok and result.error.rule == "wasm-call-timeout" and "120 ms" in result.error.message
    many, _ = run_body(
        kitchen,
        """
        import { add } from "greedy/wasm";
        let n = 0;
        try { for (;;) { await add(1, 1); n++; } } catch (e) { return [n, e.rule]; }
    """,
    )
    assert ok(many) == [256, "wasm-max-calls"]


def test_the_run_timeout_stops_a_wasm_call(kitchen):
    result, _ = run_body(kitchen, 'import { spin } from "kitchen/wasm"; await spin();', limits={"timeoutMs": 300})
    assert not result.ok and result.error.rule == "timeout"
    healthy(kitchen)


# -- call count ---------------------------------------------------------------------------
def test_call_count(kitchen):
    result, resolution = run_body(
        kitchen,
        """
        import { add } from "kitchen/wasm";
        let n = 0;
        try { for (let i = 0; i < 10; i++) { await add(i, 1); n++; } } catch (e) { return [n, e.rule, e.message]; }
    """,
        limits={"wasmMaxCalls": 5},
    )
    n, rule, message = ok(result)
    assert (n, rule) == (5, "wasm-max-calls") and "at most 5 per run" in message
    assert dispatcher_of(resolution).stats["calls"] == 5
    healthy(kitchen)


def test_call_count_default_in_promise_all(kitchen):
    result, _ = run_body(
        kitchen,
        """
        import { add } from "kitchen/wasm";
        const all = await Promise.allSettled(Array.from({ length: 300 }, (_, i) => add(i, 0)));
        return [all.filter(r => r.status === "fulfilled").length, all.find(r => r.status === "rejected").reason.rule];
    """,
    )
    assert ok(result) == [256, "wasm-max-calls"]


def test_a_pack_may_lower_the_call_count(kitchen):
    result, _ = run_body(
        kitchen,
        """
        import { add } from "lowered/wasm";
        let n = 0;
        try { for (;;) { await add(1, 1); n++; } } catch (e) { return [n, e.rule, e.message]; }
    """,
    )
    n, rule, message = ok(result)
    assert (n, rule) == (3, "wasm-max-calls") and "lowered/wasm" in message


# -- concurrency ----------------------------------------------------------------------------
def test_promise_all_respects_the_per_run_concurrency_cap(kitchen):
    result, resolution = run_body(
        kitchen,
        f"""
        import {{ count }} from "kitchen/wasm";
        return await Promise.all(Array.from({{ length: 6 }}, () => count({BUSY})));
    """,
    )
    assert ok(result) == [BUSY] * 6
    stats = dispatcher_of(resolution).stats
    assert stats["calls"] == 6 and 1 <= stats["peak_running"] <= 2
    print("peak calls in flight for 6 calls in Promise.all:", stats["peak_running"])


def test_a_pack_may_lower_concurrency(kitchen):
    result, resolution = run_body(
        kitchen,
        f"""
        import {{ count }} from "lowered/wasm";
        return await Promise.all([count({BUSY}), count({BUSY}), count({BUSY})]);
    """,
    )
    assert ok(result) == [BUSY] * 3
    assert dispatcher_of(resolution).stats["peak_running"] == 1


def test_process_wide_cap_across_concurrent_runs(kitchen):
    code = f"""
        import {{ count }} from "kitchen/wasm";
        return await Promise.all(Array.from({{ length: 4 }}, () => count({BUSY})));
    """
    results: list = []

    def one() -> None:
        results.append(run_body(kitchen, code)[0])

    threads = [threading.Thread(target=one) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [ok(r) for r in results] == [[BUSY] * 4] * 3
    assert pool().peak_running <= PROCESS_MAX_CALLS
    print("process-wide peak calls in flight:", pool().peak_running)


# -- aggregate WASM time ----------------------------------------------------------------------
def test_aggregate_wasm_time(kitchen):
    result, resolution = run_body(
        kitchen,
        """
        import { spin } from "kitchen/wasm";
        const rules = [];
        for (let i = 0; i < 10; i++) {
          try { await spin(); } catch (e) { rules.push(e.rule); if (e.rule !== "wasm-call-timeout") break; }
        }
        return rules;
    """,
        limits={"wasmCallTimeoutMs": 150, "wasmAggregateMs": 400},
    )
    rules = ok(result)
    assert rules[-1] == "wasm-time-budget" and set(rules[:-1]) == {"wasm-call-timeout"}
    assert 0.35 <= dispatcher_of(resolution).stats["wasm_s"] < 10  # the budget was spent (timer granularity)
    after, _ = run_body(
        kitchen,
        'import { spin } from "kitchen/wasm"; try { await spin(); } catch (e) { return e.rule; }',
        limits={"wasmCallTimeoutMs": 50, "wasmAggregateMs": 400},
    )
    assert ok(after) == "wasm-call-timeout"  # a fresh run has a fresh budget
    healthy(kitchen)


# -- cancellation -------------------------------------------------------------------------------
def test_cancelling_the_run_interrupts_the_wasm_call_in_flight(kitchen):
    code = 'import { spin } from "kitchen/wasm"; await spin();'
    resolution = resolve_body(code, catalog=kitchen)
    assert resolution is not None
    cancel = CancelHandle()
    box: list = []
    before = pool().outcomes["cancelled"]
    runner = threading.Thread(
        target=lambda: box.append(
            run_in_sandbox(
                code,
                hooks=RunHooks(cancel=cancel),
                services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces),
            )
        )
    )
    runner.start()
    until(lambda: pool().running > 0, "the call to be on a worker")  # its default 5 s deadline is far away
    cancel.cancel()
    runner.join()
    assert not box[0].ok and box[0].error.rule == "cancelled"
    until(lambda: not pool().running, "the worker to be free")
    # Interrupted by the cancel, not by the 5 s per-call deadline.
    assert pool().outcomes["cancelled"] == before + 1
    healthy(kitchen)
