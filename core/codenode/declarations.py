"""A Code node's pack declarations: which packs its document allows, and what its body imports.

A document remembers the person's consent to a pack as a declaration in its
`packages` (specifier, resolvedPackVersion, contentDigest). The studio's
picker and consent dialog, the CLI's grant check, the run plan, the runner and
the node's checks all ask the same questions of it, so they are answered here
once:

* `is_declared(doc, spec)`: consent is per pack, not per name, so a declared
  `@cordon/sandbox-x` covers an import of `@nodetool-ai/sandbox-x` and back;
* `imported_packs(body)`: the pack specifiers the body's static imports name,
  found by the parser (`core.jsparse`), never by looking for the word
  "import" (a comment or a string holding it is no import);
* `unallowed_imports(doc)`: what of those the document does not declare;
* `stamp_declaration(doc, module)`: the document with one more declaration;
* `import_line(spec, exports)`: the statement the picker inserts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from core import jsparse
from core.codenode.document import CodeNodeDocument, PackDeclaration
from core.packs.pack import SandboxModule
from core.specifier import DeclarationLike, canonical_specifier, looks_like_pack_specifier

#: Up to this many named exports are imported by name; more get a namespace import.
NAMED_IMPORTS_MAX = 4

Declared = CodeNodeDocument | Iterable[DeclarationLike]


def _declarations(declared: Declared | None) -> Iterable[DeclarationLike]:
    if declared is None:
        return ()
    return declared.packages if isinstance(declared, CodeNodeDocument) else declared


def declaration_of(declared: Declared | None, specifier: str) -> DeclarationLike | None:
    """The saved declaration that covers `specifier` (either name of a pack), or None."""
    wanted = canonical_specifier(specifier)
    return next((d for d in _declarations(declared) if canonical_specifier(d.specifier) == wanted), None)


def is_declared(declared: Declared | None, specifier: str) -> bool:
    """Whether the declarations (a document's, or any list of them) carry consent for `specifier`."""
    return declaration_of(declared, specifier) is not None


def imported_packs(body: str) -> tuple[str, ...]:
    """The pack specifiers the body statically imports, in order, without repeats.

    Anything that is not a pack specifier (`node:fs`, `./x.js`) is left out: the
    loader refuses it by its own rule. A body too deep or too large to parse
    imports nothing here; its run and its validation refuse it by rule.
    """
    seen = dict.fromkeys(i.specifier for i in jsparse.body_imports(body) if looks_like_pack_specifier(i.specifier))
    return tuple(seen)


def unallowed_imports(document: CodeNodeDocument) -> tuple[str, ...]:
    """The packs the body imports that the document does not declare (the consent still to ask for)."""
    return tuple(spec for spec in imported_packs(document.body) if not is_declared(document, spec))


def stamp_declaration(document: CodeNodeDocument, module: SandboxModule) -> CodeNodeDocument:
    """The document with `module` declared, stamped with the installed version and graph digest
    (an earlier declaration of the same pack, under either name, is replaced)."""
    declaration = PackDeclaration(
        specifier=module.specifier, resolvedPackVersion=module.version, contentDigest=module.digest
    )
    wanted = canonical_specifier(module.specifier)
    kept = tuple(p for p in document.packages if canonical_specifier(p.specifier) != wanted)
    return document.model_copy(update={"packages": (*kept, declaration)})


def binding_name(specifier: str) -> str:
    """A JavaScript identifier for a specifier: `@acme/geo-tools/extra` -> `geoToolsExtra`."""
    parts = specifier.split("/")[1:] if specifier.startswith("@") else specifier.split("/")
    words = [w for w in re.split(r"[^A-Za-z0-9]+", " ".join(parts)) if w]
    name = "".join(w if i == 0 else w[:1].upper() + w[1:] for i, w in enumerate(words)) or "pack"
    return f"_{name}" if name[0].isdigit() else name


def import_line(specifier: str, exports: tuple[str, ...] = ()) -> str:
    """The import statement to insert: default, a few named exports, or a namespace."""
    named = [e for e in exports if e != "default"]
    if "default" in exports:
        return f'import {binding_name(specifier)} from "{specifier}";'
    if named and len(named) <= NAMED_IMPORTS_MAX:
        return f'import {{ {", ".join(named)} }} from "{specifier}";'
    return f'import * as {binding_name(specifier)} from "{specifier}";'
