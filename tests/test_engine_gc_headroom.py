"""The collector's headroom a long-lived guest may widen (the TypeScript checker's: core/typescript/guest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from core.engine.driver import GuestVM, VMOptions, install
from core.engine.templates import GuestTemplate

CAP = 256 << 20


@contextmanager
def filled(objects: int) -> Iterator[GuestVM]:
    """A bare guest holding `objects` small objects (QuickJS has collected on the way)."""
    bare = GuestTemplate(len(install().initial_memory), [], ())
    with GuestVM(bare, VMOptions({}, memory_limit=512 << 20)) as vm:
        vm.set_up(())
        vm.arm_epoch(60)
        vm.eval_script(f"globalThis.keep = []; for (let i = 0; i < {objects}; i++) keep.push({{ i }});", filename="f")
        yield vm


def test_the_headroom_is_widened_after_each_collection_quickjs_runs():
    with filled(200_000) as vm:
        quickjs = vm.widen_gc_headroom(1, CAP)  # QuickJS's own: 1.5 times the heap after its last collection
        widened = vm.widen_gc_headroom(3, CAP)
        assert widened == pytest.approx(quickjs * 2, abs=2), "3 times the heap after the collection"
        assert vm.widen_gc_headroom(3, CAP) == widened, "kept while QuickJS has not collected again"
        vm.eval_script("for (let i = 0; i < 1000000; i++) keep.push({ i });", filename="more")
        narrowed = vm.widen_gc_headroom(1, CAP)
        assert narrowed != widened, "a collection ran and QuickJS set its own threshold again"
        assert vm.widen_gc_headroom(3, CAP) == pytest.approx(narrowed * 2, abs=2)


def test_the_headroom_stops_at_the_cap_but_never_below_quickjss_own():
    with filled(400_000) as vm:
        quickjs = vm.widen_gc_headroom(1, CAP)
        small = quickjs * 3 // 2 << 10  # a cap between QuickJS's threshold and 3 times the heap
        assert vm.widen_gc_headroom(3, small) == small >> 20 << 10
        vm.eval_script("for (let i = 0; i < 2000000; i++) keep.push({ i });", filename="more")
        narrowed = vm.widen_gc_headroom(1, CAP)
        assert vm.widen_gc_headroom(3, 1 << 20) == narrowed, "a cap below QuickJS's own threshold leaves it"
