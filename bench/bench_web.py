"""What the web globals (URL, URLSearchParams, TextEncoder, TextDecoder) cost.

    python bench/bench_web.py              # 200 runs per variant
    BENCH_SCALE=0.3 python bench/bench_web.py

1. Per-run setup of `run_in_sandbox("return 1")` with the standard surfaces,
   with and without the web surface (interleaved round-robin so machine noise
   spreads evenly), plus how many bytes of guest template each run restores.
2. Guest throughput: URL parses, URLSearchParams round trips, and UTF-8
   encode/decode of ~2 MB (ASCII, mixed, and mixed with invalid bytes).

Numbers, not assertions.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-bench-"))

import core.bridges as bridges
from core import run_in_sandbox
from core.bridges import web
from core.engine import templates
from core.engine.prelude import build_prelude

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
RUNS = max(20, int(200 * SCALE))

THROUGHPUT = r"""
const mixed = "héllo wörld € 😀 ".repeat(50000) + "ascii only text ".repeat(50000);
const ascii = "ascii only text ".repeat(125000);
const enc = new TextEncoder(), dec = new TextDecoder();
const time = (fn) => { const t = Date.now(); fn(); return Date.now() - t; };
const mixedBytes = enc.encode(mixed), asciiBytes = enc.encode(ascii);
const broken = mixedBytes.slice();
for (let i = 0; i < broken.length; i += 1000) broken[i] = 0xff;
return {
  "2000 x new URL(...).href": time(() => {
    for (let i = 0; i < 2000; i++) new URL("https://u:p@Example.com:8443/a/b/../c d?x=1&y=é#frag").href;
  }),
  "2000 x relative new URL(rel, base)": time(() => {
    for (let i = 0; i < 2000; i++) new URL("../x/./y?q", "https://example.com/a/b/c");
  }),
  "2000 x URLSearchParams parse+set+toString": time(() => {
    for (let i = 0; i < 2000; i++) { const p = new URLSearchParams("a=1&b=x+y&c=%C3%A9"); p.set("d", "v w"); p.toString(); }
  }),
  ["encode " + asciiBytes.length + " B ascii"]: time(() => enc.encode(ascii)),
  ["encode " + mixedBytes.length + " B mixed"]: time(() => enc.encode(mixed)),
  ["decode " + asciiBytes.length + " B ascii"]: time(() => dec.decode(asciiBytes)),
  ["decode " + mixedBytes.length + " B mixed"]: time(() => dec.decode(mixedBytes)),
  ["decode " + broken.length + " B mixed, 1 invalid byte per 1000"]: time(() => dec.decode(broken)),
};
"""


def _restored_bytes(template: templates.GuestTemplate) -> int:
    """Bytes a run writes to start from the template (its differing pages, or the whole image)."""
    chunks = getattr(template, "chunks", None)
    return sum(len(block) for _, block in chunks) if chunks is not None else len(template.image)


def main() -> None:
    with_web = bridges.standard_surfaces
    if web.SURFACE not in with_web():
        sys.exit("the web surface is not registered in core.bridges.standard_surfaces()")
    others = tuple(s for s in with_web() if s is not web.SURFACE)
    variants = {"with web": with_web, "without web": lambda: others}
    setup: dict[str, list[float]] = {name: [] for name in variants}
    wall: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(RUNS + 5):
        for name, surfaces in variants.items():
            bridges.standard_surfaces = surfaces  # build_prelude() looks it up at call time
            try:
                started = time.perf_counter()
                result = run_in_sandbox("return 1")
                wall[name].append((time.perf_counter() - started) * 1000)
            finally:
                bridges.standard_surfaces = with_web
            assert result.ok, result.error
            setup[name].append(result.timings["setup_ms"])
    print(f"run_in_sandbox('return 1'), {RUNS} runs per variant (first 5 dropped)")
    for name, surfaces in variants.items():
        xs, ws = sorted(setup[name][5:]), sorted(wall[name][5:])
        bridges.standard_surfaces = surfaces
        try:
            restored = _restored_bytes(templates._templates[build_prelude(())])
        finally:
            bridges.standard_surfaces = with_web
        print(
            f"  {name:12}  setup p10 {xs[len(xs) // 10]:.2f} ms  median {statistics.median(xs):.2f} ms | "
            f"whole call p10 {ws[len(ws) // 10]:.2f} ms  median {statistics.median(ws):.2f} ms | "
            f"template restores {restored / 1024:.0f} KiB per run"
        )
    print(f"  web guest JS: {len(web.SURFACE.guest_js)} chars")
    result = run_in_sandbox(THROUGHPUT, limits={"timeoutMs": 60_000})
    assert result.ok, result.error
    print("guest throughput (ms, Date.now() resolution)")
    for what, ms in result.result.items():
        print(f"  {what:48} {ms:6} ms")


if __name__ == "__main__":
    main()
