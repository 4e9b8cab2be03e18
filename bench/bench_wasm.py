"""WASM host benchmarks: per-call overhead seen by the guest, and what compile-once saves.

    python bench/bench_wasm.py            # 1,000 calls per measurement
    BENCH_CALLS=200 python bench/bench_wasm.py

Figures printed (medians):
* guest per-call overhead: `await add(1, 2)` through the generated facade, timed on the host
  between two sync marks the guest makes around it, minus the marks' own cost;
* the worker's share of it (fresh Store + Instance + call) and a bare pool round trip;
* compile once: first compilation, deserialising into a worker's engine, and a cache hit;
* validation of the example pack's binary.
Numbers, not assertions: nothing here fails on a slow machine.
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-bench-"))

import wasmtime

from core import RunServices, Surface, run_in_sandbox
from core.bridges.base import Op
from core.packs import Catalog, PackRoot, resolve_body
from core.packs.manifest import parse_entry
from core.packs.wasm import validate_module
from core.packs.wasm.runtime import Call, WasmPool

CALLS = int(os.environ.get("BENCH_CALLS", "1000"))
PACKS = Path(__file__).resolve().parents[1] / "resources" / "packs"
PACKS_ROOT = PackRoot(PACKS, "shipped")


def us(values: list[float]) -> str:
    ordered = sorted(values)
    return (
        f"median {statistics.median(ordered) * 1e6:8.1f} us   p90 {ordered[int(len(ordered) * 0.9)] * 1e6:8.1f} us"
        f"   (n={len(ordered)})"
    )


def marked_run(code: str, resolution) -> list[float]:
    """Run `code`, which calls mark() between steps; return the host-side gaps between marks."""
    stamps: list[float] = []
    marker = Surface(
        "bench-mark",
        {"bench.mark": Op(lambda scope: stamps.append(time.perf_counter()), sync=True)},
        'C.define("mark", () => C.callSync("bench.mark"));',
        ("mark",),
    )
    surfaces = (*resolution.surfaces, marker) if resolution else (marker,)
    modules = resolution.modules if resolution else None
    result = run_in_sandbox(code, limits={"timeoutMs": 0}, services=RunServices(modules=modules, surfaces=surfaces))
    assert result.ok, result.error
    return [b - a for a, b in itertools.pairwise(stamps)]


def guest_overhead() -> None:
    """Runs of 250 calls (a run may make at most 256) until CALLS calls are timed."""
    catalog = Catalog(roots=(PACKS_ROOT,))
    per_run = min(CALLS, 250)
    code = f"""
        import {{ gcd }} from "cordon-geometry/wasm";
        for (let i = 0; i < {per_run}; i++) {{ mark(); await gcd(84, 36); }}
        mark();
    """
    gaps: list[float] = []
    while len(gaps) < CALLS:
        gaps += marked_run(code, resolve_body(code, catalog=catalog))
    baseline = marked_run(f"for (let i = 0; i < {CALLS}; i++) {{ mark(); await null; }} mark();", None)
    base = statistics.median(baseline)
    print(f"guest call gcd(84, 36) incl. marks      {us(gaps)}")
    print(f"marks alone (await null)                {us(baseline)}")
    print(f"=> per-call overhead from the guest     median {(statistics.median(gaps) - base) * 1e6:8.1f} us")


def worker_costs() -> None:
    data = (PACKS / "cordon-geometry" / "sandbox" / "geometry.wasm").read_bytes()
    entry = parse_entry({"name": "wasm", "kind": "wasm", "file": "g.wasm", "memoryPagesMax": 1, "exports": ["gcd"]})
    timings = []
    for _ in range(200):
        t0 = time.perf_counter()
        module = validate_module(data, entry)
        timings.append(time.perf_counter() - t0)
    print(f"validate_module ({len(data)} B binary)        {us(timings)}")

    pool = WasmPool(size=1)
    t0 = time.perf_counter()
    pool.artifact(module)
    first = time.perf_counter() - t0
    hits = []
    for _ in range(CALLS):
        t0 = time.perf_counter()
        pool.artifact(module)
        hits.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    pool.submit(Call(module, "gcd", (84, 36), 5.0)).result()
    first_call = time.perf_counter() - t0
    print(f"first compile (Cranelift, serialise)    {first * 1e6:8.1f} us")
    print(f"first call on a worker (deserialise)    {first_call * 1e6:8.1f} us")
    print(f"compile-once cache hit (artifact)       {us(hits)}")
    worker_hits = []
    for _ in range(CALLS):
        t0 = time.perf_counter()
        pool._executor.submit(pool._module_for_worker, module).result()
        worker_hits.append(time.perf_counter() - t0)
    print(f"worker module cache hit + thread hop    {us(worker_hits)}")

    round_trips, in_worker = [], []
    for _ in range(CALLS):
        call = Call(module, "gcd", (84, 36), 5.0)
        t0 = time.perf_counter()
        pool.submit(call).result()
        round_trips.append(time.perf_counter() - t0)
        in_worker.append(call.elapsed_s)
    print(f"Store + Instance + call (in worker)     {us(in_worker)}")
    print(f"pool round trip from Python             {us(round_trips)}")

    engine = wasmtime.Engine()
    compiled = wasmtime.Module(engine, data)
    reused_store = wasmtime.Store(engine)
    gcd = wasmtime.Instance(reused_store, compiled, []).exports(reused_store)["gcd"]
    warm = []
    for _ in range(CALLS):
        t0 = time.perf_counter()
        gcd(reused_store, 84, 36)  # type: ignore[operator]
        warm.append(time.perf_counter() - t0)
    print(f"(reference) warm call, reused instance  {us(warm)}")


if __name__ == "__main__":
    print(f"{CALLS} calls per measurement")
    worker_costs()
    guest_overhead()
