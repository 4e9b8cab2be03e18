"""How a failed run ended, as the error a person reads: one table, first matching row wins.

The engine stops a guest in several ways (the watchdog's interrupt, the epoch backstop, a
memory or stack cap, a cancel) and the guest fails in others (its own exception, a refusal
the host sent it, an import the loader refused). `classify` turns each into a `RunError`
naming its rule. Why the engine stopped is a code the guest reports with the error, never read
from its message (`driver.GuestVM._error` raises `StackOverflowError`, `ModuleLoadError`, ... of
`guest_errors.py` by that code): a body throwing any name and message throws a `JSError`. This table
only reads types and facts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from core.engine import guest_errors
from core.engine.results import RunError
from core.errors import CordonError, RunCancelled
from core.limits import SandboxLimits
from core.rules import GUEST_RULES

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Ending:
    """What the classifier knows about a run that failed."""

    exc: BaseException
    limits: SandboxLimits
    #: Why the host stopped the guest ("timeout", "cancelled"), if it did.
    stop_reason: str | None
    #: The run waited on the host (a prompt, a stream take) past its suspend allowance.
    suspended_past_allowance: bool
    #: Linear memory was within 1 MiB of its cap: an engine failure then is memory.
    near_memory_cap: bool
    #: The loader's refusal of the last import it refused, if any.
    refusal: CordonError | None
    #: Rules of the refusals the host sent the guest: a guest error's `rule` is believed for these.
    sent_rules: frozenset[str]
    #: Lines of the body's dynamic `import()` calls.
    dynamic_import_lines: tuple[int, ...]


def _timed_out(e: Ending) -> bool:
    # The watchdog stops a guest past its deadline through the cancel flag (InterruptError);
    # one stuck inside a native built-in meets the epoch backstop (a trap).
    return (
        e.stop_reason == "timeout"
        or isinstance(e.exc, guest_errors.InterruptError)
        or guest_errors.is_epoch_trap(e.exc)
    )


def _timeout(e: Ending) -> RunError:
    limits = e.limits
    if e.suspended_past_allowance:
        return RunError(
            "TimeoutError",
            f"execution timed out: the run waited on the host (a prompt, "
            f"a stream take) past its {limits.suspendAllowanceMs} ms of suspended time "
            f"(limit suspendAllowanceMs) on top of {limits.timeoutMs} ms (limit timeoutMs)",
            None,
            "timeout",
        )
    return RunError(
        "TimeoutError", f"execution timed out after {limits.timeoutMs} ms (limit timeoutMs)", None, "timeout"
    )


def _out_of_memory(e: Ending) -> bool:
    return isinstance(e.exc, guest_errors.MemoryLimitError) or (
        e.near_memory_cap and isinstance(e.exc, (guest_errors.JSError, guest_errors.Trap))
    )


def _guest_error(e: Ending) -> RunError:
    """The body's own exception, or a refusal of the host it let through."""
    exc = e.exc
    assert isinstance(exc, guest_errors.JSError)
    rule = guest_errors.error_rule(exc)
    if rule not in e.sent_rules and rule not in GUEST_RULES:
        rule = None  # the body's own error, whatever its fields or message say
    line = exc.line
    if line is None and rule == "dynamic-import" and len(e.dynamic_import_lines) == 1:
        line = e.dynamic_import_lines[0]  # the refusal is thrown in the loader's module; the body has one import()
    return RunError(exc.name, exc.message, line, rule)


def _loader_refusal(e: Ending) -> RunError:
    assert e.refusal is not None and isinstance(e.exc, guest_errors.JSError)
    return RunError(e.refusal.name, e.refusal.message, e.exc.line, e.refusal.rule)


def _refused(e: Ending) -> RunError:
    assert isinstance(e.exc, CordonError)
    return RunError.of(e.exc)


def _js(e: Ending) -> guest_errors.JSError:
    assert isinstance(e.exc, guest_errors.JSError)
    return e.exc


#: (when, error) rows in order: the first whose `when` holds names the ending.
OUTCOMES: tuple[tuple[Callable[[Ending], bool], Callable[[Ending], RunError]], ...] = (
    (lambda e: isinstance(e.exc, CordonError), _refused),
    (lambda e: e.stop_reason == "cancelled", lambda e: RunError.of(RunCancelled())),
    (_timed_out, _timeout),
    (
        _out_of_memory,
        lambda e: RunError(
            "MemoryLimitError",
            f"out of memory: the guest exceeded its heap limit of "
            f"{e.limits.memoryLimitBytes} bytes (limit memoryLimitBytes)",
            None,
            "memory-limit",
        ),
    ),
    (
        lambda e: guest_errors.is_stack_trap(e.exc),
        lambda e: RunError(
            "RangeError",
            "maximum call stack size exceeded (limit maxStackBytes; recursion is bounded at about 1,200 frames)",
            None,
            "stack-limit",
        ),
    ),
    (
        lambda e: isinstance(e.exc, guest_errors.DeadlockError),
        lambda e: RunError(
            "DeadlockError",
            "the body awaits a promise that nothing will ever settle (there are no timers in the sandbox: use sleep())",
            None,
            "deadlock",
        ),
    ),
    (lambda e: isinstance(e.exc, guest_errors.ModuleLoadError) and e.refusal is not None, _loader_refusal),
    (
        lambda e: isinstance(e.exc, guest_errors.StackOverflowError),
        lambda e: RunError(
            "RangeError", "maximum call stack size exceeded (limit maxStackBytes)", _js(e).line, "stack-limit"
        ),
    ),
    (
        lambda e: isinstance(e.exc, guest_errors.StringTooLongError),
        lambda e: RunError(
            "RangeError",
            "string too long: the guest hit the engine's maximum string length (limit memoryLimitBytes)",
            _js(e).line,
            "memory-limit",
        ),
    ),
    (lambda e: isinstance(e.exc, guest_errors.JSError), _guest_error),
    (
        lambda e: isinstance(e.exc, guest_errors.Trap),
        lambda e: RunError("InternalError", f"the guest stopped: {str(e.exc).splitlines()[0]}", None, "engine-trap"),
    ),
)


def classify(ending: Ending) -> RunError:
    """The first row's error; an ending no row names is a bug of the host (`host-error`)."""
    for when, error in OUTCOMES:
        if when(ending):
            return error(ending)
    exc = ending.exc
    return RunError(type(exc).__name__, str(exc) or type(exc).__name__, None, "host-error")
