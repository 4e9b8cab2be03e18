"""Guest templates: the guest's memory after its prelude ran, kept per prelude for every run to start from.

Building and hardening a guest (its runtime, context, host functions and prelude) costs ~30-100 ms;
a run cannot pay that. So it is done once per process per prelude text (`template_for`, a few kept)
by a VM that is then discarded, and what it left is kept here: first as the pages that differ from
a freshly instantiated guest (`changed_pages`), which each run's VM writes over its fresh instance,
and once the template is hot as the guest module with that memory baked in (`core/engine/image.py`),
compiled in the background and cached through `core.cache`, which wasmtime maps copy-on-write into
each instance. A graph image (`core/engine/graph_image.py`) is a template too: a layer of pages over
this one. The VM (`driver.py`) only reads a template; the template builds with a VM, so this module
sits above the driver.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

import wasmtime

from core import cache
from core.engine import guest_module, image
from core.engine.driver import GuestVM, HostFunctions, VMOptions, _Guest, install

#: Runs from one template before its image module is compiled (a second of CPU in the background).
BAKE_AFTER_RUNS = 16
#: The guest's shadow stack: the first 1 MiB of linear memory (guest/build.sh links it first), dead
#: between calls, so a template never copies it.
_SHADOW_STACK = 1 << 20


class GuestTemplate:
    """A guest whose runtime, context and prelude exist. Built once per process per prelude text,
    shared by all threads.

    A run starts from it in one of two ways. At first, it instantiates the shipped module and
    writes the pages that differ from a fresh instance (`chunks`). Once the template is hot (or
    its image is in Cordon's cache already), `module` is the shipped module with this memory baked
    into its data segments (core/engine/image.py): wasmtime maps it copy-on-write into each
    instance, so a run pays only for the pages it touches. The image module is compiled in a
    background thread (about a second) and its native code cached through `core.cache`.
    """

    PAGE = 4096

    def __init__(
        self,
        size: int,
        chunks: list[tuple[int, bytes]],
        signature: tuple[tuple[str, bool], ...],
        image: bytes | None = None,
    ) -> None:
        self.size = size
        self.chunks = chunks
        self.signature = signature
        self.module: wasmtime.Module | None = None
        self._image = image
        self._uses = 0
        self._lock = threading.Lock()
        #: Whether Cordon's cache was asked for the baked module (only ever on the final compiler).
        self._cache_tried = False

    def module_for_run(self, guest: _Guest | None = None) -> wasmtime.Module | None:
        """The baked module when it is ready; counts the use, and starts baking once hot. None on a
        provisional guest (Winch, while Cranelift compiles): a module baked now would be for the
        compiler the process is leaving, so the template's pages are written instead."""
        if (guest or install()).provisional:
            return None
        if not self._cache_tried:
            self.load_cached()
        if self.module is None and self._image is not None:
            with self._lock:
                self._uses += 1
                start = self._uses == BAKE_AFTER_RUNS
            if start:
                threading.Thread(target=self._bake, name="cordon-guest-image", daemon=True).start()
        return self.module

    def bake_now(self) -> None:
        """Compile the image module on this thread (a warm-up already in the background), unless it
        exists or the use counter started a bake; the counter then never starts a second one."""
        self.load_cached()
        with self._lock:
            claimed = (
                self.module is None
                and self._image is not None
                and self._uses < BAKE_AFTER_RUNS
                and not install().provisional
            )
            if claimed:
                self._uses = BAKE_AFTER_RUNS + 1
        if claimed:
            self._bake()

    def _baked(self) -> tuple[str, bytes]:
        assert self._image is not None
        wasm = image.bake(install().wasm, self._image, skip_below=_SHADOW_STACK)
        return f"image-{hashlib.sha256(wasm + guest_module.engine_settings().encode()).hexdigest()[:24]}.cwasm", wasm

    def load_cached(self) -> None:
        """Use the baked module at once if Cordon's cache holds its verified native code (asked
        once, and only on the final compiler: `module_for_run` asks when the process gets it)."""
        if self._cache_tried or self._image is None or install().provisional:
            return
        self._cache_tried = True
        name, _ = self._baked()
        data = cache.read(name)
        if data is not None:
            try:
                self.module = wasmtime.Module.deserialize(install().engine, data)
                self._image = None
            except wasmtime.WasmtimeError:
                pass

    def _bake(self) -> None:
        if install().provisional:  # for the compiler the process is leaving: never (module_for_run)
            return
        name, wasm = self._baked()
        module = wasmtime.Module(install().engine, wasm)
        cache.write(name, module.serialize())
        self.module = module
        self._image = None

    @classmethod
    def build(cls, prelude: str, functions: HostFunctions) -> GuestTemplate:
        guest = install()
        signature = tuple((name, is_async) for name, (_, is_async) in functions.items())
        bare = cls(len(guest.initial_memory), [], signature)
        with GuestVM(bare, VMOptions(functions, memory_limit=64 << 20, building=True)) as vm:
            vm.set_up(signature)
            vm.eval_script(prelude, filename="cordon:prelude")
            vm.collect_garbage()
            memory = vm.memory_image()
        return cls(len(memory), changed_pages(guest.initial_memory, memory), signature, memory)


def changed_pages(base: bytes | bytearray, memory: bytes) -> list[tuple[int, bytes]]:
    """The pages of `memory` that differ from `base`, as (offset, bytes) runs of adjacent pages: what
    a template (or a graph image, over its template) writes into a fresh instance. A page past the
    end of `base` differs unless it is zero (grown memory is zero already); the guest's shadow stack
    (below `_SHADOW_STACK`) is dead between calls and never copied."""
    page = GuestTemplate.PAGE
    old, new = memoryview(base), memoryview(memory)
    runs: list[list[int]] = []
    for offset in range(_SHADOW_STACK, len(memory), page):
        block = new[offset : offset + page]
        if block == old[offset : offset + page] or (offset >= len(base) and not any(block)):
            continue
        if runs and runs[-1][1] == offset:
            runs[-1][1] = offset + len(block)
        else:
            runs.append([offset, offset + len(block)])
    return [(start, bytes(new[start:end])) for start, end in runs]


_templates: OrderedDict[str, GuestTemplate] = OrderedDict()
_templates_lock = threading.Lock()
#: Templates are built one at a time: a run that needs the template the studio is warming in the
#: background waits for that build instead of making a second one beside it.
_build_lock = threading.Lock()
_TEMPLATES_KEPT = 8


def template_for(prelude: str, functions: HostFunctions) -> GuestTemplate:
    """The cached template for this prelude (built on first use, a few kept)."""
    with _templates_lock:
        template = _templates.get(prelude)
        if template is not None:
            _templates.move_to_end(prelude)
            return template
    with _build_lock:
        with _templates_lock:
            template = _templates.get(prelude)
        if template is None:
            template = GuestTemplate.build(prelude, functions)
            template.load_cached()
            with _templates_lock:
                _templates[prelude] = template
                while len(_templates) > _TEMPLATES_KEPT:
                    _templates.popitem(last=False)
    return template


def cached_template(prelude: str) -> GuestTemplate | None:
    """The template for this prelude if one was built (none is built here)."""
    with _templates_lock:
        return _templates.get(prelude)
