"""Prefaulting the pages a run from a baked image writes (core/engine/prefault.py)."""

from __future__ import annotations

import ctypes
import mmap
import sys
import time

import pytest

from core import run_in_sandbox
from core.engine import prefault, templates
from core.engine.prelude import build_prelude

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="pagemap and MADV_POPULATE_WRITE are Linux's")


def test_written_pages_names_exactly_the_pages_this_process_copied():
    region = mmap.mmap(-1, 16 * prefault.PAGE, flags=mmap.MAP_PRIVATE)
    base = ctypes.addressof(ctypes.c_char.from_buffer(region))
    for page in (1, 2, 7):
        region[page * prefault.PAGE] = 1
    assert prefault.written_pages(base, 16 * prefault.PAGE) == (
        (prefault.PAGE, 2 * prefault.PAGE),
        (7 * prefault.PAGE, prefault.PAGE),
    )


def test_populate_copies_the_pages_in_without_changing_them():
    region = mmap.mmap(-1, 8 * prefault.PAGE, flags=mmap.MAP_PRIVATE)
    base = ctypes.addressof(ctypes.c_char.from_buffer(region))
    region[3 * prefault.PAGE] = 9
    prefault.populate(base, ((0, 2 * prefault.PAGE),))
    assert prefault.written_pages(base, 8 * prefault.PAGE) == (
        (0, 2 * prefault.PAGE),
        (3 * prefault.PAGE, prefault.PAGE),
    )
    assert region[: 2 * prefault.PAGE] == bytes(2 * prefault.PAGE) and region[3 * prefault.PAGE] == 9


def test_runs_from_the_image_learn_their_pages_and_stay_fresh():
    prelude = build_prelude(())
    for _ in range(templates.BAKE_AFTER_RUNS + 1):
        assert run_in_sandbox("return 1").ok
    template = templates.cached_template(prelude)
    assert template is not None
    deadline = time.monotonic() + 120
    while template.module is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert template.module is not None, "the image was not baked"
    first = run_in_sandbox("globalThis.leak = Math.random(); return leak")
    assert first.ok
    assert template.hot is not None and sum(length for _, length in template.hot) <= prefault.MAX_PAGES * prefault.PAGE
    second = run_in_sandbox("return [typeof globalThis.leak, Math.random()]")
    assert second.ok and second.result[0] == "undefined" and second.result[1] != first.result


def test_a_first_run_that_grows_memory_does_not_turn_prefaulting_off():
    """The pages learned from a template's first run from its image are the image's own: memory
    that run grew is not there when the next run starts, and populating it failed (EINVAL), which
    turned prefaulting off for the process."""
    from core import RunServices, Surface
    from core.bridges.base import Op

    surface = Surface("prefault-probe", {"prefault.noop": Op(lambda scope: None)}, "", ())
    services = RunServices(surfaces=(surface,))
    assert run_in_sandbox("return 1", services=services).ok
    template = templates.cached_template(build_prelude((surface,)))
    assert template is not None and template.hot is None
    template.bake_now()
    # ~600 KB of string: memory grows past the image, in fewer pages than MAX_PAGES.
    grown = run_in_sandbox("const s = 'x'.repeat(600000) + 'y'; return s.length", services=services)
    assert grown.ok and grown.result == 600001
    assert template.hot is not None
    assert all(offset + length <= template.size for offset, length in template.hot)
    assert run_in_sandbox("return 2", services=services).ok
    assert prefault._madvise is not None, "a failed populate turned prefaulting off"
