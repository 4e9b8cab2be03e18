"""progress(percent, message?): fire-and-forget, rate-limited and capped on the host."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from core.bridges import declared
from core.bridges.base import Op, RunLocal, RunScope


@dataclass
class _Reports:
    """The run's delivered reports: when the last one went, and how many."""

    last: float = -math.inf
    count: int = 0


_REPORTS = RunLocal(lambda scope: _Reports())


def _progress(scope: RunScope, percent: float, message: str | None) -> None:
    """Deliver at most one report per interval and `maxProgressReports` per run; drop the rest."""
    if not math.isfinite(percent):
        return
    now = time.monotonic()
    reports = _REPORTS.of(scope)
    interval = scope.limits.progressIntervalMs / 1000
    if now - reports.last < interval:
        return
    if reports.count >= scope.limits.maxProgressReports:
        return
    reports.last = now
    reports.count += 1
    if scope.on_progress is not None:
        scope.on_progress(max(0.0, min(100.0, float(percent))), message)


SURFACE = declared("progress").surface({"progress": Op(_progress, sync=True)})
