"""Waiting for state another thread changes, from a coroutine or from a plain thread.

A run owns its thread and event loop (`run_in_sandbox` is synchronous), while
the thing it waits on lives elsewhere: a downstream consumer draining
emissions, an upstream node pushing stream items, a GUI pressing Cancel. Both
the emit queue and the input streams need "park until this predicate holds"
from either side, so that one mechanism lives here.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable


class Rendezvous:
    """A lock plus waiters: coroutines (any loop) and threads park until `notify()`.

    Mutate the guarded state only inside `with rendezvous.lock:`, then call
    `notify()`; predicates are evaluated under the lock.
    """

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self._futures: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    async def wait_for(self, predicate: Callable[[], bool]) -> None:
        """Park the calling coroutine until `predicate()` is true."""
        loop = asyncio.get_running_loop()
        while True:
            with self.lock:
                if predicate():
                    return
                future: asyncio.Future[None] = loop.create_future()
                self._futures.append((loop, future))
            try:
                await future
            finally:
                with self.lock:
                    if (loop, future) in self._futures:
                        self._futures.remove((loop, future))

    def wait_for_sync(self, predicate: Callable[[], bool], timeout: float | None = None) -> bool:
        """Block the calling thread until `predicate()` is true (False on timeout)."""
        with self.lock:
            return self.lock.wait_for(predicate, timeout)

    def notify(self) -> None:
        """Wake every waiter so it re-checks its predicate. Safe from any thread."""
        with self.lock:
            self.lock.notify_all()
            futures, self._futures = self._futures, []
        for loop, future in futures:
            with contextlib.suppress(RuntimeError):  # that loop is closed: its run is over
                loop.call_soon_threadsafe(_wake, future)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
