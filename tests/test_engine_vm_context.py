"""A `GuestVM` used as `with GuestVM(...) as vm:` is closed when the block ends, however it ends:
its store is freed there and then (not whenever the garbage collector reaches a VM an exception's
traceback still holds), so its pool slot is free for the next VM."""

from __future__ import annotations

import pytest

from core import run_in_sandbox
from core.engine import driver, guest_module, templates
from core.engine.prelude import build_prelude
from tests.conftest import ok


class _Planted(Exception):
    """What the blocks below raise: a failure inside a VM's block."""


def _options(template: templates.GuestTemplate) -> driver.VMOptions:
    # The run's own host functions are per run; any doing nothing, in the template's order, will do.
    functions: driver.HostFunctions = {name: (lambda *args: None, is_async) for name, is_async in template.signature}
    return driver.VMOptions(functions, memory_limit=16 << 20, stack_limit=256 << 10)


def test_a_vm_whose_block_raises_is_closed_after_it_and_its_slot_serves_the_next_run() -> None:
    assert ok(run_in_sandbox("return 1")) == 1
    template = templates.cached_template(build_prelude(()))
    assert template is not None
    kept: list[driver.GuestVM] = []  # each VM stays referenced: only the block's end may close it
    for _ in range(guest_module.POOL_SLOTS + 1):
        with pytest.raises(_Planted), driver.GuestVM.from_template(template, _options(template)) as vm:
            kept.append(vm)
            assert vm.linear_memory_bytes() > 0
            raise _Planted
        with pytest.raises(ValueError, match="closed"):
            vm.store.ptr()
    assert ok(run_in_sandbox("return 1 + 1")) == 2


def test_a_vm_whose_block_ends_normally_is_closed_after_it() -> None:
    run_in_sandbox("return 1")
    template = templates.cached_template(build_prelude(()))
    assert template is not None
    with driver.GuestVM.from_template(template, _options(template)) as vm:
        size = vm.linear_memory_bytes()
    assert size > 0
    with pytest.raises(ValueError, match="closed"):
        vm.store.ptr()
