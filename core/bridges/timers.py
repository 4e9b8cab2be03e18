"""sleep(ms), the only timer, and parallelMap, the bounded form of Promise.all.

Timer globals (setTimeout & co.) do not exist: their callbacks would run
outside the never-reject and abort-guard conventions every bridge follows.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass

from core.bridges import declared
from core.bridges.base import Op, RunLocal, RunScope
from core.errors import SandboxRefusal


@dataclass
class _CapNotice:
    """Whether the run was warned once that a sleep was capped."""

    given: bool = False


_CAPPED = RunLocal(lambda scope: _CapNotice())


#: Longest single sleep, as in the reference: a longer request sleeps this long, with one warning per run.
MAX_SLEEP_MS = 5000


async def _sleep(scope: RunScope, ms: float) -> None:
    if not isinstance(ms, (int, float)) or math.isnan(ms) or ms < 0:
        raise SandboxRefusal(
            f"sleep(ms) needs a non-negative number of milliseconds, got {ms!r}", rule="bad-argument", name="TypeError"
        )
    if ms > MAX_SLEEP_MS:
        notice = _CAPPED.of(scope)
        if not notice.given:
            notice.given = True
            shown = "Infinity" if math.isinf(ms) else f"{ms:g}"
            scope.warnings.append(
                f"sleep({shown}) was capped at {MAX_SLEEP_MS} ms: one sleep() lasts at most "
                f"{MAX_SLEEP_MS // 1000} s (call it again to wait longer)"
            )
        ms = MAX_SLEEP_MS
    await asyncio.sleep(ms / 1000)


SURFACE = declared("timers").surface({"sleep": Op(_sleep)})
