"""The language service on the real TypeScript checker, in the real guest."""

from __future__ import annotations

import pytest

from core.packs import default_catalog
from core.typescript.context import BodyContext, Handle, pack_context
from core.typescript.guest import TypeScriptUnavailable, shared_guest, typescript_dir
from core.typescript.service import LanguageService

NODE = BodyContext("typescript", inputs=(Handle("city", "string"), Handle("days", "integer")), outputs=())


@pytest.fixture(scope="module")
def service() -> LanguageService:
    return LanguageService()


def with_packs(body: str, language: str = "typescript") -> BodyContext:
    packs, files, real = pack_context(body, default_catalog())
    return BodyContext(language, NODE.inputs, (), packs, files, real)


def test_completion_after_inputs_lists_the_declared_inputs_with_their_types(service):
    items = service.completion("const n = inputs.", NODE, (0, 17))
    assert [(i.name, i.detail) for i in items] == [
        ("city", '(property) "city": string'),
        ("days", '(property) "days": number'),
    ]
    assert "Input `city` (string)" in items[0].documentation


def test_completion_after_a_pack_import_lists_its_exports_with_signatures(service):
    body = 'import * as csv from "@nodetool-ai/sandbox-csv";\nimport * as dates from "@cordon/sandbox-dates";\ncsv.'
    items = {i.name: i.detail for i in service.completion(body, with_packs(body), (2, 4))}
    assert items["parse"].startswith("function parse(text: string, options?: any): Promise<")
    assert items["stringify"].startswith("function stringify(rows: any, options?: any): Promise<string>")
    body = body.replace("csv.", "dates.add")
    members = {i.name: i.detail for i in service.completion(body, with_packs(body), (2, 9))}
    # A shipped guest pack is typed by its library's own declarations, shipped beside its bundle.
    assert members["addDays"].startswith("function addDays<DateType extends Date")
    assert "amount: number" in members["addDays"]


@pytest.mark.parametrize(
    ("body", "at"),
    [
        ("const n = inputs.", (0, 17)),  # members of a declared type
        ('import * as dates from "@cordon/sandbox-dates";\ndates.add', (1, 9)),  # a pack's aliased exports
        ("const here = 1;\nhe", (1, 2)),  # globals, a local and keywords
        ("[1, 2].fil", (0, 10)),  # the library's methods
        ("let s: string | undefined = inputs.city;\nif (s) s.", (1, 9)),
        ("let s: string | undefined = inputs.city;\nif (s) s", (1, 8)),  # its narrowed type there
        ('import * as yaml from "@cordon/sandbox-yaml";\nconst n = 1;\nyaml.', (2, 5)),  # a namespace
        ('import * as dates from "@cordon/sandbox-dates";\ndates.formatDi', (1, 14)),
        ('import * as gif from "@cordon/sandbox-gif";\ngif.', (1, 4)),  # a module inferred from its source
    ],
)
def test_completion_is_typescripts_own(body, at):
    """The list and each entry's type and docs, from Cordon's two shortcuts, are what TypeScript's
    own calls give (a namespace's members each checked against the namespace's type worked out
    again; getCompletionEntryDetails working the whole completion out again per entry)."""
    guest, ctx = shared_guest(), with_packs(body)
    ask = dict(files={**ctx.files(), ctx.body_file: body}, packs=dict(ctx.packs), file=ctx.body_file)
    fast = guest.request("completion", line=at[0], character=at[1], details=100, **ask)
    own = guest.request("completion", line=at[0], character=at[1], details=100, asTypeScript=True, **ask)
    assert fast["items"] and any(i.get("detail") for i in fast["items"])
    assert fast == own


def test_a_wrong_argument_type_is_an_error_in_typescript_and_a_warning_in_javascript(service):
    body = "await sleep('soon');\nconst n: number = inputs.city;\n"
    found = [(d.range.start, d.severity, d.code) for d in service.diagnostics(body, NODE)]
    assert found == [((0, 12), "error", 2345), ((1, 6), "error", 2322)]
    js = BodyContext("javascript", NODE.inputs)
    found = [(d.range.start, d.severity) for d in service.diagnostics("await sleep('soon');\nreturn 1;\n", js)]
    assert found == [((0, 12), "warning")], "a JavaScript body's findings never block its run; return is allowed"


def test_hover_shows_a_sandbox_globals_doc(service):
    hover = service.hover("const r = await fetch('https://example.com');", NODE, (0, 18))
    assert hover is not None
    assert hover.signature.startswith("function fetch(url: string | URL, init?:")
    assert "SSRF guard" in hover.documentation
    assert hover.range.start == (0, 16) and hover.range.end == (0, 21)


def test_signature_help_inside_a_call(service):
    help_ = service.signature_help("parallelMap([1, 2], ", NODE, (0, 20))
    assert help_ is not None and help_.parameter == 1
    assert help_.signatures[0].parameters[1].startswith("fn: (item: number, index: number) =>")


def test_go_to_definition_reaches_the_sandbox_and_pack_files_read_only(service):
    [where] = service.definition("await workspace.read('a');", NODE, (0, 8))
    assert where.path == typescript_dir() / "sandbox.d.ts"
    assert "declare const workspace" in where.path.read_text().splitlines()[where.range.start[0]]
    body = 'import yaml from "@cordon/sandbox-yaml";\nyaml.load("a: 1");'
    [where] = service.definition(body, with_packs(body), (0, 8))
    assert where.path is not None and where.path.name == "js-yaml.d.ts" and where.path.is_file()
    assert "declare const api" in where.path.read_text().splitlines()[where.range.start[0]]  # its default export
    body = 'import { GIFEncoder } from "@cordon/sandbox-gif";\nGIFEncoder();'  # no declarations: its source
    [where] = service.definition(body, with_packs(body), (1, 2))
    assert where.path is not None and where.path.name == "gifenc.js" and where.path.is_file()
    [local] = service.definition("const x = 1;\nreturn x;", NODE, (1, 7))
    assert local.path is None and local.range.start == (0, 6)


def test_rename_stays_within_the_body(service):
    body = "const total = 1;\nreturn total + total;"
    edits = service.rename(body, NODE, (0, 8))
    assert [e.start for e in edits] == [(0, 6), (1, 7), (1, 15)]
    assert service.rename("await sleep(1);", NODE, (0, 7)) == [], "a sandbox global is not the body's to rename"


def test_a_body_that_breaks_the_compiler_costs_its_guest_and_the_next_question_is_answered(service):
    guest = shared_guest()
    with pytest.raises(TypeScriptUnavailable) as failed:
        service.diagnostics("(" * 200_000, NODE)
    assert failed.value.rule == "typescript-unavailable"
    starts = guest.starts
    assert [i.name for i in service.completion("inputs.", NODE, (0, 7))] == ["city", "days"]
    assert guest.starts == starts + 1, "a fresh guest answered"


def test_a_body_file_sent_again_after_another_context_is_read_fresh(service):
    """The guest drops a file a question no longer needs and may be sent it again later: its old
    parse must not come back (it did, under the version number it had before, so a JavaScript body
    was checked as the text it had two questions earlier)."""
    js = BodyContext("javascript", NODE.inputs)
    service.diagnostics("let x = 1;\nx.foo.bar;\n\n\n", js)
    service.completion("const n = inputs.", NODE, (0, 17))  # a TypeScript body: the JavaScript one is dropped
    found = [(d.range.start, d.severity) for d in service.diagnostics("await sleep('soon');\nreturn 1;\n", js)]
    assert found == [((0, 12), "warning")]


def test_the_library_is_all_there_when_served_as_one_file(service):
    """The library files are combined into one (a new checker per keystroke merges one file's globals,
    not 64 files'); the iterator helpers, a module-shaped library file, stay a file of their own."""
    body = "const s: string = [1, 2].values().map((x) => x * 2).toArray();\nconst d: Disposable | null = null;\n"
    assert [d.message for d in service.diagnostics(body, NODE)] == [
        "Type 'number[]' is not assignable to type 'string'."
    ]
