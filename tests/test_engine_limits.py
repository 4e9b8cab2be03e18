"""Every limit stops the guest with a clear error naming it; the next run is healthy."""

from __future__ import annotations

import threading
import time

import pytest

from core import CEILINGS, CancelHandle, LimitsError, RunHooks, SandboxLimits, resolve_limits
from tests.conftest import WAIT_S, ok

FAST = {"timeoutMs": 700}


def assert_healthy(run):
    assert ok(run("return 1 + 1")) == 2


@pytest.mark.parametrize(
    "code",
    [
        "while (true) {}",
        "return /^(a+)+$/.test('a'.repeat(30) + 'b')",
        "return new Array(2 ** 28).join('x').length",
        "for (;;) await null",
        "const spin = () => { Promise.resolve().then(spin); }; spin(); await new Promise(() => {});",
    ],
    ids=["loop", "catastrophic-regex", "huge-join", "microtask-storm", "promise-chain-storm"],
)
def test_deadline(run, code):
    result = run(code, limits=FAST)
    assert not result.ok
    assert result.error.name == "TimeoutError"
    assert result.error.rule == "timeout"
    assert "timeoutMs" in result.error.message
    assert_healthy(run)


def test_wall_clock_counts_host_awaits(run):
    result = run("await sleep(5000); return 1", limits={"timeoutMs": 300})
    assert not result.ok and result.error.rule == "timeout"


@pytest.mark.parametrize(
    "code",
    [
        "let a = []; for (;;) a.push({ x: a.length });",
        "const a = []; for (let i = 0; i < 200; i++) a.push('x'.repeat(1 << 20) + i); return a.length",
        "const a = []; for (;;) a.push(new Uint8Array(1 << 20));",
    ],
    ids=["heap-bomb", "big-strings", "typed-arrays"],
)
def test_memory_limit(run, code):
    result = run(code)
    assert not result.ok
    assert result.error.name == "MemoryLimitError"
    assert result.error.rule == "memory-limit"
    assert_healthy(run)


def test_string_doubling_bomb(run):
    result = run("let s = 'x'; for (;;) s = s + s;")
    assert not result.ok and result.error.rule == "memory-limit"
    assert_healthy(run)


def test_lower_memory_limit_bites_earlier(run):
    result = run(
        "const a = []; for (let i = 0; i < 40; i++) a.push('y'.repeat(1 << 20) + i); return a.length",
        limits={"memoryLimitBytes": 16 * 1024 * 1024},
    )
    assert not result.ok and result.error.rule == "memory-limit"
    assert ok(run("const a = []; for (let i = 0; i < 40; i++) a.push('y'.repeat(1 << 20) + i); return a.length")) == 40


def test_deep_recursion(run):
    result = run("function f(n) { return f(n + 1) + 1; } return f(0);")
    assert not result.ok
    assert result.error.name == "RangeError" and result.error.rule == "stack-limit"
    assert_healthy(run)


def test_moderate_recursion_works(run):
    assert ok(run("function f(n) { return n ? f(n - 1) + 1 : 0; } return f(500);")) == 500


def test_cancel_stops_cpu_loop_from_another_thread(run):
    handle = CancelHandle()
    threading.Timer(0.2, handle.cancel).start()
    result = run("while (true) {}", hooks=RunHooks(cancel=handle))
    assert not result.ok
    assert result.error.name == "CancelledError" and result.error.rule == "cancelled"
    assert_healthy(run)


def test_cancel_stops_awaited_bridge_and_later_calls_fail_fast(run):
    handle = CancelHandle()
    threading.Timer(0.2, handle.cancel).start()
    result = run(
        """
        try { await sleep(10000); } catch (e) {}
        try { await sleep(1); return 'bridge still served'; } catch (e) { return e.message; }
    """,
        hooks=RunHooks(cancel=handle),
    )
    assert not result.ok and result.error.rule == "cancelled"
    assert_healthy(run)


def test_cancel_before_start(run):
    handle = CancelHandle()
    handle.cancel()
    result = run("return 1", hooks=RunHooks(cancel=handle))
    assert not result.ok and result.error.rule == "cancelled"


def test_zero_timeout_means_no_timeout_but_cancel_still_works(run):
    handle = CancelHandle()
    threading.Timer(0.3, handle.cancel).start()
    result = run("while (true) {}", limits={"timeoutMs": 0}, hooks=RunHooks(cancel=handle))
    assert result.error.rule == "cancelled"


def test_output_size_truncated_in_the_reference_shape(run):
    result = run("return 'x'.repeat(200000)")
    assert result.ok and result.truncated
    assert result.result == "x" * (100 * 1024) + "\n...[truncated]"
    assert any("maxOutputSize" in w for w in result.warnings)


def test_limits_defaults_and_ceilings():
    limits = resolve_limits(None)
    assert (limits.timeoutMs, limits.memoryLimitBytes, limits.maxStackBytes, limits.maxOutputSize) == (
        30_000,
        64 << 20,
        512 << 10,
        100 << 10,
    )
    raised = resolve_limits(
        {"memoryLimitBytes": 10 << 30, "maxOutputSize": 1 << 40, "fetchMaxCalls": 10_000, "maxStackBytes": 1 << 30}
    )
    assert raised.memoryLimitBytes == CEILINGS["memoryLimitBytes"]
    assert raised.maxOutputSize == CEILINGS["maxOutputSize"]
    assert raised.fetchMaxCalls == CEILINGS["fetchMaxCalls"]
    assert raised.maxStackBytes == CEILINGS["maxStackBytes"]
    assert resolve_limits(SandboxLimits(timeoutMs=5)).timeoutMs == 5


@pytest.mark.parametrize(
    "bad, field",
    [
        ({"memoryLimitBytes": -1}, "memoryLimitBytes"),
        ({"memoryLimitBytes": 0}, "memoryLimitBytes"),
        ({"timeoutMs": "fast"}, "timeoutMs"),
        ({"timeoutMs": True}, "timeoutMs"),
        ({"noSuchLimit": 1}, "noSuchLimit"),
        ({"filesystemAccess": "everything"}, "filesystemAccess"),
        ({"secretScope": "GITHUB_TOKEN"}, "secretScope"),
    ],
)
def test_bad_limits_name_the_field(bad, field):
    with pytest.raises(LimitsError) as info:
        resolve_limits(bad)
    assert field in str(info.value)


def test_bad_limits_reach_the_caller_as_a_failed_result(run):
    result = run("return 1", limits={"timeoutMs": -5})
    assert not result.ok and "timeoutMs" in result.error.message


def test_many_threads_at_once(run):
    results: list = [None] * 8

    def work(i: int) -> None:
        results[i] = run(f"let s = 0; for (let k = 0; k < 20000; k++) s += k; return [{i}, s]")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.result for r in results] == [[i, 199990000] for i in range(8)]


def test_timeouts_in_parallel_threads_are_independent(run):
    out = {}

    looping = threading.Event()

    def slow():
        out["slow"] = run(
            "console.log('looping'); while (true) {}",
            limits={"timeoutMs": 400},
            hooks=RunHooks(on_log=lambda _line: looping.set()),
        )

    t = threading.Thread(target=slow)
    t.start()
    assert looping.wait(WAIT_S)  # the slow run is in its loop before the fast one starts
    out["fast"] = run("return 5")
    t.join()
    assert out["fast"].result == 5 and out["slow"].error.rule == "timeout"


def test_pending_bridge_calls_are_capped(run):
    """A promise costs the guest a few bytes; a pending host call costs the host a task: capped."""
    result = run("""
        const settled = await Promise.allSettled(Array.from({ length: 3000 }, () => sleep(50)));
        const refused = settled.filter((s) => s.status === 'rejected');
        return [settled.length - refused.length, refused.length, refused[0].reason.rule];
    """)
    fulfilled, refused, rule = ok(result)
    assert fulfilled == 1024 and refused == 3000 - 1024 and rule == "too-many-pending"
    assert_healthy(run)


def test_the_timeout_meters_the_guest_not_the_setup(run, monkeypatch):
    """Setup is the host's cost, never charged to `timeoutMs`. Made deterministic: building the
    guest (its template, the last step before the guest's first instruction) takes 400 ms, twice
    the 200 ms budget, and a trivial body still succeeds; a loop still times out. (Before, setup
    was charged: this timed out.)"""
    from core.engine import templates

    real_template_for = templates.template_for

    def slow_template_for(*args, **kwargs):
        time.sleep(0.4)
        return real_template_for(*args, **kwargs)

    monkeypatch.setattr(templates, "template_for", slow_template_for)
    for _ in range(3):
        result = run("return 1", limits={"timeoutMs": 200})
        assert result.ok, (result.error, result.timings)
        assert result.timings["setup_ms"] >= 400
    result = run("while (true) {}", limits={"timeoutMs": 200})
    assert not result.ok and result.error.rule == "timeout"
