"""Start-up benchmarks: what a new process pays before and for its first run.

    python bench/bench_startup.py                  # 15 processes per row
    BENCH_SCALE=0.5 python bench/bench_startup.py  # fewer

Each row starts fresh interpreters (`sys.executable`, this checkout) and prints the median and
p90 in ms over them:

- `import core`: the facade alone (lazy: no engine);
- `import core` + `run_in_sandbox`: the engine's import, then its first run, timed in-process;
- `cordon --version`, `cordon --help` and `cordon run` of `return 1` (`--json`, the body from stdin
  and from a file): the whole command, process start to exit, as a shell sees it, and the CPU time
  (user + system) the process used, which a busy machine disturbs less than the wall clock;
- `python -X importtime -c "import core.engine.run"`: the engine's own import, as Python counts it;
- `node -e "console.log(1+1)"` (when Node is on PATH), sampled in the same turns, and the ratio of
  `cordon run` to it (the aim is at most 3x);
- where a `cordon run FILE` process's time goes: its `setup_ms` and `run_ms` (the engine's start to
  the guest's first instruction, and the guest), and, from one more such process per turn under
  `-X importtime`, the top-level imports that cost most (Python's count, inflated by the counting).

Runs share one CORDON_HOME whose caches were filled by a first, unmeasured process, as on a
machine where Cordon ran before (a first-ever run also compiles the guest module: printed once), and
that process also writes Python's bytecode caches (PYTHONDONTWRITEBYTECODE is dropped for the
children), as an installed package has them. Numbers, not assertions.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import stats

ROOT = Path(__file__).resolve().parents[1]
SCALE = float(os.environ.get("BENCH_SCALE", "1"))
COUNT = max(3, int(15 * SCALE))
# As the `cordon` console script calls it: main() reads sys.argv and ends the process itself (core.cli.end_process).
CLI = "import sys; from core.cli import main; sys.exit(main())"
FIRST_RUN = (
    "import time, json; t0 = time.perf_counter(); import core; t1 = time.perf_counter();"
    "r = core.run_in_sandbox('return 1'); t2 = time.perf_counter(); assert r.ok, r.error;"
    "print(json.dumps([(t1 - t0) * 1000, (t2 - t1) * 1000]))"
)
ENGINE_RUN = (
    "import time, json; import core; t0 = time.perf_counter(); from core.engine import run;"
    "t1 = time.perf_counter(); r = run.run_in_sandbox('return 1'); t2 = time.perf_counter(); assert r.ok;"
    "print(json.dumps([(t1 - t0) * 1000, (t2 - t1) * 1000]))"
)


def _python(args: list[str], env: dict[str, str], stdin: str | None = None) -> tuple[float, str, str]:
    """Wall ms of one fresh interpreter from spawn to exit, its stdout and stderr."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *args], input=stdin, cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return (time.perf_counter() - start) * 1000, done.stdout, done.stderr


def _children_cpu_ms() -> float:
    """User + system CPU ms of every child process that has ended so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def _cordon(args: list[str], env: dict[str, str], stdin: str | None = None) -> tuple[float, float, str]:
    """One whole `cordon ARGS` process: its wall ms, its CPU ms and its stdout."""
    cpu = _children_cpu_ms()
    wall, out, _ = _python(["-c", CLI, *args], env, stdin)
    return wall, _children_cpu_ms() - cpu, out


#: Top-level imports listed in the breakdown.
TOP_IMPORTS = 10


def _top_imports(stderr: str) -> dict[str, float]:
    """Cumulative ms of each top-level import `-X importtime` reported (the ones nothing of Cordon's
    imported: the command's own and the first to need each)."""
    found = re.findall(r"^import time:\s+\d+ \|\s+(\d+) \| (\S+)$", stderr, re.M)
    return {name: int(us) / 1000 for us, name in found}


def main() -> None:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["CORDON_HOME"] = os.environ.get("CORDON_HOME") or tempfile.mkdtemp(prefix="cordon-startup-")
    body = Path(tempfile.mkdtemp(prefix="cordon-startup-body-")) / "return-1.js"
    body.write_text("return 1", encoding="utf-8")
    cold, out, _ = _python(["-c", FIRST_RUN], env)
    print(f"first process ever (empty caches): {cold:.0f} ms, first run {json.loads(out)[1]:.0f} ms", file=sys.stderr)

    rows: dict[str, tuple[list[float], str]] = {}

    def row(name: str, note: str) -> list[float]:
        rows[name] = ([], note)
        return rows[name][0]

    python_only = row("python -c pass", "the interpreter alone, for scale")
    import_core = row("import core", "the facade (lazy: no engine)")
    engine_import = row("import core.engine.run", "the engine's modules, in-process")
    first_run = row("first run_in_sandbox", "first run after the engine's import, in-process")
    importtime = row("-X importtime core.engine.run", "Python's own count of the engine import (us -> ms)")
    commands = {
        "cordon --version": (["--version"], None, "whole process, spawn to exit"),
        "cordon --help": (["--help"], None, "whole process: the parser, no subcommand's code"),
        "cordon run (return 1)": (
            ["run", "-", "--json"],
            "return 1",
            "whole process: `cordon run - --json`, body on stdin",
        ),
        "cordon run FILE (return 1)": (["run", str(body), "--json"], None, "whole process: `cordon run FILE --json`"),
    }
    node = shutil.which("node")
    node_row = row("node -e console.log(1+1)", "whole process, for scale") if node else None
    walls: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    for name, (_, _, note) in commands.items():
        walls[name] = row(name, note)
        cpus[name] = row(f"  {name}, CPU", "user + system CPU ms of the same processes")
    setup = row("  cordon run FILE: setup_ms", "its result's timings: the engine's start up to the guest")
    guest = row("  cordon run FILE: run_ms", "its result's timings: the guest running the body")
    imports: dict[str, list[float]] = {}
    for _ in range(COUNT):
        python_only.append(_python(["-c", "pass"], env)[0])
        import_core.append(_python(["-c", "import core"], env)[0] - python_only[-1])
        ms_import, ms_run = json.loads(_python(["-c", ENGINE_RUN], env)[1])
        engine_import.append(ms_import)
        first_run.append(ms_run)
        _, _, err = _python(["-X", "importtime", "-c", "import core.engine.run"], env)
        [total] = [int(m) for m in re.findall(r"\|\s*(\d+) \| core\.engine\.run$", err, re.M)]
        importtime.append(total / 1000)
        if node and node_row is not None:
            start = time.perf_counter()
            subprocess.run([node, "-e", "console.log(1+1)"], capture_output=True, check=True)
            node_row.append((time.perf_counter() - start) * 1000)
        for name, (args, stdin, _) in commands.items():
            wall, cpu, out = _cordon(args, env, stdin)
            if "run" in args and not json.loads(out)["ok"]:
                raise SystemExit(f"{name} failed: {out}")
            walls[name].append(wall)
            cpus[name].append(cpu)
            if name == "cordon run FILE (return 1)":
                timings = json.loads(out)["timings"]
                setup.append(timings["setup_ms"])
                guest.append(timings["run_ms"])
        _, _, err = _python(["-X", "importtime", "-c", CLI, "run", str(body), "--json"], env)
        for module, ms in _top_imports(err).items():
            imports.setdefault(module, []).append(ms)

    print(f"\n{'metric':34s} {'median':>8s} {'p90':>8s}  notes ({COUNT} processes each)")
    for name, (samples, note) in rows.items():
        med, p90 = stats(samples)
        print(f"{name:34s} {med:8.1f} {p90:8.1f}  {note}")
    top = sorted(imports.items(), key=lambda item: -stats(item[1])[0])[:TOP_IMPORTS]
    print(f"\ncordon run FILE's top-level imports under -X importtime (median cumulative ms, {COUNT} processes):")
    for module, samples in top:
        print(f"  {module:40s} {stats(samples)[0]:7.1f}")
    if node_row:
        ratio = stats(walls["cordon run FILE (return 1)"])[0] / stats(node_row)[0]
        print(f"\ncordon run FILE / node -e (medians): {ratio:.1f}x (the aim: at most 3x)")
    print(f"load average at the end: {os.getloadavg()[0]:.2f} ({os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
