"""Node-style module resolution confined to one pack's `node_modules/`.

What a bundler's resolver does, minus everything a sandbox cannot have:
relative files (with the usual extension and `index` probing), bare package
names found by walking up `node_modules` folders (never above the pack), the
package.json `exports` map with an explicit condition priority
(`import`, `module`, `default`: never `node`, `require` or `browser`), its
subpath patterns, the `imports` map for `#internal` specifiers, and the
`module`/`main` fields for packages without `exports`. Every resolved file is
checked to lie inside the pack's `node_modules` after following links.

A Node builtin (`fs`, `node:fs`, ...) resolves to nothing: that is the
`npm-module-builtin-import` filter. Like esbuild's neutral platform, a bare
name that an installed userland package provides (`buffer`, `events`) is that
package, while the `node:` prefix always means the builtin.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import orjson

from core.errors import CordonError
from core.packs.caps import MANIFEST_MAX
from core.packs.specifier import NODE_BUILTINS

#: Explicit, ordered: the first of these a conditional export names wins.
CONDITIONS = ("import", "module", "browser", "worker", "neutral", "default")
MAIN_FIELDS = ("module", "main")
EXTENSIONS = (".js", ".mjs", ".cjs", ".json")


class CompileError(CordonError):
    """A named skip of an npm module (the rule says which)."""

    name = "NpmModuleError"


def unresolved(message: str) -> CompileError:
    return CompileError(message, rule="npm-module-unresolved")


def read_json(path: Path) -> dict[str, Any]:
    """A package.json as a dict ({} when it is absent, oversized or not an object)."""
    try:
        if path.stat().st_size > MANIFEST_MAX:
            return {}
        doc = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    return doc if isinstance(doc, dict) else {}


def split_bare(specifier: str) -> tuple[str, str]:
    """`@s/p/x/y` -> (`@s/p`, `./x/y`); `p` -> (`p`, `.`)."""
    parts = specifier.split("/")
    count = 2 if specifier.startswith("@") else 1
    name = "/".join(parts[:count])
    rest = "/".join(parts[count:])
    return name, f"./{rest}" if rest else "."


class Resolver:
    """Resolves specifiers to files under `<pack>/node_modules`, refusing anything else."""

    def __init__(self, pack_root: Path) -> None:
        self.pack_root = pack_root.resolve()
        self.root = self.pack_root / "node_modules"

    # -- containment ----------------------------------------------------------------
    def _inside(self, path: Path) -> Path | None:
        real = Path(os.path.realpath(path))
        return real if real.is_relative_to(self.root) and real.is_file() else None

    def relative(self, path: Path) -> str:
        return path.relative_to(self.pack_root).as_posix()

    # -- files and folders -----------------------------------------------------------
    def as_file_or_dir(self, base: Path) -> Path | None:
        for candidate in (base, *(base.with_name(base.name + ext) for ext in EXTENSIONS)):
            found = self._inside(candidate)
            if found is not None:
                return found
        if base.is_dir():
            pkg = read_json(base / "package.json")
            for field in MAIN_FIELDS:
                target = pkg.get(field)
                if isinstance(target, str) and target.strip():
                    found = self.as_file_or_dir(base / target)
                    if found is not None:
                        return found
            for ext in EXTENSIONS:
                found = self._inside(base / f"index{ext}")
                if found is not None:
                    return found
        return None

    # -- packages --------------------------------------------------------------------
    def package_dir(self, name: str, importer: Path) -> Path | None:
        folder = importer.parent
        while folder.is_relative_to(self.pack_root):
            candidate = folder / "node_modules" / name
            if (candidate / "package.json").is_file() or candidate.is_dir():
                return candidate
            if folder == self.pack_root:
                break
            folder = folder.parent
        return None

    def nearest_package(self, importer: Path) -> Path | None:
        folder = importer.parent
        while folder.is_relative_to(self.root) and folder != self.root:
            if (folder / "package.json").is_file():
                return folder
            folder = folder.parent
        return None

    def resolve(self, specifier: str, importer: Path) -> Path:
        """The file `specifier` names from file `importer` (raising a named CompileError)."""
        if specifier.startswith("node:"):
            raise CompileError(
                f"'{specifier}' is a Node builtin; the sandbox has no Node APIs", rule="npm-module-builtin-import"
            )
        if specifier.startswith(("./", "../")) or specifier in (".", ".."):
            found = self.as_file_or_dir(importer.parent / specifier)
            if found is None:
                raise unresolved(f"cannot resolve '{specifier}' from {self.relative(importer)}")
            return found
        if specifier.startswith("#"):
            return self._imports(specifier, importer)
        if specifier.startswith("/") or "\\" in specifier or ":" in specifier:
            raise unresolved(f"'{specifier}' from {self.relative(importer)} is not a relative or package specifier")
        name, subpath = split_bare(specifier)
        package = self.package_dir(name, importer)
        if package is None:
            if specifier in NODE_BUILTINS or name in NODE_BUILTINS:
                raise CompileError(
                    f"'{specifier}' (imported by {self.relative(importer)}) is a Node builtin; "
                    "the sandbox has no Node APIs",
                    rule="npm-module-builtin-import",
                )
            raise unresolved(
                f"package '{name}' (imported by {self.relative(importer)}) is not installed in the pack's node_modules"
            )
        return self.package_entry(package, subpath, specifier)

    def package_entry(self, package: Path, subpath: str, specifier: str) -> Path:
        pkg = read_json(package / "package.json")
        exports = pkg.get("exports")
        if exports is not None:
            target = _exports_target(exports, subpath)
            if target is None:
                raise unresolved(
                    f"'{specifier}' is not exported by {package.name} for the conditions {', '.join(CONDITIONS)}"
                )
            return self._target(package, target, specifier)
        if subpath == ".":
            for field in MAIN_FIELDS:
                target = pkg.get(field)
                if isinstance(target, str) and target.strip():
                    found = self.as_file_or_dir(package / target)
                    if found is not None:
                        return found
        found = self.as_file_or_dir(package / subpath)
        if found is None:
            raise unresolved(f"cannot resolve '{specifier}' in {self.relative(package)}")
        return found

    def _target(self, package: Path, target: str, specifier: str) -> Path:
        if not target.startswith("./") or ".." in target.split("/"):
            raise unresolved(f"'{specifier}' maps to {target!r}, which leaves its package")
        found = self._inside(package / target)
        if found is None:
            raise unresolved(f"'{specifier}' maps to {target!r}, which does not exist")
        return found

    def _imports(self, specifier: str, importer: Path) -> Path:
        package = self.nearest_package(importer)
        imports = read_json(package / "package.json").get("imports") if package is not None else None
        target = _subpath_target(imports, specifier) if isinstance(imports, dict) else None
        if package is None or target is None:
            raise unresolved(f"'{specifier}' is not in the \"imports\" map of {self.relative(importer)}'s package")
        if target.startswith("./"):
            return self._target(package, target, specifier)
        return self.resolve(target, importer)  # an imports entry may name another package


def _conditional(value: Any) -> str | None:
    """Follow a conditional target (string, array of fallbacks, or conditions object) to a string."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        for item in value:
            found = _conditional(item)
            if found is not None:
                return found
        return None
    if isinstance(value, dict):
        for condition in CONDITIONS:
            if condition in value:
                found = _conditional(value[condition])
                if found is not None:
                    return found
    return None


def _subpath_target(mapping: dict[str, Any], key: str) -> str | None:
    if key in mapping:
        return _conditional(mapping[key])
    best: tuple[str, str] | None = None
    for pattern in mapping:
        if pattern.count("*") != 1:
            continue
        prefix, suffix = pattern.split("*")
        fits = key.startswith(prefix) and key.endswith(suffix) and len(key) >= len(prefix) + len(suffix)
        if fits and (best is None or len(prefix) > len(best[0].split("*")[0])):
            best = (pattern, key[len(prefix) : len(key) - len(suffix)])
    if best is None:
        return None
    target = _conditional(mapping[best[0]])
    return None if target is None else target.replace("*", best[1])


def _exports_target(exports: Any, subpath: str) -> str | None:
    if isinstance(exports, (str, list)) or (isinstance(exports, dict) and not any(k.startswith(".") for k in exports)):
        return _conditional(exports) if subpath == "." else None
    if isinstance(exports, dict):
        return _subpath_target(exports, subpath)
    return None
