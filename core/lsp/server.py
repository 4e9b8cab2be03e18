"""`cordon lsp`: the Language Server Protocol over stdio, on pygls, for `.js`/`.ts` bodies and `.node.json` documents.

Every answer comes from `core.typescript.service.LanguageService`, the one the studio's editor asks,
so VS Code, Neovim and the studio cannot disagree. The service blocks (its guest answers one
question at a time), so each request runs in a worker thread and the server's loop keeps reading;
diagnostics are published after a short pause in typing (`DEBOUNCE_S`), for the latest text only.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path

from core.lsp.documents import BodyView, view_of
from core.typescript.service import CompletionItem, LanguageService, Range

logger = logging.getLogger(__name__)

#: Seconds without an edit before a document's diagnostics are computed (a keystroke's burst).
DEBOUNCE_S = 0.15
T = TypeVar("T")

_KINDS = {
    "property": types.CompletionItemKind.Property,
    "method": types.CompletionItemKind.Method,
    "function": types.CompletionItemKind.Function,
    "const": types.CompletionItemKind.Constant,
    "let": types.CompletionItemKind.Variable,
    "var": types.CompletionItemKind.Variable,
    "local var": types.CompletionItemKind.Variable,
    "parameter": types.CompletionItemKind.Variable,
    "keyword": types.CompletionItemKind.Keyword,
    "module": types.CompletionItemKind.Module,
    "class": types.CompletionItemKind.Class,
    "interface": types.CompletionItemKind.Interface,
    "type": types.CompletionItemKind.TypeParameter,
    "alias": types.CompletionItemKind.Reference,
}
_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}


@cache
def _catalog() -> Any:
    from core.packs import default_catalog

    return default_catalog()


class CordonLanguageServer(LanguageServer):
    def __init__(self, version: str) -> None:
        super().__init__("cordon", version, text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.service = LanguageService()
        self._pending: dict[str, asyncio.Task[None]] = {}

    def warm(self) -> None:
        try:
            self.service.warm()
        except Exception as exc:  # the first question will start it again and say why it failed
            logger.warning("warming the TypeScript service failed: %s", exc)

    def view(self, uri: str) -> BodyView | None:
        document = self.workspace.get_text_document(uri)
        return view_of(uri, document.source, _catalog())

    async def blocking(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(None, fn, *args)

    async def ask_at(self, question: Callable[..., T], uri: str, position: types.Position) -> tuple[BodyView, T] | None:
        """`question(body, ctx, at)` about the body position an editor's cursor is on, off the loop; None
        where the document is not a body or the cursor is outside it (a node document's other fields)."""
        view = self.view(uri)
        at = view.to_body((position.line, position.character)) if view else None
        if view is None or at is None:
            return None
        return view, await self.blocking(question, view.body, view.ctx, at)

    def schedule_diagnostics(self, uri: str) -> None:
        previous = self._pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        self._pending[uri] = asyncio.get_running_loop().create_task(self._publish(uri))

    async def _publish(self, uri: str) -> None:
        await asyncio.sleep(DEBOUNCE_S)
        diagnostics = await self.blocking(self._diagnostics, uri)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    def _diagnostics(self, uri: str) -> list[types.Diagnostic]:
        view = self.view(uri)
        if view is None:
            return []
        try:
            found = self.service.diagnostics(view.body, view.ctx)
        except Exception as exc:  # the guest failed: say so once, on the first line
            logger.warning("diagnostics failed for %s: %s", uri, exc)
            return [_diagnostic(_lsp_range(view, Range((0, 0), (0, 0))), "info", "cordon", "cordon", str(exc))]
        return [
            _diagnostic(_lsp_range(view, d.range), d.severity, "typescript", f"ts{d.code}", d.message) for d in found
        ]


def _diagnostic(where: types.Range, severity: str, source: str, code: str, message: str) -> types.Diagnostic:
    """A finding as the studio's Problems list names it: its source ("typescript" for the checker's,
    "cordon" for Cordon's own) and its rule (`ts2322`)."""
    return types.Diagnostic(range=where, message=message, severity=_SEVERITY.get(severity), source=source, code=code)


def _completion_item(item: CompletionItem, sort_text: str, place: dict[str, Any]) -> types.CompletionItem:
    """An entry as LSP has it; one with no type yet carries where it was asked, for resolving."""
    return types.CompletionItem(
        label=item.name,
        kind=_KINDS.get(item.kind, types.CompletionItemKind.Text),
        detail=item.detail or None,
        documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value=item.documentation)
        if item.documentation
        else None,
        sort_text=sort_text,
        data=None if item.detail else place,
    )


def _lsp_range(view: BodyView, r: Range) -> types.Range:
    start, end = view.to_document(r.start), view.to_document(r.end)
    return types.Range(types.Position(*start), types.Position(*end))


def _markdown(signature: str, documentation: str) -> types.MarkupContent:
    text = f"```typescript\n{signature}\n```" + (f"\n\n{documentation}" if documentation else "")
    return types.MarkupContent(kind=types.MarkupKind.Markdown, value=text)


def build_server(version: str) -> CordonLanguageServer:
    server = CordonLanguageServer(version)

    @server.feature(types.INITIALIZED)
    def initialized(ls: CordonLanguageServer, params: types.InitializedParams) -> None:
        """Start the checker's guest while the client opens its first document."""
        asyncio.get_running_loop().run_in_executor(None, ls.warm)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: CordonLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule_diagnostics(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: CordonLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule_diagnostics(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: CordonLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        task = ls._pending.pop(params.text_document.uri, None)
        if task is not None:
            task.cancel()
        cleared = types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        ls.text_document_publish_diagnostics(cleared)

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[".", '"', "'", "/", "@"])
    )
    async def completion(ls: CordonLanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
        asked = await ls.ask_at(ls.service.completion, params.text_document.uri, params.position)
        if asked is None:
            return None
        _, found = asked
        place = {"uri": params.text_document.uri, "line": params.position.line, "character": params.position.character}
        items = [_completion_item(item, f"{index:04d}", place) for index, item in enumerate(found)]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.COMPLETION_ITEM_RESOLVE)
    async def resolve(ls: CordonLanguageServer, item: types.CompletionItem) -> types.CompletionItem:
        """The type and docs of an entry the list left undescribed, asked when the client shows it."""
        place = item.data if isinstance(item.data, dict) else None
        if item.detail is not None or place is None:
            return item
        position = types.Position(place["line"], place["character"])
        asked = await ls.ask_at(
            lambda body, ctx, at: ls.service.completion_details(body, ctx, at, item.label), place["uri"], position
        )
        found = asked[1] if asked is not None else None
        if found is None:
            return item
        return _completion_item(found, item.sort_text or "", place)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: CordonLanguageServer, params: types.HoverParams) -> types.Hover | None:
        asked = await ls.ask_at(ls.service.hover, params.text_document.uri, params.position)
        if asked is None:
            return None
        view, found = asked
        if found is None:
            return None
        contents = _markdown(found.signature, found.documentation)
        return types.Hover(contents=contents, range=_lsp_range(view, found.range))

    @server.feature(types.TEXT_DOCUMENT_SIGNATURE_HELP, types.SignatureHelpOptions(trigger_characters=["(", ","]))
    async def signature_help(ls: CordonLanguageServer, params: types.SignatureHelpParams) -> types.SignatureHelp | None:
        asked = await ls.ask_at(ls.service.signature_help, params.text_document.uri, params.position)
        if asked is None:
            return None
        _, found = asked
        if found is None:
            return None
        return types.SignatureHelp(
            signatures=[
                types.SignatureInformation(
                    label=s.label,
                    documentation=s.documentation or None,
                    parameters=[types.ParameterInformation(label=p) for p in s.parameters],
                )
                for s in found.signatures
            ],
            active_signature=found.active,
            active_parameter=found.parameter,
        )

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: CordonLanguageServer, params: types.DefinitionParams) -> list[types.Location] | None:
        uri = params.text_document.uri
        asked = await ls.ask_at(ls.service.definition, params.text_document.uri, params.position)
        if asked is None:
            return None
        view, found = asked
        out = []
        for loc in found:
            if loc.path is None:
                out.append(types.Location(uri=uri, range=_lsp_range(view, loc.range)))
            else:
                target = types.Range(types.Position(*loc.range.start), types.Position(*loc.range.end))
                out.append(types.Location(uri=from_fs_path(str(Path(loc.path))) or "", range=target))
        return out

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    async def rename(ls: CordonLanguageServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
        uri = params.text_document.uri
        asked = await ls.ask_at(ls.service.rename, params.text_document.uri, params.position)
        if asked is None:
            return None
        view, found = asked
        if not found:
            return None
        edits = [types.TextEdit(range=_lsp_range(view, r), new_text=params.new_name) for r in found]
        return types.WorkspaceEdit(changes={uri: edits})

    return server


def serve_stdio(version: str) -> None:
    """Serve one client on stdin/stdout until it says exit."""
    build_server(version).start_io()
