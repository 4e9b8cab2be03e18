"""npm compilation: a pack's `{"npm": "<dependency>"}` module -> one admitted ES module.

There is no esbuild here: `core.packs.npm` is a small bundler in Python over
the dependency's files in `<pack>/node_modules` and the vendored polyfills
(resolution as esbuild's browser platform does it, see `npm.resolve`),
followed by the missing-global scan (warnings only),
the bundle limit (`npm.limit`), and the capability-free QuickJS probe, which is the gate.
A module that cannot be admitted raises a `CompileError` (a `CordonError`)
whose `rule` is one of the named skips:

    npm-module-builtin-import   it needs a Node builtin at load that no polyfill serves (fs, node:vm, ...)
    npm-module-unresolved       an import does not resolve inside node_modules (or is dynamic)
    npm-module-too-large        the bundle is over its limit (3 MB unless raised at install)
    npm-module-probe-failed     it does not initialise in QuickJS
    npm-module-needs-code-generation
                                every export reaches code it compiles from strings, with no
                                fallback (see `codegen`)

Results are cached in `cache_dir()/npm/<digest>.json` through `core.cache`,
which serves an entry only if its bytes match the digest recorded when Cordon
wrote it (a cached bundle skips the scan and the probe: it is trusted code).
The key digest is over the content of every file under the pack's
`node_modules` (a superset of the bundle's inputs, so any change that could
alter the output changes the key), the dependency name, the compiler version,
the options and the engine version: never over a package version, which can
stay put while its content moves. Hashing that content is what a 25 MB pack
cost every run (2.1 s), so for a pack under the installed-packs folder the
content digest is itself cached, keyed by every file's (path, size, mtime,
inode, ctime): one `stat` per file instead of a read. That folder lies in
Cordon's data folder, which no workspace may overlap (`paths.check_workspace`)
and only the installer writes; ctime, which no unprivileged write can set
back, is in the key too. A pack anywhere else (a linked or user folder a run
might reach) is hashed in full every time. Writes are atomic. Probe failures are not cached (a deadline on a busy
machine is not a property of the package); static skips are.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import orjson
from pydantic import BaseModel, ConfigDict, ValidationError

from core import cache
from core.guest import ENGINE_VERSION
from core.packs.caps import NPM_JS_MAX
from core.packs.npm import limit, polyfills
from core.packs.npm.resolve import CONDITIONS, MAIN_FIELDS, CompileError
from core.packs.npm.transform import DEFINES
from core.packs.roots import installed_dir

COMPILER_VERSION = "cordon-npm/9"  # 9: local names shortened (npm/rename.py)
OPTIONS = {
    "format": "esm",
    "conditions": list(CONDITIONS),
    "mainFields": list(MAIN_FIELDS),
    "maxBytes": NPM_JS_MAX,
    "defines": {".".join(k): v for k, v in DEFINES.items()},
    "polyfills": polyfills.versions(),
}
_ENGINE = ENGINE_VERSION
#: The bundle runtime is part of every bundle: an edit of runtime.js must not be served from the cache.
_RUNTIME_DIGEST = hashlib.sha256((Path(polyfills.__file__).with_name("runtime.js")).read_bytes()).hexdigest()

__all__ = ["COMPILER_VERSION", "CompileError", "CompiledModule", "compile_npm", "input_digest"]


@dataclass(frozen=True)
class CompiledModule:
    source: str
    #: sha256 over the inputs, compiler version, options, engine and bundle runtime (runtime.js): the cache
    #: key, stable across machines.
    digest: str
    compiler_version: str
    exports: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    #: Files bundled, relative to the pack root (a polyfill's as `polyfill:<path>`).
    files: tuple[str, ...] = ()
    #: Polyfills bundled (`buffer (buffer@6.0.3)`) and builtins stubbed (`stream (file:line)`), for consent.
    polyfills: tuple[str, ...] = ()
    stubs: tuple[str, ...] = ()
    #: The bundle limit it was compiled under (`npm.limit`: the default or the one the person raised it to).
    max_bytes: int = NPM_JS_MAX


def input_digest(pack_root: Path, dependency: str, max_bytes: int = NPM_JS_MAX) -> str:
    """The cache key: every file under node_modules (path and content), plus the compile settings."""
    digest = hashlib.sha256()
    digest.update(
        orjson.dumps(
            {
                "compiler": COMPILER_VERSION,
                "engine": _ENGINE,
                "options": {**OPTIONS, "maxBytes": max_bytes},
                "dependency": dependency,
                "runtime": _RUNTIME_DIGEST,
            }
        )
    )
    digest.update(_content_digest(pack_root / "node_modules"))
    return digest.hexdigest()


def _files(root: Path) -> list[tuple[str, str, os.stat_result]]:
    """(relative path, path, lstat) of every regular file under `root`, sorted; links are skipped
    (never followed by the resolver either). Strings and scandir, not Path objects: a 5,000-file
    tree is walked on every discovery of an installed pack."""
    found = []
    stack = [(os.fspath(root), "")]
    while stack:
        folder, prefix = stack.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISDIR(info.st_mode):
                    stack.append((entry.path, f"{prefix}{entry.name}/"))
                elif stat.S_ISREG(info.st_mode):
                    found.append((prefix + entry.name, entry.path, info))
    found.sort(key=lambda item: item[0])
    return found


def _content_digest(root: Path) -> bytes:
    """sha256 over every file's path and content; served from the stat-keyed cache for installed packs."""
    files = _files(root) if root.is_dir() else []
    cache_name = None
    if _installed(root):
        listing = "".join(
            f"{rel}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ino}\0{info.st_ctime_ns}\n" for rel, _, info in files
        )
        key = hashlib.sha256(os.fsencode(os.path.realpath(root)) + b"\0" + listing.encode("utf-8", "surrogateescape"))
        cache_name = f"npm-tree/{key.hexdigest()}.bin"
        cached = cache.read(cache_name)
        if cached is not None and len(cached) == hashlib.sha256().digest_size:
            return cached
    digest = hashlib.sha256()
    for rel, path, _ in files:
        name = rel.encode("utf-8", "surrogateescape")
        with open(path, "rb") as handle:
            digest.update(len(name).to_bytes(4, "big") + name + hashlib.sha256(handle.read()).digest())
    value = digest.digest()
    if cache_name is not None:
        with contextlib.suppress(OSError):  # an unwritable cache costs the next run a re-hash, nothing else
            cache.write(cache_name, value)
    return value


def _installed(root: Path) -> bool:
    """True for a folder inside the installed-packs folder (Cordon's data folder, out of every workspace)."""
    return Path(os.path.realpath(root)).is_relative_to(os.path.realpath(installed_dir()))


def _cache_name(digest: str) -> str:
    return f"npm/{digest}.json"  # the digest is hex: no path component can be smuggled in


class _CachedError(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    rule: str
    message: str


class _CachedCompile(BaseModel):
    """An entry of the npm compile cache (`npm/<digest>.json`, written by `_write_cache`): the compiled module,
    or the refusal its compile ended in. Read through this model, so an entry of another shape is a miss."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    compiler_version: str
    source: str | None = None
    error: _CachedError | None = None
    exports: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    polyfills: tuple[str, ...] = ()
    stubs: tuple[str, ...] = ()


def _read_cache(digest: str, max_bytes: int) -> CompiledModule | None:
    data = cache.read(_cache_name(digest))
    if data is None:
        return None
    try:
        entry = _CachedCompile.model_validate_json(data)
    except ValidationError:
        return None
    if entry.compiler_version != COMPILER_VERSION:
        return None
    if entry.error is not None:
        raise CompileError(entry.error.message, rule=entry.error.rule)
    if entry.source is None:
        return None
    return CompiledModule(
        source=entry.source,
        digest=digest,
        compiler_version=COMPILER_VERSION,
        exports=entry.exports,
        warnings=entry.warnings,
        files=entry.files,
        polyfills=entry.polyfills,
        stubs=entry.stubs,
        max_bytes=max_bytes,
    )


def _write_cache(digest: str, doc: dict[str, object]) -> None:
    cache.write(_cache_name(digest), orjson.dumps({"compiler_version": COMPILER_VERSION, **doc}))


def compile_npm(
    pack_root: Path, dependency: str, *, use_cache: bool = True, on_phase: Callable[[str], None] | None = None
) -> CompiledModule:
    """Compile and admit `<pack_root>/node_modules/<dependency>`, or raise a named CompileError.

    Blocks its thread (the probe runs the engine): call it from a worker, not an event loop.
    `on_phase("compile")` runs before bundling and `on_phase("probe")` before the test-loads
    (neither on a cache hit), for progress.
    """
    max_bytes = limit.for_pack(pack_root)
    digest = input_digest(pack_root, dependency, max_bytes)
    if use_cache:
        cached = _read_cache(digest, max_bytes)
        if cached is not None:
            return cached
    # the bundler, its checks and the engine are imported on a miss only: a warm install or run never bundles
    from core.packs.npm import bundle, codegen, probe

    try:
        if on_phase is not None:
            on_phase("compile")
        built = bundle.build(pack_root, dependency, max_bytes)
        if on_phase is not None:
            on_phase("probe")
        names = probe.export_names(built.keys_probe_source(), dependency)
        codegen.check(built.links, names, dependency)
        source, exported = built.module_source(names)
        if len(source.encode("utf-8")) > max_bytes:
            raise bundle.too_large(dependency, len(source.encode("utf-8")), max_bytes)
    except CompileError as exc:
        if exc.rule != "npm-module-probe-failed":
            _write_cache(digest, {"error": {"rule": exc.rule, "message": exc.message}})
        raise
    compiled = CompiledModule(
        source=source,
        digest=digest,
        compiler_version=COMPILER_VERSION,
        exports=tuple(exported),
        warnings=tuple(built.warnings),
        files=tuple(built.files),
        polyfills=tuple(built.polyfills),
        stubs=tuple(built.stubs),
        max_bytes=max_bytes,
    )
    _write_cache(
        digest,
        {
            "source": source,
            "exports": list(compiled.exports),
            "warnings": list(compiled.warnings),
            "files": list(compiled.files),
            "polyfills": list(compiled.polyfills),
            "stubs": list(compiled.stubs),
        },
    )
    return compiled
