"""The TypeScript guest: one long-lived Cordon guest running the TypeScript compiler, with no capabilities.

A body is untrusted, and stripping its types or checking it means running TypeScript's parser and
checker on it, so that never happens as host code (docs/security.md, "TypeScript"). The compiler
(`resources/typescript/typescript-guest.js`, the JavaScript build of `typescript` 5.9 and
`ts-blank-space`) and Cordon's service (`service.js` beside this module) run in Cordon's own
QuickJS-ng guest, the one runs use, with two host functions only: one hands the guest the request
(JSON text), the other takes its answer. No bridge, no loader, no clock beyond the guest's own.

Loading the compiler costs ~1.3 s of guest time (measured: bench/bench_lsp.py), far too much per
request, so one guest per process is kept warm and fed requests one at a time (a lock). Every
request has a deadline (the epoch backstop) and the guest a memory cap; a guest that failed a
request in any way (a trap, a timeout, out of memory, a bug) is discarded and the next request
starts a fresh one, so no state a hostile body could shape outlives its failure.
"""

from __future__ import annotations

import json
import logging
import threading
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from core.errors import CordonError
from core.paths import resources_dir

logger = logging.getLogger(__name__)

#: The guest's heap: the compiler (~45 MB loaded) and a body's program with the ES2023 library.
MEMORY_LIMIT = 768 << 20
#: Guest time one request may take before the guest is discarded (a loaded compiler answers in ms;
#: the first check of a program parses the library, ~2 s in the guest).
REQUEST_SECONDS = 30.0
_SIGNATURE = (("__ts_take", False), ("__ts_reply", False))


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

    def _take(self) -> str:
        return self._request

    def _reply(self, text: str) -> None:
        self._answer = text

    def _start(self) -> Any:
        from core.engine.driver import GuestVM, HostFunctions, VMOptions, install
        from core.engine.templates import GuestTemplate

        guest = install()
        bare = GuestTemplate(len(guest.initial_memory), [], _SIGNATURE)
        functions: HostFunctions = {"__ts_take": (self._take, False), "__ts_reply": (self._reply, False)}
        vm = GuestVM(bare, VMOptions(functions, memory_limit=MEMORY_LIMIT))
        try:
            vm.set_up(_SIGNATURE)
            vm.arm_epoch(REQUEST_SECONDS)
            vm.eval_script(_program(), filename="cordon:typescript")
            self._vm = vm
            self.starts += 1
            self._call({"op": "setLibs", "libs": lib_files()})
        except BaseException:
            self._discard(vm)
            raise
        return vm

    def _discard(self, vm: Any) -> None:
        self._vm = None
        self._held, self._packs = {}, {}
        try:
            vm.close()
        except Exception:
            logger.exception("closing the TypeScript guest failed")

    def _call(self, request: dict[str, Any]) -> Any:
        vm = self._vm
        self._request, self._answer = json.dumps(request), ""
        try:
            vm.arm_epoch(REQUEST_SECONDS)
            vm.eval_script("__cordon_ls()", filename="cordon:typescript-request")
            vm.arm_epoch(None)
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
        """Start the guest now (the studio does this in the background, so a first completion is quick)."""
        with self._lock:
            if self._vm is None:
                self._start()


_shared: TypeScriptGuest | None = None
_shared_lock = threading.Lock()


def shared_guest() -> TypeScriptGuest:
    """The process's TypeScript guest (stripping and the language service share it)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = TypeScriptGuest()
        return _shared
