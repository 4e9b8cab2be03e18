"""Cordon's own guest and its driver: the shipped module, the pre-initialised image, crossings, traps."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import wasmtime

from core import CancelHandle, RunHooks, RunServices, run_in_sandbox
from core.bridges.base import Op, Surface
from core.engine import driver, image, templates
from core.engine.prelude import build_prelude
from tests.conftest import ok

#: A surface of its own gives these tests a template no other test shares (so baking it is theirs).
PROBE = Surface(
    "guest-probe",
    {"probe.echo": Op(lambda scope, x: _echo(x))},
    'C.define("probeEcho", (x) => C.call("probe.echo", x));',
    ("probeEcho",),
)


async def _echo(x):
    return x


def baked_template() -> templates.GuestTemplate:
    """The PROBE prelude's template with its image module compiled now (not after it gets hot)."""
    assert ok(run_in_sandbox("return 1", services=RunServices(surfaces=(PROBE,)))) == 1
    driver.wait_for_compile()  # images are baked on Cranelift only, never on Winch's first runs
    template = templates._templates[build_prelude((PROBE,))]
    if template.module is None:
        template._bake()
    assert template.module is not None
    return template


def test_the_guest_is_cordons_own_module():
    module = driver.install().module
    imports = {(i.module, i.name) for i in module.imports}
    assert {m for m, _ in imports} == {"cordon", "wasi_snapshot_preview1"}
    assert {n for m, n in imports if m == "cordon"} == {"call", "normalize", "load", "reply", "compiled"}
    assert {e.name for e in module.exports} == {
        "memory",
        "_initialize",
        "cg_setup",
        "cg_run",
        "cg_settle",
        "cg_alloc",
        "cg_free",
    }


def test_runs_from_the_baked_image_start_fresh_every_time():
    baked_template()
    first = run_in_sandbox(
        "globalThis.leak = 1; return [typeof leak, Math.random()]", services=RunServices(surfaces=(PROBE,))
    )
    second = run_in_sandbox("return [typeof leak, Math.random()]", services=RunServices(surfaces=(PROBE,)))
    assert ok(first)[0] == "number" and ok(second)[0] == "undefined"
    assert ok(first)[1] != ok(second)[1]  # the per-run seed, not the image's
    assert (
        ok(
            run_in_sandbox(
                "return await probeEcho('hi') + Date.now().toString().length", services=RunServices(surfaces=(PROBE,))
            )
        )
        == "hi13"
    )


@pytest.mark.parametrize(
    "code, rule",
    [
        ("function f() { return f() + 1 } return f()", "stack-limit"),
        ("const g = async () => { await g(); }; await g();", "stack-limit"),
        ("let a = []; for (;;) a.push({ x: a.length });", "memory-limit"),
        ("while (true) {}", "timeout"),
    ],
)
def test_limits_hold_on_the_baked_image(code, rule):
    baked_template()
    limits = {"timeoutMs": 500} if rule == "timeout" else {"memoryLimitBytes": 16 << 20}
    result = run_in_sandbox(code, limits=limits, services=RunServices(surfaces=(PROBE,)))
    assert not result.ok and result.error.rule == rule, result.error
    assert ok(run_in_sandbox("return 1 + 1", services=RunServices(surfaces=(PROBE,)))) == 2


def test_deep_recursion_is_a_catchable_range_error():
    """The JS stack limit trips before wasmtime's native stack: guest code can catch it."""
    result = run_in_sandbox("let d = 0; function f() { d++; f(); } try { f() } catch (e) { return [e.name, d > 500] }")
    assert ok(result) == ["RangeError", True]


def test_a_return_of_one_plus_one_crosses_at_most_five_times():
    run_in_sandbox("return 1")
    before = driver.GuestVM.crossings_total
    assert ok(run_in_sandbox("return 1 + 1")) == 2
    assert driver.GuestVM.crossings_total - before <= 5


def test_cancel_of_a_cpu_loop_through_the_flag_in_guest_memory():
    cancel = CancelHandle()
    threading.Timer(0.1, cancel.cancel).start()
    result = run_in_sandbox("for (;;) {}", hooks=RunHooks(cancel=cancel))
    assert result.error.rule == "cancelled"
    assert ok(run_in_sandbox("return 1 + 1")) == 2


def test_a_trapped_instance_is_discarded():
    """The epoch backstop traps a guest inside one long native call; the next run is healthy."""
    started = time.monotonic()
    result = run_in_sandbox("return new Array(2 ** 28).join('x').length", limits={"timeoutMs": 200})
    assert result.error.rule == "timeout", result.error
    assert time.monotonic() - started < 30
    assert ok(run_in_sandbox("return 'fine'")) == "fine"


def test_a_failing_host_function_throws_in_the_guest_not_a_trap():
    def broken(scope):
        raise RuntimeError("bridge bug")

    surface = Surface(
        "broken",
        {"broken.op": Op(broken, sync=True)},
        'C.define("brokenOp", () => C.callSync("broken.op"));',
        ("brokenOp",),
    )
    result = run_in_sandbox("try { brokenOp() } catch (e) { return e.rule }", services=RunServices(surfaces=(surface,)))
    assert ok(result) == "host-error"


def test_bake_keeps_memory_and_refuses_what_it_does_not_handle():
    wasm = driver.install().wasm
    memory = bytearray(driver.install().initial_memory) + bytes(3 << 20)
    memory[2 << 20 : (2 << 20) + 5] = b"hello"
    baked = image.bake(wasm, bytes(memory), skip_below=1 << 20)
    engine = driver.install().engine
    store = wasmtime.Store(engine)
    instance = driver.install().linker.instantiate(store, wasmtime.Module(engine, baked))
    mem = instance.exports(store)["memory"]
    assert mem.data_len(store) == len(memory)
    assert bytes(mem.read(store, 2 << 20, (2 << 20) + 5)) == b"hello"
    with pytest.raises(ValueError):
        image.bake(b"not wasm", bytes(memory), skip_below=0)


def test_a_host_call_the_body_did_not_await_still_happens():
    """As with a task group: the run ends after the calls it started (a stopped run cancels them)."""
    seen = []

    async def record(scope, x):
        seen.append(x)

    surface = Surface(
        "record", {"record.op": Op(record)}, 'C.define("recordOp", (x) => C.call("record.op", x));', ("recordOp",)
    )
    assert ok(run_in_sandbox("recordOp('kept'); return 1", services=RunServices(surfaces=(surface,)))) == 1
    assert seen == ["kept"]


BAKE_SCRIPT = """
import json, time
from core import run_in_sandbox
from core.engine import driver, templates
from core.engine.prelude import build_prelude
run_in_sandbox("return 1")
driver.wait_for_compile()  # a process with nothing compiled runs on Winch first, and bakes nothing on it
results = [run_in_sandbox("return 6 * 7").result for _ in range(templates.BAKE_AFTER_RUNS + 1)]
template = templates._templates[build_prelude(())]
deadline = time.monotonic() + 60
while template.module is None and time.monotonic() < deadline:
    time.sleep(0.05)
print(json.dumps({"results": sorted(set(results)), "baked": template.module is not None}))
"""


def fresh_process(home: Path) -> dict:
    env = {**os.environ, "CORDON_HOME": str(home)}
    proc = subprocess.run(
        [sys.executable, "-c", BAKE_SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.splitlines()[-1])


def test_a_tampered_image_in_the_cache_is_never_loaded(tmp_path):
    home = tmp_path / "home"
    assert fresh_process(home) == {"results": [42], "baked": True}
    [cached] = (home / "cache").glob("image-*.cwasm")
    cached.write_bytes(os.urandom(4096))
    assert fresh_process(home) == {"results": [42], "baked": True}  # baked again from the shipped module
    assert len(cached.read_bytes()) > 4096


def test_an_error_crosses_whole_even_with_a_nul_in_its_message():
    """The error's fields cross length-prefixed: a NUL in a message cannot shift them."""
    result = run_in_sandbox('const e = new TypeError("a\\0b"); e.rule = "no-eval"; throw e;')
    assert (result.error.name, result.error.message) == ("TypeError", "a\0b")


def test_a_closed_vm_has_freed_its_store_and_refuses_its_memory():
    """close() frees the store on the closing thread, not whenever a reference cycle holding the VM
    is collected (possibly on a host worker an interrupt is stopping, where wasmtime's finalizer
    would swallow the interrupt and leak the store); what reads guest memory afterwards raises."""
    run_in_sandbox("return 1")
    template = templates.cached_template(build_prelude(()))
    assert template is not None
    # The run's own host functions are per run; any doing nothing, in the template's order, will do.
    functions: driver.HostFunctions = {name: (lambda *args: None, is_async) for name, is_async in template.signature}
    vm = driver.GuestVM.from_template(
        template, driver.VMOptions(functions, memory_limit=16 << 20, stack_limit=256 << 10)
    )
    assert vm.linear_memory_bytes() > 0
    vm.close()
    with pytest.raises(ValueError, match="closed"):
        vm.store.ptr()
    with pytest.raises(ValueError):
        vm.linear_memory_bytes()
    vm.interrupt()  # from another thread after the run: a no-op, not a write to freed memory
    assert ok(run_in_sandbox("return 1 + 1")) == 2
