"""The one epoch ticker: a daemon thread that advances every registered wasmtime Engine's epoch.

Epoch interruption is how a wasmtime call is stopped from outside: a store's deadline is a
number of epochs, and something must count them. The QuickJS guest's Engine (its backstop)
and each pack-WASM worker's Engine (its per-call deadline) register here, so one thread
serves the process instead of one per kind of engine.

Engines are held strongly, for as long as their owner lives. Holding them weakly let an Engine
be freed while this thread ticked it: Python runs an object's finalizer before it clears the
object's weak references, and wasmtime-py's finalizer frees the native engine in a foreign call
that releases the GIL, so the ticker could reach the engine through the set, read its still-set
pointer and increment a freed engine (a segfault seen in CI). Now an owner's death only removes
the entry; the last reference to an Engine is dropped either by its owner after the entry is
gone, or by this thread after its tick, never while it is being ticked.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
import weakref

import wasmtime

logger = logging.getLogger(__name__)

#: Epoch ticker period: a deadline fires within about one tick after it passes.
TICK_S = 0.01

_engines: dict[int, wasmtime.Engine] = {}
_keys = itertools.count()
_lock = threading.Lock()
_started = False


def register(engine: wasmtime.Engine, owner: object | None = None) -> None:
    """Advance `engine`'s epoch every `TICK_S` while `owner` lives (None: for the whole process);
    starts the thread on first use."""
    global _started
    key = next(_keys)
    with _lock:
        _engines[key] = engine
        if not _started:
            threading.Thread(target=_tick, name="cordon-epoch", daemon=True).start()
            _started = True
    if owner is not None:
        weakref.finalize(owner, _unregister, key)


def registered() -> int:
    """How many engines are ticked now (for tests and diagnostics)."""
    with _lock:
        return len(_engines)


def _unregister(key: int) -> None:
    with _lock:
        _engines.pop(key, None)


def _tick() -> None:
    while True:
        time.sleep(TICK_S)
        with _lock:
            engines = list(_engines.values())
        for engine in engines:
            engine.increment_epoch()
        del engines  # an engine unregistered meanwhile is freed here, on this thread, after its tick
