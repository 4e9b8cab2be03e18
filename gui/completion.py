"""What the editor offers while a person types: guest API names, pack specifiers and exports.

The names are never a hand-kept list of what the sandbox "should" have. The
guest API comes from asking the guest itself (`core.codenode.probe_guest_api`,
run once in the background), so a bridge added to the engine shows up here
without touching the studio.
Pack specifiers and exports come from the catalog (facade export allowlists,
or the `export` statements of a module's source, read with tree-sitter).

The editor asks `context_at()` where the caret is, then
`CompletionSource.candidates()` what fits there; only the probe's start uses
Qt (the studio's task manager), the rest is plain Python.

Once the editor has a document, `TypeAssist` asks the real TypeScript checker
(`core.typescript`, the service `cordon lsp` serves too) in the background: the
typed list replaces the quick one when it arrives, and hover, signature help and
type errors come from it.
"""

from __future__ import annotations

import concurrent.futures
import logging
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Literal, TypeVar

from PySide6.QtCore import QObject

from core import ImportBinding, export_names, import_bindings
from core.codenode import CodeNodeDocument, GuestApi, declared_guest_api, probe_guest_api
from core.typescript import BodyContext, CompletionItem, Handle, LanguageService, body_context
from gui.tasks import task_manager

logger = logging.getLogger(__name__)

#: JavaScript's reserved and contextual words a body may type.
KEYWORDS = (
    "async",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "from",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "let",
    "new",
    "null",
    "of",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "yield",
)

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_WORD = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]{2,}")


class GuestApiProbe:
    """Runs the guest API probe once, on the task manager's work pool; until it lands, the declared names serve."""

    _lock = threading.Lock()
    _future: Future[GuestApi] | None = None

    @classmethod
    def get(cls) -> GuestApi:
        cls.start()
        future = cls._future
        if future is not None and future.done() and future.exception() is None:
            return future.result()
        return declared_guest_api()

    @classmethod
    def start(cls) -> None:
        with cls._lock:
            if cls._future is None:
                cls._future = task_manager().run_in_background(probe_guest_api)

    @classmethod
    def wait(cls, timeout: float | None = None) -> GuestApi:
        """The probed API, waiting for it (tests and screenshots want the real list)."""
        cls.start()
        assert cls._future is not None
        concurrent.futures.wait([cls._future], timeout)
        return cls.get()


# -- where the caret is ------------------------------------------------------------------

Kind = Literal["global", "member", "specifier", "import-name"]


@dataclass(frozen=True)
class CompletionContext:
    kind: Kind
    #: The word typed so far (what the list filters on and what a choice replaces).
    prefix: str
    #: For `member`: the object left of the dot. For `import-name`: the import's specifier.
    owner: str | None = None


_SPEC_OPEN = re.compile(r"""^\s*(?:import\b.*\bfrom|import|export\b.*\bfrom)\s*(["'])([^"']*)$""")
_NAMED_IMPORT_OPEN = re.compile(r"^\s*import\s*(?:[A-Za-z_$][\w$]*\s*,\s*)?\{[^}]*$")
_FROM_SPEC = re.compile(r"""\bfrom\s*["']([^"']+)["']""")
_MEMBER = re.compile(r"([A-Za-z_$][\w$]*)\s*(?:\?\.|\.)\s*([A-Za-z_$][\w$]*)?$")
_TRAILING_WORD = re.compile(r"[A-Za-z_$][\w$]*$")


def context_at(before: str, after: str = "") -> CompletionContext | None:
    """Classify the caret from the current line's text before and after it."""
    spec = _SPEC_OPEN.match(before)
    if spec:
        return CompletionContext("specifier", spec.group(2))
    word = _TRAILING_WORD.search(before)
    prefix = word.group(0) if word else ""
    if _NAMED_IMPORT_OPEN.match(before):
        source = _FROM_SPEC.search(after)
        if source:
            return CompletionContext("import-name", prefix, source.group(1))
    member = _MEMBER.search(before)
    if member:
        return CompletionContext("member", member.group(2) or "", member.group(1))
    if prefix and not prefix[0].isdigit():
        return CompletionContext("global", prefix)
    return None


# -- what fits there ----------------------------------------------------------------------


class PackIndex:
    """The catalog's specifiers and exports, as the editor needs them (a snapshot; rebuild to refresh)."""

    def __init__(self, catalog: object | None) -> None:
        self._catalog = catalog
        self._exports: dict[str, tuple[str, ...]] = {}

    @property
    def catalog(self) -> object | None:
        return self._catalog

    def specifiers(self) -> tuple[str, ...]:
        if self._catalog is None:
            return ()
        return tuple(s.specifier for s in self._catalog.summaries())  # type: ignore[attr-defined]

    def exports(self, specifier: str) -> tuple[str, ...]:
        if specifier not in self._exports:
            self._exports[specifier] = self._read_exports(specifier)
        return self._exports[specifier]

    def _read_exports(self, specifier: str) -> tuple[str, ...]:
        catalog = self._catalog
        module = catalog.module(specifier) if catalog is not None else None  # type: ignore[attr-defined]
        if module is None:
            return ()
        pack = catalog.pack(module.pack)  # type: ignore[union-attr]
        mounted = pack.mounted.get(module.module_id) if pack is not None else None
        if mounted is None:
            return ()
        return tuple(mounted.exports) or export_names(mounted.source)


class CompletionSource:
    """Candidates for a context, from the guest API, the body, the document and the packs."""

    def __init__(
        self, guest: Callable[[], GuestApi] = GuestApiProbe.get, packs: Callable[[], PackIndex] | None = None
    ) -> None:
        self._guest = guest
        self._packs = packs or (lambda: PackIndex(None))

    def catalog(self) -> object | None:
        """The pack catalog the exports come from (None until discovery ends): the checker types packs from it."""
        return self._packs().catalog

    def candidates(self, ctx: CompletionContext, body: str, input_names: Sequence[str] = ()) -> list[str]:
        if ctx.kind == "specifier":
            return _matching(self._packs().specifiers(), ctx.prefix)
        if ctx.kind == "import-name":
            exports = [e for e in self._packs().exports(ctx.owner or "") if e != "default"]
            return _matching(exports, ctx.prefix)
        bindings = _safe_bindings(body)
        if ctx.kind == "member":
            return _matching(self._members(ctx.owner or "", bindings, input_names), ctx.prefix)
        guest = self._guest()
        words = (w for w in _WORD.findall(body) if w != ctx.prefix)
        pool = [*guest.globals, *KEYWORDS, *(b.name for b in bindings), *words]
        return _matching(pool, ctx.prefix)

    def _members(self, owner: str, bindings: list[ImportBinding], input_names: Sequence[str]) -> Iterable[str]:
        if owner == "inputs":
            return input_names
        for binding in bindings:
            if binding.name == owner and binding.imported in ("namespace", "default"):
                return [e for e in self._packs().exports(binding.specifier) if e != "default"]
        return self._guest().members.get(owner, ())


def _safe_bindings(body: str) -> list[ImportBinding]:
    return import_bindings(body) if "import" in body else []


def _matching(names: Iterable[str], prefix: str) -> list[str]:
    """Unique names starting with `prefix` (case-insensitive), sorted the way Scintilla expects."""
    low = prefix.lower()
    found = {n for n in names if _IDENT.fullmatch(n) or "/" in n or "@" in n}
    return sorted((n for n in found if n.lower().startswith(low) and n != prefix), key=str.lower)


# -- the TypeScript service: types, docs, signatures and type errors ----------------------------


@dataclass(frozen=True)
class NodeShape:
    """What the editor knows of its document for the checker: the body's language and its handles."""

    language: str = "javascript"
    inputs: tuple[Handle, ...] = ()
    outputs: tuple[Handle, ...] = ()

    @classmethod
    def of(cls, doc: CodeNodeDocument) -> NodeShape:
        return cls(
            doc.language,
            tuple(Handle(h.name, h.type) for h in doc.inputs),
            tuple(Handle(h.name, h.type) for h in doc.outputs),
        )


T = TypeVar("T")


class TypeAssist:
    """The editor's questions to `core.typescript.LanguageService`, each on the task manager's work
    pool (the guest answers one at a time: ~10-80 ms warm, seconds while it starts), so the UI thread
    never waits. A question is stale once a newer one of its kind was asked: its answer is dropped."""

    def __init__(self, owner: QObject, catalog: Callable[[], object | None]) -> None:
        self._owner = owner
        self._catalog = catalog
        self._service = LanguageService()
        self._asked: dict[str, int] = {}

    def warm(self) -> None:
        """Start the compiler's guest now (from its snapshot: the library and shipped packs parsed),
        so the first answer is quick. No question is asked: one about an empty body would drop the
        snapshot's packs before the person's body could use them."""
        task_manager().run_in_background(self._service.warm, owner=self._owner)

    def ask(
        self,
        kind: str,
        shape: NodeShape,
        body: str,
        question: Callable[[LanguageService, str, BodyContext], T],
        answer: Callable[[T], None],
    ) -> None:
        """Ask `question(service, body, ctx)` in the background; `answer(value)` on the UI thread if still wanted."""
        ticket = self._asked.get(kind, 0) + 1
        self._asked[kind] = ticket
        service, catalog = self._service, self._catalog()

        def work() -> T:
            ctx = body_context(shape.language, shape.inputs, shape.outputs, body, catalog)
            return question(service, body, ctx)

        def done(future: Future[T]) -> None:
            if self._asked.get(kind) != ticket:
                return
            try:
                value = future.result()
            except Exception as exc:  # the service failed (logged where it did): the editor goes on without it
                logger.info("the TypeScript service did not answer a %s question: %s", kind, exc)
                return
            answer(value)

        task_manager().run_in_background(work, done, owner=self._owner)

    def forget(self, kind: str) -> None:
        """Drop the answer of the `kind` question in flight (the caret or the mouse moved on)."""
        self._asked[kind] = self._asked.get(kind, 0) + 1


def typed_items(items: Sequence[CompletionItem]) -> list[str]:
    """Popup rows: the name, then its type where the service gave one (`name  (x: T) => R`)."""
    rows = []
    for item in items:
        detail = _short_type(item)
        rows.append(f"{item.name}  {detail}" if detail else item.name)
    return rows


def row_name(row: str) -> str:
    """The name a popup row inserts."""
    return row.split("  ", 1)[0]


def _short_type(item: CompletionItem) -> str:
    """`(property) "count": number` -> `number`; `function parse(text: string): R` -> `(text: string): R`."""
    first = item.detail.split("\n", 1)[0]
    first = re.sub(r"^\((?:property|method|alias|parameter|local var|var|let|const|function)\)\s*", "", first)
    first = re.sub(r"^(?:const|let|var|function|class|interface|type|module|namespace)\s+", "", first)
    name = re.escape(item.name)
    first = re.sub(rf'^"?{name}"?\??', "", first).strip()
    first = first.removeprefix(":").strip()
    return first[:60] + ("…" if len(first) > 60 else "")
