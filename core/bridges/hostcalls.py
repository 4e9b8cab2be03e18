"""Host calls: the host work of a run, in that run's host worker process (`core/hostwork`).

`in_host_worker(scope, fn, *args)` runs `fn(*args)` in the run's worker and returns its result;
`in_host_worker_for_guest` returns it as the guest's transport takes it, encoded in the worker.
The first such call of a run takes a worker (the spare, or a new fork; `_RunWorker`, a
`RunLocal` of the run) and lowers its memory and CPU limits to the run's; a run that makes none
starts nothing. Calls of one run take turns on its worker. When the run ends, however it ends,
`RunScope.end()` kills the worker; a call stopped by the run's deadline or cancel kills it at
once. So host work never outlives its run, never holds the engine's GIL, and never queues the
next run behind it.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core.bridges.base import RunLocal, RunScope
from core.errors import RunCancelled
from core.hostwork import check_platform

if TYPE_CHECKING:  # the client (cloudpickle, msgpack) is imported by the first host call, not by every run
    from core.hostwork.client import HostWorker
    from core.transport import Encoded

#: CPU seconds a worker may use beyond its run's timeout (a run without a timeout: no CPU cap).
CPU_SLACK_S = 5


class _RunWorker:
    """A run's worker, taken by its first host call; killed when the run ends."""

    def __init__(self, scope: RunScope) -> None:
        self.scope = scope
        self.worker: HostWorker | None = None
        self.ended = False
        self._starting = asyncio.Lock()
        scope.at_end(self.end)

    async def get(self) -> HostWorker:
        async with self._starting:
            if self.ended:  # a call of a run that is over (its op outlived it): no new worker for it
                raise RunCancelled("the run is over")
            self.scope.check_alive()  # a stopped run's waiting calls start nothing
            if self.worker is None or self.worker.dead:
                began = time.perf_counter()
                from core.hostwork.client import take_worker

                timeout = self.scope.limits.timeout_s
                cpu = None if timeout is None else int(timeout) + CPU_SLACK_S
                self.worker = worker = await take_worker(self.scope.limits.hostWorkerMemoryBytes, cpu)
                missing = [line for line in str(worker.layers.get("missing") or "").splitlines() if line]
                for line in missing:
                    warning = f"host worker confinement: {line}"
                    if warning not in self.scope.warnings:
                        self.scope.warnings.append(warning)
                held = [k for k, v in worker.layers.items() if k not in ("missing", "confine_us") and v]
                self.scope.host_worker = {
                    "start_ms": round((time.perf_counter() - began) * 1000, 3),
                    "layers": held,
                    "missing": missing,
                }
            return self.worker

    def end(self) -> None:
        self.ended = True
        if self.worker is not None:
            self.worker.kill()


_RUN_WORKER = RunLocal(_RunWorker)
#: Words of a body that may lead to host work: an import (a pack) or a media global.
_MAY_NEED_WORKER = re.compile(r"\bimport\b|\b(?:image|audio|video)\.|\bcreateCanvas\b")


def prestart_if_needed(code: str) -> None:
    """If `code` may do host work, start the zygote and a spare worker now, in the background.

    Called as a run is set up, so a one-shot process (`cordon run`) forks its worker while the
    engine builds the guest instead of after the first host call asks. A guess from the text:
    a wrong yes costs a background process, a wrong no only the wait this saves.
    """
    if hasattr(os, "fork") and _MAY_NEED_WORKER.search(code):
        from core.hostwork.client import SPARE

        SPARE.refill()


async def _worker_of(scope: RunScope) -> HostWorker:
    """The run's worker for one call; a stopped run's call, or one where there is no fork, starts none."""
    scope.check_alive()
    check_platform()
    return await _RUN_WORKER.of(scope).get()


async def in_host_worker(scope: RunScope, fn: Callable[..., Any], *args: Any) -> Any:
    """`fn(*args)` in this run's host worker process, under its deadline and cancel.

    `fn` and `args` must pickle (cloudpickle: closures do, over plain values, bytes, Pillow
    images and media items; never the run's scope). The result must be a wire value
    (`core/hostwork/wire.py`). A refusal the work raises reaches the run as it was raised.
    """
    worker = await _worker_of(scope)
    return await worker.call(fn, args, scope.clock.deadline())


async def in_host_worker_for_guest(scope: RunScope, fn: Callable[..., Any], *args: Any) -> Encoded:
    """`in_host_worker`, for a result that goes to the guest as it is (a host pack's): the worker
    encodes it for the guest's transport and the engine hands that on (`core.transport.Encoded`).

    A large result then costs the engine no Python objects: a 5 MB csv's 153k rows would take
    ~0.3 s to decode from the worker's frame and encode again, more than the worker's whole round
    trip. The result must be a transport value (what `core.transport.encode` takes).
    """
    worker = await _worker_of(scope)
    encoded: Encoded = await worker.call(fn, args, scope.clock.deadline(), for_guest=True)
    return encoded
