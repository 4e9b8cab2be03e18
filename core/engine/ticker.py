"""The one epoch ticker: a daemon thread that advances every registered wasmtime Engine's epoch.

Epoch interruption is how a wasmtime call is stopped from outside: a store's deadline is a
number of epochs, and something must count them. The QuickJS guest's Engine (its backstop)
and each pack-WASM worker's Engine (its per-call deadline) register here, so one thread
serves the process instead of one per kind of engine. Engines are held weakly: a worker's
Engine that is gone is no longer ticked.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref

import wasmtime

logger = logging.getLogger(__name__)

#: Epoch ticker period: a deadline fires within about one tick after it passes.
TICK_S = 0.01

_engines: weakref.WeakSet[wasmtime.Engine] = weakref.WeakSet()
_lock = threading.Lock()
_started = False


def register(engine: wasmtime.Engine) -> None:
    """Advance `engine`'s epoch every `TICK_S` from now on (starts the thread on first use)."""
    global _started
    with _lock:
        _engines.add(engine)
        if not _started:
            threading.Thread(target=_tick, name="cordon-epoch", daemon=True).start()
            _started = True


def _tick() -> None:
    while True:
        time.sleep(TICK_S)
        with _lock:
            engines = list(_engines)
        for engine in engines:
            engine.increment_epoch()
