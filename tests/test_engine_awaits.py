"""Async host calls settle their guest promises from their own host task (core/engine/driver.py
`_run_async`): replies land in the order the calls finish, an entry left pending after the last
reply is a deadlock, and what the guest does after a reply ends the run as before. A sequential
await's next call runs on in the task whose reply started it, a bounded number in a row."""

from __future__ import annotations

import asyncio
import threading

from core import CancelHandle, RunHooks, RunServices, Surface, run_in_sandbox
from core.bridges.base import Op
from core.engine import driver
from tests.conftest import ok


def _gate_surface() -> Surface:
    """`first()` finishes only once `second()` has run, so the second call's reply comes first."""
    opened: asyncio.Event | None = None

    def gate() -> asyncio.Event:
        nonlocal opened
        if opened is None:
            opened = asyncio.Event()
        return opened

    async def first(scope) -> str:
        await gate().wait()
        return "first"

    async def second(scope) -> str:
        gate().set()
        return "second"

    async def echo(scope, value):
        return value

    return Surface(
        "gate",
        {"gate.first": Op(first), "gate.second": Op(second), "gate.echo": Op(echo)},
        'C.define("first", () => C.call("gate.first"));\n'
        'C.define("second", () => C.call("gate.second"));\n'
        'C.define("echo", (x) => C.call("gate.echo", x));',
        ("first", "second", "echo"),
    )


def _run(code: str):
    return run_in_sandbox(code, services=RunServices(surfaces=(_gate_surface(),)))


def test_replies_settle_in_the_order_the_host_calls_finish():
    code = """
    const order = [];
    await Promise.all([first().then((v) => order.push(v)), second().then((v) => order.push(v))]);
    return order;
    """
    assert ok(_run(code)) == ["second", "first"]


def test_sequential_awaits_each_see_their_own_reply():
    code = "let acc = 0; for (let i = 0; i < 100; i++) acc += await echo(i); return acc;"
    assert ok(_run(code)) == 4950


def test_an_entry_still_pending_after_the_last_reply_is_a_deadlock():
    result = _run("await echo(1); await new Promise(() => {}); return 'never';")
    assert not result.ok
    assert result.error.rule == "deadlock"


def test_a_throw_after_a_reply_ends_the_run_with_the_guest_error():
    result = _run("const v = await echo('boom'); throw new TypeError(v);")
    assert not result.ok
    assert (result.error.name, result.error.message) == ("TypeError", "boom")


def test_a_reply_after_the_entry_returned_goes_nowhere():
    # first() is still waiting when the body returns; second() lets it finish during the teardown.
    assert ok(_run("first(); second(); return 'done';")) == "done"


def test_a_loop_after_a_reply_is_stopped_at_the_deadline():
    # The loop runs inside the host task's settle call: the stop still interrupts it and names the rule.
    result = run_in_sandbox(
        "await echo(1); while (true) {}",
        limits={"timeoutMs": 300},
        services=RunServices(surfaces=(_gate_surface(),)),
    )
    assert not result.ok
    assert result.error.rule == "timeout"


def test_a_chain_of_calls_that_never_suspend_still_lets_the_loop_run_its_timers():
    """Each call runs in the task whose reply started it, so without a bound a guest awaiting calls
    that complete at once would keep the loop from `sleep`'s timer for the whole run."""
    code = """
    let fired = false;
    sleep(5).then(() => { fired = true; });
    let n = 0;
    while (!fired) await echo(n++);
    return n;
    """
    result = run_in_sandbox(code, limits={"timeoutMs": 5000}, services=RunServices(surfaces=(_gate_surface(),)))
    assert ok(result) > driver.CHAINED_CALLS


def test_a_long_chain_of_awaits_is_cancelled_and_the_next_run_is_healthy():
    cancel = CancelHandle()
    threading.Timer(0.2, cancel.cancel).start()
    result = run_in_sandbox(
        "for (;;) await echo(1);",
        limits={"timeoutMs": 60_000},
        hooks=RunHooks(cancel=cancel),
        services=RunServices(surfaces=(_gate_surface(),)),
    )
    assert not result.ok and result.error.rule == "cancelled", result.error
    assert result.timings["run_ms"] < 30_000
    assert ok(_run("let acc = 0; for (let i = 0; i < 40; i++) acc += await echo(i); return acc;")) == 780


def test_concurrent_calls_started_during_a_chain_each_get_their_reply():
    code = """
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const [a, b, c] = await Promise.all([echo(i), echo(i + 1), echo(i + 2)]);
      total += a + b + c;
    }
    return total;
    """
    assert ok(_run(code)) == sum(3 * i + 3 for i in range(50))
