"""Errors that cross Cordon's public API.

Every refusal names the rule it enforces (`rule`), so a user, a test and the
GUI's problems list can all tell *why* something was stopped without parsing
prose. The message says what to do next where there is something to do.
"""

from __future__ import annotations

from core.rules import limit_rule


class CordonError(Exception):
    """Base class: `rule` is a stable, kebab-case identifier of the broken rule."""

    rule: str = "cordon-error"
    name: str = "Error"

    def __init__(
        self, message: str, *, rule: str | None = None, name: str | None = None, line: int | None = None
    ) -> None:
        super().__init__(message)
        #: 1-based line in the user's code the error is about, when there is one.
        self.line = line
        if rule is not None:
            self.rule = rule
        if name is not None:
            self.name = name

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class LimitsError(CordonError, ValueError):
    """A caller passed a limit that is unknown, of the wrong type, or negative."""

    rule = "invalid-limit"
    name = "LimitsError"


class SandboxRefusal(CordonError):
    """A host bridge, the loader or validation refused an operation.

    Raised on the host; the engine turns it into a tagged error the guest
    re-throws as a real `Error` whose message carries the rule.
    """

    name = "SandboxError"


class RunCancelled(SandboxRefusal):
    """The run was cancelled (Esc, Ctrl+C, a host's `CancelHandle`): one message wherever it is noticed."""

    rule = "cancelled"
    name = "CancelledError"

    def __init__(self, message: str = "the run was cancelled") -> None:
        super().__init__(message)


class ModuleRefused(SandboxRefusal):
    """The loader refused a specifier; the message names the declaration to add.

    Here, not in the engine, because the pack catalog and loader raise it too and
    must not import the engine to do so.
    """

    rule = "module-not-declared"
    name = "ReferenceError"


class LimitExceeded(SandboxRefusal):
    """An operation would go past a limit: carries the limit's name and its kebab-case rule.

    `limit` is the reference's name (`maxOutputSize`) or a fixed cap's description; the
    rule comes from `core.rules.LIMIT_RULES` unless the caller names a narrower one.
    """

    name = "RangeError"

    def __init__(
        self, message: str, *, limit: str, rule: str | None = None, name: str | None = None, line: int | None = None
    ) -> None:
        super().__init__(message, rule=rule or limit_rule(limit), name=name, line=line)
        self.limit = limit


class UsageError(CordonError):
    """A CLI or API caller used Cordon wrongly (exit status 2 in the CLI)."""

    rule = "usage"
    name = "UsageError"
