"""Host bridges: each module owns one capability (its ops and its guest JS).

`STANDARD` declares the guest surface every run gets: each surface's guest JavaScript, the globals it
installs and the names of its ops. A run needs the JavaScript (the prelude) and the globals (reserved
names) every time, but a surface's Python only when the body calls into it: so the declarations live
here, the run's op table (`standard_ops`) imports a bridge's module at the first call of one of its
ops, and a body that calls no bridge imports none of them (`cordon run` of `return 1+1` imported all
17, ~30 ms of a ~0.4 s process). A module builds its `SURFACE` from its declaration
(`Declared.surface`), which refuses ops the declaration does not name, so the two cannot drift.

Capabilities that need a grant from the host (workspace, secrets, ...) check `RunScope.services`
inside their ops and refuse by name when the host granted nothing.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache

from core.bridges.base import Op, ServiceKey, Surface
from core.guest import surface_js

#: How the host that runs the body grants a workspace, in its own words (the studio names its Choose… button,
#: the command line its flag): the refusal of a workspace call says only what the person can do there.
#: Here rather than in the workspace bridge, so a host provides it without importing that bridge.
WORKSPACE_HINT: ServiceKey[str] = ServiceKey("workspace.hint")
#: Drawing calls one canvas render may record (its guest half stops recording past it, the host refuses).
CANVAS_MAX_OPS = 10_000


@dataclass(frozen=True)
class Declared:
    """A standard surface as the prelude and the op table see it: its module `core.bridges.<name>`
    supplies the ops' code, imported only when a body calls one of `ops`."""

    name: str
    globals: tuple[str, ...]
    ops: tuple[str, ...] = ()
    #: `/*@KEY@*/` placeholders of its guest file and their values (`core.guest.surface_js`).
    fill: Mapping[str, str] = field(default_factory=dict)
    #: Its guest JavaScript without indentation and comments (web.js: QuickJS keeps every function's
    #: source text, so layout would cost bytes of the template every run restores).
    compact: bool = False

    @property
    def module(self) -> str:
        return f"core.bridges.{self.name}"

    @property
    def guest_js(self) -> str:
        js = surface_js(f"{self.name}.js", **self.fill)
        return _without_layout(js) if self.compact else js

    def surface(self, ops: Mapping[str, Op]) -> Surface:
        """The module's `SURFACE`: `ops` must be exactly the declared ones, so an op added in a
        module and not here (which the op table would never find) fails the module's import."""
        if sorted(ops) != sorted(self.ops):
            raise RuntimeError(f"bridge {self.name}: ops {sorted(ops)} differ from the declared {sorted(self.ops)}")
        return Surface(self.name, ops, self.guest_js, self.globals)

    def load(self) -> Surface:
        """The module's surface, importing the module (once: later calls find it in sys.modules)."""
        surface: Surface = importlib.import_module(self.module).SURFACE
        return surface


STANDARD: tuple[Declared, ...] = (
    Declared("encoding", ("toBase64", "fromBase64", "toHex", "fromHex")),
    Declared("console", ("console",), ("console.line",)),
    Declared("timers", ("sleep", "parallelMap"), ("sleep",)),
    Declared("progress", ("progress",), ("progress",)),
    Declared("crypto", ("crypto",), ("crypto.random", "crypto.digest", "crypto.hmac")),
    Declared("format", ("format",), ("format.number", "format.date", "format.relativeTime", "format.list")),
    Declared("media", ("media",), ("media.bytes", "media.text", "media.info", "media.to")),
    Declared(
        "image",
        ("image",),
        tuple(
            f"image.{op}"
            for op in (
                "info",
                "stats",
                "decode",
                "bytes",
                "toAsset",
                "blank",
                "pad",
                "grid",
                "resize",
                "crop",
                "rotate",
                "flip",
                "adjust",
                "composite",
                "convert",
            )
        ),
    ),
    Declared(
        "audio",
        ("audio",),
        tuple(
            f"audio.{op}"
            for op in (
                "info",
                "bytes",
                "toAsset",
                "normalize",
                "trim",
                "concat",
                "mix",
                "reverse",
                "fadeIn",
                "fadeOut",
                "repeat",
            )
        ),
    ),
    Declared(
        "video",
        ("video",),
        tuple(
            f"video.{op}"
            for op in (
                "info",
                "bytes",
                "toAsset",
                "trim",
                "resize",
                "rotate",
                "addAudio",
                "extractAudio",
                "extractFrame",
            )
        ),
    ),
    Declared(
        "canvas",
        ("canvas", "createCanvas"),
        ("canvas.render", "canvas.measureText"),
        fill={"MAX_OPS": str(CANVAS_MAX_OPS)},
    ),
    Declared(
        "workspace",
        ("workspace",),
        tuple(
            f"workspace.{op}"
            for op in (
                "read",
                "readBytes",
                "write",
                "writeBytes",
                "list",
                "stat",
                "mkdir",
                "remove",
                "copy",
                "move",
                "root",
            )
        ),
    ),
    Declared("assets", ("assetToSandbox", "sandboxToAsset"), ("assets.toSandbox", "assets.fromSandbox")),
    Declared("nodetool", ("nodetool",)),
    Declared("secrets", ("getSecret", "requestSecret"), ("secrets", "secrets.request")),
    Declared("fetch", ("fetch",), ("fetch",)),
    Declared("web", ("URL", "URLSearchParams", "TextEncoder", "TextDecoder"), compact=True),
)
_BY_NAME = {declared.name: declared for declared in STANDARD}


def declared(name: str) -> Declared:
    """The declaration of the standard surface `name` (a bridge module's `SURFACE` is built from it)."""
    return _BY_NAME[name]


@lru_cache(maxsize=1)
def standard_surfaces() -> tuple[Surface, ...]:
    """Every standard surface with its ops, importing every bridge module: for what lists or checks
    them all (static checks, the guest API's listing); a run reads `STANDARD` and `standard_ops()`."""
    return tuple(d.load() for d in STANDARD)


class _LazyOps(Mapping[str, Op]):
    """The standard surfaces' ops by name under a run's own (`first`, which win), each bridge's
    module imported by the first lookup of one of its ops. A name nobody declares is missing, as
    in a plain dict, and imports nothing: the run refuses it as `unknown-op` exactly as before."""

    def __init__(self, first: Mapping[str, Op]) -> None:
        self._first = first

    def __getitem__(self, name: str) -> Op:
        op = self._first.get(name)
        return op if op is not None else _owners()[name].load().ops[name]

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(_owners()), **dict.fromkeys(self._first)})

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, name: object) -> bool:
        return name in self._first or name in _owners()


@cache
def _owners() -> dict[str, Declared]:
    return {op: d for d in STANDARD for op in d.ops}


@cache
def standard_ops() -> Mapping[str, Op]:
    """The op table every run shares (read-only): a bridge is imported when a body first calls it."""
    return _LazyOps({})


def ops_with(first: Mapping[str, Op]) -> Mapping[str, Op]:
    """A run's op table: `first` (its extra surfaces' ops, which close over the run) over the standard ones."""
    return _LazyOps(first) if first else standard_ops()


def _without_layout(js: str) -> str:
    """The JS without indentation and comments (lines stay lines, so ASI is unchanged)."""
    trailing_comment = re.compile(r"(?<=[;{},(])\s{2,}// .*$")
    lines = (trailing_comment.sub("", line).strip() for line in js.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))
