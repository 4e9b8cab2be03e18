"""Tools for pack authors: a working template, a check that installs nothing, and dev links.

    new_pack(folder, "my-pack", wasm=True)   # package.json, index.js, SKILL.md, example.js (+ add.wasm)
    report = check_pack(folder)              # every discovery rule, the probe, sizes, a one-line summary
    link_pack(folder)                        # a dev install that follows the folder

`check_pack` and linked packs both read the author's folder through the very
discovery an installed pack meets (a symbolic link named after the package
in a private root, read with the installed origin), so a pack that checks
clean is one that discovery accepts. The probe imports every module in the
real engine with no capabilities, as the npm admission probe does.

A linked folder is loaded as pack code on every run, so it joins Cordon's
protected folders (`paths.protected_dirs`, "State isolation" in
docs/security.md): no run may have a workspace that contains it or lies
inside it, so no run can rewrite what another run imports.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from core import RunServices, paths, run_in_sandbox
from core.errors import CordonError
from core.packs.catalog import Catalog
from core.packs.pack import Pack
from core.packs.roots import PackRoot, links_dir
from core.packs.status import PackStatus
from core.specifier import is_package_name

#: A WebAssembly module exporting `add(i32, i32) -> i32` with one page of memory (hand-assembled, 47 bytes).
ADD_WASM = bytes.fromhex(
    "0061736d01000000"  # magic, version 1
    "01070160027f7f017f"  # type: (i32, i32) -> i32
    "03020100"  # function 0 has type 0
    "050401010101"  # memory: min 1 page, max 1 page
    "070701036164640000"  # export "add" = function 0
    "0a09010700200020016a0b"  # code: local.get 0, local.get 1, i32.add
)
PROBE_LIMITS = {"timeoutMs": 5000, "fetchMaxCalls": 0, "secretScope": []}


class AuthoringError(CordonError):
    name = "PackAuthoringError"


def _write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))


def new_pack(folder: Path, name: str, *, wasm: bool = False) -> list[Path]:
    """Write a working pack template into the new folder `folder`; returns the files written."""
    if not is_package_name(name):
        raise AuthoringError(f"{name!r} is not a valid npm package name", rule="package-name-invalid")
    if folder.exists() and any(folder.iterdir()):
        raise AuthoringError(f"{folder} already exists and is not empty", rule="usage")
    modules: list[dict[str, object]] = [{"name": ".", "kind": "js", "file": "index.js"}]
    if wasm:
        modules.append(
            {
                "name": "wasm",
                "kind": "wasm",
                "file": "add.wasm",
                "memoryPagesMax": 1,
                "exports": ["add"],
                "wasmCallTimeoutMs": 1000,
            }
        )
    manifest = {
        "name": name,
        "version": "0.1.0",
        "description": f"{name}: a Cordon sandbox pack",
        "keywords": ["cordon-pack"],
        "license": "MIT",
        "type": "module",
        "files": ["index.js", "SKILL.md", *(["add.wasm"] if wasm else [])],
        "cordon": {"apiVersion": 1, "sandboxModules": modules},
    }
    files: dict[str, str | bytes] = {
        "package.json": orjson.dumps(manifest, option=orjson.OPT_INDENT_2) + b"\n",
        "index.js": (
            "// Guest JavaScript: runs inside the sandbox of the Code node that imports it.\n"
            "// Import only files of this pack (list helpers under cordon.internal).\n"
            "export function greet(name) {\n  return `Hello, ${name}!`;\n}\n"
        ),
        "SKILL.md": (
            f"---\nname: {name}\ndescription: Greets people (replace with what this pack does).\n---\n\n"
            f'# {name}\n\n```js\nimport {{ greet }} from "{name}";\nreturn greet("Ada");\n```\n'
        ),
        "example.js": (
            f"// A Code node body that uses the pack: `cordon packs check .` runs the probe; link the\n"
            f"// folder (`cordon packs link .`) and run this with `cordon run example.js`.\n"
            f'import {{ greet }} from "{name}";\n'
            + (
                f'import {{ add }} from "{name}/wasm";\nreturn {{ text: greet("Ada"), sum: await add(2, 3) }};\n'
                if wasm
                else 'return greet("Ada");\n'
            )
        ),
    }
    if wasm:
        files["add.wasm"] = ADD_WASM
    written = []
    for rel, data in files.items():
        _write(folder / rel, data)
        written.append(folder / rel)
    return written


def _package_name(folder: Path) -> str:
    try:
        name = orjson.loads((folder / "package.json").read_bytes()).get("name")
    except (OSError, orjson.JSONDecodeError, AttributeError):
        name = None
    return name if isinstance(name, str) and is_package_name(name) else folder.name


def _place_link(root: Path, name: str, target: Path) -> Path:
    link = root.joinpath(*name.split("/"))
    link.parent.mkdir(parents=True, exist_ok=True)
    if link.is_symlink():
        link.unlink()
    os.symlink(target, link, target_is_directory=True)
    return link


@dataclass
class ModuleCheck:
    specifier: str
    kind: str
    size: int
    ok: bool
    detail: str


@dataclass
class CheckReport:
    name: str
    version: str
    pack: Pack | None
    statuses: list[PackStatus] = field(default_factory=list)
    modules: list[ModuleCheck] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (
            self.pack is not None
            and not any(s.severity == "error" for s in self.statuses)
            and all(m.ok for m in self.modules)
        )

    def summary(self) -> str:
        """One line: what discovery and the probe think of the pack."""
        errors = sum(s.severity == "error" for s in self.statuses) + sum(not m.ok for m in self.modules)
        warnings = sum(s.severity == "warning" for s in self.statuses)
        if self.pack is None:
            return f"{self.name}: not loadable ({errors} error(s))"
        kinds = ", ".join(sorted({m.kind for m in self.modules})) or "no modules"
        verdict = "ok" if self.ok else "NOT ok"
        return (
            f"{self.name} {self.version}: {verdict}: {len(self.modules)} module(s) ({kinds}), "
            f"{self.pack.size} bytes mounted, {errors} error(s), {warnings} warning(s)"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "version": self.version,
            "ok": self.ok,
            "summary": self.summary(),
            "size": self.pack.size if self.pack else None,
            "statuses": [s.to_json() for s in self.statuses],
            "modules": [m.__dict__ for m in self.modules],
        }


def discover_folder(folder: Path) -> tuple[str, Pack | None, list[PackStatus], Catalog]:
    """Discover `folder` exactly as an installed pack would be: (its name, the pack or None, its statuses, the
    one-pack catalog). The installer asks this before consent, so a person never allows a pack whose modules
    discovery would skip."""
    folder = folder.resolve()
    name = _package_name(folder)
    scratch = Path(tempfile.mkdtemp(prefix="cordon-check-"))
    try:
        _place_link(scratch, name, folder)
        catalog = Catalog([PackRoot(scratch, "installed")], follow=False)  # the scratch root goes below
        pack = catalog.pack(name)
        statuses = [s for s in catalog.diagnostics() if s.pack in (name, None)]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)  # only the link: the author's folder is never followed
    return name, pack, statuses, catalog


def check_pack(folder: Path) -> CheckReport:
    """Discover `folder` as an installed pack would be, and probe each module; nothing is installed."""
    if not (folder / "package.json").is_file():
        raise AuthoringError(f"{folder.resolve()} has no package.json", rule="manifest-missing")
    name, pack, statuses, catalog = discover_folder(folder)
    report = CheckReport(name, pack.version if pack else "?", pack, statuses)
    if pack is not None:
        for module in sorted(pack.modules.values(), key=lambda m: m.specifier):
            report.modules.append(_probe(catalog, pack, module.specifier, module.kind))
    return report


def _probe(catalog: Catalog, pack: Pack, specifier: str, kind: str) -> ModuleCheck:
    """Import one module in the real engine with no capabilities and list its exports."""
    from core.packs import resolve_body

    size = sum(
        len(pack.mounted[i].source.encode("utf-8")) for i in pack.modules[specifier].closure if i in pack.mounted
    )
    body = f'import * as m from "{specifier}";\nreturn Object.keys(m);'
    packs = resolve_body(body, catalog=catalog)
    if packs is None or not packs.ok:
        why = "; ".join(e.message for e in packs.errors) if packs else "the body imports nothing"
        return ModuleCheck(specifier, kind, size, False, why)
    result = run_in_sandbox(
        body,
        limits=PROBE_LIMITS,
        services=RunServices(modules=packs.modules, surfaces=packs.surfaces),
    )
    if not result.ok:
        error = result.error
        return ModuleCheck(
            specifier, kind, size, False, f"{error.name}: {error.message}" if error else "the probe failed"
        )
    return ModuleCheck(specifier, kind, size, True, f"exports {', '.join(result.result) or '(none)'}")


def link_pack(folder: Path) -> tuple[str, Path]:
    """Link `folder` as a dev install: discovery reads it on every catalog load, so edits show up."""
    folder = folder.resolve()
    if not (folder / "package.json").is_file():
        raise AuthoringError(f"{folder} has no package.json", rule="manifest-missing")
    name = _package_name(folder)
    paths.check_workspace(folder)  # the folder itself may not hold Cordon's state, nor sit inside it
    return name, _place_link(links_dir(), name, folder)


def unlink_pack(name: str) -> None:
    link = links_dir().joinpath(*name.split("/")) if is_package_name(name) else None
    if link is None or not link.is_symlink():
        raise AuthoringError(f"{name} is not linked", rule="pack-not-linked")
    link.unlink()
