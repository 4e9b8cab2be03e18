"""Live diagnostics: what the editor marks while a person types.

The studio never invents its own checks: every finding comes from
`core.codenode.validate_node` (the same static checks the command line runs,
with the node's saved package declarations and its inputs and handles), so
the editor and `cordon` cannot disagree; the editor adds the TypeScript
checker's findings (`TypeFinding`), which `cordon lsp` publishes too. This
module only calls the checks safely and says the result in one line.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from core import problem_line
from core.codenode import CodeNodeDocument, validate_node
from core.packs import Catalog
from core.validate import Diagnostic
from gui.dialogs.common import plural

logger = logging.getLogger(__name__)

SEVERITIES = ("error", "warning", "info")
#: Where a finding comes from, as the Problems list's Source column says it: the checks `cordon
#: validate` runs, or the TypeScript checker (`core.typescript`, the service `cordon lsp` serves).
CHECKS, TYPESCRIPT = "cordon", "typescript"

__all__ = ["CHECKS", "SEVERITIES", "TYPESCRIPT", "Diagnostic", "TypeFinding", "diagnose", "label", "source", "summary"]


@dataclass(frozen=True)
class TypeFinding(Diagnostic):
    """A finding of the TypeScript checker (rule `ts<code>`): an error of a TypeScript body, or a
    warning of a JavaScript one, whose inference guesses and never stops a run."""


def source(diag: Diagnostic) -> str:
    """Who found `diag`: the checks or the TypeScript checker."""
    return TYPESCRIPT if isinstance(diag, TypeFinding) else CHECKS


def diagnose(doc: CodeNodeDocument, catalog: Catalog | None) -> list[Diagnostic]:
    """Every finding for the document (without a catalog yet, pack checks look at form only)."""
    try:
        found = validate_node(doc, catalog=catalog)
        if doc.language == "typescript":  # the JavaScript parser misreads types; the TypeScript checker says syntax
            found = [d for d in found if d.rule != "syntax-error"]
        return found
    except Exception as exc:  # a checker bug must not take the editor down with it
        logger.exception("the checks failed on the document")
        return [Diagnostic(None, None, "info", "validator-failed", f"the checks could not run: {exc}")]


def label(diag: Diagnostic) -> str:
    """One finding as a line, in the shape every problem list uses (`core.rules.problem_line`)."""
    where = f"{diag.line}:{diag.column}" if diag.line is not None else "node"
    return problem_line(diag.message, diag.rule, where=where, severity=diag.severity)


def summary(diagnostics: Sequence[Diagnostic]) -> str:
    """ "2 errors, 1 warning" (or "No problems")."""
    parts = []
    for severity in SEVERITIES:
        n = sum(1 for d in diagnostics if d.severity == severity)
        if n:
            parts.append(plural(n, severity))
    return ", ".join(parts) or "No problems"
