"""console.*: captured log lines, capped by count and characters, one notice when cut."""

from __future__ import annotations

from core.bridges.base import Op, RunScope, Surface
from core.guest import surface_js

GUEST_JS = surface_js("console.js")


def _line(scope: RunScope, line: str) -> bool:
    """Record one line; returns False once the caps are reached (the guest stops sending)."""
    limits = scope.limits
    state = scope.state
    if state.get("console.cut"):
        return False
    used = state.get("console.chars", 0)
    if len(scope.logs) >= limits.maxConsoleLines or used + len(line) > limits.maxConsoleChars:
        state["console.cut"] = True
        notice = (
            f"… console output truncated: limit of {limits.maxConsoleLines} lines / "
            f"{limits.maxConsoleChars} characters reached (limits maxConsoleLines, maxConsoleChars)"
        )
        scope.logs.append(notice)
        if scope.on_log is not None:
            scope.on_log(notice)
        return False
    state["console.chars"] = used + len(line)
    scope.logs.append(line)
    if scope.on_log is not None:
        scope.on_log(line)
    return True


SURFACE = Surface("console", {"console.line": Op(_line, sync=True)}, GUEST_JS, ("console",))
