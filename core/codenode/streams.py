"""Input streams: the input side of `emit` (reference, "Input streams").

    for await (const item of stream(name))            // one handle, in order, until EOS
    for await (const [handle, item] of stream.any())  // every handle, arrival order
    const item = await stream.first(name)             // next value, undefined at EOS
    stream.open(name)                                 // could more still arrive? (sync)

The host side is `InputStreams`: one inbox per connected handle that anything
(an upstream node, a test, the headless runner's staged items) feeds with
`push`/`close` from any thread. The guest *pulls*, so an item the body has
not asked for stays in the inbox.

Waiting is not executing: a take parked on an empty inbox runs inside
`scope.clock.suspended()`, so `timeoutMs` meters the body's own work and a
slow upstream cannot kill a correct consumer. What bounds the wait is
cancellation: a cancelled run unparks every take as end-of-stream.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.bridges.base import Op, RunScope, ServiceKey, Surface
from core.cancel import CancelHandle
from core.codenode.contract import check_declared
from core.codenode.rendezvous import Rendezvous
from core.errors import SandboxRefusal
from core.guest import surface_js


class InputStreams:
    """Per-handle inboxes of one node run. Thread-safe; items keep their arrival order."""

    def __init__(self, handles: Iterable[str]) -> None:
        self.handles = tuple(dict.fromkeys(handles))
        self._inbox: dict[str, deque[tuple[int, Any]]] = {h: deque() for h in self.handles}
        self._open = set(self.handles)
        self._seq = itertools.count()
        self._sync = Rendezvous()
        #: Takes currently parked on an empty inbox (observability for hosts and tests).
        self.parked = 0

    @classmethod
    def staged(cls, items: Mapping[str, Sequence[Any]], order: Sequence[str] = ()) -> InputStreams:
        """Everything known up front, then end-of-stream: arrival is round-robin by index,
        across handles in `order` (the node's declared inputs) then any others."""
        handles = [h for h in order if h in items] + [h for h in items if h not in order]
        streams = cls(handles)
        for index in range(max((len(items[h]) for h in handles), default=0)):
            for handle in handles:
                if index < len(items[handle]):
                    streams.push(handle, items[handle][index])
        streams.close()
        return streams

    # -- the producing side ---------------------------------------------------------
    def push(self, handle: str, value: Any) -> None:
        with self._sync.lock:
            if handle not in self._inbox:
                raise KeyError(f"'{handle}' is not a connected stream handle")
            if handle not in self._open:
                raise ValueError(f"stream '{handle}' already ended")
            self._inbox[handle].append((next(self._seq), value))
        self._sync.notify()

    def close(self, handle: str | None = None) -> None:
        """End-of-stream for one handle, or for all of them."""
        with self._sync.lock:
            if handle is None:
                self._open.clear()
            else:
                self._open.discard(handle)
        self._sync.notify()

    # -- the consuming side ---------------------------------------------------------
    def is_open(self, handle: str) -> bool:
        """Could more still arrive on `handle`? (Consumes nothing.)"""
        with self._sync.lock:
            return bool(self._inbox.get(handle)) or handle in self._open

    def _has(self, handle: str) -> bool:
        return bool(self._inbox.get(handle)) or handle not in self._open

    def _any_ready(self) -> bool:
        return any(self._inbox.values()) or not self._open

    def _pop(self, handle: str) -> tuple[bool, Any]:
        box = self._inbox.get(handle)
        return (True, box.popleft()[1]) if box else (False, None)

    def _pop_earliest(self) -> tuple[str, Any] | None:
        ready = [(box[0][0], h) for h, box in self._inbox.items() if box]
        if not ready:
            return None
        _, handle = min(ready)
        return handle, self._inbox[handle].popleft()[1]

    async def _park(self, ready: Callable[[], bool], scope: RunScope) -> None:
        cancel = scope.cancel
        unsubscribe = cancel.subscribe(self._sync.notify)
        try:
            with self._sync.lock:
                if ready():
                    return
                self.parked += 1
            try:
                with scope.clock.suspended():
                    await self._sync.wait_for(lambda: cancel.cancelled or ready())
            finally:
                with self._sync.lock:
                    self.parked -= 1
        finally:
            unsubscribe()

    async def take(self, handle: str, scope: RunScope) -> tuple[bool, Any]:
        """(True, item), or (False, None) at end-of-stream or cancellation."""
        await self._park(lambda: self._has(handle), scope)
        with self._sync.lock:
            return (False, None) if scope.cancel.cancelled else self._pop(handle)

    async def take_any(self, scope: RunScope) -> tuple[str, Any] | None:
        """The earliest-arrived item of any handle; None once every handle ended (or on cancel)."""
        await self._park(self._any_ready, scope)
        with self._sync.lock:
            return None if scope.cancel.cancelled else self._pop_earliest()

    def next_arrival(self, cancel: CancelHandle) -> tuple[str, Any] | None:
        """Blocking `take_any` for the host (per-item mode pulls items between invocations)."""
        unsubscribe = cancel.subscribe(self._sync.notify)
        try:
            self._sync.wait_for_sync(lambda: cancel.cancelled or self._any_ready())
            with self._sync.lock:
                return None if cancel.cancelled else self._pop_earliest()
        finally:
            unsubscribe()


@dataclass(frozen=True)
class StreamAccess:
    """What one run's `stream` verbs may read: the inboxes, and the node's declared inputs."""

    streams: InputStreams
    declared: tuple[str, ...]

    def check(self, verb: str, name: Any) -> str:
        return check_declared(verb, name, self.declared, "input", "undeclared-input")


#: A whole-stream invocation's access to its input streams (None in a per-item invocation).
STREAMS: ServiceKey[StreamAccess] = ServiceKey("codenode.streams")


def _access(scope: RunScope) -> StreamAccess:
    access = STREAMS.of(scope)
    if access is None:
        raise SandboxRefusal(
            "stream() is available only to a Code node body run for a whole stream", rule="not-a-stream-run"
        )
    return access


async def _take(scope: RunScope, name: Any) -> list[Any]:
    access = _access(scope)
    got, value = await access.streams.take(access.check("stream", name), scope)
    return [True, value] if got else [False]


async def _take_any(scope: RunScope) -> list[Any] | None:
    found = await _access(scope).streams.take_any(scope)
    return None if found is None else [found[0], found[1]]


def _open(scope: RunScope, name: Any) -> bool:
    access = _access(scope)
    return access.streams.is_open(access.check("stream.open", name))


GUEST_JS = surface_js("codenode_streams.js")

SURFACE = Surface(
    "codenode.streams",
    {
        "stream.take": Op(_take),
        "stream.takeAny": Op(_take_any),
        "stream.open": Op(_open, sync=True),
    },
    GUEST_JS,
    ("stream",),
)
