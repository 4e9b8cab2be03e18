"""Re-vendor the third-party code of Cordon's shipped packs from the npm registry (dev time only).

    python resources/packs/vendor.py            # fetch, bundle, write into the pack folders

Needs `npm` and network access to the npm registry. Tests never run this:
they use the committed output. Each pack keeps its upstream LICENSE file.
What each pack gets, and why:

* The guest packs (GUEST_PACKS: yaml, dates, markdown, decimal, jmespath,
  stats, qr, color, rrule, gif): the pinned npm version, installed together
  with a pinned esbuild, bundled from a one-line entry into one minified ES
  module (platform neutral, explicit conditions and main fields, so the
  library's ESM build is used where it has one). The entry decides the pack's
  exports: the library's own, plus its default export where it has one, so the
  synchronous API is exactly the library's. The script also writes each pack's
  package.json and `vendor.lock.json` (every bundle's npm version, size and
  sha256; tests check the committed bundles against it).

  Beside each bundle, the library's own TypeScript declarations as one file
  (`sandbox/<bundle>.d.ts`, from its package or its DefinitelyTyped `@types`
  package, with that package's LICENSE as LICENSE-types), bundled by a pinned
  dts-bundle-generator from a types entry that exports what the bundle
  exports. The editor's checker reads it instead of inferring the minified
  bundle (core/typescript/context.py): real signatures and docs, and a file
  of declarations it checks against faster than a bundle of aliases. A
  library with no declarations anywhere (gifenc) gets none.

sandbox-csv is a host pack (core/packs/host/csv.py): nothing to vendor.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCK = HERE / "vendor.lock.json"
ESBUILD = "esbuild@0.28.2"
#: rrule's one dependency, pinned so its bundle cannot move under a fixed rrule version.
TSLIB = "tslib@2.8.1"
#: What bundles each library's declarations into one file, and the TypeScript it runs (the guest's).
DTS_BUNDLER = "dts-bundle-generator@9.5.1"
TYPESCRIPT = "typescript@5.9.3"
#: The types entry's compiler options (esModuleInterop: a CommonJS library's default import).
TSCONFIG = {
    "compilerOptions": {
        "module": "esnext",
        "moduleResolution": "bundler",
        "target": "es2022",
        "strict": True,
        "esModuleInterop": True,
        "skipLibCheck": True,
        "types": [],
    }
}


@dataclass(frozen=True)
class GuestPack:
    """One pack compiled from an npm library into the guest."""

    #: The short name: folder `sandbox-<name>`, specifiers `@cordon/sandbox-<name>` and `@nodetool-ai/sandbox-<name>`.
    name: str
    #: The pinned npm package (`<name>@<exact version>`), within the reference's range (packs.md).
    npm: str
    #: The ES module esbuild bundles: it decides what the pack exports.
    entry: str
    description: str
    #: The upstream license file, copied to the pack's LICENSE.
    license_file: str = "LICENSE"
    #: Where the declarations come from: "" the library itself, "@types/<lib>@<version>" its
    #: DefinitelyTyped package, None nowhere (the checker infers the bundle).
    types: str | None = ""
    #: The TypeScript module whose declarations the pack's types are (default: the entry), for a
    #: library whose declarations lack what its bundle exports (js-yaml's ESM default export).
    types_entry: str | None = None

    @property
    def package(self) -> str:
        return self.npm.rsplit("@", 1)[0]

    @property
    def version(self) -> str:
        return self.npm.rsplit("@", 1)[1]

    @property
    def folder(self) -> Path:
        return HERE / f"sandbox-{self.name}"

    @property
    def bundle(self) -> str:
        """The bundle's path inside the pack folder."""
        return f"sandbox/{self.package.replace('.', '-')}.js"

    @property
    def types_package(self) -> str | None:
        """The DefinitelyTyped package's name (`@types/js-yaml`), when the declarations come from one."""
        return self.types.rsplit("@", 1)[0] if self.types else None

    @property
    def declarations(self) -> str | None:
        """The declarations' path inside the pack folder: the bundle's, as `.d.ts` (where the checker looks)."""
        return None if self.types is None else self.bundle.removesuffix(".js") + ".d.ts"


def _reexport(package: str, *, default: bool = False) -> str:
    return f'export * from "{package}";\n' + (f'export {{ default }} from "{package}";\n' if default else "")


_YAML_API = ("load", "loadAll", "dump", "Schema", "Type", "YAMLException")
_YAML_REMOVED = (("safeLoad", "load"), ("safeLoadAll", "loadAll"), ("safeDump", "dump"))
_YAML_SCHEMAS = ("FAILSAFE_SCHEMA", "JSON_SCHEMA", "CORE_SCHEMA", "DEFAULT_SCHEMA")
#: js-yaml's ES module exports its API as the default too, with `types` and three functions that
#: version 4 removed (they throw); its DefinitelyTyped declarations have none of these.
YAML_TYPES = (
    'import * as yaml from "js-yaml";\nexport * from "js-yaml";\n'
    "/** The built-in YAML types by name. */\nexport declare const types: Record<string, yaml.Type>;\n"
    + "".join(
        f"/** Removed in js-yaml 4: it throws. Use `{new}`. */\n"
        f"export declare function {old}(...args: unknown[]): never;\n"
        for old, new in _YAML_REMOVED
    )
    + "declare const api: {\n"
    + "".join(f"  {name}: typeof yaml.{name};\n" for name in (*_YAML_API, *_YAML_SCHEMAS))
    + "".join(f"  {name}: typeof {name};\n" for name in ("types", *(old for old, _ in _YAML_REMOVED)))
    + "};\nexport default api;\n"
)

GUEST_PACKS = (
    GuestPack(
        "yaml",
        "js-yaml@4.3.2",
        _reexport("js-yaml", default=True),
        "YAML parsing and dumping in the sandbox (js-yaml 4.3.2).",
        types="@types/js-yaml@4.0.9",
        types_entry=YAML_TYPES,
    ),
    GuestPack(
        "dates",
        "date-fns@4.4.0",
        _reexport("date-fns"),
        "Date arithmetic, parsing and formatting in the sandbox (all of date-fns 4.4.0).",
        "LICENSE.md",
    ),
    GuestPack(
        "markdown",
        "marked@12.0.2",
        _reexport("marked"),
        "Markdown to tokens and HTML in the sandbox (marked 12.0.2).",
        "LICENSE.md",
    ),
    GuestPack(
        "decimal",
        "decimal.js@10.6.0",
        _reexport("decimal.js", default=True),
        "Arbitrary-precision decimal arithmetic in the sandbox (decimal.js 10.6.0).",
        "LICENCE.md",
    ),
    # jmespath is CommonJS only: its exports object is the default, and its functions are named exports.
    GuestPack(
        "jmespath",
        "jmespath@0.16.0",
        'import jmespath from "jmespath";\nexport default jmespath;\n'
        "export const { search, compile, tokenize, strictDeepEqual } = jmespath;\n",
        "JMESPath queries over JSON values in the sandbox (jmespath 0.16.0).",
        types="@types/jmespath@0.15.2",
        # Its declarations type `search` only: the other three exports are declared here.
        types_entry='import { search } from "jmespath";\nexport { search };\n'
        "/** The expression's syntax tree, to search with repeatedly. */\n"
        "export declare function compile(expression: string): any;\n"
        "/** The expression's tokens. */\nexport declare function tokenize(expression: string): any[];\n"
        "/** Whether two JSON values are equal as JMESPath compares them. */\n"
        "export declare function strictDeepEqual(first: unknown, second: unknown): boolean;\n"
        "declare const jmespath: {\n  search: typeof search;\n  compile: typeof compile;\n"
        "  tokenize: typeof tokenize;\n  strictDeepEqual: typeof strictDeepEqual;\n};\n"
        "export default jmespath;\n",
    ),
    GuestPack(
        "stats",
        "simple-statistics@7.12.1",
        _reexport("simple-statistics"),
        "Descriptive statistics, quantiles and regression in the sandbox (simple-statistics 7.12.1).",
    ),
    GuestPack("qr", "uqr@0.1.3", _reexport("uqr"), "QR code matrices and SVG in the sandbox (uqr 0.1.3)."),
    GuestPack(
        "color",
        "culori@4.0.2",
        _reexport("culori"),
        "Color parsing, conversion, interpolation and difference in the sandbox (culori 4.0.2).",
        types="@types/culori@4.0.1",
    ),
    GuestPack(
        "rrule",
        "rrule@2.8.1",
        _reexport("rrule"),
        "iCalendar recurrence rules (RRULE) in the sandbox (rrule 2.8.1).",
        "LICENCE",
    ),
    GuestPack(
        "gif",
        "gifenc@1.0.3",
        _reexport("gifenc", default=True),
        "Animated GIF encoding with palette quantization in the sandbox (gifenc 1.0.3).",
        "LICENSE.md",
        types=None,
    ),
)


def npm(*args: str, cwd: Path) -> str:
    return subprocess.run(["npm", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_entry(pack: GuestPack) -> dict[str, object]:
    """What vendor.lock.json records for a bundle and its declarations (tests recompute it from the files)."""
    entry = _file_entry(pack.npm, pack.folder, pack.bundle)
    if pack.declarations is not None:
        entry["types"] = _file_entry(pack.types or pack.npm, pack.folder, pack.declarations)
    return entry


def _file_entry(npm_spec: str, folder: Path, rel: str) -> dict[str, object]:
    path = folder / rel
    return {"npm": npm_spec, "file": rel, "bytes": path.stat().st_size, "sha256": sha256_file(path)}


def vendor_types(build: Path, pack: GuestPack) -> None:
    """The library's declarations as one file beside the bundle, exporting what the bundle exports."""
    if pack.declarations is None:
        return
    entry = build / f"types-{pack.name}.ts"
    entry.write_text(pack.types_entry or pack.entry, encoding="utf-8")
    out = pack.folder / pack.declarations
    inlined = [pack.package] + ([pack.types_package] if pack.types_package else [])
    subprocess.run(
        [
            str(build / "node_modules" / ".bin" / "dts-bundle-generator"),
            "--no-check",
            "--silent",
            "--no-banner",
            f"--out-file={out}",
            *(f"--external-inlines={name}" for name in inlined),
            "--",
            str(entry),
        ],
        check=True,
        cwd=build,
    )
    source = pack.types or pack.npm
    text = out.read_text(encoding="utf-8")
    out.write_text(
        f"// The declarations of {source}, bundled by resources/packs/vendor.py with {DTS_BUNDLER}.\n" + text,
        encoding="utf-8",
    )
    if pack.types_package:
        shutil.copy(build / "node_modules" / pack.types_package / "LICENSE", pack.folder / "LICENSE-types")


def vendor_guest(build: Path, pack: GuestPack) -> None:
    """Bundle one library with esbuild into its pack folder, with its LICENSE and package.json."""
    entry = build / f"entry-{pack.name}.js"
    entry.write_text(pack.entry, encoding="utf-8")
    out = pack.folder
    bundle = out / pack.bundle
    shutil.rmtree(bundle.parent, ignore_errors=True)  # a renamed bundle must not linger
    bundle.parent.mkdir(parents=True)
    subprocess.run(
        [
            str(build / "node_modules" / ".bin" / "esbuild"),
            str(entry),
            "--bundle",
            "--format=esm",
            "--platform=neutral",
            "--main-fields=module,main",
            "--conditions=import",
            "--minify",
            "--legal-comments=none",
            "--log-level=warning",
            f"--outfile={bundle}",
        ],
        check=True,
        cwd=build,
    )
    library = build / "node_modules" / pack.package
    license_name = json.loads((library / "package.json").read_text(encoding="utf-8"))["license"]
    text = bundle.read_text(encoding="utf-8")
    bundle.write_text(
        f"// {pack.npm} ({license_name}, see LICENSE), bundled by resources/packs/vendor.py with {ESBUILD}.\n" + text,
        encoding="utf-8",
    )
    shutil.copy(library / pack.license_file, out / "LICENSE")
    manifest = {
        "name": f"@cordon/sandbox-{pack.name}",
        "version": pack.version,
        "description": pack.description,
        "license": license_name,
        "cordon": {"apiVersion": 1, "sandboxModules": [{"name": ".", "kind": "js", "file": pack.bundle}]},
    }
    (out / "package.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def vendor_guests(work: Path) -> None:
    build = work / "guest-build"
    build.mkdir()
    (build / "package.json").write_text(json.dumps({"name": "guest-build", "private": True}))
    (build / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    types = [p.types for p in GUEST_PACKS if p.types]
    npm(
        "install",
        "--no-audit",
        "--no-fund",
        "--save-exact",
        ESBUILD,
        TSLIB,
        DTS_BUNDLER,
        TYPESCRIPT,
        *types,
        *(p.npm for p in GUEST_PACKS),
        cwd=build,
    )
    for pack in GUEST_PACKS:
        vendor_guest(build, pack)
        vendor_types(build, pack)
    lock = {
        "esbuild": ESBUILD,
        "dts-bundle-generator": DTS_BUNDLER,
        "packs": {f"sandbox-{p.name}": lock_entry(p) for p in GUEST_PACKS},
    }
    LOCK.write_text(json.dumps(lock, indent=2) + "\n", encoding="utf-8")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="cordon-vendor-") as tmp:
        work = Path(tmp)
        vendor_guests(work)
    print("vendored: " + ", ".join(f"sandbox-{p.name}" for p in GUEST_PACKS))


if __name__ == "__main__":
    main()
