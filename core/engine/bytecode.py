"""Compiled modules: the guest's own QuickJS bytecode of a module, kept in Cordon's verified cache.

Compiling a pack from source is most of what importing it costs a run (js-yaml's 43 KB: several
milliseconds of the guest's parser, every run). So the first run that loads a module asks the guest
for the bytecode of its compile (`cordon.compiled`), and later runs hand the guest that bytecode
instead of the source: QuickJS reads it back into a module that is compiled but was never linked
or evaluated, so its top-level code still runs once in every run and its state starts fresh.

Bytecode is code, and QuickJS's reader trusts it (a crafted blob corrupts the guest's heap). So an
entry is only ever:

* produced by this process's guest, compiling source the run's module graph served (verified pack
  files), in a VM where nothing but the prelude has run yet (modules are all loaded before any
  evaluates);
* keyed by the sha256 of the guest wasm, the module id and the source, so a rebuilt guest or a
  changed byte of the pack gives a new key and the old entry is never asked for;
* stored and read through `core.cache`, which serves bytes only when they match the digest recorded
  under the data dir when Cordon wrote them (a planted or changed file is a miss: the run compiles
  from source again and rewrites the entry).

See docs/security.md, "Compiled pack modules". Entries served once are kept in memory (verified
bytes; a few MB at most), so a run does not read and hash the file again.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict

from core import cache

logger = logging.getLogger(__name__)

#: Bumped when what is stored changes shape (the guest's own changes are in its wasm digest).
FORMAT = b"cordon-bytecode/1"
#: Bytes of verified bytecode kept in memory across runs (js-yaml's is ~60 KB).
MEMORY_BUDGET = 16 << 20
#: (guest, module id, source) -> entry name, remembered for this many modules.
NAMES_KEPT = 512

_names: OrderedDict[tuple[str, str, str], str] = OrderedDict()
_memory: OrderedDict[str, bytes] = OrderedDict()
_memory_bytes = 0
_lock = threading.Lock()
#: Modules served as bytecode and modules compiled from source for the cache, in this process:
#: what tests and benchmarks read to tell a cached load from a compile without timing anything.
counts = {"served": 0, "compiled": 0}


def name(guest_digest: str, module_id: str, source: str) -> str:
    """The entry's name: a digest of everything the bytecode depends on (the guest build, the
    module id it is compiled under, the source). Remembered per (module id, source) so a run does
    not hash a pack's source again: the catalog serves the same string every run."""
    memo = (guest_digest, module_id, source)
    found = _names.get(memo)
    if found is None:
        h = hashlib.sha256(FORMAT)
        for part in (guest_digest, module_id, source):
            data = part.encode("utf-8", "surrogatepass")
            h.update(len(data).to_bytes(8, "little"))
            h.update(data)
        found = f"bytecode/{h.hexdigest()[:40]}.qjsbc"
        with _lock:
            _names[memo] = found
            while len(_names) > NAMES_KEPT:
                _names.popitem(last=False)
    return found


def get(name: str) -> bytes | None:
    """The verified bytecode stored under `name`, or None (never stored, or refused by `core.cache`)."""
    with _lock:
        data = _memory.get(name)
        if data is not None:
            _memory.move_to_end(name)
    if data is None:
        data = cache.read(name)
        if data is None:
            return None
        _remember(name, data)
    counts["served"] += 1
    return data


def put(name: str, data: bytes) -> None:
    """Keep the bytecode the guest just compiled; a cache that cannot be written costs only speed."""
    counts["compiled"] += 1
    _remember(name, data)
    try:
        cache.write(name, data)
    except OSError:
        logger.warning("could not write compiled module %s to the cache", name, exc_info=True)


def _remember(name: str, data: bytes) -> None:
    global _memory_bytes
    with _lock:
        if name in _memory:
            return
        _memory[name] = data
        _memory_bytes += len(data)
        while _memory_bytes > MEMORY_BUDGET and len(_memory) > 1:
            _, dropped = _memory.popitem(last=False)
            _memory_bytes -= len(dropped)
