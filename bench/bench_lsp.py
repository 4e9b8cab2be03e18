"""The language service's latency: prints figures, asserts nothing.

    .venv/bin/python bench/bench_lsp.py [--rounds 40]

On a 200-line TypeScript body importing three packs (a host pack, two guest packs):

* completion after each keystroke, warm: the body changes by one character, then `inputs.` is
  completed (the program update and the answer; goal: p90 <= 100 ms); and the same at `dates.`, a
  pack's namespace of 250 functions (date-fns), each entry's kind and sort worked out by
  TypeScript, the first 40 with their types and docs;
* diagnostics after a keystroke, warm (goal: <= 300 ms; the editor waits 250 ms of quiet first,
  `cordon lsp` 150 ms, not counted here);
* the first completion in a fresh process, as when the studio opens a document and the person
  types at once (goal: <= 2 s), split into its parts: Python's imports, the pack catalog and the
  body's context, the guest's start (from the warm guest's snapshot in Cordon's cache, which the
  bench builds first if the cache lacks it, as the studio's or `cordon lsp`'s first warm-up does),
  and the first question (the body's program and the answer); and the same once the warm-up the
  studio starts on opening has finished.

Each warm figure is split too: the guest's share (its own clock) and the rest (JSON, the copy into
the guest, Python). The load average is printed first and last: on a shared machine it moves the
figures more than any change does. bench/profile_lsp.md has the breakdown and what was cut.
"""

from __future__ import annotations

import argparse
import os
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


def body(extra: str = "", last: str = "inputs.") -> str:
    filler = "".join(f"const v{i}: number = days + {i}; // {extra if i == 100 else ''}\n" for i in range(LINES - 5))
    return HEADER + filler + last


def context():  # type: ignore[no-untyped-def]
    from core.packs import default_catalog
    from core.typescript import Handle, body_context

    inputs = (Handle("days", "integer"), Handle("city", "string"))
    return body_context("typescript", inputs, (Handle("out", "string"),), body(), default_catalog())


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def warm(rounds: int) -> None:
    from core.typescript import LanguageService, shared_guest

    guest = shared_guest()
    service, ctx = LanguageService(guest), context()
    at = (LINES - 1, len("inputs."))
    started = time.perf_counter()
    service.diagnostics(body(), ctx)
    print(f"warm-up (guest start, the body's program with three packs): {time.perf_counter() - started:.2f} s")
    completions, namespace, diagnostics = [], [], []

    def timed(rows: list[tuple[float, float, float]], ask, *args):  # type: ignore[no-untyped-def]
        t, cpu = time.perf_counter(), time.thread_time()
        answer = ask(*args)
        rows.append(((time.perf_counter() - t) * 1000, guest.guest_ms, (time.thread_time() - cpu) * 1000))
        return answer

    for i in range(rounds):
        keys = "x" * (i + 1)  # one more character each round: a keystroke
        items = timed(completions, service.completion, body(keys), ctx, at)
        assert [c.name for c in items] == ["city", "days"], items
        items = timed(namespace, service.completion, body(keys + "y", "dates."), ctx, (LINES - 1, len("dates.")))
        assert "addDays" in [c.name for c in items], items
        timed(diagnostics, service.diagnostics, body(keys + "yz"), ctx)
    for name, rows, goal in (
        ("completion", completions, 100),
        ("completion of a pack's namespace", namespace, 100),
        ("diagnostics", diagnostics, 300),
    ):
        values = [total for total, _, _ in rows]
        cpu = [c for _, _, c in rows]
        inside = statistics.median(g for _, g, _ in rows)
        rest = statistics.median(total - g for total, g, _ in rows)
        print(
            f"{name} after a keystroke, {rounds} rounds: median {statistics.median(values):.0f} ms, "
            f"p90 {percentile(values, 0.9):.0f} ms, max {max(values):.0f} ms (goal: {goal} ms); "
            f"median in the guest {inside:.0f} ms, transport and Python {rest:.1f} ms; "
            f"CPU time (what a quiet machine would take) median {statistics.median(cpu):.0f} ms, "
            f"p90 {percentile(cpu, 0.9):.0f} ms"
        )


FIRST = """
import sys, time
sys.path.insert(0, {root!r})
started = time.perf_counter()
from bench.bench_lsp import LINES, body, context
from core.typescript import LanguageService, shared_guest
imported = time.perf_counter()
if {after_warm}:
    shared_guest().warm()
    started = time.perf_counter()
ctx = context()
contexted = time.perf_counter()
shared_guest().warm()
warmed = time.perf_counter()
items = LanguageService().completion(body(), ctx, (LINES - 1, len("inputs.")))
assert [c.name for c in items] == ["city", "days"]
done = time.perf_counter()
print(imported - started if not {after_warm} else 0, contexted - imported, warmed - contexted, done - warmed, done - started)
"""


def first(after_warm: bool) -> list[float]:
    """(imports, catalog and context, guest start, first question, total) of a fresh process, in s."""
    script = FIRST.format(root=str(ROOT), after_warm=after_warm)
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True, cwd=ROOT)
    return [float(x) for x in out.stdout.strip().splitlines()[-1].split()]


def load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    print(f"load average: {load()}")
    from core.typescript.guest import build_snapshot

    started = time.perf_counter()
    if build_snapshot():
        print(f"the warm guest's snapshot was not in the cache: built in {time.perf_counter() - started:.1f} s")
    for _ in range(2):
        imports, ctx, start, question, total = first(False)
        print(
            f"first completion in a fresh process, asked at once: {total:.2f} s (goal: 2 s): imports {imports:.2f} s, "
            f"catalog and context {ctx:.2f} s, guest start {start:.2f} s, first question {question:.2f} s"
        )
    *_, question, after = first(True)
    print(
        f"first completion once the studio's warm-up finished: {after * 1000:.0f} ms (the question {question * 1000:.0f} ms)"
    )
    warm(args.rounds)
    print(f"load average: {load()}")


if __name__ == "__main__":
    main()
