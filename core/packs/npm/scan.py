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

from collections.abc import Collection
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


def _tests_typeof(test: Node | None, name: str | None) -> bool:
    if test is None:
        return False
    for node in jsparse.walk(test):
        if node.type == "unary_expression":
            argument = node.child_by_field_name("argument")
            if _operator(node) == "typeof" and argument is not None and name in (None, jsparse.text(argument)):
                return True
    return False


def _operator(node: Node) -> str:
    operator = node.child_by_field_name("operator")
    return "" if operator is None else jsparse.text(operator)


def _guarded(ref: Reference) -> bool:
    return typeof_guarded(ref.node, ref.name)


def typeof_guarded(node: Node, name: str | None = None) -> bool:
    """True inside the branch of an `if`, `?:`, `&&` or `||` whose test checks `typeof <name>` (any name
    when None): code that runs only where the environment has, or lacks, something."""
    child = node
    parent = child.parent
    while parent is not None:
        branches = _BRANCHES.get(parent.type, ())
        logical = parent.type != "binary_expression" or _operator(parent) in ("&&", "||")
        if (
            logical
            and any(parent.child_by_field_name(b) == child for b in branches)
            and _tests_typeof(parent.child_by_field_name(_TESTS[parent.type]), name)
        ):
            return True
        child, parent = parent, parent.parent
    return False


@dataclass(frozen=True)
class CodeGeneration:
    """A call that compiles code from strings: `Function(...)`, `new Function(...)`, `Function.call/apply`
    or `eval(...)`, directly or through a local alias (`const F = Function; new F(...)`).

    `computed`: the code is built at run time (an argument is not a string literal): the library compiles
    code of its own making. `feature_test`: literal code inside a `try` whose `catch` does not throw: the
    library checks whether code generation works, so it has a way on without it.
    """

    file: str
    line: int
    computed: bool
    feature_test: bool
    #: The name of the nearest named function around the call (a function, variable, method or property
    #: name) and the byte offset of the node that names it; None at top level or inside anonymous code only.
    owner: str | None = None
    owner_at: int = -1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


def _literal(node: Node) -> bool:
    if node.type == "string":
        return True
    if node.type == "template_string":
        return not any(c.type == "template_substitution" for c in node.named_children)
    return node.type == "array" and all(_literal(c) for c in node.named_children)


def _call_of(node: Node) -> tuple[Node, list[Node]] | None:
    """The call or `new` that `node` (a name of Function or eval) is the callee of, and its code arguments."""
    parent = node.parent
    if parent is None:
        return None
    field = {"call_expression": "function", "new_expression": "constructor"}.get(parent.type)
    if field is not None and parent.child_by_field_name(field) == node:
        args = parent.child_by_field_name("arguments")
        return parent, [] if args is None else [c for c in args.named_children if c.type != "comment"]
    prop = parent.child_by_field_name("property") if parent.type == "member_expression" else None
    call = parent.parent
    if (
        prop is not None
        and parent.child_by_field_name("object") == node
        and jsparse.text(prop) in ("call", "apply")
        and call is not None
        and call.type == "call_expression"
        and call.child_by_field_name("function") == parent
    ):
        args = call.child_by_field_name("arguments")
        return call, [] if args is None else [c for c in args.named_children if c.type != "comment"][1:]
    return None


def naming_node(function: Node) -> Node | None:
    """What names a function: its own name, the variable, property or key it is assigned to."""
    name = function.child_by_field_name("name")
    if name is not None:
        return name
    parent = function.parent
    if parent is None:
        return None
    if parent.type == "variable_declarator" and parent.child_by_field_name("value") == function:
        target = parent.child_by_field_name("name")
    elif parent.type == "assignment_expression" and parent.child_by_field_name("right") == function:
        target = parent.child_by_field_name("left")
        if target is not None and target.type == "member_expression":
            target = target.child_by_field_name("property")
    elif parent.type == "pair" and parent.child_by_field_name("value") == function:
        target = parent.child_by_field_name("key")
    elif parent.type == "field_definition":
        target = parent.child_by_field_name("property")
    else:
        return None
    return target if target is not None and target.type in ("identifier", "property_identifier") else None


def _owner(node: Node) -> Node | None:
    """The naming node of the nearest named function around `node` (anonymous callbacks belong to it)."""
    current = node.parent
    while current is not None:
        if current.type in jsparse.FUNCTION_NODES:
            named = naming_node(current)
            if named is not None:
                return named
        current = current.parent
    return None


def _in_tolerant_try(node: Node) -> bool:
    """True inside a `try` block (of the same function) whose `catch` does not throw."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in jsparse.FUNCTION_NODES:
        if parent.type == "try_statement" and parent.child_by_field_name("body") == child:
            handler = parent.child_by_field_name("handler")
            return handler is not None and not any(n.type == "throw_statement" for n in jsparse.walk(handler))
        child, parent = parent, parent.parent
    return False


def code_generation(analysis: Analysis, file: str) -> list[CodeGeneration]:
    """Every place the module compiles code from strings (see CodeGeneration)."""
    callees: list[Node] = []
    for ref in analysis.free():
        if ref.name not in CODE_GENERATION:
            continue
        callees.append(ref.node)
        declarator = ref.node.parent
        name = declarator.child_by_field_name("name") if declarator is not None else None
        if (
            declarator is not None
            and declarator.type == "variable_declarator"
            and declarator.child_by_field_name("value") == ref.node
            and name is not None
            and name.type == "identifier"
        ):
            alias = ref.scope.lookup(jsparse.text(name))
            if alias is not None:
                callees.extend(use.node for use in analysis.uses_of(alias))
    sites = []
    for callee in callees:
        found = _call_of(callee)
        if found is None:
            continue
        call, args = found
        computed = not all(_literal(a) for a in args)
        owner = _owner(call) if computed else None
        sites.append(
            CodeGeneration(
                file,
                call.start_point[0] + 1,
                computed,
                not computed and _in_tolerant_try(call),
                None if owner is None else jsparse.text(owner),
                -1 if owner is None else owner.start_byte,
            )
        )
    return sites


def forbidden_globals(analysis: Analysis, file: str, *, defined: Collection[int] = ()) -> list[Finding]:
    """The free references to FORBIDDEN_GLOBALS, but those a define replaces (start bytes in `defined`)."""
    findings = []
    for ref in analysis.free():
        if ref.name in FORBIDDEN_GLOBALS and ref.node.start_byte not in defined:
            hard = not (ref.under_typeof or _guarded(ref))
            findings.append(Finding(ref.name, file, ref.line, hard))
    return findings
