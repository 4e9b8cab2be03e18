"""Does a library need code generation? The check behind `npm-module-needs-code-generation`.

The sandbox compiles no code from strings (`no-eval`). Many libraries name
`Function` somewhere without needing it: `Function.prototype` reads, the
`Function("return this")()` global lookup, a `template` helper among hundreds
of exports, or a JIT that the library itself switches off when code
generation fails (zod tests `new Function("")` in a `try` and falls back).
Those install with a warning. A library is refused only when all three hold:

1. it compiles code it builds at run time (`new Function(...)`, `Function(...)`,
   `Function.apply/call`, `eval(...)`, or an alias of them, with an argument
   that is not a string literal);
2. it never tests whether code generation works (no literal-code
   `Function`/`eval` call inside a `try` whose `catch` does not throw), so it
   has no path without it;
3. every export of its entry reaches a module with such a call through the
   module graph: a re-export (`export { x } from`, `export * from`) reaches
   only what its source reaches; any other export reaches its module and
   everything that module imports or requires.

Reach is measured per module, not per function: in a CommonJS entry every
export shares the entry's `require` closure, so a single-file library that
compiles code anywhere and never tests for it counts as needing it on every
export. Of the 15 libraries in bench/bench_npm.py this refuses ajv (its
`compile`, behind every export, always calls `new Function`) and admits
lodash-es (`template` is reached from 2 of its 300 exports) and zod (it tests
for code generation and interprets instead).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.packs.npm.resolve import CompileError
from core.packs.npm.scan import CodeGeneration

#: Sites listed in the refusal (the rest are counted).
MAX_SITES = 3


@dataclass
class ModuleLinks:
    """One bundled module as the check sees it (filled from `transform.Transformed`)."""

    esm: bool
    #: Ids of every module it imports, requires or re-exports from.
    deps: list[int] = field(default_factory=list)
    #: Ids its own code reads (imports, requires): a local export may use any of them.
    uses: list[int] = field(default_factory=list)
    reexports: dict[str, tuple[int, str | None]] = field(default_factory=dict)
    stars: list[int] = field(default_factory=list)
    local_exports: list[str] = field(default_factory=list)
    sites: list[CodeGeneration] = field(default_factory=list)


class _Reach:
    def __init__(self, modules: dict[int, ModuleLinks]) -> None:
        self.modules = modules
        self._closures: dict[int, frozenset[int]] = {}

    def closure(self, start: int) -> frozenset[int]:
        """`start` and every module it loads, transitively."""
        cached = self._closures.get(start)
        if cached is not None:
            return cached
        seen = {start}
        todo = [start]
        while todo:
            for dep in self.modules[todo.pop()].deps:
                if dep not in seen:
                    seen.add(dep)
                    todo.append(dep)
        self._closures[start] = frozenset(seen)
        return self._closures[start]

    def names(self, module_id: int, seen: frozenset[int] = frozenset()) -> set[str] | None:
        """The names an ES module exports (None for CommonJS: its names are only known at run time)."""
        module = self.modules[module_id]
        if not module.esm:
            return None
        found = set(module.local_exports) | set(module.reexports)
        for star in module.stars:
            if star not in seen:
                names = self.names(star, seen | {module_id})
                if names is None:
                    return None
                found |= names - {"default"}
        return found

    def export(self, module_id: int, name: str, seen: frozenset[tuple[int, str]] = frozenset()) -> frozenset[int]:
        """The modules that the code behind export `name` of `module_id` may run."""
        module = self.modules[module_id]
        if not module.esm or (module_id, name) in seen:
            return self.closure(module_id)
        seen = seen | {(module_id, name)}
        if name in module.reexports:
            source, imported = module.reexports[name]
            return self.closure(source) if imported is None else self.export(source, imported, seen)
        if name not in module.local_exports and name != "default":
            for star in module.stars:
                names = self.names(star)
                if names is None or name in names:
                    return self.export(star, name, seen)
        reached = {module_id}
        for used in module.uses:
            reached |= self.closure(used)
        return frozenset(reached)


def check(modules: dict[int, ModuleLinks], entry_names: list[str], dependency: str) -> None:
    """Raise `npm-module-needs-code-generation` when every export of entry 0 needs code generation."""
    computed = {i: [s for s in m.sites if s.computed] for i, m in modules.items()}
    computed = {i: sites for i, sites in computed.items() if sites}
    if not computed or any(s.feature_test for m in modules.values() for s in m.sites):
        return
    reach = _Reach(modules)
    for name in entry_names or ["default"]:
        if not computed.keys() & reach.export(0, name):
            return
    sites = [s for i in sorted(computed) for s in computed[i]]
    listed = ", ".join(str(s) for s in sites[:MAX_SITES])
    more = f" and {len(sites) - MAX_SITES} more" if len(sites) > MAX_SITES else ""
    raise CompileError(
        f"'{dependency}' compiles code from strings at run time ({listed}{more}), every one of its exports "
        "reaches that code, and it never checks whether it may; the sandbox forbids code generation "
        "(no-eval), so its main calls would fail. Use a library that does the same job without compiling "
        "code: one that interprets, or that falls back when new Function is unavailable (as under a strict CSP)",
        rule="npm-module-needs-code-generation",
    )
