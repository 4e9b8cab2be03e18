"""Sandbox limits: the reference's defaults and hard ceilings, and clamping.

A caller may tighten any limit or raise it up to its ceiling, never switch a
protection off: values above a ceiling are clamped to it, and `0`/negative
values for limits that bound a resource are refused with an error naming the
field. Names are the reference's camelCase names so `--limits` JSON, the
Python API and pack manifests all speak one vocabulary.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from core.errors import LimitsError

KB = 1024
MB = 1024 * 1024

#: Hard ceilings. A key missing here has no ceiling (the reference lists none).
CEILINGS: dict[str, int | float] = {
    "memoryLimitBytes": 512 * MB,
    # The reference allows 8 MB. Cordon's guest runs on wasmtime's native stack
    # (1.5 MiB, the most the engine survives), which bounds recursion depth to
    # ~1,200 frames whatever this says; the value is kept for parity and clamped.
    "maxStackBytes": 8 * MB,
    "maxOutputSize": 10 * MB,
    "fetchMaxCalls": 100,
    "fetchMaxBodyBytes": 50 * MB,
    "fetchTimeoutMs": 120_000,
    "fetchMaxRedirects": 5,
    "maxRandomBytes": 64 * KB,
    "maxProgressReports": 1000,
    "maxConsoleLines": 10_000,
    "maxConsoleChars": 1 * MB,
    "runMediaBytes": 2048 * MB,
    "hostWorkerMemoryBytes": 8192 * MB,
    "wasmMaxCalls": 256,
    "wasmMaxConcurrency": 2,
    "wasmAggregateMs": 30_000,
    "wasmCallTimeoutMs": 5_000,
    "workspaceMaxBytesWritten": 16 * 1024 * MB,
    "workspaceMaxFilesCreated": 100_000,
}


@dataclass(frozen=True)
class SandboxLimits:
    """Per-run limits. Construct with `resolve_limits()` to get clamping.

    A frozen dataclass, not a pydantic model: every run builds one, and pydantic's import was ~40 %
    of `cordon run`'s. `__post_init__` keeps the model's strict checks."""

    #: CPU/wall budget of the run; 0 means no timeout.
    timeoutMs: int = 30_000
    #: Time parked on the host (a prompt, a stream take) not charged to timeoutMs; the run ends at
    #: timeoutMs + this.
    suspendAllowanceMs: int = 30 * 60_000
    memoryLimitBytes: int = 64 * MB
    maxStackBytes: int = 512 * KB
    maxOutputSize: int = 100 * KB
    maxRandomBytes: int = 64 * KB
    maxProgressReports: int = 1000
    progressIntervalMs: int = 100
    maxConsoleLines: int = 1000
    maxConsoleChars: int = 64 * KB
    fetchMaxCalls: int = 20
    fetchMaxBodyBytes: int = 1 * MB
    fetchTimeoutMs: int = 15_000
    fetchMaxRedirects: int = 5
    hostTextInputBytes: int = 5 * MB
    hostByteInputBytes: int = 10 * MB
    runMediaBytes: int = 256 * MB
    #: Address space a run's host worker may add to what its libraries mapped.
    hostWorkerMemoryBytes: int = 2048 * MB
    wasmMaxCalls: int = 256
    wasmMaxConcurrency: int = 2
    wasmAggregateMs: int = 30_000
    wasmCallTimeoutMs: int = 5_000
    # Per-run workspace quotas: 480 MB in 2 s was possible without them.
    #: Bytes a run may write to the workspace.
    workspaceMaxBytesWritten: int = 1024 * MB
    #: Files and folders a run may create in the workspace.
    workspaceMaxFilesCreated: int = 10_000
    # Host-only switches: set by the host (document props, CLI --limits), never by guest code.
    allowPrivateNetwork: bool = False
    filesystemAccess: Literal["workspace", "host"] = "workspace"
    secretScope: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        """The types the pydantic model enforced (strict: no bool for an int, no coercion)."""
        for name in _INT_FIELDS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise LimitsError(f"limit '{name}': Input should be a valid integer, got {value!r}")
        if not isinstance(self.allowPrivateNetwork, bool):
            raise LimitsError(
                f"limit 'allowPrivateNetwork': Input should be a valid boolean, got {self.allowPrivateNetwork!r}"
            )
        if self.filesystemAccess not in ("workspace", "host"):
            raise LimitsError(
                f"limit 'filesystemAccess': Input should be 'workspace' or 'host', got {self.filesystemAccess!r}"
            )
        scope = self.secretScope
        if isinstance(scope, list):
            scope = tuple(scope)
            object.__setattr__(self, "secretScope", scope)
        if scope is not None and not (isinstance(scope, tuple) and all(isinstance(n, str) and n for n in scope)):
            raise LimitsError(
                f"limit 'secretScope': secretScope must be a list of non-empty secret names, got {scope!r}"
            )

    @property
    def timeout_s(self) -> float | None:
        return None if self.timeoutMs == 0 else self.timeoutMs / 1000


#: Every limit's name, and those that count (whole numbers, clamped to their ceilings).
FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(SandboxLimits))
_INT_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(SandboxLimits) if f.type == "int")
_DEFAULTS = SandboxLimits()


#: The most a limit without a ceiling may say (2**40: 35 years in ms, a TiB in bytes): past
#: it, the engine's epoch deadline and native sizes would overflow their integer types.
_NO_CEILING = 2**40

_ZERO_ALLOWED = {
    "timeoutMs",
    "suspendAllowanceMs",
    "fetchMaxCalls",
    "fetchMaxRedirects",
    "maxProgressReports",
    "maxConsoleLines",
    "maxConsoleChars",
    "wasmMaxCalls",
    "workspaceMaxBytesWritten",
    "workspaceMaxFilesCreated",
}


def _seconds_to_ms(value: Any) -> Any:
    return math.ceil(value * 1000) if _is_number(value) else value


def _mb_to_bytes(value: Any) -> Any:
    return max(1, int(value * MB)) if _is_number(value) and value > 0 else value


def _host_switch(value: Any) -> Any:
    return ("host" if value else "workspace") if isinstance(value, bool) else value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


#: The reference's spellings where they differ from Cordon's, each with its Cordon name and the
#: conversion of its value: `runInSandbox`'s own limit names, and the Code node's props ("Node
#: props map onto sandbox policy"), so a limits object written for the reference works unchanged.
#: The converted value then takes the same checks and clamping as the Cordon name.
REFERENCE_NAMES: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "maxFetchCalls": ("fetchMaxCalls", lambda v: v),
    "maxResponseBodyBytes": ("fetchMaxBodyBytes", lambda v: v),
    "stackLimitBytes": ("maxStackBytes", lambda v: v),
    "timeout": ("timeoutMs", _seconds_to_ms),
    "max_response_mb": ("fetchMaxBodyBytes", _mb_to_bytes),
    "allow_local_network": ("allowPrivateNetwork", lambda v: v),
    "allow_host_filesystem": ("filesystemAccess", _host_switch),
    "secrets": ("secretScope", lambda v: v),
}


def _cordon_names(overrides: dict[str, Any]) -> dict[str, Any]:
    """Rename reference spellings to Cordon's; naming one limit twice is refused."""
    named: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    for key, value in overrides.items():
        name, convert = REFERENCE_NAMES.get(key, (key, None))
        if name in named:
            raise LimitsError(
                f"limit '{name}' is given twice, as '{spelled[name]}' and as '{key}'; give it once",
                rule="duplicate-limit",
            )
        named[name] = convert(value) if convert else value
        spelled[name] = key
    return named


def resolve_limits(overrides: SandboxLimits | dict[str, Any] | None = None) -> SandboxLimits:
    """Apply defaults and clamp caller overrides to the ceilings.

    Refuses unknown names, wrong types and negative values with a `LimitsError`
    that names the field, so a typo never silently leaves a default in place.
    The reference's spellings (`REFERENCE_NAMES`) are accepted too.
    """
    if overrides is None:
        return SandboxLimits()
    if isinstance(overrides, SandboxLimits):  # what differs from the defaults, as pydantic's exclude_unset
        overrides = {n: v for n in FIELDS if (v := getattr(overrides, n)) != getattr(_DEFAULTS, n)}
    if not isinstance(overrides, dict):
        raise LimitsError(f"limits must be an object of limit names, got {type(overrides).__name__}")
    clean: dict[str, Any] = {}
    for key, value in _cordon_names(overrides).items():
        if key not in FIELDS:
            known = ", ".join(sorted(FIELDS))
            aliases = ", ".join(sorted(REFERENCE_NAMES))
            raise LimitsError(
                f"unknown limit '{key}'; known limits: {known} (and the reference's spellings {aliases})",
                rule="unknown-limit",
            )
        if key in _INT_FIELDS:
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or (isinstance(value, float) and not math.isfinite(value))
            ):
                raise LimitsError(f"limit '{key}' must be a finite number, got {value!r}")
            if value < 0 or (value == 0 and key not in _ZERO_ALLOWED):
                raise LimitsError(
                    f"limit '{key}' must be positive, got {value!r}; "
                    "limits can be tightened or raised to their ceiling, never switched off"
                )
            if 0 < value < 1:  # int() would make it 0, which for timeoutMs means "no timeout"
                raise LimitsError(f"limit '{key}' must be at least 1, got {value!r}; limits are whole numbers")
            value = int(min(value, CEILINGS.get(key, _NO_CEILING)))
        clean[key] = value
    return SandboxLimits(**clean)
