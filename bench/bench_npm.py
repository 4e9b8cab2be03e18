"""Any npm library as a pack: `npm:<name>` installs of 15 popular libraries, one call each.

    python bench/bench_npm.py                 # the real registry (registry.npmjs.org) when reachable
    CORDON_NPM_REGISTRY=http://... python bench/bench_npm.py
    python bench/bench_npm.py zod dayjs       # just these

For each library: installed into its own fresh CORDON_HOME with `npm:<name>`
(resolve, fetch with integrity, bundle, probe), then one call in the guest.
Prints admitted / skipped (rule) / failed, the bundle size, Cordon's install
time and, when Node is present, `npm install --ignore-scripts` of the same
library beside it. Then a run importing the largest installed pack against a
run importing a small one (second run of each, so the compile cache is warm:
what every later run pays). Numbers, not assertions; this may use the network,
the tests never do.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core import RunServices, run_in_sandbox
from core.errors import CordonError
from core.packs import Catalog, resolve_body
from core.packs.install import commit_install, prepare_install

#: library -> one call (named imports where the library offers them).
CALLS = {
    "decimal.js": 'import Decimal from "decimal.js";\nreturn new Decimal("0.1").plus("0.2").toString();',
    "jmespath": 'import jmespath from "jmespath";\nreturn jmespath.search({ a: { b: [1, 2] } }, "a.b[1]");',
    "marked": 'import { marked } from "marked";\nreturn marked.parse("# hi");',
    "js-yaml": 'import { load } from "js-yaml";\nreturn load("a: [1, 2]");',
    "simple-statistics": 'import { mean } from "simple-statistics";\nreturn mean([1, 2, 3, 4]);',
    "dayjs": 'import dayjs from "dayjs";\nreturn dayjs("2020-01-31").add(1, "day").format("YYYY-MM-DD");',
    "uuid": 'import { v4 } from "uuid";\nreturn v4().length;',
    "diff": 'import { diffChars } from "diff";\nreturn diffChars("abc", "abd").length;',
    "fast-xml-parser": 'import { XMLParser } from "fast-xml-parser";\nreturn new XMLParser().parse("<a><b>1</b></a>");',
    "zod": 'import { z } from "zod";\nreturn z.object({ a: z.number() }).parse({ a: 1 });',
    "nanoid": 'import { nanoid } from "nanoid";\nreturn nanoid().length;',
    "lodash-es": 'import { chunk } from "lodash-es";\nreturn chunk([1, 2, 3, 4], 2);',
    "ajv": 'import Ajv from "ajv";\nreturn new Ajv().validate({ type: "number" }, 1);',
    "papaparse": 'import Papa from "papaparse";\nreturn Papa.parse("a,b\\n1,2").data;',
    "date-fns": 'import { addDays, format } from "date-fns";\nreturn format(addDays(new Date(2020, 0, 1), 1), "yyyy-MM-dd");',
}


def _home() -> Path:
    home = Path(tempfile.mkdtemp(prefix="cordon-bench-npm-"))
    os.environ["CORDON_HOME"] = str(home)
    return home


def _run(code: str) -> tuple[bool, object, float]:
    """One run with a fresh catalog (discovery included, as a new process pays): ok, result or error, seconds."""
    start = time.perf_counter()
    packs = resolve_body(code, catalog=Catalog())
    if not packs.ok:
        return False, "; ".join(e.message for e in packs.errors)[:160], time.perf_counter() - start
    result = run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))
    seconds = time.perf_counter() - start
    if not result.ok:
        return False, f"{result.error.name}: {result.error.message}"[:160] if result.error else "failed", seconds
    return True, result.result, seconds


def _discovery(name: str) -> float:
    """Seconds for a fresh catalog to discover the installed pack (what each new process pays)."""
    start = time.perf_counter()
    assert Catalog().pack(name) is not None
    return time.perf_counter() - start


def _npm_install(name: str) -> str:
    if shutil.which("npm") is None:
        return "-"
    folder = Path(tempfile.mkdtemp(prefix="cordon-bench-npmcli-"))
    start = time.perf_counter()
    try:
        done = subprocess.run(
            ["npm", "install", "--ignore-scripts", "--no-audit", "--no-fund", "--silent", name],
            cwd=folder,
            capture_output=True,
            timeout=300,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return f"{time.perf_counter() - start:.2f}s" if done.returncode == 0 else "failed"


def bench(name: str, code: str) -> dict[str, object]:
    home = _home()
    row: dict[str, object] = {"library": name, "home": home}
    start = time.perf_counter()
    try:
        request = prepare_install(f"npm:{name}")
        row["version"] = request.version
        row["tree"] = request.tree_size
        [module] = request.npm_modules
        row["size"] = module.size
        row["warnings"] = len(module.warnings)
        commit_install(request)
        row["install"] = time.perf_counter() - start
        ok, value, _ = _run(code)
        row["status"] = "admitted" if ok else "failed"
        row["detail"] = repr(value)[:60] if ok else value
    except CordonError as exc:
        row["install"] = time.perf_counter() - start
        # the wrapper has one module: name its own skip rule, not only the pack-level refusal
        inner = re.search(r": (npm-module-[a-z-]+|dependency-[a-z-]+):", exc.message)
        row["status"] = f"skipped ({inner.group(1) if inner else exc.rule})"
        row["detail"] = exc.message[:160]
    row["npm"] = _npm_install(name)
    return row


def main() -> None:
    names = sys.argv[1:] or list(CALLS)
    rows = []
    for name in names:
        row = bench(name, CALLS[name])
        rows.append(row)
        print(
            f"{row['library']:<18} {row.get('version', '?'):<9} {row['status']:<44} "
            f"bundle {row.get('size', 0) / 1024:7.1f} KB  tree {row.get('tree', (0, 0))[1] / 1e6:5.1f} MB  "
            f"install {row['install']:5.2f}s  npm {row['npm']:>7}  warnings {row.get('warnings', '-')}  "
            f"{row['detail']}",
            flush=True,
        )
    admitted = [r for r in rows if r["status"] == "admitted"]
    print(f"\nadmitted {len(admitted)}/{len(rows)}")
    if len(admitted) >= 2:
        big = max(admitted, key=lambda r: r["tree"][1])
        small = min(admitted, key=lambda r: r["tree"][1])
        for row in (big, small):
            os.environ["CORDON_HOME"] = str(row["home"])
            _run(CALLS[row["library"]])  # first run after install: warms the per-process caches
            seconds = min(_run(CALLS[row["library"]])[2] for _ in range(3))
            discovery = min(_discovery(row["library"]) for _ in range(3))
            print(
                f"run importing {row['library']} ({row['tree'][1] / 1e6:.1f} MB in {row['tree'][0]} files "
                f"installed): {seconds * 1000:.0f} ms, of which discovery {discovery * 1000:.0f} ms"
            )
    for row in rows:
        shutil.rmtree(row["home"], ignore_errors=True)


if __name__ == "__main__":
    main()
