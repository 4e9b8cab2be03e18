"""Timing helpers shared by the benchmark scripts (milliseconds, medians and p90s)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def timed(fn: Callable[[], Any], count: int, warmup: int = 0) -> list[float]:
    """Milliseconds per call of `fn`, over `count` calls after `warmup` unmeasured ones."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(count):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def stats(samples: list[float]) -> tuple[float, float]:
    """(median, p90) of samples."""
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
