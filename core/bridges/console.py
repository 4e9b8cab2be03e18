"""console.*: captured log lines, capped by count and characters, one notice when cut."""

from __future__ import annotations

from core.bridges.base import Op, RunScope, Surface

GUEST_JS = r"""
  const levels = { log: "", info: "", debug: "", trace: "", dir: "", table: "", warn: "[warn] ", error: "[error] " };
  let open = true;
  function show(v, depth) {
    if (typeof v === "string") return depth ? JSON.stringify(v) : v;
    if (v === undefined) return "undefined";
    if (typeof v === "function") return "[Function " + (v.name || "anonymous") + "]";
    if (typeof v === "bigint") return String(v) + "n";
    if (typeof v === "symbol") return String(v);
    if (v instanceof Error) return v.stack ? v.name + ": " + v.message + "\n" + v.stack : v.name + ": " + v.message;
    if (v === null || typeof v !== "object") return String(v);
    try {
      const [json] = C.encode(v, true);
      return json.length > 4096 ? json.slice(0, 4096) + "…" : json;
    } catch (e) { return String(v); }
  }
  function emitLine(prefix, args) {
    if (!open) return;
    let line = prefix;
    for (let i = 0; i < args.length; i++) line += (i ? " " : "") + show(args[i], 0);
    open = C.callSync("console.line", line);
  }
  const console = {};
  for (const name of Object.keys(levels)) console[name] = (...args) => emitLine(levels[name], args);
  console.assert = (cond, ...args) => { if (!cond) emitLine("[error] Assertion failed: ", args); };
  C.define("console", Object.freeze(console));
"""


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
