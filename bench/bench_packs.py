"""Pack costs: discovering + digesting the shipped packs, and a run importing each guest pack vs none.

The run importing nothing is timed before any catalog exists and again after the
shipped packs were discovered: shipped packs must cost such a run nothing.

    /work/venv/bin/python bench/bench_packs.py [--runs N]

Prints numbers only (no assertions): medians and ranges over N repetitions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-bench-"))

from timing import timed

from core import RunServices, run_in_sandbox
from core.packs import Catalog, PackRoot, Resolution, resolve_body
from core.packs.roots import SHIPPED_DIR

YAML_BODY = 'import yaml from "@cordon/sandbox-yaml";\nreturn yaml.load("a: 1\\nb: [x, y]\\n");'
PLAIN_BODY = 'return { a: 1, b: ["x", "y"] };'
#: One small call per guest pack, imported by the reference's specifier.
GUEST_BODIES = {
    "yaml": 'import yaml from "@nodetool-ai/sandbox-yaml";\nreturn yaml.load("a: 1");',
    "dates": 'import { addDays } from "@nodetool-ai/sandbox-dates";\nreturn addDays(new Date(0), 1).getTime();',
    "markdown": 'import { marked } from "@nodetool-ai/sandbox-markdown";\nreturn marked.parse("# hi");',
    "decimal": 'import Decimal from "@nodetool-ai/sandbox-decimal";\nreturn new Decimal("0.1").plus("0.2").toString();',
    "jmespath": 'import jmespath from "@nodetool-ai/sandbox-jmespath";\nreturn jmespath.search({ a: [1] }, "a[0]");',
    "stats": 'import { mean } from "@nodetool-ai/sandbox-stats";\nreturn mean([1, 2, 3]);',
    "qr": 'import { encode } from "@nodetool-ai/sandbox-qr";\nreturn encode("hi").size;',
    "color": 'import { formatHex } from "@nodetool-ai/sandbox-color";\nreturn formatHex("red");',
    "rrule": 'import { rrulestr } from "@nodetool-ai/sandbox-rrule";\nreturn rrulestr("RRULE:FREQ=DAILY;COUNT=2").all().length;',
    "gif": 'import { GIFEncoder } from "@nodetool-ai/sandbox-gif";\nconst g = GIFEncoder(); g.finish(); return g.bytes().length;',
}


def ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples):7.2f} ms  (min {min(samples):.2f}, max {max(samples):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    roots = [PackRoot(SHIPPED_DIR, "shipped")]

    def plain_run() -> None:
        result = run_in_sandbox(PLAIN_BODY)
        assert result.ok, result.error

    run_in_sandbox(PLAIN_BODY)  # engine warm-up (compiled module, pooled contexts)
    before = timed(plain_run, runs)
    print(f"resolve a body importing nothing    : {ms(timed(lambda: resolve_body(PLAIN_BODY), runs))}")

    start = time.perf_counter()
    catalog = Catalog(roots)
    first = (time.perf_counter() - start) * 1000
    packs = catalog.packs()
    size = sum(p.size for p in packs)
    print(
        f"shipped packs: {len(packs)} packs, {sum(len(p.modules) for p in packs)} specifiers, "
        f"{size / 1024:.0f} KB of module source"
    )
    print(f"discover + digest, first (cold scan cache: parses every module) : {first:7.2f} ms")
    print(f"discover + digest, reload (scans served from the cache)         : {ms(timed(catalog.reload, runs))}")

    print(f"resolve a yaml import (catalog hit) : {ms(timed(lambda: resolve_body(YAML_BODY, catalog=catalog), runs))}")

    def yaml_run() -> None:
        resolution = resolve_body(YAML_BODY, catalog=catalog)
        assert resolution is not None
        result = run_in_sandbox(
            YAML_BODY, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces)
        )
        assert result.ok, result.error

    yaml_run()
    print(f"run importing nothing, no catalog   : {ms(before)}")
    print(f"run importing nothing, after it     : {ms(timed(plain_run, runs))}")
    print(f"run importing @cordon/sandbox-yaml  : {ms(timed(yaml_run, runs))}")
    for name, body in GUEST_BODIES.items():
        resolution = resolve_body(body, catalog=catalog)
        assert resolution is not None and resolution.ok, resolution and resolution.errors

        def guest_run(body: str = body, resolution: Resolution = resolution) -> None:
            result = run_in_sandbox(
                body, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces)
            )
            assert result.ok, result.error

        size = catalog.pack(f"@cordon/sandbox-{name}").size / 1024  # type: ignore[union-attr]
        print(f"run importing sandbox-{name:<9} {size:4.0f} KB: {ms(timed(guest_run, runs, warmup=1))}")


if __name__ == "__main__":
    main()
