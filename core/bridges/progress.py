"""progress(percent, message?): fire-and-forget, rate-limited and capped on the host."""

from __future__ import annotations

import math
import time

from core.bridges.base import Op, RunScope, Surface
from core.guest import surface_js

GUEST_JS = surface_js("progress.js")


def _progress(scope: RunScope, percent: float, message: str | None) -> None:
    """Deliver at most one report per interval and `maxProgressReports` per run; drop the rest."""
    if not math.isfinite(percent):
        return
    now = time.monotonic()
    state = scope.state
    interval = scope.limits.progressIntervalMs / 1000
    if now - state.get("progress.last", -math.inf) < interval:
        return
    if state.get("progress.count", 0) >= scope.limits.maxProgressReports:
        return
    state["progress.last"] = now
    state["progress.count"] = state.get("progress.count", 0) + 1
    if scope.on_progress is not None:
        scope.on_progress(max(0.0, min(100.0, float(percent))), message)


SURFACE = Surface("progress", {"progress": Op(_progress, sync=True)}, GUEST_JS, ("progress",))
