"""The guest's WebAssembly module, compiled for the one wasmtime Engine configuration it runs on.

The guest (`core/guest/cordon_guest.wasm`, built by `guest/build.sh`) ships as wasm; its native
code depends on the wasmtime build and the Engine's settings as much as on the wasm. This module
holds those three facts in one place: the wasmtime Cordon was calibrated against (`PINNED`), the
hardened settings (`engine_config`, and `engine_settings`, their part of every compiled module's
cache key, the template images' of `templates.py` too), and the compiled module, compiled once and
read back by later processes from Cordon's verified cache (`core.cache`), or shipped compiled in a
bundle (`ship_precompiled`). Until it exists a process runs on Winch (`quick_engine_config`),
which compiles the guest ~6x faster. The driver (`driver.py`)
builds the process's Engine and instance from it; tests and the packaging check read the pin and
the settings without a guest.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

import wasmtime

from core import cache, guest
from core.engine import wasmtime_capi

#: wasmtime's native stack for guest code. 1.5 MiB holds ~1,200 JS frames (1,225 of a one-line recursion);
#: larger values above wasmtime's async stack size abort the process.
MAX_WASM_STACK = 1536 * 1024

#: The wasmtime the driver (driver.py) was measured against: the JS stack limit is calibrated to its
#: native frame sizes (Cranelift's), and the driver relies on its memory settings.
PINNED = {"wasmtime": "50.0.1"}


def accepted_range(dist: str) -> str:
    """The versions of `dist` the driver runs on: the pinned one and the later patch releases of its
    series (`>=50.0.1,<50.1`). wasmtime's patch releases are backported security and crash fixes, which
    a desktop install should be able to take without waiting for Cordon; a new minor or major release
    may change code generation, so it is refused until the driver is measured against it."""
    major, minor, _ = PINNED[dist].split(".")
    return f">={PINNED[dist]},<{major}.{int(minor) + 1}"


def _release(version: str) -> tuple[int, ...] | None:
    """`50.0.2` -> (50, 0, 2); a pre-release or local version (`51.0.0.dev1`) -> None (never accepted)."""
    parts = version.split(".")
    return tuple(int(p) for p in parts) if len(parts) == 3 and all(p.isdigit() for p in parts) else None


def check_versions() -> None:
    """Refuse to run on a wasmtime the driver was not calibrated against (see `accepted_range`)."""
    for dist, want in PINNED.items():
        have = installed_version(dist)
        pinned, found = _release(want), _release(have)
        if pinned is None or found is None or found[:2] != pinned[:2] or found < pinned:
            raise RuntimeError(
                f"Cordon's engine driver runs on {dist}{accepted_range(dist)}, found {have}; "
                f"reinstall with: pip install '{dist}{accepted_range(dist)}'"
            )


@functools.cache
def installed_version(dist: str) -> str:
    """`importlib.metadata.version(dist)` of a distribution whose package has its name (wasmtime),
    read where importlib.metadata finds it: the `<dist>-<version>.dist-info` folder beside the
    imported package (also in a bundle, which copies it there: installer/cordon.spec). Without
    importing importlib.metadata and the email parser under it, ~10-15 ms of every `cordon run`
    process; anything but exactly one such folder asks importlib.metadata itself."""
    package = Path(str(wasmtime.__file__)).parent if dist == "wasmtime" else None
    if package is not None:
        found = [p.name[len(dist) + 1 : -len(".dist-info")] for p in package.parent.glob(f"{dist}-*.dist-info")]
        if len(found) == 1 and _release(found[0]) is not None:
            return found[0]
    from importlib import metadata

    return metadata.version(dist)


def guest_wasm_bytes() -> bytes:
    return guest.FOLDER.joinpath("cordon_guest.wasm").read_bytes()


def engine_config() -> wasmtime.Config:
    """The hardened Engine's settings: epoch interruption (the backstop), a bounded native stack,
    and linear memories that never move (the driver and the cancel flag address guest memory
    directly; wasmtime reserves a 32-bit memory's whole range up front, so nothing is lost)."""
    cfg = wasmtime.Config()
    cfg.epoch_interruption = True
    cfg.max_wasm_stack = MAX_WASM_STACK
    cfg.memory_may_move = False
    return cfg


#: Guest instances (runs, template and graph-image builds) one process may hold at once: the pooling
#: allocator reserves address space for each up front (4 GiB and a guard per slot, never committed).
POOL_SLOTS = 256
#: The first bytes of a slot's linear memory (the template's image, ~2 MiB, with room) that a slot
#: handed to the next run resets in place, copying back only the pages the last run wrote (Linux's
#: PAGEMAP_SCAN), instead of dropping them: the next run then takes no page fault on them.
KEEP_RESIDENT = 4 << 20
#: Idle slots kept warm (resident) for the next run; past these, a freed slot gives its pages back.
WARM_SLOTS = 8


def use_instance_pool(cfg: wasmtime.Config) -> wasmtime.Config:
    """`cfg` with wasmtime's pooling instance allocator, for the process's one guest Engine.

    Without it, every run mapped a fresh copy-on-write image, faulted in each page it wrote (~70
    for `return 1+1`, a third of a fresh run even with them prefaulted) and unmapped it all at the
    end. A pooled slot is reset to the module's image when the run ends (wasmtime's guarantee: a
    reused slot starts exactly as a fresh instance, see docs/security.md), with the pages the run
    wrote kept resident. wasmtime-py has no wrapper for it yet, so this calls the C API's functions
    through `wasmtime_capi`.
    """
    wasmtime_capi.use_pooling(
        cfg, slots=POOL_SLOTS, max_memory=1 << 32, keep_resident=KEEP_RESIDENT, warm_slots=WARM_SLOTS
    )
    return cfg


def engine_settings() -> str:
    """What native code compiled from a module depends on besides the module."""
    return f"wasmtime-{installed_version('wasmtime')}|epoch|{MAX_WASM_STACK}|fixed-memory"


def _precompiled_name(wasm: bytes) -> str:
    key = hashlib.sha256(wasm + engine_settings().encode()).hexdigest()[:24]
    return f"quickjs-{key}.cwasm"


def quick_engine_config() -> wasmtime.Config:
    """`engine_config()` compiled by Winch, wasmtime's baseline compiler: the guest compiles in
    ~0.15 s instead of Cranelift's ~0.9 s (quiet; 3.5-15 s under load), into code ~1.5x slower.
    A process with no compiled guest yet runs on it while Cranelift compiles (`driver.install`);
    nothing compiled by it is ever cached. wasmtime-py's `Config.strategy` names only "auto" and
    "cranelift", so the C API's setter is called (`wasmtime_capi`)."""
    cfg = engine_config()
    wasmtime_capi.use_winch(cfg)
    return cfg


#: Where a bundle ships the guest compiled for its platform (`ship_precompiled`, installer/build.sh).
SHIPPED = "precompiled"


def precompiled_is_cached() -> bool:
    """Whether the guest's compiled form for this wasmtime and these settings is in the verified
    cache or shipped with the bundle (else the first run starts on Winch while Cranelift compiles:
    seconds of CPU, once). For `cordon doctor`."""
    name = _precompiled_name(guest_wasm_bytes())
    return cache.read(name) is not None or _shipped(name) is not None


def load_precompiled(engine: wasmtime.Engine, wasm: bytes) -> wasmtime.Module | None:
    """The guest module compiled for this machine, from the verified cache or the bundle (bytes
    checked, then deserialized: never `deserialize_file`, as a mapped file could change after the
    check); None when neither has one wasmtime accepts (`compile_precompiled` makes it)."""
    name = _precompiled_name(wasm)
    for data in (cache.read(name), _shipped(name)):
        if data is None:
            continue
        try:
            return deserialize(engine, data)
        except wasmtime.WasmtimeError:  # another wasmtime build, or a CPU without the bundle's features
            continue
    return None


#: Seals that make a memfd's bytes final: no write (through a descriptor or a mapping), no size change,
#: and no seal removed.
_FINAL = ("F_SEAL_SHRINK", "F_SEAL_GROW", "F_SEAL_WRITE", "F_SEAL_SEAL")


def deserialize(engine: wasmtime.Engine, data: bytes) -> wasmtime.Module:
    """A compiled module from its verified bytes (`core.cache`, a bundle's checked file).

    On Linux wasmtime maps them from a sealed memfd (`deserialize_file` on it), so the code pages a run
    never executes are never touched: `Module.deserialize` copies all ~3 MB into fresh memory first,
    ~8 ms of a `cordon run` process against ~1 ms. The seals keep the mapped bytes the verified ones
    (nothing can write, grow or shrink the memfd once sealed, and only this process holds it), which a
    file in the cache folder could not promise: another process could rewrite it under the mapping,
    why a cache path is never given to `deserialize_file`. Anywhere else, or if the memfd cannot be
    made, `Module.deserialize` as before; bytes wasmtime refuses are refused either way."""
    fd = _sealed_memfd(data)
    if fd is not None:
        try:
            return wasmtime.Module.deserialize_file(engine, f"/proc/self/fd/{fd}")
        except wasmtime.WasmtimeError:
            pass  # no /proc, or bytes it refuses: the copying path decides (and raises for the latter)
        finally:
            os.close(fd)
    return wasmtime.Module.deserialize(engine, data)


def _sealed_memfd(data: bytes) -> int | None:
    """A memfd holding `data`, sealed against any change; None where there are no sealed memfds."""
    import fcntl

    memfd_create = getattr(os, "memfd_create", None)
    if memfd_create is None or not all(hasattr(fcntl, name) for name in (*_FINAL, "F_ADD_SEALS")):
        return None
    seals = 0
    for name in _FINAL:
        seals |= int(getattr(fcntl, name))
    try:
        fd: int = memfd_create("cordon-module", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    except OSError:
        return None
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, seals)
    except OSError:
        os.close(fd)
        return None
    return fd


def compile_precompiled(engine: wasmtime.Engine, wasm: bytes) -> wasmtime.Module:
    """Compile the guest with Cranelift for this machine (seconds of CPU) and cache it."""
    module = wasmtime.Module(engine, wasm)
    cache.write(_precompiled_name(wasm), module.serialize())
    return module


def _shipped(name: str) -> bytes | None:
    """The bundle's compiled guest, if its bytes match the sha256 shipped beside it: a damaged
    or swapped file is a miss (the program folder is as trusted as the code, and no workspace may
    overlap it), and wasmtime's own check refuses one for another wasmtime or CPU."""
    folder = shipped_folder()
    try:
        want = folder.joinpath(name + ".sha256").read_text(encoding="ascii").strip()
        data = folder.joinpath(name).read_bytes()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == want else None


def shipped_folder() -> Path:
    """Where a bundle's compiled guest is: `core/guest/precompiled` of the program."""
    return guest.FOLDER / SHIPPED


def ship_precompiled(folder: Path) -> Path:
    """Compile the guest for this machine into `folder` (a bundle's `core/guest/precompiled`) with
    its sha256 beside it, named as the cache names it (wasmtime version, settings, guest digest)."""
    wasm = guest_wasm_bytes()
    data = wasmtime.Module(wasmtime.Engine(engine_config()), wasm).serialize()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / _precompiled_name(wasm)
    path.write_bytes(data)
    path.with_name(path.name + ".sha256").write_text(hashlib.sha256(data).hexdigest(), encoding="ascii")
    return path
