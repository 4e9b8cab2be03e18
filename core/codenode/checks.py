"""Static checks of a Code node *document*: its body against its declared inputs and handles.

They plug into `core.validate.validate_code(checks=NODE_CHECKS, extra={NODE_KEY: doc})`
next to the body checks every run shares (syntax, imports, bare reads), and
read the same tree. What they report is what a run would hit, or quietly get
wrong: an `inputs.x` the node does not declare (always `undefined`), an
`emit`/`output` on an undeclared handle (throws), a connected stream read
through `inputs.` in a streaming body (refused), a declared handle nothing
writes (downstream waits for nothing), and the legacy return contract.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from core.codenode import contract, streams
from core.codenode.analysis import BodyFacts, Use, analyse_tree
from core.codenode.contract import DEPRECATION
from core.codenode.document import CodeNodeDocument
from core.packs.catalog import Catalog
from core.validate import Check, CodeContext, Diagnostic, validate_code

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


def _at(use: Use, severity: str, rule: str, message: str) -> Diagnostic:
    return Diagnostic(use.line, use.column, severity, rule, message)  # type: ignore[arg-type]


def check_input_reads(ctx: CodeContext) -> Iterable[Diagnostic]:
    """`inputs.x` must be declared; in a streaming body a streamed handle is read with stream(x)."""
    doc, facts = _node(ctx)
    streamed = {use.name for use in facts.streamed} if facts.streaming else set()
    for use in facts.input_reads:
        if use.name not in doc.input_names:
            yield _at(use, "error", "undeclared-input", f"inputs.{use.name} is not a declared input of this node "
                      f"(declared: {_declared(doc.input_names)}); it is always undefined")
        elif use.name in streamed:
            yield _at(use, "error", "stream-input-read", f"inputs.{use.name} in a body that streams it: a connected "
                      f"handle is read with stream(\"{use.name}\"); inputs holds only its configured value")


def check_stream_names(ctx: CodeContext) -> Iterable[Diagnostic]:
    doc, facts = _node(ctx)
    for use in facts.streamed:
        if use.name not in doc.input_names:
            yield _at(use, "error", "undeclared-input", f"stream(\"{use.name}\"): '{use.name}' is not a declared "
                      f"input of this node (declared: {_declared(doc.input_names)})")


def check_handles(ctx: CodeContext) -> Iterable[Diagnostic]:
    """Every written handle is declared; every declared handle is written by some call."""
    doc, facts = _node(ctx)
    for use in facts.written_handles:
        if use.name not in doc.output_names:
            yield _at(use, "error", "undeclared-handle", f"'{use.name}' is not a declared output handle of this "
                      f"node (declared: {_declared(doc.output_names)})")
    if facts.legacy or facts.dynamic_writes:
        return  # a returned object or a computed handle name may write any of them
    written = {use.name for use in facts.written_handles}
    for name in doc.output_names:
        if name not in written:
            yield Diagnostic(None, None, "warning", "handle-never-written",
                             f"output handle '{name}' is declared but no emit() or output() call writes it")


def check_legacy(ctx: CodeContext) -> Iterable[Diagnostic]:
    _, facts = _node(ctx)
    if facts.legacy and ctx.code.strip():
        yield Diagnostic(None, None, "warning", "legacy-contract", DEPRECATION)


NODE_CHECKS: tuple[Check, ...] = (check_input_reads, check_stream_names, check_handles, check_legacy)


def validate_node(doc: CodeNodeDocument, *, catalog: Catalog | None = None,
                  allowed: Collection[str] | None = None) -> list[Diagnostic]:
    """A Code node document: the body checks with the node's saved package declarations, then
    its inputs and handles. It lives here, not in `core.validate`, so the generic body checks
    never import the Code node (which plugs its checks into them)."""
    return validate_code(doc.body, catalog=catalog, allowed=allowed, declarations=list(doc.packages),
                         surfaces=(contract.SURFACE, streams.SURFACE), caller_globals=("inputs", "state"),
                         checks=NODE_CHECKS, extra={NODE_KEY: doc})
