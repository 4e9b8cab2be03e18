"""What a run hands back: `RunResult`, and `RunError` when it failed.

Every caller (the studio, the CLI, a Code node, a host application) handles this one shape:
`run_in_sandbox` never raises for what the guest does, so a refusal before any guest starts,
a timeout and a guest's own exception all arrive as a failed `RunResult`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from core import transport
from core.errors import CordonError, RunCancelled
from core.rules import rule_alias

logger = logging.getLogger(__name__)


@dataclass
class RunError:
    name: str
    message: str
    line: int | None = None
    rule: str | None = None

    @classmethod
    def of(cls, exc: CordonError) -> RunError:
        """The error of a refusal or usage error, as a result carries it."""
        return cls(exc.name, exc.message, exc.line, exc.rule)

    @property
    def rule_alias(self) -> str | None:
        """The rule's name before the registry (a limit's camelCase name), kept for one release."""
        return rule_alias(self.rule)

    def to_json(self) -> dict[str, Any]:
        """The `error` of `--json` output: `rule` when there is one, `ruleAlias` while it has an old name."""
        out: dict[str, Any] = {"name": self.name, "message": self.message, "line": self.line}
        if self.rule:
            out["rule"] = self.rule
        if self.rule_alias is not None:
            out["ruleAlias"] = self.rule_alias
        return out


@dataclass
class RunResult:
    ok: bool
    result: Any = None
    error: RunError | None = None
    logs: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    #: Object-typed caller globals after the run (how a Code node's `state` survives).
    globals: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    #: The result, or a failed run's error name or message, was over `maxOutputSize` and was cut
    #: (see `truncate_result`, `cap_error`), so callers need not sniff the value for the marker.
    truncated: bool = False
    #: The run's host worker, if its host work started one: its start and confinement layers
    #: (`RunScope.host_worker`: {"start_ms", "layers", "missing"}); None for a run with no host calls.
    host_worker: dict[str, Any] | None = None

    @classmethod
    def failure(cls, error: RunError | CordonError, **fields: Any) -> RunResult:
        """A failed result; a refusal is turned into its `RunError`."""
        return cls(ok=False, error=error if isinstance(error, RunError) else RunError.of(error), **fields)

    @classmethod
    def cancelled(cls) -> RunResult:
        """The run was cancelled (the one message, `core.errors.RunCancelled`)."""
        return cls.failure(RunCancelled())


#: What a cut result ends with (the reference's `truncate`).
TRUNCATED_SUFFIX = "\n...[truncated]"


def truncate_result(result: Any, limit: int) -> str:
    """The reference's shape for a result over `limit`: a string is cut to `limit` characters,
    anything else becomes its JSON text cut the same way; either ends with `TRUNCATED_SUFFIX`."""
    text = result if isinstance(result, str) else orjson.dumps(transport.to_public(result), default=str).decode()
    return text[:limit] + TRUNCATED_SUFFIX


def cap_error(error: RunError, limit: int) -> tuple[RunError, bool]:
    """`error` with its name and message each cut to `limit` characters (`maxOutputSize`) and marked
    like a cut result, and whether anything was cut: a thrown 20M-character string was 20 MB of `--json`."""
    if len(error.name) <= limit and len(error.message) <= limit:
        return error, False
    return replace(error, name=_cut(error.name, limit), message=_cut(error.message, limit)), True


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + TRUNCATED_SUFFIX
