"""The anatomy of a run: limits, bridges, entry module, prelude, the guest, its host functions, stopping.

Each call gets a fresh QuickJS runtime and context, used once and discarded.
The call is synchronous and owns its thread for its duration (it runs its own
event loop), so any number of threads may run sandboxes at once.

Its parts live beside it: what a caller hands a run (`config.py`), the import boundary
(`imports.py`), the wire format of the host functions (`wire.py`), how a failed run ended
(`outcomes.py`) and what a run returns (`results.py`); the guest itself is driven by `driver.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import inspect
import logging
import math
import re
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

from core import paths, transport
from core.bridges import hostcalls, ops_with
from core.bridges.base import Op, RunScope, Surface, WallClock
from core.cancel import CancelHandle
from core.engine import driver, graph_image, outcomes, templates, watchdog, wire
from core.engine.config import RunHooks, RunServices
from core.engine.imports import RunImports, keeps_bytecode
from core.engine.prelude import build_prelude, reserved_names
from core.engine.results import RunError, RunResult, cap_error, truncate_result
from core.entry import build_entry
from core.errors import CordonError, RunCancelled, SandboxRefusal, UsageError
from core.limits import SandboxLimits, resolve_limits

logger = logging.getLogger(__name__)

#: Extra wall time before the epoch backstop traps a guest stuck in a native built-in.
EPOCH_MARGIN_S = 0.25
#: Async bridge calls one run may have pending at once. Each is a host task; without a cap a
#: guest could start hundreds of thousands (cheap promises in its heap, real memory on the host).
MAX_IN_FLIGHT = 1024
#: Payloads from the host at least this big are checked against the guest's free memory first.
BIG_PAYLOAD = 1 << 20


def run_in_sandbox(
    code: str,
    *,
    inputs: Any = None,
    limits: SandboxLimits | Mapping[str, Any] | None = None,
    globals: Mapping[str, Any] | None = None,
    hooks: RunHooks | None = None,
    services: RunServices | None = None,
    legacy: bool = False,
) -> RunResult:
    """Run `code` (a function body: `return v` is the result) in a fresh sandbox.

    Never raises for anything the guest does; usage errors of the caller
    (unknown limit, reserved global, no code at all) are returned as a failed
    result too, so every caller handles one shape. See docs/sandbox-api.md for
    the limits and rules. `hooks` and `services` are described in
    core/engine/config.py. `legacy` runs the legacy Code node contract (entry.py).
    """
    started = time.perf_counter()
    services = services or RunServices()
    hostcalls.prestart_if_needed(code)
    try:
        run = _Run(
            code,
            limits=_default_limits()
            if limits is None
            else resolve_limits(dict(limits) if isinstance(limits, Mapping) else limits),
            caller_globals=_caller_globals(inputs, globals, services.surfaces),
            hooks=hooks or RunHooks(),
            services=services,
            legacy=legacy,
        )
    except CordonError as exc:
        return RunResult.failure(exc, timings={"setup_ms": (time.perf_counter() - started) * 1000, "run_ms": 0.0})
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        raise UsageError(
            "run_in_sandbox() blocks its thread; call it from a worker thread "
            "(e.g. asyncio.to_thread), not from inside a running event loop"
        )
    loop = _thread_loop()
    try:
        return loop.run_until_complete(run.execute(started))
    finally:
        _end_of_run(loop)
        driver.compile_in_background()  # the process's first run was on Winch: Cranelift now


_local = threading.local()


def _thread_loop() -> asyncio.AbstractEventLoop:
    """This thread's event loop for runs, made on its first run: a new loop per run (a selector and a
    socket pair, made and closed) was ~70 us of a ~1 ms fresh run. It carries no guest state, and
    nothing one run scheduled outlives the run (`_end_of_run`)."""
    loop: asyncio.AbstractEventLoop | None = getattr(_local, "loop", None)
    if loop is None or loop.is_closed():
        loop = _local.loop = asyncio.new_event_loop()
    return loop


def _end_of_run(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel whatever a run left on the loop (the driver already ended the guest's host calls) and
    let it finish, so the next run on this thread starts with none of it."""
    leftovers = asyncio.all_tasks(loop)
    for task in leftovers:
        task.cancel()
    if leftovers:
        loop.run_until_complete(asyncio.gather(*leftovers, return_exceptions=True))


def _caller_globals(inputs: Any, extra: Mapping[str, Any] | None, surfaces: Sequence[Surface]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    if inputs is not None:
        merged["inputs"] = inputs
    reserved = reserved_names(surfaces)
    for name, value in (extra or {}).items():
        if name in reserved:
            raise UsageError(
                f"global '{name}' is reserved by the sandbox and cannot be overwritten", rule="reserved-global"
            )
        if not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
            raise UsageError(f"global name {name!r} is not a JavaScript identifier", rule="reserved-global")
        merged[name] = value
    return merged


class _Run:
    def __init__(
        self,
        code: str,
        *,
        limits: SandboxLimits,
        caller_globals: dict[str, Any],
        hooks: RunHooks,
        services: RunServices,
        legacy: bool,
    ) -> None:
        # JavaScript's trim() also drops a BOM; the scan stops at the first character of real code.
        if all(ch.isspace() or ch == "\ufeff" for ch in code):
            raise UsageError("No code provided", rule="no-code")
        self.limits = limits
        self.caller_globals = caller_globals
        self.imports = RunImports(services.modules)
        # A workspace overlapping Cordon's state or program is refused for every caller, before any guest.
        paths.check_workspace(services.host.workspace)
        # Encode inputs now: a cycle or an unsupported type fails before any guest exists.
        self.seal_payload = wire.seal(transport.encode(caller_globals, where=""))
        # Object globals sync back after the run (a Code node's `state`); `inputs` is one-way.
        synced = tuple(name for name in caller_globals if name != "inputs")
        self.entry = build_entry(code, global_names=synced, legacy=legacy)
        clock = WallClock(limits.timeout_s, limits.suspendAllowanceMs / 1000)
        self.scope = RunScope(
            limits=limits,
            cancel=hooks.cancel or CancelHandle(),
            clock=clock,
            services=services.host,
            inputs=caller_globals.get("inputs"),
            on_log=hooks.on_log,
            on_progress=hooks.on_progress,
        )
        self.ops = _ops(services.surfaces)
        self.prelude = build_prelude(services.surfaces)
        self.vm: driver.GuestVM | None = None
        self.task: asyncio.Task[Any] | None = None
        self.stop_reason: str | None = None
        self.finished: tuple[Any, dict[str, Any]] | None = None
        self.truncated = False
        self.in_flight = 0
        #: Bumped each time the watchdog gets a new entry; an entry of an older generation retires.
        self.watch_generation = 0
        #: When the current entry fires next.
        self.watch_scheduled = math.inf
        #: The deadline the epoch backstop was last armed for (NaN: never; None: no deadline).
        self.epoch_armed_for: float | None = math.nan
        self.watch_lock = threading.Lock()
        self.replies = wire.Replies()
        #: Rules of the refusals sent to the guest: a guest error's `rule` field is believed for these.
        self.sent_rules: set[str] = set()
        self.imports.preflight(self.entry)

    # -- host functions: one string each way (core/guest/wire.md, core/engine/wire.py) ------------
    def _reply_ok(self, value: Any) -> str:
        return self._reply(*transport.encode(value, where="reply"))

    def _reply(self, text: str, marked: int, sidecar: list[bytes | str], ok: bool = True) -> str:
        self._check_room(text, sidecar)
        return self.replies.pack(text, marked, sidecar, ok=ok)

    def _check_room(self, text: str, sidecar: list[bytes | str]) -> None:
        """Refuse a payload the guest's memory cannot take (see `GuestVM.payload_room`)."""
        if self.vm is None or len(text) + sum(len(item) for item in sidecar) < BIG_PAYLOAD:
            return
        size = sum(
            len(item.encode(errors="surrogatepass")) if isinstance(item, str) else len(item)
            for item in (text, *sidecar)
        )
        room = self.vm.payload_room()
        if size > room:
            raise SandboxRefusal(
                f"{size} bytes from the host do not fit in the guest's memory ({room} bytes "
                f"free under memoryLimitBytes = {self.limits.memoryLimitBytes}); raise the "
                "limit or pass less",
                rule="memory-limit",
                name="MemoryLimitError",
            )

    def _reply_err(self, exc: CordonError) -> str:
        """A refusal, through the same path as a value: a message over 8 KB rides the sidecar."""
        self.sent_rules.add(exc.rule)
        return self._reply(*wire.refusal(exc), ok=False)

    def _request(self, head: str, side: tuple[bytes, ...]) -> tuple[Op, list[Any]]:
        op, payload = wire.split_request(head)
        self.scope.check_alive()
        handler = self.ops.get(op)
        if handler is None:
            raise SandboxRefusal(f"unknown bridge operation '{op}'", rule="unknown-op")
        return handler, wire.decode_part(payload, list(side))

    async def _host_call(self, head: str, *side: bytes) -> str:
        self.in_flight += 1
        try:
            if self.in_flight > MAX_IN_FLIGHT:
                raise SandboxRefusal(
                    f"more than {MAX_IN_FLIGHT} bridge calls are pending at once; await some "
                    "before starting more (parallelMap bounds concurrency)",
                    rule="too-many-pending",
                )
            handler, args = self._request(head, side)
            value = handler.fn(self.scope, *args)
            if inspect.isawaitable(value):
                value = await value
            return self._reply_ok(value)
        except CordonError as exc:
            return self._reply_err(exc)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug in a bridge must not crash the run: report it
            logger.exception("host op %s failed", wire.op_name(head))
            return self._host_failed(head, exc)
        finally:
            self.in_flight -= 1
            self._rearm_epoch()

    def _host_sync(self, head: str, *side: bytes) -> str | bytes:
        if head.startswith(wire.SIDE):
            return self.replies.take_side(head)
        if head == wire.SEAL:
            self.imports.sealed = True
            return self._reply(*self.seal_payload)
        try:
            handler, args = self._request(head, side)
            if not handler.sync:
                raise SandboxRefusal(f"'{wire.op_name(head)}' is asynchronous", rule="unknown-op")
            return self._reply_ok(handler.fn(self.scope, *args))
        except CordonError as exc:
            return self._reply_err(exc)
        except Exception as exc:  # a bug in a bridge must not crash the run: report it
            logger.exception("host op %s failed", wire.op_name(head))
            return self._host_failed(head, exc)

    def _host_failed(self, head: str, exc: Exception) -> str:
        """A bridge's own bug (its traceback logged by the caller), reported to the guest as `host-error`."""
        op = wire.op_name(head)
        return self._reply_err(CordonError(f"{op} failed on the host: {exc}", rule="host-error", name="Error"))

    def _host_finish(self, result_head: str, globals_head: str, n_result_side: int, *side: bytes) -> None:
        result_side, globals_side = list(side[:n_result_side]), list(side[n_result_side:])
        size = len(result_head) - 1 + sum(len(b) for b in result_side)
        limit = self.limits.maxOutputSize
        result = wire.decode_part(result_head, result_side)
        # The reference measures a string result by its length, anything else by its JSON text.
        if len(result) > limit if isinstance(result, str) else size > limit:
            self.scope.warnings.append(f"result truncated: {size} bytes exceeds maxOutputSize ({limit})")
            result = truncate_result(result, limit)
            self.truncated = True
        globals_out = wire.decode_part(globals_head, globals_side)
        self.finished = (result, globals_out)

    # -- stopping ----------------------------------------------------------------
    def _stop(self, reason: str) -> None:
        """From any thread: interrupt guest JS now and cancel the awaited host work."""
        if self.stop_reason is None:
            self.stop_reason = reason
        vm, task, loop = self.vm, self.task, self.scope.loop
        if vm is not None:
            vm.interrupt()
        if task is not None and loop is not None:
            with contextlib.suppress(RuntimeError):  # loop closed: the run is already over
                loop.call_soon_threadsafe(task.cancel)

    def _watchdog_check(self, generation: int) -> float | None:
        with self.watch_lock:
            if (
                generation != self.watch_generation
                or self.task is None
                or self.task.done()
                or self.stop_reason is not None
            ):
                return None
            deadline = self.scope.clock.deadline()
            if deadline is None:
                return None
            if time.monotonic() < deadline:
                self.watch_scheduled = self.scope.clock.watch_at() or deadline
                return self.watch_scheduled
        self._stop("timeout")
        return None

    def _rearm_epoch(self) -> None:
        """Point the epoch backstop at the run's next possible deadline. An epoch deadline is
        absolute once set (the ticker counts wall time), so it moves only when that deadline does:
        a host call that changed nothing costs no foreign call."""
        if self.vm is None:
            return
        watch_at = self.scope.clock.watch_at()
        if watch_at == self.epoch_armed_for:
            return
        self.epoch_armed_for = watch_at
        self.vm.arm_epoch(None if watch_at is None else max(0.0, watch_at - time.monotonic()) + EPOCH_MARGIN_S)

    def _on_clock_change(self) -> None:
        """A suspension began or ended: move the epoch backstop and the watchdog to the new deadline.

        The watchdog's entry re-arms itself at a later deadline when it fires, so only a deadline
        earlier than the one it waits for (a suspension that outlived it has ended) needs a new
        entry; the old one retires (stale generation). A stream of short takes adds none. Entries
        hold the run weakly, so a finished run is not kept alive until its backstop.
        """
        self._rearm_epoch()
        watch_at = self.scope.clock.watch_at()
        if self.task is None or watch_at is None:
            return
        with self.watch_lock:
            if watch_at >= self.watch_scheduled:
                return
            self.watch_generation += 1
            self.watch_scheduled = watch_at
            generation = self.watch_generation
        run = weakref.ref(self)
        watchdog.watch(watch_at, lambda: _check_run(run, generation))

    # -- the run -------------------------------------------------------------------
    async def execute(self, started: float) -> RunResult:
        scope = self.scope
        scope.loop = asyncio.get_running_loop()
        unsubscribe = scope.cancel.subscribe(lambda: self._stop("cancelled"))
        setup_ms = run_ms = 0.0
        try:
            if scope.cancel.cancelled:
                raise RunCancelled("the run was cancelled before it started")
            functions: driver.HostFunctions = {
                "__cordon_call": (self._host_call, True),
                "__cordon_sync": (self._host_sync, False),
                "__cordon_finish": (self._host_finish, False),
            }
            # A graph seen before starts with its modules evaluated (core/engine/graph_image.py).
            start = graph_image.start_for_run(
                templates.template_for(self.prelude, functions),
                self.entry,
                self.imports.modules,
                frozenset(self.caller_globals),
                memory_limit=self.limits.memoryLimitBytes,
                stack_limit=self.limits.maxStackBytes,
                timeout_s=self.limits.timeout_s,
            )
            self.vm = vm = driver.GuestVM.from_template(
                start.template,
                driver.VMOptions(
                    functions,
                    memory_limit=self.limits.memoryLimitBytes,
                    stack_limit=self.limits.maxStackBytes,
                    normalize=self.imports.normalize,
                    load=self.imports.load,
                    keep_bytecode=keeps_bytecode,
                ),
            )
            start.prepare(vm)
            self._check_room(self.seal_payload[0], self.seal_payload[2])
            # timeoutMs meters the guest, not the host's setup (a cold template alone takes ~90 ms):
            # the wall clock starts now, just before the guest's first instruction.
            scope.clock.started = time.monotonic()
            scope.clock.on_change = self._on_clock_change
            self._on_clock_change()
            run_started = time.perf_counter()
            setup_ms = (run_started - started) * 1000
            # The guest runs in this task: a stop interrupts it through the cancel flag and cancels
            # this task where it awaits (a task of its own was a task and two turns of the loop more
            # per run, ~4% of a fresh one).
            self.task = asyncio.current_task()
            self._on_clock_change()  # with the task set, this also arms the watchdog
            if scope.cancel.cancelled:
                self._stop("cancelled")
            try:
                await vm.eval_module(self.entry.source)
            finally:
                run_ms = (time.perf_counter() - run_started) * 1000
            if self.stop_reason is not None:  # the guest absorbed the stop; the run is still stopped
                raise asyncio.CancelledError
            logger.debug("run ok: setup %.1f ms, guest %.1f ms", setup_ms, run_ms)
            return self._result(setup_ms, run_ms)
        except BaseException as exc:
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            if not run_ms and self.task is not None:
                run_ms = (time.perf_counter() - started) * 1000 - setup_ms
            error, cut = cap_error(self._classify(exc), self.limits.maxOutputSize)
            if cut:
                scope.warnings.append(
                    f"error truncated: its name or message exceeds maxOutputSize ({self.limits.maxOutputSize})"
                )
            # A host error is a bug of ours (its traceback is in the log); any other ending is the guest's.
            logger.log(
                logging.ERROR if error.rule == "host-error" else logging.DEBUG,
                "run failed: %s (%s)",
                error.rule,
                error.name,
                exc_info=exc if error.rule == "host-error" else None,
            )
            return RunResult.failure(
                error,
                logs=scope.logs,
                warnings=scope.warnings,
                timings={"setup_ms": setup_ms, "run_ms": run_ms},
                truncated=cut,
                host_worker=scope.host_worker,
            )
        finally:
            unsubscribe()
            self.task = None
            scope.end()  # host work of this run ends with it (its host worker is killed)
            if self.vm is not None:
                self.vm.close()
                self.vm = None

    def _classify(self, exc: BaseException) -> RunError:
        error = self._classify_ending(exc)
        if error.name == "SyntaxError" and error.rule is None:  # the engine's, about the wrapped body
            message, line = self.entry.syntax_error_in_body(error.message, error.line)
            error = dataclasses.replace(error, message=message, line=line)
        return error

    def _classify_ending(self, exc: BaseException) -> RunError:
        clock, vm = self.scope.clock, self.vm
        return outcomes.classify(
            outcomes.Ending(
                exc=exc,
                limits=self.limits,
                stop_reason=self.stop_reason,
                suspended_past_allowance=clock.allowance_spent() and clock.suspended_s() > 0,
                near_memory_cap=vm is not None and vm.linear_memory_bytes() >= vm.memory_cap - (1 << 20),
                refusal=self.imports.refusal,
                sent_rules=frozenset(self.sent_rules),
                dynamic_import_lines=tuple(self.entry.dynamic_import_lines),
            )
        )

    def _result(self, setup_ms: float, run_ms: float) -> RunResult:
        if self.finished is None:
            raise SandboxRefusal("the body ended without producing a result", rule="no-result")
        result, globals_out = self.finished
        return RunResult(
            ok=True,
            result=result,
            logs=self.scope.logs,
            warnings=self.scope.warnings,
            globals=globals_out,
            timings={"setup_ms": setup_ms, "run_ms": run_ms},
            truncated=self.truncated,
            host_worker=self.scope.host_worker,
        )


def _check_run(run: weakref.ref[_Run], generation: int) -> float | None:
    """The watchdog's call: the run's check while the run exists."""
    live = run()
    return None if live is None else live._watchdog_check(generation)


@functools.cache
def _default_limits() -> SandboxLimits:
    """The limits of a run given none: the model is frozen, so every such run shares one (a
    validation per run was ~20 us of a fresh run)."""
    return resolve_limits(None)


def _ops(extra: Sequence[Surface]) -> Mapping[str, Op]:
    """A run's op table: the standard one (each bridge imported by a body's first call into it,
    `core.bridges.ops_with`), under the run's extra surfaces (a pack's ops close over the run, so
    those are collected per run; a later surface's op wins, as before)."""
    return ops_with({name: op for surface in extra for name, op in surface.ops.items()})
