"""Node-style module resolution confined to one pack's `node_modules/` (and Cordon's polyfills).

What esbuild's resolver does for `--platform=browser`, minus everything a
sandbox cannot have: relative files (with the usual extension and `index`
probing), bare package names found by walking up `node_modules` folders
(never above the pack), the package.json `exports` map and its subpath
patterns, the `imports` map for `#internal` specifiers, the `browser`,
`module` and `main` fields for packages without `exports`, and the `browser`
field's object form. Every resolved file is checked to lie inside the pack's
`node_modules` (or the vendored polyfills, see `polyfills`) after following
links.

Conditions (`exports`, `imports`) are matched as Node and esbuild match them:
the first key of a conditions object, in the object's own order, that is
`default` or one of the conditions Cordon claims wins (a target that leads
nowhere falls through to the next key). Cordon claims:

* `browser`: the guest is a browser-like runtime with no Node APIs (no
  files, processes or sockets); a package's browser build is the one written
  for that. `node`, `deno`, `bun`, `react-native` are never claimed.
* `import` for an `import` statement or re-export, `require` for a
  `require()` call: the kind of the reference, as esbuild does.
* `module`: the ESM build bundlers (webpack, esbuild, rollup) prefer.
* `default`: always, as everywhere.

The `browser` field: a string is the package's main entry (before `module`
and `main`, esbuild's browser main fields); an object maps the package's
files (`"./index.js": "./index.browser.js"`) and the bare specifiers its files
import (`"crypto": false`) to replacements, `false` meaning an empty module.

A Node builtin (`fs`, `node:fs`, ...) that no installed package provides is
served from the vendored polyfills when there is one (`buffer`, `events`,
`path`, ...) and otherwise refused: the `npm-module-builtin-import` filter
(the bundler may turn a lazy `require` of one into a stub, see `bundle`).
Like esbuild's neutral platform, a bare name that an installed userland
package provides (`buffer`, `events`) is that package.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import orjson

from core.errors import CordonError
from core.packs.caps import MANIFEST_MAX
from core.packs.files import read_contained
from core.packs.npm import polyfills
from core.packs.status import DiscoveryError
from core.specifier import NODE_BUILTINS

#: The conditions Cordon claims (see the module docstring); `import` or `require` by the reference's kind.
CONDITIONS = ("browser", "module", "import", "require", "default")
#: The package.json fields tried for a package's main entry (the browser field only in its string form).
MAIN_FIELDS = ("browser", "module", "main")
EXTENSIONS = (".js", ".mjs", ".cjs", ".json")
#: How a file names another: an `import` (or re-export) or a `require()` call.
Kind = Literal["import", "require"]


class CompileError(CordonError):
    """A named skip of an npm module (the rule says which)."""

    name = "NpmModuleError"


def unresolved(message: str) -> CompileError:
    return CompileError(message, rule="npm-module-unresolved")


def read_json(base: Path, rel: str) -> dict[str, Any]:
    """The package.json `rel` under `base` as a dict ({} when it is absent, oversized or not an object).

    Read by folder descriptors like every pack file (`core.packs.files.read_contained`): extraction
    refuses a tarball's links out of the pack, and this refuses one planted after it, or swapped in
    between a check and the read, instead of reading whatever it points at.
    """
    try:
        doc = orjson.loads(read_contained(base, rel, MANIFEST_MAX))
    except DiscoveryError as exc:
        if exc.rule == "module-symlink-escape":
            raise unresolved(f"{rel} leads outside the pack through a symlink") from None
        return {}
    except orjson.JSONDecodeError:
        return {}
    return doc if isinstance(doc, dict) else {}


def split_bare(specifier: str) -> tuple[str, str]:
    """`@s/p/x/y` -> (`@s/p`, `./x/y`); `p` -> (`p`, `.`)."""
    parts = specifier.split("/")
    count = 2 if specifier.startswith("@") else 1
    name = "/".join(parts[:count])
    rest = "/".join(parts[count:])
    return name, f"./{rest}" if rest else "."


def builtin_refusal(specifier: str, importer: str) -> CompileError:
    return CompileError(
        f"'{specifier}' (imported by {importer}) is a Node builtin: {polyfills.advice(specifier)}",
        rule="npm-module-builtin-import",
    )


class Resolver:
    """Resolves specifiers to files under `<pack>/node_modules` or the polyfills, refusing anything else.

    `resolve` returns None for a module a `browser` map replaces with `false` (an empty module).
    """

    def __init__(self, pack_root: Path) -> None:
        self.pack_root = pack_root.resolve()
        self.root = self.pack_root / "node_modules"
        self.polyfill_root = polyfills.MODULES.resolve()
        #: Builtin -> polyfill served, for the consent request.
        self.polyfills: set[str] = set()
        self._json: dict[Path, dict[str, Any]] = {}

    # -- containment ----------------------------------------------------------------
    def _base(self, path: Path) -> Path:
        """The folder `path`'s package lookups are bounded by: the pack, or the polyfills' folder."""
        return self.polyfill_root.parent if path.is_relative_to(self.polyfill_root) else self.pack_root

    def _inside(self, path: Path) -> Path | None:
        real = Path(os.path.realpath(path))
        inside = real.is_relative_to(self.root) or real.is_relative_to(self.polyfill_root)
        return real if inside and real.is_file() else None

    def location(self, path: Path) -> tuple[Path, str]:
        """(the folder to read `path` from by folder fds, its path relative to that folder)."""
        if path in polyfills.SHIMS.values():
            return path.parent, path.name
        base = self.polyfill_root if path.is_relative_to(self.polyfill_root) else self.pack_root
        return base, path.relative_to(base).as_posix()

    def relative(self, path: Path) -> str:
        """How messages and the bundle name a file: pack-relative, or `polyfill:<package path>`."""
        base, rel = self.location(path)
        if path in polyfills.SHIMS.values():
            return f"cordon:{rel}"
        return rel if base == self.pack_root else f"polyfill:{rel}"

    def _package_json(self, folder: Path) -> dict[str, Any]:
        folder = Path(os.path.normpath(folder))
        doc = self._json.get(folder)
        if doc is None:
            try:
                base, rel = self.location(folder / "package.json")
            except ValueError:  # a folder outside the pack and the polyfills: never read
                doc = {}
            else:
                doc = read_json(base, rel)
            self._json[folder] = doc
        return doc

    # -- files and folders -----------------------------------------------------------
    def as_file_or_dir(self, base: Path) -> Path | None:
        for candidate in (base, *(base.with_name(base.name + ext) for ext in EXTENSIONS)):
            found = self._inside(candidate)
            if found is not None:
                return found
        if base.is_dir():
            found = self._main(base)
            if found is not None:
                return found
            for ext in EXTENSIONS:
                found = self._inside(base / f"index{ext}")
                if found is not None:
                    return found
        return None

    def _main(self, package: Path) -> Path | None:
        pkg = self._package_json(package)
        for field in MAIN_FIELDS:
            target = pkg.get(field)
            if isinstance(target, str) and target.strip():
                mapped = self._browser_file(package / target)
                found = self.as_file_or_dir(package / target if mapped is None else mapped[0] / str(mapped[1]))
                if found is not None:
                    return found
        return None

    # -- packages --------------------------------------------------------------------
    def package_dir(self, name: str, importer: Path) -> Path | None:
        base = self._base(importer)
        folder = importer.parent
        while folder.is_relative_to(base):
            candidate = folder / "node_modules" / name
            if (candidate / "package.json").is_file() or candidate.is_dir():
                return candidate
            if folder == base:
                break
            folder = folder.parent
        return None

    def nearest_package(self, importer: Path) -> Path | None:
        root = self.polyfill_root if importer.is_relative_to(self.polyfill_root) else self.root
        folder = importer.parent
        while folder.is_relative_to(root) and folder != root:
            if (folder / "package.json").is_file():
                return folder
            folder = folder.parent
        return None

    def resolve(self, specifier: str, importer: Path, kind: Kind = "import") -> Path | None:
        """The file `specifier` names from file `importer` (None: an empty module; raises a named CompileError)."""
        bare = not specifier.startswith((".", "#", "/"))
        package = self.nearest_package(importer) if bare else None
        mapped = self._browser_map(package, specifier) if package is not None else None
        if mapped is not None:
            replacement, owner = mapped
            if replacement is False:
                return None
            assert isinstance(replacement, str)
            if replacement.startswith(("./", "../")):
                return self._file(owner / replacement, specifier, importer)
            return self._resolve(replacement, owner / "package.json", kind)
        return self._resolve(specifier, importer, kind)

    def _resolve(self, specifier: str, importer: Path, kind: Kind) -> Path | None:
        if specifier.startswith(("./", "../")) or specifier in (".", ".."):
            return self._file(importer.parent / specifier, specifier, importer)
        if specifier.startswith("#"):
            return self._imports(specifier, importer, kind)
        builtin = specifier.startswith("node:")
        if builtin:
            specifier = specifier.removeprefix("node:")
        elif specifier.startswith("/") or "\\" in specifier or ":" in specifier:
            raise unresolved(f"'{specifier}' from {self.relative(importer)} is not a relative or package specifier")
        name, subpath = split_bare(specifier)
        package = None if builtin else self.package_dir(name, importer)
        if package is None:
            if builtin or specifier in NODE_BUILTINS or name in NODE_BUILTINS:
                return self._polyfill(specifier, importer, kind)
            raise unresolved(
                f"package '{name}' (imported by {self.relative(importer)}) is not installed in the pack's node_modules"
            )
        return self.package_entry(package, subpath, specifier, kind)

    def _polyfill(self, specifier: str, importer: Path, kind: Kind) -> Path | None:
        name = polyfills.builtin_name(specifier)
        if name in polyfills.SHIMS and specifier in (name, f"{name}/"):
            self.polyfills.add(name)
            return polyfills.SHIMS[name]
        package = polyfills.POLYFILLS.get(name)
        if package is None or specifier not in (name, f"{name}/"):
            raise builtin_refusal(specifier, self.relative(importer))
        self.polyfills.add(name)
        return self.package_entry(self.polyfill_root / package, ".", specifier, kind)

    def _file(self, path: Path, specifier: str, importer: Path) -> Path | None:
        mapped = self._browser_file(path)
        if mapped is not None:
            owner, value = mapped
            if value is False:
                return None
            path = owner / str(value)
        found = self.as_file_or_dir(path)
        if found is None:
            raise unresolved(f"cannot resolve '{specifier}' from {self.relative(importer)}")
        return found

    def _browser_map(self, package: Path, key: str) -> tuple[str | bool, Path] | None:
        """The `browser` map entry of `package` for the bare specifier `key`, if any."""
        mapping = self._package_json(package).get("browser")
        if not isinstance(mapping, dict):
            return None
        value = mapping.get(key)
        return (value, package) if isinstance(value, (str, bool)) and value is not True else None

    def _browser_file(self, path: Path) -> tuple[Path, str | bool] | None:
        """(its package, the replacement) when the `browser` map of the package holding `path` names it.

        As esbuild does it: the path as written, relative to the package, then with each extension and
        `/index` + extension appended, is looked up among the keys; so `"./lib/server.js": false` takes
        `require("./lib/server")` too, while a key `"./lib/server"` leaves `require("./lib/server.js")`.
        """
        path = Path(os.path.normpath(path))
        package = self.nearest_package(path)
        mapping = self._package_json(package).get("browser") if package is not None else None
        if package is None or not isinstance(mapping, dict):
            return None
        rel = "./" + path.relative_to(package).as_posix()
        for key in (rel, *(rel + ext for ext in EXTENSIONS), *(f"{rel}/index{ext}" for ext in EXTENSIONS)):
            value = mapping.get(key)
            if value is False or (isinstance(value, str) and value.startswith("./")):
                return package, value
        return None

    def package_entry(self, package: Path, subpath: str, specifier: str, kind: Kind = "import") -> Path | None:
        """The file `package` serves for `subpath` (None: an empty module, the browser field's `false`)."""
        pkg = self._package_json(package)
        exports = pkg.get("exports")
        if exports is not None:
            target = _exports_target(exports, subpath, kind)
            if target is None:
                raise unresolved(
                    f"'{specifier}' is not exported by {package.name} for the conditions {', '.join(_active(kind))}"
                )
            return self._target(package, target, specifier)
        if subpath == ".":
            found = self._main(package)
            if found is not None:
                return found
        mapped = self._browser_file(package / subpath)
        if mapped is not None and mapped[1] is False:
            return None
        found = self.as_file_or_dir(package / subpath if mapped is None else mapped[0] / str(mapped[1]))
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

    def _imports(self, specifier: str, importer: Path, kind: Kind) -> Path | None:
        package = self.nearest_package(importer)
        imports = self._package_json(package).get("imports") if package is not None else None
        target = _subpath_target(imports, specifier, kind) if isinstance(imports, dict) else None
        if package is None or target is None:
            raise unresolved(f"'{specifier}' is not in the \"imports\" map of {self.relative(importer)}'s package")
        if target.startswith("./"):
            return self._target(package, target, specifier)
        return self._resolve(target, importer, kind)  # an imports entry may name another package


def _active(kind: Kind) -> tuple[str, ...]:
    """The conditions claimed for a reference of `kind` (`import` and `require` exclude each other)."""
    other = "require" if kind == "import" else "import"
    return tuple(c for c in CONDITIONS if c != other)


def _conditional(value: Any, kind: Kind) -> str | None:
    """Follow a conditional target (string, array of fallbacks, or conditions object) to a string.

    A conditions object is read in its own key order: the first key that is claimed (see `_active`) and
    leads to a target wins, as in Node's PACKAGE_TARGET_RESOLVE and esbuild. A fixed priority would pick
    `import` over an earlier `browser` (jsonpath-plus: its Node build needs `vm`).
    """
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        for item in value:
            found = _conditional(item, kind)
            if found is not None:
                return found
        return None
    if isinstance(value, dict):
        active = _active(kind)
        for condition, target in value.items():
            if condition in active:
                found = _conditional(target, kind)
                if found is not None:
                    return found
    return None


def _subpath_target(mapping: dict[str, Any], key: str, kind: Kind) -> str | None:
    if key in mapping:
        return _conditional(mapping[key], kind)
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
    target = _conditional(mapping[best[0]], kind)
    return None if target is None else target.replace("*", best[1])


def _exports_target(exports: Any, subpath: str, kind: Kind) -> str | None:
    if isinstance(exports, (str, list)) or (isinstance(exports, dict) and not any(k.startswith(".") for k in exports)):
        return _conditional(exports, kind) if subpath == "." else None
    if isinstance(exports, dict):
        return _subpath_target(exports, subpath, kind)
    return None
