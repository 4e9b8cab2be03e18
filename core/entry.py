"""The entry-module transform.

User code is a *body*: `return v` gives the result and top-level `await`
works. It runs as an ES module so packs can be imported, which a function body
cannot do. So the static `import` declarations are hoisted to module level and
the rest becomes the body of a top-level-awaited async IIFE.

Line numbers are the user's: everything added goes on line 1 before their
first line, hoisted imports are rendered on that line (comments dropped, each
token kept), and their original text is blanked with newlines preserved.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from core import jsparse
from core.errors import SandboxRefusal

ENTRY_ID = "cordon:entry"
INTERNAL_ID = "cordon:internal"


@dataclass(frozen=True)
class EntryModule:
    source: str
    specifiers: tuple[str, ...]
    #: 1-based line of each static import, parallel to `specifiers`.
    import_lines: tuple[int, ...] = ()


def _one_line(node: Node) -> str:
    """Render an import declaration on one line: leaves joined, strings atomic."""
    parts: list[str] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "comment":
            continue
        if current.type == "string" or current.child_count == 0:
            parts.append(jsparse.text(current))
            continue
        stack.extend(reversed(current.children))
    line = " ".join(parts)
    return line if line.endswith(";") else line + ";"


def build_entry(code: str, *, global_names: tuple[str, ...] = (), implicit_return: bool = False) -> EntryModule:
    """Build the entry module for `code`. Refuses dynamic `import()` and top-level `export`."""
    tree = jsparse.parse(code)
    dynamic = jsparse.dynamic_imports(tree)
    if dynamic:
        raise SandboxRefusal(
            f"line {dynamic[0]}: dynamic import() is not allowed in the sandbox; "
            "use a static `import ... from \"<pack>\"` at the top of the body",
            rule="dynamic-import", name="SyntaxError", line=dynamic[0])
    for child in tree.root_node.children:
        if child.type == "export_statement":
            raise SandboxRefusal(
                f"line {child.start_point[0] + 1}: a Code node body cannot `export`; "
                "use `return`, `emit()` or `output()` to produce results",
                rule="top-level-export", name="SyntaxError", line=child.start_point[0] + 1)

    body = bytearray(code.encode("utf-8"))
    hoisted: list[str] = []
    imports = jsparse.static_imports(tree)
    for imp in imports:
        hoisted.append(_one_line(imp.node))
        for i in range(imp.node.start_byte, imp.node.end_byte):
            if body[i] not in (0x0A, 0x0D):
                body[i] = 0x20
    if implicit_return:
        _make_last_expression_return(tree, body)

    names = ", ".join(f'"{n}"' for n in global_names)
    if hoisted:
        # The private module evaluates first, so the run is sealed before any pack code runs.
        # begin() runs after every import evaluated and before the body: it removes the
        # temporary bindings pack facades took while loading (prelude.js, C.temporary).
        prefix = (f'import {{ finish as __cordon_finish, begin as __cordon_begin }} from "{INTERNAL_ID}"; '
                  + " ".join(hoisted) + " __cordon_begin(); __cordon_finish(await (async () => {")
    else:
        # Nothing to link: take the same functions inline, sparing a module compile and load.
        prefix = ("const __cordon = globalThis.__cordon_internal; delete globalThis.__cordon_internal; "
                  "__cordon.seal(); __cordon.begin(); const __cordon_finish = __cordon.finish; "
                  "__cordon_finish(await (async () => {")
    source = prefix + body.decode("utf-8") + f"\n}})(), [{names}]);\n"
    return EntryModule(source=source, specifiers=tuple(i.specifier for i in imports),
                       import_lines=tuple(i.line for i in imports))


def _make_last_expression_return(tree: object, body: bytearray) -> None:
    """Legacy Code-node contract: the last top-level expression is the result."""
    statements = [c for c in tree.root_node.children  # type: ignore[attr-defined]
                  if c.type not in ("comment", "import_statement", "empty_statement")]
    if not statements or statements[-1].type != "expression_statement":
        return
    stmt = statements[-1]
    expr = stmt.children[0]
    end = expr.end_byte
    body[end:end] = b")"
    body[expr.start_byte:expr.start_byte] = b"return ("


INTERNAL_SOURCE = """\
const internal = globalThis.__cordon_internal;
delete globalThis.__cordon_internal;
internal.seal();
export const finish = internal.finish;
export const begin = internal.begin;
"""
