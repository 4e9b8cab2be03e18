"""The bundler: follow a dependency's module graph and emit ONE ES module.

Starting at the dependency's entry (see `resolve`), every file reached by a
static import, re-export or literal `require` is transformed (`transform`)
into an entry of a function registry; the runtime (`runtime.js`) runs each on
first use. The emitted module imports nothing, so the sandbox loader serves it
as a single source. Its exports follow Node's and esbuild's interop: an ES
module entry exports exactly its own names (a default only if it has one:
no default is invented, so `import x from` fails to link where Node would
refuse it too); a CommonJS entry exports `module.exports` as the default
(or its `default` when `__esModule` marks transpiled ESM) plus one named
export per own key. The caller supplies the names (the export probe reads
them from a real run).

Two modules are made, not read: an empty one where a package's `browser`
map says `false`, and a builtin's stub where a CommonJS file `require`s a
Node builtin the sandbox cannot have (no polyfill) inside a function or in a
branch that tests `typeof` something, code that may not run when the file
loads (papaparse's `require('stream')` in its Node-only stream reader). The
stub throws `npm-builtin-stub` if that code is ever run. A stub that loading
does reach (a UMD factory calls the function at once, the sandbox takes the
branch) fails the probe, and the probe names it `npm-module-builtin-import`:
the library is refused as before. Any other `require`, and every `import`,
of such a builtin is refused at compile time.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from core.packs.caps import NPM_JS_MAX
from core.packs.files import read_text
from core.packs.manifest import is_export_identifier
from core.packs.npm import limit as bundle_limit
from core.packs.npm import polyfills
from core.packs.npm.codegen import ModuleLinks
from core.packs.npm.resolve import CompileError, Kind, Resolver
from core.packs.npm.scan import Finding, summarize
from core.packs.npm.transform import Transformed, transform_file
from core.packs.status import DiscoveryError

RUNTIME = (Path(__file__).with_name("runtime.js")).read_text(encoding="utf-8")
MAX_FILES = 5000
MAX_NAMED_EXPORTS = 2000


@dataclass
class Bundle:
    """A dependency's transformed module registry, before its export section is added."""

    dependency: str
    body: str
    files: list[str]
    warnings: list[str] = field(default_factory=list)
    #: Whether the entry file is an ES module (its exports are exactly its own) or CommonJS.
    entry_esm: bool = True
    #: Module id -> its links and code-generation sites (the entry is 0), for `codegen.check`.
    links: dict[int, ModuleLinks] = field(default_factory=dict)
    #: The polyfills bundled (`buffer (buffer@6.0.3)`), for the consent request.
    polyfills: list[str] = field(default_factory=list)
    #: The builtins stubbed and where each is required (`stream (papaparse.js:930)`), for the report.
    stubs: list[str] = field(default_factory=list)

    def keys_probe_source(self) -> str:
        """The bundle with a default export listing the entry's export names and the entry itself (for the
        probe, which reads every export as the final module's export section does)."""
        return self.body + "export default Object.keys(__cordon$entry);\nexport { __cordon$entry };\n"

    def module_source(self, names: list[str]) -> tuple[str, list[str]]:
        """The final module (its default export, if any, plus one named export per valid name) and its names."""
        lines = [self.body]
        if not self.entry_esm or "default" in names:
            lines += [
                'const __cordon$default = "default" in __cordon$entry ? __cordon$entry.default : __cordon$entry;',
                "export default __cordon$default;",
            ]
        exported = [
            n
            for n in dict.fromkeys(names)
            if n != "default" and is_export_identifier(n) and not n.startswith("__cordon$")
        ]
        exported = exported[:MAX_NAMED_EXPORTS]
        for i, name in enumerate(exported):
            lines.append(f"const __cordon$x{i} = __cordon$entry.{name}; export {{ __cordon$x{i} as {name} }};")
        return "\n".join(lines) + "\n", exported


def too_large(dependency: str, size: int, limit: int) -> CompileError:
    """The refusal of a bundle over its limit, naming the limit and how to raise it."""
    return CompileError(
        f"the bundle of '{dependency}' is over its limit, {bundle_limit.describe(limit)}: {size}+ bytes; "
        f"raise it for this library with `{bundle_limit.HOW_TO_RAISE}`",
        rule="npm-module-too-large",
    )


@dataclass(frozen=True)
class _Made:
    """A module no file backs: the empty module (`builtin` is ""), the stub of a builtin, or Cordon's
    replacement of a polyfill file (`polyfills.REPLACED`)."""

    builtin: str = ""
    #: Where the stub's builtin is first required (`file:line`), or the polyfill file replaced.
    place: str = ""
    #: A replacement's CommonJS body.
    code: str = ""

    def source(self) -> str:
        if self.code:
            return f"function (module, exports) {{ {self.code} }}"
        if not self.builtin:
            return "function (module) {}"
        message = (
            f"'{self.builtin}' is a Node builtin the sandbox does not have ({polyfills.advice(self.builtin)}); "
            f"this library needs it here (required at {self.place}) (rule: npm-builtin-stub)"
        )
        return (
            f"function () {{ const e = new Error({orjson.dumps(message).decode()}); "
            'e.rule = "npm-builtin-stub"; throw e; }'
        )


_EMPTY = _Made()


def build(pack_root: Path, dependency: str, max_bytes: int = NPM_JS_MAX, *, shorten_names: bool = True) -> Bundle:
    """Bundle `pack_root/node_modules/<dependency>` in at most `max_bytes`; raise a CompileError naming the
    skip rule. `shorten_names=False` keeps every local name (see `transform.transform_file`)."""
    resolver = Resolver(pack_root)
    entry = resolver.resolve(dependency, resolver.pack_root / "package.json") or _EMPTY
    ids: dict[Path | _Made, int] = {entry: 0}
    queue: deque[Path | _Made] = deque([entry])
    stubs: dict[str, _Made] = {}
    pieces: list[str] = []
    findings: list[Finding] = []
    warnings: list[str] = []
    size = len(RUNTIME)
    entry_esm = True
    links: dict[int, ModuleLinks] = {}

    while queue:
        path = queue.popleft()
        if isinstance(path, _Made):
            links[ids[path]] = ModuleLinks(Transformed(False, path.source()), [])
            what = (
                f"Cordon's replacement of {path.place}"
                if path.code
                else f"stub of {path.builtin}"
                if path.builtin
                else "empty module"
            )
            pieces.append(f"/* {ids[path]}: {what} */ [0, {{}}, {path.source()}, {orjson.dumps(what).decode()}]")
            continue
        rel = resolver.relative(path)

        deps: list[int] = []

        def dependency_id(
            specifier: str,
            kind: Kind = "import",
            lazy_line: int | None = None,
            importer: Path = path,
            deps: list[int] = deps,
            rel: str = rel,
        ) -> int:
            target: Path | _Made
            try:
                target = resolver.resolve(specifier, importer, kind) or _EMPTY
            except CompileError as exc:
                if lazy_line is None or exc.rule != "npm-module-builtin-import":
                    raise
                name = polyfills.builtin_name(specifier)
                target = stubs.setdefault(name, _Made(name, f"{rel}:{lazy_line}"))
            if isinstance(target, Path) and (served := resolver.relative(target)).startswith("polyfill:"):
                code = polyfills.REPLACED.get(served.removeprefix("polyfill:"))
                target = target if code is None else _Made(place=served, code=code)
            if target not in ids:
                if len(ids) >= MAX_FILES:
                    raise CompileError(
                        f"'{dependency}' reaches more than {MAX_FILES} files", rule="npm-module-too-large"
                    )
                ids[target] = len(ids)
                queue.append(target)
            deps.append(ids[target])
            return ids[target]

        try:  # by folder fds from the pack root, as pack files are: a link swapped in is never followed
            base, inside = resolver.location(path)
            text = read_text(base, inside, max_bytes - size, too_large="npm-module-too-large")
        except DiscoveryError as exc:
            if exc.rule == "npm-module-too-large":
                raise too_large(dependency, max_bytes + 1, max_bytes) from None
            raise CompileError(exc.message, rule="npm-module-unresolved") from None
        size += len(text)
        if size > max_bytes:
            raise too_large(dependency, size, max_bytes)
        done = transform_file(
            text, rel, json=path.suffix == ".json", dependency_id=dependency_id, shorten_names=shorten_names
        )
        if ids[path] == 0:
            entry_esm = done.esm
        findings.extend(done.findings)
        warnings.extend(done.warnings)
        links[ids[path]] = ModuleLinks(done, list(dict.fromkeys(deps)))
        requires = orjson.dumps(done.requires).decode()
        pieces.append(
            f"/* {ids[path]}: {rel} */ [{int(done.esm)}, {requires}, {done.source}, {orjson.dumps(rel).decode()}]"
        )

    warnings.extend(summarize(findings))  # the probe is the gate; unreached references only warn
    body = (
        f"// Cordon bundle of npm module '{dependency}': {len(pieces)} file(s)\n{RUNTIME}"
        "const __cordon$modules = [\n" + ",\n".join(pieces) + "\n];\n"
        "const __cordon$entry = __cordon$import(0);\n"
    )
    if len(body.encode("utf-8")) > max_bytes:
        raise too_large(dependency, len(body.encode("utf-8")), max_bytes)
    return Bundle(
        dependency,
        body,
        [resolver.relative(p) for p in ids if isinstance(p, Path)],
        warnings,
        entry_esm,
        links,
        [polyfills.label(name) for name in sorted(resolver.polyfills)],
        [f"{made.builtin} ({made.place})" for made in stubs.values()],
    )
