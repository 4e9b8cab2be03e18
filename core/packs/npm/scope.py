"""Scope analysis over a tree-sitter tree: which declaration each identifier refers to.

The npm compiler needs two answers a scope-insensitive scan cannot give:
which references of a module name an `import` binding (to rewrite them into
live reads of the imported module), and which references are *free* — bound
by nothing in the module, so they reach for a global such as `process` or
`Buffer`. Declarations are collected per scope (module, function, block,
class, catch, for) before references are resolved, so hoisting (`var`,
function declarations, a `let` used before its line) resolves the way the
engine will. Sloppy-mode (CommonJS) block functions are also hoisted to their
function, as Annex B does. The walk is iterative: minified code nests deeper
than Python's recursion limit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tree_sitter import Node, Tree

from core import jsparse

_DECLARED_FUNCTIONS = frozenset({"function_declaration", "generator_function_declaration"})
_BLOCKS = frozenset({"statement_block", "switch_body", "for_statement", "for_in_statement", "class_static_block"})


@dataclass(eq=False)
class Binding:
    name: str
    kind: str  # import | var | let | const | function | class | param | catch | implicit
    node: Node | None = None
    #: Every identifier that declares it (`var x` twice, a parameter redeclared by `var`), for the renamer.
    sites: list[Node] = field(default_factory=list)


@dataclass(eq=False)
class Scope:
    parent: Scope | None
    is_function: bool
    names: dict[str, Binding] = field(default_factory=dict)
    #: The function node a function scope belongs to (its parameter list is read by the renamer).
    node: Node | None = None
    #: The scopes nested directly in this one, so every scope can be reached from the module's.
    children: list[Scope] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if self.parent is not None:
            self.parent.children.append(self)

    def declare(self, name: str, kind: str, node: Node | None = None) -> Binding:
        binding = self.names.get(name)
        if binding is None:
            binding = self.names[name] = Binding(name, kind, node)
        if node is not None:
            binding.sites.append(node)
        return binding

    def function_scope(self) -> Scope:
        scope = self
        while not scope.is_function and scope.parent is not None:
            scope = scope.parent
        return scope

    def lookup(self, name: str) -> Binding | None:
        scope: Scope | None = self
        while scope is not None:
            found = scope.names.get(name)
            if found is not None:
                return found
            scope = scope.parent
        return None


@dataclass(frozen=True, eq=False)
class Reference:
    """An identifier read or written. `shorthand`: it stands for `{name: name}` in an object."""

    node: Node
    name: str
    scope: Scope
    shorthand: bool

    @property
    def under_typeof(self) -> bool:
        parent = self.node.parent
        return (
            parent is not None
            and parent.type == "unary_expression"
            and _text(parent.child_by_field_name("operator")) == "typeof"
        )

    @property
    def line(self) -> int:
        return self.node.start_point[0] + 1


@dataclass
class Analysis:
    module: Scope
    references: list[tuple[Reference, Binding | None]]
    #: Every `import(...)` call expression.
    dynamic_imports: list[Node]

    def free(self) -> list[Reference]:
        return [ref for ref, binding in self.references if binding is None]

    def uses_of(self, binding: Binding) -> list[Reference]:
        return [ref for ref, bound in self.references if bound is binding]


def _text(node: Node | None) -> str:
    return "" if node is None else jsparse.text(node)


class _Walker:
    def __init__(self, sloppy: bool) -> None:
        self.sloppy = sloppy
        self.pending: list[Reference] = []
        self.dynamic_imports: list[Node] = []
        self.stack: list[tuple[Node, Scope]] = []

    def reference(self, node: Node, scope: Scope) -> None:
        self.pending.append(Reference(node, _text(node), scope, node.type != "identifier"))

    def declare_pattern(self, node: Node | None, target: Scope, kind: str, expr_scope: Scope) -> None:
        """Declare every name a binding pattern introduces; its default values are expressions."""
        todo = [node]
        while todo:
            current = todo.pop()
            if current is None:
                continue
            kind_of = current.type
            if kind_of in ("identifier", "shorthand_property_identifier_pattern"):
                target.declare(_text(current), kind, current)
            elif kind_of in ("object_pattern", "array_pattern", "rest_pattern"):
                todo.extend(c for c in current.named_children if c.type != "comment")
            elif kind_of in ("assignment_pattern", "object_assignment_pattern"):
                todo.append(current.child_by_field_name("left"))
                self.stack.append((current.child_by_field_name("right"), expr_scope))
            elif kind_of == "pair_pattern":
                key = current.child_by_field_name("key")
                if key is not None and key.type == "computed_property_name":
                    self.stack.append((key, expr_scope))
                todo.append(current.child_by_field_name("value"))
            else:  # a member expression target (only in assignments): an expression
                self.stack.append((current, expr_scope))

    def function(self, node: Node, outer: Scope) -> None:
        scope = Scope(outer, is_function=True, node=node)
        name = node.child_by_field_name("name")
        if node.type in _DECLARED_FUNCTIONS:
            if name is not None:
                outer.declare(_text(name), "function", name)
                if self.sloppy and not outer.is_function:
                    outer.function_scope().declare(_text(name), "function", name)
        elif node.type in ("function_expression", "generator_function") and name is not None:
            scope.declare(_text(name), "function", name)
        elif node.type == "method_definition" and name is not None and name.type == "computed_property_name":
            self.stack.append((name, outer))
        if node.type != "arrow_function":
            scope.declare("arguments", "implicit")
        single = node.child_by_field_name("parameter")
        if single is not None:
            scope.declare(_text(single), "param", single)
        params = node.child_by_field_name("parameters")
        if params is not None:
            for param in params.named_children:
                if param.type != "comment":
                    self.declare_pattern(param, scope, "param", scope)
        body = node.child_by_field_name("body")
        if body is not None:
            if body.type == "statement_block":
                self.stack.extend((child, scope) for child in reversed(body.named_children))
            else:
                self.stack.append((body, scope))

    def klass(self, node: Node, outer: Scope) -> None:
        name = node.child_by_field_name("name")
        scope = Scope(outer, is_function=False)
        if name is not None:
            if node.type == "class_declaration":
                outer.declare(_text(name), "class", name)
            scope.declare(_text(name), "class", name)
        for child in node.named_children:
            if child.type == "class_heritage":
                self.stack.append((child, outer))
            elif child.type == "class_body":
                for member in child.named_children:
                    self.member(member, scope)

    def member(self, member: Node, scope: Scope) -> None:
        if member.type == "method_definition":
            self.function(member, scope)
        elif member.type == "field_definition":
            prop = member.child_by_field_name("property")
            if prop is not None and prop.type == "computed_property_name":
                self.stack.append((prop, scope))
            value = member.child_by_field_name("value")
            if value is not None:  # initialisers run like a method body (own `this`, `arguments` forbidden)
                self.stack.append((value, Scope(scope, is_function=True)))
        elif member.type == "class_static_block":
            self.stack.append((member, scope))

    def declaration(self, node: Node, scope: Scope) -> None:
        kind = "var" if node.type == "variable_declaration" else _text(node.child_by_field_name("kind")) or "let"
        target = scope.function_scope() if kind == "var" else scope
        for declarator in node.named_children:
            if declarator.type != "variable_declarator":
                continue
            self.declare_pattern(declarator.child_by_field_name("name"), target, kind, scope)
            value = declarator.child_by_field_name("value")
            if value is not None:
                self.stack.append((value, scope))

    def import_statement(self, node: Node, module: Scope) -> None:
        for clause in node.named_children:
            if clause.type != "import_clause":
                continue
            for part in clause.named_children:
                if part.type == "identifier":
                    module.declare(_text(part), "import", part)
                elif part.type == "namespace_import":
                    for ident in part.named_children:
                        if ident.type == "identifier":
                            module.declare(_text(ident), "import", ident)
                elif part.type == "named_imports":
                    for spec in part.named_children:
                        if spec.type == "import_specifier":
                            local = spec.child_by_field_name("alias") or spec.child_by_field_name("name")
                            if local is not None and local.type == "identifier":
                                module.declare(_text(local), "import", local)

    def visit(self, node: Node, scope: Scope) -> None:
        kind = node.type
        if kind in ("identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern"):
            self.reference(node, scope)
        elif kind in jsparse.FUNCTION_NODES:
            self.function(node, scope)
        elif kind in ("class_declaration", "class"):
            self.klass(node, scope)
        elif kind in ("variable_declaration", "lexical_declaration"):
            self.declaration(node, scope)
        elif kind == "import_statement":
            self.import_statement(node, scope)
        elif kind == "export_statement":
            # `export { a as b }` names local bindings; the compiler reads those itself.
            self.stack.extend(
                (c, scope)
                for c in reversed(node.named_children)
                if c.type not in ("export_clause", "string", "namespace_export")
            )
        elif kind == "catch_clause":
            inner = Scope(scope, is_function=False)
            self.declare_pattern(node.child_by_field_name("parameter"), inner, "catch", inner)
            body = node.child_by_field_name("body")
            if body is not None:
                self.stack.extend((child, inner) for child in reversed(body.named_children))
        elif kind == "for_in_statement":
            inner = Scope(scope, is_function=False)
            left = node.child_by_field_name("left")
            declared = node.child_by_field_name("kind")
            if declared is not None:
                target = scope.function_scope() if _text(declared) == "var" else inner
                self.declare_pattern(left, target, _text(declared), inner)
            elif left is not None:
                self.stack.append((left, inner))
            for name in ("right", "body"):
                child = node.child_by_field_name(name)
                if child is not None:
                    self.stack.append((child, inner))
        elif kind == "import":  # only `import(...)` reaches here: statements and import.meta do not
            self.dynamic_imports.append(node.parent)
        elif kind in (
            "statement_identifier",
            "property_identifier",
            "private_property_identifier",
            "meta_property",
            "comment",
            "regex",
            "string",
            "number",
        ):
            return
        else:
            inner = Scope(scope, is_function=False) if kind in _BLOCKS else scope
            self.stack.extend((child, inner) for child in reversed(node.named_children))

    def run(self, root: Node, module: Scope) -> None:
        self.stack.append((root, module))
        while self.stack:
            node, scope = self.stack.pop()
            if node is not None:
                self.visit(node, scope)


def analyze(tree: Tree, *, predeclared: Iterable[str] = (), sloppy: bool = False) -> Analysis:
    """Resolve every reference of `tree`. `predeclared`: names a wrapper binds (`require`, `module`)."""
    wrapper = Scope(None, is_function=True)
    for name in predeclared:
        wrapper.declare(name, "implicit")
    module = Scope(wrapper, is_function=True)
    walker = _Walker(sloppy)
    walker.run(tree.root_node, module)
    return Analysis(module, [(ref, ref.scope.lookup(ref.name)) for ref in walker.pending], walker.dynamic_imports)
