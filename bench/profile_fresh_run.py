"""Where a fresh `return 1+1` run spends its time: cProfile over many runs, grouped into the parts of
a run (the figures before and after the work on it are in bench/profile_fresh_run.md).

    python bench/profile_fresh_run.py            # 2,000 runs after the warm-up
    BENCH_SCALE=0.3 python bench/profile_fresh_run.py

The standard template's image is warmed first (as bench_engine.py's fresh row does), then the runs
are profiled. cProfile adds its own cost to every Python call, so the groups are shares of a
profiled run: read them against each other, and the unprofiled median printed first for scale.
Numbers, not assertions.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-profile-"))

from core import run_in_sandbox

RUNS = max(200, int(2000 * float(os.environ.get("BENCH_SCALE", "1"))))
BODY = "return 1+1"

#: (group, test on "file:function" of a profiled function): the first group that matches takes its
#: own time (tottime). Native calls are the wasmtime bindings' foreign functions.
GROUPS: list[tuple[str, tuple[str, ...]]] = [
    ("guest code (wasmtime_func_call, native)", ("_bindings.py:wasmtime_func_call",)),
    ("freeing the store (slot reset / unmap, native)", ("_bindings.py:wasmtime_store_delete",)),
    (
        "instantiate + new store (native)",
        ("_bindings.py:wasmtime_linker_instantiate", "_bindings.py:wasmtime_store_new"),
    ),
    ("prefault madvise", ("prefault.py:",)),
    (
        "looking up exports",
        ("_instance.py:", "_bindings.py:wasmtime_instance_export", "_extern.py:wrap_extern", "_ffi.py:to_str_raw"),
    ),
    ("asyncio event loop", ("asyncio/", "selectors.py:", "contextvars")),
    ("limits (pydantic)", ("pydantic", "limits.py:")),
    (
        "the run's setup in Python (core/engine/run.py, entry, transport, wire)",
        (
            "core/engine/run.py",
            "core/entry.py",
            "core/transport.py",
            "core/engine/wire.py",
            "core/bridges/",
            "core/cancel.py",
        ),
    ),
    ("the driver in Python (core/engine/driver.py, templates, graph image)", ("core/engine/",)),
    ("wasmtime-py wrappers", ("wasmtime/",)),
]


def _warm() -> None:
    from core.engine import driver, templates
    from core.engine.prelude import build_prelude

    run_in_sandbox(BODY)
    if hasattr(driver, "wait_for_compile"):  # a first process runs on Winch until Cranelift is done
        driver.wait_for_compile()
    for _ in range(templates.BAKE_AFTER_RUNS + 1):
        run_in_sandbox(BODY)
    template = templates._templates[build_prelude(())]
    deadline = time.monotonic() + 60
    while template.module is None and time.monotonic() < deadline:
        time.sleep(0.05)
    for _ in range(100):
        run_in_sandbox(BODY)


def _group(key: str) -> str:
    for name, tests in GROUPS:
        if any(test in key for test in tests):
            return name
    return "other Python"


def main() -> None:
    _warm()
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        run_in_sandbox(BODY)
        samples.append((time.perf_counter() - start) * 1000)
    print(f"unprofiled: median {statistics.median(samples):.3f} ms over {RUNS} runs, load {os.getloadavg()[0]:.1f}")
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(RUNS):
        run_in_sandbox(BODY)
    profile.disable()
    totals: dict[str, float] = {}
    for (file, _, function), (_, _, tottime, _, _) in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
        group = _group(f"{file}:{function}")
        totals[group] = totals.get(group, 0.0) + tottime
    whole = sum(totals.values())
    print(f"profiled: {whole / RUNS * 1000:.3f} ms a run\n\n{'part of a run':72s} {'us/run':>8s} {'share':>6s}")
    for group, seconds in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"{group:72s} {seconds / RUNS * 1e6:8.1f} {seconds / whole:6.1%}")


if __name__ == "__main__":
    main()
