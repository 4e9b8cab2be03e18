"""The missing-global scan: references to what the sandbox does not have.

A free reference (bound by nothing in its module, see `scope`) to `process`,
`Buffer`, `require`, `eval`, `Function`, timers, `WebAssembly` or a DOM name
throws a ReferenceError (or the no-eval EvalError) the moment that code runs.
It is not a refusal: the capability-free QuickJS probe is the gate, and a
reference in code the probe does not reach (a Node-only branch, a timer
helper nobody calls) costs nothing until it is called. So every finding is a
warning listing the names and their lines, shown in the consent request and
in `cordon packs show`. A feature-detected use (under `typeof`, or inside
the branch of an `if`, `?:`, `&&` or `||` whose test checks `typeof <name>`)
is reported as such: the author planned for its absence.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from core import jsparse
from core.packs.npm.scope import Analysis, Reference

FORBIDDEN_GLOBALS = frozenset(
    (
        "process",
        "Buffer",
        "require",
        "eval",
        "Function",
        "WebAssembly",
        "setTimeout",
        "setInterval",
        "setImmediate",
        "clearTimeout",
        "clearInterval",
        "clearImmediate",
        "window",
        "document",
        "navigator",
        "location",
        "localStorage",
        "sessionStorage",
        "XMLHttpRequest",
        "HTMLElement",
        "Element",
        "DOMParser",
        "MutationObserver",
        "requestAnimationFrame",
        "cancelAnimationFrame",
        "customElements",
        "alert",
    )
)

#: Names whose use is code generation: the bundle's stand-in (or the engine) refuses it with EvalError.
CODE_GENERATION = frozenset(("eval", "Function"))

_BRANCHES = {
    "binary_expression": ("right",),
    "ternary_expression": ("consequence", "alternative"),
    "if_statement": ("consequence", "alternative"),
}
_TESTS = {"binary_expression": "left", "ternary_expression": "condition", "if_statement": "condition"}


@dataclass(frozen=True)
class Finding:
    name: str
    file: str
    line: int
    hard: bool

    def __str__(self) -> str:
        how = "references" if self.hard else "feature-detects"
        return f"{self.file}:{self.line} {how} '{self.name}', which the sandbox does not have"


#: Places listed per name in a summary line (the rest are counted).
MAX_PLACES = 5


def summarize(findings: list[Finding]) -> list[str]:
    """One warning per (name, kind): the name, where it occurs, and what happens if that code runs."""
    places: dict[tuple[str, bool], list[str]] = {}
    for finding in findings:
        places.setdefault((finding.name, finding.hard), []).append(f"{finding.file}:{finding.line}")
    out = []
    for (name, hard), where in sorted(places.items()):
        listed = ", ".join(where[:MAX_PLACES]) + (
            f" and {len(where) - MAX_PLACES} more" if len(where) > MAX_PLACES else ""
        )
        if hard:
            fails = "an EvalError (no code from strings)" if name in CODE_GENERATION else "a ReferenceError"
            out.append(
                f"references '{name}', which the sandbox does not have, at {listed}; the probe does not "
                f"reach it, and calling that code throws {fails}"
            )
        else:
            out.append(f"feature-detects '{name}', which the sandbox does not have, at {listed}")
    return out


def _tests_typeof(test: Node | None, name: str) -> bool:
    if test is None:
        return False
    for node in jsparse.walk(test):
        if node.type == "unary_expression":
            argument = node.child_by_field_name("argument")
            if _operator(node) == "typeof" and argument is not None and jsparse.text(argument) == name:
                return True
    return False


def _operator(node: Node) -> str:
    operator = node.child_by_field_name("operator")
    return "" if operator is None else jsparse.text(operator)


def _guarded(ref: Reference) -> bool:
    child = ref.node
    parent = child.parent
    while parent is not None:
        branches = _BRANCHES.get(parent.type, ())
        logical = parent.type != "binary_expression" or _operator(parent) in ("&&", "||")
        if (
            logical
            and any(parent.child_by_field_name(b) == child for b in branches)
            and _tests_typeof(parent.child_by_field_name(_TESTS[parent.type]), ref.name)
        ):
            return True
        child, parent = parent, parent.parent
    return False


def forbidden_globals(analysis: Analysis, file: str) -> list[Finding]:
    findings = []
    for ref in analysis.free():
        if ref.name in FORBIDDEN_GLOBALS:
            hard = not (ref.under_typeof or _guarded(ref))
            findings.append(Finding(ref.name, file, ref.line, hard))
    return findings
