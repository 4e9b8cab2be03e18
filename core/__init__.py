"""Cordon's engine: run untrusted JavaScript in a fresh, hardened QuickJS guest.

No Qt import anywhere below this package; the studio talks to it only
through what is exported here.
"""

from core.bridges.base import HostServices, Surface
from core.cancel import CancelHandle
from core.engine.run import ModuleGraph, ModuleRefused, RunError, RunResult, run_in_sandbox
from core.errors import CordonError, LimitsError, SandboxRefusal, UsageError
from core.limits import CEILINGS, SandboxLimits, resolve_limits

__all__ = [
    "CEILINGS",
    "CancelHandle",
    "CordonError",
    "HostServices",
    "LimitsError",
    "ModuleGraph",
    "ModuleRefused",
    "RunError",
    "RunResult",
    "SandboxLimits",
    "SandboxRefusal",
    "Surface",
    "UsageError",
    "resolve_limits",
    "run_in_sandbox",
]
