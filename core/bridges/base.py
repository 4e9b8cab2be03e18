"""What every host bridge is built from.

A *surface* is one piece of the guest API: host *ops* (Python callables the
guest reaches through the one async and one sync host function) plus the guest
JavaScript that installs the globals calling them. Ops receive the run's
`RunScope` and the decoded arguments; they return a transport-encodable value
or raise `SandboxRefusal` naming the rule. They never see the guest.

Conventions every op follows (the reference's marshaling rules):
* failures are raised as `SandboxRefusal`/`CordonError`; the engine turns them
  into tagged replies, so an async bridge never rejects into the engine;
* an op starts when the guest invokes it (Promise.all runs ops concurrently);
* after cancellation every op fails fast (the engine checks before dispatch);
* bytes are `bytes` both ways, never lists of ints.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import importlib
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from core.cancel import CancelHandle
from core.errors import RunCancelled, SandboxRefusal
from core.hostwork import call_past_deadline
from core.limits import SandboxLimits

logger = logging.getLogger(__name__)

OpFn = Callable[..., Any] | Callable[..., Awaitable[Any]]
T = TypeVar("T")


@dataclass(frozen=True)
class Op:
    fn: OpFn
    #: True for ops the guest calls synchronously (`C.callSync`); they must not block.
    sync: bool = False


def lazy_op(module: str, attr: str, *, sync: bool = False) -> Op:
    """An op whose implementation module is imported on its first call.

    Bridges with heavy dependencies (httpx, Pillow, keyring, Babel) declare their
    surface in a light module and their implementation in another, so importing
    the engine and starting the first run does not pay for libraries the run
    never touches.
    """
    target: list[Any] = []

    def call(*args: Any) -> Any:
        if not target:
            target.append(getattr(importlib.import_module(module), attr))
        return target[0](*args)

    call.__qualname__ = f"{module}.{attr}"
    return Op(call, sync=sync)


@dataclass(frozen=True, eq=False)
class Surface:
    """A named slice of the guest API."""

    name: str
    ops: Mapping[str, Op]
    #: A JS function body run as `(function (C, G) { <guest_js> })(C, G)` in the prelude.
    guest_js: str
    #: Global names this surface installs (reserved: callers cannot overwrite them).
    globals: tuple[str, ...] = ()


class SecretPrompter(Protocol):
    """Asks a person for a secret (the GUI's dialog). Returns True once stored."""

    def request_secret(self, name: str, reason: str) -> bool: ...


@dataclass(frozen=True)
class HostServices:
    """What the host grants a run beyond pure computation. All optional."""

    workspace: Path | None = None
    prompter: SecretPrompter | None = None
    #: Resolver seam for the SSRF guard: host -> list of IP strings (tests inject one).
    resolve_host: Callable[[str, int], list[str]] | None = None
    #: What a host hands particular ops beyond these fields (the Code node's contract, its streams), each
    #: under its own typed `ServiceKey`: `services.provide(KEY, value)`, then `KEY.of(scope)` in the op.
    provided: Mapping[ServiceKey[Any], Any] = field(default_factory=dict)

    def provide(self, key: ServiceKey[T], value: T) -> HostServices:
        """These services with `value` under `key` (a new value: services are shared by every op of a run)."""
        return dataclasses.replace(self, provided={**self.provided, key: value})


class ServiceKey(Generic[T]):
    """A typed slot of `HostServices.provided`: declared once at module level,
    `CONTRACT: ServiceKey[NodeContract] = ServiceKey("codenode.contract")`; `CONTRACT.of(scope)` is what the
    host provided for this run, or None. The key object itself is the key (as `RunLocal`'s), so two
    modules cannot collide on a name and a reader gets the type the provider had to give."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name  # for messages and repr only

    def of(self, scope: RunScope) -> T | None:
        return scope.services.provided.get(self)

    def __repr__(self) -> str:
        return f"ServiceKey({self.name!r})"


class WallClock:
    """The run's wall-clock budget, with suspension (the reference's suspending clock).

    Time spent *suspended* (a stream take parked on upstream, a prompt a person
    has not answered) is added back, so `timeoutMs` meters the body's own work.
    At most `allowance_s` of it is: a prompt nobody answers still ends the run at
    `timeoutMs + suspendAllowanceMs`, the backstop. Suspensions nest; only the
    outermost one counts, so a take inside a prompt is not credited twice.
    """

    def __init__(self, budget_s: float | None, allowance_s: float = 0.0) -> None:
        self.budget_s = budget_s
        self.allowance_s = allowance_s
        self.started = time.monotonic()
        self._suspended = 0.0
        self._depth = 0
        self._since = 0.0
        self._lock = threading.Lock()
        self.on_change: Callable[[], None] | None = None

    @contextmanager
    def suspended(self) -> Iterator[None]:
        with self._lock:
            self._depth += 1
            if self._depth == 1:
                self._since = time.monotonic()
        if self.on_change is not None:
            self.on_change()  # the engine's wall-clock backstop moves out to the allowance now
        try:
            yield
        finally:
            with self._lock:
                self._depth -= 1
                if self._depth == 0:
                    self._suspended += time.monotonic() - self._since
            if self.on_change is not None:
                self.on_change()

    def suspended_s(self) -> float:
        """Seconds spent suspended so far, the current suspension included, uncapped."""
        with self._lock:
            return self._suspended + (time.monotonic() - self._since if self._depth else 0.0)

    def allowance_spent(self) -> bool:
        """True once suspensions have used up `suspendAllowanceMs` (time past it is charged)."""
        return self.suspended_s() >= self.allowance_s

    def deadline(self) -> float | None:
        """Absolute monotonic deadline now (None: no budget)."""
        if self.budget_s is None:
            return None
        return self.started + self.budget_s + min(self.suspended_s(), self.allowance_s)

    def watch_at(self) -> float | None:
        """When the deadline can next pass: the deadline, or while suspended the backstop.

        A suspended run's deadline moves with the clock until the allowance is spent, so
        the earliest it can pass is `timeoutMs + suspendAllowanceMs` after the start; a
        suspension that ends sooner calls `on_change`, which looks again.
        """
        if self.budget_s is None:
            return None
        if self._depth:
            return self.started + self.budget_s + self.allowance_s
        return self.deadline()

    def remaining(self) -> float | None:
        deadline = self.deadline()
        return None if deadline is None else max(0.0, deadline - time.monotonic())


@dataclass
class RunScope:
    """Per-run state shared by the engine and every op of that run."""

    limits: SandboxLimits
    cancel: CancelHandle
    clock: WallClock
    services: HostServices
    #: The `inputs` the host handed the run: references in them (asset ids) are the host's grant.
    inputs: Any = None
    on_log: Callable[[str], None] | None = None
    on_progress: Callable[[float, str | None], None] | None = None
    logs: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    loop: asyncio.AbstractEventLoop | None = None
    #: Each bridge's own per-run state (fetch count, quota, handle store), keyed by its `RunLocal`.
    _locals: dict[RunLocal[Any], Any] = field(default_factory=dict, init=False, repr=False)
    #: The run's host worker, once its first host call took one: `{"start_ms", "layers", "missing"}`
    #: (core/bridges/hostcalls.py); reported with the run's result.
    host_worker: dict[str, Any] | None = None
    #: What to do when the run ends, however it ends (a host worker killed): see `at_end`.
    _at_end: list[Callable[[], None]] = field(default_factory=list, init=False, repr=False)

    def at_end(self, fn: Callable[[], None]) -> None:
        """Call `fn` when the run ends (`end()`, from the engine's run once it is over)."""
        self._at_end.append(fn)

    def end(self) -> None:
        """The run is over: run every `at_end` callback, each once, newest first."""
        while self._at_end:
            fn = self._at_end.pop()
            try:
                fn()
            except Exception:
                logger.exception("a run's end callback failed")

    def check_alive(self) -> None:
        """Refuse once the run is cancelled or past its deadline.

        The engine stops the guest on either, but host work already running in a
        worker thread (a folder copy, a long loop over files) is not interrupted by
        that: such loops call this on every step so they stop too.
        """
        if self.cancel.cancelled:
            raise RunCancelled()
        if self.clock.remaining() == 0:
            raise SandboxRefusal(
                f"the run ran out of time (limit timeoutMs: {self.limits.timeoutMs} ms)",
                rule="timeout",
                name="TimeoutError",
            )


class RunLocal(Generic[T]):
    """A slot of per-run state that one bridge owns (a counter, a quota, a store), typed.

    Declared once at module level, `_CALLS = RunLocal(lambda scope: _Calls())`; `_CALLS.of(scope)`
    is this run's value, made from the scope on first use. The slot object itself is the key, so
    two bridges cannot collide on a name and a reader gets the type its maker returns. Two threads
    racing on the first use keep one value (the first stored).
    """

    def __init__(self, make: Callable[[RunScope], T]) -> None:
        self._make = make

    def of(self, scope: RunScope) -> T:
        try:
            return scope._locals[self]  # type: ignore[no-any-return]
        except KeyError:
            return scope._locals.setdefault(self, self._make(scope))  # type: ignore[no-any-return]


#: Process-wide threads for CPU-heavy host work (host-pack parsers): bounded, so concurrent
#: runs and a guest's many pending calls queue instead of spawning a thread each.
_HOST_WORKERS = 4
#: Process-wide threads for a run's blocking waits (the asset store's and the workspace's disk, the
#: secret store's keyring round trip, a person answering a secret prompt): bounded too, and apart from
#: the CPU pool, so a slow disk or a person thinking never holds up another run's parsing.
_IO_WORKERS = 8
_pools: dict[str, concurrent.futures.ThreadPoolExecutor] = {}
_host_pool_lock = threading.Lock()
#: The run whose work a host worker thread is doing (see `worker_check_alive`).
_worker = threading.local()


def _pool(name: str, size: int) -> concurrent.futures.ThreadPoolExecutor:
    with _host_pool_lock:
        pool = _pools.get(name)
        if pool is None:
            pool = _pools[name] = concurrent.futures.ThreadPoolExecutor(size, thread_name_prefix=f"cordon-{name}")
        return pool


async def _offload(
    pool: concurrent.futures.ThreadPoolExecutor, scope: RunScope, fn: Callable[..., Any], args: Any
) -> Any:
    def guarded() -> Any:
        scope.check_alive()  # queued work of a run that stopped meanwhile is not worth doing
        _worker.scope = scope
        try:
            return fn(*args)
        finally:
            _worker.scope = None

    return await asyncio.wrap_future(pool.submit(guarded))


async def in_worker_thread(scope: RunScope, fn: Callable[..., Any], *args: Any) -> Any:
    """Run `fn(*args)` in a worker thread, off the run's event loop, under its deadline and cancel.

    The loop stays free, so the engine's watchdog stops the run on time while a parse
    is still going: the awaiting op is cancelled and the run ends with `timeout` /
    `cancelled`. Python cannot interrupt the thread itself: work that loops should call
    `scope.check_alive()` (or, where it has no scope, `worker_check_alive()`) between
    steps, and work still queued when the run stops is skipped. The thread's result of a
    stopped run is discarded.
    """
    return await _offload(_pool("host", _HOST_WORKERS), scope, fn, args)


async def in_io_thread(scope: RunScope, fn: Callable[..., Any], *args: Any) -> Any:
    """Run the blocking wait `fn(*args)` (disk, keyring, a person) off the run's event loop: the one bounded,
    run-aware path for it, as `in_worker_thread` is for CPU work (work of a stopped run still queued is
    skipped, its result discarded), on threads of its own."""
    return await _offload(_pool("io", _IO_WORKERS), scope, fn, args)


def worker_scope() -> RunScope | None:
    """The run whose host work this thread is doing (set by `in_worker_thread`), or None.

    Public so that host work that is handed no scope (a service pack's helper) can find its run
    without reaching into this module's thread-local.
    """
    scope: RunScope | None = getattr(_worker, "scope", None)
    return scope


def worker_checked(items: Iterable[T], every: int) -> Iterator[T]:
    """`items`, with `worker_check_alive()` after every `every` of them: the one way a host pack's
    loop over guest input stops with its run."""
    for at, item in enumerate(items, 1):
        if at % every == 0:
            worker_check_alive()
        yield item


def worker_check_alive() -> None:
    """In host work: stop once its run is cancelled or out of time.

    For long loops in code that is not handed the scope (a host pack's parser). In a worker
    thread (`in_worker_thread`) it asks the run's scope, so a stopped run does not keep one of
    the few threads busy; in a host worker process it compares the call's deadline (the host
    kills the process at the deadline or cancel anyway: this lets a loop end first with the
    run's own timeout). A no-op elsewhere.
    """
    scope = worker_scope()
    if scope is not None:
        scope.check_alive()
        return
    if call_past_deadline():
        raise SandboxRefusal("the run ran out of time", rule="timeout", name="TimeoutError")
