"""Guest templates: the guest's memory after its prelude ran, kept per prelude for every run to start from.

Building and hardening a guest (its runtime, context, host functions and prelude) costs ~30-100 ms;
a run cannot pay that. So it is done once per prelude text (`template_for`, a few kept in a process)
by a VM that is then discarded, and what it left is kept here, and in Cordon's cache for the next
process, which reads it back in ~1 ms (a one-run process such as `cordon run` built it every time):
first as the pages that differ from
a freshly instantiated guest (`changed_pages`), which each run's VM writes over its fresh instance,
and once the template is hot as the guest module with that memory baked in (`core/engine/image.py`),
compiled in the background and cached through `core.cache`, which wasmtime maps copy-on-write into
each instance. A graph image (`core/engine/graph_image.py`) is a template too: a layer of pages over
this one. The VM (`driver.py`) only reads a template; the template builds with a VM, so this module
sits above the driver.
"""

from __future__ import annotations

import functools
import hashlib
import struct
import threading
from collections import OrderedDict
from pathlib import Path

import wasmtime

from core import cache
from core.engine import driver, guest_module, image
from core.engine.driver import _BUILD_CLOCK_NS, GuestVM, HostFunctions, VMOptions, _Guest, install

#: Runs from one template before its image module is compiled (a second of CPU in the background).
BAKE_AFTER_RUNS = 16
#: The guest's shadow stack: the first 1 MiB of linear memory (guest/build.sh links it first), dead
#: between calls, so a template never copies it.
_SHADOW_STACK = 1 << 20
#: Linear memory a template's build may use (its VM's cap).
_BUILD_MEMORY = 64 << 20
#: Part of a template's cache key besides the guest build, the prelude and the host functions'
#: order; the code that builds one is in the key too, by its bytes (`_recipe`).
_RECIPE = "template/1"


class GuestTemplate:
    """A guest whose runtime, context and prelude exist. Built once per prelude text (and read back
    from Cordon's cache by later processes), shared by all threads.

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
        *,
        key: str | None = None,
    ) -> None:
        self.size = size
        self.chunks = chunks
        self.signature = signature
        self.module: wasmtime.Module | None = None
        self._image = image
        #: A prelude's template: what it was built from (`_key`), which names its cache entries, so
        #: a process finds them without building or baking anything. None for a graph's.
        self.key = key
        #: Whether an image module may still be baked from it (its memory is kept, or, for a template
        #: read from the cache, rebuilt from its pages when the bake starts: `_memory`).
        self._bakeable = image is not None or key is not None
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
        if self.module is None and self._bakeable:
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
                self.module is None and self._bakeable and self._uses < BAKE_AFTER_RUNS and not install().provisional
            )
            if claimed:
                self._uses = BAKE_AFTER_RUNS + 1
        if claimed:
            self._bake()

    def _image_name(self, wasm: bytes | None = None) -> str:
        """The image module's cache name: from the template's key when it has one (no bake needed to
        look it up), else from the baked module itself (`wasm`)."""
        settings = guest_module.engine_settings().encode()
        if self.key is not None:
            return f"image-{hashlib.sha256(self.key.encode() + settings).hexdigest()[:24]}.cwasm"
        assert wasm is not None
        return f"image-{hashlib.sha256(wasm + settings).hexdigest()[:24]}.cwasm"

    def _memory(self) -> bytes:
        """The template's whole memory: kept from its build, or rebuilt from the pages it was read back
        as (the fresh instance's memory, grown to its size, with its pages over it: what a run starts
        from, and the shadow stack below them is never baked)."""
        if self._image is None:
            memory = bytearray(install().initial_memory[: self.size].ljust(self.size, b"\0"))
            for offset, block in self.chunks:
                memory[offset : offset + len(block)] = block
            self._image = bytes(memory)
        return self._image

    def load_cached(self) -> None:
        """Use the baked module at once if Cordon's cache holds its verified native code (asked
        once, and only on the final compiler: `module_for_run` asks when the process gets it)."""
        if self._cache_tried or not self._bakeable or install().provisional:
            return
        self._cache_tried = True
        name = self._image_name() if self.key is not None else self._image_name(self._baked_wasm())
        data = cache.read(name)
        if data is not None:
            try:
                self.module = guest_module.deserialize(install().engine, data)
                self._done_baking()
            except wasmtime.WasmtimeError:
                pass

    def _baked_wasm(self) -> bytes:
        return image.bake(install().wasm, self._memory(), skip_below=_SHADOW_STACK)

    def _done_baking(self) -> None:
        self._image = None
        self._bakeable = False

    def _bake(self) -> None:
        if install().provisional:  # for the compiler the process is leaving: never (module_for_run)
            return
        wasm = self._baked_wasm()
        module = wasmtime.Module(install().engine, wasm)
        cache.write(self._image_name(wasm), module.serialize())
        self.module = module
        self._done_baking()

    @classmethod
    def build(cls, prelude: str, functions: HostFunctions) -> GuestTemplate:
        """The template for `prelude`: read back from Cordon's cache when a process built it before
        (its pages, digest-checked like every cache entry, ~1 ms), else built by running the prelude
        in a fresh guest (~25-40 ms, then cached). Its memory depends only on what `_key` names."""
        guest = install()
        signature = tuple((name, is_async) for name, (_, is_async) in functions.items())
        key = _key(guest, prelude, signature)
        cached = _read_pages(cache.read(f"template-{key}.pages"))
        if cached is not None:
            size, chunks = cached
            return cls(size, chunks, signature, key=key)
        bare = cls(len(guest.initial_memory), [], signature)
        with GuestVM(bare, VMOptions(functions, memory_limit=_BUILD_MEMORY, building=True)) as vm:
            vm.set_up(signature)
            vm.eval_script(prelude, filename="cordon:prelude")
            vm.collect_garbage()
            memory = vm.memory_image()
        template = cls(len(memory), changed_pages(guest.initial_memory, memory), signature, memory, key=key)
        cache.write(f"template-{key}.pages", _pages_bytes(template.size, template.chunks))
        return template


def _key(guest: _Guest, prelude: str, signature: tuple[tuple[str, bool], ...]) -> str:
    """What a prelude's template memory is a function of: the guest build, the prelude, the host
    functions' order and how a build runs (its fixed clock, its memory cap, `_RECIPE`). The build is
    deterministic in these (the guest's clock is fixed while it builds, so the same memory comes out
    in every process), so the key stands for the memory it names."""
    recipe = f"{_recipe()}|{guest.digest}|{_BUILD_CLOCK_NS}|{_BUILD_MEMORY}|{signature!r}|"
    return hashlib.sha256(recipe.encode() + prelude.encode("utf-8", "surrogatepass")).hexdigest()[:32]


@functools.cache
def _recipe() -> str:
    """`_RECIPE` and the code that builds a template (this module and the driver's set-up), by their
    own bytes: a change there that leaves other memory names new entries, with no version number to
    remember to bump. Where the sources are not files (a frozen bundle), Cordon's version stands
    for them: a bundle's code does not change under it."""
    digest = hashlib.sha256(_RECIPE.encode())
    for source in (__file__, driver.__file__):
        path = Path(source or "")
        if path.suffix == ".py" and path.is_file():
            digest.update(path.read_bytes())
        else:
            digest.update(guest_module.installed_version("cordon-studio").encode())
    return digest.hexdigest()[:16]


_PAGES_HEAD = struct.Struct("<QI")
_RUN_HEAD = struct.Struct("<QQ")


def _pages_bytes(size: int, chunks: list[tuple[int, bytes]]) -> bytes:
    """A template's pages as one cache entry: its size and count, then each run's offset, length and bytes."""
    parts = [_PAGES_HEAD.pack(size, len(chunks))]
    for offset, block in chunks:
        parts += [_RUN_HEAD.pack(offset, len(block)), block]
    return b"".join(parts)


def _read_pages(data: bytes | None) -> tuple[int, list[tuple[int, bytes]]] | None:
    """`_pages_bytes` read back; None for a missing entry, or one of another layout (rebuilt)."""
    if data is None or len(data) < _PAGES_HEAD.size:
        return None
    size, count = _PAGES_HEAD.unpack_from(data)
    chunks, at = [], _PAGES_HEAD.size
    for _ in range(count):
        if at + _RUN_HEAD.size > len(data):
            return None
        offset, length = _RUN_HEAD.unpack_from(data, at)
        at += _RUN_HEAD.size
        if at + length > len(data) or offset + length > size:
            return None
        chunks.append((offset, data[at : at + length]))
        at += length
    return (size, chunks) if at == len(data) else None


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
