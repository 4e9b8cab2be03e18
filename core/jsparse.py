"""One JavaScript parser for the whole of Cordon (tree-sitter).

The entry transform, static validation, pack discovery and the editor's
diagnostics all read the same tree, so they cannot disagree about what a
body imports. tree-sitter is error-tolerant: exact syntax errors come from
QuickJS compiling the module, with the user's own line numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import tree_sitter_javascript
from tree_sitter import Language, Node, Parser, Tree


@lru_cache(maxsize=1)
def _language() -> Language:
    return Language(tree_sitter_javascript.language())


def parse(source: str) -> Tree:
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


def string_value(node: Node) -> str | None:
    """The value of a plain string literal node (no escapes decoded beyond the basics)."""
    if node.type != "string":
        return None
    raw = text(node)[1:-1]
    if "\\" in raw:
        return raw.encode("utf-8").decode("unicode_escape")
    return raw


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


def dynamic_imports(tree: Tree) -> list[int]:
    """1-based lines of every `import(...)` expression, anywhere."""
    lines = []
    for node in walk(tree.root_node):
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            if fn is not None and fn.type == "import":
                lines.append(node.start_point[0] + 1)
    return lines


def first_syntax_error(tree: Tree) -> int | None:
    """1-based line of the first ERROR/MISSING node, if the tree has one."""
    if not tree.root_node.has_error:
        return None
    for node in walk(tree.root_node):
        if node.type == "ERROR" or node.is_missing:
            return node.start_point[0] + 1
    return None
