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
from tree_sitter import Language, Node, Parser, Tree, TreeCursor

from core.errors import SandboxRefusal

#: The deepest syntax tree Cordon analyses. Real sources stay under 60 levels (the shipped packs'
#: bundles 21-50, a minified 137 KB highlighter 51); QuickJS's own parser stops at about 1,000
#: nested calls (~2,000 levels). Past this, tree-sitter's queries went super-linear (a 120 KB
#: `f(f(...))` took 4.9 s in one query, at 40,000 levels, and captured only 32,767 of the calls) and
#: every `node.parent` costs O(depth), so a deep source is refused before any analysis. The price:
#: a flat chain over ~4,000 terms (`a + b + ...`, `else if` over ~1,300 branches) is refused too.
MAX_DEPTH = 4_000
#: The largest source Cordon parses (characters). Parsing and analysing are linear but not free: a
#: dense pathological 1 MB source takes ~2 s to parse and ~5 s to validate. Pack modules are capped
#: at 256 KB and a module compiled from npm at 1 MB; a body is typed by a person.
MAX_SOURCE_CHARS = 1 << 20


class SourceRefused(SandboxRefusal):
    """A source too large or too deeply nested to analyse (rules `source-too-large`, `source-too-deep`)."""

    name = "SyntaxError"


@lru_cache(maxsize=1)
def _language() -> Language:
    return Language(tree_sitter_javascript.language())


#: Sources up to this size keep their tree for the next parse of the same text.
_KEEP_TREE_BELOW = 64 << 10


def parse(source: str, *, max_chars: int = MAX_SOURCE_CHARS) -> Tree:
    """The tree of `source`, or SourceRefused past `max_chars` (MAX_SOURCE_CHARS; an npm bundle's own
    limit for one Cordon compiled, see `core.packs.npm.limit`) or MAX_DEPTH.

    A run's body is parsed by the pack resolver and by the entry transform, and a studio re-runs
    the same body: the last few small sources' trees are kept, and each caller gets its own copy
    (O(1); tree-sitter asks for a copy per thread)."""
    if len(source) > max_chars:
        raise SourceRefused(
            f"the source is {len(source):,} characters; Cordon analyses at most {max_chars:,}",
            rule="source-too-large",
        )
    if len(source) > _KEEP_TREE_BELOW:
        return _parse(source)
    return _kept_tree(source).copy()


@lru_cache(maxsize=16)
def _kept_tree(source: str) -> Tree:
    return _parse(source)


def _parse(source: str) -> Tree:
    # A Parser is cheap and not thread-safe: one per call.
    tree = Parser(_language()).parse(source.encode("utf-8"))
    _check_depth(tree)
    return tree


def _check_depth(tree: Tree) -> None:
    """SourceRefused when the tree is deeper than MAX_DEPTH: one cursor pass, ~4 ms per 100 KB."""
    cursor = tree.walk()
    depth = 0
    while True:
        if cursor.goto_first_child():
            depth += 1
            if depth > MAX_DEPTH:
                line = _at(cursor).start_point[0] + 1
                raise SourceRefused(
                    f"the source nests more than {MAX_DEPTH:,} levels deep (at line {line}); "
                    "split the expression or the nesting into smaller functions",
                    rule="source-too-deep",
                    line=line,
                )
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return
            depth -= 1


#: A node and the field it fills in its parent (None for the root and unnamed children).
Step = tuple[Node, "str | None"]


def walk_paths(node: Node) -> Iterator[list[Step]]:
    """Every node below `node`, depth first, as its path from `node`: the last step is the node.

    One cursor pass, O(nodes). Analyses read ancestors from the path, never from `Node.parent`,
    which tree-sitter answers by walking down from the root (O(depth) per call: quadratic on a deep
    source). The list is reused: copy it to keep it.
    """
    cursor = node.walk()
    path: list[Step] = [(_at(cursor), None)]
    while True:
        yield path
        if cursor.goto_first_child():
            path.append((_at(cursor), cursor.field_name))
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return
            path.pop()
        path[-1] = (_at(cursor), cursor.field_name)


def _at(cursor: TreeCursor) -> Node:
    """The cursor's node: tree-sitter types it optional, and a cursor made from a node always has one."""
    node = cursor.node
    assert node is not None
    return node


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


def body_imports(body: str) -> list[StaticImport]:
    """The static imports of `body` for the editor and the document's declarations: none for a source
    too deep or too large to read, which its run and its validation refuse by rule instead."""
    try:
        return static_imports(parse(body))
    except SourceRefused:
        return []


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
    """Every `import(...)` expression, anywhere, in source order (one linear walk, none without the word)."""
    if not _mentions(tree, b"import"):
        return []
    return [
        path[-2][0]
        for path in walk_paths(tree.root_node)
        if path[-1][0].type == "import" and path[-1][1] == "function" and path[-2][0].type == "call_expression"
    ]


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


def _in_generator(path: list[Step]) -> bool:
    """True when the nearest function around the path's node is a generator (where `yield` is the keyword)."""
    for ancestor, _ in reversed(path[:-1]):
        if ancestor.type == "method_definition":
            return any(child.type == "*" for child in ancestor.children)
        if ancestor.type in FUNCTION_NODES:
            return ancestor.type in ("generator_function_declaration", "generator_function")
    return False


def legacy_yields(tree: Tree) -> list[Node]:
    """`yield` expressions outside any generator: the legacy Code node's `yield(value)` call.

    JavaScript has no such call (`yield` is reserved in a module), so these are
    exactly the ones the legacy contract rewrites into a host call; a real
    generator's `yield` is left alone.
    """
    if not _mentions(tree, b"yield"):
        return []
    return [
        path[-1][0]
        for path in walk_paths(tree.root_node)
        if path[-1][0].type == "yield_expression" and not _in_generator(path)
    ]


def syntax_error_node(tree: Tree) -> Node | None:
    """The first ERROR/MISSING node, if the tree has one."""
    if not tree.root_node.has_error:
        return None
    for node in walk(tree.root_node):
        if node.type == "ERROR" or node.is_missing:
            return node
    return None


def _under_typeof(path: list[Step]) -> bool:
    if len(path) < 2 or path[-2][0].type != "unary_expression":
        return False
    operator = path[-2][0].child_by_field_name("operator")
    return operator is not None and text(operator) == "typeof"


def require_references(tree: Tree) -> list[Node]:
    """Uses of a free `require` (calls or aliases); `typeof require` feature tests are not uses."""
    if not _mentions(tree, b"require"):
        return []
    bound, references = _names(tree)
    if "require" in bound:
        return []
    return [node for node, name in references if name == "require" and node.type == "identifier"]


def _mentions(tree: Tree, word: bytes) -> bool:
    """False when `word` is nowhere in the source: a keyword (`import`, `yield`) cannot be escaped, so a
    walk looking for one is skipped for most sources (a walk is ~0.4 s per dense 256 KB)."""
    source = tree.root_node.text
    return source is None or word in source


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


def _is_binding(path: list[Step]) -> bool:
    """True when the identifier at the end of `path` declares a name (rather than reading or assigning it)."""
    if len(path) < 2:
        return False
    field = path[-1][1]
    parent = path[-2][0]
    if parent.type in _IMPORT_NAMES:
        return True
    if parent.type in _NAMED:
        return field == "name"
    # Climb from a pattern element to the outermost pattern it is a target of.
    top = len(path) - 1
    while top > 0 and path[top - 1][0].type in _PATTERNS:
        above, role = path[top - 1][0].type, path[top][1]
        if above in ("assignment_pattern", "object_assignment_pattern") and role != "left":
            break
        if above == "pair_pattern" and role != "value":
            break
        top -= 1
    if top == 0:
        return False
    root, field = path[top]
    owner = path[top - 1][0]
    if top != len(path) - 1 and root.type not in _PATTERNS:
        return False
    return (
        (owner.type == "variable_declarator" and field == "name")
        or owner.type == "formal_parameters"
        or (owner.type == "arrow_function" and field == "parameter")
        or (owner.type == "catch_clause" and field == "parameter")
        or (owner.type == "for_in_statement" and field == "left" and owner.child_by_field_name("kind") is not None)
    )


def _names(tree: Tree) -> tuple[frozenset[str], list[tuple[Node, str]]]:
    """In one walk: every name the source declares, and every identifier that reads or assigns a name
    (with its name), `typeof x` excluded."""
    bound: set[str] = set()
    references: list[tuple[Node, str]] = []
    for path in walk_paths(tree.root_node):
        node = path[-1][0]
        kind = node.type
        if (kind == "identifier" or kind == "shorthand_property_identifier_pattern") and _is_binding(path):
            bound.add(text(node))
            continue
        if (kind == "identifier" or kind == "shorthand_property_identifier") and not _under_typeof(path):
            references.append((node, text(node)))
    return frozenset(bound), references


def bound_names(tree: Tree) -> frozenset[str]:
    """Every name the source declares anywhere (variables, functions, classes, params, imports)."""
    return _names(tree)[0]


def free_references(tree: Tree) -> list[Node]:
    """Identifiers read or assigned that no declaration in the source binds (`typeof x` excluded)."""
    bound, references = _names(tree)
    return [node for node, name in references if name not in bound]


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
    for imp in body_imports(body):
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
    imports = body_imports(body)
    if imports:
        return imports[-1].node.end_point[0] + 2
    lines = body.split("\n")
    line = 1
    while line <= len(lines) and lines[line - 1].lstrip().startswith("//"):
        line += 1
    return line
