"""`cordon validate FILE [--only-packs SPEC]... [--json]`: static checks of a Code-node body.

FILE may also be a Code node document (`*.node.json`): its body is checked
against the node's saved package declarations, declared inputs and output
handles too (line numbers are the body's).

Prints one line per diagnostic (`FILE:LINE:COL: severity: message [rule]`),
or with `--json` exactly one object `{"ok": bool, "diagnostics": [...]}`.
Exit status: 0 without errors (warnings allowed), 1 with errors, 2 usage.
`--only-packs` restricts which packs count as installed (a session allowlist; it grants nothing);
without it every installed pack does.
"""

from __future__ import annotations

import argparse

from core.cli.common import print_json, read_source, usage_error
from core.codenode.checks import validate_node
from core.codenode.document import SUFFIX, DocumentError, load_document
from core.errors import UsageError
from core.packs import default_catalog
from core.rules import problem_line
from core.validate import Diagnostic, has_errors, validate_code


def main(args: argparse.Namespace) -> int:
    try:
        if str(args.file).endswith(SUFFIX):
            diagnostics = validate_node(load_document(args.file), catalog=default_catalog(), allowed=args.only_packs)
        else:
            diagnostics = validate_code(read_source(args.file), catalog=default_catalog(), allowed=args.only_packs)
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


def format_diagnostic(name: str, d: Diagnostic) -> str:
    where = f"{name}:{d.line}:{d.column}" if d.line is not None else name
    return problem_line(d.message, d.rule, where=where, severity=d.severity)
