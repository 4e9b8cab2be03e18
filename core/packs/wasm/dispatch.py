"""The per-run WASM dispatcher: the only door from the guest to pack WASM.

The catalog's generated facades (`core.packs.bridge`) call it through the
private `cordon:bridge/wasm` module, which takes the binding this surface
installs as a *temporary* global (`C.temporary`: deleted before the body
starts even when no facade imported it). The binding is not what protects
anything: every call is checked here, on the host, before a worker runs — the
module must be one declared for this run and the export in its manifest
allowlist (`check_call`), the argument count must match the signature, and
every argument must be a JS number that fits its parameter type (an `i32` is a
finite integer in int32 range, never wrapped; `f32`/`f64` take any number).

Budgets, per run (a manifest may lower them per module, never raise them):
`wasmMaxCalls` calls, `wasmMaxConcurrency` calls at once (more wait their
turn), `wasmAggregateMs` of WASM wall time, and `wasmCallTimeoutMs` per call.
The process-wide cap (4 at once) is the worker pool's size.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core.bridges.base import Op, RunScope, Surface
from core.errors import LimitExceeded, RunCancelled, SandboxRefusal
from core.guest import surface_js
from core.packs.bridge import BridgedModule, binding_name, check_call
from core.packs.manifest import WasmEntry
from core.packs.wasm.runtime import Call, CallInterrupted, pool
from core.packs.wasm.validate import Signature, ValidatedWasm, WasmRejected, validate_module

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1

# The dispatcher closure sends each argument as the number itself, "-0" for negative
# zero (JSON would flatten it to 0), or {"type": <typeof>} for anything that is not a
# number — so a BigInt or a numeric string can never pass as a number on the host.
BINDING = binding_name("wasm")
GUEST_JS = surface_js("wasm_modules.js", BINDING=json.dumps(BINDING))


@dataclass
class _Budget:
    """Counters of one scope (the run, or one module within it)."""

    max_calls: int
    max_concurrency: int
    aggregate_s: float
    calls: int = 0
    used_s: float = 0.0
    running: int = 0
    peak_running: int = 0
    semaphore: asyncio.Semaphore | None = field(default=None, repr=False)

    def gate(self) -> asyncio.Semaphore:
        if self.semaphore is None:
            self.semaphore = asyncio.Semaphore(self.max_concurrency)
        return self.semaphore

    def remaining_s(self) -> float:
        return self.aggregate_s - self.used_s


@lru_cache(maxsize=32)
def _validated(data: bytes, entry: WasmEntry) -> ValidatedWasm:
    """Signatures of a discovered binary (discovery validated these very bytes; this is cached)."""
    return validate_module(data, entry)


class WasmDispatcher:
    """Serves one run's declared WASM modules. Create one per run, never share it."""

    def __init__(self, modules: Sequence[BridgedModule]) -> None:
        self.modules = {m.key: m for m in modules if m.kind == "wasm"}
        self._validated: dict[str, ValidatedWasm] = {}
        self._run: _Budget | None = None
        self._per_module: dict[str, _Budget] = {}

    @property
    def stats(self) -> dict[str, float]:
        """Calls dispatched, WASM seconds used and the most calls in flight at once (tests, bench)."""
        run = self._run
        return {
            "calls": run.calls if run else 0,
            "wasm_s": run.used_s if run else 0.0,
            "peak_running": run.peak_running if run else 0,
        }

    def surface(self) -> Surface:
        return Surface("wasm-modules", {"wasm.call": Op(self.call)}, GUEST_JS, (BINDING,))

    # -- the op ---------------------------------------------------------------------
    async def call(self, scope: RunScope, key: Any, name: Any, wire: Any) -> int | float | None:
        bridged = check_call(self.modules, key, name, wire)
        module = self._validated.get(key) or self._validate(bridged)
        sig = module.exports[name]
        args = _convert(bridged.specifier, name, sig, wire)
        run, mine = self._budgets(scope, key, module)
        for budget, what in ((run, "per run"), (mine, f"for {bridged.specifier}")):
            if budget.calls >= budget.max_calls:
                raise LimitExceeded(
                    f"WASM calls: at most {budget.max_calls} {what} (limit wasmMaxCalls)", limit="wasmMaxCalls"
                )
        run.calls += 1
        mine.calls += 1
        async with run.gate(), mine.gate():
            return await self._dispatch(scope, bridged.specifier, module, sig, args, run, mine)

    def _validate(self, bridged: BridgedModule) -> ValidatedWasm:
        assert isinstance(bridged.entry, WasmEntry) and bridged.data is not None
        try:
            module = _validated(bridged.data, bridged.entry)
        except WasmRejected as exc:
            raise SandboxRefusal(f"{bridged.specifier}: {exc.message}", rule=exc.rule) from None
        self._validated[bridged.key] = module
        return module

    async def _dispatch(
        self,
        scope: RunScope,
        specifier: str,
        module: ValidatedWasm,
        sig: Signature,
        args: tuple[int | float, ...],
        run: _Budget,
        mine: _Budget,
    ) -> int | float | None:
        scope.check_alive()
        per_call_ms = module.entry.budget(scope.limits)["wasmCallTimeoutMs"]
        bounds = [(per_call_ms / 1000, "call"), (run.remaining_s(), "aggregate"), (mine.remaining_s(), "aggregate")]
        clock = scope.clock.remaining()
        if clock is not None:
            bounds.append((clock, "clock"))
        seconds, bound = min(bounds)
        if seconds <= 0 and bound == "aggregate":
            raise _aggregate_refusal(run, mine)
        call = Call(module=module, export=sig.wasm, args=args, deadline_s=max(seconds, 0.0))
        unsubscribe = scope.cancel.subscribe(call.cancel)
        for budget in (run, mine):
            budget.running += 1
            budget.peak_running = max(budget.peak_running, budget.running)
        try:
            return await pool().run(call)
        except CallInterrupted:
            if scope.cancel.cancelled:
                raise RunCancelled() from None
            if bound == "call":
                raise LimitExceeded(
                    f"WASM call {specifier}.{sig.wasm} ran past its {per_call_ms} ms deadline "
                    "(limit wasmCallTimeoutMs)",
                    limit="wasmCallTimeoutMs",
                    name="TimeoutError",
                ) from None
            if bound == "aggregate":
                raise _aggregate_refusal(run, mine) from None
            raise SandboxRefusal(
                f"execution timed out after {scope.limits.timeoutMs} ms (limit timeoutMs)",
                rule="timeout",
                name="TimeoutError",
            ) from None
        finally:
            unsubscribe()
            for budget in (run, mine):
                budget.running -= 1
                budget.used_s += call.elapsed_s

    def _budgets(self, scope: RunScope, key: str, module: ValidatedWasm) -> tuple[_Budget, _Budget]:
        limits = scope.limits
        if self._run is None:
            self._run = _Budget(limits.wasmMaxCalls, limits.wasmMaxConcurrency, limits.wasmAggregateMs / 1000)
        mine = self._per_module.get(key)
        if mine is None:
            lowered = module.entry.budget(limits)
            mine = _Budget(lowered["wasmMaxCalls"], lowered["wasmMaxConcurrency"], lowered["wasmAggregateMs"] / 1000)
            self._per_module[key] = mine
        return self._run, mine


def _aggregate_refusal(run: _Budget, mine: _Budget) -> LimitExceeded:
    budget = run if run.remaining_s() <= mine.remaining_s() else mine
    return LimitExceeded(
        f"WASM time budget used up: {budget.aggregate_s * 1000:.0f} ms of WASM wall time "
        "per run (limit wasmAggregateMs)",
        limit="wasmAggregateMs",
    )


def _convert(specifier: str, name: str, sig: Signature, wire: Any) -> tuple[int | float, ...]:
    """Validate and convert the arguments on the host, before any worker runs."""
    if not isinstance(wire, list):
        raise SandboxRefusal(f"{specifier}.{name}: arguments must be a list", rule="wasm-argument", name="TypeError")
    if len(wire) != len(sig.params):
        types = ", ".join(sig.params) or "none"
        raise SandboxRefusal(
            f"{specifier}.{name} takes {len(sig.params)} argument(s) ({types}), got {len(wire)}",
            rule="wasm-arity",
            name="TypeError",
        )
    out: list[int | float] = []
    for position, (value, vt) in enumerate(zip(wire, sig.params, strict=True), start=1):
        where = f"{specifier}.{name} argument {position} ({vt})"
        if value == "-0":
            value = -0.0
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            kind = value.get("type") if isinstance(value, dict) else type(value).__name__
            raise SandboxRefusal(f"{where} must be a number, got {kind}", rule="wasm-argument", name="TypeError")
        if vt == "i32":
            if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
                raise SandboxRefusal(
                    f"{where} must be a finite integer, got {value!r}", rule="wasm-argument", name="TypeError"
                )
            if not INT32_MIN <= value <= INT32_MAX:
                raise SandboxRefusal(
                    f"{where} must be in int32 range [{INT32_MIN}, {INT32_MAX}], got {value!r} "
                    "(values are never wrapped)",
                    rule="wasm-argument",
                    name="RangeError",
                )
            out.append(int(value))
        else:
            out.append(float(value))
    return tuple(out)


def run_surface(modules: Sequence[BridgedModule]) -> Surface:
    """The `wasm` provider of `core.packs.bridge`: one fresh dispatcher per run."""
    return WasmDispatcher(modules).surface()
