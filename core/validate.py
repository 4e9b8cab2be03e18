"""Static checks of a Code-node body, shared by `cordon validate` and the editor.

What a run would hit, found without running: invalid JavaScript, a top-level
`export`, dynamic `import()`, an import no installed (or no allowed) pack
serves, a bare read of a name that is neither a sandbox API nor declared in
the body (inputs live on `inputs`), and the package-declaration checks of
the design (unknown specifier, declared-but-unused, version and content drift,
an import missing from the declarations).

It is a courtesy layer: the loader and the engine hold the boundary at run
time. Every check is a function of a `CodeContext` returning diagnostics;
`validate_code(checks=...)` appends more (the Code node adds its
inputs/handles checks there), so one tree is parsed once for all of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from tree_sitter import Node, Tree

from core import jsparse
from core.bridges.base import Surface
from core.packs.catalog import Catalog
from core.packs.status import PackStatus
from core.specifier import (
    RESERVED_SCOPES,
    DeclarationLike,
    canonical_specifier,
    looks_like_pack_specifier,
    specifier_refusal,
)

Severity = Literal["error", "warning", "info"]

#: The JavaScript globals a guest has (QuickJS-ng after the prelude's hardening; a test
#: pins this list to the real guest). `eval`, `Function`, timers and friends are gone.
JS_BUILTINS = frozenset(
    {
        "AggregateError",
        "Array",
        "ArrayBuffer",
        "AsyncDisposableStack",
        "BigInt",
        "BigInt64Array",
        "BigUint64Array",
        "Boolean",
        "DOMException",
        "DataView",
        "Date",
        "DisposableStack",
        "Error",
        "EvalError",
        "FinalizationRegistry",
        "Float16Array",
        "Float32Array",
        "Float64Array",
        "Infinity",
        "Int16Array",
        "Int32Array",
        "Int8Array",
        "InternalError",
        "Iterator",
        "JSON",
        "Map",
        "Math",
        "NaN",
        "Number",
        "Object",
        "Promise",
        "Proxy",
        "RangeError",
        "ReferenceError",
        "Reflect",
        "RegExp",
        "Set",
        "SharedArrayBuffer",
        "String",
        "SuppressedError",
        "Symbol",
        "SyntaxError",
        "TypeError",
        "URIError",
        "Uint16Array",
        "Uint32Array",
        "Uint8Array",
        "Uint8ClampedArray",
        "WeakMap",
        "WeakRef",
        "WeakSet",
        "atob",
        "btoa",
        "decodeURI",
        "decodeURIComponent",
        "encodeURI",
        "encodeURIComponent",
        "escape",
        "globalThis",
        "isFinite",
        "isNaN",
        "parseFloat",
        "parseInt",
        "queueMicrotask",
        "undefined",
        "unescape",
    }
)
#: Valid in the body without being globals (the body runs inside a function).
_BODY_NAMES = frozenset({"arguments"})


#: The fix of an unused package declaration: drop it (and with it the document's consent to that pack).
REMOVE_DECLARATION = "remove-declaration"
#: The fix of an import no pack serves: install the npm library of that name as a pack (`npm:<name>`), which
#: asks for consent first; the studio's one click for `cordon packs install npm:<name>`.
INSTALL_NPM = "install-npm"


@dataclass(frozen=True)
class Fix:
    """A one-click change that resolves a finding: `kind` says what to change, `name` which one.

    The checks that can offer one say so (the Code node's "Declare input 'rows'");
    the caller that owns the document applies it (`core.codenode.apply_fix`).
    """

    kind: str
    name: str
    #: What the button says.
    label: str
    #: A detail of the change (the Code node: the type a declared handle gets).
    detail: str = ""


@dataclass(frozen=True)
class Diagnostic:
    """One finding. `line`/`column` are 1-based; None for findings about the node, not a line."""

    line: int | None
    column: int | None
    severity: Severity
    rule: str
    message: str
    fix: Fix | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.fix is None:
            del data["fix"]
        return data


@dataclass
class CodeContext:
    """Everything a check may read: the body, its one parse tree, and what it runs against."""

    code: str
    tree: Tree
    catalog: Catalog | None
    #: The session allowlist (pack names or specifiers); None: every installed pack counts.
    allowed: Collection[str] | None
    #: The node's saved package declarations; None: the body's imports are the declarations.
    declarations: Sequence[DeclarationLike] | None
    #: Names a bare read may use: JS builtins, the surfaces' globals, the caller's globals.
    known_globals: frozenset[str]
    #: Free-form data extra checks share (the Code node puts its document here).
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def has_syntax_error(self) -> bool:
        return self.tree.root_node.has_error

    def imports(self) -> list[jsparse.StaticImport]:
        return jsparse.static_imports(self.tree)


Check = Callable[[CodeContext], Iterable[Diagnostic]]


def at(node: Node, severity: Severity, rule: str, message: str) -> Diagnostic:
    """A diagnostic at the start of `node`."""
    line, column = node.start_point
    return Diagnostic(line + 1, column + 1, severity, rule, message)


def _from_status(status: PackStatus, node: Node | None) -> Diagnostic:
    fix = _install_fix(status)
    if node is None:
        return Diagnostic(None, None, status.severity, status.rule, status.message, fix)
    line, column = node.start_point
    return Diagnostic(line + 1, column + 1, status.severity, status.rule, status.message, fix)


def _install_fix(status: PackStatus) -> Fix | None:
    """`Install npm:<name>` for a package no pack serves, unless its name is one Cordon reserves."""
    name = status.pack
    if status.rule != "pack-not-installed" or name is None or name.startswith(RESERVED_SCOPES):
        return None
    return Fix(INSTALL_NPM, name, f"Install npm:{name}")


# -- the checks -----------------------------------------------------------------------------
def check_syntax(ctx: CodeContext) -> Iterable[Diagnostic]:
    """One syntax error, in the engine's words (what a run would say), at tree-sitter's column when both name
    the same line; tree-sitter's own words when the engine accepts the text (its grammar is the looser one)."""
    node = jsparse.syntax_error_node(ctx.tree)
    if node is None:
        return
    found = at(node, "error", "syntax-error", "")
    engine = _engine_syntax_error(ctx)
    if engine is not None:
        line, message = engine
        column = _engine_column(ctx.code, line, message, found.column if line == found.line else None)
        yield Diagnostic(line, column, "error", "syntax-error", f"SyntaxError: {message}")
        return
    near = " ".join(jsparse.text(node).split())[:40]
    what = f"missing {node.type}" if node.is_missing else f"unexpected {near!r}" if near else "unexpected input"
    yield Diagnostic(found.line, found.column, "error", "syntax-error", f"invalid JavaScript: {what}")


def _engine_syntax_error(ctx: CodeContext) -> tuple[int, str] | None:
    """(1-based line, message) of the engine's SyntaxError for the body, or None.

    Only a body tree-sitter already refused pays for this (~5 ms): the body is compiled behind a leading
    `return;`, so nothing of it runs, and its import lines are blanked (the loader, not the parser, owns them).
    """
    from core import run_in_sandbox  # the engine loads only for a body with a syntax error

    lines = ctx.code.split("\n")
    for imp in ctx.imports():
        for n in range(imp.node.start_point[0], imp.node.end_point[0] + 1):
            lines[n] = ""
    result = run_in_sandbox("return;\n" + "\n".join(lines))
    error = result.error
    if result.ok or error is None or error.name != "SyntaxError" or not error.line or error.line < 2:
        return None
    return error.line - 1, error.message


#: The token the engine's message names ("Unexpected token ';'", "unexpected token in expression: ';'").
_TOKEN = re.compile(r"token(?: in expression)?:? '(.+)'$", re.IGNORECASE)


def _engine_column(code: str, line: int, message: str, near: int | None) -> int:
    """The engine gives a line only: the column of the token its message names, searched from tree-sitter's
    column (`near`, when it saw the same line); else that column; else the line's first character."""
    lines = code.split("\n")
    text = lines[line - 1] if line <= len(lines) else ""
    if message == "unexpected end of input":  # the body ends unfinished: point just past its last code
        return len(text.rstrip()) + 1
    start = (near or 1) - 1
    token = _TOKEN.search(message)
    if token is not None and (at := text.find(token.group(1), start)) >= 0:
        return at + 1
    return near if near is not None else len(text) - len(text.lstrip()) + 1


def check_exports(ctx: CodeContext) -> Iterable[Diagnostic]:
    for child in ctx.tree.root_node.children:
        if child.type == "export_statement":
            yield at(
                child,
                "error",
                "top-level-export",
                "a Code node body cannot `export`; use `return`, `emit()` or `output()` to produce results",
            )


def check_dynamic_imports(ctx: CodeContext) -> Iterable[Diagnostic]:
    for node in jsparse.dynamic_import_calls(ctx.tree):
        yield at(
            node,
            "error",
            "dynamic-import",
            "dynamic import() is refused in the sandbox; use a static "
            '`import ... from "<pack>"` at the top of the body',
        )


def check_imports(ctx: CodeContext) -> Iterable[Diagnostic]:
    """Each static import must name a pack that is installed and allowed (whether the Code node's document
    declares it is the node's check: `core.codenode.checks`)."""
    for imp in ctx.imports():
        spec = imp.specifier
        refusal = specifier_refusal(spec)  # the loader's own verdict, word for word
        if refusal is not None:
            yield at(imp.node, "error", refusal.rule, refusal.message)
            continue
        if not looks_like_pack_specifier(spec):
            yield at(
                imp.node,
                "error",
                "import-not-a-pack",
                f"import '{spec[:200]}': it is not a pack specifier; "
                "import a sandbox pack by its specifier (<package> or <package>/<module>)",
            )
            continue
        if ctx.catalog is not None:
            problem = ctx.catalog.check(spec, allowed=ctx.allowed)
            if problem is not None:
                yield _from_status(problem, imp.node)


def check_declarations(ctx: CodeContext) -> Iterable[Diagnostic]:
    """The node's saved declarations: each must resolve; unused ones and drift warn."""
    if ctx.declarations is None:
        return
    imported = {canonical_specifier(imp.specifier) for imp in ctx.imports()}
    for declaration in ctx.declarations:
        spec = declaration.specifier
        if ctx.catalog is not None:
            problem = ctx.catalog.check(spec, allowed=ctx.allowed)
            if problem is not None:
                if canonical_specifier(spec) not in imported:  # an imported one is already reported at its line
                    yield _from_status(problem, None)
                continue
            for drift in ctx.catalog.drift(declaration):
                yield _from_status(drift, None)
        if canonical_specifier(spec) not in imported:
            yield Diagnostic(
                None,
                None,
                "warning",
                "declaration-unused",
                f"'{spec}' is declared in the node's packages but the body never imports it",
                Fix(REMOVE_DECLARATION, spec, f"Remove declaration '{spec}'"),
            )


def check_bare_reads(ctx: CodeContext) -> Iterable[Diagnostic]:
    """A free name that is neither a sandbox API nor declared throws ReferenceError at run time."""
    if ctx.has_syntax_error:
        return  # an error-recovered tree would produce noise
    reported: set[str] = set()
    for node in jsparse.free_references(ctx.tree):
        name = jsparse.text(node)
        if name in ctx.known_globals or name in _BODY_NAMES or name in reported:
            continue
        reported.add(name)
        yield at(
            node,
            "error",
            "undeclared-name",
            f"'{name}' is not defined: it is neither a sandbox API nor "
            f"declared in the body (a node's inputs live on `inputs`: use inputs.{name})",
        )


#: Methods whose value is a `sandbox://media/` handle, which ends with its run (a canvas's `toImage()`);
#: `media.toImage/toAudio/toVideo` return assets and are left out.
_HANDLE_MAKERS = {"toImage": "image", "toAudio": "audio", "toVideo": "video"}
_FUNCTIONS = frozenset(
    {"function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function"}
)


def _handle_call(node: Node) -> tuple[Node, str] | None:
    """(the call, its media kind) when `node`, under `await` and parentheses, makes a media handle."""
    while node.type in ("await_expression", "parenthesized_expression") and node.named_child_count:
        node = node.named_children[0]
    callee = node.child_by_field_name("function") if node.type == "call_expression" else None
    if callee is None or callee.type != "member_expression":
        return None
    prop, obj = callee.child_by_field_name("property"), callee.child_by_field_name("object")
    kind = _HANDLE_MAKERS.get(jsparse.text(prop)) if prop is not None else None
    if kind is None or (obj is not None and jsparse.text(obj) == "media"):
        return None
    return node, kind


def _in_function(node: Node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type in _FUNCTIONS:
            return True
        parent = parent.parent
    return False


def check_returned_handles(ctx: CodeContext) -> Iterable[Diagnostic]:
    """A media handle the body returns or outputs ends with its run: the studio cannot preview it and
    nothing downstream can read it. `<kind>.toAsset(...)` keeps it."""
    for node in jsparse.walk(ctx.tree.root_node):
        if node.type == "return_statement" and not _in_function(node):
            values = node.named_children[:1]
        elif node.type == "call_expression":
            callee, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            is_result = callee is not None and jsparse.text(callee) in ("output", "emit")
            values = args.named_children if is_result and args is not None else []
        else:
            continue
        for value in values:
            found = _handle_call(value)
            if found is None:
                continue
            call, kind = found
            yield at(
                call,
                "warning",
                "media-handle-returned",
                f"`{jsparse.text(call)[:60]}` gives a {kind} handle, which ends with the run: the outputs panel "
                f"cannot preview it and nothing downstream can read it; keep it with "
                f"`await {kind}.toAsset(await {jsparse.text(call)[:60]})`",
            )


BASE_CHECKS: tuple[Check, ...] = (
    check_syntax,
    check_exports,
    check_dynamic_imports,
    check_imports,
    check_declarations,
    check_bare_reads,
    check_returned_handles,
)


def known_globals(surfaces: Sequence[Surface] = (), extra: Iterable[str] = ()) -> frozenset[str]:
    """Builtins + the globals of the standard surfaces and `surfaces` + caller globals `extra`."""
    from core.bridges import standard_surfaces

    names = set(JS_BUILTINS) | set(extra)
    for surface in (*standard_surfaces(), *surfaces):
        names.update(g for g in surface.globals if not g.startswith("__cordon"))
    return frozenset(names)


def validate_code(
    code: str,
    *,
    catalog: Catalog | None = None,
    allowed: Collection[str] | None = None,
    declarations: Sequence[DeclarationLike] | None = None,
    surfaces: Sequence[Surface] = (),
    caller_globals: Iterable[str] = ("inputs",),
    checks: Sequence[Check] = (),
    extra: dict[str, Any] | None = None,
) -> list[Diagnostic]:
    """Every diagnostic of `code`, sorted by position (node-level ones first).

    Without a catalog the pack checks only look at the form of each import.
    """
    try:
        tree = jsparse.parse(code)
    except jsparse.SourceRefused as exc:  # too deep or too large to analyse: the one finding
        return [Diagnostic(exc.line, 1, "error", exc.rule, exc.message)]
    ctx = CodeContext(
        code,
        tree,
        catalog,
        allowed,
        declarations,
        known_globals(surfaces, caller_globals),
        dict(extra or {}),
    )
    found: list[Diagnostic] = []
    for check in (*BASE_CHECKS, *checks):
        found.extend(check(ctx))
    return sorted(found, key=lambda d: (d.line or 0, d.column or 0))


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity == "error" for d in diagnostics)
