"""The guest's instances come from wasmtime's pooling allocator (core/engine/guest_module.py): a
slot a run used is handed to the next one reset to the template's image, and a process that wants
more sandboxes at once than it has slots is told so by rule, with the host alive."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from core import run_in_sandbox
from core.engine import driver, templates
from core.engine.prelude import build_prelude
from tests.conftest import ok

ROOT = Path(__file__).resolve().parents[1]


def _fresh_vm_memory() -> bytes:
    """The linear memory of a new VM from the standard template, before any guest code runs."""
    template = templates.cached_template(build_prelude(()))
    assert template is not None
    functions: driver.HostFunctions = {name: (lambda *a: None, is_async) for name, is_async in template.signature}
    with driver.GuestVM.from_template(
        template, driver.VMOptions(functions, memory_limit=64 << 20, stack_limit=256 << 10)
    ) as vm:
        return vm.memory_image()


def test_a_slot_a_run_dirtied_starts_the_next_run_as_the_template_left_it():
    assert ok(run_in_sandbox("return 1")) == 1
    before = _fresh_vm_memory()
    dirty = (
        "globalThis.leaked = 42; Object.prototype.polluted = 'yes'; Array.prototype.push = null;"
        "const keep = []; for (let i = 0; i < 2000; i++) keep.unshift('x'.repeat(512) + i); return keep.length;"
    )
    for _ in range(4):  # more runs than warm slots are reused in a row
        assert ok(run_in_sandbox(dirty)) == 2000
    assert _fresh_vm_memory() == before
    assert ok(run_in_sandbox("return [typeof leaked, ({}).polluted, typeof [].push, [1].concat([2]).length]")) == [
        "undefined",
        None,
        "function",
        2,
    ]


POOL_EXHAUSTED = textwrap.dedent(
    """
    import json, threading
    from core.engine import guest_module
    guest_module.POOL_SLOTS = 3  # before the process's Engine is built
    from core import CancelHandle, RunHooks, run_in_sandbox

    assert run_in_sandbox("return 1").ok  # builds the template (its VM is closed again)
    handles, started, results = [], [], []
    for _ in range(3):
        handle, entered = CancelHandle(), threading.Event()
        hooks = RunHooks(cancel=handle, on_log=lambda line, e=entered: e.set())
        thread = threading.Thread(
            target=lambda h=hooks: results.append(run_in_sandbox("console.log('in'); while (true) {}", hooks=h))
        )
        thread.start()
        handles.append((handle, thread))
        assert entered.wait(60)
    extra = run_in_sandbox("return 1")
    for handle, thread in handles:
        handle.cancel()
        thread.join(60)
    after = run_in_sandbox("return 2")
    print(json.dumps({
        "extra": [extra.ok, extra.error and extra.error.rule, extra.error and extra.error.message],
        "busy": sorted(r.error.rule for r in results),
        "after": [after.ok, after.result],
    }))
    """
)


def test_more_sandboxes_at_once_than_pool_slots_is_refused_by_rule_and_the_next_run_is_healthy():
    done = subprocess.run(
        [sys.executable, "-c", POOL_EXHAUSTED], cwd=ROOT, capture_output=True, text=True, timeout=300, check=True
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    ok_, rule, message = report["extra"]
    assert not ok_ and rule == "too-many-runs" and "more than 3 sandboxes" in message
    assert report["busy"] == ["cancelled"] * 3
    assert report["after"] == [True, 2]
