"""Re-vendor the TypeScript compiler Cordon's guest runs (dev time only).

    python resources/typescript/vendor.py

Needs `npm` and the npm registry. Tests never run this: they use the committed output and check
it against `vendor.lock.json` (every file's npm version, size and sha256). Running it again
reproduces the same bytes. What it writes, and why (docs/design.md, "TypeScript bodies"):

* `typescript-guest.js`: the JavaScript build of `typescript` and Bloomberg's `ts-blank-space`,
  bundled by a pinned esbuild into one minified script that sets `globalThis.__cordon_typescript`.
  The guest (`core/typescript/guest.py`) evaluates it with no capabilities: the compiler parses
  bodies a run controls, so it never runs as host code.
* `lib/`: the standard library declarations a body's checker needs (ES5 to ES2023 and the
  decorators; no DOM, which the sandbox does not have).
* the upstream license files.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCK = HERE / "vendor.lock.json"
ESBUILD = "esbuild@0.28.2"
TYPESCRIPT = "typescript@5.9.3"
BLANK_SPACE = "ts-blank-space@0.9.0"
BUNDLE = "typescript-guest.js"
#: Node's modules typescript.js reaches for only when it runs under Node (its `sys`): never bundled.
NODE_ONLY = ("fs", "path", "os", "crypto", "inspector", "perf_hooks", "source-map-support", "buffer", "module")
LIB_PREFIXES = ("lib.es5.", "lib.es2015", "lib.es2016", "lib.es2017", "lib.es2018", "lib.es2019", "lib.es2020")
LIB_PREFIXES += ("lib.es2021", "lib.es2022", "lib.es2023", "lib.decorators")
#: What QuickJS-ng has beyond ES2023 (DisposableStack, SuppressedError, Float16Array, Iterator helpers).
LIB_PREFIXES += ("lib.esnext.disposable.", "lib.esnext.float16.", "lib.esnext.iterator.")

ENTRY = """\
import ts from "typescript";
import { blankSourceFile } from "ts-blank-space";
globalThis.__cordon_typescript = { ts, blankSourceFile };
"""


def npm(*args: str, cwd: Path) -> None:
    subprocess.run(["npm", *args], cwd=cwd, check=True, capture_output=True, text=True)


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def vendored_files() -> list[Path]:
    """Every file the lock covers, in a stable order."""
    return sorted([HERE / BUNDLE, *(HERE / "lib").glob("*.d.ts"), *HERE.glob("LICENSE-*")])


def lock_entries() -> dict[str, dict[str, object]]:
    """What vendor.lock.json records per file (tests recompute it from the committed files)."""
    return {
        p.relative_to(HERE).as_posix(): {"bytes": p.stat().st_size, "sha256": sha256_file(p)} for p in vendored_files()
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        build = Path(work)
        (build / "package.json").write_text('{"private": true}\n', encoding="utf-8")
        npm("install", "--no-audit", "--no-fund", "--save-exact", ESBUILD, TYPESCRIPT, BLANK_SPACE, cwd=build)
        (build / "entry.js").write_text(ENTRY, encoding="utf-8")
        externals = [f"--external:{name}" for name in NODE_ONLY]
        subprocess.run(
            [
                str(build / "node_modules/.bin/esbuild"),
                "entry.js",
                "--bundle",
                "--format=iife",
                "--platform=neutral",
                "--main-fields=module,main",
                "--minify",
                "--legal-comments=none",
                *externals,
                f"--outfile={HERE / BUNDLE}",
            ],
            cwd=build,
            check=True,
        )
        shutil.rmtree(HERE / "lib", ignore_errors=True)
        (HERE / "lib").mkdir()
        ts_lib = build / "node_modules/typescript/lib"
        for path in sorted(ts_lib.glob("lib.*.d.ts")):
            if path.name.startswith(LIB_PREFIXES) and not path.name.endswith(".full.d.ts"):
                shutil.copyfile(path, HERE / "lib" / path.name)
        shutil.copyfile(build / "node_modules/typescript/LICENSE.txt", HERE / "LICENSE-typescript.txt")
        shutil.copyfile(
            build / "node_modules/typescript/ThirdPartyNoticeText.txt", HERE / "LICENSE-typescript-notices.txt"
        )
        shutil.copyfile(build / "node_modules/ts-blank-space/LICENSE", HERE / "LICENSE-ts-blank-space.txt")
    lock = {"esbuild": ESBUILD, "typescript": TYPESCRIPT, "ts-blank-space": BLANK_SPACE, "files": lock_entries()}
    LOCK.write_text(json.dumps(lock, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
