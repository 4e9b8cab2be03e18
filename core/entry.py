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
from functools import lru_cache

from tree_sitter import Node, Tree

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
    #: 1-based lines of the body's dynamic `import()` calls (the loader refuses each when it runs).
    dynamic_import_lines: tuple[int, ...] = ()
    #: The body as written: a syntax error past its end is explained in its terms (`syntax_error_in_body`).
    code: str = ""

    def syntax_error_in_body(self, message: str, line: int | None) -> tuple[str, int | None]:
        """(message, line) of the engine's SyntaxError as the body's own.

        What the entry module adds after the body starts on the line after its last (see the module
        docstring), so an error past that line is about the wrapper's tokens: the parser met the
        wrapper's `}` because the body ended unfinished (`return (1 +`: "unexpected end of input", as
        Node says, at the body's last line of code) or because the body closed a bracket it never
        opened (tree-sitter finds that stray `}` or `)` in the body: "unexpected token" there).
        """
        lines = self.code.split("\n")
        if line is None or line <= len(lines):
            return message, line
        stray = jsparse.syntax_error_node(jsparse.parse(self.code))
        if stray is not None and stray.type == "ERROR" and jsparse.text(stray)[:1] in ("}", ")", "]"):
            return f"unexpected token '{jsparse.text(stray)[0]}'", stray.start_point[0] + 1
        last = max((n for n, text in enumerate(lines, 1) if text.strip()), default=1)
        return "unexpected end of input", last


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


@lru_cache(maxsize=16)
def build_entry(code: str, *, global_names: tuple[str, ...] = (), legacy: bool = False) -> EntryModule:
    """Build the entry module for `code`. Refuses top-level `export`. A function of its arguments
    alone with a frozen result, kept for the last few bodies: a studio re-runs the same body, and the
    transform was ~50 us of a ~0.9 ms run.

    A dynamic `import()` compiles: the loader refuses it when it runs, as an
    error the body can catch (the reference's behaviour; see the engine's
    loader). `legacy` applies the legacy Code node contract: `yield(value)`
    outside a generator becomes a host call, and the last expression is the result.
    """
    tree = jsparse.parse(code)
    for child in tree.root_node.children:
        if child.type == "export_statement":
            raise SandboxRefusal(
                f"line {child.start_point[0] + 1}: a Code node body cannot `export`; "
                "use `return`, `emit()` or `output()` to produce results",
                rule="top-level-export",
                name="SyntaxError",
                line=child.start_point[0] + 1,
            )

    body = bytearray(code.encode("utf-8"))
    hoisted: list[str] = []
    imports = jsparse.static_imports(tree)
    for imp in imports:
        hoisted.append(_one_line(imp.node))
        for i in range(imp.node.start_byte, imp.node.end_byte):
            if body[i] not in (0x0A, 0x0D):
                body[i] = 0x20
    # A legacy body that yields takes the contract's yield function while it is still a temporary
    # global (begin() deletes it): the body calls it by a module-scope name no other code sees.
    take_yield = ""
    if legacy:
        edits, yields = _legacy_edits(tree)
        if yields:
            take_yield = f"const {LEGACY_YIELD} = globalThis.{LEGACY_YIELD}; "
        _apply(body, edits)

    names = ", ".join(f'"{n}"' for n in global_names)
    if hoisted:
        # The private module evaluates first, so the run is sealed before any pack code runs.
        # begin() runs after every import evaluated and before the body: it removes the
        # temporary bindings pack facades took while loading (prelude.js, C.temporary).
        prefix = (
            f'import {{ finish as __cordon_finish, begin as __cordon_begin }} from "{INTERNAL_ID}"; '
            + " ".join(hoisted)
            + f" {take_yield}__cordon_begin(); __cordon_finish(await (async () => {{"
        )
    else:
        # Nothing to link: take the same functions inline, sparing a module compile and load.
        prefix = (
            "const __cordon = globalThis.__cordon_internal; delete globalThis.__cordon_internal; "
            f"__cordon.seal(); {take_yield}__cordon.begin(); const __cordon_finish = __cordon.finish; "
            "__cordon_finish(await (async () => {"
        )
    source = prefix + body.decode("utf-8") + f"\n}})(), [{names}]{', true' if legacy else ''});\n"
    return EntryModule(
        source=source,
        specifiers=tuple(i.specifier for i in imports),
        import_lines=tuple(i.line for i in imports),
        dynamic_import_lines=tuple(jsparse.dynamic_imports(tree)),
        code=code,
    )


#: The guest function a legacy body's `yield(value)` calls (defined by the Code node's contract surface).
LEGACY_YIELD = "__cordon_yield"

#: An edit of the body's UTF-8 bytes: at `start`, replace `length` bytes with `text`.
_Edit = tuple[int, int, bytes]


def _apply(body: bytearray, edits: list[_Edit]) -> None:
    """Apply edits from the end backwards, so each one's offsets still hold. No edit adds a line."""
    for start, length, text in sorted(edits, key=lambda e: e[0], reverse=True):
        body[start : start + length] = text


def _legacy_edits(tree: Tree) -> tuple[list[_Edit], bool]:
    """The legacy contract: `yield(v)` outside a generator calls the host; else the last expression returns.

    Like the reference, a body that yields is not given an implicit return:
    its yielded values are its outputs. Returns the edits and whether the body yields.
    """
    edits: list[_Edit] = []
    for node in jsparse.legacy_yields(tree):
        if any(child.type == "*" for child in node.children):
            continue  # `yield*` outside a generator stays the syntax error it is
        edits.append((node.start_byte, len("yield"), f"{LEGACY_YIELD}(".encode()))
        edits.append((node.end_byte, 0, b")"))
    if edits:
        return edits, True
    last = _last_expression(tree)
    if last is not None:
        edits.append((last.start_byte, 0, b"return ("))
        edits.append((last.end_byte, 0, b")"))
    return edits, False


def _last_expression(tree: Tree) -> Node | None:
    """The last top-level statement's expression, when it is one.

    A trailing `{ msg }` or `{ a, b: 2 }` parses as a block (or not at all)
    at statement level, but the reference returns it as an object literal,
    like `{ k: v }`: a trailing block that reads as an object literal is one.
    """
    statements = [
        c for c in tree.root_node.children if c.type not in ("comment", "import_statement", "empty_statement")
    ]
    if not statements:
        return None
    last = statements[-1]
    if last.type == "expression_statement":
        return last.children[0]
    if last.type == "statement_block" and _is_object_literal(jsparse.text(last)):
        return last
    return None


def _is_object_literal(text: str) -> bool:
    reparsed = jsparse.parse(f"({text})").root_node
    if reparsed.has_error or reparsed.named_child_count != 1:
        return False
    statement = reparsed.named_children[0]
    expr = statement.named_children[0] if statement.type == "expression_statement" else None
    return (
        expr is not None
        and expr.type == "parenthesized_expression"
        and expr.named_child_count == 1
        and expr.named_children[0].type == "object"
    )


INTERNAL_SOURCE = """\
const internal = globalThis.__cordon_internal;
delete globalThis.__cordon_internal;
internal.seal();
export const finish = internal.finish;
export const begin = internal.begin;
"""
