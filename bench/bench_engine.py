"""Engine benchmarks: Cordon beside the reference engine, in one run.

    python bench/bench_engine.py                 # Cordon + the reference harness (if Node is present)
    python bench/bench_engine.py --no-reference  # Cordon only
    python bench/bench_engine.py --check         # exit 1 if a ratio is under its floor (FLOORS)
    BENCH_SCALE=0.2 python bench/bench_engine.py # fewer iterations

Runs the portable workloads of ../shared/anchor-bench/workloads on Cordon and prints median/p90 per
metric; when `node`/`npm` exist it copies the reference harness to a temp dir, runs
`npm ci && node bench.mjs` there, and prints the reference's figures in the same table, with each
paired row's ratio (the reference's median over Cordon's: above 1 is Cordon ahead). Numbers, not
assertions: only `--check` turns the ratios into an exit status, against `FLOORS`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-bench-"))

import psutil
from timing import stats, timed

from core import CancelHandle, RunHooks, RunServices, Surface, run_in_sandbox
from core.bridges.base import Op

ANCHOR = Path(__file__).resolve().parents[2] / "shared" / "anchor-bench"
if not ANCHOR.exists():
    ANCHOR = Path(__file__).resolve().parents[1].parent / "shared" / "anchor-bench"
SCALE = float(os.environ.get("BENCH_SCALE", "1"))


def workload(name: str) -> str:
    return (ANCHOR / "workloads" / name).read_text()


def n(count: int) -> int:
    return max(3, int(count * SCALE))


def check(result, expect=None):
    if not result.ok:
        raise RuntimeError(f"benchmark run failed: {result.error}")
    if expect is not None and result.result != expect:
        raise RuntimeError(f"unexpected result {result.result!r}, wanted {expect!r}")
    return result


ECHO = Surface(
    "bench",
    {"bench.echo": Op(lambda scope, x: _echo(x))},
    'C.define("hostEcho", (x) => C.call("bench.echo", x));',
    ("hostEcho",),
)


async def _echo(x):
    return x


def _warm_image(code: str) -> None:
    """Steady state: run until the standard prelude's template is hot and its image module is
    compiled (a background second, once per process and prelude; later processes load it from
    Cordon's cache), so the timed runs measure the copy-on-write start, not the compile."""
    from core.engine import driver, templates
    from core.engine.prelude import build_prelude

    check(run_in_sandbox(code))
    driver.wait_for_compile()  # a new CORDON_HOME starts on Winch; images are baked on Cranelift only
    for _ in range(templates.BAKE_AFTER_RUNS):
        check(run_in_sandbox(code))
    template = templates._templates[build_prelude(())]
    deadline = time.monotonic() + 30
    while template.module is None and time.monotonic() < deadline:
        time.sleep(0.05)


YAML_BODY = 'import yaml from "@cordon/sandbox-yaml";\nreturn yaml.load("a: 1");'
#: The import alone: the same result as PLAIN_BODY, with js-yaml imported and not called.
YAML_IMPORT_BODY = 'import yaml from "@cordon/sandbox-yaml";\nreturn { a: 1 };'
PLAIN_BODY = "return { a: 1 };"


def _imports_yaml() -> tuple[list[float], list[float], list[float]]:
    """Milliseconds of a run importing nothing, of one importing the shipped yaml pack and calling it,
    and of one only importing it (resolving its import against the catalog included, as the Code node
    runner does), sampled in turns so all see the same machine. The samples are of a module graph
    seen before: after the warm-up its runs start from the graph's image, where
    js-yaml is already evaluated."""
    from core.packs import Catalog, PackRoot, resolve_body
    from core.packs.roots import SHIPPED_DIR

    catalog = Catalog([PackRoot(SHIPPED_DIR, "shipped")])

    def yaml_run(body: str = YAML_BODY) -> None:
        resolution = resolve_body(body, catalog=catalog)
        assert resolution is not None and resolution.ok, resolution and resolution.errors
        check(
            run_in_sandbox(body, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces)),
            {"a": 1},
        )

    def import_run() -> None:
        yaml_run(YAML_IMPORT_BODY)

    def plain_run() -> None:
        check(run_in_sandbox(PLAIN_BODY), {"a": 1})

    # Steady state, as a studio re-running a node reaches it: the graph seen often enough to be
    # imaged (core/engine/graph_image.py, built in the background), then used often enough for that
    # image to be baked into a module of its own (compiled in the background too).
    from core.engine import graph_image, templates

    for _ in range(graph_image.SNAPSHOT_AFTER):
        yaml_run()
        import_run()
        plain_run()
    graph_image.wait_for_builds()
    for _ in range(templates.BAKE_AFTER_RUNS + 1):
        yaml_run()
        import_run()
    for thread in threading.enumerate():
        if thread.name == "cordon-guest-image":
            thread.join(30)
    nothing: list[float] = []
    yaml: list[float] = []
    imported: list[float] = []
    for _ in range(n(200)):
        nothing += timed(plain_run, 1)
        yaml += timed(yaml_run, 1)
        imported += timed(import_run, 1)
    return nothing, yaml, imported


def bench_cordon() -> dict[str, tuple[float, float, str]]:
    res: dict[str, tuple[float, float, str]] = {}
    one = workload("one_plus_one.js")
    _warm_image(one)
    res["fresh_run_1plus1"] = (
        *stats(timed(lambda: check(run_in_sandbox(one), 2), n(200), 3)),
        "run_in_sandbox end to end",
    )

    rows = [{"id": i, "name": f"row{i}", "score": i % 100, "tags": ["a", "b"]} for i in range(5000)]
    rows_json = json.dumps(rows)
    filt = workload("rows_filter_json.js").replace("JSON.parse(input)", "JSON.parse(inputs)")
    res["rows_5000_roundtrip"] = (
        *stats(timed(lambda: check(run_in_sandbox(filt, inputs=rows_json)), n(50), 3)),
        "JSON string in, JSON string out (reference's JSON path)",
    )
    res["rows_5000_transport"] = (
        *stats(
            timed(
                lambda: check(
                    run_in_sandbox(
                        "return inputs.filter((r) => r.score > 50)", inputs=rows, limits={"maxOutputSize": 10 << 20}
                    )
                ),
                n(50),
                3,
            )
        ),
        "Python rows -> transport -> filter -> Python rows",
    )
    fib = workload("fib27.js")
    res["cpu_fib27"] = (*stats(timed(lambda: check(run_in_sandbox(fib), 196418), n(20), 1)), "")
    arr = workload("array_1e6.js")
    res["cpu_array_1e6"] = (*stats(timed(lambda: check(run_in_sandbox(arr), 999999000000), n(10), 1)), "")

    latencies = []
    for _ in range(n(10)):
        handle = CancelHandle()
        stamp: dict[str, float] = {}

        def fire(h=handle, s=stamp):
            time.sleep(0.05)
            s["t"] = time.perf_counter()
            h.cancel()

        threading.Thread(target=fire).start()
        r = run_in_sandbox(workload("cpu_loop.js"), hooks=RunHooks(cancel=handle))
        latencies.append((time.perf_counter() - stamp["t"]) * 1000)
        assert r.error and r.error.rule == "cancelled"
    res["cancel_cpu_loop_latency"] = (*stats(latencies), "cancel() from another thread -> run returns")

    bombs = []
    for _ in range(n(5)):
        t0 = time.perf_counter()
        r = run_in_sandbox(workload("memory_bomb.js"))
        bombs.append((time.perf_counter() - t0) * 1000)
        assert r.error and r.error.rule == "memory-limit", r.error
    check(run_in_sandbox(one), 2)
    res["memory_bomb"] = (*stats(bombs), "time to MemoryLimitError; next run OK")
    big = run_in_sandbox(workload("big_strings_200mib.js"))
    res["memory_limit_bigalloc"] = (
        0.0,
        0.0,
        f"200 MiB of strings under 64 MB: {big.error.rule if big.error else 'NOT enforced'}",
    )

    from core.engine.driver import GuestVM

    before = GuestVM.crossings_total
    check(run_in_sandbox(one), 2)
    crossings = GuestVM.crossings_total - before
    res["crossings_1plus1"] = (float(crossings), float(crossings), "host<->guest crossings of one `return 1+1` run")

    nothing, yaml, imported = _imports_yaml()
    res["run_importing_nothing"] = (*stats(nothing), "`return { a: 1 }`: what the yaml runs return, no import")
    res["run_importing_yaml"] = (*stats(yaml), "resolve + run of `import yaml ...; return yaml.load('a: 1')`")
    res["run_importing_yaml_only"] = (*stats(imported), "resolve + run of `import yaml ...; return { a: 1 }`")

    bridge = "let acc = 0; for (let i = 0; i < 100; i++) acc += await hostEcho(i); return acc;"
    res["async_bridge_100"] = (
        *stats(timed(lambda: check(run_in_sandbox(bridge, services=RunServices(surfaces=(ECHO,))), 4950), n(20), 3)),
        "100 sequential awaits of an async host bridge",
    )

    imp, run_ms = _first_run(os.environ["CORDON_HOME"])
    res["first_run_new_process"] = (run_ms, run_ms, f"first run after import (import itself {imp:.0f} ms)")
    imp, run_ms = _first_run(tempfile.mkdtemp(prefix="cordon-bench-empty-"))
    res["first_run_empty_home"] = (run_ms, run_ms, f"first run in an empty CORDON_HOME (import {imp:.0f} ms)")

    proc = psutil.Process()
    for _ in range(20):
        run_in_sandbox(one)
    before = proc.memory_info().rss
    runs = n(1000)
    for _ in range(runs):
        run_in_sandbox(one)
    after = proc.memory_info().rss
    growth = (after - before) / before * 100
    res["rss_growth_sequential_runs"] = (
        growth,
        growth,
        f"% RSS growth over {runs} runs ({before >> 20} -> {after >> 20} MiB)",
    )
    return res


def _first_run(home: str) -> tuple[float, float]:
    """(import ms, first run ms) of `return 1+1` in a new process whose CORDON_HOME is `home`."""
    first = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "import time,sys; t0=time.perf_counter(); from core import run_in_sandbox; t1=time.perf_counter();"
                "r=run_in_sandbox('return 1+1'); t2=time.perf_counter(); assert r.ok;"
                "print((t1-t0)*1000, (t2-t1)*1000)"
            ),
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ, CORDON_HOME=home),
        cwd=Path(__file__).resolve().parents[1],
        check=True,
    )
    imp, run_ms = (float(x) for x in first.stdout.split())
    return imp, run_ms


def bench_reference() -> dict[str, dict]:
    if not (shutil.which("node") and shutil.which("npm") and ANCHOR.exists()):
        print("reference: node/npm or the anchor bench not found; Cordon only", file=sys.stderr)
        return {}
    work = Path(tempfile.mkdtemp(prefix="anchor-bench-"))
    shutil.copytree(ANCHOR, work, dirs_exist_ok=True, ignore=shutil.ignore_patterns("node_modules", "results"))
    print("reference: npm ci ...", file=sys.stderr)
    subprocess.run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=work, check=True)
    print("reference: node bench.mjs ...", file=sys.stderr)
    env = dict(os.environ, BENCH_SCALE=str(SCALE))
    out = subprocess.run(["node", "bench.mjs"], cwd=work, capture_output=True, text=True, env=env, check=True)
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    return {d["metric"]: d for d in lines if "metric" in d}


PAIRS = {
    "fresh_run_1plus1": "fresh_run_1plus1",
    "rows_5000_roundtrip": "rows_5000_roundtrip_wrapper",
    "rows_5000_transport": "rows_5000_roundtrip_wrapper",
    "cpu_fib27": "cpu_fib27_wrapper",
    "cpu_array_1e6": "cpu_array_1e6",
    "cancel_cpu_loop_latency": "cancel_abort_worker_flag",
    "memory_bomb": "memory_bomb",
    "async_bridge_100": "async_bridge_100",
}

#: The least ratio (reference median / Cordon median) `--check` accepts per paired row: a fresh
#: run at 15x the reference, and no row behind it.
FLOORS = {metric: 1.0 for metric in PAIRS} | {"fresh_run_1plus1": 15.0}


def ratios(cordon: dict[str, tuple[float, float, str]], reference: dict[str, dict]) -> dict[str, float]:
    """Each paired row's reference median over Cordon's (above 1: Cordon is faster)."""
    out: dict[str, float] = {}
    for metric, (med, _, _) in cordon.items():
        rmed = _reference_median(metric, reference)
        if rmed is not None and med > 0:
            out[metric] = rmed / med
    return out


def _reference_median(metric: str, reference: dict[str, dict]) -> float | None:
    ref = reference.get(PAIRS.get(metric, ""), {})
    if metric == "cancel_cpu_loop_latency" and ref:
        return ref.get("abort_to_return_median_ms", ref.get("median_ms"))
    return ref.get("median_ms")


def below_floor(ratio_of: dict[str, float]) -> list[str]:
    """The rows whose ratio is under its floor, or that have no ratio at all (no reference figure)."""
    return [
        f"{metric}: {ratio_of[metric]:.2f}x < {floor:.1f}x" if metric in ratio_of else f"{metric}: no reference figure"
        for metric, floor in FLOORS.items()
        if ratio_of.get(metric, 0.0) < floor
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-reference", action="store_true")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when a paired row's ratio is under its floor (FLOORS)"
    )
    args = parser.parse_args()
    if args.check and args.no_reference:
        parser.error("--check compares against the reference: drop --no-reference")
    reference = {} if args.no_reference else bench_reference()
    cordon = bench_cordon()
    ratio_of = ratios(cordon, reference)
    print(f"load average at the end: {os.getloadavg()[0]:.2f} ({os.cpu_count()} CPUs)")
    print(f"\n{'metric':28s} {'cordon med':>11s} {'p90':>9s} | {'reference med':>13s} {'p90':>9s} {'ratio':>7s}  notes")
    for metric, (med, p90, note) in cordon.items():
        ref = reference.get(PAIRS.get(metric, ""), {})
        rmed, rp90 = _reference_median(metric, reference), ref.get("p90_ms")
        if metric == "cancel_cpu_loop_latency" and ref:
            rp90 = ref.get("abort_to_return_p90_ms", rp90)
        rtext = f"{rmed:13.2f} {rp90:9.2f}" if rmed is not None else f"{'-':>13s} {'-':>9s}"
        ratio = f"{ratio_of[metric]:6.2f}x" if metric in ratio_of else f"{'-':>7s}"
        print(f"{metric:28s} {med:11.2f} {p90:9.2f} | {rtext} {ratio}  {note}")
    nothing = cordon["run_importing_nothing"][0]
    print(
        f"\nrun importing yaml vs importing nothing (medians, target <= 1.5x): import and call "
        f"{cordon['run_importing_yaml'][0] / nothing:.2f}x, import only {cordon['run_importing_yaml_only'][0] / nothing:.2f}x"
    )
    if "fresh_run_1plus1" in ratio_of:
        print(f"\nfresh run speed-up vs reference wrapper (median): {ratio_of['fresh_run_1plus1']:.2f}x")
    if args.check:
        failing = below_floor(ratio_of)
        for line in failing:
            print(f"check: below the floor: {line}", file=sys.stderr)
        if failing:
            sys.exit(1)
        print("check: every ratio is at or above its floor", file=sys.stderr)


if __name__ == "__main__":
    main()
