"""One declarations module (core/codenode/declarations.py): the studio, the CLI, the runner and the node's
checks ask it whether a document allows a pack, and it finds imports with the parser, never by substring."""

from __future__ import annotations

from core.codenode import CodeNodeDocument, PackDeclaration, imported_packs, is_declared, unallowed_imports
from core.codenode.declarations import stamp_declaration
from core.codenode.runner import resolve_packs
from core.packs import Catalog
from tests.packfixtures import make_pack, roots


def doc(body: str, *packages: str) -> CodeNodeDocument:
    return CodeNodeDocument(body=body, packages=tuple(PackDeclaration(specifier=p) for p in packages))


def test_the_word_import_in_a_comment_or_a_string_is_no_import():
    body = '// import x from "nanoid";\nconst s = "import y from \'zod\'";\nawait output("out", s);'
    assert imported_packs(body) == ()
    assert unallowed_imports(doc(body)) == ()


def test_only_pack_specifiers_count_and_each_once():
    body = 'import a from "nanoid";\nimport fs from "node:fs";\nimport { b } from "nanoid";\nimport c from "./x.js";'
    assert imported_packs(body) == ("nanoid",)


def test_a_declaration_covers_both_names_of_a_shipped_pack():
    body = 'import yaml from "@nodetool-ai/sandbox-yaml";\nimport qr from "@cordon/sandbox-qr";'
    document = doc(body, "@cordon/sandbox-yaml")
    assert is_declared(document, "@nodetool-ai/sandbox-yaml")
    assert is_declared(document.packages, "@cordon/sandbox-yaml")
    assert unallowed_imports(document) == ("@cordon/sandbox-qr",)


def test_stamping_replaces_the_pack_under_either_name(tmp_path):
    _, installed, found = roots(tmp_path)
    make_pack(installed, "@acme/p")
    module = Catalog(found).module("@acme/p")
    assert module is not None
    stamped = stamp_declaration(doc('import p from "@acme/p";', "@acme/p"), module)
    assert [(p.specifier, p.resolvedPackVersion) for p in stamped.packages] == [("@acme/p", module.version)]
    assert unallowed_imports(stamped) == ()


def test_the_runner_resolves_an_import_with_its_saved_declaration(tmp_path):
    _, installed, found = roots(tmp_path)
    make_pack(installed, "@acme/p")
    catalog = Catalog(found)
    drifted = CodeNodeDocument(
        body='import p from "@acme/p";',
        packages=(PackDeclaration(specifier="@acme/p", resolvedPackVersion="0.0.1"),),
    )
    resolution = resolve_packs(drifted, catalog)
    assert resolution is not None
    assert any("0.0.1" in w for w in resolution.warnings)  # the saved declaration's version drift is heard
