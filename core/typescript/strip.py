"""A TypeScript body becomes JavaScript by blanking its types: every line and column stays where it was.

Types are replaced by spaces (Bloomberg's `ts-blank-space` on TypeScript's own parser, the way
Node strips types), so a runtime error, a stack trace and an editor mark in the JavaScript that
runs point at the same line and column of the TypeScript the person wrote. Constructs that need
generated code (enums, namespaces, parameter properties, `import = require`, `export =`, `<T>x`
assertions, decorators) are refused by one named rule, `typescript-unsupported-syntax`, naming
each one and its line: transforming them would move code and break that promise.
Measured against `transpileModule` in docs/design.md, "TypeScript bodies".
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import SandboxRefusal

#: The languages a body may be written in (`"language"` of a node document).
LANGUAGES = ("javascript", "typescript")
#: Why a construct is refused and what to write instead (a run's refusal and each `cordon validate` finding).
GENERATED_CODE = (
    "these need generated code, and Cordon only strips types (write a const object for an enum, a "
    "module-level object for a namespace, plain assignments for parameter properties)"
)


@dataclass(frozen=True)
class Unsupported:
    """One construct that needs generated code ("an enum"), at its 1-based line and column."""

    construct: str
    line: int
    column: int


class UnsupportedSyntax(SandboxRefusal):
    """The refusal of a body that uses constructs needing generated code; `constructs` names each
    where it is, so `cordon validate` marks every one and a run's error points at the first line."""

    rule = "typescript-unsupported-syntax"

    def __init__(self, message: str, constructs: tuple[Unsupported, ...]) -> None:
        super().__init__(message, line=constructs[0].line)
        self.constructs = constructs


def is_typescript_path(path: str | None) -> bool:
    """A body file `cordon run` strips: `.ts`, `.mts`, `.cts`."""
    return bool(path) and str(path).lower().endswith((".ts", ".mts", ".cts"))


def strip_types(source: str) -> str:
    """The JavaScript of a TypeScript body, same lines and columns; a construct that needs code is
    refused (`typescript-unsupported-syntax`, naming each and its line:column, 1-based)."""
    from core.typescript.guest import shared_guest

    answer = shared_guest().request("strip", source=source)
    refused = tuple(Unsupported(r["construct"], r["line"] + 1, r["character"] + 1) for r in answer["refused"])
    if refused:
        named = "; ".join(f"{r.construct} at {r.line}:{r.column}" for r in refused[:5])
        more = f" and {len(refused) - 5} more" if len(refused) > 5 else ""
        raise UnsupportedSyntax(
            f"the TypeScript body uses {named}{more}: {GENERATED_CODE}",
            refused,
        )
    code: str = answer["code"]
    return code


def runnable_body(body: str, language: str = "javascript") -> str:
    """The JavaScript that runs for a body written in `language`."""
    return strip_types(body) if language == "typescript" else body
