"""The Code node's output contract in the guest: `emit`, `output` (and `state`, a caller global).

* `await output(name, value)` records a handle's final value. Finals post
  together, as one bag, when the body completes; a body that throws drops
  them. A second `output` on one handle throws, and so does a handle the
  node does not declare (the message lists the declared ones).
* `await emit(name, value)` delivers `{handle, value}` downstream *now*,
  while the body keeps running: to the `on_emit` callback and, when the
  consumer gave one, into a bounded `EmitQueue`. When that queue is full the
  emit promise resolves only once the consumer has made room (backpressure).
  Waiting for room is waiting, not executing, so it is clock-suspended.
* Values cross as JSON deep copies through the transport, at the moment of
  the call: mutating an object after emitting it changes nothing downstream.
  One value may not exceed `maxOutputSize` (refused by name, never truncated
  silently into something downstream would mistake for data).
* Legacy `yield(value)` (a body on the return contract; the entry transform
  turns it into a call of `__cordon_yield`) records the value on the host.
  When the body completes, the runner replays each recorded value as one
  emitted bag, in order, as the reference's legacy runtime does; a body that
  throws replays none.

The surface is one constant (so the prelude cache holds); the per-run
`NodeContract` reaches its ops through its typed service key, `CONTRACT.of(scope)`.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from core import transport
from core.bridges.base import Op, RunScope, ServiceKey, Surface
from core.cancel import CancelHandle
from core.codenode.rendezvous import Rendezvous
from core.entry import LEGACY_YIELD
from core.errors import LimitExceeded, SandboxRefusal
from core.guest import surface_js
from core.limits import MB

#: The single handle a legacy body's non-object return value goes to.
LEGACY_HANDLE = "output"
#: Emitted values kept for the run's result (the headless runner prints them all).
RETAINED_BYTES = 32 * MB
DEPRECATION = (
    "legacy Code node body: it calls neither emit() nor output(), so its return value becomes its "
    "outputs; this contract is deprecated and will be removed — use `await output(name, value)` "
    "(final values) or `await emit(name, value)` (streamed values)"
)


@dataclass(frozen=True)
class Emission:
    handle: str
    value: Any
    #: The legacy `yield(value)` this emission came from (numbered per node run): the keys of one yielded
    #: object belong together, as the reference's one output dict per yield. None for `emit()`.
    bag: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"handle": self.handle, "value": self.value}
        if self.bag is not None:
            data["bag"] = self.bag
        return data


def bags(emissions: Sequence[Emission]) -> list[dict[str, Any]]:
    """The emissions as the reference's genProcess yields them: one dict per yielded value (its keys
    together), one single-key dict per `emit()`."""
    out: list[dict[str, Any]] = []
    last: int | None = None
    for emission in emissions:
        if emission.bag is None or emission.bag != last:
            out.append({})
        out[-1][emission.handle] = emission.value
        last = emission.bag
    return out


class EmitQueue:
    """Bounded queue between `emit()` (the run's loop) and a consumer on any thread."""

    def __init__(self, capacity: int = 16) -> None:
        if capacity < 1:
            raise ValueError("an emit queue holds at least one item")
        self.capacity = capacity
        self._items: deque[Emission] = deque()
        self._closed = False
        self._sync = Rendezvous()

    def __len__(self) -> int:
        return len(self._items)

    @property
    def closed(self) -> bool:
        return self._closed

    async def put(self, item: Emission, *, scope: RunScope) -> None:
        """Enqueue, waiting (clock-suspended) while the queue is full."""
        sync = self._sync
        while True:
            with sync.lock:
                if self._closed:
                    raise SandboxRefusal(f"emit('{item.handle}'): the consumer closed the stream", rule="emit-closed")
                if len(self._items) < self.capacity:
                    self._items.append(item)
                    break
            with scope.clock.suspended():
                await sync.wait_for(lambda: self._closed or len(self._items) < self.capacity)
        sync.notify()

    def put_blocking(self, item: Emission, cancel: CancelHandle) -> None:
        """`put` from a plain thread (the runner replaying legacy yields), waiting while full."""
        sync = self._sync
        unsubscribe = cancel.subscribe(sync.notify)
        try:
            sync.wait_for_sync(lambda: cancel.cancelled or self._closed or len(self._items) < self.capacity)
            with sync.lock:
                if self._closed:
                    raise SandboxRefusal(
                        f"yield: the consumer closed the stream before '{item.handle}' was delivered",
                        rule="emit-closed",
                    )
                if cancel.cancelled:
                    return
                self._items.append(item)
        finally:
            unsubscribe()
        sync.notify()

    def get(self, timeout: float | None = None) -> Emission | None:
        """The next emission; None once the queue is closed and drained. Raises TimeoutError."""
        sync = self._sync
        if not sync.wait_for_sync(lambda: bool(self._items) or self._closed, timeout):
            raise TimeoutError("no emission arrived in time")
        with sync.lock:
            item = self._items.popleft() if self._items else None
        sync.notify()
        return item

    def close(self) -> None:
        """No more items will come (producer) / none are wanted (consumer). Wakes everyone."""
        with self._sync.lock:
            self._closed = True
        self._sync.notify()

    def __iter__(self) -> Iterator[Emission]:
        while (item := self.get()) is not None:
            yield item


class NodeContract:
    """One node run's output side: declared handles, finals of the current invocation, emissions."""

    def __init__(
        self,
        declared: Sequence[str],
        *,
        on_emit: Callable[[Emission], None] | None = None,
        queue: EmitQueue | None = None,
    ) -> None:
        self.declared = tuple(declared)
        self.on_emit = on_emit
        self.queue = queue
        self.emitted: list[Emission] = []
        self.retained_bytes = 0
        self.retained_cut = False
        self.finals: dict[str, Any] = {}
        #: Values the current invocation passed to a legacy `yield(value)`, and their encoded bytes.
        self.yielded: list[Any] = []
        self.yielded_bytes = 0
        #: Legacy yields replayed so far in this node run (each one's emissions share its number).
        self.bags_replayed = 0

    def retain(self, emission: Emission, size: int, warnings: list[str]) -> None:
        """Keep an emission for the run's result, up to `RETAINED_BYTES` in total.

        Delivery (`on_emit`, the queue) is never cut; only the copy kept for the
        result is, so a body emitting forever cannot grow the host without bound.
        """
        if self.retained_bytes + size > RETAINED_BYTES:
            if not self.retained_cut:
                self.retained_cut = True
                warnings.append(
                    f"emitted values past the first {RETAINED_BYTES // MB} MB were delivered but not kept in the result"
                )
            return
        self.retained_bytes += size
        self.emitted.append(emission)

    def replay_yields(self, cancel: CancelHandle, warnings: list[str]) -> None:
        """Deliver the invocation's legacy yields, in order: each value is one bag (a plain
        object's keys are its handles, any other value goes to `output`, null is skipped)."""
        for value in self.yielded:
            bag = self.bags_replayed
            self.bags_replayed += 1
            for handle, item in legacy_outputs(value).items():
                emission = Emission(handle, item, bag)
                self.retain(emission, encoded_size(item, "yield"), warnings)
                if self.on_emit is not None:
                    self.on_emit(emission)
                if self.queue is not None:
                    self.queue.put_blocking(emission, cancel)

    def begin_invocation(self) -> None:
        self.finals = {}
        self.yielded = []
        self.yielded_bytes = 0

    def check_handle(self, verb: str, name: Any) -> str:
        return check_declared(verb, name, self.declared, "output handle", "undeclared-handle")


#: The node run's contract, which its `emit`/`output` ops reach (None outside a Code node run).
CONTRACT: ServiceKey[NodeContract] = ServiceKey("codenode.contract")


def check_declared(verb: str, name: Any, declared: Sequence[str], what: str, rule: str) -> str:
    """`name` if the node declares it; else a refusal naming it and what is declared."""
    if not isinstance(name, str):
        raise SandboxRefusal(
            f"{verb}(name): name must be a string naming an {what}", rule="bad-argument", name="TypeError"
        )
    if name not in declared:
        known = ", ".join(f"'{h}'" for h in declared) or "none"
        shown = shorten(name)
        raise SandboxRefusal(
            f"{verb}('{shown}'): '{shown}' is not a declared {what} of this node "
            f"(declared: {known}); declare it in the node's {what}s (studio: the Node tab, or "
            "the quick fix in Problems; file: the document's inputs/outputs)",
            rule=rule,
            name="TypeError",
        )
    return name


def shorten(name: str, limit: int = 80) -> str:
    """A guest-chosen name as it may appear in a message (bounded: the guest picks its length)."""
    return name if len(name) <= limit else name[:limit] + "…"


def legacy_outputs(result: Any) -> dict[str, Any]:
    """The return contract: an object's keys are outputs, anything else is the single `output` handle."""
    if result is None:
        return {}
    if isinstance(result, dict):
        return dict(result)
    return {LEGACY_HANDLE: result}


def _contract(scope: RunScope, verb: str) -> NodeContract:
    contract = CONTRACT.of(scope)
    if contract is None:
        raise SandboxRefusal(f"{verb}() exists only in a Code node run", rule="not-a-code-node")
    return contract


def encoded_size(value: Any, where: str) -> int:
    """Bytes `value` takes on the transport (what `maxOutputSize` bounds)."""
    text, _, sidecar = transport.encode(value, where=where)
    return len(text) + sum(len(b) for b in sidecar)


def _check_size(scope: RunScope, verb: str, name: str, value: Any) -> int:
    size = encoded_size(value, f"{verb}('{name}')")
    cap = scope.limits.maxOutputSize
    if size > cap:
        raise LimitExceeded(
            f"{verb}('{name}'): the value is {size} bytes, more than {cap} (limit maxOutputSize)", limit="maxOutputSize"
        )
    return size


def _output(scope: RunScope, name: Any, value: Any) -> None:
    contract = _contract(scope, "output")
    handle = contract.check_handle("output", name)
    if handle in contract.finals:
        raise SandboxRefusal(
            f"output('{handle}') was already called: a handle has one final value (use emit() to stream several)",
            rule="output-twice",
        )
    _check_size(scope, "output", handle, value)
    contract.finals[handle] = value


def _yield(scope: RunScope, value: Any) -> None:
    contract = _contract(scope, "yield")
    size = _check_size(scope, "yield", LEGACY_HANDLE, value)
    if contract.yielded_bytes + size > RETAINED_BYTES:
        raise SandboxRefusal(
            f"yield: the values yielded by one run exceed {RETAINED_BYTES // MB} MB; they are "
            "delivered when the body ends, so they must fit until then (use emit() to stream)",
            rule="yield-limit",
            name="RangeError",
        )
    contract.yielded_bytes += size
    contract.yielded.append(value)


async def _emit(scope: RunScope, name: Any, value: Any) -> None:
    contract = _contract(scope, "emit")
    handle = contract.check_handle("emit", name)
    size = _check_size(scope, "emit", handle, value)
    emission = Emission(handle, value)
    contract.retain(emission, size, scope.warnings)
    if contract.on_emit is not None:
        contract.on_emit(emission)
    if contract.queue is not None:
        await contract.queue.put(emission, scope=scope)


def _handles(scope: RunScope) -> list[str]:
    return list(_contract(scope, "emit").declared)


def _refuse(scope: RunScope, verb: str, name: Any) -> None:
    _contract(scope, verb).check_handle(verb, name)


# The handle check runs synchronously before emit's async host call, so a refusal carries the
# caller's line; the host checks again (the guest-side list is a convenience, not the boundary).
GUEST_JS = surface_js("codenode_contract.js", LEGACY_YIELD=json.dumps(LEGACY_YIELD))

SURFACE = Surface(
    "codenode.contract",
    {
        "node.emit": Op(_emit),
        "node.output": Op(_output, sync=True),
        "node.yield": Op(_yield, sync=True),
        "node.handles": Op(_handles, sync=True),
        "node.refuse": Op(_refuse, sync=True),
    },
    GUEST_JS,
    ("emit", "output"),
)
