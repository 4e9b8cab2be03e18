"""One input file -> one entry of the bundle's function registry.

CommonJS files are wrapped as they are, in `function (module, exports,
require, __filename, __dirname)`, and their literal `require("x")` calls are
resolved at compile time into the module's dependency map (the runtime
`require` shim knows only those). ES modules are rewritten so they can live
in a function too: `import`s become hoisted reads of the imported module's
namespace, and every reference to an imported binding is rewritten to a
property read of that namespace (found by scope analysis), which keeps ESM's
live bindings and makes import cycles behave. Exports become getters defined
before the body runs (as esbuild does), `export default <expr>` a constant,
and `export * from` a copy of the other namespace's getters. JSON files
become a module whose `module.exports` is the parsed value.

One define is applied, as esbuild and webpack apply it for a production
build: `process.env.NODE_ENV` (or `process.env["NODE_ENV"]`), read where
`process` is the global, becomes `"production"`. Libraries read it at load
to pick their build (immer, react); the sandbox has no `process`, and
defining the expression hands the library nothing else of it.

Two globals are provided as browserify's insert-module-globals and webpack's
ProvidePlugin provide them: a file that uses a free `Buffer` or `process`
outside a `typeof` test (csv-parse's parser, util's `process.env.NODE_DEBUG`)
gets a binding of its own, read from `require("buffer")` or `require("process")`,
so the polyfill or Cordon's shim (see `polyfills`) serves it. The binding is
the file's, never the global object's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import orjson
from tree_sitter import Node, Tree

from core import jsparse
from core.packs.npm.minify import minify
from core.packs.npm.resolve import CompileError, Kind, unresolved
from core.packs.npm.scan import CodeGeneration, Finding, code_generation, forbidden_globals, typeof_guarded
from core.packs.npm.scope import Analysis, Reference, analyze

CJS_PARAMS = ("module", "exports", "require", "__filename", "__dirname")
#: The defines applied to every file: a global's member chain -> the JavaScript it becomes (a free `eval`,
#: which the sandbox does not have, becomes the bundle runtime's refusing stand-in; see runtime.js).
DEFINES = {("process", "env", "NODE_ENV"): '"production"', ("eval",): "__cordon$eval"}
#: A defined expression written to is left alone (`process.env.NODE_ENV = x` stays a ReferenceError).
_ASSIGNMENTS = ("assignment_expression", "augmented_assignment_expression")
#: Globals a file gets a binding of from a module, when it uses them free: name -> (module, export).
PROVIDED = {"Buffer": ("buffer", "Buffer"), "process": ("process", "default")}


class DependencyId(Protocol):
    """Maps a specifier (as written in the file) to the registry id of the module it resolves to.

    `kind` picks the `import` or `require` condition; `lazy_line` is the line of a `require` call
    that may not run when the file loads (inside a function, or in a branch that tests `typeof`
    something: `typeof window === "undefined" ? require("fs") : null`), which the bundler may serve a
    builtin's stub for; the probe then shows whether loading reaches it.
    """

    def __call__(self, specifier: str, kind: Kind = "import", lazy_line: int | None = None) -> int: ...


@dataclass
class Transformed:
    esm: bool
    source: str
    #: Specifier -> module id, for the CommonJS `require` shim.
    requires: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: The module graph as the code-generation check reads it (see `codegen`): ids the module's own
    #: code uses (imports, requires), `export ... from` re-exports (name -> (id, imported name, None
    #: for a namespace)), `export * from` ids, and its own exported names.
    uses: list[int] = field(default_factory=list)
    reexports: dict[str, tuple[int, str | None]] = field(default_factory=dict)
    stars: list[int] = field(default_factory=list)
    local_exports: list[str] = field(default_factory=list)
    code_generation: list[CodeGeneration] = field(default_factory=list)
    #: The file as parsed (minified, before the rewrite): what `codegen` searches for uses of a name.
    text: str = ""


def _ns(module_id: int) -> str:
    return f"__cordon$i{module_id}"


def _member(base: str, name: str) -> str:
    return f"{base}.{name}" if name.isidentifier() and name.isascii() else f"{base}[{_js_string(name)}]"


def _js_string(text: str) -> str:
    return orjson.dumps(text).decode("utf-8")


def _name_of(node: Node | None) -> str:
    if node is None:
        return ""
    value = jsparse.string_value(node)
    return value if value is not None else jsparse.text(node)


def _strip_hashbang(source: str) -> str:
    if source.startswith("#!"):
        end = source.find("\n")
        return "" if end == -1 else source[end:]
    return source


def _is_esm(tree: Tree) -> bool:
    return any(child.type in ("import_statement", "export_statement") for child in tree.root_node.children)


def _refuse_dynamic_import(analysis: Analysis, file: str, dependency_id: DependencyId) -> None:
    for call in analysis.dynamic_imports:
        args = call.child_by_field_name("arguments")
        literal = args.named_children[0] if args is not None and args.named_children else None
        if literal is not None and literal.type == "string":
            dependency_id(_name_of(literal))  # a builtin is named as such
        raise unresolved(
            f"{file}:{call.start_point[0] + 1} uses dynamic import(), which a bundle cannot "
            "contain (the sandbox refuses import() at run time)"
        )


def transform_file(
    source: str, file: str, *, json: bool, dependency_id: DependencyId, shorten_names: bool = True
) -> Transformed:
    """The registry entry of one file; `shorten_names=False` leaves local names as written (the renaming
    pass's differential test compares the two)."""
    if json:
        try:
            value = orjson.loads(source)
        except orjson.JSONDecodeError as exc:
            raise CompileError(f"{file} is not valid JSON ({exc})", rule="npm-module-unresolved") from None
        return Transformed(False, f"function (module) {{ module.exports = {orjson.dumps(value).decode()}; }}")
    source = _strip_hashbang(source)
    try:
        tree = jsparse.parse(source)
        esm = _is_esm(tree)
        # same lines, so findings keep their line numbers
        source = minify(source, tree, _analyze(tree, esm) if shorten_names else None)
        tree = jsparse.parse(source)
    except jsparse.SourceRefused as exc:
        raise CompileError(f"{file}: {exc.message}", rule=exc.rule, line=exc.line) from None
    analysis = _analyze(tree, esm)
    _refuse_dynamic_import(analysis, file, dependency_id)
    defines = _defines(analysis)
    if esm:
        done = _EsModule(source, tree, analysis, file, dependency_id, defines).transform()
    else:
        done = _commonjs(source, analysis, file, dependency_id, defines)
    provided = _provided(done.findings, esm, dependency_id)
    if provided:
        done.findings = [f for f in done.findings if f.name not in provided]
        done.uses = list(dict.fromkeys([*done.uses, *provided.values()]))
        done.source = _provide(done.source, provided, esm)
    done.text = source
    return done


def _analyze(tree: Tree, esm: bool) -> Analysis:
    """An ES module's scopes, or a CommonJS file's inside its wrapper (sloppy mode, its five parameters)."""
    return analyze(tree) if esm else analyze(tree, predeclared=CJS_PARAMS, sloppy=True)


def _provided(findings: list[Finding], esm: bool, dependency_id: DependencyId) -> dict[str, int]:
    """PROVIDED name -> module id, for each name the file uses free and not only behind a `typeof` test."""
    used = {f.name for f in findings if f.hard and f.name in PROVIDED}
    return {name: dependency_id(PROVIDED[name][0], "import" if esm else "require") for name in sorted(used)}


def _provide(source: str, provided: dict[str, int], esm: bool) -> str:
    """The module function with a binding per provided name, on its first line (later lines keep their numbers).

    A CommonJS body is wrapped in one more function taking the bindings as parameters, so a
    `"use strict"` directive stays the first statement of the function it opens.
    """
    reads = {
        name: f"__cordon$import({module_id}){_member('', PROVIDED[name][1])}" for name, module_id in provided.items()
    }
    head, _, rest = source.partition("{\n")
    if esm:
        declarations = " ".join(f"var {name} = {read};" for name, read in reads.items())
        return f"{head}{{ {declarations}\n{rest}"
    names = ", ".join(reads)
    values = ", ".join(reads.values())
    return f"{head}{{ return (function ({names}) {{\n{rest}).call(this, {values}); }}"


def _member_name(node: Node) -> str | None:
    """The property a `a.b` or `a["b"]` expression reads."""
    if node.type == "member_expression":
        prop = node.child_by_field_name("property")
        return None if prop is None else jsparse.text(prop)
    if node.type == "subscript_expression":
        index = node.child_by_field_name("index")
        return None if index is None else jsparse.string_value(index)
    return None


def _define_site(ref: Reference) -> tuple[Node, str] | None:
    """The expression a free reference starts that a define replaces, and its replacement."""
    for chain, value in DEFINES.items():
        if ref.name != chain[0]:
            continue
        node = ref.node
        for name in chain[1:]:
            parent = node.parent
            if parent is None or parent.child_by_field_name("object") != node or _member_name(parent) != name:
                break
            node = parent
        else:
            parent = node.parent
            assigned = parent is not None and parent.type in _ASSIGNMENTS
            if not (assigned and parent.child_by_field_name("left") == node):
                return node, value
    return None


def _defines(analysis: Analysis) -> dict[int, tuple[Node, str]]:
    """Start byte of each defined reference -> (the expression it starts, its replacement)."""
    sites = {}
    for ref in analysis.free():
        site = _define_site(ref)
        if site is not None:
            sites[ref.node.start_byte] = site
    return sites


def _in_function(node: Node) -> bool:
    """True for a node inside a function body: code that runs when the function is called, not at load."""
    parent = node.parent
    while parent is not None:
        if parent.type in jsparse.FUNCTION_NODES:
            return True
        parent = parent.parent
    return False


def _commonjs(
    source: str, analysis: Analysis, file: str, dependency_id: DependencyId, defines: dict[int, tuple[Node, str]]
) -> Transformed:
    out = Transformed(False, "")
    require = analysis.module.lookup("require")
    for ref in analysis.uses_of(require) if require is not None else ():
        call = ref.node.parent
        if call is None or call.type != "call_expression" or call.child_by_field_name("function") != ref.node:
            continue
        args = call.child_by_field_name("arguments")
        first = args.named_children[0] if args is not None and args.named_children else None
        if first is not None and first.type == "string" and len(args.named_children) == 1:
            spec = _name_of(first)
            lazy = ref.line if _in_function(call) or typeof_guarded(call) else None
            out.requires[spec] = dependency_id(spec, "require", lazy)
        else:
            out.warnings.append(
                f"{file}:{ref.line} calls require() with a computed name; it cannot be bundled "
                "and throws if that line runs"
            )
    out.findings = forbidden_globals(analysis, file, defined=defines.keys())
    out.code_generation = code_generation(analysis, file)
    out.uses = list(dict.fromkeys(out.requires.values()))
    edits = [(node.start_byte, node.end_byte, value) for node, value in defines.values()]
    out.source = f"function ({', '.join(CJS_PARAMS)}) {{\n{_apply(source, edits)}\n}}"
    return out


class _EsModule:
    def __init__(
        self,
        source: str,
        tree: Tree,
        analysis: Analysis,
        file: str,
        dependency_id: DependencyId,
        defines: dict[int, tuple[Node, str]],
    ) -> None:
        self.source = source
        self.defines = defines
        self.tree = tree
        self.file = file
        self.dependency_id = dependency_id
        self.analysis = analysis
        self.edits: list[tuple[int, int, str]] = []
        #: exported name -> (True, local name) or (False, a ready expression)
        self.getters: dict[str, tuple[bool, str]] = {}
        self.imports: list[int] = []
        self.stars: list[int] = []
        #: Ids read by `import` statements (not only re-exported), and re-exports by name.
        self.uses: list[int] = []
        self.reexports: dict[str, tuple[int, str | None]] = {}
        #: local import name -> (namespace variable, imported name or None for `* as ns`)
        self.bindings: dict[str, tuple[str, str | None]] = {}

    def _import(self, source_node: Node | None) -> int:
        module_id = self.dependency_id(_name_of(source_node))
        if module_id not in self.imports:
            self.imports.append(module_id)
        return module_id

    def _remove(self, node: Node) -> None:
        self.edits.append((node.start_byte, node.end_byte, "\n" * jsparse.text(node).count("\n")))

    def _import_statement(self, node: Node) -> None:
        module_id = self._import(node.child_by_field_name("source"))
        self.uses.append(module_id)
        ns = _ns(module_id)
        self._remove(node)
        for clause in node.named_children:
            if clause.type != "import_clause":
                continue
            for part in clause.named_children:
                if part.type == "identifier":
                    self.bindings[jsparse.text(part)] = (ns, "default")
                elif part.type == "namespace_import":
                    for ident in part.named_children:
                        self.bindings[jsparse.text(ident)] = (ns, None)
                elif part.type == "named_imports":
                    for spec in part.named_children:
                        if spec.type == "import_specifier":
                            name = spec.child_by_field_name("name")
                            alias = spec.child_by_field_name("alias")
                            self.bindings[jsparse.text(alias or name)] = (ns, _name_of(name))

    def _local(self, name: str) -> str:
        """The expression reading module-level `name` (an import reads through its namespace)."""
        bound = self.bindings.get(name)
        if bound is None:
            return name
        ns, imported = bound
        return ns if imported is None else _member(ns, imported)

    def _export_statement(self, node: Node) -> None:
        source = node.child_by_field_name("source")
        declaration = node.child_by_field_name("declaration")
        value = node.child_by_field_name("value")
        is_default = any(c.type == "default" for c in node.children)
        if source is not None:
            module_id = self._import(source)
            self._remove(node)
            clause = next((c for c in node.named_children if c.type in ("export_clause", "namespace_export")), None)
            if clause is None:
                self.stars.append(module_id)
            elif clause.type == "namespace_export":
                exported = _name_of(clause.named_children[-1])
                self.getters[exported] = (False, _ns(module_id))
                self.reexports[exported] = (module_id, None)
            else:
                for spec in clause.named_children:
                    if spec.type == "export_specifier":
                        name = spec.child_by_field_name("name")
                        alias = spec.child_by_field_name("alias")
                        self.getters[_name_of(alias or name)] = (False, _member(_ns(module_id), _name_of(name)))
                        self.reexports[_name_of(alias or name)] = (module_id, _name_of(name))
            return
        if declaration is not None:
            self.edits.append((node.start_byte, declaration.start_byte, ""))
            for name in _declared_names(declaration):
                self.getters["default" if is_default else name] = (False, name)
            return
        if value is not None:
            self._export_default(node, value)
            return
        clause = next((c for c in node.named_children if c.type == "export_clause"), None)
        if clause is not None:
            self._remove(node)
            for spec in clause.named_children:
                if spec.type == "export_specifier":
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias")
                    self.getters[_name_of(alias or name)] = (True, _name_of(name))

    def _export_default(self, node: Node, value: Node) -> None:
        self.getters["default"] = (False, "__cordon$default")
        named = value.child_by_field_name("name")
        if value.type in ("function_expression", "generator_function") and named is None:
            # `export default function () {}` is a hoisted declaration: keep it one, with a name.
            params = value.child_by_field_name("parameters")
            self.edits.append((node.start_byte, value.start_byte, ""))
            assert params is not None  # every function has a parameter list
            self.edits.append((params.start_byte, params.start_byte, " __cordon$default"))
            return
        self.edits.append((node.start_byte, value.start_byte, "const __cordon$default = "))
        self.edits.append((value.end_byte, value.end_byte, ";"))

    def transform(self) -> Transformed:
        for child in self.tree.root_node.children:
            if child.type == "import_statement":
                self._import_statement(child)
            elif child.type == "export_statement":
                self._export_statement(child)
        module_scope = self.analysis.module
        for local, _ in self.bindings.items():
            binding = module_scope.names.get(local)
            if binding is None:
                continue
            replacement = self._local(local)
            for ref in self.analysis.uses_of(binding):
                if ref.shorthand:
                    text = f"{local}: {replacement}"
                elif _is_callee(ref.node) and replacement != local:
                    text = f"(0, {replacement})"  # an imported function is called with `this` undefined
                else:
                    text = replacement
                self.edits.append((ref.node.start_byte, ref.node.end_byte, text))
        header = []
        if self.getters:
            pairs = ", ".join(
                f"{_js_string(name)}: () => {self._local(expr) if local else expr}"
                for name, (local, expr) in self.getters.items()
            )
            header.append(f"__cordon$export(exports, {{{pairs}}});")
        header.extend(f"var {_ns(i)} = __cordon$import({i});" for i in self.imports)
        header.extend(f"__cordon$star(exports, {_ns(i)});" for i in self.stars)
        self.edits.extend((node.start_byte, node.end_byte, value) for node, value in self.defines.values())
        body = _apply(self.source, self.edits)
        out = Transformed(True, "function (exports) {\n" + " ".join(header) + "\n" + body + "\n}")
        out.findings = forbidden_globals(self.analysis, self.file, defined=self.defines.keys())
        out.code_generation = code_generation(self.analysis, self.file)
        out.uses = list(dict.fromkeys(self.uses))
        out.reexports = self.reexports
        out.stars = self.stars
        out.local_exports = [name for name in self.getters if name not in self.reexports]
        return out


def _is_callee(node: Node) -> bool:
    parent = node.parent
    return parent is not None and parent.type == "call_expression" and parent.child_by_field_name("function") == node


def _declared_names(declaration: Node) -> list[str]:
    if declaration.type in ("function_declaration", "generator_function_declaration", "class_declaration"):
        name = declaration.child_by_field_name("name")
        return [jsparse.text(name)] if name is not None else []
    names = []
    for declarator in declaration.named_children:
        if declarator.type == "variable_declarator":
            pattern = declarator.child_by_field_name("name")
            names.extend(
                jsparse.text(n)
                for n in jsparse.walk(pattern)
                if n.type in ("identifier", "shorthand_property_identifier_pattern") and _is_pattern_target(n, pattern)
            )
    return names


def _is_pattern_target(node: Node, root: Node | None) -> bool:
    """True unless `node` sits in a default value (`{a = b}`: `b` is read, not declared) or a computed key."""
    current = node
    while current is not None and current != root:
        parent = current.parent
        if parent is None:
            return False
        if (
            parent.type in ("assignment_pattern", "object_assignment_pattern")
            and parent.child_by_field_name("right") == current
        ):
            return False
        if parent.type == "computed_property_name":
            return False
        current = parent
    return True


def _apply(source: str, edits: list[tuple[int, int, str]]) -> str:
    data = source.encode("utf-8")
    out = []
    position = 0
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < position:
            raise CompileError(f"internal error: overlapping rewrite at byte {start}", rule="npm-module-unresolved")
        out.append(data[position:start].decode("utf-8"))
        out.append(text)
        position = end
    out.append(data[position:].decode("utf-8"))
    return "".join(out)
