"""npm libraries as packs beside npm itself: 20 popular libraries (`CALLS`), installed and run.

    python bench/bench_npm.py                   # all 20, 3 rounds each of cold and warm
    python bench/bench_npm.py zod dayjs         # just these
    BENCH_ROUNDS=1 python bench/bench_npm.py    # one round (a quick look)
    python bench/bench_npm.py --markdown        # the table as docs/packs.md shows it
    python bench/bench_npm.py --renaming        # bundle sizes with and without shortened names (offline)

For each library, the same commands a person types, each a fresh process:
`cordon packs install npm:<name> --yes --json` then `cordon run` of its one-line
use (CALLS), beside `npm install --ignore-scripts <name>` into an empty project.
Cold: Cordon's packument, tarball and bundle caches empty (its engine already
compiled, as npm's node is), npm with an empty `--cache`. Warm: both caches
kept from the previous round, the installed pack removed first (npm gets a
fresh project folder). Each figure is the median of BENCH_ROUNDS rounds.
Uses the real registry (registry.npmjs.org, or CORDON_NPM_REGISTRY); tests never do.
Numbers, not assertions.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORDON = [str(Path(sys.executable).with_name("cordon"))]  # the console script a person runs
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))

#: library -> (entry points to wrap, one-line use, the value it must return).
CALLS: dict[str, tuple[tuple[str, ...], str, object]] = {
    "nanoid": ((".",), 'import { nanoid } from "nanoid";\nreturn nanoid().length;', 21),
    "zod": ((".",), 'import { z } from "zod";\nreturn z.object({ a: z.number() }).parse({ a: 1 });', {"a": 1}),
    "date-fns": (
        (".",),
        'import { addDays, format } from "date-fns";\nreturn format(addDays(new Date(2020, 0, 1), 1), "yyyy-MM-dd");',
        "2020-01-02",
    ),
    "lodash-es": ((".",), 'import { chunk } from "lodash-es";\nreturn chunk([1, 2, 3, 4], 2);', [[1, 2], [3, 4]]),
    "dayjs": (
        (".",),
        'import dayjs from "dayjs";\nreturn dayjs("2020-01-31").add(1, "day").format("YYYY-MM-DD");',
        "2020-02-01",
    ),
    "uuid": ((".",), 'import { v4 } from "uuid";\nreturn v4().length;', 36),
    "marked": ((".",), 'import { marked } from "marked";\nreturn marked.parse("# hi");', "<h1>hi</h1>\n"),
    "js-yaml": ((".",), 'import { load } from "js-yaml";\nreturn load("a: [1, 2]");', {"a": [1, 2]}),
    "papaparse": (
        (".",),
        'import Papa from "papaparse";\nreturn Papa.parse("a,b\\n1,2").data;',
        [["a", "b"], ["1", "2"]],
    ),
    "ajv": ((".",), 'import Ajv from "ajv";\nreturn new Ajv().validate({ type: "number" }, 1);', True),
    "immer": (
        (".",),
        'import { produce } from "immer";\nreturn produce({ a: 1 }, (d) => { d.a = 2; });',
        {"a": 2},
    ),
    "ramda": ((".",), 'import { sum } from "ramda";\nreturn sum([1, 2, 3]);', 6),
    "mathjs": ((".",), 'import { evaluate } from "mathjs";\nreturn evaluate("2+3*4");', 14),
    "chroma-js": ((".",), 'import chroma from "chroma-js";\nreturn chroma("red").hex();', "#ff0000"),
    "fuse.js": (
        (".",),
        'import Fuse from "fuse.js";\nreturn new Fuse(["apple", "banana"]).search("aple")[0].item;',
        "apple",
    ),
    "validator": ((".",), 'import validator from "validator";\nreturn validator.isEmail("a@b.co");', True),
    "change-case": ((".",), 'import { camelCase } from "change-case";\nreturn camelCase("hello world");', "helloWorld"),
    "jsonpath-plus": (
        (".",),
        'import { JSONPath } from "jsonpath-plus";\nreturn JSONPath({ path: "$.a[*]", json: { a: [1, 2] } });',
        [1, 2],
    ),
    "csv-parse": (
        ("./sync",),
        'import { parse } from "csv-parse/sync";\nreturn parse("a,b\\n1,2");',
        [["a", "b"], ["1", "2"]],
    ),
    "xlsx": (
        (".",),
        'import * as XLSX from "xlsx";\nreturn XLSX.utils.sheet_to_csv(XLSX.utils.aoa_to_sheet([[1, 2]]));',
        "1,2",
    ),
}


@dataclass
class Row:
    library: str
    status: str = "?"
    version: str = "?"
    size: int = 0
    result: str = ""
    cordon_cold: list[float] = field(default_factory=list)
    cordon_warm: list[float] = field(default_factory=list)
    npm_cold: list[float] = field(default_factory=list)
    npm_warm: list[float] = field(default_factory=list)


def _timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)
    return time.perf_counter() - start, done


def _cordon_env(home: Path) -> dict[str, str]:
    env = dict(os.environ, CORDON_HOME=str(home), PYTHONPATH=str(ROOT))
    env.pop("QT_QPA_PLATFORM", None)
    return env


def _clear_npm_caches(home: Path) -> None:
    """Cold for Cordon: no packument, tarball, bundle or content-digest cache (the engine stays compiled)."""
    for name in ("npm", "npm-tree"):
        shutil.rmtree(home / "cache" / name, ignore_errors=True)


def _cordon_install(row: Row, home: Path, entries: tuple[str, ...]) -> tuple[float, dict[str, object]]:
    env = _cordon_env(home)
    subprocess.run([*CORDON, "packs", "remove", row.library], env=env, capture_output=True, check=False)
    command = [*CORDON, "packs", "install", f"npm:{row.library}", "--yes", "--json"]
    for entry in entries:
        command += ["--entry", entry]
    seconds, done = _timed(command, ROOT, env)
    try:
        doc = json.loads(done.stdout)
    except json.JSONDecodeError:
        doc = {"ok": False, "error": {"rule": "crashed", "message": done.stderr[-300:]}}
    return seconds, doc


def _cordon_run(home: Path, code: str) -> tuple[bool, object]:
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as body:
        body.write(code)
    try:
        _, done = _timed([*CORDON, "run", body.name, "--json"], ROOT, _cordon_env(home))
    finally:
        os.unlink(body.name)
    try:
        doc = json.loads(done.stdout)
    except json.JSONDecodeError:
        return False, done.stderr[-200:]
    if doc.get("ok"):
        return True, doc.get("result")
    error = doc.get("error") or {}
    return False, f"{error.get('rule') or error.get('name')}: {str(error.get('message'))[:150]}"


def _npm_install(name: str, cache: Path) -> float | None:
    folder = Path(tempfile.mkdtemp(prefix="cordon-bench-npmcli-"))
    try:
        seconds, done = _timed(
            ["npm", "install", "--ignore-scripts", "--no-audit", "--no-fund", "--silent", "--cache", str(cache), name],
            folder,
            dict(os.environ),
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return seconds if done.returncode == 0 else None


def _module(doc: dict[str, object]) -> dict[str, object]:
    request = doc.get("request")
    modules = request.get("npmModules") if isinstance(request, dict) else None
    return modules[0] if isinstance(modules, list) and modules and isinstance(modules[0], dict) else {}


def bench(name: str, home: Path) -> Row:
    entries, code, expected = CALLS[name]
    row = Row(name)
    npm_cache = Path(tempfile.mkdtemp(prefix="cordon-bench-npmcache-"))
    try:
        for warm in (False, True):
            for _ in range(ROUNDS):
                if not warm:
                    _clear_npm_caches(home)
                    shutil.rmtree(npm_cache, ignore_errors=True)
                seconds, doc = _cordon_install(row, home, entries)
                (row.cordon_warm if warm else row.cordon_cold).append(seconds)
                if shutil.which("npm"):
                    npm = _npm_install(name, npm_cache)
                    if npm is not None:
                        (row.npm_warm if warm else row.npm_cold).append(npm)
        request = doc.get("request") if isinstance(doc.get("request"), dict) else {}
        assert isinstance(request, dict)
        row.version = str(request.get("version", "?"))
        module = _module(doc)
        row.size = int(module.get("size") or 0)  # type: ignore[call-overload]
        if not doc.get("ok"):
            error = doc.get("error") if isinstance(doc.get("error"), dict) else {}
            assert isinstance(error, dict)
            message = str(error.get("message"))
            inner = re.search(r": (npm-module-[a-z-]+|dependency-[a-z-]+):", message)  # the module's own rule
            row.status = f"refused ({inner.group(1) if inner else error.get('rule')})"
            row.result = message[:150]
            return row
        ok, value = _cordon_run(home, code)
        row.status = "admitted" if ok and value == expected else "wrong" if ok else "run failed"
        row.result = json.dumps(value)[:60] if ok else str(value)
    finally:
        shutil.rmtree(npm_cache, ignore_errors=True)
    return row


#: The large-pack run (mathjs's 1.9 MB bundle) measured: the first run after the install, then later ones
#: (`output` is the Code node's; `cordon run` returns the value).
MATHJS_RUN = 'import { evaluate } from "mathjs";\nreturn evaluate("2+3*4");'


#: Runs of MATHJS_RUN in one process, as the studio runs a body again and again: each run's seconds, and
#: whether a graph image was built, refused (with the reason the engine logs) or served.
ONE_PROCESS = """
import json, logging, sys, time
from core import RunServices, run_in_sandbox
from core.engine import graph_image
from core.packs import Catalog, resolve_body
reasons = []
class Reasons(logging.Handler):
    def emit(self, record):
        lines = [line.strip() for line in record.getMessage().splitlines() if line.strip()]
        reasons.append(lines[0][:160] + (" ... " + lines[-1][:80] if len(lines) > 1 else ""))
log = logging.getLogger("core.engine.graph_image")
log.setLevel(logging.DEBUG)
log.addHandler(Reasons())
code = sys.argv[1]
for _ in range(int(sys.argv[2])):
    start = time.perf_counter()
    packs = resolve_body(code, catalog=Catalog())
    result = run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))
    seconds = time.perf_counter() - start
    graph_image.wait_for_builds()
    print(json.dumps({"ok": result.ok, "seconds": seconds, "counts": graph_image.counts, "reasons": reasons}))
"""


def large_pack_runs(home: Path, runs: int = 6) -> None:
    """A mathjs body run: by `cordon run`, each a new process (the first after install, then four more
    with the bytecode cache warm), then `runs` times in one process (where a graph image could serve it
    from the fourth run on; mathjs's is refused, and the engine's reason is printed)."""
    seconds = []
    for _ in range(5):
        start = time.perf_counter()
        ok, _ = _cordon_run(home, MATHJS_RUN)
        seconds.append(time.perf_counter() - start)
    later = statistics.median(seconds[1:])
    print(f"  mathjs run (whole process, ok={ok}): first {seconds[0]:.2f} s, later median {later:.2f} s", flush=True)
    done = subprocess.run(
        [sys.executable, "-c", ONE_PROCESS, MATHJS_RUN, str(runs)],
        cwd=ROOT,
        env=_cordon_env(home),
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        print(f"  mathjs runs in one process failed: {done.stderr[-300:]}", flush=True)
        return
    each = ", ".join(f"{line['seconds']:.2f}" for line in lines)
    last = lines[-1]
    print(f"  mathjs runs in one process (s, each): {each}; graph images {last['counts']}", flush=True)
    for reason in dict.fromkeys(last["reasons"]):
        print(f"    graph image: {reason}", flush=True)


def renaming_sizes(names: list[str]) -> None:
    """Each library's bundle with and without shortened local names, and the seconds bundling took, from the
    pinned, pruned tree the renaming differential test uses (offline)."""
    sys.path.insert(0, str(ROOT))
    from core.packs.npm import bundle

    archive = ROOT / "tests" / "fixtures" / "npm-libraries.tar.gz"
    with tempfile.TemporaryDirectory(prefix="cordon-bench-rename-") as scratch:
        with tarfile.open(archive) as tar:
            tar.extractall(scratch, filter="data")
        print("library | bundle KB | renamed KB | saved | bundling s | renaming s |\n|---|---|---|---|---|---|")
        for name in names:
            entry = CALLS[name][0][0]
            dependency = name if entry == "." else name + entry[1:]
            sizes, seconds = [], []
            for shorten in (False, True):
                start = time.perf_counter()
                built = bundle.build(Path(scratch), dependency, 8 << 20, shorten_names=shorten)
                seconds.append(time.perf_counter() - start)
                sizes.append(len(built.body.encode("utf-8")))
            print(
                f"| {name} | {sizes[0] / 1024:.0f} | {sizes[1] / 1024:.0f} | {1 - sizes[1] / sizes[0]:.0%} | "
                f"{seconds[0]:.2f} | {seconds[1] - seconds[0]:+.2f} |",
                flush=True,
            )


def _median(samples: list[float]) -> str:
    return f"{statistics.median(samples):.2f}" if samples else "-"


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    markdown = "--markdown" in sys.argv
    names = args or list(CALLS)
    if "--renaming" in sys.argv:
        renaming_sizes(names)
        return
    home = Path(tempfile.mkdtemp(prefix="cordon-bench-npm-"))
    # the engine is compiled once, as npm's node binary is: cold means cold package caches, not a cold tool
    subprocess.run([*CORDON, "run", "-"], input="return 1", text=True, env=_cordon_env(home), capture_output=True)
    rows = []
    header = "library | status | version | bundle KB | Cordon cold s | Cordon warm s | npm cold s | npm warm s | result"
    print(f"| {header} |\n|{'---|' * 9}" if markdown else header, flush=True)
    try:
        for name in names:
            row = bench(name, home)
            rows.append(row)
            if name == "mathjs" and row.status == "admitted":
                large_pack_runs(home)
            cells = [
                row.library,
                row.status,
                row.version,
                f"{row.size / 1024:.0f}" if row.size else "-",
                _median(row.cordon_cold),
                _median(row.cordon_warm),
                _median(row.npm_cold),
                _median(row.npm_warm),
                row.result.replace("|", "\\|") if markdown else row.result,
            ]
            print(("| " + " | ".join(cells) + " |") if markdown else "  ".join(cells), flush=True)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    warm = [(r.cordon_warm, r.npm_warm) for r in rows if r.cordon_warm and r.npm_warm]
    cold = [(r.cordon_cold, r.npm_cold) for r in rows if r.cordon_cold and r.npm_cold]
    admitted = sum(r.status == "admitted" for r in rows)
    print(f"\nadmitted and right: {admitted}/{len(rows)}")
    for label, pairs in (("warm", warm), ("cold", cold)):
        if pairs:
            ours = statistics.median(statistics.median(c) for c, _ in pairs)
            theirs = statistics.median(statistics.median(n) for _, n in pairs)
            print(f"median over libraries, {label}: Cordon {ours:.2f} s, npm {theirs:.2f} s ({ours / theirs:.2f}x)")


if __name__ == "__main__":
    main()
