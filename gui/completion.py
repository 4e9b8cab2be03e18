"""What the editor offers while a person types: guest API names, pack specifiers and exports.

The names are never a hand-kept list of what the sandbox "should" have. The
guest API comes from asking the guest itself: one probe run (on the real
engine, with the Code node's contract and stream surfaces) lists every global
a body can reach and the members of each, so a bridge added to
`core.bridges.standard_surfaces()` shows up here without touching the studio.
Pack specifiers and exports come from the catalog (facade export allowlists,
or the `export` statements of a module's source, read with tree-sitter).

Everything here is plain Python (no Qt): the editor asks `context_at()` where
the caret is, then `CompletionSource.candidates()` what fits there.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from core import jsparse

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

#: The Code node contract: names every body has beside the standard surfaces.
CONTRACT_NAMES = ("inputs", "emit", "output", "stream", "state")

_NOT_MEMBERS = frozenset({"length", "name", "prototype", "caller", "arguments", "constructor"})
_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_WORD = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]{2,}")

_PROBE = r"""
const skip = new Set(%s);
const ident = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const out = {};
for (const name of Object.getOwnPropertyNames(globalThis)) {
  if (!ident.test(name)) continue;
  let value;
  try { value = globalThis[name]; } catch { continue; }
  const members = [];
  if ((typeof value === "object" && value !== null) || typeof value === "function") {
    for (const m of Object.getOwnPropertyNames(value)) if (ident.test(m) && !skip.has(m)) members.push(m);
  }
  out[name] = members;
}
return out;
"""


@dataclass(frozen=True)
class GuestApi:
    """Every global a Code node body can reach, and the own members of each."""

    globals: tuple[str, ...]
    members: dict[str, tuple[str, ...]]


def _declared_guest_api() -> GuestApi:
    """What the surfaces declare, before (or without) asking the guest."""
    from core.bridges import standard_surfaces

    names = [g for surface in standard_surfaces() for g in surface.globals]
    return GuestApi(tuple(dict.fromkeys([*names, *CONTRACT_NAMES])), {"stream": ("first", "open")})


def probe_guest_api() -> GuestApi:
    """Ask a real guest (contract and stream surfaces mounted) what it can reach. Blocks ~10 ms-1 s."""
    from core import run_in_sandbox
    from core.codenode import contract, streams

    code = _PROBE % sorted(_NOT_MEMBERS).__repr__().replace("'", '"')
    result = run_in_sandbox(code, inputs={}, globals={"state": {}}, surfaces=(contract.SURFACE, streams.SURFACE))
    if not result.ok or not isinstance(result.result, dict):
        return _declared_guest_api()
    members = {str(k): tuple(sorted(str(m) for m in v)) for k, v in result.result.items() if isinstance(v, list)}
    return GuestApi(tuple(sorted(members)), members)


class GuestApiProbe:
    """Runs the probe once on a background thread; until it lands, the declared names serve."""

    _lock = threading.Lock()
    _done = threading.Event()
    _result: GuestApi | None = None
    _started = False

    @classmethod
    def get(cls) -> GuestApi:
        cls.start()
        return cls._result or _declared_guest_api()

    @classmethod
    def start(cls) -> None:
        with cls._lock:
            if cls._started:
                return
            cls._started = True
        threading.Thread(target=cls._run, name="cordon-guest-api-probe", daemon=True).start()

    @classmethod
    def wait(cls, timeout: float | None = None) -> GuestApi:
        """The probed API, waiting for it (tests and screenshots want the real list)."""
        cls.start()
        cls._done.wait(timeout)
        return cls.get()

    @classmethod
    def _run(cls) -> None:
        try:
            cls._result = probe_guest_api()
        finally:
            cls._done.set()


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


@dataclass(frozen=True)
class ImportBinding:
    """A local name an import statement introduces, and what it binds."""

    name: str
    specifier: str
    #: "default", "namespace", or the imported export's name.
    imported: str


def import_bindings(body: str) -> list[ImportBinding]:
    """The local names the body's static imports bind (read with the shared tree-sitter parser)."""
    out = []
    for imp in jsparse.static_imports(jsparse.parse(body)):
        for node in jsparse.walk(imp.node):
            if node.type == "import_clause":
                for child in node.named_children:
                    if child.type == "identifier":
                        out.append(ImportBinding(jsparse.text(child), imp.specifier, "default"))
            elif node.type == "namespace_import":
                ids = [c for c in node.named_children if c.type == "identifier"]
                if ids:
                    out.append(ImportBinding(jsparse.text(ids[0]), imp.specifier, "namespace"))
            elif node.type == "import_specifier":
                name, alias = node.child_by_field_name("name"), node.child_by_field_name("alias")
                if name is not None:
                    out.append(ImportBinding(jsparse.text(alias or name), imp.specifier, jsparse.text(name)))
    return out


def export_names(source: str) -> tuple[str, ...]:
    """The names a module's `export` statements offer (`default` included when it has one)."""
    names: list[str] = []
    for child in jsparse.parse(source).root_node.children:
        if child.type != "export_statement":
            continue
        if any(c.type == "default" for c in child.children):
            names.append("default")
            continue
        declaration = child.child_by_field_name("declaration")
        if declaration is not None:
            if declaration.type in ("lexical_declaration", "variable_declaration"):
                for decl in declaration.named_children:
                    target = decl.child_by_field_name("name")
                    if target is not None and target.type == "identifier":
                        names.append(jsparse.text(target))
            else:
                target = declaration.child_by_field_name("name")
                if target is not None:
                    names.append(jsparse.text(target))
            continue
        for node in jsparse.walk(child):
            if node.type == "export_specifier":
                target = node.child_by_field_name("alias") or node.child_by_field_name("name")
                if target is not None:
                    names.append(jsparse.text(target))
    return tuple(dict.fromkeys(names))


class PackIndex:
    """The catalog's specifiers and exports, as the editor needs them (a snapshot; rebuild to refresh)."""

    def __init__(self, catalog: object | None) -> None:
        self._catalog = catalog
        self._exports: dict[str, tuple[str, ...]] = {}

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
