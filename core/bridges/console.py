"""console.*: captured log lines, capped by count and characters, one notice when cut."""

from __future__ import annotations

from dataclasses import dataclass

from core.bridges import declared
from core.bridges.base import Op, RunLocal, RunScope


@dataclass
class _Budget:
    """What the run's console used: characters kept, and whether the cut notice went out."""

    chars: int = 0
    cut: bool = False


_BUDGET = RunLocal(lambda scope: _Budget())


def _line(scope: RunScope, line: str) -> bool:
    """Record one line; returns False once the caps are reached (the guest stops sending)."""
    limits = scope.limits
    budget = _BUDGET.of(scope)
    if budget.cut:
        return False
    if len(scope.logs) >= limits.maxConsoleLines or budget.chars + len(line) > limits.maxConsoleChars:
        budget.cut = True
        notice = (
            f"… console output truncated: limit of {limits.maxConsoleLines} lines / "
            f"{limits.maxConsoleChars} characters reached (limits maxConsoleLines, maxConsoleChars)"
        )
        scope.logs.append(notice)
        if scope.on_log is not None:
            scope.on_log(notice)
        return False
    budget.chars += len(line)
    scope.logs.append(line)
    if scope.on_log is not None:
        scope.on_log(line)
    return True


SURFACE = declared("console").surface({"console.line": Op(_line, sync=True)})
