"""Types for everything a body can reach, through the real TypeScript service.

The sandbox's declarations agree with the guest's own globals and docs/sandbox-api.md; a node's
inputs and outputs are typed from its document; every export of every shipped pack has a type;
an npm pack's own declarations are kept at install and reach the editor.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core import export_names
from core.codenode import probe_guest_api
from core.codenode.guest_api import CONTRACT_NAMES
from core.packs import Catalog, default_catalog
from core.packs.install import commit_install, prepare_install
from core.packs.install.types_kept import declared_types
from core.typescript.context import BodyContext, Handle, imported_specifiers, pack_context, sandbox_declarations
from core.typescript.service import LanguageService
from tests import install_support
from tests.install_support import publish_package

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry

DOC = Path(__file__).resolve().parent.parent / "docs" / "sandbox-api.md"
#: Globals of the guest that the ES2023 library declares (or that are engine internals no body
#: should be offered): everything else the guest has must be in sandbox.d.ts.
_DECLARED_TOP = re.compile(r"^declare (?:const|function|class|var) ([A-Za-z_$][\w$]*)", re.MULTILINE)


def _declared() -> set[str]:
    return set(_DECLARED_TOP.findall(sandbox_declarations()))


def _unresolved(names: list[str], ctx: BodyContext) -> list[str]:
    """Names the checker cannot find (TS2304 and relatives) in a body that mentions each one."""
    body = "".join(f"void {name};\n" for name in names)
    found = LanguageService().diagnostics(body, ctx)
    return sorted({names[d.range.start[0]] for d in found if d.code in (2304, 2552, 2582)})


def test_every_global_of_the_guest_has_a_type_and_every_declared_one_exists():
    api = probe_guest_api()
    ctx = BodyContext("typescript", inputs=(), outputs=())
    reachable = [g for g in api.globals if g not in ("InternalError",)]
    assert _unresolved(reachable, ctx) == [], "a global the guest has but no declaration types"
    extra = _declared() - set(api.globals)
    assert extra == set(), "sandbox.d.ts declares a global the guest does not have"


def test_the_declarations_cover_every_global_the_api_reference_names():
    table = DOC.read_text(encoding="utf-8").split("## The globals", 1)[1].split("\n## ", 1)[0]
    documented = {
        m.group(1)
        for row in table.splitlines()
        if row.startswith("| `")
        for m in [re.match(r"\| `([A-Za-z_$][\w$]*)", row)]
        if m
    }
    assert {"fetch", "workspace", "sleep", "crypto", "image"} <= documented
    declared = _declared() | set(CONTRACT_NAMES)
    assert documented - declared == set()


def test_inputs_and_outputs_are_typed_from_the_node_document():
    ctx = BodyContext(
        "typescript",
        inputs=(Handle("count", "integer"), Handle("title", "string")),
        outputs=(Handle("total", "number"),),
    )
    service = LanguageService()
    items = {i.name: i.detail for i in service.completion("inputs.", ctx, (0, 7))}
    assert items == {"count": '(property) "count": number', "title": '(property) "title": string'}
    wrong = 'await output("total", "not a number");\nawait output("missing", 1);\n'
    messages = [(d.range.start[0], d.message) for d in service.diagnostics(wrong, ctx)]
    assert any(line == 0 and "'string' is not assignable to parameter of type 'number'" in m for line, m in messages)
    assert any(line == 1 and '"missing"' in m for line, m in messages)


def test_every_export_of_every_shipped_pack_has_a_type():
    catalog = default_catalog()
    service = LanguageService()
    shipped = [
        s.specifier for s in catalog.summaries() if catalog.pack(catalog.module(s.specifier).pack).origin == "shipped"
    ]
    assert len(shipped) > 30
    for specifier in shipped:
        body = f'import * as pack from "{specifier}";\n'
        packs, files, real = pack_context(body, catalog)
        assert packs, specifier
        ctx = BodyContext("javascript", None, (), packs, files, real)
        types = service.export_types(body, ctx, specifier) or {}
        module = catalog.module(specifier)
        mounted = catalog.pack(module.pack).mounted[module.module_id]
        exports = set(mounted.exports or export_names(mounted.source))
        typed = {name for name, kind in types.items() if kind}
        assert exports <= typed, f"{specifier}: untyped exports {sorted(exports - typed)}"


def test_a_host_pack_export_has_its_generated_signature_and_a_wrong_argument_is_a_diagnostic():
    body = 'import { parse } from "@nodetool-ai/sandbox-csv";\nconst rows = await parse(42);\n'
    packs, files, real = pack_context(body, default_catalog())
    ctx = BodyContext("typescript", (), (), packs, files, real)
    help_ = LanguageService().signature_help(body.replace("parse(42)", "parse("), ctx, (1, 25))
    assert help_ is not None
    assert help_.signatures[0].label.startswith("parse(text: string, options?: any): Promise<")
    [diag] = [d for d in LanguageService().diagnostics(body, ctx) if d.code == 2345]
    assert diag.severity == "error" and diag.range.start == (1, 25)
    assert "'number' is not assignable to parameter of type 'string'" in diag.message


def test_imported_specifiers_reads_import_and_export_lines():
    body = 'import a from "x";\nimport { b } from \'y\';\nexport * from "z";\nimport "w";\nconst s = "import q from r";'
    assert imported_specifiers(body) == ("x", "y", "z", "w")


LIB_DTS = """\
/** Greets someone, politely. */
export declare function greet(name: string, times?: number): string;
"""


def install_wrapped(registry, tmp_path, library: dict, files: dict[str, str]) -> Path:
    """Publish `library` (its package.json and files) and a pack compiling it, install the pack: its folder."""
    publish_package(registry, tmp_path, library, files)
    name = library["name"].replace("-lib", "-pack")
    publish_package(
        registry,
        tmp_path,
        {
            "name": name,
            "dependencies": {library["name"]: "^1.0.0"},
            "cordon": {"apiVersion": 1, "sandboxModules": [{"name": ".", "kind": "js", "npm": library["name"]}]},
        },
        {},
    )
    return commit_install(prepare_install(name, registry=registry.url))


def test_an_npm_packs_own_types_are_kept_at_install_and_reach_the_checker(registry, tmp_path):
    folder = install_wrapped(
        registry,
        tmp_path,
        {"name": "typed-lib", "types": "index.d.ts", "module": "index.js", "main": "index.js"},
        {"index.js": "export function greet(name, times) { return 'hi ' + name; }\n", "index.d.ts": LIB_DTS},
    )
    assert (folder / "cordon-types.json").is_file()
    body = 'import { greet } from "typed-pack";\ngreet('
    packs, files, real = pack_context(body, Catalog())
    ctx = BodyContext("typescript", (), (), packs, files, real)
    help_ = LanguageService().signature_help(body, ctx, (1, 6))
    assert help_ is not None
    assert help_.signatures[0].label == "greet(name: string, times?: number): string"
    assert help_.signatures[0].documentation == "Greets someone, politely."
    [where] = LanguageService().definition(body, ctx, (1, 1))
    assert where.path == folder / "node_modules" / "typed-lib" / "index.d.ts"


def test_types_spread_over_several_files_are_not_kept_and_never_make_false_errors(registry, tmp_path):
    folder = install_wrapped(
        registry,
        tmp_path,
        {"name": "split-lib", "types": "index.d.ts", "module": "index.js", "main": "index.js"},
        {
            "index.js": "export function greet(name) { return 'hi ' + name; }\n",
            "index.d.ts": 'export * from "./greet.js";\n',
            "greet.d.ts": LIB_DTS,
        },
    )
    assert not (folder / "cordon-types.json").exists()
    body = 'import { greet } from "split-pack";\nconst s: string = greet("a");\n'
    packs, files, real = pack_context(body, Catalog())
    assert all(name.endswith(".js") for name in files), "typed by inference from the compiled module"
    ctx = BodyContext("typescript", (), (), packs, files, real)
    assert LanguageService().diagnostics(body, ctx) == []


@pytest.mark.timeout(60)
def test_telling_whether_declarations_reach_another_file_is_linear_in_hostile_bytes(tmp_path):
    """A library's declarations are read on the host at install: a long run of spaces after `from`
    (~1 MB, the cap) is looked through in well under the timeout, not in hours."""
    library = tmp_path / "node_modules" / "spaced-lib"
    library.mkdir(parents=True)
    (library / "package.json").write_text('{"name": "spaced-lib", "types": "index.d.ts"}')
    (library / "index.d.ts").write_text("export declare const x: 1;\n" + ("// from" + " " * 200_000 + "x\n") * 4)
    assert declared_types(tmp_path, "spaced-lib") == "node_modules/spaced-lib/index.d.ts"


@pytest.mark.parametrize("types", ["../outside.d.ts", "index.js", "/etc/passwd.d.ts"])
def test_types_outside_the_library_or_not_declarations_are_not_kept(registry, tmp_path, types):
    folder = install_wrapped(
        registry,
        tmp_path,
        {"name": "odd-lib", "types": types, "module": "index.js", "main": "index.js"},
        {"index.js": "export const x = 1;\n"},
    )
    assert not (folder / "cordon-types.json").exists()
