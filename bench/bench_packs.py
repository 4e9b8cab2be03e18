"""Pack costs: discovering + digesting the shipped packs, and a run importing the yaml pack vs none.

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

from core import run_in_sandbox
from core.packs import Catalog, PackRoot, resolve_body
from core.packs.discovery import SHIPPED_DIR

YAML_BODY = 'import yaml from "@cordon/sandbox-yaml";\nreturn yaml.load("a: 1\\nb: [x, y]\\n");'
PLAIN_BODY = 'return { a: 1, b: ["x", "y"] };'


def ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples):7.2f} ms  (min {min(samples):.2f}, max {max(samples):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    roots = [PackRoot(SHIPPED_DIR, "shipped")]

    start = time.perf_counter()
    catalog = Catalog(roots)
    first = (time.perf_counter() - start) * 1000
    packs = catalog.packs()
    size = sum(p.size for p in packs)
    print(f"shipped packs: {len(packs)} packs, {sum(len(p.modules) for p in packs)} specifiers, "
          f"{size / 1024:.0f} KB of module source")
    print(f"discover + digest, first in process : {first:7.2f} ms")
    print(f"discover + digest, reload           : {ms(timed(catalog.reload, runs))}")

    run_in_sandbox(PLAIN_BODY)  # engine warm-up (compiled module, pooled contexts)
    print(f"resolve a yaml import (catalog hit) : {ms(timed(lambda: resolve_body(YAML_BODY, catalog=catalog), runs))}")

    def yaml_run() -> None:
        resolution = resolve_body(YAML_BODY, catalog=catalog)
        assert resolution is not None
        result = run_in_sandbox(YAML_BODY, modules=resolution.modules, surfaces=resolution.surfaces)
        assert result.ok, result.error

    def plain_run() -> None:
        result = run_in_sandbox(PLAIN_BODY)
        assert result.ok, result.error

    yaml_run()
    print(f"run importing nothing               : {ms(timed(plain_run, runs))}")
    print(f"run importing @cordon/sandbox-yaml  : {ms(timed(yaml_run, runs))}")


if __name__ == "__main__":
    main()
