"""Static checks of a Code node *document*: its body against its declared inputs and handles.

They plug into `core.validate.validate_code(checks=NODE_CHECKS, extra={NODE_KEY: doc})`
next to the body checks every run shares (syntax, imports, bare reads), and
read the same tree. What they report is what a run would hit, or quietly get
wrong: an `inputs.x` the node does not declare (always `undefined`), an
`emit`/`output` on an undeclared handle (throws), a connected stream read
through `inputs.` in a streaming body (refused), a declared handle nothing
writes (downstream waits for nothing), a secret the node's scope does not
allow (the run refuses it), and the legacy return contract.

Each "not declared" finding carries its one-click fix (`Fix`: declare the
input or output, allow the secret) and `apply_fix` performs it on the
document, so the studio's quick fix and a script's agree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Iterator

from tree_sitter import Node

from core import jsparse
from core.codenode import contract, streams
from core.codenode.analysis import BodyFacts, Use, analyse_tree
from core.codenode.contract import DEPRECATION
from core.codenode.declarations import is_declared
from core.codenode.document import HANDLE_NAME, CodeNodeDocument, InputHandle, OutputHandle
from core.packs.catalog import Catalog
from core.specifier import looks_like_pack_specifier
from core.validate import REMOVE_DECLARATION, Check, CodeContext, Diagnostic, Fix, validate_code

NODE_KEY = "codenode.document"
_FACTS_KEY = "codenode.facts"


def _node(ctx: CodeContext) -> tuple[CodeNodeDocument, BodyFacts]:
    doc = ctx.extra[NODE_KEY]
    facts = ctx.extra.get(_FACTS_KEY)
    if facts is None:
        facts = ctx.extra[_FACTS_KEY] = analyse_tree(ctx.tree)
    return doc, facts


def _declared(names: Iterable[str]) -> str:
    return ", ".join(f"'{n}'" for n in names) or "none"


def _at(use: Use, severity: str, rule: str, message: str, fix: Fix | None = None) -> Diagnostic:
    return Diagnostic(use.line, use.column, severity, rule, message, fix)  # type: ignore[arg-type]


#: Fix kinds: what `apply_fix` changes.
DECLARE_INPUT, DECLARE_OUTPUT, ALLOW_SECRET = "declare-input", "declare-output", "allow-secret"
#: Drop a declared input the body never reads (the starter's `items` after its body was replaced).
REMOVE_INPUT = "remove-input"
#: Rewrite a legacy body's final `return` as `output()` calls (and declare the handles they write).
CONVERT_LEGACY = "convert-legacy"
#: Allow an imported pack in this document: the caller asks the person's consent (the pack's facts, as before
#: a run) and stamps the declaration (`core.codenode.declarations.stamp_declaration`); `apply_fix` cannot.
ALLOW_PACK = "allow-pack"
_HOW = {
    DECLARE_INPUT: "declare it in the Node tab (Inputs) or with the quick fix",
    DECLARE_OUTPUT: "declare it in the Node tab (Outputs) or with the quick fix",
    ALLOW_SECRET: "allow it on the Node tab (Secrets the node may read) or with the quick fix",
}


def fix_for(kind: str, name: str, handle_type: str = "any") -> Fix:
    """The fix; a declared handle gets `handle_type` (what the body's use of it implies, else `any`)."""
    label = {DECLARE_INPUT: "Declare input", DECLARE_OUTPUT: "Declare output", ALLOW_SECRET: "Allow secret"}[kind]
    return Fix(kind, name, f"{label} '{name}'", handle_type if kind != ALLOW_SECRET else "")


def apply_fix(doc: CodeNodeDocument, fix: Fix) -> CodeNodeDocument:
    """`doc` with the fix applied (an input or output of the fix's type, the secret allowed, an unused package
    declaration removed); idempotent."""
    if fix.kind == DECLARE_INPUT and fix.name not in doc.input_names:
        handle = InputHandle.model_validate({"name": fix.name, "type": fix.detail or "any"})
        return doc.model_copy(update={"inputs": (*doc.inputs, handle)})
    if fix.kind == DECLARE_OUTPUT and fix.name not in doc.output_names:
        return doc.model_copy(update={"outputs": (*doc.outputs, OutputHandle(name=fix.name))})
    if fix.kind == ALLOW_SECRET and fix.name not in doc.props.secrets:
        props = doc.props.model_copy(update={"secrets": (*doc.props.secrets, fix.name)})
        return doc.model_copy(update={"props": props})
    if fix.kind == REMOVE_INPUT:
        inputs = tuple(h for h in doc.inputs if h.name != fix.name)
        tests = {k: v for k, v in doc.testInputs.items() if k != fix.name}
        return doc.model_copy(update={"inputs": inputs, "testInputs": tests})
    if fix.kind == REMOVE_DECLARATION:
        return doc.model_copy(update={"packages": tuple(p for p in doc.packages if p.specifier != fix.name)})
    if fix.kind == CONVERT_LEGACY:
        converted = legacy_conversion(doc.body)
        if converted is None:
            return doc
        body, handles = converted
        added = tuple(OutputHandle(name=h) for h in handles if h not in doc.output_names)
        return doc.model_copy(update={"body": body, "outputs": (*doc.outputs, *added)})
    return doc


def legacy_conversion(body: str) -> tuple[str, tuple[str, ...]] | None:
    """A legacy body rewritten to the `output()` contract, and the handles it now writes; None where the
    rewrite is not mechanical.

    It is offered where the contract says exactly what the `return` meant: one `return` outside any
    nested function, the body's last statement, no legacy `yield`. `return {a: 1, b}` writes handles
    `a` and `b` (`await output("a", 1); await output("b", b);`), `return x` the single handle
    `output` (contract.LEGACY_HANDLE), as a run of the legacy body would. An object with a spread, a
    computed key, a method or a repeated key is left alone (its keys are not known before it runs).
    """
    tree = jsparse.parse(body)
    root = tree.root_node
    if root.has_error or jsparse.legacy_yields(tree) or not analyse_tree(tree).legacy:
        return None
    returns = [n for n in _outside_functions(root) if n.type == "return_statement"]
    statements = [n for n in root.named_children if n.type != "comment"]
    if len(returns) != 1 or not statements or statements[-1] != returns[0]:
        return None
    ret = returns[0]
    value = next((c for c in ret.named_children if c.type != "comment"), None)
    if value is None:
        return None
    writes: list[tuple[str, str]] = []
    if value.type == "object":
        for prop in value.named_children:
            if prop.type == "comment":
                continue
            if prop.type == "shorthand_property_identifier":
                writes.append((jsparse.text(prop), jsparse.text(prop)))
                continue
            key, val = prop.child_by_field_name("key"), prop.child_by_field_name("value")
            if prop.type != "pair" or key is None or val is None:
                return None
            name = jsparse.text(key) if key.type == "property_identifier" else jsparse.string_value(key)
            if name is None:
                return None
            writes.append((name, jsparse.text(val)))
    else:
        writes.append((contract.LEGACY_HANDLE, jsparse.text(value)))
    handles = tuple(name for name, _ in writes)
    if len(set(handles)) != len(handles) or not all(re.fullmatch(HANDLE_NAME, h) for h in handles):
        return None  # a key no handle may be named stays for the person to rename
    indent = "\n" + " " * ret.start_point[1]
    calls = indent.join(f"await output({json.dumps(name)}, {expr});" for name, expr in writes)
    data = body.encode("utf-8")
    converted = data[: ret.start_byte] + calls.encode("utf-8") + data[ret.end_byte :]
    return converted.decode("utf-8"), handles


def _outside_functions(node: Node) -> Iterator[Node]:
    """Every node below `node` that no nested function encloses (where a `return` ends the body)."""
    stack = list(node.children)
    while stack:
        current = stack.pop()
        yield current
        if current.type not in jsparse.FUNCTION_NODES and current.type != "class_body":
            stack.extend(current.children)


def check_input_reads(ctx: CodeContext) -> Iterable[Diagnostic]:
    """`inputs.x` must be declared; in a streaming body a streamed handle is read with stream(x)."""
    doc, facts = _node(ctx)
    streamed = {use.name for use in facts.streamed} if facts.streaming else set()
    for use in facts.input_reads:
        if use.name not in doc.input_names:
            yield _at(
                use,
                "error",
                "undeclared-input",
                f"inputs.{use.name} is not a declared input of this node "
                f"(declared: {_declared(doc.input_names)}); it is always undefined: "
                f"{_HOW[DECLARE_INPUT]}",
                fix_for(DECLARE_INPUT, use.name, facts.input_types.get(use.name, "any")),
            )
        elif use.name in streamed:
            yield _at(
                use,
                "error",
                "stream-input-read",
                f"inputs.{use.name} in a body that streams it: a connected "
                f'handle is read with stream("{use.name}"); inputs holds only its configured value',
            )


def check_unread_inputs(ctx: CodeContext) -> Iterable[Diagnostic]:
    """A declared input the body never reads (by name, by stream(), or through `inputs` as a whole) is
    left over, as the starter's `items` once its body is replaced: say so, with a fix that removes it."""
    doc, facts = _node(ctx)
    if facts.inputs_whole or ctx.has_syntax_error:
        return
    read = {use.name for use in facts.input_reads} | {use.name for use in facts.streamed}
    for name in doc.input_names:
        if name not in read:
            yield Diagnostic(
                None,
                None,
                "warning",
                "input-never-read",
                f"input '{name}' is declared but the body never reads it (inputs.{name}); remove it if it is left over",
                Fix(REMOVE_INPUT, name, f"Remove input '{name}'"),
            )


def check_stream_names(ctx: CodeContext) -> Iterable[Diagnostic]:
    doc, facts = _node(ctx)
    for use in facts.streamed:
        if use.name not in doc.input_names:
            yield _at(
                use,
                "error",
                "undeclared-input",
                f"stream(\"{use.name}\"): '{use.name}' is not a declared "
                f"input of this node (declared: {_declared(doc.input_names)}): {_HOW[DECLARE_INPUT]}",
                fix_for(DECLARE_INPUT, use.name),
            )


def check_handles(ctx: CodeContext) -> Iterable[Diagnostic]:
    """Every written handle is declared; every declared handle is written by some call."""
    doc, facts = _node(ctx)
    for use in facts.written_handles:
        if use.name not in doc.output_names:
            yield _at(
                use,
                "error",
                "undeclared-handle",
                f"'{use.name}' is not a declared output handle of this "
                f"node (declared: {_declared(doc.output_names)}): {_HOW[DECLARE_OUTPUT]}",
                fix_for(DECLARE_OUTPUT, use.name),
            )
    if facts.legacy or facts.dynamic_writes:
        return  # a returned object or a computed handle name may write any of them
    written = {use.name for use in facts.written_handles}
    for name in doc.output_names:
        if name not in written:
            yield Diagnostic(
                None,
                None,
                "warning",
                "handle-never-written",
                f"output handle '{name}' is declared but no emit() or output() call writes it",
            )


def check_secret_reads(ctx: CodeContext) -> Iterable[Diagnostic]:
    """A secret read by literal name must be in the node's secrets (`props.secrets`): the run refuses it."""
    doc, facts = _node(ctx)
    reported: set[str] = set()
    for use in facts.secret_reads:
        if use.name in doc.props.secrets or use.name in reported:
            continue
        reported.add(use.name)
        yield _at(
            use,
            "error",
            "undeclared-secret",
            f"secret '{use.name}' is not among the secrets this node may "
            f"read (allowed: {_declared(doc.props.secrets)}), so a run refuses it: {_HOW[ALLOW_SECRET]}",
            fix_for(ALLOW_SECRET, use.name),
        )


def check_legacy(ctx: CodeContext) -> Iterable[Diagnostic]:
    _, facts = _node(ctx)
    if facts.legacy and ctx.code.strip():
        fix = None
        if legacy_conversion(ctx.code) is not None:
            fix = Fix(CONVERT_LEGACY, "", "Convert to output()")
        yield Diagnostic(None, None, "warning", "legacy-contract", DEPRECATION, fix)


def check_declared_imports(ctx: CodeContext) -> Iterable[Diagnostic]:
    """An installed pack the body imports that the document does not allow yet: the next run asks for
    consent to it (the studio) or refuses it without `--allow-package` (the CLI), so it warns with the
    remedy instead of erring with one the person has nowhere to apply."""
    doc, _ = _node(ctx)
    for imp in ctx.imports():
        spec = imp.specifier
        if not looks_like_pack_specifier(spec) or is_declared(doc, spec):
            continue
        if ctx.catalog is not None and ctx.catalog.check(spec, allowed=ctx.allowed) is not None:
            continue  # not installed or not allowed: check_imports already says so at this line
        line, column = imp.node.start_point
        yield Diagnostic(
            line + 1,
            column + 1,
            "warning",
            "import-not-declared",
            f"'{spec}' is not allowed in this document yet: the next run asks for your consent to it "
            f"(or use the quick fix; on the command line: --allow-package {spec})",
            Fix(ALLOW_PACK, spec, f"Allow pack '{spec}'…"),
        )


NODE_CHECKS: tuple[Check, ...] = (
    check_declared_imports,
    check_input_reads,
    check_unread_inputs,
    check_stream_names,
    check_handles,
    check_secret_reads,
    check_legacy,
)


def validate_node(
    doc: CodeNodeDocument, *, catalog: Catalog | None = None, allowed: Collection[str] | None = None
) -> list[Diagnostic]:
    """A Code node document: the body checks with the node's saved package declarations, then
    its inputs and handles. It lives here, not in `core.validate`, so the generic body checks
    never import the Code node (which plugs its checks into them)."""
    return validate_code(
        doc.body,
        catalog=catalog,
        allowed=allowed,
        declarations=list(doc.packages),
        surfaces=(contract.SURFACE, streams.SURFACE),
        caller_globals=("inputs", "state"),
        checks=NODE_CHECKS,
        extra={NODE_KEY: doc},
    )
