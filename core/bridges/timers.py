"""sleep(ms), the only timer, and parallelMap, the bounded form of Promise.all.

Timer globals (setTimeout & co.) do not exist: their callbacks would run
outside the never-reject and abort-guard conventions every bridge follows.
"""

from __future__ import annotations

import asyncio
import math

from core.bridges.base import Op, RunScope, Surface
from core.errors import SandboxRefusal

GUEST_JS = r"""
  C.define("sleep", function sleep(ms) { return C.call("sleep", Number(ms)); });
  C.define("parallelMap", async function parallelMap(items, fn, concurrency = 5) {
    if (typeof fn !== "function") throw new TypeError("parallelMap(items, fn, concurrency): fn must be a function");
    const list = Array.from(items);
    const width = Math.max(1, Math.min(32, Math.floor(Number(concurrency)) || 1));
    const out = new Array(list.length);
    let next = 0, failed = false;
    async function worker() {
      while (!failed && next < list.length) {
        const i = next++;
        try { out[i] = await fn(list[i], i); } catch (e) { failed = true; throw e; }
      }
    }
    const workers = [];
    for (let w = 0; w < Math.min(width, list.length); w++) workers.push(worker());
    await Promise.all(workers);
    return out;
  });
"""


#: Longest single sleep, as in the reference: a longer request sleeps this long, with one warning per run.
MAX_SLEEP_MS = 5000


async def _sleep(scope: RunScope, ms: float) -> None:
    if not isinstance(ms, (int, float)) or math.isnan(ms) or ms < 0:
        raise SandboxRefusal(
            f"sleep(ms) needs a non-negative number of milliseconds, got {ms!r}", rule="bad-argument", name="TypeError"
        )
    if ms > MAX_SLEEP_MS:
        if not scope.state.get("sleep.capped"):
            scope.state["sleep.capped"] = True
            shown = "Infinity" if math.isinf(ms) else f"{ms:g}"
            scope.warnings.append(
                f"sleep({shown}) was capped at {MAX_SLEEP_MS} ms: one sleep() lasts at most "
                f"{MAX_SLEEP_MS // 1000} s (call it again to wait longer)"
            )
        ms = MAX_SLEEP_MS
    await asyncio.sleep(ms / 1000)


SURFACE = Surface("timers", {"sleep": Op(_sleep)}, GUEST_JS, ("sleep", "parallelMap"))
