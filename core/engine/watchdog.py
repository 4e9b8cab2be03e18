"""One process-wide watchdog thread for every run's wall-clock deadline.

A guest in a CPU loop holds its thread, so a run cannot time itself out from
its own event loop. The watchdog wakes at the earliest deadline and asks the
run whether it is really past it (suspended time moves a deadline later).
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable

#: check() returns the new absolute deadline, or None when the run is done/stopped.
Check = Callable[[], float | None]

_lock = threading.Condition()
_heap: list[tuple[float, int, Check]] = []
_seq = itertools.count()
_thread: threading.Thread | None = None


def watch(deadline: float, check: Check) -> None:
    """Call `check` at `deadline`; re-arm at whatever deadline it returns.

    The thread is woken only when this deadline is the new earliest: it already waits for an
    earlier one and looks at the heap then. Runs start one after another with the same budget,
    so most deadlines are later than the ones pending, and a wake-up per run cost every run a
    thread switch (the woken thread takes the GIL from the run).
    """
    global _thread
    with _lock:
        entry = (deadline, next(_seq), check)
        heapq.heappush(_heap, entry)
        if _thread is None:
            _thread = threading.Thread(target=_loop, name="cordon-watchdog", daemon=True)
            _thread.start()
        if _heap[0] is entry:
            _lock.notify()


def _loop() -> None:
    while True:
        with _lock:
            while not _heap:
                _lock.wait()
            deadline, _, check = _heap[0]
            delay = deadline - time.monotonic()
            if delay > 0:
                _lock.wait(delay)
                continue
            heapq.heappop(_heap)
        again = check()
        if again is not None:
            watch(again, check)
