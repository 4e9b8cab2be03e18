"""What a run in the guest can end with, other than its value: the guest's errors and wasmtime's traps.

The driver (`driver.py`) turns the error the guest reports into one of these exceptions, by the stop
code the guest gives with it (never by its name or message: guest/cordon_guest.c), and wasmtime
stops a guest with a `Trap`; the outcome table (`outcomes.py`), graph images (`graph_image.py`) and
tests tell them apart here, without importing the module that drives wasmtime. The entry module's
name lives here too, because `JSError.line` reads the entry's lines by it.
"""

from __future__ import annotations

import re

import wasmtime

#: The name the entry module is evaluated under (the base its imports see).
ENTRY_MODULE_NAME = "<module>"
#: A frame or a message naming a line of the entry module.
_ENTRY_LINE = re.compile(re.escape(ENTRY_MODULE_NAME) + r":(\d+)")

Trap = wasmtime.Trap


class GuestError(Exception):
    """Base of what the guest can end a run with."""


class JSError(GuestError):
    """An exception thrown by guest code and not caught."""

    def __init__(self, name: str, message: str, stack: str | None = None, rule: str | None = None) -> None:
        super().__init__(f"{name}: {message}")
        self.name, self.message, self.stack, self.rule = name, message, stack, rule

    @property
    def line(self) -> int | None:
        """The entry module's line the error points at: from the stack, else from the message."""
        for text in (self.stack, self.message):
            found = _ENTRY_LINE.search(text or "")
            if found:
                return int(found.group(1))
        return None


class ModuleLoadError(JSError):
    """QuickJS could not resolve or load a module (the run's loader refused it, or failed)."""


class StackOverflowError(JSError):
    """QuickJS's own stack check threw (before wasmtime's native stack traps)."""


class StringTooLongError(JSError):
    """QuickJS refused a string past its maximum length."""


class MemoryLimitError(GuestError):
    """QuickJS ran out of the heap the run allows."""


class InterruptError(GuestError):
    """The interrupt handler stopped the guest (the run's cancel flag was set)."""


class DeadlockError(GuestError):
    """The entry's promise is pending and no host call is in flight to settle it."""


def error_rule(exc: BaseException) -> str | None:
    """The `rule` field of a guest exception, when the guest error carried one (a refusal the
    prelude re-threw sets it), so the host never parses it out of a message the guest wrote."""
    return exc.rule if isinstance(exc, JSError) else None


def is_epoch_trap(exc: BaseException) -> bool:
    return isinstance(exc, wasmtime.Trap) and exc.trap_code == wasmtime.TrapCode.INTERRUPT


def is_stack_trap(exc: BaseException) -> bool:
    return isinstance(exc, wasmtime.Trap) and exc.trap_code == wasmtime.TrapCode.STACK_OVERFLOW
