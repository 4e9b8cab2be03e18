"""One JavaScript parser for the whole of Cordon (tree-sitter).

The entry transform, static validation, pack discovery and the editor's
diagnostics all read the same tree, so they cannot disagree about what a
body imports. tree-sitter is error-tolerant: exact syntax errors come from
QuickJS compiling the module, with the user's own line numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import tree_sitter_javascript
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree


@lru_cache(maxsize=1)
def _language() -> Language:
    return Language(tree_sitter_javascript.language())


@lru_cache(maxsize=16)
def _query(pattern: str) -> Query:
    return Query(_language(), pattern)


def matches(tree: Tree, pattern: str, name: str) -> list[Node]:
    """Nodes captured as `@name` by tree-sitter query `pattern`, in source order.

    Queries run in C: on a 140 KB bundle they take ~8 ms where a Python walk takes ~100.
    """
    found = QueryCursor(_query(pattern)).captures(tree.root_node).get(name, [])
    return sorted(found, key=lambda n: n.start_byte)


#: Sources up to this size keep their tree for the next parse of the same text.
_KEEP_TREE_BELOW = 64 << 10


def parse(source: str) -> Tree:
    """The tree of `source`. A run's body is parsed by the pack resolver and by the entry transform,
    and a studio re-runs the same body: the last few small sources' trees are kept, and each caller
    gets its own copy (O(1); tree-sitter asks for a copy per thread)."""
    if len(source) > _KEEP_TREE_BELOW:
        return _parse(source)
    return _kept_tree(source).copy()


@lru_cache(maxsize=16)
def _kept_tree(source: str) -> Tree:
    return _parse(source)


def _parse(source: str) -> Tree:
    # A Parser is cheap and not thread-safe: one per call.
    return Parser(_language()).parse(source.encode("utf-8"))


def walk(node: Node) -> Iterator[Node]:
    """Every node below `node`, depth first (iterative: deep trees must not overflow)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def text(node: Node) -> str:
    return node.text.decode("utf-8") if node.text is not None else ""


_ESCAPE = re.compile(r"\\(u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|\r\n|[\s\S])")
_SIMPLE_ESCAPES = {
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "b": "\b",
    "f": "\f",
    "v": "\v",
    "0": "\0",
    "\n": "",
    "\r": "",
    "\r\n": "",
    "\u2028": "",
    "\u2029": "",
}


def _unescape(match: re.Match[str]) -> str:
    esc = match.group(1)
    if esc[0] in "ux" and len(esc) > 1:
        return chr(min(int(esc.strip("ux{}"), 16), 0x10FFFF))
    return _SIMPLE_ESCAPES.get(esc, esc)


def string_value(node: Node) -> str | None:
    """The value of a plain string literal node, with JavaScript's escapes decoded (as the engine sees it)."""
    if node.type != "string":
        return None
    raw = text(node)[1:-1]
    return _ESCAPE.sub(_unescape, raw) if "\\" in raw else raw


@dataclass(frozen=True)
class StaticImport:
    specifier: str
    line: int  # 1-based
    node: Node


def static_imports(tree: Tree) -> list[StaticImport]:
    """Top-level `import ... from "x"` / `import "x"` declarations."""
    found = []
    for child in tree.root_node.children:
        if child.type == "import_statement":
            source = child.child_by_field_name("source")
            spec = string_value(source) if source is not None else None
            if spec is not None:
                found.append(StaticImport(spec, child.start_point[0] + 1, child))
    return found


def module_requests(tree: Tree) -> list[StaticImport]:
    """Every static module request of a module: imports and `export ... from "x"` re-exports."""
    found = []
    for child in tree.root_node.children:
        if child.type in ("import_statement", "export_statement"):
            source = child.child_by_field_name("source")
            spec = string_value(source) if source is not None else None
            if spec is not None:
                found.append(StaticImport(spec, child.start_point[0] + 1, child))
    return found


def dynamic_import_calls(tree: Tree) -> list[Node]:
    """Every `import(...)` expression, anywhere."""
    return matches(tree, "(call_expression function: (import)) @call", "call")


def dynamic_imports(tree: Tree) -> list[int]:
    """1-based lines of every `import(...)` expression, anywhere."""
    return [node.start_point[0] + 1 for node in dynamic_import_calls(tree)]


#: Every tree-sitter node kind that opens a function (so a new scope, and the edge of a `try`'s reach).
FUNCTION_NODES = frozenset(
    {
        "function_declaration",
        "function_expression",
        "function",
        "arrow_function",
        "method_definition",
        "generator_function_declaration",
        "generator_function",
    }
)


def _in_generator(node: Node) -> bool:
    """True when the nearest function around `node` is a generator (where `yield` is the keyword)."""
    current = node.parent
    while current is not None and current.type not in FUNCTION_NODES:
        current = current.parent
    if current is None:
        return False
    if current.type == "method_definition":
        return any(child.type == "*" for child in current.children)
    return current.type in ("generator_function_declaration", "generator_function")


def legacy_yields(tree: Tree) -> list[Node]:
    """`yield` expressions outside any generator: the legacy Code node's `yield(value)` call.

    JavaScript has no such call (`yield` is reserved in a module), so these are
    exactly the ones the legacy contract rewrites into a host call; a real
    generator's `yield` is left alone.
    """
    return [node for node in matches(tree, "(yield_expression) @y", "y") if not _in_generator(node)]


def syntax_error_node(tree: Tree) -> Node | None:
    """The first ERROR/MISSING node, if the tree has one."""
    if not tree.root_node.has_error:
        return None
    for node in walk(tree.root_node):
        if node.type == "ERROR" or node.is_missing:
            return node
    return None


def _under_typeof(node: Node) -> bool:
    parent = node.parent
    return (
        parent is not None
        and parent.type == "unary_expression"
        and parent.child_by_field_name("operator") is not None
        and text(parent.child_by_field_name("operator")) == "typeof"
    )


def require_references(tree: Tree) -> list[Node]:
    """Uses of a free `require` (calls or aliases); `typeof require` feature tests are not uses."""
    found = [
        n
        for n in matches(tree, '((identifier) @id (#eq? @id "require"))', "id")
        if not _under_typeof(n) and not _is_binding(n)
    ]
    return found if found and "require" not in bound_names(tree) else []


# -- scope-insensitive name analysis --------------------------------------------------
# A name bound anywhere in the source counts as bound everywhere: validation must
# never call a correct body wrong, so the approximation errs towards silence.

_PATTERNS = frozenset(
    {
        "object_pattern",
        "array_pattern",
        "assignment_pattern",
        "object_assignment_pattern",
        "rest_pattern",
        "pair_pattern",
    }
)
_NAMED = frozenset(
    {
        "function_declaration",
        "function_expression",
        "generator_function_declaration",
        "generator_function",
        "class_declaration",
        "class",
    }
)
_IMPORT_NAMES = frozenset({"import_clause", "import_specifier", "namespace_import", "export_specifier"})


def _field_of(node: Node) -> str | None:
    parent = node.parent
    if parent is None:
        return None
    for i, child in enumerate(parent.children):
        if child.id == node.id:
            return parent.field_name_for_child(i)
    return None


def _pattern_root(node: Node) -> Node:
    """Climb from a pattern element to the outermost pattern it is a target of."""
    current = node
    while current.parent is not None and current.parent.type in _PATTERNS:
        field = _field_of(current)
        if current.parent.type in ("assignment_pattern", "object_assignment_pattern") and field != "left":
            break
        if current.parent.type == "pair_pattern" and field != "value":
            break
        current = current.parent
    return current


def _is_binding(node: Node) -> bool:
    """True when identifier `node` declares a name (rather than reading or assigning it)."""
    parent = node.parent
    if parent is None:
        return False
    if parent.type in _IMPORT_NAMES:
        return True
    if parent.type in _NAMED:
        return _field_of(node) == "name"
    root = _pattern_root(node)
    owner = root.parent
    if owner is None:
        return False
    field = _field_of(root)
    if root is not node and root.type not in _PATTERNS:
        return False
    return (
        (owner.type == "variable_declarator" and field == "name")
        or owner.type == "formal_parameters"
        or (owner.type == "arrow_function" and field == "parameter")
        or (owner.type == "catch_clause" and field == "parameter")
        or (owner.type == "for_in_statement" and field == "left" and owner.child_by_field_name("kind") is not None)
    )


def bound_names(tree: Tree) -> frozenset[str]:
    """Every name the source declares anywhere (variables, functions, classes, params, imports)."""
    return frozenset(
        text(n)
        for n in walk(tree.root_node)
        if n.type in ("identifier", "shorthand_property_identifier_pattern") and _is_binding(n)
    )


def free_references(tree: Tree) -> list[Node]:
    """Identifiers read or assigned that no declaration in the source binds (`typeof x` excluded)."""
    bound = bound_names(tree)
    found = []
    for node in walk(tree.root_node):
        reference = node.type == "shorthand_property_identifier" or (
            node.type == "identifier" and not _is_binding(node)
        )
        if reference and text(node) not in bound and not _under_typeof(node):
            found.append(node)
    return found


@dataclass(frozen=True)
class ImportBinding:
    """A local name an import statement introduces, and what it binds."""

    name: str
    specifier: str
    #: "default", "namespace", or the imported export's name.
    imported: str


def import_bindings(body: str) -> list[ImportBinding]:
    """The local names the body's static imports bind (read with the shared tree-sitter parser)."""
    out = []
    for imp in static_imports(parse(body)):
        for node in walk(imp.node):
            if node.type == "import_clause":
                for child in node.named_children:
                    if child.type == "identifier":
                        out.append(ImportBinding(text(child), imp.specifier, "default"))
            elif node.type == "namespace_import":
                ids = [c for c in node.named_children if c.type == "identifier"]
                if ids:
                    out.append(ImportBinding(text(ids[0]), imp.specifier, "namespace"))
            elif node.type == "import_specifier":
                name, alias = node.child_by_field_name("name"), node.child_by_field_name("alias")
                if name is not None:
                    out.append(ImportBinding(text(alias or name), imp.specifier, text(name)))
    return out


def export_names(source: str) -> tuple[str, ...]:
    """The names a module's `export` statements offer (`default` included when it has one)."""
    names: list[str] = []
    for child in parse(source).root_node.children:
        if child.type != "export_statement":
            continue
        if any(c.type == "default" for c in child.children):
            names.append("default")
            continue
        declaration = child.child_by_field_name("declaration")
        if declaration is not None:
            if declaration.type in ("lexical_declaration", "variable_declaration"):
                for decl in declaration.named_children:
                    target = decl.child_by_field_name("name")
                    if target is not None and target.type == "identifier":
                        names.append(text(target))
            else:
                target = declaration.child_by_field_name("name")
                if target is not None:
                    names.append(text(target))
            continue
        for node in walk(child):
            if node.type == "export_specifier":
                target = node.child_by_field_name("alias") or node.child_by_field_name("name")
                if target is not None:
                    names.append(text(target))
    return tuple(dict.fromkeys(names))


def import_insertion_line(body: str) -> int:
    """The 1-based line where a new static import goes: below the body's last static import, else below
    its leading `//` comment block (so a header comment stays the first thing a reader sees)."""
    imports = static_imports(parse(body))
    if imports:
        return imports[-1].node.end_point[0] + 2
    lines = body.split("\n")
    line = 1
    while line <= len(lines) and lines[line - 1].lstrip().startswith("//"):
        line += 1
    return line
