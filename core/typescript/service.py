"""The language service: TypeScript's own checker answering an editor about one body.

Completion with types and docs, hover, signature help, diagnostics, go to definition and rename,
each for a body and its `BodyContext` (the sandbox, the node's inputs and outputs, the imported
packs). The studio's editor and `cordon lsp` both ask through here, so they cannot disagree.

Positions are 0-based (line, character) with characters counted in UTF-16 code units, as the
Language Server Protocol and TypeScript count them (`utf16_column` converts a Python column).
A TypeScript body's diagnostics are errors; a JavaScript body is checked with inference and its
findings are warnings: they never stop a run (docs/design.md, "TypeScript bodies").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.typescript.context import SANDBOX_FILE, BodyContext
from core.typescript.guest import TypeScriptGuest, shared_guest, typescript_dir

Position = tuple[int, int]

#: Completion entries described with their type and docs in the list: about what a popup shows
#: (the studio's shows 10 rows). Each costs TypeScript's display of its signature, ~2-7 ms for one
#: of date-fns's generic functions on this guest; an LSP client resolves the others one by one.
DETAILED = 12


@dataclass(frozen=True)
class Range:
    start: Position
    end: Position

    @classmethod
    def of(cls, data: dict[str, Any]) -> Range:
        return cls((data["start"]["line"], data["start"]["character"]), (data["end"]["line"], data["end"]["character"]))


@dataclass(frozen=True)
class CompletionItem:
    name: str
    #: TypeScript's kind: "property", "function", "method", "const", "keyword", "module", ...
    kind: str
    #: The entry's type or signature ("(property) a: number"); empty past the first `DETAILED` entries.
    detail: str = ""
    documentation: str = ""


@dataclass(frozen=True)
class Hover:
    range: Range
    signature: str
    documentation: str


@dataclass(frozen=True)
class Signature:
    label: str
    documentation: str
    parameters: tuple[str, ...]


@dataclass(frozen=True)
class SignatureHelp:
    signatures: tuple[Signature, ...]
    active: int
    parameter: int


@dataclass(frozen=True)
class TypeDiagnostic:
    range: Range
    severity: str
    code: int
    message: str


@dataclass(frozen=True)
class Location:
    #: The real file (a pack's source, the sandbox's declarations, the body itself as None).
    path: Path | None
    range: Range


def _as_warning(severity: str) -> str:
    """A JavaScript body's error is a warning: inference guesses, and a run decides."""
    return "warning" if severity == "error" else severity


def utf16_column(line: str, column: int) -> int:
    """A Python column (code points) of `line` as UTF-16 units."""
    return column + sum(1 for ch in line[:column] if ord(ch) > 0xFFFF)


class LanguageService:
    """Questions about one body at a time, answered by the shared TypeScript guest."""

    def __init__(self, guest: TypeScriptGuest | None = None) -> None:
        self._guest = guest or shared_guest()

    def warm(self) -> None:
        """Start the guest now (and build the snapshot later processes start from), so a first answer is quick."""
        self._guest.warm()

    def _ask(self, op: str, body: str, ctx: BodyContext, **fields: Any) -> Any:
        files = {**ctx.files(), ctx.body_file: body}
        return self._guest.request(op, files=files, packs=dict(ctx.packs), file=ctx.body_file, **fields)

    def diagnostics(self, body: str, ctx: BodyContext) -> list[TypeDiagnostic]:
        found = self._ask("diagnostics", body, ctx)
        severity = (lambda s: s) if ctx.language == "typescript" else _as_warning
        return [TypeDiagnostic(Range.of(d), severity(d["severity"]), d["code"], d["message"]) for d in found]

    def completion(
        self, body: str, ctx: BodyContext, at: Position, *, details: int = DETAILED, limit: int = 100
    ) -> list[CompletionItem]:
        """What fits at `at`, best first, at most `limit`; the first `details` with their type and docs."""
        found = self._ask("completion", body, ctx, line=at[0], character=at[1], details=details, limit=limit)
        return [
            CompletionItem(i["name"], i["kind"], i.get("detail", ""), i.get("documentation", ""))
            for i in found["items"]
        ]

    def completion_details(self, body: str, ctx: BodyContext, at: Position, name: str) -> CompletionItem | None:
        """One entry with its type and docs (an LSP client resolves entries past the first few)."""
        found = self._ask("completion", body, ctx, line=at[0], character=at[1], details=1, only=name)
        items = [i for i in found["items"] if i["name"] == name]
        if not items:
            return None
        i = items[0]
        return CompletionItem(i["name"], i["kind"], i.get("detail", ""), i.get("documentation", ""))

    def export_types(self, body: str, ctx: BodyContext, specifier: str) -> dict[str, str] | None:
        """Each export of a pack the body imports, with the type the checker gives it."""
        found: dict[str, str] | None = self._ask("exportTypes", body, ctx, specifier=specifier)
        return found

    def hover(self, body: str, ctx: BodyContext, at: Position) -> Hover | None:
        found = self._ask("hover", body, ctx, line=at[0], character=at[1])
        if not found:
            return None
        return Hover(Range.of(found), found["signature"], found["documentation"])

    def signature_help(self, body: str, ctx: BodyContext, at: Position) -> SignatureHelp | None:
        found = self._ask("signature", body, ctx, line=at[0], character=at[1])
        if not found:
            return None
        signatures = tuple(
            Signature(s["label"], s["documentation"], tuple(p["label"] for p in s["parameters"]))
            for s in found["signatures"]
        )
        return SignatureHelp(signatures, found["active"], found["parameter"])

    def definition(self, body: str, ctx: BodyContext, at: Position) -> list[Location]:
        """Where a name is declared: the body itself (path None), a pack's source or the sandbox's
        declarations (real, read-only files). Declarations with no file on disk (the node's
        generated inputs, a host pack's generated types, the standard library) are left out."""
        found = self._ask("definition", body, ctx, line=at[0], character=at[1])
        out = []
        for d in found:
            name = d["file"]
            if name == ctx.body_file:
                path = None
            elif name == SANDBOX_FILE:
                path = typescript_dir() / "sandbox.d.ts"
            elif name in ctx.real_paths:
                path = ctx.real_paths[name]
            else:
                continue
            out.append(Location(path, Range.of(d)))
        return out

    def rename(self, body: str, ctx: BodyContext, at: Position) -> list[Range]:
        """Every place in the body a name declared in the body appears; [] for a name declared
        elsewhere (the sandbox, a pack, the inputs), which a body cannot rename."""
        found = self._ask("rename", body, ctx, line=at[0], character=at[1])
        return [Range.of(r) for r in found["edits"]]
