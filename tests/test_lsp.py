"""`cordon lsp` over stdio: a real client (pygls's) talks to a real `cordon lsp` process.

initialize, didOpen, publishDiagnostics, completion, hover, signature help, definition and
shutdown, for a `.ts` body file and a `.node.json` document.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from core.codenode import CodeNodeDocument
from core.codenode.document import dumps
from core.lsp.documents import view_of
from core.typescript.service import DETAILED

TS_BODY = 'const wait: number = "soon";\nawait sleep(wait);\nconst r = await fetch("https://example.com");\n'


async def _session(tmp_path: Path, files: dict[str, str], script) -> dict:
    client = LanguageClient("cordon-test", "1")
    published: dict[str, list[types.Diagnostic]] = {}
    arrived = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published[params.uri] = params.diagnostics
        if len(published) == len(files):
            arrived.set()

    await client.start_io(sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main(['lsp']))")
    try:
        await client.initialize_async(
            types.InitializeParams(process_id=None, root_uri=tmp_path.as_uri(), capabilities=types.ClientCapabilities())
        )
        client.initialized(types.InitializedParams())
        uris = {}
        for name, text in files.items():
            path = tmp_path / name
            path.write_text(text, encoding="utf-8")
            uris[name] = path.as_uri()
            language = "json" if name.endswith(".json") else "typescript"
            client.text_document_did_open(
                types.DidOpenTextDocumentParams(types.TextDocumentItem(path.as_uri(), language, 1, text))
            )
        await asyncio.wait_for(arrived.wait(), 240)
        out = await script(client, uris)
        await client.shutdown_async(None)
        client.exit(None)
    finally:
        await client.stop()
    return {"published": published, **out}


def _at(uri: str, line: int, character: int) -> dict:
    return {"text_document": types.TextDocumentIdentifier(uri), "position": types.Position(line, character)}


@pytest.mark.timeout(600)
def test_an_lsp_session_over_stdio(tmp_path):
    doc = CodeNodeDocument(
        body="const n: string = inputs.count;\nreturn inputs.",
        language="typescript",
        inputs=({"name": "count", "type": "integer"}, {"name": "title", "type": "string"}),
    )

    node_text = dumps(doc).decode("utf-8")
    lines = node_text.split("\n")
    first, last = lines.index('    "const n: string = inputs.count;",'), lines.index('    "return inputs."')

    async def script(client: LanguageClient, uris: dict[str, str]) -> dict:
        ts, node = uris["body.ts"], uris["greet.node.json"]
        completion = await client.text_document_completion_async(types.CompletionParams(**_at(node, last, 19)))
        hover = await client.text_document_hover_async(types.HoverParams(**_at(ts, 2, 18)))
        signature = await client.text_document_signature_help_async(types.SignatureHelpParams(**_at(ts, 1, 12)))
        definition = await client.text_document_definition_async(types.DefinitionParams(**_at(ts, 1, 7)))
        everything = await client.text_document_completion_async(types.CompletionParams(**_at(ts, 2, 10)))
        bare = [i for i in everything.items if i.detail is None]
        resolved = await client.completion_item_resolve_async(bare[-1]) if bare else None
        return {
            "completion": completion,
            "hover": hover,
            "signature": signature,
            "definition": definition,
            "everything": everything,
            "bare": bare,
            "resolved": resolved,
        }

    out = asyncio.run(_session(tmp_path, {"body.ts": TS_BODY, "greet.node.json": node_text}, script))

    ts_diags = [
        (d.range.start.line, d.range.start.character, d.severity)
        for d in out["published"][(tmp_path / "body.ts").as_uri()]
    ]
    assert (0, 6, types.DiagnosticSeverity.Error) in ts_diags, "a type error where it is"
    node_diags = out["published"][(tmp_path / "greet.node.json").as_uri()]
    [wrong] = [d for d in node_diags if d.code == "ts2322" and d.source == "typescript"]  # as the studio names it
    assert wrong.range.start == types.Position(first, 11), (
        "the error of body line 1 marks its place inside the JSON string"
    )

    items = {i.label: i.detail for i in out["completion"].items}
    assert items == {"count": '(property) "count": number', "title": '(property) "title": string'}
    assert "SSRF guard" in out["hover"].contents.value and "function fetch(" in out["hover"].contents.value
    assert out["signature"].signatures[0].label == "sleep(ms: number): Promise<void>"
    [where] = out["definition"]
    assert where.uri.endswith("resources/typescript/sandbox.d.ts")
    described = [i for i in out["everything"].items if i.detail]
    assert len(described) == DETAILED and out["bare"], "the list describes the first entries only"
    assert out["resolved"].label == out["bare"][-1].label and out["resolved"].detail, "the rest are resolved"


def test_positions_map_through_a_node_documents_json_escapes():
    doc = CodeNodeDocument(body='const s = "a\\"b";\nreturn s;')
    text = dumps(doc).decode("utf-8")
    view = view_of("file:///x/n.node.json", text, None)
    assert view is not None
    row = view.rows[0]
    raw = text.split("\n")[row]
    body_line = doc.body.split("\n")[0]
    semicolon = body_line.index(";")
    doc_col = view.to_document((0, semicolon))[1]
    assert raw[doc_col] == ";"
    assert view.to_body((row, doc_col)) == (0, semicolon)


def test_lsp_is_a_subcommand_with_help(capsys):
    from core.cli import main

    main(["--help"])
    assert "language server over stdio" in capsys.readouterr().out


def test_a_json_file_that_is_not_a_node_document_is_not_served():
    assert view_of("file:///x/package.json", json.dumps({"name": "x"}), None) is None
    assert view_of("file:///x/broken.node.json", '{"body": [', None) is None
