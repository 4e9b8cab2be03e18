"""The language service's latency: prints figures, asserts nothing.

    .venv/bin/python bench/bench_lsp.py [--rounds 40]

On a 200-line TypeScript body importing three packs (a host pack, two guest packs):

* completion after each keystroke, warm: the body changes by one character, then `inputs.` is
  completed (the program update and the answer; goal: p90 <= 100 ms);
* diagnostics after a keystroke, warm (goal: <= 300 ms; the editor waits 250 ms of quiet first,
  `cordon lsp` 150 ms, not counted here);
* the first completion in a fresh process, as when the studio opens a document and the person
  types at once: the guest starts, the compiler loads, the library is parsed (goal: <= 2 s);
  and the same once the warm-up the studio starts on opening has finished.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HEADER = (
    'import { parse } from "@nodetool-ai/sandbox-csv";\n'
    'import * as dates from "@cordon/sandbox-dates";\n'
    'import yaml from "@cordon/sandbox-yaml";\n'
    "const days: number = inputs.days;\n"
)
LINES = 200


def body(extra: str = "") -> str:
    filler = "".join(f"const v{i}: number = days + {i}; // {extra if i == 100 else ''}\n" for i in range(LINES - 5))
    return HEADER + filler + "inputs."


def context():  # type: ignore[no-untyped-def]
    from core.packs import default_catalog
    from core.typescript import Handle, body_context

    inputs = (Handle("days", "integer"), Handle("city", "string"))
    return body_context("typescript", inputs, (Handle("out", "string"),), body(), default_catalog())


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def warm(rounds: int) -> None:
    from core.typescript import LanguageService

    service, ctx = LanguageService(), context()
    at = (LINES - 1, len("inputs."))
    started = time.perf_counter()
    service.diagnostics(body(), ctx)
    print(f"warm-up (guest start, compiler, library, three packs): {time.perf_counter() - started:.2f} s")
    completions, diagnostics = [], []
    for i in range(rounds):
        text = body("x" * (i + 1))  # one more character each round: a keystroke
        t = time.perf_counter()
        items = service.completion(text, ctx, at)
        completions.append((time.perf_counter() - t) * 1000)
        assert [c.name for c in items] == ["city", "days"], items
        text = body("x" * (i + 1) + "y")
        t = time.perf_counter()
        service.diagnostics(text, ctx)
        diagnostics.append((time.perf_counter() - t) * 1000)
    for name, values, goal in (("completion", completions, 100), ("diagnostics", diagnostics, 300)):
        print(
            f"{name} after a keystroke, {rounds} rounds: median {statistics.median(values):.0f} ms, "
            f"p90 {percentile(values, 0.9):.0f} ms, max {max(values):.0f} ms (goal: {goal} ms)"
        )


FIRST = """
import sys, time
sys.path.insert(0, {root!r})
started = time.perf_counter()
from bench.bench_lsp import LINES, body, context
from core.typescript import LanguageService, shared_guest
if {after_warm}:
    shared_guest().warm()
    LanguageService().diagnostics("", __import__("core.typescript", fromlist=["BodyContext"]).BodyContext("typescript", (), ()))
    started = time.perf_counter()
ctx = context()
items = LanguageService().completion(body(), ctx, (LINES - 1, len("inputs.")))
assert [c.name for c in items] == ["city", "days"]
print(time.perf_counter() - started)
"""


def first(after_warm: bool) -> float:
    script = FIRST.format(root=str(ROOT), after_warm=after_warm)
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True, cwd=ROOT)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    cold = [first(False) for _ in range(2)]
    print(f"first completion in a fresh process, asked at once: {', '.join(f'{c:.2f} s' for c in cold)} (goal: 2 s)")
    after = first(True)
    print(f"first completion once the studio's warm-up finished: {after * 1000:.0f} ms")
    warm(args.rounds)


if __name__ == "__main__":
    main()
