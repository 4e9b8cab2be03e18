"""`cordon validate FILE [--only-packs SPEC]... [--json]`: static checks of a Code-node body.

FILE may also be a Code node document (`*.node.json`): its body is checked
against the node's saved package declarations, declared inputs and output
handles too (line numbers are the body's).

Prints one line per diagnostic (`FILE:LINE:COL: severity: message [rule]`),
or with `--json` exactly one object `{"ok": bool, "diagnostics": [...]}`.
Exit status: 0 without errors (warnings allowed), 1 with errors, 2 usage.
`--only-packs` restricts which packs count as installed (a session allowlist; it grants nothing);
without it every installed pack does.

A TypeScript body (a `.ts`/`.mts`/`.cts` file, or a document whose `"language"` is `"typescript"`)
is checked as the JavaScript a run would execute: its types blanked by the same stripper, in the
same capability-less guest (`core.typescript.strip_types`), every line and column kept, so each
finding is where it is in the TypeScript. A construct that needs generated code (an enum, a
namespace, ...) is one error per construct under the rule a run refuses it by.
"""

from __future__ import annotations

import argparse

from core.cli.common import print_json, read_source, usage_error
from core.codenode.checks import validate_node
from core.codenode.document import SUFFIX, DocumentError, load_document
from core.errors import CordonError, UsageError
from core.packs import default_catalog
from core.rules import problem_line
from core.typescript.strip import GENERATED_CODE, UnsupportedSyntax, is_typescript_path, strip_types
from core.validate import Diagnostic, has_errors, validate_code


def main(args: argparse.Namespace) -> int:
    try:
        diagnostics = _diagnostics(args)
    except (UsageError, DocumentError) as exc:
        if args.json:
            print_json({"ok": False, "diagnostics": [], "error": exc.message})
            return 2
        return usage_error(UsageError(exc.message, rule=exc.rule), False)
    failed = has_errors(diagnostics)
    if args.json:
        print_json({"ok": not failed, "diagnostics": [d.to_json() for d in diagnostics]})
    else:
        name = "<stdin>" if args.file in (None, "-") else args.file
        for d in diagnostics:
            print(format_diagnostic(name, d))
        if not diagnostics:
            print(f"{name}: no problems")
    return 1 if failed else 0


def _diagnostics(args: argparse.Namespace) -> list[Diagnostic]:
    if str(args.file).endswith(SUFFIX):
        doc = load_document(args.file)
        if doc.language == "typescript":
            runs = _stripped(doc.body)
            if isinstance(runs, list):
                return runs
            doc = doc.model_copy(update={"body": runs})
        return validate_node(doc, catalog=default_catalog(), allowed=args.only_packs)
    code = read_source(args.file)
    if is_typescript_path(args.file):
        runs = _stripped(code)
        if isinstance(runs, list):
            return runs
        code = runs
    return validate_code(code, catalog=default_catalog(), allowed=args.only_packs)


def format_diagnostic(name: str, d: Diagnostic) -> str:
    where = f"{name}:{d.line}:{d.column}" if d.line is not None else name
    return problem_line(d.message, d.rule, where=where, severity=d.severity)


def _stripped(body: str) -> str | list[Diagnostic]:
    """The JavaScript a run executes for a TypeScript `body`, or the findings that stop it: each
    construct that needs generated code, or the TypeScript guest's failure."""
    try:
        return strip_types(body)
    except UnsupportedSyntax as exc:
        return [
            Diagnostic(u.line, u.column, "error", exc.rule, f"the TypeScript body uses {u.construct}: {GENERATED_CODE}")
            for u in exc.constructs
        ]
    except CordonError as exc:  # the guest failed: nothing was checked, and the output says why
        return [Diagnostic(None, None, "error", exc.rule, exc.message)]
