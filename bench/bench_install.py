"""Installer and npm compiler timings, against a real registry on 127.0.0.1.

    python bench/bench_install.py              # 7 installs, 5 cold compiles
    BENCH_SCALE=0.5 python bench/bench_install.py

Prints:
  install 20-file pack   prepare_install + commit_install of a 20-file pack (download, verify,
                         extract, classify, atomic swap), replacing the previous install each round
  js-yaml first compile  compile_npm in a process whose engine has not run yet (includes the
                         engine's first start)
  js-yaml cold compile   compile_npm with an empty compile cache, engine warm: bundle + scan +
                         the admission probe (one run: export names and every export read)
  js-yaml cached         compile_npm served from cache_dir()/npm (input digest + one file read)
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
os.environ["CORDON_HOME"] = tempfile.mkdtemp(prefix="cordon-bench-")

import json

from core.packs.compiler import compile_npm
from core.packs.install import commit_install, prepare_install
from core.packs.install.archive import extract_tarball
from tests.npm_registry import FIXTURES, NpmRegistry, file_member, tarball

SCALE = float(os.environ.get("BENCH_SCALE", "1"))


def twenty_file_pack() -> bytes:
    modules = [{"name": "." if i == 0 else f"m{i}", "kind": "js", "file": f"sandbox/m{i}.js"} for i in range(18)]
    manifest = {"name": "bench-pack", "version": "1.0.0", "cordon": {"apiVersion": 1, "sandboxModules": modules}}
    members = [
        file_member("package/package.json", json.dumps(manifest).encode()),
        file_member("package/SKILL.md", b"---\nname: bench-pack\ndescription: bench\n---\nbody\n"),
    ]
    members += [file_member(f"package/sandbox/m{i}.js", f"export const v{i} = {i};\n".encode() * 40) for i in range(18)]
    return tarball(members)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def bench_install(rounds: int) -> None:
    with NpmRegistry() as registry:
        registry.publish(twenty_file_pack())
        times = []
        for _ in range(rounds):
            started = time.perf_counter()
            request = prepare_install("bench-pack", registry=registry.url, token="")
            commit_install(request)
            times.append(time.perf_counter() - started)
    assert request.file_count == 20
    print(f"install 20-file pack   median {ms(statistics.median(times))}  min {ms(min(times))}  (n={rounds})")


def js_yaml_pack() -> Path:
    root = Path(tempfile.mkdtemp(prefix="cordon-bench-pack-"))
    for name in ("js-yaml-4.1.0", "argparse-2.0.1"):
        dest = root / "node_modules" / name.rsplit("-", 1)[0]
        dest.mkdir(parents=True)
        extract_tarball(FIXTURES / f"{name}.tgz", dest, what=name)
    return root


def bench_compile(rounds: int) -> None:
    pack = js_yaml_pack()
    started = time.perf_counter()
    compile_npm(pack, "js-yaml", use_cache=False)
    print(f"js-yaml first compile  {ms(time.perf_counter() - started)}  (engine's first start included)")
    cold = []
    for _ in range(rounds):
        started = time.perf_counter()
        compiled = compile_npm(pack, "js-yaml", use_cache=False)
        cold.append(time.perf_counter() - started)
    print(
        f"js-yaml cold compile   median {ms(statistics.median(cold))}  min {ms(min(cold))}  (n={rounds}, "
        f"{len(compiled.source)} chars, {len(compiled.exports)} named exports)"
    )
    cached = []
    for _ in range(rounds * 4):
        started = time.perf_counter()
        compile_npm(pack, "js-yaml")
        cached.append(time.perf_counter() - started)
    print(f"js-yaml cached         median {ms(statistics.median(cached))}  min {ms(min(cached))}  (n={rounds * 4})")


if __name__ == "__main__":
    bench_compile(max(1, round(5 * SCALE)))
    bench_install(max(1, round(7 * SCALE)))
