"""The TypeScript guest: one long-lived Cordon guest running the TypeScript compiler, with no capabilities.

A body is untrusted, and stripping its types or checking it means running TypeScript's parser and
checker on it, so that never happens as host code (docs/security.md, "TypeScript"). The compiler
(`resources/typescript/typescript-guest.js`, the JavaScript build of `typescript` 5.9 and
`ts-blank-space`) and Cordon's service (`service.js` beside this module) run in Cordon's own
QuickJS-ng guest, the one runs use, with two host functions only: one hands the guest the request
(JSON text), the other takes its answer. No bridge, no loader, no clock beyond the guest's own.

Loading the compiler and parsing the standard library cost seconds of guest time (measured:
bench/bench_lsp.py, bench/profile_lsp.md), far too much per request, so one guest per process is
kept warm and fed requests one at a time (a lock); and the first guest ever started stores its warm
memory in Cordon's verified cache, from which later processes start it (`core/typescript/snapshot.py`).
Every
request has a deadline (the epoch backstop) and the guest a memory cap; a guest that failed a
request in any way (a trap, a timeout, out of memory, a bug) is discarded and the next request
starts a fresh one, so no state a hostile body could shape outlives its failure.
"""

from __future__ import annotations

import atexit
import json
import logging
import threading
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from core.errors import CordonError
from core.paths import resources_dir
from core.typescript import snapshot
from core.typescript.context import SANDBOX_FILE, sandbox_declarations, shipped_pack_files

logger = logging.getLogger(__name__)

#: The guest's heap: the compiler (~45 MB loaded) and a body's program with the ES2023 library.
MEMORY_LIMIT = 768 << 20
#: Guest time one request may take before the guest is discarded (a warm guest answers in tens of
#: ms; a pack's source parsed for the first time takes ~1-2 s).
REQUEST_SECONDS = 30.0
_SIGNATURE = (("__ts_take", False), ("__ts_reply", False))
#: How far the checker's heap may grow past its size after a collection before the next one, as a
#: multiple (QuickJS: 1.5). A collection walks the whole live heap (~60 MB: the compiler, the library,
#: the packs; ~250 ms) and lands in whichever request crosses the line, about one keystroke in 20-30
#: at 1.5; at 3 one in about four times as many, for ~30 MB more heap (bench/profile_lsp.md).
#: Never past half the guest's memory, unless QuickJS's own threshold is.
GC_HEADROOM = 3


class TypeScriptUnavailable(CordonError):
    """The TypeScript guest failed (its deadline, its memory, or a bug): the request has no answer."""

    rule = "typescript-unavailable"


def typescript_dir() -> Path:
    return resources_dir() / "typescript"


@cache
def _program() -> str:
    """The compiler bundle and Cordon's service, evaluated once per guest."""
    bundle = (typescript_dir() / "typescript-guest.js").read_text(encoding="utf-8")
    return bundle + "\n" + resources.files(__package__).joinpath("service.js").read_text(encoding="utf-8")


@cache
def lib_files() -> dict[str, str]:
    """The vendored standard library declarations, by the name the service reads them under."""
    return {f"/lib/{p.name}": p.read_text(encoding="utf-8") for p in sorted((typescript_dir() / "lib").glob("*.d.ts"))}


#: The warm guest's own file: it imports every shipped pack, so its first program parses them all.
WARM_FILE = "/cordon/warm.ts"
#: Guest time starting may take: Cordon's own compiler, library and packs, no body, so no reason to
#: stop early; under a loaded machine a cold start passed the 30 s of a request, which failed the
#: questions waiting for it (the library parsed ~5 s quiet, every shipped pack ~15 s).
START_SECONDS = 300.0


@dataclass(frozen=True)
class WarmState:
    """What a snapshot's guest holds before any request: the sandbox's declarations, which every
    body is checked against (a first program over them parses and binds the library), and the
    types and sources of the packs Cordon ships, parsed, so a first body importing some does not
    wait seconds for their parse (js-yaml's 44 KB: ~1.5 s in the guest). The first request drops
    those its body does not import, as any request does: kept, they tripled the heap every garbage
    collection walks (~290 ms a collection against ~85 ms), which then landed in keystrokes."""

    files: dict[str, str]
    packs: dict[str, str]


def warm_state() -> WarmState:
    from core.packs import default_catalog

    packs, pack_files = shipped_pack_files(default_catalog())
    imports = "".join(f"import {json.dumps(spec)};\n" for spec in sorted(packs))
    return WarmState({SANDBOX_FILE: sandbox_declarations(), WARM_FILE: imports, **pack_files}, packs)


def snapshot_name(warm: WarmState) -> str:
    from core.engine.driver import install

    return snapshot.name(install().digest, _program(), lib_files(), {**warm.files, "packs": json.dumps(warm.packs)})


class TypeScriptGuest:
    """A warm guest with the compiler loaded; `request` is thread-safe (one at a time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._vm: Any = None
        self._request = ""
        self._answer = ""
        #: The files the running guest holds (name -> text): a request sends only what changed.
        self._held: dict[str, str] = {}
        self._packs: dict[str, str] = {}
        #: Guests started by this object: tests tell a discarded guest from a kept one by it.
        self.starts = 0
        #: Milliseconds the last request took inside the guest (the rest is transport and Python).
        self.guest_ms = 0

    def _take(self) -> str:
        return self._request

    def _reply(self, text: str) -> None:
        self._answer = text

    def _functions(self) -> Any:
        return {"__ts_take": (self._take, False), "__ts_reply": (self._reply, False)}

    def _start(self) -> None:
        """A warm guest: from the verified snapshot when Cordon's cache has it (`warm` builds it),
        else a cold one: the compiler evaluated and the library parsed over the sandbox's declarations."""
        from core.engine.driver import GuestVM, VMOptions
        from core.engine.templates import GuestTemplate

        warm = warm_state()
        entry = snapshot_name(warm)
        found = snapshot.load(entry)
        if found is not None:  # the runtime, the compiler and the warm program are in these pages
            _stored.add(entry)
            size, chunks = found
            template = GuestTemplate(size, chunks, _SIGNATURE)
            self._vm = GuestVM(template, VMOptions(self._functions(), memory_limit=MEMORY_LIMIT))
            self._held, self._packs = dict(warm.files), dict(warm.packs)
            self.starts += 1
            return
        self._boot()
        self._call({"op": "prepare", "files": {SANDBOX_FILE: sandbox_declarations()}}, START_SECONDS)
        self._held = {SANDBOX_FILE: sandbox_declarations()}

    def _boot(self) -> None:
        """A fresh guest with the compiler evaluated and the standard library handed over."""
        from core.engine.driver import GuestVM, VMOptions, install
        from core.engine.templates import GuestTemplate

        bare = GuestTemplate(len(install().initial_memory), [], _SIGNATURE)
        vm = GuestVM(bare, VMOptions(self._functions(), memory_limit=MEMORY_LIMIT))
        try:
            vm.set_up(_SIGNATURE)
            vm.arm_epoch(START_SECONDS)
            vm.eval_script(_program(), filename="cordon:typescript")
        except BaseException:
            self._discard(vm)
            raise
        self._vm = vm
        self.starts += 1
        self._call({"op": "setLibs", "libs": lib_files()}, START_SECONDS)

    def _discard(self, vm: Any) -> None:
        self._vm = None
        self._held, self._packs = {}, {}
        try:
            vm.close()
        except Exception:
            logger.exception("closing the TypeScript guest failed")

    def _call(self, request: dict[str, Any], seconds: float = REQUEST_SECONDS) -> Any:
        vm = self._vm
        self._request, self._answer = json.dumps(request), ""
        try:
            vm.arm_epoch(seconds)
            vm.eval_script("__cordon_ls()", filename="cordon:typescript-request")
            vm.arm_epoch(None)
            vm.widen_gc_headroom(GC_HEADROOM, MEMORY_LIMIT // 2)
            answer = json.loads(self._answer)
        except BaseException as exc:
            self._discard(vm)
            if isinstance(exc, Exception):
                logger.warning("the TypeScript guest failed a %s request: %s", request.get("op"), exc)
                raise TypeScriptUnavailable(f"the TypeScript service failed ({type(exc).__name__}: {exc})") from exc
            raise
        finally:
            self._request = ""
        if not answer["ok"]:  # a bug, or a body that broke the compiler: nothing of this guest is trusted on
            self._discard(vm)
            logger.error("the TypeScript service failed a %s request: %s", request.get("op"), answer["error"])
            raise TypeScriptUnavailable(f"the TypeScript service failed: {answer['error'][:300]}")
        self.guest_ms = answer["ms"]
        return answer["value"]

    def request(
        self, op: str, *, files: dict[str, str] | None = None, packs: dict[str, str] | None = None, **fields: Any
    ) -> Any:
        """Ask the service (`service.js`'s OPS); starts the guest on first use or after a failure.

        `files` is the whole set of files the question is about (the body, its declarations, its
        packs' types): only those that changed since the guest last held them cross, and any it
        holds that are not in the set are dropped."""
        with self._lock:
            if self._vm is None:
                self._start()
            message: dict[str, Any] = {"op": op, **fields}
            if files is not None:
                message["files"] = {n: t for n, t in files.items() if self._held.get(n) != t}
                message["remove"] = [n for n in self._held if n not in files]
            if packs is not None and packs != self._packs:
                message["packs"] = packs
            answer = self._call(message)
            if files is not None:
                self._held = dict(files)
            if packs is not None:
                self._packs = dict(packs)
            return answer

    def warm(self) -> None:
        """Start the guest now, and build the snapshot later processes start from if Cordon's cache
        has none (the studio and `cordon lsp` call this in the background, so a first answer is quick)."""
        with self._lock:
            if self._vm is None:
                self._start()
        build_snapshot_later()


def build_snapshot() -> bool:
    """Make the snapshot of a warm guest and store it, unless the cache has it: a guest of its own
    that runs nothing but the shipped compiler, library, sandbox declarations and packs, then its
    memory, before any request about a body could reach it. Whether one was written."""
    from core.engine.driver import install
    from core.engine.templates import changed_pages

    warm = warm_state()
    entry = snapshot_name(warm)
    if entry in _stored or snapshot.exists(entry):
        _stored.add(entry)
        return False
    builder = TypeScriptGuest()
    builder._boot()
    vm = builder._vm
    _builds.add(vm)
    try:
        builder._call({"op": "prepare", "files": warm.files, "packs": warm.packs}, START_SECONDS)
        vm.collect_garbage()
        memory = vm.memory_image()
    finally:
        _builds.discard(vm)
        builder._discard(vm)
    snapshot.store(entry, len(memory), changed_pages(install().initial_memory, memory))
    _stored.add(entry)
    return True


_building = threading.Lock()
#: The guests building a snapshot now: stopped when the process exits (`_stop_builds`).
_builds: set[Any] = set()
#: Snapshots this process knows are in the cache (restored or written): not read again to check.
_stored: set[str] = set()


def build_snapshot_later() -> None:
    """`build_snapshot` on a background thread, one at a time (seconds of guest time, once per
    Cordon version: the next process then starts warm)."""
    global _builder
    if not _building.acquire(blocking=False):
        return

    def build() -> None:
        try:
            build_snapshot()
        except Exception:  # costs only the next start's speed
            if not _exiting.is_set():
                logger.warning("building the TypeScript guest snapshot failed", exc_info=True)
        finally:
            _building.release()

    if _builder is None:
        atexit.register(_stop_builds)
    _builder = threading.Thread(target=build, name="cordon-typescript-snapshot", daemon=True)
    _builder.start()


_builder: threading.Thread | None = None
_exiting = threading.Event()


def _stop_builds() -> None:
    """At exit, stop a build still running (a short `cordon lsp` session ends before one finishes;
    the next process starts cold and builds again) rather than leave its thread inside the guest
    while the interpreter tears down what the guest's host functions use."""
    _exiting.set()
    for vm in list(_builds):
        vm.interrupt()
    if _builder is not None:
        _builder.join(10)


_shared: TypeScriptGuest | None = None
_shared_lock = threading.Lock()


def shared_guest() -> TypeScriptGuest:
    """The process's TypeScript guest (stripping and the language service share it)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = TypeScriptGuest()
        return _shared
