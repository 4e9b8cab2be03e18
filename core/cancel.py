"""A cancel handle that any thread may fire.

`run_in_sandbox(hooks=RunHooks(cancel=handle))` subscribes the run; `handle.cancel()` from the
GUI thread (or anywhere) stops a CPU-bound guest loop within milliseconds
through the interrupt flag, and cancels whatever host call the guest awaits.
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class CancelHandle:
    """Thread-safe, one-way: once cancelled, always cancelled."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[], None]] = []

    def cancel(self) -> None:
        with self._lock:
            if self._event.is_set():
                return
            self._event.set()
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call `callback` on cancel (now, if already cancelled). Returns an unsubscribe."""
        with self._lock:
            if not self._event.is_set():
                self._callbacks.append(callback)
                return lambda: self._unsubscribe(callback)
        callback()
        return lambda: None

    def _unsubscribe(self, callback: Callable[[], None]) -> None:
        with self._lock:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
