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
3. every export of its entry reaches such a call. Reach is measured on the
   module graph: a re-export (`export { x } from`, `export * from`) reaches
   only what its source reaches; any other export reaches its module and
   everything that module imports or requires. One refinement reaches into
   functions: a call inside a function or method whose name the library
   never uses anywhere except where it defines and exports it (expr-eval's
   `Expression.prototype.toJSFunction`) is an entry point only a user calls,
   so it counts only for the export of that name and the default export.

A second refinement: a generating method with an interpreting twin. When a
function or method of the same name is also defined elsewhere in the bundle
without generating code (jsonpath-plus's `Script.runInNewContext` beside
`SafeScript.runInNewContext`, picked by its `eval` option), the library
chooses between the two at run time, so the generating one counts like a
user-only entry point too.

A module is the unit otherwise: in a CommonJS entry every export shares the
entry's `require` closure, so a library that compiles code in a function it
also calls itself, and never tests for it, counts as needing it on every
export. Of the 15 libraries in bench/bench_npm.py this refuses ajv (its
`compileSchema`, called behind every export, always calls `new Function`) and
admits lodash-es (`template` is reached from 2 of its 322 exports) and zod (it
tests for code generation and interprets instead).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tree_sitter import Node

from core import jsparse
from core.packs.npm.resolve import CompileError
from core.packs.npm.scan import CodeGeneration, naming_node
from core.packs.npm.transform import Transformed

_NAMES = frozenset(
    ("identifier", "property_identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern")
)
_FUNCTION_TYPES = frozenset(
    (
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "generator_function",
        "arrow_function",
        "method_definition",
    )
)

#: Sites listed in the refusal (the rest are counted).
MAX_SITES = 3


@dataclass
class ModuleLinks:
    """One bundled module as the check sees it: its transform and the ids it depends on."""

    file: Transformed
    #: Ids of every module it imports, requires or re-exports from.
    deps: list[int] = field(default_factory=list)


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
        if not module.file.esm:
            return None
        found = set(module.file.local_exports) | set(module.file.reexports)
        for star in module.file.stars:
            if star not in seen:
                names = self.names(star, seen | {module_id})
                if names is None:
                    return None
                found |= names - {"default"}
        return found

    def export(self, module_id: int, name: str, seen: frozenset[tuple[int, str]] = frozenset()) -> frozenset[int]:
        """The modules that the code behind export `name` of `module_id` may run."""
        module = self.modules[module_id]
        if not module.file.esm or (module_id, name) in seen:
            return self.closure(module_id)
        seen = seen | {(module_id, name)}
        if name in module.file.reexports:
            source, imported = module.file.reexports[name]
            return self.closure(source) if imported is None else self.export(source, imported, seen)
        if name not in module.file.local_exports and name != "default":
            for star in module.file.stars:
                names = self.names(star)
                if names is None or name in names:
                    return self.export(star, name, seen)
        reached = {module_id}
        for used in module.file.uses:
            reached |= self.closure(used)
        return frozenset(reached)


def _export_plumbing(node: Node) -> bool:
    """True for a name that only exports: `export { n }`, `export default n`, `exports.n = n`,
    `module.exports = { n }` (a use inside a function in such a statement is a real use)."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in _FUNCTION_TYPES:
        if parent.type in ("export_clause", "export_specifier"):
            return True
        if parent.type == "export_statement":
            return parent.child_by_field_name("value") == child and child.type == "identifier"
        if parent.type == "assignment_expression":
            left = parent.child_by_field_name("left")
            target = "" if left is None else jsparse.text(left)
            if target.startswith(("exports.", "module.exports")):
                right = parent.child_by_field_name("right")
                owner = node.parent
                return (
                    child == left
                    or right == node
                    or (right is not None and right.type == "object" and owner == right)
                    or (owner is not None and owner.type == "pair" and owner.parent == right)
                )
            return False
        child, parent = parent, parent.parent
    return False


def _unused_owners(modules: dict[int, ModuleLinks], sites: list[tuple[int, CodeGeneration]]) -> set[str]:
    """Owner names of `sites` that occur nowhere in the bundle but where they are defined and exported."""
    owners = {s.owner for _, s in sites if s.owner is not None}
    definitions = {(i, s.owner_at) for i, s in sites}
    used: set[str] = set()
    for module_id, module in modules.items():
        if not module.file.text or not any(name in module.file.text for name in owners - used):
            continue
        for node in jsparse.walk(jsparse.parse(module.file.text).root_node):
            if node.type in _NAMES and (module_id, node.start_byte) not in definitions:
                name = jsparse.text(node)
                if name in owners and not _export_plumbing(node):
                    used.add(name)
    return owners - used


def _owners_with_twins(modules: dict[int, ModuleLinks], sites: list[tuple[int, CodeGeneration]]) -> set[str]:
    """Owner names of `sites` that the bundle also defines somewhere no site is owned by."""
    owners = {s.owner for _, s in sites if s.owner is not None}
    generating = {(i, s.owner_at) for i, s in sites}
    twins: set[str] = set()
    for module_id, module in modules.items():
        if not module.file.text or not any(name in module.file.text for name in owners - twins):
            continue
        for node in jsparse.walk(jsparse.parse(module.file.text).root_node):
            if node.type not in _FUNCTION_TYPES:
                continue
            named = naming_node(node)
            if named is not None and jsparse.text(named) in owners and (module_id, named.start_byte) not in generating:
                twins.add(jsparse.text(named))
    return twins


def _needed_by_all(
    reach: _Reach, names: list[str], sites: list[tuple[int, CodeGeneration]], optional: set[str]
) -> bool:
    """Whether every export reaches a site: an internal one through the module graph, or an optional
    one (its function is an entry point only users call) through the export of that name or the default."""
    internal = {i for i, s in sites if s.owner not in optional}
    for name in names:
        reached = reach.export(0, name)
        if internal & reached:
            continue
        if any(i in reached and name in (s.owner, "default") for i, s in sites if s.owner in optional):
            continue
        return False
    return True


def check(modules: dict[int, ModuleLinks], entry_names: list[str], dependency: str) -> None:
    """Raise `npm-module-needs-code-generation` when every export of entry 0 needs code generation."""
    computed = [(i, s) for i, m in sorted(modules.items()) for s in m.file.code_generation if s.computed]
    if not computed or any(s.feature_test for m in modules.values() for s in m.file.code_generation):
        return
    reach = _Reach(modules)
    names = entry_names or ["default"]
    # Cheap first: by modules alone. Only a library that would be refused pays for the name search.
    if not _needed_by_all(reach, names, computed, set()):
        return
    optional = _unused_owners(modules, computed)
    if not _needed_by_all(reach, names, computed, optional):
        return
    if not _needed_by_all(reach, names, computed, optional | _owners_with_twins(modules, computed)):
        return
    sites = [s for _, s in computed]
    listed = ", ".join(str(s) for s in sites[:MAX_SITES])
    more = f" and {len(sites) - MAX_SITES} more" if len(sites) > MAX_SITES else ""
    raise CompileError(
        f"'{dependency}' compiles code from strings at run time ({listed}{more}), every one of its exports "
        "reaches that code, and it never checks whether it may; the sandbox forbids code generation "
        "(no-eval), so its main calls would fail. Use a library that does the same job without compiling "
        "code: one that interprets, or that falls back when new Function is unavailable (as under a strict CSP)",
        rule="npm-module-needs-code-generation",
    )
